"""Records of no ply set up in the middle of a turn, for the tests of ``show`` and ``positions``: the FENs
are Sanmill's referee's (tests/analyzer/engine/test_fen_variants.py). After ``a1 d6 a4 d2 a7`` under
standard_9mm White has closed the mill a1-a4-a7 and is to remove (action ``r``, field 9 ``1``); under
mul_mulan after 19 tokens White still has two intervention captures to make (``i:w-2-12.28``, the
squares 12 and 28: d3 and d1)."""

from __future__ import annotations

from pathlib import Path

MILL = "********/@***@***/*****OOO w p r 3 6 2 7 1 0 0 0 0 0 0 0 3"
INTERVENTION = "*OO*@O**/@O*@OO@O/*O@*@O** w p r 9 0 6 1 2 0 0 0 0 0 0 0 10 i:w-2-12.28|b-0-"
#: INTERVENTION in the current form: no last mills (-1 in node ids), the marker ids:nodes.
INTERVENTION_CURRENT = "*OO*@O**/@O*@OO@O/*O@*@O** w p r 9 0 6 1 2 0 -1 -1 -1 -1 0 0 10 ids:nodes i:w-2-12.28|b-0-"


def within_turn_record(tmp_path: Path, fen: str, movetext: str = "*", rules: str = "standard_9mm",
                       name: str = "mid.txt") -> str:
    """The path of a record in ``tmp_path`` set up from ``fen`` under ``rules``, ``movetext`` after it."""
    path = tmp_path / name
    path.write_text(f'[Rules "{rules}"]\n[SetUp "1"]\n[FEN "{fen}"]\n\n{movetext}\n', encoding="utf-8")
    return str(path)
