"""Running tasks on a ``dask.distributed`` cluster, the results in task order (needs ``muehle[dask]``).

:class:`DaskBackend` does what :class:`~muehle.analyzer.batch.pool.Pool` does, with the
workers of a cluster: ``--scheduler ADDRESS`` connects to a running scheduler
(``dask scheduler`` and ``dask worker`` started on the machines), ``--scheduler local``
starts a cluster of worker processes on this machine for the run. The tasks are
submitted a few per worker ahead of the result waited for, so a long list of
tasks is never in the scheduler at once, and the results come back in order.
The workers read the files themselves: every file must be readable at the same
path on every worker (shared storage); see ``docs/performance.md``.

A local cluster's worker processes ignore Ctrl-C (SIGINT) and SIGTERM: sent to the
whole process group (as a terminal sends Ctrl-C), they reach only this process, which
stops handing out tasks and stops the cluster (:meth:`DaskBackend.terminate`, with
short timeouts, its processes killed if they linger).
"""

from __future__ import annotations

import contextlib
import logging
import signal
import threading
from collections import deque
from typing import Any, Callable, Iterable, Iterator, TypeVar

from muehle.notation.errors import MuehleError
from muehle.notation.i18n import N_, _

Task = TypeVar("Task")
Result = TypeVar("Result")

#: What is said when Dask is missing.
NEEDS_DASK = N_("--scheduler needs Dask's distributed scheduler; install it with: pip install 'muehle[dask]'")

#: How many tasks, per worker thread of the cluster, are submitted ahead of the result waited for.
TASKS_AHEAD = 3

#: How long connecting to a scheduler may take (seconds).
CONNECT_TIMEOUT = 30

#: How long the end of a run waits for the client to disconnect, and for a local cluster to end
#: (seconds); and how long when the run was stopped (Ctrl-C).
STOP_TIMEOUT = 10
QUICK_STOP_TIMEOUT = 1

#: Dask's settings for a cluster that runs muehle's tasks (long, in pure Python, one thread per
#: worker), used for ``--scheduler local``: no statistical profiler (it samples the task's
#: stack every 10 ms), and the event loop's watchdog and the dashboard's system monitor wake
#: seldom. Each wake-up takes the interpreter's lock from the task; with Dask's defaults a
#: local cluster's workers spent 10 to 38% more CPU on the same ranges than ``--jobs``'s
#: (0.97 to 1.18 times with these; ``bench/RESULTS.md``: the machine's drift is as large).
#: ``docs/performance.md`` says how to set them on a cluster elsewhere.
CLUSTER_SETTINGS = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
}

#: The signals a local cluster's workers leave to this process (the cluster stops its workers).
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM") if hasattr(signal, name))


@contextlib.contextmanager
def signals_ignored() -> Iterator[None]:
    """Within it, Ctrl-C and SIGTERM are ignored (in the main thread: elsewhere nothing changes);
    the processes started meanwhile (a local cluster's workers) keep ignoring them, and leave
    them to this process, whose handlers are restored on leaving. (Blocking the signals instead
    would not do: a spawned Python process starts with none blocked.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {number: signal.signal(number, signal.SIG_IGN) for number in STOP_SIGNALS}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


@contextlib.contextmanager
def quiet_distributed() -> Iterator[None]:
    """Within it, Dask's own loggers say nothing (a stop's cancelled tasks and closed connections
    are no news to the user)."""
    logger = logging.getLogger("distributed")
    level = logger.level
    logger.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        logger.setLevel(level)


def require_dask() -> None:
    """Raise :class:`ImportError` saying how to install Dask, unless ``dask.distributed`` can be imported."""
    try:
        import dask.distributed  # noqa: F401
    except ImportError:
        raise ImportError(_(NEEDS_DASK)) from None


def _connected(address: str) -> Any:
    """A client of the scheduler at ``address``, connected within :data:`CONNECT_TIMEOUT` seconds.

    A Dask client runs its event loop in a thread of this process; when it cannot connect,
    Dask leaves that thread running (it ends the loop's runner only on closing a client that
    started, and the client that failed is marked closed). Here it ends with the failure:
    threads left running in this process would keep its worker pools from forking.
    """
    from dask.distributed import Client  # (Dask is optional: muehle[dask])

    class ClientEndingItsLoop(Client):
        def start(self, **kwargs: Any) -> None:
            try:
                super().start(**kwargs)
            except BaseException:
                runner = getattr(self, "_loop_runner", None)  # (Dask's; none in a version without it)
                if runner is not None:
                    with contextlib.suppress(Exception):
                        runner.stop()
                raise

    return ClientEndingItsLoop(address, timeout=CONNECT_TIMEOUT)


class DaskBackend:
    """A client of a Dask cluster (``address``: a scheduler's, or ``local`` for a cluster of
    ``workers`` processes on this machine, started here and stopped by :meth:`close`)."""

    def __init__(self, address: str, workers: int = 2) -> None:
        require_dask()
        import dask  # (Dask is optional: muehle[dask])
        from dask.distributed import Client, LocalCluster  # (the same)

        self.address = address
        self.cluster: Any = None
        try:
            if address == "local":
                # (a Ctrl-C while the workers start is lost: they are to ignore it; the nannies hand
                # the settings on to the workers they start)
                with signals_ignored(), dask.config.set(CLUSTER_SETTINGS):
                    # (no dashboard; the scheduler's HTTP server, which is there all the same, on
                    # a free port rather than 8787, which another cluster may hold)
                    self.cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                                dashboard_address=None, silence_logs=logging.CRITICAL,
                                                scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})
                    self.client = Client(self.cluster)
            else:
                self.client = _connected(address)
        except (OSError, TimeoutError) as error:
            if self.cluster is not None:
                self.cluster.close()
            raise MuehleError(_("cannot reach the Dask scheduler at {address}: {error}").format(address=address, error=error),
                              source="--scheduler", code="scheduler") from None
        #: Whether the workers see this machine's files (a temporary file, say): only a local cluster's do.
        self.local = address == "local"

    @property
    def threads(self) -> int:
        """How many tasks the cluster runs at once (its workers' threads; at least 1)."""
        return max(sum(self.client.nthreads().values()), 1)

    def map(self, function: Callable[[Task], Result], tasks: Iterable[Task], name: str = "") -> Iterator[Result]:
        """``function`` of each task, in the order of ``tasks``, run on the cluster's workers.

        A worker that dies while running a task (and the tasks the scheduler gave up on)
        is a :class:`MuehleError` (code ``worker``) that names ``name``; a fault in
        ``function`` is raised here as the worker raised it. Left before the end, the
        tasks still submitted are cancelled.
        """
        from dask.distributed import KilledWorker  # (Dask is optional: muehle[dask])

        pending: deque[Any] = deque()
        source = iter(tasks)
        ahead = TASKS_AHEAD * self.threads
        try:
            for task in source:
                pending.append(self.client.submit(function, task, pure=False))
                if len(pending) >= ahead:
                    break
            while pending:
                future = pending.popleft()
                try:
                    result = future.result()
                except KilledWorker as error:
                    raise MuehleError(_("a worker of the Dask cluster stopped unexpectedly ({error})").format(error=error),
                                      source=name, code="worker") from None
                future.release()
                following: Any = next(source, pending)  # (``pending``: there is none)
                if following is not pending:
                    pending.append(self.client.submit(function, following, pure=False))
                yield result
        finally:
            if pending:
                with contextlib.suppress(Exception):  # (the client closed by a stop meanwhile)
                    self.client.cancel(list(pending))

    def close(self, timeout: float = STOP_TIMEOUT) -> None:
        """Disconnect, and stop a local cluster: what does not end within ``timeout`` seconds
        is left (its worker processes killed). A Ctrl-C meanwhile is ignored (it ends soon)."""
        with signals_ignored():
            with contextlib.suppress(Exception):  # (a client already closed, a connection lost)
                self.client.close(timeout=timeout)
            if self.cluster is None:
                return
            # (multiprocessing's processes, started by the nannies)
            processes = [getattr(getattr(getattr(nanny, "process", None), "process", None), "_process", None)
                         for nanny in self.cluster.workers.values()]
            with contextlib.suppress(Exception):
                self.cluster.close(timeout=timeout)
            self.cluster.shutdown_on_close = False  # (not again when Python exits: it is done)
            for process in processes:
                if process is not None and process.is_alive():
                    process.kill()
                    process.join(timeout)

    def terminate(self) -> None:
        """Stop soon, quietly, whatever the cluster was doing (the tasks still submitted were
        cancelled by :meth:`map`): as :meth:`close`, with a shorter wait and Dask's loggers silent."""
        with quiet_distributed():
            self.close(QUICK_STOP_TIMEOUT)

