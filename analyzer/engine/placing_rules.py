"""What a mill closed while placing does: the ruleset's ``mill_while_placing``, in one place.

Sanmill's ``MillFormationActionInPlacingPhase`` (``src/rule.h`` 11-18) names what the captures of
a mill closed by a placement do. muehle has three of its values (docs/rulesets.md):

- ``capture`` (0, ``removeOpponentsPieceFromBoard``, every nine-stone ruleset): the stones are
  taken off the board;
- ``mark`` (4, ``markAndDelayRemovingPieces``: Cheng San Qi, Cham Gonu, Zhi Qi, Da San Qi): the
  captured stone's point is *marked* instead of emptied (``src/position.cpp`` 1815-1821; ``X`` in
  the FEN). The stone is gone (it no longer counts for the side, nor for mills), but no stone may
  be placed on the point (1056-1057, ``generate<PLACE>`` in ``src/movegen.cpp``) and it cannot be
  captured; every mark is cleared when placing ends (1934-1936, ``remove_marked_pieces`` 2148-2166):
  after the last placement and its captures;
- ``from-hand`` (1, ``removeOpponentsPieceFromHandThenOpponentsTurn``: Dooz): the captures take
  stones from the opponent's hand, with nothing written in the record, and the turn passes
  (1290-1327); only the captures the opponent's hand cannot give are taken from the board, each
  written as a capture as usual (1300-1306);
- ``mill-counts`` (5, ``removalBasedOnMillCounts``: El Filja): a mill closed while placing
  captures nothing (1280-1284, 1329-1347); after the last placement, both hands empty, whether it
  closed a mill or not (1197-1210, 1333-1345), each side removes stones by the count of mills on
  the board (1937-1939, ``calculate_removal_based_on_mill_counts`` 2168-2207;
  :func:`removals_by_mill_counts`), White first; the ruleset's ``board_full`` never comes (its
  test, 1238, is not reached).

The core (:func:`~muehle.analyzer.engine.core.play_line`) asks these functions where a ply closes
a mill or captures (a rare branch), and keeps the marks of a position as its key's last field
(:data:`~muehle.analyzer.engine.core.PositionKey`), so that the board's verbs, the replay's
positions, FEN and the pictures carry them.

>>> from muehle.analyzer.engine.rules import load_ruleset
>>> marks_captures(load_ruleset("sanmill")), takes_from_hand(load_ruleset("sanmill"))
(False, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

if TYPE_CHECKING:
    from muehle.analyzer.engine.board import Geometry
    from muehle.analyzer.engine.rules import Ruleset


class FenReading(TypedDict):
    """The keywords of :func:`~muehle.analyzer.engine.fen.fen_to_position` a ruleset sets (:func:`fen_reading`)."""

    marks: bool
    hands_in_turn: bool
    lose_below: int


def marks_captures(rules: Ruleset) -> bool:
    """Whether a capture made by a placement marks its point instead of emptying it (``mark``)."""
    return rules.mill_while_placing == "mark"


def takes_from_hand(rules: Ruleset) -> bool:
    """Whether the captures of a mill closed by a placement come from the opponent's hand first
    (``from-hand``)."""
    return rules.mill_while_placing == "from-hand"


def counts_mills(rules: Ruleset) -> bool:
    """Whether a mill closed while placing captures nothing, and the last placement's mill brings
    the removals by the count of mills (``mill-counts``)."""
    return rules.mill_while_placing == "mill-counts"


def count_mills(stones: int, geometry: Geometry) -> int:
    """How many of the board's mills the ``stones`` (a mask) fill (Sanmill's ``total_mills_count``,
    ``src/position.cpp`` 3399).

    >>> from muehle.analyzer.engine.board import mask_of
    >>> from muehle.analyzer.engine.rules import load_ruleset
    >>> count_mills(mask_of(("a1", "a4", "a7", "d7", "g7", "b2")), load_ruleset("el_filja").geometry)
    2
    """
    return sum(1 for mill in geometry.mills if stones & mill == mill)


def removals_by_mill_counts(white_mills: int, black_mills: int) -> tuple[int, int]:
    """How many stones White and Black remove when placing ends under ``mill-counts``, with
    ``white_mills`` and ``black_mills`` mills on the board (Sanmill's
    ``calculate_removal_based_on_mill_counts``, ``src/position.cpp`` 2168-2207): a negative count
    is a removal of the side's own stones (no mill on the board: one each); one side alone with
    mills removes two, the other one; both with mills: as many as the other's count, the side
    with more one more.

    >>> removals_by_mill_counts(0, 0), removals_by_mill_counts(1, 0), removals_by_mill_counts(0, 3)
    ((-1, -1), (2, 1), (1, 2))
    >>> removals_by_mill_counts(2, 2), removals_by_mill_counts(3, 1), removals_by_mill_counts(1, 2)
    ((2, 2), (2, 1), (1, 2))
    """
    if not white_mills and not black_mills:
        return -1, -1
    if not black_mills:
        return 2, 1
    if not white_mills:
        return 1, 2
    if white_mills == black_mills:
        return white_mills, black_mills
    if white_mills > black_mills:
        return black_mills + 1, black_mills
    return white_mills, white_mills + 1


def removers_at_placing_end(white_remove: int, black_remove: int,
                            defender_first: bool = False) -> tuple[tuple[int, bool], ...]:
    """The removals that end the placing, in order: for each, the side that makes it (0 White,
    1 Black) and whether it takes a stone of its own; White's first (Sanmill sets White to move
    once placing ends, ``handle_placing_phase_end``, and Black's turn comes after White's last
    removal), Black's first under ``defender_first`` (Sanmill sets the defender to move there,
    src/position.cpp 1949; White's turn comes after Black's last removal, and Black moves first).
    ``white_remove`` and ``black_remove`` as :func:`removals_by_mill_counts` gives them.

    >>> removers_at_placing_end(2, 1)
    ((0, False), (0, False), (1, False))
    >>> removers_at_placing_end(-1, -1)
    ((0, True), (1, True))
    >>> removers_at_placing_end(2, 1, defender_first=True)
    ((1, False), (0, False), (0, False))
    """
    order = ((1, black_remove), (0, white_remove)) if defender_first else ((0, white_remove), (1, black_remove))
    return tuple((side, count < 0) for side, count in order for _ in range(abs(count)))


def fen_reading(rules: Ruleset) -> FenReading:
    """How a FEN is read under ``rules`` (the keywords of
    :func:`~muehle.analyzer.engine.fen.fen_to_position` and ``start_fen``): ``X`` as a marked
    point only under ``mark``; the stones in hand as the sides place in turn (as many each,
    or one more for Black to move), unless ``from-hand`` takes stones from the hands; and the
    ruleset's ``lose_below`` (Sanmill's ``piecesAtLeastCount``), below which a side with a stone
    still to remove against it has lost (the FEN shows a finished game).

    >>> from muehle.analyzer.engine.rules import load_ruleset
    >>> fen_reading(load_ruleset("cheng_san_qi"))
    {'marks': True, 'hands_in_turn': True, 'lose_below': 3}
    """
    return {"marks": marks_captures(rules), "hands_in_turn": not takes_from_hand(rules),
            "lose_below": rules.lose_below}


def removals_when_full(rules: Ruleset) -> int:
    """How many removals a board left full by the placements brings (the ruleset's ``board_full``,
    Sanmill's ``BoardFullAction``, ``Position::put_piece`` 1238-1263): White then Black removes a
    stone of the other (``remove-both``, 2: firstAndSecondPlayerRemovePiece), White removes one
    (``remove-one``, 1: sideToMoveRemovePiece), or none (``loss``, ``draw``). The removals are
    written glued to the placement (Sanmill's ``12. a7 e5xf6xc5``), each a ply of its own by its
    side, with the rules of any capture: Sanmill makes them in its moving phase (the side to
    move has no stone in hand: ``Position::set_side_to_move``), so neither the adjacency of
    ``is_board_full_removal_at_placing_phase_end`` (which asks for the placing phase) nor a mark
    applies, and the game goes on with White after two removals, with Black after one.

    >>> from muehle.analyzer.engine.rules import load_ruleset
    >>> from dataclasses import replace
    >>> [removals_when_full(replace(load_ruleset("sanmill"), board_full=value))
    ...  for value in ("loss", "draw", "remove-both", "remove-one")]
    [0, 0, 2, 1]
    """
    return _REMOVALS_WHEN_FULL.get(rules.board_full, 0)


#: How many removals each value of ``board_full`` brings (:func:`removals_when_full`; the others none).
_REMOVALS_WHEN_FULL = {"remove-both": 2, "remove-one": 1}


def makes_removal_plies(rules: Ruleset) -> bool:
    """Whether the end of the placing may bring removals that are plies of their own (``board_full``'s
    :func:`removals_when_full`, or ``mill-counts``); the replay then maps the engine's plies to those written.

    >>> from muehle.analyzer.engine.rules import load_ruleset
    >>> makes_removal_plies(load_ruleset("wmd")), makes_removal_plies(load_ruleset("el_filja"))
    (False, True)
    """
    return removals_when_full(rules) > 0 or counts_mills(rules)


def removers_when_full(rules: Ruleset, mover: int) -> tuple[tuple[int, bool], ...]:
    """The removals of :func:`removals_when_full` after a placement by ``mover`` (0 White, 1 Black)
    that fills the board, in order, as :func:`removers_at_placing_end` names them: the sides in
    turn, the opponent of the side that placed first, each taking a stone of the other; under
    ``remove-one`` with ``defender_first`` Black, the side that placed last, removes (Sanmill's
    sideToMoveRemovePiece sets the side to move to Black when the defender moves first,
    ``Position::put_piece`` 1254-1257), in the same ply as its placement, and White moves next.

    >>> from dataclasses import replace
    >>> from muehle.analyzer.engine.rules import load_ruleset
    >>> removers_when_full(load_ruleset("el_filja"), 1)
    ((0, False), (1, False))
    >>> nerenchi = load_ruleset("nerenchi")
    >>> removers_when_full(replace(nerenchi, board_full="remove-one"), 1)
    ((1, False),)
    >>> removers_when_full(replace(nerenchi, board_full="remove-both"), 1)
    ((0, False), (1, False))
    """
    if rules.board_full == "remove-one" and rules.defender_first:
        return ((1, False),)
    return tuple((mover ^ 1 ^ (number & 1), False) for number in range(removals_when_full(rules)))


def marked_after_capture(marked: int, bit: int, kind: str) -> int:
    """The marked points after a capture of the stone on ``bit`` by a ply of ``kind`` under
    ``mark``: a placement's capture marks the point (Sanmill marks while its phase is placing,
    which lasts through the captures of the last placement); a move's empties it.

    >>> marked_after_capture(0b1, 0b100, "place"), marked_after_capture(0b1, 0b100, "move")
    (5, 1)
    """
    return marked | bit if kind == "place" else marked


def marked_after_ply(marked: int, in_hand: int, their_hand: int) -> int:
    """The marked points once a ply and its captures are made, both sides holding ``in_hand`` and
    ``their_hand`` stones: all are cleared when placing has ended (no stone in either hand).

    >>> marked_after_ply(0b100, 0, 1), marked_after_ply(0b100, 0, 0)
    (4, 0)
    """
    return marked if in_hand or their_hand else 0


def captures_from_hand(required: int, their_hand: int) -> int:
    """How many of the ``required`` captures of a mill closed by a placement come from the
    opponent's hand under ``from-hand``: as many as it holds (Sanmill takes them one by one
    while the hand is not empty, ``Position::put_piece`` 1296-1316); the rest are taken from the
    board and written.

    >>> captures_from_hand(1, 5), captures_from_hand(2, 1), captures_from_hand(1, 0)
    (1, 1, 0)
    """
    return min(required, their_hand)
