"""Shared test helpers."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Machines running the tests are shared and their speed varies: no per-example deadline.
settings.register_profile("muehle", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("muehle")

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
SEEDS = ROOT.parent / "shared" / "seeds"


@pytest.fixture
def examples() -> Path:
    return EXAMPLES
