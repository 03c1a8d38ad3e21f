"""The replay decides once: a no-capture draw right carries the limit that gave it (the claims read
it), and each ply's repetitions are the core's count, the plies before it read from the history.

The position (as in test_claim_reads_the_replay.py): White a1 g7 d3 (three stones), Black a7 g1 c4
e4, nothing in hand, White to move. d3-d2, e4-e3, d2-d3, e3-e4 close no mill and bring the
position back after four plies: it stands for the second time after ply 4, the third after ply 8.
"""

from __future__ import annotations

from dataclasses import replace

from muehle.analyzer.engine.board import Position, mask_of
from muehle.analyzer.engine.events import DrawRight
from muehle.analyzer.engine.replay import Replay, replay
from muehle.analyzer.engine.rules import NoProgressRule, Ruleset, load_ruleset
from muehle.analyzer.reports.claims import judge_claim
from muehle.notation.record.model import Game, Ply

START = Position(mask_of(["a1", "g7", "d3"]), mask_of(["a7", "g1", "c4", "e4"]), 0, 0, "white")
ROUND = [("d2", "d3"), ("e3", "e4"), ("d3", "d2"), ("e4", "e3")]


def plies(count: int) -> list[Ply]:
    return [Ply(1 + index // 2, "white" if index % 2 == 0 else "black", *ROUND[index % 4]) for index in range(count)]


def rules(limit: int, endgame_limit: "int | None", mode: str = "automatic") -> Ruleset:
    return replace(load_ruleset("sanmill"), name=f"test-{limit}-{endgame_limit}", repetition="claim",
                   repetition_window="game",
                   no_capture=NoProgressRule(limit, "placement-or-capture", mode, endgame_limit=endgame_limit))


def replayed(count: int, ruleset: Ruleset, no_progress: int = 0) -> Replay:
    line = replay(Game(plies=plies(count)), ruleset, start=START, no_progress=no_progress)
    assert [error.code for error in line.errors] == []
    return line


def test_the_endgame_limit_gives_a_right_marked_endgame() -> None:
    line = replayed(4, rules(100, 4))
    assert line.draw_rights == [DrawRight("no-capture", 4)]
    assert line.draw_rights[0].limit == "endgame"


def test_the_limit_gives_a_right_marked_normal() -> None:
    line = replayed(4, rules(4, None))
    assert line.draw_rights == [DrawRight("no-capture", 4)]
    assert line.draw_rights[0].limit == "normal"


def test_a_right_at_the_start_is_marked_by_its_limit_too() -> None:
    """A set-up count of 4: the endgame limit 4 gives the right at ply 0, as does a limit of 4."""
    assert [right.limit for right in replayed(0, rules(100, 4), no_progress=4).draw_rights] == ["endgame"]
    assert [right.limit for right in replayed(0, rules(4, None), no_progress=4).draw_rights] == ["normal"]


def test_a_repetition_right_has_no_limit_and_the_json_contract_stays() -> None:
    line = replayed(8, rules(100, None))
    assert line.draw_rights == [DrawRight("repetition", 8)]
    assert line.draw_rights[0].limit is None
    assert [right.to_dict() for right in line.draw_rights] == [{"rule": "repetition", "ply": 8}]


def test_the_repetitions_are_the_cores_count_with_the_plies_before() -> None:
    line = replayed(8, rules(100, None))
    # the start stands after ply 0, 4 and 8; the position after ply 1 after 1 and 5
    assert [record.repetition_count for record in line.records] == [1, 1, 1, 2, 2, 2, 2, 3]
    assert [list(record.earlier_occurrences) for record in line.records] == [
        [], [], [], [0], [1], [2], [3], [0, 4]]
    assert [step[5] for step in line.steps] == [record.repetition_count for record in line.records]


def test_the_claim_reads_the_limit_the_replay_recorded() -> None:
    """The claim names the limit of the right as recorded: told that the limit of 100 gave it (not
    so in this game), it says so; it does not reckon the limit again from the counts."""
    line = replayed(4, rules(100, 4))
    assert judge_claim(line, 4, "white", "no-capture").reason.endswith("need 4")
    line.draw_rights[0] = DrawRight("no-capture", 4, "normal")
    assert judge_claim(line, 4, "white", "no-capture").reason.endswith("need 100")


def test_the_rule_says_which_limit_and_how_far_the_draw_is() -> None:
    rule = NoProgressRule(100, "placement-or-capture", "automatic", endgame_limit=10)
    three, four = mask_of(["a1", "g7", "d3"]), mask_of(["a7", "g1", "c4", "e4"])
    assert rule.limit_of(100, by_black=False) == "normal"
    assert rule.limit_of(10, by_black=False) == "endgame"
    # 4 plies done: 6 to the endgame limit while a side has three stones; 96 to the limit otherwise
    assert rule.plies_to_draw(4, False, three, four, 0, 0) == 6
    assert rule.plies_to_draw(4, False, four, four, 0, 0) == 96
    # at or past the endgame limit the draw is one ply away at the least
    assert rule.plies_to_draw(12, False, three, four, 0, 0) == 1
