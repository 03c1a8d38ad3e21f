"""The words of ``muehle repair`` and ``validate --suggest`` for a game no complete repair was found for,
and a repaired record whose struck-out ply stood between two others."""

from __future__ import annotations

import re

from muehle.analyzer.repair.hint import hint_lines
from muehle.analyzer.repair.report import repaired_game, report_lines
from muehle.analyzer.repair.search import repair
from muehle.notation.reading.parser import parse_game

#: Every ply from the third on is put on a point taken: each slip undone makes one more ply legal.
HOPELESS = "1. d2 d6 2. d2 d6 3. d2 d6 4. d2 d6 *"


def test_no_repair_of_three_slips_shows_the_longest_legal_reading() -> None:
    report = repair(parse_game(HOPELESS))
    assert not report.repaired and not report.gave_up
    lines = report_lines(report)
    assert lines[0] == "  no repair found of at most 3 slips"
    # three slips undone make plies 3, 4 and 5 legal; the sixth stands on d6 again
    assert re.fullmatch(r"  the longest legal reading: ply 3 `2\. d2` at 1:13: read as `2\. ..` \(\w+\)", lines[1])
    assert re.fullmatch(r"    ply 4 `2\.\.\. d6` at 1:16: read as `2\.\.\. ..` \(\w+\)", lines[2])
    assert re.fullmatch(r"    ply 5 `3\. d2` at 1:22: read as `3\. ..` \(\w+\); then the first 5 plies are legal, "
                        r"no more", lines[3])
    assert len(lines) == 4
    assert hint_lines(report) == ["  repair: no repair found of at most 3 slips"]


def test_a_search_out_of_its_budget_says_how_many_plies_it_replayed() -> None:
    report = repair(parse_game(HOPELESS), budget=50)
    assert report.gave_up and report.spent >= 50
    said = f"no repair found within the budget ({report.spent} plies replayed)"
    assert report_lines(report)[0] == "  " + said
    assert hint_lines(report) == ["  repair: " + said]


def test_a_ply_struck_out_is_named_in_the_comment_of_the_ply_after_it() -> None:
    """``4. d7`` writes Black's ``3... d7`` twice: a ply written twice is the cheapest slip (0.8); the
    ``d6`` after it is White's fourth ply then (d6 is empty again after ``b2/xd6``)."""
    for text, last in (("1. d2 d6 2. f2 f6 3. b2/xd6 d7 4. d7 d6 *", "4. d6"), ("d2 d6 f2 f6 b2/xd6 d7 d7 d6 *", "d6")):
        game = parse_game(text)
        fixed = repaired_game(game, repair(game))
        assert fixed is not None
        assert [ply.move_text for ply in fixed.plies] == ["d2", "d6", "f2", "f6", "b2/xd6", "d7", "d6"]
        assert [ply.side for ply in fixed.plies] == ["white", "black"] * 3 + ["white"]
        assert fixed.plies[-1].label() == last
        written = "4. d7" if last == "4. d6" else "d7"
        assert fixed.plies[-1].comments == [f"repaired: {written} struck out before this ply (doubled)"]
        assert fixed.final_comments == [] and fixed.tags["Repaired"] == f"ply 7: {written} -> - (doubled)"
