"""Inputs: the text of a file or of standard input, and which form it is in.

The form (a JSON record, a YAML record, or notation and PGN) is known without
reading the records, so that a command reading notation never loads the JSON and
YAML machinery.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from pathlib import Path, PurePath
from typing import Any, Literal, Optional, Union

from muehle.notation.reading.decode import decoded_text
from muehle.notation.reading.quoted import quoted_text
from muehle.notation.text.errors import MuehleError, cannot_read, shortened
from muehle.notation.text.i18n import _

__all__ = ["Form", "PathArg", "decoded_text", "input_form", "path_text", "read_text", "regular_file", "source_name"]

Form = Literal["json", "yaml", "notation"]

#: A line that marks a YAML text as a record: ``format: muehle-record`` (LF, CRLF or CR line ends).
_YAML_RECORD = re.compile(r"""(?:^|(?<=\r))format:[ \t]*(["']?)muehle-record\1[ \t]*(?:#[^\r\n]*)?(?:\r|$)""",
                          re.MULTILINE)
#: The start of a JSON object: ``{`` and a key, or an empty object ``{}`` and nothing after
#: it. Notation may start with a ``{`` comment too, also an empty one (``{} 1. b4``), but not
#: with one whose text is a quoted word and a colon.
_JSON_OBJECT = re.compile(r"\s*\{\s*(?:" + quoted_text(r'[^"\\\n]', r"\\.", "escapes") + r"\s*:|\}\s*\Z)")

_SUFFIXES: dict[str, Form] = {".json": "json", ".yaml": "yaml", ".yml": "yaml"}

#: A path as the functions that read files take it.
PathArg = Union[str, "os.PathLike[str]"]


def path_text(path: Any, argument: str = "path") -> str:
    """``path`` (text, :class:`os.PathLike` or bytes) as text, as messages and reports name it;
    anything else is a :class:`TypeError` naming ``argument``.

    >>> path_text(Path("games.txt")), path_text(b"games.txt"), path_text("-")
    ('games.txt', 'games.txt', '-')
    >>> path_text(3, "names[0]")
    Traceback (most recent call last):
    ...
    TypeError: names[0] must be a path (str or os.PathLike), not int
    """
    if isinstance(path, str):
        return path
    try:
        return os.fsdecode(path)
    except TypeError:
        raise TypeError(f"{argument} must be a path (str or os.PathLike), not {type(path).__name__}") from None


def input_form(name: PathArg, text: Optional[str] = None) -> Form:
    """The form of the input ``name``: a file by its name, standard input (``-``) by its ``text``.

    JSON starts with an object's first key (``{"format": ...``); a YAML record has a
    line ``format: muehle-record``; anything else is notation or PGN, also when it
    starts with a ``{`` comment.

    >>> input_form("games.JSON"), input_form("games.yml"), input_form("games.pgn")
    ('json', 'yaml', 'notation')
    >>> input_form("-", ' {"format": 1}'), input_form("-", "format: muehle-record\\r\\nversion: 1\\r\\n")
    ('json', 'yaml')
    >>> input_form("-", "version: 1\\rformat: muehle-record\\rgames: []\\r")
    'yaml'
    >>> input_form("-", "1. b4 d6"), input_form("-", "{ Setzphase } 1. b4 *"), input_form("-")
    ('notation', 'notation', 'notation')
    >>> input_form("-", " {} \\n"), input_form("-", "{}\\n1. b4 *")
    ('json', 'notation')
    """
    name = path_text(name, "name")
    if name != "-":
        return _SUFFIXES.get(PurePath(name).suffix.lower(), "notation")
    if text is None:
        return "notation"
    if _JSON_OBJECT.match(text):
        return "json"
    if _YAML_RECORD.search(text):
        return "yaml"
    return "notation"


def regular_file(name: str) -> bool:
    """Whether ``name`` is a regular file, which can be read more than once and at any offset
    (``False`` for a pipe, and when it cannot be looked at: reading it says why)."""
    try:
        return stat.S_ISREG(os.stat(name).st_mode)
    except (OSError, ValueError):
        return False


def source_name(name: PathArg) -> str:
    """How an input is named in messages: ``<stdin>`` for ``-``, else as given.

    >>> source_name("-"), source_name("games.txt")
    ('<stdin>', 'games.txt')
    """
    name = path_text(name, "name")
    return "<stdin>" if name == "-" else name


def read_text(name: PathArg) -> str:
    """The text of a file, or of standard input for ``-``; UTF-8 with or without BOM.

    A file that cannot be read or is not UTF-8 raises :class:`MuehleError` (code ``io``),
    named as :func:`source_name` names it.
    """
    name = path_text(name, "name")
    source = source_name(name)
    try:
        if name == "-":
            if sys.stdin is None:
                raise MuehleError(cannot_read(source, _("standard input is closed")), source=source, code="io")
            data = sys.stdin.buffer.read()
        else:
            data = Path(name).read_bytes()
    except OSError as error:
        raise MuehleError(cannot_read(source, error), source=shortened(source), code="io") from None
    return decoded_text(data, source)
