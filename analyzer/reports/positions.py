"""Every position of a game's main line: after each replayed ply (and at the start), its FEN,
the stones on the board and in hand, the phase of the side to move and who moves.

The FEN is Sanmill's, written by :func:`~muehle.analyzer.engine.fen.position_to_fen` with the
counters of :func:`~muehle.analyzer.engine.fen.fen_counters`, as ``muehle show --fen`` writes
it; the phase is the engine's (:func:`~muehle.analyzer.engine.replay.phase`), or ``game over``
(the FEN's phase ``o``) once the board has decided the game.

>>> from muehle.analyzer.engine.setup import replay_record
>>> from muehle.notation import parse_game
>>> rows = list(positions(replay_record(parse_game("1. d2 d6 *"))))
>>> [(row.ply, row.move, row.on_board, row.in_hand, row.phase, row.to_move) for row in rows]
[(0, None, (0, 0), (9, 9), 'placing', 'white'), (1, '1. d2', (1, 0), (8, 9), 'placing', 'black'), \
(2, '1... d6', (1, 1), (8, 8), 'placing', 'white')]
>>> rows[2].fen  # the middle ring from d6 clockwise: d6 Black (@), d2 White (O)
'********/@***O***/******** w p p 1 8 1 8 0 0 -1 -1 -1 -1 0 0 2 ids:nodes'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator, Optional

from muehle.analyzer.engine.board import Position
from muehle.analyzer.engine.fen import (
    PHASES,
    FenPosition,
    fen_counters,
    fen_text,
    position_to_fen,
)
from muehle.analyzer.engine.replay import Replay, phase
from muehle.analyzer.engine.rules import Ruleset
from muehle.analyzer.reports.analysis import PlyNames
from muehle.notation.record.model import BLACK, WHITE

__all__ = ["PositionRow", "positions", "set_up_row", "GAME_OVER"]

#: The phase of a position after which no ply may follow (the board decided the game).
GAME_OVER = PHASES["o"]


@dataclass(frozen=True)
class PositionRow:
    """One position of a game: after ply ``ply`` (0: the start), which ``move`` led to it."""

    ply: int
    label: str
    move: Optional[str]
    fen: str
    on_board: tuple[int, int]  # (White's, Black's)
    in_hand: tuple[int, int]
    phase: str
    to_move: str

    def to_dict(self) -> dict[str, Any]:
        """The row as plain data (the JSON form of ``muehle positions``)."""
        return {
            "ply": self.ply, "label": self.label, "move": self.move, "fen": self.fen,
            "on_board": {"white": self.on_board[0], "black": self.on_board[1]},
            "in_hand": {"white": self.in_hand[0], "black": self.in_hand[1]},
            "phase": self.phase, "to_move": self.to_move,
        }


def positions(result: Replay, start: Optional[FenPosition] = None, form: str = "current",
              move_numbers: str = "record") -> Iterator[PositionRow]:
    """The positions of the replayed main line ``result``, from its start (set up from ``start``,
    the record's FEN, when given) to the last ply replayed; FENs in ``form``
    (see :func:`~muehle.analyzer.engine.fen.position_to_fen`), field 17 counted as ``move_numbers``
    says (:data:`~muehle.analyzer.engine.fen.MOVE_NUMBERS`: the record's move number, or
    ``"sanmill"``, every action a ply as Sanmill counts, :func:`~muehle.analyzer.engine.fen.sanmill_move_number`).

    A replay stopped by an illegal ply gives the positions before it.

    >>> from muehle.analyzer.engine.setup import replay_record
    >>> from muehle.notation import parse_game
    >>> game = parse_game("1. a1 d6 2. a4 d2 3. a7xd6 d6 4. g7 f4 5. g4 b4 6. g1xf4 *")
    >>> [[row.fen.split()[16] for row in positions(replay_record(game), move_numbers=numbers)][-2:]
    ...  for numbers in ("record", "sanmill")]  # (13 actions, Black to move: 1 + 12 / 2)
    [['6', '6'], ['6', '7']]
    """
    names = PlyNames(result.plies, result.start)
    for index, (no_progress, fullmove) in enumerate(fen_counters(result.records, start, move_numbers)):
        position = result.records[index - 1].after if index else result.start
        # (a finished game's start is its position, which no ply may follow)
        over = result.decided_by(index) or (not index and start is not None and start.finished)
        fen = position_to_fen(position, no_progress=no_progress, fullmove=fullmove, game_over=over, form=form,
                              mills=result.mill_fields(index))
        yield _position_row(index, names.label(index), names.move(index), fen, position,
                            GAME_OVER if over else phase(position, position.to_move, result.rules))


def _position_row(ply: int, label: str, move: Optional[str], fen: str, position: Position,
                  phase_shown: str) -> PositionRow:
    """The row of ``position``: its stones on the board and in hand, and the side to move, read off it."""
    return PositionRow(ply, label, move, fen, (position.on_board(WHITE), position.on_board(BLACK)),
                       (position.in_hand_white, position.in_hand_black), phase_shown, position.to_move)


def set_up_row(start: FenPosition, rules: Ruleset, form: Optional[str] = None) -> PositionRow:
    """The one position of a record of no ply whose set-up FEN ``start`` stands in the middle of a
    turn (a removal still due), which no replay starts from: the position as the FEN says, the
    side to move its field 2, the phase that side's under ``rules``, and the FEN written back as
    read (:func:`~muehle.analyzer.engine.fen.fen_text`: its extension fields and its field 17 too,
    which is the record's move number and Sanmill's count alike), in its own form or in ``form``.

    >>> from muehle.analyzer.engine.fen import fen_to_position
    >>> from muehle.analyzer.engine.rules import load_ruleset
    >>> row = set_up_row(fen_to_position("********/@***@***/*****OOO w p r 3 6 2 7 1 0 0 0 0 0 0 0 3"),
    ...                  load_ruleset("standard_9mm"))
    >>> row.fen, row.on_board, row.in_hand, row.phase, row.to_move
    ('********/@***@***/*****OOO w p r 3 6 2 7 1 0 0 0 0 0 0 0 3', (3, 2), (6, 7), 'placing', 'white')
    """
    position = start.position
    return _position_row(0, "start", None, fen_text(start, form=form), position,
                         phase(position, position.to_move, rules))
