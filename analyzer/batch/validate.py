"""Validating files of records: the engine of ``muehle validate``.

Files are read game by game (memory does not grow with the file) and each game is
judged by :func:`muehle.analyzer.reports.verdict.judge`; a JSON or YAML record (known by
:func:`~muehle.notation.reading.format_of`) is one document, read whole, and so is a text
in PlayOK's numbered points (known by the start of the file; a pipe's start is looked at
as it is read). With
``jobs > 1`` the file is cut into pieces where a game surely starts
(:func:`~muehle.notation.splitter.safe_cut`, the splitter's rule) and the pieces are read
and judged in that many processes (the main one and ``jobs - 1`` workers; ``jobs=0``
is one per processor the process may run on, :func:`usable_processors`); the reports
come back in file order and are the same as with one process.

>>> import os, tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     path = os.path.join(folder, "two.txt")
...     with open(path, "w") as handle:
...         _ = handle.write("1. d2 d6 2. f4 f2 *\\n\\n1. d2 d2 *\\n")
...     summary = validate_file(path)
>>> summary.games, summary.valid, summary.invalid, summary.plies
(2, 1, 1, 5)
"""

from __future__ import annotations

import contextlib
import gc
import os
import select
import signal
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, BinaryIO, Callable, Generator, Iterable, Iterator, Optional, Union

from muehle.analyzer.engine.rules import Ruleset, RulesArg, as_ruleset
from muehle.analyzer.reports.verdict import GameReport, judge
from muehle.notation.errors import MuehleError, no_game
from muehle.notation.i18n import _, ngettext
from muehle.notation.inputs import PathArg, path_text, read_text, regular_file, source_name
from muehle.notation.reading import format_of, read
from muehle.notation.splitter import safe_cut

if TYPE_CHECKING:  # (multiprocessing is imported only when workers are started)
    from multiprocessing.connection import Connection

    from muehle.notation.model import Game


@dataclass
class ValidationSummary:
    """Counts over everything validated: games, valid and invalid ones, legal plies, input errors."""

    games: int = 0
    valid: int = 0
    invalid: int = 0
    plies: int = 0
    input_errors: int = 0

    def add(self, item: Union[GameReport, MuehleError]) -> None:
        if isinstance(item, MuehleError):
            self.input_errors += 1
            return
        self.games += 1
        self.plies += item.plies
        if item.valid:
            self.valid += 1
        else:
            self.invalid += 1

    @property
    def ok(self) -> bool:
        """Every game valid and every input readable."""
        return not self.invalid and not self.input_errors

    def line(self) -> str:
        """``N games, M valid, K invalid`` (and the unreadable inputs, if any: inputs without a game too)."""
        text = ngettext("{count} game, {valid} valid, {invalid} invalid", "{count} games, {valid} valid, {invalid} invalid",
                        self.games).format(count=self.games, valid=self.valid, invalid=self.invalid)
        if self.input_errors:
            text += ngettext(", {count} unreadable input", ", {count} unreadable inputs",
                             self.input_errors).format(count=self.input_errors)
        return text


@contextlib.contextmanager
def fewer_collections(threshold: int = 100_000) -> Iterator[None]:
    """Let the cyclic garbage collector run less often while many games are checked.

    Reading and judging a game makes many small objects that reference counting
    frees as soon as the game is done; the collector would scan them every 700
    allocations (its default) for cycles that are not there. The previous
    thresholds are restored on leaving.

    >>> import gc
    >>> before = gc.get_threshold()
    >>> with fewer_collections():
    ...     gc.get_threshold()[0]
    100000
    >>> gc.get_threshold() == before
    True
    """
    previous = gc.get_threshold()
    gc.set_threshold(max(threshold, previous[0]), *previous[1:])
    try:
        yield
    finally:
        gc.set_threshold(*previous)


def usable_processors() -> int:
    """How many processors this process may run on (its affinity where the system tells, else all).

    >>> usable_processors() >= 1
    True
    """
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # (no sched_getaffinity: macOS, Windows)
        return os.cpu_count() or 1


def validate_paths(
    names: Iterable[PathArg], rules: RulesArg = None, jobs: int = 1,
    stdin_text: Union[str, MuehleError, None] = None, source_format: Optional[str] = None,
) -> Generator[Union[GameReport, MuehleError], None, None]:
    """A report per game of each input in order, or the :class:`MuehleError` of an unreadable input.

    ``names`` are paths (text or :class:`os.PathLike`; one path alone is a :class:`TypeError`);
    ``rules`` (a :class:`Ruleset`, a preset's name or a YAML file's path) replaces the
    records' ``Rules`` tags, ``None`` leaves it to them. ``-`` names standard input, whose
    text is ``stdin_text``, or the error met reading it (``None``: it is read when ``-``
    comes, once however often it is named).
    Notation, PGN, JSON and YAML records are read (JSON and YAML whole, in this
    process), each input in the format its name or content says, or in ``source_format``
    (see :func:`muehle.notation.read`). After an input error (standard input's too) the other inputs are still
    read. An input without a game (an empty file, say) is an input error too. ``jobs``
    processes judge the games (0: one per :func:`usable_processors`; a negative number
    is a :class:`ValueError`). The arguments are checked at the call.
    """
    if isinstance(names, (str, bytes, os.PathLike)):
        raise TypeError(f"names must be an iterable of paths, not one path (validate_paths([{names!r}]))")
    chosen = None if rules is None else as_ruleset(rules)
    if jobs < 0:
        raise ValueError(f"jobs is a number of processes (0: one per processor), not {jobs}")
    if source_format is not None:
        format_of("-", None, source_format)  # (an unknown format is a ValueError at the call)
    return _reports(names, chosen, usable_processors() if jobs == 0 else jobs, stdin_text, source_format)


def _reports(names: Iterable[PathArg], rules: Optional[Ruleset], jobs: int,
             stdin_text: Union[str, MuehleError, None],
             source_format: Optional[str] = None) -> Generator[Union[GameReport, MuehleError], None, None]:
    """The reports of :func:`validate_paths`, its arguments checked."""
    pool = _Pool(jobs) if jobs > 1 else None
    stdin = stdin_text  # (read at the first "-" when not given)
    try:
        for name in names:
            name = path_text(name, "each of names")
            source = source_name(name)
            text = None
            if name == "-":
                if stdin is None:
                    stdin = read_stdin()
                if isinstance(stdin, MuehleError):
                    yield stdin
                    continue
                text = stdin
            form = format_of(name, text, source_format)
            if form not in ("notation", "pgn"):
                items = _judge_data_record(name, source, form, rules, text)
            elif pool is None or (name != "-" and not regular_file(name)):
                # a pipe (<(zcat ...), /dev/stdin, a FIFO) can be read once only, and by this process
                items = _judge_serially(name, source, rules, text, source_format)
            else:
                items = _judge_in_pool(pool, name, source, rules, text)
            yield from _with_a_game(items, source)
    except BaseException:  # interrupted (Ctrl-C) or abandoned: stop the workers at once
        if pool is not None:
            pool.terminate()
            pool = None
        raise
    finally:
        if pool is not None:
            pool.close()


def read_stdin() -> Union[str, MuehleError]:
    """The text of standard input, or the error met reading it (reported in its place among the inputs)."""
    try:
        return read_text("-")
    except MuehleError as error:
        return error


def _with_a_game(items: Iterator[Union[GameReport, MuehleError]],
                 source: str) -> Iterator[Union[GameReport, MuehleError]]:
    """The reports of one input; an input that holds no game at all is an error of its own."""
    empty = True
    for item in items:
        empty = False
        yield item
    if empty:
        yield MuehleError(no_game(), source=source, code="empty")


def validate_file(path: PathArg, rules: RulesArg = None, jobs: int = 1) -> ValidationSummary:
    """Validate one file (``rules``: a preset name, a YAML file, a ruleset, or ``None`` for the tags)."""
    reports = validate_paths([path], rules, jobs)
    summary = ValidationSummary()
    with fewer_collections():
        for item in reports:
            summary.add(item)
    return summary


def _judge_serially(name: str, source: str, rules: Optional[Ruleset], stdin_text: Optional[str],
                    source_format: Optional[str] = None) -> Iterator[Union[GameReport, MuehleError]]:
    # (a pipe's format, when not forced, is known from its start as it is read: it is read once)
    games = read(name, source_format, text=(stdin_text or "") if name == "-" else None, name=source, deferred=True,
                 lenient=True)
    try:
        for index, game in enumerate(games, 1):
            yield judge(game, index, rules, source)
    except MuehleError as error:
        yield error


def _judge_data_record(name: str, source: str, form: str, rules: Optional[Ruleset],
                       stdin_text: Optional[str]) -> Iterator[Union[GameReport, MuehleError]]:
    """Judge the games of a JSON or YAML record or a PlayOK text (``form``), read whole, in this process."""
    try:
        games = list(read(name, form, text=(stdin_text or "") if name == "-" else None, name=source))
    except MuehleError as error:
        yield error
        return
    for index, game in enumerate(games, 1):
        yield judge(game, index, rules, source)


def _judge_in_pool(pool: "_Pool", name: str, source: str, rules: Optional[Ruleset],
                   stdin_text: Optional[str]) -> Iterator[Union[GameReport, MuehleError]]:
    if name == "-":
        # the workers read their pieces from a file: standard input goes into one first
        import tempfile

        with tempfile.TemporaryDirectory(prefix="muehle-") as folder:
            path = os.path.join(folder, "stdin.txt")
            with open(path, "wb") as copy:
                copy.write((stdin_text or "").encode("utf-8"))
            yield from _judge_in_pool(pool, path, source, rules, None)
        return
    try:
        handle = open(name, "rb")
    except OSError as error:
        yield MuehleError(_("cannot read {name}: {reason}").format(name=name, reason=error.strerror), source=source,
                          code="io")
        return
    with handle:
        yield from pool.judge(handle, name, source, rules)


# --- several processes -------------------------------------------------------------

#: How many bytes are read ahead to cut a piece from: a piece ends at the first safe
#: boundary after half of them (pieces of 64 KB and a little more).
PIECE_BYTES = 128 * 1024

#: Without a safe boundary in this many bytes, the rest of a file is judged in the main process.
PIECE_LIMIT_FACTOR = 32


def _pieces(handle: BinaryIO) -> Iterator[tuple[int, bytes, bool]]:
    """Cut a binary stream into pieces at safe game boundaries (at the first one after half of :data:`PIECE_BYTES`).

    Yields each piece with the number of its first line and whether the rest of the
    stream is left unread: when no safe boundary comes within :data:`PIECE_LIMIT_FACTOR`
    pieces' worth of bytes, the piece read so far is yielded with ``True`` and the
    caller reads on from there (memory must not grow with the file).
    """
    from muehle.notation.decode import line_break_count

    buffer = b""
    line = 1
    at_end = False
    scan_from = 0  # where the search for a boundary goes on in the buffer
    while True:
        target = PIECE_BYTES  # (read each time: tests make it small)
        while not at_end and len(buffer) < target:
            block = handle.read(PIECE_BYTES)
            at_end = not block
            buffer += block
        if not buffer:
            return
        cut = safe_cut(buffer, max(target // 2, scan_from)) if len(buffer) > target // 2 else None
        if cut is None and not at_end:
            if len(buffer) >= PIECE_LIMIT_FACTOR * PIECE_BYTES:
                yield line, buffer, True  # no boundary in sight: the caller reads on
                return
            scan_from = max(buffer.rfind(b"\n"), 0)  # lines before it are complete and were looked at
            block = handle.read(PIECE_BYTES)
            at_end = not block
            buffer += block
            continue
        if cut is None:
            cut = len(buffer)
        piece, buffer = buffer[:cut], buffer[cut:]
        scan_from = 0
        yield line, piece, False
        line += line_break_count(piece)


#: What a worker is sent: source name, ruleset, first line, and the piece as path, offset, length.
Task = tuple[str, Optional[Ruleset], int, str, int, int]

#: A piece's outcome: its reports, and the input error that stopped the reading, if any.
Outcome = tuple[list[GameReport], Optional[MuehleError]]


def _judge_data(data: bytes, source: str, rules: Optional[Ruleset], first_line: int, ends_text: bool,
                between: Optional[Callable[[], None]] = None) -> Outcome:
    """Read and judge the games of one piece of a source (``between`` is called after each game)."""
    from muehle.notation.parser import byte_lines, read_lines

    reports: list[GameReport] = []
    with fewer_collections():
        games = read_lines(byte_lines(data, source, first_line, lenient=True), source, first_line, True, ends_text)
        while True:
            try:
                game = next(games, None)
                if game is None:
                    return reports, None
                reports.append(judge(game, 0, rules, source))
            except MuehleError as error:  # (an error of ``between`` is not the input's)
                return reports, error
            if between is not None:
                between()


def _judge_piece(task: Task) -> Outcome:
    """In a worker: read one piece of a source from its file and judge its games.

    The worker reads the piece from the file itself: a task written to a worker's
    pipe stays small, so handing one out never waits for the pipe to drain (a main
    process blocked there could not stop the workers on Ctrl-C).
    """
    source, rules, first_line, path, offset, length = task
    try:
        with open(path, "rb") as handle:
            handle.seek(offset)
            data = handle.read(length)
            ends_text = offset + length >= os.fstat(handle.fileno()).st_size
    except OSError as error:
        return [], MuehleError(_("cannot read {name}: {reason}").format(name=path, reason=error.strerror), source=source,
                               line=first_line, code="io")
    return _judge_data(data, source, rules, first_line, ends_text)


def _serve(connection: "Connection", strays: list["Connection"]) -> None:
    """In a worker: judge the pieces the main process sends on ``connection`` until it sends
    ``None`` or goes away. ``strays`` are pipe ends a forked worker inherited and closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the main process's to handle,
    if hasattr(signal, "SIGTERM"):  # and so is SIGTERM (sent to the whole group, say)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    for stray in strays:
        stray.close()
    while True:
        try:
            task = connection.recv()
        except EOFError:  # the main process is gone
            return
        if task is None:
            return
        try:
            answer: tuple = (_judge_piece(task), None)
        except Exception:  # a fault of muehle's own: the main process raises it
            import traceback

            answer = (None, traceback.format_exc())
        try:
            connection.send(answer)
        except OSError:  # the main process is gone (killed): nobody waits for the answer
            return


#: How many pieces a worker is given ahead (so that it never waits for the next one).
PIECES_AHEAD = 2


class _Pool:
    """The main process and ``jobs - 1`` worker processes judging pieces of files.

    Each worker has a pipe of its own. For each file (:class:`_Share`), the main
    process keeps every worker at :data:`PIECES_AHEAD` pieces, judges the next
    piece itself while they are busy (looking at the pipes after each of its
    games, so that a worker never waits long for its next piece), and hands out the
    reports in the order of the pieces. So ``jobs`` processes are busy, not a main
    process beside them that takes CPU time from the workers on a machine with
    ``jobs`` cores; and no thread stands between the workers and the reports, as
    in the pools of ``concurrent.futures`` and ``multiprocessing``, whose thread
    that reads results also wakes for every task handed out.
    """

    def __init__(self, jobs: int) -> None:
        import multiprocessing

        from muehle.notation.parser import read_games

        # build the reader before forking, so that every worker inherits it ready
        for _ in read_games("1. d2 *", "<warm-up>"):
            pass
        context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
        self.workers: list[tuple[Any, Connection]] = []  # (process, the main process's end of its pipe)
        ends: list[Connection] = []
        try:
            for _ in range(jobs - 1):
                ours, theirs = context.Pipe()
                ends.append(ours)
                # (typeshed's BaseContext lacks Process, which every concrete context has)
                process = context.Process(target=_serve, args=(theirs, list(ends)), daemon=True)  # type: ignore[attr-defined]
                process.start()
                theirs.close()
                self.workers.append((process, ours))
        except BaseException:
            self.terminate()
            raise

    def judge(self, handle: BinaryIO, path: str, source: str,
              rules: Optional[Ruleset]) -> Iterator[Union[GameReport, MuehleError]]:
        """The reports on the games of ``handle``, the file at ``path``, in order."""
        share = _Share(self, handle, path, source, rules)
        index = taken = 0
        while True:
            share.hand_out()
            if taken not in share.arrived:
                if share.judge_next_here():
                    continue
                if taken == share.sent:
                    break
                share.collect(wait_for_one=True)
                continue
            reports, failure = share.arrived.pop(taken)
            taken += 1
            for report in reports:
                index += 1
                report.game = index
                yield report
            if failure is not None:
                yield failure  # the input ends here, as it does for one process
                share.settle()
                return
        if share.rest is not None:
            # no safe boundary in sight: the rest is read here, from the start of that stretch on
            from muehle.notation.parser import read_lines, stream_lines

            first_line, data = share.rest
            try:
                games = read_lines(stream_lines(handle, source, first_line, data, lenient=True), source, first_line,
                                   deferred=True)
                for game in games:
                    report = judge(game, 0, rules, source)
                    index += 1
                    report.game = index
                    yield report
            except MuehleError as error:
                yield error

    def send(self, connection: "Connection", task: Task) -> None:
        """Give a worker a piece (``task[0]`` is the source)."""
        try:
            connection.send(task)
        except OSError:
            raise self.stopped(connection, task[0]) from None

    def receive(self, connection: "Connection", source: str) -> Outcome:
        """A worker's answer on its next piece."""
        try:
            result, fault = connection.recv()
        except (EOFError, OSError):
            raise self.stopped(connection, source) from None
        if fault is not None:
            raise RuntimeError(f"a worker process failed:\n{fault}")
        return result

    def stopped(self, connection: "Connection", source: str) -> MuehleError:
        """The error for a worker that stopped before its work was done (killed, out of memory)."""
        process = next(process for process, end in self.workers if end is connection)
        process.join(1)
        return MuehleError(_("a worker process stopped unexpectedly (exit status {status})").format(status=process.exitcode),
                           source=source, code="worker")

    def close(self) -> None:
        """Let the workers finish and end."""
        for process, connection in self.workers:
            with contextlib.suppress(OSError):  # (a worker that already stopped)
                connection.send(None)
        for process, connection in self.workers:
            process.join()
            connection.close()
        self.workers = []

    def terminate(self) -> None:
        """Stop at once: the workers are killed, whatever they were doing."""
        for process, _ in self.workers:
            process.kill()  # (SIGKILL: a worker ignores SIGINT and SIGTERM)
        for process, connection in self.workers:
            process.join()
            connection.close()
        self.workers = []


class _Share:
    """One file's pieces, numbered in file order, between the workers of a pool and the main process."""

    def __init__(self, pool: _Pool, handle: BinaryIO, path: str, source: str, rules: Optional[Ruleset]) -> None:
        self.pool, self.path, self.source, self.rules = pool, path, source, rules
        self.pieces = _pieces(handle)
        self.size = os.fstat(handle.fileno()).st_size
        self.given: dict[Connection, deque[int]] = {connection: deque() for _, connection in pool.workers}
        self.arrived: dict[int, Outcome] = {}  # the outcomes of pieces not yet handed on
        self.sent = 0  # pieces handed out so far (to workers or the main process)
        self.offset = 0  # where the next piece starts in the file
        self.more = True  # whether the file may have pieces left
        self.rest: Optional[tuple[int, bytes]] = None  # where no safe boundary came: read on here
        self.by_descriptor = {connection.fileno(): connection for connection in self.given}
        self.poller = select.poll() if hasattr(select, "poll") else None  # (none on Windows: wait() then)
        if self.poller is not None:
            for descriptor in self.by_descriptor:
                self.poller.register(descriptor, select.POLLIN)

    def next_piece(self) -> Optional[tuple[int, int, bytes]]:
        """The next piece's number, first line and bytes; ``None`` when there is none to hand out."""
        if not self.more:
            return None
        piece = next(self.pieces, None)
        if piece is None:
            self.more = False
            return None
        first_line, data, rest_unread = piece
        if rest_unread:
            self.rest, self.more = (first_line, data), False
            return None
        number, self.sent = self.sent, self.sent + 1
        self.offset += len(data)
        return number, first_line, data

    def hand_out(self) -> None:
        """Give the workers pieces until each has :data:`PIECES_AHEAD` (the one with the fewest first)."""
        while self.given:
            connection = min(self.given, key=lambda candidate: len(self.given[candidate]))
            if len(self.given[connection]) >= PIECES_AHEAD:
                return
            piece = self.next_piece()
            if piece is None:
                return
            number, first_line, data = piece
            self.pool.send(connection, (self.source, self.rules, first_line, self.path,
                                        self.offset - len(data), len(data)))
            self.given[connection].append(number)

    def judge_next_here(self) -> bool:
        """Judge the next piece in the main process, tending the workers after each game; ``False`` if none is left."""
        piece = self.next_piece()
        if piece is None:
            return False
        number, first_line, data = piece
        self.arrived[number] = _judge_data(data, self.source, self.rules, first_line, self.offset >= self.size,
                                           self.tend)
        return True

    def tend(self) -> None:
        """Take in the answers that are ready and give the workers new pieces (between the main process's games)."""
        if self.collect(wait_for_one=False):
            self.hand_out()

    def collect(self, wait_for_one: bool) -> bool:
        """Take in the workers' answers that are ready (with ``wait_for_one``, wait until one is); whether any was."""
        if self.poller is not None:
            ready = [self.by_descriptor[descriptor] for descriptor, _ in self.poller.poll(-1 if wait_for_one else 0)]
        else:
            from multiprocessing.connection import wait

            # (wait returns some of the objects it is given; typeshed widens them to any waitable)
            ready = wait([connection for connection, waiting in self.given.items() if waiting],  # type: ignore[assignment]
                         None if wait_for_one else 0)
        for connection in ready:
            if not self.given[connection]:  # nothing to answer: the worker has stopped
                raise self.pool.stopped(connection, self.source)
            self.arrived[self.given[connection].popleft()] = self.pool.receive(connection, self.source)
        return bool(ready)

    def settle(self) -> None:
        """Read and drop the answers on pieces still with the workers (the pipes start clean for the next file)."""
        for connection, waiting in self.given.items():
            with contextlib.suppress(EOFError, OSError):  # (a worker that stopped: its next piece says so)
                while waiting:
                    waiting.popleft()
                    connection.recv()
