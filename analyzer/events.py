"""What a replay finds besides the plies: broken rules, the end of the game, draw rights.

>>> v = RuleViolation("not-adjacent", "17... a7-a5: a5 is not adjacent to a7", ply=34,
...                   move="a7-a5", side="black", line=14, column=9)
>>> v.format("games.txt")
'games.txt:14:9: error: 17... a7-a5: a5 is not adjacent to a7 [not-adjacent]'
>>> Outcome("white", "blocked", 41).result
'1-0'
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Optional

from muehle.notation.model import Side

#: Every code a :class:`RuleViolation` may carry, with what it means.
CODES: dict[str, str] = {
    "syntax": "the record does not follow the notation; nothing of the game is replayed",
    "unknown-rules": "the record's Rules tag names no ruleset; nothing of the game is replayed",
    "setup": "the record's SetUp/FEN tags give no usable start position; nothing is replayed",
    "numbering": "a move number or side does not match the ply's place in the line",
    "after-game-end": "a ply after the game was decided on the board",
    "must-place": "a move while the player still has stones in hand",
    "must-move": "a placement while the player has no stones in hand",
    "occupied": "the target point is not free",
    "not-own-stone": "the moved point is empty or holds an opposing stone",
    "not-adjacent": "a move to a point that is not adjacent, by a player who may not jump",
    "missing-capture": "a mill was closed, but fewer stones were captured than the rules demand",
    "extra-capture": "a capture that no mill (or no capturable stone) allows",
    "capture-empty-or-own": "a capture of an empty point or of the player's own stone",
    "protected-stone": "a capture of a stone in a closed mill while the rules protect it",
    "result-mismatch": "the declared result contradicts the end of the game on the board",
    "result-tag": "the Result tag is no result, or contradicts the result at the end of the movetext",
}

#: Reasons an :class:`Outcome` may give.
REASONS = ("fewer-than-three", "blocked", "repetition", "no-capture", "declared")

#: Each reason in words, the loser (if any) filled in: ``REASON_TEXTS["blocked"].format(loser="White")``.
REASON_TEXTS = {
    "fewer-than-three": "{loser} has fewer than three stones",
    "blocked": "{loser} cannot move",
    "repetition": "threefold repetition",
    "no-capture": "the no-capture rule",
    "declared": "result declared in the record",
}

_RESULTS = {"white": "1-0", "black": "0-1", None: "1/2-1/2"}


@dataclass(frozen=True)
class RuleViolation:
    """One broken rule: a stable ``code``, a sentence a player understands, and where.

    ``ply`` counts from 1 for White's first placement (``None`` for errors not tied
    to a ply, e.g. syntax errors); ``move`` is the ply as written without number
    (``d2-b2/xa4``); ``line`` and ``column`` are 1-based, 0 when unknown.
    ``variation`` is ``None`` in the main line, else the variation's path (see
    :attr:`~muehle.analyzer.replay.Replay.path`).

    >>> RuleViolation("occupied", "...", 5, "f2", "white", 1, 29, ((5, 1),)).to_dict()["variation"]
    [{'ply': 5, 'number': 1}]
    """

    code: str
    message: str
    ply: Optional[int] = None
    move: Optional[str] = None
    side: Optional[Side] = None
    line: int = 0
    column: int = 0
    variation: Optional[tuple[tuple[int, int], ...]] = None

    def format(self, source: str = "<input>", severity: str = "error") -> str:
        """``source:line:column: error: message [code]``, as a compiler prints it (``severity``:
        ``warning`` for a slip the reader read as it is meant)."""
        location = source or "<input>"
        if self.line:
            location += f":{self.line}"
            if self.column:
                location += f":{self.column}"
        return f"{location}: {severity}: {self.message} [{self.code}]"

    def to_dict(self) -> dict[str, Any]:
        """The fields as plain data (the JSON contract of ``muehle validate``)."""
        data = asdict(self)
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
        return _RESULTS[self.winner]

    def __reduce__(self) -> tuple:
        """Pickled as its fields (one in nearly every report a ``--jobs`` worker sends)."""
        return (Outcome, (self.winner, self.reason, self.ply))

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class DrawRight:
    """A draw ``rule`` (``"repetition"`` or ``"no-capture"``) first applicable after ``ply``.

    A new right is recorded each time it arises anew: for repetition each time a
    position occurs for the third time, for the no-progress rule each time the
    counter reaches the limit.
    """

    rule: str
    ply: int

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)
