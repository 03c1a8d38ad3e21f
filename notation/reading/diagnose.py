"""Turning lark's "unexpected input" into messages a person understands.

lark reports the position where it got stuck and, for an unexpected token, the
terminals it would have accepted. This module looks at the text at that position
and at what came before, and says in words what is wrong: ``b1 is not a point of
the board``, ``d2- needs a target point after '-'``, ``unterminated comment``, ...

>>> point_problem("b1")
'b1 is not a point of the board'
>>> point_problem("d2") is None
True
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable, Optional

from muehle.notation.formats.playok import NUMBERED_POINTS, in_book_notation
from muehle.notation.reading.grammar import MOVE_NUMBER_CHARS
from muehle.notation.reading.tags import tag_problem
from muehle.notation.record.model import BLACK_WINS, POINT_SET, WHITE_WINS
from muehle.notation.text.errors import NotationError, shortened
from muehle.notation.text.i18n import N_, _

if TYPE_CHECKING:
    from muehle.notation.reading.parser import _Builder

_WORD = re.compile(r"[A-Za-z][0-9]+")
_DIGITS = re.compile(r"[0-9]+")
_ALNUM = re.compile(r"\w+")
_RESULT_LIKE = re.compile(r"[0-9½]+[-/][-/0-9½]*")
_SPACED_POINT = re.compile(r"-[ \t]+([A-Ga-g][1-7])(?![0-9])")
_COLON_RESULT = re.compile(r"(?:1/2|½|[01]):(?:1/2|½|[01])(?![0-9/])")  # (1:0, as German score sheets write)
#: Two points glued on one file or rank ("e5d5"): a move whose '-' was left out, likely.
_TWO_POINTS = re.compile(r"([a-gA-G])([1-7])([a-gA-G])([1-7])")
#: Words a score sheet ends a game with, in German.
_DRAW_WORD = re.compile(r"(?i)remis\b")
_RESIGNS = re.compile(r"(?i)(?:(wei(?:ß|ss))|(schwarz))[ \t]+gibt[ \t]+auf\b|aufgegeben\b")
#: Bare numbers, two or more, as a record of numbered points has them ("5 17 3-4"): no move number.
_BARE_NUMBERS = re.compile(r"[0-9]+(?:[-x][0-9]+)*(?:[ \t\r\n]+[0-9]+(?:[-x][0-9]+)*(?![\w.…/]))+")

#: What a terminal of the grammar is, in words.
TOKEN_WORDS = {
    "PLY": N_("a ply"),
    "NUMBER": N_("a move number"),
    "RESULT": N_("a result"),
    "ANNOTATION": N_("an annotation"),
    "NAG": N_("a NAG ($1 to $255)"),
    "OFFER": N_("a draw offer (=)"),
    "COMMA": N_("a comma"),
    "LPAR": "'('",
    "RPAR": "')'",
    "TAG": N_("a tag pair"),
    "$END": N_("the end of the game"),
}

CAPTURE_HINT = N_("as in d2-b2/xa4 or d6-d5xc3")

def point_problem(word: str) -> Optional[str]:
    """The message for a word that looks like a coordinate but is no point, else ``None``."""
    if word.lower() in POINT_SET:
        return None
    return _("{word} is not a point of the board").format(word=shortened(word.lower()))


def _describe_token(token: Any) -> str:
    kind = token.type
    if kind == "$END":
        return _("the end of the game")
    if kind == "PLY":
        return _("the ply {value}").format(value=shortened(token.value))
    if kind == "NUMBER":
        return _("the move number {value}").format(value=shortened(token.value))
    if kind in ("LPAR", "RPAR"):
        return f"'{token.value}'"
    return f"{_(TOKEN_WORDS.get(kind, kind))} {shortened(token.value)}"


def describe_unexpected(error: Any, builder: "_Builder", text: str) -> NotationError:
    """The :class:`NotationError` for lark's UnexpectedCharacters/UnexpectedToken, made by the parser's
    ``builder`` (``syntax_error``), which also tells what came before."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken  # (start-up: lark only for a syntax error)

    data = data_record(text)  # (a JSON or YAML record read as notation: say so, wherever it stopped)
    if data is not None:
        where = getattr(error, "token", None) if isinstance(error, UnexpectedToken) else None
        return builder.syntax_error(data, getattr(where or error, "line", 0) or 0,
                                    getattr(where or error, "column", 0) or 0)
    if isinstance(error, UnexpectedCharacters):
        return _unexpected_character(error, builder, text)
    if isinstance(error, UnexpectedToken):
        return _unexpected_token(error, builder)
    return builder.syntax_error(_("cannot read the record: {error}").format(error=shortened(str(error))),
                                getattr(error, "line", 0) or 0, getattr(error, "column", 0) or 0)


def _unexpected_token(error: Any, builder: "_Builder") -> NotationError:
    token = error.token
    kind = token.type
    before = builder.previous_type

    def at(message: str, where: Any = token) -> NotationError:
        return builder.syntax_error(message, where.line, where.column)

    if kind == "$END":
        if builder.pending is not None and builder.last_type == "NUMBER":
            return builder.number_without_ply()
        if builder.opened:
            return builder.unclosed()
        if builder.last_type == "COMMA":
            return at(_("after the comma comes Black's reply (6. g1, g7), not the end of the game"))
    if before == "NUMBER":
        return at(_("expected a ply after the move number {value}, found {token}").format(
            value=shortened(builder.pending[2].value), token=_describe_token(token)))  # type: ignore[index]
    if kind == "ANNOTATION":
        if before == "ANNOTATION":
            return at(_("a ply has only one annotation"))
        return at(_("an annotation (! ? !! ?? !? ?!) must follow its ply directly"))
    if kind == "NAG":
        return at(_("a NAG must follow its ply (after the annotation, before a draw offer)"))
    if kind == "OFFER":
        if before == "OFFER":
            return at(_("a ply has only one draw offer (=)"))
        return at(_("a draw offer (=) must follow its ply (after the annotation and NAGs)"))
    if kind == "LPAR":
        if before == "COMMA":
            return at(_("after the comma comes Black's reply: a variation of White's ply stands before its "
                        "reply without the comma (6. g1 (6. d2) g7)"))
        return at(_("a variation must follow the ply it replaces"))
    if kind == "COMMA":
        return at(_("a comma stands right after White's ply (and its annotation, NAGs and draw offer) or after "
                    "the book's 4. -, and before Black's reply: 6. g1, g7"))
    if before == "COMMA":
        return at(_("after the comma comes Black's reply (6. g1, g7), not {token}").format(
            token=_describe_token(token)))
    # Anything else (the callbacks report the other cases before the parser sees them).
    expected = sorted(_(TOKEN_WORDS.get(name, name)) for name in error.expected if name in TOKEN_WORDS)
    message = _("unexpected {token}").format(token=_describe_token(token))
    if expected:
        message += _("; expected {items}").format(
            items=_("{items} or {last}").format(items=", ".join(expected[:-1]), last=expected[-1]) if len(expected) > 1
            else expected[-1])
    return at(message)


def _unexpected_character(error: Any, builder: "_Builder", text: str) -> NotationError:
    position = error.pos_in_stream
    line, column = error.line, error.column
    char = text[position]

    line_end = text.find("\n", position)
    # the last comment before held a '{', and a '}' still to come on the line would have closed it
    last_comment = builder.last_brace_comment
    nested = last_comment is not None and "{" in last_comment[1:] and "}" in text[
        position:line_end if line_end >= 0 else len(text)]

    def at(message: str, offset: int = 0) -> NotationError:
        if nested:
            message += _(" (comments do not nest: the comment before it held a {open} and ended at its first {close};"
                         " write no braces inside a comment)").format(open="'{'", close="'}'")
        return builder.syntax_error(message, line, column + offset)

    previous = getattr(error, "token_history", None)
    last = previous[-1] if previous else None
    glued_to_ply = last is not None and last.type == "PLY" and last.end_pos == position
    ply = _move_text(last.value) if glued_to_ply and last is not None else ""
    word = _WORD.match(text, position)

    if char == "{":
        return at(_("unterminated comment: this '{{' is never closed by '}}'").format())
    if char == "}":
        return at(_("'}}' without a '{{' before it").format())
    if char == "[":
        return tag_problem(text, position, at)
    if char == '"':
        return at(_('a string in double quotes may only stand in a tag pair: [Name "value"]'))
    if char.isalpha():
        said = _game_end_in_words(text, position)
        if said is not None:
            return at(said)
    spaced = _SPACED_POINT.match(text, position)
    if char == "-" and last is not None and last.type == "PLY" and not glued_to_ply and spaced is not None:
        message = _("unexpected '-' after a ply: the next ply follows without one (17. g7-g4 a7-a4; "
                    "the book's '17. - a7-a4' has it right after the move number)")
        origin = _move_text(last.value)
        if "-" not in origin and "x" not in origin.lower():  # (a placement: perhaps a move with spaces)
            message += _("; a move is written without spaces: {move}").format(
                move=f"{origin.lower()}-{spaced.group(1).lower()}")
        return at(message)
    if char == "-" and glued_to_ply:
        target = _WORD.match(text, position + 1)
        if "-" in ply:
            return at(_("{ply} already has its target; a move has one '-'").format(ply=shortened(ply)))
        if target is not None:
            return at(_point_or_unexpected(target.group()), 1)
        return at(_("{ply}- needs a target point after '-'").format(ply=shortened(ply)))
    if char in "/xX":
        mark = position + 1 if char == "/" else position
        if text[mark : mark + 1] not in ("x", "X"):
            return at(_("'/' must be followed by a capture 'x' and a point, {example}").format(example=_(CAPTURE_HINT)))
        point = _WORD.match(text, mark + 1)
        if point is None:
            return at(_("a capture mark needs a point: 'x' must be followed by the captured point, "
                        "{example}").format(example=_(CAPTURE_HINT)), mark - position)
        problem = point_problem(point.group())
        if problem:
            return at(problem, mark + 1 - position)
        return at(_("a capture must be written right after its ply, {example}").format(example=_(CAPTURE_HINT)))
    problem = point_problem(word.group()) if word is not None else None
    if problem:
        return at(problem)
    if char.isdigit() or char == "½":
        colon_result = _COLON_RESULT.match(text, position)
        if colon_result is not None:
            return at(_("{text} is not a result: the notation writes results with '-', as 1-0, "
                        "0-1, 1/2-1/2, ½-½ and *").format(text=shortened(colon_result.group())))
        playok = _playok_ply(text, position, last)
        if playok is not None:
            if not builder.has_ply and not builder.opened and builder.line_offset == 0:  # (the text's first ply)
                playok = _playok_record(_PLAYOK_PLY.match(text, position).group())  # type: ignore[union-attr]
            return at(playok)
        bare = _BARE_NUMBERS.match(text, position)
        if bare is not None:
            return at(_bare_numbers(bare.group()))
        result_like = _RESULT_LIKE.match(text, position)
        if result_like is not None:
            return at(_("{text} is not a result; results are 1-0, 0-1, 1/2-1/2, ½-½ and *").format(
                text=shortened(result_like.group())))
        digits = _DIGITS.match(text, position)
        if digits is not None and text[digits.end():digits.end() + 1] in _DASHES:  # (1–0 from a typeset text)
            return _dash(text[digits.end()], lambda message: at(message, digits.end() - position))
        if digits is not None:
            return at(_("move number {digits} needs a '.' after it ({digits}. for White, {digits}... for "
                        "Black)").format(digits=shortened(digits.group())))
    if char == ".":
        return at(_("unexpected '.': a move number is written 17. before White's ply and 17... "
                    "before Black's"))
    if char == "$":
        return at(_("'$' must be followed by a number from 1 to 255 (a NAG)"))
    if char == "=":
        return at(_("unexpected '=': a draw offer is written (=)"))
    if char in _DASHES:
        return _dash(char, at)
    if char.isprintable():
        return at(_("unexpected character '{char}'").format(char=char))
    return at(_("unexpected character {char!r} (U+{code:04X})").format(char=char, code=ord(char)))


def _game_end_in_words(text: str, position: int) -> Optional[str]:
    """The message for a score sheet's end of a game in words at ``position`` (``Remis``,
    ``Weiß gibt auf``, ``aufgegeben``), else ``None``.

    >>> print(_game_end_in_words("Remis", 0))
    Remis is not a result: a draw is written 1/2-1/2 (or ½-½)
    >>> print(_game_end_in_words("Schwarz gibt auf", 0))
    'Schwarz gibt auf' is not a result: write it as a comment and the result, { Schwarz gibt auf } 1-0
    """
    draw = _DRAW_WORD.match(text, position)
    if draw is not None:
        return _("{draw} is not a result: a draw is written 1/2-1/2 (or ½-½)").format(draw=shortened(draw.group()))
    resigns = _RESIGNS.match(text, position)
    if resigns is None:
        return None
    result = BLACK_WINS if resigns[1] else WHITE_WINS if resigns[2] else f"{WHITE_WINS} or {BLACK_WINS}"
    return (_("'{resigns}' is not a result: write it as a comment and the result, {{ {resigns} "
              "}} {result}").format(resigns=shortened(resigns.group()), result=result))


def _bare_numbers(numbers: str) -> str:
    """The message for bare numbers where the notation has plies (``5 17 3``).

    >>> print(_bare_numbers("5 17"))
    5 17: this looks like PlayOK's numbered points (1 to 24, row by row from the top); read it with --from playok
    >>> print(_bare_numbers("5 30 7"))  # doctest: +NORMALIZE_WHITESPACE
    5 30 7: not a notation muehle reads: a ply names its points as the book does (b4, d2-b2, d2-b2/xa4),
    or, in PlayOK's records, by their numbers 1 to 24
    """
    shown = shortened(" ".join(numbers.split()[:4]) + (" ..." if len(numbers.split()) > 4 else ""))
    if all(len(number) <= 2 and 1 <= int(number) <= 24 for number in re.findall(r"[0-9]+", numbers)):
        return _("{shown}: this looks like {notation}; read it with --from playok").format(
            shown=shown, notation=_(NUMBERED_POINTS))
    return (_("{shown}: not a notation muehle reads: a ply names its points as the book does "
              "(b4, d2-b2, d2-b2/xa4), or, in PlayOK's records, by their numbers 1 to 24").format(shown=shown))


def _playok_record(ply: str) -> str:
    """The message for a record whose first ply is written in PlayOK's numbered points.

    >>> _playok_record("10-1x23")
    "this looks like PlayOK's numbered points (1 to 24, row by row from the top): read it with --from playok (10-1x23 is a4-a7/xd1 in the book's notation)"
    """
    return (_("this looks like {notation}: read it with --from playok ({ply} is {book} "
              "in the book's notation)").format(notation=_(NUMBERED_POINTS), ply=shortened(ply),
                                                book=shortened(in_book_notation(ply))))


def data_record(text: str) -> Optional[str]:
    """What a record's text read as notation looks like when it is a JSON or YAML record, else ``None``."""
    from muehle.notation.reading.inputs import input_form  # (start-up: only for this error)

    form = input_form("-", text)
    if form == "notation":
        return None
    suffix = ".json" if form == "json" else ".yaml"
    return (_("this looks like {form}, not notation: read it with --from {name} (or name the "
              "file *{suffix})").format(form=form.upper(), name=form, suffix=suffix))


#: A ply as PlayOK writes it (points numbered 1 to 24), as a word of its own.
_PLAYOK_NUMBER = r"(?:2[0-4]|1[0-9]|[1-9])"
_PLAYOK_PLY = re.compile(rf"{_PLAYOK_NUMBER}(?:-{_PLAYOK_NUMBER})?(?:x{_PLAYOK_NUMBER})*(?![\w.\-/])")
#: What may follow a PlayOK ply in a PlayOK text: another one, or a move number.
_PLAYOK_NEXT = re.compile(r"[ \t\r\n]+(?:[0-9]+\.|" + _PLAYOK_PLY.pattern + ")")


def _playok_ply(text: str, position: int, last: Any) -> Optional[str]:
    """The message for a ply in PlayOK's numbered points at ``position`` of a record in the book's
    notation (after a move number, or before another such ply or a move number), else ``None``.

    >>> _playok_ply("10-1x23 d6", 0, None), _playok_ply("5 b4", 0, None)
    (None, None)
    >>> print(_playok_ply("5 17", 0, None))  # doctest: +NORMALIZE_WHITESPACE
    5 looks like a ply in PlayOK's numbered points (1 to 24, row by row from the top),
    but this text is read in the book's notation: a text is written in one or the other (here: d6)
    """
    ply = _PLAYOK_PLY.match(text, position)
    if ply is None:
        return None
    after_number = last is not None and last.type == "NUMBER"
    if not after_number and _PLAYOK_NEXT.match(text, ply.end()) is None:
        return None
    return (_("{ply} looks like a ply in {notation}, but this text is read in the "
              "book's notation: a text is written in one or the other (here: {book})").format(
                  ply=shortened(ply.group()), notation=_(NUMBERED_POINTS),
                  book=shortened(in_book_notation(ply.group()))))


#: Dashes of typeset text that stand for the notation's hyphen-minus (a book copied by hand).
_DASHES = {"\u2010": N_("a hyphen"), "\u2011": N_("a non-breaking hyphen"), "\u2012": N_("a figure dash"),
           "\u2013": N_("an en dash"), "\u2014": N_("an em dash"), "\u2212": N_("a minus sign")}


def _dash(char: str, at: Callable[[str], NotationError]) -> NotationError:
    return at(_("unexpected character '{char}' ({dash}): the notation writes a hyphen-minus "
                "'-', as in 17. - a7-a4 and 1-0").format(char=char, dash=_(_DASHES[char])))


def glued_ply(token: Any, builder: "_Builder") -> NotationError:
    """The error for a ply followed directly by a letter or digit (``b44``, ``d2-b2x``, ``b4c3``), made
    by the parser's ``builder``."""

    def make(message: str, column: int) -> NotationError:
        return builder.syntax_error(message, token.line, column)

    end = token.end_pos
    glued = _ALNUM.match(builder.text, end)
    assert glued is not None  # (called only where a letter or digit follows the ply)
    rest = glued.group()
    column = token.column + end - token.start_pos
    if rest[0] in "xX":
        point = rest[1:]
        if not point:
            return make(_("a capture mark needs a point: 'x' must be followed by the captured point, "
                          "{example}").format(example=_(CAPTURE_HINT)), column)
        return make(point_problem(point) or _("unexpected {token}").format(token=shortened(rest)), column + 1)
    if rest.isdigit():
        return make(_point_or_unexpected(token.value[-2:] + rest), column - 2)
    word = _move_text(token.value) + rest
    two = _TWO_POINTS.fullmatch(word)
    if two is not None and (two[1].lower() == two[3].lower() or two[2] == two[4]):  # (on one file or rank)
        first, second = word[:2].lower(), word[2:].lower()
        return make(_("{word}: a move is written with '-' between its points ({first}-{second}), and "
                      "two plies with a space between them ({first} {second})").format(
                          word=word, first=first, second=second), column - len(_move_text(token.value)))
    return make(_("{word}: plies must be separated by a space").format(word=shortened(word)),
                column - len(_move_text(token.value)))


def _move_text(ply: str) -> str:
    """The text of a ply token without the move number it may start with."""
    return ply.lstrip(MOVE_NUMBER_CHARS)


def _point_or_unexpected(word: str) -> str:
    """The message for a word that stands where a point does: no point of the board, or unexpected."""
    return point_problem(word) or _("unexpected {token}").format(token=shortened(word))


