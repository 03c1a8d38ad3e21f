"""The verdict on one game record: valid or not, which rules it breaks, how it ended.

:func:`judge` replays a :class:`~muehle.notation.model.Game` (main line and
variations) under its ruleset, from its set-up position if it has one, and returns
a :class:`GameReport`: the object behind each entry of ``muehle validate --format
json`` (documented in ``docs/validate.md``) and behind each line of its text output.

>>> from muehle.notation.model import Game, Ply
>>> report = judge(Game(plies=[Ply(1, "white", "d2"), Ply(1, "black", "d2")], result="1-0"),
...                index=1, source="games.txt")
>>> report.valid, report.plies, [e.code for e in report.errors]
(False, 1, ['occupied'])
>>> report.to_dict()["result"]
{'declared': '1-0', 'consistent': None}
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Any, Optional

from muehle.analyzer.events import Outcome, RuleViolation
from muehle.analyzer.replay import Replay, replay
from muehle.analyzer.rules import (
    DEFAULT_RULESET, Ruleset, RulesArg, as_ruleset, load_ruleset, preset_for_tag, preset_names,
)
from muehle.notation.errors import FormatError, game_in, shortened
from muehle.notation.model import FINISHED_RESULTS, Game

#: ``Result`` tag values that declare no result: ``*`` (unfinished or unknown, as PGN has it),
#: ``?`` (the placeholder of an unknown roster value) and an empty value.
_NO_RESULT_TAGS = ("*", "?", "")


@dataclass
class GameReport:
    """What ``muehle validate`` says about one game (see ``docs/validate.md``).

    ``consistent`` is ``True`` when the declared result agrees with the board (or
    the record declares none, or ``*``), ``False`` for a ``result-mismatch``, and
    ``None`` when the board's verdict is unknown because an illegal ply (or a
    syntax error) stopped the replay.
    """

    source: str
    game: int
    tags: dict[str, str]
    rules: Optional[str]
    valid: bool
    plies: int
    errors: list[RuleViolation] = field(default_factory=list)
    outcome: Optional[Outcome] = None
    declared: Optional[str] = None
    consistent: Optional[bool] = None
    line: int = 0  # the first line of the game in its source (not part of the JSON contract)
    restore: Optional[dict[str, Any]] = None  # the last legal position (WMD 6), if a ply was illegal
    restore_text: dict[bool, list[str]] = field(default_factory=dict)  # as a diagram: ascii? -> lines

    def __reduce__(self) -> tuple:
        """Pickled as its fields in order (``--jobs`` workers send thousands: smaller and quicker)."""
        return (GameReport, _REPORT_FIELDS(self))

    def to_dict(self) -> dict[str, Any]:
        """The report as plain data, in the documented field order."""
        return {
            "source": self.source,
            "game": self.game,
            "tags": dict(self.tags),
            "rules": self.rules,
            "valid": self.valid,
            "plies": self.plies,
            "errors": [error.to_dict() for error in self.errors],
            "outcome": self.outcome.to_dict() if self.outcome else None,
            "result": {"declared": self.declared, "consistent": self.consistent},
            "restore": self.restore,
        }

    def text_lines(self, ascii: bool = False) -> list[str]:
        """One compiler-style line per error: ``source:line:col: error: message [code]``,
        then the position to restore when a ply of the main line was illegal.

        An error without a line (in a game read from JSON or YAML, whose records keep
        no places in that file) names the game instead: ``source, game N: error: ...``.
        """
        unlocated = game_in(self.source, self.game)
        return [error.format(self.source if error.line else unlocated)
                for error in self.errors] + self.restore_text.get(ascii, [])


def ruleset_of(game: Game, rules: RulesArg = None) -> Ruleset:
    """``rules`` if given (a :class:`Ruleset`, a preset's name or a YAML file's path), else the
    preset the ``[Rules "..."]`` tag names, else the default.

    A tag naming no preset raises :class:`FormatError` (code ``unknown-rules``).
    """
    if rules is not None:
        return rules if isinstance(rules, Ruleset) else as_ruleset(rules)
    tag = game.tags.get("Rules")
    if tag is None:
        return load_ruleset(DEFAULT_RULESET)
    found = preset_for_tag(tag)
    if found is None:
        line, column, text = game.tag_place("Rules") or (game.line, 0, None)
        raise FormatError(f"the Rules tag names '{shortened(tag)}', which is not a ruleset "
                          f"(presets: {', '.join(preset_names())})",
                          source=game.source, line=line, column=column, line_text=text, code="unknown-rules")
    return found


#: A report's fields in order, as its constructor takes them.
_REPORT_FIELDS = attrgetter(*(report_field.name for report_field in fields(GameReport)))


def judge(game: Game, index: int = 1, rules: RulesArg = None, source: Optional[str] = None) -> GameReport:
    """Replay ``game`` and report on it; ``index`` is its 1-based place in its file.

    ``rules`` (a :class:`Ruleset`, a preset's name or a YAML file's path) overrides the
    record's ``Rules`` tag (as ``--rules`` does); ``None`` leaves it to the tag.
    """
    report = _judge(game, index, rules, source)
    tag_errors = result_tag_errors(game)
    if tag_errors:
        report.errors = sorted(report.errors + tag_errors, key=_error_order)
        report.valid = False
    return report


def _error_order(error: RuleViolation) -> tuple[int, int, int]:
    """Errors in the order reported: by line and column, by ply where no line tells."""
    return (error.line or 1 << 62, error.column, error.ply or 0)


def _judge(game: Game, index: int, rules: RulesArg, source: Optional[str]) -> GameReport:
    """:func:`judge`, without the ``Result`` tag's errors."""
    if rules is not None and not isinstance(rules, Ruleset):
        rules = as_ruleset(rules)
    source = source if source is not None else (game.source or "<input>")
    try:
        chosen = ruleset_of(game, rules)
    except FormatError as error:
        return _unreplayable(game, index, source, None, error)
    setup = None
    if not game.errors and "SetUp" in game.tags:  # (the FEN machinery only when it may be needed)
        from muehle.analyzer.fen import start_fen

        try:
            setup = start_fen(game, chosen.stones)
        except FormatError as error:
            return _unreplayable(game, index, source, chosen.name, error, code="setup")
    try:
        if setup is None:  # (the common case: no import on the way)
            result = replay(game, chosen)
        else:
            from muehle.analyzer.record_setup import replay_from  # (it imports this module)

            result = replay_from(game, chosen, setup)
    except RecursionError:  # (each variation is replayed within the one it branches from)
        error = FormatError("the variations are nested too deeply to be replayed", source=source, line=game.line)
        return _unreplayable(game, index, source, chosen.name, error, code="syntax")
    report = report_of(result, index, source)
    report.line = game.line
    return report


def result_tag_errors(game: Game) -> list[RuleViolation]:
    """A ``result-tag`` error when the record's ``Result`` tag is no result (located at the tag's
    value), or when it and the movetext's result are two different finished results (located
    at the movetext's result). A movetext ``*`` with a finished tag contradicts nothing (Sanmill
    ends every export with ``*``), nor does a tag ``*``, ``?`` or empty.

    >>> [e.message for e in result_tag_errors(Game(tags={"Result": "1-0"}, result="0-1"))]
    ['the movetext ends with 0-1, but its Result tag says 1-0: a game has one result']
    >>> result_tag_errors(Game(tags={"Result": "1-0"}, result="*")), result_tag_errors(Game(tags={"Result": "?"}))
    ([], [])
    """
    tag = game.tags.get("Result")
    if tag is None or game.errors:
        return []
    value = tag.strip()
    if value in _NO_RESULT_TAGS:
        return []
    if value not in FINISHED_RESULTS:
        line, column, _ = game.tag_place("Result") or (game.line, 0, None)
        return [RuleViolation("result-tag", f"the Result tag's value {shortened(tag)} is not a result; results are "
                              "1-0, 0-1, 1/2-1/2, ½-½ and * (or ? when unknown)", line=line, column=column)]
    conflict = game.result_conflict
    if conflict is None:
        return []
    line, column = (game.result_place or (game.line, 0)) if game.places_in_source else (0, 0)
    return [RuleViolation("result-tag", f"{game.result_stated(conflict[0])}, but its Result tag says {shortened(tag)}: "
                          "a game has one result",
                          line=line, column=column)]


def report_of(result: Replay, index: int, source: str) -> GameReport:
    """The report on a finished replay."""
    errors = list(result.all_errors())
    if errors:
        errors.sort(key=_error_order)
    if result.errors and any(e.code == "result-mismatch" for e in result.errors):
        consistent: Optional[bool] = False
    elif result.stopped and not result.played_on_after_the_end:
        consistent = None
    else:
        consistent = True
    declared = result.game.declared_result
    report = GameReport(source, index, result.game.tags, result.rules.name, not errors, result.ply_count,
                        errors, result.outcome, declared, consistent)
    if not result.stopped:
        return report
    from muehle.analyzer.analysis import PlyNames, illegal_ply
    from muehle.analyzer.analysis_text import restore_lines

    illegal = illegal_ply(result)
    if illegal is not None:
        report.restore = illegal.to_dict()["restore"]
        names = PlyNames(result.plies, result.start)
        report.restore_text = {
            ascii: ["  " + line for line in restore_lines(illegal, names, result.rules, ascii)[1:]]
            for ascii in (False, True)
        }
    return report


def _unreplayable(game: Game, index: int, source: str, rules: Optional[str], error: FormatError,
                  code: Optional[str] = None) -> GameReport:
    """The report on a game that cannot be replayed at all (unknown ruleset, bad set-up)."""
    # (an error without a line of its own, in a game read from JSON or YAML, has no column either)
    violation = RuleViolation(code or error.code, error.message, line=error.line or game.line,
                              column=error.column if error.line else 0)
    return GameReport(source, index, game.tags, rules, False, 0, [violation], None, game.declared_result, None,
                      game.line)
