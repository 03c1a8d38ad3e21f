"""A board to play on: the position, the rules, and the verbs of play.

:class:`Board` keeps a position under a ruleset with the bookkeeping the draw rules
need (the repetition history, the no-progress counter) and offers
:meth:`~Board.legal_plies`, :meth:`~Board.is_legal`, :meth:`~Board.apply`,
:meth:`~Board.captures_due`, :meth:`~Board.capturable` and :meth:`~Board.outcome`.
A ply is ``(target, origin, captures)`` (origin ``None`` for a placement), or a
:class:`~muehle.notation.record.model.Ply`. Every verb goes through the one core,
:func:`~muehle.analyzer.engine.core.play_line`.

>>> board = Board()
>>> len(board.legal_plies())
24
>>> board.apply(("d2", None, [])).kind
'place'
>>> board.is_legal(("d2", None, [])), board.check(("d2", None, [])).code
(False, 'occupied')
>>> board.position.to_move
'black'
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Optional, Union

from muehle.analyzer.engine import core
from muehle.analyzer.engine.board import ALL_POINTS, MILLS, NEIGHBOURS, POINTS, Position, mills_closed_at
from muehle.analyzer.engine.core import Broken, PlyTuple, PositionKey, Step
from muehle.analyzer.engine.events import DrawRight, Outcome
from muehle.analyzer.engine.messages import rule_message
from muehle.analyzer.engine.rules import RulesArg, Ruleset, as_ruleset
from muehle.notation.record.model import BLACK, WHITE, Ply

PlyArg = Union[PlyTuple, Ply]
_BITS = tuple(1 << i for i in range(len(POINTS)))


class IllegalPly(ValueError):
    """A ply that breaks a rule: :attr:`broken` holds the code and the facts."""

    def __init__(self, broken: Broken, rules: Ruleset) -> None:
        super().__init__(f"{rule_message(broken, rules)} [{broken.code}]")
        self.broken = broken


@dataclass
class Played:
    """What :meth:`Board.apply` did: the kind of ply (``place``, ``move``, ``jump``), the mills
    closed (masks) and the position after it."""

    kind: str
    closed: list[int]
    after: PositionKey


def _ply_tuple(ply: PlyArg) -> PlyTuple:
    if isinstance(ply, Ply):
        return (ply.target, ply.origin, ply.captures)
    return ply


def _byte_table(shift: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(i + shift for i in range(8) if byte >> i & 1) for byte in range(256))


_LOW, _MIDDLE, _HIGH = _byte_table(0), _byte_table(8), _byte_table(16)


def _indices(mask: int) -> tuple[int, ...]:
    """The points (indices) of a mask, in board order."""
    return _LOW[mask & 255] + _MIDDLE[mask >> 8 & 255] + _HIGH[mask >> 16]


class Board:
    """A position under a ruleset, with its repetition history and no-progress counter.

    ``start`` defaults to the empty board with ``rules.stones`` in hand each; ``no_progress``
    is the no-progress counter there.
    """

    def __init__(self, rules: RulesArg = None, start: Optional[Position] = None, no_progress: int = 0) -> None:
        self.rules: Ruleset = rules if isinstance(rules, Ruleset) else as_ruleset(rules)
        start = start or Position.start(self.rules.stones)
        self.key: PositionKey = (start.white, start.black, start.in_hand_white, start.in_hand_black,
                                 0 if start.to_move == WHITE else 1)
        self.counter = no_progress
        #: How often each position has stood in the repetition history.
        self.seen: dict[PositionKey, int] = {} if self.rules.repetition_window == "moves" else {self.key: 1}
        self.draw_rights: list[DrawRight] = []
        self.plies = 0
        self._outcome = core.start_outcome(*self.key[:4], bool(self.key[4]), self.rules.flying,
                                           self.rules.blocked)

    @property
    def position(self) -> Position:
        """The position now."""
        white, black, hand_white, hand_black, black_to_move = self.key
        return Position(white, black, hand_white, hand_black, BLACK if black_to_move else WHITE)

    def _sides(self) -> tuple[int, int, int, int]:
        """The side to move's stones and stones in hand, and its opponent's."""
        white, black, hand_white, hand_black, mover = self.key
        return (black, white, hand_black, hand_white) if mover else (white, black, hand_white, hand_black)

    def copy(self) -> "Board":
        """An independent board in the same position, with the same history."""
        board = object.__new__(Board)
        board.rules, board.key, board.counter, board.plies = self.rules, self.key, self.counter, self.plies
        board.seen, board.draw_rights, board._outcome = dict(self.seen), list(self.draw_rights), self._outcome
        return board

    def outcome(self) -> Optional[Outcome]:
        """How the game ended (``None`` while it goes on)."""
        return self._outcome

    def captures_due(self, mills: int, kind: str) -> int:
        """How many stones a ply of ``kind`` closing ``mills`` mills captures (the ruleset's rule)."""
        return self.rules.captures_for(mills, kind == "place")

    def capturable(self, side: Optional[int] = None) -> int:
        """The stones of ``side`` (0 White, 1 Black; default: the side not to move) that may be captured."""
        side = 1 - self.key[4] if side is None else side
        return core.capturable(self.key[side], self.rules)

    def _run(self, ply: PlyArg, seen: dict[PositionKey, int], steps: list[Step],
             rights: list[DrawRight]) -> tuple[Optional[Broken], Optional[Outcome]]:
        white, black, hand_white, hand_black, mover = self.key
        return core.play_line((_ply_tuple(ply),), self.rules, self.plies + 1, mover, white, black, hand_white,
                              hand_black, self.counter, self._outcome, seen, steps, rights)

    def check(self, ply: PlyArg) -> Optional[Broken]:
        """The rule ``ply`` would break here, or ``None`` if it is legal (the board is not changed)."""
        broken, _ = self._run(ply, {}, [], [])  # (repetitions do not decide what is legal)
        return broken

    def is_legal(self, ply: PlyArg) -> bool:
        """Whether ``ply`` may be played here."""
        return self.check(ply) is None

    def apply(self, ply: PlyArg) -> Played:
        """Play ``ply``: the board moves on (:class:`IllegalPly` if it breaks a rule, the board unchanged)."""
        steps: list[Step] = []
        rights: list[DrawRight] = []
        seen = dict(self.seen)
        broken, outcome = self._run(ply, seen, steps, rights)
        if broken is not None:
            raise IllegalPly(broken, self.rules)
        after, kind, closed, counter = steps[0][:4]
        self.key, self.counter, self.seen, self._outcome = after, counter, seen, outcome
        self.draw_rights.extend(rights)
        self.plies += 1
        return Played(kind, closed, after)

    def legal_plies(self) -> list[PlyTuple]:
        """Every ply the side to move may play, captures included (empty once the game is over)."""
        if self._outcome is not None:
            return []
        plies: list[PlyTuple] = []
        for origin, target, closed in self.moves():
            kind = "place" if origin is None else "move"
            for captures in self.capture_choices(origin, target, closed, kind):
                plies.append((POINTS[target], None if origin is None else POINTS[origin], captures))
        return plies

    def moves(self) -> list[tuple[Optional[int], int, int]]:
        """Every ``(origin, target, mills closed)`` the side to move may play, captures aside
        (points as indices; origin ``None`` for a placement): see :func:`moves_for`."""
        own, theirs, in_hand, _ = self._sides()
        return moves_for(own, theirs, in_hand, self.rules)

    def capture_choices(self, origin: Optional[int], target: int, closed: int, kind: str) -> list[list[str]]:
        """The ways to make the captures a ply closing ``closed`` mills demands (``[[]]`` if none);
        each is checked by the core, so only legal ones are given."""
        due = self.captures_due(closed, kind) if closed else 0
        if not due:
            return [[]]
        theirs = self._sides()[1]
        names = [POINTS[i] for i in _indices(theirs)]
        choices = []
        move = (POINTS[target], None if origin is None else POINTS[origin])
        for count in range(due, 0, -1):
            for chosen in combinations(names, count):
                for captures in ([list(chosen)] if count == 1 else [list(chosen), list(reversed(chosen))]):
                    if self.is_legal((*move, captures)):
                        choices.append(captures)
                        break
            if choices:
                return choices
        return [[]]


def moves_for(own: int, theirs: int, in_hand: int, rules: Ruleset) -> list[tuple[Optional[int], int, int]]:
    """Every ``(origin, target, mills closed)`` a side with stones ``own`` and ``in_hand`` may play
    against ``theirs``, captures aside (points as indices; origin ``None`` for a placement), in
    board order.

    >>> from muehle.analyzer.engine.board import mask_of
    >>> moves = moves_for(mask_of(["a1", "d1"]), mask_of(["a4"]), 0, as_ruleset("wmd"))
    >>> [(POINTS[origin], POINTS[target], mills) for origin, target, mills in moves]
    [('d1', 'd2', 0), ('d1', 'g1', 0)]
    """
    empty = ALL_POINTS & ~(own | theirs)
    # the free points that complete a line of which ``own`` holds two: the only ones where a mill may close
    threats = 0
    for mill in MILLS:
        if (own & mill).bit_count() == 2:
            threats |= mill & empty
    result: list[tuple[Optional[int], int, int]] = []
    if in_hand:
        for target in _indices(empty):
            result.append((None, target,
                           len(mills_closed_at(own | _BITS[target], target)) if threats >> target & 1 else 0))
        return result
    jumping = core.may_jump(own, in_hand, rules.flying)
    for origin in _indices(own):
        base = own & ~_BITS[origin]
        for target in _indices(empty if jumping else NEIGHBOURS[origin] & empty):
            result.append((origin, target,
                           len(mills_closed_at(base | _BITS[target], target)) if threats >> target & 1 else 0))
    return result
