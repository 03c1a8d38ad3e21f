"""Variations nest at most ``MAX_VARIATION_DEPTH`` deep: every reader refuses a deeper one at
its place, and a record nested that deep goes through every command and every form."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from muehle.analyzer.reports.verdict import judge
from muehle.notation.formats.jsonrecord import read_json, write_json
from muehle.notation.reading import fastread
from muehle.notation.reading.parser import read_games
from muehle.notation.record.model import MAX_VARIATION_DEPTH, Game, Ply, Variation
from muehle.notation.text.errors import FormatError
from runner import run

LIMIT = MAX_VARIATION_DEPTH
MESSAGE = f"variations nest more than {LIMIT} deep here; muehle reads {LIMIT} levels at most"


def nested(depth: int) -> str:
    """1. b4 d6 2. f4, with ``depth`` variations each within the one before: (2. d2 (2. d2 ...))."""
    return "1. b4 d6 2. f4 " + "(2. d2 " * depth + ")" * depth + " *\n"


def placeless(data: object) -> object:
    """JSON data without the places of plies (a text written anew puts them elsewhere)."""
    if isinstance(data, dict):
        return {key: placeless(value) for key, value in data.items() if key not in ("line", "column")}
    if isinstance(data, list):
        return [placeless(value) for value in data]
    return data


@pytest.mark.parametrize("fast", [True, False], ids=["fast-reader", "lark"])
@pytest.mark.parametrize("deferred", [True, False], ids=["deferred", "whole"])
def test_one_level_deeper_is_a_syntax_error_at_its_parenthesis(monkeypatch: pytest.MonkeyPatch, fast: bool,
                                                               deferred: bool) -> None:
    monkeypatch.setattr(fastread, "ENABLED", fast)
    text = nested(LIMIT + 1)
    (game,) = read_games(text, "deep.txt", deferred=deferred)
    (error,) = game.errors
    column = len("1. b4 d6 2. f4 ") + len("(2. d2 ") * LIMIT + 1  # the 51st '('
    assert text[column - 1] == "("
    assert (error.code, error.message, error.line, error.column) == ("syntax", MESSAGE, 1, column)
    (fine,) = read_games(nested(LIMIT), "deep.txt", deferred=deferred)
    assert fine.errors == []
    depth, ply = 0, fine.plies[2]
    while ply.variations:
        depth, ply = depth + 1, ply.variations[0].plies[0]
    assert depth == LIMIT


def test_json_one_level_deeper_is_refused_at_its_path() -> None:
    (game,) = read_games(nested(LIMIT))
    data = json.loads(write_json([game]))
    ply = data["games"][0]["plies"][2]
    path = "games[0].plies[2]"
    while "variations" in ply:
        ply = ply["variations"][0]["plies"][0]
        path += ".variations[0].plies[0]"
    ply["variations"] = [{"plies": [{"number": 2, "side": "white", "to": "a1"}]}]
    with pytest.raises(FormatError) as caught:
        read_json(json.dumps(data), "deep.json")
    assert caught.value.message == f"{path}.variations[0]: {MESSAGE}"


def test_a_record_at_the_limit_goes_through_every_command_and_form(tmp_path: Path) -> None:
    source = tmp_path / "deep.txt"
    source.write_text(nested(LIMIT), encoding="utf-8")
    as_json = run("convert", str(source), "--to", "json")
    assert as_json.exit_code == 0, as_json.output
    for form in ("notation", "json", "yaml", "pgn", "html"):
        out = tmp_path / f"deep.{form}"
        result = run("convert", str(source), "--to", form, "-o", str(out))
        assert result.exit_code == 0, (form, result.output)
        if form in ("notation", "json", "yaml"):
            back = run("convert", str(out), "--to", "json")
            assert back.exit_code == 0, (form, back.output)
            assert placeless(json.loads(back.stdout)) == placeless(json.loads(as_json.stdout)), form
    expected = {"validate": (0, "1 game, 1 valid, 0 invalid"), "analyze": (0, "unfinished; no result declared"),
                "show": (0, "Black to move"), "claim": (1, "occurred once, not three times")}
    for command in (["validate"], ["analyze"], ["show", "--ply", "3"],
                    ["claim", "--ply", "3", "--by", "white", "--rule", "repetition"]):
        result = run(*command, str(source))
        code, words = expected[command[0]]
        assert (result.exit_code, result.stderr) == (code, ""), command
        assert words in result.stdout, command


def test_deeper_variations_built_in_python_make_an_invalid_game_not_a_crash() -> None:
    """No reader gives them, but a Game built in Python may hold any depth."""
    variation = Variation(plies=[Ply(2, "white", "d2")])
    for _ in range(3000):
        variation = Variation(plies=[Ply(2, "white", "d2", variations=[variation])])
    game = Game(plies=[Ply(1, "white", "b4"), Ply(1, "black", "d6"), Ply(2, "white", "f4", variations=[variation])])
    report = judge(game, 1, None, "built.py")
    assert not report.valid
    assert [(error.code, error.message) for error in report.errors] == [
        ("syntax", "the variations are nested too deeply to be replayed")]
