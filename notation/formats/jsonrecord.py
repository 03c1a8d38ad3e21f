"""Records as JSON and YAML: the model as plain data, and strict readers.

The layout (documented in ``docs/formats.md`` and ``docs/record-schema.json``)::

    {"format": "muehle-record", "version": 1, "games": [game, ...]}

A game has ``tags``, ``comments``, ``plies``, ``result`` and ``final_comments``; a
ply ``number``, ``side``, ``from``, ``to``, ``captures``, ``annotation``, ``nags``,
``draw_offer``, ``comments``, ``variations`` (each ``{comments, plies}``) and, where
known, ``line`` and ``column``. The writers leave out a field that holds its default
(``null``, ``false``, an empty list), except a game's ``tags`` and ``plies`` and a
ply's ``number``, ``side`` and ``to``; the readers accept both forms.

The readers check everything by hand and report the first problem with the path
of the offending value:

>>> read_json('{"format": "muehle-record", "version": 1, "games": [{"tags": {}, '
...           '"plies": [{"number": 1, "side": "white", "to": "b1"}]}]}', "g.json")
Traceback (most recent call last):
...
muehle.notation.text.errors.FormatError: g.json: error: games[0].plies[0].to: 'b1' is not a point of the board

>>> from muehle.notation.record.model import Game, Ply
>>> game = Game(tags={"Event": "Zürich"}, plies=[Ply(1, "white", "b4", annotation="!")])
>>> print(write_yaml([game]), end="")
format: muehle-record
version: 1
games:
- tags:
    Event: Zürich
  plies:
  - number: 1
    side: white
    to: b4
    annotation: '!'
>>> read_yaml(write_yaml([game])) == [game]
True
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable, Iterable, NoReturn, Optional, Sequence, Union

import yaml

from muehle.notation.formats.yamlload import load_yaml_strictly
from muehle.notation.reading.tags import too_long_tag_value
from muehle.notation.record.compactgame import CompactGame, PlainPly, ply_of
from muehle.notation.record.model import (
    ANNOTATIONS,
    MAX_DIGITS,
    MAX_VARIATION_DEPTH,
    POINT_SET,
    REMOVAL,
    RESULTS,
    SIDES,
    TOO_LARGE,
    Game,
    Ply,
    Variation,
    decimal_digits,
    too_deep,
    too_many_digits,
)
from muehle.notation.text.errors import FormatError, quoted, shortened
from muehle.notation.text.i18n import N_, _
from muehle.notation.writing.writers import (
    COMMENT_BRACE_AND_BREAK,
    COMMENT_CUT,
    TAG_NAME,
    RecordWriter,
    check_move_number,
    check_ply,
    check_result,
    check_tag_pair,
    comment_fault,
    comment_unit,
    unwritable,
    written,
)

#: The value of the top-level ``format`` field, and the layout version written.
FORMAT = "muehle-record"
VERSION = 1

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
#: Half of a UTF-16 surrogate pair, alone: no Unicode character.
_SURROGATE = re.compile("[\ud800-\udfff]")

_TOP_KEYS = ("format", "version", "games")
_GAME_KEYS = ("tags", "comments", "plies", "result", "final_comments")
_VARIATION_KEYS = ("comments", "plies")


# ---------------------------------------------------------------------------
# model -> plain data


def records_to_data(games: Iterable[Game]) -> dict[str, Any]:
    """The whole document as plain data (dicts, lists, strings, numbers).

    A record that the readers would refuse (a tag name or value, a comment or a variation
    that no form can carry, a move number out of range) is refused with
    :class:`~muehle.notation.writing.writers.UnwritableError`, as the notation's writer refuses it.

    >>> records_to_data([Game(tags={"Event": "a\\nb"})])
    Traceback (most recent call last):
    ...
    muehle.notation.writing.writers.UnwritableError: <input>: error: the value of tag Event contains a line break, which a tag pair cannot carry
    """
    return {"format": FORMAT, "version": VERSION, "games": [game_to_data(game) for game in games]}


def game_to_data(game: Game, locations: bool = True) -> dict[str, Any]:
    """One game as plain data, default fields left out (and, without ``locations``, the plies'
    ``line`` and ``column``).

    >>> from muehle.notation.record.model import Game, Ply
    >>> game_to_data(Game(plies=[Ply(18, "white", "b2", origin="d2", captures=["a4"])], result="1-0"))
    {'tags': {}, 'plies': [{'number': 18, 'side': 'white', 'from': 'd2', 'to': 'b2', 'captures': ['a4']}], 'result': '1-0'}
    """
    return _game_data(game, lambda: [ply_to_data(ply, game, locations) for ply in game.plies])


def _game_data(game: Game, plies: Callable[[], list[Any]]) -> dict[str, Any]:
    """:func:`game_to_data`, the data of the plies made by ``plies`` (once what comes before them is checked)."""
    for name, value in game.tags.items():
        check_tag_pair(name, value, game)
        _unicode(value, game, None)
    check_result(game)
    data: dict[str, Any] = {"tags": dict(game.tags)}
    if game.comments:
        data["comments"] = _comments(game.comments, game, None)
    data["plies"] = plies()
    if game.result is not None:
        data["result"] = game.result
    if game.final_comments:
        data["final_comments"] = _comments(game.final_comments, game, None)
    return data


def _comments(texts: list[str], game: Optional[Game], ply: Optional[Ply]) -> list[str]:
    """The comments as data; :class:`UnwritableError` for one the readers refuse."""
    for text in texts:
        comment_unit(text, game, ply)
        _unicode(text, game, ply)
    return list(texts)


def _unicode(text: str, game: Optional[Game], ply: Optional[Ply]) -> None:
    """:class:`UnwritableError` for a lone surrogate in ``text``, which no file can hold."""
    surrogate = lone_surrogate(text)
    if surrogate is not None:
        raise unwritable(_("a text holding a lone surrogate ({surrogate}), which is not Unicode text, "
                           "cannot be written").format(surrogate=surrogate),
                         game, ply)


def lone_surrogate(text: str) -> Optional[str]:
    """The first lone surrogate (half of a UTF-16 pair, no character) in ``text``, escaped, or ``None``.

    >>> print(lone_surrogate("a\\ud800b"), lone_surrogate("a\U0001f600b"))
    \\ud800 None
    """
    surrogate = _SURROGATE.search(text)
    return None if surrogate is None else f"\\u{ord(surrogate.group()):04x}"


def ply_to_data(ply: Ply, game: Optional[Game] = None, locations: bool = True) -> dict[str, Any]:
    """One ply of ``game`` as plain data, default fields left out (``locations``: with its
    ``line`` and ``column`` in the text it was read from, where known)."""
    check_move_number(ply, game)
    check_ply(ply, game)
    data: dict[str, Any] = {"number": ply.number, "side": ply.side}
    if ply.origin is not None:
        data["from"] = ply.origin
    if ply.target != REMOVAL:  # (removals alone: no "to", the removals in "captures")
        data["to"] = ply.target
    if ply.captures:
        data["captures"] = list(ply.captures)
    if ply.annotation is not None:
        data["annotation"] = ply.annotation
    if ply.nags:
        data["nags"] = list(ply.nags)
    if ply.draw_offer:
        data["draw_offer"] = True
    if ply.comments:
        data["comments"] = _comments(ply.comments, game, ply)
    if ply.variations:
        data["variations"] = [_variation_to_data(variation, game, locations) for variation in ply.variations]
    if locations:
        if ply.line:
            data["line"] = ply.line
        if ply.column:
            data["column"] = ply.column
    return data


def _variation_to_data(variation: Variation, game: Optional[Game], locations: bool = True) -> dict[str, Any]:
    if not variation.plies:
        raise unwritable(_("a variation without plies cannot be written"), game)
    data: dict[str, Any] = {}
    if variation.comments:
        data["comments"] = _comments(variation.comments, game, None)
    data["plies"] = [ply_to_data(ply, game, locations) for ply in variation.plies]
    return data


def write_json(games: Iterable[Game], locations: bool = True) -> str:
    """Games as a JSON record: UTF-8 text indented by two spaces, where an object or
    array that fits in :data:`JSON_WIDTH` columns stays on one line (without ``locations``,
    the plies' ``line`` and ``column`` are left out). :class:`JsonWriter` writes the same
    text game by game.

    >>> from muehle.notation.record.model import Game, Ply
    >>> print(write_json([Game(plies=[Ply(1, "white", "b4")], result="*")]), end="")
    {
      "format": "muehle-record",
      "version": 1,
      "games": [{"tags": {}, "plies": [{"number": 1, "side": "white", "to": "b4"}], "result": "*"}]
    }
    """
    return written(JsonWriter(locations), games)


#: Width up to which the JSON writer keeps an object or array on one line.
JSON_WIDTH = 100

_ENCODE = json.JSONEncoder(ensure_ascii=False).encode

#: The text of a JSON record before its first game, when its games take a line each or more.
_JSON_HEAD = f'{{\n  "format": {_ENCODE(FORMAT)},\n  "version": {VERSION},\n  "games": [\n'
_JSON_GAME_INDENT = 4
#: The room the games have when they stand on the line of their key, ``  "games": [...]``.
_JSON_GAMES_ROOM = JSON_WIDTH - len('  "games": ')


class JsonWriter(RecordWriter):
    """The JSON record of :func:`write_json`, game by game: the games are held back only while
    they might still fit on the line of their key (a few short games), then written as they come,
    their common plies from templates (:func:`_ply_text`), the same text as the layout of their data.

    >>> writer = JsonWriter()
    >>> writer.game(Game(result="*")), writer.end()  # (the whole record fits on one line)
    ('', '{"format": "muehle-record", "version": 1, "games": [{"tags": {}, "plies": [], "result": "*"}]}\\n')
    """

    def __init__(self, locations: bool = True) -> None:
        self.locations = locations
        self._held: Optional[list[dict[str, Any]]] = []  # ``None`` once the games are written as they come

    def game(self, game: Game) -> str:
        indent = " " * _JSON_GAME_INDENT
        if self._held is None:
            if game.ply_count() >= _PLIES_ON_LINES:
                return ",\n" + indent + _game_on_lines(game, self.locations)
            return ",\n" + indent + _json_text(game_to_data(game, self.locations), _JSON_GAME_INDENT,
                                                _JSON_GAME_INDENT)
        data = game_to_data(game, self.locations)
        self._held.append(data)
        room = _JSON_GAMES_ROOM
        if _flat_length(self._held, room) <= room and len(_ENCODE(self._held)) <= room:
            return ""
        held, self._held = self._held, None
        return _JSON_HEAD + ",\n".join(indent + _json_text(item, _JSON_GAME_INDENT, _JSON_GAME_INDENT)
                                        for item in held)

    def end(self) -> str:
        if self._held is None:
            return "\n  ]\n}\n"
        held, self._held = self._held, []
        return _json_text({"format": FORMAT, "version": VERSION, "games": held}, 0) + "\n"


#: From how many plies on a game's ``plies`` never fit on one line, nor the game: the shortest ply,
#: ``{"number": 0, "side": "white", "to": "a1"}``, takes 42 columns, two of them in a list 88, and
#: the list has 85 beside its key (``      "plies": ``).
_PLIES_ON_LINES = 2
_GAME_KEY_INDENT = " " * (_JSON_GAME_INDENT + 2)
_PLY_INDENT = " " * (_JSON_GAME_INDENT + 4)


def _game_on_lines(game: Game, locations: bool) -> str:
    """The text :func:`_json_text` makes of ``game_to_data(game, locations)`` at the indent of the
    list of games, for a game of :data:`_PLIES_ON_LINES` plies or more (its fields then stand a line
    each, its plies too), without making the data of each ply: see :func:`_ply_text`. The plain plies
    of a :class:`~muehle.notation.record.compactgame.CompactGame` are written from their tuples, without
    making their :class:`~muehle.notation.record.model.Ply` objects (:func:`plain_ply_text`).

    >>> game = Game(plies=[Ply(1, "white", "b4", line=1, column=4), Ply(1, "black", "d6", captures=["b4"])])
    >>> _game_on_lines(game, True) == _json_text(game_to_data(game), _JSON_GAME_INDENT, _JSON_GAME_INDENT)
    True
    """
    held = game.plain_plies() if isinstance(game, CompactGame) else None
    data = _game_data(game, lambda: _plies_text(game.plies if held is None else held, game, locations))
    fields = [_field(key, value) for key, value in data.items()]
    return "{\n" + ",\n".join(fields) + "\n" + " " * _JSON_GAME_INDENT + "}"


def _field(key: str, value: Any) -> str:
    """The line of a game's field ``key`` (and the lines after it, where ``value`` takes more); the
    value of ``plies`` is the text of each ply, one to a line."""
    prefix = f'{_GAME_KEY_INDENT}"{key}": '
    if key == "plies":
        return prefix + f"[\n{_PLY_INDENT}" + f",\n{_PLY_INDENT}".join(value) + f"\n{_GAME_KEY_INDENT}]"
    return prefix + _json_text(value, len(_GAME_KEY_INDENT), len(prefix))


def _plies_text(plies: Sequence[Union[Ply, PlainPly]], game: Game, locations: bool) -> list[str]:
    """The text of each ply of ``plies`` (of ``game``) in the plies of a game of the list of games:
    a plain ply of a compact game (a tuple) as :func:`plain_ply_text` writes it, a :class:`Ply` as
    :func:`_ply_text` does, else (or when they do not) as :func:`_json_text` writes its data."""
    starts = _PLY_STARTS
    room = _FIELDS_ROOM + 2
    texts: list[str] = []
    append = texts.append
    for ply in plies:
        if type(ply) is tuple:
            # A plain ply's fields are as the readers tell them (its number an int or None, its place
            # ints): the common one, without captures and annotation, whose first fields plain_ply_text
            # has learnt, is written here at once, as plain_ply_text writes it, when it fits on a line.
            if locations and not ply[4] and ply[5] is None:
                start = starts.get(ply[:4])  # type: ignore[arg-type]
                line, column = ply[6], ply[7]
                if start is not None and line and column:
                    text: Optional[str] = f'{{{start}, "line": {line}, "column": {column}}}'
                    if len(text) <= room:  # type: ignore[arg-type]
                        append(text)  # type: ignore[arg-type]
                        continue
            text = plain_ply_text(*ply, locations)
            if text is None:
                ply = ply_of(ply)
        else:
            text = _ply_text(ply, locations)  # type: ignore[arg-type]
        if text is None:
            text = _json_text(ply_to_data(ply, game, locations), len(_PLY_INDENT), len(_PLY_INDENT))  # type: ignore[arg-type]
        append(text)
    return texts


#: What a ply's number, side, origin and target make of its JSON, its fields on one line (none of
#: them holds a ``", "``; ``None``: not written from templates); a few ten thousand of them in a
#: large record.
_PLY_STARTS: dict[tuple[int, str, Optional[str], str], Optional[str]] = {}
_PLY_STARTS_LIMIT = 50_000
#: What a ply's captures and annotation add to it, each field after a ``"\0"`` (``None``: not
#: written from templates).
_PLY_ENDS: dict[tuple[tuple[str, ...], Optional[str]], Optional[str]] = {}
_PLY_FIELD_BREAK = ",\n" + _PLY_INDENT + "  "
#: The room of a ply's fields on one line, within its braces, in a game of the list of games.
_FIELDS_ROOM = JSON_WIDTH - len(_PLY_INDENT) - 2
#: The room a ply's ``captures`` and ``nags`` have beside their key when the ply stands on lines.
_CAPTURES_ROOM = JSON_WIDTH - len(_PLY_INDENT) - 2 - len('"captures": ')
_NAGS_ROOM = JSON_WIDTH - len(_PLY_INDENT) - 2 - len('"nags": ')


def _ply_text(ply: Ply, locations: bool) -> Optional[str]:
    """``ply`` as :func:`_json_text` writes ``ply_to_data(ply, locations=locations)`` in the plies of
    a game of the list of games, when it is a common one: numbered, with points, side, annotation and
    NAGs as the readers read them, no comments and no variations; else ``None`` (:func:`ply_to_data`
    then makes it, or reports what no reader reads). Its fields are written from templates, on one
    line when they fit, else one to a line: see :func:`plain_ply_text`.

    >>> print(_ply_text(Ply(18, "white", "b2", "d2", line=3, column=4), True))
    {"number": 18, "side": "white", "from": "d2", "to": "b2", "line": 3, "column": 4}
    >>> print(_ply_text(Ply(18, "white", "b2", "d2", ["a4"], "!", [1], True, line=3, column=4), True))
    {
              "number": 18,
              "side": "white",
              "from": "d2",
              "to": "b2",
              "captures": ["a4"],
              "annotation": "!",
              "nags": [1],
              "draw_offer": true,
              "line": 3,
              "column": 4
            }
    """
    if ply.comments or ply.variations:
        return None
    captures = ply.captures
    return plain_ply_text(ply.number, ply.side, ply.origin, ply.target, tuple(captures) if captures else (),
                          ply.annotation, ply.line, ply.column, locations, ply.nags, ply.draw_offer)


def plain_ply_text(number: Optional[int], side: str, origin: Optional[str], target: str, captures: tuple[str, ...],
                   annotation: Optional[str], line: int, column: int, locations: bool,
                   nags: Sequence[int] = (), draw_offer: bool = False) -> Optional[str]:
    """A ply without comments and variations, given by its fields, as :func:`_ply_text` writes it
    (the fields of a :data:`~muehle.notation.record.compactgame.PlainPly` come first, in its order);
    ``None`` when it is not a common one.

    >>> print(plain_ply_text(18, "white", "d2", "b2", ("a4",), None, 3, 4, False))
    {"number": 18, "side": "white", "from": "d2", "to": "b2", "captures": ["a4"]}
    """
    if type(number) is not int:
        return None
    key = (number, side, origin, target)
    try:
        text = _PLY_STARTS[key]
    except KeyError:
        text = _ply_start(*key)
        if len(_PLY_STARTS) < _PLY_STARTS_LIMIT:
            _PLY_STARTS[key] = text
    if text is None:
        return None
    text = text.replace(", ", "\0")
    if captures or annotation is not None:
        ends = (captures, annotation)
        try:
            end = _PLY_ENDS[ends]
        except KeyError:
            end = _ply_end(captures, annotation)
            if len(_PLY_ENDS) < _PLY_STARTS_LIMIT:
                _PLY_ENDS[ends] = end
        if end is None:
            return None
        text += end
    if nags:
        for nag in nags:
            if type(nag) is not int or not 1 <= nag <= 255:
                return None
        listed = "[" + ", ".join(map(str, nags)) + "]"
        if len(listed) > _NAGS_ROOM:
            return None
        text += '\0"nags": ' + listed
    if draw_offer:
        if draw_offer is not True:
            return None
        text += '\0"draw_offer": true'
    if locations:
        if type(line) is not int or type(column) is not int:
            return None
        if line:
            text += f'\0"line": {line}'
        if column:
            text += f'\0"column": {column}'
    flat = text.replace("\0", ", ")
    if len(flat) <= _FIELDS_ROOM:
        return "{" + flat + "}"
    return "{\n  " + _PLY_INDENT + text.replace("\0", _PLY_FIELD_BREAK) + "\n" + _PLY_INDENT + "}"


def _ply_start(number: int, side: str, origin: Optional[str], target: str) -> Optional[str]:
    """The first fields of a ply's JSON for :func:`plain_ply_text`, on one line; ``None`` for what
    :func:`ply_to_data` is to write or refuse."""
    if not 0 <= number < 10**6 or side not in SIDES or target not in POINT_SET:
        return None
    if origin is None:
        return f'"number": {number}, "side": "{side}", "to": "{target}"'
    if origin not in POINT_SET:
        return None
    return f'"number": {number}, "side": "{side}", "from": "{origin}", "to": "{target}"'


def _ply_end(captures: tuple[str, ...], annotation: Optional[str]) -> Optional[str]:
    """The captures and annotation of a ply's JSON for :func:`plain_ply_text`, each after a ``"\0"``;
    ``None`` for what :func:`ply_to_data` is to write or refuse."""
    text = ""
    if captures:
        for point in captures:
            if point not in POINT_SET:
                return None
        listed = '["' + '", "'.join(captures) + '"]'
        if len(listed) > _CAPTURES_ROOM:
            return None
        text = '\0"captures": ' + listed
    if annotation is not None:
        if annotation not in ANNOTATIONS:
            return None
        text += '\0"annotation": "' + annotation + '"'
    return text


def _flat_length(value: Any, room: int) -> int:
    """At most the length of ``value`` encoded on one line, and more than ``room`` when that is
    (a number or a string counts at its shortest: one digit, its characters unescaped), counted
    only until it passes ``room`` (so a long value costs no more than a short one).

    >>> _flat_length([1, "ab"], 9), _flat_length(["abcdef", "ab", "c"], 8)  # (the second is 21 long)
    (9, 14)
    """
    kind = type(value)
    if kind is str:
        return len(value) + 2
    if kind is dict:
        total = 2 * len(value) if value else 2  # braces and separators
        for key, item in value.items():
            total += len(key) + 4  # '"key": '
            kind = type(item)
            if kind is str:
                total += len(item) + 2
            elif kind is int:
                total += 1
            else:
                total += _flat_length(item, room - total)
            if total > room:
                return total
        return total
    if kind is list:
        total = 2 * len(value) if value else 2
        for item in value:
            if total > room:
                return total
            total += len(item) + 2 if type(item) is str else _flat_length(item, room - total)
        return total
    if value is None or kind is bool:
        return 4  # (null, true: false is longer, but a bound from below is all that is asked)
    return 1


def _json_text(value: Any, indent: int, column: int = 0) -> str:
    """``value`` as JSON starting at ``column`` of a line indented by ``indent``."""
    kind = type(value)
    if kind is not dict and kind is not list or not value:
        return _ENCODE(value)
    room = JSON_WIDTH - column
    if _flat_length(value, room) <= room:  # else it cannot fit
        flat = _ENCODE(value)
        if len(flat) <= room:
            return flat
    inner = " " * (indent + 2)
    if kind is dict:
        items = []
        for key, item in value.items():
            prefix = f"{inner}{_STRING(key)}: "
            kind = type(item)
            if kind is str:
                items.append(prefix + _STRING(item))
            elif kind is int:
                items.append(prefix + str(item))
            else:
                items.append(prefix + _json_text(item, indent + 2, len(prefix)))
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [inner + _json_text(item, indent + 2, len(inner)) for item in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


#: A string as JSON (what :data:`_ENCODE` makes of it, without its detour).
_STRING = json.encoder.encode_basestring


def write_yaml(games: Iterable[Game], locations: bool = True) -> str:
    """Games as a YAML record with the same layout as the JSON one (:class:`YamlWriter` writes
    it game by game).

    >>> print(write_yaml([Game(comments=["line\u2028break"])]), end="")
    format: muehle-record
    version: 1
    games:
    - tags: {}
      comments:
      - "line\\Lbreak"
      plies: []
    """
    return written(YamlWriter(locations), games)


class YamlWriter(RecordWriter):
    """The YAML record of :func:`write_yaml`, game by game: one document whose ``games`` are a
    block sequence, each game an item of it written as it comes."""

    def __init__(self, locations: bool = True) -> None:
        self.locations = locations
        self._games = 0

    def game(self, game: Game) -> str:
        item = _yaml_text([game_to_data(game, self.locations)])
        self._games += 1
        if self._games > 1:
            return item
        return _yaml_text({"format": FORMAT, "version": VERSION}) + "games:\n" + item

    def end(self) -> str:
        return "" if self._games else _yaml_text({"format": FORMAT, "version": VERSION, "games": []})


def _yaml_text(data: Any) -> str:
    return yaml.dump(data, Dumper=_SafeDumper, allow_unicode=True, sort_keys=False)


class _SafeDumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """PyYAML's safe dumper (libyaml's when installed), quoting and so escaping the
    characters YAML reads as line breaks: written bare, PyYAML would read ``\\x85``
    or ``\\u2028`` back as a space."""

    def ignore_aliases(self, data: Any) -> bool:
        """Never an anchor and alias, not even for a value given twice: the readers refuse them."""
        return True


_YAML_BREAKS = re.compile("[\r\x85\u2028\u2029]")


def _represent_str(dumper: Any, text: str) -> yaml.ScalarNode:
    style = '"' if _YAML_BREAKS.search(text) else None
    node: yaml.ScalarNode = dumper.represent_scalar("tag:yaml.org,2002:str", text, style=style)
    return node


_SafeDumper.add_representer(str, _represent_str)


# ---------------------------------------------------------------------------
# plain data -> model


def records_from_data(data: Any, source: str = "") -> list[Game]:
    """Check a parsed JSON/YAML document against the layout and build the games.

    Raises :class:`FormatError` naming the path of the first bad value.
    """
    try:
        return _Checker(source).document(data)
    except RecursionError:
        raise FormatError(_("the record is nested too deeply"), source=source) from None


def read_json(text: str, source: str = "") -> list[Game]:
    """The games of a JSON record; syntax errors carry the line and column."""
    try:
        data = _json_data(text)
    except json.JSONDecodeError as error:
        raise FormatError(
            _("invalid JSON: {msg}").format(msg=error.msg), source=source, line=error.lineno, column=error.colno,
            line_text=_line_of(text, error.lineno),
        ) from None
    except RecursionError:
        raise FormatError(_("invalid JSON: nested too deeply"), source=source) from None
    return records_from_data(data, source)


def read_yaml(text: str, source: str = "") -> list[Game]:
    """The games of a YAML record (safe loading only: plain data, no Python objects)."""
    try:
        data = load_yaml_strictly(text)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        message = error.problem or error.context or _("not YAML")
        line = mark.line + 1 if mark is not None else 0
        column = mark.column + 1 if mark is not None else 0
        raise FormatError(
            _("invalid YAML: {message}").format(message=message), source=source, line=line, column=column,
            line_text=_line_of(text, line) if line else None,
        ) from None
    except yaml.YAMLError as error:
        raise FormatError(_("invalid YAML: {error}").format(error=error), source=source) from None
    except RecursionError:
        raise FormatError(_("invalid YAML: nested too deeply"), source=source) from None
    return records_from_data(data, source)


def _json_data(text: str) -> Any:
    """The data of a JSON text, where a number too long for Python is a :class:`_LongNumber`."""
    try:
        return json.loads(text, object_pairs_hook=_Object.from_pairs)
    except json.JSONDecodeError:
        raise
    except ValueError:  # such a number: read again, keeping it aside (slower, so only then)
        return json.loads(text, object_pairs_hook=_Object.from_pairs, parse_int=_integer)


class _LongNumber:
    """A JSON integer of more digits than Python reads, kept for the checker to report at its path."""

    def __init__(self, digits: int) -> None:
        self.digits = digits

    def __repr__(self) -> str:
        return f"a number of {self.digits} digits"


def _integer(text: str) -> Any:
    """A JSON integer as written: an ``int``, or a :class:`_LongNumber` when it is too long."""
    digits = len(text) - (text[0] == "-")
    return _LongNumber(digits) if digits > MAX_DIGITS else int(text)


#: The reader of each form of data record (see :func:`muehle.notation.reading.inputs.input_form`).
READERS: dict[str, Callable[[str, str], list[Game]]] = {"json": read_json, "yaml": read_yaml}


def _line_of(text: str, line: int) -> Optional[str]:
    """Line ``line`` (1-based, counting ``\\n`` only, as JSON does) of ``text``."""
    lines = text.split("\n")
    return lines[line - 1].rstrip("\r") if 0 < line <= len(lines) else None


class _Object(dict[str, Any]):
    """A JSON object that remembers keys it saw more than once."""

    duplicates: tuple[str, ...] = ()

    @classmethod
    def from_pairs(cls, pairs: list[tuple[str, Any]]) -> "_Object":
        obj = cls(pairs)
        if len(obj) != len(pairs):
            seen: set[str] = set()
            repeated: list[str] = []
            for key, _ in pairs:
                if key in seen:
                    repeated.append(key)
                seen.add(key)
            obj.duplicates = tuple(repeated)
        return obj


_KINDS: tuple[tuple[type, str], ...] = (
    (bool, N_("a boolean")), (int, N_("an integer")), (_LongNumber, N_("an integer")), (float, N_("a number")),
    (str, N_("a string")), (list, N_("an array")), (dict, N_("an object")),
)


def _kind(value: Any) -> str:
    """What a value is, in the words of JSON (``bool`` before ``int``, its base)."""
    if value is None:
        return "null"
    for kind, name in _KINDS:
        if isinstance(value, kind):
            return _(name)
    return f"a {type(value).__name__}"


class _Checker:
    """Walks a parsed document, checking each value against the layout."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, path: str, message: str) -> NoReturn:
        raise FormatError(f"{path}: {message}" if path else message, source=self.source)

    # -- shapes ------------------------------------------------------------

    def mapping(self, value: Any, path: str, allowed: tuple[str, ...], required: tuple[str, ...]) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.fail(path, _("expected an object, got {value}").format(value=_kind(value)))
        for key in getattr(value, "duplicates", ()):
            self.fail(path, _("the key {key} appears more than once").format(key=quoted(key)))
        for key in value:
            if key not in allowed:
                self.fail(path, _("unknown key {key} (expected one of: {value})").format(
                    key=quoted(key), value=', '.join(allowed)))
        for key in required:
            if key not in value:
                self.fail(path, _("missing key {key}").format(key=quoted(key)))
        return value

    def array(self, value: Any, path: str) -> list[Any]:
        if not isinstance(value, list):
            self.fail(path, _("expected an array, got {value}").format(value=_kind(value)))
        return value

    def string(self, value: Any, path: str) -> str:
        if not isinstance(value, str):
            self.fail(path, _("expected a string, got {value}").format(value=_kind(value)))
        surrogate = lone_surrogate(value)
        if surrogate is not None:  # (JSON can escape one: "\ud800"; no writer can encode it)
            self.fail(path, _("not valid Unicode text (a lone surrogate {surrogate})").format(surrogate=surrogate))
        return value

    def integer(self, value: Any, path: str, low: int, high: Optional[int] = None) -> int:
        if isinstance(value, _LongNumber):
            self.fail(path, too_many_digits(N_("a number"), value.digits))
        if not isinstance(value, int) or isinstance(value, bool):
            self.fail(path, _("expected an integer, got {value}").format(value=_kind(value)))
        if not -TOO_LARGE < value < TOO_LARGE:
            self.fail(path, too_many_digits(N_("a number"), decimal_digits(value)))
        if value < low or (high is not None and value > high):
            bounds = (_("from {low} to {high}").format(low=low, high=high) if high is not None
                      else _("{low} or more").format(low=low))
            self.fail(path, _("{value} is out of range ({bounds})").format(value=shortened(str(value)), bounds=bounds))
        return value

    def optional(self, data: dict[str, Any], key: str, path: str, read: Callable[[Any, str], Any], default: Any) -> Any:
        value = data.get(key)
        return default if value is None else read(value, f"{path}.{key}")

    def items(self, value: Any, path: str, read: Callable[[Any, str], Any]) -> list[Any]:
        return [read(item, f"{path}[{index}]") for index, item in enumerate(self.array(value, path))]

    # -- vocabulary ----------------------------------------------------------

    def point(self, value: Any, path: str) -> str:
        point = self.string(value, path)
        if point not in POINT_SET:
            hint = (_(" (points are written in lower case: {point})").format(point=quoted(point.lower()))
                    if point.lower() in POINT_SET else "")
            self.fail(path, _("{point} is not a point of the board{hint}").format(point=quoted(point), hint=hint))
        return point

    def one_of(self, value: Any, path: str, allowed: tuple[str, ...], what: str, listing: str) -> str:
        text = self.string(value, path)
        if text not in allowed:
            self.fail(path, _("{text} is not {what} ({listing})").format(text=quoted(text), what=_(what), listing=listing))
        return text

    def result(self, value: Any, path: str) -> str:
        return self.one_of(value, path, RESULTS, N_("a result"), ", ".join(RESULTS))

    def annotation(self, value: Any, path: str) -> str:
        return self.one_of(value, path, ANNOTATIONS, N_("an annotation"), " ".join(ANNOTATIONS))

    def nag(self, value: Any, path: str) -> int:
        return self.integer(value, path, 1, 255)

    def comment(self, value: Any, path: str) -> str:
        text = self.string(value, path)
        fault = comment_fault(text)
        if fault is not None:
            self.fail(path, _("a comment cannot hold {what}").format(what=_(COMMENT_CUT)) if fault is COMMENT_CUT else
                      _("a comment cannot contain {what}").format(what=_(COMMENT_BRACE_AND_BREAK)))
        return text

    def comments(self, value: Any, path: str) -> list[str]:
        return self.items(value, path, self.comment)

    def tags(self, value: Any, path: str) -> dict[str, str]:
        if not isinstance(value, dict):
            self.fail(path, _("expected an object, got {value}").format(value=_kind(value)))
        for key in getattr(value, "duplicates", ()):
            self.fail(path, _("the tag {key} appears more than once").format(key=quoted(key)))
        tags: dict[str, str] = {}
        for name, text in value.items():
            name_path = (f"{path}.{shortened(name)}" if isinstance(name, str) and _IDENTIFIER.match(name)
                         else f"{path}[{quoted(name)}]")
            if not isinstance(name, str) or not TAG_NAME.match(name):
                self.fail(name_path, _("not a tag name (letters, digits and _ only)"))
            text = self.string(text, name_path)
            if "\n" in text or "\r" in text:
                self.fail(name_path, _("a tag value cannot contain a line break"))
            too_long = too_long_tag_value(name, text)
            if too_long is not None:  # (the notation's limit: the record could not be written as notation)
                self.fail(name_path, too_long)
            tags[name] = text
        return tags

    # -- structure -----------------------------------------------------------

    def document(self, data: Any) -> list[Game]:
        if not isinstance(data, dict):
            self.fail("", _("expected an object with 'format', 'version' and 'games', got {data}").format(
                data=_kind(data)))
        self.mapping(data, "", _TOP_KEYS, _TOP_KEYS)
        if data["format"] != FORMAT:
            self.fail("format", _("expected {expected!r}, got {value}").format(
                expected=FORMAT, value=quoted(data['format'])))
        version = self.integer(data["version"], "version", 1)
        if version != VERSION:
            self.fail("version", _("version {version} is not supported (this muehle reads version {supported})").format(
                version=shortened(str(version)), supported=VERSION))
        return self.items(data["games"], "games", self.game)

    def game(self, value: Any, path: str) -> Game:
        data = self.mapping(value, path, _GAME_KEYS, ())
        game = Game(
            tags=self.optional(data, "tags", path, self.tags, {}),
            comments=self.optional(data, "comments", path, self.comments, []),
            plies=self.optional(data, "plies", path, self.plies, []),
            result=self.optional(data, "result", path, self.result, None),
            final_comments=self.optional(data, "final_comments", path, self.comments, []),
            source=self.source,
        )
        game.places_in_source = False  # the plies' places are in the text the record was made from
        return game

    def ply(self, value: Any, path: str) -> Ply:
        # Plies are most of a record: the common case is checked inline, and the
        # paths for messages are only built for fields that are given.
        data = self.mapping(value, path, _PLY_KEYS, ("side",))
        get = data.get
        side: Any
        target: Any
        side, target, origin, number = get("side"), get("to"), get("from"), get("number")
        if side not in SIDES:
            self.one_of(side, f"{path}.side", SIDES, N_("a side"), "white or black")
        placed = 2  # (the keys "side" and "to")
        if not (type(target) is str and target in POINT_SET):
            if "to" in data or "from" in data or not get("captures"):
                self.mapping(value, path, _PLY_KEYS, ("side", "to"))
                self.point(target, f"{path}.to")
            target, placed = REMOVAL, 1  # (removals alone: "captures" without "to" and "from")
        if origin is not None and not (type(origin) is str and origin in POINT_SET):
            self.point(origin, f"{path}.from")
        if number is not None and not (type(number) is int and 0 <= number < TOO_LARGE):
            self.integer(number, f"{path}.number", 0)  # (0 as the notation may write it: the replay judges it)
        ply = Ply(number, side, target, origin)
        if len(data) > placed + ("from" in data) + ("number" in data):
            for key, given in data.items():
                check = _PLY_EXTRAS.get(key)
                if check is not None and given is not None:
                    setattr(ply, key, check(self, given, f"{path}.{key}"))
        return ply

    def position(self, value: Any, path: str) -> int:
        return value if type(value) is int and 0 <= value < TOO_LARGE else self.integer(value, path, 0)

    def points(self, value: Any, path: str) -> list[str]:
        return self.items(value, path, self.point)

    def nags(self, value: Any, path: str) -> list[int]:
        return self.items(value, path, self.nag)

    def variation(self, value: Any, path: str) -> Variation:
        if path.count(".variations[") > MAX_VARIATION_DEPTH:
            self.fail(path, too_deep())
        data = self.mapping(value, path, _VARIATION_KEYS, ("plies",))
        plies = self.plies(data["plies"], f"{path}.plies")
        if not plies:
            self.fail(f"{path}.plies", _("a variation needs at least one ply"))
        return Variation(
            plies=plies,
            comments=self.optional(data, "comments", path, self.comments, []),
        )

    def plies(self, value: Any, path: str) -> list[Ply]:
        return self.items(value, path, self.ply)

    def variations(self, value: Any, path: str) -> list[Variation]:
        return self.items(value, path, self.variation)

    def flag(self, value: Any, path: str) -> bool:
        if not isinstance(value, bool):
            self.fail(path, _("expected true or false, got {value}").format(value=_kind(value)))
        return value


#: The fields of a ply besides its place and number: key (= attribute) -> check.
_PLY_EXTRAS: dict[str, Callable[[_Checker, Any, str], Any]] = {
    "captures": _Checker.points, "annotation": _Checker.annotation, "nags": _Checker.nags,
    "draw_offer": _Checker.flag, "comments": _Checker.comments, "variations": _Checker.variations,
    "line": _Checker.position, "column": _Checker.position,
}
_PLY_KEYS = ("number", "side", "from", "to", *_PLY_EXTRAS)
