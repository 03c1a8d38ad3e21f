"""mypy finds no error in the package (it ships ``py.typed``, so users' checkers read its hints).

The checkout keeps ``notation/``, ``analyzer/`` and ``grammars/`` at the top level, and installed
they are ``muehle.notation`` and so on: the tests lay out a ``muehle`` folder of links to them
and check that, with the settings of ``[tool.mypy]`` in pyproject.toml.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from paths import ROOT

PACKAGES = ("notation", "analyzer", "grammars")

pytest.importorskip("mypy", reason="mypy is in the test extra: pip install '.[test]'")


@pytest.fixture(scope="module")
def layout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding ``muehle/`` (links to the checkout's packages) and mypy's cache."""
    where = tmp_path_factory.mktemp("typing")
    (where / "muehle").mkdir()
    for name in PACKAGES:
        os.symlink(ROOT / name, where / "muehle" / name, target_is_directory=True)
    return where


def mypy(where: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """mypy on the linked folder, given as files: ``-p muehle`` would check an installed copy
    instead where muehle is also installed (not editable, as in CI), and a shadow file would
    then shadow nothing."""
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
         "--cache-dir", str(where / "cache"), "--explicit-package-bases", *args, "muehle"],
        cwd=where, capture_output=True, text=True,
    )


def test_mypy_finds_no_error(layout: Path) -> None:
    done = mypy(layout)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(("module", "strict"), [
    ("analyzer/engine/board.py", True),      # a public module: every function typed in full
    ("notation/record/model.py", True),
    ("analyzer/reports/zwickmuehle.py", False),
])
def test_public_modules_must_type_every_function(layout: Path, module: str, strict: bool) -> None:
    """A function without hints added to a module (through mypy's shadow file) is an error in the
    public modules (notation, the engine, the front door) and allowed elsewhere."""
    shadow = layout / "shadow.py"
    shadow.write_text((ROOT / module).read_text(encoding="utf-8") + "\n\ndef untyped(x):\n    return x\n",
                      encoding="utf-8")
    done = mypy(layout, "--shadow-file", str(Path("muehle") / module), str(shadow))
    missing = "Function is missing a type annotation" in done.stdout
    assert (done.returncode != 0 and missing) if strict else done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(("module", "strict"), [
    ("analyzer/engine/events.py", True),     # the engine: mypy --strict's checks too
    ("analyzer/__init__.py", True),          # the front door
    ("notation/record/model.py", True),             # the notation
    ("analyzer/reports/zwickmuehle.py", False),
])
def test_the_engine_must_give_every_generic_its_type_arguments(layout: Path, module: str, strict: bool) -> None:
    """A bare ``list`` in a hint (mypy --strict's ``disallow_any_generics``) is an error in the
    engine and the front door, and allowed elsewhere."""
    shadow = layout / "shadow.py"
    shadow.write_text((ROOT / module).read_text(encoding="utf-8") + "\n\ndef bare(x: list) -> list:\n    return x\n",
                      encoding="utf-8")
    done = mypy(layout, "--shadow-file", str(Path("muehle") / module), str(shadow))
    bare = 'Missing type arguments for generic type "list"' in done.stdout
    assert (done.returncode != 0 and bare) if strict else done.returncode == 0, done.stdout + done.stderr


def test_every_module_of_the_notation_is_under_the_strict_checks() -> None:
    """pyproject.toml puts the whole notation (and the engine and the front door) under mypy
    --strict's other checks."""
    tomllib = pytest.importorskip("tomllib", reason="tomllib is in Python 3.11 and later")
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]["overrides"]
    strict = next(set(entry["module"]) for entry in settings if entry.get("disallow_any_generics"))
    assert {"muehle.notation", "muehle.notation.*"} <= strict
    assert {"muehle.analyzer.engine.*", "muehle.analyzer"} <= strict
