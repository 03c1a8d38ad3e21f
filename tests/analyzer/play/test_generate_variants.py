"""The generator plays every variant: under each preset (``muehle generate --rules morabaraba`` ...)
and under the settings of Sanmill's custom games (leaps, custodian captures, a blocked side's
actions, flying with four), every game it writes validates under its ruleset, and the games use what
the setting allows (removals without a mill, leaps)."""

from __future__ import annotations

from pathlib import Path

import pytest

from muehle.analyzer.engine.board import POINT_INDEX
from muehle.analyzer.engine.rules import load_ruleset, parse_ruleset, preset_names
from muehle.analyzer.engine.setup import replay_record
from muehle.notation.reading.parser import read_file
from runner import run

#: Settings of Sanmill's custom games (tests/data/sanmill-variants/custom) as ruleset files.
CUSTOM = {
    "leap": "base: sanmill\nname: leap\nleap_capture: true\n",
    "custodian": "base: sanmill\nname: custodian\ncustodian_capture: true\n",
    "remove-and-move": "base: twelve_mens_morris\nname: remove-and-move\nblocked: remove-and-move\n",
    "remove-and-pass": "base: twelve_mens_morris\nname: remove-and-pass\nblocked: remove-and-pass\n",
    "both-remove": "base: twelve_mens_morris\nname: both-remove\nblocked: both-remove\n",
    "pass": "base: twelve_mens_morris\nname: pass\nblocked: pass\n",
    "fly4": "base: sanmill\nname: fly4\nflying_at: 4\n",
}

#: Where a ply may remove stones without closing a mill (capture kinds, a blocked side's removals,
#: the removals by the count of mills after the last placement).
REMOVING = {"el_filja", "mul_mulan", "leap", "custodian", "remove-and-move", "remove-and-pass", "both-remove"}


def _generated(tmp_path: Path, rules_arg: str, seed: int = 11, count: int = 20) -> list:
    out = tmp_path / "games.txt"
    result = run("generate", "--rules", rules_arg, "--seed", str(seed), "--count", str(count), "-o", str(out))
    assert result.exit_code == 0, result.output
    games = list(read_file(out))
    assert len(games) == count
    return games


@pytest.mark.parametrize("name", [*preset_names(), *CUSTOM])
def test_generated_games_validate_under_their_ruleset(name: str, tmp_path: Path) -> None:
    if name in CUSTOM:
        path = tmp_path / f"{name}.yaml"
        path.write_text(CUSTOM[name], encoding="utf-8")
        rules, rules_arg = parse_ruleset(CUSTOM[name], source=str(path)), str(path)
    else:
        rules, rules_arg = load_ruleset(name), name
    removals_without_mill = leaps = 0
    for game in _generated(tmp_path, rules_arg):
        replayed = replay_record(game, rules)
        assert replayed.errors == [], (name, game.tags.get("Round"), replayed.errors[:1])
        for record in replayed.records:
            removals_without_mill += bool(record.captures and not record.mills)
            ply = record.ply
            if record.kind == "move" and ply.origin is not None:
                leaps += not rules.geometry.neighbours[POINT_INDEX[ply.origin]] >> POINT_INDEX[ply.target] & 1
    assert (removals_without_mill > 0) == (name in REMOVING), removals_without_mill
    assert (leaps > 0) == (name == "leap"), leaps
