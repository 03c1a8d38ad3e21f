"""``--fen-numbers record|sanmill`` of ``show --fen`` and ``positions``: field 17 as the record numbers
its moves (the default, under every ruleset) or as Sanmill's engine counts (every action a ply, each
removal one of its own), and the usage errors.

The line ``1. a1 d6 2. a4 d2 3. a7xd6 d6 4. g7 f4 5. g4 b4 6. g1xf4`` under standard_9mm: Sanmill's
referee printed ``********/@***@*@*/*OOO*OOO b p p 6 3 3 4 0 0 0 0 0 0 0 0 7`` after it (13 actions,
Black to move: 1 + 12 / 2 = 7); the record's next ply is Black's sixth, so its count is 6."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from runner import run

LINE = '[Rules "standard_9mm"]\n\n1. a1 d6 2. a4 d2 3. a7xd6 d6 4. g7 f4 5. g4 b4 6. g1xf4 *\n'
SANMILLS = "********/@***@*@*/*OOO*OOO b p p 6 3 3 4 0 0 0 0 0 0 0 0 7"


@pytest.fixture
def line(tmp_path: Path) -> str:
    path = tmp_path / "line.txt"
    path.write_text(LINE, encoding="utf-8")
    return str(path)


def test_show_writes_field_17_as_sanmill_counts_on_request(line: str) -> None:
    result = run("show", line, "--fen", "--fen-form", "legacy", "--fen-numbers", "sanmill")
    assert result.exit_code == 0, result.output
    assert result.stdout == SANMILLS + "\n"
    for args in ([], ["--fen-numbers", "record"]):
        record = run("show", line, "--fen", "--fen-form", "legacy", *args)
        assert record.exit_code == 0, record.output
        assert record.stdout == SANMILLS[:-1] + "6\n"
    # before the second capture (ply 10, 11 actions, White to move) both say 6
    assert run("show", line, "--fen", "--ply", "10", "--fen-numbers", "sanmill").stdout.split()[16] == "6"
    assert run("show", line, "--fen", "--ply", "10").stdout.split()[16] == "6"


def test_a_sanmill_preset_keeps_the_records_numbering_by_default(tmp_path: Path) -> None:
    """The default is the record's numbering under every ruleset, Sanmill's presets too (so that
    show --fen, positions, validate's FEN and the viewer's Copy FEN agree)."""
    path = tmp_path / "sanmill.txt"
    path.write_text(LINE.replace("standard_9mm", "sanmill"), encoding="utf-8")
    assert run("show", str(path), "--fen").stdout.split()[16] == "6"
    assert run("show", str(path), "--fen", "--fen-numbers", "sanmill").stdout.split()[16] == "7"


def test_several_games_each_count_as_asked(tmp_path: Path) -> None:
    path = tmp_path / "two.txt"
    path.write_text(LINE + "\n" + LINE, encoding="utf-8")
    result = run("show", str(path), "--game", "all", "--fen", "--fen-form", "legacy", "--fen-numbers", "SANMILL")
    assert result.exit_code == 0, result.output
    assert result.stdout == (SANMILLS + "\n") * 2


def test_positions_count_either_way_in_every_format(line: str) -> None:
    record = run("positions", line, "--format", "fen", "--fen-form", "legacy")
    sanmill = run("positions", line, "--format", "fen", "--fen-form", "legacy", "--fen-numbers", "sanmill")
    assert record.exit_code == sanmill.exit_code == 0, record.output + sanmill.output
    assert [fen.split()[16] for fen in record.stdout.splitlines()] == \
        ["1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "6"]
    # the captures of plies 5 and 11 count half a move each
    assert [fen.split()[16] for fen in sanmill.stdout.splitlines()] == \
        ["1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "7"]
    assert sanmill.stdout.splitlines()[-1] == SANMILLS
    listed = json.loads(run("positions", line, "--format", "json", "--fen-numbers", "sanmill").stdout)
    assert listed[0]["positions"][-1]["fen"].split()[16] == "7"
    text = run("positions", line, "--fen-numbers", "sanmill").stdout.splitlines()
    assert text[-1].startswith("6. g1/xf4 ") and " 7 ids:nodes " in text[-1]
    assert text[-2].startswith("5... b4 ") and " 6 ids:nodes " in text[-2]


@pytest.mark.parametrize("command", [["show", "--fen"], ["positions"]])
def test_an_unknown_count_is_a_usage_error(line: str, command: list[str]) -> None:
    result = run(command[0], line, *command[1:], "--fen-numbers", "moves")
    assert result.exit_code == 2
    assert "Invalid value for '--fen-numbers'" in result.output
    assert "Traceback" not in result.output


def test_fen_numbers_without_fen_is_a_usage_error(line: str) -> None:
    result = run("show", line, "--fen-numbers", "sanmill")
    assert result.exit_code == 2
    assert "Error: --fen-numbers goes with --fen\n" in result.output
    german = run("--lang", "de", "show", line, "--fen-numbers", "record")
    assert german.exit_code == 2
    assert "--fen-numbers gehört zu --fen" in german.output


def test_the_help_names_the_option_in_english_and_german() -> None:
    assert "as Sanmill counts (every action, each removal one)" in " ".join(run("show", "--help").output.split())
    assert "wie Sanmill zählt" in " ".join(run("--lang", "de", "positions", "--help").output.split())
