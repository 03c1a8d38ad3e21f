"""The one way the tests run the ``muehle`` command: in this process, through click's test runner."""

from __future__ import annotations

from typing import Optional, Union

import click
from click.testing import CliRunner, Result

from muehle.analyzer.cli import cli


def run(*args: str, input: Optional[Union[str, bytes]] = None, charset: str = "utf-8") -> Result:
    """``muehle ARGS`` with ``input`` on standard input, on a terminal that encodes in ``charset``."""
    return CliRunner(charset=charset).invoke(cli, list(args), input=input)


def command_paths() -> list[list[str]]:
    """Every command of ``muehle`` as the words that call it: ``[]`` (``muehle`` itself),
    ``["validate"]``, ..., ``["endgames", "probe"]``."""
    context = click.Context(cli)
    paths: list[list[str]] = [[]]
    for name in cli.list_commands(context):
        paths.append([name])
        command = cli.get_command(context, name)
        if isinstance(command, click.Group):
            paths.extend([name, sub] for sub in command.list_commands(context))
    return paths
