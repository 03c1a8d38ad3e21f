"""The progress line: drawn only on a terminal, never in JSON mode, with honest figures."""

from __future__ import annotations

import io
import os
import threading
from pathlib import Path

import pytest

import muehle.analyzer.batch.progress as progress_module
from muehle.analyzer.batch.progress import FileProgress, Progress, count_lines, format_duration, format_status
from muehle.notation.reading.decode import file_lines


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def on_terminal(**options: object) -> tuple[Terminal, Clock, Progress]:
    """A progress display on a fake terminal, with a hand-moved clock."""
    stream, clock = Terminal(), Clock()
    return stream, clock, Progress(stream=stream, clock=clock, **options)  # type: ignore[arg-type]


def test_silent_on_a_pipe() -> None:
    stream = io.StringIO()
    clock = Clock()
    progress = Progress(total=100, stream=stream, clock=clock)
    for _ in range(50):
        clock.now += 1
        progress.advance(plies=10, done=1)
    progress.clear()
    assert stream.getvalue() == ""
    assert not progress.shown


def test_silent_when_quiet_even_on_a_terminal() -> None:
    stream, clock, progress = on_terminal(total=100, quiet=True)
    clock.now += 5
    progress.advance(plies=10)
    progress.draw()
    progress.clear()
    assert stream.getvalue() == ""


def test_counts_are_kept_when_silent() -> None:
    progress = Progress(stream=io.StringIO())
    progress.advance(plies=61)
    progress.advance(plies=19)
    progress.advance(plies=0, games=3)
    assert (progress.games, progress.plies) == (5, 80)


def test_draws_counts_rate_share_and_time_left_on_a_terminal() -> None:
    stream, clock, progress = on_terminal(total=1000)
    clock.now += 4.0
    # 2 games of 100 plies after 4 s: 50 plies/s; 400 of 1000 done -> 6 s more at this pace.
    progress.advance(plies=100, done=200)
    progress.advance(plies=100, done=400)
    progress.draw()
    line = stream.getvalue().split("\r")[-1]
    assert "checked 2 games, 200 plies" in line
    assert "50 plies/s" in line
    assert "40%" in line
    assert "0:06 left" in line


def test_no_time_left_without_a_total() -> None:
    stream, clock, progress = on_terminal()
    clock.now += 1.0
    progress.advance(plies=7, done=3)
    assert "checked 1 game, 7 plies" in stream.getvalue()
    assert "left" not in stream.getvalue() and "%" not in stream.getvalue()


def test_redraws_at_most_once_per_interval() -> None:
    stream, clock, progress = on_terminal(interval=0.5)
    clock.now += 0.6
    for _ in range(1000):  # no time passes: one redraw only
        progress.advance(plies=1)
    assert stream.getvalue().count("\r") == 1
    clock.now += 0.6
    progress.advance(plies=1)
    assert stream.getvalue().count("\r") == 2


def test_nothing_drawn_before_the_first_interval() -> None:
    stream, clock, progress = on_terminal(interval=0.5)
    progress.advance(plies=10)
    assert stream.getvalue() == ""


def test_clear_erases_the_line_and_a_shorter_line_covers_a_longer_one() -> None:
    stream, clock, progress = on_terminal(total=10)
    clock.now += 1
    progress.advance(plies=123456, done=1)
    first = stream.getvalue()
    assert first.startswith("\r") and first[1:].startswith("checked 1 game, 123,456 plies")
    clock.now += 1
    progress.total = None  # the next line is shorter: it is padded to cover the first
    progress.advance(plies=1)
    second = stream.getvalue()[len(first):]
    assert second.startswith("\rchecked 2 games") and len(second) == len(first)
    with progress:
        pass
    erased = stream.getvalue()[len(first) + len(second):]
    # Blanks over every visible character of the last line, then back to column 1.
    assert erased == "\r" + " " * (len(second.rstrip(" ")) - 1) + "\r"
    progress.clear()  # twice is harmless: nothing more is written
    assert stream.getvalue().endswith(erased) and len(stream.getvalue()) == len(first) * 2 + len(erased)


def test_a_broken_terminal_stops_the_display_without_an_error() -> None:
    class Broken(Terminal):
        def write(self, text: str) -> int:
            raise OSError("gone")

    clock = Clock()
    progress = Progress(stream=Broken(), clock=clock)
    clock.now += 1
    progress.advance(plies=5)
    assert not progress.shown
    progress.clear()


def test_line_fits_the_terminal_width(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    monkeypatch.setattr("shutil.get_terminal_size", lambda fallback=(80, 24): os.terminal_size((30, 24)))
    stream, clock, progress = on_terminal(total=4)
    clock.now += 1
    progress.advance(plies=99999, done=1)
    assert len(stream.getvalue()) == 1 + 29


@pytest.mark.parametrize(
    "seconds, text",
    [(0, "0:00"), (0.1, "0:01"), (59, "0:59"), (60, "1:00"), (3599, "59:59"), (3600, "1:00:00"),
     (36061, "10:01:01")],
)
def test_format_duration(seconds: float, text: str) -> None:
    assert format_duration(seconds) == text


def test_format_status_time_left_is_proportional() -> None:
    # A quarter done in 30 s: three quarters left at the same pace take 90 s.
    assert format_status(10, 1000, elapsed=30, fraction=0.25).endswith("25%  1:30 left")
    # Finished: no time left shown; more than all is shown as all.
    assert format_status(10, 1000, elapsed=30, fraction=1.2).endswith("100%")


def test_count_lines(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_bytes(b"1. d2 d6\n\n2. f2 f6\n")
    (tmp_path / "b.txt").write_bytes(b"1. d2 d6\r\n*")  # CRLF, and no line end at the end
    (tmp_path / "c.txt").write_bytes(b"")
    (tmp_path / "d.txt").write_bytes(b"x\n" * 700_000)  # more than one block of 1 MiB
    (tmp_path / "e.txt").write_bytes(b"1. d2 d6\r2. f2 f6\r\r*\r")  # CR alone: four lines
    (tmp_path / "f.txt").write_bytes(b"x" * ((1 << 20) - 1) + b"\r\ny")  # a CRLF across two blocks
    (tmp_path / "g.txt").write_bytes(b"\xef\xbb\xbf")  # a byte order mark alone: no line
    (tmp_path / "h.txt").write_bytes(b"\xef\xbb\xbf1. d2\n")
    expected = {"a.txt": 3, "b.txt": 2, "c.txt": 0, "d.txt": 700_000, "e.txt": 4, "f.txt": 2, "g.txt": 0, "h.txt": 1}
    for name, lines in expected.items():
        assert count_lines(str(tmp_path / name)) == lines, name
        assert len(list(file_lines(tmp_path / name, name))) == lines, name  # the lines the reader reads
    assert count_lines(str(tmp_path / "missing.txt")) == 0
    assert count_lines("-") == 0


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_count_lines_leaves_a_pipe_unread(tmp_path: Path) -> None:
    """A pipe (``<(zcat ...)``, a FIFO) can be read once only: counting its lines for the progress
    line would leave nothing for the command. It counts 0 and is not opened (opening a FIFO nobody
    writes would wait for ever)."""
    fifo = tmp_path / "games.fifo"
    os.mkfifo(fifo)
    counted: list[int] = []
    counter = threading.Thread(target=lambda: counted.append(count_lines(str(fifo))), daemon=True)
    counter.start()
    counter.join(10)
    assert counted == [0]


def test_file_progress_measures_the_share_done_in_lines(tmp_path: Path) -> None:
    first, second = tmp_path / "first.txt", tmp_path / "second.txt"
    first.write_text("x\n" * 10)
    second.write_text("x\n" * 40)
    stream = Terminal()
    clock = Clock()
    progress = FileProgress([str(first), "-", str(second)], stream=stream, clock=clock,
                            source_names=lambda name: "<stdin>" if name == "-" else name)
    assert progress.total == 50
    clock.now += 2
    # A game starting on line 11 of the second file: 10 + 11 of 50 lines are behind us.
    progress.game(str(second), line=11, plies=30)
    assert "checked 1 game, 30 plies" in stream.getvalue()
    assert "42%" in stream.getvalue()
    # 2 s for 42%: the remaining 58% take 2 * 0.58 / 0.42 = 2.76 s, shown rounded up.
    assert "0:03 left" in stream.getvalue()
    progress.game("<stdin>", line=0, plies=5)  # a line not known: the share stays
    assert progress.done == 21 and progress.plies == 35


def test_file_progress_counts_no_lines_when_not_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(name: str) -> int:
        raise AssertionError("lines counted although nothing is shown")

    monkeypatch.setattr(progress_module, "count_lines", refuse)
    progress = FileProgress(["a.txt"], stream=io.StringIO())
    assert progress.total is None
    quiet = FileProgress(["a.txt"], stream=Terminal(), quiet=True)
    assert quiet.total is None
    with pytest.raises(AssertionError, match="lines counted"):  # (shown, they are counted)
        FileProgress(["a.txt"], stream=Terminal())


def test_the_line_names_no_file_so_no_control_character_of_a_name_reaches_the_terminal(tmp_path: Path) -> None:
    """The line holds counts only: a file named with ESC, BEL and a line break (a window title
    to set) is counted, and nothing but the carriage returns of the redrawing is a control."""
    hostile = tmp_path / "a\x1b]0;title\x07\nb.txt"
    hostile.write_text("1. d2 d6 *\n", encoding="utf-8")
    stream, clock = Terminal(), Clock()
    progress = FileProgress([str(hostile)], stream=stream, clock=clock)
    clock.now += 1
    progress.game(str(hostile), line=1, plies=2)
    progress.clear()
    drawn = stream.getvalue()
    assert "checked 1 game, 2 plies" in drawn and "100%" in drawn
    assert "title" not in drawn and not set(drawn) & {"\x1b", "\x07", "\n"}
