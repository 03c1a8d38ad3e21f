"""What the tests know of the processes a command left behind (POSIX: read from /proc)."""

from __future__ import annotations

import os


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
