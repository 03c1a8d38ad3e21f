"""The figures of a solved endgame table: its classes and positions, how many classes are won,
lost and drawn for the side to move, and the longest distance to the end (``muehle endgames
stats``; the columns of the table in ``docs/endgames.md``).

>>> TableStats((3, 3), 169626, 2691920, 140621, 28736, 269, 26).to_dict()["table"]
'3v3'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from muehle.analyzer.endgames import require_numpy
from muehle.analyzer.endgames.settings import EndgameRules, table_name
from muehle.analyzer.endgames.store import PathLike, load_table
from muehle.analyzer.endgames.symmetry import SYMMETRIES

#: How many classes are taken at a time when their positions are counted (an image each under each symmetry).
_CHUNK = 1 << 17


@dataclass(frozen=True)
class TableStats:
    """The figures of one table ``(A, B)``: ``classes`` (positions counted once per class under
    the board's 16 symmetries) and ``positions`` (all of them); ``won``, ``lost`` and ``drawn``
    count classes, for the side to move; ``longest`` is the longest distance in plies of a
    decided class (``None`` when every class is drawn)."""

    table: tuple[int, int]
    classes: int
    positions: int
    won: int
    lost: int
    drawn: int
    longest: Optional[int]

    @property
    def name(self) -> str:
        """``3v3``: the stones of the side to move, then the other's."""
        return table_name(self.table)

    def to_dict(self) -> dict[str, Any]:
        return {"table": self.name, "classes": self.classes, "positions": self.positions, "won": self.won,
                "lost": self.lost, "drawn": self.drawn, "longest": self.longest}


def table_stats(rules: EndgameRules, table: tuple[int, int], directory: Optional[PathLike] = None) -> TableStats:
    """The figures of ``table`` under ``rules`` from its file in ``directory`` (default: the user's
    cache), read and checked as every reader does
    (:class:`~muehle.analyzer.endgames.store.MissingTable` when it is not built or cannot be used)."""
    require_numpy()
    import numpy as np  # (numpy, an optional dependency: loaded only where a table is read or built)

    from muehle.analyzer.endgames.index import classes, transform

    codes = load_table(directory, rules, table)
    _, movers, others = classes(*table)
    distance = codes.astype(np.int32) - 1
    decided = codes > 0
    won = int((decided & (distance % 2 == 1)).sum())
    drawn = int((~decided).sum())
    positions = 0
    for start in range(0, len(movers), _CHUNK):  # a class has as many positions as distinct images
        mover, other = movers[start:start + _CHUNK], others[start:start + _CHUNK]
        images = np.sort(np.stack([transform(s, mover).astype(np.int64) << 24 | transform(s, other)
                                   for s in range(len(SYMMETRIES))], axis=1), axis=1)
        positions += int((1 + (np.diff(images, axis=1) != 0).sum(axis=1)).sum())
    longest = int(np.max(distance[decided])) if decided.any() else None
    return TableStats(table, len(codes), positions, won, len(codes) - won - drawn, drawn, longest)
