"""The one map between a line's plies as written and the engine's plies (its steps), where the two
part: a ply of removals alone (``13. xg7xd5``) whose removals the engine joins to the captures of
the ply before, and removals at the end of placing (``board_full``, ``mill-counts``) that the
engine makes steps of their own, written with the placement before them. Each value below is
worked out by hand from the record: which written ply each step is, its captures, the written
ply that holds each, how many steps come before a written ply, and where a refused ply is."""

from __future__ import annotations

import bisect
import re
from pathlib import Path

import pytest

from muehle.analyzer.engine.core import Broken
from muehle.analyzer.engine.replay import _PlyMap, replay
from muehle.analyzer.engine.rules import load_ruleset, parse_ruleset
from muehle.analyzer.engine.setup import replay_record
from muehle.notation.reading.parser import read_file, read_games
from sanmill_custom import CUSTOM_RULES

DATA = Path(__file__).resolve().parents[2] / "data" / "sanmill-variants"


def _step(kind: str, due: int = 0) -> tuple:
    """A step as the core keeps it, of which the map reads the kind and the captures due (a side's
    removals in a row, for a ``"remove"`` step)."""
    return ((), kind, [], 0, due, 1)


#: ``12. g7 a7xg4xb2xd3 13. xg7xd5 c3-d3xd6`` (El Filja's game 25, from its 23rd ply): Black's a7
#: ends the placing; White removes g4, b2 and d3 (written with a7), Black g7 and d5 (written alone).
PLIES = [("g7", None, []), ("a7", None, ["g4", "b2", "d3"]), ("", None, ["g7", "d5"]), ("d3", "c3", ["d6"])]
STEPS = [_step("place"), _step("place"), _step("remove", 3), _step("remove", 2), _step("move", 1)]


def test_each_step_is_a_written_ply_with_the_captures_it_made() -> None:
    owners = _PlyMap(PLIES, STEPS)
    # g7; a7 without removals; White's three (a7's); Black's two (13. xg7xd5's); c3-d3 (None: all its ply's own)
    assert owners.places == [0, 1, 1, 2, 3]
    assert owners.captures == [None, [], ["g4", "b2", "d3"], ["g7", "d5"], None]
    assert owners.holders == [None, [], [1, 1, 1], [2, 2], None]
    assert (owners.first, owners.end, owners.held) == (4, 4, 4)


def test_the_steps_before_a_written_ply_are_those_of_the_plies_before_it() -> None:
    owners = _PlyMap(PLIES, STEPS)
    # before 13. xg7xd5: g7, a7 and White's removals; before c3-d3: Black's removals too
    assert [bisect.bisect_left(owners.places, place) for place in range(5)] == [0, 1, 3, 4, 5]


def test_a_removal_step_is_the_ply_that_holds_its_first_removal() -> None:
    """The removals split elsewhere: White's d3 in the ply of removals alone, or all of them there."""
    split = [PLIES[0], ("a7", None, ["g4", "b2"]), ("", None, ["d3", "g7", "d5"]), PLIES[3]]
    owners = _PlyMap(split, STEPS)
    assert owners.places == [0, 1, 1, 2, 3]
    assert owners.captures[2:4] == [["g4", "b2", "d3"], ["g7", "d5"]]
    assert owners.holders[2:4] == [[1, 1, 2], [2, 2]]
    alone = [PLIES[0], ("a7", None, []), ("", None, ["g4", "b2", "d3", "g7", "d5"]), PLIES[3]]
    owners = _PlyMap(alone, STEPS)
    assert owners.places == [0, 1, 2, 2, 3] and owners.holders[2:4] == [[2, 2, 2], [2, 2]]
    assert [bisect.bisect_left(owners.places, place) for place in range(4)] == [0, 1, 2, 4]


def test_the_placers_own_removals_are_its_placements_step() -> None:
    """The placer removes first (mill-counts with the defender first: Black, then White): its two
    removals are in its placement's step (which says two were due), White's one a step of its own."""
    plies = [("a1", None, []), ("c4", None, ["f2", "a4", "b4"]), ("d2", "d1", [])]
    owners = _PlyMap(plies, [_step("place"), _step("place", 2), _step("remove", 1), _step("move")])
    assert owners.places == [0, 1, 1, 2]
    assert owners.captures == [None, ["f2", "a4"], ["b4"], None]
    assert owners.holders == [None, [1, 1], [1], None]


@pytest.mark.parametrize("steps, broken, place", [
    # Black's removal d5 refused, White's made: the ply of removals alone holds it
    (STEPS[:3], Broken("capture-empty-or-own", 26, 1, point="d5", removal=True), 2),
    # one missing: the last of the plies joined
    (STEPS[:3], Broken("full-board-removal", 26, 1, removal=True), 2),
    # White's b2 refused, no removal made: a7 holds it
    (STEPS[:2], Broken("protected-stone", 25, 0, point="b2", removal=True), 1),
    # the next ply's capture refused: the ply itself; its target: the ply itself
    (STEPS[:4], Broken("capture-empty-or-own", 27, 0, "d3", "c3", point="d6"), 3),
    (STEPS[:4], Broken("not-adjacent", 27, 0, "d3", "c3", point="c3"), 3),
    # a blocked side's removal written alone after the ply (1. e3-e4 1... xc4), refused: the ply that holds it
    ([], Broken("removal-not-adjacent", 1, 0, "e4", "e3", point="c4"), 1),
])
def test_a_refused_ply_is_the_written_ply_that_holds_what_was_refused(steps: list, broken: Broken,
                                                                      place: int) -> None:
    plies = PLIES if steps else [("e4", "e3", []), ("", None, ["c4"])]
    assert _PlyMap(plies, steps).place_of(broken, plies, steps) == place


def test_a_refused_removal_of_a_ply_of_removals_alone_is_located_there() -> None:
    """Game 25 with Black's second removal e4 (its own stone) written in 13. xg7xe4 (line 23)."""
    games = re.split(r"\n(?=\[Event)", (DATA / "el_filja.pgn").read_text(encoding="utf-8"))
    (game,) = read_games(games[24].replace("13. xg7xd5 ", "13. xg7xe4 "))
    result = replay_record(game, load_ruleset("el_filja"))
    (error,) = result.errors
    assert (error.code, error.ply, error.move, error.line, error.column) == (
        "capture-empty-or-own", 26, "xg7/xe4", 23, 5)
    owners = result._ply_map
    assert owners is not None and owners.places[22:] == [22, 23, 23]  # (12. g7, 12... a7, White's removals)


def test_el_filjas_game_as_replayed() -> None:
    """Game 25 as the engine plays it: 24 placements (places 0-23), White's removals (23), Black's
    (24: 13. xg7xd5), then one step per written ply, 25 written plies after the placing."""
    games = re.split(r"\n(?=\[Event)", (DATA / "el_filja.pgn").read_text(encoding="utf-8"))
    (game,) = read_games(games[24])
    result = replay_record(game, load_ruleset("el_filja"))
    assert result.errors == [] and len(game.plies) == 40 and len(result.steps) == 41
    owners = result._ply_map
    assert owners is not None
    assert owners.places == [*range(24), 23, *range(24, 40)]
    assert owners.captures[23:27] == [[], ["g4", "b2", "d3"], ["g7", "d5"], None]
    assert bisect.bisect_left(owners.places, 24) == 25 and bisect.bisect_left(owners.places, 25) == 26 and owners.end == 40


def test_a_board_full_line_maps_its_removals() -> None:
    """remove-both: Black's g4 fills the board; White's d7 is written with it, Black's b2 alone."""
    filling = ("1. a1 a7\n2. a4 b4\n3. b2 b6\n4. c3 c4\n5. c5 d3\n6. d1 d6\n7. d2 d7\n8. d5 e3\n9. e4 e5\n"
               "10. f4 f2\n11. f6 g1\n12. g7 g4xd7\n")
    rules = parse_ruleset("base: sanmill\nstones: 12\nboard_full: remove-both\n", default_name="full-remove-both")
    (game,) = read_games(filling + "13. xb2 d2-b2\n14. a7-d7 *\n")
    result = replay(game, rules)
    owners = result._ply_map
    assert result.errors == [] and owners is not None
    assert owners.places[23:] == [23, 23, 24, 25, 26]
    assert owners.captures[23:] == [[], ["d7"], ["b2"], None, None]
    # written together: both removals are g4's
    (together,) = read_games(filling.replace("g4xd7", "g4xd7xb2") + "13. d2-b2 a7-d7 *\n")
    owners = replay(together, rules)._ply_map
    assert owners is not None and owners.places[23:] == [23, 23, 23, 24, 25]
    assert owners.captures[23:26] == [[], ["d7"], ["b2"]] and owners.holders[24:26] == [[23], [23]]


def test_a_refused_removal_of_the_placer_that_removes_first_is_its_placement() -> None:
    """Nerenchi under remove-one (the defender, Black, removes after its placement, in the same ply):
    game 8 of fullone_defender.pgn ends with 12... c4xf2 (line 258: c4 at column 8). Its b4 instead
    is Black's own stone, refused at c4's ply, not the ply before (12. d5); so is a missing removal."""
    rules = parse_ruleset(CUSTOM_RULES["fullone_defender.pgn"], default_name="fullone_defender")
    game = list(read_file(DATA / "custom" / "fullone_defender.pgn"))[7]
    owners = replay_record(game, rules)._ply_map
    assert owners is not None and owners.places == list(range(24)) and owners.captures[23] is None
    for captures, code in ((["b4"], "capture-empty-or-own"), ([], "full-board-removal")):
        game.plies[23].captures = captures
        (error,) = replay_record(game, rules).errors
        assert (error.code, error.line, error.column, error.move) == (code, 258, 8, game.plies[23].move_text)
        assert error.message.startswith("12... c4")
    # (the missing removal's message names its side: Black, the defender, removes a White stone)
    assert "Black removes a White stone (board_full: remove-one, defender_first)" in error.message


def test_the_nine_stone_game_has_no_map() -> None:
    (game,) = read_games("1. a1 d2 2. a4 d6 3. a7xd2 *\n")
    result = replay(game, load_ruleset("wmd"))
    assert result.errors == [] and result._ply_map is None
    assert [record.captures for record in result.records] == [[], [], [], [], ["d2"]]
    assert result.records[4].captures is game.plies[4].captures  # (the record's captures are the game's own)


#: El Filja's game 25 up to Black's last placement, a7, under the defender first: by the mills on the
#: board White removes three stones and Black two (as in the game), Black first (placing_rules'
#: removers_at_placing_end), in the ply of its placement; then White's three, a step of its own.
_DEFENDER_FIRST = ('[Event "x"]\n\n1. g1 e4 2. f4 b4 3. d2 d6 4. d5 a4 5. c4 d7 6. d1 d3 7. a1 g4 8. f2 b2 9. f6 b6 '
                   "10. c5 e5 11. c3 e3 12. g7 a7xg7xd5xg4xb2xd3 *\n")


@pytest.mark.parametrize("text, white_removals_at", [
    (_DEFENDER_FIRST, "12... a7/xg7/xd5/xg4/xb2/xd3"),
    (_DEFENDER_FIRST.replace("xg4xb2xd3 *", "\n13. xg4xb2xd3 *"), "13. xg4/xb2/xd3"),
])
def test_the_placer_that_removes_first_keeps_its_removals_in_its_placement(text: str, white_removals_at: str) -> None:
    rules = parse_ruleset("base: el_filja\ndefender_first: true\n", default_name="el_filja-defender-first")
    (game,) = read_games(text)
    result = replay(game, rules)
    assert result.errors == []
    made = [(record.index, record.ply.label(), record.side, record.kind, record.captures)
            for record in result.records[23:]]
    assert made == [(24, game.plies[23].label(), "black", "place", ["g7", "d5"]),
                    (25, white_removals_at, "white", "remove", ["g4", "b2", "d3"])]


def test_the_missing_removals_at_the_end_of_placing_name_who_removes_first() -> None:
    """El Filja's game 25 placed to the end with none of its removals written (Sanmill's record has White
    remove three stones after 12... a7 and Black two: five): White removes first, unless the defender
    moves first (then Black)."""
    (game,) = read_games("1. g1 e4\n2. f4 b4\n3. d2 d6\n4. d5 a4\n5. c4 d7\n6. d1 d3\n7. a1 g4\n8. f2 b2\n"
                         "9. f6 b6\n10. c5 e5\n11. c3 e3\n12. g7 a7\n13. e3-f4 *\n")
    for extra, order in (("", "White, then Black"), ("defender_first: true\n", "Black, then White")):
        (error,) = replay(game, parse_ruleset("base: el_filja\n" + extra, default_name="filja")).errors
        assert error.code == "full-board-removal" and error.message.startswith(
            f"12... a7: placing has ended: {order}, remove 5 stones in all by the count of mills")
