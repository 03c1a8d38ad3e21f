"""Writing records as text in the canonical book notation.

The canonical form is what :func:`write_notation` emits for any record; reading it
back (``muehle.notation.reading.parser``) gives an equal record. Tag pairs come first, one
per line, then a blank line and the movetext, wrapped at 80 columns without
breaking a token (a move number stays with its ply).

>>> from muehle.notation.record.model import Game, Ply
>>> game = Game(
...     tags={"White": 'Anna "die Mühle" Roth'},
...     plies=[Ply(17, "black", "a4", origin="a7", comments=["forced"]),
...            Ply(18, "white", "b2", origin="d2", captures=["a4"], annotation="!"),
...            Ply(18, "black", "d1", origin="g1", nags=[13], draw_offer=True)],
...     result="1/2-1/2",
... )
>>> print(write_notation([game]), end="")
[White "Anna \\"die Mühle\\" Roth"]
<BLANKLINE>
17... a7-a4 { forced } 18. d2-b2/xa4! g1-d1 $13 (=) 1/2-1/2

The same movetext machinery writes PGN (:mod:`muehle.notation.writing.pgn`), which differs
only in how captures are glued (``d2-b2xa4``), in the tag section and the width.
"""

from __future__ import annotations

import re
from typing import Callable, Iterable, Optional, Sequence

from muehle.notation.reading.splitter import cuts_comment
from muehle.notation.reading.tags import TAG_NAME as TAG_NAME_PATTERN
from muehle.notation.record.model import (
    ANNOTATIONS,
    POINT_SET,
    REMOVAL,
    RESULTS,
    SIDES,
    TOO_LARGE,
    UNFINISHED,
    WHITE,
    Game,
    Numbering,
    Ply,
    Variation,
    decimal_digits,
    goes_back,
    next_numbering,
    side_name,
    too_many_digits,
)
from muehle.notation.text.errors import MuehleError, quoted, shortened
from muehle.notation.text.i18n import N_, _

#: Width of a movetext line in the canonical notation.
NOTATION_WIDTH = 80

#: How the move number of a Black ply standing alone is written, by ``black_number``:
#: ``17... a7-a4`` (``"dots"``, as PGN writes it) or the book's ``17. - a7-a4`` (``"book"``).
BLACK_NUMBERS = {"dots": "...", "book": ". -"}

#: The same in the book's one-line form (``comma``): ``4. -, e4``.
COMMA_BLACK_NUMBER = ". -,"

#: Capture marks: the book writes ``d2-b2/xa4``, Sanmill's PGN ``d2-b2xa4``.
BOOK_CAPTURE = "/x"
GLUED_CAPTURE = "x"

#: A unit that forces a line break (after a ``;`` comment).
LINE_BREAK = "\n"

#: What a comment cannot hold, as the errors say it: a cut (see :func:`comment_fault`) ...
COMMENT_CUT = N_("a blank line followed by a line that starts like a tag pair ([Name \")")
#: ... and what no form of comment can hold.
COMMENT_BRACE_AND_BREAK = N_("both '}' and a line break")

#: Tag names the notation can carry: letters, digits and underscores.
TAG_NAME = re.compile(TAG_NAME_PATTERN + r"\Z")


class UnwritableError(MuehleError):
    """A record holds something the chosen text format cannot carry; ``game`` is that record."""

    code = "unwritable"
    game: Optional[Game] = None


def escape_tag_value(value: str) -> str:
    r"""A tag value between quotes: ``\`` and ``"`` escaped with a backslash.

    >>> print(escape_tag_value('say "\\o/"'))
    say \"\\o/\"
    """
    return value.replace("\\", "\\\\").replace('"', '\\"')


def tag_line(name: str, value: str, game: Optional[Game] = None) -> str:
    """One tag pair as written: ``[Event "Schweizer Meisterschaft"]``.

    >>> tag_line("Event", "Schweizer Meisterschaft")
    '[Event "Schweizer Meisterschaft"]'
    """
    check_tag_pair(name, value, game)
    return f'[{name} "{escape_tag_value(value)}"]'


def check_tag_pair(name: str, value: str, game: Optional[Game] = None) -> None:
    """:class:`UnwritableError` when no tag pair can carry ``name`` and ``value``: a name of
    other than letters, digits and ``_``, or a value with a line break."""
    if not TAG_NAME.match(name):
        raise unwritable(_("tag name {name} cannot be written (letters, digits and _ only)").format(name=quoted(name)), game)
    if "\n" in value or "\r" in value:
        raise unwritable(_("the value of tag {name} contains a line break, which a tag pair cannot carry").format(
            name=shortened(name)), game)


def comment_unit(text: str, game: Optional[Game] = None, ply: Optional[Ply] = None) -> str:
    """A comment as written: ``{ text }``, or ``; text`` when the text contains ``}``.

    A ``;`` comment runs to the end of the line, so the caller follows it with
    :data:`LINE_BREAK`. Text with both ``}`` and a line break fits neither form, and
    text that a reader would take for the start of the next game (see
    :func:`~muehle.notation.reading.splitter.cuts_comment`) fits none.

    >>> comment_unit("a strong move"), comment_unit("b}"), comment_unit("")
    ('{ a strong move }', '; b}', '{}')
    """
    fault = comment_fault(text)
    if fault is not None:
        raise unwritable(_("a comment holding {text} cannot be written").format(text=COMMENT_CUT) if fault is COMMENT_CUT
                         else _("a comment containing {text} cannot be written").format(text=COMMENT_BRACE_AND_BREAK),
                         game, ply)
    if "}" not in text:
        return f"{{ {text} }}" if text else "{}"
    return f"; {text}" if text else ";"


def comment_fault(text: str) -> Optional[str]:
    """Why no comment can hold ``text`` (:data:`COMMENT_BRACE_AND_BREAK` or :data:`COMMENT_CUT`), or ``None``.

    A ``{`` comment cannot hold ``}``, a ``;`` comment no line break, and neither what a reader
    takes for the start of the next game (see :func:`~muehle.notation.reading.splitter.cuts_comment`).

    >>> comment_fault("a}b"), comment_fault("a}\\nb"), comment_fault('a\\n\\n[Event "B"]\\nc')
    (None, "both '}' and a line break", 'a blank line followed by a line that starts like a tag pair ([Name ")')
    """
    if "}" in text:
        return COMMENT_BRACE_AND_BREAK if "\n" in text or "\r" in text else None
    return COMMENT_CUT if cuts_comment(text) else None


def check_ply(ply: Ply, game: Optional[Game] = None) -> None:
    """:class:`UnwritableError` at ``ply`` when a field holds what no reader reads: a point not on
    the board, a side, annotation or NAG that does not exist.

    >>> check_ply(Ply(1, "white", "b1"))
    Traceback (most recent call last):
    ...
    muehle.notation.writing.writers.UnwritableError: <input>: error: 'b1' is not a point of the board
    """
    if ply.target == REMOVAL and ply.origin is None:  # (removals alone: at least one)
        if not ply.captures:
            raise unwritable(_("a ply of removals alone has no removal"), game, ply)
        points: tuple[str, ...] = tuple(ply.captures)
    else:
        points = (ply.target, *ply.captures) if ply.origin is None else (ply.target, ply.origin, *ply.captures)
    for point in points:
        if point not in POINT_SET:
            raise unwritable(_("{point} is not a point of the board").format(point=quoted(point)), game, ply)
    if ply.side not in SIDES:
        raise unwritable(_("{side} is not a side (white or black)").format(side=quoted(ply.side)), game, ply)
    if ply.annotation is not None and ply.annotation not in ANNOTATIONS:
        raise unwritable(_("{annotation} is not an annotation ({listing})").format(
            annotation=quoted(ply.annotation), listing=", ".join(ANNOTATIONS)), game, ply)
    for nag in ply.nags:
        if not (type(nag) is int and 1 <= nag <= 255):
            raise unwritable(_("NAG {nag} is out of range ($1 to $255)").format(nag=quoted(nag)), game, ply)


def check_result(game: Game) -> None:
    """:class:`UnwritableError` when the result of ``game`` is none of :data:`RESULTS` (or ``None``)."""
    if game.result is not None and game.result not in RESULTS:
        raise unwritable(_("{result} is not a result ({listing})").format(result=quoted(game.result),
                                                                          listing=", ".join(RESULTS)), game)


def ply_text(ply: Ply, capture_mark: str = BOOK_CAPTURE) -> str:
    """The ply itself with captures and annotation, without number, NAGs or comments.

    >>> ply_text(Ply(18, "white", "b2", origin="d2", captures=["a4", "g7"], annotation="?!"))
    'd2-b2/xa4/xg7?!'
    >>> ply_text(Ply(8, "black", "d5", origin="e3", captures=["c3"]), GLUED_CAPTURE)
    'e3-d5xc3'
    >>> ply_text(Ply(13, "white", REMOVAL, captures=["g7", "d5"])), ply_text(Ply(13, "white", REMOVAL, captures=["g7"]), GLUED_CAPTURE)
    ('xg7/xd5', 'xg7')
    """
    captures = ply.captures
    if ply.target == REMOVAL and captures:  # (removals alone: the first without its slash)
        text = "x" + captures[0]
        captures = captures[1:]
    else:
        text = ply.target if ply.origin is None else f"{ply.origin}-{ply.target}"
    for point in captures:
        text += capture_mark + point
    if ply.annotation:
        text += ply.annotation
    return text


#: How a comment is written: its text, the game and the ply it belongs to -> the unit
#: (:func:`comment_unit` for the notation; PGN has its own).
CommentForm = Callable[[str, Game, Optional[Ply]], str]

#: How a ply is written, after the checks of :func:`check_ply`, without its number (:func:`ply_text`
#: for the notation; PGN glues its captures, PlayOK numbers its points).
PlyForm = Callable[[Ply], str]


def movetext_units(game: Game, write_ply: PlyForm = ply_text, result: Optional[str] = None,
                   comment: CommentForm = comment_unit, black_number: str = "dots", comma: bool = False) -> list[str]:
    """The movetext of ``game`` as units that a line break must not split.

    ``result`` is the termination written after the main line (``None``: none).
    A move number is part of its ply's unit; :data:`LINE_BREAK` forces a break.
    ``write_ply`` writes each ply, ``comment`` each comment; ``black_number`` picks from
    :data:`BLACK_NUMBERS`; ``comma`` writes the book's one-line form (see :func:`write_notation`).

    >>> from muehle.notation.record.model import Game, Ply, Variation
    >>> alt = Variation([Ply(12, "white", "d3", origin="d2"), Ply(12, "black", "e3", origin="e4")])
    >>> game = Game(plies=[Ply(12, "white", "f6", origin="f4", variations=[alt]),
    ...                    Ply(12, "black", "e5", origin="e4")])
    >>> movetext_units(game)
    ['12. f4-f6', '(12. d2-d3', 'e4-e3)', '12... e4-e5']
    >>> movetext_units(game, black_number="book")[-1]
    '12. - e4-e5'
    >>> movetext_units(Game(plies=[Ply(6, "white", "g1", annotation="!"), Ply(6, "black", "g7")]), comma=True)
    ['6. g1!,', 'g7']
    """
    black = _black_mark(black_number)
    if comma:
        black = COMMA_BLACK_NUMBER
    units: list[str] = []
    _line_units(game.plies, game.comments, units, write_ply, game, comment, black=black)
    if result is not None:
        units.append(result)
    for text in game.final_comments:
        add_comment(units, comment(text, game, None))
    return units


def _line_units(
    plies: Sequence[Ply], comments: Sequence[str], units: list[str], write_ply: PlyForm, game: Game,
    comment: CommentForm, context: Optional[Numbering] = None, black: str = "...",
) -> None:
    """Append one line of play (main line or variation), its opening comments first;
    ``context`` is the numbering of the ply before the line (``None`` at the start),
    ``black`` what follows the number of a Black ply standing alone."""
    for text in comments:
        add_comment(units, comment(text, game, None))
    previous: Optional[Ply] = None  # the ply just before, if nothing came between
    for ply in plies:
        check_ply(ply, game)
        move = write_ply(ply)  # (before the numbering's checks: a form may refuse the ply first)
        before = context
        context = _numbering_read_back(context, ply, game, black)
        number = ply.number
        if number is not None and number >= TOO_LARGE:
            number = None  # (counted on from the number before: a reader counts it again)
        removal = ply.target == REMOVAL  # (removals alone: always with the move number, "13... xg7")
        if number is None:
            if removal:
                raise unwritable(_("{ply}, a ply of removals alone, cannot be written without its move number "
                                   "(as in 13. xg7xd5)").format(ply=ply.move_text), game, ply)
            prefix = ""
        elif ply.side == WHITE:
            prefix = f"{number}. "
        elif previous is not None and previous.side == WHITE and previous.number == number and not removal:
            prefix = ""
            if black == COMMA_BLACK_NUMBER:  # (the book's one-line form: "6. g1, g7")
                units[-1] += ","
        else:  # (removals alone after "N. -," would be no ply: the number "N...", with them, as in 13... xg7)
            prefix = f"{number}... " if removal and black == COMMA_BLACK_NUMBER else f"{number}{black} "
        units.append(prefix + move)
        for nag in ply.nags:
            units.append(f"${nag}")
        if ply.draw_offer:
            units.append("(=)")
        previous = ply
        for text in ply.comments:
            add_comment(units, comment(text, game, ply))
            previous = None
        for variation in ply.variations:
            _variation_units(variation, units, write_ply, game, comment, before, black)
            previous = None


def _variation_units(variation: Variation, units: list[str], write_ply: PlyForm, game: Game, comment: CommentForm,
                     context: Optional[Numbering], black: str = "...") -> None:
    if not variation.plies:
        raise unwritable(_("a variation without plies cannot be written"), game)
    inner: list[str] = []
    _line_units(variation.plies, variation.comments, inner, write_ply, game, comment, context, black)
    inner[0] = "(" + inner[0]
    if inner[-1] == LINE_BREAK:
        inner.append(")")
    else:
        inner[-1] += ")"
    units.extend(inner)


def check_move_number(ply: Ply, game: Optional[Game], counted_on: bool = False) -> None:
    """:class:`UnwritableError` for a move number that no reader reads: a negative one, or one
    of more than :data:`~muehle.notation.record.model.MAX_DIGITS` digits unless the notation may
    leave it out because it is ``counted_on`` from the ply before."""
    if ply.number is None:
        return
    if ply.number < 0:
        raise unwritable(_("move number {number} cannot be written (a move number is 0 or more)").format(
            number=shortened(str(ply.number))), game, ply)
    if ply.number >= TOO_LARGE and not counted_on:
        raise unwritable(too_many_digits(N_("move number"), decimal_digits(ply.number)), game, ply)


def _numbering_read_back(context: Optional[Numbering], ply: Ply, game: Game, black: str = "...") -> Numbering:
    """The numbering a reader gives ``ply``, written after a ply numbered ``context``;
    :class:`UnwritableError` when the text cannot say what the record does (quoting a
    Black ply's number with ``black``, as the text would write it).

    A number may not go back in its line (a variation goes on from the ply before the
    one it replaces), and a ply without a number is the side that follows on. A ply
    without a number after a numbered one reads back with the number that follows. A
    number of more than :data:`~muehle.notation.record.model.MAX_DIGITS` digits can only be
    that number (no reader reads it written out), and a negative one none.
    """
    if ply.number is not None:
        check_move_number(ply, game, counted_on=ply.number >= TOO_LARGE
                          and next_numbering(context) == (ply.number, ply.side))
        if goes_back(context, ply.number, ply.side):
            written = f"{ply.number}." if ply.side == WHITE else f"{ply.number}{black}"
            before = f"{context[0]}{'.' if context[1] == WHITE else black}"  # type: ignore[index]
            raise unwritable(_("{ply} cannot be written after the ply numbered {before}: in the notation a move "
                               "number never goes back in its line (a variation goes on from the ply before the "
                               "one it replaces)").format(ply=f"{written} {ply.move_text}", before=before), game, ply)
        return ply.number, ply.side
    number, side = next_numbering(context)
    if side != ply.side:
        raise unwritable(_("{ply}, {side}'s ply without a number, cannot be written where the notation reads "
                           "{other}'s: only a move number can say whose ply it is").format(
            ply=ply.move_text, side=side_name(ply.side), other=side_name(side)), game, ply)
    return number, side


def _black_mark(black_number: str) -> str:
    """The mark of :data:`BLACK_NUMBERS` named ``black_number``; :class:`ValueError` for another name."""
    try:
        return BLACK_NUMBERS[black_number]
    except KeyError:
        raise ValueError(f"black_number must be one of {', '.join(BLACK_NUMBERS)}, not {black_number!r}") from None


def check_numbering(plies: Sequence[Ply], game: Game, context: Optional[Numbering] = None) -> None:
    """:class:`UnwritableError` at the first ply of ``plies`` (variations included) whose number
    and side the text cannot say (see :func:`_numbering_read_back`)."""
    for ply in plies:
        before = context
        context = _numbering_read_back(context, ply, game)
        for variation in ply.variations:
            check_numbering(variation.plies, game, before)


def add_comment(units: list[str], unit: str) -> None:
    """Append a comment as written; a ``;`` comment ends its line."""
    units.append(unit)
    if unit.startswith(";"):
        units.append(LINE_BREAK)


def wrap_units(units: Iterable[str], width: int) -> list[str]:
    """Fill lines with units separated by one space, none longer than ``width``
    unless a single unit is longer by itself.

    >>> wrap_units(["1. b4", "d6", "2. d2", "f4"], 12)
    ['1. b4 d6', '2. d2 f4']
    >>> wrap_units(["1. b4", "; why?", "\\n", "1... d6"], 80)
    ['1. b4 ; why?', '1... d6']
    """
    lines: list[str] = []
    current: list[str] = []
    column = 0  # length of the last physical line of ``current``
    for unit in units:
        if unit == LINE_BREAK:
            lines.append(" ".join(current))
            current, column = [], 0
            continue
        first, newline, _ = unit.partition("\n")
        if current and column + 1 + len(first) > width:
            lines.append(" ".join(current))
            current, column = [], 0
        if current:
            column += 1
        current.append(unit)
        column = len(unit) - unit.rfind("\n") - 1 if newline else column + len(unit)
    if current:
        lines.append(" ".join(current))
    return lines


def game_notation(game: Game, width: int = NOTATION_WIDTH, result: Optional[str] = None,
                  black_number: str = "dots", comma: bool = False) -> str:
    """One game in the canonical notation, without a final newline ('' for an empty record).

    ``result`` is written when the game has none of its own; ``black_number`` and ``comma``
    as for :func:`write_notation`.
    """
    check_result(game)
    parts = [tag_line(name, value, game) for name, value in game.tags.items()]
    movetext = wrap_units(movetext_units(game, result=result if game.result is None else game.result,
                                         black_number=black_number, comma=comma), width)
    if parts and movetext:
        parts.append("")
    parts.extend(movetext)
    return "\n".join(parts)


def write_notation(games: Iterable[Game], *, black_number: str = "dots", comma: bool = False) -> str:
    """Games in the canonical book notation, separated by a blank line.

    A Black ply standing alone is numbered ``17... a7-a4``, or with
    ``black_number="book"`` as the book writes it, ``17. - a7-a4``; both read back
    to the same record. ``comma`` writes the book's one-line form (its page 8): a comma
    between White's ply and Black's reply, ``6. g1, g7``, and a Black ply standing
    alone as ``4. -, e4`` (whatever ``black_number`` says).

    A game without a result gets none (so that reading keeps ``result`` ``None``),
    unless the text read back would run it into a game beside it or lose it: then it
    ends with ``*`` (no result yet). That is when a game follows and either has no
    tags or this game has no plies (its tags or comments would be the next game's),
    when the game is only comments after another game (they would be that game's),
    and when the record is empty (it is written as ``*``, so every game keeps its number).

    >>> from muehle.notation.record.model import Game, Ply
    >>> print(write_notation([Game(plies=[Ply(1, "white", "d2")]), Game(plies=[Ply(1, "white", "f4")])]))
    1. d2 *
    <BLANKLINE>
    1. f4
    <BLANKLINE>
    >>> print(write_notation([Game(plies=[Ply(17, "black", "a4", origin="a7")])], black_number="book"), end="")
    17. - a7-a4
    >>> print(write_notation([Game(plies=[Ply(4, "black", "e4"), Ply(5, "white", "d3", "d2"), Ply(5, "black", "d5")])],
    ...                      comma=True), end="")
    4. -, e4 5. d2-d3, d5
    """
    return written(NotationWriter(black_number, comma), games)


class RecordWriter:
    """Writes a record game by game: :meth:`game` gives the text that can be written after
    each game (maybe empty, held back until the layout is known), :meth:`end` the rest.
    A game the readers would refuse raises :class:`~muehle.notation.writing.writers.UnwritableError`
    in :meth:`game`, and nothing of it is written: the writer goes on with the next one."""

    def game(self, game: Game) -> str:
        raise NotImplementedError

    def end(self) -> str:
        raise NotImplementedError


def written(writer: RecordWriter, games: Iterable[Game]) -> str:
    """The whole text a :class:`RecordWriter` writes of ``games``."""
    return "".join([*(writer.game(game) for game in games), writer.end()])


class NotationWriter(RecordWriter):
    """The text of :func:`write_notation`, game by game: a game is written when the next one is
    known (whether it needs a ``*`` to end it depends on that one)."""

    def __init__(self, black_number: str = "dots", comma: bool = False) -> None:
        _black_mark(black_number)
        self.black_number = black_number
        self.comma = comma
        self._count = 0
        self._held: Optional[tuple[Game, str]] = None

    def game(self, game: Game) -> str:
        text = game_notation(game, black_number=self.black_number, comma=self.comma)
        before = self._release(game)
        self._held = (game, text)
        self._count += 1
        return before

    def end(self) -> str:
        return self._release(None) + ("\n" if self._count else "")

    def _release(self, following: Optional[Game]) -> str:
        """The held game's text (after the blank line that parts it from the one before)."""
        if self._held is None:
            return ""
        game, text = self._held
        index = self._count - 1
        runs_on = game.result is None and (
            following is not None and (not following.tags or not game.plies)
            or index > 0 and not game.tags and not game.plies
            or not (game.tags or game.plies or game.comments or game.final_comments))
        if runs_on:
            text = game_notation(game, result=UNFINISHED, black_number=self.black_number, comma=self.comma)
        return ("\n\n" if index else "") + text


class JoinedWriter(RecordWriter):
    """Games each written alone by ``write_game``, a line break between two (PGN, PlayOK's text)."""

    def __init__(self, write_game: Callable[[Game], str]) -> None:
        self.write_game = write_game
        self._before = ""  # what parts the next game from the one before: nothing before the first

    def game(self, game: Game) -> str:
        text = self._before + self.write_game(game)
        self._before = "\n"
        return text

    def end(self) -> str:
        return ""


def unwritable(message: str, game: Optional[Game] = None, ply: Optional[Ply] = None) -> UnwritableError:
    """The :class:`UnwritableError` of ``game``: at ``ply`` where it was read, else at the game."""
    source = game.source if game is not None else ""
    line = ply.line if ply is not None and ply.line else (game.line if game is not None else 0)
    column = ply.column if ply is not None and ply.line else 0
    error = UnwritableError(message, source=source, line=line, column=column)
    error.game = game
    return error
