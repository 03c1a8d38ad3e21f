"""Slips put into legal games, one of each kind the search undoes: the material of the repair's
tests and benchmark.

:func:`inject` takes a legal game (as read from its text, with move numbers) and gives a copy
with one slip of a kind: a letter or a digit of a point changed to a neighbouring or look-alike
one, origin and target swapped, a capture left out, miswritten or added, a ply left out or
written twice, two plies of one side in the wrong order, or a move number written wrong. The
plies after a ply left out or written twice are numbered on as a scorekeeper would number
them, so that the numbering does not give the slip away. ``None`` when the game has no place
for that slip (no capture to leave out, say). :func:`standing` says where the game played stands
among a search's repairs, as ``docs/repair.md`` counts it ("How well it finds the game played").

>>> from muehle.notation.record.model import Game, Ply
>>> game = Game(plies=[Ply(1, "white", "d2"), Ply(1, "black", "d6"), Ply(2, "white", "f2")])
>>> [ply.move_text for ply in inject(game, "omitted", random.Random(1)).plies]
['d2', 'f2']
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, Sequence

from muehle.analyzer.engine.board import points_of
from muehle.analyzer.engine.replay import PlyRecord, Replay
from muehle.analyzer.engine.setup import replay_record
from muehle.analyzer.repair.search import RepairReport
from muehle.analyzer.repair.slips import Move, near, similar_points
from muehle.notation.record.model import WHITE, Game, Ply, numbering_after

if TYPE_CHECKING:
    from collections import Counter

#: The kinds of slip :func:`inject` puts in.
KINDS = ("letter", "digit", "swap", "capture-missing", "capture-point", "capture-extra", "omitted", "doubled",
         "order", "number")


def slipped_point(point: str, kind: str, rng: random.Random) -> Optional[str]:
    """``point`` with its letter (``kind`` ``letter``) or digit changed to a neighbouring or
    look-alike one that still names a point; ``None`` when there is none."""
    index = 0 if kind == "letter" else 1
    options = [other for other, slip, _cost in similar_points(point)
               if slip == kind and near(point[index], other[index])]
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
    if kind not in KINDS:
        raise ValueError(f"unknown kind of slip {kind!r}: one of {', '.join(KINDS)}")
    places = list(range(len(plies)))
    rng.shuffle(places)
    records = (replayed or replay_record(game)).records if kind == "capture-extra" else ()
    if not any(_slip(plies, place, kind, rng, records) for place in places):
        return None
    slipped = copy.copy(game)
    slipped.plies = plies
    slipped.tags = dict(game.tags)
    return slipped


def _slip(plies: list[Ply], place: int, kind: str, rng: random.Random, records: Sequence[PlyRecord]) -> bool:
    """Put a slip of ``kind`` into ``plies`` at ``place``: whether there is room for it there
    (``records``: the plies as replayed, for the stones a capture may take)."""
    ply = plies[place]
    if kind in ("letter", "digit"):
        name = rng.choice(["target"] + (["origin"] if ply.origin is not None else []))
        changed = slipped_point(getattr(ply, name), kind, rng)
        if changed is None or changed == (ply.origin if name == "target" else ply.target):
            return False
        setattr(ply, name, changed)
    elif kind == "swap":
        if ply.origin is None:
            return False
        ply.origin, ply.target = ply.target, ply.origin
    elif kind in ("capture-missing", "capture-point"):
        if not ply.captures:
            return False
        index = rng.randrange(len(ply.captures))
        if kind == "capture-missing":
            del ply.captures[index]
            return True
        changed = slipped_point(ply.captures[index], rng.choice(("letter", "digit")), rng)
        if changed is None or changed in ply.captures:
            return False
        ply.captures[index] = changed
    elif kind == "capture-extra":
        if ply.captures or place >= len(records):
            return False
        before = records[place].before
        stones = points_of(before.black if records[place].side == WHITE else before.white)
        if not stones:
            return False
        ply.captures = [rng.choice(stones)]
    elif kind == "omitted":
        del plies[place]
        _renumber(plies, place)
    elif kind == "doubled":
        plies.insert(place + 1, copy.deepcopy(ply))
        _renumber(plies, place + 1)
    elif kind == "order":
        later = place + rng.choice((1, 2))
        if later >= len(plies) or ply.move_text == plies[later].move_text:
            return False
        other = plies[later]
        (ply.target, ply.origin, ply.captures), (other.target, other.origin, other.captures) = (
            (other.target, other.origin, other.captures), (ply.target, ply.origin, ply.captures))
    else:  # (number)
        if ply.number is None or ply.number <= 1:
            return False
        ply.number += rng.choice((-1, 1))
    return True


def inject_slips(game: Game, kind: str, rng: random.Random, slips: int = 1) -> Optional[Game]:
    """A copy of ``game`` with ``slips`` slips: the first of ``kind``, any others of a kind drawn
    from :data:`KINDS` (``None`` where one of them cannot be made)."""
    slipped = inject(game, kind, rng)
    for _ in range(slips - 1):
        slipped = inject(slipped, rng.choice(KINDS), rng) if slipped is not None else None
    return slipped


#: Two evidence costs closer than this are equal (they are sums of a few costs of two decimals).
EQUAL_COST = 1e-9


def same_game(one: Sequence[Move], other: Sequence[Move]) -> bool:
    """Whether two main lines are the same game: the same plies, the captures of one ply in any
    order (a second capture left out could have stood before or after the first: the record
    cannot say, and the position after the ply is the same).

    >>> same_game([("b2", "d2", ("a4", "g7"))], [("b2", "d2", ("g7", "a4"))])
    True
    >>> same_game([("b2", "d2", ("a4",))], [("b2", "d2", ("g7",))])
    False
    """
    return len(one) == len(other) and all(
        a[0] == b[0] and a[1] == b[1] and sorted(a[2]) == sorted(b[2]) for a, b in zip(one, other))


@dataclass(frozen=True)
class Standing:
    """Where the game played stands among a search's complete repairs (``docs/repair.md``, "How
    well it finds the game played"): ``first``, it is the first suggestion; ``place``, its place
    among the first three as shown (1 to 3, ``None`` when it is not among them); ``rank``, its rank
    by the evidence cost, readings of equal evidence cost sharing one (1 + how many complete
    repairs have a lower evidence cost than it; ``None`` when the search did not find it)."""

    first: bool
    place: Optional[int]
    rank: Optional[int]


def standing(played: Sequence[Move], report: RepairReport, shown: int = 3) -> Standing:
    """The :class:`Standing` of the game ``played`` among the complete repairs of ``report`` (a
    search with a ``top`` large enough to hold every reading of equal cost); ``shown``: how many
    suggestions are shown.

    >>> from muehle.analyzer.repair.search import Suggestion
    >>> played = [("d2", None, ())]
    >>> other = Suggestion(1.0, [], [("d3", None, ())], True, 1, 0, evidence_cost=1.0)
    >>> same = Suggestion(1.1, [], list(played), True, 1, 0, evidence_cost=1.0)
    >>> standing(played, RepairReport(False, None, [other, same]))
    Standing(first=False, place=2, rank=1)
    """
    complete = [suggestion for suggestion in report.suggestions if suggestion.complete]
    found = [index for index, suggestion in enumerate(complete) if same_game(suggestion.plies, played)]
    if not found:
        return Standing(False, None, None)
    index = found[0]
    evidence = complete[index].evidence_cost
    rank = 1 + sum(suggestion.evidence_cost < evidence - EQUAL_COST for suggestion in complete)
    return Standing(index == 0, index + 1 if index < shown else None, rank)


def tally(count: "Counter[str]", played: Sequence[Move], report: RepairReport) -> None:
    """Count in ``count`` where the game ``played`` stands among the repairs of ``report`` (a slip
    that left the game legal under ``still legal``; else the case under ``cases`` and each
    measure of :func:`standing` it meets, and a search that gave up under ``gave up``)."""
    if report.valid:
        count["still legal"] += 1  # (a slip that leaves the game legal cannot be found)
        return
    count["cases"] += 1
    place = standing(played, report)
    count["first"] += place.first
    count["first three"] += place.place is not None
    count["first among equals"] += place.rank == 1
    count["first three among equals"] += place.rank is not None and place.rank <= 3
    count["shown among equals"] += place.place is not None and place.rank == 1
    count["gave up"] += report.gave_up


__all__ = ["EQUAL_COST", "KINDS", "Standing", "inject", "same_game", "slipped_point", "standing"]
