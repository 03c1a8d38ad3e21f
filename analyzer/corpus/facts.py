"""What ``muehle select`` and ``muehle stats`` know of one game: a few facts read off its replay.

:func:`game_facts` takes one game record and gives a small :class:`GameFacts`
(its players, length, validity and error codes, its result as declared and as
on the board, how it ended, which draw rights arose, and on request which
features it shows). It depends on nothing but its arguments, so it can run in a
worker process as well as here. The facts come from the one engine: the verdict
of :func:`~muehle.analyzer.reports.verdict.judge_replay` and the records of its
replay.

>>> from muehle.notation.reading.parser import parse_game
>>> facts = game_facts(parse_game("1. d2 d6 2. f2 f6 3. b2/xd6 b6 4. b4 b6 *"), features=True)
>>> facts.valid, facts.codes, facts.plies, facts.end, sorted(facts.features or ())
(False, ('occupied',), 8, None, ['mill'])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional

from muehle.analyzer.engine.board import POINT_INDEX
from muehle.analyzer.engine.replay import Replay
from muehle.analyzer.engine.rules import Ruleset
from muehle.analyzer.reports.verdict import judge_replay
from muehle.analyzer.reports.zwickmuehle import has_zwickmuehle
from muehle.notation.record.model import FINISHED_RESULTS, SIDES, UNFINISHED, Game, normal_result, other_side
from muehle.notation.text.i18n import N_

if TYPE_CHECKING:  # (sources reads the games; the facts only take them)
    from muehle.analyzer.batch.sources import SourcedGame

#: The features ``--has`` asks for, each with what it means.
FEATURES: dict[str, str] = {
    "mill": N_("a ply of the main line closed a mill"),
    "double-mill": N_("a ply of the main line closed two mills at once"),
    "capture-from-mill": N_("a capture took a stone that stood in a closed mill"),
    "zwickmuehle": N_("a side had a Zwickmühle (running double mill) in a position of the main line"),
    "flying": N_("a side reached the flying phase (three stones, under a ruleset that lets it jump)"),
}


@dataclass(frozen=True)
class GameFacts:
    """The facts of one game (``game``: its place in its source, from 1; ``line``: its first line there).

    ``plies`` counts the plies of the record's main line as written (legal or not);
    ``codes`` are the error codes of its verdict (each once, in the order reported);
    ``declared`` is the record's finished result (``1-0``, ``0-1``, ``1/2-1/2``), ``*``
    when it declares none; ``board`` the result the board decided (``None`` when it
    decided none); ``end`` the reason of the end (a name of
    :data:`~muehle.analyzer.engine.events.REASONS`, ``declared`` when only the record
    ends it; ``None`` when unfinished or stopped by an illegal ply); ``stopped`` whether an
    error kept the main line from being replayed to its end; ``draw_rights`` the
    rules whose draw right arose in the main line; ``features`` the names of
    :data:`FEATURES` the game shows (``None`` when not asked for).
    """

    source: str
    game: int
    line: int
    white: Optional[str]
    black: Optional[str]
    event: Optional[str]
    plies: int
    valid: bool
    codes: tuple[str, ...]
    declared: str
    board: Optional[str]
    end: Optional[str]
    stopped: bool
    draw_rights: tuple[str, ...]
    features: Optional[frozenset[str]] = None

    @property
    def result(self) -> Optional[str]:
        """The game's result for scoring: the board's when it decided the game, else the declared one
        (``None`` for neither)."""
        if self.board is not None:
            return self.board
        return self.declared if self.declared != UNFINISHED else None


def declared_result(game: Game) -> str:
    """The record's finished result (``½-½`` as ``1/2-1/2``), or ``*`` when it declares none.

    >>> declared_result(Game(result="½-½")), declared_result(Game(tags={"Result": "?"})), declared_result(Game())
    ('1/2-1/2', '*', '*')
    """
    declared = game.declared_result
    if declared is None or declared.strip() not in FINISHED_RESULTS:
        return UNFINISHED
    return normal_result(declared.strip())


def game_facts(game: Game, index: int = 1, rules: Optional[Ruleset] = None, source: Optional[str] = None,
               features: bool = False) -> GameFacts:
    """The facts of ``game`` (``index``: its place in its source), replayed under ``rules`` (``None``:
    its ``Rules`` tag); ``features`` looks for the :data:`FEATURES` too (it walks the replay's plies)."""
    report, result = judge_replay(game, index, rules, source, "record")  # (the FEN to restore is not shown)
    outcome = report.outcome
    main_stopped = result.stopped if result is not None else True
    tags = game.tags
    return GameFacts(
        source=report.source, game=index, line=game.line,
        white=tags.get("White"), black=tags.get("Black"), event=tags.get("Event"),
        plies=len(game.plies), valid=report.valid,
        codes=tuple(dict.fromkeys(error.code for error in report.errors)),
        declared=declared_result(game),
        board=outcome.result if outcome is not None and outcome.reason != "declared" else None,
        end=outcome.reason if outcome is not None else None,
        stopped=main_stopped and not (result is not None and result.played_on_after_the_end),
        draw_rights=tuple(dict.fromkeys(right.rule for right in result.draw_rights)) if result is not None else (),
        features=(features_of(result) if result is not None else frozenset()) if features else None,
    )


def features_of(replay: Replay) -> frozenset[str]:
    """The names of :data:`FEATURES` that the legally replayed plies of the main line show.

    A Zwickmühle counts in the positions before the board decided the game, as
    ``muehle analyze`` lists it.

    >>> from muehle.analyzer.engine.replay import replay as replay_game
    >>> from muehle.notation.reading.parser import parse_game
    >>> sorted(features_of(replay_game(parse_game("1. d2 d6 2. f2 f6 3. b2/xd6 *"))))
    ['mill']
    """
    found: set[str] = set()
    for record in replay.records:
        if record.mills:
            found.add("mill")
            if len(record.mills) > 1:
                found.add("double-mill")
        if record.captures and "capture-from-mill" not in found:
            in_mills = replay.rules.geometry.stones_in_mills(record.before.stones(other_side(record.side)))
            if any(in_mills >> POINT_INDEX[point] & 1 for point in record.captures):
                found.add("capture-from-mill")
        if "flying" in (record.phase_before, record.phase_after, record.opponent_phase_after):
            found.add("flying")
        if "zwickmuehle" not in found and not replay.decided_by(record.index):
            after = record.after
            if any(has_zwickmuehle(after, side, replay.rules.geometry) for side in SIDES):
                found.add("zwickmuehle")
    return frozenset(found)


def facts_of(item: "SourcedGame", rules: Optional[Ruleset] = None) -> GameFacts:
    """The facts of a game read from an input (:func:`game_facts`, its place and input's name given)."""
    return game_facts(item.game, item.index, rules, item.source)
