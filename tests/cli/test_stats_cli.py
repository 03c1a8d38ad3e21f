"""``muehle stats``: the counts over files as text and JSON; bad input located, exit 1 and nothing
written, or the rest counted with --keep-going (records in tests/selection_records.py, worked out
on the board there)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from paths import EXAMPLES
from runner import run
from selection_records import OCCUPIED, THREE


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.fixture
def four(tmp_path: Path) -> str:
    """The three games, then an illegal one."""
    return write(tmp_path, "four.txt", THREE + "\n" + OCCUPIED)


def test_the_text_of_the_counts(four: str) -> None:
    # Games 1-3 of tests/selection_records.py and OCCUPIED (no Result tag: *; stopped at ply 2).
    # Ada plays White in 1 (lost 0-1) and OCCUPIED, Black in 2 and 3 (lost 1-0); Bo White in 2,
    # Black in 1 (won) and OCCUPIED. Plies 2, 7, 18, 29: the median is (7 + 18) / 2.
    result = run("stats", four)
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout.splitlines() == [
        "4 games: 3 valid, 1 invalid",
        "invalid by error code:",
        "  occupied  1",
        "results (declared, on the board):",
        "  *, undecided  2",
        "  0-1, 0-1      1",
        "  1-0, 1-0      1",
        "ends:",
        "  blocked           1",
        "  fewer-than-three  1",
        "  stopped           1",
        "  unfinished        1",
        "plies: min 2, median 12.5, max 29",
        "players:  games  white  black  wins  draws  losses",
        "  Ada         4      2      2     0      0       2",
        "  Bo          3      1      2     1      0       0",
        "  Cy          1      1      0     1      0       0",
        "events:  games  valid  invalid",
        "  Club       3      2        1",
        "  Cup        1      1        0",
    ]


def test_the_json_of_the_counts(four: str) -> None:
    result = run("stats", "--format", "json", four)
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert list(data) == ["games", "valid", "invalid", "unreadable_inputs", "invalid_by_code", "results", "ends",
                          "draw_rights", "plies", "players", "events"]
    assert (data["games"], data["valid"], data["invalid"], data["unreadable_inputs"]) == (4, 3, 1, 0)
    assert data["invalid_by_code"] == {"occupied": 1}
    assert data["plies"] == {"min": 2, "median": 12.5, "max": 29}
    assert data["ends"] == {"blocked": 1, "fewer-than-three": 1, "stopped": 1, "unfinished": 1}
    assert data["players"]["Bo"] == {"games": 3, "white": 1, "black": 2, "wins": 1, "draws": 0, "losses": 0}


def test_draw_rights_and_declared_ends_of_the_examples() -> None:
    """analyze-repetition.txt: a repetition right after ply 26; analyze-no-capture.txt: the no-capture
    right after ply 65, and a repetition right too: its shuttle c5-d5 d3-e3 d5-c5 e3-d3 brings the
    position after 9... g1 (ply 18) back after plies 22 and 26 (WMD 11.2, 11.3: claims, so the
    record's declared draw ends both games)."""
    result = run("stats", "--format", "json", str(EXAMPLES / "analyze-repetition.txt"),
                 str(EXAMPLES / "analyze-no-capture.txt"))
    assert (result.exit_code, result.stderr) == (0, "")
    data = json.loads(result.stdout)
    assert data["draw_rights"] == {"no-capture": 1, "repetition": 2}
    assert data["ends"] == {"declared": 2}
    assert data["results"] == [{"declared": "1/2-1/2", "board": None, "games": 2}]
    assert data["players"]["Weiss"]["draws"] == 2


def test_the_text_of_draw_rights_and_declared_ends() -> None:
    """The two games of the test above: 13 and 53 moves, 26 and 106 plies (the median between them: 66)."""
    result = run("stats", str(EXAMPLES / "analyze-repetition.txt"), str(EXAMPLES / "analyze-no-capture.txt"))
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout.splitlines()[:9] == [
        "2 games: 2 valid, 0 invalid",
        "results (declared, on the board):",
        "  1/2-1/2, undecided  2",
        "ends:",
        "  declared  2",
        "games with a draw right:",
        "  no-capture  1",
        "  repetition  2",
        "plies: min 26, median 66, max 106",
    ]


def test_a_syntax_error_counts_as_an_invalid_game_of_its_code(tmp_path: Path) -> None:
    path = write(tmp_path, "broken.txt", "1. d2 zz *\n\n" + OCCUPIED)
    result = run("stats", "--format", "json", path)
    assert (result.exit_code, result.stderr) == (0, "")  # (a game, not the input, is bad: it is counted)
    data = json.loads(result.stdout)
    assert data["invalid_by_code"] == {"occupied": 1, "syntax": 1} and data["invalid"] == 2


def test_a_file_that_cannot_be_read_stops_the_run_and_nothing_is_written(tmp_path: Path, four: str) -> None:
    missing = str(tmp_path / "missing.txt")
    result = run("stats", four, missing)
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == f"{missing}: error: cannot read {missing}: No such file or directory\n"


def test_keep_going_counts_the_other_files_and_exits_1(tmp_path: Path, four: str) -> None:
    missing = str(tmp_path / "missing.txt")
    empty = write(tmp_path, "empty.txt", "")
    result = run("stats", "--keep-going", "--format", "json", missing, four, empty)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [f"{missing}: error: cannot read {missing}: No such file or directory",
                                          f"{empty}: error: there is no game in the input"]
    data = json.loads(result.stdout)
    assert (data["games"], data["unreadable_inputs"]) == (4, 2)
    assert run("stats", "--keep-going", missing, four).stdout.startswith(
        "4 games: 3 valid, 1 invalid, 1 unreadable input\n")


def test_a_ruleset_given_judges_every_game(four: str) -> None:
    """Under wmd-traditional game 2's capture from a mill is a protected-stone error (tests/selection_records.py)."""
    result = run("stats", "--format", "json", "--rules", "wmd-traditional", four)
    assert (result.exit_code, result.stderr) == (0, "")
    data = json.loads(result.stdout)
    assert data["invalid_by_code"] == {"occupied": 1, "protected-stone": 1}


def test_standard_input(four: str) -> None:
    result = run("stats", "-", input=THREE)
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout.startswith("3 games: 3 valid, 0 invalid\n")
    assert "plies: min 7, median 18, max 29\n" in result.stdout


@pytest.mark.parametrize(("args", "message"), [
    (["--format", "xml"], "'xml' is not one of"),
    (["--rules", "nonsense"], "'nonsense' is neither a preset"),
    (["--from", "xml"], "'xml' is not one of 'notation', 'pgn', 'playok', 'json', 'yaml'"),
    (["--jobs", "two"], "'two' is not a valid integer"),
])
def test_usage_errors_exit_2(four: str, args: list[str], message: str) -> None:
    result = run("stats", four, *args)
    assert (result.exit_code, result.stdout) == (2, "") and message in result.stderr, result.stderr


def test_a_ruleset_file_that_cannot_be_read_is_located_and_exits_1(tmp_path: Path, four: str) -> None:
    missing = str(tmp_path / "rules.yaml")
    result = run("stats", four, "--rules", missing)
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == f"{missing}: error: cannot read ruleset {missing}: No such file or directory\n"


@pytest.mark.parametrize("output_format", ["text", "json"])
def test_empty_standard_input_is_an_error_and_nothing_is_written(output_format: str) -> None:
    result = run("stats", "--format", output_format, "-", input="")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == "<stdin>: error: there is no game in the input\n"


def test_a_folder_given_as_a_file_is_located_and_exits_1(tmp_path: Path, four: str) -> None:
    result = run("stats", four, str(tmp_path))
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == f"{tmp_path}: error: cannot read {tmp_path}: Is a directory\n"


def test_both_commands_are_listed() -> None:
    text = run("--help").stdout
    assert re.search(r"^  select +Write the games that meet criteria", text, re.MULTILINE), text
    assert re.search(r"^  stats +Count ", text, re.MULTILINE), text


@pytest.mark.parametrize("command", ["stats", "select"])
def test_progress_is_shown_on_a_terminal_and_erased_never_in_the_output(
        monkeypatch: pytest.MonkeyPatch, four: str, command: str) -> None:
    import functools
    import importlib

    import muehle.analyzer.batch.progress as progress_module

    module = importlib.import_module(f"muehle.analyzer.cli.{command}")
    monkeypatch.setattr(progress_module, "is_terminal", lambda stream: True)
    monkeypatch.setattr(module, "FileProgress", functools.partial(progress_module.FileProgress, interval=0))
    result = run(command, four)
    assert result.exit_code == 0
    # (2 + 7 + 18 + 29 plies); the line erased at the end, before select's summary
    ending = " \r" if command == "stats" else " \r4 of 4 games selected\n"
    assert "\rchecked 4 games, 56 plies" in result.stderr and result.stderr.endswith(ending)
    assert "checked" not in result.stdout


def test_no_progress_with_json_output(monkeypatch: pytest.MonkeyPatch, four: str) -> None:
    import functools

    import muehle.analyzer.batch.progress as progress_module
    import muehle.analyzer.cli.stats as stats_module

    monkeypatch.setattr(progress_module, "is_terminal", lambda stream: True)
    # (drawn at every game, as in the test above: else the run ends before a line is due)
    monkeypatch.setattr(stats_module, "FileProgress", functools.partial(progress_module.FileProgress, interval=0))
    result = run("stats", "--format", "json", four)
    assert result.exit_code == 0 and result.stderr == ""


def test_a_line_that_is_not_utf8_makes_its_game_invalid_and_the_others_are_counted(tmp_path: Path) -> None:
    path = tmp_path / "bytes.txt"
    path.write_bytes(b'1. d2 d6 *\n\n[Event "x\xff"]\n1. f4 *\n\n1. b4 *\n')
    result = run("stats", "--format", "json", str(path))
    assert (result.exit_code, result.stderr) == (0, "")
    data = json.loads(result.stdout)
    assert (data["games"], data["valid"], data["invalid_by_code"]) == (3, 2, {"syntax": 1})


def test_standard_input_that_is_not_utf8_is_an_unreadable_input(four: str) -> None:
    """Unlike a file's line, a byte of standard input that is not UTF-8 makes the whole input
    unreadable (docs/select.md): its first game is not counted either."""
    bad = b"1. d2 d6 *\n\n1. d2 \xff *\n"  # (0xff: line 3, column 7)
    result = run("stats", "-", input=bad)
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == "<stdin>:3:7: error: not UTF-8 text (byte 0xff)\n"
    result = run("stats", "--keep-going", "--format", "json", "-", four, input=bad)
    assert result.exit_code == 1
    assert (json.loads(result.stdout)["games"], json.loads(result.stdout)["unreadable_inputs"]) == (4, 1)
