"""The process that holds the cluster of ``--scheduler local`` (run as ``python -m
muehle.analyzer.batch.local_cluster`` by :class:`~muehle.analyzer.batch.dask_backend.LocalClusterProcess`).

The command's own process starts this one in a process group of its own, so that a Ctrl-C
at the terminal (sent to the terminal's foreground group) and a signal sent to the command's
group reach the command alone, from the first moment on: neither this process nor the worker
processes its Dask ``LocalCluster`` starts hear them, and the command keeps its own handlers
all the while. The command ends this process when it is done with the cluster, or stopped.

The protocol, one line of JSON each way: the command writes the settings (``workers``, Dask's
``config``, the ``path`` its modules are found on); this process answers with the scheduler's
``address`` once the workers run, or an ``error``. When its standard input ends (the command
closed it, or ended, whatever way), this process leaves at once, in the middle of the start
too, and kills the cluster's worker processes first: multiprocessing's resource tracker, which
they and this process share, then sees them all gone and removes the semaphores they held
(the nannies' queues; killed along with the tracker, they would stay in ``/dev/shm``).
"""

from __future__ import annotations

import json
import logging
import os
import sys
import threading
from typing import Any, Optional


def _answer(message: dict[str, Any], descriptor: int) -> None:
    os.write(descriptor, (json.dumps(message) + "\n").encode("utf-8"))


def _leave_at_the_end_of_input() -> None:
    """Wait for standard input to end, then kill the workers and leave at once."""
    try:
        sys.stdin.buffer.read()
    except (OSError, ValueError):  # (closed in some other way: the same)
        pass
    import multiprocessing  # (loaded already: the cluster's workers are its processes)

    try:
        for child in multiprocessing.active_children():
            child.kill()
    finally:
        os._exit(0)


def main() -> int:
    """Start the cluster, say its address, hold it until standard input ends."""
    settings = json.loads(sys.stdin.readline() or "{}")
    sys.path[:] = [entry for entry in settings.get("path", sys.path) if isinstance(entry, str)]
    watch = threading.Thread(target=_leave_at_the_end_of_input, daemon=True)
    watch.start()
    # the answer goes to the pipe alone: the workers inherit standard output, and had they the
    # pipe, the command would not see its end when this process ends
    answers = os.dup(1)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.close(null)
    cluster: Optional[Any] = None
    try:
        import dask  # (Dask is optional: muehle[dask]; this process runs only with it)
        from dask.distributed import LocalCluster  # (the same)

        with dask.config.set(settings.get("config", {})):
            # no dashboard; the scheduler's HTTP server (there all the same) on a free port of the
            # loopback interface rather than on 8787, which another cluster may hold
            cluster = LocalCluster(n_workers=int(settings["workers"]), threads_per_worker=1, processes=True,
                                   host="127.0.0.1", dashboard_address=None, silence_logs=logging.CRITICAL,
                                   scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})
        _answer({"address": cluster.scheduler_address}, answers)
    except Exception as error:  # (the command reports it)
        _answer({"error": f"{type(error).__name__}: {error}"}, answers)
    watch.join()  # (until the command is done with the cluster: it ends this process)
    return 0


if __name__ == "__main__":
    sys.exit(main())
