"""Plies of a record written as the book writes them, for tests that replay a line by hand."""

from __future__ import annotations

from typing import Iterable

from muehle.notation.record.model import Ply


def plies_of(texts: Iterable[str]) -> list[Ply]:
    """The plies ``texts`` (``"d2"``, ``"a1-a4"``, ``"d2-b2/xa4"``) as a record holds them, White's
    first and the turns in alternation, numbered as the book numbers them.

    >>> [(ply.number, ply.side, ply.origin, ply.target, ply.captures) for ply in plies_of(["d2", "a1-a4/xb2"])]
    [(1, 'white', None, 'd2', []), (1, 'black', 'a1', 'a4', ['b2'])]
    """
    plies = []
    for index, text in enumerate(texts):
        move, *captures = text.split("/x")
        origin, _, target = move.rpartition("-")
        plies.append(Ply(index // 2 + 1, "white" if index % 2 == 0 else "black", target, origin or None, captures))
    return plies
