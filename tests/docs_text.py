"""The documents in docs/ as the tests read them: a document's text, a section of it."""

from __future__ import annotations

import re

from paths import ROOT

DOCS = ROOT / "docs"


def doc(name: str) -> str:
    """The text of ``docs/NAME``."""
    return (DOCS / name).read_text(encoding="utf-8")


def section(text: str, heading: str) -> str:
    """The text of the section under ``heading`` (up to the next heading of any level)."""
    start = text.index(heading + "\n") + len(heading) + 1
    end = re.search(r"^#+ ", text[start:], re.M)
    return text[start:start + end.start()] if end else text[start:]
