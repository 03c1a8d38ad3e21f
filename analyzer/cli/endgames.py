"""``muehle endgames``: build the endgame tables, probe a position in them, and count what they hold.

The tables need numpy (``pip install 'muehle[endgames]'``); without it the commands
say so and exit with status 1, and every other command works as before.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any, Optional

import click

from muehle.analyzer.cli.common import RULES, echo_data, fails_cleanly, require_numpy_or_exit, rules_option
from muehle.analyzer.endgames.settings import EndgameRules, endgame_rules, table_name
from muehle.analyzer.engine.rules import Ruleset, as_ruleset
from muehle.notation.text.errors import MuehleError, shortened
from muehle.notation.text.i18n import N_, _, ngettext

#: The most stones a side the tables may have (five would take some 40 million classes a table).
MOST_STONES = 4


class _ProgressLine:
    """A line on standard error (only on a terminal) saying which table is being solved and how far."""

    def __init__(self) -> None:
        self.shown = sys.stderr is not None and sys.stderr.isatty()
        self.last = 0.0

    def __call__(self, what: str, done: Optional[float]) -> None:
        now = time.monotonic()
        if self.shown and now - self.last > 0.2:
            self.last = now
            share = "" if done is None else f" {done:4.0%}"
            click.echo(f"\r{what}{share}\x1b[K", nl=False, err=True)

    def clear(self) -> None:
        if self.shown:
            click.echo("\r\x1b[K", nl=False, err=True)


@click.group(name="endgames")
def endgames() -> None:
    """Perfect play in endgames without stones in hand (3 or 4 stones a side).

    `build` solves the tables into a cache folder; `probe` looks a position up; `stats` counts
    the won, lost and drawn positions of each table.

    Example (the 3 against 3 table, into the folder tables):

    \b
      muehle endgames build --stones 3 --dir tables
    """


@endgames.command(name="build")
@click.option("--stones", type=click.IntRange(3, MOST_STONES), default=MOST_STONES, show_default=True,
              help=N_("Tables up to this many stones a side."))
@click.option("--rules", default=None, metavar="NAME|FILE", type=RULES, callback=rules_option,
              help=N_("Ruleset (preset name or YAML file) whose endgame settings to solve under; default wmd."))
@click.option("--dir", "directory", default=None, metavar="DIR",
              help=N_("Cache folder of the tables (default: the user's cache, e.g. ~/.cache/muehle/endgames)."))
@click.option("--force", is_flag=True, help=N_("Solve again the tables that are there already."))
@fails_cleanly
def build(stones: int, rules: Optional[Ruleset], directory: Optional[str], force: bool) -> None:
    """Solve the endgame tables and write them to the cache folder.

    Example (the 3 against 3 table, into the folder tables):

    \b
      muehle endgames build --stones 3 --dir tables
    """
    require_numpy_or_exit()
    # (numpy, an optional dependency: loaded only where a table is read or built)
    from muehle.analyzer.endgames.build import build_tables
    from muehle.analyzer.endgames.store import table_path  # (start-up: the tables' folders only for build)

    settings, progress = _settings(rules), _ProgressLine()
    _make_folder(table_path(directory, settings, (3, 3)).parent)
    try:
        for path, seconds, built in build_tables(settings, stones, directory, progress=progress, force=force):
            progress.clear()
            done = _("solved in {seconds} s").format(seconds=format(seconds, ".1f")) if built else _("there already")
            click.echo(f"{path} ({done})")
    finally:
        progress.clear()


@endgames.command(name="probe")
@click.argument("fen", metavar="FEN")
@click.option("--rules", default=None, metavar="NAME|FILE", type=RULES, callback=rules_option,
              help=N_("Ruleset (preset name or YAML file); default wmd."))
@click.option("--dir", "directory", default=None, metavar="DIR", help=N_("Cache folder of the tables."))
@click.option("--all", "every_ply", is_flag=True, help=N_("List every ply with its value, best first."))
@click.option("--format", "output_format", type=click.Choice(["text", "json"], case_sensitive=False), default="text",
              show_default=True, help=N_("Output format (json: one object with the value, the distance, the best "
                                         "plies and every ply with its value)."))
@fails_cleanly
def probe(fen: str, rules: Optional[Ruleset], directory: Optional[str], every_ply: bool, output_format: str) -> None:
    """Print the value of a position (a Sanmill FEN), its distance and every best ply.

    Example (White to move, three stones a side; the tables built by the example of build):

    \b
      muehle endgames probe "********/*@**@@**/****OO*O w m s 3 0 3 0 0 0 0 0 0 0 0 0 1" --dir tables
    """
    require_numpy_or_exit()
    from muehle.analyzer.endgames.probe import (  # (numpy, an optional dependency: loaded only where a table is read or built)
        covered,
        probe_masks,
    )
    from muehle.analyzer.endgames.store import load_table
    from muehle.analyzer.engine.fen import fen_to_position
    from muehle.notation.record.model import other_side, side_name

    position = fen_to_position(fen, source="<fen>").position
    side = position.to_move
    mover, other = position.stones(side), position.stones(other_side(side))
    counts = mover.bit_count(), other.bit_count()
    if position.in_hand_white or position.in_hand_black:
        raise MuehleError(_("the position has stones in hand; the endgame tables hold positions after the placing "
                            "phase"), source="<fen>", code="endgame-table")
    if not covered(position, stones=MOST_STONES):
        raise MuehleError(_("the endgame tables hold 3 to {most} stones a side, not {mover} (side to move) against "
                            "{other}").format(most=MOST_STONES, mover=counts[0], other=counts[1]), source="<fen>",
                          code="endgame-table")
    settings = _settings(rules)
    load_table(directory, settings, counts)  # (a missing table named before anything is printed)
    found = probe_masks(mover, other, settings, directory)
    value = found.value
    if output_format.lower() == "json":
        report: dict[str, Any] = {
            "fen": fen.strip(), "settings": settings.name, "table": table_name(counts), "side_to_move": side,
            "value": value.result, "distance": value.distance, "best": [ply.text for ply in found.best],
            "plies": [{"ply": ply.text, "value": ply_value.result, "distance": ply_value.distance}
                      for ply, ply_value in found.plies],
        }
        echo_data(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
        return
    name = side_name(side)
    click.echo(_("value: {result} for {side} to move").format(result=value.result, side=name) + (
        ngettext(" in {count} ply", " in {count} plies", value.distance).format(count=value.distance)
        if value.distance is not None else ""))
    click.echo(_("distance: {distance}").format(distance="-" if value.distance is None else value.distance))
    click.echo(_("best plies: {plies}").format(plies=", ".join(ply.text for ply in found.best)
                                              or _("- (no legal ply)")))
    if every_ply:
        for ply, ply_value in found.plies:
            click.echo(f"  {ply.text:<10} {ply_value}")


@endgames.command(name="stats")
@click.option("--stones", type=click.IntRange(3, MOST_STONES), default=MOST_STONES, show_default=True,
              help=N_("The tables up to this many stones a side."))
@click.option("--rules", default=None, metavar="NAME|FILE", type=RULES, callback=rules_option,
              help=N_("Ruleset (preset name or YAML file) whose tables to count; default wmd."))
@click.option("--dir", "directory", default=None, metavar="DIR", help=N_("Cache folder of the tables."))
@click.option("--format", "output_format", type=click.Choice(["text", "json"], case_sensitive=False), default="text",
              show_default=True, help=N_("Output format."))
@fails_cleanly
def stats(stones: int, rules: Optional[Ruleset], directory: Optional[str], output_format: str) -> None:
    """Count each table's classes and positions, the classes won, lost and drawn for the side
    to move, and the longest distance to the end.

    Example (the 3 against 3 table built by the example of build):

    \b
      muehle endgames stats --stones 3 --dir tables
    """
    require_numpy_or_exit()
    # (numpy, an optional dependency: loaded only where a table is read or built)
    from muehle.analyzer.endgames.solver import groups
    from muehle.analyzer.endgames.stats import table_stats

    settings = _settings(rules)
    found = [table_stats(settings, table, directory) for group in groups(stones) for table in group]
    if output_format.lower() == "json":
        report = {"settings": settings.name, "tables": [figures.to_dict() for figures in found]}
        echo_data(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
        return
    click.echo(_("tables {settings}: classes and positions; won, lost and drawn classes for the side to move; the "
                 "longest distance in plies").format(settings=settings.name))
    rows: list[tuple[str, ...]] = [(_("table"), _("classes"), _("positions"), _("won"), _("lost"), _("drawn"),
                                    _("longest"))]
    rows += [(figures.name, *(f"{count:,}" for count in (figures.classes, figures.positions, figures.won,
                                                         figures.lost, figures.drawn)),
              "-" if figures.longest is None else str(figures.longest)) for figures in found]
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    for row in rows:
        click.echo("  ".join(cell.ljust(width) if not column else cell.rjust(width)
                             for column, (cell, width) in enumerate(zip(row, widths))))


def _make_folder(folder: Path) -> None:
    """Make the folder the tables go to, before any is solved: one that cannot be made (a name
    too long, a file in the way, no permission) is an error that names it (a long name in part)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise MuehleError(_("cannot write the endgame table there: {reason}").format(reason=error.strerror or error),
                          source=shortened(str(folder)), code="io") from None


def _settings(rules: Optional[Ruleset]) -> EndgameRules:
    """The endgame settings of ``rules`` (default: the default ruleset)."""
    return endgame_rules(rules if rules is not None else as_ruleset(None))
