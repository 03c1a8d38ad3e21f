"""``no_capture.endgame_limit`` where an endgame begins with the counter already past it: the draw
comes with the first ply of the endgame, as it does at a set-up start (docs/rulesets.md: "the
game is drawn once the counter reaches this shorter limit" while a side has three stones).

Under ``reset: capture`` placements count. White a1 g7 and one stone in hand, Black a7 g1 c4 e4
and none, White to move, 5 plies without a capture before: White's last placement, d3, makes
the count 6 and leaves White three stones and nobody a stone in hand: with an endgame limit of
3 the game is drawn after it.
"""

from __future__ import annotations

from dataclasses import replace

from muehle.analyzer.engine.board import Position, mask_of
from muehle.analyzer.engine.events import DrawRight, Outcome
from muehle.analyzer.engine.replay import replay
from muehle.analyzer.engine.rules import NoProgressRule, load_ruleset
from muehle.analyzer.reports.claims import judge_claim
from muehle.notation.record.model import Game, Ply

RULES = replace(load_ruleset("wmd"), name="endgame-3",
                no_capture=NoProgressRule(20, "capture", "automatic", endgame_limit=3))
START = Position(mask_of(["a1", "g7"]), mask_of(["a7", "g1", "c4", "e4"]), 1, 0, "white")


def test_the_first_ply_of_the_endgame_past_the_limit_draws() -> None:
    line = replay(Game(plies=[Ply(30, "white", "d3"), Ply(30, "black", "e3", "e4")]), RULES, start=START,
                  no_progress=5)
    assert [record.plies_without_capture for record in line.records] == [6]
    assert line.draw_rights == [DrawRight("no-capture", 1)]
    assert line.outcome == Outcome(None, "no-capture", 1)
    assert [(error.code, error.ply) for error in line.errors] == [("after-game-end", 2)]
    assert judge_claim(line, 1, "black", "no-capture").valid


def test_before_the_endgame_the_count_gives_nothing() -> None:
    """White with four stones (e5 on the board too): no endgame, 6 of 20 plies, the game goes on."""
    start = replace(START, white=START.white | mask_of(["e5"]))
    line = replay(Game(plies=[Ply(30, "white", "d3")]), RULES, start=start, no_progress=5)
    assert line.draw_rights == [] and line.outcome is None
