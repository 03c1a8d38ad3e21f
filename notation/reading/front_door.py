"""The front door of reading: every form of game record, one call.

:func:`read` gives the games of a file, of standard input (``-``) or of a text,
in the book's notation, PGN, JSON or YAML. The format is known from the name
(``.json``, ``.yaml``, ``.yml``; anything else is notation or PGN) or, for standard
input and a text, from the content (:func:`~muehle.notation.reading.inputs.input_form`);
a text in notation whose first ply is a bare number is PlayOK's
(:func:`~muehle.notation.formats.playok.looks_like_playok`: the start of a file is looked
at, a pipe as it is read, once); ``format`` forces it. Notation and PGN are one format to the reader (the grammar
reads both): a file of them is read game by game, and a game with a syntax error
carries it in ``game.errors``; a JSON or YAML record is one document, read whole,
and an error in it raises :class:`~muehle.notation.text.errors.FormatError`.

>>> [game.result for game in read("-", text="1. b4 d6 1-0\\n1. d2 *")]
['1-0', '*']
>>> [game.tags for game in read("-", text='{"format": "muehle-record", "version": 1, "games": [{"tags": {"Event": "x"}}]}')]
[{'Event': 'x'}]

A format is one entry of :data:`READERS`: a function of the input that gives its
games. A reader of another dialect makes its games as the notation's readers do:
it tells the events of each record to a :class:`~muehle.notation.record.builders.GameBuilder`
(see :mod:`muehle.notation.record.builders`), and its entry here makes it readable by
every command (``--from NAME``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Callable, Iterator, Literal, Optional, overload

from muehle.notation.reading.inputs import PathArg, input_form, path_text, read_text, regular_file, source_name
from muehle.notation.record.model import Game, GameRecord

if TYPE_CHECKING:
    from muehle.notation.record.builders import GameBuilder

__all__ = ["FORMATS", "READERS", "DEFERRED_READERS", "Input", "read", "read_input", "format_of", "HEAD_BYTES"]


@dataclass
class Input:
    """One input to read: its name (a path, or ``-`` for standard input), its name in messages,
    its text when it was read already (``None``: read it), and how to read it."""

    name: str
    source: str
    text: Optional[str] = None
    lenient: bool = False
    builder: Optional[Callable[[], "GameBuilder"]] = None

    def whole_text(self) -> str:
        """The text of the input, read now when it was not given."""
        if self.text is None:
            self.text = read_text(self.name)
        return self.text


def _read_notation(given: Input) -> Iterator[Game]:
    """Notation and PGN: a file game by game (memory does not grow with it), a text at once."""
    from muehle.notation.reading.parser import read_file, read_games  # (start-up: each reader when its format is read)

    if given.text is None and given.name != "-":
        return read_file(given.name, given.source, False, given.lenient, given.builder)
    return read_games(given.whole_text(), given.source, False, given.builder)


def _read_notation_deferred(given: Input) -> Iterator[GameRecord]:
    """:func:`_read_notation`, a well-formed game read as a cheap record for judging it."""
    from muehle.notation.reading.parser import read_file, read_games  # (start-up: each reader when its format is read)

    if given.text is None and given.name != "-":
        return read_file(given.name, given.source, True, given.lenient, given.builder)
    return read_games(given.whole_text(), given.source, True, given.builder)


def _read_data(form: str, given: Input) -> Iterator[Game]:
    """A JSON or YAML record, ``form`` (its reader imported on use)."""
    from muehle.notation.formats.jsonrecord import READERS as DATA_READERS  # (start-up: each reader when read)

    return iter(DATA_READERS[form](given.whole_text(), given.source))


def _read_playok(given: Input) -> Iterator[Game]:
    """PlayOK's numbered points: read whole (imported on use)."""
    from muehle.notation.formats.playok import read_playok  # (start-up: each reader when its format is read)

    return iter(read_playok(given.whole_text(), given.source))


#: How much of the start of a file is looked at to tell PlayOK's records from the notation.
HEAD_BYTES = 1 << 16


def _head_text(head: bytes) -> str:
    """The start of a file as text, to look at (a character cut at its end, or not UTF-8, replaced)."""
    return head.decode("utf-8-sig", "replace")


def _looks_like_playok(text: str) -> bool:
    from muehle.notation.formats.playok import looks_like_playok  # (start-up: each reader when its format is read)

    return looks_like_playok(text)


def _is_playok(name: str, text: Optional[str]) -> bool:
    """Whether the input, read as notation by its name, is PlayOK's text (a pipe is not looked at here)."""
    if text is None:
        if name == "-" or not regular_file(name):
            return False  # (a pipe can be read once: _read_pipe looks at its start as it reads it)
        try:
            with open(name, "rb") as handle:
                text = _head_text(handle.read(HEAD_BYTES))
        except (OSError, ValueError):
            return False  # (reading it says why)
    return _looks_like_playok(text)


def _read_pipe(given: Input, deferred: bool) -> Iterator[GameRecord]:
    """A pipe whose format is not given, read once: its start tells PlayOK's text (then read
    whole) from the notation (read game by game, its start first; ``deferred``: see :func:`read`)."""
    from muehle.notation.reading.decode import (  # (start-up: each reader when its format is read)
        decoded_text,
        opened,
        stream_lines,
    )
    from muehle.notation.reading.parser import read_lines

    with opened(given.name, given.source) as handle:
        head = handle.read(HEAD_BYTES)
        if _looks_like_playok(_head_text(head)):
            given.text = decoded_text(head + handle.read(), given.source)
            yield from _read_playok(given)
        else:
            lines = stream_lines(handle, given.source, head=head, lenient=given.lenient)
            yield from read_lines(lines, given.source, deferred=deferred, builder=given.builder)


#: Format name -> the reader of an input in it. ``pgn`` is read as the notation is.
READERS: dict[str, Callable[[Input], Iterator[Game]]] = {
    "notation": _read_notation,
    "pgn": _read_notation,
    "playok": _read_playok,
    "json": partial(_read_data, "json"),
    "yaml": partial(_read_data, "yaml"),
}

#: Format name -> the reader of an input in it that reads a well-formed game as a cheap record
#: (:class:`~muehle.notation.record.moverecord.MoveRecord`), where one does; the others read every
#: game whole (see :data:`READERS`).
DEFERRED_READERS: dict[str, Callable[[Input], Iterator[GameRecord]]] = {
    "notation": _read_notation_deferred,
    "pgn": _read_notation_deferred,
}

#: The formats :func:`read` knows, for ``--from``.
FORMATS = tuple(READERS)


def format_of(name: PathArg, text: Optional[str] = None, format: Optional[str] = None) -> str:
    """The format an input is read in: ``format`` when given, else as its name or text says.

    >>> format_of("games.yml"), format_of("games.pgn"), format_of("-", '{"format": 1}'), format_of("g.txt", None, "json")
    ('yaml', 'notation', 'json', 'json')
    >>> format_of("-", "1. 20 5 2. 14 21")
    'playok'
    >>> format_of("g.txt", None, "sgf")
    Traceback (most recent call last):
    ...
    ValueError: unknown format 'sgf': one of notation, pgn, playok, json, yaml
    """
    if format is None:
        form = input_form(name, text)
        if form == "notation" and _is_playok(path_text(name, "name"), text):
            return "playok"
        return form
    if format not in READERS:
        raise ValueError(f"unknown format {format!r}: one of {', '.join(READERS)}")
    return format


@overload
def read(source: PathArg, format: Optional[str] = ..., *, text: Optional[str] = ..., name: Optional[str] = ...,
         deferred: Literal[False] = ..., lenient: bool = ...,
         builder: Optional[Callable[[], "GameBuilder"]] = ...) -> Iterator[Game]: ...
@overload
def read(source: PathArg, format: Optional[str] = ..., *, text: Optional[str] = ..., name: Optional[str] = ...,
         deferred: bool = ..., lenient: bool = ...,
         builder: Optional[Callable[[], "GameBuilder"]] = ...) -> Iterator[GameRecord]: ...
def read(source: PathArg, format: Optional[str] = None, *, text: Optional[str] = None,
         name: Optional[str] = None, deferred: bool = False, lenient: bool = False,
         builder: Optional[Callable[[], "GameBuilder"]] = None) -> Iterator[GameRecord]:
    """The games of the input ``source`` (a path, or ``-`` for standard input), in order.

    ``format`` (``notation``, ``pgn``, ``playok``, ``json``, ``yaml``) forces the format, else it is
    known from the name or the content (see the module). ``text``: the input's text,
    read already (then ``source`` only names it). ``name``: how messages name the
    input (default: the path, ``<stdin>`` for ``-``). Each game is a
    :class:`~muehle.notation.record.model.Game`; for notation and PGN,
    ``deferred`` reads well-formed games as cheap records for judging them
    (:class:`~muehle.notation.record.moverecord.MoveRecord`; every game is then a
    :class:`~muehle.notation.record.model.GameRecord`, which the replay takes), and ``lenient`` makes a line
    that is not UTF-8 an error of its game instead of the input's; ``builder`` makes the
    builder that the readers tell the events of each game to, as python-chess's ``read_game``
    takes a ``Visitor`` (default: :class:`~muehle.notation.record.builders.GameBuilder`; a
    :class:`~muehle.notation.record.compactgame.CompactGameBuilder` makes games that a writer of JSON
    writes without making their plain plies). An input that
    cannot be read raises :class:`MuehleError` (code ``io``), when the reading
    reaches the problem.
    """
    path = path_text(source, "source")
    source_text = source_name(path) if name is None else name
    if text is None and path == "-":
        text = read_text(path)  # (its format is known from its text)
    form = format_of(path, text, format)
    given = Input(path, source_text, text, lenient, builder)
    if format is None and form == "notation" and text is None and not regular_file(path):
        # (its format is known from its start, as it is read)
        return _read_pipe(given, deferred)
    if deferred and form in DEFERRED_READERS:
        return DEFERRED_READERS[form](given)
    return READERS[form](given)


def read_input(name: PathArg, format: Optional[str] = None) -> tuple[str, str, list[Game]]:
    """The whole of one input, as the commands read it: its name in messages, its text (for
    the lines errors show) and its games. A JSON or YAML record with an error raises it."""
    path = path_text(name, "name")
    text = read_text(path)
    return source_name(path), text, list(read(path, format, text=text))
