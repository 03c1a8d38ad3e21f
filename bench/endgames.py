"""Solve the endgame tables and print the figures: time, memory, counts, probe speed.

    python bench/endgames.py [--stones 4] [--rules wmd] [--dir DIR] [--check 300] [--reuse]

Builds every table up to ``--stones`` a side into ``--dir`` (default: a temporary
folder), timing each group of tables (wall and CPU seconds, the machine's load
average) and the process's peak memory; then, for each table, the classes and
positions, how many are won, lost and drawn for the side to move, and the longest
distance; checks ``--check`` sampled classes of each table against the values after
their plies (from the scalar ply generator, not the solver's); and times a probe and the
reading of the largest table from its file (its checks included).
With ``--reuse`` the tables already in ``--dir`` are not solved again (nor timed).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Optional

import numpy as np

from muehle.analyzer.endgames import index, store
from muehle.analyzer.endgames.build import build_tables
from muehle.analyzer.endgames.plies import endgame_plies
from muehle.analyzer.endgames.probe import Value, probe_masks, value_of
from muehle.analyzer.endgames.settings import endgame_rules
from muehle.analyzer.endgames.solver import groups
from muehle.analyzer.endgames.store import load_table
from muehle.analyzer.endgames.values import decode
from muehle.analyzer.engine.rules import load_ruleset


def peak_gb() -> float:
    """The process's peak resident memory so far, in GB (Linux reports kB, macOS bytes)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 1e9 if sys.platform == "darwin" else peak / 1e6


def expected(mover: int, other: int, rules, directory) -> Value:  # type: ignore[no-untyped-def]
    """The value the plies of a position give it (what the table must hold)."""
    after = []
    for ply in endgame_plies(mover, other, rules):
        after.append(Value("win", 1) if ply.wins_at_once else value_of(ply.mover, ply.other, rules, directory).after_ply())
    if not after:
        return Value("loss", 0)
    return min(after, key=Value.order)


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--stones", type=int, default=4)
    parser.add_argument("--rules", default="wmd")
    parser.add_argument("--dir", default=None)
    parser.add_argument("--check", type=int, default=300, help="classes checked per table")
    parser.add_argument("--reuse", action="store_true", help="keep the tables already in --dir")
    args = parser.parse_args(argv)
    rules = endgame_rules(load_ruleset(args.rules))
    directory = Path(args.dir) if args.dir else Path(tempfile.mkdtemp(prefix="muehle-endgames-"))
    print(f"settings {rules.name}, tables up to {args.stones} stones a side, in {directory}")
    print(f"machine: {os.cpu_count()} cores, load average before {os.getloadavg()[0]:.1f}")
    started, cpu_started = time.perf_counter(), time.process_time()
    group_start, cpu_group = started, cpu_started
    for path, seconds, built in build_tables(rules, args.stones, directory, force=not args.reuse):
        now, cpu = time.perf_counter(), time.process_time()
        if not built:
            print(f"  {path.name}: there already")
            continue
        print(f"  {path.name}: group solved in {seconds:.1f} s wall; since the last group "
              f"{now - group_start:.1f} s wall, {cpu - cpu_group:.1f} s CPU; peak {peak_gb():.2f} GB; "
              f"load {os.getloadavg()[0]:.1f}", flush=True)
        group_start, cpu_group = now, cpu
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    print(f"all tables: {wall:.1f} s wall, {cpu:.1f} s CPU, peak {peak_gb():.2f} GB, "
          f"load average after {os.getloadavg()[0]:.1f}")
    rng = random.Random(1)
    print("| table | classes | positions | won | lost | drawn | longest | checked |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for group in groups(args.stones):
        for table in group:
            keys, movers, others = index.classes(*table)
            codes = load_table(directory, rules, table)
            images = np.sort(np.stack([index.transform(s, movers).astype(np.int64) << 24 | index.transform(s, others)
                                       for s in range(16)], axis=1), axis=1)
            positions = int((1 + (np.diff(images, axis=1) != 0).sum(axis=1)).sum())
            del images
            distance = codes.astype(np.int32) - 1
            won = int(((codes > 0) & (distance % 2 == 1)).sum())
            drawn = int((codes == 0).sum())
            checked = 0
            for number in rng.sample(range(len(keys)), min(args.check, len(keys))):
                value = Value(*decode(int(codes[number])))
                assert value == expected(int(movers[number]), int(others[number]), rules, directory), (table, number)
                checked += 1
            print(f"| {table[0]}v{table[1]} | {len(keys):,} | {positions:,} | {won:,} | {len(keys) - won - drawn:,} "
                  f"| {drawn:,} | {int(distance.max())} | {checked} |")
    # probe speed, the tables loaded
    largest = max((table for group in groups(args.stones) for table in group), key=lambda t: t[0] + t[1])
    _, movers, others = index.classes(*largest)
    sample = rng.sample(range(len(movers)), 200)
    times, full = [], []
    for number in sample:
        tick = time.perf_counter()
        value_of(int(movers[number]), int(others[number]), rules, directory)
        times.append(time.perf_counter() - tick)
        tick = time.perf_counter()
        probe_masks(int(movers[number]), int(others[number]), rules, directory)
        full.append(time.perf_counter() - tick)
    print(f"probe of a {largest[0]}v{largest[1]} position, tables loaded: value {statistics.median(times) * 1e3:.3f} ms, "
          f"value and every ply {statistics.median(full) * 1e3:.3f} ms (medians of 200)")
    # reading the largest table from its file (header, length, size and checksum checked), its classes known
    loads = []
    for _ in range(20):
        store._load.cache_clear()
        tick = time.perf_counter()
        load_table(directory, rules, largest)
        loads.append(time.perf_counter() - tick)
    print(f"load of the {largest[0]}v{largest[1]} table, checked: {statistics.median(loads) * 1e3:.2f} ms (median of 20)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
