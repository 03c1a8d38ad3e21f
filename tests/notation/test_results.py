"""The results: written once in the record model (WHITE_WINS, BLACK_WINS, DRAW, UNFINISHED, the book's
draw, RESULTS, FINISHED_RESULTS, normal_result, result_of, winner_of) and taken from there by the
reader, the writers, the replay, select and stats."""

from __future__ import annotations

import ast

import pytest

from muehle.analyzer.corpus.select import RESULTS as SELECT_RESULTS
from muehle.analyzer.engine.events import Outcome
from muehle.notation.reading.splitter import RESULT_TEXTS as SPLITTER_RESULTS
from muehle.notation.record.model import (
    BLACK,
    BLACK_WINS,
    BOOK_DRAW,
    DRAW,
    FINISHED_RESULTS,
    RESULT_TEXTS,
    RESULTS,
    UNFINISHED,
    WHITE,
    WHITE_WINS,
    normal_result,
    result_of,
    winner_of,
)
from paths import ROOT

#: The results as records write them (PGN's and the book's), checked by hand.
_WRITTEN = {"1-0", "0-1", "1/2-1/2", "½-½"}


def test_the_results_are_pgns_and_the_books() -> None:
    assert (WHITE_WINS, BLACK_WINS, DRAW, UNFINISHED, BOOK_DRAW) == ("1-0", "0-1", "1/2-1/2", "*", "½-½")
    assert RESULTS == ("1-0", "0-1", "1/2-1/2", "*")
    assert set(FINISHED_RESULTS) == {"1-0", "0-1", "1/2-1/2", "½-½"}
    assert set(RESULT_TEXTS) == set(RESULTS) | {"½-½"}
    assert [normal_result(text) for text in RESULT_TEXTS] == ["1-0", "0-1", "1/2-1/2", "1/2-1/2", "*"]


def test_winner_and_result_undo_each_other() -> None:
    assert (winner_of("1-0"), winner_of("0-1"), winner_of("1/2-1/2"), winner_of("½-½")) == (WHITE, BLACK, None, None)
    assert (result_of(WHITE), result_of(BLACK), result_of(None)) == ("1-0", "0-1", "1/2-1/2")
    for result in FINISHED_RESULTS:
        assert result_of(winner_of(result)) == normal_result(result)


@pytest.mark.parametrize("text", ["*", "", "1-1", "0-0", "1/2"])
def test_only_a_finished_result_has_a_winner_or_a_draw(text: str) -> None:
    with pytest.raises(ValueError, match="not a finished result"):
        winner_of(text)


def test_the_users_take_the_models_results() -> None:
    assert SELECT_RESULTS == RESULTS
    assert SPLITTER_RESULTS == RESULT_TEXTS
    assert Outcome(WHITE, "blocked", 7).result == "1-0"
    assert Outcome(BLACK, "fewer-than-three", 9).result == "0-1"
    assert Outcome(None, "no-capture", 50).result == "1/2-1/2"


def _result_literals(tree: ast.AST) -> list[int]:
    """The lines of code (not docstrings or messages, which hold longer texts) that write a result."""
    return [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Constant) and node.value in _WRITTEN]


def test_no_module_but_the_model_writes_a_result() -> None:
    model = ROOT / "notation" / "record" / "model.py"
    found = [f"{path.relative_to(ROOT)}:{line}"
             for folder in ("analyzer", "notation") for path in sorted((ROOT / folder).rglob("*.py")) if path != model
             for line in _result_literals(ast.parse(path.read_text(encoding="utf-8")))]
    assert found == []


def test_the_check_sees_a_result_literal() -> None:
    code = 'a = "1-0"\nb = {"½-½": None}\nc = "the result 1-0"\nd = DRAW\n'
    assert _result_literals(ast.parse(code)) == [1, 2]
