"""The syntax of tag pairs, in one place: ``[Name "value"]``.

A name is letters, digits and underscores; the value stands in double quotes,
in which ``\\"`` and ``\\\\`` are the only escapes; blanks may stand after ``[``,
between name and value (at least one) and before ``]``. The grammar's ``TAG``
terminal (``grammars/muehle.lark``) is the definition; what the splitter, the
parallel validation and the error messages need of it is here.

>>> tag_pair('[Event "Zug \\\\"1\\\\""]')
('Event', 'Zug "1"')
>>> bool(TAG_START.match('  [Rules "wmd"]')), bool(TAG_START.match('[Rules wmd]'))
(True, False)
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable, Iterable, Optional

from muehle.notation.reading.quoted import quoted_text
from muehle.notation.text.errors import shortened
from muehle.notation.text.i18n import _

if TYPE_CHECKING:
    from muehle.notation.text.errors import NotationError

__all__ = ["LONGEST_TAG_VALUE", "too_long_tag_value", "TAG_NAME", "TAG_OPENING", "TAG_START", "TAG", "TAG_LINE", "tag_pair", "tag_value_column",
           "tag_value_offset_column", "tag_place", "tag_problem"]

#: The longest tag value read, in characters (64 Ki): a longer one is an error at its place, so
#: that no record can make a reader hold, match or quote megabytes of one value.
LONGEST_TAG_VALUE = 65536

#: A tag name, as a regular expression: letters, digits and underscores.
TAG_NAME = r"[A-Za-z0-9_]+"

#: The start of a tag pair up to the quote that opens its value: ``[Name "``.
TAG_OPENING = rf'\[[ \t]*{TAG_NAME}[ \t]+"'

#: A line that starts like a tag pair (blanks before it allowed).
TAG_START = re.compile(rf"[ \t]*{TAG_OPENING}")

#: A whole tag pair (any escaped character: a wrong escape is the parser's to report).
TAG = re.compile(TAG_OPENING[:-1] + quoted_text(r'[^"\\]', r"\\.", "tag_escapes") + r"[ \t]*\]")

#: A line that is one tag pair alone, with blanks around it.
TAG_LINE = re.compile(r"[ \t]*" + TAG.pattern + r"[ \t]*")


def tag_pair(text: str) -> tuple[str, str]:
    """The name and the value of a tag pair as written (the text of a ``TAG`` token)."""
    open_at = text.index('"')
    value = text[open_at + 1 : text.rindex('"')]
    if "\\" in value:  # (split at the escaped backslashes: the escapes left are quotes)
        value = "\\".join(part.replace('\\"', '"') for part in value.split("\\\\"))
    return text[1:open_at].strip(), value


def too_long_tag_value(name: str, value: str) -> Optional[str]:
    """The error of a tag value longer than :data:`LONGEST_TAG_VALUE`, or ``None``.

    >>> too_long_tag_value("Event", "x" * 70000)
    'the value of tag Event is 70000 characters long; the longest read is 65536'
    >>> too_long_tag_value("Event", "x") is None
    True
    """
    if len(value) <= LONGEST_TAG_VALUE:
        return None
    return _("the value of tag {name} is {length} characters long; the longest read is {most}").format(
        name=shortened(name), length=len(value), most=LONGEST_TAG_VALUE)


def tag_value_column(pair: str, column: int) -> int:
    """The column of the value of the tag pair ``pair`` (``[Name "value"]``) that starts at ``column``.

    >>> tag_value_column('[FEN "x"]', 9)
    15
    """
    return column + pair.index('"') + 1


def tag_value_offset_column(line_text: str, column: int, offset: int) -> int:
    r"""The column in ``line_text`` of the character ``offset`` places into a tag value that starts
    at ``column``: an escaped character (``\"``, ``\\``) takes two columns of the line.

    >>> line = '[Event "a \\"b\\" c"]'
    >>> tag_value_offset_column(line, 9, 3), line[tag_value_offset_column(line, 9, 3) - 1]
    (13, 'b')
    >>> line[tag_value_offset_column(line, 9, 6) - 1]
    'c'
    """
    index = column - 1
    for _step in range(offset):
        index += 2 if line_text[index:index + 1] == "\\" else 1
    return index + 1


def tag_place(numbered: Iterable[tuple[int, str]], name: str) -> Optional[tuple[int, int, str]]:
    """Line, column of the value and text of the line of tag pair ``name`` among the numbered
    lines (number, text) that start a record, one tag pair to a line (comment lines between
    them are passed over); looked for up to the first line of movetext.

    >>> tag_place(enumerate(['{ a note }', '[FEN "x"]', '1. d2 *'], 7), "FEN")
    (8, 7, '[FEN "x"]')
    """
    pair = re.compile(rf'\[[ \t]*{re.escape(name)}[ \t]+"')
    for number, text in numbered:
        found = pair.search(text)
        if found:
            return number, found.end() + 1, text
        if text.strip() and not text.lstrip().startswith(("[", ";", "{")):
            break  # the tag section is over
    return None


_TAG_OPEN = re.compile(r"\[[ \t]*")
_TAG_NAME = re.compile(TAG_NAME)
_BLANKS = re.compile(r"[ \t]*")


def _blanks_end(text: str, index: int) -> int:
    """Where the blanks from ``index`` on end."""
    blanks = _BLANKS.match(text, index)
    assert blanks is not None  # (the pattern matches no blank too)
    return blanks.end()


def tag_problem(text: str, position: int, at: Callable[..., NotationError]) -> NotationError:
    """Why ``[`` at ``position`` does not start a well-formed tag pair; ``at(message, offset)``
    makes the error ``offset`` characters after ``position``."""
    opening = _TAG_OPEN.match(text, position)
    assert opening is not None  # (called only at a "[")
    index = opening.end()
    name = _TAG_NAME.match(text, index)
    if name is None:
        return at(_('a tag pair needs a name of letters, digits or "_": [Name "value"]'),
                  index - position)
    tag = shortened(name.group())
    if name.end() < len(text) and text[name.end()] not in ' \t"':
        return at(_("a tag name may hold only the letters A-Z and a-z, digits and '_'"),
                  name.end() - position)
    index = _blanks_end(text, name.end())
    if index >= len(text) or text[index] != '"':
        return at(_('the tag {tag} needs a value in double quotes: [{tag} "value"]').format(tag=tag), index - position)
    quote = index
    index += 1
    while index < len(text) and text[index] not in "\r\n":
        char = text[index]
        if char == "\\":
            if index + 1 < len(text) and text[index + 1] in '"\\':
                index += 2
                continue
            return at(_('unknown escape in the value of tag {tag}: only \\" and \\\\ are escapes').format(tag=tag),
                      index - position)
        if char == '"':
            break
        index += 1
    else:
        return at(_("unterminated string: the value of tag {tag} has no closing '\"'").format(
            tag=tag), quote - position)
    index = _blanks_end(text, index + 1)
    return at(_("unterminated tag {tag}: ']' expected after the value").format(tag=tag), index - position)
