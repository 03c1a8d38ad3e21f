"""Replay a game record under a ruleset: every ply checked, every position kept.

:func:`replay` takes a :class:`~muehle.notation.record.model.Game` (it never reads text)
and returns a :class:`Replay`: one :class:`PlyRecord` per legally replayed ply of the
main line, the first rule broken (a :class:`~muehle.analyzer.engine.events.RuleViolation`),
how the game ended, the draw rights that arose, and the variations, each replayed
from the position where it branches off.

>>> from muehle.notation.record.model import Game, Ply
>>> game = Game(plies=[Ply(1, "white", "d2"), Ply(1, "black", "d6"), Ply(2, "white", "f2"),
...                    Ply(2, "black", "f6"), Ply(3, "white", "b2", captures=["d6"])])
>>> r = replay(game)
>>> [rec.kind for rec in r.records][:2], r.records[-1].mills, r.records[-1].captures
(['place', 'place'], [('b2', 'd2', 'f2')], ['d6'])
>>> r.errors
[]

The engine works on bit masks (see :mod:`muehle.analyzer.engine.board`) and counts
positions in a dictionary, so a ply costs the same at move 10 as at move 500.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import operator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterator, Optional, Sequence

from muehle.analyzer.engine import core
from muehle.analyzer.engine.board import Geometry, Position
from muehle.analyzer.engine.capture_kinds import CaptureKinds
from muehle.analyzer.engine.core import PositionKey, capturable, has_legal_ply, phase_of
from muehle.analyzer.engine.events import DrawRight, Outcome, RuleViolation, end_text
from muehle.analyzer.engine.messages import mill_points, rule_message, side_name
from muehle.analyzer.engine.mill_rules import MillMemory
from muehle.analyzer.engine.placing_rules import makes_removal_plies
from muehle.analyzer.engine.rules import RulesArg, Ruleset, as_ruleset, ruleset_of  # noqa: F401  (as_ruleset: doctests)
from muehle.notation.record.model import (  # noqa: F401  (Game: the doctests' records)
    BLACK,
    FINISHED_RESULTS,
    REMOVAL,
    UNFINISHED,
    WHITE,
    Game,
    GameRecord,
    MoveLine,
    Ply,
    PlyMove,
    Side,
    numbering_of,
    winner_of,
)
from muehle.notation.record.model import SIDES as _SIDES
from muehle.notation.text.errors import shortened
from muehle.notation.text.i18n import _

if TYPE_CHECKING:  # (the FEN machinery is imported only for a set-up record: engine/setup.py)
    from muehle.analyzer.engine.fen import FenPosition

__all__ = ["Occurrences", "PlyRecord", "PositionKey", "Replay", "capturable", "has_legal_ply", "in_variation", "phase",
           "position_key", "position_of_key", "replay"]



class PlyRecord:
    """One legally replayed ply and what it did.

    ``index`` counts from 1 for the first ply of the game (White's first placement
    from the usual start). ``kind`` is ``"place"``, ``"move"`` (to an adjacent point),
    ``"jump"`` (to a point that is not adjacent) or ``"remove"``: a removal on a board left full
    by the placements (``board_full``), written with the placement before it (``ply``, the same
    for both), a ply of its own by its side. ``before`` and ``after`` are
    the positions around the ply. ``mills`` are the mills the ply closed (two for a
    double mill; under ``one_time_mills`` only those closed the first time, which capture), each as
    its three points in board order; ``captures`` the points
    captured. Phases (``"placing"``, ``"moving"``, ``"flying"``) are those of the
    side that moved before and after the ply, and of its opponent after it.
    ``repetition_count`` is how often ``after`` has stood so far in this line (the
    start position counts), ``earlier_occurrences`` the plies after which it stood
    before (0 = the start; an :class:`Occurrences`, read from the line's one history
    when asked for, so a long repetitive game keeps no copy per ply). ``plies_without_capture`` is the counter of the
    ruleset's no-progress rule after this ply (plies since the last capture when the
    ruleset has none); after a set-up position it may be a lower bound, see
    :meth:`Replay.count_is_exact`. ``captures_due`` is how many stones the ply's mills demanded
    as the engine applied the rules (:data:`~muehle.analyzer.engine.core.Step`): fewer where the
    game ended first, more than ``captures`` only where no stone could be captured.
    """

    __slots__ = ("index", "ply", "side", "kind", "mills", "captures", "phase_before", "phase_after",
                 "opponent_phase_after", "repetition_count", "earlier_occurrences",
                 "plies_without_capture", "captures_due", "before_key", "after_key")

    def __init__(self, index: int, ply: Ply, side: Side, kind: str, before_key: PositionKey,
                 after_key: PositionKey,
                 mills: list[tuple[str, str, str]], captures: list[str], phase_before: str,
                 phase_after: str, opponent_phase_after: str, repetition_count: int,
                 earlier_occurrences: Sequence[int], plies_without_capture: int, captures_due: int = 0) -> None:
        self.index = index
        self.ply = ply
        self.side = side
        self.kind = kind
        self.before_key = before_key
        self.after_key = after_key
        self.mills = mills
        self.captures = captures
        self.phase_before = phase_before
        self.phase_after = phase_after
        self.opponent_phase_after = opponent_phase_after
        self.repetition_count = repetition_count
        self.earlier_occurrences = earlier_occurrences
        self.plies_without_capture = plies_without_capture
        self.captures_due = captures_due

    @property
    def before(self) -> Position:
        """The position before the ply."""
        return position_of_key(self.before_key)

    @property
    def after(self) -> Position:
        """The position after the ply."""
        return position_of_key(self.after_key)

    @property
    def label(self) -> str:
        """The ply with its move number in the book's style: ``18. d2-b2/xa4``, ``17... a7-a4``."""
        return _label(self.ply, self.side, numbering_of(self.index - 1)[0])

    def __repr__(self) -> str:
        return (f"PlyRecord(index={self.index}, move={self.ply.move_text!r}, side={self.side!r}, "
                f"kind={self.kind!r}, mills={self.mills!r}, captures={self.captures!r})")


@dataclass
class Replay:
    """The replay of one line of play (the main line, or a variation).

    ``records`` holds the legal plies, up to the first illegal one (a tuple); ``errors`` the
    rule that ply broke (at most one per line, plus ``result-mismatch``; syntax
    errors of the record). ``outcome`` is how the game ended, ``None`` while it is
    unfinished or when an illegal ply stopped the replay. ``draw_rights`` lists
    each draw right when it arises. ``variations`` are the variations of this
    line's plies in the order they are written, each a :class:`Replay` whose
    ``branch`` is the index of the ply it replaces (its first record has that
    index); its ``start`` is the position before that ply and the repetition count
    and no-progress counter carry over from the line it branches from.
    ``branch`` is 0 for the main line. ``path`` says which variation it is: one
    ``(ply, number)`` per step from the main line inwards, the ``number``-th (from 1)
    variation written for ``ply`` of the line it branches from; ``()`` for the main line. ``start_no_progress`` is the no-progress
    counter before the game's first ply (0 unless a set-up position's FEN gave
    more; the same in every line); ``start_no_progress_exact`` is False when that
    count is only a lower bound, and then so is every count that reaches back to it
    (:meth:`count_is_exact`).

    A replay reads the game it was given: its plies when first asked for, and each
    record's ``ply`` and ``captures`` are the game's own. The game must not be changed
    afterwards (replay a copy, ``copy.deepcopy(game)``, to change it).
    """

    rules: Ruleset
    game: GameRecord
    start: Position
    errors: list[RuleViolation] = field(default_factory=list)
    outcome: Optional[Outcome] = None
    draw_rights: list[DrawRight] = field(default_factory=list)
    variations: list["Replay"] = field(default_factory=list)
    branch: int = 0
    path: tuple[tuple[int, int], ...] = ()
    start_no_progress: int = 0
    start_no_progress_exact: bool = True
    #: The plies of this line, as written (read from the record when first asked for).
    plies_of: Callable[[], list[Ply]] = field(default=list, repr=False)
    #: What the replay keeps of each legal ply (a :data:`~muehle.analyzer.engine.core.Step`:
    #: ``(after_key, kind, closed mill masks, no-progress counter, captures due, repetitions)``); :attr:`records`
    #: are built from it when first asked for.
    steps: list[core.Step] = field(default_factory=list, repr=False)
    #: Where each position stood before this line's first ply (key -> ply indices, 0 = start).
    history_before: dict[PositionKey, list[int]] = field(default_factory=dict, repr=False)
    #: The record's set-up position as its FEN tag gives it (with the FEN's notes and counts), from
    #: which :func:`~muehle.analyzer.engine.setup.replay_record` replayed the game; ``None`` for the
    #: usual start (and in the lines of variations).
    setup: Optional[FenPosition] = field(default=None, repr=False)
    #: What the line remembers of its mills (where the ruleset needs it: ``one_time_mills``, ``no_mill_moving_back``), from
    #: its start on; :meth:`MillMemory.at <muehle.analyzer.engine.mill_rules.MillMemory.at>` gives
    #: it after each ply. ``None`` under the other rulesets.
    mills: Optional[MillMemory] = field(default=None, repr=False)
    _records: Optional[tuple[PlyRecord, ...]] = field(default=None, init=False, repr=False, compare=False)
    #: The plies as written the steps were made of, where the two may part (:class:`_PlyMap`), else ``None``.
    _written: Optional[Sequence[PlyMove]] = field(default=None, init=False, repr=False, compare=False)

    @functools.cached_property
    def _ply_map(self) -> Optional[_PlyMap]:
        """Where the steps and the plies as written part (made when first asked for), or ``None``."""
        return None if self._written is None else _PlyMap(self._written, self.steps)

    @property
    def records(self) -> tuple[PlyRecord, ...]:
        """One :class:`PlyRecord` per legal ply of this line, in order (built when first asked for)."""
        if self._records is None:
            self._records = _records_of(self)
        return self._records

    @property
    def plies(self) -> list[Ply]:
        """The plies of this line as written (the legal ones and any after them)."""
        return self.plies_of()

    @property
    def ply_count(self) -> int:
        """How many plies of this line were replayed legally (``len(records)``, without building them)."""
        return len(self.steps)

    @property
    def first_index(self) -> int:
        """The index of this line's first ply (1 for the main line)."""
        return self.branch or 1

    @property
    def last_legal_position(self) -> Position:
        """The position after the last legal ply: the one to restore after an illegal ply (WMD 6)."""
        return position_of_key(self.steps[-1][0]) if self.steps else self.start

    @property
    def final_position(self) -> Optional[Position]:
        """The position after the last ply, or ``None`` if an illegal ply stopped the replay."""
        return None if self.stopped else self.last_legal_position

    @property
    def stopped(self) -> bool:
        """Whether an error (other than ``result-mismatch``) stopped this line."""
        return bool(self.errors) and any(error.code != "result-mismatch" for error in self.errors)

    @property
    def set_up(self) -> bool:
        """Whether the line starts from a set-up position (a record's FEN) rather than the usual start."""
        return self.start != _usual_start(self.rules.stones)

    @property
    def fen_start(self) -> Optional[FenPosition]:
        """The start the FENs of this line are written from: the record's set-up FEN (:attr:`setup`),
        else a start other than the usual one as a FEN of its own (Black to move by a ``FirstMove``
        tag); ``None`` for the usual start."""
        if self.setup is not None or not self.set_up:
            return self.setup
        from muehle.analyzer.engine.fen import FenPosition  # (start-up: the FEN machinery only for a set-up record)

        return FenPosition(self.start)

    def decided_by(self, index: int) -> bool:
        """Whether the board had decided the game by the position after ply ``index`` (0: the
        start); a result only declared in the record decides nothing on the board."""
        outcome = self.outcome
        return outcome is not None and outcome.reason != "declared" and outcome.ply <= index

    @property
    def played_on_after_the_end(self) -> bool:
        """Whether a ply played after the game had ended on the board stopped this line (the
        board's verdict, ``outcome``, is known all the same)."""
        return self.outcome is not None and bool(self.errors) and self.errors[0].code == "after-game-end"

    @property
    def valid(self) -> bool:
        """No error in this line nor in any of its variations."""
        return not any(True for _ in self.all_errors())

    def all_errors(self) -> Iterator[RuleViolation]:
        """The errors of this line, then those of its variations (depth first)."""
        yield from self.errors
        for variation in self.variations:
            yield from variation.all_errors()

    def count_is_exact(self, index: int, count: int) -> bool:
        """Whether ``count``, the no-progress counter after ply ``index`` of this line (0: its
        start), is exact: False when it reaches back, with no reset between, to a set-up
        position whose count is only a lower bound (then it is one too).

        >>> Replay(as_ruleset("wmd"), Game(), Position.start(), start_no_progress=20,
        ...        start_no_progress_exact=False).count_is_exact(5, 25)
        False
        """
        return self.start_no_progress_exact or count < index + self.start_no_progress

    def record_at(self, index: int) -> PlyRecord:
        """The record of ply ``index`` of this line (``IndexError`` if not replayed)."""
        position = index - self.first_index
        if position < 0 or position >= len(self.steps):
            raise IndexError(f"ply {index} was not replayed in this line")
        return self.records[position]

    def mill_fields(self, index: int) -> Optional[tuple[int, int, int, int, int, int]]:
        """What fields 11 to 15 of Sanmill's FEN say of the mills after ply ``index`` (``first_index - 1``:
        the start; see :meth:`MillMemory.fen_fields <muehle.analyzer.engine.mill_rules.MillMemory.fen_fields>`),
        or ``None`` where the ruleset remembers nothing of them."""
        if self.mills is None:
            return None
        to_move = 0 if self.position_after(index).to_move == WHITE else 1
        return self.mills.at(index).fen_fields(index, to_move)

    def position_after(self, index: int) -> Position:
        """The position after ply ``index`` (``first_index - 1`` gives the start)."""
        if index == self.first_index - 1:
            return self.start
        return self.record_at(index).after


def phase(position: Position, side: Side, rules: Ruleset) -> str:
    """``"placing"`` while stones are in hand, ``"flying"`` with exactly three (if allowed), else ``"moving"``.

    >>> rules = as_ruleset("wmd")
    >>> phase(Position(white=0b111, black=0, in_hand_white=0, in_hand_black=9), "white", rules)
    'flying'
    """
    return _phase_in_key(position_key(position), 0 if side == WHITE else 1, rules.flying, rules.flying_at)


def position_key(position: Position) -> PositionKey:
    """A position as a :data:`PositionKey`: equal positions, equal keys.

    >>> key = position_key(Position.start())
    >>> key, position_of_key(key) == Position.start()
    ((0, 0, 9, 9, 0), True)
    """
    return core.key_of(position.white, position.black, position.in_hand_white, position.in_hand_black,
                       0 if position.to_move == WHITE else 1, position.marked)


def position_of_key(key: PositionKey) -> Position:
    """The position a :func:`position_key` stands for."""
    return Position(key[0], key[1], key[2], key[3], _SIDES[key[4]], core.marks_in(key))


def _label(ply: Ply, side: Side, number: int) -> str:
    """The ply as the record numbers it, or with ``number`` when the record gives none."""
    if ply.number is not None:
        return ply.label()
    return f"{number}{'.' if side == WHITE else '...'} {ply.move_text}"


def replay(game: GameRecord, rules: RulesArg = None, start: Optional[Position] = None, *,
           no_progress: int = 0, no_progress_exact: bool = True, fullmove: Optional[int] = None,
           mills: Optional[MillMemory] = None) -> Replay:
    """Replay ``game`` (main line and variations) under ``rules``: a :class:`Ruleset`, a
    preset's name or a YAML file's path; ``None`` takes the record's ``Rules`` tag, else ``wmd``,
    as everywhere a record is given (a tag naming no preset is a located
    :class:`~muehle.notation.text.errors.FormatError`).

    ``start`` is the position the record starts from (default: the empty board with
    ``rules.stones`` in hand each, White to move), and ``no_progress`` the ruleset's
    no-progress counter there (plies already played without progress; see
    :func:`~muehle.analyzer.engine.fen.no_progress_at_setup`), exact or, with
    ``no_progress_exact=False``, a lower bound. A counter at the limit already gives
    the draw right at ply 0 (the start), and under ``mode: automatic`` ends the game
    there. ``fullmove`` is the move number a set-up position's FEN gives (field 17): the
    first ply has that number or 1 (Sanmill numbers its exports from 1), else it is a
    ``numbering`` error; ``None`` takes any number. ``mills`` is what the start remembers of the
    mills formed before it, where the ruleset needs it (a set-up FEN's fields 11 to 15:
    :class:`~muehle.analyzer.engine.mill_rules.MillMemory`; ``None``: nothing). A game that has syntax errors (``game.errors``) is not replayed: its
    errors are reported with code ``syntax``. The replay reads ``game`` as it goes
    on (see :class:`Replay`): ``game`` must not be changed afterwards.
    """
    if not isinstance(rules, Ruleset):
        rules = ruleset_of(game, rules)
    if no_progress < 0:
        raise ValueError(f"the no-progress count is a number of plies, not {no_progress}")
    usual_start = _usual_start(rules.stones)
    if start is None:
        start = usual_start
    if game.errors:
        errors = [RuleViolation("syntax", e.message, line=e.line, column=e.column) for e in game.errors]
        return Replay(rules, game, start, errors=errors, plies_of=lambda: game.plies,
                      start_no_progress=no_progress, start_no_progress_exact=no_progress_exact)
    number_base = 1
    moves = game.main_line()
    if start is not usual_start and start != usual_start and moves.first is not None and moves.first[0] is not None:
        # a record set up from a position numbers its first ply as its FEN says, or from 1 as Sanmill does
        number_base = moves.first[0]
        if fullmove is not None and number_base != 1:
            number_base = fullmove
    numbering = (number_base, 0 if start.to_move == WHITE else 1)
    # the repetition history: the start counts, unless only positions reached by moves do
    history = {} if rules.repetition_window == "moves" else {
        _usual_key(rules.stones) if start is usual_start else position_key(start): [0]}
    # (the empty board, stones in hand: nothing decided yet)
    outcome = None if start is usual_start else _start_outcome(
        start, rules.flying, rules.blocked, rules.geometry, rules.board_full, rules.flying_at, rules.lose_below,
        rules.capture_kinds, rules.capture_from_mill)
    if mills is None:
        mills = MillMemory.for_rules(rules)
    rule = rules.no_capture
    # (the ply before the start was Black's when White is to move)
    right_at_start = outcome is None and rule is not None and no_progress > 0 and rule.stands(  # (limits: 1 or more)
        no_progress, start.to_move == WHITE, start.white, start.black, start.in_hand_white, start.in_hand_black)
    if right_at_start and rule is not None and rule.mode == "automatic":
        outcome = Outcome(None, "no-capture", 0)
    main = _replay_line(game, moves, lambda: game.plies, rules, start, 0, history, no_progress, outcome,
                        numbering, mills=mills)
    if no_progress or not no_progress_exact:  # (every line counts from the game's start)
        lines = [main]
        while lines:
            line = lines.pop()
            line.start_no_progress, line.start_no_progress_exact = no_progress, no_progress_exact
            lines.extend(line.variations)
    if right_at_start and rule is not None:
        main.draw_rights.insert(0, DrawRight("no-capture", 0, rule.limit_of(no_progress, start.to_move == WHITE)))
    _check_result(main)
    return main


@functools.lru_cache(maxsize=None)
def _usual_start(stones: int) -> Position:
    """The empty board with ``stones`` in hand each, White to move (one object per number of stones)."""
    return Position.start(stones)


@functools.lru_cache(maxsize=None)
def _usual_key(stones: int) -> PositionKey:
    """The key of :func:`_usual_start` (``stones`` in hand each)."""
    return position_key(_usual_start(stones))


@functools.lru_cache(maxsize=256)
def _start_outcome(start: Position, flying: bool, blocked: str, geometry: Geometry, board_full: str,
                   flying_at: int, lose_below: int, kinds: Optional[CaptureKinds] = None,
                   capture_from_mill: str = "when-all-in-mills") -> Optional[Outcome]:
    """How the game stands decided in ``start`` already, if it does (remembered: most games share their start)."""
    return core.start_outcome(start.white, start.black, start.in_hand_white, start.in_hand_black,
                              start.to_move == BLACK, flying, blocked, geometry, board_full, flying_at, lose_below,
                              kinds, capture_from_mill)


def _replay_line(
    game: GameRecord,
    moves: MoveLine,
    plies_of: Callable[[], list[Ply]],
    rules: Ruleset,
    start: Position,
    branch: int,
    history: dict[PositionKey, list[int]],
    counter: int,
    outcome: Optional[Outcome],
    numbering: tuple[int, int],
    path: tuple[tuple[int, int], ...] = (),
    mills: Optional[MillMemory] = None,
) -> Replay:
    """Replay one line from ``start``; its first ply has index ``branch or 1``.

    ``moves`` is the line as the record gives it (what each ply does, how the plies
    are numbered, their variations); ``plies_of`` gives its plies as written (asked
    for only to report an illegal ply, or later by :attr:`Replay.plies`). ``history`` (position key -> plies where it stood, left unchanged) is where
    positions stood before the line's first ply; ``counter`` is the no-progress
    counter and ``outcome`` the end of the game before the line's first ply;
    ``numbering`` is the move number of the game's first ply and whether Black (1)
    or White (0) plays it; ``path`` is the line's :attr:`Replay.path`; ``mills`` what the line
    remembers of its mills at its start (kept as :attr:`Replay.mills`, where the ruleset needs it).
    """
    line = Replay(rules, game, start, branch=branch, path=path, plies_of=plies_of, history_before=history,
                  mills=mills)
    first_index = line.first_index
    initial_counter = counter
    steps = line.steps
    seen_count = {key: len(value) for key, value in history.items()}
    errors = line.errors
    draw_rights = line.draw_rights

    mover = 0 if start.to_move == WHITE else 1
    first = (numbering[0], _SIDES[numbering[1]])
    # the side whose place the record's numbering gives the line's first ply: the side to move, but in a
    # variation after the written plies and the engine's parted (removals alone or at the end of placing
    # made plies of their own, the defender's second ply), the side of its place as written
    slot_mover = mover if not branch else 0 if numbering_of(first_index - 1, first)[1] == WHITE else 1

    def expected_number(index: int) -> int:
        return numbering_of(index - 1, first)[0]

    def fail(code: str, message: str, index: int, side: int, written: Optional[int] = None) -> None:
        # (``written``: the index of the ply as written, where the engine's plies are not those: _PlyMap)
        written = index if written is None else written
        ply = line.plies[written - first_index]
        label = shortened(_label(ply, _SIDES[side], expected_number(written)))  # (a long capture chain in part)
        line_number, column = _place(game, ply)
        said = f"{label}: {message}"
        errors.append(RuleViolation(code, in_variation(branch) + said if branch else said, index, ply.move_text,
                                    _SIDES[side], line_number, column, path or None, said if branch else None))

    # the plies are replayed up to the first one numbered otherwise than its place gives
    misnumbered = _first_misnumbered(moves, slot_mover, first_index, expected_number)
    plies = moves.moves if misnumbered is None else moves.moves[:misnumbered]
    # (removals alone, "13. xg7xd5": the engine takes them as captures after the ply before's. A line
    # without them is played as written; one with them breaks where they stand (no point is named ""),
    # so they are looked for in a broken line only, and then the line is played again with them joined;
    # where the line remembers its mills, which a first play would change, they are looked for first)
    alone = mills is not None and REMOVAL in map(_TARGET, plies)
    play = core.line_player(rules, start.marked, mills)
    if not alone:
        played, ended = play(plies, rules, first_index, mover, start.white, start.black, start.in_hand_white,
                             start.in_hand_black, counter, outcome, seen_count, steps, draw_rights, mills,
                             marked=start.marked)
        if played is not None and REMOVAL in map(_TARGET, plies):
            alone = True
            steps.clear()
            draw_rights.clear()
            seen_count = {key: len(value) for key, value in history.items()}
        else:
            broken, outcome = played, ended
    if alone:
        if plies[0][0] == REMOVAL:  # (no ply before them in the line: no removal is due)
            fail("removal-alone", rule_message(core.Broken("removal-alone", first_index, mover), rules), first_index,
                 mover)
            if moves.variations:
                _replay_variations(line, moves.variations, rules, initial_counter, numbering)
            return line
        broken, outcome = play(_with_removals(plies), rules, first_index, mover, start.white, start.black,
                               start.in_hand_white, start.in_hand_black, counter, outcome, seen_count, steps,
                               draw_rights, mills, marked=start.marked)
    line._written = plies if alone or makes_removal_plies(rules) else None
    if broken is not None:
        written = broken.index - first_index if line._ply_map is None else line._ply_map.place_of(broken, plies, steps)
        fail(broken.code, rule_message(broken, rules), broken.index, broken.mover, written + first_index)
    else:
        # the record numbers its plies in turn (half-moves: numbering_of), the side at each place its
        # slot; the side to move comes from the engine (the same, unless the defender moves first)
        slot = slot_mover ^ (len(plies) & 1)
        mover = steps[-1][0][4] if steps else mover
        if misnumbered is not None:
            index = first_index + misnumbered
            number, side = moves.numbering()[misnumbered]
            if outcome is not None:
                fail("after-game-end", rule_message(core.Broken("after-game-end", index, mover, outcome=outcome),
                                                    rules), index, mover)
            elif side != _SIDES[slot]:
                unnumbered = number is None and slot == 1 and game.places_in_source  # (no side was written)
                # (numbered as the ply after it: the ply before it, the other side's, was not written)
                dropped = number is not None and number == expected_number(index + 1)
                hint = (_("; a record without move numbers starts with White, so write Black's move number "
                          "before this ply (N..., as in 17... a7-a4)") if unnumbered
                        else _("; a ply may be missing before it: {side}'s move {expected} is not written").format(
                            side=side_name(slot), expected=expected_number(index)) if dropped else "")
                fail("numbering", _("ply {ply} is {side}'s, but the record gives it to {other}{hint}").format(
                    ply=index, side=side_name(slot), other=side_name(1 - slot), hint=hint), index, mover)
            else:
                fail("numbering", _("move number {number} where {expected} is expected "
                                    "(ply {ply} is {side}'s move {expected})").format(
                    number=shortened(str(number)), expected=shortened(str(expected_number(index))), ply=index,
                    side=side_name(slot)), index, mover)
    if not errors or errors[0].code == "after-game-end":
        line.outcome = outcome
    if moves.variations:
        _replay_variations(line, moves.variations, rules, initial_counter, numbering)
    return line


def in_variation(branch: int) -> str:
    """How an error's message starts in the variation for ply ``branch`` (the ply it replaces).

    >>> in_variation(5)
    'in the variation for ply 5: '
    """
    return _("in the variation for ply {ply}: ").format(ply=branch)


def _first_misnumbered(moves: MoveLine, mover: int, first_index: int,
                       expected_number: Callable[[int], int]) -> Optional[int]:
    """The place in ``moves`` of the first ply whose side or move number is not the one its place
    gives (index ``first_index`` is ``mover``'s, the number of index ``i`` ``expected_number(i)``), if any.

    When the line numbers its plies as they follow from the first, the first tells for all.
    """
    if moves.first is None:
        return None
    numbering = [moves.first] if moves.numbers is None else moves.numbers
    for offset, (number, side) in enumerate(numbering):
        if side != _SIDES[(mover + offset) % 2] or (
            number is not None and number != expected_number(first_index + offset)
        ):
            return offset
    return None


def _replay_variations(line: Replay, variations: dict[int, list[MoveLine]], rules: Ruleset,
                       initial_counter: int, numbering: tuple[int, int]) -> None:
    """Replay ``variations``, those of ``line``'s plies, each from the position before the ply it replaces.

    A variation of a ply after the first illegal one is not replayed (its position is unknown). Where
    the engine's plies are not those written (:class:`_PlyMap`), the position before the written ply is
    the one after the engine's plies of the written plies before it.
    """
    first = line.first_index
    steps = line.steps
    owners = line._ply_map
    held = len(steps) if owners is None else owners.held  # (the place of the first illegal ply, if any)
    captures_of: Optional[list[Sequence[str]]] = None
    for offset, alternatives in sorted(variations.items()):
        at = offset if owners is None else bisect.bisect_left(owners.places, offset)  # (the steps of the plies before)
        if offset > held:  # (a ply after the first illegal one)
            break
        index = first + offset
        history = {key: list(value) for key, value in line.history_before.items()}
        if rules.repetition_window == "moves":
            if captures_of is None:
                captures_of = [captures for _, captures in _written_of_steps(line)]
            for step_index, step in enumerate(steps[:at], first):
                _see(history, step_index, step, captures_of[step_index - first], rules)
        else:
            for step_index, step in enumerate(steps[:at], first):
                history.setdefault(step[0], []).append(step_index)
        counter = steps[at - 1][3] if at else initial_counter
        position = position_of_key(steps[at - 1][0]) if at else line.start
        decided = line.outcome if line.outcome is not None and line.outcome.ply < first + at else None
        for number, moves in enumerate(alternatives):
            line.variations.append(_replay_line(
                line.game, moves, functools.partial(_variation_plies, line.plies_of, offset, number),
                rules, position, index, history, counter, decided, numbering, line.path + ((index, number + 1),),
                None if line.mills is None else line.mills.at(first + at - 1),
            ))


def _variation_plies(plies_of: Callable[[], list[Ply]], offset: int, number: int) -> list[Ply]:
    """The plies of variation ``number`` of the ply at ``offset`` of the line whose plies are ``plies_of()``."""
    return plies_of()[offset].variations[number].plies


class Occurrences(Sequence[int]):
    """The plies after which a position stood before: the first ``count`` entries of the list of
    plies where it stood in its line's history (which only grows), read when asked for.

    >>> plies = [0, 4, 8]
    >>> earlier = Occurrences(plies, 2)
    >>> earlier, len(earlier), earlier[-1], earlier == [0, 4]
    ([0, 4], 2, 4, True)
    """

    __slots__ = ("_plies", "_count")

    def __init__(self, plies: list[int], count: int) -> None:
        self._plies = plies
        self._count = count

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index: Any) -> Any:
        return self._plies[:self._count][index]

    def __iter__(self) -> Iterator[int]:
        return iter(self._plies[:self._count])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Occurrences, list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        return repr(list(self))


_NO_OCCURRENCES = Occurrences([], 0)


def _see(history: dict[PositionKey, list[int]], index: int, step: core.Step, captures: Sequence[str],
         rules: Ruleset) -> Occurrences:
    """Put the position after ply ``index`` (the core's ``step`` for it) into the repetition
    ``history`` (key -> plies where it stood); the plies where it stood before, as many as the
    core counted (its count of the position, less this time). A ply that starts the history
    anew (:func:`~muehle.analyzer.engine.core.resets_repetition`) empties it and stands alone."""
    after_key, kind, count = step[0], step[1], step[5]
    if core.resets_repetition(kind, captures, rules):
        history.clear()
        return _NO_OCCURRENCES
    seen = history.setdefault(after_key, [])
    earlier = Occurrences(seen, count - 1) if count > 1 else _NO_OCCURRENCES
    seen.append(index)
    return earlier


_TARGET = operator.itemgetter(0)


def _joined(plies: Sequence[PlyMove], start: int) -> tuple[int, list[str], list[int]]:
    """The ply as the engine plays it from ``start`` among ``plies``, with the removals of the plies of removals
    alone after it (``13. xg7xd5``, :data:`REMOVAL`): where the next starts, its captures, the ply holding each.

    >>> _joined([("a7", None, ["g4"]), ("", None, ["g7", "d5"]), ("d3", "c3", ["d6"])], 0)
    (2, ['g4', 'g7', 'd5'], [0, 1, 1])
    """
    captures, holders = list(plies[start][2]), [start] * len(plies[start][2])
    end = start + 1
    while end < len(plies) and plies[end][0] == REMOVAL:
        captures += plies[end][2]
        holders += [end] * len(plies[end][2])
        end += 1
    return end, captures, holders


def _with_removals(plies: Sequence[PlyMove]) -> list[PlyMove]:
    """The plies as the engine plays them (:func:`_joined`; the first is not one of removals alone).

    >>> _with_removals([("a7", None, ["g4"]), ("", None, ["g7", "d5"]), ("d3", "c3", ["d6"])])
    [('a7', None, ['g4', 'g7', 'd5']), ('d3', 'c3', ['d6'])]
    """
    played: list[PlyMove] = []
    start = 0
    while start < len(plies):
        end, captures, _ = _joined(plies, start)
        played.append(plies[start] if end == start + 1 else (plies[start][0], plies[start][1], captures))
        start = end
    return played


#: The codes of a rule a ply's target or origin broke, not one of its captures.
_NOT_OF_CAPTURES = frozenset(("occupied", "marked", "not-own-stone", "not-adjacent", "mill-moving-back", "must-move",
                              "must-place", "after-game-end"))


class _PlyMap:
    """Where a line's steps and its plies as written part: the engine plays the plies as :func:`_joined` joins
    them, and the removals at the end of placing (:func:`~muehle.analyzer.engine.placing_rules.makes_removal_plies`)
    are steps of their own (``"remove"``), but the placer's when it removes first (its step's, as many as are due).
    For each step: ``places``, the place (from 0) of its written ply (a removal's: the ply holding its first),
    ``captures`` and ``holders``, the place of the ply holding each (``None``: all its ply's own). ``first`` is
    the step where the last step's ply as played starts, ``end`` where the next is written, ``held`` the place
    after the last step's."""

    __slots__ = ("places", "captures", "holders", "first", "end", "held")

    def __init__(self, plies: Sequence[PlyMove], steps: Sequence[core.Step]) -> None:
        count = len(steps)
        self.places: list[int] = []
        self.captures: list[Optional[list[str]]] = [None] * count
        self.holders: list[Optional[list[int]]] = [None] * count
        place = number = first = 0
        while number < count:
            first, following = number, number + 1
            if (place + 1 >= len(plies) or plies[place + 1][0] != REMOVAL) and (
                    following == count or steps[following][1] != "remove"):  # (one ply, one step: the usual)
                self.places.append(place)
                place, number = place + 1, following
                continue
            end, captures, holders = _joined(plies, place)
            while following < count and steps[following][1] == "remove":
                following += 1
            # (with removal steps after it, the ply's step has the placer's own removals, as many as are due)
            taken = steps[number][4] if following > number + 1 else len(captures)
            self.places.append(place)
            self.captures[number], self.holders[number] = captures[:taken], holders[:taken]
            for number in range(number + 1, following):  # (a side's removals in a row: one step)
                group = slice(taken, taken + steps[number][4])
                self.places.append(holders[taken] if taken < len(holders) else place)
                self.captures[number], self.holders[number] = captures[group], holders[group]
                taken = group.stop
            place, number = end, following
        self.first, self.end, self.held = first, place, self.places[-1] + 1 if self.places else 0

    def place_of(self, broken: core.Broken, plies: Sequence[PlyMove], steps: Sequence[core.Step]) -> int:
        """The place among ``plies`` (those of ``steps``) of the ply holding what ``broken`` refused: a capture
        or removal (of the next ply; a removal, of the last step's after those its steps took) the ply's holding
        it; a missing one the last of the plies joined; a target or origin (:data:`_NOT_OF_CAPTURES`) the ply."""
        if broken.removal:
            start, taken = self.places[self.first], sum(step[4] for step in steps[self.first:])
        elif self.end >= len(plies):
            return len(plies) - 1
        elif broken.code in _NOT_OF_CAPTURES:
            return self.end
        else:  # (the refused ply is the next one)
            start, taken = self.end, 0
        end, captures, holders = _joined(plies, start)
        if broken.point and broken.point in captures[taken:]:
            return holders[captures.index(broken.point, taken)]
        return end - 1


def _written_of_steps(line: Replay) -> Iterator[tuple[Ply, list[str]]]:
    """For each step of ``line``, the ply as written it comes from and its captures."""
    plies, owners = line.plies, line._ply_map
    if owners is None:
        return ((ply, ply.captures) for ply in plies)
    return ((plies[place], plies[place].captures if captures is None else captures)
            for place, captures in zip(owners.places, owners.captures))


def _records_of(line: Replay) -> tuple[PlyRecord, ...]:
    """The :class:`PlyRecord` of each step of ``line``: its positions, phases and repetitions (how
    often, as the core counted; where before, from the line's history). The side of each is the
    one to move before it."""
    flying, flying_at = line.rules.flying, line.rules.flying_at
    history = {key: list(value) for key, value in line.history_before.items()}
    before_key = position_key(line.start)
    records = []
    for index, (ply, captures), step in zip(itertools.count(line.first_index),
                                            _written_of_steps(line), line.steps):
        after_key, kind, closed, counter, due, count = step
        mover = before_key[4]
        opponent = 1 - mover
        # (the count is the core's; the history gives the plies where the position stood before)
        earlier = _see(history, index, step, captures, line.rules)
        records.append(PlyRecord(
            index, ply, _SIDES[mover], kind, before_key, after_key,
            [mill_points(mill) for mill in closed], captures,
            _phase_in_key(before_key, mover, flying, flying_at), _phase_in_key(after_key, mover, flying, flying_at),
            _phase_in_key(after_key, opponent, flying, flying_at), count, earlier, counter, due,
        ))
        before_key = after_key
    return tuple(records)


def _phase_in_key(key: PositionKey, side: int, flying: bool, flying_at: int = 3) -> str:
    """The phase of ``side`` (0 White, 1 Black) in the position ``key``: see :func:`phase`."""
    return phase_of(key[side], key[2 + side], flying, flying_at)


def _place(game: GameRecord, ply: Ply) -> tuple[int, int]:
    """Where an error at ``ply`` is located in the game's source: its line and column, or
    (0, 0) when the game's plies were not read from that source (a JSON or YAML record)."""
    return (ply.line, ply.column) if game.places_in_source else (0, 0)


def _check_result(line: Replay) -> None:
    """Compare the declared result with the board; set a declared outcome if unfinished.

    A line stopped by a ply played after the end still has the board's verdict to compare.
    """
    if line.stopped and not line.played_on_after_the_end:
        return
    declared = line.game.declared_result
    if declared is None or declared.strip() in (UNFINISHED, ""):
        return
    declared = declared.strip()
    if declared not in FINISHED_RESULTS:
        return
    winner = winner_of(declared)
    last = line.first_index + line.ply_count - 1
    if line.outcome is None:
        line.outcome = Outcome(winner, "declared", last)
        return
    if line.outcome.winner != winner:
        anchor = line.records[-1].ply if line.records else None
        label = shortened(line.records[-1].label) + ": " if line.records else ""
        line.errors.append(RuleViolation(
            "result-mismatch",
            label + _("the record declares {declared}, but on the board {end} {when} ({result})").format(
                declared=declared, end=end_text(line.outcome, past=True),
                when=_("after ply {ply}").format(ply=line.outcome.ply) if line.outcome.ply else _("at the start"),
                result=line.outcome.result),
            line.outcome.ply or None,
            anchor.move_text if anchor else None,
            line.records[-1].side if line.records else None,
            *(_place(line.game, anchor) if anchor else (line.game.line, 0)),
        ))
