"""The cheap record of a game: its head and its moves, for judging it.

``muehle validate`` replays most games and reports nothing on them but a verdict;
for that it needs the tags, the result and the moves of the main line and its
variations with their numbering (a :class:`~muehle.notation.model.MoveLine`), not
:class:`~muehle.notation.model.Ply` objects with comments and places. A
:class:`MoveRecord` is that: what the quick reader of moves
(:meth:`~muehle.notation.fastread.FastReader.read_moves`) makes of a well-formed
game. When a verdict needs more (the place of an illegal ply), :meth:`MoveRecord.whole`
reads the whole :class:`~muehle.notation.model.Game` from the text, once; the
attributes a game has beyond the head (``plies``, ``comments``, ...) are those of
that game.

>>> from muehle.notation.model import Ply
>>> record = MoveRecord({"Event": "x"}, "*", MoveLine([("b4", None, ())], (1, "white"), None, {}),
...                     lambda: Game(plies=[Ply(1, "white", "b4", line=2, column=4)]))
>>> record.main_line().numbered(), record.plies[0].column
([(1, 'white', 'b4', None, ())], 4)
"""

from __future__ import annotations

from typing import Callable, Optional, Sequence

from muehle.notation.model import Game, MoveLine, Numbering, Ply, RecordHead, renumbered_line

__all__ = ["MoveRecord"]


class MoveRecord(RecordHead):
    """A game's head and its moves (see the module); ``read_whole`` reads the whole game."""

    __slots__ = ("moves", "_read_whole", "_whole", "_changes")

    def __init__(self, tags: dict[str, str], result: Optional[str], moves: MoveLine,
                 read_whole: Callable[[], Game], source: str = "", line: int = 0,
                 head_lines: Optional[Sequence[str]] = None) -> None:
        super().__init__(tags, result, source, line)
        self.head_lines = head_lines
        self.moves = moves
        self._read_whole = read_whole
        self._whole: Optional[Game] = None
        self._changes: list[Callable[[Numbering], Numbering]] = []  # renumberings for the whole game

    def whole(self) -> Game:
        """The whole game, read from the text the first time it is asked for."""
        if self._whole is None:
            game = self._read_whole()
            for change in self._changes:
                game.renumber(change)
            self._whole = game
        return self._whole

    @property
    def plies(self) -> list[Ply]:
        return self.whole().plies

    @property
    def comments(self) -> list[str]:
        return self.whole().comments

    @property
    def final_comments(self) -> list[str]:
        return self.whole().final_comments

    @property
    def result_place(self) -> Optional[tuple[int, int]]:
        return self.whole().result_place

    def main_line(self) -> MoveLine:
        """The main line and its variations as moves."""
        return self.moves

    def first_numbering(self) -> Optional[Numbering]:
        """The number and side of the main line's first ply (``None`` for a game without plies)."""
        return self.moves.first

    def has_variations(self) -> bool:
        """Whether a ply of the main line has variations."""
        return bool(self.moves.variations)

    def renumber(self, change: Callable[[Numbering], Numbering]) -> None:
        """Number each ply as ``change`` makes its numbering: the moves now, the whole game when it is read."""
        self.moves = renumbered_line(self.moves, change)
        if self._whole is not None:
            self._whole.renumber(change)
        else:
            self._changes.append(change)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, MoveRecord):
            other = other.whole()
        if not isinstance(other, Game):
            return NotImplemented
        return self.whole() == other

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple:
        """Pickled and copied as the whole game."""
        return (_same, (self.whole(),))

    def __repr__(self) -> str:
        return f"MoveRecord(tags={self.tags!r}, result={self.result!r}, moves={self.moves!r}, line={self.line!r})"


def _same(game: Game) -> Game:
    return game
