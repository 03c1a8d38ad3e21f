"""The 16 symmetries of the board, as permutations of its 24 points.

The square's 8 (rotations by quarter turns, reflections) times the exchange of the
inner and the outer ring (the middle ring stays). Each keeps the lines between
neighbours and the mills. A permutation is a tuple ``perm`` with ``perm[i]`` the
point that point ``i`` goes to (indices of :data:`~muehle.analyzer.engine.board.POINTS`).

>>> len(SYMMETRIES), SYMMETRIES[0] == tuple(range(24))
(16, True)
>>> from muehle.analyzer.engine.board import POINT_INDEX, POINTS
>>> swap = SYMMETRIES[8]     # the rings exchanged, nothing else
>>> POINTS[swap[POINT_INDEX["a1"]]], POINTS[swap[POINT_INDEX["b2"]]], POINTS[swap[POINT_INDEX["d1"]]]
('c3', 'b2', 'd3')
"""

from __future__ import annotations

from muehle.analyzer.engine.board import POINT_INDEX
from muehle.notation.record.model import POINTS

Permutation = tuple[int, ...]

_FILES = "abcdefg"


#: The square's 8 symmetries on coordinates 0..6 (the board's centre is (3, 3)).
_SQUARE = (
    lambda x, y: (x, y), lambda x, y: (6 - y, x), lambda x, y: (6 - x, 6 - y), lambda x, y: (y, 6 - x),
    lambda x, y: (6 - x, y), lambda x, y: (x, 6 - y), lambda x, y: (y, x), lambda x, y: (6 - y, 6 - x),
)

#: The exchange of the inner and the outer ring, on one coordinate (the middle ring's 1 and 5 stay).
_RINGS = (2, 1, 0, 3, 6, 5, 4)


def _permutation(square: int, rings: bool) -> Permutation:
    images = []
    for point in POINTS:
        x, y = _FILES.index(point[0]), int(point[1]) - 1  # (a1 is (0, 0))
        if rings:
            x, y = _RINGS[x], _RINGS[y]
        x, y = _SQUARE[square](x, y)
        images.append(POINT_INDEX[f"{_FILES[x]}{y + 1}"])
    return tuple(images)


#: The 16 symmetries, the identity first; the 8 with the rings exchanged follow the 8 without.
SYMMETRIES: tuple[Permutation, ...] = tuple(
    _permutation(square, rings) for rings in (False, True) for square in range(8)
)


def apply(perm: Permutation, mask: int) -> int:
    """The image of a set of points (a bit mask) under a symmetry.

    >>> from muehle.analyzer.engine.board import mask_of, points_of
    >>> points_of(apply(SYMMETRIES[1], mask_of(["a1", "d1"])))
    ['g1', 'g4']
    """
    image = 0
    while mask:
        low = mask & -mask
        image |= 1 << perm[low.bit_length() - 1]
        mask ^= low
    return image
