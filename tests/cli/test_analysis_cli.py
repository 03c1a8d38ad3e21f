"""``muehle analyze``: the text report, the JSON/YAML contract, and the errors a user can cause."""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

from muehle.analyzer.engine.rules import preset_names
from muehle.analyzer.engine.setup import replay_record
from muehle.analyzer.reports.analysis import analyze
from muehle.analyzer.reports.analysis_text import render_text
from muehle.notation.reading.parser import read_file
from paths import ROOT
from runner import run

#: The presets as messages list them.
PRESETS = ", ".join(preset_names())

EXAMPLES = ROOT / "examples"


def test_text_report_is_aligned_with_book_move_numbers() -> None:
    """The repetition game: the two phase changes after the ninth placements, the
    repetitions of plies 22 to 26 and the draw right after 13... c5-d5 (ply 26)."""
    result = run("analyze", str(EXAMPLES / "analyze-repetition.txt"))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == f"{EXAMPLES / 'analyze-repetition.txt'}, game 1: Weiss - Schwarz (rules wmd)"
    rows = lines[1:lines.index("summary")]
    assert rows[0].split() == ["9.", "c3", "phase", "White:", "placing", "->", "moving"]
    assert rows[1].split()[:3] == ["9...", "e5", "phase"]
    assert [row.split()[0] for row in rows[2:7]] == ["11...", "12.", "12...", "13.", "13..."]
    assert "draw-right  threefold repetition: a draw may be claimed" in rows[7]
    # the type column starts at the same place in every row
    starts = {row.index(kind) for row in rows for kind in ("phase", "repetition", "draw-right", "game-over")
              if f"  {kind}  " in row}
    assert len(starts) == 1
    assert "  draw rights  repetition after 13..." in lines


def test_json_contract() -> None:
    result = run("analyze", str(EXAMPLES / "analyze-zwickmuehle.txt"), "--format", "json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert isinstance(data, list) and len(data) == 1
    game = data[0]
    assert (game["game"], game["rules"], game["illegal"]) == (1, "wmd", None)
    assert game["summary"]["end"] == {"winner": "white", "reason": "fewer-than-three", "ply": 29,
                                      "result": "1-0", "declared": "1-0", "agrees": True,
                                      "result_tag_error": None}
    first = game["events"][0]
    assert first == {"ply": 11, "move": "6. d7/xa4", "side": "white", "type": "mill",
                     "points": ["a7", "d7", "g7"], "double": False, "nothing_to_capture": None}


def test_yaml_gives_the_same_data_as_json() -> None:
    name = str(EXAMPLES / "analyze-mandatory-draw.txt")
    assert yaml.safe_load(run("analyze", name, "--format", "yaml").stdout) == json.loads(run("analyze", name, "--format", "json").stdout)


def test_one_game_of_several() -> None:
    result = run("analyze", str(EXAMPLES / "analyze-endings.txt"), "--game", "2", "--format", "json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert [game["game"] for game in data] == [2]
    assert data[0]["summary"]["end"]["reason"] == "fewer-than-three"


def test_every_game_by_default() -> None:
    data = json.loads(run("analyze", str(EXAMPLES / "analyze-endings.txt"), "--format", "json").stdout)
    assert [(game["game"], game["summary"]["end"]["reason"]) for game in data] == [
        (1, "blocked"), (2, "fewer-than-three")]


def test_rules_option_overrides_the_default() -> None:
    data = json.loads(run("analyze", str(EXAMPLES / "analyze-repetition.txt"), "--rules", "sanmill",
                          "--format", "json").stdout)
    assert data[0]["rules"] == "sanmill"
    assert data[0]["summary"]["no_capture"]["limit"] == 100  # (wmd: 60)


def test_standard_input() -> None:
    text = (EXAMPLES / "analyze-repetition.txt").read_text(encoding="utf-8")
    result = run("analyze", "-", "--format", "json", input=text)
    assert result.exit_code == 0
    assert json.loads(result.stdout)[0]["source"] == "<stdin>"


def test_illegal_ply_shows_the_position_to_restore() -> None:
    """The report stops before 11. b2-b6 and draws the position after 10... d5-c5 with its
    FEN; the located error goes to standard error and the exit status is 1."""
    name = str(EXAMPLES / "analyze-illegal.txt")
    result = run("analyze", name)
    assert result.exit_code == 1
    out = result.stdout
    assert "illegal ply 21: 11. b2-b6: b6 is not adjacent to b2" in out
    assert "position to restore (after 10... d5-c5; WMD 6):" in out
    assert "  FEN: *@@*@O@@/O*O**OO*/@O@O@O@O w m s 9 0 9 0 0 0 -1 -1 -1 -1 0 2 11 ids:nodes" in out
    assert "a   b   c   d   e   f   g" in out
    assert result.stderr.startswith(f"{name}:10:30: error: 11. b2-b6: b6 is not adjacent to b2")


def test_an_illegal_ply_of_a_json_record_is_not_located_in_the_json_file(tmp_path: Path) -> None:
    """The record keeps the ply's place in analyze-illegal.txt (line 10, column 30); the JSON
    file has no such place, so the error names the file and the game and shows none of its lines."""
    record = run("convert", "--to", "json", str(EXAMPLES / "analyze-illegal.txt")).stdout
    assert '"line": 10, "column": 30' in record
    path = tmp_path / "illegal.json"
    path.write_text(record, encoding="utf-8")
    result = run("analyze", str(path))
    assert result.exit_code == 1
    assert "illegal ply 21: 11. b2-b6: b6 is not adjacent to b2" in result.stdout
    assert result.stderr == (f"{path}, game 1: error: 11. b2-b6: b6 is not adjacent to b2 "
                             "(White has 9 stones and may not jump) [not-adjacent]\n")


def test_a_yaml_record_is_analysed_as_its_notation_is(tmp_path: Path) -> None:
    name = str(EXAMPLES / "analyze-repetition.txt")
    record = run("convert", "--to", "yaml", name).stdout
    path = tmp_path / "repetition.yaml"
    path.write_text(record, encoding="utf-8")
    from_yaml = json.loads(run("analyze", "--format", "json", str(path)).stdout)
    from_text = json.loads(run("analyze", "--format", "json", name).stdout)
    assert [{**game, "source": None} for game in from_yaml] == [{**game, "source": None} for game in from_text]
    assert from_yaml[0]["summary"]["draw_rights"]["repetition"] == 26  # 13... c5-d5 (docs/analyze.md)


def test_each_error_of_a_json_record_of_several_games_names_its_game(tmp_path: Path) -> None:
    """examples/illegal-moves.txt: 16 games, each with the broken rule its first comment states;
    all but a result contradicting the board are illegal plies, which go to standard error."""
    games = list(read_file(EXAMPLES / "illegal-moves.txt"))
    stated = [re.search(r"\[([a-z-]+)\]", " ".join(game.comments)).group(1) for game in games]
    illegal = [number for number, code in enumerate(stated, 1) if code != "result-mismatch"]
    assert len(games) == 16 and len(illegal) == 15
    record = run("convert", "--to", "json", str(EXAMPLES / "illegal-moves.txt")).stdout
    path = tmp_path / "illegal.json"
    path.write_text(record, encoding="utf-8")
    result = run("analyze", str(path))
    assert result.exit_code == 1
    named = [line.split(": error: ")[0] for line in result.stderr.splitlines() if ": error: " in line]
    assert named == [f"{path}, game {number}" for number in illegal]


def test_syntax_error_is_located_and_other_games_are_still_reported(tmp_path: Path) -> None:
    record = tmp_path / "two.txt"
    record.write_text('[Event "bad"]\n\n1. b1 d6 *\n\n[Event "good"]\n\n1. a1 d6 *\n', encoding="utf-8")
    result = run("analyze", str(record), "--format", "json")
    assert result.exit_code == 1
    assert [game["game"] for game in json.loads(result.stdout)] == [2]
    assert result.stderr.startswith(f"{record}:3:4: error: ")
    assert "b1" in result.stderr


def test_missing_file() -> None:
    result = run("analyze", "no/such/file.txt")
    assert result.exit_code == 1
    assert result.stderr.startswith("no/such/file.txt: error: cannot read no/such/file.txt")
    assert result.stdout == ""


def test_bad_game_number() -> None:
    name = str(EXAMPLES / "analyze-endings.txt")
    result = run("analyze", name, "--game", "3")
    assert result.exit_code == 1
    assert result.stderr.strip() == f"{name}: error: there is no game 3: the input has 2 games"
    assert run("analyze", name, "--game", "0").exit_code == 2


def test_bad_ruleset_name() -> None:
    result = run("analyze", str(EXAMPLES / "analyze-endings.txt"), "--rules", "chess")
    assert result.exit_code == 2  # a usage error, as in every command
    assert "'chess' is neither a preset" in result.stderr
    assert result.stdout == ""


def test_bad_format_is_a_usage_error() -> None:
    assert run("analyze", str(EXAMPLES / "analyze-endings.txt"), "--format", "xml").exit_code == 2


def test_unknown_rules_tag_is_located_at_the_tag(tmp_path: Path) -> None:
    record = tmp_path / "tag.txt"
    record.write_text('[Event "x"]\n[Rules "chess"]\n\n1. a1 d6 *\n', encoding="utf-8")
    result = run("analyze", str(record))
    assert result.exit_code == 1
    assert result.stderr == (f"{record}:2:9: error: the Rules tag names 'chess', which is not a ruleset "
                             f"(presets: {PRESETS})\n"
                             '    [Rules "chess"]\n'
                             "            ^\n")


def test_documented_examples_are_what_the_command_prints() -> None:
    """Each example event in docs/analyze.md is an event of the examples' JSON output."""
    docs = (EXAMPLES.parent / "docs" / "analyze.md").read_text(encoding="utf-8")
    block = docs.split("Example event objects")[1].split("```json\n")[1].split("```")[0]
    documented = [json.loads(line) for line in block.splitlines() if line.strip()]
    printed = []
    for name in sorted(EXAMPLES.glob("analyze-*.txt")):
        for game in json.loads(run("analyze", str(name), "--format", "json").stdout):
            printed.extend(game["events"])
    assert documented and all(event in printed for event in documented)


def test_ascii_text_for_terminals_without_utf8() -> None:
    """With ascii=True (standard output not UTF-8) the report, diagram included, is plain ASCII."""
    texts = []
    for name in ("analyze-zwickmuehle.txt", "analyze-illegal.txt"):
        game = next(iter(read_file(EXAMPLES / name)))
        texts.append(render_text(analyze(replay_record(game)), "title", ascii=True))
    for text in texts:
        text.encode("ascii")
    assert "White has a Zwickmuehle" in texts[0]
    assert "  FEN: " in texts[1]


def test_input_without_games(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("\n", encoding="utf-8")
    result = run("analyze", str(empty))
    assert result.exit_code == 1
    assert result.stderr.strip() == f"{empty}: error: there is no game in the input"
