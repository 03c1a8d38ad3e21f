"""The summary lines that ``convert`` and ``generate`` end with on standard error, and ``-o`` on
``positions``, ``stats`` and ``analyze`` (atomic, never over an input, what standard output
would hold)."""

from __future__ import annotations

from pathlib import Path

import pytest

from paths import EXAMPLES
from runner import run

GOOD = "1. d2 d6 2. f4 b4 1-0\n"
BAD = "1. d2 b1 *\n"  # b1 is no point of the board
LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def write(path: Path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.fixture
def german(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in LANGUAGE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


# -- convert ------------------------------------------------------------------------------

@pytest.mark.parametrize("target", ["notation", "json", "pgn", "html"])
def test_convert_says_how_many_games_it_converted(tmp_path: Path, target: str) -> None:
    source = write(tmp_path / "three.txt", f"{GOOD}\n{GOOD}\n{GOOD}")
    result = run("convert", source, "--to", target, "-o", str(tmp_path / f"out.{target}"))
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "3 games converted\n")
    one = run("convert", write(tmp_path / "one.txt", GOOD), "--to", target)
    assert one.stderr == "1 game converted\n"


def test_convert_keep_going_counts_the_errors_and_a_stopped_run_says_nothing_more(tmp_path: Path) -> None:
    source = write(tmp_path / "mixed.txt", f"{GOOD}\n{BAD}\n{GOOD}")
    kept = run("convert", source, "--to", "json", "--keep-going")
    assert kept.exit_code == 1
    assert kept.stderr.splitlines()[0].startswith(f"{source}:3:7: error: b1 is not a point of the board")
    assert kept.stderr.splitlines()[-1] == "2 games converted (1 error)"
    stopped = run("convert", source, "--to", "json")
    assert (stopped.exit_code, stopped.stdout) == (1, "")
    assert "converted" not in stopped.stderr  # (nothing was written)


def test_convert_s_summary_in_german(tmp_path: Path, german: None) -> None:
    source = write(tmp_path / "two.txt", f"{GOOD}\n{GOOD}")
    assert run("--lang", "de", "convert", source, "--to", "json").stderr == "2 Partien umgewandelt\n"
    mixed = write(tmp_path / "mixed.txt", f"{GOOD}\n{BAD}")
    result = run("--lang", "de", "convert", mixed, "--to", "json", "--keep-going")
    assert result.stderr.splitlines()[-1] == "1 Partie umgewandelt (1 Fehler)"


# -- generate ------------------------------------------------------------------------------

def test_generate_says_how_many_games_it_wrote_and_where(tmp_path: Path) -> None:
    out = tmp_path / "games.txt"
    result = run("generate", "--count", "3", "-o", str(out))
    assert (result.exit_code, result.stderr) == (0, f"3 games written to {out}\n")
    assert out.read_text(encoding="utf-8").count("[Event ") == 3
    result = run("generate", "--count", "1")
    assert result.stderr == "1 game written to standard output\n"
    assert run("generate", "--count", "0").stderr == "0 games written to standard output\n"


def test_generate_s_summary_in_german(tmp_path: Path, german: None) -> None:
    out = tmp_path / "games.json"
    result = run("--lang", "de", "generate", "--count", "2", "-o", str(out))
    assert result.stderr == f"2 Partien geschrieben: {out}\n"
    assert run("--lang", "de", "generate").stderr == "1 Partie geschrieben: Standardausgabe\n"


# -- -o on positions, stats, analyze -----------------------------------------------------------

#: Each command with options, over examples/multi-game.txt (three readable games).
REPORTS = {
    "positions": ["positions", "--all", "--format", "fen"],
    "positions text": ["positions"],
    "stats": ["stats"],
    "stats json": ["stats", "--format", "json"],
    "analyze": ["analyze"],
    "analyze yaml": ["analyze", "--format", "yaml"],
}


@pytest.mark.parametrize("name", list(REPORTS))
def test_output_file_holds_what_standard_output_would(tmp_path: Path, name: str) -> None:
    source = str(EXAMPLES / "multi-game.txt")
    shown = run(*REPORTS[name], source)
    assert shown.exit_code == 0 and shown.stdout
    out = tmp_path / "report.txt"
    written = run(*REPORTS[name], source, "-o", str(out))
    assert (written.exit_code, written.stdout) == (0, "")
    assert out.read_text(encoding="utf-8") == shown.stdout
    assert [entry.name for entry in tmp_path.iterdir()] == ["report.txt"]  # (no temporary file left)


def test_analyze_writes_its_diagrams_in_utf8_and_unpainted_to_a_file(tmp_path: Path) -> None:
    """An illegal ply: the position to restore is drawn, with the board's lines, never with colours."""
    source = write(tmp_path / "illegal.txt", "1. d2 d2 *\n")
    out = tmp_path / "report.txt"
    result = run("--color", "analyze", source, "-o", str(out))
    assert result.exit_code == 1 and result.stderr.startswith(f"{source}:1:7: ")  # (painted there)
    text = out.read_text(encoding="utf-8")
    assert "\x1b" not in text and "┌" in text


@pytest.mark.parametrize("command", ["positions", "stats", "analyze"])
def test_output_never_goes_over_an_input(tmp_path: Path, command: str) -> None:
    source = write(tmp_path / "game.txt", GOOD)
    result = run(command, source, "-o", source)
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == f"{source}: error: refusing to write over the input file {source}\n"
    assert Path(source).read_text(encoding="utf-8") == GOOD


@pytest.mark.parametrize("command", ["positions", "stats", "analyze"])
def test_output_with_an_empty_path_is_a_usage_error(tmp_path: Path, command: str) -> None:
    result = run(command, write(tmp_path / "game.txt", GOOD), "-o", "")
    assert result.exit_code == 2 and "Invalid value for '-o' / '--output': the path is empty" in result.stderr


@pytest.mark.parametrize("command", ["positions", "stats", "analyze"])
def test_output_in_a_missing_folder_is_an_error(tmp_path: Path, command: str) -> None:
    out = tmp_path / "nowhere" / "out.txt"
    result = run(command, write(tmp_path / "game.txt", GOOD), "-o", str(out))
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == f"{out}: error: cannot write {out}: No such file or directory\n"


@pytest.mark.parametrize("command", ["positions", "stats", "analyze"])
def test_an_input_that_cannot_be_read_leaves_the_output_as_it_was(tmp_path: Path, command: str) -> None:
    """Nothing to write (stats stops; positions and analyze have no game): the file is untouched."""
    out = tmp_path / "out.txt"
    out.write_text("before\n", encoding="utf-8")
    missing = str(tmp_path / "missing.txt")
    result = run(command, missing, "-o", str(out))
    assert result.exit_code == 1
    assert result.stderr == f"{missing}: error: cannot read {missing}: No such file or directory\n"
    assert out.read_text(encoding="utf-8") == "before\n"
    assert sorted(entry.name for entry in tmp_path.iterdir()) == ["out.txt"]


def test_positions_writes_the_games_it_listed_beside_an_error(tmp_path: Path) -> None:
    """As on standard output: the readable game is listed, the other reported, exit status 1."""
    good = write(tmp_path / "good.txt", "1. d2 *\n")
    missing = str(tmp_path / "missing.txt")
    out = tmp_path / "out.fen"
    result = run("positions", good, missing, "--format", "fen", "-o", str(out))
    assert result.exit_code == 1 and "missing.txt: error: cannot read" in result.stderr
    # the start and the position after 1. d2 (White's stone on d2, 8 in hand; Black to move)
    assert out.read_text(encoding="utf-8").splitlines() == [
        "********/********/******** w p p 0 9 0 9 0 0 -1 -1 -1 -1 0 0 1 ids:nodes",
        "********/****O***/******** b p p 1 8 0 9 0 0 -1 -1 -1 -1 0 0 1 ids:nodes"]
