"""``select --to html`` and ``generate --to html`` take ``--fen-numbers`` as ``convert --to html`` does: the
page's FENs count field 17 as the record numbers its moves (the default) or as Sanmill counts (each
removal an action). The game is that of tests/cli/test_viewer_fen_numbers_cli.py: after 3. a7xd6 and
6. g1xf4 Sanmill's count runs one ahead of the record's at White's removal."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from runner import run

LINE = '[Rules "standard_9mm"]\n\n1. a1 d6 2. a4 d2 3. a7xd6 d6 4. g7 f4 5. g4 b4 6. g1xf4 *\n'
RECORD = ["1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "6"]
SANMILL = ["1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "7"]


def _numbers(page: str) -> list[list[str]]:
    """Field 17 of each frame's FEN (a frame's seventh item), game by game."""
    match = re.search(r"var DATA = (\{.*?\});\n", page)
    assert match is not None
    return [[frame[6].split()[16] for frame in game["frames"]] for game in json.loads(match.group(1))["games"]]


@pytest.mark.parametrize("args, numbers", [([], RECORD), (["--fen-numbers", "record"], RECORD),
                                           (["--fen-numbers", "SANMILL"], SANMILL)])
def test_select_writes_the_page_counting_as_asked(tmp_path: Path, args: list[str], numbers: list[str]) -> None:
    source = tmp_path / "games.txt"
    source.write_text(LINE + "\n" + LINE.replace("5. g4 b4 6. g1xf4 *", "5. g4 *"), encoding="utf-8")
    target = tmp_path / "chosen.html"
    result = run("select", str(source), "--min-plies", "11", "--to", "html", "-o", str(target), *args)
    assert result.exit_code == 0, result.output
    assert _numbers(target.read_text(encoding="utf-8")) == [numbers]  # (the game of 9 plies is not chosen)


def test_generate_writes_the_page_as_convert_would(tmp_path: Path) -> None:
    """The generated games' page, Sanmill's count, is the page convert writes of the same games."""
    games, page, converted = tmp_path / "games.txt", tmp_path / "games.html", tmp_path / "converted.html"
    for target, args in ((games, []), (page, ["--to", "html", "--fen-numbers", "sanmill"])):
        result = run("generate", "--seed", "3", "--count", "2", "-o", str(target), *args)
        assert result.exit_code == 0, result.output
    assert run("convert", str(games), "--to", "html", "--fen-numbers", "sanmill", "-o", str(converted)).exit_code == 0
    assert _numbers(page.read_text(encoding="utf-8")) == _numbers(converted.read_text(encoding="utf-8"))
    default = tmp_path / "default.html"
    assert run("generate", "--seed", "3", "--count", "2", "--to", "html", "-o", str(default)).exit_code == 0
    counted, plain = _numbers(page.read_text(encoding="utf-8")), _numbers(default.read_text(encoding="utf-8"))
    assert all(int(s) >= int(r) for game_s, game_r in zip(counted, plain) for s, r in zip(game_s, game_r))


@pytest.mark.parametrize("command, args, message", [
    (["select"], [], "--fen-numbers applies to --to html only"),
    (["select"], ["--to", "json"], "--fen-numbers applies to --to html only, not to --to json"),
    (["generate"], [], "--fen-numbers applies to --to html only, not to --to notation"),
    (["generate"], ["--to", "pgn"], "--fen-numbers applies to --to html only, not to --to pgn"),
])
def test_the_option_without_html_is_a_usage_error(tmp_path: Path, command: list[str], args: list[str],
                                                  message: str) -> None:
    source = tmp_path / "games.txt"
    source.write_text(LINE, encoding="utf-8")
    inputs = [str(source)] if command == ["select"] else []
    result = run(*command, *inputs, *args, "--fen-numbers", "sanmill")
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output


def test_the_usage_error_in_german(tmp_path: Path) -> None:
    source = tmp_path / "games.txt"
    source.write_text(LINE, encoding="utf-8")
    result = run("--lang", "de", "select", str(source), "--fen-numbers", "sanmill")
    assert result.exit_code == 2 and "--fen-numbers gilt nur für --to html" in result.output
