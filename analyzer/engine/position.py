"""A board to play on: the position, the rules, and the verbs of play.

:class:`Board` keeps a position under a ruleset with the bookkeeping the draw rules
need (the repetition history, the no-progress counter) and offers
:meth:`~Board.legal_plies`, :meth:`~Board.is_legal`, :meth:`~Board.apply`,
:meth:`~Board.push` and :meth:`~Board.pop`, :meth:`~Board.captures_due`,
:meth:`~Board.capturable`, :meth:`~Board.outcome`, and the position as a Sanmill FEN
(:meth:`~Board.fen`, :meth:`~Board.from_fen`). A ply is a :class:`BoardPly`
(``target``, ``origin``, ``captures``; origin ``None`` for a placement), whose ``str()``
is the book's notation; the verbs also take a plain tuple of the three, a
:class:`~muehle.notation.record.model.Ply` or the notation's text (``"d2-b2/xa4"``).
Every verb goes through the one core, :func:`~muehle.analyzer.engine.core.play_line`.

>>> board = Board()
>>> len(board.legal_plies())
24
>>> board.push("d2")
BoardPly(target='d2', origin=None, captures=())
>>> board.is_legal("d2"), board.check(("d2", None, [])).code
(False, 'occupied')
>>> board.push("d6"), board.push("f2")
(BoardPly(target='d6', origin=None, captures=()), BoardPly(target='f2', origin=None, captures=()))
>>> board.fen()
'********/@**OO***/******** b p p 2 7 1 8 0 0 -1 -1 -1 -1 0 0 2 ids:nodes'
>>> str(board.pop()), board.fen(form="legacy")
('f2', '********/@***O***/******** w p p 1 8 1 8 0 0 0 0 0 0 0 0 2')
>>> [str(ply) for ply in board.move_stack]
['d2', 'd6']
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations, permutations
from typing import TYPE_CHECKING, NamedTuple, Optional, Union

from muehle.analyzer.engine import core
from muehle.analyzer.engine.board import ALL_POINTS, POINT_INDEX, POINTS, Position
from muehle.analyzer.engine.core import Broken, PlyTuple, PositionKey, Step
from muehle.analyzer.engine.events import DrawRight, Outcome
from muehle.analyzer.engine.messages import rule_message
from muehle.analyzer.engine.mill_rules import MillMemory
from muehle.analyzer.engine.placing_rules import counts_mills, fen_reading, removals_when_full, removers_when_full
from muehle.analyzer.engine.rules import BLOCKED_REMOVALS, RulesArg, Ruleset, as_ruleset
from muehle.notation.record.model import BLACK, WHITE, Ply
from muehle.notation.text.errors import shortened
from muehle.notation.text.i18n import _

if TYPE_CHECKING:
    from muehle.analyzer.engine.fen import FenPosition

_BITS = tuple(1 << i for i in range(len(POINTS)))


class BoardPly(NamedTuple):
    """A ply on the board: the point played to, the point moved from (``None`` for a
    placement) and the stones captured, in order. ``str()`` gives it in the book's notation
    (the notation writer's :func:`~muehle.notation.writing.writers.ply_text`); it unpacks and
    compares as the tuple ``(target, origin, captures)``.

    >>> ply = BoardPly("b2", "d2", ("a4",))
    >>> str(ply), str(BoardPly("d2")), str(BoardPly("a4", "a7"))
    ('d2-b2/xa4', 'd2', 'a7-a4')
    >>> BoardPly.parse("D2-B2xA4") == ply
    True
    """

    target: str
    origin: Optional[str] = None
    captures: tuple[str, ...] = ()

    def __str__(self) -> str:
        from muehle.notation.writing.writers import ply_text  # (start-up: the writer only where a ply is written)

        return ply_text(Ply(None, WHITE, self.target, self.origin, list(self.captures)))

    @classmethod
    def parse(cls, text: str) -> "BoardPly":
        """The ply written in ``text`` in the notation (``d2``, ``a7-a4``, ``d2-b2/xa4``; as the
        reader takes it, so ``d2-b2xa4`` and capitals too); :class:`InvalidPly` if it is not one ply."""
        # (start-up: the notation's reader only where a ply is given as text)
        from muehle.notation.reading.parser import read_games

        games = list(read_games(text, source="<ply>"))
        plies = games[0].plies if len(games) == 1 and not games[0].errors and not games[0].tags else []
        if len(plies) != 1 or plies[0].variations:
            raise InvalidPly(_("'{text}' is not one ply in the notation (such as d2, a7-a4 or d2-b2/xa4)").format(
                text=shortened(text)))
        return cls.of(plies[0])

    @classmethod
    def of(cls, ply: "PlyArg") -> "BoardPly":
        """``ply`` (a :class:`BoardPly`, a tuple ``(target, origin, captures)``, a
        :class:`~muehle.notation.record.model.Ply` or the notation's text) as a :class:`BoardPly`."""
        if isinstance(ply, BoardPly):
            return ply
        if isinstance(ply, str):
            return cls.parse(ply)
        if isinstance(ply, Ply):
            return cls(ply.target, ply.origin, tuple(ply.captures))
        target, origin, captures = ply
        return cls(target, origin, tuple(captures))


PlyArg = Union[BoardPly, PlyTuple, Ply, str]


class InvalidPly(ValueError):
    """A ply given as text that is not a ply of the notation."""


class IllegalPly(ValueError):
    """A ply that breaks a rule: :attr:`ply` is the ply, :attr:`broken` holds the code and the
    facts; the message names the ply and the rule broken."""

    def __init__(self, broken: Broken, rules: Ruleset, ply: Optional[BoardPly] = None) -> None:
        reason = f"{rule_message(broken, rules)} [{broken.code}]"
        super().__init__(reason if ply is None else _("illegal ply {ply}: {message}").format(ply=ply, message=reason))
        self.broken = broken
        self.ply = ply


@dataclass
class Played:
    """What :meth:`Board.apply` did: the kind of ply (``place``, ``move``, ``jump``), the mills
    closed (masks) and the position after it."""

    kind: str
    closed: list[int]
    after: PositionKey


def _ply_tuple(ply: PlyArg) -> PlyTuple:
    if isinstance(ply, Ply):
        return (ply.target, ply.origin, ply.captures)
    if isinstance(ply, str):
        return BoardPly.parse(ply)
    return ply


class _Snapshot(NamedTuple):
    """What :meth:`Board.pop` restores: the board's state before a pushed ply (the repetition
    history as the dictionary it was, which :meth:`Board.apply` replaces instead of changing)."""

    key: PositionKey
    counter: int
    seen: dict[PositionKey, int]
    draw_rights: int
    plies: int
    outcome: Optional[Outcome]
    halfmove_clock: int
    fullmove_number: int
    mills: Optional[MillMemory]
    actions: Optional[int]


def _byte_table(shift: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(i + shift for i in range(8) if byte >> i & 1) for byte in range(256))


_LOW, _MIDDLE, _HIGH = _byte_table(0), _byte_table(8), _byte_table(16)


def _indices(mask: int) -> tuple[int, ...]:
    """The points (indices) of a mask, in board order."""
    return _LOW[mask & 255] + _MIDDLE[mask >> 8 & 255] + _HIGH[mask >> 16]


class Board:
    """A position under a ruleset, with its repetition history and no-progress counter.

    ``start`` defaults to the empty board with ``rules.stones`` in hand each; ``no_progress``
    is the no-progress counter there. ``fen`` (a Sanmill FEN, either form) gives the start
    instead, as :meth:`from_fen` reads it.

    :attr:`move_stack` holds the plies :meth:`push` played, :attr:`halfmove_clock` the plies
    since the last placement or capture and :attr:`fullmove_number` the full-move number
    (FEN fields 16 and 17: the move number of the next ply, as a record numbers its plies in turn).
    """

    def __init__(self, rules: RulesArg = None, start: Optional[Position] = None, no_progress: int = 0, *,
                 fen: Optional[str] = None) -> None:
        self.rules: Ruleset = rules if isinstance(rules, Ruleset) else as_ruleset(rules)
        self._searching = searches_removals(self.rules)
        read: Optional[FenPosition] = None
        if fen is not None:
            if start is not None:
                raise TypeError("Board takes a start position or a FEN, not both")
            # (start-up: the FEN machinery only for a FEN)
            from muehle.analyzer.engine.fen import fen_to_position, mill_memory_of, setup_no_progress

            read = fen_to_position(fen, stones=self.rules.stones, **fen_reading(self.rules))
            if not read.between_turns:
                raise ValueError(_("the FEN stands in the middle of a turn (a stone still to remove); a board "
                                   "starts between two turns"))
            start, no_progress = read.position, setup_no_progress(read, self.rules)[0]
        #: What the board remembers of the mills formed (where the ruleset needs it: ``one_time_mills``, ``no_mill_moving_back``).
        self.mills: Optional[MillMemory] = (MillMemory.for_rules(self.rules) if read is None
                                            else mill_memory_of(read, self.rules))
        start = start or Position.start(self.rules.stones)
        self.key: PositionKey = core.key_of(start.white, start.black, start.in_hand_white, start.in_hand_black,
                                            0 if start.to_move == WHITE else 1, start.marked)
        self.counter = no_progress
        #: How often each position has stood in the repetition history.
        self.seen: dict[PositionKey, int] = {} if self.rules.repetition_window == "moves" else {self.key: 1}
        self.draw_rights: list[DrawRight] = []
        self.plies = 0
        #: The plies since the last placement or capture (FEN field 16).
        self.halfmove_clock = read.no_progress if read is not None else 0
        #: The full-move number: 1 at the start, one more after each ply in Black's place, the sides
        #: taking their places in turn from the start's side to move (FEN field 17; where the defender
        #: moves first, Black's first move takes White's place, as Sanmill's export numbers it).
        self.fullmove_number = read.fullmove if read is not None else 1
        self._first_place = self.key[4]
        #: Sanmill's actions in the plies :meth:`push` played (``None`` once :meth:`apply` played one, which
        #: the board does not keep: :meth:`fen` cannot count field 17 as Sanmill does past it).
        self._actions: Optional[int] = 0
        #: The plies played by :meth:`push`, the first first.
        self.move_stack: list[BoardPly] = []
        self._undo: list[_Snapshot] = []
        self._outcome = core.start_outcome(start.white, start.black, start.in_hand_white, start.in_hand_black,
                                           start.to_move == BLACK, self.rules.flying, self.rules.blocked,
                                           self.rules.geometry, self.rules.board_full, self.rules.flying_at,
                                           self.rules.lose_below, self.rules.capture_kinds,
                                           self.rules.capture_from_mill)
        if read is not None and read.finished and self._outcome is None:
            # (a FEN may say the game is over where the board alone does not: a result declared, a draw
            # claimed; the winner is not in the FEN)
            self._outcome = Outcome(None, "declared", 0)

    @classmethod
    def from_fen(cls, fen: str, rules: RulesArg = None) -> "Board":
        """The board in the position of a Sanmill FEN (either form, see
        :mod:`~muehle.analyzer.engine.fen`) under ``rules`` (default ``wmd``). A FEN that cannot
        be read is a :class:`~muehle.notation.text.errors.FormatError` naming the field; one in
        the middle of a turn (a stone still to remove) a :class:`ValueError`.

        >>> board = Board.from_fen("********/O*@*O*@*/******** w p p 2 7 2 7 0 0 0 0 0 0 0 0 3")
        >>> board.position.in_hand_white, board.fullmove_number, board.fen()
        (7, 3, '********/O*@*O*@*/******** w p p 2 7 2 7 0 0 -1 -1 -1 -1 0 0 3 ids:nodes')
        """
        return cls(rules, fen=fen)

    def fen(self, form: str = "current", *, move_numbers: str = "record") -> str:
        """The position as a Sanmill FEN, in ``form`` (``"current"``, the default, or
        ``"legacy"``: :data:`~muehle.analyzer.engine.fen.FEN_FORMS`), its field 16 the board's
        :attr:`halfmove_clock`; phase ``o`` once the game is over. Field 17 is, with
        ``move_numbers="record"`` (the default), the board's :attr:`fullmove_number`, the move number
        of the next ply as a record numbers its plies; with ``"sanmill"`` it is counted as Sanmill's
        engine counts (:func:`~muehle.analyzer.engine.fen.sanmill_move_number`: every action, each
        removal one of its own), on from the start's field 17, over the plies :meth:`push` played (a
        :class:`ValueError` where :meth:`apply` played one, which the board does not keep).

        >>> board = Board("standard_9mm")
        >>> for ply in "a1 d6 a4 d2 a7/xd6 d6 g7 f4 g4 b4 g1/xf4".split():
        ...     _ = board.push(ply)
        >>> board.fen().split()[16], board.fen(move_numbers="sanmill").split()[16]
        ('6', '7')
        """
        # (start-up: the FEN machinery only for a FEN)
        from muehle.analyzer.engine.fen import check_move_numbers, position_to_fen, sanmill_field, sanmill_plies_at

        check_move_numbers(move_numbers)
        if move_numbers == "record":
            fullmove = self.fullmove_number
        elif self._actions is None:
            raise ValueError("Sanmill's count of field 17 needs the plies played by push (apply keeps none)")
        else:  # (Sanmill's ply counter at the start, Position::set, and the actions pushed since)
            start_fullmove = self._undo[0].fullmove_number if self._undo else self.fullmove_number
            actions = sanmill_plies_at(start_fullmove, BLACK if self._first_place else WHITE) + self._actions
            fullmove = sanmill_field(actions, BLACK if self.key[4] else WHITE)
        mills = None if self.mills is None else self.mills.fen_fields(self.plies, self.key[4])
        return position_to_fen(self.position, no_progress=self.halfmove_clock, fullmove=fullmove,
                               game_over=self._outcome is not None, form=form, mills=mills)

    @property
    def position(self) -> Position:
        """The position now."""
        white, black, hand_white, hand_black, black_to_move = self.key[:5]
        return Position(white, black, hand_white, hand_black, BLACK if black_to_move else WHITE,
                        core.marks_in(self.key))

    def _sides(self) -> tuple[int, int, int, int]:
        """The side to move's stones and stones in hand, and its opponent's."""
        white, black, hand_white, hand_black, mover = self.key[:5]
        return (black, white, hand_black, hand_white) if mover else (white, black, hand_white, hand_black)

    def copy(self) -> "Board":
        """An independent board in the same position, with the same history."""
        board = object.__new__(Board)
        board.__dict__.update(self.__dict__)
        board.seen, board.draw_rights = dict(self.seen), list(self.draw_rights)
        board.move_stack, board._undo = list(self.move_stack), list(self._undo)
        board.mills = None if self.mills is None else self.mills.copy()
        return board

    def outcome(self) -> Optional[Outcome]:
        """How the game ended (``None`` while it goes on)."""
        return self._outcome

    def captures_due(self, mills: int, kind: str) -> int:
        """How many stones a ply of ``kind`` closing ``mills`` mills captures (the ruleset's rule)."""
        return self.rules.captures_for(mills, kind == "place")

    def capturable(self, side: Optional[int] = None) -> int:
        """The stones of ``side`` (0 White, 1 Black; default: the side not to move) that may be captured."""
        side = 1 - self.key[4] if side is None else side
        return core.capturable(self.key[side], self.rules)

    def _run(self, ply: PlyArg, seen: dict[PositionKey, int], steps: list[Step], rights: list[DrawRight],
             mills: Optional[MillMemory]) -> tuple[Optional[Broken], Optional[Outcome]]:
        white, black, hand_white, hand_black, mover = self.key[:5]
        marked = core.marks_in(self.key)
        return core.line_player(self.rules, marked, mills)(
            (_ply_tuple(ply),), self.rules, self.plies + 1, mover, white, black, hand_white, hand_black, self.counter,
            self._outcome, seen, steps, rights, mills, marked=marked)

    def check(self, ply: PlyArg) -> Optional[Broken]:
        """The rule ``ply`` would break here, or ``None`` if it is legal (the board is not changed)."""
        # (repetitions do not decide what is legal)
        broken, _ = self._run(ply, {}, [], [], None if self.mills is None else self.mills.copy())
        return broken

    def is_legal(self, ply: PlyArg) -> bool:
        """Whether ``ply`` may be played here."""
        return self.check(ply) is None

    def apply(self, ply: PlyArg) -> Played:
        """Play ``ply``: the board moves on (:class:`IllegalPly` if it breaks a rule, the board unchanged;
        :class:`InvalidPly` for a text that is no ply)."""
        played = self._play(ply)
        self._actions = None
        return played

    def _play(self, ply: PlyArg) -> Played:
        """Play ``ply`` for :meth:`apply` and :meth:`push` (:class:`IllegalPly`, the board unchanged)."""
        steps: list[Step] = []
        rights: list[DrawRight] = []
        seen = dict(self.seen)
        mills = None if self.mills is None else self.mills.copy()
        broken, outcome = self._run(ply, seen, steps, rights, mills)
        if broken is not None:
            raise IllegalPly(broken, self.rules, BoardPly.of(ply))
        kind, closed = steps[0][1:3]
        for after, step_kind, _closed, counter, _due, _count in steps:
            # (one step per ply; more where the ply filled the board and removals followed: board_full)
            captured = self.key[1 - self.key[4]] != after[1 - self.key[4]]
            self.halfmove_clock = 0 if step_kind == "place" or captured else self.halfmove_clock + 1
            self.fullmove_number += (self._first_place + self.plies) & 1  # (one more after a ply in Black's place)
            self.key, self.counter = after, counter
            self.plies += 1
        self.seen, self._outcome, self.mills = seen, outcome, mills
        self.draw_rights.extend(rights)
        return Played(kind, closed, self.key)

    def push(self, ply: PlyArg) -> BoardPly:
        """Play ``ply`` (a :class:`BoardPly`, a tuple, a record's ply or the notation's text
        ``"d2-b2/xa4"``) and keep it on :attr:`move_stack`, to be taken back by :meth:`pop`.
        Returns it as a :class:`BoardPly`. :class:`IllegalPly` (a :class:`ValueError`) names a
        ply that breaks a rule and the rule; :class:`InvalidPly` a text that is no ply. Either
        way the board is unchanged.

        >>> board = Board()
        >>> board.push("d2")
        BoardPly(target='d2', origin=None, captures=())
        >>> try:
        ...     board.push("d2")
        ... except IllegalPly as error:
        ...     print(error)
        illegal ply d2: d2 is already occupied by a White stone [occupied]
        """
        played = BoardPly.of(ply)
        before = _Snapshot(self.key, self.counter, self.seen, len(self.draw_rights), self.plies, self._outcome,
                           self.halfmove_clock, self.fullmove_number, self.mills, self._actions)
        kind = self._play(played).kind
        self._undo.append(before)
        self.move_stack.append(played)
        if self._actions is not None:
            from muehle.analyzer.engine.fen import sanmill_actions  # (start-up: as in fen)

            self._actions += sanmill_actions(kind, len(played.captures))
        return played

    def pop(self) -> BoardPly:
        """Take back the last ply :meth:`push` played: the board is again exactly as it was
        before it (position, counters, repetition history, draw rights, outcome). Returns the
        ply; :class:`IndexError` when nothing was pushed."""
        if not self.move_stack:
            raise IndexError("pop from a board with no ply pushed")
        before = self._undo.pop()
        (self.key, self.counter, self.seen, rights, self.plies, self._outcome,
         self.halfmove_clock, self.fullmove_number, self.mills, self._actions) = before
        del self.draw_rights[rights:]
        return self.move_stack.pop()

    def peek(self) -> BoardPly:
        """The last ply :meth:`push` played (:class:`IndexError` when none was)."""
        return self.move_stack[-1]

    def _removal_choices(self, target: int) -> list[list[str]]:
        """The removals written with a placement on ``target`` that fills the board (``[[]]`` for one
        that does not): a stone of the placer's taken by the other side, then, under ``remove-both``,
        one of the other side's taken by the placer; under ``remove-one`` with ``defender_first``
        one of the other side's taken by the placer (Black) alone."""
        own, theirs, in_hand, their_hand = self._sides()
        placed = own | _BITS[target]
        if in_hand != 1 or their_hand or placed | theirs != ALL_POINTS:
            return [[]]
        removers = removers_when_full(self.rules, self.key[4])
        firsts = [[POINTS[i]] for i in _indices(theirs if removers[0][0] == self.key[4] else placed)]
        if removals_when_full(self.rules) == 2:
            firsts = [first + [POINTS[i]] for first in firsts for i in _indices(theirs)]
        choices = [removals for removals in firsts if self.is_legal((POINTS[target], None, removals))]
        return choices or [[]]

    def legal_plies(self) -> list[BoardPly]:
        """Every ply the side to move may play, captures included (empty once the game is over),
        in board order of target (origin first for a move) and captures."""
        if self._outcome is not None:
            return []
        plies: list[BoardPly] = []
        for origin, target, closed in self.moves():
            kind = "place" if origin is None else "move"
            # (a ply with no legal removals, possible only where they are searched for, is none)
            for captures in self.capture_choices(origin, target, closed, kind):
                plies.append(BoardPly(POINTS[target], None if origin is None else POINTS[origin], tuple(captures)))
        return plies

    def moves(self) -> list[tuple[Optional[int], int, int]]:
        """Every ``(origin, target, mills closed)`` the side to move may play, captures aside
        (points as indices; origin ``None`` for a placement): see :func:`moves_for`."""
        own, theirs, in_hand, their_hand = self._sides()
        moves = moves_for(own, theirs, in_hand, self.rules, core.marks_in(self.key), their_hand)
        if self.mills is None:
            return moves
        # (mill_rules: only mills not used count, and a move straight back closing a mill again is no move)
        mover, index = self.key[4], self.plies + 1
        forbidden = self.mills.forbidden(mover, index, own)
        counted = []
        for origin, target, closed in moves:
            origin_bit = 0 if origin is None else _BITS[origin]
            if forbidden is not None and (origin_bit, _BITS[target]) == forbidden:
                continue
            if closed:
                after = own & ~origin_bit | _BITS[target]
                mills = self.rules.geometry.mills_closed_at(after, target)
                closed = len(self.mills.copy().close(mills, mover, index, "place" if origin is None else "move",
                                                     origin_bit, _BITS[target], after) or ())
            counted.append((origin, target, closed))
        return counted

    def capture_choices(self, origin: Optional[int], target: int, closed: int, kind: str) -> list[list[str]]:
        """The ways to make the captures a ply closing ``closed`` mills demands (``[[]]`` if none),
        or the removals a placement that fills the board brings (``board_full``: written with it,
        the placer's stone removed first); each is checked by the core, so only legal ones are given
        (none too, where the ply brings Sanmill's no-progress draw before its capture: ``before_capture``).
        Under a ruleset whose removals the mills alone do not give (:func:`searches_removals`: the capture
        kinds, a blocked side's removals, the removals by the count of mills) the core is asked point by
        point which removals it takes (:meth:`_searched_removals`); there a ply with none it takes gives
        ``[]``."""
        if self._searching:
            return self._searched_removals(origin, target, closed)
        due = self.captures_due(closed, kind) if closed else 0
        if not due:
            return self._removal_choices(target) if kind == "place" and removals_when_full(self.rules) else [[]]
        theirs = self._sides()[1]
        names = [POINTS[i] for i in _indices(theirs)]
        choices = []
        move = (POINTS[target], None if origin is None else POINTS[origin])
        for count in range(due, 0, -1):
            for chosen in combinations(names, count):
                # (in every order: a capture may leave the next stone in no closed mill any more)
                for captures in ([list(chosen)] if count == 1 else [list(order) for order in permutations(chosen)]):
                    if self.is_legal((*move, captures)):
                        choices.append(captures)
                        break
            if choices:
                rule = self.rules.no_capture
                if rule is not None and rule.before_capture and self.counter + 1 >= rule.earliest \
                        and self.is_legal((*move, [])):
                    choices.insert(0, [])  # (the ply brings the no-progress draw before its capture)
                return choices
        return [[]]

    def removal_choice(self, origin: Optional[int], target: int, closed: int, kind: str,
                       rng: random.Random) -> Optional[list[str]]:
        """One of :meth:`capture_choices`' choices for the ply, drawn with ``rng`` (``None`` where there is
        none). Where the removals are searched for, the search goes a random way and stops at the first
        set the core takes, instead of listing them all (after El Filja's placing, every set of a dozen
        removals by both sides is one)."""
        if not self._searching:
            choices = self.capture_choices(origin, target, closed, kind)
            return rng.choice(choices) if choices[0] else []
        found = self._searched_removals(origin, target, closed, rng)
        return found[0] if found else None

    def _searched_removals(self, origin: Optional[int], target: int, closed: int,
                           rng: Optional[random.Random] = None) -> list[list[str]]:
        """Every set of removals the core takes with the ply from ``origin`` to ``target`` (closing
        ``closed`` mills), each once, in the first order the core takes it: the removals written with
        the ply are extended a stone at a time while the core finds one missing (``missing-capture``,
        ``capture-kind-missing``, ``full-board-removal``: a prefix it takes so far), so that each rule is
        judged by its one home (:mod:`~muehle.analyzer.engine.capture_kinds`,
        :mod:`~muehle.analyzer.engine.stalemate`, :mod:`~muehle.analyzer.engine.placing_rules`) through
        :func:`~muehle.analyzer.engine.core.play_line`. A ply that closes a mill is tried with further
        removals even where the core takes it without (a draw may come before the capture). With ``rng``
        the points are tried in a random order and the first set the core takes is the only one given."""
        move = (POINTS[target], None if origin is None else POINTS[origin])
        white, black = self.key[:2]
        points = [POINTS[i] for i in _indices(white | black | _BITS[target])]  # (the stone set may be removed)
        found: dict[frozenset[str], list[str]] = {}
        reached: set[frozenset[str]] = set()  # (the sets of removals taken so far in some order)
        pending: list[list[str]] = [[]]
        while pending:
            prefix = pending.pop()
            broken = self.check((*move, prefix))
            if broken is None:
                if rng is not None:
                    return [prefix]
                found.setdefault(frozenset(prefix), prefix)
                if prefix or not closed:
                    reached.add(frozenset(prefix))
                    continue
            elif broken.code not in _MISSING or broken.point:
                continue
            reached.add(frozenset(prefix))
            if rng is not None:
                rng.shuffle(points)
            for point in reversed(points):  # (popped in board order)
                if point not in prefix and frozenset((*prefix, point)) not in reached:
                    pending.append([*prefix, point])
        return sorted(found.values(), key=lambda removals: [POINT_INDEX[point] for point in removals])


#: The codes by which the core says that removals written with a ply are right so far, one or more missing.
_MISSING = frozenset({"missing-capture", "capture-kind-missing", "full-board-removal"})


def searches_removals(rules: Ruleset) -> bool:
    """Whether the board's verbs ask the core for the removals of each ply point by point
    (:meth:`Board.capture_choices`): under capture kinds (``custodian_capture``,
    ``intervention_capture``, ``leap_capture``), a blocked side's removals (``blocked:
    remove-and-move``, ``remove-and-pass``, ``both-remove``) and ``mill_while_placing: mill-counts``,
    whose removals the mills closed do not give alone. Chosen once per board: the nine-stone game
    takes the mills' captures as ever.

    >>> searches_removals(as_ruleset("wmd")), searches_removals(as_ruleset("mul_mulan"))
    (False, True)
    """
    return (rules.capture_kinds is not None or rules.blocked in BLOCKED_REMOVALS
            or counts_mills(rules))


def moves_for(own: int, theirs: int, in_hand: int, rules: Ruleset,
              marked: int = 0, their_hand: int = 0) -> list[tuple[Optional[int], int, int]]:
    """Every ``(origin, target, mills closed)`` a side with stones ``own`` and ``in_hand`` may play
    against ``theirs`` (with ``their_hand`` in hand), captures aside (points as indices; origin
    ``None`` for a placement), in board order, on the ruleset's board; no stone goes to a ``marked``
    point (:mod:`~muehle.analyzer.engine.placing_rules`); under ``leap_capture`` a move leaps over
    an enemy stone where the core allows it
    (:meth:`~muehle.analyzer.engine.capture_kinds.CaptureKinds.leap_allowed`).

    >>> from muehle.analyzer.engine.board import mask_of
    >>> moves = moves_for(mask_of(["a1", "d1"]), mask_of(["a4"]), 0, as_ruleset("wmd"))
    >>> [(POINTS[origin], POINTS[target], mills) for origin, target, mills in moves]
    [('d1', 'd2', 0), ('d1', 'g1', 0)]
    >>> diagonals = Ruleset("diagonals", "with diagonals", board="diagonals")
    >>> moves = moves_for(mask_of(["a1", "c3", "b4", "g7"]), mask_of(["a4"]), 0, diagonals)
    >>> [(POINTS[origin], POINTS[target]) for origin, target, mills in moves if mills]  # (a1-b2-c3)
    [('b4', 'b2')]
    >>> sorted(POINTS[target] for origin, target, _ in moves if POINTS[origin] == "a1")
    ['b2', 'd1']
    """
    geometry = rules.geometry
    empty = ALL_POINTS & ~(own | theirs | marked)
    # the free points that complete a line of which ``own`` holds two: the only ones where a mill may close
    threats = 0
    for mill in geometry.mills:
        if (own & mill).bit_count() == 2:
            threats |= mill & empty
    result: list[tuple[Optional[int], int, int]] = []
    if in_hand:
        for target in _indices(empty):
            result.append((None, target,
                           len(geometry.mills_closed_at(own | _BITS[target], target)) if threats >> target & 1 else 0))
        if not rules.move_while_placing:
            return result
    jumping = core.may_jump(own, in_hand, rules.flying, rules.flying_at)
    neighbours = geometry.neighbours
    kinds = rules.capture_kinds
    leaping = not jumping and kinds is not None and kinds.leap is not None
    if leaping:
        placing, allowed = bool(in_hand or their_hand), core.capturable(theirs, rules)
    for origin in _indices(own):
        base = own & ~_BITS[origin]
        reachable = empty if jumping else neighbours[origin] & empty
        if leaping:
            for target in _indices(empty & ~reachable):
                if kinds.leap_allowed(_BITS[origin], _BITS[target], own, theirs, placing, allowed):  # type: ignore[union-attr]
                    reachable |= _BITS[target]
        for target in _indices(reachable):
            result.append((origin, target,
                           len(geometry.mills_closed_at(base | _BITS[target], target)) if threats >> target & 1 else 0))
    return result
