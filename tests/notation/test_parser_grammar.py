"""The grammar: LALR without conflicts, terminals that never overlap, and a fast lexer
that cuts every text exactly as lark's own lexer does."""

from __future__ import annotations

import importlib.util

import pytest

from muehle.notation.reading.grammar import GRAMMAR_PACKAGE, build_parser, load_grammar

SAMPLES = [
    '[Event "Schweizer \\"Meisterschaft\\""]\n[Site "Zürich"]\n\n'
    "{Start} 1. b4 d6 2.d2-b2/xa4! $1 $14 (=) (2. f4 {c} f2 (2... f6) 3. g1) ; Zeile\n"
    "17... a7-a4?! 17. ... a7-a4 17. - A7-A4XG7xB2 18…d1-g4 1/2-1/2",
    "1. d2 d6 2. f4 f2 3. b4 d3 4. f6 e4\n5. g4 a4 6. c4 c5 7. d7 e5 8. d5 e3xd5 *",
    "b4 d6\n\n\n{lang\n\nmehrzeilig} f4 ½-½",
]


def test_grammar_is_package_data() -> None:
    assert importlib.util.find_spec(GRAMMAR_PACKAGE) is not None
    grammar = load_grammar()
    assert grammar.lstrip().startswith("//")
    assert "PLY:" in grammar and "start:" in grammar


def test_grammar_builds_in_strict_mode() -> None:
    """strict=True: lark refuses shift/reduce conflicts and terminals that can match
    the same text. The terminal check needs the interegular package."""
    if importlib.util.find_spec("interegular") is None:
        pytest.skip("interegular is not installed: lark needs it for strict=True "
                    "(pip install 'lark[interegular]')")
    parser = build_parser(strict=True)
    assert parser.options.parser == "lalr"


def test_strict_mode_would_catch_a_conflict() -> None:
    """The check above can fail: an ambiguous rule is refused in strict mode."""
    from lark import Lark
    from lark.exceptions import GrammarError

    ambiguous = 'start: a | b\na: "x" "y"?\nb: "x" "y"?\n'
    with pytest.raises(GrammarError):
        Lark(ambiguous, parser="lalr", strict=True)


def _tokens(parser, text: str) -> list[tuple[str, str, int, int]]:
    from lark.lexer import LexerState
    from lark.utils import TextSlice

    lexer = parser.parser.lexer
    state = LexerState(TextSlice.cast_from(text))
    return [(t.type, str(t), t.line, t.column) for t in lexer.lex(state, None)]


@pytest.mark.parametrize("text", SAMPLES)
def test_fast_lexer_cuts_like_the_lark_lexer(text: str) -> None:
    reference = build_parser(cache=False, strict=False, lexer_callbacks=None)
    from lark import Lark

    basic = Lark(load_grammar(), parser="lalr", lexer="basic")
    assert type(reference.parser.lexer).__name__ == "FastLexer"
    assert _tokens(reference, text) == _tokens(basic, text)
    basic.parse(text)
