"""Hostile messages: what muehle says about bad input stays safe to show and bounded in size.

- a value of the command line (an option's, an argument's) is quoted with its control characters
  escaped and on one line, and in part when it is long;
- an output whose name the file system refuses (too long) is a located error with status 1 that
  names it in part, and leaves nothing behind;
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from paths import EXAMPLES
from runner import run as run_muehle

pytestmark = pytest.mark.hostile

GAME = str(EXAMPLES / "schuermann-book-game.txt")

#: The control characters a value may carry: erase the screen (ESC), the bell, a carriage return
#: (the line written again), SOH and DEL (other C0 and C0-like controls), a C1 CSI, a line feed.
CONTROLS = {"\x1b[2J": "\\x1b[2J", "\x07": "\\x07", "\r": "\\x0d", "\x01": "\\x01", "\x7f": "\\x7f",
            "\x9b": "\\x9b", "\n": "\\x0a"}
HOSTILE_VALUE = "ev" + "".join(CONTROLS) + "il"
SHOWN_VALUE = "ev" + "".join(CONTROLS.values()) + "il"


def raw_controls(output: str) -> list[str]:
    """The control characters in ``output`` but the line feeds that end its lines."""
    return [char for char in output if (ord(char) < 32 and char != "\n") or 0x7f <= ord(char) <= 0x9f]


# -- 5: a value of the command line is shown with its control characters escaped -------------

@pytest.mark.parametrize("command", [
    ["validate", GAME, "--rules"],  # a value the command checks
    ["rules"],  # an argument
    ["analyze", GAME, "--game"],  # a type of muehle's own
    ["convert", GAME, "--to"],  # one of click's choices
    ["select", GAME, "--tag"],  # a callback of a command
    ["show", GAME, "--ply"],  # one of click's number ranges
], ids=["validate --rules", "rules NAME", "analyze --game", "convert --to", "select --tag", "show --ply"])
def test_a_value_with_control_characters_is_shown_escaped_on_one_line(command: list[str]) -> None:
    result = run_muehle(*command, HOSTILE_VALUE)
    assert result.exit_code == 2, result.output
    assert raw_controls(result.output) == [], result.output
    [said] = [line for line in result.output.splitlines() if line.startswith("Error: ")]
    # the whole value, the line feed included, on the message's one line (click quotes its own
    # choices and numbers as Python writes a text, with \r and \n)
    assert SHOWN_VALUE in said or repr(HOSTILE_VALUE) in said
    assert "Traceback" not in result.output


def test_a_value_with_control_characters_is_shown_escaped_in_german() -> None:
    result = run_muehle("--lang", "de", "analyze", GAME, "--game", HOSTILE_VALUE)
    assert result.exit_code == 2 and raw_controls(result.output) == []
    assert f"'{SHOWN_VALUE}' ist weder" in result.output


def test_a_file_name_with_control_characters_is_shown_escaped_on_one_line(tmp_path: Path) -> None:
    name = str(tmp_path / f"games{HOSTILE_VALUE}.txt")
    result = run_muehle("convert", name, "--to", "json")
    assert result.exit_code == 1 and raw_controls(result.output) == [], result.output
    [said] = result.output.splitlines()
    assert said.endswith(f"games{SHOWN_VALUE}.txt: No such file or directory")
    assert said.startswith(f"{tmp_path}/games{SHOWN_VALUE}.txt: error: cannot read ")


@pytest.mark.parametrize("command", [["validate", GAME, "--rules"], ["convert", GAME, "--to"],
                                     ["analyze", GAME, "--game"], ["rules"]])
def test_a_long_value_is_quoted_in_part(command: list[str]) -> None:
    value = "w" * 100_000
    result = run_muehle(*command, value)
    assert result.exit_code == 2, result.output[:500]
    assert "... (100000 characters)" in result.output and len(result.output) < 1000


def test_a_long_value_given_with_equals_is_quoted_in_part() -> None:
    result = run_muehle("convert", GAME, "--to=" + "w" * 100_000)
    assert result.exit_code == 2 and "... (100000 characters)" in result.output and len(result.output) < 1000


# -- 6: an output whose name is too long -------------------------------------------------------

#: Commands that write a file, each with where the name of its output goes (NAME is put there).
WRITERS = {
    "convert json": ["convert", GAME, "-o", "NAME.json"],
    "convert html": ["convert", GAME, "--to", "html", "-o", "NAME"],
    "convert yaml": ["convert", GAME, "--to", "yaml", "-o", "NAME"],
    "convert pgn": ["convert", GAME, "--to", "pgn", "-o", "NAME"],
    "convert playok": ["convert", GAME, "--to", "playok", "-o", "NAME"],
    "convert --keep-going": ["convert", GAME, "--keep-going", "--to", "notation", "-o", "NAME"],
    "show --svg": ["show", GAME, "--svg", "NAME.svg"],
    "select": ["select", GAME, "-o", "NAME.txt"],
    "select --to": ["select", GAME, "--to", "json", "-o", "NAME"],
    "generate": ["generate", "-o", "NAME.txt"],
    "generate --to html": ["generate", "--to", "html", "-o", "NAME"],
}


def with_name(command: list[str], name: str) -> list[str]:
    return [part.replace("NAME", name) for part in command]


@pytest.mark.parametrize("form", ["name", "path"])
@pytest.mark.parametrize("writer", list(WRITERS))
def test_an_output_name_too_long_is_an_error_that_names_it_in_part(tmp_path: Path, writer: str, form: str) -> None:
    # a name of 300 bytes (most file systems take 255), or a path of 4200 bytes (Linux takes 4095)
    name = str(tmp_path / ("o" * 300)) if form == "name" else str(tmp_path) + "/d" * 2100
    result = run_muehle(*with_name(WRITERS[writer], name))
    assert result.exit_code == 1, result.output[:500]
    [said] = result.output.splitlines()
    shown = name[:100] + "... ("
    assert said.startswith(f"{shown}") and f": error: cannot write {shown}" in said
    assert said.endswith("characters): File name too long")
    assert len(said) < 400
    assert list(tmp_path.iterdir()) == []  # (nothing written, no temporary file left)


def test_an_output_name_too_long_is_said_in_german(tmp_path: Path) -> None:
    name = str(tmp_path / ("o" * 300)) + ".json"
    result = run_muehle("--lang", "de", "convert", GAME, "-o", name)
    assert result.exit_code == 1
    assert f"{name[:100]}... ({len(name)} Zeichen): Fehler: " in result.output, result.output


def test_an_endgames_folder_too_long_is_an_error_before_anything_is_solved(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    folder = tmp_path / ("t" * 300)
    result = run_muehle("endgames", "build", "--stones", "3", "--dir", str(folder))
    assert result.exit_code == 1, result.output[:500]
    [said] = result.output.splitlines()
    assert said.startswith(str(folder)[:100] + "... (") and said.endswith(
        ": error: cannot write the endgame table there: File name too long")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", [["validate", GAME, "--rules"], ["rules"]])
def test_a_ruleset_file_name_too_long_is_an_error_with_status_1(tmp_path: Path, command: list[str]) -> None:
    name = str(tmp_path / ("r" * 300)) + ".yaml"
    result = run_muehle(*command, name)
    assert result.exit_code == 1, result.output[:500]
    [said] = result.output.splitlines()
    assert f": error: cannot read ruleset {name[:100]}... ({len(name)} characters): File name too long" in said


def test_a_ruleset_name_too_long_for_a_file_is_a_usage_error() -> None:
    result = run_muehle("validate", GAME, "--rules", "r" * 300)
    assert result.exit_code == 2
    assert "... (300 characters) is neither a preset" in result.output and "Traceback" not in result.output


def test_an_input_name_too_long_is_an_error_that_names_it_in_part(tmp_path: Path) -> None:
    name = str(tmp_path / ("i" * 300)) + ".txt"
    result = run_muehle("validate", "--format", "json", name)
    assert result.exit_code == 1 and json.loads(result.stdout) == []
    shown = f"{name[:100]}... ({len(name)} characters)"
    assert f"{shown}: error: cannot read {shown}: File name too long" in result.output
