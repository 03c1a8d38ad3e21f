"""A set-up FEN read under the ruleset's losing count (``lose_below``, Sanmill's piecesAtLeastCount):
whether it shows a finished game is decided by the ruleset's count, not by three.

The FEN: Black has just closed the mill c5-d5-e5 and is to remove a stone (field 4 ``r``, field 10
``1``); White has three stones on the board and none in hand. Under ``lose_below: 4`` White has
already lost (a side below four stones with a removal still due against it: the game is over, read
as the position after the capture, White to move); under three (``sanmill``) the FEN stands in the
middle of a turn, from which no record starts."""

from __future__ import annotations

import pytest

from muehle.analyzer.engine.board import mask_of
from muehle.analyzer.engine.fen import start_fen
from muehle.analyzer.engine.placing_rules import fen_reading
from muehle.analyzer.engine.position import Board
from muehle.analyzer.engine.rules import load_ruleset, parse_ruleset
from muehle.analyzer.engine.setup import replay_record
from muehle.notation.reading.parser import read_games
from muehle.notation.text.errors import FormatError

FEN = "@@**@**@/******@*/OO***O** b m r 3 0 5 0 0 1 0 0 0 0 0 4 30"
LEAST4 = parse_ruleset("base: sanmill\nflying_at: 4\nlose_below: 4\n", source="least4.yaml")


def _game(movetext: str = "*"):
    return next(iter(read_games(f'[SetUp "1"]\n[FEN "{FEN}"]\n\n{movetext}\n', source="g.txt")))


def test_fen_reading_gives_the_rulesets_losing_count() -> None:
    assert fen_reading(LEAST4)["lose_below"] == 4
    assert fen_reading(load_ruleset("sanmill"))["lose_below"] == 3


def test_a_set_up_record_below_the_losing_count_is_a_finished_game() -> None:
    result = replay_record(_game(), LEAST4)
    assert result.errors == []
    assert result.setup is not None and result.setup.finished
    position = result.setup.position
    assert position.white == mask_of(["d7", "g7", "a1"]) and position.to_move == "white"
    assert result.outcome is not None and result.outcome.winner == "black"
    # start_fen itself, given the ruleset's reading
    fen = start_fen(_game(), LEAST4.stones, **fen_reading(LEAST4))
    assert fen is not None and fen.finished and fen.side_written == "black"


def test_under_three_the_same_fen_stands_in_the_middle_of_a_turn() -> None:
    with pytest.raises(FormatError, match="in the middle of a turn") as caught:
        replay_record(_game(), "sanmill")
    assert (caught.value.line, caught.value.column) == (2, 7)


def test_a_ply_after_it_is_refused_at_the_losers_count_with_the_rulesets_number() -> None:
    with pytest.raises(FormatError) as caught:
        replay_record(_game("30. a1-a4 *"), LEAST4)
    error = caught.value
    assert "White has fewer than 4 stones: the game is over" in error.message
    assert "no ply can follow it" in error.message
    # field 5 (White on the board, "3") of the FEN: after '[FEN "' (6 characters) and 33 of the value
    assert (error.line, error.column) == (2, 6 + 33 + 1)


def test_a_board_reads_the_fen_under_the_rulesets_count() -> None:
    board = Board.from_fen(FEN, LEAST4)
    assert board.position.to_move == "white" and board.outcome() is not None
    with pytest.raises(ValueError, match="middle of a turn"):
        Board.from_fen(FEN, "sanmill")
