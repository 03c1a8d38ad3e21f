"""Writing records as PGN the way Sanmill exports them.

The tag section starts with the seven-tag roster (missing values as ``?``, the date
as ``????.??.??``, ``Result`` from the game), then ``Variant`` and ``PlyCount``,
then the record's other tags in their order; tag lines end with CRLF as in
Sanmill's exports. Captures are glued to the ply (``d6-d5xc3``, ``b4xb2xc3``) and
``PlyCount`` counts every capture as a ply of its own, as Sanmill does.

>>> from muehle.notation.record.model import Game, Ply
>>> game = Game(plies=[Ply(1, "white", "d2"), Ply(1, "black", "d6"),
...                    Ply(2, "white", "d5", origin="d2", captures=["d6"])])
>>> print(write_pgn([game]).replace("\\r\\n", "\\n"), end="")
[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[Variant "Nine Men's Morris"]
[PlyCount "4"]
<BLANKLINE>
1. d2 d6 2. d2-d5xd6 *
"""

from __future__ import annotations

import copy
import dataclasses
import re
from typing import Iterable, Optional

from muehle.notation.record.model import (
    MAX_DIGITS,
    REMOVAL,
    RESULTS,
    UNFINISHED,
    Game,
    Ply,
    Variation,
    normal_result,
    numbering_after,
)
from muehle.notation.text.errors import quoted, shortened
from muehle.notation.text.i18n import _
from muehle.notation.writing.writers import (
    GLUED_CAPTURE,
    JoinedWriter,
    UnwritableError,
    check_numbering,
    comment_unit,
    movetext_units,
    ply_text,
    tag_line,
    unwritable,
    wrap_units,
    written,
)

#: The seven tags every PGN record starts with, and the value of a missing one.
ROSTER: dict[str, str] = {
    "Event": "?",
    "Site": "?",
    "Date": "????.??.??",
    "Round": "?",
    "White": "?",
    "Black": "?",
    "Result": UNFINISHED,
}

#: The tags the writer adds after the roster.
VARIANT_TAG = "Variant"
PLY_COUNT_TAG = "PlyCount"
NINE_MENS_MORRIS = "Nine Men's Morris"

#: Movetext width; the lines of Sanmill's exports break within this width.
PGN_WIDTH = 55


def ply_count(game: Game) -> int:
    """Plies of the main line as Sanmill counts them: each capture is a ply of its own.

    >>> from muehle.notation.record.model import Game, Ply
    >>> ply_count(Game(plies=[Ply(1, "white", "d2"), Ply(9, "black", "b2", origin="b4", captures=["d2", "f2"])]))
    4
    """
    return sum((ply.target != REMOVAL) + len(ply.captures) for ply in game.plies)


def pgn_result(game: Game) -> str:
    """The termination marker written for ``game``: the result of its movetext, else
    that of its ``Result`` tag (``½-½`` read as ``1/2-1/2``), else ``*``.

    >>> from muehle.notation.record.model import RESULTS, Game
    >>> pgn_result(Game(tags={"Result": "½-½"})), pgn_result(Game(tags={"Result": "White won"}))
    ('1/2-1/2', '*')
    """
    conflict = game.result_conflict
    if conflict is not None:
        raise unwritable(_("{stated}, but the Result tag says {tag}: PGN writes one result (make them agree, or end "
                           "the movetext with *)").format(stated=game.result_stated(conflict[0]),
                                                          tag=shortened(conflict[1])), game)
    result = normal_result(game.declared_result or UNFINISHED)
    return result if result in RESULTS else UNFINISHED


#: Tags of a set-up position, written last and in this order, as Sanmill does.
SETUP_TAGS = ("FEN", "SetUp")


def pgn_tags(game: Game) -> list[tuple[str, str]]:
    """The tag pairs of the PGN export, in the order written.

    >>> [name for name, _ in pgn_tags(Game(tags={"SetUp": "1", "FEN": "...", "Annotator": "A"}))][7:]
    ['Variant', 'PlyCount', 'Annotator', 'FEN', 'SetUp']
    """
    tags = [(name, game.tags.get(name, default)) for name, default in ROSTER.items()]
    tags[-1] = ("Result", pgn_result(game))
    tags.append((VARIANT_TAG, game.tags.get(VARIANT_TAG, NINE_MENS_MORRIS)))
    tags.append((PLY_COUNT_TAG, str(ply_count(game))))
    generated = set(ROSTER) | {VARIANT_TAG, PLY_COUNT_TAG, *SETUP_TAGS}
    tags.extend((name, value) for name, value in game.tags.items() if name not in generated)
    tags.extend((name, game.tags[name]) for name in SETUP_TAGS if name in game.tags)
    return tags


def numbered(game: Game) -> Game:
    """``game`` with move numbers, as Sanmill writes ``N.`` before each of White's turns,
    when the record gives none at all: the main line from the FEN's move number (field
    17) or 1, each variation from the ply it replaces. A record that gives numbers is
    written with them as they are (``game`` itself).

    >>> from muehle.notation.record.model import Ply
    >>> [(ply.number, ply.side) for ply in numbered(Game(plies=[Ply(None, "white", "d2"),
    ...     Ply(None, "black", "d6"), Ply(None, "white", "f4")])).plies]
    [(1, 'white'), (1, 'black'), (2, 'white')]
    """
    if not game.plies or not _unnumbered(game.plies):
        return game
    check_numbering(game.plies, game)  # (a side that the numbering cannot give, as the record says it)
    fen = game.tags.get("FEN", "").split() if game.tags.get("SetUp", "").strip() == "1" else []
    first = int(fen[16]) if len(fen) >= 17 and _MOVE_NUMBER.fullmatch(fen[16]) and int(fen[16]) > 0 else 1
    with_numbers = copy.copy(game)
    with_numbers.plies = _numbered_plies(game.plies, first)
    return with_numbers


#: A full-move number as a FEN may give it (ASCII digits only: ``str.isdigit`` also takes '²').
_MOVE_NUMBER = re.compile(f"[0-9]{{1,{MAX_DIGITS}}}")


def _unnumbered(plies: list[Ply]) -> bool:
    """Whether no ply of ``plies`` and of their variations has a move number."""
    return all(ply.number is None and all(_unnumbered(v.plies) for v in ply.variations) for ply in plies)


def _numbered_plies(plies: list[Ply], number: int) -> list[Ply]:
    """Copies of ``plies`` and of their variations, numbered from ``number`` (the first ply's)."""
    numbered_plies = []
    for index, ply in enumerate(plies):
        ply_number = numbering_after((number, plies[0].side), index)[0]
        assert ply_number is not None  # (counted on from a number)
        variations = [Variation(_numbered_plies(v.plies, ply_number), v.comments) for v in ply.variations]
        numbered_plies.append(dataclasses.replace(ply, number=ply_number, variations=variations))
    return numbered_plies


def _pgn_ply(ply: Ply) -> str:
    """A ply as PGN writes it, its captures glued: ``d2-b2xa4``."""
    return ply_text(ply, GLUED_CAPTURE)


def _pgn_comment(text: str, game: Game, ply: Optional[Ply]) -> str:
    """A comment as PGN writes it, ``{ text }``; one holding ``}`` is refused: the notation's
    ``;`` form would hide every move after it from Sanmill, which reads the main line as one line."""
    if "}" in text:
        raise unwritable(_("a comment containing '}' cannot be written as PGN: Sanmill reads the main line as "
                           "one line, so a ';' comment would hide the moves after it (write notation, JSON or "
                           "YAML to keep it)"), game, ply)
    return comment_unit(text, game, ply)


def game_pgn(game: Game, width: int = PGN_WIDTH) -> str:
    """One game as PGN, ending with a newline."""
    for name in game.tags:
        if name.startswith("_"):  # (Sanmill's reader of tag pairs stops at such a name)
            raise unwritable(_("tag name {name} cannot be written as PGN: Sanmill reads tag names that start with a "
                               "letter or a digit").format(name=quoted(name)), game)
    header = "".join(tag_line(name, value, game) + "\r\n" for name, value in pgn_tags(game))
    try:
        units = movetext_units(numbered(game), _pgn_ply, pgn_result(game), _pgn_comment)
    except UnwritableError as error:
        error.game = game  # (not the numbered copy: the caller names the game it gave)
        raise
    return header + "\r\n" + "".join(line + "\n" for line in wrap_units(units, width))


def write_pgn(games: Iterable[Game]) -> str:
    """Games as Sanmill-style PGN, separated by a blank line."""
    return written(JoinedWriter(game_pgn), games)
