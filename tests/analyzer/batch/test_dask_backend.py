"""The Dask backend: the ranges of the files run as tasks on a real ``LocalCluster`` (two worker
processes), the reports the same as one process's, in order."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable, Iterator

import pytest

from muehle.analyzer.batch import validate
from muehle.analyzer.batch.validate import validate_paths
from muehle.analyzer.engine.rules import load_ruleset
from muehle.analyzer.play.generate import generate_games
from muehle.notation.text.errors import MuehleError
from muehle.notation.writing.writers import write_notation

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

    # (no dashboard, and the scheduler's HTTP server on a free port: 8787 may be another cluster's)
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                       dashboard_address=None, silence_logs=logging.CRITICAL,
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
    firsts: list[bytes] = []

    def first_report() -> None:  # (the cluster has started and judged a range)
        assert process.stdout is not None
        firsts.append(process.stdout.readline())
        assert firsts[0], process.stderr.read() if process.stderr else b""

    out, errors, took = stopped_once_ready(process, first_report, sent)
    return process.returncode, (firsts[0] + out).decode("utf-8"), errors.decode("utf-8"), took, process.pid


def stopped_once_ready(process: "subprocess.Popen[bytes]", ready: Callable[[], None],
                       sent: int) -> tuple[bytes, bytes, float]:
    """Once ``ready()`` has returned, ``sent`` goes to the whole process group of ``process`` (a
    session of its own), as a terminal sends Ctrl-C; its output, errors and the seconds the stop
    took. Whatever fails meanwhile, the group is killed before this returns."""
    try:
        ready()
        started = time.monotonic()
        os.killpg(process.pid, sent)
        out, errors = process.communicate(timeout=60)
        took = time.monotonic() - started
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    return out, errors, took


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
    # (the first death ends the run, the worker named: Dask itself would try the task on three more
    # workers, each of which it kills, and wait while their nannies start them again)
    assert re.search(r"\(the worker at tcp://127\.0\.0\.1:[0-9]+ ended while it ran a task\)$", raised.value.message)


@pytest.mark.timeout(120)
def test_a_worker_of_a_local_cluster_that_dies_is_an_error_of_its_own(inputs: list[str],
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    small_ranges(monkeypatch)
    monkeypatch.setattr(validate, "judge_range", _die)
    with pytest.raises(MuehleError) as raised:
        list(validate_paths([inputs[0]], None, 2, scheduler="local"))
    assert raised.value.code == "worker" and raised.value.source == inputs[0]
    assert re.search(r"\(the worker at tcp://127\.0\.0\.1:[0-9]+ ended while it ran a task\)$", raised.value.message)


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


# -- deadlines: a scheduler that stops answering, a cluster without workers ---------------------


@contextlib.contextmanager
def cluster_process(workers: int) -> Iterator[tuple[subprocess.Popen, str]]:
    """A Dask cluster in a process of its own (scheduler and ``workers`` worker threads in one
    process, on free ports), and its scheduler's address; the process is ended on leaving."""
    script = ("import logging, sys\n"
              "from dask.distributed import LocalCluster\n"
              f"cluster = LocalCluster(n_workers={workers}, threads_per_worker=1, processes=False, "
              "protocol='tcp://', host='127.0.0.1', dashboard_address=None, silence_logs=logging.CRITICAL, "
              "scheduler_kwargs={'dashboard_address': '127.0.0.1:0'})\n"
              "print(cluster.scheduler_address, flush=True)\n"
              "sys.stdin.read()\n")
    process = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert process.stdout is not None
        address = process.stdout.readline().decode("ascii").strip()  # (the process ends, and so this, if it fails)
        assert address.startswith("tcp://127.0.0.1:"), address
        yield process, address
    finally:
        with contextlib.suppress(OSError):
            os.kill(process.pid, signal.SIGCONT)
        process.kill()
        process.wait(30)


def test_a_scheduler_that_stops_answering_mid_run_is_an_error_at_its_address(monkeypatch: pytest.MonkeyPatch) -> None:
    from muehle.analyzer.batch import dask_backend

    monkeypatch.setattr(dask_backend, "SCHEDULER_TIMEOUT", 2)
    monkeypatch.setattr(dask_backend, "LOOK_TIMEOUT", 0.5)
    with cluster_process(1) as (process, address):
        backend = DaskBackend(address)
        try:
            results = backend.map(time.sleep, [0.2] * 100, "sleeps")  # (time.sleep: found by name anywhere)
            assert next(results) is None
            os.kill(process.pid, signal.SIGSTOP)  # (its connections stay open; nothing answers)
            with pytest.raises(MuehleError) as raised:
                list(results)
        finally:
            backend.terminate()
    assert raised.value.code == "scheduler"
    assert raised.value.format() == f"--scheduler: error: the Dask scheduler at {address} has not answered for 2 s"


def test_a_cluster_without_workers_is_an_error_after_a_while(monkeypatch: pytest.MonkeyPatch) -> None:
    import logging

    from muehle.analyzer.batch import dask_backend

    monkeypatch.setattr(dask_backend, "NO_WORKERS_TIMEOUT", 1)
    with distributed.LocalCluster(n_workers=0, processes=False, protocol="tcp://", host="127.0.0.1",
                                  dashboard_address=None, silence_logs=logging.CRITICAL,
                                  scheduler_kwargs={"dashboard_address": "127.0.0.1:0"}) as cluster:
        backend = DaskBackend(cluster.scheduler_address)
        try:
            with pytest.raises(MuehleError) as raised:
                list(backend.map(abs, [-1, -2], "numbers"))
        finally:
            backend.close()
    assert raised.value.code == "scheduler"
    assert raised.value.message == f"the Dask cluster at {cluster.scheduler_address} has had no worker for 1 s"


# -- a local cluster: its processes, its ports, its size ------------------------------------------


@pytest.mark.skipif(os.name != "posix", reason="process groups")
def test_a_local_cluster_that_does_not_start_in_time_is_an_error_and_leaves_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from muehle.analyzer.batch import dask_backend

    monkeypatch.setattr(dask_backend, "START_TIMEOUT", 0.5)  # (far less than a start takes)
    monkeypatch.setattr(dask_backend, "START_TIMEOUT_PER_WORKER", 0)
    started: list[int] = []
    real = dask_backend.LocalClusterProcess._answer

    def answer(cluster: dask_backend.LocalClusterProcess, timeout: float) -> dict:
        started.append(cluster.process.pid)
        return real(cluster, timeout)

    monkeypatch.setattr(dask_backend.LocalClusterProcess, "_answer", answer)
    with pytest.raises(MuehleError) as raised:
        DaskBackend("local", 2)
    assert raised.value.format() == "--scheduler: error: the local Dask cluster did not start within 0.5 s"
    assert raised.value.code == "scheduler"
    deadline = time.monotonic() + 10
    while dask_backend.group_alive(started[0]) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not dask_backend.group_alive(started[0])


def _own_group() -> int:
    """In a worker or the scheduler: its process group."""
    return os.getpgrp()


def _http_server(dask_scheduler: object) -> tuple:
    """On the scheduler: the address and port of its HTTP server."""
    server = dask_scheduler.http_server  # type: ignore[attr-defined]
    return server.address, server.port


@pytest.mark.skipif(os.name != "posix", reason="process groups")
def test_a_local_cluster_runs_in_a_process_group_of_its_own_with_no_fixed_port() -> None:
    backend = DaskBackend("local", 2)
    try:
        assert backend.cluster is not None
        helper = backend.cluster.process.pid
        groups = backend.client.run(_own_group)
        scheduler_group = backend.client.run_on_scheduler(_own_group)
        host, port = backend.client.run_on_scheduler(_http_server)
    finally:
        backend.close()
    # (Ctrl-C at a terminal goes to the command's group: none of the cluster's processes is in it)
    assert len(groups) == 2 and set(groups.values()) == {helper} and scheduler_group == helper != os.getpgrp()
    assert (host, port != 8787) == ("127.0.0.1", True)  # (a free port: 8787 may be another cluster's)
    from muehle.analyzer.batch.dask_backend import group_alive

    deadline = time.monotonic() + 10
    while group_alive(helper) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not group_alive(helper)  # (the cluster's process and its workers: all gone)


@pytest.mark.timeout(120)
def test_a_local_cluster_starts_no_more_workers_than_there_are_ranges(inputs: list[str],
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from muehle.analyzer.batch import dask_backend

    started: list[tuple] = []
    real = dask_backend.DaskBackend

    def counted(address: str, workers: int = 2) -> DaskBackend:
        started.append((address, workers))
        return real(address, workers)

    monkeypatch.setattr(dask_backend, "DaskBackend", counted)
    one_game = Path(inputs[0]).parent / "one.txt"
    one_game.write_text("1. d2 d6 *\n", encoding="utf-8")
    single = as_data(list(validate_paths([str(one_game)], None, 1)))
    assert as_data(list(validate_paths([str(one_game)], None, 256, scheduler="local"))) == single
    assert started == [("local", 1)]  # (a file of one range: one worker, not 256)
    # (no input read by ranges at all: no cluster)
    assert as_data(list(validate_paths([str(inputs[2])], None, 256, scheduler="local"))) == \
        as_data(list(validate_paths([str(inputs[2])], None, 1)))
    assert started == [("local", 1)]


# -- a stop while a local cluster starts ---------------------------------------------------------


def parent_of(pid: int) -> int:
    """The parent of the process ``pid`` (0 when it has ended)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as handle:
            return int(handle.read().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return 0


def started_cluster(command: int, deadline: float) -> int:
    """Wait until a child of the process ``command`` holds a local cluster (its process has
    started); its process id (0 when none did). (A child, not a process of the command's
    session: before Python 3.11 the cluster's process starts a session of its own.)"""
    while time.monotonic() < deadline:
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            with contextlib.suppress(OSError):
                with open(f"/proc/{entry}/cmdline", "rb") as handle:
                    if b"muehle.analyzer.batch.local_cluster" in handle.read() and parent_of(int(entry)) == command:
                        return int(entry)
        time.sleep(0.02)
    return 0


@pytest.mark.timeout(120)
@pytest.mark.skipif(os.name != "posix", reason="process groups and /proc")
@pytest.mark.parametrize("command, sent, word, status", [
    ("validate", signal.SIGINT, "interrupted", 130), ("validate", signal.SIGTERM, "terminated", 143),
    ("stats", signal.SIGINT, "interrupted", 130), ("select", signal.SIGTERM, "terminated", 143)])
def test_a_stop_while_a_local_cluster_starts_is_heard(long_input: tuple[str, int], command: str, sent: int,
                                                      word: str, status: int) -> None:
    from processes import living_processes

    path, games = long_input
    process = subprocess.Popen([sys.executable, "-m", "muehle", command, "--scheduler", "local", "--jobs", "8", path],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    clusters: list[int] = []

    def cluster_started() -> None:
        clusters.append(started_cluster(process.pid, time.monotonic() + 60))
        assert clusters[0]

    out, errors, took = stopped_once_ready(process, cluster_started, sent)
    cluster = clusters[0]
    assert took < 20  # (before, the signal was lost and the run went on to its end)
    assert process.returncode == status
    if command == "validate":  # (the partial report: nothing was checked yet)
        assert (out, errors) == (b"0 games, 0 valid, 0 invalid\n",
                                 f"muehle: {word}; 0 games, 0 valid, 0 invalid checked so far\n".encode())
    else:
        assert (out, errors) == (b"", f"muehle: {word}\n".encode())
    # (the command's session and, where the cluster's process started one of its own, that one)
    deadline = time.monotonic() + 10
    while (living_processes(process.pid) or living_processes(cluster)) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert living_processes(process.pid) == living_processes(cluster) == []
