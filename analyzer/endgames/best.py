"""What the endgame tables say of a position that is shown (``muehle show --best``, the HTML
viewer): the value for the side to move and its best plies in one line, or why no table
holds the position.

>>> from muehle.analyzer.endgames.probe import Value
>>> value_line("white", Value("win", 7), ["d2-d3", "f4-f2"])
'White to move wins in 7 plies; best: d2-d3, f4-f2'
>>> value_line("black", Value("loss", 1), ["a1-a4", "a1-d1", "g7-g4"], most=2)
'Black to move loses in 1 ply; best: a1-a4, a1-d1 and 1 more'
>>> value_line("white", Value("draw", None), ["b2-d2"])
'White to move draws; best: b2-d2'
"""

from __future__ import annotations

from typing import Callable, Optional, Sequence

from muehle.analyzer.endgames.probe import DEFAULT_STONES, ProbeResult, Value, covered, probe
from muehle.analyzer.endgames.settings import RulesNotSolved, captures_into, endgame_rules
from muehle.analyzer.endgames.store import MissingTable, PathLike, UnusableTable, table_path
from muehle.analyzer.engine.board import Position
from muehle.analyzer.engine.rules import Ruleset
from muehle.notation.record.model import SIDES, Side, other_side, side_name
from muehle.notation.text.i18n import N_, _, ngettext

_VERBS = {"win": N_("{side} to move wins"), "loss": N_("{side} to move loses"), "draw": N_("{side} to move draws")}


def value_line(side: Side, value: Value, best: Sequence[str], most: Optional[int] = None) -> str:
    """The value for ``side`` to move and its best plies (at most ``most`` of them named)."""
    line = _(_VERBS[value.result]).format(side=side_name(side))
    if value.distance is not None:
        line += ngettext(" in {count} ply", " in {count} plies", value.distance).format(count=value.distance)
    if not best:
        return line + _("; no legal ply")
    named = list(best) if most is None else list(best)[:most]
    more = _(" and {count} more").format(count=len(best) - len(named)) if len(best) > len(named) else ""
    return line + _("; best: {plies}").format(plies=", ".join(named)) + more


def not_held(position: Position, stones: int = DEFAULT_STONES) -> Optional[str]:
    """Why tables up to ``stones`` a side do not hold ``position``, or ``None`` when they do.

    >>> not_held(Position.start())
    'both sides have stones in hand (the tables hold positions after the placing phase)'
    """
    if covered(position, stones):
        return None
    in_hand = [side for side in SIDES if position.in_hand(side)]
    if in_hand:
        if len(in_hand) == 2:
            return _("both sides have stones in hand (the tables hold positions after the placing phase)")
        return _("{side} has stones in hand (the tables hold positions after the placing phase)").format(
            side=side_name(in_hand[0]))
    side = position.to_move
    mover, other = position.on_board(side), position.on_board(other_side(side))
    return _("{side} to move has {mover} stones against {other} (the tables hold 3 to {most} a side)").format(
        side=side_name(side), mover=mover, other=other, most=stones)


def probe_if_built(position: Position, rules: Ruleset, directory: Optional[PathLike] = None) -> Optional[ProbeResult]:
    """The tables' value of ``position`` and its plies, or ``None`` when no table holds it (also
    under ``rules`` the tables are not made for: :func:`~muehle.analyzer.endgames.settings.endgame_rules`), when
    a table it needs has not been built in ``directory`` (default: the user's cache) or numpy
    is missing. Nothing is imported from numpy unless the position's table is there. A table
    there that cannot be used (damaged, of other settings, of another format) is an
    :class:`~muehle.analyzer.endgames.store.UnusableTable`, never a value left out in silence."""
    if not covered(position):
        return None
    try:
        settings = endgame_rules(rules)
    except RulesNotSolved:
        return None
    side = position.to_move
    mover, other = position.on_board(side), position.on_board(other_side(side))
    needed = [(mover, other), (other, mover)] + captures_into([(mover, other)])
    if not all(table_path(directory, settings, table).is_file() for table in needed):
        return None
    try:
        return probe(position, rules, directory)
    except UnusableTable:
        raise
    except (ImportError, MissingTable):  # (numpy missing; a table gone since it was looked for)
        return None


#: How many best plies a value line names on a page (the others are counted).
NAMED_ON_A_PAGE = 6


def endgame_values(directory: Optional[PathLike] = None,
                   most: Optional[int] = NAMED_ON_A_PAGE) -> Callable[[Position, Ruleset], Optional[str]]:
    """A function giving the :func:`value_line` of a position under a ruleset (``most`` best plies
    named), or ``None`` where the tables in ``directory`` (default: the user's cache) do not hold
    it (see :func:`probe_if_built`): the HTML viewer's ``values``. A table that cannot be used
    raises :class:`~muehle.analyzer.endgames.store.UnusableTable`."""

    def value(position: Position, rules: Ruleset) -> Optional[str]:
        found = probe_if_built(position, rules, directory)
        if found is None:
            return None
        return value_line(position.to_move, found.value, [ply.text for ply in found.best], most)

    return value
