"""The replay engine on hand-built records whose verdicts were worked out on the board.

Rules texts (shared/seeds): 000_ed81c6983a0f69c1.txt is the WMD Turnierreglement,
002_b16d09fd9330a6e6.txt the rules of Schürmann/Nüscheler, 001_06b22a0d26272a6a.txt
those of Brettspielnetz.de. Positions are drawn with the board picture of the seeds'
README (files a-g, ranks 1-7).
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Optional

import pytest

from muehle.analyzer.engine.board import MILL_LINES, NEIGHBOURS, POINT_INDEX, Position, mask_of
from muehle.analyzer.engine.replay import Replay, replay
from muehle.analyzer.engine.rules import Ruleset, load_ruleset, parse_ruleset
from muehle.analyzer.reports.verdict import report_of
from muehle.notation.record.model import Game, Ply, Variation
from muehle.notation.text.errors import NotationError

WMD = load_ruleset("wmd")
TRADITIONAL = load_ruleset("wmd-traditional")
BOOK = load_ruleset("schuermann")
BSN = load_ruleset("brettspielnetz")
SANMILL = load_ruleset("sanmill")

_PLY = re.compile(r"([a-g][1-7])(?:-([a-g][1-7]))?((?:/x[a-g][1-7])*)")


def plies(moves: str, first_number: int = 1, first_side: str = "white") -> list[Ply]:
    """Plies from a compact list like ``"d2 d6 f4-f2/xa4"``, numbered as a record numbers them."""
    result = []
    side, number = first_side, first_number
    for token in moves.split():
        match = _PLY.fullmatch(token)
        assert match, token
        start, end, captures = match.groups()
        origin, target = (start, end) if end else (None, start)
        result.append(Ply(number, side, target, origin, re.findall(r"x([a-g][1-7])", captures)))
        if side == "black":
            number += 1
        side = "black" if side == "white" else "white"
    return result


def game(moves: str, result: Optional[str] = None, **numbering) -> Game:
    return Game(plies=plies(moves, **numbering), result=result)


def setup(white: str, black: str, to_move: str = "white", hand_white: int = 0, hand_black: int = 0) -> Position:
    return Position(mask_of(white.split()), mask_of(black.split()), hand_white, hand_black, to_move)


def only_error(r: Replay) -> tuple[str, int]:
    assert len(r.errors) == 1, r.errors
    return r.errors[0].code, r.errors[0].ply


# A full placement phase after which White cannot move (worked out on the board):
# White a1 a4 b2 c3 d1 d3 d7 f2 f6, Black a7 b4 c4 d2 d6 e3 f4 g1 g7; no side ever has
# three in a line, and every neighbour of every White stone is occupied.
BLOCKING_PLACEMENT = "a1 a7 a4 b4 b2 c4 c3 d2 d1 d6 d3 e3 d7 f4 f2 g1 f6 g7"


class TestPlacing:
    def test_a_legal_opening_records_every_ply(self) -> None:
        """Four placements on free points (Schürmann 4.1): no mill, both still placing."""
        r = replay(game("d6 f4 d2 b4"), WMD)
        assert r.errors == [] and r.outcome is None
        assert [rec.index for rec in r.records] == [1, 2, 3, 4]
        assert [rec.side for rec in r.records] == ["white", "black", "white", "black"]
        assert all(rec.kind == "place" and rec.phase_after == "placing" for rec in r.records)
        final = r.final_position
        assert final == Position(mask_of(["d6", "d2"]), mask_of(["f4", "b4"]), 7, 7, "white")
        assert r.records[1].before == r.records[0].after

    def test_placing_on_an_occupied_point(self) -> None:
        """Schürmann 4.1: a stone is set "auf einen freien Punkt"; d2 is taken by White's first ply."""
        r = replay(game("d2 d6 f4 d2"), WMD)
        assert only_error(r) == ("occupied", 4)
        assert r.errors[0].message == "2... d2: d2 is already occupied by a White stone"
        assert len(r.records) == 3 and r.final_position is None
        assert r.last_legal_position == r.records[2].after

    def test_moving_while_stones_are_in_hand(self) -> None:
        """WMD 1.1: both first set nine stones, "danach werden die Steine gezogen"."""
        r = replay(game("d2 d6 d2-d3"), WMD)
        assert only_error(r) == ("must-place", 3)
        assert "White still has 8 stones in hand and must place one" in r.errors[0].message

    def test_placing_with_no_stone_in_hand(self) -> None:
        """After nine placements each (Schürmann 4.1: 18 plies), a ply must move a stone."""
        start = setup("a1 a4 d1", "g7 g4 f6", "white")
        r = replay(Game(plies=plies("d7", first_number=19)), WMD, start=start)
        assert only_error(r) == ("must-move", 1)
        assert "White has no stones in hand and must move a stone" in r.errors[0].message

    def test_blocked_at_the_first_moving_ply(self) -> None:
        """WMD 10.2 / Schürmann 7.3: after ply 18 White must move but every White stone is
        walled in (a1: a4 d1 White; a4: a7 b4; b2: b4 d2; c3: c4 d3; d1: g1 d2; d3: e3 d2;
        d7: a7 g7 d6; f2: d2 f4; f6: d6 f4), so Black has won after its ninth placement."""
        r = replay(game(BLOCKING_PLACEMENT, result="0-1"), WMD)
        assert r.errors == []
        assert (r.outcome.winner, r.outcome.reason, r.outcome.ply) == ("black", "blocked", 18)
        assert r.records[-1].opponent_phase_after == "moving"

    def test_a_ply_after_the_game_ended(self) -> None:
        r = replay(game(BLOCKING_PLACEMENT + " a1-d1"), WMD)
        assert only_error(r) == ("after-game-end", 19)
        assert "the game was already over after ply 18 (White could not move)" in r.errors[0].message
        assert r.outcome.reason == "blocked"


class TestMoving:
    # White d2 b4 b6 f4 e3; Black a1 a4 a7 (the mill on the a-file), g4 c5.
    POSITION = setup("d2 b4 b6 f4 e3", "a1 a4 a7 g4 c5")

    def test_the_seed_example_closes_a_mill_and_captures(self) -> None:
        """Schürmann 10.3: "18. d2-b2/xa4" moves d2-b2, closing the mill b2-b4-b6."""
        start = setup("d2 b4 b6 f4 e3", "a1 a4 c4 g4 c5")
        r = replay(Game(plies=plies("d2-b2/xa4", first_number=18)), WMD, start=start)
        assert r.errors == []
        rec = r.records[0]
        assert rec.kind == "move" and rec.mills == [("b2", "b4", "b6")] and rec.captures == ["a4"]
        assert rec.after.black == mask_of(["a1", "c4", "g4", "c5"])

    def test_capture_from_a_closed_mill_while_free_stones_exist(self) -> None:
        """WMD 1.2 / Schürmann 6.2: a4 stands in Black's closed mill a1-a4-a7 while c5 and g4 do not."""
        r = replay(Game(plies=plies("d2-b2/xa4", first_number=18)), WMD, start=self.POSITION)
        assert only_error(r) == ("protected-stone", 1)
        assert r.errors[0].message == "18. d2-b2/xa4: a4 is in a closed mill while c5 and g4 are not"

    def test_moving_to_a_point_that_is_not_adjacent(self) -> None:
        """Schürmann 7.2: only to a "direkt benachbart" point; Black has 5 stones, so no jump (8.1)."""
        start = setup("d2 b4 b6 f4 e3", "a1 a4 a7 g4 c5", "black")
        r = replay(Game(plies=plies("a7-e5", first_number=17, first_side="black")), WMD, start=start)
        assert only_error(r) == ("not-adjacent", 1)
        assert r.errors[0].message == "17... a7-e5: e5 is not adjacent to a7 (Black has 5 stones and may not jump)"

    @pytest.mark.parametrize("origin, says", [("d6", "there is no stone on d6 to move"),
                                              ("g4", "g4 holds a Black stone, not a White one")])
    def test_moving_a_stone_that_is_not_ones_own(self, origin: str, says: str) -> None:
        target = {"d6": "d7", "g4": "g7"}[origin]
        r = replay(Game(plies=plies(f"{origin}-{target}", 20)), WMD, start=self.POSITION)
        assert only_error(r) == ("not-own-stone", 1)
        assert r.errors[0].message.endswith(says)

    def test_moving_onto_an_occupied_point(self) -> None:
        r = replay(Game(plies=plies("f4-g4", 20)), WMD, start=self.POSITION)
        assert only_error(r) == ("occupied", 1)
        assert "g4 is already occupied by a Black stone" in r.errors[0].message


class TestCaptures:
    def test_a_mill_demands_a_capture(self) -> None:
        """Brettspielnetz Phase 2: "wenn dabei eine Mühle entsteht, ... muss" a stone be removed."""
        r = replay(game("d2 d6 f2 f6 b2"), WMD)
        assert only_error(r) == ("missing-capture", 5)
        assert r.errors[0].message == "3. b2: the mill b2-d2-f2 is closed and a Black stone must be captured"

    def test_a_double_mill_asks_only_for_the_stones_that_can_be_taken(self) -> None:
        """d5 closes c5-d5-e5 and d5-d6-d7 while placing: two captures are due (WMD 1.1). Under
        wmd-traditional Black's g1-g4-g7 may not be broken, so a1 is the one stone to take:
        d5/xa1 is complete, and d5 alone is asked for one stone, not two. Under wmd the
        mill's stones may be taken once a1 is gone, so the second capture is due."""
        start = setup("c5 e5 d7 d6", "g1 g4 g7 a1", hand_white=5, hand_black=5)
        assert replay(game("d5/xa1", first_number=5), TRADITIONAL, start=start).errors == []
        bare = replay(game("d5", first_number=5), TRADITIONAL, start=start)
        assert only_error(bare) == ("missing-capture", 1)
        assert bare.errors[0].message == ("5. d5: the mills c5-d5-e5 and d5-d6-d7 are closed and a Black "
                                          "stone must be captured")
        assert replay(game("d5", first_number=5), WMD, start=start).errors[0].message == (
            "5. d5: the mills c5-d5-e5 and d5-d6-d7 are closed and two Black stones must be captured")
        one = replay(game("d5/xa1", first_number=5), WMD, start=start)
        assert only_error(one) == ("missing-capture", 1)
        assert one.errors[0].message == ("5. d5/xa1: the double mill c5-d5-e5 and d5-d6-d7 captures two "
                                         "stones, and only one was taken")

    def test_a_capture_without_a_mill(self) -> None:
        r = replay(game("d2 d6 f2/xd6"), WMD)
        assert only_error(r) == ("extra-capture", 3)
        assert "no mill is closed" in r.errors[0].message

    @pytest.mark.parametrize("point, says", [("g7", "there is no stone on g7 to capture"),
                                             ("d2", "d2 holds White's own stone")])
    def test_capturing_an_empty_point_or_an_own_stone(self, point: str, says: str) -> None:
        r = replay(game(f"d2 d6 f2 f6 b2/x{point}"), WMD)
        assert only_error(r) == ("capture-empty-or-own", 5)
        assert says in r.errors[0].message

    # Black a1 a4 a7 and c3 c4 c5: every Black stone stands in a closed mill.
    # White b2 f2 d3 g7: d3-d2 closes the mill b2-d2-f2.
    ALL_IN_MILLS = setup("b2 f2 d3 g7", "a1 a4 a7 c3 c4 c5")

    def test_every_opposing_stone_in_a_mill_wmd(self) -> None:
        """WMD 1.2: no capture from a closed mill "es sei denn, der Gegner habe nur noch Steine in
        Mühlen": all six Black stones are in mills, so a4 may be captured, and one must be."""
        r = replay(Game(plies=plies("d3-d2/xa4", 20)), WMD, start=self.ALL_IN_MILLS)
        assert r.errors == [] and r.records[0].captures == ["a4"]
        r = replay(Game(plies=plies("d3-d2", 20)), WMD, start=self.ALL_IN_MILLS)
        assert only_error(r) == ("missing-capture", 1)

    def test_every_opposing_stone_in_a_mill_traditional(self) -> None:
        """WMD 1.2: "traditionsbewussten Vereinen ist es erlaubt ... das Schlagen aus geschlossenen
        Mühlen zu verbieten": the mill is closed and nothing is captured."""
        r = replay(Game(plies=plies("d3-d2", 20)), TRADITIONAL, start=self.ALL_IN_MILLS)
        assert r.errors == [] and r.records[0].mills == [("b2", "d2", "f2")] and r.records[0].captures == []
        r = replay(Game(plies=plies("d3-d2/xa4", 20)), TRADITIONAL, start=self.ALL_IN_MILLS)
        assert only_error(r) == ("protected-stone", 1)
        assert r.errors[0].message == ("20. d3-d2/xa4: a4 is in a closed mill, and under the rules "
                                       "wmd-traditional no stone may be captured from a closed mill")

    # White a1 a4 d7 g7 with 5 in hand: placing a7 closes a1-a4-a7 and a7-d7-g7 (WMD 1.1: two
    # captures). Black b2 b4 b6 stand in the mill b2-b4-b6, f2 in none.
    ORDER = setup("a1 a4 d7 g7", "b2 b4 b6 f2", "white", hand_white=5, hand_black=5)

    def test_the_order_of_a_double_mills_captures(self) -> None:
        """WMD 1.2: b4 is protected while f2 is free; once f2 is taken every Black stone stands
        in a mill, so b4 may be taken second, not first. The message says so."""
        assert replay(Game(plies=plies("a7/xf2/xb4", 5)), WMD, start=self.ORDER).errors == []
        r = replay(Game(plies=plies("a7/xb4/xf2", 5)), WMD, start=self.ORDER)
        assert only_error(r) == ("protected-stone", 1)
        assert r.errors[0].message == ("5. a7/xb4/xf2: b4 is in a closed mill while f2 is not: "
                                       "capture f2 first, then b4")

    def test_no_order_hint_when_no_order_is_legal(self) -> None:
        """With g1 free too, b4 stays protected after f2 is taken; a single capture has no other order."""
        start = setup("a1 a4 d7 g7", "b2 b4 b6 f2 g1", "white", hand_white=5, hand_black=4)
        r = replay(Game(plies=plies("a7/xb4/xf2", 5)), WMD, start=start)
        assert only_error(r) == ("protected-stone", 1)
        assert r.errors[0].message == "5. a7/xb4/xf2: b4 is in a closed mill while f2 and g1 are not"
        r = replay(Game(plies=plies("a7/xb4", 5)), WMD, start=self.ORDER)
        assert r.errors[0].message == "5. a7/xb4: b4 is in a closed mill while f2 is not"

    def test_double_mill_while_placing_takes_two(self) -> None:
        """WMD 1.1 "zwei Mühlen gleichzeitig ... zwei Steine" and Schürmann 11.1: placing a4 with
        a1, a7 and b4, c4 White closes a1-a4-a7 and a4-b4-c4 at once."""
        start = setup("a1 a7 b4 c4", "d7 g7 f4 g1", "white", hand_white=5, hand_black=5)
        for rules in (WMD, BOOK):
            r = replay(Game(plies=plies("a4/xd7/xg1", 5)), rules, start=start)
            assert r.errors == [], rules.name
            assert r.records[0].mills == [("a4", "b4", "c4"), ("a1", "a4", "a7")]
            r = replay(Game(plies=plies("a4/xd7", 5)), rules, start=start)
            assert only_error(r) == ("missing-capture", 1)
            assert "captures two stones, and only one was taken" in r.errors[0].message
        for rules in (BSN, SANMILL):
            assert replay(Game(plies=plies("a4/xd7", 5)), rules, start=start).errors == []
            r = replay(Game(plies=plies("a4/xd7/xg1", 5)), rules, start=start)
            assert only_error(r) == ("extra-capture", 1)


class TestWhyACaptureIsOneTooMany:
    """The message of ``extra-capture`` says why the last capture written is not allowed."""

    def test_one_mill_captures_one_stone(self) -> None:
        r = replay(game("d2 d6 f2 f6 b2/xd6/xf6"), WMD)
        assert only_error(r) == ("extra-capture", 5)
        assert r.errors[0].message == "3. b2/xd6/xf6: one mill captures one stone"

    # White a1 a7 b4 c4 with 5 in hand, Black d7 g7 f4 g1 with 5: placing a4 closes a1-a4-a7
    # and a4-b4-c4 at once (as in TestCaptures).
    DOUBLE = setup("a1 a7 b4 c4", "d7 g7 f4 g1", "white", hand_white=5, hand_black=5)

    def test_a_double_mill_captures_two_stones_not_three(self) -> None:
        r = replay(Game(plies=plies("a4/xd7/xg1/xf4", 5)), WMD, start=self.DOUBLE)
        assert only_error(r) == ("extra-capture", 1)
        assert r.errors[0].message.endswith(": a double mill captures two stones")

    def test_a_double_mill_captures_one_stone_where_the_rules_say_so(self) -> None:
        r = replay(Game(plies=plies("a4/xd7/xg1", 5)), SANMILL, start=self.DOUBLE)
        assert only_error(r) == ("extra-capture", 1)
        assert r.errors[0].message.endswith(": a double mill captures one stone under the rules sanmill")

    def test_nothing_left_on_the_board_to_capture(self) -> None:
        """Black's only stone on the board goes; three in hand keep Black in the game."""
        start = setup("a1 a4", "g7", "white", hand_white=5, hand_black=3)
        r = replay(Game(plies=plies("a7/xg7/xg1", 7)), WMD, start=start)
        assert only_error(r) == ("extra-capture", 1)
        assert r.errors[0].message.endswith(": Black has no stone on the board to capture")

    def test_every_stone_left_stands_in_a_closed_mill(self) -> None:
        """wmd-traditional (no capture from a closed mill): g1 may go, a4 may not."""
        start = setup("b2 f2 d3 g7", "a1 a4 a7 c3 c4 c5 g1")
        r = replay(Game(plies=plies("d3-d2/xg1/xa4", 20)), TRADITIONAL, start=start)
        assert only_error(r) == ("extra-capture", 1)
        assert r.errors[0].message.endswith(": no Black stone may be captured: all stand in closed mills")


class TestEndOfGame:
    # White a1 a4 on the board, 5 in hand; Black g4 g7 on the board, 1 in hand: 3 stones in all.
    PLACING = setup("a1 a4", "g4 g7", "white", hand_white=5, hand_black=1)

    def test_loss_below_three_while_placing(self) -> None:
        """WMD 10.1 "wenn ihm der drittletzte Stein geschlagen wird", also while placing:
        a7 closes a1-a4-a7, g7 goes, and Black keeps g4 plus one stone in hand (two)."""
        r = replay(Game(plies=plies("a7/xg7", 7), result="1-0"), WMD, start=self.PLACING)
        assert r.errors == []
        assert (r.outcome.winner, r.outcome.reason, r.outcome.ply) == ("white", "fewer-than-three", 1)
        assert r.records[-1].opponent_phase_after == "placing"

    def test_the_declared_result_must_match_the_board(self) -> None:
        r = replay(Game(plies=plies("a7/xg7", 7), result="0-1"), WMD, start=self.PLACING)
        assert only_error(r) == ("result-mismatch", 1)
        assert "declares 0-1, but on the board Black was left with fewer than three stones" in r.errors[0].message
        r = replay(Game(plies=plies("a7/xg7", 7), result="1/2-1/2"), WMD, start=self.PLACING)
        assert only_error(r)[0] == "result-mismatch"
        assert replay(Game(plies=plies("a7/xg7", 7), result="*"), WMD, start=self.PLACING).errors == []

    def test_a_result_against_a_set_up_position_that_is_decided_says_at_the_start(self) -> None:
        """Black to move with a1, a7, g1, g7 boxed in by White's a4, d1, d7, g4: Black cannot
        move (WMD 10.2) before any ply; the record's 0-1 contradicts it."""
        from muehle.analyzer.engine.fen import fen_to_position

        start = fen_to_position("O*******/*****O**/O@O@O@O@ b m s 6 0 4 0 0 0 0 0 0 0 0 0 30").position
        r = replay(Game(result="0-1"), WMD, start=start)
        assert only_error(r)[0] == "result-mismatch"
        assert r.errors[0].message == ("the record declares 0-1, but on the board Black could not move "
                                       "at the start (1-0)")

    def test_a_result_in_an_unfinished_game_is_declared(self) -> None:
        """WMD 10.3/10.4 (resignation, time) and 11.1 (agreement) end a game off the board."""
        for result, winner in (("1-0", "white"), ("0-1", "black"), ("1/2-1/2", None)):
            r = replay(game("d2 d6", result=result), WMD)
            assert r.errors == [] and (r.outcome.winner, r.outcome.reason, r.outcome.ply) == (winner, "declared", 2)
        r = replay(Game(plies=plies("d2 d6"), tags={"Result": "0-1"}), WMD)
        assert r.outcome.reason == "declared" and r.outcome.winner == "black"
        assert replay(game("d2 d6", result="*"), WMD).outcome is None

    @pytest.mark.parametrize("declared, agrees", [("1-0", True), ("0-1", False), ("1/2-1/2", False), ("*", True)])
    def test_a_result_declared_after_plies_played_on_past_the_end_is_still_checked(
            self, declared: str, agrees: bool) -> None:
        """a7/xg7 leaves Black two stones (WMD 10.1: White has won); Black's g1 after it is
        played after the end, and the board's verdict is known all the same."""
        r = replay(Game(plies=plies("a7/xg7 g1", 7), result=declared), WMD, start=self.PLACING)
        assert (r.outcome.winner, r.outcome.reason, r.outcome.ply) == ("white", "fewer-than-three", 1)
        assert [error.code for error in r.errors] == ["after-game-end"] + ([] if agrees else ["result-mismatch"])
        assert r.played_on_after_the_end
        assert report_of(r, 1, "t").consistent is agrees
        if not agrees:
            assert r.errors[1].message == (f"7. a7/xg7: the record declares {declared}, but on the board Black was "
                                           "left with fewer than three stones after ply 1 (1-0)")

    def test_a_double_mill_that_takes_the_third_last_stone_ends_the_game(self) -> None:
        """With three Black stones left, the first capture of a double mill decides the game
        (WMD 10.1), so a second capture is neither needed nor allowed."""
        start = setup("a1 a7 b4 c4", "d7 g7 g1", "white", hand_white=5)
        r = replay(Game(plies=plies("a4/xd7", 5)), WMD, start=start)
        assert r.errors == [] and r.outcome.reason == "fewer-than-three"
        r = replay(Game(plies=plies("a4/xd7/xg1", 5)), WMD, start=start)
        assert only_error(r) == ("extra-capture", 1)
        assert "fewer than three stones" in r.errors[0].message


class TestFlying:
    # Black: a1 a4 a7 d7 (four); White b6 d6 f6 d2 b4.
    def test_jumps_only_with_exactly_three_stones(self) -> None:
        """WMD 1.1 "Besitzt ein Spieler nur noch drei Steine, darf er springen"; with four, not."""
        four = setup("b6 d6 f6 d2 b4", "a1 a4 a7 d7", "black")
        r = replay(Game(plies=plies("a1-g1", 20, "black")), WMD, start=four)
        assert only_error(r) == ("not-adjacent", 1)
        assert r.errors[0].message.endswith("g1 is not adjacent to a1 (Black has 4 stones and may not jump)")
        three = setup("b6 d6 f6 d2 b4", "a1 a4 d7", "black")
        r = replay(Game(plies=plies("a1-g1", 20, "black")), WMD, start=three)
        assert r.errors == []
        rec = r.records[0]
        assert (rec.kind, rec.phase_before, rec.phase_after, rec.opponent_phase_after) == (
            "jump", "flying", "flying", "moving")
        r = replay(Game(plies=plies("a1-d1", 20, "black")), WMD, start=three)
        assert r.records[0].kind == "move"  # an adjacent point is a move even while flying

    def test_no_jumps_when_the_ruleset_forbids_flying(self) -> None:
        no_flying = parse_ruleset("base: wmd\nflying: false\n")
        three = setup("b6 d6 f6 d2 b4", "a1 a4 d7", "black")
        r = replay(Game(plies=plies("a1-g1", 20, "black")), no_flying, start=three)
        assert only_error(r) == ("not-adjacent", 1)
        assert "jumping is not allowed under the rules custom" in r.errors[0].message


class TestNumbering:
    def test_a_wrong_move_number(self) -> None:
        """The n-th ply is move (n+1)//2: d6 is Black's first ply, numbered 2 here."""
        plies_ = [Ply(1, "white", "d2"), Ply(2, "black", "d6")]
        r = replay(Game(plies=plies_), WMD)
        assert only_error(r) == ("numbering", 2)
        assert r.errors[0].message == "2... d6: move number 2 where 1 is expected (ply 2 is Black's move 1)"

    def test_a_ply_given_to_the_wrong_side(self) -> None:
        r = replay(Game(plies=[Ply(1, "white", "d2"), Ply(2, "white", "d6")]), WMD)
        assert only_error(r) == ("numbering", 2)
        assert "ply 2 is Black's, but the record gives it to White" in r.errors[0].message

    def test_an_unnumbered_record_set_up_with_black_to_move_says_how_to_number_it(self) -> None:
        """Without move numbers the first ply is White's (docs/notation.md); with Black to move
        in the FEN that is wrong, and the record never said White: the message says what to write."""
        from muehle.analyzer.engine.setup import replay_record
        from muehle.notation.formats.jsonrecord import read_json, write_json
        from muehle.notation.reading.parser import read_games

        text = ('[SetUp "1"]\n[FEN "*@***O**/****OO**/O*O@*@*O b m s 6 0 3 0 0 0 0 0 0 0 0 2 20"]\n\n'
                "e5-e4 g4-g7/xe4 1-0\n")
        (game,) = read_games(text, "study.txt")
        r = replay_record(game)
        assert only_error(r) == ("numbering", 1)
        assert r.errors[0].message == (
            "1... e5-e4: ply 1 is Black's, but the record gives it to White; a record without move "
            "numbers starts with White, so write Black's move number before this ply (N..., as in 17... a7-a4)")
        (as_json,) = read_json(write_json([game]), "study.json")  # a JSON record states each side
        assert replay_record(as_json).errors[0].message == "1... e5-e4: ply 1 is Black's, but the record gives it to White"

    def test_lines_read_as_moves_are_checked_from_their_first_ply(self) -> None:
        """A line numbered consistently but from the wrong number is wrong from its first ply:
        here the main line starts at move 2, and a variation replacing 2. f2 starts at move 3."""
        from muehle.notation.reading.parser import read_games

        (wrong_start,) = read_games("2. d2 d6 3. f2 *\n", deferred=True)
        assert wrong_start.main_line().numbers is None  # read as moves: numbered from its first ply
        r = replay(wrong_start, WMD)
        assert only_error(r) == ("numbering", 1)
        assert r.errors[0].message == "2. d2: move number 2 where 1 is expected (ply 1 is White's move 1)"
        (wrong_variation,) = read_games("1. d2 d6 2. f2 (3. f4 f6) f6 *\n", deferred=True)
        r = replay(wrong_variation, WMD)
        assert r.errors == [] and r.ply_count == 4
        (variation,) = r.variations
        assert only_error(variation) == ("numbering", 3)

    def test_a_number_that_skips_is_found_where_it_stands(self) -> None:
        from muehle.notation.record.model import move_line_of

        plies_ = plies("d2 d6 f2 f6 b2/xd6")
        plies_[4].number = 4  # 4. b2/xd6 where 3. b2/xd6 stands
        assert move_line_of(plies_).numbers is not None
        r = replay(Game(plies=plies_), WMD)
        assert only_error(r) == ("numbering", 5) and r.ply_count == 4

    def test_unnumbered_plies_take_their_number_from_their_place(self) -> None:
        r = replay(Game(plies=[Ply(None, "white", "d2"), Ply(None, "black", "d2")]), WMD)
        assert r.errors[0].message.startswith("1... d2: ")


# Both sides in the moving phase; White shuffles a1-d1-a1, Black g7-g4-g7.
SHUFFLE_START = setup("a1 b4 c4 d3 f2", "g7 e4 e5 d6 f6", "white")
SHUFFLE = "a1-d1 g7-g4 d1-a1 g4-g7"


class TestRepetition:
    def test_the_start_position_counts(self) -> None:
        """WMD 11.2 "dreimalige Zugswiederholung": the start stands again after ply 4 (second time)
        and after ply 8 (third time): the right to claim a draw exists after ply 8."""
        r = replay(Game(plies=plies(SHUFFLE + " " + SHUFFLE, 30)), WMD, start=SHUFFLE_START)
        assert r.errors == []
        counts = [rec.repetition_count for rec in r.records]
        assert counts == [1, 1, 1, 2, 2, 2, 2, 3]
        assert r.records[3].earlier_occurrences == [0]
        assert r.records[7].earlier_occurrences == [0, 4]
        assert r.records[4].earlier_occurrences == [1]  # a1-d1 again: the position after ply 1
        assert [(d.rule, d.ply) for d in r.draw_rights] == [("repetition", 8)]
        assert r.outcome is None  # claimed under wmd, not automatic

    def test_automatic_repetition_ends_the_game(self) -> None:
        """Every position of the game counting, the start stands again after ply 4 and ply 8."""
        rules = parse_ruleset("base: sanmill\nrepetition_window: game\n")
        r = replay(Game(plies=plies(SHUFFLE + " " + SHUFFLE + " a1-d1", 30)), rules, start=SHUFFLE_START)
        assert (r.outcome.winner, r.outcome.reason, r.outcome.ply) == (None, "repetition", 8)
        assert only_error(r) == ("after-game-end", 9)

    def test_sanmill_counts_only_positions_reached_by_moves(self) -> None:
        """Sanmill's history holds the positions reached by moves since the set-up position (not
        the start itself): the start stands there after plies 4 and 8 only, the position after
        a1-d1 after plies 1, 5 and 9, its third time."""
        r = replay(Game(plies=plies(SHUFFLE + " " + SHUFFLE + " a1-d1 g7-g4", 30)), SANMILL,
                   start=SHUFFLE_START)
        assert (r.outcome.winner, r.outcome.reason, r.outcome.ply) == (None, "repetition", 9)
        assert [rec.repetition_count for rec in r.records] == [1, 1, 1, 1, 2, 2, 2, 2, 3]
        assert r.records[8].earlier_occurrences == [1, 5]
        assert only_error(r) == ("after-game-end", 10)

    def test_sanmill_starts_its_history_anew_after_a_capture(self) -> None:
        """d7-a7/xd5 closes a1-a4-a7; the position after it stands again after plies 5 and 9.
        Sanmill's history starts after the capture and holds only what moves reach from
        there: that position twice by ply 9, so the game goes on; counting every position
        of the game, ply 9 brings it about the third time."""
        start = setup("a1 a4 d7 f4 d3", "g1 g4 d5 c4 e4 e5")
        moves = "d7-a7/xd5 g4-g7 f4-f2 g7-g4 f2-f4 g4-g7 f4-f2 g7-g4 f2-f4"
        r = replay(Game(plies=plies(moves, 40)), SANMILL, start=start)
        assert r.errors == [] and r.outcome is None
        assert [rec.repetition_count for rec in r.records] == [1, 1, 1, 1, 1, 2, 2, 2, 2]
        whole_game = replay(Game(plies=plies(moves, 40)), parse_ruleset("base: sanmill\nrepetition_window: game\n"),
                            start=start)
        assert (whole_game.outcome.reason, whole_game.outcome.ply) == ("repetition", 9)

    def test_stones_in_hand_are_part_of_the_position(self) -> None:
        """The same stones on the board with a different number in hand are another position."""
        r = replay(game("d2 d6"), WMD, start=setup("", "", hand_white=9, hand_black=9))
        assert all(rec.repetition_count == 1 for rec in r.records)


class TestNoProgress:
    def test_sixty_plies_without_capture_under_wmd(self) -> None:
        """WMD 11.3: "30 Züge von beiden Seiten ... ohne dass ein Stein geschlagen wurde" is
        60 plies; the right exists after the 60th (15 four-ply shuffles)."""
        r = replay(Game(plies=plies(" ".join([SHUFFLE] * 15), 30)), WMD, start=SHUFFLE_START)
        assert r.errors == [] and len(r.records) == 60
        assert [rec.plies_without_capture for rec in r.records] == list(range(1, 61))
        assert ("no-capture", 60) in [(d.rule, d.ply) for d in r.draw_rights]
        assert ("no-capture", 59) not in [(d.rule, d.ply) for d in r.draw_rights]

    def test_placements_count_and_a_capture_resets(self) -> None:
        r = replay(game("d2 d6 f2 f6 b2/xd6 a7"), WMD)
        assert [rec.plies_without_capture for rec in r.records] == [1, 2, 3, 4, 0, 1]

    def test_sanmill_resets_on_placements_and_brettspielnetz_on_mills(self) -> None:
        r = replay(game("d2 d6 f2 f6 b2/xd6 a7"), SANMILL)
        assert [rec.plies_without_capture for rec in r.records] == [0] * 6
        r = replay(Game(plies=plies("d3-d2", 20)), TRADITIONAL, start=TestCaptures.ALL_IN_MILLS)
        assert r.records[0].plies_without_capture == 1  # a mill without capture is no capture
        r = replay(Game(plies=plies("d3-d2/xa4", 20)), BSN, start=TestCaptures.ALL_IN_MILLS)
        assert r.records[0].plies_without_capture == 0


    def test_the_rules_may_be_named_by_a_preset_or_a_file(self, tmp_path: Path) -> None:
        """The counts of the test above, with the ruleset given as ``replay_record`` takes it."""
        path = tmp_path / "club.yaml"
        path.write_text("base: sanmill\n", encoding="utf-8")
        for rules, counts in (("sanmill", [0] * 6), (path, [0] * 6), (str(path), [0] * 6), (None, [1, 2, 3, 4, 0, 1])):
            r = replay(game("d2 d6 f2 f6 b2/xd6 a7"), rules)
            assert [rec.plies_without_capture for rec in r.records] == counts
        with pytest.raises(TypeError, match="^rules must be a Ruleset, a preset's name or a YAML file's path, not list$"):
            replay(game("d2"), ["sanmill"])  # type: ignore[arg-type]

class TestVariationsAndSyntax:
    def test_variations_are_replayed_from_their_branch(self) -> None:
        """A variation replaces the ply it is attached to; its first record has that ply's index."""
        main = plies("d2 d6 f2 f6 b2/xd6")
        main[2].variations.append(Variation(plies=plies("f4 f6", first_number=2)))   # legal
        main[3].variations.append(Variation(plies=[Ply(2, "black", "d2")]))          # occupied
        r = replay(Game(plies=main), WMD)
        assert r.errors == [] and not r.valid
        first, second = r.variations
        assert first.branch == 3 and [rec.index for rec in first.records] == [3, 4]
        assert first.start == r.records[1].after and first.errors == []
        assert second.branch == 4 and only_error(second) == ("occupied", 4)
        assert [e.code for e in r.all_errors()] == ["occupied"]

    def test_an_error_in_a_variation_is_named_by_it_and_keeps_its_bare_message(self) -> None:
        """The message says which variation it is in; the same words without that, for a view
        that names the variation itself, are kept beside it, outside the JSON contract."""
        main = plies("d2 d6 f2")
        main[1].variations.append(Variation(plies=[Ply(1, "black", "d2")]))  # d2 is White's
        (error,) = replay(Game(plies=main), WMD).variations[0].errors
        assert error.message == "in the variation for ply 2: 1... d2: d2 is already occupied by a White stone"
        assert error.message_in_line == "1... d2: d2 is already occupied by a White stone"
        assert error.to_dict()["message"] == error.message and "in_line" not in error.to_dict()
        (main_error,) = replay(Game(plies=plies("d2 d2")), WMD).errors
        assert main_error.in_line is None and main_error.message_in_line == main_error.message

    def test_variations_read_as_moves_replay_as_their_plies_do(self) -> None:
        """A record read for validation keeps its variations as moves; the replay is the same."""
        from muehle.notation.reading.parser import read_games

        text = "1. d2 d6 2. f2 (2. f4 f6 (2... b4) 3. b2) f6 (2... d2) 3. b2/xd6 *\n"
        (whole,) = read_games(text)
        (as_moves,) = read_games(text, deferred=True)
        assert list(as_moves.main_line().variations) == [2, 3]  # read as moves, the plies not yet

        def summary(line: Replay) -> tuple:
            return (line.branch, line.steps, [(e.code, e.ply, e.line, e.column) for e in line.errors],
                    [summary(variation) for variation in line.variations])

        assert summary(replay(as_moves, WMD)) == summary(replay(whole, WMD))
        r = replay(as_moves, WMD)
        assert r.errors == [] and [rec.captures for rec in r.records][-1] == ["d6"]
        first, second = r.variations
        assert (first.branch, first.ply_count, first.errors) == (3, 3, [])
        assert (first.variations[0].branch, first.variations[0].ply_count) == (4, 1)  # 2... b4 for f6
        # 2... d2 for f6: d2 is White's; its place in the text comes from the plies, read when needed
        assert [(e.code, e.ply, e.line, e.column) for e in second.errors] == [("occupied", 4, 1, 52)]

    @pytest.mark.parametrize("ply, point, placing", [
        (Ply(1, "white", "z9"), "z9", True), (Ply(1, "white", "d2", captures=["d4"]), "d4", True),
        (Ply(1, "white", "d3", "b1"), "b1", False),
    ])
    def test_a_record_built_in_code_with_a_point_off_the_board(self, ply: Ply, point: str, placing: bool) -> None:
        start = None if placing else setup("d2 b4 b6", "a1 a4 a7", "white")
        r = replay(Game(plies=[ply]), WMD, start=start)
        assert only_error(r) == ("syntax", 1) and f"{point} is not a point of the board" in r.errors[0].message

    def test_a_syntax_error_stops_everything(self) -> None:
        error = NotationError("b1 is not a point of the board", source="x.txt", line=3, column=7)
        r = replay(Game(plies=plies("d2 d6"), errors=[error]), WMD)
        assert r.records == () and [(e.code, e.line, e.column, e.ply) for e in r.errors] == [("syntax", 3, 7, None)]


def test_a_double_mill_by_a_move_cannot_occur() -> None:
    """Why ``double_mill: placing`` and ``always`` differ only on paper for moves: every
    neighbour of a point lies on one of the two lines through it, so the moving stone
    always leaves one of the two mills it would close (a jump needs three stones, a double
    mill five)."""
    for point, index in POINT_INDEX.items():
        lines = [set(line) for line in MILL_LINES if point in line]
        for other, other_index in POINT_INDEX.items():
            if NEIGHBOURS[index] >> other_index & 1:
                assert any(other in line for line in lines)
    assert WMD.captures_for(2, placing=False) == 1 and BOOK.captures_for(2, placing=False) == 2


class TestLinesFromASetUp:
    def test_black_to_move_first(self) -> None:
        """A record set up with Black to move numbers its first ply "17..." (Schürmann 10.2 style);
        the next ply is White's move 18."""
        start = setup("d2 b4 b6 f4 e3", "a1 a4 a7 g4 c5", "black")
        r = replay(Game(plies=plies("a7-d7 f4-f6", first_number=17, first_side="black")), WMD, start=start)
        assert r.errors == [] and [rec.side for rec in r.records] == ["black", "white"]
        r = replay(Game(plies=plies("a7-d7 f4-f6", first_number=17, first_side="black")[:1]
                        + [Ply(17, "white", "f6", "f4")]), WMD, start=start)
        assert only_error(r) == ("numbering", 2)

    def test_a_decided_start_position(self) -> None:
        """Black has only two stones: the game was lost before the record starts (WMD 10.1), so
        any ply is too late."""
        start = setup("a4 b4 c4", "a1 d1", "black")
        r = replay(Game(plies=plies("a1-g1", 20, "black")), WMD, start=start)
        assert (r.outcome.winner, r.outcome.reason, r.outcome.ply) == ("white", "fewer-than-three", 0)
        assert only_error(r) == ("after-game-end", 1)


class TestWholeMoves:
    """``whole_moves``: plies without progress counted in whole numbered moves (Brettspielnetz's
    "50 Vollzüge ... erste Zug die Zugnummer 41 ... erst ab dem 91. Zug"), here 3 whole moves (6 plies)."""

    @staticmethod
    def rules(whole_moves: bool, mode: str = "claim", limit: int = 6) -> Ruleset:
        return parse_ruleset(f"name: short\nbase: brettspielnetz\nno_capture: {{limit: {limit}, reset: mill, "
                             f"mode: {mode}, whole_moves: {str(whole_moves).lower()}}}\n")

    # White's mill 3. a7/xg4 is ply 5; the whole moves without a mill are 4., 5. and 6.
    AFTER_WHITE = "a1 g7 a4 g4 a7/xg4 b2 c3 d6 e5 f6 g1 d2"
    # Black's mill 3... g1/xa1 is ply 6; the whole moves without a mill are 4., 5. and 6. too
    AFTER_BLACK = "a1 g7 a4 g4 b6 g1/xa1 c3 b2 e5 d6 f4 d2"

    def rights(self, moves: str, rules: Ruleset) -> list[int]:
        r = replay(game(moves), rules)
        assert r.errors == []
        return [right.ply for right in r.draw_rights if right.rule == "no-capture"]

    def test_after_white_makes_progress_the_right_comes_one_ply_later(self) -> None:
        """Six plies after ply 5 is White's 6. g1 (ply 11): counted in plies the right comes
        there, in whole moves only with Black's 6... d2 (ply 12)."""
        assert self.rights(self.AFTER_WHITE, self.rules(False)) == [11]
        assert self.rights(self.AFTER_WHITE, self.rules(True)) == [12]

    def test_after_black_makes_progress_plies_and_whole_moves_agree(self) -> None:
        assert self.rights(self.AFTER_BLACK, self.rules(False)) == [12]
        assert self.rights(self.AFTER_BLACK, self.rules(True)) == [12]

    def test_an_automatic_draw_comes_with_the_same_ply(self) -> None:
        r = replay(game(self.AFTER_WHITE), self.rules(True, "automatic"))
        assert (r.outcome.winner, r.outcome.reason, r.outcome.ply) == (None, "no-capture", 12)

    def test_from_a_set_up_position_the_side_to_move_tells_who_played_last(self) -> None:
        """A count of 4 at the start: with White to move Black played last, so the right
        stands at the start; with Black to move it comes with Black's first ply."""
        rules = self.rules(True, limit=4)
        start = setup("a1 g7 b4 f4 d3", "a7 g1 c4 e4 d5")
        r = replay(Game(plies=plies("d3-d2 d5-d6", 40)), rules, start=start, no_progress=4)
        assert [right.ply for right in r.draw_rights if right.rule == "no-capture"] == [0]
        black_to_move = dataclasses.replace(start, to_move="black")
        r = replay(Game(plies=plies("d5-d6 d3-d2", 40, "black")), rules, start=black_to_move, no_progress=4)
        assert [right.ply for right in r.draw_rights if right.rule == "no-capture"] == [1]


# White a1 g7 b4 f4 d3, Black a7 g1 c4 e4 d5: d3 and d5 can shuttle to d2 and d6 without a mill.
ADJOURNED = setup("a1 g7 b4 f4 d3", "a7 g1 c4 e4 d5")
ADJOURNED_SHUFFLE = "d3-d2 d5-d6 d2-d3 d6-d5"


class TestNoProgressFromASetUp:
    """A set-up record carries the no-progress count of the game before it (``no_progress``)."""

    def test_the_count_goes_on_from_the_given_one(self) -> None:
        """Sanmill (limit 100, automatic): 96 before the set-up, so the fourth ply draws."""
        r = replay(game(ADJOURNED_SHUFFLE + " d3-d2", first_number=70), SANMILL, start=ADJOURNED,
                   no_progress=96)
        assert [rec.plies_without_capture for rec in r.records] == [97, 98, 99, 100]
        assert [(d.rule, d.ply) for d in r.draw_rights] == [("no-capture", 4)]
        assert (r.outcome.winner, r.outcome.reason, r.outcome.ply) == (None, "no-capture", 4)
        assert only_error(r) == ("after-game-end", 5)
        assert (r.start_no_progress, r.start_no_progress_exact) == (96, True)

    def test_a_negative_count_is_refused(self) -> None:
        with pytest.raises(ValueError, match="not -1"):
            replay(game("d3-d2", first_number=70), SANMILL, start=ADJOURNED, no_progress=-1)

    def test_a_count_at_the_limit_ends_an_automatic_game_at_the_start(self) -> None:
        r = replay(game("d3-d2", first_number=70), SANMILL, start=ADJOURNED, no_progress=100)
        assert [(d.rule, d.ply) for d in r.draw_rights] == [("no-capture", 0)]
        assert (r.outcome.reason, r.outcome.ply) == ("no-capture", 0)
        assert only_error(r) == ("after-game-end", 1)
        assert "the game was already over at the start" in r.errors[0].message

    def test_no_right_in_a_start_position_already_decided(self) -> None:
        """Black has two stones: White has won before the record starts (WMD 10.1), so the
        count at the limit gives no draw right."""
        r = replay(Game(plies=plies("a1-g1", 20, "black")), SANMILL, start=setup("a4 b4 c4", "a1 d1", "black"),
                   no_progress=100)
        assert r.draw_rights == [] and (r.outcome.winner, r.outcome.ply) == ("white", 0)

    def test_a_count_beyond_the_limit_gives_the_right_once(self) -> None:
        """Under WMD (claim) the right stands from the start; the counter passes the limit
        without a second right."""
        r = replay(game(ADJOURNED_SHUFFLE, first_number=70), WMD, start=ADJOURNED, no_progress=75)
        assert r.errors == [] and r.outcome is None
        assert [(d.rule, d.ply) for d in r.draw_rights] == [("no-capture", 0)]
        assert r.records[-1].plies_without_capture == 79

    def test_a_capture_sets_the_carried_count_back(self) -> None:
        """d7-a7 closes a1-a4-a7 and takes d5, which stands in no mill."""
        start = setup("a1 a4 d7 f4 d3", "g1 g4 d5 c4 e4")
        r = replay(game("d7-a7/xd5 g4-g7", first_number=40), SANMILL, start=start, no_progress=98)
        assert r.errors == [] and [rec.plies_without_capture for rec in r.records] == [0, 1]
        assert r.draw_rights == []

    def test_sanmill_draws_before_the_capture_of_the_hundredth_ply_or_after_it(self) -> None:
        """With 99 plies counted, d7-a7 is the 100th: it closes a1-a4-a7, and Sanmill declares
        the draw (its history of 100 moves) before the removal that would follow; given the
        removal, it makes it and then declares the draw (Position::remove_piece checks the N-move
        rule before the count is reset; tests/data/sanmill/fixtures-mill-at-limit.pgn)."""
        start = setup("a1 a4 d7 f4 d3", "g1 g4 d5 c4 e4")
        drawn = replay(game("d7-a7", first_number=40), SANMILL, start=start, no_progress=99)
        assert drawn.errors == [] and [rec.plies_without_capture for rec in drawn.records] == [100]
        assert drawn.records[0].captures_due == 0
        assert (drawn.outcome.winner, drawn.outcome.reason, drawn.outcome.ply) == (None, "no-capture", 1)
        captured = replay(game("d7-a7/xd5", first_number=40), SANMILL, start=start, no_progress=99)
        assert captured.errors == [] and captured.records[0].captures == ["d5"]
        assert [rec.plies_without_capture for rec in captured.records] == [0]
        assert (captured.outcome.winner, captured.outcome.reason, captured.outcome.ply) == (None, "no-capture", 1)
        assert [(d.rule, d.ply) for d in captured.draw_rights] == [("no-capture", 1)]
        # the written capture is still checked as any other: a1 is White's own stone, and one capture is due
        own = replay(game("d7-a7/xa1", first_number=40), SANMILL, start=start, no_progress=99)
        assert [(e.code, e.ply) for e in own.errors] == [("capture-empty-or-own", 1)]
        twice = replay(game("d7-a7/xd5/xc4", first_number=40), SANMILL, start=start, no_progress=99)
        assert [(e.code, e.ply) for e in twice.errors] == [("extra-capture", 1)]

    def test_sanmills_draw_at_the_capture_comes_before_a_blocked_side(self) -> None:
        """The 100th ply closes a mill and captures, leaving Black no move: Sanmill's
        Position::check_if_game_is_over tests its N-move rule before a side that cannot move
        (src/position.cpp, 2068-2090), so the game is drawn, not won by the block. The same ply as
        the 99th leaves the block to end the game."""
        start = setup("a4 d1 g4 d7 b2 d2 f4", "a1 g1 a7 g7 e3")  # (Black's corners shut in by White)
        drawn = replay(game("f4-f2/xe3", first_number=40), SANMILL, start=start, no_progress=99)
        assert drawn.errors == [] and (drawn.outcome.winner, drawn.outcome.reason, drawn.outcome.ply) == (
            None, "no-capture", 1)
        blocked = replay(game("f4-f2/xe3", first_number=40), SANMILL, start=start, no_progress=98)
        assert blocked.errors == [] and (blocked.outcome.winner, blocked.outcome.reason, blocked.outcome.ply) == (
            "white", "blocked", 1)

    def test_without_before_capture_the_hundredth_ply_captures_first(self) -> None:
        """The same ply under a ruleset that makes the capture first: it resets the count."""
        rules = parse_ruleset("base: sanmill\nno_capture: {limit: 100, reset: placement-or-capture, "
                              "mode: automatic}\n")
        start = setup("a1 a4 d7 f4 d3", "g1 g4 d5 c4 e4")
        captured = replay(game("d7-a7/xd5", first_number=40), rules, start=start, no_progress=99)
        assert captured.errors == [] and captured.outcome is None
        assert [rec.plies_without_capture for rec in captured.records] == [0]
        missing = replay(game("d7-a7", first_number=40), rules, start=start, no_progress=99)
        assert [(e.code, e.ply) for e in missing.errors] == [("missing-capture", 1)]

    def test_a_variation_of_the_first_ply_starts_from_the_carried_count(self) -> None:
        main = plies("d3-d2", first_number=70)
        main[0].variations.append(Variation(plies=plies("f4-f2", first_number=70)))
        r = replay(Game(plies=main), SANMILL, start=ADJOURNED, no_progress=99)
        (branch,) = r.variations
        assert branch.records[0].plies_without_capture == 100
        assert [(d.rule, d.ply) for d in branch.draw_rights] == [("no-capture", 1)]


class TestVariationsCarryTheHistory:
    def test_repetition_counts_positions_before_the_branch(self) -> None:
        """The variation replacing ply 8 repeats ply 8 exactly: the start position then stands for
        the third time (start, after ply 4, after the variation's ply 8)."""
        main = plies(SHUFFLE + " " + SHUFFLE, 30)
        main[7].variations.append(Variation(plies=[dataclasses.replace(main[7], variations=[])]))
        r = replay(Game(plies=main), WMD, start=SHUFFLE_START)
        (variation,) = r.variations
        assert variation.records[0].repetition_count == 3
        assert variation.records[0].earlier_occurrences == [0, 4]
        assert [(d.rule, d.ply) for d in variation.draw_rights] == [("repetition", 8)]

    def test_a_variation_of_a_variation(self) -> None:
        main = plies("d2 d6 f2 f6")
        inner = Variation(plies=[Ply(3, "white", "b2", captures=["d6"])])
        outer = Variation(plies=[Ply(2, "black", "f4"), Ply(3, "white", "b2")])
        outer.plies[1].variations.append(inner)
        main[3].variations.append(outer)
        r = replay(Game(plies=main), WMD)
        (branch,) = r.variations
        assert branch.branch == 4 and only_error(branch) == ("missing-capture", 5)
        (nested,) = branch.variations
        assert nested.branch == 5 and nested.errors == [] and nested.records[0].captures == ["d6"]
        assert [e.code for e in r.all_errors()] == ["missing-capture"]

    def test_a_variation_after_the_end_of_the_game(self) -> None:
        main = plies(BLOCKING_PLACEMENT + " a1-d1")
        main[18].variations.append(Variation(plies=[Ply(10, "white", "a4", "a1")]))
        r = replay(Game(plies=main), WMD)
        (branch,) = r.variations
        assert only_error(branch) == ("after-game-end", 19)


@pytest.mark.parametrize("preset", ["wmd", "sanmill"])
def test_repetition_rights_and_counts_agree_on_generated_games(preset: str) -> None:
    """The replay counts repetitions as it goes (skipping positions with stones in hand,
    which never come back); the ply records count every position from the history.
    A third occurrence gives a draw right in the one exactly where the other counts 3."""
    from muehle.analyzer.play.generate import generate_games

    rules = load_ruleset(preset)
    rights_seen = 0
    for game in generate_games(rules, 7, 150):
        result = replay(game, rules)
        for line in [result, *result.variations]:
            rights = [right.ply for right in line.draw_rights if right.rule == "repetition"]
            third = [record.index for record in line.records if record.repetition_count == 3]
            assert rights == third
            if rules.repetition == "automatic" and third:
                assert (line.outcome.reason, line.outcome.ply) == ("repetition", third[0])
            rights_seen += len(rights)
    assert rights_seen >= 3  # (the games do repeat positions: the test compares something)
