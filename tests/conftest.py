"""Shared test helpers."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from paths import EXAMPLES, ROOT

# Machines running the tests are shared and their speed varies: no per-example deadline.
settings.register_profile("muehle", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("muehle")

SEEDS = ROOT.parent / "shared" / "seeds"


@pytest.fixture(autouse=True)
def english_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests expect English: a German locale on the machine that runs them (which the command
    follows, docs/german.md) is set aside; the tests of German ask for it."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if variable == "LANGUAGE" and value:
            monkeypatch.delenv(variable)
        elif value.lower().startswith("de"):
            monkeypatch.setenv(variable, "C.UTF-8")


@pytest.fixture
def examples() -> Path:
    return EXAMPLES
