"""A fast reader for well-formed game records, equivalent to the LALR parser on them.

Most records are simple: tag pairs, then plies with their move numbers, now and
then an annotation, a NAG, a comment or a variation, and a result. For one game
(a :class:`~muehle.notation.reading.splitter.Chunk`), :meth:`FastReader.read` scans the
text with one regular expression built from the grammar's own terminals (the
same expression, in the same order, as :class:`~muehle.notation.reading.lexer.FastLexer`),
checks the order of the tokens with a small state machine that accepts a subset
of the grammar, and tells a :class:`~muehle.notation.record.builders.Visitor` the same
events the parser tells (:meth:`FastReader.tell`), with the same line and column
for every ply; so a builder makes the same record of either.

Whatever it does not accept, it leaves alone: for a record with a syntax error
(or anything it is unsure of) it returns ``None``, and the parser reads the
record and reports the error with its place. So the grammar stays the one
definition of the notation, and the messages are always the parser's.

>>> from muehle.notation.reading.grammar_terminals import TERMINALS
>>> from muehle.notation.reading.splitter import Chunk
>>> reader = FastReader(TERMINALS)
>>> game = reader.read(Chunk(first_line=3, lines=['[Event "x"]', '1. b4 d6!', '2. f4 $1 *']), "t")
>>> game.tags, game.result, [(p.label(), p.line, p.column) for p in game.plies]
({'Event': 'x'}, '*', [('1. b4', 4, 4), ('1... d6', 4, 7), ('2. f4', 5, 4)])
>>> reader.read(Chunk(first_line=1, lines=["1. b4 b1"]), "t") is None  # the parser reports it
True
"""

from __future__ import annotations

import os
import re
from typing import Any, Callable, Iterable, Optional, Sequence

from muehle.notation.reading.memo import Memo
from muehle.notation.reading.plywords import (
    _DECODED,
    SecondAnnotation,
    TooManyDigits,
    _decode,
    read_move_number,
    read_nag,
)
from muehle.notation.reading.slips import has_slip, may_hold_slip
from muehle.notation.reading.splitter import Chunk
from muehle.notation.reading.tags import tag_pair, tag_value_column
from muehle.notation.reading.terminals import Terminal, token_pattern
from muehle.notation.record.builders import GameBuilder, RecordError, Visitor
from muehle.notation.record.model import WHITE, Game, Numbering, PlyMove, normal_result
from muehle.notation.record.moverecord import MoveRecord, MovesBuilder

__all__ = ["FastReader", "ENABLED"]

#: False makes the parser skip the fast reader (for tests and measurements);
#: the environment variable ``MUEHLE_NO_FASTREAD=1`` sets it at import.
ENABLED: bool = os.environ.get("MUEHLE_NO_FASTREAD", "") in ("", "0")

# Where the reader stands in the current line of play (the main line or a variation).
_START = 0  # no ply yet: after the tags, or after '('
_NUMBER = 1  # after a move number written on its own
_PLY = 2  # after a ply
_ANNOTATION = 3  # after its annotation
_NAG = 4  # after one of its NAGs
_OFFER = 5  # after its draw offer
_CLOSED = 6  # after one of its variations
_DONE = 7  # after the result: only comments may follow
_COMMA = 8  # after the comma of the book's one-line form ("6. g1, g7"): Black's reply follows

# What a word of movetext is, for tell_words: (kind, ...) tuples, remembered per word.
_WORD_PLY = 0  # (kind, (target, origin, captures), state after it, glued number and side or None,
#                where its coordinates start in it, its quality symbol before a capture, the annotation glued to it)
_WORD_NUMBER = 1  # (kind, (number, side))
_WORD_ANNOTATION = 2
_WORD_NAG = 3  # (kind, value)
_WORD_OFFER = 4
_WORD_RESULT = 5  # (kind, result as in the record model)
_WORD_OPEN = 6  # the start of a variation
_WORD_CLOSE = 7  # its end
_WORD_OTHER = 8  # anything else: tell_words leaves the game to tell()

#: How many words :meth:`FastReader.tell_words` remembers the kind of, and how many tag lines.
_WORDS_LIMIT = 50_000
_TAG_LINES_LIMIT = 10_000

#: The states after which a ply's NAGs, draw offer and variations may follow.
_AFTER_PLY = (_PLY, _ANNOTATION, _NAG)


def _variation_step(opening: bool, state: int, finished: bool, has_ply: bool, opened: list[bool],
                    visitor: Visitor) -> Optional[tuple[bool, int]]:
    """A ``(`` (``opening``) or ``)`` in movetext, told to ``visitor``: whether the line now
    has a ply and the state after it, or ``None`` where it cannot stand (the parser says
    why). ``opened`` holds, per variation open, whether the line it left had a ply."""
    if state < _PLY or not (has_ply and not finished if opening else opened):
        return None
    if opening:
        visitor.begin_variation()
        opened.append(has_ply)
        return False, _START
    visitor.end_variation()
    return opened.pop(), _CLOSED


def _literal(regexp: str) -> str:
    """The text a regular expression of a terminal that matches only one text matches.

    >>> _literal(r"\\(=\\)")
    '(=)'
    """
    text = re.sub(r"\\(.)", r"\1", regexp)
    if any(char in re.sub(r"\\.", "", regexp) for char in ".^$*+?{}[]|()") or not re.fullmatch(regexp, text):
        raise ValueError(f"not the expression of one text: {regexp}")
    return text


class FastReader:
    """Reads the games that need no error report; built from the grammar's terminals."""

    def __init__(self, terminals: Iterable[Terminal], flags: int = 0) -> None:
        terminals = list(terminals)
        # Any character no terminal matches ends the fast reading.
        self.pattern = re.compile(token_pattern(terminals, r"(?P<_OTHER>[\s\S])"), flags)
        regexp = {terminal.name: terminal.regexp for terminal in terminals}
        # For tell_words: the kind of a word (text between white space) and the comments
        whole = {name: re.compile(f"(?:{regexp[name]})", flags).fullmatch
                 for name in ("NUMBER", "ANNOTATION", "NAG", "OFFER", "RESULT", "LPAR", "RPAR")}
        self._ply_word = re.compile(f"({regexp['PLY']})({regexp['ANNOTATION']})?", flags).fullmatch
        self._whole = whole
        self._comment = re.compile(regexp["COMMENT"], flags)
        # the parentheses of a variation and the draw offer, as written
        self._opening, self._closing, self._offer = (_literal(regexp[name]) for name in ("LPAR", "RPAR", "OFFER"))
        # for reading by words with places: the comments, parentheses and draw offers of a line
        # (as the tokens take them: the leftmost first), and white space that is no space or line break
        self._special = re.compile(r"[{;()]", flags).search
        self._parts = re.compile(rf"({regexp['COMMENT']}|{regexp['OFFER']}|{regexp['LPAR']}|{regexp['RPAR']})",
                                 flags).split
        self._odd_space = re.compile(r"[^\S \n]", flags).search
        # a line of the tag section: one tag pair, with white space around it
        self._tag_line = re.compile(rf"\s*({regexp['TAG']})\s*", flags).fullmatch
        # what it remembers of words and tag lines (tag pair by line), bounded by their text too
        self._words: dict[str, tuple[Any, ...]] = Memo()
        self._tag_lines: dict[str, tuple[str, str, int]] = Memo()

    def read_moves(self, chunk: Chunk, source: str, loader: Callable[[], Game]) -> Optional[MoveRecord]:
        """The cheap record of the game of ``chunk`` (its head, its main line and variations as moves;
        ``loader`` reads the whole game: see :class:`~muehle.notation.record.moverecord.MoveRecord`), or
        ``None`` when :meth:`read` must read it (or the parser): :meth:`tell_words` told to a
        :class:`~muehle.notation.record.moverecord.MovesBuilder`.
        """
        builder = MovesBuilder(loader)
        return builder.end_game() if self.tell_words(chunk, source, builder) else None

    def tell_words(self, chunk: Chunk, source: str, visitor: Visitor) -> bool:
        """Tell ``visitor`` what a verdict needs of the game of ``chunk``, up to
        :meth:`~muehle.notation.record.builders.Visitor.end_game` (not included): the game's beginning,
        its tag pairs, its plies as runs of :meth:`~muehle.notation.record.builders.Visitor.moves`
        (one run per stretch of a line of play), the beginning and end of variations, the result
        (at line and column 0); no comments, annotations, NAGs or draw offers (checked in their
        order only), no places of plies. ``False`` when :meth:`tell` must tell it (or the parser).

        Games whose tag pairs stand one to a line are read so: the text after the
        tags, without its comments, is split at white space, and each word is a ply
        (with an annotation glued to it, if any), a move number before a ply on the
        same line, an annotation, a NAG, a draw offer, the start or the end of a
        variation, or the result, in the grammar's order. The kind of each word is
        found with the grammar's terminals once and remembered.
        """
        if chunk.start or chunk.end is not None:
            lines = chunk.text.split("\n")  # (the game starts or ends within a line)
        else:
            lines = chunk.lines
        visitor.begin_game(source, chunk.first_line)
        try:
            at = self._tell_tags(lines, chunk, visitor)
            return at is not None and self._tell_body(lines[at:], visitor)
        except RecordError:
            return False

    def _tell_tags(self, lines: list[str], chunk: Chunk, visitor: Visitor) -> Optional[int]:
        """Tell ``visitor`` the tag pairs of the game's first ``lines`` (of ``chunk``), one to a line;
        the index of the line after them, or ``None`` when they do not stand so."""
        tag = visitor.tag
        at = 0
        first_line, source_lines = chunk.first_line, chunk.lines
        known_tags = self._tag_lines
        for at, line in enumerate(lines):  # the tag section
            pair = known_tags.get(line)
            if pair is None:
                if not line or line.isspace():
                    continue
                pair = self._tag_line_pair(line)
                if pair is None:
                    if line.lstrip()[0] == "[":
                        return None
                    return at
            # (the line as in the source, as the other readers tell it; a streamed chunk may keep fewer)
            tag(pair[0], pair[1], first_line + at, pair[2], source_lines[at] if at < len(source_lines) else line)
        return len(lines)

    def _tell_body(self, lines: list[str], visitor: Visitor) -> bool:
        """:meth:`tell_words` after the tag section."""
        body = "\n".join(lines)
        if "{" in body or ";" in body:
            if body.find("{", body.rfind("}") + 1) != -1:
                return False  # a "{" that no "}" closes: the parser says where (the pattern would scan on from each)
            body = self._comment.sub(" ", body)  # comments are read with the rest, by the loader
        if self._opening in body:
            # a parenthesis of a variation is a word of its own ("(19..." is two), a draw offer one
            if "\0" in body:
                return False  # (the draw offers stand aside as "\0" meanwhile)
            offer, opening, closing = self._offer, self._opening, self._closing
            body = body.replace(offer, "\0").replace(opening, f" {opening} ").replace(closing, f" {closing} ")
            body = body.replace("\0", f" {offer} ")
        # the run of plies of the current line being read, and the numbers written with them by their place
        run: list[PlyMove] = []
        append = run.append
        numbers: dict[int, Numbering] = {}
        tell_moves = visitor.moves
        depth = 0  # of the open variations
        pending: Optional[Numbering] = None  # a move number written before the next ply, on the same line
        state = _START
        known_words = self._words
        body_lines = iter(body.split("\n"))
        for line in body_lines:
            words = iter(line.split())
            for word in words:
                try:
                    kind = known_words[word]
                except KeyError:
                    kind = self._word(word)
                what = kind[0]
                if what == _WORD_PLY:
                    written = kind[3]  # a number glued to the ply
                    if pending is not None:
                        if written is not None:
                            return False
                        written, pending = pending, None
                    if written is not None:
                        numbers[len(run)] = written
                    append(kind[1])
                    state = kind[2]
                elif pending is not None:
                    return False  # after a move number only its ply
                elif what == _WORD_NUMBER:
                    pending = kind[1]
                    state = _NUMBER
                elif what == _WORD_ANNOTATION:
                    if state != _PLY:
                        return False
                    state = _ANNOTATION
                elif what == _WORD_NAG:
                    if state not in _AFTER_PLY:
                        return False
                    state = _NAG
                elif what == _WORD_OFFER:
                    if state not in _AFTER_PLY:
                        return False
                    state = _OFFER
                elif what == _WORD_OPEN or what == _WORD_CLOSE:
                    if state < _PLY or what == _WORD_CLOSE and not depth:
                        return False
                    if run:
                        tell_moves(run, numbers)
                        run, numbers = [], {}
                        append = run.append
                    if what == _WORD_OPEN:
                        visitor.begin_variation()
                        depth += 1
                        state = _START
                    else:
                        visitor.end_variation()
                        depth -= 1
                        state = _CLOSED
                elif what == _WORD_RESULT:
                    if depth:
                        return False
                    for _ in words:
                        return False  # after the result nothing
                    for line in body_lines:
                        if line and not line.isspace():
                            return False
                    if run:
                        tell_moves(run, numbers)
                    visitor.result(kind[1], 0, 0)
                    return True
                else:
                    return False
            if pending is not None:
                return False  # a move number on its own at the end of a line: read() reads it
        if depth:
            return False
        if run:
            tell_moves(run, numbers)
        return True

    def _tell_placed_words(self, chunk: Chunk, text: str, source: str, visitor: Visitor) -> bool:
        """:meth:`tell` for a game whose tag pairs stand one to a line and whose comments end on the
        line they start on, without slips and with no white space but spaces and line breaks: each
        line of movetext is split at its comments and parentheses, the rest at spaces, and each word is
        a ply (with a move number or an annotation glued to it, if any), a move number before a ply,
        an annotation, a NAG or the result, as :meth:`tell_words` knows words; the place of each is
        found in its line. The same events as the tokens tell, in the same order, with the same
        places. ``False`` when this reading does not know what it meets (``visitor`` then holds a
        part of the game)."""
        if self._odd_space(text) is not None or may_hold_slip((text,)):
            return False
        lines = text.split("\n")
        visitor.begin_game(source, chunk.first_line)
        at = self._tell_tags(lines, chunk, visitor)
        if at is None:
            return False
        ply, comment = visitor.ply, visitor.comment
        known_words = self._words
        special, parts_of = self._special, self._parts
        opened: list[bool] = []  # for each open variation: whether the line it branches from has a ply
        has_ply = False  # whether the current line of play has a ply
        state = _START
        finished = False
        line_number = chunk.first_line + at - 1
        for line in lines[at:]:
            line_number += 1
            if special(line) is None:
                parts: Sequence[str] = (line,)
            elif line.find("{", line.rfind("}") + 1) != -1:
                return False  # (a "{" that no "}" on its line closes: the comment pattern would scan on from each)
            else:
                parts = parts_of(line)
            part_start = 0
            special_part = True
            for part in parts:
                special_part = not special_part
                if special_part:  # (a comment, a draw offer, or the start or end of a variation)
                    part_start += len(part)
                    first = part[0]
                    if first == "{":
                        comment(part[1:-1].strip())
                    elif first == ";":
                        comment(part[1:].strip())
                    elif part == "(" or part == ")":
                        step = _variation_step(part == "(", state, finished, has_ply, opened, visitor)
                        if step is None:
                            return False
                        has_ply, state = step
                    else:  # the draw offer
                        if state not in _AFTER_PLY:
                            return False
                        visitor.draw_offer()
                        state = _OFFER
                    continue
                place = part_start
                part_start += len(part)
                pending: Optional[Numbering] = None  # a move number written before the next ply
                for word in part.split():
                    place = line.find(word, place)
                    try:
                        kind = known_words[word]
                    except KeyError:
                        kind = self._word(word)
                    what = kind[0]
                    if what == _WORD_PLY:
                        if finished:
                            return False
                        written = kind[3]
                        if pending is not None:
                            if written is not None:
                                return False
                            written, pending = pending, None
                        target, origin, captures = kind[1]
                        if written is None:
                            ply(None, None, origin, target, captures, kind[5], line_number, place + 1 + kind[4])
                        else:
                            ply(written[0], written[1], origin, target, captures, kind[5], line_number,
                                place + 1 + kind[4])
                        if kind[6] is not None:  # (an annotation glued to it: "a7??")
                            visitor.annotation(kind[6])
                        has_ply = True
                        state = kind[2]
                    elif pending is not None:
                        return False  # (after a move number only its ply, here)
                    elif what == _WORD_NUMBER:
                        if finished:
                            return False
                        pending = kind[1]
                    elif what == _WORD_ANNOTATION:
                        if state != _PLY:
                            return False
                        visitor.annotation(word)
                        state = _ANNOTATION
                    elif what == _WORD_NAG:
                        if state not in _AFTER_PLY:
                            return False
                        visitor.nag(kind[1])
                        state = _NAG
                    elif what == _WORD_RESULT:
                        if finished or opened:
                            return False
                        visitor.result(kind[1], line_number, place + 1)
                        finished = True
                        state = _DONE
                    else:
                        return False
                    place += len(word)
                if pending is not None:
                    return False  # (a move number before a comment, a parenthesis or a line break)
        return not opened

    def _tag_line_pair(self, line: str) -> Optional[tuple[str, str, int]]:
        """The tag pair of a line of a tag section and the column of its value, or ``None``
        (remembered when it is one)."""
        found = self._tag_line(line)
        if found is None:
            return None
        pair = (*tag_pair(found.group(1)), tag_value_column(found.group(1), found.start(1) + 1))
        if len(self._tag_lines) < _TAG_LINES_LIMIT:
            self._tag_lines[line] = pair
        return pair

    def _word(self, word: str) -> tuple[Any, ...]:
        """What a word of movetext is, as tell_words uses it (remembered for the next time).

        A NAG out of range and a move number too long are not read here."""
        try:
            kind = self._kind_of_word(word)
        except (TooManyDigits, SecondAnnotation):
            kind = (_WORD_OTHER,)
        if len(self._words) < _WORDS_LIMIT:
            self._words[word] = kind
        return kind

    def _kind_of_word(self, word: str) -> tuple[Any, ...]:
        """What a word of movetext is, not remembered."""
        whole = self._whole
        found = self._ply_word(word)
        if found is not None:
            ply, annotation = found.groups()
            number, side, offset, origin, target, captures, quality = _DECODED.get(ply) or _decode(ply)
            if quality is not None and annotation is not None:
                return (_WORD_OTHER,)  # two annotations ("f2!?xb4?"): the parser reports it
            kind: tuple[Any, ...] = (_WORD_PLY, (target, origin, captures),
                           _PLY if annotation is None and quality is None else _ANNOTATION,
                           None if number is None else (number, side), offset, quality, annotation)
        elif whole["NUMBER"](word):
            kind = (_WORD_NUMBER, read_move_number(word))
        elif whole["ANNOTATION"](word):
            kind = (_WORD_ANNOTATION,)
        elif whole["NAG"](word):
            nag = read_nag(word)
            kind = (_WORD_OTHER,) if nag is None else (_WORD_NAG, nag)
        elif whole["LPAR"](word):
            kind = (_WORD_OPEN,)
        elif whole["RPAR"](word):
            kind = (_WORD_CLOSE,)
        elif whole["OFFER"](word):
            kind = (_WORD_OFFER,)
        elif whole["RESULT"](word):
            kind = (_WORD_RESULT, normal_result(word))
        else:
            kind = (_WORD_OTHER,)  # anything else: not read here
        return kind

    def read(self, chunk: Chunk, source: str, builder: Optional[Callable[[], GameBuilder]] = None) -> Optional[Game]:
        """The game of ``chunk`` as the parser reads it, or ``None`` when the parser must read it
        (made by a builder that ``builder`` makes; default: a :class:`~muehle.notation.record.builders.GameBuilder`)."""
        made = GameBuilder() if builder is None else builder()
        return made.end_game() if self.tell(chunk, source, made) else None

    def tell(self, chunk: Chunk, source: str, visitor: Visitor) -> bool:
        """Tell ``visitor`` the events of the game of ``chunk`` as the parser tells them, up to
        :meth:`~muehle.notation.record.builders.Visitor.end_game` (not included); ``False`` when the
        parser must read it (``visitor`` then holds a part of the game: start it afresh).

        A common game is read by its words (:meth:`_tell_placed_words`); any other, or one whose
        reading by words meets what it does not know, token by token with the grammar's terminals
        (the game told from its beginning again).
        """
        text = chunk.text
        try:
            if self._tell_placed_words(chunk, text, source, visitor):
                return True
        except RecordError:
            return False  # (the tokens would meet it too: the parser reports it, with its place)
        length = len(text)
        line_offset = chunk.first_line - 1
        visitor.begin_game(source, chunk.first_line)
        ply, comment = visitor.ply, visitor.comment
        opened: list[bool] = []  # for each open variation: whether the line it branches from has a ply
        has_ply = False  # whether the current line has a ply
        number_side = None  # the side of a move number written on its own, until its ply
        number_dash = False  # ... and whether it is the book's "4. -"
        white_numbered = False  # whether the last ply was written with White's move number
        state = _START
        finished = False
        line, line_start = 1 + line_offset, 0
        decoded_of = _DECODED.get
        try:
            for found in self.pattern.finditer(text):
                kind = found.lastgroup
                if kind == "PLY":
                    if finished:
                        return False
                    value = found[kind]
                    end = found.end()
                    if end < length and text[end].isalnum():
                        return False  # glued to the next ply
                    decoded = decoded_of(value)
                    if decoded is None:
                        if has_slip(value):
                            return False  # (a slip: the parser reads it, with its warning)
                        try:
                            decoded = _decode(value)
                        except (TooManyDigits, SecondAnnotation):
                            return False
                    number, side, offset, origin, target, captures, annotation = decoded
                    if number is not None:
                        if state == _NUMBER or state == _COMMA:
                            return False
                        white_numbered = side == WHITE
                    else:
                        white_numbered = number_side == WHITE
                    number_side = None
                    ply(number, side, origin, target, captures, annotation, line,
                        end - len(value) - line_start + 1 + offset)
                    has_ply = True
                    state = _PLY if annotation is None else _ANNOTATION
                elif kind == "WS" or kind == "COMMENT":
                    value = found[kind]
                    newlines = value.count("\n")
                    if newlines:
                        line += newlines
                        line_start = found.end() - len(value) + value.rindex("\n") + 1
                    if kind == "WS":
                        continue
                    comment((value[1:-1] if value[0] == "{" else value[1:]).strip())
                elif state == _COMMA:
                    return False  # after the comma only Black's reply
                elif kind == "COMMA":
                    if state == _NUMBER:
                        if not number_dash:
                            return False
                    elif state not in _AFTER_PLY and state != _OFFER or not white_numbered:
                        return False
                    state = _COMMA
                elif kind == "ANNOTATION":
                    if state != _PLY:
                        return False
                    visitor.annotation(found[kind])
                    state = _ANNOTATION
                elif kind == "NAG":
                    nag = read_nag(found[kind])
                    if state not in _AFTER_PLY or nag is None:
                        return False
                    visitor.nag(nag)
                    state = _NAG
                elif kind == "OFFER":
                    if state not in _AFTER_PLY:
                        return False
                    visitor.draw_offer()
                    state = _OFFER
                elif kind == "LPAR" or kind == "RPAR":
                    step = _variation_step(kind == "LPAR", state, finished, has_ply, opened, visitor)
                    if step is None:
                        return False
                    has_ply, state = step
                elif kind == "RESULT":
                    if finished or opened or state == _NUMBER:
                        return False
                    visitor.result(normal_result(found[kind]), line, found.start(kind) - line_start + 1)
                    finished = True
                    state = _DONE
                elif kind == "TAG":
                    if state != _START or opened or finished:
                        return False
                    value = found[kind]
                    name, tag_value = tag_pair(value)
                    visitor.tag(name, tag_value, line, tag_value_column(value, found.start(kind) - line_start + 1),
                                chunk.lines[line - line_offset - 1])
                elif kind == "NUMBER":
                    if state == _NUMBER or finished or has_slip(found[kind]):
                        return False
                    try:
                        number, side = read_move_number(found[kind])
                    except TooManyDigits:
                        return False
                    visitor.move_number(number, side)
                    number_side, number_dash = side, found[kind].endswith("-")
                    state = _NUMBER
                else:  # a character no terminal matches
                    return False
        except RecordError:
            return False  # the parser reports it, with its place
        return not opened and state != _NUMBER and state != _COMMA
