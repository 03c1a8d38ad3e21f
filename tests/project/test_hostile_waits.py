"""Waits built to last for ever: a "scheduler" that answers HTTP, noise or nothing, a --jobs that
asks for a hundred thousand processes, worker processes that die in the middle of an answer or
stop answering. Each ends, within a deadline, as an error of the user's making (exit status 1 or 2,
located, never a traceback nor an internal error).

Every test here is marked ``hostile``; none times anything in absolute terms (the deadlines of
the product are set short, and each test is bounded by its marker)."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import socket
import struct
import sys
import threading
import time
from pathlib import Path
from typing import Callable, Iterator

import pytest

from muehle.analyzer.batch import pool as pools
from muehle.analyzer.batch import validate
from muehle.analyzer.batch.pool import MAX_JOBS, Pool
from muehle.notation.text.errors import MuehleError
from processes import pools_started
from runner import run

pytestmark = pytest.mark.hostile

COMMANDS = ("validate", "select", "stats")
#: The commands of --jobs (repair has no --scheduler).
JOBS_COMMANDS = (*COMMANDS, "repair")


def write(path: Path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)


# -- muehle's own pool: worker processes that die mid-answer or fall silent ---------------------

def _half_answer(task: str) -> None:
    """In a worker: begin an answer (a length of 1 MB, then 10 bytes of it) and die. With a path,
    a process forked first holds the pipe's end (its pid written to the path), so that the pipe
    does not tell the end."""
    connection = sys._getframe(1).f_locals["connection"]  # (the worker's end of its pipe, in pool._serve)
    if task:
        holder = os.fork()
        if holder == 0:
            time.sleep(60)  # (killed by the test long before)
            os._exit(0)
        Path(task).write_text(str(holder), encoding="ascii")
    os.write(connection.fileno(), struct.pack("!i", 1 << 20) + b"x" * 10)
    os.kill(os.getpid(), signal.SIGKILL)


@pytest.mark.timeout(60)
@pytest.mark.skipif(os.name != "posix", reason="fork and signals")
@pytest.mark.parametrize("held", [False, True], ids=["pipe-ends", "pipe-held-open"])
def test_a_worker_killed_in_the_middle_of_an_answer_is_an_error(tmp_path: Path, held: bool,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pools, "POLL_SECONDS", 0.1)
    holder_file = tmp_path / "holder.pid"
    try:
        with Pool(2) as pool:
            with pytest.raises(MuehleError) as raised:
                list(pool.map(_half_answer, [str(holder_file) if held else ""], "half.txt"))
    finally:
        if holder_file.exists():
            with contextlib.suppress(OSError):
                os.kill(int(holder_file.read_text(encoding="ascii")), signal.SIGKILL)
    assert raised.value.code == "worker"
    assert raised.value.format() == "half.txt: error: a worker process stopped unexpectedly (exit status -9)"
    assert holder_file.exists() == held


def _fall_silent(task: object) -> None:
    """In a worker: stop (as SIGSTOP stops it), and so never answer."""
    os.kill(os.getpid(), signal.SIGSTOP)


@pytest.mark.timeout(60)
@pytest.mark.skipif(os.name != "posix", reason="signals")
def test_a_worker_that_falls_silent_is_stopped_and_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pools, "POLL_SECONDS", 0.1)
    monkeypatch.setattr(pools, "WORKER_TIMEOUT", 1)
    pool = Pool(2)
    processes = [process for process, _ in pool.workers]
    try:
        with pytest.raises(MuehleError) as raised:
            list(pool.map(_fall_silent, [1], "silent.txt"))
    finally:
        pool.terminate()
    assert raised.value.code == "worker"
    assert raised.value.format() == "silent.txt: error: a worker process gave no answer for 1 s and was stopped"
    assert [process.exitcode for process in processes] == [-signal.SIGKILL] * 2


@pytest.mark.timeout(60)
@pytest.mark.skipif(os.name != "posix", reason="signals")
def test_the_end_of_a_pool_does_not_wait_for_a_stuck_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pools, "STOP_TIMEOUT", 0.5)
    pool = Pool(2)
    assert list(pool.map(abs, [-1, -2, -3], "numbers")) == [1, 2, 3]
    stuck, other = (process for process, _ in pool.workers)
    os.kill(stuck.pid, signal.SIGSTOP)  # (it never reads the request to leave)
    pool.close()
    assert (stuck.exitcode, other.exitcode) == (-signal.SIGKILL, 0)


# -- signals: the main process's, from the first moment of a worker on ---------------------------

def _signal_sets(pid: int) -> tuple[set[int], set[int]]:
    """The signals process ``pid`` blocks and those it ignores (from /proc)."""
    fields = dict(line.split(":\t", 1) for line in Path(f"/proc/{pid}/status").read_text("ascii").splitlines()
                  if ":\t" in line)

    def members(mask: str) -> set[int]:
        bits = int(mask, 16)
        return {number for number in range(1, 65) if bits >> (number - 1) & 1}

    return members(fields["SigBlk"]), members(fields["SigIgn"])


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="/proc")
def test_the_workers_of_a_pool_ignore_the_stop_signals_and_leave_them_to_the_main_process() -> None:
    stops = {signal.SIGINT, signal.SIGTERM}
    with Pool(2) as pool:
        assert list(pool.map(abs, [-1, -2, -3, -4], "numbers")) == [1, 2, 3, 4]  # (both have begun to serve)
        for process, _ in pool.workers:
            blocked, ignored = _signal_sets(process.pid)
            assert stops <= ignored and not stops & blocked
    # (they were blocked here only while each worker was forked: so a signal in that moment
    # waits for this process's handler, and never runs it in the worker)
    assert not stops & signal.pthread_sigmask(signal.SIG_BLOCK, [])


# -- --jobs: a maximum, and no more workers than work ------------------------------------------

@pytest.fixture
def one_game(tmp_path: Path) -> str:
    return write(tmp_path / "one.txt", "1. d2 d6 *\n")


@pytest.mark.parametrize("command", JOBS_COMMANDS)
@pytest.mark.parametrize("jobs", [str(MAX_JOBS + 1), "100000", str(10 ** 20)])
def test_more_jobs_than_the_maximum_is_a_usage_error(command: str, jobs: str, one_game: str) -> None:
    result = run(command, "--jobs", jobs, one_game)
    assert result.exit_code == 2
    assert f"Invalid value for '--jobs': {jobs} is more than the {MAX_JOBS} worker processes --jobs may start" \
        in result.stderr


def test_the_maximum_is_256_and_said_in_the_help() -> None:
    assert MAX_JOBS == 256
    for command in JOBS_COMMANDS:
        assert "at most 256" in " ".join(run(command, "--help").stdout.split())


def test_the_library_refuses_more_jobs_than_the_maximum(one_game: str) -> None:
    from muehle.analyzer.batch.sources import each_game

    with pytest.raises(ValueError, match=f"jobs is at most {MAX_JOBS} processes, not {MAX_JOBS + 1}"):
        validate.validate_paths([one_game], jobs=MAX_JOBS + 1)
    with pytest.raises(ValueError, match=f"jobs is at most {MAX_JOBS} processes"):
        each_game([one_game], repr, jobs=10 ** 20)


@pytest.mark.parametrize("command", COMMANDS)
def test_the_maximum_on_a_one_game_file_starts_no_worker(command: str, one_game: str,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    # (before: 256 processes started, for one game; 100,000 did not end in two minutes)
    started = pools_started(monkeypatch, validate)
    alone = run(command, one_game)
    assert run(command, "--jobs", str(MAX_JOBS), one_game).output == alone.output
    assert started == []


def test_no_more_workers_are_started_than_the_largest_file_has_ranges(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(validate, "RANGE_BYTES", 4096)
    monkeypatch.setattr(validate, "MIN_RANGE_BYTES", 4096)
    started = pools_started(monkeypatch, validate)
    game = "[Event \"e\"]\n\n1. d2 d6 2. f4 f2 *\n\n"
    small = write(tmp_path / "small.txt", game * 10)  # (one range)
    large = write(tmp_path / "large.txt", game * (2 * 4096 // len(game) + 1))  # (more than 8 KB: three ranges at most)
    assert 2 * 4096 < Path(large).stat().st_size <= 3 * 4096
    for command in JOBS_COMMANDS:
        assert run(command, "--jobs", "200", small, large).output == run(command, small, large).output
    assert started == [3] * len(JOBS_COMMANDS)


# -- a --scheduler that is no Dask scheduler ---------------------------------------------------

def _http(connection: socket.socket) -> None:
    """Answer as a web server does to what is not HTTP."""
    connection.recv(65536)
    connection.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")


def _noise(connection: socket.socket) -> None:
    """Answer with random bytes (the same every run)."""
    connection.sendall(random.Random(7).randbytes(4096))


def _silence(connection: socket.socket) -> None:
    """Accept, and say nothing."""


@contextlib.contextmanager
def loopback_server(answer: Callable[[socket.socket], None]) -> Iterator[str]:
    """A server on a free port of the loopback interface that answers each connection with
    ``answer`` and keeps it open until the end; its address as ``--scheduler`` takes it."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    listener.settimeout(0.1)
    held: list[socket.socket] = []
    done = threading.Event()

    def serve() -> None:
        while not done.is_set():
            try:
                connection, _ = listener.accept()
            except OSError:  # (a timeout: look at done again)
                continue
            held.append(connection)
            with contextlib.suppress(OSError):
                answer(connection)

    server = threading.Thread(target=serve, daemon=True)
    server.start()
    try:
        yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        done.set()
        server.join(10)
        for connection in held:
            connection.close()
        listener.close()


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("answer, said", [
    (_http, "does not answer as a Dask scheduler does ("),
    (_noise, ""),  # (noise may read as Dask's lengths and then stall, or fail to decode: either is an error)
    (_silence, ": no answer within 1 s"),
], ids=["http", "noise", "silence"])
def test_a_scheduler_that_is_no_dask_scheduler_is_an_error_at_its_address(
        command: str, answer: Callable[[socket.socket], None], said: str, one_game: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("dask.distributed", reason="Dask is in the test extra: pip install '.[test]'")
    from muehle.analyzer.batch import dask_backend

    monkeypatch.setattr(dask_backend, "CONNECT_TIMEOUT", 1)
    with loopback_server(answer) as address:
        result = run(command, "--scheduler", address, one_game)
    assert result.exit_code == 1, result.output
    message = next(line for line in result.stderr.splitlines() if line.startswith("--scheduler: error: "))
    assert f" at {address}" in message and said in message
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr
