"""``muehle show --svg OUT --size PX --flip``: a picture fit for sharing, with a title naming the
game and the ply, each side's stones in hand, the side to move, its size and orientation."""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from muehle.analyzer.pictures.svg import HAND_ROW, HEIGHT, WIDTH
from paths import ROOT
from runner import run

EXAMPLES = ROOT / "examples"
MULTI = str(EXAMPLES / "multi-game.txt")
NS = {"svg": "http://www.w3.org/2000/svg"}

#: multi-game.txt, game 1 after ply 5 (1. d2 d6 2. f4 b4 3. b6), by hand: White d2 f4 b6 (6 in
#: hand), Black d6 b4 (7 in hand), Black to move.
AFTER_5 = {"d2": "white", "f4": "white", "b6": "white", "d6": "black", "b4": "black"}


def svg_of(tmp_path: Path, *options: str, source: str = MULTI) -> ET.Element:
    target = tmp_path / "picture.svg"
    result = run("show", source, "--svg", str(target), *options)
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    return ET.fromstring(target.read_text(encoding="utf-8"))


def stones(root: ET.Element) -> dict[str, tuple[str, float, float]]:
    return {c.get("data-point"): (c.get("data-side"), float(c.get("cx")), float(c.get("cy")))
            for c in root.iterfind(".//svg:g[@class='stones']/svg:circle", NS)}


def hand(root: ET.Element, side: str) -> list[ET.Element]:
    return list(root.iterfind(f".//svg:g[@class='hands']/svg:g[@data-side='{side}']/svg:circle", NS))


def test_the_title_names_the_players_event_and_ply(tmp_path: Path) -> None:
    root = svg_of(tmp_path, "--ply", "5")
    assert root.find("svg:title", NS).text == 'Anna Meier – Beat "Bäru" Keller, Vereinsabend: after ply 5, 3. b6'


def test_the_title_of_a_game_without_players_names_its_file_and_number(tmp_path: Path) -> None:
    record = tmp_path / "bare.txt"
    record.write_text("1. d2 d6 *\n", encoding="utf-8")
    root = svg_of(tmp_path, "--ply", "0", source=str(record))
    assert root.find("svg:title", NS).text == f"{record}, game 1: the start"


def test_the_stones_in_hand_of_each_side_and_the_side_to_move_are_drawn(tmp_path: Path) -> None:
    root = svg_of(tmp_path, "--ply", "5")
    assert {point: side for point, (side, _x, _y) in stones(root).items()} == AFTER_5
    assert len(hand(root, "white")) == 6 and len(hand(root, "black")) == 7
    assert all(c.get("data-point") is None for c in hand(root, "white") + hand(root, "black"))
    movers = root.findall(".//svg:polygon[@class='to-move']", NS)
    assert [m.get("data-side") for m in movers] == ["black"]
    labels = [t.text for t in root.iterfind(".//svg:g[@class='hands']//svg:text", NS)]
    assert labels == ["Black: 7 in hand", "White: 6 in hand"]  # Black's row above the board, White's below
    black_row = float(hand(root, "black")[0].get("cy"))
    white_row = float(hand(root, "white")[0].get("cy"))
    assert black_row < 0 < HEIGHT < white_row


def test_in_the_moving_phase_no_stone_is_in_hand(tmp_path: Path) -> None:
    # the Sanmill export's end: every stone placed long ago (20... d2-d3xg1), White to move
    root = svg_of(tmp_path, source=str(EXAMPLES / "sanmill-export.pgn"))
    assert hand(root, "white") == [] and hand(root, "black") == []
    assert [m.get("data-side") for m in root.findall(".//svg:polygon[@class='to-move']", NS)] == ["white"]


@pytest.mark.parametrize(("size", "height"), [(None, 572), ("230", 286), ("920", 1144), ("48", 60)])
def test_size_sets_the_width_and_the_height_follows(tmp_path: Path, size: str, height: int) -> None:
    root = svg_of(tmp_path, *(("--size", size) if size else ()))
    # the board is 460 wide and 460 + 2 * 56 high with the rows of stones in hand: 572/460 of the width
    assert (root.get("width"), root.get("height")) == (size or "460", str(height))
    assert root.get("viewBox") == f"0 {-HAND_ROW} {WIDTH} {HEIGHT + 2 * HAND_ROW}"


def test_flip_puts_a1_where_g7_was_and_the_labels_follow(tmp_path: Path) -> None:
    plain = svg_of(tmp_path, "--ply", "5")
    flipped = svg_of(tmp_path, "--ply", "5", "--flip")
    points = {c.get("data-point"): (float(c.get("cx")), float(c.get("cy")))
              for c in plain.iterfind(".//svg:g[@class='points']/svg:circle", NS)}
    turned = {c.get("data-point"): (float(c.get("cx")), float(c.get("cy")))
              for c in flipped.iterfind(".//svg:g[@class='points']/svg:circle", NS)}
    assert turned["a1"] == points["g7"] and turned["g7"] == points["a1"]
    assert turned["d2"] == points["d6"] and turned["b4"] == points["f4"]
    for point, (side, x, y) in stones(flipped).items():
        assert (side, x, y) == (AFTER_5[point], *points[{"d2": "d6", "d6": "d2", "f4": "b4", "b4": "f4",
                                                          "b6": "f2"}[point]])

    def labels(root: ET.Element) -> dict[str, tuple[float, float]]:
        return {t.text: (float(t.get("x")), float(t.get("y")))
                for t in root.iterfind(".//svg:g[@class='coordinates']/svg:text", NS)}

    # each label stands beside its points: file a over a1's column, rank 1 beside a1's row
    assert labels(flipped)["a"][0] == turned["a1"][0] and labels(flipped)["g"][0] == turned["g1"][0]
    assert labels(flipped)["1"][1] == turned["a1"][1] + 7 and labels(flipped)["7"][1] == turned["a7"][1] + 7
    assert labels(flipped)["a"][0] > labels(flipped)["g"][0]  # g to a from the left
    assert labels(flipped)["1"][1] < labels(flipped)["7"][1]  # 1 at the top
    # Black's stones in hand below the board now, White's above
    assert float(hand(flipped, "black")[0].get("cy")) > HEIGHT > 0 > float(hand(flipped, "white")[0].get("cy"))


@pytest.mark.parametrize("value", ["0", "-5", "100000", "text", "47", "4097", "1.5"])
def test_a_bad_size_is_a_usage_error(value: str, tmp_path: Path) -> None:
    target = tmp_path / "bad.svg"
    result = run("show", MULTI, "--svg", str(target), f"--size={value}")
    assert result.exit_code == 2
    assert "Error: Invalid value for '--size'" in result.stderr and value in result.stderr
    assert "Traceback" not in result.output
    assert not target.exists()


def test_size_and_flip_go_with_svg() -> None:
    result = run("show", MULTI, "--size", "100")
    assert result.exit_code == 2 and "--size goes with --svg" in result.stderr
    result = run("show", MULTI, "--flip", "--fen")
    assert result.exit_code == 2 and "--flip goes with --svg" in result.stderr


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="rsvg-convert (librsvg2-bin) is not installed")
def test_rsvg_renders_the_flipped_picture_at_its_size(tmp_path: Path) -> None:
    root = svg_of(tmp_path, "--ply", "5", "--flip", "--size", "230")
    assert root is not None
    png = tmp_path / "picture.png"
    subprocess.run(["rsvg-convert", str(tmp_path / "picture.svg"), "-o", str(png)], check=True, timeout=60)
    header = png.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    assert (int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")) == (230, 286)


def test_the_picture_s_words_are_german_with_lang_de(tmp_path: Path) -> None:
    result = run("--lang", "de", "show", MULTI, "--ply", "5", "--svg", "-")
    assert result.exit_code == 0
    root = ET.fromstring(result.stdout)
    assert root.find("svg:title", NS).text == 'Anna Meier – Beat "Bäru" Keller, Vereinsabend: nach Halbzug 5, 3. b6'
    assert [t.text for t in root.iterfind(".//svg:g[@class='hands']//svg:text", NS)] == [
        "Schwarz: 7 in der Hand", "Weiß: 6 in der Hand"]
    usage = run("--lang", "de", "show", MULTI, "--size", "100")
    assert usage.exit_code == 2 and "--size gehört zu --svg" in usage.stderr
