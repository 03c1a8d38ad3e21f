"""The plies of a side to move in an endgame position (no stones in hand), one by one.

The vectorised solver (:mod:`muehle.analyzer.endgames.solver`) makes the same plies
for many positions at once; this module serves the probe and the analysis.

>>> from muehle.analyzer.engine.board import mask_of
>>> from muehle.analyzer.endgames.settings import EndgameRules
>>> plies = endgame_plies(mask_of(["a1", "d1", "a7"]), mask_of(["b2", "d2", "f2"]), EndgameRules())
>>> [ply.text for ply in plies if ply.origin == "a7" and ply.target == "g1"]
['a7-g1xb2', 'a7-g1xd2', 'a7-g1xf2']
>>> next(ply for ply in plies if ply.text == "a7-g1xb2").wins_at_once
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from muehle.analyzer.engine.board import ALL_POINTS, MILLS_THROUGH, NEIGHBOURS
from muehle.analyzer.engine.core import capturable_under
from muehle.analyzer.endgames.settings import EndgameRules
from muehle.notation.model import POINTS


@dataclass(frozen=True)
class EndgamePly:
    """A ply and the position after it, seen from the side then to move.

    ``mover``/``other`` are the stones of the side to move after the ply (the
    opponent of the one that played) and of the one that played. ``wins_at_once``:
    the ply leaves the opponent with two stones.
    """

    origin: str
    target: str
    capture: Optional[str]
    mover: int
    other: int

    @property
    def wins_at_once(self) -> bool:
        return self.capture is not None and self.mover.bit_count() < 3

    @property
    def text(self) -> str:
        """The ply as the notation writes it: ``a7-g1xb2``."""
        return f"{self.origin}-{self.target}" + (f"x{self.capture}" if self.capture else "")


def endgame_plies(mover: int, other: int, rules: EndgameRules) -> list[EndgamePly]:
    """Every ply of the side to move with stones ``mover`` against ``other``."""
    empty = ALL_POINTS & ~(mover | other)
    jumps = rules.flying and mover.bit_count() == 3
    plies = []
    for origin in range(len(POINTS)):
        if not mover >> origin & 1:
            continue
        targets = empty if jumps else NEIGHBOURS[origin] & empty
        for target in range(len(POINTS)):
            if not targets >> target & 1:
                continue
            moved = mover & ~(1 << origin) | 1 << target
            closes = any(moved & mill == mill for mill in MILLS_THROUGH[target])
            victims = capturable_under(other, rules.capture_from_mill) if closes else 0
            if not victims:
                plies.append(EndgamePly(POINTS[origin], POINTS[target], None, other, moved))
            for point in range(len(POINTS)):
                if victims >> point & 1:
                    plies.append(EndgamePly(POINTS[origin], POINTS[target], POINTS[point],
                                            other & ~(1 << point), moved))
    return plies
