"""The Sanmill-style PGN writer, on hand-written records and Sanmill's real export."""

from __future__ import annotations

import pytest

from muehle.notation.record.model import Game, Ply, Variation
from muehle.notation.writing.pgn import PGN_WIDTH, ply_count, write_pgn
from muehle.notation.writing.writers import UnwritableError
from paths import ROOT

EXPORT = ROOT / "examples" / "sanmill-export.pgn"  # a real export

DEFAULT_ROSTER = (
    '[Event "?"]\r\n[Site "?"]\r\n[Date "????.??.??"]\r\n[Round "?"]\r\n'
    '[White "?"]\r\n[Black "?"]\r\n'
)


def ply(number: int, side: str, text: str) -> Ply:
    """A ply from Sanmill's glued form: ``d6``, ``a1-a4``, ``d3-e3xg4``, ``b4xb2xc3``."""
    move, *captures = text.split("x")
    origin, _, target = move.rpartition("-")
    return Ply(number, side, target, origin=origin or None, captures=captures)  # type: ignore[arg-type]


def moves(*pairs: str) -> list[Ply]:
    """Plies from full moves written ``"white black"``, numbered from 1."""
    plies = []
    for number, pair in enumerate(pairs, start=1):
        for side, text in zip(("white", "black"), pair.split()):
            plies.append(ply(number, side, text))
    return plies


def test_missing_roster_tags_are_filled_and_variant_and_plycount_follow() -> None:
    game = Game(plies=moves("d2 d6", "f4"))
    assert write_pgn([game]) == (
        DEFAULT_ROSTER + '[Result "*"]\r\n[Variant "Nine Men\'s Morris"]\r\n[PlyCount "3"]\r\n'
        "\r\n1. d2 d6 2. f4 *\n"
    )


def test_roster_in_its_order_then_generated_tags_then_the_records_other_tags() -> None:
    game = Game(
        tags={"SetUp": "1", "FEN": "x", "Black": "B", "Event": "E", "Annotator": "A", "Date": "2024.01.02"},
        result="1-0",
    )
    text = write_pgn([game])
    assert text.split("\r\n\r\n")[0].split("\r\n") == [
        '[Event "E"]', '[Site "?"]', '[Date "2024.01.02"]', '[Round "?"]', '[White "?"]',
        '[Black "B"]', '[Result "1-0"]', '[Variant "Nine Men\'s Morris"]', '[PlyCount "0"]',
        '[Annotator "A"]', '[FEN "x"]', '[SetUp "1"]',  # a set-up position last, FEN first, as Sanmill
    ]
    assert text.endswith("\r\n\r\n1-0\n")


def test_result_comes_from_the_movetext_else_from_the_tag() -> None:
    from_movetext = write_pgn([Game(tags={"Result": "?"}, result="1/2-1/2")])
    assert '[Result "1/2-1/2"]' in from_movetext and from_movetext.endswith("\r\n1/2-1/2\n")
    from_tag = write_pgn([Game(tags={"Result": "0-1"})])
    assert '[Result "0-1"]' in from_tag and from_tag.endswith("\r\n0-1\n")


def test_a_record_whose_two_results_contradict_is_refused() -> None:
    """Tag 0-1, movetext 1/2-1/2: PGN has one place for the result, and neither is dropped."""
    with pytest.raises(UnwritableError, match=r"the movetext ends with 1/2-1/2, but the Result tag says 0-1"):
        write_pgn([Game(tags={"Result": "0-1"}, result="1/2-1/2")])
    # the same result both ways, and ½-½ for 1/2-1/2, agree
    assert write_pgn([Game(tags={"Result": "½-½"}, result="1/2-1/2")]).endswith("\r\n1/2-1/2\n")


def test_a_json_record_whose_two_results_contradict_is_refused_in_its_own_words() -> None:
    """A JSON record has no movetext: the refusal names its ``result``, and the game."""
    from muehle.notation.formats.jsonrecord import read_json

    (game,) = read_json('{"format": "muehle-record", "version": 1, "games": [{"tags": {"Result": "1-0"}, '
                        '"plies": [{"number": 1, "side": "white", "to": "d2"}], "result": "0-1"}]}', "r.json")
    with pytest.raises(UnwritableError, match=r"^r.json: error: the record's result is 0-1, but the Result tag says 1-0") as caught:
        write_pgn([game])
    assert caught.value.game is game


def test_a_result_tag_that_is_no_termination_marker_is_replaced() -> None:
    half = write_pgn([Game(tags={"Result": "½-½"})])
    assert '[Result "1/2-1/2"]' in half and half.endswith("\r\n1/2-1/2\n")
    text = write_pgn([Game(tags={"Result": "White won on time"})])
    assert '[Result "*"]' in text and text.endswith("\r\n*\n") and "White won" not in text


def test_a_given_variant_is_kept_and_a_given_plycount_is_recounted() -> None:
    game = Game(tags={"Variant": "Morabaraba", "PlyCount": "99"}, plies=moves("d2"))
    text = write_pgn([game])
    assert '[Variant "Morabaraba"]\r\n[PlyCount "1"]\r\n' in text
    assert text.count("Variant") == 1 and text.count("PlyCount") == 1


def test_plycount_counts_each_capture_as_a_ply() -> None:
    # One placement, one move with two captures (a double mill), one move with one.
    game = Game(plies=[ply(1, "white", "d2"), ply(9, "black", "b4-b2xd2xf2"), ply(10, "white", "a1-a4xb2")])
    assert ply_count(game) == 3 + 3
    # Variations are alternatives, not plies of the game.
    game.plies[0].variations.append(Variation(moves("f4 f2")))
    assert ply_count(game) == 6


def test_captures_are_glued_and_annotations_nags_offers_comments_variations_written() -> None:
    game = Game(plies=[
        Ply(9, "white", "b2", origin="b4", captures=["c3", "d5"], annotation="!", nags=[7]),
        Ply(9, "black", "d5", origin="e5", draw_offer=True, comments=["offers a draw"],
            variations=[Variation([Ply(9, "black", "d2", origin="d3", captures=["b2"])])]),
    ], result="*")
    movetext = write_pgn([game]).split("\r\n\r\n")[1]
    assert movetext == (
        "9. b4-b2xc3xd5! $7 e5-d5 (=) { offers a draw }\n"
        "(9... d3-d2xb2) *\n"
    )


def test_movetext_wraps_within_the_pgn_width() -> None:
    game = Game(plies=moves(*["a1-a4 g7-g4"] * 8))
    # "N. a1-a4 g7-g4" is 14 columns: three moves make 44, " 4. a1-a4" would reach
    # 53 and still fit, " g7-g4" 59 would not.
    assert PGN_WIDTH == 55
    lines = write_pgn([game]).split("\r\n\r\n")[1].splitlines()
    assert lines[0] == "1. a1-a4 g7-g4 2. a1-a4 g7-g4 3. a1-a4 g7-g4 4. a1-a4"
    assert lines[1].startswith("g7-g4 5. a1-a4")


def test_a_record_without_move_numbers_is_numbered_as_sanmill_numbers_it() -> None:
    """Sanmill writes "N." before each of White's turns; a record may give no numbers at all."""
    unnumbered = [Ply(None, side, target) for side, target in zip(["white", "black"] * 2, ["b4", "d6", "f4", "f6"])]
    unnumbered[3].variations = [Variation([Ply(None, "black", "d2"), Ply(None, "white", "g7")])]
    assert write_pgn([Game(plies=unnumbered)]).split("\r\n\r\n")[1] == "1. b4 d6 2. f4 f6 (2... d2 3. g7) *\n"
    assert [ply.number for ply in unnumbered] == [None] * 4  # (the record itself is left as it was)
    fen = "********/O*@*O*@*/******** w p p 2 7 2 7 0 0 0 0 0 0 0 0 3"  # move 3, White to move
    set_up = Game(tags={"SetUp": "1", "FEN": fen}, plies=[Ply(None, "white", "f6"), Ply(None, "black", "b6")])
    assert write_pgn([set_up]).split("\r\n\r\n")[1] == "3. f6 b6 *\n"


def test_a_fen_move_number_that_is_no_number_of_ascii_digits_numbers_from_1() -> None:
    """Such a FEN is an error for the replay; the writer numbers the plies as for no FEN."""
    start = "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 "
    for field in ("\u00b2", "\u0663", "1" * 5000):  # superscript two, Arabic-Indic three, too long
        game = Game(tags={"SetUp": "1", "FEN": start + field}, plies=[Ply(None, "white", "d2")])
        assert write_pgn([game]).split("\r\n\r\n")[1] == "1. d2 *\n"


def test_games_are_separated_by_a_blank_line() -> None:
    text = write_pgn([Game(result="1-0"), Game(result="0-1")])
    first, second = text.split("\n\n[Event")
    assert first.endswith("\r\n\r\n1-0")
    assert second.endswith("\r\n\r\n0-1\n")


def sanmill_export_record() -> Game:
    """The game of shared/reference/sanmill-export.pgn, transcribed by hand."""
    return Game(
        tags={"Event": "Sanmill-Game", "Site": "Sanmill", "Date": "2026.7.20", "Round": "1",
              "White": "Human", "Black": "AI", "Result": "0-1", "Variant": "Nine Men's Morris",
              "PlyCount": "47"},
        plies=moves(
            "d2 d6", "f4 f2", "b4 d3", "f6 e4", "g4 a4", "c4 c5", "d7 e5", "d5 e3xd5", "d5 c3xd2",
            "b4-b2 d3-d2", "g4-g1 e3-d3", "f4-g4 d3-e3xg4", "f6-f4 e3-d3", "d7-g7 e4-e3xf4",
            "g7-g4 e3-e4", "g4-g7 e4-e3xd5", "g7-g4 e3-e4", "g4-f4 d3-e3xc4", "f4-f6 c5-c4",
            "f6-f4 d2-d3xg1",
        ),
        result="0-1",
    )


def test_the_sanmill_export_is_reproduced_byte_for_byte_but_for_crlf_in_the_tags() -> None:
    game = sanmill_export_record()
    assert ply_count(game) == 47  # 40 plies and 7 captures, as the reference says
    written = write_pgn([game])
    # Sanmill ends tag lines and the blank line after them with CRLF; the shared copy
    # of the export has plain LF line ends throughout.
    header, movetext = written.split("\r\n\r\n")
    assert "\r" not in movetext and header.count("\r\n") == 8
    assert written.replace("\r\n", "\n") == EXPORT.read_text(encoding="utf-8")


def test_the_parsed_export_is_written_back_as_it_was() -> None:
    from muehle.notation.reading.parser import read_games

    text = EXPORT.read_text(encoding="utf-8")
    (game,) = read_games(text, str(EXPORT))
    assert not game.errors
    assert game == sanmill_export_record()
    assert write_pgn([game]).replace("\r\n", "\n") == text


def test_an_export_with_quality_symbols_is_written_with_the_annotation_after_the_captures() -> None:
    """formats.md: "8. f2!? xb4" is read as the ply f2/xb4 annotated !?, and written "8. f2xb4!?";
    read again, the record is the same."""
    from muehle.notation import parse_game

    game = parse_game('[FEN "x"]\n\n7. d2 d6 8. f2!? xb4 a1?\n9. b4 xb2 *')
    text = write_pgn([game])
    assert text.endswith("\r\n\r\n7. d2 d6 8. f2xb4!? a1? 9. b4xb2 *\n")
    assert parse_game(text).plies == game.plies
