"""The ``muehle`` command line: a thin layer of click commands over the library.

Each command lives in its own module of this package and is imported only when it
is run, so that ``muehle validate`` does not pay for what ``muehle show`` needs.
Errors caused by input (:class:`~muehle.notation.text.errors.MuehleError`) are printed
as ``source:line:column: error: message`` and exit with status 1; usage errors
exit with status 2 (click's convention); every status is named in :mod:`muehle.analyzer.cli.exits`.
"""

from __future__ import annotations

import contextlib
import copy
import gettext
import importlib
import importlib.util
import inspect
import io
import os
import signal
import sys
import threading
from typing import Any, Callable, Iterator, Optional

import click

from muehle.analyzer.cli import exits
from muehle.analyzer.cli.common import ClosedOutput, colour_option, echo_error
from muehle.notation.text.errors import EXCERPT_WIDTH, MuehleError, one_line, quoted, shortened, visible
from muehle.notation.text.i18n import (
    CHOICES,
    N_,
    _,
    click_gettext,
    click_ngettext,
    current_language,
    language_from_environment,
    set_language,
    translated_text,
)

#: Command name -> (module in this package, function name, one-line help).
COMMANDS: dict[str, tuple[str, str, str]] = {
    "convert": ("convert", "convert", N_("Convert records between notation, JSON, YAML, PGN and HTML.")),
    "validate": ("validate", "validate", N_("Replay records under a ruleset and report every broken rule.")),
    "rules": ("rules", "rules", N_("List the rulesets, or print one as YAML.")),
    "generate": ("generate", "generate", N_("Generate random legal games.")),
    "analyze": ("analyze", "analyze", N_("Report mills, captures, phases, repetitions and draw rights.")),
    "claim": ("claim", "claim", N_("Decide whether a draw claim was right at a given ply.")),
    "show": ("show", "show", N_("Show a position as a board diagram, SVG or FEN.")),
    "positions": ("positions", "positions", N_("List every position of a game: FEN, stones, phase, side to move.")),
    "endgames": ("endgames", "endgames", N_("Solve small endgames; probe a position's perfect-play value.")),
    "select": ("select", "select", N_("Write the games that meet criteria (players, result, tags, validity, end, features).")),
    "stats": ("stats", "stats", N_("Count games: validity by error code, results, ends, draw rights, lengths, players.")),
    "repair": ("repair", "repair_command", N_("Find the game that was played behind a record with slips: the cheapest "
                                              "readings that make it legal.")),
}


class Terminated(BaseException):
    """SIGTERM arrived (``timeout``, ``kill``, a job scheduler): raised where the command stands,
    so that what it had open is cleaned up as after Ctrl-C."""


def _terminate(signum: int, frame: Any) -> None:
    raise Terminated()


@contextlib.contextmanager
def _told_when_stopped() -> Iterator[None]:
    """Ctrl-C within exits :data:`~muehle.analyzer.cli.exits.INTERRUPTED` and SIGTERM
    :data:`~muehle.analyzer.cli.exits.TERMINATED` (128 + the signal's number), with one line on
    standard error."""
    try:
        yield
    except KeyboardInterrupt:
        click.echo("muehle: " + _("interrupted"), err=True)
        sys.exit(exits.INTERRUPTED)
    except Terminated:
        click.echo("muehle: " + _("terminated"), err=True)
        sys.exit(exits.TERMINATED)


#: click's modules that word its help and usage errors ("Usage:", "Error: Missing argument") with
#: the standard library's gettext (``from gettext import gettext as _``; click 8.1 to 8.x).
CLICK_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "types", "termui", "utils",
                 "shell_completion", "_termui_impl")


#: The placeholders of values in the help and the usage errors (``--dir DIR``, ``FILE...``), ours and
#: click's (the names of its value types); a value itself (``N|ALL``'s ``all``, ``local``) stays.
PLACEHOLDERS = (N_("FILE"), N_("FILE..."), N_("FILES..."), N_("NAME|FILE"), N_("[NAME|FILE]"), N_("DIR"), N_("OUT"),
                N_("OUT.svg"), N_("ADDRESS|local"), N_("KEY=VALUE"), N_("INTEGER"), N_("INTEGER RANGE"))


def _placeholder_in_language(make_metavar: Callable[..., str]) -> Callable[..., str]:
    """click's ``make_metavar`` of a parameter, its placeholder given in the current language."""
    def speaking_metavar(self: click.Parameter, *args: Any, **kwargs: Any) -> str:
        metavar = make_metavar(self, *args, **kwargs)
        return metavar if current_language() == "en" else _(metavar)

    speaking_metavar.speaks = True  # type: ignore[attr-defined]
    return speaking_metavar


def speak_clicks_words() -> None:
    """Have click word its help and its usage errors in the language of ``--lang`` (else of the
    environment), from muehle's catalog of click's words: each of :data:`CLICK_MODULES` looks its
    words up through :func:`~muehle.notation.text.i18n.click_gettext` instead of the standard
    library's ``gettext``, which gives them as before while the language is English; the
    placeholders of values (:data:`PLACEHOLDERS`) likewise. Done when a
    command first runs in another language (English needs none of it, and start-up stays short:
    some of click's modules are otherwise loaded only when used)."""
    for name in CLICK_MODULES:
        try:
            module = importlib.import_module(f"click.{name}")
        except ImportError:  # (a module another click version lacks, or one of another platform's)
            continue
        if getattr(module, "_", None) is gettext.gettext:
            setattr(module, "_", click_gettext)
        if getattr(module, "ngettext", None) is gettext.ngettext:
            setattr(module, "ngettext", click_ngettext)
    for kind in (click.Parameter, click.Option, click.Argument):
        made = kind.__dict__.get("make_metavar")
        if made is not None and not getattr(made, "speaks", False):
            setattr(kind, "make_metavar", _placeholder_in_language(made))

#: click's own help texts for the options it adds, to be translated as ours are; and the pieces of
#: its usage line (``muehle [OPTIONS] COMMAND [ARGS]...``).
CLICK_HELP = (N_("Show this message and exit."), N_("Show the version and exit."), N_("[OPTIONS]"),
              N_("COMMAND [ARGS]..."))


def translated(command: click.Command) -> click.Command:
    """``command`` with its help and its options' help in the current language (a copy; the
    command itself keeps the English it was defined with)."""
    if current_language() == "en":
        return command
    shown = copy.copy(command)
    shown.options_metavar = _(command.options_metavar) if command.options_metavar else command.options_metavar
    if isinstance(command, click.Group) and isinstance(shown, click.Group) and command.subcommand_metavar:
        shown.subcommand_metavar = _(command.subcommand_metavar)
    shown.help = _(inspect.cleandoc(command.help)) if command.help else command.help
    shown.short_help = _(command.short_help) if command.short_help else command.short_help
    shown.params = []
    for param in command.params:
        param = copy.copy(param)
        if isinstance(param, click.Option) and param.help:
            param.help = translated_text(param.help)
        shown.params.append(param)
    original_help_option = shown.get_help_option

    def help_option(ctx: click.Context) -> Optional[click.Option]:
        """click's ``--help`` with its help in the current language."""
        option = original_help_option(ctx)
        if option is None or not option.help:
            return option
        shown_option = copy.copy(option)
        shown_option.help = _(option.help)
        return shown_option

    setattr(shown, "get_help_option", help_option)
    if isinstance(command, click.Group) and not isinstance(command, LazyGroup):
        shown.commands = {name: translated(sub) for name, sub in command.commands.items()}  # type: ignore[attr-defined]
    return shown


def _choose_language(ctx: click.Context, param: click.Parameter, value: Optional[str]) -> None:
    """``--lang``: words in the language asked for from here on (the environment's when not given)."""
    if value is not None:
        set_language(value)
        if value != "en":
            speak_clicks_words()


#: ``--lang``, of the group and of every command (``muehle --lang de show ...``, ``muehle show --lang de ...``).
language_option = click.option(
    "--lang", type=click.Choice(CHOICES, case_sensitive=False), is_eager=True, expose_value=False,
    callback=_choose_language,
    help=N_("Language of messages, reports and help: de or en; default: the environment's "
            "(LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else en."))


class LazyGroup(click.Group):
    """A group that imports a command's module only when the command is used; its words are in
    the language of ``--lang``, else of the environment."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """Run with the language of the environment until ``--lang`` says otherwise; the language
        before is restored after (the tests run many commands in one process)."""
        before = current_language()
        set_language(language_from_environment())
        if current_language() != "en":
            speak_clicks_words()
        try:
            return super().main(*args, **kwargs)
        finally:
            set_language(before)

    def make_context(self, info_name: Optional[str], args: list[str], parent: Optional[click.Context] = None,
                     **extra: Any) -> click.Context:
        """The group's context; a usage error on the way is told as :func:`told` tells it."""
        self._arguments = tuple(args)
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.ClickException as error:
            raise told(error, self._arguments) from None

    def get_help(self, ctx: click.Context) -> str:
        if current_language() == "en" or getattr(self, "_shown", False):
            return super().get_help(ctx)
        shown = translated(self)
        shown._shown = True  # type: ignore[attr-defined]
        return shown.get_help(ctx)

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        """The pieces of the group's usage line in the current language (``[OPTIONEN]``)."""
        return [_(piece) for piece in super().collect_usage_pieces(ctx)]

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(name for name in COMMANDS if self._available(name))

    def _available(self, name: str) -> bool:
        module, _attribute, _help = COMMANDS[name]
        return importlib.util.find_spec(f"{__name__}.{module}") is not None

    def get_command(self, ctx: click.Context, name: str) -> Optional[click.Command]:
        if name not in COMMANDS or not self._available(name):
            return None
        module, attribute, _help = COMMANDS[name]
        command: click.Command = getattr(importlib.import_module(f"{__name__}.{module}"), attribute)
        if not any(param.name == "lang" for param in command.params):
            language_option(command)
        return translated(command)

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; Ctrl-C exits :data:`~muehle.analyzer.cli.exits.INTERRUPTED` and SIGTERM
        :data:`~muehle.analyzer.cli.exits.TERMINATED` (128 + the signal's number), with one
        line on standard error, after what the command had open is cleaned up (a temporary file)."""
        with _told_when_stopped():
            try:
                return super().invoke(ctx)
            except click.ClickException as error:
                raise told(error, getattr(self, "_arguments", ())) from None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, _(COMMANDS[name][2])) for name in self.list_commands(ctx)]
        if rows:
            with formatter.section(_("Commands")):
                formatter.write_dl(rows)


def told(error: click.ClickException, arguments: "tuple[str, ...]") -> click.ClickException:
    """``error`` (a usage error, click's or a command's) as the user may be shown it: its message
    with each value of the command line longer than :data:`~muehle.notation.text.errors.EXCERPT_WIDTH`
    quoted in part (:func:`~muehle.notation.text.errors.shortened`), and on one line with its control
    characters escaped (:func:`~muehle.notation.text.errors.one_line`): an option's value cannot clear
    the screen, forge a second line or fill the terminal. Every option and argument of every
    command is told so, here in one place.

    >>> print(told(click.UsageError("'\\x1b[2J' is not one of 'a', 'b'"), ()).format_message())
    '\\x1b[2J' is not one of 'a', 'b'
    >>> long = "x" * 300
    >>> shown = told(click.BadParameter(f"{long!r} is not a game", param_hint="'--game'"), ("--game", long))
    >>> shown.format_message()[-40:], shown.exit_code
    ("xxxxx'... (300 characters) is not a game", 2)
    """
    if isinstance(error, _HELP_ERRORS):  # (the help, shown for want of arguments: no value of the user's)
        return error
    said = error.format_message()
    # (a missing option's choices, which click lists a line each, on one line: no value of the user's is in it)
    message = " ".join(said.split()) if isinstance(error, click.MissingParameter) else said
    values = {value for argument in arguments for value in (argument, argument.partition("=")[2], argument[2:])
              if len(value) > EXCERPT_WIDTH}
    for value in sorted(values, key=len, reverse=True):  # (a value within another is cut with it)
        if value in message or repr(value) in message:
            message = message.replace(repr(value), quoted(value)).replace(value, shortened(value))
    message = one_line(message)
    if message == said:
        return error
    shown = (click.UsageError(message, error.ctx) if isinstance(error, click.UsageError)
             else click.ClickException(message))
    return shown if shown.exit_code == error.exit_code else error


#: The usage errors that show the help (``muehle endgames`` without a subcommand), left as they are.
_HELP_ERRORS: tuple[type[click.ClickException], ...] = tuple(getattr(click.exceptions, name) for name in ("NoArgsIsHelpError",)
                     if hasattr(click.exceptions, name))


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="muehle", prog_name="muehle")
@language_option
@colour_option
def cli() -> None:
    """muehle: game records of Nine Men's Morris (Mühle).

    Reads records in the notation of Schürmann/Nüscheler ("18. d2-b2/xa4") and
    Sanmill's PGN, replays them under a ruleset, and reports what happened.

    Example:

    \b
      muehle convert examples/schuermann-book-game.txt --to json
    """


def _buffer_standard_output() -> None:
    """Give standard output a buffer again when Python runs unbuffered (``PYTHONUNBUFFERED``,
    ``python -u``, usual in containers).

    Unbuffered, a write that a pipe or a disk takes only in part (the reader of
    ``| head`` went away, the disk is full) is not repeated: the rest is lost, and
    the command ends as if all was written. A buffer writes on until all is written
    or the failure shows; it is flushed at every line end, as unbuffered output
    shows at once.
    """
    stream = sys.stdout
    raw = getattr(stream, "buffer", None)
    if isinstance(raw, io.RawIOBase) and isinstance(stream, io.TextIOWrapper):
        sys.stdout = io.TextIOWrapper(io.BufferedWriter(raw), encoding=stream.encoding, errors=stream.errors,
                                      newline=None if os.name == "nt" else "\n", line_buffering=True)


def main(argv: Optional[list[str]] = None) -> Any:
    """Entry point of the ``muehle`` command."""
    # a character the output cannot encode (a tag in Chinese on a cp1252 console) is
    # written as an escape rather than ending the command with nothing written
    with contextlib.suppress(AttributeError, ValueError):  # (a stream that cannot be reconfigured)
        sys.stdout.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
    _buffer_standard_output()
    if sys.stdout is None:  # started with standard output closed: writing to it is reported
        sys.stdout = ClosedOutput()
    if hasattr(signal, "SIGTERM") and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _terminate)
    try:
        with _told_when_stopped():
            return cli.main(args=argv, prog_name="muehle", standalone_mode=True)
    except MuehleError as error:  # raised outside a command's own handling
        echo_error(error)
        sys.exit(exits.FAILED)
    except Exception as error:  # a bug: say so in one line, unless debugging
        if os.environ.get("MUEHLE_DEBUG"):
            raise
        click.echo(visible("muehle: " + _("internal error: {kind}: {error} (set MUEHLE_DEBUG=1 for details)").format(
            kind=type(error).__name__, error=error)), err=True)
        sys.exit(exits.INTERNAL)
