"""Sanmill's numbering of a game set up with Black to move: moves in pairs from ``1.``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from muehle.analyzer.engine.setup import replay_record
from muehle.notation import parse_game, read_games
from muehle.notation.formats.jsonrecord import read_json, write_json
from muehle.notation.reading import fastread, parser
from muehle.notation.record.model import MoveLine
from muehle.notation.writing.pgn import write_pgn
from runner import run

#: The position after 10. b4-b2 of examples/sanmill-export.pgn, Black to move (move 10).
FEN = "O@@@@@O@/@OO@*O**/O*O***@* b m s 7 0 9 0 0 0 0 0 0 0 0 1 10"

#: The game's plies 20-25 as Sanmill exports them from that position (game_recorder.dart,
#: moveHistoryText): pairs numbered from 1, Black's ply first.
EXPORT = (f'[Event "Sanmill-Game"]\r\n[Result "*"]\r\n[FEN "{FEN}"]\r\n[SetUp "1"]\r\n\r\n'
          "1. d3-d2 g4-g1\n2. e3-d3 f4-g4\n3. d3-e3xg4 *\n")

#: Worked out by hand: each N. is Black's N..., each ply after it White's N+1.
LABELS = ["1... d3-d2", "2. g4-g1", "2... e3-d3", "3. f4-g4", "3... d3-e3/xg4"]


@pytest.mark.parametrize("fast, deferred", [(True, False), (True, True), (False, False)])
def test_a_black_to_move_export_numbered_from_1_is_read_as_black_first(
        monkeypatch: pytest.MonkeyPatch, fast: bool, deferred: bool) -> None:
    monkeypatch.setattr(fastread, "ENABLED", fast)
    (game,) = read_games(EXPORT, "vb.pgn", deferred=deferred)
    assert game.main_line().first == (1, "black")
    assert [ply.label() for ply in game.plies] == LABELS
    assert replay_record(game).errors == []


def numberings(line: MoveLine) -> list:
    """The numbering of each ply of ``line``, and after each ply with variations, theirs."""
    return [*line.numbering(), *(numberings(variation) for lines in line.variations.values() for variation in lines)]


def test_a_deferred_export_is_renumbered_without_reading_it_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """The main line and its variation are renumbered as the whole read does it; the plies
    are read (and renumbered) only when asked for. The variation (1... f4-g4 2. d2-d3) replaces
    Sanmill's second ply of move 1, White's 2. g4-g1: it is 2. f4-g4 2... d2-d3."""
    export = EXPORT.replace("g4-g1\n", "g4-g1 (1... f4-g4 2. d2-d3)\n")
    whole_reads: list[str] = []
    read_whole = parser._read_whole
    monkeypatch.setattr(parser, "_read_whole", lambda chunk, source: whole_reads.append(source)
                        or read_whole(chunk, source))
    (game,) = read_games(export, "vb.pgn", deferred=True)
    line = game.main_line()
    assert (line.first, whole_reads) == ((1, "black"), [])
    assert numberings(line) == [(1, "black"), (2, "white"), (2, "black"), (3, "white"), (3, "black"),
                                [(2, "white"), (2, "black")]]
    assert [ply.label() for ply in game.plies] == LABELS and whole_reads == ["vb.pgn"]
    assert [ply.label() for ply in game.plies[1].variations[0].plies] == ["2. f4-g4", "2... d2-d3"]
    (whole,) = read_games(export, "vb.pgn")
    assert whole == game and numberings(whole.main_line()) == numberings(line)


def test_validate_accepts_it(tmp_path: Path) -> None:
    path = tmp_path / "vb.pgn"
    path.write_text(EXPORT, encoding="utf-8")
    result = run("validate", str(path))
    assert (result.exit_code, result.stdout) == (0, "1 game, 1 valid, 0 invalid\n")


def test_it_round_trips_through_json_and_pgn() -> None:
    game = parse_game(EXPORT)
    again = read_json(write_json([game]))[0]
    assert again == game
    pgn = write_pgn([again])
    assert pgn.endswith("\r\n\r\n1... d3-d2 2. g4-g1 e3-d3 3. f4-g4 d3-e3xg4 *\n")
    assert parse_game(pgn).plies == game.plies
    assert [(ply["number"], ply["side"]) for ply in json.loads(write_json([game]))["games"][0]["plies"]] == [
        (1, "black"), (2, "white"), (2, "black"), (3, "white"), (3, "black")]


@pytest.mark.parametrize("movetext, labels", [
    ("10... d3-d2 11. g4-g1 *", ["10... d3-d2", "11. g4-g1"]),  # the book's numbering, as written
    ("1... d3-d2 2. g4-g1 *", ["1... d3-d2", "2. g4-g1"]),  # Sanmill's newer export with quality symbols
    ("2. d3-d2 g4-g1 *", ["2. d3-d2", "2... g4-g1"]),  # not Sanmill's: validate reports it
])
def test_other_numberings_are_read_as_written(movetext: str, labels: list[str]) -> None:
    game = parse_game(f'[SetUp "1"]\n[FEN "{FEN}"]\n\n{movetext}')
    assert [ply.label() for ply in game.plies] == labels


def test_with_white_to_move_or_without_setup_1_is_read_as_written() -> None:
    white = FEN.replace(" b m s ", " w m s ")
    assert parse_game(f'[SetUp "1"]\n[FEN "{white}"]\n\n1. d3-d2 *').plies[0].label() == "1. d3-d2"
    assert parse_game(f'[SetUp "0"]\n[FEN "{FEN}"]\n\n1. d3-d2 *').plies[0].label() == "1. d3-d2"


def test_a_white_first_ply_other_than_1_is_still_a_numbering_error(tmp_path: Path) -> None:
    path = tmp_path / "vb.pgn"
    path.write_text(f'[SetUp "1"]\n[FEN "{FEN}"]\n\n10. d3-d2 g4-g1 *\n', encoding="utf-8")
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert f"{path}:4:5: error: game 1: 10. d3-d2: ply 1 is Black's, but the record gives it to White [numbering]" \
        in result.stdout


# --- the FEN's move number (field 17) and the first ply's ---------------------------------


@pytest.mark.parametrize("movetext", [
    "10... d3-d2 11. g4-g1 *",  # the FEN's move number, 10
    "1... d3-d2 2. g4-g1 *",  # 1, as Sanmill numbers every export
    "1. d3-d2 g4-g1 *",  # Sanmill's pairs
])
def test_the_first_ply_has_the_fens_move_number_or_1(movetext: str) -> None:
    game = parse_game(f'[SetUp "1"]\n[FEN "{FEN}"]\n\n{movetext}')
    assert replay_record(game).errors == []


@pytest.mark.parametrize("movetext, column, message", [
    ("12... d3-d2 13. g4-g1 *", 7, "12... d3-d2: move number 12 where 10 is expected (ply 1 is Black's move 10)"),
    ("9... d3-d2 10. g4-g1 *", 6, "9... d3-d2: move number 9 where 10 is expected (ply 1 is Black's move 10)"),
])
def test_another_first_number_is_a_numbering_error_at_the_ply(tmp_path: Path, movetext: str, column: int,
                                                            message: str) -> None:
    path = tmp_path / "s.pgn"
    path.write_text(f'[SetUp "1"]\n[FEN "{FEN}"]\n\n{movetext}\n', encoding="utf-8")
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{path}:4:{column}: error: game 1: {message} [numbering]\n")


def test_a_record_in_json_is_held_to_the_fens_move_number_too() -> None:
    (game,) = read_json(json.dumps({"format": "muehle-record", "version": 1, "games": [{
        "tags": {"SetUp": "1", "FEN": FEN},
        "plies": [{"number": 11, "side": "black", "from": "d3", "to": "d2"}]}]}))
    (error,) = replay_record(game).errors
    assert (error.code, error.message) == (
        "numbering", "11... d3-d2: move number 11 where 10 is expected (ply 1 is Black's move 10)")
