"""Look up a position's perfect-play value, and the value of each of its plies.

>>> from muehle.analyzer.engine.board import Position, mask_of
>>> covered(Position(white=mask_of(["a1", "d1", "g1"]), black=mask_of(["b2", "d2", "f2"]),
...                  in_hand_white=0, in_hand_black=0), stones=4)
True
>>> covered(Position.start(), stones=4)
False
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from muehle.analyzer.endgames import require_numpy
from muehle.analyzer.endgames.plies import EndgamePly, endgame_plies
from muehle.analyzer.endgames.settings import EndgameRules, endgame_rules
from muehle.analyzer.endgames.store import PathLike, load_table
from muehle.analyzer.endgames.values import decode
from muehle.analyzer.engine.board import Position
from muehle.analyzer.engine.rules import RulesArg, as_ruleset
from muehle.notation.record.model import BLACK, SIDES, WHITE, other_side

#: The most stones a side may have for the tables the command builds by default.
DEFAULT_STONES = 4


@dataclass(frozen=True)
class Value:
    """A value for the side to move: ``"win"``, ``"loss"`` or ``"draw"``, and the distance
    to the end in plies (``None`` for a draw)."""

    result: str
    distance: Optional[int]

    def after_ply(self) -> "Value":
        """The value for the side that played into a position of this value."""
        if self.result == "draw":
            return self
        return Value("win" if self.result == "loss" else "loss", self.distance + 1)  # type: ignore[operator]

    def order(self) -> tuple[int, int]:
        """Sorts values from the best for the side to move (fastest win) to the worst (fastest loss)."""
        if self.result == "win":
            return (0, self.distance)  # type: ignore[return-value]
        if self.result == "draw":
            return (1, 0)
        return (2, -self.distance)  # type: ignore[operator]

    def __str__(self) -> str:
        """``win in 7``, ``loss in 0``, ``draw``."""
        return "draw" if self.result == "draw" else f"{self.result} in {self.distance}"


@dataclass(frozen=True)
class ProbeResult:
    """A position's value and every ply with its value, best first; ``best`` those as good as the value."""

    value: Value
    plies: tuple[tuple[EndgamePly, Value], ...]

    @property
    def best(self) -> tuple[EndgamePly, ...]:
        return tuple(ply for ply, value in self.plies if value == self.value)


def covered(position: Position, stones: int = DEFAULT_STONES) -> bool:
    """Whether tables up to ``stones`` a side hold ``position``: no stones in hand, both sides
    with three to ``stones`` on the board."""
    if position.in_hand_white or position.in_hand_black:
        return False
    return all(3 <= position.on_board(side) <= stones for side in SIDES)


def _lookup(positions: list[tuple[int, int]], rules: EndgameRules, directory: Optional[PathLike]) -> list[Value]:
    """The values of positions given as (mover's stones, other's stones), all of one table."""
    import numpy as np  # (numpy, an optional dependency: loaded only where a table is read or built)

    from muehle.analyzer.endgames.index import class_of, classes

    table = (positions[0][0].bit_count(), positions[0][1].bit_count())
    codes = load_table(directory, rules, table)
    keys = classes(*table)[0]
    movers = np.array([mover for mover, _ in positions], dtype=np.int32)
    others = np.array([other for _, other in positions], dtype=np.int32)
    found = codes[class_of(keys, movers, others, table[1])]
    return [Value(*decode(int(code))) for code in found.tolist()]


def value_of(mover: int, other: int, rules: EndgameRules, directory: Optional[PathLike] = None) -> Value:
    """The value of the position with stones ``mover`` (to move) and ``other``."""
    return _lookup([(mover, other)], rules, directory)[0]


def probe_masks(mover: int, other: int, rules: EndgameRules, directory: Optional[PathLike] = None) -> ProbeResult:
    """The value of a position (stones of the side to move, of the other) and of each of its plies."""
    value = value_of(mover, other, rules, directory)
    plies = endgame_plies(mover, other, rules)
    by_table: dict[tuple[int, int], list[int]] = {}
    for number, ply in enumerate(plies):
        if not ply.wins_at_once:
            by_table.setdefault((ply.mover.bit_count(), ply.other.bit_count()), []).append(number)
    values: list[Value] = [Value("win", 1)] * len(plies)
    for numbers in by_table.values():
        after = _lookup([(plies[n].mover, plies[n].other) for n in numbers], rules, directory)
        for number, child in zip(numbers, after):
            values[number] = child.after_ply()
    ranked = sorted(zip(plies, values), key=lambda pair: pair[1].order())
    return ProbeResult(value, tuple(ranked))


def probe(position: Position, rules: RulesArg = None, directory: Optional[PathLike] = None) -> ProbeResult:
    """The perfect-play value of ``position`` under ``rules`` (a ruleset, a preset's name or a
    file; default ``wmd``) and every ply's, from tables in ``directory`` (default: the user's
    cache). Raises :class:`ValueError` for a position no table holds and
    :class:`~muehle.analyzer.endgames.store.MissingTable` for a table not built, and its
    :class:`~muehle.analyzer.endgames.store.UnusableTable` for one that cannot be used."""
    require_numpy()
    if position.in_hand_white or position.in_hand_black or min(position.on_board(WHITE),
                                                               position.on_board(BLACK)) < 3:
        raise ValueError("endgame tables hold positions with no stones in hand and three or more a side")
    side = position.to_move
    return probe_masks(position.stones(side), position.stones(other_side(side)),
                       endgame_rules(as_ruleset(rules)), directory)
