"""Board diagrams for the terminal: the three squares, their lines, the stones.

The board is drawn as in the rules texts: files a-g along the bottom, ranks 1-7
on the left, four columns per file and two rows per rank. White stones are ``○``
and Black stones ``●`` (``W`` and ``B`` in plain ASCII, where empty points are
``+``). The last ply is marked: its target in brackets ``[●]``, the point it came
from in parentheses, and the points it captured from as ``×`` (``x``). Below the
board: the last ply, each side's stones on the board and in hand and its phase,
and the side to move.

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

from typing import Any, Optional

from muehle.analyzer.engine.board import MILL_LINES, Position
from muehle.analyzer.engine.core import lost, phase_of
from muehle.analyzer.engine.events import end_text, reason_text
from muehle.notation.i18n import N_, _
from muehle.notation.model import POINTS, Side

#: Characters of each style: stones, empty point, lines, marks.
_UNICODE = {"white": "○", "black": "●", "empty": "+", "h": "─", "v": "│", "captured": "×"}
_ASCII = {"white": "W", "black": "B", "empty": "+", "h": "-", "v": "|", "captured": "x"}

#: Box-drawing junctions by the directions (up, down, left, right) a point has lines in.
_JUNCTIONS = {
    (False, True, False, True): "┌", (False, True, True, False): "┐",
    (True, False, False, True): "└", (True, False, True, False): "┘",
    (True, True, False, True): "├", (True, True, True, False): "┤",
    (False, True, True, True): "┬", (True, False, True, True): "┴",
    (True, True, True, True): "┼",
}

_NAMES = {"white": N_("White"), "black": N_("Black")}
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


def _empty_board(chars: dict[str, str], unicode: bool) -> list[list[str]]:
    grid = [[" "] * _WIDTH for _ in range(13)]
    directions: dict[str, list[bool]] = {point: [False] * 4 for point in POINTS}
    for line in MILL_LINES:
        for a, b in zip(line, line[1:]):
            (ra, ca), (rb, cb) = point_cell(a), point_cell(b)
            if ra == rb:
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


_BOARDS: dict[bool, list[list[str]]] = {}


def _board(unicode: bool) -> list[list[str]]:
    if unicode not in _BOARDS:
        _BOARDS[unicode] = _empty_board(_UNICODE if unicode else _ASCII, unicode)
    return [row[:] for row in _BOARDS[unicode]]


def side_phase(position: Position, side: Side, flying: bool = True) -> str:
    """The phase of one side: ``placing``, ``moving``, ``flying``, or ``lost`` below three stones.

    >>> side_phase(Position(0b111, 0b111 << 3, 0, 0), "white")
    'flying'
    >>> side_phase(Position(0b111, 0b111 << 3, 0, 0), "white", flying=False)
    'moving'
    """
    stones, in_hand = position.stones(side), position.in_hand(side)
    return "lost" if lost(stones, in_hand) else phase_of(stones, in_hand, flying)


def game_over_text(outcome: Any) -> str:
    """How a game decided on the board stands, for the line under a diagram (``outcome``:
    anything with ``winner`` and ``reason``, as :class:`~muehle.analyzer.engine.events.Outcome`).

    >>> from muehle.analyzer.engine.events import Outcome
    >>> game_over_text(Outcome("white", "blocked", 30)), game_over_text(Outcome(None, "repetition", 26))
    ('Black cannot move', 'drawn by threefold repetition')
    """
    return end_text(outcome)


def summary_lines(position: Position, flying: bool = True, marks: Optional[dict[str, str]] = None,
                  game_over: Optional[str] = None) -> list[str]:
    """Each side's stones and phase, then who moves, or how the game is over (``game_over``,
    see :func:`game_over_text`; a side below three stones is seen without it).

    ``marks`` adds text after each side's name (the diagram's stone symbols).

    >>> summary_lines(Position.start())
    ['White: 0 on the board, 9 in hand, placing', 'Black: 0 on the board, 9 in hand, placing', 'White to move']
    """
    lines = []
    for side in ("white", "black"):
        lines.append(_("{side}{mark}: {on_board} on the board, {in_hand} in hand, {phase}").format(
            side=_(_NAMES[side]), mark=(marks or {}).get(side, ""), on_board=position.on_board(side),
            in_hand=position.in_hand(side), phase=_(PHASE_WORDS[side_phase(position, side, flying)])))
    lost = [side for side in ("white", "black") if side_phase(position, side) == "lost"]
    if game_over:
        lines.append(_("Game over: {how}").format(how=game_over))
    elif lost:
        winner: Optional[Side] = None if len(lost) == 2 else "black" if lost[0] == "white" else "white"
        lines.append(_("Game over: {how}").format(how=reason_text("fewer-than-three", winner)))
    else:
        lines.append(_("{side} to move").format(side=_(_NAMES[position.to_move])))
    return lines


def render_diagram(
    position: Position, last: Optional[Any] = None, ascii: bool = False, *, flying: bool = True,
    game_over: Optional[str] = None,
) -> str:
    """The position as a board diagram with the summary lines below it.

    ``last`` is the replay's record of the ply that led to ``position`` (anything
    with ``ply`` and ``captures``): its target, origin and captures are marked.
    ``flying`` says whether the rules let a side with three stones jump (for the
    phase shown). ``ascii`` draws with plain ASCII characters only. ``game_over`` says how
    the game is over in this position (:func:`game_over_text`), if it is.
    """
    chars = _ASCII if ascii else _UNICODE
    grid = _board(not ascii)
    for index, point in enumerate(POINTS):
        bit = 1 << index
        if position.white & bit or position.black & bit:
            row, column = point_cell(point)
            grid[row][column] = chars["white" if position.white & bit else "black"]
    legend = ""
    if last is not None:
        ply = last.ply
        row, column = point_cell(ply.target)
        grid[row][column - 1], grid[row][column + 1] = "[", "]"
        label = last.label if isinstance(getattr(last, "label", None), str) else ply.label()
        legend = _("Last ply: {label}").format(label=label) + "   [ ] " + (_("placed") if ply.is_placement else _("to"))
        if ply.origin is not None:
            row, column = point_cell(ply.origin)
            grid[row][column - 1], grid[row][column + 1] = "(", ")"
            legend += "  ( ) " + _("from")
        for point in last.captures:
            row, column = point_cell(point)
            grid[row][column] = chars["captured"]
        if last.captures:
            legend += f"  {chars['captured']} " + _("captured")
    lines = [f"{7 - row // 2 if row % 2 == 0 else ' '} {''.join(cells)}".rstrip()
             for row, cells in enumerate(grid)]
    lines.append("   " + "   ".join("abcdefg"))
    if legend:
        lines.append(legend)
    lines.extend(summary_lines(position, flying, {side: f" ({chars[side]})" for side in ("white", "black")},
                               game_over))
    return "\n".join(lines)
