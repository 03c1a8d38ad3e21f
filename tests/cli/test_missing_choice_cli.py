"""A required option left out is a usage error on one line that names its choices (click lists them
a line each; a message of muehle's is one line)."""

from __future__ import annotations

import pytest

from paths import ROOT
from runner import run

RECORD = str(ROOT / "examples" / "analyze-no-capture.txt")


@pytest.mark.parametrize("language, said", [
    ("en", "Error: Missing option '--by'. Choose from: white, black\n"),
    ("de", "Fehler: Fehlende Option '--by'. Zur Wahl: white, black\n"),
])
def test_a_missing_choice_is_said_on_one_line(language: str, said: str) -> None:
    result = run("--lang", language, "claim", RECORD)
    assert result.exit_code == 2
    assert result.stderr.endswith(said) and "\\x0a" not in result.stderr
