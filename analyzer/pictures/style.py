"""Colour in the terminal: whether to use it, and text painted with it.

The one place that decides whether output is coloured (:func:`wants_colour`): a
choice made on the command line (``--color``/``--no-color``) beats the
``NO_COLOR`` environment variable (https://no-color.org: any value but the empty
one turns colour off), which beats looking at the stream: colour on a terminal
(not ``TERM=dumb``), never in a file or a pipe.

Colours are SGR escape sequences (ECMA-48). :func:`paint` writes text in a style and
makes the text itself terminal-safe first (:func:`~muehle.notation.text.errors.visible`):
the only escapes in coloured output are the ones painted here.

>>> paint("error", SEVERITY_STYLES["error"])
'\\x1b[1;31merror\\x1b[0m'
>>> unpainted(paint("a\\x1bb", "1"))
'a\\\\x1bb'
"""

from __future__ import annotations

import os
import re
from typing import IO, Any, Mapping, Optional

from muehle.notation.text.errors import MuehleError, one_line, visible

#: Ends every painted stretch: back to the terminal's own colours.
RESET = "\x1b[0m"

#: How a message's severity word is painted (bold, and red, magenta or cyan, as compilers do).
SEVERITY_STYLES = {"error": "1;31", "warning": "1;35", "note": "1;36"}

#: The SGR sequences :func:`paint` writes (and :func:`unpainted` removes).
_SGR = re.compile("\x1b\\[[0-9;]*m")


def wants_colour(stream: Optional[IO[Any]], choice: Optional[bool] = None,
                 environ: Optional[Mapping[str, str]] = None) -> bool:
    """Whether what is written to ``stream`` is coloured.

    ``choice`` is the command line's (``True`` for ``--color``, ``False`` for
    ``--no-color``, ``None`` when neither was given); then a non-empty ``NO_COLOR``
    in ``environ`` (default: the process's environment) says no; then ``stream`` is
    coloured when it is a terminal and ``TERM`` is not ``dumb``.

    >>> wants_colour(None, True), wants_colour(None, None)
    (True, False)
    >>> import io
    >>> wants_colour(io.StringIO(), None, {})  # (a file or pipe: no terminal)
    False
    """
    if choice is not None:
        return choice
    environ = os.environ if environ is None else environ
    if environ.get("NO_COLOR") or environ.get("TERM") == "dumb":
        return False
    return is_terminal(stream)


def is_terminal(stream: Optional[IO[Any]]) -> bool:
    """Whether ``stream`` is a terminal (not a file, a pipe, a closed stream)."""
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty is not None and isatty())
    except (OSError, ValueError):  # (a closed stream)
        return False


def paint(text: str, style: str) -> str:
    """``text`` (made terminal-safe) in ``style`` (SGR parameters such as ``1;31``), then back to the
    terminal's colours."""
    return f"\x1b[{style}m{visible(text)}{RESET}"


def unpainted(text: str) -> str:
    """``text`` without the colour sequences of this module (what a terminal shows of it).

    >>> unpainted("\\x1b[1;31merror\\x1b[0m: x")
    'error: x'
    """
    return _SGR.sub("", text)


def error_text(error: MuehleError, severity: str = "error", colour: bool = False) -> str:
    """``error`` as :meth:`MuehleError.format` writes it, its ``severity`` word painted when ``colour``.

    Several errors raised as one (a :class:`MuehleError` that carries them in ``errors``) are
    painted each.

    >>> error = MuehleError("b1 is not a point", source="g.txt", line=1, column=4)
    >>> error_text(error, colour=True)
    'g.txt:1:4: \\x1b[1;31merror\\x1b[0m: b1 is not a point'
    >>> unpainted(error_text(error, colour=True)) == error.format()
    True
    """
    if not colour:
        return error.format(severity)
    parts = getattr(error, "errors", None)
    if isinstance(parts, list) and parts and all(isinstance(part, MuehleError) for part in parts):
        return "\n".join(error_text(part, severity, colour) for part in parts)
    text = error.format(severity)
    start = len(one_line(error.location())) + len(": ")  # (format writes the location, then the severity)
    if text[start:start + len(severity) + 1] != severity + ":":  # (a format of its own: left as it is)
        return text
    return text[:start] + paint(severity, SEVERITY_STYLES.get(severity, "1")) + text[start + len(severity):]
