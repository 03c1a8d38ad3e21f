"""Writes :mod:`muehle.notation.reading.grammar_terminals`, the grammar's terminals as plain data::

    python -m muehle.notation.reading.write_terminals > notation/reading/grammar_terminals.py

A tool of its own, apart from :mod:`muehle.notation.reading.terminals`, which the lexer and the fast
reader import: making the text needs the grammar built with lark, and the grammar needs the
lexer, so the terminals' module must not import the grammar.
"""

from __future__ import annotations

from muehle.notation.reading.grammar import build_parser
from muehle.notation.reading.terminals import terminals_of


def module_text() -> str:
    """The text of :mod:`muehle.notation.reading.grammar_terminals`, made from the grammar with lark."""
    parser = build_parser()
    lines = [
        '"""The terminals of ``grammars/muehle.lark``, written out by ``python -m muehle.notation.reading.write_terminals``.',
        "",
        "Generated: do not edit. ``tests/notation/test_terminals.py`` checks it against the grammar.",
        '"""',
        "",
        "from muehle.notation.reading.terminals import Terminal",
        "",
        "#: The regular expression flags of the grammar.",
        f"FLAGS = {parser.lexer_conf.g_regex_flags!r}",
        "",
        "#: The terminals, in the order of lark's basic lexer.",
        "TERMINALS = [",
    ]
    lines += [f"    {terminal!r}," for terminal in terminals_of(parser.terminals)]
    lines += ["]", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    print(module_text(), end="")
