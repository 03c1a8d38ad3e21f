"""Validating files of records: the engine of ``muehle validate``.

Files are read game by game (memory does not grow with the file) and each game is
judged by :func:`muehle.analyzer.reports.verdict.judge`; a JSON or YAML record (known by
:func:`~muehle.notation.reading.front_door.format_of`) is one document, read whole, and so is a text
in PlayOK's numbered points (known by the start of the file; a pipe's start is looked at
as it is read). With
``jobs > 1`` a file is cut into ranges where a game surely starts
(:mod:`~muehle.analyzer.batch.ranges`, by the splitter's rule
:func:`~muehle.notation.reading.splitter.safe_cut`); ``jobs`` worker processes
(:class:`~muehle.analyzer.batch.pool.Pool`; ``jobs=0`` is one per processor the process
may run on, :func:`~muehle.analyzer.batch.pool.usable_processors`), or the workers of a
Dask cluster (:mod:`~muehle.analyzer.batch.dask_backend`), read and judge the ranges
(:func:`judge_range`) while this process only finds the ranges and hands on the
reports; they come in file order and are the same as with one process.

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
from dataclasses import dataclass
from itertools import groupby
from typing import Any, BinaryIO, Callable, Generator, Iterable, Iterator, Optional, Protocol, TypeVar, Union

from muehle.analyzer.batch.pool import MAX_JOBS, Pool, usable_processors
from muehle.analyzer.batch.ranges import Range, file_ranges, range_lines, range_size
from muehle.analyzer.engine.rules import RulesArg, Ruleset, as_ruleset
from muehle.analyzer.reports.verdict import GameReport, ReportBatch, judge
from muehle.notation.reading.front_door import format_of, read
from muehle.notation.reading.inputs import PathArg, path_text, read_text, regular_file, source_name
from muehle.notation.record.model import GameRecord
from muehle.notation.text.errors import MuehleError, cannot_read, no_game, shortened
from muehle.notation.text.i18n import ngettext


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


def validate_paths(
    names: Iterable[PathArg], rules: RulesArg = None, jobs: int = 1,
    stdin_text: Union[str, MuehleError, None] = None, source_format: Optional[str] = None,
    scheduler: Optional[str] = None, suggest: bool = False, move_numbers: Optional[str] = None,
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
    worker processes judge the games (1: this process alone; 0: one per
    :func:`usable_processors`; a negative number, or one above
    :data:`~muehle.analyzer.batch.pool.MAX_JOBS`, is a :class:`ValueError`), no more than the
    largest input gives ranges (:func:`most_ranges`). ``scheduler``, a Dask scheduler's address or ``local``,
    runs the ranges on that cluster instead (:mod:`~muehle.analyzer.batch.dask_backend`;
    ``local``: ``jobs`` worker processes, one per processor for 0 or 1, as many as there are
    ranges at most; an :class:`ImportError` at the call without Dask). With ``suggest``, the
    report on each invalid game carries in its ``repair`` what the search of ``muehle repair``
    found for it (its best suggestion; ``None`` when the game cannot be replayed), searched where
    the game is judged (:mod:`~muehle.analyzer.repair.hint`). ``move_numbers`` says how field 17 of
    the FEN of each position to restore counts, where the game is judged (``judge``'s; ``None``: the
    report carries both counts, :meth:`GameReport.with_fen_numbers`). The arguments are checked at the call.
    """
    jobs = checked_arguments("validate_paths", names, source_format, jobs, scheduler)
    names = list(names)
    chosen = None if rules is None else as_ruleset(rules)
    return _reports(names, Judging(chosen, suggest, move_numbers), jobs, stdin_text, source_format, scheduler)


def checked_arguments(function: str, names: Iterable[PathArg], source_format: Optional[str], jobs: int = 1,
                      scheduler: Optional[str] = None) -> int:
    """The checks a batch function (named ``function`` in messages) makes at its call: ``names``
    are several paths, not one; ``source_format`` is known; ``jobs`` is neither negative nor
    above :data:`~muehle.analyzer.batch.pool.MAX_JOBS`; Dask is installed for a ``scheduler``.
    Gives the number of worker processes (``jobs``, 0: one per processor, at most ``MAX_JOBS``).

    >>> checked_arguments("f", ["a.txt"], None, 2)
    2
    >>> checked_arguments("f", "a.txt", None)
    Traceback (most recent call last):
    TypeError: names must be an iterable of paths, not one path (f(['a.txt'], ...))
    """
    if isinstance(names, (str, bytes, os.PathLike)):
        raise TypeError(f"names must be an iterable of paths, not one path ({function}([{names!r}], ...))")
    if jobs < 0:
        raise ValueError(f"jobs is a number of processes (0: one per processor), not {jobs}")
    if jobs > MAX_JOBS:
        raise ValueError(f"jobs is at most {MAX_JOBS} processes, not {jobs}")
    if source_format is not None:
        format_of("-", None, source_format)  # (an unknown format is a ValueError at the call)
    if scheduler is not None:
        from muehle.analyzer.batch.dask_backend import require_dask  # (start-up: only for --scheduler)

        require_dask()
    return min(usable_processors(), MAX_JOBS) if jobs == 0 else jobs


def _reports(names: Iterable[PathArg], judging: Judging, jobs: int,
             stdin_text: Union[str, MuehleError, None], source_format: Optional[str] = None,
             scheduler: Optional[str] = None) -> Generator[Union[GameReport, MuehleError], None, None]:
    """The reports of :func:`validate_paths`, its arguments checked."""
    with running_backend(names, stdin_text, source_format, jobs, scheduler) as (pool, inputs):
        for named in inputs:
            if isinstance(named, MuehleError):
                yield named
                continue
            name, source, text = named
            form = format_of(name, text, source_format)
            if form not in ("notation", "pgn"):
                items = _judge_data_record(name, source, form, judging, text)
            elif pool is None or not ranged(pool, name):
                # a pipe (<(zcat ...), /dev/stdin, a FIFO) can be read once only, and by this process
                # (and standard input too when the workers are on other machines)
                items = _judge_serially(name, source, judging, text, source_format)
            else:
                items = _judge_in_parallel(pool, name, source, judging, text)
            yield from with_a_game(items, source)


#: An input as :func:`named_inputs` gives it: its path, its name in messages and its text (standard
#: input's), or the error met reading standard input.
NamedInput = Union[tuple[str, str, Optional[str]], MuehleError]


def named_inputs(names: Iterable[PathArg], stdin: Union[str, MuehleError, None] = None) -> Iterator[NamedInput]:
    """Each of ``names`` as its path, its name in messages and its text where it is standard
    input (``-``: read once, at the first ``-``, unless ``stdin`` holds it); an error reading
    standard input stands in its place."""
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
        yield name, source, text


def read_stdin() -> Union[str, MuehleError]:
    """The text of standard input, or the error met reading it (reported in its place among the inputs)."""
    try:
        return read_text("-")
    except MuehleError as error:
        return error


Item = TypeVar("Item")


def with_a_game(items: Iterator[Item], source: str, *, caught: bool = False) -> Iterator[Union[Item, MuehleError]]:
    """The ``items`` of one input (reports, games, results); an input that holds no game at all is
    an error of its own (code ``empty``). With ``caught``, an input error raised while the items
    are read ends them, in its place (else it goes on to the caller).

    >>> [error.code for error in with_a_game(iter([]), "empty.txt")]
    ['empty']
    """
    empty = True
    try:
        for item in items:
            empty = False
            yield item
    except MuehleError as error:
        if not caught:
            raise
        yield error
        return
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


def _judge_serially(name: str, source: str, judging: Judging, stdin_text: Optional[str],
                    source_format: Optional[str] = None) -> Iterator[Union[GameReport, MuehleError]]:
    # (a pipe's format, when not forced, is known from its start as it is read: it is read once)
    games = read(name, source_format, text=(stdin_text or "") if name == "-" else None, name=source, deferred=True,
                 lenient=True)
    try:
        for index, game in enumerate(games, 1):
            yield judging.judge(game, index, source)
    except MuehleError as error:
        yield error


def _judge_data_record(name: str, source: str, form: str, judging: Judging,
                       stdin_text: Optional[str]) -> Iterator[Union[GameReport, MuehleError]]:
    """Judge the games of a JSON or YAML record or a PlayOK text (``form``), read whole, in this process."""
    try:
        games = list(read(name, form, text=(stdin_text or "") if name == "-" else None, name=source))
    except MuehleError as error:
        yield error
        return
    for index, game in enumerate(games, 1):
        yield judging.judge(game, index, source)


@dataclass(frozen=True)
class Judging:
    """How the games are judged: the ruleset that replaces the records' tags (``None``: their own),
    whether each invalid game's best repair is searched (``validate --suggest``), and how field 17 of
    the FEN of a position to restore counts (:func:`~muehle.analyzer.reports.verdict.judge`'s
    ``move_numbers``)."""

    rules: Optional[Ruleset] = None
    suggest: bool = False
    move_numbers: Optional[str] = None

    def judge(self, game: GameRecord, index: int, source: str) -> GameReport:
        """:func:`~muehle.analyzer.reports.verdict.judge`, and with :attr:`suggest`, for an invalid
        game, the best repair the search of ``muehle repair`` finds (in the report's ``repair``)."""
        report = judge(game, index, self.rules, source, self.move_numbers)
        if self.suggest and not report.valid:
            from muehle.analyzer.repair.hint import best_repair  # (start-up: the repair only for --suggest)

            report.repair = best_repair(game, self.rules)
        return report


def most_ranges(names: Iterable[PathArg], stdin_text: Union[str, MuehleError, None],
                source_format: Optional[str]) -> int:
    """The most ranges one input of ``names`` can be cut into for workers (:func:`map_ranges`): a
    range is :data:`MIN_RANGE_BYTES` long at least, but the last of a file, so a file of ``n`` bytes
    gives ``ceil(n / MIN_RANGE_BYTES)`` at most. Only regular files of notation or PGN count, and
    standard input (its text ``stdin_text``); 0 when none is read by ranges.

    >>> most_ranges(["no-such-file.txt", "-"], "1. d2 *\\n" * 10_000, None) == -(-80_000 // MIN_RANGE_BYTES)
    True
    """
    most = 0
    for name in names:
        try:
            name = path_text(name, "each of names")
            if name == "-":
                if not isinstance(stdin_text, str):
                    continue
                size, text = len(stdin_text.encode("utf-8")), stdin_text
            elif regular_file(name):
                size, text = os.stat(name).st_size, None
            else:
                continue
            if format_of(name, text, source_format) not in ("notation", "pgn"):
                continue
        except (OSError, TypeError, ValueError):  # (reading it says what is wrong)
            continue
        most = max(most, -(-size // MIN_RANGE_BYTES))
    return most


def ranged(backend: Backend, name: str) -> bool:
    """Whether ``backend``'s workers can read the input ``name`` by ranges: a regular file, or
    standard input (written to a temporary file) when they read this machine's files. A pipe
    (<(zcat ...), /dev/stdin, a FIFO) can be read once only, and by this process."""
    if name == "-":
        return getattr(backend, "local", True)
    return regular_file(name)


# --- several processes -------------------------------------------------------------

#: The longest range of a file a worker is given, and the shortest: between them, a
#: range is a :data:`RANGES_PER_JOB`-th of each process's share of the bytes still to
#: cut, so that the ranges shrink toward the end of the file and the processes end at
#: about the same time (:func:`~muehle.analyzer.batch.ranges.range_size`). A worker
#: holds the reports of its range until it sends them (about 1.4 MB of objects for 1 MB
#: of games); ranges of 2 MB made the workers' peak memory 4 MB larger, no faster.
RANGE_BYTES = 1 << 20
MIN_RANGE_BYTES = 64 << 10
RANGES_PER_JOB = 8

#: A range longer than this many times the range size (no safe boundary in it) is read
#: here, its games judged as they come, so that nobody's memory grows with it.
LONG_RANGE_FACTOR = 16

#: What a worker sends back on a range: its reports, and the input error that stopped the reading, if any.
RangeReports = tuple[list[GameReport], Optional[MuehleError]]

#: What a worker is given: a range of a file and how its games are judged (a ruleset alone, or
#: ``None``, as :class:`Judging` with that ruleset).
Task = tuple[Range, Judging]


class Backend(Protocol):
    """What runs the ranges: :class:`~muehle.analyzer.batch.pool.Pool` or a Dask cluster."""

    def map(self, function: Callable[[Any], Any], tasks: Iterable[Any], name: str = "") -> Iterator[Any]:
        ...

    @property
    def threads(self) -> int:
        """How many ranges it judges at once."""

    def close(self) -> None:
        ...

    def terminate(self) -> None:
        ...


def _warm_up() -> None:
    """Build the reader before the workers are forked, so that every worker inherits it ready."""
    from muehle.notation.reading.parser import read_games  # (start-up: the parser and lark only where games are read)

    for _game in read_games("1. d2 *", "<warm-up>"):
        pass


@contextlib.contextmanager
def running_backend(names: Iterable[PathArg], stdin: Union[str, MuehleError, None], source_format: Optional[str],
                    jobs: int, scheduler: Optional[str]) -> Iterator[tuple[Optional[Backend], Iterator[NamedInput]]]:
    """What runs the ranges of the inputs ``names`` (:func:`start_backend`), and the inputs
    (:func:`named_inputs`), while the block runs: closed at its end, stopped at once when it is
    interrupted (Ctrl-C) or abandoned (a generator closed early). For workers on this machine,
    standard input is read first, unless ``stdin`` holds it: its size counts in how many
    workers there is work for (:func:`most_ranges`)."""
    names = list(names)
    parallel = jobs > 1 or scheduler == "local"
    if parallel and stdin is None and "-" in names:
        stdin = read_stdin()
    backend = start_backend(jobs, scheduler, most_ranges(names, stdin, source_format) if parallel else None)
    try:
        yield backend, named_inputs(names, stdin)
    except BaseException:
        if backend is not None:
            backend.terminate()
            backend = None
        raise
    finally:
        if backend is not None:
            backend.close()


def start_backend(jobs: int, scheduler: Optional[str], work: Optional[int] = None) -> Optional[Backend]:
    """What runs the ranges: a Dask cluster's client for ``scheduler``, else a pool of ``jobs``
    processes (``None`` for one: this process alone). ``work`` is the most ranges an input gives
    (:func:`most_ranges`; ``None``: not known): no more worker processes are started than that,
    on this machine (a pool, a local cluster; none where there is no range at all)."""
    if scheduler is not None and scheduler != "local":
        from muehle.analyzer.batch.dask_backend import DaskBackend  # (start-up: only for --scheduler)

        return DaskBackend(scheduler)
    workers = jobs if jobs > 1 or scheduler is None else min(usable_processors(), MAX_JOBS)
    if work is not None:
        workers = min(workers, work)
    if scheduler is not None:
        from muehle.analyzer.batch.dask_backend import DaskBackend  # (start-up: only for --scheduler)

        return DaskBackend(scheduler, workers) if workers >= 1 else None
    return Pool(workers, _warm_up) if workers > 1 else None


def _range_reports(handle: BinaryIO, piece: Range, judging: Judging) -> Iterator[GameReport]:
    """The reports on the games of ``piece``, read from ``handle`` (the game numbers are left 0)."""
    from muehle.notation.reading.parser import read_lines  # (start-up: the parser and lark only where games are read)

    games = read_lines(range_lines(handle, piece), piece.source, piece.first_line, True, piece.ends_text)
    for game in games:
        yield judging.judge(game, 0, piece.source)


def judge_range(task: Task) -> RangeReports:
    """In a worker: read one range of a file from the file and judge its games.

    Only the range's place travels (a task stays far smaller than a pipe's buffer);
    the reports come back (small: a report pickles as its fields).
    """
    piece, judging = task
    reports, failure = results_in_range(piece, lambda handle, piece: _range_reports(handle, piece, judging))
    return ReportBatch(reports), failure


RangeResult = TypeVar("RangeResult")
RangeTask = TypeVar("RangeTask")


def results_in_range(piece: Range, results: Callable[[BinaryIO, Range], Iterator[RangeResult]]
                     ) -> tuple[list[RangeResult], Optional[MuehleError]]:
    """In a worker: the ``results`` of ``piece``, read from its file (opened here), and the input
    error that ended the reading, if any."""
    collected: list[RangeResult] = []
    try:
        with open(piece.path, "rb") as handle, fewer_collections():
            for result in results(handle, piece):
                collected.append(result)
    except MuehleError as error:
        return collected, error
    except OSError as error:
        return collected, MuehleError(cannot_read(piece.path, error),
                                      source=shortened(piece.source), line=piece.first_line, code="io")
    return collected, None


def _judge_in_parallel(backend: Backend, name: str, source: str, judging: Judging,
                       stdin_text: Optional[str]) -> Iterator[Union[GameReport, MuehleError]]:
    index = 0
    for item in map_ranges(backend, name, source, stdin_text, lambda piece: (piece, judging), judge_range,
                           lambda handle, piece: _range_reports(handle, piece, judging)):
        if isinstance(item, GameReport):
            index += 1
            item.game = index
        yield item


def map_ranges(backend: Backend, name: str, source: str, stdin_text: Optional[str],
               task_of: Callable[[Range], RangeTask],
               function: Callable[[RangeTask], tuple[list[RangeResult], Optional[MuehleError]]],
               here: Callable[[BinaryIO, Range], Iterator[RangeResult]]) -> Iterator[Union[RangeResult, MuehleError]]:
    """The results on the games of the file ``name`` (``-``: standard input, whose text is
    ``stdin_text``), in order: the file is cut into ranges, ``function`` runs on the task
    ``task_of`` makes of each (in ``backend``'s workers) and gives the results on its games and
    the input error that ended its reading; a range without a safe boundary in it, too long to
    send, is read in this process by ``here`` (from the handle given). An input error ends the
    results of the file."""
    if name == "-":
        # the workers read their ranges from a file: standard input goes into one first
        import tempfile

        with tempfile.TemporaryDirectory(prefix="muehle-") as folder:
            path = os.path.join(folder, "stdin.txt")
            with open(path, "wb") as copy:
                copy.write((stdin_text or "").encode("utf-8"))
            yield from map_ranges(backend, path, source, None, task_of, function, here)
        return
    try:
        handle = open(name, "rb")
    except OSError as error:
        yield MuehleError(cannot_read(name, error), source=shortened(source),
                          code="io")
        return
    with handle:
        threads = backend.threads

        def size_for(left: int) -> int:
            return range_size(left, threads, MIN_RANGE_BYTES, RANGE_BYTES, RANGES_PER_JOB)

        longest = LONG_RANGE_FACTOR * size_for(os.fstat(handle.fileno()).st_size)
        ranges = file_ranges(handle, name, source, size_for)
        for long, group in groupby(ranges, key=lambda piece: piece.size > longest):
            if long:  # no safe boundary in a long stretch: read here, game by game
                for piece in group:
                    try:
                        with open(name, "rb") as own:
                            yield from here(own, piece)
                    except MuehleError as error:
                        yield error
                        return
                    except OSError as error:
                        yield MuehleError(cannot_read(name, error),
                                          source=shortened(source), line=piece.first_line, code="io")
                        return
                continue
            for results, failure in backend.map(function, (task_of(piece) for piece in group), source):
                yield from results
                if failure is not None:
                    yield failure  # the input ends here, as it does for one process
                    return
