"""Mandatory acceptance of a draw offer, WMD Turnierreglement 3.0, 11.5
(``shared/seeds/000_ed81c6983a0f69c1.txt``):

    11.5. Ein Remis-Angebot muss vom Gegner zwingend angenommen werden [...], wenn
    11.5.1. beide Spieler 4 oder 5 Steine haben
    11.5.2. der Remis bietende Spieler 6 und der Gegner 4 oder 5 Steine haben
    11.5.3. der Remis bietende Spieler 3 und der Gegner 4 oder 5 Steine haben
"""

from __future__ import annotations

import pytest

from muehle.analyzer.engine.board import Position, mask_of
from muehle.analyzer.engine.setup import replay_record
from muehle.analyzer.reports.analysis import analyze
from muehle.analyzer.reports.mandatory_draw import obliging_clause, offer_must_be_accepted, stone_count
from muehle.notation.reading.parser import read_file
from paths import ROOT

EXAMPLES = ROOT / "examples"


@pytest.mark.parametrize(("offerer", "opponent", "clause"), [
    # 11.5.1: both have 4 or 5, whoever offers
    (4, 4, "11.5.1"), (4, 5, "11.5.1"), (5, 4, "11.5.1"), (5, 5, "11.5.1"),
    # 11.5.2: the offerer has 6, the opponent 4 or 5
    (6, 4, "11.5.2"), (6, 5, "11.5.2"),
    # 11.5.3: the offerer has 3, the opponent 4 or 5
    (3, 4, "11.5.3"), (3, 5, "11.5.3"),
])
def test_each_combination_obliges(offerer: int, opponent: int, clause: str) -> None:
    assert obliging_clause(offerer, opponent) == clause


@pytest.mark.parametrize(("offerer", "opponent"), [
    (6, 6),  # 11.5.2 needs the opponent at 4 or 5
    (3, 6),  # 11.5.3 likewise
    (4, 6), (5, 6),  # 11.5.1 needs both at 4 or 5; 11.5.2 favours only the side with 6
    (4, 3), (5, 3),  # the opponent has 3: no clause names an opponent with 3
    (3, 3),
    (7, 4), (7, 5), (9, 9),  # more than 6 stones
    (6, 3),
])
def test_near_misses_do_not_oblige(offerer: int, opponent: int) -> None:
    assert obliging_clause(offerer, opponent) is None


def test_stones_in_hand_count() -> None:
    """Stones are counted on the board and in hand: 2 placed and 3 in hand make 5, and an
    offer by White with 6 (4 + 2) against those 5 must be accepted (11.5.2)."""
    position = Position(mask_of(["a1", "a4", "d2", "f4"]), mask_of(["g7", "d7"]), 2, 3, "black")
    assert (stone_count(position, "white"), stone_count(position, "black")) == (6, 5)
    assert offer_must_be_accepted(position, "white") == "11.5.2"
    assert offer_must_be_accepted(position, "black") is None


def _mandatory_game() -> list[dict]:
    game = list(read_file(EXAMPLES / "analyze-mandatory-draw.txt"))[0]
    return [e.to_dict() for e in analyze(replay_record(game)).events]


def test_stretches_in_a_game() -> None:
    """The set-up position has 6 stones each (no clause). Stone counts after each ply, by hand
    from the captures: 1: 6-5; 2: 5-5; 3, 4: 5-5; 5: 5-4; 6, 7, 8: 4-4; 9, 10: 4-3.

    White's offers must be accepted at 6-5 (11.5.2), 5-5, 5-4, 4-4 (11.5.1), not at 4-3.
    Black's at 5-5, 5-4, 4-4 (11.5.1) and at 3 against 4 (11.5.3), never at 5 against 6.
    A new stretch starts whenever the counts change.
    """
    found = [(e["side"], e["ply"], e["until"], e["stones"]["white"], e["stones"]["black"], e["clause"])
             for e in _mandatory_game() if e["type"] == "mandatory-draw"]
    assert sorted(found) == sorted([
        ("white", 1, 1, 6, 5, "11.5.2"),
        ("white", 2, 4, 5, 5, "11.5.1"), ("black", 2, 4, 5, 5, "11.5.1"),
        ("white", 5, 5, 5, 4, "11.5.1"), ("black", 5, 5, 5, 4, "11.5.1"),
        ("white", 6, 8, 4, 4, "11.5.1"), ("black", 6, 8, 4, 4, "11.5.1"),
        ("black", 9, None, 4, 3, "11.5.3"),
    ])


def test_offers_in_a_game() -> None:
    """Each offer is judged on the position after the ply it is written with:
    30. d7-a7/xb6 (=) at 6-5 must be accepted (11.5.2); 34. d7-a7/xe5 (=) at White 4,
    Black 3 need not be (no clause names an opponent with 3); 34... f4-e4 (=) by Black
    with 3 against 4 must be accepted (11.5.3)."""
    offers = [(e["ply"], e["side"], e["obliged"], e["clause"]) for e in _mandatory_game()
              if e["type"] == "draw-offer"]
    assert offers == [(1, "white", True, "11.5.2"), (9, "white", False, None), (10, "black", True, "11.5.3")]


def test_no_stretches_without_the_rule() -> None:
    """Only WMD has 11.5: under ``schuermann`` offers are reported but oblige nobody."""
    game = list(read_file(EXAMPLES / "analyze-mandatory-draw.txt"))[0]
    events = [e.to_dict() for e in analyze(replay_record(game, "schuermann")).events]
    assert not [e for e in events if e["type"] == "mandatory-draw"]
    assert [(e["obliged"], e["rule"]) for e in events if e["type"] == "draw-offer"] == [(False, False)] * 3
