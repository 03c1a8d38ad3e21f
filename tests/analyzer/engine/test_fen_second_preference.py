"""A FEN with two ``p:`` fields (a stone preferred for removal) is an error at the second, as two
fields of one capture kind or two ``s:`` fields are (test_fen_variants)."""

from __future__ import annotations

import pytest

from muehle.analyzer.engine.fen import fen_to_position
from muehle.notation.text.errors import FormatError

FEN = "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1 p:8 p:9"


def test_a_second_stone_preferred_for_removal_is_an_error_at_its_field() -> None:
    with pytest.raises(FormatError) as raised:
        fen_to_position(FEN)
    assert raised.value.message == "FEN field 19 ('p:9'): a second stone preferred for removal"
    assert raised.value.column == FEN.index("p:9") + 1 == 64
