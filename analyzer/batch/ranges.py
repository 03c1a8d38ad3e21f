"""Cutting a file of records into byte ranges that can be read and judged on their own.

A range starts where a game surely starts, whatever came before
(:func:`~muehle.notation.reading.splitter.safe_cut`, the splitter's own rule), so the games
of a range are those the serial reader finds there. The ranges are found cheaply:
from the start of a range, the file is looked at in small windows from about
``size`` bytes further on up to the first safe boundary; the bytes in between are
only counted for their line breaks (a range's first line number is that of the
serial reader). Whoever judges a range reads it from the file itself
(:func:`range_lines`), so only offsets travel.

>>> import io
>>> text = b'1. d2 d6 1-0\\n\\n[Event "b"]\\n1. f4 *\\n\\n[Event "c"]\\n1. a1 *\\n'
>>> [(r.start, r.end, r.first_line) for r in file_ranges(io.BytesIO(text), "t.txt", "t.txt", 8)]
[(0, 14, 1), (14, 35, 3), (35, 55, 6)]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import BinaryIO, Callable, Iterator, Optional, Union

from muehle.notation.reading.decode import Lines, line_break_count, stream_lines
from muehle.notation.reading.splitter import safe_cut

#: How much of a file is looked at at once when a boundary is sought.
WINDOW_BYTES = 64 * 1024

#: How far before the place a boundary is sought from the file is read (for the lines before it).
LOOK_BACK_BYTES = 4096

#: How many bytes are read at once where a range's line breaks are counted.
COUNT_BYTES = 1 << 20

#: How much of a range is read at once by :func:`range_lines` (a worker holds the lines of one
#: such block while it judges their games; 1 MB blocks made a worker's peak memory 5 MB larger).
READ_BYTES = 256 << 10


@dataclass(frozen=True)
class Range:
    """Bytes ``start`` to ``end`` of the file at ``path`` (named ``source`` in reports), its first line
    ``first_line``; ``ends_text``: it runs to the end of the file. Small: this is what a worker is sent."""

    path: str
    source: str
    start: int
    end: int
    first_line: int
    ends_text: bool

    @property
    def size(self) -> int:
        return self.end - self.start


def next_cut(handle: BinaryIO, at: int, limit: int) -> Optional[int]:
    """The first safe game boundary at or after offset ``at`` that is found before ``limit``, or ``None``.

    The file is read in windows of :data:`WINDOW_BYTES` from the first line start after
    ``at - LOOK_BACK_BYTES`` (a line cut in the middle could hide the ``{`` or ``;`` that
    makes its result no result). A boundary whose lines before it are longer than that
    may be passed over: that only makes a range longer.

    >>> import io
    >>> data = io.BytesIO(b'1. d2 *\\n\\n[Event "a"]\\n1. f4 *\\n\\n[Event "b"]\\n')
    >>> next_cut(data, 0, 40), next_cut(data, 3, 40), next_cut(data, 10, 40), next_cut(data, 10, 30)
    (9, 9, 30, None)
    """
    origin = max(at - LOOK_BACK_BYTES, 0)  # (the lines before a boundary at ``at`` decide it)
    handle.seek(origin)
    buffer = b""
    aligned = origin == 0  # whether ``buffer`` starts at the start of a line
    while True:
        block = handle.read(WINDOW_BYTES)
        if not block:
            return None
        if not aligned:
            first_break = block.find(b"\n")
            if first_break < 0:  # (in a line longer than a window)
                if handle.tell() >= limit:
                    return None
                continue
            block, aligned = block[first_break + 1:], True
        buffer += block
        begin = handle.tell() - len(buffer)  # where ``buffer`` starts in the file
        cut = safe_cut(buffer, max(at - begin, 0))
        if cut is not None:
            return begin + cut if begin + cut < limit else None
        if begin >= limit:
            return None
        keep = _context_start(buffer)
        if keep:
            buffer = buffer[keep:]
        elif len(buffer) > 4 * WINDOW_BYTES:  # (lines longer than that: start again after them)
            buffer, aligned = b"", False


def _context_start(data: bytes) -> int:
    """Where the lines start that decide a boundary at the start of the last line of ``data``
    (which the next block may complete): the last line, the blank lines before it, and the
    line before those.

    >>> _context_start(b'x\\n1. d2 *\\n\\n[Ev'), _context_start(b'x\\n1. d2 *\\n\\n'), _context_start(b'\\n\\n[E')
    (2, 2, 0)
    """
    end = data.rfind(b"\n") + 1  # the start of the last line
    while end > 0:
        start = data.rfind(b"\n", 0, end - 1) + 1
        if data[start:end - 1].strip(b" \t\r"):
            return start
        end = start
    return 0


def count_line_breaks(handle: BinaryIO, start: int, end: int) -> int:
    """How many line breaks bytes ``start`` to ``end`` of ``handle`` hold (LF, CRLF, a CR alone:
    one each), read in blocks of :data:`COUNT_BYTES`. ``start`` must not split a CRLF.

    >>> import io
    >>> count_line_breaks(io.BytesIO(b"a\\r\\nb\\rc\\n\\nd"), 0, 9), count_line_breaks(io.BytesIO(b"a\\r\\nb"), 2, 4)
    (4, 1)
    """
    handle.seek(start)
    count = 0
    left = end - start
    carry_cr = False
    while left > 0:
        block = handle.read(min(COUNT_BYTES, left))
        if not block:
            break
        left -= len(block)
        count += line_break_count(block)
        if carry_cr and block[:1] == b"\n":
            count -= 1  # a CRLF split between two blocks is one line break
        carry_cr = block[-1:] == b"\r"
    return count


def range_size(left: int, jobs: int, smallest: int, largest: int, per_job: int) -> int:
    """How long the next range should be for ``jobs`` processes when ``left`` bytes of the file
    are still to cut: a ``per_job``-th of each process's share, within ``smallest`` and
    ``largest``. The ranges shrink as the end of the file nears, so that no process is
    still at a long range while the others have nothing left to do.

    >>> range_size(100_000_000, 2, 64 << 10, 2 << 20, 8), range_size(10_000_000, 2, 64 << 10, 2 << 20, 8)
    (2097152, 625000)
    >>> range_size(1000, 2, 64 << 10, 2 << 20, 8)
    65536
    """
    return min(largest, max(smallest, -(-left // (jobs * per_job))))


def file_ranges(handle: BinaryIO, path: str, source: str,
                size: Union[int, Callable[[int], int]]) -> Iterator[Range]:
    """The ranges of the file at ``path`` (open as ``handle``), each at least ``size`` bytes
    where a safe boundary allows, in file order; they cover the file without gaps.
    ``size`` is a number of bytes, or a function of the bytes left to cut that gives it
    (ranges that shrink toward the end of the file, so that the workers end together:
    :func:`range_size`).

    A range ends at the first safe boundary found from ``size`` bytes after its start;
    where there is none up to the next ``size`` bytes, it goes on from there (so the
    file is looked at once at most, window by window).

    >>> import io
    >>> text = b"".join(b'[Event "%d"]\\n1. d2 *\\n\\n' % n for n in range(10))  # 10 games of 21 bytes
    >>> [r.size for r in file_ranges(io.BytesIO(text), "t", "t", lambda left: max(left // 3, 20))]
    [84, 42, 42, 21, 21]
    """
    handle.seek(0, 2)
    file_size = handle.tell()
    size_for = size if callable(size) else (lambda left, fixed=size: fixed)
    start, line = 0, 1
    while start < file_size:
        cut = None
        length = size_for(file_size - start)
        target = start + length
        while cut is None and target < file_size:
            cut = next_cut(handle, target, min(target + length, file_size))
            target += length
        end = file_size if cut is None else cut
        yield Range(path, source, start, end, line, end >= file_size)
        if end < file_size:
            line += count_line_breaks(handle, start, end)
        start = end


class _Stretch:
    """A binary stream of bytes ``start`` to ``end`` of ``handle`` (for :func:`stream_lines`), read
    :data:`READ_BYTES` at most at a time."""

    def __init__(self, handle: BinaryIO, start: int, end: int) -> None:
        handle.seek(start)
        self.handle, self.left = handle, end - start

    def read(self, size: int = -1) -> bytes:
        most = min(self.left, READ_BYTES)
        if size < 0 or size > most:
            size = most
        data = self.handle.read(size)
        self.left -= len(data)
        return data


def range_lines(handle: BinaryIO, piece: Range, lenient: bool = True) -> Lines:
    """The lines of ``piece`` as the serial reader reads them, read from ``handle`` in blocks of
    :data:`READ_BYTES` (memory does not grow with the range); the first is line ``piece.first_line``."""
    stretch = _Stretch(handle, piece.start, piece.end)
    return stream_lines(stretch, piece.source, piece.first_line, lenient=lenient)  # type: ignore[arg-type]
