"""``muehle endgames probe --format json`` and ``muehle endgames stats``, on the 3-against-3 table
the session solves (``endgame_cache``), with hand-checked positions and the published figures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

from muehle.analyzer.endgames.settings import EndgameRules  # noqa: E402
from muehle.analyzer.engine.board import POINTS, Position, mask_of  # noqa: E402
from muehle.analyzer.engine.fen import position_to_fen  # noqa: E402
from runner import run  # noqa: E402


def fen(white: list[str], black: list[str], to_move: str = "white") -> str:
    return position_to_fen(Position(mask_of(white), mask_of(black), 0, 0, to_move))  # type: ignore[arg-type]


def probe_json(cache: Path, position: str) -> dict:  # type: ignore[type-arg]
    result = run("endgames", "probe", position, "--dir", str(cache), "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def cache(endgame_cache: Path) -> Path:
    return endgame_cache


def test_probe_json_of_a_win_in_one_by_a_mill(cache: Path) -> None:
    """White a1 d1 a7 to move against b2 d2 f6 (no Black stone in a mill): d1-a4 closes
    a1-a4-a7 and a7-g1 closes a1-d1-g1, each with any of Black's three stones, leaving Black
    two. White's three stones jump: 3 x 18 moves, two of them with three captures each: 58 plies."""
    report = probe_json(cache, fen(["a1", "d1", "a7"], ["b2", "d2", "f6"]))
    assert (report["value"], report["distance"], report["side_to_move"], report["table"]) == ("win", 1, "white", "3v3")
    assert report["settings"] == "flying-capture-when-all-in-mills"
    assert sorted(report["best"]) == sorted(f"{move}x{victim}" for move in ("d1-a4", "a7-g1")
                                            for victim in ("b2", "d2", "f6"))
    assert len(report["plies"]) == 58
    assert [ply["ply"] for ply in report["plies"][:6]] == report["best"]
    assert all((ply["value"], ply["distance"]) == ("win", 1) for ply in report["plies"][:6])
    assert all((ply["value"], ply["distance"]) != ("win", 1) for ply in report["plies"][6:])


def test_probe_json_of_a_loss_in_two_where_every_ply_is_best(cache: Path) -> None:
    """Black b2 d6 f4 to move (no two on one line) cannot stop both of White's mills (a1 d1 a7):
    every one of its 3 x 18 jumps loses in 2, so all are best."""
    report = probe_json(cache, fen(["a1", "d1", "a7"], ["b2", "d6", "f4"], "black"))
    assert (report["value"], report["distance"], report["side_to_move"]) == ("loss", 2, "black")
    assert len(report["best"]) == len(report["plies"]) == 54
    assert {(ply["value"], ply["distance"]) for ply in report["plies"]} == {("loss", 2)}


def test_probe_json_of_a_draw_has_no_distance(cache: Path) -> None:
    """A class the table holds as drawn (found in it): value draw, distance null, and no ply
    better than a draw."""
    from muehle.analyzer.endgames.index import classes
    from muehle.analyzer.endgames.store import load_table

    codes = load_table(cache, EndgameRules(), (3, 3))
    _, movers, others = classes(3, 3)
    number = int(np.flatnonzero(codes == 0)[0])
    points = [[point for index, point in enumerate(POINTS) if int(mask) >> index & 1]
              for mask in (movers[number], others[number])]
    report = probe_json(cache, fen(points[0], points[1]))
    assert (report["value"], report["distance"]) == ("draw", None)
    assert report["best"] and all(ply["value"] != "win" for ply in report["plies"])


def test_probe_json_refuses_what_text_refuses_and_writes_nothing(cache: Path, tmp_path: Path) -> None:
    result = run("endgames", "probe", fen(["a1", "d1", "a7"], ["b2", "d2", "f6"]), "--dir", str(tmp_path),
                 "--format", "json")
    assert result.exit_code == 1 and result.stdout == ""
    assert f"build it with: muehle endgames build --stones 3 --dir {tmp_path}" in result.stderr
    result = run("endgames", "probe", "nonsense", "--dir", str(cache), "--format", "json")
    assert result.exit_code == 1 and result.stdout == "" and "<fen>:1:" in result.stderr
    result = run("endgames", "probe", fen(["a1", "d1", "a7"], ["b2", "d2", "f6"]), "--format", "xml")
    assert result.exit_code == 2 and result.stdout == ""


#: The 3v3 table under these settings, as published (docs/endgames.md, "The checked figures"):
#: C(24,3) * C(21,3) positions in 169,626 classes, 140,621 won, 28,736 lost, 269 drawn; longest 26.
PUBLISHED = {"table": "3v3", "classes": 169_626, "positions": 2_691_920, "won": 140_621, "lost": 28_736,
             "drawn": 269, "longest": 26}


def test_stats_gives_the_published_figures_of_three_against_three(cache: Path) -> None:
    result = run("endgames", "stats", "--stones", "3", "--dir", str(cache), "--format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"settings": "flying-capture-when-all-in-mills", "tables": [PUBLISHED]}
    assert PUBLISHED["positions"] == 2024 * 1330  # (C(24,3) * C(21,3))
    result = run("endgames", "stats", "--stones", "3", "--dir", str(cache))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("tables flying-capture-when-all-in-mills: ")
    assert lines[1].split() == ["table", "classes", "positions", "won", "lost", "drawn", "longest"]
    assert lines[2].split() == ["3v3", "169,626", "2,691,920", "140,621", "28,736", "269", "26"]
    assert len(lines) == 3


def test_stats_of_a_table_not_built_names_the_build_command_and_prints_nothing(cache: Path, tmp_path: Path) -> None:
    result = run("endgames", "stats", "--dir", str(cache))  # (4 stones a side by default: 3v4 is not there)
    assert result.exit_code == 1 and result.stdout == ""
    assert "the endgame table 3v4 (flying-capture-when-all-in-mills) has not been built" in result.stderr
    assert f"build it with: muehle endgames build --stones 4 --dir {cache}" in result.stderr
    result = run("endgames", "stats", "--stones", "3", "--dir", str(tmp_path), "--rules", "wmd-traditional")
    assert result.exit_code == 1 and result.stdout == "" and "3v3 (flying-capture-never)" in result.stderr


def test_stats_of_a_damaged_table_is_an_error(tmp_path: Path) -> None:
    from muehle.analyzer.endgames.store import save_table, table_path

    save_table(table_path(tmp_path, EndgameRules(), (3, 3)), np.zeros(10, dtype=np.uint8))
    result = run("endgames", "stats", "--stones", "3", "--dir", str(tmp_path))
    assert result.exit_code == 1 and result.stdout == ""
    assert "cannot be used: its header gives 10 values, where the table 3v3 has 169626" in result.stderr


@pytest.mark.parametrize("args", [("--stones", "5"), ("--stones", "x"), ("--format", "yaml"), ("--rules", "nonesuch")])
def test_stats_usage_errors_exit_2(args: tuple[str, ...], tmp_path: Path) -> None:
    result = run("endgames", "stats", "--dir", str(tmp_path), *args)
    assert result.exit_code == 2 and result.stdout == "" and "Traceback" not in result.output
