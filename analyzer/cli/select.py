"""``muehle select``: write the games of some files that meet the criteria given, as they stand there.

The criteria are those of :class:`~muehle.analyzer.corpus.select.Selection`; the
games are read one at a time (:func:`~muehle.analyzer.corpus.select.select_games`).
A chosen game of a notation or PGN file is written verbatim, its text as the
splitter cut it (line breaks written as LF); one of a JSON, YAML or PlayOK
record, which has no text of its own, in the notation. ``--to FORMAT`` writes the
chosen games through ``muehle convert``'s writers instead. The contract is in
``docs/select.md``.

A game that cannot be read completely (a syntax error: unless ``--invalid`` asks for
such games and they are written as they stand, not converted with ``--to``) is reported,
located, on standard error, and the run goes on; so does an input that cannot be read, which
makes the exit status 1. ``--rest FILE`` writes the games not chosen there. The run ends with
a line on standard error: ``N of M games selected (K unreadable)``. ``--stop-on-error`` stops
at the first error instead (exit status 1, nothing written).
"""

from __future__ import annotations

import os
import re
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
    output_option,
    output_path,
    require_dask_or_exit,
    resolve_rules,
    workers_options,
)
from muehle.analyzer.cli.writing import WRITERS, fen_numbers_option, html_move_numbers, record_writer, write_html
from muehle.analyzer.corpus.facts import FEATURES
from muehle.analyzer.corpus.select import ENDS, RESULTS, Pick, Selection, pick_games
from muehle.notation.reading.inputs import source_name
from muehle.notation.record.model import Game
from muehle.notation.text.errors import MuehleError
from muehle.notation.text.i18n import N_, _, composed, ngettext
from muehle.notation.writing.writers import RecordWriter, write_notation


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
       "A name is found within the player's name, a tag's value is compared whole, both ignoring case "
       "(--regex: regular expressions). A game that cannot be read (a syntax error) is reported on standard error "
       "and skipped; --invalid chooses such games like other invalid ones. The last line on standard error says "
       "how many games were selected. Exit status: 0, or 1 when a file cannot be read (--stop-on-error: at the "
       "first error, writing nothing), 2 for usage errors.\n\n"
       "Example (the games with a mill, as JSON):\n\n\b\n  muehle select examples/multi-game.txt --has mill --to json")))
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--player", metavar="NAME", help=N_("White's or Black's name contains NAME (ignoring case)."))
@click.option("--white", metavar="NAME", help=N_("White's name contains NAME (ignoring case)."))
@click.option("--black", metavar="NAME", help=N_("Black's name contains NAME (ignoring case)."))
@click.option("--result", type=click.Choice(RESULTS, case_sensitive=False), default=None,
              help=N_("The record declares this result (*: it declares no finished result)."))
@click.option("--tag", "tags", multiple=True, metavar="KEY=VALUE", callback=_tag_pairs,
              help=N_("The tag KEY has the value VALUE, ignoring case (repeatable: each must hold)."))
@click.option("--regex", is_flag=True, default=False,
              help=N_("NAME and the tags' VALUE are regular expressions (Python's), searched in the name or value, "
                      "ignoring case: --player '^anna ' finds 'Anna Meier', --tag 'Round=^1$' round 1 alone."))
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
@output_option
@click.option("--to", "target", type=click.Choice(sorted(WRITERS), case_sensitive=False), default=None,
              help=N_("Write the chosen games in this format (as muehle convert does) instead of as they stand."))
@fen_numbers_option
@click.option("--rest", metavar="FILE", default=None, callback=output_path,
              help=N_("Also write the games not chosen to FILE, in the same form as the chosen ones (atomically; "
                      "never over an input)."))
@click.option("--keep-going/--stop-on-error", "keep_going", default=True,
              help=N_("After a game or file that cannot be read, go on with the others (the default), or stop "
                      "there with exit status 1 and write nothing."))
@workers_options()
@from_option
@fails_cleanly
def select(files: tuple[str, ...], player: Optional[str], white: Optional[str], black: Optional[str],
           result: Optional[str], tags: tuple[tuple[str, str], ...], valid: Optional[bool], rules_name: Optional[str],
           min_plies: Optional[int], max_plies: Optional[int], ended_by: tuple[str, ...], has: tuple[str, ...],
           output: Optional[str], target: Optional[str], fen_numbers: Optional[str], regex: bool, rest: Optional[str],
           keep_going: bool, jobs: int, scheduler: Optional[str], source_format: Optional[str]) -> None:
    if min_plies is not None and max_plies is not None and min_plies > max_plies:
        raise click.UsageError(_("--min-plies {least} is more than --max-plies {most}: no game has both").format(
            least=min_plies, most=max_plies))
    if regex:
        _check_expressions(player=player, white=white, black=black, tag=[value for _name, value in tags])
    if rest is not None:
        _check_rest(rest, output, target)
    move_numbers = html_move_numbers(fen_numbers, target)
    rules = resolve_rules(rules_name)
    if scheduler is not None:
        require_dask_or_exit()
    selection = Selection(player, white, black, result, tags, valid, min_plies, max_plies, ended_by, has, regex)
    stdin = read_stdin() if "-" in files else None
    games = selected = unreadable = unread_inputs = 0
    writer = record_writer(target) if target is not None else None  # (None: verbatim, or the HTML page)
    rest_writer = record_writer(target) if target is not None and rest is not None else None
    held: list[Game] = []  # (the HTML viewer's games)
    with FileProgress(files) as progress, fewer_collections(), \
            OutputFile(output, files, hold=not keep_going) as out, \
            OutputFile(rest, files) as rest_out, \
            closing(pick_games(files, selection, rules, stdin, source_format, keep_game=target is not None,
                               jobs=jobs, scheduler=scheduler, keep_rest=rest is not None)) as picks:
        for item in picks:
            if isinstance(item, MuehleError):
                progress.clear()
                echo_error(item)
                if not keep_going:
                    sys.exit(exits.FAILED)  # (nothing is written: the outputs are discarded)
                unread_inputs += 1
                continue
            games += 1
            # (a game with a syntax error is chosen with --invalid as it stands, but is not converted:
            # as muehle convert does, --to reports it)
            if item.error is not None and (valid is not False or (item.chosen and target is not None)):
                progress.clear()
                echo_error(item.error)
                if not keep_going:
                    sys.exit(exits.FAILED)  # (nothing is written: the output is discarded)
                unreadable += 1
                if rest is not None and target is None:  # (the rest, as it stands: nothing of the file is lost)
                    _write(rest_out, None, item)
            elif item.chosen:
                selected += 1
                if target == "html" and item.game is not None:
                    held.append(item.game)
                else:
                    _write(out, writer, item)
            elif rest is not None:
                _write(rest_out, rest_writer, item)
            progress.game(item.source, item.line, item.plies)
        progress.clear()
        if target == "html":
            if not held:
                raise MuehleError(_("no game was chosen, and an HTML viewer needs one"),
                                  source=", ".join(dict.fromkeys(source_name(name) for name in files)), code="empty")
            out.write(write_html(held, move_numbers=move_numbers))
        elif writer is not None:
            out.write(writer.end())
        if rest_writer is not None:
            rest_out.write(rest_writer.end())
        out.commit()
        rest_out.commit()
    click.echo(selected_line(selected, games, unreadable, unread_inputs), err=True)
    sys.exit(exits.outcome(not unread_inputs))


def selected_line(selected: int, games: int, unreadable: int = 0, unread_inputs: int = 0) -> str:
    """The summary ``select`` ends with: how many of the games read were selected, and how many
    could not be read (games, then inputs), when any.

    >>> selected_line(4, 6, 1), selected_line(0, 1), selected_line(2, 2, 0, 2)
    ('4 of 6 games selected (1 unreadable)', '0 of 1 game selected', '2 of 2 games selected (2 inputs unreadable)')
    """
    line = ngettext("{selected} of {games} game selected", "{selected} of {games} games selected", games).format(
        selected=selected, games=games)
    parts = []
    if unreadable:
        parts.append(_("{count} unreadable").format(count=unreadable))
    if unread_inputs:
        parts.append(ngettext("{count} input unreadable", "{count} inputs unreadable", unread_inputs).format(
            count=unread_inputs))
    return line + (" (" + ", ".join(parts) + ")" if parts else "")


def _write(out: OutputFile, writer: Optional[RecordWriter], item: Pick) -> None:
    """Write a game by ``writer`` (``--to``), else as it stands in its input: its text, or (one of a
    JSON, YAML or PlayOK record) in the notation."""
    if writer is not None and item.game is not None:
        out.write(writer.game(item.game))
    elif item.text is not None:
        out.write(item.text + "\n")
    elif item.game is not None:
        out.write(write_notation([item.game]))


def _check_expressions(**options: "Optional[str] | list[str]") -> None:
    """With ``--regex``: each name and tag value given must be a regular expression, or it is a
    usage error naming its option and what is wrong."""
    for option, given in options.items():
        for text in given if isinstance(given, list) else [given]:
            if text is None:
                continue
            try:
                re.compile(text)
            except re.error as error:
                raise click.BadParameter(_("'{text}' is not a regular expression: {reason}").format(
                    text=text, reason=error), param_hint=f"'--{option}'") from None


def _check_rest(rest: str, output: Optional[str], target: Optional[str]) -> None:
    """``--rest`` is a file other than ``-o``'s, and the viewer (one page of the games chosen) has none."""
    if rest == "-":
        raise click.BadParameter(_("the games not chosen go to a file, not to standard output"),
                                 param_hint="'--rest'")
    if output is not None and output != "-" and os.path.abspath(rest) == os.path.abspath(output):
        raise click.BadParameter(_("{name} is the output of -o too").format(name=rest), param_hint="'--rest'")
    if target == "html":
        raise click.BadParameter(_("--to html writes one page of the games chosen; the games not chosen "
                                   "cannot go with it"), param_hint="'--rest'")
