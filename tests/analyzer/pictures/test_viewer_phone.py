"""The HTML viewer on a phone (390 x 844 CSS pixels) and a desktop (1280 x 800), in headless
Chromium: touch targets at least 44 px tall, the board and the current ply in view together
after a tap on a late ply, a move number on the line of its ply, the keys for flip and the
next and previous game; and every sign the page shows drawn by DejaVu Sans."""

from __future__ import annotations

import html.parser
import json
import re
import shutil
import subprocess
from typing import Any

import pytest

from chromium import DESKTOP, PHONE, Window, needs_driver
from long_games import shuttle_game
from muehle.analyzer.pictures.html_viewer import NAG_SYMBOLS, write_html
from muehle.notation.reading.parser import read_file, read_games
from paths import ROOT

EXAMPLES = ROOT / "examples"
#: The smallest height of a touch target (Apple's and Google's guidelines: 44 pt, 48 dp).
TARGET = 44




@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("phone")
    found = {}
    for name, games in (("sanmill", list(read_file(EXAMPLES / "sanmill-export.pgn"))),
                        ("multi", list(read_file(EXAMPLES / "multi-game.txt")))):
        path = folder / f"{name}.html"
        path.write_text(write_html(games), encoding="utf-8")
        found[name] = path.as_uri()
    path = folder / "long.html"
    path.write_text(write_html([shuttle_game(182)]), encoding="utf-8")  # 200 plies: a list longer than the screen
    found["long"] = path.as_uri()
    three = "".join(f'[White "{name}"]\n\n1. d2 *\n\n' for name in ("A", "B", "C"))
    path = folder / "numbered.html"
    path.write_text(write_html(list(read_games(three)), numbers=[1, 2, 4]), encoding="utf-8")
    found["numbered"] = path.as_uri()
    return found


def in_view(box: dict[str, float], height: int) -> bool:
    return box["top"] >= 0 and box["bottom"] <= height


@needs_driver
def test_every_touch_target_is_at_least_44_px_tall_on_a_phone(window: Window, pages: dict[str, str]) -> None:
    window.size(*PHONE)
    window.driver.get(pages["multi"])
    heights = window.run("""
      return Array.prototype.filter.call(
        document.querySelectorAll('button, select, a.ply, summary'),
        function (e) { return e.getClientRects().length > 0; }
      ).map(function (e) { return [e.tagName + '.' + e.className + ' ' + e.textContent.trim(),
                                   e.getBoundingClientRect().height]; });""")
    kinds = {name.split(".")[0] for name, _ in heights}
    assert {"BUTTON", "SELECT", "A", "SUMMARY"} <= kinds
    assert len([name for name, _ in heights if name.startswith("BUTTON")]) == 9  # 2 games, 4 steps, 3 tools
    small = [(name, height) for name, height in heights if height < TARGET]
    assert small == []


@needs_driver
@pytest.mark.parametrize("size", [PHONE, DESKTOP])
def test_after_tapping_a_late_ply_the_board_and_the_ply_are_in_view(window: Window, pages: dict[str, str],
                                                                    size: tuple[int, int]) -> None:
    window.size(*size)
    window.driver.get(pages["long"] + "#ply=0")
    late = window.driver.find_elements("css selector", "a.ply")[-2]  # ply 199
    window.run("arguments[0].scrollIntoView({block: 'end'});", late)
    late.click()
    assert window.run("return document.querySelector('section.game').getAttribute('data-ply');") == "199"
    board, ply = window.rect(".board svg"), window.rect("a.ply.current")
    assert in_view(ply, size[1]), ply
    # the whole board is on screen, not only a strip of it
    assert board["top"] >= -1 and board["bottom"] <= size[1] and board["height"] > 200, board
    # and the ply is not hidden under it
    assert ply["top"] >= board["bottom"] or ply["left"] >= board["right"]
    # stepping on with the button keeps the ply in view below the board
    window.driver.find_element("css selector", "button.forward").click()
    ply, side = window.rect("a.ply.current"), window.rect(".side")
    assert in_view(ply, size[1])
    assert ply["top"] >= side["bottom"] or ply["left"] >= side["right"]


@needs_driver
def test_a_move_number_shares_a_line_with_its_ply(window: Window, pages: dict[str, str]) -> None:
    window.size(*PHONE)
    for page in ("sanmill", "multi"):
        window.driver.get(pages[page])
        pairs = window.run("""
          return Array.prototype.map.call(document.querySelectorAll('section.game:not([hidden]) .turn'),
            function (turn) {
              // the number: a span in the main line, text in a variation
              var number = document.createRange(), ply = turn.querySelector('.ply, .move');
              number.selectNode(turn.firstChild);
              var a = number.getBoundingClientRect(), b = ply.getBoundingClientRect();
              return [number.toString() + ' ' + ply.textContent, a.top, a.bottom, b.top, b.bottom];
            });""")
        assert len(pairs) >= 15  # (1. d2 to 20. f6-f4 of the first; 17 of the first game of the other)
        # the number's text lies within the height of its ply: the same line
        apart = [pair for pair in pairs if not (pair[3] - 1 <= pair[1] and pair[2] <= pair[4] + 1)]
        assert apart == []
        lines = {round(pair[3]) for pair in pairs}
        assert len(lines) > 3  # the list wraps over several lines at this width


@needs_driver
def test_f_flips_the_board_and_n_and_p_change_the_game(window: Window, pages: dict[str, str]) -> None:
    window.size(*DESKTOP)
    window.driver.get(pages["numbered"])
    window.press("f")
    assert window.run("return document.querySelector('.board svg').getAttribute('data-flipped');") == "true"
    window.press("F")
    assert window.run("return document.querySelector('.board svg').getAttribute('data-flipped');") == "false"

    def shown() -> str:
        return window.run("return document.querySelector('section.game:not([hidden])').id;")

    assert shown() == "game-1"
    window.press("n")
    assert shown() == "game-2"
    window.press("n")
    assert shown() == "game-4"  # the page's third game, numbered 4
    assert window.run("return window.location.hash;") == "#game=4&ply=1"
    window.press("n")
    assert shown() == "game-4"  # the last stays
    window.press("p")
    assert shown() == "game-2"
    help_text = window.run("return document.querySelector('details.help').textContent;")
    assert "flip the board" in help_text and "the next game" in help_text


@needs_driver
def test_a_fragment_names_a_game_by_its_number(window: Window, pages: dict[str, str]) -> None:
    window.size(*DESKTOP)
    window.driver.get(pages["numbered"] + "#game=4&ply=0")
    assert window.run("return document.querySelector('section.game:not([hidden])').id;") == "game-4"
    assert window.run("return document.querySelector('nav.games select').value;") == "4"


def dejavu_sans() -> set[int]:
    """The characters DejaVu Sans draws, as fontconfig reads them from the font file."""
    if shutil.which("fc-match") is None or shutil.which("fc-query") is None:
        pytest.skip("fontconfig's fc-match and fc-query are not installed")
    path = subprocess.run(["fc-match", "-f", "%{file}", "DejaVu Sans"], capture_output=True, text=True,
                          timeout=30).stdout
    if "DejaVuSans" not in path:
        pytest.skip("DejaVu Sans (fonts-dejavu-core) is not installed")
    ranges = subprocess.run(["fc-query", "-f", "%{charset}", path], capture_output=True, text=True,
                            timeout=30, check=True).stdout.split()
    found: set[int] = set()
    for item in ranges:
        first, _, last = item.partition("-")
        found.update(range(int(first, 16), int(last or first, 16) + 1))
    return found


class _Text(html.parser.HTMLParser):
    """The text of a page outside its script and styles."""

    def __init__(self) -> None:
        super().__init__()
        self.skip = 0
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        self.skip += tag in ("script", "style")
        self.parts.extend(value or "" for name, value in attrs if name in ("title", "aria-label"))

    def handle_endtag(self, tag: str) -> None:
        self.skip -= tag in ("script", "style")

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.parts.append(data)


def test_every_sign_the_page_shows_is_drawn_by_dejavu_sans() -> None:
    font = dejavu_sans()
    assert ord("⩲") not in font  # (the sign $14 once had: an empty box with this font)
    for nag, symbol in NAG_SYMBOLS.items():
        assert all(ord(c) in font for c in symbol), (nag, symbol)
    page = write_html(list(read_file(EXAMPLES / "multi-game.txt")))
    parser = _Text()
    parser.feed(page)
    data = json.loads(re.search(r"var DATA = (\{.*?\});\n", page).group(1))
    shown = "".join(parser.parts) + "".join(data["texts"]) + "".join(
        frame[4] for game in data["games"] for frame in game["frames"])
    assert "+=" in shown  # 10. c5-d5! $14
    missing = sorted({c for c in shown if not c.isspace() and ord(c) not in font})
    assert missing == []
    script = re.search(r"<script>\n(.*)</script>", page, re.S).group(1)
    assert all(ord(c) < 128 for c in script.split("\n", 1)[1])  # the script itself adds no other signs
