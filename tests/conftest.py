"""Shared test helpers."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from paths import EXAMPLES, ROOT

# Machines running the tests are shared and their speed varies: no per-example deadline.
settings.register_profile("muehle", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("muehle")

SEEDS = ROOT.parent / "shared" / "seeds"


@pytest.fixture
def examples() -> Path:
    return EXAMPLES
