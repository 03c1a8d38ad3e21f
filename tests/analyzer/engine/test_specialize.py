"""A function compiled again with locals known (analyzer/engine/specialize.py), and the core's
:func:`play_line` so compiled for each ruleset (``core.line_player``): it folds only what the values
decide, lets go of names it cannot trust, and the line player of every ruleset judges every game
in the test data as the one source does, errors, draw rights and ends alike."""

from __future__ import annotations

import ast
import inspect
import json
import marshal
import random
import sys
import textwrap
from pathlib import Path
from typing import Any, Optional

import pytest

from muehle.analyzer.engine import core, specialize
from muehle.analyzer.engine.replay import Replay
from muehle.analyzer.engine.rules import Ruleset, load_ruleset, parse_ruleset, preset_names
from muehle.analyzer.engine.setup import replay_record
from muehle.analyzer.engine.specialize import foldable, specialized
from muehle.analyzer.play.generate import generate_games
from muehle.notation.reading.parser import read_file
from sanmill_custom import CUSTOM_RULES

DATA = Path(__file__).resolve().parents[2] / "data"
EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


# functions to compile again (each with a source file, as the core's are)

def _branches(values: list[int], doubled: bool, limit: Optional[int]) -> list[int]:
    out = []
    for value in values:
        if doubled and value > 0:
            value *= 2
        elif limit is not None and value > limit:
            value = limit
        else:
            value += 1
        out.append(value)
    return out


def _settings(flag: int, kind: str) -> tuple[Any, ...]:
    (shown, other) = (flag, kind)
    either = shown or 5  # (a value, not a test: ``0 or 5`` is 5)
    never = other != "x"
    twice = never and other
    return either, never, twice, bool(shown or other == "y")


def _assigned_in_loop(values: list[int], step: int) -> int:
    total = 0
    for value in values:
        if step:
            total += value
        step = 0  # (assigned again: the value given holds for the first value only)
    return total


def _one_value(values: list[int], mode: str) -> list[int]:
    special = mode == "special"
    again = False
    out = []
    for value in values:
        if special:  # (never with mode "plain": the branch and what it assigns go)
            again, special = True, False
        if again:
            value = -value
        out.append(value)
    return out


def _calls_kept(values: list[int], on: bool) -> int:
    seen = []

    def note(value: int) -> bool:
        seen.append(value)
        return False
    for value in values:
        if note(value) and on:  # (the call has an effect: kept though the test is known)
            return -1
    return len(seen)


def test_a_known_test_drops_its_branch_and_keeps_the_rest() -> None:
    fast = specialized(_branches, {"doubled": False, "limit": None})
    assert fast.known == {"doubled": False, "limit": None}
    assert 2 in _branches.__code__.co_consts and 2 not in fast.__code__.co_consts  # (the doubling went)
    for values in ([1, -3, 7], [], [0, 100]):
        assert fast(values, False, None) == _branches(values, False, None) == [value + 1 for value in values]
    limited = specialized(_branches, {"doubled": False})  # (``limit`` left to the code)
    assert limited([1, 9], False, 4) == _branches([1, 9], False, 4) == [2, 4]


def test_values_fold_as_python_computes_them() -> None:
    for flag, kind in ((0, "x"), (3, "x"), (0, "y"), (2, "z")):
        fast = specialized(_settings, {"flag": flag, "kind": kind})
        assert fast(flag, kind) == _settings(flag, kind)
        assert fast.known["either"] == (flag or 5) and fast.known["twice"] == (kind != "x" and kind)


def test_a_name_assigned_again_is_not_taken_as_known() -> None:
    fast = specialized(_assigned_in_loop, {"step": 1})
    assert "step" not in fast.known
    assert fast([4, 5, 6], 1) == _assigned_in_loop([4, 5, 6], 1) == 4


def test_locals_left_with_one_value_are_folded_in_turn() -> None:
    fast = specialized(_one_value, {"mode": "plain"})
    assert fast.known == {"mode": "plain", "special": False, "again": False}
    assert fast([1, -2], "plain") == _one_value([1, -2], "plain") == [1, -2]
    slow = specialized(_one_value, {"mode": "special"})
    assert "again" not in slow.known and slow([1, -2], "special") == _one_value([1, -2], "special") == [-1, 2]


def test_a_call_is_kept_where_the_test_is_known() -> None:
    fast = specialized(_calls_kept, {"on": False})
    assert fast([1, 2, 3], False) == _calls_kept([1, 2, 3], False) == 3


def test_values_that_cannot_be_constants_are_left_to_the_code() -> None:
    assert not foldable([1]) and not foldable((1, [2])) and foldable(("a", (1, None)))
    fast = specialized(_branches, {"doubled": [], "limit": None})
    assert fast.known == {"limit": None}
    assert fast([1], [], None) == [2]


def test_a_function_without_its_source_is_returned_as_it_is() -> None:
    namespace: dict[str, Any] = {}
    exec(compile("def made(x, flag):\n    return x if flag else -x\n", "<made>", "exec"), namespace)
    assert specialized(namespace["made"], {"flag": True}) is namespace["made"]
    assert specialized(len, {}) is len  # type: ignore[arg-type]


def test_the_folded_code_keeps_the_lines_of_its_source() -> None:
    fast = specialized(_branches, {"doubled": True, "limit": None})
    assert fast.__code__.co_filename == _branches.__code__.co_filename
    assert fast.__code__.co_firstlineno == _branches.__code__.co_firstlineno
    assert {line for _, _, line in fast.__code__.co_lines() if line} <= \
        {line for _, _, line in _branches.__code__.co_lines() if line}


# the core's line player

def test_the_line_player_unpacks_what_the_ruleset_gives_by_the_same_names() -> None:
    """play_line unpacks _line_rules by the names of _LineRules' fields: a name that differed would not
    be folded, silently."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(core.play_line)))
    unpacked = [statement for statement in ast.walk(tree) if isinstance(statement, ast.Assign)
                and isinstance(statement.value, ast.Call) and ast.unparse(statement.value.func) == "_line_rules"]
    assert len(unpacked) == 1
    names = [element.id for element in unpacked[0].targets[0].elts]  # type: ignore[attr-defined]
    assert names == list(core._LineRules._fields)


@pytest.mark.parametrize("name", preset_names())
def test_every_presets_player_knows_all_the_ruleset_gives(name: str) -> None:
    rules = load_ruleset(name)
    play = core.folded_player(rules)
    assert play is not core.play_line
    given = dict(zip(core._LineRules._fields, core._line_rules(rules)))
    assert {field for field, value in given.items() if foldable(value)} <= set(play.known)
    # (no marks and no mill memory are known where the ruleset makes them)
    assert ("marked" in play.known) != given["marking"] and ("mills" in play.known) != given["remembers_mills"]


def test_the_nine_stone_game_asks_none_of_the_variants_questions() -> None:
    names = set(core.folded_player(load_ruleset("wmd")).__code__.co_names)
    assert not names & {"judge_captures", "blocked_turn", "has_legal_ply", "marked_after_ply",
                        "marked_after_capture", "defender_moves_again", "captures_from_hand",
                        "removers_when_full", "for_rules", "leap_allowed", "turn_passed"}
    blocked = parse_ruleset("base: twelve_mens_morris\nblocked: remove-and-pass\n", source="blocked")
    variants = set().union(*(core.folded_player(rules).__code__.co_names for rules in (
        load_ruleset("mul_mulan"), load_ruleset("da_san_qi"), load_ruleset("russian_mill"), blocked)))
    assert {"judge_captures", "leap_allowed", "marked_after_ply", "defender_moves_again", "for_rules",
            "blocked_turn", "has_legal_ply"} <= variants


def _facts(line: Replay) -> Any:
    return ([(error.code, error.ply, error.message, error.line, error.column) for error in line.errors],
            line.outcome, list(line.steps), list(line.draw_rights), [_facts(variation) for variation in line.variations])


def _games() -> list[Any]:
    sanmill = json.loads((DATA / "sanmill" / "verdicts.json").read_text(encoding="utf-8"))
    variants = json.loads((DATA / "sanmill-variants" / "verdicts.json").read_text(encoding="utf-8"))
    cases = [pytest.param(DATA / "sanmill" / name, DATA / "sanmill" / data["rules"], id=f"sanmill-{name}")
             for name, data in sanmill.items()]
    cases += [pytest.param(DATA / "sanmill-variants" / name, data["rules"] or Path(name).stem, id=name)
              for name, data in variants.items()]
    cases += [pytest.param(DATA / "sanmill-variants" / "custom" / name, name, id=f"custom-{name}")
              for name in CUSTOM_RULES]
    cases += [pytest.param(path, "wmd", id=f"example-{path.name}") for path in sorted(EXAMPLES.glob("*.txt"))]
    return cases


def _ruleset(rules: Any) -> Ruleset:
    return parse_ruleset(CUSTOM_RULES[rules], source=rules) if rules in CUSTOM_RULES else load_ruleset(rules)


def _both(monkeypatch: pytest.MonkeyPatch, games: list[Any], rules: Ruleset) -> tuple[list[Any], list[Any]]:
    with monkeypatch.context() as patched:
        patched.setattr(core, "line_player", core.folded_player)
        compiled = [_facts(replay_record(game, rules)) for game in games]
    with monkeypatch.context() as patched:
        patched.setattr(core, "line_player", lambda rules, marked=0, mills=None: core.play_line)
        source = [_facts(replay_record(game, rules)) for game in games]
    return compiled, source


@pytest.mark.parametrize("path, rules", _games())
def test_each_rulesets_player_judges_as_the_source_does(monkeypatch: pytest.MonkeyPatch, path: Path,
                                                        rules: Any) -> None:
    games = list(read_file(path))
    assert games
    compiled, source = _both(monkeypatch, games, _ruleset(rules))
    assert compiled == source


@pytest.mark.parametrize("name", preset_names())
def test_generated_games_are_judged_as_the_source_does(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    rules = load_ruleset(name)
    games = list(generate_games(rules, random.Random(name).randrange(1 << 30), 12))
    compiled, source = _both(monkeypatch, games, rules)
    assert compiled == source
    assert any(facts[2] for facts in compiled)


# the compiled code kept on disk

def test_the_code_is_kept_and_read_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    first = specialized(_branches, {"doubled": False, "limit": None}, cache=tmp_path)
    kept = list(tmp_path.iterdir())
    assert len(kept) == 1 and kept[0].name.startswith("_branches-") and kept[0].suffix == ".code"

    def refuse(*args: Any) -> Any:
        raise AssertionError("folded again although kept")
    monkeypatch.setattr(specialize, "_folded", refuse)
    again = specialized(_branches, {"doubled": False, "limit": None}, cache=tmp_path)
    assert again.known == first.known and again([1, 5], False, None) == [2, 6]
    assert again.__code__.co_code == first.__code__.co_code and again.__name__ == "_branches"


def test_other_values_are_kept_apart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    doubling = specialized(_branches, {"doubled": True}, cache=tmp_path)
    plain = specialized(_branches, {"doubled": False}, cache=tmp_path)
    assert len(list(tmp_path.iterdir())) == 2
    assert doubling([1], True, None) == [2] and plain([1], False, None) == [2] and plain([5], False, 3) == [3]


def test_nothing_is_written_where_python_writes_no_bytecode(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    assert specialized(_branches, {"doubled": False}, cache=tmp_path)([1], False, None) == [2]
    assert list(tmp_path.iterdir()) == []


def test_a_damaged_file_is_compiled_again_and_replaced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    specialized(_branches, {"doubled": False}, cache=tmp_path)
    (kept,) = tmp_path.iterdir()
    key, code, constants = marshal.loads(kept.read_bytes())
    assert constants == {"doubled": False} and "'doubled', False" in key
    other = marshal.dumps((key.replace("False", "True"), _one_value.__code__, constants))  # (another key's file)
    for damage in (b"", b"\x00garbage", marshal.dumps((1, 2)), kept.read_bytes()[:40], other):
        kept.write_bytes(damage)
        assert specialized(_branches, {"doubled": False}, cache=tmp_path)([1, 2], False, None) == [2, 3]
        assert marshal.loads(kept.read_bytes()) == (key, code, constants)
    assert [path.name for path in tmp_path.iterdir()] == [kept.name]  # (no part left behind)


def test_a_cache_that_cannot_be_written_is_done_without(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    blocked = tmp_path / "not-a-directory"
    blocked.write_text("a file where the folder would be", encoding="utf-8")
    assert specialized(_branches, {"doubled": False}, cache=blocked)([1], False, None) == [2]
    assert blocked.read_text(encoding="utf-8") == "a file where the folder would be"


def test_the_cache_is_the_users_or_the_one_named(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MUEHLE_CODE_CACHE", str(tmp_path / "mine"))
    assert specialize.cache_directory() == tmp_path / "mine"
    monkeypatch.delenv("MUEHLE_CODE_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert specialize.cache_directory() in (tmp_path / "xdg" / "muehle" / "compiled",
                                            Path.home() / "Library" / "Caches" / "muehle" / "compiled")


# when the line player is compiled

def test_a_ruleset_plays_as_written_until_compiling_pays(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Where no compiled code can be kept (PYTHONDONTWRITEBYTECODE), the first FOLD_AFTER lines of a
    ruleset are played by play_line as written, and the next by its compiled player."""
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    monkeypatch.setenv("MUEHLE_CODE_CACHE", str(tmp_path))
    monkeypatch.setattr(core, "FOLD_AFTER", 3)
    rules = parse_ruleset("base: wmd\nname: waiting\n", default_name="waiting")  # (a ruleset of its own)
    players = [core.line_player(rules) for _ in range(5)]
    assert [player is core.play_line for player in players] == [True, True, True, False, False]
    assert players[3] is players[4] is core.folded_player(rules) and list(tmp_path.iterdir()) == []


def test_a_kept_player_is_used_at_once(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Where the compiled code can be kept, the first line compiles and keeps it, and a later run
    (here: the same settings in a ruleset of its own) reads it back at its first line."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.setenv("MUEHLE_CODE_CACHE", str(tmp_path))
    first = core.line_player(parse_ruleset("base: wmd\nname: kept\n", default_name="kept"))
    assert first is not core.play_line and len(list(tmp_path.iterdir())) == 1

    def refuse(*args: Any) -> Any:
        raise AssertionError("folded again although kept")
    monkeypatch.setattr(specialize, "_folded", refuse)
    monkeypatch.setattr(sys, "dont_write_bytecode", True)  # (reading what was kept needs no writing)
    again = core.line_player(parse_ruleset("base: wmd\nname: kept\n", default_name="kept"))
    assert again is not core.play_line and again.known == first.known
