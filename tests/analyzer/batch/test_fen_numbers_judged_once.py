"""The FEN of the position to restore is made once, with field 17 counted as asked, where the game is
judged: ``judge(..., move_numbers=...)``, and ``validate_paths(..., move_numbers=...)`` in this process
and in ``--jobs`` workers. The game is that of tests/cli/test_restore_fen_numbers_cli.py: the position to
restore after ``6. g1xf4`` has the record's count 6 in field 17, Sanmill's 7 (13 actions, Black to move)."""

from __future__ import annotations

from pathlib import Path

import pytest

from muehle.analyzer.batch import validate
from muehle.analyzer.batch.validate import validate_paths
from muehle.analyzer.reports.verdict import GameReport, judge
from muehle.notation import parse_game
from processes import pools_started

BAD = '[Rules "standard_9mm"]\n\n1. a1 d6 2. a4 d2 3. a7xd6 d6 4. g7 f4 5. g4 b4 6. g1xf4 d2 *\n'


def _field_17(report: GameReport) -> str:
    assert report.restore is not None and report.restore_view is not None
    assert report.restore_view.fen == report.restore["fen"]
    return str(report.restore["fen"].split()[16])


def test_judge_makes_the_fen_asked_and_no_other() -> None:
    game = parse_game(BAD)
    for numbers, number in (("record", "6"), ("sanmill", "7")):
        report = judge(game, move_numbers=numbers)
        assert _field_17(report) == number
        assert report.sanmill_restore_fen is None
        assert report.with_fen_numbers(numbers) is report
    both = judge(game)  # (no count asked: the record's, Sanmill's kept beside it)
    assert _field_17(both) == "6" and both.sanmill_restore_fen is not None
    assert both.sanmill_restore_fen.split()[16] == "7"


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_workers_judge_with_the_count_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: int) -> None:
    started = pools_started(monkeypatch, validate)
    monkeypatch.setattr(validate, "RANGE_BYTES", 64)  # (many ranges: work for two workers)
    monkeypatch.setattr(validate, "MIN_RANGE_BYTES", 64)
    path = tmp_path / "many.txt"
    path.write_text("\n".join([BAD] * 6), encoding="utf-8")
    for numbers, number in (("record", "6"), ("sanmill", "7")):
        reports = list(validate_paths([str(path)], jobs=jobs, move_numbers=numbers))
        assert all(isinstance(report, GameReport) for report in reports) and len(reports) == 6
        assert [_field_17(report) for report in reports] == [number] * 6  # type: ignore[arg-type]
        assert [report.sanmill_restore_fen for report in reports] == [None] * 6  # type: ignore[union-attr]
    assert started == ([2, 2] if jobs == 2 else [])
