"""Sanmill's FEN: a position as one line of 17 space-separated fields, and extensions.

Field 1 is the board, three groups of eight points separated by ``/``: the inner,
the middle and the outer ring, each from its top middle point clockwise
(:data:`FEN_ORDER`); ``O`` is White, ``@`` Black, ``*`` empty, ``X`` a marked point (a stone
captured while placing under ``mill_while_placing: mark``, read only for such a ruleset:
``marks``). Then the side to
move (``w``/``b``), the phase (``r`` ready, ``p`` placing, ``m`` moving, ``o``
over), the action (``p`` place, ``s`` select, ``r`` remove), stones on the board
and in hand for White and Black, stones still to remove by White and Black, the
last mills of White and Black (from, to), a mask of mills already used, the plies
since the last placement or capture, and the full-move number.

Sanmill writes two forms (:data:`FEN_FORMS`). The ``current`` one ends with the
extension field ``ids:nodes`` and gives the points of fields 11 to 14 as node ids,
0 to 23 in the order of field 1 (-1: none); the ``legacy`` one has no marker and
gives them as the old engine's square numbers, 8 to 31 (0: none). Both are read;
muehle writes the current form unless asked for the legacy one (``form="legacy"``).
Sanmill appends the extension fields of a removal still to come (``Position::fen``): the
custodian, intervention and leap captures pending (``c:``, ``i:``, ``l:``, each side's count and
target points), a stone preferred for removal (``p:``) and a blocked side's removals (``s:``).
They are read (:class:`FenPosition`) and written back whole (:func:`fen_text`); with nothing
to remove they do nothing and are read past with a note.

A muehle :class:`~muehle.analyzer.engine.board.Position` stands between two turns, so the
FEN muehle writes of a position always has nothing left to remove (fields 9 and 10 are 0); a
FEN read in the middle of a turn is written back as read by :func:`fen_text`, and no record
starts from it. Fields 11 to 15
(the mill bookkeeping) say none, except under the rulesets that remember their mills
(``one_time_mills``, ``no_mill_moving_back``: :mod:`~muehle.analyzer.engine.mill_rules`), whose memory the caller gives,
as it gives fields 16 and 17, which depend on the history of the game (field 17 the record's
move number, or Sanmill's count of every action with ``move_numbers="sanmill"``).

>>> from muehle.analyzer.engine.board import Position, mask_of
>>> position_to_fen(Position.start())
'********/********/******** w p p 0 9 0 9 0 0 -1 -1 -1 -1 0 0 1 ids:nodes'
>>> position_to_fen(Position.start(), form="legacy")
'********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1'
>>> after = Position(mask_of(["d6", "d2"]), mask_of(["f4", "b4"]), 7, 7, "white")
>>> position_to_fen(after, fullmove=3)
'********/O*@*O*@*/******** w p p 2 7 2 7 0 0 -1 -1 -1 -1 0 0 3 ids:nodes'
>>> fen_to_position(position_to_fen(after, fullmove=3)).position == after
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Optional, Sequence

from muehle.analyzer.engine.board import ALL_POINTS as _FULL_BOARD
from muehle.analyzer.engine.board import POINT_INDEX, Position
from muehle.analyzer.engine.mill_rules import Closing, MillMemory
from muehle.notation.reading.tags import tag_value_offset_column
from muehle.notation.record.model import (  # noqa: F401  (Game: the doctests' records)
    BLACK,
    MAX_DIGITS,
    WHITE,
    Game,
    GameRecord,
    Side,
    other_side,
    side_name,
    too_many_digits,
)
from muehle.notation.text.errors import FormatError, shortened
from muehle.notation.text.i18n import N_, _, ngettext
from muehle.notation.writing.writers import escape_tag_value

if TYPE_CHECKING:
    from muehle.analyzer.engine.rules import Ruleset

#: The points in the order of the FEN board field: inner, middle, outer ring,
#: each from the top middle point clockwise.
FEN_ORDER: tuple[str, ...] = (
    "d5", "e5", "e4", "e3", "d3", "c3", "c4", "c5",
    "d6", "f6", "f4", "f2", "d2", "b2", "b4", "b6",
    "d7", "g7", "g4", "g1", "d1", "a1", "a4", "a7",
)

_BITS: tuple[int, ...] = tuple(1 << POINT_INDEX[point] for point in FEN_ORDER)

#: Fields 11 to 15 of a FEN as bit masks: White's last mill (from, to), Black's, and the points of the mills
#: White and Black formed (:meth:`~muehle.analyzer.engine.mill_rules.MillMemory.fen_fields`).
_MillFields = tuple[int, int, int, int, int, int]

#: What fields 1 to 17 hold, for error messages.
FIELD_NAMES: tuple[str, ...] = (
    N_("board"), N_("side to move"), N_("phase"), N_("action"),
    N_("White's stones on the board"), N_("White's stones in hand"),
    N_("Black's stones on the board"), N_("Black's stones in hand"),
    N_("stones White still has to remove"), N_("stones Black still has to remove"),
    N_("White's last mill (from)"), N_("White's last mill (to)"),
    N_("Black's last mill (from)"), N_("Black's last mill (to)"),
    N_("mills already used"), N_("plies since the last placement or capture"), N_("full-move number"),
)

#: The legacy form's square numbers of the 24 points (fields 11-14 give a last mill's in them,
#: 0 for none): ``SQ_8`` to ``SQ_31`` of Sanmill's old engine, in the order of :data:`FEN_ORDER`.
SQUARES = range(8, 32)

#: The current form's node ids of the 24 points (fields 11-14, -1 for none): the index of the
#: point in :data:`FEN_ORDER`, its legacy square number less 8 (``topology.rs`` of Sanmill).
NODE_IDS = range(0, 24)

#: The forms of Sanmill's FEN muehle reads and writes: ``current`` (fields 11-14 in node ids,
#: marked by the extension field :data:`NODE_IDS_MARKER`) and ``legacy`` (in square numbers).
FEN_FORMS: tuple[str, ...] = ("current", "legacy")

#: The form written unless the other is asked for: the functions of this module, ``show --fen``,
#: ``positions``, the reports of ``validate`` and ``analyze`` and the HTML viewer's "Copy FEN"
#: give the same FEN of a position.
DEFAULT_FEN_FORM = "current"

#: The extension field that marks the current form (Sanmill compares it without regard to case).
NODE_IDS_MARKER = "ids:nodes"

PHASES = {"r": "ready", "p": "placing", "m": "moving", "o": "game over"}
ACTIONS = {"p": "place", "s": "select", "r": "remove"}
#: Sanmill writes ``?`` (no action) as the action of a finished game.
NO_ACTION = "?"

#: What the extension fields of other variants carry (the letter before the colon).
_EXTENSIONS = {"c": N_("custodian captures"), "i": N_("intervention captures"), "l": N_("leap captures"),
               "p": N_("a stone preferred for removal"), "s": N_("removals after a stalemate")}

#: The extension fields of Sanmill's pending captures (``Position::fen``, position.cpp:760-805): the
#: letter and the capture kind it carries, in the order Sanmill writes them.
CAPTURE_FIELDS: dict[str, str] = {"c": "custodian", "i": "intervention", "l": "leap"}
_CAPTURE_NAMES = {"custodian": N_("a custodian capture"), "intervention": N_("an intervention capture"),
                  "leap": N_("a leap capture")}
#: Sanmill's ``s:`` field (position.cpp:807-814): 1 a blocked side's removal (``isStalemateRemoving``),
#: 2 both sides' removals after a blocked turn (``isBothStalemateRemoving``).
BLOCKED_REMOVALS = (1, 2)
_SEGMENT = re.compile(r"([wb])-([0-9]{1,4})-((?:[0-9]{1,4}(?:\.[0-9]{1,4})*)?)")

_FIELD = re.compile(r"\S+")
_INTEGER = re.compile(r"-?[0-9]+")


def point_of_node(node: int) -> Optional[str]:
    """The point of a current-form node id (fields 11-14 with ``ids:nodes``); ``None`` for -1.

    >>> point_of_node(0), point_of_node(23), point_of_node(-1)
    ('d5', 'a7', None)
    """
    return None if node == -1 else FEN_ORDER[node]


def point_of_square(square: int) -> Optional[str]:
    """The point of a legacy-form square number (fields 11-14 without ``ids:nodes``); ``None`` for 0.

    >>> point_of_square(8), point_of_square(31), point_of_square(0)
    ('d5', 'a7', None)
    """
    return None if square == 0 else FEN_ORDER[square - SQUARES[0]]


@dataclass(frozen=True)
class PendingCapture:
    """One side's part of a capture field of Sanmill's FEN (``c:``, ``i:``, ``l:``): the stones
    ``side`` still has to remove by a capture of ``kind`` (``"custodian"``, ``"intervention"``,
    ``"leap"``: :data:`CAPTURE_FIELDS`) and the points they may be taken from, in the order of
    field 1 (Sanmill writes them as its square numbers, 8 to 31, ascending).

    >>> fen_to_position("*OO*@O**/@O*@OO@O/*O@*@O** w p r 9 0 6 1 2 0 0 0 0 0 0 0 10 i:w-2-12.28|b-0-").captures
    (PendingCapture(kind='intervention', side='white', count=2, targets=('d3', 'd1')), \
PendingCapture(kind='intervention', side='black', count=0, targets=()))
    """

    kind: str
    side: Side
    count: int
    targets: tuple[str, ...] = ()

    @property
    def pending(self) -> bool:
        """True when the field says something (Sanmill writes a kind only then): a count or a target."""
        return bool(self.count or self.targets)


@dataclass(frozen=True)
class FenPosition:
    """A FEN read back: the position and what the FEN says beyond it.

    ``phase``, ``action``, ``to_remove_white``/``to_remove_black``, ``last_mills``
    (fields 11 to 14 as written, in the numbers of ``form``) and ``mills_used`` are
    the fields as read. ``finished`` says the FEN shows a finished game: its phase
    is ``o``, or a stone is still to be removed although a side already has fewer
    than three stones (Sanmill writes so after the capture that won: its capture
    count was not run down). A finished game's position stands alone: no ply can
    follow it. When a capture left the side not to move below three stones,
    ``position`` is the one after it, the loser to move (as muehle writes the end of
    a game it replays). A FEN of a game still on with a stone to remove stands in
    the middle of a turn (a mill closed, its capture still to come): it can be looked
    at, but a record cannot start from it. ``notes`` lists what was accepted but
    ignored (extension fields of other variants) or read differently from the fields.

    The extension fields of Sanmill's pending removals are read: ``captures`` (``c:``, ``i:``,
    ``l:``: each side's custodian, intervention or leap captures still to make and their
    targets, :class:`PendingCapture`), ``preferred_removal`` (``p:``, a point) and
    ``blocked_removal`` (``s:``, 1 or 2: the removals of a blocked side's turn,
    :data:`BLOCKED_REMOVALS`; 0 none). A muehle position stands between two turns and cannot hold
    them: a FEN with a removal still to come is read whole (and written back whole by
    :func:`fen_text`), but no record starts from it. ``side_written`` is field 2 where the
    position's side to move was read otherwise (a finished game), else ``None``.
    """

    position: Position
    phase: str = "p"
    action: str = "p"
    to_remove_white: int = 0
    to_remove_black: int = 0
    last_mills: tuple[int, int, int, int] = (-1, -1, -1, -1)
    mills_used: int = 0
    no_progress: int = 0
    fullmove: int = 1
    extensions: tuple[str, ...] = ()
    notes: tuple[str, ...] = field(default=(), compare=False)
    form: str = DEFAULT_FEN_FORM
    finished: bool = False
    captures: tuple[PendingCapture, ...] = ()
    preferred_removal: Optional[str] = None
    blocked_removal: int = 0
    side_written: Optional[Side] = None

    @property
    def between_turns(self) -> bool:
        """True unless a stone still has to be removed in a game that goes on (the FEN
        stands inside a turn); a finished game's leftover capture counts for nothing."""
        pending = self.action == "r" or self.to_remove_white != 0 or self.to_remove_black != 0
        return self.finished or not pending

    @property
    def last_mill_points(self) -> tuple[Optional[str], ...]:
        """Fields 11 to 14 as points (``None``: no mill), in either form.

        >>> fen_to_position("********/********/******** w p p 0 9 0 9 0 0 8 31 0 0 0 0 1").last_mill_points
        ('d5', 'a7', None, None)
        >>> fen_to_position("********/********/******** w p p 0 9 0 9 0 0 0 23 -1 -1 0 0 1 ids:nodes").last_mill_points
        ('d5', 'a7', None, None)
        """
        point_of = point_of_node if self.form == "current" else point_of_square
        return tuple(point_of(number) for number in self.last_mills)


def board_field(position: Position) -> str:
    """Field 1 of the FEN: the three rings.

    >>> from muehle.analyzer.engine.board import mask_of
    >>> board_field(Position(mask_of(["d5"]), mask_of(["a7"]), 8, 8))
    'O*******/********/*******@'
    >>> board_field(Position(mask_of(["d5"]), mask_of(["a7"]), 8, 7, marked=mask_of(["d6"])))
    'O*******/X*******/*******@'
    """
    white, black, marked = position.white, position.black, position.marked
    chars = ["O" if white & bit else "@" if black & bit else "X" if marked & bit else "*" for bit in _BITS]
    return "".join(chars[0:8]) + "/" + "".join(chars[8:16]) + "/" + "".join(chars[16:24])


def position_to_fen(
    position: Position, *, no_progress: int = 0, fullmove: int = 1, game_over: bool = False, form: str = DEFAULT_FEN_FORM,
    mills: Optional[_MillFields] = None,
) -> str:
    """The Sanmill FEN of a position between two turns, in ``form`` (one of :data:`FEN_FORMS`).

    ``no_progress`` is field 16 (plies since the last placement or capture) and
    ``fullmove`` field 17 (1 at the start, one more after each turn of Black's);
    both need the history, so the caller gives them. The phase is ``o`` when
    ``game_over``, else ``p`` while a side has stones in hand, else ``m``; the
    action is ``p`` when the side to move has stones in hand, else ``s``. Fields 11
    to 14 say "no mill" (``0`` in the legacy form, ``-1`` in the current one, which
    ends with ``ids:nodes``) and field 15 that no mill was used, unless ``mills`` gives them
    (:meth:`MillMemory.fen_fields <muehle.analyzer.engine.mill_rules.MillMemory.fen_fields>`: the
    last mills' points as bit masks, 0 for none, and each side's points of mills formed; the rulesets
    with ``one_time_mills`` or ``no_mill_moving_back``). The default form is the current one (:data:`DEFAULT_FEN_FORM`);
    Sanmill reads both.

    >>> from muehle.analyzer.engine.board import mask_of
    >>> position_to_fen(Position(0, 0, 9, 9), mills=(mask_of(["e5"]), mask_of(["f6"]), 0, 0,
    ...                 mask_of(["d1", "d2", "d3"]), 0), form="legacy").split()[10:15]
    ['9', '17', '0', '0', '1157442696420261888']
    """
    if game_over:
        phase = "o"
    elif position.in_hand_white or position.in_hand_black:
        phase = "p"
    else:
        phase = "m"
    action = "p" if position.in_hand(position.to_move) else "s"
    return " ".join(_fields(position, position.to_move, phase, action, (0, 0), mills, no_progress, fullmove, form))


def _fields(position: Position, side: Side, phase: str, action: str, to_remove: tuple[int, int],
            mills: Optional[_MillFields], no_progress: int, fullmove: int, form: str) -> list[str]:
    """Fields 1 to 17 of a FEN in ``form``, then ``ids:nodes`` in the current form; ``mills`` gives
    fields 11 to 15 as :func:`position_to_fen` takes them (``None``: no mill)."""
    if form not in FEN_FORMS:
        raise ValueError(f"the form of a FEN is 'current' or 'legacy', not {form!r}")
    current = form == "current"
    fields = [
        board_field(position), "w" if side == WHITE else "b", phase, action,
        str(position.on_board(WHITE)), str(position.in_hand_white),
        str(position.on_board(BLACK)), str(position.in_hand_black),
        str(to_remove[0]), str(to_remove[1]),
        "-1 -1 -1 -1" if current and mills is None else "0 0 0 0" if mills is None else
        " ".join(str(_number_of(mask, current)) for mask in mills[:4]),
        "0" if mills is None else str(_used_mask(mills[4], current) << 32 | _used_mask(mills[5], current)),
        str(no_progress), str(fullmove),
    ]
    if current:
        fields.append(NODE_IDS_MARKER)
    return fields


def fen_text(fen: FenPosition, form: Optional[str] = None) -> str:
    """A FEN read back, written whole as Sanmill writes it, in ``form`` (default: the form it was
    read in): fields 1 to 17 as read (field 2 as written, :attr:`FenPosition.side_written`),
    also in the middle of a turn, then, in the current form, ``ids:nodes``, then Sanmill's
    extension fields in its order (``Position::fen``): the capture fields ``c:``, ``i:``, ``l:``
    of the kinds with something pending (both sides, as Sanmill writes them), ``p:``, ``s:``,
    then any other extension field as read. A position a command only passes through keeps its
    pending removals so.

    >>> fen = "*OO*@O**/@O*@OO@O/*O@*@O** w p r 9 0 6 1 2 0 0 0 0 0 0 0 10 i:w-2-12.28|b-0-"
    >>> fen_text(fen_to_position(fen)) == fen
    True
    >>> fen_text(fen_to_position(fen), form="current").split()[10:]
    ['-1', '-1', '-1', '-1', '0', '0', '10', 'ids:nodes', 'i:w-2-12.28|b-0-']
    """
    fields = _fields(fen.position, fen.side_written or fen.position.to_move, fen.phase, fen.action,
                     (fen.to_remove_white, fen.to_remove_black), _mill_masks(fen), fen.no_progress, fen.fullmove,
                     fen.form if form is None else form)
    for letter, kind in CAPTURE_FIELDS.items():
        of_kind = {capture.side: capture for capture in fen.captures if capture.kind == kind}
        if any(capture.pending for capture in of_kind.values()):
            parts = []
            for side_of, prefix in ((WHITE, "w"), (BLACK, "b")):
                capture = of_kind.get(side_of, PendingCapture(kind, side_of, 0))
                squares = ".".join(str(FEN_ORDER.index(point) + SQUARES[0]) for point in capture.targets)
                parts.append(f"{prefix}-{capture.count}-{squares}")
            fields.append(f"{letter}:" + "|".join(parts))
    if fen.preferred_removal is not None:
        fields.append(f"p:{FEN_ORDER.index(fen.preferred_removal) + SQUARES[0]}")
    if fen.blocked_removal:
        fields.append(f"s:{fen.blocked_removal}")
    fields.extend(value for value in fen.extensions
                  if value.lower() != NODE_IDS_MARKER and not (value[1:2] == ":" and value[0] in "cilps"))
    return " ".join(fields)


def _number_of(mask: int, current: bool) -> int:
    """A point (a bit mask; 0 for none) as fields 11-14 give it: a node id (-1 none) or a square (0 none)."""
    if not mask:
        return -1 if current else 0
    return _BITS.index(mask) + (0 if current else SQUARES[0])


def _used_mask(mask: int, current: bool) -> int:
    """A side's points (a bit mask) as its half of field 15 gives them: bits of node ids or of squares."""
    shift = 0 if current else SQUARES[0]
    return sum(1 << (place + shift) for place, bit in enumerate(_BITS) if mask & bit)


def _points_of_used(half: int, current: bool) -> int:
    """The points (a bit mask) of one side's half of field 15."""
    shift = 0 if current else SQUARES[0]
    return sum(bit for place, bit in enumerate(_BITS) if half >> (place + shift) & 1)


def _mill_masks(fen: FenPosition) -> _MillFields:
    """Fields 11 to 15 of a FEN read back as :func:`position_to_fen` takes them: the last mills'
    points and each side's points of mills formed, as bit masks (0: none)."""
    current = fen.form == "current"
    white_from, white_to, black_from, black_to = (0 if point is None else 1 << POINT_INDEX[point]
                                                  for point in fen.last_mill_points)
    return (white_from, white_to, black_from, black_to,
            _points_of_used(fen.mills_used >> 32, current), _points_of_used(fen.mills_used & 0xFFFFFFFF, current))


def mill_memory_of(fen: FenPosition, rules: Ruleset) -> Optional[MillMemory]:
    """What a FEN's fields 11 to 15 say a line starting from it remembers of its mills under
    ``rules`` (``None`` where the ruleset needs no memory): each side's points of mills formed
    (field 15, under ``one_time_mills``) and last mill closed by a move (fields 11 to 14, under
    ``no_mill_moving_back``), that of the side to move from its ply before the other's.

    >>> fen = fen_to_position("********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 1157442696420261888 0 1")
    >>> from muehle.analyzer.engine.rules import load_ruleset
    >>> from muehle.analyzer.engine.board import points_of
    >>> memory = mill_memory_of(fen, load_ruleset("russian_mill"))
    >>> points_of(memory.formed[0]), memory.formed[1]
    (['d1', 'd2', 'd3'], 0)
    """
    masks = _mill_masks(fen)
    to_move = 0 if fen.position.to_move == WHITE else 1
    closing: list[Closing] = []
    for side in (0, 1):
        came_from, went_to = masks[2 * side], masks[2 * side + 1]
        # (the first ply from the FEN is ply 1: the side to move played ply -1, the other ply 0)
        closing.append((-1 if side == to_move else 0, came_from, went_to) if came_from and went_to else None)
    return MillMemory.for_rules(rules, (masks[4], masks[5]), (closing[0], closing[1]))


def fen_to_position(
    text: str,
    *,
    source: str = "<fen>",
    line: int = 1,
    column: int = 1,
    line_text: Optional[str] = None,
    stones: Optional[int] = None,
    marks: bool = False,
    hands_in_turn: bool = True,
    lose_below: int = 3,
) -> FenPosition:
    """Read a Sanmill FEN; every problem is a :class:`FormatError` at the field it is in.

    ``source``, ``line`` and ``column`` say where ``text`` starts (``column`` is
    that of its first character in ``line_text``, which defaults to ``text``), so
    that errors point into the file the FEN came from. With ``stones``, the
    stones each side has under a ruleset, the counts must be reachable with them
    (see :func:`stone_count_problem`). With ``marks`` (a ruleset with ``mill_while_placing:
    mark``), an ``X`` of field 1 is a marked point (the position's ``marked``), which stands only
    while placing; without, it is an error. ``hands_in_turn=False`` (``mill_while_placing:
    from-hand``, where mills take stones from the hands) lets the stones in hand differ.
    :func:`~muehle.analyzer.engine.placing_rules.fen_reading` gives both for a ruleset. ``lose_below``
    (the ruleset's, Sanmill's ``piecesAtLeastCount``) is the count below which a side with a stone
    still to remove against it has lost (a finished game, see :class:`FenPosition`).

    >>> fen_to_position("********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1").position
    Position(white=0, black=0, in_hand_white=9, in_hand_black=9, to_move='white', marked=0)
    >>> try:
    ...     fen_to_position("********/********/******* w p p 0 9 0 9 0 0 0 0 0 0 0 0 1")
    ... except FormatError as error:
    ...     print(error)
    <fen>:1:19: error: FEN field 1 (board): the outer ring has 7 points, not 8
        ********/********/******* w p p 0 9 0 9 0 0 0 0 0 0 0 0 1
                          ^
    """
    if line_text is None:
        line_text = text
        column = 1
    fields = [(match.group(), match.start()) for match in _FIELD.finditer(text)]

    def error(message: str, index: int, offset: int = 0) -> FormatError:
        at = fields[index][1] + offset if index < len(fields) else len(text.rstrip())
        return FormatError(
            message, source=source, line=line, column=column + at, line_text=line_text
        )

    def field_error(index: int, message: str, offset: int = 0) -> FormatError:
        return error(_("FEN field {number} ({name}): {message}").format(number=index + 1, name=_(FIELD_NAMES[index]),
                                                                        message=message), index, offset)

    if len(fields) < 17:
        raise error(_("a Sanmill FEN has 17 fields separated by spaces; this one has nothing") if not fields else
                    _("a Sanmill FEN has 17 fields separated by spaces; this one has only {count}").format(
                        count=len(fields)), len(fields))

    white, black, marked = _read_board(fields[0][0], lambda message, offset: field_error(0, message, offset),
                                       marks)

    side_text = fields[1][0]
    if side_text not in ("w", "b"):
        raise field_error(1, _("'{text}' is neither 'w' (White) nor 'b' (Black)").format(text=shortened(side_text)))
    to_move: Side = WHITE if side_text == "w" else BLACK

    phase = fields[2][0]
    if phase not in PHASES:
        raise field_error(2, _("'{text}' is not one of r (ready), p (placing), m (moving), o (game over)").format(
            text=shortened(phase)))
    action = fields[3][0]
    if action == NO_ACTION and phase != "o":
        raise field_error(3, _("? (no action) stands only in a finished game (phase o), not with phase {phase}").format(
            phase=phase))
    if action not in ACTIONS and action != NO_ACTION:
        raise field_error(3, _("'{text}' is not one of p (place), s (select), r (remove)").format(
            text=shortened(action)))

    extras = range(17, len(fields))
    current = any(fields[index][0].lower() == NODE_IDS_MARKER for index in extras)
    numbers: list[int] = []
    for index in range(4, 17):
        value = fields[index][0]
        if not _INTEGER.fullmatch(value):
            raise field_error(index, _("'{text}' is not a whole number").format(text=shortened(value)))
        digits = len(value) - (value[0] == "-")
        if digits > MAX_DIGITS:
            raise field_error(index, too_many_digits(N_("a number"), digits))
        number = int(value)
        if number < 0 and index not in (8, 9, 10, 11, 12, 13):
            raise field_error(index, _("{number} is negative").format(number=_shown(number)))
        numbers.append(number)
    (on_white, hand_white, on_black, hand_black, remove_white, remove_black,
     mill_wf, mill_wt, mill_bf, mill_bt, mills_used, no_progress, fullmove) = numbers

    for index, side, count, mask in ((4, WHITE, on_white, white), (6, BLACK, on_black, black)):
        shown = bin(mask).count("1")
        if count != shown:
            raise field_error(
                index, ngettext("says {side} has {count} stone on the board, but the board shows {shown}",
                                "says {side} has {count} stones on the board, but the board shows {shown}",
                                count).format(side=side_name(side), count=_shown(count), shown=shown)
            )
    if fullmove < 1:
        raise field_error(16, _("the full-move number starts at 1"))
    for index, number in enumerate((mill_wf, mill_wt, mill_bf, mill_bt), 10):
        problem = _last_mill_problem(number, current)
        if problem is not None:
            raise field_error(index, problem)
    problem = _mills_used_problem(mills_used, current)
    if problem is not None:
        raise field_error(14, problem)
    if marked and phase == "m":
        raise field_error(2, _("m (moving) with a marked point ({point}): the marks are cleared when placing "
                               "ends").format(point=_first_point(marked)))
    if phase == "m" and (hand_white or hand_black):
        hand_side, hand = (WHITE, hand_white) if hand_white else (BLACK, hand_black)
        raise field_error(2, ngettext("m (moving) while {side} still has {count} stone in hand",
                                      "m (moving) while {side} still has {count} stones in hand", hand).format(
            side=side_name(hand_side), count=_shown(hand)))
    to_move_hand = hand_white if to_move == WHITE else hand_black
    if action == "p" and phase in ("r", "p") and not to_move_hand:
        raise field_error(3, _("p (place) but {side}, to move, has no stone in hand").format(side=side_name(to_move)))
    if action == "s" and to_move_hand and phase != "o":
        raise field_error(3, ngettext("s (select a stone to move) but {side}, to move, still has {count} stone in hand",
                                      "s (select a stone to move) but {side}, to move, still has {count} stones in hand",
                                      to_move_hand).format(side=side_name(to_move), count=_shown(to_move_hand)))
    to_remove = remove_white if to_move == WHITE else remove_black
    # (Sanmill's writer leaves the action r of the capture that won a game, its count run down)
    if action == "r" and to_remove == 0 and phase != "o":
        raise field_error(3, _("r (remove) but {side} has no stone to remove (field {field} is 0)").format(
            side=side_name(to_move), field=9 if to_move == WHITE else 10))
    # a capture still to come: the side to move is in the middle of its turn
    in_turn = action == "r" or to_remove != 0

    if stones is not None:
        unreachable = stone_count_problem(stones, to_move, "r" if in_turn else action,
                                          on_white, hand_white, on_black, hand_black, hands_in_turn)
        if unreachable is not None:
            raise field_error(*unreachable)

    # a side with stones in hand can only place: if the side that played last still has
    # one, its last ply was a placement, and field 16 counts from there
    last_mover = to_move if in_turn else other_side(to_move)
    last_hand = hand_white if last_mover == WHITE else hand_black
    if no_progress and last_hand:
        raise field_error(15, ngettext("says {count}, but {side}, who played last, still has {hand} stone in hand, so "
                                       "that ply was a placement and the count is 0",
                                       "says {count}, but {side}, who played last, still has {hand} stones in hand, so "
                                       "that ply was a placement and the count is 0", last_hand).format(
            count=_shown(no_progress), side=side_name(last_mover), hand=_shown(last_hand)))

    extensions, notes = [], []
    captures: list[PendingCapture] = []
    preferred: Optional[str] = None
    blocked = 0
    removal_due = in_turn or remove_white != 0 or remove_black != 0
    for index in extras:
        value = fields[index][0]
        if ":" not in value:
            raise error(_("FEN field {number}: '{text}' is neither one of the 17 fields nor an extension field "
                          "(name:value)").format(number=index + 1, text=shortened(value)), index)
        extensions.append(value)
        letter = value[0] if value[1:2] == ":" else ""
        kept = False  # (a field read into the FenPosition: no note that it was ignored)
        if letter in CAPTURE_FIELDS or letter in ("p", "s"):
            problem = _extension_problem(letter, value[2:], captures, preferred, blocked)
            if problem is not None:
                raise error(_("FEN field {number} ('{text}'): {message}").format(
                    number=index + 1, text=shortened(value), message=problem), index)
            if letter in CAPTURE_FIELDS:
                read = _capture_field(CAPTURE_FIELDS[letter], value[2:])
                for capture in read:
                    due = remove_white if capture.side == WHITE else remove_black
                    if capture.count > max(due, 0):
                        raise error(_("FEN field {number} ('{text}'): {side} has {count} stones to remove by {kind}, "
                                      "but field {field} says {due} still to remove").format(
                            number=index + 1, text=shortened(value), side=side_name(capture.side),
                            count=capture.count, kind=_(_CAPTURE_NAMES[capture.kind]),
                            field=9 if capture.side == WHITE else 10, due=_shown(due)), index)
                captures.extend(read)
                kept = any(capture.pending for capture in read)
            elif letter == "p":
                preferred = FEN_ORDER[int(value[2:]) - SQUARES[0]]
                kept = removal_due
            else:
                blocked = int(value[2:])
                kept = removal_due
        if value.lower() != NODE_IDS_MARKER and not kept:
            carries = _EXTENSIONS.get(letter)
            notes.append(_("ignored the extension field '{text}' (other variants use it for {what})").format(
                text=shortened(value), what=_(carries)) if carries else
                _("ignored the extension field '{text}' (other variants use it)").format(text=shortened(value)))

    position = Position(white, black, hand_white, hand_black, to_move, marked)
    totals: tuple[tuple[Side, int], ...] = ((WHITE, on_white + hand_white), (BLACK, on_black + hand_black))
    losers = [side for side, total in totals if total < lose_below]
    finished = phase == "o" or (removal_due and bool(losers))
    side_written: Optional[Side] = None
    if finished and removal_due and losers == [other_side(to_move)]:
        # the capture that left the other side below three was made: the turn is over
        loser = losers[0]
        position = Position(white, black, hand_white, hand_black, loser, marked)
        side_written = to_move
        notes.append(_("the FEN shows a finished game: {loser} has fewer than three stones after {side}'s capture, "
                       "which Sanmill still counts as to come; read as the position after it, {loser} to move").format(
            loser=side_name(loser), side=side_name(to_move)) if lose_below == 3 else
            _("the FEN shows a finished game: {loser} has fewer than {count} stones after {side}'s capture, "
              "which Sanmill still counts as to come; read as the position after it, {loser} to move").format(
            loser=side_name(loser), side=side_name(to_move), count=lose_below))
    elif phase == "o" and action == "p" and not hand_white and not hand_black and white | black == _FULL_BOARD:
        # Sanmill ends the game on the placement that fills the board before the side changes
        # (Position::put_piece, BoardFullAction firstPlayerLose): the placer is still to move
        blocked_side = other_side(to_move)
        position = Position(white, black, hand_white, hand_black, blocked_side, marked)
        side_written = to_move
        notes.append(_("the FEN shows a finished game: {side}'s placement filled the board, which Sanmill writes "
                       "with {side} still to move; read as the position after it, {blocked} to move (and unable "
                       "to)").format(side=side_name(to_move), blocked=side_name(blocked_side)))
    return FenPosition(
        position=position,
        phase=phase,
        action=action,
        to_remove_white=remove_white,
        to_remove_black=remove_black,
        last_mills=(mill_wf, mill_wt, mill_bf, mill_bt),
        mills_used=mills_used,
        no_progress=no_progress,
        fullmove=fullmove,
        extensions=tuple(extensions),
        notes=tuple(notes),
        form="current" if current else "legacy",
        finished=finished,
        captures=tuple(captures),
        preferred_removal=preferred,
        blocked_removal=blocked,
        side_written=side_written,
    )


def _extension_problem(letter: str, value: str, captures: Sequence[PendingCapture], preferred: Optional[str],
                       blocked: int) -> Optional[str]:
    """What is wrong with the value of one of Sanmill's extension fields ``c:``, ``i:``, ``l:``,
    ``p:`` or ``s:`` (given what the FEN's earlier fields said), if anything."""
    if letter in CAPTURE_FIELDS:
        kind = CAPTURE_FIELDS[letter]
        if any(capture.kind == kind for capture in captures):
            return _("a second field of {kind}").format(kind=_(_CAPTURE_NAMES[kind]))
        sides: list[str] = []
        for segment in value.split("|"):
            match = _SEGMENT.fullmatch(segment)
            if match is None:
                return _("'{segment}' is not a side's capture: w or b, the stones to remove, the points as "
                         "Sanmill's square numbers separated by '.' (w-2-12.28)").format(segment=shortened(segment))
            if match.group(1) in sides:
                return _("{side} is given twice").format(side=side_name(WHITE if match.group(1) == "w" else BLACK))
            sides.append(match.group(1))
            for square in filter(None, match.group(3).split(".")):
                if int(square) not in SQUARES:
                    return _("{number} is not a square: one of Sanmill's square numbers of the points, {first} to "
                             "{last}").format(number=square, first=SQUARES[0], last=SQUARES[-1])
        return None
    if letter == "p":
        if preferred is not None:
            return _("a second stone preferred for removal")
        if not _INTEGER.fullmatch(value) or len(value) > 4 or int(value) not in SQUARES:
            return _("'{text}' is not a square: one of Sanmill's square numbers of the points, {first} to "
                     "{last}").format(text=shortened(value), first=SQUARES[0], last=SQUARES[-1])
        return None
    if blocked:
        return _("a second field of a blocked side's removals")
    if value not in {str(flag) for flag in BLOCKED_REMOVALS}:
        return _("'{text}' is neither 1 (a blocked side removes) nor 2 (both sides remove after a blocked "
                 "turn)").format(text=shortened(value))
    return None


def _capture_field(kind: str, value: str) -> list[PendingCapture]:
    """The sides' pending captures of a capture field's value (checked by :func:`_extension_problem`)."""
    read = []
    for segment in value.split("|"):
        match = _SEGMENT.fullmatch(segment)
        assert match is not None
        squares = sorted({int(square) for square in match.group(3).split(".") if square})
        read.append(PendingCapture(kind, WHITE if match.group(1) == "w" else BLACK, int(match.group(2)),
                                   tuple(FEN_ORDER[square - SQUARES[0]] for square in squares)))
    return read


def _last_mill_problem(number: int, current: bool) -> Optional[str]:
    """What is wrong with ``number`` as a point of fields 11-14 in the form the FEN is in, if anything."""
    if current:
        if number == -1 or number in NODE_IDS:
            return None
        return _("{number} is not a node id: -1 (no mill) or 0 to 23, the points in the order of field 1 (the FEN "
                 "says {marker})").format(number=_shown(number), marker=NODE_IDS_MARKER)
    if number == 0 or number in SQUARES:
        return None
    if number == -1:
        return _("-1 (no mill) is a node id, which the current form marks with the extension field {marker} after "
                 "field 17; without it, fields 11 to 14 hold the legacy square numbers: 0 (no mill) or {first} to "
                 "{last}").format(marker=NODE_IDS_MARKER, first=SQUARES[0], last=SQUARES[-1])
    return _("{number} is not a square: 0 (no mill) or one of Sanmill's square numbers of the points, {first} to "
             "{last}").format(number=_shown(number), first=SQUARES[0], last=SQUARES[-1])


def _mills_used_problem(mask: int, current: bool) -> Optional[str]:
    """What is wrong with field 15 (White's points of used mills in its upper 32 bits, Black's in
    its lower), if anything: in the current form each half holds node bits 0 to 23."""
    if mask >= 1 << 64:
        return _("{mask} does not fit in the 64 bits of the mask").format(mask=_shown(mask))
    if current and mask & ~(0xFFFFFF << 32 | 0xFFFFFF):
        return _("{mask} has bits beyond the 24 points: with {marker} each half of the mask (White's the upper 32 "
                 "bits, Black's the lower) uses bits 0 to 23 only").format(mask=_shown(mask), marker=NODE_IDS_MARKER)
    return None


def stone_count_problem(stones: int, to_move: Side, action: str, on_white: int, hand_white: int,
                        on_black: int, hand_black: int, hands_in_turn: bool = True) -> Optional[tuple[int, str]]:
    """Why a FEN's stone counts (fields 5 to 8) cannot occur in a game where each side
    has ``stones`` to place, as the index of the field and the reason; ``None`` if they can.

    A side never has more than ``stones`` on the board and in hand together. (Both
    may have fewer than three: such a position is a draw, as the leaflet says,
    :func:`~muehle.analyzer.engine.core.start_outcome`.) The sides place in turn, White first: between two turns (``action`` not ``r``)
    and while stones are in hand, both have as many in hand with White to move, and
    Black one more with Black to move; not so where mills take stones from the hands
    (``hands_in_turn=False``).

    >>> stone_count_problem(9, "white", "s", 10, 0, 2, 0)
    (4, 'White has 10 stones on the board and 0 in hand, 10 in all; the rules give each side 9')
    >>> stone_count_problem(9, "black", "p", 3, 6, 2, 7), stone_count_problem(9, "white", "p", 3, 6, 2, 7)[0]
    (None, 7)
    """
    for index, side, on_board, in_hand in ((4, WHITE, on_white, hand_white), (6, BLACK, on_black, hand_black)):
        if on_board + in_hand > stones:
            return index, ngettext(
                "{side} has {count} stone on the board and {hand} in hand, {total} in all; the rules give each side "
                "{stones}",
                "{side} has {count} stones on the board and {hand} in hand, {total} in all; the rules give each side "
                "{stones}", on_board).format(side=side_name(side), count=_shown(on_board), hand=_shown(in_hand),
                                             total=_shown(on_board + in_hand),
                                             stones=stones)
    if hands_in_turn and action != "r" and (hand_white or hand_black) and hand_black != hand_white + (to_move == BLACK):
        text = (_("Black has {black} in hand and White {white}, with {side} to move; the sides place in turn, White "
                  "first, so Black must have as many as White") if to_move == WHITE else
                _("Black has {black} in hand and White {white}, with {side} to move; the sides place in turn, White "
                  "first, so Black must have one more than White"))
        return 7, text.format(black=_shown(hand_black), white=_shown(hand_white), side=side_name(to_move))
    return None


def _shown(number: int) -> str:
    """A number of a FEN as a message quotes it: one of many digits in part (:func:`shortened`)."""
    return shortened(str(number))


_RINGS = (N_("the inner ring"), N_("the middle ring"), N_("the outer ring"))


def _first_point(mask: int) -> str:
    """The first point of ``mask`` in the order of the FEN's field 1."""
    return next(point for point, bit in zip(FEN_ORDER, _BITS) if mask & bit)


def _read_board(text: str, error: Callable[[str, int], FormatError], marks: bool = False) -> tuple[int, int, int]:
    """White's, Black's and the marked points' masks from field 1 (``X`` only with ``marks``);
    ``error(message, offset)`` builds the error to raise."""
    groups = text.split("/")
    if len(groups) != 3:
        raise error(ngettext("the board has {count} group separated by '/'; it needs 3 (inner, middle, outer ring)",
                             "the board has {count} groups separated by '/'; it needs 3 (inner, middle, outer ring)",
                             len(groups)).format(count=len(groups)), 0)
    white = black = marked = 0
    offset = 0
    for ring, group in enumerate(groups):
        if len(group) != 8:
            raise error(ngettext("{ring} has {count} point, not 8", "{ring} has {count} points, not 8", len(group)).format(
                ring=_(_RINGS[ring]), count=len(group)), offset)
        for place, char in enumerate(group):
            bit = _BITS[ring * 8 + place]
            if char == "O":
                white |= bit
            elif char == "@":
                black |= bit
            elif char == "X" and marks:
                marked |= bit
            elif char == "X":
                raise error(_("X (a marked point, {point}) belongs to other variants, not to Nine Men's "
                              "Morris").format(point=FEN_ORDER[ring * 8 + place]), offset + place)
            elif char != "*":
                raise error(_("'{char}' at {point} is not O (White), @ (Black) or * (empty)").format(
                    char=char, point=FEN_ORDER[ring * 8 + place]), offset + place)
        offset += len(group) + 1
    return white, black, marked


def start_fen(game: GameRecord, stones: Optional[int] = None, marks: bool = False,
              hands_in_turn: bool = True, lose_below: int = 3, *, within_turn: bool = False) -> Optional[FenPosition]:
    """The FEN a record starts from (``[SetUp "1"]`` with ``[FEN "..."]``), or ``None``.

    A record without ``SetUp "1"`` starts from the empty board, whatever else it
    says. With ``stones`` (the ruleset's), its counts must be reachable
    (:func:`stone_count_problem`); ``marks``, ``hands_in_turn`` and ``lose_below`` as
    :func:`fen_to_position` reads them (:func:`~muehle.analyzer.engine.placing_rules.fen_reading`
    gives all three for a ruleset): a side below ``lose_below`` stones with a stone still to
    remove against it has lost, and no ply can follow. Errors are located at the FEN tag where the reader found it
    (:meth:`~muehle.notation.record.model.Game.tag_place`); for a game not read from text
    (JSON, YAML, built in Python), at its first line, with the FEN shown alone. A FEN in the middle
    of a turn (a removal still due: :attr:`FenPosition.between_turns` is false) is an error at the
    field that says so, unless ``within_turn`` is given and the record has no ply: then it is given
    back as read, to be shown (:func:`fen_text` writes it back whole), though nothing is replayed
    from it.

    >>> game = Game(tags={"SetUp": "1", "FEN": "********/O*@*O*@*/******** w p p 2 7 2 7 0 0 0 0 0 0 0 0 3"})
    >>> start_fen(game).fullmove
    3
    >>> start_fen(Game(tags={"FEN": "whatever"})) is None
    True
    """
    setup = game.tags.get("SetUp")
    if setup is None or setup.strip() == "0":
        return None
    where: dict[str, Any] = {"source": game.source or "<input>", "line": game.line}
    if setup.strip() != "1":
        raise FormatError(_('the SetUp tag must be "1" (start from the FEN tag) or "0", not "{setup}"').format(
            setup=shortened(setup)), **where)
    fen = game.tags.get("FEN")
    if fen is None:
        raise FormatError(_('the record says [SetUp "1"] but has no FEN tag to start from'), **where)
    # (every reader records where it read each tag; the tag alone stands in for the others)
    place = game.tag_place("FEN") or (game.line, 7, f'[FEN "{escape_tag_value(fen)}"]')
    within_turn = within_turn and not game.main_line().moves
    start = _read_start(fen, where["source"], place, stones, marks, hands_in_turn, lose_below, within_turn)
    if start.finished and game.main_line().moves:
        line, column, line_text = place
        if start.phase == "o":
            why, field_index = _("its phase o says the game is over"), 2
        else:
            white_total = start.position.on_board(WHITE) + start.position.in_hand_white
            loser: Side = WHITE if white_total < lose_below else BLACK
            why = (_("{side} has fewer than three stones: the game is over (the stone still to remove counts for "
                     "nothing)").format(side=side_name(loser)) if lose_below == 3 else
                   _("{side} has fewer than {count} stones: the game is over (the stone still to remove counts for "
                     "nothing)").format(side=side_name(loser), count=lose_below))
            field_index = 4 if loser == WHITE else 6
        raise FormatError(
            _("in the FEN tag: {why}, so no ply can follow it (a finished game's position stands alone)").format(why=why),
            source=where["source"], line=line,
            column=tag_value_offset_column(line_text, column, _field_offset(fen, field_index)),
            line_text=line_text)
    return start


def _field_offset(text: str, index: int) -> int:
    """Where field ``index`` (from 0) of a FEN starts in ``text`` (0 if it has not so many)."""
    starts = [match.start() for match in _FIELD.finditer(text)]
    return starts[index] if index < len(starts) else 0


def _read_start(fen: str, source: str, place: tuple[int, int, str], stones: Optional[int],
                marks: bool = False, hands_in_turn: bool = True, lose_below: int = 3,
                within_turn: bool = False) -> FenPosition:
    """The FEN of a record's tag, standing at ``place`` (line, column of the value, line's text);
    it must stand between two turns, unless ``within_turn``."""
    line, column, line_text = place
    try:
        result = fen_to_position(fen, source=source, line=line, column=column, line_text=line_text, stones=stones,
                                 marks=marks, hands_in_turn=hands_in_turn, lose_below=lose_below)
    except FormatError as error:
        error.message = _("in the FEN tag: {message}").format(message=error.message)
        if error.column > column:  # (an escaped character takes two columns of the tag pair)
            error.column = tag_value_offset_column(line_text, column, error.column - column)
        raise
    if not result.between_turns and not within_turn:
        side = side_name(remover_of(result))
        pending = pending_field(result)
        if pending is not None:
            index, what = pending
            raise FormatError(
                _("in the FEN tag: the position is in the middle of a turn ({side} still has to remove a stone: "
                  "{what}, FEN field {number} '{text}'); muehle's positions stand between two turns, so a record "
                  "can only start there").format(side=side, what=what, number=index + 1,
                                                 text=shortened(fen.split()[index])),
                source=source, line=line, column=tag_value_offset_column(line_text, column, _field_offset(fen, index)),
                line_text=line_text)
        raise FormatError(
            _("in the FEN tag: the position is in the middle of a turn ({side} still has to remove a stone); a record "
              "can only start between two turns").format(side=side), source=source, line=line,
            column=column, line_text=line_text,
        )
    return result


def remover_of(fen: FenPosition) -> Side:
    """The side that still has to remove a stone in a FEN in the middle of a turn: the side to move
    when its action is ``r`` or its count (field 9 or 10) says so, else the other.

    >>> remover_of(fen_to_position("********/@***@***/*****OOO w p r 3 6 2 7 1 0 0 0 0 0 0 0 3"))
    'white'
    """
    to_move = fen.position.to_move
    counts = {WHITE: fen.to_remove_white, BLACK: fen.to_remove_black}
    return to_move if fen.action == "r" or counts[to_move] else other_side(to_move)


def pending_field(fen: FenPosition) -> Optional[tuple[int, str]]:
    """The extension field (its index among the FEN's fields) that says what the remover
    (:func:`remover_of`) still has to remove in a FEN in the middle of a turn, and what it says
    (in words); ``None`` if none does (fields 4, 9 and 10 alone say it)."""
    remover = remover_of(fen)
    for capture in fen.captures:
        if capture.side == remover and capture.count:
            letter = next(key for key, kind in CAPTURE_FIELDS.items() if kind == capture.kind)
            what = f"{_(_CAPTURE_NAMES[capture.kind])} ({', '.join(capture.targets)})"
            return _extension_index(fen, letter), what
    if fen.blocked_removal:
        what = (_("the removal of a blocked side's turn") if fen.blocked_removal == 1 else
                _("the removals of both sides after a blocked turn"))
        return _extension_index(fen, "s"), what
    return None


def _extension_index(fen: FenPosition, letter: str) -> int:
    """The index among a FEN's fields of its extension field ``letter:`` (which it has)."""
    return 17 + next(place for place, value in enumerate(fen.extensions) if value.startswith(letter + ":"))


def start_position(game: GameRecord) -> Optional[Position]:
    """The position a record starts from: its FEN when it says ``[SetUp "1"]``, else ``None``.

    To replay a record, use :func:`~muehle.analyzer.engine.setup.replay_record`, which
    also carries the FEN's no-progress count (field 16) into the replay.
    """
    fen = start_fen(game)
    return None if fen is None else fen.position


def no_progress_at_setup(fen: FenPosition, reset: str) -> tuple[int, bool]:
    """What a set-up FEN's field 16 says of a no-progress counter that ``reset`` sets back to 0:
    the count to start from, and whether it is exact (else at least that many).

    Field 16 counts the plies since the last placement or capture: exactly the
    counter of ``placement-or-capture`` (sanmill's). There have been at least as many
    plies since the last capture, so for ``capture`` it is a lower bound. The plies
    since the last mill closed it does not bound (a mill may close without a
    capture), so for ``mill`` the count starts at 0, which is a lower bound of any count.

    >>> fen = fen_to_position("O@O@O@**/O@O@****/******** w m s 5 0 5 0 0 0 0 0 0 0 0 12 30")
    >>> [no_progress_at_setup(fen, reset) for reset in ("placement-or-capture", "capture", "mill")]
    [(12, True), (12, False), (0, False)]
    """
    if reset == "placement-or-capture":
        return fen.no_progress, True
    if reset == "capture":
        return fen.no_progress, False
    return 0, False


def setup_no_progress(fen: FenPosition, rules: Ruleset) -> tuple[int, bool]:
    """The no-progress counter a line set up from ``fen`` starts with under ``rules``, and whether it
    is exact: :func:`no_progress_at_setup` for the reset of the ruleset's rule, or 0, exactly, where
    the rule says ``from_fen: false`` (Sanmill's engine, whose count starts at 0 whatever field 16 says)."""
    rule = rules.no_capture
    if rule is not None and not rule.from_fen:
        return 0, True
    return no_progress_at_setup(fen, rule.reset if rule is not None else "capture")


def counters_after(
    plies: Iterable[tuple[Side, bool, int]], start_no_progress: int = 0, start_fullmove: int = 1
) -> tuple[int, int]:
    """Fields 16 and 17 after some turns, each given as (side, is placement, captures), the side
    the one whose place in the record's numbering the turn takes (``numbering_of``: the sides in
    turn; where the defender moves first, Black's first move takes White's place).

    Field 16 counts the turns since the last placement or capture; field 17, the move number
    of the record's next ply, grows by one after each turn in Black's place.

    >>> counters_after([("white", True, 0), ("black", True, 0), ("white", False, 0)])
    (1, 2)
    >>> counters_after([("black", False, 1), ("white", False, 0)], start_no_progress=7, start_fullmove=30)
    (1, 31)
    """
    counters = start_no_progress, start_fullmove
    for counters in counters_along(plies, start_no_progress, start_fullmove):
        pass
    return counters


def counters_along(
    plies: Iterable[tuple[Side, bool, int]], start_no_progress: int = 0, start_fullmove: int = 1
) -> Iterator[tuple[int, int]]:
    """Fields 16 and 17 before the first turn and after each turn (see :func:`counters_after`).

    >>> list(counters_along([("white", True, 0), ("black", False, 0)]))
    [(0, 1), (0, 1), (1, 2)]
    """
    no_progress, fullmove = start_no_progress, start_fullmove
    yield no_progress, fullmove
    for side, placement, captures in plies:
        no_progress = 0 if placement or captures else no_progress + 1
        if side == BLACK:
            fullmove += 1
        yield no_progress, fullmove


#: How field 17 of a replay's FEN is counted: ``record`` (the default), the move number of the
#: record's next ply; ``sanmill``, as Sanmill's engine counts it, every action (a placement, a move,
#: each removal) a ply: ``1 + (plies - 1 if Black is to move) / 2`` (``Position::fen``).
MOVE_NUMBERS: tuple[str, ...] = ("record", "sanmill")


def fen_of_record(
    records: Sequence[Any], upto: int, start: Optional[FenPosition] = None, *, game_over: bool = False,
    form: str = DEFAULT_FEN_FORM, stones: int = 9, mills: Optional[MillMemory] = None,
    move_numbers: str = "record",
) -> str:
    """The FEN after the first ``upto`` replayed plies (0: the start position), in ``form``
    (see :func:`position_to_fen`).

    ``records`` are the replay's :class:`PlyRecord` objects (``side``, ``ply``,
    ``captures``, ``after``); ``start`` is the FEN the record started from, else the
    empty board with ``stones`` (the ruleset's) in hand each; ``game_over`` writes
    the phase ``o`` (the game was decided by then), as does a start that shows a
    finished game (:attr:`FenPosition.finished`) for the start position. ``upto``
    outside 0 to ``len(records)`` is a :class:`ValueError`. ``mills`` is what the replay's line
    remembers of its mills (:attr:`Replay.mills <muehle.analyzer.engine.replay.Replay.mills>`), for
    fields 11 to 15 (``None``: they say none). ``move_numbers`` (one of :data:`MOVE_NUMBERS`) says how
    field 17 counts: by the record's numbering, or as Sanmill's engine does (``"sanmill"``), which
    counts each removal as a ply of its own and so writes field 17 of every variant as Sanmill does.

    >>> fen_of_record([], 0, stones=12, form="current")
    '********/********/******** w p p 0 12 0 12 0 0 -1 -1 -1 -1 0 0 1 ids:nodes'
    """
    return next(fens_of_record(records, start, first=upto, decided_by=lambda _upto: game_over, form=form,
                               stones=stones, mills=mills, move_numbers=move_numbers))


def sanmill_move_number(records: Sequence[Any], upto: int, start: Optional[FenPosition] = None) -> int:
    """Field 17 as Sanmill's engine writes it after the first ``upto`` replayed plies: its ply
    counter (``gamePly``) counts every action (:func:`sanmill_actions`), from
    ``2 * (fullmove - 1)`` (one more with Black to move) of the start's FEN (``Position::set``), 0
    from the usual start; field 17 is ``1 + (plies - 1 if Black is to move) / 2``.

    >>> from types import SimpleNamespace
    >>> after = Position(0, 0, 8, 8, "white")
    >>> mill = SimpleNamespace(kind="place", captures=["d6"], after=after)
    >>> sanmill_move_number([mill], 1), sanmill_move_number([mill], 1, fen_to_position(
    ...     "********/********/******** b p p 0 9 0 9 0 0 0 0 0 0 0 0 5"))
    (2, 6)
    """
    _check_upto(records, upto)
    return list(sanmill_move_numbers(records[:upto], start))[-1]


def sanmill_move_numbers(records: Sequence[Any], start: Optional[FenPosition] = None) -> Iterator[int]:
    """Field 17 as Sanmill counts it (:func:`sanmill_move_number`) before the first replayed ply
    and after each, in one pass.

    >>> from types import SimpleNamespace
    >>> mill = SimpleNamespace(kind="place", captures=["d6"], after=Position(0, 0, 8, 8, "white"))
    >>> list(sanmill_move_numbers([mill])) == [sanmill_move_number([mill], upto) for upto in (0, 1)] == [1, 2]
    True
    """
    plies, to_move = 0, WHITE
    if start is not None:
        to_move = start.position.to_move
        plies = sanmill_plies_at(start.fullmove, start.side_written or to_move)
    yield sanmill_field(plies, to_move)
    for record in records:
        plies += sanmill_actions(record.kind, len(record.captures))
        yield sanmill_field(plies, record.after.to_move)


def sanmill_actions(kind: str, removals: int) -> int:
    """The actions Sanmill counts for a ply of ``kind`` with ``removals`` stones removed (written as
    its captures): its token (a lone removal, kind ``remove``, has none) and each removal (a capture
    from the hand, which is not written, none).

    >>> sanmill_actions("place", 1), sanmill_actions("remove", 1)
    (2, 1)
    """
    return int(kind != "remove") + removals


def sanmill_plies_at(fullmove: int, to_move: Side) -> int:
    """Sanmill's ply counter (``gamePly``) at a FEN whose field 17 is ``fullmove`` and field 2 says
    ``to_move`` (``Position::set``): ``2 * (fullmove - 1)``, one more with Black to move."""
    return 2 * (fullmove - 1) + (to_move == BLACK)


def sanmill_field(plies: int, to_move: Side) -> int:
    """Field 17 as Sanmill writes it after ``plies`` actions with ``to_move`` to move
    (``Position::fen``): ``1 + (plies - 1 if Black is to move) / 2``."""
    return 1 + max(plies - int(to_move == BLACK), 0) // 2


def check_move_numbers(move_numbers: str) -> None:
    """A :class:`ValueError` unless ``move_numbers`` is one of :data:`MOVE_NUMBERS`."""
    if move_numbers not in MOVE_NUMBERS:
        raise ValueError(f"field 17 counts by 'record' or 'sanmill', not {move_numbers!r}")


def fens_of_record(
    records: Sequence[Any], start: Optional[FenPosition] = None, *, first: int = 0,
    decided_by: Callable[[int], bool] = lambda upto: False, form: str = DEFAULT_FEN_FORM, stones: int = 9,
    mills: Optional[MillMemory] = None, move_numbers: str = "record",
) -> Iterator[str]:
    """The FENs after ``first``, ``first + 1``, ... ``len(records)`` replayed plies, each as
    :func:`fen_of_record` gives it (``decided_by(upto)`` its ``game_over``), in one pass: the
    counters are carried from each ply to the next instead of counted again from the start.

    >>> list(fens_of_record([], stones=12, form="current")) == [fen_of_record([], 0, stones=12, form="current")]
    True
    """
    _check_upto(records, first)
    initial = start.position if start is not None else Position.start(stones)
    for upto, (no_progress, fullmove) in enumerate(fen_counters(records, start, move_numbers)):
        if upto < first:
            continue
        # (a finished game's start is its position, which no ply may follow)
        game_over = decided_by(upto) or (not upto and start is not None and start.finished)
        position = records[upto - 1].after if upto else initial
        fields = None if mills is None else mills.at(upto).fen_fields(upto, 0 if position.to_move == WHITE else 1)
        yield position_to_fen(position, no_progress=no_progress, fullmove=fullmove, game_over=game_over, form=form,
                              mills=fields)


def fen_counters(records: Sequence[Any], start: Optional[FenPosition] = None,
                 move_numbers: str = "record") -> Iterator[tuple[int, int]]:
    """Fields 16 and 17 of the FEN at the start (``start``'s counters, else 0 and 1) and after each
    of the replayed plies ``records`` (:func:`counters_along`), field 17 counted as ``move_numbers``
    says (:data:`MOVE_NUMBERS`).

    >>> list(fen_counters([]))
    [(0, 1)]
    """
    check_move_numbers(move_numbers)
    no_progress, fullmove = (start.no_progress, start.fullmove) if start is not None else (0, 1)
    # (each ply's side is its place's in the record's numbering: the side that played it, unless the defender
    # moves first)
    turns = ((record.ply.side, record.ply.is_placement, len(record.captures)) for record in records)
    sanmills = sanmill_move_numbers(records, start) if move_numbers == "sanmill" else None
    for no_progress, fullmove in counters_along(turns, no_progress, fullmove):
        yield no_progress, fullmove if sanmills is None else next(sanmills)


def _check_upto(records: Sequence[Any], upto: int) -> None:
    if not 0 <= upto <= len(records):
        raise ValueError(f"upto must be from 0 to {len(records)} (the replayed plies), not {upto}")
