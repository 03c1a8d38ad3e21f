"""The writers of records by format name, shared by the commands that write records
(``muehle convert --to``, ``muehle select --to``)."""

from __future__ import annotations

from typing import Callable, Optional

from muehle.analyzer.cli.common import echo_error
from muehle.notation.errors import MuehleError
from muehle.notation.i18n import _
from muehle.notation.jsonrecord import JsonWriter, YamlWriter, write_json, write_yaml
from muehle.notation.model import Game
from muehle.notation.pgn import game_pgn, write_pgn
from muehle.notation.playok_writer import game_playok, write_playok
from muehle.notation.writers import JoinedWriter, NotationWriter, RecordWriter, write_notation

Writer = Callable[[list[Game]], str]


def write_html(games: list[Game], endgames_dir: Optional[str] = None) -> str:
    """The self-contained HTML viewer (imported on use: it needs the replay). A game that
    cannot be replayed (unknown ``Rules`` tag, bad ``FEN``) is shown without its positions,
    with a warning on standard error. Positions the endgame tables in ``endgames_dir``
    (default: the user's cache) hold get their value, where those tables have been built."""
    import copy

    from muehle.analyzer.endgames.best import endgame_values
    from muehle.analyzer.pictures.html_viewer import write_html as render

    unreplayed: list[tuple[int, MuehleError]] = []
    page = render(games, unreplayed, endgame_values(endgames_dir))
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
