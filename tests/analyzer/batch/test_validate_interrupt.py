"""Ctrl-C during a long ``muehle validate``: a clean stop, what was checked is reported whole."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from muehle.analyzer.engine.rules import load_ruleset
from muehle.analyzer.play.generate import generate_games
from muehle.notation.writing.writers import write_notation

MUEHLE = Path(sys.executable).parent / "muehle"


def games_file(tmp_path_factory: pytest.TempPathFactory, name: str, copies: int) -> Path:
    """A file of 50 random games written ``copies`` times over."""
    text = write_notation(list(generate_games(load_ruleset("wmd"), seed=7, count=50)))
    path = tmp_path_factory.mktemp(name) / f"{name}.txt"
    path.write_text((text + "\n\n") * copies, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def long_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Far more games than can be checked before the interrupt arrives."""
    return games_file(tmp_path_factory, "long", 400)


@pytest.mark.skipif(not MUEHLE.exists(), reason="the muehle command is not installed beside this Python")
@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("sent, word, status", [
    (signal.SIGINT, "interrupted", 130),  # Ctrl-C
    (signal.SIGTERM, "terminated", 143),  # timeout, kill, a job scheduler
])
def test_a_stop_signal_closes_the_json_report_and_exits_with_its_status(
        long_file: Path, jobs: str, sent: int, word: str, status: int) -> None:
    process = subprocess.Popen(
        [str(MUEHLE), "validate", "--format", "json", "--jobs", jobs, str(long_file)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert process.stdout is not None and process.stderr is not None
    head = process.stdout.readline() + process.stdout.readline()  # some games are reported
    process.send_signal(sent)
    rest = process.stdout.read()  # not communicate(): it would skip what readline buffered
    errors = process.stderr.read()
    assert process.wait(timeout=60) == status
    reports = json.loads(head + rest)
    assert 1 <= len(reports) < 20000
    assert [report["game"] for report in reports] == list(range(1, len(reports) + 1))
    assert f"muehle: {word}; {len(reports)} games" in errors
    assert "Traceback" not in errors


@pytest.mark.skipif(not MUEHLE.exists(), reason="the muehle command is not installed beside this Python")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_reader_that_goes_away_ends_the_run_with_141_and_no_message(long_file: Path, jobs: str) -> None:
    """`muehle validate ... | head -1`: the status of a command stopped by SIGPIPE (128 + 13),
    not 1, which says that a game is invalid; nothing on standard error."""
    process = subprocess.Popen([str(MUEHLE), "validate", "--format", "json", "--jobs", jobs, str(long_file)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.readline() == b"[\n"
    process.stdout.close()
    errors = process.stderr.read()
    assert process.wait(timeout=60) == 141
    assert errors == b""


@pytest.fixture(scope="module")
def large_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Games whose JSON record (about 2 MB) is far more than a pipe holds (64 KB)."""
    return games_file(tmp_path_factory, "large", 6)


@pytest.mark.skipif(not MUEHLE.exists(), reason="the muehle command is not installed beside this Python")
@pytest.mark.parametrize("unbuffered", ["", "1"])
def test_a_reader_that_goes_away_from_a_record_written_at_once_gets_141(large_record: Path, unbuffered: str) -> None:
    """`muehle convert ... --to json | head -c 10`: the record is written in one piece, which the
    pipe takes only in part before its reader goes away; the rest is not lost silently (status 0)
    also when Python runs unbuffered (PYTHONUNBUFFERED=1, usual in containers)."""
    environment = {**os.environ, "PYTHONUNBUFFERED": unbuffered}
    process = subprocess.Popen([str(MUEHLE), "convert", str(large_record), "--to", "json"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment)
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.read(10) == b'{\n  "forma'
    process.stdout.close()
    errors = process.stderr.read()
    assert process.wait(timeout=60) == 141
    assert errors == b""


@pytest.mark.skipif(not MUEHLE.exists(), reason="the muehle command is not installed beside this Python")
@pytest.mark.parametrize("command", [["convert", "--to", "json"], ["validate", "--format", "json"]])
def test_unbuffered_python_writes_the_same_output(large_record: Path, command: list[str]) -> None:
    """Under PYTHONUNBUFFERED=1 standard output gets a buffer again: the output is byte for byte
    the one written buffered."""
    outputs = []
    for unbuffered in ("", "1"):
        done = subprocess.run([str(MUEHLE), command[0], str(large_record), *command[1:]], capture_output=True,
                              env={**os.environ, "PYTHONUNBUFFERED": unbuffered}, timeout=120)
        # (50 games written 6 times: convert says how many it converted)
        said = b"300 games converted\n" if command[0] == "convert" else b""
        assert done.returncode == 0 and done.stderr == said
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1] and len(outputs[0]) > 100_000  # (more than a pipe holds)


@pytest.mark.skipif(not MUEHLE.exists() or not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("command", [["validate"], ["convert", "--to", "json"], ["analyze"]])
def test_standard_output_that_cannot_be_written_is_an_error_with_status_1(command: list[str], tmp_path: Path) -> None:
    """A full disk (/dev/full) or a closed standard output: a message, exit 1, no internal error."""
    game = tmp_path / "g.txt"
    game.write_text("1. d2 d6 2. f4 f2 *\n", encoding="utf-8")
    args = [str(MUEHLE), command[0], str(game), *command[1:]]
    with open("/dev/full", "w") as full:
        done = subprocess.run(args, stdout=full, stderr=subprocess.PIPE, text=True)
    assert (done.returncode, done.stderr) == (1, "muehle: cannot write standard output: No space left on device\n")
    closed = subprocess.run(["sh", "-c", '"$0" "$@" >&-', *args], stderr=subprocess.PIPE, text=True)
    assert (closed.returncode, closed.stderr) == (1, "muehle: cannot write standard output: standard output is closed\n")


@pytest.mark.skipif(not MUEHLE.exists(), reason="the muehle command is not installed beside this Python")
def test_standard_input_that_is_closed_is_an_input_error() -> None:
    done = subprocess.run(["sh", "-c", '"$0" validate - <&-', str(MUEHLE)], capture_output=True, text=True)
    assert done.returncode == 1
    assert "<stdin>: error: cannot read <stdin>: standard input is closed" in done.stderr
