"""The fast reader gives either ``None`` or exactly the game the LALR parser gives.

Every comparison reads the same chunk both ways: with the parser alone
(``fastread.ENABLED`` false) and with the fast reader alone. Games must be equal,
and so must the line and column of every ply (which ``==`` does not compare),
the game's line and source. The fast reader must also really read the usual
records, or it would be useless (and such a test of equality could not fail).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Callable, Iterator, Optional

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muehle.analyzer.engine.rules import load_ruleset
from muehle.analyzer.play.generate import generate_games
from muehle.notation.reading import fastread, parser
from muehle.notation.reading.decode import text_lines
from muehle.notation.reading.splitter import Chunk, split_lines
from muehle.notation.record.builders import GameBuilder
from muehle.notation.record.model import Game, MoveLine, Ply, move_line_of
from muehle.notation.record.moverecord import MoveRecord, MovesBuilder
from muehle.notation.writing.pgn import write_pgn
from muehle.notation.writing.writers import write_notation
from paths import ROOT
from strategies import games, pgn_record_files, record_files

EXAMPLES = ROOT / "examples"

property_settings = settings(max_examples=150, deadline=None)


def _chunks(text: str) -> list[Chunk]:
    return list(split_lines(text_lines(text)))


def lark_game(chunk: Chunk, source: str = "t.txt") -> Game:
    enabled = fastread.ENABLED
    fastread.ENABLED = False
    try:
        return parser._parse_chunk(chunk, source)
    finally:
        fastread.ENABLED = enabled


def fast_game(chunk: Chunk, source: str = "t.txt") -> Optional[Game]:
    return parser._PARSERS.get_fast().read(chunk, source)


def moves_game(chunk: Chunk, source: str = "t.txt") -> Optional[Game]:
    """The game as :meth:`FastReader.read_moves` reads it: main line now, the rest when asked for."""
    return parser._PARSERS.get_fast().read_moves(chunk, source, lambda: parser._read_whole(chunk, source))


def tupled(line: MoveLine) -> list[tuple]:
    """Every ply of the line as ``(number, side, target, origin, captures)``, captures as a tuple."""
    return [(number, side, target, origin, tuple(captures)) for number, side, target, origin, captures in line.numbered()]


def lined(line: MoveLine) -> tuple:
    """The line and its variations, as plain tuples to compare."""
    return tupled(line), {index: [lined(branch) for branch in branches] for index, branches in line.variations.items()}


def places(plies: list[Ply]) -> Iterator[tuple[int, int]]:
    """Line and column of every ply, variations included, in the order of the text."""
    for ply in plies:
        yield ply.line, ply.column
        for variation in ply.variations:
            yield from places(variation.plies)


def check_same(text: str) -> list[Optional[Game]]:
    """Read every chunk of ``text`` both ways; assert the fast game is None or the same."""
    read = []
    for chunk in _chunks(text):
        fast = fast_game(chunk)
        if fast is not None:
            slow = lark_game(chunk)
            assert not slow.errors, text
            assert fast == slow
            assert list(places(fast.plies)) == list(places(slow.plies))
            assert (fast.line, fast.source, fast.errors) == (slow.line, slow.source, [])
        deferred = moves_game(chunk)
        if deferred is not None:
            assert fast is not None  # what is deferred, the fast reader reads in full
            slow = lark_game(chunk)
            assert not slow.errors, text
            assert (deferred.tags, deferred.result, deferred.line, deferred.source, deferred.errors) == (
                slow.tags, slow.result, slow.line, slow.source, [])
            assert lined(deferred.main_line()) == lined(move_line_of(slow.plies))
            assert deferred.has_variations() == slow.has_variations()
            # the parser's events make the same record of moves
            moves_builder = MovesBuilder(lambda: parser._read_whole(chunk, "t.txt"))
            parser._tell_with_lark(chunk, "t.txt", moves_builder)
            told = moves_builder.end_game()
            assert (told.tags, told.result, told.line, told.source, told.first_numbering()) == (
                deferred.tags, deferred.result, deferred.line, deferred.source, deferred.first_numbering())
            assert lined(told.main_line()) == lined(deferred.main_line())
            assert told.tag_places == deferred.tag_places == slow.tag_places
            assert deferred == slow  # now read in full
            assert list(places(deferred.plies)) == list(places(slow.plies))
        read.append(fast)
    return read


# --- records written by muehle's writers -------------------------------------------


@property_settings
@given(record_files)
def test_written_notation_reads_the_same(records: list[Game]) -> None:
    check_same(write_notation(records))


@property_settings
@given(pgn_record_files)
def test_written_pgn_reads_the_same(records: list[Game]) -> None:
    check_same(write_pgn(records))


@property_settings
@given(games())
def test_written_game_reads_the_same_with_crlf_and_bom(game: Game) -> None:
    text = write_notation([game])
    check_same("\ufeff" + text.replace("\n", "\r\n"))


# --- the book's long form, its one-line form, Sanmill's move lists: read fast too --------


def sanmill_move(ply: Ply) -> str:
    """A ply as Sanmill's move history writes it: the move, each capture glued as ``x`` and its point."""
    return (f"{ply.origin}-{ply.target}" if ply.origin else ply.target) + "".join(f"x{point}" for point in ply.captures)


def move_history(plies: list[Ply]) -> str:
    """The plies as Sanmill's move history: ``" 1.    d6    f4"``, a move number and two plies to a line."""
    return "\n".join((f" {start // 2 + 1}." if start < 18 else f"{start // 2 + 1}.")
                     + "".join("    " + sanmill_move(ply) for ply in plies[start:start + 2])
                     for start in range(0, len(plies), 2))


def flat_moves(plies: list[Ply]) -> str:
    """The plies as Sanmill's engine lists them: no numbers, a capture a word of its own (``d6-d5 xd3``)."""
    return " ".join(sanmill_move(ply).replace("x", " x") for ply in plies)


def forms(records: list[Game]) -> dict[str, str]:
    """The records written in the book's long form (``17. - a7-a4``) and its one-line form (``6. g1, g7``),
    and their main lines as Sanmill's move history and flat list of moves, a game each."""
    return {"long": write_notation(records, black_number="book"), "comma": write_notation(records, comma=True),
            "history": "\n\n".join(move_history(game.plies) + " *" for game in records),
            "flat": "\n\n".join(flat_moves(game.plies) + " *" for game in records)}


@property_settings
@given(record_files)
def test_the_long_form_the_one_line_form_and_sanmills_lists_are_read_fast_and_the_same(records: list[Game]) -> None:
    for form, text in forms(records).items():
        read = check_same(text)
        assert len(read) == len(records), form
        assert all(game is not None for game in read), (form, text)  # none is left to the parser


@pytest.mark.parametrize("form", ["long", "comma", "history", "flat"])
def test_the_other_forms_are_read_without_the_parser(form: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Read and told to validate's builder of moves with the parser out of reach: the fast path
    reads them all, the same as the parser (the games are generated, with variations and comments)."""
    from muehle.notation.reading.parser import read_games

    records = list(generate_games(load_ruleset("wmd"), 7, 40))
    text = forms(records)[form]
    if form == "long":
        text += "\n\n" + (EXAMPLES / "schuermann-book-game.txt").read_text(encoding="utf-8")
        assert text.count(". - ") > 10
    expected = list(read_games(text, "t.txt"))
    assert len(expected) >= 40 and not any(game.errors for game in expected)

    def no_parser(*arguments: object, **keywords: object) -> Game:
        raise AssertionError("the parser was asked to read a game")

    monkeypatch.setattr(parser, "_tell_with_lark", no_parser)
    assert list(read_games(text, "t.txt")) == expected
    deferred = list(read_games(text, "t.txt", deferred=True))
    assert [type(game) for game in deferred] == [MoveRecord] * len(expected)
    assert [tupled(game.main_line()) for game in deferred] == [tupled(move_line_of(game.plies)) for game in expected]


@pytest.mark.parametrize("movetext", [
    "1. b4$1 d6 2. f4 $2 d2 *",  # a NAG glued to its ply
    "1.b4 d6 2.f4 d2 *",  # numbers glued to their plies
    "1...b4 2. f4 d2 *",  # Black's number glued
    "1. b4!$1 d6?! 2. f4 d2 *",  # an annotation and a NAG glued
    "1. b4, d6 2. f4, d2 *",  # the book's one-line form
    "1. b4! d6? 2. f4!? d2?? *",  # annotations glued
    "1.b4? d6 *",  # a number, a ply and an annotation in one word
    "1. b4$1 d6$2 2.f4 d2 *",  # several such words on one line, and words of one token after them
    "1. b4 d6\n2.f4$3 d2\n3. a1 a4 *",  # one on a later line, and a line after it
])
def test_words_of_several_tokens_are_read_without_the_parser(movetext: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A word the grammar reads as several tokens (a number, a ply, an annotation, a NAG, a comma)
    is read by the fast reader like the rest, for every builder, and tells what the parser tells."""
    from muehle.notation.reading.parser import read_games

    text = f'[Event "x"]\n\n{movetext}\n'
    expected = list(read_games(text, "t.txt"))
    assert not expected[0].errors and expected[0].plies

    def no_parser(*arguments: object, **keywords: object) -> Game:
        raise AssertionError("the parser was asked to read a game")

    monkeypatch.setattr(parser, "_tell_with_lark", no_parser)
    assert list(read_games(text, "t.txt")) == expected
    deferred = list(read_games(text, "t.txt", deferred=True))
    assert [tupled(game.main_line()) for game in deferred] == [tupled(move_line_of(game.plies)) for game in expected]


def test_generated_games_are_read_fast_and_the_same() -> None:
    rules = load_ruleset("wmd")
    text = write_notation(list(generate_games(rules, 2019, 300)))
    read = check_same(text)
    assert len(read) == 300
    assert all(game is not None for game in read)  # none falls back to the parser
    assert sum(len(game.plies) for game in read if game is not None) > 300 * 18
    # and all of them as moves, the rest deferred, variations too
    assert sum(game.has_variations() for game in read if game is not None) > 20
    assert all(moves_game(chunk) is not None for chunk in _chunks(text))


@pytest.mark.parametrize("path", sorted(EXAMPLES.iterdir()), ids=lambda path: path.name)
def test_examples_read_the_same(path: Path) -> None:
    check_same(path.read_text(encoding="utf-8-sig"))


# --- spellings and mistakes --------------------------------------------------------

#: Pieces of records, right and wrong, to be put together at random.
PIECES = [
    "1.", "1. ", "2.", "17...", "17. ...", "17. -", "17…", "3", " ", "  ", "\n", "\n\n", "\t",
    "b4", "B4", "d6", "a1-a4", "d2-b2/xa4", "d6-d5xc3", "xg7", "/xd7", "b1", "d4-", "-",
    "!", "?!", "!!!", "!? ", "$1", "$256", "$0", "(=)", "(", ")", "( ", "{c}", "{a\nb}", "; x\n", "{",
    "}", '[Event "x"]', '[Site "a\\"b"]', "[Event", "1-0", "0-1", "1/2-1/2", "½-½", "*", "x",
    ".", "..", "é",
    "13. xg7xd5", "17... xa1/xa4", "4.xd2", " xg7",  # (plies of removals alone, and a capture apart)
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=25))
def test_any_sequence_of_pieces_reads_the_same_or_falls_back(pieces: list[str]) -> None:
    check_same("".join(pieces))


@settings(max_examples=150, deadline=None)
@given(games(), st.data())
def test_a_damaged_record_reads_the_same_or_falls_back(game: Game, data: st.DataObject) -> None:
    text = write_notation([game])
    at = data.draw(st.integers(0, len(text)))
    cut = data.draw(st.integers(0, 3))
    insert = data.draw(st.sampled_from(["", " ", "\n", "(", ")", "1.", "$", "x", "-", "b4", "{", "!"]))
    check_same(text[:at] + insert + text[at + cut:])


@pytest.mark.parametrize("text", [
    "1. b4 b1",  # not a point
    "1. b4c3",  # plies glued together
    "5. b4 3. d6",  # the move number goes back
    "5. b4 d6 5. f4",
    "1. b4 d6 f4 1... f2",
    "1. b4 d6 2.",  # a move number without its ply
    "1. 2. b4",
    "1. b4 $300",  # NAG out of range
    "1. b4 ! !",
    "1. b4 (d6)",  # a variation of White's first ply must start with White's
    "1. b4 ( )",  # an empty variation
    "1. b4 (d2",  # never closed
    "1. b4 )",
    '1. b4 [Event "x"]',  # a tag after the moves
    '[Event "x"]\n[Event "y"]\n1. b4',  # a duplicate tag
    "1. b4 (1-0)",
    "1. f2!? xb4?",  # two annotations: the move's and its capture's
    "1. f2!?xb4?",
    "1. b4! xb2? xc3",
])
def test_errors_are_left_to_the_parser(text: str) -> None:
    for chunk in _chunks(text):
        game = lark_game(chunk)
        if game.errors:
            assert fast_game(chunk) is None and moves_game(chunk) is None
        else:  # the parser reads it: so may the fast reader, the same way
            check_same(text)


@pytest.mark.parametrize("line", ["1. b4 1-0 !", "1. b4 1-0 $1", "1. b4 * (=)", "1. b4 * (d6)", "1-0 b4"])
def test_nothing_but_comments_after_the_result(line: str) -> None:
    # the splitter never leaves anything else after a result; the reader does not rely on it
    chunk = Chunk(first_line=1, lines=[line])
    assert lark_game(chunk).errors
    assert fast_game(chunk) is None and moves_game(chunk) is None


def test_usual_spellings_are_read_fast() -> None:
    text = ('[Event "Wien"]\n[Site "a\\\\b \\"c\\""]\n\n{opening} 1. b4 {good} d6! $3 2. D2-B2/xA4 (=)\n'
            "(2. f4 {or} 2... f2 (2... f6) 3. b6) 2... a7 3. d2-d1xa1 ; end\n17. - a7-a4 1/2-1/2 {agreed}")
    (chunk,) = _chunks(text)
    game = fast_game(chunk)
    assert game is not None
    assert game == lark_game(chunk)
    assert game.tags == {"Event": "Wien", "Site": 'a\\b "c"'}
    assert game.comments == ["opening"]
    first, second, third, fourth, fifth, sixth = game.plies
    assert (first.comments, second.annotation, second.nags) == (["good"], "!", [3])
    assert (third.origin, third.target, third.captures, third.draw_offer) == ("d2", "b2", ["a4"], True)
    # the variation replaces 2. d2-b2/xa4: it starts on the numbering before it
    variation = third.variations[0]
    assert [ply.label() for ply in variation.plies] == ["2. f4", "2... f2", "3. b6"]
    assert variation.plies[0].comments == ["or"]
    assert [ply.label() for ply in variation.plies[1].variations[0].plies] == ["2... f6"]
    assert [ply.label() for ply in (fourth, fifth, sixth)] == ["2... a7", "3. d2-d1/xa1", "17... a7-a4"]
    assert fifth.comments == ["end"]
    assert game.result == "1/2-1/2" and game.final_comments == ["agreed"]
    # places counted by hand (the column of a ply is that of its first point):
    # line 4 is "{opening} 1. b4 {good} d6! $3 2. D2-B2/xA4 (=)", line 5 "(2. f4 ...",
    # line 6 "17. - a7-a4 ..."
    assert (first.line, first.column) == (4, 14)
    assert (second.line, second.column) == (4, 24)
    assert (third.line, third.column) == (4, 34)
    assert (variation.plies[0].line, variation.plies[0].column) == (5, 5)
    assert (sixth.line, sixth.column) == (6, 7)


@pytest.mark.parametrize("text, annotations", [
    ("8. f2!? xb4 a1 9. b4 xb2? d6 *", ["!?", None, "?", None]),  # Sanmill's export with quality symbols
    ("8. f2!?xb4 a1\n9. B4!!XB2 xc3 $1 {c} d6 (9... d2?! xb2) *",  # its newer versions glue the capture
     ["!?", None, "!!", None]),
])
def test_quality_symbols_before_a_capture_are_read_fast_and_the_same(text: str, annotations: list) -> None:
    (game,) = check_same(text)
    assert game is not None
    assert [ply.annotation for ply in game.plies] == annotations


def test_the_parser_can_be_forced(monkeypatch: pytest.MonkeyPatch) -> None:
    (chunk,) = _chunks("1. b4 d6")
    reader = parser._PARSERS.get_fast()
    calls: list[str] = []
    read, read_moves = reader.read, reader.read_moves

    def spy_read(chunk: Chunk, source: str, builder: Optional[Callable[[], GameBuilder]] = None) -> Optional[Game]:
        calls.append("read")
        return read(chunk, source, builder)

    def spy_read_moves(chunk: Chunk, source: str, loader: Callable[[], Game]) -> Optional[Game]:
        calls.append("read_moves")
        return read_moves(chunk, source, loader)

    monkeypatch.setattr(reader, "read", spy_read)
    monkeypatch.setattr(reader, "read_moves", spy_read_moves)
    lark_game(chunk)
    assert calls == []
    assert [ply.label() for ply in parser._parse_chunk(chunk, "t.txt").plies] == ["1. b4", "1... d6"]
    assert calls == ["read"]  # read in full at once
    calls.clear()
    game = parser._parse_deferred(chunk, "t.txt")
    assert calls == ["read_moves"]
    assert [ply.label() for ply in game.plies] == ["1. b4", "1... d6"]
    assert calls == ["read_moves", "read"]


@pytest.mark.parametrize("value, enabled", [("1", False), ("0", True), ("", True)])
def test_the_environment_can_turn_the_fast_reader_off(value: str, enabled: bool) -> None:
    code = "from muehle.notation.reading import fastread; print(fastread.ENABLED)"
    environment = dict(os.environ, MUEHLE_NO_FASTREAD=value)
    output = subprocess.run([sys.executable, "-c", code], env=environment, capture_output=True,
                            text=True, check=True).stdout
    assert output.strip() == str(enabled)


def test_a_deferred_game_pickles_and_copies_as_a_whole_game() -> None:
    import copy
    import pickle

    (chunk,) = _chunks('[Event "x"]\n{before} 1. d2 d6! {good} 2. f4 f2 *')
    for make_copy in (lambda game: pickle.loads(pickle.dumps(game)), copy.deepcopy, copy.copy):
        deferred = moves_game(chunk)
        assert deferred is not None
        copied = make_copy(deferred)
        assert copied == lark_game(chunk)
        assert copied.comments == ["before"] and copied.plies[1].comments == ["good"]
        assert (copied.plies[1].line, copied.plies[1].column) == (2, 16)  # "d6" on line 2
        assert tupled(copied.main_line()) == tupled(deferred.main_line())


def test_reading_deferred_is_asked_for_and_gives_the_same_games(tmp_path: Path) -> None:
    from muehle.notation.reading.parser import read_file, read_games

    text = '[Event "x"]\n1. d2 d6 {c} 2. f4 *\n\n1. b4 (1. d2) d6 *\n'
    path = tmp_path / "games.txt"
    path.write_text(text, encoding="utf-8")
    for read in (lambda **kw: read_games(text, "t", **kw), lambda **kw: read_file(path, "t", **kw)):
        whole, deferred = list(read()), list(read(deferred=True))
        assert [type(game) for game in whole] == [Game, Game]
        assert [type(game) for game in deferred] == [MoveRecord, MoveRecord]
        assert tupled(deferred[0].main_line()) == [(1, "white", "d2", None, ()), (1, "black", "d6", None, ()),
                                                   (2, "white", "f4", None, ())]
        # the variation replaces White's first ply, so it is White's move 1 as well
        assert lined(deferred[1].main_line()) == (
            [(1, "white", "b4", None, ()), (1, "black", "d6", None, ())], {0: [([(1, "white", "d2", None, ())], {})]})
        assert deferred[1].has_variations() and not deferred[0].has_variations()
        assert deferred == whole


@pytest.mark.parametrize("text", [
    '[Event "x"]\n  [FEN  "a b"]\n[Rules "wmd"]\n\n1. d2 *\n',
    '1. d2 * [SetUp "1"]\n[FEN "nonsense"]\n\n1. d2 *\n',
    '[SetUp "1"] [FEN "nonsense"]\n\n1. d2 *\n',
    '1. d2 * [SetUp "1"] [FEN "x"] 1. d6 *\n',
    '{ before }\n[Rules "fide"]\n\n1. d2 d6 2. d2 *\n',
])
def test_every_reader_knows_where_each_tag_stands(text: str) -> None:
    """The place of a tag pair's value (line, column, the line) is the same from the parser,
    the fast reader and the reader of moves, whichever reads the game."""
    lines = text.split("\n")
    for chunk in _chunks(text):
        expected = {}
        for name, value in lark_game(chunk).tags.items():
            line, column, shown = lark_game(chunk).tag_place(name)
            assert lines[line - 1] == shown and shown[column - 1:].startswith(value)
            expected[name] = (line, column)
        for other in (fast_game(chunk), moves_game(chunk)):
            if other is not None:
                assert {name: other.tag_place(name)[:2] for name in other.tags} == expected


@pytest.mark.parametrize("text", ["1. b4 $" + "1" * 5000, "1" * 5000 + ". b4", "1" * 5000 + ".b4",
                                  "1. b4\n" + "1" * 5000 + ".\nd6"], ids=["nag", "number", "glued", "alone"])
def test_a_number_too_long_is_left_to_the_parser(text: str) -> None:
    for chunk in _chunks(text):
        assert lark_game(chunk).errors
        assert fast_game(chunk) is None and moves_game(chunk) is None


def test_odd_white_space_is_every_white_space_but_blanks_and_line_breaks() -> None:
    """The odd white space the fast reader looks for (a move number and its ply may not have it
    between them) is what ``str.split`` splits at, but the space, the tab and the line break: each
    such character is found, in ASCII text and in text that is not, and nothing else is."""
    odd = [chr(code) for code in range(0x3001) if chr(code).isspace() and chr(code) not in " \t\n"]
    assert "\r" in odd and "\xa0" in odd and "\u2028" in odd
    for char in odd:
        assert fastread._has_odd_space(f"1. b4{char}d6"), repr(char)
        assert fastread._has_odd_space(f"1. b4{char}d6 {{é}}"), repr(char)
    for code in range(0x3001):
        char = chr(code)
        if char not in odd:
            assert not fastread._has_odd_space(f"1. b4{char}d6"), repr(char)
