"""The fast reading of well-formed game records: one state machine over one stream of tokens.

Most records are simple: tag pairs, then plies with their move numbers, now and
then an annotation, a NAG, a comment or a variation, and a result. For one game
(a :class:`~muehle.notation.reading.splitter.Chunk`), :class:`FastReader` reads the tag
pairs that stand one to a line, then cuts the movetext into its comments, tag pairs,
draw offers and parentheses and, between them, words (text between white space). What
each word is made of, it finds once with the grammar's own terminals (the same regular
expression, in the same order, as lark's lexer) and remembers: the tokens of the word.
One state machine takes these tokens in the order of the text, joins what the grammar
reads across a blank (a move number and the ply after it on the same line, ``17. -
a7-a4``, Sanmill's capture written apart, ``d6-d5 xd3``), checks their order as the
grammar and the parser's callbacks do, and tells a
:class:`~muehle.notation.record.builders.Visitor` the events the parser tells, with the
same line and column for every ply (:meth:`FastReader.tell`); so a builder makes the same
record of either. For a verdict it tells less (:meth:`FastReader.tell_words`): the plies
as runs of moves, without places, annotations or comments.

Whatever it does not accept, it leaves alone: for a record with a syntax error (or
anything it is unsure of: a slip, a NAG out of range) it returns ``False`` or ``None``,
and the parser reads the record and reports the error with its place. So the grammar
stays the one definition of the notation, and the messages are always the parser's.

>>> from muehle.notation.reading.grammar_terminals import TERMINALS
>>> from muehle.notation.reading.splitter import Chunk
>>> reader = FastReader(TERMINALS)
>>> game = reader.read(Chunk(first_line=3, lines=['[Event "x"]', '1. b4 d6!', '2. f4 $1 17. - a7-a4 *']), "t")
>>> game.tags, game.result, [(p.label(), p.line, p.column) for p in game.plies]
({'Event': 'x'}, '*', [('1. b4', 4, 4), ('1... d6', 4, 7), ('2. f4', 5, 4), ('17... a7-a4', 5, 16)])
>>> reader.read(Chunk(first_line=1, lines=["1. b4 b1"]), "t") is None  # the parser reports it
True
"""

from __future__ import annotations

import os
import re
from itertools import chain
from operator import methodcaller
from typing import Any, Callable, Iterable, Iterator, Optional

from muehle.notation.reading.memo import Memo
from muehle.notation.reading.plywords import (
    _DECODED,
    SecondAnnotation,
    TooManyDigits,
    _decode,
    read_move_number,
    read_nag,
)
from muehle.notation.reading.slips import has_slip
from muehle.notation.reading.splitter import Chunk
from muehle.notation.reading.tags import tag_pair, tag_value_column
from muehle.notation.reading.terminals import Terminal, token_pattern
from muehle.notation.record.builders import GameBuilder, RecordError, Visitor
from muehle.notation.record.model import BLACK, WHITE, Game, Numbering, PlyMove, Side, normal_result
from muehle.notation.record.moverecord import MoveRecord, MovesBuilder

__all__ = ["FastReader", "ENABLED"]

#: False makes the parser skip the fast reader (for tests and measurements);
#: the environment variable ``MUEHLE_NO_FASTREAD=1`` sets it at import.
ENABLED: bool = os.environ.get("MUEHLE_NO_FASTREAD", "") in ("", "0")

# Where the reader stands in the current line of play (the main line or a variation); the
# states from _PLY to _NAG are those after which a NAG or a draw offer may follow.
_START = 0  # no ply yet: after the tags, or after '('
_NUMBER = 1  # after a move number that stands alone (its ply follows)
_COMMA = 2  # after the comma of the book's one-line form ("6. g1, g7"): Black's reply follows
_PLY = 3  # after a ply
_ANNOTATION = 4  # after its annotation
_NAG = 5  # after one of its NAGs
_OFFER = 6  # after its draw offer
_CLOSED = 7  # after one of its variations
_DONE = 8  # after the result: only comments may follow

# The tokens of a word of movetext, as the reader remembers them: (kind, ...) tuples.
_PLY_TOKEN = 0  # (kind, (target, origin, captures), its quality symbol before a capture, where its coordinates
#                start in it, the state after it, the word from its start on (to find its place), its length, the
#                annotation glued after it or None); a number glued to it ("17.a7-a4") is a number token before
#                it, which the ply continues
_NUMBER_TOKEN = 1  # (kind, (number, side), whether it is the book's "4. -")
_ANNOTATION_TOKEN = 2  # (kind, symbol)
_NAG_TOKEN = 3  # (kind, value)
_COMMA_TOKEN = 4
_RESULT_TOKEN = 5  # (kind, result as in the record model, the word from its start on)
_DASH_TOKEN = 6  # (kind, whether it is "-"): "-", "..." or "…" after "17." (the move number "17. -")
_OFFER_TOKEN = 7  # the draw offer "(=)"
_OPEN_TOKEN = 8  # "(": a variation starts
_CLOSE_TOKEN = 9  # ")": it ends
_OTHER_TOKEN = 10  # anything else: the parser reads the game
_TOKENS_TOKEN = 11  # (kind, the tokens): a word of several tokens, where one token is looked up for each word

_OTHER = ((_OTHER_TOKEN,),)
chain_from = chain.from_iterable
_UNNUMBERED = (None, None)
_DASHES = {"-": ((_DASH_TOKEN, True),), "...": ((_DASH_TOKEN, False),), "…": ((_DASH_TOKEN, False),),
           "-,": ((_DASH_TOKEN, True), (_COMMA_TOKEN,)), "(=)": ((_OFFER_TOKEN,),), "(": ((_OPEN_TOKEN,),),
           ")": ((_CLOSE_TOKEN,),)}

#: The white space characters but the blanks (space and tab) and the line break, as ``\\s`` and
#: :meth:`str.split` know them (``tests/notation/test_fastread.py`` checks it).
_ODD_SPACE = "\x0b\x0c\r\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"

_ODD_SPACE_SEARCH = re.compile(f"[{_ODD_SPACE}]").search

#: How many words :class:`FastReader` remembers the tokens of, and how many tag lines.
_WORDS_LIMIT = 50_000
_TAG_LINES_LIMIT = 10_000


def _has_odd_space(text: str) -> bool:
    """Whether ``text`` holds white space but blanks and line breaks (:data:`_ODD_SPACE`); quicker
    than a pattern for the usual text, which is ASCII.

    >>> _has_odd_space("1. b4 d6\\n2. f4"), _has_odd_space("1. b4\\r\\n"), _has_odd_space("1.\\xa0b4"), _has_odd_space("1. é")
    (False, True, True, False)
    """
    if text.isascii():
        return ("\r" in text or "\x0b" in text or "\x0c" in text or "\x1c" in text or "\x1d" in text
                or "\x1e" in text or "\x1f" in text)
    return _ODD_SPACE_SEARCH(text) is not None


def _tokens_in(token: tuple[Any, ...]) -> tuple[tuple[Any, ...], ...]:
    """The tokens a word's token stands for: those of a word of several (:data:`_TOKENS_TOKEN`), or itself."""
    return token[1] if token[0] == _TOKENS_TOKEN else (token,)


def _refused(word: str) -> tuple[Any, ...]:
    """The token of a word after the result: none is read (only comments may follow it)."""
    return _OTHER[0]


class _Words(Memo):
    """What is known of words by their text: a word not yet known is read by ``read`` and remembered
    (up to :data:`_WORDS_LIMIT` words)."""

    __slots__ = ("read",)

    def __init__(self, read: Callable[[str], Any]) -> None:
        super().__init__()
        self.read = read

    def __missing__(self, word: str) -> Any:
        found = self.read(word)
        if len(self) < _WORDS_LIMIT:
            self[word] = found
        return found


class FastReader:
    """Reads the games that need no error report; built from the grammar's terminals."""

    def __init__(self, terminals: Iterable[Terminal], flags: int = 0) -> None:
        terminals = list(terminals)
        # the tokens of a word: any character no terminal matches ends the fast reading
        self.pattern = re.compile(token_pattern(terminals, r"(?P<_OTHER>[\s\S])"), flags)
        regexp = {terminal.name: terminal.regexp for terminal in terminals}
        # what white space does not separate in movetext: comments and tag pairs (the leftmost first)
        self._split = re.compile(f"((?:{regexp['COMMENT']})|(?:{regexp['TAG']}))", flags).split
        self._comment_sub = re.compile(regexp["COMMENT"], flags).sub
        # Sanmill's capture written as a word of its own ("d6-d5 xd3"): a word with the one before it (a
        # ply of removals alone with its number, "13. xg7xd5", so too: the grammar's ply token)
        self._words_with_captures = re.compile(r"\S+(?:[ \t]+[xX]\S*)*", flags).findall
        # a line of the tag section: one tag pair, with white space around it
        self._tag_line = re.compile(rf"\s*({regexp['TAG']})\s*", flags).fullmatch
        # the lines of a text, and its parts between line breaks and white space that is no blank
        self._lines: Callable[[str], list[str]] = methodcaller("split", "\n")
        self._segments = re.compile(f"[\n{_ODD_SPACE}]", flags).split
        # what it remembers of words and tag lines (tag pair by line), bounded by their text too: the
        # tokens of each word, and its one token (a word of several: a token that holds them)
        self._words = _Words(self._tokens)
        self._token = _Words(self._one_token)
        self._tag_lines: dict[str, tuple[str, str, int]] = Memo()

    def read(self, chunk: Chunk, source: str, builder: Optional[Callable[[], GameBuilder]] = None) -> Optional[Game]:
        """The game of ``chunk`` as the parser reads it, or ``None`` when the parser must read it
        (made by a builder that ``builder`` makes; default: a :class:`~muehle.notation.record.builders.GameBuilder`)."""
        made = GameBuilder() if builder is None else builder()
        return made.end_game() if self.tell(chunk, source, made) else None

    def read_moves(self, chunk: Chunk, source: str, loader: Callable[[], Game]) -> Optional[MoveRecord]:
        """The cheap record of the game of ``chunk`` (its head, its main line and variations as moves;
        ``loader`` reads the whole game: see :class:`~muehle.notation.record.moverecord.MoveRecord`), or
        ``None`` when :meth:`read` must read it (or the parser): :meth:`tell_words` told to a
        :class:`~muehle.notation.record.moverecord.MovesBuilder`.
        """
        builder = MovesBuilder(loader)
        return builder.end_game() if self.tell_words(chunk, source, builder) else None

    def tell(self, chunk: Chunk, source: str, visitor: Visitor) -> bool:
        """Tell ``visitor`` the events of the game of ``chunk`` as the parser tells them, up to
        :meth:`~muehle.notation.record.builders.Visitor.end_game` (not included); ``False`` when the
        parser must read it (``visitor`` then holds a part of the game: start it afresh)."""
        return self._tell(chunk, source, visitor, False)

    def tell_words(self, chunk: Chunk, source: str, visitor: Visitor) -> bool:
        """Tell ``visitor`` what a verdict needs of the game of ``chunk``, up to
        :meth:`~muehle.notation.record.builders.Visitor.end_game` (not included): the game's beginning,
        its tag pairs, its plies as runs of :meth:`~muehle.notation.record.builders.Visitor.moves`
        (one run per stretch of a line of play), the beginning and end of variations, the result
        (at line and column 0); no comments, annotations, NAGs or draw offers (checked in their
        order only), no places of plies. ``False`` when the parser must read it.
        """
        return self._tell(chunk, source, visitor, True)

    def _tell(self, chunk: Chunk, source: str, visitor: Visitor, runs: bool) -> bool:
        """:meth:`tell` (``runs`` false) or :meth:`tell_words`."""
        lines = chunk.text.split("\n") if chunk.start or chunk.end is not None else chunk.lines
        visitor.begin_game(source, chunk.first_line)
        try:
            at = self._tell_tags(lines, chunk, visitor)
            return self._tell_movetext("\n".join(lines[at:]), chunk.first_line + at, chunk, visitor, runs)
        except RecordError:
            return False  # the parser reports it, with its place

    def _tell_tags(self, lines: list[str], chunk: Chunk, visitor: Visitor) -> int:
        """Tell ``visitor`` the tag pairs of the game's first ``lines`` (of ``chunk``) that stand one to a
        line; the index of the line after them."""
        tag = visitor.tag
        first_line, source_lines = chunk.first_line, chunk.lines
        known_tags = self._tag_lines
        for at, line in enumerate(lines):  # the tag section
            pair = known_tags.get(line)
            if pair is None:
                if not line or line.isspace():
                    continue
                found = self._tag_line(line)
                if found is None:
                    return at  # (the movetext, or tag pairs otherwise written: the movetext reads them)
                pair = (*tag_pair(found.group(1)), tag_value_column(found.group(1), found.start(1) + 1))
                if len(known_tags) < _TAG_LINES_LIMIT:
                    known_tags[line] = pair
            # (the line as in the source, as the parser tells it; a streamed chunk may keep fewer)
            tag(pair[0], pair[1], first_line + at, pair[2], source_lines[at] if at < len(source_lines) else line)
        return len(lines)

    def _tell_movetext(self, body: str, line: int, chunk: Chunk, visitor: Visitor, runs: bool) -> bool:
        """Tell ``visitor`` the events of the movetext ``body``, which starts at the start of ``line``.

        The tokens of the words between two line breaks (or white space that is no blank) come one
        after the other; a move number glues to the ply after it (the grammar's ply token
        ``17. a7-a4``), where white space, a comment or a parenthesis stand between them it stands
        alone (a number token). The places of the plies and the result, and the lines, are found
        as they are needed (not for the runs of moves)."""
        segments_of: Callable[[str], list[str]] = self._lines
        pieces: list[str] = [body]
        # (a plain movetext has no special part and no odd white space: a pattern would take longer to say so)
        if "{" in body or ";" in body or "[" in body:
            if "{" in body and self._unclosed(body):
                return False  # (a "{" that no "}" closes: the parser says where)
            if runs and "[" not in body:
                pieces = [self._comment_sub("\n", body)]  # (no places, no events of comments told)
            else:
                pieces = self._split(body)  # (the text between them, each comment or tag pair, its escapes)
                del pieces[2::3]
        if _has_odd_space(body):
            segments_of = self._segments
        # (a capture written apart from its move after a tab is left to the parser)
        words_of: Callable[[str], list[str]] = (self._words_with_captures if " x" in body or " X" in body
                                                else str.split)
        token_of = self._token.__getitem__  # (a word's one token, or one that holds its tokens)
        ply, tell_moves = visitor.ply, visitor.moves
        run: list[PlyMove] = []  # (runs: the plies of the current stretch of a line of play, and the
        numbers: dict[int, Numbering] = {}  # numbers written with them, by their place in it)
        append = run.append
        opened = 0  # how many variations are open
        finished = False  # whether the result was read
        state = _START
        pending: Optional[tuple[int, Side]] = None  # a move number just read, which a ply may continue ("17. a7-a4")
        dash = alone_dash = False  # whether it is the book's "17. -", and the last that stood alone
        written: Optional[Numbering] = None  # the number written with the last ply (with it, or alone before it)
        start = 0  # where the current piece starts in body
        place = counted = line_start = 0  # where the last word placed ends; up to where the lines are
        #                                   counted, and where the last of them starts; the next line break
        next_break = body.find("\n") % (len(body) + 1)  # (or the end)
        special = True
        for piece in pieces:
            special = not special
            if special:  # a comment or a tag pair
                first = piece[0]
                if first == "{" or first == ";":
                    if not runs:
                        visitor.comment((piece[1:-1] if first == "{" else piece[1:]).strip())
                elif state == _COMMA:
                    return False  # after the comma only Black's reply
                elif first == "[":
                    if state != _START or opened or finished:
                        return False
                    if start > next_break:  # (on a later line)
                        line += body.count("\n", counted, start)
                        line_start = body.rindex("\n", counted, start) + 1
                        counted = start
                        next_break = body.find("\n", start) % (len(body) + 1)
                    name, value = tag_pair(piece)
                    visitor.tag(name, value, line, tag_value_column(piece, start - line_start + 1),
                                chunk.lines[line - chunk.first_line])
                start += len(piece)
                place = start
                continue
            words = piece
            if "(" in words or ")" in words:  # (a parenthesis and the draw offer are words of their own)
                words = words.replace("(", " ( ").replace(")", " ) ").replace(" ( = ) ", " (=) ")
            for segment in segments_of(words):
                tokens: Optional[Iterator[tuple[Any, ...]]] = map(token_of, words_of(segment))
                while tokens is not None:  # (anew where a word of several tokens comes: see below)
                    for token in tokens:
                        kind = token[0]
                        # (each test jumps a short way when false: Python 3.11 makes a quick test of one only so)
                        if kind == _PLY_TOKEN and runs:
                            if pending is not None:  # "17. a7-a4": the grammar's ply token
                                numbers[len(run)] = pending
                                pending = None
                            append(token[1])
                            state = token[4]
                            continue
                        if kind == _NUMBER_TOKEN and pending is None:
                            if state == _NUMBER or state == _COMMA:
                                return False  # (a ply with a number of its own may not follow either)
                            pending, dash = token[1], token[2]
                            continue
                        if kind == _PLY_TOKEN:
                            own, pending = pending, None
                            written = own if own is not None else written if state == _NUMBER else None
                            at = body.find(token[5], place)
                            place = at + token[6]
                            if at > next_break:  # (on a later line)
                                line += body.count("\n", counted, at)
                                line_start = body.rindex("\n", counted, at) + 1
                                counted = at
                                next_break = body.find("\n", at) % (len(body) + 1)
                            number, side = own or _UNNUMBERED
                            target, origin, captures = token[1]
                            ply(number, side, origin, target, captures, token[2], line, at - line_start + 1 + token[3])
                            if token[7] is not None:
                                visitor.annotation(token[7])
                            state = token[4]
                            continue
                        if kind == _TOKENS_TOKEN:  # a word of several tokens: they, then the rest of the line word by word
                            tokens = chain(token[1], chain_from(map(_tokens_in, tokens)))
                            break
                        if kind == _DASH_TOKEN:  # "17. -", "17. ...", "17. …"
                            if pending is None or pending[1] != WHITE:
                                return False
                            pending, dash = (pending[0], BLACK), token[1]
                            continue
                        if pending is not None:  # a move number that stands alone, a token of the grammar
                            self._alone(pending, visitor, numbers if runs else None, len(run))
                            state, written, alone_dash, pending = _NUMBER, pending, dash, None
                        if kind == _NUMBER_TOKEN:
                            return False  # (after a number that stands alone)
                        if state == _COMMA:
                            return False  # after the comma only Black's reply
                        elif kind == _ANNOTATION_TOKEN:
                            if state != _PLY:
                                return False
                            if not runs:
                                visitor.annotation(token[1])
                            state = _ANNOTATION
                        elif kind == _NAG_TOKEN:
                            if not _PLY <= state <= _NAG:
                                return False
                            if not runs:
                                visitor.nag(token[1])
                            state = _NAG
                        elif kind == _COMMA_TOKEN:
                            if runs:  # (the number written with the last ply)
                                written = numbers.get(len(run) - 1)
                            if state == _NUMBER:
                                if not alone_dash:
                                    return False
                            elif not _PLY <= state <= _OFFER or written is None or written[1] != WHITE:
                                return False
                            state = _COMMA
                        elif kind == _OFFER_TOKEN:
                            if not _PLY <= state <= _NAG:
                                return False
                            if not runs:
                                visitor.draw_offer()
                            state = _OFFER
                        elif kind == _OPEN_TOKEN or kind == _CLOSE_TOKEN:
                            if state < _PLY or (finished if kind == _OPEN_TOKEN else not opened):
                                return False  # (from _PLY on, the current line has a ply)
                            if run:
                                tell_moves(run, numbers)
                                run, numbers = [], {}
                                append = run.append
                            if kind == _OPEN_TOKEN:
                                visitor.begin_variation()
                                opened += 1
                                state = _START
                            else:
                                visitor.end_variation()
                                opened -= 1
                                state = _CLOSED
                        elif kind == _RESULT_TOKEN:
                            if finished or opened or state == _NUMBER:
                                return False
                            if runs:
                                if run:
                                    tell_moves(run, numbers)
                                    run, numbers = [], {}
                                    append = run.append
                                visitor.result(token[1], 0, 0)
                            else:
                                at = body.find(token[2], place)
                                place = at + len(token[2])
                                if at > next_break:  # (on a later line)
                                    line += body.count("\n", counted, at)
                                    line_start = body.rindex("\n", counted, at) + 1
                                    counted = at
                                    next_break = body.find("\n", at) % (len(body) + 1)
                                visitor.result(token[1], line, at - line_start + 1)
                            finished = True
                            state = _DONE
                            for _ in tokens:
                                return False  # (only comments may follow the result)
                            token_of = _refused
                        else:  # what no terminal reads here
                            return False
                    else:
                        tokens = None
                if pending is not None:  # at the end of a line, or before a comment or a parenthesis
                    self._alone(pending, visitor, numbers if runs else None, len(run))
                    state, written, alone_dash, pending = _NUMBER, pending, dash, None
            start += len(piece)
            place = start
        if run:
            tell_moves(run, numbers)
        return not opened and state != _NUMBER and state != _COMMA

    @staticmethod
    def _unclosed(body: str) -> bool:
        """Whether ``body`` has a "{" that no "}" closes, outside a comment to the end of its line
        (the pattern of comments would scan on from each: the parser says where).

        >>> FastReader._unclosed("{a} {b"), FastReader._unclosed("{a} ; b { c"), FastReader._unclosed("{a}\\n{")
        (True, False, True)
        """
        after = body.rfind("}") + 1
        start = body.rfind("\n", 0, after) + 1
        for line in body[start:].split("\n"):
            brace = line.find("{", after - start)
            after = start  # (on the later lines, any)
            if brace != -1:
                semicolon = line.find(";")
                if semicolon == -1 or brace < semicolon:
                    return True
        return False

    @staticmethod
    def _alone(number: tuple[int, Side], visitor: Visitor, numbers: Optional[dict[int, Numbering]],
               at_ply: int) -> None:
        """A move number that stands alone (a number token of the grammar: no ply follows it on its line, or
        not after blanks), told to ``visitor`` (or kept in ``numbers`` for the ply at ``at_ply`` of the run
        of moves). It stands where it was read: a number after a number, after the comma or after the result
        is refused as it comes."""
        if numbers is None:
            visitor.move_number(*number)
        else:
            numbers[at_ply] = number

    def _tokens(self, word: str) -> tuple[tuple[Any, ...], ...]:
        """The tokens of a word of movetext, as the grammar's terminals read it; an annotation glued to
        a ply is part of the ply's token. A slip, a NAG out of range, a number too long and what no
        terminal reads here are a token the reader leaves to the parser."""
        if word in _DASHES:
            return _DASHES[word]
        try:
            tokens = list(self._read_tokens(word))
        except (TooManyDigits, SecondAnnotation):
            return _OTHER
        for at in range(len(tokens) - 1):
            ply, annotation = tokens[at], tokens[at + 1]
            if ply[0] == _PLY_TOKEN and ply[4] == _PLY and annotation[0] == _ANNOTATION_TOKEN:
                tokens[at:at + 2] = [(*ply[:4], _ANNOTATION, *ply[5:7], annotation[1])]
                break  # (a ply is the first token of a word, or follows its number)
        return tuple(tokens)

    def _one_token(self, word: str) -> tuple[Any, ...]:
        """The one token of a word, or for a word of several tokens one that holds them."""
        tokens = self._words[word]
        return tokens[0] if len(tokens) == 1 else (_TOKENS_TOKEN, tokens)

    def _read_tokens(self, word: str) -> Iterable[tuple[Any, ...]]:
        """The tokens of a word as the grammar's terminals read it."""
        for found in self.pattern.finditer(word):
            kind = found.lastgroup
            assert kind is not None
            value, start = found[kind], found.start(kind)
            if kind == "PLY":
                end = found.end()
                if end < len(word) and word[end].isalnum() or has_slip(value):
                    yield _OTHER[0]  # glued to the next ply, or a slip (read with a warning by the parser)
                    return
                number, side, offset, origin, target, captures, quality = _DECODED.get(value) or _decode(value)
                if number is not None:
                    yield _NUMBER_TOKEN, (number, side), False
                yield (_PLY_TOKEN, (target, origin, captures), quality, offset, _PLY if quality is None else _ANNOTATION,
                       word[start:], len(value), None)
            elif kind == "NUMBER" and not has_slip(value):
                yield _NUMBER_TOKEN, read_move_number(value), value.endswith("-")
            elif kind == "ANNOTATION":
                yield _ANNOTATION_TOKEN, value
            elif kind == "NAG" and read_nag(value) is not None:
                yield _NAG_TOKEN, read_nag(value)
            elif kind == "COMMA":
                yield (_COMMA_TOKEN,)
            elif kind == "RESULT":
                yield _RESULT_TOKEN, normal_result(value), word[start:]
            elif kind != "WS":  # (blanks inside a word of Sanmill's captures)
                yield _OTHER[0]
                return
