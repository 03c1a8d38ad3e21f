"""``muehle repair``: for each game that does not replay legally, the readings of its record
that make it legal, best first (the search is :mod:`muehle.analyzer.repair.search`).

Text output: the game's first error as ``muehle validate`` words it, then the suggested
repairs, each edit with the line and column of the ply as written, and a summary line;
``--format json`` prints one JSON array with one object per game (``docs/repair-schema.json``).
``-o OUT`` writes the games with their best repair applied (the format by the name of OUT, as
``muehle convert`` writes them); a legal game, or one without a repair, is written as it was
read. Exit status: 0 when every game is legal, 1 when any is not (repaired or not) or an input
cannot be read, 2 for usage errors.
"""

from __future__ import annotations

import json
import sys
from contextlib import closing
from dataclasses import dataclass
from functools import partial
from typing import Optional

import click

from muehle.analyzer.batch.progress import FileProgress
from muehle.analyzer.batch.sources import SourcedGame, each_game
from muehle.analyzer.batch.validate import fewer_collections, read_stdin
from muehle.analyzer.cli import exits
from muehle.analyzer.cli.common import (
    RULES,
    OutputFile,
    checked_jobs,
    echo_error,
    fails_cleanly,
    from_option,
    output_path,
    resolve_rules,
    stdout_is_utf8,
)
from muehle.analyzer.cli.writing import record_writer, target_format
from muehle.analyzer.engine.rules import Ruleset
from muehle.analyzer.repair.report import repaired_game, report_dict, report_lines
from muehle.analyzer.repair.search import TOP, RepairReport, repair
from muehle.notation.record.model import Game
from muehle.notation.text.errors import MuehleError, game_in, visible
from muehle.notation.text.i18n import N_, _, ngettext


@dataclass
class GameRepair:
    """What the search found for one game, as a worker sends it back: the report, or the error
    that kept the game from being searched (an unknown ruleset, a bad FEN); the game itself when
    it is to be written (``-o``)."""

    source: str
    line: int
    plies: int
    report: Optional[RepairReport]
    error: Optional[MuehleError]
    syntax: list[MuehleError]
    game: Optional[Game]


def repair_one(item: SourcedGame, rules: Optional[Ruleset], top: int, budget: Optional[int],
               keep_game: bool) -> GameRepair:
    """The :class:`GameRepair` of one game (run in a worker with ``--jobs``)."""
    game = item.game
    report: Optional[RepairReport] = None
    error: Optional[MuehleError] = None
    try:
        report = repair(game, rules, top=top, budget=budget)
    except MuehleError as failure:
        error = failure
    return GameRepair(item.source, game.line, len(game.plies), report, error, list(game.errors),
                      game if keep_game else None)


@click.command(name="repair", help=N_(
    "Find the game that was played behind a record that does not replay legally: the cheapest "
    "scorekeeper's slips (a letter or digit of a point, origin and target swapped, a capture left out, "
    "miswritten or added, a ply left out or written twice, two plies in the wrong order, a wrong move "
    "number) whose undoing makes the whole game legal, best first.\n\n"
    "FILE is a record in notation, PGN, PlayOK's numbered points, JSON or YAML (- for standard input). "
    "Exit status: 0 when every game is legal, 1 when any is not (repaired or not) or a file cannot be "
    "read, 2 for usage errors.\n\n"
    "Example:\n\n\b\n  muehle repair examples/repair-slips.txt"))
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--rules", "rules_name", metavar="NAME|FILE", type=RULES,
              help=N_("Ruleset for every game (a preset or a YAML file); default: each record's Rules tag, else wmd."))
@click.option("--format", "output_format", type=click.Choice(["text", "json"], case_sensitive=False), default="text",
              show_default=True, help=N_("Lines for people, or one JSON array."))
@click.option("--top", type=click.IntRange(min=1, max=100), default=TOP, show_default=True,
              help=N_("How many repairs to show for each game, best first."))
@click.option("--budget", type=click.IntRange(min=1), default=None,
              help=N_("The most plies the search of one game replays (default: 4000 per ply of the game, "
                      "at least 200000); then it says so and keeps the best it found."))
@click.option("-o", "--output", metavar="OUT", default=None, callback=output_path,
              help=N_("Write the games with their best repair applied to OUT (its format by its name, as muehle "
                      "convert writes them: .txt, .pgn, .json, .yaml), every edit kept as a comment and a tag; the "
                      "report still goes to standard output."))
@click.option("--jobs", type=click.IntRange(min=0), default=1, show_default=True, callback=checked_jobs,
              help=N_("Worker processes that search the games (0: one per processor; 1: this process alone; at "
                      "most 256, and no more than the largest file has pieces of 64 KB); the output is the same for "
                      "any number."))
@from_option
@fails_cleanly
def repair_command(files: tuple[str, ...], rules_name: Optional[str], output_format: str, top: int,
                   budget: Optional[int], output: Optional[str], jobs: int, source_format: Optional[str]) -> None:
    rules = resolve_rules(rules_name)
    target = None
    if output is not None:
        if output == "-":
            raise click.UsageError(_("-o writes the repaired records to a file; the report goes to standard output"))
        target = target_format(None, output, default="notation")
        if target == "html":
            raise click.UsageError(_("-o takes a record: a name ending in .txt, .pgn, .json, .yaml or .yml"))
    writer = record_writer(target) if target is not None else None
    stdin = read_stdin() if "-" in files else None
    json_output = output_format == "json"
    ascii_only = not stdout_is_utf8()
    out = sys.stdout
    counts = {"games": 0, "legal": 0, "repaired": 0, "unrepaired": 0}
    failed = False
    first = True
    if json_output:
        out.write("[")
    per_game = partial(repair_one, rules=rules, top=top, budget=budget, keep_game=writer is not None)
    with FileProgress(files, quiet=json_output) as progress, fewer_collections(), \
            OutputFile(output, files) as written, \
            closing(each_game(files, per_game, stdin, source_format, jobs)) as results:
        for item in results:
            if isinstance(item, MuehleError):
                progress.clear()
                echo_error(item)
                failed = True
                continue
            index, found = item
            counts["games"] += 1
            progress.game(found.source, found.line, found.plies)
            for error in found.syntax:  # the reader's error first
                progress.clear()
                echo_error(error)
            report = found.report
            if found.error is not None or report is None:
                progress.clear()
                if found.error is not None:
                    echo_error(found.error)
                counts["unrepaired"] += 1
            else:
                if report.valid:
                    counts["legal"] += 1
                elif report.repaired:
                    counts["repaired"] += 1
                else:
                    counts["unrepaired"] += 1
                if json_output:
                    text = json.dumps(report_dict(report, index, found.source), ensure_ascii=ascii_only)
                    out.write(("\n" if first else ",\n") + text)
                    first = False
                elif not report.valid:
                    progress.clear()
                    out.write(_text(report, found, index, ascii_only))
                    out.flush()
            # (a game read in part is not written: its reader's error says why)
            if writer is not None and found.game is not None and not found.syntax:
                fixed = repaired_game(found.game, report) if report is not None and not report.valid else None
                written.write(writer.game(fixed if fixed is not None else found.game))
        if writer is not None:
            written.write(writer.end())
        written.commit()
    if json_output:
        out.write("\n]\n" if not first else "]\n")
    else:
        out.write(_summary(counts) + "\n")
    out.flush()
    sys.exit(exits.outcome(not failed and counts["games"] == counts["legal"]))


def _text(report: RepairReport, found: GameRepair, index: int, ascii_only: bool) -> str:
    """A game's part of the text report: its first error, compiler-style, and the repairs under it."""
    lines = []
    error = report.error
    if error is not None and not found.syntax:
        said = getattr(error, "message", "")
        code = getattr(error, "code", "")
        line, column = getattr(error, "line", 0), getattr(error, "column", 0)
        shown = MuehleError(f"{said} [{code}]", source=found.source if line else game_in(found.source, index),
                            line=line, column=column)
        lines.append(shown.format("error"))
    lines.extend(report_lines(report))
    text = "".join(visible(line) + "\n" for line in lines)
    return text.encode("ascii", "backslashreplace").decode("ascii") if ascii_only else text


def _summary(counts: dict[str, int]) -> str:
    """The last line: how many games, how many legal, repaired, not repaired."""
    return ngettext("{games} game: {legal} legal, {repaired} repaired, {unrepaired} not repaired",
                    "{games} games: {legal} legal, {repaired} repaired, {unrepaired} not repaired",
                    counts["games"]).format(**counts)

