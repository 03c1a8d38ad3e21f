"""SVG pictures of a position, for print and for the web (standard library only).

:func:`render_svg` is a pure function of the position: the board (three squares
and the four lines joining them, and on a board with diagonals the four diagonal
lines joining their corners, ``<g class="diagonals">``), the coordinates a-g and 1-7, the stones as
circles, and optionally the last ply (an arrow for a move, a ring for a
placement), the points it captured from (a cross), closed mills (a broad band
under the stones) and the best plies the endgame tables name (green arrows, and
green crosses over the stones they capture). Every stone is a ``<circle class="stone white|black">``
carrying ``data-point`` and ``data-side``; the layers are ``<g>`` elements with
the classes ``board``, ``mills``, ``stones`` and ``marks``, so that a script can
redraw the stones of another position (the HTML viewer does).

For a picture to share (``muehle show --svg``) it may also draw each side's stones in
hand (``hands``: a row of small stones above and below the board, each side's on its own
side, with the side to move marked by an arrow head), turn the board half round
(``flip``: Black's side at the bottom, the coordinates relabelled, g to a and 7 to 1)
and be given its size (``size``: its width in pixels; the height follows).

>>> from muehle.analyzer.engine.board import mask_of
>>> svg = render_svg(Position(mask_of(["a1"]), mask_of(["g7"]), 8, 8))
>>> POINT_XY["a1"], POINT_XY["g7"]
((60, 400), (420, 40))
>>> '<circle class="stone white" data-point="a1" data-side="white" cx="60" cy="400"' in svg
True
>>> '<circle class="stone white" data-point="a1" data-side="white" cx="420" cy="40"' in render_svg(
...     Position(mask_of(["a1"]), 0, 8, 9), flip=True)
True
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Optional, Sequence
from xml.sax.saxutils import escape

from muehle.analyzer.engine.board import STANDARD, Geometry, Position, points_of
from muehle.notation.record.model import BLACK, POINTS, WHITE
from muehle.notation.text.i18n import _

#: Distance between neighbouring files and ranks, and where file a / rank 7 are.
STEP, LEFT, TOP = 60, 60, 40
WIDTH, HEIGHT = LEFT + 6 * STEP + 40, TOP + 6 * STEP + 60
STONE_RADIUS = 22

#: The centre of each point in the picture.
POINT_XY: dict[str, tuple[int, int]] = {
    point: (LEFT + STEP * (ord(point[0]) - ord("a")), TOP + STEP * (7 - int(point[1])))
    for point in POINTS
}

#: The centre of the board, which a flipped board is turned half round.
CENTRE = (LEFT + 3 * STEP, TOP + 3 * STEP)

#: The centre of each point on a flipped board (Black's side at the bottom): a1 where g7 is.
FLIPPED_XY: dict[str, tuple[int, int]] = {
    point: (2 * CENTRE[0] - x, 2 * CENTRE[1] - y) for point, (x, y) in POINT_XY.items()
}

#: The height of the row of stones in hand above and below the board, their radius and the
#: distance between their centres (less where a side has so many that they would not fit).
HAND_ROW, HAND_RADIUS, HAND_STEP = 56, 12, 30

#: The width ``muehle show --svg`` gives a picture unless ``--size`` says otherwise, and the
#: smallest and largest it accepts (pixels).
DEFAULT_SIZE, MIN_SIZE, MAX_SIZE = WIDTH, 48, 4096

#: A board's points where they are drawn: the usual way round, or flipped.
PointPlaces = Mapping[str, tuple[int, int]]

#: Colours, named once so that the HTML viewer draws the same stones.
COLOURS = {
    "background": "#e9cf9c",
    "line": "#4a3418",
    "white": "#fbfaf5",
    "white-edge": "#2b2b2b",
    "black": "#1e1e1e",
    "black-edge": "#000000",
    "last": "#1f6fd1",
    "captured": "#c62828",
    "mill": "#e0452b",
    "best": "#2e7d32",
    "marked": "#6b6b6b",
}

#: How closed mills are highlighted: not at all, those the last ply closed, or all.
MILL_HIGHLIGHTS = ("none", "last", "all")


def stone_svg(point: str, side: str, places: PointPlaces = POINT_XY) -> str:
    """The circle of one stone (``places``: where the points are drawn).

    >>> stone_svg("d2", "black")  # doctest: +ELLIPSIS
    '<circle class="stone black" data-point="d2" data-side="black" cx="240" cy="340" r="22" .../>'
    """
    x, y = places[point]
    return (
        f'<circle class="stone {side}" data-point="{point}" data-side="{side}" '
        f'cx="{x}" cy="{y}" r="{STONE_RADIUS}" fill="{COLOURS[side]}" '
        f'stroke="{COLOURS[side + "-edge"]}" stroke-width="2"/>'
    )


def _board_svg(coordinates: bool, places: PointPlaces = POINT_XY, top: int = 0, height: int = HEIGHT,
               geometry: Geometry = STANDARD, lines_shown: bool = True) -> list[str]:
    """The background (from ``top``, ``height`` high), the lines, the points and the coordinates:
    files a to g from the left and ranks 1 to 7 from the bottom, or on a flipped board
    (``places`` is :data:`FLIPPED_XY`) g to a and 7 to 1, so that each label names the
    points beside it. The lines ``geometry`` has beyond the standard board's (the diagonals) are
    a group of their own, ``<g class="diagonals">``, hidden (``display="none"``) unless ``lines_shown``."""
    c = COLOURS["line"]
    parts = [f'<rect class="background" x="0" y="{top}" width="{WIDTH}" height="{height}" '
             f'rx="12" fill="{COLOURS["background"]}"/>',
             f'<g class="board" stroke="{c}" stroke-width="4" fill="none" stroke-linecap="square">']
    for corner, far in (("a7", "g1"), ("b6", "f2"), ("c5", "e3")):
        (x1, y1), (x2, y2) = places[corner], places[far]
        parts.append(f'<rect x="{min(x1, x2)}" y="{min(y1, y2)}" width="{abs(x2 - x1)}" height="{abs(y2 - y1)}"/>')
    for a, b in (("d7", "d5"), ("d3", "d1"), ("a4", "c4"), ("e4", "g4")):
        (x1, y1), (x2, y2) = places[a], places[b]
        parts.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>')
    if geometry.extra_lines:
        parts.append('<g class="diagonals"' + ('' if lines_shown else ' display="none"') + '>')
        for line in geometry.extra_lines:
            (x1, y1), (x2, y2) = places[line[0]], places[line[-1]]
            parts.append(f'<line data-points="{" ".join(line)}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>')
        parts.append("</g>")
    parts.append("</g>")
    parts.append(f'<g class="points" fill="{c}">')
    parts.extend(f'<circle data-point="{point}" cx="{x}" cy="{y}" r="6"/>' for point, (x, y) in places.items())
    parts.append("</g>")
    if coordinates:
        parts.append(f'<g class="coordinates" fill="{c}" font-family="DejaVu Sans, Arial, sans-serif" '
                     'font-size="20" text-anchor="middle">')
        for file in "abcdefg":
            x = places[next(point for point in POINTS if point[0] == file)][0]
            parts.append(f'<text x="{x}" y="{TOP + 6 * STEP + 44}">{file}</text>')
        for rank in range(1, 8):
            y = places[next(point for point in POINTS if point[1] == str(rank))][1]
            parts.append(f'<text x="{LEFT - 38}" y="{y + 7}">{rank}</text>')
        parts.append("</g>")
    return parts


def mill_band_svg(line: Sequence[str], places: PointPlaces = POINT_XY) -> str:
    """The band over the three points of a closed mill."""
    (x1, y1), (x2, y2) = places[line[0]], places[line[-1]]
    return (f'<line class="mill" data-points="{" ".join(line)}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" '
            f'stroke="{COLOURS["mill"]}" stroke-width="{2 * STONE_RADIUS + 16}" stroke-linecap="round" '
            'stroke-opacity="0.45"/>')


def cross_svg(point: str, kind: str = "captured", colour: str = COLOURS["captured"],
              places: PointPlaces = POINT_XY) -> str:
    """The cross marking a point a stone was captured from (``kind`` is the group's class)."""
    x, y = places[point]
    d = 13
    return (f'<g class="{kind}" data-point="{point}" stroke="{colour}" stroke-width="5" '
            f'stroke-linecap="round"><line x1="{x - d}" y1="{y - d}" x2="{x + d}" y2="{y + d}"/>'
            f'<line x1="{x - d}" y1="{y + d}" x2="{x + d}" y2="{y - d}"/></g>')


def marked_svg(point: str, places: PointPlaces = POINT_XY) -> str:
    """A point marked by a capture while placing (``mill_while_placing: mark``): a grey square
    with a cross, where no stone may be placed until placing ends."""
    x, y = places[point]
    d, colour = STONE_RADIUS - 4, COLOURS["marked"]
    return (f'<g class="marked" data-point="{point}" stroke="{colour}" stroke-width="3" fill="none">'
            f'<rect x="{x - d}" y="{y - d}" width="{2 * d}" height="{2 * d}" fill="{COLOURS["background"]}"/>'
            f'<line x1="{x - d}" y1="{y - d}" x2="{x + d}" y2="{y + d}"/>'
            f'<line x1="{x - d}" y1="{y + d}" x2="{x + d}" y2="{y - d}"/></g>')


def last_ply_svg(origin: Optional[str], target: str, places: PointPlaces = POINT_XY) -> str:
    """A ring around a placed stone, or an arrow from a move's origin to its target."""
    colour = COLOURS["last"]
    tx, ty = places[target]
    if origin is None:
        return (f'<circle class="last placed" data-point="{target}" cx="{tx}" cy="{ty}" '
                f'r="{STONE_RADIUS + 5}" fill="none" stroke="{colour}" stroke-width="4"/>')
    ox, oy = places[origin]
    # from the edge of the (empty) origin to the edge of the target stone
    shaft, head = _arrow((ox, oy), (tx, ty), 10, STONE_RADIUS + 2, 18, 10)
    return (f'<g class="last moved" data-from="{origin}" data-to="{target}" fill="{colour}" stroke="{colour}">'
            f'<circle cx="{ox}" cy="{oy}" r="{STONE_RADIUS - 4}" fill="none" stroke-width="3" '
            f'stroke-dasharray="5 4"/>'
            f'<line {shaft} stroke-width="6" stroke-linecap="round"/>'
            f'<polygon points="{head}" stroke-width="1"/></g>')


def _arrow(start: tuple[float, float], end: tuple[float, float], start_gap: float, end_gap: float, head_length: float,
           half_width: float) -> tuple[str, str]:
    """An arrow from ``start`` to ``end``, ``start_gap`` and ``end_gap`` short of them: the attributes of
    its shaft's line (up to the head) and the points of its head, ``head_length`` long and twice
    ``half_width`` wide (drawn by hand, so that the picture needs no marker support)."""
    (ox, oy), (tx, ty) = start, end
    length = ((tx - ox) ** 2 + (ty - oy) ** 2) ** 0.5
    ux, uy = (tx - ox) / length, (ty - oy) / length
    sx, sy = ox + ux * start_gap, oy + uy * start_gap
    hx, hy = tx - ux * end_gap, ty - uy * end_gap
    bx, by = hx - ux * head_length, hy - uy * head_length
    px, py = -uy * half_width, ux * half_width
    return (f'x1="{sx:.1f}" y1="{sy:.1f}" x2="{bx:.1f}" y2="{by:.1f}"',
            f"{hx:.1f},{hy:.1f} {bx + px:.1f},{by + py:.1f} {bx - px:.1f},{by - py:.1f}")


def best_ply_svg(origin: str, target: str, places: PointPlaces = POINT_XY) -> str:
    """An arrow in the colour of the best plies from a stone that a best ply moves to the
    (empty) point it goes to."""
    colour = COLOURS["best"]
    shaft, head = _arrow(places[origin], places[target], STONE_RADIUS + 2, 4, 16, 9)
    return (f'<g class="best moved" data-from="{origin}" data-to="{target}" fill="{colour}" stroke="{colour}" '
            f'opacity="0.85"><line {shaft} stroke-width="5" '
            f'stroke-linecap="round"/><polygon points="{head}" stroke-width="1"/></g>')


def best_plies_svg(best: Sequence[Any], places: PointPlaces = POINT_XY) -> list[str]:
    """The marks of plies ``best`` (with ``origin``, ``target`` and ``capture``): one arrow per
    move, one cross in the best plies' colour per stone they capture."""
    moves = dict.fromkeys((ply.origin, ply.target) for ply in best)
    captures = dict.fromkeys(ply.capture for ply in best if ply.capture is not None)
    return ([best_ply_svg(origin, target, places) for origin, target in moves]
            + [cross_svg(point, "best capture", COLOURS["best"], places) for point in captures])


def hand_svg(side: str, count: int, row_y: float, to_move: bool) -> list[str]:
    """The row of ``side``'s ``count`` stones in hand, centred on height ``row_y``: small stones
    (``<circle class="hand white|black">``, no ``data-point``: they stand on no point) from the
    left, the side's name and count at the right, and an arrow head at the left when ``to_move``."""
    step = min(HAND_STEP, (WIDTH - 180) / count) if count else HAND_STEP
    colour = COLOURS["line"]
    parts = [f'<g class="hand {side}" data-side="{side}" data-count="{count}">']
    if to_move:
        parts.append(f'<polygon class="to-move" data-side="{side}" points="14,{row_y - 11:g} 30,{row_y:g} '
                     f'14,{row_y + 11:g}" fill="{COLOURS["last"]}"/>')
    for index in range(count):
        parts.append(f'<circle class="hand {side}" data-side="{side}" cx="{LEFT - 12 + index * step:g}" '
                     f'cy="{row_y:g}" r="{HAND_RADIUS}" fill="{COLOURS[side]}" stroke="{COLOURS[side + "-edge"]}" '
                     'stroke-width="2"/>')
    label = (_("White: {count} in hand") if side == WHITE else _("Black: {count} in hand")).format(count=count)
    parts.append(f'<text x="{WIDTH - 16}" y="{row_y + 6:g}" fill="{colour}" font-family="DejaVu Sans, Arial, '
                 f'sans-serif" font-size="17" text-anchor="end">{escape(label)}</text>')
    parts.append("</g>")
    return parts


def _closed_mills(position: Position, geometry: Geometry) -> list[tuple[str, ...]]:
    return [line for line, mill in zip(geometry.lines, geometry.mills)
            if position.white & mill == mill or position.black & mill == mill]


def render_svg(
    position: Position,
    last: Optional[Any] = None,
    highlight_mills: str = "last",
    *,
    coordinates: bool = True,
    title: Optional[str] = None,
    best: Sequence[Any] = (),
    hands: bool = False,
    flip: bool = False,
    size: Optional[int] = None,
    geometry: Geometry = STANDARD,
    lines_shown: bool = True,
) -> str:
    """The position as a standalone SVG document.

    ``last`` is the replay's record of the ply that led to ``position`` (with
    ``ply``, ``captures`` and ``mills``): drawn as an arrow or ring, with crosses
    on the captured points. ``highlight_mills`` is ``"last"`` (the mills that ply
    closed), ``"all"`` (every closed mill on the board) or ``"none"``. ``title``
    becomes the picture's ``<title>``. ``best``: plies of the side to move to mark besides
    (:func:`best_plies_svg`: arrows and crosses in the colour ``COLOURS["best"]``).
    Points marked by a capture while placing are drawn as :func:`marked_svg`.
    ``hands`` draws each side's stones in hand in a row of its own (:func:`hand_svg`; the
    side at the bottom of the board below it, the other above it) and marks the side to move;
    ``flip`` puts Black's side at the bottom (every point where the point opposite it through
    the centre is otherwise, a1 where g7 is; the coordinates relabelled); ``size`` is the
    width in pixels (default :data:`WIDTH`), the height in proportion. ``geometry`` is the
    ruleset's board: its lines beyond the standard board's (the diagonals) are drawn, or with
    ``lines_shown`` false drawn hidden, for a page that shows them game by game (the HTML viewer).

    >>> from muehle.analyzer.engine.board import DIAGONALS
    >>> 'class="diagonals"' in render_svg(Position()), 'class="diagonals"' in render_svg(Position(), geometry=DIAGONALS)
    (False, True)
    """
    if highlight_mills not in MILL_HIGHLIGHTS:
        raise ValueError(f"highlight_mills must be one of {', '.join(MILL_HIGHLIGHTS)}")
    if size is not None and not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"size must be from {MIN_SIZE} to {MAX_SIZE} pixels, not {size}")
    places = FLIPPED_XY if flip else POINT_XY
    top, height = (-HAND_ROW, HEIGHT + 2 * HAND_ROW) if hands else (0, HEIGHT)
    width = WIDTH if size is None else size
    flipped = ' data-flipped="true"' if flip else ""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="muehle-board" viewBox="0 {top} {WIDTH} {height}" '
        f'width="{width}" height="{round(width * height / WIDTH)}" role="img"{flipped}>'
    ]
    if title is not None:
        parts.append(f"<title>{escape(title)}</title>")
    parts.extend(_board_svg(coordinates, places, top, height, geometry, lines_shown))
    if hands:
        below, above = (BLACK, WHITE) if flip else (WHITE, BLACK)
        parts.append('<g class="hands">')
        for side, row_y in ((above, -HAND_ROW / 2), (below, HEIGHT + HAND_ROW / 2)):
            parts.extend(hand_svg(side, position.in_hand(side), row_y, position.to_move == side))
        parts.append("</g>")
    mills: Iterable[Sequence[str]] = ()
    if highlight_mills == "all":
        mills = _closed_mills(position, geometry)
    elif highlight_mills == "last" and last is not None:
        mills = getattr(last, "mills", ()) or ()
    parts.append('<g class="mills">')
    parts.extend(mill_band_svg(line, places) for line in mills)
    parts.append("</g>")
    parts.append('<g class="stones">')
    parts.extend(stone_svg(point, WHITE, places) for point in points_of(position.white))
    parts.extend(stone_svg(point, BLACK, places) for point in points_of(position.black))
    parts.extend(marked_svg(point, places) for point in points_of(position.marked))
    parts.append("</g>")
    parts.append('<g class="marks">')
    if last is not None:
        parts.extend(cross_svg(point, places=places) for point in last.captures)
        parts.append(last_ply_svg(last.ply.origin, last.ply.target, places))
    parts.extend(best_plies_svg(best, places))
    parts.append("</g>")
    parts.append("</svg>")
    return "\n".join(parts) + "\n"

