"""The slips people make when they write a score, and what each costs.

Each kind of slip is one way a ply written (or a ply not written) differs from the ply played;
:func:`candidates` lists, for one ply of a line, every reading that undoes one slip there.
The costs rank the readings: a cheaper slip is the likelier one (``docs/repair.md`` gives the
table). The board's rules are not repeated here: a reading is only proposed, and the engine
(:func:`~muehle.analyzer.engine.core.play_line`, :meth:`~muehle.analyzer.engine.position.Board.legal_plies`)
decides whether it is legal.

>>> sorted(similar_points("d2"))[:3]  # (b and d look alike)
[('b2', 'letter', 1.0), ('d1', 'digit', 1.0), ('d3', 'digit', 1.0)]
>>> point_cost("c3", "e3"), point_cost("c3", "c5"), point_cost("a1", "g1")
(1.0, 1.0, 1.3)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator, Optional, Sequence

from muehle.analyzer.engine.board import POINTS

#: One ply as the engine reads it: target, origin (``None`` for a placement), captures (a tuple).
Move = tuple[str, Optional[str], tuple[str, ...]]

#: The kinds of slip, each with its cost (the likelier, the cheaper; see docs/repair.md).
COSTS: dict[str, float] = {
    "letter": 1.0,          # one letter of a point changed (a neighbouring or look-alike letter)
    "digit": 1.0,           # one digit of a point changed (a neighbouring or look-alike digit)
    "swap": 1.0,            # origin and target swapped (d5-d6 for d6-d5)
    "capture-missing": 1.0,  # a capture left out (d2-b2 for d2-b2/xa4)
    "capture-point": 1.0,   # the captured point miswritten (one character, neighbouring or look-alike)
    "capture-extra": 1.2,   # a capture written that was not made
    "omitted": 1.2,         # a ply left out
    "doubled": 0.8,         # a ply written twice
    "extra": 1.6,           # a ply written that was not played (not a copy of one of the two before)
    "order": 1.2,           # two plies in the wrong order
    "number": 1.0,          # a wrong move number (a run of plies numbered otherwise than they follow)
}

#: What a character changed to one that is neither a neighbour nor a look-alike costs more.
FAR_CHARACTER = 0.3

#: How much an edit costs for each ply it lies before the first illegal ply.
PER_PLY_BACK = 0.02

#: Letters and digits that look alike in handwriting (each pair either way).
LOOK_ALIKE = frozenset({("c", "e"), ("b", "d"), ("a", "d"), ("1", "7"), ("3", "5"), ("4", "7")})

def near(a: str, b: str) -> bool:
    """Whether two letters (or two digits) are neighbours or look alike."""
    return abs(ord(a) - ord(b)) == 1 or (a, b) in LOOK_ALIKE or (b, a) in LOOK_ALIKE


def point_cost(written: str, meant: str) -> float:
    """What reading ``written`` as ``meant`` (one character apart) costs."""
    if written[0] != meant[0]:
        kind, a, b = "letter", written[0], meant[0]
    else:
        kind, a, b = "digit", written[1], meant[1]
    return COSTS[kind] + (0.0 if near(a, b) else FAR_CHARACTER)


@lru_cache(maxsize=None)
def similar_points(point: str) -> tuple[tuple[str, str, float], ...]:
    """The points one letter or one digit away from ``point``, each with the kind of slip
    (``letter``, ``digit``) and its cost. A text that is no point has none."""
    if point not in POINTS:
        return ()
    found = []
    for other in POINTS:
        if other == point:
            continue
        if other[0] == point[0] or other[1] == point[1]:
            kind = "letter" if other[0] != point[0] else "digit"
            found.append((other, kind, point_cost(point, other)))
    return tuple(found)


@dataclass(frozen=True)
class Reading:
    """One slip undone at a line's place ``start``: the plies ``start`` to ``end`` (not included)
    read as ``plies``; its ``kind`` and ``cost`` (before the distance)."""

    start: int
    end: int
    plies: tuple[Move, ...]
    kind: str
    cost: float


def candidates(line: Sequence[Move], place: int, opponent_points: Sequence[str],
               legal_plies: "Optional[Sequence[Move]]") -> Iterator[Reading]:
    """Every reading of ``line`` that undoes one slip at ``place``: the ply there read otherwise,
    a ply put back before it (one of ``legal_plies``, those legal in the position before it;
    ``None``: none is tried), the ply there struck out, or it and the next one (or the one after)
    put in the other order. ``opponent_points`` are the stones of the side not to move there (what
    a capture may take). Readings that only repeat the ply as written are left out."""
    if place < len(line):
        target, origin, captures = line[place]
        one = place + 1
        for other, kind, cost in similar_points(target):
            yield Reading(place, one, ((other, origin, captures),), kind, cost)
        if origin is not None:
            for other, kind, cost in similar_points(origin):
                yield Reading(place, one, ((target, other, captures),), kind, cost)
            yield Reading(place, one, ((origin, target, captures),), "swap", COSTS["swap"])
        for point in opponent_points:
            if point not in captures:
                yield Reading(place, one, ((target, origin, captures + (point,)),), "capture-missing",
                              COSTS["capture-missing"])
        for index, captured in enumerate(captures):
            rest = captures[:index] + captures[index + 1:]
            yield Reading(place, one, ((target, origin, rest),), "capture-extra", COSTS["capture-extra"])
            for point in opponent_points:
                if point not in captures:
                    cost = point_cost(captured, point) if point[0] == captured[0] or point[1] == captured[1] else 1.6
                    changed = captures[:index] + (point,) + captures[index + 1:]
                    yield Reading(place, one, ((target, origin, changed),), "capture-point", cost)
        copied = (place >= 1 and line[place - 1] == line[place]) or (place >= 2 and line[place - 2] == line[place])
        yield Reading(place, one, (), "doubled" if copied else "extra", COSTS["doubled" if copied else "extra"])
        if place + 1 < len(line):
            yield Reading(place, place + 2, (line[place + 1], line[place]), "order", COSTS["order"])
        if place + 2 < len(line):
            yield Reading(place, place + 3, (line[place + 2], line[place + 1], line[place]), "order", COSTS["order"])
    if legal_plies is not None:
        for ply in legal_plies:
            yield Reading(place, place, (ply,), "omitted", COSTS["omitted"])


__all__ = ["COSTS", "FAR_CHARACTER", "LOOK_ALIKE", "Move", "PER_PLY_BACK", "Reading", "candidates", "near",
           "point_cost", "similar_points"]
