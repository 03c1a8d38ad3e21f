"""``board: diagonals`` (Sanmill's HasDiagonalLines, the preset twelve_mens_morris): the same 24
points with the four diagonal lines a7-b6-c5, e5-f6-g7, a1-b2-c3, e3-f2-g1, so more neighbours
and four more mills. The expected answers come from Sanmill v7.4.6's tables (``src/mills.cpp``:
``adjacentSquares_diagonal`` lines 84-223, ``millTableBB_diagonal`` lines 305-350, its squares
named as ``src/uci.cpp`` names them) and from its engine replaying the records (the referee built
against it: its legal actions are quoted where a test reads them)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from muehle.analyzer.corpus.facts import features_of
from muehle.analyzer.endgames.settings import RulesNotSolved, endgame_rules
from muehle.analyzer.engine.board import DIAGONALS, POINTS, STANDARD, Position, mask_of, points_of
from muehle.analyzer.engine.events import Outcome
from muehle.analyzer.engine.position import Board
from muehle.analyzer.engine.replay import replay
from muehle.analyzer.engine.rules import Ruleset, load_ruleset, parse_ruleset, ruleset_to_yaml
from muehle.analyzer.play.generate import generate_games
from muehle.analyzer.reports.analysis import analyze
from muehle.notation.reading.parser import parse_game, read_file
from muehle.notation.text.errors import FormatError
from runner import run

TWELVE = load_ruleset("twelve_mens_morris")
#: The same rules on the standard board: what the diagonals decide shows as a difference from it.
TWELVE_PLAIN = parse_ruleset("base: twelve_mens_morris\nboard: standard\n")

#: Sanmill's adjacentSquares_diagonal (src/mills.cpp 84-223), each square by its name.
SANMILL_NEIGHBOURS = {
    "d5": ["c5", "d6", "e5"], "e5": ["d5", "e4", "f6"], "e4": ["e3", "e5", "f4"], "e3": ["d3", "e4", "f2"],
    "d3": ["c3", "d2", "e3"], "c3": ["b2", "c4", "d3"], "c4": ["b4", "c3", "c5"], "c5": ["b6", "c4", "d5"],
    "d6": ["b6", "d5", "d7", "f6"], "f6": ["d6", "e5", "f4", "g7"], "f4": ["e4", "f2", "f6", "g4"],
    "f2": ["d2", "e3", "f4", "g1"], "d2": ["b2", "d1", "d3", "f2"], "b2": ["a1", "b4", "c3", "d2"],
    "b4": ["a4", "b2", "b6", "c4"], "b6": ["a7", "b4", "c5", "d6"], "d7": ["a7", "d6", "g7"],
    "g7": ["d7", "f6", "g4"], "g4": ["f4", "g1", "g7"], "g1": ["d1", "f2", "g4"], "d1": ["a1", "d2", "g1"],
    "a1": ["a4", "b2", "d1"], "a4": ["a1", "a7", "b4"], "a7": ["a4", "b6", "d7"],
}

#: Sanmill's millTableBB_diagonal (src/mills.cpp 305-350): the 20 mills.
SANMILL_MILLS = {
    ("a1", "a4", "a7"), ("a1", "b2", "c3"), ("a1", "d1", "g1"), ("a4", "b4", "c4"), ("a7", "b6", "c5"),
    ("a7", "d7", "g7"), ("b2", "b4", "b6"), ("b2", "d2", "f2"), ("b6", "d6", "f6"), ("c3", "c4", "c5"),
    ("c3", "d3", "e3"), ("c5", "d5", "e5"), ("d1", "d2", "d3"), ("d5", "d6", "d7"), ("e3", "e4", "e5"),
    ("e3", "f2", "g1"), ("e4", "f4", "g4"), ("e5", "f6", "g7"), ("f2", "f4", "f6"), ("g1", "g4", "g7"),
}

#: Sanmill's game 20 of tests/data/sanmill-variants/twelve_mens_morris.pgn up to the end of placing;
#: its engine then lists White's legal actions as c5-b6, g7-d7, g7-g4, d2-d1 (c5-b6 along a diagonal).
PLACED = ("c5", "c3", "e4", "b4", "e5", "f4", "e3xc3", "d3", "d2", "d6", "g7", "a7", "f6xd6", "d6", "f2",
          "g1", "b2xf4", "f4", "d5xf4", "f4", "c3", "a1", "c4xg1", "g1")


def _board(rules: Ruleset, *plies: str) -> Board:
    board = Board(rules)
    for ply in plies:
        board.push(ply)
    return board


def _errors(rules: Ruleset, movetext: str) -> list[tuple[str, int]]:
    return [(error.code, error.ply) for error in replay(parse_game(movetext), rules).errors]


def test_the_preset_mirrors_sanmills_settings() -> None:
    assert (TWELVE.stones, TWELVE.board, TWELVE.geometry) == (12, "diagonals", DIAGONALS)
    assert load_ruleset("twelve-mens-morris") == TWELVE
    assert (load_ruleset("sanmill").board, load_ruleset("wmd").geometry) == ("standard", STANDARD)


def test_the_board_with_diagonals_has_sanmills_neighbours_and_mills() -> None:
    for point in POINTS:
        assert points_of(DIAGONALS.neighbours[POINTS.index(point)]) == SANMILL_NEIGHBOURS[point], point
    assert {tuple(points_of(mill)) for mill in DIAGONALS.mills} == SANMILL_MILLS
    assert set(DIAGONALS.lines) == SANMILL_MILLS  # (each line written in board order)
    corners = {"a7", "b6", "c5", "e5", "f6", "g7", "a1", "b2", "c3", "e3", "f2", "g1"}
    assert {point for point in POINTS if len(DIAGONALS.mills_through[POINTS.index(point)]) == 3} == corners
    # the standard board keeps its own: no diagonal
    assert points_of(STANDARD.neighbours[POINTS.index("b6")]) == ["b4", "d6"] and len(STANDARD.mills) == 16


def test_a_diagonal_placement_closes_a_mill_that_must_capture() -> None:
    """d7 d1 a7 a4 b6 b4 c5: Sanmill's engine then awaits White's removal (xa4, xd1 or xb4)."""
    placed = "1. d7 d1 2. a7 a4 3. b6 b4 4. c5"
    assert _errors(TWELVE, placed + "xd1 *") == []
    assert _errors(TWELVE, placed + " c4 *") == [("missing-capture", 7)]
    assert _errors(TWELVE_PLAIN, placed + "xd1 *") == [("extra-capture", 7)]
    message = replay(parse_game(placed + " c4 *"), TWELVE).errors[0].message
    assert "a7-b6-c5" in message


def test_a_stone_in_a_diagonal_mill_is_protected() -> None:
    """After 4. c5xd1 Black's c4 closes a4-b4-c4: Sanmill's engine lets it remove d7 only (a7, b6
    and c5 stand in White's mill a7-b6-c5)."""
    placed = "1. d7 d1 2. a7 a4 3. b6 b4 4. c5xd1 c4"
    assert _errors(TWELVE, placed + "xb6 *") == [("protected-stone", 8)]
    assert _errors(TWELVE, placed + "xd7 *") == []
    board = _board(TWELVE, "d7", "d1", "a7", "a4", "b6", "b4", "c5xd1")
    assert points_of(board.capturable()) == ["d7"]
    assert [str(ply) for ply in board.legal_plies() if ply.target == "c4"] == ["c4/xd7"]


def test_three_mills_closed_at_once_capture_one_or_three() -> None:
    """a7 placed with d7, g7, a1, a4, b6, c5 held closes a7-d7-g7, a1-a4-a7 and a7-b6-c5: Sanmill's
    engine then has one stone to remove (field 11 of its FEN: 1), three with MayRemoveMultiple."""
    placed = "1. d7 d6 2. g7 f4 3. b6 d2 4. c5 e3 5. a4 b2 6. a1 c4 7. a7"
    result = replay(parse_game(placed + "xd6 *"), TWELVE)
    assert result.errors == []
    assert result.records[-1].mills == [("a7", "d7", "g7"), ("a1", "a4", "a7"), ("a7", "b6", "c5")]
    assert result.records[-1].captures_due == 1
    assert _errors(TWELVE, placed + "xd6xf4 *") == [("extra-capture", 13)]
    multiple = parse_ruleset("base: twelve_mens_morris\ndouble_mill: always\n")
    assert _errors(multiple, placed + "xd6xf4xd2 *") == []
    assert _errors(multiple, placed + "xd6xf4 *") == [("missing-capture", 13)]
    board = _board(multiple, "d7", "d6", "g7", "f4", "b6", "d2", "c5", "e3", "a4", "b2", "a1", "c4")
    sevens = [ply for ply in board.legal_plies() if ply.target == "a7"]
    # (any three of Black's six, none of which stands in a mill: one order of each)
    assert len(sevens) == 20 and all(len(ply.captures) == 3 for ply in sevens)
    assert ("d2", "d6", "f4") in {tuple(sorted(ply.captures)) for ply in sevens}


def test_a_stone_moves_along_a_diagonal() -> None:
    board = _board(TWELVE, *PLACED)
    assert {f"{ply.origin}-{ply.target}" for ply in board.legal_plies()} == {"c5-b6", "g7-d7", "g7-g4", "d2-d1"}
    plain = _board(TWELVE, *PLACED[:12])  # (f6 closes a mill only with the diagonal e5-f6-g7)
    assert plain.is_legal("f6xd6") and not Board(TWELVE_PLAIN, start=plain.position).is_legal("f6xd6")
    assert Board(TWELVE_PLAIN, start=board.position).check("c5-b6").code == "not-adjacent"
    board.push("c5-b6")
    # Sanmill's engine: a7-d7, a7-a4, a1-d1, a1-a4, g1-g4, g1-d1, b4-a4, f4-g4, d6-d7
    assert {f"{ply.origin}-{ply.target}" for ply in board.legal_plies()} == {
        "a7-d7", "a7-a4", "a1-d1", "a1-a4", "g1-g4", "g1-d1", "b4-a4", "f4-g4", "d6-d7"}


def test_a_side_whose_only_moves_are_diagonal_is_not_blocked() -> None:
    """The board full but for b2, White to move: its only step is a1-b2, along a1-b2-c3 (b4 and d2,
    b2's neighbours on the standard board, are Black's, and so is c3). On the standard board White
    cannot move and has lost."""
    white = mask_of(["a1", "a4", "a7", "b6", "c4", "c5", "d1", "d3", "d5", "d6", "d7"])
    black = mask_of(["b4", "c3", "d2", "e3", "e4", "e5", "f2", "f4", "f6", "g1", "g4", "g7"])
    start = Position(white, black, 0, 0)
    assert Board(TWELVE_PLAIN, start=start).outcome() == Outcome("black", "blocked", 0)
    board = Board(TWELVE, start=start)
    assert board.outcome() is None and [str(ply) for ply in board.legal_plies()] == ["a1-b2"]
    # then Black, around the one free point a1 (a4, d1 and now b2 White's), cannot move
    played = replay(parse_game("1. a1-b2 *"), TWELVE, start=start)
    assert played.errors == [] and played.outcome == Outcome("white", "blocked", 1)


def test_the_board_full_after_placing_is_won_by_black() -> None:
    """Sanmill's loseFullBoard (boardFullAction firstPlayerLose): its six such games of the data,
    replayed, end with the 24th placement on a full board, Black the winner (White to move cannot)."""
    data = Path(__file__).resolve().parents[2] / "data" / "sanmill-variants"
    verdicts = json.loads((data / "verdicts.json").read_text(encoding="utf-8"))["twelve_mens_morris.pgn"]["games"]
    games = list(read_file(data / "twelve_mens_morris.pgn"))
    full = [entry for entry in verdicts if entry["sanmill"] == "loseFullBoard"]
    assert len(full) == 6
    for entry in full:
        result = replay(games[entry["game"] - 1], TWELVE)
        last = result.records[-1].after
        assert last.white | last.black == (1 << 24) - 1 and last.in_hand_white == last.in_hand_black == 0
        assert (result.outcome.winner, result.outcome.reason, result.outcome.ply) == ("black", "blocked", 24)


def test_the_field_is_checked_strictly() -> None:
    with pytest.raises(FormatError) as caught:
        parse_ruleset("base: sanmill\nboard: hexagon\n", source="club.yaml")
    assert str(caught.value) == ("club.yaml:2:1: error: board: must be one of standard, diagonals, "
                                 "not 'hexagon'")
    with pytest.raises(FormatError) as caught:
        parse_ruleset("board: true\n", source="club.yaml")
    assert str(caught.value) == "club.yaml:1:1: error: board: must be one of standard, diagonals, not True"
    with pytest.raises(ValueError, match="board: must be one of standard, diagonals"):
        Ruleset(name="x", title="x", board="diagonal")
    assert parse_ruleset(ruleset_to_yaml(TWELVE), source="copy.yaml") == TWELVE
    assert "board: diagonals" in ruleset_to_yaml(TWELVE).splitlines()


def test_a_bad_board_in_a_ruleset_file_is_an_input_error(tmp_path: Path) -> None:
    rules = tmp_path / "club.yaml"
    rules.write_text("base: twelve_mens_morris\nboard: hexagon\n", encoding="utf-8")
    record = tmp_path / "game.txt"
    record.write_text("1. d2 d6 *\n", encoding="utf-8")
    result = run("validate", "--rules", str(rules), str(record))
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "club.yaml:2:1: error: board: must be one of standard, diagonals, not 'hexagon'" in result.output


def test_the_endgame_tables_refuse_a_board_with_diagonals() -> None:
    with pytest.raises(RulesNotSolved) as caught:
        endgame_rules(TWELVE)
    assert "board: diagonals (the tables: standard)" in caught.value.message
    assert endgame_rules(TWELVE_PLAIN).name == "flying-capture-when-all-in-mills"


def test_show_best_refuses_a_board_with_diagonals(tmp_path: Path) -> None:
    """Three stones each after placing (a position the tables hold on the standard board)."""
    record = tmp_path / "three.txt"
    record.write_text('[SetUp "1"]\n[FEN "O*O*O***/@*@*@***/******** w m s 3 0 3 0 0 0 0 0 0 0 0 0 30"]\n\n*\n',
                      encoding="utf-8")
    refused = run("show", "--best", "--rules", "twelve_mens_morris", "--endgames-dir", str(tmp_path / "tables"),
                  str(record))
    assert refused.exit_code == 1 and "Traceback" not in refused.output
    assert "they set board: diagonals (the tables: standard)" in refused.output


def test_a_capture_from_a_diagonal_mill_is_a_capture_from_a_mill() -> None:
    """The features of a game (muehle select): b6 stands in White's mill a7-b6-c5, which
    capture_from_mill: always lets Black take."""
    always = parse_ruleset("base: twelve_mens_morris\ncapture_from_mill: always\n")
    game = parse_game("1. d7 d1 2. a7 a4 3. b6 b4 4. c5xd1 c4xb6 *")
    assert "capture-from-mill" in features_of(replay(game, always))
    game = parse_game("1. d7 d1 2. a7 a4 3. b6 b4 4. c5xd1 c4xd7 *")
    assert "capture-from-mill" not in features_of(replay(game, always))


def test_the_analysis_finds_a_zwickmuehle_along_a_diagonal() -> None:
    """After e4-e3 White holds a7-d7-g7 and d6, f6: a7-b6 (a diagonal step) opens the one mill and
    closes b6-d6-f6, a Zwickmühle only on the board with diagonals."""
    start = Position(mask_of(["a7", "d7", "g7", "d6", "f6", "e4"]), mask_of(["a1", "d1", "c3", "f2"]), 0, 0)
    game = parse_game("1. e4-e3 *")
    events = [event for event in analyze(replay(game, TWELVE, start=start)).events if event.type == "zwickmuehle"]
    assert [(event.side, event.fields["shuttles"]) for event in events] == [("white", [
        {"stone": "a7", "to": "b6", "opens": ["a7", "d7", "g7"], "closes": ["b6", "d6", "f6"]}])]
    assert not [event for event in analyze(replay(game, TWELVE_PLAIN, start=start)).events
                if event.type == "zwickmuehle"]


def test_generated_games_play_on_the_diagonals() -> None:
    games = list(generate_games(TWELVE, seed=3, count=12))
    diagonal = {("a7", "b6", "c5"), ("e5", "f6", "g7"), ("a1", "b2", "c3"), ("e3", "f2", "g1")}
    closed = set()
    stepped = 0
    for game in games:
        result = replay(game, TWELVE)
        assert result.errors == []
        for record in result.records:
            closed |= set(record.mills) & diagonal
            if record.ply.origin is not None and record.ply.target in SANMILL_NEIGHBOURS[record.ply.origin] \
                    and not STANDARD.neighbours[POINTS.index(record.ply.origin)] >> POINTS.index(record.ply.target) & 1:
                stepped += 1
    assert closed and stepped
