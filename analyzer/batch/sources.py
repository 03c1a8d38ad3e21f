"""The games of some inputs one by one, each with its own text: what ``muehle select`` and
``muehle stats`` read.

A file of notation or PGN is read game by game (memory does not grow with it), each
game with its text as the splitter cut it
(:func:`~muehle.notation.reading.parser.read_lines_with_text`): a game chosen from a file is
written as it stands there. A JSON or YAML record, or PlayOK's numbered points, is
read whole, as :func:`muehle.notation.read` reads it; its games have no text of
their own. An input that cannot be read, or holds no game, is an error in its place
among the games (the other inputs are still read), as in ``muehle validate``.

:func:`each_game` runs a function of each game over them, in this process or, as
``muehle validate --jobs N`` and ``--scheduler`` do, in worker processes or on a Dask
cluster that read the ranges of a file themselves
(:func:`~muehle.analyzer.batch.validate.map_ranges`) and send back only the function's
results, in input order.

>>> import os, tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     path = os.path.join(folder, "two.txt")
...     with open(path, "w") as handle:
...         _ = handle.write("1. d2 d6 1-0\\n\\n1. f4 *\\n")
...     [(item.index, item.text) for item in sourced_games([path])]
[(1, '1. d2 d6 1-0\\n'), (2, '1. f4 *')]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import BinaryIO, Callable, Generator, Iterable, Iterator, Optional, TypeVar, Union

from muehle.analyzer.batch.ranges import Range, range_lines
from muehle.analyzer.batch.validate import (
    Backend,
    checked_arguments,
    map_ranges,
    named_inputs,
    ranged,
    results_in_range,
    running_backend,
    with_a_game,
)
from muehle.notation.reading.decode import file_lines, text_lines
from muehle.notation.reading.front_door import format_of, read
from muehle.notation.reading.inputs import PathArg
from muehle.notation.reading.parser import read_lines_with_text
from muehle.notation.record.model import Game
from muehle.notation.text.errors import MuehleError


@dataclass
class SourcedGame:
    """One game of an input: the game, its text in the input (``None`` for a game of a JSON,
    YAML or PlayOK record), the input's name in messages and the game's place there (from 1)."""

    game: Game
    text: Optional[str]
    source: str
    index: int


def sourced_games(names: Iterable[PathArg], stdin_text: Union[str, MuehleError, None] = None,
                  source_format: Optional[str] = None) -> Iterator[Union[SourcedGame, MuehleError]]:
    """Each game of each input in order, or the :class:`MuehleError` of an input that cannot be read.

    ``names`` are paths (``-``: standard input, whose text is ``stdin_text``, or the error
    met reading it; ``None``: read when ``-`` comes). ``source_format`` forces the format
    of every input (see :func:`muehle.notation.read`). An input that holds no game is an
    error too (code ``empty``). A line that is not UTF-8 is an error of the game that holds
    it (in ``game.errors``), and the games after it are read.
    """
    checked_arguments("sourced_games", names, source_format)
    return _sourced_games(names, stdin_text, source_format)


def _sourced_games(names: Iterable[PathArg], stdin: Union[str, MuehleError, None],
                   source_format: Optional[str]) -> Iterator[Union[SourcedGame, MuehleError]]:
    for named in named_inputs(names, stdin):
        if isinstance(named, MuehleError):
            yield named
            continue
        name, source, text = named
        yield from with_a_game(_games_of(name, source, text, source_format), source, caught=True)


def _games_of(name: str, source: str, text: Optional[str],
              source_format: Optional[str]) -> Iterator[SourcedGame]:
    """The games of one input (raises the error that stops its reading)."""
    form = format_of(name, text, source_format)
    if form not in ("notation", "pgn"):
        for index, game in enumerate(read(name, form, text=text, name=source), 1):
            yield SourcedGame(game, None, source, index)
        return
    if text is None:
        lines: Iterable[str] = file_lines(name, source, lenient=True)
    else:
        lines = text_lines(text)
        if lines and not lines[-1]:
            lines.pop()  # (the line break that ends the text starts no line)
    for index, (game, game_text) in enumerate(read_lines_with_text(lines, source), 1):
        yield SourcedGame(game, game_text, source, index)


Result = TypeVar("Result")


def each_game(names: Iterable[PathArg], per_game: Callable[[SourcedGame], Result],
              stdin_text: Union[str, MuehleError, None] = None, source_format: Optional[str] = None,
              jobs: int = 1, scheduler: Optional[str] = None
              ) -> Generator[Union[tuple[int, Result], MuehleError], None, None]:
    """``per_game`` of each game of the inputs, with the game's place in its input (from 1), in
    order; or the :class:`MuehleError` of an input that cannot be read, as :func:`sourced_games`
    gives them.

    With ``jobs`` above 1 (0: one per processor) worker processes run ``per_game`` on the
    ranges of a file; with ``scheduler`` (a Dask scheduler's address, or ``local``) a cluster's
    workers do. ``per_game`` must then be picklable (a module's function, or a
    :func:`functools.partial` of one), and it is given a game whose ``index`` is 0 (its place
    is known here only). The results are the same as in one process. Close the iterator (or
    run it to its end) to stop the workers.
    """
    jobs = checked_arguments("each_game", names, source_format, jobs, scheduler)
    return _each_game(names, per_game, stdin_text, source_format, jobs, scheduler)


def _each_game(names: Iterable[PathArg], per_game: Callable[[SourcedGame], Result],
               stdin: Union[str, MuehleError, None], source_format: Optional[str], jobs: int,
               scheduler: Optional[str]) -> Generator[Union[tuple[int, Result], MuehleError], None, None]:
    with running_backend(names, stdin, source_format, jobs, scheduler) as (backend, inputs):
        for named in inputs:
            if isinstance(named, MuehleError):
                yield named
                continue
            name, source, text = named
            yield from with_a_game(_results_of(backend, name, source, text, per_game, source_format), source,
                                   caught=True)


def _results_of(backend: Optional[Backend], name: str, source: str, text: Optional[str],
                per_game: Callable[[SourcedGame], Result], source_format: Optional[str]
                ) -> Iterator[Union[tuple[int, Result], MuehleError]]:
    """``per_game`` of each game of one input with its number, by ``backend``'s workers where
    they can read the input by ranges (raises the error that stops its reading)."""
    if backend is None or format_of(name, text, source_format) not in ("notation", "pgn") \
            or not ranged(backend, name):
        for item in _games_of(name, source, text, source_format):
            yield item.index, per_game(item)
        return
    index = 0
    for result in map_ranges(backend, name, source, text, lambda piece: (piece, per_game), results_of_range,
                             lambda handle, piece: _range_results(handle, piece, per_game)):
        if isinstance(result, MuehleError):
            yield result
        else:
            index += 1
            yield index, result


def _range_results(handle: BinaryIO, piece: Range, per_game: Callable[[SourcedGame], Result]) -> Iterator[Result]:
    """``per_game`` of each game of ``piece``, read from ``handle`` (each game's index 0)."""
    games = read_lines_with_text(range_lines(handle, piece), piece.source, piece.first_line, piece.ends_text)
    for game, text in games:
        yield per_game(SourcedGame(game, text, piece.source, 0))


def results_of_range(task: tuple[Range, Callable[[SourcedGame], Result]]) -> tuple[list[Result], Optional[MuehleError]]:
    """In a worker: ``per_game`` of each game of a range of a file, read from the file (the task is
    the range and ``per_game``); and the input error that ended the reading, if any."""
    piece, per_game = task
    return results_in_range(piece, lambda handle, piece: _range_results(handle, piece, per_game))
