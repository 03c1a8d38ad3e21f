"""What the commands share: reading inputs, writing output atomically, failing cleanly, colour."""

from __future__ import annotations

import errno
import functools
import io
import os
import stat
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Optional, TypeVar, overload

import click

from muehle.analyzer.cli import exits
from muehle.analyzer.pictures.style import error_text, wants_colour
from muehle.notation.reading.front_door import FORMATS
from muehle.notation.record.model import BLACK, SIDES, WHITE, place_of
from muehle.notation.text.errors import MuehleError, shortened, visible
from muehle.notation.text.i18n import N_, _

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

    from muehle.analyzer.cli.game_input import GameInput
    from muehle.analyzer.engine.replay import Replay
    from muehle.analyzer.engine.rules import Ruleset
    from muehle.notation.record.model import Game

F = TypeVar("F", bound=Callable[..., Any])


def fails_cleanly(command: F) -> F:
    """Turn a :class:`MuehleError` raised by a command into a located message and exit 1;
    standard output that cannot be written (a full disk, a closed stream) into a message
    and exit 1, and one whose reader went away into :data:`~muehle.analyzer.cli.exits.BROKEN_PIPE`, silently.
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
            echo_error(error)
            sys.exit(exits.FAILED)
        except OSError as error:
            if error.filename is not None:  # (not a stream: a fault of muehle's own)
                raise
            _drop_standard_output()
            if error.errno == errno.EPIPE:
                sys.exit(exits.BROKEN_PIPE)
            click.echo("muehle: " + _("cannot write standard output: {reason}").format(reason=error.strerror or error),
                       err=True)
            sys.exit(exits.FAILED)

    return wrapper  # type: ignore[return-value]


def _drop_standard_output() -> None:
    """Send what is still buffered for standard output nowhere (it cannot be written)."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):  # (no descriptor: a closed or replaced stream)
        pass


#: Where the command line's colour choice is kept: in the context's ``meta``, which the group
#: and its command share (the command's own option, read after the group's, wins).
_COLOUR_CHOICE = "muehle.colour"


def _remember_colour(ctx: click.Context, param: click.Parameter, value: Optional[bool]) -> None:
    if value is not None:
        ctx.meta[_COLOUR_CHOICE] = value


def colour_option(command: F) -> F:
    """The options ``--color/--no-color`` (of the group, and of the commands that draw): colour
    the output or not, whatever ``NO_COLOR`` says and wherever it goes (see :func:`colour_for`)."""
    return click.option(
        "--color/--no-color", "colour", default=None, expose_value=False, callback=_remember_colour,
        help=N_("Colour the output (the board, the word 'error:'), also into a file or pipe; or never. "
                "Default: on a terminal, unless NO_COLOR is set."),
    )(command)


def colour_for(stream: Any) -> bool:
    """Whether what goes to ``stream`` (``sys.stdout``, ``sys.stderr``) is coloured: ``--color`` or
    ``--no-color`` if given, else not when ``NO_COLOR`` is set, else on a terminal
    (:func:`~muehle.analyzer.pictures.style.wants_colour`)."""
    ctx = click.get_current_context(silent=True)
    return wants_colour(stream, None if ctx is None else ctx.meta.get(_COLOUR_CHOICE))


def echo_error(error: MuehleError, severity: str = "error") -> None:
    """Print an input error (or a ``warning``, a ``note``) to standard error as a compiler
    does, the severity in colour where :func:`colour_for` says so."""
    colour = colour_for(sys.stderr)
    click.echo(error_text(error, severity, colour), err=True, color=colour)


class ClosedOutput(io.TextIOBase):
    """Stands for standard output when the command was started with it closed (``>&-``):
    writing to it is an error, which :func:`fails_cleanly` reports."""

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, _("standard output is closed"))

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
    from muehle.analyzer.engine.rules import (  # (start-up: rulesets and YAML only with --rules)
        load_ruleset,
        preset_for_tag,
        preset_names,
    )

    if not name.strip() or (preset_for_tag(name) is None and Path(name).suffix.lower() not in (".yaml", ".yml")
                            and not exists(name)):
        raise click.BadParameter(
            _("'{name}' is neither a preset ({presets}) nor a YAML file").format(name=name,
                                                                                presets=", ".join(preset_names())),
            param_hint=param_hint,
        )
    return load_ruleset(name)


def exists(name: str) -> bool:
    """Whether a file (or folder) of that name is there; not for a name the system cannot look up
    (one too long, with a NUL).

    >>> exists("."), exists("x" * 5000)
    (True, False)
    """
    try:
        return Path(name).exists()
    except (OSError, ValueError):
        return False


def from_option(command: F) -> F:
    """The option ``--from`` of a command that reads records: the format of its inputs, forced
    (else each input's format is known from its name or content)."""
    return click.option(
        "--from", "source_format", type=click.Choice(FORMATS, case_sensitive=False), default=None,
        help=N_("Read the input(s) in this format instead of knowing it from the file name "
                "(.json, .yaml, .yml; anything else notation or PGN) or from the content."),
    )(command)


if TYPE_CHECKING:
    # (click 8.4 and later type ParamType and Choice by the value they give; an earlier click, which
    # the runtime still takes, cannot be subscripted: the type checker alone sees the argument)
    _GameChoiceType = click.ParamType["int | str"]
    _TextType = click.ParamType[str]
    TextChoice = click.Choice[str]
else:
    _GameChoiceType = _TextType = click.ParamType
    TextChoice = click.Choice


class RulesName(_TextType):
    """The value of a ``--rules`` option as typed (a preset's name or a YAML file; the option's
    callback or command reads it), completed in the shell with the presets and the ``.yaml`` and
    ``.yml`` files of the folder typed so far (the current one if none).

    >>> RulesName().convert("wmd", None, None)
    'wmd'
    """

    name = "NAME|FILE"

    def convert(self, value: Any, param: Optional[click.Parameter], ctx: Optional[click.Context]) -> Any:
        return value

    def shell_complete(self, ctx: click.Context, param: click.Parameter,
                       incomplete: str) -> "list[CompletionItem]":
        # (start-up: the completion's classes and the presets only when the shell asks)
        from click.shell_completion import CompletionItem

        from muehle.analyzer.engine.rules import preset_names

        names = [name for name in preset_names() if name.startswith(incomplete.lower())]
        folder, slash, start = incomplete.replace(os.sep, "/").rpartition("/")
        typed_folder = incomplete[:len(folder) + len(slash)]
        try:
            entries = sorted(Path(typed_folder or ".").iterdir())
        except OSError:  # (no such folder, or one that cannot be read: the presets alone)
            entries = []
        files = [typed_folder + entry.name for entry in entries
                 if entry.name.startswith(start) and entry.suffix.lower() in (".yaml", ".yml")
                 and (start.startswith(".") or not entry.name.startswith(".")) and not entry.is_dir()]
        return [CompletionItem(name) for name in names + files]


#: The type of every ``--rules`` option.
RULES = RulesName()


def rules_option(ctx: click.Context, param: click.Parameter, value: Optional[str]) -> "Optional[Ruleset]":
    """Click callback of a ``--rules`` option: the ruleset it names, checked at once."""
    return resolve_rules(value)


#: ``--rules`` of a command that replays records: the ruleset, checked at once (else each record's own).
record_rules_option = click.option(
    "--rules", metavar="NAME|FILE", type=RULES, callback=rules_option,
    help=N_("Ruleset (preset name or YAML file); default: the record's Rules tag, else wmd."))


def given(name: str) -> bool:
    """Whether the option of the parameter ``name`` of the running command was given, not left
    at its default."""
    return click.get_current_context().get_parameter_source(name) is not click.core.ParameterSource.DEFAULT


def output_path(ctx: click.Context, param: click.Parameter, value: Optional[str]) -> Optional[str]:
    """Click callback of an output option (``-o``, ``--svg``): an empty path is a usage error."""
    if value == "":
        raise click.BadParameter(_("the path is empty"), ctx=ctx, param=param)
    return value


#: ``-o OUT`` of a command that writes its output to a file instead of standard output.
output_option = click.option("-o", "--output", metavar="OUT", default=None, callback=output_path,
                             help=N_("Write here (atomically; never over an input) instead of standard output."))


#: What ``--game all`` stands for: every game of each input.
ALL_GAMES = "all"


class GameChoice(_GameChoiceType):
    """The value of ``--game``: a game's number (1 is the first) or ``all``.

    >>> GameChoice().convert("3", None, None), GameChoice().convert(" ALL ", None, None)
    (3, 'all')
    """

    name = "N|all"

    def convert(self, value: Any, param: Optional[click.Parameter], ctx: Optional[click.Context]) -> "int | str":
        if isinstance(value, int):
            return value
        text = str(value).strip()
        if text.lower() == ALL_GAMES:
            return ALL_GAMES
        if text.isdigit() and int(text) >= 1:
            return int(text)
        self.fail(_("'{value}' is neither a game's number (1 is the first) nor 'all'").format(value=value), param, ctx)


def game_numbers(data: "GameInput", choice: "int | str") -> list[int]:
    """The numbers of the games of ``data`` that ``--game`` chose (:class:`GameChoice`); a located
    error when the input has no such game (or, for ``all``, none at all)."""
    if choice == ALL_GAMES:
        data.pick(1)  # (an input without games is an error)
        return list(range(1, len(data.games) + 1))
    assert isinstance(choice, int)
    data.pick(choice)
    return [choice]


def chosen_games(files: Iterable[str], choice: "int | str", source_format: Optional[str],
                 errors: list[MuehleError]) -> Iterator[tuple["GameInput", list[int]]]:
    """Each of ``files`` read, with the numbers of the games ``--game`` chose (:func:`game_numbers`);
    an input that cannot be read, or has no such game, goes to ``errors`` and the next is read."""
    from muehle.analyzer.cli.game_input import load_games  # (start-up: commands without records skip the readers)

    for name in files:
        try:
            data = load_games(name, source_format)
            numbers = game_numbers(data, choice)
        except MuehleError as error:
            errors.append(error)
            continue
        yield data, numbers


def game_title(tags: dict[str, str], rules: str, source: str, index: int) -> str:
    """The heading of a game in a report for people: its input, number, players and ruleset.

    >>> game_title({"White": "A"}, "wmd", "g.txt", 2)
    'g.txt, game 2: A - ? (rules wmd)'
    """
    players = f": {tags.get('White', '?')} - {tags.get('Black', '?')}" if "White" in tags or "Black" in tags else ""
    return _("{source}, game {number}{players} (rules {rules})").format(source=source, number=index, players=players,
                                                                      rules=rules)


#: The German names of the sides a side option accepts besides ``white`` and ``black`` (the value
#: given on is the English one, as JSON and YAML write it).
SIDE_ALIASES = {"weiss": WHITE, "weiß": WHITE, "schwarz": BLACK}


class SideChoice(TextChoice):
    """``white`` or ``black``, in any case, or their German names ``weiss`` (``weiß``) and
    ``schwarz``: the value given on is always ``white`` or ``black``.

    >>> [SideChoice().convert(value, None, None) for value in ("White", "weiss", "Weiß", "SCHWARZ")]
    ['white', 'white', 'white', 'black']
    """

    def __init__(self) -> None:
        super().__init__(list(SIDES), case_sensitive=False)

    def convert(self, value: Any, param: Optional[click.Parameter], ctx: Optional[click.Context]) -> Any:
        if isinstance(value, str):
            value = SIDE_ALIASES.get(value.strip().lower(), value)
        return super().convert(value, param, ctx)


def ply_options(ply_help: str, move_help: str) -> Callable[[F], F]:
    """The options of a command that chooses a ply of a record: ``--ply N``, or ``--move N``
    with ``--side white|black`` (checked by :func:`check_ply_choice`); the command says
    in ``ply_help`` and ``move_help`` what the ply is for."""

    def decorate(command: F) -> F:
        command = click.option("--side", type=SideChoice(), default=None,
                               help=N_("With --move: whose ply of that move (default white; weiss and schwarz "
                                       "do too)."))(command)
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
        raise click.UsageError(_("--side goes with --move"))


def ply_of_move(game: Game, result: Replay, move: int, side: Optional[str]) -> int:
    """The index of the ply that is ``side``'s part (``None``: White's) of full move ``move``, numbered
    as the replay does (``--move N --side S``).

    From the usual start the first move is 1; a record set up from a position
    counts on from the number of its first ply.
    """
    side = side or WHITE
    base = 1
    if result.set_up and game.plies and game.plies[0].number is not None:
        base = game.plies[0].number
    index = place_of(move, BLACK if side == BLACK else WHITE, (base, result.start.to_move)) + 1
    if not 1 <= index <= len(game.plies):
        from muehle.analyzer.reports.analysis import PlyNames  # (start-up: the analysis only for this error)

        names = PlyNames(game.plies, result.start)
        missing = no_move(move, side)
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


def no_move(move: int, side: Optional[str]) -> str:
    """What says that a record has no move ``move`` of ``side`` (``None``: White's).

    >>> no_move(31, None), no_move(2, "black")
    ('there is no move 31 of White', 'there is no move 2 of Black')
    """
    return (_("there is no move {move} of Black") if side == BLACK
            else _("there is no move {move} of White")).format(move=shortened(str(move)))


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
    as it is, never replaced. (:class:`OutputFile` writes it piece by piece.)
    """
    with OutputFile(output, inputs) as out:
        out.write(text)
        out.commit()


def write_report(text: str, output: Optional[str], inputs: Iterable[str], data: bool) -> None:
    """Write a command's report: atomically to ``output`` (:func:`write_output`), else to standard
    output; ``data`` (JSON, YAML) as it is, in UTF-8 (:func:`echo_data`), else terminal-safe
    (:func:`~muehle.notation.text.errors.visible`), in a file too."""
    if output not in (None, "-"):
        write_output(text if data else visible(text), output, inputs)
    elif data:
        echo_data(text)
    else:
        click.echo(visible(text), nl=False)


class OutputFile:
    """A command's output written piece by piece, as :func:`write_output` writes it whole: into a
    temporary file beside ``output`` that :meth:`commit` renames over it (on any failure, or
    without a commit, it is removed and the target is untouched), or to standard output.

    Standard output (``None`` or ``-``) is written as it comes, unless ``hold``: then the
    pieces wait in a temporary spool (in memory up to :data:`SPOOL_BYTES`, then on disk) and
    only :meth:`commit` writes them, so that nothing is written when the command fails on the
    way. Used as a context manager, an output not committed is discarded.
    """

    #: How much of held standard output is kept in memory before the spool goes to disk.
    SPOOL_BYTES = 8 << 20

    def __init__(self, output: Optional[str], inputs: Iterable[str] = (), hold: bool = False) -> None:
        self.output = output
        self._handle: Optional[Any] = None
        self._temporary: Optional[str] = None
        self._target: Optional[Path] = None
        self._done = False
        if output is None or output == "-":
            if hold:
                self._handle = tempfile.SpooledTemporaryFile(max_size=self.SPOOL_BYTES, mode="w+",
                                                             encoding="utf-8", newline="")
            return
        target = Path(output)
        try:
            os.lstat(target)
        except OSError as error:
            if error.errno == errno.ENAMETOOLONG:  # (refused before anything is made or written)
                raise self._failure(error) from None
        except ValueError:  # (a NUL in the name, from the library)
            raise self._failure(OSError(errno.EINVAL, os.strerror(errno.EINVAL))) from None
        for name in inputs:
            if name != "-" and exists(name) and target.exists() and target.resolve() == Path(name).resolve():
                raise MuehleError(_("refusing to write over the input file {name}").format(name=shortened(name)),
                                  source=shortened(output), code="io")
        try:
            special = target.exists() and not stat.S_ISREG(target.stat().st_mode)
        except OSError:
            special = False
        if special:  # (written to as it is, never replaced)
            try:
                self._handle = open(target, "w", encoding="utf-8", newline="")
            except OSError as error:
                raise self._failure(error) from None
            return
        if target.is_symlink():
            try:
                target = target.resolve(strict=True)
            except FileNotFoundError:  # (a link to a file still to be made: write it)
                target = target.resolve()
            except (OSError, RuntimeError):  # (links in a loop)
                raise MuehleError(_("cannot write {name}: its symbolic links form a loop").format(name=shortened(output)),
                                  source=shortened(output), code="io") from None
        directory = target.parent if str(target.parent) else Path(".")
        try:
            fd, self._temporary = tempfile.mkstemp(prefix=_temporary_prefix(target.name, directory), suffix=".tmp",
                                                   dir=directory)
        except OSError as error:
            raise self._failure(error) from None
        self._target = target
        try:
            os.chmod(self._temporary, _mode_for(target))
            self._handle = os.fdopen(fd, "w", encoding="utf-8", newline="")
        except BaseException as error:
            self.discard()
            if isinstance(error, OSError):
                raise self._failure(error) from None
            raise

    def _failure(self, error: OSError) -> MuehleError:
        """The error for an output that cannot be written: its name (a long one in part) and the
        system's reason (``File name too long``, ``No such file or directory``)."""
        name = shortened(self.output) if self.output not in (None, "-") else _("standard output")
        return MuehleError(_("cannot write {name}: {reason}").format(name=name, reason=error.strerror or error),
                           source=name, code="io")

    def write(self, text: str) -> None:
        """Write a piece of the output."""
        if not text:
            return
        if self._handle is None:
            echo_data(text)
            return
        try:
            self._handle.write(text)
        except OSError as error:
            self.discard()
            raise self._failure(error) from None

    def commit(self) -> None:
        """Finish the output: rename the temporary file over the target, or write what was held."""
        self._done = True
        handle, self._handle = self._handle, None
        if handle is None:
            return
        try:
            if self._temporary is None and self._target is None and (self.output is None or self.output == "-"):
                handle.seek(0)
                for block in iter(lambda: handle.read(1 << 20), ""):
                    echo_data(block)
                handle.close()
                return
            handle.close()
            if self._temporary is not None and self._target is not None:
                os.replace(self._temporary, self._target)
                self._temporary = None
        except OSError as error:
            if error.filename is None and self.output in (None, "-"):
                raise  # (standard output: fails_cleanly reports it)
            self.discard()
            raise self._failure(error) from None
        finally:
            if self._temporary is not None:
                self.discard()

    def discard(self) -> None:
        """Drop the output: the temporary file is removed, the target is untouched."""
        handle, self._handle = self._handle, None
        if handle is not None:
            try:
                handle.close()
            except OSError:
                pass
        if self._temporary is not None:
            try:
                os.unlink(self._temporary)
            except OSError:
                pass
            self._temporary = None

    def __enter__(self) -> "OutputFile":
        return self

    def __exit__(self, kind: Any, error: Any, traceback: Any) -> None:
        if error is not None or not self._done:
            self.discard()


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
        sys.exit(exits.FAILED)


def require_dask_or_exit() -> None:
    """Say how to install Dask and exit 1, unless it can be imported (``--scheduler``)."""
    from muehle.analyzer.batch.dask_backend import require_dask  # (here: the commands start without Dask)

    try:
        require_dask()
    except ImportError as error:
        click.echo(f"muehle: {error}", err=True)
        sys.exit(exits.FAILED)


def checked_jobs(ctx: click.Context, param: click.Parameter, value: int) -> int:
    """Click callback of ``--jobs``: more than :data:`~muehle.analyzer.batch.pool.MAX_JOBS` worker
    processes is a usage error (exit status 2)."""
    from muehle.analyzer.batch.pool import MAX_JOBS  # (start-up: the pool's module only where --jobs is)

    if value > MAX_JOBS:
        raise click.BadParameter(_("{value} is more than the {maximum} worker processes --jobs may start").format(
            value=value, maximum=MAX_JOBS), ctx=ctx, param=param)
    return value


def workers_options(jobs_help: str = N_("Worker processes that read the games (0: one per processor; 1: this process "
                                         "alone; at most 256, and no more than the largest file has pieces of 64 KB); "
                                         "the output is the same for any number."),
                    scheduler_help: str = N_("Read the games on a Dask cluster: its scheduler's address (every worker "
                                             "must read the FILES at the same paths), or 'local' for a cluster of "
                                             "--jobs processes on this machine (needs: pip install 'muehle[dask]').")
                    ) -> Callable[[F], F]:
    """The options ``--jobs`` and ``--scheduler`` of a command that reads many games (``select``,
    ``stats``, ``validate``, whose help says what the workers do): the games of a file read and
    decided by worker processes or a Dask cluster."""

    def decorate(command: F) -> F:
        command = click.option("--scheduler", metavar="ADDRESS|local", help=scheduler_help)(command)
        return click.option("--jobs", type=click.IntRange(min=0), default=1, show_default=True, callback=checked_jobs,
                            help=jobs_help)(command)

    return decorate
