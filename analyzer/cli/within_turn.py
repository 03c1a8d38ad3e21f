"""A record of no ply whose set-up FEN stands in the middle of a turn: a removal still due, as
Sanmill's engine writes it after a mill (fields 9 and 10, the action ``r``, the extension fields
``c:``, ``i:``, ``l:``, ``p:``, ``s:``). A replay cannot start there (muehle's positions stand
between two turns), but ``muehle show`` and ``muehle positions`` take the position as the FEN says
and write its FEN back as read (:func:`~muehle.analyzer.engine.fen.fen_text`), with a note at the
FEN tag that says who still has to remove a stone.
"""

from __future__ import annotations

from typing import Iterable, Optional

from muehle.analyzer.cli.game_input import GameInput
from muehle.analyzer.engine.fen import FenPosition, pending_field, remover_of, start_fen
from muehle.analyzer.engine.placing_rules import fen_reading
from muehle.analyzer.engine.rules import Ruleset
from muehle.analyzer.engine.setup import rules_for
from muehle.notation.record.model import Game, side_name
from muehle.notation.text.errors import MuehleError, game_in, shortened
from muehle.notation.text.i18n import _


def set_up_within_a_turn(game: Game, rules: Optional[Ruleset]) -> Optional[tuple[FenPosition, Ruleset]]:
    """A record of no ply whose set-up FEN stands in the middle of a turn: its FEN as read and the
    ruleset (``rules``, else the record's), to be taken as it is; ``None`` for any other record,
    which is replayed (a record with plies after such a FEN is the replay's located error). An
    error in the ``Rules`` or ``FEN`` tag is raised, located at the tag."""
    if game.plies or "SetUp" not in game.tags:
        return None
    chosen = rules_for(game, rules)
    fen = start_fen(game, chosen.stones, **fen_reading(chosen), within_turn=True)
    if fen is None or fen.between_turns:
        return None
    return fen, chosen


def within_a_turn_notes(data: GameInput, game: Game, game_number: int, start: FenPosition, plain: str,
                        with_field: str) -> list[MuehleError]:
    """The notes at the FEN tag of such a record: the FEN's own (fields ignored, ...), then the one
    that says who still has to remove a stone, worded by ``plain`` (its field ``{side}``), or, where
    an extension field says what is to be removed, by ``with_field`` (also ``{what}``, ``{number}``
    and ``{text}``); both translated here. A game read from JSON or YAML, with no line, is named by
    its number."""
    side = side_name(remover_of(start))
    pending = pending_field(start)
    note = (_(plain).format(side=side) if pending is None else
            _(with_field).format(side=side, what=pending[1], number=pending[0] + 1,
                                 text=shortened(game.tags["FEN"].split()[pending[0]])))
    return [data.located(error) for error in fen_notes(data.source, game, game_number, (*start.notes, note))]


def fen_notes(source: str, game: Game, game_number: int, notes: Iterable[str]) -> list[MuehleError]:
    """``notes`` on the set-up position of game ``game_number`` of ``source``, at its FEN tag (a game
    read from JSON or YAML, with no line, named by its number)."""
    line, column, _value = game.tag_place("FEN") or (game.line, 0, None)
    named = source if line else game_in(source, game_number)
    return [MuehleError(note, source=named, line=line, column=column) for note in notes]
