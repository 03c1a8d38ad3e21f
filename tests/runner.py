"""The one way the tests run the ``muehle`` command: in this process, through click's test runner."""

from __future__ import annotations

from typing import Optional, Union

from click.testing import CliRunner, Result

from muehle.analyzer.cli import cli


def run(*args: str, input: Optional[Union[str, bytes]] = None, charset: str = "utf-8") -> Result:
    """``muehle ARGS`` with ``input`` on standard input, on a terminal that encodes in ``charset``."""
    return CliRunner(charset=charset).invoke(cli, list(args), input=input)
