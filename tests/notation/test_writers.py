"""The canonical book notation writer, on hand-written records and expected texts."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muehle.notation.reading.parser import read_games
from muehle.notation.record.model import Game, Ply, Variation
from muehle.notation.text.errors import MuehleError
from muehle.notation.writing.pgn import write_pgn
from muehle.notation.writing.writers import UnwritableError, game_notation, wrap_units, write_notation


def white(number, target, origin=None, **kw):
    return Ply(number, "white", target, origin=origin, **kw)


def black(number, target, origin=None, **kw):
    return Ply(number, "black", target, origin=origin, **kw)


# 002_b16d09fd9330a6e6.txt, section 10, writes them "1. b4", "17. - a7-a4", "18. d2-b2/xa4", "21. - d1-g4".
SEEDS_FOUR_PLIES = Game(plies=[
    white(1, "b4"),
    black(17, "a4", "a7"),
    white(18, "b2", "d2", captures=["a4"]),
    black(21, "g4", "d1"),
])


@pytest.mark.parametrize("options, expected", [
    ({}, "1. b4 17... a7-a4 18. d2-b2/xa4 21... d1-g4\n"),
    ({"black_number": "dots"}, "1. b4 17... a7-a4 18. d2-b2/xa4 21... d1-g4\n"),
    ({"black_number": "book"}, "1. b4 17. - a7-a4 18. d2-b2/xa4 21. - d1-g4\n"),
])
def test_the_seeds_four_plies(options: dict[str, str], expected: str) -> None:
    """Written with dots (the default) or in the book's own form, they read back as the same plies."""
    text = write_notation([SEEDS_FOUR_PLIES], **options)
    assert text == expected
    assert list(read_games(text)) == [SEEDS_FOUR_PLIES]


def test_the_books_form_numbers_black_alone_after_a_comment_and_a_variation_and_in_one() -> None:
    game = Game(plies=[
        black(5, "d6"),
        white(6, "d2", comments=["threatens b2"]),
        black(6, "f4"),
        white(7, "b2", variations=[Variation([white(7, "f2")])]),
        black(7, "a1", variations=[Variation([black(7, "a7"), white(8, "a4")])]),
    ])
    text = write_notation([game], black_number="book")
    assert text == "5. - d6 6. d2 { threatens b2 } 6. - f4 7. b2 (7. f2) 7. - a1 (7. - a7 8. a4)\n"
    assert list(read_games(text)) == [game]


def test_black_number_names_one_of_the_two_forms() -> None:
    with pytest.raises(ValueError, match="black_number must be one of dots, book, not 'pgn'"):
        write_notation([Game()], black_number="pgn")


def test_tags_then_a_blank_line_then_the_movetext() -> None:
    game = Game(tags={"Event": "Schweizer Meisterschaft", "White": "Anna"},
                plies=[white(1, "b4"), black(1, "d6")], result="1-0")
    assert write_notation([game]) == (
        '[Event "Schweizer Meisterschaft"]\n'
        '[White "Anna"]\n'
        "\n"
        "1. b4 d6 1-0\n"
    )


def test_tag_values_escape_backslash_and_quote_and_keep_unicode() -> None:
    game = Game(tags={"Annotator": 'Jörg "Mühle" C:\\Spiele'})
    assert write_notation([game]) == '[Annotator "Jörg \\"Mühle\\" C:\\\\Spiele"]\n'


def test_blacks_reply_shares_whites_number() -> None:
    game = Game(plies=[white(1, "b4"), black(1, "d6"), white(2, "d2"), black(2, "f4")])
    assert write_notation([game]) == "1. b4 d6 2. d2 f4\n"


def test_black_gets_dots_at_the_start_after_a_comment_and_after_a_variation() -> None:
    game = Game(plies=[
        black(5, "d6"),
        white(6, "d2", comments=["threatens b2"]),
        black(6, "f4"),
        white(7, "b2", variations=[Variation([white(7, "f2")])]),
        black(7, "a1"),
    ])
    assert write_notation([game]) == (
        "5... d6 6. d2 { threatens b2 } 6... f4 7. b2 (7. f2) 7... a1\n"
    )


def test_black_with_a_number_other_than_whites_writes_it() -> None:
    game = Game(plies=[white(3, "b4"), black(5, "d6")])
    assert write_notation([game]) == "3. b4 5... d6\n"


def test_plies_without_number_are_written_without_one() -> None:
    game = Game(plies=[Ply(None, "white", "b4"), Ply(None, "black", "d6"), Ply(None, "white", "d2")])
    assert write_notation([game]) == "b4 d6 d2\n"


def test_captures_annotations_nags_and_draw_offers() -> None:
    game = Game(plies=[
        white(18, "b2", "d2", captures=["a4", "g7"], annotation="!!", nags=[1, 146]),
        black(18, "a4", "a7", annotation="?", draw_offer=True),
    ])
    assert write_notation([game]) == "18. d2-b2/xa4/xg7!! $1 $146 a7-a4? (=)\n"


def test_a_comment_with_a_closing_brace_becomes_a_line_comment() -> None:
    game = Game(plies=[white(1, "b4", comments=["see {note}"]), black(1, "d6")])
    assert write_notation([game]) == "1. b4 ; see {note}\n1... d6\n"


def test_comments_at_the_start_and_after_the_result() -> None:
    game = Game(comments=["Round 3"], plies=[white(1, "b4")], result="*", final_comments=["adjourned"])
    assert write_notation([game]) == "{ Round 3 } 1. b4 * { adjourned }\n"


def test_multi_line_comments_are_kept_as_written() -> None:
    game = Game(plies=[white(1, "b4", comments=["first line\nsecond line"]), black(1, "d6")])
    assert write_notation([game]) == "1. b4 { first line\nsecond line } 1... d6\n"


def test_variation_after_the_comments_of_the_ply_it_replaces_with_its_own_comments() -> None:
    side_line = Variation(
        plies=[black(12, "e3", "e4"), white(13, "d3", "d2",
                                             variations=[Variation([white(13, "f2", "f4")])])],
        comments=["better:"],
    )
    game = Game(plies=[
        white(12, "f6", "f4"),
        black(12, "e5", "e4", annotation="?", comments=["loses"], variations=[side_line]),
        white(13, "d3", "d2"),
    ], result="1-0")
    # The first line is 74 columns long; " 13. d2-d3" would make it 84.
    assert write_notation([game]) == (
        "12. f4-f6 e4-e5? { loses } ({ better: } 12... e4-e3 13. d2-d3 (13. f4-f2))\n"
        "13. d2-d3 1-0\n"
    )


def test_a_variation_ending_with_a_line_comment_closes_on_the_next_line() -> None:
    game = Game(plies=[white(1, "b4", variations=[Variation([white(1, "d2", comments=["a}"])])]),
                       black(1, "d6")])
    assert write_notation([game]) == "1. b4 (1. d2 ; a}\n) 1... d6\n"


def test_no_result_is_written_when_the_record_declares_none() -> None:
    game = Game(tags={"Result": "0-1"}, plies=[white(1, "b4")])
    assert write_notation([game]) == '[Result "0-1"]\n\n1. b4\n'


def test_lines_wrap_at_80_columns_keeping_each_number_with_its_ply() -> None:
    plies = []
    for number in range(1, 12):
        plies += [white(number, "a4", "a1"), black(number, "g4", "g7")]
    # A full move "N. a1-a4 g7-g4" takes 14 columns for N < 10: five moves and four
    # spaces make 74; " 6. a1-a4" would reach 83.  The second line holds moves 6-10
    # (75 columns); " 11. a1-a4" would reach 85.
    first = " ".join(f"{n}. a1-a4 g7-g4" for n in range(1, 6))
    second = " ".join(f"{n}. a1-a4 g7-g4" for n in range(6, 11))
    assert (len(first), len(second)) == (74, 75)
    assert write_notation([Game(plies=plies)]) == f"{first}\n{second}\n11. a1-a4 g7-g4\n"


def test_a_token_longer_than_the_line_stands_alone() -> None:
    long_comment = "x" * 90
    game = Game(plies=[white(1, "b4", comments=[long_comment]), black(1, "d6")])
    assert write_notation([game]) == f"1. b4\n{{ {long_comment} }}\n1... d6\n"


def test_games_are_separated_by_a_blank_line() -> None:
    games = [Game(tags={"Round": "1"}, plies=[white(1, "b4")], result="1-0"),
             Game(tags={"Round": "2"}, plies=[white(1, "d2")], result="0-1")]
    assert write_notation(games) == '[Round "1"]\n\n1. b4 1-0\n\n[Round "2"]\n\n1. d2 0-1\n'


def test_a_game_without_result_that_would_run_into_the_next_ends_with_a_star() -> None:
    # read back, "1. b4\n\n1. d2" would be one game (numbered 1 twice): "*" keeps them apart
    untagged = [Game(plies=[white(1, "b4")]), Game(plies=[white(1, "d2")])]
    assert write_notation(untagged) == "1. b4 *\n\n1. d2\n"
    # a tag section after plies starts a game: no result is needed, none is written
    tagged = [Game(plies=[white(1, "b4")]), Game(tags={"Round": "2"}, plies=[white(1, "d2")])]
    assert write_notation(tagged) == '1. b4\n\n[Round "2"]\n\n1. d2\n'
    # tags after tags are one tag section
    tags_only = [Game(tags={"Round": "1"}), Game(tags={"Round": "2"}, plies=[white(1, "d2")])]
    assert write_notation(tags_only) == '[Round "1"]\n\n*\n\n[Round "2"]\n\n1. d2\n'
    # comments alone after a game's result would be that game's closing comments
    comment_only = [Game(plies=[white(1, "b4")], result="1-0"), Game(comments=["next"])]
    assert write_notation(comment_only) == "1. b4 1-0\n\n{ next } *\n"


def test_a_game_of_tags_only_and_an_empty_input() -> None:
    assert game_notation(Game(tags={"Event": "x"})) == '[Event "x"]'
    assert write_notation([]) == ""


def test_an_empty_record_is_written_as_a_star_and_keeps_its_place() -> None:
    """A record with nothing in it (as JSON can hold) is still a game: "*" (no result yet)."""
    games = [Game(plies=[white(1, "b4")], result="1-0"), Game(), Game(tags={"Round": "3"}, result="0-1"), Game()]
    text = write_notation(games)
    assert text == '1. b4 1-0\n\n*\n\n[Round "3"]\n\n0-1\n\n*\n'
    assert [game.result for game in read_games(text)] == ["1-0", "*", "0-1", "*"]
    assert write_notation([Game()]) == "*\n"


@pytest.mark.parametrize(
    "game, message",
    [
        (Game(tags={"Event": "two\nlines"}), "the value of tag Event contains a line break"),
        (Game(tags={"Bad Name": "x"}), "tag name 'Bad Name' cannot be written"),
        (Game(plies=[white(1, "b4", comments=["}\n"])]), "both '}' and a line break"),
        (Game(plies=[white(1, "b4", variations=[Variation(comments=["empty"])])]),
         "a variation without plies"),
        # numbers the notation cannot say: "1. b4 1. d6" reads as "move number 1 repeats"
        (Game(plies=[white(1, "b4"), white(1, "d6")]), r"1\. d6 cannot be written after the ply numbered 1\."),
        (Game(plies=[white(5, "b4"), black(3, "d6")]), r"3\.\.\. d6 cannot be written after the ply numbered 5\."),
        # a variation replaces 1... d6: it goes on from 1. b4, so it cannot start with 1.
        (Game(plies=[white(1, "b4"), black(1, "d6", variations=[Variation([white(1, "f4")])])]),
         r"1\. f4 cannot be written after the ply numbered 1\."),
        # without numbers the notation reads White, Black, White, ...
        (Game(plies=[black(None, "b4"), black(None, "d6")]),
         "b4, Black's ply without a number, cannot be written where the notation reads White's"),
    ],
)
def test_what_the_notation_cannot_carry_is_a_clear_error(game: Game, message: str) -> None:
    with pytest.raises(UnwritableError, match=message) as caught:
        write_notation([game])
    assert isinstance(caught.value, MuehleError)
    with pytest.raises(UnwritableError, match=message.replace(r"\.\.\.", r"\. -")):
        write_notation([game], black_number="book")


def test_a_refused_number_is_quoted_in_the_form_asked_for() -> None:
    """In the book's form Black's move 3 is written "3. -", and so the refusal quotes it."""
    game = Game(plies=[black(5, "b4"), black(3, "d6")])
    with pytest.raises(UnwritableError) as caught:
        write_notation([game], black_number="book")
    assert str(caught.value).startswith("<input>: error: 3. - d6 cannot be written after the ply numbered 5. -: ")
    with pytest.raises(UnwritableError) as caught:
        write_notation([game])
    assert str(caught.value).startswith("<input>: error: 3... d6 cannot be written after the ply numbered 5...: ")


def test_a_ply_without_a_number_after_a_numbered_one_reads_back_with_its_number() -> None:
    """Black's reply after White's "1." takes White's number, as the notation reads it."""
    (back,) = read_games(write_notation([Game(plies=[white(1, "b4"), black(None, "d6")])]))
    assert [(ply.number, ply.side) for ply in back.plies] == [(1, "white"), (1, "black")]


CUT = "a comment holding a blank line followed by a line that starts like a tag pair"


@pytest.mark.parametrize("text", ['x\n\n[Event "B"]\ny', 'x\r\n \r\n  [Event "B"\ny', 'x\r\r[A "1"] y\nz'])
def test_a_comment_that_a_reader_would_cut_into_a_new_game_is_refused(text: str) -> None:
    """notation.md: a blank line followed by a line that starts like a tag pair starts the next game."""
    for game in (Game(plies=[white(1, "b4", comments=[text])]), Game(comments=[text]),
                 Game(plies=[white(1, "b4")], result="*", final_comments=[text])):
        with pytest.raises(UnwritableError, match=re.escape(CUT)):
            write_notation([game])
        with pytest.raises(UnwritableError, match=re.escape(CUT)):
            write_pgn([game])
    # where the '{' or the '}' stands on the same line, such a line is read as part of the comment
    for text in ('\n[Event "B"]\ny', 'x\n\n[Event "B"]', 'x\n[Event "B"]\ny'):
        game = Game(plies=[white(1, "b4", comments=[text])], result="*")
        (again,) = read_games(write_notation([game]))
        assert again.plies[0].comments == [text.strip()]


def test_an_unwritable_ply_is_located_by_its_source_position() -> None:
    ply = white(1, "b4", comments=["}\n"])
    ply.line, ply.column = 4, 9
    game = Game(plies=[ply], source="game.json")
    with pytest.raises(UnwritableError) as caught:
        write_notation([game])
    assert caught.value.location() == "game.json:4:9"


@given(st.lists(st.text(st.characters(blacklist_characters=" \n", blacklist_categories=("Cs",)),
                        min_size=1, max_size=30)),
       st.integers(10, 80))
def test_wrapping_is_greedy_and_never_splits_or_drops_a_unit(units: list[str], width: int) -> None:
    lines = wrap_units(units, width)
    assert all(lines)  # no empty lines
    assert [unit for line in lines for unit in line.split(" ")] == units  # all units, in order
    for line, following in zip(lines, lines[1:] + [""]):
        words = line.split(" ")
        assert len(line) <= width or len(words) == 1  # only a lone unit may be too long
        if following:  # the next unit did not fit on this line
            assert len(line) + 1 + len(following.split(" ")[0]) > width


def test_a_numbering_the_notation_cannot_say_is_refused_in_german() -> None:
    from muehle.notation.text.i18n import language

    with language("de"):
        with pytest.raises(UnwritableError) as back:
            write_notation([Game(plies=[black(5, "b4"), black(3, "d6")])])
        with pytest.raises(UnwritableError) as unnumbered:
            write_notation([Game(plies=[black(None, "b4"), black(None, "d6")])])
    assert "3... d6 lässt sich nicht nach dem Halbzug mit der Nummer 5... schreiben" in str(back.value)
    assert "b4, ein Halbzug von Schwarz ohne Zugnummer, lässt sich nicht schreiben, wo die Notation einen von " \
           "Weiß liest" in str(unnumbered.value)
