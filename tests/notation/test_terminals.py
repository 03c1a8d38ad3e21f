"""The terminals written out for the fast reader are those of the grammar, and spare it lark."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from muehle.notation import grammar_terminals, terminals, write_terminals


def test_the_written_terminals_match_the_grammar() -> None:
    written = Path(grammar_terminals.__file__).read_text(encoding="utf-8")
    assert written == write_terminals.module_text(), (
        "grammars/muehle.lark changed: run  python -m muehle.notation.write_terminals > notation/grammar_terminals.py"
    )


def test_the_lexer_and_the_fast_reader_try_the_terminals_in_the_same_order() -> None:
    from muehle.notation.grammar import build_parser

    assert [t.name for t in terminals.terminals_of(build_parser().terminals)][:3] == ["PLY", "TAG", "NUMBER"]
    assert [t.name for t in grammar_terminals.TERMINALS] == [
        t.name for t in terminals.terminals_of(build_parser().terminals)
    ]


def test_reading_a_well_formed_record_does_not_import_lark() -> None:
    code = (
        "import sys\n"
        "from muehle.notation.parser import read_games\n"
        "games = list(read_games('[Event \"x\"]\\n1. d2 d6 {c} 2. f4! (2. f2 f4) f2 *'))\n"
        "assert [len(g.plies) for g in games] == [4], games\n"
        "print('lark' in sys.modules)\n"
        "list(read_games('1. d2 b1 *'))\n"  # an error: now the parser is needed
        "print('lark' in sys.modules)\n"
    )
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert output.split() == ["False", "True"]
