"""``muehle convert``: formats, inputs, atomic output, and every way it can fail."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from muehle.analyzer.cli.convert import WRITERS
from muehle.analyzer.engine.rules import preset_names
from muehle.notation.reading.parser import read_file, read_games
from paths import ROOT
from runner import run

#: The presets as messages list them.
PRESETS = ", ".join(preset_names())

GAME = '[Event "Vereinsturnier"]\n\n1. b4 d6 2. d2-b2/xa4! { strong } 1-0\n'
GAME_JSON = {
    "format": "muehle-record",
    "version": 1,
    "games": [{
        "tags": {"Event": "Vereinsturnier"},
        "plies": [
            {"number": 1, "side": "white", "to": "b4"},
            {"number": 1, "side": "black", "to": "d6"},
            {"number": 2, "side": "white", "from": "d2", "to": "b2", "captures": ["a4"],
             "annotation": "!", "comments": ["strong"]},
        ],
        "result": "1-0",
    }],
}


def write(path: Path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_the_writer_table_names_the_four_formats() -> None:
    assert set(WRITERS) >= {"notation", "json", "yaml", "pgn"}


def test_json_to_notation_gives_the_canonical_text(tmp_path: Path) -> None:
    source = write(tmp_path / "game.json", json.dumps(GAME_JSON))
    result = run("convert", source, "--to", "notation")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == GAME


def test_notation_to_json_to_notation_reproduces_the_record(tmp_path: Path) -> None:
    source = write(tmp_path / "game.txt", GAME)
    as_json = tmp_path / "game.json"
    assert run("convert", source, "--to", "json", "-o", str(as_json)).exit_code == 0
    data = json.loads(as_json.read_text(encoding="utf-8"))
    for ply in data["games"][0]["plies"]:  # the source positions of the plies are kept
        assert (ply.pop("line"), ply.pop("column")) in {(3, 4), (3, 7), (3, 13)}
    assert data == GAME_JSON
    back = run("convert", str(as_json), "--to", "notation")
    assert back.exit_code == 0 and back.stdout == GAME


def test_yaml_round_trip_through_files(tmp_path: Path) -> None:
    source = write(tmp_path / "game.txt", GAME)
    as_yaml = tmp_path / "game.yml"
    assert run("convert", source, "--to", "yaml", "-o", str(as_yaml)).exit_code == 0
    assert as_yaml.read_text(encoding="utf-8").startswith("format: muehle-record\n")
    back = run("convert", str(as_yaml), "--to", "notation")
    assert back.exit_code == 0 and back.stdout == GAME


def test_pgn_output_uses_sanmills_tags_and_glued_captures(tmp_path: Path) -> None:
    result = run("convert", write(tmp_path / "game.txt", GAME), "--to", "pgn")
    assert result.exit_code == 0
    assert result.stdout_bytes.startswith(b'[Event "Vereinsturnier"]\r\n[Site "?"]\r\n')
    assert b'[Result "1-0"]\r\n[Variant "Nine Men\'s Morris"]\r\n[PlyCount "4"]\r\n\r\n' in result.stdout_bytes
    assert result.stdout_bytes.endswith(b"\r\n\r\n1. b4 d6 2. d2-b2xa4! { strong } 1-0\n")


def test_the_book_game_converts_to_the_books_own_numbering_and_back() -> None:
    # examples/schuermann-book-game.txt writes "17. - a7-a4?" after a comment on 17. g7-g4, as the book
    # does; "21. - d1-g4" follows "21. b2-d2" directly, so it is Black's reply without a number.
    book = str(ROOT / "examples" / "schuermann-book-game.txt")
    result = run("convert", book, "--to", "notation", "--black-number", "book")
    assert result.exit_code == 0, result.stderr
    assert "{ Schwarz hat kaum noch Züge. } 17. - a7-a4? 18. d2-b2/xa4!" in result.stdout
    assert "21. b2-d2 d1-g4" in result.stdout and "..." not in result.stdout
    dots = run("convert", book, "--to", "notation", "--black-number", "dots")
    assert dots.stdout == run("convert", book, "--to", "notation").stdout == result.stdout.replace("17. - ", "17... ")
    (back,) = read_games(result.stdout)
    assert back == next(read_file(book))
    assert (back.plies[33].number, back.plies[33].side, back.plies[33].move_text) == (17, "black", "a7-a4")


@pytest.mark.parametrize(
    "stdin",
    [
        pytest.param(GAME, id="notation"),
        pytest.param("  \n" + json.dumps(GAME_JSON), id="json"),
        pytest.param("# a record\nformat: muehle-record\nversion: 1\ngames:\n"
                     "- tags: {Event: Vereinsturnier}\n  plies:\n"
                     "  - {number: 1, side: white, to: b4}\n  - {number: 1, side: black, to: d6}\n"
                     "  - {number: 2, side: white, from: d2, to: b2, captures: [a4], annotation: '!',"
                     " comments: [strong]}\n  result: 1-0\n", id="yaml"),
    ],
)
def test_standard_input_is_detected_by_content(stdin: str) -> None:
    result = run("convert", "-", "--to", "notation", input=stdin.encode("utf-8"))
    assert result.exit_code == 0, result.stderr
    assert result.stdout == GAME


def test_a_bom_and_crlf_input_reads_like_plain_utf8(tmp_path: Path) -> None:
    source = tmp_path / "game.txt"
    source.write_bytes(b"\xef\xbb\xbf" + GAME.replace("\n", "\r\n").encode("utf-8"))
    result = run("convert", str(source), "--to", "notation")
    assert result.exit_code == 0 and result.stdout == GAME


def test_several_files_are_concatenated_in_order(tmp_path: Path) -> None:
    first = write(tmp_path / "a.txt", "1. b4 1-0\n")
    second = write(tmp_path / "b.json", json.dumps(GAME_JSON))
    third = write(tmp_path / "c.txt", "1. d2 0-1\n")
    result = run("convert", first, second, third, "--to", "notation")
    assert result.exit_code == 0
    assert result.stdout == "1. b4 1-0\n\n" + GAME + "\n1. d2 0-1\n"


def test_output_file_is_written_and_nothing_goes_to_stdout(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    out.write_text("old", encoding="utf-8")
    result = run("convert", write(tmp_path / "game.json", json.dumps(GAME_JSON)), "--to", "notation", "-o", str(out))
    assert result.exit_code == 0 and result.stdout == ""
    assert out.read_text(encoding="utf-8") == GAME
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "out.txt"]


def test_refuses_to_write_over_an_input(tmp_path: Path) -> None:
    source = write(tmp_path / "game.txt", GAME)
    result = run("convert", source, "--to", "notation", "-o", str(tmp_path / "." / "game.txt"))
    assert result.exit_code == 1
    assert "refusing to write over the input file" in result.stderr
    assert Path(source).read_text(encoding="utf-8") == GAME


def test_syntax_errors_of_all_games_are_reported_and_nothing_is_written(tmp_path: Path) -> None:
    text = "1. b4 d6 1-0\n\n1. b4 b1 0-1\n\n[Event \"x\"]\n1. d2- *\n"
    source = write(tmp_path / "games.txt", text)
    out = tmp_path / "out.json"
    result = run("convert", source, "--to", "json", "-o", str(out))
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith(
        f"{source}:3:7: error: b1 is not a point of the board\n"
        "    1. b4 b1 0-1\n"
        "          ^\n"
    )
    assert f"{source}:6:" in result.stderr and "d2-" in result.stderr
    assert not out.exists()
    assert "Traceback" not in result.stderr


def test_errors_of_every_input_are_reported_whatever_its_form(tmp_path: Path) -> None:
    """A bad notation file, a JSON record off its layout, a missing file and another bad
    notation file: four errors, in the order of the inputs, and nothing written."""
    first = write(tmp_path / "a.txt", "1. b1 d6 *\n")
    record = write(tmp_path / "b.json", '{"format": "muehle-record", "version": 1, "games": [{"tags": {"Event": 3}}]}')
    missing = str(tmp_path / "missing.txt")
    last = write(tmp_path / "d.txt", "1. d2 d6 2. h1 *\n")
    out = tmp_path / "out.json"
    result = run("convert", first, record, missing, last, "--to", "json", "-o", str(out))
    assert result.exit_code == 1 and not out.exists()
    located = [line for line in result.stderr.splitlines() if not line.startswith(" ")]
    assert located == [
        f"{first}:1:4: error: b1 is not a point of the board",
        f"{record}: error: games[0].tags.Event: expected a string, got an integer",
        f"{missing}: error: cannot read {missing}: No such file or directory",
        f"{last}:1:13: error: h1 is not a point of the board",
    ]


def test_a_sanmill_save_keeps_the_result_of_its_tag(tmp_path: Path) -> None:
    """Sanmill ends every movetext with '*' and keeps the result in the Result tag: the
    result is the tag's, in PGN's tag and termination marker and in the notation."""
    source = write(tmp_path / "save.pgn", '[Event "Sanmill-Game"]\n[Result "0-1"]\n\n1. d2 d6\n2. f4 f2 *\n')
    pgn = run("convert", source, "--to", "pgn").stdout
    assert '[Result "0-1"]' in pgn and pgn.endswith("1. d2 d6 2. f4 f2 0-1\n")
    (game,) = json.loads(run("convert", source, "--to", "json").stdout)["games"]
    assert (game["tags"]["Result"], game["result"]) == ("0-1", "*")  # (what was written)
    unfinished = write(tmp_path / "open.pgn", '[Result "*"]\n\n1. d2 d6 *\n')
    assert run("convert", unfinished, "--to", "pgn").stdout.endswith("1. d2 d6 *\n")


def test_pgn_refuses_a_comment_with_a_closing_brace(tmp_path: Path) -> None:
    """Notation writes it as a ';' comment; Sanmill reads PGN's main line as one line, where a
    ';' comment would hide every move after it, so PGN refuses it, at the ply it follows."""
    source = write(tmp_path / "brace.txt", "1. d2 d6 2. f4 ; Weiss droht }\n2... f2 *\n")
    assert run("convert", source, "--to", "notation").stdout == "1. d2 d6 2. f4 ; Weiss droht }\n2... f2 *\n"
    out = tmp_path / "brace.pgn"
    result = run("convert", source, "--to", "pgn", "-o", str(out))
    assert result.exit_code == 1 and not out.exists()
    assert result.stderr.startswith(f"{source}:1:13: error: a comment containing '}}' cannot be written as PGN")
    tagged = write(tmp_path / "tagged.txt", '[_Notiz "x"]\n[SetUp "1"]\n[FEN "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1"]\n\n1. d2 *\n')
    result = run("convert", tagged, "--to", "pgn")
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.startswith(f"{tagged}:1: error: tag name '_Notiz' cannot be written as PGN")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_output_to_a_named_pipe_is_written_into_it_not_over_it(tmp_path: Path) -> None:
    """What is not a regular file (a pipe, /dev/null) is written to as it is: replacing it by a
    file would leave its reader waiting (and, run as root, would replace /dev/null itself; the
    pipe stands for it here, so that a failing test harms nothing)."""
    source = write(tmp_path / "g.txt", "1. d2 d6 *\n")
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    result = run("convert", source, "--to", "notation", "-o", str(fifo))
    reader.join(10)
    assert result.exit_code == 0, result.output
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert got == [b"1. d2 d6 *\n"]


def test_output_through_a_symbolic_link_replaces_the_file_it_names(tmp_path: Path) -> None:
    source = write(tmp_path / "g.txt", "1. d2 d6 *\n")
    real = tmp_path / "real.txt"
    real.write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    assert run("convert", source, "--to", "notation", "-o", str(link)).exit_code == 0
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "1. d2 d6 *\n"


def test_output_through_symbolic_links_in_a_loop_is_an_input_error(tmp_path: Path) -> None:
    source = write(tmp_path / "g.txt", "1. d2 d6 *\n")
    (tmp_path / "loop1").symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(tmp_path / "loop1")
    result = run("convert", source, "--to", "json", "-o", str(tmp_path / "loop1"))
    assert result.exit_code == 1
    assert result.stderr == f"{tmp_path / 'loop1'}: error: cannot write {tmp_path / 'loop1'}: its symbolic links form a loop\n"


def test_a_record_from_json_that_cannot_be_written_is_named_by_its_game(tmp_path: Path) -> None:
    """The second game numbers two White plies 1.: the notation and PGN cannot say that, and a
    JSON record has no line to point at: the error names the file and the game."""
    record = write(tmp_path / "two.json", json.dumps({"format": "muehle-record", "version": 1, "games": [
        {"plies": [{"number": 1, "side": "white", "to": "b4"}]},
        {"plies": [{"number": 1, "side": "white", "to": "b4"}, {"number": 1, "side": "white", "to": "d6"}]}]}))
    for target in ("notation", "pgn"):
        result = run("convert", record, "--to", target)
        assert result.exit_code == 1 and result.stdout == ""
        assert result.stderr.startswith(f"{record}, game 2: error: 1. d6 cannot be written after the ply numbered 1.")


def test_the_book_form_quotes_black_numbers_as_the_book_does(tmp_path: Path) -> None:
    """With --black-number book, Black's 3... is 3. - in the refusal as in the text asked for."""
    record = write(tmp_path / "back.json", json.dumps({"format": "muehle-record", "version": 1, "games": [
        {"plies": [{"number": 5, "side": "white", "to": "b4"}, {"number": 3, "side": "black", "to": "d6"}]}]}))
    result = run("convert", record, "--to", "notation", "--black-number", "book")
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.startswith(f"{record}, game 1: error: 3. - d6 cannot be written after the ply numbered 5.: ")


EXAMPLES = ROOT / "examples"


def test_the_shipped_example_with_syntax_errors_is_refused_with_every_error(tmp_path: Path) -> None:
    from muehle.notation.reading.parser import read_file

    source = EXAMPLES / "syntax-errors.txt"
    errors = [error for game in read_file(source) for error in game.errors]
    # the five broken games of the example, as its comments describe them
    assert [(e.line, e.column) for e in errors] == [(12, 13), (17, 24), (22, 34), (27, 28), (29, 8)]
    expected = [error.format() for error in errors]
    out = tmp_path / "out.json"
    result = run("convert", str(source), "--to", "json", "-o", str(out))
    assert result.exit_code == 1
    assert result.stderr == "\n".join(expected) + "\n"
    assert not out.exists()


def test_an_error_leaves_an_existing_output_untouched(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    out.write_text("old", encoding="utf-8")
    result = run("convert", write(tmp_path / "bad.txt", "1. b1\n"), "--to", "notation", "-o", str(out))
    assert result.exit_code == 1
    assert out.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.txt", "out.txt"]


def test_bad_json_is_located(tmp_path: Path) -> None:
    source = write(tmp_path / "bad.json", '{"format": "muehle-record",\n "version": 1,\n "games": [}\n')
    result = run("convert", source, "--to", "notation")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{source}:3:12: error: invalid JSON: Expecting value\n")


def test_a_bad_value_in_json_is_named_by_its_path(tmp_path: Path) -> None:
    data = json.loads(json.dumps(GAME_JSON))
    data["games"][0]["plies"][1]["to"] = "b1"
    result = run("convert", write(tmp_path / "bad.json", json.dumps(data)), "--to", "pgn")
    assert result.exit_code == 1
    assert result.stderr == f"{tmp_path / 'bad.json'}: error: games[0].plies[1].to: 'b1' is not a point of the board\n"


@pytest.mark.parametrize("to", ["notation", "json", "yaml", "pgn", "html"])
def test_a_lone_surrogate_in_json_is_named_by_its_path_and_nothing_is_written(tmp_path: Path, to: str) -> None:
    data = json.loads(json.dumps(GAME_JSON))
    data["games"][0]["plies"][2]["comments"] = ["a\ud800b"]
    source = write(tmp_path / "bad.json", json.dumps(data))  # (written as the escape \ud800)
    result = run("convert", source, "--to", to, "-o", str(tmp_path / "out"))
    assert result.exit_code == 1
    assert result.stderr == (f"{source}: error: games[0].plies[2].comments[0]: "
                             "not valid Unicode text (a lone surrogate \\ud800)\n")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("to", ["notation", "pgn"])
def test_a_comment_that_would_start_a_game_is_refused_and_nothing_is_written(tmp_path: Path, to: str) -> None:
    data = json.loads(json.dumps(GAME_JSON))
    data["games"][0]["plies"][2]["comments"] = ['x\n\n[Event "B"]\ny']
    source = write(tmp_path / "bad.json", json.dumps(data))
    result = run("convert", source, "--to", to, "-o", str(tmp_path / "out"))
    assert result.exit_code == 1
    assert result.stderr == (f"{source}: error: games[0].plies[2].comments[0]: a comment cannot hold a blank line "
                             'followed by a line that starts like a tag pair ([Name ")\n')
    assert not (tmp_path / "out").exists()


def test_bad_yaml_on_stdin_is_located() -> None:
    result = run("convert", "-", "--to", "json", input=b"format: muehle-record\nversion: 1\ngames: [\n")
    assert result.exit_code == 1
    assert result.stderr.startswith("<stdin>:4:")
    assert "invalid YAML" in result.stderr


def test_a_missing_file_is_an_input_error(tmp_path: Path) -> None:
    result = run("convert", str(tmp_path / "missing.txt"), "--to", "json")
    assert result.exit_code == 1
    assert "cannot read" in result.stderr and "No such file" in result.stderr


def test_a_file_that_is_not_utf8_is_an_input_error(tmp_path: Path) -> None:
    source = tmp_path / "latin1.txt"
    source.write_bytes('[White "Jörg"]\n1. b4\n'.encode("latin-1"))
    result = run("convert", str(source), "--to", "json")
    assert result.exit_code == 1
    assert "not UTF-8 text" in result.stderr


@pytest.mark.parametrize(
    "args, message",
    [
        (["game.txt", "--to", "xml"], "Invalid value for '--to'"),
        (["--to", "json"], "Missing argument 'FILE...'"),
        (["game.txt"], "give the output format with --to, or an -o file whose name ends in .json"),
        (["game.txt", "-o", "out.xml"], "give the output format with --to, or an -o file whose name ends in .json"),
        (["game.txt", "--to", "yaml", "-o", "out.json"], "--to yaml contradicts the output's name out.json (json)"),
        (["game.txt", "--to", "json", "-o", "out.txt"], "--to json contradicts the output's name out.txt (notation)"),
        (["game.txt", "--to", "json", "--colour"], "No such option"),
        (["game.txt", "--to", "pgn", "--black-number", "book"],
         "--black-number applies to --to notation only, not to --to pgn"),
        (["game.txt", "--to", "notation", "--black-number", "pgn"], "Invalid value for '--black-number'"),
    ],
)
def test_usage_errors_exit_with_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str],
                                  message: str) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "game.txt", GAME)
    result = run("convert", *args)
    assert result.exit_code == 2
    assert message in result.stderr


def installed_muehle() -> str:
    script = Path(sys.executable).with_name("muehle")
    if not script.exists():
        pytest.skip("the muehle entry point is not installed next to this Python")
    return str(script)


def test_the_installed_command_converts_and_fails_cleanly(tmp_path: Path) -> None:
    muehle = installed_muehle()
    source = write(tmp_path / "game.txt", GAME)
    done = subprocess.run([muehle, "convert", source, "--to", "json"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"][0]["plies"][2]["captures"] == ["a4"]
    back = subprocess.run([muehle, "convert", "-", "--to", "notation"], input=done.stdout,
                          capture_output=True, text=True)
    assert (back.returncode, back.stdout) == (0, GAME)
    bad = subprocess.run([muehle, "convert", write(tmp_path / "bad.txt", "1. d2-\n"), "--to", "yaml",
                          "-o", str(tmp_path / "out.yaml")], capture_output=True, text=True)
    assert bad.returncode == 1
    assert "needs a target point" in bad.stderr and "Traceback" not in bad.stderr
    assert not (tmp_path / "out.yaml").exists()
    usage = subprocess.run([muehle, "convert", source, "--to", "xml"], capture_output=True, text=True)
    assert usage.returncode == 2 and "Traceback" not in usage.stderr


def test_games_without_results_convert_to_notation_and_back(tmp_path: Path) -> None:
    # JSON may leave a game's result out; the notation written from it must read back as
    # the same number of games (the first gets "*", which says "no result yet")
    record = {"format": "muehle-record", "version": 1, "games": [
        {"tags": {}, "plies": [{"number": 1, "side": "white", "to": "d2"}]},
        {"tags": {}, "plies": [{"number": 1, "side": "white", "to": "f4"}], "result": "*"},
    ]}
    source = write(tmp_path / "two.json", json.dumps(record))
    notation = run("convert", "--to", "notation", source)
    assert notation.exit_code == 0 and notation.stdout == "1. d2 *\n\n1. f4 *\n"
    back = run("convert", "--to", "json", "-", input=notation.stdout)
    assert back.exit_code == 0, back.output
    games = json.loads(back.stdout)["games"]
    assert [(game["plies"][0]["to"], game["result"]) for game in games] == [("d2", "*"), ("f4", "*")]


def test_html_output_is_the_viewer_of_every_game(tmp_path: Path) -> None:
    source = write(tmp_path / "two.txt", GAME + "\n" + '[Event "Zweite"]\n\n1. d2 d6 (1... f4) *\n')
    out = tmp_path / "games.html"
    result = run("convert", source, "--to", "html", "-o", str(out))
    assert result.exit_code == 0 and result.stdout == ""
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.count('<section class="game"') == 2
    assert 'href="#game=2&amp;line=1&amp;ply=2"' in page  # the variation's move


def test_html_of_inputs_without_a_game_names_them_and_writes_nothing(tmp_path: Path) -> None:
    empty = write(tmp_path / "empty.txt", "")
    blank = write(tmp_path / "blank.txt", "\n\n")
    out = tmp_path / "page.html"
    result = run("convert", empty, blank, "--to", "html", "-o", str(out))
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == (f"{empty}, {blank}: error: there is no game in the input: "
                             "an HTML viewer needs one\n")
    assert not out.exists()
    piped = run("convert", "-", "--to", "html", input="")
    assert piped.exit_code == 1
    assert piped.stderr.startswith("<stdin>: error: there is no game in the input")


def test_html_shows_a_game_it_cannot_replay_without_positions_and_warns(tmp_path: Path) -> None:
    """A bad FEN or an unknown Rules tag does not cost the other games their page."""
    source = write(tmp_path / "bad.txt",
                   '[SetUp "1"]\n[FEN "nonsense"]\n\n1. d2 *\n\n[Rules "fide"]\n1. d2 *\n\n1. g7 *\n')
    out = tmp_path / "bad.html"
    result = run("convert", source, "--to", "html", "-o", str(out))
    assert result.exit_code == 0 and result.stdout == ""
    *warnings, summary = result.stderr.splitlines()
    assert summary == "3 games converted"  # (the two shown without positions among them)
    assert warnings[::3] == [
        f"{source}:2:15: warning: the page shows its game 1 without positions: in the FEN tag: a Sanmill FEN "
        "has 17 fields separated by spaces; this one has only 1",
        f"{source}:6:9: warning: the page shows its game 2 without positions: the Rules tag names 'fide', "
        f"which is not a ruleset (presets: {PRESETS})",
    ]
    page = out.read_text(encoding="utf-8")
    assert page.count("Not replayed: ") == 4  # the status of two frames, the note of two games
    assert page.count('<a class="ply"') == 1  # 1. g7 of the third game


def test_an_error_in_a_long_line_shows_only_the_part_around_it(tmp_path: Path) -> None:
    """A minified JSON record is one line: the error shows 100 characters of it around the place."""
    games = [dict(GAME_JSON["games"][0], tags={"Event": f"Turnier {number}"}) for number in range(200)]
    text = json.dumps(dict(GAME_JSON, games=games))
    at = text.index("}, {", 8000) + 1  # between two games
    source = write(tmp_path / "min.json", text[:at] + "!" + text[at:])
    result = run("convert", source, "--to", "notation")
    assert result.exit_code == 1
    location, shown, caret = result.stderr.splitlines()
    assert location.startswith(f"{source}:1:{at + 1}: error: invalid JSON")
    assert len(shown) == 4 + 106 and shown.startswith("    ...") and shown.endswith("...")
    assert shown[len(caret) - 1] == "!" and caret.strip() == "^"
