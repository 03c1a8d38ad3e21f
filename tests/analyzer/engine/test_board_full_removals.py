"""``board_full``'s removals (Sanmill's BoardFullAction; its loss and draw: test_board_full.py).
Twelve stones a side and a placing phase without a mill fill the 24 points; then the sides
remove stones, written glued to the last placement as Sanmill's export writes them, each
removal a ply of its own (``remove-both``, firstAndSecondPlayerRemovePiece: White then Black;
``remove-one``, sideToMoveRemovePiece: White). Every record, verdict and legal list below was
given by Sanmill v7.4.6's own ``Position`` (the referee, /work/tools/referee, with
``PiecesCount 12``, ``BoardFullAction`` 1 or 3, the other options at their defaults: the
rules of the preset sanmill), the games played to their end at random among its legal actions;
``ply`` counts as tests/data/sanmill-variants/verdicts.json does (make_games.turns_of)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from muehle.analyzer.engine.position import Board
from muehle.analyzer.engine.replay import replay
from muehle.analyzer.engine.rules import load_ruleset, parse_ruleset
from muehle.analyzer.engine.setup import replay_record
from muehle.notation.reading.parser import read_file, read_games
from muehle.notation.record.model import Game, Ply
from muehle.notation.text.i18n import language
from written_plies import plies_of


def _rules(value: str):
    return parse_ruleset(f"base: sanmill\nstones: 12\nboard_full: {value}\n", default_name=f"full-{value}")


#: Twelve placements each that close no mill and fill the board: Black's g4 is the last.
FILLING = "a1 a7 a4 b4 b2 b6 c3 c4 c5 d3 d1 d6 d2 d7 d5 e3 e4 e5 f4 f2 f6 g1 g7 g4".split()
WHITE_STONES = ["a1", "a4", "b2", "c3", "c5", "d1", "d2", "d5", "e4", "f4", "f6", "g7"]
BLACK_STONES = ["a7", "b4", "b6", "c4", "d3", "d6", "d7", "e3", "e5", "f2", "g1", "g4"]

#: remove-both (BoardFullAction 1): White removes d7, Black b2, and White is to move; Black wins,
#: White blocked after 48 plies (loseNoLegalMoves; the 24 placements, the two removals, 22 moves).
BOTH = """1. a1 a7
2. a4 b4
3. b2 b6
4. c3 c4
5. c5 d3
6. d1 d6
7. d2 d7
8. d5 e3
9. e4 e5
10. f4 f2
11. f6 g1
12. g7 g4xd7xb2
13. d2-b2 a7-d7
14. a4-a7 f2-d2
15. f4-f2 g4-f4
16. a7-a4 g1-g4
17. d1-g1 d2-d1
18. b2-d2 b4-b2
19. a4-b4 d7-a7
20. a1-a4 d6-d7
21. f6-d6 f4-f6
22. e4-f4 e3-e4
23. a4-a1 a7-a4 *
"""

#: remove-one (BoardFullAction 3): White removes g1 and Black moves next (its g4-g1 written as the
#: first half-move of 13, as Sanmill numbers half-moves); White wins, Black blocked after 33 plies.
ONE = """1. a1 a7
2. a4 b4
3. b2 b6
4. c3 c4
5. c5 d3
6. d1 d6
7. d2 d7
8. d5 e3
9. e4 e5
10. f4 f2
11. f6 g1
12. g7 g4xg1
13. g4-g1 f4-g4
14. f2-f4 d2-f2
15. d3-d2 c3-d3
16. c4-c3 c5-c4 *
"""


def _plies(texts: list[str]) -> list[Ply]:
    return plies_of(texts)


def _replayed(texts: list[str], value: str):
    return replay(Game(plies=_plies(texts)), _rules(value))


def test_remove_both_each_side_removes_a_stone_a_ply_of_its_own() -> None:
    played = _replayed(FILLING[:-1] + ["g4/xd7/xb2", "d2-b2"], "remove-both")
    assert played.errors == [] and played.outcome is None
    last = played.records[-4:]
    assert [(r.index, r.side, r.kind, r.captures) for r in last] == [
        (24, "black", "place", []), (25, "white", "remove", ["d7"]), (26, "black", "remove", ["b2"]),
        (27, "white", "move", [])]
    assert last[1].ply is last[0].ply and last[0].ply.move_text == "g4/xd7/xb2"
    after = last[2].after
    assert (after.to_move, after.white.bit_count(), after.black.bit_count()) == ("white", 11, 11)


def test_remove_both_a_game_to_its_end_as_sanmill_judged_it() -> None:
    played = replay(next(read_games(BOTH)), _rules("remove-both"))
    assert played.errors == []
    assert (played.outcome.winner, played.outcome.reason, played.outcome.ply) == ("black", "blocked", 48)


def test_remove_one_a_game_to_its_end_as_sanmill_judged_it() -> None:
    played = replay(next(read_games(ONE)), _rules("remove-one"))
    assert played.errors == []
    assert (played.outcome.winner, played.outcome.reason, played.outcome.ply) == ("white", "blocked", 33)
    removal, move = played.records[24], played.records[25]
    assert (removal.side, removal.kind, removal.captures, move.side, move.kind) == (
        "white", "remove", ["g1"], "black", "move")


def test_the_removals_must_be_written_and_no_more() -> None:
    missing = _replayed(FILLING + ["d5-c5"], "remove-both")
    assert [(error.code, error.ply, error.move) for error in missing.errors] == [("full-board-removal", 25, "g4")]
    assert "White removes a Black stone, then Black a White one" in missing.errors[0].message
    half = _replayed(FILLING[:-1] + ["g4/xd7"], "remove-both")
    assert [(error.code, error.ply) for error in half.errors] == [("full-board-removal", 26)]
    extra = _replayed(FILLING[:-1] + ["g4/xd7/xb2"], "remove-one")
    assert [(error.code, error.ply) for error in extra.errors] == [("full-board-removal", 26)]
    assert extra.errors[0].message.endswith("(board_full: remove-one), and no more")
    with language("de"):
        assert "das Brett ist voll" in _replayed(FILLING + ["d5-c5"], "remove-both").errors[0].message


def test_each_side_removes_a_stone_of_the_other() -> None:
    """White's removal takes a Black stone, Black's a White one (the referee lists Black's twelve
    for White, White's twelve for Black)."""
    own = _replayed(FILLING[:-1] + ["g4/xa1/xb2"], "remove-both")
    assert [(error.code, error.ply) for error in own.errors] == [("capture-empty-or-own", 25)]
    assert own.errors[0].move == "g4/xa1/xb2"
    second = _replayed(FILLING[:-1] + ["g4/xd7/xb6"], "remove-both")
    assert [(error.code, error.ply) for error in second.errors] == [("capture-empty-or-own", 26)]


def test_the_board_offers_the_placement_with_its_removals() -> None:
    for value, count in (("remove-both", 144), ("remove-one", 12), ("loss", 1)):
        board = Board(_rules(value))
        for ply in _plies(FILLING[:-1]):
            board.push(ply)
        plies = board.legal_plies()
        assert len(plies) == count and {ply.target for ply in plies} == {"g4"}
        if value == "remove-one":
            assert sorted(ply.captures[0] for ply in plies) == sorted(BLACK_STONES)
        if value == "remove-both":
            assert {ply.captures[1] for ply in plies} == set(WHITE_STONES)
    board = Board(_rules("remove-both"))
    for ply in _plies(FILLING[:-1]):
        board.push(ply)
    board.push("g4xd7xb2")
    assert (board.plies, board.position.to_move, board.position.white.bit_count()) == (26, "white", 11)
    assert board.is_legal("d2-b2") and not board.is_legal("a7-d7")


DATA = Path(__file__).resolve().parents[2] / "data" / "sanmill-variants"


@pytest.mark.parametrize("variant, removals, games", [("zhi_qi", 2, 5), ("dooz", 1, 3)])
def test_sanmills_own_games_fill_the_board_and_remove(variant: str, removals: int, games: int) -> None:
    """Of the 30 games Sanmill played under Zhi Qi (BoardFullAction 1) five fill the board, and
    three of Dooz's (BoardFullAction 3): the presets judge them as Sanmill did
    (tests/analyzer/engine/test_sanmill_variants.py), their removals plies of their own, and under
    board_full: loss they are not legal games."""
    rules = load_ruleset(variant)
    filled = 0
    for game in read_file(DATA / f"{variant}.pgn"):
        played = replay_record(game, rules)
        kinds = [record.kind for record in played.records]
        if "remove" in kinds:
            filled += 1
            at = kinds.index("remove")
            assert kinds[at:at + removals] == ["remove"] * removals and kinds[at - 1] == "place"
            assert [record.side for record in played.records[at - 1:at + removals]] == (
                ["black", "white", "black"][:removals + 1])
            assert replay_record(game, replace(rules, board_full="loss")).errors
    assert filled == games
