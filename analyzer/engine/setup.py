"""How a record is replayed: under which ruleset and from which position.

The ruleset is the one asked for (a command's ``--rules``), else the one the
record's ``[Rules "..."]`` tag names, else the default (``wmd``). The start is the
record's ``[FEN "..."]`` when it says ``[SetUp "1"]``, else the empty board, White to
move, or Black where a ``[FirstMove "black"]`` tag says the players agreed so (see
:func:`first_mover`). The no-progress counter starts from what the FEN's field 16 says of it (see
:func:`~muehle.analyzer.engine.fen.no_progress_at_setup`) unless the ruleset's rule says
``from_fen: false`` (Sanmill's engine), else from 0.

>>> from muehle.notation.record.model import Game, Ply
>>> rules_for(Game(tags={"Rules": "Sanmill"})).name, rules_for(Game()).name
('sanmill', 'wmd')
>>> result = replay_record(Game(tags={"SetUp": "1",
...     "FEN": "********/O*@*O*@*/******** w p p 2 7 2 7 0 0 0 0 0 0 0 0 3"},
...     plies=[Ply(3, "white", "f6")]))
>>> result.errors, result.records[0].after.in_hand_white
([], 6)
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Optional

from muehle.analyzer.engine.board import Position
from muehle.analyzer.engine.placing_rules import fen_reading
from muehle.analyzer.engine.replay import Replay, replay
from muehle.analyzer.engine.rules import RulesArg, as_ruleset, ruleset_of  # noqa: F401  (as_ruleset: doctests)
from muehle.notation.record.model import BLACK, WHITE, GameRecord, Side
from muehle.notation.text.errors import FormatError, shortened
from muehle.notation.text.i18n import _

if TYPE_CHECKING:
    from muehle.analyzer.engine.fen import FenPosition

__all__ = ["first_mover", "replay_record", "rules_for"]


#: The ruleset to replay a record under: the one given, else the one its tags name, else the default
#: (:func:`~muehle.analyzer.engine.rules.ruleset_of`).
rules_for = ruleset_of


def replay_record(game: GameRecord, rules: RulesArg = None) -> Replay:
    """The replay of ``game`` (any :class:`~muehle.notation.record.model.GameRecord`: a whole game
    or the cheap record ``read(..., deferred=True)`` gives) as every command replays a record:
    under :func:`rules_for`, from its set-up position (:func:`~muehle.analyzer.engine.fen.start_fen`,
    kept as the replay's ``setup``) with the no-progress count its FEN gives, or from the usual
    start with the side :func:`first_mover` names (and, where the ruleset remembers its mills, with
what the FEN's fields 11 to 15 say of them: :func:`~muehle.analyzer.engine.fen.mill_memory_of`). An error in the ``Rules``, ``FEN`` or
    ``FirstMove`` tag is a :class:`~muehle.notation.text.errors.FormatError` that points at the tag
    (``muehle validate`` reports one in the FEN or FirstMove tag with code ``setup``). A record with
    syntax errors is not replayed (nor is its set-up read): the replay reports its errors, code
    ``syntax``.

    >>> from muehle.notation.record.model import Game, Ply
    >>> replay_record(Game(plies=[Ply(1, "white", "d2")]), rules="sanmill").rules.name
    'sanmill'
    """
    chosen = rules_for(game, rules)
    if game.errors or not ("SetUp" in game.tags or "FirstMove" in game.tags):
        return replay(game, chosen)  # (the common case: no FEN machinery on the way)
    from muehle.analyzer.engine.fen import start_fen  # (start-up: the FEN machinery only for a set-up record)

    return replay_from(game, chosen, start_fen(game, chosen.stones, **fen_reading(chosen)))


def first_mover(game: GameRecord) -> Side:
    """The side that plays first from the usual start: White, or Black where the record's
    ``[FirstMove "black"]`` tag says so (Schürmann/Nüscheler 4.1: "Weiß beginnt (üblich;
    Abweichungen vor Spielbeginn festzulegen)"). Any other value of the tag is a located
    :class:`~muehle.notation.text.errors.FormatError` (code ``setup``).

    >>> from muehle.notation.record.model import Game
    >>> first_mover(Game(tags={"FirstMove": "Black"})), first_mover(Game())
    ('black', 'white')
    """
    tag = game.tags.get("FirstMove")
    if tag is None:
        return WHITE
    value = tag.strip().lower()
    if value == WHITE or value == BLACK:
        return WHITE if value == WHITE else BLACK
    line, column, text = game.tag_place("FirstMove") or (game.line, 0, None)
    raise FormatError(_('the FirstMove tag must be "white" or "black", not "{tag}"').format(tag=shortened(tag)),
                      source=game.source or "<input>",
                      line=line, column=column, line_text=text, code="setup")


def replay_from(game: GameRecord, rules: RulesArg, setup: Optional[FenPosition]) -> Replay:
    """The step of :func:`replay_record` once the set-up is read (callers replay a record with
    :func:`replay_record`): replay ``game`` under ``rules`` (``None``: the record's ``Rules`` tag,
    else ``wmd``) from ``setup`` (``None``: the usual start), its no-progress counter taken from
    the FEN's field 16 as far as it tells, its first ply numbered as field 17 says (or from 1, as
    Sanmill numbers its exports). Without a FEN, the record's ``FirstMove`` tag says who begins
    (:func:`first_mover`); with one, the FEN does.

    >>> from muehle.analyzer.engine.fen import fen_to_position
    >>> from muehle.notation.record.model import Game, Ply
    >>> setup = fen_to_position("@*@*O*@*/**O***O*/*O*@*O*@ w m s 5 0 5 0 0 0 0 0 0 0 0 98 70")
    >>> plies = [Ply(70, "white", "d2", "d3"), Ply(70, "black", "d6", "d5")]
    >>> sanmill = as_ruleset("sanmill")
    >>> reading_field_16 = replace(sanmill, no_capture=replace(sanmill.no_capture, from_fen=True))
    >>> result = replay_from(Game(plies=plies), reading_field_16, setup)
    >>> result.start_no_progress, result.outcome.reason, result.outcome.ply, result.setup is setup
    (98, 'no-capture', 2, True)
    >>> result = replay_from(Game(plies=plies), sanmill, setup)  # (Sanmill's own count starts at 0)
    >>> result.start_no_progress, result.outcome
    (0, None)
    """
    rules = ruleset_of(game, rules)
    if setup is None:
        if first_mover(game) == BLACK:
            return replay(game, rules, start=replace(Position.start(rules.stones), to_move=BLACK))
        return replay(game, rules)
    from muehle.analyzer.engine.fen import mill_memory_of, setup_no_progress  # (start-up: as in replay_record)

    count, exact = setup_no_progress(setup, rules)
    result = replay(game, rules, start=setup.position, no_progress=count, no_progress_exact=exact,
                    fullmove=setup.fullmove, mills=mill_memory_of(setup, rules))
    result.setup = setup
    return result
