"""The HTML viewer in German: with ``--lang de`` every word of the page is German (the Python
side's texts through the catalog, the script's from the table the page gives it), in the HTML
and in the browser while stepping through each game to its end; an English page is as before.

The English words looked for are every word of the viewer's own messages (its module's texts
marked for translation, extracted as Babel extracts them for the catalog) that their German
forms do not share: so a text added to the viewer untranslated, or a word the script writes
itself, is caught."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract

from chromium import DESKTOP, PHONE, Window, needs_driver
from muehle.analyzer.pictures import html_viewer
from muehle.analyzer.pictures.html_viewer import VIEWER_WORDS, viewer_words, write_html
from muehle.notation.reading.parser import read_file, read_games
from muehle.notation.text.i18n import _ as translated
from muehle.notation.text.i18n import language, ngettext
from paths import ROOT
from runner import run

VIEWER_SOURCE = Path(html_viewer.__file__)
SCRIPT = VIEWER_SOURCE.parent / "viewer_assets" / "viewer.js"
MULTI = ROOT / "examples" / "multi-game.txt"  # German comments and tags, variations, a draw after ply 22

#: Games that show the rest of the viewer's texts: a win (Black; White blocked after 9... g7,
#: WMD 10.2), an illegal ply and one after it (not replayed), a variation with its own status
#: lines, and a game whose ruleset is unknown (shown without positions). Names and comments German.
OTHERS = """[Event "Vereinsabend"]
[White "Anna"]
[Black "Beat"]
[Result "0-1"]

1. a1 a7 2. a4 b4 3. b2 c4 4. c3 d2 5. d1 d6 6. d3 e3 7. d7 f4 8. f2 g1 9. f6 g7 0-1

[Event "Vereinsabend"]
[White "Carla"]
[Black "Dario"]

1. d2 d6 (1... f4 2. b4 {ruhig}) 2. f4 d6 3. b4 *

[Event "Vereinsabend"]
[White "Eva"]
[Black "Fritz"]
[Rules "keine-solchen"]

1. d2 d6 *
"""


def _messages() -> dict[str, str]:
    """The viewer module's texts marked for translation (singular and plural forms), extracted as
    tests/project/test_translations.py extracts them, with their German forms."""
    keywords = {"_": None, "N_": None, "ngettext": (1, 2)}
    found: dict[str, str] = {}
    with VIEWER_SOURCE.open("rb") as source, language("de"):
        for _line, message, _comments, _context in extract("python", source, keywords=keywords,
                                                           options={"encoding": "utf-8"}):
            if isinstance(message, tuple):
                found[message[0]] = ngettext(message[0], message[1], 1)
                found[message[1]] = ngettext(message[0], message[1], 2)
            else:
                found[message] = translated(message)
    return found


def _words(text: str) -> set[str]:
    """The words of three letters or more of a text, its placeholders (``{what}``) left out (a word of
    two, "an", "in", may well stand in German)."""
    return set(re.findall(r"[A-Za-z]{3,}", re.sub(r"\{[a-z_]+\}", " ", text)))


def english_words() -> set[str]:
    """Every word of the viewer's English texts that no German form of them has."""
    messages = _messages()
    german = set().union(*(_words(text) for text in messages.values()))
    return set().union(*(_words(text) for text in messages)) - german


ENGLISH = english_words()


def _english_in(text: str) -> list[str]:
    return sorted(word for word in ENGLISH if re.search(rf"(?<![A-Za-zÄÖÜäöüß]){word}(?![A-Za-zÄÖÜäöüß])", text))


def test_the_english_words_are_those_of_the_viewer() -> None:
    """Hand-checked: words of the status line, the buttons, the help and the script's notes are
    looked for; FEN, a name both languages use, and the key letters are not."""
    assert {"Ply", "Draw", "wins", "after", "Variation", "Start", "Back", "Forward", "End", "Flip", "Copy",
            "Keys", "Game", "replayed", "clipboard", "select", "Nine", "Morris", "rules"} <= ENGLISH
    assert not {"FEN", "F", "N", "P", "Ende"} & ENGLISH


def test_every_word_of_the_script_comes_from_the_page() -> None:
    """viewer.js shows no text of its own: what it writes into the page (``textContent``,
    ``innerHTML``, a title or label) has no word of the viewer's texts in a string literal, no
    literal of it is a phrase of them (CSS selectors aside), and each
    key of the table it looks up is one the page gives."""
    script = SCRIPT.read_text(encoding="utf-8")
    # (comments are no text shown: whole lines and the ends of lines after code)
    code = re.sub(r"/\*.*?\*/", " ", script, flags=re.S)
    code = "\n".join(re.sub(r"(^|(?<=[;{})]))\s*//.*$", "", line) for line in code.splitlines())
    literal = r'"((?:[^"\\]|\\.)*)"|\'((?:[^\'\\]|\\.)*)\''
    writes = [line for line in code.splitlines()
              if re.search(r"\.(textContent|innerHTML|innerText|title)\s*=|setAttribute\(\"(title|aria-label)\"", line)]
    assert len(writes) >= 5  # the status line, the stone counts, the marks, the copy notes
    shown = [line.strip() for line in writes for pair in re.findall(literal, line) if _english_in("".join(pair))]
    assert shown == []
    # a CSS selector (``nav.games select``): lower case, with a class, id or attribute in it
    selector = re.compile(r'(?=.*[.#\[][a-z])[a-z0-9 .#\-\[\]="_:,>]+')
    phrases = ["".join(pair) for pair in re.findall(literal, code) if not selector.fullmatch("".join(pair))]
    assert selector.fullmatch("nav.games select") and not selector.fullmatch("select and copy")
    worded = [text for text in phrases
              if any(_english_in(first) or _english_in(second)
                     for first, second in re.findall(r"([A-Za-z]+) ([A-Za-z]+)", text))]
    assert worded == []
    assert set(re.findall(r'copy\([^;]*, "([a-z-]+)"\)', code)) == {"fen", "record"}
    assert set(re.findall(r'note\("([a-z-]+)"\)', code)) == {"note-manual", "note-done"}
    assert set(VIEWER_WORDS) == {"fen", "record", "note-manual", "note-done"}


def test_the_script_s_words_are_in_the_catalog_in_german() -> None:
    with language("de"):
        words = viewer_words()
    assert words == {"fen": "Die FEN dieser Stellung", "record": "Die Notation dieser Partie",
                     "note-manual": "{what} (markieren und kopieren):",
                     "note-done": "{what}, in die Zwischenablage kopiert:"}
    assert viewer_words() == VIEWER_WORDS  # English: the texts themselves


def _games() -> list:
    return [*read_file(MULTI), *read_games(OTHERS)]


def _page_texts(page: str) -> str:
    """What a reader of the page sees or hears of the viewer: its text outside the tags' tables
    (whose tag names are PGN's, in English in any language), the record's comments (the
    record's own words) and the script, the titles and labels, and the texts the script shows
    (the status lines, the stone counts, its table of words)."""
    data = json.loads(re.search(r"var DATA = (.*);\n", page).group(1))
    body = page[page.index("<body>"):page.index("<script>")]
    body = re.sub(r'<table class="tags">.*?</table>', " ", body, flags=re.S)
    body = re.sub(r'<span class="comment">[^<]*</span>', " ", body)
    attributes = re.findall(r'(?:title|aria-label)="([^"]*)"', body)
    text = re.sub(r"<[^>]+>", " ", body)
    statuses = [frame[4] for game in data["games"] for frame in game["frames"]]
    statuses += [frame[4] for game in data["games"] for line in game["variations"] for frame in line["frames"]]
    title = re.search(r"<title>(.*?)</title>", page).group(1)
    return html.unescape("\n".join([title, text, *attributes, *statuses, *data["texts"], *data["words"].values()]))


@pytest.fixture(scope="module")
def german_page() -> str:
    with language("de"):
        return write_html(_games())


def test_a_german_page_has_none_of_the_viewer_s_english_words(german_page: str) -> None:
    assert '<html lang="de">' in german_page
    texts = _page_texts(german_page)
    assert _english_in(texts) == []
    # what it says instead, hand-checked: the draw of the first game after 11... f6-d6 (ply 22),
    # Black's win in the second (White cannot move after 9... g7, ply 18), the game not replayed
    for german in ("Remis (Ergebnis laut Partieformular) nach Halbzug 22.", "Schwarz gewinnt (", ") nach Halbzug 18.",
                   "Anfang (22 Halbzüge)", "Halbzug 1 von 22: 1. d2", "Variante 1, Halbzug 5: 3. f6",
                   "Nicht nachgespielt: ", "nicht nachgespielt: ein früherer Halbzug ist regelwidrig",
                   "6 Mühlepartien", "Partie 2: Carla – Dario", "Brett drehen", "FEN kopieren", "Tasten",
                   "Nachgespielt nach den Regeln wmd"):
        assert german in texts, german


def test_an_english_page_is_as_it_was() -> None:
    """The English texts word for word as the page has always had them."""
    page = write_html(_games())
    assert '<html lang="en">' in page
    texts = _page_texts(page)
    for english in ("Draw (result declared in the record) after ply 22.", "Start (22 plies)",
                    "Ply 1 of 22: 1. d2", "Variation 1, ply 5: 3. f6", "Not replayed: ",
                    "not replayed: an earlier ply is illegal", "6 games of Nine Men's Morris",
                    "Game 2: Carla – Dario", "Replayed under the rules wmd: "):
        assert english in texts, english
    for button in ('<button type="button" class="start" title="Start (Home)">&laquo; Start</button>',
                   '<button type="button" class="flip" aria-pressed="false" title="Black&#x27;s side at the bottom '
                   '(F)">Flip board</button>',
                   '<button type="button" class="previous-game" title="The game before (P)">&lsaquo; Game</button>',
                   '<details class="help"><summary>Keys</summary>'):
        assert button in page, button
    data = json.loads(re.search(r"var DATA = (.*);\n", page).group(1))
    assert data["words"] == VIEWER_WORDS


@pytest.mark.parametrize("command", [
    ["convert", str(MULTI), "--to", "html"],
    ["select", str(MULTI), "--to", "html"],
    ["generate", "--seed", "3", "--to", "html"],
])
def test_every_command_that_writes_the_page_writes_it_in_german(command: list[str]) -> None:
    result = run("--lang", "de", *command)
    assert result.exit_code == 0, result.output
    assert '<html lang="de">' in result.stdout
    assert _english_in(_page_texts(result.stdout)) == []
    assert "Halbzug 1 von " in result.stdout and "Brett drehen" in result.stdout
    english = run("--lang", "en", *command)
    assert '<html lang="en">' in english.stdout and "Ply 1 of " in english.stdout


# -- in the browser -------------------------------------------------------------------



#: What the reader of the page sees: its text with the tags' tables hidden and the help opened,
#: and every title and label.
SEEN = """
  document.querySelectorAll('table.tags').forEach(function (t) { t.style.display = 'none'; });
  document.querySelectorAll('details').forEach(function (d) { d.open = true; });
  var labels = Array.prototype.map.call(document.querySelectorAll('[title], [aria-label]'), function (e) {
    return (e.getAttribute('title') || '') + ' ' + (e.getAttribute('aria-label') || '');
  });
  return document.title + '\\n' + document.body.innerText + '\\n' + labels.join('\\n');
"""


@needs_driver
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_german_page_in_the_browser_stays_german_to_the_end_of_every_game(
        window: Window, german_page: str, tmp_path: Path, size: tuple[int, int]) -> None:
    path = tmp_path / "de.html"
    path.write_text(german_page, encoding="utf-8")
    window.size(*size)
    window.driver.get(path.as_uri())
    statuses = []
    for number in range(1, 7):
        window.run("document.querySelector('nav.games select').value = arguments[0];"
                   "document.querySelector('nav.games select').dispatchEvent(new Event('change'));", str(number))
        window.run("document.querySelector('button.start').click();")
        for _step in range(60):  # (the longest game here has 36 plies)
            seen = window.run(SEEN)
            assert _english_in(seen) == [], (number, seen)
            status = window.run("return document.querySelector('.status').textContent;")
            statuses.append(status)
            window.run("document.querySelector('button.forward').click();")
            if window.run("return document.querySelector('.status').textContent;") == status:
                break
        else:
            pytest.fail(f"game {number} has no end")
        # the notes of the copy buttons (copied, or to copy by hand where the browser does not allow it)
        for button in ("copy-fen", "copy-record"):
            if window.run(f"var b = document.querySelector('button.{button}'); if (b.disabled) return false;"
                          "b.click(); return true;"):
                note = window.run("return document.querySelector('.copied .note').textContent;")
                assert note.startswith("Die FEN dieser Stellung" if button == "copy-fen" else "Die Notation dieser Partie")
                assert _english_in(window.run(SEEN)) == []
    assert "Halbzug 22 von 22: 11... f6-d6" in statuses and "Halbzug 18 von 18: 9... g7" in statuses
    # a variation's positions, by its link
    window.run("document.querySelector('nav.games select').value = '1';"
               "document.querySelector('nav.games select').dispatchEvent(new Event('change'));"
               "document.querySelector('section#game-1 a.ply[data-line=\"1\"]').click();")
    status = window.run("return document.querySelector('.status').textContent;")
    assert status.startswith("Variante 1, Halbzug 5")
    assert _english_in(window.run(SEEN)) == []
