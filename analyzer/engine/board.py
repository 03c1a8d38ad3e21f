"""The board: 24 points, 32 lines between neighbours, 16 mills, as bit masks.

Point ``i`` is bit ``1 << i``, in the order of :data:`POINTS` (sorted by file, then
rank). Sets of points are ints, so a mill test is one ``&``.

>>> POINT_INDEX["a1"], POINT_INDEX["g7"]
(0, 23)
>>> sorted(points_of(NEIGHBOURS[POINT_INDEX["d2"]]))
['b2', 'd1', 'd3', 'f2']
>>> [points_of(m) for m in MILLS_THROUGH[POINT_INDEX["a1"]]]
[['a1', 'd1', 'g1'], ['a1', 'a4', 'a7']]
>>> len(MILLS), sum(bin(n).count("1") for n in NEIGHBOURS) // 2
(16, 32)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from muehle.notation.record.model import BLACK, WHITE, Side
from muehle.notation.record.model import POINTS as POINTS  # (re-exported: the board's points, in board order)

POINT_INDEX: dict[str, int] = {point: index for index, point in enumerate(POINTS)}
ALL_POINTS: int = (1 << len(POINTS)) - 1

#: The 16 lines of three points; a player holding all three has a mill. Each line is in board
#: order (file, then rank: ``d5-d6-d7``), the order in which every output writes a mill.
MILL_LINES: tuple[tuple[str, str, str], ...] = (
    ("a7", "d7", "g7"), ("b6", "d6", "f6"), ("c5", "d5", "e5"), ("a4", "b4", "c4"),
    ("e4", "f4", "g4"), ("c3", "d3", "e3"), ("b2", "d2", "f2"), ("a1", "d1", "g1"),
    ("a1", "a4", "a7"), ("b2", "b4", "b6"), ("c3", "c4", "c5"), ("d5", "d6", "d7"),
    ("d1", "d2", "d3"), ("e3", "e4", "e5"), ("f2", "f4", "f6"), ("g1", "g4", "g7"),
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


MILLS: tuple[int, ...] = tuple(mask_of(line) for line in MILL_LINES)

#: For each point, the masks of the two mills it belongs to.
MILLS_THROUGH: tuple[tuple[int, ...], ...] = tuple(
    tuple(mill for mill in MILLS if mill >> i & 1) for i in range(len(POINTS))
)


def _neighbours() -> tuple[int, ...]:
    masks = [0] * len(POINTS)
    for a, b, c in MILL_LINES:
        for x, y in ((a, b), (b, c)):
            masks[POINT_INDEX[x]] |= 1 << POINT_INDEX[y]
            masks[POINT_INDEX[y]] |= 1 << POINT_INDEX[x]
    return tuple(masks)


#: For each point, the mask of the points one line away.
NEIGHBOURS: tuple[int, ...] = _neighbours()


def mills_closed_at(stones: int, index: int) -> list[int]:
    """The mills through point ``index`` that ``stones`` holds completely."""
    return [mill for mill in MILLS_THROUGH[index] if stones & mill == mill]


def stones_in_mills(stones: int) -> int:
    """The mask of those of ``stones`` that stand in a closed mill."""
    covered = 0
    for mill in MILLS:
        if stones & mill == mill:
            covered |= mill
    return covered


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
