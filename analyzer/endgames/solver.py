"""Retrograde analysis of endgame tables, vectorised with numpy.

A table ``(a, b)`` holds, for each class of positions with ``a`` stones for the
side to move and ``b`` for the other (none in hand), the value for the side to
move in one byte (see :mod:`muehle.analyzer.endgames.values`). A ply that captures
leads into table ``(b - 1, a)``, solved before (with ``b - 1 == 2`` the ply wins
at once); any other ply leads into ``(b, a)``. So the tables are solved in groups:
``(3, 3)``; ``(3, 4)`` with ``(4, 3)``; ``(4, 4)``; ``(3, 5)`` with ``(5, 3)`` ...

Within a group the values come level by level: a side with no legal ply has lost
in 0 plies (under ``blocked: draw`` it is a draw); a position is won in ``k + 1`` when some ply leads to a position lost
in ``k``, and lost in ``k + 1`` when every ply leads to a won one and the slowest
of them is won in ``k``. What no level reaches is a draw (play goes round in circles).
"""

from __future__ import annotations

from math import comb
from typing import Any, Callable, Iterator, Optional

import numpy as np

from muehle.analyzer.endgames import index
from muehle.analyzer.endgames.settings import EndgameRules, Table, captures_into, table_name
from muehle.analyzer.endgames.values import DRAW, MAX_DISTANCE, encode
from muehle.analyzer.engine.board import ALL_POINTS, MILLS, MILLS_THROUGH, NEIGHBOURS

#: Called with what is being done (the tables named) and how far (0 to 1), if that is known.
Progress = Callable[[str, Optional[float]], None]

_POINTS = range(24)
#: Plies between adjacent points, and (flying) between any two points.
_STEPS = tuple((s, t) for s in _POINTS for t in _POINTS if NEIGHBOURS[s] >> t & 1)
_JUMPS = tuple((s, t) for s in _POINTS for t in _POINTS if s != t)
#: Nodes handled at once while making the plies (bounds the memory a build takes).
_CHUNK = 1 << 15
_UNKNOWN = np.iinfo(np.int32).max


def groups(stones: int) -> list[list[Table]]:
    """The groups of tables up to ``stones`` per side, in the order they are solved.

    >>> groups(4)
    [[(3, 3)], [(3, 4), (4, 3)], [(4, 4)]]
    """
    found = []
    for total in range(6, 2 * stones + 1):
        for a in range(3, stones + 1):
            b = total - a
            if a <= b <= stones:
                found.append([(a, b)] if a == b else [(a, b), (b, a)])
    return found


def capturable_masks(stones: np.ndarray[Any, Any], capture_from_mill: str) -> np.ndarray[Any, Any]:
    """For each set of stones, those that may be captured (see :func:`~muehle.analyzer.engine.board.capturable_under`)."""
    if capture_from_mill == "always":
        copied: np.ndarray[Any, Any] = stones.copy()
        return copied
    covered = np.zeros_like(stones)
    for mill in MILLS:
        covered |= np.where(stones & mill == mill, mill, 0)
    free: np.ndarray[Any, Any] = stones & ~covered
    if capture_from_mill == "never":
        return free
    chosen: np.ndarray[Any, Any] = np.where(free != 0, free, stones)
    return chosen


class _Edges:
    """The plies of one table's classes: to a class of the group, to a solved table, or winning at once."""

    def __init__(self) -> None:
        self.inner_source: list[np.ndarray[Any, Any]] = []
        self.inner_target: list[np.ndarray[Any, Any]] = []
        self.outer_source: list[np.ndarray[Any, Any]] = []
        self.outer_code: list[np.ndarray[Any, Any]] = []
        self.wins: list[np.ndarray[Any, Any]] = []


def _plies(mover: np.ndarray[Any, Any], other: np.ndarray[Any, Any], flying: bool) -> Iterator[tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any]]]:
    """For positions (arrays of masks, all with as many stones): every ply as the
    position's number, the mover's stones after it, and whether it closed a mill."""
    empty = ALL_POINTS & ~(mover | other)
    count = int(mover[0]).bit_count() if len(mover) else 0
    for origin, target in _JUMPS if flying and count == 3 else _STEPS:
        where = np.flatnonzero((mover >> origin & 1) & (empty >> target & 1))
        if not len(where):
            continue
        moved = mover[where] & ~(1 << origin) | 1 << target
        first, second = MILLS_THROUGH[target]
        closes = (moved & first == first) | (moved & second == second)
        yield where, moved, closes


def _class_numbers(table: Table) -> np.ndarray[Any, Any]:
    """For every rank of a table's positions, the number of its class if it is a class's key
    (a lookup that is faster than a search among the keys)."""
    keys = index.classes(*table)[0]
    numbers = np.full(comb(24, table[0]) * comb(24, table[1]), -1, dtype=np.int32)
    numbers[keys] = np.arange(len(keys), dtype=np.int32)
    return numbers


def _table_edges(table: Table, rules: EndgameRules, numbers: dict[Table, np.ndarray[Any, Any]], offset: dict[Table, int],
                 solved: dict[Table, np.ndarray[Any, Any]], progress: Optional[Progress], edges: _Edges) -> None:
    """Add the plies of the classes of ``table`` to ``edges``; ``numbers`` gives the class numbers
    by rank (:func:`_class_numbers`) of each table a ply leads into, ``offset`` where each table of
    the group starts among the group's nodes."""
    a, b = table
    _, movers, others = index.classes(a, b)
    for start in range(0, len(movers), _CHUNK):
        if progress:
            progress(f"{table_name(table)} plies", start / len(movers))
        mover, other = movers[start:start + _CHUNK], others[start:start + _CHUNK]
        victims_of = capturable_masks(other, rules.capture_from_mill)
        quiet_source, quiet_mover, quiet_other = [], [], []
        taking_source, taking_mover, taking_other = [], [], []
        for where, moved, closes in _plies(mover, other, rules.flying):
            victims = np.where(closes, victims_of[where], 0)
            quiet = victims == 0
            quiet_source.append(where[quiet])
            quiet_mover.append(other[where[quiet]])
            quiet_other.append(moved[quiet])
            if b == 3:  # a capture leaves two stones: won at once
                edges.wins.append(offset[table] + start + where[~quiet])
                continue
            for point in _POINTS:
                hit = np.flatnonzero(victims >> point & 1)
                if len(hit):
                    taking_source.append(where[hit])
                    taking_mover.append(other[where[hit]] & ~(1 << point))
                    taking_other.append(moved[hit])
        if quiet_source:
            target = _class_after(numbers[(b, a)], quiet_mover, quiet_other, a)
            edges.inner_source.append((offset[table] + start + np.concatenate(quiet_source)).astype(np.int32))
            edges.inner_target.append((offset[(b, a)] + target).astype(np.int32))
        if taking_source:
            target = _class_after(numbers[(b - 1, a)], taking_mover, taking_other, a)
            edges.outer_source.append((offset[table] + start + np.concatenate(taking_source)).astype(np.int32))
            edges.outer_code.append(solved[(b - 1, a)][target])


def _class_after(numbers: np.ndarray[Any, Any], movers: list[np.ndarray[Any, Any]], others: list[np.ndarray[Any, Any]],
                 other_count: int) -> np.ndarray[Any, Any]:
    """The class numbers (``numbers``: by rank, of the table they are in) of the positions after
    plies, given by parts: the stones of the side then to move, and of the other."""
    ranks = index.canonical_rank(np.concatenate(movers), np.concatenate(others), other_count)
    found: np.ndarray[Any, Any] = numbers[ranks]
    return found


def _joined(parts: list[np.ndarray[Any, Any]], dtype: type) -> np.ndarray[Any, Any]:
    return np.concatenate(parts).astype(dtype, copy=False) if parts else np.zeros(0, dtype=dtype)


def solve_group(group: list[Table], rules: EndgameRules, solved: dict[Table, np.ndarray[Any, Any]],
                progress: Optional[Progress] = None) -> dict[Table, np.ndarray[Any, Any]]:
    """Solve the tables of ``group`` (see :func:`groups`), the tables their captures
    lead into being in ``solved``; the encoded values of each, by table."""
    offset, size = {}, 0
    for table in group:
        offset[table] = size
        size += len(index.classes(*table)[0])
    # for each table the plies lead into: its class numbers by rank
    numbers = {table: _class_numbers(table) for table in group + captures_into(group)}
    parts = _Edges()
    for table in group:
        _table_edges(table, rules, numbers, offset, solved, progress, parts)
    inner_source = _joined(parts.inner_source, np.int32)
    inner_target = _joined(parts.inner_target, np.int32)
    outer_source = _joined(parts.outer_source, np.int32)
    outer_code = _joined(parts.outer_code, np.uint8)
    wins = _joined(parts.wins, np.int64)
    del parts
    distance = _retrograde(size, inner_source, inner_target, outer_source, outer_code, wins, progress, group,
                          blocked_loses=rules.blocked == "loss")
    return {table: encode(distance[offset[table]:offset[table] + len(index.classes(*table)[0])]) for table in group}


def _retrograde(size: int, inner_source: np.ndarray[Any, Any], inner_target: np.ndarray[Any, Any], outer_source: np.ndarray[Any, Any],
                outer_code: np.ndarray[Any, Any], wins: np.ndarray[Any, Any], progress: Optional[Progress],
                group: list[Table], blocked_loses: bool = True) -> np.ndarray[Any, Any]:
    """The distance of each node (``-1``: a draw) by levels, as the module's text says; a node
    without a legal ply is lost in 0, or left a draw where ``blocked_loses`` is false."""
    label = " ".join(table_name(table) for table in group)
    # what the plies into solved tables (and the captures that win at once) settle in advance
    win_at = np.full(size, _UNKNOWN, dtype=np.int32)  # the least level at which a node is known won
    win_at[wins] = 1
    outer_distance = outer_code.astype(np.int32) - 1
    lost_children = (outer_code != DRAW) & (outer_distance % 2 == 0)
    np.minimum.at(win_at, outer_source[lost_children], outer_distance[lost_children] + 1)
    draws_outside = np.zeros(size, dtype=bool)
    draws_outside[outer_source[outer_code == DRAW]] = True
    slowest_outside = np.zeros(size, dtype=np.int32)  # 1 + the longest win among the plies into solved tables
    won_children = (outer_code != DRAW) & (outer_distance % 2 == 1)
    np.maximum.at(slowest_outside, outer_source[won_children], outer_distance[won_children] + 1)
    plies_out = np.bincount(outer_source, minlength=size) + np.bincount(wins, minlength=size)
    # the plies within the group, by the node they lead to
    remaining = np.bincount(inner_source, minlength=size).astype(np.int32)
    sources = inner_source[np.argsort(inner_target)]
    into = np.bincount(inner_target, minlength=size)
    ends = np.cumsum(into)
    starts = ends - into
    lose_at = np.full(size, _UNKNOWN, dtype=np.int32)
    if blocked_loses:
        lose_at[(remaining == 0) & (plies_out == 0)] = 0  # no legal ply: lost
    settled_outside = (remaining == 0) & (plies_out > 0) & (win_at == _UNKNOWN) & ~draws_outside
    lose_at[settled_outside] = slowest_outside[settled_outside]
    distance = np.full(size, -1, dtype=np.int32)
    level = 0
    while True:
        due = win_at if level % 2 else lose_at
        frontier = np.flatnonzero((due == level) & (distance < 0))
        if not len(frontier):
            pending = (distance < 0) & ((win_at < _UNKNOWN) | (lose_at < _UNKNOWN))
            if not pending.any():
                break
            level += 1
            continue
        if level > MAX_DISTANCE:
            raise OverflowError(f"a distance above {MAX_DISTANCE} plies does not fit the table's byte")
        if progress:
            progress(f"{label}: distance {level} plies", None)
        distance[frontier] = level
        lengths = ends[frontier] - starts[frontier]
        if lengths.sum():
            first = np.repeat(starts[frontier] - np.cumsum(lengths) + lengths, lengths)
            parents = sources[first + np.arange(lengths.sum())]
            if level % 2 == 0:  # lost: every parent wins at the next level
                win_at[parents] = np.minimum(win_at[parents], level + 1)
            else:  # won: one ply fewer to refute for each parent
                parents, counts = np.unique(parents, return_counts=True)
                remaining[parents] -= counts.astype(np.int32)
                done = parents[remaining[parents] == 0]
                done = done[(distance[done] < 0) & (win_at[done] == _UNKNOWN) & ~draws_outside[done]]
                lose_at[done] = np.maximum(level + 1, slowest_outside[done])
        level += 1
    return distance
