"""The replay of a ply made of removals alone (``13. xg7xd5``, Sanmill's export of removals spilling
over into the next move number): its removals follow the captures of the ply before, as if written
with it, so the engine sees all the removals that ply brings; an error about one of them is
located at the written ply that holds it. Where no removal is due (``wmd``), it is refused there.

The El Filja records are Sanmill's (tests/data/sanmill-variants/el_filja.pgn, games 25 and 26);
the removal-both record is the one Sanmill's ``Position`` played in test_board_full_removals.py,
the blocked position the one of test_stalemate.py."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from muehle.analyzer.engine.board import Position, mask_of
from muehle.analyzer.engine.replay import replay
from muehle.analyzer.engine.rules import load_ruleset, parse_ruleset
from muehle.analyzer.engine.setup import replay_record
from muehle.notation.reading.parser import read_games
from muehle.notation.text.i18n import language
from runner import run

DATA = Path(__file__).resolve().parents[2] / "data" / "sanmill-variants"
VERDICTS = json.loads((DATA / "verdicts.json").read_text(encoding="utf-8"))["el_filja.pgn"]["games"]


def _el_filja(number: int) -> str:
    return re.split(r"\n(?=\[Event)", (DATA / "el_filja.pgn").read_text(encoding="utf-8"))[number - 1]


def _errors(text: str, rules, start=None) -> list[tuple]:
    game = list(read_games(text, "t"))[0]
    assert not game.errors
    result = replay(game, rules, start) if start is not None else replay_record(game, rules)
    return [(error.code, error.line, error.column, error.message) for error in result.all_errors()]


@pytest.mark.parametrize("number", [25, 26])
def test_el_filjas_spilled_removals_are_judged_as_sanmill_did(number: int) -> None:
    game = list(read_games(_el_filja(number), "t"))[0]
    result = replay_record(game, load_ruleset("el_filja"))
    expected = VERDICTS[number - 1]
    assert result.errors == []
    assert (result.outcome.winner, result.outcome.reason, result.outcome.ply) == (
        expected["winner"], expected["reason"], expected["ply"])


def test_the_removals_are_the_plies_of_the_sides_that_make_them() -> None:
    """Game 25: Black's a7 empties the hands; White removes three of Black's stones, g4 b2 d3, written
    with a7; Black removes g7 and d5, written as 13. xg7xd5; then White moves c3-d3 and captures d6."""
    game = list(read_games(_el_filja(25), "t"))[0]
    records = replay_record(game, load_ruleset("el_filja")).records
    made = [(record.index, record.ply.label(), record.side, record.kind, record.captures) for record in records[23:27]]
    assert made == [(24, "12... a7/xg4/xb2/xd3", "black", "place", []),
                    (25, "12... a7/xg4/xb2/xd3", "white", "remove", ["g4", "b2", "d3"]),
                    (26, "13. xg7/xd5", "black", "remove", ["g7", "d5"]),
                    (27, "13... c3-d3/xd6", "white", "move", ["d6"])]


@pytest.mark.parametrize("old, new, code, line, column, message", [
    # Black removes one stone where it has two to remove: White three, Black two, as Sanmill's own record
    # has them (calculate_removal_based_on_mill_counts, position.cpp 2168-2207)
    ("13. xg7xd5 ", "13. xg7 ", "full-board-removal", 23, 5,
     "13. xg7: placing has ended: White, then Black, remove 5 stones in all by the count of mills on the board "
     "(mill_while_placing: mill-counts), written after the placement"),
    ("13. xg7xd5 ", "13. xg7xd5xa1 ", "full-board-removal", 23, 5,
     "13. xg7/xd5/xa1: placing has ended: White, then Black, remove 5 stones in all by the count of mills on the "
     "board (mill_while_placing: mill-counts), and no more"),
    ("13. xg7xd5 ", "13. xg7xe4 ", "capture-empty-or-own", 23, 5, "13. xg7/xe4: e4 holds Black's own stone"),
    # the same refusal in the removals glued to the placement is the placement's
    ("a7xg4xb2xd3", "a7xg4xb2xa1", "capture-empty-or-own", 22, 8, "12... a7/xg4/xb2/xa1: a1 holds White's own"),
])
def test_a_refused_removal_is_located_at_the_written_ply_that_holds_it(old: str, new: str, code: str, line: int,
                                                                      column: int, message: str) -> None:
    text = _el_filja(25).replace(old, new)
    assert text != _el_filja(25)
    errors = _errors(text, load_ruleset("el_filja"))
    assert [(c, ln, col) for c, ln, col, _ in errors] == [(code, line, column)]
    assert errors[0][3].startswith(message)


@pytest.mark.parametrize("split", ["a7xg4xb2\n13. xd3xg7xd5", "a7\n13. xg4xb2xd3xg7xd5"])
def test_the_removals_may_be_split_anywhere(split: str) -> None:
    text = _el_filja(25).replace("a7xg4xb2xd3\n13. xg7xd5", split)
    assert _errors(text, load_ruleset("el_filja")) == []


def test_under_wmd_a_removal_where_none_is_due_is_refused_at_it() -> None:
    """No mill: d1 captures nothing, and the removal written after it is one capture too many."""
    text = '[Event "x"]\n\n1. a1 d1\n2. xa1 g7 *\n'
    assert _errors(text, load_ruleset("wmd")) == [
        ("extra-capture", 4, 4, "2. xa1: no mill is closed, so no stone may be captured")]


def test_at_the_start_of_a_line_it_follows_no_ply() -> None:
    text = '[Event "x"]\n\n1. xa1 d1 *\n'
    assert _errors(text, load_ruleset("wmd")) == [
        ("removal-alone", 3, 4, "1. xa1: a ply of removals alone follows no ply of its line: no removal is due here")]
    with language("de"):
        assert _errors(text, load_ruleset("wmd"))[0][3] == (
            "1. xa1: ein Halbzug aus Entfernungen allein folgt keinem Halbzug seiner Linie: hier ist keine "
            "Entfernung fällig")
    variation = '[Event "x"]\n\n1. a1 (1. xd1) d1 *\n'
    assert [(code, line, column) for code, line, column, _ in _errors(variation, load_ruleset("wmd"))] == [
        ("removal-alone", 3, 11)]


def test_validate_reports_it_with_its_place_and_exit_1(tmp_path: Path) -> None:
    path = tmp_path / "spilled.txt"
    path.write_text('[Event "x"]\n\n1. a1 d1\n2. xa1 g7 *\n', encoding="utf-8")
    result = run("validate", str(path))
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"{path}:4:4: error: game 1: 2. xa1: no mill is closed, so no stone may be captured [extra-capture]" \
        in result.output
    path.write_text('[Event "x"]\n\n1. xa1 d1 *\n', encoding="utf-8")
    result = run("validate", str(path))
    assert result.exit_code == 1 and f"{path}:3:4: error: game 1: 1. xa1: " in result.output
    assert "[removal-alone]" in result.output
    result = run("validate", "--rules", "el_filja", str(DATA / "el_filja.pgn"))
    assert result.exit_code == 0 and result.output.splitlines()[-1] == "30 games, 30 valid, 0 invalid"


# --- board_full remove-both: White removes d7, then Black b2 (written apart: 13. xb2) ---------------------

#: Twelve placements each that close no mill and fill the board: Black's g4 is the last (as in
#: test_board_full_removals.py, Sanmill's own game with BoardFullAction 1).
FILLING = ("1. a1 a7\n2. a4 b4\n3. b2 b6\n4. c3 c4\n5. c5 d3\n6. d1 d6\n7. d2 d7\n8. d5 e3\n9. e4 e5\n"
           "10. f4 f2\n11. f6 g1\n12. g7 g4xd7\n")


def _remove_both():
    return parse_ruleset("base: sanmill\nstones: 12\nboard_full: remove-both\n", default_name="full-remove-both")


def test_remove_both_takes_the_second_removal_from_a_ply_of_its_own() -> None:
    game = list(read_games(FILLING + "13. xb2 d2-b2\n14. a7-d7 *\n", "t"))[0]
    result = replay_record(game, _remove_both())
    assert result.errors == []
    made = [(record.index, record.ply.label(), record.side, record.kind, record.captures) for record in
            result.records[23:27]]
    assert made == [(24, "12... g4/xd7", "black", "place", []), (25, "12... g4/xd7", "white", "remove", ["d7"]),
                    (26, "13. xb2", "black", "remove", ["b2"]), (27, "13... d2-b2", "white", "move", [])]


@pytest.mark.parametrize("removal, code, message", [
    ("13. xa7", "capture-empty-or-own", "13. xa7: a7 holds Black's own stone, which cannot be captured"),
    ("13. xb2xa1", "full-board-removal", "13. xb2/xa1: the placements have filled the board: White removes a Black "
                                         "stone, then Black a White one (board_full: remove-both), and no more"),
])
def test_remove_both_locates_a_refused_removal_at_its_ply(removal: str, code: str, message: str) -> None:
    text = FILLING + f"{removal} d2-b2 *\n"
    assert _errors(text, _remove_both()) == [(code, 13, 5, message)]


# --- blocked remove-and-move: Black cannot move after e3-e4 and removes a White stone ---------------------

#: Black (a1 a4 a7 d1, four stones: it may not fly) has no free neighbour after White's e3-e4 (White
#: b4 d7 g1 d2 c4 e3): under remove-and-move it removes a White stone next to one of its own (b4, d7,
#: g1 or d2, not c4), then moves (Sanmill's remove_piece, position.cpp 1792-1796).
BLOCKED_START = Position(white=mask_of(["b4", "d7", "g1", "d2", "c4", "e3"]), black=mask_of(["a1", "a4", "a7", "d1"]),
                         in_hand_white=0, in_hand_black=0)


def _blocked(action: str):
    return parse_ruleset(f"base: sanmill\nblocked: {action}\n", default_name=f"blocked-{action}")


def test_remove_and_move_takes_the_blocked_sides_removal_from_a_ply_of_its_own() -> None:
    assert _errors('[Event "x"]\n\n1. e3-e4 1... xb4 2. a4-b4 *\n', _blocked("remove-and-move"), BLOCKED_START) == []


@pytest.mark.parametrize("action, removal, code, message", [
    ("remove-and-move", "xc4", "removal-not-adjacent", "1... xc4: c4 is next to none of the remover's stones"),
    ("remove-and-move", "xb4/xd2", "extra-capture", "1... xb4/xd2: "),
    ("loss", "xb4", "extra-capture", "1... xb4: no mill is closed, so no stone may be captured"),
])
def test_a_blocked_sides_refused_removal_is_located_at_its_ply(action: str, removal: str, code: str,
                                                               message: str) -> None:
    errors = _errors(f'[Event "x"]\n\n1. e3-e4 1... {removal} 2. a4-b4 *\n', _blocked(action), BLOCKED_START)
    assert [(c, line, column) for c, line, column, _ in errors] == [(code, 3, 15)]
    assert errors[0][3].startswith(message)


@pytest.mark.parametrize("action, message", [
    ("remove-and-move", "1. e3-e4: Black cannot move after this ply and removes a White stone next to one of its own "
                        "(blocked: remove-and-move), written after the ply's captures"),
    ("both-remove", "1. e3-e4: Black cannot move after this ply and removes a White stone next to one of its own "
                    "(blocked: both-remove), written after the ply's captures; then White removes a Black stone"),
])
def test_a_blocked_sides_missing_removal_is_named_as_such(action: str, message: str) -> None:
    """No removal written after e3-e4, where Black cannot move: the missing one is the blocked side's (the
    ply closed no mill), at the ply after which it is due."""
    text = '[Event "x"]\n\n1. e3-e4 *\n'
    assert _errors(text, _blocked(action), BLOCKED_START) == [("missing-capture", 3, 4, message)]
    with language("de"):
        assert _errors(text, _blocked("remove-and-move"), BLOCKED_START)[0][3] == (
            "1. e3-e4: Schwarz kann nach diesem Halbzug nicht ziehen: von Schwarz wird ein weißer Stein neben einem "
            "eigenen Stein entfernt (blocked: remove-and-move), geschrieben nach den Schlägen des Halbzugs")


#: El Filja's game 25 up to its 15th move: after 12... a7 and its removals, 13. xg7/xd5 holds more
#: of them (a ply of removals alone), so from there on the engine's plies are not the written ones.
_EL_FILJA_25 = ('[Variant "El Filja"]\n\n1. g1 e4 2. f4 b4 3. d2 d6 4. d5 a4 5. c4 d7 6. d1 d3 7. a1 g4 8. f2 b2 '
                "9. f6 b6 10. c5 e5 11. c3 e3 12. g7 a7/xg4/xb2/xd3 13. xg7/xd5 c3-d3/xd6 14. e5-d5 {} "
                "d3-c3/xd5 15. e3-d3 *\n")


def test_a_variation_after_removals_alone_starts_where_its_written_ply_does() -> None:
    """A variation of 14. e5-d5 (written ply 27) is played from the position before it, numbered
    as the record numbers its place: the same two plies as the main line reach the same position."""
    rules = load_ruleset("el_filja")
    (main,) = read_games(_EL_FILJA_25.format(""))
    played = replay_record(main, rules)
    assert played.errors == [] and len(played.plies) == 29
    (game,) = read_games(_EL_FILJA_25.format("(14. e5-d5 d3-c3/xd5)"))
    replayed = replay_record(game, rules)
    assert replayed.errors == [] and len(replayed.variations) == 1
    (variation,) = replayed.variations
    assert variation.errors == [] and variation.first_index == 27 and len(variation.steps) == 2
    # (the main line's engine plies: 24 placements, two groups of removals, then the moves)
    assert variation.steps[-1][0] == played.steps[-2][0]
    # numbered by the side whose place it is, not by the side the engine has to move there
    (misnumbered,) = read_games(_EL_FILJA_25.format("(14... e5-d5)"))
    (variation,) = replay_record(misnumbered, rules).variations
    assert [error.code for error in variation.errors] == ["numbering"]
