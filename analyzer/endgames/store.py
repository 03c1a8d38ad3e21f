"""Endgame tables in a cache folder: one ``.npy`` file of bytes per table and settings.

``DIR/<settings>/<a>v<b>.npy`` holds table ``(a, b)`` (``a`` stones for the side to
move, ``b`` for the other) solved under the settings named ``<settings>`` (see
:attr:`~muehle.analyzer.endgames.settings.EndgameRules.name`): a one-dimensional
numpy array of ``uint8``, one byte per class (see :mod:`~muehle.analyzer.endgames.values`),
classes in the order of their keys (:func:`~muehle.analyzer.endgames.index.classes`).
A file is written under a temporary name and renamed, so a table is there whole or not at all.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Optional, Union

from muehle.analyzer.endgames.settings import EndgameRules, endgame_rules
from muehle.analyzer.engine.rules import DEFAULT_RULESET, load_ruleset, preset_names
from muehle.notation.errors import MuehleError
from muehle.notation.i18n import _

if TYPE_CHECKING:
    import numpy as np  # (numpy, an optional dependency: loaded only where a table is read or built)

#: Every table is of the same layout version; another layout gets another folder.
LAYOUT = "v1"

PathLike = Union[str, "os.PathLike[str]"]


class MissingTable(MuehleError):
    """A table that is needed has not been built (or is damaged)."""

    code = "endgame-table"


def default_directory() -> Path:
    """The user's cache folder for muehle's endgame tables (``$XDG_CACHE_HOME/muehle/endgames``,
    ``~/.cache/muehle/endgames``; ``~/Library/Caches`` on macOS, ``%LOCALAPPDATA%`` on Windows)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "muehle" / "endgames"


def table_path(directory: Optional[PathLike], rules: EndgameRules, table: tuple[int, int]) -> Path:
    """Where table ``table`` solved under ``rules`` is kept.

    >>> table_path("/tmp/eg", EndgameRules(), (3, 4)).as_posix()
    '/tmp/eg/v1/flying-capture-when-all-in-mills/3v4.npy'
    """
    base = Path(directory) if directory is not None else default_directory()
    return base / LAYOUT / rules.name / f"{table[0]}v{table[1]}.npy"


def save_table(path: Path, values: "np.ndarray") -> None:
    """Write a table's bytes to ``path`` atomically; a folder that cannot be made or written
    is a :class:`~muehle.notation.errors.MuehleError` (code ``io``)."""
    import numpy as np  # (numpy, an optional dependency: loaded only where a table is read or built)

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as error:
        raise MuehleError(_("cannot write the endgame table there: {reason}").format(reason=error.strerror or error),
                          source=str(path), code="io") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            np.save(stream, np.asarray(values, dtype=np.uint8), allow_pickle=False)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)  # (mkstemp's file is the owner's only)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def build_command(rules: EndgameRules, table: tuple[int, int], directory: Optional[PathLike]) -> str:
    """The command that builds the tables a probe lacks: ``--rules`` names the first preset
    with ``rules``' settings (none for the default ruleset's), or asks for a ruleset file.

    >>> build_command(EndgameRules(capture_from_mill="never"), (4, 3), None)
    'muehle endgames build --stones 4 --rules wmd-traditional'
    """
    options = f" --stones {max(table)}" if max(table) > 3 else " --stones 3"
    preset = next((name for name in preset_names() if endgame_rules(load_ruleset(name)) == rules), None)
    if preset is None:
        options += (f" --rules FILE (a ruleset with flying: {str(rules.flying).lower()}, "
                    f"capture_from_mill: {rules.capture_from_mill})")
    elif preset != DEFAULT_RULESET:
        options += f" --rules {preset}"
    if directory is not None:
        options += f" --dir {directory}"
    return f"muehle endgames build{options}"


def load_table(directory: Optional[PathLike], rules: EndgameRules, table: tuple[int, int]) -> "np.ndarray":
    """The bytes of a table (a numpy array), read once and kept; :class:`MissingTable` when it
    has not been built or is not a table of the right size."""
    return _load(str(table_path(directory, rules, table)), table, rules, None if directory is None else str(directory))


@functools.lru_cache(maxsize=64)
def _load(path: str, table: tuple[int, int], rules: EndgameRules, directory: Optional[str]) -> "np.ndarray":
    import numpy as np  # (numpy, an optional dependency: loaded only where a table is read or built)

    from muehle.analyzer.endgames.index import classes

    command = build_command(rules, table, directory)
    if not os.path.exists(path):
        raise MissingTable(_("the endgame table {table} ({rules}) has not been built; build it with: {command}").format(
            table=f"{table[0]}v{table[1]}", rules=rules.name, command=command), source=path)
    try:
        values = np.load(path, allow_pickle=False)
    except (OSError, ValueError) as error:
        raise MissingTable(_("the endgame table cannot be read ({reason}); build it again with: {command}").format(
            reason=error, command=command), source=path) from None
    if values.dtype != np.uint8 or values.shape != (len(classes(*table)[0]),):
        raise MissingTable(_("the file is not an endgame table {table} ({dtype}, shape {shape}); build it again "
                             "with: {command}").format(table=f"{table[0]}v{table[1]}", dtype=values.dtype,
                                                       shape=values.shape, command=command), source=path)
    values.setflags(write=False)
    return values
