"""PlayOK's records: the point table, detection, the tokenizer, the reader and its errors."""

from __future__ import annotations

import re

import pytest

from docs_text import doc, section
from muehle.notation.formats.playok import (
    PLAYOK_NUMBERS,
    PLAYOK_POINTS,
    Comment,
    PlyToken,
    Result,
    Tag,
    looks_like_playok,
    playok_number,
    playok_point,
    read_playok,
    tokenize,
)
from muehle.notation.reading.parser import parse_game, read_games
from muehle.notation.record.model import POINTS, Game, Ply
from playok_records import BOOK, EXPORT, TABLE, TAGS


def table() -> dict[int, str]:
    return {int(number): point for number, point in (pair.split("=") for pair in TABLE.split())}


def test_the_table_is_the_one_playok_numbers_its_points_by() -> None:
    assert {number: playok_point(number) for number in range(1, 25)} == table()
    assert PLAYOK_POINTS == tuple(table()[number] for number in range(1, 25))
    assert {point: playok_number(point) for point in POINTS} == {point: n for n, point in table().items()}
    assert PLAYOK_NUMBERS == {point: n for n, point in table().items()}


def test_the_points_are_numbered_row_by_row_from_the_top_each_row_from_the_left() -> None:
    order = sorted(POINTS, key=lambda point: (-int(point[1]), point[0]))
    assert list(PLAYOK_POINTS) == order


@pytest.mark.parametrize("number", [0, 25, -1])
def test_a_number_outside_1_to_24_is_no_point(number: int) -> None:
    with pytest.raises(ValueError, match=f"{number} is not one of PlayOK's numbered points"):
        playok_point(number)


@pytest.mark.parametrize(("text", "expected"), [
    (EXPORT, True),
    (EXPORT.replace("\r\n", "\n"), True),
    ("1. 5 17", True),
    ("1.\n23-24", True),
    ("{ a note }\n; another\n1. 5x13", True),
    ("17... 10-1x23", True),
    ("1. 25", True),  # (not a point, but written as one: read as PlayOK's to say what is wrong)
    ("1. x5", True),
    (BOOK, False),
    ('[Site "PlayOK"]\n\n1. d6 d3', False),  # (the tag alone does not make the moves numbers)
    ("1 5 17", False),  # (no move number before the first ply)
    ("5 17", False),
    ("1. 1-0", False),
    ("1-0", False),
    ("", False),
    ('[Event "x"]\n', False),
])
def test_a_text_looks_like_playok_when_its_first_ply_is_a_number(text: str, expected: bool) -> None:
    assert looks_like_playok(text) is expected


@pytest.mark.parametrize("line_end", ["\r\n", "\n"])
def test_the_tokens_of_an_export(line_end: str) -> None:
    first, second = tokenize(EXPORT.replace("\r\n", line_end), "export.txt")
    assert first.error is None and second.error is None
    tags = [token for token in first.tokens if isinstance(token, Tag)]
    assert {tag.name: tag.value for tag in tags} == TAGS
    assert (tags[0].line, tags[0].column, tags[-1].line) == (1, 1, 12)
    plies = [token for token in first.tokens if isinstance(token, PlyToken)]
    assert len(plies) == 40
    assert plies[0] == PlyToken(1, "white", None, "d2", (), "20", 14, 4)
    assert plies[15] == PlyToken(8, "black", None, "e3", ("d5",), "18x8", 14, 64)
    assert plies[18] == PlyToken(10, "white", "b4", "b2", (), "11-19", 15, 1)  # (its number ends line 14)
    assert plies[-1] == PlyToken(20, "black", "d2", "d3", ("g1",), "20-17x24", 17, 10)
    assert first.tokens[-1] == Result("0-1", 17, 19)
    assert first.line == 1 and second.line == 19
    assert [token for token in second.tokens if not isinstance(token, Tag)] == [
        PlyToken(1, "white", None, "a7", (), "1", 28, 4), PlyToken(1, "black", None, "g1", (), "24", 28, 6),
        PlyToken(2, "white", None, "d6", (), "5", 28, 12), Result("1/2-1/2", 28, 14)]


def test_the_export_reads_as_the_same_game_in_the_books_notation() -> None:
    first, second = read_playok(EXPORT, "export.txt")
    book = parse_game("".join(f'[{name} "{value}"]\n' for name, value in TAGS.items()) + "\n" + BOOK)
    assert first == book
    assert not first.errors and first.source == "export.txt" and first.line == 1
    assert (first.plies[-1].line, first.plies[-1].column) == (17, 10)
    assert first.result_place == (17, 19)
    assert second.result == "1/2-1/2" and second.tags["Result"] == "1/2-1/2"
    assert [ply.label() for ply in second.plies] == ["1. a7", "1... g1", "2. d6"]


def test_a_tag_is_found_where_it_stands() -> None:
    game = read_playok(EXPORT, "export.txt")[1]
    assert game.tag_place("WhiteElo") == (25, 12, '[WhiteElo "1690"]')


def test_escapes_in_tag_values_are_read() -> None:
    game = read_playok('[White "Anna \\"die Mühle\\" \\\\ Roth"]\n\n1. 5 *')[0]
    assert game.tags == {"White": 'Anna "die Mühle" \\ Roth'}


def test_comments_go_where_the_notation_puts_them() -> None:
    game = read_playok("{ before }\n1. 5 { after 5 } 17 ; to the end\n2. 10 * { final }")[0]
    assert game.comments == ["before"]
    assert [ply.comments for ply in game.plies] == [["after 5"], ["to the end"], []]
    assert game.final_comments == ["final"]


def test_comment_tokens_have_their_places() -> None:
    (game,) = tokenize("1. 5\n{ x }")
    assert game.tokens[-1] == Comment("x", 2, 1)


def test_games_are_cut_at_a_result_and_at_tags_after_movetext() -> None:
    games = read_playok('1. 5 17 1-0 1. 20 0-1\n[Event "third"]\n1. 1\n[Event "fourth"]\n1. 2 *')
    assert [game.result for game in games] == ["1-0", "0-1", None, "*"]
    assert [game.tags for game in games] == [{}, {}, {"Event": "third"}, {"Event": "fourth"}]
    assert [game.line for game in games] == [1, 1, 2, 4]


def test_a_black_ply_may_stand_alone_after_its_number() -> None:
    game = read_playok("17... 10-1x23 18. 5")[0]
    assert [ply.label() for ply in game.plies] == ["17... a4-a7/xd1", "18. d6"]


def test_several_captures_are_glued_one_after_the_other() -> None:
    assert read_playok("1. 5x13x14")[0].plies[0].captures == ["e4", "f4"]


def test_an_empty_text_has_no_game() -> None:
    assert read_playok("") == [] and read_playok(" \r\n\n") == []


NUMBERED = "PlayOK's numbered points (1 to 24, row by row from the top)"

#: Bad PlayOK texts: the place of the error and what it says.
ERRORS = [
    ("1. 5 25", 1, 6, f"25 is not a point: this text is read in {NUMBERED}"),
    ("1. 5 0", 1, 6, f"0 is not a point: this text is read in {NUMBERED}"),
    ("1. 5 17 2. 10-100", 1, 15, f"100 is not a point: this text is read in {NUMBERED}"),
    ("1. 5x30", 1, 6, f"30 is not a point: this text is read in {NUMBERED}"),
    ("1. 5 17 2. 12- 3", 1, 14, "12- needs the number of its target point after '-' (as in 23-24)"),
    ("1. 5x", 1, 5, "'x' must be followed by the number of the captured point (as in 5x13)"),
    ("1. 5 17 2. 5-6-7", 1, 15, "5-6-7 has two '-': a move goes from one point to another (as in 23-24)"),
    ("1. 5x13-14", 1, 8, "a move's '-' comes before its captures (as in 10-1x23)"),
    ("1. 5 x13", 1, 6, "a capture is glued to the ply that closed the mill in PlayOK's records, as in 5x13 "
                       "or 10-1x23 (not x13 on its own)"),
    ("1. 5 17 2. d2-b2/xa4", 1, 12, f"d2-b2/xa4 is in the book's notation, but this text is read in {NUMBERED}, "
                                    "as its first ply is written: a text is written in one or the other "
                                    "(here: 20-19x10)"),
    ("1. 5 17 2. pass", 1, 12, f"unexpected 'pass': this text is read in {NUMBERED}; a ply is written 5, "
                               "23-24 or 10-1x23"),
    ("1. 5 { open", 1, 6, "unterminated comment: this '{' is never closed by '}'"),
    ('[Event "a"]\n[Site "PlayOK"]\n[Event "b"]\n\n1. 5', 3, 1, "duplicate tag Event (first given on line 1)"),
    ("1. 5\n[Event x]", 2, 8, 'the tag Event needs a value in double quotes: [Event "value"]'),
    ("1. 5 17 3. 10 2. 11", 1, 15, "move number 2. goes back: the ply before is numbered 3."),
    ("1. 5 17 2. 1-0", 1, 9, "move number 2. is not followed by a ply"),
    ("1. 5 17 2. 3. 10", 1, 9, "move number 2. is not followed by a ply"),
    ("1. 5 17 2.", 1, 9, "move number 2. is not followed by a ply"),
    ("1. 5 17 " + "9" * 4001 + ". 10", 1, 9, "move number of 4001 digits is too long (at most 4000)"),
]


@pytest.mark.parametrize(("text", "line", "column", "message"), ERRORS)
def test_each_error_is_located_and_says_what_is_wrong(text: str, line: int, column: int, message: str) -> None:
    (game,) = read_playok(text, "bad.txt")
    (error,) = game.errors
    assert (error.source, error.line, error.column, error.message) == ("bad.txt", line, column, message)
    assert error.line_text == text.splitlines()[line - 1]


def test_a_game_with_an_error_keeps_what_came_before_it_and_the_next_game_is_read() -> None:
    text = '[Event "a"]\n\n1. 5 17 2. 30 11 1-0\n\n[Event "b"]\n\n1. 1 2 *\n'
    bad, good = read_playok(text)
    assert [ply.label() for ply in bad.plies] == ["1. d6", "1... d3"] and bad.result is None
    assert bad.errors[0].line == 3 and not good.errors
    assert good.tags == {"Event": "b"} and [ply.move_text for ply in good.plies] == ["a7", "d7"]


def test_after_an_error_the_next_game_without_tags_starts_after_the_result() -> None:
    bad, good = read_playok("1. 5 30 1-0 1. 1 2 *")
    assert bad.errors and not good.errors and good.result == "*"


def test_a_notation_text_with_a_playok_ply_gets_a_message_about_both() -> None:
    (game,) = read_games("1. d2 d6 2. 10 13 *", "mixed.txt")
    (error,) = game.errors
    assert (error.line, error.column) == (1, 13)
    assert error.message == (f"10 looks like a ply in {NUMBERED}, but this text is read in the book's notation: "
                             "a text is written in one or the other (here: a4)")


@pytest.mark.parametrize(("text", "message"), [
    ("1 b4", "move number 1 needs a '.' after it (1. for White, 1... for Black)"),
    ("1. d2 d6 2 f4", "move number 2 needs a '.' after it (2. for White, 2... for Black)"),
    ("1. b4 2-1", "2-1 is not a result; results are 1-0, 0-1, 1/2-1/2, ½-½ and *"),
])
def test_a_missing_dot_or_a_bad_result_is_not_taken_for_playok(text: str, message: str) -> None:
    (game,) = read_games(text)
    assert game.errors[0].message == message


def test_a_playok_game_is_built_from_plies_of_the_model() -> None:
    (game,) = read_playok("1. 10-1x23")
    assert isinstance(game, Game) and game.plies == [Ply(1, "white", "a7", "a4", ["d1"])]


def test_lone_cr_line_ends_count_as_lines() -> None:
    (game,) = read_playok('[Event "x"]\r\r1. 5\r17 *')
    assert [(ply.line, ply.column) for ply in game.plies] == [(3, 4), (4, 1)]


def _formats_error_rows() -> list[tuple[str, str]]:
    """(example, message) of each row of the PlayOK error table of docs/formats.md."""
    text = section(doc("formats.md"), "## PlayOK's numbered points")
    table = text[text.index("| text | message |"):]
    rows = []
    for cells, message in re.findall(r"^\| (`.*?) \| `([^`]*)`", table, re.M):
        rows.extend((example, message) for example in re.findall(r"`([^`]+)`", cells))
    return rows


def test_the_error_table_of_the_formats_doc_has_rows() -> None:
    assert len(_formats_error_rows()) >= 10


@pytest.mark.parametrize(("example", "message"), _formats_error_rows())
def test_each_playok_error_of_the_formats_doc_is_the_one_its_example_gives(example: str, message: str) -> None:
    (game,) = read_playok("1. 5 17 " + example if not example.startswith("1.") else example)
    assert game.errors
    shown, _, rest = message.partition("(...)")
    assert game.errors[0].message.startswith(shown) and game.errors[0].message.endswith(rest)


def test_an_unclosed_comment_ends_its_game_where_a_blank_line_and_a_tag_pair_follow() -> None:
    broken, next_game = read_playok('1. 5 { oops\n\n[Event "b"]\n\n1. 3 { two\n\nlines } *\n')
    assert broken.errors[0].message == "unterminated comment: this '{' is never closed by '}'"
    assert (broken.errors[0].line, broken.errors[0].column) == (1, 6)
    assert next_game.tags == {"Event": "b"} and next_game.plies[0].comments == ["two\n\nlines"]
