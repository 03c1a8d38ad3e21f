"""Bytes to lines of text: the one place that decodes what muehle reads.

UTF-8 with or without a byte order mark; LF, CRLF or a CR alone end a line; a
file is read in blocks of whole lines (memory does not grow with it). Bytes that
are not UTF-8 are an error located at their line and column (code ``io``), a
UTF-16 file (known by its byte order mark) is named as such; read leniently, a
line that is not UTF-8 is an :class:`UndecodedLine` that carries its error, and
the game that holds it gets that error.

>>> list(byte_lines(b"\\xef\\xbb\\xbf1. b4\\r\\n1... d6\\r2. f4", "t"))
['1. b4', '1... d6', '2. f4']
"""

from __future__ import annotations

import io
import os
from collections import deque
from functools import partial
from itertools import chain
from typing import BinaryIO, Callable, Iterator, Optional

from muehle.notation.text.errors import MuehleError, cannot_read, shortened
from muehle.notation.text.i18n import _

__all__ = ["BOM", "Lines", "UndecodedLine", "byte_lines", "decoded_text", "file_lines", "line_break_count",
           "opened", "stream_lines", "text_lines"]


def text_lines(text: str) -> list[str]:
    """The lines of a text without line breaks (LF, CRLF or a CR alone) and without a leading BOM.

    >>> text_lines("\\ufeff1. b4\\r\\n1... d6\\r2. f4")
    ['1. b4', '1... d6', '2. f4']
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    return _with_lf(text).split("\n")


def _with_lf(text: str) -> str:
    """``text`` with every line break (CRLF, or a CR alone) an LF."""
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


class Lines:
    """The lines of one file, stream or piece of a file as read, an iterator; ``undecoded``
    holds those of them read so far that are not UTF-8 (with ``lenient``), in order.

    :func:`read_lines` gives each game that holds one of those the error of its first.
    """

    def __init__(self, read: Callable[[deque[UndecodedLine]], Iterator[str]]) -> None:
        self.undecoded: deque[UndecodedLine] = deque()
        self._lines = read(self.undecoded)

    def __iter__(self) -> Iterator[str]:
        return self._lines  # (the lines themselves: no call per line)

    def __next__(self) -> str:
        return next(self._lines)


def file_lines(path: str | os.PathLike[str], source: str, lenient: bool = False) -> Lines:
    """The lines of a UTF-8 file (with or without BOM; LF, CRLF or CR line ends), without line breaks.

    The file is read in blocks of whole lines, so memory does not grow with it. A
    line that is not UTF-8 raises :class:`MuehleError`; with ``lenient`` it is an
    :class:`UndecodedLine` instead, which makes an error of the game that holds it.
    """
    return Lines(partial(_file_lines, path, source, lenient))


def _file_lines(path: str | os.PathLike[str], source: str, lenient: bool, undecoded: deque[UndecodedLine]
                ) -> Iterator[str]:
    with opened(path, source) as handle:
        yield from _stream_lines(handle, source, 1, b"", lenient, undecoded)


def opened(path: str | os.PathLike[str], source: str) -> BinaryIO:
    """The file ``path`` opened to read its bytes; one that cannot be opened raises :class:`MuehleError`
    (code ``io``)."""
    try:
        return open(path, "rb")
    except OSError as error:
        raise MuehleError(cannot_read(os.fspath(path), error), source=shortened(source), code="io") from None


def stream_lines(handle: BinaryIO, source: str, first_line: int = 1, head: bytes = b"",
                 lenient: bool = False) -> Lines:
    """The lines of a binary stream of UTF-8 text, as :func:`file_lines` reads them.

    ``head`` is read before the stream; its first line is line ``first_line`` of ``source``.
    """
    return Lines(partial(_stream_lines, handle, source, first_line, head, lenient))


def _stream_lines(handle: BinaryIO, source: str, first_line: int, head: bytes, lenient: bool,
                  undecoded: deque[UndecodedLine]) -> Iterator[str]:
    number = first_line
    rest = b""
    for block in chain((head,), iter(partial(handle.read, _BLOCK_BYTES), b"")):  # (the head's lines too)
        data = rest + block
        # a CR that ends the data may be the first half of a CRLF: it waits for the next block
        end = max(data.rfind(b"\n"), data.rfind(b"\r", 0, len(data) - 1)) + 1
        rest = data[end:]
        if end:
            yield from _block_lines(data[:end], number, source, lenient, undecoded)
            number += line_break_count(data, 0, end)
    if rest and not (number == 1 and rest == BOM):  # a last line without its line break
        yield _decoded_line(rest, number, source, lenient, undecoded)


#: How much of a file :func:`file_lines` reads at once.
_BLOCK_BYTES = 1 << 20

#: The byte order mark in UTF-8, which may open a file (and is not part of its first line).
BOM = b"\xef\xbb\xbf"


def line_break_count(data: bytes, start: int = 0, end: Optional[int] = None) -> int:
    """How many line breaks ``data[start:end]`` holds: an LF, a CRLF and a CR alone are one each.

    >>> line_break_count(b"a\\nb\\r\\nc\\rd\\r")
    4
    """
    if end is None:
        end = len(data)
    breaks = data.count(b"\n", start, end)
    returns = data.count(b"\r", start, end)
    return breaks + returns - data.count(b"\r\n", start, end) if returns else breaks


def byte_lines(data: bytes, source: str, first_line: int = 1, lenient: bool = False) -> Lines:
    """The lines of a piece of a UTF-8 file that starts at line ``first_line``, as :func:`file_lines` reads them.

    >>> list(byte_lines(b"1. b4\\r\\n1... d6\\r2. f4", "t", 7))
    ['1. b4', '1... d6', '2. f4']
    """
    return stream_lines(io.BytesIO(data), source, first_line, lenient=lenient)


def _block_lines(data: bytes, number: int, source: str, lenient: bool, undecoded: deque[UndecodedLine]
                 ) -> Iterator[str]:
    """The lines of ``data`` (whole lines, each ending with its line break), the first being line ``number``."""
    try:
        text = (data[3:] if number == 1 and data.startswith(BOM) else data).decode("utf-8")
    except UnicodeDecodeError:  # line by line, to say where
        for offset, raw in enumerate(data.replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n")[:-1]):
            yield _decoded_line(raw, number + offset, source, lenient, undecoded)
        return
    lines = _with_lf(text).split("\n")
    lines.pop()  # what follows the last line break: nothing
    yield from lines


class UndecodedLine(str):
    """A line that is not UTF-8, read with U+FFFD for its bad bytes; ``error`` says where the
    first is. The game that holds it gets that error (see :func:`file_lines`)."""

    error: MuehleError


def _decoded_line(raw: bytes, number: int, source: str, lenient: bool, undecoded: deque[UndecodedLine]) -> str:
    """Line ``number`` of a file as read in binary (without its line break, but for the CR that ends a
    file), as text (with ``lenient``, a line that is not UTF-8 is an :class:`UndecodedLine`, added to
    ``undecoded``)."""
    if number == 1 and raw.startswith(BOM):
        raw = raw[3:]
    if raw.endswith(b"\r"):
        raw = raw[:-1]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        utf16 = number == 1 and raw[:2] in (b"\xff\xfe", b"\xfe\xff")
        problem = MuehleError(
            _("not UTF-8 text: this is UTF-16 (its byte order mark {mark}); save it as UTF-8").format(
                mark="0x%02x 0x%02x" % tuple(raw[:2]))
            if utf16 else _("not UTF-8 text (byte {byte})").format(byte=f"0x{raw[error.start]:02x}"), source=source,
            line=number,
            column=len(raw[: error.start].decode("utf-8", "replace")) + 1, code="io",
        )
        if not lenient or utf16:
            raise problem from None
        line = UndecodedLine(raw.decode("utf-8", "replace"))
        line.error = problem
        undecoded.append(line)
        return line


def decoded_text(data: bytes, source: str) -> str:
    """``data`` as UTF-8 text (a BOM dropped); bytes that are not UTF-8 raise :class:`MuehleError`
    (code ``io``) at the line and column of the first, as the reader of files says.

    >>> decoded_text(b"1. b4\\n1... \\xff", "g.txt")
    Traceback (most recent call last):
    ...
    muehle.notation.text.errors.MuehleError: g.txt:2:6: error: not UTF-8 text (byte 0xff)
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        # the reader of files says where, line and column in characters (error path only)
        for _line in byte_lines(data, source):
            pass
        raise MuehleError(_("not UTF-8 text (byte {byte})").format(byte=error.start), source=source, code="io") from None
