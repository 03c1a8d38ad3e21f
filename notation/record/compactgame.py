"""The compact record of a game: its plain plies kept as tuples until they are asked for.

A :class:`~muehle.notation.record.model.Ply` object is most of what reading a record costs, and a
writer of plain data needs none for a ply that carries nothing but its move, its numbering,
an annotation and its place: ``muehle convert --to json`` writes such a ply straight from
what the reader told (see :func:`muehle.notation.formats.jsonrecord.plain_ply_text`). A
:class:`CompactGameBuilder` makes a :class:`CompactGame` of a reader's events as
:class:`~muehle.notation.record.builders.GameBuilder` makes a game, but keeps each ply of the main
line as a :data:`PlainPly` tuple while no NAG, draw offer, comment or variation is told of
it. A :class:`CompactGame` is a whole :class:`~muehle.notation.record.model.Game`: the first time its
``plies`` are asked for, the tuples become :class:`~muehle.notation.record.model.Ply` objects (the
same a :class:`~muehle.notation.record.builders.GameBuilder` makes), and every other reader of
games can take it. :func:`~muehle.notation.reading.front_door.read` makes games of it with
``builder=CompactGameBuilder``.

>>> builder = CompactGameBuilder()
>>> builder.begin_game("t.txt", 1)
>>> builder.ply(1, "white", None, "b4", (), None, 2, 4)
>>> builder.ply(None, None, None, "d6", (), None, 2, 7)
>>> builder.annotation("!")
>>> builder.nag(1)
>>> builder.result("*", 2, 13)
>>> game = builder.end_game()
>>> game.plain_plies()
[(1, 'white', None, 'b4', (), None, 2, 4), Ply(number=1, side='black', target='d6', origin=None, \
captures=[], annotation='!', nags=[1], draw_offer=False, comments=[], variations=[], line=2, column=7)]
>>> [ply.label() for ply in game.plies], game.plain_plies()
(['1. b4', '1... d6'], None)
"""

from __future__ import annotations

from typing import Optional, Sequence, Union

from muehle.notation.record.builders import GameBuilder, RecordError, second_annotation
from muehle.notation.record.model import Game, Ply, Side

__all__ = ["PlainPly", "CompactGame", "CompactGameBuilder", "ply_of"]

#: A plain ply as the reader told it, numbered: ``(number, side, origin, target, captures,
#: annotation, line, column)``; ``captures`` a tuple.
PlainPly = tuple[Optional[int], Side, Optional[str], str, tuple[str, ...], Optional[str], int, int]


def ply_of(plain: PlainPly) -> Ply:
    """The :class:`~muehle.notation.record.model.Ply` of a plain ply.

    >>> ply_of((18, "white", "d2", "b2", ("a4",), "!", 3, 4)).label()
    '18. d2-b2/xa4'
    """
    number, side, origin, target, captures, annotation, line, column = plain
    return Ply(number, side, target, origin, list(captures), annotation, [], False, [], [], line, column)


class CompactGame(Game):
    """A :class:`~muehle.notation.record.model.Game` whose main line may hold plain plies as tuples
    (:meth:`plain_plies`) until its ``plies`` are asked for; then they are made
    :class:`~muehle.notation.record.model.Ply` objects, once."""

    __slots__ = ("_plies", "_compact")

    def __init__(self, source: str = "", line: int = 0) -> None:
        self._compact = False
        super().__init__(source=source, line=line)

    @property
    def plies(self) -> list[Ply]:
        """The main line, every ply a :class:`~muehle.notation.record.model.Ply` (made now if it is not yet)."""
        plies = self._plies
        if self._compact:
            self._compact = False
            plies[:] = [ply if type(ply) is Ply else ply_of(ply) for ply in plies]  # type: ignore[arg-type]
        return plies

    @plies.setter
    def plies(self, plies: list[Ply]) -> None:
        self._plies = plies
        self._compact = False

    def plain_plies(self) -> Optional[list[Union[Ply, PlainPly]]]:
        """The main line as held, its plain plies tuples (:data:`PlainPly`); ``None`` once ``plies``
        were asked for (then they are objects all)."""
        return self._plies if self._compact else None  # type: ignore[return-value]

    def ply_count(self) -> int:
        return len(self._plies)


class CompactGameBuilder(GameBuilder):
    """Makes a :class:`CompactGame` of the events (see the module): as a
    :class:`~muehle.notation.record.builders.GameBuilder`, but the last ply of the main line is a
    tuple (``plain``) until an event adds to it what a tuple does not hold."""

    def begin_game(self, source: str, line: int) -> None:
        super().begin_game(source, line)
        self.record._compact = True  # (the builder's main line is the game's: it holds tuples from now on)
        self.plain: Optional[PlainPly] = None  # the last ply of the main line, while it is a tuple

    def new_game(self, source: str, line: int) -> Game:
        self.record = CompactGame(source, line)
        return self.record

    def ply(self, number: Optional[int], side: Optional[Side], origin: Optional[str], target: str,
            captures: Sequence[str], annotation: Optional[str], line: int, column: int) -> None:
        if self.stack:  # (in a variation: Ply objects, as the game builder makes them)
            super().ply(number, side, origin, target, captures, annotation, line, column)
            return
        context = self.context
        numbering = self.numbering(number, side, target, origin, captures)
        plain = (numbering[0], numbering[1], origin, target,
                 captures if type(captures) is tuple else tuple(captures), annotation, line, column)
        self.plies.append(plain)  # type: ignore[arg-type]
        self.plain = plain
        self.last = None
        self.before = context
        self.context = numbering

    def _made_ply(self) -> None:
        """Make the last ply of the main line a :class:`~muehle.notation.record.model.Ply`, to add to it."""
        plain = self.plain
        if plain is not None:
            self.plain = None
            self.last = self.plies[-1] = ply_of(plain)

    def annotation(self, symbol: str) -> None:
        plain = self.plain
        if plain is None:
            super().annotation(symbol)
            return
        if plain[5] is not None:  # (given before its capture: "f2!? xb4?")
            raise RecordError(second_annotation(plain[5], symbol))
        self.plain = self.plies[-1] = (*plain[:5], symbol, *plain[6:])  # type: ignore

    def nag(self, value: int) -> None:
        self._made_ply()
        super().nag(value)

    def draw_offer(self) -> None:
        self._made_ply()
        super().draw_offer()

    def comment(self, text: str) -> None:
        if not self.finished:
            self._made_ply()
        super().comment(text)

    def begin_variation(self) -> None:
        self._made_ply()
        super().begin_variation()

    def end_game(self) -> Game:
        self.plain = None
        return super().end_game()
