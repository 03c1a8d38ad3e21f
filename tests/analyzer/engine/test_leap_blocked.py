"""A side whose only plies are leaps (``leap_capture``: Sanmill's ``leapCapture``) can play: the
core's :func:`has_legal_ply` counts a leap over an enemy stone it may capture, as Sanmill's
``Position::is_all_surrounded`` does (src/position.cpp 3182-3216, ``hasLeapMove``). The line below
was found by playing random games under the ruleset; Sanmill's referee (/work/tools/referee,
``setoption name LeapCaptureEnabled value true``, ``replay`` of the line) answers: moving phase,
Black to move, no winner, legal actions ``g1-g7,b2-b6,f2-f6``; and after ``b2-b6 xb4`` the game goes
on. Without the leap capture the referee ends the game there: ``winner=white
reason=loseNoLegalMoves``."""

from __future__ import annotations

from muehle.analyzer.engine import Board
from muehle.analyzer.engine.board import mask_of
from muehle.analyzer.engine.core import has_legal_ply
from muehle.analyzer.engine.rules import load_ruleset, parse_ruleset
from muehle.analyzer.engine.setup import replay_record
from muehle.notation.record.model import Game
from written_plies import plies_of

LEAP = parse_ruleset("base: sanmill\nname: leap\nleap_capture: true\n")

#: 27 plies: Black (to move) has no free neighbour, but three leaps.
LINE = ["f6", "c4", "d2", "b4", "d1", "g1", "b6", "b2", "c5", "f4", "e5", "e3", "c3", "a1", "a4", "d3", "g4",
        "e4", "a4-a7", "f4-f2", "a7-d7", "b4-a4", "d7-a7", "c4-b4", "f6-f4", "b4-c4", "b6-b4"]


def _game(texts: list[str]) -> Game:
    return Game(tags={"Event": "leap"}, plies=plies_of(texts))


def test_a_side_with_only_leaps_is_not_blocked() -> None:
    replayed = replay_record(_game(LINE), LEAP)
    assert replayed.errors == [] and replayed.outcome is None
    board = Board(LEAP)
    for text in LINE:
        board.push(text)
    assert board.outcome() is None
    assert sorted(str(ply) for ply in board.legal_plies()) == ["b2-b6/xb4", "f2-f6/xf4", "g1-g7/xg4"]
    after = replay_record(_game([*LINE, "b2-b6/xb4"]), LEAP)
    assert after.errors == [] and after.outcome is None


def test_without_the_leap_capture_the_same_side_is_blocked() -> None:
    outcome = replay_record(_game(LINE), load_ruleset("sanmill")).outcome
    assert outcome is not None and (outcome.winner, outcome.reason, outcome.ply) == ("white", "blocked", 27)


def test_has_legal_ply_asks_the_leaps_of_the_rulesets_kinds() -> None:
    board = Board(LEAP)
    for text in LINE:
        board.push(text)
    white, black = board.key[:2]
    kinds = LEAP.capture_kinds
    assert not has_legal_ply(black, white | black, 0, True, LEAP.geometry, 3)
    assert has_legal_ply(black, white | black, 0, True, LEAP.geometry, 3, kinds, LEAP.capture_from_mill)
    # a leap lands on a free point behind an enemy stone: a1 over a4 to a7, g4 over f4 to e4, d1 over d2 to d3
    own = mask_of(["a1", "d1", "g1", "g4"])
    enemy = mask_of(["a4", "d2", "f2", "f4", "g7"])
    assert has_legal_ply(own, own | enemy, 0, True, LEAP.geometry, 3, kinds, LEAP.capture_from_mill)
    assert not has_legal_ply(own, own | enemy | mask_of(["a7", "e4", "d3"]), 0, True, LEAP.geometry, 3, kinds,
                             LEAP.capture_from_mill)


def test_a_leap_over_a_stone_in_a_mill_is_no_ply() -> None:
    """Sanmill's ``checkLeapCapture`` (src/position.cpp 2868-2900) takes the stone leapt over only where a
    mill's capture could take it: not in a closed mill while the side has others
    (``mayRemoveFromMillsAlways`` false), so the leap a1-a7 over a4 of the mill a4-b4-c4 is none."""
    own = mask_of(["a1", "d1", "g1", "g4"])
    enemy = mask_of(["a4", "b4", "c4", "d2", "f2", "f4", "g7", "d3", "e4"])
    kinds = LEAP.capture_kinds
    assert not has_legal_ply(own, own | enemy, 0, True, LEAP.geometry, 3, kinds, LEAP.capture_from_mill)
    assert has_legal_ply(own, own | enemy, 0, True, LEAP.geometry, 3, kinds, "always")
    assert has_legal_ply(own, own | enemy & ~mask_of(["c4"]), 0, True, LEAP.geometry, 3, kinds, LEAP.capture_from_mill)
