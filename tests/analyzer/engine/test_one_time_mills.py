"""``one_time_mills`` (Sanmill's OneTimeUseMill, the preset russian_mill): a mill captures only the
first time its side closes its three points. Sanmill remembers the points of each side's formed mills
(``formedMillsBB``, src/position.cpp 3046-3065) and writes them in FEN field 15. The expected answers
are Sanmill's: each record was replayed by its engine (the referee of tests/data/sanmill-variants)
under OneTimeUseMill and MayRemoveFromMillsAlways."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from muehle.analyzer.engine.board import mask_of, points_of
from muehle.analyzer.engine.fen import fen_of_record, fen_to_position, mill_memory_of
from muehle.analyzer.engine.mill_rules import MillMemory
from muehle.analyzer.engine.position import Board
from muehle.analyzer.engine.rules import load_ruleset, parse_ruleset
from muehle.analyzer.engine.setup import replay_record
from muehle.notation.reading.parser import read_file, read_games
from muehle.notation.text.errors import FormatError

RUSSIAN = load_ruleset("russian_mill")
SANMILL = load_ruleset("sanmill")
DATA = Path(__file__).resolve().parents[2] / "data" / "sanmill-variants"

#: White closes a1-d1-g1 while placing (capturing b4), then opens it with g1-g4 and closes it again
#: with g4-g1. Sanmill's referee: after g4-g1 under OneTimeUseMill, Black is to move (legal: c5-c4,
#: e3-e4, ...; no removal); without it, White is to remove (xc5, xe3, ...).
PLACING = "1. a1 b4 2. d1 d2 3. g1xb4 f4 4. c3 e3 5. e5 c5 6. b6 g7 7. f2 d5 8. d7 f6 9. a4 a7 "
AGAIN = PLACING + "10. g1-g4 d2-d3 11. g4-g1"
#: The position before 11. g4-g1 as the referee printed it: field 15 holds a1, d1 and g1 for White.
BEFORE_AGAIN = "@O*@@O*@/*@@O***O/O@O*OOO@ w m s 9 0 8 0 0 0 0 0 0 0 4035225266123964416 2 11"


def _game(movetext: str, tags: str = "") -> object:
    (game,) = read_games(f"{tags}\n{movetext}\n")
    return game


def test_the_preset_mirrors_sanmills_settings() -> None:
    assert (RUSSIAN.one_time_mills, RUSSIAN.capture_from_mill, SANMILL.one_time_mills) == (True, "always", False)
    assert load_ruleset("russian-mill") == RUSSIAN


def test_a_mill_closed_again_captures_nothing() -> None:
    result = replay_record(_game(AGAIN), RUSSIAN)
    assert result.errors == [] and result.records[-1].mills == [] and result.records[-1].captures == []
    # (the same record under sanmill's rules: the mill captures again)
    assert [(error.code, error.ply) for error in replay_record(_game(AGAIN), SANMILL).errors] == [
        ("missing-capture", 21)]


def test_a_capture_with_a_mill_closed_again_is_refused_and_says_why() -> None:
    result = replay_record(_game(AGAIN + "xc5"), RUSSIAN)
    assert [(error.code, error.ply) for error in result.errors] == [("extra-capture", 21)]
    assert "White formed the mill a1-d1-g1 before" in result.errors[0].message
    assert "only the first time it is closed" in result.errors[0].message


def test_the_first_closing_captures_as_ever() -> None:
    result = replay_record(_game(PLACING), RUSSIAN)
    assert result.errors == [] and result.records[4].mills == [("a1", "d1", "g1")]
    assert result.mills is not None and points_of(result.mills.formed[0]) == ["a1", "d1", "g1"]


def test_a_variation_remembers_the_mills_of_the_line_before_it() -> None:
    """The variation for 11. g4-g1 starts where the main line's mill a1-d1-g1 stands formed."""
    result = replay_record(_game(PLACING + "10. g1-g4 d2-d3 11. c3-c4 (11. g4-g1) e3-e4"), RUSSIAN)
    assert result.valid and result.variations[0].records[0].mills == []
    refused = replay_record(_game(PLACING + "10. g1-g4 d2-d3 11. c3-c4 (11. g4-g1xc5) e3-e4"), RUSSIAN)
    assert [error.code for error in refused.all_errors()] == ["extra-capture"]


def test_a_set_up_position_remembers_the_mills_of_its_field_15() -> None:
    tags = f'[SetUp "1"]\n[FEN "{BEFORE_AGAIN}"]'
    assert replay_record(_game("11. g4-g1", tags), RUSSIAN).errors == []
    without = tags.replace("4035225266123964416", "0")
    assert [error.code for error in replay_record(_game("11. g4-g1", without), RUSSIAN).errors] == [
        "missing-capture"]
    assert replay_record(_game("11. g4-g1xc5", without), RUSSIAN).errors == []


def test_field_15_is_read_in_either_form() -> None:
    legacy = mill_memory_of(fen_to_position(BEFORE_AGAIN), RUSSIAN)
    assert legacy is not None and points_of(legacy.formed[0]) == ["a1", "d1", "g1"] and legacy.formed[1] == 0
    board = Board(RUSSIAN, fen=BEFORE_AGAIN)
    current = board.fen()
    assert current.split()[14] == str((1 << 21 | 1 << 20 | 1 << 19) << 32)  # (node ids of a1, d1, g1)
    assert Board(RUSSIAN, fen=current).mills.formed == legacy.formed  # type: ignore[union-attr]
    assert mill_memory_of(fen_to_position(BEFORE_AGAIN), SANMILL) is None


def test_the_board_knows_the_mill_closed_again() -> None:
    board = Board(RUSSIAN, fen=BEFORE_AGAIN)
    assert ("g1", "g4", ()) in board.legal_plies()
    assert not any(ply[:2] == ("g1", "g4") and ply[2] for ply in board.legal_plies())
    assert not board.is_legal("g4-g1/xc5")
    board.push("g4-g1")
    assert board.fen(form="legacy").split()[14] == "4035225266123964416"
    board.pop()
    assert Board(SANMILL, fen=BEFORE_AGAIN).is_legal("g4-g1/xc5")


def test_sanmills_field_15_at_the_end_of_each_russian_mill_game() -> None:
    """muehle's FEN of the last position of each of the 30 games gives field 15 as Sanmill's engine did."""
    verdicts = json.loads((DATA / "verdicts.json").read_text(encoding="utf-8"))["russian_mill.pgn"]["games"]
    for game, expected in zip(read_file(DATA / "russian_mill.pgn"), verdicts):
        result = replay_record(game, RUSSIAN)
        fen = fen_of_record(result.records, len(result.records), game_over=True, form="legacy", mills=result.mills)
        assert fen.split()[14] == expected["final_fen"].split()[14]


def test_a_mill_whose_points_all_stand_in_formed_mills_counts_as_used() -> None:
    """Sanmill remembers points, not mills: d1-d2-d3 was never formed, but its points belong to
    a1-d1-g1, b2-d2-f2 and c3-d3-e3, which were (``(line & formedMillsBB) != line``)."""
    formed = mask_of(["a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3"])
    memory = MillMemory(one_time=True, formed=(formed, 0))
    column = mask_of(["d1", "d2", "d3"])
    assert memory.close([column], 0, 40, "move", mask_of(["b2"]), mask_of(["d2"]), formed) == []
    fresh = MillMemory(one_time=True, formed=(mask_of(["a1", "d1", "g1"]), 0))
    assert fresh.close([column], 0, 40, "move", mask_of(["b2"]), mask_of(["d2"]), formed) == [column]
    assert fresh.formed[0] == mask_of(["a1", "d1", "g1", "d2", "d3"])


def test_a_bad_value_is_an_error_at_its_key() -> None:
    with pytest.raises(FormatError) as caught:
        parse_ruleset("base: sanmill\nname: x\none_time_mills: once\n", source="x.yaml")
    assert (caught.value.line, caught.value.column) == (3, 1)
    assert caught.value.message == "one_time_mills: must be true or false, not 'once'"


def test_the_repair_search_remembers_the_mills_of_the_line() -> None:
    """The capture written with the mill closed again is the slip; the search replays the line from
    checkpoints and from each place it tries, each with what the line remembered of its mills there."""
    from muehle.analyzer.repair.search import repair

    report = repair(_game(AGAIN + "xc5 *"), RUSSIAN)  # type: ignore[arg-type]
    assert report.repaired and [edit.to_dict() for edit in report.suggestions[0].edits] == [
        {"ply": 21, "was": "11. g4-g1/xc5", "now": "11. g4-g1", "kind": "capture-extra"}]
