"""``muehle select --to`` and ``--rest`` over many games: written as they are read, so that memory
does not grow with the number of games (costs judged by growth, as in test_hostile.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

import pytest

from growth import cost
from runner import run

pytestmark = pytest.mark.hostile

#: Below this, a difference between two runs' peaks is noise, not growth (bytes): a quarter of
#: what the 4x run's chosen games take as JSON beyond the 1x run's (about 8 MB).
MEMORY_FLOOR = 2_000_000
#: The games of the 1x file, about 1.6 KB each: a long comment and six plies (quick to read).
#: From about 3 MB on, reading a file takes memory of its own bounded size (its blocks, the
#: reader's memo): the 1x file (4 MB) is past that.
GAMES = 2500
NOTE = "{ " + "a club game, written down by hand " * 45 + "}\n"


def club_file(tmp_path: Path, size: int) -> Path:
    """``size`` times :data:`GAMES` games, White "Ada Meier" in every other one, "Bo Berg" in the rest."""
    pair = "".join(f'[White "{white}"]\n[Black "Cy"]\n\n{NOTE}1. d2 d6 2. f4 b4 3. b6 f2 *\n\n'
                   for white in ("Ada Meier", "Bo Berg"))
    path = tmp_path / f"games-{size}.txt"
    path.write_text(pair * (GAMES * size // 2), encoding="utf-8")
    return path


def select_run(tmp_path: Path, size: int, *args: str) -> Callable[[], object]:
    source = club_file(tmp_path, size)
    out = tmp_path / f"out-{size}.json"

    def selected() -> None:
        result = run("select", str(source), "--player", "ada", "--to", "json", "-o", str(out), *args)
        assert (result.exit_code, result.stderr) == (0, f"{GAMES * size // 2} of {GAMES * size} games selected\n")

    return selected


@pytest.mark.parametrize("rest", [False, True], ids=["to json", "to json with --rest"])
def test_select_to_json_does_not_hold_the_games_in_memory(tmp_path: Path, rest: bool) -> None:
    """Four times the games take no more memory than the 1x run: the writer holds a few short games
    at most, and the output goes to its temporary file as it is made."""
    peaks = []
    for size in (1, 4):
        args = ["--rest", str(tmp_path / f"rest-{size}.json")] if rest else []
        _, peak = cost(select_run(tmp_path, size, *args))
        peaks.append(peak)
    assert peaks[1] <= peaks[0] + MEMORY_FLOOR, peaks
    chosen = json.loads((tmp_path / "out-4.json").read_text(encoding="utf-8"))["games"]
    assert len(chosen) == 2 * GAMES and {game["tags"]["White"] for game in chosen} == {"Ada Meier"}
    assert (tmp_path / "out-4.json").stat().st_size > 4 * MEMORY_FLOOR  # (held, they would show)
    if rest:
        others = json.loads((tmp_path / "rest-4.json").read_text(encoding="utf-8"))["games"]
        assert len(others) == 2 * GAMES and {game["tags"]["White"] for game in others} == {"Bo Berg"}
