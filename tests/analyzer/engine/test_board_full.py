"""``board_full`` (Sanmill's BoardFullAction): what a board left full by the placements means, a
loss for the side to move (``loss``, firstPlayerLose) or a draw (``draw``, agreeToDraw, reason
``full-board``). Checked with Sanmill's referee (tests/data/sanmill-variants) under PiecesCount 12
and BoardFullAction 0 or 4, on the nine-stone lines (no diagonals)."""

from __future__ import annotations

import pytest

from muehle.analyzer.engine.events import end_text
from muehle.analyzer.engine.position import Board
from muehle.analyzer.engine.replay import replay
from muehle.analyzer.engine.rules import load_ruleset, parse_ruleset
from muehle.notation.reading.parser import read_games
from muehle.notation.text.errors import FormatError
from muehle.notation.text.i18n import language

LOSS = parse_ruleset("base: sanmill\nstones: 12\n", default_name="twelve")
DRAW = parse_ruleset("base: sanmill\nstones: 12\nboard_full: draw\n", default_name="twelve-drawn")

#: 24 placements, no mill: the last fills the board. Sanmill's referee: drawFullBoard (winner draw)
#: under BoardFullAction 4, loseFullBoard (Black wins) under 0, both after the 24th action; after the
#: 23rd, Black still has e5 to place.
PLACEMENTS = ("e4 a7 d5 b4 f4 g1 b2 e3 f6 f2 d2 c4 a4 d7 a1 d6 g7 g4 c3 b6 d1 d3 c5 e5").split()
#: The referee's FEN after them (phase o, Black still "to move": Sanmill ends the game before the side changes).
FULL = "O@O@@O@O/@OO@OO@@/@O@@OOO@ b o p 12 0 12 0 0 0 0 0 0 0 0 0 12"


def _movetext(plies: list[str]) -> str:
    return " ".join(f"{number}. {' '.join(plies[2 * number - 2:2 * number])}" for number in range(1, len(plies) // 2 + 2)
                    if plies[2 * number - 2:2 * number])


def _replay(plies: list[str], rules: object) -> object:
    (game,) = read_games(_movetext(plies) + "\n")
    return replay(game, rules)  # type: ignore[arg-type]


def test_the_full_board_is_drawn_or_lost_as_the_ruleset_says() -> None:
    drawn, lost = _replay(PLACEMENTS, DRAW), _replay(PLACEMENTS, LOSS)
    assert drawn.errors == [] and lost.errors == []  # type: ignore[attr-defined]
    assert drawn.outcome.winner is None and (drawn.outcome.reason, drawn.outcome.ply) == ("full-board", 24)  # type: ignore[attr-defined]
    assert (lost.outcome.winner, lost.outcome.reason, lost.outcome.ply) == ("black", "blocked", 24)  # type: ignore[attr-defined]
    assert _replay(PLACEMENTS[:23], DRAW).outcome is None  # type: ignore[attr-defined]


def test_the_draw_in_words() -> None:
    drawn = _replay(PLACEMENTS, DRAW).outcome  # type: ignore[attr-defined]
    assert end_text(drawn) == "drawn by a board left full by the placements"
    with language("de"):
        assert end_text(drawn) == "remis durch ein nach dem Setzen volles Brett"
    after = _replay(PLACEMENTS + ["e4-e5"], DRAW).errors  # type: ignore[attr-defined]
    assert [(error.code, error.ply) for error in after] == [("after-game-end", 25)]
    assert "drawn by a board left full by the placements" in after[0].message


def test_a_board_set_up_full_from_sanmills_fen() -> None:
    board = Board(DRAW, fen=FULL)
    assert board.outcome() is not None and (board.outcome().winner, board.outcome().reason) == (None, "full-board")  # type: ignore[union-attr]
    assert Board(LOSS, fen=FULL).outcome().winner == "black"  # type: ignore[union-attr]
    assert board.legal_plies() == []


def test_the_board_after_the_last_placement() -> None:
    board = Board(DRAW)
    for ply in PLACEMENTS:
        board.push(ply)
    assert board.outcome() is not None and board.outcome().reason == "full-board"  # type: ignore[union-attr]
    # (the board and the counts as Sanmill wrote them; muehle writes the side that cannot move as to move)
    fields = board.fen(form="legacy").split()
    assert fields[0] == FULL.split()[0] and fields[2] == "o" and fields[4:16] == FULL.split()[4:16]


def test_the_nine_stone_presets_lose_on_a_full_board() -> None:
    assert load_ruleset("sanmill").board_full == "loss" and load_ruleset("wmd").board_full == "loss"


def test_a_bad_value_is_an_error_at_its_key() -> None:
    with pytest.raises(FormatError) as caught:
        parse_ruleset("base: sanmill\nname: x\nboard_full: remove\n", source="x.yaml")
    assert (caught.value.line, caught.value.column) == (3, 1)
    assert caught.value.message == "board_full: must be one of loss, draw, remove-both, remove-one, not 'remove'"
