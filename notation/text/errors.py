"""Errors a user can cause, each with the place in the input it belongs to.

Every error muehle reports about user input is a :class:`MuehleError`; the command
line prints it as ``source:line:column: error: message`` (followed by the line and
a caret when the text of the line is known) and exits with status 1.

>>> err = NotationError("b1 is not a point of the board", source="game.txt",
...                     line=3, column=7, line_text="1. d2 b1")
>>> print(err.format())
game.txt:3:7: error: b1 is not a point of the board
    1. d2 b1
          ^
"""

from __future__ import annotations

import re
import reprlib
from typing import Any, Optional

from muehle.notation.text.i18n import N_, _, ngettext

#: The severities a message is given with (a word of the current language).
SEVERITIES = (N_("error"), N_("warning"))

#: How much of a line an error shows at most (a minified JSON record is one long line).
EXCERPT_WIDTH = 100


#: The characters a terminal acts on rather than shows: C0 controls but tab and line feed,
#: DEL and C1 controls (ESC starts the sequences that erase lines, set a window's title, write
#: the clipboard).
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def visible(text: str) -> str:
    r"""``text`` as a terminal may be given it: each control character (but tab and line feed)
    written as an escape, ``\x1b`` for ESC. Text output passes through it; the data formats
    (JSON, YAML, PGN, notation) escape in their own way.

    >>> visible("a\x1b]0;title\x07b\r\tc\n\x9b")
    'a\\x1b]0;title\\x07b\\x0d\tc\n\\x9b'
    """
    return _CONTROLS.sub(_escape, text)


#: :data:`_CONTROLS` and the line feed: what a text that must stay on one line cannot hold.
_LINE_CONTROLS = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f]")


def one_line(text: str) -> str:
    r"""``text`` as :func:`visible` writes it, and on one line: a line feed too is an escape
    (``\x0a``). A message is one line, whatever the value it quotes holds (a file name or an
    option's value with a line break in it cannot forge a second message).

    >>> one_line("cannot read a\nb.txt\x1b[2J")
    'cannot read a\\x0ab.txt\\x1b[2J'
    """
    return _LINE_CONTROLS.sub(_escape, text)


def _escape(found: "re.Match[str]") -> str:
    return f"\\x{ord(found.group()):02x}"


def shortened(text: str, width: int = EXCERPT_WIDTH) -> str:
    """``text`` as a message quotes it: one longer than ``width`` characters is cut, and says how
    long it was.

    >>> shortened("wmd")
    'wmd'
    >>> shortened("x" * 5_000_000)[-30:]
    'xxxxxx... (5000000 characters)'
    """
    if len(text) <= width:
        return text
    return _("{text}... ({count} characters)").format(text=text[:width], count=len(text))


#: How a message shows a value that is not a text: a few levels and items of a collection.
_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxstring, _REPR.maxother = 3, EXCERPT_WIDTH, EXCERPT_WIDTH


def quoted(value: Any) -> str:
    """``repr(value)`` as a message quotes it: a text cut as :func:`shortened` cuts it, a
    collection shown a few levels and items deep (however deep it nests).

    >>> quoted("wmd"), quoted([[[[[1]]]]])
    ("'wmd'", '[[[[...]]]]')
    >>> quoted("x" * 500)[-24:]
    "xxx'... (500 characters)"
    """
    if isinstance(value, str):
        if len(value) <= EXCERPT_WIDTH:
            return repr(value)
        return _("{text}... ({count} characters)").format(text=repr(value[:EXCERPT_WIDTH]), count=len(value))
    if isinstance(value, (list, tuple, dict, set, frozenset)):
        return _REPR.repr(value)
    return shortened(repr(value))


def excerpt(line: str, column: int) -> tuple[str, int]:
    """What an error shows of ``line``, and where in that the caret for ``column`` stands.

    A line longer than :data:`EXCERPT_WIDTH` is cut around the column; ``...`` marks a cut.

    >>> excerpt("1. d2 b1", 7)
    ('1. d2 b1', 7)
    >>> shown, caret = excerpt("x" * 500 + "!" + "y" * 500, 501)
    >>> len(shown), shown[caret - 1], shown[:6], shown[-6:]
    (106, '!', '...xxx', 'yyy...')
    """
    if len(line) <= EXCERPT_WIDTH:
        return line, column
    start = max(0, min(column - 1 - EXCERPT_WIDTH // 2, len(line) - EXCERPT_WIDTH))
    if start <= 3:  # (a cut would hide no more than its "..." takes)
        start = 0
    end = start + EXCERPT_WIDTH
    if len(line) - end <= 3:
        end = len(line)
    shown = ("..." if start else "") + line[start:end] + ("..." if end < len(line) else "")
    return shown, column - start + (3 if start else 0)


def game_in(source: str, game: int) -> str:
    """How messages name a game that has no line in its source (one read from JSON or YAML).

    >>> game_in("games.json", 2)
    'games.json, game 2'
    """
    return _("{source}, game {game}").format(source=source, game=game)


def no_game(purpose: str = "") -> str:
    """What every command says of an input that holds no game, ``purpose`` added when given.

    >>> no_game(), no_game("an HTML viewer needs one")
    ('there is no game in the input', 'there is no game in the input: an HTML viewer needs one')
    """
    text = _("there is no game in the input")
    return f"{text}: {purpose}" if purpose else text


def cannot_read(name: str, reason: "OSError | str") -> str:
    """What every command says of an input it cannot read (``reason``: the error the system
    raised, in its words, or a sentence); a long name is quoted in part (:func:`shortened`).

    >>> cannot_read("games.txt", FileNotFoundError(2, "No such file or directory"))
    'cannot read games.txt: No such file or directory'
    """
    if isinstance(reason, OSError):
        reason = reason.strerror or str(reason)
    return _("cannot read {name}: {reason}").format(name=shortened(name), reason=reason)


def no_ply(ply: int, count: int) -> str:
    """What every command says when asked for ply ``ply`` of a game of ``count`` plies.

    >>> no_ply(44, 43), no_ply(2, 1)
    ('there is no ply 44: the game has 43 plies', 'there is no ply 2: the game has 1 ply')
    """
    return ngettext("there is no ply {ply}: the game has {count} ply", "there is no ply {ply}: the game has {count} plies",
                    count).format(ply=shortened(str(ply)), count=count)


class MuehleError(Exception):
    """Base class of all errors caused by input: bad records, files, rulesets, options.

    ``code`` is a short stable identifier (``syntax``, ``ruleset``, ``io``, ...).
    """

    code = "error"

    def __init__(self, message: str, *, source: str = "", line: int = 0, column: int = 0,
                 line_text: Optional[str] = None, code: Optional[str] = None) -> None:
        super().__init__(message)
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        self.line_text = line_text
        if code is not None:
            self.code = code

    def location(self) -> str:
        """``source:line:column``, leaving out the parts that are unknown."""
        parts = [self.source or "<input>"]
        if self.line:
            parts.append(str(self.line))
            if self.column:
                parts.append(str(self.column))
        return ":".join(parts)

    def format(self, severity: str = "error") -> str:
        """The message as a compiler would print it, with the line and a caret (a long line
        cut to :data:`EXCERPT_WIDTH` characters around the column); ``severity`` names what
        it is (``warning``: the command went on)."""
        text = one_line(f"{self.location()}: {_(severity)}: {self.message}")
        if self.line_text is not None and self.column:
            shown, caret = excerpt(self.line_text.rstrip("\r\n").expandtabs(1), self.column)
            before = visible(shown[:caret - 1])  # (an escape takes 4 columns: the caret follows)
            text += f"\n    {before}{visible(shown[caret - 1:])}\n    {' ' * len(before)}^"
        return text

    def __str__(self) -> str:
        return self.format()


class NotationError(MuehleError):
    """The text of a record does not follow the notation."""

    code = "syntax"


class NotationWarning(NotationError):
    """A slip of a scorekeeper that the reader read as it is plainly meant (``d2–b2`` as
    ``d2-b2``), located as an error is; it is kept on the record (``game.warnings``),
    never in its errors, and changes no verdict.

    >>> print(NotationWarning("'×' read as the capture mark 'x': write d2-b2/xa4", source="g.txt",
    ...                       line=1, column=9, line_text="1. d2-b2×a4"))
    g.txt:1:9: warning: '×' read as the capture mark 'x': write d2-b2/xa4
        1. d2-b2×a4
                ^
    """

    code = "slip"

    def __str__(self) -> str:
        return self.format("warning")


class FormatError(MuehleError):
    """A JSON or YAML record, or a ruleset file, does not have the documented layout."""

    code = "format"
