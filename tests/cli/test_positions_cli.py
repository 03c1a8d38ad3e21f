"""``muehle positions``: every position of a game, one line per ply, and every error a user can cause."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from paths import EXAMPLES
from runner import run

MULTI = str(EXAMPLES / "multi-game.txt")
SETUP = str(EXAMPLES / "setup-position.txt")
SANMILL = str(EXAMPLES / "sanmill-export.pgn")
ILLEGAL = str(EXAMPLES / "illegal-moves.txt")
SYNTAX = str(EXAMPLES / "syntax-errors.txt")

OPENING = "1. d2 d6 2. f4 b4 *\n"

# The FEN's board runs over the inner ring (d5 e5 e4 e3 d3 c3 c4 c5), the middle one
# (d6 f6 f4 f2 d2 b2 b4 b6) and the outer one, each from its top middle point clockwise;
# White's stones are O, Black's @. Field 17 grows after each of Black's plies.
OPENING_FENS = [
    "********/********/******** w p p 0 9 0 9 0 0 -1 -1 -1 -1 0 0 1 ids:nodes",
    "********/****O***/******** b p p 1 8 0 9 0 0 -1 -1 -1 -1 0 0 1 ids:nodes",
    "********/@***O***/******** w p p 1 8 1 8 0 0 -1 -1 -1 -1 0 0 2 ids:nodes",
    "********/@*O*O***/******** b p p 2 7 1 8 0 0 -1 -1 -1 -1 0 0 2 ids:nodes",
    "********/@*O*O*@*/******** w p p 2 7 2 7 0 0 -1 -1 -1 -1 0 0 3 ids:nodes",
]


def test_one_line_per_ply_with_label_fen_stones_phase_and_side_to_move() -> None:
    result = run("positions", "-", input=OPENING)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "<stdin>, game 1 (rules wmd)"
    rows = [line.split("  ") for line in lines[1:]]
    assert len(rows) == 5  # the start and four plies
    labels = [row[0].strip() for row in rows]
    assert labels == ["start", "1. d2", "1... d6", "2. f4", "2... b4"]
    for line, fen in zip(lines[1:], OPENING_FENS):
        assert fen in line
    assert "board 0/0  hand 9/9  placing    white to move" in lines[1]
    assert "board 2/2  hand 7/7  placing    white to move" in lines[5]
    assert lines[4].endswith("black to move")


def test_the_fens_are_those_show_writes_for_each_ply() -> None:
    listed = run("positions", SANMILL, "--format", "fen")
    assert listed.exit_code == 0, listed.output
    fens = listed.stdout.splitlines()
    assert len(fens) > 20
    for ply in (0, 1, 7, len(fens) - 1):
        shown = run("show", SANMILL, "--ply", str(ply), "--fen")
        assert shown.stdout.strip() == fens[ply]


def test_fen_form_legacy() -> None:
    result = run("positions", "-", "--format", "fen", "--fen-form", "legacy", input="1. d2 *\n")
    assert result.stdout.splitlines() == [
        "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1",
        "********/****O***/******** b p p 1 8 0 9 0 0 0 0 0 0 0 0 1",
    ]


def test_json_rows() -> None:
    result = run("positions", "-", "--format", "json", input=OPENING)
    assert result.exit_code == 0
    [game] = json.loads(result.stdout)
    assert (game["source"], game["game"], game["rules"]) == ("<stdin>", 1, "wmd")
    assert [row["fen"] for row in game["positions"]] == OPENING_FENS
    assert game["positions"][3] == {
        "ply": 3, "label": "2.", "move": "2. f4", "fen": OPENING_FENS[3],
        "on_board": {"white": 2, "black": 1}, "in_hand": {"white": 7, "black": 8},
        "phase": "placing", "to_move": "black",
    }
    assert game["positions"][0]["move"] is None


def test_a_set_up_position_flying_and_the_end_of_the_game() -> None:
    # Black has a1 g1 e5 at the start (three stones: flies under wmd), White captures e4 with 21. g4-g7/xe4,
    # and Black, left with two stones, has lost: the phase is game over (the FEN's phase o).
    [game] = json.loads(run("positions", SETUP, "--format", "json").stdout)
    first, *_, last = game["positions"]
    assert (first["label"], first["to_move"], first["phase"], first["on_board"]) == (
        "start", "black", "flying", {"white": 6, "black": 3})
    assert (last["move"], last["phase"], last["on_board"]["black"]) == ("21. g4-g7/xe4", "game over", 2)
    assert last["fen"].split()[2] == "o"


def test_moving_phase_after_all_stones_are_set() -> None:
    placing = " ".join(f"{n}. {w} {b}" for n, (w, b) in enumerate(
        [("a7", "d7"), ("g7", "b6"), ("d6", "f6"), ("b4", "c4"), ("f4", "e4"), ("b2", "d2"),
         ("f2", "c3"), ("d3", "e3"), ("c5", "g1")], 1))
    result = run("positions", "-", "--format", "json", input=placing + " *\n")
    assert result.exit_code == 0, result.output
    [game] = json.loads(result.stdout)
    assert game["positions"][17]["phase"] == "placing"  # Black still has one stone in hand
    assert game["positions"][18]["phase"] == "moving"
    assert game["positions"][18]["in_hand"] == {"white": 0, "black": 0}


def test_game_n_and_all() -> None:
    second = run("positions", MULTI, "--game", "2", "--format", "json")
    [game] = json.loads(second.stdout)
    assert game["game"] == 2 and game["positions"][1]["move"] == "1. b4"
    every = run("positions", MULTI, "--all", "--format", "json")
    assert [game["game"] for game in json.loads(every.stdout)] == [1, 2, 3]
    assert run("positions", MULTI, "--game", "all", "--format", "json").stdout == every.stdout
    fens = run("positions", MULTI, "--all", "--format", "fen").stdout
    assert fens.count("\n\n") == 2  # a blank line between games


def test_several_files() -> None:
    result = run("positions", "--format", "json", SETUP, MULTI)
    assert result.exit_code == 0, result.output
    assert [(g["source"], g["game"]) for g in json.loads(result.stdout)] == [(SETUP, 1), (MULTI, 1)]


@pytest.mark.parametrize("args, message", [
    (["--game", "0"], "neither a game's number"),
    (["--game", "x"], "neither a game's number"),
    (["--game", "2", "--all"], "either --game or --all"),
    (["--format", "svg"], "'svg' is not one of"),
    (["--fen-form", "old"], "'old' is not one of 'current', 'legacy'"),
    (["--rules", "nonsense"], "'nonsense' is neither a preset"),
    (["--from", "xml"], "'xml' is not one of 'notation', 'pgn', 'playok', 'json', 'yaml'"),
])
def test_usage_errors(args: list[str], message: str) -> None:
    result = run("positions", MULTI, *args)
    assert (result.exit_code, result.stdout) == (2, "")
    assert message in result.stderr


def test_no_such_game() -> None:
    result = run("positions", MULTI, "--game", "4")
    assert result.exit_code == 1
    assert f"{MULTI}: error: there is no game 4: the input has 3 games" in result.stderr
    assert "Traceback" not in result.output


def test_an_illegal_ply_lists_the_positions_before_it_and_is_reported() -> None:
    result = run("positions", ILLEGAL, "--format", "fen")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == OPENING_FENS[:2]  # the start and 1. d2; 1... d2 is illegal
    assert f"{ILLEGAL}:10:7: error: 1... d2: d2 is already occupied" in result.stderr
    assert "listed up to ply 1" in result.stderr


def test_a_game_with_a_syntax_error_is_reported_and_the_others_are_listed() -> None:
    result = run("positions", SYNTAX, "--all", "--format", "json")
    assert result.exit_code == 1
    listed = json.loads(result.stdout)
    assert listed[0]["game"] == 1 and listed[0]["tags"]["Event"] == "gültig"
    assert 2 not in [game["game"] for game in listed]
    assert f"{SYNTAX}:12:" in result.stderr


def test_a_file_that_cannot_be_read_is_reported_and_the_others_are_listed(tmp_path) -> None:
    missing = str(tmp_path / "missing.txt")
    result = run("positions", missing, SETUP, "--format", "fen")
    assert result.exit_code == 1
    assert result.stderr == f"{missing}: error: cannot read {missing}: No such file or directory\n"
    assert len(result.stdout.splitlines()) == 3  # the set-up position and its two plies, 20... and 21.


@pytest.mark.parametrize("text", ["", "\n\n"])
def test_an_empty_input_is_an_error(text: str) -> None:
    result = run("positions", "-", input=text)
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == "<stdin>: error: there is no game in the input\n"


def test_a_folder_given_as_a_file_is_an_error(tmp_path) -> None:
    result = run("positions", str(tmp_path))
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == f"{tmp_path}: error: cannot read {tmp_path}: Is a directory\n"


def test_a_ruleset_file_that_cannot_be_read_is_an_error(tmp_path) -> None:
    """Read while the options are (a click callback), the error is reported by the command's entry
    point, which the in-process runner leaves out: the installed command is run."""
    missing = str(tmp_path / "rules.yaml")
    done = subprocess.run([sys.executable, "-m", "muehle", "positions", MULTI, "--rules", missing],
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == f"{missing}: error: cannot read ruleset {missing}: No such file or directory\n"


def test_an_unknown_rules_tag_is_located() -> None:
    result = run("positions", "-", input='[Rules "nonesuch"]\n1. d2 *\n')
    assert result.exit_code == 1
    assert result.stderr.startswith("<stdin>:1:")
    assert "nonesuch" in result.stderr


def test_listed_in_the_commands() -> None:
    assert re.search(r"^  positions +List every position of a game", run("--help").stdout, re.MULTILINE)
