"""What ``muehle validate --suggest`` says of a game it rejects: the best repair ``muehle repair``
finds, worded as ``muehle repair`` words it, under the game's errors, and as the ``repair``
member of the game's JSON report. Only ``--suggest`` imports this module (validate's hot path
never does).

>>> from muehle.notation.reading.parser import parse_game
>>> game = parse_game("1. d2 d6 2. f2 f6 3. b2/xd6 d7 4. d6-d5 *")  # 4. d6-d5: White has no stone on d6
>>> found = best_repair(game, None)
>>> hint_lines(found)
['  repair: ply 7 `4. d6-d5` at 1:35: struck out (extra); the 0 plies after it are then legal']
>>> hint_dict(found)["edits"]
[{'ply': 7, 'was': '4. d6-d5', 'now': None, 'kind': 'extra'}]
"""

from __future__ import annotations

from typing import Any, Optional

from muehle.analyzer.engine.rules import RulesArg
from muehle.analyzer.repair.report import none_found, told_lines
from muehle.analyzer.repair.search import RepairReport, repair
from muehle.notation.record.model import GameRecord
from muehle.notation.text.errors import MuehleError
from muehle.notation.text.i18n import _


def best_repair(game: GameRecord, rules: RulesArg) -> Optional[RepairReport]:
    """The search's report on ``game`` under ``rules`` (``None``: its ``Rules`` tag, else wmd) with its
    best suggestion alone; ``None`` when the game cannot be replayed at all (an unknown ruleset, a
    set-up that gives no position: validate reports why)."""
    try:
        return repair(game, rules, top=1)
    except (MuehleError, RecursionError):
        return None


def hint_lines(report: Optional[RepairReport]) -> list[str]:
    """The lines under a rejected game's errors: the best repair (its first edit after ``repair:``,
    any further edit on a line of its own, the last saying how many plies are then legal), or why
    there is none."""
    lead = "  " + _("repair: ")
    if report is None:
        return [lead + _("none, the game cannot be replayed")]
    if report.error is None:
        return [lead + _("none needed in the main line, whose plies are legal as written (only the main line "
                         "is repaired)")]
    lines = []
    if report.partial_record:
        lines.append(lead + _("the record could be read only in part: the plies read before its first error "
                              "are repaired"))
    if report.repaired:
        lines.extend(told_lines(lead, report.suggestions[0]))
    else:
        lines.append(lead + none_found(report))
    return lines


def hint_dict(report: Optional[RepairReport]) -> Optional[dict[str, Any]]:
    """The ``repair`` member of a game's JSON report: the best complete repair as ``muehle repair
    --format json`` gives a suggestion (``docs/repair-schema.json``), or ``None`` when there is none."""
    if report is None or not report.repaired:
        return None
    return report.suggestions[0].to_dict()


__all__ = ["best_repair", "hint_dict", "hint_lines"]
