"""What the tests know of the processes a command left behind (POSIX: read from /proc)."""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, Optional

from muehle.analyzer.batch import dask_backend

if TYPE_CHECKING:
    import pytest


def living_processes(session: int) -> list[int]:
    """The processes of ``session`` that have not ended (zombies waiting to be reaped are ended):
    the product's own reading of ``/proc`` (:func:`~muehle.analyzer.batch.dask_backend.living_processes`)."""
    return dask_backend.living_processes(session=session)


def pools_started(monkeypatch: "pytest.MonkeyPatch", module: ModuleType) -> list[int]:
    """The list that the workers of every pool ``module`` starts from now on are added to (its
    ``Pool`` replaced by a spy that starts the real one)."""
    started: list[int] = []
    real_pool = module.Pool

    def counting_pool(workers: int, warm_up: Optional[Callable[[], None]] = None) -> Any:
        started.append(workers)
        return real_pool(workers, warm_up)

    monkeypatch.setattr(module, "Pool", counting_pool)
    return started
