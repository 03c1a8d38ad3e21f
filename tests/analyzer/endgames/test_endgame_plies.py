"""The endgame's plies are the engine's: ``endgame_plies`` against the board's legal plies and
against plies written here from the rules text, and the vectorised solver's plies against the
engine's over every 3v3 class (every 3-against-3 position, up to the board's symmetries).

The rules, as the texts give them (WMD 5, 7, 8; ``docs/rulesets.md``): with nothing in hand a
stone moves along a line to a free neighbour; a side with three stones jumps to any free point
where the ruleset lets it fly; a ply that completes three in a line captures one opposing stone,
not one in a closed mill unless all stand in mills (``when-all-in-mills``), never one in a mill
(``never``: then nothing when all are), or any (``always``); the side left with two has lost.
"""

from __future__ import annotations

import random
from typing import Optional

import pytest

np = pytest.importorskip("numpy")

from muehle.analyzer.endgames import index, solver  # noqa: E402
from muehle.analyzer.endgames.plies import endgame_plies  # noqa: E402
from muehle.analyzer.endgames.settings import CAPTURE_MODES, EndgameRules  # noqa: E402
from muehle.analyzer.engine.board import MILL_LINES, POINTS, Position, mask_of  # noqa: E402
from muehle.analyzer.engine.core import capturable  # noqa: E402
from muehle.analyzer.engine.position import Board, moves_for  # noqa: E402

SETTINGS = [EndgameRules(flying, mode) for flying in (True, False) for mode in CAPTURE_MODES]

# --- the rules as written here: neighbours and mills from the board's picture ---------------

#: The board's rings (outer, middle, inner) and the four lines that join them.
RINGS = [["a1", "d1", "g1", "g4", "g7", "d7", "a7", "a4"], ["b2", "d2", "f2", "f4", "f6", "d6", "b6", "b4"],
         ["c3", "d3", "e3", "e4", "e5", "d5", "c5", "c4"]]
SPOKES = [["a4", "b4", "c4"], ["d1", "d2", "d3"], ["g4", "f4", "e4"], ["d7", "d6", "d5"]]
NEXT_TO = {point: set() for point in POINTS}
for ring in RINGS:
    for a, b in zip(ring, ring[1:] + ring[:1]):
        NEXT_TO[a].add(b)
        NEXT_TO[b].add(a)
for spoke in SPOKES:
    for a, b in zip(spoke, spoke[1:]):
        NEXT_TO[a].add(b)
        NEXT_TO[b].add(a)
#: Three in a line: each ring's sides (corner, middle, corner) and the middle lines.
LINES = [frozenset(ring[i:i + 3] if i < 6 else ring[6:] + ring[:1]) for ring in RINGS for i in (0, 2, 4, 6)]
LINES += [frozenset(spoke) for spoke in SPOKES]
MILL_SETS = {frozenset(line) for line in LINES}


def test_the_lines_written_here_are_the_boards() -> None:
    assert sum(len(n) for n in NEXT_TO.values()) == 2 * 32
    assert MILL_SETS == {frozenset(line) for line in MILL_LINES} and len(MILL_SETS) == 16


def in_mill(stones: set[str], point: str) -> bool:
    return any(point in line and line <= stones for line in MILL_SETS)


def plies_by_the_text(mover: set[str], other: set[str], rules: EndgameRules) -> set[tuple[str, str, Optional[str]]]:
    """Every ply (origin, target, capture) of the side with ``mover`` against ``other``, nothing in hand."""
    free = set(POINTS) - mover - other
    plies = set()
    for origin in mover:
        targets = free if rules.flying and len(mover) == 3 else NEXT_TO[origin] & free
        for target in targets:
            after = mover - {origin} | {target}
            if not any(target in line and line <= after for line in MILL_SETS):
                plies.add((origin, target, None))
                continue
            outside = {stone for stone in other if not in_mill(other, stone)}
            victims = {"always": other, "never": outside,
                       "when-all-in-mills": outside or other}[rules.capture_from_mill]
            plies.update((origin, target, victim) for victim in victims)
            if not victims:
                plies.add((origin, target, None))
    return plies


def positions(mover_count: int, other_count: int, count: int, seed: int) -> list[tuple[set[str], set[str]]]:
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        points = rng.sample(POINTS, mover_count + other_count)
        found.append((set(points[:mover_count]), set(points[mover_count:])))
    return found


# --- endgame_plies: the board's legal plies, played -------------------------------------------

@pytest.mark.parametrize("rules", SETTINGS, ids=lambda rules: rules.name)
def test_endgame_plies_are_the_legal_plies_and_those_the_text_gives(rules: EndgameRules) -> None:
    """On 500 positions of 3 to 5 stones a side: the same plies as ``Board.legal_plies`` and as the
    rules written here; the position after each is the one the ply leaves, seen from the side
    then to move; a ply wins at once exactly when it leaves the opponent two stones."""
    samples = [position for counts in ((3, 3), (3, 4), (4, 3), (4, 4), (3, 5), (5, 4))
               for position in positions(*counts, 80, seed=sum(counts) * 7 + len(rules.name))]
    samples.append(({"a1", "d1", "g1"}, {"a4", "d2", "g4"}))  # (White walled in without flying)
    samples.append(({"a1", "d1", "g1", "b2"}, {"a7", "d7", "g7", "d6", "b4"}))  # (Black's stones all in a mill, b4 not)
    for mover, other in samples:
        made = endgame_plies(mask_of(mover), mask_of(other), rules)
        board = Board(rules.ruleset(), Position(mask_of(mover), mask_of(other), 0, 0, "white"))
        legal = [(ply.target, ply.origin, (ply.capture,) if ply.capture else ()) for ply in made]
        assert legal == board.legal_plies()
        assert {(ply.origin, ply.target, ply.capture) for ply in made} == plies_by_the_text(mover, other, rules)
        for ply in made:
            assert ply.other == mask_of(mover - {ply.origin} | {ply.target})
            assert ply.mover == mask_of(other - {ply.capture} if ply.capture else other)
            assert ply.wins_at_once == (ply.capture is not None and len(other) == 3)


def test_a_walled_in_side_has_no_ply_without_flying() -> None:
    walled = mask_of(["a1", "d1", "g1"]), mask_of(["a4", "d2", "g4"])
    assert endgame_plies(*walled, EndgameRules(flying=False)) == []
    assert len(endgame_plies(*walled, EndgameRules(flying=True))) == 3 * 18


# --- the solver's plies against the engine's, every 3v3 class ------------------------------

_MASK = (1 << 64) - 1

# A position after a ply (the stones of the side then to move, of the other) as one number; the
# plies of a position are fingerprinted by their count and the sums of these keys and of their
# squares (modulo 2 ** 64): two lists of positions with the same three differ in no position but
# by an unlikely coincidence.


def key(mover: int, other: int) -> int:
    return other << 24 | mover


def fingerprint(keys: list[int]) -> tuple[int, int, int]:
    return len(keys), sum(keys) & _MASK, sum(k * k for k in keys) & _MASK


def solver_fingerprints(movers: np.ndarray, others: np.ndarray, rules: EndgameRules) -> np.ndarray:
    """For each position: the fingerprint of the plies the solver's generator makes
    (``solver._plies`` and ``solver.capturable_masks``, what ``_table_edges`` builds its edges of),
    as rows of (count, sum, sum of squares)."""
    found = np.zeros((len(movers), 3), dtype=np.uint64)
    victims_of = solver.capturable_masks(others, rules.capture_from_mill)

    def add(where: np.ndarray, mover: np.ndarray, other: np.ndarray) -> None:
        keys = other.astype(np.uint64) << np.uint64(24) | mover.astype(np.uint64)
        np.add.at(found[:, 0], where, np.uint64(1))
        np.add.at(found[:, 1], where, keys)
        with np.errstate(over="ignore"):
            np.add.at(found[:, 2], where, keys * keys)

    for where, moved, closes in solver._plies(movers, others, rules.flying):
        victims = np.where(closes, victims_of[where], 0)
        quiet = victims == 0
        add(where[quiet], others[where[quiet]], moved[quiet])
        for point in range(24):
            hit = np.flatnonzero(victims >> point & 1)
            add(where[hit], others[where[hit]] & ~(1 << point), moved[hit])
    return found


def engine_fingerprints(mover: int, other: int, flying_rules: list[EndgameRules]) -> list[tuple[int, int, int]]:
    """The same of the engine's plies (``moves_for`` and ``capturable``, what ``Board.legal_plies``
    is made of), under each of ``flying_rules`` (one flying setting, the capture modes)."""
    rulesets = [rules.ruleset() for rules in flying_rules]
    quiet: list[int] = []
    closing: list[list[int]] = [[] for _ in rulesets]
    for origin, target, mills in moves_for(mover, other, 0, rulesets[0]):
        moved = mover & ~(1 << origin) | 1 << target
        if not mills:
            quiet.append(key(other, moved))
            continue
        for number, ruleset in enumerate(rulesets):
            victims = capturable(other, ruleset)
            if not victims:
                closing[number].append(key(other, moved))
            closing[number].extend(key(other & ~(1 << point), moved) for point in range(24) if victims >> point & 1)
    return [fingerprint(quiet + keys) for keys in closing]


@pytest.mark.slow
@pytest.mark.parametrize("flying", [True, False], ids=["flying", "moving"])
def test_the_solver_makes_the_engines_plies_in_every_three_v_three_class(flying: bool) -> None:
    """Every one of the 169,626 classes of the 3v3 table (each 3-against-3 position is one of
    them seen through a symmetry of the board, which keeps every rule; the solver makes its plies
    from these), under each capture mode: the solver makes as many plies as the engine, to the
    same positions (the fingerprints agree). A sample also against ``endgame_plies``, the board's
    plies played by the core. About 15 s."""
    _, movers, others = index.classes(3, 3)
    settings = [EndgameRules(flying, mode) for mode in CAPTURE_MODES]
    by_solver = [solver_fingerprints(movers, others, rules).tolist() for rules in settings]
    mover_list, other_list = movers.tolist(), others.tolist()
    for number in range(len(mover_list)):
        engine = engine_fingerprints(mover_list[number], other_list[number], settings)
        for rules, solver_made, engine_made in zip(settings, by_solver, engine):
            if tuple(solver_made[number]) != engine_made:
                raise AssertionError(f"{rules.name}, class {number} ({mover_list[number]:#x} against "
                                     f"{other_list[number]:#x}): the solver's plies (count, sums) "
                                     f"{solver_made[number]}, the engine's {engine_made}")
    for number in random.Random(flying).sample(range(len(mover_list)), 300):
        for rules, solver_made in zip(settings, by_solver):
            plies = endgame_plies(mover_list[number], other_list[number], rules)
            assert fingerprint([key(ply.mover, ply.other) for ply in plies]) == tuple(solver_made[number])


def test_the_fingerprints_tell_a_wrong_ply() -> None:
    """The comparison above can fail: plies that lead to one other position give another fingerprint."""
    mover, other = mask_of(["a1", "d1", "a7"]), mask_of(["b2", "d2", "f2"])
    rules = EndgameRules()
    (found,) = engine_fingerprints(mover, other, [rules])
    plies = endgame_plies(mover, other, rules)
    # 3 stones jumping to 18 free points; two jumps close a mill (a7-g1: a1-d1-g1, d1-a4: a1-a4-a7) and
    # capture any of b2, d2, f2 (all three in their mill)
    assert found[0] == len(plies) == 3 * 18 - 2 + 2 * 3
    assert sorted(ply.text for ply in plies if ply.capture) == [
        "a7-g1xb2", "a7-g1xd2", "a7-g1xf2", "d1-a4xb2", "d1-a4xd2", "d1-a4xf2"]
    keys = [key(ply.mover, ply.other) for ply in plies]
    assert fingerprint(keys) == found
    for wrong in ([keys[0] ^ 1 << 23, *keys[1:]], [keys[0] + 1, keys[1] - 1, *keys[2:]], keys[1:] + keys[1:2]):
        assert fingerprint(wrong) != found
    solver_made = solver_fingerprints(np.array([mover], dtype=np.int32), np.array([other], dtype=np.int32), rules)
    assert tuple(solver_made[0].tolist()) == found
