"""How well and how fast ``muehle repair`` finds the game that was played.

Games made by ``muehle generate`` (wmd) get one slip of each kind
(:mod:`muehle.analyzer.repair.inject`), then two; the search's first suggestion is compared
with the game as generated ("first"), also counting readings the record cannot tell apart
("among equals": the same cost but for the distance) and the first three. The CPU time of the
search is measured on 100-ply games, and ``muehle repair --jobs 1`` against ``--jobs 2`` on a
file of 1,000 such games with a slip each. Results: bench/RESULTS.md.

    python bench/repair.py [--games N] [--jobs-file-games N]
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter

from muehle.analyzer.engine.rules import load_ruleset
from muehle.analyzer.play.generate import generate_games
from muehle.analyzer.repair.inject import KINDS, inject
from muehle.analyzer.repair.search import repair
from muehle.notation import read_games
from muehle.notation.writers import write_notation

WMD = load_ruleset("wmd")


def long_games(count: int, seed: int, length: int = 100) -> list:
    """``count`` generated games of at least ``length`` plies, cut to ``length`` (result ``*``)."""
    found = []
    for game in generate_games(WMD, seed, count * 20):
        if len(game.plies) >= length:
            game.plies = game.plies[:length]
            game.result = "*"
            game.tags["Result"] = "*"
            found.append(game)
            if len(found) == count:
                break
    return list(read_games(write_notation(found)))


def rates(games: list, slips: int, seed: int) -> tuple[dict[str, Counter], list[float]]:
    rng = random.Random(seed)
    counts: dict[str, Counter] = {}
    times: list[float] = []
    for kind in KINDS:
        count = counts.setdefault(kind, Counter())
        for game in games:
            original = [ply.move_text for ply in game.plies]
            slipped = inject(game, kind, rng)
            for _ in range(slips - 1):
                slipped = inject(slipped, rng.choice(KINDS), rng) if slipped is not None else None
            if slipped is None:
                continue
            start = time.process_time()
            report = repair(slipped, WMD)
            times.append(time.process_time() - start)
            if report.valid:
                count["still legal"] += 1
                continue
            count["cases"] += 1
            complete = [s for s in report.suggestions if s.complete]
            words = [s.words() for s in complete]
            count["first"] += bool(words) and words[0] == original
            if original in words:
                count["top3"] += 1
                match = complete[words.index(original)]
                count["among equals"] += abs(match.evidence_cost - complete[0].evidence_cost) < 1e-9
            count["gave up"] += report.gave_up
    return counts, times


def table(counts: dict[str, Counter]) -> str:
    lines = ["| kind | cases | first | first or among equals | first three | still legal |", "|---|---|---|---|---|---|"]
    for kind, count in counts.items():
        cases = count["cases"] or 1
        lines.append(f"| {kind} | {count['cases']} | {count['first'] / cases:.1%} | {count['among equals'] / cases:.1%} "
                     f"| {count['top3'] / cases:.1%} | {count['still legal']} |")
    return "\n".join(lines)


def jobs_run(games: list) -> tuple[float, float]:
    rng = random.Random(1)
    kinds = [kind for kind in KINDS if kind != "number"]  # (a number that goes back cannot be written)
    slipped = [inject(game, rng.choice(kinds), rng) or game for game in games]
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "slipped.txt")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(write_notation(slipped))
        walls = []
        for jobs in ("1", "2"):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "muehle", "repair", path, "--format", "json", "--jobs", jobs],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=3600, check=False)
            walls.append(time.perf_counter() - start)
    return walls[0], walls[1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--jobs-file-games", type=int, default=1000)
    args = parser.parse_args()
    games = long_games(args.games, 21)
    counts, times = rates(games, 1, 3)
    times.sort()
    print(f"one slip, {len(games)} games of 100 plies, each kind:\n{table(counts)}")
    print(f"CPU per game: median {times[len(times) // 2]:.3f} s, 95th percentile {times[int(len(times) * .95)]:.3f} s, "
          f"most {times[-1]:.3f} s")
    counts, _ = rates(games[: max(args.games // 2, 1)], 2, 4)
    total = sum(counts.values(), Counter())
    print(f"two slips: {total['cases']} cases, first {total['first'] / max(total['cases'], 1):.1%}, "
          f"among equals {total['among equals'] / max(total['cases'], 1):.1%}, "
          f"first three {total['top3'] / max(total['cases'], 1):.1%}")
    if args.jobs_file_games:
        one, two = jobs_run(long_games(args.jobs_file_games, 33))
        print(f"{args.jobs_file_games} games: --jobs 1 {one:.1f} s, --jobs 2 {two:.1f} s, {one / two:.2f}x")


if __name__ == "__main__":
    main()
