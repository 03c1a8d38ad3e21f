"""The flying threshold (``flying_at``, Sanmill's flyPieceCount), the losing count (``lose_below``,
piecesAtLeastCount) and what a blocked side does (``blocked``: Sanmill's stalemate actions), judged
as Sanmill v7.4.6 judges them: its engine's own games under custom rule sets
(tests/data/sanmill-variants/custom, see the README there) and hand-made positions whose answers
follow Sanmill's source (src/position.cpp, cited at each) and its referee."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from muehle.analyzer.endgames.settings import RulesNotSolved, endgame_rules
from muehle.analyzer.engine.board import lost, mask_of
from muehle.analyzer.engine.core import blocked_end, may_jump, phase_of, play_line
from muehle.analyzer.engine.rules import Ruleset, load_ruleset, parse_ruleset
from muehle.analyzer.engine.setup import replay_record
from muehle.notation.reading.parser import read_file
from muehle.notation.text.errors import FormatError

DATA = Path(__file__).resolve().parents[2] / "data" / "sanmill-variants" / "custom"
VERDICTS: dict[str, Any] = json.loads((DATA / "verdicts.json").read_text(encoding="utf-8"))

#: Each custom rule set of the data as a muehle ruleset (the Sanmill options in verdicts.json).
RULES = {
    "fly4.pgn": "base: sanmill\nflying_at: 4\n",
    "least4.pgn": "base: sanmill\nflying_at: 4\nlose_below: 4\n",
    "stalemate1.pgn": "base: twelve_mens_morris\nblocked: pass\n",
    "stalemate2.pgn": "base: twelve_mens_morris\nblocked: remove-and-move\n",
    "stalemate3.pgn": "base: twelve_mens_morris\nblocked: remove-and-pass\n",
    "stalemate4.pgn": "base: twelve_mens_morris\nblocked: draw\n",
    "stalemate5.pgn": "base: twelve_mens_morris\nblocked: both-remove\n",
}
#: Sanmill's option for each (what verdicts.json says the engine played with).
OPTIONS = {
    "fly4.pgn": {"FlyPieceCount": "4"},
    "least4.pgn": {"FlyPieceCount": "4", "PiecesAtLeastCount": "4"},
    **{f"stalemate{n}.pgn": {"PiecesCount": "12", "HasDiagonalLines": "true", "StalemateAction": str(n)}
       for n in range(1, 6)},
}


def _judged(name: str, rules: Ruleset) -> list[bool]:
    """For each game of ``name``: whether it validates under ``rules`` with Sanmill's winner, reason and ply."""
    agree = []
    for game, expected in zip(read_file(DATA / name), VERDICTS[name]["games"], strict=True):
        result = replay_record(game, rules)
        outcome = result.outcome
        agree.append(not result.errors and outcome is not None and (outcome.winner, outcome.reason, outcome.ply)
                     == (expected["winner"], expected["reason"], expected["ply"]))
    return agree


@pytest.mark.parametrize("name", sorted(RULES))
def test_each_custom_game_is_judged_as_sanmill_judged_it(name: str) -> None:
    assert VERDICTS[name]["options"] == OPTIONS[name]
    assert len(VERDICTS[name]["games"]) == 20
    assert all(_judged(name, parse_ruleset(RULES[name])))


@pytest.mark.parametrize("name, other", [
    ("fly4.pgn", "base: sanmill\n"),
    ("least4.pgn", "base: sanmill\nflying_at: 4\n"),
    ("stalemate1.pgn", "base: twelve_mens_morris\n"),
    ("stalemate2.pgn", "base: twelve_mens_morris\nblocked: remove-and-pass\n"),
    ("stalemate3.pgn", "base: twelve_mens_morris\nblocked: remove-and-move\n"),
    ("stalemate5.pgn", "base: twelve_mens_morris\nblocked: remove-and-move\n"),
])
def test_the_setting_decides_games_of_the_data(name: str, other: str) -> None:
    """The data hold games the setting decides: under the setting next to it some are judged otherwise."""
    assert not all(_judged(name, parse_ruleset(other)))


def test_the_stalemate_data_hold_blocked_sides() -> None:
    for n in (1, 2, 3, 5):
        assert sum(1 for game in VERDICTS[f"stalemate{n}.pgn"]["games"] if game["stalemate_events"]) >= 5
    assert any(game["sanmill"] == "drawStalemateCondition" for game in VERDICTS["stalemate4.pgn"]["games"])


def test_flying_threshold_and_losing_count() -> None:
    """position.cpp 1419 and movegen.cpp 39: a side flies with at most flyPieceCount stones (mayFly);
    1835-1838: fewer than piecesAtLeastCount on board and in hand lose."""
    four, five = mask_of(["a1", "d1", "g1", "b2"]), mask_of(["a1", "d1", "g1", "b2", "f2"])
    assert may_jump(four, 0, True, 4) and not may_jump(five, 0, True, 4) and not may_jump(four, 0, True)
    assert not may_jump(four, 0, False, 4) and not may_jump(four, 1, True, 4)
    assert phase_of(four, 0, True, 4) == "flying" and phase_of(four, 0, True) == "moving"
    three = mask_of(["a1", "d1", "g1"])
    assert lost(three, 0, 4) and not lost(three, 1, 4) and not lost(three, 0)
    # a side with four stones, none of them with a free neighbour, can still fly where flying_at is 4
    own, theirs = mask_of(["a1", "a7", "g1", "g7"]), mask_of(["a4", "d1", "d7", "g4"])
    assert blocked_end(own, theirs, 0, True, "loss", "black", 9) is not None
    assert blocked_end(own, theirs, 0, True, "loss", "black", 9, flying_at=4) is None


def test_a_jump_with_four_stones() -> None:
    """Four White stones, none in hand (White a1 d1 g1 b2, Black a7 d7 g7 c5 e5, White to move):
    the jump b2-f6 is legal only where flying_at is 4."""
    white, black = mask_of(["a1", "d1", "g1", "b2"]), mask_of(["a7", "d7", "g7", "c5", "e5"])
    for flying_at, code in ((4, None), (3, "not-adjacent")):
        rules = parse_ruleset(f"base: sanmill\nflying_at: {flying_at}\n")
        broken, _ = play_line([("f6", "b2", [])], rules, 1, 0, white, black, 0, 0, 0, None, {}, [], [])
        assert (broken.code if broken else None) == code


def test_lose_below_four_ends_the_game_at_the_capture() -> None:
    """White (a1 d1 b2) closes a1-d1-g1 by the jump b2-g1 and captures e5: Black is left with three
    stones (a7 d7 g7), which lose where lose_below is 4 (position.cpp 1835-1838)."""
    white, black = mask_of(["a1", "d1", "b2"]), mask_of(["a7", "d7", "g7", "e5"])
    for lose_below, winner in ((4, "white"), (3, None)):
        rules = parse_ruleset(f"base: sanmill\nflying_at: 4\nlose_below: {lose_below}\n")
        _, outcome = play_line([("g1", "b2", ["e5"])], rules, 1, 0, white, black, 0, 0, 0, None, {}, [], [])
        assert (outcome.winner if outcome else None) == winner


#: Black (a1 a4 a7 d1, four stones: it may not fly) has no free neighbour: a1's are a4 and d1 (its
#: own), a4's a1 a7 b4, a7's a4 d7, d1's a1 g1 d2 (b4 d7 g1 d2 White). White (b4 d7 g1 d2 c4 e3) moves.
_WHITE = mask_of(["b4", "d7", "g1", "d2", "c4", "e3"])
_BLACK = mask_of(["a1", "a4", "a7", "d1"])


def _after(blocked: str, plies: list[Any]) -> tuple[Any, Any, list[Any]]:
    rules = parse_ruleset(f"base: sanmill\nblocked: {blocked}\n")
    steps: list[Any] = []
    broken, outcome = play_line(plies, rules, 1, 0, _WHITE, _BLACK, 0, 0, 0, None, {}, steps, [])
    return broken, outcome, steps


def test_stalemate_actions_on_a_blocked_black() -> None:
    """After White's e3-e4 Black cannot move. Sanmill, check_if_game_is_over (position.cpp 2084-2116)
    and remove_piece (1792-1796): loss; pass (White moves again); remove-and-move (Black removes a White
    stone next to one of its own: b4, d7, g1 or d2, not c4, then moves); remove-and-pass (then White
    moves again); both-remove (then White removes a Black stone next to one of its own, and Black moves)."""
    quiet = ("e4", "e3", [])
    broken, outcome, _ = _after("loss", [quiet])
    assert broken is None and (outcome.winner, outcome.reason, outcome.ply) == ("white", "blocked", 1)
    broken, outcome, steps = _after("pass", [quiet])
    assert broken is None and outcome is None and steps[-1][0][4] == 0  # White to move again
    broken, outcome, steps = _after("remove-and-move", [("e4", "e3", ["b4"])])
    assert broken is None and outcome is None and steps[-1][0][4] == 1 and not steps[-1][0][0] & mask_of(["b4"])
    broken, _, _ = _after("remove-and-move", [("e4", "e3", ["c4"])])
    assert broken is not None and (broken.code, broken.point) == ("removal-not-adjacent", "c4")
    broken, _, _ = _after("remove-and-move", [quiet])
    assert broken is not None and broken.code == "missing-capture"
    broken, _, _ = _after("remove-and-move", [("e4", "e3", ["b4", "d2"])])
    assert broken is not None and (broken.code, broken.point) == ("extra-capture", "d2")
    broken, outcome, steps = _after("remove-and-pass", [("e4", "e3", ["d2"]), ("e5", "e4", [])])
    assert broken is None and outcome is None and len(steps) == 2 and steps[-1][0][4] == 1
    broken, _, steps = _after("both-remove", [("e4", "e3", ["d2", "a4"])])
    assert broken is None and steps[-1][0][4] == 1 and not steps[-1][0][1] & mask_of(["a4"])
    broken, _, _ = _after("both-remove", [("e4", "e3", ["d2"])])
    assert broken is not None and broken.code == "missing-capture"
    # a removal written where Black can move (d2-d3 frees d2 next to d1) is one too many
    broken, _, _ = _after("remove-and-move", [("d3", "d2", ["b4"])])
    assert broken is not None and (broken.code, broken.point) == ("extra-capture", "b4")


def test_the_fields_are_checked() -> None:
    for text, words in (("flying_at: 2", "flying_at: must be a whole number of stones from 3"),
                        ("lose_below: 10", "lose_below: must be a whole number of stones from 3 to the stones of "
                                           "a side (9), not 10"),
                        ("flying_at: four", "flying_at: must be"),
                        ("blocked: skip", "blocked: must be one of loss, draw, pass, remove-and-move, "
                                          "remove-and-pass, both-remove, not 'skip'")):
        with pytest.raises(FormatError, match=re.escape("<ruleset>:2:1: error: " + words)):
            parse_ruleset(f"base: wmd\n{text}\n")


@pytest.mark.parametrize("text, field", [("flying_at: 4", "flying_at: 4"), ("lose_below: 4", "lose_below: 4"),
                                         ("blocked: pass", "blocked: pass")])
def test_the_endgame_tables_refuse_the_settings(text: str, field: str) -> None:
    with pytest.raises(RulesNotSolved, match=field):
        endgame_rules(parse_ruleset(f"base: sanmill\n{text}\n"))
    assert endgame_rules(load_ruleset("sanmill")).name == "flying-capture-when-all-in-mills"
