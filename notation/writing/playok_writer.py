"""Writing records as PlayOK writes them: points numbered 1 to 24, captures glued with ``x``.

The tag pairs come first, in the record's order, then a blank line and the movetext:
``N.`` before White's ply (``N...`` before a Black ply that stands alone, as at the start
of a game set up with Black to move), Black's ply after White's without a number, the
points as :data:`~muehle.notation.formats.playok.PLAYOK_POINTS` numbers them, and the result (a
game without one ends with ``*``). Comments are written ``{ text }``. PlayOK's records have
no variations, annotations, NAGs or draw offers: a record with one is refused.

>>> from muehle.notation.record.model import Game, Ply
>>> game = Game(tags={"Site": "PlayOK"}, plies=[Ply(1, "white", "d6"), Ply(1, "black", "d3"),
...             Ply(2, "white", "b6", origin="a4", captures=["d3"])], result="1-0")
>>> print(write_playok([game]), end="")
[Site "PlayOK"]
<BLANKLINE>
1. 5 17 2. 10-4x17 1-0
"""

from __future__ import annotations

from functools import partial
from typing import Iterable

from muehle.notation.formats.playok import PLAYOK_NUMBERS
from muehle.notation.record.model import REMOVAL, Game, Ply
from muehle.notation.text.errors import shortened
from muehle.notation.text.i18n import N_, _
from muehle.notation.writing.pgn import numbered, pgn_result
from muehle.notation.writing.writers import (
    JoinedWriter,
    UnwritableError,
    check_numbering,
    movetext_units,
    tag_line,
    unwritable,
    wrap_units,
    written,
)

#: Width of a movetext line.
PLAYOK_WIDTH = 80


def playok_ply_text(ply: Ply) -> str:
    """A ply in PlayOK's numbers: ``5``, ``23-24``, ``10-1x23``.

    >>> playok_ply_text(Ply(9, "white", "a7", origin="a4", captures=["d1"]))
    '10-1x23'
    """
    text = str(PLAYOK_NUMBERS[ply.target])
    if ply.origin is not None:
        text = f"{PLAYOK_NUMBERS[ply.origin]}-{text}"
    return text + "".join(f"x{PLAYOK_NUMBERS[point]}" for point in ply.captures)


def _playok_ply(ply: Ply, game: Game) -> str:
    """:func:`playok_ply_text` of a ply that :func:`~muehle.notation.writing.writers.check_ply` passed;
    :class:`~muehle.notation.writing.writers.UnwritableError` for what PlayOK's records cannot carry."""
    kept = (N_("removals alone") if ply.target == REMOVAL else N_("variations") if ply.variations
            else N_("an annotation") if ply.annotation else N_("NAGs") if ply.nags
            else N_("a draw offer") if ply.draw_offer else None)
    if kept is not None:
        raise unwritable(_("{ply} has {what}, which PlayOK's records cannot carry (write notation, PGN, JSON or YAML "
                           "to keep them)").format(ply=shortened(ply.label()), what=_(kept)), game, ply)
    return playok_ply_text(ply)


def game_playok(game: Game, width: int = PLAYOK_WIDTH) -> str:
    """One game as PlayOK writes it, ending with a newline."""
    conflict = game.result_conflict
    if conflict is not None:
        raise unwritable(_("{stated}, but the Result tag says {tag}: a PlayOK record gives one result (make them "
                           "agree, or end the movetext with *)").format(stated=game.result_stated(conflict[0]),
                                                                        tag=shortened(conflict[1])), game)
    try:
        with_numbers = numbered(game)
        check_numbering(with_numbers.plies, with_numbers)
        units = movetext_units(with_numbers, partial(_playok_ply, game=game), pgn_result(game))
    except UnwritableError as error:
        error.game = game  # (not the numbered copy: the caller names the game it gave)
        raise
    header = "".join(tag_line(name, value, game) + "\n" for name, value in game.tags.items())
    return header + ("\n" if header else "") + "".join(line + "\n" for line in wrap_units(units, width))


def write_playok(games: Iterable[Game]) -> str:
    """Games as PlayOK writes them, separated by a blank line."""
    return written(JoinedWriter(game_playok), games)
