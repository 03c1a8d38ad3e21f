"""``muehle convert``: read records in any supported form, write them in another.

Inputs are read through the front door, :func:`muehle.notation.read`: their format
is known by name (``.json``, ``.yaml``, ``.yml``) or, for standard input, by content
(everything else is read as notation or PGN, or as PlayOK's numbered points when its
first ply is a bare number), or forced with ``--from``.

Games are written as they are read (a notation file is read game by game), so memory
does not grow with the input: into the temporary file that ``-o`` renames at the end,
or to standard output, held in a spool until the end. A record that cannot be read
completely is not converted: every error is reported and nothing is written; with
``--keep-going`` every game that can be read and written is, and each other one is
reported (exit status 1). The HTML viewer is one page of every game, written at the end.
Standard error ends with ``N games converted`` (and ``(K errors)`` with ``--keep-going``).
"""

from __future__ import annotations

import sys
from typing import Callable, Iterable, Iterator, Optional, Union

import click

from muehle.analyzer.batch.progress import FileProgress
from muehle.analyzer.cli import exits
from muehle.analyzer.cli.common import OutputFile, echo_error, fails_cleanly, from_option, output_option
from muehle.analyzer.cli.writing import (
    WRITERS,
    fen_numbers_option,
    html_move_numbers,
    record_builder,
    record_writer,
    target_format,
    write_html,
)
from muehle.analyzer.pictures.style import is_terminal
from muehle.notation.reading.front_door import read
from muehle.notation.reading.inputs import source_name
from muehle.notation.record.builders import GameBuilder
from muehle.notation.record.model import Game
from muehle.notation.text.errors import MuehleError, game_in, no_game
from muehle.notation.text.i18n import N_, _, ngettext
from muehle.notation.writing.writers import BLACK_NUMBERS, UnwritableError


def numbered_games(names: Iterable[str], source_format: Optional[str] = None, lenient: bool = False,
                   builder: Optional[Callable[[], GameBuilder]] = None) -> Iterator[tuple[int, Union[Game, MuehleError]]]:
    """Each game of the inputs with its number in its input, read as it comes (a notation file
    game by game: memory does not grow with it), or an error in its place: the error of a game
    that cannot be read (one for each of its errors), or of an input that cannot be read any
    further (a JSON or YAML record off its layout; then the next input). ``lenient``: a line
    that is not UTF-8 is an error of its game, and the games after it are read. ``builder``: see
    :func:`~muehle.notation.reading.front_door.read`."""
    for name in names:
        number = 0
        try:
            for game in read(name, source_format, lenient=lenient, builder=builder):
                number += 1
                if game.errors:
                    for error in game.errors:
                        yield number, error
                else:
                    yield number, game
        except MuehleError as error:
            yield number, error


@click.command(name="convert")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option(
    "--to", "target", default=None, type=click.Choice(sorted(WRITERS), case_sensitive=False),
    help=N_("Output format; default: the one the name of -o implies (.json, .yaml/.yml, .pgn, .txt notation, "
            ".html/.htm)."),
)
@output_option
@click.option(
    "--black-number", type=click.Choice(list(BLACK_NUMBERS), case_sensitive=False), default=None,
    help=N_("With --to notation: how a Black ply standing alone is numbered, "
            "'17... a7-a4' (dots, the default) or the book's '17. - a7-a4' (book)."),
)
@click.option(
    "--comma", is_flag=True, default=False,
    help=N_("With --to notation: the book's one-line form, a comma between White's ply and "
            "Black's reply ('6. g1, g7') and '4. -, e4' for a Black ply standing alone."),
)
@click.option(
    "--endgames-dir", metavar="DIR", default=None,
    help=N_("With --to html: the endgame tables' cache folder (default: the user's cache); "
            "positions they hold show their value."),
)
@fen_numbers_option
@click.option(
    "--keep-going", is_flag=True, default=False,
    help=N_("Write every game that can be read and written, and report each one that cannot (exit status 1)."),
)
@click.option(
    "--no-locations", "no_locations", is_flag=True, default=False,
    help=N_("With --to json or yaml: leave out the line and column each ply was read at."),
)
@from_option
@fails_cleanly
def convert(files: tuple[str, ...], target: Optional[str], output: Optional[str], black_number: Optional[str],
            comma: bool, endgames_dir: Optional[str], fen_numbers: Optional[str], keep_going: bool,
            no_locations: bool, source_format: Optional[str]) -> None:
    """Convert game records to notation, JSON, YAML, PGN, PlayOK's numbered points or a self-contained HTML viewer.

    FILE may be `-` for standard input. Several files are read in order and their
    games written together, as they are read (memory does not grow with the input).
    Nothing is written if any record has an error, unless --keep-going.

    Example (JSON, as the name of -o says):

    \b
      muehle convert examples/schuermann-book-game.txt -o game.json
    """
    target = target_format(target, output)
    if black_number is not None and target != "notation":
        raise click.UsageError(_("--black-number applies to --to notation only, not to --to {target}").format(
            target=target))
    if comma and target != "notation":
        raise click.UsageError(_("--comma applies to --to notation only, not to --to {target}").format(target=target))
    if comma and black_number == "dots":
        raise click.UsageError(_("--comma writes a Black ply standing alone as the book does, '4. -, e4': "
                                 "--black-number dots does not go with it"))
    if endgames_dir is not None and target != "html":
        raise click.UsageError(_("--endgames-dir applies to --to html only, not to --to {target}").format(target=target))
    move_numbers = html_move_numbers(fen_numbers, target)
    if no_locations and target not in ("json", "yaml"):
        raise click.UsageError(_("--no-locations applies to --to json and yaml only, not to --to {target}").format(
            target=target))
    writer = record_writer(target, black_number, comma, locations=not no_locations)
    to_terminal = output in (None, "-") and is_terminal(sys.stdout)
    failed = converted = 0
    held: list[tuple[int, Game]] = []  # (the HTML viewer's games, each with its number in its input)
    with OutputFile(output, inputs=files, hold=not keep_going) as out, \
            FileProgress(files, quiet=to_terminal, verb=N_("converted")) as progress:
        for number, item in numbered_games(files, source_format, keep_going, record_builder(target)):
            if isinstance(item, Game):
                progress.game(item.source, item.line, item.ply_count())
                if writer is None:
                    held.append((number, item))
                    converted += 1
                    continue
                try:
                    text = writer.game(item)
                except UnwritableError as error:
                    if not error.line and error.game is not None:  # (JSON, YAML: the game named by its number)
                        error.source = game_in(error.source, number)
                    item = error
                else:
                    if not failed or keep_going:
                        out.write(text)
                    converted += 1
                    continue
            failed += 1
            progress.clear()
            echo_error(item)
        written = not failed or keep_going  # (nothing is written when an error stops the run)
        if written:
            out.write(writer.end() if writer is not None else _html_page(held, files, endgames_dir, move_numbers))
            out.commit()
    if written:
        click.echo(converted_line(converted, failed), err=True)
    if failed:
        sys.exit(exits.FAILED)


def converted_line(converted: int, errors: int = 0) -> str:
    """The summary ``convert`` ends with, on standard error: the games written, and the errors
    reported above (with ``--keep-going``), when any.

    >>> converted_line(1), converted_line(40, 2)
    ('1 game converted', '40 games converted (2 errors)')
    """
    line = ngettext("{count} game converted", "{count} games converted", converted).format(count=converted)
    if errors:
        line += " " + ngettext("({count} error)", "({count} errors)", errors).format(count=errors)
    return line


def _html_page(games: list[tuple[int, Game]], files: tuple[str, ...], endgames_dir: Optional[str],
               move_numbers: str = "record") -> str:
    """The HTML viewer of ``games`` (each with its number in its input), its FENs' field 17
    counted as ``move_numbers`` says; an error when there is
    none to show. The games of one input keep their numbers there, as ``validate`` counts them
    (after an unreadable game 2, the page's second game is game 3); the games of several
    inputs are numbered on through the page."""
    if not games:
        names = ", ".join(dict.fromkeys(source_name(name) for name in files))
        raise MuehleError(no_game(_("an HTML viewer needs one")), source=names, code="empty")
    numbers = [number for number, _game in games] if len(files) == 1 else None
    return write_html([game for _number, game in games], endgames_dir, numbers, move_numbers)

