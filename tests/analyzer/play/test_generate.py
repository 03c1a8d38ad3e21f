"""Generated games are legal, varied and reproducible; each certain corruption is caught at its ply."""

from __future__ import annotations

import collections
import dataclasses
import random
from pathlib import Path
from typing import Callable, Optional

import pytest

from muehle.analyzer.batch.validate import validate_file
from muehle.analyzer.engine.board import (
    ALL_POINTS,
    MILLS,
    NEIGHBOURS,
    POINT_INDEX,
    Position,
    mills_closed_at,
    points_of,
)
from muehle.analyzer.engine.replay import PlyRecord, replay
from muehle.analyzer.engine.rules import Ruleset, load_ruleset
from muehle.analyzer.play.generate import generate_games
from muehle.analyzer.reports.zwickmuehle import has_zwickmuehle
from muehle.notation.reading.parser import read_games
from muehle.notation.record.model import Game, Ply
from muehle.notation.writing.writers import write_notation
from runner import run

PRESETS = ["wmd", "wmd-traditional", "schuermann", "brettspielnetz", "sanmill"]


# --- corruptions that are certainly illegal ------------------------------------------
# Each takes the record of a legal ply and returns the corrupted ply and the code the
# replay must report at exactly that ply, or None where the corruption does not apply.

Corruption = Callable[[PlyRecord, random.Random], Optional[tuple[Ply, str]]]


def occupied_target(record: PlyRecord, rng: random.Random) -> Optional[tuple[Ply, str]]:
    """The target is a point that holds a stone (Schürmann 4.1, 7.2: only free points)."""
    before = record.before
    taken = points_of(before.white | before.black)
    if not taken:
        return None
    return dataclasses.replace(record.ply, target=rng.choice(taken), captures=[]), "occupied"


def foreign_origin(record: PlyRecord, rng: random.Random) -> Optional[tuple[Ply, str]]:
    """A move from an empty point or from an opposing stone."""
    if record.ply.origin is None:
        return None
    before = record.before
    own = before.stones(record.side)
    choices = [p for p in points_of(ALL_POINTS & ~own) if p != record.ply.target]
    return dataclasses.replace(record.ply, origin=rng.choice(choices)), "not-own-stone"


def dropped_capture(record: PlyRecord, rng: random.Random) -> Optional[tuple[Ply, str]]:
    """A ply that captured (so a capture was required) captures one stone fewer."""
    if not record.captures:
        return None
    return dataclasses.replace(record.ply, captures=record.captures[:-1]), "missing-capture"


def capture_without_mill(record: PlyRecord, rng: random.Random) -> Optional[tuple[Ply, str]]:
    """A ply that closed no mill captures an opposing stone."""
    theirs = points_of(record.before.stones("black" if record.side == "white" else "white"))
    if record.mills or not theirs:
        return None
    return dataclasses.replace(record.ply, captures=[rng.choice(theirs)]), "extra-capture"


def jump_without_right(record: PlyRecord, rng: random.Random) -> Optional[tuple[Ply, str]]:
    """A move to a free point that is not adjacent, by a side that may not jump."""
    if record.ply.origin is None or record.phase_before != "moving":
        return None
    before = record.before
    origin = POINT_INDEX[record.ply.origin]
    far = ALL_POINTS & ~(before.white | before.black) & ~NEIGHBOURS[origin]
    if not far:
        return None
    return dataclasses.replace(record.ply, target=rng.choice(points_of(far)), captures=[]), "not-adjacent"


CORRUPTIONS: list[Corruption] = [occupied_target, foreign_origin, dropped_capture, capture_without_mill,
                                 jump_without_right]


def corrupted_copies(game: Game, records: list[PlyRecord], rng: random.Random) -> list[tuple[Game, int, str]]:
    """One copy of ``game`` per applicable corruption, at a random ply: (copy, ply index, code).

    ``records`` are those of the game's legal replay. Variations are left out of the copies.
    """
    copies = []
    order = list(records)
    for corruption in CORRUPTIONS:
        rng.shuffle(order)
        for record in order:
            done = corruption(record, rng)
            if done is not None:
                break
        else:
            continue
        ply, code = done
        plies = [dataclasses.replace(p, variations=[]) if p.variations else p for p in game.plies]
        plies[record.index - 1] = dataclasses.replace(ply, variations=[])
        copies.append((Game(tags=dict(game.tags), plies=plies, result=game.result), record.index, code))
    return copies


def check_corruptions(games: list[Game], rules: Ruleset, seed: int) -> collections.Counter:
    """Every corrupted copy of every game fails at its corrupted ply with the expected code."""
    rng = random.Random(seed)
    seen: collections.Counter = collections.Counter()
    for game in games:
        for copy, index, code in corrupted_copies(game, replay(game, rules).records, rng):
            errors = replay(copy, rules).errors
            assert errors, (code, index, write_notation([copy]))
            assert (errors[0].code, errors[0].ply) == (code, index), write_notation([copy])
            seen[code] += 1
    return seen


# --- the tests ----------------------------------------------------------------------------


def test_the_same_seed_gives_the_same_games() -> None:
    rules = load_ruleset("wmd")
    first = write_notation(generate_games(rules, 11, 20))
    assert write_notation(generate_games(rules, 11, 20)) == first
    assert write_notation(generate_games(rules, 12, 20)) != first


def test_the_rules_may_be_named() -> None:
    named = [game.plies for game in generate_games("wmd", 7, 3)]
    assert named == [game.plies for game in generate_games(load_ruleset("wmd"), 7, 3)]
    assert named == [game.plies for game in generate_games(None, 7, 3)]
    assert {game.tags["Rules"] for game in generate_games("sanmill", 7, 3)} == {"sanmill"}
    with pytest.raises(TypeError, match="^rules must be a Ruleset"):
        generate_games(9, 7, 3)  # type: ignore[arg-type]


def test_the_comments_of_seed_7_game_1_are_true() -> None:
    """Checked on the board: 2. f4 (White's second stone, 22 free points) is neither forced nor
    a threat; 4... b4/xf4 closes b2-b4-b6 and captures, so is not quiet; at 15. c3-d3 White
    has five stones and moves, out of the mill c3-c4-c5."""
    (game,) = generate_games("wmd", 7, 1)
    comments = {f"{ply.number}{'.' if ply.side == 'white' else '...'} {ply.move_text}": ply.comments
                for ply in game.plies}
    assert comments["2. f4"] == ["a quiet move"]
    assert comments["4... b4/xf4"] == []
    assert comments["15. c3-d3"] == ["opens the mill"]


def _threatens(position: Position, side: str, rules: Ruleset) -> bool:
    """A line holds two of ``side``'s stones and a free point that one of its stones can reach
    (placed, jumped, or moved from a neighbour outside the line)."""
    own = position.stones(side)
    free = ALL_POINTS & ~(position.white | position.black)
    flies = rules.flying and position.on_board(side) == 3 and not position.in_hand(side)
    for mill in MILLS:
        if (own & mill).bit_count() == 2 and mill & free:
            point = (mill & free).bit_length() - 1
            if position.in_hand(side) or flies or NEIGHBOURS[point] & own & ~mill:
                return True
    return False


def _plies_possible(position: Position, side: str, rules: Ruleset) -> int:
    """How many (origin, target) pairs ``side`` may play, captures aside."""
    own = position.stones(side)
    free = ALL_POINTS & ~(position.white | position.black)
    if position.in_hand(side):
        return free.bit_count()
    if rules.flying and own.bit_count() == 3:
        return own.bit_count() * free.bit_count()
    return sum((NEIGHBOURS[POINT_INDEX[point]] & free).bit_count() for point in points_of(own))


@pytest.mark.parametrize("name, rare", [(name, {"forced"} if name == "wmd" else set()) for name in PRESETS])
def test_every_generated_comment_is_true_of_its_ply(name: str, rare: set[str]) -> None:
    """Each comment is checked on the board; the 300 games give each check something to check
    (a forced ply only under wmd; "the only move" is checked as "forced" is)."""
    rules = load_ruleset(name)
    seen: collections.Counter = collections.Counter()
    for game in generate_games(rules, 2024, 300):
        for record in replay(game, rules).records:
            side, other = record.side, "black" if record.side == "white" else "white"
            for comment in record.ply.comments:
                seen[comment] += 1
                before, after = record.before, record.after
                if comment == "jumping now":
                    assert record.phase_before == "flying"
                elif comment == "opens the mill":
                    origin = record.ply.origin
                    assert origin is not None and mills_closed_at(before.stones(side), POINT_INDEX[origin])
                elif comment == "a quiet move":
                    assert not record.mills and not _threatens(after, side, rules)
                elif comment == "threatens a mill":
                    assert _threatens(after, side, rules)
                elif comment in ("forced", "the only move"):
                    assert _plies_possible(before, side, rules) == 1
                elif comment == "Zwickmühle":
                    assert has_zwickmuehle(after, side)
                elif comment == "leaves the mill threat open":
                    assert _threatens(before, other, rules) and _threatens(after, other, rules)
                else:
                    raise AssertionError(f"unexpected comment {comment!r}")
    checked = {"jumping now", "opens the mill", "a quiet move", "threatens a mill", "Zwickmühle",
               "leaves the mill threat open"} | rare
    assert all(seen[comment] for comment in checked), seen


@pytest.mark.parametrize("name", PRESETS)
def test_generated_games_are_legal_varied_and_corruptions_are_caught(name: str) -> None:
    """300 games per preset (the 1,000-game run is the slow test below)."""
    rules = load_ruleset(name)
    games = list(generate_games(rules, 2024, 300))
    outcomes: collections.Counter = collections.Counter()
    features: collections.Counter = collections.Counter()
    for game in games:
        result = replay(game, rules)
        assert result.valid, (list(result.all_errors()), write_notation([game]))
        reason = result.outcome.reason if result.outcome else None
        outcomes[reason] += 1
        assert game.result == (result.outcome.result if result.outcome else "*")
        assert game.tags["Result"] == game.result and game.tags["Rules"] == name
        features["variation"] += bool(result.variations)
        features["comment"] += any(p.comments for p in game.plies)
        features["annotation"] += any(p.annotation for p in game.plies)
        features["jump"] += any(r.kind == "jump" for r in result.records)
        features["double"] += any(len(r.captures) == 2 for r in result.records)
        features["draw-right"] += bool(result.draw_rights)
    for reason in ("fewer-than-three", "blocked", "declared", None):
        assert outcomes[reason] >= 3, outcomes
    if name == "sanmill":
        assert outcomes["repetition"] >= 2 and outcomes["no-capture"] >= 1, outcomes
    for feature in ("variation", "comment", "annotation", "jump", "draw-right"):
        assert features[feature] >= 10, features
    # two captures only where a double mill captures two (while placing under wmd)
    assert (features["double"] > 0) == (rules.double_mill != "never"), features
    seen = check_corruptions(games, rules, seed=7)
    assert set(seen) == {"occupied", "not-own-stone", "missing-capture", "extra-capture", "not-adjacent"}


@pytest.mark.parametrize("name", PRESETS)
def test_games_survive_the_text_round_trip(name: str) -> None:
    """Written in the book's notation and read back, games and corruptions give the same verdicts,
    now located at the ply's line and column."""
    rules = load_ruleset(name)
    games = list(generate_games(rules, 99, 120))
    text = write_notation(games)
    back = list(read_games(text, "games.txt"))
    assert [g.plies for g in back] == [g.plies for g in games]
    assert all(replay(g, rules).valid for g in back)
    rng = random.Random(3)
    for game in games[:40]:
        for copy, index, code in corrupted_copies(game, replay(game, rules).records, rng):
            (parsed,) = read_games(write_notation([copy]), "bad.txt")
            error = replay(parsed, rules).errors[0]
            assert (error.code, error.ply) == (code, index)
            ply = parsed.plies[index - 1]
            assert (error.line, error.column) == (ply.line, ply.column) and error.line > 0


def test_the_command_writes_reproducible_games(tmp_path: Path) -> None:
    out = tmp_path / "games.txt"
    result = run("generate", "--rules", "schuermann", "--seed", "5", "--count", "30", "-o", str(out))
    assert result.exit_code == 0, result.output
    again = run("generate", "--rules", "schuermann", "--seed", "5", "--count", "30")
    assert again.stdout == out.read_text(encoding="utf-8")
    assert (result.stderr, again.stderr) == (f"30 games written to {out}\n", "30 games written to standard output\n")
    summary = validate_file(str(out))  # the Rules tags say schuermann
    assert (summary.games, summary.valid) == (30, 30)
    check = run("validate", str(out))
    assert check.exit_code == 0 and check.output.endswith("30 games, 30 valid, 0 invalid\n")


def test_games_under_a_ruleset_file_validate_with_that_file_as_the_note_says(tmp_path: Path) -> None:
    rules = tmp_path / "twelve.yaml"
    rules.write_text("base: wmd\nstones: 12\n", encoding="utf-8")
    out = tmp_path / "games.txt"
    result = run("generate", "--rules", str(rules), "--seed", "1", "--count", "5", "-o", str(out))
    assert result.exit_code == 0 and result.stderr == (
        f"note: the games' Rules tag says 'twelve', and a tag calls up the presets only: "
        f"validate them with --rules {rules}\n5 games written to {out}\n")
    assert validate_file(str(out), str(rules)).valid == 5
    # a preset needs no note
    assert run("generate", "--rules", "sanmill", "--count", "1").stderr == "1 game written to standard output\n"


def test_the_command_refuses_bad_options() -> None:
    assert run("generate", "--rules", "fide").exit_code == 2
    assert run("generate", "--count", "-1").exit_code == 2
    assert run("generate", "--seed", "x").exit_code == 2


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESETS)
def test_a_file_of_a_thousand_games_and_its_corrupted_copy(name: str, tmp_path: Path) -> None:
    """The acceptance check: 1,000 games per preset in one file validate cleanly; in a copy with
    one corruption per game, every game fails at its corrupted ply."""
    rules = load_ruleset(name)
    games = list(generate_games(rules, 1, 1000))
    good = tmp_path / "good.txt"
    good.write_text(write_notation(games), encoding="utf-8")
    summary = validate_file(str(good), name)
    assert (summary.games, summary.valid) == (1000, 1000)
    rng = random.Random(5)
    copies = [rng.choice(corrupted_copies(game, replay(game, rules).records, rng)) for game in games]
    bad = tmp_path / "bad.txt"
    bad.write_text(write_notation([copy for copy, _, _ in copies]), encoding="utf-8")
    result = run("validate", "--rules", name, "--format", "json", str(bad))
    assert result.exit_code == 1
    import json

    reports = json.loads(result.stdout)
    assert len(reports) == 1000
    for report, (_, index, code) in zip(reports, copies):
        assert not report["valid"]
        assert (report["errors"][0]["code"], report["errors"][0]["ply"]) == (code, index)
