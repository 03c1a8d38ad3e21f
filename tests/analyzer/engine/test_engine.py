"""The engine's verbs: legal plies, checking and applying a ply, the end of the game."""

from __future__ import annotations

import pytest

from muehle.analyzer.engine import Board, IllegalPly
from muehle.analyzer.engine.board import POINT_INDEX, POINTS, Position, mask_of
from muehle.analyzer.engine.core import phase_of
from muehle.analyzer.engine.replay import replay
from muehle.analyzer.engine.rules import load_ruleset, parse_ruleset
from muehle.analyzer.play.generate import generate_games
from muehle.notation.record.model import Game, Ply


def setup(white: str, black: str, to_move: str = "white", hand_white: int = 0, hand_black: int = 0) -> Position:
    return Position(mask_of(white.split()), mask_of(black.split()), hand_white, hand_black, to_move)


def test_the_first_ply_is_one_of_24_placements() -> None:
    board = Board("wmd")
    plies = board.legal_plies()
    assert len(plies) == 24 and all(origin is None and captures == () for _, origin, captures in plies)


def test_a_stone_moves_only_along_a_line_to_a_free_point() -> None:
    """a1's neighbours are a4 and d1; a4 is Black's, so a1-d1 is White's one move from a1.
    d1 also has d2 and g1."""
    board = Board("wmd", setup("a1 d1 b4 f4", "a4 g7 g4 c5"))
    moves = {(origin, target) for target, origin, _ in board.legal_plies()}
    assert ("a1", "d1") not in moves  # (own stone on d1)
    assert {("d1", "d2"), ("d1", "g1")} <= moves and not any(origin == "a1" for origin, _ in moves)


def test_a_ply_closing_a_mill_comes_with_each_capture_it_may_make() -> None:
    """White d2 closes b2-d2-f2; Black's a7 and g1 are capturable, d7-d6-d5 is a closed mill."""
    board = Board("wmd", setup("b2 f2", "a7 g1 d7 d6 d5", hand_white=7, hand_black=4))
    closing = sorted(captures for target, _, captures in board.legal_plies() if target == "d2")
    assert closing == [("a7",), ("g1",)]


def test_check_names_the_broken_rule_and_apply_refuses_it() -> None:
    board = Board("wmd")
    board.apply(("d2", None, []))
    broken = board.check(("d2", None, []))
    assert broken is not None and (broken.code, broken.point) == ("occupied", "d2")
    with pytest.raises(IllegalPly, match=r"^illegal ply d2: d2 is already occupied by a White stone \[occupied\]$") as raised:
        board.apply(Ply(1, "black", "d2"))
    assert raised.value.broken.code == "occupied"
    assert board.position == Position(mask_of(["d2"]), 0, 8, 9, "black")  # unchanged


@pytest.mark.parametrize(("rules", "due"), [
    ("wmd", {(1, "place"): 1, (1, "move"): 1, (2, "place"): 2, (2, "move"): 1, (2, "jump"): 1}),  # WMD 1.1
    ("schuermann", {(1, "place"): 1, (1, "move"): 1, (2, "place"): 2, (2, "move"): 2, (2, "jump"): 2}),  # 11
    ("sanmill", {(1, "place"): 1, (1, "move"): 1, (2, "place"): 1, (2, "move"): 1, (2, "jump"): 1}),
])
def test_captures_due_follow_the_rulesets_double_mill_rule(rules: str, due: dict[tuple[int, str], int]) -> None:
    """WMD 1.1: a double mill closed while placing takes two stones; Schürmann/Nüscheler 11:
    a double mill takes two stones in any phase; Sanmill (by default) one."""
    board = Board(rules)
    assert {(mills, kind): board.captures_due(mills, kind) for mills, kind in due} == due
    assert board.captures_due(0, "place") == 0


def test_the_capture_that_leaves_two_stones_ends_the_game() -> None:
    """White d2-d3 closes c3-d3-e3 and takes a7: Black keeps two stones and has lost."""
    board = Board("wmd", setup("c3 e3 d2 a1", "a7 g7 g1"))
    assert board.captures_due(1, "move") == 1 and board.capturable() == mask_of(["a7", "g7", "g1"])
    board.apply(("d3", "d2", ["a7"]))
    outcome = board.outcome()
    assert (outcome.winner, outcome.reason, outcome.ply) == ("white", "fewer-than-three", 1)
    assert board.legal_plies() == []
    assert board.check(("g4", "g7", [])).code == "after-game-end"


def test_a_side_with_three_stones_jumps() -> None:
    board = Board("wmd", setup("a1 b4 c5", "g7 f6 e5 d6"))
    assert phase_of(board.position.white, 0, True) == "flying"
    assert len(board.legal_plies()) == 3 * (24 - 7)
    assert Board("wmd-traditional", board.position).is_legal(("g1", "a1", []))
    assert not Board(parse_ruleset("base: wmd\nflying: false\n"), board.position).is_legal(("g1", "a1", []))


def test_the_board_counts_repetitions_and_the_no_progress_rule() -> None:
    """Under sanmill the positions reached by moves count: a four-ply shuffle from a set-up
    position brings the position after its first ply about the third time at ply 9."""
    board = Board("sanmill", setup("a1 b4 c4 d3 f2", "g7 e4 e5 d6 f6"))
    shuffle = [("d1", "a1", []), ("g4", "g7", []), ("a1", "d1", []), ("g7", "g4", [])]
    for ply in shuffle * 2 + shuffle[:1]:
        board.apply(ply)
    outcome = board.outcome()
    assert (outcome.winner, outcome.reason, outcome.ply) == (None, "repetition", 9)
    assert board.counter == 9 and [right.rule for right in board.draw_rights] == ["repetition"]


def test_both_sides_below_three_stones_is_a_draw() -> None:
    """The leaflet (004): "Sollten beide Spieler jeweils maximal noch zwei Spielsteine
    besitzen, endet das Spiel unentschieden"; a set-up position can show it."""
    start = setup("a1 a4", "g1 g4")
    outcome = Board("wmd", start).outcome()
    assert (outcome.winner, outcome.reason, outcome.ply) == (None, "fewer-than-three", 0)
    r = replay(Game(plies=[Ply(1, "white", "d1", "a1")]), "wmd", start=start)
    assert [error.code for error in r.errors] == ["after-game-end"]
    assert r.errors[0].message == ("1. a1-d1: the game was already over at the start "
                                   "(both have fewer than three stones)")


def test_one_side_below_three_stones_has_lost() -> None:
    outcome = Board("wmd", setup("a1 a4", "g1 g4 g7")).outcome()
    assert (outcome.winner, outcome.reason) == ("black", "fewer-than-three")


@pytest.mark.parametrize("name", ["wmd", "sanmill", "schuermann"])
def test_every_generated_ply_is_one_of_the_legal_plies(name: str) -> None:
    rules = load_ruleset(name)
    for game in generate_games(rules, 5, 20):
        board = Board(rules)
        for ply in game.plies:
            assert (ply.target, ply.origin, tuple(ply.captures)) in board.legal_plies()
            board.apply(ply)


@pytest.mark.parametrize("name", ["wmd", "schuermann", "sanmill"])
def test_the_legal_plies_are_exactly_those_the_core_accepts(name: str) -> None:
    """The board's generator and the core agree both ways: every ply it lists is accepted, and
    every placement, move or jump the core accepts (with some captures) is listed, with every
    set of captures the core accepts for it."""
    rules = load_ruleset(name)
    for game in generate_games(rules, 11, 4):
        board = Board(rules)
        for ply in game.plies:
            listed = board.legal_plies()
            assert all(board.is_legal(listed_ply) for listed_ply in listed)
            own = board.position.white if board.position.to_move == "white" else board.position.black
            in_hand = board.position.in_hand(board.position.to_move)
            origins = [None] if in_hand else [point for point in POINTS if own >> POINT_INDEX[point] & 1]
            for origin in origins:
                for target in POINTS:
                    broken = board.check((target, origin, []))
                    if broken is None:
                        assert (target, origin, ()) in listed
                    elif broken.code == "missing-capture":
                        theirs = [point for point in POINTS if broken.theirs >> POINT_INDEX[point] & 1]
                        accepted = [(point,) for point in theirs if board.is_legal((target, origin, [point]))]
                        accepted += [(first, second) for first in theirs for second in theirs
                                     if first != second and board.is_legal((target, origin, [first, second]))]
                        choices = [captures for t, o, captures in listed if (t, o) == (target, origin)]
                        assert choices and all(choice in accepted for choice in choices)
                        assert {frozenset(choice) for choice in choices} == {frozenset(c) for c in accepted}
            board.apply(ply)

