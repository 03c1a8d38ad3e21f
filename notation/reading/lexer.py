"""A fast lexer for the grammar of a game record, built from the grammar's own terminals.

lark's basic lexer matches white space as separate tokens and keeps a line counter
for every token. Records are mostly plies separated by single spaces, so this
lexer joins all terminals of the grammar into one regular expression, skips white
space with a second one, counts lines only where a line break can be (white
space and comments), and calls the lexer callbacks directly. The terminals, their
order and their callbacks are exactly those lark's basic lexer would use, so the
grammar stays the one definition of the notation (and ``strict=True`` checks it
with lark's own lexer).
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterator

from lark import Token
from lark.exceptions import UnexpectedCharacters
from lark.lexer import Lexer

from muehle.notation.reading.terminals import terminals_of, token_pattern

_SPACE = re.compile(r"[ \t\r]*")


class FastLexer(Lexer):
    """A lark custom lexer (lark's interface 2: ``lex(lexer_state, parser_state)``)."""

    __future_interface__ = 2

    def __init__(self, lexer_conf: Any) -> None:
        self.pattern = re.compile(token_pattern(terminals_of(lexer_conf.terminals)), lexer_conf.g_regex_flags)
        self.ignore = frozenset(lexer_conf.ignore)
        self.callbacks = dict(lexer_conf.callbacks)
        self.terminals_by_name = lexer_conf.terminals_by_name

    def lex(self, lexer_state: Any, parser_state: Any) -> Iterator[Token]:
        text_slice = lexer_state.text
        text: str = text_slice.text
        position: int = text_slice.start
        end: int = text_slice.end
        match = self.pattern.match
        skip = _SPACE.match
        ignore = self.ignore
        callbacks = self.callbacks
        new_token: Callable[..., Token] = Token._future_new  # (lark's, without hints)
        line, line_start = 1, 0
        last: Any = None
        while True:
            found = match(text, position)
            if found is None:
                blanks = skip(text, position)
                assert blanks is not None  # (the pattern matches no blank too)
                position = blanks.end()
                if position >= end:
                    return
                raise UnexpectedCharacters(
                    text, position, line, position - line_start + 1,
                    allowed=None, token_history=[last] if last is not None else None,
                    state=parser_state, terminals_by_name=self.terminals_by_name,
                )
            kind: str = found.lastgroup  # type: ignore[assignment]
            position = found.start(kind)
            value = found.group(kind)
            stop = found.end()
            column = position - line_start + 1
            if kind in ignore:
                if kind in callbacks:
                    callbacks[kind](new_token(kind, value, position, line, column, None, None, stop))
                newlines = value.count("\n")
                if newlines:
                    line += newlines
                    line_start = position + value.rindex("\n") + 1
                position = stop
                continue
            token = new_token(kind, value, position, line, column, line, stop - line_start + 1, stop)
            if kind in callbacks:
                token = callbacks[kind](token)
            last = token
            position = stop
            yield token
