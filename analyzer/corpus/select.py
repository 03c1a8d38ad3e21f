"""Choosing games by their tags and by what their replay says: the engine of ``muehle select``.

A :class:`Selection` holds the criteria; all that are given must hold. The cheap
ones (players, result, tags, number of plies) are read off the record;
only when one of the others is given (``valid``, ``ended_by``, ``has``) is the game
replayed (:func:`~muehle.analyzer.corpus.facts.game_facts`), and only when the cheap
ones hold. :func:`chosen` decides one game and depends on nothing but its
arguments; :func:`select_games` runs it over the games of some inputs, one at a time.

>>> from muehle.notation.reading.parser import parse_game
>>> game = parse_game('[White "Ada Lovelace"]\\n[Round "12"]\\n1. d2 d6 2. f2 f6 3. b2/xd6 1-0')
>>> chosen(game, Selection(player="ada", min_plies=5, has=("mill",)))
True
>>> chosen(game, Selection(result="0-1")), chosen(game, Selection(ended_by=("blocked",)))
(False, False)

Names are found within the name, ignoring case; a tag's value is compared whole (``Round=1`` is
not round 12). With ``regex`` both are regular expressions, searched:

>>> chosen(game, Selection(white="LOVE")), chosen(game, Selection(tags=(("Round", "1"),)))
(True, False)
>>> chosen(game, Selection(white="^ada l", tags=(("Round", "^1[0-9]$"),), regex=True))
True
"""

from __future__ import annotations

import re
from contextlib import closing
from dataclasses import dataclass, field
from functools import partial
from typing import Generator, Iterable, Iterator, Optional, Union

from muehle.analyzer.batch.sources import SourcedGame, each_game, sourced_games
from muehle.analyzer.corpus.facts import FEATURES, declared_result, game_facts
from muehle.analyzer.engine.events import REASONS
from muehle.analyzer.engine.rules import Ruleset
from muehle.notation.reading.inputs import PathArg
from muehle.notation.record.model import RESULTS, Game, normal_result
from muehle.notation.text.errors import MuehleError

# (RESULTS, the model's, are the results ``--result`` takes; ``*``: a game that declares no finished result)

#: How a game may have ended, for ``--ended-by``: the engine's reasons, and ``unfinished``
#: (the board decided nothing and the record declares no result).
ENDS = REASONS + ("unfinished",)


@dataclass(frozen=True)
class Selection:
    """What a chosen game must be (``None`` or empty: anything).

    Names (``player``: White or Black, ``white``, ``black``) are found anywhere in the
    ``White`` or ``Black`` tag, ignoring case and the blanks around the name given
    (``"anna"`` finds ``"Anna Meier"``); tag values (``tags``: name and value pairs, each
    must hold) are compared whole, ignoring case and the blanks around them (``Round=1`` is
    not round 12). With ``regex`` the names and tag values are regular expressions (Python's
    :mod:`re`), searched anywhere in the value, ignoring case (``^anna$`` is a whole name);
    one that is not a valid expression is a :class:`ValueError` at once. ``result`` is the declared result (``½-½`` is ``1/2-1/2``; ``*``
    a game that declares no finished result). ``valid``: ``True`` for valid games,
    ``False`` for invalid ones. ``min_plies`` and ``max_plies`` bound the plies of the
    record's main line. ``ended_by``: any of :data:`ENDS`; ``has``: all of
    :data:`~muehle.analyzer.corpus.facts.FEATURES`. A value outside these is a
    :class:`ValueError` at once.
    """

    player: Optional[str] = None
    white: Optional[str] = None
    black: Optional[str] = None
    result: Optional[str] = None
    tags: tuple[tuple[str, str], ...] = ()
    valid: Optional[bool] = None
    min_plies: Optional[int] = None
    max_plies: Optional[int] = None
    ended_by: tuple[str, ...] = ()
    has: tuple[str, ...] = ()
    regex: bool = False
    #: The compiled expressions of the names and tag values, when ``regex``.
    _patterns: dict[str, re.Pattern[str]] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.regex:
            wanted = [("player", self.player), ("white", self.white), ("black", self.black),
                      *((f"tags ({name})", value) for name, value in self.tags)]
            for what, text in wanted:
                if text is not None and text not in self._patterns:
                    try:
                        self._patterns[text] = re.compile(text, re.IGNORECASE)
                    except re.error as error:
                        raise ValueError(f"{what}: {text!r} is not a regular expression: {error}") from None
        if self.result is not None and normal_result(self.result) not in RESULTS:
            raise ValueError(f"unknown result {self.result!r}: one of {', '.join(RESULTS)}")
        for end in self.ended_by:
            if end not in ENDS:
                raise ValueError(f"unknown end {end!r}: one of {', '.join(ENDS)}")
        for feature in self.has:
            if feature not in FEATURES:
                raise ValueError(f"unknown feature {feature!r}: one of {', '.join(FEATURES)}")

    @property
    def needs_replay(self) -> bool:
        """Whether a game must be replayed to be decided on."""
        return self.valid is not None or bool(self.ended_by) or bool(self.has)

    def record_matches(self, game: Game) -> bool:
        """Whether the criteria read off the record (names, result, tags, plies) hold for ``game``."""
        tags = game.tags
        for wanted, where in ((self.player, ("White", "Black")), (self.white, ("White",)), (self.black, ("Black",))):
            if wanted is not None and not any(self._matches(tags.get(name), wanted) for name in where):
                return False
        if self.result is not None and declared_result(game) != normal_result(self.result):
            return False
        if any(not self._matches(tags.get(name), value, whole=True) for name, value in self.tags):
            return False
        if self.min_plies is not None or self.max_plies is not None:
            plies = len(game.plies)
            if self.min_plies is not None and plies < self.min_plies:
                return False
            if self.max_plies is not None and plies > self.max_plies:
                return False
        return True

    def _matches(self, value: Optional[str], wanted: str, whole: bool = False) -> bool:
        """Whether a tag's value holds ``wanted`` (a name): found there ignoring case, or, with
        ``whole``, the same ignoring case and surrounding blanks; with :attr:`regex`, a match of
        it as a regular expression, searched."""
        if value is None:
            return False
        if self.regex:
            return self._patterns[wanted].search(value) is not None
        if whole:
            return value.strip().casefold() == wanted.strip().casefold()
        return wanted.strip().casefold() in value.casefold()


def chosen(game: Game, selection: Selection, index: int = 1, rules: Optional[Ruleset] = None,
           source: Optional[str] = None) -> bool:
    """Whether ``game`` (the ``index``-th of ``source``, replayed under ``rules`` or its ``Rules``
    tag) meets ``selection``; it is replayed only when the selection needs it and its record
    meets the rest."""
    if not selection.record_matches(game):
        return False
    if not selection.needs_replay:
        return True
    facts = game_facts(game, index, rules, source, features=bool(selection.has))
    if selection.valid is not None and facts.valid != selection.valid:
        return False
    if selection.ended_by:
        end = facts.end if facts.end is not None else ("unfinished" if not facts.stopped else None)
        if end not in selection.ended_by:
            return False
    return all(feature in (facts.features or ()) for feature in selection.has)


def select_games(names: Iterable[PathArg], selection: Selection, rules: Optional[Ruleset] = None,
                 stdin_text: Union[str, MuehleError, None] = None, source_format: Optional[str] = None
                 ) -> Iterator[tuple[Union[SourcedGame, MuehleError], bool]]:
    """Each game of the inputs (see :func:`~muehle.analyzer.batch.sources.sourced_games`) with
    whether it is chosen, or the error of an input that cannot be read (with ``False``).

    A game that could not be read completely (in ``game.errors``) is chosen only when the
    selection asks for invalid games and its tags and plies meet the rest (it is invalid
    by its error; its end and features are unknown); the caller decides what else to make of it.
    """
    for item in sourced_games(names, stdin_text, source_format):
        if isinstance(item, MuehleError):
            yield item, False
            continue
        yield item, _item_chosen(item, selection, rules)


def _item_chosen(item: SourcedGame, selection: Selection, rules: Optional[Ruleset]) -> bool:
    """Whether a game read from an input is chosen (see :func:`select_games`)."""
    game = item.game
    if game.errors:
        return selection.valid is False and not selection.ended_by and not selection.has \
            and selection.record_matches(game)
    return chosen(game, selection, item.index, rules, item.source)


@dataclass
class Pick:
    """What :func:`pick_games` tells of one game: whether it is ``chosen``; if so its ``text`` in
    its input (``None`` for a game of a JSON, YAML or PlayOK record) and the ``game`` itself
    (kept only when asked for, or when it has no text); its input's name, its first line and
    plies (the progress shown), and the first error that kept it from being read completely."""

    chosen: bool
    text: Optional[str]
    game: Optional[Game]
    source: str
    line: int
    plies: int
    error: Optional[MuehleError]


def pick(item: SourcedGame, selection: Selection, rules: Optional[Ruleset], keep_game: bool,
         keep_rest: bool = False) -> Pick:
    """The :class:`Pick` of one game (small: what a worker sends back); with ``keep_rest`` a game
    not chosen comes with its text (or record) too, as a chosen one does."""
    game = item.game
    taken = _item_chosen(item, selection, rules)
    kept = taken or keep_rest
    return Pick(taken, item.text if kept else None, game if kept and (keep_game or item.text is None) else None,
                item.source, game.line, len(game.plies), game.errors[0] if game.errors else None)


def pick_games(names: Iterable[PathArg], selection: Selection, rules: Optional[Ruleset] = None,
               stdin_text: Union[str, MuehleError, None] = None, source_format: Optional[str] = None,
               keep_game: bool = False, jobs: int = 1, scheduler: Optional[str] = None, keep_rest: bool = False
               ) -> Generator[Union[Pick, MuehleError], None, None]:
    """The :class:`Pick` of each game of the inputs, or the error of an input that cannot be read,
    as :func:`select_games` decides; ``keep_game``: a chosen game comes with its record too;
    ``keep_rest``: a game not chosen comes with its text (or record) too.
    ``jobs`` and ``scheduler`` run the decisions in workers (see
    :func:`~muehle.analyzer.batch.sources.each_game`); the picks are the same."""
    picks = each_game(names, partial(pick, selection=selection, rules=rules, keep_game=keep_game,
                                        keep_rest=keep_rest), stdin_text,
                      source_format, jobs, scheduler)
    with closing(picks):  # (left before the end: the workers stop)
        for item in picks:
            yield item if isinstance(item, MuehleError) else item[1]


__all__ = ["ENDS", "RESULTS", "Pick", "Selection", "chosen", "pick", "pick_games", "select_games"]
