"""``muehle validate --suggest``: under each invalid game the best repair of ``muehle repair``, in
its words; in the JSON a ``repair`` member; the same with ``--jobs`` and ``--scheduler``, searched
where the game is judged; and without the option, nothing of the repair is loaded."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Optional

import jsonschema
import pytest

from muehle.analyzer.batch import validate
from muehle.analyzer.batch.validate import validate_paths
from muehle.analyzer.reports.verdict import GameReport
from paths import EXAMPLES, ROOT
from runner import run

SLIPS = str(EXAMPLES / "repair-slips.txt")
BOOK = str(EXAMPLES / "schuermann-book-game.txt")

#: The repairs of examples/repair-slips.txt (the book game with three misprints; docs/repair.md):
#: 18. d2-b2/xa4 written d3-b2 (d3 is empty then), 4. e5/xc4 written without the capture (e3-e4-e5
#: is a mill), 17... a7-a4 written a4-a7 (a4 is empty); the plies after each as the book has them.
REPAIRS = [
    "  repair: ply 35 `18. d3-b2/xa4` at 29:5: read as `18. d2-b2/xa4` (digit); the 8 plies after it are then legal",
    "  repair: ply 7 `4. e5` at 46:4: read as `4. e5/xc4` (capture-missing); the 36 plies after it are then legal",
    "  repair: ply 34 `17... a4-a7` at 92:7: read as `17... a7-a4` (swap); the 9 plies after it are then legal",
]

#: White places on d2 four times and Black on d6: six plies on taken points, more than the three
#: slips a repair may undo.
HOPELESS = "1. d2 d6 2. d2 d6 3. d2 d6 4. d2 d6 *\n"


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def suggestion_schema() -> dict[str, Any]:
    """The schema of one suggestion of ``muehle repair --format json`` (docs/repair-schema.json)."""
    schema = json.loads((ROOT / "docs" / "repair-schema.json").read_text(encoding="utf-8"))
    return dict(schema["items"]["properties"]["suggestions"]["items"], **{"$schema": schema["$schema"]})


def test_text_puts_the_best_repair_under_each_error() -> None:
    result = run("validate", "--suggest", SLIPS)
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    errors = [index for index, line in enumerate(lines) if ": error: " in line]
    assert [lines[index + 3] for index in errors] == REPAIRS  # (the error, the record's line, the caret)
    assert lines[-1] == "3 games, 0 valid, 3 invalid"


def test_the_only_lines_added_are_the_repairs() -> None:
    """Without --suggest validate's output is what it was; --suggest adds its lines and nothing else."""
    plain = run("validate", SLIPS, str(EXAMPLES / "illegal-moves.txt"), BOOK)
    suggested = run("validate", "--suggest", SLIPS, str(EXAMPLES / "illegal-moves.txt"), BOOK)
    assert plain.exit_code == suggested.exit_code == 1
    added = [line for line in suggested.stdout.splitlines() if line.startswith("  repair: ")]
    assert len(added) == 3 + 16  # (one for each invalid game: each of illegal-moves.txt's 16 has one slip)
    assert [line for line in suggested.stdout.splitlines() if not line.startswith("  repair: ")] == \
        plain.stdout.splitlines()
    assert "  repair: " not in plain.stdout and plain.stderr == suggested.stderr


def test_the_repair_comes_before_the_position_to_restore() -> None:
    lines = run("validate", "--suggest", "--explain", SLIPS).stdout.splitlines()
    assert lines[3] == REPAIRS[0] and lines[4].startswith("  position to restore (after 17... a7-a4")


def test_json_has_the_best_repair_as_repair_gives_it() -> None:
    schema = suggestion_schema()
    result = run("validate", "--suggest", "--format", "json", SLIPS, BOOK)
    reports = json.loads(result.stdout)
    assert result.exit_code == 1 and [report["valid"] for report in reports] == [False, False, False, True]
    for report in reports[:3]:
        jsonschema.validate(report["repair"], schema)
        assert report["repair"]["complete"] is True and report["repair"]["cost"] == 1.0
    assert reports[0]["repair"]["edits"] == [{"ply": 35, "was": "18. d3-b2/xa4", "now": "18. d2-b2/xa4",
                                              "kind": "digit"}]
    assert reports[1]["repair"]["edits"] == [{"ply": 7, "was": "4. e5", "now": "4. e5/xc4",
                                              "kind": "capture-missing"}]
    book = json.loads(run("convert", BOOK, "--to", "json").stdout)["games"][0]
    assert len(reports[2]["repair"]["plies"]) == len(book["plies"]) == 43
    assert reports[3]["repair"] is None  # (a legal game)
    # the same objects as without --suggest, but for the member added last
    plain = json.loads(run("validate", "--format", "json", SLIPS, BOOK).stdout)
    assert [{key: value for key, value in report.items() if key != "repair"} for report in reports] == plain
    assert all(list(report) == list(before) + ["repair"] for report, before in zip(reports, plain))
    assert "repair" not in plain[0]


def test_a_legal_file_gets_no_repair_line() -> None:
    result = run("validate", "--suggest", BOOK)
    assert result.exit_code == 0 and result.stdout == "1 game, 1 valid, 0 invalid\n"


def test_a_game_no_repair_fixes_says_so(tmp_path: Path) -> None:
    path = write(tmp_path, "hopeless.txt", HOPELESS)
    result = run("validate", "--suggest", path)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[1:] == [
        "    1. d2 d6 2. d2 d6 3. d2 d6 4. d2 d6 *", "                ^",
        "  repair: no repair found of at most 3 slips", "1 game, 0 valid, 1 invalid"]
    (report,) = json.loads(run("validate", "--suggest", "--format", "json", path).stdout)
    assert report["valid"] is False and report["repair"] is None


def test_games_the_search_cannot_help_say_why(tmp_path: Path) -> None:
    """A Rules tag that names no ruleset, a FEN that is no position (nothing can be replayed), an
    error in a variation only (the main line is legal: only it is repaired), a record read only in
    part."""
    path = write(tmp_path, "odd.txt", '[Rules "nosuch"]\n1. d2 d2 *\n\n'
                                      '[SetUp "1"]\n[FEN "no position"]\n1. d2 d2 *\n\n'
                                      "1. b4 d6 2. f4 (2. d2 d2) d2 *\n\n"
                                      "1. d2 d2 2. f2 %% *\n")
    result = run("validate", "--suggest", path)
    assert result.exit_code == 1 and "Traceback" not in result.output
    added = [line for line in result.stdout.splitlines() if line.startswith("  repair: ")]
    assert added == [
        "  repair: none, the game cannot be replayed",
        "  repair: none, the game cannot be replayed",
        "  repair: none needed in the main line, whose plies are legal as written (only the main line is repaired)",
        "  repair: the record could be read only in part: the plies read before its first error are repaired",
        "  repair: ply 2 `1... d2` at 10:7: struck out (doubled); the 1 ply after it is then legal",
    ]
    reports = json.loads(run("validate", "--suggest", "--format", "json", path).stdout)
    assert [report["errors"][0]["code"] for report in reports] == ["unknown-rules", "setup", "occupied", "syntax"]
    assert [report["repair"] for report in reports[:3]] == [None, None, None]
    assert reports[3]["repair"]["plies"] == ["d2", "f2"]


def test_german() -> None:
    result = run("--lang", "de", "validate", "--suggest", SLIPS)
    assert ("  Korrektur: Halbzug 35 `18. d3-b2/xa4` bei 29:5: gelesen als `18. d2-b2/xa4` (digit); "
            "die 8 Halbzüge danach sind dann regelgerecht") in result.stdout.splitlines()
    hopeless = run("--lang", "de", "validate", "--suggest", "-", input=HOPELESS)
    assert "  Korrektur: keine Korrektur aus höchstens 3 Schreibfehlern gefunden" in hopeless.stdout.splitlines()


def small_ranges(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ranges of 256 bytes: the small files give the workers work (no more start than there are
    ranges; a game of the example, up to 1 KB, is no range too long to send)."""
    monkeypatch.setattr(validate, "RANGE_BYTES", 256)
    monkeypatch.setattr(validate, "MIN_RANGE_BYTES", 256)


def test_jobs_give_the_output_of_one_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    small_ranges(monkeypatch)
    hopeless = write(tmp_path, "hopeless.txt", HOPELESS)
    files = [SLIPS, str(EXAMPLES / "illegal-moves.txt"), hopeless, BOOK]
    for output_format in ("text", "json"):
        one = run("validate", "--suggest", "--format", output_format, *files)
        two = run("validate", "--suggest", "--format", output_format, "--jobs", "2", *files)
        assert one.exit_code == two.exit_code == 1
        assert one.stdout == two.stdout and one.stderr == two.stderr
        if output_format == "text":
            assert REPAIRS[0] in two.stdout.splitlines()
        else:
            assert json.loads(two.stdout)[0]["repair"]["edits"][0]["now"] == "18. d2-b2/xa4"


def _searched_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each search tags its report with the process that ran it."""
    from muehle.analyzer.repair import hint

    real = hint.best_repair

    def tagging(game: Any, rules: Any) -> Optional[Any]:
        found = real(game, rules)
        if found is not None:
            found.searched_in = os.getpid()
        return found

    monkeypatch.setattr(hint, "best_repair", tagging)


def test_with_jobs_the_worker_that_judges_a_game_searches_it(monkeypatch: pytest.MonkeyPatch) -> None:
    small_ranges(monkeypatch)
    _searched_in(monkeypatch)
    for jobs in (1, 2):
        reports = [item for item in validate_paths([SLIPS], jobs=jobs, suggest=True) if isinstance(item, GameReport)]
        places = {getattr(report.repair, "searched_in") for report in reports}
        assert len(reports) == 3 and (places == {os.getpid()}) == (jobs == 1), places


def test_a_local_cluster_gives_the_output_of_one_process() -> None:
    pytest.importorskip("dask.distributed", reason="Dask is in the test extra: pip install '.[test]'")
    files = [SLIPS, BOOK]
    one = run("validate", "--suggest", "--format", "json", *files)
    cluster = run("validate", "--suggest", "--format", "json", "--scheduler", "local", "--jobs", "2", *files)
    assert one.exit_code == cluster.exit_code == 1 and one.stdout == cluster.stdout
    assert json.loads(cluster.stdout)[0]["repair"]["edits"][0]["now"] == "18. d2-b2/xa4"


#: Runs ``muehle ARGS`` and writes the modules of the repair that were loaded to standard error.
LOADED = ("import atexit, sys\n"
          "atexit.register(lambda: print('loaded:', sorted(m for m in sys.modules"
          " if m.startswith('muehle.analyzer.repair')), file=sys.stderr))\n"
          "from muehle.analyzer.cli import main\n"
          "sys.argv = ['muehle'] + sys.argv[1:]\n"
          "main()\n")


def _loaded(*args: str) -> str:
    done = subprocess.run([sys.executable, "-c", LOADED, *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    return done.stderr.strip().splitlines()[-1]


def test_without_suggest_nothing_of_the_repair_is_loaded() -> None:
    """validate is the hot path: the search is neither imported nor run without --suggest."""
    for args in ([], ["--format", "json"], ["--jobs", "2"], ["--explain"]):
        assert _loaded("validate", *args, SLIPS) == "loaded: []", args
    assert "'muehle.analyzer.repair.search'" in _loaded("validate", "--suggest", SLIPS)
