"""``muehle positions``: every position of a game, one line per ply.

Each chosen game (``--game N``, default the first, or ``--game all``/``--all``) of each input
is replayed under its ruleset, and each position of its main line is listed
(:mod:`muehle.analyzer.reports.positions`): the ply that led to it, its FEN (the one ``show
--fen`` writes), the stones on the board and in hand, the phase of the side to move and who
moves. A game that cannot be read or replayed is reported on standard error (located) and
left out; a game with an illegal ply is listed up to it and the ply is reported. Either makes
the exit status 1; the other games are listed all the same. Output is written once every
game is done, to standard output or atomically to ``-o``'s file.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from typing import Any, Optional, Union

import click

from muehle.analyzer.cli import exits
from muehle.analyzer.cli.common import (
    ALL_GAMES,
    GameChoice,
    chosen_games,
    echo_error,
    fails_cleanly,
    from_option,
    game_title,
    given,
    output_option,
    record_rules_option,
    write_report,
)
from muehle.analyzer.cli.game_input import GameInput
from muehle.analyzer.cli.within_turn import set_up_within_a_turn, within_a_turn_notes
from muehle.analyzer.engine.fen import FEN_FORMS, MOVE_NUMBERS, FenPosition
from muehle.analyzer.engine.replay import Replay
from muehle.analyzer.engine.rules import Ruleset
from muehle.analyzer.engine.setup import replay_record
from muehle.analyzer.pictures.diagram import PHASE_WORDS
from muehle.analyzer.reports.positions import GAME_OVER, PositionRow, set_up_row
from muehle.analyzer.reports.positions import positions as positions_of
from muehle.notation.record.model import BLACK, WHITE, Game
from muehle.notation.text.errors import MuehleError
from muehle.notation.text.i18n import N_, _

#: What ``positions`` notes of a set-up position in the middle of a turn, which it lists as its FEN says.
WITHIN_A_TURN = N_("the set-up position stands in the middle of a turn ({side} still has to remove a stone); it is "
                   "listed as the FEN says, and no ply of a record can follow it")
WITHIN_A_TURN_FIELD = N_("the set-up position stands in the middle of a turn ({side} still has to remove a stone: "
                         "{what}, FEN field {number} '{text}'); it is listed as the FEN says, and no ply of a record "
                         "can follow it")

#: The words of the text listing (the JSON keeps the codes).
_PHASES = {**PHASE_WORDS, GAME_OVER: N_("game over")}
_SIDES: dict[str, str] = {WHITE: N_("white"), BLACK: N_("black")}

FORMATS = ("text", "json", "fen")


@dataclass
class Listed:
    """The positions of one game, with what names it."""

    source: str
    number: int
    tags: dict[str, str]
    rules: str
    rows: list[PositionRow]

    def text(self) -> str:
        """The game's title, then a line per position, its columns aligned."""
        labels = [row.move or row.label for row in self.rows]
        label_width = max(map(len, labels))
        fen_width = max(len(row.fen) for row in self.rows)
        lines = [game_title(self.tags, self.rules, self.source, self.number)]
        for label, row in zip(labels, self.rows):
            lines.append(f"{label:<{label_width}}  {row.fen:<{fen_width}}  "
                         + _("board {white}/{black}").format(white=row.on_board[0], black=row.on_board[1]) + "  "
                         + _("hand {white}/{black}").format(white=row.in_hand[0], black=row.in_hand[1]) + "  "
                         + f"{_(_PHASES.get(row.phase, row.phase)):<9}  "
                         + _("{side} to move").format(side=_(_SIDES[row.to_move])).rstrip())
        return "\n".join(lines) + "\n"

    def to_dict(self) -> dict[str, Any]:
        return {"source": self.source, "game": self.number, "tags": dict(self.tags), "rules": self.rules,
                "positions": [row.to_dict() for row in self.rows]}


def list_input(data: GameInput, numbers: list[int], rules: Optional[Ruleset], form: str, move_numbers: str,
               notes: list[MuehleError], form_asked: bool) -> tuple[list[Listed], list[MuehleError]]:
    """The positions of the games ``numbers`` of an input, their FENs in ``form`` with field 17
    counted as ``move_numbers`` says; the errors found on the way, located.

    A record of no ply whose set-up FEN stands in the middle of a turn (a removal still due) is
    listed as its one position, its FEN written back as read (in ``form`` only when ``form_asked``),
    and the notes at its FEN tag that say so go into ``notes``."""
    done: list[Listed] = []
    errors: list[MuehleError] = []

    def replay(game: Game) -> tuple[Game, Union[Replay, tuple[FenPosition, Ruleset]]]:
        within = set_up_within_a_turn(game, rules)
        return game, replay_record(game, rules) if within is None else within

    for number, (game, result) in data.replayed(numbers, replay, errors):
        if isinstance(result, tuple):
            start, chosen = result
            done.append(Listed(data.source, number, game.tags, chosen.name,
                               [set_up_row(start, chosen, form if form_asked else None)]))
            notes.extend(within_a_turn_notes(data, game, number, start, WITHIN_A_TURN, WITHIN_A_TURN_FIELD))
            continue
        done.append(Listed(data.source, number, game.tags, result.rules.name,
                           list(positions_of(result, result.setup, form, move_numbers))))
        if result.stopped:
            illegal = next(error for error in result.errors if error.code != "result-mismatch")
            errors.append(data.illegal(illegal, number, _("{message} [{code}]; the positions are listed up to ply "
                                                          "{ply}").format(message=illegal.message, code=illegal.code,
                                                                          ply=len(result.records))))
    return done, errors


def render(done: list[Listed], fmt: str) -> str:
    """The whole output in one format."""
    if fmt == "json":
        return json.dumps([listed.to_dict() for listed in done], ensure_ascii=False, indent=2) + "\n"
    if fmt == "fen":
        return "\n".join("".join(row.fen + "\n" for row in listed.rows) for listed in done)
    return "\n".join(listed.text() for listed in done)


@click.command(name="positions")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--game", "game_choice", type=GameChoice(), default=1, show_default=True,
              help=N_("Which game of each file (1 is the first), or 'all'."))
@click.option("--all", "all_games", is_flag=True, help=N_("Every game of each file (as --game all)."))
@click.option("--format", "fmt", type=click.Choice(FORMATS, case_sensitive=False), default="text", show_default=True,
              help=N_("A line per position for people, JSON, or the FENs alone (a blank line between games)."))
@click.option("--fen-form", type=click.Choice(FEN_FORMS, case_sensitive=False), default="current", show_default=True,
              help=N_("Sanmill's current FEN (ending with ids:nodes) or its legacy one."))
@click.option("--fen-numbers", type=click.Choice(MOVE_NUMBERS, case_sensitive=False), default="record",
              show_default=True,
              help=N_("Field 17 of the FENs as the record numbers its moves, or as Sanmill counts (every action, "
                      "each removal one)."))
@record_rules_option
@output_option
@from_option
@fails_cleanly
def positions(files: tuple[str, ...], game_choice: "int | str", all_games: bool, fmt: str,
              fen_form: str, fen_numbers: str, rules: Optional[Ruleset], output: Optional[str],
              source_format: Optional[str]) -> None:
    """List every position of a game: the ply that led to it, its FEN, the stones on the board
    and in hand, the phase of the side to move and who moves.

    FILE holds records in the notation, PGN, PlayOK's numbered points, JSON or YAML ('-' reads
    standard input); several files are listed one after the other.

    Example (the FENs of the book's game, one a line):

    \b
      muehle positions examples/schuermann-book-game.txt --format fen
    """
    if all_games:
        if given("game_choice"):
            raise click.UsageError(_("give either --game or --all, not both"))
        game_choice = ALL_GAMES
    done: list[Listed] = []
    errors: list[MuehleError] = []
    notes: list[MuehleError] = []
    for data, numbers in chosen_games(files, game_choice, source_format, errors):
        listed, failed = list_input(data, numbers, rules, fen_form, fen_numbers.lower(), notes, given("fen_form"))
        done.extend(listed)
        errors.extend(failed)
    if done:
        write_report(render(done, fmt), output, files, data=fmt == "json")
    for note in notes:
        echo_error(note, "note")
    for problem in errors:
        echo_error(problem)
    if errors:
        sys.exit(exits.FAILED)
