"""mill_while_placing: mill-counts (Sanmill's removalBasedOnMillCounts, the preset el_filja): a mill
closed while placing captures nothing; after the last placement the sides remove by the mills on
the board, White first, each side's removals one ply (src/position.cpp 1197-1210, 1329-1347,
calculate_removal_based_on_mill_counts 2168-2207). Checked on Sanmill's own games
(tests/data/sanmill-variants/el_filja.pgn, its verdicts)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from muehle.analyzer.engine.placing_rules import removals_by_mill_counts, removers_at_placing_end
from muehle.analyzer.engine.rules import load_ruleset
from muehle.analyzer.engine.setup import replay_record
from muehle.notation.reading.parser import read_file

DATA = Path(__file__).resolve().parents[2] / "data" / "sanmill-variants"
VERDICTS: dict[str, Any] = json.loads((DATA / "verdicts.json").read_text(encoding="utf-8"))["el_filja.pgn"]


def _game(number: int, text: str | None = None, tmp_path: Path | None = None) -> Any:
    if text is None:
        return list(read_file(DATA / "el_filja.pgn"))[number - 1]
    assert tmp_path is not None
    path = tmp_path / "game.pgn"
    path.write_text(text, encoding="utf-8")
    return list(read_file(path))[0]


@pytest.mark.parametrize("white, black, expected", [
    (0, 0, (-1, -1)), (1, 0, (2, 1)), (0, 2, (1, 2)), (2, 2, (2, 2)), (3, 1, (2, 1)), (2, 4, (2, 3))])
def test_the_counts_follow_sanmills_table(white: int, black: int, expected: tuple[int, int]) -> None:
    assert removals_by_mill_counts(white, black) == expected


def test_the_removers_come_white_first_own_stones_when_no_mill() -> None:
    assert removers_at_placing_end(1, 2) == ((0, False), (1, False), (1, False))
    assert removers_at_placing_end(-1, -1) == ((0, True), (1, True))


def test_the_value_is_checked_and_the_preset_has_it() -> None:
    rules = load_ruleset("el_filja")
    assert (rules.mill_while_placing, rules.board_full, rules.flying, rules.stones) == ("mill-counts", "remove-both",
                                                                                         False, 12)
    assert rules.captures_for(1, placing=True) == 0 and rules.captures_for(1, placing=False) == 1
    with pytest.raises(ValueError, match="mill_while_placing"):
        replace(rules, mill_while_placing="mill-count")


@pytest.mark.parametrize("number", [g["game"] for g in VERDICTS["games"]])  # (25 and 26 hold plies of removals
#                                                                            alone, 13. xg7xd5: test_removal_plies.py)
def test_sanmills_games_are_judged_as_sanmill_did(number: int) -> None:
    expected = VERDICTS["games"][number - 1]
    result = replay_record(_game(number), load_ruleset("el_filja"))
    assert result.errors == []
    outcome = result.outcome
    assert outcome is not None
    assert (outcome.winner, outcome.reason, outcome.ply) == (expected["winner"], expected["reason"], expected["ply"])


def test_no_mill_on_the_board_each_side_removes_one_of_its_own(tmp_path: Path) -> None:
    """Game 4: no mill stands when placing ends (12... g1), so White removes its own b6 and Black its
    own e5; removing a stone of the other side there is refused."""
    rules = load_ruleset("el_filja")
    text = (DATA / "el_filja.pgn").read_text(encoding="utf-8")
    record = text.split("\n\n")
    game = next(i for i, part in enumerate(record) if "12. c5 g1xb6xe5" in part)
    assert replay_record(_game(0, "\n\n".join(record[game - 1:game + 1]), tmp_path), rules).errors == []
    broken = "\n\n".join(record[game - 1:game + 1]).replace("12. c5 g1xb6xe5", "12. c5 g1xa1xe5")
    errors = replay_record(_game(0, broken, tmp_path), rules).errors
    assert [(e.code, e.ply) for e in errors] == [("capture-empty-or-own", 25)]
