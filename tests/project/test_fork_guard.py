"""The suite fails a test during which the test process forks while it runs threads
(``tests/fork_guard.py``): Python 3.12 and later warn of such a fork, which may leave a lock held
in the child for ever. And the threads a module's tests start must end with them
(``tests/conftest.py``), so that later tests fork from a process without threads."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from paths import ROOT

warns_of_forks = pytest.mark.skipif(sys.version_info < (3, 12) or not hasattr(os, "fork"),
                                    reason="Python warns of a fork with threads from 3.12 on (POSIX)")


def _failing_run(tmp_path: Path, name: str, tests: str, plugin: str) -> "tuple[subprocess.CompletedProcess[str], list[str]]":
    """A run of pytest (with ``plugin``) over the module ``name`` holding ``tests``, which fails (status 1),
    and the outcome of each of its tests as ``-rA`` reports them (``PASSED``, ``FAILED``, ``ERROR`` and the test)."""
    (tmp_path / name).write_text(tests, encoding="utf-8")
    environment = {**os.environ, "PYTHONPATH": str(ROOT / "tests")}
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", plugin, "-p", "no:cacheprovider", "-rA", name],
                          cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stdout + done.stderr
    return done, [line.split(" - ")[0] for line in done.stdout.splitlines()
                  if line.startswith(("PASSED ", "FAILED ", "ERROR "))]

TESTS = """
import os, threading, warnings

def fork():
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)

def test_forks_while_a_thread_runs():
    over = threading.Event()
    thread = threading.Thread(target=over.wait, args=(60,))
    thread.start()
    try:
        fork()
    finally:
        over.set()
        thread.join()

def test_forks_alone():
    fork()

def test_warns_of_something_else():
    warnings.warn("something else", UserWarning)
"""


@warns_of_forks
def test_a_fork_while_threads_run_fails_its_test_and_nothing_else(tmp_path: Path) -> None:
    done, outcomes = _failing_run(tmp_path, "test_forks.py", TESTS, "fork_guard")
    assert outcomes == [
        "PASSED test_forks.py::test_forks_alone",
        "PASSED test_forks.py::test_warns_of_something_else",
        "FAILED test_forks.py::test_forks_while_a_thread_runs",
    ]
    assert "the test process forked while it ran threads, at " in done.stdout
    assert "is multi-threaded, use of fork() may lead to deadlocks in the child." in done.stdout
    # (the other warning is reported as ever)
    assert "UserWarning: something else" in done.stdout


LEAVING = """
import threading

def test_leaves_a_thread_running():
    threading.Thread(target=threading.Event().wait, args=(60,), name="left running", daemon=True).start()

def test_ends_its_thread():
    over = threading.Event()
    thread = threading.Thread(target=over.wait, args=(60,), name="ended")
    thread.start()
    over.set()
"""


def test_a_module_whose_tests_leave_a_thread_running_is_an_error(tmp_path: Path) -> None:
    """``tests/conftest.py``'s ``threads_ended``: between modules, the test process runs no thread
    of theirs (the conftest taken as a plugin by a run of other tests)."""
    done, outcomes = _failing_run(tmp_path, "test_threads.py", LEAVING, "conftest")
    assert outcomes == [
        "PASSED test_threads.py::test_leaves_a_thread_running",
        "PASSED test_threads.py::test_ends_its_thread",
        "ERROR test_threads.py::test_ends_its_thread",
    ]
    assert "threads this module's tests started still run 10 s after them: ['left running']" in done.stdout
