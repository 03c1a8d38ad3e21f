"""The analysis of a game as text for people: a timeline, a summary, the end.

One line per event, aligned in columns: the move number in the book's style
(``18.`` for White, ``17...`` for Black), the ply as written, the event type and
what happened. Lines of the same ply after the first leave the move blank. A
game stopped by an illegal ply ends with the position to restore (WMD 6) as a
diagram and as a FEN.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional, Sequence

from muehle.analyzer.engine.board import GEOMETRIES, Position
from muehle.analyzer.engine.events import reason_text
from muehle.analyzer.engine.messages import counted_plies, mill_text
from muehle.analyzer.engine.rules import Ruleset
from muehle.analyzer.pictures.diagram import PHASE_WORDS, LastPly, game_over_text, render_diagram
from muehle.analyzer.reports.analysis import WITHOUT, Analysis, Event, IllegalPly, PlyNames
from muehle.notation.record.model import SIDES, WHITE, Side, other_side, side_name
from muehle.notation.text.errors import visible
from muehle.notation.text.i18n import N_, _

_NOBODY = N_("Nobody")


def _name(side: Optional[Side]) -> str:
    return _(_NOBODY) if side is None else side_name(side)


def _other(side: Optional[Side]) -> str:
    return "?" if side is None else side_name(other_side(side))


def _ordinal(n: int) -> str:
    """``2nd``, ``3rd``, ``11th``, ``21st``.

    >>> [_ordinal(n) for n in (2, 3, 4, 11, 12, 21, 22, 23)]
    ['2nd', '3rd', '4th', '11th', '12th', '21st', '22nd', '23rd']
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return _("{count}{suffix}").format(count=n, suffix=suffix)


def _plies_text(analysis: Analysis, plies: list[int]) -> str:
    words = [analysis.label(ply) if ply else _("the start") for ply in plies]
    return words[0] if len(words) == 1 else _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def _until(analysis: Analysis, event: Event) -> str:
    until = event.fields.get("until")
    if until is None:
        return _("to the end")
    if until == event.ply:
        return _("only here")
    return _("until {ply}").format(ply=analysis.label(until))


def _stones(stones: dict[str, int]) -> str:
    return _("White {white}, Black {black} stones").format(white=stones["white"], black=stones["black"])


def _mill(e: Event, same_ply: Sequence[Event]) -> str:
    """The mill event ``e``; ``same_ply`` holds the events of its ply (a capture among them makes
    a want of stones to capture "nothing more")."""
    double = _(" (double mill)") if e.fields["double"] else ""
    text = _("{side} closes {points}").format(side=_name(e.side), points=mill_text(e.fields["points"])) + double
    why = e.fields["nothing_to_capture"]
    if why:
        more = any(x.type == "capture" for x in same_ply)
        text += (_("; nothing more to capture: ") if more else _("; nothing to capture: ")) + (
            (_("every Black stone stands in a mill") if e.side == WHITE else _("every White stone stands in a mill"))
            if why == "all-in-mills" else _("{side} has no stone on the board").format(side=_other(e.side)))
    return text


def _capture(analysis: Analysis, e: Event) -> str:
    return _("{side} captures {point}; {other} keeps {count}").format(
        side=_name(e.side), point=e.fields["point"], other=_other(e.side), count=e.fields["stones_left"])


def _phase(analysis: Analysis, e: Event) -> str:
    phase_from, phase_to = (_(PHASE_WORDS.get(e.fields[key], e.fields[key])) for key in ("from", "to"))
    return f"{_name(e.side)}: {phase_from} -> {phase_to}"


def _repetition(analysis: Analysis, e: Event) -> str:
    earlier = e.fields["earlier"]
    if len(earlier) <= 2:
        before = _("before: {plies}").format(plies=_plies_text(analysis, earlier))
    else:
        before = _("first {first}, last {last}").format(first=_after(analysis, earlier[0]),
                                                        last=_after(analysis, earlier[-1]))
    return _("position for the {nth} time ({before})").format(nth=_ordinal(e.fields["count"]), before=before)


def _after(analysis: Analysis, ply: int) -> str:
    return _("at the start") if ply == 0 else _("after {ply}").format(ply=analysis.label(ply))


def _draw_right(analysis: Analysis, e: Event) -> str:
    then = _("the game is drawn") if e.fields["automatic"] else _("a draw may be claimed")
    if e.fields["rule"] == "repetition":
        return _("threefold repetition: {then}").format(then=then)
    text = _("{plies} without {what}: {then}") if e.fields["exact"] else _("at least {plies} without {what}: {then}")
    return text.format(plies=counted_plies(e.fields["count"]),
                       what=_(WITHOUT.get(e.fields["reset"], WITHOUT["capture"])), then=then)


def _mandatory(analysis: Analysis, e: Event) -> str:
    return _("an offer by {side} must be accepted, {until} ({stones}; WMD {clause})").format(
        side=_name(e.side), until=_until(analysis, e), stones=_stones(e.fields["stones"]), clause=e.fields["clause"])


def _offer(analysis: Analysis, e: Event) -> str:
    text = _("{side} offers a draw: ").format(side=_name(e.side))
    if not e.fields["rule"]:
        return text + _("no duty to accept under {rules}").format(rules=analysis.rules.name)
    if e.fields["obliged"]:
        return text + _("{side} must accept ({stones}; WMD {clause})").format(
            side=_other(e.side), stones=_stones(e.fields["stones"]), clause=e.fields["clause"])
    end = analysis.summary["end"]
    if end["reason"] not in (None, "declared") and e.ply >= end["ply"]:
        return text + _("the game was already decided")
    return text + _("{side} need not accept ({stones})").format(side=_other(e.side), stones=_stones(e.fields["stones"]))


def _zwickmuehle(analysis: Analysis, e: Event, word: str = "Zwickmühle") -> str:
    shuttles = "; ".join(
        _("{move} closes {mill}").format(move=f"{s['stone']}-{s['to']}", mill=mill_text(s["closes"]))
        for s in e.fields["shuttles"])
    return _("{side} has a {word}, {until}: {shuttles}").format(side=_name(e.side), word=word,
                                                                until=_until(analysis, e), shuttles=shuttles)


def _game_over(analysis: Analysis, e: Event) -> str:
    return end_text(analysis, {**e.fields, "ply": e.ply})


_DESCRIBE: dict[str, Callable[[Analysis, Event], str]] = {
    "capture": _capture, "phase": _phase, "repetition": _repetition,
    "draw-right": _draw_right, "mandatory-draw": _mandatory, "draw-offer": _offer,
    "zwickmuehle": _zwickmuehle, "game-over": _game_over,
}


def end_text(analysis: Analysis, end: dict[str, Any]) -> str:
    """``White wins after 15. (Black has fewer than three stones); declared 1-0: agrees``."""
    if end["reason"] is None:
        text = _("unfinished")
    else:
        winner = end["winner"]
        reason = reason_text(end["reason"], winner)
        verdict = _("{side} wins").format(side=_name(winner)) if winner else _("draw")
        text = f"{verdict} {_after(analysis, end['ply'])} ({reason})"
    if end["declared"] is None:
        text += _("; no result declared")
    else:
        agreement = {True: _("agrees"), False: _("does NOT agree"), None: ""}[end["agrees"]]
        text += _("; declared {result}: {agreement}").format(result=end["declared"], agreement=agreement)
    if end["result_tag_error"]:
        text += f"; {end['result_tag_error']} [result-tag]"
    return text


def describe(analysis: Analysis, event: Event, same_ply: Sequence[Event], ascii: bool = False) -> str:
    """What an event says, in one line of text; ``same_ply`` holds the events of its ply."""
    if event.type == "mill":
        return _mill(event, same_ply)
    if event.type == "zwickmuehle" and ascii:
        return _zwickmuehle(analysis, event, "Zwickmuehle")
    return _DESCRIBE[event.type](analysis, event)


def _summary(analysis: Analysis) -> list[str]:
    s = analysis.summary
    phases = "; ".join(
        f"{_name(side)} " + ", ".join(f"{count} {_(PHASE_WORDS.get(name, name))}"
                                      for name, count in s["phases"][side].items() if count)
        for side in SIDES if any(s["phases"][side].values()))
    mills = ", ".join(
        f"{_name(side)} {s['mills'][side]}" + (_(" ({count} double)").format(count=s["double_mills"][side])
                                               if s["double_mills"][side] else "")
        for side in SIDES)
    captures = ", ".join(f"{_name(side)} {s['captures'][side]}" for side in SIDES)
    longest = s["longest_without_capture"]
    quiet = _("none") if not longest["plies"] else _("{plies} ({first} to {last})").format(
        plies=counted_plies(longest["plies"]), first=analysis.label(longest["from"]),
        last=analysis.label(longest["to"]))
    arisen = sorted((ply, rule) for rule, ply in s["draw_rights"].items() if ply is not None)
    rights = ", ".join(f"{rule} {_after(analysis, ply)}" for ply, rule in arisen) or _("none")
    rows = [
        (_("plies"), f"{s['plies']}" + (f" ({phases})" if phases else "")),
        (_("mills"), mills),
        (_("captures"), captures),
        (_("no capture"), _("longest stretch {stretch}").format(stretch=quiet)),
        (_("draw rights"), rights),
        (_("end"), end_text(analysis, s["end"])),
    ]
    return [f"  {name:<13}{value}" for name, value in rows]


def render_text(analysis: Analysis, title: str, ascii: bool = False, colour: bool = False) -> str:
    """The report of one game: ``title``, the timeline, the summary, and the illegal ply if any
    (its diagram painted for a terminal with ``colour``: then the whole text is terminal-safe)."""
    lines = [title]
    events = analysis.events
    if events:
        width_label = max(len(analysis.label(e.ply)) for e in events)
        width_move = max(len(_move_text(e)) for e in events)
        width_type = max(len(e.type) for e in events)
        previous = None
        for event, text in _fold_repeats(analysis, events, ascii):
            first = event.ply != previous
            previous = event.ply
            label = analysis.label(event.ply) if first else ""
            move = _move_text(event) if first else ""
            lines.append(f"  {label:<{width_label}}  {move:<{width_move}}  {event.type:<{width_type}}  "
                         f"{text}".rstrip())
    else:
        lines.append("  " + _("(no events)"))
    lines.append(_("summary"))
    lines.extend(_summary(analysis))
    if colour:  # (the record's texts, its tags say, made safe before the painting)
        lines = [visible(line) for line in lines]
    if analysis.illegal is not None:
        lines.extend(restore_view(analysis.illegal, analysis.names, analysis.rules).lines(ascii, colour))
    return "\n".join(lines) + "\n"


def _fold_repeats(analysis: Analysis, events: list[Event], ascii: bool) -> list[tuple[Event, str]]:
    """Each event with its text; a run of plies that only repeat positions for the 4th time or
    more (a shuffle going on) becomes one line."""
    by_ply: dict[int, list[Event]] = {}
    for event in events:
        by_ply.setdefault(event.ply, []).append(event)

    def routine(ply: int) -> bool:
        group = by_ply.get(ply, [])
        return len(group) == 1 and group[0].type == "repetition" and group[0].fields["count"] >= 4

    lines: list[tuple[Event, str]] = []
    index = 0
    while index < len(events):
        event = events[index]
        last = event.ply
        if routine(event.ply):
            while routine(last + 1):
                last += 1
        if last - event.ply >= 2:
            counts = [by_ply[ply][0].fields["count"] for ply in range(event.ply, last + 1)]
            lines.append((event, _("every ply up to {move} repeats a position, each for the {first} to {last} time").format(
                move=analysis.names.move(last), first=_ordinal(min(counts)), last=_ordinal(max(counts)))))
            index += last - event.ply + 1
        else:
            lines.append((event, describe(analysis, event, by_ply[event.ply], ascii)))
            index += 1
    return lines


@dataclass(frozen=True)
class RestoreView:
    """The position to restore after an illegal ply, ready to be drawn: the heading lines, the position and
    the marks of the ply before it, the FEN, the ruleset's board by name (its ``board``). Small
    and plain: a report carries it to another process, and the diagram is drawn only when it is shown."""

    heading: tuple[str, ...]
    position: Position
    last: Optional[LastPly]
    flying: bool
    game_over: Optional[str]
    fen: str
    board: str = "standard"
    flying_at: int = 3
    lose_below: int = 3

    def lines(self, ascii: bool = False, colour: bool = False) -> list[str]:
        """The broken rule and the position the arbiter must restore (WMD 6), as terminal-safe text (the
        diagram in ASCII with ``ascii``, painted for a terminal with ``colour``); for a misnumbered ply,
        which breaks the record and not a rule of play, the position the record reaches."""
        board = render_diagram(self.position, last=self.last, ascii=ascii, flying=self.flying,
                               game_over=self.game_over, colour=colour, geometry=GEOMETRIES[self.board],
                               flying_at=self.flying_at, lose_below=self.lose_below)
        rows = [f"  {row}".rstrip() for row in board.splitlines()]
        # (the ruleset's citation is a file's text; a painted diagram was made safe as it was painted)
        shown = [visible(line) for line in self.heading]
        shown.extend(rows if colour else (visible(row) for row in rows))
        shown.append(f"  FEN: {self.fen}")
        return shown


def restore_view(illegal: IllegalPly, names: PlyNames, rules: Ruleset) -> RestoreView:
    """The :class:`RestoreView` of an illegal ply (its text: :meth:`RestoreView.lines`)."""
    start = _("the set-up position") if illegal.set_up else _("the start")
    where = start if illegal.restore_ply == 0 else _("after {ply}").format(ply=names.move(illegal.restore_ply))
    if illegal.restore_reason == "numbering":  # the scoresheet is wrong, not the board: nothing to restore
        heading = (_("misnumbered ply {ply}: {message}").format(ply=illegal.ply, message=illegal.message)
                   + f" [{illegal.code}]",
                   _("the record cannot be followed past this position ({where}):").format(where=where))
    else:
        cited = rules.cite("restore")
        heading = (_("illegal ply {ply}: {message}").format(ply=illegal.ply, message=illegal.message)
                   + f" [{illegal.code}]",
                   _("position to restore ({where}; {section}):").format(where=where, section=cited[0]) if cited
                   else _("position to restore ({where}):").format(where=where))
    over = game_over_text(illegal.decided) if illegal.decided is not None else None
    last = None if illegal.last_record is None else LastPly.of(illegal.last_record)
    return RestoreView(heading, illegal.restore, last, rules.flying, over, illegal.fen, rules.board, rules.flying_at,
                       rules.lose_below)


def _move_text(event: Event) -> str:
    """The ply as written, without its number: the label column shows the number."""
    if event.move is None:
        return ""
    return event.move.split(" ", 1)[1] if " " in event.move else event.move
