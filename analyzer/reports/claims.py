"""The arbiter's question: at this point of the game, was this draw claim right?

A claim is made *after* a ply: "after ply N" is the position once ply N has been
played (plies count from 1 for White's first placement; after ply 0 is at the start,
where a set-up record's no-progress count may already give a right). Three claims are judged
(WMD Turnierreglement 3.0, ``000_ed81c6983a0f69c1.txt``):

``repetition`` (11.2)
    valid when the position after ply N (board, side to move, stones in hand)
    stands for the third time or more; the start position counts.
``no-capture`` (11.3)
    valid when the ruleset's no-progress counter has reached its limit after
    ply N (``wmd``: 60 plies, placements counted, without a capture), or its
    ``endgame_limit`` while a side has three stones: when the replay recorded the
    right (:attr:`~muehle.analyzer.engine.replay.Replay.draw_rights`) and no progress
    was made since.
``mandatory-draw`` (11.5)
    the claimant offered a draw after ply N; valid when the opponent had to accept
    it by the stone counts of that position (see :mod:`muehle.analyzer.reports.mandatory_draw`).

Either side may claim the first two. Under a ruleset with ``claim_with_next_move``
(Brettspielnetz: "schickt eurem Mitspieler mit dem nächsten Zug ein Remis-Angebot") a
claim made with the claimant's own ply N is also valid when the right existed after
ply N - 1, the position the claimant found. A rule the ruleset does not have makes the
claim invalid, saying so. A ply the record does not have, or one at or after an
illegal ply, is an error (:class:`ClaimError`), not a verdict.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from muehle.analyzer.engine.board import Position
from muehle.analyzer.engine.events import DrawRight, reason_text
from muehle.analyzer.engine.messages import counted_plies
from muehle.analyzer.engine.replay import Replay
from muehle.analyzer.reports.analysis import WITHOUT, PlyNames
from muehle.analyzer.reports.mandatory_draw import obliging_clause, stone_count
from muehle.notation.record.model import BLACK, SIDES, WHITE, Ply, Side, other_side, side_name
from muehle.notation.text.errors import MuehleError, no_ply, shortened
from muehle.notation.text.i18n import _

#: The rules a claim may invoke.
CLAIM_RULES = ("repetition", "no-capture", "mandatory-draw")


class ClaimError(MuehleError):
    """A claim that cannot be judged: the ply is not in the record or not legally reached."""

    code = "claim"


@dataclass
class ClaimVerdict:
    """The answer to a claim: ``valid`` or not, the reason in one sentence, and the proof as data."""

    valid: bool
    rule: str
    by: Side
    ply: int
    move: str
    reason: str
    proof: dict[str, Any] = field(default_factory=dict)
    #: the section of the rules text the verdict rests on and its words, when the ruleset cites it
    cites: Optional[tuple[str, str]] = None

    def to_dict(self) -> dict[str, Any]:
        """The verdict as plain data (the JSON contract of ``muehle claim``)."""
        return {"rule": self.rule, "by": self.by, "ply": self.ply, "move": self.move or None,
                "verdict": "valid" if self.valid else "invalid", "valid": self.valid, "reason": self.reason,
                "proof": self.proof,
                "cites": None if self.cites is None else {"section": self.cites[0], "text": self.cites[1]}}

    def text(self) -> str:
        """The verdict on the claim, the reason, and the rules text it rests on (when cited)."""
        what = {"repetition": _("a draw by threefold repetition"),
                "no-capture": _("a draw by the no-capture rule"),
                "mandatory-draw": _("that a draw offer must be accepted")}[self.rule]
        when = _("after {move} (ply {ply})").format(move=self.move, ply=self.ply) if self.ply else _("at the start (ply 0)")
        cited = _('{section}: "{words}"').format(section=self.cites[0], words=self.cites[1]) + "\n" if self.cites is not None else ""
        word = _("valid") if self.valid else _("invalid")
        claim = _("{side} claims {what} {when}").format(side=side_name(self.by), what=what, when=when)
        return f"{word}: {claim}\n{self.reason}\n{cited}"


def judge_claim(replay: Replay, ply: int, by: Side, rule: str) -> ClaimVerdict:
    """Judge the claim of ``by`` under ``rule`` after ply ``ply`` of the replayed main line.

    Raises :class:`ClaimError` (located) when the record has no such ply or the
    ply was not legally reached; :class:`ValueError` for an unknown rule (one of
    :data:`CLAIM_RULES`) or a side other than ``"white"``/``"black"``, and
    :class:`TypeError` for a ply that is not an ``int``.
    """
    if not isinstance(ply, int) or isinstance(ply, bool):
        raise TypeError(f"ply must be a whole number (int), not {type(ply).__name__}")
    if by not in SIDES:
        raise ValueError(f"by must be 'white' or 'black', not {by!r}")
    if rule not in CLAIM_RULES:
        raise ValueError(f"unknown claim rule {rule!r} (the rules: {', '.join(CLAIM_RULES)})")
    record = _record(replay, ply)
    names = PlyNames(replay.plies, replay.start)
    move = names.move(ply) or ""
    outcome = replay.outcome
    if outcome is not None and outcome.winner is not None and outcome.reason != "declared" \
            and outcome.ply <= ply:
        when = _("after {ply}").format(ply=names.label(outcome.ply)) if outcome.ply else _("at the start")
        return ClaimVerdict(False, rule, by, ply, move,
                       _("the game was already decided {when}: {side} won, {reason}").format(
                           when=when, side=side_name(outcome.winner), reason=reason_text(outcome.reason, outcome.winner)),
                       {"outcome": outcome.to_dict()}, replay.rules.cite(outcome.reason))
    judge = {"repetition": _repetition, "no-capture": _no_capture, "mandatory-draw": _mandatory}[rule]
    valid, reason, proof = judge(replay, record, by, names)
    if not valid and rule != "mandatory-draw" and replay.rules.claim_with_next_move and record.side == by:
        # the claim goes with the claimant's ply: the right may have existed before it
        before, reason_before, proof_before = judge(replay, _record(replay, ply - 1), by, names)
        if before:
            return ClaimVerdict(True, rule, by, ply, move,
                           _("claimed with {side}'s next ply, {move}, as the rules {rules} have it: {reason}").format(
                               side=side_name(by), move=move, rules=replay.rules.name, reason=reason_before),
                           proof_before, replay.rules.cite(rule))
    return ClaimVerdict(valid, rule, by, ply, move, reason, proof, replay.rules.cite(rule))


@dataclass(frozen=True)
class _AtTheStart:
    """The start position as the claims see a ply: what a claim after ply 0 is judged on."""

    after: Position
    plies_without_capture: int
    index: int = 0
    earlier_occurrences: tuple[int, ...] = ()
    ply: Optional[Ply] = None
    side: Optional[Side] = None


def _record(replay: Replay, ply: int) -> Any:
    game = replay.game
    where: dict[str, Any] = {"source": game.source or "<input>", "line": game.line}
    if ply < 0:
        raise ClaimError(_("plies count from 1 (White's first placement; 0 is the start), not {ply}").format(ply=ply),
                         **where)
    error = next((e for e in replay.errors if e.code != "result-mismatch"), None)
    if error is not None and error.code == "syntax" and error.ply is None:
        raise ClaimError(_("the record cannot be read, so no claim can be judged: {message}").format(message=error.message),
                         source=where["source"], line=error.line or game.line, column=error.column)
    if ply == 0:
        return _AtTheStart(replay.start, replay.start_no_progress)
    if ply <= len(replay.records):
        return replay.records[ply - 1]
    total = len(replay.plies)
    if error is not None and ply <= total:
        last = len(replay.records)
        raise ClaimError(
            _("ply {ply} is not reached legally: {message} [{code}]; a claim can be judged only up to ply {last}").format(
                ply=ply, message=error.message, code=error.code, last=last),
            source=where["source"], line=error.line or game.line, column=error.column,
        )
    raise ClaimError(no_ply(ply, total), **where)


def _occurrences(plies: list[int], names: PlyNames) -> str:
    """``at the start, after 11. (ply 21) and 13. (ply 25)``."""
    parts = [_("{label} (ply {ply})").format(label=names.label(ply), ply=ply) for ply in plies if ply]
    text = "" if not parts else _("after {plies}").format(plies=(
        parts[0] if len(parts) == 1 else _("{items} and {last}").format(items=", ".join(parts[:-1]), last=parts[-1])))
    if plies and plies[0] == 0:
        if len(parts) > 1:
            return _("at the start") + f", {text}"
        return _("{items} and {last}").format(items=_("at the start"), last=text) if parts else _("at the start")
    return text


def _repetition(replay: Replay, record: Any, by: Side, names: PlyNames) -> tuple[bool, str, dict[str, Any]]:
    rules = replay.rules
    occurrences = [*record.earlier_occurrences, record.index]
    count = len(occurrences)
    proof = {"occurrences": occurrences, "count": count, "required": 3}
    if rules.repetition == "off":
        return False, _("the rules {rules} have no threefold repetition rule").format(
            rules=shortened(rules.name)), proof
    times = {1: _("once"), 2: _("twice")}.get(count) or _("{count} times").format(count=count)
    position = (_("the position after {move}").format(move=names.move(record.index)) if record.index
                else _("the start position"))
    where = _("{position} occurred {times}").format(position=position, times=times)
    if count >= 3:
        return True, f"{where}: {_occurrences(occurrences, names)}", proof
    return False, _("{where}, not three times: {plies}").format(where=where, plies=_occurrences(occurrences, names)), proof


def _no_capture(replay: Replay, record: Any, by: Side, names: PlyNames) -> tuple[bool, str, dict[str, Any]]:
    rules = replay.rules
    rule = rules.no_capture
    if rule is None:
        return False, _("the rules {rules} have no draw rule for plies without a capture").format(
            rules=shortened(rules.name)), {}
    count = record.plies_without_capture
    since = max(record.index - count, 0)
    before = count - (record.index - since)  # counted before the start: a set-up position's FEN
    exact = replay.count_is_exact(record.index, count)
    proof = {"plies": count, "limit": rule.limit, "reset": rule.reset, "whole_moves": rule.whole_moves,
             "since": since, "before_start": before, "exact": exact}
    what = _(WITHOUT[rule.reset])
    plies = counted_plies(count)
    if since:
        stretch = _("{plies} without {what} since {label} (ply {ply})").format(plies=plies, what=what,
                                                                             label=names.label(since), ply=since)
    elif exact and not before:
        stretch = _("{plies} without {what} since the start").format(plies=plies, what=what)
    elif exact:
        stretch = _("{plies} without {what}: {count} since the set-up position and {before} "
                    "before it (its FEN's count)").format(plies=plies, what=what, count=record.index, before=before)
    else:
        earlier = (_(" and at least {before} before it (its FEN counts the plies since the last placement "
                     "or capture)").format(before=before) if before
                   else _(" (its FEN does not count the plies without {what} before it)").format(what=what))
        stretch = _("at least {plies} without {what}: {count} since the set-up position").format(
            plies=plies, what=what, count=record.index) + earlier
    by_black = record.after.to_move == WHITE  # (the ply judged, or the one before the start)
    arisen = _standing_right(replay, record.index, count)
    # (the right the replay recorded: by the limit, or by the shorter endgame limit while a side has three stones)
    by_endgame = arisen is not None and arisen.limit == "endgame"
    position = record.after
    in_endgame = rule.endgame(position.white, position.black, position.in_hand_white, position.in_hand_black)
    need = _("the rules {rules} need {limit}").format(
        rules=shortened(rules.name), limit=rule.endgame_limit if by_endgame or arisen is None and in_endgame else rule.limit)
    if rule.whole_moves:
        need += _(" in whole moves (the right comes with Black's ply)")
    if arisen is not None:
        return True, f"{stretch}; {need}", proof
    earliest = record.index + rule.plies_to_draw(count, by_black, position.white, position.black,
                                                  position.in_hand_white, position.in_hand_black)
    if count >= rule.limit:
        stretch += _(", the last of them White's")
    outcome = replay.outcome
    ends = ""
    if outcome is not None and outcome.reason != "declared" and outcome.ply < earliest:
        ends = _("; but the board decides the game after {label} (ply {ply}), before that").format(
            label=names.label(outcome.ply), ply=outcome.ply)
    if exact:
        text = (_("only {stretch}; {need}, so the right exists after {label} (ply {ply}) at the earliest")
                if count < rule.limit else
                _("{stretch}; {need}, so the right exists after {label} (ply {ply}) at the earliest"))
        return False, text.format(stretch=stretch, need=need, label=names.label(earliest), ply=earliest) + ends, proof
    return False, _("the record shows {stretch}; {need}, so the record can show the right after {label} (ply {ply}) "
                    "at the earliest, though it may exist already").format(
        stretch=stretch, need=need, label=names.label(earliest), ply=earliest) + ends, proof


def _standing_right(replay: Replay, index: int, count: int) -> Optional[DrawRight]:
    """The no-progress draw right that stands after ply ``index``, as the replay recorded it
    (:attr:`Replay.draw_rights`, with the ply it arose at and the limit that gave it), or ``None``:
    the last right recorded up to ``index`` stands while no progress has been made since (the
    ``count`` plies before ``index`` made none)."""
    arisen = [right for right in replay.draw_rights if right.rule == "no-capture" and right.ply <= index]
    if arisen and arisen[-1].ply >= index - count:
        return arisen[-1]
    return None


def _mandatory(replay: Replay, record: Any, by: Side, names: PlyNames) -> tuple[bool, str, dict[str, Any]]:
    rules = replay.rules
    position = record.after
    opponent = other_side(by)
    stones = {"white": stone_count(position, WHITE), "black": stone_count(position, BLACK)}
    clause: Optional[str] = obliging_clause(stones[by], stones[opponent])
    marked = bool(record.ply is not None and record.ply.draw_offer and record.side == by)
    proof = {"stones": stones, "clause": clause if rules.mandatory_draw else None, "offer_marked": marked}
    counts = _("{side} has {count} stones and {other} {other_count} (on the board and in hand)").format(
        side=side_name(by), count=stones[by], other=side_name(opponent), other_count=stones[opponent])
    if not rules.mandatory_draw:
        return False, _("the rules {rules} have no mandatory acceptance of draw offers").format(
            rules=shortened(rules.name)), proof
    if clause is not None:
        return True, _("{side} must accept: {counts}, WMD {clause}").format(side=side_name(opponent), counts=counts,
                                                                           clause=clause), proof
    return False, _("{side} need not accept: {counts}; an offer must be accepted only when "
                    "both have 4 or 5 stones, or the offerer has 6 or 3 and the opponent 4 or 5").format(
        side=side_name(opponent), counts=counts), proof
