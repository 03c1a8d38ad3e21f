"""A record whose players agreed that Black begins (``[FirstMove "black"]``, Schürmann/Nüscheler 4.1)
starts from the empty board with Black to move: every FEN of its start says ``b``, as the replay
plays it (``positions`` always did; ``show --fen`` and the position to restore said ``w``)."""

from __future__ import annotations

import json
from pathlib import Path

from runner import run

EMPTY_BLACK_TO_MOVE = "********/********/******** b p p 0 9 0 9 0 0 -1 -1 -1 -1 0 0 1 ids:nodes"


def record(tmp_path: Path, movetext: str) -> str:
    path = tmp_path / "black-first.txt"
    path.write_text(f'[FirstMove "black"]\n\n{movetext}\n', encoding="utf-8")
    return str(path)


def test_show_writes_the_start_with_black_to_move(tmp_path: Path) -> None:
    path = record(tmp_path, "1... d6 2. b4 d2 *")
    shown = run("show", path, "--fen", "--ply", "0")
    assert shown.exit_code == 0 and shown.stdout == EMPTY_BLACK_TO_MOVE + "\n"
    listed = run("positions", path)
    assert EMPTY_BLACK_TO_MOVE in listed.stdout.splitlines()[1]


def test_the_position_to_restore_before_a_first_illegal_ply_has_black_to_move(tmp_path: Path) -> None:
    path = record(tmp_path, "1... d6-d5 *")  # (a move while Black still has nine stones to place)
    result = run("validate", "--format", "json", path)
    assert result.exit_code == 1
    (game,) = json.loads(result.stdout)
    assert game["errors"][0]["code"] == "must-place"
    assert (game["restore"]["ply"], game["restore"]["fen"], game["restore"]["to_move"]) == (
        0, EMPTY_BLACK_TO_MOVE, "black")
