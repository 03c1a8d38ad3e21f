"""PlayOK's records: points numbered 1 to 24 instead of the book's coordinates.

PlayOK (playok.com) exports a game of Mühle as PGN-like text: tag pairs (``Event``,
``Site``, ``Date``, ``White``, ``Black``, ``Result``, ``Time``, ``TimeControl``,
``GameType``, ``WhiteElo``, ``BlackElo``, ...) and a movetext whose plies name the points
by number, row by row from the top (:data:`PLAYOK_POINTS`): a placement ``5``, a move
``23-24``, captures glued to their ply with ``x`` (``5x13``, ``10-1x23``), ``N.`` before
White's ply, results ``1-0``, ``0-1``, ``1/2-1/2`` and ``*``.

:func:`tokenize` turns such a text into tokens, game by game (tags, plies with their
points in the book's coordinates and their place in the source, comments, result, or
the error that ended the game); it knows nothing of how a record is built.
:func:`tell` tells the events of one game's tokens to a
:class:`~muehle.notation.record.builders.Visitor`, as the notation's readers do, and
:func:`read_playok` has a :class:`~muehle.notation.record.builders.GameBuilder` make the
records of them.

>>> games = read_playok('[Site "PlayOK"]\\n\\n1. 1 4 2. 2 5 3. 3x4 1-0\\n', "g.txt")
>>> [ply.label() for ply in games[0].plies], games[0].result
(['1. a7', '1... b6', '2. d7', '2... d6', '3. g7/xb6'], '1-0')
>>> looks_like_playok("1. 5 17"), looks_like_playok("1. d6 d3")
(True, False)
"""

from __future__ import annotations

import bisect
import re
from typing import NamedTuple, Optional, Union

from muehle.notation.reading.quoted import quoted_text, unrolled
from muehle.notation.reading.tags import tag_pair, tag_problem, tag_value_column
from muehle.notation.record.builders import GameBuilder, Visitor
from muehle.notation.record.model import (
    BLACK,
    MAX_DIGITS,
    WHITE,
    Game,
    Numbering,
    Ply,
    Side,
    goes_back,
    next_numbering,
    normal_result,
    too_many_digits,
)
from muehle.notation.text.errors import NotationError, quoted, shortened
from muehle.notation.text.i18n import N_, _

#: PlayOK's numbering of the points: point ``n`` is ``PLAYOK_POINTS[n - 1]``, row by row
#: from the top, each row from the left.
PLAYOK_POINTS: tuple[str, ...] = (
    "a7", "d7", "g7",
    "b6", "d6", "f6",
    "c5", "d5", "e5",
    "a4", "b4", "c4", "e4", "f4", "g4",
    "c3", "d3", "e3",
    "b2", "d2", "f2",
    "a1", "d1", "g1",
)

#: The other direction: a point in the book's coordinates -> its number at PlayOK.
PLAYOK_NUMBERS: dict[str, int] = {point: number for number, point in enumerate(PLAYOK_POINTS, 1)}

#: What the messages about a text read as PlayOK's say of its points.
NUMBERED_POINTS = N_("PlayOK's numbered points (1 to 24, row by row from the top)")


def playok_point(number: int) -> str:
    """The point numbered ``number`` at PlayOK; :class:`ValueError` outside 1 to 24.

    >>> playok_point(1), playok_point(13), playok_point(24)
    ('a7', 'e4', 'g1')
    """
    if not 1 <= number <= len(PLAYOK_POINTS):
        raise ValueError(f"{number} is not one of {NUMBERED_POINTS}")
    return PLAYOK_POINTS[number - 1]


def playok_number(point: str) -> int:
    """The number of ``point`` at PlayOK (a :class:`KeyError` for no point of the board).

    >>> playok_number("d6"), playok_number("a1")
    (5, 22)
    """
    return PLAYOK_NUMBERS[point]


#: The words of a PlayOK text, in the order they are tried at a place.
_WORD = re.compile(r"""
    (?P<space>\s+)
  | (?P<tag>\[[ \t]*[A-Za-z0-9_]+[ \t]+""" + quoted_text(r'[^"\\\r\n]', r'\\["\\]', "tag_escapes") + r"""[ \t]*\])
  | (?P<brace>\{""" + unrolled(r"[^}\r\n]", r'(?!(?:\r\n?|\n)[ \t]*(?:\r\n?|\n)[ \t]*\[[ \t]*[A-Za-z0-9_]+[ \t]+")[\r\n]',
                                "brace_lines") + r"""\}?)
  | (?P<semicolon>;[^\r\n]*)
  | (?P<result>(?:1-0|0-1|1/2-1/2|\*)(?![\w/.\-]))
  | (?P<number>[0-9]+(?:\.\.\.|\.|…))
  | (?P<ply>[0-9]+(?:[-x][0-9]*)*)(?![\w.\-])
  | (?P<capture>x[0-9]*(?:[-x][0-9]*)*)(?![\w.\-])
  | (?P<book>[A-Ga-g][1-7][^\s\[{;]*)
  | (?P<other>[^\s\[{;]+|\S)
""", re.VERBOSE)

def _word_at(text: str, position: int) -> "re.Match[str]":
    """The word of :data:`_WORD` at ``position`` (every character starts one)."""
    word = _WORD.match(text, position)
    assert word is not None  # (its last alternative takes any character)
    return word


#: A coordinate of the book's notation inside a word.
_BOOK_POINT = re.compile(r"[A-Ga-g][1-7]")

#: A blank line (two line breaks with nothing but blanks between).
_BLANK_LINE = re.compile(r"(?:\r\n?|\n)[ \t\f\v]*(?:\r\n?|\n)")
_LINE_BREAK = re.compile(r"\r\n?|\n")


def looks_like_playok(text: str) -> bool:
    """Whether ``text`` is a record in PlayOK's numbered points: its first ply (after the tag
    pairs, comments and its move number) is a bare number, as ``5``, ``23-24`` or ``5x13``.

    >>> looks_like_playok('[Event "x"]\\n{ start }\\n1.\\n5 17 *'), looks_like_playok("17... 10-4x17")
    (True, True)
    >>> looks_like_playok("1. b4 d6"), looks_like_playok("1 5"), looks_like_playok("5 17"), looks_like_playok("1-0")
    (False, False, False, False)
    """
    numbered = False
    position, end = 0, len(text)
    while position < end:
        word = _word_at(text, position)
        kind = word.lastgroup
        position = word.end()
        if kind in ("space", "tag", "brace", "semicolon"):
            continue
        if kind == "number" and not numbered:
            numbered = True
            continue
        return numbered and kind in ("ply", "capture")
    return False


class Tag(NamedTuple):
    """A tag pair: its name, its value, and where the pair starts."""

    name: str
    value: str
    line: int
    column: int


class PlyToken(NamedTuple):
    """One ply as the text gives it, its points in the book's coordinates.

    ``number`` and ``side`` are the numbering the text gives the ply (a move number written
    before it, else counted on from the ply before); ``text`` is the ply as written;
    ``line`` and ``column`` where it starts.
    """

    number: Optional[int]
    side: Side
    origin: Optional[str]
    target: str
    captures: tuple[str, ...]
    text: str
    line: int
    column: int


class Comment(NamedTuple):
    """A comment (``{...}`` or ``;`` to the end of the line), its text without the marks."""

    text: str
    line: int
    column: int


class Result(NamedTuple):
    """The result at the end of the movetext."""

    result: str
    line: int
    column: int


Token = Union[Tag, PlyToken, Comment, Result]


class PlayokGame(NamedTuple):
    """The tokens of one game, from line ``line`` on; ``error`` ended it early (the tokens
    are those before the error)."""

    line: int
    tokens: list[Token]
    error: Optional[NotationError]


class _Lines:
    """The lines of a text, to say where an offset in it is."""

    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source
        self.starts = [0] + [found.end() for found in _LINE_BREAK.finditer(text)]

    def place(self, offset: int) -> tuple[int, int]:
        """Line and column (1-based) of ``offset``."""
        index = bisect.bisect_right(self.starts, offset) - 1
        return index + 1, offset - self.starts[index] + 1

    def line_text(self, line: int) -> str:
        """The text of line ``line`` (1-based), without its line break."""
        end = self.starts[line] if line < len(self.starts) else len(self.text)
        return self.text[self.starts[line - 1]:end].rstrip("\r\n")

    def error(self, message: str, offset: int) -> NotationError:
        line, column = self.place(offset)
        return NotationError(message, source=self.source, line=line, column=column, line_text=self.line_text(line))


class _Fault(Exception):
    """A PlayOK text is wrong at ``offset`` (relative to the word): ``message`` says how."""

    def __init__(self, message: str, offset: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset


def _point(digits: str, offset: int) -> str:
    """The point numbered ``digits`` (one or more), which start ``offset`` into their word."""
    if len(digits) > 2 or not 1 <= int(digits) <= len(PLAYOK_POINTS):
        raise _Fault(_("{digits} is not a point: this text is read in {notation}").format(
            digits=shortened(digits), notation=_(NUMBERED_POINTS)), offset)
    return PLAYOK_POINTS[int(digits) - 1]


def _ply_points(word: str) -> tuple[Optional[str], str, tuple[str, ...]]:
    """Origin, target and captures of a ply word such as ``10-1x23`` (it starts with the digits of a point).

    >>> _ply_points("10-1x23x2"), _ply_points("5")
    (('a4', 'a7', ('d1', 'd7')), (None, 'd6', ()))
    """
    parts = re.split(r"([-x])", word)
    origin: Optional[str] = None
    target = _point(parts[0], 0)
    captures: list[str] = []
    offset = len(parts[0])
    for mark, digits in zip(parts[1::2], parts[2::2]):
        if mark == "-":
            if captures:
                raise _Fault(_("a move's '-' comes before its captures (as in 10-1x23)"), offset)
            if origin is not None:
                raise _Fault(_("{word} has two '-': a move goes from one point to another (as in 23-24)").format(
                    word=shortened(word)),
                             offset)
            if not digits:
                raise _Fault(_("{move} needs the number of its target point after '-' (as in 23-24)").format(
                    move=shortened(word[:offset + 1])), offset)
            origin, target = target, _point(digits, offset + 1)
        else:
            if not digits:
                raise _Fault(_("'x' must be followed by the number of the captured point (as in 5x13)"), offset)
            captures.append(_point(digits, offset + 1))
        offset += 1 + len(digits)
    return origin, target, tuple(captures)


def _in_playok(word: str) -> str:
    """A word in the book's notation with its points as PlayOK numbers them (for a message).

    >>> _in_playok("d2-b2/xa4"), _in_playok("d6")
    ('20-19x10', '5')
    """
    written = word.replace("/x", "x").replace("/X", "x").replace("X", "x")
    return _BOOK_POINT.sub(lambda found: str(PLAYOK_NUMBERS.get(found.group().lower(), found.group())), written)


def in_book_notation(word: str) -> str:
    """A ply in PlayOK's numbers (each 1 to 24) in the book's notation (for a message).

    >>> in_book_notation("10-1x23"), in_book_notation("5")
    ('a4-a7/xd1', 'd6')
    """
    origin, target, captures = _ply_points(word)
    return Ply(None, WHITE, target, origin, list(captures)).move_text


def _move_number(word: str) -> tuple[int, Side]:
    """The number and side of a move number as written (``5.``, ``5...`` or ``5…``)."""
    digits = word.rstrip(".…")
    if len(digits) > MAX_DIGITS:
        raise _Fault(too_many_digits(N_("move number"), len(digits)))
    return int(digits), WHITE if word.endswith(".") and not word.endswith("...") else BLACK


class _Tokenizer:
    """The state of :func:`tokenize` between two words."""

    def __init__(self, text: str, source: str) -> None:
        self.lines = _Lines(text, source)
        self.text = text
        self.games: list[PlayokGame] = []
        self.game: Optional[PlayokGame] = None
        self.moves = False  # the game has a ply, move number or result
        self.ended = False  # ... its result
        self.context: Optional[Numbering] = None
        self.pending: Optional[tuple[int, Side, int, str]] = None  # number, side, offset, text

    def start(self, offset: int) -> PlayokGame:
        self.finish()
        self.game = PlayokGame(self.lines.place(offset)[0], [], None)
        self.moves = self.ended = False
        self.context = self.pending = None
        return self.game

    def finish(self) -> None:
        game = self.game
        if game is None:
            return
        if game.error is None and self.pending is not None:
            game = game._replace(error=self.lines.error(
                _("move number {value} is not followed by a ply").format(value=shortened(self.pending[3])),
                self.pending[2]))
        self.games.append(game)
        self.game = None

    def current(self, offset: int, moves: bool) -> PlayokGame:
        """The game a word at ``offset`` belongs to (``moves``: a ply, move number or result)."""
        if self.game is None or (moves and self.ended):
            return self.start(offset)
        return self.game

    def fail(self, message: str, offset: int) -> None:
        self.failed(self.lines.error(message, offset), offset)

    def failed(self, error: NotationError, offset: int) -> None:
        game = self.current(offset, True)
        self.game = game._replace(error=error)
        self.pending = None

    def word(self, kind: str, word: str, offset: int, blank_before: bool) -> None:
        """Take the next word, of kind ``kind`` (a group of :data:`_WORD`), at ``offset``."""
        game = self.game
        if game is not None and game.error is not None:  # skip to the next game: a tag pair after a blank line
            if kind == "tag" and blank_before:
                self.start(offset)
            else:
                if kind == "result":
                    self.finish()
                return
        getattr(self, "on_" + kind)(word, offset)

    def on_tag(self, word: str, offset: int) -> None:
        if self.moves:
            self.start(offset)
        name, value = tag_pair(word.strip())
        game = self.current(offset, False)
        first = next((tag for tag in game.tokens if isinstance(tag, Tag) and tag.name == name), None)
        if first is not None:
            self.fail(_("duplicate tag {name} (first given on line {line})").format(name=shortened(name),
                                                                                   line=first.line), offset)
            return
        game.tokens.append(Tag(name, value, *self.lines.place(offset)))

    def on_brace(self, word: str, offset: int) -> None:
        if not word.endswith("}"):
            self.fail(_("unterminated comment: this '{{' is never closed by '}}'").format(), offset)
            return
        self.current(offset, False).tokens.append(Comment(word[1:-1].strip(), *self.lines.place(offset)))

    def on_semicolon(self, word: str, offset: int) -> None:
        self.current(offset, False).tokens.append(Comment(word[1:].strip(), *self.lines.place(offset)))

    def on_result(self, word: str, offset: int) -> None:
        game = self.current(offset, True)
        if self.pending is not None:
            self.fail(_("move number {value} is not followed by a ply").format(value=shortened(self.pending[3])),
                      self.pending[2])
            return
        game.tokens.append(Result(word, *self.lines.place(offset)))
        self.moves = self.ended = True

    def on_number(self, word: str, offset: int) -> None:
        self.current(offset, True)
        self.moves = True
        if self.pending is not None:
            self.fail(_("move number {value} is not followed by a ply").format(value=shortened(self.pending[3])),
                      self.pending[2])
            return
        number, side = _move_number(word)
        context = self.context
        if context is not None and goes_back(context, number, side):
            self.fail(_("move number {word} goes back: the ply before is numbered {number}{dots}").format(
                word=shortened(word), number=shortened(str(context[0])), dots='.' if context[1] == WHITE else '...'),
                offset)
            return
        self.pending = (number, side, offset, word)

    def on_ply(self, word: str, offset: int) -> None:
        game = self.current(offset, True)
        self.moves = True
        origin, target, captures = _ply_points(word)
        number: Optional[int]
        if self.pending is not None:
            number, side = self.pending[0], self.pending[1]
            self.pending = None
        else:
            number, side = next_numbering(self.context)
        self.context = (number, side)
        game.tokens.append(PlyToken(number, side, origin, target, captures, word, *self.lines.place(offset)))

    def on_capture(self, word: str, offset: int) -> None:
        self.fail(_("a capture is glued to the ply that closed the mill in PlayOK's records, as in "
                    "5x13 or 10-1x23 (not {word} on its own)").format(word=shortened(word)), offset)

    def on_book(self, word: str, offset: int) -> None:
        self.fail(_("{word} is in the book's notation, but this text is read in {notation}, "
                    "as its first ply is written: a text is written in one or the other (here: "
                    "{playok})").format(word=shortened(word), notation=_(NUMBERED_POINTS),
                                       playok=shortened(_in_playok(word))), offset)

    def on_other(self, word: str, offset: int) -> None:
        if word != "[":
            self.fail(_("unexpected {word}: this text is read in {notation}; a ply is written 5, 23-24 or "
                        "10-1x23").format(word=quoted(word), notation=_(NUMBERED_POINTS)), offset)
            return
        self.failed(tag_problem(self.text, offset, lambda message, extra=0: self.lines.error(
            message, offset + extra)), offset)


def tokenize(text: str, source: str = "<input>") -> list[PlayokGame]:
    """The tokens of every game of a PlayOK text; a game with an error keeps the tokens before it
    and ends there (reading goes on at the next tag pair after a blank line, or after the result).

    A game ends with its result, or where a tag pair follows its movetext.

    >>> [game.tokens[-1] for game in tokenize("1. 1 4 2. 2 5 3. 3x4 1-0 1. 22 *")]
    [Result(result='1-0', line=1, column=22), Result(result='*', line=1, column=32)]
    >>> tokenize("1. 1 4 2. 2 25")[0].error.message
    "25 is not a point: this text is read in PlayOK's numbered points (1 to 24, row by row from the top)"
    """
    state = _Tokenizer(text, source)
    position, end = 0, len(text)
    blank_before = True
    while position < end:
        word = _word_at(text, position)
        kind = word.lastgroup or "other"
        value = word.group()
        if kind == "space":
            blank_before = blank_before or _BLANK_LINE.search(value) is not None
        else:
            try:
                state.word(kind, value, position, blank_before)
            except _Fault as fault:
                state.fail(fault.message, position + fault.offset)
            blank_before = False
        position = word.end()
    state.finish()
    return state.games


def tell(tokens: PlayokGame, source: str, lines: _Lines, visitor: Visitor) -> None:
    """Tell ``visitor`` the events of one game's tokens, up to
    :meth:`~muehle.notation.record.builders.Visitor.end_game` (not included). Every ply is told
    with the numbering the text gives it (its move number, else counted on)."""
    visitor.begin_game(source, tokens.line)
    for token in tokens.tokens:
        if isinstance(token, Tag):
            line_text = lines.line_text(token.line)
            visitor.tag(token.name, token.value, token.line,
                        tag_value_column(line_text[token.column - 1:], token.column), line_text)
        elif isinstance(token, PlyToken):
            visitor.ply(token.number, token.side, token.origin, token.target, token.captures, None,
                        token.line, token.column)
        elif isinstance(token, Comment):
            visitor.comment(token.text)
        else:
            visitor.result(normal_result(token.result), token.line, token.column)
    if tokens.error is not None:
        visitor.error(tokens.error)


def read_playok(text: str, source: str = "<input>") -> list[Game]:
    """Every game of a PlayOK text (syntax errors in ``game.errors``, as the notation's reader
    keeps them). A text without a game gives none."""
    lines = _Lines(text, source)
    games = []
    for tokens in tokenize(text, source):
        builder = GameBuilder()
        tell(tokens, source, lines, builder)
        games.append(builder.end_game())
    return games
