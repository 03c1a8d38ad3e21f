"""How the worker pool starts its workers: forked from a process that runs no other thread; from
one that runs threads, by a fork server (on POSIX systems), since a fork copies the locks the other
threads hold, and a child that waits for one of them waits for ever (Python 3.12 and later warn of
it, and ``tests/fork_guard.py`` fails the test)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import warnings
from pathlib import Path
from typing import Iterator

import pytest

import worker_tasks
from muehle.analyzer.batch import validate
from muehle.analyzer.batch.pool import Pool
from muehle.analyzer.batch.ranges import file_ranges
from muehle.analyzer.batch.validate import judge_range, validate_paths
from muehle.notation.text.errors import MuehleError
from muehle.notation.text.i18n import _, language

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="the thread count from /proc, and the fork server, as on Linux")

GAME = '[Event "{e}"]\n[Result "*"]\n\n1. d2 d6 2. f4 f2 *\n'
#: An illegal game: d2 is taken by White's first ply when Black places there (line 4, column 7).
ILLEGAL = '[Event "illegal"]\n[Result "*"]\n\n1. d2 d2 *\n'


@pytest.fixture
def a_thread_running() -> Iterator[threading.Thread]:
    """A thread of this process that waits until the test is over (and then ends)."""
    over = threading.Event()
    thread = threading.Thread(target=over.wait, args=(60,), name="waiting for the test", daemon=True)
    thread.start()
    try:
        yield thread
    finally:
        over.set()
        thread.join(60)


def games_file(tmp_path: Path, count: int) -> Path:
    path = tmp_path / "games.txt"
    path.write_text("".join(GAME.format(e=f"e{n}") + "\n" for n in range(count)) + ILLEGAL, encoding="utf-8")
    return path


def reports(path: Path, jobs: int) -> list:
    return [item.to_dict() if hasattr(item, "to_dict") else item.format() for item in validate_paths([str(path)], None, jobs)]


def tasks_of(path: Path, size: int) -> list[validate.Task]:
    with open(path, "rb") as handle:
        return [(piece, validate.Judging()) for piece in file_ranges(handle, str(path), path.name, size)]


SCRIPT = """
import faulthandler, sys, threading
from muehle.analyzer.batch.pool import start_method, threads_running
print(threads_running(), start_method())
if sys.argv[1] == "thread":
    threading.Thread(target=threading.Event().wait, args=(60,), daemon=True).start()
else:  # a thread of the interpreter's own, which the threading module does not know
    faulthandler.dump_traceback_later(60)
print(threads_running(), start_method(), threading.active_count())
"""


@pytest.mark.parametrize("kind, known", [("thread", 2), ("faulthandler", 1)])
def test_a_process_without_threads_forks_and_one_with_a_thread_does_not(kind: str, known: int) -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT, kind], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["1 fork", f"2 forkserver {known}"]


def test_workers_started_by_a_fork_server_judge_as_one_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               a_thread_running: threading.Thread) -> None:
    monkeypatch.setattr(validate, "RANGE_BYTES", 4096)
    monkeypatch.setattr(validate, "MIN_RANGE_BYTES", 4096)
    path = games_file(tmp_path, 3000)
    single = reports(path, 1)
    assert len(single) == 3001 and single[-1]["errors"][0]["code"] == "occupied"
    assert (single[-1]["errors"][0]["line"], single[-1]["errors"][0]["column"]) == (3000 * 5 + 4, 7)  # (five lines a game)
    methods: list[str] = []
    real_pool = validate.Pool

    def spy(*args: object, **kwargs: object) -> Pool:
        pool = real_pool(*args, **kwargs)  # type: ignore[arg-type]
        methods.append(pool.method)
        return pool

    monkeypatch.setattr(validate, "Pool", spy)
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)  # (a fork with threads would be one)
        assert reports(path, 2) == single
    assert methods == ["forkserver"]


@pytest.mark.parametrize("method", ["forkserver", "spawn"])
def test_a_worker_not_forked_warms_up_and_speaks_the_language_of_the_main_process(method: str) -> None:
    message = "a worker process stopped unexpectedly (exit status {status})"
    with language("de"), Pool(2, validate._warm_up, method) as pool:
        assert pool.method == method
        assert list(pool.map(worker_tasks.language, range(4))) == ["de"] * 4
        assert list(pool.map(worker_tasks.reader_built, range(4))) == [True] * 4
        assert list(pool.map(_, [message])) == ["ein Arbeitsprozess endete unerwartet (Status {status})"]
    with Pool(1, None, method) as pool:  # (no warm-up: nothing built; English, the language now)
        assert list(pool.map(worker_tasks.reader_built, range(2))) == [False, False]
        assert list(pool.map(worker_tasks.language, range(2))) == ["en", "en"]


def test_forked_workers_inherit_the_warm_up_and_the_language() -> None:
    with language("de"), Pool(2, validate._warm_up, "fork") as pool:
        assert list(pool.map(worker_tasks.language, range(4))) == ["de"] * 4
        assert list(pool.map(worker_tasks.reader_built, range(4))) == [True] * 4


def test_a_killed_worker_of_a_fork_server_is_reported_with_its_exit_status(tmp_path: Path) -> None:
    path = games_file(tmp_path, 20000)
    with Pool(2, validate._warm_up, "forkserver") as pool:
        results = pool.map(judge_range, tasks_of(path, 4096), "games.txt")
        next(results)
        os.kill(pool.workers[0][0].pid, signal.SIGKILL)
        with pytest.raises(MuehleError) as raised:
            for _ in results:
                pass
    assert raised.value.code == "worker"
    assert raised.value.format() == "games.txt: error: a worker process stopped unexpectedly (exit status -9)"


KILLED = """
import sys, threading, time
from muehle.analyzer.batch import ranges, validate
from muehle.analyzer.batch.pool import Pool
if __name__ == "__main__":
    threading.Thread(target=threading.Event().wait, args=(600,), daemon=True).start()
    pool = Pool(2, validate._warm_up)
    assert pool.method == "forkserver", pool.method
    pieces = ranges.file_ranges(open(sys.argv[1], "rb"), sys.argv[1], "games.txt", 4096)
    results = pool.map(validate.judge_range, ((piece, validate.Judging()) for piece in pieces))
    next(results)
    print("started", flush=True)
    time.sleep(600)
"""


def test_workers_of_a_fork_server_end_quietly_with_their_killed_main_process(tmp_path: Path) -> None:
    path = games_file(tmp_path, 20000)
    script = tmp_path / "killed.py"
    script.write_text(KILLED, encoding="utf-8")
    process = subprocess.Popen([sys.executable, str(script), str(path)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None and process.stdout.readline() == "started\n"
        process.send_signal(signal.SIGKILL)
        # the workers and the fork server hold standard error open: it ends when they have ended too
        _, errors = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(60)
    assert process.returncode == -signal.SIGKILL
    assert errors == ""
