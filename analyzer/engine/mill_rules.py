"""Rules on mills beyond closing them, each in its one function: one-time-use mills, no mill again
by moving straight back, and what a board left full by the placements means.

- ``one_time_mills`` (Sanmill's ``OneTimeUseMill``, Russian Mill): a mill captures only the first
  time its three points are closed by its side; closing the same three points again captures
  nothing (:meth:`MillMemory.close`). As Sanmill keeps it (``formedMillsBB``,
  ``Position::mills_count`` in src/position.cpp), each side remembers the *points* of the mills it
  has formed, one mask per side that only grows: a mill counts as used when all three of its
  points are among them (so a mill whose points all belong to other mills formed before counts
  as used too).
- ``no_mill_moving_back`` (Sanmill's ``RestrictRepeatedMillsFormation``, Morabaraba): a stone
  that closed a mill by a move may not, with its side's next ply, move straight back to the
  point it came from to close a mill there again (``Position::put_piece`` and
  ``Position::is_all_surrounded``): :meth:`MillMemory.close` refuses such a move (code
  ``mill-moving-back``) and :meth:`MillMemory.forbidden` names it for the board's list of plies.
  Sanmill also asks whether that move was the side's only one (then it cannot move,
  ``is_all_surrounded``, src/position.cpp 3137-3176); on this board it never is: the move closes
  a line through the point it goes back to whose two other points hold the side's stones, and
  one of them, a neighbour of that point on the line, may move there instead.

- ``board_full`` (Sanmill's ``BoardFullAction``): a board left full by the placements (12 stones
  each, none captured) is a loss for the side to move (``loss``, Sanmill's ``firstPlayerLose``:
  Black wins) or a draw (``draw``, its ``agreeToDraw``, reason ``full-board``): :func:`full_board_end`.
  (Sanmill's other actions, which have stones removed, change the play and are not offered yet.)

What a line of play must remember for the first two (the memory of its mills) is a
:class:`MillMemory`, which :func:`~muehle.analyzer.engine.core.play_line` keeps up to date. It is
not part of the position for repetitions (Sanmill's key holds only the stones and the side to
move) and shows in a FEN's fields 11 to 15 (:meth:`MillMemory.fen_fields`).

>>> from muehle.analyzer.engine.board import mask_of
>>> memory = MillMemory(one_time=True)
>>> mill = mask_of(["a1", "d1", "g1"])
>>> memory.close([mill], 0, 5, "place", 0, mask_of(["g1"]), mill) == [mill]
True
>>> memory.close([mill], 0, 9, "move", mask_of(["g4"]), mask_of(["g1"]), mill)  # (closed again: nothing)
[]
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING, Optional

from muehle.analyzer.engine.board import STANDARD, Geometry
from muehle.analyzer.engine.events import Outcome
from muehle.notation.record.model import Side

if TYPE_CHECKING:
    from muehle.analyzer.engine.rules import Ruleset

#: A side's last mill closed by a move that may not be closed again by moving back: the index of
#: the ply, the point the stone came from and the point it went to (bit masks); ``None``: none.
Closing = Optional[tuple[int, int, int]]

#: The memory after a ply: its index, both sides' formed mills (points), both sides' :data:`Closing`.
_Change = tuple[int, int, int, Closing, Closing]

def _point(bit: int) -> int:
    return bit.bit_length() - 1


class MillMemory:
    """What a line of play remembers of its mills under ``one_time_mills`` (the points of the
    mills each side has formed, :attr:`formed`) and ``no_mill_moving_back`` (each side's last mill
    closed by a move, :attr:`closing`), and how it changed along the line (:meth:`at`).

    A ``closing`` holds while its side has played no ply since: the ply two before the one to
    come (the sides take turns), as Sanmill clears it with the side's next placement or move
    (``lastMillFromSquare``, ``lastMillToSquare``); where a blocked side's turn passes, the
    closings are moved with the turns (:meth:`turn_passed`).
    """

    __slots__ = ("one_time", "moving_back", "geometry", "formed", "closing", "_changes", "_start", "_before")

    def __init__(self, one_time: bool = False, moving_back: bool = False, formed: tuple[int, int] = (0, 0),
                 closing: tuple[Closing, Closing] = (None, None), geometry: Geometry = STANDARD) -> None:
        self.one_time = one_time
        self.moving_back = moving_back
        #: The board whose lines make the mills (the ruleset's).
        self.geometry = geometry
        #: For White (0) and Black (1): the points of the mills the side has formed (Sanmill's ``formedMillsBB``).
        self.formed = list(formed)
        #: For White (0) and Black (1): the side's last mill closed by a move (:data:`Closing`).
        self.closing: list[Closing] = list(closing)
        self._start: _Change = (0, formed[0], formed[1], closing[0], closing[1])
        self._changes: list[_Change] = []
        #: Where a variation's memory began: the line it branches from and the index of the ply before it.
        self._before: Optional[tuple[MillMemory, int]] = None

    @classmethod
    def for_rules(cls, rules: Ruleset, formed: tuple[int, int] = (0, 0),
                  closing: tuple[Closing, Closing] = (None, None)) -> Optional["MillMemory"]:
        """A memory for a line under ``rules``, or ``None`` where the ruleset needs none."""
        if not (rules.one_time_mills or rules.no_mill_moving_back):
            return None
        return cls(rules.one_time_mills, rules.no_mill_moving_back, formed, closing, rules.geometry)

    def copy(self) -> "MillMemory":
        """The memory as it stands now, without its history."""
        return MillMemory(self.one_time, self.moving_back, (self.formed[0], self.formed[1]),
                          (self.closing[0], self.closing[1]), self.geometry)

    def at(self, index: int) -> "MillMemory":
        """The memory as it stood after ply ``index`` of the line (before its first ply: the start;
        in a variation's, before its branch: the line's it branches from), without its history; a
        variation's memory starts from it (it knows the earlier plies from the line)."""
        if self._before is not None and index < self._before[1]:
            return self._before[0].at(index)
        changes = self._changes
        place = bisect_right(changes, index, key=lambda change: change[0])
        _, white, black, closing_white, closing_black = changes[place - 1] if place else self._start
        memory = MillMemory(self.one_time, self.moving_back, (white, black), (closing_white, closing_black),
                            self.geometry)
        memory._before = (self, index)
        return memory

    def close(self, closed: list[int], mover: int, index: int, kind: str, origin: int, target: int,
              own: int) -> Optional[list[int]]:
        """The mills that count among ``closed``, those ply ``index`` of ``mover`` (0 White, 1 Black;
        a ``kind`` of ply from point ``origin`` to ``target``, bit masks, ``origin`` 0 for a
        placement; ``own`` the mover's stones after it) closed; ``None`` when the ply may not be
        played: it moves a stone straight back to close a mill again (``no_mill_moving_back``).
        Remembers the mills formed and the mill closed by a move.

        Sanmill's order: the move back is refused when the stone it moves stood in a mill before it
        and it closes one (``Position::put_piece``, src/position.cpp 1065-1071, both counted by
        ``potential_mills_count``, under ``one_time_mills`` only mills not used); then the mills
        closed are counted, each not used marked as formed (``mills_count``, 3046-3065); a move that
        closed one is remembered when the point it came from lies on a line whose two other points
        hold the mover's stones (1569-1582).
        """
        formed = self.formed[mover]
        moving = kind != "place"
        if self.moving_back and moving:
            last = self.closing[mover]
            if last is not None and last[0] == index - 2 and origin == last[2] and target == last[1] \
                    and self._counting(closed, formed) \
                    and self._lines_held(origin, own & ~target | origin, formed):
                return None
        if self.one_time:
            counted = []
            for mill in closed:
                if mill & formed != mill:
                    formed |= mill
                    counted.append(mill)
            closed = counted
        changed = formed != self.formed[mover]
        self.formed[mover] = formed
        if self.moving_back and moving and closed and self._lines_held(origin, own, formed):
            self.closing[mover] = (index, origin, target)
            changed = True
        if changed:
            self._changes.append((index, self.formed[0], self.formed[1], self.closing[0], self.closing[1]))
        return closed

    def turn_passed(self, mover: int, index: int) -> None:
        """After ply ``index`` of ``mover`` (0 White, 1 Black) the other side's turn passed (a blocked
        side under ``blocked: pass`` or ``remove-and-pass``): ``mover`` plays ply ``index + 1`` too.
        A side's last mill holds until that side's next placement or move, however many plies of
        the other side come between (Sanmill clears ``lastMillFromSquare`` and ``lastMillToSquare``
        only with the side's own ply, ``Position::put_piece`` 1115 and 1569-1582), so the closings
        are moved as the turns are: the mover's of this ply holds for its next ply, ``index + 1``,
        and the other side's of ply ``index - 1`` for the other side's next, ``index + 2``.

        >>> memory = MillMemory(moving_back=True, closing=((7, 1, 2), (6, 4, 8)))
        >>> memory.turn_passed(0, 7)
        >>> memory.closing
        [(6, 1, 2), (7, 4, 8)]
        """
        if not self.moving_back:
            return
        changed = False
        for side, at, moved in ((mover, index, -1), (mover ^ 1, index - 1, 1)):
            last = self.closing[side]
            if last is not None and last[0] == at:
                self.closing[side] = (at + moved, last[1], last[2])
                changed = True
        if changed:
            self._changes.append((index, self.formed[0], self.formed[1], self.closing[0], self.closing[1]))

    def _counting(self, mills: list[int], formed: int) -> bool:
        """Whether any of ``mills`` counts (under ``one_time_mills``: one not used)."""
        return any(mill & formed != mill for mill in mills) if self.one_time else bool(mills)

    def _lines_held(self, point: int, own: int, formed: int) -> bool:
        """Whether a line through ``point`` (a bit) has its two other points among ``own``, and
        (under ``one_time_mills``) is not used (Sanmill's ``potential_mills_count``)."""
        return self._counting([mill for mill in self.geometry.mills_through[_point(point)] if own & (mill & ~point) == mill & ~point],
                              formed)

    def forbidden(self, mover: int, index: int, own: int) -> Optional[tuple[int, int]]:
        """The move ``(origin, target)`` (bit masks) that ``mover``, with stones ``own``, may not play
        as ply ``index`` (a move straight back closing a mill again), or ``None``."""
        last = self.closing[mover] if self.moving_back else None
        if last is None or last[0] != index - 2:
            return None
        _, came_from, went_to = last
        if not own & went_to or not self._lines_held(went_to, own, self.formed[mover]):
            return None  # (the stone is no longer there, or no longer in a mill)
        after = own & ~went_to | came_from
        closing = [mill for mill in self.geometry.mills_through[_point(came_from)] if after & mill == mill]
        return (went_to, came_from) if self._counting(closing, self.formed[mover]) else None

    def fen_fields(self, index: int, to_move: int) -> tuple[int, int, int, int, int, int]:
        """What fields 11 to 15 of Sanmill's FEN say of the memory after ply ``index`` (the next ply
        ``to_move``'s): White's last mill (from, to), Black's, as bit masks (0: none), and White's
        and Black's formed mills (points)."""
        fields: list[int] = []
        for side in (0, 1):
            last = self.closing[side]
            # (the side to move played two plies ago, the other the last one)
            held = last is not None and last[0] == index - (side == to_move)
            fields.extend((last[1], last[2]) if held and last is not None else (0, 0))
        return (fields[0], fields[1], fields[2], fields[3], self.formed[0], self.formed[1])



def full_board_end(board_full: str, winner: Side, ply: int) -> Outcome:
    """The end of the game on a board left full by the placements (``board_full``, the ruleset's
    field): the side to move cannot play and loses (``loss``: ``winner``, the side that played ply
    ``ply``, wins; reason ``blocked``) or the game is drawn (``draw``: reason ``full-board``).
    Sanmill decides it with the placement that fills the board (``Position::put_piece``,
    src/position.cpp 1237-1263).

    >>> full_board_end("loss", "black", 24), full_board_end("draw", "black", 24)
    (Outcome(winner='black', reason='blocked', ply=24), Outcome(winner=None, reason='full-board', ply=24))
    """
    if board_full == "draw":
        return Outcome(None, "full-board", ply)
    return Outcome(winner, "blocked", ply)
