"""``mill_while_placing: from-hand`` (Sanmill's MillFormationActionInPlacingPhase 1,
removeOpponentsPieceFromHandThenOpponentsTurn; Dooz): a mill closed by a placement takes a stone
from the opponent's hand, nothing written, and the turn passes; only when that hand is empty is a
stone captured on the board. Every record below was replayed by Sanmill v7.4.6's own ``Position``
(the referee, /work/tools/referee, with ``MillFormationActionInPlacingPhase 1`` and the other
options at their defaults, the rules of the preset sanmill) and the facts asserted are the ones
it printed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from muehle.analyzer.engine.board import mask_of
from muehle.analyzer.engine.position import Board
from muehle.analyzer.engine.replay import replay
from muehle.analyzer.engine.rules import load_ruleset, parse_ruleset
from muehle.analyzer.engine.setup import replay_record
from muehle.notation.reading.parser import read_file
from muehle.notation.record.model import Game, Ply
from muehle.notation.text.errors import FormatError
from muehle.notation.text.i18n import language
from written_plies import plies_of

FROM_HAND = parse_ruleset("base: sanmill\nmill_while_placing: from-hand\n", default_name="from-hand")
SANMILL = load_ruleset("sanmill")

#: White's g1 closes a1-d1-g1: Black's hand goes from 7 to 6, and Black places next (referee:
#: "b p p 3 6 2 6", Black to place, no removal).
MILL = ["a1", "d6", "d1", "d5", "g1"]
#: Placing to its end after it: the hands are equal after each White ply, so White's ninth
#: placement ends placing and Black moves first (referee: phase moving, Black to move, "9 0 8 0").
TO_THE_END = MILL + ["f2", "b4", "e4", "c3", "a4", "e5", "g4", "b6", "d3", "g7", "c5", "f6"]
#: Black's d7 closes d5-d6-d7 and takes White's stone in hand; White's hand runs out first, and
#: White moves g4-g7 while Black still has one stone in hand (referee: phase moving, White's
#: moves listed); Black's last placement e5 closes c5-d5-e5 with White's hand empty: a removal
#: from the board (referee: action remove, "xe3,xa7,xa1,xg7,xb2,xf6,xc4,xd1").
HAND_RUNS_OUT = ["a1", "d5", "a7", "d6", "g4", "d7", "b2", "a4", "f6", "c5", "c4", "e4", "e3", "f2", "d1", "d3",
                 "g4-g7", "e5/xb2"]


def _plies(texts: list[str]) -> list[Ply]:
    return plies_of(texts)


def _replayed(texts: list[str], rules=FROM_HAND):
    return replay(Game(plies=_plies(texts)), rules)


def test_a_mill_while_placing_takes_a_stone_from_the_opponents_hand() -> None:
    played = _replayed(MILL)
    assert played.errors == []
    last = played.records[-1]
    assert last.mills == [("a1", "d1", "g1")] and last.captures == [] and last.captures_due == 0
    after = last.after
    assert (after.in_hand_white, after.in_hand_black, after.to_move) == (6, 6, "black")
    assert after.black == mask_of(["d5", "d6"])
    # the rules of the preset sanmill want the capture on the board
    assert [(error.code, error.ply) for error in _replayed(MILL, SANMILL).errors] == [("missing-capture", 5)]


def test_a_capture_written_with_it_is_one_too_many() -> None:
    refused = _replayed(MILL[:-1] + ["g1/xd6"])
    assert [(error.code, error.ply) for error in refused.errors] == [("extra-capture", 5)]
    assert "from Black's stones in hand" in refused.errors[0].message
    with language("de"):
        assert "aus den Steinen, die Schwarz noch in der Hand hat" in _replayed(MILL[:-1] + ["g1/xd6"]).errors[0].message


def test_each_mill_takes_one_more_stone_from_the_hand() -> None:
    """a1-a4-a7 closed by a7: Black has placed four and lost two from its hand, 3 left of 9 (referee:
    "5 3 4 3", White 5 on the board and 3 in hand, Black 4 and 3)."""
    after = _replayed(MILL + ["d7", "a4", "b6", "a7"]).records[-1].after
    assert (after.in_hand_white, after.in_hand_black, after.black.bit_count()) == (3, 3, 4)


def test_placing_ends_with_whites_placement_and_black_moves_first() -> None:
    played = _replayed(TO_THE_END + ["d6-d7"])
    assert played.errors == []
    end = played.records[len(TO_THE_END) - 1].after
    assert (end.in_hand_white, end.in_hand_black, end.to_move) == (0, 0, "black")
    assert played.records[-1].kind == "move" and played.records[-1].side == "black"
    assert [(error.code, error.ply) for error in _replayed(TO_THE_END + ["f6-f4"]).errors] == [("not-own-stone", 18)]


def test_when_the_opponents_hand_is_empty_the_capture_is_from_the_board() -> None:
    played = _replayed(HAND_RUNS_OUT)
    assert played.errors == []
    move, last = played.records[-2], played.records[-1]
    assert (move.kind, move.before.in_hand_white, move.before.in_hand_black) == ("move", 0, 1)
    assert last.captures == ["b2"] and last.captures_due == 1
    assert (last.after.in_hand_white, last.after.in_hand_black, last.after.white & mask_of(["b2"])) == (0, 0, 0)
    missing = _replayed(HAND_RUNS_OUT[:-1] + ["e5"])
    assert [(error.code, error.ply) for error in missing.errors] == [("missing-capture", 18)]


def test_the_board_offers_no_capture_for_a_mill_that_takes_from_the_hand() -> None:
    board = Board(FROM_HAND)
    for ply in _plies(MILL[:-1]):
        board.push(ply)
    assert [ply for ply in board.legal_plies() if ply.target == "g1"] == [("g1", None, ())]
    board.push("g1")
    assert board.position.in_hand_black == 6


def test_a_fen_with_the_hands_apart_is_read_under_from_hand_only() -> None:
    """The referee's FEN after the first mill's hand capture and a7's: White 3 in hand, Black 3,
    Black to move (the sides place in turn otherwise: Black would have one more)."""
    fen = "@*******/@******@/@**OOOOO b p p 5 3 4 3 0 0 0 0 0 0 0 0 5"
    board = Board.from_fen(fen, FROM_HAND)
    assert (board.position.in_hand_white, board.position.in_hand_black) == (3, 3)
    with pytest.raises(FormatError, match="the sides place in turn"):
        Board.from_fen(fen, SANMILL)


def test_taking_from_the_hand_goes_only_with_placements() -> None:
    with pytest.raises(FormatError, match="mill_while_placing: from-hand goes only with placements"):
        parse_ruleset("base: lasker_morris\nmill_while_placing: from-hand\n")


def test_dooz_games_take_from_the_hand() -> None:
    """Sanmill's own Dooz games (tests/data/sanmill-variants, judged as Sanmill did by the preset
    dooz): most close mills while placing without a capture written, which the rules of capturing
    on the board refuse (missing-capture); with from-hand they are legal."""
    data = Path(__file__).resolve().parents[2] / "data" / "sanmill-variants" / "dooz.pgn"
    dooz = load_ruleset("dooz")
    on_the_board = replace(dooz, mill_while_placing="capture")
    refused = 0
    for game in read_file(data):
        assert replay_record(game, dooz).errors == []
        errors = replay_record(game, on_the_board).errors
        refused += bool(errors) and errors[0].code == "missing-capture"
    assert refused >= 20
