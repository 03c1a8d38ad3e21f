"""What a reader tells about a record, and the builders that make something of it.

Every reader of the notation (the LALR parser of ``grammars/muehle.lark`` and the
fast reader, :mod:`muehle.notation.reading.fastread`) reads a record as a sequence of
events, in the order of the text, and tells them to a :class:`Visitor`: a game
begins, a tag pair, a move number, a ply, its annotation, NAG, draw offer and
comments, a variation begins and ends, the result, a warning (a slip read as it is
plainly meant), an error, the game ends. The
readers only know the tokens; what the events make is the builder's business: a
:class:`GameBuilder` makes the whole record (:class:`~muehle.notation.record.model.Game`),
and it alone numbers the plies, attaches comments and opens variations. A reader
of another dialect plugs in by telling the same events to the same builders.

A builder that finds the record wrong as written (a move number that goes back, a
tag pair after the moves, two annotations on one ply) raises :class:`RecordError`;
the reader locates it at the token it was reading.

>>> builder = GameBuilder()
>>> builder.begin_game("t.txt", 1)
>>> builder.tag("Event", "x", 1, 9, '[Event "x"]')
>>> builder.move_number(1, "white")
>>> builder.ply(None, None, None, "b4", (), None, 2, 4)
>>> builder.ply(None, None, None, "d6", (), None, 2, 7)
>>> builder.annotation("!")
>>> builder.result("*", 2, 10)
>>> game = builder.end_game()
>>> [ply.label() for ply in game.plies], game.plies[1].annotation, game.result
(['1. b4', '1... d6'], '!', '*')
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from muehle.notation.reading.slips import SLIPS_SAID
from muehle.notation.reading.tags import LONGEST_TAG_VALUE, too_long_tag_value
from muehle.notation.record.model import (
    BLACK,
    MAX_VARIATION_DEPTH,
    WHITE,
    Game,
    Numbering,
    Ply,
    PlyMove,
    Side,
    Variation,
    goes_back,
    numbering_after,
    too_deep,
)
from muehle.notation.text.errors import NotationError, shortened
from muehle.notation.text.i18n import _

__all__ = ["RecordError", "Visitor", "GameBuilder", "EventRecorder", "second_annotation"]


class RecordError(ValueError):
    """A record that cannot be built as written; the reader gives it the place of its token."""


def second_annotation(first: str, second: str) -> str:
    """The message for a ply that carries two annotations (Sanmill rates a move and each of its captures)."""
    return _("a ply has only one annotation, and this one has {first} already: Sanmill gives the move and "
             "its capture a quality symbol each ({first} and {second}), muehle's record one per ply").format(
                 first=first, second=second)


#: The number and side of a ply written without a number (see :meth:`Visitor.moves`).
_UNNUMBERED: tuple[None, None] = (None, None)


def _number_text(numbering: Numbering) -> str:
    """A move number as written before its ply: ``17.`` (White's), ``17...`` (Black's)."""
    number, side = numbering
    return f"{number}." if side == WHITE else f"{number}..."


class Visitor:
    """The events of a record, in the order of the text; every method does nothing here.

    ``line`` and ``column`` are 1-based places in the source. A ply's ``number`` and
    ``side`` are those written with it (``None`` when it has none; a move number
    written as a word of its own is the event :meth:`move_number` before it), its
    ``column`` is where its coordinates start, its ``annotation`` a quality symbol
    written inside it (Sanmill's ``f2!? xb4``), else ``None``.
    """

    def begin_game(self, source: str, line: int) -> None:
        """A game starts at ``line`` of ``source`` (told again when a reader starts reading the game
        over in another way: what was told before is void then)."""

    def tag(self, name: str, value: str, line: int, column: int, line_text: str) -> None:
        """A tag pair; ``column`` is that of its value, ``line_text`` the line that holds it."""

    def move_number(self, number: int, side: Side) -> None:
        """A move number written before its ply (``17.``: White's, ``17...``: Black's)."""

    def ply(self, number: Optional[int], side: Optional[Side], origin: Optional[str], target: str,
            captures: Sequence[str], annotation: Optional[str], line: int, column: int) -> None:
        """A ply: a placement (``origin`` ``None``) or a move, and the stones it captured."""

    def moves(self, moves: list[PlyMove], numbers: dict[int, Numbering]) -> None:
        """Plies of the current line of play told together, without their places, by a reader
        that keeps none (the quick reading of words, :meth:`~muehle.notation.reading.fastread.FastReader.tell_words`):
        ``moves`` holds what each does, ``(target, origin, captures)``, and ``numbers`` the move
        number and side written with some of them (a number written as a word of its own before a
        ply included), by their place in ``moves``. The visitor may keep the list ``moves``.
        This base class tells each as :meth:`ply` (line and column 0), so a visitor of plies
        takes these too.
        """
        ply = self.ply
        written = numbers.get
        for index, (target, origin, captures) in enumerate(moves):
            number, side = written(index, _UNNUMBERED)
            ply(number, side, origin, target, captures, None, 0, 0)

    def annotation(self, symbol: str) -> None:
        """A quality symbol (``!``, ``?``, ``!!``, ``??``, ``!?``, ``?!``) after the last ply."""

    def nag(self, value: int) -> None:
        """A numeric annotation glyph (``$1`` to ``$255``) of the last ply."""

    def draw_offer(self) -> None:
        """The last ply offers a draw (``(=)``)."""

    def comment(self, text: str) -> None:
        """A comment, without its braces or semicolon and the white space around it."""

    def begin_variation(self) -> None:
        """A variation of the last ply starts (``(``)."""

    def end_variation(self) -> None:
        """The variation ends (``)``)."""

    def result(self, value: str, line: int, column: int) -> None:
        """The result that ends the movetext, as the model keeps it (``½-½`` as ``1/2-1/2``)."""

    def warning(self, warning: NotationError) -> None:
        """A slip read as it is plainly meant (a :class:`~muehle.notation.text.errors.NotationWarning`:
        ``d2–b2`` read as ``d2-b2``); it is told before the event it belongs to."""

    def error(self, error: NotationError) -> None:
        """The record has a syntax error (a :class:`~muehle.notation.text.errors.NotationError`); no
        event of the game follows but :meth:`end_game`."""

    def end_game(self) -> object:
        """The game is over; returns what the visitor made of it (each visitor says what)."""
        return None


class GameBuilder(Visitor):
    """Makes the whole :class:`~muehle.notation.record.model.Game` of the events.

    One line of play (the main line or a variation) at a time is "current": its
    plies, its leading comments, the ``(number, side)`` of its last ply (for the
    numbering of the next one) and of the ply before that (a variation replaces the
    last ply, so its numbering restarts from there). Opening a variation pushes
    the current line on ``stack``.
    """

    game: Game

    def new_game(self, source: str, line: int) -> Game:
        """The record the events of a game starting at ``line`` of ``source`` make."""
        return Game(source=source, line=line)

    def begin_game(self, source: str, line: int) -> None:
        self.game = game = self.new_game(source, line)
        self.tag_places: dict[str, tuple[int, int, str]] = {}
        game.tag_places = self.tag_places
        self.plies: list[Ply] = game.plies
        self.comments: list[str] = game.comments
        self.last: Optional[Ply] = None  # the last ply of the current line
        self.context: Optional[Numbering] = None  # (number, side) of it
        self.before: Optional[Numbering] = None  # ... and of the one before
        self.pending: Optional[Numbering] = None  # a move number waiting for its ply
        #: The lines a variation interrupts, innermost last: plies, comments, last ply, its numbering and the one before.
        self.stack: list[tuple[list[Ply], list[str], Optional[Ply], Optional[Numbering], Optional[Numbering]]] = []
        self.finished = False  # a result was read

    def tag(self, name: str, value: str, line: int, column: int, line_text: str) -> None:
        game = self.game
        if self.plies or self.stack or game.result is not None:  # (a ply of the main line, or in a variation)
            raise RecordError(_("a tag pair must come before the moves"))
        if len(value) > LONGEST_TAG_VALUE:
            raise RecordError(too_long_tag_value(name, value))
        if name in game.tags:
            raise RecordError(_("duplicate tag {name} (first given on line {line})").format(
                name=shortened(name), line=self.tag_places[name][0]))
        game.tags[name] = value
        self.tag_places[name] = (line, column, line_text)

    def _check_number(self, number: int, side: Side, move: str = "") -> None:
        """A move number may not go back in its line of play (``move``: the ply it is written with)."""
        context = self.context
        if goes_back(context, number, side):
            assert context is not None
            right = _number_text(numbering_after(context, 1))
            if self.stack and not self.plies:  # the first ply of a variation: it takes the place of one
                raise RecordError(_("a variation takes the place of the ply before it, so its first ply is {right}, "
                                    "not {written}").format(right=shortened(right),
                                                            written=shortened(_number_text((number, side)))))
            if context == (number, WHITE) and side == WHITE:  # ("1. b4 1. d1": Black's reply numbered as White's)
                reply = f" {move}" if move else ""
                raise RecordError(_("move number {number} repeats: Black's reply to {number}. is written "
                                    "{number}...{reply} or {number}. -{reply} (or without a number)").format(
                                        number=shortened(str(number)), reply=shortened(reply)))
            said = (_("move number {number} repeats: after {last} the next move is {right}") if number == context[0]
                    else _("move number {number} goes back: after {last} the next move is {right}"))
            raise RecordError(said.format(number=shortened(str(number)), last=shortened(_number_text(context)),
                                          right=shortened(right)))

    def move_number(self, number: int, side: Side) -> None:
        self._check_number(number, side)
        self.pending = (number, side)

    def numbering(self, number: Optional[int], side: Optional[Side], target: str, origin: Optional[str],
                  captures: Sequence[str]) -> Numbering:
        """The number and side of the next ply of the current line, told with ``number`` and ``side``
        (``None``: none written with it); the move number written before it is used up."""
        if number is not None:
            assert side is not None  # (a move number names its side: "12." White, "12..." Black)
            if goes_back(self.context, number, side):
                self._check_number(number, side, Ply(None, WHITE, target, origin, list(captures)).move_text)
            self.pending = None
            return (number, side)
        pending = self.pending
        if pending is not None:
            self.pending = None
            return pending
        context = self.context
        if context is None:
            return (None, WHITE)
        if context[1] == WHITE:  # (next_numbering, inlined: Black replies on White's number)
            return (context[0], BLACK)
        number = context[0]
        return (None if number is None else number + 1, WHITE)

    def ply(self, number: Optional[int], side: Optional[Side], origin: Optional[str], target: str,
            captures: Sequence[str], annotation: Optional[str], line: int, column: int) -> None:
        context = self.context
        numbering = self.numbering(number, side, target, origin, captures)
        # (all fields given in order: much quicker than keywords and default factories)
        ply = Ply(numbering[0], numbering[1], target, origin, list(captures) if captures else [],
                  annotation, [], False, [], [], line, column)
        self.plies.append(ply)
        self.last = ply
        self.before = context
        self.context = numbering

    def annotation(self, symbol: str) -> None:
        last = self.last
        assert last is not None
        if last.annotation is not None:  # (given before its capture: "f2!? xb4?")
            raise RecordError(second_annotation(last.annotation, symbol))
        last.annotation = symbol

    def nag(self, value: int) -> None:
        self.last.nags.append(value)  # type: ignore[union-attr]

    def draw_offer(self) -> None:
        self.last.draw_offer = True  # type: ignore[union-attr]

    def comment(self, text: str) -> None:
        if self.finished:
            self.game.final_comments.append(text)
        elif self.last is not None:
            self.last.comments.append(text)
        else:
            self.comments.append(text)

    def begin_variation(self) -> None:
        if len(self.stack) == MAX_VARIATION_DEPTH:
            raise RecordError(too_deep())
        variation = Variation()
        self.last.variations.append(variation)  # type: ignore[union-attr]
        self.stack.append((self.plies, self.comments, self.last, self.context, self.before))
        self.plies, self.comments = variation.plies, variation.comments
        self.last, self.context, self.before = None, self.before, None

    def end_variation(self) -> None:
        if not self.plies:
            raise RecordError(_("a variation needs at least one ply"))
        self.plies, self.comments, self.last, self.context, self.before = self.stack.pop()

    def result(self, value: str, line: int, column: int) -> None:
        self.game.result = value
        self.game.result_place = (line, column)
        self.finished = True

    def warning(self, warning: NotationError) -> None:
        game = self.game
        if len(game.warnings) < SLIPS_SAID:
            game.warnings.append(warning)
        else:  # (counted, not kept)
            game.more_warnings += 1

    def error(self, error: NotationError) -> None:
        self.game.errors.append(error)

    def end_game(self) -> Game:
        return self.game


class EventRecorder(Visitor):
    """Keeps every event as ``(name, arguments...)``: to compare what two readers tell.

    >>> recorder = EventRecorder()
    >>> recorder.begin_game("t", 1); recorder.comment("gut"); recorder.end_game()
    [('begin_game', 't', 1), ('comment', 'gut'), ('end_game',)]
    """

    def __init__(self) -> None:
        self.events: list[tuple[Any, ...]] = []

    def begin_game(self, source: str, line: int) -> None:
        self.events = [("begin_game", source, line)]

    def tag(self, name: str, value: str, line: int, column: int, line_text: str) -> None:
        self.events.append(("tag", name, value, line, column, line_text))

    def move_number(self, number: int, side: Side) -> None:
        self.events.append(("move_number", number, side))

    def ply(self, number: Optional[int], side: Optional[Side], origin: Optional[str], target: str,
            captures: Sequence[str], annotation: Optional[str], line: int, column: int) -> None:
        self.events.append(("ply", number, side, origin, target, tuple(captures), annotation, line, column))

    def moves(self, moves: list[PlyMove], numbers: dict[int, Numbering]) -> None:
        self.events.append(("moves", list(moves), dict(numbers)))

    def annotation(self, symbol: str) -> None:
        self.events.append(("annotation", symbol))

    def nag(self, value: int) -> None:
        self.events.append(("nag", value))

    def draw_offer(self) -> None:
        self.events.append(("draw_offer",))

    def comment(self, text: str) -> None:
        self.events.append(("comment", text))

    def begin_variation(self) -> None:
        self.events.append(("begin_variation",))

    def end_variation(self) -> None:
        self.events.append(("end_variation",))

    def result(self, value: str, line: int, column: int) -> None:
        self.events.append(("result", value, line, column))

    def warning(self, warning: NotationError) -> None:
        self.events.append(("warning", str(warning)))

    def error(self, error: NotationError) -> None:
        self.events.append(("error", str(error)))

    def end_game(self) -> list[tuple[Any, ...]]:
        self.events.append(("end_game",))
        return self.events
