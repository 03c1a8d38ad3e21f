"""``muehle select``: the games chosen, written as they stand or converted; bad input located and
the run going on past it (exit 1 for an input that cannot be read), or stopped with
--stop-on-error and an output file untouched; the summary line on standard error (records in
tests/selection_records.py, worked out on the board there)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable, Iterable, Optional

import pytest

from muehle.analyzer.engine.events import REASONS
from muehle.notation.formats.jsonrecord import read_json
from muehle.notation.reading.parser import parse_game, read_games
from muehle.notation.record.model import Game
from paths import EXAMPLES
from runner import run
from selection_records import BLOCKED, FROM_MILL, OCCUPIED, THREE, ZWICKMUEHLE


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    return str(path)


#: Each game of THREE as select writes it: its text in the file (with the blank line after it,
#: up to the next game), then a line break.
WRITTEN = {BLOCKED: BLOCKED + "\n", FROM_MILL: FROM_MILL + "\n", ZWICKMUEHLE: ZWICKMUEHLE}


@pytest.fixture
def three(tmp_path: Path) -> str:
    return write(tmp_path, "three.txt", THREE)


def chosen(*args: str, summary: str) -> str:
    """What ``muehle select ARGS`` writes, when it exits 0 saying ``summary`` alone on standard error."""
    result = run("select", *args)
    assert (result.exit_code, result.stderr) == (0, summary + "\n"), result.output
    return result.stdout


def test_without_criteria_every_game_is_written_and_the_file_comes_back_byte_for_byte(three: str) -> None:
    assert chosen(three, summary="3 of 3 games selected") == THREE
    multi = (EXAMPLES / "multi-game.txt").read_text(encoding="utf-8")
    # (examples/multi-game.txt: three games, each beginning with its Event tag)
    assert multi.count("[Event ") == 3
    assert chosen(str(EXAMPLES / "multi-game.txt"), summary="3 of 3 games selected") == multi


@pytest.mark.parametrize(("criteria", "games"), [
    (["--player", "bo"], [BLOCKED, FROM_MILL]),
    (["--white", "Ada"], [BLOCKED]),
    (["--black", "ADA", "--result", "1-0"], [ZWICKMUEHLE]),
    (["--result", "*"], [FROM_MILL]),
    (["--tag", "Event=Cup"], [ZWICKMUEHLE]),
    (["--tag", "Event=Club", "--tag", "White=Bo"], [FROM_MILL]),
    (["--min-plies", "18"], [BLOCKED, ZWICKMUEHLE]),
    (["--max-plies", "7"], [FROM_MILL]),
    (["--valid"], [BLOCKED, FROM_MILL, ZWICKMUEHLE]),
    (["--ended-by", "blocked"], [BLOCKED]),
    (["--ended-by", "fewer-than-three", "--ended-by", "unfinished"], [FROM_MILL, ZWICKMUEHLE]),
    (["--has", "capture-from-mill"], [FROM_MILL]),
    (["--has", "mill", "--has", "zwickmuehle", "--has", "flying"], [ZWICKMUEHLE]),
])
def test_each_criterion_writes_the_games_worked_out_for_it_as_they_stand(three: str, criteria: list[str],
                                                                         games: list[str]) -> None:
    summary = f"{len(games)} of 3 games selected"
    assert chosen(three, *criteria, summary=summary) == "".join(WRITTEN[game] for game in games)


def test_no_game_chosen_writes_nothing_says_so_and_exits_0(three: str) -> None:
    assert chosen(three, "--has", "double-mill", summary="0 of 3 games selected") == ""


def test_a_ruleset_given_makes_the_capture_from_a_mill_invalid(three: str) -> None:
    """Under wmd-traditional a stone in a closed mill is protected (tests/selection_records.py, game 2)."""
    assert chosen(three, "--invalid", "--rules", "wmd-traditional", summary="1 of 3 games selected") \
        == WRITTEN[FROM_MILL]
    assert chosen(three, "--invalid", summary="0 of 3 games selected") == ""


def test_games_from_several_files_and_standard_input_in_order(tmp_path: Path, three: str) -> None:
    other = write(tmp_path, "other.txt", OCCUPIED)
    result = run("select", "--player", "Ada", "--max-plies", "7", other, "-", three, input=FROM_MILL)
    assert (result.exit_code, result.stderr) == (0, "3 of 5 games selected\n")
    assert result.stdout == OCCUPIED + FROM_MILL + WRITTEN[FROM_MILL]


def test_a_line_break_of_crlf_is_written_as_lf(tmp_path: Path) -> None:
    path = write(tmp_path, "crlf.txt", BLOCKED.replace("\n", "\r\n"))
    assert chosen(path, summary="1 of 1 game selected") == BLOCKED


def test_a_game_of_a_json_record_is_written_in_the_notation(tmp_path: Path) -> None:
    record = {"format": "muehle-record", "version": 1, "games": [
        {"tags": {"White": "Ada"}, "plies": [{"number": 1, "side": "white", "to": "d2"}], "result": "*"},
        {"tags": {"White": "Bo"}, "result": "*"}]}
    path = write(tmp_path, "games.json", json.dumps(record))
    assert chosen(path, "--white", "Ada", summary="1 of 2 games selected") == '[White "Ada"]\n\n1. d2 *\n'


def plies_by_white(games: Iterable[Game]) -> list[tuple[Optional[str], list[str]]]:
    """Each game's White player and the labels of its plies (``4. b2/xa7``)."""
    return [(game.tags.get("White"), [ply.label() for ply in game.plies]) for game in games]


@pytest.mark.parametrize(("target", "read_back"), [
    ("json", read_json),
    ("pgn", lambda text: list(read_games(text))),
    ("notation", lambda text: list(read_games(text))),
])
def test_to_converts_the_chosen_games(three: str, target: str,
                                      read_back: Callable[[str], list[Game]]) -> None:
    """Black is Ada in games 2 and 3 (White Bo, then Cy): read back, the output holds those two
    games' plies, and no others."""
    output = chosen(three, "--black", "Ada", "--to", target, summary="2 of 3 games selected")
    expected = plies_by_white([parse_game(FROM_MILL), parse_game(ZWICKMUEHLE)])
    assert plies_by_white(read_back(output)) == expected, output
    if target == "pgn":
        # (Sanmill counts a capture as a ply of its own: 7 plies and 2 captures, 29 plies and 7 captures)
        assert [line for line in output.splitlines() if line.startswith("[PlyCount ")] == [
            '[PlyCount "9"]', '[PlyCount "36"]']


def test_output_goes_to_a_file(tmp_path: Path, three: str) -> None:
    out = tmp_path / "out.txt"
    assert chosen(three, "--ended-by", "blocked", "-o", str(out), summary="1 of 3 games selected") == ""
    assert out.read_text(encoding="utf-8") == WRITTEN[BLOCKED]


#: The error of the game ``1. d2 zz *`` on line 25 of THREE's lines and one more, as select reports it.
ZZ_AT_25 = [": error: unexpected character 'z' (expected a point, a move, a capture or a result) [syntax]",
            "    1. d2 zz *", "          ^"]


def test_an_unreadable_game_is_reported_located_and_the_others_are_chosen_exit_0(tmp_path: Path) -> None:
    """The default: the bad game (line 25, column 7: 'zz') is reported and counted; the run goes on
    (a game, not a file, could not be read: exit status 0)."""
    path = write(tmp_path, "broken.txt", THREE + "\n1. d2 zz *\n")
    result = run("select", path, "--has", "mill")
    assert (result.exit_code, result.stdout) == (0, WRITTEN[FROM_MILL] + WRITTEN[ZWICKMUEHLE] + "\n")
    lines = result.stderr.splitlines()
    assert lines[0].startswith(f"{path}:25:7: error: unexpected character 'z'")
    assert lines[1:3] == ["    1. d2 zz *", "          ^"]
    assert lines[3:] == ["2 of 4 games selected (1 unreadable)"]


def test_stop_on_error_stops_the_run_located_and_leaves_the_output_untouched(tmp_path: Path) -> None:
    path = write(tmp_path, "broken.txt", THREE + "\n1. d2 zz *\n")
    out = tmp_path / "out.txt"
    out.write_text("before\n", encoding="utf-8")
    result = run("select", path, "-o", str(out), "--stop-on-error")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{path}:25:7: error: ")
    assert "selected" not in result.stderr  # (no summary: nothing was written)
    assert out.read_text(encoding="utf-8") == "before\n"
    assert sorted(entry.name for entry in tmp_path.iterdir()) == ["broken.txt", "out.txt"]  # (no temporary file)


@pytest.mark.parametrize("target", [[], ["--to", "json"]])
def test_stop_on_error_writes_nothing_to_standard_output(tmp_path: Path, target: list[str]) -> None:
    """The games chosen before the bad one are not written either: the output is held until the end."""
    path = write(tmp_path, "broken.txt", THREE + "\n1. d2 zz *\n")
    result = run("select", path, *target, "--stop-on-error")
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.startswith(f"{path}:25:7: error: ")


@pytest.mark.parametrize("keep_going", [[], ["--keep-going"]])
def test_past_a_missing_file_the_other_games_are_written_and_the_exit_status_is_1(tmp_path: Path,
                                                                                   keep_going: list[str]) -> None:
    """--keep-going is the default, and still accepted."""
    path = write(tmp_path, "broken.txt", "1. d2 zz *\n\n" + THREE)
    missing = str(tmp_path / "missing.txt")
    out = tmp_path / "out.txt"
    result = run("select", missing, path, *keep_going, "--has", "mill", "-o", str(out))
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert lines[0] == f"{missing}: error: cannot read {missing}: No such file or directory"
    assert lines[1].startswith(f"{path}:1:7: error: ") and lines[2:4] == ["    1. d2 zz *", "          ^"]
    assert lines[4:] == ["2 of 4 games selected (1 unreadable, 1 input unreadable)"]
    assert out.read_text(encoding="utf-8") == WRITTEN[FROM_MILL] + WRITTEN[ZWICKMUEHLE]


def test_invalid_chooses_a_game_with_a_syntax_error_as_it_stands(tmp_path: Path) -> None:
    path = write(tmp_path, "broken.txt", THREE + "\n" + OCCUPIED + "\n1. d2 zz *\n")
    assert chosen(path, "--invalid", summary="2 of 5 games selected") == OCCUPIED + "\n1. d2 zz *\n"


@pytest.mark.parametrize("target", ["notation", "json", "pgn", "html"])
def test_invalid_with_to_reports_a_game_with_a_syntax_error_instead_of_converting_part_of_it(
        tmp_path: Path, target: str) -> None:
    """Only '1. d2 d6 2. f4' of the second game can be read: converted, it would be another game.
    It is reported as muehle convert reports it, and the other invalid game converted;
    --stop-on-error stops there."""
    path = write(tmp_path, "broken.txt", OCCUPIED + "\n1. d2 d6 2. f4 zz 3. b4 *\n")
    result = run("select", path, "--invalid", "--to", target, "--stop-on-error")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr.startswith(f"{path}:7:16: error: unexpected character 'z'")
    kept = run("select", path, "--invalid", "--to", target)
    assert kept.exit_code == 0
    assert kept.stderr == result.stderr + "1 of 2 games selected (1 unreadable)\n"
    if target != "html":
        games = read_json(kept.stdout) if target == "json" else list(read_games(kept.stdout))
        assert [[ply.label() for ply in game.plies] for game in games] == [["1. d2", "1... d2"]]


def test_a_missing_file_is_located_and_exits_1(tmp_path: Path) -> None:
    missing = str(tmp_path / "missing.txt")
    result = run("select", missing)
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (f"{missing}: error: cannot read {missing}: No such file or directory\n"
                             "0 of 0 games selected (1 input unreadable)\n")


def test_an_empty_file_is_an_error(tmp_path: Path) -> None:
    path = write(tmp_path, "empty.txt", "")
    result = run("select", path, "--stop-on-error")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == f"{path}: error: there is no game in the input\n"


def test_empty_standard_input_is_an_error_and_the_others_are_chosen(three: str) -> None:
    result = run("select", "--stop-on-error", "-", input="")
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", "<stdin>: error: there is no game in the input\n")
    result = run("select", "-", three, "--has", "flying", input="\n\n")
    assert (result.exit_code, result.stdout) == (1, WRITTEN[ZWICKMUEHLE])
    assert result.stderr == ("<stdin>: error: there is no game in the input\n"
                             "1 of 3 games selected (1 input unreadable)\n")


def test_a_folder_given_as_a_file_is_located_and_exits_1(tmp_path: Path) -> None:
    result = run("select", str(tmp_path))
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (f"{tmp_path}: error: cannot read {tmp_path}: Is a directory\n"
                             "0 of 0 games selected (1 input unreadable)\n")


def test_an_output_in_a_missing_folder_is_an_error(tmp_path: Path, three: str) -> None:
    out = tmp_path / "nowhere" / "out.txt"
    result = run("select", three, "-o", str(out))
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == f"{out}: error: cannot write {out}: No such file or directory\n"  # (no summary)


def test_an_html_page_of_no_game_chosen_is_an_error(tmp_path: Path, three: str) -> None:
    """No game of the three has a double mill (tests/selection_records.py): the viewer would be
    empty. The input holds games: the message does not say it holds none."""
    out = tmp_path / "games.html"
    result = run("select", three, "--has", "double-mill", "--to", "html", "-o", str(out))
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == f"{three}: error: no game was chosen, and an HTML viewer needs one\n"
    assert not out.exists()


def test_it_refuses_to_write_over_an_input(three: str) -> None:
    result = run("select", three, "-o", three)
    assert result.exit_code == 1 and "refusing to write over the input file" in result.stderr
    assert Path(three).read_text(encoding="utf-8") == THREE


@pytest.mark.parametrize(("args", "message"), [
    (["--tag", "Event"], "'Event' is not KEY=VALUE"),
    (["--tag", "=x"], "'=x' is not KEY=VALUE"),
    (["--min-plies", "9", "--max-plies", "8"], "--min-plies 9 is more than --max-plies 8"),
    (["--ended-by", "resignation"], "'resignation' is not one of"),
    (["--has", "triple-mill"], "'triple-mill' is not one of"),
    (["--result", "2-0"], "'2-0' is not one of"),
    (["--rules", "nonsense"], "'nonsense' is neither a preset"),
    (["-o", ""], "the path is empty"),
    (["--min-plies", "-1"], "-1 is not in the range x>=0"),
    (["--max-plies", "seven"], "'seven' is not a valid integer"),
    (["--to", "xml"], "'xml' is not one of 'html', 'json', 'notation', 'pgn', 'playok', 'yaml'"),
    (["--from", "xml"], "'xml' is not one of 'notation', 'pgn', 'playok', 'json', 'yaml'"),
    (["--jobs", "two"], "'two' is not a valid integer"),
])
def test_usage_errors_exit_2(three: str, args: list[str], message: str) -> None:
    result = run("select", three, *args)
    assert (result.exit_code, result.stdout) == (2, "") and message in result.stderr, result.stderr


def test_help_names_every_end_and_feature() -> None:
    text = run("select", "--help").stdout
    for name in REASONS + ("unfinished", "double-mill", "capture-from-mill", "zwickmuehle", "flying"):
        assert name in text


def test_a_line_that_is_not_utf8_is_an_error_of_its_game_and_the_others_are_chosen(tmp_path: Path) -> None:
    path = tmp_path / "bytes.txt"
    path.write_bytes(b'1. d2 d6 *\n\n[Event "x\xff"]\n1. f4 *\n\n1. b4 *\n')
    result = run("select", str(path))
    assert result.exit_code == 0
    assert result.stdout == "1. d2 d6 *\n\n1. b4 *\n"
    assert result.stderr.startswith(f"{path}:3:10: error: not UTF-8 text (byte 0xff)\n")
    assert result.stderr.endswith("\n2 of 3 games selected (1 unreadable)\n")


def test_standard_input_that_is_not_utf8_cannot_be_read(three: str) -> None:
    """Unlike a file's line, a byte of standard input that is not UTF-8 makes the whole input
    unreadable (docs/select.md): the file's games are chosen all the same, and the exit status is 1."""
    bad = b"1. d2 d6 *\n\n1. d2 \xff *\n"  # (0xff: line 3, column 7)
    result = run("select", "-", input=bad)
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == "<stdin>:3:7: error: not UTF-8 text (byte 0xff)\n0 of 0 games selected (1 input unreadable)\n"
    result = run("select", "--ended-by", "blocked", "-", three, input=bad)
    assert (result.exit_code, result.stdout) == (1, WRITTEN[BLOCKED])
    assert result.stderr == "<stdin>:3:7: error: not UTF-8 text (byte 0xff)\n1 of 3 games selected (1 input unreadable)\n"
