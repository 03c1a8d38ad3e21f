"""A pipe given by name (``muehle validate <(zcat games.txt.gz)``, a FIFO) is read once, as it comes,
and reads as the same text in a file does: a short one (its whole text in the first 64 KB the reader
looks at to know its format) in lines too, and on a terminal too, where the progress line counts the
lines of the files named but must leave a pipe to the command."""

from __future__ import annotations

import functools
import importlib
import json
import os
import threading
from pathlib import Path
from typing import Iterator

import pytest

from muehle.notation.reading.decode import stream_lines
from paths import ROOT
from runner import run

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")

BOOK = (ROOT / "examples" / "schuermann-book-game.txt").read_text(encoding="utf-8")


def test_the_lines_of_a_stream_held_whole_in_its_head(tmp_path: Path) -> None:
    """The first bytes of a pipe are read ahead (the head) to know its format: when they hold the
    whole text, its lines are still lines, with each line end (LF, CRLF, CR) and a last line without one."""
    empty = tmp_path / "empty"
    empty.write_bytes(b"")
    with open(empty, "rb") as handle:
        head = b'\xef\xbb\xbf[Event "x"]\r\n\r\n1. b4 d6\r2. f4 *'
        assert list(stream_lines(handle, "<pipe>", head=head)) == ['[Event "x"]', "", "1. b4 d6", "2. f4 *"]
    with open(empty, "rb") as handle:
        assert list(stream_lines(handle, "<pipe>", head=b"1. b4\n")) == ["1. b4"]


@pytest.fixture
def pipe(tmp_path: Path) -> Iterator[str]:
    """A FIFO that one writer fills with the book's game (about 1 KB, with its tags on lines of their own)."""
    fifo = tmp_path / "book.fifo"
    os.mkfifo(fifo)
    writer = threading.Thread(target=fifo.write_text, args=(BOOK,), kwargs={"encoding": "utf-8"}, daemon=True)
    writer.start()
    yield str(fifo)
    writer.join(10)  # (the command read it: the writer ends as soon as it has closed the pipe)
    if writer.is_alive():  # (a command that never opened it: the writer still waits for a reader)
        reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # (never waits, unlike a blocking open)
        try:
            writer.join(10)  # (it opens now, writes the game into the pipe's buffer and ends)
        finally:
            os.close(reader)


def test_validate_reads_a_short_pipe(pipe: str) -> None:
    result = run("validate", pipe)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "1 game, 1 valid, 0 invalid"


def test_convert_reads_a_short_pipe(pipe: str) -> None:
    result = run("convert", "--to", "json", pipe)
    assert result.exit_code == 0, result.output
    (game,) = json.loads(result.stdout)["games"]
    assert game["tags"]["Event"] == "Lehrpartie" and game["result"] == "1-0"


@pytest.mark.parametrize("command", ["validate", "stats", "select", "convert"])
def test_on_a_terminal_the_progress_leaves_the_pipe_to_the_command(monkeypatch: pytest.MonkeyPatch, pipe: str,
                                                                   command: str) -> None:
    import muehle.analyzer.batch.progress as progress_module

    module = importlib.import_module(f"muehle.analyzer.cli.{command}")
    monkeypatch.setattr(progress_module, "is_terminal", lambda stream: True)
    monkeypatch.setattr(module, "FileProgress", functools.partial(progress_module.FileProgress, interval=0))
    arguments = ["--to", "json"] if command == "convert" else ["--format", "json"] if command == "stats" else []
    result = run(command, *arguments, pipe)
    assert result.exit_code == 0, result.output
    if command == "validate":
        assert result.stdout.splitlines()[-1] == "1 game, 1 valid, 0 invalid"
    elif command == "stats":
        assert json.loads(result.stdout)["games"] == 1
    elif command == "select":
        assert result.stdout.startswith('[Event "Lehrpartie"]') and "1 of 1 game selected" in result.stderr
    else:
        assert len(json.loads(result.stdout)["games"]) == 1
