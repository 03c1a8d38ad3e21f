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
>>> Ply(number=13, side="white", target=REMOVAL, captures=["g7", "d5"]).label()
'13. xg7/xd5'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Literal, NamedTuple, Optional, Protocol, Sequence

from muehle.notation.reading.tags import tag_place
from muehle.notation.text.i18n import N_, _

Side = Literal["white", "black"]

#: Side to move first in every game from the start position.
WHITE: Side = "white"
BLACK: Side = "black"

#: The two sides, White (who moves first) first.
SIDES: tuple[Side, Side] = (WHITE, BLACK)

#: The results, each named once: White won, Black won, a draw, and a game not finished (or
#: whose result is not known).
WHITE_WINS, BLACK_WINS, DRAW, UNFINISHED = "1-0", "0-1", "1/2-1/2", "*"

#: The book's way to write a draw, read as :data:`DRAW`.
BOOK_DRAW = "½-½"

#: The results a record may declare (``½-½`` is read as ``1/2-1/2``).
RESULTS = (WHITE_WINS, BLACK_WINS, DRAW, UNFINISHED)

#: The results of a finished game, as a ``Result`` tag may give them.
FINISHED_RESULTS = (WHITE_WINS, BLACK_WINS, DRAW, BOOK_DRAW)

#: Every way a record may write a result: :data:`RESULTS` and the book's draw.
RESULT_TEXTS = (WHITE_WINS, BLACK_WINS, DRAW, BOOK_DRAW, UNFINISHED)

_WINNERS: dict[str, Optional[Side]] = {WHITE_WINS: WHITE, BLACK_WINS: BLACK, DRAW: None, BOOK_DRAW: None}


def normal_result(text: str) -> str:
    """A result as muehle keeps it: the book's ``½-½`` as ``1/2-1/2``, any other text as it is.

    >>> normal_result("½-½"), normal_result("1-0")
    ('1/2-1/2', '1-0')
    """
    return DRAW if text == BOOK_DRAW else text


def result_of(winner: Optional[Side]) -> str:
    """The result of a game that ``winner`` won (``None``: a draw).

    >>> result_of("white"), result_of("black"), result_of(None)
    ('1-0', '0-1', '1/2-1/2')
    """
    return DRAW if winner is None else WHITE_WINS if winner == WHITE else BLACK_WINS


def winner_of(result: str) -> Optional[Side]:
    """Who won by the finished result ``result`` (one of :data:`FINISHED_RESULTS`), ``None`` for a draw;
    :class:`ValueError` for any other text (``*`` declares no winner and no draw).

    >>> winner_of("1-0"), winner_of("0-1"), winner_of("½-½")
    ('white', 'black', None)
    """
    if result not in _WINNERS:
        raise ValueError(f"{result!r} is not a finished result (one of {', '.join(FINISHED_RESULTS)})")
    return _WINNERS[result]

#: How deep variations may nest (a variation of the main line is 1 deep): every reader
#: refuses a deeper one, so every form of record can carry what any of them read.
MAX_VARIATION_DEPTH = 50

_TOO_DEEP = N_("variations nest more than {depth} deep here; muehle reads {depth} levels at most")


def too_deep() -> str:
    """The error for a variation nested deeper than :data:`MAX_VARIATION_DEPTH`, in the current language."""
    return _(_TOO_DEEP).format(depth=MAX_VARIATION_DEPTH)

#: How many digits a number in a record (a move number, a FEN field, a JSON or YAML
#: number) may have: every reader refuses a longer one. Python converts numbers of at
#: most 4300 digits between text and ``int``, and a numbering counts on from the numbers
#: written, so this leaves room.
MAX_DIGITS = 4000


#: The integers from which on a number has more than :data:`MAX_DIGITS` digits.
TOO_LARGE = 10**MAX_DIGITS


def decimal_digits(value: int) -> int:
    """How many digits ``value`` has in decimal, without writing it out (Python limits that).

    >>> decimal_digits(99), decimal_digits(-100), decimal_digits(16**5000)
    (2, 3, 6021)
    """
    value = abs(value)
    digits = max(1, int(value.bit_length() * 0.30103))  # (at most the count: 0.30103 is about log10(2))
    while value >= 10**digits:
        digits += 1
    return digits


def too_many_digits(what: str, digits: int) -> str:
    """The error for ``what``, a number written with more than :data:`MAX_DIGITS` digits.

    >>> too_many_digits("move number", 5000)
    'move number of 5000 digits is too long (at most 4000)'
    """
    return _("{what} of {digits} digits is too long (at most {most})").format(what=_(what), digits=digits,
                                                                             most=MAX_DIGITS)


#: Traditional annotation marks, in the order the notation lists them.
ANNOTATIONS = ("!", "?", "!!", "??", "!?", "?!")

#: The 24 points of the board, files a-g and ranks 1-7.
POINTS = (
    "a1", "a4", "a7", "b2", "b4", "b6", "c3", "c4", "c5", "d1", "d2", "d3",
    "d5", "d6", "d7", "e3", "e4", "e5", "f2", "f4", "f6", "g1", "g4", "g7",
)

#: The points as a set, to ask whether a text is one.
POINT_SET = frozenset(POINTS)


def other_side(side: Side) -> Side:
    """The opponent of ``side``.

    >>> other_side("white")
    'black'
    """
    return BLACK if side == WHITE else WHITE


#: Each side's name as the user reads it (:func:`side_name` gives it in the current language).
SIDE_NAMES: dict[Side, str] = {WHITE: N_("White"), BLACK: N_("Black")}


def side_name(side: Side) -> str:
    """``side``'s name in the current language: ``White``, ``Black`` (``Weiß``, ``Schwarz``).

    >>> side_name("white"), side_name(other_side("white"))
    ('White', 'Black')
    """
    return _(SIDE_NAMES[side])


#: The target of a ply made of removals alone (``13. xg7xd5``): it has no target and no origin, its
#: captures are its removals.
REMOVAL = ""


@dataclass(slots=True)
class Ply:
    """One turn of one player: a placement or a move, and the stones it captured.

    ``number`` is the full-move number written before the ply (``None`` when the
    record gave none); ``side`` is the side the numbering gives the ply. A move and
    a jump are written alike (``origin``-``target``); the replay tells them apart.
    ``line`` and ``column`` (1-based) locate the ply in its source; ``0`` means
    unknown (a record built in code). A ply made of removals alone has the target :data:`REMOVAL`
    (``""``), no origin, and its removals as its captures.
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
        return self.origin is None and self.target != ""

    @property
    def is_removal(self) -> bool:
        """Whether the ply is made of removals alone (:data:`REMOVAL`: no target, no origin), as Sanmill
        writes the removals that spill over into the next half-move (``13. xg7xd5``)."""
        return self.target == REMOVAL

    @property
    def move_text(self) -> str:
        """The ply in the book's notation, without number and annotations (``xg7/xd5`` for removals alone)."""
        if self.target == REMOVAL:
            return "/".join(f"x{point}" for point in self.captures)
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


#: What one ply does, as the replay needs it: ``(target, origin, captures)``.
PlyMove = tuple[str, Optional[str], Sequence[str]]

#: The number and side of a ply as the record gives them.
Numbering = tuple[Optional[int], Side]


#: The numbering of a game's first ply from the usual start: White's move 1.
FIRST: tuple[int, Side] = (1, WHITE)


def numbering_of(place: int, first: tuple[int, Side] = FIRST) -> tuple[int, Side]:
    """The move number and side of the ply at ``place`` (0 for the first) of a line whose first
    ply is numbered ``first``, as records number plies: Black replies on White's number, White
    moves on to the next. The one home of this arithmetic; :func:`place_of` undoes it.

    >>> numbering_of(0), numbering_of(1), numbering_of(2), numbering_of(33)
    ((1, 'white'), (1, 'black'), (2, 'white'), (17, 'black'))
    >>> numbering_of(0, (17, "black")), numbering_of(1, (17, "black")), numbering_of(2, (17, "black"))
    ((17, 'black'), (18, 'white'), (18, 'black'))
    """
    number, side = first
    count = place + (side == BLACK)  # (counted from White's part of the first move)
    return number + count // 2, SIDES[count % 2]


def place_of(number: int, side: Side, first: tuple[int, Side] = FIRST) -> int:
    """The place (0 for the first) of the ply that is ``side``'s part of move ``number`` in a line
    whose first ply is numbered ``first``: :func:`numbering_of` undone. Before the first ply the
    place is negative.

    >>> place_of(1, "white"), place_of(1, "black"), place_of(17, "black"), place_of(18, "white", (17, "black"))
    (0, 1, 33, 1)
    >>> place_of(17, "white", (17, "black"))
    -1
    """
    first_number, first_side = first
    return 2 * (number - first_number) + (side == BLACK) - (first_side == BLACK)


def numbering_after(numbering: Numbering, count: int) -> Numbering:
    """The numbering of the ply ``count`` plies after one numbered ``numbering`` (:func:`numbering_of`;
    a ply without a number is followed by plies without one).

    >>> numbering_after((17, "black"), 1), numbering_after((17, "black"), 2), numbering_after((None, "white"), 3)
    ((18, 'white'), (18, 'black'), (None, 'black'))
    """
    number, side = numbering
    if number is None:
        return None, numbering_of(count, (0, side))[1]
    return numbering_of(count, (number, side))


def numbered_in_turn(first: Numbering, numbers: dict[int, Numbering], offset: int = 0) -> bool:
    """Whether each written numbering of ``numbers`` (by a ply's place, counted from ``offset``
    in its line) is the one that follows from the line's first ply, numbered ``first``
    (:func:`numbering_after`, the same rule reckoned for many plies at once).

    >>> numbered_in_turn((17, "black"), {0: (17, "black"), 1: (18, "white")})
    True
    >>> numbered_in_turn((17, "black"), {1: (18, "white")}, 2), numbered_in_turn((None, "white"), {2: (2, "white")})
    (False, False)
    """
    first_number, first_side = first
    if first_number is None:
        return not numbers  # (a line that starts without a number has none)
    # (place_of's sum, 2 * number + Black's half, counted from the first ply's, runs with the place:
    # one comparison per written number, without a call, on the hot path of validate)
    start = 2 * first_number + (first_side == BLACK) + offset
    for index, (number, side) in numbers.items():
        if number is None or 2 * number + (side == BLACK) - index != start:
            return False
    return True


def next_numbering(context: Optional[tuple[Optional[int], Side]]) -> tuple[Optional[int], Side]:
    """The number and side of a ply written without a number, after a ply with ``context``.

    Black replies on White's number, White moves on to the next; a line that starts
    without a number has none.

    >>> next_numbering((4, "white")), next_numbering((4, "black")), next_numbering(None)
    ((4, 'black'), (5, 'white'), (None, 'white'))
    """
    if context is None:
        return None, WHITE
    return numbering_after(context, 1)


def goes_back(context: Optional[tuple[Optional[int], Side]], number: int, side: Side) -> bool:
    """Whether a move number written after a ply with ``context`` goes back (a syntax error).

    >>> goes_back((5, "black"), 5, "white"), goes_back((5, "white"), 5, "black")
    (True, False)
    """
    if context is None or context[0] is None:
        return False
    previous = context[0]
    return number < previous or (number == previous and side == WHITE)


class MoveLine(NamedTuple):
    """A line of play (the main line or a variation) as the replay reads it.

    ``moves`` holds what each ply does; ``first`` is the numbering of the first ply
    (``None`` for a line without plies). When every later ply is numbered as it
    follows from the first (:func:`numbering_after`), ``numbers`` is ``None``;
    otherwise it holds the numbering of every ply. ``variations`` gives, for the
    place in the line of each ply that has variations, those variations in order.

    >>> line = move_line_of([Ply(1, "white", "b4"), Ply(1, "black", "d6", variations=[
    ...     Variation(plies=[Ply(1, "black", "f4")])])])
    >>> line.moves, line.first, line.numbers, list(line.variations)
    ([('b4', None, []), ('d6', None, [])], (1, 'white'), None, [1])
    >>> line.numbered()
    [(1, 'white', 'b4', None, []), (1, 'black', 'd6', None, [])]
    """

    moves: list[PlyMove]
    first: Optional[Numbering]
    numbers: Optional[list[Numbering]]
    variations: dict[int, list["MoveLine"]]

    def numbering(self) -> list[Numbering]:
        """The numbering of every ply."""
        if self.numbers is not None:
            return self.numbers
        if self.first is None:
            return []
        return [numbering_after(self.first, count) for count in range(len(self.moves))]

    def numbered(self) -> list[tuple[Optional[int], Side, str, Optional[str], Sequence[str]]]:
        """Every ply as ``(number, side, target, origin, captures)``."""
        return [numbering + move for numbering, move in zip(self.numbering(), self.moves)]


def move_line_of(plies: list[Ply]) -> MoveLine:
    """The :class:`MoveLine` of ``plies`` (their variations included)."""
    moves: list[PlyMove] = [(ply.target, ply.origin, ply.captures) for ply in plies]
    variations = {index: [move_line_of(variation.plies) for variation in ply.variations]
                  for index, ply in enumerate(plies) if ply.variations}
    return _move_line(moves, [(ply.number, ply.side) for ply in plies], variations)


def _move_line(moves: list[PlyMove], numbers: list[Numbering], variations: dict[int, list[MoveLine]]) -> MoveLine:
    """The :class:`MoveLine` of ``moves`` numbered ``numbers`` (kept only where they do not follow from the first)."""
    first = numbers[0] if numbers else None
    kept: Optional[list[Numbering]] = numbers
    if first is not None and all(numbering_after(first, count) == numbering
                                 for count, numbering in enumerate(numbers)):
        kept = None
    return MoveLine(moves, first, kept, variations)


def renumbered_line(line: MoveLine, change: Callable[[Numbering], Numbering]) -> MoveLine:
    """``line`` and its variations with each ply numbered as ``change`` makes its numbering."""
    variations = {index: [renumbered_line(variation, change) for variation in lines]
                  for index, lines in line.variations.items()}
    return _move_line(line.moves, [change(numbering) for numbering in line.numbering()], variations)


def _renumber_plies(plies: list[Ply], change: Callable[[Numbering], Numbering]) -> None:
    """Each ply of ``plies`` and of their variations numbered as ``change`` makes its numbering."""
    for ply in plies:
        ply.number, ply.side = change((ply.number, ply.side))
        for variation in ply.variations:
            _renumber_plies(variation.plies, change)


class RecordHead:
    """What every record of a game says besides its plies: tags, result, where it was read.

    ``tags`` keeps the tag pairs in the order written; ``errors`` lists the problems
    met while reading the record, ``warnings`` the slips read as they are plainly meant (the
    first :data:`~muehle.notation.reading.slips.SLIPS_SAID`; ``more_warnings`` counts the others).
    :class:`Game` is the whole record; a reader may make
    a cheaper one with the same head (see :mod:`muehle.notation.record.moverecord`).
    """

    __slots__ = ("tags", "result", "source", "line", "errors", "warnings", "more_warnings", "head_lines",
                 "tag_places", "places_in_source")

    def __init__(self, tags: Optional[dict[str, str]] = None, result: Optional[str] = None, source: str = "",
                 line: int = 0, errors: Optional[list["NotationError"]] = None) -> None:
        self.tags: dict[str, str] = {} if tags is None else tags
        self.result = result
        self.source = source
        self.line = line
        self.errors: list[NotationError] = [] if errors is None else errors
        #: The slips the reader read as they are plainly meant (``d2–b2`` as ``d2-b2``), each a
        #: located :class:`~muehle.notation.text.errors.NotationWarning`; they are no errors.
        self.warnings: list[NotationError] = []
        #: How many slips the reader met past the first :data:`~muehle.notation.reading.slips.SLIPS_SAID`,
        #: which ``warnings`` holds: counted, not kept (a game with a slip in every ply does not
        #: take memory for each).
        self.more_warnings = 0
        #: Where the reader found the tag pairs, for errors found later in a tag to point at (see
        #: :meth:`tag_place`). ``head_lines``: the lines of the tag section as written, from line
        #: ``line`` on, one tag pair to a line (the part of another game on a shared first line
        #: blanked). ``tag_places``, from a reader that saw another layout: name -> (line, column
        #: of the value, the line). Both ``None`` when the game was not read from text.
        self.head_lines: Optional[Sequence[str]] = None
        self.tag_places: Optional[dict[str, tuple[int, int, str]]] = None
        #: Whether the plies' ``line`` and ``column`` are places in ``source``. ``False`` for a game
        #: read from JSON or YAML: the places it keeps are in the text it was first read from.
        self.places_in_source = True

    def tag_place(self, name: str) -> Optional[tuple[int, int, str]]:
        """Where the reader found the tag pair ``name``: its line, the column of its value and
        the line's text; ``None`` when that is not known.

        >>> game = Game(tags={"Rules": "fide"}, line=3)
        >>> game.head_lines = ['[Event "x"]', '  [Rules "fide"]', '']
        >>> game.tag_place("Rules")
        (4, 11, '  [Rules "fide"]')
        """
        if self.tag_places is not None:
            return self.tag_places.get(name)
        return tag_place(enumerate(self.head_lines or (), self.line), name)

    @property
    def result_tag(self) -> Optional[str]:
        """The ``Result`` tag's value without the blanks around it (``None`` without the tag): the
        one reading of the tag that :attr:`declared_result`, :attr:`result_conflict` and the
        check of the tag's value share.

        >>> Game(tags={"Result": " 1-0 "}).result_tag, Game().result_tag
        ('1-0', None)
        """
        tag = self.tags.get("Result")
        return None if tag is None else tag.strip()

    @property
    def declared_result(self) -> Optional[str]:
        """The result given by the movetext, else by the ``Result`` tag, else ``None``.

        A movetext that ends with ``*`` gives way to a finished result in the tag:
        Sanmill ends every export with ``*`` and keeps the real result in the tag.

        >>> Game(tags={"Result": "0-1"}, result="*").declared_result
        '0-1'
        >>> Game(tags={"Result": "0-1"}, result="1-0").declared_result, Game(result="*").declared_result
        ('1-0', '*')
        """
        if self.result is None:
            return self.tags.get("Result")
        tag = self.result_tag
        if self.result == UNFINISHED and tag in FINISHED_RESULTS:
            return tag
        return self.result

    def result_stated(self, result: str) -> str:
        """How a message names ``result`` as the record's own: the movetext's in a record read
        from text, the record's ``result`` in one read from JSON or YAML.

        >>> Game(result="0-1").result_stated("0-1")
        'the movetext ends with 0-1'
        """
        if self.places_in_source:
            return _("the movetext ends with {result}").format(result=result)
        return _("the record's result is {result}").format(result=result)

    @property
    def result_conflict(self) -> Optional[tuple[str, str]]:
        """The movetext's result and the ``Result`` tag's value when they are two different
        finished results, else ``None`` (a movetext ``*`` contradicts no tag).

        >>> Game(tags={"Result": "1-0"}, result="0-1").result_conflict
        ('0-1', '1-0')
        >>> Game(tags={"Result": "½-½"}, result="1/2-1/2").result_conflict, Game(tags={"Result": "1-0"}, result="*").result_conflict
        (None, None)
        """
        value = self.result_tag
        if value is None or self.result is None or self.result == UNFINISHED:
            return None
        if value not in FINISHED_RESULTS or self.result == normal_result(value):
            return None
        return (self.result, self.tags["Result"])


class Game(RecordHead):
    """One game record.

    ``tags`` keeps the tag pairs in the order written. ``comments`` are those before
    the first ply; ``final_comments`` those after the last ply or the result.
    ``errors`` lists the problems met while reading the record (a game with a
    syntax error keeps what could be read before it).

    >>> game = Game({"Event": "x"}, [Ply(1, "white", "b4", line=2, column=4)], "*")
    >>> game.main_line().numbered(), game.plies[0].column
    ([(1, 'white', 'b4', None, [])], 4)
    """

    __slots__ = ("plies", "comments", "final_comments", "result_place")

    def __init__(self, tags: Optional[dict[str, str]] = None, plies: Optional[list[Ply]] = None,
                 result: Optional[str] = None, comments: Optional[list[str]] = None,
                 final_comments: Optional[list[str]] = None, source: str = "", line: int = 0,
                 errors: Optional[list["NotationError"]] = None) -> None:
        super().__init__(tags, result, source, line, errors)
        #: The main line; the comments before its first ply; those after its last ply or the result.
        self.plies: list[Ply] = [] if plies is None else plies
        self.comments: list[str] = [] if comments is None else comments
        self.final_comments: list[str] = [] if final_comments is None else final_comments
        #: Where the reader found the result at the end of the movetext: (line, column); ``None``
        #: when it is not known (no result, or a game not read from text).
        self.result_place: Optional[tuple[int, int]] = None

    def main_line(self) -> MoveLine:
        """The main line as a :class:`MoveLine`, as the replay reads it."""
        return move_line_of(self.plies)

    def first_numbering(self) -> Optional[Numbering]:
        """The number and side of the main line's first ply (``None`` for a game without plies).

        >>> Game(plies=[Ply(17, "black", "a4", "a7"), Ply(18, "white", "b2", "d2")]).first_numbering()
        (17, 'black')
        """
        plies = self.plies
        return (plies[0].number, plies[0].side) if plies else None

    def ply_count(self) -> int:
        """How many plies the main line has.

        >>> Game(plies=[Ply(1, "white", "d2")]).ply_count()
        1
        """
        return len(self.plies)

    def renumber(self, change: Callable[[Numbering], Numbering]) -> None:
        """Number each ply of the main line and its variations as ``change`` makes its numbering (in place).

        >>> game = Game(plies=[Ply(1, "white", "d2"), Ply(1, "black", "d6")])
        >>> game.renumber(lambda numbering: numbering_after(numbering, 1))
        >>> [ply.label() for ply in game.plies]
        ['1... d2', '2. d6']
        """
        _renumber_plies(self.plies, change)

    def has_variations(self) -> bool:
        """Whether a ply of the main line has variations."""
        return any(ply.variations for ply in self.plies)

    def __getstate__(self) -> dict[str, object]:
        return {name: getattr(self, name) for name in RecordHead.__slots__ + Game.__slots__}

    def __setstate__(self, state: dict[str, object]) -> None:
        for name, value in state.items():
            setattr(self, name, value)

    def _fields(self) -> tuple[Any, ...]:
        return (self.tags, self.plies, self.result, self.comments, self.final_comments)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # (mutable, as a dataclass would be: object declares a method)

    def __repr__(self) -> str:
        return (f"Game(tags={self.tags!r}, plies={self.plies!r}, result={self.result!r}, "
                f"comments={self.comments!r}, final_comments={self.final_comments!r}, "
                f"source={self.source!r}, line={self.line!r}, errors={self.errors!r})")


class GameRecord(Protocol):
    """A game record, whatever its form: what the replay (:func:`~muehle.analyzer.engine.setup.replay_record`),
    the verdict and the reports read of a record.

    :class:`Game` is the whole record (and :class:`~muehle.notation.record.compactgame.CompactGame`,
    a game whose plain plies are tuples until asked for, is a :class:`Game`);
    :class:`~muehle.notation.record.moverecord.MoveRecord`, which
    ``read(..., deferred=True)`` gives for a well-formed game of notation, is its head and its moves
    (:meth:`main_line`), the rest read from the text when asked for. Both are game records:

    >>> from muehle.notation.record.moverecord import MoveRecord
    >>> def moves_of(record: GameRecord) -> list[PlyMove]:
    ...     return record.main_line().moves
    >>> whole = Game(plies=[Ply(1, "white", "b4")])
    >>> moves_of(whole), moves_of(MoveRecord({}, None, whole.main_line(), lambda: whole))
    ([('b4', None, [])], [('b4', None, [])])
    """

    tags: dict[str, str]
    result: Optional[str]
    source: str
    line: int
    errors: list[NotationError]
    warnings: list[NotationError]
    more_warnings: int
    head_lines: Optional[Sequence[str]]
    tag_places: Optional[dict[str, tuple[int, int, str]]]
    places_in_source: bool

    @property
    def plies(self) -> list[Ply]:
        """The main line's plies as written (a cheap record reads them from the text when asked)."""

    @property
    def comments(self) -> list[str]:
        """The comments before the first ply."""

    @property
    def final_comments(self) -> list[str]:
        """The comments after the last ply or the result."""

    @property
    def result_place(self) -> Optional[tuple[int, int]]:
        """Where the result stands in the text, ``None`` when not known."""

    @property
    def result_tag(self) -> Optional[str]:
        """See :attr:`RecordHead.result_tag`."""

    @property
    def declared_result(self) -> Optional[str]:
        """See :attr:`RecordHead.declared_result`."""

    @property
    def result_conflict(self) -> Optional[tuple[str, str]]:
        """See :attr:`RecordHead.result_conflict`."""

    def tag_place(self, name: str) -> Optional[tuple[int, int, str]]:
        """See :meth:`RecordHead.tag_place`."""

    def result_stated(self, result: str) -> str:
        """See :meth:`RecordHead.result_stated`."""

    def main_line(self) -> MoveLine:
        """The main line and its variations as the replay reads them."""

    def first_numbering(self) -> Optional[Numbering]:
        """The number and side of the main line's first ply (``None`` without plies)."""

    def ply_count(self) -> int:
        """How many plies the main line has."""

    def has_variations(self) -> bool:
        """Whether a ply of the main line has variations."""

    def renumber(self, change: Callable[[Numbering], Numbering]) -> None:
        """Number each ply as ``change`` makes its numbering (in place)."""

from muehle.notation.text.errors import NotationError  # noqa: E402  (for the annotation above)
