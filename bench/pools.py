"""muehle's worker pool against ``concurrent.futures.ProcessPoolExecutor`` on the same ranges.

    python bench/pools.py FILE [--jobs 2] [--rounds 3]
    python bench/pools.py FILE --start-methods [--jobs 2] [--rounds 3]

``--jobs N`` runs its ranges in :class:`muehle.analyzer.batch.pool.Pool`, written by
hand; this measures what the standard library's pool would give instead, with the
same tasks (the ranges of ``FILE`` as ``muehle validate --jobs N`` cuts them, judged
by :func:`~muehle.analyzer.batch.validate.judge_range` in forked workers that
inherit a built reader):

- **throughput**: the seconds to judge every range, in order, each pool in turn
  (``ProcessPoolExecutor.map`` hands out every task at once; the reports come back
  in order in both);
- **stop**: the seconds from the moment a run is abandoned (as Ctrl-C abandons it)
  while the workers judge ranges of :data:`~muehle.analyzer.batch.validate.RANGE_BYTES`
  until every worker has ended: ``Pool.terminate`` kills them; the executor can only
  ``shutdown(cancel_futures=True)`` and wait for the ranges under way (killing its
  workers needs Python 3.14);
- **a dead worker**: what each says when a worker is killed (SIGKILL, as the
  system's out-of-memory killer does) in the middle of a run (the executor is given
  20 s to notice).

``--start-methods`` measures instead what the way muehle's pool starts its workers costs
(:func:`muehle.analyzer.batch.pool.start_method`: forked from a process without other
threads, else by a fork server): for ``fork``, ``forkserver`` and ``spawn`` in turn, each
in a fresh process (so that a fork server is started as a command would start it), the
seconds from starting the pool until every worker has answered a trivial task (the workers
started, muehle imported and the reader built in them), and until every range is judged.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import signal
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from pathlib import Path
from typing import Callable, Optional

from muehle.analyzer.batch import validate
from muehle.analyzer.batch.pool import TASKS_AHEAD, Pool
from muehle.analyzer.batch.ranges import file_ranges, range_size
from muehle.notation.text.errors import MuehleError

#: What the two pools are asked to run: the ranges of a file, judged under its records' rules.
Tasks = list[validate.Task]


def tasks_of(path: Path, jobs: int, largest: int = validate.RANGE_BYTES) -> Tasks:
    """The ranges of ``path`` as ``muehle validate --jobs`` cuts them (at most ``largest`` bytes)."""
    def size_for(left: int) -> int:
        return range_size(left, jobs, validate.MIN_RANGE_BYTES, largest, validate.RANGES_PER_JOB)

    with open(path, "rb") as handle:
        return [(piece, validate.Judging()) for piece in file_ranges(handle, str(path), str(path), size_for)]


def executor(jobs: int) -> ProcessPoolExecutor:
    """The standard library's pool, its workers forked after the reader is built (as muehle's are)."""
    validate._warm_up()
    return ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork"))


def games_by_pool(tasks: Tasks, jobs: int) -> int:
    with Pool(jobs, validate._warm_up) as pool:
        return sum(len(reports) for reports, _ in pool.map(validate.judge_range, tasks, "bench"))


def games_by_executor(tasks: Tasks, jobs: int) -> int:
    with executor(jobs) as workers:
        return sum(len(reports) for reports, _ in workers.map(validate.judge_range, tasks))


def throughput(tasks: Tasks, jobs: int, rounds: int) -> dict[str, list[float]]:
    """Seconds to judge every range with each pool, ``rounds`` times (the order turning)."""
    runs: dict[str, Callable[[Tasks, int], int]] = {"Pool": games_by_pool, "ProcessPoolExecutor": games_by_executor}
    times: dict[str, list[float]] = {name: [] for name in runs}
    counts = set()
    for number in range(rounds):
        for name in (list(runs) if number % 2 == 0 else list(runs)[::-1]):
            start = time.perf_counter()
            counts.add(runs[name](tasks, jobs))
            times[name].append(time.perf_counter() - start)
    assert len(counts) == 1, counts  # (both judged the same games)
    return times


def stop_by_pool(tasks: Tasks, jobs: int, after: float) -> float:
    pool = Pool(jobs, validate._warm_up)
    results = pool.map(validate.judge_range, tasks, "bench")
    next(results)
    time.sleep(after)
    start = time.perf_counter()
    pool.terminate()
    return time.perf_counter() - start


def stop_by_executor(tasks: Tasks, jobs: int, after: float) -> float:
    workers = executor(jobs)
    results = workers.map(validate.judge_range, tasks)
    next(results)
    time.sleep(after)
    start = time.perf_counter()
    workers.shutdown(wait=True, cancel_futures=True)
    return time.perf_counter() - start


def dead_worker_by_pool(tasks: Tasks, jobs: int) -> str:
    with Pool(jobs, validate._warm_up) as pool:
        results = pool.map(validate.judge_range, tasks, "games.txt")
        next(results)
        os.kill(pool.workers[0][0].pid, signal.SIGKILL)
        try:
            for _ in results:
                pass
        except MuehleError as error:
            return str(error)
    return "(no error)"


def dead_worker_by_executor(tasks: Tasks, jobs: int, patience: float = 20) -> str:
    """What the executor says, or that it said nothing for ``patience`` seconds (it can miss
    the death of a worker and wait for ever: its workers are then killed here)."""
    workers = executor(jobs)
    futures = [workers.submit(validate.judge_range, task) for task in tasks]
    futures[0].result()
    processes = list(workers._processes.values())  # (no public way to its workers)
    os.kill(processes[0].pid, signal.SIGKILL)
    try:
        for future in futures:
            future.result(timeout=patience)
    except FutureTimeout:
        for process in processes:
            process.kill()
        workers.shutdown(wait=False, cancel_futures=True)
        return f"(no answer {patience:g} s after the worker was killed: the run waits for ever)"
    except Exception as error:
        workers.shutdown(wait=True, cancel_futures=True)
        return f"{type(error).__name__}: {error}"
    workers.shutdown()
    return "(no error)"


def timed_by_method(tasks: Tasks, jobs: int, method: str) -> tuple[float, float, int]:
    """Seconds from starting a pool by ``method`` until every worker has answered a first task (a
    trivial one: the workers started, and warmed up) and until every range is judged; and the
    games judged."""
    start = time.perf_counter()
    with Pool(jobs, validate._warm_up, method) as pool:
        assert pool.method == method
        # (each worker is given TASKS_AHEAD tasks: all of them answer)
        assert list(pool.map(abs, range(jobs * TASKS_AHEAD), "bench")) == list(range(jobs * TASKS_AHEAD))
        ready = time.perf_counter() - start
        games = sum(len(reports) for reports, _ in pool.map(validate.judge_range, tasks, "bench"))
    return ready, time.perf_counter() - start, games


def start_methods(path: Path, jobs: int, rounds: int) -> int:
    """Each start method in a fresh process of its own, ``rounds`` times (the order turning)."""
    methods = [method for method in ("fork", "forkserver", "spawn") if method in multiprocessing.get_all_start_methods()]
    times: dict[str, list[tuple[float, float]]] = {method: [] for method in methods}
    counts = set()
    for number in range(rounds):
        for method in (methods if number % 2 == 0 else methods[::-1]):
            done = subprocess.run([sys.executable, __file__, str(path), "--jobs", str(jobs), "--one-method", method],
                                  capture_output=True, text=True, timeout=600, check=True)
            ready, total, games = json.loads(done.stdout)
            times[method].append((ready, total))
            counts.add(games)
    assert len(counts) == 1, counts  # (every method judged the same games)
    print(f"start methods (seconds from starting the pool, in a fresh process, until every worker has "
          f"answered / until every range is judged; median of {rounds} rounds, best in brackets):")
    for method, seconds in times.items():
        readies, totals = [ready for ready, _ in seconds], [total for _, total in seconds]
        print(f"  {method:<12} ready {statistics.median(readies):6.3f} s ({min(readies):.3f})"
              f"   all {statistics.median(totals):7.3f} s ({min(totals):.3f})")
    return 0


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path, help="a file of records (the benchmark's jobs file, say)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--start-methods", action="store_true",
                        help="measure the start methods of muehle's pool instead of comparing the pools")
    parser.add_argument("--one-method", help=argparse.SUPPRESS)  # (one round of --start-methods, in its own process)
    args = parser.parse_args(argv)

    tasks = tasks_of(args.file, args.jobs)
    if args.one_method:
        print(json.dumps(timed_by_method(tasks, args.jobs, args.one_method)))
        return 0
    size = args.file.stat().st_size
    print(f"{args.file.name}: {size / 1e6:.1f} MB, {len(tasks)} ranges, --jobs {args.jobs}, "
          f"{args.rounds} rounds; Python {sys.version.split()[0]}")
    if args.start_methods:
        return start_methods(args.file, args.jobs, args.rounds)

    times = throughput(tasks, args.jobs, args.rounds)
    ratio = statistics.median(b / a for a, b in zip(times["Pool"], times["ProcessPoolExecutor"]))
    print("throughput (seconds to judge every range, best of the rounds):")
    for name, seconds in times.items():
        print(f"  {name:<20} {min(seconds):7.2f} s  ({size / 1e6 / min(seconds):.1f} MB/s)")
    print(f"  ProcessPoolExecutor / Pool, by time (median of the rounds' ratios): {ratio:.3f}")

    print(f"stop (seconds from abandoning a run to the end of every worker; ranges of "
          f"{validate.RANGE_BYTES >> 20} MB; stopped 0.0 to 0.9 s into the second range):")
    for name, stop in (("Pool.terminate", stop_by_pool), ("executor.shutdown", stop_by_executor)):
        seconds = [stop(tasks, args.jobs, after) for after in (0.0, 0.3, 0.6, 0.9)]
        print(f"  {name:<20} median {statistics.median(seconds):.3f} s, longest {max(seconds):.3f} s")

    print("a worker killed (SIGKILL) during a run:")
    print(f"  Pool:                {dead_worker_by_pool(tasks, args.jobs)}")
    answer = dead_worker_by_executor(tasks, args.jobs)
    print(f"  ProcessPoolExecutor: {answer}", flush=True)
    if answer.startswith("(no answer"):
        # the executor's manager thread waits for ever on the rest of a message the killed
        # worker never finished, and Python's exit would wait for that thread: leave now
        os._exit(0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
