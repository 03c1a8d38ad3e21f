"""The two readers of the notation tell the same events: the grammar decides what a record is.

The LALR parser (``grammars/muehle.lark``) is the reference. The fast reader must
accept exactly the records the parser reads without an error, and tell a builder
the same events, in the same order, with the same places; a record with an error
it must leave to the parser (which reports it). Records come from muehle's
writers (well-formed ones, with comments, variations, NAGs, PGN tags, the book's
one-line form) and from
words of movetext strung together at random (mostly records with errors).

The quick reading of words (:meth:`~muehle.notation.reading.fastread.FastReader.tell_words`, for
``muehle validate``) tells less: the plies as runs of moves, without places,
annotations or comments. What it tells must be what the parser tells of those
plies, and a :class:`~muehle.notation.record.moverecord.MovesBuilder` must make the same
record of either.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from muehle.notation.reading import parser
from muehle.notation.reading.decode import text_lines
from muehle.notation.reading.splitter import Chunk, split_lines
from muehle.notation.record.builders import EventRecorder, GameBuilder, Visitor
from muehle.notation.record.model import Game, MoveLine, move_line_of
from muehle.notation.record.moverecord import MovesBuilder
from muehle.notation.writing.pgn import write_pgn
from muehle.notation.writing.writers import write_notation
from strategies import pgn_record_files, record_files

property_settings = settings(max_examples=200, deadline=None)


def told_by_lark(chunk: Chunk, visitor: Visitor) -> Any:
    """What ``visitor`` makes of the events of ``chunk`` as the LALR parser tells them."""
    parser._tell_with_lark(chunk, "t.txt", visitor)
    return visitor.end_game()


def events_both_ways(text: str) -> list[tuple[list[tuple], list[tuple] | None]]:
    """For each game of ``text``: the parser's events, and the fast reader's (``None``: left to the parser)."""
    reader = parser._PARSERS.get_fast()
    told = []
    for chunk in split_lines(text_lines(text)):
        slow = told_by_lark(chunk, EventRecorder())
        recorder = EventRecorder()
        fast = recorder.end_game() if reader.tell(chunk, "t.txt", recorder) else None
        told.append((slow, fast))
    return told


def check_same_events(text: str) -> list[tuple[list[tuple], list[tuple] | None]]:
    told = events_both_ways(text)
    reader = parser._PARSERS.get_fast()
    for chunk, (slow, fast) in zip(split_lines(text_lines(text)), told):
        if any(event[0] == "error" for event in slow):
            assert fast is None, (text, slow)  # the parser reports it
        elif any(event[0] == "warning" for event in slow):
            assert fast is None, (text, slow)  # a slip: the parser reads it, with its warning
        elif parser._game_with_lark(chunk, "t.txt").errors:
            # the builder refuses what it is told (two annotations on one ply, "f2!? xb4 !"; a number that
            # goes back, "5.b4 5.b4"), which the recorder takes: the fast reader leaves it to the parser
            assert not reader.tell(chunk, "t.txt", GameBuilder()), text
        else:
            assert fast == slow, text
    return told


@property_settings
@given(record_files)
def test_written_notation_tells_the_same_events(records: list[Game]) -> None:
    assert len(check_same_events(write_notation(records))) == len(records)  # (every game compared)


@property_settings
@given(record_files)
def test_the_books_one_line_form_tells_the_same_events(records: list[Game]) -> None:
    assert len(check_same_events(write_notation(records, comma=True))) == len(records)


@property_settings
@given(pgn_record_files)
def test_written_pgn_tells_the_same_events(records: list[Game]) -> None:
    assert len(check_same_events(write_pgn(records))) == len(records)


#: Words of movetext, right and wrong, to string together.
WORDS = ["1.", "2.", "17.", "3...", "4…", "12. ...", "b4", "D2", "b1", "d2-d6", "a1-a4/xg7", "f2!? xb4", "e3xd5",
         "5.b4", "5...d6", "!", "??", "!?", "$1", "$256", "(=)", "(", ")", "{ note }", "{ a { b }", "; rest", "1-0",
         "0-1", "1/2-1/2", "½-½", "*", '[Event "x"]', '[Round "1"]', "[Bad", "x", "-", "b4b6", "9" * 5, "\n", "\n\n",
         ",", "6. g1,", "4. -,", "4. -", "g7,", "e3!,",
         # a scorekeeper's slips, read with a warning by the parser only
         "d2\u2013b2", "d6\u2014d5", "a1-a4\u00d7g7", "e3:d5", "d2-b2/x a4", "11 .", "12 . f4", "x"]


@property_settings
@given(st.lists(st.sampled_from(WORDS), max_size=14), st.sampled_from([" ", "  ", "\t"]))
def test_words_at_random_tell_the_same_events_or_are_left_to_the_parser(words: list[str], space: str) -> None:
    check_same_events(space.join(words))


def test_the_checks_can_fail() -> None:
    """Both outcomes occur: games the fast reader reads, and games with errors it leaves alone."""
    told = check_same_events('[Event "x"]\n1. b4 d6! $2 {c} 2. f4 (2. d2 (=)) f6 *\n\n1. b4 b1 *\n\n1. b4 (')
    assert [fast is None for _, fast in told] == [False, True, True]
    slow, fast = told[0]
    assert fast is not None and ("ply", 2, "white", None, "f4", (), None, 2, 21) in fast
    assert [event[0] for event in fast].count("begin_variation") == 1
    assert told[1][0][-2][0] == "error"


def test_common_games_are_read_fast_with_their_places() -> None:
    """A game with tag pairs a line each, comments, NAGs, annotations, draw offers and variations,
    numbers glued to their plies or not, a game that starts within a line: read fast, with
    the events and places the parser tells."""
    text = ('[Event "x"]\n[Round "1"]\n\n{before} 1. b4 d6! $2 {c} 2.f4 (2. d2 (=) d1) ; note\n'
            "f6?? 3. f2!?xb4 1-0 {after} 1. d2 *")
    told = check_same_events(text)
    assert all(fast is not None for _, fast in told)
    assert ("ply", 2, "white", None, "f4", (), None, 4, 29) in told[0][1]  # (the coordinates after "2.")
    assert ("result", "*", 5, 35) in told[1][1]


def test_every_spelling_of_the_grammar_is_read_fast() -> None:
    """A comment over two lines, a tab, the book's comma and long form, a move number at the end of a
    line or before a comment, a capture apart from its move, a tag pair after a comment, tag pairs on
    one line, white space that is no blank: read fast, with the parser's events and places. A slip is
    left to the parser (it warns of it)."""
    games = ["1. b4 {a\nb} d6 *", "1. b4\td6 *", "1. b4, d6 2. -, f4 *", "1. b4 2.\nd2 *", "1. b4 2. {c} d2 *",
             "1. d2-b2 xa4 *", '{c}\n[Event "x"]\n1. b4 *', "1. b4\n1. - d6 2. d2 2. ... f4 *",
             '[Event "x"] [Round "2"]\n1. b4 *', "1.\u00a0b4 2.\u00a0d2 *", "1. d2\u2013b2 *"]
    told = check_same_events("\n\n".join(games))
    assert [fast is not None for _, fast in told] == [True] * (len(games) - 1) + [False]
    # "1. - d6" on line 2 of its game: a ply with Black's number, where its coordinates start
    assert ("ply", 1, "black", None, "d6", (), None, 20, 6) in told[7][1]
    # "1.\u00a0b4": no blank between them, so the number stands alone (as the parser reads it)
    assert [event[0] for event in told[9][1][1:4]] == ["move_number", "ply", "move_number"]


def test_the_game_builder_makes_the_game_the_readers_read() -> None:
    text = '[Event "x"]\n{before} 1. b4 d6! $2 {c} 2. f4 (2. d2 (=)) f6 1-0 {after}\n'
    (chunk,) = split_lines(text_lines(text))
    from_lark = parser._game_with_lark(chunk, "t.txt")
    builder = GameBuilder()
    assert parser._PARSERS.get_fast().tell(chunk, "t.txt", builder)
    from_fast = builder.end_game()
    assert from_fast == from_lark
    assert from_fast.comments == ["before"] and from_fast.final_comments == ["after"]
    assert [ply.label() for ply in from_fast.plies[2].variations[0].plies] == ["2. d2"]
    assert from_fast.plies[2].variations[0].plies[0].draw_offer and from_fast.plies[1].nags == [2]



# --- the quick reading of words ---------------------------------------------------------


def plain(events: list[tuple]) -> list[tuple]:
    """The events a verdict needs, a ply with the number written with it or on its own before it,
    without its place; runs of moves (:meth:`Visitor.moves`) told as their plies."""
    kept: list[tuple] = []
    pending = None
    for event in events:
        name = event[0]
        if name == "move_number":
            pending = event[1:]
        elif name == "ply":
            number, side, origin, target, captures = event[1:6]
            if number is None and pending is not None:
                number, side = pending
            pending = None
            kept.append(("ply", number, side, origin, target, tuple(captures)))
        elif name == "moves":
            for index, (target, origin, captures) in enumerate(event[1]):
                number, side = event[2].get(index, (None, None))
                kept.append(("ply", number, side, origin, target, tuple(captures)))
        elif name == "result":
            kept.append(("result", event[1]))
        elif name in ("begin_game", "tag", "begin_variation", "end_variation", "end_game"):
            kept.append(event)
    return kept


def lined(line: MoveLine) -> tuple:
    """A line of moves and its variations, each ply numbered, as plain tuples to compare."""
    return ([(number, side, target, origin, tuple(captures)) for number, side, target, origin, captures in line.numbered()],
            {index: [lined(branch) for branch in branches] for index, branches in line.variations.items()})


def check_same_words(text: str) -> list[bool]:
    """For each game of ``text``: the quick reading tells what the parser tells of its plies (or leaves
    a game with an error to the parser), and the two make the same record of moves. Whether it read it."""
    reader = parser._PARSERS.get_fast()
    read = []
    for chunk in split_lines(text_lines(text)):
        slow = told_by_lark(chunk, EventRecorder())
        recorder = EventRecorder()
        told = reader.tell_words(chunk, "t.txt", recorder)
        game = parser._game_with_lark(chunk, "t.txt")
        quick = reader.read_moves(chunk, "t.txt", lambda: game)
        if game.errors:
            assert quick is None, text  # the parser reports it
        if quick is None:
            read.append(False)
            continue
        assert told and plain(recorder.end_game()) == plain(slow), text
        assert (quick.tags, quick.result, quick.first_numbering(), quick.tag_places) == (
            game.tags, game.result, game.first_numbering(), game.tag_places)
        assert lined(quick.main_line()) == lined(move_line_of(game.plies))
        from_parser = told_by_lark(chunk, MovesBuilder(lambda: game))
        assert (from_parser.tags, from_parser.result, lined(from_parser.main_line()), from_parser.tag_places) == (
            quick.tags, quick.result, lined(quick.main_line()), quick.tag_places)
        read.append(True)
    return read


@property_settings
@given(record_files)
def test_the_quick_reading_tells_what_the_parser_tells_of_written_notation(records: list[Game]) -> None:
    assert len(check_same_words(write_notation(records))) == len(records)  # (every game compared)


@property_settings
@given(pgn_record_files)
def test_the_quick_reading_tells_what_the_parser_tells_of_written_pgn(records: list[Game]) -> None:
    assert len(check_same_words(write_pgn(records))) == len(records)


@property_settings
@given(st.lists(st.sampled_from(WORDS), max_size=14), st.sampled_from([" ", "  ", "\t"]))
def test_the_quick_reading_of_words_at_random_tells_the_same_or_leaves_them(words: list[str], space: str) -> None:
    check_same_words(space.join(words))


def test_the_quick_reading_checks_can_fail() -> None:
    """Games read quickly, with variations and numbers written in turn; games with an error or
    numbered otherwise left to the others."""
    text = ('[Event "x"]\n1. b4 d6! $2 {c} 2. f4 (2. d2 (=) d1) (2. a1) f6 *\n\n1. b4 b1 *\n\n1. b4 3. d6 *\n\n'
            '[Event "x"]\n[Event "y"]\n1. b4 *\n\n1. b4 d6 (1. d2) *')
    assert check_same_words(text) == [True, False, False, False, False]
    (chunk, *_) = split_lines(text_lines(text))
    recorder = EventRecorder()
    assert parser._PARSERS.get_fast().tell_words(chunk, "t.txt", recorder)
    assert [event[0] for event in recorder.end_game()] == [
        "begin_game", "tag", "moves", "begin_variation", "moves", "end_variation", "begin_variation", "moves",
        "end_variation", "moves", "result", "end_game"]
    assert recorder.events[2] == ("moves", [("b4", None, ()), ("d6", None, ()), ("f4", None, ())],
                                  {0: (1, "white"), 2: (2, "white")})
    assert recorder.events[4] == ("moves", [("d2", None, ()), ("d1", None, ())], {0: (2, "white")})
    record = parser._PARSERS.get_fast().read_moves(chunk, "t.txt", lambda: Game())
    assert record is not None and record.main_line().numbered()[-1] == (2, "black", "f6", None, ())
    assert [line.numbered() for line in record.main_line().variations[2]] == [
        [(2, "white", "d2", None, ()), (2, "black", "d1", None, ())], [(2, "white", "a1", None, ())]]


def test_the_game_builder_takes_runs_of_moves() -> None:
    """A run of moves makes the plies the same events one by one make (without places)."""
    builder = GameBuilder()
    builder.begin_game("t.txt", 1)
    builder.moves([("b4", None, ()), ("d6", None, ()), ("f4", "d2", ("a1",))], {0: (7, "black")})
    game = builder.end_game()
    assert [(ply.number, ply.side, ply.target, ply.origin, ply.captures) for ply in game.plies] == [
        (7, "black", "b4", None, []), (8, "white", "d6", None, []), (8, "black", "f4", "d2", ["a1"])]
