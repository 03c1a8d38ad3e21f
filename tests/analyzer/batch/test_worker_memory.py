"""Peak memory does not grow with the file under ``--jobs``: a worker's is that of a range,
the main process's that of the results waiting to be handed on (a few per worker).

Memory is traced with :mod:`tracemalloc` on files of a few hundred games and four times as many; the ranges are
made short (4 KB) and files are read in blocks of 4 KB, so that neither hides the growth.
Keeping what was made, as a check that each bound can fail, goes beyond it. The games
repeat one text: what the readers remember of tag lines and words grows with the new
lines of a file up to a bound of its own (:mod:`muehle.notation.reading.memo`), not measured here.
"""

from __future__ import annotations

import tracemalloc
from pathlib import Path
from typing import Any, Callable

import pytest

import muehle.notation.reading.decode as decode
from muehle.analyzer.batch import validate
from muehle.analyzer.batch.pool import TASKS_AHEAD, WAITING_PER_WORKER
from muehle.analyzer.batch.ranges import file_ranges
from muehle.analyzer.batch.validate import Judging, judge_range, validate_paths
from muehle.analyzer.reports.verdict import GameReport

#: A game of the book's notation: the placing phase, 18 plies, a mill on d1-d2-d3 (about 130 bytes).
GAME = ('[Event "Speicher"]\n[Result "*"]\n\n'
        "1. d2 d6 2. f4 b4 3. f2 f6 4. d1 a4 5. d3/xa4 a1 6. g1 a7 7. g7 c3\n"
        "8. e3 c5 9. e5 e4 *\n")


@pytest.fixture(autouse=True)
def small_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(decode, "_BLOCK_BYTES", 4096)
    monkeypatch.setattr(validate, "RANGE_BYTES", 4096)
    monkeypatch.setattr(validate, "MIN_RANGE_BYTES", 4096)


def file_of(folder: Path, games: int) -> Path:
    path = folder / f"games-{games}.txt"
    path.write_text("\n".join([GAME] * games), encoding="utf-8")
    return path


def traced_peak(work: Callable[[], None]) -> int:
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def bounded(small: int, large: int) -> bool:
    """Four times the games, at most half as much memory again (and 32 KB of slack)."""
    return large < 1.5 * small + 32 * 1024


def test_a_worker_judging_every_range_of_a_file_needs_the_memory_of_one_range(tmp_path: Path) -> None:
    """One worker given every range of the file in turn (the worst case: it judges them all)."""
    def peak(games: int, keep: bool = False) -> int:
        path = file_of(tmp_path, games)
        with open(path, "rb") as handle:
            tasks = [(piece, Judging()) for piece in file_ranges(handle, str(path), "games.txt", 4096)]
        kept: list[Any] = []
        judged = []

        def work() -> None:
            for task in tasks:
                reports, failure = judge_range(task)
                assert failure is None and all(report.valid for report in reports)
                judged.append(len(reports))
                if keep:
                    kept.append(reports)

        top = traced_peak(work)
        assert sum(judged) == games and len(tasks) >= games // 40  # (ranges of about 34 games)
        return top

    peak(20)  # (warm-up: the parser and the rulesets are built once)
    small, large = peak(100), peak(400)
    assert bounded(small, large), (small, large)
    assert not bounded(peak(100, keep=True), peak(400, keep=True))


def test_the_main_process_of_jobs_2_holds_a_few_ranges_reports_at_most(tmp_path: Path) -> None:
    """The main process finds the ranges and hands the reports on in order, holding the reports
    of at most ``WAITING_PER_WORKER`` ranges per worker that wait for an earlier one's, and those
    of the ``TASKS_AHEAD`` ranges each worker may answer meanwhile (ranges of about 34 games:
    files of 800 and 3,200 games have 24 and 95 ranges); the workers' memory is their own (a
    process each, not traced here). How many wait depends on how the workers are scheduled, so
    the larger file's peak is bounded by the smaller one's and the most that may wait, each range
    reckoned at what keeping its reports costs. The warm-up fills what the interpreter keeps of
    freed objects for reuse (its free lists), which a first run would otherwise count as growth."""
    def ranges(games: int) -> int:
        path = file_of(tmp_path, games)
        with open(path, "rb") as handle:
            return len(list(file_ranges(handle, str(path), "games.txt", 4096)))

    def peak(games: int, keep: bool = False) -> int:
        path = file_of(tmp_path, games)
        kept: list[GameReport] = []
        counted = []

        def work() -> None:
            count = 0
            for report in validate_paths([path], jobs=2):
                assert isinstance(report, GameReport) and report.valid
                count += 1
                if keep:
                    kept.append(report)
            counted.append(count)

        top = traced_peak(work)
        assert counted == [games]
        return top

    peak(800)
    small, large = peak(800), peak(3200)
    kept_small, kept_large = peak(800, keep=True), peak(3200, keep=True)
    per_range = (kept_large - kept_small) / (ranges(3200) - ranges(800))
    most_waiting = 2 * (WAITING_PER_WORKER + TASKS_AHEAD)
    bound = small + most_waiting * per_range + 32 * 1024
    assert large <= bound, (small, large, per_range)
    assert kept_large > bound  # (keeping every report goes beyond it)
