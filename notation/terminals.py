"""The grammar's terminals as plain data, and the one regular expression made of them.

The lexer (:mod:`muehle.notation.lexer`) and the fast reader
(:mod:`muehle.notation.fastread`) both match tokens with one expression that tries
the terminals of ``grammars/muehle.lark`` in the order of lark's basic lexer. The
lexer takes the terminals from lark; the fast reader takes them from
:data:`muehle.notation.grammar_terminals.TERMINALS`, the same terminals written
out, so that reading a well-formed record does not import lark at all. That
module is generated from the grammar by :mod:`muehle.notation.write_terminals`::

    python -m muehle.notation.write_terminals > notation/grammar_terminals.py

and ``tests/notation/test_terminals.py`` fails when it no longer matches the grammar.

>>> pattern = token_pattern([Terminal("A", "a", 0, 1, 1), Terminal("AB", "ab", 0, 2, 2)])
>>> pattern
'[ \\t\\r]*(?:(?P<AB>ab)|(?P<A>a))'
"""

from __future__ import annotations

from typing import Any, Iterable, NamedTuple


class Terminal(NamedTuple):
    """One terminal: its name, its regular expression, and what orders it among the others."""

    name: str
    regexp: str
    priority: int
    max_width: int  # the longest text it can match
    length: int  # the length of its definition (lark's tie-break)


def terminals_of(lark_terminals: Iterable[Any]) -> list[Terminal]:
    """The :class:`Terminal` records of lark ``TerminalDef`` objects, in lark's basic lexer's order."""
    terminals = [
        Terminal(t.name, t.pattern.to_regexp(), t.priority, t.pattern.max_width, len(t.pattern.value))
        for t in lark_terminals
    ]
    return sorted(terminals, key=lambda t: (-t.priority, -t.max_width, -t.length, t.name))


def token_pattern(terminals: Iterable[Terminal], extra: str = "") -> str:
    """One regular expression for the next token: blanks, then one named group per terminal.

    The terminals are tried in the order of lark's basic lexer (priority, then the
    longest possible match). ``extra`` is appended as a last alternative.
    """
    ordered = sorted(terminals, key=lambda t: (-t.priority, -t.max_width, -t.length, t.name))
    groups = [f"(?P<{t.name}>{t.regexp})" for t in ordered]
    if extra:
        groups.append(extra)
    return "[ \t\r]*(?:" + "|".join(groups) + ")"
