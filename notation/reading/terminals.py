"""The grammar's terminals as plain data, and the one regular expression made of them.

The lexer (:mod:`muehle.notation.reading.lexer`) and the fast reader
(:mod:`muehle.notation.reading.fastread`) both match tokens with one expression that tries
the terminals of ``grammars/muehle.lark`` in the order of lark's basic lexer. The
lexer takes the terminals from lark; the fast reader takes them from
:data:`muehle.notation.reading.grammar_terminals.TERMINALS`, the same terminals written
out, so that reading a well-formed record does not import lark at all. That
module is generated from the grammar by :mod:`muehle.notation.reading.write_terminals`::

    python -m muehle.notation.reading.write_terminals > notation/reading/grammar_terminals.py

and ``tests/notation/test_terminals.py`` fails when it no longer matches the grammar.

A terminal that can match text of any length has no ``max_width`` (``None``): lark
gives it the regular expression engine's own "unbounded", which is ``4294967295`` on
Python 3.10 and ``18446744073709551616`` from 3.11.7 and 3.12.1 on, and the written
module must not depend on the interpreter that wrote it.

>>> pattern = token_pattern([Terminal("A", "a", 0, 1, 1), Terminal("AB", "ab", 0, 2, 2)])
>>> pattern
'[ \\t\\r]*(?:(?P<AB>ab)|(?P<A>a))'
>>> token_pattern([Terminal("A", "a", 0, 1, 1), Terminal("AS", "a+", 0, None, 2)])
'[ \\t\\r]*(?:(?P<AS>a+)|(?P<A>a))'
"""

from __future__ import annotations

from typing import Any, Iterable, NamedTuple, Optional

#: The widths lark gives a terminal without a bound start here: the regular expression
#: engine's ``MAXREPEAT`` (2**32 - 1) on Python 3.10, its ``MAXWIDTH`` (2**64) from
#: 3.11.7 and 3.12.1 on. No terminal of a grammar is bounded by more.
UNBOUNDED_FROM = 2**32 - 1


class Terminal(NamedTuple):
    """One terminal: its name, its regular expression, and what orders it among the others."""

    name: str
    regexp: str
    priority: int
    max_width: Optional[int]  # the longest text it can match; None: no bound
    length: int  # the length of its definition (lark's tie-break)


def terminals_of(lark_terminals: Iterable[Any]) -> list[Terminal]:
    """The :class:`Terminal` records of lark ``TerminalDef`` objects, in lark's basic lexer's order."""
    terminals = [
        Terminal(t.name, t.pattern.to_regexp(), t.priority, bound(t.pattern.max_width), len(t.pattern.value))
        for t in lark_terminals
    ]
    return sorted(terminals, key=_order)


def bound(max_width: int) -> Optional[int]:
    """A width from lark, or ``None`` for lark's "unbounded" (whichever Python's it is).

    >>> bound(7), bound(4294967295), bound(18446744073709551616)
    (7, None, None)
    """
    return None if max_width >= UNBOUNDED_FROM else max_width


def _order(terminal: Terminal) -> tuple[int, float, int, str]:
    """The order of lark's basic lexer: priority, then the longest possible match (unbounded
    first), then the longest definition, then the name."""
    width = float("inf") if terminal.max_width is None else terminal.max_width
    return (-terminal.priority, -width, -terminal.length, terminal.name)


def token_pattern(terminals: Iterable[Terminal], extra: str = "") -> str:
    """One regular expression for the next token: blanks, then one named group per terminal.

    The terminals are tried in the order of lark's basic lexer (priority, then the
    longest possible match). ``extra`` is appended as a last alternative.
    """
    ordered = sorted(terminals, key=_order)
    groups = [f"(?P<{t.name}>{t.regexp})" for t in ordered]
    if extra:
        groups.append(extra)
    return "[ \t\r]*(?:" + "|".join(groups) + ")"
