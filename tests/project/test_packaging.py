"""The built wheel carries its grammar, rulesets, viewer assets, German catalog and type marker, and works away
from the checkout."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from paths import ROOT

SCRIPT = """
import muehle.grammars, muehle.notation.reading.parser as parser
from muehle.analyzer.engine.rules import load_ruleset
game = parser.parse_game("1. b4 d6 2. d2-b2")
print(muehle.grammars.__file__)
print(len(game.plies), game.plies[2].origin, game.plies[2].target)
print(load_ruleset("wmd").name)
from muehle.analyzer.pictures.html_viewer import asset, render_html
from muehle.analyzer.engine.replay import replay
page = render_html(game, replay(game))
print(asset("viewer.css") in page and asset("viewer.js") in page and "function Viewer(" in page)
from muehle.notation.text.errors import no_game
from muehle.notation.text.i18n import LOCALE_DIR, language
with language("de"):
    print(no_game())
print(LOCALE_DIR)
from muehle.notation.text.i18n import click_gettext
with language("de"):
    print(click_gettext("Usage:"))
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
    assert {"muehle/notation/text/locale/de/LC_MESSAGES/muehle.mo",
            "muehle/notation/text/locale/de/LC_MESSAGES/muehle.po",
            "muehle/notation/text/locale/de/LC_MESSAGES/click.mo"} <= names  # (click's words: "Aufruf:")


def test_wheel_marks_its_packages_as_typed(wheel: Path) -> None:
    """PEP 561: without py.typed, a user's type checker skips muehle's hints ("missing library
    stubs or py.typed marker"); the marker of a package covers its subpackages."""
    names = set(zipfile.ZipFile(wheel).namelist())
    for package in ("notation", "analyzer", "grammars"):
        assert f"muehle/{package}/py.typed" in names


def project_version() -> str:
    """The one source of the version: pyproject.toml's ``version``."""
    found = re.search(r'^version = "([^"]+)"$', (ROOT / "pyproject.toml").read_text(encoding="utf-8"), re.M)
    assert found
    return found.group(1)


def test_wheel_carries_the_package_s_own_files(wheel: Path) -> None:
    """``muehle`` is a regular package: its __init__.py (``__version__``) and __main__.py
    (``python -m muehle``) go where the installed subpackages are."""
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"muehle/__init__.py", "muehle/__main__.py"} <= names
    assert not any(name.startswith("muehle/analyzer/toplevel/") for name in names)


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel installed into a folder of its own."""
    target = tmp_path_factory.mktemp("site")
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--target", str(target), str(wheel)],
        check=True, capture_output=True,
    )
    return target


def run_installed(target: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Python with only the installed wheel to import muehle from: -S leaves out site-packages,
    so neither the checkout nor an editable install can answer."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONPATH"] = str(target)
    return subprocess.run([sys.executable, "-S", *args], cwd=cwd, env=env, capture_output=True, text=True)


def test_installed_wheel_runs_as_python_m_muehle_and_knows_its_version(installed: Path, tmp_path: Path) -> None:
    version = project_version()
    done = run_installed(installed, tmp_path, "-m", "muehle", "--version")
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"muehle, version {version}\n"
    done = run_installed(installed, tmp_path, "-c", "import muehle; print(muehle.__version__, muehle.__file__)")
    assert done.returncode == 0, done.stderr
    printed, where = done.stdout.split()
    assert printed == version and Path(where).is_relative_to(installed)
    rules = run_installed(installed, tmp_path, "-m", "muehle", "rules")
    assert rules.returncode == 0 and rules.stdout.startswith("wmd (default)"), rules.stderr


def test_python_m_muehle_runs_from_the_checkout_too() -> None:
    """From the checkout (its folder the working directory, as the tests run): the package as
    installed here (editable or not), not shadowed by a folder of the checkout."""
    done = subprocess.run([sys.executable, "-m", "muehle", "--version"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"muehle, version {project_version()}\n"
    usage = subprocess.run([sys.executable, "-m", "muehle", "convert"], cwd=ROOT, capture_output=True, text=True)
    assert usage.returncode == 2 and usage.stderr.startswith("Usage: muehle convert"), usage.stderr


def test_muehle_s_version_is_the_project_s() -> None:
    import muehle

    assert muehle.__version__ == project_version()
    with pytest.raises(AttributeError, match="module 'muehle' has no attribute 'version'"):
        getattr(muehle, "version")


def test_installed_wheel_finds_its_grammar_outside_the_checkout(installed: Path, tmp_path: Path) -> None:
    target = installed
    done = run_installed(target, tmp_path, "-c", SCRIPT)
    assert done.returncode == 0, done.stderr
    grammar_file, plies, preset, viewer, german, locale, click_word = done.stdout.splitlines()
    assert Path(grammar_file).is_relative_to(target)
    assert plies == "3 d2 b2"
    assert preset == "wmd"
    assert viewer == "True"  # the viewer's styles and script, read from the installed package
    assert german == "die Eingabe enthält keine Partie"  # the catalog, read from the installed package
    assert Path(locale).is_relative_to(target)
    assert click_word == "Aufruf:"  # the catalog of click's words, read from the installed package
