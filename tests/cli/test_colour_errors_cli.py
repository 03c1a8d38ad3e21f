"""``positions`` and ``stats`` print their errors as every command does: ``muehle --color``
paints the word error, and without it (into a pipe) the text is the plain compiler form."""

from __future__ import annotations

from pathlib import Path

import pytest

from muehle.analyzer.pictures.style import unpainted
from runner import run

RED_ERROR = "\x1b[1;31merror\x1b[0m"
MISSING = "missing.txt: {error}: cannot read missing.txt: No such file or directory\n"


@pytest.mark.parametrize("command", ["positions", "stats"])
def test_an_unreadable_file_is_coloured_only_when_asked(command: str) -> None:
    plain = run(command, "missing.txt")
    coloured = run("--color", command, "missing.txt")
    assert (plain.exit_code, coloured.exit_code) == (1, 1)
    assert plain.stderr == MISSING.format(error="error")
    assert coloured.stderr == MISSING.format(error=RED_ERROR)
    assert unpainted(coloured.stderr) == plain.stderr


def test_a_syntax_error_of_positions_is_coloured_only_when_asked(tmp_path: Path) -> None:
    record = tmp_path / "bad.txt"
    record.write_text("1. b4 b1 *\n", encoding="utf-8")
    # (b1 is no point of the board: it starts in column 7 of line 1)
    expected = f"{record}:1:7: {{error}}: b1 is not a point of the board\n    1. b4 b1 *\n          ^\n"
    plain = run("positions", str(record))
    coloured = run("--color", "positions", str(record))
    assert (plain.exit_code, coloured.exit_code) == (1, 1)
    assert plain.stderr == expected.format(error="error")
    assert coloured.stderr == expected.format(error=RED_ERROR)
