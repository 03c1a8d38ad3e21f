"""Terminal diagrams, checked against boards drawn by hand from the moves.

The expected boards below were written by playing the moves on paper (the board
picture of shared/seeds/README.md: files a-g left to right, ranks 1-7
bottom to top), not copied from the program's output.
"""

from __future__ import annotations

import re

from muehle.analyzer.engine.board import Position, mask_of
from muehle.analyzer.engine.replay import replay
from muehle.analyzer.pictures.diagram import point_cell, render_diagram, side_phase
from muehle.analyzer.pictures.style import unpainted
from muehle.notation.reading.parser import parse_game, read_file
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
    from muehle.analyzer.engine.fen import start_position

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


# --- the painted diagram (colour for a terminal) -------------------------------------------

_CELL = re.compile("\x1b\\[([0-9;]*)m|(.)", re.S)


def _cells(row: str) -> list[tuple[str, str]]:
    """Each character a terminal shows of ``row``, with the SGR parameters it is shown in ('' for none)."""
    cells, style = [], ""
    for found in _CELL.finditer(row):
        if found.group(2) is None:
            style = "" if found.group(1) in ("", "0") else found.group(1)
        else:
            cells.append((found.group(2), style))
    return cells


def _board_cells(diagram: str) -> list[list[tuple[str, str]]]:
    """The 13 rows of the board, each the cells after the rank and its space (column 0 is the left margin)."""
    return [_cells(row)[2:] for row in diagram.splitlines()[:13]]


def _background(style: str) -> str | None:
    found = re.search(r"48;5;(\d+)", style)
    return found.group(1) if found else None


def _with_background(cells: list[list[tuple[str, str]]], colour: str) -> set[tuple[int, int]]:
    return {(row, column) for row, line in enumerate(cells) for column, (_, style) in enumerate(line)
            if _background(style) == colour}


def _jump_example():
    game = parse_game('[SetUp "1"]\n[FEN "****O***/***O*O**/OO*@@@*O w m s 6 0 3 0 0 0 0 0 0 0 0 0 21"]\n'
                      "21. d3-e3 d1-e4")
    from muehle.analyzer.engine.fen import start_position

    return replay(game, start=start_position(game)).records[-1]


def _vertical_mill():
    """1. a1 b2 2. a4 b4 3. a7/xb2: White's a7 closes the mill a1-a4-a7 on the a-file and takes b2."""
    result = replay(parse_game("1. a1 b2 2. a4 b4 3. a7/xb2"))
    assert result.errors == []
    return result.records[-1]


def test_the_painted_board_is_the_plain_one_with_the_lines_running_through_the_marks() -> None:
    """Without its colours the painted board shows the plain board's characters, where the plain
    one has a bracket or parenthesis the line (or blank) the unmarked board has there; every row
    is as wide as the widest plain row: the marks bend no line."""
    for record in (_sanmill_replay().records[-1], _sanmill_replay().record_at(18), _jump_example(), _vertical_mill()):
        for ascii in (False, True):
            painted = render_diagram(record.after, record, ascii=ascii, colour=True).splitlines()
            plain = render_diagram(record.after, record, ascii=ascii).splitlines()
            unmarked = render_diagram(record.after, ascii=ascii).splitlines()
            for row in range(13):
                expected = "".join(bare if marked in "[]()" else marked
                                   for marked, bare in zip(plain[row].ljust(29), unmarked[row].ljust(29)))
                assert unpainted(painted[row]) == expected, (row, painted[row])
            assert {len(unpainted(row)) for row in painted[:13]} == {29}
            assert painted[13] == plain[13]  # (the files)


def test_every_cell_of_the_painted_board_has_colours_of_its_own() -> None:
    """Each cell sets its foreground and background, so the board reads the same on a dark and on
    a light terminal; White's stones are white and Black's black on it."""
    record = _sanmill_replay().records[-1]
    cells = _board_cells(render_diagram(record.after, record, colour=True))
    assert all(len(line) == 27 for line in cells)
    for line in cells:
        for char, style in line:
            assert "38;5;" in style and "48;5;" in style, (char, style)
            if char == "○":
                assert "38;5;231" in style
            if char == "●":
                assert "38;5;16" in style
    # 2 White stones (b2 f4) and 9 Black ones, as in SANMILL_FINAL
    assert sum(char == "○" for line in cells for char, _ in line) == 2
    assert sum(char == "●" for line in cells for char, _ in line) == 9


def test_the_last_ply_and_the_mill_it_closed_are_painted_where_they_are() -> None:
    """20... d2-d3/xg1 (SANMILL_FINAL): the target d3 (row 8, column 13) in the blue of the SVG's
    mark with a cell each side, the origin d2 (row 10) in the paler blue, the captured g1 (row 12,
    column 25) a red cell, and the mill c3-d3-e3 it closed (columns 9 to 17) a band in the SVG's
    orange red, one cell past each end."""
    record = _sanmill_replay().records[-1]
    assert record.mills == [("c3", "d3", "e3")]
    cells = _board_cells(render_diagram(record.after, record, colour=True))
    assert _with_background(cells, "26") == {(8, 12), (8, 13), (8, 14)}
    assert _with_background(cells, "110") == {(10, 12), (10, 13), (10, 14)}
    assert _with_background(cells, "160") == {(12, 25)} and cells[12][25][0] == "×"
    assert _with_background(cells, "166") == {(8, column) for column in range(8, 19)} - {(8, 12), (8, 13), (8, 14)}
    everything = {(row, column) for row in range(13) for column in range(27)}
    board = everything - {(8, c) for c in range(8, 19)} - {(10, 12), (10, 13), (10, 14), (12, 25)}
    assert _with_background(cells, "137") == board


def test_an_upright_mill_is_a_band_three_cells_wide() -> None:
    """3. a7/xb2 closes a1-a4-a7 on the a-file: rows 0 to 12 of columns 0 to 2 (a7's three cells
    in the target's blue); b2 (row 10, column 5) was captured."""
    record = _vertical_mill()
    cells = _board_cells(render_diagram(record.after, record, colour=True))
    assert _with_background(cells, "26") == {(0, 0), (0, 1), (0, 2)}
    assert _with_background(cells, "166") == {(row, column) for row in range(1, 13) for column in range(3)}
    assert _with_background(cells, "160") == {(10, 5)}
    assert _with_background(cells, "110") == set()  # (a placement has no origin)


def test_the_painted_legend_and_summary_say_what_the_plain_ones_say() -> None:
    record = _sanmill_replay().records[-1]
    painted = render_diagram(record.after, record, colour=True).splitlines()
    plain = render_diagram(record.after, record).splitlines()
    assert unpainted(painted[14]) == plain[14] + "  ─── mill"
    assert [unpainted(line) for line in painted[15:]] == plain[15:]
    start = render_diagram(Position.start(), colour=True).splitlines()
    assert [unpainted(line) for line in start[13:]] == EMPTY_UNICODE.splitlines()[13:]
    assert _with_background(_board_cells("\n".join(start)), "137") == {
        (row, column) for row in range(13) for column in range(27)}


def test_the_painted_diagram_escapes_control_characters_of_its_texts() -> None:
    painted = render_diagram(Position.start(), colour=True, game_over="a\x1b]0;title\x07b")
    assert painted.splitlines()[-1] == "Game over: a\\x1b]0;title\\x07b"
    assert "\x07" not in painted and "\x1b]" not in painted
