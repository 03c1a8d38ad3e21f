"""SVG pictures of a position, for print and for the web (standard library only).

:func:`render_svg` is a pure function of the position: the board (three squares
and the four lines joining them), the coordinates a-g and 1-7, the stones as
circles, and optionally the last ply (an arrow for a move, a ring for a
placement), the points it captured from (a cross), closed mills (a broad band
under the stones) and the best plies the endgame tables name (green arrows, and
green crosses over the stones they capture). Every stone is a ``<circle class="stone white|black">``
carrying ``data-point`` and ``data-side``; the layers are ``<g>`` elements with
the classes ``board``, ``mills``, ``stones`` and ``marks``, so that a script can
redraw the stones of another position (the HTML viewer does).

>>> from muehle.analyzer.engine.board import mask_of
>>> svg = render_svg(Position(mask_of(["a1"]), mask_of(["g7"]), 8, 8))
>>> POINT_XY["a1"], POINT_XY["g7"]
((60, 400), (420, 40))
>>> '<circle class="stone white" data-point="a1" data-side="white" cx="60" cy="400"' in svg
True
"""

from __future__ import annotations

from typing import Any, Iterable, Optional, Sequence
from xml.sax.saxutils import escape

from muehle.analyzer.engine.board import MILL_LINES, MILLS, Position, points_of
from muehle.notation.record.model import BLACK, POINTS, WHITE

#: Distance between neighbouring files and ranks, and where file a / rank 7 are.
STEP, LEFT, TOP = 60, 60, 40
WIDTH, HEIGHT = LEFT + 6 * STEP + 40, TOP + 6 * STEP + 60
STONE_RADIUS = 22

#: The centre of each point in the picture.
POINT_XY: dict[str, tuple[int, int]] = {
    point: (LEFT + STEP * (ord(point[0]) - ord("a")), TOP + STEP * (7 - int(point[1])))
    for point in POINTS
}

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
}

#: How closed mills are highlighted: not at all, those the last ply closed, or all.
MILL_HIGHLIGHTS = ("none", "last", "all")


def stone_svg(point: str, side: str) -> str:
    """The circle of one stone.

    >>> stone_svg("d2", "black")  # doctest: +ELLIPSIS
    '<circle class="stone black" data-point="d2" data-side="black" cx="240" cy="340" r="22" .../>'
    """
    x, y = POINT_XY[point]
    return (
        f'<circle class="stone {side}" data-point="{point}" data-side="{side}" '
        f'cx="{x}" cy="{y}" r="{STONE_RADIUS}" fill="{COLOURS[side]}" '
        f'stroke="{COLOURS[side + "-edge"]}" stroke-width="2"/>'
    )


def _board_svg(coordinates: bool) -> list[str]:
    c = COLOURS["line"]
    parts = [f'<rect class="background" x="0" y="0" width="{WIDTH}" height="{HEIGHT}" '
             f'rx="12" fill="{COLOURS["background"]}"/>',
             f'<g class="board" stroke="{c}" stroke-width="4" fill="none" stroke-linecap="square">']
    for corner, far in (("a7", "g1"), ("b6", "f2"), ("c5", "e3")):
        (x1, y1), (x2, y2) = POINT_XY[corner], POINT_XY[far]
        parts.append(f'<rect x="{x1}" y="{y1}" width="{x2 - x1}" height="{y2 - y1}"/>')
    for a, b in (("d7", "d5"), ("d3", "d1"), ("a4", "c4"), ("e4", "g4")):
        (x1, y1), (x2, y2) = POINT_XY[a], POINT_XY[b]
        parts.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>')
    parts.append("</g>")
    parts.append(f'<g class="points" fill="{c}">')
    parts.extend(f'<circle data-point="{point}" cx="{x}" cy="{y}" r="6"/>' for point, (x, y) in POINT_XY.items())
    parts.append("</g>")
    if coordinates:
        parts.append(f'<g class="coordinates" fill="{c}" font-family="DejaVu Sans, Arial, sans-serif" '
                     'font-size="20" text-anchor="middle">')
        for index, file in enumerate("abcdefg"):
            parts.append(f'<text x="{LEFT + STEP * index}" y="{TOP + 6 * STEP + 44}">{file}</text>')
        for rank in range(1, 8):
            parts.append(f'<text x="{LEFT - 38}" y="{TOP + STEP * (7 - rank) + 7}">{rank}</text>')
        parts.append("</g>")
    return parts


def mill_band_svg(line: Sequence[str]) -> str:
    """The band over the three points of a closed mill."""
    (x1, y1), (x2, y2) = POINT_XY[line[0]], POINT_XY[line[-1]]
    return (f'<line class="mill" data-points="{" ".join(line)}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" '
            f'stroke="{COLOURS["mill"]}" stroke-width="{2 * STONE_RADIUS + 16}" stroke-linecap="round" '
            'stroke-opacity="0.45"/>')


def cross_svg(point: str, kind: str = "captured", colour: str = COLOURS["captured"]) -> str:
    """The cross marking a point a stone was captured from (``kind`` is the group's class)."""
    x, y = POINT_XY[point]
    d = 13
    return (f'<g class="{kind}" data-point="{point}" stroke="{colour}" stroke-width="5" '
            f'stroke-linecap="round"><line x1="{x - d}" y1="{y - d}" x2="{x + d}" y2="{y + d}"/>'
            f'<line x1="{x - d}" y1="{y + d}" x2="{x + d}" y2="{y - d}"/></g>')


def last_ply_svg(origin: Optional[str], target: str) -> str:
    """A ring around a placed stone, or an arrow from a move's origin to its target."""
    colour = COLOURS["last"]
    tx, ty = POINT_XY[target]
    if origin is None:
        return (f'<circle class="last placed" data-point="{target}" cx="{tx}" cy="{ty}" '
                f'r="{STONE_RADIUS + 5}" fill="none" stroke="{colour}" stroke-width="4"/>')
    ox, oy = POINT_XY[origin]
    length = ((tx - ox) ** 2 + (ty - oy) ** 2) ** 0.5
    ux, uy = (tx - ox) / length, (ty - oy) / length
    # From the edge of the (empty) origin to the edge of the target stone; the head is drawn by hand
    # so that the picture needs no marker support.
    sx, sy = ox + ux * 10, oy + uy * 10
    hx, hy = tx - ux * (STONE_RADIUS + 2), ty - uy * (STONE_RADIUS + 2)
    bx, by = hx - ux * 18, hy - uy * 18
    px, py = -uy * 10, ux * 10
    head = f"{hx:.1f},{hy:.1f} {bx + px:.1f},{by + py:.1f} {bx - px:.1f},{by - py:.1f}"
    return (f'<g class="last moved" data-from="{origin}" data-to="{target}" fill="{colour}" stroke="{colour}">'
            f'<circle cx="{ox}" cy="{oy}" r="{STONE_RADIUS - 4}" fill="none" stroke-width="3" '
            f'stroke-dasharray="5 4"/>'
            f'<line x1="{sx:.1f}" y1="{sy:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke-width="6" '
            f'stroke-linecap="round"/>'
            f'<polygon points="{head}" stroke-width="1"/></g>')


def best_ply_svg(origin: str, target: str) -> str:
    """An arrow in the colour of the best plies from a stone that a best ply moves to the
    (empty) point it goes to."""
    colour = COLOURS["best"]
    (ox, oy), (tx, ty) = POINT_XY[origin], POINT_XY[target]
    length = ((tx - ox) ** 2 + (ty - oy) ** 2) ** 0.5
    ux, uy = (tx - ox) / length, (ty - oy) / length
    sx, sy = ox + ux * (STONE_RADIUS + 2), oy + uy * (STONE_RADIUS + 2)
    hx, hy = tx - ux * 4, ty - uy * 4
    bx, by = hx - ux * 16, hy - uy * 16
    px, py = -uy * 9, ux * 9
    head = f"{hx:.1f},{hy:.1f} {bx + px:.1f},{by + py:.1f} {bx - px:.1f},{by - py:.1f}"
    return (f'<g class="best moved" data-from="{origin}" data-to="{target}" fill="{colour}" stroke="{colour}" '
            f'opacity="0.85"><line x1="{sx:.1f}" y1="{sy:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke-width="5" '
            f'stroke-linecap="round"/><polygon points="{head}" stroke-width="1"/></g>')


def best_plies_svg(best: Sequence[Any]) -> list[str]:
    """The marks of plies ``best`` (with ``origin``, ``target`` and ``capture``): one arrow per
    move, one cross in the best plies' colour per stone they capture."""
    moves = dict.fromkeys((ply.origin, ply.target) for ply in best)
    captures = dict.fromkeys(ply.capture for ply in best if ply.capture is not None)
    return ([best_ply_svg(origin, target) for origin, target in moves]
            + [cross_svg(point, "best capture", COLOURS["best"]) for point in captures])


def _closed_mills(position: Position) -> list[tuple[str, ...]]:
    return [line for line, mill in zip(MILL_LINES, MILLS)
            if position.white & mill == mill or position.black & mill == mill]


def render_svg(
    position: Position,
    last: Optional[Any] = None,
    highlight_mills: str = "last",
    *,
    coordinates: bool = True,
    title: Optional[str] = None,
    best: Sequence[Any] = (),
) -> str:
    """The position as a standalone SVG document.

    ``last`` is the replay's record of the ply that led to ``position`` (with
    ``ply``, ``captures`` and ``mills``): drawn as an arrow or ring, with crosses
    on the captured points. ``highlight_mills`` is ``"last"`` (the mills that ply
    closed), ``"all"`` (every closed mill on the board) or ``"none"``. ``title``
    becomes the picture's ``<title>``. ``best``: plies of the side to move to mark besides
    (:func:`best_plies_svg`: arrows and crosses in the colour ``COLOURS["best"]``).
    """
    if highlight_mills not in MILL_HIGHLIGHTS:
        raise ValueError(f"highlight_mills must be one of {', '.join(MILL_HIGHLIGHTS)}")
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="muehle-board" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="img">'
    ]
    if title is not None:
        parts.append(f"<title>{escape(title)}</title>")
    parts.extend(_board_svg(coordinates))
    mills: Iterable[Sequence[str]] = ()
    if highlight_mills == "all":
        mills = _closed_mills(position)
    elif highlight_mills == "last" and last is not None:
        mills = getattr(last, "mills", ()) or ()
    parts.append('<g class="mills">')
    parts.extend(mill_band_svg(line) for line in mills)
    parts.append("</g>")
    parts.append('<g class="stones">')
    parts.extend(stone_svg(point, WHITE) for point in points_of(position.white))
    parts.extend(stone_svg(point, BLACK) for point in points_of(position.black))
    parts.append("</g>")
    parts.append('<g class="marks">')
    if last is not None:
        parts.extend(cross_svg(point) for point in last.captures)
        parts.append(last_ply_svg(last.ply.origin, last.ply.target))
    parts.extend(best_plies_svg(best))
    parts.append("</g>")
    parts.append("</svg>")
    return "\n".join(parts) + "\n"

