"""The suite itself: every test has a deadline, a hang fails by its name, and a run leaves nothing
behind in the temporary directory."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from deadlines import SLOW_TEST_TIMEOUT, TEST_TIMEOUT
from paths import ROOT


def test_every_test_has_a_deadline_and_the_slow_ones_a_longer_one(request: pytest.FixtureRequest) -> None:
    for item in request.session.items:
        marker = item.get_closest_marker("timeout")
        assert marker is not None and marker.args[0] > 0, item.nodeid
        if item.get_closest_marker("slow") is not None:
            assert marker.args[0] >= SLOW_TEST_TIMEOUT, item.nodeid
    assert request.node.get_closest_marker("timeout").args == (TEST_TIMEOUT,)
    assert TEST_TIMEOUT < SLOW_TEST_TIMEOUT


def child_environment(temporary: str) -> dict[str, str]:
    environment = {key: value for key, value in os.environ.items() if not key.startswith("PYTEST_")}
    environment["TMPDIR"] = temporary
    return environment


def test_a_test_that_hangs_fails_by_its_name(tmp_path: Path) -> None:
    # (a wait on a lock, as a wait for a result of another process's is: the deadline ends it)
    (tmp_path / "test_waits.py").write_text(
        "import threading\nimport pytest\n\n"
        "@pytest.mark.timeout(1)\n"
        "def test_waits_for_ever():\n"
        "    threading.Event().wait()\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "--rootdir", str(tmp_path),
                           str(tmp_path / "test_waits.py")], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120, env=child_environment(str(tmp_path)))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Timeout" in done.stdout and "test_waits_for_ever" in done.stdout


@pytest.mark.skipif(os.name != "posix", reason="worker processes started by fork")
def test_a_run_leaves_nothing_in_the_temporary_directory() -> None:
    # tests that write into tmp_path, the endgame cache and start worker processes, run by the
    # suite's own configuration with a temporary directory of their own
    temporary = tempfile.mkdtemp(prefix="empty-")
    chosen = ["tests/cli/test_select_stats_jobs.py::test_stats_counts_the_same_with_workers",
              "tests/cli/test_show_best_cli.py::test_the_winning_mill_is_marked_on_the_diagram_and_the_value_said"]
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", *chosen], cwd=ROOT,
                          capture_output=True, text=True, timeout=600, env=child_environment(temporary))
    assert done.returncode == 0, done.stdout + done.stderr
    assert " passed" in done.stdout.splitlines()[-1]
    assert os.listdir(temporary) == []
