"""The rule settings that change the value of a position after the placing phase.

Of a :class:`~muehle.analyzer.engine.rules.Ruleset`, three settings change who wins a
moving-phase endgame and how fast:

- ``flying``: a side with three stones may jump to any empty point;
- ``capture_from_mill``: whether a stone standing in a closed mill may be captured
  (``"when-all-in-mills"``: only when every opposing stone stands in one; ``"never"``:
  never, and a mill closed then captures nothing; ``"always"``: any stone).

- ``blocked``: a side to move that cannot move has lost (``"loss"``) or the game is
  drawn (``"draw"``).

``double_mill`` does not: a move or a jump never closes two mills at once (a stone
moved to a point along one of its lines leaves that line open behind it, and a side
that jumps has only three stones). The draw rules (repetition, no capture,
``mandatory_draw``) are claims or offers, not part of the value, and ``stones``,
``move_while_placing`` and ``defender_first`` (who moves first when it ends) say how the placing
phase goes, which the tables come after (a position of theirs says who is to move), as does
``board_full`` (a board left full decides the game, or brings removals, as the placing phase
ends) and ``mill_while_placing`` (what a mill closed while placing does: the marks of ``mark``
are cleared when placing ends). The rules on mills that remember earlier plies
(``one_time_mills``, ``no_mill_moving_back``) do change the value, and the tables are not made
for them.

Every other field of a ruleset (:data:`ASSUMED`) the solver takes as the nine-stone game has it:
a ruleset that sets one otherwise is refused (:func:`endgame_rules` raises
:class:`RulesNotSolved`), never given the values of other rules.

>>> from muehle.analyzer.engine.rules import load_ruleset
>>> endgame_rules(load_ruleset("wmd-traditional")).name
'flying-capture-never'
"""

from __future__ import annotations

import functools
from dataclasses import MISSING, dataclass, fields
from typing import Iterable

from muehle.analyzer.engine.rules import BLOCKED, CAPTURE_FROM_MILL, Ruleset
from muehle.notation.text.errors import MuehleError, shortened
from muehle.notation.text.i18n import _

#: A table: the stones of the side to move, then the other's (none in hand).
Table = tuple[int, int]

#: The values of ``capture_from_mill`` the solver knows: those of a ruleset.
CAPTURE_MODES = CAPTURE_FROM_MILL


@dataclass(frozen=True)
class EndgameRules:
    """The settings an endgame table is solved under (see the module's text).

    >>> EndgameRules(flying=False, capture_from_mill="when-all-in-mills").name
    'moving-capture-when-all-in-mills'
    """

    flying: bool = True
    capture_from_mill: str = "when-all-in-mills"
    blocked: str = "loss"

    def __post_init__(self) -> None:
        if self.capture_from_mill not in CAPTURE_MODES:
            raise ValueError(f"capture_from_mill: must be one of {', '.join(CAPTURE_MODES)}, "
                             f"not {self.capture_from_mill!r}")
        if self.blocked not in BLOCKED:
            raise ValueError(f"blocked: must be one of {', '.join(BLOCKED)}, not {self.blocked!r}")

    @property
    def name(self) -> str:
        """The name of the tables' folder in the cache (``-blocked-draw`` added where a blocked
        side draws).

        >>> EndgameRules(blocked="draw").name
        'flying-capture-when-all-in-mills-blocked-draw'
        """
        name = f"{'flying' if self.flying else 'moving'}-capture-{self.capture_from_mill}"
        return name if self.blocked == "loss" else f"{name}-blocked-draw"

    def ruleset(self) -> Ruleset:
        """A ruleset with these settings (the others as a ruleset's defaults, which do not change
        what may be played after the placing phase), for the engine's verbs
        (:class:`~muehle.analyzer.engine.position.Board`).

        >>> rules = EndgameRules(flying=False, capture_from_mill="never").ruleset()
        >>> rules.flying, rules.capture_from_mill, rules.blocked, rules.no_capture
        (False, 'never', 'loss', None)
        """
        return _ruleset(self)


@functools.lru_cache(maxsize=None)
def _ruleset(settings: EndgameRules) -> Ruleset:
    return Ruleset(name=settings.name, title=settings.name, flying=settings.flying,
                   capture_from_mill=settings.capture_from_mill, blocked=settings.blocked)


#: The fields of a ruleset the tables are solved under (:class:`EndgameRules`).
SOLVED = ("flying", "capture_from_mill", "blocked")

#: The fields of a ruleset that do not change the value of a position after the placing phase
#: (see the module's text).
UNAFFECTED = ("name", "title", "follows", "stones", "move_while_placing", "defender_first", "double_mill",
              "repetition", "repetition_window", "no_capture", "mandatory_draw", "claim_with_next_move", "cites",
              "board_full", "mill_while_placing")


class RulesNotSolved(MuehleError):
    """A ruleset the endgame tables were not solved for: it sets a field the solver takes as
    the nine-stone game has it (:data:`ASSUMED`) otherwise."""

    code = "endgame-rules"


def assumed(rules: Ruleset) -> dict[str, object]:
    """The fields of ``rules`` (a :class:`Ruleset`) the solver takes at their default: every field
    neither :data:`SOLVED` nor :data:`UNAFFECTED`, with that default.

    >>> from muehle.analyzer.engine.rules import load_ruleset
    >>> set(assumed(load_ruleset("wmd"))) & set(SOLVED + UNAFFECTED)
    set()
    """
    return {f.name: f.default for f in fields(rules)
            if f.name not in SOLVED and f.name not in UNAFFECTED and f.default is not MISSING}


def endgame_rules(rules: Ruleset) -> EndgameRules:
    """The settings of ``rules`` that decide endgame values. A ruleset that sets a field the
    solver takes at its default (:func:`assumed`) otherwise is a :class:`RulesNotSolved` naming
    each such field, its value and the one the tables are solved for.

    >>> from muehle.analyzer.engine.rules import load_ruleset
    >>> endgame_rules(load_ruleset("sanmill")).name
    'flying-capture-when-all-in-mills'
    """
    differing = [(key, getattr(rules, key), default) for key, default in assumed(rules).items()
                 if getattr(rules, key) != default]
    if rules.blocked not in BLOCKED:  # (an action of a blocked side: the solver knows a loss or a draw)
        differing.append(("blocked", rules.blocked, "loss"))
    if differing:
        raise RulesNotSolved(_("the endgame tables are not made for the rules {rules}: they set {fields}; the "
                               "tables are solved for the nine-stone game with its choices of flying, "
                               "capture_from_mill and blocked only").format(
            rules=shortened(rules.name),
            fields=", ".join(_("{key}: {value} (the tables: {default})").format(
                key=key, value=_shown(value), default=_shown(default)) for key, value, default in differing)),
            source=shortened(rules.name))
    return EndgameRules(flying=rules.flying, capture_from_mill=rules.capture_from_mill, blocked=rules.blocked)


def _shown(value: object) -> str:
    """A field's value as a ruleset file writes it (``true``, ``3``, ``diagonal``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "null" if value is None else str(value)


#: Every combination of the settings.
ALL_SETTINGS: tuple[EndgameRules, ...] = tuple(
    EndgameRules(flying, capture, blocked) for flying in (True, False) for capture in CAPTURE_MODES
    for blocked in BLOCKED
)


def table_name(table: Table) -> str:
    """The name of a table: the stones of the side to move, then the other's.

    >>> table_name((3, 4))
    '3v4'
    """
    return f"{table[0]}v{table[1]}"


def captures_into(tables: Iterable[Table]) -> list[Table]:
    """The tables a capture out of ``tables`` leads into: ``(b - 1, a)`` out of ``(a, b)`` (none
    where ``b`` is 3: a capture that leaves two stones wins at once).

    >>> captures_into([(3, 4), (4, 3)])
    [(3, 3)]
    """
    return [(b - 1, a) for a, b in tables if b > 3]
