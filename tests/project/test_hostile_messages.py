"""Hostile messages: what muehle says about bad input stays safe to show and bounded in size.

- a value of the command line (an option's, an argument's) is quoted with its control characters
  escaped and on one line, and in part when it is long;
- an output whose name the file system refuses (too long) is a located error with status 1 that
  names it in part, and leaves nothing behind;
- a game says its first slips, each at its place, and counts the others (memory and output do
  not grow with them);
"""

from __future__ import annotations

import gc
import json
import time
import tracemalloc
from pathlib import Path
from typing import Callable

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


#: Below these, a difference between two runs is noise, not growth.
TIME_FLOOR = 0.5  # seconds
MEMORY_FLOOR = 4_000_000  # bytes
#: How much more than an input a twice as large one may cost (linear growth would be 2).
GROWTH = 2.5


def cost(run: Callable[[], object]) -> tuple[float, int]:
    """CPU seconds of this process and peak traced bytes of ``run()`` (CPU time, not the wall
    clock: other processes on a shared machine stretch the one, not the other)."""
    gc.collect()
    tracemalloc.start()
    try:
        start = time.process_time()
        run()
        seconds = time.process_time() - start
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return seconds, peak


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


# -- 7: a game's slips are said up to a cap, the others counted --------------------------------

#: 18 placements that close no mill, then White and Black shuttle a7-a4 g7-g4 a4-a7 g4-g7 (a legal
#: game however long, tests/long_games.py), each move written with an en dash: a slip.
PLACEMENTS = "a7 g7 g1 a1 b6 d6 f6 f4 f2 d2 b2 b4 c5 c4 c3 e5 e4 e3".split()
SHUTTLE = [("a4", "a7"), ("g4", "g7"), ("a7", "a4"), ("g7", "g4")]


def slipped_game(moves: int, slips: int) -> str:
    """The game of :data:`PLACEMENTS` and ``moves`` shuttling moves, the first ``slips`` of them
    written ``a7–a4`` (one slip each)."""
    plies = PLACEMENTS + [f"{origin}{'–' if index < slips else '-'}{target}"
                          for index, (target, origin) in ((index, SHUTTLE[index % 4]) for index in range(moves))]
    return "\n".join(f"{index // 2 + 1}. " + " ".join(plies[index:index + 2])
                     for index in range(0, len(plies), 2)) + " *\n"


def test_a_game_says_its_first_slips_and_counts_the_others(tmp_path: Path) -> None:
    from muehle.notation.slips import SLIPS_SAID

    path = tmp_path / "slips.txt"
    path.write_text(slipped_game(40, 25), encoding="utf-8")
    result = run_muehle("validate", str(path))
    assert result.exit_code == 0, result.output  # (slips change no verdict)
    warnings = [line for line in result.output.splitlines() if ": warning: " in line]
    assert SLIPS_SAID == 20 and len(warnings) == 21
    # the 20th slip is the 20th move after the placements: ply 38, 19... g4–g7 on line 19
    assert warnings[19].startswith(f"{path}:19:") and "write g4-g7 [slip]" in warnings[19]
    assert warnings[20] == f"{path}, game 1: warning: and 5 more slips in this game [more-slips]"
    result = run_muehle("validate", "--format", "json", str(path))
    [report] = json.loads(result.stdout)
    assert [warning["code"] for warning in report["warnings"]] == ["slip"] * 20 + ["more-slips"]
    assert report["warnings"][-1] == {"code": "more-slips", "message": "and 5 more slips in this game", "ply": None,
                                      "move": None, "side": None, "line": 0, "column": 0, "variation": None}
    result = run_muehle("--lang", "de", "validate", str(path))
    assert result.output.splitlines()[-2] == (f"{path}, Partie 1: Warnung: und 5 weitere Schreibfehler in dieser "
                                              "Partie [more-slips]")


def test_twenty_slips_are_said_without_a_count(tmp_path: Path) -> None:
    path = tmp_path / "slips.txt"
    path.write_text(slipped_game(40, 20), encoding="utf-8")
    [report] = json.loads(run_muehle("validate", "--format", "json", str(path)).stdout)
    assert [warning["code"] for warning in report["warnings"]] == ["slip"] * 20


def test_the_slips_of_a_long_game_cost_no_memory_for_each_and_say_a_bounded_report(tmp_path: Path) -> None:
    from muehle.analyzer.batch.validate import validate_file

    def make(moves: int, slips: int) -> Path:
        path = tmp_path / f"game-{moves}-{slips}.txt"
        path.write_text(slipped_game(moves, slips), encoding="utf-8")
        return path

    (time_1x, peak_1x), (time_2x, peak_2x) = (cost(lambda: validate_file(make(moves, moves)))
                                              for moves in (10_000, 20_000))
    # twice the slips (and plies): at most about twice the cost, as for a game without them
    assert time_2x <= GROWTH * time_1x + TIME_FLOOR and peak_2x <= GROWTH * peak_1x + MEMORY_FLOOR, (
        (time_1x, peak_1x), (time_2x, peak_2x))
    # a slip in every move costs no more memory than one slip in the game (read the same way)
    _, peak_one_slip = cost(lambda: validate_file(make(20_000, 1)))
    assert peak_2x <= 1.25 * peak_one_slip + MEMORY_FLOOR, (peak_2x, peak_one_slip)
    # and the report says as much for 10,000 slips as for 20,000: 20 slips and one count
    outputs = [run_muehle("validate", str(make(moves, moves))).output for moves in (10_000, 20_000)]
    assert [len(output.splitlines()) for output in outputs] == [3 * 20 + 2] * 2
    assert abs(len(outputs[1]) - len(outputs[0])) < 20 and len(outputs[1]) < 8000
    assert "and 19980 more slips in this game" in outputs[1]
