"""The HTML viewer: a self-contained page, checked in a real headless Chromium.

The browser tests drive headless Chromium with Selenium through Debian's
chromedriver, at a desktop's and a phone's window width: they load the page from a
file:// address, step with the buttons and the arrow keys, click moves, and read the
stones from the SVG (each stone carries ``data-point`` and ``data-side``).
The expected stones are worked out by hand from the moves of the Sanmill export:

    1. d2 d6 2. f4 f2 3. b4 d3 4. f6 e4 5. g4 a4 6. c4 c5 7. d7 e5 8. d5 e3xd5
    9. d5 c3xd2 10. b4-b2 d3-d2 ... 20. f6-f4 d2-d3xg1 0-1
"""

from __future__ import annotations

import html.parser
import json
import os
import re
import subprocess
import tempfile
from pathlib import Path
from typing import Any, Iterator, Optional

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import Select

from chromium import CHROMIUM, FLAGS, Window, needs_driver
from muehle.analyzer.engine.board import mask_of, points_of
from muehle.analyzer.engine.fen import fen_to_position
from muehle.analyzer.engine.replay import replay
from muehle.analyzer.pictures.html_viewer import (
    NAG_SYMBOLS,
    asset,
    game_label,
    render_games_html,
    render_html,
    write_html,
)
from muehle.analyzer.play.generate import generate_games
from muehle.notation.reading.parser import parse_game, read_file, read_games
from muehle.notation.record.model import POINTS as POINT_NAMES
from muehle.notation.record.model import Game
from muehle.notation.text.errors import FormatError
from paths import ROOT

EXAMPLES = ROOT / "examples"

# Positions of the Sanmill export, by hand: (White's points, Black's points).
AFTER = {
    0: (set(), set()),
    3: ({"d2", "f4"}, {"d6"}),
    4: ({"d2", "f4"}, {"d6", "f2"}),
    12: ({"d2", "f4", "b4", "f6", "g4", "c4"}, {"d6", "f2", "d3", "e4", "a4", "c5"}),
    # 9... c3xd2: Black's ninth stone closes c3-d3-e3 and takes d2.
    18: ({"f4", "b4", "f6", "g4", "c4", "d7", "d5"}, {"d6", "f2", "d3", "e4", "a4", "c5", "e5", "e3", "c3"}),
    # 10. b4-b2
    19: ({"f4", "b2", "f6", "g4", "c4", "d7", "d5"}, {"d6", "f2", "d3", "e4", "a4", "c5", "e5", "e3", "c3"}),
    40: ({"b2", "f4"}, {"a4", "c3", "c4", "d3", "d6", "e3", "e4", "e5", "f2"}),
}


def sanmill_game():
    return next(read_file(EXAMPLES / "sanmill-export.pgn"))


def sanmill_page() -> str:
    game = sanmill_game()
    return render_html(game, replay(game))


def page_data(page: str) -> dict[str, Any]:
    """The page's data, each frame read back as a dict: ``white`` and ``black`` (points in board
    order), ``marks`` and ``mills`` (their SVG), ``status``, ``position`` (the stone counts and
    who is to move) and ``fen``."""
    match = re.search(r"var DATA = (\{.*?\});\n", page)
    assert match is not None
    data = json.loads(match.group(1))
    names = [point for point, _, _ in data["points"]]

    def read(row: list[Any]) -> dict[str, Any]:
        white, black, marks, mills, status, position, fen = row
        return {"white": [p for i, p in enumerate(names) if white >> i & 1],
                "black": [p for i, p in enumerate(names) if black >> i & 1],
                "marks": "".join(data["svg"][n] for n in marks), "mills": "".join(data["svg"][n] for n in mills),
                "status": status, "position": data["texts"][position] if position >= 0 else "", "fen": fen}

    for game in data["games"]:
        game["frames"] = [read(row) for row in game["frames"]]
        for variation in game["variations"]:
            variation["frames"] = [read(row) for row in variation["frames"]]
    return data


# -- the page itself ------------------------------------------------------------


def test_the_page_needs_nothing_from_the_network() -> None:
    page = sanmill_page()
    addresses = set(re.findall(r"https?://[^\s\"'<>)]+", page))
    assert addresses <= {"http://www.w3.org/2000/svg"}
    for external in ("<link", " src=", "@import", "url(", "@font-face"):
        assert external not in page


def test_every_position_is_in_the_page() -> None:
    frames = page_data(sanmill_page())["games"][0]["frames"]
    assert len(frames) == 41
    for index, (white, black) in AFTER.items():
        assert (set(frames[index]["white"]), set(frames[index]["black"])) == (white, black)


class _Collector(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.starts: list[tuple[str, dict[str, Optional[str]]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, Optional[str]]]) -> None:
        self.starts.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parsed(page: str) -> _Collector:
    collector = _Collector()
    collector.feed(page)
    return collector


def test_tags_moves_buttons_and_result_are_shown() -> None:
    page = parsed(sanmill_page())
    links = [attrs for tag, attrs in page.starts if tag == "a" and "ply" in (attrs.get("class") or "")]
    assert [int(a["data-ply"]) for a in links] == list(range(1, 41))
    buttons = [attrs["class"] for tag, attrs in page.starts if tag == "button"]
    assert buttons == ["start", "back", "forward", "end", "flip", "copy-fen", "copy-record"]
    text = " ".join(page.text)
    for shown in ("Sanmill-Game", "Human", "AI", "Nine Men's Morris", "0-1", "d3-e3/xc4", "20."):
        assert shown in text
    assert "Black wins (White has fewer than three stones) after ply 40." in text


def test_comments_annotations_offers_and_variations_are_listed() -> None:
    game = parse_game('[Event "Notes <&>"]\n{ Start } 1. d2 { centre } d6! 2. f4 $14 (2. f2 d3?) f2 (=) '
                      "{ offer } 3. b4 *")
    page = render_html(game, replay(game))
    text = " ".join(parsed(page.split("<script>")[0]).text)
    assert "Notes <&>" in text and "Notes &lt;&amp;&gt;" in page
    for shown in ("Start", "centre", "!", "(=)", "offer", "d3", "?"):
        assert shown in text
    assert '<span class="annotation"> +=</span>' in page  # $14: White stands slightly better
    assert re.search(r'<span class="variation">\(<span class="turn">2\. <a class="ply" href="#line=1&amp;ply=3" '
                     r'data-line="1" data-ply="3">f2</a></span> <a class="ply" href="#line=1&amp;ply=4" data-line="1" data-ply="4">d3</a>'
                     r'<span class="annotation">\?</span>\)</span>', page)


# 1. d2 d6 2. f4 f2 3. b4, with variation 1 for ply 3 (2. f2 d3 3. b4) and, inside it,
# variation 2 for its ply 4 (2... b4). No three stones of a side ever stand in a line.
VARIATIONS = "1. d2 d6 2. f4 (2. f2 d3 (2... b4) 3. b4) f2 3. b4 *"


def test_each_variation_has_the_frames_of_its_plies() -> None:
    game = parse_game(VARIATIONS)
    data = page_data(render_html(game, replay(game)))["games"][0]
    assert [(f["white"], f["black"]) for f in data["frames"]][-1] == (["b4", "d2", "f4"], ["d6", "f2"])
    first, nested = data["variations"]
    assert (first["parent"], first["branch"], nested["parent"], nested["branch"]) == (0, 3, 1, 4)
    assert [(f["white"], f["black"]) for f in first["frames"]] == [
        (["d2", "f2"], ["d6"]), (["d2", "f2"], ["d3", "d6"]), (["b4", "d2", "f2"], ["d3", "d6"])]
    assert [(f["white"], f["black"]) for f in nested["frames"]] == [(["d2", "f2"], ["b4", "d6"])]
    assert nested["frames"][0]["status"] == "Variation 2, ply 4: 2... b4"
    assert nested["frames"][0]["position"] == ("White: 2 on the board, 7 in hand, placing\n"
                                               "Black: 2 on the board, 7 in hand, placing\nWhite to move")


def test_variation_plies_link_to_their_line_and_illegal_ones_do_not() -> None:
    """Variation 1 (for ply 2) places on d2, which White holds: it and the ply after it are struck
    through. Variation 2 (for ply 3) is legal. The main line's 2... d2 is illegal too, so the
    variation of ply 5 stands after an illegal ply: not replayed, plain text."""
    game = parse_game("1. d2 d6 (1... d2 2. f4) 2. f4 (2. f2) d2 3. b4 (3. b6) *")
    page = render_html(game, replay(game))
    starts = parsed(page).starts
    links = [(attrs["data-line"], attrs["data-ply"], attrs["href"]) for tag, attrs in starts if tag == "a"]
    assert links == [("0", "1", "#ply=1"), ("0", "2", "#ply=2"), ("0", "3", "#ply=3"), ("2", "3", "#line=2&ply=3")]
    titles = [attrs["title"] for tag, attrs in starts if tag == "span" and attrs.get("class") == "ply illegal"]
    assert titles[0] == "1... d2: d2 is already occupied by a White stone"
    assert titles[1] == "not replayed: an earlier ply is illegal"
    assert '<span class="variation">(<span class="turn">3. <span class="move">b6</span></span>)</span>' in page
    assert [len(v["frames"]) for v in page_data(page)["games"][0]["variations"]] == [0, 1]
    listed = re.search(r'<ul class="errors">(.*?)</ul>', page).group(1)
    assert listed == ("<li>2... d2: d2 is already occupied by a White stone</li>"
                      "<li>Variation 1: 1... d2: d2 is already occupied by a White stone</li>")


def test_a_comment_cannot_end_the_script() -> None:
    game = parse_game("1. d2 { </script><script>alert(1)</script> } d6 *")
    page = render_html(game, replay(game))
    assert page.count("<script") == 1 and page.count("</script>") == 1
    assert page_data(page)["games"][0]["frames"][2]["black"] == ["d6"]


def test_plies_after_an_illegal_one_are_marked_and_not_clickable() -> None:
    game = parse_game("1. d2 d6 2. f4 d6 3. b4 *")
    page = render_html(game, replay(game))
    collector = parsed(page)
    links = [attrs["data-ply"] for tag, attrs in collector.starts if tag == "a"]
    assert links == ["1", "2", "3"]
    illegal = [attrs for tag, attrs in collector.starts if tag == "span" and attrs.get("class") == "ply illegal"]
    assert len(illegal) == 2 and "already occupied" in illegal[0]["title"]
    assert len(page_data(page)["games"][0]["frames"]) == 4


def test_several_games_share_one_page_and_none_is_refused() -> None:
    games = list(read_file(EXAMPLES / "sanmill-export.pgn")) + [parse_game("1. g7 *")]
    data = page_data(write_html(games))
    assert [g["number"] for g in data["games"]] == [1, 2]
    assert data["games"][1]["frames"][1]["white"] == ["g7"]
    with pytest.raises(FormatError, match="no game"):
        write_html([])


UNREPLAYABLE = (
    '[Rules "fide"]\n\n1. d2 d6 *\n\n'  # no such ruleset
    '[SetUp "1"]\n[FEN "not a position"]\n\n5. d2 *\n\n'  # a FEN that cannot be read
    '1. g7 d6 *\n'
)


def test_a_game_that_cannot_be_replayed_is_shown_without_positions() -> None:
    """An unknown Rules tag or a bad FEN does not cost the other games their page."""
    page = write_html(read_games(UNREPLAYABLE, "three.txt"))
    games = page_data(page)["games"]
    empty = {"white": [], "black": [], "marks": "", "mills": ""}
    for game, line, why in ((games[0], 1, "the Rules tag names 'fide'"), (games[1], 6, "in the FEN tag")):
        (frame,) = game["frames"]
        assert {key: frame[key] for key in empty} == empty
        assert frame["status"].startswith(f"Not replayed: {why}") and frame["status"].endswith(f"(line {line}).")
    assert [(frame["white"], frame["black"]) for frame in games[2]["frames"]] == [([], []), (["g7"], []),
                                                                                 (["g7"], ["d6"])]
    sections = page.split('<section class="game"')[1:]
    assert 'class="ply' not in sections[0] and 'class="ply' not in sections[1]  # the moves, not linked
    assert '<span class="move">d6</span>' in sections[0] and '<span class="move">d2</span>' in sections[1]
    assert "Not replayed: the Rules tag names &#x27;fide&#x27;" in sections[0]
    assert sections[2].count('<a class="ply"') == 2 and "Replayed under the rules wmd" in sections[2]


def test_a_record_set_up_from_a_fen_starts_there() -> None:
    # examples/setup-position.txt: White a7 d7 g4 b2 d2 c3, Black a1 g1 e5.
    data = page_data(write_html(read_file(EXAMPLES / "setup-position.txt")))
    start = data["games"][0]["frames"][0]
    assert (set(start["white"]), set(start["black"])) == ({"a7", "d7", "g4", "b2", "d2", "c3"}, {"a1", "g1", "e5"})
    assert start["position"].endswith("\nBlack to move")
    # its FEN tag, in the current form (as show --fen writes it)
    assert start["fen"] == "*@***O**/****OO**/O*O@*@*O b m s 6 0 3 0 0 0 -1 -1 -1 -1 0 2 20 ids:nodes"
    after = fen_to_position(data["games"][0]["frames"][1]["fen"])  # 20... e5-e4: White's 21st move next
    assert (after.position.to_move, after.fullmove, after.no_progress) == ("white", 21, 3)


# -- in the browser -------------------------------------------------------------

needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium binary (install Debian's chromium)")
#: The window widths the page is checked at: a desktop screen and a phone's.
DESKTOP, PHONE = 1280, 390
KEYS = {"ArrowLeft": Keys.ARROW_LEFT, "ArrowUp": Keys.ARROW_UP, "ArrowRight": Keys.ARROW_RIGHT,
        "ArrowDown": Keys.ARROW_DOWN, "Home": Keys.HOME, "End": Keys.END}
STONES_SCRIPT = """
return Array.prototype.map.call(document.querySelectorAll('section.game svg circle.stone'),
  function (c) { return [c.getAttribute('data-point'), c.getAttribute('data-side'),
                         c.getAttribute('cx'), c.getAttribute('cy')]; });
"""


class Browser(Window):
    """Headless Chromium driven by Selenium through Debian's chromedriver (tests/chromium.py), with
    the few steps the tests take."""

    def __init__(self) -> None:
        super().__init__()
        self.resize(DESKTOP)

    def resize(self, width: int) -> None:
        """Make the page's viewport ``width`` CSS pixels wide (900 high)."""
        self.size(width, 900)

    def open(self, url: str) -> None:
        self.driver.get(url)

    def element(self, css: str) -> WebElement:
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def click(self, css: str) -> None:
        self.element(css).click()

    def press(self, key: str, times: int = 1) -> None:
        ActionChains(self.driver).send_keys(KEYS[key] * times).perform()

    def stones(self) -> tuple[set[str], set[str]]:
        """The stones the board shows, checking each is drawn at its point."""
        white, black = set(), set()
        for point, side, cx, cy in self.run(STONES_SCRIPT):
            assert (float(cx), float(cy)) == (60.0 + 60 * "abcdefg".index(point[0]), 40.0 + 60 * (7 - int(point[1])))
            (white if side == "white" else black).add(point)
        return white, black

    def close(self) -> None:
        self.driver.quit()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    session = Browser()
    try:
        yield session
    finally:
        session.close()


@pytest.fixture
def phone(browser: Browser) -> Iterator[Browser]:
    """The browser with a phone's viewport, 390 CSS pixels wide."""
    browser.resize(PHONE)
    try:
        yield browser
    finally:
        browser.resize(DESKTOP)


@pytest.fixture(scope="module")
def page_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("viewer") / "game.html"
    path.write_text(sanmill_page(), encoding="utf-8")
    return path.as_uri()


def current(browser: Browser) -> int:
    return int(browser.run("return document.querySelector('section.game').getAttribute('data-ply');"))


@needs_driver
def test_the_page_opens_at_the_final_position(browser: Browser, page_url: str) -> None:
    browser.open(page_url)
    assert browser.stones() == AFTER[40]
    assert current(browser) == 40
    # The last ply is marked: an arrow from d2 to d3 and a cross on g1.
    assert browser.run("var g = document.querySelector('svg .marks g.moved');"
                       "return [g.getAttribute('data-from'), g.getAttribute('data-to')];") == ["d2", "d3"]
    assert browser.run("return document.querySelector('svg .marks g.captured').getAttribute('data-point');") == "g1"


@needs_driver
def test_buttons_step_through_the_game(browser: Browser, page_url: str) -> None:
    browser.open(page_url)
    browser.click("button.start")
    assert browser.stones() == AFTER[0] and current(browser) == 0
    for _ in range(4):
        browser.click("button.forward")
    assert browser.stones() == AFTER[4]
    browser.click("button.back")
    assert browser.stones() == AFTER[3]
    browser.click("button.end")
    assert browser.stones() == AFTER[40]
    browser.click("button.forward")  # nothing after the end
    assert current(browser) == 40


@needs_driver
def test_arrow_keys_step_and_home_end_jump(browser: Browser, page_url: str) -> None:
    browser.open(page_url)
    browser.press("Home")
    assert current(browser) == 0
    browser.press("ArrowLeft")  # nothing before the start
    assert current(browser) == 0
    browser.press("ArrowRight", 12)
    assert browser.stones() == AFTER[12]
    browser.press("ArrowLeft", 8)
    assert browser.stones() == AFTER[4]
    browser.press("End")
    assert browser.stones() == AFTER[40]


@needs_driver
def test_clicking_a_move_jumps_to_it(browser: Browser, page_url: str) -> None:
    browser.open(page_url)
    browser.click('a.ply[data-ply="18"]')
    assert browser.stones() == AFTER[18]
    assert browser.run("return document.querySelector('a.ply.current').getAttribute('data-ply');") == "18"
    assert "9... c3/xd2" in browser.run("return document.querySelector('.status').textContent;")
    # The mill it closed is highlighted and the captured point crossed.
    assert browser.run("return document.querySelector('svg .mills line.mill').getAttribute('data-points');") \
        == "c3 d3 e3"
    browser.press("ArrowRight")
    assert browser.stones() == AFTER[19]
    browser.click('a.ply[data-ply="3"]')
    assert browser.stones() == AFTER[3]


@needs_driver
def test_the_address_fragment_selects_a_position(browser: Browser, page_url: str) -> None:
    browser.open(page_url + "#ply=12")
    assert browser.stones() == AFTER[12]
    browser.click("button.forward")
    assert browser.run("return window.location.hash;") == "#ply=13"


@needs_chromium
def test_dump_dom_with_a_fragment_shows_that_position(page_url: str) -> None:
    with tempfile.TemporaryDirectory() as profile:
        done = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--dump-dom", page_url + "#ply=18"],
                              capture_output=True, timeout=120, env=dict(os.environ, HOME=profile))
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
    white, black = set(), set()
    for tag, attrs in parsed(done.stdout.decode()).starts:
        if tag == "circle" and "stone" in (attrs.get("class") or "").split():
            (white if attrs["data-side"] == "white" else black).add(attrs["data-point"])
    assert (white, black) == AFTER[18]


@pytest.fixture(scope="module")
def variations_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    game = parse_game(VARIATIONS)
    path = tmp_path_factory.mktemp("viewer") / "variations.html"
    path.write_text(render_html(game, replay(game)), encoding="utf-8")
    return path.as_uri()


def shown(browser: Browser) -> tuple[int, int, Optional[str]]:
    """The line and ply the page shows, and the ply link marked current (``line/ply``)."""
    return tuple(browser.run(
        "var s = document.querySelector('section.game'); var a = document.querySelector('a.ply.current');"
        "return [parseInt(s.getAttribute('data-line'), 10), parseInt(s.getAttribute('data-ply'), 10),"
        " a && a.getAttribute('data-line') + '/' + a.getAttribute('data-ply')];"))


@needs_driver
def test_clicking_a_variation_move_and_stepping_along_it(browser: Browser, variations_url: str) -> None:
    browser.open(variations_url)
    browser.click('a.ply[data-line="1"][data-ply="4"]')  # 2... d3 in variation 1
    assert browser.stones() == ({"d2", "f2"}, {"d3", "d6"}) and shown(browser) == (1, 4, "1/4")
    browser.press("ArrowRight")
    assert browser.stones() == ({"b4", "d2", "f2"}, {"d3", "d6"}) and shown(browser) == (1, 5, "1/5")
    browser.press("ArrowRight")  # the variation ends here
    assert shown(browser) == (1, 5, "1/5")
    # Back past the variation's first ply (ply 3): the main line's positions, its ply 2 marked.
    browser.press("ArrowLeft", 3)
    assert browser.stones() == ({"d2"}, {"d6"}) and shown(browser) == (1, 2, "0/2")
    browser.click("button.end")
    assert shown(browser) == (1, 5, "1/5")
    assert browser.run("return window.location.hash;") == "#line=1&ply=5"
    browser.click('a.ply[data-line="0"][data-ply="4"]')
    assert browser.stones() == ({"d2", "f4"}, {"d6", "f2"}) and shown(browser) == (0, 4, "0/4")
    assert browser.run("return window.location.hash;") == "#ply=4"


@needs_driver
def test_the_address_fragment_selects_a_variation(browser: Browser, variations_url: str) -> None:
    """Variation 2 (2... b4) stands inside variation 1: back from it goes through variation 1's 2. f2."""
    browser.open(variations_url + "#line=2&ply=4")
    assert browser.stones() == ({"d2", "f2"}, {"b4", "d6"}) and shown(browser) == (2, 4, "2/4")
    browser.click("button.back")
    assert browser.stones() == ({"d2", "f2"}, {"d6"}) and shown(browser) == (2, 3, "1/3")
    assert browser.run("return window.location.hash;") == "#line=2&ply=3"
    browser.open(variations_url + "#line=9&ply=2")  # no such variation: the main line
    assert browser.stones() == ({"d2"}, {"d6"}) and shown(browser) == (0, 2, "0/2")


def test_links_on_a_page_of_several_games_name_their_game() -> None:
    games = [parse_game("1. d2 d6 *"), parse_game(VARIATIONS)]
    starts = parsed(render_games_html([(game, replay(game)) for game in games])).starts
    hrefs = [attrs["href"] for tag, attrs in starts if tag == "a"]
    assert hrefs[:3] == ["#game=1&ply=1", "#game=1&ply=2", "#game=2&ply=1"]
    assert "#game=2&line=2&ply=4" in hrefs


@needs_driver
def test_a_variation_without_a_legal_ply_leaves_the_main_line_free(browser: Browser, tmp_path: Path) -> None:
    """Variation 1, (1... d2), is illegal at once: a link to it shows the main line, and stepping
    goes on along the main line."""
    game = parse_game("1. d2 d6 (1... d2) 2. f4 *")
    path = tmp_path / "empty-variation.html"
    path.write_text(render_html(game, replay(game)), encoding="utf-8")
    browser.open(path.as_uri() + "#line=1&ply=2")
    assert browser.stones() == ({"d2"}, {"d6"}) and shown(browser) == (0, 2, "0/2")
    assert browser.run("return window.location.hash;") == "#ply=2"
    browser.press("ArrowRight")
    assert browser.stones() == ({"d2", "f4"}, {"d6"}) and shown(browser) == (0, 3, "0/3")


@needs_driver
def test_a_game_not_replayed_shows_an_empty_board_and_why(browser: Browser, tmp_path: Path) -> None:
    path = tmp_path / "unreplayable.html"
    path.write_text(write_html(read_games(UNREPLAYABLE.split("\n\n[SetUp")[0], "one.txt")), encoding="utf-8")
    browser.open(path.as_uri())
    assert browser.stones() == (set(), set())
    browser.press("ArrowRight", 2)
    assert browser.stones() == (set(), set()) and current(browser) == 0
    status = browser.run("return document.querySelector('p.status').textContent;")
    assert status.startswith("Not replayed: the Rules tag names 'fide'")


# -- several games, symbols, sizes ----------------------------------------------


def several_games_page() -> str:
    games = [sanmill_game(), parse_game(VARIATIONS), parse_game("1. g7 *")]
    return render_games_html([(game, replay(game)) for game in games])


def test_a_page_of_several_games_has_a_picker_and_one_board() -> None:
    page = several_games_page()
    starts = parsed(page).starts
    options = re.findall(r'<option value="(\d+)">(.*?)</option>', page)
    assert options == [("1", "1. Human – AI, Sanmill-Game, 2026.7.20, 0-1"), ("2", "2. Game 2"), ("3", "3. Game 3")]
    assert re.findall(r"<h2>(.*?)</h2>", page) == ["Game 1: Human – AI, Sanmill-Game, 2026.7.20, 0-1", "Game 2",
                                                   "Game 3"]
    sections = [attrs for tag, attrs in starts if tag == "section"]
    assert [("hidden" in attrs) for attrs in sections] == [False, True, True]
    assert page.count("<svg") == 1 and page.count('<div class="side">') == 1
    assert page.index('<div class="side">') < page.index('<section class="game" id="game-2"')
    one = render_html(sanmill_game(), replay(sanmill_game()))
    assert "<select" not in one and "<h2>Human – AI</h2>" in one


def test_a_game_is_named_by_its_players_event_date_and_result() -> None:
    assert game_label(4, Game(tags={"White": "Anna", "Event": "Stadtmeisterschaft", "Result": "1/2-1/2"})) == (
        "Anna – ?, Stadtmeisterschaft, 1/2-1/2")
    assert game_label(4, Game(tags={"Date": "????.??.??", "Site": "Ulm"})) == "Game 4"
    assert game_label(2, parse_game("1. d2 d6 0-1")) == "0-1"  # the result of the move text


def test_styles_and_script_are_package_data_shared_once_per_page() -> None:
    page = several_games_page()
    css, script = asset("viewer.css"), asset("viewer.js")
    assert "section.game[hidden]" in css and "function Viewer(" in script
    assert page.count(css) == 1 and page.count(script) == 1
    assert page.count("function Viewer(") == 1 and page.count(".ply.illegal {") == 1


# PGN standard, section 10: 1 good, 2 poor, 3 very good, 4 very poor, 5 speculative, 6 questionable
# move; 10 drawish, 13 unclear; 14-19 White/Black slightly, moderately, decisively better. Any
# other NAG keeps its number.
NAG_CASES = [(1, "!"), (2, "?"), (3, "!!"), (4, "??"), (5, "!?"), (6, "?!"), (10, "="), (13, "∞"), (14, "+="),
             (15, "=+"), (16, "±"), (17, "∓"), (18, "+−"), (19, "−+"), (7, "$7"), (22, "$22"), (146, "$146")]


@pytest.mark.parametrize("nag, symbol", NAG_CASES)
def test_a_nag_is_shown_as_its_symbol(nag: int, symbol: str) -> None:
    game = parse_game(f"1. d2 ${nag} d6 *")
    assert f'<a class="ply" href="#ply=1" data-line="0" data-ply="1">d2</a><span class="annotation"> {symbol}</span>' \
        in render_html(game, replay(game))


def test_every_nag_with_a_symbol_is_checked() -> None:
    assert set(NAG_SYMBOLS) == {nag for nag, symbol in NAG_CASES if not symbol.startswith("$")}


def test_each_position_has_its_fen_and_the_game_its_record() -> None:
    data = page_data(sanmill_page())["games"][0]
    for index, (white, black) in AFTER.items():
        fen = fen_to_position(data["frames"][index]["fen"])
        assert ({p for p in POINT_NAMES if fen.position.owner(p) == "white"},
                {p for p in POINT_NAMES if fen.position.owner(p) == "black"}) == (white, black)
    after_18 = fen_to_position(data["frames"][18]["fen"]).position
    assert (after_18.in_hand_white, after_18.in_hand_black, after_18.to_move) == (0, 0, "white")
    assert data["frames"][18]["position"] == ("White: 7 on the board, 0 in hand, moving\n"
                                              "Black: 9 on the board, 0 in hand, moving\nWhite to move")
    assert data["frames"][0]["fen"].split()[:8] == ["********/********/********", "w", "p", "p", "0", "9", "0", "9"]
    assert fen_to_position(data["frames"][40]["fen"]).phase == "o"  # White is down to two stones
    read_back = parse_game(data["record"])
    assert [ply.move_text for ply in read_back.plies] == [ply.move_text for ply in sanmill_game().plies]


def test_a_variation_position_has_the_fen_of_its_own_line() -> None:
    data = page_data(render_html(parse_game(VARIATIONS), replay(parse_game(VARIATIONS))))["games"][0]
    nested = fen_to_position(data["variations"][1]["frames"][0]["fen"])  # 1. d2 d6 2. f2 b4
    assert (nested.position.white, nested.position.black) == (mask_of(["d2", "f2"]), mask_of(["b4", "d6"]))
    assert nested.fullmove == 3


def test_the_page_grows_by_a_small_constant_amount_per_ply() -> None:
    """Before the board was shared and positions became short rows, 200 generated games made a
    page of 10.6 MB, about 800 bytes a ply; now each ply adds about 270 bytes."""
    sizes = []
    for count in (10, 40):
        games = list(generate_games("wmd", 3, count))
        sizes.append((sum(len(game.plies) for game in games), len(write_html(games).encode())))
    (plies, size), (more_plies, bigger) = sizes
    assert (bigger - size) / (more_plies - plies) < 350
    for plies, size in sizes:
        assert size < 40_000 + 350 * plies


# -- in the browser: several games, a phone's width, flip and copy ---------------


@pytest.fixture(scope="module")
def several_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("viewer") / "several.html"
    path.write_text(several_games_page(), encoding="utf-8")
    return path.as_uri()


def in_view(browser: Browser) -> list[int]:
    """The numbers of the games whose sections are shown."""
    return browser.run("return Array.prototype.filter.call(document.querySelectorAll('section.game'),"
                       " function (s) { return s.offsetParent !== null; })"
                       ".map(function (s) { return parseInt(s.getAttribute('data-game'), 10); });")


def board_game(browser: Browser) -> int:
    """The number of the game whose section holds the board."""
    return int(browser.run("return document.querySelector('.side').closest('section.game')"
                           ".getAttribute('data-game');"))


@needs_driver
def test_the_picker_switches_games_and_the_keys_drive_the_game_in_view(browser: Browser, several_url: str) -> None:
    browser.open(several_url)
    assert in_view(browser) == [1] and board_game(browser) == 1 and browser.stones() == AFTER[40]
    Select(browser.element("nav.games select")).select_by_value("2")
    assert in_view(browser) == [2] and board_game(browser) == 2
    assert browser.stones() == ({"b4", "d2", "f4"}, {"d6", "f2"})  # the end of 1. d2 d6 2. f4 f2 3. b4
    assert browser.run("return window.location.hash;") == "#game=2&ply=5"
    browser.press("ArrowLeft", 2)
    assert browser.stones() == ({"d2", "f4"}, {"d6"})
    assert browser.run("return window.location.hash;") == "#game=2&ply=3"
    browser.click("nav.games button.next-game")
    assert in_view(browser) == [3] and browser.stones() == ({"g7"}, set())
    assert browser.run("return document.querySelector('nav.games select').value;") == "3"
    browser.click("nav.games button.previous-game")  # game 2 where it was left
    assert in_view(browser) == [2] and browser.stones() == ({"d2", "f4"}, {"d6"})
    browser.open(several_url + "#game=1&ply=12")
    assert in_view(browser) == [1] and browser.stones() == AFTER[12]
    browser.open(several_url + "#game=2&line=2&ply=4")
    assert in_view(browser) == [2] and browser.stones() == ({"d2", "f2"}, {"b4", "d6"})
    browser.open(several_url + "#game=3")  # a game alone: at its end
    assert in_view(browser) == [3] and browser.stones() == ({"g7"}, set())
    assert browser.run("return window.location.hash;") == "#game=3&ply=1"


def overflowing(browser: Browser) -> list[str]:
    """The elements whose right edge lies beyond the viewport, and whether the page scrolls sideways."""
    return browser.run("""
      var width = document.documentElement.clientWidth, found = [];
      if (document.documentElement.scrollWidth > width) { found.push('page: ' + document.documentElement.scrollWidth); }
      document.querySelectorAll('body *').forEach(function (e) {
        var box = e.getBoundingClientRect();
        if (box.width && box.right > width + 0.5) { found.push(e.tagName + '.' + e.getAttribute('class') + ': ' + box.right); }
      });
      return found;""")


def box(browser: Browser, css: str) -> dict[str, float]:
    return browser.run(f"var b = document.querySelector('{css}').getBoundingClientRect();"
                       "return {left: b.left, right: b.right, top: b.top, bottom: b.bottom, width: b.width};")


@needs_driver
def test_at_a_phone_s_width_nothing_is_cut_off_and_the_board_fits(phone: Browser, several_url: str) -> None:
    phone.open(several_url)
    assert phone.run("return window.innerWidth;") == PHONE
    for game in ("1", "2"):
        Select(phone.element("nav.games select")).select_by_value(game)
        assert overflowing(phone) == []
        board = box(phone, ".board svg")
        assert 300 < board["width"] <= PHONE - 20
        assert box(phone, "section.game:not([hidden]) .record")["top"] >= board["bottom"]  # the moves go below the board
    phone.click("button.back")
    assert phone.stones() == ({"d2", "f4"}, {"d6", "f2"})  # 2... f2, before 3. b4


@needs_driver
def test_at_a_phone_s_width_long_names_and_comments_wrap(phone: Browser, tmp_path: Path) -> None:
    word = "Landesmannschaftsmeisterschaftsendrundenqualifikationsturnierausrichtungsgemeinschaft"
    game = parse_game(f'[Event "{word}"]\n[White "{word}"]\n\n{{ {word} }} 1. d2 $146 d6 (1... f4 {{ {word} }}) *')
    path = tmp_path / "long.html"
    path.write_text(render_games_html([(game, replay(game)), (game, replay(game))]), encoding="utf-8")
    phone.open(path.as_uri())
    assert overflowing(phone) == []


@needs_driver
def test_at_a_desktop_s_width_the_board_stands_beside_the_moves(browser: Browser, page_url: str) -> None:
    browser.open(page_url)
    assert browser.run("return window.innerWidth;") == DESKTOP
    board = box(browser, ".board svg")
    assert board["width"] == 460
    assert box(browser, ".record")["left"] >= board["right"]
    assert overflowing(browser) == []


@needs_driver
def test_the_board_flips_and_its_coordinates_stay_upright(browser: Browser, page_url: str) -> None:
    browser.open(page_url + "#ply=3")  # White d2 f4, Black d6

    def centre(point: str) -> tuple[float, float]:
        b = box(browser, f'circle.stone[data-point="{point}"]')
        return (b["left"] + b["right"]) / 2, (b["top"] + b["bottom"]) / 2

    def labels() -> list[str]:
        return browser.run("return Array.prototype.map.call(document.querySelectorAll('g.coordinates text'),"
                           " function (t) { return t.textContent; });")

    (f4x, f4y), (d6x, d6y) = centre("f4"), centre("d6")
    assert f4x > d6x and f4y > d6y  # f4 right of and below d6
    assert labels() == list("abcdefg") + list("1234567")
    browser.click("button.flip")
    (f4x, f4y), (d6x, d6y) = centre("f4"), centre("d6")
    assert f4x < d6x and f4y < d6y  # turned round: f4 left of and above d6
    assert labels() == list("gfedcba") + list("7654321")
    assert browser.run("return document.querySelector('g.coordinates').getAttribute('transform');") is None
    assert browser.stones() == AFTER[3]  # the stones keep their coordinates; the picture turns
    browser.click("button.forward")
    assert browser.stones() == AFTER[4] and labels()[0] == "g"
    browser.click("button.flip")
    assert labels() == list("abcdefg") + list("1234567")


@needs_driver
def test_the_position_in_view_shows_stones_in_hand_and_who_moves(browser: Browser, page_url: str) -> None:
    browser.open(page_url + "#ply=3")  # 1. d2 d6 2. f4
    assert browser.element(".position").text.splitlines() == [
        "White: 2 on the board, 7 in hand, placing", "Black: 1 on the board, 8 in hand, placing", "Black to move"]
    browser.click('a.ply[data-ply="18"]')
    assert browser.element(".position").text.splitlines() == [
        "White: 7 on the board, 0 in hand, moving", "Black: 9 on the board, 0 in hand, moving", "White to move"]


@needs_driver
def test_copying_the_fen_and_the_record(browser: Browser, page_url: str) -> None:
    browser.open(page_url + "#ply=18")
    field = browser.element(".copied textarea")
    assert not field.is_displayed()
    browser.click("button.copy-fen")
    assert field.is_displayed()
    fen = fen_to_position(field.get_attribute("value")).position
    assert (set(points_of(fen.white)), set(points_of(fen.black))) == AFTER[18]
    browser.click("button.forward")  # another position: the copied FEN is put away
    assert not field.is_displayed()
    # Without the clipboard API the text stands selected in the field, to copy by hand.
    browser.run("Object.defineProperty(navigator, 'clipboard', {value: undefined, configurable: true});")
    browser.click("button.copy-record")
    assert field.is_displayed()
    record = field.get_attribute("value")
    assert record.startswith('[Event "Sanmill-Game"]') and "10. b4-b2 d3-d2" in record
    assert browser.run("var f = document.querySelector('.copied textarea');"
                       "return document.activeElement === f && f.selectionStart === 0 && "
                       "f.selectionEnd === f.value.length;")
    assert "select and copy" in browser.element(".copied .note").text


# -- the endgame tables' values -------------------------------------------------

#: White a1, d1, b6 against Black d6, f4, c5, Black to move, and Black's 1... c5-c4 (worked out
#: by hand): White then closes a1-d1-g1 by b6-g1 and takes any Black stone, a win in 1 ply. Before
#: it, Black cannot close a mill (no two Black stones on one) and must put a stone on g1, else it
#: loses in 2; after any such jump White has no mill to close: the best plies are the three jumps
#: to g1 (the distance is the tables' own).
ENDGAME = ('[SetUp "1"]\n[FEN "*******@/@*@****O/****OO** b m s 3 0 3 0 0 0 0 0 0 0 0 0 1"]\n\n'
           "1... c5-c4\n")
WHITE_WINS = "White to move wins in 1 ply; best: b6-g1xc4, b6-g1xd6, b6-g1xf4"
BLACK_BLOCKS = r"Black to move (loses in \d+ plies|draws); best: c5-g1, d6-g1, f4-g1"


def endgame_page(directory: Path) -> str:
    pytest.importorskip("numpy")
    from muehle.analyzer.endgames.best import endgame_values

    return write_html([parse_game(ENDGAME)], values=endgame_values(directory))


def test_positions_the_tables_hold_carry_their_value(endgame_cache: Path) -> None:
    data = json.loads(re.search(r"var DATA = (\{.*?\});\n", endgame_page(endgame_cache)).group(1))  # type: ignore[union-attr]
    start, after = data["games"][0]["frames"]
    assert re.fullmatch(BLACK_BLOCKS, data["texts"][start[7]])
    assert data["texts"][after[7]] == WHITE_WINS


def test_without_tables_or_positions_they_hold_the_page_is_unchanged(endgame_cache: Path, tmp_path: Path) -> None:
    from muehle.analyzer.endgames.best import endgame_values

    assert endgame_page(tmp_path / "no-tables") == write_html([parse_game(ENDGAME)])
    book = next(read_file(EXAMPLES / "schuermann-book-game.txt"))  # stones in hand, then more than four
    assert (render_games_html([(book, replay(book))], values=endgame_values(endgame_cache))
            == render_games_html([(book, replay(book))]))


def test_convert_to_html_reads_the_tables_of_the_cache_folder(endgame_cache: Path, tmp_path: Path) -> None:
    from runner import run

    record = tmp_path / "endgame.txt"
    record.write_text(ENDGAME, encoding="utf-8")
    with_tables = run("convert", str(record), "--to", "html", "--endgames-dir", str(endgame_cache))
    assert with_tables.exit_code == 0, with_tables.output
    assert json.dumps(WHITE_WINS) in with_tables.stdout
    default = run("convert", str(record), "--to", "html")  # the user's cache: none built there
    assert default.exit_code == 0 and "White to move wins" not in default.stdout
    wrong = run("convert", str(record), "--to", "json", "--endgames-dir", str(endgame_cache))
    assert wrong.exit_code == 2 and "--endgames-dir applies to --to html only" in wrong.output


@needs_driver
def test_the_status_line_shows_the_value(browser: Browser, endgame_cache: Path, tmp_path: Path) -> None:
    path = tmp_path / "endgame.html"
    path.write_text(endgame_page(endgame_cache), encoding="utf-8")
    browser.open(path.as_uri())
    assert browser.element(".status").text == f"Ply 1 of 1: 1... c5-c4 \u2014 {WHITE_WINS}"
    browser.press("Home")
    status = browser.element(".status").text
    assert status.startswith("Start (1 ply) \u2014 ")
    assert re.fullmatch(BLACK_BLOCKS, status.removeprefix("Start (1 ply) \u2014 "))
