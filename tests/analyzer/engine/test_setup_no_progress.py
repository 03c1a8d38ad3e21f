"""The no-progress counter a set-up FEN's field 16 gives, the same on a board and in a replay: wmd's
rule (reset by a capture, ``from_fen``) starts from field 16 as a lower bound; Sanmill's
(``from_fen: false``) starts at 0, exactly, whatever field 16 says; a ruleset whose rule resets with
a mill alone starts at 0, a lower bound (field 16 does not bound the plies since a mill)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from muehle.analyzer.engine.fen import fen_to_position, setup_no_progress
from muehle.analyzer.engine.position import Board
from muehle.analyzer.engine.rules import NoProgressRule, Ruleset, load_ruleset
from muehle.analyzer.engine.setup import replay_from
from muehle.notation.record.model import Game

MOVING = "O@O@O@**/O@O@****/******** w m s 5 0 5 0 0 0 0 0 0 0 0 12 30"
WMD = load_ruleset("wmd")
MILL_RESET = replace(WMD, no_capture=NoProgressRule(limit=60, reset="mill"))


@pytest.mark.parametrize("rules, expected", [(WMD, (12, False)), (load_ruleset("sanmill"), (0, True)),
                                             (MILL_RESET, (0, False))])
def test_field_16_gives_the_same_count_to_a_board_and_a_replay(rules: Ruleset, expected: tuple[int, bool]) -> None:
    setup = fen_to_position(MOVING)
    assert setup_no_progress(setup, rules) == expected
    assert Board(rules, fen=MOVING).counter == expected[0]
    replayed = replay_from(Game(), rules, setup)
    assert replayed.start_no_progress == expected[0]
