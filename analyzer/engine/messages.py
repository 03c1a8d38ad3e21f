"""Broken rules in words: the one table the engine's codes are worded from.

The core (:mod:`muehle.analyzer.engine.core`) reports a broken rule as a
:class:`~muehle.analyzer.engine.core.Broken`, a code and the facts; :func:`rule_message`
words it, on the error path only.

>>> from muehle.analyzer.engine.core import Broken
>>> from muehle.analyzer.engine.rules import load_ruleset
>>> rule_message(Broken("must-place", 3, 0, "d2", "d1", in_hand=1), load_ruleset("wmd"))
'White still has 1 stone in hand and must place one'
"""

from __future__ import annotations

import itertools
from typing import Callable, Optional, Sequence

from muehle.analyzer.engine.board import MILL_LINES, MILLS, POINT_INDEX, points_of
from muehle.analyzer.engine.core import Broken, capturable
from muehle.analyzer.engine.events import end_text
from muehle.analyzer.engine.rules import Ruleset

#: The sides' names, White (0) and Black (1).
NAMES = ("White", "Black")
_MILL_POINTS: dict[int, tuple[str, str, str]] = dict(zip(MILLS, MILL_LINES))


def plural(count: int, noun: str, nouns: Optional[str] = None) -> str:
    """``count`` with ``noun`` in the singular or the plural.

    >>> plural(1, "ply", "plies"), plural(2, "stone"), plural(0, "ply", "plies")
    ('1 ply', '2 stones', '0 plies')
    """
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"


def list_text(points: list[str]) -> str:
    """Points as a list in words.

    >>> list_text(["a1"]), list_text(["a1", "d1", "g1"])
    ('a1', 'a1, d1 and g1')
    """
    return points[0] if len(points) == 1 else ", ".join(points[:-1]) + " and " + points[-1]


def mill_text(points: Sequence[str]) -> str:
    """A mill as every text output writes it: its three points in board order, joined by ``-``.

    >>> mill_text(("d5", "d6", "d7"))
    'd5-d6-d7'
    """
    return "-".join(points)


def mills_text(closed: list[int]) -> str:
    """Mills (masks) as their points: ``a1-d1-g1 and a1-a4-a7``."""
    return " and ".join(mill_text(_MILL_POINTS[mill]) for mill in closed)


def mill_points(mill: int) -> tuple[str, str, str]:
    """A mill (mask) as its three points in board order."""
    return _MILL_POINTS[mill]


def _after_game_end(broken: Broken, rules: Ruleset) -> str:
    outcome = broken.outcome
    assert outcome is not None
    when = f"after ply {outcome.ply}" if outcome.ply else "at the start"
    return f"the game was already over {when} ({end_text(outcome, past=True)})"


def _syntax(broken: Broken, rules: Ruleset) -> str:
    return f"{broken.point} is not a point of the board"


def _must_move(broken: Broken, rules: Ruleset) -> str:
    return f"{NAMES[broken.mover]} has no stones in hand and must move a stone"


def _must_place(broken: Broken, rules: Ruleset) -> str:
    return (f"{NAMES[broken.mover]} still has {plural(broken.in_hand, 'stone')} in hand "
            "and must place one")


def _occupied(broken: Broken, rules: Ruleset) -> str:
    bit = 1 << POINT_INDEX[broken.point]
    owner = broken.mover if broken.own & bit else 1 - broken.mover
    return f"{broken.point} is already occupied by a {NAMES[owner]} stone"


def _not_own_stone(broken: Broken, rules: Ruleset) -> str:
    point, mover = broken.point, broken.mover
    if broken.theirs & 1 << POINT_INDEX[point]:
        return f"{point} holds a {NAMES[1 - mover]} stone, not a {NAMES[mover]} one"
    return f"there is no stone on {point} to move"


def _not_adjacent(broken: Broken, rules: Ruleset) -> str:
    count = broken.own.bit_count()
    if rules.flying or count > 3:
        why = f"{NAMES[broken.mover]} has {count} stones and may not jump"
    else:
        why = f"jumping is not allowed under the rules {rules.name}"
    return f"{broken.target} is not adjacent to {broken.origin} ({why})"


def _extra_capture(broken: Broken, rules: Ruleset) -> str:
    closed, theirs, their_name = broken.closed, broken.theirs, NAMES[1 - broken.mover]
    if not closed:
        return "no mill is closed, so no stone may be captured"
    rule = rules.no_capture
    if broken.required == 0 and rule is not None and rule.before_capture and (
            broken.counter + 1 >= rule.limit or rule.endgame_limit is not None
            and broken.counter + 1 >= rule.endgame_limit):
        reached = rule.limit if broken.counter + 1 >= rule.limit else rule.endgame_limit
        endgame = "" if reached == rule.limit else " with a side down to three stones"
        return (f"the ply brings the count of plies without progress to {reached}{endgame}: under the rules "
                f"{rules.name} the game is drawn then, before its mill captures")
    if theirs.bit_count() + broken.their_hand < 3:
        return f"{their_name} already has fewer than three stones: the game is over"
    if broken.required == 0 or not capturable(theirs, rules):
        if not theirs:
            return f"{their_name} has no stone on the board to capture"
        return f"no {their_name} stone may be captured: all stand in closed mills"
    if len(closed) == 2:
        # (only a placement closes two mills: a move leaves one of the target's two lines
        # incomplete where it came from, and a jump is made with three stones)
        if broken.required == 2:
            return "a double mill captures two stones"
        return f"a double mill captures one stone under the rules {rules.name}"
    return "one mill captures one stone"


def _capture_empty_or_own(broken: Broken, rules: Ruleset) -> str:
    point = broken.point
    if broken.own & 1 << POINT_INDEX[point]:
        return f"{point} holds {NAMES[broken.mover]}'s own stone, which cannot be captured"
    return f"there is no stone on {point} to capture"


def _protected_stone(broken: Broken, rules: Ruleset) -> str:
    point = broken.point
    allowed = capturable(broken.theirs, rules)
    if not allowed:
        return (f"{point} is in a closed mill, and under the rules {rules.name} no "
                "stone may be captured from a closed mill")
    others = points_of(allowed)
    verb = "is" if len(others) == 1 else "are"
    message = f"{point} is in a closed mill while {list_text(others)} {verb} not"
    order = legal_capture_order(broken.rest, broken.theirs, broken.their_hand,
                                broken.required - broken.taken, rules)
    if order:
        message += f": capture {list_text(order[:-1])} first, then {order[-1]}"
    return message


def _missing_capture(broken: Broken, rules: Ruleset) -> str:
    closed, their_name = broken.closed, NAMES[1 - broken.mover]
    if broken.taken:
        return f"the double mill {mills_text(closed)} captures two stones, and only one was taken"
    if len(closed) == 1:
        return f"the mill {mills_text(closed)} is closed and a {their_name} stone must be captured"
    if broken.required == 2 and _two_can_be_taken(broken, rules):
        return f"the mills {mills_text(closed)} are closed and two {their_name} stones must be captured"
    return f"the mills {mills_text(closed)} are closed and a {their_name} stone must be captured"


def _two_can_be_taken(broken: Broken, rules: Ruleset) -> bool:
    """Whether the opponent has two stones that may be captured one after the other (else the
    second capture of a double mill is not due: there is nothing left to take)."""
    theirs = broken.theirs
    for point in points_of(capturable(theirs, rules)):
        rest = theirs & ~(1 << POINT_INDEX[point])
        if rest.bit_count() + broken.their_hand >= 3 and capturable(rest, rules):
            return True
    return False


#: For each code the core reports, how its sentence is built from the facts.
MESSAGES: dict[str, Callable[[Broken, Ruleset], str]] = {
    "after-game-end": _after_game_end,
    "syntax": _syntax,
    "must-move": _must_move,
    "must-place": _must_place,
    "occupied": _occupied,
    "not-own-stone": _not_own_stone,
    "not-adjacent": _not_adjacent,
    "extra-capture": _extra_capture,
    "capture-empty-or-own": _capture_empty_or_own,
    "protected-stone": _protected_stone,
    "missing-capture": _missing_capture,
}


def rule_message(broken: Broken, rules: Ruleset) -> str:
    """The sentence for a broken rule (without the ply's label)."""
    return MESSAGES[broken.code](broken, rules)


def legal_capture_order(points: Sequence[str], theirs: int, their_hand: int, room: int,
                        rules: Ruleset) -> Optional[list[str]]:
    """An order in which the captures ``points`` (as written, one of them refused) would be legal.

    ``theirs`` are the opponent's stones before the first of them, ``their_hand`` its stones
    in hand, ``room`` how many captures the ply may still take. None if no order is legal.

    >>> from muehle.analyzer.engine.board import mask_of
    >>> from muehle.analyzer.engine.rules import load_ruleset
    >>> stones = mask_of(["b2", "b4", "b6", "f2"])
    >>> legal_capture_order(["b4", "f2"], stones, 5, 2, load_ruleset("wmd"))
    ['f2', 'b4']
    >>> legal_capture_order(["b4", "f2"], stones, 5, 1, load_ruleset("wmd")) is None
    True
    """
    if len(points) > room or len(points) < 2 or any(point not in POINT_INDEX for point in points):
        return None
    for order in itertools.permutations(points):
        stones = theirs
        for number, point in enumerate(order, 1):
            bit = 1 << POINT_INDEX[point]
            if not capturable(stones, rules) & bit:
                break
            stones &= ~bit
            if stones.bit_count() + their_hand < 3 and number < len(order):
                break  # the game is decided: nothing more to capture
        else:
            return list(order)
    return None
