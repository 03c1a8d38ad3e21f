r"""Quoted text as a regular expression that holds no memory for each escape it matches.

The usual pattern of a quoted text with escapes, ``"[^"\\]*(?:\\.[^"\\]*)*"``, makes
Python's ``re`` keep a backtracking frame for each escape while it matches (about 130
bytes): a value packed with ``\"`` escapes cost memory in proportion to its escapes.
Python 3.10 has no atomic groups, so :func:`quoted_text` makes one of each thousand
escapes: a lookahead matches them and captures them, and a backreference takes the
captured text. A lookahead keeps nothing to backtrack into once it has matched, so the
frames of a thousand escapes at most are held at any time. The text matched is the
same: the usual pattern never backtracks into a quoted text either (an escape and the
characters between escapes cannot be split another way).

>>> import re
>>> string = re.compile(quoted_text(r'[^"\\]', r"\\.", "s"))
>>> string.match(r'"a \"b\" \\ c" d').group()
'"a \\"b\\" \\\\ c"'
>>> string.match('"' + '\\"' * 5000 + '"').end()
10002
>>> string.match('"unclosed \\"') is None
True
"""

from __future__ import annotations

__all__ = ["ESCAPES_AT_ONCE", "quoted_text", "unrolled"]

#: How many escapes one atomic step matches (its frames are held while it matches).
ESCAPES_AT_ONCE = 1000


def quoted_text(plain: str, escape: str, group: str, closed: str = '"') -> str:
    r"""A pattern of ``"``, then characters of the class ``plain`` and escapes ``escape``,
    then ``closed`` (``'"?'`` for a quote that may be missing).

    ``group`` names the group the pattern uses (unique within the expression it becomes part of).

    >>> quoted_text(r'[^"\\]', r"\\.", "s")
    '"[^"\\\\]*(?:(?=(?P<s>(?:\\\\.[^"\\\\]*){1,1000}))(?P=s))*"'
    """
    return f'"{unrolled(plain, escape, group)}{closed}'


def unrolled(plain: str, special: str, group: str) -> str:
    r"""A pattern of characters of the class ``plain``, each ``special`` followed by more of
    them, the specials matched :data:`ESCAPES_AT_ONCE` at a time, each batch atomic.

    >>> import re
    >>> re.fullmatch(unrolled("[^}\n]", "\n(?!\n)", "b"), "a\nb\nc") is not None
    True
    """
    return f"{plain}*(?:(?=(?P<{group}>(?:{special}{plain}*){{1,{ESCAPES_AT_ONCE}}}))(?P={group}))*"
