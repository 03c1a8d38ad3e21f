"""How well and how fast ``muehle repair`` finds the game that was played.

Games made by ``muehle generate`` (wmd) get one slip of each kind
(:mod:`muehle.analyzer.repair.inject`), then two; where the game as generated stands among the
search's repairs is counted as docs/repair.md ("How well it finds the game played") defines it
(:func:`~muehle.analyzer.repair.inject.standing`): the first suggestion, one of the first three,
and the same counting readings the record cannot tell apart as equals. The CPU time of the search
is measured on 100-ply games. ``muehle repair --jobs 2`` is compared with ``--jobs 1`` on one file
of 1,000 such games with a slip each: both on the same file, their outputs compared, the wall and
CPU time of each (the command and its worker processes), and beside them two ``--jobs 1`` processes
started together, each on half of the file (what the machine gives two processes at that time);
the machine's load is printed before and after. Results: bench/RESULTS.md.

    python bench/repair.py [--games N] [--jobs-file-games N] [--rounds N]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from typing import Optional

from muehle.analyzer.engine.rules import load_ruleset
from muehle.analyzer.play.generate import generate_games
from muehle.analyzer.repair.inject import KINDS, inject_slips, tally
from muehle.analyzer.repair.search import repair
from muehle.notation import read_games
from muehle.notation.record.model import Game
from muehle.notation.writing.writers import write_notation

WMD = load_ruleset("wmd")

#: Enough suggestions to hold every reading of equal cost (the rank among equals needs them all).
EVERY = 100

#: How long one run of the command may take (seconds) before the benchmark gives up on it.
RUN_LIMIT = 3600

#: The columns of the table of rates, each with its key in the counts.
COLUMNS = (("first", "first"), ("first three", "first three"), ("first among equals", "first among equals"),
           ("first three among equals", "first three among equals"))


def long_games(count: int, seed: int, length: int = 100) -> list[Game]:
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


def rates(games: list[Game], slips: int, seed: int) -> tuple[dict[str, Counter[str]], list[float]]:
    """For each kind of slip, ``slips`` slips put into each game (the first of that kind, any
    others of any kind): the counts of where the game played stands, and the CPU seconds of each
    search."""
    rng = random.Random(seed)
    counts: dict[str, Counter[str]] = {}
    times: list[float] = []
    for kind in KINDS:
        count = counts.setdefault(kind, Counter())
        for game in games:
            played = [(ply.target, ply.origin, tuple(ply.captures)) for ply in game.plies]
            slipped = inject_slips(game, kind, rng, slips)
            if slipped is None:
                continue
            start = time.process_time()
            report = repair(slipped, WMD, top=EVERY)
            times.append(time.process_time() - start)
            tally(count, played, report)
    return counts, times


def table(counts: dict[str, Counter[str]]) -> str:
    """The counts as a Markdown table, one row per kind and one for all."""
    head = "| kind | cases | " + " | ".join(title for title, _ in COLUMNS) + " | still legal |"
    lines = [head, "|---" * (len(COLUMNS) + 3) + "|"]
    rows = list(counts.items()) + [("all", sum(counts.values(), Counter()))]
    for kind, count in rows:
        cases = count["cases"] or 1
        shares = " | ".join(f"{count[key] / cases:.1%}" for _, key in COLUMNS)
        lines.append(f"| {kind} | {count['cases']} | {shares} | {count['still legal']} |")
    return "\n".join(lines)


def children_cpu() -> float:
    """CPU seconds (user and system) of this process's finished children, and of theirs."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


@dataclass
class Run:
    """One timed run: its wall and CPU seconds (the commands and their worker processes), the
    standard output of each command and whether each exited as expected (0 or 1)."""

    wall: float
    cpu: float
    outputs: list[bytes]
    ok: bool


def timed(commands: list[list[str]]) -> Run:
    """Start ``commands`` together and wait for all of them (at most :data:`RUN_LIMIT` seconds)."""
    cpu = children_cpu()
    start = time.perf_counter()
    children = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL) for command in commands]
    outputs = []
    ok = True
    for child in children:
        try:
            out, _ = child.communicate(timeout=RUN_LIMIT)
        except subprocess.TimeoutExpired:
            child.kill()
            out, _ = child.communicate()
        outputs.append(out)
        ok = ok and child.returncode in (0, 1)
    return Run(time.perf_counter() - start, children_cpu() - cpu, outputs, ok)


def repair_command(path: str, jobs: int) -> list[str]:
    return [sys.executable, "-m", "muehle", "repair", path, "--format", "json", "--jobs", str(jobs)]


def slipped_file(games: list[Game], folder: str, seed: int = 1) -> tuple[str, str, str]:
    """The games with one slip each (any kind but a wrong number, which a text cannot hold when it
    goes back) written to a file in ``folder``, and its two halves (by games) to two more."""
    rng = random.Random(seed)
    kinds = [kind for kind in KINDS if kind != "number"]
    slipped = [inject_slips(game, rng.choice(kinds), rng) or game for game in games]
    paths = []
    for name, part in (("all", slipped), ("first", slipped[: len(slipped) // 2]),
                       ("second", slipped[len(slipped) // 2:])):
        path = os.path.join(folder, f"{name}.txt")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(write_notation(part))
        paths.append(path)
    return paths[0], paths[1], paths[2]


def jobs_runs(games: list[Game], rounds: int) -> dict[str, list[Run]]:
    """``muehle repair --jobs 1`` and ``--jobs 2`` on the same file of ``games`` with a slip each,
    and two ``--jobs 1`` side by side on its halves (the reference), ``rounds`` times each, in the
    order 1, 2, reference, then reversed, and so on (the machine's load drifts)."""
    runs: dict[str, list[Run]] = {"jobs 1": [], "jobs 2": [], "reference": []}
    with tempfile.TemporaryDirectory(prefix="muehle-bench-") as folder:
        whole, first, second = slipped_file(games, folder)
        commands = {"jobs 1": [repair_command(whole, 1)], "jobs 2": [repair_command(whole, 2)],
                    "reference": [repair_command(first, 1), repair_command(second, 1)]}
        order = list(commands)
        for round_number in range(rounds):
            for name in (order if round_number % 2 == 0 else order[::-1]):
                runs[name].append(timed(commands[name]))
    return runs


def median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def jobs_report(runs: dict[str, list[Run]], games: int) -> list[str]:
    """The lines of the comparison: each run, then the ratios of the medians."""
    lines = []
    for name, done in runs.items():
        for number, run in enumerate(done, 1):
            lines.append(f"{name}, run {number}: wall {run.wall:.1f} s, CPU {run.cpu:.1f} s"
                         + ("" if run.ok else " (failed)"))
    one = runs["jobs 1"]
    two = runs["jobs 2"]
    same: Optional[bool] = all(run.outputs[0] == one[0].outputs[0] for run in one + two) if one and two else None
    wall = {name: median([run.wall for run in done]) for name, done in runs.items() if done}
    cpu = {name: median([run.cpu for run in done]) for name, done in runs.items() if done}
    if "jobs 1" in wall and "jobs 2" in wall:
        lines.append(f"{games} games: --jobs 1 wall {wall['jobs 1']:.1f} s CPU {cpu['jobs 1']:.1f} s, "
                     f"--jobs 2 wall {wall['jobs 2']:.1f} s CPU {cpu['jobs 2']:.1f} s (medians); "
                     f"speed-up {wall['jobs 1'] / wall['jobs 2']:.2f}x, CPU --jobs 2 / --jobs 1 "
                     f"{cpu['jobs 2'] / cpu['jobs 1']:.2f}; the same output: {'yes' if same else 'NO'}")
    if "reference" in wall and "jobs 1" in wall:
        lines.append(f"reference (two --jobs 1 side by side on the halves): wall {wall['reference']:.1f} s, "
                     f"CPU {cpu['reference']:.1f} s; the machine gave two processes "
                     f"{wall['jobs 1'] / wall['reference']:.2f}x, --jobs 2 reached "
                     f"{wall['reference'] / wall['jobs 2']:.2f} of that")
    return lines


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"{one:.1f} (1 min), {five:.1f} (5 min)"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--jobs-file-games", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, load average before {load()}", flush=True)
    games = long_games(args.games, 21)
    counts, times = rates(games, 1, 3)
    times.sort()
    print(f"one slip, {len(games)} games of 100 plies, each kind:\n{table(counts)}")
    print(f"CPU per game: median {times[len(times) // 2]:.3f} s, 95th percentile {times[int(len(times) * .95)]:.3f} s, "
          f"most {times[-1]:.3f} s", flush=True)
    counts, _ = rates(games[: max(args.games // 2, 1)], 2, 4)
    total = sum(counts.values(), Counter())
    cases = max(total["cases"], 1)
    print(f"two slips: {total['cases']} cases, "
          + ", ".join(f"{title} {total[key] / cases:.1%}" for title, key in COLUMNS), flush=True)
    if args.jobs_file_games:
        print(f"load average before the --jobs runs {load()}", flush=True)
        runs = jobs_runs(long_games(args.jobs_file_games, 33), args.rounds)
        print("\n".join(jobs_report(runs, args.jobs_file_games)))
    print(f"load average after {load()}")


if __name__ == "__main__":
    main()
