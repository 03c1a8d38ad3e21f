"""The viewer and the commands agree: its "Copy FEN" gives the FEN ``muehle show --fen`` writes
(Sanmill's current form), and after ``convert --keep-going`` it numbers the games as their input
does (as ``validate`` counts them), not by their place on the page."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from muehle.analyzer.engine.fen import fen_to_position
from muehle.analyzer.pictures.html_viewer import render_games_html, write_html
from muehle.notation.reading.parser import parse_game
from paths import ROOT
from runner import run

EXAMPLES = ROOT / "examples"

#: Four games; the third cannot be read (``zz`` is no point), the fourth names a ruleset there is none of.
FOUR_GAMES = """[White "Anna"]
[Black "Ben"]

1. d2 d6 *

[White "Carla"]
[Black "Dario"]

1. f4 b4 2. d2 *

[White "Emil"]
[Black "Fritz"]

1. d2 d6 2. zz *

[White "Gina"]
[Black "Hans"]
[Rules "nonesuch"]

1. a1 *
"""


def page_data(page: str) -> dict[str, Any]:
    match = re.search(r"var DATA = (\{.*?\});\n", page)
    assert match is not None
    return json.loads(match.group(1))


def frame_fens(page: str) -> list[str]:
    """The FEN of each position of the page's first game (the last item of each frame's first seven)."""
    return [frame[6] for frame in page_data(page)["games"][0]["frames"]]


@pytest.mark.parametrize("name", ["sanmill-export.pgn", "setup-position.txt", "schuermann-book-game.txt"])
def test_the_viewer_copies_the_fen_show_writes_for_every_ply(name: str, tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    assert run("convert", str(EXAMPLES / name), "-o", str(page)).exit_code == 0
    fens = frame_fens(page.read_text(encoding="utf-8"))
    assert len(fens) > 1
    for ply, fen in enumerate(fens):
        shown = run("show", str(EXAMPLES / name), "--fen", "--ply", str(ply))
        assert shown.exit_code == 0, shown.output
        assert fen == shown.stdout.strip(), f"ply {ply}"
        assert fen.endswith(" ids:nodes")  # Sanmill's current form, the one default of every FEN muehle writes
        assert fen_to_position(fen).form == "current"


def test_the_start_fen_is_the_current_form_of_the_empty_board() -> None:
    page = write_html([parse_game("1. d2 *")])
    # field 11-14: no last mill is -1 in node ids; 9 stones in hand each, White to place
    assert frame_fens(page)[0] == "********/********/******** w p p 0 9 0 9 0 0 -1 -1 -1 -1 0 0 1 ids:nodes"


def test_after_keep_going_the_page_numbers_the_games_as_their_input_does(tmp_path: Path) -> None:
    source = tmp_path / "four.txt"
    source.write_text(FOUR_GAMES, encoding="utf-8")
    page = tmp_path / "four.html"
    result = run("convert", "--keep-going", str(source), "-o", str(page))
    assert result.exit_code == 1
    # game 3 is the unreadable one (line 14 is its move text), game 4 the one without positions
    assert f"{source}:14:13: error: unexpected character 'z'" in result.stderr
    assert "warning: the page shows its game 4 without positions" in result.stderr
    text = page.read_text(encoding="utf-8")
    assert [game["number"] for game in page_data(text)["games"]] == [1, 2, 4]
    assert re.findall(r'<option value="(\d+)">(\d+)\. ([^<]*)</option>', text) == [
        ("1", "1", "Anna – Ben"), ("2", "2", "Carla – Dario"), ("4", "4", "Gina – Hans")]
    assert re.findall(r"<h2>([^<]*)</h2>", text) == ["Game 1: Anna – Ben", "Game 2: Carla – Dario",
                                                     "Game 4: Gina – Hans"]
    assert 'id="game-4"' in text and 'href="#game=4&amp;ply=1"' not in text  # (game 4 was not replayed)
    assert 'href="#game=2&amp;ply=3"' in text  # 2. d2 of Carla – Dario


def test_validate_counts_the_same_games(tmp_path: Path) -> None:
    """validate reads the same four games: the unreadable one is its third."""
    source = tmp_path / "four.txt"
    source.write_text(FOUR_GAMES, encoding="utf-8")
    report = json.loads(run("validate", str(source), "--format", "json").stdout)
    assert len(report) == 4
    assert [entry["valid"] for entry in report][:3] == [True, True, False]


def test_several_inputs_are_numbered_on_through_the_page(tmp_path: Path) -> None:
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text('[White "A"]\n\n1. d2 *\n', encoding="utf-8")
    second.write_text('[White "B"]\n\n1. d2 *\n\n[White "C"]\n\n1. f4 *\n', encoding="utf-8")
    page = tmp_path / "page.html"
    assert run("convert", str(first), str(second), "-o", str(page)).exit_code == 0
    assert [game["number"] for game in page_data(page.read_text(encoding="utf-8"))["games"]] == [1, 2, 3]


def test_numbers_must_be_one_per_game_and_different() -> None:
    games = [(parse_game("1. d2 *"), parse_game("1. d2 *"))]
    with pytest.raises(ValueError):
        render_games_html(games * 2, numbers=[3, 3])  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        render_games_html(games, numbers=[1, 2])  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        render_games_html(games, numbers=[0])  # type: ignore[arg-type]
