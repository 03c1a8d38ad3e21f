"""Every text line of ``muehle validate`` names its game: its number in its file and its players
(``?`` for a missing one; the number alone without either), one line, still ``file:line:col:``
first for editors; the JSON output as it was."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from runner import run

#: Four games; each places Black on White's d2 at 1... d2 (column 7 of its movetext line).
CLUB = ('[White "Anna Meier"]\n[Black "Bo Berg"]\n\n1. d2 d2 *\n\n'     # game 1, line 4
        '[White "Cy"]\n\n1. d2 d2 *\n\n'                               # game 2, line 8
        '[Event "Club"]\n[White "?"]\n[Black "?"]\n\n1. d2 d2 *\n\n'   # game 3, line 14
        '1. d2 d6 2. f4 f2 *\n\n'                                     # game 4: valid
        '[Black "Dora"]\n\n1. d2 d2 *\n')                             # game 5, line 20
OCCUPIED = "1... d2: d2 is already occupied by a White stone [occupied]"
#: How a compiler's line is read by editors (Emacs' compilation mode, Vim's errorformat %f:%l:%c:).
EDITOR_LINE = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<column>\d+): (?P<kind>error|warning): (?P<text>.+)$")


@pytest.fixture
def club(tmp_path: Path) -> str:
    path = tmp_path / "club.txt"
    path.write_text(CLUB, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_each_error_names_its_game_by_number_and_players(club: str, jobs: str) -> None:
    result = run("validate", "--jobs", jobs, club)
    assert result.exit_code == 1
    errors = [line for line in result.stdout.splitlines() if ": error: " in line]
    assert errors == [
        f"{club}:4:7: error: game 1 (Anna Meier - Bo Berg): {OCCUPIED}",
        f"{club}:8:7: error: game 2 (Cy - ?): {OCCUPIED}",
        f"{club}:14:7: error: game 3: {OCCUPIED}",  # (both players '?': no names to show)
        f"{club}:20:7: error: game 5 (? - Dora): {OCCUPIED}",
    ]
    assert result.stdout.splitlines()[-1] == "5 games, 1 valid, 4 invalid"


def test_editors_still_read_file_line_and_column(club: str) -> None:
    errors = [line for line in run("validate", club).stdout.splitlines() if ": error: " in line]
    places = [EDITOR_LINE.match(line) for line in errors]
    assert [(match["file"], match["line"], match["column"]) for match in places if match] == [
        (club, "4", "7"), (club, "8", "7"), (club, "14", "7"), (club, "20", "7")]


def test_the_number_counts_within_each_file(tmp_path: Path, club: str) -> None:
    """A second input starts again at game 1, as its own places do."""
    other = tmp_path / "other.txt"
    other.write_text('[White "Eve"]\n[Black "Fritz"]\n\n1. a1 a1 *\n', encoding="utf-8")
    result = run("validate", club, str(other), "-", input="1. g7 g7 *\n")
    errors = [line for line in result.stdout.splitlines() if ": error: " in line]
    assert errors[4:] == [
        f"{other}:4:7: error: game 1 (Eve - Fritz): 1... a1: a1 is already occupied by a White stone [occupied]",
        "<stdin>:1:7: error: game 1: 1... g7: g7 is already occupied by a White stone [occupied]"]


def test_a_warning_and_a_syntax_error_name_their_game_too(tmp_path: Path) -> None:
    path = tmp_path / "slips.txt"
    path.write_text('[White "Ada"]\n\n1. d2 d6\n2. f4\u2013f6 *\n\n[Black "Bo"]\n\n1. d2 zz *\n', encoding="utf-8")
    lines = run("validate", str(path)).stdout.splitlines()
    assert lines[0] == (f"{path}:4:4: error: game 1 (Ada - ?): 2. f4-f6: White still has 8 stones in hand "
                        "and must place one [must-place]")
    assert lines[3] == (f"{path}:4:6: warning: game 1 (Ada - ?): '\u2013' (an en dash) read as the '-' of a move: "
                        "write f4-f6 [slip]")
    assert lines[6].startswith(f"{path}:8:7: error: game 2 (? - Bo): unexpected character 'z'")


def test_a_game_of_a_json_record_is_named_after_the_file(tmp_path: Path) -> None:
    """A JSON record keeps no places in its own file: the file alone, then the game, as in notation."""
    record = {"format": "muehle-record", "version": 1, "games": [
        {"tags": {"White": "Ada", "Black": "Bo"}, "plies": [{"number": 1, "side": "white", "to": "d2"}]},
        {"tags": {"White": "Cy"}, "plies": [{"number": 1, "side": "white", "to": "d2"},
                                            {"number": 1, "side": "black", "to": "d2"}]}]}
    path = tmp_path / "games.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert run("validate", str(path)).stdout.splitlines() == [
        f"{path}: error: game 2 (Cy - ?): {OCCUPIED}", "2 games, 1 valid, 1 invalid"]


def test_control_characters_in_a_name_are_shown_as_escapes_and_the_line_stays_one(tmp_path: Path) -> None:
    path = tmp_path / "names.txt"
    path.write_text('[White "A\\u001b]0;x\\u0007"]\n\n1. d2 d2 *\n'.replace("\\u001b", "\x1b").replace("\\u0007", "\x07"),
                    encoding="utf-8")
    lines = run("validate", str(path)).stdout.splitlines()
    assert lines[0] == f"{path}:3:7: error: game 1 (A\\x1b]0;x\\x07 - ?): {OCCUPIED}"
    assert len(lines) == 4  # (the error, its line, the caret, the summary)


def test_the_json_output_keeps_its_members(club: str) -> None:
    """The number and the tags were there already: the JSON says the game as before."""
    reports = json.loads(run("validate", "--format", "json", club).stdout)
    assert [(report["game"], report["tags"].get("White"), report["tags"].get("Black")) for report in reports] == [
        (1, "Anna Meier", "Bo Berg"), (2, "Cy", None), (3, "?", "?"), (4, None, None), (5, None, "Dora")]
    assert reports[0]["errors"][0]["message"] == OCCUPIED.removesuffix(" [occupied]")


def test_the_game_is_named_in_german(club: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    lines = run("--lang", "de", "validate", club).stdout.splitlines()
    occupied = "1... d2: auf d2 steht schon ein weißer Stein [occupied]"
    assert lines[0] == f"{club}:4:7: Fehler: Partie 1 (Anna Meier - Bo Berg): {occupied}"
    assert lines[6] == f"{club}:14:7: Fehler: Partie 3: {occupied}"
