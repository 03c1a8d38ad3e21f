"""SVG pictures: well-formed, every stone on its point in its colour, marks where they belong."""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from muehle.analyzer.engine.board import Position, mask_of
from muehle.analyzer.engine.replay import replay
from muehle.analyzer.pictures.svg import render_svg
from muehle.notation.reading.parser import parse_game, read_file
from paths import ROOT

NS = {"svg": "http://www.w3.org/2000/svg"}
EXAMPLES = ROOT / "examples"


def expected_xy(point: str) -> tuple[float, float]:
    """Where the picture puts a point: files 60 apart from a=60, ranks 60 apart from 7 at the top (y=40)."""
    return 60.0 + 60 * "abcdefg".index(point[0]), 40.0 + 60 * (7 - int(point[1]))


def luminance(colour: str) -> float:
    red, green, blue = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def stones(root: ET.Element) -> dict[str, str]:
    found = {}
    for circle in root.iterfind(".//svg:circle", NS):
        if "stone" not in circle.get("class", "").split():
            continue
        point, side = circle.get("data-point"), circle.get("data-side")
        assert point not in found, f"two stones on {point}"
        assert (float(circle.get("cx")), float(circle.get("cy"))) == expected_xy(point)
        assert side in circle.get("class").split()
        if side == "white":
            assert luminance(circle.get("fill")) > 0.8
        else:
            assert luminance(circle.get("fill")) < 0.2
        found[point] = side
    return found


def sanmill_after(index: int):
    game = next(read_file(EXAMPLES / "sanmill-export.pgn"))
    record = replay(game).record_at(index)
    return record


def test_every_stone_is_on_its_point_in_its_colour() -> None:
    # After 9... c3xd2 of the Sanmill export (worked out by hand from the moves).
    record = sanmill_after(18)
    root = ET.fromstring(render_svg(record.after, record))
    assert stones(root) == {
        **{p: "white" for p in ("d7", "f6", "d5", "b4", "c4", "f4", "g4")},
        **{p: "black" for p in ("d6", "c5", "e5", "a4", "e4", "c3", "d3", "e3", "f2")},
    }


def test_the_board_has_its_24_points_and_coordinates() -> None:
    root = ET.fromstring(render_svg(Position.start()))
    assert stones(root) == {}
    points = {c.get("data-point"): (float(c.get("cx")), float(c.get("cy")))
              for c in root.iterfind(".//svg:g[@class='points']/svg:circle", NS)}
    assert len(points) == 24 and all(points[p] == expected_xy(p) for p in points)
    labels = {t.text: (float(t.get("x")), float(t.get("y"))) for t in root.iterfind(".//svg:text", NS)}
    assert sorted(labels) == sorted("abcdefg1234567")
    for file in "abcdefg":  # each file's letter under its column, below rank 1
        assert labels[file][0] == expected_xy(file + "1")[0] and labels[file][1] > expected_xy("a1")[1]
    for rank in "1234567":  # each rank's number left of file a, near its row
        assert labels[rank][0] < expected_xy("a1")[0] and abs(labels[rank][1] - expected_xy("a" + rank)[1]) < 10
    assert root.find(".//svg:text", NS) is not None
    assert ET.fromstring(render_svg(Position.start(), coordinates=False)).find(".//svg:text", NS) is None


def test_a_move_is_an_arrow_from_origin_to_target_and_captures_are_crossed() -> None:
    record = sanmill_after(40)  # 20... d2-d3xg1
    root = ET.fromstring(render_svg(record.after, record))
    moved = root.find(".//svg:g[@class='last moved']", NS)
    assert (moved.get("data-from"), moved.get("data-to")) == ("d2", "d3")
    line = moved.find("svg:line", NS)
    (x1, y1), (x2, y2) = (float(line.get("x1")), float(line.get("y1"))), (float(line.get("x2")), float(line.get("y2")))
    assert x1 == x2 == expected_xy("d2")[0]  # straight up the d-file
    assert expected_xy("d3")[1] < y2 < y1 <= expected_xy("d2")[1]
    crosses = [g.get("data-point") for g in root.iterfind(".//svg:g[@class='captured']", NS)]
    assert crosses == ["g1"]
    assert "g1" not in stones(root)


def test_a_placement_is_ringed_and_its_mill_highlighted() -> None:
    record = sanmill_after(18)  # 9... c3xd2 closes c3-d3-e3
    root = ET.fromstring(render_svg(record.after, record))
    ring = root.find(".//svg:circle[@class='last placed']", NS)
    assert ring.get("data-point") == "c3"
    assert (float(ring.get("cx")), float(ring.get("cy"))) == expected_xy("c3")
    assert [m.get("data-points") for m in root.iterfind(".//svg:line[@class='mill']", NS)] == ["c3 d3 e3"]
    none = ET.fromstring(render_svg(record.after, record, highlight_mills="none"))
    assert none.find(".//svg:line[@class='mill']", NS) is None


def test_all_closed_mills_can_be_highlighted() -> None:
    # White a1 a4 a7 (a mill) and d1; Black e3 e4 e5 (a mill) and g7.
    position = Position(mask_of(["a1", "a4", "a7", "d1"]), mask_of(["e3", "e4", "e5", "g7"]), 0, 0)
    root = ET.fromstring(render_svg(position, highlight_mills="all"))
    mills = sorted(m.get("data-points") for m in root.iterfind(".//svg:line[@class='mill']", NS))
    assert mills == ["a1 a4 a7", "e3 e4 e5"]
    # "last" without a last ply highlights nothing.
    assert ET.fromstring(render_svg(position)).find(".//svg:line[@class='mill']", NS) is None


def test_a_double_mill_highlights_both_mills() -> None:
    # White holds a4 a7 and d1 g1; placing a1 closes a1-a4-a7 and a1-d1-g1 at once, which
    # takes two stones while placing (WMD 1.1).
    game = parse_game("1. a4 b2 2. a7 c4 3. d1 e3 4. g1 f6 5. a1/xb2/xc4")
    record = replay(game).records[-1]
    root = ET.fromstring(render_svg(record.after, record))
    mills = sorted(m.get("data-points") for m in root.iterfind(".//svg:line[@class='mill']", NS))
    assert mills == ["a1 a4 a7", "a1 d1 g1"]
    assert sorted(g.get("data-point") for g in root.iterfind(".//svg:g[@class='captured']", NS)) == ["b2", "c4"]


def test_the_title_is_escaped() -> None:
    root = ET.fromstring(render_svg(Position.start(), title='Müller <"A"> & B'))
    assert root.find("svg:title", NS).text == 'Müller <"A"> & B'


def test_an_unknown_highlight_is_refused() -> None:
    with pytest.raises(ValueError, match="highlight_mills"):
        render_svg(Position.start(), highlight_mills="some")


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="rsvg-convert (librsvg2-bin) is not installed")
def test_the_picture_renders_to_png(tmp_path: Path) -> None:
    record = sanmill_after(40)
    source = tmp_path / "final.svg"
    source.write_text(render_svg(record.after, record), encoding="utf-8")
    subprocess.run(["rsvg-convert", str(source), "-o", str(tmp_path / "final.png")], check=True)
    assert (tmp_path / "final.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
