"""``--move N`` of ``show`` and ``claim`` on a record of no plies (one replayed from the start, not a
set-up position within a turn): no move is there, and the error says the position is ``--ply 0``."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner import run


@pytest.mark.parametrize("command", [["show"], ["claim", "--by", "white", "--rule", "repetition"]])
@pytest.mark.parametrize(("side", "words"), [([], "move 1 of White"), (["--side", "black"], "move 1 of Black")])
def test_a_record_of_no_plies_has_no_move(tmp_path: Path, command: list[str], side: list[str], words: str) -> None:
    record = tmp_path / "empty.txt"
    record.write_text('[Event "Empty"]\n\n*\n', encoding="utf-8")
    result = run(command[0], str(record), "--move", "1", *side, *command[1:])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == (f"{record}:1: error: there is no {words}: "
                             "the record has no plies (its position is --ply 0)\n")
