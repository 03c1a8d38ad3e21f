"""What every command relies on: atomic output, input decoding, clean failures."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from muehle.analyzer.cli import cli
from muehle.analyzer.cli.common import fails_cleanly, write_output
from muehle.analyzer.engine.rules import preset_names
from muehle.notation.reading.inputs import read_text
from muehle.notation.reading.parser import read_file
from muehle.notation.text.errors import MuehleError
from paths import ROOT
from runner import run

#: The presets as messages list them.
PRESETS = ", ".join(preset_names())

MUEHLE = Path(sys.executable).parent / "muehle"


def test_write_output_replaces_the_target_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    target.write_text("old", encoding="utf-8")
    write_output("new\n", str(target))
    assert target.read_text(encoding="utf-8") == "new\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json"]


def test_write_output_gives_a_new_file_the_usual_permissions(tmp_path: Path) -> None:
    umask = os.umask(0o022)
    try:
        write_output("x", str(tmp_path / "new.txt"))
    finally:
        os.umask(umask)
    assert (tmp_path / "new.txt").stat().st_mode & 0o777 == 0o644


def test_write_output_refuses_to_overwrite_an_input(tmp_path: Path) -> None:
    source = tmp_path / "game.txt"
    source.write_text("1. b4", encoding="utf-8")
    with pytest.raises(MuehleError, match="refusing to write over the input file"):
        write_output("x", str(source), inputs=[str(tmp_path / "." / "game.txt")])
    assert source.read_text(encoding="utf-8") == "1. b4"


def test_write_output_into_a_missing_directory_is_a_located_error(tmp_path: Path) -> None:
    with pytest.raises(MuehleError, match="cannot write"):
        write_output("x", str(tmp_path / "no" / "such" / "out.txt"))


def test_write_output_failure_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old", encoding="utf-8")

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(MuehleError, match="No space left on device"):
        write_output("new", str(target))
    assert target.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_read_text_strips_bom_and_reports_bad_bytes(tmp_path: Path) -> None:
    good = tmp_path / "bom.txt"
    good.write_bytes("\ufeff1. b4".encode("utf-8"))
    assert read_text(str(good)) == "1. b4"
    bad = tmp_path / "latin1.txt"
    bad.write_bytes("[White \"M\xfcller\"]".encode("latin-1"))
    with pytest.raises(MuehleError) as caught:
        read_text(str(bad))
    assert (caught.value.message, caught.value.line, caught.value.column) == ("not UTF-8 text (byte 0xfc)", 1, 10)
    # located as the reader of files locates it: line, and column in characters after a BOM
    bom = tmp_path / "bom-latin1.txt"
    bom.write_bytes(b"\xef\xbb\xbf[Event \"\xc3\xa4\"]\n1. b4 \xfc *")
    with pytest.raises(MuehleError) as caught:
        read_text(str(bom))
    assert (caught.value.line, caught.value.column) == (2, 7)
    assert caught.value.format() == streaming_reader_error(bom)
    with pytest.raises(MuehleError, match="cannot read"):
        read_text(str(tmp_path / "missing.txt"))


def streaming_reader_error(path: Path) -> str:
    """What the streaming reader of files says about ``path``'s first bad byte."""
    with pytest.raises(MuehleError) as caught:
        list(read_file(path))
    return caught.value.format()


def test_read_text_names_standard_input_as_messages_do(monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"1. b4 \xfc")))
    with pytest.raises(MuehleError) as caught:
        read_text("-")
    assert caught.value.format() == "<stdin>:1:7: error: not UTF-8 text (byte 0xfc)"


def test_output_that_cannot_take_a_character_escapes_it(tmp_path: Path) -> None:
    """A console without UTF-8 (here ASCII) gets the ö of a tag value as an escape, and the
    rest of the report with it, rather than an internal error and nothing written."""
    path = tmp_path / "plain.txt"
    path.write_text('[Rules "f\u00f6o"]\n\n1. b4 *\n', encoding="utf-8")
    done = subprocess.run([str(MUEHLE), "validate", str(path)], capture_output=True,
                          env={**os.environ, "PYTHONIOENCODING": "ascii"})
    assert done.returncode == 1
    assert done.stdout.decode("ascii").splitlines() == [
        f"{path}:1:9: error: game 1: the Rules tag names 'f\\xf6o', which is not a ruleset (presets: wmd, "
        f"{PRESETS[len('wmd, '):]}) [unknown-rules]",
        '    [Rules "f\\xf6o"]',
        "            ^",
        "1 game, 0 valid, 1 invalid"]


@pytest.mark.parametrize("command", [
    ["convert", "--to", "json"], ["convert", "--to", "notation"], ["convert", "--to", "yaml"],
    ["convert", "--to", "pgn"], ["analyze", "--format", "json"], ["analyze", "--format", "yaml"],
])
def test_records_and_data_go_to_a_console_without_utf8_as_utf8(tmp_path: Path, command: list[str]) -> None:
    """Records and JSON/YAML reports are UTF-8 (docs/formats.md), also when standard output
    is a cp1252 console redirected to a file: the output reads back with the same tag."""
    path = tmp_path / "site.txt"
    path.write_text('[Site "Z\u00fcrich \u65e5\u672c \U0001f600"]\n\n1. b4 { Wei\u00df } d6 *\n', encoding="utf-8")
    done = subprocess.run([str(MUEHLE), command[0], str(path), *command[1:]], capture_output=True,
                          env={**os.environ, "PYTHONIOENCODING": "cp1252"})
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode("utf-8")
    assert "Z\u00fcrich \u65e5\u672c " in text  # (YAML writes the emoji as an escape)
    if command[0] == "convert":
        again = tmp_path / ("again." + {"json": "json", "yaml": "yaml"}.get(command[2], "txt"))
        again.write_bytes(done.stdout)
        back = subprocess.run([str(MUEHLE), "convert", str(again), "--to", "json"], capture_output=True)
        assert back.returncode == 0, back.stderr
        assert json.loads(back.stdout)["games"][0]["tags"]["Site"] == "Z\u00fcrich \u65e5\u672c \U0001f600"


def test_variations_nested_too_deeply_are_an_error_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "deep.txt"
    path.write_text("1. b4 " + "(1. d2 " * 2000 + ")" * 2000 + " d6 *\n", encoding="utf-8")
    done = subprocess.run([str(MUEHLE), "analyze", str(path)], capture_output=True, text=True)
    assert (done.returncode, done.stdout) == (1, "")
    column = len("1. b4 ") + len("(1. d2 ") * 50 + 1  # the 51st '('
    assert done.stderr.splitlines()[0] == (
        f"{path}:1:{column}: error: variations nest more than 50 deep here; muehle reads 50 levels at most")


def test_fails_cleanly_prints_located_error_and_exits_1() -> None:
    @click.command()
    @fails_cleanly
    def broken() -> None:
        raise MuehleError("b1 is not a point of the board", source="g.txt", line=2, column=4,
                          line_text="1. b1")

    result = CliRunner().invoke(broken, [])
    assert result.exit_code == 1
    assert result.output.startswith("g.txt:2:4: error: b1 is not a point of the board")
    assert "Traceback" not in result.output


def test_unknown_command_is_a_usage_error() -> None:
    result = run("frobnicate")
    assert result.exit_code == 2
    assert "No such command" in result.output


EXAMPLE = str(ROOT / "examples" / "multi-game.txt")


@pytest.mark.parametrize("args, option", [
    (["convert", EXAMPLE, "--to", "json", "-o", ""], "'-o' / '--output'"),
    (["convert", EXAMPLE, "--to", "json", "--output="], "'-o' / '--output'"),
    (["generate", "-o", ""], "'-o' / '--output'"),
    (["show", EXAMPLE, "--svg", ""], "'--svg'"),
])
def test_an_empty_output_path_is_a_usage_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str],
                                               option: str) -> None:
    monkeypatch.chdir(tmp_path)
    result = run(*args)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.endswith(f"Error: Invalid value for {option}: the path is empty\n")
    assert list(tmp_path.iterdir()) == []  # nothing written anywhere


def test_the_line_shown_under_an_error_is_the_line_the_reader_counted(tmp_path: Path) -> None:
    """A form feed in a comment is no line break for the reader: the excerpt is line 2 as it counts."""
    path = tmp_path / "ff.txt"
    path.write_text("1. d2 { a\fb } d6\n2. f4 f4 *\n", encoding="utf-8")
    result = run("analyze", str(path))
    assert result.exit_code == 1
    assert result.stderr.splitlines()[:3] == [
        f"{path}:2:7: error: 2... f4: f4 is already occupied by a White stone [occupied]",
        "    2. f4 f4 *",
        "          ^"]


def test_a_utf16_file_is_named_as_such(tmp_path: Path) -> None:
    """A file saved as UTF-16 (with its byte order mark, as Windows editors write it)."""
    path = tmp_path / "u16.txt"
    path.write_bytes("1. d2 d6 *\n".encode("utf-16"))
    done = subprocess.run([str(MUEHLE), "validate", str(path)], capture_output=True, text=True)
    assert done.returncode == 1
    assert done.stderr.startswith(f"{path}:1:1: error: not UTF-8 text: this is UTF-16 (its byte order mark "
                                  f"0x{path.read_bytes()[0]:02x} 0x{path.read_bytes()[1]:02x}); save it as UTF-8")


def _metavars(option: str) -> dict[str, str]:
    """Each command's placeholder for ``option`` as its ``--help`` shows it."""
    context = click.Context(cli)
    found = {}
    for name in cli.list_commands(context):
        command = cli.get_command(context, name)
        assert command is not None
        for param in command.params:
            if isinstance(param, click.Option) and option in param.opts:
                found[name] = param.make_metavar() if param.metavar is None else param.metavar
    return found


def test_every_command_names_the_rules_and_the_output_alike() -> None:
    assert _metavars("--rules") == dict.fromkeys(["analyze", "claim", "generate", "positions", "repair", "select",
                                                  "show", "stats", "validate"], "NAME|FILE")
    assert _metavars("--output") == dict.fromkeys(["analyze", "convert", "generate", "positions", "repair", "select",
                                                   "stats"], "OUT")


@pytest.mark.parametrize("command", ["claim", "show"])
def test_ply_help_counts_from_the_records_first_ply(command: str) -> None:
    """After a set-up position with Black to move, ply 1 is Black's (docs/analyze.md, Counting plies)."""
    context = click.Context(cli)
    found = cli.get_command(context, command)
    assert found is not None
    (ply,) = [param for param in found.params if "--ply" in getattr(param, "opts", ())]
    assert isinstance(ply, click.Option) and ply.help is not None
    assert "record's first" in ply.help and "set-up position" in ply.help
