"""The rulesets and their loading: :mod:`muehle.analyzer.engine.rules`, under its former path."""

from muehle.analyzer.engine.rules import *  # noqa: F401,F403
from muehle.analyzer.engine.rules import DEFAULT_RULESET, Ruleset, load_ruleset, preset_names  # noqa: F401
