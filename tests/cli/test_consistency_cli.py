"""The command line alike in every command: choices in any case, the output format from the
output's name, the same data in JSON and YAML."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from paths import EXAMPLES
from runner import run

BOOK_GAME = str(EXAMPLES / "schuermann-book-game.txt")
REPETITION = str(EXAMPLES / "analyze-repetition.txt")


@pytest.mark.parametrize("args, canonical", [
    (["claim", REPETITION, "--ply", "26", "--by", "White", "--rule", "REPETITION", "--format", "Json"],
     ["claim", REPETITION, "--ply", "26", "--by", "white", "--rule", "repetition", "--format", "json"]),
    (["claim", REPETITION, "--move", "13", "--side", "BLACK", "--by", "white", "--rule", "repetition"],
     ["claim", REPETITION, "--move", "13", "--side", "black", "--by", "white", "--rule", "repetition"]),
    (["convert", BOOK_GAME, "--to", "YAML", "--from", "Notation"], ["convert", BOOK_GAME, "--to", "yaml"]),
    (["convert", BOOK_GAME, "--to", "Notation", "--black-number", "Book"],
     ["convert", BOOK_GAME, "--to", "notation", "--black-number", "book"]),
    (["analyze", BOOK_GAME, "--format", "JSON"], ["analyze", BOOK_GAME, "--format", "json"]),
    (["validate", BOOK_GAME, "--format", "JSON"], ["validate", BOOK_GAME, "--format", "json"]),
    (["show", BOOK_GAME, "--fen", "--fen-form", "Legacy"], ["show", BOOK_GAME, "--fen", "--fen-form", "legacy"]),
    (["show", BOOK_GAME, "--svg", "-", "--mills", "ALL"], ["show", BOOK_GAME, "--svg", "-", "--mills", "all"]),
    (["show", BOOK_GAME, "--rules", "WMD"], ["show", BOOK_GAME, "--rules", "wmd"]),
])
def test_a_choice_is_taken_in_any_case_and_output_keeps_its_canonical_spelling(args: list[str],
                                                                               canonical: list[str]) -> None:
    """``--by White`` is ``--by white``: the same output (the JSON says "white"), the same status."""
    given, expected = run(*args), run(*canonical)
    assert given.exit_code == expected.exit_code
    assert given.exit_code in (0, 1) and given.stdout and "Error" not in given.stderr
    assert given.stdout == expected.stdout


def test_a_choice_in_any_case_is_canonical_in_json() -> None:
    result = run("claim", REPETITION, "--ply", "26", "--by", "WHITE", "--rule", "Repetition", "--format", "json")
    assert result.exit_code == 0
    verdict = json.loads(result.stdout)
    assert (verdict["by"], verdict["rule"]) == ("white", "repetition")


def test_a_choice_that_is_none_in_any_case_is_a_usage_error() -> None:
    # (Weiss is White's German name, which --by takes; Blanc is no name of a side here)
    result = run("claim", REPETITION, "--ply", "26", "--by", "Blanc", "--rule", "repetition")
    assert result.exit_code == 2
    assert "Invalid value for '--by': 'Blanc' is not one of 'white', 'black'" in result.stderr


@pytest.mark.parametrize("name, target", [("out.json", "json"), ("out.YAML", "yaml"), ("out.yml", "yaml"),
                                          ("out.pgn", "pgn"), ("out.txt", "notation"), ("out.html", "html")])
def test_the_output_s_name_implies_the_format(tmp_path: Path, name: str, target: str) -> None:
    """``-o game.json`` writes what ``--to json`` writes."""
    implied = run("convert", BOOK_GAME, "-o", str(tmp_path / name))
    assert implied.exit_code == 0, implied.stderr
    explicit = run("convert", BOOK_GAME, "--to", target)
    assert (tmp_path / name).read_text(encoding="utf-8") == explicit.stdout


@pytest.mark.parametrize("target", ["notation", "pgn", "playok"])
def test_a_text_record_may_go_to_any_text_record_name(tmp_path: Path, target: str) -> None:
    """Notation, PGN and PlayOK's points are told apart by content when read: ``--to playok -o
    games.txt`` is no contradiction, and the file reads back as the same game."""
    out = tmp_path / "games.txt"
    result = run("convert", REPETITION, "--to", target, "-o", str(out))
    assert result.exit_code == 0, result.stderr
    assert out.read_text(encoding="utf-8") == run("convert", REPETITION, "--to", target).stdout
    again, original = run("convert", str(out), "--to", "json"), run("convert", REPETITION, "--to", "json")
    assert again.exit_code == 0
    plies = [(p.get("from"), p["to"], p.get("captures")) for p in json.loads(again.stdout)["games"][0]["plies"]]
    assert plies == [(p.get("from"), p["to"], p.get("captures"))
                     for p in json.loads(original.stdout)["games"][0]["plies"]]
    assert len(plies) == 26


@pytest.mark.parametrize("name", ["out.json", "out.yaml", "out.html"])
def test_a_contradicted_output_name_writes_nothing(tmp_path: Path, name: str) -> None:
    result = run("convert", BOOK_GAME, "--to", "notation", "-o", str(tmp_path / name))
    assert result.exit_code == 2
    assert f"--to notation contradicts the output's name {tmp_path / name}" in result.stderr
    assert not (tmp_path / name).exists()


@pytest.mark.parametrize("name, target", [("games.json", "json"), ("games.yml", "yaml"), ("games.pgn", "pgn"),
                                          ("games.txt", "notation")])
def test_generate_writes_the_format_its_output_s_name_says(tmp_path: Path, name: str, target: str) -> None:
    """``generate -o games.json`` writes the games ``--to json`` writes, and they are the games of
    the notation (the same seed): the file reads back as the same plies, and every game is valid."""
    out = tmp_path / name
    assert run("generate", "--count", "3", "--seed", "5", "-o", str(out)).exit_code == 0
    assert out.read_text(encoding="utf-8") == run("generate", "--count", "3", "--seed", "5", "--to", target).stdout
    notation = tmp_path / "games-notation.txt"
    assert run("generate", "--count", "3", "--seed", "5", "-o", str(notation)).exit_code == 0
    back, original = run("convert", str(out), "--to", "json"), run("convert", str(notation), "--to", "json")
    moves = [[(p.get("from"), p["to"], p.get("captures")) for p in game["plies"]]
             for game in json.loads(back.stdout)["games"]]
    assert moves == [[(p.get("from"), p["to"], p.get("captures")) for p in game["plies"]]
                     for game in json.loads(original.stdout)["games"]]
    assert len(moves) == 3 and all(moves)
    verdict = run("validate", str(out))
    assert verdict.exit_code == 0 and "3 games, 3 valid, 0 invalid" in verdict.stdout


def test_generate_without_output_or_format_writes_the_notation() -> None:
    text = run("generate", "--seed", "5").stdout
    assert text.startswith('[Event "Random game"]') and "1. " in text


def test_generate_refuses_a_contradicted_output_name(tmp_path: Path) -> None:
    result = run("generate", "--to", "yaml", "-o", str(tmp_path / "games.json"))
    assert result.exit_code == 2 and "--to yaml contradicts the output's name" in result.stderr
    assert not (tmp_path / "games.json").exists()


def test_generate_of_no_game_as_a_page_is_a_usage_error(tmp_path: Path) -> None:
    result = run("generate", "--count", "0", "-o", str(tmp_path / "games.html"))
    assert result.exit_code == 2 and "an HTML viewer needs one" in result.stderr
    assert not (tmp_path / "games.html").exists()


def test_claim_in_yaml_is_the_json_verdict() -> None:
    """``claim --format yaml`` carries the same data as ``--format json`` (and the same exit status)."""
    args = ("claim", REPETITION, "--ply", "26", "--by", "white", "--rule", "repetition", "--format")
    as_yaml, as_json = run(*args, "yaml"), run(*args, "json")
    assert as_yaml.exit_code == as_json.exit_code == 0
    assert yaml.safe_load(as_yaml.stdout) == json.loads(as_json.stdout)
    assert yaml.safe_load(as_yaml.stdout)["verdict"] == "valid"
    invalid = run("claim", REPETITION, "--ply", "25", "--by", "white", "--rule", "repetition", "--format", "yaml")
    assert invalid.exit_code == 1
    assert yaml.safe_load(invalid.stdout)["verdict"] == "invalid"


#: White closes the mill on the d-file below the centre (d1, d2, d3): a line the board lists
#: from rank 1 up, as every output writes it.
MILL_GAME = "1. d1 a7 2. d2 g7 3. d3/xa7 b6\n"
#: The same without the capture that mill demands.
MILL_NOT_TAKEN = "1. d1 a7 2. d2 g7 3. d3 b6\n"


def test_a_mill_is_written_the_same_way_in_every_output(tmp_path: Path) -> None:
    """The analysis text, its JSON, validate's message, the SVG band and the HTML viewer all
    name the mill d1-d2-d3 by its points in board order (file, then rank)."""
    record = tmp_path / "mill.txt"
    record.write_text(MILL_GAME, encoding="utf-8")
    text = run("analyze", str(record))
    assert text.exit_code == 0, text.stderr
    assert "White closes d1-d2-d3" in text.stdout
    events = json.loads(run("analyze", str(record), "--format", "json").stdout)[0]["events"]
    assert [event["points"] for event in events if event["type"] == "mill"] == [["d1", "d2", "d3"]]
    svg = run("show", str(record), "--ply", "5", "--svg", "-")
    assert svg.exit_code == 0
    assert 'class="mill" data-points="d1 d2 d3"' in svg.stdout
    page = run("convert", str(record), "--to", "html")
    assert 'data-points=\\"d1 d2 d3\\"' in page.stdout or 'data-points="d1 d2 d3"' in page.stdout
    assert "d3 d2 d1" not in page.stdout
    unclosed = tmp_path / "unclosed.txt"
    unclosed.write_text(MILL_NOT_TAKEN, encoding="utf-8")
    checked = run("validate", str(unclosed))
    assert checked.exit_code == 1
    assert "the mill d1-d2-d3 is closed and a Black stone must be captured" in checked.stdout + checked.stderr


def test_the_replay_lists_a_mill_in_board_order() -> None:
    from muehle.analyzer import load_ruleset, replay_record
    from muehle.notation.reading.parser import parse_game

    result = replay_record(parse_game(MILL_GAME), load_ruleset("wmd"))
    assert result.records[4].mills == [("d1", "d2", "d3")]


def test_rules_names_its_sources_by_title_with_umlauts() -> None:
    """The titles of the rules texts (the seeds' index), not the names of their files."""
    result = run("rules")
    assert result.exit_code == 0
    assert ".txt" not in result.stdout and "[" not in result.stdout
    for title in ("WMD Turnierreglement 3.0 (11 May 2019)", "Brettspielnetz.de rules (2021)",
                  "Schürmann/Nüscheler, So gewinnt man Mühle (1980)", "Regeln für Unentschieden"):
        assert title in result.stdout
    assert "Schuermann" not in result.stdout and "fuer" not in result.stdout
    shown = run("rules", "schuermann")
    assert "title: Schürmann/Nüscheler, So gewinnt man Mühle (1980)" in shown.stdout


#: 2... d6 (ply 4) is played on Black's own stone: the last legal position is after 2. f4 (ply 3).
ILLEGAL = '[Event "x"]\n\n1. d2 d6 2. f4 d6 3. b4 *\n'


@pytest.mark.parametrize("form", [[], ["--ascii"], ["--fen"], ["--svg", "-"]])
@pytest.mark.parametrize("asked", [[], ["--ply", "5"], ["--move", "3"]])
def test_show_of_a_record_with_an_illegal_ply_shows_the_last_legal_position(tmp_path: Path, form: list[str],
                                                                           asked: list[str]) -> None:
    """The position after ply 3 (d2, f4 against d6), as if asked for, and the located error: exit 1."""
    record = tmp_path / "bad.txt"
    record.write_text(ILLEGAL, encoding="utf-8")
    result = run("show", str(record), *asked, *form)
    assert result.exit_code == 1
    assert result.stdout == run("show", str(record), "--ply", "3", *form).stdout != ""
    assert result.stderr == (
        f"{record}:3:16: error: the record has an illegal ply at ply 4 (2... d6: d6 is already occupied by a "
        "Black stone [occupied]); shown is the last legal position, after 2. f4 (ply 3)\n"
        "    1. d2 d6 2. f4 d6 3. b4 *\n"
        "                   ^\n")


def test_show_s_last_legal_position_is_validate_s_position_to_restore(tmp_path: Path) -> None:
    record = tmp_path / "bad.txt"
    record.write_text(ILLEGAL, encoding="utf-8")
    restore = json.loads(run("validate", str(record), "--format", "json").stdout)[0]["restore"]
    shown = run("show", str(record), "--fen")
    assert shown.exit_code == 1
    assert shown.stdout == restore["fen"] + "\n"
    assert restore["fen"].startswith("********/@*O*O***/******** b")  # d6 Black; d2, f4 White; Black to move
    assert restore["fen"].endswith(" -1 -1 -1 -1 0 0 2 ids:nodes")  # one form: the current one


def test_show_of_a_record_illegal_from_its_first_ply_shows_the_start(tmp_path: Path) -> None:
    record = tmp_path / "bad.txt"
    record.write_text("1. d2-d3 d6\n", encoding="utf-8")
    result = run("show", str(record), "--fen")
    assert result.exit_code == 1
    assert result.stdout == run("show", str(record), "--ply", "0", "--fen").stdout
    assert "; shown is the last legal position, the start (ply 0)\n" in result.stderr

