"""Field 17 as Sanmill counts it (every action a ply, each removal one of its own) on request from the
board's verb (``Board.fen(move_numbers="sanmill")``) and the positions' report, beside the record's
numbering, which stays the default.

The line ``a1 d6 a4 d2 a7xd6 d6 g7 f4 g4 b4 g1xf4`` under standard_9mm: Sanmill's referee printed
``********/@***@*@*/*OOO*OOO b p p 6 3 3 4 0 0 0 0 0 0 0 0 7`` after it (13 actions, Black to move:
1 + 12 / 2 = 7), where the record's next ply is Black's sixth (``6. g1xf4 ...``): 6."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from muehle.analyzer.engine.fen import fens_of_record
from muehle.analyzer.engine.position import Board
from muehle.analyzer.engine.rules import Ruleset, load_ruleset, parse_ruleset
from muehle.analyzer.engine.setup import replay_record
from muehle.analyzer.reports.positions import positions
from muehle.notation.reading.parser import read_file, read_games

DATA = Path(__file__).resolve().parents[2] / "data" / "sanmill-variants"
VERDICTS: dict[str, Any] = json.loads((DATA / "verdicts.json").read_text(encoding="utf-8"))
CUSTOM_VERDICTS: dict[str, Any] = json.loads((DATA / "custom" / "verdicts.json").read_text(encoding="utf-8"))
#: The custom sets with a board that blocks and removals of a blocked side (custom/verdicts.json's
#: options, as test_fen_variants.py reads them).
CUSTOM_RULES = {
    "least4.pgn": "base: sanmill\nflying_at: 4\nlose_below: 4\n",
    "stalemate2.pgn": "base: twelve_mens_morris\nblocked: remove-and-move\n",
    "stalemate5.pgn": "base: twelve_mens_morris\nblocked: both-remove\n",
}

LINE = "a1 d6 a4 d2 a7/xd6 d6 g7 f4 g4 b4 g1/xf4".split()
SANMILLS = "********/@***@*@*/*OOO*OOO b p p 6 3 3 4 0 0 0 0 0 0 0 0 7"


def test_the_boards_fen_counts_as_sanmill_on_request() -> None:
    board = Board("standard_9mm")
    for ply in LINE:
        board.push(ply)
    assert board.fen(form="legacy", move_numbers="sanmill") == SANMILLS
    assert board.fen(form="legacy") == board.fen(form="legacy", move_numbers="record") == SANMILLS[:-1] + "6"
    # taken back to before the second capture: 11 actions, White to move, 1 + 11 / 2 = 6, White's
    # sixth move next; then before Black's b4: 10 actions, Black to move, 1 + 9 / 2 = 5
    board.pop()
    assert board.fen(move_numbers="sanmill").split()[16] == board.fen().split()[16] == "6"
    board.pop()
    assert board.fen(move_numbers="sanmill").split()[16] == board.fen().split()[16] == "5"


def test_the_boards_count_goes_on_from_a_fen() -> None:
    """Field 17 = 20 with Black to move: Sanmill's counter starts at 2 * 19 + 1 = 39; after Black's
    e5-e4 it is 40, White to move: 1 + 40 / 2 = 21 (as fen_of_record counts it from a set-up record)."""
    board = Board.from_fen("*@***O**/****OO**/O*O@*@*O b m s 6 0 3 0 0 0 0 0 0 0 0 2 20", "sanmill")
    assert board.fen(move_numbers="sanmill").split()[16] == "20"
    board.push("e5-e4")
    assert board.fen(move_numbers="sanmill").split()[16] == "21"
    assert board.fen().split()[16] == "21"


def test_the_board_refuses_a_count_it_cannot_make_and_an_unknown_one() -> None:
    board = Board("standard_9mm")
    board.apply("d2")
    with pytest.raises(ValueError, match="needs the plies played by push"):
        board.fen(move_numbers="sanmill")
    board.push("d6")
    with pytest.raises(ValueError, match="needs the plies played by push"):
        board.fen(move_numbers="sanmill")
    assert board.fen().split()[16] == "2"  # (the record's count needs no history)
    with pytest.raises(ValueError, match="field 17 counts by 'record' or 'sanmill', not 'moves'"):
        Board().fen(move_numbers="moves")


def _rules(path: Path, data: dict[str, Any]) -> Ruleset:
    return load_ruleset(data["rules"]) if data["rules"] else parse_ruleset(CUSTOM_RULES[path.name], source=path.name)


def _game_cases() -> list[Any]:
    """Every seventh game of each variant with a preset, and of three custom sets."""
    cases = [pytest.param(DATA / name, data, entry, id=f"{data['variant']}#{entry['game']}")
             for name, data in VERDICTS.items() if data["rules"] is not None for entry in data["games"][::7]]
    cases += [pytest.param(DATA / "custom" / name, CUSTOM_VERDICTS[name], entry, id=f"{name[:-4]}#{entry['game']}")
              for name in CUSTOM_RULES for entry in CUSTOM_VERDICTS[name]["games"][::7]]
    return cases


@pytest.mark.parametrize("path, data, expected", _game_cases())
def test_the_boards_sanmill_count_is_the_replays_after_every_ply(path: Path, data: dict[str, Any],
                                                                  expected: dict[str, Any]) -> None:
    """Played ply by ply on a board, field 17 as Sanmill counts is fen_of_record's at the same point
    of the replay (a ply of the record may be several of the replay: the removals of a full board),
    and at the end Sanmill's own where it writes the same side to move."""
    rules = _rules(path, data)
    game = list(read_file(path))[expected["game"] - 1]
    result = replay_record(game, rules)
    numbers = [fen.split()[16] for fen in fens_of_record(result.records, stones=rules.stones,
                                                          move_numbers="sanmill")]
    board = Board(rules)
    assert board.fen(move_numbers="sanmill").split()[16] == numbers[0] == "1"
    for ply in game.plies:
        board.push(ply)
        assert board.fen(move_numbers="sanmill").split()[16] == numbers[board.plies]
    assert board.plies == len(result.records)
    ours, theirs = board.fen(move_numbers="sanmill").split(), expected["final_fen"].split()
    if ours[1] == theirs[1]:
        assert ours[16] == theirs[16]


def test_the_cases_cover_every_variant() -> None:
    variants = {data["variant"] for path, data, _ in (case.values for case in _game_cases()) if path.parent.name
                != "custom"}
    assert variants == {data["variant"] for data in VERDICTS.values() if data["rules"] is not None}


def test_the_positions_report_counts_either_way() -> None:
    game = next(iter(read_games("1. a1 d6 2. a4 d2 3. a7xd6 d6 4. g7 f4 5. g4 b4 6. g1xf4 *\n")))
    result = replay_record(game, "standard_9mm")
    record = [row.fen.split()[16] for row in positions(result, form="legacy")]
    sanmill = [row.fen for row in positions(result, form="legacy", move_numbers="sanmill")]
    # the record's: one more after each of Black's plies
    assert record == ["1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "6"]
    # Sanmill's: the captures of plies 5 and 11 count half a move each
    assert [fen.split()[16] for fen in sanmill] == ["1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "7"]
    assert sanmill[-1] == SANMILLS
    with pytest.raises(ValueError, match="not 'moves'"):
        list(positions(result, move_numbers="moves"))
