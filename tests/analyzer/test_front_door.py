"""``muehle.analyzer`` exports the way from a record to a replay, loaded on first use."""

from __future__ import annotations

import subprocess
import sys

import pytest

from muehle.notation.record.model import Game, Ply


def test_importing_the_package_loads_no_engine() -> None:
    code = ("import sys, muehle.analyzer\n"
            "print(sorted(m for m in sys.modules if m.startswith('muehle.analyzer.')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_front_door_names_are_those_of_their_modules() -> None:
    import muehle.analyzer as front
    from muehle.analyzer.engine import replay, rules, setup
    from muehle.analyzer.reports import verdict

    assert front.replay_record is setup.replay_record
    assert front.replay is replay.replay and front.Replay is replay.Replay
    assert front.load_ruleset is rules.load_ruleset and front.Ruleset is rules.Ruleset
    assert front.judge is verdict.judge
    assert set(front.__all__) <= set(dir(front))


def test_unknown_name_is_an_attribute_error() -> None:
    import muehle.analyzer as front

    try:
        front.no_such_name  # noqa: B018
    except AttributeError as error:
        assert "no_such_name" in str(error)
    else:
        raise AssertionError("an unknown name was found")


def test_rules_none_means_the_records_rules_tag_wherever_a_record_is_given() -> None:
    """``rules=None``: the record's ``Rules`` tag, else wmd, for every function that takes a
    record; wmd for those that take none (a board, generated games)."""
    from muehle.analyzer import judge, replay, replay_record
    from muehle.analyzer.engine import Board
    from muehle.analyzer.engine.setup import replay_from
    from muehle.analyzer.play.generate import generate_games
    from muehle.notation.text.errors import FormatError

    tagged = Game(tags={"Rules": "Sanmill"}, plies=[Ply(1, "white", "d2")])
    assert replay(tagged).rules.name == "sanmill"
    assert replay_record(tagged).rules.name == "sanmill"
    assert replay_from(tagged, None, None).rules.name == "sanmill"
    assert judge(tagged).rules == "sanmill"
    assert replay(tagged, "wmd").rules.name == "wmd"  # (given rules win over the tag)
    assert replay(Game(plies=[Ply(1, "white", "d2")])).rules.name == "wmd"
    assert Board().rules.name == "wmd" and next(generate_games(None, 1, 1)).tags["Rules"] == "wmd"
    with pytest.raises(FormatError, match="the Rules tag names 'chess', which is not a ruleset"):
        replay(Game(tags={"Rules": "chess"}))
