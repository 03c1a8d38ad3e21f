"""``defender_first`` (Sanmill's IsDefenderMoveFirst, the preset nerenchi): Black makes the first
move of the moving phase, so when Black's placement ends the placing Black plays again
(``Position::handle_placing_phase_end``, src/position.cpp 1941-1950 at v7.4.6). The side to move
comes from the engine; the record numbers its plies in turn, half-moves as Sanmill's export writes
them. The expected answers are those of Sanmill's engine (the referee built against it), quoted
where a test reads them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from muehle.analyzer.engine.position import Board
from muehle.analyzer.engine.replay import replay
from muehle.analyzer.engine.rules import NoProgressRule, Ruleset, load_ruleset, parse_ruleset
from muehle.analyzer.play.generate import generate_games
from muehle.notation.reading.parser import parse_game, read_file, read_games
from muehle.notation.text.errors import FormatError
from muehle.notation.writing.writers import write_notation
from runner import run

NERENCHI = load_ruleset("nerenchi")
#: Nine stones on the standard board, the defender first (IsDefenderMoveFirst true, the other
#: options at Sanmill's defaults), and the same without it.
DEFENDER = parse_ruleset("base: sanmill\ndefender_first: true\n")
SANMILL = load_ruleset("sanmill")

#: 18 placements without a mill: Sanmill's engine then has Black to move (without the option White),
#: with e5-e4, b4-c4, b4-b6, d2-d3, f4-e4, f4-f6, d6-f6, d6-b6.
PLACED = ("a1", "d1", "g1", "d2", "b2", "a4", "f2", "g4", "c3", "d7", "e3", "b4", "a7", "f4", "g7", "d6", "d5", "e5")
PLACED_TEXT = "1. a1 d1 2. g1 d2 3. b2 a4 4. f2 g4 5. c3 d7 6. e3 b4 7. a7 f4 8. g7 d6 9. d5 e5"


def _board(rules: Ruleset, *plies: str) -> Board:
    board = Board(rules)
    for ply in plies:
        board.push(ply)
    return board


def test_the_preset_mirrors_sanmills_settings() -> None:
    assert (NERENCHI.stones, NERENCHI.board, NERENCHI.defender_first, NERENCHI.capture_from_mill) == (
        12, "diagonals", True, "always")
    assert load_ruleset("Nerenchi") == NERENCHI and not load_ruleset("twelve_mens_morris").defender_first


def test_black_moves_first_when_placing_ends() -> None:
    board = _board(DEFENDER, *PLACED)
    assert board.position.to_move == "black"
    assert {f"{ply.origin}-{ply.target}" for ply in board.legal_plies()} == {
        "e5-e4", "b4-c4", "b4-b6", "d2-d3", "f4-e4", "f4-f6", "d6-f6", "d6-b6"}
    assert _board(SANMILL, *PLACED).position.to_move == "white"


def test_a_record_has_black_play_twice_and_numbers_its_plies_in_turn() -> None:
    """As Sanmill exports it: 10. e5-e4xa1 is Black's (after its placement 9... e5), d5-c5 White's."""
    game = parse_game(PLACED_TEXT + " 10. e5-e4xa1 d5-c5 *")
    result = replay(game, DEFENDER)
    assert result.errors == []
    assert [record.side for record in result.records[16:]] == ["white", "black", "black", "white"]
    assert [record.label for record in result.records[17:]] == ["9... e5", "10. e5-e4/xa1", "10... d5-c5"]
    assert result.records[18].mills == [("e4", "f4", "g4")]
    refused = replay(game, SANMILL).errors
    assert [(error.code, error.ply) for error in refused] == [("not-own-stone", 19)]


def test_black_plays_again_after_a_last_placement_that_captures() -> None:
    """9... e4xa1 closes e4-f4-g4 with Black's last stone: Black then moves (e4-e5, a4-a1, ... in
    Sanmill's list), and after it White."""
    placed = PLACED_TEXT.replace("9. d5 e5", "9. d5 e4xa1")
    result = replay(parse_game(placed + " 10. e4-e5 d5-c5 *"), DEFENDER)
    assert result.errors == [] and [record.side for record in result.records[17:]] == ["black", "black", "white"]


def test_a_record_numbering_black_s_move_by_its_side_is_misnumbered() -> None:
    """Sanmill numbers half-moves: Black's first move is written in the next number's first place
    (10. e5-e4), and a record writing it as 9... or 10... numbers it otherwise than its place."""
    errors = replay(parse_game(PLACED_TEXT + " 10... e5-e4xa1 *"), DEFENDER).errors
    assert [(error.code, error.ply) for error in errors] == [("numbering", 19)]


def test_a_board_full_after_placing_is_won_by_black() -> None:
    """Sanmill's loseFullBoard comes before the defender's first move: the five such games of
    nerenchi end with the 24th placement, Black (who placed last) the winner."""
    data = Path(__file__).resolve().parents[2] / "data" / "sanmill-variants"
    verdicts = json.loads((data / "verdicts.json").read_text(encoding="utf-8"))["nerenchi.pgn"]["games"]
    games = list(read_file(data / "nerenchi.pgn"))
    full = [entry for entry in verdicts if entry["sanmill"] == "loseFullBoard"]
    assert len(full) == 5
    for entry in full:
        result = replay(games[entry["game"] - 1], NERENCHI)
        assert (result.outcome.winner, result.outcome.reason, result.outcome.ply) == ("black", "blocked", 24)
        assert result.records[-1].side == "black" and result.records[-1].after.to_move == "white"


def test_the_field_is_checked_strictly(tmp_path: Path) -> None:
    with pytest.raises(FormatError) as caught:
        parse_ruleset("base: sanmill\ndefender_first: maybe\n", source="club.yaml")
    assert str(caught.value) == "club.yaml:2:1: error: defender_first: must be true or false, not 'maybe'"
    with pytest.raises(FormatError) as caught:
        parse_ruleset("base: brettspielnetz\ndefender_first: true\n", source="club.yaml")
    assert str(caught.value).startswith("club.yaml:2:1: error: defender_first: goes only without "
                                        "no_capture.whole_moves")
    with pytest.raises(ValueError, match="defender_first: goes only without"):
        Ruleset(name="x", title="x", defender_first=True, no_capture=NoProgressRule(100, "mill", whole_moves=True))
    rules = tmp_path / "club.yaml"
    rules.write_text("base: nerenchi\ndefender_first: 1\n", encoding="utf-8")
    record = tmp_path / "game.txt"
    record.write_text("1. d2 d6 *\n", encoding="utf-8")
    result = run("validate", "--rules", str(rules), str(record))
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "club.yaml:2:1: error: defender_first: must be true or false, not 1" in result.output


def test_generated_games_give_black_two_plies_in_a_row_and_read_back() -> None:
    doubled = 0
    for game in generate_games(NERENCHI, seed=11, count=15):
        result = replay(game, NERENCHI)
        assert result.errors == []
        sides = [record.side for record in result.records]
        doubled += any(a == b == "black" for a, b in zip(sides, sides[1:]))
        again = next(iter(read_games(write_notation([game]))))
        assert replay(again, NERENCHI).errors == []
    assert doubled >= 5
