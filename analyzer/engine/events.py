"""What a replay finds besides the plies: broken rules, the end of the game, draw rights.

>>> v = RuleViolation("not-adjacent", "17... a7-a5: a5 is not adjacent to a7", ply=34,
...                   move="a7-a5", side="black", line=14, column=9)
>>> v.format("games.txt")
'games.txt:14:9: error: 17... a7-a5: a5 is not adjacent to a7 [not-adjacent]'
>>> Outcome("white", "blocked", 41).result
'1-0'
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Optional

from muehle.notation.record.model import BLACK, Side, other_side, result_of, side_name
from muehle.notation.text.i18n import N_, _

#: Every code a :class:`RuleViolation` may carry, with what it means.
CODES: dict[str, str] = {
    "syntax": "the record does not follow the notation; nothing of the game is replayed",
    "unknown-rules": "the record's Rules tag names no ruleset; nothing of the game is replayed",
    "setup": "the record's SetUp/FEN or FirstMove tags give no usable start position; nothing is replayed",
    "numbering": "a move number or side does not match the ply's place in the line",
    "after-game-end": "a ply after the game was decided on the board",
    "must-place": "a move while the player still has stones in hand",
    "must-move": "a placement while the player has no stones in hand",
    "occupied": "the target point is not free",
    "marked": "a placement on a point marked by a capture while placing (mill_while_placing: mark)",
    "not-own-stone": "the moved point is empty or holds an opposing stone",
    "not-adjacent": "a move to a point that is not adjacent, by a player who may not jump",
    "missing-capture": "a mill was closed, but fewer stones were captured than the rules demand",
    "extra-capture": "a capture that no mill (or no capturable stone) allows",
    "capture-empty-or-own": "a capture of an empty point or of the player's own stone",
    "capture-marked": "a capture of a point already marked by a capture while placing (mill_while_placing: mark)",
    "full-board-removal": "a placement that fills the board without the removals board_full demands, or with more",
    "protected-stone": "a capture of a stone in a closed mill while the rules protect it",
    "capture-kind-target": "a capture of a stone other than those a capture without a mill (intervention, "
                           "custodian, leap) takes",
    "capture-kind-missing": "a capture without a mill (intervention, custodian, leap) is due, but fewer stones "
                            "were captured than it takes",
    "mill-moving-back": "a stone that closed a mill moved straight back to close a mill again, which the rules forbid",
    "removal-not-adjacent": "a blocked side's removal (or the reply to it) of a stone next to none of the remover's",
    "removal-alone": "a ply of removals alone (13. xg7xd5) that follows no ply of its line: no removal is due there",
    "result-mismatch": "the declared result contradicts the end of the game on the board",
    "result-tag": "the Result tag is no result, or contradicts the result at the end of the movetext",
}

#: The codes that only a ruleset's variant settings give (Sanmill's variants: docs/rulesets.md), or only
#: the notation of Sanmill's exports (a ply of removals alone); a nine-stone ruleset's replay never gives them.
VARIANT_CODES = frozenset({"capture-kind-missing", "capture-kind-target", "mill-moving-back", "removal-not-adjacent",
                           "marked", "capture-marked", "full-board-removal", "removal-alone"})

#: Reasons an :class:`Outcome` may give.
REASONS = ("fewer-than-three", "blocked", "repetition", "no-capture", "full-board", "declared")

#: Each reason in words, the loser (if any) filled in: ``REASON_TEXTS["blocked"].format(loser="White")``.
#: Every report (terminal, JSON messages, SVG, HTML, claims) words the end of a game from
#: this table, through :func:`reason_text` and :func:`end_text`.
REASON_TEXTS = {
    "fewer-than-three": N_("{loser} has fewer than three stones"),
    "blocked": N_("{loser} cannot move"),
    "repetition": N_("threefold repetition"),
    "no-capture": N_("the no-capture rule"),
    "full-board": N_("a board left full by the placements"),
    "declared": N_("result declared in the record"),
}
#: The loser's plight in the past tense, for messages about a ply after the end (``the game was
#: already over after ply 43 (Black was left with fewer than three stones)``); the other reasons
#: read the same in both tenses.
PAST_REASON_TEXTS = {
    "fewer-than-three": N_("{loser} was left with fewer than three stones"),
    "blocked": N_("{loser} could not move"),
}


def reason_text(reason: str, winner: Optional[Side], past: bool = False) -> str:
    """Why a game ended, in words (:data:`REASON_TEXTS`, with ``past`` :data:`PAST_REASON_TEXTS`),
    the loser named.

    >>> reason_text("blocked", "white"), reason_text("no-capture", None)
    ('Black cannot move', 'the no-capture rule')
    >>> reason_text("blocked", "white", past=True)
    'Black could not move'
    >>> reason_text("fewer-than-three", None)
    'both have fewer than three stones'
    >>> end_text(Outcome(None, "blocked", 60))
    'drawn by a side to move that cannot move'
    """
    if winner is None and reason == "fewer-than-three":  # (a set-up position)
        return _("both have fewer than three stones")
    if winner is None and reason == "blocked":  # (a ruleset with blocked: draw)
        return _("a side to move that cannot move")
    text = PAST_REASON_TEXTS.get(reason, REASON_TEXTS[reason]) if past else REASON_TEXTS[reason]
    return _(text).format(loser=side_name(other_side(winner or BLACK)))


def end_text(outcome: "Outcome", past: bool = False) -> str:
    """How a game ended, as one phrase: the loser's plight (in the past tense with ``past``), or
    what drew it.

    >>> end_text(Outcome("white", "blocked", 30)), end_text(Outcome(None, "repetition", 26))
    ('Black cannot move', 'drawn by threefold repetition')
    >>> end_text(Outcome("black", "fewer-than-three", 43), past=True)
    'White was left with fewer than three stones'
    >>> end_text(Outcome("black", "declared", 12))
    'declared 0-1'
    """
    if outcome.reason == "declared":
        return _("declared {result}").format(result=outcome.result)
    text = reason_text(outcome.reason, outcome.winner, past)
    return text if outcome.winner or outcome.reason == "fewer-than-three" else _("drawn by {reason}").format(reason=text)


@dataclass(frozen=True)
class RuleViolation:
    """One broken rule: a stable ``code``, a sentence a player understands, and where.

    ``ply`` counts from 1 for White's first placement (``None`` for errors not tied
    to a ply, e.g. syntax errors); ``move`` is the ply as written without number
    (``d2-b2/xa4``); ``line`` and ``column`` are 1-based, 0 when unknown.
    ``variation`` is ``None`` in the main line, else the variation's path (see
    :attr:`~muehle.analyzer.engine.replay.Replay.path`). ``in_line`` is the message without the
    words that name its variation (``in the variation for ply 5: ``), for a view that names the
    variation itself (:attr:`message_in_line`); ``None`` when the message names none. It is no
    part of :meth:`to_dict`.

    >>> v = RuleViolation("occupied", "in the variation for ply 5: 3. f2: f2 is taken", 5, "f2", "white", 1, 29,
    ...                   ((5, 1),), in_line="3. f2: f2 is taken")
    >>> v.to_dict()["variation"], v.to_dict()["message"], v.message_in_line
    ([{'ply': 5, 'number': 1}], 'in the variation for ply 5: 3. f2: f2 is taken', '3. f2: f2 is taken')
    >>> "in_line" in v.to_dict()
    False
    """

    code: str
    message: str
    ply: Optional[int] = None
    move: Optional[str] = None
    side: Optional[Side] = None
    line: int = 0
    column: int = 0
    variation: Optional[tuple[tuple[int, int], ...]] = None
    in_line: Optional[str] = field(default=None, repr=False, compare=False)

    @property
    def message_in_line(self) -> str:
        """The message as shown beside its own line: without the words that name the variation."""
        return self.message if self.in_line is None else self.in_line

    def format(self, source: str = "<input>", severity: str = "error") -> str:
        """``source:line:column: error: message [code]``, as a compiler prints it (``severity``:
        ``warning`` for a slip the reader read as it is meant)."""
        location = source or "<input>"
        if self.line:
            location += f":{self.line}"
            if self.column:
                location += f":{self.column}"
        return f"{location}: {_(severity)}: {self.message} [{self.code}]"

    def to_dict(self) -> dict[str, Any]:
        """The fields as plain data (the JSON contract of ``muehle validate``)."""
        data = asdict(self)
        del data["in_line"]
        if self.variation is not None:
            data["variation"] = [{"ply": ply, "number": number} for ply, number in self.variation]
        return data


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner`` (``None`` for a draw), ``reason`` and the ply after which.

    ``ply`` is the number of the ply that decided the game (0 if the start position
    was already decided); for ``"declared"`` it is the last ply of the record.
    """

    winner: Optional[Side]
    reason: str
    ply: int

    @property
    def result(self) -> str:
        """The result in the notation: ``1-0``, ``0-1`` or ``1/2-1/2``."""
        return result_of(self.winner)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its fields (one in nearly every report a ``--jobs`` worker sends)."""
        return (Outcome, (self.winner, self.reason, self.ply))

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class DrawRight:
    """A draw ``rule`` (``"repetition"`` or ``"no-capture"``) first applicable after ``ply``.

    A new right is recorded each time it arises anew: for repetition each time a
    position occurs for the third time, for the no-progress rule each time the
    counter reaches the limit. ``limit`` says which limit of the no-progress rule gave
    it: ``"normal"`` (``limit``) or ``"endgame"`` (the shorter ``endgame_limit`` while a
    side has three stones); ``None`` for repetition. (It is not part of the JSON contract,
    nor of a right's equality: the rule and the ply tell the right.)
    """

    rule: str
    ply: int
    limit: Optional[str] = field(default=None, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "ply": self.ply}
