"""Running tasks on a ``dask.distributed`` cluster, the results in task order (needs ``muehle[dask]``).

:class:`DaskBackend` does what :class:`~muehle.analyzer.batch.pool.Pool` does, with the
workers of a cluster: ``--scheduler ADDRESS`` connects to a running scheduler
(``dask scheduler`` and ``dask worker`` started on the machines), ``--scheduler local``
starts a cluster of worker processes on this machine for the run. The tasks are
submitted a few per worker thread ahead of the result waited for, so a long list of
tasks is never in the scheduler at once, and the results come back in order.
The workers read the files themselves: every file must be readable at the same
path on every worker (shared storage); see ``docs/performance.md``.

Nothing is waited for without a deadline: connecting (:data:`CONNECT_TIMEOUT`, the peer's
first answer included: a peer that answers something other than Dask's protocol is an error
at once), and each result, which is waited for :data:`POLL_SECONDS` at a time; between the
waits the cluster is looked at: a worker that died while running one of the run's tasks ends
the run with an error of its own (code ``worker``), and so do a scheduler that has not
answered for :data:`SCHEDULER_TIMEOUT` seconds and a cluster without a worker for
:data:`NO_WORKERS_TIMEOUT` seconds (code ``scheduler``, naming the address).

A local cluster runs in a process of its own (:class:`LocalClusterProcess`,
:mod:`~muehle.analyzer.batch.local_cluster`), in a process group of its own: Ctrl-C and
SIGTERM, sent to the command's whole process group (as a terminal sends Ctrl-C), reach only
this process, whose handlers stay in place all the while, the cluster's start included. It
stops handing out tasks and stops the cluster (:meth:`DaskBackend.terminate`: the cluster's
process is killed, its workers end with it).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from typing import Any, Callable, Iterable, Iterator, Optional, TypeVar

from muehle.notation.text.errors import MuehleError
from muehle.notation.text.i18n import N_, _

Task = TypeVar("Task")
Result = TypeVar("Result")

#: What is said when Dask is missing.
NEEDS_DASK = N_("--scheduler needs Dask's distributed scheduler; install it with: pip install 'muehle[dask]'")

#: How many tasks, per worker thread of the cluster, are submitted ahead of the result waited for.
TASKS_AHEAD = 3

#: How long connecting to a scheduler may take, its first answer included (seconds).
CONNECT_TIMEOUT = 30

#: How long a wait for a result lasts before the cluster is looked at again (seconds).
POLL_SECONDS = 0.5

#: How long the scheduler may leave a run without an answer (to the look between two waits,
#: and no result either) before the run ends with an error (seconds).
SCHEDULER_TIMEOUT = 30

#: How long one look at the scheduler may take (seconds).
LOOK_TIMEOUT = 5

#: How long a cluster may be without a worker while the run waits for a result (seconds).
NO_WORKERS_TIMEOUT = 60

#: How long a local cluster may take to start: this many seconds, and as many per worker.
START_TIMEOUT = 60
START_TIMEOUT_PER_WORKER = 2

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

#: What a local cluster is started with besides :data:`CLUSTER_SETTINGS`: a task whose worker
#: dies fails at once (Dask's default tries it on three more workers, each of which it may kill).
LOCAL_SETTINGS = {"distributed.scheduler.allowed-failures": 0}


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


def scheduler_error(message: str) -> MuehleError:
    """An error of the cluster's scheduler (code ``scheduler``), reported at ``--scheduler``."""
    return MuehleError(message, source="--scheduler", code="scheduler")


def _timeouts() -> tuple[type[BaseException], ...]:
    """What a wait that ran out raises (Dask's and Python's: different classes before Python 3.11)."""
    import distributed  # (Dask is optional: muehle[dask])

    return (TimeoutError, distributed.TimeoutError)


def probe(address: str, timeout: float) -> None:
    """Raise a :class:`MuehleError` (code ``scheduler``) unless a Dask scheduler at ``address``
    answers within ``timeout`` seconds, in Dask's protocol (its handshake)."""
    from distributed.comm.core import connect  # (Dask is optional: muehle[dask])

    outcome: "queue.Queue[Optional[BaseException]]" = queue.Queue()

    async def handshake() -> None:
        comm = await asyncio.wait_for(connect(address, timeout=timeout), timeout)
        await comm.close()

    def run() -> None:
        try:
            asyncio.run(handshake())
        except BaseException as error:  # (handed to the waiting thread)
            outcome.put(error)
        else:
            outcome.put(None)

    # (in a thread of its own: its event loop is its own, and this thread stays free to hear Ctrl-C)
    threading.Thread(target=run, name="muehle: Dask handshake", daemon=True).start()
    try:
        error = outcome.get(timeout=timeout + LOOK_TIMEOUT)
    except queue.Empty:
        error = TimeoutError()
    if error is None:
        return
    if isinstance(error, (*_timeouts(), asyncio.TimeoutError)):
        raise scheduler_error(_("cannot reach the Dask scheduler at {address}: no answer within {seconds} s").format(
            address=address, seconds=timeout)) from None
    if isinstance(error, OSError):  # (refused, closed, no such host: Dask's retries ran out)
        raise scheduler_error(_("cannot reach the Dask scheduler at {address}: {error}").format(
            address=address, error=error)) from None
    if not isinstance(error, Exception):  # (KeyboardInterrupt and the like: not the peer's doing)
        raise error
    # (an HTTP server, say: its first bytes read as the length of Dask's first message)
    raise not_dask(address, error) from None


def not_dask(address: str, error: BaseException) -> MuehleError:
    """The error for a peer whose answer is not in Dask's protocol (an HTTP server, say)."""
    return scheduler_error(_("the peer at {address} does not answer as a Dask scheduler does ({error})").format(
        address=address, error=f"{type(error).__name__}: {error}"))


class _Deaths:
    """The workers that left the cluster unexpectedly while the client looked (Dask's
    ``remove-worker`` events, each with the tasks the worker was running)."""

    TOPIC = "all"

    def __init__(self, client: Any) -> None:
        self.client = client
        self.lock = threading.Lock()
        self.running: dict[str, str] = {}  # task key -> the worker that was running it when it died
        client.subscribe_topic(self.TOPIC, self._heard)

    def _heard(self, event: Any) -> None:
        """(In the client's event loop.)"""
        with contextlib.suppress(Exception):  # (an event of another shape: not one of these)
            message = event[1]
            if message.get("action") != "remove-worker" or message.get("expected"):
                return
            with self.lock:
                for key in message.get("processing-tasks", ()):
                    self.running[str(key)] = str(message.get("worker", "?"))

    def worker_of(self, keys: Iterable[str]) -> Optional[str]:
        """The worker that died while running one of the tasks ``keys``, if any."""
        with self.lock:
            for key in keys:
                if key in self.running:
                    return self.running[key]
        return None

    def close(self) -> None:
        with contextlib.suppress(Exception):  # (a client closed meanwhile)
            self.client.unsubscribe_topic(self.TOPIC)


def worker_died(name: str, detail: object) -> MuehleError:
    """The error for a worker that died while running a task of the run (code ``worker``)."""
    return MuehleError(_("a worker of the Dask cluster stopped unexpectedly ({error})").format(error=detail),
                       source=name, code="worker")


def ended_running(address: str) -> str:
    """What is said of the worker at ``address`` that died while it ran a task."""
    return _("the worker at {address} ended while it ran a task").format(address=address)


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
                super().start(**kwargs)  # type: ignore[no-untyped-call]  # (Dask's Client.start has no hints)
            except BaseException:
                runner = getattr(self, "_loop_runner", None)  # (Dask's; none in a version without it)
                if runner is not None:
                    with contextlib.suppress(Exception):
                        runner.stop()
                raise

    # (Dask's Client.__init__, which the class keeps, has no hints)
    return ClientEndingItsLoop(address, timeout=CONNECT_TIMEOUT, set_as_default=False)  # type: ignore[no-untyped-call]


class DaskBackend:
    """A client of a Dask cluster (``address``: a scheduler's, or ``local`` for a cluster of
    ``workers`` processes on this machine, started here and stopped by :meth:`close`)."""

    def __init__(self, address: str, workers: int = 2) -> None:
        require_dask()
        #: Whether the workers see this machine's files (a temporary file, say): only a local cluster's do.
        self.local = address == "local"
        self.cluster: Optional[LocalClusterProcess] = None
        if self.local:
            self.cluster = LocalClusterProcess(workers)
            address = self.cluster.address
        #: The scheduler's address (a local cluster's too), as messages name it.
        self.address = address
        unreachable: tuple[type[BaseException], ...] = (*_timeouts(), OSError)
        try:
            # (two connections, not one: Dask's Client met by a peer that is not a scheduler, an HTTP
            # server, waits past its own timeout (40 s and more at timeout=5); the probe has a deadline)
            probe(address, CONNECT_TIMEOUT)
            try:
                self.client = _connected(address)
            except unreachable as error:
                raise scheduler_error(_("cannot reach the Dask scheduler at {address}: {error}").format(
                    address=address, error=error)) from None
            except Exception as error:  # (the peer changed its answer since the probe)
                raise not_dask(address, error) from None
        except BaseException:
            if self.cluster is not None:
                self.cluster.kill()
            raise

    @property
    def threads(self) -> int:
        """How many tasks the cluster runs at once (its workers' threads; at least 1)."""
        return max(sum(self._look().values()), 1)

    def _look(self) -> dict[str, int]:
        """The cluster's workers and their threads, as the scheduler tells them within
        :data:`LOOK_TIMEOUT` seconds (else an error naming the address, code ``scheduler``)."""
        try:
            return dict(self.client.nthreads(callback_timeout=LOOK_TIMEOUT))
        except Exception as error:  # (a timeout, a connection closed or refused, a client that lost it)
            raise scheduler_error(_("the Dask scheduler at {address} does not answer ({error})").format(
                address=self.address, error=f"{type(error).__name__}: {error}")) from None

    def map(self, function: Callable[[Task], Result], tasks: Iterable[Task], name: str = "") -> Iterator[Result]:
        """``function`` of each task, in the order of ``tasks``, run on the cluster's workers.

        A worker that dies while running a task of the run (and a task the scheduler gave up
        on) is a :class:`MuehleError` (code ``worker``) that names ``name``; a scheduler that
        stops answering, a cluster left without workers and a connection lost are one of
        code ``scheduler`` (the deadlines are the module's); a fault in ``function`` is raised
        here as the worker raised it. Left before the end, the tasks still submitted are cancelled.
        """
        pending: deque[Any] = deque()
        source = iter(tasks)
        ahead = TASKS_AHEAD * self.threads
        deaths = _Deaths(self.client)
        try:
            for task in source:
                pending.append(self.client.submit(function, task, pure=False))
                if len(pending) >= ahead:
                    break
            while pending:
                result = self._result(pending, deaths, name)
                pending.popleft().release()
                following: Any = next(source, pending)  # (``pending``: there is none)
                if following is not pending:
                    pending.append(self.client.submit(function, following, pure=False))
                yield result
        finally:
            deaths.close()
            # (released, the tasks still submitted are wanted by nobody: the scheduler drops them
            # and the workers drop those they run; a message, nothing waited for)
            for future in pending:
                with contextlib.suppress(Exception):  # (the client closed by a stop meanwhile, a scheduler gone)
                    future.release()

    def _result(self, pending: deque[Any], deaths: _Deaths, name: str) -> Any:
        """The result of the first of ``pending``, waited for :data:`POLL_SECONDS` at a time; between
        the waits, a worker that died running one of them, a scheduler that does not answer and a
        cluster without workers end the wait with an error."""
        from dask.distributed import KilledWorker  # (Dask is optional: muehle[dask])
        from distributed import CancelledError  # (the same)

        future = pending[0]
        timeouts = _timeouts()
        answered = time.monotonic()  # the scheduler's last answer
        no_workers_since: Optional[float] = None
        while True:
            try:
                return future.result(timeout=POLL_SECONDS)
            except KilledWorker as error:  # (the scheduler gave up on the task: its workers died running it)
                address = getattr(getattr(error, "last_worker", None), "address", None)
                raise worker_died(name, error if address is None else ended_running(address)) from None
            except CancelledError as error:  # (the client lost the scheduler, or the scheduler dropped it)
                raise scheduler_error(_("the Dask scheduler at {address} dropped the run's tasks ({error})").format(
                    address=self.address, error=error or type(error).__name__)) from None
            except timeouts:
                if future.done():
                    continue
            dead = deaths.worker_of(str(waiting.key) for waiting in pending)
            if dead is not None:
                raise worker_died(name, ended_running(dead))
            now = time.monotonic()
            try:
                workers = self._look()
            except MuehleError:
                if time.monotonic() - answered >= SCHEDULER_TIMEOUT:
                    raise scheduler_error(_("the Dask scheduler at {address} has not answered for {seconds} s").format(
                        address=self.address, seconds=SCHEDULER_TIMEOUT)) from None
                continue
            answered = time.monotonic()
            if workers:
                no_workers_since = None
            elif no_workers_since is None:
                no_workers_since = now
            elif now - no_workers_since >= NO_WORKERS_TIMEOUT:
                raise scheduler_error(_("the Dask cluster at {address} has had no worker for {seconds} s").format(
                    address=self.address, seconds=NO_WORKERS_TIMEOUT))

    def close(self, timeout: float = STOP_TIMEOUT) -> None:
        """Disconnect (within ``timeout`` seconds), and end a local cluster (its process killed:
        the results are in, nothing is left to finish). A stop meanwhile (Ctrl-C) stops at once instead."""
        try:
            with contextlib.suppress(Exception):  # (a client already closed, a connection lost)
                self.client.close(timeout=timeout)
            if self.cluster is not None:
                self.cluster.kill()
        except BaseException:
            self.terminate()
            raise

    def terminate(self) -> None:
        """Stop soon, quietly, whatever the cluster was doing (the tasks still submitted were
        dropped by :meth:`map`): the client closed within a second, a local cluster killed."""
        with quiet_distributed():
            # (the client first: a scheduler gone before it would have it try to reconnect, and say so)
            with contextlib.suppress(Exception):
                self.client.close(timeout=QUICK_STOP_TIMEOUT)
            if self.cluster is not None:
                self.cluster.kill()


class LocalClusterProcess:
    """The process that holds a local cluster of ``workers`` processes
    (:mod:`~muehle.analyzer.batch.local_cluster`), in a process group of its own; its
    ``address`` is the scheduler's. Starting it waits at most :data:`START_TIMEOUT` seconds and
    :data:`START_TIMEOUT_PER_WORKER` per worker; a signal meanwhile (Ctrl-C) kills it at once."""

    def __init__(self, workers: int) -> None:
        debug = bool(os.environ.get("MUEHLE_DEBUG"))
        group: dict[str, Any] = {}
        if os.name == "posix":
            group = {"process_group": 0} if sys.version_info >= (3, 11) else {"start_new_session": True}
        elif hasattr(subprocess, "CREATE_NEW_PROCESS_GROUP"):  # (Windows: Ctrl-C reaches no other group)
            group = {"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "muehle.analyzer.batch.local_cluster"], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=None if debug else subprocess.DEVNULL, **group)
        try:
            assert self.process.stdin is not None and self.process.stdout is not None
            settings = {"workers": workers, "config": {**CLUSTER_SETTINGS, **LOCAL_SETTINGS}, "path": sys.path}
            self.process.stdin.write((json.dumps(settings) + "\n").encode("utf-8"))
            self.process.stdin.flush()
            answer = self._answer(START_TIMEOUT + START_TIMEOUT_PER_WORKER * workers)
        except BaseException:
            self.kill()
            raise
        if "address" not in answer:
            self.kill()
            raise scheduler_error(_("the local Dask cluster did not start: {error}").format(
                error=answer.get("error", "?")))
        self.address: str = answer["address"]

    def _answer(self, timeout: float) -> dict[str, Any]:
        """The process's answer (a line of JSON), waited for ``timeout`` seconds at most; an empty
        one when it ended without."""
        lines: "queue.Queue[bytes]" = queue.Queue()
        stdout = self.process.stdout
        assert stdout is not None
        # (a thread reads, so that this one waits with a deadline and hears Ctrl-C meanwhile)
        threading.Thread(target=lambda: lines.put(stdout.readline()), name="muehle: local cluster", daemon=True).start()
        try:
            line = lines.get(timeout=timeout)
        except queue.Empty:
            raise scheduler_error(_("the local Dask cluster did not start within {seconds} s").format(
                seconds=timeout)) from None
        try:
            answer = json.loads(line.decode("utf-8")) if line.strip() else {}
        except ValueError:
            answer = {}
        if not isinstance(answer, dict):
            answer = {}
        if not answer:
            answer = {"error": _("its process ended (exit status {status})").format(
                status=self.process.wait(QUICK_STOP_TIMEOUT))}
        return answer

    def kill(self) -> None:
        """End the cluster at once: its process, told by the end of its standard input, kills
        the workers and leaves (killed after :data:`QUICK_STOP_TIMEOUT` seconds if it has not);
        what is left of its process group after as long again is killed too."""
        with contextlib.suppress(OSError):  # (its standard output is the reading thread's: it sees its end)
            if self.process.stdin is not None:
                self.process.stdin.close()
        try:
            self.process.wait(QUICK_STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(OSError):
                self.process.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(QUICK_STOP_TIMEOUT)
        if os.name != "posix":
            return
        # (multiprocessing's resource tracker, in the group, removes the workers' semaphores once
        # they are all gone: it is given a moment)
        deadline = time.monotonic() + QUICK_STOP_TIMEOUT
        while group_alive(self.process.pid) and time.monotonic() < deadline:
            time.sleep(0.02)
        with contextlib.suppress(OSError):
            os.killpg(self.process.pid, signal.SIGKILL)


def living_processes(*, group: Optional[int] = None, session: Optional[int] = None) -> list[int]:
    """The processes of the process group ``group`` (or of the session ``session``) that have not
    ended, a zombie waiting to be reaped counting as ended: read from ``/proc`` (Linux; where there
    is none, none are found)."""
    field, wanted = (2, group) if group is not None else (3, session)  # (state, ppid, pgrp, session)
    found = []
    for entry in os.listdir("/proc") if os.path.isdir("/proc/self") else ():
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):  # (ended meanwhile)
            continue
        if int(fields[field]) == wanted and fields[0] != "Z":
            found.append(int(entry))
    return found


def group_alive(group: int) -> bool:
    """Whether a process of the process group ``group`` is still running (on Linux: one that is
    not a zombie waiting to be reaped, :func:`living_processes`; elsewhere: any)."""
    if os.path.isdir("/proc/self"):
        return bool(living_processes(group=group))
    try:
        os.killpg(group, 0)
    except OSError:
        return False
    return True
