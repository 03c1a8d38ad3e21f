"""``muehle convert`` over big inputs: games written as they are read, ``--keep-going``,
``--no-locations``, the progress line; and ``muehle generate``'s progress."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

from muehle.analyzer.batch import progress as progress_module
from muehle.analyzer.batch.progress import FileProgress, Progress
from muehle.analyzer.cli import convert as convert_module
from muehle.analyzer.cli import generate as generate_module
from muehle.notation.formats.jsonrecord import read_json, read_yaml, write_json, write_yaml
from muehle.notation.reading.parser import read_file
from muehle.notation.writing.writers import write_notation
from paths import EXAMPLES
from runner import run

GOOD = "1. d2 d6 2. f4 b4 1-0\n"
BAD = "1. d2 b1 *\n"  # b1 is no point of the board: line 3, column 7 of the file below
THREE = f"{GOOD}\n{BAD}\n[Event \"third\"]\n\n1. a7 *\n"


def write(path: Path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_many_games_are_written_in_the_one_shape_of_the_writers(tmp_path: Path) -> None:
    """Written game by game, the record is the text the writers make of the whole list."""
    source = EXAMPLES / "multi-game.txt"
    games = list(read_file(source))
    for target, whole in (("json", write_json), ("yaml", write_yaml), ("notation", write_notation)):
        result = run("convert", str(source), str(source), "--to", target)
        assert result.exit_code == 0, result.stderr
        assert result.stdout == whole(games + games), target


def test_a_few_short_games_stay_on_one_line_as_before(tmp_path: Path) -> None:
    source = write(tmp_path / "g.txt", "1. d2 *\n")
    assert run("convert", source, "--to", "json", "--no-locations").stdout == (
        '{\n  "format": "muehle-record",\n  "version": 1,\n'
        '  "games": [{"tags": {}, "plies": [{"number": 1, "side": "white", "to": "d2"}], "result": "*"}]\n}\n')


def test_no_game_is_an_empty_record(tmp_path: Path) -> None:
    source = write(tmp_path / "empty.txt", "")
    result = run("convert", source, "--to", "json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {"format": "muehle-record", "version": 1, "games": []}
    assert read_yaml(run("convert", source, "--to", "yaml").stdout) == []


def test_without_keep_going_an_error_writes_nothing_to_standard_output(tmp_path: Path) -> None:
    source = write(tmp_path / "three.txt", THREE)
    result = run("convert", source, "--to", "json")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith(f"{source}:3:7: error: b1 is not a point of the board\n")


@pytest.mark.parametrize("target", ["json", "yaml", "notation", "pgn"])
def test_keep_going_writes_every_readable_game_and_reports_the_others(tmp_path: Path, target: str) -> None:
    source = write(tmp_path / "three.txt", THREE)
    result = run("convert", source, "--to", target, "--keep-going")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{source}:3:7: error: b1 is not a point of the board\n")
    back = write(tmp_path / f"back.{'txt' if target in ('notation', 'pgn') else target}", result.stdout)
    games = list(read_file(back)) if target in ("notation", "pgn") else \
        (read_json if target == "json" else read_yaml)(result.stdout)
    assert [len(game.plies) for game in games] == [4, 1]
    assert games[1].tags["Event"] == "third"


def test_keep_going_into_a_file_renames_it_at_the_end(tmp_path: Path) -> None:
    source = write(tmp_path / "three.txt", THREE)
    out = tmp_path / "out.json"
    result = run("convert", source, "--to", "json", "--keep-going", "-o", str(out))
    assert result.exit_code == 1 and result.stdout == ""
    assert [len(game.plies) for game in read_json(out.read_text(encoding="utf-8"))] == [4, 1]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json", "three.txt"]


def test_keep_going_past_an_input_that_cannot_be_read(tmp_path: Path) -> None:
    missing = str(tmp_path / "missing.txt")
    bad_json = write(tmp_path / "bad.json", '{"format": "muehle-record", "version": 1, "games": [{"tags": 3}]}')
    good = write(tmp_path / "good.txt", GOOD)
    result = run("convert", missing, bad_json, good, "--to", "notation", "--keep-going")
    assert result.exit_code == 1
    assert result.stdout == GOOD
    located = [line for line in result.stderr.splitlines() if not line.startswith(" ")]
    assert located == [f"{missing}: error: cannot read {missing}: No such file or directory",
                       f"{bad_json}: error: games[0].tags: expected an object, got an integer",
                       "1 game converted (2 errors)"]


def test_keep_going_past_a_line_that_is_not_utf8(tmp_path: Path) -> None:
    source = tmp_path / "latin1.txt"
    source.write_bytes(GOOD.encode() + b'\n[White "J\xf6rg"]\n1. b4 *\n\n' + GOOD.encode())
    result = run("convert", str(source), "--to", "notation", "--keep-going")
    assert result.exit_code == 1
    assert result.stdout == f"{GOOD}\n{GOOD}"
    assert f"{source}:3:10: error: not UTF-8 text (byte 0xf6)" in result.stderr


def test_keep_going_past_a_game_the_target_cannot_carry(tmp_path: Path) -> None:
    """Game 2 numbers two White plies 1.: the notation cannot say that; game 1 is written."""
    record = write(tmp_path / "two.json", json.dumps({"format": "muehle-record", "version": 1, "games": [
        {"plies": [{"number": 1, "side": "white", "to": "b4"}], "result": "*"},
        {"plies": [{"number": 1, "side": "white", "to": "b4"}, {"number": 1, "side": "white", "to": "d6"}]}]}))
    result = run("convert", record, "--to", "notation", "--keep-going")
    assert result.exit_code == 1
    assert result.stdout == "1. b4 *\n"
    assert result.stderr.startswith(f"{record}, game 2: error: 1. d6 cannot be written after the ply numbered 1.")


def test_keep_going_with_html_shows_the_readable_games(tmp_path: Path) -> None:
    source = write(tmp_path / "three.txt", THREE)
    result = run("convert", source, "--to", "html", "--keep-going")
    assert result.exit_code == 1
    assert result.stdout.startswith("<!DOCTYPE html>")
    assert result.stderr.startswith(f"{source}:3:7: error: b1 is not a point of the board\n")
    data = json.loads(result.stdout.split("var DATA = ", 1)[1].split(";\n", 1)[0])
    assert [game["record"] for game in data["games"]] == [GOOD, '[Event "third"]\n\n1. a7 *\n']


def test_keep_going_with_html_and_no_readable_game_is_an_error(tmp_path: Path) -> None:
    source = write(tmp_path / "bad.txt", BAD)
    out = tmp_path / "games.html"
    result = run("convert", source, "--keep-going", "-o", str(out))
    assert (result.exit_code, result.stdout) == (1, "")
    located = [line for line in result.stderr.splitlines() if not line.startswith(" ")]
    assert located == [f"{source}:1:7: error: b1 is not a point of the board",
                       f"{source}: error: there is no game in the input: an HTML viewer needs one"]
    assert not out.exists()


def test_keep_going_past_a_folder_given_as_an_input(tmp_path: Path) -> None:
    folder = tmp_path / "folder"
    folder.mkdir()
    good = write(tmp_path / "good.txt", GOOD)
    result = run("convert", str(folder), good, "--to", "notation", "--keep-going")
    assert (result.exit_code, result.stdout) == (1, GOOD)
    assert result.stderr == f"{folder}: error: cannot read {folder}: Is a directory\n1 game converted (1 error)\n"


def test_keep_going_into_a_missing_folder_is_an_error(tmp_path: Path) -> None:
    source = write(tmp_path / "three.txt", THREE)
    out = tmp_path / "nowhere" / "out.json"
    result = run("convert", source, "--keep-going", "-o", str(out))
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == f"{out}: error: cannot write {out}: No such file or directory\n"


def test_keep_going_past_an_empty_input_writes_the_others(tmp_path: Path) -> None:
    """An input without a game adds no game to the record (as alone it is an empty record); the
    exit status is that of the bad game."""
    empty = write(tmp_path / "empty.txt", "")
    source = write(tmp_path / "three.txt", THREE)
    result = run("convert", empty, source, "--to", "json", "--keep-going")
    assert result.exit_code == 1
    assert [len(game.plies) for game in read_json(result.stdout)] == [4, 1]
    assert result.stderr.startswith(f"{source}:3:7: error: ")


@pytest.mark.parametrize("target, read", [("json", read_json), ("yaml", read_yaml)])
def test_no_locations_leaves_out_line_and_column(tmp_path: Path, target: str, read) -> None:
    source = str(EXAMPLES / "multi-game.txt")
    located = run("convert", source, "--to", target).stdout
    plain = run("convert", source, "--to", target, "--no-locations")
    assert plain.exit_code == 0
    assert '"line"' not in plain.stdout and "line:" not in plain.stdout and "column" not in plain.stdout
    assert ("line" in located) and ("column" in located)
    with_places, without = read(located), read(plain.stdout)
    assert all(ply.line == 0 and ply.column == 0 for game in without for ply in game.plies)
    # the records are the same but for the places: they write the same notation
    assert write_notation(without) == write_notation(with_places)


def test_no_locations_goes_with_json_and_yaml_only(tmp_path: Path) -> None:
    result = run("convert", write(tmp_path / "g.txt", GOOD), "--to", "pgn", "--no-locations")
    assert result.exit_code == 2
    assert "--no-locations applies to --to json and yaml only, not to --to pgn" in result.stderr


def _on_a_terminal(monkeypatch: pytest.MonkeyPatch, module) -> None:
    """Standard error is a terminal, standard output not, and the progress line is drawn at every game."""
    monkeypatch.setattr(progress_module, "is_terminal", lambda stream: stream is not __import__("sys").stdout)
    monkeypatch.setattr(module, "is_terminal", lambda stream: False)
    if hasattr(module, "FileProgress"):
        monkeypatch.setattr(module, "FileProgress", functools.partial(FileProgress, interval=0.0))
    else:
        monkeypatch.setattr(module, "Progress", functools.partial(Progress, interval=0.0))


def test_convert_shows_progress_on_a_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = write(tmp_path / "g.txt", f"{GOOD}\n{GOOD}")
    out = tmp_path / "out.json"
    _on_a_terminal(monkeypatch, convert_module)
    result = run("convert", source, "--to", "json", "-o", str(out))
    assert result.exit_code == 0
    assert "\rconverted 2 games, 8 plies" in result.stderr
    assert result.stderr.endswith(" \r2 games converted\n")  # the line is erased before the summary
    assert result.stdout == ""


def test_convert_shows_no_progress_on_a_pipe(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # (a line due at every game, as on the terminal above: only the pipe keeps it away)
    monkeypatch.setattr(convert_module, "FileProgress", functools.partial(FileProgress, interval=0.0))
    result = run("convert", write(tmp_path / "g.txt", f"{GOOD}\n{GOOD}"), "--to", "json", "-o",
                 str(tmp_path / "out.json"))
    assert result.exit_code == 0 and result.stderr == "2 games converted\n"


def test_generate_shows_progress_on_a_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _on_a_terminal(monkeypatch, generate_module)
    out = tmp_path / "games.txt"
    result = run("generate", "--count", "3", "-o", str(out))
    assert result.exit_code == 0
    assert "\rgenerated 3 games, " in result.stderr and "100%" in result.stderr
    assert len(list(read_file(out))) == 3


def test_generate_writes_what_it_wrote_before() -> None:
    """Written game by game, the games are the book's notation of the generator's games."""
    from muehle.analyzer.engine.rules import load_ruleset
    from muehle.analyzer.play.generate import generate_games

    result = run("generate", "--count", "4", "--seed", "7")
    assert result.stdout == write_notation(generate_games(load_ruleset("wmd"), 7, 4))
