"""Endgame tables in a cache folder: one file per table and settings, with a header that says
what it holds and a checksum of its values.

``DIR/v1/<settings>/<a>v<b>.table`` holds table ``(a, b)`` (``a`` stones for the side to
move, ``b`` for the other) solved under the settings named ``<settings>`` (see
:attr:`~muehle.analyzer.endgames.settings.EndgameRules.name`). The file is

- the line ``muehle endgame table, format 2`` (:data:`MAGIC`, the format's number last);
- a line of JSON, at most :data:`HEADER_LIMIT` bytes with its end of line: ``table``
  (``"3v4"``), ``flying``, ``capture_from_mill`` and ``blocked`` (the settings solved under),
  ``values`` (how many bytes follow) and ``blake2b`` (their BLAKE2b-256 digest, in hex);
- the values: one byte per class (see :mod:`~muehle.analyzer.endgames.values`), classes in
  the order of their keys (:func:`~muehle.analyzer.endgames.index.classes`).

A table is used only when all of it holds: the first line of this format, the header's table
and settings those asked for, as many values as the table has classes (known from the stones,
never taken from the file), the file's length exactly the header's and the values', and the
values' digest the header's. Anything else is an :class:`UnusableTable` naming the file, what
is wrong and the command that builds the table again. The tables of earlier versions
(``<a>v<b>.npy``, bare numpy arrays without a header, format 1) are not read.
A file is written under a temporary name and renamed, so a table is there whole or not at all.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import re
import shlex
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Optional, Union

import platformdirs

from muehle.analyzer.endgames.settings import ALL_SETTINGS, EndgameRules, RulesNotSolved, endgame_rules, table_name
from muehle.analyzer.engine.rules import (
    BLOCKED,
    CAPTURE_FROM_MILL,
    DEFAULT_RULESET,
    Ruleset,
    load_ruleset,
    preset_names,
)
from muehle.notation.text.errors import MuehleError
from muehle.notation.text.i18n import N_, _

if TYPE_CHECKING:
    import numpy as np  # (numpy, an optional dependency: loaded only where a table is read or built)

#: Every table is of the same layout version (the classes' order, the bytes' meaning); another
#: layout gets another folder.
LAYOUT = "v1"

#: The format of the files written, the only one read (1: the bare numpy arrays of earlier versions).
FORMAT = 2

#: The first line of a table file; the number at its end is the format's.
MAGIC = f"muehle endgame table, format {FORMAT}\n".encode("ascii")

#: The longest header line read (its end of line included): a header of another length is damaged.
HEADER_LIMIT = 1024

#: The name's ending of a table file, and that of the earlier format's files.
SUFFIX = ".table"
EARLIER_SUFFIX = ".npy"

_FIRST_LINE = re.compile(rb"muehle endgame table, format ([0-9]{1,9})\n")
_FIRST_LINE_LIMIT = 64
_FIELDS = frozenset({"table", "flying", "capture_from_mill", "blocked", "values", "blake2b"})

PathLike = Union[str, "os.PathLike[str]"]


class MissingTable(MuehleError):
    """A table that is needed has not been built, or cannot be used (:class:`UnusableTable`)."""

    code = "endgame-table"


class UnusableTable(MissingTable):
    """A table file that is there but cannot be used: damaged, of other settings or stones than
    asked, of another format, or unreadable."""


#: What is wrong with a table file (the ``{reason}`` of :data:`_UNUSABLE`).
_DAMAGED_VALUES = N_("its values do not match the checksum in its header (the file is damaged)")
_TRUNCATED = N_("the file is truncated: {size} bytes, where its header and {values} values make {expected}")
_TOO_LONG = N_("the file is longer than the table: {size} bytes, where its header and {values} values make {expected}")
_FOREIGN = N_("the file holds the table {found} ({found_rules}), not this one")
_WRONG_LENGTH = N_("its header gives {claimed} values, where the table {table} has {values}")
_EARLIER_FORMAT = N_("the file is in the format of earlier versions (a numpy array without a header or a "
                     "checksum); this version reads format {format}")
_OTHER_FORMAT = N_("the file is in format {found}; this version reads format {format}")
_NOT_A_TABLE = N_("the file does not begin as an endgame table does")
_BAD_HEADER = N_("its header is damaged")
_UNUSABLE = N_("the endgame table {table} ({rules}) cannot be used: {reason}; build it again with: {command}")


def default_directory() -> Path:
    """The user's cache folder for muehle's endgame tables, where each system keeps caches (found
    by platformdirs): ``$XDG_CACHE_HOME/muehle/endgames`` (``~/.cache/muehle/endgames`` when it is
    not set) on Linux and the BSDs, ``~/Library/Caches/muehle/endgames`` on macOS,
    ``%LOCALAPPDATA%\\muehle\\endgames`` on Windows."""
    return platformdirs.user_cache_path("muehle", appauthor=False, opinion=False) / "endgames"


def table_path(directory: Optional[PathLike], rules: EndgameRules, table: tuple[int, int]) -> Path:
    """Where table ``table`` solved under ``rules`` is kept.

    >>> table_path("/tmp/eg", EndgameRules(), (3, 4)).as_posix()
    '/tmp/eg/v1/flying-capture-when-all-in-mills/3v4.table'
    """
    base = Path(directory) if directory is not None else default_directory()
    return base / LAYOUT / rules.name / f"{table_name(table)}{SUFFIX}"


def _named_by(path: Path) -> tuple[EndgameRules, tuple[int, int]]:
    """The settings and the table that ``path`` (as :func:`table_path` makes it) names."""
    match = re.fullmatch(r"([0-9])v([0-9])" + re.escape(SUFFIX), path.name)
    rules = next((settings for settings in ALL_SETTINGS if settings.name == path.parent.name), None)
    if match is None or rules is None:
        raise ValueError(f"{path}: not a table's path; give the settings and the table")
    return rules, (int(match[1]), int(match[2]))


def header(rules: EndgameRules, table: tuple[int, int], values: bytes) -> bytes:
    """The first two lines of the file of ``table`` solved under ``rules`` holding ``values``.

    >>> print(header(EndgameRules(), (3, 3), bytes(2)).decode("ascii"), end="")  # doctest: +ELLIPSIS
    muehle endgame table, format 2
    {"table": "3v3", "flying": true, "capture_from_mill": "when-all-in-mills", "blocked": "loss", "values": 2, "blake2b": "..."}
    """
    fields = {"table": table_name(table), "flying": rules.flying, "capture_from_mill": rules.capture_from_mill,
              "blocked": rules.blocked, "values": len(values), "blake2b": _digest(values)}
    return MAGIC + json.dumps(fields).encode("ascii") + b"\n"


def _digest(values: bytes) -> str:
    return hashlib.blake2b(values, digest_size=32).hexdigest()


def save_table(path: Path, values: "np.ndarray[Any, Any]", rules: Optional[EndgameRules] = None,
               table: Optional[tuple[int, int]] = None) -> None:
    """Write a table's bytes to ``path`` atomically, with its header: ``rules`` and ``table`` the
    settings and the stones it was solved for (by default those ``path`` names, as
    :func:`table_path` makes it). A folder that cannot be made or written is a
    :class:`~muehle.notation.text.errors.MuehleError` (code ``io``)."""
    import numpy as np  # (numpy, an optional dependency: loaded only where a table is read or built)

    if rules is None or table is None:
        named_rules, named_table = _named_by(path)
        rules, table = rules or named_rules, table or named_table
    data = np.ascontiguousarray(values, dtype=np.uint8).tobytes()
    temporary: Optional[str] = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(handle, "wb") as stream:
            stream.write(header(rules, table, data))
            stream.write(data)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)  # (mkstemp's file is the owner's only)
        os.replace(temporary, path)
    except BaseException as error:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        if isinstance(error, OSError):  # (a folder that cannot be made or written, a full disk, a folder in the way)
            raise MuehleError(_("cannot write the endgame table there: {reason}").format(
                reason=error.strerror or error), source=str(path), code="io") from None
        raise


def _solved_as(rules: Ruleset) -> Optional[EndgameRules]:
    """The endgame settings of a preset, or ``None`` for one the tables are not made for."""
    try:
        return endgame_rules(rules)
    except RulesNotSolved:
        return None


def build_command(rules: EndgameRules, table: tuple[int, int], directory: Optional[PathLike],
                  force: bool = False) -> str:
    """The command that builds the tables a probe lacks (with ``force``: again, over those there):
    ``--rules`` names the first preset with ``rules``' settings (none for the default ruleset's),
    or asks for a ruleset file.

    >>> build_command(EndgameRules(capture_from_mill="never"), (4, 3), None)
    'muehle endgames build --stones 4 --rules wmd-traditional'
    >>> build_command(EndgameRules(), (3, 3), "my tables", force=True)
    "muehle endgames build --stones 3 --dir 'my tables' --force"
    """
    options = f" --stones {max(table)}"
    preset = next((name for name in preset_names() if _solved_as(load_ruleset(name)) == rules), None)
    if preset is None:
        options += (f" --rules FILE (a ruleset with flying: {str(rules.flying).lower()}, "
                    f"capture_from_mill: {rules.capture_from_mill}, blocked: {rules.blocked})")
    elif preset != DEFAULT_RULESET:
        options += f" --rules {preset}"
    if directory is not None:
        options += f" --dir {shlex.quote(os.fspath(directory))}"
    if force:
        options += " --force"
    return f"muehle endgames build{options}"


def load_table(directory: Optional[PathLike], rules: EndgameRules, table: tuple[int, int]) -> "np.ndarray[Any, Any]":
    """The bytes of a table (a read-only numpy array), read once and kept while the file stays
    as it is; :class:`MissingTable` when it has not been built, :class:`UnusableTable` when its
    file cannot be used (see the module's text)."""
    path = table_path(directory, rules, table)
    folder = None if directory is None else os.fspath(directory)
    try:
        status = os.stat(path)
    except FileNotFoundError:
        raise _not_built(path, rules, table, folder) from None
    except OSError as error:
        raise _cannot_read(path, rules, table, folder, error) from None
    identity = (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns)
    return _load(str(path), identity, table, rules, folder)


def _not_built(path: Path, rules: EndgameRules, table: tuple[int, int], directory: Optional[str]) -> MissingTable:
    command = build_command(rules, table, directory)
    name = table_name(table)
    earlier = path.with_suffix(EARLIER_SUFFIX)
    if earlier.is_file():
        return MissingTable(_("the endgame table {table} ({rules}) has not been built in this version's format "
                              "({earlier} beside it is of an earlier format, without a checksum, and is not read); "
                              "build it with: {command}").format(table=name, rules=rules.name, earlier=earlier.name,
                                                                 command=command), source=str(path))
    return MissingTable(_("the endgame table {table} ({rules}) has not been built; build it with: {command}").format(
        table=name, rules=rules.name, command=command), source=str(path))


def _cannot_read(path: Path, rules: EndgameRules, table: tuple[int, int], directory: Optional[str],
                 error: OSError) -> UnusableTable:
    return UnusableTable(_("the endgame table cannot be read ({reason}); build it again with: {command}").format(
        reason=error.strerror or error, command=build_command(rules, table, directory, force=True)), source=str(path))


class _Refused(Exception):
    """What is wrong with a table file: a message of :data:`_UNUSABLE`'s reasons and its fields."""

    def __init__(self, reason: str, **fields: Any) -> None:
        super().__init__(reason)
        self.reason, self.fields = reason, fields


@functools.lru_cache(maxsize=64)
def _load(path: str, identity: tuple[int, ...], table: tuple[int, int], rules: EndgameRules,
          directory: Optional[str]) -> "np.ndarray[Any, Any]":
    """The values of the file at ``path`` (``identity``: its device, inode, size and time of modification,
    so that a file written anew is read anew)."""
    import numpy as np  # (numpy, an optional dependency: loaded only where a table is read or built)

    from muehle.analyzer.endgames.index import classes

    count = len(classes(*table)[0])
    try:
        with open(path, "rb") as stream:
            values = _read(stream, os.fstat(stream.fileno()).st_size, rules, table, count)
    except OSError as error:
        raise _cannot_read(Path(path), rules, table, directory, error) from None
    except _Refused as refused:
        reason = _(refused.reason).format(**refused.fields)
        raise UnusableTable(_(_UNUSABLE).format(table=table_name(table), rules=rules.name, reason=reason,
                                                command=build_command(rules, table, directory, force=True)),
                            source=path) from None
    return np.frombuffer(values, dtype=np.uint8)  # (read-only: a view of the bytes)


def _read(stream: BinaryIO, size: int, rules: EndgameRules, table: tuple[int, int], count: int) -> bytes:
    """The ``count`` values of table ``table`` under ``rules`` from ``stream`` (a file of ``size``
    bytes), every part checked; :class:`_Refused` when one is wrong. Reads at most the header's
    limit and the table's own length, whatever the file claims."""
    first = stream.readline(_FIRST_LINE_LIMIT)
    if first.startswith(b"\x93NUMPY"):  # (numpy's own format)
        raise _Refused(_EARLIER_FORMAT, format=FORMAT)
    if first != MAGIC:
        match = _FIRST_LINE.fullmatch(first)
        if match is None:
            raise _Refused(_NOT_A_TABLE)
        raise _Refused(_OTHER_FORMAT, found=int(match[1]), format=FORMAT)
    line = stream.readline(HEADER_LIMIT)
    fields = _header_fields(line)
    found = (table_name(table), rules)
    found_rules = EndgameRules(fields["flying"], fields["capture_from_mill"], fields["blocked"])
    if (fields["table"], found_rules) != found:
        raise _Refused(_FOREIGN, found=fields["table"], found_rules=found_rules.name)
    if fields["values"] != count:
        raise _Refused(_WRONG_LENGTH, claimed=fields["values"], table=found[0], values=count)
    expected = len(first) + len(line) + count
    if size != expected:
        raise _Refused(_TRUNCATED if size < expected else _TOO_LONG, size=size, values=count, expected=expected)
    values: bytes = stream.read(count + 1)  # (one more: a file grown since its size was taken)
    if len(values) != count:
        raise _Refused(_TRUNCATED if len(values) < count else _TOO_LONG, size=expected - count + len(values),
                       values=count, expected=expected)
    if _digest(values) != fields["blake2b"]:
        raise _Refused(_DAMAGED_VALUES)
    return values


def _header_fields(line: bytes) -> dict[str, Any]:
    """The fields of a header line, each of its type and among its values; :class:`_Refused` otherwise."""
    try:
        if not line.endswith(b"\n"):
            raise ValueError("no end of line within the limit")
        fields = json.loads(line.decode("ascii"))
        if not isinstance(fields, dict) or set(fields) != _FIELDS:
            raise ValueError("not the header's fields")
        table, values, digest = fields["table"], fields["values"], fields["blake2b"]
        if not (isinstance(table, str) and re.fullmatch(r"[0-9]v[0-9]", table)
                and isinstance(fields["flying"], bool) and fields["capture_from_mill"] in CAPTURE_FROM_MILL
                and fields["blocked"] in BLOCKED and isinstance(values, int) and not isinstance(values, bool)
                and values >= 0 and isinstance(digest, str) and re.fullmatch(r"[0-9a-f]{64}", digest)):
            raise ValueError("a field of another type or value")
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise _Refused(_BAD_HEADER) from None
    return fields
