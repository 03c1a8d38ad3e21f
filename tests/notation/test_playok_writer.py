"""Writing PlayOK's numbered points: the layout, what it refuses, and records read back."""

from __future__ import annotations

from pathlib import Path

import pytest

from muehle.notation.formats.playok import read_playok
from muehle.notation.reading.parser import read_file
from muehle.notation.record.model import Game, Ply, Variation
from muehle.notation.writing.playok_writer import playok_ply_text, write_playok
from muehle.notation.writing.writers import UnwritableError
from paths import EXAMPLES


@pytest.mark.parametrize(("ply", "text"), [
    (Ply(1, "white", "d6"), "5"),
    (Ply(12, "black", "g1", origin="d1"), "23-24"),
    (Ply(3, "white", "d6", captures=["e4"]), "5x13"),
    (Ply(9, "white", "a7", origin="a4", captures=["d1"]), "10-1x23"),
    (Ply(9, "white", "g7", origin="a1", captures=["a7", "c3"]), "22-3x1x16"),
])
def test_a_ply_is_written_in_numbers_with_glued_captures(ply: Ply, text: str) -> None:
    assert playok_ply_text(ply) == text


def test_a_black_ply_that_stands_alone_keeps_its_number() -> None:
    game = Game(plies=[Ply(17, "black", "a4", origin="a7"), Ply(18, "white", "b2", origin="d2", comments=["x"]),
                       Ply(18, "black", "a7", origin="a4")])
    assert write_playok([game]) == "17... 1-10 18. 20-19 { x } 18... 10-1 *\n"


def test_a_record_without_numbers_is_numbered_from_1() -> None:
    game = Game(plies=[Ply(None, "white", "d2"), Ply(None, "black", "d6"), Ply(None, "white", "f4")], result="1-0")
    assert write_playok([game]) == "1. 20 5 2. 14 1-0\n"


def test_games_are_separated_by_a_blank_line_and_a_game_without_tags_has_no_blank_line() -> None:
    games = [Game(tags={"Event": "a"}, plies=[Ply(1, "white", "d2")], result="0-1"),
             Game(plies=[Ply(1, "white", "d6")])]
    assert write_playok(games) == '[Event "a"]\n\n1. 20 0-1\n\n1. 5 *\n'


def test_comments_are_kept_also_one_holding_a_brace() -> None:
    game = Game(plies=[Ply(1, "white", "d2", comments=["a } b"]), Ply(1, "black", "d6")], result="*",
                comments=["first"], final_comments=["last"])
    text = write_playok([game])
    assert text == "{ first } 1. 20 ; a } b\n1... 5 * { last }\n"
    assert read_playok(text) == [game]


@pytest.mark.parametrize(("ply", "what"), [
    (Ply(1, "black", "d6", variations=[Variation([Ply(1, "black", "f4")])]), "variations"),
    (Ply(1, "black", "d6", annotation="!"), "an annotation"),
    (Ply(1, "black", "d6", nags=[13]), "NAGs"),
    (Ply(1, "black", "d6", draw_offer=True), "a draw offer"),
])
def test_what_playok_cannot_carry_is_refused_at_its_ply(ply: Ply, what: str) -> None:
    ply.line, ply.column = 3, 7
    game = Game(plies=[Ply(1, "white", "d2"), ply], source="g.txt")
    with pytest.raises(UnwritableError) as raised:
        write_playok([game])
    assert raised.value.message == (f"1... d6 has {what}, which PlayOK's records cannot carry (write notation, PGN, "
                                    "JSON or YAML to keep them)")
    assert (raised.value.source, raised.value.line, raised.value.column) == ("g.txt", 3, 7)
    assert raised.value.game is game


def test_a_point_off_the_board_is_refused() -> None:
    with pytest.raises(UnwritableError, match="'b1' is not a point of the board"):
        write_playok([Game(plies=[Ply(1, "white", "b1")])])


def test_a_numbering_the_text_cannot_say_is_refused_naming_the_game_given() -> None:
    game = Game(plies=[Ply(3, "white", "d2"), Ply(2, "white", "d6")])
    with pytest.raises(UnwritableError, match="never goes back") as raised:
        write_playok([game])
    assert raised.value.game is game


def writable_examples() -> list[Path]:
    return sorted(path for path in EXAMPLES.glob("*.txt")
                  if not any(game.errors for game in read_file(path)) and path.name != "playok-export.txt")


def test_some_examples_can_be_written_as_playok() -> None:
    written = 0
    for path in writable_examples():
        try:
            write_playok(list(read_file(path)))
        except UnwritableError:
            continue
        written += 1
    assert written >= 3


@pytest.mark.parametrize("path", writable_examples(), ids=lambda path: path.name)
def test_an_example_written_as_playok_reads_back_with_its_plies_tags_and_results(path: Path) -> None:
    games = list(read_file(path))
    try:
        text = write_playok(games)
    except UnwritableError as error:
        assert "cannot carry" in error.message or "result" in error.message
        return
    back = read_playok(text)
    assert len(back) == len(games)
    for original, again in zip(games, back):
        assert not again.errors
        assert again.plies == original.plies and again.tags == original.tags
        assert again.comments == original.comments and again.final_comments == original.final_comments
        assert again.declared_result == (original.declared_result or "*")
    assert write_playok(back) == text


def test_a_move_number_too_long_to_read_is_left_out_where_it_is_counted_on() -> None:
    """A ply numbered 10**4000 (4001 digits, more than any reader reads) after Black's ply
    10**4000 - 1 follows from it: it is written without its number, as the notation writes it,
    and the record reads back whole."""
    last = 10**4000 - 1
    game = Game(plies=[Ply(last, "black", "d6"), Ply(last + 1, "white", "d3")])
    text = write_playok([game])
    assert text.split() == [f"{last}...", "5", "17", "*"]
    read = read_playok(text)[0]
    assert read.errors == [] and read.plies == game.plies
