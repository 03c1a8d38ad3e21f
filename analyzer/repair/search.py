"""The search for the game that was played: the cheapest sets of slips whose undoing makes a
record's main line legal, ranked.

The plies are replayed by the engine (:func:`~muehle.analyzer.engine.core.play_line`); the
readings to try come from the catalogue of slips (:mod:`muehle.analyzer.repair.slips`). The
positions before each ply of a line are kept (:class:`Line`), so that a reading at a ply
replays only the plies from there on, and that replay stops at the first illegal ply. For one
slip, the readings of each ply from the first illegal one backwards (within
:data:`WINDOW` plies) are tried; the readings that only move the error later are kept (the best
:data:`BEAM` of them) and searched again from their new first illegal ply, up to
:data:`MAX_SLIPS` slips. The search counts the plies it replays and stops at its ``budget``:
then it says so and keeps what it found, at worst the reading with the longest legal prefix.

>>> from muehle.notation.reading.parser import parse_game
>>> game = parse_game("1. d2 d6 2. f2 f6 4. b2/xd6 d7 *")  # White's third move numbered 4
>>> report = repair(game)
>>> report.valid, [edit.describe() for edit in report.suggestions[0].edits]
(False, ['ply 5 `4. b2/xd6` read as `3. b2/xd6` (number)'])
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from itertools import chain
from typing import Iterable, Iterator, Optional, Sequence

from muehle.analyzer.engine import core
from muehle.analyzer.engine.board import Position, points_of
from muehle.analyzer.engine.core import PositionKey, Step
from muehle.analyzer.engine.events import Outcome
from muehle.analyzer.engine.mill_rules import MillMemory
from muehle.analyzer.engine.position import Board
from muehle.analyzer.engine.replay import Replay
from muehle.analyzer.engine.rules import RulesArg, Ruleset
from muehle.analyzer.engine.setup import replay_record
from muehle.analyzer.repair.slips import COSTS, PER_PLY_BACK, Move, Reading, candidates
from muehle.notation.record.model import (
    FINISHED_RESULTS,
    SIDES,
    WHITE,
    GameRecord,
    Numbering,
    Ply,
    normal_result,
    numbering_after,
    winner_of,
)

#: How many plies before the first illegal one a slip is looked for.
WINDOW = 60

#: How many partial readings (those that only move the error later) are searched further.
BEAM = 6

#: The most slips in one reading.
MAX_SLIPS = 3

#: The default budget: plies replayed per ply of the record, and at least this many in all.
BUDGET_PER_PLY = 4000
BUDGET_LEAST = 200_000

#: How many suggestions are kept by default.
TOP = 3

#: What a run of plies numbered otherwise than the corrected line numbers them costs besides
#: :data:`~muehle.analyzer.repair.slips.COSTS`' ``number``: this much for each ply after its
#: first, at most :data:`NUMBER_RUN_MOST`.
NUMBER_RUN_PER_PLY = 0.05
NUMBER_RUN_MOST = 1.0

#: What a repair whose length agrees (disagrees) with the record's ``PlyCount`` tag gains (loses).
PLY_COUNT_AGREES = -0.3
PLY_COUNT_DISAGREES = 0.5

#: How the state of play before a ply is kept: the side to move, both sides' stones and stones in
#: hand, the no-progress counter, the end of the game (``None`` while it goes on), the marked points.
State = tuple[int, int, int, int, int, int, Optional[Outcome], int]

_CHECKPOINT = 16


class Budget:
    """The plies a search may still replay."""

    def __init__(self, plies: int) -> None:
        self.limit = plies
        self.used = 0

    def spend(self, plies: int) -> None:
        self.used += plies

    @property
    def spent(self) -> bool:
        return self.used >= self.limit


class Line:
    """A line of plies replayed from a start: the state before each legal ply (and before the
    first illegal one), the first rule broken (``broken``, ``None`` when all are legal) and the
    end of the game after the last legal ply."""

    def __init__(self, plies: list[Move], rules: Ruleset, start: State, seen: dict[PositionKey, int],
                 budget: Budget) -> None:
        self.plies, self.rules, self.budget = plies, rules, budget
        self.states: list[State] = [start]
        self.checkpoints: dict[int, dict[PositionKey, int]] = {}
        #: What the line remembers of its mills, where the ruleset needs it (from the usual start).
        self.mills = MillMemory.for_rules(rules)
        seen = dict(seen)
        broken = None
        state = start
        for first in range(0, max(len(plies), 1), _CHECKPOINT):
            self.checkpoints[first] = dict(seen)
            steps: list[Step] = []
            broken, outcome = self._play(plies[first:first + _CHECKPOINT], first, state, seen, steps, self.mills)
            budget.spend(len(steps) + 1)
            for (key, _kind, _closed, counter, _due, _repeated) in steps:
                white, black, hand_white, hand_black, mover = key[:5]
                self.states.append((mover, white, black, hand_white, hand_black, counter, None, core.marks_in(key)))
            state = self.states[-1][:6] + (outcome, self.states[-1][7])
            if broken is not None:
                break
        self.broken = broken
        self.outcome = outcome
        #: How many plies are legal.
        self.legal = len(self.states) - 1
        if outcome is not None:  # (each state from the end on knows it)
            self.states[outcome.ply:] = [state[:6] + (outcome, state[7]) for state in self.states[outcome.ply:]]

    def _play(self, plies: Iterable[Move], first: int, state: State, seen: dict[PositionKey, int],
              steps: list[Step], mills: Optional[MillMemory]) -> tuple[Optional[core.Broken], Optional[Outcome]]:
        """Replay ``plies`` from the place ``first`` (0-based) in ``state``, with the repetition history
        ``seen`` and the memory of mills ``mills`` there (both kept up), each ply's step put in
        ``steps``: the rule broken first (``None``: none) and the end of the game."""
        mover, white, black, hand_white, hand_black, counter, outcome, marked = state
        return core.line_player(self.rules, marked, mills)(
            plies, self.rules, first + 1, mover, white, black, hand_white, hand_black, counter, outcome, seen, steps,
            [], mills, marked=marked)

    def state(self, place: int) -> tuple[State, dict[PositionKey, int]]:
        """The state before ply ``place`` (0-based; at most :attr:`legal`) and the repetition history there."""
        first = min(place - place % _CHECKPOINT, max(self.checkpoints))  # (past the last: the end)
        seen = dict(self.checkpoints[first])
        if place > first:
            self._play(self.plies[first:place], first, self.states[first], seen, [], self.mills_at(first))
            self.budget.spend(place - first)
        return self.states[place], seen

    def attempt(self, state: State, seen: dict[PositionKey, int], reading: Reading
                ) -> tuple[Optional[core.Broken], Optional[Outcome], int]:
        """Replay the line from ``reading``'s place, its plies read as it says: the rule broken
        first (``None``: none), the end of the game, and how many plies of the new line are legal."""
        steps: list[Step] = []
        broken, outcome = self._play(chain(reading.plies, self.plies[reading.end:]), reading.start, state, dict(seen),
                                     steps, self.mills_at(reading.start))
        self.budget.spend(len(steps) + 1)
        return broken, outcome, reading.start + len(steps)

    def mills_at(self, place: int) -> Optional[MillMemory]:
        """What the line remembered of its mills before ply ``place`` (0-based), to replay on from there."""
        return None if self.mills is None else self.mills.at(place)


@dataclass(frozen=True)
class Op:
    """One slip undone, in the places of the record as written: plies ``start`` to ``end`` (0-based,
    ``end`` not included) read as ``plies``."""

    start: int
    end: int
    plies: tuple[Move, ...]
    kind: str
    cost: float


@dataclass
class Edit:
    """One change to the record: the ply it concerns (``ply``: 1-based, in the record as written;
    a ply put back has the place of the ply it goes before), the ply as written (``was``,
    ``None`` for a ply put back) and as read (``now``, ``None`` for a ply struck out), both
    with their move numbers, the kind of slip, and where the ply as written stands
    (``line``, ``column``; 0 when unknown)."""

    ply: int
    was: Optional[str]
    now: Optional[str]
    kind: str
    line: int = 0
    column: int = 0

    def to_dict(self) -> dict[str, object]:
        return {"ply": self.ply, "was": self.was, "now": self.now, "kind": self.kind}

    def describe(self) -> str:
        """The edit in plain English words (the reports word it in the language asked for)."""
        if self.was is None:
            return f"ply {self.ply}: put back `{self.now}` ({self.kind})"
        if self.now is None:
            return f"ply {self.ply} `{self.was}` struck out ({self.kind})"
        return f"ply {self.ply} `{self.was}` read as `{self.now}` ({self.kind})"


@dataclass
class Suggestion:
    """One reading of the record: its ``cost`` (the lower, the likelier), the ``edits``, the whole
    corrected main line (``plies``, as moves), whether it is legal to its end (``complete``;
    otherwise it is the best partial repair, legal for its first ``legal`` plies), how many
    plies after its last edit are then legal (``legal_after``), the ``ops`` it undoes and its
    ``evidence_cost``."""

    cost: float
    edits: list[Edit]
    plies: list[Move]
    complete: bool
    legal: int
    legal_after: int
    ops: tuple[Op, ...] = ()
    #: The cost without the part for the distance to the first illegal ply: two readings with the
    #: same one are told apart by that distance alone (the rest of the game cannot).
    evidence_cost: float = 0.0

    def words(self) -> list[str]:
        """The corrected main line in the book's ply words (``d2-b2/xa4``)."""
        return [move_text(ply) for ply in self.plies]

    def to_dict(self) -> dict[str, object]:
        """The suggestion as ``muehle repair --format json`` gives it (``docs/repair-schema.json``)."""
        return {"cost": round(self.cost, 3), "edits": [edit.to_dict() for edit in self.edits], "plies": self.words(),
                "complete": self.complete}


@dataclass
class RepairReport:
    """What the search found for one game: whether it is ``valid`` as written (then nothing is
    suggested), the first error of the record as written (``error``, a
    :class:`~muehle.analyzer.engine.events.RuleViolation`), the ``suggestions`` best first
    (complete repairs; when there is none, the best partial one alone), whether the search ran out
    of its budget (``gave_up``), the plies it replayed (``spent``), and whether the record could be
    read only in part (``partial_record``: the plies before its first syntax error were repaired)."""

    valid: bool
    error: Optional[object]
    suggestions: list[Suggestion] = field(default_factory=list)
    gave_up: bool = False
    spent: int = 0
    partial_record: bool = False

    @property
    def repaired(self) -> bool:
        """Whether a complete repair was found."""
        return bool(self.suggestions) and self.suggestions[0].complete


def move_text(ply: Move) -> str:
    """A move in the book's ply words.

    >>> move_text(("b2", "d2", ("a4",))), move_text(("d6", None, ()))
    ('d2-b2/xa4', 'd6')
    """
    target, origin, captures = ply
    return (target if origin is None else f"{origin}-{target}") + "".join(f"/x{point}" for point in captures)


def _label(ply: Move, numbering: Optional[Numbering]) -> str:
    text = move_text(ply)
    if numbering is None or numbering[0] is None:
        return text
    number, side = numbering
    return f"{number}{'.' if side == WHITE else '...'} {text}"


def _apply(line: Sequence[Move], ops: Sequence[Op]) -> tuple[list[Move], list[Optional[int]], list[int]]:
    """The line with ``ops`` (sorted, not overlapping) undone; for each of its plies the place of
    the written ply whose slot it takes (``None`` for a ply put back); and where each op's plies
    start in it."""
    result: list[Move] = []
    origin: list[Optional[int]] = []
    starts: list[int] = []
    place = 0
    for op in ops:
        result.extend(line[place:op.start])
        origin.extend(range(place, op.start))
        starts.append(len(result))
        for index, ply in enumerate(op.plies):
            result.append(ply)
            origin.append(op.start + index if op.start + index < op.end else None)
        place = op.end
    result.extend(line[place:])
    origin.extend(range(place, len(line)))
    return result, origin, starts


class _Search:
    """The search over one game."""

    def __init__(self, game: GameRecord, replayed: Replay, budget: Budget) -> None:
        rules, start = replayed.rules, replayed.start
        self.written: list[Ply] = list(game.plies)
        self.rules, self.budget = rules, budget
        self.moves: list[Move] = [(ply.target, ply.origin, tuple(ply.captures)) for ply in self.written]
        mover = 0 if start.to_move == WHITE else 1
        outcome = core.start_outcome(start.white, start.black, start.in_hand_white, start.in_hand_black,
                                     bool(mover), rules.flying, rules.blocked, rules.geometry, rules.board_full,
                                     rules.flying_at, rules.lose_below, rules.capture_kinds,
                                     rules.capture_from_mill)
        self.start: State = (mover, start.white, start.black, start.in_hand_white, start.in_hand_black,
                             replayed.start_no_progress, outcome, start.marked)
        self.seen: dict[PositionKey, int] = {} if rules.repetition_window == "moves" else {
            core.key_of(start.white, start.black, start.in_hand_white, start.in_hand_black, mover, start.marked): 1}
        base_number = 1
        if start != Position.start(rules.stones) and self.written and self.written[0].number is not None:
            base_number = self.written[0].number
        self.base: Numbering = (base_number, start.to_move)
        self.numbered = any(ply.number is not None for ply in self.written)
        declared = game.declared_result
        self.winner_declared: Optional[tuple[Optional[str]]] = None
        if declared is not None and normal_result(declared.strip()) in FINISHED_RESULTS:
            self.winner_declared = (winner_of(normal_result(declared.strip())),)
        count = game.tags.get("PlyCount", "").strip()
        self.ply_count = int(count) if count.isdigit() and len(count) < 6 else None

    def line(self, moves: list[Move]) -> Line:
        return Line(moves, self.rules, self.start, self.seen, self.budget)

    # --- evidence -------------------------------------------------------------------------------

    def result_fits(self, outcome: Optional[Outcome]) -> bool:
        """Whether the end on the board agrees with the declared result (no end: nothing to disagree)."""
        return self.winner_declared is None or outcome is None or outcome.winner == self.winner_declared[0]

    def number_runs(self, origin: list[Optional[int]], ops: Sequence[Op]) -> list[tuple[int, int]]:
        """The runs of plies (as ``(first place in the corrected line, length)``) whose written move
        number and side are not those their place in the corrected line gives; a run to the end that
        starts after a ply put back or struck out is left out (it is the renumbering that change
        implies)."""
        if not self.numbered:
            return []
        runs: list[tuple[int, int]] = []
        run_start = -1
        for index, written in enumerate(origin):
            wrong = False
            if written is not None:
                ply = self.written[written]
                expected = numbering_after(self.base, index)
                wrong = ply.side != expected[1] or (ply.number is not None and ply.number != expected[0])
            if wrong and run_start < 0:
                run_start = index
            elif not wrong and run_start >= 0 and written is not None:
                runs.append((run_start, index - run_start))
                run_start = -1
        if run_start >= 0:
            shifting = [op for op in ops if len(op.plies) != op.end - op.start]
            first_written = origin[run_start]
            if not (shifting and first_written is not None and any(op.start <= first_written for op in shifting)):
                runs.append((run_start, len(origin) - run_start))
        return runs

    def suggestion(self, ops: tuple[Op, ...], complete: bool, legal: int, outcome: Optional[Outcome],
                   first_error: int) -> Suggestion:
        """The :class:`Suggestion` of ``ops``: its edits, its cost with the evidence."""
        moves, origin, starts = _apply(self.moves, ops)
        distance = sum(PER_PLY_BACK * max(first_error - op.start, 0) for op in ops)
        cost = sum(op.cost for op in ops) + distance
        runs = self.number_runs(origin, ops) if complete else []
        numbering = [numbering_after(self.base, index) for index in range(len(moves))]
        edits: list[Edit] = []
        last_edit = 0
        for op, new_start in zip(ops, starts):
            old_count = op.end - op.start
            for offset in range(max(old_count, len(op.plies))):
                written = op.start + offset if offset < old_count else None
                new_index = new_start + offset if offset < len(op.plies) else None
                was = self.written[written].label() if written is not None else None
                now = None
                if new_index is not None:
                    now = _label(moves[new_index], numbering[new_index] if self.numbered else None)
                    if written is not None and self.written[written].move_text == move_text(moves[new_index]):
                        continue  # (a ply that keeps its place in a reordering)
                at = written if written is not None else op.start
                ply = self.written[at] if at < len(self.written) else None
                edits.append(Edit(at + 1, was, now, op.kind, ply.line if ply else 0, ply.column if ply else 0))
            last_edit = max(last_edit, new_start + len(op.plies))
        for start, length in runs:
            written = origin[start]
            assert written is not None
            ply = self.written[written]
            edits.append(Edit(written + 1, ply.label(), _label(moves[start], numbering[start]), "number",
                              ply.line, ply.column))
            cost += COSTS["number"] + min(NUMBER_RUN_PER_PLY * (length - 1), NUMBER_RUN_MOST)
            last_edit = max(last_edit, start + 1)
        if complete and not self.result_fits(outcome):
            cost += 3.0
        if complete and self.ply_count is not None:
            cost += PLY_COUNT_AGREES if self.ply_count == len(moves) else PLY_COUNT_DISAGREES
        edits.sort(key=lambda edit: edit.ply)
        return Suggestion(cost, edits, moves, complete, legal, max(legal - last_edit, 0), ops, cost - distance)

    # --- the search -----------------------------------------------------------------------------

    def anchors(self, line: Line, ops: tuple[Op, ...]) -> tuple[int, ...]:
        """The places (0-based) the readings reach back from, the latest first: the first illegal
        ply (the last ply when the result disagrees with the board), and the first misnumbered ply
        when it comes before it. A reading is kept for the next slip when it gets past the first."""
        length = len(line.plies)
        illegal = line.broken.index - 1 if line.broken is not None else length
        if illegal == length and not self.result_fits(line.outcome):
            illegal = max(length - 1, 0)
        if self.numbered:
            _, origin, _ = _apply(self.moves, ops)
            runs = self.number_runs(origin, ops)
            if runs and runs[0][0] < illegal:
                if illegal == length:  # (the moves are legal: only the numbering is wrong)
                    return (runs[0][0],)
                return (illegal, runs[0][0])
        return (illegal,)

    @staticmethod
    def places(anchors: tuple[int, ...], length: int) -> list[int]:
        """The places to try, latest first: each anchor and the :data:`WINDOW` plies before it."""
        found: set[int] = set()
        for anchor in anchors:
            found.update(range(max(anchor - WINDOW, 0), min(anchor, length) + 1))
        return sorted(found, reverse=True)

    def readings(self, line: Line, place: int) -> Iterator[tuple[State, dict[PositionKey, int], Reading]]:
        """The readings at ``place`` of ``line`` with the state before it."""
        state, seen = line.state(place)
        mover, white, black, hand_white, hand_black, counter, outcome, marked = state
        opponent = points_of(white if mover else black)
        board = Board(self.rules, Position(white, black, hand_white, hand_black, SIDES[mover], marked), counter)
        if line.mills is not None:  # (the line's memory of its mills there, its plies counted as the line's)
            board.mills, board.plies = line.mills_at(place), place
        legal: Optional[list[Move]] = None
        if outcome is None:
            legal = [(target, origin, tuple(captures)) for target, origin, captures in board.legal_plies()]
        for reading in candidates(line.plies, place, opponent, legal):
            yield state, seen, reading

    def search(self, top: int) -> RepairReport:
        written_line = self.line(self.moves)
        complete: dict[tuple[Move, ...], Suggestion] = {}
        # the first search: the record as written
        frontier: list[tuple[tuple[Op, ...], Line]] = [((), written_line)]
        best_partial: Optional[tuple[int, float, tuple[Op, ...], Optional[Outcome]]] = None
        # the first ply a repair must reach back from: the first illegal one, the first misnumbered
        # one, or the last when the result disagrees
        first = min(self.anchors(written_line, ()))
        if written_line.broken is None and self.result_fits(written_line.outcome):
            # the moves are legal: only the numbering is wrong
            suggestion = self.suggestion((), True, len(self.moves), written_line.outcome, first)
            complete[tuple(suggestion.plies)] = suggestion
        for depth in range(MAX_SLIPS):
            partials: list[tuple[int, float, tuple[Op, ...]]] = []
            for ops, line in frontier:
                moves = line.plies
                anchors = self.anchors(line, ops)
                error = anchors[0]  # (a reading that gets past the first illegal ply is kept)
                for place in self.places(anchors, len(moves)):
                    if self.budget.spent:
                        break
                    for state, seen, reading in self.readings(line, place):
                        broken, outcome, legal = line.attempt(state, seen, reading)
                        new_ops = _compose(ops, reading, self.moves)
                        if new_ops is None:
                            continue
                        length = len(moves) - (reading.end - reading.start) + len(reading.plies)
                        if broken is None and self.result_fits(outcome):
                            suggestion = self.suggestion(new_ops, True, length, outcome, first)
                            key = tuple(suggestion.plies)
                            if key not in complete or complete[key].cost > suggestion.cost:
                                complete[key] = suggestion
                        else:
                            cost = sum(op.cost for op in new_ops)
                            reach = legal if broken is not None else length - 1
                            if reach > error:
                                partials.append((reach, cost, new_ops))
                            if best_partial is None or (reach, -cost) > (best_partial[0], -best_partial[1]):
                                best_partial = (reach, cost, new_ops, outcome)
                        if self.budget.spent:
                            break
            if complete or self.budget.spent or not partials:
                break
            # the partial readings that got furthest (the cheapest first) are searched again
            partials.sort(key=lambda item: (-item[0], item[1]))
            frontier = []
            seen_lines: set[tuple[Move, ...]] = set()
            for reach, cost, ops in partials:
                moves, _, _ = _apply(self.moves, ops)
                if tuple(moves) in seen_lines:
                    continue
                seen_lines.add(tuple(moves))
                frontier.append((ops, self.line(moves)))
                if len(frontier) >= BEAM:
                    break
        suggestions = sorted(complete.values(), key=lambda s: (s.cost, len(s.edits)))[:top]
        report = RepairReport(False, None, suggestions, gave_up=self.budget.spent and not suggestions,
                              spent=self.budget.used)
        if not suggestions:
            if best_partial is None or best_partial[0] <= written_line.legal:
                report.suggestions = [Suggestion(0.0, [], list(self.moves), False, written_line.legal, 0, ())]
            else:
                reach, _cost, ops, outcome = best_partial
                report.suggestions = [self.suggestion(ops, False, reach, outcome, first)]
        return report


def _compose(ops: tuple[Op, ...], reading: Reading, written: list[Move]) -> Optional[tuple[Op, ...]]:
    """``ops`` and ``reading`` (at a place of the line ``ops`` made) as ops on the record as written,
    in order; ``None`` when the reading touches a ply an earlier op put in or changed."""
    if not ops:
        return (Op(reading.start, reading.end, reading.plies, reading.kind, reading.cost),)
    # map the places of the current line to the written record
    _, origin, _ = _apply(written, ops)
    changed = {index for index, place in enumerate(origin)
               if place is None or any(op.start <= place < op.end for op in ops)}
    if changed.intersection(range(reading.start, max(reading.end, reading.start + 1))):
        return None
    start = origin[reading.start] if reading.start < len(origin) else len(written)
    assert start is not None  # (a ply put in is among the changed ones)
    end = start + (reading.end - reading.start)
    new = Op(start, end, reading.plies, reading.kind, reading.cost)
    for op in ops:
        if not (new.end <= op.start or op.end <= new.start) or (new.start == new.end == op.start == op.end):
            return None
    return tuple(sorted(ops + (new,), key=lambda op: (op.start, op.end)))


def repair(game: GameRecord, rules: RulesArg = None, *, top: int = TOP, budget: Optional[int] = None) -> RepairReport:
    """Search the readings of ``game``'s main line that make it legal under ``rules`` (``None``: the
    record's ``Rules`` tag, else ``wmd``; a set-up record starts from its FEN), the ``top`` best
    first. ``budget`` bounds the plies the search replays (default: :data:`BUDGET_PER_PLY` per ply
    of the record, at least :data:`BUDGET_LEAST`). A game that replays legally gets a report with
    ``valid`` and no suggestion. A game with syntax errors is repaired as far as it could be read
    (``partial_record``). Errors in variations are not repaired (the main line is).
    """
    partial_record = bool(game.errors)
    checked = game
    if partial_record:
        checked = copy.copy(game)
        checked.errors = []
    result: Replay = replay_record(checked, rules)
    if not result.errors:
        return RepairReport(not partial_record, None, [], partial_record=partial_record)
    limit = budget if budget is not None else max(BUDGET_PER_PLY * len(game.plies), BUDGET_LEAST)
    report = _Search(checked, result, Budget(limit)).search(top)
    report.error = result.errors[0]
    report.partial_record = partial_record
    return report


def suggestions(game: GameRecord, rules: RulesArg = None, *, top: int = TOP,
                budget: Optional[int] = None) -> Iterator[Suggestion]:
    """The complete repairs of ``game`` the search finds, best first (none for a legal game, or
    when none is found within the budget): see :func:`repair`."""
    for suggestion in repair(game, rules, top=top, budget=budget).suggestions:
        if suggestion.complete:
            yield suggestion


__all__ = ["BEAM", "BUDGET_LEAST", "BUDGET_PER_PLY", "Edit", "Line", "MAX_SLIPS", "Op", "RepairReport", "Suggestion",
           "TOP", "WINDOW", "move_text", "repair", "suggestions"]
