"""Terminal diagrams, checked against boards drawn by hand from the moves.

The expected boards below were written by playing the moves on paper (the board
picture of shared/seeds/README.md: files a-g left to right, ranks 1-7
bottom to top), not copied from the program's output.
"""

from __future__ import annotations

from pathlib import Path

from muehle.analyzer.engine.board import Position, mask_of
from muehle.analyzer.pictures.diagram import point_cell, render_diagram, side_phase
from muehle.analyzer.engine.replay import replay
from muehle.notation.parser import parse_game, read_file
from paths import ROOT

EXAMPLES = ROOT / "examples"

EMPTY_UNICODE = """\
7  ┌───────────┬───────────┐
   │           │           │
6  │   ┌───────┼───────┐   │
   │   │       │       │   │
5  │   │   ┌───┴───┐   │   │
   │   │   │       │   │   │
4  ├───┼───┤       ├───┼───┤
   │   │   │       │   │   │
3  │   │   └───┬───┘   │   │
   │   │       │       │   │
2  │   └───────┼───────┘   │
   │           │           │
1  └───────────┴───────────┘
   a   b   c   d   e   f   g
White (○): 0 on the board, 9 in hand, placing
Black (●): 0 on the board, 9 in hand, placing
White to move"""


def test_the_start_position_is_the_empty_board_of_the_rules_texts() -> None:
    assert render_diagram(Position.start()) == EMPTY_UNICODE


def test_points_sit_where_the_board_picture_has_them() -> None:
    lines = render_diagram(Position.start(), ascii=True).splitlines()
    for point in ("a1", "a7", "g1", "g7", "d5", "c4", "e3"):
        row, column = point_cell(point)
        assert lines[row].startswith(point[1])  # the rank is written left of its row
        assert lines[row][2 + column] == "+"
        assert lines[13][2 + column] == point[0]  # the file is written below its column


# Sanmill's export (examples/sanmill-export.pgn), after its last ply 20... d2-d3xg1:
# White has b2 and f4 left; Black a4 c3 c4 d3 d6 e3 e4 e5 f2. Black's d2-d3 closed
# c3-d3-e3 and captured g1, leaving White two stones.
SANMILL_FINAL = """\
7  ┌───────────┬───────────┐
   │           │           │
6  │   ┌───────●───────┐   │
   │   │       │       │   │
5  │   │   ┌───┴───●   │   │
   │   │   │       │   │   │
4  ●───┼───●       ●───○───┤
   │   │   │       │   │   │
3  │   │   ●──[●]──●   │   │
   │   │       │       │   │
2  │   ○──────(┼)──────●   │
   │           │           │
1  └───────────┴───────────×
   a   b   c   d   e   f   g
Last ply: 20... d2-d3/xg1   [ ] to  ( ) from  × captured
White (○): 2 on the board, 0 in hand, lost
Black (●): 9 on the board, 0 in hand, moving
Game over: White has fewer than three stones"""

# The same game after 9... c3xd2 (ply 18), the last placement: White d7 f6 d5 b4 c4 f4 g4,
# Black d6 c5 e5 a4 e4 c3 d3 e3 f2. Black's c3 closed c3-d3-e3 and took d2.
SANMILL_AFTER_18_ASCII = """\
7  +-----------W-----------+
   |           |           |
6  |   +-------B-------W   |
   |   |       |       |   |
5  |   |   B---W---B   |   |
   |   |   |       |   |   |
4  B---W---W       B---W---W
   |   |   |       |   |   |
3  |   |  [B]--B---B   |   |
   |   |       |       |   |
2  |   +-------x-------B   |
   |           |           |
1  +-----------+-----------+
   a   b   c   d   e   f   g
Last ply: 9... c3/xd2   [ ] placed  x captured
White (W): 7 on the board, 0 in hand, moving
Black (B): 9 on the board, 0 in hand, moving
White to move"""


def _sanmill_replay():
    game = next(read_file(EXAMPLES / "sanmill-export.pgn"))
    return replay(game)


def test_sanmill_export_final_position() -> None:
    result = _sanmill_replay()
    assert render_diagram(result.records[-1].after, result.records[-1]) == SANMILL_FINAL


def test_sanmill_export_after_the_last_placement_in_ascii() -> None:
    result = _sanmill_replay()
    record = result.record_at(18)
    assert render_diagram(record.after, record, ascii=True) == SANMILL_AFTER_18_ASCII


def test_a_jump_marks_origin_and_target_and_shows_the_flying_side() -> None:
    # White a7 d7 g7 b2 f2 d3 (6 stones), Black a1 d1 g1 (3), White to move at move 21.
    # FEN rings: inner d5 e5 e4 e3 [d3] c3 c4 c5, middle d6 f6 f4 [f2] d2 [b2] b4 b6,
    # outer [d7] [g7] g4 (g1) (d1) (a1) a4 [a7] ([] White, () Black).
    # White moves d3-e3; Black, with three stones, jumps d1-e4 (as the book's 21. - d1-g4).
    game = parse_game('[SetUp "1"]\n[FEN "****O***/***O*O**/OO*@@@*O w m s 6 0 3 0 0 0 0 0 0 0 0 0 21"]\n'
                      "21. d3-e3 d1-e4")
    from muehle.analyzer.pictures.fen import start_position

    result = replay(game, start=start_position(game))
    assert result.errors == []
    expected = """\
7  ○───────────○───────────○
   │           │           │
6  │   ┌───────┼───────┐   │
   │   │       │       │   │
5  │   │   ┌───┴───┐   │   │
   │   │   │       │   │   │
4  ├───┼───┤      [●]──┼───┤
   │   │   │       │   │   │
3  │   │   └───┬───○   │   │
   │   │       │       │   │
2  │   ○───────┼───────○   │
   │           │           │
1  ●──────────(┴)──────────●
   a   b   c   d   e   f   g
Last ply: 21... d1-e4   [ ] to  ( ) from
White (○): 6 on the board, 0 in hand, moving
Black (●): 3 on the board, 0 in hand, flying
White to move"""
    assert render_diagram(result.records[-1].after, result.records[-1]) == expected


def test_phases_of_each_side() -> None:
    three = mask_of(["a1", "a4", "a7"])
    four = mask_of(["g1", "g4", "g7", "d1"])
    assert side_phase(Position(three, four, 0, 0), "white") == "flying"
    assert side_phase(Position(three, four, 0, 0), "black") == "moving"
    assert side_phase(Position(three, four, 0, 0), "white", flying=False) == "moving"
    assert side_phase(Position(three, four, 1, 0), "white") == "placing"
    assert side_phase(Position(mask_of(["a1", "a4"]), four, 0, 0), "white") == "lost"
    # Two on the board and one in hand is still three stones.
    assert side_phase(Position(mask_of(["a1", "a4"]), four, 1, 0), "white") == "placing"
