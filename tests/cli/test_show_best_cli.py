"""``muehle show --best``: the best plies of the endgame tables marked on the diagram and the SVG,
the value said, and every case where there are none."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from paths import EXAMPLES
from runner import run

pytest.importorskip("numpy")

NS = {"svg": "http://www.w3.org/2000/svg"}

#: White a1, d1, b6 against Black d6, f4, c5, Black to move; Black plays c5-c4. White to move
#: then has two stones on the mill a1-d1-g1 and a third that jumps in: b6-g1 closes it, and any
#: Black stone may be taken (none stands in a mill), leaving Black two: a win in 1 ply. No other
#: ply closes a mill (no other mill holds two White stones), so b6-g1 with its three captures is
#: every best ply.
WIN_IN_ONE = ('[SetUp "1"]\n[FEN "*******@/@*@****O/****OO** b m s 3 0 3 0 0 0 0 0 0 0 0 0 1"]\n\n'
              "1... c5-c4\n")
BEST = "White to move wins in 1 ply; best: b6-g1xc4, b6-g1xd6, b6-g1xf4"

#: The same ASCII diagram drawn by hand: b6 moves (( )), g1 is where it goes ([ ]), the three
#: Black stones may be captured ({ }). The last ply is named, not marked.
WIN_IN_ONE_ASCII = """\
7  +-----------+-----------+
   |           |           |
6  |  (W)-----{B}------+   |
   |   |       |       |   |
5  |   |   +---+---+   |   |
   |   |   |       |   |   |
4  +---+--{B}      +--{B}--+
   |   |   |       |   |   |
3  |   |   +---+---+   |   |
   |   |       |       |   |
2  |   +-------+-------+   |
   |           |           |
1  W-----------W----------[+]
   a   b   c   d   e   f   g
Last ply: 1... c5-c4
Best plies: ( ) from  [ ] to  { } captures
White (W): 3 on the board, 0 in hand, flying
Black (B): 3 on the board, 0 in hand, flying
White to move
""" + BEST + "\n"


@pytest.fixture
def win_in_one(tmp_path: Path) -> Path:
    record = tmp_path / "win-in-one.txt"
    record.write_text(WIN_IN_ONE, encoding="utf-8")
    return record


def test_the_winning_mill_is_marked_on_the_diagram_and_the_value_said(win_in_one: Path,
                                                                      endgame_cache: Path) -> None:
    result = run("show", str(win_in_one), "--best", "--endgames-dir", str(endgame_cache), "--ascii")
    assert result.exit_code == 0, result.output
    assert result.output == WIN_IN_ONE_ASCII


def test_the_best_plies_are_arrows_and_crosses_in_the_svg(win_in_one: Path, endgame_cache: Path,
                                                          tmp_path: Path) -> None:
    out = tmp_path / "best.svg"
    result = run("show", str(win_in_one), "--best", "--endgames-dir", str(endgame_cache), "--svg", str(out))
    assert result.exit_code == 0, result.output
    assert result.output == BEST + "\n"
    marks = ET.parse(out).getroot().find("svg:g[@class='marks']", NS)
    assert marks is not None
    arrows = marks.findall("svg:g[@class='best moved']", NS)
    assert [(g.get("data-from"), g.get("data-to")) for g in arrows] == [("b6", "g1")]
    crosses = marks.findall("svg:g[@class='best capture']", NS)
    assert sorted(g.get("data-point") for g in crosses) == ["c4", "d6", "f4"]
    # the last ply keeps its own mark
    last = marks.find("svg:g[@class='last moved']", NS)
    assert last is not None and (last.get("data-from"), last.get("data-to")) == ("c5", "c4")


def test_with_the_svg_on_standard_output_the_value_goes_to_standard_error(win_in_one: Path,
                                                                          endgame_cache: Path) -> None:
    result = run("show", str(win_in_one), "--best", "--endgames-dir", str(endgame_cache), "--svg", "-")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("<svg") and BEST not in result.stdout
    assert result.stderr == BEST + "\n"


def test_a_position_with_stones_in_hand_is_shown_unmarked_with_the_reason(endgame_cache: Path) -> None:
    result = run("show", str(EXAMPLES / "schuermann-book-game.txt"), "--ply", "10", "--best",
                 "--endgames-dir", str(endgame_cache), "--ascii")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[-1] == ("No best plies: both sides have stones in hand "
                         "(the tables hold positions after the placing phase)")
    assert lines[-2] == "White to move"  # the diagram as without --best
    plain = run("show", str(EXAMPLES / "schuermann-book-game.txt"), "--ply", "10", "--ascii")
    assert result.output == plain.output + lines[-1] + "\n"


def test_too_many_stones_and_a_finished_game_are_said(tmp_path: Path, endgame_cache: Path) -> None:
    five = tmp_path / "five.txt"  # White a1 a4 a7 b2 b4, Black d5 e5 f6, White to move
    five.write_text('[SetUp "1"]\n[FEN "@@******/*@***OO*/*****OOO w m s 5 0 3 0 0 0 0 0 0 0 0 0 1"]\n\n',
                    encoding="utf-8")
    result = run("show", str(five), "--best", "--endgames-dir", str(endgame_cache))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == ("No best plies: White to move has 5 stones against 3 "
                                              "(the tables hold 3 to 4 a side)")
    over = run("show", str(EXAMPLES / "schuermann-book-game.txt"), "--best", "--endgames-dir", str(endgame_cache))
    assert over.exit_code == 0, over.output
    assert over.output.splitlines()[-1] == "No best plies: the game is over"


def test_tables_not_built_name_the_command_that_builds_them(win_in_one: Path, tmp_path: Path) -> None:
    empty = tmp_path / "no-tables"
    result = run("show", str(win_in_one), "--best", "--endgames-dir", str(empty))
    assert result.exit_code == 1
    assert result.stdout == ""
    assert "has not been built" in result.stderr
    assert f"muehle endgames build --stones 3 --dir {empty}" in result.stderr
    assert "Traceback" not in result.output


def test_best_goes_with_the_diagram_or_the_svg(win_in_one: Path, endgame_cache: Path) -> None:
    result = run("show", str(win_in_one), "--best", "--fen")
    assert result.exit_code == 2 and "--best goes with the diagram or --svg" in result.output
    result = run("show", str(win_in_one), "--endgames-dir", str(endgame_cache))
    assert result.exit_code == 2 and "--endgames-dir goes with --best" in result.output
