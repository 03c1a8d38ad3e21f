"""``muehle analyze``: the story of each game, as a timeline for people or as data.

Every game of the input (or the one ``--game`` names) is replayed under its
ruleset and analysed (:mod:`muehle.analyzer.reports.analysis`). The text form is a short
aligned timeline with a summary; ``--format json`` and ``--format yaml`` give one
array with an object per game, the contract of ``docs/analyze.md``. A game that
cannot be read, or whose ``Rules`` tag names no ruleset, is reported on standard
error and left out; a game with an illegal ply is analysed up to it and shows the
position to restore. Either makes the exit status 1. Output is written only once
every game is done.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Optional

import click
import yaml

from muehle.analyzer.reports.analysis import Analysis, analyze as analyze_replay
from muehle.analyzer.reports.analysis_text import render_text
from muehle.analyzer.cli.common import (echo_data, fails_cleanly, from_option, require_numpy_or_exit, rules_option,
                                        stdout_is_utf8)
from muehle.analyzer.cli.game_input import GameInput, load_games
from muehle.analyzer.engine.setup import replay_record
from muehle.analyzer.engine.rules import Ruleset
from muehle.notation.errors import MuehleError, visible
from muehle.notation.i18n import N_, _

FORMATS = ("text", "json", "yaml")


def _title(analysis: Analysis, source: str, index: int) -> str:
    tags = analysis.game.tags
    players = f": {tags.get('White', '?')} - {tags.get('Black', '?')}" if "White" in tags or "Black" in tags else ""
    return _("{source}, game {number}{players} (rules {rules})").format(source=source, number=index, players=players,
                                                                      rules=analysis.rules.name)


def analyze_input(data: GameInput, numbers: list[int], rules: Optional[Ruleset],
                  perfect: Optional[dict[int, Any]] = None,
                  endgames_dir: Optional[str] = None) -> tuple[list[tuple[int, Analysis]], list[MuehleError]]:
    """Analyse the games ``numbers`` of an input; the errors found on the way, located.
    With ``perfect`` (a dict), the endgame tables' marks of each game's plies (tables in
    ``endgames_dir``, default the cache) are put there by game."""
    done: list[tuple[int, Analysis]] = []
    errors: list[MuehleError] = []
    for number in numbers:
        game = data.pick(number)
        if game.errors:
            errors.extend(data.located(error, number) for error in game.errors)
            continue
        try:
            replayed = replay_record(game, rules)
        except MuehleError as error:
            errors.append(data.located(error, number))
            continue
        analysis = analyze_replay(replayed)
        if perfect is not None:
            from muehle.analyzer.endgames.perfect import perfect_plies

            perfect[number] = perfect_plies(replayed, endgames_dir)
        illegal = analysis.illegal
        if illegal is not None:
            errors.append(data.located(MuehleError(
                f"{illegal.message} [{illegal.code}]", source=data.source, line=illegal.line,
                column=illegal.column, code=illegal.code), number))
        done.append((number, analysis))
    return done, errors


def render(done: list[tuple[int, Analysis]], source: str, fmt: str, perfect: Optional[dict[int, Any]] = None) -> str:
    """The whole output in one format (with the endgame tables' marks of ``perfect``, by game)."""
    if perfect is not None:
        from muehle.analyzer.endgames.perfect import perfect_text, with_perfect_play
    if fmt == "text":
        ascii_only = not stdout_is_utf8()
        return "\n".join(render_text(analysis, _title(analysis, source, number), ascii=ascii_only)
                         + (perfect_text(perfect[number]) if perfect is not None else "")
                         for number, analysis in done)
    data: list[dict[str, Any]] = [analysis.to_dict(source, number) if perfect is None else
                                  with_perfect_play(analysis.to_dict(source, number), perfect[number])
                                  for number, analysis in done]
    if fmt == "json":
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


@click.command(name="analyze")
@click.argument("file", metavar="FILE")
@click.option("--game", "game_number", type=click.IntRange(min=1), default=None,
              help=N_("Only this game of the file (1 is the first). Default: every game."))
@click.option("--rules", default=None, metavar="NAME|FILE", callback=rules_option,
              help=N_("Ruleset (preset name or YAML file); default: the record's Rules tag, else wmd."))
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
              help=N_("A timeline for people, or the documented JSON/YAML contract."))
@click.option("--perfect", is_flag=True,
              help=N_("Add the endgame tables' values and marks to plies played without stones in hand (needs numpy)."))
@click.option("--endgames-dir", default=None, metavar="DIR", help=N_("With --perfect: the endgame tables' cache folder."))
@from_option
@fails_cleanly
def analyze(file: str, game_number: Optional[int], rules: Optional[Ruleset], fmt: str, perfect: bool,
            endgames_dir: Optional[str], source_format: Optional[str]) -> None:
    """Report mills, captures, phases, repetitions, draw rights and the end of each game.

    FILE holds records in the notation, PGN, PlayOK's numbered points, JSON or YAML ('-' reads standard input).
    """
    data = load_games(file, source_format)
    if game_number is not None:
        data.pick(game_number)
        numbers = [game_number]
    else:
        data.pick(1)  # an input without games is an error
        numbers = list(range(1, len(data.games) + 1))
    if perfect:
        require_numpy_or_exit()
    tables: Optional[dict[int, Any]] = {} if perfect else None
    done, errors = analyze_input(data, numbers, rules, tables, endgames_dir)
    if done:
        output = render(done, data.source, fmt, tables)
        if fmt == "text":
            click.echo(visible(output), nl=False)
        else:
            echo_data(output)
    for error in errors:
        click.echo(error.format(), err=True)
    if errors:
        sys.exit(1)
