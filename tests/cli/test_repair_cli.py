"""``muehle repair`` on the command line: text, JSON against its schema, -o, --jobs, errors."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema

from muehle.analyzer.engine.setup import replay_record
from muehle.notation import read_games
from paths import EXAMPLES, ROOT
from runner import run

SLIPS = str(EXAMPLES / "repair-slips.txt")


def test_text_names_each_misprint_with_its_place() -> None:
    result = run("repair", SLIPS)
    assert result.exit_code == 1
    assert ("repair 1 (cost 1.00): ply 35 `18. d3-b2/xa4` at 29:5: read as `18. d2-b2/xa4` (digit); "
            "the 8 plies after it are then legal") in result.stdout
    assert "ply 34 `17... a4-a7` at 92:7: read as `17... a7-a4` (swap)" in result.stdout
    assert result.stdout.endswith("3 games: 0 legal, 3 repaired, 0 not repaired\n")


def test_german() -> None:
    result = run("--lang", "de", "repair", SLIPS, "--top", "1")
    assert "Halbzug 35 `18. d3-b2/xa4` bei 29:5: gelesen als `18. d2-b2/xa4` (digit)" in result.stdout
    assert "3 Partien: 0 regelgerecht, 3 korrigiert, 0 nicht korrigiert" in result.stdout


def test_json_follows_its_schema() -> None:
    schema = json.loads((ROOT / "docs" / "repair-schema.json").read_text(encoding="utf-8"))
    result = run("repair", SLIPS, str(EXAMPLES / "schuermann-book-game.txt"), "--format", "json")
    data = json.loads(result.stdout)
    jsonschema.validate(data, schema)
    assert [(item["file"].endswith("repair-slips.txt"), item["game"], item["valid"]) for item in data] == [
        (True, 1, False), (True, 2, False), (True, 3, False), (False, 1, True)]
    assert data[0]["suggestions"][0]["edits"] == [{"ply": 35, "was": "18. d3-b2/xa4", "now": "18. d2-b2/xa4",
                                                   "kind": "digit"}]
    assert data[3]["suggestions"] == []


def test_a_legal_file_exits_0() -> None:
    result = run("repair", str(EXAMPLES / "schuermann-book-game.txt"))
    assert result.exit_code == 0 and result.stdout == "1 game: 1 legal, 0 repaired, 0 not repaired\n"


def test_output_writes_the_repaired_games_with_each_edit_kept(tmp_path: Path) -> None:
    out = tmp_path / "fixed.txt"
    result = run("repair", SLIPS, "-o", str(out))
    assert result.exit_code == 1
    text = out.read_text(encoding="utf-8")
    assert '[Repaired "ply 35: 18. d3-b2/xa4 -> 18. d2-b2/xa4 (digit)"]' in text
    assert "repaired: written 18. d3-b2/xa4 (digit)" in text
    games = list(read_games(text))
    book = list(read_games((EXAMPLES / "schuermann-book-game.txt").read_text(encoding="utf-8")))[0]
    assert len(games) == 3
    for game in games:
        assert replay_record(game).valid
        assert [ply.move_text for ply in game.plies] == [ply.move_text for ply in book.plies]


def test_jobs_give_the_same_output() -> None:
    one = run("repair", SLIPS, str(EXAMPLES / "illegal-moves.txt"), "--format", "json")
    two = run("repair", SLIPS, str(EXAMPLES / "illegal-moves.txt"), "--format", "json", "--jobs", "2")
    assert one.stdout == two.stdout and one.exit_code == two.exit_code == 1


def test_usage_errors_exit_2() -> None:
    assert run("repair", SLIPS, "--top", "0").exit_code == 2
    assert run("repair", SLIPS, "-o", "-").exit_code == 2
    assert run("repair", SLIPS, "-o", "page.html").exit_code == 2
    assert run("repair").exit_code == 2


def test_an_unreadable_input_is_reported_located_and_the_rest_repaired(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("1. d2 d2 2. f2 %%% *\n", encoding="utf-8")
    result = run("repair", str(bad), SLIPS)
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert f"{bad}:1:" in result.stderr
    assert "the record could be read only in part" in result.stdout
    assert "3 games" not in result.stdout and "4 games" in result.stdout


def test_a_missing_file_is_an_input_error() -> None:
    result = run("repair", "no-such-file.txt")
    assert result.exit_code == 1 and "no-such-file.txt" in result.stderr and "Traceback" not in result.output
