"""``select`` and ``stats`` with ``--jobs N`` and ``--scheduler``: the games of a file read and decided
by worker processes (or a Dask cluster) in ranges, the output byte for byte that of one process."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from muehle.analyzer.batch import validate
from muehle.analyzer.engine.rules import load_ruleset
from muehle.analyzer.play.generate import generate_games
from muehle.notation.reading.parser import read_games
from muehle.notation.writing.writers import write_notation
from processes import living_processes
from runner import run

#: Four games of thirteen lines: not UTF-8 on line 3, an unclosed tag on line 5 (both syntax
#: errors), an occupied point on line 9 (d2 twice), a valid game of two placements.
BROKEN = (b'[Event "a"]\n\n1. d2 \xff *\n\n[Event "b"\n\n1. d2 d6 *\n\n1. d2 d2 *\n\n'
          b'[Event "c"]\n\n1. f4 f2 *\n')


@pytest.fixture
def inputs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A file of 300 generated games and an illegal one, the broken blocks 50 times over, a file
    that is not there; ranges of 4 KB, so that every file is cut into many."""
    monkeypatch.setattr(validate, "RANGE_BYTES", 4096)
    monkeypatch.setattr(validate, "MIN_RANGE_BYTES", 4096)
    games = tmp_path / "games.txt"
    games.write_text(write_notation(list(generate_games(load_ruleset("wmd"), 7, 300))) + "\n1. d2 d2 *\n",
                     encoding="utf-8")
    broken = tmp_path / "broken.txt"
    broken.write_bytes(BROKEN * 50)
    assert games.stat().st_size > 10 * 4096
    return [str(games), str(broken), str(tmp_path / "missing.txt"), "-"]


def same_with_workers(args: list[str], stdin: str, *workers: str) -> tuple[int, str, str]:
    """``muehle args`` alone and with ``workers`` options: the same exit status, output and errors."""
    single = run(*args, input=stdin)
    several = run(*args, *workers, input=stdin)
    assert (several.exit_code, several.stdout, several.stderr) == (single.exit_code, single.stdout, single.stderr)
    return single.exit_code, single.stdout, single.stderr


def test_stats_counts_the_same_with_workers(inputs: list[str]) -> None:
    stdin = Path(inputs[0]).read_text("utf-8")
    code, out, errors = same_with_workers(["stats", "--format", "json", "--keep-going", *inputs], stdin, "--jobs", "2")
    counts = json.loads(out)
    # 301 games twice (the file and standard input), each with one illegal game; 200 broken games:
    # 100 with a syntax error, 50 with an occupied point, 50 valid; the missing file
    assert (code, counts["games"], counts["unreadable_inputs"]) == (1, 2 * 301 + 200, 1)
    assert counts["invalid_by_code"] == {"occupied": 2 + 50, "syntax": 100}
    assert errors.count("missing.txt: error: cannot read") == 1
    same_with_workers(["stats", "--keep-going", *inputs], stdin, "--jobs", "3")
    # without --keep-going the missing file stops the run, nothing written
    code, out, errors = same_with_workers(["stats", *inputs], stdin, "--jobs", "2")
    assert (code, out) == (1, "")


@pytest.mark.parametrize("criteria", [[], ["--invalid"], ["--has", "mill", "--min-plies", "20"],
                                      ["--to", "json"], ["--invalid", "--to", "pgn"]])
def test_select_writes_the_same_with_workers(inputs: list[str], criteria: list[str]) -> None:
    stdin = Path(inputs[0]).read_text("utf-8")
    code, out, errors = same_with_workers(["select", *criteria, *inputs], stdin, "--jobs", "2")
    assert code == 1  # (the missing file)
    # (the missing file is reported in every run; the two syntax errors of each broken block
    # too, unless --invalid chooses them as they stand: --to does not convert them)
    assert errors.count(": error: ") == (1 if criteria == ["--invalid"] else 1 + 100)
    # the games of the generated file, twice (the file and standard input), each 300 and an
    # illegal one; the readable games of the broken blocks: the illegal one and the valid one
    readable, invalid = 2 * 301 + 2 * 50, 2 * 1 + 50 + 2 * 50
    if criteria == ["--invalid"]:
        # the illegal game of each copy of the generated file, and three of each broken block
        assert out.count("1. d2 d2 *\n") == 2 + 50 and out.count('[Event "b"') == 50
        assert out.count('[Event "a"]') == 50 and out.count("[Event ") == 100
        assert len(list(read_games(out))) == invalid
    if criteria == []:  # every readable game, verbatim: the two syntax errors of each block are reported
        assert out.count("1. f4 f2 *") == 50 and errors.count("broken.txt:") == 100
        assert len(list(read_games(out))) == readable
    if criteria == ["--to", "json"]:
        assert len(json.loads(out)["games"]) == readable
    if criteria == ["--invalid", "--to", "pgn"]:  # (the games with a syntax error are reported instead)
        assert out.count("[Event ") == invalid - 100
    # the summary: 802 games read (the missing file has none); the games of a syntax error are
    # unreadable unless --invalid chooses them as they stand
    selected = {(): readable, ("--invalid",): invalid, ("--to", "json"): readable,
                ("--invalid", "--to", "pgn"): invalid - 100}.get(tuple(criteria))
    unreadable = "" if criteria == ["--invalid"] else "100 unreadable, "
    assert errors.endswith(f" of {2 * 301 + 200} games selected ({unreadable}1 input unreadable)\n")
    if selected is not None:
        assert errors.endswith(f"\n{selected} of 802 games selected ({unreadable}1 input unreadable)\n")
    if "--has" in criteria:  # games of the generated file only: a broken block's games have at most two plies
        chosen = list(read_games(out))
        assert chosen and all(len(game.plies) >= 20 and not game.errors for game in chosen)


def test_select_stop_on_error_stops_at_the_same_error(inputs: list[str]) -> None:
    stdin = Path(inputs[0]).read_text("utf-8")
    code, out, errors = same_with_workers(["select", "--stop-on-error", *inputs], stdin, "--jobs", "2")
    assert (code, out) == (1, "")
    assert errors.startswith(f"{inputs[1]}:3:7: error: ")


def test_a_negative_number_of_jobs_is_a_usage_error(inputs: list[str]) -> None:
    for command in ("select", "stats"):
        result = run(command, "--jobs", "-1", inputs[0])
        assert result.exit_code == 2 and "--jobs" in result.stderr


def test_without_dask_the_option_says_how_to_install_it(inputs: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # (an import of it fails)
    for command in ("select", "stats"):
        result = run(command, "--scheduler", "local", inputs[0])
        assert (result.exit_code, result.stdout) == (1, "")
        assert result.stderr == ("muehle: --scheduler needs Dask's distributed scheduler; install it with: "
                                 "pip install 'muehle[dask]'\n")


def test_a_cluster_that_cannot_be_reached_is_an_error_at_the_option(inputs: list[str],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("dask.distributed", reason="Dask is in the test extra: pip install '.[test]'")
    from muehle.analyzer.batch import dask_backend

    monkeypatch.setattr(dask_backend, "CONNECT_TIMEOUT", 2)
    for command in ("select", "stats"):  # (port 9, discard: nothing listens for Dask there)
        result = run(command, "--scheduler", "tcp://127.0.0.1:9", inputs[0])
        assert (result.exit_code, result.stdout) == (1, "")
        assert result.stderr.startswith("--scheduler: error: cannot reach the Dask scheduler at tcp://127.0.0.1:9: ")


def test_a_local_cluster_gives_the_output_of_one_process(inputs: list[str]) -> None:
    pytest.importorskip("dask.distributed", reason="Dask is in the test extra: pip install '.[test]'")
    stdin = Path(inputs[0]).read_text("utf-8")
    same_with_workers(["select", "--has", "mill", "--to", "json", *inputs], stdin,
                      "--scheduler", "local", "--jobs", "2")
    same_with_workers(["stats", "--keep-going", *inputs], stdin, "--scheduler", "local", "--jobs", "2")


@pytest.mark.skipif(os.name != "posix" or not os.path.isdir("/proc"), reason="process groups and /proc")
@pytest.mark.parametrize("command", ["select", "stats"])
def test_ctrl_c_to_the_process_group_stops_the_workers(tmp_path: Path, command: str) -> None:
    # (as a terminal sends it: to the command and its workers; the workers leave it to the command)
    block = write_notation(list(generate_games(load_ruleset("wmd"), 3, 60))) + "\n"
    path = tmp_path / "long.txt"
    path.write_text(block * 600, encoding="utf-8")  # (far more than is read before the stop)
    process = subprocess.Popen([sys.executable, "-m", "muehle", command, "--jobs", "2", str(path)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        # (started, and reading: the command and its two workers are there; a fixed wait was too
        # long where a quiet machine read the whole file in it)
        deadline = time.monotonic() + 30
        while len(living_processes(process.pid)) < 3 and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.3)
        os.killpg(process.pid, signal.SIGINT)
        out, errors = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert (process.returncode, errors) == (130, "muehle: interrupted\n")
    deadline = time.monotonic() + 10
    while living_processes(process.pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert living_processes(process.pid) == []
