"""Shared test helpers."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
SEEDS = ROOT.parent / "shared" / "seeds"


@pytest.fixture
def examples() -> Path:
    return EXAMPLES
