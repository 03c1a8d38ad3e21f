"""The verdict on one game record: valid or not, which rules it breaks, how it ended.

:func:`judge` replays a :class:`~muehle.notation.record.model.Game` (main line and
variations) under its ruleset, from its set-up position if it has one, and returns
a :class:`GameReport`: the object behind each entry of ``muehle validate --format
json`` (documented in ``docs/validate.md``) and behind each line of its text output.

>>> from muehle.notation.record.model import Game, Ply
>>> report = judge(Game(plies=[Ply(1, "white", "d2"), Ply(1, "black", "d2")], result="1-0"),
...                index=1, source="games.txt")
>>> report.valid, report.plies, [e.code for e in report.errors]
(False, 1, ['occupied'])
>>> report.to_dict()["result"]
{'declared': '1-0', 'consistent': None}
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional, Sequence

from muehle.analyzer.engine.events import Outcome, RuleViolation
from muehle.analyzer.engine.fen import check_move_numbers
from muehle.analyzer.engine.replay import Replay
from muehle.analyzer.engine.rules import RulesArg, Ruleset, as_ruleset, ruleset_of
from muehle.analyzer.engine.setup import replay_record
from muehle.analyzer.pictures.style import error_text
from muehle.analyzer.reports.result_tag import result_tag_errors
from muehle.notation.reading.slips import more_slips
from muehle.notation.record.model import GameRecord, Side
from muehle.notation.text.errors import FormatError, MuehleError, visible
from muehle.notation.text.i18n import _

if TYPE_CHECKING:  # (the text of the position to restore is imported only for a game that needs it)
    from muehle.analyzer.repair.search import RepairReport  # (and the repair only for validate --suggest)
    from muehle.analyzer.reports.analysis_text import RestoreView


#: The code of the warning that counts a game's slips past the first ones said
#: (:data:`~muehle.notation.reading.slips.SLIPS_SAID`).
MORE_SLIPS = "more-slips"


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
    #: The position to restore, to be shown as text (drawn only when it is shown).
    restore_view: Optional[RestoreView] = None
    #: The slips the reader read as they are meant (code ``slip``): warnings, which change no verdict.
    warnings: list[RuleViolation] = field(default_factory=list)
    #: What the search of ``muehle repair`` found for an invalid game, when asked (``validate
    #: --suggest``; not part of :meth:`to_dict`: the command adds it); ``None`` otherwise.
    repair: Optional[RepairReport] = None
    #: The FEN of the position to restore with field 17 as Sanmill counts (every action a ply, each
    #: removal one of its own), where :attr:`restore` has one and :func:`judge` was asked for both
    #: counts (not part of :meth:`to_dict`; see :meth:`with_fen_numbers`).
    sanmill_restore_fen: Optional[str] = None

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its fields in order (``--jobs`` workers send thousands: smaller and quicker)."""
        return (GameReport, _REPORT_FIELDS(self))

    def with_fen_numbers(self, move_numbers: str) -> "GameReport":
        """The report with the FEN of its position to restore (in :meth:`to_dict` and in the text of
        ``--explain``) counting field 17 as ``move_numbers`` says: ``"record"``, the record's move
        number (as judged), or ``"sanmill"``, as Sanmill counts; any other is a :class:`ValueError`.
        A report :func:`judge` made with one count (its ``move_numbers``) has that one only, and is given as it is.

        >>> from muehle.notation import parse_game
        >>> bad = judge(parse_game("1. a1 d6 2. a4 d2 3. a7xd6 d6 4. g7 f4 5. g4 b4 6. g1xf4 d2 *"))
        >>> [bad.with_fen_numbers(numbers).to_dict()["restore"]["fen"].split()[16] for numbers in ("record", "sanmill")]
        ['6', '7']
        """
        check_move_numbers(move_numbers)
        if move_numbers == "record" or self.restore is None or self.sanmill_restore_fen is None:
            return self
        fen = self.sanmill_restore_fen
        view = None if self.restore_view is None else replace(self.restore_view, fen=fen)
        return replace(self, restore={**self.restore, "fen": fen}, restore_view=view)

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
            "warnings": [warning.to_dict() for warning in self.warnings],
            "outcome": self.outcome.to_dict() if self.outcome else None,
            "result": {"declared": self.declared, "consistent": self.consistent},
            "restore": self.restore,
        }

    def text_lines(self, ascii: bool = False, *, explain: bool = True,
                   line_text: Optional[Callable[[int], Optional[str]]] = None, colour: bool = False,
                   notes: Sequence[str] = ()) -> list[str]:
        """The report as text, as ``muehle validate`` writes it (terminal-safe: control characters
        are escapes, :func:`~muehle.notation.text.errors.visible`).

        One compiler-style line per error, naming the game (:func:`game_named`):
        ``source:line:col: error: game N (White - Black): message [code]``, and per warning
        (``warning:``), in the order of their places; under each, the line it points at
        and a caret when ``line_text`` gives the text of that line (a function of its number).
        With ``explain``, the position to restore follows when a ply of the main line was
        illegal: a diagram in ASCII with ``ascii``, painted for a terminal with ``colour`` (which
        also paints the word ``error``).

        An error without a line (in a game read from JSON or YAML, whose records keep
        no places in that file) has the source alone before it: ``source: error: game N ...``.
        ``notes`` (lines, ``validate --suggest``'s repair) follow the errors, before the position.
        """
        told = [(error, "error") for error in self.errors]
        if self.warnings:
            told += [(warning, "warning") for warning in self.warnings]
            told.sort(key=lambda pair: _error_order(pair[0]))
        lines = []
        named = game_named(self.game, self.tags)
        for said, severity in told:
            shown = MuehleError(f"{named}: {said.message} [{said.code}]", source=self.source,
                                line=said.line, column=said.column,
                                line_text=line_text(said.line) if line_text and said.line and said.column else None)
            lines.extend(error_text(shown, severity, colour).split("\n"))
        lines.extend(visible(note) for note in notes)
        if explain and self.restore_view is not None:
            lines.extend("  " + line for line in self.restore_view.lines(ascii, colour)[1:])
        return lines


def game_named(number: int, tags: Mapping[str, str]) -> str:
    """How ``validate``'s lines name a game: its number in its input and, when its record names
    them, its players as White - Black (``?`` for a missing one, as PGN writes it).

    >>> game_named(3, {"White": "Anna Meier", "Black": "Bo Berg"}), game_named(4, {"Black": "Bo"})
    ('game 3 (Anna Meier - Bo Berg)', 'game 4 (? - Bo)')
    >>> game_named(5, {"White": "?", "Event": "Club"})
    'game 5'
    """
    white, black = (tags.get(side, "").strip() for side in ("White", "Black"))
    if white in ("", "?") and black in ("", "?"):
        return _("game {number}").format(number=number)
    return _("game {number} ({white} - {black})").format(number=number, white=white or "?", black=black or "?")


#: A report's fields in order, as its constructor takes them.
_REPORT_FIELDS = attrgetter(*(report_field.name for report_field in fields(GameReport)))


class ReportBatch(list[GameReport]):
    """The reports on the games of one stretch of a file, as a worker sends them back: pickled as
    one list of plain tuples for the reports that carry nothing but their fields (no error, no
    warning), which pickle and unpickle several times quicker than the objects; the others as
    themselves.

    >>> import pickle
    >>> plain = GameReport("a.txt", 1, {"Event": "x"}, "wmd", True, 9, outcome=Outcome("white", "blocked", 9))
    >>> pickle.loads(pickle.dumps(ReportBatch([plain, plain]))) == [plain, plain]
    True
    """

    def __reduce__(self) -> tuple[Any, ...]:
        return (_unpacked, ([_packed(report) for report in self],))


def _packed(report: GameReport) -> Any:
    """A report as a plain tuple where it has nothing but its fields, else itself."""
    if report.errors or report.warnings or report.restore is not None or report.restore_view is not None \
            or report.repair is not None:
        return report
    outcome = report.outcome
    return (report.source, report.game, report.tags, report.rules, report.valid, report.plies,
            None if outcome is None else (outcome.winner, outcome.reason, outcome.ply), report.declared,
            report.consistent, report.line)


def _unpacked(packed: list[Any]) -> ReportBatch:
    """The reports of :meth:`ReportBatch.__reduce__` (equal outcomes become one object: they are frozen)."""
    outcomes: dict[tuple[Optional[Side], str, int], Outcome] = {}
    reports = ReportBatch()
    for item in packed:
        if isinstance(item, GameReport):
            reports.append(item)
            continue
        source, game, tags, rules, valid, plies, ended, declared, consistent, line = item
        outcome = None
        if ended is not None:
            outcome = outcomes.get(ended)
            if outcome is None:
                outcome = outcomes[ended] = Outcome(*ended)
        reports.append(GameReport(source, game, tags, rules, valid, plies, [], outcome, declared, consistent, line))
    return reports


def judge(game: GameRecord, index: int = 1, rules: RulesArg = None, source: Optional[str] = None,
          move_numbers: Optional[str] = None) -> GameReport:
    """Replay ``game`` and report on it; ``index`` is its 1-based place in its file.

    ``rules`` (a :class:`Ruleset`, a preset's name or a YAML file's path) overrides the
    record's ``Rules`` tag (as ``--rules`` does); ``None`` leaves it to the tag. ``move_numbers``
    says how field 17 of the FEN of the position to restore counts (``"record"`` or ``"sanmill"``,
    :func:`~muehle.analyzer.reports.analysis.restore_fen`); ``None``: the record's, and Sanmill's
    is kept beside it (:meth:`GameReport.with_fen_numbers`).
    """
    return judge_replay(game, index, rules, source, move_numbers)[0]


def judge_replay(game: GameRecord, index: int = 1, rules: RulesArg = None, source: Optional[str] = None,
                 move_numbers: Optional[str] = None) -> tuple[GameReport, Optional[Replay]]:
    """:func:`judge`, with the replay the report was read off (``None`` when the game could not be
    replayed at all: an unknown ruleset, a bad set-up, variations nested too deeply)."""
    report, result = _judge(game, index, rules, source, move_numbers)
    if game.warnings:
        report.warnings = [RuleViolation(warning.code, warning.message, line=warning.line, column=warning.column)
                           for warning in game.warnings]
    if game.more_warnings:  # (past the first slips, one warning that counts the others)
        report.warnings.append(RuleViolation(MORE_SLIPS, more_slips(game.more_warnings)))
    tag_errors = result_tag_errors(game)
    if tag_errors:
        report.errors = sorted(report.errors + tag_errors, key=_error_order)
        report.valid = False
    return report, result


def _error_order(error: RuleViolation) -> tuple[int, int, int]:
    """Errors in the order reported: by line and column, by ply where no line tells."""
    return (error.line or 1 << 62, error.column, error.ply or 0)


def _judge(game: GameRecord, index: int, rules: RulesArg, source: Optional[str],
           move_numbers: Optional[str]) -> tuple[GameReport, Optional[Replay]]:
    """:func:`judge_replay`, without the ``Result`` tag's errors."""
    if rules is not None and not isinstance(rules, Ruleset):
        rules = as_ruleset(rules)
    source = source if source is not None else (game.source or "<input>")
    try:
        chosen = ruleset_of(game, rules)
    except FormatError as error:
        return _unreplayable(game, index, source, None, error), None
    try:
        result = replay_record(game, chosen)
    except FormatError as error:  # (the ruleset is known: the FEN or FirstMove tag)
        return _unreplayable(game, index, source, chosen.name, error, code="setup"), None
    except RecursionError:  # (each variation is replayed within the one it branches from)
        too_deep = FormatError(_("the variations are nested too deeply to be replayed"), source=source, line=game.line)
        return _unreplayable(game, index, source, chosen.name, too_deep, code="syntax"), None
    report = report_of(result, index, source, move_numbers)
    report.line = game.line
    return report, result


def report_of(result: Replay, index: int, source: str, move_numbers: Optional[str] = None) -> GameReport:
    """The report on a finished replay (``move_numbers`` as :func:`judge` takes it)."""
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
    # (start-up: the analysis is imported only for a game whose replay stopped at an illegal ply)
    from muehle.analyzer.reports.analysis import PlyNames, illegal_ply, restore_fen
    from muehle.analyzer.reports.analysis_text import restore_view

    names = PlyNames(result.plies, result.start)
    illegal = illegal_ply(result, names, move_numbers or "record")
    if illegal is not None:
        report.restore = illegal.to_dict()["restore"]
        if move_numbers is None:  # (both counts: the one asked is chosen later, with_fen_numbers)
            report.sanmill_restore_fen = restore_fen(result, "sanmill")
        report.restore_view = restore_view(illegal, names, result.rules)
    return report


def _unreplayable(game: GameRecord, index: int, source: str, rules: Optional[str], error: FormatError,
                  code: Optional[str] = None) -> GameReport:
    """The report on a game that cannot be replayed at all (unknown ruleset, bad set-up)."""
    # (an error without a line of its own, in a game read from JSON or YAML, has no column either)
    violation = RuleViolation(code or error.code, error.message, line=error.line or game.line,
                              column=error.column if error.line else 0)
    return GameReport(source, index, game.tags, rules, False, 0, [violation], None, game.declared_result, None,
                      game.line)
