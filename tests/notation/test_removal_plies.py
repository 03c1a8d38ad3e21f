"""A ply made of removals alone (``13. xg7xd5``), as Sanmill's PGN export writes the removals that
spill over into the next move number (it groups a move with up to three removal tokens, whoever
makes them: El Filja's ``12. g7 a7xg4xb2xd3`` / ``13. xg7xd5 c3-d3xd6``): read by the grammar and the
fast reader alike, kept in the record as a ply without target and origin whose captures are its
removals (``target`` :data:`~muehle.notation.record.model.REMOVAL`), and written back by every writer."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muehle.notation.formats.jsonrecord import read_json, read_yaml, write_json, write_yaml
from muehle.notation.reading.parser import read_file, read_games
from muehle.notation.reading.splitter import Chunk
from muehle.notation.record.model import REMOVAL, Game, Ply, Variation
from muehle.notation.text.errors import FormatError
from muehle.notation.writing.pgn import ply_count, write_pgn
from muehle.notation.writing.playok_writer import write_playok
from muehle.notation.writing.writers import UnwritableError, ply_text, write_notation
from strategies import games
from tests.notation.test_fastread import check_same, fast_game, lark_game

DATA = Path(__file__).resolve().parents[1] / "data" / "sanmill-variants"

#: Game 25 of El Filja's data, its lines 22 and 23 (Sanmill's export).
SPILLED = ['[Event "x"]', "", "12. g7 a7xg4xb2xd3", "13. xg7xd5 c3-d3xd6", "14. e5-d5 *"]


def _fields(game: Game) -> list[tuple]:
    return [(ply.number, ply.side, ply.target, ply.origin, ply.captures, ply.line, ply.column) for ply in game.plies]


def test_the_grammar_and_the_fast_reader_read_a_ply_of_removals_alone_alike() -> None:
    chunk = Chunk(first_line=1, lines=SPILLED)
    slow, fast = lark_game(chunk), fast_game(chunk)
    assert fast is not None and not slow.errors
    expected = [(12, "white", "g7", None, [], 3, 5), (12, "black", "a7", None, ["g4", "b2", "d3"], 3, 8),
                (13, "white", REMOVAL, None, ["g7", "d5"], 4, 5), (13, "black", "d3", "c3", ["d6"], 4, 12),
                (14, "white", "d5", "e5", [], 5, 5)]
    assert _fields(slow) == _fields(fast) == expected
    removals = slow.plies[2]
    assert removals.is_removal and not removals.is_placement and removals.label() == "13. xg7/xd5"
    assert not slow.plies[1].is_removal and slow.plies[1].is_placement
    check_same("\n".join(SPILLED))


@pytest.mark.parametrize("text, number, side, captures, fast", [
    ("13. xg7", 13, "white", ["g7"], True),
    ("13... xg7/xd5", 13, "black", ["g7", "d5"], True),
    ("13.xg7 ", 13, "white", ["g7"], True),
    ("13… xa1xa4xa7", 13, "black", ["a1", "a4", "a7"], True),
    ("13. - xG7XD5", 13, "black", ["g7", "d5"], False),  # (the book's "13. -": left to the parser)
])
def test_each_way_to_number_it(text: str, number: int, side: str, captures: list[str], fast: bool) -> None:
    chunk = Chunk(first_line=1, lines=[f"12. g7 a7 {text} *"])
    read_fast = fast_game(chunk)
    assert (read_fast is not None) == fast
    for game in (lark_game(chunk), read_fast) if fast else (lark_game(chunk),):
        assert game is not None and not game.errors
        assert [(p.number, p.side, p.target, p.origin, p.captures) for p in game.plies[2:]] == [
            (number, side, REMOVAL, None, captures)]
    check_same(f"12. g7 a7 {text} *")


@pytest.mark.parametrize("text, column", [
    ("1. a1 d1 {c} xa1 *", 14),  # (without its number: a capture cut off from its ply)
    ("1. a1 d1\n2.\nxa1 *", 1),  # (its number on the line before)
])
def test_without_its_number_on_its_line_it_is_a_syntax_error(text: str, column: int) -> None:
    game = list(read_games(text, "t"))[0]
    assert len(game.errors) == 1 and game.errors[0].column == column
    assert "a capture must be written right after its ply" in game.errors[0].message


def test_sanmills_export_of_el_filja_reads_and_its_plycount_counts_each_removal() -> None:
    games_read = list(read_file(DATA / "el_filja.pgn"))
    for number in (25, 26):
        game = games_read[number - 1]
        assert not game.errors
        assert ply_count(game) == int(game.tags["PlyCount"])  # (Sanmill's count: 51 and 85)
    removals = [(p.number, p.side, p.captures) for p in games_read[25].plies if p.is_removal]
    assert removals == [(13, "white", ["d1"])]


# --- the writers ---------------------------------------------------------------------------


def _spilled() -> Game:
    return list(read_games("\n".join(SPILLED), "t"))[0]


def test_each_writer_writes_it_with_its_number() -> None:
    game = _spilled()
    assert ply_text(game.plies[2]) == "xg7/xd5"
    assert write_notation([game]).splitlines()[-1] == (
        "12. g7 a7/xg4/xb2/xd3 13. xg7/xd5 c3-d3/xd6 14. e5-d5 *")
    assert write_notation([game], black_number="book", comma=True).splitlines()[-1] == (
        "12. g7, a7/xg4/xb2/xd3 13. xg7/xd5, c3-d3/xd6 14. e5-d5 *")
    pgn = write_pgn([game]).replace("\r\n", "\n")
    assert pgn.splitlines()[-1] == "12. g7 a7xg4xb2xd3 13. xg7xd5 c3-d3xd6 14. e5-d5 *"
    assert '[PlyCount "10"]' in pgn  # (g7, a7 and its 3 removals, the 2 removals, c3-d3 and d6, e5-d5)
    assert '{"number": 13, "side": "white", "captures": ["g7", "d5"], "line": 4, "column": 5}' in write_json([game])


def test_a_black_ply_of_removals_alone_after_whites_gets_its_own_number() -> None:
    """Written after White's ply without its number, ``xg7`` would be White's capture."""
    game = Game(plies=[Ply(12, "white", "g7"), Ply(12, "black", REMOVAL, captures=["a1"]), Ply(13, "white", "d1")])
    assert write_notation([game]) == "12. g7 12... xa1 13. d1\n"
    assert write_notation([game], black_number="book") == "12. g7 12. - xa1 13. d1\n"
    # (the one-line form's "12. -, xa1" would read as no ply: its number "12...", as the long form writes it)
    assert write_notation([game], comma=True) == "12. g7 12... xa1 13. d1\n"
    for text in (write_notation([game]), write_notation([game], black_number="book"), write_notation([game], comma=True)):
        assert list(read_games(text, "t"))[0].plies == game.plies


@pytest.mark.parametrize("ply, message", [
    (Ply(None, "white", REMOVAL, captures=["g7"]), "xg7, a ply of removals alone, cannot be written without its move "
                                                   "number (as in 13. xg7xd5)"),
    (Ply(3, "white", REMOVAL), "a ply of removals alone has no removal"),
])
def test_what_no_reader_reads_back_is_not_written(ply: Ply, message: str) -> None:
    game = Game(plies=[ply])
    for write in (write_notation, write_pgn):
        if ply.number is None and write is write_pgn:
            continue  # (PGN numbers a record that has no numbers, as Sanmill does)
        with pytest.raises(UnwritableError, match=message.replace("(", r"\(").replace(")", r"\)")):
            write([game])
    if ply.captures:
        with pytest.raises(UnwritableError, match="removals alone, which PlayOK's records cannot carry"):
            write_playok([Game(plies=[Ply(1, "white", "d1"), dataclasses.replace(ply, number=1, side="black")])])


def test_pgn_numbers_a_record_without_numbers_and_so_writes_it() -> None:
    game = Game(plies=[Ply(None, "white", "g7"), Ply(None, "black", REMOVAL, captures=["g7"])])
    assert write_pgn([game]).replace("\r\n", "\n").splitlines()[-1] == "1. g7 1... xg7 *"


@pytest.mark.parametrize("text, message", [
    ('{"side": "white"}', "missing key 'to'"),
    ('{"side": "white", "captures": []}', "missing key 'to'"),
    ('{"side": "white", "from": "a1", "captures": ["g7"]}', "missing key 'to'"),
    ('{"side": "white", "captures": ["g8"]}', "g8"),
])
def test_json_without_to_needs_captures_and_no_from(text: str, message: str) -> None:
    record = '{"format": "muehle-record", "version": 1, "games": [{"plies": [' + text + ']}]}'
    with pytest.raises(FormatError, match=message):
        read_json(record, "t.json")


def test_json_and_yaml_read_it_without_to() -> None:
    record = ('{"format": "muehle-record", "version": 1, "games": [{"plies": [{"number": 1, "side": "white", '
              '"to": "g7"}, {"number": 1, "side": "black", "captures": ["g7", "d5"]}]}]}')
    game = read_json(record, "t.json")[0]
    assert game.plies[1] == Ply(1, "black", REMOVAL, None, ["g7", "d5"])
    assert read_yaml(write_yaml([game]), "t.yaml")[0].plies == game.plies


# --- every writer round-trips it (generated records) -----------------------------------------


@st.composite
def games_with_removals(draw: st.DrawFn) -> Game:
    """A generated record where some plies written with a number are made of removals alone."""
    game = draw(games(with_result=True))

    def removals(plies: list[Ply]) -> list[Ply]:
        made = []
        for ply in plies:
            variations = [Variation(removals(v.plies), v.comments) for v in ply.variations]
            if ply.number is not None and draw(st.booleans()):
                captures = draw(st.lists(st.sampled_from(["a1", "d5", "g7", "c4"]), min_size=1, max_size=3))
                ply = dataclasses.replace(ply, target=REMOVAL, origin=None, captures=captures)
            made.append(dataclasses.replace(ply, variations=variations))
        return made

    game.plies = removals(game.plies)
    return game


def _pgn_safe(game: Game) -> Game:
    def line(plies: list[Ply]) -> list[Ply]:
        return [dataclasses.replace(ply, comments=[text.replace("}", ")") for text in ply.comments],
                                    variations=[Variation(line(v.plies), [t.replace("}", ")") for t in v.comments])
                                                for v in ply.variations]) for ply in plies]
    return Game(plies=line(game.plies), result="*")


def _read_back(text: str) -> list[Game]:
    back = list(read_games(text, "<written>"))
    assert all(not game.errors for game in back), text
    return back


@settings(max_examples=80, deadline=None)
@given(games_with_removals())
def test_the_notation_writes_it_back_as_it_was_and_both_readers_agree(game: Game) -> None:
    for text in (write_notation([game]), write_notation([game], black_number="book"),
                 write_notation([game], comma=True)):
        assert [(g.plies, g.comments, g.result) for g in _read_back(text)] == [(game.plies, game.comments,
                                                                                 game.result)], text
        check_same(text)


@settings(max_examples=60, deadline=None)
@given(games_with_removals())
def test_pgn_json_and_yaml_write_it_back_as_it_was(game: Game) -> None:
    plain = _pgn_safe(game)
    if any(ply.number is not None for ply in plain.plies) or not plain.plies:
        text = write_pgn([plain])
        assert _read_back(text)[0].plies == plain.plies, text
        check_same(text)
    for write, read in ((write_json, read_json), (write_yaml, read_yaml)):
        assert read(write([game]), "<data>") == [game]
