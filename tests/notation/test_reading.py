"""The front door, ``muehle.notation.read``, and ``--from`` on every command that reads records.

The format of an input is known from its name (``.json``, ``.yaml``, ``.yml``;
anything else notation or PGN) or, for standard input, its content; a text in notation
whose first ply is a bare number is PlayOK's (a file, standard input and a pipe alike);
``format`` and ``--from`` force it, also against the name.
"""

from __future__ import annotations

import ast
import os
import threading
from pathlib import Path

import pytest

from muehle.notation import FormatError, Game, read
from muehle.notation.formats.jsonrecord import write_json, write_yaml
from muehle.notation.reading.parser import parse_game
from muehle.notation.record.moverecord import MoveRecord
from paths import ROOT
from runner import run

CLI = ROOT / "analyzer" / "cli"

#: A short legal game under every ruleset: White's three placements on the a-file close a mill
#: (a1 a4 a7) and take Black's d6; it ends unfinished.
NOTATION = '[Event "Front door"]\n\n1. a1 d6 2. a4 d5 3. a7/xd6 *\n'


def game_plies(game: Game) -> list[str]:
    return [ply.label() for ply in game.plies]


LABELS = ["1. a1", "1... d6", "2. a4", "2... d5", "3. a7/xd6"]

#: The same game in PlayOK's numbered points (a1 is 22, d6 5, a4 10, d5 8, a7 1: row by row from the top).
PLAYOK = '[Event "Front door"]\n\n1. 22 5 2. 10 8 3. 1x5 *\n'


@pytest.fixture
def records(tmp_path: Path) -> dict[str, Path]:
    """The game in each format, under a name that says its format and under one that does not."""
    game = parse_game(NOTATION)
    texts = {"notation": NOTATION, "json": write_json([game]), "yaml": write_yaml([game]), "playok": PLAYOK}
    suffixes = {"notation": ".txt", "json": ".json", "yaml": ".yaml", "playok": ".pgn"}
    paths = {}
    for form, text in texts.items():
        named = tmp_path / f"game{suffixes[form]}"
        named.write_text(text, encoding="utf-8")
        paths[form] = named
        unnamed = tmp_path / f"{form}-inside.dat"
        unnamed.write_text(text, encoding="utf-8")
        paths[form + "-unnamed"] = unnamed
    return paths


@pytest.mark.parametrize("form", ["notation", "json", "yaml", "playok"])
def test_the_format_is_known_from_the_name(records: dict[str, Path], form: str) -> None:
    (game,) = read(records[form])
    assert game_plies(game) == LABELS and game.tags["Event"] == "Front door"
    assert game.source == str(records[form])


@pytest.mark.parametrize("form", ["notation", "pgn", "json", "yaml", "playok"])
def test_the_format_can_be_forced(records: dict[str, Path], form: str) -> None:
    path = records[("notation" if form == "pgn" else form) + "-unnamed"]
    (game,) = read(path, form)
    assert game_plies(game) == LABELS


def test_standard_input_is_known_from_its_content(records: dict[str, Path]) -> None:
    for form in ("notation", "json", "yaml", "playok"):
        (game,) = read("-", text=records[form].read_text(encoding="utf-8"))
        assert game_plies(game) == LABELS and game.source == "<stdin>"


def test_a_forced_format_the_input_is_not_in_is_an_error_of_that_format(records: dict[str, Path]) -> None:
    with pytest.raises(FormatError, match="invalid JSON"):
        read(records["notation"], "json")
    (game,) = read(records["json"], "notation")  # JSON read as notation: a syntax error of its game
    assert [(error.line, error.message) for error in game.errors] == [(comma_line(records["json"]), UNEXPECTED_COMMA)]


def test_playok_forced_as_notation_is_an_error_of_the_notation(records: dict[str, Path]) -> None:
    (game,) = read(records["playok"], "notation")
    assert [(error.line, error.column, error.message) for error in game.errors] == [(3, 4, (
        "this looks like PlayOK's numbered points (1 to 24, row by row from the top): read it with --from playok "
        "(22 is a1 in the book's notation)"))]


@pytest.mark.parametrize("command", ["convert --to json", "validate", "analyze", "show"])
def test_every_command_names_playok_read_as_notation(records: dict[str, Path], command: str) -> None:
    result = run(*command.split(), "--from", "notation", str(records["playok"]))
    assert result.exit_code == 1 and "Traceback" not in result.output
    named = "game 1: " if command == "validate" else ""  # (validate's lines name the game)
    assert (f"{records['playok']}:3:4: error: {named}this looks like PlayOK's numbered points (1 to 24, row by row from "
            "the top): read it with --from playok") in result.output


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("form", ["notation", "playok"])
def test_a_pipe_is_read_once_and_its_format_known_from_its_start(tmp_path: Path, form: str) -> None:
    fifo = tmp_path / "game.fifo"
    os.mkfifo(fifo)
    writer = threading.Thread(target=fifo.write_text, args=(PLAYOK if form == "playok" else NOTATION,),
                              kwargs={"encoding": "utf-8"}, daemon=True)
    writer.start()
    try:
        (game,) = read(fifo)
    finally:
        writer.join(5)
    assert game_plies(game) == LABELS and game.tags["Event"] == "Front door" and not game.errors


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_read_deferred_gives_the_cheap_record(tmp_path: Path) -> None:
    fifo = tmp_path / "game.fifo"
    os.mkfifo(fifo)
    writer = threading.Thread(target=fifo.write_text, args=(NOTATION,), kwargs={"encoding": "utf-8"}, daemon=True)
    writer.start()
    try:
        (cheap,) = read(fifo, deferred=True)
    finally:
        writer.join(5)
    assert isinstance(cheap, MoveRecord) and cheap.tags["Event"] == "Front door"
    assert [move[2] for move in cheap.main_line().numbered()] == ["a1", "d6", "a4", "d5", "a7"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_short_pipe_is_cut_into_its_lines(tmp_path: Path) -> None:
    """A pipe whose whole text is read with its start (to tell its format): a tag line after a game without
    a result starts the next game, and an error shows its own line."""
    fifo = tmp_path / "games.fifo"
    os.mkfifo(fifo)
    text = '[Event "a"]\n1. d2\n\n[Event "b"]\n1. b4 b1 *\n'
    writer = threading.Thread(target=fifo.write_text, args=(text,), kwargs={"encoding": "utf-8"}, daemon=True)
    writer.start()
    try:
        first, second = read(fifo)
    finally:
        writer.join(5)
    assert first.tags == {"Event": "a"} and game_plies(first) == ["1. d2"] and not first.errors
    assert second.tags == {"Event": "b"}
    assert [str(error) for error in second.errors] == [
        f"{fifo}:5:7: error: b1 is not a point of the board\n    1. b4 b1 *\n          ^"]


def test_an_unknown_format_is_a_value_error(records: dict[str, Path]) -> None:
    with pytest.raises(ValueError, match="unknown format 'sgf': one of notation, pgn, playok, json, yaml"):
        read(records["notation"], "sgf")


def test_deferred_gives_the_cheap_records_of_well_formed_games(records: dict[str, Path]) -> None:
    (cheap,) = read(records["notation"], deferred=True)
    (whole,) = read(records["notation"])
    assert isinstance(cheap, MoveRecord) and type(whole) is Game
    assert cheap == whole and cheap.main_line().numbered() == [
        (1, "white", "a1", None, ()), (1, "black", "d6", None, ()), (2, "white", "a4", None, ()), (2, "black", "d5", None, ()),
        (3, "white", "a7", None, ("d6",))]


#: Read as notation, a JSON record's first '{' opens a comment that its first '}' closes; the ',' after that
#: is where reading it as notation stops, and the message says what the text is.
UNEXPECTED_COMMA = "this looks like JSON, not notation: read it with --from json (or name the file *.json)"


def comma_line(path: Path) -> int:
    """The line of the ',' after the first '}' of a JSON record."""
    text = path.read_text(encoding="utf-8")
    return text[:text.index(",", text.index("}"))].count("\n") + 1


@pytest.mark.parametrize("form", ["notation", "pgn", "json", "yaml", "playok"])
def test_every_command_reads_a_forced_format(records: dict[str, Path], form: str) -> None:
    path = str(records[("notation" if form == "pgn" else form) + "-unnamed"])
    converted = run("convert", "--from", form, "--to", "notation", path)
    assert converted.exit_code == 0, converted.output
    assert converted.stdout == NOTATION
    validated = run("validate", "--from", form, path)
    assert (validated.exit_code, validated.stdout) == (0, "1 game, 1 valid, 0 invalid\n")
    analyzed = run("analyze", "--from", form, "--format", "json", path)
    assert analyzed.exit_code == 0, analyzed.output
    assert analyzed.stdout.replace(path, "GAME") == run("analyze", "--format", "json", str(records["notation"])
                                                        ).stdout.replace(str(records["notation"]), "GAME")
    shown = run("show", "--from", form, "--fen", path)
    assert (shown.exit_code, shown.stdout) == (0, run("show", "--fen", str(records["notation"])).stdout)
    claimed = run("claim", "--from", form, "--ply", "5", "--by", "black", "--rule", "repetition", path)
    # five placements: no position occurs twice, so the claim is judged and wrong
    assert claimed.exit_code == 1
    assert claimed.stdout.startswith("invalid: Black claims a draw by threefold repetition after 3. a7/xd6 (ply 5)")


@pytest.mark.parametrize("command", ["convert --to json", "validate", "analyze", "show", "claim --ply 1 --by white "
                                     "--rule repetition"])
def test_without_from_a_json_record_under_another_name_is_read_as_notation(
        records: dict[str, Path], command: str) -> None:
    result = run(*command.split(), str(records["json-unnamed"]))
    assert result.exit_code == 1
    line = comma_line(records["json-unnamed"])
    assert f"{records['json-unnamed']}:{line}:" in result.output and UNEXPECTED_COMMA in result.output


def test_from_names_a_known_format() -> None:
    result = run("validate", "--from", "sgf", "x.txt")
    assert result.exit_code == 2
    assert "'sgf' is not one of 'notation', 'pgn', 'playok', 'json', 'yaml'" in result.output


def test_no_command_module_imports_another_commands_module() -> None:
    commands = {path.stem for path in CLI.glob("*.py")} - {"__init__", "common", "game_input", "writing", "within_turn"}
    assert {"convert", "validate", "analyze", "claim", "show"} <= commands
    for command in commands:
        tree = ast.parse((CLI / f"{command}.py").read_text(encoding="utf-8"))
        imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
        others = {f"muehle.analyzer.cli.{other}" for other in commands - {command}}
        assert not imported & others, command


@pytest.mark.parametrize("text", ['{"format": "muehle-record", "version": 1, "games": []}\n',
                                  'format: muehle-record\nversion: 1\ngames: []\n'])
def test_a_record_that_is_one_comment_to_the_notation_is_named_too(tmp_path: Path, text: str) -> None:
    """An empty JSON record is one '{...}' comment to the notation, a YAML one has no '{' at all: read as
    notation, neither is taken for a game without plies."""
    path = tmp_path / "record.txt"
    path.write_text(text, encoding="utf-8")
    form = "JSON" if text.startswith("{") else "YAML"
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{path}:1:1: error: game 1: this looks like {form}, not notation: read it with "
                                    f"--from {form.lower()}")
    assert run("validate", "--from", form.lower(), str(path)).output == (
        f"{path}: error: there is no game in the input\n0 games, 0 valid, 0 invalid, 1 unreadable input\n")


def test_a_game_of_comments_alone_is_still_a_game() -> None:
    (game,) = read("-", text="{ nur ein Kommentar }\n")
    assert not game.errors and game.comments == ["nur ein Kommentar"]


@pytest.mark.parametrize("text", ["{}\n", "{ }\n", "{}"])
def test_an_empty_comment_alone_is_a_game_of_the_notation(text: str) -> None:
    (game,) = read("x.txt", text=text)
    assert not game.errors and game.comments == [""]
