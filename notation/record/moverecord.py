"""The cheap record of a game: its head and its moves, for judging it.

``muehle validate`` replays most games and reports nothing on them but a verdict;
for that it needs the tags, the result and the moves of the main line and its
variations with their numbering (a :class:`~muehle.notation.record.model.MoveLine`), not
:class:`~muehle.notation.record.model.Ply` objects with comments and places. A
:class:`MoveRecord` is that: what the quick reader of moves
(:meth:`~muehle.notation.reading.fastread.FastReader.read_moves`) makes of a well-formed
game. When a verdict needs more (the place of an illegal ply), :meth:`MoveRecord.whole`
reads the whole :class:`~muehle.notation.record.model.Game` from the text, once; the
attributes a game has beyond the head (``plies``, ``comments``, ...) are those of
that game.

>>> from muehle.notation.record.model import Ply
>>> record = MoveRecord({"Event": "x"}, "*", MoveLine([("b4", None, ())], (1, "white"), None, {}),
...                     lambda: Game(plies=[Ply(1, "white", "b4", line=2, column=4)]))
>>> record.main_line().numbered(), record.plies[0].column
([(1, 'white', 'b4', None, ())], 4)

A :class:`MovesBuilder` makes one of the events of a reader (see
:mod:`muehle.notation.record.builders`): of the plies told together
(:meth:`~muehle.notation.record.builders.Visitor.moves`, by the quick reading of words) or one by one.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

from muehle.notation.reading.tags import LONGEST_TAG_VALUE, too_long_tag_value
from muehle.notation.record.builders import RecordError, Visitor
from muehle.notation.record.model import (
    MAX_VARIATION_DEPTH,
    Game,
    MoveLine,
    Numbering,
    Ply,
    PlyMove,
    RecordHead,
    Side,
    goes_back,
    next_numbering,
    numbered_in_turn,
    numbering_after,
    renumbered_line,
    too_deep,
)
from muehle.notation.text.errors import shortened

__all__ = ["MoveRecord", "MovesBuilder", "NumberedOtherwise"]


class MoveRecord(RecordHead):
    """A game's head and its moves (see the module); ``read_whole`` reads the whole game."""

    __slots__ = ("moves", "_read_whole", "_whole", "_changes")

    def __init__(self, tags: dict[str, str], result: Optional[str], moves: MoveLine,
                 read_whole: Callable[[], Game], source: str = "", line: int = 0,
                 head_lines: Optional[Sequence[str]] = None) -> None:
        super().__init__(tags, result, source, line)
        self.head_lines = head_lines
        self.moves = moves
        self._read_whole = read_whole
        self._whole: Optional[Game] = None
        self._changes: list[Callable[[Numbering], Numbering]] = []  # renumberings for the whole game

    def whole(self) -> Game:
        """The whole game, read from the text the first time it is asked for."""
        if self._whole is None:
            game = self._read_whole()
            for change in self._changes:
                game.renumber(change)
            self._whole = game
        return self._whole

    @property
    def plies(self) -> list[Ply]:
        return self.whole().plies

    @property
    def comments(self) -> list[str]:
        return self.whole().comments

    @property
    def final_comments(self) -> list[str]:
        return self.whole().final_comments

    @property
    def result_place(self) -> Optional[tuple[int, int]]:
        return self.whole().result_place

    def main_line(self) -> MoveLine:
        """The main line and its variations as moves."""
        return self.moves

    def first_numbering(self) -> Optional[Numbering]:
        """The number and side of the main line's first ply (``None`` for a game without plies)."""
        return self.moves.first

    def has_variations(self) -> bool:
        """Whether a ply of the main line has variations."""
        return bool(self.moves.variations)

    def ply_count(self) -> int:
        """How many plies the main line has (the whole game is not read for it)."""
        return len(self.moves.moves)

    def renumber(self, change: Callable[[Numbering], Numbering]) -> None:
        """Number each ply as ``change`` makes its numbering: the moves now, the whole game when it is read."""
        self.moves = renumbered_line(self.moves, change)
        if self._whole is not None:
            self._whole.renumber(change)
        else:
            self._changes.append(change)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, MoveRecord):
            other = other.whole()
        if not isinstance(other, Game):
            return NotImplemented
        return self.whole() == other

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and copied as the whole game."""
        return (_same, (self.whole(),))

    def __repr__(self) -> str:
        return f"MoveRecord(tags={self.tags!r}, result={self.result!r}, moves={self.moves!r}, line={self.line!r})"


class NumberedOtherwise(RecordError):
    """A ply whose written number is not the one that follows from its line's first ply (``1. b4
    3. d6``): no error of the notation (the replay judges it), but no record for a
    :class:`MovesBuilder`: the whole game is read instead."""


class MovesBuilder(Visitor):
    """Makes the :class:`MoveRecord` of the events (``read_whole`` reads the whole game).

    One line of play (the main line or a variation) at a time is current: its moves,
    its variations by the place of the ply they replace, the numbering of the ply
    before its first (``start``) and of its first (``first``); opening a variation
    pushes it on ``stack``. A written move number is checked where it is written:
    the first ply's must not go back, a later ply's must be the numbering that follows
    from the first (:func:`~muehle.notation.record.model.numbering_after`), else
    :class:`NumberedOtherwise` (the whole game then keeps every ply's numbering).
    Annotations, NAGs, draw offers, comments and places are not kept.

    >>> builder = MovesBuilder(Game)
    >>> builder.begin_game("t.txt", 1)
    >>> builder.moves([("b4", None, ()), ("d6", None, ())], {0: (1, "white")})
    >>> builder.begin_variation(); builder.ply(None, None, None, "f4", (), None, 0, 0); builder.end_variation()
    >>> builder.moves([("d2", None, ())], {0: (2, "white")})
    >>> record = builder.end_game()
    >>> record.main_line().numbered(), [line.numbered() for line in record.main_line().variations[1]]
    ([(1, 'white', 'b4', None, ()), (1, 'black', 'd6', None, ()), (2, 'white', 'd2', None, ())], \
[[(1, 'black', 'f4', None, ())]])
    """

    def __init__(self, read_whole: Callable[[], Game]) -> None:
        self.read_whole = read_whole

    def begin_game(self, source: str, line: int) -> None:
        self.source, self.line = source, line
        self.tags: dict[str, str] = {}
        self.tag_places: dict[str, tuple[int, int, str]] = {}
        self.result_value: Optional[str] = None
        self.line_moves: list[PlyMove] = []
        self.variations: dict[int, list[MoveLine]] = {}
        self.start: Optional[Numbering] = None  # the numbering of the ply before the line's first (None: none)
        self.first: Optional[Numbering] = None  # ... and of its first (None: no ply yet)
        self.pending: Optional[Numbering] = None  # a move number written on its own, until its ply
        #: The lines a variation interrupts, innermost last: moves, variations, start and first numbering.
        self.stack: list[tuple[list[PlyMove], dict[int, list[MoveLine]], Optional[Numbering], Optional[Numbering]]] = []

    def tag(self, name: str, value: str, line: int, column: int, line_text: str) -> None:
        if len(value) > LONGEST_TAG_VALUE:
            raise RecordError(too_long_tag_value(name, value))
        if name in self.tags:
            raise RecordError(f"duplicate tag {shortened(name)} (first given on line {self.tag_places[name][0]})")
        self.tags[name] = value
        self.tag_places[name] = (line, column, line_text)

    def moves(self, moves: list[PlyMove], numbers: dict[int, Numbering]) -> None:
        line = self.line_moves
        first = self.first
        if first is None:  # the line's first plies: the list told is the line's
            first = numbers.get(0)
            if first is None:
                first = next_numbering(self.start)
            elif goes_back(self.start, *first):  # type: ignore[arg-type]
                raise RecordError("a move number goes back")  # (the parser says how)
            self.first = first
            self.line_moves = moves
            before = 0
        else:
            before = len(line)
            line.extend(moves)
        if numbers and not numbered_in_turn(first, numbers, before):  # (reckoned only where a number is written)
            raise NumberedOtherwise("a ply of the line is numbered otherwise")

    def move_number(self, number: int, side: Side) -> None:
        self.pending = (number, side)

    def ply(self, number: Optional[int], side: Optional[Side], origin: Optional[str], target: str,
            captures: Sequence[str], annotation: Optional[str], line: int, column: int) -> None:
        written = self.pending if number is None else (number, side)
        self.pending = None
        self.moves([(target, origin, captures)], {} if written is None else {0: written})  # type: ignore[dict-item]

    def begin_variation(self) -> None:
        stack = self.stack
        if len(stack) == MAX_VARIATION_DEPTH:
            raise RecordError(too_deep())
        line, first = self.line_moves, self.first
        stack.append((line, self.variations, self.start, first))
        if len(line) > 1:  # a variation of the last ply: its numbering goes on from the ply before that
            self.start = numbering_after(first, len(line) - 2)  # type: ignore[arg-type]
        self.line_moves, self.variations, self.first = [], {}, None

    def end_variation(self) -> None:
        if not self.line_moves:
            raise RecordError("a variation needs at least one ply")
        branch = MoveLine(self.line_moves, self.first, None, self.variations)
        self.line_moves, self.variations, self.start, self.first = self.stack.pop()
        self.variations.setdefault(len(self.line_moves) - 1, []).append(branch)

    def result(self, value: str, line: int, column: int) -> None:
        self.result_value = value

    def end_game(self) -> MoveRecord:
        record = MoveRecord(self.tags, self.result_value, MoveLine(self.line_moves, self.first, None, self.variations),
                            self.read_whole, self.source, self.line)
        record.tag_places = self.tag_places
        return record


def _same(game: Game) -> Game:
    return game
