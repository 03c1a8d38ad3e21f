"""The board's count of field 17 as Sanmill counts it (``Board.fen(move_numbers="sanmill")``) is kept
with the board: a copy counts on from the original's, ``pop`` takes it back with the ply, and a ply
played by ``apply`` (which the board does not keep) stops it until it is taken back past.

The line ``a1 d6 a4 d2 a7/xd6 d6 g7 f4 g4 b4 g1/xf4`` under standard_9mm: Sanmill's referee printed
field 17 = 7 after it (13 actions, Black to move: 1 + 12 / 2 = 7), and 6 before its last ply (11
actions, White to move: 1 + 11 / 2 = 6)."""

from __future__ import annotations

import pytest

from muehle.analyzer.engine.position import Board

LINE = "a1 d6 a4 d2 a7/xd6 d6 g7 f4 g4 b4 g1/xf4".split()


def _sanmill_field(board: Board) -> str:
    return board.fen(move_numbers="sanmill").split()[16]


def test_a_copy_counts_on_from_the_originals_count() -> None:
    board = Board("standard_9mm")
    for ply in LINE[:-1]:
        board.push(ply)
    copy = board.copy()
    assert _sanmill_field(copy) == _sanmill_field(board) == "6"
    copy.push(LINE[-1])
    assert _sanmill_field(copy) == "7"
    assert _sanmill_field(board) == "6"  # (the original is not moved on)


def test_pop_takes_the_count_back_to_the_start() -> None:
    board = Board("standard_9mm")
    for ply in LINE:
        board.push(ply)
    while board.move_stack:
        board.pop()
    assert _sanmill_field(board) == "1"
    assert board.fen() == Board("standard_9mm").fen()


def test_an_applied_ply_stops_the_count_until_it_is_popped_past() -> None:
    board = Board("standard_9mm")
    board.push("a1")
    board.apply("d6")
    board.push("a4")
    board.pop()
    with pytest.raises(ValueError, match="needs the plies played by push"):
        board.fen(move_numbers="sanmill")
    # (the snapshot of a1 was taken before the applied ply: taking a1 back counts again from the start)
    board.pop()
    assert _sanmill_field(board) == "1"
