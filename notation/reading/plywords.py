"""The words of a ply as written, read into their parts: a move number, a move's points and
captures, a quality symbol before a capture (Sanmill's ``f2!? xb4``), a NAG.

Both readers of the notation use them: the grammar's (:mod:`muehle.notation.reading.parser`) and the
quick one (:mod:`muehle.notation.reading.fastread`). Records repeat the same words a lot, so what a
word was read as is kept (up to a limit).
"""

from __future__ import annotations

import re
from typing import Optional

from muehle.notation.reading.grammar import MOVE_NUMBER_CHARS
from muehle.notation.reading.memo import Memo
from muehle.notation.reading.slips import TRANSLATION, has_slip
from muehle.notation.record.model import BLACK, MAX_DIGITS, WHITE, Side, too_many_digits
from muehle.notation.text.i18n import N_

#: A ply token as read: (number, side, offset, origin, target, captures, annotation),
#: where number and side are those written in the token (``None`` when it has no
#: number), offset is where the coordinates start in it, and annotation is the quality
#: symbol Sanmill writes before a capture (``"!?"`` of ``"f2!? xb4"``), else ``None``.
Decoded = tuple[Optional[int], Optional[Side], int, Optional[str], str, tuple[str, ...], Optional[str]]

#: Decoded ply tokens by their text (records repeat the same tokens a lot).
_DECODED: dict[str, Decoded] = Memo()
_DECODED_LIMIT = 50_000

def _decode(text: str) -> Decoded:
    """Split the text of a ply token into its number, side and move.

    >>> _decode("D2-B2/xA4XG7")
    (None, None, 0, 'd2', 'b2', ('a4', 'g7'), None)
    >>> _decode("17. - a7-a4")
    (17, 'black', 6, 'a7', 'a4', (), None)
    >>> _decode("8.e3xd5")
    (8, 'white', 2, None, 'e3', ('d5',), None)
    >>> _decode("f2!? xb4")
    (None, None, 0, None, 'f2', ('b4',), '!?')
    >>> _decode("13. xG7/xd5")
    (13, 'white', 4, None, '', ('g7', 'd5'), None)

    A second quality symbol in the token raises :class:`SecondAnnotation`.
    """
    move = text.lstrip(MOVE_NUMBER_CHARS)
    offset = len(text) - len(move)
    number: Optional[int] = None
    side: Optional[Side] = None
    if offset:
        numbering = _NUMBERS.get(text[:offset])
        if numbering is None:
            numbering = read_move_number(text[:offset].rstrip())
            if len(_NUMBERS) < _DECODED_LIMIT:
                _NUMBERS[text[:offset]] = numbering
        number, side = numbering
    points = _POINTS.get(move)
    if points is None:
        try:
            points = _points_of_move(move)
        except SecondAnnotation as error:
            error.at += offset
            raise
        if len(_POINTS) < _DECODED_LIMIT:
            _POINTS[move] = points
    decoded = (number, side, offset) + points
    if len(_DECODED) < _DECODED_LIMIT and not has_slip(text):  # (a slip is read by the grammar's reader only)
        _DECODED[text] = decoded
    return decoded


#: The parts of ply tokens, by their text: move numbers and moves.
_NUMBERS: dict[str, tuple[int, Side]] = Memo()
_POINTS: dict[str, tuple[Optional[str], str, tuple[str, ...], Optional[str]]] = Memo()

#: A quality symbol before a capture, as Sanmill's export with quality symbols writes it.
_QUALITY = re.compile(r"[!?]+")


class SecondAnnotation(ValueError):
    """A ply token with two quality symbols (``"b4! xb2? xc3"``): ``at`` is where the second
    stands in the token, ``first`` and ``second`` are the two."""

    def __init__(self, at: int, first: str, second: str) -> None:
        super().__init__(second)
        self.at, self.first, self.second = at, first, second


def _points_of_move(move: str) -> tuple[Optional[str], str, tuple[str, ...], Optional[str]]:
    """Origin, target, captures and annotation of a move as written (``"d2-b2/xa4"``), in lower case
    (a slip's ``d2–b2`` and ``×``, read as meant: :mod:`muehle.notation.reading.slips`)."""
    lower = move.lower().translate(TRANSLATION)
    if len(lower) == 2:
        return None, lower, (), None
    origin: Optional[str]
    if lower[0] == "x":  # (removals alone: "xg7xd5", the target empty)
        origin, target, rest = None, "", lower
    elif lower[2] == "-":
        origin = lower[:2]
        target, rest = lower[3:5], lower[5:]
    else:
        origin, target, rest = None, lower[:2], lower[2:]
    rest = rest.replace("/", "")
    annotation = None
    if "!" in rest or "?" in rest:  # (a quality symbol before a capture: "f2!? xb4")
        symbols = list(_QUALITY.finditer(move))
        if len(symbols) > 1:
            raise SecondAnnotation(symbols[1].start(), symbols[0][0], symbols[1][0])
        annotation = symbols[0][0]
        rest = _QUALITY.sub("", rest)
    if " " in rest or "\t" in rest:  # (captures written as words of their own: "f2 xb4")
        rest = rest.replace(" ", "").replace("\t", "")
    return origin, target, tuple(rest.split("x")[1:]), annotation


class TooManyDigits(ValueError):
    """A number written with more than :data:`~muehle.notation.record.model.MAX_DIGITS` digits."""


def read_move_number(text: str) -> tuple[int, Side]:
    """The number and side of a move number as written; :class:`TooManyDigits` when it is too long.

    >>> read_move_number("17."), read_move_number("17. ..."), read_move_number("17…")
    ((17, 'white'), (17, 'black'), (17, 'black'))
    """
    end = text.find(".")
    digits = (text[:end] if end > 0 else text.rstrip("…")).rstrip(" \t")  # ("11 .": a slip)
    if len(digits) > MAX_DIGITS:
        raise TooManyDigits(too_many_digits(N_("move number"), len(digits)))
    return int(digits), (WHITE if text[-1] == "." and text[-2] != "." else BLACK)


def read_nag(text: str) -> Optional[int]:
    """The number of a NAG as written, or ``None`` when it is out of range ($1 to $255).

    >>> read_nag("$13"), read_nag("$013"), read_nag("$256"), read_nag("$0"), read_nag("$" + "9" * 5000)
    (13, 13, None, None, None)
    """
    digits = text[1:].lstrip("0")
    value = int(digits) if 0 < len(digits) <= 3 else 0
    return value if 1 <= value <= 255 else None
