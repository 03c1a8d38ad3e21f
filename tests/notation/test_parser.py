"""The parser reads every construct of the notation into the expected record objects.

Each test is a hand-written record and the objects it must give; the notation is
that of Schürmann/Nüscheler (seed 002, section 10) with PGN framing (issue 2).
"""

from __future__ import annotations

import pytest

from muehle.notation import Game, MuehleError, NotationError, Ply, Variation, parse_game, read_games


def ply(number, side, target, origin=None, captures=(), **extra) -> Ply:
    return Ply(number, side, target, origin, list(captures), **extra)


# -- the seed's four example plies (002_b16d09fd9330a6e6.txt, section 10) ----------

def test_seed_placement_1_b4() -> None:
    """10.1 "1. b4": White places a stone on b4 in move 1."""
    assert parse_game("1. b4").plies == [ply(1, "white", "b4")]


def test_seed_move_17_black_a7_a4() -> None:
    """10.2 "17. - a7-a4": Black moves from a7 to a4 in move 17."""
    assert parse_game("17. - a7-a4").plies == [ply(17, "black", "a4", "a7")]


def test_seed_mill_and_capture_18_d2_b2_xa4() -> None:
    """10.3 "18. d2-b2/xa4": White moves d2 to b2, closes a mill and takes a4."""
    assert parse_game("18. d2-b2/xa4").plies == [ply(18, "white", "b2", "d2", ["a4"])]


def test_seed_jump_21_black_d1_g4() -> None:
    """10.4 "21. - d1-g4": Black jumps from d1 to g4 (written like a move)."""
    assert parse_game("21. - d1-g4").plies == [ply(21, "black", "g4", "d1")]


def test_seed_annotations() -> None:
    """10.5: "?" a bad move, "!" a good move, written after the ply."""
    game = parse_game("17. - a7-a4? 18. d2-b2/xa4!")
    assert [p.annotation for p in game.plies] == ["?", "!"]


# -- tags -------------------------------------------------------------------------

def test_tags_keep_their_order_and_unicode() -> None:
    game = parse_game('[White "Zoë"]\n[Event "Schweizer Meisterschaft"]\n[Black "Jürg 竜"]\n1. b4')
    assert list(game.tags.items()) == [
        ("White", "Zoë"), ("Event", "Schweizer Meisterschaft"), ("Black", "Jürg 竜")]


def test_tag_escapes() -> None:
    game = parse_game(r'[Black "Beat \"Bäru\" Keller"] [Site "C:\\Spiele"] 1. b4')
    assert game.tags == {"Black": 'Beat "Bäru" Keller', "Site": "C:\\Spiele"}
    assert parse_game(r'[Note "a\\\"b\\"]').tags == {"Note": 'a\\"b\\'}


def test_tag_with_spaces_inside_brackets_and_empty_value() -> None:
    assert parse_game('[ Round   "" ]\n1. b4').tags == {"Round": ""}


def test_game_with_tags_and_no_moves() -> None:
    game = parse_game('[Event "Abgesagt"]\n[Result "*"]\n')
    assert (game.tags, game.plies, game.result) == ({"Event": "Abgesagt", "Result": "*"}, [], None)


# -- plies and numbering ----------------------------------------------------------

def test_placement_move_and_captures() -> None:
    game = parse_game("1. b4 d6 2. d2-b2/xa4 a7-a4xb2")
    assert game.plies == [
        ply(1, "white", "b4"),
        ply(1, "black", "d6"),
        ply(2, "white", "b2", "d2", ["a4"]),
        ply(2, "black", "a4", "a7", ["b2"]),
    ]


@pytest.mark.parametrize("text", ["a1-d1/xa4/xg7", "a1-d1/xa4xg7", "a1-d1xa4xg7", "a1-d1xa4/xg7"])
def test_two_captures_of_a_double_mill(text: str) -> None:
    assert parse_game(text).plies == [ply(None, "white", "d1", "a1", ["a4", "g7"])]


def test_placement_with_capture() -> None:
    assert parse_game("5. e3xd5").plies == [ply(5, "white", "e3", None, ["d5"])]


@pytest.mark.parametrize("text", ["17... a7-a4", "17. ... a7-a4", "17. - a7-a4", "17.-a7-a4",
                                  "17…a7-a4", "17...a7-a4", "17.\t...\ta7-a4"])
def test_black_ply_number_forms(text: str) -> None:
    assert parse_game(text).plies == [ply(17, "black", "a4", "a7")]


def test_number_glued_or_on_another_line() -> None:
    game = parse_game("1.b4 d6 2.\nf4")
    assert [(p.number, p.side, p.target) for p in game.plies] == [
        (1, "white", "b4"), (1, "black", "d6"), (2, "white", "f4")]


def test_plies_without_numbers_continue_the_alternation() -> None:
    game = parse_game("1. b4 d6 f4 f2 3. d2")
    assert [(p.number, p.side) for p in game.plies] == [
        (1, "white"), (1, "black"), (2, "white"), (2, "black"), (3, "white")]


def test_a_record_that_never_numbers_its_plies() -> None:
    game = parse_game("b4 d6 f4")
    assert [(p.number, p.side) for p in game.plies] == [(None, "white"), (None, "black"), (None, "white")]


def test_black_first_then_alternation() -> None:
    game = parse_game("17... a7-a4 18. d2-b2/xa4 f4-f6")
    assert [(p.number, p.side) for p in game.plies] == [(17, "black"), (18, "white"), (18, "black")]


def test_gaps_in_numbers_are_left_to_the_replay() -> None:
    game = parse_game("1. b4 5. d6 5... f4")
    assert [(p.number, p.side) for p in game.plies] == [(1, "white"), (5, "white"), (5, "black")]


def test_black_number_after_white_ply_of_the_same_move() -> None:
    game = parse_game("17. g7-g4 {Zeitnot} 17. - a7-a4")
    assert [(p.number, p.side) for p in game.plies] == [(17, "white"), (17, "black")]


def test_upper_case_coordinates_read_as_lower_case() -> None:
    game = parse_game("1. D2 D6 2. A1-A4XG7 d6-D5/Xc3")
    assert [p.move_text for p in game.plies] == ["d2", "d6", "a1-a4/xg7", "d6-d5/xc3"]


def test_ply_positions_are_those_of_the_coordinates() -> None:
    game = parse_game('[Event "x"]\n\n1. b4 d6\n  2.  d2-b2/xa4\n17... a7-a4')
    assert [(p.line, p.column) for p in game.plies] == [(3, 4), (3, 7), (4, 7), (5, 7)]


def test_game_source_and_first_line() -> None:
    game = parse_game("\n\n[Event \"x\"]\n1. b4", source="partie.txt")
    assert (game.source, game.line) == ("partie.txt", 3)


# -- annotations, NAGs, draw offers ----------------------------------------------

@pytest.mark.parametrize("mark", ["!", "?", "!!", "??", "!?", "?!"])
def test_annotations_glued_or_spaced(mark: str) -> None:
    assert parse_game(f"1. b4{mark}").plies[0].annotation == mark
    assert parse_game(f"1. b4 {mark} d6").plies[0].annotation == mark


def test_nags_in_order() -> None:
    game = parse_game("1. b4 $1 $255 $14 d6")
    assert game.plies[0].nags == [1, 255, 14]
    assert game.plies[1].nags == []


def test_annotation_then_nags_then_draw_offer() -> None:
    first = parse_game("18. d2-b2/xa4! $1 (=) f4-f6").plies[0]
    assert (first.annotation, first.nags, first.draw_offer) == ("!", [1], True)


def test_draw_offer_without_annotation() -> None:
    game = parse_game("11. e4-e3 (=) f6-d6")
    assert [p.draw_offer for p in game.plies] == [True, False]


# -- comments ---------------------------------------------------------------------

def test_comments_before_the_first_ply_belong_to_the_game() -> None:
    game = parse_game('{vor den Tags} [Event "x"] { Eröffnung } ; Zeile\n1. b4')
    assert game.comments == ["vor den Tags", "Eröffnung", "Zeile"]
    assert game.plies[0].comments == []


def test_comment_after_a_ply_belongs_to_that_ply() -> None:
    game = parse_game("1. b4 {gut}\n{ und sicher }  d6 ; Antwort\n2. f4")
    assert [p.comments for p in game.plies] == [["gut", "und sicher"], ["Antwort"], []]


def test_comment_between_number_and_ply_belongs_to_the_previous_ply() -> None:
    game = parse_game("1. b4 d6 2. {Überlegung} f4")
    assert [p.comments for p in game.plies] == [[], ["Überlegung"], []]


def test_comments_span_lines_and_hold_brackets_and_results() -> None:
    game = parse_game("1. b4 {eine [lange]\n\n Bemerkung: 1-0 wäre falsch} d6")
    assert game.plies[0].comments == ["eine [lange]\n\n Bemerkung: 1-0 wäre falsch"]


def test_semicolon_comment_runs_to_the_end_of_the_line() -> None:
    game = parse_game("1. b4 ; d6 {kein Zug}\n1... d6")
    assert [p.move_text for p in game.plies] == ["b4", "d6"]
    assert game.plies[0].comments == ["d6 {kein Zug}"]


def test_comments_after_the_result_are_final_comments() -> None:
    game = parse_game("1. b4 {letzter Zug} 1-0 {Weiß gewinnt} ; sicher")
    assert game.plies[0].comments == ["letzter Zug"]
    assert game.final_comments == ["Weiß gewinnt", "sicher"]


def test_empty_comment_is_kept() -> None:
    assert parse_game("1. b4 {}").plies[0].comments == [""]


# -- variations -------------------------------------------------------------------

def test_variation_belongs_to_the_ply_before_it() -> None:
    game = parse_game("12. f4-f6 (12. d2-d3 e4-e3) e4-e5")
    assert game.plies == [
        ply(12, "white", "f6", "f4", variations=[
            Variation(plies=[ply(12, "white", "d3", "d2"), ply(12, "black", "e3", "e4")])]),
        ply(12, "black", "e5", "e4"),
    ]


def test_variation_numbering_restarts_from_the_replaced_ply() -> None:
    game = parse_game("11... a1-a4 12. f4-f6 (d2-d3 e4-e3) e4-e5 (f2-f4)")
    white, black = game.plies[1], game.plies[2]
    assert [(p.number, p.side) for p in white.variations[0].plies] == [(12, "white"), (12, "black")]
    assert [(p.number, p.side) for p in black.variations[0].plies] == [(12, "black")]


def test_nested_variations_and_comments() -> None:
    game = parse_game("3. b6 (3. f6 {droht f2} 3... f2 (3... b6? 4. f2/xb4 $1) 4. b6) {weiter} 3... f2")
    main = game.plies[0]
    assert main.comments == ["weiter"]
    outer = main.variations[0]
    assert [p.label() for p in outer.plies] == ["3. f6", "3... f2", "4. b6"]
    assert outer.plies[0].comments == ["droht f2"]
    inner = outer.plies[1].variations[0]
    assert [p.label() for p in inner.plies] == ["3... b6", "4. f2/xb4"]
    assert (inner.plies[0].annotation, inner.plies[1].nags) == ("?", [1])
    assert [p.label() for p in game.plies] == ["3. b6", "3... f2"]


def test_comment_at_the_start_of_a_variation() -> None:
    variation = parse_game("1. b4 ({besser:} 1. d2) d6").plies[0].variations[0]
    assert variation.comments == ["besser:"]
    assert variation.plies[0].comments == []


def test_two_variations_for_one_ply() -> None:
    game = parse_game("1. b4 (1. d2) (1. f4 d6) d6")
    assert [[p.move_text for p in v.plies] for v in game.plies[0].variations] == [["d2"], ["f4", "d6"]]


def test_variation_numbers_are_checked_from_the_replaced_ply() -> None:
    """The variation replaces 6... f2: it goes on from 6. f4, and the main line goes
    on after f2 when the variation is closed."""
    game = parse_game("5. b4 d6 6. f4 f2 (6... f6 7. g1) 7. d2")
    assert [p.label() for p in game.plies[3].variations[0].plies] == ["6... f6", "7. g1"]
    assert game.plies[4].label() == "7. d2"
    with pytest.raises(NotationError, match=r"its first ply is 6\.\.\., not 5\.\.\."):
        parse_game("5. b4 d6 6. f4 f2 (5... f6) 7. d2")


# -- results ----------------------------------------------------------------------

@pytest.mark.parametrize("written, stored", [
    ("1-0", "1-0"), ("0-1", "0-1"), ("1/2-1/2", "1/2-1/2"), ("½-½", "1/2-1/2"), ("*", "*")])
def test_results(written: str, stored: str) -> None:
    game = parse_game(f"1. b4 d6 {written}")
    assert game.result == stored
    assert len(game.plies) == 2


def test_result_tag_alone_is_not_the_movetext_result() -> None:
    game = parse_game('[Result "0-1"]\n1. b4')
    assert (game.result, game.declared_result) == (None, "0-1")


def test_result_without_moves() -> None:
    assert parse_game("{Aufgegeben} 0-1") == Game(comments=["Aufgegeben"], result="0-1")


# -- whole records ----------------------------------------------------------------

def test_sanmill_movetext() -> None:
    """Sanmill glues captures (``e3xd5``, ``d6-d5xc3``) and writes ``N...`` after a comment."""
    game = parse_game("8. d5 e3xd5 9. d5 {x} 9... c3xd2 10. b4-b2 d3-d2xg1 0-1")
    assert [p.label() for p in game.plies] == [
        "8. d5", "8... e3/xd5", "9. d5", "9... c3/xd2", "10. b4-b2", "10... d3-d2/xg1"]
    assert game.result == "0-1"


def test_parse_game_raises_on_a_syntax_error() -> None:
    with pytest.raises(NotationError) as error:
        parse_game("1. b4 b1", source="s.txt")
    assert (error.value.source, error.value.line, error.value.column) == ("s.txt", 1, 7)


def test_parse_game_wants_exactly_one_game() -> None:
    with pytest.raises(NotationError) as error:
        parse_game("1. b4 1-0\n1. d2 0-1")
    assert error.value.message == "a second game starts here; expected exactly one game"
    assert (error.value.line, error.value.column) == (2, 1)
    with pytest.raises(NotationError) as error:
        parse_game("  \n")
    assert error.value.message == "no game in the text"


def test_parse_game_takes_trailing_comments_as_final_comments() -> None:
    assert parse_game("1. b4 1-0\n\n{Nachtrag}\n").final_comments == ["Nachtrag"]


def test_games_are_equal_to_their_hand_built_objects() -> None:
    game = next(read_games('[Event "E"]\n{Start} 1. b4! $1 {gut} (1. d2) d6 (=) 1/2-1/2 {Remis}'))
    assert game == Game(
        tags={"Event": "E"},
        comments=["Start"],
        plies=[
            ply(1, "white", "b4", annotation="!", nags=[1], comments=["gut"],
                variations=[Variation(plies=[ply(1, "white", "d2")])]),
            ply(1, "black", "d6", draw_offer=True),
        ],
        result="1/2-1/2",
        final_comments=["Remis"],
    )
    assert game.errors == []


def test_bytes_are_read_as_utf8() -> None:
    """As read_json and read_yaml take them; a BOM is dropped, a bad byte is an error at its place."""
    (game,) = read_games("\ufeff[Event \"Mühle\"]\n\n1. b4 d6 *\n".encode("utf-8"), "g.txt")
    assert game.tags == {"Event": "Mühle"} and game.plies == [ply(1, "white", "b4"), ply(1, "black", "d6")]
    assert parse_game(b"1. b4").plies == [ply(1, "white", "b4")]
    with pytest.raises(MuehleError) as caught:
        read_games(b"1. b4\n1... \xff", "g.txt")
    assert caught.value.format() == "g.txt:2:6: error: not UTF-8 text (byte 0xff)"
    with pytest.raises(TypeError, match=r"^read_games reads a text \(str, or bytes of UTF-8\), not NoneType$"):
        read_games(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("fast", [True, False])
def test_a_capture_written_as_a_word_of_its_own_belongs_to_its_ply(fast: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Sanmill's export with quality symbols writes each removal after its ply as a word of its
    own: "3. b2 xd6" is "3. b2/xd6", "9. a1-a4 xg7 xb2" two captures (both readers)."""
    from muehle.notation.reading import fastread

    monkeypatch.setattr(fastread, "ENABLED", fast)
    game = parse_game("1. d2 d6\n2. f2 f6\n3. b2 xd6 b6\n4. a1-a4 xg7 XB2 g1 *")
    assert [(ply.move_text, ply.captures) for ply in game.plies] == [
        ("d2", []), ("d6", []), ("f2", []), ("f6", []), ("b2/xd6", ["d6"]), ("b6", []),
        ("a1-a4/xg7/xb2", ["g7", "b2"]), ("g1", [])]


@pytest.mark.parametrize("fast", [True, False])
def test_a_quality_symbol_before_its_capture_is_the_annotation_of_the_ply(
        fast: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Sanmill's export with quality symbols writes the move's symbol after the move, before
    its capture ("8. f2!? xb4", newer versions "f2!?xb4"), or the capture's after the capture:
    one annotation of the ply (both readers)."""
    from muehle.notation.reading import fastread

    monkeypatch.setattr(fastread, "ENABLED", fast)
    game = parse_game("8. f2!? xb4 a1\n9. d6-d5??xc3 b4 xb2! 10. g1 *")
    assert [(ply.label(), ply.annotation, ply.column) for ply in game.plies] == [
        ("8. f2/xb4", "!?", 4), ("8... a1", None, 13),
        ("9. d6-d5/xc3", "??", 4), ("9... b4/xb2", "!", 15), ("10. g1", None, 27)]
