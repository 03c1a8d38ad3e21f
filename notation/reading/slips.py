"""A scorekeeper's slips: written otherwise than the notation says, but plainly meant.

A record copied by hand or from a typeset text has slips that can only mean one
thing, and the reader reads them so, each with a located warning
(:class:`~muehle.notation.text.errors.NotationWarning`; a game keeps its first :data:`SLIPS_SAID`
in ``game.warnings`` and counts the others in ``game.more_warnings``):

- an en or em dash for the ``-`` of a move: ``d2–b2``;
- ``×`` or ``:`` for the capture mark ``x``: ``d2-b2×a4``, ``d2-b2:a4``;
- a space after the capture mark: ``d2-b2/x a4``;
- a space before the ``.`` of a move number: ``11 . f4-f6``.

The grammar's terminals take them (``grammars/muehle.lark``); :func:`ply_slips`
says what each slip in a ply's token is, and :data:`TRANSLATION` reads the move as
meant. The fast reader leaves a record with a slip to the grammar's reader: it
declines a token with one (:func:`has_slip`).

>>> [message for _, message in ply_slips("11 . d2–b2×a4", "d2-b2/xa4")]  # doctest: +NORMALIZE_WHITESPACE
["the space before the '.' of the move number read as none: write 11.",
 "'–' (an en dash) read as the '-' of a move: write d2-b2/xa4",
 "'×' read as the capture mark 'x': write d2-b2/xa4"]
"""

from __future__ import annotations

import re

from muehle.notation.text.errors import shortened
from muehle.notation.text.i18n import N_, _, ngettext

__all__ = ["SLIPS_SAID", "TRANSLATION", "has_slip", "more_slips", "number_slip", "ply_slips"]

#: How many slips of a game are kept and said, each with its place; the others are counted, and
#: said in one line (:func:`more_slips`).
SLIPS_SAID = 20

#: The slips' characters as the notation writes them (each one character for one, so columns stay).
TRANSLATION = str.maketrans({"\u2013": "-", "\u2014": "-", "\u00d7": "x", ":": "x"})

_DASHES = {"\u2013": N_("an en dash"), "\u2014": N_("an em dash")}

#: The move number a token starts with (as the grammar's NUMBER, a slip's space included).
_NUMBER = re.compile(r"[0-9]+[ \t]*(?:\.\.\.|…|\.(?:[ \t]*(?:\.\.\.|…|-))?)")

#: The slips inside one token of a ply (its move number included), each a group.
_IN_PLY = re.compile(r"(?P<number>(?<=[0-9])[ \t]+(?=[.…]))|(?P<dash>[–—])|(?P<mark>[×:])"
                     r"|(?P<space>(?<=[xX×:])[ \t]+)")


def has_slip(token: str) -> bool:
    """Whether the token of a ply (or a move number) holds a slip.

    >>> has_slip("d2–b2"), has_slip("17. d2-b2/xa4"), has_slip("f2!? xb4"), has_slip("11 .")
    (True, False, False, True)
    """
    return _IN_PLY.search(token) is not None


def ply_slips(token: str, move: str) -> list[tuple[int, str]]:
    """Each slip in the token of a ply, as (its offset in the token, the warning's message);
    ``move`` is the ply's move as the notation writes it (``d2-b2/xa4``)."""
    slips = []
    shown = shortened(move)  # (a long capture chain in part)
    for found in _IN_PLY.finditer(token):
        kind = found.lastgroup
        if kind == "number":
            slips.append((found.start(), number_slip(_NUMBER.match(token).group())))  # type: ignore[union-attr]
        elif kind == "dash":
            slips.append((found.start(), _("'{dash}' ({name}) read as the '-' of a move: write {move}").format(
                dash=found.group(), name=_(_DASHES[found.group()]), move=shown)))
        elif kind == "mark":
            slips.append((found.start(), _("'{mark}' read as the capture mark 'x': write {move}").format(
                mark=found.group(), move=shown)))
        else:
            slips.append((found.start(), _("the space after the capture mark read as none: write {move}").format(
                move=shown)))
    return slips


def number_slip(token: str) -> str:
    """The warning's message for a move number written with a space before its ``.`` (``11 .``).

    >>> number_slip("11 ."), number_slip("11 . ...")
    ("the space before the '.' of the move number read as none: write 11.", "the space before the '.' of the move number read as none: write 11. ...")
    """
    fixed = re.sub(r"(?<=[0-9])[ \t]+", "", token, count=1)
    return _("the space before the '.' of the move number read as none: write {fixed}").format(fixed=shortened(fixed))


def more_slips(count: int) -> str:
    """What is said of the slips of a game past the first :data:`SLIPS_SAID`.

    >>> more_slips(9870), more_slips(1)
    ('and 9870 more slips in this game', 'and 1 more slip in this game')
    """
    return ngettext("and {count} more slip in this game", "and {count} more slips in this game",
                    count).format(count=count)
