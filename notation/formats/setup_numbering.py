"""Sanmill's numbering of a game set up with Black to move.

Sanmill exports a game from a set-up position (``[SetUp "1"]``, ``[FEN "..."]``)
with its moves in pairs numbered from ``1.``, whoever is to move
(``GameRecorder.moveHistoryText`` in Sanmill's ``game_recorder.dart``). With Black
to move, ``1. e3-d3 e5-e4 2. d3-e3`` is Black's ``1... e3-d3``, White's
``2. e5-e4`` and Black's ``2... d3-e3``. A record from such a position whose first
ply is numbered ``1.`` (White's move 1, which cannot be) is read so: each ``N.``
is Black's ``N...`` and each ``N...`` White's ``N+1.``, in the main line and its
variations alike.

>>> from muehle.notation.record.model import Game, Ply
>>> game = Game(tags={"SetUp": "1", "FEN": "********/********/******** b p p 0 9 0 9 0 0 0 0 0 0 0 0 1"},
...             plies=[Ply(1, "white", "d2"), Ply(1, "black", "d6"), Ply(2, "white", "f4")])
>>> [ply.label() for ply in sanmill_numbered(game).plies]
['1... d2', '2. d6', '2... f4']
"""

from __future__ import annotations

from typing import TypeVar

from muehle.notation.record.model import BLACK, WHITE, GameRecord, Numbering

#: A game record of any form (the record given is the record returned).
Record = TypeVar("Record", bound=GameRecord)


def numbered_in_pairs(game: GameRecord) -> bool:
    """Whether ``game`` is set up with Black to move and numbers its first ply ``1.``, as Sanmill does."""
    if game.tags.get("SetUp", "").strip() != "1":
        return False
    fen = game.tags.get("FEN", "").split()
    return len(fen) > 1 and fen[1] == "b" and game.first_numbering() == (1, WHITE)


def sanmill_numbered(game: Record) -> Record:
    """``game`` with the numbering of a Sanmill export from a position with Black to move
    read as Black's and White's moves (changed in place, a cheap record's whole game when it is
    read; see the module); any other game is left as it is."""
    if numbered_in_pairs(game):
        game.renumber(_as_black_first)
    return game


def _as_black_first(numbering: Numbering) -> Numbering:
    """``N.`` made ``N...``, ``N...`` made ``N+1.``; a ply without a number keeps none.

    >>> _as_black_first((1, "white")), _as_black_first((1, "black")), _as_black_first((None, "white"))
    ((1, 'black'), (2, 'white'), (None, 'white'))
    """
    number, side = numbering
    if number is None:
        return numbering
    return (number, BLACK) if side == WHITE else (number + 1, WHITE)
