"""The endgame solver: the symmetry group, the 3-against-3 flying figures, and values
checked by plain search written here (its own plies, its own symmetry group)."""

from __future__ import annotations

import functools
import hashlib
import json
import os
import random
import re
from math import comb
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from muehle.analyzer.endgames import index, solver  # noqa: E402
from muehle.analyzer.endgames.settings import EndgameRules  # noqa: E402
from muehle.analyzer.endgames.symmetry import SYMMETRIES  # noqa: E402
from muehle.analyzer.endgames.values import decode  # noqa: E402
from muehle.analyzer.engine.board import MILLS, NEIGHBOURS, mask_of  # noqa: E402
from paths import ROOT  # noqa: E402
from runner import run  # noqa: E402

FLYING = EndgameRules(flying=True, capture_from_mill="when-all-in-mills")


@functools.lru_cache(maxsize=None)
def board_automorphisms() -> frozenset[tuple[int, ...]]:
    """Every permutation of the 24 points keeping the lines between neighbours and the mills
    (by search: points placed in an order where each after the first has a placed neighbour)."""
    adjacent = [{j for j in range(24) if NEIGHBOURS[i] >> j & 1} for i in range(24)]
    order, seen = [0], {0}
    while len(order) < 24:
        nxt = min(j for i in order for j in adjacent[i] if j not in seen)
        order.append(nxt)
        seen.add(nxt)
    mills = {frozenset(i for i in range(24) if m >> i & 1) for m in MILLS}
    found = set()

    def extend(image: dict[int, int]) -> None:
        if len(image) == 24:
            if {frozenset(image[i] for i in mill) for mill in mills} == mills:
                found.add(tuple(image[i] for i in range(24)))
            return
        point = order[len(image)]
        used = set(image.values())
        for candidate in range(24):
            if candidate in used:
                continue
            if all((candidate in adjacent[image[other]]) == (other in adjacent[point]) for other in image):
                if len(adjacent[candidate]) == len(adjacent[point]):
                    image[point] = candidate
                    extend(image)
                    del image[point]

    extend({})
    return frozenset(found)


def test_the_solver_uses_exactly_the_board_automorphisms() -> None:
    found = board_automorphisms()
    assert len(found) == 16
    assert set(SYMMETRIES) == found
    assert len(set(SYMMETRIES)) == 16


# --- plain helpers of this test: sets as Python ints ---------------------------------------

def image(perm: tuple[int, ...], mask: int) -> int:
    return sum(1 << perm[i] for i in range(24) if mask >> i & 1)


def colex_rank(mask: int) -> int:
    points = [i for i in range(24) if mask >> i & 1]
    return sum(comb(p, k) for k, p in enumerate(points, 1))


def class_key(mover: int, other: int, perms: frozenset[tuple[int, ...]]) -> int:
    """The rank of the image whose (mover's set, other's set), as numbers, is least."""
    count = bin(other).count("1")
    least_mover, least_other = min((image(p, mover), image(p, other)) for p in perms)
    return colex_rank(least_mover) * comb(24, count) + colex_rank(least_other)


def in_mill(stones: int, point: int) -> bool:
    return any(stones & m == m and m >> point & 1 for m in MILLS)


def children(mover: int, other: int, flying: bool) -> list[tuple[int, int] | str]:
    """The positions after each ply (side to move first), or "won" for a capture leaving two
    stones; under capture from mills when all stand in mills."""
    empty = [p for p in range(24) if not (mover | other) >> p & 1]
    jumping = flying and bin(mover).count("1") == 3
    result: list[tuple[int, int] | str] = []
    for origin in (p for p in range(24) if mover >> p & 1):
        for target in empty:
            if not jumping and not NEIGHBOURS[origin] >> target & 1:
                continue
            moved = mover - (1 << origin) + (1 << target)
            closed = any(moved & m == m and m >> target & 1 for m in MILLS)
            if not closed:
                result.append((other, moved))
                continue
            theirs = [p for p in range(24) if other >> p & 1]
            free = [p for p in theirs if not in_mill(other, p)]
            for victim in free or theirs:
                result.append("won" if len(theirs) == 3 else (other - (1 << victim), moved))
    return result


@pytest.fixture(scope="module")
def three_v_three(solved_three_v_three: np.ndarray) -> np.ndarray:
    """The 3v3 table under FLYING, solved once for every test that needs it (tests/conftest.py)."""
    return solved_three_v_three


def test_three_v_three_flying_has_the_published_figures(three_v_three: np.ndarray) -> None:
    keys, movers, others = index.classes(3, 3)
    assert len(keys) == 169_626 == len(three_v_three)
    # every position of the table, counted by the orbits of the classes
    images = np.sort(np.stack([index.transform(s, movers).astype(np.int64) << 24 | index.transform(s, others)
                               for s in range(16)], axis=1), axis=1)
    orbit_sizes = 1 + (np.diff(images, axis=1) != 0).sum(axis=1)
    assert int(orbit_sizes.sum()) == 2_691_920 == comb(24, 3) * comb(21, 3)
    # the classes are distinct orbits
    assert len(np.unique(images[:, 0])) == len(keys)
    decoded = [decode(code)[0] for code in three_v_three.tolist()]
    assert decoded.count("win") == 140_621
    assert decoded.count("loss") == 28_736
    assert decoded.count("draw") == 269


def test_a_class_key_is_the_rank_of_its_least_image() -> None:
    perms = board_automorphisms()
    keys, movers, others = index.classes(3, 3)
    rng = random.Random(7)
    for number in rng.sample(range(len(keys)), 200):
        mover, other = int(movers[number]), int(others[number])
        assert class_key(mover, other, perms) == int(keys[number])
        perm = rng.choice(sorted(perms))
        moved = np.array([image(perm, mover)]), np.array([image(perm, other)])
        assert int(index.class_of(keys, *moved, 3)[0]) == number


def test_sampled_values_agree_with_their_plies(three_v_three: np.ndarray) -> None:
    """Each sampled value follows from the values after its plies: won in d when some ply
    leads to a position lost in d - 1 (d least), lost in d when all lead to won ones (d - 1 the
    longest), else drawn. Plies and symmetries are this test's own."""
    perms = board_automorphisms()
    keys, movers, others = index.classes(3, 3)
    position_of_key = {int(k): n for n, k in enumerate(keys.tolist())}
    rng = random.Random(11)
    sample = rng.sample(range(len(keys)), 150)
    sample += [n for n, code in enumerate(three_v_three.tolist()) if code == 0][:20]  # drawn ones too
    for number in sample:
        after = []
        for child in children(int(movers[number]), int(others[number]), flying=True):
            if child == "won":
                after.append(("loss", 0))  # the opponent, left with two, has lost
            else:
                after.append(decode(int(three_v_three[position_of_key[class_key(*child, perms)]])))
        lost = [d for value, d in after if value == "loss"]
        if lost:
            expected = ("win", min(lost) + 1)
        elif all(value == "win" for value, _ in after):
            expected = ("loss", max((d for _, d in after), default=-1) + 1)
        else:
            expected = ("draw", None)
        assert decode(int(three_v_three[number])) == expected, (number, after)


def wins_within(mover: int, other: int, plies: int, flying: bool) -> bool:
    """Plain minimax: the side to move can force a win within ``plies`` plies."""
    if plies <= 0:
        return False
    for child in children(mover, other, flying):
        if child == "won" or loses_within(*child, plies - 1, flying):
            return True
    return False


def loses_within(mover: int, other: int, plies: int, flying: bool) -> bool:
    after = children(mover, other, flying)
    if not after:
        return True  # blocked
    return all(wins_within(*child, plies - 1, flying) for child in after)


def test_short_wins_and_losses_agree_with_plain_minimax(three_v_three: np.ndarray) -> None:
    keys, movers, others = index.classes(3, 3)
    rng = random.Random(5)
    codes = three_v_three.tolist()
    for wanted in ("win", 1), ("win", 3), ("loss", 2):
        chosen = [n for n, code in enumerate(codes) if decode(code) == wanted]
        assert chosen, wanted
        for number in rng.sample(chosen, min(4, len(chosen))):
            mover, other = int(movers[number]), int(others[number])
            value, distance = wanted
            if value == "win":
                assert wins_within(mover, other, distance, True)
                assert not wins_within(mover, other, distance - 2, True)
            else:
                assert loses_within(mover, other, distance, True)
                assert not loses_within(mover, other, distance - 2, True)
    # and a position lost at distance 4 or more is not lost within 2 plies
    longer = [n for n, code in enumerate(codes) if decode(code)[0] == "loss" and decode(code)[1] >= 4]
    for number in rng.sample(longer, 3):
        assert not loses_within(int(movers[number]), int(others[number]), 2, True)


# --- the tables' sizes, by counting alone ---------------------------------------------------

def burnside_classes(mover_count: int, other_count: int, perms: frozenset[tuple[int, ...]]) -> int:
    """The number of classes of positions (the mover's and the other's point sets, disjoint, of
    the given sizes) under ``perms``, by Burnside's lemma: the mean over the symmetries of the
    positions each leaves as they are. A position is left as it is when both sets are unions of
    the symmetry's cycles: counted by choosing, cycle by cycle, the mover's set, the other's or
    neither."""
    fixed = 0
    for perm in perms:
        cycles, seen = [], set()
        for start in range(24):
            length, point = 0, start
            while point not in seen:
                seen.add(point)
                point, length = perm[point], length + 1
            if length:
                cycles.append(length)
        ways = {(0, 0): 1}
        for length in cycles:
            grown: dict[tuple[int, int], int] = {}
            for (m, o), count in ways.items():
                for m2, o2 in ((m, o), (m + length, o), (m, o + length)):
                    if m2 <= mover_count and o2 <= other_count:
                        grown[(m2, o2)] = grown.get((m2, o2), 0) + count
            ways = grown
        fixed += ways.get((mover_count, other_count), 0)
    assert fixed % len(perms) == 0
    return fixed // len(perms)


def documented_figures() -> dict[str, tuple[int, int]]:
    """The classes and positions of each table as docs/endgames.md's table of figures gives them."""
    text = (ROOT / "docs" / "endgames.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\dv\d) \| ([\d,]+) \| ([\d,]+) \|", text, re.M)
    return {name: (int(classes.replace(",", "")), int(positions.replace(",", ""))) for name, classes, positions in rows}


@pytest.mark.parametrize("mover_count, other_count", [(3, 3), (3, 4), (4, 3), (4, 4)])
def test_each_table_holds_one_class_per_orbit_as_counting_says(mover_count: int, other_count: int) -> None:
    """Positions: C(24, a) * C(24 - a, b); classes: Burnside's count under the board's automorphisms
    found by search; both as the docs give them. The table's keys are as many, distinct, and
    (sampled) each the least image of its class by this test's own symmetries."""
    perms = board_automorphisms()
    positions = comb(24, mover_count) * comb(24 - mover_count, other_count)
    classes = burnside_classes(mover_count, other_count, perms)
    assert documented_figures()[f"{mover_count}v{other_count}"] == (classes, positions)
    keys, movers, others = index.classes(mover_count, other_count)
    assert len(keys) == classes == len(np.unique(keys))
    for number in random.Random(mover_count * 10 + other_count).sample(range(len(keys)), 100):
        assert class_key(int(movers[number]), int(others[number]), perms) == int(keys[number])


def test_burnside_counts_the_three_against_three_orbits_the_solver_found() -> None:
    """The count agrees with the orbits summed one by one (the first test of this file)."""
    assert burnside_classes(3, 3, board_automorphisms()) == 169_626
    # one stone: the corners of the outer and inner squares, their middles, the middle square's corners, its middles
    assert burnside_classes(1, 0, board_automorphisms()) == 4
    assert burnside_classes(0, 0, board_automorphisms()) == 1


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("MUEHLE_SOLVE_ALL"),
                    reason="solves every table up to 4v4 (about a minute of CPU, 2 GB): set MUEHLE_SOLVE_ALL=1")
def test_the_four_stone_tables_agree_with_their_plies(three_v_three: np.ndarray) -> None:
    """3v4, 4v3 and 4v4 solved as `muehle endgames build` does; sampled classes of each, and every
    decided 4v4 class, have the value that the values after their plies give (this test's own
    plies and symmetries, as for 3v3). A 4v4 position lost in 0 has no ply; one won in 1 has a
    ply after which the opponent has none (a capture leaves it three flying stones)."""
    done = {(3, 3): three_v_three}
    done.update(solver.solve_group([(3, 4), (4, 3)], FLYING, done))
    done.update(solver.solve_group([(4, 4)], FLYING, done))
    perms = board_automorphisms()
    keys = {table: index.classes(*table)[0] for table in done}

    def value(mover: int, other: int) -> tuple[str, int | None]:
        table = (bin(mover).count("1"), bin(other).count("1"))
        number = int(np.searchsorted(keys[table], class_key(mover, other, perms)))
        return decode(int(done[table][number]))

    rng = random.Random(44)
    for table in ((3, 4), (4, 3), (4, 4)):
        _, movers, others = index.classes(*table)
        codes = done[table]
        sample = rng.sample(range(len(codes)), 60)
        if table == (4, 4):
            sample += np.flatnonzero(codes).tolist()  # every decided class
        for number in sample:
            mover, other = int(movers[number]), int(others[number])
            after = [("loss", 0) if child == "won" else value(*child) for child in children(mover, other, True)]
            lost = [d for result, d in after if result == "loss"]
            if lost:
                expected: tuple[str, int | None] = ("win", min(lost) + 1)  # type: ignore[type-var]
            elif all(result == "win" for result, _ in after):
                expected = ("loss", max((d for _, d in after), default=-1) + 1)  # type: ignore[type-var]
            else:
                expected = ("draw", None)
            assert decode(int(codes[number])) == expected, (table, number, after)
            if table == (4, 4) and expected == ("loss", 0):
                assert children(mover, other, True) == []
            if table == (4, 4) and expected == ("win", 1):
                assert any(child != "won" and not children(*child, True)
                           for child in children(mover, other, True))


def test_groups_solve_captures_into_tables_solved_before() -> None:
    groups = solver.groups(5)
    tables = [table for group in groups for table in group]
    assert sorted(tables) == [(a, b) for a in range(3, 6) for b in range(3, 6)]
    for number, group in enumerate(groups):
        for a, b in group:
            assert (b, a) in group  # a quiet ply: the other side to move, in the same group
            if b > 3:  # a capture: a group solved before
                assert any((b - 1, a) in earlier for earlier in groups[:number])


# --- the cache, the probe and the commands, on the 3-against-3 table ---------------------

def fen(white: list[str], black: list[str], to_move: str = "white") -> str:
    from muehle.analyzer.engine.board import Position
    from muehle.analyzer.engine.fen import position_to_fen

    return position_to_fen(Position(white=mask_of(white), black=mask_of(black), in_hand_white=0,
                                    in_hand_black=0, to_move=to_move))  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def cache(endgame_cache: Path) -> Path:
    return endgame_cache


#: White to move closes a mill by a1-a4-a7 (d1-a4) or by a1-d1-g1 (a7-g1), and any capture
#: leaves Black with two stones.
TWO_MILLS_OPEN = (["a1", "d1", "a7"], ["b2", "d2", "f6"])
#: Black to move with no two stones on one mill: it can stop one of White's two mills, not both.
BLACK_CANNOT_STOP_BOTH = (["a1", "d1", "a7"], ["b2", "d6", "f4"])


def test_probe_finds_the_win_in_one_and_every_ply_that_wins(cache: Path) -> None:
    from muehle.analyzer.endgames.probe import probe
    from muehle.analyzer.engine.board import Position

    white, black = TWO_MILLS_OPEN
    position = Position(white=mask_of(white), black=mask_of(black), in_hand_white=0, in_hand_black=0)
    found = probe(position, "wmd", cache)
    assert (found.value.result, found.value.distance) == ("win", 1)
    assert sorted(ply.text for ply in found.best) == sorted(
        f"{move}x{victim}" for move in ("d1-a4", "a7-g1") for victim in black)


def test_probe_command_prints_a_loss_in_two_with_every_ply_best(cache: Path) -> None:
    white, black = BLACK_CANNOT_STOP_BOTH
    result = run("endgames", "probe", fen(white, black, "black"), "--dir", str(cache))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "value: loss for Black to move in 2 plies"
    assert lines[1] == "distance: 2"
    best = lines[2].removeprefix("best plies: ").split(", ")
    assert len(best) == 3 * 18  # three stones, each jumping to any of the 18 empty points


def test_probe_and_the_table_agree_on_a_class_seen_through_a_symmetry(cache: Path,
                                                                       three_v_three: np.ndarray) -> None:
    from muehle.analyzer.endgames.probe import value_of

    keys, movers, others = index.classes(3, 3)
    rng = random.Random(3)
    for number in rng.sample(range(len(keys)), 30):
        perm = rng.choice(SYMMETRIES)
        value = value_of(image(perm, int(movers[number])), image(perm, int(others[number])), FLYING, cache)
        assert (value.result, value.distance) == decode(int(three_v_three[number]))


def test_a_missing_table_names_the_command_that_builds_it(tmp_path: Path) -> None:
    white, black = TWO_MILLS_OPEN
    result = run("endgames", "probe", fen(white, black), "--dir", str(tmp_path), "--rules", "wmd-traditional")
    assert result.exit_code == 1
    assert "has not been built" in result.output
    assert f"muehle endgames build --stones 3 --rules wmd-traditional --dir {tmp_path}" in result.output


def test_a_damaged_table_is_reported_with_the_command_that_rebuilds_it(tmp_path: Path) -> None:
    from muehle.analyzer.endgames.store import save_table, table_path

    path = table_path(tmp_path, FLYING, (3, 3))
    save_table(path, np.zeros(10, dtype=np.uint8))
    white, black = TWO_MILLS_OPEN
    result = run("endgames", "probe", fen(white, black), "--dir", str(tmp_path))
    assert result.exit_code == 1
    assert f"{path}: error: the endgame table 3v3 (flying-capture-when-all-in-mills) cannot be used: its header " \
           "gives 10 values, where the table 3v3 has 169626" in result.output
    assert f"build it again with: muehle endgames build --stones 3 --dir {tmp_path} --force" in result.output


def test_positions_the_tables_do_not_hold_are_refused(cache: Path) -> None:
    from muehle.analyzer.engine.board import Position
    from muehle.analyzer.engine.fen import position_to_fen

    placing = position_to_fen(Position(white=mask_of(["a1"]), black=mask_of(["d2"]), in_hand_white=8,
                                       in_hand_black=8, to_move="white"))
    result = run("endgames", "probe", placing, "--dir", str(cache))
    assert result.exit_code == 1 and "stones in hand" in result.output
    six = fen(["a1", "a4", "a7", "b2", "b4", "b6"], ["d1", "d2", "d3"])
    result = run("endgames", "probe", six, "--dir", str(cache))
    assert result.exit_code == 1 and "3 to 4 stones a side, not 6" in result.output
    result = run("endgames", "probe", "nonsense", "--dir", str(cache))
    assert result.exit_code == 1 and "<fen>:1:" in result.output and "17 fields" in result.output


def test_build_writes_missing_tables_and_keeps_those_there(cache: Path, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch,
                                                          three_v_three: np.ndarray) -> None:
    from muehle.analyzer.endgames import build

    solved = []

    def solve(group: list[tuple[int, int]], rules: EndgameRules, done: dict, progress: Any) -> dict:
        solved.append(group)
        return {(3, 3): three_v_three}

    monkeypatch.setattr(build, "solve_group", solve)
    result = run("endgames", "build", "--stones", "3", "--dir", str(tmp_path))
    assert result.exit_code == 0, result.output
    path = tmp_path / "v1" / "flying-capture-when-all-in-mills" / "3v3.table"
    assert result.output.startswith(f"{path} (solved in ")
    data = path.read_bytes()
    first, header, values = data.split(b"\n", 2)
    assert first == b"muehle endgame table, format 2"
    assert json.loads(header) == {"table": "3v3", "flying": True, "capture_from_mill": "when-all-in-mills",
                                  "blocked": "loss", "values": 169626,
                                  "blake2b": hashlib.blake2b(three_v_three.tobytes(), digest_size=32).hexdigest()}
    assert values == three_v_three.tobytes()
    assert [p.name for p in path.parent.iterdir()] == ["3v3.table"]  # no temporary left
    again = run("endgames", "build", "--stones", "3", "--dir", str(tmp_path))
    assert again.output == f"{path} (there already)\n" and solved == [[(3, 3)]]


def test_build_refuses_a_bad_number_of_stones_and_an_unknown_ruleset(tmp_path: Path) -> None:
    assert run("endgames", "build", "--stones", "2", "--dir", str(tmp_path)).exit_code == 2
    assert run("endgames", "build", "--stones", "5", "--dir", str(tmp_path)).exit_code == 2
    result = run("endgames", "build", "--rules", "chess", "--dir", str(tmp_path))
    assert result.exit_code == 2 and "neither a preset" in result.output


# --- muehle analyze --perfect -------------------------------------------------------------

def test_analyze_perfect_marks_a_thrown_away_win(cache: Path, tmp_path: Path) -> None:
    """White could close a mill at once (d1-a4 or a7-g1) and plays a1-a4 instead; Black then
    closes b2-d2-f2 by f6-f2 and takes a stone: White, left with two, has lost."""
    import json


    white, black = TWO_MILLS_OPEN
    record = tmp_path / "game.txt"
    record.write_text(f'[SetUp "1"]\n[FEN "{fen(white, black)}"]\n\n1. a1-a4 f6-f2xa4 0-1\n', encoding="utf-8")
    result = run("analyze", str(record), "--perfect", "--endgames-dir", str(cache),
                                      "--format", "json")
    assert result.exit_code == 0, result.output
    game = json.loads(result.output)[0]
    marks = [event for event in game["events"] if event["type"] == "win-thrown-away"]
    assert len(marks) == 1
    assert marks[0]["ply"] == 1 and marks[0]["side"] == "white"
    assert marks[0]["before"] == {"value": "win", "distance": 1}
    assert marks[0]["after"] == {"value": "loss", "distance": 2}
    assert sorted(marks[0]["best"]) == sorted(f"{m}x{v}" for m in ("d1-a4", "a7-g1") for v in black)
    # Black's reply wins at once, as fast as can be: valued, not marked
    assert [(p["ply"], p["before"], p["after"], p["marks"]) for p in game["perfect_play"]] == [
        (1, {"value": "win", "distance": 1}, {"value": "loss", "distance": 2}, ["win-thrown-away"]),
        (2, {"value": "win", "distance": 1}, {"value": "win", "distance": 1}, []),
    ]
    text = run("analyze", str(record), "--perfect", "--endgames-dir", str(cache))
    assert text.exit_code == 0, text.output
    assert "win in 1 -> loss in 2  win-thrown-away" in text.output


def test_analyze_perfect_without_tables_names_the_build_command(tmp_path: Path) -> None:


    white, black = TWO_MILLS_OPEN
    record = tmp_path / "game.txt"
    record.write_text(f'[SetUp "1"]\n[FEN "{fen(white, black)}"]\n\n1. a1-a4\n', encoding="utf-8")
    result = run("analyze", str(record), "--perfect", "--endgames-dir", str(tmp_path))
    assert result.exit_code == 1
    assert "muehle endgames build --stones 3" in result.output


def test_marks_of_kept_wins() -> None:
    from muehle.analyzer.endgames.perfect import marks_for
    from muehle.analyzer.endgames.plies import EndgamePly
    from muehle.analyzer.endgames.probe import ProbeResult, Value

    def ply(n: int) -> EndgamePly:
        return EndgamePly("a1", "a4", None, n, 0)

    one_winner = ProbeResult(Value("win", 5), ((ply(1), Value("win", 5)), (ply(2), Value("draw", None))))
    two_winners = ProbeResult(Value("win", 5), ((ply(1), Value("win", 5)), (ply(2), Value("win", 9))))
    assert marks_for(Value("win", 5), Value("win", 5), one_winner) == ("only-winning-ply",)
    assert marks_for(Value("win", 5), Value("win", 5), two_winners) == ()
    assert marks_for(Value("win", 5), Value("win", 9), two_winners) == ("slower-win",)
    assert marks_for(Value("win", 5), Value("draw", None), two_winners) == ("win-thrown-away",)
    assert marks_for(Value("draw", None), Value("draw", None), two_winners) == ()
    assert marks_for(Value("loss", 4), Value("loss", 2), two_winners) == ()


# --- the other rule settings --------------------------------------------------------------

def table_value(table: np.ndarray, mover: list[str], other: list[str]) -> tuple[str, int | None]:
    keys = index.classes(3, 3)[0]
    number = index.class_of(keys, np.array([mask_of(mover)], dtype=np.int32),
                            np.array([mask_of(other)], dtype=np.int32), 3)
    return decode(int(table[int(number[0])]))


def test_without_flying_three_stones_can_be_blocked() -> None:
    """White a1, d1, g1 against a4, d2, g4: every neighbour of White's stones is taken. White
    to move has lost (0 plies) when it may not jump; with flying it jumps and is not lost at once."""
    moving = solver.solve_group([(3, 3)], EndgameRules(flying=False), {})[(3, 3)]
    assert table_value(moving, ["a1", "d1", "g1"], ["a4", "d2", "g4"]) == ("loss", 0)


def test_a_blocked_side_draws_where_the_ruleset_says_so() -> None:
    """Black's c5, d5, e5 (the inner ring's top row) have three neighbours, c4, d6 and e4, all
    White's. Without flying, Black to move has no legal ply: lost in 0 under ``blocked: loss``,
    a draw under ``blocked: draw``. White to move with f4 for e4 closes the trap with f4-e4:
    won in 1 where a blocked side loses, and not so where it draws."""
    loses = solver.solve_group([(3, 3)], EndgameRules(flying=False), {})[(3, 3)]
    draws = solver.solve_group([(3, 3)], EndgameRules(flying=False, blocked="draw"), {})[(3, 3)]
    trapped, trappers = ["c5", "d5", "e5"], ["c4", "d6", "e4"]
    assert table_value(loses, trapped, trappers) == ("loss", 0)
    assert table_value(draws, trapped, trappers) == ("draw", None)
    before = ["c4", "d6", "f4"]
    assert table_value(loses, before, trapped) == ("win", 1)
    assert table_value(draws, before, trapped) != ("win", 1)


def test_the_blocked_setting_comes_from_the_ruleset() -> None:
    import dataclasses

    from muehle.analyzer.endgames.settings import endgame_rules
    from muehle.analyzer.engine.rules import load_ruleset

    assert endgame_rules(load_ruleset("wmd")).blocked == "loss"
    assert endgame_rules(dataclasses.replace(load_ruleset("wmd"), blocked="draw")).name.endswith("-blocked-draw")


def test_flying_three_stones_are_never_blocked(three_v_three: np.ndarray) -> None:
    assert table_value(three_v_three, ["a1", "d1", "g1"], ["a4", "d2", "g4"]) != ("loss", 0)


def test_capture_from_mills_decides_how_fast_a_mill_wins(three_v_three: np.ndarray) -> None:
    """Black's three stones stand in the mill b2-d2-f2. White closes a mill at once; with capture
    from mills when all stand in one it takes a stone and wins (1 ply). Under capture_from_mill:
    never it takes nothing; Black must open its mill (no jump closes another), and White's next
    mill takes a stone: 3 plies."""
    never = solver.solve_group([(3, 3)], EndgameRules(capture_from_mill="never"), {})[(3, 3)]
    white, black = ["a1", "d1", "a7"], ["b2", "d2", "f2"]
    assert table_value(three_v_three, white, black) == ("win", 1)
    assert table_value(never, white, black) == ("win", 3)


def test_build_into_a_folder_that_cannot_be_made_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         three_v_three: np.ndarray) -> None:
    from muehle.analyzer.endgames import build

    monkeypatch.setattr(build, "solve_group", lambda group, rules, done, progress: {(3, 3): three_v_three})
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    result = run("endgames", "build", "--stones", "3", "--dir", str(blocker))
    assert result.exit_code == 1
    assert "cannot write the endgame table there" in result.output and str(blocker) in result.output


def test_analyze_perfect_of_a_game_that_never_reaches_the_tables(tmp_path: Path) -> None:
    """Plies with stones in hand are not looked up: no table is needed, none is named."""
    import json


    record = tmp_path / "game.txt"
    record.write_text("1. d2 d6 2. f2 f6\n", encoding="utf-8")
    empty = tmp_path / "no-tables"
    text = run("analyze", str(record), "--perfect", "--endgames-dir", str(empty))
    assert text.exit_code == 0, text.output
    assert "perfect play: no ply in a position the endgame tables hold" in text.output
    data = run("analyze", str(record), "--perfect", "--endgames-dir", str(empty),
                                    "--format", "json")
    assert json.loads(data.output)[0]["perfect_play"] == []
    plain = run("analyze", str(record), "--format", "json")
    assert "perfect_play" not in json.loads(plain.output)[0]


def test_the_endgame_benchmark_counts_checks_and_probes_a_table(cache: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """bench/endgames.py on the 3v3 table already built: its figures are the table's."""
    import importlib.util

    script = ROOT / "bench" / "endgames.py"
    spec = importlib.util.spec_from_file_location("muehle_bench_endgames", script)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    assert bench.main(["--stones", "3", "--dir", str(cache), "--check", "20", "--reuse"]) == 0
    printed = capsys.readouterr().out
    assert "  3v3.table: there already" in printed
    assert "| 3v3 | 169,626 | 2,691,920 | 140,621 | 28,736 | 269 | 26 | 20 |" in printed
    assert "probe of a 3v3 position, tables loaded: value " in printed
    assert "load of the 3v3 table, checked: " in printed


def test_analyze_perfect_marks_an_only_winning_ply_and_a_slower_win(cache: Path, tmp_path: Path) -> None:
    """Positions found in the table: one won with a single winning ply (played), one where a
    ply wins more slowly than the best (played); the marks are those of the values printed."""
    import json

    from muehle.analyzer.endgames.probe import probe_masks
    from muehle.analyzer.engine.board import points_of

    keys, movers, others = index.classes(3, 3)
    only = slower = None
    for number in random.Random(2).sample(range(len(keys)), 3000):
        found = probe_masks(int(movers[number]), int(others[number]), FLYING, cache)
        winning = [(ply, value) for ply, value in found.plies if value.result == "win"]
        if only is None and len(winning) == 1 and found.value.distance > 1:
            only = (number, winning[0][0])
        if slower is None and any(value.distance > found.value.distance for _, value in winning):
            slower = (number, next(ply for ply, value in winning if value.distance > found.value.distance))
        if only and slower:
            break
    assert only and slower
    for (number, ply), mark in ((only, "only-winning-ply"), (slower, "slower-win")):
        record = tmp_path / f"{mark}.txt"
        start = fen(points_of(int(movers[number])), points_of(int(others[number])))
        record.write_text(f'[SetUp "1"]\n[FEN "{start}"]\n\n1. {ply.text}\n', encoding="utf-8")
        result = run("analyze", str(record), "--perfect", "--endgames-dir", str(cache),
                                          "--format", "json")
        assert result.exit_code == 0, result.output
        (played,) = json.loads(result.output)[0]["perfect_play"]
        assert played["marks"] == [mark]
        assert [event["type"] for event in json.loads(result.output)[0]["events"] if event["type"] == mark] == [mark]
