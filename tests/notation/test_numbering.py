"""Move numbers: the one arithmetic from a ply's place to its number and side and back
(``numbering_of``, ``place_of`` in the record model), and its users agreeing with it."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from muehle.analyzer.reports.analysis import move_number
from muehle.notation.record.model import BLACK, WHITE, numbered_in_turn, numbering_after, numbering_of, place_of

sides = st.sampled_from([WHITE, BLACK])


def test_from_the_usual_start_white_moves_first_and_black_replies_on_whites_number() -> None:
    # 1. d2 d6 2. f4 f2: places 0..3
    assert [numbering_of(place) for place in range(4)] == [(1, WHITE), (1, BLACK), (2, WHITE), (2, BLACK)]
    # the book's 17... a7-a4 is the 34th ply (place 33), 18. d2-b2 the 35th
    assert numbering_of(33) == (17, BLACK)
    assert numbering_of(34) == (18, WHITE)


def test_with_black_first_the_number_goes_up_after_blacks_ply() -> None:
    # a record set up from a position with Black to move at move 17: 17... then 18. then 18...
    assert [numbering_of(place, (17, BLACK)) for place in range(3)] == [(17, BLACK), (18, WHITE), (18, BLACK)]
    assert numbering_of(0, (1, BLACK)) == (1, BLACK)
    assert numbering_of(1, (1, BLACK)) == (2, WHITE)


def test_place_of_finds_the_ply_back() -> None:
    assert place_of(1, WHITE) == 0
    assert place_of(1, BLACK) == 1
    assert place_of(2, WHITE) == 2
    assert place_of(17, BLACK) == 33
    assert place_of(17, BLACK, (17, BLACK)) == 0
    assert place_of(18, WHITE, (17, BLACK)) == 1
    assert place_of(17, WHITE, (17, BLACK)) == -1  # (before the first ply)


@given(st.integers(0, 10_000), st.integers(1, 500), sides)
def test_place_of_undoes_numbering_of(place: int, number: int, side: str) -> None:
    first = (number, side)
    assert place_of(*numbering_of(place, first), first) == place  # type: ignore[arg-type]


@given(st.integers(0, 1000), st.integers(1, 500), sides)
def test_the_sides_alternate_and_the_number_goes_up_once_a_turn(place: int, number: int, side: str) -> None:
    here = numbering_of(place, (number, side))  # type: ignore[arg-type]
    after = numbering_of(place + 1, (number, side))  # type: ignore[arg-type]
    assert after[1] != here[1]
    assert after[0] == here[0] + (here[1] == BLACK)


def test_the_users_reckon_as_the_model_does() -> None:
    # the analysis counts plies from 1, numbering_after counts plies after a numbered one
    assert move_number(1) == (1, WHITE) and move_number(34) == (17, BLACK)
    assert move_number(2, BLACK, 17) == (18, WHITE)
    assert numbering_after((17, BLACK), 2) == (18, BLACK)
    assert numbering_after((None, WHITE), 3) == (None, BLACK)


@given(st.integers(1, 500), sides, st.integers(0, 40), st.sets(st.integers(0, 60), max_size=8), st.data())
def test_the_written_numbers_of_a_run_are_in_turn_when_numbering_of_gives_them(
        number: int, side: str, offset: int, places: set[int], data: st.DataObject) -> None:
    """numbered_in_turn, the check of many written numbers at once, says what numbering_of says
    of each: every number as it follows from the line's first ply is in turn, and one changed is not."""
    first = (number, side)
    written = {place: numbering_of(place + offset, first) for place in places}
    assert numbered_in_turn(first, written, offset)
    if written:
        place = data.draw(st.sampled_from(sorted(written)))
        moved, its_side = written[place]
        wrong = data.draw(st.sampled_from([(moved + 1, its_side), (moved - 1, its_side),
                                           (moved, BLACK if its_side == WHITE else WHITE)]))
        assert not numbered_in_turn(first, {**written, place: wrong}, offset)
