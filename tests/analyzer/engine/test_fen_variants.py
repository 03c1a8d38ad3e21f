"""Sanmill's FEN of every variant, read and written as Sanmill v7.4.6 does (``Position::fen`` and
``Position::set``, src/position.cpp:312-805): the final FEN its engine printed for every game of
tests/data/sanmill-variants whose variant has a preset and of custom/ (``final_fen`` in the
verdicts), and FENs the referee (/work/tools/referee, make_games.py's ``Referee``) printed in the
middle of a turn: a mill closed and its capture still to come, the pending custodian, intervention
and leap captures (`` c:``, `` i:``, `` l:``), a blocked side's removals (`` s:1``, `` s:2``), the
removals of a full board and those by the count of mills (El Filja, negative counts: own stones).
Each referee FEN below gives the tokens that lead to it, Sanmill's own (``replay <tokens>``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from muehle.analyzer.engine.board import points_of
from muehle.analyzer.engine.fen import (
    PendingCapture,
    fen_of_record,
    fen_text,
    fen_to_position,
    fens_of_record,
    sanmill_move_number,
    start_fen,
)
from muehle.analyzer.engine.placing_rules import fen_reading
from muehle.analyzer.engine.position import Board
from muehle.analyzer.engine.rules import Ruleset, load_ruleset, parse_ruleset
from muehle.analyzer.engine.setup import replay_record
from muehle.notation.reading.parser import read_file, read_games
from muehle.notation.text.errors import FormatError
from sanmill_custom import CUSTOM_RULES

DATA = Path(__file__).resolve().parents[2] / "data" / "sanmill-variants"
VERDICTS: dict[str, Any] = json.loads((DATA / "verdicts.json").read_text(encoding="utf-8"))
CUSTOM_VERDICTS: dict[str, Any] = json.loads((DATA / "custom" / "verdicts.json").read_text(encoding="utf-8"))



def _rules(path: Path, data: dict[str, Any]) -> Ruleset:
    return load_ruleset(data["rules"]) if data["rules"] else parse_ruleset(CUSTOM_RULES[path.name], source=path.name)


def _cases() -> list[Any]:
    cases = [pytest.param(DATA / name, data, entry, id=f"{data['variant']}#{entry['game']}")
             for name, data in VERDICTS.items() if data["rules"] is not None for entry in data["games"]]
    cases += [pytest.param(DATA / "custom" / name, data, entry, id=f"{name[:-4]}#{entry['game']}")
              for name, data in CUSTOM_VERDICTS.items() for entry in data["games"]]
    return cases


def test_every_judged_variant_and_every_custom_set_is_compared() -> None:
    judged = {data["variant"] for data in VERDICTS.values() if data["rules"] is not None}
    assert len(judged) == 13  # (every Sanmill variant)
    assert set(CUSTOM_VERDICTS) == set(CUSTOM_RULES)
    assert len(_cases()) == 30 * len(judged) + 20 * len(CUSTOM_RULES)


def _reading(rules: Ruleset) -> dict[str, Any]:
    return {"stones": rules.stones, "lose_below": rules.lose_below, **fen_reading(rules)}


@pytest.mark.parametrize("path, data, expected", _cases())
def test_sanmills_final_fen_reads_to_the_last_position_and_muehle_writes_sanmills_fields(
        path: Path, data: dict[str, Any], expected: dict[str, Any]) -> None:
    """Field by field: every field is Sanmill's where both write the same side to move; where Sanmill
    ends the game before its turn passes (after the capture that won, or on the placement that
    filled the board: docs/positions.md, "Where muehle's FEN differs from Sanmill's"), only the side
    (2), the action (4), the winning capture's count (9 or 10) and with them field 17 differ."""
    rules = _rules(path, data)
    game = list(read_file(path))[expected["game"] - 1]
    result = replay_record(game, rules)
    assert result.errors == []
    last = result.records[-1].after
    sanmills = expected["final_fen"]
    read = fen_to_position(sanmills, **_reading(rules))
    assert read.position == last
    assert fen_text(read) == sanmills  # (read whole, written back unchanged)
    over = expected["declared_by"] == "position"
    written = fen_of_record(result.records, len(result.records), game_over=over, form="legacy",
                            stones=rules.stones, mills=result.mills, move_numbers="sanmill")
    ours, theirs = written.split(), sanmills.split()[:17]
    assert len(ours) == 17
    differing = {number for number in range(1, 18) if ours[number - 1] != theirs[number - 1]}
    # Sanmill counts every action, each removal one: its ply counter after the game
    actions = sum((record.kind != "remove") + len(record.captures) for record in result.records)
    assert actions == expected["actions"]
    if ours[1] == theirs[1]:
        assert differing == set()
    else:
        assert over and differing <= {2, 4, 9, 10, 17}
        assert ours[3] in ("s", "p") and theirs[3] in ("r", "p") and ours[8:10] == ["0", "0"]
        assert int(theirs[16]) == 1 + (actions - (theirs[1] == "b")) // 2
    assert fen_to_position(written, **_reading(rules)).position == last


def test_without_sanmills_count_field_17_is_the_records_move_number() -> None:
    """Standard game 1 of the data: the default (``record``) numbers as the record does, Sanmill's
    count is larger by half a move for each removal."""
    rules = load_ruleset("standard_9mm")
    result = replay_record(next(iter(read_file(DATA / "standard_9mm.pgn"))), rules)
    records = result.records
    captures = sum(len(record.captures) for record in records)
    assert captures > 0
    record_numbers = [int(fen.split()[16]) for fen in fens_of_record(records, stones=9)]
    sanmill_numbers = [int(fen.split()[16]) for fen in fens_of_record(records, stones=9, move_numbers="sanmill")]
    assert record_numbers[-1] == records[-1].ply.number + (records[-1].side == "black")
    assert sanmill_numbers[-1] == int(VERDICTS["standard_9mm.pgn"]["games"][0]["final_fen"].split()[16])
    # one pass or ply by ply, the same
    assert sanmill_numbers == [sanmill_move_number(records, upto) for upto in range(len(records) + 1)]
    assert sanmill_numbers[-1] - record_numbers[-1] == captures // 2 or \
        sanmill_numbers[-1] - record_numbers[-1] == (captures + 1) // 2
    with pytest.raises(ValueError, match="field 17 counts by 'record' or 'sanmill', not 'moves'"):
        fen_of_record(records, 1, move_numbers="moves")


def test_a_mill_and_its_capture_as_sanmill_counts_them() -> None:
    """``a1 d6 a4 d2 a7 xd6 d6 g7 f4 g4 b4 g1 xf4`` under standard_9mm: the referee printed
    ``********/@***@*@*/*OOO*OOO b p p 6 3 3 4 0 0 0 0 0 0 0 0 7``: 13 actions, Black to move,
    1 + 12 / 2 = 7; the record's next ply is Black's sixth (``6. g1xf4 ...``)."""
    game = next(iter(read_games("1. a1 d6 2. a4 d2 3. a7xd6 d6 4. g7 f4 5. g4 b4 6. g1xf4 *\n")))
    result = replay_record(game, load_ruleset("standard_9mm"))
    assert result.errors == []
    sanmills = "********/@***@*@*/*OOO*OOO b p p 6 3 3 4 0 0 0 0 0 0 0 0 7"
    assert fen_of_record(result.records, 11, form="legacy", move_numbers="sanmill") == sanmills
    assert fen_of_record(result.records, 11, form="legacy") == sanmills[:-1] + "6"
    assert sanmill_move_number(result.records, 11) == 7
    # after the first capture both agree: 6 actions, Black to move, and Black's third move next
    assert fen_of_record(result.records, 5, form="legacy", move_numbers="sanmill") == \
        fen_of_record(result.records, 5, form="legacy") == "********/****@***/*****OOO b p p 3 6 1 7 0 0 0 0 0 0 0 0 3"


def test_sanmills_count_goes_on_from_a_set_up_fen() -> None:
    """From a FEN with field 17 = 20, Black to move: Sanmill's ply counter starts at 2 * 19 + 1 = 39
    (``Position::set``). After Black's e5-e4: 40, White to move, 1 + 40 / 2 = 21. After White's
    g4-g7 and its capture, which wins: 42; muehle's position has the loser Black to move,
    1 + 41 / 2 = 21, where Sanmill keeps the winner White to move and writes 22 (the side differs,
    docs/positions.md)."""
    text = ('[SetUp "1"]\n[FEN "*@***O**/****OO**/O*O@*@*O b m s 6 0 3 0 0 0 0 0 0 0 0 2 20"]\n\n'
            "20... e5-e4 21. g4-g7/xe4 *\n")
    game = next(iter(read_games(text)))
    result = replay_record(game, "sanmill")
    assert result.errors == []
    assert [sanmill_move_number(result.records, upto, result.setup) for upto in (0, 1, 2)] == [20, 21, 21]
    assert fen_of_record(result.records, 2, result.setup, form="legacy", move_numbers="sanmill").split()[1] == "b"
    # a start with White to move: 2 * 19 = 38, 1 + 38 / 2 = 20
    white_start = fen_to_position("*@***O**/****OO**/O*O@*@*O w m s 6 0 3 0 0 0 0 0 0 0 0 2 20")
    assert sanmill_move_number([], 0, white_start) == 20


#: FENs the referee printed in the middle of a turn: (ruleset, Sanmill's tokens, Sanmill's FEN).
MID_TURN = [
    ("standard_9mm", "a1 d6 a4 d2 a7",
     "********/@***@***/*****OOO w p r 3 6 2 7 1 0 0 0 0 0 0 0 3"),
    ("mul_mulan", "a1 g4 c3 d1 e5 d6 b2 xd6 f2 f6 d6 g7 xf2 b4 b6 f2 e4 d3 d2",
     "*OO*@O**/@O*@OO@O/*O@*@O** w p r 9 0 6 1 2 0 0 0 0 0 0 0 10 i:w-2-12.28|b-0-"),
    ("mul_mulan", "a1 g4 c3 d1 e5 d6 b2 xd6 f2 f6 d6 g7 xf2 b4 b6 f2 e4 d3 d2 xd3",
     "*OO**O**/@O*@OO@O/*O@*@O** w p r 9 0 5 1 1 0 0 0 0 0 0 0 11 i:w-1-28|b-0-"),
    ("mul_mulan", "d6 f2 b2 f4 g1 f6 xb2 d2 e5 b4 b2 g7 g4",
     "*@******/O@@@O@O*/*O@O**** b p r 5 3 6 3 0 2 0 0 0 0 0 0 7 i:w-0-|b-2-25.27"),
    ("custodian.pgn", "f4 b4 d2 d6 c4 a4 a7 d3 a1",
     "****@*O*/@*O*O*@*/*****O@O w p r 5 4 4 5 1 0 0 0 0 0 0 0 5 c:w-1-30|b-0-"),
    ("leap.pgn", "c3 f4 d6 d2 b4 a4 e4 f2 b2 f6 xe4 b6 xa4 c4 d1 a4 g4 e5 e3 c5 e3-e4 e5-e3",
     "**O@*O@@/O@@@@OOO/**O*O*@* b m r 8 0 8 0 0 1 0 0 0 0 0 2 11 l:w-0-|b-1-10"),
    ("stalemate2.pgn", "e3 b6 g1 f2 c3 d3 b2 a1 e5 e4 f6 g7 c5 c4 d5 xf2 f2 d7 d6 a4 a7 f4 d2 d1 g4 a4-b4 "
     "a7-a4 d7-a7 g7-d7 f6-g7 d6-f6 d5-d6",
     "*O@O@O@O/O@O@@OO@/@O@OO@@O b m r 12 0 11 0 0 1 0 0 0 0 0 7 16 s:1"),
    ("stalemate5.pgn", "f2 d7 a7 b4 a1 a4 c4 f6 g4 d2 c3 c5 b2 xd2 d2 g1 e3 g7 xd2 d2 d1 xd2 d2 e4 f4 d5 d3 "
     "d5-d6 f6-e5 g7-f6 d7-g7 a7-b6 xf4 a4-a7 g4-f4 xg7 a7-d7 g1-g4 xb4 d7-g7 d6-d5 g7-d7 c4-b4 xd7 c5-c4 "
     "g4-g1 xc4",
     "O@O@@O**/*OOO@OOO/***OOO** b m r 12 0 4 0 1 1 0 0 0 0 0 0 24 s:2"),
    ("zhi_qi", "b2 f6 b6 b4 f2 d2 a1 c3 a7 c5 c4 e5 g7 d5 xf2 d7 xb4 a4 g1 e3 d1 xe3 g4 d3",
     "@OO@@OO@/@@O@O@@O/O@@@OOOO w m r 12 0 12 0 1 1 0 0 0 0 0 0 13"),
    ("el_filja", "d1 a1 a4 e4 f2 d2 b4 c4 d6 g7 f4 f6 g4 d7 a7 d5 d3 b2 b6 e5 e3 c3 c5 g1",
     "@@@OO@@O/O@OO@@OO/@@O@O@OO w m r 12 0 12 0 -1 -1 0 0 0 0 0 0 13"),
]


def _mid_turn_rules(name: str) -> Ruleset:
    if name.endswith(".pgn"):
        return parse_ruleset(CUSTOM_RULES[name], source=name)
    return load_ruleset(name)


@pytest.mark.parametrize("name, tokens, fen", MID_TURN, ids=[f"{name}-{len(tokens.split())}" for name, tokens, _ in
                                                            MID_TURN])
def test_a_fen_in_the_middle_of_a_turn_is_read_whole_written_back_and_no_record_starts_from_it(
        name: str, tokens: str, fen: str) -> None:
    rules = _mid_turn_rules(name)
    read = fen_to_position(fen, **_reading(rules))
    assert not read.between_turns and not read.finished and read.action == "r"
    assert fen_text(read) == fen
    assert read.notes == ()  # (every extension field read, none ignored)
    with pytest.raises(ValueError, match="middle of a turn"):
        Board.from_fen(fen, rules)
    game = next(iter(read_games(f'[SetUp "1"]\n[FEN "{fen}"]\n\n*\n', source="mid.pgn")))
    with pytest.raises(FormatError, match=r"^mid\.pgn:2:\d+: error: in the FEN tag: the position is in the middle "
                                          r"of a turn \((White|Black) still has to remove a stone"):
        start_fen(game, **fen_reading(rules))


def test_the_pending_captures_are_the_stones_the_rules_take() -> None:
    """Each target checked on the board: an intervention takes the two enemy stones either side of
    the stone placed between them, a custodian capture the enemy stone between the placed one and
    an own stone, a leap the stone jumped over."""
    fens = {name + tokens.split()[-1]: fen for name, tokens, fen in MID_TURN}
    # White placed d2 between Black's d3 and d1 (the file d1-d2-d3)
    read = fen_to_position(fens["mul_mulan" + "d2"])
    white, black = points_of(read.position.white), points_of(read.position.black)
    assert read.captures == (PendingCapture("intervention", "white", 2, ("d3", "d1")),
                             PendingCapture("intervention", "black", 0, ()))
    assert "d2" in white and {"d3", "d1"} <= set(black)
    # after the first of the two removals (d3) the second must take d1
    assert fen_to_position(fens["mul_mulan" + "xd3"]).captures[0] == PendingCapture("intervention", "white", 1, ("d1",))
    # Black placed g4 between White's g7 and g1
    read = fen_to_position(fens["mul_mulan" + "g4"])
    assert read.captures[1] == PendingCapture("intervention", "black", 2, ("g7", "g1"))
    assert {"g7", "g1"} <= set(points_of(read.position.white))
    # White placed a1: Black's a4 between it and White's a7
    read = fen_to_position(fens["custodian.pgn" + "a1"])
    assert read.captures[0] == PendingCapture("custodian", "white", 1, ("a4",))
    assert "a4" in points_of(read.position.black) and {"a1", "a7"} <= set(points_of(read.position.white))
    # Black moved e5-e3 over White's e4
    read = fen_to_position(fens["leap.pgn" + "e5-e3"])
    assert read.captures[1] == PendingCapture("leap", "black", 1, ("e4",))
    assert "e4" in points_of(read.position.white) and "e5" not in points_of(read.position.black)
    # a blocked side's removal, both sides' removals after a blocked turn
    assert fen_to_position(fens["stalemate2.pgn" + "d5-d6"]).blocked_removal == 1
    assert fen_to_position(fens["stalemate5.pgn" + "xc4"]).blocked_removal == 2


def test_the_pending_capture_is_named_where_a_record_would_start() -> None:
    fen = MID_TURN[1][2]
    game = next(iter(read_games(f'[SetUp "1"]\n[FEN "{fen}"]\n\n*\n', source="mid.pgn")))
    with pytest.raises(FormatError) as raised:
        start_fen(game, **fen_reading(load_ruleset("mul_mulan")))
    column = len('[FEN "') + fen.index(" i:") + 2
    assert str(raised.value).splitlines()[0] == (
        f"mid.pgn:2:{column}: error: in the FEN tag: the position is in the middle of a turn (White still has to "
        "remove a stone: an intervention capture (d3, d1), FEN field 18 'i:w-2-12.28|b-0-'); muehle's positions "
        "stand between two turns, so a record can only start there")


def test_el_filjas_own_removal_is_refused_where_sanmill_counts_the_wrong_side() -> None:
    """After White removes its own b6 (El Filja, no mill at the end of placing: the count -1),
    Sanmill's remove_piece takes the stone off ``them``'s count (position.cpp:1833): the referee
    printed White 12 on the board with 11 there, Black 11 with 12. muehle does not read counts
    that disagree with the board."""
    fen = "@@@OO@@O/O@OO@@O*/@@O@O@OO b m r 12 0 11 0 0 -1 0 0 0 0 0 0 13"
    with pytest.raises(FormatError, match="FEN field 5 .*says White has 12 stones on the board, but the board "
                                          "shows 11"):
        fen_to_position(fen)


def test_a_fen_written_back_converts_between_the_forms() -> None:
    fen = MID_TURN[5][2]
    current = fen_text(fen_to_position(fen), form="current")
    assert current == ("**O@*O@@/O@@@@OOO/**O*O*@* b m r 8 0 8 0 0 1 -1 -1 -1 -1 0 2 11 ids:nodes "
                       "l:w-0-|b-1-10")
    assert fen_text(fen_to_position(current), form="legacy") == fen
    # a preferred removal (p:) and a field of another kind keep their places after Sanmill's
    with_more = fen + " p:10 z:1"
    read = fen_to_position(with_more)
    assert read.preferred_removal == "e4"
    assert fen_text(read) == with_more
    with pytest.raises(ValueError, match="not 'new'"):
        fen_text(read, form="new")


@pytest.mark.parametrize("extension, message", [
    ("c:w-1-", None),
    ("i:w-x-12", "'w-x-12' is not a side's capture"),
    ("l:w-1-12|w-0-", "White is given twice"),
    ("c:w-1-7", "7 is not a square"),
    ("c:w-1-12 c:b-0-", "a second field of a custodian capture"),
    ("p:40", "'40' is not a square"),
    ("s:3", "'3' is neither 1 .* nor 2"),
    ("s:1 s:2", "a second field of a blocked side's removals"),
    ("c:w-2-12", "White has 2 stones to remove by a custodian capture, but field 9 says 1 still to remove"),
])
def test_a_bad_extension_field_is_a_located_error(extension: str, message: str | None) -> None:
    fen = "********/@***@***/*****OOO w p r 3 6 2 7 1 0 0 0 0 0 0 0 3 " + extension
    if message is None:
        assert fen_to_position(fen).captures == (PendingCapture("custodian", "white", 1),)
        return
    with pytest.raises(FormatError, match=message) as raised:
        fen_to_position(fen)
    bad = extension.split()[-1]
    assert raised.value.column == fen.rindex(bad) + 1


def test_extension_fields_with_nothing_to_do_are_read_with_a_note() -> None:
    """Between two turns a capture field with nothing pending, a preferred removal and a blocked
    side's flag do nothing; they are read past with a note, as before."""
    read = fen_to_position("********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1 c:w-0-|b-0- p:9 s:1")
    assert read.between_turns and (read.preferred_removal, read.blocked_removal) == ("e5", 1)
    assert len(read.notes) == 3 and all(note.startswith("ignored the extension field") for note in read.notes)
    # Sanmill writes no capture field with nothing in it
    assert fen_text(read) == "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1 p:9 s:1"


def test_sanmills_count_where_the_defender_moves_first() -> None:
    """Nerenchi's game 1 after its 24 placements and 6 removals (30 actions, Black to move:
    1 + 29 / 2 = 15), Black's first move a1-d1 (31, White to move: 16) and White's e5-d5 (32,
    Black to move: 16), fields 1 to 16 as the referee printed them (test_sanmill_variant_fens.py):
    Sanmill's formula takes Black to move for the second place of a move, so Black's two actions
    in a row move it on once."""
    result = replay_record(next(iter(read_file(DATA / "nerenchi.pgn"))), load_ruleset("nerenchi"))
    sanmills = ["*O@O*@@@/@@O*O@@@/OO***@@@ b m s 6 0 12 0 0 0 0 0 0 0 0 0 15",
                "*O@O*@@@/@@O*O@@@/OO**@*@@ w m s 6 0 12 0 0 0 0 0 0 0 0 1 16",
                "O*@O*@@@/@@O*O@@@/OO**@*@@ b m s 6 0 12 0 0 0 0 0 0 0 0 2 16"]
    assert [fen_of_record(result.records, upto, form="legacy", stones=12, move_numbers="sanmill")
            for upto in (24, 25, 26)] == sanmills
