"""The value of an endgame position in one byte.

``0`` is a draw. Any other byte ``v`` is a decided position at a distance of
``d = v - 1`` plies to the end under perfect play (the winner wins as fast as it
can, the loser holds out as long as it can): when ``d`` is odd the side to move
wins, when it is even (0 included: no legal ply) it loses.

>>> decode(0), decode(1), decode(2), decode(8)
(('draw', None), ('loss', 0), ('win', 1), ('win', 7))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

if TYPE_CHECKING:
    import numpy as np  # (numpy, an optional dependency: loaded only where a table is read or built)

#: The byte of a draw, and the longest distance a byte holds.
DRAW = 0
MAX_DISTANCE = 254


def decode(code: int) -> tuple[str, Optional[int]]:
    """``("win" | "loss" | "draw", distance in plies or None)`` of a byte."""
    if code == DRAW:
        return "draw", None
    distance = code - 1
    return ("win" if distance % 2 else "loss"), distance


def encode(distance: "np.ndarray[Any, Any]") -> "np.ndarray[Any, Any]":
    """The bytes of distances (numpy, ``-1`` for a draw)."""
    import numpy as np  # (numpy, an optional dependency: loaded only where a table is read or built)

    return np.where(distance < 0, DRAW, distance + 1).astype(np.uint8)
