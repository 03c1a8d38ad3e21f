"""The terminals written out for the fast reader are those of the grammar, and spare it lark."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

from muehle.notation.reading import grammar_terminals, terminals, write_terminals


def test_the_written_terminals_match_the_grammar() -> None:
    written = Path(grammar_terminals.__file__).read_text(encoding="utf-8")
    assert written == write_terminals.module_text(), (
        "grammars/muehle.lark changed: run  python -m muehle.notation.reading.write_terminals > notation/reading/grammar_terminals.py"
    )


#: Lark's width of a terminal that can match text of any length: the regular expression engine's
#: MAXREPEAT on Python 3.10, its MAXWIDTH from 3.11.7 and 3.12.1 on.
UNBOUNDED_ON_310 = 2**32 - 1
UNBOUNDED_ON_313 = 2**64


def _lark_terminal(name: str, regexp: str, max_width: int) -> SimpleNamespace:
    """What terminals_of reads of a lark TerminalDef."""
    pattern = SimpleNamespace(to_regexp=lambda: regexp, max_width=max_width, value=regexp)
    return SimpleNamespace(name=name, pattern=pattern, priority=0)


def test_the_written_terminals_do_not_depend_on_the_python_that_wrote_them() -> None:
    on_310 = terminals.terminals_of([_lark_terminal("WS", r"\s+", UNBOUNDED_ON_310), _lark_terminal("C", ",", 1)])
    on_313 = terminals.terminals_of([_lark_terminal("WS", r"\s+", UNBOUNDED_ON_313), _lark_terminal("C", ",", 1)])
    assert on_310 == on_313 == [
        terminals.Terminal("WS", r"\s+", 0, None, 3),
        terminals.Terminal("C", ",", 0, 1, 1),
    ]
    written = Path(grammar_terminals.__file__).read_text(encoding="utf-8")
    assert str(UNBOUNDED_ON_310) not in written and str(UNBOUNDED_ON_313) not in written


def test_the_written_widths_are_those_of_the_grammar() -> None:
    # Counted by hand in grammars/muehle.lark: a result is at most '1/2-1/2', an offer '(=)',
    # an annotation '!?'; plies (captures repeat), tags, numbers, comments, NAGs and blanks have no bound.
    assert {t.name: t.max_width for t in grammar_terminals.TERMINALS} == {
        "PLY": None, "TAG": None, "NUMBER": None, "COMMENT": None, "NAG": None, "WS": None,
        "RESULT": 7, "OFFER": 3, "ANNOTATION": 2, "COMMA": 1, "LPAR": 1, "RPAR": 1,
    }


def test_the_written_order_is_lark_s_own_with_lark_s_widths() -> None:
    from muehle.notation.reading.grammar import build_parser

    lark_order = sorted(
        build_parser().terminals,
        key=lambda t: (-t.priority, -t.pattern.max_width, -len(t.pattern.value), t.name),
    )
    assert [t.name for t in grammar_terminals.TERMINALS] == [t.name for t in lark_order]


def test_the_lexer_and_the_fast_reader_try_the_terminals_in_the_same_order() -> None:
    from muehle.notation.reading.grammar import build_parser

    assert [t.name for t in terminals.terminals_of(build_parser().terminals)][:3] == ["PLY", "TAG", "NUMBER"]
    assert [t.name for t in grammar_terminals.TERMINALS] == [
        t.name for t in terminals.terminals_of(build_parser().terminals)
    ]


def test_reading_a_well_formed_record_does_not_import_lark() -> None:
    code = (
        "import sys\n"
        "from muehle.notation.reading.parser import read_games\n"
        "games = list(read_games('[Event \"x\"]\\n1. d2 d6 {c} 2. f4! (2. f2 f4) f2 *'))\n"
        "assert [len(g.plies) for g in games] == [4], games\n"
        "print('lark' in sys.modules)\n"
        "list(read_games('1. d2 b1 *'))\n"  # an error: now the parser is needed
        "print('lark' in sys.modules)\n"
    )
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert output.split() == ["False", "True"]
