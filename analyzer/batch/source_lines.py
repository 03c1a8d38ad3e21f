"""The text of a line of an input, looked up after the input was read: for the line and
caret under an error that ``muehle validate`` reports.

Validation reads a file game by game and keeps no text, so the line an error points at
is read again when the error is written: forward through the file, as the reports come
in file order (a line before the last one looked up opens the file again). The lines
are decoded as the reader decodes them (:func:`~muehle.notation.reading.decode.file_lines`), so
that the columns of the errors fit them. Standard input is kept whole by the command
(its text is given); a pipe cannot be read twice, and a file that cannot be read again
gives no line: its errors are written without one.

>>> lines = SourceLines({"<stdin>": "-"}, stdin_text="1. d2\\r\\n1... d2 *")
>>> lines.line_text("<stdin>", 2), lines.line_text("<stdin>", 3), lines.line_text("other.txt", 1)
('1... d2 *', None, None)
"""

from __future__ import annotations

from typing import Iterator, Optional

from muehle.notation.reading.decode import file_lines, text_lines
from muehle.notation.reading.inputs import regular_file
from muehle.notation.text.errors import MuehleError


class SourceLines:
    """Lines of the inputs named in ``names`` (each input's name in messages -> its path, ``-``
    for standard input, whose text is ``stdin_text``), looked up by :meth:`line_text`."""

    def __init__(self, names: dict[str, str], stdin_text: Optional[str] = None) -> None:
        self.names = names
        self.stdin_lines = text_lines(stdin_text) if stdin_text is not None else None
        self._source: Optional[str] = None  # the file being read, its lines, and the last line read
        self._lines: Optional[Iterator[str]] = None
        self._number = 0
        self._text: Optional[str] = None

    def line_text(self, source: str, line: int) -> Optional[str]:
        """The text of line ``line`` (1-based) of the input named ``source``; ``None`` when it
        cannot be read again or has no such line."""
        path = self.names.get(source)
        if path is None or line < 1:
            return None
        if path == "-":
            known = self.stdin_lines
            return known[line - 1] if known is not None and line <= len(known) else None
        if source != self._source or line < self._number or self._lines is None:
            if not regular_file(path):  # (a pipe: what was read is gone)
                return None
            self._source, self._lines, self._number, self._text = source, iter(file_lines(path, source, True)), 0, None
        try:
            while self._number < line:
                self._text = next(self._lines, None)
                if self._text is None:
                    self._lines = None  # (at the end: the next look-up starts again)
                    return None
                self._number += 1
        except MuehleError:  # (it cannot be read now: no line, the error is still reported)
            self._lines = None
            return None
        return self._text
