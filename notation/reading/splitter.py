"""Cutting a text into game records, as PGN does, before any game is parsed.

Rules:

- a tag section (a line starting with ``[``) after movetext starts a new game;
- a result (``1-0``, ``0-1``, ``1/2-1/2``, ``½-½``, ``*``) ends a game: comments
  after it belong to that game until a blank line; anything else after it starts
  the next game, also on the same line;
- blank lines alone do not split, so a bare move list is one game;
- ``{...}`` comments may span lines and contain ``[`` or results; ``;`` comments
  run to the end of the line; ``"..."`` strings (tag values) are skipped.

A ``{`` comment that is never closed would swallow the rest of the file; so a
blank line followed by a line that starts like a tag pair (``[Name "``) inside a
comment ends the game there (its record then reports the unterminated comment),
and the next game starts at that tag line.

The splitter reads line by line and keeps only the lines of the current game.
Where a text can be cut into pieces that are split on their own (for judging them
in parallel), :func:`safe_cut` says by the same rules.

>>> chunks = list(split_lines(["1. b4 d6 1-0 1. d2 *", "", '[Event "x"]', "1. f4"]))
>>> [(c.first_line, c.text.strip().splitlines()) for c in chunks]
[(1, ['1. b4 d6 1-0']), (1, ['1. d2 *']), (3, ['[Event "x"]', '1. f4'])]
>>> chunks[1].start
13
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Iterator, Optional

from muehle.notation.reading.memo import Memo
from muehle.notation.reading.quoted import quoted_text
from muehle.notation.reading.tags import TAG as _TAG
from muehle.notation.reading.tags import TAG_LINE as _TAG_LINE
from muehle.notation.reading.tags import TAG_START as _TAG_START
from muehle.notation.record.model import RESULT_TEXTS  # (the results as the splitter finds them, ½-½ too)

# The next character that matters for splitting, after plain movetext: the start of a
# comment or a string, or a result (the word boundaries of a result: see _special_at).
_SPECIAL = re.compile(r'[{;"]|' + "|".join(re.escape(text) for text in RESULT_TEXTS))
# What may not stand right before or after a result for it to be one.
_GLUED = re.compile(r"[\w/.\-]")
_NON_SPACE = re.compile(r"\S")
_STRING = re.compile(quoted_text(r'[^"\\]', r"\\.", "escapes", closed='"?'))
# A line of movetext that starts with neither a tag nor a comment (nor is blank).
_PLAIN_MOVETEXT = re.compile(r"[ \t]*[^\s\[{;]")


@dataclass
class Chunk:
    """The lines of one game: ``lines`` as in the source, ``text`` as the parser sees it.

    ``text`` starts at line ``first_line`` of the source; where a game starts or
    ends in the middle of a line, the other game's part is blanked with spaces,
    so columns stay those of the source.
    """

    first_line: int
    lines: list[str] = field(default_factory=list)
    start: int = 0
    end: Optional[int] = None
    has_moves: bool = False

    @property
    def text(self) -> str:
        lines = list(self.lines)
        if self.end is not None:
            lines[-1] = lines[-1][: self.end]
        if self.start:
            lines[0] = " " * self.start + lines[0][self.start:]
        return "\n".join(lines)

    @property
    def source_text(self) -> str:
        """The game's own text as in the source: its lines joined by LF, without the parts of a
        game before or after it on its first or last line, and with the blank lines that follow
        it up to the next game (so the texts of all games, each with a line break after it, are the
        text again, its line breaks LF and a game that ends within a line ending that line).

        >>> [chunk.source_text for chunk in split_lines(["1. b4 d6 1-0 1. d2 *", "", '[Event "x"]', "1. f4"])]
        ['1. b4 d6 1-0 ', '1. d2 *\\n', '[Event "x"]\\n1. f4']
        """
        lines = self.lines
        if len(lines) == 1:
            return lines[0][self.start:self.end]
        last = lines[-1] if self.end is None else lines[-1][: self.end]
        return "\n".join([lines[0][self.start:], *lines[1:-1], last])


#: Lines seen to be a tag pair alone (a game's tag lines are often those of the game before).
_KNOWN_TAG_LINES = Memo()
_KNOWN_TAG_LINES_LIMIT = 10_000


def _is_tag_line(line: str) -> bool:
    """Whether ``line`` is a tag pair alone, with white space around it (remembered when it is)."""
    if _TAG_LINE.fullmatch(line) is None:
        return False
    if len(_KNOWN_TAG_LINES) < _KNOWN_TAG_LINES_LIMIT:
        _KNOWN_TAG_LINES.add(line)
    return True


#: A line break as the readers take it: LF, CRLF or a CR alone.
_LINE_BREAK = re.compile(r"\r\n?|\n")


def cuts_comment(text: str) -> bool:
    """Whether a comment written ``{ text }`` would be cut here: it holds a blank line followed
    by a line that starts like a tag pair (``[Name "``), which ends a comment that is never
    closed. Its first line stands after the ``{`` and its last before the ``}``, so they do not.

    >>> cuts_comment('x\\n\\n[Event "B"]\\ny'), cuts_comment('x\\n\\n[Event "B"]'), cuts_comment('x\\n[Event "B"]\\ny')
    (True, False, False)
    """
    if "\n" not in text and "\r" not in text:
        return False
    lines = _LINE_BREAK.split(text)
    return any(not lines[index - 1].strip() and _TAG_START.match(lines[index])
               for index in range(2, len(lines) - 1))


def _special_at(line: str, start: int) -> Optional[tuple[int, int]]:
    """Where the first comment, string or result at or after ``start`` of ``line`` starts and ends.

    A result counts only as a word of its own: ``1-0`` but not ``a1-0`` or ``1-0x``.

    >>> _special_at("10. d1-d2 1-0", 0), _special_at("a1-0 {c}", 0), _special_at("1-0", 1)
    ((10, 13), (5, 6), None)
    """
    search = _SPECIAL.search
    found = search(line, start)
    while found is not None:
        at, end = found.span()
        if line[at] in '{;"*' or not (
            at and _GLUED.match(line, at - 1) or end < len(line) and _GLUED.match(line, end)
        ):
            return at, end
        found = search(line, at + 1)
    return None


def _may_be_special(line: str) -> bool:
    """False when ``line`` surely holds nothing :data:`_SPECIAL` finds (quicker than searching it)."""
    return ("{" in line or ";" in line or '"' in line or "*" in line or "-0" in line or "0-" in line
            or "/2" in line or "\u00bd" in line)


class _Splitter:
    """The state of the cutting between two lines."""

    def __init__(self) -> None:
        self.chunk: Optional[Chunk] = None
        # A finished game kept back while the next chunk holds only comments: if the
        # text ends before anything else comes, those comments are its own.
        self.held: Optional[Chunk] = None
        self.in_comment = False
        self.blank_in_comment = False
        self.after_result = False
        self.blank_after_result = False

    def _cut(self, number: int, line: str, column: int) -> Optional[Chunk]:
        """Start the next game at ``column`` of ``line``; return the finished one."""
        done = self.chunk
        if done is not None:
            if column:
                done.end = column
            else:
                done.lines.pop()
        self.chunk = Chunk(first_line=number, lines=[line], start=column)
        self.after_result = False
        self.blank_after_result = False
        return done

    def _release(self) -> Iterator[Chunk]:
        if self.held is not None:
            yield self.held
            self.held = None

    def split(self, lines: Iterable[str], first_line: int, quick: bool = True) -> Iterator[Chunk]:
        """Take ``lines`` (without line breaks), the first of them line ``first_line``; yield the games
        they complete. The usual lines are taken quickly (``quick``), as the full scan would."""
        plain_movetext, known_tag_lines = _PLAIN_MOVETEXT.match, _KNOWN_TAG_LINES
        for number, line in enumerate(lines, first_line):
            chunk = self.chunk
            if quick and chunk is not None and not self.in_comment:
                if not line or line.isspace():
                    chunk.lines.append(line)
                    if self.after_result:
                        self.blank_after_result = True
                    continue
                if not self.after_result:
                    if chunk.has_moves:
                        if (line[0].isalnum() or plain_movetext(line)) and not _may_be_special(line):
                            chunk.lines.append(line)  # movetext that neither ends nor starts a game
                            continue
                    elif self.held is None and (line in known_tag_lines or _is_tag_line(line)):
                        chunk.lines.append(line)  # one more tag pair of the game's tag section
                        continue
            yield from self._scan(number, line)

    def _scan(self, number: int, line: str) -> Iterator[Chunk]:
        position = 0
        if self.chunk is not None:
            self.chunk.lines.append(line)
        if self.in_comment:
            close = line.find("}")
            if close >= 0:
                self.in_comment = False
                position = close + 1
            elif self.blank_in_comment and _TAG_START.match(line):
                self.in_comment = False  # never closed: the next game starts here
                done = self._cut(number, line, 0)
                yield from self._release()
                if done is not None:
                    yield done
            else:
                self.blank_in_comment = not line.strip()
                return
        while True:
            found = _NON_SPACE.search(line, position)
            if found is None:
                if position == 0 and self.after_result:
                    self.blank_after_result = True
                return
            at = found.start()
            char = line[at]
            chunk = self.chunk
            if chunk is None:
                chunk = self.chunk = Chunk(first_line=number, lines=[line])
            elif (self.after_result and (char not in "{;" or self.blank_after_result)) or (
                char == "[" and chunk.has_moves and not line[:at].strip()
            ):
                done = self._cut(number, line, at if line[:at].strip() else 0)
                yield from self._release()
                if char in "{;":
                    self.held = done
                elif done is not None:
                    yield done
                chunk = self.chunk
                assert chunk is not None
            if char == "{":
                close = line.find("}", at + 1)
                if close < 0:
                    self.in_comment = True
                    self.blank_in_comment = False
                    return
                position = close + 1
                continue
            if char == ";":
                return
            if self.held is not None:
                yield from self._release()
            if char == "[" and not chunk.has_moves:
                tag = _TAG.match(line, at)
                if tag is None:
                    return  # a broken tag: the parser reports it
                position = tag.end()
                continue
            chunk.has_moves = True
            if char == '"':
                string = _STRING.match(line, at)
                assert string is not None  # (the pattern matches an unterminated string too)
                position = string.end()
                continue
            special = _special_at(line, at)
            if special is None:
                return
            position, end = special
            if line[position] not in '{;"':
                self.after_result = True
                self.blank_after_result = False
                position = end

    def finish(self, ends_text: bool = True) -> Iterator[Chunk]:
        """Yield what is left at the end of the text (or, with ``ends_text`` false, where the
        next game surely starts: then trailing comments stay a chunk of their own)."""
        chunk, held = self.chunk, self.held
        self.chunk = self.held = None
        if ends_text and held is not None and chunk is not None:  # (behind a held game, only comments)
            # (comments that start on the held game's last line: the held game has that line already)
            held.lines.extend(chunk.lines[1:] if chunk.start else chunk.lines)
            held.end = chunk.end
            chunk = None
        if held is not None:
            yield held
        if chunk is not None:
            yield chunk


def split_lines(lines: Iterable[str], first_line: int = 1, ends_text: bool = True) -> Iterator[Chunk]:
    """Cut lines (without line breaks) into the chunks of text of single games.

    ``ends_text`` false: the lines are followed by the start of a game (a piece of a
    text cut there), so comments after the last game are not joined to it.
    """
    splitter = _Splitter()
    yield from splitter.split(lines, first_line)
    yield from splitter.finish(ends_text)


#: In UTF-8 bytes: a line that starts a tag pair (``[Name "``, as :data:`_TAG_START` finds one) ...
_TAG_LINE_BYTES = re.compile(("\n(?=" + _TAG_START.pattern + ")").encode())
#: ... and a line of movetext that ends with a result (and holds no comment or string that could hide it).
_RESULT_AT_END = re.compile(rb"(?:^|[ \t])(?:" + b"|".join(re.escape(text.encode()) for text in RESULT_TEXTS)
                            + rb")[ \t\r]*$")


def safe_cut(data: bytes, start: int) -> Optional[int]:
    """The first offset at or after ``start`` where a game surely starts, whatever came before.

    ``data`` is a piece of a UTF-8 text, cut anywhere. The splitter's rules start a
    new game at the start of a tag line (``[Name "``, without ``}``) after at least
    one blank line, itself after a line of plain movetext that ends with a result,
    whatever came before: both when that result ends a game and when it stands
    inside an open ``{`` comment (which the blank line and the tag line end). So the
    text can be cut there and each piece split on its own (``muehle validate --jobs``).

    >>> data = b'1. d2 d6 1-0\\n\\n[Event "b"]\\n1. f4 *\\n'
    >>> safe_cut(data, 0), safe_cut(data, 15), safe_cut(data[:20], 0)
    (14, None, None)
    """
    for found in _TAG_LINE_BYTES.finditer(data, max(start - 1, 0)):
        line_start = found.start() + 1
        line_end = data.find(b"\n", line_start)
        if line_end < 0:
            return None  # the tag line is not complete yet
        if b"}" in data[line_start:line_end]:
            continue
        end = found.start()  # the line break ending the line before
        blank_lines = 0
        while end > 0:
            before = data.rfind(b"\n", 0, end) + 1
            previous = data[before:end]
            if previous.strip(b" \t\r"):
                break
            blank_lines += 1
            end = before - 1
        else:
            continue
        if blank_lines and not any(char in previous for char in (b"{", b"}", b";", b'"', b"[")) \
                and _RESULT_AT_END.search(previous):
            return line_start
    return None
