"""``muehle show``: one position of a record as a board diagram, an SVG picture or a FEN.

The position is the one after the asked ply (``--ply N``, 0 for the start, or
``--move N --side white|black``), by default after the last ply. The record is
replayed up to there under its ruleset, so a position after an illegal ply cannot
be shown: the command names the illegal ply and how far showing is possible.
"""

from __future__ import annotations

from typing import Optional

import click

from muehle.analyzer.cli.common import (check_ply_choice, fails_cleanly, from_option, output_path, ply_of_move,
                                        ply_options, rules_option, stdout_is_utf8, write_output)
from muehle.analyzer.cli.game_input import GameInput, load_games
from muehle.analyzer.pictures.diagram import game_over_text, render_diagram
from muehle.analyzer.pictures.fen import FEN_FORMS, fen_of_record, start_fen
from muehle.analyzer.engine.setup import replay_from, rules_for
from muehle.analyzer.engine.rules import Ruleset
from muehle.analyzer.engine.replay import Replay
from muehle.analyzer.pictures.svg import MILL_HIGHLIGHTS, render_svg
from muehle.notation.errors import MuehleError, game_in, no_ply
from muehle.notation.model import Game
from muehle.notation.i18n import N_, _


#: What the diagram of a set-up position says when its FEN shows a finished game the board does
#: not decide (Sanmill's phase o after a resignation, a draw, a time loss: a FEN has no result).
FINISHED_BY_THE_FEN = N_("as the FEN says (phase o); the board does not tell how")


def _check_reachable(data: GameInput, game: Game, result: Replay, index: int) -> None:
    """Raise unless the replay got as far as ply ``index``."""
    if index <= len(result.records):
        return
    error = next(e for e in result.errors if e.code != "result-mismatch")
    raise data.located(MuehleError(
        _("the record has an illegal ply at ply {ply} ({message} [{code}]); showing is only possible up to "
          "ply {last}").format(ply=error.ply, message=error.message, code=error.code, last=len(result.records)),
        source=game.source, line=error.line, column=error.column, code=error.code,
    ))


@click.command(name="show")
@click.argument("file", metavar="FILE")
@click.option("--game", "game_number", type=click.IntRange(min=1), default=1, show_default=True,
              help=N_("Which game of the file (1 is the first)."))
@ply_options(ply_help=N_("Show the position after this ply (1 is the record's first, also after a set-up position; "
                          "0 the start). Default: the last."),
             move_help=N_("Show the position after this full move's ply of --side."))
@click.option("--svg", "svg_output", metavar="OUT.svg", default=None, callback=output_path,
              help=N_("Write an SVG picture here (atomically; '-' for standard output) instead of the diagram."))
@click.option("--mills", type=click.Choice(MILL_HIGHLIGHTS), default="last", show_default=True,
              help=N_("With --svg: which closed mills the picture highlights."))
@click.option("--fen", "show_fen", is_flag=True, help=N_("Print the position as Sanmill's FEN instead."))
@click.option("--fen-form", type=click.Choice(FEN_FORMS), default="current", show_default=True,
              help=N_("With --fen: Sanmill's current FEN (ending with ids:nodes) or its legacy one."))
@click.option("--ascii", "ascii_only", is_flag=True, help=N_("Draw the diagram with ASCII characters only."))
@click.option("--rules", default=None, metavar="NAME|FILE", callback=rules_option,
              help=N_("Ruleset (preset name or YAML file); default: the record's Rules tag, else wmd."))
@from_option
@click.pass_context
@fails_cleanly
def show(ctx: click.Context, file: str, game_number: int, ply: Optional[int], move: Optional[int], side: Optional[str],
         svg_output: Optional[str], mills: str, show_fen: bool, fen_form: str, ascii_only: bool,
         rules: Optional[Ruleset], source_format: Optional[str]) -> None:
    """Show the position after a ply of a record as a board diagram, SVG or FEN.

    FILE holds records in the notation, PGN, PlayOK's numbered points, JSON or YAML ('-' reads standard input).
    """
    check_ply_choice(ply, move, side)
    if svg_output is None and ctx.get_parameter_source("mills") is not click.core.ParameterSource.DEFAULT:
        raise click.UsageError("--mills goes with --svg (the diagram and the FEN show no mills)")
    if not show_fen and ctx.get_parameter_source("fen_form") is not click.core.ParameterSource.DEFAULT:
        raise click.UsageError("--fen-form goes with --fen")
    if svg_output == "-" and show_fen:
        raise click.UsageError("--svg - and --fen would both write to standard output")
    data = load_games(file, source_format)
    source = data.source
    game = data.pick(game_number)
    try:
        if game.errors:
            raise game.errors[0]
        chosen = rules_for(game, rules)
        start = start_fen(game, chosen.stones)
        result = replay_from(game, chosen, start)
        if move is not None:
            index = ply_of_move(game, result, move, side)
        elif ply is not None:
            if ply > len(game.plies):
                raise MuehleError(no_ply(ply, len(game.plies)), source=source, line=game.line)
            index = ply
        else:
            index = len(game.plies)
        _check_reachable(data, game, result, index)
    except MuehleError as error:
        raise data.located(error, game_number) from None
    position = result.position_after(index)
    last = result.record_at(index) if index else None
    if start is not None:
        line, column, _value = game.tag_place("FEN") or (game.line, 0, None)
        named = source if line else game_in(source, game_number)  # (a game read from JSON or YAML has no line)
        for note in start.notes:
            click.echo(MuehleError(note, source=named, line=line, column=column).format("note"), err=True)
    over = result.decided_by(index)
    if show_fen:
        click.echo(fen_of_record(result.records, index, start, game_over=over, form=fen_form,
                                 stones=result.rules.stones))
    if svg_output is not None:
        write_output(render_svg(position, last, mills), svg_output, inputs=[file])
    if not show_fen and svg_output is None:
        plain = ascii_only or not stdout_is_utf8()
        if over:
            ended: Optional[str] = game_over_text(result.outcome)
        elif not index and start is not None and start.finished:
            ended = _(FINISHED_BY_THE_FEN)
        else:
            ended = None
        click.echo(render_diagram(position, last, ascii=plain, flying=result.rules.flying, game_over=ended))
