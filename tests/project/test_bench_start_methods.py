"""``bench/pools.py --start-methods`` runs muehle's pool with each start method on the same ranges.

No test here looks at a timing beyond its order (the workers are ready before the last range is
judged)."""

from __future__ import annotations

import multiprocessing
import re
import subprocess
import sys
from pathlib import Path

from paths import ROOT

GAME = '[Event "e"]\n\n1. d2 d6 2. f2 f6 3. b2/xd6 b6 *\n\n'


def test_every_start_method_judges_the_same_ranges(tmp_path: Path) -> None:
    path = tmp_path / "games.txt"
    path.write_text(GAME * (300_000 // len(GAME)), encoding="utf-8")  # (about five ranges of 64 KB)
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "pools.py"), str(path), "--start-methods",
                           "--rounds", "1"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("games.txt: 0.3 MB, ") and ", --jobs 2, 1 rounds;" in lines[0]
    assert lines[1].startswith("start methods (seconds from starting the pool")
    line = re.compile(r"^  (\S+) +ready +([0-9.]+) s \(([0-9.]+)\) +all +([0-9.]+) s \(([0-9.]+)\)$")
    measured = [line.match(text) for text in lines[2:]]
    assert all(measured), lines[2:]
    methods = [m for m in ("fork", "forkserver", "spawn") if m in multiprocessing.get_all_start_methods()]
    assert [match.group(1) for match in measured if match] == methods
    for match in measured:
        assert match is not None and 0 < float(match.group(2)) <= float(match.group(4))
