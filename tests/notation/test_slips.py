"""A scorekeeper's slips that can only mean one thing: read as meant, each with a located warning.

An en or em dash for the '-' of a move, '×' or ':' for the capture mark, a space after
the capture mark and a space before a move number's '.' are read as the notation
writes them; the record keeps a warning for each (``game.warnings``), ``validate``
shows it (text and JSON), and it changes no verdict and no exit code. Every column
below was counted by hand in the text given.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from muehle.notation import read, read_games
from muehle.notation.reading import fastread
from muehle.notation.reading.decode import text_lines
from muehle.notation.reading.grammar_terminals import FLAGS, TERMINALS
from muehle.notation.reading.parser import _tell_with_lark, parse_game
from muehle.notation.reading.splitter import split_lines
from muehle.notation.record.builders import EventRecorder
from muehle.notation.text.errors import NotationWarning
from runner import run

EN, EM, TIMES = "\u2013", "\u2014", "\u00d7"

#: (the text with a slip, the same record as the notation writes it, (line, column, message) of each warning)
CASES = [
    (f"1. d2{EN}b2 *", "1. d2-b2 *", [(1, 6, f"'{EN}' (an en dash) read as the '-' of a move: write d2-b2")]),
    (f"1. d2{EM}b2 *", "1. d2-b2 *", [(1, 6, f"'{EM}' (an em dash) read as the '-' of a move: write d2-b2")]),
    (f"1. d2-b2{TIMES}a4 *", "1. d2-b2/xa4 *",
     [(1, 9, f"'{TIMES}' read as the capture mark 'x': write d2-b2/xa4")]),
    ("1. d2-b2:a4 *", "1. d2-b2/xa4 *", [(1, 9, "':' read as the capture mark 'x': write d2-b2/xa4")]),
    ("1. d2-b2/x a4 *", "1. d2-b2/xa4 *", [(1, 11, "the space after the capture mark read as none: write d2-b2/xa4")]),
    ("1. b4 d6\n2. d2-b2 x a4 *", "1. b4 d6\n2. d2-b2/xa4 *",
     [(2, 11, "the space after the capture mark read as none: write d2-b2/xa4")]),
    ("11 . f4-f6 *", "11. f4-f6 *", [(1, 3, "the space before the '.' of the move number read as none: write 11.")]),
    ("11 .\nf4-f6 *", "11. f4-f6 *", [(1, 3, "the space before the '.' of the move number read as none: write 11.")]),
    ("17 . - a7-a4 *", "17... a7-a4 *",
     [(1, 3, "the space before the '.' of the move number read as none: write 17. -")]),
    (f"[Time \"12:30\"]\n1. d2{EN}b2:a4 *", '[Time "12:30"]\n1. d2-b2/xa4 *',
     [(2, 6, f"'{EN}' (an en dash) read as the '-' of a move: write d2-b2/xa4"),
      (2, 9, "':' read as the capture mark 'x': write d2-b2/xa4")]),
]


@pytest.mark.parametrize("fast", [True, False], ids=["fast-reader", "lark"])
@pytest.mark.parametrize("deferred", [False, True], ids=["whole", "deferred"])
@pytest.mark.parametrize("text, meant, warnings", CASES, ids=[case[0] for case in CASES])
def test_a_slip_is_read_as_meant_with_a_located_warning(monkeypatch: pytest.MonkeyPatch, fast: bool, deferred: bool,
                                                        text: str, meant: str,
                                                        warnings: list[tuple[int, int, str]]) -> None:
    monkeypatch.setattr(fastread, "ENABLED", fast)
    (game,) = read_games(text, "t.txt", deferred)
    assert not game.errors
    assert game == parse_game(meant) and [ply.label() for ply in game.plies] == [
        ply.label() for ply in parse_game(meant).plies]
    assert [(w.line, w.column, w.message) for w in game.warnings] == warnings
    assert all(isinstance(w, NotationWarning) and w.code == "slip" and w.source == "t.txt" for w in game.warnings)
    assert not parse_game(meant).warnings


def test_a_warning_is_shown_as_a_compiler_shows_one() -> None:
    (game,) = read_games("1. d2-b2:a4 *", "t.txt")
    assert str(game.warnings[0]) == ("t.txt:1:9: warning: ':' read as the capture mark 'x': write d2-b2/xa4\n"
                                     "    1. d2-b2:a4 *\n"
                                     "            ^")


@pytest.mark.parametrize("text, meant, warnings", CASES, ids=[case[0] for case in CASES])
def test_the_grammar_tells_the_warning_before_its_ply_and_the_fast_reader_leaves_the_slip_to_it(
        text: str, meant: str, warnings: list[tuple[int, int, str]]) -> None:
    (chunk,) = split_lines(text_lines(text))
    recorder = EventRecorder()
    _tell_with_lark(chunk, "t.txt", recorder)
    events = recorder.end_game()
    told = [event[0] for event in events]
    first = told.index("warning")
    assert told[first:first + len(warnings)] == ["warning"] * len(warnings)
    assert told[first + len(warnings)] in ("ply", "move_number")
    assert fastread.FastReader(TERMINALS, FLAGS).tell(chunk, "t.txt", EventRecorder()) is False
    (meant_chunk,) = split_lines(text_lines(meant))
    assert fastread.FastReader(TERMINALS, FLAGS).tell(meant_chunk, "t.txt", EventRecorder()) is True


#: A legal game (``muehle generate --seed 3``) as the tool writes it ...
GAME = """[Event "Random game"]
[Rules "wmd"]
[Result "0-1"]

1. e3 g1 { a quiet move } 2. f4 a7 3. g7 a1 $2 4. f2 a4/xf2 5. f6 d1/xg7
6. f2/xa4 a4/xe3 7. b6! c3 8. e3?? b2 9. d6/xc3 d7 10. f2-d2 g1-g4 11. f4-e4
g4-g7/xd2 12. e3-d3 a4-b4 (12... g7-g4 13. e4-f4 g4-g7/xd3) 13. d3-c3 b4-a4/xe4
14. d6-d5 g7-g4 15. d5-d6/xg4 d1-g1 16. d6-d5 d7-g7 17. d5-d6/xg7 a4-b4
18. d6-d5 b4-a4/xd5 19. f6-e4 g1-d1!? 20. b6-f2 d1-g1 21. e4-d1 g1-g4 $11
22. f2-d2 g4-g1 23. c3-d3/xg1 a7-d7 24. d1-d6 d7-a7/xd2?! 0-1
"""

#: ... and as a scorekeeper wrote it: 10. f2–d2 (the dash: line 6, column 58), g4-g7×d2 (line 7, column 6),
#: 14 . d6-d5 (the space: line 8, column 3), d5-d6/x g4 (the space after x: line 8, column 29).
SLIPPED = (GAME.replace("10. f2-d2", f"10. f2{EN}d2").replace("g4-g7/xd2", f"g4-g7{TIMES}d2")
           .replace("14. d6-d5", "14 . d6-d5").replace("d5-d6/xg4", "d5-d6/x g4"))

SLIPPED_WARNINGS = [
    "{path}:6:58: warning: game 1: '\u2013' (an en dash) read as the '-' of a move: write f2-d2 [slip]",
    "{path}:7:6: warning: game 1: '\u00d7' read as the capture mark 'x': write g4-g7/xd2 [slip]",
    "{path}:8:3: warning: game 1: the space before the '.' of the move number read as none: write 14. [slip]",
    "{path}:8:29: warning: game 1: the space after the capture mark read as none: write d5-d6/xg4 [slip]",
]


def write(path: Path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_validate_shows_the_warnings_and_the_verdict_stays(tmp_path: Path, jobs: str) -> None:
    slipped, clean = write(tmp_path / "slipped.txt", SLIPPED), write(tmp_path / "clean.txt", GAME)
    result = run("validate", "--jobs", jobs, slipped)
    assert result.exit_code == 0, result.output
    shown = []
    for warning in SLIPPED_WARNINGS:  # each under the line it points at, with a caret at its column
        line, column = map(int, warning.split(":")[1:3])
        shown += [warning.format(path=slipped), "    " + SLIPPED.splitlines()[line - 1], "    " + " " * (column - 1) + "^"]
    assert result.stdout == "\n".join(shown) + "\n1 game, 1 valid, 0 invalid\n"
    assert run("validate", clean).stdout == "1 game, 1 valid, 0 invalid\n"


def test_validate_json_lists_the_warnings_beside_the_errors(tmp_path: Path) -> None:
    slipped, clean = write(tmp_path / "slipped.txt", SLIPPED), write(tmp_path / "clean.txt", GAME)
    (report,) = json.loads(run("validate", "--format", "json", slipped).stdout)
    (clean_report,) = json.loads(run("validate", "--format", "json", clean).stdout)
    assert list(report)[:8] == ["source", "game", "tags", "rules", "valid", "plies", "errors", "warnings"]
    assert [(w["code"], w["line"], w["column"]) for w in report["warnings"]] == [
        ("slip", 6, 58), ("slip", 7, 6), ("slip", 8, 3), ("slip", 8, 29)]
    assert clean_report["warnings"] == []
    for key in ("valid", "plies", "errors", "outcome", "result"):
        assert report[key] == clean_report[key]


def test_a_warning_does_not_change_an_invalid_verdict_or_its_exit_code(tmp_path: Path) -> None:
    slipped = write(tmp_path / "slipped.txt", "1. b4 b4:a1 *\n")  # (b4 is taken: occupied)
    clean = write(tmp_path / "clean.txt", "1. b4 b4xa1 *\n")
    result, expected = run("validate", slipped), run("validate", clean)
    assert result.exit_code == expected.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"{slipped}:1:7: error: game 1: ")
    assert lines[1:3] == ["    1. b4 b4:a1 *", "          ^"]
    assert lines[3] == f"{slipped}:1:9: warning: game 1: ':' read as the capture mark 'x': write b4/xa1 [slip]"
    assert lines[4:6] == ["    1. b4 b4:a1 *", "            ^"]
    assert lines[-1] == expected.stdout.splitlines()[-1] == "1 game, 0 valid, 1 invalid"


def test_the_front_door_keeps_the_warnings(tmp_path: Path) -> None:
    (game,) = read(write(tmp_path / "slipped.txt", SLIPPED))
    assert [(w.line, w.column) for w in game.warnings] == [(6, 58), (7, 6), (8, 3), (8, 29)]
    (clean,) = read("-", text=GAME)
    assert game == clean
