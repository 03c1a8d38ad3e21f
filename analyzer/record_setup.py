"""How a record is replayed: under which ruleset and from which position.

The ruleset is the one asked for (a command's ``--rules``), else the one the
record's ``[Rules "..."]`` tag names, else the default (``wmd``). The start is the
record's ``[FEN "..."]`` when it says ``[SetUp "1"]``, else the empty board.

>>> from muehle.notation.model import Game, Ply
>>> rules_for(Game(tags={"Rules": "Sanmill"})).name, rules_for(Game()).name
('sanmill', 'wmd')
>>> result = replay_record(Game(tags={"SetUp": "1",
...     "FEN": "********/O*@*O*@*/******** w p p 2 7 2 7 0 0 0 0 0 0 0 0 3"},
...     plies=[Ply(3, "white", "f6")]))
>>> result.errors, result.records[0].after.in_hand_white
([], 6)
"""

from __future__ import annotations

from typing import Optional, Sequence, Union

from muehle.analyzer.fen import start_position
from muehle.analyzer.replay import Replay, replay
from muehle.analyzer.rules import Ruleset, load_ruleset
from muehle.analyzer.verdict import ruleset_of
from muehle.notation.model import Game


def rules_for(game: Game, option: Union[str, Ruleset, None] = None) -> Ruleset:
    """The ruleset to replay ``game`` under: ``option`` (a preset name or YAML file), else its
    ``Rules`` tag, else the default. A ``Rules`` tag that names no preset is a located
    :class:`~muehle.notation.errors.FormatError`.
    """
    return ruleset_of(game, load_ruleset(option) if isinstance(option, str) else option)


def replay_record(game: Game, option: Union[str, Ruleset, None] = None, lines: Optional[Sequence[str]] = None) -> Replay:
    """Replay ``game`` under :func:`rules_for` from its :func:`~muehle.analyzer.fen.start_position`.

    ``lines`` (the source text's lines) lets an error in the FEN tag point at the tag.
    """
    return replay(game, rules_for(game, option), start=start_position(game, lines))
