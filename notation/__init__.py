"""muehle.notation: game records of Nine Men's Morris as text, and the record model.

Reading (lark is imported only when a record needs its parser: one with a syntax error, say):

- :func:`read` -- the front door: the games of a file, of standard input or of a text,
  in notation, PGN, PlayOK's numbered points, JSON or YAML (the format known from the name or content, or forced);
- :func:`read_games` -- every game of a text in notation or PGN; syntax errors go into ``game.errors``;
- :func:`read_file` -- the same for a file, read game by game;
- :func:`parse_game` -- exactly one game; raises :class:`NotationError`;
- :func:`read_playok` -- every game of a text in PlayOK's numbered points
  (:func:`looks_like_playok` tells such a text).

Each reader gives :class:`Game` objects; ``read(..., deferred=True)`` gives, for a well-formed
game of notation, the cheaper record ``muehle validate`` judges: every one a :class:`GameRecord`,
the protocol that every form of record satisfies and that the replay takes.

This package knows no rules; :mod:`muehle.analyzer` replays the records.
"""

from muehle.notation.formats.playok import looks_like_playok, read_playok
from muehle.notation.reading.front_door import read
from muehle.notation.reading.parser import parse_game, read_file, read_games
from muehle.notation.record.model import Game, GameRecord, Ply, Variation
from muehle.notation.text.errors import FormatError, MuehleError, NotationError

__all__ = [
    "Game", "GameRecord", "Ply", "Variation",
    "MuehleError", "NotationError", "FormatError",
    "read", "read_games", "read_file", "parse_game", "read_playok", "looks_like_playok",
]
