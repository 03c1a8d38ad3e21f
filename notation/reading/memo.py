"""Memos: results remembered by the text they were found from, bounded by that text's length.

A reader remembers what it found of a tag line or a word, since records repeat them; a
memo keeps entries while their keys hold at most ``budget`` characters in all, so a file
of long, different lines cannot make it grow with the file.

>>> memo = Memo(budget=5)
>>> memo["abc"] = 1; memo["de"] = 2; memo["f"] = 3
>>> memo, memo.get("f")
({'abc': 1, 'de': 2}, None)
"""

from __future__ import annotations

from typing import Any

__all__ = ["Memo", "MEMO_BUDGET"]

#: The characters the keys of each of the readers' memos hold at most (1 Mi).
MEMO_BUDGET = 1 << 20


class Memo(dict[str, Any]):
    """A dict whose new entries are kept only while its keys' characters stay within ``budget``
    (setting one past that is no error: it is not remembered; nor is a key set a second time)."""

    __slots__ = ("room",)

    def __init__(self, budget: int = MEMO_BUDGET) -> None:
        super().__init__()
        self.room = budget

    def __setitem__(self, key: str, value: Any) -> None:
        room = self.room - len(key)
        if room >= 0 and key not in self:
            self.room = room
            dict.__setitem__(self, key, value)

    def add(self, key: str) -> None:
        """Remember ``key`` alone (a memo used as a set)."""
        self[key] = None
