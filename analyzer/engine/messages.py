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

from muehle.analyzer.engine.board import GEOMETRIES, POINT_INDEX, lost, points_of
from muehle.analyzer.engine.core import Broken, capturable
from muehle.analyzer.engine.events import end_text
from muehle.analyzer.engine.rules import BLOCKED_REMOVALS, Ruleset
from muehle.notation.record.model import SIDES
from muehle.notation.record.model import side_name as name_of_side
from muehle.notation.text.errors import shortened
from muehle.notation.text.i18n import _, ngettext

#: Every mill of every board (:data:`~muehle.analyzer.engine.board.GEOMETRIES`) as its three points.
_MILL_POINTS: dict[int, tuple[str, str, str]] = {
    mill: line for geometry in GEOMETRIES.values() for mill, line in zip(geometry.mills, geometry.lines)}


def counted_plies(count: int) -> str:
    """``count`` plies in words, in the current language.

    >>> counted_plies(1), counted_plies(0)
    ('1 ply', '0 plies')
    """
    return ngettext("{count} ply", "{count} plies", count).format(count=count)


def side_name(side: int) -> str:
    """White (0) or Black (1), in the current language."""
    return name_of_side(SIDES[side])


def a_stone(side: int) -> str:
    """``a White stone`` (0) or ``a Black stone`` (1), in the current language."""
    return _("a White stone") if side == 0 else _("a Black stone")


def list_text(points: list[str]) -> str:
    """Points (or mills) as a list in words.

    >>> list_text(["a1"]), list_text(["a1", "d1", "g1"])
    ('a1', 'a1, d1 and g1')
    """
    if len(points) == 1:
        return points[0]
    return _("{items} and {last}").format(items=", ".join(points[:-1]), last=points[-1])


def mill_text(points: Sequence[str]) -> str:
    """A mill as every text output writes it: its three points in board order, joined by ``-``.

    >>> mill_text(("d5", "d6", "d7"))
    'd5-d6-d7'
    """
    return "-".join(points)


def mills_text(closed: list[int]) -> str:
    """Mills (masks) as their points: ``a1-d1-g1 and a1-a4-a7`` (three, at a corner of a board with
    diagonals: ``a1-d1-g1, a1-a4-a7 and a1-b2-c3``)."""
    return list_text([mill_text(_MILL_POINTS[mill]) for mill in closed])


def mill_points(mill: int) -> tuple[str, str, str]:
    """A mill (mask) as its three points in board order."""
    return _MILL_POINTS[mill]


def _after_game_end(broken: Broken, rules: Ruleset) -> str:
    outcome = broken.outcome
    assert outcome is not None
    when = _("after ply {ply}").format(ply=outcome.ply) if outcome.ply else _("at the start")
    return _("the game was already over {when} ({end})").format(when=when, end=end_text(outcome, past=True))


def _syntax(broken: Broken, rules: Ruleset) -> str:
    return _("{point} is not a point of the board").format(point=broken.point)


def _must_move(broken: Broken, rules: Ruleset) -> str:
    return _("{side} has no stones in hand and must move a stone").format(side=side_name(broken.mover))


def _must_place(broken: Broken, rules: Ruleset) -> str:
    return ngettext("{side} still has {count} stone in hand and must place one",
                    "{side} still has {count} stones in hand and must place one",
                    broken.in_hand).format(side=side_name(broken.mover), count=broken.in_hand)


def _occupied(broken: Broken, rules: Ruleset) -> str:
    bit = 1 << POINT_INDEX[broken.point]
    owner = broken.mover if broken.own & bit else 1 - broken.mover
    return _("{point} is already occupied by {stone}").format(point=broken.point, stone=a_stone(owner))


def _marked(broken: Broken, rules: Ruleset) -> str:
    return _("{point} is marked: its stone was captured while placing, and no stone may be placed there "
             "until placing ends").format(point=broken.point)


def _capture_marked(broken: Broken, rules: Ruleset) -> str:
    return _("{point} is marked: its stone was captured already while placing, and a marked point "
             "cannot be captured").format(point=broken.point)


def _full_board_removal(broken: Broken, rules: Ruleset) -> str:
    # (the order of removers_at_placing_end and removers_when_full: Black's first where the defender moves first)
    if rules.mill_while_placing == "mill-counts" and rules.defender_first:
        due = _("placing has ended: Black, then White, remove {count} stones in all by the count of mills on the "
                "board (mill_while_placing: mill-counts, defender_first)").format(count=broken.required)
    elif rules.mill_while_placing == "mill-counts":
        due = _("placing has ended: White, then Black, remove {count} stones in all by the count of mills on the "
                "board (mill_while_placing: mill-counts)").format(count=broken.required)
    elif broken.required == 2:
        due = _("the placements have filled the board: White removes a Black stone, then Black a White one "
                "(board_full: remove-both)")
    elif rules.defender_first:
        due = _("the placements have filled the board: Black removes a White stone (board_full: remove-one, "
                "defender_first)")
    else:
        due = _("the placements have filled the board: White removes a Black stone (board_full: remove-one)")
    if broken.taken < broken.required:
        return _("{due}, written after the placement (as in e5xf6xc5)").format(due=due)
    return _("{due}, and no more").format(due=due)


def _not_own_stone(broken: Broken, rules: Ruleset) -> str:
    point, mover = broken.point, broken.mover
    if broken.theirs & 1 << POINT_INDEX[point]:
        if mover == 0:
            return _("{point} holds a Black stone, not a White one").format(point=point)
        return _("{point} holds a White stone, not a Black one").format(point=point)
    return _("there is no stone on {point} to move").format(point=point)


def _not_adjacent(broken: Broken, rules: Ruleset) -> str:
    count = broken.own.bit_count()
    if rules.flying or count > 3:
        why = _("{side} has {count} stones and may not jump").format(side=side_name(broken.mover), count=count)
    else:
        why = _("jumping is not allowed under the rules {rules}").format(rules=shortened(rules.name))
    return _("{target} is not adjacent to {origin} ({why})").format(target=broken.target, origin=broken.origin,
                                                                    why=why)


def _extra_capture(broken: Broken, rules: Ruleset) -> str:
    closed, theirs, their_name = broken.closed, broken.theirs, side_name(1 - broken.mover)
    if rules.capture_kinds is not None and broken.required and not lost(theirs, broken.their_hand, rules.lose_below):
        # (a capture without a mill took part: capture_kinds.judge_captures)
        return ngettext("the ply captures {count} stone and no more", "the ply captures {count} stones and no more",
                        broken.required).format(count=broken.required)
    if not closed:
        again = rules.geometry.mills_closed_at(broken.own, POINT_INDEX[broken.target]) if rules.one_time_mills else []
        if again:
            return _("{side} formed the mill {mills} before, and under the rules {rules} a mill captures only the "
                     "first time it is closed").format(side=side_name(broken.mover), mills=mills_text(again),
                                                      rules=shortened(rules.name))
        return _("no mill is closed, so no stone may be captured")
    if lost(theirs, broken.their_hand, rules.lose_below):
        return _("{side} already has fewer than three stones: the game is over").format(side=their_name)
    if broken.required == 0 and broken.origin is None and rules.mill_while_placing == "from-hand":
        return _("the mill takes its capture from {side}'s stones in hand (mill_while_placing: from-hand), "
                 "so no stone is captured on the board").format(side=their_name)
    if broken.required == 0 or not capturable(theirs, rules):
        if not theirs:
            return _("{side} has no stone on the board to capture").format(side=their_name)
        if broken.mover == 0:
            return _("no Black stone may be captured: all stand in closed mills")
        return _("no White stone may be captured: all stand in closed mills")
    if len(closed) == 2:
        # (only a placement closes two mills: a move leaves one of the target's two lines
        # incomplete where it came from, and a jump is made with three stones)
        if broken.required == 2:
            return _("a double mill captures two stones")
        return _("a double mill captures one stone under the rules {rules}").format(rules=shortened(rules.name))
    return _("one mill captures one stone")


def _mill_moving_back(broken: Broken, rules: Ruleset) -> str:
    return _("the stone on {origin} closed a mill with {side}'s last move, coming from {target}; under the rules "
             "{rules} it may not close the mill {mills} by moving straight back").format(
        origin=broken.origin, side=side_name(broken.mover), target=broken.target, rules=shortened(rules.name),
        mills=mills_text(broken.closed))


def _capture_empty_or_own(broken: Broken, rules: Ruleset) -> str:
    point = broken.point
    if broken.own & 1 << POINT_INDEX[point]:
        return _("{point} holds {side}'s own stone, which cannot be captured").format(
            point=point, side=side_name(broken.mover))
    return _("there is no stone on {point} to capture").format(point=point)


def _removal_not_adjacent(broken: Broken, rules: Ruleset) -> str:
    return _("{point} is next to none of the remover's stones: a side that cannot move removes a stone next to "
             "one of its own under the rules {rules}").format(point=broken.point, rules=shortened(rules.name))


def _removal_alone(broken: Broken, rules: Ruleset) -> str:
    return _("a ply of removals alone follows no ply of its line: no removal is due here")


def _protected_stone(broken: Broken, rules: Ruleset) -> str:
    point = broken.point
    allowed = capturable(broken.theirs, rules)
    if not allowed:
        return _("{point} is in a closed mill, and under the rules {rules} no "
                 "stone may be captured from a closed mill").format(point=point, rules=shortened(rules.name))
    others = points_of(allowed)
    message = ngettext("{point} is in a closed mill while {others} is not",
                       "{point} is in a closed mill while {others} are not",
                       len(others)).format(point=point, others=list_text(others))
    order = legal_capture_order(broken.rest, broken.theirs, broken.their_hand,
                                broken.required - broken.taken, rules)
    if order:
        message += _(": capture {first} first, then {last}").format(first=list_text(order[:-1]), last=order[-1])
    return message


def _missing_capture(broken: Broken, rules: Ruleset) -> str:
    closed, theirs = broken.closed, 1 - broken.mover
    if broken.taken >= broken.required and rules.blocked in BLOCKED_REMOVALS:
        # (the ply's mills have their captures: the removal missing is a blocked side's, stalemate.blocked_turn)
        message = _("{side} cannot move after this ply and removes {stone} next to one of its own (blocked: "
                    "{action}), written after the ply's captures").format(
            side=side_name(theirs), stone=a_stone(broken.mover), action=rules.blocked)
        if rules.blocked == "both-remove":
            message += _("; then {side} removes {stone}").format(side=side_name(broken.mover), stone=a_stone(theirs))
        return message
    mills = mills_text(closed)
    if broken.taken:
        return _("the double mill {mills} captures two stones, and only one was taken").format(mills=mills)
    if len(closed) == 1:
        return _("the mill {mills} is closed and {stone} must be captured").format(mills=mills, stone=a_stone(theirs))
    if broken.required == 2 and _two_can_be_taken(broken, rules):
        stones = _("two White stones") if theirs == 0 else _("two Black stones")
        return _("the mills {mills} are closed and {stones} must be captured").format(mills=mills, stones=stones)
    return _("the mills {mills} are closed and {stone} must be captured").format(mills=mills, stone=a_stone(theirs))


def _two_can_be_taken(broken: Broken, rules: Ruleset) -> bool:
    """Whether the opponent has two stones that may be captured one after the other (else the
    second capture of a double mill is not due: there is nothing left to take)."""
    theirs = broken.theirs
    for point in points_of(capturable(theirs, rules)):
        rest = theirs & ~(1 << POINT_INDEX[point])
        if not lost(rest, broken.their_hand, rules.lose_below) and capturable(rest, rules):
            return True
    return False


def _capture_kind_target(broken: Broken, rules: Ruleset) -> str:
    return _("{point} may not be captured here: the ply captures from {points} only (a capture without a "
             "mill under the rules {rules})").format(point=broken.point, points=list_text(list(broken.rest)),
                                                    rules=shortened(rules.name))


def _capture_kind_missing(broken: Broken, rules: Ruleset) -> str:
    count = broken.required - broken.taken
    return ngettext("one more stone must be captured, from {points} (a capture without a mill under the rules "
                    "{rules})",
                    "{count} more stones must be captured, from {points} (a capture without a mill under the "
                    "rules {rules})", count).format(count=count, points=list_text(list(broken.rest)),
                                                    rules=shortened(rules.name))


#: For each code the core reports, how its sentence is built from the facts.
MESSAGES: dict[str, Callable[[Broken, Ruleset], str]] = {
    "after-game-end": _after_game_end,
    "syntax": _syntax,
    "must-move": _must_move,
    "must-place": _must_place,
    "occupied": _occupied,
    "marked": _marked,
    "not-own-stone": _not_own_stone,
    "not-adjacent": _not_adjacent,
    "extra-capture": _extra_capture,
    "capture-empty-or-own": _capture_empty_or_own,
    "capture-marked": _capture_marked,
    "full-board-removal": _full_board_removal,
    "protected-stone": _protected_stone,
    "missing-capture": _missing_capture,
    "capture-kind-target": _capture_kind_target,
    "capture-kind-missing": _capture_kind_missing,
    "mill-moving-back": _mill_moving_back,
    "removal-not-adjacent": _removal_not_adjacent,
    "removal-alone": _removal_alone,
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
            if lost(stones, their_hand, rules.lose_below) and number < len(order):
                break  # the game is decided: nothing more to capture
        else:
            return list(order)
    return None
