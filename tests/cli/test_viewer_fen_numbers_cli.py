"""``convert --to html --fen-numbers record|sanmill``: field 17 of the FENs the HTML viewer's "Copy FEN"
gives, as the record numbers its moves (the default, as ``show --fen`` writes it) or as Sanmill's
engine counts (every action a ply, each removal one of its own); the usage errors.

The line ``1. a1 d6 2. a4 d2 3. a7xd6 d6 4. g7 f4 5. g4 b4 6. g1xf4`` under standard_9mm: White's
captures at plies 5 and 11 count an action each besides the plies. Field 17 is
``1 + (actions - 1 if Black is to move) / 2``: after ply 11 there were 13 actions, Black to move,
so 7, where the record's next ply is Black's sixth (6). Sanmill's referee printed
``********/@***@*@*/*OOO*OOO b p p 6 3 3 4 0 0 0 0 0 0 0 0 7`` after it (legacy form).

The variation ``(6. g1xd2 d2)`` captures d2 instead, and Black places there again: after it 14
actions, White to move, so 8 (the record: White's seventh move, 7)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import click
import pytest

from muehle.analyzer.cli import cli
from muehle.analyzer.engine.fen import MOVE_NUMBERS
from muehle.analyzer.engine.setup import replay_record
from muehle.analyzer.pictures.html_viewer import render_games_html, write_html
from muehle.notation import parse_game
from runner import run

LINE = '[Rules "standard_9mm"]\n\n1. a1 d6 2. a4 d2 3. a7xd6 d6 4. g7 f4 5. g4 b4 6. g1xf4 (6. g1xd2 d2) *\n'
LAST = "********/@***@*@*/*OOO*OOO b p p 6 3 3 4 0 0 -1 -1 -1 -1 0 0 {} ids:nodes"
RECORD = ["1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "6"]
SANMILL = ["1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "7"]

#: Black to move in move 20 of a set-up morabaraba game (Sanmill's count starts at 2 * 19 + 1 = 39
#: actions): 20... a4-a7xc4 (41 actions, White to move: 21) and 21. f4-e4xb2 (43, Black to move: 22).
#: (Six stones a side, five at the end: no position the endgame tables would be asked about.)
MORABARABA = ('[Rules "morabaraba"]\n[SetUp "1"]\n'
              '[FEN "*O*O**OO/*@OO*@**/@@**@*@* b m s 6 0 6 0 0 0 -1 -1 -1 -1 0 0 20 ids:nodes"]\n\n'
              "20... a4-a7xc4 21. f4-e4xb2 *\n")


def _data(page: str) -> dict[str, Any]:
    match = re.search(r"var DATA = (\{.*?\});\n", page)
    assert match is not None
    return json.loads(match.group(1))


def _numbers(frames: list[list[Any]]) -> list[str]:
    """Field 17 of the FEN of each frame (the seventh item of a frame)."""
    return [frame[6].split()[16] for frame in frames]


def _page(tmp_path: Path, text: str, *args: str) -> dict[str, Any]:
    source = tmp_path / "game.txt"
    source.write_text(text, encoding="utf-8")
    target = tmp_path / "game.html"
    result = run("convert", str(source), "-o", str(target), *args)
    assert result.exit_code == 0, result.output
    return _data(target.read_text(encoding="utf-8"))


def test_the_page_copies_field_17_as_asked(tmp_path: Path) -> None:
    for args, numbers, last in (([], RECORD, "6"), (["--fen-numbers", "record"], RECORD, "6"),
                                (["--fen-numbers", "sanmill"], SANMILL, "7"),
                                (["--to", "html", "--fen-numbers", "Sanmill"], SANMILL, "7")):
        game = _page(tmp_path, LINE, *args)["games"][0]
        assert _numbers(game["frames"]) == numbers
        assert game["frames"][-1][6] == LAST.format(last)


def test_the_variations_count_alike(tmp_path: Path) -> None:
    record = _page(tmp_path, LINE)["games"][0]["variations"]
    sanmill = _page(tmp_path, LINE, "--fen-numbers", "sanmill")["games"][0]["variations"]
    assert [_numbers(line["frames"]) for line in record] == [["6", "7"]]
    assert [_numbers(line["frames"]) for line in sanmill] == [["7", "8"]]


def test_each_fen_is_the_one_show_writes_with_the_same_count(tmp_path: Path) -> None:
    frames = _page(tmp_path, LINE, "--fen-numbers", "sanmill")["games"][0]["frames"]
    for ply, frame in enumerate(frames):
        shown = run("show", str(tmp_path / "game.txt"), "--fen", "--ply", str(ply), "--fen-numbers", "sanmill")
        assert shown.exit_code == 0, shown.output
        assert frame[6] == shown.stdout.strip(), f"ply {ply}"


def test_a_set_up_game_counts_from_its_fen(tmp_path: Path) -> None:
    assert _numbers(_page(tmp_path, MORABARABA)["games"][0]["frames"]) == ["20", "21", "21"]
    assert _numbers(_page(tmp_path, MORABARABA, "--fen-numbers", "sanmill")["games"][0]["frames"]) == \
        ["20", "21", "22"]


def test_the_library_takes_the_count_and_refuses_another() -> None:
    game = parse_game(LINE)
    assert _numbers(_data(write_html([game], move_numbers="sanmill"))["games"][0]["frames"]) == SANMILL
    assert _numbers(_data(render_games_html([(game, replay_record(game))]))["games"][0]["frames"]) == RECORD
    with pytest.raises(ValueError):
        render_games_html([(game, replay_record(game))], move_numbers="moves")
    with pytest.raises(ValueError):
        write_html([game], move_numbers="moves")


@pytest.mark.parametrize("args, target", [(["--to", "pgn"], "pgn"), (["--to", "notation"], "notation"),
                                          (["-o", "OUT.json"], "json")])
def test_the_option_without_html_is_a_usage_error(tmp_path: Path, args: list[str], target: str) -> None:
    source = tmp_path / "game.txt"
    source.write_text(LINE, encoding="utf-8")
    args = [str(tmp_path / arg) if arg == "OUT.json" else arg for arg in args]
    result = run("convert", str(source), *args, "--fen-numbers", "sanmill")
    assert result.exit_code == 2
    assert f"Error: --fen-numbers applies to --to html only, not to --to {target}\n" in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "OUT.json").exists()
    assert result.stdout.count("1. a1") == 0  # (nothing converted)


def test_the_usage_error_in_german(tmp_path: Path) -> None:
    source = tmp_path / "game.txt"
    source.write_text(LINE, encoding="utf-8")
    result = run("--lang", "de", "convert", str(source), "--to", "json", "--fen-numbers", "record")
    assert result.exit_code == 2
    assert "--fen-numbers gilt nur für --to html, nicht für --to json" in result.output


def test_an_unknown_count_is_a_usage_error(tmp_path: Path) -> None:
    source = tmp_path / "game.txt"
    source.write_text(LINE, encoding="utf-8")
    result = run("convert", str(source), "--to", "html", "--fen-numbers", "moves")
    assert result.exit_code == 2
    assert "Invalid value for '--fen-numbers'" in result.output
    assert "Traceback" not in result.output


def test_the_choices_are_those_of_the_fen_writer() -> None:
    """convert names the choices itself (it does not import the FEN writer before --to html)."""
    command = cli.get_command(click.Context(cli), "convert")
    assert command is not None
    [option] = [param for param in command.params if param.name == "fen_numbers"]
    assert isinstance(option.type, click.Choice)
    assert tuple(option.type.choices) == MOVE_NUMBERS


def test_the_help_names_the_option_in_english_and_german() -> None:
    assert "With --to html: field 17 of the FENs the page copies" in " ".join(run("convert", "--help").output.split())
    assert "Mit --to html: Feld 17 der FENs, die die Seite kopiert" in \
        " ".join(run("--lang", "de", "convert", "--help").output.split())
