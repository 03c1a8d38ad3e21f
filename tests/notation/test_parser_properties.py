"""Property tests: however a record is spelled, the parser reads the same plies.

A list of plies is written with random choices among the spellings the notation
allows (move number forms, capture forms, upper case, spacing, line breaks,
comments between plies); the parser must give back exactly the plies, numbered
and sided as the alternation says.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from muehle.notation import Ply, read_games
from muehle.notation.record.model import POINTS

points = st.sampled_from(POINTS)


@st.composite
def plies(draw) -> list[Ply]:
    count = draw(st.integers(min_value=1, max_value=30))
    first = draw(st.integers(min_value=1, max_value=200))
    black_first = draw(st.booleans())
    result = []
    for index in range(count):
        turn = index + (1 if black_first else 0)
        side = "white" if turn % 2 == 0 else "black"
        number = first + turn // 2
        origin = draw(st.none() | points)
        target = draw(points)
        captures = draw(st.lists(points, max_size=2))
        annotation = draw(st.none() | st.sampled_from(["!", "?", "!!", "??", "!?", "?!"]))
        nags = draw(st.lists(st.integers(min_value=1, max_value=255), max_size=2))
        offer = draw(st.booleans())
        result.append(Ply(number, side, target, origin, captures, annotation, nags, offer))
    return result


@st.composite
def spelled(draw, record: list[Ply]) -> str:
    """The plies in one of the many spellings the notation allows."""
    words = []
    previous_side = None
    for ply in record:
        upper = draw(st.booleans())
        move = ply.target if ply.origin is None else f"{ply.origin}-{ply.target}"
        for point in ply.captures:
            move += draw(st.sampled_from(["/x", "x"])) + point
        if upper:
            move = move.upper()
        numbered = previous_side is None or draw(st.booleans())
        if numbered:
            if ply.side == "white":
                mark = draw(st.sampled_from([".", ". "]))
            else:
                mark = draw(st.sampled_from(["...", "... ", ". ...", ". - ", "…", ".\t..."]))
            move = f"{ply.number}{mark}{move}"
        words.append(move)
        if ply.annotation:
            words[-1] += draw(st.sampled_from(["", " "])) + ply.annotation
        words.extend(f"${nag}" for nag in ply.nags)
        if ply.draw_offer:
            words.append("(=)")
        if draw(st.integers(0, 5)) == 0:
            words.append(draw(st.sampled_from(["{ Kommentar }", "; Zeilenkommentar\n", "{}"])))
        previous_side = ply.side
    separators = st.sampled_from([" ", "  ", "\n", "\t", " \r\n"])
    return "".join(word + (word.endswith("\n") and "" or draw(separators)) for word in words)


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_every_spelling_reads_the_same_plies(data) -> None:
    record = data.draw(plies())
    text = data.draw(spelled(record))
    (game,) = read_games(text)
    assert game.errors == []
    got = [(p.number, p.side, p.origin, p.target, p.captures, p.annotation, p.nags, p.draw_offer)
           for p in game.plies]
    want = [(p.number, p.side, p.origin, p.target, p.captures, p.annotation, p.nags, p.draw_offer)
            for p in record]
    assert got == want


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["1-0", "0-1", "1/2-1/2", "½-½", "*"]), min_size=1, max_size=6),
       st.sampled_from([" ", "\n", "\n\n"]))
def test_each_result_ends_one_game(results: list[str], separator: str) -> None:
    text = separator.join(f"1. b4 {{Partie {n}}} d6 {result}" for n, result in enumerate(results))
    games = list(read_games(text))
    assert [g.result for g in games] == [r.replace("½-½", "1/2-1/2") for r in results]
    assert [g.plies[0].comments for g in games] == [[f"Partie {n}"] for n in range(len(results))]
