"""bench/repair.py works: its table on counts made by hand, and its --jobs comparison on a few
games (no timing is looked at: what was run on what, and what was counted)."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

from muehle.notation import read_games
from paths import ROOT


def _load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("muehle_bench_repair", ROOT / "bench" / "repair.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


bench = _load_script()


def test_the_table_gives_the_shares_of_the_cases() -> None:
    counts = {"letter": Counter({"cases": 4, "first": 3, "first three": 4, "first among equals": 4,
                                 "first three among equals": 4}),
              "order": Counter({"cases": 1, "still legal": 2})}
    lines = bench.table(counts).splitlines()
    assert lines[2] == "| letter | 4 | 75.0% | 100.0% | 100.0% | 100.0% | 0 |"
    assert lines[3] == "| order | 1 | 0.0% | 0.0% | 0.0% | 0.0% | 2 |"
    assert lines[4] == "| all | 5 | 60.0% | 80.0% | 80.0% | 80.0% | 2 |"  # (3 of 5, 4 of 5)


def test_the_halves_hold_the_games_of_the_whole(tmp_path: Path) -> None:
    games = bench.long_games(5, 33)
    whole, first, second = bench.slipped_file(games, str(tmp_path))

    def words(path: str) -> list[list[str]]:
        return [[ply.move_text for ply in game.plies] for game in read_games(Path(path).read_text(encoding="utf-8"))]

    assert len(words(whole)) == 5 and words(first) + words(second) == words(whole)
    assert [len(game) for game in words(first)] == [len(game) for game in words(whole)[:2]]


def test_jobs_1_and_2_run_on_the_same_file_and_give_the_same_output() -> None:
    runs = bench.jobs_runs(bench.long_games(4, 33), rounds=1)
    assert [len(runs[name]) for name in ("jobs 1", "jobs 2", "reference")] == [1, 1, 1]
    one, two, reference = runs["jobs 1"][0], runs["jobs 2"][0], runs["reference"][0]
    assert one.ok and two.ok and reference.ok
    assert len(json.loads(one.outputs[0])) == 4 and one.outputs == two.outputs
    assert [len(json.loads(output)) for output in reference.outputs] == [2, 2]
    assert one.cpu > 0 and two.cpu > 0 and reference.cpu > 0
    lines = bench.jobs_report(runs, 4)
    assert any(line.endswith("the same output: yes") for line in lines), lines
