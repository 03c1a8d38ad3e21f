"""What the commands share: reading inputs, writing output atomically, failing cleanly."""

from __future__ import annotations

import errno
import functools
import io
import os
import stat
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Optional, TypeVar, overload

import click

from muehle.notation.errors import MuehleError
from muehle.notation.i18n import N_, _

if TYPE_CHECKING:
    from muehle.analyzer.engine.replay import Replay
    from muehle.analyzer.engine.rules import Ruleset
    from muehle.notation.model import Game

F = TypeVar("F", bound=Callable[..., Any])


#: The exit status when standard output is a pipe whose reader went away (``| head``): 128 + SIGPIPE,
#: as a command killed by the signal gets from the shell.
BROKEN_PIPE_STATUS = 141


def fails_cleanly(command: F) -> F:
    """Turn a :class:`MuehleError` raised by a command into a located message and exit 1;
    standard output that cannot be written (a full disk, a closed stream) into a message
    and exit 1, and one whose reader went away into :data:`BROKEN_PIPE_STATUS`, silently.
    """

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            try:
                return command(*args, **kwargs)
            finally:
                if sys.stdout is not None:
                    sys.stdout.flush()  # (a failure to write shows here, not at exit)
        except MuehleError as error:
            click.echo(error.format(), err=True)
            sys.exit(1)
        except OSError as error:
            if error.filename is not None:  # (not a stream: a fault of muehle's own)
                raise
            _drop_standard_output()
            if error.errno == errno.EPIPE:
                sys.exit(BROKEN_PIPE_STATUS)
            click.echo(f"muehle: cannot write standard output: {error.strerror or error}", err=True)
            sys.exit(1)

    return wrapper  # type: ignore[return-value]


def _drop_standard_output() -> None:
    """Send what is still buffered for standard output nowhere (it cannot be written)."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):  # (no descriptor: a closed or replaced stream)
        pass


class ClosedOutput(io.TextIOBase):
    """Stands for standard output when the command was started with it closed (``>&-``):
    writing to it is an error, which :func:`fails_cleanly` reports."""

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed")

    def flush(self) -> None:
        pass


def stdout_is_utf8() -> bool:
    """Whether standard output takes UTF-8 (else text output keeps to ASCII)."""
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "").replace("_", "")
    return encoding == "utf8"


@overload
def resolve_rules(name: str, param_hint: str = ...) -> "Ruleset": ...
@overload
def resolve_rules(name: None, param_hint: str = ...) -> None: ...
@overload
def resolve_rules(name: Optional[str], param_hint: str = ...) -> "Optional[Ruleset]": ...
def resolve_rules(name: Optional[str], param_hint: str = "'--rules'") -> "Optional[Ruleset]":
    """The ruleset an option names (a preset or a YAML file), ``None`` for none.

    A name that is neither a preset (case and surrounding blanks do not matter) nor a
    file, or is empty, is a usage error (exit status 2); a file that is not a good ruleset
    is a located input error (exit status 1).
    """
    if name is None:
        return None
    from muehle.analyzer.engine.rules import load_ruleset, preset_for_tag, preset_names

    if not name.strip() or (preset_for_tag(name) is None and Path(name).suffix.lower() not in (".yaml", ".yml")
                            and not Path(name).exists()):
        raise click.BadParameter(
            _("'{name}' is neither a preset ({presets}) nor a YAML file").format(name=name,
                                                                                presets=", ".join(preset_names())),
            param_hint=param_hint,
        )
    return load_ruleset(name)


def from_option(command: F) -> F:
    """The option ``--from`` of a command that reads records: the format of its inputs, forced
    (else each input's format is known from its name or content)."""
    from muehle.notation.reading import FORMATS

    return click.option(
        "--from", "source_format", type=click.Choice(FORMATS), default=None,
        help=N_("Read the input(s) in this format instead of knowing it from the file name "
                "(.json, .yaml, .yml; anything else notation or PGN) or from the content."),
    )(command)


def rules_option(ctx: click.Context, param: click.Parameter, value: Optional[str]) -> "Optional[Ruleset]":
    """Click callback of a ``--rules`` option: the ruleset it names, checked at once."""
    return resolve_rules(value)


def output_path(ctx: click.Context, param: click.Parameter, value: Optional[str]) -> Optional[str]:
    """Click callback of an output option (``-o``, ``--svg``): an empty path is a usage error."""
    if value == "":
        raise click.BadParameter("the path is empty", ctx=ctx, param=param)
    return value


def ply_options(ply_help: str, move_help: str) -> Callable[[F], F]:
    """The options of a command that chooses a ply of a record: ``--ply N``, or ``--move N``
    with ``--side white|black`` (checked by :func:`check_ply_choice`); the command says
    in ``ply_help`` and ``move_help`` what the ply is for."""

    def decorate(command: F) -> F:
        command = click.option("--side", type=click.Choice(["white", "black"]), default=None,
                               help=N_("With --move: whose ply of that move (default white)."))(command)
        command = click.option("--move", type=click.IntRange(min=1), default=None, help=move_help)(command)
        return click.option("--ply", type=click.IntRange(min=0), default=None, help=ply_help)(command)

    return decorate


def check_ply_choice(ply: Optional[int], move: Optional[int], side: Optional[str],
                     needed_for: Optional[str] = None) -> None:
    """A usage error unless the options of :func:`ply_options` name one ply at most, and
    ``--side`` goes with ``--move``. ``needed_for`` names what a command needs the ply for
    (``"the claim"``): then one of ``--ply`` and ``--move`` must be given."""
    if ply is not None and move is not None:
        raise click.UsageError(_("give either --ply or --move (with --side), not both") if needed_for
                               else _("give either --ply or --move, not both"))
    if needed_for and ply is None and move is None:
        raise click.UsageError(_("give the ply of {purpose}: --ply N, or --move N [--side white|black]").format(
            purpose=_(needed_for)))
    if side is not None and move is None:
        raise click.UsageError("--side goes with --move")


def ply_of_move(game: Game, result: Replay, move: int, side: Optional[str]) -> int:
    """The index of the ply that is ``side``'s part (``None``: White's) of full move ``move``, numbered
    as the replay does (``--move N --side S``).

    From the usual start the first move is 1; a record set up from a position
    counts on from the number of its first ply.
    """
    side = side or "white"
    first = 0 if result.start.to_move == "white" else 1
    base = 1
    if result.set_up and game.plies and game.plies[0].number is not None:
        base = game.plies[0].number
    index = (move - base) * 2 + (1 if side == "white" else 2) - first
    if not 1 <= index <= len(game.plies):
        from muehle.analyzer.reports.analysis import PlyNames

        names = PlyNames(game.plies, result.start)
        missing = (_("there is no move {move} of White") if side == "white"
                   else _("there is no move {move} of Black")).format(move=move)
        if not game.plies:
            where = _("the record has no plies (its position is --ply 0)")
        elif index < 1:
            where = _("the record starts with {move} (ply 1); the position before it is {start} (--ply 0)").format(
                move=names.move(1), start=_("the set-up position") if result.set_up else _("the start"))
        else:
            where = _("the record ends with {move} (ply {ply})").format(move=names.move(len(game.plies)),
                                                                        ply=len(game.plies))
        raise MuehleError(f"{missing}: {where}", source=game.source, line=game.line)
    return index


def echo_data(text: str) -> None:
    """Write a record or a data report (JSON, YAML) to standard output in UTF-8, the
    encoding of these forms, whatever the console's is (a redirected Windows console
    would write cp1252, which no reader of the output expects)."""
    stream = sys.stdout
    buffer = getattr(stream, "buffer", None)
    if buffer is None or stdout_is_utf8():
        click.echo(text, nl=False)
        return
    stream.flush()
    buffer.write(text.encode("utf-8"))
    buffer.flush()


def write_output(text: str, output: Optional[str], inputs: Iterable[str] = ()) -> None:
    """Write ``text`` to ``output`` atomically (temporary file, then rename), or to stdout.

    Refuses to write over one of the ``inputs``. On any failure the target is untouched.
    A symbolic link is written through (the file it names is replaced, the link stays);
    what is not a regular file (``/dev/null``, a named pipe, a terminal) is written to
    as it is, never replaced.
    """
    if output is None or output == "-":
        echo_data(text)
        return
    target = Path(output)
    for name in inputs:
        if name != "-" and Path(name).exists() and target.exists() and target.resolve() == Path(name).resolve():
            raise MuehleError(_("refusing to write over the input file {name}").format(name=name), source=output,
                              code="io")
    try:
        special = target.exists() and not stat.S_ISREG(target.stat().st_mode)
    except OSError:
        special = False
    if special:
        try:
            with open(target, "w", encoding="utf-8", newline="") as handle:
                handle.write(text)
        except OSError as error:
            raise MuehleError(f"cannot write {output}: {error.strerror}", source=output, code="io") from None
        return
    if target.is_symlink():
        try:
            target = target.resolve(strict=True)
        except FileNotFoundError:  # (a link to a file still to be made: write it)
            target = target.resolve()
        except (OSError, RuntimeError):  # (links in a loop)
            raise MuehleError(f"cannot write {output}: its symbolic links form a loop", source=output,
                              code="io") from None
    directory = target.parent if str(target.parent) else Path(".")
    try:
        fd, temporary = tempfile.mkstemp(prefix=_temporary_prefix(target.name, directory), suffix=".tmp",
                                         dir=directory)
    except OSError as error:
        raise MuehleError(f"cannot write {output}: {error.strerror}", source=output, code="io") from None
    try:
        os.chmod(temporary, _mode_for(target))
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        os.replace(temporary, target)
    except BaseException as error:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        if isinstance(error, OSError):
            raise MuehleError(f"cannot write {output}: {error.strerror}", source=output, code="io") from None
        raise


def _temporary_prefix(name: str, directory: Path) -> str:
    """``.NAME.``, the start of the name of the temporary file that becomes ``name``: NAME is cut
    so that the whole name (8 random characters and ``.tmp`` follow) is as long as the file system
    allows, measured in its bytes.

    >>> _temporary_prefix("games.json", Path("."))
    '.games.json.'
    >>> len(_temporary_prefix("ä" * 127, Path(".")).encode()) + 8 + len(".tmp") <= 255
    True
    """
    try:
        longest = os.pathconf(directory, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):  # (no such query here: the usual limit)
        longest = 255
    room = longest - len("..") - 8 - len(".tmp")
    while name and len(os.fsencode(name)) > room:
        name = name[:-1]
    return f".{name}."


def _mode_for(target: Path) -> int:
    """The permissions a new file gets (the umask's), or those of the file it replaces."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def require_numpy_or_exit() -> None:
    """Say how to install numpy and exit 1, unless it can be imported."""
    from muehle.analyzer.endgames import require_numpy  # (here: the other commands start without it)

    try:
        require_numpy()
    except ImportError as error:
        click.echo(f"muehle: {error}", err=True)
        sys.exit(1)
