"""Sanmill's FEN of the variants on the board with diagonals (twelve_mens_morris, nerenchi), read and
written as Sanmill does: the final FEN its engine printed for each game of tests/data/sanmill-variants
(``final_fen`` in verdicts.json) reads to the position muehle's replay reached, and muehle writes
that position with Sanmill's fields, apart from those docs/positions.md lists as written otherwise
("Where muehle's FEN differs from Sanmill's"): the end after a winning capture or on a full board
(fields 2, 4, 9, 10), a draw Sanmill's search declared (field 3), field 17 (counted by the record's
numbering, not by Sanmill's actions)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from muehle.analyzer.engine.fen import fen_of_record, fen_to_position, fens_of_record
from muehle.analyzer.engine.position import Board
from muehle.analyzer.engine.replay import replay
from muehle.analyzer.engine.rules import load_ruleset
from muehle.notation.reading.parser import read_file
from muehle.notation.record.model import numbering_of

DATA = Path(__file__).resolve().parents[2] / "data" / "sanmill-variants"
VERDICTS: dict[str, Any] = json.loads((DATA / "verdicts.json").read_text(encoding="utf-8"))
VARIANTS = ("twelve_mens_morris", "nerenchi")

#: The fields muehle writes as Sanmill does whatever the end (1-based): the board, the stones on the
#: board and in hand, the mill bookkeeping these variants do not use, the plies since the last
#: placement or capture.
SAME = (1, 5, 6, 7, 8, 11, 12, 13, 14, 15, 16)


def _cases() -> list[Any]:
    return [pytest.param(variant, entry, id=f"{variant}#{entry['game']}")
            for variant in VARIANTS for entry in VERDICTS[f"{variant}.pgn"]["games"]]


@pytest.mark.parametrize("variant, expected", _cases())
def test_sanmills_final_fen_reads_to_the_replays_last_position_and_is_written_back(variant: str,
                                                                                  expected: dict[str, Any]) -> None:
    rules = load_ruleset(variant)
    game = list(read_file(DATA / f"{variant}.pgn"))[expected["game"] - 1]
    result = replay(game, rules)
    last = result.records[-1].after
    read = fen_to_position(expected["final_fen"], stones=rules.stones)
    assert read.position == last
    written = fen_of_record(result.records, len(result.records), game_over=expected["declared_by"] == "position",
                            form="legacy", stones=rules.stones).split()
    sanmills = expected["final_fen"].split()
    assert [written[i - 1] for i in SAME] == [sanmills[i - 1] for i in SAME]
    if expected["declared_by"] == "position":
        assert written[2] == sanmills[2] == "o"
    if expected["sanmill"] == "loseNoLegalMoves":  # (the loser to move, as both write it)
        assert written[1:4] == sanmills[1:4]
    assert fen_to_position(" ".join(written), stones=rules.stones).position == last


def test_the_fens_of_the_turn_to_the_moving_phase_are_sanmills() -> None:
    """Nerenchi's game 1 after its 24 placements, Black's first move a1-d1 and White's e5-d5: Sanmill's
    engine (the referee) printed fields 1 to 16 as below; field 17 is the record's move number of
    the next ply (13, 13, 14: `13. a1-d1 e5-d5 14. ...`), where Sanmill's counts 15, 16, 16."""
    result = replay(next(iter(read_file(DATA / "nerenchi.pgn"))), load_ruleset("nerenchi"))
    sanmills = ["*O@O*@@@/@@O*O@@@/OO***@@@ b m s 6 0 12 0 0 0 0 0 0 0 0 0",
                "*O@O*@@@/@@O*O@@@/OO**@*@@ w m s 6 0 12 0 0 0 0 0 0 0 0 1",
                "O*@O*@@@/@@O*O@@@/OO**@*@@ b m s 6 0 12 0 0 0 0 0 0 0 0 2"]
    written = [fen_of_record(result.records, upto, form="legacy", stones=12) for upto in (24, 25, 26)]
    assert written == [f"{fen} {number}" for fen, number in zip(sanmills, (13, 13, 14))]
    assert [result.records[upto].label.split(".")[0] for upto in (24, 25)] == ["13", "13"]
    # the board's verbs write the same, ply by ply
    board = Board("nerenchi")
    for record in result.records[:26]:
        board.push(record.ply)
        assert board.fen(form="legacy") == fen_of_record(result.records, record.index, form="legacy", stones=12)
    assert Board.from_fen(written[0], "nerenchi").position == result.records[23].after


@pytest.mark.parametrize("variant", VARIANTS)
def test_field_17_is_the_records_move_number_of_the_next_ply(variant: str) -> None:
    """In every game, Black playing twice in a row (nerenchi) or not: the number a set-up record
    that starts there gives its first ply."""
    rules = load_ruleset(variant)
    for game in read_file(DATA / f"{variant}.pgn"):
        result = replay(game, rules)
        numbers = [int(fen.split()[16]) for fen in fens_of_record(result.records, stones=12)]
        assert numbers == [numbering_of(upto)[0] for upto in range(len(result.records) + 1)]
