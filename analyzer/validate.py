"""Validating files of records: the engine of ``muehle validate``.

Files are read game by game (memory does not grow with the file) and each game is
judged by :func:`muehle.analyzer.verdict.judge`. With ``jobs > 1`` the games are
parsed and judged in that many worker processes; the reports come back in file
order and are the same as with one process.

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

import os
import signal
from collections import deque
from dataclasses import dataclass, replace
from typing import Iterable, Iterator, Optional, Union

from muehle.analyzer.rules import Ruleset, load_ruleset
from muehle.analyzer.verdict import GameReport, judge
from muehle.notation.errors import MuehleError

#: Games sent to a worker at once.
BATCH = 64


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
        """``N games, M valid, K invalid`` (and the unreadable inputs, if any)."""
        text = f"{self.games} {'game' if self.games == 1 else 'games'}, {self.valid} valid, {self.invalid} invalid"
        if self.input_errors:
            text += f", {self.input_errors} unreadable {'input' if self.input_errors == 1 else 'inputs'}"
        return text


def source_name(name: str) -> str:
    """How an input is named in messages: ``<stdin>`` for ``-``, else as given."""
    return "<stdin>" if name == "-" else name


def validate_paths(
    names: Iterable[str], rules: Optional[Ruleset] = None, jobs: int = 1, stdin_text: Optional[str] = None
) -> Iterator[Union[GameReport, MuehleError]]:
    """A report per game of each input in order, or the :class:`MuehleError` of an unreadable input.

    ``-`` names standard input, whose text is ``stdin_text``. After an input error
    the other inputs are still read.
    """
    pool = _Pool(jobs) if jobs > 1 else None
    try:
        for name in names:
            source = source_name(name)
            if pool is None:
                yield from _judge_serially(name, source, rules, stdin_text)
            else:
                # the reader's own line splitting, so that lines and columns agree with it
                from muehle.notation.parser import file_lines, text_lines

                lines = text_lines(stdin_text or "") if name == "-" else file_lines(name, source)
                yield from pool.judge(lines, source, rules)
    except BaseException:  # interrupted (Ctrl-C) or abandoned: stop the workers at once
        if pool is not None:
            pool.terminate()
            pool = None
        raise
    finally:
        if pool is not None:
            pool.close()


def validate_file(path: str, rules: Union[str, Ruleset, None] = None, jobs: int = 1) -> ValidationSummary:
    """Validate one file (``rules``: a preset name, a YAML file, a ruleset, or ``None`` for the tags)."""
    if isinstance(rules, str):
        rules = load_ruleset(rules)
    summary = ValidationSummary()
    for item in validate_paths([path], rules, jobs):
        summary.add(item)
    return summary


def _judge_serially(name: str, source: str, rules: Optional[Ruleset],
                    stdin_text: Optional[str]) -> Iterator[Union[GameReport, MuehleError]]:
    from muehle.notation.parser import read_file, read_games

    games = read_games(stdin_text or "", source) if name == "-" else read_file(name, source)
    try:
        for index, game in enumerate(games, 1):
            yield judge(game, index, rules, source)
    except MuehleError as error:
        yield error


# --- several processes -------------------------------------------------------------

Task = tuple[str, Optional[Ruleset], list[tuple[int, str, bool]]]


def _judge_chunks(task: Task) -> list[tuple[GameReport, bool]]:
    """In a worker: parse and judge the games of some chunks of one source.

    Returns each report with whether it is a chunk of nothing but comments that the
    reader would join to the game before it.
    """
    from muehle.notation.parser import read_games

    source, rules, chunks = task
    results = []
    for first_line, text, comment_only in chunks:
        for game in read_games(text, source):
            report = judge(game, 0, rules, source)
            shift = first_line - 1
            if shift:
                report.line += shift
                report.errors = [replace(e, line=e.line + shift) if e.line else e for e in report.errors]
            results.append((report, comment_only and not game.errors))
    return results


class _Pool:
    """Worker processes judging batches of games, results taken in submission order."""

    def __init__(self, jobs: int) -> None:
        import multiprocessing

        from muehle.notation.parser import read_games

        # build the parser before forking, so that every worker inherits it ready
        for _ in read_games("1. d2 *", "<warm-up>"):
            pass
        self.jobs = jobs
        context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
        # Ctrl-C is the main process's to handle: it stops the workers itself
        self.pool = context.Pool(jobs, initializer=signal.signal, initargs=(signal.SIGINT, signal.SIG_IGN))

    def judge(self, lines: Iterable[str], source: str, rules: Optional[Ruleset]) -> Iterator[Union[GameReport, MuehleError]]:
        from muehle.notation.splitter import split_lines

        pending: deque = deque()
        index = 0
        seen_game = False
        failure: Optional[MuehleError] = None

        def drain(limit: int) -> Iterator[GameReport]:
            nonlocal index, seen_game
            while len(pending) > limit:
                for report, joins_previous in pending.popleft().get():
                    if joins_previous and seen_game:
                        continue
                    seen_game = True
                    index += 1
                    report.game = index
                    yield report

        batch: list[tuple[int, str, bool]] = []
        try:
            for chunk in split_lines(lines):
                batch.append((chunk.first_line, chunk.text, chunk.is_comment_only))
                if len(batch) >= BATCH:
                    pending.append(self.pool.apply_async(_judge_chunks, ((source, rules, batch),)))
                    batch = []
                    yield from drain(2 * self.jobs)
        except MuehleError as error:
            failure = error
        if batch:
            pending.append(self.pool.apply_async(_judge_chunks, ((source, rules, batch),)))
        yield from drain(0)
        if failure is not None:
            yield failure

    def close(self) -> None:
        self.pool.close()
        self.pool.join()

    def terminate(self) -> None:
        self.pool.terminate()
        self.pool.join()
