"""A side that cannot play: the core asks it after a line's last ply and before a refused ply
(a legal ply shows that its side could play), with the same result as after every ply.

The position: Black a1 d1 g1 a4 (four stones: no flying), whose free neighbours are d2, g4, a7
and b4; White d2 g4 a7 c4 holds three of them, White to move. 1. c4-b4 takes the fourth: Black
cannot move and has lost (WMD 10.2), or under ``blocked: draw`` the game is drawn.
"""

from __future__ import annotations

from dataclasses import replace

from muehle.analyzer.engine import core
from muehle.analyzer.engine.board import Position, mask_of
from muehle.analyzer.engine.events import Outcome
from muehle.analyzer.engine.position import Board
from muehle.analyzer.engine.replay import replay
from muehle.analyzer.engine.rules import load_ruleset
from muehle.notation.record.model import Game, Ply

WHITE, BLACK = mask_of(["d2", "g4", "a7", "c4"]), mask_of(["a1", "d1", "g1", "a4"])
START = Position(WHITE, BLACK, 0, 0, "white")
BLOCKING = Ply(1, "white", "b4", "c4")


def test_the_blocking_ply_ends_the_game_after_it() -> None:
    line = replay(Game(plies=[BLOCKING]), "wmd", start=START)
    assert line.errors == [] and line.outcome == Outcome("white", "blocked", 1)
    board = Board("wmd", START)
    board.apply(("b4", "c4", []))
    assert board.outcome() == Outcome("white", "blocked", 1) and board.legal_plies() == []


def test_under_blocked_draw_it_is_a_draw() -> None:
    rules = replace(load_ruleset("wmd"), name="blocked-draw", blocked="draw")
    assert replay(Game(plies=[BLOCKING]), rules, start=START).outcome == Outcome(None, "blocked", 1)


def test_a_ply_after_it_is_one_after_the_end_whatever_else_it_breaks() -> None:
    """Black's a4-b4 (occupied), a1-a7 (occupied), d1-d3 (not adjacent) and a placement (none in
    hand) would each break a rule of their own; after the block each is a ply after the end."""
    for after in (Ply(1, "black", "b4", "a4"), Ply(1, "black", "a7", "a1"), Ply(1, "black", "d3", "d1"),
                  Ply(1, "black", "e4"), Ply(1, "black", "z9", "a1")):
        line = replay(Game(plies=[BLOCKING, after]), "wmd", start=START)
        assert [(error.code, error.ply) for error in line.errors] == [("after-game-end", 2)], after
        assert line.outcome == Outcome("white", "blocked", 1)


def test_without_the_block_the_same_refused_plies_break_their_own_rules() -> None:
    """White's c4-c5 leaves b4 free: Black can play, so its refused plies are refused for themselves."""
    quiet = Ply(1, "white", "c5", "c4")
    codes = {}
    for after in (Ply(1, "black", "a7", "a1"), Ply(1, "black", "d3", "d1"), Ply(1, "black", "e4")):
        line = replay(Game(plies=[quiet, after]), "wmd", start=START)
        codes[after.move_text] = line.errors[0].code
        assert line.outcome is None
    assert codes == {"a1-a7": "occupied", "d1-d3": "not-adjacent", "e4": "must-move"}


def test_a_side_that_can_still_play_is_not_blocked() -> None:
    assert core.blocked_end(BLACK, WHITE, 0, False, "loss", "white", 0) is None  # (b4 free)
    walled = WHITE & ~mask_of(["c4"]) | mask_of(["b4"])
    assert core.blocked_end(BLACK, walled, 0, False, "loss", "white", 1) == Outcome("white", "blocked", 1)
    assert core.blocked_end(BLACK, walled, 0, True, "loss", "white", 1) == Outcome("white", "blocked", 1)  # (4 stones)
    assert core.blocked_end(BLACK, walled, 1, False, "loss", "white", 1) is None  # (a stone in hand is placed)
    assert core.blocked_end(BLACK, walled, 0, False, "draw", "white", 1) == Outcome(None, "blocked", 1)
    assert core.start_outcome(walled, BLACK, 0, 0, True, True) == Outcome("white", "blocked", 0)
