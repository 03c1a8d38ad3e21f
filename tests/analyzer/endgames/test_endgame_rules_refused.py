"""The endgame tables refuse a ruleset they were not solved for, naming what it sets, instead of
giving it the values of other rules."""

from __future__ import annotations

from dataclasses import dataclass, fields

import pytest

from muehle.analyzer.endgames.settings import SOLVED, UNAFFECTED, EndgameRules, RulesNotSolved, assumed, endgame_rules
from muehle.analyzer.endgames.store import build_command
from muehle.analyzer.engine.rules import Ruleset, load_ruleset, preset_names


@dataclass(frozen=True)
class _Wider(Ruleset):
    """A ruleset with two fields the solver does not know (as a ruleset with new settings has)."""

    lines: str = "plain"
    fly_at: int = 3


def test_every_preset_is_solved_under_its_three_settings() -> None:
    """No preset of the nine-stone family sets a field the solver assumes: each gets its settings.
    The presets on another board (twelve_mens_morris: board diagonals) are refused, and those whose
    rules on mills remember earlier plies (russian_mill: one_time_mills)."""
    for name in preset_names():
        rules = load_ruleset(name)
        if rules.board != "standard" or rules.one_time_mills or rules.no_mill_moving_back:
            unsolved = (f"board: {rules.board} " if rules.board != "standard" else
                        "one_time_mills: true " if rules.one_time_mills else "no_mill_moving_back: true ")
            with pytest.raises(RulesNotSolved, match=unsolved):
                endgame_rules(rules)
            continue
        assert endgame_rules(rules) == EndgameRules(rules.flying, rules.capture_from_mill, rules.blocked)


def test_a_field_the_solver_assumes_is_refused_with_its_value_and_the_tables() -> None:
    rules = _Wider(name="diagonals", title="Diagonals", lines="diagonal", fly_at=4)
    assert assumed(rules) == {"board": "standard", "one_time_mills": False, "no_mill_moving_back": False,
                              "custodian_capture": None, "intervention_capture": None, "leap_capture": None,
                              "lines": "plain", "fly_at": 3}
    with pytest.raises(RulesNotSolved) as caught:
        endgame_rules(rules)
    assert caught.value.code == "endgame-rules" and caught.value.source == "diagonals"
    assert caught.value.message == (
        "the endgame tables are not made for the rules diagonals: they set lines: diagonal (the tables: plain), "
        "fly_at: 4 (the tables: 3); the tables are solved for the nine-stone game with its choices of flying, "
        "capture_from_mill and blocked only")


def test_the_assumed_fields_at_their_defaults_are_solved() -> None:
    rules = _Wider(name="plain", title="Plain", flying=False)
    assert endgame_rules(rules) == EndgameRules(flying=False)


def test_every_field_of_a_ruleset_is_solved_unaffected_or_assumed() -> None:
    """A field added to the ruleset is assumed at its default unless listed as solved or
    unaffected: the tables never ignore a new setting in silence."""
    names = {f.name for f in fields(Ruleset)}
    assert set(SOLVED) <= names and set(UNAFFECTED) <= names and not set(SOLVED) & set(UNAFFECTED)
    assert set(assumed(load_ruleset("wmd"))) == names - set(SOLVED) - set(UNAFFECTED)


def test_the_build_command_names_no_preset_the_tables_refuse() -> None:
    assert build_command(EndgameRules(), (3, 3), None) == "muehle endgames build --stones 3"
