"""The games of some inputs one by one, each with its own text: what ``muehle select`` and
``muehle stats`` read.

A file of notation or PGN is read game by game (memory does not grow with it), each
game with its text as the splitter cut it
(:func:`~muehle.notation.parser.read_lines_with_text`): a game chosen from a file is
written as it stands there. A JSON or YAML record, or PlayOK's numbered points, is
read whole, as :func:`muehle.notation.read` reads it; its games have no text of
their own. An input that cannot be read, or holds no game, is an error in its place
among the games (the other inputs are still read), as in ``muehle validate``.

>>> import os, tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     path = os.path.join(folder, "two.txt")
...     with open(path, "w") as handle:
...         _ = handle.write("1. d2 d6 1-0\\n\\n1. f4 *\\n")
...     [(item.index, item.text) for item in sourced_games([path])]
[(1, '1. d2 d6 1-0\\n'), (2, '1. f4 *')]
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Iterable, Iterator, Optional, Union

from muehle.analyzer.batch.validate import read_stdin
from muehle.notation.decode import file_lines, text_lines
from muehle.notation.errors import MuehleError, no_game
from muehle.notation.inputs import PathArg, path_text, source_name
from muehle.notation.model import Game
from muehle.notation.parser import read_lines_with_text
from muehle.notation.reading import format_of, read


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
    if isinstance(names, (str, bytes, os.PathLike)):
        raise TypeError(f"names must be an iterable of paths, not one path (sourced_games([{names!r}]))")
    if source_format is not None:
        format_of("-", None, source_format)  # (an unknown format is a ValueError at the call)
    return _sourced_games(names, stdin_text, source_format)


def _sourced_games(names: Iterable[PathArg], stdin: Union[str, MuehleError, None],
                   source_format: Optional[str]) -> Iterator[Union[SourcedGame, MuehleError]]:
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
        empty = True
        try:
            for item in _games_of(name, source, text, source_format):
                empty = False
                yield item
        except MuehleError as error:
            empty = False
            yield error
        if empty:
            yield MuehleError(no_game(), source=source, code="empty")


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
