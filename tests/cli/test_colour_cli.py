"""Colour on the command line: on a terminal by default, never into a file or pipe unless asked;
``--color``/``--no-color`` beat ``NO_COLOR`` (no-color.org: any value but the empty one), which
beats the terminal."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from muehle.analyzer.pictures import style
from muehle.analyzer.pictures.style import unpainted
from paths import EXAMPLES, ROOT
from runner import run

ILLEGAL = str(EXAMPLES / "illegal-moves.txt")
SANMILL = str(EXAMPLES / "sanmill-export.pgn")
RED_ERROR = "\x1b[1;31merror\x1b[0m"
#: The wooden ground of the painted board.
BOARD = "48;5;137"


@pytest.fixture(autouse=True)
def _environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """No NO_COLOR and no dumb terminal from the environment the tests run in."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Standard output and standard error are terminals (the test runner's streams are not)."""
    monkeypatch.setattr(style, "is_terminal", lambda stream: True)


COMMANDS = [
    ["validate", ILLEGAL], ["validate", "--explain", ILLEGAL], ["show", SANMILL], ["show", SANMILL, "--ascii"],
    ["show", "missing.txt"], ["analyze", ILLEGAL], ["claim", SANMILL, "--ply", "3", "--by", "white",
                                                   "--rule", "repetition"],
]


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_nothing_is_coloured_into_a_pipe(args: list[str]) -> None:
    result = run(*args)
    assert "\x1b" not in result.stdout and "\x1b" not in result.stderr
    assert result.exit_code in (0, 1)


def test_color_colours_a_pipe_and_takes_nothing_away() -> None:
    """--color paints the word error (standard output and standard error alike) and the board;
    without the colours the validate report is the plain one."""
    plain = run("validate", ILLEGAL).stdout
    coloured = run("validate", "--color", ILLEGAL).stdout
    assert coloured.splitlines()[0].startswith(f"{ILLEGAL}:10:7: {RED_ERROR}: game 1: 1... d2:")
    # (illegal-moves.txt: 16 games, each breaking one rule, its verdict in its first comment)
    assert coloured.count(RED_ERROR) == 16 and unpainted(coloured) == plain
    explained = run("validate", "--color", "--explain", ILLEGAL).stdout
    assert f"\x1b[38;5;236;{BOARD}m" in explained
    assert BOARD in run("show", "--color", SANMILL).stdout
    missing = run("show", "--color", "missing.txt")
    assert missing.exit_code == 1 and missing.stderr.startswith(f"missing.txt: {RED_ERROR}: cannot read")


def test_color_may_be_given_to_muehle_itself() -> None:
    """``muehle --color COMMAND`` for every command; a command's own option wins."""
    assert BOARD in run("--color", "show", SANMILL).stdout
    assert run("--color", "rules", "missing.yaml").stderr.startswith(f"missing.yaml: {RED_ERROR}: ")
    assert "\x1b" not in run("--color", "show", SANMILL, "--no-color").stdout
    assert BOARD in run("--no-color", "show", SANMILL, "--color").stdout


def test_json_and_records_are_never_coloured() -> None:
    """Data keeps its form: --color paints only the messages on standard error."""
    result = run("validate", "--color", "--format", "json", ILLEGAL, "missing.txt")
    assert "\x1b" not in result.stdout and RED_ERROR in result.stderr
    assert "\x1b" not in run("--color", "convert", ILLEGAL, "--to", "json").stdout


@pytest.mark.usefixtures("terminal")
class TestOnATerminal:
    def test_a_terminal_is_coloured(self) -> None:
        assert BOARD in run("show", SANMILL).stdout
        assert RED_ERROR in run("validate", ILLEGAL).stdout
        assert run("show", "missing.txt").stderr.startswith(f"missing.txt: {RED_ERROR}: ")

    @pytest.mark.parametrize("value", ["1", "0", "false", "no"])
    def test_no_color_with_any_value_turns_it_off(self, monkeypatch: pytest.MonkeyPatch, value: str) -> None:
        monkeypatch.setenv("NO_COLOR", value)
        for args in COMMANDS:
            result = run(*args)
            assert "\x1b" not in result.stdout and "\x1b" not in result.stderr, args

    def test_an_empty_no_color_does_not(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("NO_COLOR", "")
        assert BOARD in run("show", SANMILL).stdout

    def test_color_beats_no_color(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("NO_COLOR", "1")
        assert BOARD in run("show", "--color", SANMILL).stdout
        assert RED_ERROR in run("--color", "validate", ILLEGAL).stdout

    def test_no_color_option_beats_the_terminal(self) -> None:
        for args in (["show", "--no-color", SANMILL], ["--no-color", "show", "missing.txt"],
                     ["validate", "--no-color", "--explain", ILLEGAL]):
            result = run(*args)
            assert "\x1b" not in result.stdout and "\x1b" not in result.stderr, args

    def test_a_dumb_terminal_is_not_coloured(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("TERM", "dumb")
        assert "\x1b" not in run("show", SANMILL).stdout


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pseudo-terminal as the command's output")
@pytest.mark.parametrize("no_color, coloured", [(None, True), ("1", False)])
def test_a_real_terminal(no_color: str | None, coloured: bool) -> None:
    """The installed command with its standard output on a pseudo-terminal."""
    import pty

    muehle = Path(sys.executable).parent / "muehle"
    environment = {key: value for key, value in os.environ.items() if key != "NO_COLOR"}
    environment["TERM"] = "xterm-256color"
    if no_color is not None:
        environment["NO_COLOR"] = no_color
    leader, follower = pty.openpty()
    try:
        done = subprocess.run([str(muehle), "show", SANMILL], stdout=follower, stderr=subprocess.PIPE,
                              env=environment, cwd=ROOT, timeout=60)
        os.close(follower)
        follower = -1
        shown = b""
        while True:
            try:
                block = os.read(leader, 65536)
            except OSError:  # (the terminal has no writer left: all is read)
                break
            if not block:
                break
            shown += block
    finally:
        os.close(leader)
        if follower != -1:
            os.close(follower)
    assert done.returncode == 0
    assert (BOARD.encode() in shown) is coloured
    assert "Game over: White has fewer than three stones" in unpainted(shown.decode("utf-8"))


def test_several_errors_reported_together_are_painted_each(tmp_path: Path) -> None:
    path = tmp_path / "two.txt"
    path.write_text("1. d2 b1 *\n\n1. d2 h4 *\n", encoding="utf-8")
    result = run("--color", "convert", str(path), "--to", "json")
    assert result.exit_code == 1
    errors = [line for line in result.stderr.splitlines() if not line.startswith(" ")]
    assert [line.split(": ", 2)[1] for line in errors] == [RED_ERROR, RED_ERROR]
    assert unpainted(result.stderr) == run("convert", str(path), "--to", "json").stderr


def test_analyze_paints_the_position_to_restore_and_keeps_the_records_texts_escaped(tmp_path: Path) -> None:
    """A White tag that would set the terminal's title, and an illegal ply: the diagram is painted,
    the tag's control characters are escapes."""
    path = tmp_path / "t.txt"
    path.write_text('[White "\x1b]0;owned\x07"]\n\n1. d2 d2 *\n', encoding="utf-8")
    result = run("analyze", "--color", str(path))
    assert BOARD in result.stdout and RED_ERROR in result.stderr
    shown = unpainted(result.stdout)
    assert "\x1b" not in shown and "\x07" not in shown
    assert shown.splitlines()[0] == f"{path}, game 1: \\x1b]0;owned\\x07 - ? (rules wmd)"


@pytest.mark.parametrize("colour", [[], ["--color"]])
def test_a_rulesets_citation_in_the_position_to_restore_stays_escaped(tmp_path: Path, colour: list[str]) -> None:
    """The heading names the section a ruleset file cites for the position to restore: a file's
    text, whose control characters are escapes in the text output, coloured or not."""
    rules = tmp_path / "r.yaml"
    rules.write_text('base: wmd\ncites:\n  restore:\n    section: "R\\e]0;owned\\a 6"\n    text: "restore it"\n',
                     encoding="utf-8")
    game = tmp_path / "g.txt"
    game.write_text("1. d2 d2 *\n", encoding="utf-8")
    result = run("validate", *colour, "--explain", "--rules", str(rules), str(game))
    shown = unpainted(result.stdout)
    assert "  position to restore (after 1. d2; R\\x1b]0;owned\\x07 6):" in shown.splitlines()
    assert "\x1b" not in shown and "\x07" not in shown
