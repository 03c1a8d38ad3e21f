"""A no-capture claim is judged by the draw rights the replay recorded, whichever limit gave them.

The position: White a1 g7 d3 (three stones), Black a7 g1 c4 e4, nothing in hand, White to
move; four moves without a placement or capture (d3-d2, e4-e3, d2-d3, e3-e4) close no mill.
Under a ruleset whose ``no_capture.endgame_limit`` is 4 (limit 100, Sanmill's endgame N-move
rule: it applies while a side has exactly three stones and none are in hand) the fourth of
them brings the draw: the right, and the automatic end, after ply 4.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from muehle.analyzer.engine.board import Position, mask_of
from muehle.analyzer.engine.events import DrawRight, Outcome
from muehle.analyzer.engine.replay import Replay, replay
from muehle.analyzer.engine.rules import NoProgressRule, Ruleset, load_ruleset
from muehle.analyzer.reports.claims import judge_claim
from muehle.notation.record.model import Game, Ply

START = Position(mask_of(["a1", "g7", "d3"]), mask_of(["a7", "g1", "c4", "e4"]), 0, 0, "white")
PLIES = [Ply(1, "white", "d2", "d3"), Ply(1, "black", "e3", "e4"), Ply(2, "white", "d3", "d2"),
         Ply(2, "black", "e4", "e3")]


def endgame_rules(endgame_limit: int) -> Ruleset:
    return replace(load_ruleset("sanmill"), name=f"endgame-{endgame_limit}",
                   no_capture=NoProgressRule(100, "placement-or-capture", "automatic", endgame_limit=endgame_limit))


def replayed(endgame_limit: int = 4, no_progress: int = 0, plies: int = 4) -> Replay:
    return replay(Game(plies=PLIES[:plies]), endgame_rules(endgame_limit), start=START, no_progress=no_progress)


def test_the_replay_gives_the_right_at_the_endgame_limit() -> None:
    line = replayed()
    assert line.errors == []
    assert line.draw_rights == [DrawRight("no-capture", 4)]
    assert line.outcome == Outcome(None, "no-capture", 4)
    assert [record.plies_without_capture for record in line.records] == [1, 2, 3, 4]


@pytest.mark.parametrize("by", ["white", "black"])
def test_a_claim_at_the_ply_of_the_endgame_right_is_valid(by: str) -> None:
    verdict = judge_claim(replayed(), 4, by, "no-capture")  # type: ignore[arg-type]
    assert verdict.valid
    assert verdict.reason == "4 plies without a placement or capture since the start; the rules endgame-4 need 4"
    assert verdict.proof["plies"] == 4


def test_a_claim_one_ply_before_it_is_invalid_and_names_the_endgame_limit() -> None:
    verdict = judge_claim(replayed(), 3, "white", "no-capture")
    assert not verdict.valid
    assert verdict.reason == ("only 3 plies without a placement or capture since the start; the rules endgame-4 "
                              "need 4, so the right exists after 2... (ply 4) at the earliest")


def test_a_set_up_count_at_the_endgame_limit_gives_the_right_at_the_start() -> None:
    """A count of 4 before the start (a FEN's) and a side with three stones: the right, and the
    automatic draw, stand at ply 0; the claim at the start is valid."""
    line = replayed(no_progress=4, plies=0)
    assert line.draw_rights == [DrawRight("no-capture", 0)]
    assert line.outcome == Outcome(None, "no-capture", 0)
    verdict = judge_claim(line, 0, "black", "no-capture")
    assert verdict.valid and verdict.reason.endswith("the rules endgame-4 need 4")


def test_without_the_endgame_limit_the_same_plies_give_no_right() -> None:
    """The same ruleset with an endgame limit of 10: four plies give nothing, the claim is invalid
    and says when the right would come (after ply 10, if the endgame lasts)."""
    line = replayed(endgame_limit=10)
    assert line.draw_rights == [] and line.outcome is None
    verdict = judge_claim(line, 4, "white", "no-capture")
    assert not verdict.valid
    assert "need 10, so the right exists after 5... (ply 10) at the earliest" in verdict.reason


@pytest.mark.parametrize("ply", range(0, 5))
def test_every_verdict_agrees_with_the_draw_rights(ply: int) -> None:
    line = replayed()
    verdict = judge_claim(line, ply, "white", "no-capture")
    assert verdict.valid == (ply == 4)
