"""``muehle generate``: random legal games in the book's notation.

The same ``--seed`` gives the same games. Every game validates under the ruleset
it was played under (named in its ``Rules`` tag), and its declared result agrees
with the board. A tag names presets only: games played under a ruleset from a file
validate with the same ``--rules FILE``, which standard error recalls.
"""

from __future__ import annotations

from typing import Optional

import click

from muehle.analyzer.cli.common import fails_cleanly, output_path, resolve_rules, write_output
from muehle.analyzer.play.generate import generate_games
from muehle.analyzer.engine.rules import DEFAULT_RULESET, preset_for_tag
from muehle.notation.writers import write_notation
from muehle.notation.i18n import N_


@click.command(help=N_("Generate random legal games in the book's notation (the same seed gives the "
                       "same games)."))
@click.option("--rules", "rules_name", default=DEFAULT_RULESET, show_default=True, metavar="NAME|FILE",
              help=N_("Ruleset to play under (a preset or a YAML file)."))
@click.option("--seed", type=int, default=0, show_default=True, help=N_("Seed of the random choices."))
@click.option("--count", type=click.IntRange(min=0), default=1, show_default=True, help=N_("Number of games."))
@click.option("-o", "--output", metavar="OUT", callback=output_path,
              help=N_("Write here (atomically) instead of standard output."))
@fails_cleanly
def generate(rules_name: str, seed: int, count: int, output: Optional[str]) -> None:
    rules = resolve_rules(rules_name)
    assert rules is not None
    write_output(write_notation(generate_games(rules, seed, count)), output)
    if preset_for_tag(rules.name) != rules:  # (a ruleset from a file)
        click.echo(f"note: the games' Rules tag says '{rules.name}', and a tag calls up the presets "
                   f"only: validate them with --rules {rules_name}", err=True)
