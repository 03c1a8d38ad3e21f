"""Perfect play in small endgames after the placing phase (needs numpy: ``pip install 'muehle[endgames]'``).

Tables of the value of every position with no stones in hand and three to four
stones a side, solved by retrograde analysis under the rule settings that change
values (:mod:`~muehle.analyzer.endgames.settings`). See ``docs/endgames.md``.
"""

from __future__ import annotations

from muehle.notation.text.i18n import N_, _

#: What is said when numpy is missing.
NEEDS_NUMPY = N_("the endgame tables need numpy; install it with: pip install 'muehle[endgames]'")


def require_numpy() -> None:
    """Raise :class:`ImportError` saying how to install numpy, unless it can be imported."""
    try:
        import numpy  # noqa: F401
    except ImportError:
        raise ImportError(_(NEEDS_NUMPY)) from None
