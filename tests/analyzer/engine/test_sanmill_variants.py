"""Sanmill's variants as muehle's presets judge them as Sanmill's engine does: every game Sanmill
v7.4.6 played against itself under a variant that has a preset (tests/data/sanmill-variants, with
the engine's verdict of each in verdicts.json; see the README there) validates, with Sanmill's
winner, reason and ply of the end."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from muehle.analyzer.engine.rules import load_ruleset, preset_names
from muehle.analyzer.engine.setup import replay_record
from muehle.notation.reading.parser import read_file
from runner import run

DATA = Path(__file__).resolve().parents[2] / "data" / "sanmill-variants"
VERDICTS: dict[str, Any] = json.loads((DATA / "verdicts.json").read_text(encoding="utf-8"))

#: The variants muehle has a preset for (the others need board lines, capture kinds or readings
#: it does not have yet).
JUDGED = {"standard_9mm", "lasker_morris", "twelve_mens_morris", "nerenchi", "mul_mulan", "morabaraba", "russian_mill",
          "cheng_san_qi", "cham_gonu", "zhi_qi", "dooz", "da_san_qi", "el_filja"}


def _cases() -> list[Any]:
    return [pytest.param(name, entry, id=f"{data['variant']}#{entry['game']}")
            for name, data in VERDICTS.items() if data["rules"] is not None for entry in data["games"]]


@pytest.mark.parametrize("name, expected", _cases())
def test_the_variants_preset_judges_as_sanmill_did(name: str, expected: dict[str, Any]) -> None:
    rules = load_ruleset(VERDICTS[name]["rules"])
    game = list(read_file(DATA / name))[expected["game"] - 1]
    result = replay_record(game, rules)
    assert result.errors == []
    outcome = result.outcome
    assert (outcome.winner, outcome.reason, outcome.ply) == (expected["winner"], expected["reason"], expected["ply"])


def test_each_judged_variant_has_its_preset_by_sanmills_id() -> None:
    """The presets are named by Sanmill's variant ids (the hyphenated spelling accepted too), and
    every game of each judged variant is in the cases above."""
    judged = {data["variant"] for data in VERDICTS.values() if data["rules"] is not None}
    assert judged == JUDGED and JUDGED <= set(preset_names())
    for variant in JUDGED:
        assert VERDICTS[f"{variant}.pgn"]["rules"] == variant
        assert load_ruleset(variant.replace("_", "-")).name == variant
        assert len(VERDICTS[f"{variant}.pgn"]["games"]) == 30


def test_lasker_morris_games_move_while_placing() -> None:
    """The data hold what lasker_morris is about: games whose records move a stone while the
    mover still has stones in hand, which the preset sanmill refuses (must-place) and
    lasker_morris accepts."""
    moved_early = 0
    for game in read_file(DATA / "lasker_morris.pgn"):
        errors = replay_record(game, load_ruleset("sanmill")).errors
        if errors and errors[0].code == "must-place":
            moved_early += 1
            assert replay_record(game, load_ruleset("lasker_morris")).errors == []
    assert moved_early >= 10


def test_validate_takes_the_variant_by_its_id_or_hyphenated() -> None:
    """The command line names the presets as the library does; the records carry no Rules tag,
    so without --rules they are judged under wmd (nine stones, no move while placing) and fail."""
    path = str(DATA / "lasker_morris.pgn")
    for name in ("lasker_morris", "Lasker-Morris"):
        result = run("validate", "--rules", name, path)
        assert result.exit_code == 0 and result.output.splitlines()[-1] == "30 games, 30 valid, 0 invalid"
    assert run("validate", path).exit_code == 1


def test_a_misspelt_variant_is_a_usage_error_listing_the_presets() -> None:
    result = run("validate", "--rules", "lasker_moris", str(DATA / "lasker_morris.pgn"))
    assert result.exit_code == 2 and "'lasker_moris' is neither a preset" in result.output
    assert all(name in result.output for name in preset_names()) and "Traceback" not in result.output
