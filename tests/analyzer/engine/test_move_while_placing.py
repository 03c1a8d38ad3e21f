"""``move_while_placing`` (Sanmill's MayMoveInPlacingPhase, the preset lasker_morris): a side with
stones in hand may move a stone to a neighbouring point instead of placing one."""

from __future__ import annotations

import pytest

from muehle.analyzer.engine.position import Board
from muehle.analyzer.engine.replay import replay
from muehle.analyzer.engine.rules import load_ruleset, parse_ruleset
from muehle.notation.record.model import Game, Ply
from muehle.notation.text.errors import FormatError
from written_plies import plies_of

LASKER = load_ruleset("lasker_morris")
SANMILL = load_ruleset("sanmill")


def _plies(*texts: str) -> list[Ply]:
    return plies_of(texts)


def test_the_preset_mirrors_sanmills_settings() -> None:
    assert (LASKER.stones, LASKER.move_while_placing, SANMILL.move_while_placing) == (10, True, False)
    assert load_ruleset("lasker-morris") == LASKER


def test_a_move_while_stones_are_in_hand_is_a_ply_of_lasker_morris_only() -> None:
    plies = _plies("a1", "g7", "a1-a4")
    moved = replay(Game(plies=plies), LASKER)
    assert moved.errors == [] and moved.records[-1].kind == "move"
    refused = replay(Game(plies=plies), SANMILL)
    assert [(error.code, error.ply) for error in refused.errors] == [("must-place", 3)]


def test_no_jump_while_stones_are_in_hand() -> None:
    """A side with three stones on the board jumps only when none is in hand (Sanmill's
    generate<MOVE>: pieceInHandCount 0), so a1-g1 is no move while White still has seven."""
    broken = replay(Game(plies=_plies("a1", "b2", "d7", "f6", "g4", "d5", "a1-g1")), LASKER)
    assert [(error.code, error.ply) for error in broken.errors] == [("not-adjacent", 7)]


def test_a_move_while_placing_that_closes_a_mill_captures() -> None:
    """d1, g1 and a4 placed; a4-a1 closes a1-d1-g1 and must capture, as any mill."""
    plies = _plies("d1", "b2", "g1", "b4", "a4", "f6", "a4-a1/xb2")
    played = replay(Game(plies=plies), LASKER)
    assert played.errors == [] and played.records[-1].captures == ["b2"]
    plies[-1].captures.clear()
    assert [(error.code, error.ply) for error in replay(Game(plies=plies), LASKER).errors] == [
        ("missing-capture", 7)]


def test_the_board_lists_moves_and_placements_while_stones_are_in_hand() -> None:
    board = Board(LASKER)
    for ply in ("a1", "g7"):
        board.apply((ply, None, []))
    plies = board.legal_plies()
    assert ("a4", "a1", ()) in plies and ("d1", "a1", ()) in plies and ("d1", None, ()) in plies
    assert len(plies) == 22 + 2  # (22 free points, two neighbours of a1)
    assert all(origin is None for _target, origin, _captures in Board(SANMILL).legal_plies())


def test_repetition_counts_while_placing() -> None:
    """Sanmill's referee (Lasker Morris) declares the threefold repetition after a1 g7 a1-a4 g7-g4
    a4-a1 g4-g7 a1-a4 g7-g4 a4-a1 g4-g7 a1-a4: the position after a1-a4 stands a third time (the
    engine's search, src/search_engine.cpp 428-446), the stones in hand notwithstanding."""
    shuffle = ["a1-a4", "g7-g4", "a4-a1", "g4-g7"]
    played = replay(Game(plies=_plies("a1", "g7", *shuffle, *shuffle, "a1-a4")), LASKER)
    assert played.errors == []
    assert (played.outcome.winner, played.outcome.reason, played.outcome.ply) == (None, "repetition", 11)
    assert [record.repetition_count for record in played.records][-1] == 3


def test_a_bad_value_is_an_error_at_its_key() -> None:
    with pytest.raises(FormatError) as caught:
        parse_ruleset("base: sanmill\nname: x\nmove_while_placing: 3\n", source="x.yaml")
    assert (caught.value.line, caught.value.column) == (3, 1)
    assert caught.value.message == "move_while_placing: must be true or false, not 3"
