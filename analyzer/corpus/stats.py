"""Counts over many games: the engine of ``muehle stats``.

:class:`Stats` takes the :class:`~muehle.analyzer.corpus.facts.GameFacts` of one game
after the other and keeps only counts: memory grows with the number of different
error codes, results, lengths, players and events, never with the number of games.
The median length is exact, read off the histogram of lengths (plies are small
whole numbers).

>>> stats = Stats()
>>> for plies in (10, 30, 20, 40):
...     stats.add(GameFacts("f", 1, 1, "Ada", "Bo", None, plies, True, (), "1-0", "1-0", "blocked", False, ()))
>>> stats.games, stats.length_summary()
(4, {'min': 10, 'median': 25, 'max': 40})
>>> stats.players["Ada"]
{'games': 4, 'white': 4, 'black': 0, 'wins': 4, 'draws': 0, 'losses': 0}
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Optional, Union

from muehle.analyzer.corpus.facts import GameFacts
from muehle.notation.record.model import BLACK, BLACK_WINS, DRAW, WHITE, WHITE_WINS
from muehle.notation.text.i18n import NP_, _, ngettext, pgettext

#: How a game is counted under the end of its game: the engine's reasons, and these.
UNFINISHED = "unfinished"  # the board decided nothing and the record declares no result
STOPPED = "stopped"  # an error kept the main line from being replayed to its end

#: The key of a name a record does not give (no ``White``, ``Black`` or ``Event`` tag).
UNNAMED = "?"


def median(histogram: Counter[int]) -> Optional[Union[int, float]]:
    """The median of the values counted in ``histogram`` (value -> how often); the mean of the two
    middle values when their number is even; ``None`` for no value.

    >>> median(Counter({10: 1, 20: 1, 30: 1})), median(Counter({10: 1, 21: 1})), median(Counter())
    (20, 15.5, None)
    """
    total = sum(histogram.values())
    if not total:
        return None
    wanted = ((total - 1) // 2, total // 2)  # the places of the middle values, from 0
    middle: list[int] = []
    seen = 0
    for value in sorted(histogram):
        seen += histogram[value]
        while len(middle) < 2 and wanted[len(middle)] < seen:
            middle.append(value)
        if len(middle) == 2:
            break
    low, high = middle
    half = (low + high) / 2
    return int(half) if half == int(half) else half


class Stats:
    """Counts over the games added (:meth:`add`) and the inputs that could not be read (:meth:`unreadable`).

    ``codes`` counts the invalid games by each error code they carry (a game with two
    codes counts under both); ``results`` counts pairs of declared result and the
    board's (``None``: the board decided nothing); ``ends`` the games by how they ended
    (a reason of :data:`~muehle.analyzer.engine.events.REASONS`, :data:`UNFINISHED` or
    :data:`STOPPED`); ``draw_rights`` the games in which each rule's draw right arose;
    ``lengths`` the games by their plies; ``players`` and ``events`` the games of each
    name (:data:`UNNAMED` for a record without one), a player's score by
    :attr:`GameFacts.result <muehle.analyzer.corpus.facts.GameFacts.result>`.
    """

    def __init__(self) -> None:
        self.games = 0
        self.valid = 0
        self.invalid = 0
        self.unreadable_inputs = 0
        self.codes: Counter[str] = Counter()
        self.results: Counter[tuple[str, Optional[str]]] = Counter()
        self.ends: Counter[str] = Counter()
        self.draw_rights: Counter[str] = Counter()
        self.lengths: Counter[int] = Counter()
        self.players: dict[str, dict[str, int]] = {}
        self.events: dict[str, dict[str, int]] = {}

    def add(self, facts: GameFacts) -> None:
        """Count one game."""
        self.games += 1
        if facts.valid:
            self.valid += 1
        else:
            self.invalid += 1
            self.codes.update(facts.codes)
        self.results[(facts.declared, facts.board)] += 1
        self.ends[facts.end if facts.end is not None else (STOPPED if facts.stopped else UNFINISHED)] += 1
        self.draw_rights.update(facts.draw_rights)
        self.lengths[facts.plies] += 1
        result = facts.result
        for side, name, won, lost in ((WHITE, facts.white, WHITE_WINS, BLACK_WINS), (BLACK, facts.black, BLACK_WINS, WHITE_WINS)):
            player = self.players.setdefault(name or UNNAMED, dict.fromkeys(_PLAYER_COLUMNS, 0))
            player["games"] += 1
            player[side] += 1
            if result == won:
                player["wins"] += 1
            elif result == lost:
                player["losses"] += 1
            elif result == DRAW:
                player["draws"] += 1
        event = self.events.setdefault(facts.event or UNNAMED, dict.fromkeys(_EVENT_COLUMNS, 0))
        event["games"] += 1
        event["valid" if facts.valid else "invalid"] += 1

    def unreadable(self) -> None:
        """Count an input that could not be read (or held no game)."""
        self.unreadable_inputs += 1

    def length_summary(self) -> dict[str, Optional[Union[int, float]]]:
        """The shortest, median and longest game in plies (``None`` each without games)."""
        lengths = self.lengths
        return {"min": min(lengths) if lengths else None, "median": median(lengths),
                "max": max(lengths) if lengths else None}

    def to_dict(self) -> dict[str, Any]:
        """The counts as plain data (the JSON contract of ``muehle stats``, in ``docs/select.md``)."""
        return {
            "games": self.games,
            "valid": self.valid,
            "invalid": self.invalid,
            "unreadable_inputs": self.unreadable_inputs,
            "invalid_by_code": dict(sorted(self.codes.items())),
            "results": [{"declared": declared, "board": board, "games": count}
                        for (declared, board), count in sorted(self.results.items(), key=_result_order)],
            "ends": dict(sorted(self.ends.items())),
            "draw_rights": dict(sorted(self.draw_rights.items())),
            "plies": self.length_summary(),
            "players": {name: dict(counts) for name, counts in sorted(self.players.items())},
            "events": {name: dict(counts) for name, counts in sorted(self.events.items())},
        }

    def text_lines(self) -> list[str]:
        """The counts as text, one section after the other."""
        lines = [ngettext("{count} game: {valid} valid, {invalid} invalid", "{count} games: {valid} valid, {invalid} invalid",
                          self.games).format(count=self.games, valid=self.valid, invalid=self.invalid)
                 + (", " + ngettext("{count} unreadable input", "{count} unreadable inputs", self.unreadable_inputs).format(
                     count=self.unreadable_inputs) if self.unreadable_inputs else "")]
        if self.codes:
            lines.append(_("invalid by error code:"))
            lines.extend(_rows(sorted(self.codes.items())))
        if self.results:
            lines.append(_("results (declared, on the board):"))
            undecided = _("undecided")
            lines.extend(_rows([(f"{declared}, {board or undecided}", count)
                                for (declared, board), count in sorted(self.results.items(), key=_result_order)]))
        if self.ends:
            lines.append(_("ends:"))
            lines.extend(_rows(sorted(self.ends.items())))
        if self.draw_rights:
            lines.append(_("games with a draw right:"))
            lines.extend(_rows(sorted(self.draw_rights.items())))
        if self.games:
            summary = self.length_summary()
            lines.append(_("plies: min {least}, median {median}, max {most}").format(least=summary["min"], median=summary["median"],
                                                                                     most=summary["max"]))
        if self.players:
            lines.extend(_table(_("players:"), self.players, _PLAYER_COLUMNS))
        if self.events:
            lines.extend(_table(_("events:"), self.events, _EVENT_COLUMNS))
        return lines


def _result_order(item: tuple[tuple[str, Optional[str]], int]) -> tuple[str, str]:
    (declared, board), _ = item
    return declared, board or ""


#: The columns of the players' and the events' tables (their headings translated where shown), and
#: the counts each player's and event's entry holds.
_PLAYER_COLUMNS = (NP_("column", "games"), NP_("column", "white"), NP_("column", "black"), NP_("column", "wins"),
                   NP_("column", "draws"), NP_("column", "losses"))
_EVENT_COLUMNS = (NP_("column", "games"), NP_("column", "valid"), NP_("column", "invalid"))


def _rows(items: list[tuple[str, int]]) -> list[str]:
    """``  name  count`` lines, the counts in a column."""
    width = max((len(name) for name, _ in items), default=0)
    return [f"  {name.ljust(width)}  {count}" for name, count in items]


def _table(title: str, rows: dict[str, dict[str, int]], columns: tuple[str, ...]) -> list[str]:
    """A heading ``title`` with the names of the columns, then ``  name  n  n  n`` lines, one per
    name in order, each number right-aligned under its column's name.

    >>> print("\\n".join(_table("players", {"Ada": {"games": 12, "wins": 3}}, ("games", "wins"))))
    players  games  wins
      Ada       12     3
    """
    left = max(len(title), 2 + max(len(name) for name in rows))
    headings = [pgettext("column", column) for column in columns]
    widths = [max(len(heading), *(len(str(counts[column])) for counts in rows.values()))
              for column, heading in zip(columns, headings)]
    head = title.ljust(left) + "".join(f"  {heading.rjust(size)}" for heading, size in zip(headings, widths))
    return [head] + ["  " + name.ljust(left - 2) + "".join(f"  {str(counts[column]).rjust(size)}"
                                                          for column, size in zip(columns, widths))
                     for name, counts in sorted(rows.items())]
