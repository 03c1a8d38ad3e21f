"""Replay game records under a ruleset and report on them: the front door of the analyzer.

``replay_record(game)`` does what the commands do (the ruleset from the record's ``Rules`` tag,
the start from its set-up position); ``replay(game, rules)`` replays from the usual start;
``judge(game)`` is the verdict of ``muehle validate``. The names are loaded on first use, so that
``import muehle.analyzer`` stays cheap (the command line's start-up time is measured).

>>> from muehle.analyzer import load_ruleset, replay_record
>>> from muehle.notation.record.model import Game, Ply
>>> replay_record(Game(plies=[Ply(1, "white", "d2")])).ply_count, load_ruleset("wmd").name
(1, 'wmd')
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from muehle.analyzer.engine.replay import Replay, replay
    from muehle.analyzer.engine.rules import Ruleset, load_ruleset
    from muehle.analyzer.engine.setup import replay_record
    from muehle.analyzer.reports.verdict import judge

#: Each exported name and the module that defines it.
_HOMES = {
    "replay_record": "muehle.analyzer.engine.setup",
    "replay": "muehle.analyzer.engine.replay",
    "Replay": "muehle.analyzer.engine.replay",
    "load_ruleset": "muehle.analyzer.engine.rules",
    "Ruleset": "muehle.analyzer.engine.rules",
    "judge": "muehle.analyzer.reports.verdict",
}

__all__ = ["Replay", "Ruleset", "judge", "load_ruleset", "replay", "replay_record"]


def __getattr__(name: str) -> Any:
    """Load an exported name from its module on first use."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
