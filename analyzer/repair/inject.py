"""Slips put into legal games, one of each kind the search undoes: the material of the repair's
tests and benchmark.

:func:`inject` takes a legal game (as read from its text, with move numbers) and gives a copy
with one slip of a kind: a letter or a digit of a point changed to a neighbouring or look-alike
one, origin and target swapped, a capture left out, miswritten or added, a ply left out or
written twice, two plies of one side in the wrong order, or a move number written wrong. The
plies after a ply left out or written twice are numbered on as a scorekeeper would number
them, so that the numbering does not give the slip away. ``None`` when the game has no place
for that slip (no capture to leave out, say).

>>> from muehle.notation.model import Game, Ply
>>> game = Game(plies=[Ply(1, "white", "d2"), Ply(1, "black", "d6"), Ply(2, "white", "f2")])
>>> [ply.move_text for ply in inject(game, "omitted", random.Random(1)).plies]
['d2', 'f2']
"""

from __future__ import annotations

import copy
import random
from typing import Optional

from muehle.analyzer.engine.board import POINTS, points_of
from muehle.analyzer.engine.replay import Replay
from muehle.analyzer.engine.setup import replay_record
from muehle.analyzer.repair.slips import LOOK_ALIKE
from muehle.notation.model import Game, Ply, numbering_after

#: The kinds of slip :func:`inject` puts in.
KINDS = ("letter", "digit", "swap", "capture-missing", "capture-point", "capture-extra", "omitted", "doubled",
         "order", "number")


def _changed_characters(character: str) -> list[str]:
    """The characters a scorekeeper writes for ``character``: its neighbours and look-alikes."""
    found = {chr(ord(character) - 1), chr(ord(character) + 1)}
    found |= {b for a, b in LOOK_ALIKE if a == character} | {a for a, b in LOOK_ALIKE if b == character}
    return sorted(found)


def slipped_point(point: str, kind: str, rng: random.Random) -> Optional[str]:
    """``point`` with its letter (``kind`` ``letter``) or digit changed to a neighbouring or
    look-alike one that still names a point; ``None`` when there is none."""
    index = 0 if kind == "letter" else 1
    options = [point[:index] + other + point[index + 1:] for other in _changed_characters(point[index])]
    options = [option for option in options if option in POINTS]
    return rng.choice(options) if options else None


def _renumber(plies: list[Ply], first: int) -> None:
    """Number ``plies`` from the place ``first`` on as they follow from the ply before it."""
    if first <= 0 or first > len(plies):
        return
    before = plies[first - 1]
    if before.number is None:
        return
    for offset, ply in enumerate(plies[first:], 1):
        ply.number, ply.side = numbering_after((before.number, before.side), offset)


def inject(game: Game, kind: str, rng: random.Random, replayed: Optional[Replay] = None) -> Optional[Game]:
    """A copy of ``game`` with one slip of ``kind`` (one of :data:`KINDS`), or ``None`` when the game
    has no place for it. ``replayed``: the game's replay (for the stones a capture may take)."""
    plies = [copy.copy(ply) for ply in game.plies]
    for ply in plies:
        ply.captures = list(ply.captures)
        ply.variations = []
    if not plies:
        return None
    places = list(range(len(plies)))
    rng.shuffle(places)
    done = False
    if kind in ("letter", "digit"):
        for place in places:
            ply = plies[place]
            fields = ["target"] + (["origin"] if ply.origin is not None else [])
            name = rng.choice(fields)
            changed = slipped_point(getattr(ply, name), kind, rng)
            if changed is not None and changed != (ply.origin if name == "target" else ply.target):
                setattr(ply, name, changed)
                done = True
                break
    elif kind == "swap":
        for place in places:
            ply = plies[place]
            if ply.origin is not None:
                ply.origin, ply.target = ply.target, ply.origin
                done = True
                break
    elif kind in ("capture-missing", "capture-point"):
        for place in places:
            ply = plies[place]
            if ply.captures:
                index = rng.randrange(len(ply.captures))
                if kind == "capture-missing":
                    del ply.captures[index]
                    done = True
                    break
                changed = slipped_point(ply.captures[index], rng.choice(("letter", "digit")), rng)
                if changed is not None and changed not in ply.captures:
                    ply.captures[index] = changed
                    done = True
                    break
    elif kind == "capture-extra":
        records = (replayed or replay_record(game)).records
        for place in places:
            ply = plies[place]
            if not ply.captures and place < len(records):
                before = records[place].before
                theirs = before.black if records[place].side == "white" else before.white
                stones = points_of(theirs)
                if stones:
                    ply.captures = [rng.choice(stones)]
                    done = True
                    break
    elif kind == "omitted":
        place = places[0]
        del plies[place]
        _renumber(plies, place)
        done = True
    elif kind == "doubled":
        place = places[0]
        plies.insert(place + 1, copy.deepcopy(plies[place]))
        _renumber(plies, place + 1)
        done = True
    elif kind == "order":
        for place in places:
            distance = rng.choice((1, 2))
            other = place + distance
            if other < len(plies) and plies[place].move_text != plies[other].move_text:
                first, second = plies[place], plies[other]
                moved = [(p.target, p.origin, p.captures) for p in (second, first)]
                (first.target, first.origin, first.captures), (second.target, second.origin, second.captures) = moved
                done = True
                break
    elif kind == "number":
        for place in places:
            ply = plies[place]
            if ply.number is not None and ply.number > 1:
                ply.number += rng.choice((-1, 1))
                done = True
                break
    else:
        raise ValueError(f"unknown kind of slip {kind!r}: one of {', '.join(KINDS)}")
    if not done:
        return None
    slipped = copy.copy(game)
    slipped.plies = plies
    slipped.tags = dict(game.tags)
    return slipped


__all__ = ["KINDS", "inject", "slipped_point"]
