"""Shared test helpers."""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

import pytest
from hypothesis import HealthCheck, settings

from deadlines import SLOW_TEST_TIMEOUT, TEST_TIMEOUT
from fork_guard import pytest_runtest_call, pytest_runtest_setup, pytest_runtest_teardown  # noqa: F401  (hooks)
from paths import EXAMPLES, ROOT

if TYPE_CHECKING:
    from chromium import Window

# Machines running the tests are shared and their speed varies: no per-example deadline.
settings.register_profile("muehle", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("muehle")

SEEDS = ROOT.parent / "shared" / "seeds"


@pytest.fixture(autouse=True)
def english_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests expect English: a German locale on the machine that runs them (which the command
    follows, docs/german.md) is set aside; the tests of German ask for it."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if variable == "LANGUAGE" and value:
            monkeypatch.delenv(variable)
        elif value.lower().startswith("de"):
            monkeypatch.setenv(variable, "C.UTF-8")


@pytest.fixture
def examples() -> Path:
    return EXAMPLES


# Everything the tests, and the processes they start (commands, worker pools, Dask's workers and
# their scratch space), write to the temporary directory goes to one folder of this run's, removed
# when the run ends: the suite leaves nothing behind in the machine's temporary directory.
RUN_TEMPORARY = tempfile.mkdtemp(prefix="mt-")
os.environ["TMPDIR"] = RUN_TEMPORARY
tempfile.tempdir = RUN_TEMPORARY

# numpy's OpenBLAS starts a thread per processor when numpy is imported. The tests need none, and
# the worker pool of a process that runs threads starts its workers by a fork server (slower, and
# not what the muehle command, which has no numpy loaded then, does): one thread does.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

# The endgame tables a test reads are those it builds: the HTML writer and `show --best` look into
# the user's cache by default, which must not be this machine's.
os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="cache-")


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """pytest's tmp_path folders go into the run's folder too, unless ``--basetemp`` says where
    (``t/``: the paths as short as pytest's own, ``/tmp/pytest-of-USER/pytest-N/``, so that
    messages that quote a path whole below a length do so as they do elsewhere)."""
    if config.option.basetemp is None:
        config.option.basetemp = os.path.join(RUN_TEMPORARY, "t")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test has a deadline: the tests marked ``slow`` the longer one, unless they say their own."""
    for item in items:
        if item.get_closest_marker("timeout") is None:
            slow = item.get_closest_marker("slow") is not None
            item.add_marker(pytest.mark.timeout(SLOW_TEST_TIMEOUT if slow else TEST_TIMEOUT))


@atexit.register
def remove_run_temporary() -> None:
    """The run's temporary folder goes with the run: at the test process's exit, after what
    ``multiprocessing`` removes of its own there then (its handler, registered when it is first
    imported, later than this one, runs first)."""
    shutil.rmtree(RUN_TEMPORARY, ignore_errors=True)


@pytest.fixture(scope="session")
def solved_three_v_three() -> Any:
    """The 3-against-3 table under flying and capture from mills when all stand in mills, solved
    once per test run (some seconds)."""
    pytest.importorskip("numpy")
    from muehle.analyzer.endgames import solver
    from muehle.analyzer.endgames.settings import EndgameRules

    return solver.solve_group([(3, 3)], EndgameRules(), {})[(3, 3)]


@pytest.fixture(scope="session")
def endgame_cache(solved_three_v_three: Any, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache folder holding that table (the tables of the presets wmd, schuermann, ...)."""
    from muehle.analyzer.endgames.settings import EndgameRules
    from muehle.analyzer.endgames.store import save_table, table_path

    directory = tmp_path_factory.mktemp("endgames")
    save_table(table_path(directory, EndgameRules(), (3, 3)), solved_three_v_three)
    return directory


#: How long the threads a module's tests started may take to end after its last test (seconds).
THREADS_END_WITHIN = 10


@pytest.fixture(scope="module", autouse=True)
def threads_ended() -> Iterator[None]:
    """The threads a module's tests start end with its tests: a later test that starts workers
    would otherwise start them from a process with threads (the pool then starts them by a fork
    server, slower; a fork there could leave a lock held in the child for ever). Dask's one
    thread that Dask itself never ends is ended here (:func:`end_dask_offload_thread`)."""
    before = set(threading.enumerate())
    yield
    end_dask_offload_thread()
    deadline = time.monotonic() + THREADS_END_WITHIN
    started = [thread for thread in threading.enumerate() if thread not in before]
    for thread in started:
        thread.join(max(0.0, deadline - time.monotonic()))
    left = [thread.name for thread in started if thread.is_alive()]
    assert not left, f"threads this module's tests started still run {THREADS_END_WITHIN} s after them: {left}"


def end_dask_offload_thread() -> None:
    """End the thread of ``distributed``'s offload executor, if it runs: Dask starts it in the
    process of a scheduler or client that deserializes a large message and never ends it. A new
    executor takes its place (its thread starts when it is first used)."""
    utils = sys.modules.get("distributed.utils")
    executor = getattr(utils, "_offload_executor", None)  # (Dask's own; its name in Dask 2024 to 2026)
    if executor is None or not any(t.name.startswith("Dask-Offload") for t in threading.enumerate()):
        return
    from concurrent.futures import ThreadPoolExecutor

    utils._offload_executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="Dask-Offload")  # type: ignore[union-attr]
    executor.shutdown(wait=True)


@pytest.fixture(scope="module")
def window() -> Iterator["Window"]:
    """One headless Chromium for a test module of the viewer (``tests/chromium.py``)."""
    from chromium import Window  # (selenium: only for the tests that drive a browser)

    session = Window()
    try:
        yield session
    finally:
        session.driver.quit()
