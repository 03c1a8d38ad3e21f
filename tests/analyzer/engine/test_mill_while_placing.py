"""``mill_while_placing`` (Sanmill's MillFormationActionInPlacingPhase): what the captures of a
mill closed by a placement do. ``mark`` (4, the preset cheng_san_qi): the captured stone's point
stays marked until placing ends. The records and every FEN, legal list and verdict below are
those Sanmill v7.4.6's own ``Position`` gave (the referee, /work/tools/referee, with
``MillFormationActionInPlacingPhase 4`` and ``MayFly false``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from muehle.analyzer.engine.board import mask_of
from muehle.analyzer.engine.fen import fen_to_position
from muehle.analyzer.engine.position import Board, IllegalPly
from muehle.analyzer.engine.replay import replay
from muehle.analyzer.engine.rules import load_ruleset, parse_ruleset
from muehle.analyzer.pictures.diagram import render_diagram
from muehle.analyzer.pictures.html_viewer import render_html
from muehle.analyzer.pictures.svg import render_svg
from muehle.notation.reading.parser import read_games
from muehle.notation.record.model import Game, Ply
from muehle.notation.text.errors import FormatError
from muehle.notation.text.i18n import language
from written_plies import plies_of

CHENG = load_ruleset("cheng_san_qi")
#: The same rules, captures emptying their points (Sanmill's 0, removeOpponentsPieceFromBoard).
CAPTURING = replace(CHENG, mill_while_placing="capture")

#: White closes a1-d1-g1 with g1 and captures d6: d6 is marked (referee: after "a1 d6 d1 d5 g1
#: xd6" Black's legal placements are every free point but d6).
MARKING = ["a1", "d6", "d1", "d5", "g1/xd6"]
#: Black's legal placements then, as the referee listed them.
LEGAL_AFTER_MARKING = {"f4", "d2", "b4", "d7", "g4", "a4", "e4", "d3", "c4", "f6", "f2", "b2", "b6", "g7", "a7",
                       "e5", "e3", "c3", "c5"}
#: The placing phase to its end: White closes a1-a4-a7 and captures b6 (xd6, the marked point,
#: is not among the referee's legal removals xb6, xd5, xd7), and the last placements follow.
PLACING = MARKING + ["d7", "a4", "b6", "a7/xb6", "f4", "b2", "d2", "g4", "e4", "c3", "c4", "e5", "f2"]
#: The referee's FEN after its 11th action, ply 9 (legacy form: fields 11-14 in square numbers).
FEN_AFTER_11 = "@*******/X******X/@**OOOOO b p p 5 4 2 5 0 0 0 0 0 0 0 0 6"
#: The referee's FEN after its 20th action, ply 18: placing over, the marks cleared.
FEN_AFTER_20 = "@O@**O@*/**@@@O**/@*OOOOOO w m s 9 0 7 0 0 0 0 0 0 0 0 0 11"


def _plies(texts: list[str]) -> list[Ply]:
    return plies_of(texts)


def _replayed(texts: list[str], rules=CHENG):
    return replay(Game(plies=_plies(texts)), rules)


def test_the_preset_mirrors_sanmills_settings() -> None:
    assert (CHENG.mill_while_placing, CHENG.flying, CHENG.stones) == ("mark", False, 9)
    assert load_ruleset("sanmill").mill_while_placing == "capture"
    assert load_ruleset("cheng-san-qi") == CHENG


def test_a_capture_while_placing_marks_its_point() -> None:
    played = _replayed(MARKING)
    assert played.errors == []
    after = played.records[-1].after
    assert after.marked == mask_of(["d6"]) and after.black == mask_of(["d5"])
    assert played.records[-1].before.marked == 0
    assert _replayed(MARKING, CAPTURING).records[-1].after.marked == 0


def test_no_stone_may_be_placed_on_a_marked_point() -> None:
    refused = _replayed(MARKING + ["d6"])
    assert [(error.code, error.ply) for error in refused.errors] == [("marked", 6)]
    assert "d6 is marked" in refused.errors[0].message and "until placing ends" in refused.errors[0].message
    assert _replayed(MARKING + ["d6"], CAPTURING).errors == []  # (the setting decides)


def test_a_marked_point_cannot_be_captured() -> None:
    refused = _replayed(MARKING + ["d7", "a4", "b6", "a7/xd6"])
    assert [(error.code, error.ply) for error in refused.errors] == [("capture-marked", 9)]
    assert "d6 is marked" in refused.errors[0].message
    assert _replayed(MARKING + ["d7", "a4", "b6", "a7/xb6"]).errors == []


def test_a_marked_point_counts_for_no_mill() -> None:
    """d5-d6-d7 with d6 marked is no mill: d7 captures nothing (one written is one too many)."""
    assert _replayed(MARKING + ["d7"]).records[-1].mills == []
    extra = _replayed(MARKING + ["d7/xa1"])
    assert [(error.code, error.ply) for error in extra.errors] == [("extra-capture", 6)]


def test_the_marks_are_cleared_when_placing_ends() -> None:
    played = _replayed(PLACING + ["a4-b4", "d5-d6"])
    assert played.errors == []
    assert played.records[16].after.marked == mask_of(["d6", "b6"])  # (before the last placement)
    assert played.records[17].after.marked == 0
    assert played.records[-1].after.black & mask_of(["d6"])  # (a move onto the point once marked)


def test_the_board_lists_no_placement_on_a_marked_point() -> None:
    board = Board(CHENG)
    for ply in _plies(MARKING):
        board.push(ply)
    assert {ply.target for ply in board.legal_plies()} == LEGAL_AFTER_MARKING
    assert not board.is_legal("d6") and board.check("d6").code == "marked"
    with pytest.raises(IllegalPly, match=r"d6 is marked.*\[marked\]"):
        board.push("d6")
    assert board.position.marked == mask_of(["d6"])
    board.pop()
    assert board.position.marked == 0 and board.check("d6").code == "occupied"  # (Black's stone is back)


def _fields(fen: str) -> list[str]:
    """Fields 1 to 16 (Sanmill's full-move number counts its removals too, muehle's turns)."""
    return fen.split()[:16]


def test_the_fen_shows_the_marks_as_sanmill_writes_them() -> None:
    board = Board(CHENG)
    for ply in _plies(PLACING[:9]):
        board.push(ply)
    assert _fields(board.fen(form="legacy")) == _fields(FEN_AFTER_11)
    for ply in _plies(PLACING)[9:]:
        board.push(ply)
    assert _fields(board.fen(form="legacy")) == _fields(FEN_AFTER_20)


def test_a_fen_with_marks_is_read_under_a_ruleset_that_marks() -> None:
    read = fen_to_position(FEN_AFTER_11, marks=True, stones=9)
    assert read.position.marked == mask_of(["d6", "b6"])
    assert fen_to_position(FEN_AFTER_11.replace("X", "*"), marks=True).position.marked == 0
    board = Board.from_fen(FEN_AFTER_11, CHENG)
    assert board.check("b6").code == "marked" and board.is_legal("f4")
    with pytest.raises(FormatError, match="X \\(a marked point, d6\\) belongs to other variants"):
        fen_to_position(FEN_AFTER_11)
    with pytest.raises(FormatError, match="X \\(a marked point, d6\\)"):
        Board.from_fen(FEN_AFTER_11, "sanmill")


def test_a_fen_marks_points_only_while_placing() -> None:
    moving = "@O@**O@*/X*@@@O**/@*OOOOOO w m s 9 0 7 0 0 0 0 0 0 0 0 0 11"
    with pytest.raises(FormatError, match=r"FEN field 3 \(phase\): m \(moving\) with a marked point \(d6\)"):
        fen_to_position(moving, marks=True)


def test_a_record_set_up_from_a_fen_with_marks() -> None:
    text = f'[SetUp "1"]\n[FEN "{FEN_AFTER_11}"]\n\n6... b6 7. f4\n'
    game = next(read_games(text))
    from muehle.analyzer.engine.setup import replay_record

    refused = replay_record(game, CHENG)
    assert [(error.code, error.ply) for error in refused.errors] == [("marked", 1)]
    with pytest.raises(FormatError, match="X \\(a marked point, d6\\)"):
        replay_record(game, "sanmill")


def test_the_pictures_draw_a_marked_point() -> None:
    played = _replayed(MARKING + ["d7"])
    record = played.records[-1]
    diagram = render_diagram(record.after, record, ascii=True, flying=False)
    assert "Marked until placing ends: d6" in diagram
    row = [line for line in diagram.splitlines() if line.startswith("6 ")][0]
    assert row[3 + 4 * 3] == "X"  # (d6: file d, the fourth column)
    assert "⊠" in render_diagram(record.after, record)
    svg = render_svg(record.after, record)
    assert '<g class="marked" data-point="d6"' in svg
    assert 'class="marked"' not in render_svg(_replayed(PLACING).records[-1].after)
    page = render_html(Game(plies=_plies(MARKING + ["d7"])), played)
    assert page.count('class=\\"marked\\" data-point=\\"d6\\"') == 1  # (one SVG piece, shared by frames)


def test_the_messages_in_german() -> None:
    with language("de"):
        refused = _replayed(MARKING + ["d6"])
        assert "d6 ist markiert" in refused.errors[0].message
        captured = _replayed(MARKING + ["d7", "a4", "b6", "a7/xd6"])
        assert "d6 ist markiert" in captured.errors[0].message
        assert "Markiert bis zum Ende des Setzens: d6" in render_diagram(_replayed(MARKING).records[-1].after)


@pytest.mark.parametrize("value, message", [
    ("mark-later", "mill_while_placing: must be one of capture, mark, from-hand, mill-counts, not 'mark-later'"),
    ("true", "mill_while_placing: must be one of capture, mark, from-hand, mill-counts, not True"),
])
def test_a_bad_value_is_refused_at_its_key(value: str, message: str) -> None:
    with pytest.raises(FormatError) as raised:
        parse_ruleset(f"base: sanmill\nmill_while_placing: {value}\n", source="club.yaml")
    assert str(raised.value).startswith(f"club.yaml:2:1: error: {message}")


def test_marking_goes_only_with_placements() -> None:
    with pytest.raises(FormatError, match="mill_while_placing: mark goes only with placements, not with "
                                          "move_while_placing"):
        parse_ruleset("base: lasker_morris\nmill_while_placing: mark\n", source="club.yaml")

