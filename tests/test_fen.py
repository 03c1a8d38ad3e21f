"""Sanmill's FEN: writing, reading, round trips, located errors, records set up from a FEN.

The field layout is that of shared/reference/README.md: the board as inner,
middle and outer ring, each from the top middle point clockwise
(d5 e5 e4 e3 d3 c3 c4 c5 / d6 f6 f4 f2 d2 b2 b4 b6 / d7 g7 g4 g1 d1 a1 a4 a7).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muehle.analyzer.board import Position, mask_of
from muehle.analyzer.fen import (
    FEN_ORDER,
    counters_after,
    fen_of_record,
    fen_to_position,
    no_progress_at_setup,
    position_to_fen,
    start_fen,
    start_position,
)
from muehle.analyzer.generate import generate_games
from muehle.analyzer.record_setup import replay_record
from muehle.analyzer.replay import replay
from muehle.analyzer.rules import load_ruleset, parse_ruleset
from muehle.notation.errors import FormatError
from muehle.notation.model import POINTS, Game, Ply

START = "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1"
AFTER_FOUR = "********/O*@*O*@*/******** w p p 2 7 2 7 0 0 0 0 0 0 0 0 3"
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


def test_reference_example_after_four_placements_round_trips_exactly() -> None:
    assert position_to_fen(AFTER_FOUR_POSITION, fullmove=3) == AFTER_FOUR
    read = fen_to_position(AFTER_FOUR)
    assert read.position == AFTER_FOUR_POSITION
    assert read.fullmove == 3
    assert position_to_fen(read.position, no_progress=read.no_progress, fullmove=read.fullmove) == AFTER_FOUR


def test_reference_example_from_a_replayed_record() -> None:
    game = Game(plies=[Ply(1, "white", "d6"), Ply(1, "black", "f4"), Ply(2, "white", "d2"),
                       Ply(2, "black", "b4")])
    records = replay(game).records
    assert records[-1].after == AFTER_FOUR_POSITION
    assert fen_of_record(records, 4) == AFTER_FOUR
    assert fen_of_record(records, 0) == START



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
    assert position_to_fen(read.position, no_progress=3, fullmove=10) == fen


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
    read = fen_to_position(START + " c:w-0-|b-0- ids:nodes")
    assert read.position == Position.start()
    assert read.extensions == ("c:w-0-|b-0-", "ids:nodes")
    assert len(read.notes) == 2 and "ignored the extension field 'c:w-0-|b-0-'" in read.notes[0]


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
    assert fen_of_record([], 0, start_fen(alone)) == fen  # written back as it was read
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
)
def test_every_position_round_trips(owners, hand_white, hand_black, to_move, no_progress, fullmove) -> None:
    white = mask_of(p for p, o in zip(POINTS, owners) if o == "white")
    black = mask_of(p for p, o in zip(POINTS, owners) if o == "black")
    if hand_black if to_move == "white" else hand_white:
        no_progress = 0  # the side that played last still has a stone in hand: it placed
    position = Position(white, black, hand_white, hand_black, to_move)
    text = position_to_fen(position, no_progress=no_progress, fullmove=fullmove)
    read = fen_to_position(text)
    assert (read.position, read.no_progress, read.fullmove) == (position, no_progress, fullmove)
    assert position_to_fen(read.position, no_progress=read.no_progress, fullmove=read.fullmove) == text


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
        "********/OO*@O*@O/******** b p p 4 5 2 6 0 0 0 0 0 0 0 0 4")


@pytest.mark.parametrize("preset", ["sanmill", "wmd", "brettspielnetz"])
def test_a_game_resumed_from_its_fen_keeps_its_no_progress_count(preset: str) -> None:
    """Cut a game after ply k, write the FEN there and go on from it as a set-up record.

    Field 16 counts plies since the last placement or capture. Under sanmill's reset
    (placement-or-capture) the resumed counts are the game's own. Under ``capture``
    and ``mill`` they are at most the game's (lower bounds), and equal from the first
    reset after the cut on.
    """
    rules = load_ruleset(preset)
    exact = rules.no_capture.reset == "placement-or-capture"
    compared = 0
    for game in generate_games(rules, 11, 25):
        full = replay(game, rules)
        records = full.records
        for cut in range(0, len(records), 7):
            fen = fen_of_record(records, cut)
            rest = [Ply(ply.number, ply.side, ply.target, ply.origin, list(ply.captures))
                    for ply in full.plies[cut:len(records)]]
            resumed = replay_record(Game(tags={"SetUp": "1", "FEN": fen, "Rules": preset}, plies=rest))
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


def test_what_field_16_says_under_each_reset() -> None:
    """Field 16 is Sanmill's count of plies since the last placement or capture."""
    fen = fen_to_position("@*@*O*@*/**O***O*/*O*@*O*@ w m s 5 0 5 0 0 0 0 0 0 0 0 37 70")
    assert no_progress_at_setup(fen, "placement-or-capture") == (37, True)
    assert no_progress_at_setup(fen, "capture") == (37, False)
    assert no_progress_at_setup(fen, "mill") == (0, False)
