"""Mandatory acceptance of a draw offer by stone counts (WMD Turnierreglement 3.0, 11.5).

    11.5. Ein Remis-Angebot muss vom Gegner zwingend angenommen werden [...], wenn
    11.5.1. beide Spieler 4 oder 5 Steine haben
    11.5.2. der Remis bietende Spieler 6 und der Gegner 4 oder 5 Steine haben
    11.5.3. der Remis bietende Spieler 3 und der Gegner 4 oder 5 Steine haben

A player's stones are those on the board plus those still in hand. The clause is
asked of the position an offer is made in: an offer written with a ply, ``(=)``, is
judged on the position after that ply.

>>> obliging_clause(offerer=6, opponent=4)
'11.5.2'
>>> obliging_clause(offerer=4, opponent=6) is None   # 11.5.2 favours the side with 6 only
True
"""

from __future__ import annotations

from typing import Optional

from muehle.analyzer.engine.board import Position
from muehle.notation.record.model import Side, other_side

#: The stone counts of the opponent under which some clause can apply.
_FOUR_OR_FIVE = (4, 5)


def stone_count(position: Position, side: Side) -> int:
    """Stones of ``side`` on the board and in hand.

    >>> stone_count(Position(white=0b111, in_hand_white=2), "white")
    5
    """
    return position.on_board(side) + position.in_hand(side)


def obliging_clause(offerer: int, opponent: int) -> Optional[str]:
    """The clause of 11.5 that obliges the opponent to accept an offer, or ``None``.

    ``offerer`` and ``opponent`` are stone counts (board plus hand).

    >>> [obliging_clause(a, b) for a, b in [(5, 4), (4, 5), (3, 5), (6, 5), (6, 6), (3, 6), (5, 6)]]
    ['11.5.1', '11.5.1', '11.5.3', '11.5.2', None, None, None]
    """
    if opponent not in _FOUR_OR_FIVE:
        return None
    if offerer in _FOUR_OR_FIVE:
        return "11.5.1"
    if offerer == 6:
        return "11.5.2"
    if offerer == 3:
        return "11.5.3"
    return None


def offer_must_be_accepted(position: Position, offerer: Side) -> Optional[str]:
    """The clause under which an offer by ``offerer`` in ``position`` must be accepted.

    >>> five_v_four = Position(white=0b11111, black=0b1111 << 10, in_hand_white=0,
    ...                        in_hand_black=0)
    >>> offer_must_be_accepted(five_v_four, "black")
    '11.5.1'
    """
    return obliging_clause(stone_count(position, offerer), stone_count(position, other_side(offerer)))
