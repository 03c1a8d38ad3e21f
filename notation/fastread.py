"""A fast reader for well-formed game records, equivalent to the LALR parser on them.

Most records are simple: tag pairs, then plies with their move numbers, now and
then an annotation, a NAG, a comment or a variation, and a result. For one game
(a :class:`~muehle.notation.splitter.Chunk`), :meth:`FastReader.read` scans the
text with one regular expression built from the grammar's own terminals (the
same expression, in the same order, as :class:`~muehle.notation.lexer.FastLexer`),
checks the order of the tokens with a small state machine that accepts a subset
of the grammar, and builds the same :class:`~muehle.notation.model.Game` the
parser builds, with the same line and column for every ply.

Whatever it does not accept, it leaves alone: for a record with a syntax error
(or anything it is unsure of) it returns ``None``, and the parser reads the
record and reports the error with its place. So the grammar stays the one
definition of the notation, and the messages are always the parser's.

>>> from muehle.notation.grammar_terminals import TERMINALS
>>> from muehle.notation.splitter import Chunk
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
from typing import Callable, Iterable, Optional

from muehle.notation.model import Game, Move, Ply, Variation
from muehle.notation.parser import _DECODED, _decode, goes_back, next_numbering, read_move_number, tag_pair
from muehle.notation.splitter import Chunk
from muehle.notation.terminals import Terminal, token_pattern

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

#: The states after which a ply's NAGs, draw offer and variations may follow.
_AFTER_PLY = (_PLY, _ANNOTATION, _NAG)


class FastReader:
    """Reads the games that need no error report; built from the grammar's terminals."""

    def __init__(self, terminals: Iterable[Terminal], flags: int = 0) -> None:
        terminals = list(terminals)
        # Any character no terminal matches ends the fast reading.
        self.pattern = re.compile(token_pattern(terminals, r"(?P<_OTHER>[\s\S])"), flags)
        regexp = {terminal.name: terminal.regexp for terminal in terminals}
        extras = ("ANNOTATION", "NAG", "OFFER", "COMMENT")
        any_extra = "|".join(f"(?:{regexp[name]})" for name in extras)
        # For read_moves: a ply (not glued to a letter or digit) with what follows it
        # before the next ply, a comment, a result, a tag; any other character stops it.
        self.moves_pattern = re.compile(
            rf"\s*(?:({regexp['PLY']})(?![^\W_])((?:\s*(?:{any_extra}))*)"
            rf"|(?:{regexp['COMMENT']})|({regexp['RESULT']})|({regexp['TAG']})|(\S))",
            flags,
        )
        self.extras_pattern = re.compile(r"\s*(?:" + "|".join(f"({regexp[name]})" for name in extras) + ")", flags)

    def read_moves(self, chunk: Chunk, source: str, loader: Callable[[], Game]) -> Optional[Game]:
        """The game of ``chunk`` with its main line as moves and the rest deferred to ``loader``
        (see :meth:`Game.deferred`), or ``None`` when :meth:`read` must read it (or the parser).

        Only games without variations and without move numbers on their own are read so.
        """
        text = chunk.text
        if "(" in text and text.count("(") != text.count("(=)"):
            return None  # a variation, most likely: read() reads it
        tags: dict[str, str] = {}
        moves: list[Move] = []
        append = moves.append
        context: Optional[tuple] = None  # (number, side) of the last ply
        result: Optional[str] = None
        decoded_of = _DECODED.get
        for ply, extras, result_text, tag, other in self.moves_pattern.findall(text):
            if ply:
                if result is not None:
                    return None
                number, side, _, origin, target, captures = decoded_of(ply) or _decode(ply)
                if number is None:
                    number, side = next_numbering(context)
                elif goes_back(context, number, side):
                    return None
                append((number, side, target, origin, captures))
                context = (number, side)
                if extras and not self._extras_in_order(extras):
                    return None
            elif other:
                return None
            elif tag:
                if moves or result is not None:
                    return None
                name, value = tag_pair(tag)
                if name in tags:
                    return None
                tags[name] = value
            elif result_text:
                if result is not None:
                    return None
                result = "1/2-1/2" if result_text == "½-½" else result_text
            # else a comment: read with the rest by the loader
        return Game.deferred(tags, result, moves, loader, source, chunk.first_line)

    def _extras_in_order(self, extras: str) -> bool:
        """Whether what follows a ply (annotation, NAGs, draw offer, comments) is in the grammar's order."""
        state = _PLY
        for annotation, nag, offer, _ in self.extras_pattern.findall(extras):
            if annotation:
                if state != _PLY:
                    return False
                state = _ANNOTATION
            elif nag:
                if state not in _AFTER_PLY or not 1 <= int(nag[1:]) <= 255:
                    return False
                state = _NAG
            elif offer:
                if state not in _AFTER_PLY:
                    return False
                state = _OFFER
        return True

    def read(self, chunk: Chunk, source: str) -> Optional[Game]:
        """The game of ``chunk`` as the parser reads it, or ``None`` when the parser must read it."""
        text = chunk.text
        length = len(text)
        line_offset = chunk.first_line - 1
        game = Game(source=source, line=chunk.first_line)
        tags = game.tags
        plies, comments = game.plies, game.comments
        last: Optional[Ply] = None  # the last ply of the current line
        context: Optional[tuple] = None  # (number, side) of it
        before: Optional[tuple] = None  # ... and of the ply before it
        pending: Optional[tuple] = None  # a move number waiting for its ply
        stack: list[tuple] = []
        state = _START
        finished = False
        line, line_start = 1 + line_offset, 0
        decoded_of = _DECODED.get
        for found in self.pattern.finditer(text):
            kind = found.lastgroup
            if kind == "PLY":
                if finished:
                    return None
                value = found[kind]
                end = found.end()
                if end < length and text[end].isalnum():
                    return None  # glued to the next ply
                decoded = decoded_of(value) or _decode(value)
                number, side, offset, origin, target, captures = decoded
                if number is not None:
                    if state == _NUMBER or goes_back(context, number, side):
                        return None
                elif pending is not None:
                    number, side = pending
                    pending = None
                else:
                    number, side = next_numbering(context)
                # (all fields given in order: much quicker than keywords and default factories)
                last = Ply(number, side, target, origin, list(captures) if captures else [],  # type: ignore[arg-type]
                           None, [], False, [], [], line, end - len(value) - line_start + 1 + offset)
                plies.append(last)
                before, context = context, (number, side)
                state = _PLY
            elif kind == "WS" or kind == "COMMENT":
                value = found[kind]
                newlines = value.count("\n")
                if newlines:
                    line += newlines
                    line_start = found.end() - len(value) + value.rindex("\n") + 1
                if kind == "WS":
                    continue
                comment = (value[1:-1] if value[0] == "{" else value[1:]).strip()
                if finished:
                    game.final_comments.append(comment)
                elif last is not None:
                    last.comments.append(comment)
                else:
                    comments.append(comment)
            elif kind == "ANNOTATION":
                if state != _PLY:
                    return None
                last.annotation = found[kind]  # type: ignore[union-attr]
                state = _ANNOTATION
            elif kind == "NAG":
                nag = int(found[kind][1:])
                if state not in _AFTER_PLY or not 1 <= nag <= 255:
                    return None
                last.nags.append(nag)  # type: ignore[union-attr]
                state = _NAG
            elif kind == "OFFER":
                if state not in _AFTER_PLY:
                    return None
                last.draw_offer = True  # type: ignore[union-attr]
                state = _OFFER
            elif kind == "LPAR":
                if state < _PLY or finished:
                    return None
                variation = Variation()
                last.variations.append(variation)  # type: ignore[union-attr]
                stack.append((plies, comments, last, context, before))
                plies, comments = variation.plies, variation.comments
                last, context, before = None, before, None
                state = _START
            elif kind == "RPAR":
                if state < _PLY or not stack:
                    return None
                plies, comments, last, context, before = stack.pop()
                state = _CLOSED
            elif kind == "RESULT":
                if finished or stack or state == _NUMBER:
                    return None
                value = found[kind]
                game.result = "1/2-1/2" if value == "½-½" else value
                finished = True
                state = _DONE
            elif kind == "TAG":
                if state != _START or stack or finished:
                    return None
                name, tag_value = tag_pair(found[kind])
                if name in tags:
                    return None
                tags[name] = tag_value
            elif kind == "NUMBER":
                if state == _NUMBER or finished:
                    return None
                number, side = read_move_number(found[kind])
                if goes_back(context, number, side):
                    return None
                pending = (number, side)
                state = _NUMBER
            else:  # a character no terminal matches
                return None
        if stack or state == _NUMBER:
            return None
        return game
