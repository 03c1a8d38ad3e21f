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


#: Modules of every room: the engine, the notation, the front door, and what was once left to looser checks.
EVERY_ROOM = ["analyzer/engine/board.py", "notation/record/model.py", "analyzer/__init__.py",
              "analyzer/reports/zwickmuehle.py", "analyzer/batch/pool.py", "analyzer/cli/show.py",
              "analyzer/endgames/solver.py"]


@pytest.mark.parametrize("module", EVERY_ROOM)
def test_every_module_must_type_every_function(layout: Path, module: str) -> None:
    """A function without hints added to any module (through mypy's shadow file) is an error:
    the whole package is under mypy --strict."""
    shadow = layout / "shadow.py"
    shadow.write_text((ROOT / module).read_text(encoding="utf-8") + "\n\ndef untyped(x):\n    return x\n",
                      encoding="utf-8")
    done = mypy(layout, "--shadow-file", str(Path("muehle") / module), str(shadow))
    assert done.returncode != 0 and "Function is missing a type annotation" in done.stdout, done.stdout + done.stderr


@pytest.mark.parametrize("module", EVERY_ROOM)
def test_every_module_must_give_every_generic_its_type_arguments(layout: Path, module: str) -> None:
    """A bare ``list`` in a hint (mypy --strict's ``disallow_any_generics``) is an error in any module."""
    shadow = layout / "shadow.py"
    shadow.write_text((ROOT / module).read_text(encoding="utf-8") + "\n\ndef bare(x: list) -> list:\n    return x\n",
                      encoding="utf-8")
    done = mypy(layout, "--shadow-file", str(Path("muehle") / module), str(shadow))
    bare = 'Missing type arguments for generic type "list"' in done.stdout
    assert done.returncode != 0 and bare, done.stdout + done.stderr


#: mypy's settings that --strict turns on: none may be turned off again, for the package or a part of it.
STRICT_SETTINGS = ("warn_unused_configs", "disallow_any_generics", "disallow_subclassing_any", "disallow_untyped_calls",
                   "disallow_untyped_defs", "disallow_incomplete_defs", "check_untyped_defs",
                   "disallow_untyped_decorators", "warn_redundant_casts", "warn_unused_ignores", "warn_return_any",
                   "no_implicit_reexport", "strict_equality", "extra_checks")


def test_the_configuration_is_strict() -> None:
    """pyproject.toml says ``strict = true`` for mypy, and no override of a module takes back one of
    the checks --strict turns on (nor ignores the errors of a module of the package)."""
    tomllib = pytest.importorskip("tomllib", reason="tomllib is in Python 3.11 and later")
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert settings.get("strict") is True
    assert not [name for name in STRICT_SETTINGS if settings.get(name) is False]
    for entry in settings.get("overrides", []):
        modules = [entry["module"]] if isinstance(entry["module"], str) else entry["module"]
        if any(module.startswith("muehle") for module in modules):
            assert not [name for name in STRICT_SETTINGS if entry.get(name) is False], entry
            assert not entry.get("ignore_errors"), entry


def test_strict_is_what_makes_the_checks(layout: Path) -> None:
    """Without ``strict = true`` in the configuration, the checks above are not made: the setting
    itself is what holds the package to them (a configuration that dropped it would let a function
    without hints through)."""
    module = "analyzer/reports/zwickmuehle.py"
    loose = layout / "loose.toml"
    loose.write_text((ROOT / "pyproject.toml").read_text(encoding="utf-8").replace("\nstrict = true\n", "\n"),
                     encoding="utf-8")
    shadow = layout / "shadow.py"
    shadow.write_text((ROOT / module).read_text(encoding="utf-8") + "\n\ndef untyped(x):\n    return x\n",
                      encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(loose), "--cache-dir", str(layout / "cache"),
         "--explicit-package-bases", "--shadow-file", str(Path("muehle") / module), str(shadow), "muehle"],
        cwd=layout, capture_output=True, text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


#: A user's code, checked by mypy: what reading gives and what the replay takes. ``disallow-any-expr``
#: makes any expression typed ``Any`` an error here, so no ``Any`` hides on the way from ``read`` to
#: the replay.
RECORD_TYPES = '''\
# mypy: disallow-any-expr
from muehle.analyzer.engine.replay import Replay
from muehle.analyzer.engine.setup import replay_record
from muehle.analyzer.reports.verdict import judge_replay
from muehle.notation.reading import parser
from muehle.notation.reading.front_door import read
from muehle.notation.reading.splitter import Chunk
from muehle.notation.record.compactgame import CompactGame, CompactGameBuilder
from muehle.notation.record.model import Game, GameRecord
from muehle.notation.record.moverecord import MoveRecord

reveal_type(read("g.txt"))
reveal_type(read("g.txt", deferred=False))
reveal_type(read("g.txt", deferred=True))
reveal_type(read("g.txt", builder=CompactGameBuilder))
reveal_type(parser.read_games("1. d2 *"))
reveal_type(parser.read_games("1. d2 *", deferred=True))
reveal_type(parser.read_file("g.txt"))
reveal_type(parser.read_file("g.txt", "g.txt", True))
reveal_type(parser.read_lines(["1. d2 *"]))
reveal_type(parser.read_lines(["1. d2 *"], deferred=True))
reveal_type(parser._PARSERS.get_fast())
reveal_type(parser._parse_chunk(Chunk(first_line=1), "g.txt"))
reveal_type(parser._parse_deferred(Chunk(first_line=1), "g.txt"))
reveal_type(replay_record(next(read("g.txt", deferred=True))))
reveal_type(replay_record(next(read("g.txt"))).game)
reveal_type(judge_replay(next(read("g.txt", deferred=True)))[0])


def every_form(moves: MoveRecord, compact: CompactGame, whole: Game) -> list[GameRecord]:
    return [moves, compact, whole]


def deferred_is_not_a_game() -> Game:
    return next(read("g.txt", deferred=True))  # the one error: a cheap record is no Game


def deferred_maybe(deferred: bool) -> Game:
    return next(read("g.txt", deferred=deferred))  # and this one: it may be a cheap record
'''

#: What mypy reveals of each ``reveal_type`` above, in order (``muehle.notation.record.model`` as ``model``).
REVEALED = [
    "Iterator[model.Game]",
    "Iterator[model.Game]",
    "Iterator[model.GameRecord]",
    "Iterator[model.Game]",
    "Iterator[model.Game]",
    "Iterator[model.GameRecord]",
    "Iterator[model.Game]",
    "Iterator[model.GameRecord]",
    "Iterator[model.Game]",
    "Iterator[model.GameRecord]",
    "muehle.notation.reading.fastread.FastReader",
    "model.Game",
    "model.GameRecord",
    "muehle.analyzer.engine.replay.Replay",
    "model.GameRecord",
    "muehle.analyzer.reports.verdict.GameReport",
]


def test_reading_is_typed_as_what_it_gives(layout: Path) -> None:
    """``read(path)`` (and the parser's readers) give ``Game``s; with ``deferred=True`` (a well-formed
    game of notation read as a cheap ``MoveRecord``) ``GameRecord``s, the protocol that ``Game``,
    ``CompactGame`` and ``MoveRecord`` satisfy and that the one way to a replay, ``replay_record``,
    takes. Taking a deferred record for a ``Game`` is an error, and no expression on the way is ``Any``."""
    probe = layout / "record_types.py"
    probe.write_text(RECORD_TYPES, encoding="utf-8")
    done = mypy(layout, str(probe))
    said = [line.replace("muehle.notation.record.model.", "model.").replace("typing.", "")
            for line in done.stdout.splitlines() if line.startswith("record_types.py:")]
    revealed = [line.split('Revealed type is "', 1)[1][:-1] for line in said if "Revealed type is" in line]
    assert revealed == REVEALED, done.stdout
    errors = [line for line in said if ": error:" in line]
    lines = RECORD_TYPES.splitlines()
    wrong = [int(line.split(":")[1]) for line in errors]
    assert [lines[number - 1].split("#")[-1].strip() for number in wrong] == [
        "the one error: a cheap record is no Game", "and this one: it may be a cheap record"], done.stdout
    assert all("Incompatible return value type" in line for line in errors), done.stdout
