"""A Dask scheduler that cannot be reached leaves no thread running in this process (Dask's client
would leave its event loop's thread, and the worker pools of a process with threads cannot fork)."""

from __future__ import annotations

import threading
import time

import pytest

from muehle.notation.text.errors import MuehleError

pytest.importorskip("dask.distributed", reason="Dask is in the test extra: pip install '.[test]'")

from muehle.analyzer.batch import dask_backend  # noqa: E402  (after the skip)


def test_a_scheduler_that_cannot_be_reached_leaves_no_thread_running(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dask_backend, "CONNECT_TIMEOUT", 2)
    before = set(threading.enumerate())
    with pytest.raises(MuehleError) as raised:
        dask_backend.DaskBackend("tcp://127.0.0.1:9")
    assert raised.value.code == "scheduler"
    started = [thread for thread in threading.enumerate() if thread not in before]
    deadline = time.monotonic() + 10
    for thread in started:
        thread.join(max(0.0, deadline - time.monotonic()))
    assert [thread.name for thread in started if thread.is_alive()] == []
