"""The games a command reads from one input, and the one it was asked for.

Inputs are read through the front door, :func:`muehle.notation.read` (notation or
PGN, PlayOK's numbered points, JSON, YAML, the format known from the name or content or
forced; ``-`` is standard input). The lines of the text are kept so that an
error found later (an illegal ply, a claim that cannot be judged) can show the
line it points at.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator, Optional, Protocol, TypeVar

from muehle.notation.reading.decode import text_lines
from muehle.notation.reading.front_door import read_input
from muehle.notation.record.model import Game
from muehle.notation.text.errors import MuehleError, game_in, no_game, shortened
from muehle.notation.text.i18n import ngettext

Replayed = TypeVar("Replayed")


class Violation(Protocol):
    """A broken rule as a replay reports it (``RuleViolation``): what is needed to locate it."""

    @property
    def message(self) -> str: ...

    @property
    def code(self) -> str: ...

    @property
    def line(self) -> int: ...

    @property
    def column(self) -> int: ...


@dataclass
class GameInput:
    """The games of one input, its name for messages and its lines."""

    source: str
    games: list[Game]
    lines: list[str]

    def line_text(self, line: int) -> str | None:
        """The text of a 1-based line, or ``None`` when out of range."""
        return self.lines[line - 1] if 0 < line <= len(self.lines) else None

    def located(self, error: MuehleError, game: int | None = None) -> MuehleError:
        """``error`` with the text of its line filled in, when known; without a line (a game
        read from JSON or YAML), named by its ``game`` number when given."""
        if error.line_text is None and error.column:
            error.line_text = self.line_text(error.line)
        if not error.line and game is not None and error.source == self.source:
            error.source = game_in(self.source, game)
        return error

    def pick(self, number: int) -> Game:
        """Game ``number`` (1-based); a located error when there is none."""
        if not self.games:
            raise MuehleError(no_game(), source=self.source)
        if not 1 <= number <= len(self.games):
            count = len(self.games)
            raise MuehleError(ngettext("there is no game {number}: the input has {count} game",
                                       "there is no game {number}: the input has {count} games", count).format(
                                           number=shortened(str(number)), count=count),
                              source=self.source)
        return self.games[number - 1]

    def replayed(self, numbers: list[int], replay: Callable[[Game], Replayed],
                 errors: list[MuehleError]) -> Iterator[tuple[int, Replayed]]:
        """The games ``numbers`` (picked as :meth:`pick` does) and what ``replay`` makes of each;
        a game's syntax errors, or the error its replay raised, go located into ``errors``
        instead (and the next game follows)."""
        for number in numbers:
            game = self.pick(number)
            if game.errors:
                errors.extend(self.located(error, number) for error in game.errors)
                continue
            try:
                done = replay(game)
            except MuehleError as error:
                errors.append(self.located(error, number))
                continue
            yield number, done

    def illegal(self, violation: Violation, number: int, message: Optional[str] = None) -> MuehleError:
        """The located error for the illegal ply ``violation`` of game ``number`` (its ``message``
        followed by the code, unless a ``message`` is given)."""
        return self.located(MuehleError(
            f"{violation.message} [{violation.code}]" if message is None else message, source=self.source,
            line=violation.line, column=violation.column, code=violation.code), number)


def load_games(name: str, source_format: Optional[str] = None) -> GameInput:
    """Read every game of an input (file name or ``-``), in ``source_format`` when given."""
    source, text, games = read_input(name, source_format)
    return GameInput(source, games, text_lines(text))
