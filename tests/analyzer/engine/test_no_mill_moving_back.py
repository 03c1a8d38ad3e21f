"""``no_mill_moving_back`` (Sanmill's RestrictRepeatedMillsFormation, Morabaraba): a stone that closed
a mill by a move may not, with its side's next ply, move straight back to the point it came from to
close a mill again (src/position.cpp 1065-1071 and 1569-1582; src/movegen.cpp 35-36, 44, 63).
The expected answers are Sanmill's: each record was replayed by its engine (the referee of
tests/data/sanmill-variants) under RestrictRepeatedMillsFormation, the other options at their
defaults (the nine-stone board: the rule needs no diagonals)."""

from __future__ import annotations

import pytest

from muehle.analyzer.engine.board import mask_of
from muehle.analyzer.engine.mill_rules import MillMemory
from muehle.analyzer.engine.position import Board
from muehle.analyzer.engine.rules import load_ruleset, parse_ruleset
from muehle.analyzer.engine.setup import replay_record
from muehle.notation.reading.parser import read_games
from muehle.notation.text.errors import FormatError
from muehle.notation.text.i18n import language

RESTRICTED = parse_ruleset("base: sanmill\nno_mill_moving_back: true\n", default_name="restricted")
SANMILL = load_ruleset("sanmill")

#: White's a7-d7 closes d5-d6-d7 (capturing b6) and leaves a1 and a4 on a1-a4-a7; after Black's
#: g4-g7, d7-a7 would close a1-a4-a7 again. Sanmill's referee: White's legal moves then are c5-c4,
#: a1-d1, g1-d1, g1-g4, a4-a7, d2-d3, d2-d1, d2-b2, f4-e4, f4-g4, d6-b6 (no d7-a7); without the
#: option d7-a7 is among them.
PLACING = "1. a1 b4 2. a4 c4 3. a7xc4 f2 4. d5 f6 5. d6 e3 6. g1 e5 7. d2 g4 8. f4 c3 9. c5 b6 "
CLOSED = PLACING + "10. a7-d7xb6 g4-g7"
#: The referee's FEN after CLOSED: fields 11 and 12 give White's last mill, from a7 (31) to d7 (24).
AFTER_CLOSED = "O@*@*@*O/O@O@O*@*/O@*O*OO* w m s 9 0 7 0 0 0 31 24 0 0 0 1 12"
REFEREE_MOVES = {("c4", "c5"), ("d1", "a1"), ("d1", "g1"), ("g4", "g1"), ("a7", "a4"), ("d3", "d2"), ("d1", "d2"),
                 ("b2", "d2"), ("e4", "f4"), ("g4", "f4"), ("b6", "d6")}


def _game(movetext: str, tags: str = "") -> object:
    (game,) = read_games(f"{tags}\n{movetext}\n")
    return game


def test_the_stone_may_not_go_straight_back_to_close_the_mill_again() -> None:
    result = replay_record(_game(CLOSED + " 11. d7-a7xe3"), RESTRICTED)
    assert [(error.code, error.ply) for error in result.errors] == [("mill-moving-back", 21)]
    assert result.errors[0].message == (
        "11. d7-a7/xe3: the stone on d7 closed a mill with White's last move, coming from a7; under the rules "
        "restricted it may not close the mill a1-a4-a7 by moving straight back")
    assert replay_record(_game(CLOSED + " 11. d7-a7xe3"), SANMILL).errors == []


def test_the_message_in_german() -> None:
    with language("de"):
        message = replay_record(_game(CLOSED + " 11. d7-a7xe3"), RESTRICTED).errors[0].message
    assert "darf er die Mühle a1-a4-a7 nicht schließen, indem er geradewegs zurückzieht" in message


def test_after_another_ply_of_its_side_the_stone_may_go_back() -> None:
    """Sanmill clears the last mill with the side's next move (f4-e4): then d7-a7 closes the mill
    and captures (the referee: White to remove after it)."""
    result = replay_record(_game(CLOSED + " 11. f4-e4 g7-g4 12. d7-a7xe3"), RESTRICTED)
    assert result.errors == [] and result.records[-1].captures == ["e3"]


def test_the_board_does_not_offer_the_move_back() -> None:
    board = Board(RESTRICTED)
    for ply in replay_record(_game(CLOSED), RESTRICTED).plies:
        board.push(ply)
    moves = {(target, origin) for target, origin, _captures in board.legal_plies()}
    assert moves == REFEREE_MOVES
    assert not board.is_legal("d7-a7/xe3")
    # (fields 1 to 16 as the referee wrote them; Sanmill's field 17 counts its removals as plies too)
    assert board.fen(form="legacy").split()[:16] == AFTER_CLOSED.split()[:16]
    sanmill = Board(SANMILL, fen=AFTER_CLOSED)
    assert {(target, origin) for target, origin, _captures in sanmill.legal_plies()} == REFEREE_MOVES | {("a7", "d7")}


def test_fields_11_to_14_of_a_set_up_position_say_which_move_back_is_refused() -> None:
    tags = f'[SetUp "1"]\n[FEN "{AFTER_CLOSED}"]'
    assert [error.code for error in replay_record(_game("12. d7-a7xe3", tags), RESTRICTED).errors] == [
        "mill-moving-back"]
    cleared = tags.replace(" 31 24 ", " 0 0 ")
    assert replay_record(_game("12. d7-a7xe3", cleared), RESTRICTED).errors == []
    assert not Board(RESTRICTED, fen=AFTER_CLOSED).is_legal("d7-a7/xe3")
    # (the current form gives the points as node ids: a7 23, d7 16)
    current = Board(RESTRICTED, fen=AFTER_CLOSED).fen()
    assert current.split()[10:14] == ["23", "16", "-1", "-1"]
    assert not Board(RESTRICTED, fen=current).is_legal("d7-a7/xe3")


def test_a_variation_remembers_the_mill_closed_before_it() -> None:
    result = replay_record(_game(CLOSED + " 11. f4-e4 (11. d7-a7xe3) g7-g4"), RESTRICTED)
    assert [error.code for error in result.all_errors()] == ["mill-moving-back"]


def test_no_restriction_once_the_stone_no_longer_stands_in_its_mill() -> None:
    """Sanmill asks whether the stone that would go back stands in a mill (potential_mills_count of
    its point): with d6 gone it does not, and the move back is allowed."""
    white = mask_of(["a1", "a4", "d5", "d6", "d7"])
    memory = MillMemory(moving_back=True, closing=((19, mask_of(["a7"]), mask_of(["d7"])), None))
    assert memory.forbidden(0, 21, white) == (mask_of(["d7"]), mask_of(["a7"]))
    assert memory.forbidden(0, 21, white & ~mask_of(["d6"])) is None
    assert memory.forbidden(0, 23, white) is None  # (White played ply 21 in between)
    assert memory.forbidden(1, 21, white) is None  # (Black closed no mill)


def test_a_bad_value_is_an_error_at_its_key() -> None:
    with pytest.raises(FormatError) as caught:
        parse_ruleset("base: sanmill\nname: x\nno_mill_moving_back: sometimes\n", source="x.yaml")
    assert (caught.value.line, caught.value.column) == (3, 1)
    assert caught.value.message == "no_mill_moving_back: must be true or false, not 'sometimes'"


def test_morabaraba_mirrors_sanmills_settings() -> None:
    morabaraba = load_ruleset("morabaraba")
    assert (morabaraba.stones, morabaraba.board, morabaraba.board_full, morabaraba.no_mill_moving_back) == (
        12, "diagonals", "draw", True)
    assert morabaraba.no_capture is not None and morabaraba.no_capture.endgame_limit == 10
    assert not morabaraba.one_time_mills and morabaraba.capture_from_mill == "when-all-in-mills"


def test_sanmills_fields_11_to_15_at_the_end_of_each_morabaraba_game() -> None:
    """muehle's FEN of the last position of each of the 30 games gives the last mills (fields 11 to
    14: several games end with one, closed by a move along a diagonal too) and field 15 (0: no
    one-time mills) as Sanmill's engine did."""
    import json
    from pathlib import Path

    from muehle.analyzer.engine.fen import fen_of_record
    from muehle.notation.reading.parser import read_file

    data = Path(__file__).resolve().parents[2] / "data" / "sanmill-variants"
    verdicts = json.loads((data / "verdicts.json").read_text(encoding="utf-8"))["morabaraba.pgn"]["games"]
    rules = load_ruleset("morabaraba")
    with_a_last_mill = 0
    for game, expected in zip(read_file(data / "morabaraba.pgn"), verdicts):
        result = replay_record(game, rules)
        fen = fen_of_record(result.records, len(result.records), game_over=True, form="legacy", mills=result.mills)
        assert fen.split()[10:15] == expected["final_fen"].split()[10:15]
        with_a_last_mill += fen.split()[10:14] != ["0", "0", "0", "0"]
    assert with_a_last_mill >= 5
