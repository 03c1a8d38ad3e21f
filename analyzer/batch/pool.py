"""Worker processes on this machine that run a function over tasks, the results in task order.

:class:`Pool` is what ``--jobs N`` starts: ``N`` workers, each with a pipe of its own.
:meth:`Pool.map` runs any module-level function over any picklable tasks (the
ranges of files, say) and gives the results in the order of the tasks, keeping
each worker :data:`TASKS_AHEAD` tasks ahead, so that it never waits for the next.

It is written by hand rather than taken from ``concurrent.futures`` or
``multiprocessing.Pool`` for what those do not give: a worker ignores Ctrl-C and
SIGTERM and is killed at once when the run stops (``ProcessPoolExecutor`` has no way
to kill its workers before Python 3.14, so an interrupted run would wait for the
tasks under way); a worker that dies is reported with its exit status (those pools
know only that the pool broke); a worker whose main process was killed ends
quietly when its pipe closes (the workers of ``ProcessPoolExecutor`` share one queue
whose ends they inherit, and could wait on it for ever); and no thread stands
between the workers and the results.

Nothing is waited for without a deadline. The answers are waited for
:data:`POLL_SECONDS` at a time, read piece by piece as they come (a worker killed
in the middle of an answer is an error, whether or not its pipe tells the end);
between the waits, a worker with tasks that has ended is reported with its exit
status, and one that has said nothing for :data:`WORKER_TIMEOUT` seconds (stopped,
or caught in a lock it inherited) is killed and reported. The end of the pool
waits :data:`STOP_TIMEOUT` seconds for the workers to leave, then kills them.

Measured (``bench/pools.py``, the same ranges of a 30 MB file, two workers, Python
3.11; ``bench/RESULTS.md``): a stopped run ends in 0.004 s with this pool and in
1.6 s with ``ProcessPoolExecutor.shutdown(cancel_futures=True)``, which waits for the
ranges under way and those already in its queue; a killed worker is "a worker process
stopped unexpectedly (exit status -9)" here and ``BrokenProcessPool`` there (in two
runs of about twenty, the executor missed the death and waited for ever); and the executor
took 6% longer to judge the file.

The workers are forked where this process runs no other thread (:func:`start_method`):
a forked worker starts at once and inherits what ``warm_up`` built. A process that
runs threads (a Dask client's event loop, a thread of the program that uses muehle)
is not forked: a thread may hold a lock at the moment of the fork, which the child
would then wait for for ever (Python 3.12 and later warn of it). Its workers are
started by a fork server (``forkserver``: a clean process started for the purpose, on
POSIX systems; ``spawn`` elsewhere), and each runs ``warm_up`` and takes the
language of this process's messages itself.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import select
import signal
import struct
import threading
import time
from collections import deque
from typing import TYPE_CHECKING, Any, Callable, Generic, Iterable, Iterator, Optional, TypeVar

from muehle.notation.text.errors import MuehleError
from muehle.notation.text.i18n import _, current_language, set_language

if TYPE_CHECKING:  # (multiprocessing is imported only when workers are started)
    from multiprocessing.connection import Connection

Task = TypeVar("Task")
Result = TypeVar("Result")

#: How many tasks a worker is given ahead (so that it never waits for the next one).
TASKS_AHEAD = 2

#: How many results, per worker, may wait for an earlier task's before no more tasks are handed out.
WAITING_PER_WORKER = 4

#: The most worker processes a run may start (``--jobs``, and the workers of ``--scheduler local``).
MAX_JOBS = 256

#: How long a wait for the workers' answers lasts before the workers are looked at (seconds).
POLL_SECONDS = 1.0

#: How long a worker with tasks may say nothing before it is taken for stuck, killed and reported
#: (seconds): far longer than any range takes (a range is 1 MB at most, 16 MB where no game starts
#: for long, judged at about 1 MB a second).
WORKER_TIMEOUT = 600

#: How long the end of a pool waits for its workers to leave before they are killed, and how long
#: the end of a killed worker is waited for (seconds).
STOP_TIMEOUT = 10
KILL_TIMEOUT = 1


def usable_processors() -> int:
    """How many processors this process may run on (its affinity where the system tells, else all).

    >>> usable_processors() >= 1
    True
    """
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # (no sched_getaffinity: macOS, Windows)
        return os.cpu_count() or 1


#: The signals that stop a run: the main process's to hear, never a worker's.
STOP_SIGNALS = {getattr(signal, name) for name in ("SIGINT", "SIGTERM") if hasattr(signal, name)}


@contextlib.contextmanager
def stop_signals_blocked() -> Iterator[None]:
    """Within it, Ctrl-C and SIGTERM wait (blocked, in this thread) and come after it: a worker
    forked meanwhile starts with them blocked, until it ignores them (:func:`_serve`), and so
    never runs this process's handlers, whenever the signal comes. (Where signals cannot be
    blocked, nothing changes.)"""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def threads_running() -> int:
    """How many threads this process runs: the system's count where it tells (Linux), which
    includes threads started outside Python; else those Python's ``threading`` knows.

    >>> threads_running() >= 1
    True
    """
    try:
        with open("/proc/self/stat", "rb") as handle:
            # (the fields after the program's name, which is in parentheses: the 20th is the count)
            return int(handle.read().rsplit(b")", 1)[1].split()[17])
    except (OSError, IndexError, ValueError):
        return threading.active_count()


def start_method() -> str:
    """How the workers are started: ``fork`` where the system can fork and this process runs
    one thread; else ``forkserver`` where there is one (POSIX), ``spawn`` elsewhere.

    >>> start_method() in ("fork", "forkserver", "spawn")
    True
    """
    import multiprocessing  # (start-up: only when workers are started)

    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threads_running() == 1:
        return "fork"
    return "forkserver" if "forkserver" in methods else "spawn"


#: What a worker that was not forked does before its first task: the ``warm_up`` of its pool
#: (or ``None``) and the language of the main process's messages.
Setup = tuple[Optional[Callable[[], None]], str]


def _serve(connection: "Connection", strays: list["Connection"], setup: Optional[Setup] = None) -> None:
    """In a worker: run the tasks the main process sends on ``connection`` (a function and its
    argument) until it sends ``None`` or goes away. ``strays`` are pipe ends a forked worker
    inherited and closes; ``setup`` is what a worker that was not forked does first."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the main process's to handle,
    if hasattr(signal, "SIGTERM"):  # and so is SIGTERM (sent to the whole group, say)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # (blocked since the fork: see stop_signals_blocked)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    for stray in strays:
        stray.close()
    if setup is not None:
        warm_up, language = setup
        set_language(language)
        if warm_up is not None:
            warm_up()
    while True:
        try:
            message = connection.recv()
        except (EOFError, OSError):  # the main process is gone (its end of the pipe closed, or reset)
            return
        if message is None:
            return
        function, task = message
        try:
            answer: tuple[Any, Optional[str]] = (function(task), None)
        except Exception:  # a fault of muehle's own: the main process raises it
            import traceback  # (only when a task fails)

            answer = (None, traceback.format_exc())
        try:
            connection.send(answer)
        except OSError:  # the main process is gone (killed): nobody waits for the answer
            return


def readable(descriptor: int, timeout: float) -> bool:
    """Whether something (or the end) can be read from ``descriptor`` within ``timeout`` seconds (POSIX)."""
    poller = select.poll()
    poller.register(descriptor, select.POLLIN)
    return bool(poller.poll(timeout * 1000))


class Pool:
    """``workers`` processes that run tasks (see the module's description).

    >>> with Pool(2) as pool:
    ...     list(pool.map(abs, [-3, 1, -2], "numbers"))
    [3, 1, 2]
    """

    def __init__(self, workers: int, warm_up: Optional[Callable[[], None]] = None,
                 method: Optional[str] = None) -> None:
        """Start the workers, by ``method`` (a start method of :mod:`multiprocessing`; by default
        :func:`start_method`'s). ``warm_up``, a module's function, builds what the workers use:
        it runs here before they are forked, so that they inherit it, or else in each worker."""
        import multiprocessing  # (start-up: only when workers are started)

        #: How the workers were started: ``fork``, ``forkserver`` or ``spawn``.
        self.method = method or start_method()
        context = multiprocessing.get_context(self.method)
        forked = self.method == "fork"
        if warm_up is not None and forked:
            warm_up()
        setup: Optional[Setup] = None if forked else (warm_up, current_language())
        self.workers: list[tuple[Any, Connection]] = []  # (process, the main process's end of its pipe)
        self.unsettled: Optional[_Run[Any, Any]] = None  # the map last begun
        ends: list[Connection] = []
        try:
            for _ in range(workers):
                ours, theirs = context.Pipe()
                ends.append(ours)
                # (a forked worker inherits the ends of the pipes started before its own and closes
                # them; a worker not forked gets only what it is given)
                strays = list(ends) if forked else []
                # (typeshed's BaseContext lacks Process, which every concrete context has)
                process = context.Process(target=_serve, args=(theirs, strays, setup), daemon=True)  # type: ignore[attr-defined]
                with stop_signals_blocked():
                    process.start()
                theirs.close()
                self.workers.append((process, ours))
        except BaseException:
            self.terminate()
            raise

    @property
    def threads(self) -> int:
        """How many tasks run at once: one per worker."""
        return len(self.workers)

    def __enter__(self) -> "Pool":
        return self

    def __exit__(self, kind: object, *rest: object) -> None:
        if kind is None:
            self.close()
        else:
            self.terminate()

    def map(self, function: Callable[[Task], Result], tasks: Iterable[Task], name: str = "") -> Iterator[Result]:
        """``function`` of each task, in the order of ``tasks``, run by the workers.

        ``function`` must be found by its name in a worker (a module's function). A
        fault in it is a :class:`RuntimeError` here with the worker's traceback; a worker
        that stops (killed, out of memory) is a :class:`MuehleError` (code ``worker``)
        that names ``name``. Left before its end, the results of the tasks under way
        are read and dropped when the pool is used again (the pipes start clean for the
        next map); :meth:`terminate` does not wait for them.
        """
        self.settle()
        run = self.unsettled = _Run(self, function, iter(tasks), name)
        yield from run.results()

    def settle(self) -> None:
        """Read and drop the answers of a map left before its end."""
        if self.unsettled is not None:
            self.unsettled.settle()
            self.unsettled = None

    def send(self, connection: "Connection", message: tuple[Any, ...], name: str) -> None:
        """Give a worker a task."""
        try:
            connection.send(message)
        except OSError:
            raise self.stopped(connection, name) from None

    def receive(self, connection: "Connection", name: str) -> Any:
        """A worker's answer on its next task."""
        try:
            result, fault = self.answer(connection, name)
        except (EOFError, OSError):
            raise self.stopped(connection, name) from None
        if fault is not None:
            raise RuntimeError(f"a worker process failed:\n{fault}")
        return result

    def stopped(self, connection: "Connection", name: str) -> MuehleError:
        """The error for a worker that stopped before its work was done (killed, out of memory)."""
        process = self.process_of(connection)
        process.join(KILL_TIMEOUT)
        return MuehleError(_("a worker process stopped unexpectedly (exit status {status})").format(status=process.exitcode),
                           source=name, code="worker")

    def process_of(self, connection: "Connection") -> Any:
        """The worker at the other end of ``connection``."""
        return next(process for process, end in self.workers if end is connection)

    def silent(self, connection: "Connection", name: str) -> MuehleError:
        """Kill a worker that has said nothing for :data:`WORKER_TIMEOUT` seconds; the error that says so."""
        process = self.process_of(connection)
        process.kill()
        process.join(KILL_TIMEOUT)
        return MuehleError(_("a worker process gave no answer for {seconds} s and was stopped").format(
            seconds=WORKER_TIMEOUT), source=name, code="worker")

    def answer(self, connection: "Connection", name: str) -> tuple[Any, ...]:
        """A worker's next message, read as it comes, :data:`POLL_SECONDS` at a time: the end of
        the pipe and a worker that has ended (whether or not its pipe says so) are an
        :class:`EOFError`; a worker silent for :data:`WORKER_TIMEOUT` seconds is killed, and a
        :class:`MuehleError` (code ``worker``) raised. (The framing is multiprocessing's:
        a length of 4 bytes, or -1 and a length of 8, then the pickle.)"""
        if os.name != "posix" or not hasattr(select, "poll"):  # (Windows: its pipes are waited on whole)
            answer: tuple[Any, ...] = connection.recv()
            return answer
        size, = struct.unpack("!i", self.read_exactly(connection, 4, name))
        if size == -1:
            size, = struct.unpack("!Q", self.read_exactly(connection, 8, name))
        answer = pickle.loads(self.read_exactly(connection, size, name))
        return answer

    def read_exactly(self, connection: "Connection", size: int, name: str) -> bytearray:
        """``size`` bytes from a worker's pipe (see :meth:`answer`)."""
        data = bytearray(size)
        view = memoryview(data)
        descriptor = connection.fileno()
        done = 0
        heard = time.monotonic()
        while done < size:
            if not readable(descriptor, POLL_SECONDS):
                if self.process_of(connection).exitcode is not None and \
                        not readable(descriptor, 0):  # (what it sent before it ended is read)
                    raise EOFError
                if time.monotonic() - heard >= WORKER_TIMEOUT:
                    raise self.silent(connection, name)
                continue
            count = os.readv(descriptor, [view[done:done + (1 << 20)]])
            if count == 0:
                raise EOFError
            done += count
            heard = time.monotonic()
        return data

    def close(self) -> None:
        """Let the workers finish and end (those not gone within :data:`STOP_TIMEOUT` seconds are killed)."""
        self.settle()
        for process, connection in self.workers:
            with contextlib.suppress(OSError):  # (a worker that already stopped)
                connection.send(None)
        deadline = time.monotonic() + STOP_TIMEOUT
        for process, connection in self.workers:
            process.join(max(deadline - time.monotonic(), 0))
            if process.exitcode is None:
                process.kill()
                process.join(KILL_TIMEOUT)
            connection.close()
        self.workers = []

    def terminate(self) -> None:
        """Stop at once: the workers are killed, whatever they were doing."""
        self.unsettled = None
        for process, _connection in self.workers:
            process.kill()  # (SIGKILL: a worker ignores SIGINT and SIGTERM)
        for process, connection in self.workers:
            process.join(KILL_TIMEOUT)
            connection.close()
        self.workers = []


class _Run(Generic[Task, Result]):
    """One :meth:`Pool.map`: the tasks handed out, numbered in order, and the results that came back."""

    def __init__(self, pool: Pool, function: Callable[[Task], Result], tasks: Iterator[Task], name: str) -> None:
        self.pool, self.function, self.tasks, self.name = pool, function, tasks, name
        self.given: dict[Connection, deque[int]] = {connection: deque() for _, connection in pool.workers}
        self.arrived: dict[int, Result] = {}  # the results not yet handed on
        self.sent = 0  # tasks handed out so far
        self.taken = 0  # results handed on so far
        self.more = True  # whether there may be tasks left
        self.heard: dict[Connection, float] = {}  # when each busy worker was last heard from (or became busy)
        self.by_descriptor = {connection.fileno(): connection for connection in self.given}
        self.poller = select.poll() if hasattr(select, "poll") else None  # (none on Windows: wait() then)
        if self.poller is not None:
            for descriptor in self.by_descriptor:
                self.poller.register(descriptor, select.POLLIN)

    def results(self) -> Iterator[Result]:
        while True:
            self.hand_out()
            if self.taken in self.arrived:
                result = self.arrived.pop(self.taken)
                self.taken += 1
                yield result
            elif self.taken == self.sent:
                return
            else:
                self.collect()

    def hand_out(self) -> None:
        """Give the workers tasks until each has :data:`TASKS_AHEAD` (the one with the fewest first)."""
        limit = WAITING_PER_WORKER * len(self.given)
        while self.more and self.given and len(self.arrived) < limit:
            connection = min(self.given, key=lambda candidate: len(self.given[candidate]))
            if len(self.given[connection]) >= TASKS_AHEAD:
                return
            task = next(self.tasks, self)
            if task is self:
                self.more = False
                return
            self.pool.send(connection, (self.function, task), self.name)
            if not self.given[connection]:
                self.heard[connection] = time.monotonic()
            self.given[connection].append(self.sent)
            self.sent += 1

    def collect(self) -> None:
        """Wait for the workers' answers (:data:`POLL_SECONDS` at most) and take in those that are
        ready; a worker with tasks that has ended, or has been silent too long, is an error."""
        if self.poller is not None:
            ready = [self.by_descriptor[descriptor] for descriptor, _ in self.poller.poll(POLL_SECONDS * 1000)]
        else:
            from multiprocessing.connection import wait  # (only where select.poll is missing: Windows)

            # (wait returns some of the objects it is given; typeshed widens them to any waitable)
            ready = wait([connection for connection, waiting in self.given.items() if waiting],  # type: ignore[assignment]
                         POLL_SECONDS)
        if not ready:
            self.look()
        for connection in ready:
            if not self.given[connection]:  # nothing to answer: the worker has stopped
                raise self.pool.stopped(connection, self.name)
            self.arrived[self.given[connection].popleft()] = self.pool.receive(connection, self.name)
            self.heard[connection] = time.monotonic()

    def look(self) -> None:
        """After a wait without answers: a worker with tasks that has ended (its pipe may not tell,
        should another process hold its end), or has said nothing for
        :data:`WORKER_TIMEOUT` seconds, ends the run with an error."""
        now = time.monotonic()
        for connection, waiting in self.given.items():
            if not waiting:
                continue
            if self.pool.process_of(connection).exitcode is not None:
                raise self.pool.stopped(connection, self.name)
            if now - self.heard.get(connection, now) >= WORKER_TIMEOUT:
                raise self.pool.silent(connection, self.name)

    def settle(self) -> None:
        """Read and drop the answers on tasks still with the workers."""
        for connection, waiting in self.given.items():
            # (a worker that stopped, or was stopped for its silence: its next task says so)
            with contextlib.suppress(EOFError, OSError, MuehleError):
                while waiting:
                    waiting.popleft()
                    self.pool.answer(connection, self.name)
