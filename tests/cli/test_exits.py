"""The exit statuses: named once (muehle.analyzer.cli.exits), each told in the README, and no module
of the command line exits with a bare number."""

from __future__ import annotations

import ast
import re
import signal

import click
import pytest

import muehle.analyzer.cli as command_line
from muehle.analyzer.cli import exits
from paths import ROOT

CLI_MODULES = sorted((ROOT / "analyzer" / "cli").glob("*.py"))
README = (ROOT / "README.md").read_text(encoding="utf-8")

#: The calls that end the command with a status.
_EXITS = {"exit", "_exit", "Exit", "SystemExit"}


def _called_name(call: ast.Call) -> str:
    function = call.func
    return function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", "")


def _exit_calls(tree: ast.AST) -> list[ast.Call]:
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call) and _called_name(node) in _EXITS]


def test_the_statuses_are_the_conventional_numbers() -> None:
    """0 and 1 as every Unix tool, 2 as click's usage errors, 128 + the signal after a signal."""
    assert (exits.OK, exits.FAILED, exits.USAGE, exits.INTERNAL) == (0, 1, 2, 3)
    assert exits.USAGE == click.UsageError("x").exit_code
    assert exits.INTERRUPTED == 128 + int(signal.SIGINT) == 130
    assert exits.TERMINATED == 128 + 15 == 143
    assert exits.BROKEN_PIPE == 128 + 13 == 141
    if hasattr(signal, "SIGPIPE"):
        assert exits.BROKEN_PIPE == 128 + int(signal.SIGPIPE)
        assert exits.TERMINATED == 128 + int(signal.SIGTERM)
    assert len(set(exits.STATUSES.values())) == len(exits.STATUSES)


def test_no_command_line_module_exits_with_a_bare_number() -> None:
    bare = []
    for path in CLI_MODULES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for call in _exit_calls(tree):
            numbers = [node for argument in call.args + [keyword.value for keyword in call.keywords]
                       for node in ast.walk(argument)
                       if isinstance(node, ast.Constant) and isinstance(node.value, int)
                       and not isinstance(node.value, bool)]
            if numbers and path.name != "exits.py":
                bare.append(f"{path.name}:{call.lineno}")
    assert bare == []


def test_the_ast_check_sees_a_bare_number() -> None:
    """The check above finds what it looks for (else it could not fail)."""
    tree = ast.parse("import sys\nsys.exit(0 if ok else 3)\nctx.exit(2)\nsys.exit(exits.FAILED)\n")
    calls = _exit_calls(tree)
    assert [call.lineno for call in calls] == [2, 3, 4]
    assert [any(isinstance(node, ast.Constant) for node in ast.walk(call.args[0])) for call in calls] == [
        True, True, False]


def test_every_status_the_command_line_uses_is_named_in_exits() -> None:
    used = set()
    for path in CLI_MODULES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "exits":
                used.add(node.attr)
    statuses = used - {"outcome", "signalled"}
    assert statuses and statuses <= set(exits.STATUSES)
    assert {"FAILED", "INTERNAL", "INTERRUPTED", "TERMINATED", "BROKEN_PIPE"} <= statuses


def test_every_status_is_told_in_the_readme() -> None:
    told = re.search(r"^Exit statuses\b(.+?)\n\n", README, re.S | re.M)
    assert told is not None
    numbers = {int(number) for number in re.findall(r"\*\*(\d+)\*\*", told.group(1))}
    assert numbers == set(exits.STATUSES.values())
    assert "internal error" in told.group(1)


def test_an_internal_error_is_one_line_and_status_three(monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a fault of muehle's own")

    monkeypatch.delenv("MUEHLE_DEBUG", raising=False)
    monkeypatch.setattr(command_line.cli, "main", broken)
    with pytest.raises(SystemExit) as stopped:
        command_line.main(["rules"])
    assert stopped.value.code == exits.INTERNAL == 3
    assert capsys.readouterr().err == (
        "muehle: internal error: RuntimeError: a fault of muehle's own (set MUEHLE_DEBUG=1 for details)\n")
