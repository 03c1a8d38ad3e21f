"""The endgame commands without numpy: they say how to install it, and every other command works."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from paths import ROOT

#: Runs the ``muehle`` command with numpy made impossible to import.
WITHOUT_NUMPY = """
import sys
sys.modules["numpy"] = None
from muehle.analyzer.cli import main
sys.argv = ["muehle", *sys.argv[1:]]
main()
"""

FEN = "********/*@**@@**/****OO*O w m s 3 0 3 0 0 0 0 0 0 0 0 0 1"


def muehle_without_numpy(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", WITHOUT_NUMPY, *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


def test_endgame_commands_without_numpy_say_how_to_install_it() -> None:
    """The same message for each command that needs the tables, before any output."""
    book = str(ROOT / "examples" / "schuermann-book-game.txt")
    for args in (("endgames", "probe", FEN), ("endgames", "build", "--stones", "3"), ("show", book, "--best"),
                 ("analyze", book, "--perfect")):
        done = muehle_without_numpy(*args)
        assert done.returncode == 1, done.stderr
        assert "pip install 'muehle[endgames]'" in done.stderr
        assert "Traceback" not in done.stderr and done.stdout == ""


def test_other_commands_work_without_numpy() -> None:
    done = muehle_without_numpy("validate", str(ROOT / "examples" / "schuermann-book-game.txt"))
    assert done.returncode == 0, done.stderr
    done = muehle_without_numpy("convert", str(ROOT / "examples" / "schuermann-book-game.txt"), "--to", "html")
    assert done.returncode == 0 and done.stdout.startswith("<!DOCTYPE html>"), done.stderr
    done = muehle_without_numpy("--help")
    assert done.returncode == 0 and "endgames" in done.stdout
    done = muehle_without_numpy("endgames", "--help")
    assert done.returncode == 0 and "build" in done.stdout and "probe" in done.stdout


def test_the_library_says_how_to_install_numpy() -> None:
    script = ("import sys; sys.modules['numpy'] = None\n"
              "from muehle.analyzer.engine.board import Position\n"
              "from muehle.analyzer.endgames.probe import probe\n"
              "try:\n    probe(Position(0b111, 0b111000, 0, 0))\n"
              "except ImportError as error:\n    print(error)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "the endgame tables need numpy; install it with: pip install 'muehle[endgames]'"


def test_the_build_progress_is_drawn_on_a_terminal_only(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import io

    from muehle.analyzer.cli import endgames

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    for stream, shown in ((Terminal(), True), (io.StringIO(), False)):
        monkeypatch.setattr(sys, "stderr", stream)
        line = endgames._ProgressLine()
        line("3v3 plies", 0.5)
        line.clear()
        assert ("\r3v3 plies  50%" in stream.getvalue()) is shown
        assert (stream.getvalue() == "") is not shown


def test_the_html_viewer_without_numpy_leaves_the_values_out(endgame_cache: Path, tmp_path: Path) -> None:
    """Tables there, numpy not: the page is written, without the values (the only command that
    reads the tables unasked)."""
    record = tmp_path / "endgame.txt"  # White to move wins in 1 by b6-g1 (tests/cli/test_show_best_cli.py)
    record.write_text('[SetUp "1"]\n[FEN "*******@/@*@****O/****OO** b m s 3 0 3 0 0 0 0 0 0 0 0 0 1"]\n\n'
                      "1... c5-c4\n", encoding="utf-8")
    done = muehle_without_numpy("convert", str(record), "--to", "html", "--endgames-dir", str(endgame_cache))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("<!DOCTYPE html>") and "to move wins" not in done.stdout
