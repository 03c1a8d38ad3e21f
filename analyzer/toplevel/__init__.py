"""muehle: game records of Nine Men's Morris (Mühle).

:mod:`muehle.notation` reads and writes records and knows no rules; :mod:`muehle.analyzer`
replays them under a ruleset; ``python -m muehle`` is the ``muehle`` command. In the
checkout these files are ``analyzer/toplevel/`` (pyproject.toml maps the package there).

``muehle.__version__`` is the installed distribution's version, the one of pyproject.toml;
it is looked up when asked for, so that importing muehle costs nothing for it.
"""

from __future__ import annotations


def __getattr__(name: str) -> str:
    """``__version__``, looked up in the installed distribution's metadata on first use."""
    if name == "__version__":
        from importlib.metadata import version  # (start-up: read only when asked for)

        found = version("muehle")
        globals()["__version__"] = found
        return found
    raise AttributeError(f"module 'muehle' has no attribute {name!r}")
