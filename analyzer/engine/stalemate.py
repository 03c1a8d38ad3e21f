"""What a side that cannot move does, under a ruleset whose ``blocked`` is one of Sanmill's other
stalemate actions (:data:`~muehle.analyzer.engine.rules.BLOCKED_ACTIONS`): Sanmill's
``StalemateAction`` (src/rule.h), applied in ``Position::check_if_game_is_over`` (src/position.cpp
2084-2116) when the side to move in the moving phase has no legal move
(``Position::is_all_surrounded``, 3120-3170: a full board, or no free neighbour where it may not fly):

- ``pass`` (``changeSideToMove``): its turn passes; the other side moves again;
- ``remove-and-move`` (``removeOpponentsPieceAndMakeNextMove``): it removes one opposing stone next to
  one of its own (``Position::remove_piece``, 1792-1796: any such stone, in a mill or not), then moves;
- ``remove-and-pass`` (``removeOpponentsPieceAndChangeSideToMove``): it removes one so, and the other
  side moves;
- ``both-remove`` (``bothPlayersRemoveOpponentsPiece``): it removes one so, then the other side removes
  one of its stones next to one of the other side's own, and the blocked side moves.

Sanmill's record writes each removal as a token after the action before it (``12. d2-d3xb2``), so
muehle's record carries them as captures of the ply before the blocked side's turn; :func:`blocked_turn`
takes them from there (the captures after those the ply's own mills demand). Each removal is a ply of
its own in Sanmill's count (its ``ply``), so the end of the game comes that many plies later.

The core (:func:`~muehle.analyzer.engine.core.play_line`) asks :func:`blocked_turn` after each ply
of the moving phase under such a ruleset, with the answer of its own
:func:`~muehle.analyzer.engine.core.has_legal_ply`.

>>> from muehle.analyzer.engine.board import mask_of
>>> white, black = mask_of(["a1", "d1", "a4"]), mask_of(["d2", "b4", "a7", "g7"])
>>> blocked_turn("remove-and-move", white, black, ["d1"], True, 3)[:4]
(None, '', True, False)
"""

from __future__ import annotations

from typing import Optional, Sequence

from muehle.analyzer.engine.board import POINT_INDEX, STANDARD, Geometry, lost

#: What :func:`blocked_turn` gives: the code of a broken rule (or ``None``), the point it is about,
#: whether the blocked side acted (the turn passed or a removal made), whether the side that played
#: the ply plays again, the stones of the side that played it and of the blocked side after the
#: removals, the removals made, and which side won by them (0: none, 1: the side that played the ply,
#: 2: the blocked side).
BlockedTurn = tuple[Optional[str], str, bool, bool, int, int, int, int]


def blocked_turn(action: str, own: int, theirs: int, rest: Sequence[str], blocked: bool,
                 lose_below: int, geometry: Geometry = STANDARD) -> BlockedTurn:
    """After a ply of the moving phase by one side (its stones ``own``, the other side's ``theirs``,
    none in hand), the other side's turn under ``action`` where it cannot move (``blocked``: Sanmill's
    ``Position::is_all_surrounded``, the core's ``not has_legal_ply``) (a value of
    :data:`~muehle.analyzer.engine.rules.BLOCKED_ACTIONS`), with ``rest`` the captures written with the
    ply beyond those its mills demand (the removals of the turn). A removal must take a stone of the
    other side next to one of the remover's (``removal-not-adjacent``; an empty point or an own stone
    is ``capture-empty-or-own``); one removal too many is ``extra-capture``, one too few
    ``missing-capture``. A side left with fewer than ``lose_below`` stones has lost
    (:func:`~muehle.analyzer.engine.board.lost`), and nothing more is removed.

    >>> from muehle.analyzer.engine.board import mask_of
    >>> white, black = mask_of(["a1", "d1", "a4"]), mask_of(["g1", "d2", "b4", "a7", "g7"])
    >>> blocked_turn("pass", white, black, [], True, 3)[:4]
    (None, '', True, True)
    >>> blocked_turn("remove-and-move", white, black, ["a1"], True, 3)[:2]
    ('removal-not-adjacent', 'a1')
    >>> blocked_turn("remove-and-move", white, black, ["g7"], False, 3)[:3]
    ('extra-capture', 'g7', False)
    """
    if not blocked or action == "pass":  # (no removal: a side that can move moves, a blocked one passes)
        return ("extra-capture" if rest else None), (rest[0] if rest else ""), blocked, blocked, own, theirs, 0, 0
    # the removers in turn: the blocked side (1), then under both-remove the side that played (0)
    removers = (1, 0) if action == "both-remove" else (1,)
    removed = winner = 0
    for point, remover in zip(rest, removers):
        bit = 1 << POINT_INDEX[point] if point in POINT_INDEX else 0
        victim, by = (own, theirs) if remover else (theirs, own)
        if not victim & bit:
            return "capture-empty-or-own", point, True, False, own, theirs, removed, 0
        if not geometry.reach(by) & bit:
            return "removal-not-adjacent", point, True, False, own, theirs, removed, 0
        if remover:
            own &= ~bit
        else:
            theirs &= ~bit
        removed += 1
        if lost(own if remover else theirs, 0, lose_below):  # (the side that lost a stone)
            winner = 2 if remover else 1
            break
    if len(rest) > removed:
        return "extra-capture", rest[removed], True, False, own, theirs, removed, 0
    if winner:
        return None, "", True, False, own, theirs, removed, winner
    if removed < len(removers):
        return "missing-capture", "", True, False, own, theirs, removed, 0
    return None, "", True, action == "remove-and-pass", own, theirs, removed, 0
