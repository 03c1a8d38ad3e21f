"""``muehle analyze`` and ``muehle show`` over several files and ``--game all``."""

from __future__ import annotations

import json

from paths import EXAMPLES
from runner import run

MULTI = str(EXAMPLES / "multi-game.txt")
SETUP = str(EXAMPLES / "setup-position.txt")
SYNTAX = str(EXAMPLES / "syntax-errors.txt")


def test_analyze_reads_several_files_into_one_array() -> None:
    result = run("analyze", MULTI, SETUP, "--format", "json")
    assert result.exit_code == 0, result.output
    assert [(game["source"], game["game"]) for game in json.loads(result.stdout)] == [
        (MULTI, 1), (MULTI, 2), (MULTI, 3), (SETUP, 1)]


def test_analyze_game_all_is_the_default() -> None:
    every, default = run("analyze", MULTI, "--game", "all", "--format", "json"), run("analyze", MULTI, "--format", "json")
    assert every.exit_code == default.exit_code == 0
    assert [game["game"] for game in json.loads(default.stdout)] == [1, 2, 3]  # (the file's three games)
    assert every.stdout == default.stdout


def test_analyze_game_n_of_each_file() -> None:
    result = run("analyze", MULTI, SETUP, "--game", "1", "--format", "json")
    assert result.exit_code == 0, result.output
    assert [(game["source"], game["game"]) for game in json.loads(result.stdout)] == [(MULTI, 1), (SETUP, 1)]


def test_analyze_text_names_each_file() -> None:
    result = run("analyze", SETUP, MULTI, "--game", "1")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"{SETUP}, game 1")
    assert f"\n{MULTI}, game 1: Anna Meier - " in result.stdout


def test_analyze_an_unreadable_file_among_several_is_reported_and_the_others_analysed(tmp_path) -> None:
    missing = str(tmp_path / "missing.txt")
    result = run("analyze", missing, SETUP, "--format", "json")
    assert result.exit_code == 1
    assert result.stderr == f"{missing}: error: cannot read {missing}: No such file or directory\n"
    assert [game["source"] for game in json.loads(result.stdout)] == [SETUP]


def test_analyze_a_game_missing_from_one_file_is_reported() -> None:
    result = run("analyze", MULTI, SETUP, "--game", "2", "--format", "json")
    assert result.exit_code == 1
    assert f"{SETUP}: error: there is no game 2: the input has 1 game" in result.stderr
    assert [(game["source"], game["game"]) for game in json.loads(result.stdout)] == [(MULTI, 2)]


def test_analyze_bad_game_value_is_a_usage_error() -> None:
    result = run("analyze", MULTI, "--game", "first")
    assert result.exit_code == 2 and "neither a game's number" in result.stderr


def test_show_game_all_gives_each_game_s_fen() -> None:
    result = run("show", MULTI, "--game", "all", "--fen")
    assert result.exit_code == 0, result.output
    fens = result.stdout.splitlines()
    assert fens == [run("show", MULTI, "--game", str(n), "--fen").stdout.strip() for n in (1, 2, 3)]


def test_show_several_files_draws_each_under_its_heading() -> None:
    result = run("show", SETUP, MULTI, "--ascii")
    assert result.exit_code == 0, result.output
    single = run("show", SETUP, "--ascii").stdout
    assert result.stdout.startswith(f"{SETUP}, game 1")
    assert single in result.stdout
    assert f"\n\n{MULTI}, game 1: Anna Meier - " in result.stdout


def test_show_svg_takes_one_game(tmp_path) -> None:
    result = run("show", MULTI, "--game", "all", "--svg", str(tmp_path / "a.svg"))
    assert result.exit_code == 2 and "--svg draws one game" in result.stderr
    assert not (tmp_path / "a.svg").exists()


def test_show_errors_of_one_game_do_not_stop_the_others() -> None:
    result = run("show", SYNTAX, "--game", "all", "--fen")
    assert result.exit_code == 1
    assert f"{SYNTAX}:12:" in result.stderr
    assert result.stdout.splitlines()[0] == run("show", SYNTAX, "--fen").stdout.strip()
