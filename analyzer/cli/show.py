"""``muehle show``: one position of a record as a board diagram, an SVG picture or a FEN.

The position is the one after the asked ply (``--ply N``, 0 for the start, or
``--move N --side white|black``), by default after the last ply. The record is
replayed up to there under its ruleset. A position after an illegal ply does not
exist: the command shows the last legal one instead (the position to restore, as
``validate`` reports it), names the illegal ply on standard error and exits with 1.

``--best`` marks the best plies of the side to move that the endgame tables name
(``muehle endgames build``; needs numpy) and says the value; a position no table holds
is shown without marks, with the reason (see ``docs/endgames.md``).
"""

from __future__ import annotations

import sys
from typing import Any, NamedTuple, Optional, Sequence

import click

from muehle.analyzer.cli import exits
from muehle.analyzer.cli.common import (
    ALL_GAMES,
    GameChoice,
    check_ply_choice,
    chosen_games,
    colour_for,
    colour_option,
    echo_error,
    fails_cleanly,
    from_option,
    game_title,
    given,
    no_move,
    output_path,
    ply_of_move,
    ply_options,
    record_rules_option,
    require_numpy_or_exit,
    stdout_is_utf8,
    write_output,
)
from muehle.analyzer.cli.game_input import GameInput
from muehle.analyzer.cli.within_turn import fen_notes, set_up_within_a_turn, within_a_turn_notes
from muehle.analyzer.engine.board import Position
from muehle.analyzer.engine.fen import (
    DEFAULT_FEN_FORM,
    FEN_FORMS,
    MOVE_NUMBERS,
    FenPosition,
    fen_of_record,
    fen_text,
)
from muehle.analyzer.engine.replay import Replay
from muehle.analyzer.engine.rules import Ruleset
from muehle.analyzer.engine.setup import replay_record
from muehle.analyzer.pictures.diagram import game_over_text, render_diagram
from muehle.analyzer.pictures.svg import DEFAULT_SIZE, MAX_SIZE, MILL_HIGHLIGHTS, MIN_SIZE, render_svg
from muehle.notation.record.model import Game
from muehle.notation.text.errors import MuehleError, game_in, no_ply, visible
from muehle.notation.text.i18n import N_, _


def _last_legal(data: GameInput, game: Game, result: Replay, index: int) -> tuple[int, Optional[MuehleError]]:
    """The ply to show for ``index``: ``index`` itself when the replay got that far, else the last
    legal ply (the position to restore, WMD 6), with the located error that says so."""
    if index <= len(result.records):
        return index, None
    from muehle.analyzer.reports.analysis import PlyNames  # (start-up: the analysis only for this error)

    error = next(e for e in result.errors if e.code != "result-mismatch")
    shown = len(result.records)
    start = _("the set-up position") if result.set_up else _("the start")
    where = _("after {ply}").format(ply=PlyNames(game.plies, result.start).move(shown)) if shown else start
    return shown, data.located(MuehleError(
        _("the record has an illegal ply at ply {ply} ({message} [{code}]); shown is the last legal position, "
          "{where} (ply {shown})").format(ply=error.ply, message=error.message, code=error.code, where=where,
                                          shown=shown),
        source=game.source, line=error.line, column=error.column, code=error.code,
    ))


@click.command(name="show")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--game", "game_choice", type=GameChoice(), default=1, show_default=True,
              help=N_("Which game of each file (1 is the first), or 'all'."))
@ply_options(ply_help=N_("Show the position after this ply (1 is the record's first, also after a set-up position; "
                          "0 the start). Default: the last."),
             move_help=N_("Show the position after this full move's ply of --side."))
@click.option("--svg", "svg_output", metavar="OUT.svg", default=None, callback=output_path,
              help=N_("Write an SVG picture here (atomically; '-' for standard output) instead of the diagram."))
@click.option("--mills", type=click.Choice(MILL_HIGHLIGHTS, case_sensitive=False), default="last", show_default=True,
              help=N_("With --svg: which closed mills the picture highlights."))
@click.option("--size", "svg_size", type=click.IntRange(MIN_SIZE, MAX_SIZE), default=DEFAULT_SIZE, show_default=True,
              metavar="PX", help=N_("With --svg: the picture's width in pixels (the height follows)."))
@click.option("--flip", "flip", is_flag=True,
              help=N_("With --svg: turn the board round, Black's side at the bottom (the coordinates follow)."))
@click.option("--fen", "show_fen", is_flag=True, help=N_("Print the position as Sanmill's FEN instead."))
@click.option("--fen-form", type=click.Choice(FEN_FORMS, case_sensitive=False), default=DEFAULT_FEN_FORM,
              show_default=True,
              help=N_("With --fen: Sanmill's current FEN (ending with ids:nodes) or its legacy one."))
@click.option("--fen-numbers", type=click.Choice(MOVE_NUMBERS, case_sensitive=False), default="record",
              show_default=True,
              help=N_("With --fen: field 17 as the record numbers its moves, or as Sanmill counts (every action, "
                      "each removal one)."))
@click.option("--ascii", "ascii_only", is_flag=True, help=N_("Draw the diagram with ASCII characters only."))
@record_rules_option
@click.option("--best", "best_wanted", is_flag=True,
              help=N_("Mark the best plies the endgame tables name and print the value (needs numpy and the tables)."))
@click.option("--endgames-dir", default=None, metavar="DIR", help=N_("With --best: the endgame tables' cache folder."))
@from_option
@colour_option
@fails_cleanly
def show(files: tuple[str, ...], game_choice: "int | str", ply: Optional[int], move: Optional[int],
         side: Optional[str], svg_output: Optional[str], mills: str, svg_size: int, flip: bool, show_fen: bool,
         fen_form: str, fen_numbers: str, ascii_only: bool, rules: Optional[Ruleset], best_wanted: bool,
         endgames_dir: Optional[str], source_format: Optional[str]) -> None:
    """Show the position after a ply of a record as a board diagram, SVG or FEN.

    FILE holds records in the notation, PGN, PlayOK's numbered points, JSON or YAML ('-' reads standard input).
    With several files or --game all, the position of each chosen game is shown in turn (a FEN a line;
    a diagram under its game's heading); --svg draws one game only.

    Example (the position after White's 18th move):

    \b
      muehle show examples/schuermann-book-game.txt --move 18
    """
    check_ply_choice(ply, move, side)
    for wrong, message in (
        (svg_output is None and given("mills"), N_("--mills goes with --svg (the diagram and the FEN show no mills)")),
        (svg_output is None and given("svg_size"), N_("--size goes with --svg (the size of the picture)")),
        (svg_output is None and flip, N_("--flip goes with --svg (the diagram and the FEN are not turned)")),
        (not show_fen and given("fen_form"), N_("--fen-form goes with --fen")),
        (not show_fen and given("fen_numbers"), N_("--fen-numbers goes with --fen")),
        (svg_output == "-" and show_fen, N_("--svg - and --fen would both write to standard output")),
        (best_wanted and show_fen, N_("--best goes with the diagram or --svg (a FEN has no marks)")),
        (endgames_dir is not None and not best_wanted, N_("--endgames-dir goes with --best")),
    ):
        if wrong:
            raise click.UsageError(_(message))
    if best_wanted:
        require_numpy_or_exit()
    several = len(files) > 1 or game_choice == ALL_GAMES
    if several and svg_output is not None:
        raise click.UsageError(_("--svg draws one game: give one FILE and one --game N"))
    wanted = Wanted(svg_output, mills, svg_size, flip, show_fen, fen_form, given("fen_form"), fen_numbers.lower(),
                    ascii_only, best_wanted, endgames_dir)
    errors: list[MuehleError] = []
    first = True
    for data, numbers in chosen_games(files, game_choice, source_format, errors):
        for number in numbers:
            try:
                if not first and not show_fen:
                    click.echo()
                _show_one(data, number, ply, move, side, rules, wanted, several and not show_fen, files)
                first = False
            except MuehleError as error:
                if not several:
                    raise  # (one game: its error is told after its output, as any command tells it)
                errors.append(error)
    for problem in errors:
        echo_error(problem)
    if errors:
        sys.exit(exits.FAILED)


class Wanted(NamedTuple):
    """What ``show`` makes of a position: an SVG picture (``--svg``, ``--mills``, ``--size``,
    ``--flip``), a FEN (``--fen``, ``--fen-form`` and whether it was given: a FEN written back as
    read keeps its own form unless it was, ``--fen-numbers``), else the diagram (``--ascii``);
    and the best plies (``--best``, ``--endgames-dir``)."""

    svg_output: Optional[str]
    mills: str
    size: int
    flip: bool
    fen: bool
    fen_form: str
    form_asked: bool
    fen_numbers: str
    ascii_only: bool
    best: bool
    endgames_dir: Optional[str]


def _show_one(data: GameInput, game_number: int, ply: Optional[int], move: Optional[int], side: Optional[str],
              rules: Optional[Ruleset], wanted: Wanted, heading: bool, inputs: tuple[str, ...]) -> None:
    """Show the chosen position of game ``game_number`` of ``data`` (under its title, with ``heading``);
    a located error when it cannot be shown. ``inputs``: the files an SVG may not be written over."""
    source = data.source
    game = data.pick(game_number)
    try:
        if game.errors:
            raise game.errors[0]
        within = set_up_within_a_turn(game, rules)
        if within is not None:
            _check_no_ply(game, ply, move, side)
    except MuehleError as error:
        raise data.located(error, game_number) from None
    if within is not None:
        _show_within_a_turn(data, game, game_number, within, wanted, heading, inputs)
        return
    try:
        result = replay_record(game, rules)
        start = result.fen_start
        if move is not None:
            index = ply_of_move(game, result, move, side)
        elif ply is not None:
            if ply > len(game.plies):
                raise MuehleError(no_ply(ply, len(game.plies)), source=source, line=game.line)
            index = ply
        else:
            index = len(game.plies)
        index, illegal = _last_legal(data, game, result, index)
    except MuehleError as error:
        raise data.located(error, game_number) from None
    position = result.position_after(index)
    last = result.record_at(index) if index else None
    for note in fen_notes(source, game, game_number, start.notes if start is not None else ()):
        echo_error(note, "note")
    over = result.decided_by(index)
    best: Sequence[Any] = ()
    said = ""
    if wanted.best:
        finished = bool(over) or (not index and start is not None and start.finished)
        best, said = _best_plies(position, result.rules, finished, wanted.endgames_dir)
    if wanted.fen:
        click.echo(fen_of_record(result.records, index, start, game_over=over, form=wanted.fen_form,
                                 stones=result.rules.stones, mills=result.mills, move_numbers=wanted.fen_numbers))
    if wanted.svg_output is not None:
        title = svg_title(game, game_number, source, result, index)
        write_output(render_svg(position, last, wanted.mills, best=best, title=title, hands=True, flip=wanted.flip,
                                size=wanted.size, geometry=result.rules.geometry), wanted.svg_output, inputs=inputs)
    if not wanted.fen and wanted.svg_output is None:
        plain = wanted.ascii_only or not stdout_is_utf8()
        if over:
            ended: Optional[str] = game_over_text(result.outcome)
        elif not index and start is not None and start.finished:
            # (a set-up position whose FEN shows a game finished in a way the board does not decide:
            # Sanmill's phase o after a resignation, a draw, a time loss; a FEN has no result)
            ended = _("as the FEN says (phase o); the board does not tell how")
        else:
            ended = None
        if heading:
            click.echo(visible(game_title(game.tags, result.rules.name, source, game_number)))
        colour = colour_for(sys.stdout)
        click.echo(render_diagram(position, last, ascii=plain, flying=result.rules.flying, game_over=ended,
                                  best=best, colour=colour, geometry=result.rules.geometry,
                                  flying_at=result.rules.flying_at, lose_below=result.rules.lose_below), color=colour)
    if said:
        click.echo(said, err=wanted.svg_output == "-")
    if illegal is not None:  # (the picture is shown; the record is still bad)
        raise data.located(illegal, game_number)


#: What ``show`` notes of a set-up position in the middle of a turn, which it shows as its FEN says.
WITHIN_A_TURN = N_("the set-up position stands in the middle of a turn ({side} still has to remove a stone); it is "
                   "shown as the FEN says, and no ply of a record can follow it")
WITHIN_A_TURN_FIELD = N_("the set-up position stands in the middle of a turn ({side} still has to remove a stone: "
                         "{what}, FEN field {number} '{text}'); it is shown as the FEN says, and no ply of a record "
                         "can follow it")


def _check_no_ply(game: Game, ply: Optional[int], move: Optional[int], side: Optional[str]) -> None:
    """The position of a record of no ply is its set-up position, ``--ply 0``: any other ply or
    move is an error, as for any record of no ply."""
    if move is not None:
        raise MuehleError(f"{no_move(move, side)}: " + _("the record has no plies (its position is --ply 0)"),
                          source=game.source, line=game.line)
    if ply:
        raise MuehleError(no_ply(ply, 0), source=game.source, line=game.line)


def _show_within_a_turn(data: GameInput, game: Game, game_number: int, within: tuple[FenPosition, Ruleset],
                        wanted: Wanted, heading: bool, inputs: tuple[str, ...]) -> None:
    """Show the set-up position of a record of no ply that stands in the middle of a turn: the FEN
    written back as read (``fen_text``, in its own form unless ``--fen-form`` asks for one), or the diagram or the SVG of its
    board, with a note at the FEN tag on standard error that says who still has to remove a stone."""
    start, rules = within
    source = data.source
    for note in within_a_turn_notes(data, game, game_number, start, WITHIN_A_TURN, WITHIN_A_TURN_FIELD):
        echo_error(note, "note")
    position = start.position
    if wanted.fen:
        click.echo(fen_text(start, form=wanted.fen_form if wanted.form_asked else None))
    if wanted.svg_output is not None:
        title = f"{_game_name(game, game_number, source)}: " + _("the set-up position")
        write_output(render_svg(position, None, wanted.mills, title=title, hands=True, flip=wanted.flip,
                                size=wanted.size, geometry=rules.geometry), wanted.svg_output, inputs=inputs)
    if not wanted.fen and wanted.svg_output is None:
        if heading:
            click.echo(visible(game_title(game.tags, rules.name, source, game_number)))
        colour = colour_for(sys.stdout)
        click.echo(render_diagram(position, None, ascii=wanted.ascii_only or not stdout_is_utf8(),
                                  flying=rules.flying, colour=colour, geometry=rules.geometry,
                                  flying_at=rules.flying_at, lose_below=rules.lose_below), color=colour)
    if wanted.best:
        click.echo(_("No best plies: the position stands in the middle of a turn"), err=wanted.svg_output == "-")


def svg_title(game: Game, number: int, source: str, result: Replay, index: int) -> str:
    """The ``<title>`` of the SVG of the position after ply ``index``: the game by its players and
    event (else its file and number), then the ply.

    >>> from muehle.analyzer.engine.setup import replay_record
    >>> from muehle.notation import parse_game
    >>> game = parse_game('[White "Anna"]\\n[Black "Ben"]\\n[Event "Club"]\\n\\n1. d2 d6 2. f4 *')
    >>> svg_title(game, 1, "g.txt", replay_record(game), 2)
    'Anna – Ben, Club: after ply 2, 1... d6'
    >>> svg_title(parse_game("1. d2 *"), 3, "g.txt", replay_record(parse_game("1. d2 *")), 0)
    'g.txt, game 3: the start'
    """
    from muehle.analyzer.reports.analysis import PlyNames  # (start-up: only for --svg)

    name = _game_name(game, number, source)
    if index:
        where = _("after ply {ply}, {move}").format(ply=index, move=PlyNames(game.plies, result.start).move(index))
    else:
        where = _("the set-up position") if result.set_up else _("the start")
    return f"{name}: {where}"


def _game_name(game: Game, number: int, source: str) -> str:
    """A game as an SVG's title names it: by its players and event, else its file and number."""
    white, black, event = (game.tags.get(name, "").strip() for name in ("White", "Black", "Event"))
    names = [f"{white or '?'} – {black or '?'}"] if white or black else []
    if event and event.strip("?"):
        names.append(event)
    return ", ".join(names) or game_in(source, number)


def _best_plies(position: Position, rules: Ruleset, finished: bool,
                directory: Optional[str]) -> tuple[Sequence[Any], str]:
    """The best plies of the side to move by the endgame tables, and the line that says the value
    (or why there are none). A table not built is an error naming the command that builds it."""
    from muehle.analyzer.endgames.best import not_held, value_line  # (numpy: only with --best)
    from muehle.analyzer.endgames.probe import probe

    if finished:
        return (), _("No best plies: the game is over")
    reason = not_held(position)
    if reason is not None:
        return (), _("No best plies: {reason}").format(reason=reason)
    found = probe(position, rules, directory)
    return found.best, value_line(position.to_move, found.value, [ply.text for ply in found.best])
