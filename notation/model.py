"""The record model: what a game record says, and nothing about the rules.

A :class:`Game` holds tag pairs, the main line of :class:`Ply` objects, comments,
variations and the result exactly as written. Whether the plies are legal is the
replay's business (``muehle.analyzer``); this module knows no rules.

>>> ply = Ply(number=18, side="white", origin="d2", target="b2", captures=["a4"])
>>> ply.is_placement
False
>>> ply.move_text
'd2-b2/xa4'
>>> Ply(number=1, side="white", target="b4").move_text
'b4'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Optional

Side = Literal["white", "black"]

#: Side to move first in every game from the start position.
WHITE: Side = "white"
BLACK: Side = "black"

#: The results a record may declare (``½-½`` is read as ``1/2-1/2``).
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")

#: Traditional annotation marks, in the order the notation lists them.
ANNOTATIONS = ("!", "?", "!!", "??", "!?", "?!")

#: The 24 points of the board, files a-g and ranks 1-7.
POINTS = (
    "a1", "a4", "a7", "b2", "b4", "b6", "c3", "c4", "c5", "d1", "d2", "d3",
    "d5", "d6", "d7", "e3", "e4", "e5", "f2", "f4", "f6", "g1", "g4", "g7",
)


def other_side(side: Side) -> Side:
    """The opponent of ``side``.

    >>> other_side("white")
    'black'
    """
    return BLACK if side == WHITE else WHITE


@dataclass(slots=True)
class Ply:
    """One turn of one player: a placement or a move, and the stones it captured.

    ``number`` is the full-move number written before the ply (``None`` when the
    record gave none); ``side`` is the side the numbering gives the ply. A move and
    a jump are written alike (``origin``-``target``); the replay tells them apart.
    ``line`` and ``column`` (1-based) locate the ply in its source; ``0`` means
    unknown (a record built in code).
    """

    number: Optional[int]
    side: Side
    target: str
    origin: Optional[str] = None
    captures: list[str] = field(default_factory=list)
    annotation: Optional[str] = None
    nags: list[int] = field(default_factory=list)
    draw_offer: bool = False
    comments: list[str] = field(default_factory=list)
    variations: list["Variation"] = field(default_factory=list)
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)

    @property
    def is_placement(self) -> bool:
        return self.origin is None

    @property
    def move_text(self) -> str:
        """The ply in the book's notation, without number and annotations."""
        text = self.target if self.origin is None else f"{self.origin}-{self.target}"
        return text + "".join(f"/x{point}" for point in self.captures)

    def label(self) -> str:
        """The ply with its number in the book's style: ``18. d2-b2/xa4``, ``17... a7-a4``."""
        if self.number is None:
            return self.move_text
        dots = "." if self.side == WHITE else "..."
        return f"{self.number}{dots} {self.move_text}"


@dataclass
class Variation:
    """An alternative line: plies that replace the ply it is attached to and what follows.

    ``comments`` are written at the start of the variation, before its first ply.
    """

    plies: list[Ply] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)


@dataclass
class Game:
    """One game record.

    ``tags`` keeps the tag pairs in the order written. ``comments`` are those before
    the first ply; ``final_comments`` those after the last ply or the result.
    ``errors`` lists the problems met while reading the record (a game with a
    syntax error keeps what could be read before it).
    """

    tags: dict[str, str] = field(default_factory=dict)
    plies: list[Ply] = field(default_factory=list)
    result: Optional[str] = None
    comments: list[str] = field(default_factory=list)
    final_comments: list[str] = field(default_factory=list)
    source: str = field(default="", compare=False)
    line: int = field(default=0, compare=False)
    errors: list["NotationError"] = field(default_factory=list, compare=False)

    @property
    def declared_result(self) -> Optional[str]:
        """The result given by the movetext, else by the ``Result`` tag, else ``None``."""
        return self.result if self.result is not None else self.tags.get("Result")


from .errors import NotationError  # noqa: E402  (for the annotation above)
