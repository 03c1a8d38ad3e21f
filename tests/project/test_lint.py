"""ruff finds nothing in the checkout: its default rules (pyflakes, pycodestyle's errors) and
sorted imports, as configured in pyproject.toml's ``[tool.ruff]``."""

from __future__ import annotations

import subprocess
import sys

import pytest

from paths import ROOT

pytest.importorskip("ruff", reason="ruff is in the test extra: pip install '.[test]'")


def ruff(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ruff", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=240)


def test_ruff_finds_nothing() -> None:
    done = ruff("check", "--no-cache", "--output-format", "concise", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_checks_import_order(tmp_path) -> None:
    """The configuration sorts imports: a module importing ``sys`` before ``os`` is an error."""
    module = tmp_path / "unsorted.py"
    module.write_text("import sys\nimport os\n\nprint(os, sys)\n", encoding="utf-8")
    done = ruff("check", "--no-cache", "--config", str(ROOT / "pyproject.toml"), str(module))
    assert done.returncode == 1 and "I001" in done.stdout, done.stdout + done.stderr
