"""Captures without a mill: the capture kinds of the Asian variants (Sanmill's ``custodianCapture``,
``interventionCapture`` and ``leapCapture``, ``src/position.cpp`` at v7.4.6).

A ruleset may switch each kind on (its fields ``custodian_capture``, ``intervention_capture``,
``leap_capture``: a :class:`CaptureKind` with Sanmill's sub-options, or ``None``). The kinds
work on the board's lines of three points, in three sets (``src/position.h`` 305-334): the four
**cross lines** joining the squares (``d7-d6-d5``, ``d1-d2-d3``, ``a4-b4-c4``, ``e4-f4-g4``),
the twelve **square edges** (the other lines of the standard board) and, on a board with
diagonals, the four **diagonal lines**.

- **Intervention** (``checkInterventionCapture`` 2639-2775): a stone placed or moved onto the
  middle point of a line whose two ends hold enemy stones takes both (two removals, the second
  forced onto the same line: ``findPairedInterventionTarget`` 2583-2637). Where the point is
  the middle of two such lines only the first counts, cross lines before square edges before
  diagonals (2692-2732).
- **Custodian** (``checkCustodianCapture``): a stone placed or moved onto an end of a line whose
  middle holds an enemy stone and whose other end an own stone takes one of the enemy stones so
  enclosed (one removal, from all the lines together).
- **Leap** (``checkLeapCapture``): a move from one end of a line over an enemy stone in its middle
  to the empty other end (a move to a point not adjacent, allowed for this) takes the stone
  jumped over (one removal); it goes before the other kinds and before a mill (1506-1520, 1603-1624).

An enemy stone in a closed mill is no target unless the ruleset's ``capture_from_mill`` allows
it (Sanmill: ``mayRemoveFromMillsAlways``, or all of the enemy's stones in mills). When the ply
also closes a mill, the first removal chooses (``Position::remove_piece`` 1675-1731): a target of
a kind takes that kind's removals, another stone the mill's; but Sanmill's move generator
offers only the kinds' targets while the mill's removals are not more than theirs
(``generate<REMOVE>``, ``src/movegen.cpp`` 187-214), which the engine's ``position`` command
holds a record to. :func:`judge_captures` is the one home of all this; the core
(:func:`muehle.analyzer.engine.core.play_line`) calls it for a ruleset with a kind, and the
board's verbs reach it through the core.

>>> from muehle.analyzer.engine.board import mask_of, points_of
>>> kinds = CaptureKinds(intervention=CaptureKind())
>>> bits = kinds.intervention_pair(mask_of(["d6"]), mask_of(["d7", "d5", "b6", "f6"]), False)
>>> points_of(bits)  # (d6: the cross line d7-d6-d5 first, not the square edge b6-d6-f6)
['d5', 'd7']
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Optional, Sequence

from muehle.analyzer.engine.board import (
    DIAGONAL_LINES,
    MILL_LINES,
    POINT_INDEX,
    STANDARD,
    Geometry,
    capturable_under,
    lost,
    mask_of,
    points_of,
)
from muehle.notation.text.errors import quoted
from muehle.notation.text.i18n import _

#: The four lines joining the squares (Sanmill's ``kThreePointCrossLines``).
CROSS_LINES: tuple[tuple[str, str, str], ...] = (
    ("a4", "b4", "c4"), ("e4", "f4", "g4"), ("d5", "d6", "d7"), ("d1", "d2", "d3"))
#: The twelve sides of the three squares (``kThreePointSquareEdgeLines``).
SQUARE_EDGES: tuple[tuple[str, str, str], ...] = tuple(line for line in MILL_LINES if line not in CROSS_LINES)

#: The sub-options of a kind (YAML keys), as Sanmill's ``CaptureRuleConfig`` (``src/rule.h``).
KIND_KEYS = ("square_edges", "cross_lines", "diagonal_lines", "placing", "moving", "only_with_three")
#: The kinds, as a ruleset names them (its fields ``<kind>_capture``).
KINDS = ("custodian", "intervention", "leap")


@dataclass(frozen=True)
class CaptureKind:
    """One capture kind switched on, with Sanmill's sub-options: on which lines it works
    (``square_edges``: ``onSquareEdges``, ``cross_lines``: ``onCrossLines``, ``diagonal_lines``:
    ``onDiagonalLines``, on a board with diagonals only), in which phase (``placing``:
    ``inPlacingPhase``, ``moving``: ``inMovingPhase``; Sanmill's placing phase lasts while either
    side has stones in hand), and ``only_with_three`` (``onlyAvailableWhenOwnPiecesLeq3``: in the
    moving phase, for intervention and custodian, and in every phase for leap, only for a side
    with at most three stones on the board).

    >>> CaptureKind(placing="yes")
    Traceback (most recent call last):
    ...
    ValueError: placing: must be true or false, not 'yes'
    """

    square_edges: bool = True
    cross_lines: bool = True
    diagonal_lines: bool = True
    placing: bool = True
    moving: bool = True
    only_with_three: bool = False

    def __post_init__(self) -> None:
        for key in KIND_KEYS:
            if not isinstance(getattr(self, key), bool):
                raise ValueError(_("{key}: must be true or false, not {value}").format(
                    key=key, value=quoted(getattr(self, key))))

    def lines(self, geometry: Geometry) -> tuple[tuple[str, str, str], ...]:
        """The lines the kind works on, in Sanmill's order (cross lines, square edges, diagonals)."""
        lines: tuple[tuple[str, str, str], ...] = ()
        if self.cross_lines:
            lines += CROSS_LINES
        if self.square_edges:
            lines += SQUARE_EDGES
        if self.diagonal_lines and any(line in geometry.lines for line in DIAGONAL_LINES):
            lines += DIAGONAL_LINES
        return lines

    def applies(self, placing: bool, own: int, leap: bool = False) -> bool:
        """Whether the kind works for a ply in the placing phase (``placing``) or the moving phase by a
        side with stones ``own`` on the board after it (``only_with_three``: in the moving phase only,
        for leap in both)."""
        if not (self.placing if placing else self.moving):
            return False
        return not self.only_with_three or (placing and not leap) or own.bit_count() <= 3


class CaptureKinds:
    """The kinds a ruleset switches on, on its board, with their tables built once.

    >>> CaptureKinds().active, CaptureKinds(leap=CaptureKind()).active
    (False, True)
    """

    def __init__(self, custodian: Optional[CaptureKind] = None, intervention: Optional[CaptureKind] = None,
                 leap: Optional[CaptureKind] = None, geometry: Optional[Geometry] = None) -> None:
        self.custodian, self.intervention, self.leap = custodian, intervention, leap
        self.geometry = geometry or STANDARD
        self.active = custodian is not None or intervention is not None or leap is not None
        # intervention: for each point, the pairs of end points of the lines it is the middle of, in order
        self._middles: list[tuple[int, ...]] = [() for _point in POINT_INDEX]
        if intervention is not None:
            for a, b, c in intervention.lines(self.geometry):
                self._middles[POINT_INDEX[b]] += (mask_of([a, c]),)
        # custodian: for each point at an end of a line, (middle bit, far end bit)
        self._ends: list[tuple[tuple[int, int], ...]] = [() for _point in POINT_INDEX]
        if custodian is not None:
            for a, b, c in custodian.lines(self.geometry):
                self._ends[POINT_INDEX[a]] += ((mask_of([b]), mask_of([c])),)
                self._ends[POINT_INDEX[c]] += ((mask_of([b]), mask_of([a])),)
        # leap: for each pair of end points (as a mask), the middle's bit
        self._leaps: dict[int, int] = {}
        if leap is not None:
            for a, b, c in leap.lines(self.geometry):
                self._leaps[mask_of([a, c])] = mask_of([b])

    def intervention_pair(self, target: int, theirs: int, placing: bool, own: int = 0) -> int:
        """The enemy stones (a mask, both ends of one line) that a stone set on ``target`` takes by
        intervention: the first line (in Sanmill's order) whose ends both hold enemy stones; 0 for none.
        (The mill protection is applied by :func:`judge_captures`.)"""
        kind = self.intervention
        if kind is None or not kind.applies(placing, own):
            return 0
        for ends in self._middles[target.bit_length() - 1]:
            if theirs & ends == ends:
                return ends
        return 0

    def custodian_targets(self, target: int, own: int, theirs: int, placing: bool) -> int:
        """The enemy stones a stone set on ``target`` encloses with an own stone (custodian), a mask."""
        kind = self.custodian
        if kind is None or not kind.applies(placing, own):
            return 0
        found = 0
        for middle, far in self._ends[target.bit_length() - 1]:
            if theirs & middle and own & far:
                found |= middle
        return found

    def leap_target(self, origin: int, target: int, own: int, theirs: int, placing: bool) -> int:
        """The enemy stone a move from ``origin`` to ``target`` jumps over (leap), a mask; 0 for none."""
        kind = self.leap
        if kind is None or not origin or not kind.applies(placing, own, leap=True):
            return 0
        return self._leaps.get(origin | target, 0) & theirs

    def leap_allowed(self, origin: int, target: int, own: int, theirs: int, placing: bool, capturable: int) -> bool:
        """Whether a move from ``origin`` to ``target`` (not adjacent) is a leap: over an enemy stone
        that may be captured (``capturable``: :func:`~muehle.analyzer.engine.board.capturable_under` of
        ``theirs``; Sanmill's ``handle_moving_phase_for_put_piece`` 1419-1438)."""
        return bool(self.leap_target(origin, target, own, theirs, placing) & capturable)

    def leaps_from(self, own: int, occupied: int, theirs: int, placing: bool, capturable: int) -> bool:
        """Whether a side with stones ``own`` has a leap (a move over an enemy stone that may be
        captured, ``capturable`` as for :meth:`leap_allowed`, to an empty point) on a board whose
        stones are ``occupied``: then it can play, though no stone of it has a free neighbour
        (Sanmill's ``Position::is_all_surrounded``, src/position.cpp 3182-3230).

        >>> kinds = CaptureKinds(leap=CaptureKind())
        >>> own, theirs = mask_of(["a1"]), mask_of(["a4", "d1"])
        >>> kinds.leaps_from(own, own | theirs, theirs, False, theirs)
        True
        >>> kinds.leaps_from(own, own | theirs | mask_of(["a7", "g1"]), theirs, False, theirs)
        False
        >>> kinds.leaps_from(own, own | theirs, theirs, False, 0)  # (neither stone may be captured)
        False
        >>> both_ends = mask_of(["a1", "a7"])  # (a4 between two own stones: no leap)
        >>> kinds.leaps_from(both_ends, both_ends | theirs, mask_of(["a4"]), False, mask_of(["a4"]))
        False
        """
        kind = self.leap
        if kind is None or not kind.applies(placing, own, leap=True):
            return False
        for ends, middle in self._leaps.items():
            other = ends & ~own  # (the end the stone would leap to: one end own, the other free)
            if theirs & capturable & middle and other and other != ends and not occupied & other:
                return True
        return False


@functools.lru_cache(maxsize=None)
def capture_kinds(custodian: Optional[CaptureKind], intervention: Optional[CaptureKind],
                  leap: Optional[CaptureKind], geometry: Geometry) -> CaptureKinds:
    """The :class:`CaptureKinds` of a ruleset's fields on its board (one of each, built once)."""
    return CaptureKinds(custodian, intervention, leap, geometry)


#: What :func:`judge_captures` finds: a broken rule's code (``""`` when the captures are right), the
#: point it is about, the opponent's stones after the captures made, how many were made and were
#: due, whether they decided the game, and the points that the ply could still capture.
Judged = tuple[str, str, int, int, int, bool, tuple[str, ...]]


def judge_captures(kinds: CaptureKinds, capture_from_mill: str, remove_multiple: bool,
                   own: int, theirs: int, their_hand: int, target: int, origin: int, placing: bool,
                   mill_captures: int, captures: Sequence[str], point_facts: dict[str, tuple[int, int, int, int]],
                   lose_below: int = 3, blocked_removals: bool = False) -> Optional[Judged]:
    """The captures written with a ply (``captures``) judged under the capture kinds, as Sanmill's
    ``Position`` and move generator judge them; ``None`` where no kind takes part (the ply's mill,
    if any, is judged as ever).

    ``own`` and ``theirs`` are the stones after the ply's stone was set (on ``target``, from
    ``origin``, 0 for a placement), ``placing`` whether the game is in the placing phase,
    ``mill_captures`` what the ply's mills demand (0 for none), ``remove_multiple`` Sanmill's
    ``mayRemoveMultiple`` (the ruleset's ``double_mill: always``). Which stones may be captured and
    whether a side has lost are the board's rules (:func:`~muehle.analyzer.engine.board.capturable_under`,
    :func:`~muehle.analyzer.engine.board.lost`, with ``lose_below``, the ruleset's field, Sanmill's
    ``piecesAtLeastCount``): a capture that leaves the opponent fewer stones ends the game there, and no more are due (``Position::remove_piece``
    1835-1838). Under ``blocked_removals`` (the ruleset's ``blocked`` has a blocked side remove) the
    captures written after those due are left to the blocked side's turn (its removals, written
    with the ply: :mod:`~muehle.analyzer.engine.stalemate`) instead of being one too many; the
    captures made are the count returned.

    >>> from muehle.analyzer.engine.board import DIAGONALS, STANDARD, mask_of
    >>> kinds = CaptureKinds(intervention=CaptureKind(), geometry=DIAGONALS)
    >>> judged = judge_captures(kinds, "always", False, mask_of(["b6"]), mask_of(["a7", "c5", "d1"]), 6,
    ...                         mask_of(["b6"]), 0, True, 0, ["c5", "a7"], DIAGONALS.point_facts)
    >>> judged[0], judged[3:5]
    ('', (2, 2))
    >>> judge_captures(kinds, "always", False, mask_of(["b6"]), mask_of(["a7", "c5", "d1"]), 6,
    ...                mask_of(["b6"]), 0, True, 0, ["c5"], DIAGONALS.point_facts)[:2]
    ('capture-kind-missing', '')
    """
    geometry = kinds.geometry
    leap = kinds.leap_target(origin, target, own, theirs, placing)
    allowed = capturable_under(theirs, capture_from_mill, geometry)
    if leap & allowed:
        # the leap goes first: exactly the stone jumped over, no mill's capture
        targets, required = leap, 1
        first_kinds: tuple[tuple[int, int], ...] = ((leap, 1),)
        millable = False
        total = 1
    else:
        intervention = kinds.intervention_pair(target, theirs, placing, own) & allowed
        custodian = kinds.custodian_targets(target, own, theirs, placing) & allowed
        kinds_count = intervention.bit_count() + (1 if custodian else 0)
        if not kinds_count:
            return None
        targets = intervention | custodian
        # the first removal decides: an intervention target takes the line's stones, a custodian one one
        first_kinds = ((intervention, intervention.bit_count()), (custodian, 1))
        total = mill_captures
        if mill_captures and remove_multiple and placing:
            total += kinds_count
        # a stone not among the targets takes the mill's removals, where the generator offers it
        millable = mill_captures > 0 and total > kinds_count
        # (before the first removal: what a target's kind takes, the intervention's first; or the mill's)
        required = total if millable else intervention.bit_count() or 1
    taken = 0
    decided = False
    pair = 0  # (the stone an intervention's second removal must take)
    chosen = False
    for point in captures:
        try:
            bit = point_facts[point][0]
        except KeyError:
            return "syntax", point, theirs, taken, required, decided, ()
        if taken >= required or decided:
            if blocked_removals and not decided:
                break  # (the rest: a blocked side's removals, stalemate.blocked_turn)
            return "extra-capture", point, theirs, taken, required, decided, ()
        if not theirs & bit:
            return "capture-empty-or-own", point, theirs, taken, required, decided, ()
        if not chosen:
            chosen = True
            for kind_targets, count in first_kinds:
                if kind_targets & bit:
                    required = count
                    pair = kind_targets & ~bit if count == 2 else 0
                    break
            else:
                if not millable:
                    return ("capture-kind-target", point, theirs, taken, required, decided,
                            _points(targets & theirs))
                required = total - kinds_count if remove_multiple and total > kinds_count else total
                targets = 0
        elif pair:
            if not pair & bit:
                return "capture-kind-target", point, theirs, taken, required, decided, _points(pair)
        elif targets and not targets & bit:
            return "capture-kind-target", point, theirs, taken, required, decided, _points(targets & theirs)
        if not targets and not pair and not capturable_under(theirs, capture_from_mill, geometry) & bit:
            # (the mill's removal: a stone as any mill takes)
            return "protected-stone", point, theirs, taken, required, decided, ()
        theirs &= ~bit
        taken += 1
        if lost(theirs, their_hand, lose_below):
            decided = True
            required = taken
    if taken < required:
        left = pair if pair else (targets & theirs if targets else capturable_under(theirs, capture_from_mill,
                                                                                    geometry))
        if left:
            return "capture-kind-missing", "", theirs, taken, required, decided, _points(left)
        required = taken
    return "", "", theirs, taken, required, decided, ()


def _points(mask: int) -> tuple[str, ...]:
    return tuple(points_of(mask))
