"""Inputs: the text of a file or of standard input, and which form it is in.

The form (a JSON record, a YAML record, or notation and PGN) is known without
reading the records, so that a command reading notation never loads the JSON and
YAML machinery.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path, PurePath
from typing import Literal, Optional

from muehle.notation.errors import MuehleError

Form = Literal["json", "yaml", "notation"]

#: A line that marks a YAML text as a record: ``format: muehle-record``.
_YAML_RECORD = re.compile(r"""^format:[ \t]*(["']?)muehle-record\1[ \t]*(#.*)?$""", re.MULTILINE)

_SUFFIXES: dict[str, Form] = {".json": "json", ".yaml": "yaml", ".yml": "yaml"}


def input_form(name: str, text: Optional[str] = None) -> Form:
    """The form of the input ``name``: a file by its name, standard input (``-``) by its ``text``.

    JSON starts with ``{``; a YAML record has a line ``format: muehle-record``;
    anything else is notation or PGN.

    >>> input_form("games.JSON"), input_form("games.yml"), input_form("games.pgn")
    ('json', 'yaml', 'notation')
    >>> input_form("-", ' {"format": 1}'), input_form("-", "format: muehle-record\\nversion: 1\\n")
    ('json', 'yaml')
    >>> input_form("-", "1. b4 d6"), input_form("-")
    ('notation', 'notation')
    """
    if name != "-":
        return _SUFFIXES.get(PurePath(name).suffix.lower(), "notation")
    if text is None:
        return "notation"
    if text.lstrip().startswith("{"):
        return "json"
    if _YAML_RECORD.search(text):
        return "yaml"
    return "notation"


def read_text(name: str) -> str:
    """The text of a file, or of standard input for ``-``; UTF-8 with or without BOM.

    A file that cannot be read or is not UTF-8 raises :class:`MuehleError` (code ``io``).
    """
    try:
        if name == "-":
            data = sys.stdin.buffer.read()
        else:
            data = Path(name).read_bytes()
    except OSError as error:
        raise MuehleError(f"cannot read {name}: {error.strerror}", source=name, code="io") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise MuehleError(
            f"not UTF-8 text (byte {error.start}: 0x{data[error.start]:02x})", source=name, code="io"
        ) from None
