"""The story of a game: its events and a summary, read off a replay.

:func:`analyze` walks the replayed plies once and lists, in order, every mill and
capture, each side's phase changes, repeated positions, draw rights, the stretches
in which a draw offer must be accepted (WMD 11.5), offers written in the record,
the stretches in which a side has a Zwickmühle, and the end of the game. The
JSON form of the result is a stable contract, described in ``docs/analyze.md``;
:mod:`muehle.analyzer.reports.analysis_text` renders it as text.

Plies are counted from 1 for White's first placement; "after ply N" is the
position once ply N has been played, and ply 0 stands for the position the game
starts from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

from muehle.analyzer.engine.board import POINT_INDEX, Position, lost, points_of
from muehle.analyzer.engine.fen import fen_of_record
from muehle.analyzer.engine.replay import Occurrences, Replay, phase
from muehle.analyzer.engine.rules import Ruleset
from muehle.analyzer.reports.mandatory_draw import obliging_clause, stone_count
from muehle.analyzer.reports.result_tag import result_tag_errors
from muehle.analyzer.reports.zwickmuehle import has_shuttle, zwickmuehlen
from muehle.notation.record.model import (  # noqa: F401  (Game: the doctests' records)
    BLACK,
    SIDES,
    UNFINISHED,
    WHITE,
    Game,
    GameRecord,
    Ply,
    Side,
    normal_result,
    numbering_of,
    other_side,
)
from muehle.notation.text.i18n import N_

#: The event types, in the order events of one ply are listed.
EVENT_TYPES = ("mill", "capture", "phase", "repetition", "draw-right", "mandatory-draw",
               "draw-offer", "zwickmuehle", "game-over")
_TYPE_ORDER = {name: rank for rank, name in enumerate(EVENT_TYPES)}

PHASES = ("placing", "moving", "flying")

#: What the plies of a no-progress count are without, by the rule's ``reset``, in words.
WITHOUT = {"capture": N_("a capture"), "mill": N_("a mill closed"),
           "placement-or-capture": N_("a placement or capture")}


def move_number(index: int, first_side: Side = WHITE, first_number: int = 1) -> tuple[int, Side]:
    """The full-move number and side of ply ``index`` (1-based) of a line.

    >>> move_number(1), move_number(34), move_number(1, "black", 17)
    ((1, 'white'), (17, 'black'), (17, 'black'))
    """
    return numbering_of(index - 1, (first_number, first_side))


def number_label(number: int, side: Side) -> str:
    """``18.`` for White, ``17...`` for Black (the book's style).

    >>> number_label(18, "white"), number_label(17, "black")
    ('18.', '17...')
    """
    return f"{number}{'.' if side == WHITE else '...'}"


class PlyNames:
    """Names of the plies of a line: ``18.`` / ``17...`` and ``18. d2-b2/xa4``.

    A ply the record numbers keeps its number; the others (and plies beyond the
    record) are numbered on from the first ply's number (1 unless the record,
    set up from a position, says otherwise) and the side to move at the start.

    >>> from muehle.notation.record.model import Ply
    >>> names = PlyNames([Ply(None, "white", "d2"), Ply(None, "black", "d6")], Position.start())
    >>> names.label(0), names.label(2), names.move(1), names.label(5)
    ('start', '1...', '1. d2', '3.')
    """

    def __init__(self, plies: Sequence[Ply], start: Position) -> None:
        self.plies = plies
        self.first_side: Side = start.to_move
        first = plies[0].number if plies else None
        self.first_number = first if first is not None else 1

    def label(self, index: int) -> str:
        """The number of ply ``index`` in the book's style; ``start`` for 0."""
        if index == 0:
            return "start"
        if index <= len(self.plies):
            ply = self.plies[index - 1]
            if ply.number is not None:
                return number_label(ply.number, ply.side)
        return number_label(*move_number(index, self.first_side, self.first_number))

    def move(self, index: int) -> Optional[str]:
        """The ply with its number (``18. d2-b2/xa4``); ``None`` for 0 and beyond the record."""
        if index == 0 or index > len(self.plies):
            return None
        return f"{self.label(index)} {self.plies[index - 1].move_text}"


@dataclass
class Event:
    """One thing that happened after ply ``ply`` (0: in the start position).

    ``move`` is the ply in the book's notation with its number (``18. d2-b2/xa4``),
    ``None`` for ply 0; ``side`` is the side the event is about (see
    ``docs/analyze.md`` for each type); ``fields`` holds the type's own fields.
    """

    ply: int
    type: str
    side: Optional[Side]
    move: Optional[str]
    fields: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The event as plain data: ``ply``, ``move``, ``side``, ``type``, then its own fields."""
        fields = {key: list(value) if isinstance(value, Occurrences) else value for key, value in self.fields.items()}
        return {"ply": self.ply, "move": self.move, "side": self.side, "type": self.type, **fields}


@dataclass
class IllegalPly:
    """The first illegal ply of the main line and the position the arbiter must restore (WMD 6)."""

    ply: int
    move: str
    side: Optional[Side]
    code: str
    message: str
    line: int
    column: int
    restore_ply: int
    restore: Position
    fen: str
    last_record: Optional[Any] = field(default=None, compare=False)
    #: how the board had decided the game by the position to restore (a ply after the end), if it had
    decided: Optional[Any] = field(default=None, compare=False)
    #: whether the record starts from a set-up position (its FEN), which is then the start
    set_up: bool = field(default=False, compare=False)

    @property
    def restore_reason(self) -> str:
        """Why :attr:`restore` is given: ``illegal-ply``, the position to restore (WMD 6), or
        ``numbering``, the position past which a misnumbered record cannot be followed
        (a fault of the record, not of play: nothing on the board to restore)."""
        return "numbering" if self.code == "numbering" else "illegal-ply"

    def to_dict(self) -> dict[str, Any]:
        return {
            "ply": self.ply, "move": self.move, "side": self.side, "code": self.code,
            "message": self.message, "line": self.line, "column": self.column,
            "restore": {"ply": self.restore_ply, "fen": self.fen, **position_data(self.restore),
                        "reason": self.restore_reason},
        }


def position_data(position: Position) -> dict[str, Any]:
    """A position as plain data: points per side, stones in hand, side to move.

    >>> position_data(Position(white=1, black=2, in_hand_white=8, in_hand_black=8))
    {'white': ['a1'], 'black': ['a4'], 'in_hand': {'white': 8, 'black': 8}, 'to_move': 'white'}
    """
    return {
        "white": points_of(position.white),
        "black": points_of(position.black),
        "in_hand": {"white": position.in_hand_white, "black": position.in_hand_black},
        "to_move": position.to_move,
    }


@dataclass
class Analysis:
    """Events and summary of one game's main line under one ruleset."""

    game: GameRecord
    rules: Ruleset
    events: list[Event]
    summary: dict[str, Any]
    names: PlyNames
    illegal: Optional[IllegalPly] = None

    def label(self, ply: int) -> str:
        """``18.`` / ``17...`` for a ply of the line, ``start`` for ply 0."""
        return self.names.label(ply)

    def to_dict(self, source: str = "", index: int = 1) -> dict[str, Any]:
        """The game's report as plain data (the JSON contract of ``muehle analyze``)."""
        return {
            "source": source or self.game.source,
            "game": index,
            "tags": dict(self.game.tags),
            "rules": self.rules.name,
            "summary": self.summary,
            "events": [event.to_dict() for event in self.events],
            "illegal": None if self.illegal is None else self.illegal.to_dict(),
        }


class _Stretches:
    """Stretches of consecutive plies in the same state, one open stretch per side.

    A stretch is an event whose ``until`` is its last ply, or ``None`` while it
    lasts to the end of the line. A state of ``None`` means "no stretch".
    """

    def __init__(self) -> None:
        self.open: dict[Side, tuple[Event, int, Any]] = {}

    def update(self, side: Side, state: Any, ply: int) -> bool:
        """Record the state of ``side`` after ``ply``; True when a new stretch must start."""
        current = self.open.get(side)
        if current is not None:
            event, _, before = current
            if state == before:
                self.open[side] = (event, ply, state)
                return False
            event.fields["until"] = current[1]
            del self.open[side]
        return state is not None

    def start(self, side: Side, state: Any, event: Event) -> None:
        event.fields["until"] = None
        self.open[side] = (event, event.ply, state)


class _Walk:
    """One pass over the plies of a line: counters, open stretches, events."""

    def __init__(self, replay: Replay, names: PlyNames) -> None:
        self.replay = replay
        self.rules: Ruleset = replay.rules
        self.mandatory_rule = self.rules.mandatory_draw
        self.names = names
        self.events: list[Event] = []
        self.mills = {WHITE: 0, BLACK: 0}
        self.double_mills = {WHITE: 0, BLACK: 0}
        self.captures = {WHITE: 0, BLACK: 0}
        self.phase_plies = {side: {name: 0 for name in PHASES} for side in SIDES}
        self.phases = {side: phase(replay.start, side, self.rules) for side in SIDES}
        self.mandatory = _Stretches()
        self.zwick = _Stretches()
        self.longest = (0, 0, 0)  # plies, first, last
        self.run = 0
        self.first_right: dict[str, Optional[int]] = {"repetition": None, "no-capture": None}
        self.rights_at: dict[int, list[Any]] = {}
        for right in replay.draw_rights:
            self.rights_at.setdefault(right.ply, []).append(right)

    def add(self, ply: int, kind: str, side: Optional[Side], fields: dict[str, Any]) -> Event:
        event = Event(ply, kind, side, self.names.move(ply), fields)
        self.events.append(event)
        return event

    def ply(self, record: Any, after: Position) -> None:
        """The events of one replayed ply, except those of the position it leads to."""
        index, side = record.index, record.side
        opponent = other_side(side)
        self.phase_plies[side][record.phase_before] += 1
        if record.mills:
            double = len(record.mills) > 1
            self.double_mills[side] += double
            uncaptured = self.nothing_to_capture(record, after, opponent)
            for mill in record.mills:
                self.mills[side] += 1
                self.add(index, "mill", side, {"points": sorted(mill, key=POINT_INDEX.__getitem__),
                                               "double": double, "nothing_to_capture": uncaptured})
        if record.captures:
            left = stone_count(after, opponent) + len(record.captures)
            for point in record.captures:
                self.captures[side] += 1
                left -= 1
                self.add(index, "capture", side, {"point": point, "stones_left": left})
            self.run = 0
        else:
            self.run += 1
            if self.run > self.longest[0]:
                self.longest = (self.run, index - self.run + 1, index)
        for who, now in ((side, record.phase_after), (opponent, record.opponent_phase_after)):
            if now != self.phases[who]:
                if not lost(after.stones(who), after.in_hand(who), self.rules.lose_below):
                    self.add(index, "phase", who, {"from": self.phases[who], "to": now})
                self.phases[who] = now
        if record.repetition_count >= 2:
            self.add(index, "repetition", side, {
                "count": record.repetition_count, "earlier": record.earlier_occurrences})
        for right in self.rights_at.get(index, ()):
            if self.first_right.get(right.rule) is None:
                self.first_right[right.rule] = index
            if right.rule == "repetition":
                fields = {"rule": "repetition", "automatic": self.rules.repetition == "automatic",
                          "occurrences": [*record.earlier_occurrences, index]}
            else:
                fields = self.no_capture_fields(index, record.plies_without_capture)
            self.add(index, "draw-right", None, fields)

    def nothing_to_capture(self, record: Any, after: Position, opponent: Side) -> Optional[str]:
        """Why the mills of ``record`` captured fewer stones than they demand, or None, as the
        replay decided it (:attr:`~muehle.analyzer.engine.replay.PlyRecord.captures_due`: the
        captures demanded, fewer where the game ended first).

        ``"all-in-mills"``: every opposing stone stands in a closed mill and the ruleset
        forbids capturing from one; ``"no-stones"``: the opponent has no stone on the board.
        """
        if len(record.captures) >= record.captures_due:
            return None
        return "all-in-mills" if after.stones(opponent) else "no-stones"

    def start_rights(self) -> None:
        """The draw right that stands before the first ply (a set-up position's no-progress count)."""
        for right in self.rights_at.get(0, ()):
            self.first_right[right.rule] = 0
            self.add(0, "draw-right", None, self.no_capture_fields(0, self.replay.start_no_progress))

    def no_capture_fields(self, index: int, count: int) -> dict[str, Any]:
        rule = self.rules.no_capture
        return {"rule": "no-capture", "automatic": rule is not None and rule.mode == "automatic",
                "count": count, "exact": self.replay.count_is_exact(index, count),
                "reset": None if rule is None else rule.reset}

    def position(self, ply: int, position: Position, offer_by: Optional[Side], decided: bool) -> None:
        """Stretches and offers of the position after ``ply``; once the game is decided on the
        board (``decided``), no stretch starts or goes on and no offer must be accepted."""
        white, black = position.white, position.black
        hand_white, hand_black = position.in_hand_white, position.in_hand_black
        on_white, on_black = white.bit_count(), black.bit_count()
        counts = (on_white + hand_white, on_black + hand_black)
        if self.mandatory_rule:
            for side, own, other in ((WHITE, counts[0], counts[1]), (BLACK, counts[1], counts[0])):
                clause = None if decided else obliging_clause(own, other)
                if self.mandatory.update(side, counts if clause else None, ply):
                    self.mandatory.start(side, counts, self.add(ply, "mandatory-draw", side, {
                        "clause": clause, "stones": {WHITE: counts[0], BLACK: counts[1]}}))
        if offer_by is not None:
            clause = None
            if self.mandatory_rule and not decided:  # (an offer after the end binds nobody)
                clause = obliging_clause(*(counts if offer_by == WHITE else counts[::-1]))
            self.add(ply, "draw-offer", offer_by, {
                "obliged": clause is not None, "clause": clause,
                "stones": {WHITE: counts[0], BLACK: counts[1]}, "rule": self.mandatory_rule})
        for side, own, hand, other in ((WHITE, white, hand_white, black), (BLACK, black, hand_black, white)):
            # a Zwickmühle needs two disjoint mills: five stones on the board, none in hand
            has = not decided and not hand and (on_white if side == WHITE else on_black) >= 5 \
                and has_shuttle(own, other, self.rules.geometry)
            if self.zwick.update(side, True if has else None, ply):
                self.zwick.start(side, True, self.add(ply, "zwickmuehle", side, {
                    "shuttles": [shuttle.to_dict() for shuttle in zwickmuehlen(position, side, self.rules.geometry)]}))


def analyze(replay: Replay, move_numbers: str = "record") -> Analysis:
    """Events and summary of the main line of a replay; the FEN of the position to restore after
    an illegal ply with field 17 counted as ``move_numbers`` says (see :func:`restore_fen`).

    >>> from muehle.analyzer.engine.replay import replay as replay_game
    >>> from muehle.notation.record.model import Ply
    >>> game = Game(plies=[Ply(1, "white", "d2"), Ply(1, "black", "d6"), Ply(2, "white", "f2"),
    ...                    Ply(2, "black", "f6"), Ply(3, "white", "b2", captures=["d6"])])
    >>> [(e.ply, e.type, e.move) for e in analyze(replay_game(game)).events]
    [(5, 'mill', '3. b2/xd6'), (5, 'capture', '3. b2/xd6')]
    """
    game, rules, records, outcome = replay.game, replay.rules, replay.records, replay.outcome
    names = PlyNames(replay.plies, replay.start)
    walk = _Walk(replay, names)
    decided_at = outcome.ply if outcome is not None and outcome.reason != "declared" else None
    walk.position(0, replay.start, None, decided_at == 0)
    walk.start_rights()
    for record in records:
        after = record.after
        walk.ply(record, after)
        walk.position(record.index, after, record.side if record.ply.draw_offer else None,
                      decided_at == record.index)
    if outcome is not None:
        end = _end(outcome, game)
        del end["ply"]  # the event's own ply
        walk.add(outcome.ply, "game-over", outcome.winner, end)
    walk.events.sort(key=lambda event: (event.ply, _TYPE_ORDER[event.type]))
    illegal = illegal_ply(replay, names, move_numbers)
    runs, first, last = walk.longest
    summary = {
        "plies": len(records),
        "phases": walk.phase_plies,
        "mills": walk.mills,
        "double_mills": walk.double_mills,
        "captures": walk.captures,
        "longest_without_capture": {"plies": runs, "from": first if runs else None,
                                    "to": last if runs else None},
        "no_capture": _no_capture_summary(replay),
        "draw_rights": walk.first_right,
        "end": _end(outcome, game),
        "illegal_ply": None if illegal is None else illegal.ply,
    }
    return Analysis(game, rules, walk.events, summary, names, illegal)


def _end(outcome: Any, game: GameRecord) -> dict[str, Any]:
    """Winner, reason, the ply that decided, and whether the declared result agrees with the board.

    ``agrees`` is ``None`` when no result is declared (none or ``*``), ``True`` when
    the board did not decide the game (a declared result then cannot be contradicted)
    or decided it as declared, ``False`` otherwise. ``result_tag_error`` is the message
    of ``muehle validate``'s ``result-tag`` error (a ``Result`` tag that is no result or
    contradicts the movetext's), else ``None``.
    """
    declared = game.declared_result
    if declared is not None and declared.strip() in (UNFINISHED, ""):
        declared = None
    tag_errors = result_tag_errors(game)
    tag_error = tag_errors[0].message if tag_errors else None
    if outcome is None:
        return {"winner": None, "reason": None, "ply": None, "result": None, "declared": declared,
                "agrees": None if declared is None else True, "result_tag_error": tag_error}
    agrees: Optional[bool]
    if declared is None:
        agrees = None
    else:
        agrees = outcome.reason == "declared" or normal_result(declared) == outcome.result
    return {"winner": outcome.winner, "reason": outcome.reason, "ply": outcome.ply,
            "result": outcome.result, "declared": declared, "agrees": agrees, "result_tag_error": tag_error}


def _no_capture_summary(replay: Replay) -> Optional[dict[str, Any]]:
    """The no-progress rule and its counter after the last ply; ``exact`` is False when the
    counter reaches back to a set-up position whose FEN gave only a lower bound."""
    rule = replay.rules.no_capture
    if rule is None:
        return None
    records = replay.records
    index, count = (records[-1].index, records[-1].plies_without_capture) if records else (0, replay.start_no_progress)
    return {"limit": rule.limit, "reset": rule.reset, "mode": rule.mode, "whole_moves": rule.whole_moves,
            "count": count,
            "exact": replay.count_is_exact(index, count)}


def illegal_ply(replay: Replay, names: PlyNames, move_numbers: str = "record") -> Optional[IllegalPly]:
    """The first illegal ply of the main line, with the position before it (WMD 6), whose FEN
    counts field 17 as ``move_numbers`` says (see :func:`restore_fen`).

    ``None`` when the main line has no illegal ply (a result that contradicts the
    board is not one: the position stands).
    """
    for error in replay.errors:
        if error.ply is None or error.code == "result-mismatch":
            continue
        restore_ply = len(replay.records)
        position = replay.last_legal_position
        decided = replay.decided_by(restore_ply)
        return IllegalPly(
            ply=error.ply, move=names.move(error.ply) or "", side=error.side,
            code=error.code, message=error.message, line=error.line, column=error.column,
            restore_ply=restore_ply, restore=position,
            fen=restore_fen(replay, move_numbers),
            last_record=replay.records[-1] if replay.records else None,
            decided=replay.outcome if decided else None,
            set_up=replay.set_up,
        )
    return None


def restore_fen(replay: Replay, move_numbers: str = "record") -> str:
    """The FEN of the position after the last legal ply of the main line (the position to
    restore after an illegal ply), in the current form, field 17 counted as ``move_numbers``
    says (:data:`~muehle.analyzer.engine.fen.MOVE_NUMBERS`: the record's move number, or
    ``"sanmill"``, every action a ply as Sanmill counts); any other is a :class:`ValueError`.

    >>> from muehle.analyzer.engine.setup import replay_record
    >>> from muehle.notation import parse_game
    >>> stopped = replay_record(parse_game("1. a1 d6 2. a4 d2 3. a7xd6 d6 4. g7 f4 5. g4 b4 6. g1xf4 d2 *"))
    >>> [restore_fen(stopped, numbers).split()[16] for numbers in ("record", "sanmill")]  # (13 actions: 1 + 12 / 2)
    ['6', '7']
    """
    restore_ply = len(replay.records)
    return fen_of_record(replay.records, restore_ply, replay.fen_start,
                         game_over=replay.decided_by(restore_ply), stones=replay.rules.stones, mills=replay.mills,
                         move_numbers=move_numbers)
