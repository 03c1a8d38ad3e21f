"""Files cut into ranges: every boundary is one where the serial reader starts a game, the ranges
cover the file, their first lines are the serial reader's, and a range is read in blocks."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muehle.analyzer.batch import ranges
from muehle.analyzer.batch.ranges import count_line_breaks, file_ranges, next_cut, range_lines
from muehle.notation.reading.decode import line_break_count
from muehle.notation.reading.splitter import safe_cut

GAME = '[Event "{e}"]\n[Result "*"]\n\n1. d2 d6 2. f4 f2 *\n'

PARTS = [GAME.format(e="g"), "\n", "{ c }\n", "{ open\n", "} *\n", "1-0\n", '[Site "s"]\n', "1. d2 d6\n", "\n\n",
         "\r", "; c\r", "1. d2 d2 *\r", "\r\n", "1. d2 ; 1-0\n", '[Event "1-0"]\n', "x" * 40 + " 1-0\n"]


@settings(max_examples=200)
@given(st.lists(st.sampled_from(PARTS), min_size=1, max_size=40), st.integers(1, 64), st.integers(8, 48),
       st.integers(0, 24))
def test_ranges_cut_only_where_a_game_surely_starts(parts: list[str], size: int, window: int, back: int) -> None:
    data = "".join(parts).encode("utf-8")
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(ranges, "WINDOW_BYTES", window)
        monkeypatch.setattr(ranges, "LOOK_BACK_BYTES", back)
        monkeypatch.setattr(ranges, "COUNT_BYTES", 7)  # (CRLFs split between blocks)
        pieces = list(file_ranges(io.BytesIO(data), "t.txt", "t.txt", size))
    assert [p.start for p in pieces] == [0] + [p.end for p in pieces[:-1]]
    assert pieces[-1].end == len(data) and [p.ends_text for p in pieces] == [False] * (len(pieces) - 1) + [True]
    for piece in pieces[1:]:
        # the whole text before it says a game surely starts there: the same rule as the reader's
        assert safe_cut(data, piece.start) == piece.start
        assert piece.first_line == line_break_count(data, 0, piece.start) + 1
        assert piece.size >= size or piece is pieces[-1]


def test_a_boundary_is_found_from_the_window_after_the_range_size() -> None:
    data = (GAME.format(e="a") + "\n").encode() * 10  # 47 bytes and 5 lines a game
    # each range ends at the first game start from 100 bytes on: games 4, 7 and 10
    assert [(p.start, p.first_line) for p in file_ranges(io.BytesIO(data), "t", "t", 100)] == [
        (0, 1), (141, 16), (282, 31), (423, 46)]
    assert next_cut(io.BytesIO(data), 48, 200) == 94 and next_cut(io.BytesIO(data), 47, 200) == 47
    assert next_cut(io.BytesIO(data), 48, 94) is None  # (not before the limit)


def test_line_breaks_are_counted_as_the_reader_counts_them() -> None:
    data = b"a\r\nb\rc\n\r\n\rd\r"
    for start in (0, 3, 5):
        for end in range(start, len(data) + 1):
            assert count_line_breaks(io.BytesIO(data), start, end) == line_break_count(data, start, end)


def test_a_range_is_read_in_blocks_and_not_beyond_its_end(monkeypatch: pytest.MonkeyPatch) -> None:
    from muehle.notation.reading import decode

    monkeypatch.setattr(decode, "_BLOCK_BYTES", 100)
    data = (GAME.format(e="a") + "\n").encode() * 50  # (47 bytes a game)
    reads: list[int] = []

    class Counted(io.BytesIO):
        def read(self, size: int | None = -1) -> bytes:
            block = super().read(size)
            reads.append(len(block))
            return block

    piece = ranges.Range("t", "t.txt", 470, 940, 51, False)  # (games 11 to 20)
    lines = list(range_lines(Counted(data), piece))
    assert lines == (GAME.format(e="a") + "\n").split("\n")[:-1] * 10
    assert max(reads) <= 100 and sum(reads) == 470
