"""Rulesets as data: which variant of the rules a game is replayed under.

A :class:`Ruleset` is read from YAML (a preset shipped in ``muehle.analyzer.engine.rulesets``
or a file) and checked strictly: an unknown key or a bad value is a
:class:`~muehle.notation.text.errors.FormatError` naming the key and the file.
Every field is described in ``docs/rulesets.md``.

>>> rules = load_ruleset("wmd")
>>> rules.double_mill, rules.no_capture.limit, rules.no_capture.reset
('placing', 60, 'capture')
>>> load_ruleset("sanmill").repetition
'automatic'
>>> parse_ruleset(ruleset_to_yaml(rules), source="copy.yaml") == rules
True
"""

from __future__ import annotations

import functools
import importlib.resources
import os
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional, Union

import yaml

from muehle.analyzer.engine.board import GEOMETRIES, Geometry
from muehle.analyzer.engine.capture_kinds import KIND_KEYS, KINDS, CaptureKind, CaptureKinds, capture_kinds
from muehle.notation.formats.yamlload import compose_yaml, load_yaml_strictly
from muehle.notation.reading.decode import decoded_text
from muehle.notation.reading.inputs import PathArg, path_text
from muehle.notation.text.errors import FormatError, MuehleError, quoted, shortened
from muehle.notation.text.i18n import _

if TYPE_CHECKING:
    from muehle.notation.record.model import GameRecord

#: Allowed values of the enumerated fields.
DOUBLE_MILL = ("placing", "always", "never")
CAPTURE_FROM_MILL = ("when-all-in-mills", "never", "always")
REPETITION = ("claim", "automatic", "off")
REPETITION_WINDOW = ("game", "moves")
NO_PROGRESS_RESET = ("capture", "mill", "placement-or-capture")
DRAW_MODE = ("claim", "automatic")
BLOCKED = ("loss", "draw")
#: What closing a mill while placing does (Sanmill's ``MillFormationActionInPlacingPhase``):
#: ``capture`` a stone from the board (0), ``mark`` its point, emptied when placing ends (4), or
#: take a stone ``from-hand`` of the opponent's stones in hand (1), or nothing, the sides removing
#: by the ``mill-counts`` on the board when placing ends (5).
MILL_WHILE_PLACING = ("capture", "mark", "from-hand", "mill-counts")
#: What a board left full by the placements brings (Sanmill's ``BoardFullAction``): a ``loss`` for
#: the side to move (0), a ``draw`` (4), or removals: White then Black removes a stone
#: (``remove-both``, 1), or White removes one (``remove-one``, 3).
BOARD_FULL = ("loss", "draw", "remove-both", "remove-one")
#: The other values of ``blocked``: what a side that cannot move does instead (Sanmill's other
#: ``StalemateAction``\ s, :mod:`~muehle.analyzer.engine.stalemate`).
BLOCKED_ACTIONS = ("pass", "remove-and-move", "remove-and-pass", "both-remove")
#: The actions of :data:`BLOCKED_ACTIONS` in which a blocked side removes a stone.
BLOCKED_REMOVALS = ("remove-and-move", "remove-and-pass", "both-remove")
#: The boards a ruleset may be played on (``board``): :data:`~muehle.analyzer.engine.board.GEOMETRIES`.
BOARDS = tuple(GEOMETRIES)

#: What a ruleset may cite its rules text for (``cites``): the draw claims, the two
#: ways to lose on the board, and the position to restore after an illegal ply.
CITED = ("repetition", "no-capture", "mandatory-draw", "fewer-than-three", "blocked", "restore")

#: Smallest and largest number of stones per side a ruleset may give.
MIN_STONES, MAX_STONES = 3, 12

#: The name of the ruleset used when neither an option nor a ``Rules`` tag names one.
DEFAULT_RULESET = "wmd"


@dataclass(frozen=True)
class NoProgressRule:
    """A draw after ``limit`` plies without progress.

    ``reset`` says what progress is: ``"capture"`` (a stone captured),
    ``"mill"`` (a mill closed) or ``"placement-or-capture"``; every other ply
    counts, placements included. ``mode`` is ``"claim"`` (a player may claim the
    draw once the counter reaches ``limit``) or ``"automatic"`` (the game ends).
    With ``whole_moves`` the plies are counted in whole numbered moves (White's ply
    and Black's reply; ``limit`` is even): the draw comes with a Black ply, so after
    progress made by White it comes one ply after the counter reaches ``limit``.
    With ``before_capture`` (Sanmill) a move or jump that brings the counter to the draw
    while closing a mill draws the game at once: its capture is not made (one written is
    one too many). ``endgame_limit`` (Sanmill's endgame N-move rule) is a shorter limit that
    applies while a side has exactly three stones on the board and none in hand.
    ``named_first``: when the draw comes with the same ply as a threefold repetition, the
    game's end is named by this rule (Sanmill tests its N-move rules first).
    ``from_fen``: a set-up position's FEN (field 16) gives the counter at the start; without
    it the count starts at 0 (Sanmill's engine does not read that field for the draw).

    >>> rule = NoProgressRule(100, "mill", whole_moves=True)
    >>> rule.reached(100, by_black=False), rule.reached(100, by_black=True), rule.reached(101, by_black=False)
    (False, True, True)
    """

    limit: int
    reset: str = "capture"
    mode: str = "claim"
    whole_moves: bool = False
    before_capture: bool = False
    endgame_limit: Optional[int] = None
    named_first: bool = False
    from_fen: bool = True

    def __post_init__(self) -> None:
        """A rule built in code is checked as a ruleset file is (a :class:`ValueError` saying what is wrong).

        >>> NoProgressRule(5, "bogus")
        Traceback (most recent call last):
        ...
        ValueError: no_capture.reset: must be one of capture, mill, placement-or-capture, not 'bogus'
        """
        if not _is_int(self.limit) or self.limit < 1:
            raise ValueError(_("no_capture.limit: must be a whole number of plies, at least 1, not {value}").format(
                value=quoted(self.limit)))
        _check_choice("no_capture.reset", self.reset, NO_PROGRESS_RESET)
        _check_choice("no_capture.mode", self.mode, DRAW_MODE)
        for key in ("whole_moves", "before_capture", "named_first", "from_fen"):
            if not isinstance(getattr(self, key), bool):
                raise ValueError(_("no_capture.{key}: must be true or false, not {value}").format(
                    key=key, value=quoted(getattr(self, key))))
        if self.whole_moves and self.limit % 2:
            raise ValueError(_("no_capture.limit: must be even with whole_moves (the plies of whole moves), "
                               "not {value}").format(value=quoted(self.limit)))
        if self.endgame_limit is not None:
            if not _is_int(self.endgame_limit) or not 1 <= self.endgame_limit < self.limit:
                raise ValueError(_("no_capture.endgame_limit: must be a whole number of plies from 1 to limit - 1 "
                                   "({most}), or null, not {value}").format(most=quoted(self.limit - 1),
                                                                            value=quoted(self.endgame_limit)))
            if self.whole_moves or self.mode != "automatic":
                raise ValueError(_("no_capture.endgame_limit: goes only with mode automatic and without "
                                   "whole_moves (Sanmill's rule)"))

    def endgame(self, white: int, black: int, in_hand_white: int, in_hand_black: int) -> bool:
        """Whether ``endgame_limit`` applies in a position (stones as masks): a side has exactly three
        stones on the board and neither has any in hand (Sanmill's ``Position::is_three_endgame``).

        >>> rule = NoProgressRule(100, "placement-or-capture", "automatic", endgame_limit=10)
        >>> rule.endgame(0b111, 0b1111 << 8, 0, 0), rule.endgame(0b111, 0b1111 << 8, 1, 0)
        (True, False)
        """
        return (self.endgame_limit is not None and not in_hand_white and not in_hand_black
                and (white.bit_count() == 3 or black.bit_count() == 3))

    @property
    def earliest(self) -> int:
        """The least count at which the draw can come (``limit``, or ``endgame_limit`` if lower):
        below it no ply brings it, so the engine asks :meth:`arises` only from there on.

        >>> NoProgressRule(100, "capture", "automatic", endgame_limit=10).earliest, NoProgressRule(60).earliest
        (10, 60)
        """
        return self.limit if self.endgame_limit is None else min(self.limit, self.endgame_limit)

    def endgame_reached(self, count: int, white: int, black: int, in_hand_white: int, in_hand_black: int) -> bool:
        """Whether ``count`` plies without progress reach ``endgame_limit`` in a position where it
        applies (:meth:`endgame`).

        >>> rule = NoProgressRule(100, "placement-or-capture", "automatic", endgame_limit=10)
        >>> rule.endgame_reached(10, 0b111, 0b1111 << 8, 0, 0), rule.endgame_reached(9, 0b111, 0b1111 << 8, 0, 0)
        (True, False)
        """
        return (self.endgame_limit is not None and count >= self.endgame_limit
                and self.endgame(white, black, in_hand_white, in_hand_black))

    def arises(self, count: int, by_black: bool, white: int, black: int, in_hand_white: int,
               in_hand_black: int) -> bool:
        """Whether a ply by Black (``by_black``) or White after which the counter stands at ``count``
        (in the position after it) brings the draw: the counter comes to the threshold, from the
        ply's own (:meth:`threshold`) to the other side's, so each stretch without progress meets
        it once (with whole moves at the Black ply that reaches ``limit`` or ``limit + 1``); or it
        reaches ``endgame_limit`` where that applies (:meth:`endgame_reached`).

        >>> rule = NoProgressRule(100, "mill", whole_moves=True)
        >>> plies = ((100, True), (101, True), (101, False), (102, True))
        >>> [rule.arises(count, by_black, 0, 0, 0, 0) for count, by_black in plies]
        [True, True, False, False]
        """
        after_white, after_black = self._thresholds
        low, high = (after_black, after_white) if by_black else (after_white, after_black)
        return low <= count <= high or (self.endgame_limit is not None and self.endgame_reached(
            count, white, black, in_hand_white, in_hand_black))

    @functools.cached_property
    def _thresholds(self) -> tuple[int, int]:
        """:meth:`threshold` after a White ply and after a Black ply, worked out once (:meth:`arises`
        is asked after every ply from :attr:`earliest` on)."""
        return self.threshold(False), self.threshold(True)

    def after_capture(self, count: int, by_black: bool, white: int, black: int, in_hand_white: int,
                      in_hand_black: int) -> bool:
        """Whether a move or jump that closed a mill and made one capture draws the game after that
        capture (unless it won the game): ``count`` is the counter the ply brought before its capture
        resets it, the stones those after the capture. Sanmill checks its N-move rules when the last
        removal of a turn is made, still counting the moves up to the mill's (its history is cleared
        only after the removal; after a first removal of two it is empty): with ``before_capture``
        the written capture is made and the draw comes with it where the ply brought the draw
        (:meth:`arises`), and with ``endgame_limit`` where the capture leaves a side with three stones
        (:meth:`endgame_reached`).

        >>> rule = NoProgressRule(30, "placement-or-capture", "automatic", before_capture=True, endgame_limit=10)
        >>> rule.after_capture(30, False, 0b1111, 0b1111 << 8, 0, 0), rule.after_capture(29, False, 0b1111, 0b1111 << 8, 0, 0)
        (True, False)
        >>> rule.after_capture(10, False, 0b1111, 0b111 << 8, 0, 0)
        True
        """
        return (self.before_capture and self.mode == "automatic" and self.reset != "mill"
                and self.arises(count, by_black, white, black, in_hand_white, in_hand_black)) \
            or self.endgame_reached(count, white, black, in_hand_white, in_hand_black)

    def stands(self, count: int, by_black: bool, white: int, black: int, in_hand_white: int,
               in_hand_black: int) -> bool:
        """Whether the draw stands with ``count`` plies without progress, the last of them by Black
        (``by_black``) or by White, in a position (stones as masks): the counter has reached the
        threshold (:meth:`reached`), or ``endgame_limit`` where that applies. A set-up position's
        count is judged so (the right at the start).

        >>> rule = NoProgressRule(100, "placement-or-capture", "automatic", endgame_limit=10)
        >>> rule.stands(12, False, 0b111, 0b1111 << 8, 0, 0), rule.stands(12, False, 0b1111, 0b1111 << 8, 0, 0)
        (True, False)
        """
        return self.reached(count, by_black) or self.endgame_reached(count, white, black, in_hand_white,
                                                                     in_hand_black)

    def threshold(self, by_black: bool) -> int:
        """The counter at which the draw is due after a ply by Black (``by_black``) or by White."""
        return self.limit + 1 if self.whole_moves and not by_black else self.limit

    def reached(self, count: int, by_black: bool) -> bool:
        """Whether ``count`` plies without progress, the last of them by Black (``by_black``) or
        by White, give the draw (the right to claim it, or its automatic end)."""
        return count >= self.threshold(by_black)

    def limit_of(self, count: int, by_black: bool) -> str:
        """Which limit gives the draw that stands with ``count`` plies without progress, the last of
        them by Black (``by_black``) or White: ``"normal"`` when the counter has reached the
        threshold (:meth:`reached`), else ``"endgame"`` (``endgame_limit``, a side with three stones).

        >>> rule = NoProgressRule(100, "placement-or-capture", "automatic", endgame_limit=10)
        >>> rule.limit_of(100, False), rule.limit_of(12, False)
        ('normal', 'endgame')
        """
        return "normal" if self.reached(count, by_black) else "endgame"

    def plies_to_go(self, count: int, by_black: bool) -> int:
        """How many more plies without progress bring the draw, after ``count`` of them the last
        by Black (``by_black``) or White; 0 when it is there.

        >>> rule = NoProgressRule(100, "mill", whole_moves=True)
        >>> rule.plies_to_go(99, by_black=True), rule.plies_to_go(100, by_black=False), rule.plies_to_go(98, True)
        (2, 1, 2)
        """
        more = max(self.limit - count, 0)
        # after ``more`` plies the last is Black's when that many plies keep the side (an even number)
        return more if self.reached(count + more, by_black == (more % 2 == 0)) else more + 1

    def plies_to_draw(self, count: int, by_black: bool, white: int, black: int, in_hand_white: int,
                      in_hand_black: int) -> int:
        """How many more plies without progress bring the draw in a position (stones as masks):
        :meth:`plies_to_go`, or fewer where ``endgame_limit`` applies (:meth:`endgame`), at least 1.

        >>> rule = NoProgressRule(100, "placement-or-capture", "automatic", endgame_limit=10)
        >>> rule.plies_to_draw(4, False, 0b111, 0b1111 << 8, 0, 0), rule.plies_to_draw(4, False, 0b1111, 0b1111 << 8, 0, 0)
        (6, 96)
        """
        more = self.plies_to_go(count, by_black)
        if self.endgame_limit is not None and self.endgame(white, black, in_hand_white, in_hand_black):
            more = min(more, max(self.endgame_limit - count, 1))
        return more


@dataclass(frozen=True)
class Ruleset:
    """One set of rules; see ``docs/rulesets.md`` for every field.

    ``follows`` names the rules text and sections the ruleset follows.
    ``double_mill``: how many stones a ply closing two mills at once captures:
    ``"placing"`` two only when the ply is a placement, ``"always"`` two in any
    phase, ``"never"`` always one. ``capture_from_mill``: ``"when-all-in-mills"``
    (a stone in a closed mill may be captured only when every opposing stone is in
    one), ``"never"`` (then the mill is closed without a capture) or ``"always"`` (any opposing
    stone, in a mill or not: Sanmill's ``MayRemoveFromMillsAlways``).
    ``repetition``: threefold repetition is a draw to ``"claim"``, ends the game
    ``"automatic"``-ally, or is ``"off"``. ``repetition_window``: which positions count
    towards a repetition: every one of the ``"game"``, or under ``"moves"`` only those
    reached by a move or jump since the last placement or capture (Sanmill's history). ``no_capture``: the no-progress rule or
    ``None``. ``mandatory_draw``: the stone-count rule of WMD 11.5 applies.
    ``cites``: for some of :data:`CITED`, the section of the rules text that says
    so and its words, as (what, section, text) triples (see :meth:`cite`).
    ``blocked``: a side to move that cannot move has lost (``"loss"``) or the game is drawn
    (``"draw"``, Sanmill's ``StalemateAction`` ``endWithStalemateDraw``), or in the moving phase it
    acts otherwise (:data:`BLOCKED_ACTIONS`: its turn passes, ``"pass"``; it removes a stone,
    ``"remove-and-move"``, ``"remove-and-pass"``, ``"both-remove"``: see
    :mod:`~muehle.analyzer.engine.stalemate`); a board left full by the placements is a loss for
    the side to move either way.
    ``claim_with_next_move``: a draw is claimed together with the claimant's next ply, so a
    claim made with a ply is good when the right existed at the position before it.
    ``move_while_placing``: a side with stones in hand may move a stone to a neighbouring point
    instead of placing one (Sanmill's ``MayMoveInPlacingPhase``, Lasker Morris).
    ``mill_while_placing``: what the captures of a mill closed by a placement do (one of
    :data:`MILL_WHILE_PLACING`; :mod:`~muehle.analyzer.engine.placing_rules`).
    ``one_time_mills``: a mill captures only the first time its side closes its three points
    (Sanmill's ``OneTimeUseMill``, Russian Mill; :mod:`~muehle.analyzer.engine.mill_rules`).
    ``board_full``: a board left full by the placements is a loss for the side to move (``"loss"``,
    Sanmill's ``BoardFullAction`` ``firstPlayerLose``), a draw (``"draw"``, its ``agreeToDraw``), or
    brings removals: White's, then Black's (``"remove-both"``, its ``firstAndSecondPlayerRemovePiece``),
    or White's (``"remove-one"``, its ``sideToMoveRemovePiece``; :mod:`~muehle.analyzer.engine.placing_rules`).
    ``no_mill_moving_back``: a stone that closed a mill by a move may not close one again with its
    side's next ply by moving straight back to the point it came from (Sanmill's
    ``RestrictRepeatedMillsFormation``, Morabaraba).
    ``board``: the lines of the board, by name (:data:`BOARDS`): ``"standard"``, or
    ``"diagonals"`` (Sanmill's ``HasDiagonalLines``: four diagonal lines more, so more
    neighbours and four more mills); :attr:`geometry` holds its tables.
    ``defender_first``: Black makes the first move of the moving phase (Sanmill's
    ``IsDefenderMoveFirst``), so Black acts twice in a row when its placement ends the placing.
    ``custodian_capture``, ``intervention_capture``, ``leap_capture``: captures without a mill
    (Sanmill's ``custodianCapture``, ``interventionCapture``, ``leapCapture``), each ``None`` (off)
    or a :class:`~muehle.analyzer.engine.capture_kinds.CaptureKind` with its sub-options;
    :attr:`capture_kinds` holds their tables (see :mod:`muehle.analyzer.engine.capture_kinds`).
    ``flying_at``: the most stones a side may fly with (from three on, where ``flying`` allows it;
    Sanmill's ``flyPieceCount``). ``lose_below``: a side with fewer stones on the board and in hand
    has lost (Sanmill's ``piecesAtLeastCount``); both 3 in the nine-stone game.
    """

    name: str
    title: str
    follows: str = ""
    stones: int = 9
    board: str = "standard"
    flying: bool = True
    flying_at: int = 3
    lose_below: int = 3
    move_while_placing: bool = False
    mill_while_placing: str = "capture"
    defender_first: bool = False
    one_time_mills: bool = False
    no_mill_moving_back: bool = False
    blocked: str = "loss"
    board_full: str = "loss"
    double_mill: str = "placing"
    capture_from_mill: str = "when-all-in-mills"
    repetition: str = "claim"
    repetition_window: str = "game"
    no_capture: Optional[NoProgressRule] = None
    mandatory_draw: bool = False
    claim_with_next_move: bool = False
    custodian_capture: Optional[CaptureKind] = None
    intervention_capture: Optional[CaptureKind] = None
    leap_capture: Optional[CaptureKind] = None
    cites: tuple[tuple[str, str, str], ...] = ()

    def __post_init__(self) -> None:
        """A ruleset built in code is checked as a ruleset file is (a :class:`ValueError` saying what is wrong).

        >>> Ruleset(name="club", title="Club", stones=2)
        Traceback (most recent call last):
        ...
        ValueError: stones: must be a whole number from 3 to 12, not 2
        """
        if not _is_int(self.stones) or not MIN_STONES <= self.stones <= MAX_STONES:
            raise ValueError(_("stones: must be a whole number from {least} to {most}, not {value}").format(
                least=MIN_STONES, most=MAX_STONES, value=quoted(self.stones)))
        for key in ("flying_at", "lose_below"):
            value = getattr(self, key)
            if not _is_int(value) or not 3 <= value <= self.stones:
                raise ValueError(_("{key}: must be a whole number of stones from 3 to the stones of a side ({most}), "
                                   "not {value}").format(key=key, most=self.stones, value=quoted(value)))
        for key in ("flying", "move_while_placing", "defender_first", "one_time_mills", "no_mill_moving_back",
                    "mandatory_draw", "claim_with_next_move"):
            if not isinstance(getattr(self, key), bool):
                raise ValueError(_("{key}: must be true or false, not {value}").format(key=key, value=quoted(getattr(self, key))))
        _check_choice("board", self.board, BOARDS)
        _check_choice("blocked", self.blocked, BLOCKED + BLOCKED_ACTIONS)
        _check_choice("mill_while_placing", self.mill_while_placing, MILL_WHILE_PLACING)
        _check_choice("board_full", self.board_full, BOARD_FULL)
        if self.mill_while_placing != "capture" and self.move_while_placing:
            raise ValueError(_("mill_while_placing: {value} goes only with placements, not with "
                               "move_while_placing").format(value=self.mill_while_placing))
        _check_choice("double_mill", self.double_mill, DOUBLE_MILL)
        _check_choice("capture_from_mill", self.capture_from_mill, CAPTURE_FROM_MILL)
        _check_choice("repetition", self.repetition, REPETITION)
        _check_choice("repetition_window", self.repetition_window, REPETITION_WINDOW)
        for kind in KINDS:
            value = getattr(self, f"{kind}_capture")
            if value is not None and not isinstance(value, CaptureKind):
                raise ValueError(_("{key}: must be a CaptureKind or None, not {value}").format(
                    key=f"{kind}_capture", value=quoted(value)))
        if self.no_capture is not None and not isinstance(self.no_capture, NoProgressRule):
            raise ValueError(_("no_capture: must be a NoProgressRule or None, not {value}").format(
                value=quoted(self.no_capture)))
        if self.defender_first and self.no_capture is not None and self.no_capture.whole_moves:
            raise ValueError(_("defender_first: goes only without no_capture.whole_moves (whole moves are "
                               "White's ply and Black's reply, which the defender's first move breaks)"))
        for key in ("name", "title", "follows"):
            if not isinstance(getattr(self, key), str):
                raise ValueError(_("{key}: must be a text, not {value}").format(key=key, value=quoted(getattr(self, key))))
        for cited in self.cites:
            if not (isinstance(cited, tuple) and len(cited) == 3 and all(isinstance(part, str) for part in cited)
                    and cited[0] in CITED and cited[1].strip() and cited[2].strip()):
                raise ValueError(_("cites: each must be (what, section, text), what one of {listing} and section "
                                   "and text non-empty texts, not {value}").format(listing=", ".join(CITED),
                                                                                  value=quoted(cited)))

    def cite(self, what: str) -> Optional[tuple[str, str]]:
        """The section and the words of the rules text on ``what`` (one of :data:`CITED`), if cited.

        >>> load_ruleset("wmd").cite("repetition")
        ('WMD 11.2', 'wenn ein Spieler eine dreimalige Zugswiederholung nachweisen kann')
        >>> load_ruleset("sanmill").cite("no-capture") is None
        True
        """
        return next(((section, text) for key, section, text in self.cites if key == what), None)

    @property
    def geometry(self) -> Geometry:
        """The tables of the ruleset's board (:class:`~muehle.analyzer.engine.board.Geometry`), one per board.

        >>> load_ruleset("wmd").geometry, len(load_ruleset("wmd").geometry.mills)
        (<Geometry standard>, 16)
        """
        return GEOMETRIES[self.board]

    @functools.cached_property
    def capture_kinds(self) -> Optional[CaptureKinds]:
        """The capture kinds the ruleset switches on, with their tables on its board, or ``None``
        for none (the core then asks nothing of them).

        >>> load_ruleset("wmd").capture_kinds is None, load_ruleset("mul_mulan").capture_kinds.active
        (True, True)
        """
        if self.custodian_capture is None and self.intervention_capture is None and self.leap_capture is None:
            return None
        return capture_kinds(self.custodian_capture, self.intervention_capture, self.leap_capture, self.geometry)

    def captures_for(self, mills: int, placing: bool) -> int:
        """How many stones a ply closing ``mills`` mills must capture: one per mill where
        ``double_mill`` lets a ply closing several capture more than one (two mills, or three
        at a corner of a board with diagonals), else one.

        >>> wmd = load_ruleset("wmd")
        >>> wmd.captures_for(2, placing=True), wmd.captures_for(2, placing=False), wmd.captures_for(3, placing=True)
        (2, 1, 3)
        >>> load_ruleset("schuermann").captures_for(2, placing=False), load_ruleset("sanmill").captures_for(3, False)
        (2, 1)
        """
        if mills == 0 or placing and self.mill_while_placing == "mill-counts":
            return 0  # (mill-counts: the removals come when placing ends, placing_rules)
        if mills == 1 or self.double_mill == "never":
            return 1
        if self.double_mill == "always" or placing:
            return mills
        return 1

    @functools.cached_property
    def captures_table(self) -> tuple[int, ...]:
        """:meth:`captures_for` looked up once: for one mill by a move, one by a placement, two by a
        move, two by a placement, three by a move, three by a placement (index
        ``2 * (mills - 1) + placing``), as the engine reads it.

        >>> load_ruleset("wmd").captures_table
        (1, 1, 1, 2, 1, 3)
        """
        return tuple(self.captures_for(mills, placing) for mills in (1, 2, 3) for placing in (False, True))


_KEYS = tuple(f.name for f in fields(Ruleset))
_NO_PROGRESS_KEYS = tuple(f.name for f in fields(NoProgressRule))


def preset_names() -> list[str]:
    """The names of the shipped presets, the default first.

    >>> preset_names()[0]
    'wmd'
    """
    return list(_preset_names())


@functools.lru_cache(maxsize=None)
def _preset_names() -> tuple[str, ...]:
    names = sorted(
        entry.name[: -len(".yaml")]
        for entry in importlib.resources.files("muehle.analyzer.engine.rulesets").iterdir()
        if entry.name.endswith(".yaml")
    )
    return tuple(sorted(names, key=lambda name: name != DEFAULT_RULESET))


@functools.lru_cache(maxsize=None)
def _preset(name: str) -> Ruleset:
    resource = importlib.resources.files("muehle.analyzer.engine.rulesets") / f"{name}.yaml"
    return parse_ruleset(resource.read_text(encoding="utf-8"), source=f"<preset {name}>")


def load_ruleset(name_or_path: PathArg) -> Ruleset:
    """A preset by name, or the ruleset in a YAML file (``.yaml``/``.yml`` or existing;
    a path as text or :class:`os.PathLike`). A name that is no file names a preset as a
    ``Rules`` tag does (case and surrounding blanks do not matter).

    Raises :class:`FormatError` for an unknown or empty name, a file that cannot be read
    or is not UTF-8 (code ``io``) or a bad ruleset, and :class:`TypeError` for what is not
    a path.

    >>> load_ruleset(" WMD ").name
    'wmd'
    >>> load_ruleset("no-such-rules")
    Traceback (most recent call last):
    ...
    muehle.notation.text.errors.FormatError: no-such-rules: error: unknown ruleset 'no-such-rules' ...
    """
    name_or_path = path_text(name_or_path, "name_or_path")
    if name_or_path in _preset_names():
        return _preset(name_or_path)
    if not name_or_path.strip():
        raise FormatError((_("a ruleset is named by a preset ({presets}) or a .yaml file, not by an empty text")
                           if not name_or_path else
                           _("a ruleset is named by a preset ({presets}) or a .yaml file, not by blanks")).format(
                              presets=", ".join(preset_names())),
                          source="<ruleset>", code="ruleset")
    path = Path(name_or_path)
    if path.suffix.lower() not in (".yaml", ".yml") and not _exists(path):
        found = preset_for_tag(name_or_path)
        if found is not None:
            return found
        raise FormatError(
            _("unknown ruleset '{name}' (presets: {presets}; or give a .yaml file)").format(
                name=shortened(name_or_path), presets=", ".join(preset_names())),
            source=shortened(name_or_path),
            code="ruleset",
        )
    try:
        data = path.read_bytes()
    except OSError as error:
        raise FormatError(
            _("cannot read ruleset {name}: {reason}").format(name=shortened(name_or_path), reason=error.strerror),
            source=shortened(name_or_path), code="io"
        ) from None
    try:
        text = decoded_text(data, name_or_path)
    except MuehleError as error:  # (not UTF-8: located at the first bad byte)
        raise FormatError(error.message, source=name_or_path, line=error.line, column=error.column,
                          code=error.code) from None
    return parse_ruleset(text, source=name_or_path, default_name=path.stem)


def _exists(path: Path) -> bool:
    """Whether ``path`` is there (not when the system cannot look it up: a name too long)."""
    try:
        return path.exists()
    except OSError:
        return False


#: What a function's ``rules`` argument may be: a ruleset, a preset's name or a YAML
#: file's path (see :func:`load_ruleset`), or ``None`` (each function says what it means).
RulesArg = Union[Ruleset, str, "os.PathLike[str]", None]


def as_ruleset(rules: RulesArg, argument: str = "rules") -> Ruleset:
    """``rules`` as a :class:`Ruleset`: itself, the one :func:`load_ruleset` finds by the
    name or path, or the default (``wmd``) for ``None``. Anything else is a
    :class:`TypeError` naming ``argument``.

    >>> as_ruleset("sanmill").name, as_ruleset(None).name
    ('sanmill', 'wmd')
    >>> as_ruleset(9)
    Traceback (most recent call last):
    ...
    TypeError: rules must be a Ruleset, a preset's name or a YAML file's path, not int
    """
    if isinstance(rules, Ruleset):
        return rules
    if rules is None:
        return _preset(DEFAULT_RULESET)
    if isinstance(rules, (str, bytes, os.PathLike)):
        return load_ruleset(rules)
    raise TypeError(f"{argument} must be a Ruleset, a preset's name or a YAML file's path, "
                    f"not {type(rules).__name__}")


def preset_for_tag(name: str) -> Optional[Ruleset]:
    """The preset a ``[Rules "..."]`` tag names, or ``None`` if there is none by that name.

    Tags name presets only (never files). Case and surrounding blanks are ignored, and hyphens
    may stand for the underscores of a Sanmill variant's id (:func:`preset_key`).

    >>> preset_for_tag(" WMD ").name, preset_for_tag("lasker-morris").name
    ('wmd', 'lasker_morris')
    >>> preset_for_tag("chess") is None
    True
    """
    key = preset_key(name)
    return _preset(key) if key is not None else None


def preset_key(name: str) -> Optional[str]:
    """The preset's name that ``name`` spells, or ``None``: case and surrounding blanks are
    ignored, and a Sanmill variant's id may be written with hyphens (``lasker-morris`` for
    ``lasker_morris``).

    >>> preset_key(" Standard-9MM "), preset_key("wmd-traditional"), preset_key("chess")
    ('standard_9mm', 'wmd-traditional', None)
    """
    key = name.strip().lower()
    if key in _preset_names():
        return key
    key = key.replace("-", "_")
    return key if key in _preset_names() else None


def _locations(text: str) -> dict[tuple[str, ...], tuple[int, int]]:
    """Line and column (1-based) of every mapping key, by key path."""
    found: dict[tuple[str, ...], tuple[int, int]] = {}

    def walk(node: Any, path: tuple[str, ...]) -> None:
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode):
                    found[path + (key.value,)] = (key.start_mark.line + 1, key.start_mark.column + 1)
                    walk(value, path + (key.value,))

    try:
        walk(compose_yaml(text), ())
    except (yaml.YAMLError, RecursionError):  # (nested too deep to walk: the keys found so far)
        pass
    return found


def parse_ruleset(text: str, source: str = "<ruleset>", default_name: str = "custom") -> Ruleset:
    """Read a ruleset from YAML text, strictly.

    A key ``base: PRESET`` starts from that preset; every other key replaces one
    field. ``name`` defaults to ``default_name`` and ``title`` to the name.

    >>> parse_ruleset("base: wmd\\ncapture_from_mill: never\\n").capture_from_mill
    'never'
    >>> parse_ruleset("stones: 2")
    Traceback (most recent call last):
    ...
    muehle.notation.text.errors.FormatError: <ruleset>:1:1: error: stones: must be a whole number from 3 to 12, not 2
    """
    try:
        data = load_yaml_strictly(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        problem = getattr(error, "problem", None) or str(error)
        raise FormatError(
            _("not valid YAML: {problem}").format(problem=problem),
            source=source,
            line=mark.line + 1 if mark else 0,
            column=mark.column + 1 if mark else 0,
            code="ruleset",
        ) from None
    if not isinstance(data, dict):
        raise FormatError(
            _("a ruleset must be a mapping of keys to values, this is empty") if data is None else
            _("a ruleset must be a mapping of keys to values, this is a {kind}").format(kind=_kind(data)),
            source=source, code="ruleset"
        )
    where = _locations(text)

    def fail(path: tuple[str, ...], message: str) -> FormatError:
        line, column = where.get(path, (0, 0))
        return FormatError(f"{shortened('.'.join(path))}: {message}", source=source, line=line, column=column,
                           code="ruleset")

    for key in data:
        if not isinstance(key, str) or (key not in _KEYS and key != "base"):
            raise fail((str(key),), _("unknown key (known keys: {keys})").format(keys=", ".join(("base", *_KEYS))))
    base_name = data.get("base")
    if base_name is not None:
        if not isinstance(base_name, str) or base_name not in preset_names():
            raise fail(("base",), _("must name a preset ({presets}), not {value}").format(
                presets=", ".join(preset_names()), value=quoted(base_name)))
        base: Ruleset = _preset(base_name)
    else:
        base = Ruleset(name="", title="")
    values: dict[str, Any] = {}
    for key in ("name", "title", "follows"):
        if key in data:
            if not isinstance(data[key], str) or (key == "name" and not data[key].strip()):
                raise fail((key,), (_("must be a non-empty text, not {value}") if key == "name" else
                                    _("must be a text, not {value}")).format(value=quoted(data[key])))
            values[key] = data[key].strip() if key == "name" else data[key]
    for key in ("stones", "board", "flying", "flying_at", "lose_below", "move_while_placing", "mill_while_placing",
                "defender_first", "one_time_mills", "no_mill_moving_back", "blocked", "board_full", "mandatory_draw",
                "claim_with_next_move", "double_mill", "capture_from_mill", "repetition", "repetition_window"):
        if key in data:
            values[key] = data[key]  # (checked by the Ruleset itself, below)
    if values.get("repetition") is False:  # (YAML reads an unquoted `off` as false)
        values["repetition"] = "off"
    if "no_capture" in data:
        values["no_capture"] = _no_progress(data["no_capture"], fail)
    for kind in KINDS:
        key = f"{kind}_capture"
        if key in data:
            values[key] = _capture_kind(key, data[key], fail)
    if "cites" in data:
        values["cites"] = _cites(data["cites"], fail)
    elif base.cites:  # a rule the file changes no longer says what the base's text says
        changed = {key for key, value in values.items() if key in _KEYS and value != getattr(base, key)}
        values["cites"] = tuple(cited for cited in base.cites if _CITED_FIELD.get(cited[0]) not in changed)
    values.setdefault("name", default_name)
    values.setdefault("title", values["name"])
    try:
        return replace(base, **values)
    except ValueError as error:  # ("stones: must be ..."): at the key it names
        key, _colon, message = str(error).partition(": ")
        raise fail((key,), message) from None


def _capture_kind(key: str, value: Any, fail: Any) -> Optional[CaptureKind]:
    """A capture kind's field: ``null`` or ``false`` (off), ``true`` (on, Sanmill's sub-options'
    defaults) or a mapping of some of :data:`~muehle.analyzer.engine.capture_kinds.KIND_KEYS` to true or false."""
    if value is None or value is False:
        return None
    if value is True:
        return CaptureKind()
    if not isinstance(value, dict):
        raise fail((key,), _("must be true, false, null or a mapping with {keys}, not {kind} {value}").format(
            keys=", ".join(KIND_KEYS), kind=_kind(value), value=quoted(value)))
    for sub in value:
        if sub not in KIND_KEYS:
            raise fail((key, str(sub)), _("unknown key (known keys: {keys})").format(keys=", ".join(KIND_KEYS)))
    try:
        return CaptureKind(**value)
    except ValueError as error:  # ("placing: must be ..."): at the key it names
        sub, _colon, message = str(error).partition(": ")
        raise fail((key, sub), message) from None


def _no_progress(value: Any, fail: Any) -> Optional[NoProgressRule]:
    path = ("no_capture",)
    if value is None or value is False:
        return None
    if not isinstance(value, dict):
        raise fail(path, _("must be a mapping with {keys} (or null), not {kind} {value}").format(
            keys=", ".join(_NO_PROGRESS_KEYS), kind=_kind(value), value=quoted(value)))
    for key in value:
        if key not in _NO_PROGRESS_KEYS:
            raise fail(path + (str(key),), _("unknown key (known keys: {keys})").format(keys=", ".join(_NO_PROGRESS_KEYS)))
    if "limit" not in value:
        raise fail(path, _("needs a limit (plies without progress)"))
    try:
        return NoProgressRule(**value)
    except ValueError as error:  # ("no_capture.limit: must be ..."): at the key it names
        key, _colon, message = str(error).partition(": ")
        raise fail(tuple(key.split(".")), message) from None


#: The field of a ruleset that decides each cited rule (the others hang on no one field).
_CITED_FIELD = {"repetition": "repetition", "no-capture": "no_capture", "mandatory-draw": "mandatory_draw",
                "blocked": "blocked"}


def _cites(value: Any, fail: Any) -> tuple[tuple[str, str, str], ...]:
    """The ``cites`` mapping: for each of :data:`CITED`, a mapping with ``section`` and ``text``."""
    path = ("cites",)
    if value is None:
        return ()
    if not isinstance(value, dict):
        raise fail(path, _("must be a mapping of {keys} to a section and a text, not {kind}").format(
            keys=", ".join(CITED), kind=_kind(value)))
    cites = []
    for key, cited in value.items():
        if key not in CITED:
            raise fail(path + (str(key),), _("unknown key (known keys: {keys})").format(keys=", ".join(CITED)))
        if not isinstance(cited, dict) or set(cited) != {"section", "text"} \
                or not all(isinstance(cited[part], str) and cited[part].strip() for part in ("section", "text")):
            raise fail(path + (key,), _("must be a mapping with a section and a text, both non-empty texts"))
        cites.append((key, cited["section"].strip(), cited["text"].strip()))
    return tuple(cites)


def _check_choice(key: str, value: Any, allowed: tuple[str, ...]) -> None:
    """A :class:`ValueError` unless ``value`` is one of ``allowed``."""
    if value not in allowed:
        raise ValueError(_("{key}: must be one of {listing}, not {value}").format(key=key, listing=", ".join(allowed),
                                                                                 value=quoted(value)))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _kind(value: Any) -> str:
    return {list: "list", str: "text", int: "number", float: "number", bool: "boolean"}.get(
        type(value), type(value).__name__)


def ruleset_to_yaml(rules: Ruleset) -> str:
    """The ruleset as YAML that :func:`load_ruleset` reads back to an equal ruleset.

    >>> print(ruleset_to_yaml(load_ruleset("sanmill")))  # doctest: +ELLIPSIS
    name: sanmill
    ...
    no_capture:
      limit: 100
      reset: placement-or-capture
      mode: automatic
      whole_moves: false
      before_capture: true
      endgame_limit: null
      named_first: true
      from_fen: false
    mandatory_draw: false
    claim_with_next_move: false
    ...
    cites:
      fewer-than-three:
        section: Allgemeine Beschreibung, Endphase
    ...
    """
    data: dict[str, Any] = {}
    for key in _KEYS:
        value = getattr(rules, key)
        if isinstance(value, NoProgressRule):
            value = {k: getattr(value, k) for k in _NO_PROGRESS_KEYS}
        elif isinstance(value, CaptureKind):
            value = {k: getattr(value, k) for k in KIND_KEYS}
        elif key == "cites":
            value = {what: {"section": section, "text": text} for what, section, text in value}
        data[key] = value
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


#: Sanmill's variants by their ids (its ``RuleVariant``), in the app's order; each has a preset of
#: the same name once muehle judges it as Sanmill does (docs/rulesets.md, "Sanmill's variants").
SANMILL_VARIANTS = ("standard_9mm", "twelve_mens_morris", "morabaraba", "dooz", "lasker_morris", "russian_mill",
                    "cham_gonu", "zhi_qi", "cheng_san_qi", "da_san_qi", "mul_mulan", "nerenchi", "el_filja")

#: The names Sanmill's export writes in its ``[Variant "..."]`` tag (``import_service.dart``
#: ``addTagPairs``: only these three, by the rule settings' ``isLikely...`` tests) and the variant
#: each names; the other variants' names are read by their ids (:func:`variant_for_tag`).
SANMILL_VARIANT_TAGS = {"nine men's morris": "standard_9mm", "twelve men's morris": "twelve_mens_morris",
                        "el filja": "el_filja"}


def variant_for_tag(name: str) -> Optional[str]:
    """The id of the Sanmill variant a ``[Variant "..."]`` tag names, or ``None``: one of the names
    Sanmill's export writes (:data:`SANMILL_VARIANT_TAGS`), or a variant's name or id spelt with
    blanks, hyphens or underscores, in any case (``Mul-Mulan``, ``Russian Mill``, ``zhi_qi``).

    >>> variant_for_tag("Nine Men's Morris"), variant_for_tag("Lasker Morris"), variant_for_tag(" mul-mulan ")
    ('standard_9mm', 'lasker_morris', 'mul_mulan')
    >>> variant_for_tag("Chess") is None
    True
    """
    key = name.strip().lower()
    if key in SANMILL_VARIANT_TAGS:
        return SANMILL_VARIANT_TAGS[key]
    key = "_".join(key.replace("'", "").replace("-", " ").replace("_", " ").split())
    return key if key in SANMILL_VARIANTS else None


def ruleset_of(game: GameRecord, rules: RulesArg = None) -> Ruleset:
    """``rules`` if given (a :class:`Ruleset`, a preset's name or a YAML file's path), else the
    preset the ``[Rules "..."]`` tag names, else the preset of the Sanmill variant its
    ``[Variant "..."]`` tag names (:func:`variant_for_tag`: a Sanmill export judged as Sanmill judges
    it), else the default.

    A tag naming no preset raises :class:`FormatError` (code ``unknown-rules``).

    >>> from muehle.notation.record.model import Game
    >>> [ruleset_of(Game(tags=tags)).name for tags in ({}, {"Variant": "Twelve Men's Morris"},
    ...                                                 {"Variant": "Nine Men's Morris", "Rules": "wmd"})]
    ['wmd', 'twelve_mens_morris', 'wmd']
    """
    if rules is not None:
        return rules if isinstance(rules, Ruleset) else as_ruleset(rules)
    tag = game.tags.get("Rules")
    if tag is None:
        variant = game.tags.get("Variant")
        return load_ruleset(DEFAULT_RULESET) if variant is None else _variant_preset(game, variant)
    found = preset_for_tag(tag)
    if found is None:
        line, column, text = game.tag_place("Rules") or (game.line, 0, None)
        raise FormatError(_("the Rules tag names '{name}', which is not a ruleset (presets: {presets})").format(
            name=shortened(tag), presets=", ".join(preset_names())),
                          source=game.source, line=line, column=column, line_text=text, code="unknown-rules")
    return found


def _variant_preset(game: GameRecord, tag: str) -> Ruleset:
    """The preset of the Sanmill variant the record's ``Variant`` tag names; a located
    :class:`FormatError` (code ``unknown-rules``) where it names none, or one muehle has no preset for."""
    variant = variant_for_tag(tag)
    if variant is not None and variant in _preset_names():
        return _preset(variant)
    judged = [name for name in SANMILL_VARIANTS if name in _preset_names()]
    if variant is None:
        message = _("the Variant tag names '{name}', which is not one of Sanmill's variants (muehle judges "
                    "{variants}; or give --rules)").format(name=shortened(tag), variants=", ".join(judged))
    else:
        message = _("the Variant tag names '{name}', Sanmill's variant {variant}, which muehle has no ruleset for "
                    "yet (it judges {variants}; or give --rules)").format(name=shortened(tag), variant=variant,
                                                                          variants=", ".join(judged))
    line, column, text = game.tag_place("Variant") or (game.line, 0, None)
    raise FormatError(message, source=game.source, line=line, column=column, line_text=text, code="unknown-rules")
