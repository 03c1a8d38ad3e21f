"""``muehle repair -o``: which games go to the output besides the repaired ones."""

from __future__ import annotations

from pathlib import Path

from muehle.notation import read_games
from runner import run


def test_a_game_not_searched_is_written_as_read_and_one_read_in_part_is_left_out(tmp_path: Path) -> None:
    # a legal game; one whose Rules tag names no ruleset (not searched: written as it was read);
    # one with a syntax error (q9 is no point: read in part, so not written at all)
    source = tmp_path / "games.txt"
    source.write_text('1. d2 d6 *\n\n[Rules "nosuch"]\n\n1. a1 a4 *\n\n1. d2 q9 *\n', encoding="utf-8")
    out = tmp_path / "fixed.txt"
    result = run("repair", str(source), "-o", str(out))
    assert result.exit_code == 1
    assert "3 games: 1 legal, 0 repaired, 2 not repaired" in result.stdout
    games = list(read_games(out.read_text(encoding="utf-8")))
    assert [[ply.move_text for ply in game.plies] for game in games] == [["d2", "d6"], ["a1", "a4"]]
    assert games[1].tags["Rules"] == "nosuch"
