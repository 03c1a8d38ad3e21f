"""The lark grammar of one game record, and the LALR parser built from it.

The grammar is package data (``muehle/grammars/muehle.lark``) and is read with
:mod:`importlib.resources`, so an installed copy finds it wherever it lives.
lark is imported only when a parser is built, which keeps ``import muehle`` cheap.

>>> "PLY" in load_grammar()
True
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

GRAMMAR_PACKAGE = "muehle.grammars"
GRAMMAR_FILE = "muehle.lark"

#: The characters a move number written before a ply consists of ("17.", "17. ...", "17. -").
MOVE_NUMBER_CHARS = "0123456789.… \t-"


def load_grammar() -> str:
    """The text of the grammar."""
    from importlib import resources  # (start-up: the grammar is read only when the parser is built)

    return resources.files(GRAMMAR_PACKAGE).joinpath(GRAMMAR_FILE).read_text(encoding="utf-8")


def build_parser(
    lexer_callbacks: Mapping[str, Callable[[Any], Any]] | None = None,
    *,
    strict: bool = False,
    cache: bool = True,
) -> Any:
    """A ``lark.Lark`` LALR parser for one game.

    The parse tables are cached in a temporary file (lark's ``cache=True``), so
    later processes load them instead of analysing the grammar again.
    ``strict=True`` makes lark refuse any shift/reduce conflict and any two
    terminals that could match the same text (this needs the ``interegular``
    package).
    """
    from lark import Lark, Transformer  # (start-up: lark only when the parser is built)

    from muehle.notation.reading.lexer import FastLexer  # (start-up: the lexer imports lark)

    class _NoTree(Transformer[Any, None]):
        """Builds nothing: the record is built by the lexer callbacks."""

        def _nothing(self, children: list[Any]) -> None:
            return None

        start = tags = line = nags = variations = variation = reply = _nothing

    return Lark(
        load_grammar(),
        parser="lalr",
        lexer="basic" if strict else FastLexer,
        strict=strict,
        cache=cache and not strict,
        lexer_callbacks=dict(lexer_callbacks or {}),
        transformer=_NoTree(),
        maybe_placeholders=False,
    )
