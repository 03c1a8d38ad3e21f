"""``muehle select``: write the games of some files that meet the criteria given, as they stand there.

The criteria are those of :class:`~muehle.analyzer.corpus.select.Selection`; the
games are read one at a time (:func:`~muehle.analyzer.corpus.select.select_games`).
A chosen game of a notation or PGN file is written verbatim, its text as the
splitter cut it (line breaks written as LF); one of a JSON, YAML or PlayOK
record, which has no text of its own, in the notation. ``--to FORMAT`` writes the
chosen games through ``muehle convert``'s writers instead. The contract is in
``docs/select.md``.

An input that cannot be read, and a game that cannot be read completely (a
syntax error: unless ``--invalid`` asks for such games and they are written as they
stand, not converted with ``--to``), is reported, located,
on standard error; the run stops there with exit status 1 and ``-o`` is left
untouched, or with ``--keep-going`` goes on with the other games and inputs, writes
what it chose, and exits 1.
"""

from __future__ import annotations

import sys
from contextlib import closing
from typing import Optional

import click

from muehle.analyzer.batch.progress import FileProgress
from muehle.analyzer.batch.validate import fewer_collections, read_stdin
from muehle.analyzer.cli import exits
from muehle.analyzer.cli.common import (
    RULES,
    OutputFile,
    echo_error,
    fails_cleanly,
    from_option,
    output_path,
    require_dask_or_exit,
    resolve_rules,
    workers_options,
)
from muehle.analyzer.cli.writing import WRITERS, record_writer, write_html
from muehle.analyzer.corpus.facts import FEATURES
from muehle.analyzer.corpus.select import ENDS, RESULTS, Selection, pick_games
from muehle.notation.reading.inputs import source_name
from muehle.notation.record.model import Game
from muehle.notation.text.errors import MuehleError
from muehle.notation.text.i18n import N_, _, composed
from muehle.notation.writing.writers import write_notation


def _tag_pairs(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """Click callback of ``--tag``: each ``KEY=VALUE`` as a pair; anything else is a usage error."""
    pairs = []
    for value in values:
        key, equals, wanted = value.partition("=")
        if not equals or not key.strip():
            raise click.BadParameter(_("'{value}' is not KEY=VALUE (a tag's name, '=', the value)").format(value=value), ctx=ctx,
                                     param=param)
        pairs.append((key.strip(), wanted))
    return tuple(pairs)


@click.command(name="select", help=(
    N_("Write the games of FILE... that meet every criterion given, as they stand in their files.\n\n"
       "FILE is a record in notation, PGN, PlayOK's numbered points, JSON or YAML (- for standard input). "
       "Names and tag values are compared whole, ignoring case. A game that cannot be read (a syntax error) "
       "or a file that cannot be read is reported on standard error and stops the run (exit status 1, "
       "-o untouched) unless --keep-going; --invalid chooses games with a syntax error like other invalid ones.\n\n"
       "Example (the games with a mill, as JSON):\n\n\b\n  muehle select examples/multi-game.txt --has mill --to json")))
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--player", metavar="NAME", help=N_("White or Black is NAME."))
@click.option("--white", metavar="NAME", help=N_("White is NAME."))
@click.option("--black", metavar="NAME", help=N_("Black is NAME."))
@click.option("--result", type=click.Choice(RESULTS, case_sensitive=False), default=None,
              help=N_("The record declares this result (*: it declares no finished result)."))
@click.option("--tag", "tags", multiple=True, metavar="KEY=VALUE", callback=_tag_pairs,
              help=N_("The tag KEY has the value VALUE (repeatable: each must hold)."))
@click.option("--valid/--invalid", "valid", default=None,
              help=N_("Only games that are valid (invalid) under their ruleset, as muehle validate judges them."))
@click.option("--rules", "rules_name", metavar="NAME|FILE", type=RULES,
              help=N_("Replay every game under this ruleset (a preset or a YAML file); default: each record's "
                      "Rules tag, else wmd."))
@click.option("--min-plies", type=click.IntRange(min=0), default=None, help=N_("At least N plies in the main line."))
@click.option("--max-plies", type=click.IntRange(min=0), default=None, help=N_("At most N plies in the main line."))
@click.option("--ended-by", "ended_by", multiple=True, type=click.Choice(ENDS, case_sensitive=False),
              help=N_("How the game ended on the board (declared: only the record's result ends it; unfinished: "
                      "nothing does). Repeatable: any of them."))
@click.option("--has", "has", multiple=True, type=click.Choice(list(FEATURES), case_sensitive=False),
              help=composed(lambda: _("What happened in the main line: {features}. Repeatable: all of them.").format(
                  features="; ".join(f"{name}: {_(text)}" for name, text in FEATURES.items()))))
@click.option("-o", "--output", metavar="OUT", default=None, callback=output_path,
              help=N_("Write here (atomically; never over an input) instead of standard output."))
@click.option("--to", "target", type=click.Choice(sorted(WRITERS), case_sensitive=False), default=None,
              help=N_("Write the chosen games in this format (as muehle convert does; they are written at the end) "
                      "instead of as they stand."))
@click.option("--keep-going", is_flag=True, default=False,
              help=N_("After a game or file that cannot be read, go on with the others (the exit status is 1 still)."))
@workers_options
@from_option
@fails_cleanly
def select(files: tuple[str, ...], player: Optional[str], white: Optional[str], black: Optional[str],
           result: Optional[str], tags: tuple[tuple[str, str], ...], valid: Optional[bool], rules_name: Optional[str],
           min_plies: Optional[int], max_plies: Optional[int], ended_by: tuple[str, ...], has: tuple[str, ...],
           output: Optional[str], target: Optional[str], keep_going: bool, jobs: int, scheduler: Optional[str],
           source_format: Optional[str]) -> None:
    if min_plies is not None and max_plies is not None and min_plies > max_plies:
        raise click.UsageError(_("--min-plies {least} is more than --max-plies {most}: no game has both").format(
            least=min_plies, most=max_plies))
    rules = resolve_rules(rules_name)
    if scheduler is not None:
        require_dask_or_exit()
    selection = Selection(player, white, black, result, tags, valid, min_plies, max_plies, ended_by, has)
    stdin = read_stdin() if "-" in files else None
    failed = False
    writer = record_writer(target) if target is not None else None  # (None: verbatim, or the HTML page)
    held: list[Game] = []  # (the HTML viewer's games)
    with FileProgress(files, source_names=source_name) as progress, fewer_collections(), \
            OutputFile(output, files, hold=not keep_going) as out, \
            closing(pick_games(files, selection, rules, stdin, source_format, keep_game=target is not None,
                               jobs=jobs, scheduler=scheduler)) as picks:
        for item in picks:
            # (a game with a syntax error is chosen with --invalid as it stands, but is not converted:
            # as muehle convert does, --to reports it)
            if isinstance(item, MuehleError) or (item.error is not None and (
                    valid is not False or (item.chosen and target is not None))):
                error = item if isinstance(item, MuehleError) else item.error
                assert error is not None
                progress.clear()
                echo_error(error)
                if not keep_going:
                    sys.exit(exits.FAILED)  # (nothing is written: the output is discarded)
                failed = True
                continue
            if item.chosen:
                if writer is not None and item.game is not None:
                    out.write(writer.game(item.game))
                elif target == "html" and item.game is not None:
                    held.append(item.game)
                elif item.text is not None:
                    out.write(item.text + "\n")
                elif item.game is not None:
                    out.write(write_notation([item.game]))
            progress.game(item.source, item.line, item.plies)
        if target == "html":
            if not held:
                raise MuehleError(_("no game was chosen, and an HTML viewer needs one"),
                                  source=", ".join(dict.fromkeys(source_name(name) for name in files)), code="empty")
            out.write(write_html(held))
        elif writer is not None:
            out.write(writer.end())
        out.commit()
    sys.exit(exits.outcome(not failed))
