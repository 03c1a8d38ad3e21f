"""A record replayed from its set-up position: :mod:`muehle.analyzer.engine.setup`, under its former path."""

from muehle.analyzer.engine.setup import *  # noqa: F401,F403
from muehle.analyzer.engine.setup import first_mover, replay_from, replay_record, rules_for  # noqa: F401
