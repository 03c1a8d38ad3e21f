"""Every syntax error a record can have: its message, line and column.

Columns count characters from 1; each expected place was counted by hand in the
record text given (the caret must stand under the character that is wrong).
"""

from __future__ import annotations

import pytest

from muehle.notation import NotationError, parse_game, read_games
from muehle.notation.reading import fastread

DASH = "the notation writes a hyphen-minus '-', as in 17. - a7-a4 and 1-0"
NESTED = ("comments do not nest: the comment before it held a '{' and ended at its first '}'; "
          "write no braces inside a comment")
NEXT_PLY = ("the next ply follows without one (17. g7-g4 a7-a4; the book's '17. - a7-a4' has it "
            "right after the move number)")
COLON = "the notation writes results with '-', as 1-0, 0-1, 1/2-1/2, ½-½ and *"
CAPTURE = "a capture mark needs a point: 'x' must be followed by the captured point, as in d2-b2/xa4 or d6-d5xc3"


def error_of(text: str) -> tuple[int, int, str]:
    with pytest.raises(NotationError) as caught:
        parse_game(text, source="t.txt")
    error = caught.value
    assert error.source == "t.txt"
    assert error.code == "syntax"
    return error.line, error.column, error.message


CASES = [
    # points
    ("1. b4 b1", (1, 7, "b1 is not a point of the board")),
    ("1. d4", (1, 4, "d4 is not a point of the board")),
    ("1. h3", (1, 4, "h3 is not a point of the board")),
    ("1. B44", (1, 4, "b44 is not a point of the board")),
    ("1. a0", (1, 4, "a0 is not a point of the board")),
    ("1. d2-b1", (1, 7, "b1 is not a point of the board")),
    ("1. d2-b2xb1", (1, 10, "b1 is not a point of the board")),
    ("1. d2-b2/xb1", (1, 11, "b1 is not a point of the board")),
    ("1. b4 xh1", (1, 8, "h1 is not a point of the board")),
    ("1. d2-b2/xa4xb44", (1, 14, "b44 is not a point of the board")),
    # moves and captures
    ("1. d2- b4", (1, 6, "d2- needs a target point after '-'")),
    ("1. b4 d6 2. d2-", (1, 15, "d2- needs a target point after '-'")),
    ("1. a1-a4-a7", (1, 9, "a1-a4 already has its target; a move has one '-'")),
    ("1. d2-b2/x *", (1, 10, CAPTURE)),  # ("d2-b2/x d6" is a slip read with a warning: tests/test_slips.py)
    ("1. d2-b2x", (1, 9, CAPTURE)),
    ("1. d2-b2/xa4/x", (1, 14, CAPTURE)),
    ("1. d2-b2/", (1, 9, "'/' must be followed by a capture 'x' and a point, as in d2-b2/xa4 or d6-d5xc3")),
    ("1. d6-d5! {c} xc3", (1, 15, "a capture must be written right after its ply, as in d2-b2/xa4 or d6-d5xc3")),
    # two quality symbols of Sanmill's export, the move's and its capture's
    ("1. d6-d5! xc3?", (1, 14, "a ply has only one annotation, and this one has ! already: Sanmill gives the move "
                               "and its capture a quality symbol each (! and ?), muehle's record one per ply")),
    ("1. d6-d5!?xc3!!", (1, 14, "a ply has only one annotation, and this one has !? already: Sanmill gives the move "
                                "and its capture a quality symbol each (!? and !!), muehle's record one per ply")),
    ("1. b4! xb2?? xc3", (1, 11, "a ply has only one annotation, and this one has ! already: Sanmill gives the move "
                                 "and its capture a quality symbol each (! and ??), muehle's record one per ply")),
    ("1. b4 d6\n2. d2-b2?! XA4 ?", (2, 16, "a ply has only one annotation, and this one has ?! already: Sanmill "
                                           "gives the move and its capture a quality symbol each (?! and ?), "
                                           "muehle's record one per ply")),
    ("1. d6-d5 {c} xc3", (1, 14, "a capture must be written right after its ply, as in d2-b2/xa4 or d6-d5xc3")),
    ("1. b4c3", (1, 4, "b4c3: plies must be separated by a space")),
    # move numbers
    ("1. b4 d6 2. f4 f2 3. d2 d1 2. b6", (1, 28, "move number 2 goes back: after 3... the next move is 4.")),
    ("5. b4 3. d6", (1, 7, "move number 3 goes back: after 5. the next move is 5...")),
    ("5. b4 d6 5. f4", (1, 10, "move number 5 repeats: after 5... the next move is 6.")),
    ("5. b4 5. f4", (1, 7, "move number 5 repeats: Black's reply to 5. is written 5... f4 or 5. - f4 "
                           "(or without a number)")),
    ("1. b4 d6 f4 1... f2", (1, 13, "move number 1 goes back: after 2. the next move is 2...")),
    # a variation replaces Black's 1... d6: its first ply is Black's too
    ("1. b4 d6 (1. d2 f4)", (1, 11, "a variation takes the place of the ply before it, so its first ply is "
                                    "1..., not 1.")),
    ("1. b4 d6 2. f4 (1. d2)", (1, 17, "a variation takes the place of the ply before it, so its first ply is "
                                       "2., not 1.")),
    ("1 b4", (1, 1, "move number 1 needs a '.' after it (1. for White, 1... for Black)")),
    ("17.. b4", (1, 4, "unexpected '.': a move number is written 17. before White's ply and 17... before Black's")),
    ("1. b4 d6 2.", (1, 10, "move number 2. is not followed by a ply")),
    ("1. {hm}", (1, 1, "move number 1. is not followed by a ply")),
    ("1. 2. b4", (1, 1, "move number 1. is not followed by a ply")),
    ("1.\n2.\nb4", (1, 1, "move number 1. is not followed by a ply")),
    ("1. $1 b4", (1, 4, "expected a ply after the move number 1., found a NAG ($1 to $255) $1")),
    # annotations, NAGs, offers
    ("! b4", (1, 1, "an annotation (! ? !! ?? !? ?!) must follow its ply directly")),
    ("1. b4 $1 !", (1, 10, "an annotation (! ? !! ?? !? ?!) must follow its ply directly")),
    ("1. b4 ! ?", (1, 9, "a ply has only one annotation")),
    ("1. b4 !!!", (1, 9, "a ply has only one annotation")),
    ("$1 1. b4", (1, 1, "a NAG must follow its ply (after the annotation, before a draw offer)")),
    ("1. b4 (=) $1", (1, 11, "a NAG must follow its ply (after the annotation, before a draw offer)")),
    ("1. b4 $0", (1, 7, "NAG $0 is out of range: $1 to $255")),
    ("1. b4 $256", (1, 7, "NAG $256 is out of range: $1 to $255")),
    ("1. b4 $", (1, 7, "'$' must be followed by a number from 1 to 255 (a NAG)")),
    ("(=) 1. b4", (1, 1, "a draw offer (=) must follow its ply (after the annotation and NAGs)")),
    ("1. b4 (=) (=)", (1, 11, "a ply has only one draw offer (=)")),
    ("1. b4 (= )", (1, 8, "unexpected '=': a draw offer is written (=)")),
    # comments
    ("1. b4 { nie geschlossen\nd6\n", (1, 7, "unterminated comment: this '{' is never closed by '}'")),
    ("1. b4 }", (1, 7, "'}' without a '{' before it")),
    # variations
    ("1. b4 (d2", (1, 7, "unbalanced parentheses: this '(' is never closed by ')'")),
    ("1. b4 (1. d2 (d6) f4", (1, 7, "unbalanced parentheses: this '(' is never closed by ')'")),
    ("1. b4 (1. d2 (1... d6 f4) 1-0", (1, 27, "a result cannot stand inside a variation: 1-0 ends the game, and "
                                         "the '(' at 1:7 is still open (write the result after the main line)")),
    ("1. b4 )", (1, 7, "unbalanced parentheses: ')' without a '(' before it")),
    ("1. b4 (d2)) d6", (1, 11, "unbalanced parentheses: ')' without a '(' before it")),
    ("1. b4 ( ) d6", (1, 9, "a variation needs at least one ply")),
    ("1. b4 ({nur ein Kommentar}) d6", (1, 27, "a variation needs at least one ply")),
    ("(1. b4) d6", (1, 1, "a variation must follow the ply it replaces")),
    ("1. (b4)", (1, 4, "expected a ply after the move number 1., found '('")),
    # tags
    ('[Event "x]\n1. b4', (1, 8, "unterminated string: the value of tag Event has no closing '\"'")),
    ('[Event x]', (1, 8, 'the tag Event needs a value in double quotes: [Event "value"]')),
    ('[Event "x" 1. b4', (1, 12, "unterminated tag Event: ']' expected after the value")),
    ('[Event "a\\q"]', (1, 10, 'unknown escape in the value of tag Event: only \\" and \\\\ are escapes')),
    ('[ "x"]', (1, 3, 'a tag pair needs a name of letters, digits or "_": [Name "value"]')),
    ('[Stärke "x"]', (1, 4, "a tag name may hold only the letters A-Z and a-z, digits and '_'")),
    ('[A "1"]\n[B "2"]\n[A "3"]', (3, 1, "duplicate tag A (first given on line 1)")),
    ('1. b4 [A "1"] d6', (1, 7, "a tag pair must come before the moves")),
    # results and other characters
    ("1. b4 2-1", (1, 7, "2-1 is not a result; results are 1-0, 0-1, 1/2-1/2, ½-½ and *")),
    ("1. b4 1/2", (1, 7, "1/2 is not a result; results are 1-0, 0-1, 1/2-1/2, ½-½ and *")),
    ("1. b4 d6 0:1", (1, 10, f"0:1 is not a result: {COLON}")),
    ("1. b4 1:0", (1, 7, f"1:0 is not a result: {COLON}")),
    ("1. b4 d6 ½:½", (1, 10, f"½:½ is not a result: {COLON}")),
    ("1. b4 d6 1/2:1/2", (1, 10, f"1/2:1/2 is not a result: {COLON}")),
    ('1. b4 "d6"', (1, 7, 'a string in double quotes may only stand in a tag pair: [Name "value"]')),
    ("1. b4 %", (1, 7, "unexpected character '%'")),
    # a '-' between plies, as the book writes it after a move number
    ("17. g7-g4 - a7-a4", (1, 11, f"unexpected '-' after a ply: {NEXT_PLY}")),
    ("1. b4 d6 2. d2 - b2", (1, 16, f"unexpected '-' after a ply: {NEXT_PLY}; a move is written without "
                                    "spaces: d2-b2")),
    # a comment inside a comment: the first '}' ends both
    ("1. b4 { siehe { Diagramm } oben } d6", (1, 28, f"unexpected character 'o' ({NESTED})")),
    ("1. b4 { a {b} c4 } d6", (1, 18, f"'}}' without a '{{' before it ({NESTED})")),
    ("1. b4 { a {b}\n oben } d6", (2, 2, f"unexpected character 'o' ({NESTED})")),
    ("1. b4 { a } } d6", (1, 13, "'}' without a '{' before it")),
    ("1. b4 { Stellung {a7 } d6 %", (1, 27, "unexpected character '%'")),  # ('{' alone is allowed)
    ("1. Nf3", (1, 4, "unexpected character 'N'")),
    # dashes of a typeset book copied by hand
    ("17. \u2013 a7-a4", (1, 5, f"unexpected character '\u2013' (an en dash): {DASH}")),
    ("1. d2\u2014", (1, 6, f"unexpected character '\u2014' (an em dash): {DASH}")),  # (d2—d3: a slip, read)
    ("1. b4 d6 1\u20130", (1, 11, f"unexpected character '\u2013' (an en dash): {DASH}")),
    ("1. b4 \x00", (1, 7, "unexpected character '\\x00' (U+0000)")),
    # a scorekeeper's slips that are not read: the message names the fix
    ("1. e5d5", (1, 4, "e5d5: a move is written with '-' between its points (e5-d5), and two plies with a space "
                       "between them (e5 d5)")),
    ("1. b4 d6 2. a1A4", (1, 13, "a1A4: a move is written with '-' between its points (a1-a4), and two plies with "
                                 "a space between them (a1 a4)")),
    ("1. b4 1. d1", (1, 7, "move number 1 repeats: Black's reply to 1. is written 1... d1 or 1. - d1 "
                           "(or without a number)")),
    ("1. b4 d6 Remis", (1, 10, "Remis is not a result: a draw is written 1/2-1/2 (or ½-½)")),
    ("1. b4 d6 remis", (1, 10, "remis is not a result: a draw is written 1/2-1/2 (or ½-½)")),
    ("1. b4 d6 {x} Weiß gibt auf", (1, 14, "'Weiß gibt auf' is not a result: write it as a comment and the result, "
                                           "{ Weiß gibt auf } 0-1")),
    ("1. b4 Schwarz gibt auf", (1, 7, "'Schwarz gibt auf' is not a result: write it as a comment and the result, "
                                      "{ Schwarz gibt auf } 1-0")),
    ("1. b4 d6 aufgegeben", (1, 10, "'aufgegeben' is not a result: write it as a comment and the result, "
                                    "{ aufgegeben } 1-0 or 0-1")),
    # dialects muehle reads otherwise, or not at all: named, never taken for a move number
    ("5 17 3 *", (1, 1, "this looks like PlayOK's numbered points (1 to 24, row by row from the top): read it with "
                        "--from playok (5 is d6 in the book's notation)")),
    ("1. 10-1x23 2 *", (1, 4, "this looks like PlayOK's numbered points (1 to 24, row by row from the top): read it "
                              "with --from playok (10-1x23 is a4-a7/xd1 in the book's notation)")),
    ("5 30 7 *", (1, 1, "5 30 7: not a notation muehle reads: a ply names its points as the book does (b4, d2-b2, "
                        "d2-b2/xa4), or, in PlayOK's records, by their numbers 1 to 24")),
    ("100 200 300 400 500 *", (1, 1, "100 200 300 400 ...: not a notation muehle reads: a ply names its points as "
                                     "the book does (b4, d2-b2, d2-b2/xa4), or, in PlayOK's records, by their "
                                     "numbers 1 to 24")),
    ('{"format": "muehle-record", "version": 1, "games": []}\n, 1', (2, 1, "this looks like JSON, not notation: "
                                                                         "read it with --from json (or name the file "
                                                                         "*.json)")),
    ("format: muehle-record\nversion: 1\ngames: []\n", (1, 1, "this looks like YAML, not notation: read it with "
                                                               "--from yaml (or name the file *.yaml)")),
]


@pytest.mark.parametrize("text, expected", CASES, ids=[text for text, _ in CASES])
def test_syntax_error(text: str, expected: tuple[int, int, str]) -> None:
    assert error_of(text) == expected


@pytest.mark.parametrize("fast", [True, False], ids=["fast-reader", "lark"])
def test_a_result_inside_a_variation_is_named_and_so_is_the_game_cut_off_after_it(
        monkeypatch: pytest.MonkeyPatch, fast: bool) -> None:
    """A result ends the game wherever it stands: the rest, from the ')', is read as the next game."""
    monkeypatch.setattr(fastread, "ENABLED", fast)
    first, second = read_games("1. b4 d6 (1... d2 { und gewinnt } 1-0) 2. f4 *", "t.txt")
    assert [(e.line, e.column, e.message) for e in first.errors] == [(1, 35, (
        "a result cannot stand inside a variation: 1-0 ends the game, and the '(' at 1:10 is still open "
        "(write the result after the main line)"))]
    assert [(e.line, e.column, e.message) for e in second.errors] == [(1, 38, (
        "unbalanced parentheses: ')' without a '(' before it (a new game starts after the result before it: "
        "was that result inside a variation?)"))]


def test_message_shows_the_line_and_a_caret() -> None:
    game = next(read_games('[Event "x"]\n1. b4 d6\n2. d2-b1 f2\n', source="partie.txt"))
    assert str(game.errors[0]) == (
        "partie.txt:3:7: error: b1 is not a point of the board\n"
        "    2. d2-b1 f2\n"
        "          ^"
    )


def test_error_lines_count_from_the_start_of_the_text() -> None:
    games = list(read_games("1. b4 1-0\n\n\n[Event \"x\"]\n1. d2 d6\n2. d2-"))
    assert games[1].errors[0].line == 6
    assert games[1].errors[0].line_text == "2. d2-"


def test_error_in_a_game_that_starts_in_the_middle_of_a_line() -> None:
    games = list(read_games("1. b4 1-0 1. d2 b1 0-1"))
    assert games[0].errors == []
    error = games[1].errors[0]
    assert (error.line, error.column, error.message) == (1, 17, "b1 is not a point of the board")
    assert error.line_text == "1. b4 1-0 1. d2 b1 0-1"


def test_a_broken_game_keeps_its_tags_and_the_plies_before_the_error() -> None:
    game = next(read_games('[Event "E"]\n[Round "3"]\n1. b4 d6 (1... f4 b1) 2. f4'))
    assert game.tags == {"Event": "E", "Round": "3"}
    assert [p.label() for p in game.plies] == ["1. b4", "1... d6"]
    assert [p.move_text for p in game.plies[1].variations[0].plies] == ["f4"]
    assert len(game.errors) == 1


def test_crlf_does_not_move_the_caret() -> None:
    game = next(read_games("1. b4\r\n2. b1\r\n"))
    error = game.errors[0]
    assert (error.line, error.column, error.line_text) == (2, 4, "2. b1")


LONG = "1" * 5000  # more digits than any number of a record may have


@pytest.mark.parametrize("fast", [True, False], ids=["fast-reader", "lark"])
@pytest.mark.parametrize("text, expected", [
    (f"1. b4 ${LONG}", (1, 7, f"NAG ${LONG[:99]}... (5001 characters) is out of range: $1 to $255")),
    (f"{LONG}. b4", (1, 1, "move number of 5000 digits is too long (at most 4000)")),
    (f"1. b4 {LONG}... d6", (1, 7, "move number of 5000 digits is too long (at most 4000)")),
    (f"{LONG}.b4", (1, 1, "move number of 5000 digits is too long (at most 4000)")),
    (f"1. b4\n{LONG}.\nd6", (2, 1, "move number of 5000 digits is too long (at most 4000)")),
], ids=["nag", "move-number", "black", "glued", "on-its-own"])
def test_a_number_too_long_is_a_syntax_error(monkeypatch: pytest.MonkeyPatch, fast: bool, text: str,
                                             expected: tuple[int, int, str]) -> None:
    monkeypatch.setattr(fastread, "ENABLED", fast)
    assert error_of(text) == expected
    game, after = read_games(text + " *\n\n1. d2 *", "t.txt")
    assert [(e.line, e.column, e.message) for e in game.errors] == [expected]
    assert not after.errors and after.plies[0].target == "d2"


@pytest.mark.parametrize("fast", [True, False], ids=["fast-reader", "lark"])
def test_the_longest_numbers_are_read(monkeypatch: pytest.MonkeyPatch, fast: bool) -> None:
    monkeypatch.setattr(fastread, "ENABLED", fast)
    game = parse_game("9" * 4000 + "... b4 d6 $" + "0" * 5000 + "255")
    assert [(ply.number, ply.side, ply.nags) for ply in game.plies] == [
        (10**4000 - 1, "black", []), (10**4000, "white", [255])]
