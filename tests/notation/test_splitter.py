"""The splitter's quick handling of usual lines cuts exactly as its full scan does."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muehle.notation.reading import splitter
from muehle.notation.reading.decode import text_lines
from muehle.notation.reading.splitter import split_lines

#: Lines and pieces of lines, usual and odd, to be put together at random.
PIECES = [
    '[Event "x"]', '[Site "a\\"b"]', ' [Round "1"] ', '[Event "x"] {c}', "1. d2 d6 2. f4 f2", "3. b4-b6/xd6",
    "", " ", "\t", "\u00a0", "1-0", "0-1", "1/2-1/2", "\u00bd-\u00bd", "*", "{ a comment }", "{ open", "close }",
    "; rest of line", '"a string', "10. d1-d2 20. a1", "1. b4 1-0 1. d2", "[", "x0-y", "a1/2",
]


def cuts(text: str) -> list[tuple[int, str]]:
    return [(chunk.first_line, chunk.text) for chunk in split_lines(text_lines(text))]


def full_scan_cuts(text: str) -> list[tuple[int, str]]:
    """The cuts when every line goes through the splitter's full scan."""
    cutter = splitter._Splitter()
    chunks = [*cutter.split(text_lines(text), 1, quick=False), *cutter.finish()]
    return [(chunk.first_line, chunk.text) for chunk in chunks]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.sampled_from(PIECES), max_size=3).map(" ".join), max_size=12).map("\n".join))
def test_quick_lines_cut_as_the_full_scan(text: str) -> None:
    assert cuts(text) == full_scan_cuts(text)


#: What the splitter looks for after plain movetext, in one expression: comments, strings and
#: results that stand as words of their own.
SPECIAL = re.compile(r'[{;"*]|(?<![\w/.\-])(?:1-0|0-1|1/2-1/2|\u00bd-\u00bd)(?![\w/.\-])')


@given(st.text(alphabet="{;\"*-01/2\u00bd abd7x.", max_size=20))
def test_a_line_without_the_quick_marks_has_nothing_special(line: str) -> None:
    if not splitter._may_be_special(line):
        assert SPECIAL.search(line) is None


@given(st.text(alphabet="{;\"*-01/2\u00bd abd7x._", max_size=20), st.integers(0, 20))
def test_the_special_places_are_those_of_the_one_expression(line: str, start: int) -> None:
    found = SPECIAL.search(line, start)
    assert splitter._special_at(line, start) == (found.span() if found else None)


@pytest.mark.parametrize("line", ["1. d2 d6 1-0", "x *", "{c}", "; c", '"s"', "a 1/2-1/2", "\u00bd-\u00bd"])
def test_lines_that_may_end_a_game_are_scanned(line: str) -> None:
    assert splitter._may_be_special(line)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([
    '[Event "e"]\n', "1. d2 d6 *\n", "1-0\n", "\n", "\n\n", "{ open\n", "} 0-1\n", "{ c }\n", "; c\n", "1. f4 ½-½\n",
    '  [Site "s"] \n', "x 1/2-1/2 \n", "1. b4\n",
]), max_size=25))
def test_a_safe_cut_is_where_the_splitter_starts_a_game(parts: list[str]) -> None:
    """Wherever :func:`safe_cut` cuts a text, the splitter starts a game at the start of that line."""
    text = "".join(parts)
    data = text.encode("utf-8")
    starts = {(chunk.first_line, chunk.start) for chunk in split_lines(text_lines(text))}
    cut = splitter.safe_cut(data, 0)
    cuts = 0
    while cut is not None:
        cuts += 1
        assert (data[:cut].count(b"\n") + 1, 0) in starts, (text, cut)
        cut = splitter.safe_cut(data, cut + 1)
    if '1. d2 d6 *\n\n[Event "e"]\n' in text:
        assert cuts  # a cut this test can check was there to be found
