"""Reading files and multi-game texts: splitting into games, resynchronising after
errors, encodings and line ends, streaming, and the shipped examples."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

from muehle.notation import MuehleError, read_file, read_games
from muehle.notation.reading import parser
from muehle.notation.reading.splitter import Chunk
from tests.conftest import EXAMPLES, SEEDS

# -- splitting a text into games (as PGN) -----------------------------------------

def labels(game) -> list[str]:
    return [ply.label() for ply in game.plies]


def test_a_result_ends_a_game_and_what_follows_is_a_new_game() -> None:
    games = list(read_games("1. b4 d6 1-0 1. d2 d6 0-1\n1. f4 *"))
    assert [(labels(g), g.result) for g in games] == [
        (["1. b4", "1... d6"], "1-0"), (["1. d2", "1... d6"], "0-1"), (["1. f4"], "*")]


def test_a_tag_section_after_moves_starts_a_new_game() -> None:
    games = list(read_games('[Event "A"]\n1. b4\n\n[Event "B"]\n[Round "2"]\n1. d2\n[Event "C"]'))
    assert [(g.tags, labels(g)) for g in games] == [
        ({"Event": "A"}, ["1. b4"]), ({"Event": "B", "Round": "2"}, ["1. d2"]), ({"Event": "C"}, [])]
    assert [g.line for g in games] == [1, 4, 7]


def test_blank_lines_alone_do_not_split() -> None:
    games = list(read_games("1. b4 d6\n\n\n2. f4 f2\n\n3. d2"))
    assert len(games) == 1
    assert labels(games[0])[-1] == "3. d2"


def test_a_bare_move_list_is_one_game() -> None:
    assert [labels(g) for g in read_games("b4 d6 f4")] == [["b4", "d6", "f4"]]


def test_empty_text_has_no_games() -> None:
    assert list(read_games("")) == []
    assert list(read_games("\n  \n\t\n")) == []


def test_comments_after_a_result_stay_with_the_game_until_a_blank_line() -> None:
    games = list(read_games("1. b4 1-0 {gewonnen}\n{wirklich}\n\n{Partie 2} 1. d2 *"))
    assert games[0].final_comments == ["gewonnen", "wirklich"]
    assert games[1].comments == ["Partie 2"]
    assert labels(games[1]) == ["1. d2"]


def test_comments_at_the_end_of_the_text_join_the_last_game() -> None:
    games = list(read_games("1. b4 1-0\n\n1. d2 0-1\n\n{Ende der Datei}\n"))
    assert len(games) == 2
    assert games[1].final_comments == ["Ende der Datei"]


def test_comments_before_a_tag_section_belong_to_that_game() -> None:
    games = list(read_games('1. b4 1-0\n\n{zweite Partie}\n[Event "B"]\n1. d2'))
    assert games[1].comments == ["zweite Partie"]
    assert games[1].tags == {"Event": "B"}


def test_brackets_and_results_inside_comments_and_tags_do_not_split() -> None:
    text = '[Result "1-0"]\n[Note "*"]\n1. b4 {1-0 [Event "x"] *} ; 0-1\nd6 1-0'
    games = list(read_games(text))
    assert len(games) == 1
    assert labels(games[0]) == ["1. b4", "1... d6"]


def test_a_never_closed_comment_does_not_swallow_the_next_tagged_game() -> None:
    text = '[Event "A"]\n1. b4 {offen\nd6\n\n[Event "B"]\n1. d2 *'
    games = list(read_games(text))
    assert [g.tags["Event"] for g in games] == ["A", "B"]
    error = games[0].errors[0]
    assert (error.line, error.column) == (2, 7)
    assert error.message == "unterminated comment: this '{' is never closed by '}'"
    assert labels(games[0]) == ["1. b4"]
    assert (labels(games[1]), games[1].errors) == (["1. d2"], [])


def test_an_error_in_the_middle_game_leaves_the_others_intact() -> None:
    text = '[Event "1"]\n1. b4 d6 1-0\n\n[Event "2"]\n1. d2 b1 2. f4 0-1\n\n[Event "3"]\n1. f4 *\n'
    games = list(read_games(text, source="drei.txt"))
    assert [g.tags["Event"] for g in games] == ["1", "2", "3"]
    assert [len(g.errors) for g in games] == [0, 1, 0]
    assert str(games[1].errors[0]).startswith("drei.txt:5:7: error: b1 is not a point of the board")
    assert labels(games[1]) == ["1. d2"]
    assert (labels(games[2]), games[2].result) == (["1. f4"], "*")


def test_an_error_before_a_result_resynchronises_after_the_result() -> None:
    games = list(read_games("1. b4 h9 1-0 1. d2 0-1"))
    assert [len(g.errors) for g in games] == [1, 0]
    assert (labels(games[1]), games[1].result) == (["1. d2"], "0-1")


def test_a_broken_tag_does_not_stop_the_next_game() -> None:
    games = list(read_games('[Event "offen]\n1. b4 *\n[Event "B"]\n1. d2 *'))
    assert games[0].errors[0].message == "unterminated string: the value of tag Event has no closing '\"'"
    assert (games[1].tags, games[1].errors) == ({"Event": "B"}, [])


# -- line ends, byte order mark, upper case ---------------------------------------

def test_crlf_and_bom_in_a_text() -> None:
    games = list(read_games('\ufeff[Event "E"]\r\n\r\n1. b4 d6\r\n2. f4 *\r\n'))
    assert games[0].tags == {"Event": "E"}
    assert [(p.line, p.column) for p in games[0].plies] == [(3, 4), (3, 7), (4, 4)]


@pytest.mark.parametrize("reader", ["text", "file"])
def test_a_cr_alone_ends_a_line_and_a_semicolon_comment(tmp_path: Path, reader: str) -> None:
    # line ends of the old Mac OS: without them the ';' comment would swallow the rest of the game
    text = '[Event "E"]\r\r1. b4 ; Setzphase\rd6 2. f4 *\r'
    path = tmp_path / "cr.txt"
    path.write_bytes(text.encode("utf-8"))
    (game,) = read_games(text) if reader == "text" else read_file(path)
    assert (game.tags, labels(game), game.result) == ({"Event": "E"}, ["1. b4", "1... d6", "2. f4"], "*")
    assert game.errors == []
    assert game.plies[0].comments == ["Setzphase"]
    assert [(p.line, p.column) for p in game.plies] == [(3, 4), (4, 1), (4, 7)]


@pytest.mark.parametrize("encoded", [
    b'[Event "\xc3\x9c"]\n1. b4 *\n',
    b'\xef\xbb\xbf[Event "\xc3\x9c"]\n1. b4 *\n',
    b'[Event "\xc3\x9c"]\r\n1. b4 *\r\n',
    b'\xef\xbb\xbf[Event "\xc3\x9c"]\r\n1. b4 *',
    b'[Event "\xc3\x9c"]\r1. b4 *\r',
], ids=["lf", "bom-lf", "crlf", "bom-crlf-no-final-newline", "cr"])
def test_read_file_encodings(tmp_path: Path, encoded: bytes) -> None:
    path = tmp_path / "partie.txt"
    path.write_bytes(encoded)
    (game,) = read_file(path)
    assert (game.tags, labels(game), game.result, game.errors) == ({"Event": "Ü"}, ["1. b4"], "*", [])
    assert (game.source, game.plies[0].line, game.plies[0].column) == (str(path), 2, 4)


def test_read_file_source_name(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text("1. b1", encoding="utf-8")
    (game,) = read_file(path, source="anders.txt")
    assert game.source == "anders.txt"
    assert game.errors[0].source == "anders.txt"


def test_read_file_that_does_not_exist(tmp_path: Path) -> None:
    with pytest.raises(MuehleError) as error:
        list(read_file(tmp_path / "fehlt.txt"))
    assert error.value.code == "io"
    assert "cannot read" in error.value.message


def test_read_file_reads_game_by_game(tmp_path: Path) -> None:
    """The games are returned before the rest of the file is read: a byte that is not
    UTF-8 in the moves of the third game is reported only when the reading gets
    there (a game is complete when the next one starts)."""
    path = tmp_path / "lang.txt"
    path.write_bytes(b'[Event "A"]\n1. b4 1-0\n\n[Event "B"]\n1. d2 0-1\n\n[Event "C"]\n1. f4 \xff *\n')
    games = read_file(path)
    assert next(games).tags == {"Event": "A"}
    assert next(games).tags == {"Event": "B"}
    with pytest.raises(MuehleError) as error:
        next(games)
    assert (error.value.code, error.value.line, error.value.column) == ("io", 8, 7)
    assert error.value.message == "not UTF-8 text (byte 0xff)"


def test_a_clean_file_read_after_one_with_a_bad_byte_is_not_searched_for_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Read leniently, the game that holds the byte 0xff (line 2, column 7) gets that error and
    the next game is read; a clean file read after that is read by the fast reader, and no
    line of its game is looked at for a byte that is not UTF-8 (whatever was read before)."""
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b'[Event "A"]\n1. b4 \xff *\n\n[Event "B"]\n1. d2 *\n')
    assert [(g.tags, [(e.line, e.column, e.message) for e in g.errors]) for g in read_file(bad, lenient=True)] == [
        ({"Event": "A"}, [(2, 7, "not UTF-8 text (byte 0xff)")]), ({"Event": "B"}, [])]

    asked: list[str] = []

    class Spy(str):
        """A line that notes when its class is asked for."""

        @property  # type: ignore[misc]
        def __class__(self) -> type:  # type: ignore[override]
            asked.append(str.__str__(self))
            return str

    split_lines = parser.split_lines

    def spied(*args: object) -> Iterator[Chunk]:
        for chunk in split_lines(*args):  # type: ignore[arg-type]
            chunk.lines[:] = [Spy(line) for line in chunk.lines]
            yield chunk

    reader = parser._PARSERS.get_fast()
    read, fast_reads = reader.read, []
    monkeypatch.setattr(reader, "read", lambda chunk, source, *builder: fast_reads.append(chunk) or read(chunk, source,
                                                                                                        *builder))
    monkeypatch.setattr(parser, "split_lines", spied)
    clean = tmp_path / "clean.txt"
    clean.write_text('[Event "C"]\n1. f4 d6 *\n', encoding="utf-8")
    (game,) = read_file(clean, lenient=True)
    assert (labels(game), game.errors, len(fast_reads)) == (["1. f4", "1... d6"], [], 1)
    assert asked == []


def test_dash_is_an_ordinary_file_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("-").write_text("1. b4 *", encoding="utf-8")
    assert [labels(g) for g in read_file("-")] == [["1. b4"]]


def test_many_games_in_one_file(tmp_path: Path) -> None:
    path = tmp_path / "viele.txt"
    path.write_text("".join(f'[Round "{n}"]\n1. b4 d6 2. f4 1-0\n\n' for n in range(1, 501)),
                    encoding="utf-8")
    games = list(read_file(path))
    assert [g.tags["Round"] for g in games] == [str(n) for n in range(1, 501)]
    assert all(len(g.plies) == 3 and not g.errors for g in games)
    assert games[-1].line == 3 * 499 + 1


# -- the shipped examples ---------------------------------------------------------

SEED_PLIES = ["1. b4", "17. - a7-a4", "18. d2-b2/xa4", "21. - d1-g4"]


def test_seed_section_10_has_the_four_example_plies() -> None:
    seed = SEEDS / "002_b16d09fd9330a6e6.txt"
    if not seed.exists():
        pytest.skip("the rules texts (shared/seeds) are not beside this checkout")
    text = seed.read_text(encoding="utf-8")
    assert all(ply in text for ply in SEED_PLIES)


def test_book_game_example() -> None:
    path = EXAMPLES / "schuermann-book-game.txt"
    text = path.read_text(encoding="utf-8")
    assert all(ply in text for ply in SEED_PLIES)
    (game,) = read_file(path)
    assert game.errors == []
    assert game.result == game.tags["Result"] == "1-0"
    by_label = {(p.number, p.side): p for p in game.plies}
    assert by_label[1, "white"].target == "b4"
    assert (by_label[17, "black"].origin, by_label[17, "black"].target) == ("a7", "a4")
    assert by_label[17, "black"].annotation == "?"
    eighteen = by_label[18, "white"]
    assert (eighteen.origin, eighteen.target, eighteen.captures, eighteen.annotation) == (
        "d2", "b2", ["a4"], "!")
    assert (by_label[21, "black"].origin, by_label[21, "black"].target) == ("d1", "g4")
    assert len(game.plies) == 22 + 21
    # plies 1-9 of each side are placements, all later ones moves
    assert all(p.is_placement == (p.number <= 9) for p in game.plies)


def test_multi_game_example() -> None:
    games = list(read_file(EXAMPLES / "multi-game.txt"))
    assert len(games) == 3
    assert all(g.errors == [] for g in games)
    assert [g.result for g in games] == ["1/2-1/2", "*", "*"]
    assert [g.tags["Result"] for g in games] == ["1/2-1/2", "*", "*"]
    first, second, third = games
    assert first.tags["Black"] == 'Beat "Bäru" Keller'
    # a nested variation on White's third ply
    outer = first.plies[4].variations[0]
    assert [p.label() for p in outer.plies] == ["3. f6", "3... f2", "4. b6"]
    assert [p.label() for p in outer.plies[1].variations[0].plies] == ["3... b6", "4. f2/xb4"]
    assert first.plies[-2].draw_offer and first.plies[-2].comments == ["Weiß bietet Remis an."]
    assert first.plies[18].annotation == "!" and first.plies[18].nags == [14]
    # "17... x" in the main line, "17. ... x" in its variation
    seventeen = next(p for p in second.plies if (p.number, p.side) == (17, "black"))
    assert (seventeen.move_text, seventeen.nags) == ("a7-a4", [4])
    assert seventeen.variations[0].plies[0].label() == "17... f4-f6"
    assert second.plies[-1].move_text == "d2-b2/xa4"
    # upper-case coordinates
    assert [p.move_text for p in third.plies[:4]] == ["d2", "d6", "f4", "b4"]
    assert third.plies[7].comments == ["Koordinaten in Großbuchstaben"]


def test_syntax_errors_example() -> None:
    games = list(read_file(EXAMPLES / "syntax-errors.txt", source="syntax-errors.txt"))
    found = [(g.errors[0].line, g.errors[0].column, g.errors[0].message) if g.errors else None
             for g in games]
    assert found == [
        None,
        (12, 13, "b1 is not a point of the board"),
        (17, 24, "d2- needs a target point after '-'"),
        (22, 34, "a capture mark needs a point: 'x' must be followed by the captured point, "
                 "as in d2-b2/xa4 or d6-d5xc3"),
        (27, 28, "move number 2 goes back: after 3... the next move is 4."),
        (29, 8, "unterminated string: the value of tag Event has no closing '\"'"),
        None,
    ]
    assert [g.tags.get("Event") for g in games] == [
        "gültig", "kein Punkt des Bretts", "Zug ohne Ziel", "Schlagzeichen ohne Punkt",
        "Zugnummer rückwärts", None, "wieder gültig"]
    assert (labels(games[-1]), games[-1].result) == (["1. d2", "1... d6", "2. f4", "2... b4"], "1/2-1/2")


def test_sanmill_export_example() -> None:
    (game,) = read_file(EXAMPLES / "sanmill-export.pgn")
    assert game.errors == []
    assert game.tags["Variant"] == "Nine Men's Morris"
    assert game.result == "0-1"
    # PlyCount counts every ply and every capture (README of the reference formats)
    assert len(game.plies) + sum(len(p.captures) for p in game.plies) == int(game.tags["PlyCount"]) == 47
    assert labels(game)[-2:] == ["20. f6-f4", "20... d2-d3/xg1"]


def test_threads_parse_at_the_same_time() -> None:
    """Each thread has its own parser state, so games read in parallel do not mix."""
    from concurrent.futures import ThreadPoolExecutor

    texts = [f'[Round "{n}"]\n' + " ".join(f"{m}. b4 d6" for m in range(1, 60)) + " 1-0"
             for n in range(40)]
    with ThreadPoolExecutor(max_workers=4) as pool:
        games = list(pool.map(lambda text: next(read_games(text)), texts))
    assert [g.tags["Round"] for g in games] == [str(n) for n in range(40)]
    assert all(len(g.plies) == 118 and not g.errors for g in games)
