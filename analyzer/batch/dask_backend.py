"""Running tasks on a ``dask.distributed`` cluster, the results in task order (needs ``muehle[dask]``).

:class:`DaskBackend` does what :class:`~muehle.analyzer.batch.pool.Pool` does, with the
workers of a cluster: ``--scheduler ADDRESS`` connects to a running scheduler
(``dask scheduler`` and ``dask worker`` started on the machines), ``--scheduler local``
starts a cluster of worker processes on this machine for the run. The tasks are
submitted a few per worker ahead of the result waited for, so a long list of
tasks is never in the scheduler at once, and the results come back in order.
The workers read the files themselves: every file must be readable at the same
path on every worker (shared storage); see ``docs/performance.md``.
"""

from __future__ import annotations

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


def require_dask() -> None:
    """Raise :class:`ImportError` saying how to install Dask, unless ``dask.distributed`` can be imported."""
    try:
        import dask.distributed  # noqa: F401
    except ImportError:
        raise ImportError(_(NEEDS_DASK)) from None


class DaskBackend:
    """A client of a Dask cluster (``address``: a scheduler's, or ``local`` for a cluster of
    ``workers`` processes on this machine, started here and stopped by :meth:`close`)."""

    def __init__(self, address: str, workers: int = 2) -> None:
        require_dask()
        import logging

        from dask.distributed import Client, LocalCluster

        self.address = address
        self.cluster: Any = None
        try:
            if address == "local":
                self.cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                            dashboard_address=None, silence_logs=logging.CRITICAL)
                self.client = Client(self.cluster)
            else:
                self.client = Client(address, timeout=CONNECT_TIMEOUT)
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
        from dask.distributed import KilledWorker

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
                self.client.cancel(list(pending))

    def close(self) -> None:
        """Disconnect (and stop a local cluster)."""
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()

    def terminate(self) -> None:
        """Stop at once (a local cluster's workers are stopped too)."""
        self.close()

