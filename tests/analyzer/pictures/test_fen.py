"""Sanmill's FEN: writing, reading, round trips, located errors, records set up from a FEN.

The field layout is that of shared/reference/README.md: the board as inner,
middle and outer ring, each from the top middle point clockwise
(d5 e5 e4 e3 d3 c3 c4 c5 / d6 f6 f4 f2 d2 b2 b4 b6 / d7 g7 g4 g1 d1 a1 a4 a7).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muehle.analyzer.engine.board import Position, mask_of
from muehle.analyzer.engine.fen import (
    FEN_FORMS,
    FEN_ORDER,
    counters_after,
    fen_of_record,
    fen_to_position,
    no_progress_at_setup,
    point_of_node,
    point_of_square,
    position_to_fen,
    start_fen,
    start_position,
)
from muehle.analyzer.engine.replay import replay
from muehle.analyzer.engine.rules import load_ruleset, parse_ruleset
from muehle.analyzer.engine.setup import replay_record
from muehle.analyzer.play.generate import generate_games
from muehle.notation.record.model import POINTS, Game, Ply
from muehle.notation.text.errors import FormatError
from runner import run

# The current form, written by default: fields 11-14 -1 (no mill), then ids:nodes after field 17.
START = "********/********/******** w p p 0 9 0 9 0 0 -1 -1 -1 -1 0 0 1 ids:nodes"
AFTER_FOUR = "********/O*@*O*@*/******** w p p 2 7 2 7 0 0 -1 -1 -1 -1 0 0 3 ids:nodes"
# The legacy form, written when asked for: fields 11-14 0 (no mill), no marker.
START_LEGACY = "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1"
AFTER_FOUR_LEGACY = "********/O*@*O*@*/******** w p p 2 7 2 7 0 0 0 0 0 0 0 0 3"
# White d6 and d2, Black f4 and b4, each with 7 in hand, White to move.
AFTER_FOUR_POSITION = Position(mask_of(["d6", "d2"]), mask_of(["f4", "b4"]), 7, 7, "white")


def test_order_is_each_ring_from_its_top_middle_point_clockwise() -> None:
    assert FEN_ORDER[:8] == ("d5", "e5", "e4", "e3", "d3", "c3", "c4", "c5")
    assert FEN_ORDER[8:16] == ("d6", "f6", "f4", "f2", "d2", "b2", "b4", "b6")
    assert FEN_ORDER[16:] == ("d7", "g7", "g4", "g1", "d1", "a1", "a4", "a7")
    assert sorted(FEN_ORDER) == sorted(POINTS)


def test_start_position_round_trips_exactly() -> None:
    assert position_to_fen(Position.start()) == START
    read = fen_to_position(START)
    assert read.position == Position.start()
    assert (read.phase, read.action, read.no_progress, read.fullmove) == ("p", "p", 0, 1)
    assert position_to_fen(read.position, no_progress=read.no_progress, fullmove=read.fullmove) == START
    legacy = fen_to_position(START_LEGACY)
    assert (legacy.position, legacy.form) == (Position.start(), "legacy")
    assert position_to_fen(legacy.position, no_progress=legacy.no_progress, fullmove=legacy.fullmove,
                           form="legacy") == START_LEGACY


def test_reference_example_after_four_placements_round_trips_exactly() -> None:
    assert position_to_fen(AFTER_FOUR_POSITION, fullmove=3) == AFTER_FOUR
    read = fen_to_position(AFTER_FOUR)
    assert read.position == AFTER_FOUR_POSITION
    assert read.fullmove == 3
    assert position_to_fen(read.position, no_progress=read.no_progress, fullmove=read.fullmove) == AFTER_FOUR
    legacy = fen_to_position(AFTER_FOUR_LEGACY)
    assert (legacy.position, legacy.fullmove) == (AFTER_FOUR_POSITION, 3)
    assert position_to_fen(legacy.position, no_progress=legacy.no_progress, fullmove=legacy.fullmove,
                           form="legacy") == AFTER_FOUR_LEGACY


def test_reference_example_from_a_replayed_record() -> None:
    game = Game(plies=[Ply(1, "white", "d6"), Ply(1, "black", "f4"), Ply(2, "white", "d2"),
                       Ply(2, "black", "b4")])
    records = replay(game).records
    assert records[-1].after == AFTER_FOUR_POSITION
    assert fen_of_record(records, 4) == AFTER_FOUR
    assert fen_of_record(records, 0) == START
    assert fen_of_record(records, 4, form="legacy") == AFTER_FOUR_LEGACY


@pytest.mark.parametrize("upto", [-1, 5, 999])
def test_a_ply_the_records_do_not_have_is_refused(upto: int) -> None:
    """-1 would be read as the last record, 5 and beyond are not there."""
    game = Game(plies=[Ply(1, "white", "d6"), Ply(1, "black", "f4"), Ply(2, "white", "d2"),
                       Ply(2, "black", "b4")])
    with pytest.raises(ValueError) as caught:
        fen_of_record(replay(game).records, upto)
    assert str(caught.value) == f"upto must be from 0 to 4 (the replayed plies), not {upto}"


def test_a_fen_written_by_sanmill_in_the_moving_phase_round_trips() -> None:
    # The board of the example in Sanmill's source: White 8 stones, Black 9, all placed,
    # Black to move at move 10, 3 plies since the last capture.
    fen = "@*O@O*O*/O*@@O@@@/O@O*@*O* b m s 8 0 9 0 0 0 0 0 0 0 0 3 10"
    read = fen_to_position(fen)
    assert read.position.white == mask_of(["e4", "d3", "c4", "d6", "d2", "d7", "g4", "a4"])
    assert read.position.black == mask_of(["d5", "e3", "f4", "f2", "b2", "b4", "b6", "g7", "d1"])
    assert read.position.to_move == "black"
    assert position_to_fen(read.position, no_progress=3, fullmove=10, form="legacy") == fen
    # by default in the current form: no mill as -1 in fields 11-14, and the marker
    assert position_to_fen(read.position, no_progress=3, fullmove=10) == (
        "@*O@O*O*/O*@@O@@@/O@O*@*O* b m s 8 0 9 0 0 0 -1 -1 -1 -1 0 3 10 ids:nodes")


def test_phase_and_action_written_for_each_situation() -> None:
    # Black still places its ninth stone while White has none left in hand.
    late = Position(mask_of(["a1", "a4", "d1", "g1", "g4", "b2", "b4", "d2", "f2"]),
                    mask_of(["a7", "d7", "g7", "b6", "d6", "f6", "c5", "d5"]), 0, 1, "black")
    assert position_to_fen(late).split()[1:4] == ["b", "p", "p"]
    white_to_move = Position(late.white, late.black, 0, 1, "white")
    assert position_to_fen(white_to_move).split()[2:4] == ["p", "s"]
    moving = Position(late.white, late.black | mask_of(["e5"]), 0, 0, "white")
    assert position_to_fen(moving).split()[2:4] == ["m", "s"]
    assert position_to_fen(moving, game_over=True).split()[2] == "o"


def test_extension_fields_are_accepted_ignored_and_noted() -> None:
    read = fen_to_position(START_LEGACY + " c:w-0-|b-0- ids:nodes")
    assert read.position == Position.start()
    assert read.extensions == ("c:w-0-|b-0-", "ids:nodes")
    # ids:nodes is not ignored: it makes fields 11-14 node ids, where 0 is d5 (no mill is -1)
    assert read.form == "current" and read.last_mill_points == ("d5", "d5", "d5", "d5")
    assert len(read.notes) == 1 and "ignored the extension field 'c:w-0-|b-0-'" in read.notes[0]


def test_a_count_is_accepted_when_only_the_side_to_move_has_stones_in_hand() -> None:
    # White, who played last, has none in hand: its last ply may have been a move
    # (a composed position), so the count of 4 stands.
    fen = "OOO*****/@@@*****/******** b p p 3 0 3 1 0 0 0 0 0 0 0 4 9"
    assert fen_to_position(fen).no_progress == 4
    # the mirror: White to move, so Black played last, with a stone still in hand
    with pytest.raises(FormatError, match="says 4, but Black, who played last, still has 1 stone in hand"):
        fen_to_position("OOO*****/@@@*****/******** w p s 3 0 3 1 0 0 0 0 0 0 0 4 9")


def test_a_fen_inside_a_turn_is_read_but_cannot_start_a_record() -> None:
    # White has just closed the mill a1-a4-a7 by placing and still has to remove a stone.
    fen = "********/********/*****OOO w p r 3 6 0 9 1 0 0 0 0 0 0 0 3"
    read = fen_to_position(fen)
    assert read.position.white == mask_of(["a1", "a4", "a7"])
    assert not read.between_turns
    game = Game(tags={"SetUp": "1", "FEN": fen}, source="mid.txt", line=4)
    with pytest.raises(FormatError, match="in the middle of a turn") as caught:
        start_position(game)
    assert (caught.value.source, caught.value.line) == ("mid.txt", 4)


def test_no_ply_can_follow_a_fen_whose_phase_says_the_game_is_over() -> None:
    """Phase o (game over; Sanmill writes it for a finished game): the position may stand
    alone, but a record cannot play on from it. The error points at the phase field."""
    fen = "O*OO****/O@*@O*OO/O*O*@@*@ w o s 9 0 5 0 0 0 0 0 0 0 0 3 16"  # live on the board
    alone = Game(tags={"SetUp": "1", "FEN": fen}, source="over.txt", line=1)
    assert start_fen(alone).phase == "o"
    assert fen_of_record([], 0, start_fen(alone), form="legacy") == fen  # written back as it was read
    assert fen_of_record([], 0, start_fen(alone)) == (
        "O*OO****/O@*@O*OO/O*O*@@*@ w o s 9 0 5 0 0 0 -1 -1 -1 -1 0 3 16 ids:nodes")  # by default, current
    played_on = Game(tags={"SetUp": "1", "FEN": fen}, plies=[Ply(16, "white", "d3", origin="d2")],
                     source="over.txt", line=1)
    with pytest.raises(FormatError) as caught:
        start_fen(played_on)
    error = caught.value
    assert error.message == ("in the FEN tag: its phase o says the game is over, so no ply can follow it (a "
                             "finished game's position stands alone)")
    column = len('[FEN "O*OO****/O@*@O*OO/O*O*@@*@ w ') + 1
    assert (error.line, error.column) == (1, column)


@given(
    owners=st.lists(st.sampled_from([None, "white", "black"]), min_size=24, max_size=24),
    hand_white=st.integers(0, 9),
    hand_black=st.integers(0, 9),
    to_move=st.sampled_from(["white", "black"]),
    no_progress=st.integers(0, 200),
    fullmove=st.integers(1, 500),
    form=st.sampled_from(FEN_FORMS),
)
def test_every_position_round_trips(owners, hand_white, hand_black, to_move, no_progress, fullmove, form) -> None:
    white = mask_of(p for p, o in zip(POINTS, owners) if o == "white")
    black = mask_of(p for p, o in zip(POINTS, owners) if o == "black")
    if hand_black if to_move == "white" else hand_white:
        no_progress = 0  # the side that played last still has a stone in hand: it placed
    position = Position(white, black, hand_white, hand_black, to_move)
    text = position_to_fen(position, no_progress=no_progress, fullmove=fullmove, form=form)
    read = fen_to_position(text)
    assert (read.position, read.no_progress, read.fullmove, read.form) == (position, no_progress, fullmove, form)
    assert read.last_mill_points == (None, None, None, None) and read.notes == ()
    assert position_to_fen(read.position, no_progress=read.no_progress, fullmove=read.fullmove, form=form) == text


def test_the_last_mills_are_0_or_square_numbers_8_to_31() -> None:
    fen = fen_to_position("********/********/******** w p p 0 9 0 9 0 0 8 31 0 24 0 0 1")
    assert fen.last_mills == (8, 31, 0, 24)


# Every error names the field, says what is wrong, and points at the column where it is.
@pytest.mark.parametrize(
    "fen, column, message",
    [
        ("", 1, "a Sanmill FEN has 17 fields separated by spaces; this one has nothing"),
        ("********/********/******** w p p 0 9 0 9", 41,
         "a Sanmill FEN has 17 fields separated by spaces; this one has only 8"),
        ("********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1", 1,
         "FEN field 1 (board): the board has 2 groups separated by '/'; it needs 3 (inner, middle, outer ring)"),
        ("********/*******/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1", 10,
         "FEN field 1 (board): the middle ring has 7 points, not 8"),
        ("********/*********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1", 10,
         "FEN field 1 (board): the middle ring has 9 points, not 8"),
        ("********/***W****/******** w p p 1 8 0 9 0 0 0 0 0 0 0 0 1", 13,
         "FEN field 1 (board): 'W' at f2 is not O (White), @ (Black) or * (empty)"),
        ("********/********/*****X** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1", 24,
         "FEN field 1 (board): X (a marked point, a1) belongs to other variants, not to Nine Men's Morris"),
        ("********/********/******** x p p 0 9 0 9 0 0 0 0 0 0 0 0 1", 28,
         "FEN field 2 (side to move): 'x' is neither 'w' (White) nor 'b' (Black)"),
        ("********/********/******** w q p 0 9 0 9 0 0 0 0 0 0 0 0 1", 30,
         "FEN field 3 (phase): 'q' is not one of r (ready), p (placing), m (moving), o (game over)"),
        ("********/********/******** w p z 0 9 0 9 0 0 0 0 0 0 0 0 1", 32,
         "FEN field 4 (action): 'z' is not one of p (place), s (select), r (remove)"),
        ("********/********/******** w p p 0 nine 0 9 0 0 0 0 0 0 0 0 1", 36,
         "FEN field 6 (White's stones in hand): 'nine' is not a whole number"),
        ("********/********/******** w p p 0 9 0 -9 0 0 0 0 0 0 0 0 1", 40,
         "FEN field 8 (Black's stones in hand): -9 is negative"),
        ("O*******/********/******** b p p 2 8 0 9 0 0 0 0 0 0 0 0 1", 34,
         "FEN field 5 (White's stones on the board): says White has 2 stones on the board, "
         "but the board shows 1"),
        ("********/********/@******* w p p 0 9 0 8 0 0 0 0 0 0 0 0 1", 38,
         "FEN field 7 (Black's stones on the board): says Black has 0 stones on the board, "
         "but the board shows 1"),
        ("********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 0", 58,
         "FEN field 17 (full-move number): the full-move number starts at 1"),
        # the last mills: Sanmill's square numbers of the points are 8 to 31 (0: none)
        ("********/********/******** w p p 0 9 0 9 0 0 7 0 0 0 0 0 1", 46,
         "FEN field 11 (White's last mill (from)): 7 is not a square: 0 (no mill) or one of Sanmill's "
         "square numbers of the points, 8 to 31"),
        ("********/********/******** w p p 0 9 0 9 0 0 8 32 0 0 0 0 1", 48,
         "FEN field 12 (White's last mill (to)): 32 is not a square: 0 (no mill) or one of Sanmill's "
         "square numbers of the points, 8 to 31"),
        ("********/********/******** w p p 0 9 0 9 0 0 0 0 1 0 0 0 1", 50,
         "FEN field 13 (Black's last mill (from)): 1 is not a square: 0 (no mill) or one of Sanmill's "
         "square numbers of the points, 8 to 31"),
        ("********/********/******** w p p 0 9 0 9 0 0 0 0 31 99 0 0 1", 53,
         "FEN field 14 (Black's last mill (to)): 99 is not a square: 0 (no mill) or one of Sanmill's "
         "square numbers of the points, 8 to 31"),
        ("********/********/******** w m s 0 9 0 9 0 0 0 0 0 0 0 0 1", 30,
         "FEN field 3 (phase): m (moving) while White still has 9 stones in hand"),
        ("OOO*****/@@@*****/******** w p p 3 0 3 1 0 0 0 0 0 0 0 0 9", 32,
         "FEN field 4 (action): p (place) but White, to move, has no stone in hand"),
        ("********/********/******** w p s 0 9 0 9 0 0 0 0 0 0 0 0 1", 32,
         "FEN field 4 (action): s (select a stone to move) but White, to move, still has 9 stones in hand"),
        ("********/********/******** w p r 0 9 0 9 0 0 0 0 0 0 0 0 1", 32,
         "FEN field 4 (action): r (remove) but White has no stone to remove (field 9 is 0)"),
        # a side with stones in hand only places: its last ply reset the count
        ("********/********/*****O** b p p 1 8 0 9 0 0 0 0 0 0 0 3 1", 56,
         "FEN field 16 (plies since the last placement or capture): says 3, but White, who played last, "
         "still has 8 stones in hand, so that ply was a placement and the count is 0"),
        ("********/********/*****OOO w p r 3 6 0 9 1 0 0 0 0 0 0 2 3", 56,
         "FEN field 16 (plies since the last placement or capture): says 2, but White, who played last, "
         "still has 6 stones in hand, so that ply was a placement and the count is 0"),
        ("********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1 extra", 60,
         "FEN field 18: 'extra' is neither one of the 17 fields nor an extension field (name:value)"),
        ("********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 " + "1" * 5000, 58,
         "FEN field 17 (full-move number): a number of 5000 digits is too long (at most 4000)"),
        ("********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 -" + "1" * 4001 + " 1", 56,
         "FEN field 16 (plies since the last placement or capture): a number of 4001 digits is too long "
         "(at most 4000)"),
    ],
)
def test_bad_fen_is_a_located_error(fen: str, column: int, message: str) -> None:
    with pytest.raises(FormatError) as caught:
        fen_to_position(fen, source="pos.fen", line=3)
    error = caught.value
    assert error.message == message
    assert (error.source, error.line, error.column) == ("pos.fen", 3, column)
    assert error.format().startswith(f"pos.fen:3:{column}: error: {message}")


def test_error_columns_count_from_where_the_fen_stands_in_its_line() -> None:
    line = '[FEN "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 0"]'
    with pytest.raises(FormatError) as caught:
        fen_to_position(line[6:-2], source="g.txt", line=2, column=7, line_text=line)
    assert caught.value.column == 7 + 57
    assert line[caught.value.column - 1] == "0"


def test_a_record_without_setup_starts_from_the_empty_board() -> None:
    assert start_position(Game()) is None
    assert start_position(Game(tags={"FEN": AFTER_FOUR})) is None
    assert start_position(Game(tags={"SetUp": "0", "FEN": AFTER_FOUR})) is None


def test_a_record_with_setup_starts_from_its_fen() -> None:
    game = Game(tags={"SetUp": "1", "FEN": AFTER_FOUR})
    assert start_position(game) == AFTER_FOUR_POSITION
    assert start_fen(game).fullmove == 3


@pytest.mark.parametrize(
    "tags, message",
    [
        ({"SetUp": "1"}, 'the record says [SetUp "1"] but has no FEN tag to start from'),
        ({"SetUp": "yes", "FEN": START}, 'the SetUp tag must be "1" (start from the FEN tag) or "0", not "yes"'),
        ({"SetUp": "1", "FEN": START.replace(" w ", " white ")},
         "in the FEN tag: FEN field 2 (side to move): 'white' is neither 'w' (White) nor 'b' (Black)"),
    ],
)
def test_bad_setup_is_a_located_error(tags: dict[str, str], message: str) -> None:
    game = Game(tags=tags, source="setup.txt", line=12)
    with pytest.raises(FormatError) as caught:
        start_position(game)
    assert caught.value.message == message
    assert (caught.value.source, caught.value.line) == ("setup.txt", 12)


@pytest.mark.parametrize("fen, column, message", [
    # ten White stones on the board: WMD 1.1, "Beide Spieler setzen abwechselungsweise je neun Steine"
    ("OOOOOOOO/OO******/******@@ w m s 10 0 2 0 0 0 0 0 0 0 0 0 30", 34,
     "FEN field 5 (White's stones on the board): White has 10 stones on the board and 0 in hand, "
     "10 in all; the rules give each side 9"),
    # three on the board and eight in hand: eleven
    ("OOO*****/********/*******@ w p p 3 8 1 8 0 0 0 0 0 0 0 0 5", 34,
     "FEN field 5 (White's stones on the board): White has 3 stones on the board and 8 in hand, "
     "11 in all; the rules give each side 9"),
    # White to move: both have placed as often; here Black two stones fewer than White
    ("********/****O***/*******@ w p p 1 3 1 8 0 0 0 0 0 0 0 0 2", 40,
     "FEN field 8 (Black's stones in hand): Black has 8 in hand and White 3, with White to move; "
     "the sides place in turn, White first, so Black must have as many as White"),
    # Black to move after White's eighth stone: Black has the one more, not as many
    ("OOOOOOOO/@@@@@@@*/******** b p p 8 1 7 1 0 0 0 0 0 0 0 0 8", 40,
     "FEN field 8 (Black's stones in hand): Black has 1 in hand and White 1, with Black to move; "
     "the sides place in turn, White first, so Black must have one more than White"),
])
def test_a_set_up_position_must_be_reachable_with_the_rules_stones(fen: str, column: int, message: str) -> None:
    """Under a ruleset of nine stones each; a record cannot start from these positions."""
    game = Game(tags={"SetUp": "1", "FEN": fen}, plies=[], source="s.txt", line=3)
    with pytest.raises(FormatError) as caught:
        replay_record(game, rules="wmd")
    assert caught.value.message == f"in the FEN tag: {message}"
    assert (caught.value.line, caught.value.column) == (3, 7 + column - 1)
    assert start_fen(game) is not None  # (the FEN alone, without the rules' stones, reads)


def test_stone_counts_are_judged_by_the_rules_of_the_record() -> None:
    """Ten White stones (nine on the board, one in hand): too many for nine stones each,
    possible with twelve (eleven placed by each side, two of White's and three of Black's taken)."""
    fen = "OOOOO***/OOOO****/@@@@@@@@ w p p 9 1 8 1 0 0 0 0 0 0 0 0 9"
    game = Game(tags={"SetUp": "1", "FEN": fen}, plies=[Ply(9, "white", "c4")])
    with pytest.raises(FormatError, match="White has 9 stones on the board and 1 in hand, 10 in all"):
        replay_record(game, rules="wmd")
    twelve = parse_ruleset("base: wmd\nstones: 12\n")
    assert replay_record(game, rules=twelve).errors == []


def test_counters_follow_sanmill_no_progress_and_full_moves() -> None:
    # Placements and captures reset the counter; moves without capture count up;
    # the full-move number grows after each turn of Black's.
    turns = [("white", True, 0), ("black", True, 0), ("white", False, 0), ("black", False, 0),
             ("white", False, 1), ("black", False, 0)]
    assert counters_after(turns) == (1, 4)
    assert counters_after(turns[:4]) == (2, 3)
    assert counters_after([], 5, 12) == (5, 12)


def test_a_record_set_up_from_a_fen_replays_from_there() -> None:
    # From the reference position (White d6 d2, Black f4 b4; White to move at move 3),
    # White places f6 and Black f2; then White closes b6-d6-f6 and captures f4.
    game = Game(tags={"SetUp": "1", "FEN": AFTER_FOUR},
                plies=[Ply(3, "white", "f6"), Ply(3, "black", "f2"), Ply(4, "white", "b6", captures=["f4"])])
    result = replay(game, start=start_position(game))
    assert result.errors == []
    assert result.records[-1].mills == [("b6", "d6", "f6")]
    assert result.records[-1].after == Position(
        mask_of(["d6", "d2", "f6", "b6"]), mask_of(["b4", "f2"]), 5, 6, "black")
    assert fen_of_record(result.records, 3, start_fen(game)) == (
        "********/OO*@O*@O/******** b p p 4 5 2 6 0 0 -1 -1 -1 -1 0 0 4 ids:nodes")


_SANMILL_READING_FIELD_16 = "base: sanmill\nno_capture: {limit: 100, reset: placement-or-capture, mode: automatic, before_capture: true}\n"


@pytest.mark.parametrize("preset", ["sanmill-field-16", "wmd", "brettspielnetz"])
def test_a_game_resumed_from_its_fen_keeps_its_no_progress_count(preset: str) -> None:
    """Cut a game after ply k, write the FEN there and go on from it as a set-up record.

    Field 16 counts plies since the last placement or capture. Under sanmill's reset
    (placement-or-capture), read from the FEN (``from_fen``), the resumed counts are the
    game's own. Under ``capture`` and ``mill`` they are at most the game's (lower bounds),
    and equal from the first reset after the cut on. (Sanmill's own engine does not read
    field 16: see test_sanmill_starts_a_set_up_count_at_0.)
    """
    rules = parse_ruleset(_SANMILL_READING_FIELD_16) if preset == "sanmill-field-16" else load_ruleset(preset)
    preset = "sanmill" if preset == "sanmill-field-16" else preset
    exact = rules.no_capture.reset == "placement-or-capture"
    compared = 0
    for game in generate_games(rules, 11, 25):
        full = replay(game, rules)
        records = full.records
        for cut in range(0, len(records), 7):
            fen = fen_of_record(records, cut)
            rest = [Ply(ply.number, ply.side, ply.target, ply.origin, list(ply.captures))
                    for ply in full.plies[cut:len(records)]]
            resumed = replay_record(Game(tags={"SetUp": "1", "FEN": fen, "Rules": preset}, plies=rest), rules)
            assert resumed.errors == [] and len(resumed.records) == len(records) - cut
            assert resumed.start_no_progress_exact == exact
            reset_seen = False
            for whole, part in zip(records[cut:], resumed.records):
                reset_seen = reset_seen or part.plies_without_capture < part.index + resumed.start_no_progress
                if exact or reset_seen:
                    assert part.plies_without_capture == whole.plies_without_capture
                else:
                    assert part.plies_without_capture <= whole.plies_without_capture
                compared += 1
            if exact:
                assert [(d.rule, d.ply + cut) for d in resumed.draw_rights if d.rule == "no-capture"] == [
                    (d.rule, d.ply) for d in full.draw_rights if d.rule == "no-capture" and d.ply > cut]
    assert compared > 500


def test_sanmill_starts_a_set_up_count_at_0() -> None:
    """Sanmill's engine clears its move history at ``position fen`` and never reads field 16 for the
    draw (EngineCommands::position): from a FEN saying 98, two moves draw nothing under ``sanmill``
    (the fixture n2-setup-counter: Sanmill plays on), where a ruleset reading field 16 draws."""
    game = Game(tags={"SetUp": "1", "FEN": "*@O@*O@O/@O@O@O@O/*@*O*@*O w m s 9 0 9 0 0 0 0 0 0 0 0 98 10"},
                plies=[Ply(10, "white", "a4", "a7"), Ply(10, "black", "g4", "g7"), Ply(11, "white", "d3", "c3")])
    sanmill = replay_record(game, "sanmill")
    assert sanmill.errors == [] and sanmill.outcome is None
    assert (sanmill.start_no_progress, sanmill.start_no_progress_exact) == (0, True)
    assert [record.plies_without_capture for record in sanmill.records] == [1, 2, 3]
    reading = replay_record(game, parse_ruleset(_SANMILL_READING_FIELD_16))
    assert reading.outcome is not None and (reading.outcome.reason, reading.outcome.ply) == ("no-capture", 2)
    assert reading.errors[0].code == "after-game-end"


def test_what_field_16_says_under_each_reset() -> None:
    """Field 16 is Sanmill's count of plies since the last placement or capture."""
    fen = fen_to_position("@*@*O*@*/**O***O*/*O*@*O*@ w m s 5 0 5 0 0 0 0 0 0 0 0 37 70")
    assert no_progress_at_setup(fen, "placement-or-capture") == (37, True)
    assert no_progress_at_setup(fen, "capture") == (37, False)
    assert no_progress_at_setup(fen, "mill") == (0, False)


# -- Sanmill's current form: ids:nodes ------------------------------------------------

# Sanmill's node table (crates/tgf-mill/src/topology.rs: node id, legacy square, label),
# copied by hand: the inner ring from d5, the middle from d6, the outer from d7, clockwise.
NODE_TABLE = [
    (0, 8, "d5"), (1, 9, "e5"), (2, 10, "e4"), (3, 11, "e3"), (4, 12, "d3"), (5, 13, "c3"), (6, 14, "c4"),
    (7, 15, "c5"), (8, 16, "d6"), (9, 17, "f6"), (10, 18, "f4"), (11, 19, "f2"), (12, 20, "d2"), (13, 21, "b2"),
    (14, 22, "b4"), (15, 23, "b6"), (16, 24, "d7"), (17, 25, "g7"), (18, 26, "g4"), (19, 27, "g1"),
    (20, 28, "d1"), (21, 29, "a1"), (22, 30, "a4"), (23, 31, "a7"),
]


@pytest.mark.parametrize("node, square, point", NODE_TABLE)
def test_node_ids_and_legacy_squares_name_the_same_points(node: int, square: int, point: str) -> None:
    assert point_of_node(node) == point_of_square(square) == point
    # a last mill given either way reads as the same point
    legacy = fen_to_position(f"********/********/******** w p p 0 9 0 9 0 0 {square} 0 0 {square} 0 0 1")
    current = fen_to_position(f"********/********/******** w p p 0 9 0 9 0 0 {node} -1 -1 {node} 0 0 1 ids:nodes")
    assert legacy.last_mill_points == current.last_mill_points == (point, None, None, point)
    assert (legacy.form, current.form) == ("legacy", "current")


def test_the_node_table_covers_the_board_once() -> None:
    assert sorted(point for _, _, point in NODE_TABLE) == sorted(POINTS)
    assert [point for _, _, point in NODE_TABLE] == list(FEN_ORDER)


def test_the_current_form_is_what_sanmill_writes_today() -> None:
    # Sanmill's set-up editor writes '... $removeWhite $removeBlack -1 -1 -1 -1 0 0 1 ids:nodes'
    # (mill_setup_position_controller.dart); the start of a game so:
    start = "********/********/******** w p p 0 9 0 9 0 0 -1 -1 -1 -1 0 0 1 ids:nodes"
    assert position_to_fen(Position.start(), form="current") == position_to_fen(Position.start()) == start
    read = fen_to_position(start)
    assert (read.position, read.form, read.notes, read.last_mills) == (Position.start(), "current", (), (-1,) * 4)
    # the reference example after 1. d6 f4 2. d2 b4, in both forms
    assert position_to_fen(AFTER_FOUR_POSITION, fullmove=3, form="current") == \
        "********/O*@*O*@*/******** w p p 2 7 2 7 0 0 -1 -1 -1 -1 0 0 3 ids:nodes"
    assert position_to_fen(AFTER_FOUR_POSITION, fullmove=3, form="legacy") == AFTER_FOUR_LEGACY
    # Sanmill compares the marker without regard to case, wherever it stands among the extensions
    assert fen_to_position(START_LEGACY.replace(" 0 0 0 0 0 0 1", " -1 -1 -1 -1 0 0 1") + " p:30 IDS:NODES").form == "current"


def test_an_unknown_form_is_refused() -> None:
    with pytest.raises(ValueError, match="the form of a FEN is 'current' or 'legacy', not 'new'"):
        position_to_fen(Position.start(), form="new")


def test_a_current_fen_with_other_extensions_is_read_with_a_note_for_each() -> None:
    # Black's last mill was formed by the move f4 (node 10) to f6 (node 9); the mills used hold
    # Black's f6 (bit 9) in the lower half of field 15 and White's d5 (bit 0) in the upper.
    fen = ("********/*@@*****/O******* w m s 1 0 2 0 0 0 -1 -1 10 9 " + str(1 << 32 | 1 << 9)
           + " 4 20 ids:nodes p:9 s:1")
    read = fen_to_position(fen)
    assert read.last_mill_points == (None, None, "f4", "f6")
    assert read.extensions == ("ids:nodes", "p:9", "s:1")
    assert read.notes == (
        "ignored the extension field 'p:9' (other variants use it for a stone preferred for removal)",
        "ignored the extension field 's:1' (other variants use it for removals after a stalemate)",
    )


@pytest.mark.parametrize("fen, column, message", [
    # -1 (no mill) without the marker: what every current FEN looked like to a legacy reader
    ("********/********/******** w p p 0 9 0 9 0 0 -1 -1 -1 -1 0 0 1", 46,
     "FEN field 11 (White's last mill (from)): -1 (no mill) is a node id, which the current form marks with "
     "the extension field ids:nodes after field 17; without it, fields 11 to 14 hold the legacy square "
     "numbers: 0 (no mill) or 8 to 31"),
    ("********/********/******** w p p 0 9 0 9 0 0 -1 -1 -1 24 0 0 1 ids:nodes", 55,
     "FEN field 14 (Black's last mill (to)): 24 is not a node id: -1 (no mill) or 0 to 23, the points in "
     "the order of field 1 (the FEN says ids:nodes)"),
    ("********/********/******** w p p 0 9 0 9 0 0 -2 -1 -1 -1 0 0 1 ids:nodes", 46,
     "FEN field 11 (White's last mill (from)): -2 is not a node id: -1 (no mill) or 0 to 23, the points in "
     "the order of field 1 (the FEN says ids:nodes)"),
    ("********/********/******** w p p 0 9 0 9 0 0 0 0 0 -3 0 0 1", 52,
     "FEN field 14 (Black's last mill (to)): -3 is not a square: 0 (no mill) or one of Sanmill's square "
     "numbers of the points, 8 to 31"),
    # field 15 in node ids: each half of the mask has 24 bits
    ("********/********/******** w p p 0 9 0 9 0 0 -1 -1 -1 -1 16777216 0 1 ids:nodes", 58,
     "FEN field 15 (mills already used): 16777216 has bits beyond the 24 points: with ids:nodes each half of "
     "the mask (White's the upper 32 bits, Black's the lower) uses bits 0 to 23 only"),
    ("********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 18446744073709551616 0 1", 54,
     "FEN field 15 (mills already used): 18446744073709551616 does not fit in the 64 bits of the mask"),
    # ? (no action) is what Sanmill writes for a finished game only
    ("********/********/******** w p ? 0 9 0 9 0 0 0 0 0 0 0 0 1", 32,
     "FEN field 4 (action): ? (no action) stands only in a finished game (phase o), not with phase p"),
])
def test_bad_node_ids_are_located_errors(fen: str, column: int, message: str) -> None:
    with pytest.raises(FormatError) as caught:
        fen_to_position(fen, source="pos.fen", line=1)
    assert (caught.value.message, caught.value.column) == (message, column)


def test_a_current_fen_tag_starts_a_record() -> None:
    """Refused before as '-1 is negative': the FEN Sanmill puts into the tag of a set-up record today."""
    game = Game(tags={"SetUp": "1", "FEN": "********/O*@*O*@*/******** w p p 2 7 2 7 0 0 -1 -1 -1 -1 0 0 3 ids:nodes"},
                plies=[Ply(3, "white", "f6")])
    result = replay_record(game)
    assert result.errors == [] and result.records[0].after.in_hand_white == 6
    assert fen_of_record(result.records, 1, start_fen(game), form="current") == \
        "********/OO@*O*@*/******** b p p 3 6 2 7 0 0 -1 -1 -1 -1 0 0 3 ids:nodes"  # f6 is the 2nd point


def test_the_empty_board_has_the_rulesets_stones() -> None:
    assert fen_of_record([], 0, stones=12) == \
        "********/********/******** w p p 0 12 0 12 0 0 -1 -1 -1 -1 0 0 1 ids:nodes"
    assert fen_of_record([], 0, stones=12, form="legacy") == "********/********/******** w p p 0 12 0 12 0 0 0 0 0 0 0 0 1"
    assert fen_of_record([], 0, stones=10, form="current") == \
        "********/********/******** w p p 0 10 0 10 0 0 -1 -1 -1 -1 0 0 1 ids:nodes"


# -- finished games -------------------------------------------------------------------

# examples/setup-position.txt ends with 21. g4-g7/xe4, after which Black has a1 g1 only.
# muehle writes that position with Black to move, nothing to remove, phase o, at move 21
# (in the current form: no mill, -1, in fields 11-14):
MUEHLE_FINAL = "*****O**/****OO**/OO*@*@*O b o s 6 0 2 0 0 0 -1 -1 -1 -1 0 0 21 ids:nodes"
# Sanmill's old engine ends the game inside remove_piece, before it runs the capture count
# down and passes the turn (position.cpp: set_gameover, return): White, the winner, stays
# to move with the action r and one stone "to remove"; its ply counter has counted the
# capture as a ply of its own, so field 17 says 22.
SANMILL_LEGACY_FINAL = "*****O**/****OO**/OO*@*@*O w o r 6 0 2 0 1 0 0 0 0 0 0 0 22"
# Its Rust engine runs the count down, ends the game (side to move -1, written as w) and
# leaves the action of the capture (legal_apply.rs, rules_setup.rs export_fen).
SANMILL_CURRENT_FINAL = "*****O**/****OO**/OO*@*@*O w o r 6 0 2 0 0 0 -1 -1 -1 -1 0 0 22 ids:nodes"
# The moving phase with the capture still counted, which Sanmill's reader takes as over
# (check_if_game_is_over: a side below three stones in the moving phase has lost).
SANMILL_MOVING_FINAL = "*****O**/****OO**/OO*@*@*O w m r 6 0 2 0 1 0 -1 -1 -1 -1 0 0 22 ids:nodes"


@pytest.mark.parametrize("fen", [SANMILL_LEGACY_FINAL, SANMILL_CURRENT_FINAL, SANMILL_MOVING_FINAL])
def test_a_game_over_fen_after_the_winning_capture_is_the_final_position(fen: str) -> None:
    read = fen_to_position(fen, stones=9)
    assert read.finished and read.between_turns
    final = replay_record(Game(tags={"SetUp": "1", "FEN": "*@***O**/****OO**/O*O@*@*O b m s 6 0 3 0 0 0 0 0 0 0 0 2 "
                                     "20"}, plies=[Ply(20, "black", "e4", "e5"),
                                                   Ply(21, "white", "g7", "g4", captures=["e4"])]))
    assert read.position == final.records[-1].after  # Black to move, as after the replay
    assert read.notes == ("the FEN shows a finished game: Black has fewer than three stones after White's "
                          "capture, which Sanmill still counts as to come; read as the position after it, "
                          "Black to move",)
    # written back as muehle writes the end of the game, with Sanmill's move number
    assert fen_of_record([], 0, read) == MUEHLE_FINAL.replace(" 21", " 22")
    # a record of it alone: the game is won by White at the start
    alone = replay_record(Game(tags={"SetUp": "1", "FEN": fen}, result="1-0"))
    assert alone.errors == []
    assert (alone.outcome.winner, alone.outcome.reason, alone.outcome.ply) == ("white", "fewer-than-three", 0)
    wrong = replay_record(Game(tags={"SetUp": "1", "FEN": fen}, result="0-1"))
    assert [error.code for error in wrong.errors] == ["result-mismatch"]


def test_no_ply_can_follow_a_game_over_fen_with_a_capture_still_counted() -> None:
    fen = SANMILL_MOVING_FINAL
    game = Game(tags={"SetUp": "1", "FEN": fen}, plies=[Ply(22, "black", "d1", "a1")], source="end.txt", line=2)
    with pytest.raises(FormatError) as caught:
        start_fen(game)
    assert caught.value.message == (
        "in the FEN tag: Black has fewer than three stones: the game is over (the stone still to remove "
        "counts for nothing), so no ply can follow it (a finished game's position stands alone)")
    # at field 7, Black's stones on the board
    assert (caught.value.line, caught.value.column) == (2, len('[FEN "*****O**/****OO**/OO*@*@*O w m r 6 0 ') + 1)


def test_the_loser_to_move_stays_to_move() -> None:
    """Sanmill's Rust engine writes w for any finished game: after Black's winning capture White,
    the loser, is to move, as muehle has it."""
    fen = "O*****O*/********/@@@@@*** w o r 2 0 5 0 0 0 -1 -1 -1 -1 0 0 30 ids:nodes"
    read = fen_to_position(fen, stones=9)
    assert read.finished and read.position.to_move == "white" and read.notes == ()
    result = replay_record(Game(tags={"SetUp": "1", "FEN": fen}))
    assert (result.outcome.winner, result.outcome.reason) == ("black", "fewer-than-three")


@pytest.mark.parametrize("fen", [
    "O*OO****/O@*@O*OO/O*O*@@*@ w o s 9 0 5 0 1 0 0 0 0 0 0 0 16",  # a capture still counted
    "O*OO****/O@*@O*OO/O*O*@@*@ w o r 9 0 5 0 1 0 0 0 0 0 0 0 16",  # and the action of it
    "O*OO****/O@*@O*OO/O*O*@@*@ w o ? 9 0 5 0 0 0 -1 -1 -1 -1 0 0 16 ids:nodes",  # no action
])
def test_phase_o_is_a_finished_game_whatever_is_still_to_do(fen: str) -> None:
    """Live on the board (White 9, Black 5, White can move): phase o alone says the game is over
    (resigned, drawn, lost on time: a FEN has no result), and nothing in it is left to do."""
    read = fen_to_position(fen, stones=9)
    assert read.finished and read.between_turns and read.position.to_move == "white"
    assert fen_of_record([], 0, read) == "O*OO****/O@*@O*OO/O*O*@@*@ w o s 9 0 5 0 0 0 -1 -1 -1 -1 0 0 16 ids:nodes"
    for result in ("1-0", "0-1", "1/2-1/2", "*"):  # the record's result stands
        replay = replay_record(Game(tags={"SetUp": "1", "FEN": fen}, result=result))
        assert replay.errors == []
    with pytest.raises(FormatError, match="its phase o says the game is over, so no ply can follow it"):
        start_fen(Game(tags={"SetUp": "1", "FEN": fen}, plies=[Ply(16, "white", "d3", "d2")]))


def test_a_capture_still_to_come_in_a_live_game_is_the_middle_of_a_turn() -> None:
    fen = "O*OO****/O@*@O*OO/O*O*@@*@ w m r 9 0 5 0 1 0 0 0 0 0 0 0 16"
    read = fen_to_position(fen)
    assert not read.finished and not read.between_turns
    with pytest.raises(FormatError, match=r"in the middle of a turn \(White still has to remove a stone\)"):
        start_fen(Game(tags={"SetUp": "1", "FEN": fen}))
    # the count of the side not to move (other variants' removals by both sides)
    with pytest.raises(FormatError, match=r"in the middle of a turn \(Black still has to remove a stone\)"):
        start_fen(Game(tags={"SetUp": "1", "FEN": fen.replace("m r 9 0 5 0 1 0", "m s 9 0 5 0 0 1")}))


def test_a_set_up_where_both_sides_have_fewer_than_three_is_a_draw(tmp_path: Path) -> None:
    # the leaflet (004): "Sollten beide Spieler jeweils maximal noch zwei Spielsteine besitzen,
    # endet das Spiel unentschieden"; White on d5 and e4, Black on d6 and f4
    fen = "O*O*****/@*@*****/******** w m s 2 0 2 0 0 0 0 0 0 0 0 0 30"
    read = fen_to_position(fen, stones=9)  # (before, refused: "so both cannot")
    assert (read.position.on_board("white"), read.position.on_board("black"), read.finished) == (2, 2, False)

    def judged(result: str, movetext: str = "") -> dict:
        path = tmp_path / "both.txt"
        path.write_text(f'[SetUp "1"]\n[FEN "{fen}"]\n[Result "{result}"]\n\n{movetext}{result}\n', encoding="utf-8")
        return json.loads(run("validate", "--format", "json", str(path)).stdout)[0]

    drawn = judged("1/2-1/2")
    assert drawn["valid"] and drawn["outcome"] == {"winner": None, "reason": "fewer-than-three", "ply": 0}
    lost = judged("0-1")  # (no side has won)
    assert [error["code"] for error in lost["errors"]] == ["result-mismatch"]
    played_on = judged("1/2-1/2", "30. d5-c5 ")
    assert [error["code"] for error in played_on["errors"]] == ["after-game-end"]


@pytest.mark.parametrize("fen", [SANMILL_LEGACY_FINAL, SANMILL_CURRENT_FINAL, SANMILL_MOVING_FINAL])
def test_validate_judges_a_game_over_fen_as_the_win_it_shows(tmp_path: Path, fen: str) -> None:
    def judged(result: str, movetext: str = "") -> dict:
        path = tmp_path / "end.txt"
        path.write_text(f'[SetUp "1"]\n[FEN "{fen}"]\n[Result "{result}"]\n\n{movetext}{result}\n', encoding="utf-8")
        return json.loads(run("validate", "--format", "json", str(path)).stdout)[0]

    won = judged("1-0")
    assert won["valid"] and won["outcome"] == {"winner": "white", "reason": "fewer-than-three", "ply": 0}
    lost = judged("0-1")
    assert not lost["valid"] and [error["code"] for error in lost["errors"]] == ["result-mismatch"]
    played_on = judged("1-0", "22... a1-a4 ")
    assert [error["code"] for error in played_on["errors"]] == ["setup"]
    assert "so no ply can follow it" in played_on["errors"][0]["message"]


# Sanmill's FEN of a 12-stone game whose 24th placement (Black's) filled the board without a
# mill: Position::put_piece ends the game (BoardFullAction firstPlayerLose, Black wins) before
# the side changes, so Black, the winner, is still to move, action p (games/stones12 of
# Sanmill v7.4.6's self-play; the engine's verdict: Black wins).
SANMILL_FULL_BOARD = "O@@OO@@O/O@O@O@O@/@O@O@@OO b o p 12 0 12 0 0 0 0 0 0 0 0 0 12"


def test_the_full_board_fen_is_blacks_win() -> None:
    read = fen_to_position(SANMILL_FULL_BOARD, stones=12)
    assert read.finished and read.position.to_move == "white"  # (the position after the placement)
    assert read.notes == ("the FEN shows a finished game: Black's placement filled the board, which Sanmill "
                          "writes with Black still to move; read as the position after it, White to move "
                          "(and unable to)",)
    rules = parse_ruleset("base: sanmill\nstones: 12\n")
    won = replay_record(Game(tags={"SetUp": "1", "FEN": SANMILL_FULL_BOARD}, result="0-1"), rules)
    assert won.errors == [] and (won.outcome.winner, won.outcome.reason, won.outcome.ply) == ("black", "blocked", 0)
    lost = replay_record(Game(tags={"SetUp": "1", "FEN": SANMILL_FULL_BOARD}, result="1-0"), rules)
    assert [error.code for error in lost.errors] == ["result-mismatch"]
    # a full board even under blocked: draw is the placer's win (BoardFullAction, not StalemateAction)
    drawn_rules = parse_ruleset("base: sanmill\nstones: 12\nblocked: draw\n")
    assert replay_record(Game(tags={"SetUp": "1", "FEN": SANMILL_FULL_BOARD}), drawn_rules).outcome.winner == "black"
    # muehle's own FEN of that end (White to move, blocked, action s) reads the same
    assert fen_to_position(SANMILL_FULL_BOARD.replace(" b o p ", " w o s "), stones=12).position == read.position


def test_the_placement_that_fills_the_board_wins_even_where_a_blocked_side_draws() -> None:
    """The same end reached by the placement itself: Black's last stone on a1 fills the board
    (no mill), and White, to move, cannot: Black wins under blocked: draw too (Sanmill's
    BoardFullAction, not its StalemateAction)."""
    full = fen_to_position(SANMILL_FULL_BOARD, stones=12).position
    before = Position(full.white, full.black & ~mask_of(["a1"]), 0, 1, "black")
    for blocked, winner in (("loss", "black"), ("draw", "black")):
        rules = parse_ruleset(f"base: sanmill\nstones: 12\nblocked: {blocked}\n")
        result = replay(Game(plies=[Ply(12, "black", "a1")]), rules, start=before)
        assert result.errors == [] and (result.outcome.winner, result.outcome.reason, result.outcome.ply) == (
            winner, "blocked", 1)
