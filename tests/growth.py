"""What a hostile test measures of a run: CPU time and peak memory, judged by growth."""

from __future__ import annotations

import gc
import time
import tracemalloc
from typing import Callable


def cost(run: Callable[[], object]) -> tuple[float, int]:
    """CPU seconds of this process and peak traced bytes of ``run()`` (CPU time, not the wall
    clock: other processes on a shared machine stretch the one, not the other)."""
    gc.collect()
    tracemalloc.start()
    try:
        start = time.process_time()
        run()
        seconds = time.process_time() - start
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return seconds, peak
