"""``muehle show`` of a record of no ply whose set-up FEN stands in the middle of a turn (a removal
still due, as Sanmill's engine writes it after a mill): the position is shown as the FEN says (the
diagram, the SVG, the FEN written back as read) with a note at the FEN tag; a record with plies after
such a FEN stays a located error.

The FENs are Sanmill's referee's (tests/analyzer/engine/test_fen_variants.py): after ``a1 d6 a4 d2 a7``
under standard_9mm White has closed the mill a1-a4-a7 and is to remove (action ``r``, field 9 ``1``);
under mul_mulan after 19 tokens White still has two intervention captures to make (``i:w-2-12.28``,
the squares 12 and 28: d3 and d1)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from runner import run
from within_turn_records import INTERVENTION, INTERVENTION_CURRENT, MILL, within_turn_record


def test_the_diagram_shows_the_position_with_a_note(tmp_path: Path) -> None:
    path = within_turn_record(tmp_path, MILL)
    result = run("show", path, "--ascii")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    # the outer ring's a1, a4, a7 White (the mill just closed), the middle ring's d6 and d2 Black
    assert lines[0].startswith("7  W") and lines[12].startswith("1  W") and lines[6].startswith("4  W")
    assert "B" in lines[2] and "B" in lines[10]
    assert lines[-3:] == ["White (W): 3 on the board, 6 in hand, placing",
                          "Black (B): 2 on the board, 7 in hand, placing", "White to move"]
    assert result.stderr.splitlines()[0] == (
        f"{path}:3:7: note: the set-up position stands in the middle of a turn (White still has to remove a "
        "stone); it is shown as the FEN says, and no ply of a record can follow it")
    assert "Traceback" not in result.output


def test_the_note_names_the_field_of_a_pending_capture(tmp_path: Path) -> None:
    path = within_turn_record(tmp_path, INTERVENTION, rules="mul_mulan")
    result = run("show", path, "--ascii")
    assert result.exit_code == 0, result.output
    assert "White (W): 9 on the board, 0 in hand" in result.stdout
    assert (f"{path}:3:7: note: the set-up position stands in the middle of a turn (White still has to remove a "
            "stone: an intervention capture (d3, d1), FEN field 18 'i:w-2-12.28|b-0-')") in result.stderr


@pytest.mark.parametrize("fen, rules", [(MILL, "standard_9mm"), (INTERVENTION, "mul_mulan"),
                                        (INTERVENTION_CURRENT, "mul_mulan")])
def test_the_fen_is_written_back_unchanged(tmp_path: Path, fen: str, rules: str) -> None:
    path = within_turn_record(tmp_path, fen, rules=rules)
    for args in ([], ["--ply", "0"], ["--fen-numbers", "sanmill"]):
        result = run("show", path, "--fen", *args)
        assert result.exit_code == 0, result.output
        assert result.stdout == fen + "\n"


def test_the_form_asked_for_converts_it(tmp_path: Path) -> None:
    legacy = within_turn_record(tmp_path, INTERVENTION, rules="mul_mulan")
    assert run("show", legacy, "--fen", "--fen-form", "current").stdout == INTERVENTION_CURRENT + "\n"
    current = within_turn_record(tmp_path, INTERVENTION_CURRENT, rules="mul_mulan", name="current.txt")
    assert run("show", current, "--fen", "--fen-form", "legacy").stdout == INTERVENTION + "\n"


def test_the_svg_draws_the_set_up_position(tmp_path: Path) -> None:
    path = within_turn_record(tmp_path, MILL)
    target = tmp_path / "mid.svg"
    result = run("show", path, "--svg", str(target))
    assert result.exit_code == 0, result.output
    svg = ET.fromstring(target.read_text(encoding="utf-8"))
    ns = {"svg": "http://www.w3.org/2000/svg"}
    assert svg.find("svg:title", ns).text == f"{path}, game 1: the set-up position"
    stones = {(circle.get("data-point"), circle.get("data-side"))
              for circle in svg.iter("{http://www.w3.org/2000/svg}circle") if circle.get("data-point")
              and "stone" in (circle.get("class") or "")}
    assert stones == {("a1", "white"), ("a4", "white"), ("a7", "white"), ("d6", "black"), ("d2", "black")}


def test_several_games_each_shown(tmp_path: Path) -> None:
    path = tmp_path / "two.txt"
    path.write_text(f'[SetUp "1"]\n[FEN "{MILL}"]\n\n*\n\n1. d2 *\n', encoding="utf-8")
    result = run("show", str(path), "--game", "all", "--fen", "--fen-form", "legacy")
    assert result.exit_code == 0, result.output
    assert result.stdout == MILL + "\n" + "********/****O***/******** b p p 1 8 0 9 0 0 0 0 0 0 0 0 1\n"


def test_a_record_with_plies_after_it_stays_a_located_error(tmp_path: Path) -> None:
    path = within_turn_record(tmp_path, MILL, "3. b4 *")
    for args in ([], ["--fen"], ["--ply", "0"]):
        result = run("show", path, *args)
        assert result.exit_code == 1
        assert result.output.startswith(f"{path}:3:7: error: in the FEN tag: the position is in the middle of a "
                                        "turn (White still has to remove a stone)")
        assert "Traceback" not in result.output


@pytest.mark.parametrize("args, message", [
    (["--ply", "1"], "there is no ply 1: the game has 0 plies"),
    (["--move", "3", "--side", "black"], "there is no move 3 of Black: the record has no plies (its position is "
                                         "--ply 0)"),
])
def test_a_ply_the_record_does_not_have_is_a_located_error(tmp_path: Path, args: list[str], message: str) -> None:
    path = within_turn_record(tmp_path, MILL)
    result = run("show", path, *args)
    assert result.exit_code == 1
    assert f"{path}:1: error: {message}" in result.output
    assert result.stdout == ""


def test_best_says_there_are_none(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    result = run("show", within_turn_record(tmp_path, MILL), "--best", "--ascii")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "No best plies: the position stands in the middle of a turn"


def test_in_german(tmp_path: Path) -> None:
    result = run("--lang", "de", "show", within_turn_record(tmp_path, MILL), "--fen")
    assert result.exit_code == 0, result.output
    assert "die Ausgangsstellung ist mitten in einem Zug (Weiß muss noch einen Stein entfernen)" in result.stderr
