"""The built wheel carries its grammar, rulesets, viewer assets, German catalog and type marker, and works away
from the checkout."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from paths import ROOT

SCRIPT = """
import muehle.grammars, muehle.notation.parser as parser
from muehle.analyzer.engine.rules import load_ruleset
game = parser.parse_game("1. b4 d6 2. d2-b2")
print(muehle.grammars.__file__)
print(len(game.plies), game.plies[2].origin, game.plies[2].target)
print(load_ruleset("wmd").name)
from muehle.analyzer.pictures.html_viewer import asset, render_html
from muehle.analyzer.engine.replay import replay
page = render_html(game, replay(game))
print(asset("viewer.css") in page and asset("viewer.js") in page and "function Viewer(" in page)
from muehle.notation.errors import no_game
from muehle.notation.i18n import LOCALE_DIR, language
with language("de"):
    print(no_game())
print(LOCALE_DIR)
"""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(ROOT)],
        check=True, capture_output=True,
    )
    (built,) = out.glob("muehle-*.whl")
    return built


def test_wheel_contains_grammar_and_rulesets(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "muehle/grammars/muehle.lark" in names
    for preset in ("wmd", "wmd-traditional", "schuermann", "brettspielnetz", "sanmill"):
        assert f"muehle/analyzer/engine/rulesets/{preset}.yaml" in names


def test_wheel_contains_the_viewer_s_styles_and_script(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"muehle/analyzer/pictures/viewer_assets/viewer.css", "muehle/analyzer/pictures/viewer_assets/viewer.js"} <= names


def test_wheel_contains_the_german_catalog(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"muehle/notation/locale/de/LC_MESSAGES/muehle.mo", "muehle/notation/locale/de/LC_MESSAGES/muehle.po"} <= names


def test_wheel_marks_its_packages_as_typed(wheel: Path) -> None:
    """PEP 561: without py.typed, a user's type checker skips muehle's hints ("missing library
    stubs or py.typed marker"); the marker of a package covers its subpackages."""
    names = set(zipfile.ZipFile(wheel).namelist())
    for package in ("notation", "analyzer", "grammars"):
        assert f"muehle/{package}/py.typed" in names


def test_installed_wheel_finds_its_grammar_outside_the_checkout(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--target", str(target), str(wheel)],
        check=True, capture_output=True,
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONPATH"] = str(target)
    # -S: no site-packages, so neither the checkout nor an editable install can answer.
    done = subprocess.run(
        [sys.executable, "-S", "-c", SCRIPT], cwd=tmp_path, env=env, capture_output=True, text=True,
    )
    assert done.returncode == 0, done.stderr
    grammar_file, plies, preset, viewer, german, locale = done.stdout.splitlines()
    assert Path(grammar_file).is_relative_to(target)
    assert plies == "3 d2 b2"
    assert preset == "wmd"
    assert viewer == "True"  # the viewer's styles and script, read from the installed package
    assert german == "die Eingabe enthält keine Partie"  # the catalog, read from the installed package
    assert Path(locale).is_relative_to(target)
