"""The engine's core: apply a line of plies to a position, stopping at the first broken rule.

Every rule of play is applied here, once: placing, moving to a neighbour (on the ruleset's board,
:class:`~muehle.analyzer.engine.board.Geometry`), jumping (:func:`may_jump`), the mills a ply
closes, the captures they demand (:meth:`~muehle.analyzer.engine.rules.Ruleset.captures_for`),
which stones may be captured (:func:`capturable`), the end of the game (fewer than
three stones, :func:`lost`; a side that cannot play, :func:`has_legal_ply` and
:func:`blocked_end`), who moves when placing ends (:func:`defender_moves_again`), repetition
(:func:`resets_repetition`) and the no-progress counter
(:class:`~muehle.analyzer.engine.rules.NoProgressRule`). Each rule is written in its one
function here or in the ruleset, and :func:`play_line` calls those functions (bound to
locals, asked only where the answer is not known without them) rather than copies of them;
the board's verbs, the endgame plies and the reports call the same ones. The replay of a
record (:mod:`muehle.analyzer.engine.replay`), the single-ply verbs of
:class:`~muehle.analyzer.engine.position.Board` and the repair all call :func:`play_line` as
compiled for their ruleset (:func:`line_player`: what the ruleset leaves unset folded away).

The core works on bit masks and locals and builds no text: a broken rule comes back as
a :class:`Broken` (a code and the facts), worded where it is reported
(:mod:`muehle.analyzer.engine.messages`).

>>> from muehle.analyzer.engine.rules import load_ruleset
>>> steps, rights = [], []
>>> broken, outcome = play_line([("d2", None, []), ("d2", None, [])], load_ruleset("wmd"), 1,
...                             0, 0, 0, 9, 9, 0, None, {}, steps, rights)
>>> broken.code, broken.index, broken.target, len(steps)
('occupied', 2, 'd2', 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import chain
from typing import Callable, Iterable, Iterator, NamedTuple, Optional, Sequence

from muehle.analyzer.engine.board import ALL_POINTS, STANDARD, Geometry, capturable_under, lost
from muehle.analyzer.engine.capture_kinds import CaptureKinds, judge_captures
from muehle.analyzer.engine.events import DrawRight, Outcome
from muehle.analyzer.engine.mill_rules import MillMemory, full_board_end
from muehle.analyzer.engine.placing_rules import (
    captures_from_hand,
    count_mills,
    counts_mills,
    marked_after_capture,
    marked_after_ply,
    marks_captures,
    removals_by_mill_counts,
    removals_when_full,
    removers_at_placing_end,
    removers_when_full,
    takes_from_hand,
)
from muehle.analyzer.engine.rules import Ruleset
from muehle.analyzer.engine.specialize import specialized
from muehle.analyzer.engine.stalemate import blocked_turn
from muehle.notation.record.model import BLACK, WHITE, Side
from muehle.notation.record.model import SIDES as _SIDES

#: A position as the engine keeps it (the repetition key): White's and Black's stones,
#: their stones in hand, and 1 when Black is to move (else 0); while points are marked
#: (``mill_while_placing: mark``, :mod:`~muehle.analyzer.engine.placing_rules`) a sixth field,
#: their mask (:func:`key_of`, :func:`marks_in`), so that the nine-stone game builds and looks up
#: five. A tuple of small ints costs less to build and to look up than the same packed into one big int.
PositionKey = tuple[int, ...]

#: One ply as the core reads it: target point, origin point (``None`` for a placement),
#: the points captured.
PlyTuple = tuple[str, Optional[str], Sequence[str]]

#: What the core keeps of each legal ply: ``(after_key, kind, closed mill masks, no-progress counter,
#: captures due, repetitions)``; the captures due are those the mills demand (:meth:`Ruleset.captures_for
#: <muehle.analyzer.engine.rules.Ruleset.captures_for>`), fewer where the game ended first (the
#: opponent left with fewer than three, Sanmill's draw before the capture), more than were made
#: only where no stone could be captured; the repetitions how often the position after the ply
#: has stood in the repetition history, this time included.
Step = tuple[PositionKey, str, list[int], int, int, int]

_NONE: list[int] = []  # no mill closed (never changed)

#: For each point's name on the standard board: its bit, the two mills through it and its neighbours
#: (one lookup per ply); each board's own is its :attr:`Geometry.point_facts
#: <muehle.analyzer.engine.board.Geometry.point_facts>`, which :func:`play_line` takes from the ruleset.
POINT_FACTS: dict[str, tuple[int, int, int, int]] = STANDARD.point_facts

#: The neighbours of a set of stones on the standard board in three lookups: of points 0-7, 8-15 and 16-23.
REACH_LOW, REACH_MIDDLE, REACH_HIGH = STANDARD.reach_tables


def key_of(white: int, black: int, in_hand_white: int, in_hand_black: int, black_to_move: int,
           marked: int = 0) -> PositionKey:
    """The :data:`PositionKey` of a position: five fields, six while points are marked.

    >>> key_of(1, 2, 8, 8, 0), key_of(1, 0, 8, 8, 0, 2)
    ((1, 2, 8, 8, 0), (1, 0, 8, 8, 0, 2))
    """
    if marked:
        return (white, black, in_hand_white, in_hand_black, black_to_move, marked)
    return (white, black, in_hand_white, in_hand_black, black_to_move)


def marks_in(key: PositionKey) -> int:
    """The marked points of a :data:`PositionKey` (0: none)."""
    return key[5] if len(key) > 5 else 0


def reach(stones: int, geometry: Geometry = STANDARD) -> int:
    """The points next to ``stones`` (adjacency, one line away) on ``geometry``'s board.

    >>> from muehle.analyzer.engine.board import DIAGONALS, mask_of, points_of
    >>> points_of(reach(mask_of(["a1"]))), points_of(reach(mask_of(["a1"]), DIAGONALS))
    (['a4', 'd1'], ['a4', 'b2', 'd1'])
    """
    return geometry.reach(stones)


def may_jump(stones: int, in_hand: int, flying: bool, flying_at: int = 3) -> bool:
    """Whether a side with ``stones`` on the board and ``in_hand`` may jump (fly): with three stones
    and at most ``flying_at`` (the ruleset's field, Sanmill's ``flyPieceCount``), none in hand, where
    the ruleset allows it (its ``flying``).

    >>> may_jump(0b111, 0, True), may_jump(0b111, 1, True), may_jump(0b1111, 0, True), may_jump(0b111, 0, False)
    (True, False, False, False)
    >>> may_jump(0b1111, 0, True, 4), may_jump(0b11111, 0, True, 4), may_jump(0b1111, 1, True, 4)
    (True, False, False)
    """
    return flying and not in_hand and 3 <= stones.bit_count() <= flying_at


def phase_of(stones: int, in_hand: int, flying: bool, flying_at: int = 3) -> str:
    """A side's phase: ``"placing"`` while stones are in hand, ``"flying"`` with three up to
    ``flying_at`` (if ``flying`` is allowed: :func:`may_jump`), else ``"moving"``.

    >>> phase_of(0b111, 0, True), phase_of(0b111, 0, False), phase_of(0, 1, True), phase_of(0b1111, 0, True, 4)
    ('flying', 'moving', 'placing', 'flying')
    """
    if in_hand:
        return "placing"
    if may_jump(stones, in_hand, flying, flying_at):
        return "flying"
    return "moving"


def closed_mills(stones: int, geometry: Geometry = STANDARD) -> list[int]:
    """The mills (masks, in the order of ``geometry.mills``) that ``stones`` hold completely.

    >>> from muehle.analyzer.engine.board import DIAGONALS, mask_of, points_of
    >>> [points_of(mill) for mill in closed_mills(mask_of(["a1", "d1", "g1", "a4", "a7"]))]
    [['a1', 'd1', 'g1'], ['a1', 'a4', 'a7']]
    >>> [points_of(mill) for mill in closed_mills(mask_of(["a1", "b2", "c3"]), DIAGONALS)]
    [['a1', 'b2', 'c3']]
    """
    return geometry.closed_mills(stones)


def capturable(stones: int, rules: Ruleset) -> int:
    """The mask of ``stones`` an opponent may capture under ``rules`` (on its board): see :func:`capturable_under`."""
    return capturable_under(stones, rules.capture_from_mill, rules.geometry)


def has_legal_ply(own: int, occupied: int, in_hand: int, flying: bool, geometry: Geometry = STANDARD,
                  flying_at: int = 3, kinds: Optional[CaptureKinds] = None,
                  capture_from_mill: str = "when-all-in-mills", their_hand: int = 0) -> bool:
    """Whether a side with stones ``own`` (and ``in_hand``) can play at all, the board's stones
    being ``occupied``: it places while it has stones in hand, jumps where it may
    (:func:`may_jump`, under the ruleset's ``flying`` and ``flying_at``), else moves a stone to a
    free neighbour (on ``geometry``'s board: the ruleset's), or, where the ruleset's capture kinds
    (``kinds``, :class:`~muehle.analyzer.engine.capture_kinds.CaptureKinds`) allow leaps, leaps over
    an enemy stone it may capture (under ``capture_from_mill``) to the free point behind it
    (Sanmill's ``Position::is_all_surrounded``, src/position.cpp 3182-3216; ``their_hand``: the
    opponent's stones in hand, for the leap's phase).

    >>> from muehle.analyzer.engine.board import mask_of
    >>> has_legal_ply(mask_of(["a1"]), mask_of(["a1", "a4", "d1"]), 0, False)
    False
    >>> has_legal_ply(mask_of(["a1", "g1", "g7"]), mask_of(["a1", "a4", "d1", "g1", "g7", "d7", "g4"]), 0, True)
    True
    >>> from muehle.analyzer.engine.board import DIAGONALS
    >>> has_legal_ply(mask_of(["a1"]), mask_of(["a1", "a4", "d1"]), 0, False, DIAGONALS)  # (a1-b2)
    True
    """
    empty = ALL_POINTS & ~occupied
    if in_hand or may_jump(own, in_hand, flying, flying_at):
        return empty != 0
    if geometry.reach(own) & empty:
        return True
    if kinds is None or kinds.leap is None:
        return False
    theirs = occupied & ~own
    return kinds.leaps_from(own, occupied, theirs, bool(their_hand), capturable_under(theirs, capture_from_mill, geometry))


def blocked_end(own: int, theirs: int, in_hand: int, flying: bool, blocked: str, winner: Side,
                ply: int, geometry: Geometry = STANDARD, board_full: str = "loss",
                flying_at: int = 3, kinds: Optional[CaptureKinds] = None,
                capture_from_mill: str = "when-all-in-mills", their_hand: int = 0) -> Optional[Outcome]:
    """The end of the game when the side to move (stones ``own``, ``in_hand``; its opponent's
    ``theirs``) cannot play (:func:`has_legal_ply` on ``geometry``'s board): a win for ``winner``
    (the side that played ply ``ply``), or a draw where ``blocked`` (the ruleset's field) is
    ``"draw"`` (a leap of the ruleset's capture kinds ``kinds`` is a ply: :func:`has_legal_ply`);
    on a board left full by the placements what ``board_full`` (the ruleset's field)
    says (:func:`~muehle.analyzer.engine.mill_rules.full_board_end`). ``None`` when the side can
    play, or where ``blocked`` is one of the actions a blocked side takes instead
    (:mod:`~muehle.analyzer.engine.stalemate`). (A move straight back that ``no_mill_moving_back``
    forbids is never a side's only move: see :mod:`~muehle.analyzer.engine.mill_rules`.)

    >>> from muehle.analyzer.engine.board import mask_of
    >>> blocked_end(mask_of(["a1"]), mask_of(["a4", "d1"]), 0, True, "loss", "black", 7)
    Outcome(winner='black', reason='blocked', ply=7)
    """
    if has_legal_ply(own, own | theirs, in_hand, flying, geometry, flying_at, kinds, capture_from_mill, their_hand):
        return None
    if own | theirs == ALL_POINTS:
        return full_board_end(board_full, winner, ply)
    if blocked not in ("loss", "draw"):
        return None  # (it acts instead: the core asks stalemate.blocked_turn after each ply)
    return Outcome(None if blocked == "draw" else winner, "blocked", ply)


def start_outcome(white: int, black: int, in_hand_white: int, in_hand_black: int, black_to_move: bool,
                  flying: bool, blocked: str = "loss", geometry: Geometry = STANDARD, board_full: str = "loss",
                  flying_at: int = 3, lose_below: int = 3, kinds: Optional[CaptureKinds] = None,
                  capture_from_mill: str = "when-all-in-mills") -> Optional[Outcome]:
    """How a position stands decided already, if it does (a set-up position). When both sides
    have fewer than three stones the game is drawn: neither can close a mill nor capture
    (the leaflet, ``004_6df3133195c8fac9.txt``: "Sollten beide Spieler jeweils maximal noch
    zwei Spielsteine besitzen, endet das Spiel unentschieden"). A side to move that cannot
    move has lost, or drawn where ``blocked`` (the ruleset's field) is ``"draw"``; on a full
    board as ``board_full`` says (:func:`blocked_end`, on ``geometry``'s board). A side with fewer
    than ``lose_below`` stones has lost (:func:`lost`).

    >>> start_outcome(0b11, 0b11 << 3, 0, 0, False, True)
    Outcome(winner=None, reason='fewer-than-three', ply=0)
    """
    if lost(white, in_hand_white, lose_below) and lost(black, in_hand_black, lose_below):
        return Outcome(None, "fewer-than-three", 0)
    if lost(white, in_hand_white, lose_below):
        return Outcome(BLACK, "fewer-than-three", 0)
    if lost(black, in_hand_black, lose_below):
        return Outcome(WHITE, "fewer-than-three", 0)
    if black_to_move:
        return blocked_end(black, white, in_hand_black, flying, blocked, "white", 0, geometry, board_full, flying_at,
                           kinds, capture_from_mill, in_hand_white)
    return blocked_end(white, black, in_hand_white, flying, blocked, "black", 0, geometry, board_full, flying_at,
                       kinds, capture_from_mill, in_hand_black)


def defender_moves_again(mover: int, their_hand: int, occupied: int, captures: Sequence[str]) -> bool:
    """Whether the side whose placement has just emptied its hand (``mover``: 0 White, 1 Black)
    plays again under a ruleset with ``defender_first`` (Sanmill's ``IsDefenderMoveFirst``: when
    placing ends, ``Position::handle_placing_phase_end`` gives Black the first move, src/position.cpp
    1941-1950): where it is Black, White has none in hand either (``their_hand``), and the board
    (``occupied`` after the placement) is not left full. A board full after placing ends the game
    first (``Position::put_piece``, 1238-1245: White, the side to move, has lost); a capture made
    with the placement leaves a point free.

    >>> from muehle.analyzer.engine.board import ALL_POINTS
    >>> defender_moves_again(1, 0, 0b111, []), defender_moves_again(0, 0, 0b111, []), defender_moves_again(1, 1, 0b111, [])
    (True, False, False)
    >>> defender_moves_again(1, 0, ALL_POINTS, []), defender_moves_again(1, 0, ALL_POINTS, ["a1"])
    (False, True)
    """
    return mover == 1 and not their_hand and (occupied != ALL_POINTS or bool(captures))


def resets_repetition(kind: str, captures: Sequence[str], rules: Ruleset) -> bool:
    """Whether a ply starts the repetition history anew (see ``repetition_window`` in
    docs/rulesets.md): under ``moves`` a placement or a capture does."""
    return rules.repetition_window == "moves" and (kind == "place" or bool(captures))


@dataclass
class Broken:
    """The first rule a line broke: a ``code`` (:data:`~muehle.analyzer.engine.events.CODES`) and the
    facts at that moment, from which :mod:`~muehle.analyzer.engine.messages` words it.

    ``index`` is the ply's index, ``mover`` 0 for White and 1 for Black; ``own``/``theirs``
    and ``in_hand``/``their_hand`` the mover's and the opponent's stones and stones in hand
    as they stood when the rule was broken (after the ply's stone was set and any earlier
    captures taken); ``point`` the point the rule is about (an unknown point for
    ``syntax``, the refused capture); ``closed`` the mills the ply closed, ``required``
    and ``taken`` the captures due and made; ``rest`` the captures from the refused one on;
    ``outcome`` the end of the game for ``after-game-end``. ``removal``: the rule was broken by
    a removal on a full board (``board_full``), a ply the engine made of a capture written with
    the placement before it (its ``index`` is the removal's, one past the plies written so far).
    """

    code: str
    index: int
    mover: int
    target: str = ""
    origin: Optional[str] = None
    point: str = ""
    own: int = 0
    theirs: int = 0
    in_hand: int = 0
    their_hand: int = 0
    closed: list[int] = field(default_factory=list)
    required: int = 0
    taken: int = 0
    rest: Sequence[str] = field(default_factory=list)
    outcome: Optional[Outcome] = None
    removal: bool = False


class _LineRules(NamedTuple):
    """What :func:`play_line` takes from a ruleset, worked out once for each ruleset (:func:`_line_rules`)."""

    flying: bool
    flying_at: int
    lose_below: int
    #: Lasker Morris: a move instead of a placement while stones are in hand; positions may then repeat
    move_while_placing: bool
    #: Nerenchi: Black moves first when placing ends, so it plays twice in a row (:func:`defender_moves_again`)
    defender_first: bool
    repetition_automatic: bool
    repetition_off: bool
    window_moves: bool
    reset_on_capture: bool
    reset_on_mill: bool
    #: below this count no ply brings the no-progress draw (no rule: never)
    earliest: int
    arises: Callable[[int, bool, int, int, int, int], bool]
    limit_of: Callable[[int, bool], str]
    no_progress_automatic: bool
    #: Sanmill: a move that brings the automatic draw while closing a mill ends the game before its
    #: capture; a capture written with it is made, and the draw comes after it
    draw_first: bool
    #: the draw that comes with a move's one capture (Sanmill: before_capture, or its endgame N-move rule)
    after_capture: Optional[Callable[[int, bool, int, int, int, int], bool]]
    #: which draw names the end when both come with one ply
    no_progress_first: bool
    #: :meth:`Ruleset.captures_for <muehle.analyzer.engine.rules.Ruleset.captures_for>`, as a table
    captures_due: tuple[int, ...]
    #: a blocked side acts instead of losing (stalemate.blocked_turn after each ply of the moving phase;
    #: its removals are the captures written after those of the ply's mills, and plies of their own): the
    #: action, or ""
    blocked_action: str
    #: what a placement's mill does besides capturing from the board (placing_rules)
    marking: bool
    from_hand: bool
    #: board_full: the removals a board full at the end of placing brings, written with the placement
    full_board_removals: int
    #: mill-counts: the last placement's mill brings removals by the mills on the board (placing_rules)
    counting_mills: bool
    #: one_time_mills, no_mill_moving_back: the line remembers its mills (mill_rules.MillMemory)
    remembers_mills: bool
    #: the board's lines (Geometry): a point on three of them has no two mills of its own in point_facts
    geometry: Geometry
    point_facts: dict[str, tuple[int, int, int, int]]
    mills_closed_at: Callable[[int, int], list[int]]
    #: captures without a mill (Sanmill's intervention, custodian and leap captures: capture_kinds), or None
    kinds: Optional[CaptureKinds]


#: The :class:`_LineRules` of the rulesets played lately, by the ruleset's identity (a ruleset hashes
#: all its fields, which costs more than working them out); emptied when it holds :data:`_LINE_RULES_KEPT`.
_LINE_RULES: dict[int, tuple[Ruleset, _LineRules]] = {}
_LINE_RULES_KEPT = 64


def _line_rules(rules: Ruleset) -> _LineRules:
    """What :func:`play_line` takes from ``rules`` (remembered for the next line under them).

    >>> from muehle.analyzer.engine.rules import load_ruleset
    >>> wmd = load_ruleset("wmd")
    >>> _line_rules(wmd) is _line_rules(wmd), _line_rules(wmd).kinds, _line_rules(load_ruleset("zhi_qi")).marking
    (True, None, True)
    """
    kept = _LINE_RULES.get(id(rules))
    if kept is not None and kept[0] is rules:
        return kept[1]
    no_progress = rules.no_capture
    reset = no_progress.reset if no_progress else "capture"
    automatic = no_progress is not None and no_progress.mode == "automatic"
    draw_first = automatic and no_progress is not None and no_progress.before_capture and reset != "mill"
    geometry = rules.geometry
    made = _LineRules(
        rules.flying, rules.flying_at, rules.lose_below, rules.move_while_placing, rules.defender_first,
        rules.repetition == "automatic", rules.repetition == "off", rules.repetition_window == "moves",
        reset == "capture", reset == "mill",
        no_progress.earliest if no_progress else 1 << 62,
        no_progress.arises if no_progress else _never,
        no_progress.limit_of if no_progress else _never_limit,
        automatic, draw_first,
        no_progress.after_capture if no_progress is not None and (
            draw_first or no_progress.endgame_limit is not None) else None,
        no_progress is not None and no_progress.named_first,
        rules.captures_table,
        rules.blocked if rules.blocked not in ("loss", "draw") else "",
        marks_captures(rules), takes_from_hand(rules), removals_when_full(rules), counts_mills(rules),
        rules.one_time_mills or rules.no_mill_moving_back,
        geometry, geometry.point_facts, geometry.mills_closed_at, rules.capture_kinds)
    if len(_LINE_RULES) >= _LINE_RULES_KEPT:
        _LINE_RULES.clear()
    _LINE_RULES[id(rules)] = (rules, made)
    return made


#: :func:`play_line`'s signature, as :func:`line_player` gives it.
LinePlayer = Callable[..., tuple[Optional["Broken"], Optional[Outcome]]]

#: :func:`play_line` as compiled for the rulesets played lately (:func:`line_player`), by the ruleset's
#: identity and whether marks and a mill memory are given; emptied as :data:`_LINE_RULES` is.
_PLAYERS: dict[tuple[int, bool, bool], tuple[Ruleset, LinePlayer]] = {}

#: How many lines a ruleset plays as :func:`play_line` is written before it is compiled for the ruleset,
#: where no compiled code was kept for it and none can be (``PYTHONDONTWRITEBYTECODE``): about as many as
#: compiling takes the time of, so that a short run never waits for it (and a long one at most twice).
FOLD_AFTER = 400

#: The lines played so far by rulesets waiting for :data:`FOLD_AFTER`, by the key of :data:`_PLAYERS`.
_WAITING: dict[tuple[int, bool, bool], tuple[Ruleset, int]] = {}


def line_player(rules: Ruleset, marked: int = 0, mills: Optional[MillMemory] = None) -> LinePlayer:
    """:func:`play_line` as the replay, the board's verbs and the repair play a line under ``rules`` (called as
    it is, with these ``rules``, ``marked`` and ``mills``): :func:`folded_player`'s, once its code has been
    kept from an earlier run or can be kept now; else :func:`play_line` itself for the first
    :data:`FOLD_AFTER` lines, then :func:`folded_player`'s.

    >>> from muehle.analyzer.engine.rules import load_ruleset
    >>> line_player(load_ruleset("wmd")) in (play_line, folded_player(load_ruleset("wmd")))
    True
    """
    key = (id(rules), not marked, mills is None)
    kept = _kept_player(rules, key)
    if kept is not None:
        return kept
    waiting = _WAITING.get(key)
    played = waiting[1] if waiting is not None and waiting[0] is rules else None  # (None: first asked)
    if played is not None and played < FOLD_AFTER:
        _WAITING[key] = (rules, played + 1)
        return play_line
    # (first asked: the code kept from before, or compiled now where it will be kept; or, waited long enough, now)
    player = _fold(rules, key, marked, mills, played is not None or FOLD_AFTER <= 0)
    if player is play_line:
        if len(_WAITING) >= _LINE_RULES_KEPT:
            _WAITING.clear()
        _WAITING[key] = (rules, 1)
    else:
        _WAITING.pop(key, None)
    return player


def folded_player(rules: Ruleset, marked: int = 0, mills: Optional[MillMemory] = None) -> LinePlayer:
    """:func:`play_line` compiled for ``rules``: called as it is, with these ``rules``, ``marked`` and ``mills``.

    What :func:`play_line` takes from the ruleset (:func:`_line_rules`), and that no points are
    marked and no mill memory is handed in where ``marked`` and ``mills`` say so, are put into its
    code (:func:`~muehle.analyzer.engine.specialize.specialized`), so that a line of the nine-stone
    game asks none of the questions only the variants raise.

    >>> from muehle.analyzer.engine.rules import load_ruleset
    >>> wmd, zhi_qi = load_ruleset("wmd"), load_ruleset("zhi_qi")
    >>> play = folded_player(wmd)
    >>> play is folded_player(wmd) is line_player(wmd), play.known["kinds"], play.known["marked"]
    (True, None, 0)
    >>> "marked_after_ply" in play.__code__.co_names, "marked_after_ply" in folded_player(zhi_qi).__code__.co_names
    (False, True)
    """
    key = (id(rules), not marked, mills is None)
    return _kept_player(rules, key) or _fold(rules, key, marked, mills, True)


def _kept_player(rules: Ruleset, key: tuple[int, bool, bool]) -> Optional[LinePlayer]:
    """The player compiled for ``rules`` under ``key`` (:data:`_PLAYERS`), or ``None``."""
    kept = _PLAYERS.get(key)
    return kept[1] if kept is not None and kept[0] is rules else None


def _fold(rules: Ruleset, key: tuple[int, bool, bool], marked: int, mills: Optional[MillMemory],
          now: bool) -> LinePlayer:
    """:func:`play_line` compiled for ``rules`` (kept in :data:`_PLAYERS`); unless ``now``, only where its
    code was kept or can be kept (else :func:`play_line`)."""
    known: dict[str, object] = dict(zip(_LineRules._fields, _line_rules(rules)))
    if not marked:
        known["marked"] = 0
    if mills is None:
        known["mills"] = None
    player = specialized(play_line, known, fold=now)
    if player is not play_line:
        if len(_PLAYERS) >= _LINE_RULES_KEPT:
            _PLAYERS.clear()
        _PLAYERS[key] = (rules, player)
    return player


def play_line(
    plies: Iterable[PlyTuple],
    rules: Ruleset,
    first_index: int,
    mover: int,
    white: int,
    black: int,
    in_hand_white: int,
    in_hand_black: int,
    counter: int,
    outcome: Optional[Outcome],
    seen_count: dict[PositionKey, int],
    steps: list[Step],
    draw_rights: list[DrawRight],
    mills: Optional[MillMemory] = None,
    marked: int = 0,
    removals_when_filled: bool = True,
) -> tuple[Optional[Broken], Optional[Outcome]]:
    """Apply ``plies`` (the first has index ``first_index``) from a position, ``mover`` to move.

    ``counter`` is the no-progress counter before the first ply, ``outcome`` the end of the
    game there (``None`` while it goes on); ``seen_count`` how often each position has stood
    in the repetition history (changed: the positions the line reaches are counted in).
    ``marked`` are the points marked at the start (:mod:`~muehle.analyzer.engine.placing_rules`);
    ``removals_when_filled=False`` plays a placement that fills the board as one without the
    ruleset's ``board_full`` removals (:func:`_placement_filling_the_board` does so, then them).
    Each legal ply appends a :data:`Step` to ``steps`` and each draw right that arises a
    :class:`~muehle.analyzer.engine.events.DrawRight` to ``draw_rights``. Returns the first rule
    broken (``None`` if none) and the end of the game after the last legal ply. ``mills`` is what
    the line remembers of its mills where the ruleset needs it (``one_time_mills``, ``no_mill_moving_back``:
    :class:`~muehle.analyzer.engine.mill_rules.MillMemory`, changed: the line's plies are
    remembered in it); without it such a line starts with no mill formed.

    Each rule is asked of its one function (:func:`may_jump`, :func:`lost`, :func:`capturable`,
    :func:`blocked_end`, :meth:`NoProgressRule.arises <muehle.analyzer.engine.rules.NoProgressRule.arises>`,
    :func:`resets_repetition`), bound to a local, where the answer is not known without it.
    Whether the side to move can play at all is asked only where a ply does not show it: a
    legal ply is one it could play, so the question (:func:`blocked_end`) comes after the last
    ply of the line, and before a ply that is refused (which is then one after the game's end
    when its side had no legal ply).
    """
    # the side to move's stones and stones in hand, and its opponent's
    if mover:
        own, theirs, in_hand, their_hand = black, white, in_hand_black, in_hand_white
    else:
        own, theirs, in_hand, their_hand = white, black, in_hand_white, in_hand_black
    (flying, flying_at, lose_below, move_while_placing, defender_first, repetition_automatic, repetition_off,
     window_moves, reset_on_capture, reset_on_mill, earliest, arises, limit_of, no_progress_automatic, draw_first,
     after_capture, no_progress_first, captures_due, blocked_action, marking, from_hand, full_board_removals,
     counting_mills, remembers_mills, geometry, point_facts, mills_closed_at, kinds) = _line_rules(rules)
    again = False  # (the defender plays again: defender_moves_again)
    extra_plies = 0  # (plies the blocked sides' removals add to the record's count)
    # what a ply may need after its captures: a blocked side may act, marks may stand (placing_rules), and
    # the defender may play again (``again``); none of them in the nine-stone game (line_player folds them away)
    acts = blocked_action != ""
    marks_may_stand = marking or bool(marked)
    # (the removals at the end of placing, unless the caller plays them: _placement_filling_the_board)
    removals_due = full_board_removals if removals_when_filled else 0
    mills_counted = counting_mills and removals_when_filled
    # whether a placement asks more than the nine-stone game's: a marked point, whose turn when the
    # placing ends, the removals then (placing_rules); one test a placement where none applies
    placing_asks_more = bool(marking or marked or defender_first or removals_due or mills_counted)
    jumps, loses, may_capture, starts_anew = may_jump, lost, capturable, resets_repetition
    any_kind = kinds is not None
    append_step = steps.append
    rights_before = len(draw_rights)
    if mills is None and remembers_mills:
        mills = MillMemory.for_rules(rules)
    # whether the end after the last ply waits for the question whether the side to move can play
    open_end = False
    after_key: PositionKey  # (the position after each ply: five fields, six while marks stand)
    index = first_index - 1
    remaining = iter(plies)
    for index, (target_name, origin_name, captures) in enumerate(remaining, first_index):
        if outcome is not None:
            broken = Broken("after-game-end", index, mover, target_name, origin_name, outcome=outcome)
            break
        try:
            target_bit, first_mill, second_mill, _ = point_facts[target_name]
        except KeyError:
            broken = Broken("syntax", index, mover, target_name, origin_name, target_name)
            break
        occupied = own | theirs
        if origin_name is None:
            if not in_hand:
                broken = Broken("must-move", index, mover, target_name)
                break
            if occupied & target_bit:
                broken = Broken("occupied", index, mover, target_name, None, target_name, own, theirs)
                break
            if placing_asks_more and marked & target_bit:
                broken = Broken("marked", index, mover, target_name, None, target_name, own, theirs)
                break
            kind = "place"
            own |= target_bit
            in_hand -= 1
            if not in_hand and placing_asks_more:  # (the placement that ends the placing)
                if defender_first:  # (whose turn next?)
                    again = defender_moves_again(mover, their_hand, own | theirs, captures)
                if (removals_due or mills_counted) and not their_hand:
                    # (the last placement: under mill-counts the captures written are the removals by the
                    # mills on the board; with the board full and no mill closed, board_full's: each a ply
                    # of its own after this one)
                    if mills_counted:
                        removers = removers_at_placing_end(*removals_by_mill_counts(
                            *(count_mills(side, geometry) for side in ((theirs, own) if mover else (own, theirs)))),
                            defender_first)
                    elif own | theirs == ALL_POINTS and not mills_closed_at(own, target_bit.bit_length() - 1):
                        removers = removers_when_full(rules, mover)
                    else:
                        removers = ()
                    if removers:
                        return _placement_filling_the_board(remaining, rules, index, mover, target_name, captures,
                                                            own & ~target_bit, theirs, counter, outcome, removers,
                                                            seen_count, steps, draw_rights, mills)
        else:
            if in_hand and not move_while_placing:
                broken = Broken("must-place", index, mover, target_name, origin_name, in_hand=in_hand)
                break
            try:
                origin_bit, _, _, origin_neighbours = point_facts[origin_name]
            except KeyError:
                broken = Broken("syntax", index, mover, target_name, origin_name, origin_name)
                break
            if not own & origin_bit:
                broken = Broken("not-own-stone", index, mover, target_name, origin_name, origin_name, own, theirs)
                break
            if occupied & target_bit:
                broken = Broken("occupied", index, mover, target_name, origin_name, target_name, own, theirs)
                break
            if origin_neighbours & target_bit:
                kind = "move"
            elif jumps(own, in_hand, flying, flying_at):
                kind = "jump"
            elif kinds is not None and kinds.leap_allowed(origin_bit, target_bit, own, theirs, bool(
                    in_hand or their_hand), may_capture(theirs, rules)):
                kind = "move"  # (a leap over an enemy stone, which it captures)
            else:
                broken = Broken("not-adjacent", index, mover, target_name, origin_name, target_name, own, theirs)
                break
            own = own & ~origin_bit | target_bit
        # (from here on the ply's stone is set: its side could play, so a refusal below is the ply's own)
        # mills closed by the ply, and the captures they demand
        if own & first_mill == first_mill:
            if first_mill:
                closed = [first_mill, second_mill] if own & second_mill == second_mill else [first_mill]
            else:  # (a point on three lines, a board with diagonals: its mills looked up)
                closed = mills_closed_at(own, target_bit.bit_length() - 1) or _NONE
        elif own & second_mill == second_mill:
            closed = [second_mill]
        else:
            closed = _NONE
        if closed or captures or any_kind:
            if closed and mills is not None:  # (mill_rules: the mills that count, a move back refused)
                counting = mills.close(closed, mover, index, kind, 0 if kind == "place" else origin_bit, target_bit,
                                       own)
                if counting is None:  # (refused; never the side's only ply: see mill_rules)
                    return Broken("mill-moving-back", index, mover, target_name, origin_name, target_name, own,
                                  theirs, in_hand, their_hand, closed), outcome
                closed = counting
            # (Ruleset.captures_for, looked up: one mill or two, by a move or a placement)
            required = captures_due[len(closed) * 2 - 2 + (kind == "place")] if closed else 0
            if draw_first and closed and not captures and (reset_on_capture or kind != "place") \
                    and counter + 1 >= earliest and arises(counter + 1, mover == 1, own, theirs, in_hand, their_hand):
                required = 0  # the ply brings the no-progress draw before its capture (none written)
            taken = 0
            decided = False  # (the captures leave the opponent fewer than three stones)
            judged = None
            if from_hand or any_kind:  # (captures from the hand, or without a mill: placing_rules, capture_kinds)
                if from_hand and required and kind == "place":
                    # (the captures come from the opponent's hand as far as it holds them, unwritten)
                    from_their_hand = captures_from_hand(required, their_hand)
                    their_hand -= from_their_hand
                    required -= from_their_hand
                    if defender_first and not in_hand and not their_hand and from_their_hand:
                        # (the capture emptied the last hand: placing ends here, and the defender moves first)
                        again = defender_moves_again(mover, their_hand, own | theirs, captures)
                if kinds is not None:
                    judged = judge_captures(
                        kinds, rules.capture_from_mill, rules.double_mill == "always", own, theirs, their_hand,
                        target_bit, 0 if kind == "place" else origin_bit, kind == "place" or bool(in_hand or their_hand),
                        required, captures, point_facts, lose_below, acts)
                    if judged is not None:  # (a capture kind took part: judged there)
                        code, point, theirs, taken, required, decided, rest = judged
                        if code:
                            return Broken(code, index, mover, target_name, origin_name, point, own, theirs, in_hand,
                                          their_hand, closed, required, taken, rest), outcome
            for point in captures if judged is None else ():
                try:
                    bit, mill_a, mill_b, _ = point_facts[point]
                except KeyError:
                    return Broken("syntax", index, mover, target_name, origin_name, point, own, theirs,
                                  in_hand, their_hand, closed, required, taken), outcome
                if taken >= required:
                    if acts and not decided:
                        break  # (the rest: a blocked side's removals, below)
                    return Broken("extra-capture", index, mover, target_name, origin_name, point, own,
                                  theirs, in_hand, their_hand, closed, required, taken), outcome
                if not theirs & bit:
                    return Broken("capture-marked" if marked & bit else "capture-empty-or-own", index, mover,
                                  target_name, origin_name, point, own, theirs, in_hand, their_hand, closed,
                                  required, taken), outcome
                # a stone in a closed mill is protected (unless all are: see capturable; a point on
                # three lines, whose two mills in point_facts are 0, is always asked)
                if (theirs & mill_a == mill_a or theirs & mill_b == mill_b) and not may_capture(theirs, rules) & bit:
                    return Broken("protected-stone", index, mover, target_name, origin_name, point, own,
                                  theirs, in_hand, their_hand, closed, required, taken,
                                  captures[taken:]), outcome
                theirs &= ~bit
                if marking:
                    marked = marked_after_capture(marked, bit, kind)
                taken += 1
                if loses(theirs, their_hand, lose_below):
                    decided = True
                    required = taken  # the game is decided: nothing more to capture
            if taken < required and may_capture(theirs, rules):
                return Broken("missing-capture", index, mover, target_name, origin_name, "", own, theirs,
                              in_hand, their_hand, closed, required, taken), outcome
        if again or acts or marks_may_stand:
            again_now = again  # (a blocked defender's first removal then follows its own ply: the same ply)
            if again:  # (Black plays again: the sides turned here, so that the turn's change below gives it back)
                again = False
                if not (captures and decided):
                    mover ^= 1
                    own, theirs, in_hand, their_hand = theirs, own, their_hand, in_hand
            if acts and not in_hand and not their_hand and not (captures and decided) \
                    and own | theirs != ALL_POINTS:  # (a board left full by the placements: blocked_end)
                removed = captures[taken:] if captures else ()  # (the blocked side's removals, glued to the ply)
                refused, refused_at, _, passes, own, theirs, removals, won = blocked_turn(
                    blocked_action, own, theirs, removed, not has_legal_ply(theirs, own | theirs, 0, flying, geometry,
                                                                            flying_at, kinds, rules.capture_from_mill),
                    lose_below, geometry)
                if refused is not None:
                    return Broken(refused, index, mover, target_name, origin_name, refused_at or "", own, theirs,
                                  in_hand, their_hand, closed, *((required, taken) if captures else (0, 0))), outcome
                extra_plies += removals - 1 if again_now and removals else removals
                if won:
                    decided = True
                    if won == 2:  # (the blocked side's removal won: the outcome below names the side that played)
                        mover ^= 1
                        own, theirs, in_hand, their_hand = theirs, own, their_hand, in_hand
                elif passes:  # (the side that played plays again: the sides turned here, as for the defender)
                    if mills is not None:  # (its last mill holds for its next ply: mill_rules)
                        mills.turn_passed(mover, index)
                    mover ^= 1
                    own, theirs, in_hand, their_hand = theirs, own, their_hand, in_hand
            elif acts and captures and len(captures) > taken:  # (no blocked side's turn here: one capture too many)
                return Broken("extra-capture", index, mover, target_name, origin_name, captures[taken], own, theirs,
                              in_hand, their_hand, closed, required, taken), outcome
            # the ply is legal: the position after it, with the marks while they stand (placing over, they are cleared)
            if marked and (marked := marked_after_ply(marked, in_hand, their_hand)):
                after_key = (theirs, own, their_hand, in_hand, 0, marked) if mover else \
                    (own, theirs, in_hand, their_hand, 1, marked)
            else:
                after_key = (theirs, own, their_hand, in_hand, 0) if mover else (own, theirs, in_hand, their_hand, 1)
        else:  # the ply is legal: the position after it
            after_key = (theirs, own, their_hand, in_hand, 0) if mover else (own, theirs, in_hand, their_hand, 1)
        # repetition: while a stone is in hand no position comes twice (each ply places one,
        # so the stones in hand only ever get fewer; unless a move may stand for a placement),
        # and only later ones are counted
        if (in_hand or their_hand) and not move_while_placing:
            repeated = 1
        elif window_moves and starts_anew(kind, captures, rules):
            # the history starts anew after a placement or a capture, without this position
            seen_count.clear()
            repeated = 1
        else:
            repeated = seen_count.get(after_key, 0) + 1
            seen_count[after_key] = repeated
        # no-progress counter
        counted = counter + 1  # (the count had the ply made no progress)
        if reset_on_capture:
            counter = 0 if captures else counted
        elif reset_on_mill:
            counter = 0 if closed else counted
        else:
            counter = 0 if captures or kind == "place" else counted
        append_step((after_key, kind, closed, counter, required if closed else 0, repeated))
        # the end of the game? (whether the opponent can play at all is asked later: see above)
        if captures and decided:
            outcome = Outcome(_SIDES[mover], "fewer-than-three", index)
            open_end = False
        elif after_capture is not None and len(captures) == 1 and (reset_on_capture or kind != "place") \
                and counted >= earliest and after_capture(counted, mover == 1, own, theirs, in_hand, their_hand):
            # (Sanmill: the moves counted up to a mill's move still count at its capture:
            # Position::check_if_game_is_over runs before the count is reset; NoProgressRule.after_capture)
            draw_rights.append(DrawRight("no-capture", index, limit_of(counted, mover == 1)))
            outcome = Outcome(None, "no-capture", index)
            open_end = False
        else:
            open_end = True
            if repeated >= 3 and not repetition_off:
                if repeated == 3:
                    draw_rights.append(DrawRight("repetition", index))
                if repetition_automatic:
                    outcome = Outcome(None, "repetition", index)
            if counter >= earliest and arises(counter, mover == 1, own, theirs, in_hand, their_hand):
                draw_rights.append(DrawRight("no-capture", index, limit_of(counter, mover == 1)))
                if no_progress_automatic and (outcome is None or no_progress_first):
                    outcome = Outcome(None, "no-capture", index)
        # the opponent moves next: ``own`` and ``in_hand`` become its stones and stones in hand
        mover ^= 1
        own, theirs, in_hand, their_hand = theirs, own, their_hand, in_hand
    else:
        # every ply was legal: can the side to move now play at all?
        if open_end:
            ended = blocked_end(own, theirs, in_hand, flying, rules.blocked, _SIDES[mover ^ 1], index, geometry,
                                rules.board_full, flying_at, kinds, rules.capture_from_mill, their_hand)
            if ended is not None:
                outcome = _ended_by_block(ended, draw_rights, rights_before)
        if extra_plies and outcome is not None and outcome.ply >= first_index:  # (removals of blocked sides)
            outcome = Outcome(outcome.winner, outcome.reason, outcome.ply + extra_plies)
        return None, outcome
    # a ply refused before its stone was set: had its side no legal ply, the game ended before it
    if open_end:
        ended = blocked_end(own, theirs, in_hand, flying, rules.blocked, _SIDES[mover ^ 1], index - 1, geometry,
                            rules.board_full, flying_at, kinds, rules.capture_from_mill, their_hand)
        if ended is not None:
            outcome = _ended_by_block(ended, draw_rights, rights_before)
            broken = Broken("after-game-end", index, mover, target_name, origin_name, outcome=outcome)
    if extra_plies and outcome is not None and outcome.ply >= first_index:  # (removals of blocked sides)
        outcome = Outcome(outcome.winner, outcome.reason, outcome.ply + extra_plies)
        if broken.outcome is not None:
            broken.outcome = outcome
    return broken, outcome


def _placement_filling_the_board(rest: Iterator[PlyTuple], rules: Ruleset, index: int, mover: int, target: str,
                                 removals: Sequence[str], own: int, theirs: int, counter: int,
                                 outcome: Optional[Outcome], removers: Sequence[tuple[int, bool]],
                                 seen_count: dict[PositionKey, int],
                                 steps: list[Step], draw_rights: list[DrawRight],
                                 mills: Optional[MillMemory]) -> tuple[Optional[Broken], Optional[Outcome]]:
    """Placement ``index`` on ``target`` by ``mover`` (stones ``own`` before it, the last stone in
    hand; the opponent's ``theirs``, none in hand) ends the placing and brings removals: it is played
    as any placement (:func:`play_line`, without the removals), and the ``removers`` follow, written
    with it (``removals``): each a ply of its own by the side it names (0 White, 1 Black), taking a
    stone of the other side as any capture may (:func:`capturable`), or of its own where it says so;
    then the rest of the line (``rest``), from :func:`play_line` again, the side after the last
    remover to move. The removals of ``board_full`` on a board the placement fills without a mill
    (:func:`~muehle.analyzer.engine.placing_rules.removers_when_full`, Sanmill's
    ``Position::put_piece`` 1238-1263) or of ``mill-counts`` after its mill
    (:func:`~muehle.analyzer.engine.placing_rules.removals_by_mill_counts`, 1329-1347); and
    ``remove_piece``."""
    white, black = (theirs, own) if mover else (own, theirs)
    broken, ended = line_player(rules, 0, mills)(((target, None, ()),), rules, index, mover, white, black,
                                                 0 if mover else 1, 1 if mover else 0, counter, outcome, seen_count,
                                                 steps, draw_rights, mills, removals_when_filled=False)
    if broken is not None:
        return broken, ended
    if ended is not None and ended.reason == "blocked" and ended.ply == index:
        ended = None  # (the board is full, but the removals come: no one is blocked)
    outcome = ended
    counter = steps[-1][3]
    point_facts = rules.geometry.point_facts
    own |= point_facts[target][0]
    due = len(removers)
    reset = rules.no_capture.reset if rules.no_capture is not None else "capture"
    group = 0  # (a side's removals in a row are one ply: the step comes after its last)
    joined = removers[0][0] == mover  # (the placer removes first: its removal is part of the placement's ply)
    for number, point in enumerate(removals):
        changes = (removers[number][0] != mover) if number < due else number == due  # (an extra one: the next side's)
        if changes or (not number and not joined):
            index += 1
            group = 0
        if changes:
            mover ^= 1
            own, theirs = theirs, own
        if number >= due or outcome is not None:
            return Broken("full-board-removal", index, mover, point=point, own=own, theirs=theirs, required=due,
                          taken=number, removal=True), None
        facts = point_facts.get(point)
        if facts is None:
            return Broken("syntax", index, mover, point, None, point, removal=True), None
        bit = facts[0]
        if removers[number][1]:  # (a stone of its own: mill-counts with no mill on the board)
            if not own & bit:
                return Broken("capture-empty-or-own", index, mover, point, None, point, own, theirs, required=1,
                              removal=True), None
            own &= ~bit
        elif not theirs & bit:
            return Broken("capture-empty-or-own", index, mover, point, None, point, own, theirs, required=1,
                          removal=True), None
        elif not capturable(theirs, rules) & bit:
            return Broken("protected-stone", index, mover, point, None, point, own, theirs, required=1,
                          rest=removals[number:number + 1], removal=True), None
        else:
            theirs &= ~bit
        counter = counter + 1 if reset == "mill" else 0  # (a capture is progress, but for a closed mill)
        group += 1
        if number + 1 < due and removers[number + 1][0] == mover and number + 1 < len(removals):
            if lost(theirs, 0, rules.lose_below) or lost(own, 0, rules.lose_below):
                outcome = Outcome(_SIDES[mover ^ lost(own, 0, rules.lose_below)], "fewer-than-three", index)
            continue  # (the side removes again in the same ply)
        after_key = (theirs, own, 0, 0, 0) if mover else (own, theirs, 0, 0, 1)
        if resets_repetition("remove", (point,), rules):
            seen_count.clear()
            repeated = 1
        else:
            repeated = seen_count.get(after_key, 0) + 1
            seen_count[after_key] = repeated
        if joined and number + 1 == group:  # (the placement's ply, with its removals: one step)
            steps[-1] = (after_key, "place", _NONE, counter, group, repeated)
        else:
            steps.append((after_key, "remove", _NONE, counter, group, repeated))
        if lost(theirs, 0, rules.lose_below):
            outcome = Outcome(_SIDES[mover], "fewer-than-three", index)
        elif lost(own, 0, rules.lose_below):
            outcome = Outcome(_SIDES[mover ^ 1], "fewer-than-three", index)
    if len(removals) < due:
        if removers[len(removals)][0] != mover or not (removals or joined):
            index += 1
        if removers[len(removals)][0] != mover:
            mover ^= 1
            own, theirs = theirs, own
        return Broken("full-board-removal", index, mover, own=own, theirs=theirs, required=due,
                      taken=len(removals), removal=True), None
    mover ^= 1  # (the side after the last remover moves)
    own, theirs = theirs, own
    white, black = (theirs, own) if mover else (own, theirs)
    following = next(rest, None)
    if following is None:  # (the line ends with the removals: can the side to move play?)
        if outcome is None:
            outcome = blocked_end(own, theirs, 0, rules.flying, rules.blocked, _SIDES[mover ^ 1], index,
                                  rules.geometry, rules.board_full, rules.flying_at, rules.capture_kinds,
                                  rules.capture_from_mill)
        return None, outcome
    return line_player(rules, 0, mills)(chain((following,), rest), rules, index + 1, mover, white, black, 0, 0,
                                        counter, outcome, seen_count, steps, draw_rights, mills)


def _never(count: int, by_black: bool, white: int, black: int, in_hand_white: int, in_hand_black: int) -> bool:
    """No draw arises: the rule of a ruleset without a no-progress rule (never asked: see ``earliest``)."""
    return False


def _never_limit(count: int, by_black: bool) -> str:
    """No limit gives a draw: a ruleset without a no-progress rule (never asked: see ``earliest``)."""
    raise AssertionError("no no-progress rule, no limit")


def _ended_by_block(ended: Outcome, draw_rights: list[DrawRight], rights_before: int) -> Outcome:
    """The end of the game by a blocked side after ply ``ended.ply``: that ply gave no draw right
    (a side that cannot play ends the game before any draw), so those recorded with it go."""
    while len(draw_rights) > rights_before and draw_rights[-1].ply == ended.ply:
        draw_rights.pop()
    return ended
