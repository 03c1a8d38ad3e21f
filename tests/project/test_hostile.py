"""Hostile records: inputs built to make muehle slow, huge or deaf.

Every test here is marked ``hostile`` (``pytest -m hostile`` runs them alone). Costs are
judged by growth, never by absolute times: the input is built at 1x, 2x and 4x its size, and
the 4x run may cost at most about five times the 1x run, above floors generous enough that a
busy machine cannot fail them.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

import pytest

from growth import cost
from long_games import shuttle_game
from muehle.analyzer.batch.validate import validate_file
from muehle.analyzer.engine.rules import parse_ruleset, preset_names
from muehle.notation.formats.jsonrecord import read_yaml
from muehle.notation.formats.yamlload import LONGEST_INTEGER_TEXT
from muehle.notation.reading.front_door import read
from muehle.notation.reading.inputs import input_form
from muehle.notation.reading.tags import LONGEST_TAG_VALUE
from muehle.notation.text.errors import FormatError
from runner import run as run_muehle

pytestmark = pytest.mark.hostile

#: Below these, a difference between two runs is noise, not growth.
TIME_FLOOR = 0.5  # seconds
MEMORY_FLOOR = 4_000_000  # bytes
#: How much more than the 1x run the 4x run may cost (linear growth would be 4).
GROWTH = 5


def assert_about_linear(make: Callable[[int], Callable[[], object]], sizes: tuple[int, ...] = (1, 2, 4)) -> list[int]:
    """Runs ``make(size)()`` at each size; the largest costs at most :data:`GROWTH` times the
    smallest (above the floors) in time and in memory. The peaks, by size, are returned."""
    costs = [cost(make(size)) for size in sizes]
    (first_time, first_peak), (last_time, last_peak) = costs[0], costs[-1]
    assert last_time <= GROWTH * first_time + TIME_FLOOR, costs
    assert last_peak <= GROWTH * first_peak + MEMORY_FLOOR, costs
    return [peak for _, peak in costs]


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# -- quoted values are matched without memory per character -------------------------------

MEGA = 1_000_000


@pytest.mark.parametrize("value", ["a", 'a\\"'], ids=["plain", "escapes"])
def test_a_huge_tag_value_is_refused_at_its_place_in_linear_time_and_memory(tmp_path: Path, value: str) -> None:
    def make(size: int) -> Callable[[], object]:
        text = value * (size * MEGA // len(value))
        path = write(tmp_path / f"tag{size}.txt", f'[Event "{text}"]\n[Rules "wmd"]\n\n1. a1 *\n')
        return lambda: validate_file(path)

    peaks = assert_about_linear(make)
    # a few copies of the text, not the ~130 bytes of a backtracking frame for each character or escape
    assert peaks[-1] <= 16 * 4 * MEGA + MEMORY_FLOOR
    summary = validate_file(tmp_path / "tag1.txt")
    assert (summary.games, summary.invalid) == (1, 1)
    [game] = read(tmp_path / "tag1.txt")
    [error] = game.errors
    assert (error.line, error.column) == (1, 1)
    assert "the value of tag Event is" in error.message and f"the longest read is {LONGEST_TAG_VALUE}" in error.message


def test_a_tag_value_of_the_longest_length_is_read_and_one_more_is_refused(tmp_path: Path) -> None:
    longest = "x" * LONGEST_TAG_VALUE
    [game] = read(write(tmp_path / "longest.txt", f'[Event "{longest}"]\n\n1. a1 *\n'))
    assert game.tags["Event"] == longest and not game.errors
    [game] = read(write(tmp_path / "longer.txt", f'[Event "{longest}x"]\n\n1. a1 *\n'))
    [error] = game.errors
    assert f"is {LONGEST_TAG_VALUE + 1} characters long" in error.message


@pytest.mark.parametrize("form", ["json", "yaml"])
def test_a_tag_value_in_a_data_record_is_held_to_the_same_length(tmp_path: Path, form: str) -> None:
    def record(value: str) -> Path:
        if form == "json":
            text = json.dumps({"format": "muehle-record", "version": 1, "games": [{"tags": {"Event": value}}]})
        else:
            text = f"format: muehle-record\nversion: 1\ngames:\n- tags:\n    Event: {value}\n"
        return write(tmp_path / f"record.{form}", text)

    [game] = read(record("x" * LONGEST_TAG_VALUE))
    assert game.tags["Event"] == "x" * LONGEST_TAG_VALUE
    path = record("x" * (LONGEST_TAG_VALUE + 1))
    with pytest.raises(FormatError) as caught:
        list(read(path))
    assert caught.value.message == (f"games[0].tags.Event: the value of tag Event is {LONGEST_TAG_VALUE + 1} "
                                    f"characters long; the longest read is {LONGEST_TAG_VALUE}")
    result = run_muehle(*["validate", str(path)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"{path}: error: games[0].tags.Event: the value of tag Event is 65537 characters long" in result.output
    assert len(result.output) < 1000


@pytest.mark.parametrize("value", ["b", 'b\\"'], ids=["plain", "escapes"])
def test_a_huge_string_in_movetext_is_split_in_linear_time_and_memory(tmp_path: Path, value: str) -> None:
    def make(size: int) -> Callable[[], object]:
        path = write(tmp_path / f"string{size}.txt", '1. a1 "' + value * (size * MEGA // len(value)) + '" *\n')
        return lambda: list(read(path))

    peaks = assert_about_linear(make)
    assert peaks[-1] <= 16 * 4 * MEGA + MEMORY_FLOOR


def test_unclosed_comments_are_refused_in_linear_time(tmp_path: Path) -> None:
    """Each '{' that no '}' closes made the quick reader's comment pattern scan to the end of the
    game: 160 KB of them took over a minute. The first one is the error, at its place."""
    def make(size: int) -> Callable[[], object]:
        path = write(tmp_path / f"open{size}.txt", "1. b4 d6 " + "{x " * (size * 20_000) + "\n")
        return lambda: validate_file(path)

    assert_about_linear(make)
    [game] = read(tmp_path / "open1.txt")
    [error] = game.errors
    assert (error.line, error.column) == (1, 10)
    assert "unterminated comment" in error.message


@pytest.mark.parametrize("value", ["k", 'k\\"'], ids=["plain", "escapes"])
def test_a_huge_quoted_key_is_told_from_notation_in_linear_time_and_memory(value: str) -> None:
    def make(size: int) -> Callable[[], object]:
        text = '{"' + value * (size * MEGA // len(value)) + '": 1}'
        return lambda: input_form("-", text)

    peaks = assert_about_linear(make)
    assert peaks[-1] <= 2 * MEGA + MEMORY_FLOOR
    assert input_form("-", '{"' + value * (MEGA // len(value)) + '": 1}') == "json"


def test_a_tag_value_of_the_longest_length_all_escapes_is_read_in_little_memory(tmp_path: Path) -> None:
    """65536 escaped quotes: matched a thousand at a time, so the match holds the frames of a
    thousand escapes, not 8 MB of them (about 130 bytes an escape)."""
    path = write(tmp_path / "escapes.txt", '[Event "' + '\\"' * LONGEST_TAG_VALUE + '"]\n[Rules "wmd"]\n\n1. d2 *\n')
    _, peak = cost(lambda: validate_file(path))
    assert peak <= 40 * LONGEST_TAG_VALUE  # a few copies of the 128 KB line
    [game] = read(path)
    assert game.tags["Event"] == '"' * LONGEST_TAG_VALUE and not game.errors


@pytest.mark.parametrize("text", ['[Event "%s"]\n\n1. 5 17 *\n', '{%s}\n1. 5 17 *\n'], ids=["tag", "comment"])
def test_a_huge_playok_tag_or_comment_is_told_in_linear_time_and_memory(text: str) -> None:
    from muehle.notation.formats.playok import looks_like_playok

    def make(size: int) -> Callable[[], object]:
        filling = ('a\\"' if text.startswith("[") else "a\n") * (size * MEGA // 3)
        return lambda: looks_like_playok(text % filling)

    peaks = assert_about_linear(make)
    assert peaks[-1] <= 2 * MEGA + MEMORY_FLOOR
    assert looks_like_playok(text % "x")


# -- a long legal game costs in proportion to its length ----------------------------------

def test_the_viewer_of_a_long_game_is_written_in_linear_time() -> None:
    """Each frame's FEN counted its counters (fields 16 and 17) from the first ply again: 4000
    plies took 17 s. Field 16 counts the plies since the last placement or capture, 17 grows
    after each of Black's turns: 0 1 at the start, 0 10 after the 18 placements, then the k-th
    ply of the shuttle makes them k and 10 + k // 2."""
    import re

    from muehle.analyzer.pictures.html_viewer import write_html

    def make(size: int) -> Callable[[], object]:
        game = shuttle_game(1500 * size)
        return lambda: write_html([game])

    assert_about_linear(make)
    page = write_html([shuttle_game(1500)])
    counters = re.findall(r"[*@O]{8}/[*@O]{8}/[*@O]{8} [wb] [a-z] [a-z](?: -?[0-9]+){11} ([0-9]+) ([0-9]+)", page)
    expected = [(0, 1 + placed // 2) for placed in range(19)] + [(k, 10 + k // 2) for k in range(1, 1501)]
    assert [(int(a), int(b)) for a, b in counters] == expected


# -- YAML 1.1 integers in base 60 are refused by the length of their text ----------------

BASE_60_RECORD = "format: muehle-record\nversion: 1\ngames:\n- plies:\n  - {number: %s, side: white, to: b4}\n"


@pytest.mark.parametrize("where", ["record", "ruleset"])
def test_a_long_base_60_integer_is_refused_unread_in_linear_time(where: str) -> None:
    def make(size: int) -> Callable[[], object]:
        number = "1" + ":1" * (size * 100_000)  # 200 KB of text at 1x (22 s at 400 KB when read)

        def run() -> None:
            with pytest.raises(FormatError) as caught:
                if where == "record":
                    read_yaml(BASE_60_RECORD % number, "g.yaml")
                else:
                    parse_ruleset(f"base: wmd\nstones: {number}\n", "r.yaml")
            error = caught.value
            assert f"a number written with {len(number)} characters is too long (at most 20000)" in error.message
            assert (error.line, error.column) == ((5, 14) if where == "record" else (2, 9))
        return run

    assert_about_linear(make)


def test_a_base_60_integer_of_the_longest_text_is_read_and_judged_by_its_digits() -> None:
    number = "1" + ":0" * ((LONGEST_INTEGER_TEXT - 1) // 2)  # 60**9999: 17780 digits (9999 log10 60 = 17779.7)
    assert len(number) == LONGEST_INTEGER_TEXT - 1
    with pytest.raises(FormatError, match="a number of 17780 digits is too long"):
        read_yaml(BASE_60_RECORD % number)
    [game] = read_yaml(BASE_60_RECORD % ("7" + "_" * (LONGEST_INTEGER_TEXT - 1)))  # 7, with underscores
    assert game.plies[0].number == 7
    with pytest.raises(FormatError, match="a number written with 20001 characters is too long"):
        read_yaml(BASE_60_RECORD % ("7" + "_" * LONGEST_INTEGER_TEXT))


# -- a stop is heard while muehle waits or works -------------------------------------------

MUEHLE = Path(sys.executable).parent / "muehle"
needs_command = pytest.mark.skipif(not MUEHLE.exists() or os.name == "nt",
                                   reason="the muehle command is not installed beside this Python (POSIX)")


def started(args: list[str], **options: object) -> subprocess.Popen:
    """``muehle args`` started, and given time to reach its wait (its imports done)."""
    process = subprocess.Popen([str(MUEHLE), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               **options)  # type: ignore[call-overload]
    time.sleep(1.5)
    return process


@needs_command
@pytest.mark.parametrize("sent, word, status", [(signal.SIGINT, "interrupted", 130),
                                                (signal.SIGTERM, "terminated", 143)])
@pytest.mark.parametrize("twice", [False, True], ids=["once", "twice"])
def test_validate_waiting_on_a_fifo_stops_with_its_report(tmp_path: Path, sent: int, word: str, status: int,
                                                          twice: bool) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)  # nobody writes it: opening it waits for ever
    process = started(["validate", "--format", "json", str(fifo)])
    process.send_signal(sent)
    if twice:
        process.send_signal(sent)
    out, errors = process.communicate(timeout=30)
    assert process.returncode == status
    assert json.loads(out) == []
    assert f"muehle: {word}; 0 games, 0 valid, 0 invalid checked so far" in errors and "Traceback" not in errors


@needs_command
@pytest.mark.parametrize("command", [["convert", "--to", "json", "-"], ["analyze", "-"], ["show", "-"],
                                     ["select", "-"], ["stats", "-"]])
def test_ctrl_c_in_another_command_exits_130(command: list[str]) -> None:
    with subprocess.Popen(["sleep", "60"], stdout=subprocess.PIPE) as stalled:  # a pipe that stalls
        process = started(command, stdin=stalled.stdout)
        process.send_signal(signal.SIGINT)
        out, errors = process.communicate(timeout=30)
        stalled.kill()
    assert (process.returncode, errors) == (130, "muehle: interrupted\n")


@needs_command
def test_sigterm_while_writing_an_output_file_leaves_no_temporary_file(tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    record.write_text("1. d2 d6 *\n", encoding="utf-8")
    # the rename that ends the writing waits, as a slow disk would: SIGTERM comes meanwhile
    script = ("import os, sys, time\n"
              "def slow(*args): print('writing', flush=True); time.sleep(60)\n"
              "os.replace = slow\n"
              "from muehle.analyzer.cli import main\n"
              f"main(['convert', {str(record)!r}, '--to', 'json', '-o', {str(tmp_path / 'out.json')!r}])\n")
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    assert process.stdout is not None
    assert process.stdout.readline() == "writing\n"
    process.send_signal(signal.SIGTERM)
    _, errors = process.communicate(timeout=30)
    assert (process.returncode, errors) == (143, "muehle: terminated\n")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["game.txt"]


@needs_command
def test_sigterm_while_select_reads_a_stalled_fifo_leaves_no_output_file(tmp_path: Path) -> None:
    """select writes its output to a temporary file while it reads; a game has come through the
    FIFO and more is awaited when SIGTERM comes: neither the output nor the temporary file stays."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    process = started(["select", str(fifo), "-o", str(tmp_path / "out.txt")])
    with open(fifo, "w", encoding="utf-8") as writer:  # (held open: the reader waits for more)
        writer.write("1. d2 d6 *\n\n")
        writer.flush()
        for _ in range(100):  # the temporary file beside the output is there while it reads
            if len(list(tmp_path.iterdir())) > 1:
                break
            time.sleep(0.05)
        assert len(list(tmp_path.iterdir())) == 2
        process.send_signal(signal.SIGTERM)
        _, errors = process.communicate(timeout=30)
    assert (process.returncode, errors) == (143, "muehle: terminated\n")
    assert [path.name for path in tmp_path.iterdir()] == ["fifo"]


# -- control characters from records never reach the terminal ------------------------------

#: Erase the line, set the window's title, write the clipboard (OSC 52), a C1 CSI, a backspace.
HOSTILE = "\x1b[2K\x1b]0;title\x07\x1b]52;c;ZXZpbA==\x07\x9b1A\x08"
SHOWN = "\\x1b[2K\\x1b]0;title\\x07\\x1b]52;c;ZXZpbA==\\x07\\x9b1A\\x08"


def no_controls(output: str) -> bool:
    return not any(char in output for char in "\x1b\x07\x9b\x08")


@pytest.fixture
def hostile_record(tmp_path: Path) -> Path:
    return write(tmp_path / "hostile.txt",
                 f'[Event "{HOSTILE}"]\n[White "{HOSTILE}"]\n[Rules "wmd"]\n\n1. d2 {{{HOSTILE}}} d6 2. f4 f2 *\n')


@pytest.mark.parametrize("command", [
    ["validate", "--rules"],  # a key of the ruleset in a message
    ["analyze", "--rules"],  # ... and in the report's head
    ["claim", "--ply", "2", "--by", "white", "--rule", "repetition", "--rules"],  # its cites
])
def test_control_characters_of_a_ruleset_are_shown_as_escapes(tmp_path: Path, hostile_record: Path,
                                                              command: list[str]) -> None:
    ruleset = write(tmp_path / "rules.yaml", "base: wmd\n%s: 2\n" % json.dumps("x" + HOSTILE))
    if command[0] != "validate":
        ruleset = write(ruleset, "base: wmd\nname: %s\ncites:\n  repetition: {section: %s, text: %s}\n"
                        % ((json.dumps("x" + HOSTILE),) * 3))
    result = run_muehle(*[command[0], str(hostile_record), *command[1:], str(ruleset)])
    assert no_controls(result.output), result.output
    assert "x" + SHOWN in result.output


def test_control_characters_of_tags_are_shown_as_escapes_by_analyze(hostile_record: Path) -> None:
    result = run_muehle(*["analyze", str(hostile_record)])
    assert result.exit_code == 0 and no_controls(result.output)
    assert f"{SHOWN} - {SHOWN}" not in result.output and SHOWN in result.output.splitlines()[0]


@pytest.mark.parametrize("command", [["validate"], ["analyze"], ["show"],
                                     ["claim", "--ply", "1", "--by", "white", "--rule", "repetition"]])
def test_control_characters_in_an_error_are_shown_as_escapes_with_the_caret_below_its_place(
        tmp_path: Path, command: list[str]) -> None:
    record = write(tmp_path / "bad.txt", f'[Rules "wmd{HOSTILE}"]\n\n1. d2 *\n')
    result = run_muehle(*[command[0], str(record), *command[1:]])
    assert result.exit_code == 1 and no_controls(result.output), result.output
    assert f"the Rules tag names 'wmd{SHOWN}'" in result.output
    lines = result.output.splitlines()
    for at, line in enumerate(lines):  # (validate names the place without showing the line)
        if line.startswith("    [Rules"):
            assert line == f'    [Rules "wmd{SHOWN}"]' and lines[at + 1] == "    " + " " * 8 + "^"


@pytest.mark.parametrize("command", [["analyze"], ["show"], ["convert", "--to", "json"]])  # (validate shows no line)
def test_a_control_character_before_the_place_of_an_error_moves_the_caret(tmp_path: Path, command: list[str]) -> None:
    record = write(tmp_path / "bad.txt", '[Event "\x1b\x07"] 1. d2 q9 *\n')
    result = run_muehle(*[command[0], str(record), *command[1:]])
    assert result.exit_code == 1 and no_controls(result.output), result.output
    lines = [line for line in result.output.splitlines() if line.startswith("    ")]
    assert lines[0] == '    [Event "\\x1b\\x07"] 1. d2 q9 *'
    assert lines[1].index("^") == lines[0].index("q9")


# -- what the readers remember is bounded by its text, not by its count ---------------------

#: Runs validate on a file in a fresh process (its memos empty) and prints the peak of its traced memory.
PEAK_OF_VALIDATE = ("import sys, tracemalloc\n"
                    "from muehle.analyzer.batch.validate import validate_file\n"
                    "tracemalloc.start()\n"
                    "summary = validate_file(sys.argv[1])\n"
                    "print(summary.valid, tracemalloc.get_traced_memory()[1])\n")


def test_validate_does_not_hold_the_tag_lines_of_the_whole_file(tmp_path: Path) -> None:
    def run(size: int) -> tuple[int, int]:
        games = (f'[Event "{number:06d}{"e" * 60_000}"]\n[Rules "wmd"]\n\n1. d2 d6 2. f4 f2 *\n\n'
                 for number in range(size * 100))  # 6 MB at 1x, every tag line a new one
        path = tmp_path / f"tags{size}.txt"
        path.write_text("".join(games), encoding="utf-8")
        done = subprocess.run([sys.executable, "-c", PEAK_OF_VALIDATE, str(path)], capture_output=True, text=True,
                              timeout=120, check=True)
        valid, peak = map(int, done.stdout.split())
        return valid, peak

    (valid, first), (valid_4x, last) = run(1), run(4)
    assert (valid, valid_4x) == (100, 400)
    # kept whole, the lines of the three more copies would add 2 x 18 MB; a few megabytes are noise
    assert last - first <= 6_000_000, (first, last)


# -- a ruleset nested deep is a located error ------------------------------------------------

def nested_rulesets() -> list[tuple[str, str]]:
    """Rulesets whose no_capture nests ``depth`` levels deep: in flow and in block style."""
    return [(f"{style}-{depth}", text) for depth in (500, 999, 5000) for style, text in (
        ("flow", "base: wmd\nno_capture: " + "[" * depth + "]" * depth + "\n"),
        ("block", "base: wmd\nno_capture:\n" + "".join("  " * level + "  a:\n" for level in range(depth))
         + "  " * (depth + 1) + "1\n"),
    )]


@pytest.mark.parametrize("name, text", nested_rulesets(), ids=[name for name, _ in nested_rulesets()])
def test_a_ruleset_nested_deep_is_a_located_error_with_status_1(tmp_path: Path, name: str, text: str) -> None:
    path = write(tmp_path / "deep.yaml", text)
    for command in (["rules", str(path)], ["validate", "--rules", str(path), str(write(tmp_path / "g.txt", "1. d2 *\n"))]):
        result = run_muehle(*command)
        assert result.exit_code == 1, result.output
        assert result.output.startswith(f"{path}:") and ": error: " in result.output
        assert "internal error" not in result.output and len(result.output) < 1000


def test_yaml_nested_deeper_than_python_reads_is_an_error_at_its_deepest_place(monkeypatch: pytest.MonkeyPatch) -> None:
    import yaml

    from muehle.notation.formats import yamlload

    monkeypatch.setattr(yamlload, "_SAFE_LOADER", yaml.SafeLoader)  # (PyYAML in Python: recursive)
    with pytest.raises(FormatError) as caught:
        parse_ruleset("base: wmd\nno_capture: " + "[" * 1500 + "]" * 1500 + "\n", "r.yaml")
    # the document's mapping and 1500 lists; the last "[" stands 1499 columns after the first (column 13)
    assert caught.value.message == "not valid YAML: collections nested 1501 deep, deeper than can be read"
    assert (caught.value.line, caught.value.column) == (2, 13 + 1499)


# -- messages quote at most an excerpt, and say how long the value was ----------------------

def test_a_huge_rules_tag_is_quoted_in_part(tmp_path: Path) -> None:
    value = "w" * LONGEST_TAG_VALUE
    record = write(tmp_path / "rules.txt", f'[Rules "{value}"]\n\n1. d2 *\n')
    result = run_muehle(*["validate", str(record)])
    assert result.exit_code == 1
    assert f"... ({LONGEST_TAG_VALUE} characters)" in result.output and len(result.output) < 2000
    result = run_muehle(*["validate", "--format", "json", str(record)])
    [report] = json.loads(result.stdout)
    assert report["tags"]["Rules"] == value  # (the data whole, once)
    [error] = report["errors"]
    assert error["message"].endswith(f"... ({LONGEST_TAG_VALUE} characters)', which is not a ruleset "
                                     f"(presets: {', '.join(preset_names())})")
    # (the value quoted in part: the message is short but for the list of presets, which grows with them)
    assert len(error["message"]) - len(", ".join(preset_names())) < 200


@pytest.mark.parametrize("text", [
    "base: wmd\nrepetition: %s\n",  # one of a few words
    "base: wmd\nstones: %s\n",  # a number
    "base: %s\n",  # a preset
    "base: wmd\n? %s\n: 1\n",  # a key (written out: a plain key is at most 1024 characters)
])
def test_a_huge_value_in_a_ruleset_is_quoted_in_part(text: str) -> None:
    with pytest.raises(FormatError) as caught:
        parse_ruleset(text % ("v" * 1_000_000), "r.yaml")
    assert "(1000000 characters)" in caught.value.message and len(caught.value.message) < 1000


@pytest.mark.parametrize("ply", ['{"number": 1, "side": "white", "to": "%s"}', '{"number": 1, "side": "%s", "to": "d2"}',
                                 '{"number": 1, "side": "white", "to": "d2", "%s": 1}'])
def test_a_huge_value_in_a_json_record_is_quoted_in_part(ply: str) -> None:
    from muehle.notation.formats.jsonrecord import read_json

    text = '{"format": "muehle-record", "version": 1, "games": [{"plies": [%s]}]}' % (ply % ("q" * 1_000_000))
    with pytest.raises(FormatError) as caught:
        read_json(text, "g.json")
    assert "(1000000 characters)" in caught.value.message and len(caught.value.message) < 1000


# -- an output file may have any name the file system takes ---------------------------------

@pytest.mark.parametrize("name", ["o" * 255, "o" * 242, "ä" * 127, "ä" * 120 + ".json"])
def test_an_output_file_of_the_longest_name_is_written(tmp_path: Path, name: str) -> None:
    record = write(tmp_path / "game.txt", "1. d2 d6 *\n")
    target = tmp_path / name
    result = run_muehle(*["convert", str(record), "--to", "json", "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert json.loads(target.read_text(encoding="utf-8"))["games"][0]["plies"][0]["to"] == "d2"
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(["game.txt", name])
