"""``muehle generate``: random legal games in the book's notation (or, written to a file whose
name says another format, in that one, as ``convert`` writes it).

The same ``--seed`` gives the same games. Every game validates under the ruleset
it was played under (named in its ``Rules`` tag), and its declared result agrees
with the board. A tag names presets only: games played under a ruleset from a file
validate with the same ``--rules FILE``, which standard error recalls.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import click

from muehle.analyzer.cli.common import fails_cleanly, output_path, resolve_rules, write_output
from muehle.analyzer.cli.convert import EXTENSIONS, WRITERS
from muehle.analyzer.play.generate import generate_games
from muehle.analyzer.engine.rules import DEFAULT_RULESET, preset_for_tag
from muehle.notation.writers import write_notation


@click.command(help="Generate random legal games in the book's notation (the same seed gives the "
                    "same games).\n\n"
                    "Example:\n\n\b\n  muehle generate --rules brettspielnetz --seed 7 --count 3 -o games.txt")
@click.option("--rules", "rules_name", default=DEFAULT_RULESET, show_default=True, metavar="NAME|FILE",
              help="Ruleset to play under (a preset or a YAML file).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the random choices.")
@click.option("--count", type=click.IntRange(min=0), default=1, show_default=True, help="Number of games.")
@click.option("-o", "--output", metavar="OUT", callback=output_path,
              help="Write here (atomically) instead of standard output, in the format its name says "
                   "(.json, .yaml/.yml, .pgn, .html/.htm; else notation).")
@fails_cleanly
def generate(rules_name: str, seed: int, count: int, output: Optional[str]) -> None:
    rules = resolve_rules(rules_name)
    assert rules is not None
    target = EXTENSIONS.get(Path(output).suffix.lower(), "notation") if output else "notation"
    games = generate_games(rules, seed, count)  # (one at a time into the notation)
    write_output(write_notation(games) if target == "notation" else WRITERS[target](list(games)), output)
    if preset_for_tag(rules.name) != rules:  # (a ruleset from a file)
        click.echo(f"note: the games' Rules tag says '{rules.name}', and a tag calls up the presets "
                   f"only: validate them with --rules {rules_name}", err=True)
