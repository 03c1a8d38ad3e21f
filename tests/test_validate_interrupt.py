"""Ctrl-C during a long ``muehle validate``: a clean stop, what was checked is reported whole."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from muehle.analyzer.generate import generate_games
from muehle.analyzer.rules import load_ruleset
from muehle.notation.writers import write_notation

MUEHLE = Path(sys.executable).parent / "muehle"


@pytest.fixture(scope="module")
def long_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Far more games than can be checked before the interrupt arrives."""
    text = write_notation(list(generate_games(load_ruleset("wmd"), seed=7, count=50)))
    path = tmp_path_factory.mktemp("long") / "long.txt"
    path.write_text((text + "\n\n") * 400, encoding="utf-8")
    return path


@pytest.mark.skipif(not MUEHLE.exists(), reason="the muehle command is not installed beside this Python")
@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("sent, word, status", [
    (signal.SIGINT, "interrupted", 130),  # Ctrl-C
    (signal.SIGTERM, "terminated", 143),  # timeout, kill, a job scheduler
])
def test_interrupt_closes_the_json_report_and_exits_130(long_file: Path, jobs: str, sent: int, word: str,
                                                        status: int) -> None:
    process = subprocess.Popen(
        [str(MUEHLE), "validate", "--format", "json", "--jobs", jobs, str(long_file)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert process.stdout is not None and process.stderr is not None
    head = process.stdout.readline() + process.stdout.readline()  # some games are reported
    process.send_signal(sent)
    rest = process.stdout.read()  # not communicate(): it would skip what readline buffered
    errors = process.stderr.read()
    assert process.wait(timeout=60) == status
    reports = json.loads(head + rest)
    assert 1 <= len(reports) < 20000
    assert [report["game"] for report in reports] == list(range(1, len(reports) + 1))
    assert f"muehle: {word}; {len(reports)} games" in errors
    assert "Traceback" not in errors
