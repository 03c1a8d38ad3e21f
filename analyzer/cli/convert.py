"""``muehle convert``: read records in any supported form, write them in another.

Inputs are read through the front door, :func:`muehle.notation.read`: their format
is known by name (``.json``, ``.yaml``, ``.yml``) or, for standard input, by content
(everything else is read as notation or PGN, or as PlayOK's numbered points when its
first ply is a bare number), or forced with ``--from``. A record that cannot be
read completely is not converted: every error is reported and nothing is written.
"""

from __future__ import annotations

from typing import Callable, Iterable, Optional

import click

from muehle.analyzer.cli.common import fails_cleanly, from_option, output_path, write_output
from muehle.notation.errors import MuehleError, game_in, no_game
from muehle.notation.inputs import source_name
from muehle.notation.jsonrecord import write_json, write_yaml
from muehle.notation.model import Game
from muehle.notation.pgn import write_pgn
from muehle.notation.playok_writer import write_playok
from muehle.notation.reading import read_input
from muehle.notation.writers import BLACK_NUMBERS, UnwritableError, write_notation
from muehle.notation.i18n import N_, _

Writer = Callable[[list[Game]], str]

def write_html(games: list[Game]) -> str:
    """The self-contained HTML viewer (imported on use: it needs the replay). A game that
    cannot be replayed (unknown ``Rules`` tag, bad ``FEN``) is shown without its positions,
    with a warning on standard error."""
    import copy

    from muehle.analyzer.pictures.html_viewer import write_html as render

    unreplayed: list[tuple[int, MuehleError]] = []
    page = render(games, unreplayed)
    for number, error in unreplayed:
        warning = copy.copy(error)
        warning.message = f"the page shows its game {number} without positions: {error.message}"
        click.echo(warning.format("warning"), err=True)
    return page


#: Output format name -> writer. A new output format is one more entry here.
WRITERS: dict[str, Writer] = {
    "notation": write_notation,
    "json": write_json,
    "yaml": write_yaml,
    "pgn": write_pgn,
    "playok": write_playok,
    "html": write_html,
}

def read_records(names: Iterable[str], source_format: Optional[str] = None) -> list[Game]:
    """The games of all inputs in order (in ``source_format`` when given); raises if any of them has an error.

    The errors of all inputs (one that cannot be read, a JSON or YAML record off its
    layout, the syntax errors of every game) are collected and raised together as
    one :class:`MuehleError` whose message lists each of them.
    """
    games: list[Game] = []
    errors: list[MuehleError] = []
    for name in names:
        try:
            _, _, read = read_input(name, source_format)
        except MuehleError as error:
            errors.append(error)
            continue
        games.extend(read)
        errors.extend(error for game in read for error in game.errors)
    if errors:
        raise _Errors(errors)
    return games


class _Errors(MuehleError):
    """Several located errors, reported one after the other."""

    def __init__(self, errors: list[MuehleError]) -> None:
        super().__init__(f"{len(errors)} errors", code=errors[0].code)
        self.errors = errors

    def format(self, severity: str = "error") -> str:
        return "\n".join(error.format(severity) for error in self.errors)


@click.command(name="convert")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option(
    "--to", "target", required=True, type=click.Choice(sorted(WRITERS)),
    help=N_("Output format."),
)
@click.option(
    "-o", "--output", metavar="OUT", default=None, callback=output_path,
    help=N_("Write here (atomically; never over an input) instead of standard output."),
)
@click.option(
    "--black-number", type=click.Choice(list(BLACK_NUMBERS)), default=None,
    help=N_("With --to notation: how a Black ply standing alone is numbered, "
            "'17... a7-a4' (dots, the default) or the book's '17. - a7-a4' (book)."),
)
@click.option(
    "--comma", is_flag=True, default=False,
    help=N_("With --to notation: the book's one-line form, a comma between White's ply and "
            "Black's reply ('6. g1, g7') and '4. -, e4' for a Black ply standing alone."),
)
@from_option
@fails_cleanly
def convert(files: tuple[str, ...], target: str, output: Optional[str], black_number: Optional[str],
            comma: bool, source_format: Optional[str]) -> None:
    """Convert game records to notation, JSON, YAML, PGN, PlayOK's numbered points or a self-contained HTML viewer.

    FILE may be `-` for standard input. Several files are read in order and their
    games written together. Nothing is written if any record has an error.
    """
    if black_number is not None and target != "notation":
        raise click.UsageError(_("--black-number applies to --to notation only, not to --to {target}").format(
            target=target))
    if comma and target != "notation":
        raise click.UsageError(_("--comma applies to --to notation only, not to --to {target}").format(target=target))
    if comma and black_number == "dots":
        raise click.UsageError("--comma writes a Black ply standing alone as the book does, '4. -, e4': "
                               "--black-number dots does not go with it")
    games = read_records(files, source_format)
    if not games and target == "html":
        names = ", ".join(dict.fromkeys(source_name(name) for name in files))
        raise MuehleError(no_game(_("an HTML viewer needs one")), source=names,
                          code="empty")
    try:
        text = (write_notation(games, black_number=black_number or "dots", comma=comma)
                if black_number is not None or comma else WRITERS[target](games))
    except UnwritableError as error:
        raise _named(error, games) from None
    write_output(text, output, inputs=files)


def _named(error: UnwritableError, games: list[Game]) -> UnwritableError:
    """``error`` naming its game by its number in its source when it has no line there (JSON, YAML)."""
    if not error.line and error.game is not None:
        same_source = [game for game in games if game.source == error.game.source]
        number = next((index for index, game in enumerate(same_source, 1) if game is error.game), None)
        if number is not None:
            error.source = game_in(error.source, number)
    return error
