"""The message of a capture none of White's stones allows, where Black captures: the mirror of
test_replay's White case (wmd-traditional: no capture from a closed mill)."""

from __future__ import annotations

import pytest

from muehle.analyzer.engine.board import Position, mask_of
from muehle.analyzer.engine.position import Board, IllegalPly
from muehle.notation.record.model import BLACK


def test_every_white_stone_left_stands_in_a_closed_mill() -> None:
    """Black's d3-d2 closes b2-d2-f2: g1 may go, then a4 (in a1-a4-a7, as every White stone left) may not."""
    start = Position(mask_of("a1 a4 a7 c3 c4 c5 g1".split()), mask_of("b2 f2 d3 g7".split()), 0, 0, BLACK)
    board = Board("wmd-traditional", start)
    assert board.is_legal("d3-d2/xg1")
    with pytest.raises(IllegalPly) as raised:
        board.push("d3-d2/xg1/xa4")
    assert raised.value.broken.code == "extra-capture"
    assert str(raised.value) == ("illegal ply d3-d2/xg1/xa4: no White stone may be captured: all stand in closed "
                                 "mills [extra-capture]")
