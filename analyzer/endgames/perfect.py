"""Perfect-play marks for the plies of a game that stand in the endgame tables.

For each ply played in a position the tables hold, the value for the side that
played before and after it, and these events:

- ``win-thrown-away``: the position was won and the ply does not keep the win;
- ``draw-thrown-away``: the position was drawn and the ply loses;
- ``only-winning-ply``: the position was won and this was the one ply that keeps the win;
- ``slower-win``: the ply keeps the win, but a faster one was there.

Values are those of the tables (see ``docs/endgames.md``): the claim rules
(repetition, no capture) are not part of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from muehle.analyzer.endgames.probe import DEFAULT_STONES, ProbeResult, Value, covered, probe
from muehle.analyzer.endgames.store import PathLike
from muehle.analyzer.engine.replay import Replay
from muehle.notation.record.model import other_side
from muehle.notation.text.i18n import _

#: The events, in the order they are listed for one ply.
MARKS = ("win-thrown-away", "draw-thrown-away", "only-winning-ply", "slower-win")


@dataclass(frozen=True)
class PerfectPly:
    """One ply played in a covered position: its value before and after for the side that
    played it, the best plies there, and the marks it earns."""

    ply: int
    label: str
    side: str
    before: Value
    after: Value
    best: tuple[str, ...]
    marks: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"ply": self.ply, "move": self.label, "side": self.side, "before": _value_data(self.before),
                "after": _value_data(self.after), "best": list(self.best), "marks": list(self.marks)}

    def events(self) -> list[dict[str, Any]]:
        """The marks as events of ``muehle analyze``'s JSON (``ply``, ``move``, ``side``, ``type``, own fields)."""
        return [{"ply": self.ply, "move": self.label, "side": self.side, "type": mark,
                 "before": _value_data(self.before), "after": _value_data(self.after), "best": list(self.best)}
                for mark in self.marks]


def _value_data(value: Value) -> dict[str, Any]:
    return {"value": value.result, "distance": value.distance}


def marks_for(before: Value, after: Value, found: ProbeResult) -> tuple[str, ...]:
    """The marks of a ply of value ``after`` played in a position of value ``before``.

    >>> from muehle.analyzer.endgames.probe import ProbeResult
    >>> marks_for(Value("win", 5), Value("loss", 8), ProbeResult(Value("win", 5), ()))
    ('win-thrown-away',)
    >>> marks_for(Value("draw", None), Value("loss", 4), ProbeResult(Value("draw", None), ()))
    ('draw-thrown-away',)
    """
    marks = []
    if before.result == "win":
        if after.result != "win":
            marks.append("win-thrown-away")
        else:
            if sum(1 for _, value in found.plies if value.result == "win") == 1:
                marks.append("only-winning-ply")
            if after.distance > before.distance:  # type: ignore[operator]
                marks.append("slower-win")
    elif before.result == "draw" and after.result == "loss":
        marks.append("draw-thrown-away")
    return tuple(marks)


def perfect_plies(replay: Replay, directory: Optional[PathLike] = None,
                  stones: int = DEFAULT_STONES) -> list[PerfectPly]:
    """Every ply of the replay's main line played in a position that tables up to ``stones``
    a side hold, with its values and marks (tables from ``directory``, default the cache).

    Raises :class:`~muehle.analyzer.endgames.store.MissingTable` for a table not built, and its
    :class:`~muehle.analyzer.endgames.store.UnusableTable` for one that cannot be used.
    """
    found_plies = []
    for record in replay.records:
        before = record.before
        if not covered(before, stones):
            continue
        found = probe(before, replay.rules, directory)
        # the value of the ply played: the one that leads to the position after it
        played = (record.after.stones(other_side(record.side)), record.after.stones(record.side))
        value = next((value for ply, value in found.plies if (ply.mover, ply.other) == played), None)
        if value is None:  # (a ply the tables' rules do not know: not marked)
            continue
        found_plies.append(PerfectPly(record.index, record.label, record.side, found.value, value,
                                      tuple(ply.text for ply in found.best), marks_for(found.value, value, found)))
    return found_plies


def perfect_text(plies: list[PerfectPly]) -> str:
    """The plies as lines for ``muehle analyze``'s text: value before and after, marks, best plies."""
    if not plies:
        return "  " + _("perfect play: no ply in a position the endgame tables hold") + "\n"
    width = max(len(ply.label) for ply in plies)
    lines = ["  " + _("perfect play (endgame tables; claim rules not included):")]
    for ply in plies:
        marks = f"  {', '.join(ply.marks)}" if ply.marks else ""
        best = "" if not ply.marks else f"  (best: {', '.join(ply.best)})"
        lines.append(f"    {ply.label:<{width}}  {ply.before} -> {ply.after}{marks}{best}")
    return "\n".join(lines) + "\n"


def with_perfect_play(game: dict[str, Any], plies: list[PerfectPly]) -> dict[str, Any]:
    """A game's data of ``muehle analyze`` with the marks among its events (after those of the same
    ply) and every covered ply's values under ``perfect_play``."""
    events = list(game["events"]) + [event for ply in plies for event in ply.events()]
    game["events"] = sorted(events, key=lambda event: event["ply"])
    game["perfect_play"] = [ply.to_dict() for ply in plies]
    return game
