"""The writers of records by format name, shared by the commands that write records
(``muehle convert --to``, ``muehle select --to``, ``muehle generate --to``), and the HTML viewer's
``--fen-numbers``."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Callable, Optional

import click

from muehle.analyzer.cli.common import echo_error
from muehle.notation.formats.jsonrecord import JsonWriter, YamlWriter, write_json, write_yaml
from muehle.notation.record.builders import GameBuilder
from muehle.notation.record.compactgame import CompactGameBuilder
from muehle.notation.record.model import Game
from muehle.notation.text.errors import MuehleError
from muehle.notation.text.i18n import N_, _
from muehle.notation.writing.pgn import game_pgn, write_pgn
from muehle.notation.writing.playok_writer import game_playok, write_playok
from muehle.notation.writing.writers import JoinedWriter, NotationWriter, RecordWriter, write_notation

Writer = Callable[[list[Game]], str]

#: ``--fen-numbers`` of the commands that write the HTML viewer (the choices of
#: :data:`muehle.analyzer.engine.fen.MOVE_NUMBERS`, not imported: the FEN only for ``--to html``).
fen_numbers_option = click.option(
    "--fen-numbers", type=click.Choice(("record", "sanmill"), case_sensitive=False), default=None,
    help=N_("With --to html: field 17 of the FENs the page copies as the record numbers its moves (record, "
            "the default) or as Sanmill counts (sanmill: every action, each removal one)."),
)


def html_move_numbers(fen_numbers: Optional[str], target: Optional[str]) -> str:
    """How the viewer's FENs count field 17 (``--fen-numbers``, default ``record``); a usage error
    where the output is no HTML page (``target``, ``None``: the games as they stand)."""
    if fen_numbers is not None and target != "html":
        if target is None:
            raise click.UsageError(_("--fen-numbers applies to --to html only"))
        raise click.UsageError(_("--fen-numbers applies to --to html only, not to --to {target}").format(target=target))
    return (fen_numbers or "record").lower()


def write_html(games: list[Game], endgames_dir: Optional[str] = None, numbers: Optional[list[int]] = None,
               move_numbers: str = "record") -> str:
    """The self-contained HTML viewer (imported on use: it needs the replay). A game that
    cannot be replayed (unknown ``Rules`` tag, bad ``FEN``) is shown without its positions,
    with a warning on standard error. Positions the endgame tables in ``endgames_dir``
    (default: the user's cache) hold get their value, where those tables have been built.
    ``numbers``: the games' numbers on the page (default 1, 2, ...); ``move_numbers``: how field
    17 of the FENs the page copies counts (``"record"`` or ``"sanmill"``, ``--fen-numbers``)."""
    from muehle.analyzer.endgames.best import endgame_values  # (start-up: the replay and the viewer only for --to html)
    from muehle.analyzer.pictures.html_viewer import write_html as render

    unreplayed: list[tuple[int, MuehleError]] = []
    page = render(games, unreplayed, endgame_values(endgames_dir), numbers, move_numbers)
    for number, error in unreplayed:
        warning = copy.copy(error)
        warning.message = _("the page shows its game {number} without positions: {message}").format(
            number=number, message=error.message)
        echo_error(warning, "warning")
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

def record_writer(target: str, black_number: Optional[str] = None, comma: bool = False,
                  locations: bool = True) -> Optional[RecordWriter]:
    """The writer of ``target`` that writes game by game; ``None`` for the HTML viewer (one page
    of every game, written once all are read)."""
    if target == "notation":
        return NotationWriter(black_number or "dots", comma)
    if target == "json":
        return JsonWriter(locations)
    if target == "yaml":
        return YamlWriter(locations)
    if target == "pgn":
        return JoinedWriter(game_pgn)
    if target == "playok":
        return JoinedWriter(game_playok)
    return None


def record_builder(target: str) -> Optional[Callable[[], GameBuilder]]:
    """What makes the builders of the games read for the writer of ``target`` (``None``: the
    readers' own): JSON is written from compact games, without objects for their plain plies."""
    return CompactGameBuilder if target == "json" else None


#: An output file's extension -> the format it implies when ``--to`` is not given.
EXTENSIONS: dict[str, str] = {".json": "json", ".yaml": "yaml", ".yml": "yaml", ".pgn": "pgn", ".txt": "notation",
                              ".html": "html", ".htm": "html"}

#: The formats a reader tells apart by content, not by the file's name: each may go to a file
#: whose name implies another of them (``--to playok -o games.txt``).
BY_CONTENT = ("notation", "pgn", "playok")


def target_format(target: Optional[str], output: Optional[str], default: Optional[str] = None) -> str:
    """The output format: ``--to`` when given, else the one the name of ``-o`` implies, else ``default``.

    A usage error when none says it, or when they contradict each other (a file named
    ``.json`` or ``.yaml`` is read back by its name, so it must hold that format).

    >>> target_format(None, "games.JSON"), target_format("playok", "games.txt")
    ('json', 'playok')
    """
    implied = EXTENSIONS.get(Path(output).suffix.lower()) if output not in (None, "-") else None
    if target is None:
        if implied is None and default is not None:
            return default
        if implied is None:
            raise click.UsageError(_("give the output format with --to, or an -o file whose name ends in {endings}").format(
                endings=", ".join(EXTENSIONS)))
        return implied
    if implied is not None and implied != target and not (implied in BY_CONTENT and target in BY_CONTENT):
        raise click.UsageError(_("--to {target} contradicts the output's name {output} ({implied}): "
                                 "leave out --to, or name the file for {target}").format(
            target=target, output=output, implied=implied))
    return target
