"""A pytest plugin: a test during which the test process forks while it runs threads fails.

A fork copies the locks the other threads hold, and a child that waits for one of them waits
for ever. Python 3.12 and later warn of such a fork (a ``DeprecationWarning`` from ``os.fork``,
for ``multiprocessing``'s ``fork`` too), but a filter that makes the warning an error cannot
fail a test: ``os.fork`` has already forked and drops the error. So each phase of a test
(set-up, call, tear-down) records the warning here and fails when it came; the other warnings
go on to pytest as before. ``tests/conftest.py`` takes these hooks.
"""

from __future__ import annotations

import warnings
from typing import Generator

import pytest

#: The start of the warning's text (a regular expression, as a warnings filter takes it).
FORK_WITH_THREADS = r"This process \(pid=[0-9]+\) is multi-threaded, use of fork"


def _failing_on_forks_with_threads() -> Generator[None, object, object]:
    with warnings.catch_warnings(record=True) as seen:
        warnings.filterwarnings("always", message=FORK_WITH_THREADS, category=DeprecationWarning)
        try:
            result = yield
        finally:
            forks = [w for w in seen if issubclass(w.category, DeprecationWarning)
                     and str(w.message).startswith("This process (pid=")]
            others = [w for w in seen if w not in forks]
    for w in others:  # (to pytest, which reports them as ever)
        warnings.warn_explicit(w.message, w.category, w.filename, w.lineno, source=w.source)
    if forks:
        places = ", ".join(f"{w.filename}:{w.lineno}" for w in forks)
        pytest.fail(f"the test process forked while it ran threads, at {places}: {forks[0].message}", pytrace=False)
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, object, object]:
    return (yield from _failing_on_forks_with_threads())


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, object, object]:
    return (yield from _failing_on_forks_with_threads())


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Generator[None, object, object]:
    return (yield from _failing_on_forks_with_threads())
