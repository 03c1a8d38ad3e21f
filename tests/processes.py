"""What the tests know of the processes a command left behind (POSIX: read from /proc)."""

from __future__ import annotations

import os
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, Optional

if TYPE_CHECKING:
    import pytest


def living_processes(session: int) -> list[int]:
    """The processes of ``session`` that have not ended (zombies waiting to be reaped are ended)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:  # (ended meanwhile)
            continue
        if int(fields[3]) == session and fields[0] != "Z":  # (state, ppid, pgrp, session)
            found.append(int(entry))
    return found


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
