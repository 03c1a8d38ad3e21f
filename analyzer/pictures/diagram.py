"""Board diagrams for the terminal: the three squares, their lines, the stones.

The board is drawn as in the rules texts: files a-g along the bottom, ranks 1-7
on the left, four columns per file and two rows per rank. White stones are ``○``
and Black stones ``●`` (``W`` and ``B`` in plain ASCII, where empty points are
``+``). The last ply is marked: its target in brackets ``[●]``, the point it came
from in parentheses, and the points it captured from as ``×`` (``x``). A point marked by a
capture while placing (``mill_while_placing: mark``) is ``⊠`` (``X``) until placing ends. Below the
board: the last ply, each side's stones on the board and in hand and its phase,
and the side to move. A board with diagonals (the ruleset's ``board``) has its four
diagonal lines drawn too, ``╲`` and ``╱`` (``\\`` and ``/``) between the corners of
the squares.

>>> print(render_diagram(Position.start(), ascii=True))
7  +-----------+-----------+
   |           |           |
6  |   +-------+-------+   |
   |   |       |       |   |
5  |   |   +---+---+   |   |
   |   |   |       |   |   |
4  +---+---+       +---+---+
   |   |   |       |   |   |
3  |   |   +---+---+   |   |
   |   |       |       |   |
2  |   +-------+-------+   |
   |           |           |
1  +-----------+-----------+
   a   b   c   d   e   f   g
White (W): 0 on the board, 9 in hand, placing
Black (B): 0 on the board, 9 in hand, placing
White to move
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional, Sequence

from muehle.analyzer.engine.board import STANDARD, Geometry, Position, lost, points_of
from muehle.analyzer.engine.core import phase_of
from muehle.analyzer.engine.events import end_text, reason_text
from muehle.analyzer.pictures.style import paint
from muehle.notation.record.model import BLACK, POINTS, SIDES, WHITE, Side, other_side, side_name
from muehle.notation.text.errors import visible
from muehle.notation.text.i18n import N_, _

#: Characters of each style: stones, empty point, lines, marks.
_UNICODE = {"white": "○", "black": "●", "empty": "+", "h": "─", "v": "│", "down": "╲", "up": "╱", "captured": "×",
            "marked": "⊠"}
_ASCII = {"white": "W", "black": "B", "empty": "+", "h": "-", "v": "|", "down": "\\", "up": "/", "captured": "x",
          "marked": "X"}

#: Box-drawing junctions by the directions (up, down, left, right) a point has lines in.
_JUNCTIONS = {
    (False, True, False, True): "┌", (False, True, True, False): "┐",
    (True, False, False, True): "└", (True, False, True, False): "┘",
    (True, True, False, True): "├", (True, True, True, False): "┤",
    (False, True, True, True): "┬", (True, False, True, True): "┴",
    (True, True, True, True): "┼",
}

#: The phases :func:`side_phase` gives, as the summary words them.
PHASE_WORDS = {"placing": N_("placing"), "moving": N_("moving"), "flying": N_("flying"), "lost": N_("lost")}

#: Width of the drawing: one margin column each side of the 25 columns of the board.
_WIDTH = 27


def point_cell(point: str) -> tuple[int, int]:
    """Row and column of a point in the drawing (row 0 is rank 7, column 1 is file a).

    >>> point_cell("a7"), point_cell("g1")
    ((0, 1), (12, 25))
    """
    return 2 * (7 - int(point[1])), 1 + 4 * (ord(point[0]) - ord("a"))


def _empty_board(chars: dict[str, str], unicode: bool, geometry: Geometry) -> list[list[str]]:
    grid = [[" "] * _WIDTH for _ in range(13)]
    directions: dict[str, list[bool]] = {point: [False] * 4 for point in POINTS}
    for line in geometry.lines:
        for a, b in zip(line, line[1:]):
            (ra, ca), (rb, cb) = point_cell(a), point_cell(b)
            if ra != rb and ca != cb:  # a diagonal (the corners keep their junctions)
                for row in range(min(ra, rb) + 1, max(ra, rb)):
                    grid[row][ca + (cb - ca) * (row - ra) // (rb - ra)] = chars["down" if (rb - ra) * (cb - ca) > 0
                                                                                  else "up"]
            elif ra == rb:
                left, right = (a, b) if ca < cb else (b, a)
                directions[left][3] = directions[right][2] = True
                for column in range(min(ca, cb) + 1, max(ca, cb)):
                    grid[ra][column] = chars["h"]
            else:
                top, bottom = (a, b) if ra < rb else (b, a)
                directions[top][1] = directions[bottom][0] = True
                for row in range(min(ra, rb) + 1, max(ra, rb)):
                    grid[row][ca] = chars["v"]
    for point, (up, down, to_left, to_right) in directions.items():
        row, column = point_cell(point)
        grid[row][column] = _JUNCTIONS[(up, down, to_left, to_right)] if unicode else chars["empty"]
    return grid


_BOARDS: dict[tuple[bool, str], list[list[str]]] = {}


def _board(unicode: bool, geometry: Geometry = STANDARD) -> list[list[str]]:
    key = (unicode, geometry.name)
    if key not in _BOARDS:
        _BOARDS[key] = _empty_board(_UNICODE if unicode else _ASCII, unicode, geometry)
    return [row[:] for row in _BOARDS[key]]


def side_phase(position: Position, side: Side, flying: bool = True, flying_at: int = 3, lose_below: int = 3) -> str:
    """The phase of one side: ``placing``, ``moving``, ``flying``, or ``lost`` below ``lose_below``
    stones (the core's :func:`~muehle.analyzer.engine.core.phase_of` and
    :func:`~muehle.analyzer.engine.board.lost`, with the ruleset's ``flying``, ``flying_at`` and ``lose_below``).

    >>> side_phase(Position(0b111, 0b111 << 3, 0, 0), "white")
    'flying'
    >>> side_phase(Position(0b111, 0b111 << 3, 0, 0), "white", flying=False)
    'moving'
    >>> four = Position(0b1111, 0b1111 << 4, 0, 0)
    >>> side_phase(four, "white"), side_phase(four, "white", flying_at=4)
    ('moving', 'flying')
    """
    stones, in_hand = position.stones(side), position.in_hand(side)
    return "lost" if lost(stones, in_hand, lose_below) else phase_of(stones, in_hand, flying, flying_at)


def game_over_text(outcome: Any) -> str:
    """How a game decided on the board stands, for the line under a diagram (``outcome``:
    anything with ``winner`` and ``reason``, as :class:`~muehle.analyzer.engine.events.Outcome`).

    >>> from muehle.analyzer.engine.events import Outcome
    >>> game_over_text(Outcome("white", "blocked", 30)), game_over_text(Outcome(None, "repetition", 26))
    ('Black cannot move', 'drawn by threefold repetition')
    """
    return end_text(outcome)


def summary_lines(position: Position, flying: bool = True, marks: Optional[dict[Side, str]] = None,
                  game_over: Optional[str] = None, flying_at: int = 3, lose_below: int = 3) -> list[str]:
    """Each side's stones and phase (:func:`side_phase`, under the ruleset's ``flying``, ``flying_at``
    and ``lose_below``), then who moves, or how the game is over (``game_over``, see
    :func:`game_over_text`; a side below ``lose_below`` stones is seen without it).

    ``marks`` adds text after each side's name (the diagram's stone symbols). Points marked by a
    capture while placing (``mill_while_placing: mark``) are named in a line of their own.

    >>> summary_lines(Position.start())
    ['White: 0 on the board, 9 in hand, placing', 'Black: 0 on the board, 9 in hand, placing', 'White to move']
    >>> summary_lines(Position(0b111, 0, 6, 8, "black", marked=1 << 23))[2]
    'Marked until placing ends: g7'
    """
    phases = {side: side_phase(position, side, flying, flying_at, lose_below) for side in SIDES}
    lines = [_("{side}{mark}: {on_board} on the board, {in_hand} in hand, {phase}").format(
        side=side_name(side), mark=(marks or {}).get(side, ""), on_board=position.on_board(side),
        in_hand=position.in_hand(side), phase=_(PHASE_WORDS[phases[side]])) for side in SIDES]
    if position.marked:
        lines.append(_("Marked until placing ends: {points}").format(points=", ".join(points_of(position.marked))))
    lost = [side for side in SIDES if phases[side] == "lost"]
    if game_over:
        lines.append(_("Game over: {how}").format(how=game_over))
    elif lost:
        winner: Optional[Side] = None if len(lost) == 2 else other_side(lost[0])
        lines.append(_("Game over: {how}").format(how=reason_text("fewer-than-three", winner)))
    else:
        lines.append(_("{side} to move").format(side=side_name(position.to_move)))
    return lines


def _bracket(grid: list[list[str]], point: str, left: str, right: str) -> None:
    row, column = point_cell(point)
    grid[row][column - 1], grid[row][column + 1] = left, right


def _last_ply_legend(last: "LastPly", label: str, target: str, origin: str, captured: str) -> str:
    """The line that names the last ply (``label``) and explains its marks: ``target``, ``origin``
    (where it moved) and ``captured`` (where it captured)."""
    legend = _("Last ply: {label}").format(label=label) + f"   {target} " + (_("placed") if last.origin is None
                                                                              else _("to"))
    if last.origin is not None:
        legend += f"  {origin} " + _("from")
    if last.captures:
        legend += f"  {captured} " + _("captured")
    return legend


def _mark_best(grid: list[list[str]], best: Sequence[Any]) -> str:
    """Mark the plies ``best`` (anything with ``origin``, ``target`` and ``capture``): the stones
    they move in ``( )``, the points they go to in ``[ ]``, the stones they capture in ``{ }``;
    the legend of these marks."""
    for ply in best:
        _bracket(grid, ply.origin, "(", ")")
        _bracket(grid, ply.target, "[", "]")
        if ply.capture is not None:
            _bracket(grid, ply.capture, "{", "}")
    captures = "  { } " + _("captures") if any(ply.capture is not None for ply in best) else ""
    return _("Best plies:") + " ( ) " + _("from") + "  [ ] " + _("to") + captures


def render_diagram(
    position: Position, last: Optional[Any] = None, ascii: bool = False, *, flying: bool = True,
    game_over: Optional[str] = None, best: Sequence[Any] = (), colour: bool = False,
    geometry: Geometry = STANDARD, flying_at: int = 3, lose_below: int = 3,
) -> str:
    """The position as a board diagram with the summary lines below it.

    ``last`` is the replay's record of the ply that led to ``position`` (anything
    with ``ply`` and ``captures``), or its :class:`LastPly`: its target, origin and
    captures are marked.
    ``flying`` says whether the rules let a side with three stones jump (for the
    phase shown). ``ascii`` draws with plain ASCII characters only. ``game_over`` says how
    the game is over in this position (:func:`game_over_text`), if it is. ``best``: plies of
    the side to move to mark instead of the last ply (with ``origin``, ``target`` and
    ``capture``, as the endgame tables' plies); the last ply is then only named, and the
    diagram is drawn plain. ``geometry`` is the ruleset's board (its lines drawn: the
    diagonals too on a board with diagonals).

    With ``colour`` the board is painted for a terminal (:mod:`~muehle.analyzer.pictures.style`):
    on a board of its own colour, so that the stones read the same on a dark and a
    light terminal; the last ply marked by colours instead of brackets (the lines run
    on through the marks), and the mills it closed (``last.mills``, if any) marked as
    the SVG marks them. Each row shows as wide as in the plain diagram.
    """
    chars = _ASCII if ascii else _UNICODE
    grid = _board(not ascii, geometry)
    for index, point in enumerate(POINTS):
        bit = 1 << index
        if position.white & bit or position.black & bit:
            row, column = point_cell(point)
            grid[row][column] = chars[WHITE if position.white & bit else BLACK]
        elif position.marked & bit:
            row, column = point_cell(point)
            grid[row][column] = chars["marked"]
    marks = None if last is None else LastPly.of(last)
    if colour and not best:
        return _painted(grid, position, marks, chars, flying, game_over, flying_at, lose_below)
    legend = ""
    if best:
        legend = (_("Last ply: {label}").format(label=marks.label) + "\n" if marks is not None else "") + _mark_best(grid, best)
    elif marks is not None:
        _bracket(grid, marks.target, "[", "]")
        if marks.origin is not None:
            _bracket(grid, marks.origin, "(", ")")
        for point in marks.captures:
            row, column = point_cell(point)
            grid[row][column] = chars["captured"]
        legend = _last_ply_legend(marks, marks.label, "[ ]", "( )", chars["captured"])
    lines = [f"{7 - row // 2 if row % 2 == 0 else ' '} {''.join(cells)}".rstrip()
             for row, cells in enumerate(grid)]
    lines.append(_FILES)
    if legend:
        lines.append(legend)
    lines.extend(summary_lines(position, flying, {side: f" ({chars[side]})" for side in SIDES},
                               game_over, flying_at, lose_below))
    return "\n".join(lines)


#: The letters of the files, under their columns.
_FILES = "   " + "   ".join("abcdefg")

#: The colours of the painted diagram (xterm's 256, which themes leave as they are; the
#: 16 named ones each theme changes): a wooden board under dark lines, stones in white and
#: black, the last ply in the blue of the SVG's mark (its origin paler), captured points
#: in red, the mills it closed in the SVG's orange red.
_PALETTE = {"board": "48;5;137", "line": "38;5;236", "white": "1;38;5;231", "black": "38;5;16",
            "target": "48;5;26", "origin": "48;5;110", "captured": "1;38;5;231;48;5;160", "mill": "48;5;166"}


@dataclass(frozen=True)
class LastPly:
    """What a diagram marks of the ply that led to its position: small and plain, so that a
    report can carry it to another process and draw the diagram only when it is shown.

    >>> from muehle.notation.record.model import Ply
    >>> LastPly.of(Ply(9, "black", "c3", captures=["d2"]))
    LastPly(label='9... c3/xd2', target='c3', origin=None, captures=('d2',), mills=())
    """

    label: str
    target: str
    origin: Optional[str]
    captures: tuple[str, ...]
    mills: tuple[tuple[str, ...], ...]

    @classmethod
    def of(cls, last: Any) -> "LastPly":
        """The marks of ``last``: a replay's record of a ply (``ply``, ``captures``, and ``mills``
        and ``label`` where it has them), or a :class:`~muehle.notation.record.model.Ply`."""
        if isinstance(last, LastPly):
            return last
        ply = getattr(last, "ply", last)
        label = getattr(last, "label", None)
        return cls(label if isinstance(label, str) else ply.label(), ply.target, ply.origin,
                   tuple(getattr(last, "captures", ply.captures)), tuple(tuple(mill) for mill in getattr(last, "mills", ())))


def _painted(grid: list[list[str]], position: Position, last: Optional[LastPly], chars: dict[str, str],
             flying: bool, game_over: Optional[str], flying_at: int = 3, lose_below: int = 3) -> str:
    """The diagram of :func:`render_diagram` with ``colour``: ``grid`` holds the board and its stones."""
    board, line = _PALETTE["board"], _PALETTE["line"]
    # each cell's foreground and background, then the marks laid over them
    ink = [[_PALETTE["white"] if cell == chars["white"] else _PALETTE["black"] if cell == chars["black"] else line
            for cell in cells] for cells in grid]
    ground = [[board] * len(cells) for cells in grid]
    legend = ""
    if last is not None:
        for mill in last.mills:
            (top, left), (bottom, right) = point_cell(mill[0]), point_cell(mill[-1])
            for row in range(min(top, bottom), max(top, bottom) + 1):
                if top != bottom and left != right:  # (a diagonal: three wide along it)
                    middle = left + (right - left) * (row - top) // (bottom - top)
                    across = range(middle - 1, middle + 2)
                else:
                    across = range(left - 1, right + 2)  # (one cell past each end, three wide upright)
                for column in across:
                    ground[row][column] = _PALETTE["mill"]
        row, column = point_cell(last.target)
        ground[row][column - 1:column + 2] = [_PALETTE["target"]] * 3
        if last.origin is not None:
            row, column = point_cell(last.origin)
            ground[row][column - 1:column + 2] = [_PALETTE["origin"]] * 3
        for point in last.captures:
            row, column = point_cell(point)
            grid[row][column], ink[row][column], ground[row][column] = chars["captured"], _PALETTE["captured"], ""
        legend = _last_ply_legend(last, visible(last.label), paint("[ ]", _PALETTE["target"]),
                                  paint("( )", _PALETTE["origin"]), paint(chars["captured"], _PALETTE["captured"]))
        if last.mills:
            legend += f"  {paint(chars['h'] * 3, _PALETTE['mill'] + ';' + line)} " + _("mill")
    lines = [f"{7 - row // 2 if row % 2 == 0 else ' '} {_runs(cells, ink[row], ground[row])}"
             for row, cells in enumerate(grid)]
    lines.append(_FILES)
    if legend:
        lines.append(legend)
    stones = {side: f" ({paint(chars[side], _PALETTE[side] + ';' + board)})" for side in SIDES}
    lines.extend(summary_lines(position, flying, stones, visible(game_over) if game_over else None, flying_at,
                               lose_below))
    return "\n".join(lines)


def _runs(cells: list[str], ink: list[str], ground: list[str]) -> str:
    """One row of the painted board: each stretch of cells in one style painted once."""
    parts = []
    start = 0
    for end in range(1, len(cells) + 1):
        if end == len(cells) or (ink[end], ground[end]) != (ink[start], ground[start]):
            style = ";".join(part for part in (ink[start], ground[start]) if part)
            parts.append(paint("".join(cells[start:end]), style))
            start = end
    return "".join(parts)
