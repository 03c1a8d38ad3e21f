"""Every pair of record forms on generated records: write in one form, read back, write in
another, read back, and the record is the original up to what ``docs/formats.md`` says
reading back may change; a record a writer cannot carry is refused with an error at its place.

The records are arbitrary models (not what a reader produces): tag names and values of any
text, comments with braces, line breaks (LF, CRLF, CR), blank lines, lines that start like a
tag pair, tabs; plies numbered any way or not at all; variations anywhere; every result.
"""

from __future__ import annotations

import copy
import dataclasses
import re
import tempfile
from pathlib import Path
from typing import Callable, Optional

import pytest
from click.testing import Result
from hypothesis import Phase, assume, given, settings
from hypothesis import strategies as st

from muehle.notation.formats.jsonrecord import read_json, read_yaml, write_json, write_yaml
from muehle.notation.reading.parser import read_games
from muehle.notation.record.model import (
    ANNOTATIONS,
    BLACK,
    POINTS,
    RESULTS,
    WHITE,
    Game,
    Numbering,
    Ply,
    Variation,
    next_numbering,
)
from muehle.notation.text.errors import MuehleError
from muehle.notation.writing.pgn import write_pgn
from muehle.notation.writing.writers import UnwritableError, write_notation
from paths import ROOT
from runner import run
from strategies import record_files

# -- records -------------------------------------------------------------------------------

_ODD = ['"', "\\", "{", "}", ";", "[", "]", "(", ")", "\n", "\r", "\r\n", "\t", " ", "\n\n", "$", "*", "%",
        "ä", "€", "\u2028", "\x85", '[Event "', "1-0", "1.", "\ufeff", "\x00", "\ud800"]


def _texts(max_size: int) -> st.SearchStrategy[str]:
    pieces = st.one_of(st.sampled_from(_ODD), st.text(st.characters(blacklist_categories=("Cs",)), max_size=4))
    return st.lists(pieces, max_size=max_size).map("".join)


texts = _texts(8)
long_texts = st.one_of(st.integers(80, 300).map(lambda n: "é" * n),
                       st.lists(st.sampled_from(_ODD + ["word", "  "]), min_size=20, max_size=60).map("".join))
tag_names = st.one_of(st.from_regex(r"[A-Za-z0-9_]{1,10}", fullmatch=True),
                      st.sampled_from(["Event", "Result", "FEN", "SetUp", "PlyCount", "Variant", "Round", "_x"]),
                      texts)
tag_values = st.one_of(texts, long_texts, st.sampled_from(RESULTS + ("½-½", " 1-0 ", "")))
comments = st.lists(st.one_of(texts, long_texts), max_size=2)
numbers = st.one_of(st.none(), st.integers(0, 30), st.integers(0, 30), st.sampled_from([10**30, 10**4000 - 1]),
                    st.sampled_from([-1, 10**4000]))


@st.composite
def lines(draw: st.DrawFn, depth: int, min_size: int = 0) -> list[Ply]:
    plies = []
    for _ in range(draw(st.integers(min_size, 3))):
        ply = Ply(number=draw(numbers), side=draw(st.sampled_from((WHITE, BLACK))), target=draw(st.sampled_from(POINTS)),
                  origin=draw(st.none() | st.sampled_from(POINTS)),
                  captures=draw(st.lists(st.sampled_from(POINTS), max_size=2)),
                  annotation=draw(st.none() | st.sampled_from(ANNOTATIONS)),
                  nags=draw(st.lists(st.integers(1, 255), max_size=2)), draw_offer=draw(st.booleans()),
                  comments=draw(comments))
        if depth:
            ply.variations = draw(st.lists(st.builds(Variation, lines(depth - 1, 1), comments), max_size=2))
        plies.append(ply)
    return plies


records = st.builds(Game, tags=st.dictionaries(tag_names, tag_values, max_size=4), plies=lines(2),
                    result=st.none() | st.sampled_from(RESULTS), comments=comments, final_comments=comments)
record_lists = st.lists(records, min_size=1, max_size=3)


@st.composite
def numbered_lines(draw: st.DrawFn, depth: int, context: Optional[Numbering] = None, min_size: int = 0) -> list[Ply]:
    """Like :func:`lines`, numbered as the notation can say it (so that few records are refused)."""
    plies = []
    for _ in range(draw(st.integers(min_size, 3))):
        number, side = next_numbering(context)
        if draw(st.booleans()) and (number is None or draw(st.booleans())):
            side = draw(st.sampled_from((WHITE, BLACK)))
            low = draw(st.sampled_from([1, 10**4000 - 1])) if context is None or context[0] is None else \
                context[0] + (side == WHITE)
            number = low + draw(st.integers(0, 2))
        ply = draw(lines(0, 1))[0]
        ply.number, ply.side = number, side
        if depth:
            ply.variations = draw(st.lists(st.builds(Variation, numbered_lines(depth - 1, context, 1), comments),
                                           max_size=2))
        plies.append(ply)
        context = (number, side)
    return plies


#: Records that the notation can carry (few are refused), from ``tests/strategies.py``.
readable_record_files = record_files

# -- what each form gives back ------------------------------------------------------------

ROSTER = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?", "White": "?", "Black": "?"}


def comment_read_back(text: str) -> str:
    """A comment as the notation reads it: line breaks as LF, without surrounding white space."""
    return text.replace("\r\n", "\n").replace("\r", "\n").strip()


def _line_read_back(plies: list[Ply], context: Optional[Numbering]) -> list[Ply]:
    back = []
    for ply in plies:
        before = context
        number = ply.number if ply.number is not None else next_numbering(context)[0]
        context = (number, ply.side)
        back.append(dataclasses.replace(
            ply, number=number, comments=[comment_read_back(text) for text in ply.comments],
            variations=[Variation(_line_read_back(v.plies, before), [comment_read_back(t) for t in v.comments])
                        for v in ply.variations]))
    return back


def notation_read_back(game: Game, result: Optional[str]) -> Game:
    """``game`` as the notation gives it back, written with ``result`` (its own or ``*``)."""
    plies = _line_read_back(game.plies, None)
    front = [comment_read_back(text) for text in game.comments]
    final = [comment_read_back(text) for text in game.final_comments]
    if result is None and final:  # comments after the last ply of a game without result are that ply's
        if plies:
            plies[-1].comments = plies[-1].comments + final
        else:
            front = front + final
        final = []
    return Game(tags=dict(game.tags), plies=plies, result=result, comments=front, final_comments=final)


def _unnumbered(plies: list[Ply]) -> bool:
    return all(ply.number is None and all(_unnumbered(v.plies) for v in ply.variations) for ply in plies)


def pgn_first_number(game: Game) -> int:
    """The number PGN gives the first ply of a record without numbers: that of a set-up position's
    FEN (field 17) when it is one of ASCII digits (at most 4000) above 0, else 1."""
    fen = game.tags.get("FEN", "").split() if game.tags.get("SetUp", "").strip() == "1" else []
    field = fen[16] if len(fen) >= 17 else ""
    return int(field) if re.fullmatch("[0-9]{1,4000}", field) and int(field) > 0 else 1


def pgn_numbered(plies: list[Ply], first: int, position: int = 0) -> list[Ply]:
    """A line of ``plies`` without numbers (the first at ``position`` in the game, 0 being White's
    first ply) as PGN numbers it from ``first``: White's ply opens a number and Black's replies on
    it, so the ply at position p is numbered ``first + p // 2``; a variation takes the position of
    the ply it replaces."""
    return [dataclasses.replace(ply, number=first + (position + index) // 2, variations=[
        Variation(pgn_numbered(v.plies, first, position + index), v.comments) for v in ply.variations])
        for index, ply in enumerate(plies)]


def pgn_read_back(game: Game) -> Game:
    """``game`` as PGN gives it back (a record without numbers numbered, see :func:`pgn_numbered`)."""
    tagged = game.tags.get("Result")
    tagged = tagged.strip() if tagged is not None else None
    result = game.result
    if result is None or (result == "*" and tagged in ("1-0", "0-1", "1/2-1/2", "½-½")):
        result = "1/2-1/2" if tagged == "½-½" else tagged if tagged in RESULTS else "*"
    tags = {name: game.tags.get(name, default) for name, default in ROSTER.items()}
    tags["Result"] = result
    tags["Variant"] = game.tags.get("Variant", "Nine Men's Morris")
    tags["PlyCount"] = str(sum(1 + len(ply.captures) for ply in game.plies))
    tags.update((name, value) for name, value in game.tags.items()
                if name not in tags and name not in ("FEN", "SetUp"))
    tags.update((name, game.tags[name]) for name in ("FEN", "SetUp") if name in game.tags)
    back = notation_read_back(game, result)
    back.tags = tags
    if _unnumbered(game.plies):
        back.plies = pgn_numbered(back.plies, pgn_first_number(game))
    return back


def read_notation(text: str) -> list[Game]:
    """The games of ``text``, read in full and deferred (which must agree)."""
    games = list(read_games(text, "<written>"))
    assert list(read_games(text, "<written>", deferred=True)) == games
    for game in games:
        assert not game.errors, "\n".join(map(str, game.errors)) + "\n\n" + text
    return games


Form = tuple[Callable[[list[Game]], str], Callable[[str], list[Game]]]
FORMS: dict[str, Form] = {
    "notation": (write_notation, read_notation),
    "pgn": (write_pgn, read_notation),
    "json": (write_json, lambda text: read_json(text, "<written>")),
    "yaml": (write_yaml, lambda text: read_yaml(text, "<written>")),
}


def expected_back(form: str, records: list[Game], back: list[Game]) -> list[Game]:
    """What ``records`` written in ``form`` may read back as (``back``, as read, settles only the
    choices the docs leave open: ``*`` for a game without result)."""
    if form in ("json", "yaml"):
        return records
    assert len(back) == len(records)
    expected = []
    for game, got in zip(records, back):
        if form == "notation":
            result = game.result if game.result is not None or got.result != "*" else "*"
            expected.append(notation_read_back(game, result))
        else:
            expected.append(pgn_read_back(game))
    return expected


def round_trip(form: str, records: list[Game]) -> Optional[list[Game]]:
    """``records`` written in ``form`` and read back, checked against what the docs allow;
    ``None`` when the writer refuses them, with an error that names the record's place."""
    write, read = FORMS[form]
    try:
        text = write(records)
    except UnwritableError as error:  # at the game (the convert command names it) and, from a file, its line
        assert any(error.game is game for game in records), str(error)
        if error.game.source == "games.txt":  # (see located())
            assert error.source == "games.txt" and error.line % 10 in (1, 2), str(error)
        return None
    try:
        back = read(text)
    except MuehleError as error:
        raise AssertionError(f"{form}: written but not read back: {error}\n{text}") from None
    expected = expected_back(form, records, back)
    assert back == expected, text
    assert [list(game.tags) for game in back] == [list(game.tags) for game in expected], text
    return back


def located(records: list[Game]) -> list[Game]:
    """The records as if read from a file: each game and ply has a place, for errors to name."""
    for index, game in enumerate(records):
        game.source, game.line = "games.txt", 10 * index + 1
        stack = list(game.plies)
        while stack:
            ply = stack.pop()
            ply.line, ply.column = game.line + 1, 4
            stack.extend(p for v in ply.variations for p in v.plies)
    return records


generated = st.one_of(record_lists, readable_record_files, st.lists(
    st.builds(Game, tags=st.dictionaries(tag_names, tag_values, max_size=3), plies=numbered_lines(2),
              result=st.none() | st.sampled_from(RESULTS), comments=comments, final_comments=comments),
    min_size=1, max_size=3)).map(located)

#: (No "explain" phase: it reruns a failing case hundreds of times.)
generated_settings = settings(max_examples=50, derandomize=True,
                              phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink])


@generated_settings
@given(generated)
def test_every_pair_of_forms(records: list[Game]) -> None:
    for first in FORMS:
        back = round_trip(first, copy.deepcopy(records))
        if back is not None:
            for second in FORMS:
                round_trip(second, copy.deepcopy(back))


@st.composite
def unnumbered_lines(draw: st.DrawFn, depth: int, position: int = 0, min_size: int = 0) -> list[Ply]:
    """Plies without move numbers, with the sides the notation counts on from White's first ply
    (``position``: where the first stands in the game), some with a comment (after which a
    Black ply is written with its number)."""
    plies = []
    for index in range(draw(st.integers(min_size, 3))):
        ply = Ply(None, (WHITE, BLACK)[(position + index) % 2], draw(st.sampled_from(POINTS)),
                  captures=draw(st.lists(st.sampled_from(POINTS), max_size=1)),
                  comments=draw(st.lists(st.sampled_from(["c", "a\nb"]), max_size=1)))
        if depth:
            ply.variations = draw(st.lists(st.builds(Variation, unnumbered_lines(depth - 1, position + index, 1)),
                                           max_size=2))
        plies.append(ply)
    return plies


#: A set-up position with White to move, but for its move number (field 17).
_FEN = "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 "
set_ups = st.one_of(st.just({}), st.sampled_from(["3", "12", "0", "\u00b2"]).map(
    lambda number: {"SetUp": "1", "FEN": _FEN + number}))


@generated_settings
@given(st.lists(st.builds(Game, tags=set_ups, plies=unnumbered_lines(2), result=st.none() | st.sampled_from(RESULTS)),
                min_size=1, max_size=3))
def test_pgn_numbers_a_record_without_numbers(records: list[Game]) -> None:
    """Such a record is written as PGN with numbers from 1 (or the FEN's), each variation's from
    the ply it replaces, and read back so numbered (see :func:`pgn_numbered`)."""
    assert round_trip("pgn", records) is not None


@pytest.mark.parametrize("first", list(FORMS))
def test_the_book_game_goes_through_every_pair_of_forms(first: str) -> None:
    """The check above passes a record that a writer refuses; this one must not be refused: the
    shipped book game (tags, comments, annotations, ``17. - a7-a4``, a result) is written and read
    back in every form, and from each into every other."""
    path = ROOT / "examples" / "schuermann-book-game.txt"
    records = list(read_games(path.read_text(encoding="utf-8"), "schuermann-book-game.txt"))
    back = round_trip(first, copy.deepcopy(records))
    assert back is not None and len(back) == 1 and len(back[0].plies) == len(records[0].plies) == 43
    for second in FORMS:
        assert round_trip(second, copy.deepcopy(back)) is not None, second


@pytest.mark.parametrize("write", [write_json, write_yaml], ids=["json", "yaml"])
@pytest.mark.parametrize("game, message", [
    (Game(tags={"": "x"}), "tag name '' cannot be written"),
    (Game(tags={"Event": "a\r\nb"}), "the value of tag Event contains a line break"),
    (Game(comments=["a}\nb"]), "a comment containing both '}' and a line break cannot be written"),
    (Game(plies=[Ply(1, WHITE, "b4", comments=['x\n\n[Event "y"]\nz'])]), "a comment holding a blank line"),
    (Game(plies=[Ply(1, WHITE, "b4", variations=[Variation([])])]), "a variation without plies"),
    (Game(plies=[Ply(-1, WHITE, "b4")]), "move number -1 cannot be written"),
    (Game(tags={"Event": "a\ud800"}), "a text holding a lone surrogate (\\ud800), which is not Unicode text"),
    (Game(plies=[Ply(1, WHITE, "b4", comments=["\udfff"])]), "a text holding a lone surrogate (\\udfff)"),
], ids=["name", "value", "comment", "cut", "variation", "number", "surrogate-tag", "surrogate-comment"])
def test_json_and_yaml_writers_refuse_what_their_readers_refuse(write: Callable[[list[Game]], str], game: Game,
                                                                message: str) -> None:
    # (they wrote it, and the reader refused the text: no form could carry such a record)
    game.source, game.line = "games.txt", 3
    with pytest.raises(UnwritableError, match=re.escape(message)) as raised:
        write([game])
    assert raised.value.game is game
    assert str(raised.value).startswith("games.txt:3:")


SUFFIXES = {"notation": "txt", "pgn": "pgn", "json": "json", "yaml": "yaml"}


def convert(*args: str) -> Result:
    return run("convert", *args)


def all_plies(plies: list[Ply]) -> list[Ply]:
    """The plies of a line and of its variations."""
    return [each for ply in plies for each in [ply] + all_plies([p for v in ply.variations for p in v.plies])]


@settings(max_examples=8, derandomize=True, phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink])
@given(generated)
def test_convert_to_every_form_and_back(records: list[Game]) -> None:
    try:
        start = write_json(records)
    except UnwritableError:
        assume(False)
    with tempfile.TemporaryDirectory() as directory:
        source = Path(directory, "start.json")
        source.write_text(start, encoding="utf-8")
        for form, suffix in SUFFIXES.items():
            written, back = Path(directory, f"out.{suffix}"), Path(directory, f"back-{form}.json")
            result = convert(str(source), "--to", form, "-o", str(written))
            if result.exit_code == 1:  # refused, as the library's writer refuses it
                with pytest.raises(UnwritableError):
                    FORMS[form][0](read_json(start))
                assert result.stderr.startswith(f"{source}"), result.stderr
                assert not written.exists()
                continue
            assert result.exit_code == 0, result.stderr
            result = convert(str(written), "--to", "json", "-o", str(back))
            if result.exit_code == 1 and form in ("notation", "pgn") and "4001 digits" in result.stderr:
                # a number the notation counts on to past 4000 digits, which JSON cannot hold
                numbers = [ply.number or 0 for game in read_notation(written.read_text(encoding="utf-8"))
                           for ply in all_plies(game.plies)]
                assert max(numbers) >= 10**4000, result.stderr
                continue
            assert result.exit_code == 0, result.stderr
            games = read_json(back.read_text(encoding="utf-8"))
            assert games == expected_back(form, records, games), written.read_text(encoding="utf-8")


NINES = 10**4000 - 1  # (the largest move number a record may write: 4000 digits)


@pytest.mark.parametrize("form", ["notation", "pgn"])
def test_a_move_number_counted_past_4000_digits_is_left_for_the_reader_to_count(form: str) -> None:
    # d6 and what follows count on to 10**4000, which no reader reads written out
    game, = read_notation(f"{NINES}... b4 d6 f4 (g4) 1-0\n")
    assert [ply.number for ply in game.plies] == [NINES, 10**4000, 10**4000]
    assert game.plies[2].variations[0].plies[0].number == 10**4000
    text = FORMS[form][0]([game])
    assert str(10**4000) not in text
    assert text.endswith(f"{NINES}... b4\nd6 f4 (g4) 1-0\n")
    back, = read_notation(text)
    assert back.plies == game.plies


@pytest.mark.parametrize("form", ["notation", "pgn"])
@pytest.mark.parametrize("number, message", [
    (-1, "move number -1 cannot be written (a move number is 0 or more)"),
    (10**4000, "move number of 4001 digits is too long (at most 4000)"),
], ids=["negative", "4001-digits"])
def test_a_move_number_no_reader_reads_is_refused(form: str, number: int, message: str) -> None:
    game = located([Game(plies=[Ply(1, WHITE, "b4"), Ply(number, BLACK, "d6")], result="1-0")])[0]
    with pytest.raises(UnwritableError) as raised:
        FORMS[form][0]([game])
    assert raised.value.message == message
    assert (raised.value.line, raised.value.column) == (2, 4)


@pytest.mark.parametrize("plies, message", [
    ([Ply(None, WHITE, "a1"), Ply(None, WHITE, "a4")],
     "a4, White's ply without a number, cannot be written where the notation reads Black's: only a move number "
     "can say whose ply it is"),
    ([Ply(None, WHITE, "a1", comments=["a}b"])], "a comment containing '}' cannot be written as PGN"),
], ids=["side", "comment"])
def test_pgn_refuses_a_record_without_numbers_as_that_record(plies: list[Ply], message: str) -> None:
    # (PGN numbers such a record, as Sanmill does: the error is about the record as given)
    game = Game(plies=plies)
    with pytest.raises(UnwritableError) as raised:
        write_pgn([game])
    assert raised.value.message.startswith(message)
    assert raised.value.game is game


def test_convert_to_pgn_names_the_game_without_numbers_it_refuses(tmp_path: Path) -> None:
    source = tmp_path / "two.json"
    source.write_text(write_json([Game(), Game(plies=[Ply(None, WHITE, "a1", comments=["a}b"])])]),
                      encoding="utf-8")
    result = convert(str(source), "--to", "pgn")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{source}, game 2: error: a comment containing '}}' cannot be written as PGN")


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("game, message", [
    (Game(plies=[Ply(1, WHITE, "z9")]), "'z9' is not a point of the board"),
    (Game(plies=[Ply(1, WHITE, "b4", origin="b1")]), "'b1' is not a point of the board"),
    (Game(plies=[Ply(1, WHITE, "b4", captures=["d6x"])]), "'d6x' is not a point of the board"),
    (Game(plies=[Ply(1, "red", "b4")]), "'red' is not a side (white or black)"),  # type: ignore[arg-type]
    (Game(plies=[Ply(1, WHITE, "b4", annotation="!!!")]), "'!!!' is not an annotation (!, ?, !!, ??, !?, ?!)"),
    (Game(plies=[Ply(1, WHITE, "b4", nags=[0])]), "NAG 0 is out of range ($1 to $255)"),
    (Game(plies=[Ply(1, WHITE, "b4", nags=[256])]), "NAG 256 is out of range ($1 to $255)"),
], ids=["point", "origin", "capture", "side", "annotation", "nag-0", "nag-256"])
def test_a_value_no_reader_reads_is_refused_at_its_ply(form: str, game: Game, message: str) -> None:
    # (every writer wrote it as it was, and its reader refused the text)
    game = located([game])[0]
    with pytest.raises(UnwritableError) as raised:
        FORMS[form][0]([game])
    assert raised.value.message == message
    assert (raised.value.line, raised.value.column, raised.value.game) == (2, 4, game)


@pytest.mark.parametrize("form", ["notation", "json", "yaml"])
def test_a_result_no_reader_reads_is_refused(form: str) -> None:
    game = located([Game(plies=[Ply(1, WHITE, "b4")], result="2-0")])[0]
    with pytest.raises(UnwritableError) as raised:
        FORMS[form][0]([game])
    assert raised.value.message == "'2-0' is not a result (1-0, 0-1, 1/2-1/2, *)"
    assert raised.value.line == 1
