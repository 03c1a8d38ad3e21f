"""The plies of a side to move in an endgame position (no stones in hand), one by one.

They are the board's legal plies (:meth:`~muehle.analyzer.engine.position.Board.legal_plies`)
under the table's settings, each played by the engine's core to give the position after it
and whether it decided the game: this module has no rules of its own. The vectorised solver
(:mod:`muehle.analyzer.endgames.solver`) makes the same plies for many positions at once
(held equal to the engine by ``tests/analyzer/endgames/test_endgame_plies.py``); this module
serves the probe and the analysis.

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

from muehle.analyzer.endgames.settings import EndgameRules
from muehle.analyzer.engine.board import Position
from muehle.analyzer.engine.events import Outcome
from muehle.analyzer.engine.position import Board
from muehle.notation.record.model import WHITE


@dataclass(frozen=True)
class EndgamePly:
    """A ply and the position after it, seen from the side then to move.

    ``mover``/``other`` are the stones of the side to move after the ply (the
    opponent of the one that played) and of the one that played; ``outcome`` the end
    of the game the ply brings, as the engine decided it (``None`` while it goes on).
    ``wins_at_once``: the ply leaves the opponent with fewer than three stones.
    """

    origin: str
    target: str
    capture: Optional[str]
    mover: int
    other: int
    outcome: Optional[Outcome] = None

    @property
    def wins_at_once(self) -> bool:
        return self.outcome is not None and self.outcome.reason == "fewer-than-three"

    @property
    def text(self) -> str:
        """The ply as the notation writes it: ``a7-g1xb2``."""
        return f"{self.origin}-{self.target}" + (f"x{self.capture}" if self.capture else "")


def endgame_plies(mover: int, other: int, rules: EndgameRules) -> list[EndgamePly]:
    """Every ply of the side to move with stones ``mover`` against ``other`` (none in hand), in
    board order of origin, target and capture: the board's legal plies, each played."""
    board = Board(rules.ruleset(), Position(mover, other, 0, 0, WHITE))
    plies = []
    for target, origin, captures in board.legal_plies():
        after = board.copy()
        played = after.apply((target, origin, captures))
        white, black = played.after[0], played.after[1]
        assert origin is not None  # (nothing in hand: every ply moves a stone)
        plies.append(EndgamePly(origin, target, captures[0] if captures else None, black, white, after.outcome()))
    return plies
