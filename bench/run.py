#!/usr/bin/env python3
"""The muehle benchmark: throughput against python-chess and a regex floor, start-up, memory.

    python bench/run.py            # the full run (a few minutes on two cores)
    python bench/run.py --quick    # a small run to see that everything works (~30 s)
    python bench/run.py --profile  # where parse and replay spend their time

Measured on one corpus of random legal games made by muehle's generator (cached in
``bench/out/``), in plies per second:

- floor: a bare ``re.finditer`` scan over the tokens of the corpus file (read and
  scanned :data:`FLOOR_PASSES` times in a round, which then takes about as long as the
  library's run);
- peer: python-chess's ``chess.pgn.read_game`` over random legal chess games with
  the same number of plies (it replays each move as it reads it);
- muehle: validation (parse, replay, draw bookkeeping) through the library and
  through the ``muehle validate`` command, with one process and with ``--jobs 2``;
  the library also on the same games with each Black ply that stands alone numbered
  as the book writes it (``17. - a7-a4`` instead of ``17... a7-a4``): the book's long
  form must be read as fast;
  the command also on a file of about 30 MB (the corpus's games over again), on
  which ``--jobs 2`` is compared with one process: on the corpus alone, the
  command's start-up (a fixed cost, measured on its own) is a sizeable part of a
  run that takes about a second;
- reference for ``--jobs 2``: two ``muehle validate`` processes started together,
  each on half of the jobs file: what the machine gives two processes at the time
  of the run (on a shared machine often less than twice one), printed next to the
  ``--jobs 2`` ratio.

Also the start-up of ``muehle validate`` on one short game against importing its
dependencies, and the peak memory of validating a 200 MB file against a 2 MB one; and
``muehle convert --to json`` (into ``/dev/null``): its plies per CPU second on the corpus,
and its peak memory on the 200 MB file against the 2 MB one (it writes the games as it
reads them); and the peak memory of the largest process of ``muehle validate --jobs 2``
(the main one or a worker) on the same two files.

Every round runs every contender once (the two of each ratio one right after the
other, which of them first changing from round to round), timed by the wall clock
and by the CPU time of the processes involved; throughputs are those of each contender's best round.
Ratios, not absolute times, are what count on a shared machine, and each ratio is
the median of the rounds' own ratios (two contenders timed one after the other meet
the machine at about the same speed; their best rounds may come from moments when
it ran at different speeds). The single-process contenders are compared by CPU time
(which other processes' load does not inflate), ``--jobs 2`` against one process by
the wall clock. The ratios of the best rounds are printed too. The figures are
printed and written to ``bench/out/results.json``, every round's times included.
The peer needs python-chess (``pip install 'muehle[bench]'``); without it that line
is skipped.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import gc
import hashlib
import json
import os
import platform
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable, Iterable, Optional

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus as corpora  # noqa: E402  (the sibling module, also when run from elsewhere)

OUT = Path(__file__).resolve().parent / "out"


@dataclasses.dataclass(frozen=True)
class Plan:
    """How big and how often: the full run and the quick one."""

    games: int
    repeats: int
    startup_runs: int
    small_bytes: int
    big_bytes: int
    memory_limit: float  # seconds after which the big file's run is stopped (0: none)
    jobs_bytes: int  # the size of the file --jobs 2 is compared with one process on
    scaling_bytes: int  # the size of the file of the scaling table (--jobs 1, 2, 4, ... and Dask)


FULL = Plan(games=4000, repeats=3, startup_runs=9, small_bytes=2_000_000, big_bytes=200_000_000,
            memory_limit=480, jobs_bytes=30_000_000, scaling_bytes=100_000_000)
QUICK = Plan(games=60, repeats=2, startup_runs=3, small_bytes=200_000, big_bytes=2_000_000,
             memory_limit=60, jobs_bytes=400_000, scaling_bytes=1_000_000)

#: The targets: name -> (what is compared, bound, "min" or "max").
TARGETS: dict[str, tuple[str, float, str]] = {
    "validate_vs_chess": ("library validate / python-chess (plies per CPU s)", 3.0, "min"),
    "floor_vs_validate": ("regex floor / library validate (plies per CPU s)", 5.0, "max"),
    "jobs2_vs_single": ("muehle validate --jobs 2 / single, on the jobs file (plies per s)", 1.7, "min"),
    "scaling_jobs2": ("muehle validate --jobs 2 / --jobs 1, scaling file, on 2+ cores (s / s)", 1.85, "min"),
    "efficiency_16": ("speed-up / jobs at --jobs 16, scaling file, on 16+ cores", 0.8, "min"),
    "dask_vs_jobs2": ("Dask LocalCluster of 2 workers / --jobs 2, scaling file (s / s)", 1.15, "max"),
    "memory_big_vs_small": ("peak RSS 200 MB file / 2 MB file", 1.5, "max"),
    "startup_vs_imports": ("one-game validate / import lark, click, yaml (s)", 2.0, "max"),
    "book_vs_dots": ("library validate, the same games: 17. - a7-a4 / 17... a7-a4 (CPU s)", 1.10, "max"),
    "convert_json_cpu": ("muehle convert --to json (plies per CPU s)", 100_000, "min"),
    "convert_memory_big_vs_small": ("peak RSS of convert --to json, 200 MB file / 2 MB file", 1.5, "max"),
    "jobs_memory_big_vs_small": ("peak RSS of validate --jobs 2's largest process, 200 MB file / 2 MB file",
                                 1.5, "max"),
}

#: Every token of a record, one match each: tags, comments, move numbers, plies with
#: their captures, annotations, NAGs, results, variation brackets.
FLOOR_TOKEN = re.compile(
    r'\[[^\]\n]*\]|\{[^}]*\}|;[^\n]*|\d+\.(?:\.\.)?|1-0|0-1|1/2-1/2|½-½|\*'
    r"|[a-g][1-7](?:-[a-g][1-7])?(?:/?x[a-g][1-7])*|\$\d+|[!?]{1,2}|-|[()]"
)


# -- what is timed ---------------------------------------------------------------


#: How many times the floor scans the corpus in a round: one scan takes about a fifth of
#: the library's run, and the shorter a run, the more a moment's speed of a shared
#: machine moves it (single scans of one run took 0.17 to 0.36 s).
FLOOR_PASSES = 5


def floor_scan(path: Path, passes: int = 1) -> int:
    """Read the file and find every token, ``passes`` times: the least any reader of the
    notation does. The tokens of one pass."""
    count = 0
    for _ in range(passes):
        text = path.read_text(encoding="utf-8")
        count = 0
        for _ in FLOOR_TOKEN.finditer(text):
            count += 1
    return count


def chess_replay(path: Path) -> int:
    """Read every game of a PGN file with python-chess (which replays each move); the games."""
    import chess.pgn

    count = 0
    with open(path, encoding="utf-8") as handle:
        while chess.pgn.read_game(handle) is not None:
            count += 1
    return count


def library_validate(path: Path, rules: str) -> int:
    """Validate a file through the library, as ``muehle validate`` does; the plies checked."""
    from muehle.analyzer.batch.validate import validate_file

    summary = validate_file(str(path), rules)
    if summary.invalid or summary.input_errors:
        raise RuntimeError(f"{path}: {summary.line()}; the corpus should be all legal games")
    return summary.plies


def muehle_command() -> list[str]:
    """The ``muehle`` command of this interpreter's environment."""
    script = Path(sys.executable).with_name("muehle")
    if script.exists():
        return [str(script)]
    found = shutil.which("muehle")
    if found:
        return [found]
    return [sys.executable, "-c", "import sys; from muehle.analyzer.cli import main; sys.exit(main())"]


def cpu_seconds() -> float:
    """CPU time (user and system) used so far by this process and its finished children."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def run_side_by_side(commands: list[list[str]]) -> list[tuple[bytes, int]]:
    """Start the commands together and wait for all; the standard output and exit status of each."""
    children = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for command in commands]
    done = []
    for command, child in zip(commands, children):
        out, err = child.communicate()
        if child.returncode not in (0, 1):
            raise RuntimeError(f"{' '.join(command)} failed ({child.returncode}):\n"
                               + err.decode(errors="replace")[-2000:])
        done.append((out, child.returncode))
    return done


def run_command(command: list[str]) -> tuple[float, bytes, int]:
    """Run a command; its wall time, standard output and exit status."""
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    seconds = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}):\n"
                           + done.stderr.decode(errors="replace")[-2000:])
    return seconds, done.stdout, done.returncode


#: Run in a child of its own: runs the command (stopping it after a time limit, if
#: one is given) and prints its exit status ("timeout" if stopped) and the peak
#: resident set size of the command in KiB, from getrusage(RUSAGE_CHILDREN).
RSS_PROBE = """\
import resource, subprocess, sys
limit = float(sys.argv[1])
child = subprocess.Popen(sys.argv[2:], stdout=subprocess.DEVNULL)
try:
    code = child.wait(timeout=limit or None)
except subprocess.TimeoutExpired:
    child.kill()
    child.wait()
    code = "timeout"
print(code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def peak_rss(command: list[str], limit: float = 0) -> tuple[int, float, Optional[int]]:
    """Peak RSS in KiB of ``command`` run in a fresh child, its wall time and exit status.

    With a ``limit`` in seconds the command is stopped then (status ``None``).
    """
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", RSS_PROBE, str(limit), *command],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - start
    code, rss = done.stdout.split()
    if code == "timeout":
        return int(rss), seconds, None
    if int(code) not in (0, 1):
        raise RuntimeError(f"{' '.join(command)} failed ({code}):\n{done.stderr[-2000:]}")
    return int(rss), seconds, int(code)


# -- the run ---------------------------------------------------------------------


def peak_memory(label: str, command: list[str], corpus: Any, out: Path, plan: Plan) -> dict[str, Any]:
    """Peak RSS of ``command`` on the small and the big file (the big one stopped after the plan's limit)."""
    say(f"memory, peak RSS of {label}:")
    memory: dict[str, Any] = {}
    for name, size in (("small", plan.small_bytes), ("big", plan.big_bytes)):
        path = corpora.sized_path(corpus, out, size)
        games, plies = corpora.sized_file(corpus, path, size)
        rss, elapsed, code = peak_rss([*command, str(path)], plan.memory_limit if name == "big" else 0)
        memory[name] = {"bytes": path.stat().st_size, "games": games, "plies": plies,
                        "rss_kib": rss, "seconds": elapsed, "exit_status": code,
                        "complete": code is not None}
        if code is None:
            say(f"  {path.stat().st_size / 1e6:>7.1f} MB, {plies:>11,} plies {rss / 1024:>8.1f} MiB"
                f"  (stopped after {elapsed:.0f} s, before the end of the file)")
        else:
            say(f"  {path.stat().st_size / 1e6:>7.1f} MB, {plies:>11,} plies {rss / 1024:>8.1f} MiB"
                f"  ({elapsed:.1f} s, {plies / elapsed:,.0f} plies/s)")
    return memory


def machine() -> dict[str, Any]:
    """What the numbers were measured on."""
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        model = platform.processor()
    versions = {}
    for name in ("muehle", "lark", "click", "PyYAML", "chess", "lark-cython"):
        try:
            from importlib.metadata import version

            versions[name] = version(name)
        except Exception:
            versions[name] = None
    return {
        "nproc": os.cpu_count(), "cpu": model, "python": platform.python_version(),
        "implementation": platform.python_implementation(), "platform": platform.platform(),
        "versions": versions,
    }


def ratio(name: str, value: Optional[float]) -> dict[str, Any]:
    what, bound, kind = TARGETS[name]
    met = None if value is None else (value >= bound if kind == "min" else value <= bound)
    return {"what": what, "value": value, "target": bound, "kind": kind, "met": met}


def figure(value: float, width: int = 0) -> str:
    """A ratio with two decimals, a rate (1,000 and more) as a whole number.

    >>> figure(1.234), figure(123456.7)
    ('1.23', '123,457')
    """
    return f"{value:{width},.0f}" if value >= 1000 else f"{value:{width}.2f}"


def divide(a: Optional[float], b: Optional[float]) -> Optional[float]:
    return None if a is None or not b else a / b


def paired_ratio(rounds: dict[str, list[list[float]]], plies: dict[str, int], a: str, b: str,
                 column: int) -> Optional[float]:
    """The median over the rounds of ``a``'s plies per second divided by ``b``'s in the same round.

    ``rounds`` holds ``[wall, CPU]`` seconds per round of each contender; ``column`` picks
    the wall clock (0) or CPU time (1). Two contenders timed one right after the other
    meet the machine at about the same speed, which on a shared machine changes from
    second to second: their ratio in a round is steadier than the ratio of their best
    rounds, which may come from different moments.

    >>> paired_ratio({"a": [[1, 1], [2, 2], [1, 1]], "b": [[2, 2], [2, 2], [4, 4]]},
    ...              {"a": 10, "b": 10}, "a", "b", 1)
    2.0
    """
    if a not in rounds or b not in rounds:
        return None
    values = [(plies[a] / first[column]) / (plies[b] / second[column])
              for first, second in zip(rounds[a], rounds[b]) if first[column] > 0 and second[column] > 0]
    return statistics.median(values) if values else None


#: The contenders in the order of a round: the two of each ratio next to each other (the
#: floor beside the library, the library beside python-chess, one process beside
#: ``--jobs 2``, which is beside the reference), so that they meet the machine at about
#: the same speed.
ROUND_ORDER = ("floor", "library", "chess", "library_book", "convert", "cli", "cli_jobs2", "cli_file", "cli_file_jobs2",
               "cli_halves")


def round_order(names: Iterable[str], number: int) -> list[str]:
    """The contenders ``names`` in the order of round ``number`` (from 0): :data:`ROUND_ORDER`,
    every other round backwards, so that a drift in the machine's speed during a round
    favours neither contender of a ratio.

    >>> [round_order(["chess", "library", "floor"], number) for number in (0, 1, 2)]
    [['floor', 'library', 'chess'], ['chess', 'library', 'floor'], ['floor', 'library', 'chess']]
    """
    ordered = sorted(names, key=ROUND_ORDER.index)
    return ordered if number % 2 == 0 else ordered[::-1]


def scaling_jobs(cores: int) -> list[int]:
    """``--jobs`` of the scaling table: 1, 2, 4, ... up to the machine's cores (and the cores themselves).

    >>> scaling_jobs(1), scaling_jobs(2), scaling_jobs(6), scaling_jobs(16)
    ([1, 2], [1, 2], [1, 2, 4, 6], [1, 2, 4, 8, 16])
    """
    jobs = [1]
    while jobs[-1] * 2 <= max(cores, 2):
        jobs.append(jobs[-1] * 2)
    if jobs[-1] < cores:
        jobs.append(cores)
    return jobs


def scaling(plan: Plan, corpus: corpora.Corpus, out: Path, validate: list[str]) -> dict[str, Any]:
    """The scaling table: ``muehle validate --jobs N`` for N = 1, 2, 4, ... up to the cores, on one
    file of :attr:`Plan.scaling_bytes`, and the same on a Dask ``LocalCluster`` of two worker
    processes (started before, as a cluster is in use: its start-up is not timed) against
    ``--jobs 2``, and two processes side by side, each on half the file (the reference: what
    the machine gives two processes at the time). Every round runs each once (the order
    turning from round to round); each speed-up is the median of the rounds' own ratios (one
    process's time in the round / N's)."""
    path = corpora.sized_path(corpus, out, plan.scaling_bytes)
    games, plies = corpora.sized_file(corpus, path, plan.scaling_bytes)
    cores = os.cpu_count() or 1
    jobs = scaling_jobs(cores)
    commands = {str(n): [*validate, "--jobs", str(n), str(path)] for n in jobs}
    # The reference for --jobs 2: two processes side by side, each on half the file (what the
    # machine gives two processes at the time; no cutting, no collecting of reports)
    half = corpora.sized_path(corpus, out, plan.scaling_bytes // 2)
    corpora.sized_file(corpus, half, plan.scaling_bytes // 2)
    references = {"halves": [[*validate, str(half)]] * 2} if cores >= 2 else {}
    say(f"scaling on a {path.stat().st_size / 1e6:.1f} MB file ({games:,} games), {cores} cores, "
        f"{rounds_text(plan.repeats)}:")
    cluster = client_address = None
    try:
        import logging

        from dask.distributed import LocalCluster
    except ImportError:
        say("  (Dask is not installed: pip install 'muehle[dask]'; its line is skipped)")
    else:
        import dask

        from muehle.analyzer.batch.dask_backend import CLUSTER_SETTINGS

        with dask.config.set(CLUSTER_SETTINGS):  # (what muehle's own local cluster and docs/performance.md use)
            # (no dashboard, the scheduler's HTTP server on a free port: 8787 may be another cluster's)
            cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                   dashboard_address=None, silence_logs=logging.CRITICAL,
                                   scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})
        client_address = cluster.scheduler_address
        commands["dask"] = [*validate, "--scheduler", client_address, str(path)]
    times: dict[str, list[float]] = {name: [] for name in [*commands, *references]}
    outputs: dict[str, bytes] = {}
    try:
        for number in range(plan.repeats):
            names = list(times)
            names = names[number % len(names):] + names[:number % len(names)]
            for name in names:
                if name in references:
                    start = time.perf_counter()
                    run_side_by_side(references[name])
                    times[name].append(time.perf_counter() - start)
                    continue
                seconds, output, _ = run_command(commands[name])
                times[name].append(seconds)
                outputs[name] = output
    finally:
        if cluster is not None:
            cluster.close()
    speedup = {name: statistics.median(a / b for a, b in zip(times["1"], times[name])) for name in times}
    efficiency = {str(n): speedup[str(n)] / n for n in jobs}
    identical = all(output == outputs["1"] for output in outputs.values())
    say(f"  {'jobs':>6} {'best s':>8} {'speed-up':>9} {'efficiency':>11}")
    for name in times:
        label = {"dask": "Dask 2", "halves": "halves"}.get(name, name)
        shown = f"{efficiency[name]:>10.0%}" if name in efficiency else f"{speedup[name] / 2:>10.0%}"
        say(f"  {label:>6} {min(times[name]):>8.2f} {speedup[name]:>8.2f}x {shown}")
    dask_vs_jobs2 = jobs2_of_reference = None
    if "dask" in times:
        dask_vs_jobs2 = statistics.median(a / b for a, b in zip(times["dask"], times["2"]))
        say(f"  (Dask / --jobs 2, by time: {dask_vs_jobs2:.2f})")
    if "halves" in times:
        jobs2_of_reference = statistics.median(a / b for a, b in zip(times["halves"], times["2"]))
        say(f"  (halves: two processes side by side, each on half the file; --jobs 2 reached "
            f"{jobs2_of_reference:.0%} of their speed-up)")
    if not identical:
        say("  WARNING: the reports differ between the runs of the scaling table")
    return {"path": str(path), "bytes": path.stat().st_size, "games": games, "plies": plies, "cores": cores,
            "jobs": jobs, "rounds_seconds": times,
            "speedup": {k: v for k, v in speedup.items() if k not in ("dask", "halves")},
            "efficiency": efficiency, "dask_vs_jobs2": dask_vs_jobs2, "dask_speedup": speedup.get("dask"),
            "halves_speedup": speedup.get("halves"), "jobs2_of_reference": jobs2_of_reference,
            "identical": identical}


def say(text: str = "") -> None:
    print(text, flush=True)


def run(plan: Plan, out: Path, seed: int, rules: str, quick: bool) -> dict[str, Any]:
    out.mkdir(parents=True, exist_ok=True)
    results: dict[str, Any] = {
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "mode": "quick" if quick else "full", "rounds": plan.repeats, "machine": machine(), "rules": rules, "seed": seed,
    }
    say(f"muehle benchmark ({results['mode']}), {results['date']}")
    say(f"machine: {results['machine']['nproc']} cores, {results['machine']['cpu']}, "
        f"Python {results['machine']['python']}")

    started = time.perf_counter()
    corpus = corpora.muehle_corpus(out, plan.games, seed, rules)
    results["corpus"] = corpus.summary()
    say(f"corpus: {corpus.games:,} games, {corpus.plies:,} plies, {corpus.size / 1e6:.2f} MB "
        f"({corpus.captures:,} captures, {corpus.double_captures:,} plies with two, "
        f"longest game {corpus.longest} plies)  [{time.perf_counter() - started:.1f} s]")

    # Every contender runs once per round, the rounds one after the other, so that a
    # change in the machine's load falls on all of them alike; each keeps its best time.
    # The contenders of a ratio run one right after the other (see ROUND_ORDER).
    contenders: dict[str, tuple[str, Callable[[], Any]]] = {
        "floor": (f"floor: re.finditer token scan ({FLOOR_PASSES} passes a round)",
                  lambda: floor_scan(corpus.path, FLOOR_PASSES)),
    }
    validate = [*muehle_command(), "validate", "--rules", rules]
    contenders["library"] = ("muehle: library validate", lambda: library_validate(corpus.path, rules))
    book_file, book_numbers = corpora.book_form_file(corpus, out)
    results["book_file"] = {"path": str(book_file), "bytes": book_file.stat().st_size, "book_numbers": book_numbers}
    contenders["library_book"] = ("muehle: library validate, the book's 17. - a7-a4",
                                  lambda: library_validate(book_file, rules))
    try:
        import chess  # noqa: F401
    except ImportError:
        pgn = None
        results["chess"] = None
    else:
        pgn, chess_games, chess_plies = corpora.chess_corpus(out, corpus.lengths, seed)
        assert chess_plies == corpus.plies, (chess_plies, corpus.plies)
        results["chess"] = {"path": str(pgn), "games": chess_games, "plies": chess_plies,
                            "size": pgn.stat().st_size}
        contenders["chess"] = (f"peer: python-chess read_game ({chess_games:,} games)",
                               lambda: chess_replay(pgn))
    contenders["cli"] = ("muehle: muehle validate", lambda: run_command([*validate, str(corpus.path)])[1:])
    convert = [*muehle_command(), "convert", "--to", "json", "-o", os.devnull]
    contenders["convert"] = ("muehle: muehle convert --to json", lambda: run_command([*convert, str(corpus.path)])[1:])
    contenders["cli_jobs2"] = ("muehle: muehle validate --jobs 2",
                               lambda: run_command([*validate, "--jobs", "2", str(corpus.path)])[1:])
    jobs_file = corpora.sized_path(corpus, out, plan.jobs_bytes)
    jobs_games, jobs_plies = corpora.sized_file(corpus, jobs_file, plan.jobs_bytes)
    results["jobs_file"] = {"path": str(jobs_file), "bytes": jobs_file.stat().st_size, "games": jobs_games,
                            "plies": jobs_plies}
    size = f"{jobs_file.stat().st_size / 1e6:.1f} MB jobs file"
    contenders["cli_file"] = (f"muehle: muehle validate, {size}", lambda: run_command([*validate, str(jobs_file)])[1:])
    contenders["cli_file_jobs2"] = (f"muehle: muehle validate --jobs 2, {size}",
                                    lambda: run_command([*validate, "--jobs", "2", str(jobs_file)])[1:])
    # The reference for --jobs 2: one process on each half of the jobs file, both at
    # once. It is what this machine gives two processes right now (--jobs 2 can at most
    # match it: the same work, cut perfectly in two, each half with its own start-up).
    half_file = corpora.sized_path(corpus, out, plan.jobs_bytes // 2)
    half_games, half_plies = corpora.sized_file(corpus, half_file, plan.jobs_bytes // 2)
    results["half_file"] = {"path": str(half_file), "bytes": half_file.stat().st_size, "games": half_games,
                            "plies": half_plies}
    contenders["cli_halves"] = ("reference: muehle validate on each half, side by side",
                                lambda: run_side_by_side([[*validate, str(half_file)]] * 2))
    best = {name: float("inf") for name in contenders}
    best_cpu = dict(best)
    every_round: dict[str, list[list[float]]] = {name: [] for name in contenders}  # [wall, CPU] per round
    values: dict[str, Any] = {}
    say(f"throughput, best of {rounds_text(plan.repeats)} (wall clock; CPU time of all processes):")
    for number in range(plan.repeats):
        for name in round_order(contenders, number):
            work = contenders[name][1]
            gc.collect()
            start, start_cpu = time.perf_counter(), cpu_seconds()
            values[name] = work()
            wall, cpu = time.perf_counter() - start, cpu_seconds() - start_cpu
            every_round[name].append([wall, cpu])
            best[name] = min(best[name], wall)
            best_cpu[name] = min(best_cpu[name], cpu)
    results["floor_tokens"] = values["floor"]
    results["floor_passes"] = FLOOR_PASSES  # (its times are those of all passes)
    if pgn is not None and values["chess"] != results["chess"]["games"]:
        raise RuntimeError(f"python-chess read {values['chess']} games of {results['chess']['games']}")
    for name in ("library", "library_book"):
        if values[name] != corpus.plies:
            raise RuntimeError(f"the library checked {values[name]} plies of {corpus.plies}")
    rates: dict[str, Optional[float]] = {}
    cpu_rates: dict[str, Optional[float]] = {}
    seconds: dict[str, Optional[float]] = {}
    plies_of = {name: corpus.plies for name in contenders}
    plies_of.update(floor=FLOOR_PASSES * corpus.plies, cli_file=jobs_plies, cli_file_jobs2=jobs_plies,
                    cli_halves=2 * half_plies)
    for name in ("floor", "chess", "library", "library_book", "cli", "convert", "cli_jobs2", "cli_file", "cli_file_jobs2",
                 "cli_halves"):
        if name not in contenders:
            say("  peer: python-chess is not installed (pip install 'muehle[bench]')")
            rates[name] = cpu_rates[name] = seconds[name] = None
            continue
        plies = plies_of[name]
        seconds[name] = best[name]
        rates[name] = plies / best[name]
        cpu_rates[name] = plies / best_cpu[name] if best_cpu[name] > 0 else None
        say(f"  {contenders[name][0]:<52} {rates[name]:>12,.0f} plies/s  ({best[name]:.2f} s; "
            f"CPU {best_cpu[name]:.2f} s)")
    results["cli_exit_status"] = values["cli"][1]
    results["jobs2_output_identical"] = (values["cli"] == values["cli_jobs2"]
                                         and values["cli_file"] == values["cli_file_jobs2"])
    results["cli_output_sha256"] = hashlib.sha256(values["cli"][0]).hexdigest()
    if not results["jobs2_output_identical"]:
        say("  WARNING: --jobs 2 printed a different report than one process")
    results["throughput"] = rates
    results["throughput_cpu"] = cpu_rates
    results["seconds"] = seconds
    results["rounds_seconds"] = every_round  # how much the rounds differ on this machine

    say(f"start-up, median of {plan.startup_runs}:")
    one_game = out / "one-game.txt"
    results["one_game_plies"] = corpora.shortest_game(corpus, one_game)
    imports = [sys.executable, "-c", "import lark, click, yaml"]
    times: dict[str, list[float]] = {"validate": [], "imports": []}
    for _ in range(plan.startup_runs):  # interleaved, so that drift hits both alike
        times["validate"].append(run_command([*validate, str(one_game)])[0])
        times["imports"].append(run_command(imports)[0])
    startup = {name: statistics.median(values) for name, values in times.items()}
    results["startup"] = startup
    labels = {"validate": f"muehle validate, one game ({results['one_game_plies']} plies)",
              "imports": 'python -c "import lark, click, yaml"'}
    for name, label in labels.items():
        say(f"  {label:<40} {startup[name] * 1000:>8.0f} ms")

    results["scaling"] = scaling(plan, corpus, out, validate)

    memory = peak_memory("muehle validate", validate, corpus, out, plan)
    results["memory"] = memory
    convert_memory = peak_memory("muehle convert --to json", convert, corpus, out, plan)
    results["convert_memory"] = convert_memory
    # (getrusage's children's peak is that of the largest process of the tree: the main one or a worker)
    jobs_memory = peak_memory("muehle validate --jobs 2, its largest process", [*validate, "--jobs", "2"],
                              corpus, out, plan)
    results["jobs_memory"] = jobs_memory

    def paired(a: str, b: str, column: int) -> Optional[float]:
        return paired_ratio(every_round, plies_of, a, b, column)

    ratios = {
        # Each the median of the rounds' own ratios (see paired_ratio). Single-process
        # contenders are compared by CPU time, which the load of other processes on a
        # shared machine does not inflate; --jobs by the wall clock.
        "validate_vs_chess": ratio("validate_vs_chess", paired("library", "chess", 1)),
        "floor_vs_validate": ratio("floor_vs_validate", paired("floor", "library", 1)),
        "jobs2_vs_single": ratio("jobs2_vs_single", paired("cli_file_jobs2", "cli_file", 0)),
        "scaling_jobs2": ratio("scaling_jobs2",
                               results["scaling"]["speedup"]["2"] if results["scaling"]["cores"] >= 2 else None),
        "efficiency_16": ratio("efficiency_16", results["scaling"]["efficiency"].get("16")),
        "dask_vs_jobs2": ratio("dask_vs_jobs2", results["scaling"]["dask_vs_jobs2"]),
        "memory_big_vs_small": ratio("memory_big_vs_small",
                                     divide(memory["big"]["rss_kib"], memory["small"]["rss_kib"])),
        "startup_vs_imports": ratio("startup_vs_imports",
                                    divide(startup["validate"], startup["imports"])),
        # (the same plies: the time of the long form over that of "17...")
        "book_vs_dots": ratio("book_vs_dots", paired("library", "library_book", 1)),
        "convert_json_cpu": ratio("convert_json_cpu", cpu_rates["convert"]),
        "convert_memory_big_vs_small": ratio("convert_memory_big_vs_small",
                                             divide(convert_memory["big"]["rss_kib"],
                                                    convert_memory["small"]["rss_kib"])),
        "jobs_memory_big_vs_small": ratio("jobs_memory_big_vs_small",
                                          divide(jobs_memory["big"]["rss_kib"], jobs_memory["small"]["rss_kib"])),
    }
    results["ratios"] = ratios
    results["info"] = {
        # the same ratios from each contender's best round, for comparison
        "validate_vs_chess_best": divide(cpu_rates["library"], cpu_rates["chess"]),
        "floor_vs_validate_best": divide(cpu_rates["floor"], cpu_rates["library"]),
        "book_vs_dots_best": divide(cpu_rates["library"], cpu_rates["library_book"]),
        "jobs2_vs_single_best": divide(rates["cli_file_jobs2"], rates["cli_file"]),
        "validate_vs_chess_wall": divide(rates["library"], rates["chess"]),
        "floor_vs_validate_wall": divide(rates["floor"], rates["library"]),
        "cli_vs_chess_cpu": divide(cpu_rates["cli"], cpu_rates["chess"]),
        "floor_vs_cli_cpu": divide(cpu_rates["floor"], cpu_rates["cli"]),
        "jobs2_vs_single_corpus": divide(rates["cli_jobs2"], rates["cli"]),
        # what two processes got side by side, and how much of it --jobs 2 reached
        "halves_vs_single": paired("cli_halves", "cli_file", 0),
        "jobs2_vs_halves": paired("cli_file_jobs2", "cli_halves", 0),
    }
    say(f"targets (each ratio the median of the {rounds_text(plan.repeats)}' own ratios):")
    for values in ratios.values():
        bound = f"{'>=' if values['kind'] == 'min' else '<='} {values['target']:g}"
        shown = "  n/a" if values["value"] is None else figure(values["value"], 5)
        verdict = {True: "met", False: "MISSED", None: "not measured"}[values["met"]]
        say(f"  {values['what']:<52} {shown}  ({bound})  {verdict}")
    info = results["info"]
    say("  (from each contender's best round instead: "
        + ", ".join(f"{name} {info[name + '_best']:.2f}" for name in ratios if info.get(name + "_best") is not None)
        + ")")
    corpus_jobs = info["jobs2_vs_single_corpus"]
    if corpus_jobs is not None:
        say(f"  (on the corpus alone, start-up included: --jobs 2 / single {corpus_jobs:.2f})")
    if info["halves_vs_single"] is not None and info["jobs2_vs_halves"] is not None:
        say(f"  (two processes side by side, each on half the jobs file / single: "
            f"{info['halves_vs_single']:.2f}; --jobs 2 reached {info['jobs2_vs_halves']:.0%} of it)")
    for command, measured in (("validate", memory), ("convert", convert_memory), ("validate --jobs 2", jobs_memory)):
        if not measured["big"]["complete"]:
            say(f"  (the big file's run of {command} was stopped before its end: its peak memory is that of the "
                "part read)")
    if quick:
        say(f"  (quick mode: the memory files are {plan.small_bytes / 1e6:g} MB and "
            f"{plan.big_bytes / 1e6:g} MB, and the figures are too small to judge by)")
    results["total_seconds"] = time.perf_counter() - started
    return results


def profile(out: Path, plan: Plan, seed: int, rules: str, top: int) -> None:
    """Profile library validation of the corpus with cProfile; print the hot spots."""
    import cProfile
    import pstats

    corpus = corpora.muehle_corpus(out, plan.games, seed, rules)
    library_validate(corpus.path, rules)  # warm: caches, imports
    profiler = cProfile.Profile()
    profiler.enable()
    library_validate(corpus.path, rules)
    profiler.disable()
    target = out / "validate.prof"
    profiler.dump_stats(target)
    stats = pstats.Stats(profiler)
    for key in ("tottime", "cumulative"):
        print(f"--- by {key} ({corpus.plies:,} plies; saved to {target}) ---")
        stats.sort_stats(key).print_stats(top)


def rounds_text(rounds: int) -> str:
    """``3 rounds``, ``1 round``."""
    return f"{rounds} round{'' if rounds == 1 else 's'}"


def rounds_option(results: dict[str, Any]) -> str:
    """`` --rounds N`` when a run did not use its mode's default number of rounds."""
    default = (QUICK if results["mode"] == "quick" else FULL).repeats
    rounds = results.get("rounds", default)
    return "" if rounds == default else f" --rounds {rounds}"


def jobs_file_lines(jobs_file: Optional[dict[str, Any]]) -> list[str]:
    """The Markdown line on the jobs file (none for results of a run before it was measured)."""
    if not jobs_file:
        return []
    return [f"Jobs file (for `--jobs 2` against one process): {jobs_file['bytes'] / 1e6:.1f} MB, "
            f"{jobs_file['games']:,} games, {jobs_file['plies']:,} plies (the corpus's games over again).", ""]


def book_file_lines(book_file: Optional[dict[str, Any]]) -> list[str]:
    """The Markdown line on the corpus in the book's long form (none for results of a run before it was measured)."""
    if not book_file:
        return []
    return [f"The corpus in the book's long form: the same games, {book_file['book_numbers']:,} Black plies "
            "standing alone numbered `17. - a7-a4` instead of `17... a7-a4`.", ""]


def scaling_lines(scaling: Optional[dict[str, Any]]) -> list[str]:
    """The Markdown scaling table (none for results of a run before it was measured)."""
    if not scaling:
        return []
    lines = ["", f"Scaling file: {scaling['bytes'] / 1e6:.1f} MB, {scaling['games']:,} games, "
                 f"{scaling['plies']:,} plies; {scaling['cores']} cores. Speed-up: the median of the rounds' "
                 "own ratios (time of `--jobs 1` / time).", "",
             "| `muehle validate` | best time | speed-up | efficiency |", "|---|---:|---:|---:|"]
    for n in scaling["jobs"]:
        key = str(n)
        lines.append(f"| `--jobs {n}` | {min(scaling['rounds_seconds'][key]):.2f} s | "
                     f"{scaling['speedup'][key]:.2f} | {scaling['efficiency'][key]:.0%} |")
    if scaling.get("dask_speedup") is not None:
        lines.append(f"| `--scheduler` (LocalCluster, 2 workers) | {min(scaling['rounds_seconds']['dask']):.2f} s | "
                     f"{scaling['dask_speedup']:.2f} | {scaling['dask_speedup'] / 2:.0%} |")
    if scaling.get("halves_speedup") is not None:
        lines.append(f"| reference: two processes side by side, each on half the file | "
                     f"{min(scaling['rounds_seconds']['halves']):.2f} s | {scaling['halves_speedup']:.2f} | "
                     f"{scaling['halves_speedup'] / 2:.0%} |")
        lines += ["", f"`--jobs 2` reached {scaling['jobs2_of_reference']:.0%} of the reference's speed-up (the "
                      "median of the rounds' own ratios): what the machine gave two independent processes at "
                      "the time bounds what any program reaches on it."]
    return lines


def markdown(results: dict[str, Any]) -> str:
    """The results as the Markdown kept in ``bench/RESULTS.md``."""
    machine = results["machine"]
    versions = ", ".join(f"{name} {version}" for name, version in machine["versions"].items() if version)
    corpus = results["corpus"]
    info = results.get("info", {})
    paired_ratios = "floor_vs_validate_best" in info  # (runs before it compared the best rounds)
    lines = [
        f"Run of {results['date']}: `python bench/run.py{' --quick' if results['mode'] == 'quick' else ''}"
        f"{rounds_option(results)}`; throughputs are the best of {rounds_text(results.get('rounds', 3))}"
        + ("; each ratio is the median of the rounds' own ratios." if paired_ratios else "."),
        "",
        f"Machine: {machine['nproc']} cores, {machine['cpu']}, {machine['implementation']} "
        f"{machine['python']}, {machine['platform']}; {versions}.",
        "",
        f"Corpus: {corpus['games']:,} games, {corpus['plies']:,} plies, {corpus['size'] / 1e6:.2f} MB "
        f"({corpus['captures']:,} captures, {corpus['double_captures']} plies capturing two, "
        f"{corpus['annotated']:,} annotated plies, {corpus['commented']:,} commented, "
        f"{corpus['variations']} variations; longest game {corpus['longest']} plies).",
        "",
        *jobs_file_lines(results.get("jobs_file")),
        *book_file_lines(results.get("book_file")),
        "| contender | plies/s (wall) | plies per CPU s |",
        "|---|---:|---:|",
    ]
    passes = results.get("floor_passes", 1)
    floor = "floor: `re.finditer` token scan" + (f" ({passes} passes a round)" if passes > 1 else "")
    labels = {"floor": floor, "chess": "peer: python-chess `read_game`",
              "library": "muehle: library validate", "cli": "muehle: `muehle validate`",
              "library_book": "muehle: library validate, the same games written `17. - a7-a4`",
              "convert": "muehle: `muehle convert --to json`",
              "cli_jobs2": "muehle: `muehle validate --jobs 2`",
              "cli_file": "muehle: `muehle validate`, jobs file",
              "cli_file_jobs2": "muehle: `muehle validate --jobs 2`, jobs file",
              "cli_halves": "reference: `muehle validate` on each half of the jobs file, side by side"}
    for name, label in labels.items():
        if name not in results["throughput"]:
            continue  # (a run from before this contender was measured)
        wall, cpu = results["throughput"].get(name), results["throughput_cpu"].get(name)
        shown = [f"{value:,.0f}" if value else "n/a" for value in (wall, cpu)]
        lines.append(f"| {label} | {shown[0]} | {shown[1]} |")
    startup, memory = results["startup"], results["memory"]
    lines += [
        "",
        f"Start-up (median): `muehle validate` on one game of {results['one_game_plies']} plies "
        f"{startup['validate'] * 1000:.0f} ms; `python -c \"import lark, click, yaml\"` "
        f"{startup['imports'] * 1000:.0f} ms.",
        *memory_lines("`muehle validate`", memory),
        *memory_lines("`muehle convert --to json`", results.get("convert_memory")),
        *memory_lines("the largest process of `muehle validate --jobs 2`", results.get("jobs_memory")),
        "",
        "| ratio | value | target | | best rounds |" if paired_ratios else "| ratio | value | target | |",
        "|---|---:|---:|---|---:|" if paired_ratios else "|---|---:|---:|---|",
    ]
    for name, values in results["ratios"].items():
        bound = f"{'≥' if values['kind'] == 'min' else '≤'} {values['target']:g}"
        shown = "n/a" if values["value"] is None else figure(values["value"])
        verdict = {True: "met", False: "missed", None: "not measured"}[values["met"]]
        row = f"| {values['what']} | {shown} | {bound} | {verdict} |"
        if paired_ratios:
            best = info.get(f"{name}_best")
            row += f" {best:.2f} |" if best is not None else " |"
        lines.append(row)
    lines += scaling_lines(results.get("scaling"))
    corpus_jobs = info.get("jobs2_vs_single_corpus")
    if corpus_jobs is not None:
        lines += ["", f"On the corpus alone (start-up included), `--jobs 2` / one process: {corpus_jobs:.2f}."]
    halves = info.get("halves_vs_single")
    if halves is not None and info.get("jobs2_vs_halves") is not None:
        lines += ["", f"Reference for `--jobs 2`: two `muehle validate` processes side by side, each on half "
                      f"the jobs file, / one process on all of it: {halves:.2f}; `--jobs 2` reached "
                      f"{info['jobs2_vs_halves']:.0%} of that."]
    return "\n".join(lines) + "\n"


def memory_lines(label: str, memory: Optional[dict[str, Any]]) -> list[str]:
    """The line on the peak memory of a command (none for a run from before it was measured)."""
    if not memory:
        return []
    return ["", f"Peak RSS of {label}: " + "; ".join(
        f"{m['bytes'] / 1e6:.3g} MB file ({m['plies']:,} plies) {m['rss_kib'] / 1024:.1f} MiB"
        + ("" if m["complete"] else f", stopped after {m['seconds']:.0f} s")
        for m in (memory["small"], memory["big"])) + "."]


def positive(text: str) -> int:
    """An argument that must be a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def main(argv: Optional[list[str]] = None) -> int:
    # The commands run with their bytecode, as an installed package has it: an environment that
    # forbids writing it (PYTHONDONTWRITEBYTECODE) would make every start compile each module again,
    # and start-up would measure the source's length instead of what a user waits for.
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a small run that shows the benchmark works")
    parser.add_argument("--profile", action="store_true", help="profile library validation instead")
    parser.add_argument("--games", type=int, help="games in the corpus (default 4000, quick 60)")
    parser.add_argument("--seed", type=int, default=2019, help="seed of the corpus (default 2019)")
    parser.add_argument("--rounds", type=positive, metavar="N",
                        help="rounds of the throughput measurement (default 3, quick 2); more "
                             "rounds give steadier figures on a busy machine")
    parser.add_argument("--rules", default="wmd", help="ruleset to generate and validate under")
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the corpus and results")
    parser.add_argument("--memory", type=float, nargs=2, metavar=("SMALL", "BIG"),
                        help="sizes in MB of the two files of the memory test (default 2 200)")
    parser.add_argument("--memory-limit", type=float, metavar="SECONDS",
                        help="stop the big file's run after this long (default 480; 0: never)")
    parser.add_argument("--scaling", action="store_true",
                        help="only the scaling table (--jobs 1, 2, 4, ... and Dask; written to scaling.json)")
    parser.add_argument("--check", action="store_true", help="exit with status 1 if a target is missed")
    parser.add_argument("--markdown", type=Path, metavar="RESULTS_JSON",
                        help="only print the Markdown summary of an earlier run's results.json")
    args = parser.parse_args(argv)

    plan = QUICK if args.quick else FULL
    if args.games:
        plan = dataclasses.replace(plan, games=args.games)
    if args.rounds:
        plan = dataclasses.replace(plan, repeats=args.rounds)
    if args.memory:
        small, big = (int(size * 1e6) for size in args.memory)
        plan = dataclasses.replace(plan, small_bytes=small, big_bytes=big)
    if args.memory_limit is not None:
        plan = dataclasses.replace(plan, memory_limit=args.memory_limit)
    if args.markdown:
        print(markdown(json.loads(args.markdown.read_text(encoding="utf-8"))), end="")
        return 0
    if args.profile:
        profile(args.out, plan, args.seed, args.rules, top=30)
        return 0
    if args.scaling:
        args.out.mkdir(parents=True, exist_ok=True)
        corpus = corpora.muehle_corpus(args.out, plan.games, args.seed, args.rules)
        table = scaling(plan, corpus, args.out, [*muehle_command(), "validate", "--rules", args.rules])
        table.update(date=datetime.datetime.now().astimezone().isoformat(timespec="seconds"), machine=machine())
        (args.out / "scaling.json").write_text(json.dumps(table, indent=2) + "\n", encoding="utf-8")
        print("\n".join(scaling_lines(table)))
        return 0
    results = run(plan, args.out, args.seed, args.rules, args.quick)
    target = args.out / "results.json"
    target.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    (args.out / "results.md").write_text(markdown(results), encoding="utf-8")
    say(f"written: {target} and results.md  [{results['total_seconds']:.0f} s]")
    missed = [name for name, values in results["ratios"].items() if values["met"] is False]
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())
