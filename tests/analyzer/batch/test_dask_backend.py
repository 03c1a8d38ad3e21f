"""The Dask backend: the ranges of the files run as tasks on a real ``LocalCluster`` (two worker
processes), the reports the same as one process's, in order."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import pytest

from muehle.analyzer.batch import validate
from muehle.analyzer.batch.validate import validate_paths
from muehle.analyzer.engine.rules import load_ruleset
from muehle.analyzer.play.generate import generate_games
from muehle.notation.errors import MuehleError
from muehle.notation.writers import write_notation

distributed = pytest.importorskip("dask.distributed", reason="Dask is in the test extra: pip install '.[test]'")

from muehle.analyzer.batch.dask_backend import CLUSTER_SETTINGS, DaskBackend  # noqa: E402  (after the skip)

#: Thirteen lines: not UTF-8 on line 3 (column 7), an unclosed tag on line 5 (column 11), an
#: occupied point on line 9 (column 7), a valid game.
BROKEN = (b'[Event "a"]\n\n1. d2 \xff *\n\n[Event "b"\n\n1. d2 d6 *\n\n1. d2 d2 *\n\n'
          b'[Event "c"]\n\n1. f4 f2 *\n')


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a local cluster of two worker processes, one thread each."""
    import logging

    # (the scheduler's HTTP server on a free port, as muehle's own local cluster has it: not 8787)
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                       silence_logs=logging.CRITICAL,
                                       scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    folder = tmp_path_factory.mktemp("dask")
    games = folder / "games.txt"
    games.write_text(write_notation(list(generate_games(load_ruleset("wmd"), 11, 400))) + "\n1. d2 d2 *\n",
                     encoding="utf-8")
    broken = folder / "broken.txt"
    broken.write_bytes(BROKEN * 50)
    return [str(games), str(broken), str(folder / "missing.txt"), str(games)]


def as_data(items: list) -> list:
    return [item.to_dict() if not isinstance(item, MuehleError) else item.format() for item in items]


def small_ranges(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(validate, "RANGE_BYTES", 4096)
    monkeypatch.setattr(validate, "MIN_RANGE_BYTES", 4096)


def test_the_reports_on_a_cluster_are_those_of_one_process(scheduler: str, inputs: list[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    small_ranges(monkeypatch)
    single = as_data(list(validate_paths(inputs, None, 1)))
    # the files as they are: 401 games; four games in each of the broken file's 50 blocks (the
    # unclosed tag's game ends at its result, and the next game starts at "1." after it); the
    # missing file; the 401 games again
    assert len(single) == 401 + 200 + 1 + 401
    assert single[601] == f"{inputs[2]}: error: cannot read {inputs[2]}: No such file or directory"
    first_block = [[(e["code"], e["line"], e["column"]) for e in report["errors"]] for report in single[401:405]]
    assert first_block == [[("syntax", 3, 7)], [("syntax", 5, 11)], [("occupied", 9, 7)], []]
    last = [[(e["code"], e["line"]) for e in report["errors"]] for report in single[597:601]]
    assert last == [[("syntax", 49 * 13 + 3)], [("syntax", 49 * 13 + 5)], [("occupied", 49 * 13 + 9)], []]
    assert single[600]["game"] == 200 and single[600]["tags"] == {"Event": "c"}
    assert as_data(list(validate_paths(inputs, None, 1, scheduler=scheduler))) == single


def test_standard_input_goes_to_a_local_cluster_through_a_file(inputs: list[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # (a cluster elsewhere could not read this machine's temporary file: there it is read here)
    small_ranges(monkeypatch)
    text = Path(inputs[0]).read_text(encoding="utf-8")
    single = as_data(list(validate_paths(["-", inputs[1]], None, 1, stdin_text=text)))
    assert len(single) == 401 + 200 and single[0]["source"] == "<stdin>"
    assert as_data(list(validate_paths(["-", inputs[1]], None, 2, stdin_text=text, scheduler="local"))) == single


def test_standard_input_with_a_cluster_elsewhere_is_read_here(scheduler: str, inputs: list[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    small_ranges(monkeypatch)
    text = Path(inputs[0]).read_text(encoding="utf-8")
    submitted: list[object] = []
    real_map = DaskBackend.map

    def spy(backend, function, tasks, name=""):  # type: ignore[no-untyped-def]
        submitted.append(name)
        return real_map(backend, function, tasks, name)

    monkeypatch.setattr(DaskBackend, "map", spy)
    single = as_data(list(validate_paths(["-"], None, 1, stdin_text=text)))
    assert as_data(list(validate_paths(["-"], None, 1, stdin_text=text, scheduler=scheduler))) == single
    assert submitted == []
    # (the spy sees what goes to the cluster: the same games from the file go there)
    list(validate_paths([inputs[0]], None, 1, scheduler=scheduler))
    assert submitted


# -- a stop (Ctrl-C, SIGTERM) sent to the command's process group, as a terminal sends it -----

SUMMARY = re.compile(r"^([0-9]+) games, ([0-9]+) valid, ([0-9]+) invalid$")


@pytest.fixture(scope="module")
def long_input(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, int]:
    """A file of 60 legal games and one illegal game (three lines of report), 300 times over: far
    more than a cluster judges before a stop. Its path and number of games."""
    block = write_notation(list(generate_games(load_ruleset("wmd"), 5, 60))) + "\n1. d2 d2 *\n\n"
    path = tmp_path_factory.mktemp("stop") / "long.txt"
    path.write_text(block * 300, encoding="utf-8")
    return str(path), 61 * 300


def stopped_run(args: list[str], sent: int) -> tuple[int, str, str, float, int]:
    """``muehle validate args`` started in a session of its own; once its first report has come,
    ``sent`` goes to its whole process group. Its exit status, output, errors, the seconds the
    stop took and its process id (its session's)."""
    # (unbuffered: what the first line is read by is not read ahead, and communicate reads the rest)
    process = subprocess.Popen([sys.executable, "-m", "muehle", "validate", *args], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, bufsize=0, start_new_session=True)
    try:
        assert process.stdout is not None
        first = process.stdout.readline()  # (the cluster has started and judged a range)
        assert first, process.stderr.read() if process.stderr else b""
        started = time.monotonic()
        os.killpg(process.pid, sent)
        out, errors = process.communicate(timeout=60)
        took = time.monotonic() - started
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    return process.returncode, (first + out).decode("utf-8"), errors.decode("utf-8"), took, process.pid


def assert_stopped_with_its_report(result: tuple[int, str, str, float, int], word: str, status: int,
                                   games: int) -> None:
    from processes import living_processes  # (here: a worker that unpickles _die imports this module alone)

    code, out, errors, took, pid = result
    last = out.splitlines()[-1]
    counted = SUMMARY.match(last)
    assert counted, out[-500:]
    checked, valid, invalid = map(int, counted.groups())
    assert (code, errors) == (status, f"muehle: {word}; {last} checked so far\n")  # (no traceback)
    assert 0 < checked < games and valid + invalid == checked
    assert out.count(": error: ") == invalid, out  # (each illegal game checked is reported)
    assert took < 20  # (the cluster is not waited for: before, such a run could wait for ever)
    deadline = time.monotonic() + 10
    while living_processes(pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert living_processes(pid) == []


@pytest.mark.skipif(os.name != "posix", reason="process groups and /proc")
@pytest.mark.parametrize("sent, word, status", [(signal.SIGINT, "interrupted", 130),
                                                (signal.SIGTERM, "terminated", 143)])
def test_a_stop_ends_a_local_cluster_and_reports_what_was_checked(long_input: tuple[str, int], sent: int,
                                                                  word: str, status: int) -> None:
    path, games = long_input
    result = stopped_run(["--scheduler", "local", "--jobs", "2", path], sent)
    assert_stopped_with_its_report(result, word, status, games)


@pytest.mark.skipif(os.name != "posix", reason="process groups and /proc")
def test_ctrl_c_with_a_cluster_elsewhere_cancels_its_tasks_and_leaves_it_running(
        scheduler: str, long_input: tuple[str, int]) -> None:
    path, games = long_input
    result = stopped_run(["--scheduler", scheduler, path], signal.SIGINT)
    assert_stopped_with_its_report(result, "interrupted", 130, games)
    with distributed.Client(scheduler, timeout=30) as client:
        deadline = time.monotonic() + 20
        while client.run_on_scheduler(_task_count) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert client.run_on_scheduler(_task_count) == 0  # (no task of the run is left)
        assert len(client.scheduler_info()["workers"]) == 2


def _task_count(dask_scheduler: object) -> int:
    """On the scheduler: how many tasks it holds."""
    return len(dask_scheduler.tasks)  # type: ignore[attr-defined]


def test_a_cluster_that_cannot_be_reached_is_an_error_at_its_address() -> None:
    from muehle.analyzer.batch import dask_backend

    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(dask_backend, "CONNECT_TIMEOUT", 2)
        with pytest.raises(MuehleError) as raised:
            list(validate_paths([__file__], None, 1, scheduler="tcp://127.0.0.1:9"))
    assert raised.value.code == "scheduler"
    assert raised.value.format().startswith("--scheduler: error: cannot reach the Dask scheduler at tcp://127.0.0.1:9: ")


def test_a_worker_that_dies_is_an_error_of_its_own(scheduler: str, inputs: list[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    small_ranges(monkeypatch)
    monkeypatch.setattr(validate, "judge_range", _die)  # (found by name in the worker: a module's function)
    with pytest.raises(MuehleError) as raised:
        list(validate_paths([inputs[0]], None, 1, scheduler=scheduler))
    assert raised.value.code == "worker" and "stopped unexpectedly" in raised.value.message


def _die(task: object) -> None:
    """A task that kills the worker that runs it."""
    os.kill(os.getpid(), signal.SIGKILL)


def worker_settings() -> tuple:
    """In a worker: the settings of Dask's that ``CLUSTER_SETTINGS`` sets."""
    import dask

    return tuple(dask.config.get(name) for name in CLUSTER_SETTINGS)


def test_a_local_cluster_runs_its_workers_without_the_profiler() -> None:
    backend = DaskBackend("local", 2)
    try:
        seen = backend.client.run(worker_settings)
    finally:
        backend.close()
    assert CLUSTER_SETTINGS["distributed.worker.profile.enabled"] is False
    assert list(seen.values()) == [tuple(CLUSTER_SETTINGS.values())] * 2
