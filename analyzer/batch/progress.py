"""Progress of a long run on standard error: games and plies checked, rate, time left.

The line is drawn only when the stream is a terminal and the command was not asked
for machine-readable output; on a pipe or a file :class:`Progress` writes nothing,
so redirected output stays byte-for-byte what the command produced. The line is
redrawn in place (carriage return, no escape sequences) at most a few times a
second, so counting costs next to nothing per game.

>>> format_status(1204, 98311, elapsed=2.0, fraction=0.25)
'checked 1,204 games, 98,311 plies  49,156 plies/s  25%  0:06 left'
>>> format_duration(3725)
'1:02:05'
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from typing import Any, Callable, Iterable, Optional, TextIO, TypeVar

from muehle.analyzer.pictures.style import is_terminal
from muehle.notation.reading.decode import BOM
from muehle.notation.reading.inputs import regular_file, source_name
from muehle.notation.text.i18n import N_, _, ngettext

_Self = TypeVar("_Self", bound="Progress")


def format_duration(seconds: float) -> str:
    """``m:ss`` below an hour, ``h:mm:ss`` above, rounded up to whole seconds.

    >>> format_duration(0), format_duration(59.2), format_duration(61)
    ('0:00', '1:00', '1:01')
    """
    whole = int(-(-seconds // 1)) if seconds > 0 else 0
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


def format_status(games: int, plies: int, elapsed: float, fraction: Optional[float] = None,
                  verb: str = N_("checked")) -> str:
    """The progress line: counts (of games ``verb``: checked, converted, ...), plies per second,
    and, when the share done is known, time left.

    >>> format_status(3, 150, elapsed=0.0)
    'checked 3 games, 150 plies'
    >>> format_status(1, 40, elapsed=4.0, fraction=1.0, verb="converted")
    'converted 1 game, 40 plies  10 plies/s  100%'
    """
    text = ngettext("{verb} {games} game, {plies} plies", "{verb} {games} games, {plies} plies", games).format(
        verb=_(verb), games=f"{games:,}", plies=f"{plies:,}")
    if elapsed > 0:
        text += f"  {plies / elapsed:,.0f} plies/s"
    if fraction is not None:
        fraction = min(max(fraction, 0.0), 1.0)
        text += f"  {fraction:.0%}"
        if 0 < fraction < 1 and elapsed > 0:
            text += f"  {format_duration(elapsed * (1 - fraction) / fraction)} left"
    return text


class Progress:
    """Counts games and plies and shows them on a terminal while a long run goes on.

    ``total`` is the size of the whole job in any unit (bytes of input, games, ...);
    the ``done`` passed to :meth:`advance` is in the same unit, and with both the line
    shows the share done and the time left. ``quiet`` switches the display off (for
    ``--format json``); it is off anyway when ``stream`` (default: standard error) is
    not a terminal. ``verb`` says what is done to the games (``checked``, ``converted``, ...). The counters :attr:`games` and :attr:`plies` are kept either way,
    so a run stopped by Ctrl-C can report what it checked.

    >>> import io
    >>> progress = Progress(total=10, stream=io.StringIO())   # not a terminal: silent
    >>> progress.advance(plies=40, done=5)
    >>> progress.games, progress.plies, progress.shown
    (1, 40, False)
    """

    def __init__(
        self,
        total: Optional[float] = None,
        *,
        stream: Optional[TextIO] = None,
        quiet: bool = False,
        interval: float = 0.2,
        clock: Callable[[], float] = time.monotonic,
        verb: str = N_("checked"),
    ) -> None:
        self.total = total
        self.verb = verb
        self.stream: TextIO = stream if stream is not None else sys.stderr
        self.shown = not quiet and is_terminal(self.stream)
        self.interval = interval
        self.games = 0
        self.plies = 0
        self.done: Optional[float] = None
        self._clock = clock
        self._start = clock()
        self._next_draw = self._start + interval
        self._drawn = 0  # length of the line now on the terminal

    @property
    def elapsed(self) -> float:
        """Seconds since the run started."""
        return self._clock() - self._start

    def advance(self, plies: int = 0, games: int = 1, done: Optional[float] = None) -> None:
        """Count ``games`` more games with ``plies`` plies; ``done`` is the work done so far."""
        self.games += games
        self.plies += plies
        if done is not None:
            self.done = done
        if self.shown:
            now = self._clock()
            if now >= self._next_draw:
                self._next_draw = now + self.interval
                self.draw()

    def status(self) -> str:
        """The line as it would be drawn now."""
        fraction = None
        if self.total and self.done is not None:
            fraction = self.done / self.total
        return format_status(self.games, self.plies, self.elapsed, fraction, self.verb)

    def draw(self) -> None:
        """Redraw the line in place (only on a terminal)."""
        if not self.shown:
            return
        width = max(shutil.get_terminal_size(fallback=(80, 24)).columns - 1, 10)
        text = self.status()[:width]
        self._write("\r" + text.ljust(self._drawn))
        self._drawn = len(text)

    def clear(self) -> None:
        """Erase the line, leaving the terminal as it was (before other output, and at the end).

        The next :meth:`advance` draws it again; clearing twice is harmless.
        """
        if self.shown and self._drawn:
            self._write("\r" + " " * self._drawn + "\r")
        self._drawn = 0

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # the terminal went away: stop drawing
            self.shown = False

    def __enter__(self: _Self) -> _Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.clear()


def count_lines(name: str) -> int:
    """The number of lines of a file, read in blocks; 0 for ``-``, for what is not a regular file
    (a pipe such as ``<(zcat ...)`` or a FIFO can be read once only: the command reads it) or a file
    that cannot be read.

    Lines end as the reader of files ends them (:func:`~muehle.notation.reading.decode.file_lines`):
    with LF, CRLF or a CR alone.
    """
    if name == "-" or not regular_file(name):
        return 0
    from muehle.analyzer.batch.ranges import count_line_breaks  # (start-up: only where the line is shown)

    try:
        with open(name, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            start = len(BOM) if handle.read(len(BOM)) == BOM else 0  # (a byte order mark is not a line)
            if size <= start:
                return 0
            breaks = count_line_breaks(handle, start, size)
            handle.seek(size - 1)
            return breaks + (handle.read(1) not in (b"\n", b"\r"))  # (a last line without its line break)
    except OSError:
        return 0


class FileProgress(Progress):
    """Progress over the games of some files: the share done is measured in lines.

    The lines of the files are counted only when the line is shown (on a terminal),
    so a run into a pipe pays nothing for them. :meth:`game` takes a checked game
    by the name of its source (each file named by ``source_names``: ``<stdin>`` for ``-``) and the line
    it starts on.

    >>> import io
    >>> progress = FileProgress(["a.txt", "-"], stream=io.StringIO())
    >>> progress.game("a.txt", line=1, plies=61)
    >>> progress.games, progress.plies, progress.total
    (1, 61, None)
    """

    def __init__(self, names: Iterable[str], *, source_names: Callable[[str], str] = source_name,
                 **options: Any) -> None:
        super().__init__(None, **options)
        self._offsets: dict[str, int] = {}
        if self.shown:
            offset = 0
            for name in names:
                self._offsets.setdefault(source_names(name), offset)
                offset += count_lines(name)
            self.total = offset or None

    def game(self, source: str, line: int, plies: int) -> None:
        """Count a checked game of ``source`` that starts on ``line`` (0: unknown)."""
        done = self._offsets.get(source, 0) + line if line else None
        self.advance(plies=plies, done=done)
