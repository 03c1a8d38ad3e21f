"""The pictures draw the board's diagonals where the ruleset has them (``board: diagonals``, the
preset twelve_mens_morris) and only there: the terminal diagram, the SVG and the HTML viewer."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Iterator

import pytest
from selenium.webdriver.support.ui import Select

from chromium import Window, needs_driver
from muehle.analyzer.engine.board import DIAGONALS, Position, mask_of
from muehle.analyzer.engine.replay import replay
from muehle.analyzer.engine.rules import load_ruleset
from muehle.analyzer.pictures.diagram import LastPly, render_diagram
from muehle.analyzer.pictures.html_viewer import render_games_html
from muehle.analyzer.pictures.svg import render_svg
from muehle.notation.reading.parser import parse_game
from runner import run

TWELVE = load_ruleset("twelve_mens_morris")
#: The four diagonals, each from one corner to the other, and its segments' cells in the diagram
#: (row 0 is rank 7; column 1 is file a): the cell halfway between two points of a segment.
DIAGONAL_CELLS = {(1, 3): "down", (3, 7): "down", (3, 19): "up", (1, 23): "up",
                  (9, 7): "up", (11, 3): "up", (9, 19): "down", (11, 23): "down"}
#: A record on the diagonals: 4. c5 closes a7-b6-c5.
DIAGONAL_MILL = "1. d7 d1 2. a7 a4 3. b6 b4 4. c5xd1 *"


def _cells(diagram: str) -> list[str]:
    """The board's rows of a diagram, without the rank's label and its space."""
    return [line[2:].ljust(27) for line in diagram.splitlines()[:13]]


@pytest.mark.parametrize("ascii, down, up", [(False, "╲", "╱"), (True, "\\", "/")])
def test_the_diagram_draws_the_diagonals_on_their_board_only(ascii: bool, down: str, up: str) -> None:
    position = Position(mask_of(["a7"]), mask_of(["g1"]), 11, 11)
    with_diagonals = _cells(render_diagram(position, ascii=ascii, geometry=DIAGONALS))
    plain = _cells(render_diagram(position, ascii=ascii))
    for (row, column), slope in DIAGONAL_CELLS.items():
        assert with_diagonals[row][column] == (down if slope == "down" else up), (row, column)
        assert plain[row][column] == " "
    # nothing else differs: the squares, their lines, the stones
    differing = {(row, column) for row in range(13) for column in range(27)
                 if with_diagonals[row][column] != plain[row][column]}
    assert differing == set(DIAGONAL_CELLS)


def test_show_draws_the_diagonals_of_the_records_rules(tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    record.write_text(DIAGONAL_MILL + "\n", encoding="utf-8")
    shown = run("show", "--rules", "twelve_mens_morris", "--ascii", str(record))
    assert shown.exit_code == 0, shown.output
    assert _cells(shown.output)[1][3] == "\\" and _cells(shown.output)[3][7] == "\\"
    plain = run("show", "--rules", "sanmill", "--ascii", "--move", "3", str(record))
    assert plain.exit_code == 0 and _cells(plain.output)[1][3] == " "


def _painted_grounds(row: str) -> list[str]:
    """The background colour of each cell of a painted row (``""``: none)."""
    grounds, style = [], ""
    for part in re.split(r"(\x1b\[[0-9;]*m)", row):
        if part.startswith("\x1b["):
            codes = part[2:-1]
            style = "" if codes == "0" else codes
            continue
        ground = re.search(r"48;5;\d+", style)
        grounds.extend([ground.group(0) if ground else ""] * len(part))
    return grounds


def test_the_painted_diagram_marks_a_diagonal_mill_along_it() -> None:
    """The cells of the mill a7-b6-c5 on the ground of a mill, three wide along the diagonal (not
    the rectangle from a7 to c5)."""
    position = Position(mask_of(["a7", "b6", "c5", "d7"]), mask_of(["a4", "b4"]), 8, 9, "black")
    last = LastPly("4. c5", "c5", None, (), (("a7", "b6", "c5"),))
    rows = render_diagram(position, last, colour=True, geometry=DIAGONALS).splitlines()
    mill = "48;5;166"
    for row, middle in ((1, 3), (2, 5), (3, 7)):  # (the label and its space come first: two cells)
        grounds = _painted_grounds(rows[row])
        assert [column - 2 for column, ground in enumerate(grounds) if ground == mill] == [
            middle - 1, middle, middle + 1], row


def test_the_svg_draws_the_diagonals_on_their_board_only() -> None:
    position = Position(mask_of(["a7", "b6", "c5"]), mask_of(["g1"]), 9, 11)
    drawn = render_svg(position, geometry=DIAGONALS)
    lines = re.findall(r'<line data-points="([a-g1-7 ]+)" x1="(\d+)" y1="(\d+)" x2="(\d+)" y2="(\d+)"/>',
                       drawn.split('<g class="diagonals">')[1].split("</g>")[0])
    assert lines == [("a7 b6 c5", "60", "40", "180", "160"), ("e5 f6 g7", "300", "160", "420", "40"),
                     ("a1 b2 c3", "60", "400", "180", "280"), ("e3 f2 g1", "300", "280", "420", "400")]
    assert 'class="diagonals"' not in render_svg(position)
    assert "data-points" not in render_svg(position, highlight_mills="all")
    assert '<line class="mill" data-points="a7 b6 c5"' in render_svg(position, highlight_mills="all", geometry=DIAGONALS)


def test_show_svg_draws_the_diagonals_of_the_records_rules(tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    record.write_text(DIAGONAL_MILL + "\n", encoding="utf-8")
    drawn = run("show", "--rules", "twelve_mens_morris", "--svg", "-", str(record))
    assert drawn.exit_code == 0 and drawn.output.count('<line data-points=') == 4
    assert '<line class="mill" data-points="a7 b6 c5"' in drawn.output  # (the mill the last ply closed)
    plain = run("show", "--rules", "sanmill", "--svg", "-", "--move", "3", str(record))
    assert plain.exit_code == 0 and 'class="diagonals"' not in plain.output


def _data(page: str) -> dict[str, Any]:
    match = re.search(r"var DATA = (\{.*?\});\n", page)
    assert match is not None
    loaded: dict[str, Any] = json.loads(match.group(1))
    return loaded


def _page(*games: tuple[str, str]) -> str:
    read = [parse_game(text) for text, _rules in games]
    return render_games_html([(game, replay(game, rules)) for game, (_text, rules) in zip(read, games)])


def test_the_viewer_draws_the_diagonals_for_the_games_on_their_board() -> None:
    alone = _page((DIAGONAL_MILL, "twelve_mens_morris"))
    assert '<g class="diagonals">' in alone and [game["diagonals"] for game in _data(alone)["games"]] == [True]
    plain = _page(("1. d2 d6 *", "sanmill"))
    assert 'class="diagonals"' not in plain and [game["diagonals"] for game in _data(plain)["games"]] == [False]
    # a page of both: drawn, hidden while the first game (on the standard board) is shown
    both = _page(("1. d2 d6 *", "sanmill"), (DIAGONAL_MILL, "twelve_mens_morris"))
    assert '<g class="diagonals" display="none">' in both
    assert [game["diagonals"] for game in _data(both)["games"]] == [False, True]


@pytest.fixture(scope="module")
def browser() -> Iterator[Window]:
    session = Window()
    try:
        yield session
    finally:
        session.driver.quit()


@needs_driver
def test_the_viewer_shows_the_diagonals_of_the_game_in_view(browser: Window, tmp_path: Path) -> None:
    path = tmp_path / "both.html"
    path.write_text(_page(("1. d2 d6 *", "sanmill"), (DIAGONAL_MILL, "twelve_mens_morris")), encoding="utf-8")
    browser.driver.get(path.as_uri())
    shown = "return document.querySelector('g.diagonals').getAttribute('display');"
    assert browser.run(shown) == "none"
    Select(browser.driver.find_element("css selector", "nav.games select")).select_by_value("2")
    assert browser.run(shown) == "inline"
    Select(browser.driver.find_element("css selector", "nav.games select")).select_by_value("1")
    assert browser.run(shown) == "none"
