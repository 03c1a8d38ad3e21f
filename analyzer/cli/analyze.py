"""``muehle analyze``: the story of each game, as a timeline for people or as data.

Every game of the input (or the one ``--game`` names) is replayed under its
ruleset and analysed (:mod:`muehle.analyzer.reports.analysis`). The text form is a short
aligned timeline with a summary; ``--format json`` and ``--format yaml`` give one
array with an object per game, the contract of ``docs/analyze.md``. A game that
cannot be read, or whose ``Rules`` tag names no ruleset, is reported on standard
error and left out; a game with an illegal ply is analysed up to it and shows the
position to restore. Either makes the exit status 1. Output is written only once
every game is done, to standard output or atomically to ``-o``'s file (never painted there).
"""

from __future__ import annotations

import json
import sys
from typing import Any, Optional

import click
import yaml

from muehle.analyzer.cli import exits
from muehle.analyzer.cli.common import (
    ALL_GAMES,
    GameChoice,
    chosen_games,
    colour_for,
    colour_option,
    echo_error,
    fails_cleanly,
    from_option,
    game_title,
    output_option,
    record_rules_option,
    require_numpy_or_exit,
    stdout_is_utf8,
    write_report,
)
from muehle.analyzer.cli.game_input import GameInput
from muehle.analyzer.engine.fen import MOVE_NUMBERS
from muehle.analyzer.engine.rules import Ruleset
from muehle.analyzer.engine.setup import replay_record
from muehle.analyzer.reports.analysis import Analysis
from muehle.analyzer.reports.analysis import analyze as analyze_replay
from muehle.analyzer.reports.analysis_text import render_text
from muehle.notation.text.errors import MuehleError, visible
from muehle.notation.text.i18n import N_

FORMATS = ("text", "json", "yaml")


def analyze_input(data: GameInput, numbers: list[int], rules: Optional[Ruleset], perfect: Optional[dict[int, Any]],
                  endgames_dir: Optional[str], move_numbers: str) -> tuple[list[tuple[int, Analysis]], list[MuehleError]]:
    """Analyse the games ``numbers`` of an input; the errors found on the way, located.
    With ``perfect`` (a dict), the endgame tables' marks of each game's plies (tables in
    ``endgames_dir``, default the cache) are put there by game. The FEN of a position to restore
    counts field 17 as ``move_numbers`` says (``"record"`` or ``"sanmill"``)."""
    done: list[tuple[int, Analysis]] = []
    errors: list[MuehleError] = []
    for number, replayed in data.replayed(numbers, lambda game: replay_record(game, rules), errors):
        analysis = analyze_replay(replayed, move_numbers)
        if perfect is not None:
            from muehle.analyzer.endgames.perfect import perfect_plies  # (numpy: only with --perfect)

            perfect[number] = perfect_plies(replayed, endgames_dir)
        if analysis.illegal is not None:
            errors.append(data.illegal(analysis.illegal, number))
        done.append((number, analysis))
    return done, errors


#: One analysed game: its input's name, its number there, its analysis, and (with ``--perfect``)
#: the endgame tables' marks of its plies.
Done = tuple[str, int, Analysis, Any]


def render(done: list[Done], fmt: str, colour: bool = False, ascii_only: Optional[bool] = None) -> str:
    """The whole output in one format (with the endgame tables' marks, where given); the text
    with ``colour`` painted for a terminal, and terminal-safe; its diagrams in ASCII with
    ``ascii_only`` (``None``: when standard output does not take UTF-8)."""
    if any(marks is not None for *_rest, marks in done):
        from muehle.analyzer.endgames.perfect import perfect_text, with_perfect_play  # (numpy: only with --perfect)
    if fmt == "text":
        if ascii_only is None:
            ascii_only = not stdout_is_utf8()
        return "\n".join(render_text(analysis, game_title(analysis.game.tags, analysis.rules.name, source, number),
                                     ascii=ascii_only, colour=colour)
                         + (_safe(perfect_text(marks), colour) if marks is not None else "")
                         for source, number, analysis, marks in done)
    data: list[dict[str, Any]] = [analysis.to_dict(source, number) if marks is None else
                                  with_perfect_play(analysis.to_dict(source, number), marks)
                                  for source, number, analysis, marks in done]
    if fmt == "json":
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


def _safe(text: str, colour: bool) -> str:
    """``text`` terminal-safe when it goes among painted text (else the whole output is made so)."""
    return visible(text) if colour else text


@click.command(name="analyze")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--game", "game_choice", type=GameChoice(), default=ALL_GAMES, show_default=True,
              help=N_("Only this game of each file (1 is the first), or 'all' (every game)."))
@record_rules_option
@click.option("--format", "fmt", type=click.Choice(FORMATS, case_sensitive=False), default="text", show_default=True,
              help=N_("A timeline for people, or the documented JSON/YAML contract."))
@click.option("--fen-numbers", type=click.Choice(MOVE_NUMBERS, case_sensitive=False), default="record",
              show_default=True,
              help=N_("Field 17 of the FEN of the position to restore as the record numbers its moves, or as Sanmill "
                      "counts (every action, each removal one)."))
@click.option("--perfect", is_flag=True,
              help=N_("Add the endgame tables' values and marks to plies played without stones in hand (needs numpy)."))
@click.option("--endgames-dir", default=None, metavar="DIR", help=N_("With --perfect: the endgame tables' cache folder."))
@output_option
@from_option
@colour_option
@fails_cleanly
def analyze(files: tuple[str, ...], game_choice: "int | str", rules: Optional[Ruleset], fmt: str, fen_numbers: str,
            perfect: bool, endgames_dir: Optional[str], output: Optional[str], source_format: Optional[str]) -> None:
    """Report mills, captures, phases, repetitions, draw rights and the end of each game.

    FILE holds records in the notation, PGN, PlayOK's numbered points, JSON or YAML ('-' reads standard input);
    the games of several files are reported one after the other (one JSON or YAML array).

    Example:

    \b
      muehle analyze examples/analyze-zwickmuehle.txt --format yaml
    """
    if perfect:
        require_numpy_or_exit()
    done: list[Done] = []
    errors: list[MuehleError] = []
    for data, numbers in chosen_games(files, game_choice, source_format, errors):
        tables: Optional[dict[int, Any]] = {} if perfect else None
        analysed, failed = analyze_input(data, numbers, rules, tables, endgames_dir, fen_numbers.lower())
        done.extend((data.source, number, analysis, None if tables is None else tables[number])
                    for number, analysis in analysed)
        errors.extend(failed)
    if done:
        to_file = output not in (None, "-")  # (a file: in UTF-8, without colours)
        colour = not to_file and fmt == "text" and colour_for(sys.stdout)
        text = render(done, fmt, colour, ascii_only=False if to_file else None)
        if colour:
            click.echo(text, nl=False, color=True)
        else:
            write_report(text, output, files, data=fmt != "text")
    for problem in errors:
        echo_error(problem)
    if errors:
        sys.exit(exits.FAILED)
