"""Hostile messages: what muehle says about bad input stays safe to show and bounded in size.

- a value of the command line (an option's, an argument's) is quoted with its control characters
  escaped and on one line, and in part when it is long;
- an output whose name the file system refuses (too long) is a located error with status 1 that
  names it in part, and leaves nothing behind;
- a game says its first slips, each at its place, and counts the others (memory and output do
  not grow with them);
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from growth import cost
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


def test_a_file_name_with_control_characters_is_shown_escaped_on_one_line(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    # (a name short enough to be quoted whole: the temporary folder's path may be long)
    monkeypatch.chdir(tmp_path)
    name = f"games{HOSTILE_VALUE}.txt"
    result = run_muehle("convert", name, "--to", "json")
    assert result.exit_code == 1 and raw_controls(result.output) == [], result.output
    [said] = result.output.splitlines()
    assert said.endswith(f"games{SHOWN_VALUE}.txt: No such file or directory")
    assert said.startswith(f"games{SHOWN_VALUE}.txt: error: cannot read ")


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
    from muehle.notation.reading.slips import SLIPS_SAID

    path = tmp_path / "slips.txt"
    path.write_text(slipped_game(40, 25), encoding="utf-8")
    result = run_muehle("validate", str(path))
    assert result.exit_code == 0, result.output  # (slips change no verdict)
    warnings = [line for line in result.output.splitlines() if ": warning: " in line]
    assert SLIPS_SAID == 20 and len(warnings) == 21
    # the 20th slip is the 20th move after the placements: ply 38, 19... g4–g7 on line 19
    assert warnings[19].startswith(f"{path}:19:") and "write g4-g7 [slip]" in warnings[19]
    assert warnings[20] == f"{path}: warning: game 1: and 5 more slips in this game [more-slips]"
    result = run_muehle("validate", "--format", "json", str(path))
    [report] = json.loads(result.stdout)
    assert [warning["code"] for warning in report["warnings"]] == ["slip"] * 20 + ["more-slips"]
    assert report["warnings"][-1] == {"code": "more-slips", "message": "and 5 more slips in this game", "ply": None,
                                      "move": None, "side": None, "line": 0, "column": 0, "variation": None}
    result = run_muehle("--lang", "de", "validate", str(path))
    assert result.output.splitlines()[-2] == (f"{path}: Warnung: Partie 1: und 5 weitere Schreibfehler in dieser "
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


# -- 8: messages quote at most an excerpt of the input, and name its place --------------------

from muehle.notation.text.errors import EXCERPT_WIDTH  # noqa: E402

#: How long a message may be at most: the location, the words, a few excerpts of
#: EXCERPT_WIDTH characters and the line shown under it.
LONGEST_SAID = 1000
HUGE = 100_000
DIGITS = 4000  # the most digits a number of a record may have (MAX_DIGITS)
FEN = "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1"


def long_key(rest: str) -> str:
    """A tag whose key is :data:`HUGE` characters long, ``rest`` after the key (its value and on)."""
    return "[" + "K" * HUGE + rest


def fen_with(index: int, value: str, extra: str = "") -> str:
    """A record set up from :data:`FEN` with its field ``index`` (from 0) replaced by ``value``."""
    fields = FEN.split()
    fields[index] = value
    return f'[SetUp "1"]\n[FEN "{" ".join(fields)}{extra}"]\n\n1. d2 *\n'


#: Records whose error quotes a long piece of them: the record, where the error is (line, column;
#: 0 when the message names the game, not a place), and the message's start and its excerpt's end.
QUOTING = {
    "NAG": ("1. d2 $" + "1" * HUGE + " d6 *\n", (1, 7), "NAG $111", f"... ({HUGE + 1} characters) is out of range"),
    "PlayOK capture chain": ("1. 5 14 2. 20 11 3. 2x" + "x".join(["3"] * 200_000) + "\n", (1, 21),
                             "3. d7/xg7/xg7", "... (800005 characters): no mill is closed, so no stone may be captured"),
    "PlayOK point": ("1. 5 14 2. " + "9" * HUGE + " 11\n", (1, 12), "999",
                     f"... ({HUGE} characters) is not a point: this text is read in PlayOK's numbered points"),
    "PlayOK word": ("1. 5 14 2. 20 11 " + "q" * HUGE + "\n", (1, 18), "unexpected 'qqq",
                    f"'... ({HUGE} characters): this text is read in PlayOK's numbered points"),
    "PlayOK two dashes": ("1. 5 14 2. 20 11 3. 2-3-" + "-".join(["3"] * HUGE) + "\n", (1, 24), "2-3-3-3",
                          f"... ({2 * HUGE + 3} characters) has two '-'"),
    "PlayOK capture alone": ("1. 5 14 2. 20 11 x" + "x".join(["3"] * HUGE) + "\n", (1, 18),
                             "a capture is glued", f"... ({2 * HUGE} characters) on its own)"),
    "book ply in PlayOK": ("1. 5 14 2. 20 11 3. d2" + "/xa1" * HUGE + "\n", (1, 21), "d2/xa1/xa1",
                           f"... ({4 * HUGE + 2} characters) is in the book's notation"),
    "PlayOK ply in the book's notation": ("1. d2 d6 2. 5x" + "x".join(["3"] * HUGE) + " 3. 4 *\n", (1, 13),
                                          "5x3x3x3", f"... ({2 * HUGE + 1} characters) looks like a ply in PlayOK's"),
    "FEN node id": (fen_with(12, "5" * DIGITS, " ids:nodes"), (2, 56), "in the FEN tag: FEN field 13 (Black's last mill",
                    f"... ({DIGITS} characters) is not a node id"),
    "FEN square": (fen_with(12, "5" * DIGITS), (2, 56), "in the FEN tag: FEN field 13",
                   f"... ({DIGITS} characters) is not a square"),
    "FEN side": (fen_with(1, "w" * 60_000), (2, 34), "in the FEN tag: FEN field 2 (side to move): 'www",
                 "... (60000 characters)' is neither 'w' (White) nor 'b' (Black)"),
    "FEN count": (fen_with(4, "9" * DIGITS), (2, 40), "in the FEN tag: FEN field 5",
                  f"... ({DIGITS} characters) stones on the board, but the board shows 0"),
    "FEN extension": (fen_with(0, "********/********/********", " " + "x" * 60_000), (2, 66),
                      "in the FEN tag: FEN field 18: 'xxx", "... (60000 characters)' is neither one of the 17 fields"),
    "SetUp tag": ('[SetUp "' + "2" * 60_000 + '"]\n\n1. d2 *\n', (1, 0), 'the SetUp tag must be "1"',
                  '... (60000 characters)"'),
    "FirstMove tag": ('[FirstMove "' + "w" * 60_000 + '"]\n\n1. d2 *\n', (1, 13), 'the FirstMove tag must be',
                      '... (60000 characters)"'),
    **{f"{form}tag key": (long_key(' "v"]\n') + long_key(' "w"]\n' + plies), (2, 1), "duplicate tag KKK",
                          f"... ({HUGE} characters) (first given on line 1)")
       for form, plies in (("", "\n1. d2 *\n"), ("PlayOK ", "1. 5 14\n"))},
    "tag key without a value": (long_key(' v]\n\n1. d2 *\n'), (1, HUGE + 3), "the tag KKK",
                                f"... ({HUGE} characters) needs a value in double quotes"),
    "tag key, string unterminated": (long_key(' "v\n\n1. d2 *\n'), (1, HUGE + 3),
                                     "unterminated string: the value of tag KKK", f"... ({HUGE} characters) has no closing"),
    "not a point": ("1. d2 b" + "1" * HUGE + " *\n", (1, 7), "b111", f"... ({HUGE + 1} characters) is not a point"),
    "glued word": ("1. d2 d6 2. f4" + "k" * HUGE + " *\n", (1, 13), "f4kkk",
                   f"... ({HUGE + 2} characters): plies must be separated by a space"),
    "capture of no point": ("1. d2 d6 2. f4x" + "k" * HUGE + " *\n", (1, 16), "kkk",
                            f"... ({HUGE} characters) is not a point of the board"),
    "move number alone": ("1. d2 d6 " + "2" * DIGITS + ". 3. f4 *\n", (1, 10), "move number 222",
                          f"... ({DIGITS + 1} characters) is not followed by a ply"),
    "move number without a dot": ("1. d2 d6 " + "3" * HUGE + " f4 *\n", (1, 10), "move number 333",
                                  f"... ({HUGE} characters) needs a '.' after it"),
    "bare numbers": ("1. d2 d6 5 " + "7" * HUGE + " 8 9\n", (1, 10), "5 777",
                     f"... ({HUGE + 6} characters): not a notation muehle reads"),
    "resignation in words": ("1. d2 d6 Schwarz" + " " * HUGE + "gibt auf\n", (1, 10), "'Schwarz   ",
                             f"... ({HUGE + 15} characters)' is not a result"),
    "ply capturing a chain": ("1. d2 d6 2. f4" + "/xa1" * HUGE + " *\n", (1, 13), "2. f4/xa1/xa1",
                              f"... ({4 * HUGE + 5} characters): no mill is closed, so no stone may be captured"),
}


@pytest.mark.parametrize("case", list(QUOTING))
def test_a_message_quotes_an_excerpt_of_the_input_and_names_its_place(tmp_path: Path, case: str) -> None:
    text, (line, column), start, end = QUOTING[case]
    path = tmp_path / "record.txt"
    path.write_text(text, encoding="utf-8")
    place = f"{path}:{line}:{column}" if column else f"{path}:{line}"
    result = run_muehle("validate", str(path))
    assert result.exit_code == 1, result.output[:2000]
    said = result.output.splitlines()[0]
    assert said.startswith(f"{place}: error: game 1: {start}"), said[:300]  # (validate names the game)
    assert end in said, said
    assert len(result.output) < LONGEST_SAID, result.output
    result = run_muehle("analyze", str(path))  # (the same message, after the report of the plies before)
    assert result.exit_code == 1
    [said] = [line for line in result.output.splitlines() if line.startswith(f"{place}: error: ")]
    assert said.startswith(f"{place}: error: {start}") and end in said and len(said) < LONGEST_SAID


@pytest.mark.parametrize("form, text, place", [
    ("json", json.dumps({"format": "muehle-record", "version": 1, "games": [{"tags": {"K" * HUGE: "a\nb"}}]}),
     "games[0].tags.KKK"),
    ("json", '{"format": "muehle-record", "version": ' + "9" * DIGITS + ', "games": []}', "version: version 999"),
    ("yaml", "format: muehle-record\nversion: 1\ngames:\n- tags:\n    ? " + "K" * HUGE + "\n    : v\n    ? " + "K" * HUGE
     + "\n    : w\n", "invalid YAML: found the key 'KKK"),
])
def test_a_data_record_quotes_an_excerpt_of_it(tmp_path: Path, form: str, text: str, place: str) -> None:
    path = tmp_path / f"record.{form}"
    path.write_text(text, encoding="utf-8")
    result = run_muehle("validate", str(path))
    assert result.exit_code == 1
    assert f"{path}" in result.output and f": error: {place}" in result.output and "characters)" in result.output
    assert len(result.output) < LONGEST_SAID, result.output


@pytest.mark.parametrize("fen, said", [
    (f"{FEN} " + "q" * HUGE, f"q... ({HUGE} characters)' is neither one of the 17 fields"),
    (FEN.replace(" w ", " " + "q" * HUGE + " "), f"q... ({HUGE} characters)' is neither 'w' (White) nor 'b'"),
    (FEN.replace("0 9 0 9", "9" * DIGITS + " 0 3 0"), f"... ({DIGITS} characters) stones on the board"),
])
def test_a_fen_of_the_command_line_is_quoted_in_part(fen: str, said: str) -> None:
    pytest.importorskip("numpy")
    result = run_muehle("endgames", "probe", fen)
    assert result.exit_code == 1 and result.output.startswith("<fen>:1:") and said in result.output
    assert len(result.output) < LONGEST_SAID


@pytest.mark.parametrize("command", [["show", GAME, "--ply"], ["show", GAME, "--move"],
                                     ["claim", GAME, "--by", "white", "--rule", "repetition", "--ply"],
                                     ["analyze", GAME, "--game"], ["positions", GAME, "--game"]])
def test_a_number_of_the_command_line_is_quoted_in_part(command: list[str]) -> None:
    result = run_muehle(*command, "9" * DIGITS)
    assert result.exit_code == 1 and f"9... ({DIGITS} characters)" in result.output
    assert result.output.startswith(f"{GAME}") and len(result.output) < LONGEST_SAID


def test_a_slip_in_a_long_ply_is_told_with_an_excerpt(tmp_path: Path) -> None:
    path = tmp_path / "slip.txt"
    path.write_text("1. d2 d6 2. f4 f2 3. d2\u2013d3" + "/xa1" * HUGE + " *\n", encoding="utf-8")
    result = run_muehle("validate", str(path))
    warning = next(line for line in result.output.splitlines() if ": warning: " in line)
    assert warning.startswith(f"{path}:1:24: warning: game 1: '\u2013' (an en dash) read as the '-' of a move: "
                              "write d2-d3/xa1")
    assert warning.endswith(f"... ({4 * HUGE + 5} characters) [slip]")
    assert len(result.output) < 2 * LONGEST_SAID


def test_an_excerpt_is_said_in_german(tmp_path: Path) -> None:
    text, (line, column), _start, _end = QUOTING["NAG"]
    path = tmp_path / "record.txt"
    path.write_text(text, encoding="utf-8")
    result = run_muehle("--lang", "de", "validate", str(path))
    said = result.output.splitlines()[0]
    assert said.startswith(f"{path}:{line}:{column}: Fehler: ") and f"... ({HUGE + 1} Zeichen)" in said
    assert len(result.output) < LONGEST_SAID


def test_the_excerpt_is_the_documented_width() -> None:
    assert EXCERPT_WIDTH == 100
    assert "| a value quoted in a message | 100 characters (`EXCERPT_WIDTH`" in (
        Path(__file__).resolve().parents[2] / "docs" / "limits.md").read_text(encoding="utf-8")


def test_a_rulesets_long_name_is_quoted_in_part(tmp_path: Path) -> None:
    ruleset = tmp_path / "long.yaml"
    ruleset.write_text("base: wmd\nname: " + "n" * HUGE + "\n", encoding="utf-8")
    result = run_muehle("claim", GAME, "--ply", "20", "--by", "white", "--rule", "no-capture", "--rules", str(ruleset))
    assert result.exit_code == 1, result.output[:500]  # (the claim is invalid)
    # 10. ... (ply 19) captured; the no-capture rule of wmd needs 60 plies (30 moves of each side, WMD 11.3)
    assert f"the rules {'n' * 100}... ({HUGE} characters) need 60" in result.output
    assert len(result.output) < LONGEST_SAID
