"""The record's ``Result`` tag checked against itself and against the movetext's result.

>>> from muehle.notation.record.model import Game
>>> result_tag_errors(Game(tags={"Result": "1-0"}, result="1-0"))
[]
"""

from __future__ import annotations

from muehle.analyzer.engine.events import RuleViolation
from muehle.notation.record.model import FINISHED_RESULTS, UNFINISHED, Game, GameRecord  # noqa: F401  (Game: the doctests' records)
from muehle.notation.text.errors import shortened
from muehle.notation.text.i18n import _

#: ``Result`` tag values that declare no result: ``*`` (unfinished or unknown, as PGN has it),
#: ``?`` (the placeholder of an unknown roster value) and an empty value.
_NO_RESULT_TAGS = (UNFINISHED, "?", "")


def result_tag_errors(game: GameRecord) -> list[RuleViolation]:
    """A ``result-tag`` error when the record's ``Result`` tag is no result (located at the tag's
    value), or when it and the movetext's result are two different finished results (located
    at the movetext's result). A movetext ``*`` with a finished tag contradicts nothing (Sanmill
    ends every export with ``*``), nor does a tag ``*``, ``?`` or empty.

    >>> [e.message for e in result_tag_errors(Game(tags={"Result": "1-0"}, result="0-1"))]
    ['the movetext ends with 0-1, but its Result tag says 1-0: a game has one result']
    >>> result_tag_errors(Game(tags={"Result": "1-0"}, result="*")), result_tag_errors(Game(tags={"Result": "?"}))
    ([], [])
    """
    value = game.result_tag
    if value is None or game.errors or value in _NO_RESULT_TAGS:
        return []
    if value not in FINISHED_RESULTS:
        line, column, _value = game.tag_place("Result") or (game.line, 0, None)
        return [RuleViolation("result-tag", _("the Result tag's value {value} is not a result; results are "
                                              "1-0, 0-1, 1/2-1/2, ½-½ and * (or ? when unknown)").format(
                                                  value=shortened(game.tags["Result"])), line=line, column=column)]
    conflict = game.result_conflict
    if conflict is None:
        return []
    stated, tag = conflict
    line, column = (game.result_place or (game.line, 0)) if game.places_in_source else (0, 0)
    return [RuleViolation("result-tag", _("{stated}, but its Result tag says {value}: a game has one result").format(
                              stated=game.result_stated(stated), value=shortened(tag)),
                          line=line, column=column)]
