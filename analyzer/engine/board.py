"""The board: 24 points, the lines between them and the mills along them, as bit masks.

Point ``i`` is bit ``1 << i``, in the order of :data:`POINTS` (sorted by file, then
rank). Sets of points are ints, so a mill test is one ``&``. The lines of a board are its
:class:`Geometry`: the standard board's 16 lines of three points (32 lines between
neighbours, 16 mills), or Sanmill's board with diagonals (``hasDiagonalLines``: four lines
more, 20 mills). A ruleset names its board (its field ``board``); the tables of each board
are built once, here, and the engine takes them from the ruleset before it plays a line.

>>> POINT_INDEX["a1"], POINT_INDEX["g7"]
(0, 23)
>>> sorted(points_of(NEIGHBOURS[POINT_INDEX["d2"]]))
['b2', 'd1', 'd3', 'f2']
>>> [points_of(m) for m in MILLS_THROUGH[POINT_INDEX["a1"]]]
[['a1', 'd1', 'g1'], ['a1', 'a4', 'a7']]
>>> len(MILLS), sum(bin(n).count("1") for n in NEIGHBOURS) // 2
(16, 32)
>>> len(DIAGONALS.mills), sum(bin(n).count("1") for n in DIAGONALS.neighbours) // 2
(20, 40)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from muehle.notation.record.model import BLACK, WHITE, Side
from muehle.notation.record.model import POINTS as POINTS  # (re-exported: the board's points, in board order)

POINT_INDEX: dict[str, int] = {point: index for index, point in enumerate(POINTS)}
ALL_POINTS: int = (1 << len(POINTS)) - 1

#: The 16 lines of three points of the standard board; a player holding all three has a mill.
#: Each line is in board order (file, then rank: ``d5-d6-d7``), the order in which every output
#: writes a mill.
MILL_LINES: tuple[tuple[str, str, str], ...] = (
    ("a7", "d7", "g7"), ("b6", "d6", "f6"), ("c5", "d5", "e5"), ("a4", "b4", "c4"),
    ("e4", "f4", "g4"), ("c3", "d3", "e3"), ("b2", "d2", "f2"), ("a1", "d1", "g1"),
    ("a1", "a4", "a7"), ("b2", "b4", "b6"), ("c3", "c4", "c5"), ("d5", "d6", "d7"),
    ("d1", "d2", "d3"), ("e3", "e4", "e5"), ("f2", "f4", "f6"), ("g1", "g4", "g7"),
)

#: The four diagonal lines joining the corners of the three squares (Sanmill's ``hasDiagonalLines``:
#: ``src/mills.cpp`` lines 84-223 the neighbours, 305-350 the mills, at v7.4.6), in board order.
DIAGONAL_LINES: tuple[tuple[str, str, str], ...] = (
    ("a7", "b6", "c5"), ("e5", "f6", "g7"), ("a1", "b2", "c3"), ("e3", "f2", "g1"),
)


def mask_of(points: Iterable[str]) -> int:
    """The bit mask of some points.

    >>> mask_of(["a1", "a4"])
    3
    """
    mask = 0
    for point in points:
        mask |= 1 << POINT_INDEX[point]
    return mask


def points_of(mask: int) -> list[str]:
    """The points of a bit mask, in board order.

    >>> points_of(3)
    ['a1', 'a4']
    """
    return [POINTS[i] for i in range(len(POINTS)) if mask >> i & 1]


class Geometry:
    """The lines of a board on the 24 points and every table the engine reads off them, built once.

    ``name`` is the ruleset's name for it (its field ``board``); ``lines`` its lines of three
    points (each a mill to hold), ``extra_lines`` those beyond the standard board's (what a
    picture draws besides the three squares and the four lines joining them). The tables:

    - ``mills``: the mills (masks), in the order of ``lines``; ``mills_through``: for each point,
      the mills through it (two, or three at the corners of a board with diagonals);
    - ``neighbours``: for each point, the points one line away; ``reach_tables``: the neighbours
      of the stones of each byte of a mask (points 0-7, 8-15, 16-23), read by :meth:`reach`;
    - ``point_facts``: for each point's name, what the core reads of a point in one lookup: its
      bit, two mills through it and its neighbours. A point on three lines has ``0`` for both
      mills there: a mask that every side holds, so the core's quick test of the two mills sends
      it to the full look-up (:meth:`mills_closed_at`, the capturable stones), which a point on
      two lines never needs; the standard board pays nothing for the board with diagonals.

    >>> STANDARD.point_facts["a1"] == (1, MILLS_THROUGH[0][0], MILLS_THROUGH[0][1], NEIGHBOURS[0])
    True
    >>> DIAGONALS.point_facts["a1"][1:3], [points_of(m) for m in DIAGONALS.mills_through[0]]
    ((0, 0), [['a1', 'd1', 'g1'], ['a1', 'a4', 'a7'], ['a1', 'b2', 'c3']])
    >>> points_of(DIAGONALS.reach(mask_of(["b6"])))
    ['a7', 'b4', 'c5', 'd6']
    """

    def __init__(self, name: str, lines: tuple[tuple[str, str, str], ...]) -> None:
        self.name = name
        self.lines = lines
        self.extra_lines = tuple(line for line in lines if line not in MILL_LINES)
        self.mills: tuple[int, ...] = tuple(mask_of(line) for line in lines)
        self.mills_through: tuple[tuple[int, ...], ...] = tuple(
            tuple(mill for mill in self.mills if mill >> i & 1) for i in range(len(POINTS)))
        neighbours = [0] * len(POINTS)
        for a, b, c in lines:
            for x, y in ((a, b), (b, c)):
                neighbours[POINT_INDEX[x]] |= 1 << POINT_INDEX[y]
                neighbours[POINT_INDEX[y]] |= 1 << POINT_INDEX[x]
        self.neighbours: tuple[int, ...] = tuple(neighbours)
        self.point_facts: dict[str, tuple[int, int, int, int]] = {}
        for point, index in POINT_INDEX.items():
            through = self.mills_through[index]
            first, second = through if len(through) == 2 else (0, 0)
            self.point_facts[point] = (1 << index, first, second, self.neighbours[index])
        self.reach_tables: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]] = (
            self._by_byte(0), self._by_byte(8), self._by_byte(16))

    def _by_byte(self, shift: int) -> tuple[int, ...]:
        """For each byte value: the points next to the stones it stands for (points ``shift`` to ``shift + 7``)."""
        table = []
        for byte in range(256):
            reach = 0
            for bit in range(8):
                if byte >> bit & 1:
                    reach |= self.neighbours[shift + bit]
            table.append(reach)
        return tuple(table)

    def __repr__(self) -> str:
        return f"<Geometry {self.name}>"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        """A geometry travels (to a worker process) by its name: there is one of each."""
        return (geometry_named, (self.name,))

    def reach(self, stones: int) -> int:
        """The points next to ``stones`` (one line away), in three lookups."""
        low, middle, high = self.reach_tables
        return low[stones & 255] | middle[stones >> 8 & 255] | high[stones >> 16]

    def mills_closed_at(self, stones: int, index: int) -> list[int]:
        """The mills through point ``index`` that ``stones`` holds completely."""
        return [mill for mill in self.mills_through[index] if stones & mill == mill]

    def closed_mills(self, stones: int) -> list[int]:
        """The mills (masks, in the order of :attr:`mills`) that ``stones`` hold completely."""
        return [mill for mill in self.mills if stones & mill == mill]

    def stones_in_mills(self, stones: int) -> int:
        """The mask of those of ``stones`` that stand in a closed mill."""
        covered = 0
        for mill in self.mills:
            if stones & mill == mill:
                covered |= mill
        return covered


#: The standard board, and Sanmill's board with diagonal lines.
STANDARD = Geometry("standard", MILL_LINES)
DIAGONALS = Geometry("diagonals", MILL_LINES + DIAGONAL_LINES)

#: The boards a ruleset may name (its field ``board``), by name.
GEOMETRIES: dict[str, Geometry] = {geometry.name: geometry for geometry in (STANDARD, DIAGONALS)}


def geometry_named(name: str) -> Geometry:
    """The board of that name (a :class:`KeyError` for none)."""
    return GEOMETRIES[name]


#: The standard board's tables (see :class:`Geometry`).
MILLS: tuple[int, ...] = STANDARD.mills

#: For each point, the masks of the two mills it belongs to (the standard board).
MILLS_THROUGH: tuple[tuple[int, ...], ...] = STANDARD.mills_through

#: For each point, the mask of the points one line away (the standard board).
NEIGHBOURS: tuple[int, ...] = STANDARD.neighbours


def mills_closed_at(stones: int, index: int, geometry: Geometry = STANDARD) -> list[int]:
    """The mills through point ``index`` that ``stones`` holds completely (on ``geometry``'s board)."""
    return geometry.mills_closed_at(stones, index)


# The rules of the stones themselves, which the core, the capture kinds and the board's verbs share.


def capturable_under(stones: int, capture_from_mill: str, geometry: Geometry = STANDARD) -> int:
    """The mask of ``stones`` an opponent may capture under a ruleset's ``capture_from_mill``:
    those not in closed mills (of ``geometry``'s board). When every stone stands in a mill, all
    may be captured (``when-all-in-mills``), or none (``never``); under ``always`` any stone may be.

    >>> from muehle.analyzer.engine.board import mask_of, points_of
    >>> mill_and_one = mask_of(["a1", "d1", "g1", "b4"])
    >>> [points_of(capturable_under(mill_and_one, mode)) for mode in ("when-all-in-mills", "never", "always")]
    [['b4'], ['b4'], ['a1', 'b4', 'd1', 'g1']]
    >>> mill = mask_of(["a1", "d1", "g1"])
    >>> capturable_under(mill, "never"), capturable_under(mill, "when-all-in-mills") == mill
    (0, True)
    >>> from muehle.analyzer.engine.board import DIAGONALS
    >>> diagonal_and_one = mask_of(["a1", "b2", "c3", "b4"])
    >>> points_of(capturable_under(diagonal_and_one, "when-all-in-mills")), points_of(capturable_under(
    ...     diagonal_and_one, "when-all-in-mills", DIAGONALS))
    (['a1', 'b2', 'b4', 'c3'], ['b4'])
    """
    if capture_from_mill == "always":
        return stones
    free = stones & ~geometry.stones_in_mills(stones)
    if free or capture_from_mill == "never":
        return free
    return stones


def lost(stones: int, in_hand: int, lose_below: int = 3) -> bool:
    """Whether a side with ``stones`` on the board and ``in_hand`` has fewer than ``lose_below``
    (the ruleset's field, three unless it says otherwise: Sanmill's ``piecesAtLeastCount``): it has lost.

    >>> lost(0b11, 0), lost(0b111, 0), lost(0b111, 0, 4), lost(0b111, 1, 4)
    (True, False, True, False)
    """
    return stones.bit_count() + in_hand < lose_below


@dataclass(frozen=True)
class Position:
    """A position between two turns: both sides' stones, stones in hand, the side to move, and
    the ``marked`` points: those whose stones a mill captured while placing under a ruleset with
    ``mill_while_placing: mark`` (Sanmill's marked pieces), which stay taken until placing ends
    (:mod:`~muehle.analyzer.engine.placing_rules`).

    Equal positions (for repetition) are equal objects with equal hashes.

    >>> Position.start().to_move, Position.start().in_hand_white
    ('white', 9)
    """

    white: int = 0
    black: int = 0
    in_hand_white: int = 9
    in_hand_black: int = 9
    to_move: Side = WHITE
    marked: int = 0

    @classmethod
    def start(cls, stones: int = 9) -> "Position":
        return cls(0, 0, stones, stones, WHITE)

    def stones(self, side: Side) -> int:
        return self.white if side == WHITE else self.black

    def in_hand(self, side: Side) -> int:
        return self.in_hand_white if side == WHITE else self.in_hand_black

    def on_board(self, side: Side) -> int:
        return bin(self.stones(side)).count("1")

    def owner(self, point: str) -> Side | None:
        """``'white'``, ``'black'`` or ``None`` for an empty (or a marked) point."""
        bit = 1 << POINT_INDEX[point]
        if self.white & bit:
            return WHITE
        if self.black & bit:
            return BLACK
        return None
