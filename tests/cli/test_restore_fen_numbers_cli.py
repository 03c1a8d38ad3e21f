"""``--fen-numbers record|sanmill`` of ``validate`` and ``analyze``: field 17 of the FEN of the position
to restore after an illegal ply as the record numbers its moves (the default) or as Sanmill's engine
counts (every action a ply, each removal one of its own), and the usage errors.

The line ``1. a1 d6 2. a4 d2 3. a7xd6 d6 4. g7 f4 5. g4 b4 6. g1xf4`` under standard_9mm, then
``6... d2`` on Black's own stone: the position to restore is the one after ``6. g1xf4``, which
Sanmill's referee printed as ``********/@***@*@*/*OOO*OOO b p p 6 3 3 4 0 0 0 0 0 0 0 0 7`` (legacy
form; 11 plies and 2 removals, 13 actions, Black to move: 1 + 12 / 2 = 7). The record's next ply is
Black's sixth, so its count is 6.

Under morabaraba, a record set up from ``... b m s 5 0 5 0 0 0 -1 -1 -1 -1 0 0 20 ids:nodes`` (Black to
move in move 20: Sanmill's count starts at 2 * 19 + 1 = 39 actions): ``20... a4-a7xc4`` (Black closes
a7-d7-g7, 2 actions), ``21. f4-e4xb2`` (White closes e5-e4-e3, 2 actions), then ``21... a7-a1``, which is
not a step. The position to restore has Black to move after 43 actions: Sanmill's field 17 is
1 + 42 / 2 = 22, the record's 21 (Black's move 21 is next)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from muehle.analyzer.engine.setup import replay_record
from muehle.analyzer.reports.analysis import restore_fen
from muehle.analyzer.reports.verdict import judge
from muehle.notation import parse_game
from processes import pools_started
from runner import run

LINE = "1. a1 d6 2. a4 d2 3. a7xd6 d6 4. g7 f4 5. g4 b4 6. g1xf4 d2 *"
BAD = f'[Rules "standard_9mm"]\n\n{LINE}\n'
#: The position after 6. g1xf4 in the current form (fields 11-14 none: -1), field 17 left to fill in.
RESTORE = "********/@***@*@*/*OOO*OOO b p p 6 3 3 4 0 0 -1 -1 -1 -1 0 0 {} ids:nodes"

MORABARABA = ('[Rules "morabaraba"]\n[SetUp "1"]\n'
              '[FEN "*O*O**O*/*@OO*@**/@@****@* b m s 5 0 5 0 0 0 -1 -1 -1 -1 0 0 20 ids:nodes"]\n\n'
              "20... a4-a7xc4 21. f4-e4xb2 a7-a1 *\n")
#: After 21. f4-e4xb2: the inner ring e5 e4 e3 White; the middle ring f6 Black, f2 White; the outer
#: ring d7 g7 a7 Black; 4 stones each on the board, none in hand; field 16: 0 (a capture was the last ply).
MORABARABA_BOARD = "*OOO****/*@*O****/@@*****@ b m s 4 0 4 0 0 0".split()


@pytest.fixture
def bad(tmp_path: Path) -> str:
    path = tmp_path / "bad.txt"
    path.write_text(BAD, encoding="utf-8")
    return str(path)


@pytest.fixture
def morabaraba(tmp_path: Path) -> str:
    path = tmp_path / "morabaraba.txt"
    path.write_text(MORABARABA, encoding="utf-8")
    return str(path)


def _fen_lines(text: str) -> list[str]:
    return [line.split("FEN: ", 1)[1] for line in text.splitlines() if "FEN: " in line]


def test_validate_explain_writes_field_17_as_asked(bad: str) -> None:
    for args, number in (([], "6"), (["--fen-numbers", "record"], "6"), (["--fen-numbers", "sanmill"], "7"),
                         (["--fen-numbers", "SANMILL"], "7")):
        result = run("validate", bad, "--explain", *args)
        assert result.exit_code == 1, result.output
        assert _fen_lines(result.stdout) == [RESTORE.format(number)]
        assert "Traceback" not in result.output
    # nothing but field 17 differs: the errors, the diagram, the stones
    record, sanmill = (run("validate", bad, "--explain", "--fen-numbers", numbers).stdout
                       for numbers in ("record", "sanmill"))
    assert sanmill.replace(RESTORE.format(7), RESTORE.format(6)) == record


def test_validate_json_writes_field_17_as_asked(bad: str) -> None:
    for args, number in (([], "6"), (["--fen-numbers", "sanmill"], "7")):
        result = run("validate", bad, "--format", "json", *args)
        assert result.exit_code == 1, result.output
        report = json.loads(result.stdout)
        assert report[0]["restore"]["fen"] == RESTORE.format(number)
        assert report[0]["restore"]["ply"] == 11
    # (with --explain too, the JSON is the same)
    assert run("validate", bad, "--format", "json", "--explain", "--fen-numbers", "sanmill").stdout == \
        run("validate", bad, "--format", "json", "--fen-numbers", "sanmill").stdout


def test_a_valid_game_has_nothing_to_restore(tmp_path: Path) -> None:
    path = tmp_path / "good.txt"
    path.write_text(BAD.replace(" d2 *", " *"), encoding="utf-8")
    result = run("validate", str(path), "--format", "json", "--fen-numbers", "sanmill")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)[0]["restore"] is None


def test_worker_processes_carry_sanmills_count(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With --jobs the games are judged in other processes; their reports come back with both FENs."""
    from muehle.analyzer.batch import validate

    started = pools_started(monkeypatch, validate)
    monkeypatch.setattr(validate, "RANGE_BYTES", 64)  # (many ranges: work for two workers)
    monkeypatch.setattr(validate, "MIN_RANGE_BYTES", 64)
    path = tmp_path / "many.txt"
    path.write_text("\n".join([BAD] * 6), encoding="utf-8")
    for output_format in ("text", "json"):
        one = run("validate", str(path), "--explain", "--format", output_format, "--fen-numbers", "sanmill")
        two = run("validate", str(path), "--explain", "--format", output_format, "--fen-numbers", "sanmill",
                  "--jobs", "2")
        assert one.exit_code == two.exit_code == 1
        assert one.stdout == two.stdout
    assert [game["restore"]["fen"] for game in json.loads(two.stdout)] == [RESTORE.format(7)] * 6
    assert started == [2, 2]  # (a pool of two workers for each run with --jobs 2)


def test_analyze_writes_field_17_as_asked(bad: str) -> None:
    for args, number in (([], "6"), (["--fen-numbers", "sanmill"], "7")):
        text = run("analyze", bad, *args)
        assert text.exit_code == 1, text.output
        assert _fen_lines(text.stdout) == [RESTORE.format(number)]
        data = json.loads(run("analyze", bad, "--format", "json", *args).stdout)
        assert data[0]["illegal"]["restore"]["fen"] == RESTORE.format(number)
        listed = yaml.safe_load(run("analyze", bad, "--format", "yaml", *args).stdout)
        assert listed[0]["illegal"]["restore"]["fen"] == RESTORE.format(number)


def test_a_set_up_morabaraba_record_counts_from_its_fen(morabaraba: str) -> None:
    for command in (["validate", "--explain"], ["analyze"]):
        for args, number in (([], "21"), (["--fen-numbers", "sanmill"], "22")):
            result = run(command[0], morabaraba, *command[1:], *args)
            assert result.exit_code == 1, result.output
            [fen] = _fen_lines(result.stdout)
            fields = fen.split()
            # fields 11-14 (the last mills, which morabaraba remembers) are not checked here
            assert fields[:10] == MORABARABA_BOARD
            assert fields[14:] == ["0", "0", number, "ids:nodes"], fen
    # show --fen writes the same position the same way
    assert run("show", morabaraba, "--fen", "--fen-numbers", "sanmill").stdout.split()[16] == "22"


def test_the_functions_count_as_asked_and_refuse_another_count() -> None:
    replayed = replay_record(parse_game(BAD))
    assert [restore_fen(replayed, numbers) for numbers in ("record", "sanmill")] == \
        [RESTORE.format(6), RESTORE.format(7)]
    report = judge(parse_game(BAD))
    assert report.with_fen_numbers("record") is report
    counted = report.with_fen_numbers("sanmill")
    assert counted.to_dict()["restore"]["fen"] == RESTORE.format(7)
    assert counted.restore_view is not None and counted.restore_view.fen == RESTORE.format(7)
    assert report.to_dict()["restore"]["fen"] == RESTORE.format(6)  # (the report itself is left as it was)
    with pytest.raises(ValueError):
        restore_fen(replayed, "moves")
    with pytest.raises(ValueError):
        report.with_fen_numbers("moves")


@pytest.mark.parametrize("args", [[], ["--fen-numbers", "record"], ["--format", "text"]])
def test_validate_without_a_fen_to_write_is_a_usage_error(bad: str, args: list[str]) -> None:
    result = run("validate", bad, "--fen-numbers", "sanmill", *args)
    assert result.exit_code == 2
    assert ("Error: --fen-numbers goes with --explain or --format json (the FEN of the position to restore)\n"
            in result.output)
    assert "Traceback" not in result.output
    assert "error: " not in result.output  # (nothing was validated)


def test_the_usage_error_in_german(bad: str) -> None:
    result = run("--lang", "de", "validate", bad, "--fen-numbers", "record")
    assert result.exit_code == 2
    assert "--fen-numbers gehört zu --explain oder --format json (das FEN der wiederherzustellenden Stellung)" \
        in result.output


@pytest.mark.parametrize("command", [["validate", "--explain"], ["analyze"]])
def test_an_unknown_count_is_a_usage_error(bad: str, command: list[str]) -> None:
    result = run(command[0], bad, *command[1:], "--fen-numbers", "moves")
    assert result.exit_code == 2
    assert "Invalid value for '--fen-numbers'" in result.output
    assert "Traceback" not in result.output


def test_the_help_names_the_option_in_english_and_german() -> None:
    assert "With --explain or --format json: field 17 of the FEN of the position to restore" in \
        " ".join(run("validate", "--help").output.split())
    assert "Field 17 of the FEN of the position to restore" in " ".join(run("analyze", "--help").output.split())
    assert "Feld 17 des FEN der wiederherzustellenden Stellung" in \
        " ".join(run("--lang", "de", "analyze", "--help").output.split())
