"""The replay of a record under a ruleset: :mod:`muehle.analyzer.engine.replay`, under its former path."""

from muehle.analyzer.engine.replay import *  # noqa: F401,F403
from muehle.analyzer.engine.replay import Replay, replay  # noqa: F401
