"""Hypothesis strategies that generate game records.

The records are those a reader of the notation can produce, so that writing and
reading again must give an equal record:

- numbering as the notation gives it: a ply either has a number written before it
  (never going backwards: White's number above the one before, Black's not below)
  or takes it from the ply before (Black replies on White's number, White moves on
  to the next); a line that starts without numbers has ``number`` ``None`` until
  the first written number; a variation continues the numbering of the ply before
  the one it replaces;
- comments are text without surrounding white space (the notation trims it) and
  without blank lines; a comment may hold ``}`` when it holds no line break (it is
  then written as a ``;`` comment; PGN refuses it: :data:`pgn_record_files`);
- tag names of letters, digits and ``_``; tag values any text without line breaks,
  with quotes and backslashes;
- comments after the result only when there is a result (without one they would
  be the last ply's);
- in a file of several games each game has a result, which ends it.
"""

from __future__ import annotations

import dataclasses
from typing import Optional

from hypothesis import strategies as st

from muehle.notation.record.model import ANNOTATIONS, BLACK, POINTS, RESULTS, WHITE, Game, Ply, Side, Variation

Context = Optional[tuple[Optional[int], Side]]

points = st.sampled_from(POINTS)

#: Characters the notation treats specially, mixed in to be drawn often.
_SPECIAL = '{}[]()"\\;$!?=*-/ .1\n'


def _characters(excluded: str) -> st.SearchStrategy[str]:
    """Any character but surrogates, carriage returns and ``excluded``."""
    return st.one_of(
        st.characters(blacklist_categories=("Cs",), blacklist_characters="\r" + excluded),
        st.sampled_from([c for c in _SPECIAL if c not in excluded]),
    )


def _tidy(text: str) -> str:
    """The text without blank lines and surrounding white space, as comments are read."""
    if "\n" in text:
        text = "\n".join(line for line in text.split("\n") if line.strip())
    return text.strip()


#: Comment texts: in braces (no ``}``) or on a line (no line break).
comment_texts = st.one_of(
    st.text(_characters("}"), max_size=20).map(_tidy),
    st.text(_characters("\n"), max_size=20).map(_tidy),
)

comment_lists = st.lists(comment_texts, max_size=2)

tag_names = st.from_regex(r"[A-Za-z0-9_]{1,12}", fullmatch=True)
tag_values = st.text(_characters("\n"), max_size=20)
tags = st.dictionaries(tag_names, tag_values, max_size=4)

results = st.sampled_from(RESULTS)
annotations = st.none() | st.sampled_from(ANNOTATIONS)
nags = st.lists(st.integers(1, 255), max_size=2)


@st.composite
def numbering(draw: st.DrawFn, context: Context) -> tuple[Optional[int], Side]:
    """The number and side of the next ply after a ply with ``context``."""
    previous = context[0] if context is not None else None
    if draw(st.booleans()):  # a number is written before the ply
        side = draw(st.sampled_from((WHITE, BLACK)))
        if previous is None:
            return draw(st.integers(1, 200)), side
        low = previous + 1 if side == WHITE else previous
        return draw(st.integers(low, low + 2)), side
    if context is None:
        return None, WHITE
    if context[1] == WHITE:
        return previous, BLACK
    return (None if previous is None else previous + 1), WHITE


@st.composite
def play_lines(draw: st.DrawFn, context: Context, depth: int, min_size: int = 0) -> list[Ply]:
    """A line of play continuing after a ply with ``context``, with variations
    nested up to ``depth`` levels."""
    plies: list[Ply] = []
    for _ in range(draw(st.integers(min_size, 4))):
        number, side = draw(numbering(context))
        ply = Ply(
            number=number,
            side=side,
            target=draw(points),
            origin=draw(st.none() | points),
            captures=draw(st.lists(points, max_size=2)),
            annotation=draw(annotations),
            nags=draw(nags),
            draw_offer=draw(st.booleans()),
            comments=draw(comment_lists),
        )
        if depth > 0:
            ply.variations = draw(st.lists(variations(context, depth - 1), max_size=depth))
        plies.append(ply)
        context = (number, side)
    return plies


@st.composite
def variations(draw: st.DrawFn, context: Context, depth: int) -> Variation:
    """A variation replacing a ply that followed a ply with ``context``."""
    return Variation(plies=draw(play_lines(context, depth, min_size=1)), comments=draw(comment_lists))


@st.composite
def games(draw: st.DrawFn, with_result: Optional[bool] = None) -> Game:
    """One record; ``with_result`` forces a result (True) or lets it be drawn (None)."""
    result = draw(results) if with_result or (with_result is None and draw(st.booleans())) else None
    game = Game(
        tags=draw(tags),
        comments=draw(comment_lists),
        plies=draw(play_lines(None, depth=2)),
        result=result,
        final_comments=draw(comment_lists) if result is not None else [],
    )
    return game


def not_empty(game: Game) -> bool:
    """Whether a record written alone reads back as itself (an empty one comes back as ``*``)."""
    return bool(game.tags or game.plies or game.comments or game.result is not None)


#: Files of records: one game, or several that each end with a result.
record_files = st.one_of(
    games().filter(not_empty).map(lambda game: [game]),
    st.lists(games(with_result=True), min_size=2, max_size=3),
)


def within_pgn(records: list[Game]) -> list[Game]:
    """The records with each ``}`` of a comment made ``)`` and a tag name that starts with
    ``_`` given a ``T`` before it: PGN refuses both (Sanmill would lose the moves after a
    ``;`` comment, and the tags after such a name)."""
    def texts(comments: list[str]) -> list[str]:
        return [text.replace("}", ")") for text in comments]

    def line(plies: list[Ply]) -> list[Ply]:
        return [dataclasses.replace(ply, comments=texts(ply.comments), variations=[
            Variation(line(v.plies), texts(v.comments)) for v in ply.variations]) for ply in plies]

    def named(tags: dict[str, str]) -> dict[str, str]:
        return {("T" + name if name.startswith("_") else name): value for name, value in tags.items()}

    return [Game(tags=named(game.tags), comments=texts(game.comments), plies=line(game.plies), result=game.result,
                 final_comments=texts(game.final_comments)) for game in records]


#: Files of records that PGN can carry (see :func:`within_pgn`).
pgn_record_files = record_files.map(within_pgn)
