"""The sides: named once (WHITE, BLACK, SIDES, other_side, side_name in the record model), and the
analyzer compares and chooses sides by those names, never by a literal of its own."""

from __future__ import annotations

import ast

from muehle.analyzer.engine.events import reason_text
from muehle.analyzer.engine.messages import side_name as numbered_side_name
from muehle.notation.record.model import BLACK, SIDE_NAMES, SIDES, WHITE, other_side, side_name
from muehle.notation.text.i18n import language
from paths import ROOT

_LITERALS = {"white", "black"}


def test_the_sides_and_their_names() -> None:
    assert SIDES == (WHITE, BLACK) == ("white", "black")  # the values of the JSON contracts
    assert other_side(WHITE) == BLACK and other_side(BLACK) == WHITE
    assert set(SIDE_NAMES) == set(SIDES)
    assert (side_name(WHITE), side_name(BLACK)) == ("White", "Black")
    assert (numbered_side_name(0), numbered_side_name(1)) == ("White", "Black")


def test_side_names_are_translated() -> None:
    with language("de"):
        assert (side_name(WHITE), side_name(BLACK)) == ("Weiß", "Schwarz")
        assert numbered_side_name(1) == "Schwarz"
        # White won because Black cannot move: the loser is the other side, in German
        assert reason_text("blocked", WHITE) == "Schwarz kann nicht ziehen"


def test_the_loser_named_is_the_winners_other_side() -> None:
    assert reason_text("blocked", WHITE) == "Black cannot move"
    assert reason_text("blocked", BLACK) == "White cannot move"


def _side_literals(tree: ast.AST) -> list[int]:
    """The lines where a comparison or a conditional expression uses a side's literal."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
        elif isinstance(node, ast.IfExp):
            operands = [node.body, node.orelse]
        else:
            continue
        if any(isinstance(operand, ast.Constant) and operand.value in _LITERALS for operand in operands):
            found.append(node.lineno)
    return found


def test_no_analyzer_module_compares_or_chooses_a_side_by_its_literal() -> None:
    found = [f"{path.relative_to(ROOT)}:{line}" for path in sorted((ROOT / "analyzer").rglob("*.py"))
             for line in _side_literals(ast.parse(path.read_text(encoding="utf-8")))]
    assert found == []


def test_the_check_sees_a_side_literal() -> None:
    code = 'a = side == "white"\nb = "black" if x else WHITE\nc = side == WHITE\nd = "white" in sides\n'
    assert _side_literals(ast.parse(code)) == [1, 2, 4]

