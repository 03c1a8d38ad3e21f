"""Hostile messages: what muehle says about bad input stays safe to show and bounded in size.

- a value of the command line (an option's, an argument's) is quoted with its control characters
  escaped and on one line, and in part when it is long;
"""

from __future__ import annotations

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
