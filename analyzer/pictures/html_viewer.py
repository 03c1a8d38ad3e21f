"""A self-contained HTML page that replays games move by move.

One file, nothing fetched from the network: the styles and the script (package data,
``viewer_assets/viewer.css`` and ``viewer.js``, inlined once per page) and the board, the
SVG of :mod:`muehle.analyzer.pictures.svg`, are part of it; the script draws the stones of each
position from data computed here by the replay. The page shows the tags, the move list
with annotations (NAGs as their symbols), comments and variations, the board, buttons
(start, back, forward, end; flip the board; copy the FEN of the position in view and the
record), the status line and each side's stones on the board and in hand, and who is to
move (and, where the endgame tables hold the position and were given, its value and best
plies). The arrow keys (and Home/End) step through the game and clicking a move jumps to
it. The moves of variations are links too: clicking one shows its position, and stepping
then follows that variation (back past its first ply, through the line it branches from).
A page of several games shows one at a time, chosen in a picker above it. The address
fragment ``#ply=12`` (``#line=3&ply=12`` in the third variation of the move list,
``#game=2&ply=12`` on a page with several games) opens a position directly.

The page has a single board, whatever the number of games, and each position is a short
row of data (see ``viewer.js``): the stones as two bit masks, the SVG of marks and mill
bands and the texts of the stone counts each stored once per page and named by number.

The page's words are in the current language (:func:`muehle.notation.text.i18n.set_language`,
``--lang``), its ``<html lang>`` too: the texts made here through the catalog, the few the script
shows itself from the table the page gives it (:data:`VIEWER_WORDS`, ``DATA.words``).

Every stone the script draws is a ``<circle class="stone white|black">`` with
``data-point`` and ``data-side``, exactly as :func:`muehle.analyzer.pictures.svg.stone_svg`
draws it.
"""

from __future__ import annotations

import html
import json
from functools import lru_cache
from importlib import resources
from typing import Any, Callable, Iterable, Optional, Sequence, Union

from muehle.analyzer.engine.board import STANDARD, Geometry, Position, points_of
from muehle.analyzer.engine.events import reason_text
from muehle.analyzer.engine.fen import DEFAULT_FEN_FORM, FenPosition, check_move_numbers, fens_of_record, start_fen
from muehle.analyzer.engine.placing_rules import fen_reading
from muehle.analyzer.engine.replay import PlyRecord, Replay
from muehle.analyzer.engine.rules import Ruleset
from muehle.analyzer.engine.setup import replay_record
from muehle.analyzer.pictures.diagram import summary_lines
from muehle.analyzer.pictures.svg import (
    CENTRE,
    COLOURS,
    POINT_XY,
    STONE_RADIUS,
    cross_svg,
    last_ply_svg,
    marked_svg,
    mill_band_svg,
    render_svg,
)
from muehle.notation.record.model import BLACK, POINTS, UNFINISHED, WHITE, Game, Ply, Variation, side_name
from muehle.notation.text.errors import FormatError, MuehleError
from muehle.notation.text.i18n import N_, _, current_language, ngettext
from muehle.notation.writing.writers import write_notation

#: The words ``viewer.js`` shows, by key: the page gives them in its language (``DATA.words``,
#: :func:`viewer_words`), so that the script has no words of its own. ``{what}`` stands for the
#: text of ``fen`` or ``record``.
VIEWER_WORDS = {
    "fen": N_("The FEN of this position"),
    "record": N_("The record of this game"),
    "note-manual": N_("{what} (select and copy):"),
    "note-done": N_("{what}, copied to the clipboard:"),
}


def viewer_words() -> dict[str, str]:
    """:data:`VIEWER_WORDS` in the current language.

    >>> from muehle.notation.text.i18n import language
    >>> with language("de"):
    ...     viewer_words()["fen"]
    'Die FEN dieser Stellung'
    """
    return {key: _(text) for key, text in VIEWER_WORDS.items()}


#: The symbols of the NAGs the viewer shows as symbols (PGN's numbers); others stay ``$n``.
#: Each is drawn by DejaVu Sans, the common Linux font: White's and Black's slight advantage
#: ($14, $15) have signs of their own (U+2A72, U+2A71) that it lacks, so they are written ``+=``
#: and ``=+`` as in books printed without them.
NAG_SYMBOLS = {1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!", 10: "=", 13: "∞", 14: "+=", 15: "=+",
               16: "±", 17: "∓", 18: "+−", 19: "−+"}


@lru_cache(maxsize=None)
def asset(name: str) -> str:
    """The text of one of the page's package data files (``viewer.css``, ``viewer.js``), read once."""
    return resources.files("muehle.analyzer.pictures").joinpath("viewer_assets").joinpath(name).read_text(encoding="utf-8")


#: The endgame tables' value of a position under a ruleset as one line of text, or ``None`` where
#: they do not hold it (see :func:`muehle.analyzer.endgames.best.endgame_values`).
ValueText = Callable[[Position, Ruleset], Optional[str]]


class _Shared:
    """What the page stores once and its positions name by number: SVG pieces (marks, mill
    bands) and texts (each side's stones on the board and in hand, who is to move, the
    endgame tables' values, worked out by ``values``); and how field 17 of its FENs counts
    (``move_numbers``, one of :data:`~muehle.analyzer.engine.fen.MOVE_NUMBERS`)."""

    def __init__(self, values: Optional[ValueText], move_numbers: str) -> None:
        check_move_numbers(move_numbers)
        self.svg: dict[str, int] = {}
        self.texts: dict[str, int] = {}
        self.values = values
        self.move_numbers = move_numbers

    def svg_number(self, piece: str) -> int:
        return self.svg.setdefault(piece, len(self.svg))

    def text_number(self, text: str) -> int:
        return self.texts.setdefault(text, len(self.texts))

    def value_number(self, position: Position, rules: Ruleset) -> Optional[int]:
        """The number of the text of the endgame tables' value of ``position`` (``None``: none)."""
        text = self.values(position, rules) if self.values is not None else None
        return None if text is None else self.text_number(text)


def _frame(replay: Replay, record: Optional[PlyRecord], where: str, fen: str, shared: _Shared) -> list[Any]:
    """What the script needs to draw the position after ``record`` of ``replay`` (``None``: its start):
    White's and Black's stones (bit masks in the order of ``POINTS``), the numbers of its marks (the
    last ply's, and the points marked while placing) and mill bands, the status line, the number of
    its stone counts and the FEN (see ``viewer.js``); then, only where the endgame tables hold the
    position and the game is not over there, the number of the text of its value."""
    position = replay.start if record is None else record.after
    rules = replay.rules
    marks: list[int] = []
    mills: list[int] = []
    if record is not None:
        marks = [shared.svg_number(cross_svg(point)) for point in record.captures]
        marks.append(shared.svg_number(last_ply_svg(record.ply.origin, record.ply.target)))
        mills = [shared.svg_number(mill_band_svg(line)) for line in record.mills]
    marks.extend(shared.svg_number(marked_svg(point)) for point in points_of(position.marked))
    status = where if record is None else f"{where}: {record.label}"
    counts = shared.text_number("\n".join(summary_lines(position, rules.flying, flying_at=rules.flying_at,
                                                                lose_below=rules.lose_below)))
    frame = [position.white, position.black, marks, mills, status, counts, fen]
    over = replay.decided_by(0 if record is None else record.index)
    value = None if over else shared.value_number(position, rules)
    return frame if value is None else [*frame, value]


def _setup(game: Game, result: Replay) -> Optional[FenPosition]:
    """The FEN the replay started from (``None``: the usual start), for the FENs of its positions."""
    if not result.set_up:
        return None
    try:
        setup = start_fen(game, result.rules.stones, **fen_reading(result.rules))
    except MuehleError:
        setup = None
    return setup if setup is not None and setup.position == result.start else FenPosition(result.start)


def _fens(line: Replay, records: Sequence[PlyRecord], first: int, setup: Optional[FenPosition],
          move_numbers: str = "record") -> list[str]:
    """The FENs after ply ``first`` and each later ply of ``line``, whose plies from the start are
    ``records`` (the FEN after ply ``index`` is item ``index - first``), in Sanmill's current form,
    as ``muehle show --fen`` writes them (field 17 counted as ``move_numbers`` says, as
    ``--fen-numbers`` asks)."""
    return list(fens_of_record(records, setup, first=first, decided_by=line.decided_by, form=DEFAULT_FEN_FORM,
                               stones=line.rules.stones, mills=line.mills, move_numbers=move_numbers))


def _frames(result: Replay, setup: Optional[FenPosition], shared: _Shared) -> list[list[Any]]:
    """The frames of the main line: the start, then the position after each legal ply."""
    records = result.records
    total = len(records)
    fens = _fens(result, records, 0, setup, shared.move_numbers)
    plies = ngettext("{count} ply", "{count} plies", total).format(count=total)
    frames = [_frame(result, None, _("Start ({plies})").format(plies=plies), fens[0], shared)]
    frames.extend(_frame(result, record, _("Ply {index} of {total}").format(index=record.index, total=total),
                         fens[record.index], shared) for record in records)
    return frames


def _unreplayed_frame(error: MuehleError) -> list[Any]:
    """The only frame of a game that could not be replayed: an empty board and why."""
    return [0, 0, [], [], _not_replayed_text(error), -1, ""]


def _number(ply: Ply, fallback: int) -> int:
    return ply.number if ply.number is not None else fallback


def _comment_html(text: str) -> str:
    return f'<span class="comment">{html.escape(text)}</span>'


def _annotation_html(ply: Ply) -> str:
    text = html.escape(ply.annotation or "")
    text += "".join(f" {NAG_SYMBOLS.get(nag, f'${nag}')}" for nag in ply.nags)
    if ply.draw_offer:
        text += " (=)"
    return f'<span class="annotation">{text}</span>' if text else ""


class _MoveList:
    """The move list of one game, and what the page needs to show its variations.

    Replayed variations are numbered from 1 in the order the move list shows them
    (the main line is line 0). ``variations`` is the page data of each: the line it
    branches from (``parent``), the ply it replaces (``branch``) and the frames after
    each of its legal plies (the positions before ``branch`` are the parent's).
    ``link`` starts every link's fragment (``game=2&`` on a page with several games);
    ``shared`` holds what the page stores once, ``setup`` the FEN the game started from.
    """

    def __init__(self, link: str, shared: _Shared, setup: Optional[FenPosition]) -> None:
        self.link = link
        self.shared = shared
        self.setup = setup
        self.variations: list[dict[str, Any]] = []
        self.replays: list[Replay] = []
        #: The legal plies from the start to the end of each line (0: the main line).
        self.from_start: list[Sequence[PlyRecord]] = []

    def html(self, game: Game, result: Optional[Replay]) -> str:
        """Every ply of the main line and of its variations, the replayed ones links (none
        when ``result`` is ``None``: the game was not replayed)."""
        self.from_start = [result.records] if result is not None else []
        parts = [_comment_html(text) for text in game.comments]
        number = _number(game.plies[0], 1) if game.plies else 1
        parts += self._plies(game.plies, number, ("<i>{}.</i>", "<i>{}...</i>"), result, 0)
        if game.declared_result:
            parts.append(f'<span class="result">{html.escape(game.declared_result)}</span>')
        parts.extend(_comment_html(text) for text in game.final_comments)
        return " ".join(parts)

    def errors(self, result: Replay) -> list[str]:
        """The rules broken: the main line's, then each variation's, named by its number."""
        found = [error.message for error in result.errors]
        for number, line in enumerate(self.replays, 1):
            found.extend(_("Variation {number}: {message}").format(number=number, message=error.message_in_line)
                         for error in line.errors)
        return found

    def _add(self, parent: int, line: Replay) -> int:
        number = len(self.variations) + 1
        records = [*self.from_start[parent][:line.branch - 1], *line.records]
        first = line.branch - 1
        fens = _fens(line, records, first, self.setup, self.shared.move_numbers)
        frames = [_frame(line, record, _("Variation {number}, ply {index}").format(number=number, index=record.index),
                         fens[record.index - first], self.shared) for record in line.records]
        self.variations.append({"parent": parent, "branch": line.branch, "frames": frames})
        self.replays.append(line)
        self.from_start.append(records)
        return number

    def _plies(self, plies: Sequence[Ply], number: int, numbers: tuple[str, str], result: Optional[Replay],
               line: int) -> list[str]:
        """A line of play (``numbers`` formats a White and a Black move number) with its comments
        and variations; ``result`` is its replay, ``None`` when it was not replayed."""
        parts: list[str] = []
        first = result.first_index if result is not None else 0
        branches: dict[int, list[Replay]] = {}
        for variation_result in (result.variations if result is not None else []):
            branches.setdefault(variation_result.branch, []).append(variation_result)
        fresh = True
        for offset, ply in enumerate(plies):
            index = first + offset
            number = _number(ply, number)
            if ply.side == WHITE:
                label: Optional[str] = numbers[0].format(number)
            elif fresh:
                label = numbers[1].format(number)
            else:
                label = None
            body = self._ply(ply, index, line, result)
            # a move number never ends a line apart from its ply
            parts.append(body if label is None else f'<span class="turn">{label} {body}</span>')
            fresh = bool(ply.comments or ply.variations)
            parts.extend(_comment_html(text) for text in ply.comments)
            replayed = iter(branches.get(index, ()))
            for variation in ply.variations:
                parts.append(self._variation(variation, number, next(replayed, None), line))
            if ply.side == BLACK:
                number += 1
        return parts

    def _variation(self, variation: Variation, number: int, result: Optional[Replay], parent: int) -> str:
        line = self._add(parent, result) if result is not None else 0
        parts = [_comment_html(text) for text in variation.comments]
        parts += self._plies(variation.plies, number, ("{}.", "{}..."), result, line)
        return '<span class="variation">(' + " ".join(parts) + ")</span>"

    def _ply(self, ply: Ply, index: int, line: int, result: Optional[Replay]) -> str:
        """A link to the ply's position when it was replayed legally; struck through when it or
        an earlier ply of its line is illegal; plain when its line was not replayed (a
        variation of a ply after an illegal one)."""
        text = html.escape(ply.move_text)
        if result is None:
            body = f'<span class="move">{text}</span>'
        elif index < result.first_index + len(result.records):
            where = f"{self.link}line={line}&amp;ply={index}" if line else f"{self.link}ply={index}"
            body = f'<a class="ply" href="#{where}" data-line="{line}" data-ply="{index}">{text}</a>'
        else:
            error = next((e for e in result.errors if e.code != "result-mismatch"), None)
            first = index == result.first_index + len(result.records)
            why = html.escape(error.message_in_line if error is not None and first else
                              _("not replayed: an earlier ply is illegal"), quote=True)
            body = f'<span class="ply illegal" title="{why}">{text}</span>'
        return body + _annotation_html(ply)


def _outcome_text(result: Replay) -> str:
    outcome = result.outcome
    if outcome is None:
        return ""
    reason = reason_text(outcome.reason, outcome.winner)
    if outcome.winner is None:
        text = _("Draw ({reason}) after ply {ply}.") if outcome.ply else _("Draw ({reason}).")
        return text.format(reason=reason, ply=outcome.ply)
    text = _("{side} wins ({reason}) after ply {ply}.") if outcome.ply else _("{side} wins ({reason}).")
    return text.format(side=side_name(outcome.winner), reason=reason, ply=outcome.ply)


def _title(game: Game) -> str:
    white, black = game.tags.get("White"), game.tags.get("Black")
    if white or black:
        return f"{white or '?'} – {black or '?'}"
    return game.tags.get("Event") or _("Nine Men's Morris")


#: What the page has of each game: its replay, or why it could not be replayed.
ReplayOrError = Union[Replay, MuehleError]


def _not_replayed_text(error: MuehleError) -> str:
    """Why a game is shown without its positions: the error and where it stands."""
    if error.line:
        return _("Not replayed: {message} (line {line}).").format(message=error.message, line=error.line)
    return _("Not replayed: {message}.").format(message=error.message)


def game_label(number: int, game: Game) -> str:
    """How the picker names a game: its players, event, date and result as far as its tags
    tell (unknown ``?`` values left out), else ``Game N``.

    >>> game_label(3, Game(tags={"White": "Anna", "Black": "Ben", "Date": "2024.05.01", "Result": "1-0"}))
    'Anna – Ben, 2024.05.01, 1-0'
    >>> game_label(3, Game(tags={"Event": "?", "Result": "*"}))
    'Game 3'
    """
    parts = []
    white, black = game.tags.get("White"), game.tags.get("Black")
    if white or black:
        parts.append(f"{white or '?'} – {black or '?'}")
    parts.extend(game.tags[name] for name in ("Event", "Date") if game.tags.get(name, "").strip("?. "))
    result = game.declared_result or game.tags.get("Result")
    if result and result != UNFINISHED:
        parts.append(result)
    return ", ".join(parts) or _("Game {number}").format(number=number)


def _picker(games: Sequence[tuple[Game, ReplayOrError]], numbers: Sequence[int]) -> str:
    """The choice of the game in view on a page of several games (named by ``numbers``)."""
    options = "\n".join(f'<option value="{number}">{number}. {html.escape(game_label(number, game))}</option>'
                        for number, (game, _unused) in zip(numbers, games))
    # (Babel's extractor finds no _() within an f-string: the words are looked up before)
    game, games_label, in_view = html.escape(_("Game")), _attribute(_("Games")), _attribute(_("Game in view"))
    return "\n".join([
        f'<nav class="games" aria-label="{games_label}">',
        _button("previous-game", _("The game before (P)"), f"&lsaquo; {game}"),
        f'<select aria-label="{in_view}">',
        options,
        "</select>",
        _button("next-game", _("The game after (N)"), f"{game} &rsaquo;"),
        "</nav>",
    ])


def _attribute(text: str) -> str:
    """``text`` as the value of an HTML attribute in double quotes."""
    return html.escape(text, quote=True)


def _button(kind: str, title: str, label: str, extra: str = "") -> str:
    """A button of the page: its class, title (the tooltip, ``title`` as text) and label (HTML)."""
    return f'<button type="button" class="{kind}"{extra} title="{_attribute(title)}">{label}</button>'


def _side(board: str) -> str:
    """The board with its buttons, status and tools: once per page, beside the game in view."""
    start, back, forward, end = (html.escape(word) for word in (_("Start"), _("Back"), _("Forward"), _("End")))
    controls = "\n".join([
        _button("start", _("Start (Home)"), f"&laquo; {start}"),
        _button("back", _("Back (left arrow)"), f"&lsaquo; {back}"),
        _button("forward", _("Forward (right arrow)"), f"{forward} &rsaquo;"),
        _button("end", _("End (End)"), f"{end} &raquo;"),
    ])
    tools = "\n".join([
        _button("flip", _("Black's side at the bottom (F)"), html.escape(_("Flip board")), ' aria-pressed="false"'),
        _button("copy-fen", _("The FEN of the position in view"), html.escape(_("Copy FEN"))),
        _button("copy-record", _("The record of this game in the notation"), html.escape(_("Copy record"))),
    ])
    return f"""<div class="side">
<div class="board">{board}</div>
<div class="controls">
{controls}
</div>
<p class="status" aria-live="polite"></p>
<p class="position"></p>
<div class="tools">
{tools}
</div>
<div class="copied" hidden><label><span class="note"></span>
<textarea readonly rows="3" spellcheck="false"></textarea></label></div>
</div>"""


def _help() -> str:
    """The page's help: the keys (below the games)."""
    rows = [("&larr; &rarr; (&uarr; &darr;)", _("back, forward")),
            (html.escape(_("Home, End")), _("the start, the end")),
            ("F", _("flip the board")),
            ("N, P", _("the next game, the previous game (on a page of several games)"))]
    keys = "\n".join(f"<dt>{key}</dt><dd>{html.escape(what)}</dd>" for key, what in rows)
    summary, hint = html.escape(_("Keys")), html.escape(_("Click or tap a move to see the position after it."))
    return f"""<details class="help"><summary>{summary}</summary>
<dl>
{keys}
</dl>
<p>{hint}</p>
</details>"""


def _board(result: ReplayOrError, geometry: Geometry) -> str:
    """The board as the page first shows it, before its script runs: the game's last position.
    The lines ``geometry`` has beyond the standard board's (the diagonals, where a game of the
    page has them) are drawn, shown where this game's board has them: the script shows them
    for each game whose board has them (``diagonals`` in its data) and hides them for the others."""
    if isinstance(result, MuehleError):
        return render_svg(Position(), None, geometry=geometry, lines_shown=False)
    return render_svg(result.last_legal_position, result.records[-1] if result.records else None,
                      geometry=geometry, lines_shown=result.rules.geometry is geometry)


def _game_section(number: int, game: Game, result: ReplayOrError, moves: _MoveList, several: bool,
                  side: str) -> str:
    """The section of one game; ``side`` is the board's, given to the first game only (the
    others are hidden until the script shows them)."""
    tags = "".join(f"<tr><th>{html.escape(name)}</th><td>{html.escape(value)}</td></tr>"
                   for name, value in game.tags.items())
    if isinstance(result, MuehleError):
        move_list = moves.html(game, None)
        outcome = ""
        errors = ""
        rules = _not_replayed_text(result)
    else:
        move_list = moves.html(game, result)
        errors = "".join(f"<li>{html.escape(message)}</li>" for message in moves.errors(result))
        outcome = _outcome_text(result)
        rules = _("Replayed under the rules {name}: {title}").format(name=result.rules.name, title=result.rules.title)
    heading = html.escape(_title(game))
    if several:
        label = game_label(number, game)
        plain = _("Game {number}").format(number=number)
        heading = html.escape(plain if label == plain else _("Game {number}: {label}").format(number=number,
                                                                                             label=label))
    return f"""<section class="game" id="game-{number}" data-game="{number}"{'' if side else ' hidden'}>
<h2>{heading}</h2>
<table class="tags">{tags}</table>
<div class="viewer">
{side}<div class="record">
<p class="moves">{move_list}</p>
{f'<p class="outcome">{html.escape(outcome)}</p>' if outcome else ''}
{f'<ul class="errors">{errors}</ul>' if errors else ''}
<p class="rules">{html.escape(rules)}</p>
</div>
</div>
</section>"""


def _script_json(data: Any) -> str:
    """JSON that can stand inside ``<script>``: no ``<`` can close the element."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def _record_text(game: Game) -> str:
    """The game in the notation, for the page's "copy record" ('' if the notation cannot carry it)."""
    try:
        return write_notation([game])
    except MuehleError:
        return ""


def render_games_html(games: Sequence[tuple[Game, ReplayOrError]], title: Optional[str] = None,
                      values: Optional[ValueText] = None, numbers: Optional[Sequence[int]] = None,
                      move_numbers: str = "record") -> str:
    """One page for several replayed games, one board that shows one game at a time, chosen
    in a picker (a page of one game has none).

    A game given with an error instead of its replay (an unknown ``Rules`` tag, a bad
    ``FEN``) is shown with its tags and moves on an empty board, and the error. ``values``
    gives the endgame tables' value of a position, shown in the status line where there is one.
    ``numbers`` are the games' numbers, which the page names them by (``Game 3``, ``#game=3``):
    by default 1, 2, ... in the order given; a game that could not be read and is left out of
    ``games`` leaves its number out, so that the page numbers the games as ``muehle validate`` does.
    ``move_numbers`` says how field 17 of the FENs the page copies counts: ``"record"``, the record's
    move number (as ``show --fen`` writes it), or ``"sanmill"``, every action a ply as Sanmill counts
    (:data:`~muehle.analyzer.engine.fen.MOVE_NUMBERS`; another is a :class:`ValueError`).
    """
    numbers = _page_numbers(games, numbers)
    several = len(games) > 1
    if title is None:
        title = _title(games[0][0]) if not several else ngettext(
            "{count} game of Nine Men's Morris", "{count} games of Nine Men's Morris", len(games)).format(count=len(games))
    shared = _Shared(values, move_numbers)
    sections = []
    game_data = []
    # the board's lines: the diagonals drawn where any game of the page is played on a board with them
    geometry = next((result.rules.geometry for _game, result in games
                     if not isinstance(result, MuehleError) and result.rules.geometry.extra_lines), STANDARD)
    for index, (number, (game, result)) in enumerate(zip(numbers, games)):
        setup = None if isinstance(result, MuehleError) else _setup(game, result)
        moves = _MoveList(f"game={number}&amp;" if several else "", shared, setup)
        side = _side(_board(result, geometry)) if index == 0 else ""
        sections.append(_game_section(number, game, result, moves, several, side))
        frames = [_unreplayed_frame(result)] if isinstance(result, MuehleError) else _frames(result, setup, shared)
        game_data.append({"number": number, "frames": frames, "variations": moves.variations,
                          "record": _record_text(game),
                          "diagonals": not isinstance(result, MuehleError) and bool(result.rules.geometry.extra_lines)})
    data = {
        "points": [[point, *POINT_XY[point]] for point in POINTS],
        "centre": list(CENTRE),
        "radius": STONE_RADIUS,
        "colours": COLOURS,
        "svg": list(shared.svg),
        "texts": list(shared.texts),
        "games": game_data,
        "words": viewer_words(),
    }
    header = f"<header>\n<h1>{html.escape(title)}</h1>\n{_picker(games, numbers)}\n</header>\n" if several else ""
    # without the script, every game is listed (the board shows the first)
    noscript = "<noscript><style>section.game[hidden] { display: block; }</style></noscript>\n" if several else ""
    return f"""<!DOCTYPE html>
<html lang="{current_language()}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="muehle">
<title>{html.escape(title)}</title>
<style>
{asset("viewer.css")}</style>
{noscript}</head>
<body>
{header}{chr(10).join(sections)}
{_help()}
<script>
var DATA = {_script_json(data)};
{asset("viewer.js")}</script>
</body>
</html>
"""


def _page_numbers(games: Sequence[Any], numbers: Optional[Sequence[int]]) -> list[int]:
    """The numbers the page names its games by: ``numbers``, checked, else 1, 2, ..."""
    if numbers is None:
        return list(range(1, len(games) + 1))
    chosen = list(numbers)
    if len(chosen) != len(games) or len(set(chosen)) != len(chosen) or any(n < 1 for n in chosen):
        raise ValueError(f"numbers must be {len(games)} different numbers from 1, not {chosen}")
    return chosen


def render_html(game: Game, replay: Replay) -> str:
    """The viewer page for one game and its replay."""
    return render_games_html([(game, replay)])


def write_html(games: Iterable[Game], unreplayed: Optional[list[tuple[int, MuehleError]]] = None,
               values: Optional[ValueText] = None, numbers: Optional[Sequence[int]] = None,
               move_numbers: str = "record") -> str:
    """The viewer page for records: each replayed under its ``Rules`` tag (default ``wmd``),
    from its ``[SetUp "1"]`` FEN when it has one. The writer of ``muehle convert --to html``.

    A game whose ``Rules`` tag names no preset, or whose FEN cannot be read, is shown
    without its positions, with the error; the game's number and the error are added to
    ``unreplayed`` if given. ``values``, ``numbers`` (the games' numbers, by default 1,
    2, ...) and ``move_numbers`` (how field 17 of the FENs counts): as for :func:`render_games_html`.
    """
    pairs = [(game, _replayed(game)) for game in games]
    if not pairs:
        raise FormatError(_("there is no game to show"), code="format")
    shown = _page_numbers(pairs, numbers)
    if unreplayed is not None:
        unreplayed.extend((number, result) for number, (_, result) in zip(shown, pairs)
                          if isinstance(result, MuehleError))
    return render_games_html(pairs, values=values, numbers=shown, move_numbers=move_numbers)


def _replayed(game: Game) -> ReplayOrError:
    """The replay of ``game``, or the error in its ``Rules`` or ``FEN`` tag that prevents it."""
    try:
        return replay_record(game)
    except FormatError as error:
        return error
