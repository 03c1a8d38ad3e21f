"""The book's one-line form (Schürmann/Nüscheler, p. 8): White's ply, a comma, Black's reply.

``6. g1, g7 7. d7, a1 8. a4, e3!`` is White's and Black's moves 6 to 8; where only
Black's ply is written, ``-`` stands before the comma (``4. -, e4``, ``11. -, f6-d6``).
Both readers read it alike, the writer writes it with ``comma``, and a comma anywhere
else is a syntax error with its place.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings

from muehle.notation import parse_game, read_games
from muehle.notation.record.model import Game, Ply
from muehle.notation.writing.writers import write_notation
from paths import ROOT
from runner import run
from strategies import record_files

EXAMPLES = ROOT / "examples"


def labels(text: str) -> list[str]:
    return [ply.label() + (ply.annotation or "") for ply in parse_game(text).plies]


@pytest.mark.parametrize(("text", "expected"), [
    # the book's examples, page 8
    ("6. g1, g7 7. d7, a1 8. a4, e3!", ["6. g1", "6... g7", "7. d7", "7... a1", "8. a4", "8... e3!"]),
    ("4. -, e4", ["4... e4"]),
    ("10. d3-c3, d5-e5 11. e4-e3, c4-c5 12. d2-d3/xe5",
     ["10. d3-c3", "10... d5-e5", "11. e4-e3", "11... c4-c5", "12. d2-d3/xe5"]),
    ("11. -, f6-d6", ["11... f6-d6"]),
    # annotations before the comma, every one of them
    ("1. b4!, d6? 2. f4!!, f2?? 3. d2!?, b6?!", ["1. b4!", "1... d6?", "2. f4!!", "2... f2??", "3. d2!?", "3... b6?!"]),
    # glued, spaced, a NAG, a draw offer and a comment before the comma, a variation of the reply
    ("6.g1,g7 7. d7 ,a1 8. a4 $1 (=) { c }, e3 (8... e5)", ["6. g1", "6... g7", "7. d7", "7... a1", "8. a4", "8... e3"]),
])
def test_the_books_one_line_form_reads_as_the_plies_it_writes(text: str, expected: list[str]) -> None:
    assert labels(text) == expected


def test_it_reads_as_the_usual_form_does() -> None:
    usual = parse_game("8. a4 $1 (=) { c } e3 (8... e5) 9. -, d2")
    assert usual == parse_game("8. a4 $1 (=) { c }, e3 (8... e5) 9... d2")
    assert usual.plies[0].comments == ["c"] and usual.plies[0].nags == [1] and usual.plies[0].draw_offer


@pytest.mark.parametrize(("text", "column", "message"), [
    ("6. g1 g7, f4", 9, "a comma stands between White's ply and Black's reply of the same move, White's written "
                        "with its move number: 6. g1, g7"),
    ("5... g1, f4", 8, "a comma stands between White's ply and Black's reply"),
    ("g1, g7", 3, "a comma stands between White's ply and Black's reply"),
    ("6. , g1", 4, "a comma follows a move number only where White's ply is left out: 4. -, e4"),
    ("6. g1, 6... g7", 8, "after the comma comes Black's reply, without a move number: 6. g1, g7"),
    ("6. g1, 6.\ng7", 8, "after the comma comes Black's reply, without a move number: 6. g1, g7"),
    ("6. g1,", 6, "after the comma comes Black's reply (6. g1, g7), not the end of the game"),
    ("4. -,", 5, "after the comma comes Black's reply (6. g1, g7), not the end of the game"),
    ("6. g1, 1-0", 8, "after the comma comes Black's reply (6. g1, g7), not a result 1-0"),
    ("6. g1, (6. d2) g7", 8, "after the comma comes Black's reply: a variation of White's ply stands before its "
                             "reply without the comma (6. g1 (6. d2) g7)"),
    ("6. g1 (6. d2), g7", 14, "a comma stands right after White's ply (and its annotation, NAGs and draw offer) or "
                              "after the book's 4. -, and before Black's reply: 6. g1, g7"),
    ("6. g1,, g7", 7, "a comma stands right after White's ply"),
])
def test_a_comma_out_of_its_place_is_a_syntax_error(text: str, column: int, message: str) -> None:
    (game,) = read_games(text, "c.txt")
    (error,) = game.errors
    assert (error.line, error.column) == (1, column)
    assert error.message.startswith(message)


def test_the_writer_writes_it() -> None:
    game = Game(plies=[Ply(4, "black", "e4"), Ply(5, "white", "d3", "d2", annotation="!"), Ply(5, "black", "d5"),
                       Ply(6, "white", "g1", nags=[1]), Ply(6, "black", "g7"),
                       Ply(7, "white", "d7", comments=["c"]), Ply(7, "black", "a1")])
    text = write_notation([game], comma=True)
    assert text == "4. -, e4 5. d2-d3!, d5 6. g1 $1, g7 7. d7 { c } 7. -, a1\n"
    assert read_games(text).__next__() == game


property_settings = settings(max_examples=150, deadline=None)


@property_settings
@given(record_files)
def test_records_written_in_the_one_line_form_read_back_the_same(records: list[Game]) -> None:
    text = write_notation(records, comma=True)
    back = list(read_games(text, "<written>"))
    assert back == records, text
    assert not any(game.errors for game in back)


def test_convert_writes_the_book_game_in_it_and_reads_it_back() -> None:
    book = str(EXAMPLES / "schuermann-book-game.txt")
    result = run("convert", book, "--to", "notation", "--comma")
    assert result.exit_code == 0, result.output
    # "21. - d1-g4" follows "21. b2-d2" directly: Black's reply after the comma
    assert "21. b2-d2, d1-g4" in result.stdout and "..." not in result.stdout
    assert "17. -, a7-a4?" in result.stdout  # after a comment on 17. g7-g4: Black's ply standing alone
    (back,) = read_games(result.stdout)
    assert back == parse_game(Path(book).read_text(encoding="utf-8"))
    same = run("convert", book, "--to", "notation", "--comma", "--black-number", "book")
    assert same.stdout == result.stdout


@pytest.mark.parametrize(("args", "message"), [
    (["--to", "json", "--comma"], "--comma applies to --to notation only, not to --to json"),
    (["--to", "notation", "--comma", "--black-number", "dots"],
     "--comma writes a Black ply standing alone as the book does, '4. -, e4': --black-number dots does not go with it"),
])
def test_comma_goes_with_the_books_notation_only(args: list[str], message: str) -> None:
    result = run("convert", str(EXAMPLES / "schuermann-book-game.txt"), *args)
    assert result.exit_code == 2
    assert message in result.output
