"""Every command's ``--help`` ends with one example, and the example runs as shown (from a folder
where ``examples/`` holds the shipped records)."""

from __future__ import annotations

import importlib.util
import os
import re
import shlex
from pathlib import Path

import click
import pytest

from muehle.analyzer.cli import cli
from paths import EXAMPLES
from runner import run

#: The exit status each example ends with, where it is not 0: validate's example shows broken rules.
STATUS = {("validate",): 1, ("repair",): 1}


def command_paths() -> list[tuple[str, ...]]:
    """The group, every command, and every command of a group of commands (``endgames build``)."""
    context = click.Context(cli)
    paths: list[tuple[str, ...]] = [()]
    for name in cli.list_commands(context):
        command = cli.get_command(context, name)
        paths.append((name,))
        if isinstance(command, click.Group):
            paths.extend((name, sub) for sub in command.list_commands(context))
    return paths


def example_of(path: tuple[str, ...]) -> list[str]:
    """The one example of ``muehle PATH --help``: the line under "Example" that runs muehle."""
    shown = run(*path, "--help")
    assert shown.exit_code == 0
    head, found, tail = shown.stdout.partition("\n  Example")
    assert found, f"muehle {' '.join(path)} --help shows no example"
    examples = re.findall(r"^ {4}(muehle .*)$", tail, flags=re.M)
    assert len(examples) == 1, examples
    args = shlex.split(examples[0])
    assert args[:1 + len(path)] == ["muehle", *path]
    return args[1:]


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working directory with the shipped examples under ``examples/``."""
    os.symlink(EXAMPLES, tmp_path / "examples", target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_every_command_is_covered() -> None:
    paths = command_paths()
    assert {(), ("convert",), ("validate",), ("rules",), ("generate",), ("analyze",), ("claim",), ("show",),
            ("positions",), ("select",), ("stats",), ("endgames",), ("endgames", "build"),
            ("endgames", "probe")} <= set(paths)


@pytest.mark.parametrize("path", [path for path in command_paths() if "endgames" not in path],
                         ids=lambda path: " ".join(path) or "muehle")
def test_the_example_of_each_command_runs(workspace: Path, path: tuple[str, ...]) -> None:
    args = example_of(path)
    result = run(*args)
    assert result.exit_code == STATUS.get(path, 0), result.output
    assert "Usage:" not in result.stderr and "Traceback" not in result.output
    if "-o" in args:  # written to its file, else printed
        assert (workspace / args[args.index("-o") + 1]).stat().st_size > 0
    else:
        assert result.stdout


@pytest.mark.slow
def test_the_examples_of_endgames_build_the_table_that_probe_reads(workspace: Path) -> None:
    """endgames and endgames build solve the 3 against 3 table into tables/; probe's example looks
    up a position in it: White (a1, d1, a7) to move has two mills to close, d1-a4 (a1-a4-a7) and
    a7-g1 (a1-d1-g1); either capture leaves Black (b2, d2, f6) two stones."""
    if importlib.util.find_spec("numpy") is None:
        pytest.skip("numpy is in the endgames extra")
    assert example_of(("endgames",)) == example_of(("endgames", "build"))
    built = run(*example_of(("endgames", "build")))
    assert built.exit_code == 0, built.output
    assert list((workspace / "tables").rglob("3v3.table"))
    probed = run(*example_of(("endgames", "probe")))
    assert probed.exit_code == 0, probed.output
    assert probed.stdout.startswith("value: win for White to move in 1 ply\n")
    assert "best plies: a7-g1xb2, a7-g1xd2, a7-g1xf6, d1-a4xb2, d1-a4xd2, d1-a4xf6\n" in probed.stdout
