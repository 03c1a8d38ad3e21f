"""``muehle show``: diagrams, FEN and SVG of a record's positions, and every error a user can cause."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from paths import ROOT
from runner import run

EXAMPLES = ROOT / "examples"
SANMILL = str(EXAMPLES / "sanmill-export.pgn")
SETUP = str(EXAMPLES / "setup-position.txt")
NS = {"svg": "http://www.w3.org/2000/svg"}


# The final position of the Sanmill export, drawn by hand from its moves: White b2 f4,
# Black a4 c3 c4 d3 d6 e3 e4 e5 f2; the last ply 20... d2-d3xg1.
SANMILL_FINAL_ASCII = """\
7  +-----------+-----------+
   |           |           |
6  |   +-------B-------+   |
   |   |       |       |   |
5  |   |   +---+---B   |   |
   |   |   |       |   |   |
4  B---+---B       B---W---+
   |   |   |       |   |   |
3  |   |   B--[B]--B   |   |
   |   |       |       |   |
2  |   W------(+)------B   |
   |           |           |
1  +-----------+-----------x
   a   b   c   d   e   f   g
Last ply: 20... d2-d3/xg1   [ ] to  ( ) from  x captured
White (W): 2 on the board, 0 in hand, lost
Black (B): 9 on the board, 0 in hand, moving
Game over: White has fewer than three stones
"""

# examples/setup-position.txt starts from White a7 d7 g4 b2 d2 c3, Black a1 g1 e5,
# Black to move at move 20; after 20... e5-e4 21. g4-g7/xe4 Black has a1 g1 only.
SETUP_FINAL_ASCII = """\
7  W-----------W----------[W]
   |           |           |
6  |   +-------+-------+   |
   |   |       |       |   |
5  |   |   +---+---+   |   |
   |   |   |       |   |   |
4  +---+---+       x---+--(+)
   |   |   |       |   |   |
3  |   |   W---+---+   |   |
   |   |       |       |   |
2  |   W-------W-------+   |
   |           |           |
1  B-----------+-----------B
   a   b   c   d   e   f   g
Last ply: 21. g4-g7/xe4   [ ] to  ( ) from  x captured
White (W): 6 on the board, 0 in hand, moving
Black (B): 2 on the board, 0 in hand, lost
Game over: Black has fewer than three stones
"""


def test_default_is_the_final_position() -> None:
    result = run("show", SANMILL, "--ascii")
    assert result.exit_code == 0, result.output
    assert result.output == SANMILL_FINAL_ASCII


@pytest.mark.parametrize("args, last_line", [
    # its comment: after 9... d7 no White stone stands next to a free point (WMD 10.2)
    (["examples/analyze-endings.txt"], "Game over: White cannot move"),
    (["examples/analyze-endings.txt", "--ply", "17"], "Black to move"),
    # 13... c5-d5 brings the position after 9... e5 about the third time; sanmill counts only the
    # positions reached by moves since that placement (twice each at most): the game goes on
    (["examples/analyze-repetition.txt", "--rules", "sanmill"], "White to move"),
    (["examples/analyze-repetition.txt"], "White to move"),  # under wmd it is only a right to claim
])
def test_a_position_that_ends_the_game_says_how(args: list[str], last_line: str) -> None:
    path, *rest = args
    result = run("show", str(EXAMPLES.parent / path), *rest)
    assert result.exit_code == 0 and result.stdout.splitlines()[-1] == last_line


def test_a_game_drawn_by_automatic_repetition_says_so(tmp_path: Path) -> None:
    """Counting every position of the game, 13... c5-d5 brings the position after 9... e5
    about the third time, and automatic repetition ends the game there."""
    rules = tmp_path / "automatic.yaml"
    rules.write_text("base: sanmill\nrepetition_window: game\n", encoding="utf-8")
    result = run("show", str(EXAMPLES / "analyze-repetition.txt"), "--rules", str(rules))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "Game over: drawn by threefold repetition"


def test_a_terminal_that_is_not_utf8_gets_ascii() -> None:
    assert run("show", SANMILL, charset="latin-1").output == SANMILL_FINAL_ASCII
    utf8 = run("show", SANMILL).output
    assert "●" in utf8 and "○" in utf8 and utf8.count("\n") == SANMILL_FINAL_ASCII.count("\n")


def test_installed_command_draws_ascii_for_a_latin1_terminal() -> None:
    command = Path(sys.executable).with_name("muehle")
    if not command.exists():
        pytest.skip(f"no muehle command next to {sys.executable}")
    env = dict(os.environ, PYTHONIOENCODING="latin-1")
    done = subprocess.run([str(command), "show", SANMILL], env=env, capture_output=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode("latin-1") == SANMILL_FINAL_ASCII


def test_move_and_side_select_the_same_ply_as_its_index() -> None:
    by_move = run("show", SANMILL, "--move", "9", "--side", "black", "--ascii")
    by_ply = run("show", SANMILL, "--ply", "18", "--ascii")
    assert by_move.exit_code == 0 and by_move.output == by_ply.output
    assert "Last ply: 9... c3/xd2" in by_move.output
    white_first = run("show", SANMILL, "--move", "1", "--ascii").output
    assert "Last ply: 1. d2" in white_first and white_first == run("show", SANMILL, "--ply", "1", "--ascii").output


def test_ply_zero_is_the_start() -> None:
    result = run("show", SANMILL, "--ply", "0", "--ascii")
    assert result.exit_code == 0
    assert "Last ply" not in result.output
    assert "White (W): 0 on the board, 9 in hand, placing" in result.output


def test_fen_after_four_plies_and_at_the_end() -> None:
    # 1. d2 d6 2. f4 f2: White d2 f4, Black d6 f2; middle ring d6 f6 f4 f2 d2 b2 b4 b6.
    assert run("show", SANMILL, "--ply", "4", "--fen", "--fen-form", "legacy").output == \
        "********/@*O@O***/******** w p p 2 7 2 7 0 0 0 0 0 0 0 0 3\n"
    # The end: inner ring d5 e5 e4 e3 d3 c3 c4 c5, outer d7 g7 g4 g1 d1 a1 a4 a7; White lost
    # (phase o), the last ply captured (counter 0), 20 turns of Black's done (move 21).
    assert run("show", SANMILL, "--fen", "--fen-form", "legacy").output == \
        "*@@@@@@*/@*O@*O**/******@* w o s 2 0 9 0 0 0 0 0 0 0 0 0 21\n"
    # by default in Sanmill's current form: no last mill is -1, and the marker ends it
    assert run("show", SANMILL, "--ply", "4", "--fen").output == \
        "********/@*O@O***/******** w p p 2 7 2 7 0 0 -1 -1 -1 -1 0 0 3 ids:nodes\n"
    assert run("show", SANMILL, "--fen").output == \
        "*@@@@@@*/@*O@*O**/******@* w o s 2 0 9 0 0 0 -1 -1 -1 -1 0 0 21 ids:nodes\n"


def test_a_record_set_up_from_a_fen() -> None:
    assert run("show", SETUP, "--ascii").output == SETUP_FINAL_ASCII
    assert run("show", SETUP, "--ply", "0", "--fen", "--fen-form", "legacy").output == \
        "*@***O**/****OO**/O*O@*@*O b m s 6 0 3 0 0 0 0 0 0 0 0 2 20\n"
    assert run("show", SETUP, "--fen", "--fen-form", "legacy").output == \
        "*****O**/****OO**/OO*@*@*O b o s 6 0 2 0 0 0 0 0 0 0 0 0 21\n"
    assert run("show", SETUP, "--fen").output == \
        "*****O**/****OO**/OO*@*@*O b o s 6 0 2 0 0 0 -1 -1 -1 -1 0 0 21 ids:nodes\n"
    # Its plies are numbered from the FEN's move: Black's 20th is ply 1, White's 21st ply 2.
    assert run("show", SETUP, "--move", "20", "--side", "black", "--ascii").output == \
        run("show", SETUP, "--ply", "1", "--ascii").output
    assert run("show", SETUP, "--move", "21", "--ascii").output == SETUP_FINAL_ASCII


def test_svg_is_written_atomically_and_the_terminal_gets_nothing(tmp_path: Path) -> None:
    target = tmp_path / "final.svg"
    result = run("show", SANMILL, "--svg", str(target))
    assert result.exit_code == 0 and result.output == ""
    root = ET.fromstring(target.read_text(encoding="utf-8"))
    sides = {c.get("data-point"): c.get("data-side") for c in root.iterfind(".//svg:circle", NS)
             if c.get("data-side")}
    assert sides == {"b2": "white", "f4": "white", **{p: "black" for p in
                     ("a4", "c3", "c4", "d3", "d6", "e3", "e4", "e5", "f2")}}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["final.svg"]


def test_svg_to_standard_output_and_with_all_mills() -> None:
    result = run("show", SANMILL, "--ply", "18", "--svg", "-", "--mills", "all")
    root = ET.fromstring(result.output)
    # After 9... c3xd2 Black holds c3-d3-e3 and e3-e4-e5; White has no mill.
    mills = sorted(m.get("data-points") for m in root.iterfind(".//svg:line[@class='mill']", NS))
    assert mills == ["c3 d3 e3", "e3 e4 e5"]


def test_fen_and_svg_file_together(tmp_path: Path) -> None:
    result = run("show", SANMILL, "--ply", "4", "--fen", "--svg", str(tmp_path / "p.svg"))
    assert result.output == "********/@*O@O***/******** w p p 2 7 2 7 0 0 -1 -1 -1 -1 0 0 3 ids:nodes\n"
    assert (tmp_path / "p.svg").exists()


def test_reading_standard_input() -> None:
    result = run("show", "-", "--fen", "--fen-form", "legacy", input="1. d2 d6 2. f4 f2\n")
    assert result.output == "********/@*O@O***/******** w p p 2 7 2 7 0 0 0 0 0 0 0 0 3\n"


def test_the_game_option_picks_a_game(tmp_path: Path) -> None:
    path = tmp_path / "two.txt"
    path.write_text('[Event "one"]\n\n1. d2 *\n\n[Event "two"]\n\n1. g7 *\n', encoding="utf-8")
    assert "[W]" in run("show", str(path), "--game", "2", "--ascii").output.splitlines()[0]  # g7 on rank 7
    assert run("show", str(path), "--game", "1", "--fen").output.startswith("********/****O***/")


def test_the_rules_option_changes_the_phase_shown(tmp_path: Path) -> None:
    # Three White stones and none in hand: flying under wmd (the default), moving under a
    # ruleset without flying.
    rules = tmp_path / "noflying.yaml"
    rules.write_text("name: noflying\ntitle: No flying\nbase: wmd\nflying: false\n", encoding="utf-8")
    record = tmp_path / "r.txt"
    # White d7 g7 g1 (outer ring d7 g7 g4 g1 d1 a1 a4 a7), Black d6 f4 d2 b4 (middle ring).
    record.write_text('[SetUp "1"]\n[FEN "********/@*@*@*@*/OO*O**** b m s 3 0 4 0 0 0 0 0 0 0 0 0 30"]\n\n'
                      "30... b4-b6 *\n", encoding="utf-8")
    assert "White (W): 3 on the board, 0 in hand, flying" in run("show", str(record), "--ascii").output
    changed = run("show", str(record), "--ascii", "--rules", str(rules))
    assert changed.exit_code == 0, changed.output
    assert "White (W): 3 on the board, 0 in hand, moving" in changed.output


def test_extension_fields_of_a_fen_are_noted_on_stderr(tmp_path: Path) -> None:
    record = tmp_path / "ext.txt"
    record.write_text('[SetUp "1"]\n[FEN "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1 c:w-0-|b-0-"]\n'
                      "\n1. d2 *\n", encoding="utf-8")
    result = run("show", str(record), "--fen", "--fen-form", "legacy")
    assert result.exit_code == 0
    assert result.stdout == "********/****O***/******** b p p 1 8 0 9 0 0 0 0 0 0 0 0 1\n"
    # at the FEN tag's value, on line 2
    assert f"{record}:2:7: note: ignored the extension field 'c:w-0-|b-0-'" in result.stderr
    # a game read from JSON has no line in it: the note names the game
    as_json = tmp_path / "ext.json"
    assert run("convert", str(record), "--to", "json", "-o", str(as_json)).exit_code == 0
    result = run("show", str(as_json), "--fen", "--fen-form", "legacy")
    assert (result.exit_code, result.stdout) == (0, "********/****O***/******** b p p 1 8 0 9 0 0 0 0 0 0 0 0 1\n")
    assert result.stderr.startswith(f"{as_json}, game 1: note: ignored the extension field 'c:w-0-|b-0-'")


# -- errors -------------------------------------------------------------------


def test_an_illegal_ply_before_the_asked_one_is_named(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text('[Event "x"]\n\n1. d2 d6 2. f4 d6 3. b4 *\n', encoding="utf-8")
    result = run("show", str(path), "--ply", "5")
    assert result.exit_code == 1
    first = result.stderr.splitlines()[0]
    assert first.startswith(f"{path}:3:16: error: the record has an illegal ply at ply 4 (2... d6: ")
    assert first.endswith("[occupied]); shown is the last legal position, after 2. f4 (ply 3)")
    assert result.stderr.splitlines()[1:] == ["    1. d2 d6 2. f4 d6 3. b4 *", "                   ^"]
    assert run("show", str(path)).exit_code == 1  # the final position lies behind it too
    assert run("show", str(path), "--ply", "3", "--ascii").exit_code == 0


@pytest.mark.parametrize("move, side, message", [
    # examples/setup-position.txt starts from its FEN with 20... e5-e4 and ends with 21. g4-g7/xe4
    ("20", "white", "there is no move 20 of White: the record starts with 20... e5-e4 (ply 1); the position "
                    "before it is the set-up position (--ply 0)"),
    ("21", "black", "there is no move 21 of Black: the record ends with 21. g4-g7/xe4 (ply 2)"),
])
def test_a_move_outside_a_set_up_record_says_where_the_record_starts_or_ends(move: str, side: str,
                                                                            message: str) -> None:
    result = run("show", str(EXAMPLES / "setup-position.txt"), "--move", move, "--side", side, "--fen")
    assert result.exit_code == 1
    assert result.output == f"{EXAMPLES / 'setup-position.txt'}:1: error: {message}\n"


def test_errors_on_a_game_read_from_json_name_the_game(tmp_path: Path) -> None:
    """A JSON record has no lines for its moves: the error names the file and the game."""
    record = tmp_path / "im.json"
    converted = run("convert", str(EXAMPLES / "illegal-moves.txt"), "--to", "json")
    record.write_text(converted.stdout, encoding="utf-8")
    result = run("show", str(record), "--game", "4", "--ply", "21")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{record}, game 4: error: the record has an illegal ply at ply 21 (11. a4-c5: ")


@pytest.mark.parametrize(
    "args, message",
    [
        (["--game", "2"], "error: there is no game 2: the input has 1 game"),
        (["--ply", "41"], "error: there is no ply 41: the game has 40 plies"),
        (["--move", "21"], "error: there is no move 21 of White: the record ends with 20... d2-d3/xg1 (ply 40)"),
    ],
)
def test_impossible_requests_exit_1_with_a_located_message(args: list[str], message: str) -> None:
    result = run("show", SANMILL, *args)
    assert result.exit_code == 1
    assert message in result.output
    assert "Traceback" not in result.output


def test_an_unknown_ruleset_is_a_usage_error() -> None:
    result = run("show", SANMILL, "--rules", "nope")
    assert result.exit_code == 2
    assert "'nope' is neither a preset" in result.output


def test_a_syntax_error_in_the_record_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "syntax.txt"
    path.write_text("1. d2 b1\n", encoding="utf-8")
    result = run("show", str(path))
    assert result.exit_code == 1
    assert result.output.startswith(f"{path}:1:7: error: b1 is not a point of the board")


def test_a_bad_fen_tag_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "fen.txt"
    path.write_text('[SetUp "1"]\n[FEN "********/********/******** w p p 1 9 0 9 0 0 0 0 0 0 0 0 1"]\n\n1. d2 *\n',
                    encoding="utf-8")
    result = run("show", str(path))
    assert result.exit_code == 1
    line = '[FEN "********/********/******** w p p 1 9 0 9 0 0 0 0 0 0 0 0 1"]'
    assert result.output.splitlines() == [
        f"{path}:2:40: error: in the FEN tag: FEN field 5 (White's stones on the board): says White has "
        "1 stone on the board, but the board shows 0",
        "    " + line,
        "    " + " " * 39 + "^",
    ]


def test_a_missing_file_is_reported() -> None:
    result = run("show", "no-such-file.txt")
    assert result.exit_code == 1
    assert result.output.startswith("no-such-file.txt: error: cannot read no-such-file.txt")


@pytest.mark.parametrize(
    "args",
    [
        ["--ply", "3", "--move", "2"],
        ["--side", "black"],
        ["--svg", "-", "--fen"],
        ["--ply", "-1"],
        ["--game", "0"],
        ["--mills", "some"],
    ],
)
def test_usage_errors_exit_2(args: list[str]) -> None:
    assert run("show", SANMILL, *args).exit_code == 2


@pytest.mark.parametrize("args, message", [
    (["--ply", "3", "--move", "2"], "give either --ply or --move, not both"),
    (["--ply", "3", "--side", "black"], "--side goes with --move"),
    (["--side", "black"], "--side goes with --move"),
])
def test_the_ply_is_given_once(args: list[str], message: str) -> None:
    """Unlike ``claim``, ``show`` has a default ply (the last): giving none is no error."""
    result = run("show", SANMILL, *args)
    assert result.exit_code == 2
    assert f"Error: {message}\n" in result.output


@pytest.mark.parametrize("args", [["--mills", "all"], ["--mills", "last", "--fen"]])
def test_mills_without_svg_is_a_usage_error_not_ignored(args: list[str]) -> None:
    """Only the SVG highlights mills: asked of the diagram or the FEN, it would silently do nothing."""
    result = run("show", SANMILL, *args)
    assert result.exit_code == 2
    assert "--mills goes with --svg" in result.output


def test_nothing_is_written_when_showing_fails(tmp_path: Path) -> None:
    target = tmp_path / "out.svg"
    assert run("show", SANMILL, "--ply", "99", "--svg", str(target)).exit_code == 1
    assert not target.exists()


def test_svg_never_overwrites_the_input(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text("1. d2 *\n", encoding="utf-8")
    result = run("show", str(path), "--svg", str(path))
    assert result.exit_code == 1
    assert "refusing to write over the input file" in result.output
    assert path.read_text(encoding="utf-8") == "1. d2 *\n"


# -- Sanmill's FEN forms and finished games ----------------------------------------------


@pytest.mark.parametrize("stones", [10, 12])
def test_the_start_has_the_rulesets_stones_in_hand(tmp_path: Path, stones: int) -> None:
    rules = tmp_path / "more.yaml"
    rules.write_text(f"name: more\ntitle: More stones\nbase: wmd\nstones: {stones}\n", encoding="utf-8")
    record = tmp_path / "r.txt"
    record.write_text("1. d2 d6 *\n", encoding="utf-8")
    result = run("show", str(record), "--ply", "0", "--fen", "--rules", str(rules))
    assert result.exit_code == 0, result.output
    assert result.stdout == f"********/********/******** w p p 0 {stones} 0 {stones} 0 0 -1 -1 -1 -1 0 0 1 ids:nodes\n"
    after = run("show", str(record), "--ply", "1", "--fen", "--fen-form", "legacy", "--rules", str(rules))
    assert after.stdout == f"********/****O***/******** b p p 1 {stones - 1} 0 {stones} 0 0 0 0 0 0 0 0 1\n"


def test_fen_form_without_fen_is_a_usage_error() -> None:
    result = run("show", SANMILL, "--fen-form", "legacy")
    assert result.exit_code == 2
    assert "Error: --fen-form goes with --fen\n" in result.output
    assert run("show", SANMILL, "--fen", "--fen-form", "newest").exit_code == 2


def _set_up(tmp_path: Path, fen: str, movetext: str = "*") -> str:
    path = tmp_path / "setup.txt"
    path.write_text(f'[Event "end"]\n[SetUp "1"]\n[FEN "{fen}"]\n\n{movetext}\n', encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("fen", [
    # Sanmill's old engine after the capture 21. g4-g7/xe4 of examples/setup-position.txt:
    # White still to move, with the action r and its capture count not run down
    "*****O**/****OO**/OO*@*@*O w o r 6 0 2 0 1 0 0 0 0 0 0 0 22",
    # the same in the moving phase, in the current form
    "*****O**/****OO**/OO*@*@*O w m r 6 0 2 0 1 0 -1 -1 -1 -1 0 0 22 ids:nodes",
])
def test_a_game_over_fen_is_shown_as_the_end_of_the_game(tmp_path: Path, fen: str) -> None:
    path = _set_up(tmp_path, fen, "1-0")
    result = run("show", path, "--ascii")
    assert result.exit_code == 0, result.output
    # the final diagram of examples/setup-position.txt without its last ply
    assert result.stdout.splitlines()[-3:] == SETUP_FINAL_ASCII.splitlines()[-3:]
    assert "Last ply" not in result.stdout
    assert f"{path}:3:7: note: the FEN shows a finished game: Black has fewer than three stones" in result.stderr
    fen_result = run("show", path, "--fen", "--fen-form", "legacy")
    assert fen_result.stdout == "*****O**/****OO**/OO*@*@*O b o s 6 0 2 0 0 0 0 0 0 0 0 0 22\n"


def test_a_finished_game_the_board_does_not_decide_says_so(tmp_path: Path) -> None:
    """Phase o with both sides live (a game resigned or agreed drawn): the diagram says it is over."""
    path = _set_up(tmp_path, "O*OO****/O@*@O*OO/O*O*@@*@ w o s 9 0 5 0 0 0 -1 -1 -1 -1 0 3 16 ids:nodes")
    result = run("show", path, "--ascii")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "Game over: as the FEN says (phase o); the board does not tell how"
    assert run("show", path, "--fen").stdout == "O*OO****/O@*@O*OO/O*O*@@*@ w o s 9 0 5 0 0 0 -1 -1 -1 -1 0 3 16 ids:nodes\n"


def test_a_ply_after_a_game_over_fen_is_a_located_error(tmp_path: Path) -> None:
    path = _set_up(tmp_path, "*****O**/****OO**/OO*@*@*O w o r 6 0 2 0 1 0 0 0 0 0 0 0 22", "22... a1-a4 *")
    result = run("show", path)
    assert result.exit_code == 1
    assert result.output.startswith(f"{path}:3:36: error: in the FEN tag: its phase o says the game is over, "
                                    "so no ply can follow it")
