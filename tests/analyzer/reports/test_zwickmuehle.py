"""The Zwickmühle (running double mill) as ``muehle.analyzer.reports.zwickmuehle`` defines it.

A side has one when it has no stones in hand, has a closed mill M, and a stone s of
M can step to an adjacent free point p where it closes another mill M' (M' without
s): then s-p closes M' and p-s closes M again, a mill with every move
(``shared/seeds/003_439901164687ab34.txt``: "Hier kann der kontrollierende Spieler
jede Runde eine Mühle schließen").
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from muehle.analyzer.engine.board import ALL_POINTS, MILLS, NEIGHBOURS, Position, mask_of
from muehle.analyzer.engine.setup import replay_record
from muehle.analyzer.reports.analysis import analyze
from muehle.analyzer.reports.zwickmuehle import has_shuttle, has_zwickmuehle, shuttles, zwickmuehlen
from muehle.notation.reading.parser import read_file
from paths import ROOT

EXAMPLES = ROOT / "examples"


def moving(white: str, black: str = "") -> Position:
    return Position(mask_of(white.split()), mask_of(black.split()), 0, 0, "white")


def test_parallel_mills_on_two_rings() -> None:
    """a7-d7-g7 closed, b6 and f6 held, d6 free: d7-d6 closes b6-d6-f6, d6-d7 a7-d7-g7."""
    found = zwickmuehlen(moving("a7 d7 g7 b6 f6"), "white")
    assert [str(s) for s in found] == ["d7-d6 opens a7-d7-g7, closes b6-d6-f6"]


def test_corner_mills() -> None:
    """a1-a4-a7 closed, d2 and d3 held, d1 free: a1-d1 closes d1-d2-d3 and d1-a1 closes
    a1-a4-a7 again. (a1-d1-g1 is not the mill closed: it holds a1, the stone that moves.)"""
    found = zwickmuehlen(moving("a1 a4 a7 d2 d3"), "white")
    assert [(s.stone, s.to, s.closes) for s in found] == [("a1", "d1", ("d1", "d2", "d3"))]


def test_no_zwickmuehle_when_the_point_is_occupied() -> None:
    """With a Black stone on d6 the stone of a7-d7-g7 has nowhere to go."""
    assert not has_zwickmuehle(moving("a7 d7 g7 b6 f6", "d6"), "white")


def test_no_zwickmuehle_without_a_closed_mill() -> None:
    """Two open mills that share the free point d6 are not a Zwickmühle: nothing is closed yet."""
    assert not has_zwickmuehle(moving("a7 g7 b6 f6 d5"), "white")


def test_no_zwickmuehle_while_stones_are_in_hand() -> None:
    """A side still placing does not move stones, so it has no running mill yet."""
    position = Position(mask_of("a7 d7 g7 b6 f6".split()), 0, 4, 9, "white")
    assert not has_zwickmuehle(position, "white")
    assert zwickmuehlen(position, "white") == []


def test_the_stone_must_not_belong_to_the_mill_it_would_close() -> None:
    """a1-a4-a7 closed, g1 held, d1 free: a1-d1 lands on the line a1-d1-g1 but leaves a1
    empty, so it closes nothing; no other stone can close a mill: no Zwickmühle."""
    assert not has_zwickmuehle(moving("a1 a4 a7 g1"), "white")


def test_black_is_judged_on_its_own_stones() -> None:
    """The same structure in Black's stones; White's stones do not count for Black."""
    position = moving("a1", "a7 d7 g7 b6 f6")
    assert has_zwickmuehle(position, "black") and not has_zwickmuehle(position, "white")


def _by_the_definition(own: int, other: int) -> bool:
    """The definition spelled out move by move: some stone of a closed mill steps to a
    free neighbour and the mills it then stands in include one it did not stand in."""
    empty = ALL_POINTS & ~(own | other)
    for mill in MILLS:
        if own & mill != mill:
            continue
        for s in range(24):
            if not mill >> s & 1:
                continue
            for p in range(24):
                if NEIGHBOURS[s] >> p & 1 and empty >> p & 1:
                    after = own & ~(1 << s) | 1 << p
                    if any(after & m == m and m >> p & 1 for m in MILLS):
                        return True
    return False


@settings(max_examples=400, deadline=None)
@given(st.integers(0, ALL_POINTS), st.integers(0, ALL_POINTS))
def test_fast_test_agrees_with_the_definition(own: int, other: int) -> None:
    """The mask test and the list of shuttles agree with a plain move-by-move reading."""
    other &= ~own
    expected = _by_the_definition(own, other)
    assert has_shuttle(own, other) == expected
    assert bool(shuttles(own, other)) == expected


def test_zwickmuehle_stretch_in_a_game() -> None:
    """In examples/analyze-zwickmuehle.txt White completes the structure at ply 11 (d7)
    but has stones in hand until its ninth placement, ply 17: the stretch starts there.
    It lasts while d6 or d7 stays free for the shuttle, until Black jumps g1-d7 at ply 28
    (d6 then holds White's stone and every neighbour of it is taken): the last ply with
    the Zwickmühle is 27. Black never has one."""
    game = list(read_file(EXAMPLES / "analyze-zwickmuehle.txt"))[0]
    found = [e.to_dict() for e in analyze(replay_record(game)).events if e.type == "zwickmuehle"]
    assert found == [{
        "ply": 17, "move": "9. d2", "side": "white", "type": "zwickmuehle",
        "shuttles": [{"stone": "d7", "to": "d6", "opens": ["a7", "d7", "g7"], "closes": ["b6", "d6", "f6"]}],
        "until": 27,
    }]
