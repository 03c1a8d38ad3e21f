"""Positions and their classes under the board's symmetries, as numbers (numpy).

A position of an endgame table has no stones in hand: the side to move has ``a``
stones (the set ``m``), the other side ``b`` (the set ``o``). Sets of points are
24-bit masks (``int32``) (bit ``i`` is point ``i`` of :data:`~muehle.analyzer.engine.board.POINTS`).
The *rank* of a position is ``colex(m) * C(24, b) + colex(o)``, where ``colex`` is
the colexicographic rank of a ``k``-set among all ``k``-sets of the 24 points
(``sum(C(p_i, i))`` over its points ``p_1 < p_2 < ...``). The *class* of a position
is its orbit under the 16 symmetries; its *representative* is the image whose pair of
masks ``(m, o)`` is least (``m`` first), its *key* the representative's rank, and the
classes of a table are numbered by their keys in increasing order. (Choosing the
representative by its masks, not its rank, costs one rank per position, not sixteen.)

>>> from muehle.analyzer.engine.board import mask_of
>>> int(colex(np.array([mask_of(["a1", "a4", "a7"])]))[0]), int(colex(np.array([0b1011]))[0])
(0, 1)
"""

from __future__ import annotations

import functools
from math import comb
from typing import Any

import numpy as np

from muehle.analyzer.endgames.symmetry import SYMMETRIES
from muehle.analyzer.engine.board import POINTS

_SIZE = len(POINTS)

#: The colex rank of the points 0-15 of a mask (by its low 16 bits), and the number of them.
_LOW = np.zeros(1 << 16, dtype=np.int64)
_LOW_COUNT = np.zeros(1 << 16, dtype=np.int64)
for _bit in range(16):  # (adding the points one by one, the count so far gives each its place)
    _has = np.arange(1 << 16) >> _bit & 1 == 1
    _LOW_COUNT[_has] += 1
    _LOW[_has] += np.array([comb(_bit, count) for count in range(17)], dtype=np.int64)[_LOW_COUNT[_has]]
#: The colex contribution of the points 16-23 (by the high byte, at index ``count_below << 8 | byte``).
_HIGH = np.zeros((_SIZE + 1) << 8, dtype=np.int64)
for _below in range(_SIZE + 1):
    for _byte in range(256):
        _total, _count = 0, _below
        for _bit in range(8):
            if _byte >> _bit & 1:
                _count += 1
                _total += comb(16 + _bit, _count)
        _HIGH[_below << 8 | _byte] = _total

#: For each symmetry: the image of the points 0-15 (by the low 16 bits) and of the points 16-23.
_IMAGES_LOW = np.zeros((len(SYMMETRIES), 1 << 16), dtype=np.int32)
_IMAGES_HIGH = np.zeros((len(SYMMETRIES), 256), dtype=np.int32)
for _s, _perm in enumerate(SYMMETRIES):
    _bits = np.array([1 << _perm[i] for i in range(_SIZE)], dtype=np.int32)
    _values = np.arange(1 << 16)
    for _bit in range(16):
        _IMAGES_LOW[_s] |= np.where(_values >> _bit & 1, _bits[_bit], 0)
    for _bit in range(8):
        _IMAGES_HIGH[_s] |= np.where(np.arange(256) >> _bit & 1, _bits[16 + _bit], 0)


def colex(masks: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """The colexicographic rank of each set (a mask) among the sets of as many points."""
    low = masks & 0xFFFF
    ranks: np.ndarray[Any, Any] = _LOW[low] + _HIGH[_LOW_COUNT[low] << 8 | masks >> 16]  # (numpy types an indexing Any)
    return ranks


def transform(symmetry: int, masks: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """The images of sets (masks, ``int32``) under one of :data:`SYMMETRIES` (by its number)."""
    images: np.ndarray[Any, Any] = _IMAGES_LOW[symmetry][masks & 0xFFFF] | _IMAGES_HIGH[symmetry][masks >> 16]
    return images


def rank(mover: np.ndarray[Any, Any], other: np.ndarray[Any, Any], other_count: int) -> np.ndarray[Any, Any]:
    """The rank of each position (see the module's text)."""
    ranks: np.ndarray[Any, Any] = colex(mover) * comb(_SIZE, other_count) + colex(other)
    return ranks


def representative(mover: np.ndarray[Any, Any], other: np.ndarray[Any, Any]) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """The representative of each position's class: its image with the least ``m << 24 | o``."""
    least = mover.astype(np.int64) << _SIZE | other
    for symmetry in range(1, len(SYMMETRIES)):
        np.minimum(least, transform(symmetry, mover).astype(np.int64) << _SIZE | transform(symmetry, other), out=least)
    return (least >> _SIZE).astype(np.int32), (least & ((1 << _SIZE) - 1)).astype(np.int32)


def canonical_rank(mover: np.ndarray[Any, Any], other: np.ndarray[Any, Any], other_count: int) -> np.ndarray[Any, Any]:
    """The key of each position's class: the rank of its representative."""
    return rank(*representative(mover, other), other_count)


def subsets(count: int, within: int = (1 << _SIZE) - 1) -> np.ndarray[Any, Any]:
    """All sets of ``count`` points of ``within`` (a mask), as masks (``int32``) in increasing colex order."""
    points = [i for i in range(_SIZE) if within >> i & 1]
    # Typed as an array of any shape: some numpy versions type np.zeros(1) as one of one dimension only.
    masks: np.ndarray[Any, Any] = np.zeros(1, dtype=np.int32)
    for taken in range(count):  # grow sets point by point, keeping the highest point last
        grown: list[int] = []
        for mask in masks.tolist():
            top = mask.bit_length() - 1
            grown.extend(mask | 1 << p for p in points if p > top)
        masks = np.array(grown, dtype=np.int32)
    return masks[np.argsort(colex(masks), kind="stable")]


@functools.lru_cache(maxsize=None)
def classes(mover_count: int, other_count: int) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """The classes of a table: their keys (increasing), and the mover's and the other
    side's stones of each class's representative."""
    movers = subsets(mover_count)
    least = movers.copy()
    for symmetry in range(1, len(SYMMETRIES)):
        np.minimum(least, transform(symmetry, movers), out=least)
    canonical = movers[least == movers]  # a representative has the least mover's set of its orbit
    others = subsets(other_count)
    pairs_mover = np.repeat(canonical, len(others))
    pairs_other = np.tile(others, len(canonical))
    apart = (pairs_mover & pairs_other) == 0
    pairs_mover, pairs_other = pairs_mover[apart], pairs_other[apart]
    best_mover, best_other = representative(pairs_mover, pairs_other)
    own = (best_mover == pairs_mover) & (best_other == pairs_other)
    pairs_mover, pairs_other = pairs_mover[own], pairs_other[own]
    keys = rank(pairs_mover, pairs_other, other_count)
    order = np.argsort(keys)
    keys, movers_out, others_out = keys[order], pairs_mover[order], pairs_other[order]
    for array in (keys, movers_out, others_out):
        array.setflags(write=False)
    return keys, movers_out, others_out


def class_of(keys: np.ndarray[Any, Any], mover: np.ndarray[Any, Any], other: np.ndarray[Any, Any], other_count: int) -> np.ndarray[Any, Any]:
    """The number of each position's class in a table whose keys are ``keys``."""
    return np.searchsorted(keys, canonical_rank(mover, other, other_count))
