"""Compact games (:mod:`muehle.notation.record.compactgame`): read with ``builder=CompactGameBuilder``,
a record is the game the readers make of it otherwise, ply for ply and place for place, and its
JSON is the same text, byte for byte; its plain plies stay tuples until its ``plies`` are asked for."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given, settings

from muehle.notation.formats.jsonrecord import JsonWriter, write_json
from muehle.notation.reading.front_door import read
from muehle.notation.record.compactgame import CompactGame, CompactGameBuilder
from muehle.notation.record.model import Game, Ply
from muehle.notation.writing.pgn import write_pgn
from muehle.notation.writing.writers import write_notation
from paths import EXAMPLES
from strategies import pgn_record_files, record_files

property_settings = settings(max_examples=150, deadline=None)


def places(plies: list[Ply]) -> list[tuple]:
    """Each ply's place, its variations' plies' too, in the order of the text."""
    found = []
    for ply in plies:
        found.append((ply.label(), ply.line, ply.column))
        for variation in ply.variations:
            found.extend(places(variation.plies))
    return found


def both_ways(text: str) -> tuple[list[Game], list[Game]]:
    """The games of ``text`` read as usual, and read compact."""
    return (list(read("-", "notation", text=text)),
            list(read("-", "notation", text=text, builder=CompactGameBuilder)))


def check_compact(text: str) -> None:
    whole, compact = both_ways(text)
    assert all(type(game) is CompactGame for game in compact)
    for locations in (True, False):
        assert write_json(compact, locations) == write_json(whole, locations)  # (before their plies are made)
    whole, compact = both_ways(text)
    assert compact == whole
    for game, other in zip(whole, compact):
        assert places(other.plies) == places(game.plies)
        assert [str(error) for error in other.errors] == [str(error) for error in game.errors]
        assert other.result_place == game.result_place and other.comments == game.comments


@property_settings
@given(record_files)
def test_written_notation_reads_compact_as_whole(records: list[Game]) -> None:
    check_compact(write_notation(records))


@property_settings
@given(pgn_record_files)
def test_written_pgn_reads_compact_as_whole(records: list[Game]) -> None:
    check_compact(write_pgn(records))


@pytest.mark.parametrize("name", ["schuermann-book-game.txt", "multi-game.txt", "sanmill-export.pgn",
                                  "setup-position.txt", "syntax-errors.txt", "illegal-moves.txt"])
def test_the_examples_read_compact_as_whole(name: str) -> None:
    check_compact((EXAMPLES / name).read_text(encoding="utf-8"))


def test_plain_plies_stay_tuples_until_the_plies_are_asked_for() -> None:
    text = '[Event "x"]\n1. b4 d6! 2. f4 $1 f6 {good} 3. d2 (3. b6 d5) d5 4. a1 *\n'
    (game,) = list(read("-", "notation", text=text, builder=CompactGameBuilder))
    assert isinstance(game, CompactGame)
    held = game.plain_plies()
    assert held is not None and game.ply_count() == 7
    # a tuple while nothing but an annotation is added to a ply; an object for a NAG, comment or variation
    assert [type(ply).__name__ for ply in held] == ["tuple", "tuple", "Ply", "Ply", "Ply", "tuple", "tuple"]
    assert held[1] == (1, "black", None, "d6", (), "!", 2, 7)
    plies = game.plies
    assert game.plain_plies() is None and all(type(ply) is Ply for ply in plies)
    assert [ply.label() for ply in plies] == ["1. b4", "1... d6", "2. f4", "2... f6", "3. d2", "3... d5", "4. a1"]
    assert plies[1].annotation == "!" and (plies[1].line, plies[1].column) == (2, 7)
    assert plies[2].nags == [1] and plies[3].comments == ["good"]
    assert [p.label() for p in plies[4].variations[0].plies] == ["3. b6", "3... d5"]


def test_a_compact_game_copies_and_pickles_as_a_whole_game() -> None:
    (game,) = list(read("-", "notation", text="1. b4 d6 *\n", builder=CompactGameBuilder))
    for other in (copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        assert other == game and [ply.label() for ply in other.plies] == ["1. b4", "1... d6"]
        assert other.plain_plies() is None


def test_a_second_annotation_is_the_error_it_is_otherwise() -> None:
    text = "1. f2!? xb4 ?\n"  # (Sanmill rates the move and its capture: one annotation per ply)
    whole, compact = both_ways(text)
    assert compact[0].errors and [str(e) for e in compact[0].errors] == [str(e) for e in whole[0].errors]
    assert "a ply has only one annotation" in str(compact[0].errors[0])


def test_the_json_writer_writes_the_first_games_held_from_compact_ones() -> None:
    """The first games are held while the record may fit on one line: their plies are made then."""
    text = "1. d2 *\n\n1. b4 d6 2. f4 *\n"
    whole, compact = both_ways(text)
    writer = JsonWriter(locations=False)
    assert writer.game(compact[0]) == "" and compact[0].plain_plies() is None
    assert writer.game(compact[1]) + writer.end() == write_json(whole, locations=False)


def test_plain_plies_without_move_numbers_are_written_as_the_whole_games_plies() -> None:
    """A plain ply the record gives no number has no template: the JSON writer makes its Ply and
    writes its data, the same text as the whole game's."""
    text = '[Event "x"]\n\nb4 d6 f4 *\n\n[Event "y"]\n\nd2 d6 a4 *\n'
    compact = list(read("-", "notation", text=text, builder=CompactGameBuilder))
    assert compact[1].plain_plies()[0][:4] == (None, "white", None, "d2")  # type: ignore[index]
    check_compact(text)
