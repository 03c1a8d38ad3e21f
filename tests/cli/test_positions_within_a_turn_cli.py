"""``muehle positions`` of a record of no ply whose set-up FEN stands in the middle of a turn (a removal
still due, as Sanmill's engine writes it after a mill): it lists that one position, its FEN written
back as read, with a note at the FEN tag, as ``muehle show`` does; a record with plies after such a
FEN stays a located error.

The FENs are Sanmill's referee's (tests/analyzer/engine/test_fen_variants.py): after ``a1 d6 a4 d2 a7``
under standard_9mm White has closed the mill a1-a4-a7 and is to remove (action ``r``, field 9 ``1``):
3 White stones on the board and 6 in hand, 2 Black ones and 7, White to move and placing. Under
mul_mulan after 19 tokens White still has two intervention captures to make (``i:w-2-12.28``, the
squares 12 and 28: d3 and d1): 9 White stones and none in hand (White moves, Black still places), 6
Black ones and 1. Field 17 is the FEN's own under either count: the record's next move has the FEN's
number, and Sanmill reads ``2 * (field 17 - 1)`` plies (one more with Black to move) and writes back
the same field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from runner import run
from within_turn_records import INTERVENTION, INTERVENTION_CURRENT, MILL, within_turn_record

#: MILL in the current form: no last mills (-1 in node ids), the marker ids:nodes.
MILL_CURRENT = "********/@***@***/*****OOO w p r 3 6 2 7 1 0 -1 -1 -1 -1 0 0 3 ids:nodes"

NOTE = ("note: the set-up position stands in the middle of a turn (White still has to remove a stone); it is "
        "listed as the FEN says, and no ply of a record can follow it")


def test_the_one_position_is_listed_with_a_note(tmp_path: Path) -> None:
    path = within_turn_record(tmp_path, MILL)
    result = run("positions", path)
    assert result.exit_code == 0, result.output
    assert result.stdout == (f"{path}, game 1 (rules standard_9mm)\n"
                             f"start  {MILL}  board 3/2  hand 6/7  placing    white to move\n")
    assert result.stderr.splitlines()[0] == f"{path}:3:7: {NOTE}"
    assert "Traceback" not in result.output


@pytest.mark.parametrize("fen, rules", [(MILL, "standard_9mm"), (INTERVENTION, "mul_mulan"),
                                        (INTERVENTION_CURRENT, "mul_mulan")])
def test_the_fen_is_written_back_unchanged_under_either_count(tmp_path: Path, fen: str, rules: str) -> None:
    path = within_turn_record(tmp_path, fen, rules=rules)
    for args in ([], ["--fen-numbers", "record"], ["--fen-numbers", "sanmill"]):
        result = run("positions", path, "--format", "fen", *args)
        assert result.exit_code == 0, result.output
        assert result.stdout == fen + "\n"
        # show --fen writes the same
        assert run("show", path, "--fen", *args).stdout == fen + "\n"


def test_the_form_asked_for_converts_it(tmp_path: Path) -> None:
    legacy = within_turn_record(tmp_path, MILL)
    assert run("positions", legacy, "--format", "fen", "--fen-form", "current").stdout == MILL_CURRENT + "\n"
    assert run("positions", legacy, "--format", "fen", "--fen-form", "legacy").stdout == MILL + "\n"
    current = within_turn_record(tmp_path, INTERVENTION_CURRENT, rules="mul_mulan", name="current.txt")
    assert run("positions", current, "--format", "fen", "--fen-form", "legacy").stdout == INTERVENTION + "\n"


def test_the_json_lists_the_position(tmp_path: Path) -> None:
    path = within_turn_record(tmp_path, INTERVENTION, rules="mul_mulan")
    result = run("positions", path, "--format", "json", "--fen-numbers", "sanmill")
    assert result.exit_code == 0, result.output
    [listed] = json.loads(result.stdout)
    assert listed["rules"] == "mul_mulan" and listed["game"] == 1
    assert listed["positions"] == [{
        "ply": 0, "label": "start", "move": None, "fen": INTERVENTION,
        "on_board": {"white": 9, "black": 6}, "in_hand": {"white": 0, "black": 1},
        "phase": "moving", "to_move": "white",
    }]
    assert (f"{path}:3:7: note: the set-up position stands in the middle of a turn (White still has to remove a "
            "stone: an intervention capture (d3, d1), FEN field 18 'i:w-2-12.28|b-0-'); it is listed as the FEN "
            "says, and no ply of a record can follow it") in result.stderr


def test_beside_other_games_and_into_a_file(tmp_path: Path) -> None:
    path = tmp_path / "two.txt"
    path.write_text(f'[SetUp "1"]\n[FEN "{MILL}"]\n\n*\n\n1. d2 *\n', encoding="utf-8")
    target = tmp_path / "out.txt"
    result = run("positions", str(path), "--all", "--format", "fen", "--fen-form", "legacy", "-o", str(target))
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    # the second game: its start and the position after 1. d2 (d2 is the middle ring's fifth point)
    assert target.read_text(encoding="utf-8") == (
        MILL + "\n\n"
        "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1\n"
        "********/****O***/******** b p p 1 8 0 9 0 0 0 0 0 0 0 0 1\n")
    assert f"{path}:2:7: {NOTE}" in result.stderr


def test_a_record_read_from_json_is_named_by_its_number(tmp_path: Path) -> None:
    path = within_turn_record(tmp_path, MILL)
    record = tmp_path / "mid.json"
    assert run("convert", path, "-o", str(record)).exit_code == 0
    result = run("positions", str(record), "--format", "fen")
    assert result.exit_code == 0, result.output
    assert result.stdout == MILL + "\n"
    assert f"{record}, game 1: {NOTE}" in result.stderr


def test_a_record_with_plies_after_it_stays_a_located_error(tmp_path: Path) -> None:
    path = within_turn_record(tmp_path, MILL, "3. b4 *")
    result = run("positions", path)
    assert result.exit_code == 1
    assert result.output.startswith(f"{path}:3:7: error: in the FEN tag: the position is in the middle of a turn "
                                    "(White still has to remove a stone)")
    assert result.stdout == ""
    assert "Traceback" not in result.output


def test_a_bad_removal_field_is_a_located_error(tmp_path: Path) -> None:
    """Three intervention captures where fields 9 and 10 leave two to remove."""
    path = within_turn_record(tmp_path, INTERVENTION.replace("i:w-2-", "i:w-3-"), rules="mul_mulan")
    result = run("positions", path)
    assert result.exit_code == 1
    # (the field starts at the FEN's 61st character, after '[FEN "': column 67)
    assert result.output.startswith(f"{path}:3:67: error: in the FEN tag: FEN field 18 ('i:w-3-12.28|b-0-'): White "
                                    "has 3 stones to remove by an intervention capture, but field 9 says 2 still "
                                    "to remove\n")
    assert result.stdout == ""
    assert "Traceback" not in result.output


def test_in_german(tmp_path: Path) -> None:
    result = run("--lang", "de", "positions", within_turn_record(tmp_path, MILL), "--format", "fen")
    assert result.exit_code == 0, result.output
    assert ("die Ausgangsstellung ist mitten in einem Zug (Weiß muss noch einen Stein entfernen); sie wird "
            "aufgeführt, wie das FEN sie angibt") in result.stderr
