"""``muehle generate``: random legal games, in the book's notation or any format ``convert`` writes.

The same ``--seed`` gives the same games. They are written as they are made (with
``-o``, into a temporary file renamed at the end), with a progress line on a terminal, and
standard error ends with ``N games written to OUT``.
Every game validates under the ruleset it was played under (named in its ``Rules``
tag), and its declared result agrees with the board. A tag names presets only: games played under a ruleset from a file
validate with the same ``--rules FILE``, which standard error recalls.
"""

from __future__ import annotations

import sys
from typing import Optional

import click

from muehle.analyzer.batch.progress import Progress
from muehle.analyzer.cli.common import RULES, OutputFile, fails_cleanly, output_path, resolve_rules
from muehle.analyzer.cli.writing import (
    WRITERS,
    fen_numbers_option,
    html_move_numbers,
    record_writer,
    target_format,
    write_html,
)
from muehle.analyzer.engine.rules import DEFAULT_RULESET, preset_for_tag
from muehle.analyzer.pictures.style import is_terminal
from muehle.analyzer.play.generate import generate_games
from muehle.notation.record.model import Game
from muehle.notation.text.i18n import N_, _, ngettext


@click.command(help=N_("Generate random legal games in the book's notation (the same seed gives the "
                       "same games).\n\n"
                       "Example:\n\n\b\n  muehle generate --rules brettspielnetz --seed 7 --count 3 -o games.txt"))
@click.option("--rules", "rules_name", default=DEFAULT_RULESET, show_default=True, metavar="NAME|FILE", type=RULES,
              help=N_("Ruleset to play under (a preset or a YAML file)."))
@click.option("--seed", type=int, default=0, show_default=True, help=N_("Seed of the random choices."))
@click.option("--count", type=click.IntRange(min=0), default=1, show_default=True, help=N_("Number of games."))
@click.option("-o", "--output", metavar="OUT", callback=output_path,
              help=N_("Write here (atomically) instead of standard output."))
@click.option("--to", "target", default=None, type=click.Choice(sorted(WRITERS), case_sensitive=False),
              help=N_("Output format (default: the one the name of -o says, as for convert, else notation)."))
@fen_numbers_option
@fails_cleanly
def generate(rules_name: str, seed: int, count: int, output: Optional[str], target: Optional[str],
             fen_numbers: Optional[str]) -> None:
    target = target_format(target, output, default="notation")
    move_numbers = html_move_numbers(fen_numbers, target)
    rules = resolve_rules(rules_name)
    writer = record_writer(target)
    held: list[Game] = []  # (the HTML viewer's games)
    with OutputFile(output) as out, Progress(total=count, quiet=output in (None, "-") and is_terminal(sys.stdout),
                                             verb=N_("generated")) as progress:
        for number, game in enumerate(generate_games(rules, seed, count), 1):
            if writer is None:
                held.append(game)
            else:
                out.write(writer.game(game))
            progress.advance(plies=len(game.plies), done=number)
        if writer is None:
            if not held:
                raise click.UsageError(_("--count 0 makes no game, and an HTML viewer needs one"))
            out.write(write_html(held, move_numbers=move_numbers))
        else:
            out.write(writer.end())
        out.commit()
    if preset_for_tag(rules.name) != rules:  # (a ruleset from a file)
        click.echo(_("note: the games' Rules tag says '{name}', and a tag calls up the presets only: validate them "
                     "with --rules {rules}").format(name=rules.name, rules=rules_name), err=True)
    where = output if output not in (None, "-") else _("standard output")
    click.echo(ngettext("{count} game written to {output}", "{count} games written to {output}", count).format(
        count=count, output=where), err=True)
