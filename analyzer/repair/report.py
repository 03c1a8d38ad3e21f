"""A repair told: in words (``muehle repair``'s text, English or German), as JSON, and applied to
the record (``muehle repair -o``), every change kept visible as a comment and a tag.

>>> from muehle.notation.reading.parser import parse_game
>>> from muehle.analyzer.repair.search import repair
>>> game = parse_game("1. d2 d6 2. f2 f6 3. b2/xd6 d7 4. d6-d5 *")  # 4. d6-d5: White has no stone on d6
>>> report = repair(game)
>>> report_lines(report)
['  repair 1 (cost 1.60): ply 7 `4. d6-d5` at 1:35: struck out (extra); the 0 plies after it are then legal']
>>> fixed = repaired_game(game, report)
>>> [ply.move_text for ply in fixed.plies][-1], fixed.final_comments, fixed.tags["Repaired"]
('d7', ['repaired: 4. d6-d5 struck out (extra)'], 'ply 7: 4. d6-d5 -> - (extra)')
"""

from __future__ import annotations

import copy
from typing import Optional

from muehle.analyzer.repair.search import MAX_SLIPS, Edit, RepairReport, Suggestion, _apply
from muehle.notation.record.model import WHITE, Game, Numbering, Ply, numbering_after
from muehle.notation.text.i18n import _, ngettext

#: The tag a repaired record carries: the edits, each as ``ply N: was -> now (kind)``.
REPAIRED_TAG = "Repaired"


def edit_words(edit: Edit) -> str:
    """One edit in words, with where the ply stands as written (``at 12:5``, when known)."""
    where = _(" at {line}:{column}").format(line=edit.line, column=edit.column) if edit.line else ""
    if edit.was is None:
        return _("ply {ply}{where}: put back `{now}` before it ({kind})").format(
            ply=edit.ply, where=where, now=edit.now, kind=edit.kind)
    if edit.now is None:
        return _("ply {ply} `{was}`{where}: struck out ({kind})").format(
            ply=edit.ply, was=edit.was, where=where, kind=edit.kind)
    return _("ply {ply} `{was}`{where}: read as `{now}` ({kind})").format(
        ply=edit.ply, was=edit.was, where=where, now=edit.now, kind=edit.kind)


def suggestion_lines(suggestion: Suggestion) -> list[str]:
    """A suggestion in words: one line per edit, the last one saying how many plies are then legal."""
    lines = [edit_words(edit) for edit in suggestion.edits]
    if suggestion.complete:
        after = ngettext("the {count} ply after it is then legal", "the {count} plies after it are then legal",
                         suggestion.legal_after).format(count=suggestion.legal_after)
    else:
        after = ngettext("then the first {count} ply is legal, no more", "then the first {count} plies are legal, no more",
                         suggestion.legal).format(count=suggestion.legal)
    if lines:
        lines[-1] += "; " + after
    return lines


def told_lines(head: str, suggestion: Suggestion) -> list[str]:
    """A suggestion under a game's error: its first edit after ``head`` (``renumber the plies`` when it
    has none), any further edit on a line of its own, the last saying how many plies are then legal."""
    words = suggestion_lines(suggestion)
    return [head + (words[0] if words else _("renumber the plies"))] + ["    " + line for line in words[1:]]


def none_found(report: RepairReport) -> str:
    """Why the search found no complete repair: it ran out of its budget, or no reading of at most
    :data:`~muehle.analyzer.repair.search.MAX_SLIPS` slips is legal."""
    if report.gave_up:
        return _("no repair found within the budget ({plies} plies replayed)").format(plies=report.spent)
    return _("no repair found of at most {slips} slips").format(slips=MAX_SLIPS)


def report_lines(report: RepairReport) -> list[str]:
    """What ``muehle repair`` writes under a game's first error: the suggestions, best first
    (numbered, with their costs), or that none was found."""
    lines: list[str] = []
    if report.partial_record:
        lines.append("  " + _("the record could be read only in part: the plies read before its first error "
                              "are repaired"))
    complete = [suggestion for suggestion in report.suggestions if suggestion.complete]
    for number, suggestion in enumerate(complete, 1):
        lines.extend(told_lines("  " + _("repair {number} (cost {cost:.2f}): ").format(number=number,
                                                                                    cost=suggestion.cost), suggestion))
    if not complete:
        lines.append("  " + none_found(report))
        partial = report.suggestions[0] if report.suggestions else None
        if partial is not None and partial.edits:
            lines.extend(told_lines("  " + _("the longest legal reading: "), partial))
    return lines


def report_dict(report: RepairReport, game: int, source: str) -> dict[str, object]:
    """The JSON object of one game (``docs/repair-schema.json``)."""
    return {
        "game": game,
        "file": source,
        "valid": report.valid,
        "repaired": report.repaired,
        "gave_up": report.gave_up,
        "partial_record": report.partial_record,
        "error": None if report.error is None else getattr(report.error, "to_dict")(),
        "suggestions": [suggestion.to_dict() for suggestion in report.suggestions],
    }


def repaired_game(game: Game, report: RepairReport) -> Optional[Game]:
    """``game`` with the best complete repair applied, or ``None`` when there is none (a legal game
    needs none). The plies keep their comments, annotations and variations; each changed ply gets
    a comment that gives the ply as written, a ply put back says so, a ply struck out is named in
    the comment of the ply after it (or the game's last comment), and the tag
    :data:`REPAIRED_TAG` lists every edit; the plies are numbered as they follow from the first."""
    if not report.repaired:
        return None
    suggestion = report.suggestions[0]
    written = game.plies
    moves = [(ply.target, ply.origin, tuple(ply.captures)) for ply in written]
    corrected, origin, _starts = _apply(moves, suggestion.ops)
    by_ply: dict[int, list[Edit]] = {}
    for edit in suggestion.edits:
        by_ply.setdefault(edit.ply, []).append(edit)
    plies: list[Ply] = []
    used: set[int] = set()
    struck = {edit.ply - 1 for edit in suggestion.edits if edit.now is None}
    for move, place in zip(corrected, origin):
        target, origin_point, captures = move
        if place is None:
            ply = Ply(None, "white", target)
            notes = ["repaired: put back, not in the record as written (omitted)"]
        else:
            ply = copy.deepcopy(written[place])
            used.add(place)
            notes = [f"repaired: written {edit.was} ({edit.kind})" for edit in by_ply.get(place + 1, [])
                     if edit.now is not None and edit.was is not None]
        ply.target, ply.origin, ply.captures = target, origin_point, list(captures)
        for number in sorted(struck):
            if number < (place if place is not None else len(written)) and number not in used:
                notes.append(f"repaired: {written[number].label()} struck out before this ply "
                             f"({by_ply[number + 1][0].kind})")
                used.add(number)
        ply.comments = notes + list(ply.comments) if notes else ply.comments
        plies.append(ply)
    result = copy.copy(game)
    result.tags = dict(game.tags)
    result.final_comments = list(game.final_comments)
    for number in sorted(struck):
        if number not in used:
            result.final_comments.insert(0, f"repaired: {written[number].label()} struck out "
                                            f"({by_ply[number + 1][0].kind})")
    first: Numbering = (None, written[0].side if written else WHITE)
    if written and written[0].number is not None:
        first = (written[0].number, written[0].side) if origin and origin[0] == 0 else (1, WHITE)
    for index, ply in enumerate(plies):
        ply.number, ply.side = numbering_after(first, index)
    result.plies = plies
    result.tags[REPAIRED_TAG] = "; ".join(
        f"ply {edit.ply}: {edit.was or '-'} -> {edit.now or '-'} ({edit.kind})" for edit in suggestion.edits)
    result.errors = []
    return result


__all__ = ["REPAIRED_TAG", "edit_words", "none_found", "repaired_game", "report_dict", "report_lines",
           "suggestion_lines", "told_lines"]
