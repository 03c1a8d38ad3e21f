"""What the replay keeps of the core's decisions: the captures a ply's mills demanded
(``PlyRecord.captures_due``) and how often its position has stood (``repetition_count``), and the
analysis that reads them instead of deciding them again."""

from __future__ import annotations

from dataclasses import replace

from muehle.analyzer.engine.board import Position, mask_of
from muehle.analyzer.engine.events import Outcome
from muehle.analyzer.engine.replay import replay
from muehle.analyzer.engine.rules import load_ruleset
from muehle.analyzer.reports.analysis import analyze
from muehle.notation.record.model import Game, Ply


def test_a_double_mill_placed_demands_two_and_a_single_one() -> None:
    """WMD 1.1: a placement closing two mills captures two; a1 a4 / d7 g7 and a7 placed."""
    start = Position(mask_of(["a1", "a4", "d7", "g7"]), mask_of(["b2", "d2", "f4", "e5"]), 5, 5)
    line = replay(Game(plies=[Ply(5, "white", "a7", None, ["b2", "d2"]), Ply(5, "black", "g1")]), "wmd", start=start)
    assert line.errors == []
    assert [(record.captures_due, len(record.mills)) for record in line.records] == [(2, 2), (0, 0)]


def test_a_capture_that_decides_the_game_demands_no_more() -> None:
    """Black has three stones and none in hand: the first of a double mill's two captures leaves
    it two, the game is over, and the second is not due."""
    start = Position(mask_of(["a1", "a4", "d7", "g7"]), mask_of(["b2", "d2", "f4"]), 5, 0)
    line = replay(Game(plies=[Ply(5, "white", "a7", None, ["b2"])]), "wmd", start=start)
    assert line.errors == [] and line.outcome == Outcome("white", "fewer-than-three", 1)
    assert line.records[0].captures_due == 1


def test_under_capture_from_mill_never_a_mill_may_demand_more_than_can_be_taken() -> None:
    """wmd-traditional: every Black stone stands in a mill, so the mill b2-d2-f2 takes nothing;
    it still demanded one, and the analysis says why none was taken."""
    start = Position(mask_of(["b2", "f2", "d3", "g7"]), mask_of(["a1", "a4", "a7", "c3", "c4", "c5"]), 0, 0)
    line = replay(Game(plies=[Ply(20, "white", "d2", "d3")]), load_ruleset("wmd-traditional"), start=start)
    assert line.errors == [] and line.records[0].captures_due == 1 and line.records[0].captures == []
    mill = next(event for event in analyze(line).events if event.type == "mill")
    assert mill.fields["nothing_to_capture"] == "all-in-mills"


def test_sanmills_draw_before_the_capture_demands_none() -> None:
    """A three-stone endgame under an endgame limit of 5 (Sanmill's before_capture): White's fifth
    move without progress, b6-g1, closes a1-d1-g1 and brings the draw first; no capture is due
    and the analysis finds nothing to explain. With a limit of 10 the same mill must capture."""
    start = Position(mask_of(["a1", "d1", "b6"]), mask_of(["a7", "g7", "c4", "e4"]), 0, 0, "white")
    plies = [Ply(1, "white", "b4", "b6"), Ply(1, "black", "e3", "e4"), Ply(2, "white", "b6", "b4"),
             Ply(2, "black", "e4", "e3"), Ply(3, "white", "g1", "b6")]
    sanmill = load_ruleset("sanmill")
    rules = replace(sanmill, name="endgame-5", no_capture=replace(sanmill.no_capture, endgame_limit=5))
    line = replay(Game(plies=plies), rules, start=start)
    assert line.errors == [] and line.outcome == Outcome(None, "no-capture", 5)
    assert [record.captures_due for record in line.records] == [0, 0, 0, 0, 0]
    mill = next(event for event in analyze(line).events if event.type == "mill")
    assert mill.fields["nothing_to_capture"] is None
    longer = replace(rules, name="endgame-10", no_capture=replace(sanmill.no_capture, endgame_limit=10))
    assert [error.code for error in replay(Game(plies=plies), longer, start=start).errors] == ["missing-capture"]
    taken = replay(Game(plies=plies[:4] + [Ply(3, "white", "g1", "b6", ["c4"])]), longer, start=start)
    assert taken.errors == [] and taken.records[-1].captures_due == 1


def test_the_repetition_count_is_the_cores_and_agrees_with_the_occurrences() -> None:
    """Each record's count (the core's) is one more than the plies where its position stood
    before (the line's history): in every example game, under its own rules and under sanmill's
    history of moves since the last placement or capture."""
    from muehle.analyzer.engine.setup import replay_record
    from muehle.notation.reading.parser import read_file
    from muehle.notation.text.errors import FormatError
    from paths import ROOT

    checked = repeated = 0
    for path in sorted((ROOT / "examples").glob("*.txt")):
        for game in read_file(path):
            for rules in (None, "sanmill"):
                try:
                    line = replay_record(game, rules)
                except FormatError:  # (a Rules tag naming no ruleset: illegal-moves.txt has one)
                    continue
                for record in line.records:
                    assert record.repetition_count == len(record.earlier_occurrences) + 1, (path.name, record)
                    checked += 1
                    repeated += record.repetition_count >= 3
    assert checked > 800 and repeated >= 2
