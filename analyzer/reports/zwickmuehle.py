"""The Zwickmühle (running double mill): a mill that opens into another mill and back.

A side *has a Zwickmühle* in a position when all of these hold:

1. it has no stones in hand (it moves stones, it does not place them);
2. it has a closed mill ``M``;
3. a stone ``s`` of ``M`` has an adjacent free point ``p`` (one line away);
4. the other two points of a mill ``M'`` through ``p`` hold stones of that side,
   and ``M'`` does not contain ``s``.

Moving ``s`` to ``p`` then opens ``M`` and closes ``M'``; moving it back opens
``M'`` and closes ``M`` again: every back-and-forth closes a mill. The line from
``s`` to ``p`` is never ``M`` (``p`` would not be free) nor ``M'`` (it contains
``s``), so ``M'`` is the other mill through ``p``. The two mills never share a
point, so a Zwickmühle needs at least five stones; a side with three stones,
which may jump, cannot have one. Whether the opponent can block ``p`` is not
part of the definition: it describes the structure, as the books do. Lines and
mills are those of the ruleset's board (``geometry``; on a board with diagonals
a stone may also step along a diagonal, and a diagonal may be ``M`` or ``M'``).

>>> from muehle.analyzer.engine.board import mask_of
>>> white = mask_of(["a7", "d7", "g7", "b6", "f6"])     # a7-d7-g7 closed, d6 free
>>> [str(s) for s in shuttles(white, opponent=0)]
['d7-d6 opens a7-d7-g7, closes b6-d6-f6']
>>> shuttles(white, opponent=mask_of(["d6"]))                # d6 blocked
[]
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from muehle.analyzer.engine.board import ALL_POINTS, POINTS, STANDARD, Geometry, Position, points_of
from muehle.analyzer.engine.messages import mill_text
from muehle.notation.record.model import WHITE, Side


@functools.lru_cache(maxsize=None)
def shuttle_targets(geometry: Geometry = STANDARD) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """For each point ``s``: (neighbour ``p``, mill ``M'`` through ``p`` without ``s``, ``M'`` minus ``p``);
    neighbours and mills as the engine has them on ``geometry``'s board (its reach, the mills
    through a point). Built once per board."""
    table = []
    for s in range(len(POINTS)):
        targets = []
        neighbours = geometry.reach(1 << s)
        for p in range(len(POINTS)):
            if neighbours >> p & 1:
                for mill in geometry.mills_through[p]:
                    if not mill >> s & 1:
                        targets.append((1 << p, mill, mill & ~(1 << p)))
        table.append(tuple(targets))
    return tuple(table)


@dataclass(frozen=True)
class Shuttle:
    """One running double mill: ``stone`` steps to ``to``, opening ``opens`` and closing ``closes``."""

    stone: str
    to: str
    opens: tuple[str, str, str]
    closes: tuple[str, str, str]

    def __str__(self) -> str:
        return f"{self.stone}-{self.to} opens {mill_text(self.opens)}, closes {mill_text(self.closes)}"

    def to_dict(self) -> dict[str, object]:
        return {"stone": self.stone, "to": self.to, "opens": list(self.opens),
                "closes": list(self.closes)}


def has_shuttle(stones: int, opponent: int, geometry: Geometry = STANDARD) -> bool:
    """Whether the side holding ``stones`` has a running double mill; ``opponent`` is the other side's mask.

    The fast test behind :func:`has_zwickmuehle`; it ignores stones in hand.

    >>> from muehle.analyzer.engine.board import DIAGONALS, mask_of
    >>> has_shuttle(mask_of(["a1", "a4", "a7", "d2", "d3"]), 0)   # a1-d1 closes d1-d2-d3
    True
    >>> white = mask_of(["a7", "d7", "g7", "d6", "f6"])     # a7-b6 along the diagonal closes b6-d6-f6
    >>> has_shuttle(white, 0), has_shuttle(white, 0, DIAGONALS)
    (False, True)
    >>> [str(s) for s in shuttles(white, 0, DIAGONALS)]
    ['a7-b6 opens a7-d7-g7, closes b6-d6-f6']
    """
    targets = shuttle_targets(geometry)
    empty = ALL_POINTS & ~(stones | opponent)
    for mill in geometry.closed_mills(stones):
        rest = mill
        while rest:
            low = rest & -rest
            rest ^= low
            for p_bit, _, need in targets[low.bit_length() - 1]:
                if p_bit & empty and stones & need == need:
                    return True
    return False


def shuttles(stones: int, opponent: int, geometry: Geometry = STANDARD) -> list[Shuttle]:
    """Every running double mill of the side holding ``stones``; ``opponent`` is the other side's mask.

    Listed by the closed mill (in the order of ``geometry.mills``), then by the moving stone and
    its target in board order.

    >>> from muehle.analyzer.engine.board import mask_of
    >>> [str(s) for s in shuttles(mask_of(["a1", "a4", "a7", "d2", "d3", "b2", "b6"]), 0)]
    ['a1-d1 opens a1-a4-a7, closes d1-d2-d3', 'a4-b4 opens a1-a4-a7, closes b2-b4-b6']
    """
    targets = shuttle_targets(geometry)
    empty = ALL_POINTS & ~(stones | opponent)
    found = []
    for mill in geometry.closed_mills(stones):
        for s in range(len(POINTS)):
            if not mill >> s & 1:
                continue
            for p_bit, other, need in targets[s]:
                if p_bit & empty and stones & need == need:
                    found.append(Shuttle(POINTS[s], POINTS[p_bit.bit_length() - 1],
                                         _as_line(mill), _as_line(other)))
    return found


def _as_line(mill: int) -> tuple[str, str, str]:
    """The points of a mill along its line (board order is file, then rank)."""
    a, b, c = points_of(mill)
    return (a, b, c)


def has_zwickmuehle(position: Position, side: Side, geometry: Geometry = STANDARD) -> bool:
    """Whether ``side`` has a Zwickmühle in ``position`` (the definition above), on ``geometry``'s board.

    >>> from muehle.analyzer.engine.board import mask_of
    >>> white = mask_of(["a7", "d7", "g7", "b6", "f6"])
    >>> has_zwickmuehle(Position(white=white, in_hand_white=0, in_hand_black=0), "white")
    True
    >>> has_zwickmuehle(Position(white=white, in_hand_white=1, in_hand_black=0), "white")
    False
    """
    if position.in_hand(side):
        return False
    return has_shuttle(position.stones(side), _opponent_stones(position, side), geometry)


def zwickmuehlen(position: Position, side: Side, geometry: Geometry = STANDARD) -> list[Shuttle]:
    """The shuttles that make up the Zwickmühle of ``side`` in ``position`` (empty if none), on ``geometry``'s board."""
    if position.in_hand(side):
        return []
    return shuttles(position.stones(side), _opponent_stones(position, side), geometry)


def _opponent_stones(position: Position, side: Side) -> int:
    return position.black if side == WHITE else position.white
