"""The board's verbs agree with the core under every Sanmill variant and custom setting: along each
game Sanmill's engine played (tests/data/sanmill-variants, its variants and custom/), the ply the
record plays next is among :meth:`Board.legal_plies` (captures included: the capture kinds' removals
and leaps, a blocked side's removals, the removals by the count of mills, those on a full board),
every ply offered is one the core accepts, a side with no ply offered is one the core has ended the
game for, and the board ends each game as the replay does."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

import pytest

from muehle.analyzer.engine import Board
from muehle.analyzer.engine.board import Position, mask_of
from muehle.analyzer.engine.position import BoardPly, searches_removals
from muehle.analyzer.engine.rules import Ruleset, load_ruleset, parse_ruleset
from muehle.analyzer.engine.setup import replay_record
from muehle.notation.reading.parser import read_file
from muehle.notation.record.model import Ply
from sanmill_custom import CUSTOM_RULES

DATA = Path(__file__).resolve().parents[2] / "data" / "sanmill-variants"
VERDICTS: dict[str, Any] = json.loads((DATA / "verdicts.json").read_text(encoding="utf-8"))




def _rules_of(name: str) -> Ruleset:
    if name in CUSTOM_RULES:
        return parse_ruleset(CUSTOM_RULES[name], source=name)
    return load_ruleset(VERDICTS[name]["rules"] or Path(name).stem)


def _files() -> list[Any]:
    custom = json.loads((DATA / "custom" / "verdicts.json").read_text(encoding="utf-8"))
    assert set(custom) == set(CUSTOM_RULES)
    return [pytest.param(DATA / name, name, id=Path(name).stem) for name in VERDICTS] + \
        [pytest.param(DATA / "custom" / name, name, id=Path(name).stem) for name in CUSTOM_RULES]


def _shape(ply: BoardPly) -> tuple[str, Optional[str], frozenset[str]]:
    """A ply as legal_plies offers it: one order of each set of removals (the position after them is
    the same in any order the core takes)."""
    return ply.target, ply.origin, frozenset(ply.captures)


def _joined(plies: list[Ply]) -> list[BoardPly]:
    """The plies as the board plays them: the removals of a ply made of them alone (El Filja's
    ``13. xg7xd5``) follow the captures of the ply before."""
    joined: list[BoardPly] = []
    for ply in plies:
        if ply.is_removal and joined:
            before = joined[-1]
            joined[-1] = BoardPly(before.target, before.origin, (*before.captures, *ply.captures))
        else:
            joined.append(BoardPly.of(ply))
    return joined


@pytest.mark.slow
@pytest.mark.parametrize("path, name", _files())
def test_the_verbs_offer_every_ply_of_sanmills_games(path: Path, name: str) -> None:
    rules = _rules_of(name)
    checked = 0
    for number, game in enumerate(read_file(path), 1):
        replayed = replay_record(game, rules)
        assert replayed.errors == [], (name, number)
        board = Board(rules)
        for index, played in enumerate(_joined(game.plies), 1):
            offered = board.legal_plies()
            assert _shape(played) in {_shape(option) for option in offered}, (name, number, index, str(played))
            refused = [str(option) for option in offered if not board.is_legal(option)]
            assert refused == [], (name, number, index)
            board.push(played)
            checked += 1
            if board.outcome() is None:  # (a side the core lets play has a ply offered)
                assert board.legal_plies(), (name, number, index)
        outcome, expected = board.outcome(), replayed.outcome
        if expected is not None and expected.reason in ("fewer-than-three", "blocked"):
            assert outcome is not None and (outcome.winner, outcome.reason) == (expected.winner, expected.reason)
    assert checked > 500


def test_the_removals_are_searched_only_where_the_mills_do_not_give_them() -> None:
    """The nine-stone game's verbs take the mills' captures as ever (no search per ply)."""
    searched = {name for name in ("wmd", "sanmill", "standard_9mm", "morabaraba", "zhi_qi", "mul_mulan", "el_filja")
                if searches_removals(load_ruleset(name))}
    assert searched == {"mul_mulan", "el_filja"}
    assert searches_removals(parse_ruleset(CUSTOM_RULES["stalemate3.pgn"]))
    assert not searches_removals(parse_ruleset(CUSTOM_RULES["stalemate1.pgn"]))


def test_a_mill_that_brings_the_draw_before_its_capture_is_offered_without_it() -> None:
    """Under Sanmill's no-progress rule (100 moves, ``before_capture``) the move that closes a mill as
    the 100th brings the draw before its capture: the core takes it with no capture written, and with
    one (the draw after it); one move earlier the capture is due."""
    start = Position(mask_of(["a1", "d1", "g4", "b2"]), mask_of(["b4", "f6", "d7", "c5"]), 0, 0)
    for counter, bare in ((98, False), (99, True)):
        board = Board(load_ruleset("sanmill"), start, no_progress=counter)
        offered = sorted(str(ply) for ply in board.legal_plies() if ply.origin == "g4" and ply.target == "g1")
        captures = ["g4-g1/xb4", "g4-g1/xc5", "g4-g1/xd7", "g4-g1/xf6"]
        assert offered == (["g4-g1", *captures] if bare else captures)
        assert board.is_legal("g4-g1") == bare
