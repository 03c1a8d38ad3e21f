"""An error inside a tag value points at the character's column in the file, escapes counted."""

from __future__ import annotations

import pytest

from muehle.analyzer.engine.fen import fen_to_position, start_fen
from muehle.notation.reading.parser import read_games
from muehle.notation.record.model import Game
from muehle.notation.text.errors import FormatError

FEN = "********/O*@*O*@*/******** w p p 2 7 2 7 0 0 0 0 0 0 0 0 3"


@pytest.mark.parametrize("deferred", [False, True], ids=["read", "deferred"])
@pytest.mark.parametrize("head", ['', '[Event "a \\"b\\" c"] '], ids=["alone", "after-a-tag"])
def test_a_fen_error_after_escaped_characters_points_at_the_character(head: str, deferred: bool) -> None:
    line = head + '[FEN "' + FEN + ' a:\\"b\\" x:\\\\ bad"]'
    game, = read_games(f'[SetUp "1"]\n{line}\n\n*\n', "g.txt", deferred=deferred)
    with pytest.raises(FormatError) as caught:
        start_fen(game)
    error = caught.value
    assert error.message == ("in the FEN tag: FEN field 20: 'bad' is neither one of the 17 fields nor an "
                             "extension field (name:value)")
    assert (error.line, error.column) == (2, line.index(" bad") + 2)
    assert line[error.column - 1:error.column + 2] == "bad"


def test_a_fen_not_read_from_text_is_shown_as_a_tag_pair_would_write_it() -> None:
    game = Game(tags={"SetUp": "1", "FEN": FEN + ' a:"b" bad'})
    with pytest.raises(FormatError) as caught:
        start_fen(game)
    error = caught.value
    assert error.line_text == '[FEN "' + FEN + ' a:\\"b\\" bad"]'
    assert error.line_text[error.column - 1:] == 'bad"]'
    assert fen_to_position(FEN).fullmove == 3
