"""Reading game records written in the book's notation (and Sanmill's PGN).

A text is first cut into games (:mod:`muehle.notation.reading.splitter`), then each game
is parsed on its own by the LALR parser of ``grammars/muehle.lark``. The grammar
only checks the order of the tokens; the lexer callbacks of :class:`_Builder` tell a
:class:`~muehle.notation.record.builders.Visitor` the events of the record while the tokens
arrive, one token per ply, and a :class:`~muehle.notation.record.builders.GameBuilder`
makes the :class:`Game` of them. So a game with a syntax error keeps its tags and
the plies before the error, and the other games of the same text are not affected.
Well-formed games are first tried by the quicker :mod:`muehle.notation.reading.fastread`,
which tells the same events or leaves the game to the parser.

>>> game = parse_game('[Event "Beispiel"]\\n1. b4 d6 2. d2-b2/xa4! {gut} 1-0')
>>> game.tags, game.result
({'Event': 'Beispiel'}, '1-0')
>>> [ply.label() for ply in game.plies]
['1. b4', '1... d6', '2. d2-b2/xa4']
>>> game.plies[2].annotation, game.plies[2].comments, game.plies[2].column
('!', ['gut'], 13)
>>> [g.result for g in read_games("1. b4 1-0 1. d2 0-1")]
['1-0', '0-1']
>>> bad = next(read_games("1. b4 b1", source="x.txt"))
>>> print(bad.errors[0])
x.txt:1:7: error: b1 is not a point of the board
    1. b4 b1
          ^
"""

from __future__ import annotations

import os
import threading
from collections import deque
from typing import Any, Callable, Iterable, Iterator, Literal, Optional, TypeVar, Union, overload

from muehle.notation.formats.setup_numbering import sanmill_numbered
from muehle.notation.reading import fastread
from muehle.notation.reading.decode import UndecodedLine, decoded_text, file_lines, text_lines
from muehle.notation.reading.grammar import build_parser
from muehle.notation.reading.inputs import path_text
from muehle.notation.reading.plywords import (
    _DECODED,
    SecondAnnotation,
    TooManyDigits,
    _decode,
    read_move_number,
    read_nag,
)
from muehle.notation.reading.slips import has_slip, number_slip, ply_slips
from muehle.notation.reading.splitter import Chunk, split_lines
from muehle.notation.reading.tags import LONGEST_TAG_VALUE, tag_pair, tag_value_column
from muehle.notation.record.builders import GameBuilder, RecordError, Visitor, second_annotation
from muehle.notation.record.model import (
    WHITE,
    Game,
    GameRecord,
    Ply,
    normal_result,
)
from muehle.notation.text.errors import NotationError, NotationWarning, shortened
from muehle.notation.text.i18n import N_, _

__all__ = ["read_games", "read_file", "read_lines", "parse_game"]


#: The error of a ply with a move number after the comma of the book's one-line form (``6. g1, g7``).
AFTER_COMMA = N_("after the comma comes Black's reply, without a move number: 6. g1, g7")


class _Builder:
    """Tells a :class:`~muehle.notation.record.builders.Visitor` the events of one game, from the tokens of
    the lexer, in the order of the text (the lexer callbacks of the LALR parser).

    It checks what the grammar cannot (a ply glued to the next, a number too long, a
    NAG out of range, parentheses and results) and keeps what the messages of syntax
    errors need (:mod:`muehle.notation.reading.diagnose`): the types of the last two tokens,
    a move number waiting for its ply, the ``(`` of the open variations. What the
    events make, the numbering and the variations included, is the visitor's business;
    a :class:`~muehle.notation.record.builders.RecordError` it raises is located at the token.
    """

    def __init__(self) -> None:
        self.reset(Chunk(first_line=1), "<input>", GameBuilder())

    # -- state ------------------------------------------------------------
    def reset(self, chunk: Chunk, source: str, visitor: Visitor) -> str:
        """Start on the game of ``chunk``, telling ``visitor``; return the text to parse."""
        self.chunk = chunk
        self.text = chunk.text
        self.length = len(self.text)
        self.source = source
        self.line_offset = chunk.first_line - 1
        self.visitor = visitor
        self.pending: Optional[Any] = None  # a move number token waiting for its ply (pending[2])
        self.opened: list[Any] = []  # the '(' tokens of the open variations
        self.has_ply = False  # whether the current line of play has a ply
        self.white_numbered = False  # whether the last ply was written with White's move number
        self.had_ply: list[bool] = []  # ... and the lines the open variations branch from
        self.previous_type: Optional[str] = None  # type of the token before the last one
        self.last_type: Optional[str] = None
        self.last_brace_comment: Optional[str] = None  # the last { } comment as written (for the diagnostics)
        visitor.begin_game(source, chunk.first_line)
        return self.text

    def line_text(self, line: int) -> Optional[str]:
        """The source text of line ``line`` of the chunk (1-based)."""
        lines = self.chunk.lines
        return lines[line - 1] if 0 < line <= len(lines) else None

    def _seen(self, token_type: str) -> None:
        self.previous_type, self.last_type = self.last_type, token_type

    def syntax_error(self, message: str, line: int, column: int) -> NotationError:
        """A NotationError at ``line``/``column`` of the chunk being parsed (both 1-based)."""
        return NotationError(message, source=self.source, line=line + self.line_offset, column=column,
                             line_text=self.line_text(line))

    def error_at(self, message: str, token: Any) -> NotationError:
        return self.syntax_error(message, token.line, token.column)

    def tell(self, token: Any, event: Callable[..., None], *arguments: Any) -> None:
        """Tell the visitor ``event(*arguments)``; a RecordError it raises is located at ``token``."""
        try:
            event(*arguments)
        except RecordError as error:
            raise self.error_at(str(error), token) from None

    def number_without_ply(self) -> NotationError:
        """The error of the move number waiting for its ply, where another number or the end follows."""
        number = self.pending[2]  # type: ignore[index]
        return self.error_at(_("move number {value} is not followed by a ply").format(value=shortened(number.value)),
                             number)

    def warn(self, message: str, token: Any, offset: int) -> None:
        """Tell the visitor of a slip ``offset`` characters into ``token``, read as it is meant."""
        self.visitor.warning(NotationWarning(message, source=self.source, line=token.line + self.line_offset,
                                             column=token.column + offset, line_text=self.line_text(token.line)))

    # -- lexer callbacks --------------------------------------------------
    def on_tag(self, token: Any) -> Any:
        self._seen("TAG")
        name, value = tag_pair(token.value)
        self.tell(token, self.visitor.tag, name, value, token.line + self.line_offset,
                  tag_value_column(token.value, token.column), self.chunk.lines[token.line - 1])
        return token

    def on_number(self, token: Any) -> Any:
        if self.last_type == "NUMBER" and self.pending is not None:
            raise self.number_without_ply()
        if self.last_type == "COMMA":
            raise self.error_at(_(AFTER_COMMA), token)
        self._seen("NUMBER")
        if has_slip(token.value):  # ("11 .": the space stands after the digits)
            self.warn(number_slip(token.value), token, len(token.value) - len(token.value.lstrip("0123456789")))
        try:
            number, side = read_move_number(token.value)
            self.visitor.move_number(number, side)
        except (TooManyDigits, RecordError) as error:
            raise self.error_at(str(error), token) from None
        self.pending = (number, side, token)
        return token

    def on_ply(self, token: Any) -> Any:
        self.previous_type = self.last_type
        self.last_type = "PLY"
        text: str = token.value
        end = token.end_pos
        if end < self.length and self.text[end].isalnum():
            from muehle.notation.reading.diagnose import glued_ply  # (start-up: the diagnoses only for an error)

            raise glued_ply(token, self)
        decoded = _DECODED.get(text)
        if decoded is None:
            try:
                decoded = _decode(text)
            except TooManyDigits as error:
                raise self.error_at(str(error), token) from None
            except SecondAnnotation as error:
                raise self.syntax_error(second_annotation(error.first, error.second), token.line,
                                        token.column + error.at) from None
        number, side, offset, origin, target, captures, annotation = decoded
        if number is not None:  # the token starts with its move number
            if self.pending is not None:
                raise self.number_without_ply()
            if self.previous_type == "COMMA":
                raise self.error_at(_(AFTER_COMMA), token)
            self.white_numbered = side == WHITE
        else:
            self.white_numbered = self.pending is not None and self.pending[1] == WHITE
        self.pending = None
        if has_slip(text):
            move = Ply(None, WHITE, target, origin, list(captures)).move_text
            for at, message in ply_slips(text, move):
                self.warn(message, token, at)
        self.tell(token, self.visitor.ply, number, side, origin, target, captures, annotation,
                  token.line + self.line_offset, token.column + offset)
        self.has_ply = True
        return token

    def on_annotation(self, token: Any) -> Any:
        if self.last_type == "PLY":
            self.tell(token, self.visitor.annotation, token.value)
        self._seen("ANNOTATION")
        return token

    def on_nag(self, token: Any) -> Any:
        value = read_nag(token.value)
        if value is None:
            raise self.error_at(_("NAG {nag} is out of range: $1 to $255").format(nag=shortened(token.value)), token)
        if self.last_type in ("PLY", "ANNOTATION", "NAG"):
            self.visitor.nag(value)
        self._seen("NAG")
        return token

    def on_offer(self, token: Any) -> Any:
        if self.last_type in ("PLY", "ANNOTATION", "NAG"):
            self.visitor.draw_offer()
        self._seen("OFFER")
        return token

    def on_comma(self, token: Any) -> Any:
        if self.last_type == "NUMBER":
            if not self.pending[2].value.endswith("-"):  # type: ignore[index]
                raise self.error_at(_("a comma follows a move number only where White's ply is left out: 4. -, e4"),
                                    token)
        elif self.last_type in ("PLY", "ANNOTATION", "NAG", "OFFER"):
            if not self.white_numbered:
                raise self.error_at(_("a comma stands between White's ply and Black's reply of the same move, "
                                      "White's written with its move number: 6. g1, g7"), token)
        self._seen("COMMA")  # (anywhere else the parser reports it)
        return token

    def on_open(self, token: Any) -> Any:
        if self.has_ply and self.last_type not in ("NUMBER", "LPAR"):
            self.tell(token, self.visitor.begin_variation)
            self.opened.append(token)
            self.had_ply.append(self.has_ply)
            self.has_ply = False
        self._seen("LPAR")
        return token

    def on_close(self, token: Any) -> Any:
        if not self.opened:
            if self.last_type is None and self.chunk.start:  # (the game began after a result on this line)
                raise self.error_at(_("unbalanced parentheses: ')' without a '(' before it (a new game starts "
                                      "after the result before it: was that result inside a variation?)"), token)
            raise self.error_at(_("unbalanced parentheses: ')' without a '(' before it"), token)
        self.tell(token, self.visitor.end_variation)
        self.opened.pop()
        self.has_ply = self.had_ply.pop()
        self._seen("RPAR")
        return token

    def on_result(self, token: Any) -> Any:
        if self.opened:
            opening = self.opened[-1]
            raise self.error_at(_("a result cannot stand inside a variation: {result} ends the game, and the '(' at "
                                  "{line}:{column} is still open (write the result after the main line)").format(
                                      result=token.value, line=opening.line + self.line_offset, column=opening.column), token)
        self.visitor.result(normal_result(token.value), token.line + self.line_offset, token.column)
        self._seen("RESULT")
        return token

    def on_comment(self, token: Any) -> Any:
        text: str = token.value
        if text[0] == "{":
            self.last_brace_comment = text
            text = text[1:-1].strip()
        else:
            text = text[1:].strip()
        self.visitor.comment(text)
        return token

    def unclosed(self) -> NotationError:
        return self.error_at(_("unbalanced parentheses: this '(' is never closed by ')'"), self.opened[-1])

    def callbacks(self) -> dict[str, Any]:
        return {
            "TAG": self.on_tag, "NUMBER": self.on_number, "PLY": self.on_ply,
            "ANNOTATION": self.on_annotation, "NAG": self.on_nag, "OFFER": self.on_offer,
            "LPAR": self.on_open, "RPAR": self.on_close, "RESULT": self.on_result,
            "COMMENT": self.on_comment, "COMMA": self.on_comma,
        }


class _ThreadParser(threading.local):
    """One lark parser and its builder per thread (the builder holds the state of a parse),
    and the fast reader, built from the grammar's terminals without lark."""

    def __init__(self) -> None:
        self.builder: Optional[_Builder] = None
        self.lark: Any = None  # (a lark.Lark: lark has no hints)
        self.fast: Optional[fastread.FastReader] = None

    def get(self) -> tuple[_Builder, Any]:
        if self.lark is None:
            self.builder = _Builder()
            self.lark = build_parser(self.builder.callbacks())
        assert self.builder is not None
        return self.builder, self.lark

    def get_fast(self) -> fastread.FastReader:
        fast = self.fast
        if fast is None:
            from muehle.notation.reading.grammar_terminals import FLAGS, TERMINALS  # (start-up: with the first reader)

            fast = self.fast = fastread.FastReader(TERMINALS, FLAGS)
        return fast


_PARSERS = _ThreadParser()


#: What makes the builder of each game a reader reads (default: :class:`GameBuilder`).
Builder = Callable[[], GameBuilder]


#: A record of a game of any form (see :func:`_checked`).
Record = TypeVar("Record", bound=GameRecord)


def _parse_chunk(chunk: Chunk, source: str, builder: Optional[Builder] = None) -> Game:
    """The game of one chunk; a syntax error goes into ``game.errors``.

    The fast reader (:mod:`muehle.notation.reading.fastread`) reads the chunk when it can;
    otherwise (and always when ``fastread.ENABLED`` is false) the LALR parser does. Either
    tells the events to a builder that ``builder`` makes (default: a :class:`GameBuilder`).
    """
    game = _PARSERS.get_fast().read(chunk, source, builder) if fastread.ENABLED else None
    if game is None:
        game = _game_with_lark(chunk, source, builder)
    return _checked(game, chunk, source)


def _parse_deferred(chunk: Chunk, source: str, builder: Optional[Builder] = None) -> GameRecord:
    """The record of one chunk for judging it: a :class:`~muehle.notation.record.moverecord.MoveRecord`
    when the fast reader takes the game as runs of moves, else the game as :func:`_parse_chunk`
    reads it."""
    if fastread.ENABLED:
        record = _PARSERS.get_fast().read_moves(chunk, source, lambda: _read_whole(chunk, source))
        if record is not None:
            if any(len(value) > LONGEST_TAG_VALUE for value in record.tags.values()):
                return _checked(_game_with_lark(chunk, source, builder), chunk, source)  # (it says where)
            return _checked(record, chunk, source)
    return _parse_chunk(chunk, source, builder)


def _checked(game: Record, chunk: Chunk, source: str) -> Record:
    """``game``, as read from ``chunk``, with what its text says beyond its events: a JSON record
    given as notation is an error, and a Sanmill export set up with Black to move is renumbered
    (see :mod:`muehle.notation.formats.setup_numbering`)."""
    if game.result is None and not game.tags and not game.errors and game.first_numbering() is None:
        # (a JSON record is one '{...}' comment to the notation; an object with a key: '{}' is an empty comment)
        text = chunk.text.lstrip()
        if text.startswith("{") and text[1:].lstrip().startswith('"'):
            from muehle.notation.reading.diagnose import data_record  # (start-up: the diagnoses only for an error)

            said = data_record(chunk.text)
            if said is not None:
                game.errors.append(NotationError(said, source=source, line=chunk.first_line, column=chunk.start + 1,
                                                 line_text=chunk.lines[0] if chunk.lines else None))
    if "SetUp" in game.tags and not game.errors:  # (Sanmill numbers a set-up with Black to move in pairs)
        sanmill_numbered(game)
    return game


def _read_whole(chunk: Chunk, source: str) -> Game:
    """The whole game of a chunk that :meth:`FastReader.read_moves` accepted."""
    game = _PARSERS.get_fast().read(chunk, source)
    return game if game is not None else _game_with_lark(chunk, source)


def _game_with_lark(chunk: Chunk, source: str, builder: Optional[Builder] = None) -> Game:
    """The game of one chunk as the LALR parser reads it (a syntax error goes into ``game.errors``),
    made by a builder that ``builder`` makes (default: a :class:`GameBuilder`)."""
    made = GameBuilder() if builder is None else builder()
    _tell_with_lark(chunk, source, made)
    return made.end_game()


def _tell_with_lark(chunk: Chunk, source: str, visitor: Visitor) -> None:
    """Tell ``visitor`` the events of one chunk as the LALR parser reads it, up to
    :meth:`~muehle.notation.record.builders.Visitor.end_game` (not included); a syntax error is
    told as :meth:`~muehle.notation.record.builders.Visitor.error`."""
    from lark.exceptions import UnexpectedInput  # (start-up: a well-formed record is read without lark)

    builder, lark = _PARSERS.get()
    text = builder.reset(chunk, source, visitor)
    try:
        lark.parse(text)
    except NotationError as error:
        visitor.error(error)
    except UnexpectedInput as error:
        from muehle.notation.reading.diagnose import describe_unexpected  # (start-up: the diagnoses only for an error)

        visitor.error(describe_unexpected(error, builder, text))
    builder.reset(Chunk(first_line=1), source, Visitor())  # (a visitor that keeps nothing: the finished game is let go)


@overload
def read_lines(lines: Iterable[str], source: str = ..., first_line: int = ..., deferred: Literal[False] = ...,
               ends_text: bool = ..., builder: Optional[Builder] = ...) -> Iterator[Game]: ...
@overload
def read_lines(lines: Iterable[str], source: str = ..., first_line: int = ..., deferred: bool = ...,
               ends_text: bool = ..., builder: Optional[Builder] = ...) -> Iterator[GameRecord]: ...
def read_lines(lines: Iterable[str], source: str = "<input>", first_line: int = 1,
               deferred: bool = False, ends_text: bool = True, builder: Optional[Builder] = None
               ) -> Iterator[GameRecord]:
    """Every game of ``lines`` (without line breaks), the first of them line ``first_line`` of ``source``.

    Errors are handled as by :func:`read_games`. With ``deferred``, a well-formed game
    is read as the cheap :class:`~muehle.notation.record.moverecord.MoveRecord`: its tags,
    result, and main line and variations as moves, the whole game read only when
    asked for; quicker when most games are only replayed, as by ``muehle validate``. Each
    is a :class:`~muehle.notation.record.model.GameRecord`, and without ``deferred`` a
    :class:`Game`. With
    ``ends_text`` false the lines are a piece of a text that goes on with a new game
    (see :func:`~muehle.notation.reading.splitter.split_lines`). ``builder`` makes the builder each game
    is told to (default: a :class:`GameBuilder`; a :class:`~muehle.notation.record.compactgame.CompactGameBuilder`
    makes cheaper games for writers of plain data).
    """
    parse = _parse_deferred if deferred else _parse_chunk
    return _games_of(lines, source, first_line, ends_text, lambda chunk, source: parse(chunk, source, builder))


def _games_of(lines: Iterable[str], source: str, first_line: int, ends_text: bool,
              parse: Callable[[Chunk, str], Record]) -> Iterator[Union[Record, Game]]:
    """The games of ``lines``, each chunk read by ``parse`` (see :func:`read_lines`): a game that
    holds a line that is not UTF-8 is a :class:`Game` with its error."""
    chunks = split_lines(lines, first_line, ends_text)
    undecoded = getattr(lines, "undecoded", None)
    if undecoded is None:
        return (parse(chunk, source) for chunk in chunks)
    return (_game_of(chunk, source, undecoded, parse) for chunk in chunks)


def _game_of(chunk: Chunk, source: str, undecoded: deque[UndecodedLine],
             parse: Callable[[Chunk, str], Record]) -> Union[Record, Game]:
    """The game of one chunk read by ``parse``, cut from a :class:`Lines` reading whose lines not UTF-8 are
    ``undecoded`` (the chunks come in the order of their lines): a game that holds one gets its error (the
    first) and is judged no further than its bytes are read."""
    if undecoded:
        while undecoded and undecoded[0].error.line < chunk.first_line:
            undecoded.popleft()
        if undecoded and undecoded[0].error.line < chunk.first_line + len(chunk.lines):
            game = _game_with_lark(chunk, source)  # (its tags, and the error of that line)
            error = undecoded[0].error
            game.errors[:] = [NotationError(error.message, source=source, line=error.line, column=error.column,
                                            line_text=str(undecoded[0]))]
            return game
    return parse(chunk, source)


def read_lines_with_text(lines: Iterable[str], source: str = "<input>", first_line: int = 1,
                         ends_text: bool = True) -> Iterator[tuple[Game, str]]:
    """Every game of ``lines``, as :func:`read_lines` reads them (``first_line`` and ``ends_text``
    too), with its own text as the splitter cut it
    (:attr:`~muehle.notation.reading.splitter.Chunk.source_text`): the text of a game chosen from a
    file, written as it stands there.

    >>> [(game.result, text) for game, text in read_lines_with_text(["1. b4 d6 1-0", "", "1. d2 *"])]
    [('1-0', '1. b4 d6 1-0\\n'), ('*', '1. d2 *')]
    """
    undecoded: deque[UndecodedLine] = getattr(lines, "undecoded", deque())  # (see :class:`Lines`)
    for chunk in split_lines(lines, first_line, ends_text):
        yield _game_of(chunk, source, undecoded, _parse_chunk), chunk.source_text


@overload
def read_games(text: Union[str, bytes], source: str = ..., deferred: Literal[False] = ...,
               builder: Optional[Builder] = ...) -> Iterator[Game]: ...
@overload
def read_games(text: Union[str, bytes], source: str = ..., deferred: bool = ...,
               builder: Optional[Builder] = ...) -> Iterator[GameRecord]: ...
def read_games(text: Union[str, bytes], source: str = "<input>", deferred: bool = False,
               builder: Optional[Builder] = None) -> Iterator[GameRecord]:
    """Every game of ``text``, in order (``deferred``, ``builder``: see :func:`read_lines`).

    Never raises on bad records: a game with a syntax error has
    ``game.errors == [NotationError(...)]`` and keeps its tags and the plies read
    before the error; the other games are read as usual. ``bytes`` are read as UTF-8
    (bytes that are not are a :class:`MuehleError` at the first, code ``io``).
    """
    return read_lines(text_lines(_text_of(text, source, "read_games")), source, deferred=deferred, builder=builder)


def _text_of(text: Union[str, bytes], source: str, function: str) -> str:
    """``text`` as text: ``bytes`` decoded as UTF-8; anything else a :class:`TypeError`."""
    if isinstance(text, str):
        return text
    if isinstance(text, (bytes, bytearray)):
        return decoded_text(bytes(text), source)
    raise TypeError(f"{function} reads a text (str, or bytes of UTF-8), not {type(text).__name__}")


@overload
def read_file(path: str | os.PathLike[str], source: Optional[str] = ..., deferred: Literal[False] = ...,
              lenient: bool = ..., builder: Optional[Builder] = ...) -> Iterator[Game]: ...
@overload
def read_file(path: str | os.PathLike[str], source: Optional[str] = ..., deferred: bool = ...,
              lenient: bool = ..., builder: Optional[Builder] = ...) -> Iterator[GameRecord]: ...
def read_file(path: str | os.PathLike[str], source: Optional[str] = None, deferred: bool = False,
              lenient: bool = False, builder: Optional[Builder] = None) -> Iterator[GameRecord]:
    """Every game of a file, read game by game (memory does not grow with the file).

    The file is UTF-8, with or without BOM, with LF, CRLF or CR line ends. ``source``
    names the file in messages (default: the path). A file that cannot be read or
    is not UTF-8 raises :class:`~muehle.notation.text.errors.MuehleError` (code ``io``)
    when the iteration reaches the problem; with ``lenient``, a line that is not
    UTF-8 is an error of the game that holds it (in ``game.errors``), and the games
    after it are read. Syntax errors go into ``game.errors`` as with
    :func:`read_games`; ``deferred``, ``builder``: see :func:`read_lines`.
    """
    name = path_text(path) if source is None else source
    return read_lines(file_lines(path, name, lenient), name, deferred=deferred, builder=builder)


def parse_game(text: Union[str, bytes], source: str = "<input>") -> Game:
    """The one game of ``text`` (``bytes``: UTF-8, as :func:`read_games` reads them); raises
    its :class:`NotationError` on a syntax error.

    A text with no game, or with a second game, is an error too.
    """
    chunks = split_lines(text_lines(_text_of(text, source, "parse_game")))
    first = next(chunks, None)
    if first is None:
        raise NotationError(_("no game in the text"), source=source)
    game = _parse_chunk(first, source)
    if game.errors:
        raise game.errors[0]
    for chunk in chunks:
        raise NotationError(
            _("a second game starts here; expected exactly one game"), source=source,
            line=chunk.first_line, column=chunk.start + 1, line_text=chunk.lines[0],
        )
    return game
