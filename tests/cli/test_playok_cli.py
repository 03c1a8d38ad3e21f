"""PlayOK's records on the command line: read wherever records are read, written by ``convert --to playok``."""

from __future__ import annotations

import json
import os
import re
import threading
from pathlib import Path

import pytest

from muehle.analyzer.cli.convert import WRITERS
from muehle.notation.formats.jsonrecord import read_json
from muehle.notation.formats.playok import read_playok
from muehle.notation.reading.parser import read_games
from muehle.notation.writing.playok_writer import write_playok
from playok_records import BOOK, EXPORT, TAGS
from runner import run

#: The first game of the export in the book's notation, with the same tags.
BOOK_GAME = "".join(f'[{name} "{value}"]\n' for name, value in TAGS.items()) + "\n" + BOOK

#: A game that breaks a rule, both ways: 4. a7/xb6 closes no mill. The ply 1x4 stands at line 3,
#: column 29 of the PlayOK text, a7/xb6 at line 1, column 31 of the notation.
ILLEGAL_PLAYOK = '[Site "PlayOK"]\n\n1. 5 17 2. 10 11 3. 13 4 4. 1x4 *\n'
ILLEGAL_BOOK = "1. d6 d3 2. a4 b4 3. e4 b6 4. a7/xb6 *\n"


def write(path: Path, text: str, newline: str = "") -> str:
    with open(path, "w", encoding="utf-8", newline=newline) as handle:
        handle.write(text)
    return str(path)


def without_sources(text: str, *paths: str) -> str:
    for path in paths:
        text = text.replace(path, "FILE")
    return text


def test_playok_is_an_output_format() -> None:
    assert WRITERS["playok"] is write_playok


@pytest.mark.parametrize("suffix", [".txt", ".pgn"])
def test_convert_detects_a_playok_file_by_its_plies(tmp_path: Path, suffix: str) -> None:
    playok = write(tmp_path / f"export{suffix}", EXPORT)
    result = run("convert", playok, "--to", "notation")
    assert result.exit_code == 0, result.output
    first = next(iter(read_games(result.stdout)))
    assert first == next(iter(read_games(BOOK_GAME)))


def test_convert_detects_playok_on_standard_input() -> None:
    result = run("convert", "-", "--to", "json", input=EXPORT)
    assert result.exit_code == 0, result.output
    assert read_json(result.stdout, "x.json")[1].plies[2].move_text == "d6"


def test_the_book_game_is_written_as_playok_writes_it(tmp_path: Path) -> None:
    book = write(tmp_path / "book.txt", BOOK_GAME)
    result = run("convert", book, "--to", "playok")
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "".join(f'[{name} "{value}"]\n' for name, value in TAGS.items()) + "\n"
        "1. 20 5 2. 14 21 3. 11 17 4. 6 13 5. 15 10 6. 12 7 7. 2 9 8. 8 18x8 9. 8 16x20\n"
        "10. 11-19 17-20 11. 15-24 18-17 12. 14-15 17-18x15 13. 6-14 18-17 14. 2-3\n"
        "13-18x14 15. 3-15 18-13 16. 15-3 13-18x8 17. 3-15 18-13 18. 15-14 17-18x12\n"
        "19. 14-6 7-12 20. 6-14 20-17x24 0-1\n")


@pytest.mark.parametrize("middle", ["json", "yaml", "notation", "pgn"])
def test_playok_through_another_format_and_back_keeps_plies_tags_and_results(tmp_path: Path, middle: str) -> None:
    playok = write(tmp_path / "export.txt", EXPORT)
    suffix = {"json": ".json", "yaml": ".yaml"}.get(middle, ".txt")
    converted = tmp_path / f"converted{suffix}"
    assert run("convert", playok, "--to", middle, "-o", str(converted)).exit_code == 0
    back = run("convert", str(converted), "--to", "playok")
    assert back.exit_code == 0, back.output
    before, after = read_playok(EXPORT), read_playok(back.stdout)
    assert [game.plies for game in after] == [game.plies for game in before]
    assert [game.declared_result for game in after] == ["0-1", "1/2-1/2"]
    for read_back, read in zip(after, before):  # (PGN adds the tags of its roster, Variant and PlyCount)
        assert {name: value for name, value in read_back.tags.items() if name in read.tags} == read.tags
        assert set(read_back.tags) - set(read.tags) <= ({"Round", "Variant", "PlyCount"} if middle == "pgn" else set())


def test_playok_written_and_read_again_is_the_same_record() -> None:
    games = read_playok(EXPORT)
    assert read_playok(write_playok(games)) == games


def test_a_record_playok_cannot_carry_is_refused(tmp_path: Path) -> None:
    book = write(tmp_path / "book.txt", "1. d2 d6 2. f4 (2. f2 b4) b4 *\n")
    result = run("convert", book, "--to", "playok")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{book}:1:13: error: 2. f4 has variations, which PlayOK's records cannot "
                                    "carry (write notation, PGN, JSON or YAML to keep them)")
    assert "Traceback" not in result.output


def test_a_movetext_result_against_the_result_tag_is_refused(tmp_path: Path) -> None:
    book = write(tmp_path / "book.txt", '[Result "1-0"]\n\n1. d2 0-1\n')
    result = run("convert", book, "--to", "playok")
    assert result.exit_code == 1
    assert "the movetext ends with 0-1, but the Result tag says 1-0: a PlayOK record gives one result" in result.stderr


@pytest.mark.parametrize("command", [["validate"], ["analyze"], ["show"], ["show", "--fen"],
                                     ["analyze", "--format", "json"], ["validate", "--format", "json"],
                                     ["validate", "--jobs", "2"]])
def test_a_playok_file_gets_the_same_verdict_as_the_game_in_the_books_notation(tmp_path: Path,
                                                                                command: list[str]) -> None:
    playok = write(tmp_path / "game.txt", EXPORT.split("\r\n\r\n[Event")[0] + "\r\n")
    book = write(tmp_path / "book.txt", BOOK_GAME)
    from_playok, from_book = run(*command, playok), run(*command, book)
    assert from_playok.exit_code == from_book.exit_code == 0
    assert without_sources(from_playok.output, playok) == without_sources(from_book.output, book)


def test_an_illegal_playok_game_gets_the_same_verdict_at_its_own_place(tmp_path: Path) -> None:
    playok = write(tmp_path / "game.txt", ILLEGAL_PLAYOK)
    book = write(tmp_path / "book.txt", ILLEGAL_BOOK)
    from_playok, from_book = run("validate", playok), run("validate", book)
    assert from_playok.exit_code == from_book.exit_code == 1
    assert from_playok.output.startswith(f"{playok}:3:29: error: game 1: 4. a7/xb6: no mill is closed")
    assert from_book.output.startswith(f"{book}:1:31: error: game 1: 4. a7/xb6: no mill is closed")
    # each shows its own line under the error, the caret at the ply ("1x4" in column 29, "a7/xb6" in 31)
    assert from_playok.output.splitlines()[1:3] == ["    1. 5 17 2. 10 11 3. 13 4 4. 1x4 *", " " * 32 + "^"]
    assert from_book.output.splitlines()[1:3] == ["    1. d6 d3 2. a4 b4 3. e4 b6 4. a7/xb6 *", " " * 34 + "^"]
    strip = re.compile(r"^\S+:\d+:\d+: ", re.MULTILINE)
    own_lines = re.compile(r"^    .*\n", re.MULTILINE)
    assert strip.sub("", own_lines.sub("", from_playok.output)) == strip.sub("", own_lines.sub("", from_book.output))


def test_standard_input_is_detected_by_validate_too() -> None:
    result = run("validate", "-", input=EXPORT)
    assert result.exit_code == 0, result.output
    assert result.output.strip().splitlines()[-1] == "2 games, 2 valid, 0 invalid"


@pytest.mark.parametrize("command", [["validate"], ["convert", "--to", "json"], ["analyze"], ["show"]])
def test_a_bad_playok_file_gets_a_located_error_and_exit_code_1(tmp_path: Path, command: list[str]) -> None:
    bad = write(tmp_path / "bad.txt", '[Site "PlayOK"]\n\n1. 5 17 2. 10 27 *\n')
    result = run(*command, bad)
    assert result.exit_code == 1
    named = "game 1: " if command == ["validate"] else ""  # (validate's lines name the game)
    assert (f"{bad}:3:15: error: {named}27 is not a point: this text is read in PlayOK's numbered points (1 to 24, "
            "row by row from the top)") in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(("text", "place", "message"), [
    ('[Event "a"]\n\n1. 5 17 *\n\n[Event "b"]\n\n1. d2 d6 *\n', "7:4",
     "d2 is in the book's notation, but this text is read in PlayOK's numbered points"),
    ('[Event "a"]\n\n1. d2 d6 *\n\n[Event "b"]\n\n1. 5 17 *\n', "7:4",
     "5 looks like a ply in PlayOK's numbered points (1 to 24, row by row from the top), but this text is "
     "read in the book's notation: a text is written in one or the other (here: d6)"),
])
@pytest.mark.parametrize("command", [["validate"], ["convert", "--to", "json"]])
def test_a_text_that_mixes_both_is_refused_clearly(tmp_path: Path, text: str, place: str, message: str,
                                                   command: list[str]) -> None:
    mixed = write(tmp_path / "mixed.txt", text)
    result = run(*command, mixed)
    assert result.exit_code == 1
    named = "game 2: " if command == ["validate"] else ""  # (validate's lines name the game: the second)
    assert f"{mixed}:{place}: error: {named}{message}" in result.output


def test_validate_json_reports_a_playok_file_as_it_reports_notation(tmp_path: Path) -> None:
    playok = write(tmp_path / "game.txt", ILLEGAL_PLAYOK)
    (report,) = json.loads(run("validate", "--format", "json", playok).stdout)
    assert report["valid"] is False


@pytest.mark.parametrize("command", [["validate"], ["convert", "--to", "notation"], ["show", "--fen"]])
def test_a_playok_file_with_a_byte_order_mark_is_detected(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + ILLEGAL_PLAYOK.replace("1x4 *", "1 *").encode("utf-8"))
    result = run(*command, str(path))
    assert result.exit_code == 0, result.output


def test_validate_tells_playok_by_the_start_of_a_long_file(tmp_path: Path) -> None:
    games = EXPORT.replace("\r\n", "\n") * 400  # (well beyond the 64 KiB validate looks at)
    path = write(tmp_path / "long.txt", games)
    assert len(games.encode()) > 1 << 16
    result = run("validate", path)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "800 games, 800 valid, 0 invalid"


def test_a_claim_on_a_playok_game_is_judged_as_on_the_book_game(tmp_path: Path) -> None:
    playok = write(tmp_path / "game.txt", EXPORT.split("\r\n\r\n[Event")[0] + "\r\n")
    book = write(tmp_path / "book.txt", BOOK_GAME)
    claim = ["claim", "--ply", "15", "--by", "white", "--rule", "no-capture"]
    from_playok, from_book = run(*claim[:1], playok, *claim[1:]), run(*claim[:1], book, *claim[1:])
    assert from_playok.exit_code == from_book.exit_code == 1  # (15 plies without a capture: far from the limit)
    assert "invalid" in from_book.output
    assert without_sources(from_playok.output, playok) == without_sources(from_book.output, book)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize(("text", "last"), [(EXPORT, "2 games, 2 valid, 0 invalid"),
                                            (BOOK_GAME + "\n" + ILLEGAL_BOOK, "2 games, 1 valid, 1 invalid")])
def test_validate_reads_a_pipe_once_and_tells_playok_by_its_start(tmp_path: Path, text: str, last: str) -> None:
    fifo = tmp_path / "games.fifo"
    os.mkfifo(fifo)
    writer = threading.Thread(target=fifo.write_text, args=(text,), kwargs={"encoding": "utf-8"}, daemon=True)
    writer.start()
    try:
        result = run("validate", str(fifo))
    finally:
        writer.join(timeout=60)
    assert result.output.splitlines()[-1] == last
