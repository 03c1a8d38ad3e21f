"""The board as a chess library's board: the ply type and its notation, push and pop, the FEN
of a board and a board from a FEN (``analyzer/engine/position.py``)."""

from __future__ import annotations

import pytest

from muehle.analyzer.engine.board import Position, mask_of
from muehle.analyzer.engine.events import Outcome
from muehle.analyzer.engine.position import Board, BoardPly, IllegalPly, InvalidPly
from muehle.analyzer.engine.rules import load_ruleset
from muehle.analyzer.play.generate import generate_games
from muehle.notation.record.model import Ply
from muehle.notation.text.errors import FormatError


def state(board: Board) -> tuple[object, ...]:
    """Everything a board holds that a pop must restore."""
    return (board.key, board.counter, dict(board.seen), list(board.draw_rights), board.plies, board.outcome(),
            board.halfmove_clock, board.fullmove_number, list(board.move_stack))


# --- the ply type ----------------------------------------------------------------------------

@pytest.mark.parametrize("ply, text", [
    (BoardPly("d2"), "d2"),
    (BoardPly("a4", "a7"), "a7-a4"),
    (BoardPly("b2", "d2", ("a4",)), "d2-b2/xa4"),
    (BoardPly("d2", None, ("a4", "g7")), "d2/xa4/xg7"),
])
def test_a_ply_is_written_in_the_book_s_notation_and_read_back(ply: BoardPly, text: str) -> None:
    assert str(ply) == text
    assert BoardPly.parse(text) == ply


def test_a_ply_unpacks_and_compares_as_its_tuple_and_is_hashable() -> None:
    target, origin, captures = BoardPly("b2", "d2", ("a4",))
    assert (target, origin, captures) == ("b2", "d2", ("a4",))
    assert BoardPly("b2", "d2", ("a4",)) == ("b2", "d2", ("a4",))
    assert len({BoardPly("d2"), BoardPly("d2", None, ()), BoardPly("d6")}) == 2


def test_the_reader_s_spellings_of_a_ply_are_read() -> None:
    """Sanmill's glued capture and capitals, as the record reader takes them."""
    assert BoardPly.parse("D2-B2xA4") == BoardPly("b2", "d2", ("a4",))
    assert BoardPly.of(Ply(3, "white", "b2", "d2", ["a4"])) == BoardPly("b2", "d2", ("a4",))
    assert BoardPly.of(("b2", "d2", ["a4"])) == BoardPly("b2", "d2", ("a4",))


@pytest.mark.parametrize("text", ["", "zz", "h9", "d2 d6", "d2-", '[White "Anna"]', "d2 (d6)"])
def test_a_text_that_is_not_one_ply_is_an_invalid_ply(text: str) -> None:
    with pytest.raises(InvalidPly, match=r"is not one ply in the notation \(such as d2, a7-a4 or d2-b2/xa4\)"):
        BoardPly.parse(text)
    assert issubclass(InvalidPly, ValueError)


# --- push and pop ------------------------------------------------------------------------------

def test_after_1_d2_d6_2_f2_the_fen_is_the_hand_checked_one() -> None:
    """The middle ring in field 1 runs d6 f6 f4 f2 d2 b2 b4 b6: Black's d6 first, White's f2 and
    d2 fourth and fifth. Black to move; White 2 on the board and 7 in hand, Black 1 and 8; a
    placement leaves field 16 at 0; Black's first turn made the full-move number 2."""
    board = Board()
    for text in ("d2", "d6", "f2"):
        board.push(text)
    assert board.fen() == "********/@**OO***/******** b p p 2 7 1 8 0 0 -1 -1 -1 -1 0 0 2 ids:nodes"
    assert board.fen(form="legacy") == "********/@**OO***/******** b p p 2 7 1 8 0 0 0 0 0 0 0 0 2"
    assert [str(ply) for ply in board.move_stack] == ["d2", "d6", "f2"]
    assert board.peek() == BoardPly("f2")


def test_a_capture_and_a_move_set_the_clocks_as_the_fen_counts_them() -> None:
    """White d2-b2 closes b2-b4-b6 and takes a4 (no Black stone stands in a mill): field 16 back
    to 0; Black's g1-d1 then captures nothing: 1, and the full-move number grows after it."""
    start = Position(mask_of(["b4", "b6", "d2", "g7"]), mask_of(["a1", "a4", "g1", "g4"]), 0, 0, "white")
    board = Board("wmd", start)
    board.halfmove_clock, board.fullmove_number = 5, 20
    assert {str(ply) for ply in board.legal_plies() if ply[:2] == ("b2", "d2")} == {
        "d2-b2/xa1", "d2-b2/xa4", "d2-b2/xg1", "d2-b2/xg4"}
    board.push("d2-b2/xa4")
    assert (board.halfmove_clock, board.fullmove_number) == (0, 20)
    board.push("g1-d1")
    assert (board.halfmove_clock, board.fullmove_number) == (1, 21)
    assert board.fen() == "********/*****OOO/*O@*@@** w m s 4 0 3 0 0 0 -1 -1 -1 -1 0 1 21 ids:nodes"


def test_an_illegal_ply_names_itself_and_the_rule_and_changes_nothing() -> None:
    board = Board()
    board.push("d2")
    before = state(board)
    with pytest.raises(IllegalPly) as raised:
        board.push("d2")
    assert str(raised.value) == "illegal ply d2: d2 is already occupied by a White stone [occupied]"
    assert isinstance(raised.value, ValueError)
    assert raised.value.ply == BoardPly("d2") and raised.value.broken.code == "occupied"
    with pytest.raises(InvalidPly):
        board.push("d2-")
    assert state(board) == before


def test_pop_with_nothing_pushed_is_an_index_error() -> None:
    with pytest.raises(IndexError):
        Board().pop()


@pytest.mark.parametrize("name", ["wmd", "sanmill", "schuermann"])
def test_push_and_pop_go_back_to_the_exact_earlier_board(name: str) -> None:
    """Over generated games: each pop restores what the push changed (position, counters,
    repetition history, draw rights, outcome), and popping a whole game gives the fresh board."""
    rules = load_ruleset(name)
    for game in generate_games(rules, 3, 6):
        board = Board(rules)
        fresh = state(board)
        for ply in game.plies:
            before = state(board)
            pushed = board.push(ply)
            assert board.pop() == pushed == BoardPly.of(ply)
            assert state(board) == before
            board.push(str(pushed))  # (the notation's text pushes the same ply)
        while board.move_stack:
            board.pop()
        assert state(board) == fresh


@pytest.mark.parametrize("name", ["wmd", "sanmill", "wmd-traditional"])
def test_a_board_from_its_own_fen_gives_that_fen_back(name: str) -> None:
    """``Board.from_fen(board.fen()).fen() == board.fen()`` in each position of generated games,
    in both forms; the board read back has the same position and legal plies."""
    rules = load_ruleset(name)
    for game in generate_games(rules, 5, 6):
        board = Board(rules)
        for ply in [None, *game.plies]:
            if ply is not None:
                board.push(ply)
            for form in ("current", "legacy"):
                fen = board.fen(form=form)
                again = Board.from_fen(fen, rules)
                assert again.fen(form=form) == fen
                assert again.position == board.position
            assert again.legal_plies() == board.legal_plies()
        assert Board(rules, fen=board.fen()).fen() == board.fen()


def test_a_fen_read_keeps_its_counters_and_a_finished_one_allows_no_ply() -> None:
    board = Board.from_fen("********/O*@*O*@*/******** w p p 2 7 2 7 0 0 0 0 0 0 0 0 3")
    assert (board.fullmove_number, board.halfmove_clock, board.position.to_move) == (3, 0, "white")
    moving = Board.from_fen("O@O@O@**/O@O@****/******** w m s 5 0 5 0 0 0 0 0 0 0 0 12 30")
    assert (moving.fullmove_number, moving.halfmove_clock) == (30, 12)
    over = Board.from_fen("O@O@O@**/O@O@****/******** w o s 5 0 5 0 0 0 0 0 0 0 0 12 30")
    assert over.outcome() == Outcome(None, "declared", 0) and over.legal_plies() == []
    assert over.fen(form="legacy") == "O@O@O@**/O@O@****/******** w o s 5 0 5 0 0 0 0 0 0 0 0 12 30"


def test_a_bad_fen_is_an_error_naming_its_field_and_a_mid_turn_one_a_value_error() -> None:
    with pytest.raises(FormatError, match=r"FEN field 2 \(side to move\)"):
        Board.from_fen("********/********/******** x p p 0 9 0 9 0 0 0 0 0 0 0 0 1")
    with pytest.raises(ValueError, match="in the middle of a turn"):
        Board.from_fen("*OOO****/********/@@****** w p r 3 6 2 7 1 0 0 0 0 0 0 0 3")
    with pytest.raises(TypeError):
        Board(start=Position.start(), fen="********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1")


def test_the_readme_s_board_example_prints_what_its_comments_say() -> None:
    """The README's example of the board (its library part) runs and prints what it promises."""
    import re
    import subprocess
    import sys

    from paths import ROOT

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    code = next(block for block in re.findall(r"```python\n(.+?)\n```", readme, re.S) if "Board(" in block)
    promised = [line.split("# ", 1)[1] for line in code.splitlines() if line.startswith("print(")]
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == promised
