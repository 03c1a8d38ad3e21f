"""The HTML viewer: a self-contained page, checked in a real headless Chromium.

The browser tests drive Chromium through chromedriver's W3C WebDriver HTTP
interface with the standard library (no extra packages): they load the page from
a file:// address, step with the buttons and the arrow keys, click moves, and read
the stones from the SVG (each stone carries ``data-point`` and ``data-side``).
The expected stones are worked out by hand from the moves of the Sanmill export:

    1. d2 d6 2. f4 f2 3. b4 d3 4. f6 e4 5. g4 a4 6. c4 c5 7. d7 e5 8. d5 e3xd5
    9. d5 c3xd2 10. b4-b2 d3-d2 ... 20. f6-f4 d2-d3xg1 0-1
"""

from __future__ import annotations

import html.parser
import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Iterator, Optional

import pytest

from muehle.analyzer.html_viewer import render_games_html, render_html, write_html
from muehle.analyzer.replay import replay
from muehle.notation.errors import FormatError
from muehle.notation.parser import parse_game, read_file, read_games

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

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
    assert '<span class="annotation"> ⩲</span>' in page  # $14: White stands slightly better
    assert re.search(r'<span class="variation">\(2\. <a class="ply" href="#line=1&amp;ply=3" data-line="1" '
                     r'data-ply="3">f2</a> <a class="ply" href="#line=1&amp;ply=4" data-line="1" data-ply="4">d3</a>'
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
    assert '<span class="variation">(3. <span class="move">b6</span>)</span>' in page
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


# -- in the browser -------------------------------------------------------------

CHROMIUM = next((shutil.which(name) for name in ("chromium", "chromium-browser", "google-chrome")
                 if shutil.which(name)), None)
CHROMEDRIVER = shutil.which("chromedriver")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage"]

needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium binary (install Debian's chromium)")
needs_driver = pytest.mark.skipif(
    CHROMIUM is None or CHROMEDRIVER is None,
    reason="no Chromium and chromedriver to drive it (install Debian's chromium and chromium-driver)",
)

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
KEYS = {"ArrowLeft": "\ue012", "ArrowUp": "\ue013", "ArrowRight": "\ue014", "ArrowDown": "\ue015",
        "Home": "\ue011", "End": "\ue010"}
STONES_SCRIPT = """
return Array.prototype.map.call(document.querySelectorAll('section.game svg circle.stone'),
  function (c) { return [c.getAttribute('data-point'), c.getAttribute('data-side'),
                         c.getAttribute('cx'), c.getAttribute('cy')]; });
"""


class WebDriver:
    """The few W3C WebDriver commands the tests need, over HTTP with urllib."""

    def __init__(self, base: str) -> None:
        self.base = base
        capabilities = {"browserName": "chrome",
                        "goog:chromeOptions": {"binary": CHROMIUM, "args": FLAGS + ["--window-size=1200,900"]}}
        self.session = self.call("POST", "/session", {"capabilities": {"alwaysMatch": capabilities}})["sessionId"]

    def call(self, method: str, path: str, body: Optional[dict] = None) -> Any:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return json.loads(response.read())["value"]
        except urllib.error.HTTPError as error:
            raise AssertionError(f"WebDriver {method} {path}: {error.read().decode(errors='replace')}") from None

    def command(self, method: str, path: str, body: Optional[dict] = None) -> Any:
        return self.call(method, f"/session/{self.session}{path}", body)

    def open(self, url: str) -> None:
        self.command("POST", "/url", {"url": url})

    def click(self, css: str) -> None:
        element = self.command("POST", "/element", {"using": "css selector", "value": css})[ELEMENT]
        self.command("POST", f"/element/{element}/click", {})

    def press(self, key: str, times: int = 1) -> None:
        actions = []
        for _ in range(times):
            actions += [{"type": "keyDown", "value": KEYS[key]}, {"type": "keyUp", "value": KEYS[key]}]
        self.command("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})

    def run(self, script: str) -> Any:
        return self.command("POST", "/execute/sync", {"script": script, "args": []})

    def stones(self) -> tuple[set[str], set[str]]:
        """The stones the board shows, checking each is drawn at its point."""
        white, black = set(), set()
        for point, side, cx, cy in self.run(STONES_SCRIPT):
            assert (float(cx), float(cy)) == (60.0 + 60 * "abcdefg".index(point[0]), 40.0 + 60 * (7 - int(point[1])))
            (white if side == "white" else black).add(point)
        return white, black

    def close(self) -> None:
        self.command("DELETE", "")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def browser() -> Iterator[WebDriver]:
    port = _free_port()
    driver = subprocess.Popen([CHROMEDRIVER, f"--port={port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(base + "/status", timeout=2) as response:
                    if json.loads(response.read())["value"].get("ready"):
                        break
            except (urllib.error.URLError, ConnectionError):
                pass
            if time.monotonic() > deadline:
                raise AssertionError("chromedriver did not start")
            time.sleep(0.2)
        session = WebDriver(base)
        try:
            yield session
        finally:
            session.close()
    finally:
        driver.terminate()
        driver.wait(timeout=30)


@pytest.fixture(scope="module")
def page_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("viewer") / "game.html"
    path.write_text(sanmill_page(), encoding="utf-8")
    return path.as_uri()


def current(browser: WebDriver) -> int:
    return int(browser.run("return document.querySelector('section.game').getAttribute('data-ply');"))


@needs_driver
def test_the_page_opens_at_the_final_position(browser: WebDriver, page_url: str) -> None:
    browser.open(page_url)
    assert browser.stones() == AFTER[40]
    assert current(browser) == 40
    # The last ply is marked: an arrow from d2 to d3 and a cross on g1.
    assert browser.run("var g = document.querySelector('svg .marks g.moved');"
                       "return [g.getAttribute('data-from'), g.getAttribute('data-to')];") == ["d2", "d3"]
    assert browser.run("return document.querySelector('svg .marks g.captured').getAttribute('data-point');") == "g1"


@needs_driver
def test_buttons_step_through_the_game(browser: WebDriver, page_url: str) -> None:
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
def test_arrow_keys_step_and_home_end_jump(browser: WebDriver, page_url: str) -> None:
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
def test_clicking_a_move_jumps_to_it(browser: WebDriver, page_url: str) -> None:
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
def test_the_address_fragment_selects_a_position(browser: WebDriver, page_url: str) -> None:
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


def shown(browser: WebDriver) -> tuple[int, int, Optional[str]]:
    """The line and ply the page shows, and the ply link marked current (``line/ply``)."""
    return tuple(browser.run(
        "var s = document.querySelector('section.game'); var a = document.querySelector('a.ply.current');"
        "return [parseInt(s.getAttribute('data-line'), 10), parseInt(s.getAttribute('data-ply'), 10),"
        " a && a.getAttribute('data-line') + '/' + a.getAttribute('data-ply')];"))


@needs_driver
def test_clicking_a_variation_move_and_stepping_along_it(browser: WebDriver, variations_url: str) -> None:
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
def test_the_address_fragment_selects_a_variation(browser: WebDriver, variations_url: str) -> None:
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
def test_a_variation_without_a_legal_ply_leaves_the_main_line_free(browser: WebDriver, tmp_path: Path) -> None:
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
def test_a_game_not_replayed_shows_an_empty_board_and_why(browser: WebDriver, tmp_path: Path) -> None:
    path = tmp_path / "unreplayable.html"
    path.write_text(write_html(read_games(UNREPLAYABLE.split("\n\n[SetUp")[0], "one.txt")), encoding="utf-8")
    browser.open(path.as_uri())
    assert browser.stones() == (set(), set())
    browser.press("ArrowRight", 2)
    assert browser.stones() == (set(), set()) and current(browser) == 0
    status = browser.run("return document.querySelector('p.status').textContent;")
    assert status.startswith("Not replayed: the Rules tag names 'fide'")
