"""Sanmill's move lists read and validate as the notation.

Sanmill shows and copies a game's moves as its move history
(``GameRecorder.moveHistoryText`` in Sanmill's ``game_recorder.dart``): one line per
move, the number written by ``writeNumber`` (``" 1."`` with a space before a number
below 10, ``"10."`` after), then each side's ply after four spaces, a capture glued
to its ply (``a1xf4``, ``d6-d5xc3``). Its engine's moves come as a flat list without
numbers, a capture a word of its own (``d6-d5 xd3``). Both are read as the notation,
with no warning.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from muehle.notation import Ply, parse_game, read
from runner import run

#: A legal game under wmd (``muehle generate --seed 3``), its main line.
GAME = parse_game("""[Rules "wmd"]

1. e3 g1 2. f4 a7 3. g7 a1 4. f2 a4/xf2 5. f6 d1/xg7
6. f2/xa4 a4/xe3 7. b6 c3 8. e3 b2 9. d6/xc3 d7 10. f2-d2 g1-g4 11. f4-e4
g4-g7/xd2 12. e3-d3 a4-b4 13. d3-c3 b4-a4/xe4
14. d6-d5 g7-g4 15. d5-d6/xg4 d1-g1 16. d6-d5 d7-g7 17. d5-d6/xg7 a4-b4
18. d6-d5 b4-a4/xd5 19. f6-e4 g1-d1 20. b6-f2 d1-g1 21. e4-d1 g1-g4
22. f2-d2 g4-g1 23. c3-d3/xg1 a7-d7 24. d1-d6 d7-a7/xd2
""")


def sanmill_move(ply: Ply) -> str:
    """A ply as Sanmill's move history writes it: the move, each removal glued as ``x`` and its point."""
    return (f"{ply.origin}-{ply.target}" if ply.origin else ply.target) + "".join(f"x{point}" for point in ply.captures)


def move_history_text(plies: list[Ply]) -> str:
    """The main line as Sanmill's move history: ``" 1.    d6    f4"``, two plies to a line."""
    lines = []
    for start in range(0, len(plies), 2):
        number = start // 2 + 1
        lines.append((f" {number}." if number < 10 else f"{number}.")
                     + "".join("    " + sanmill_move(ply) for ply in plies[start:start + 2]))
    return "\n".join(lines)


def flat_moves(plies: list[Ply]) -> str:
    """The main line as a flat list of moves, each removal a word of its own: ``d6-d5 xd3``."""
    return " ".join(sanmill_move(ply).replace("x", " x") for ply in plies)


def test_the_move_history_has_the_layout_of_sanmill() -> None:
    text = move_history_text(GAME.plies)
    lines = text.split("\n")
    assert lines[0] == " 1.    e3    g1"
    assert lines[3] == " 4.    f2    a4xf2"
    assert lines[9] == "10.    f2-d2    g1-g4"
    assert lines[10] == "11.    f4-e4    g4-g7xd2"
    assert flat_moves(GAME.plies[:8]) == "e3 g1 f4 a7 g7 a1 f2 a4 xf2"


@pytest.mark.parametrize("form", [move_history_text, flat_moves])
def test_a_sanmill_move_list_reads_as_the_game(form) -> None:  # type: ignore[no-untyped-def]
    (game,) = read("-", text=form(GAME.plies) + "\n")
    assert not game.errors and not game.warnings
    assert [ply.move_text for ply in game.plies] == [ply.move_text for ply in GAME.plies]
    if form is move_history_text:  # (numbered as Sanmill numbers it)
        assert [ply.label() for ply in game.plies] == [ply.label() for ply in GAME.plies]
    else:
        assert {ply.number for ply in game.plies} == {None}


@pytest.mark.parametrize("form", [move_history_text, flat_moves])
def test_a_sanmill_move_list_validates(tmp_path: Path, form) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "moves.txt"
    path.write_text(form(GAME.plies) + "\n", encoding="utf-8")
    result = run("validate", "--rules", "wmd", str(path))
    assert (result.exit_code, result.stdout) == (0, "1 game, 1 valid, 0 invalid\n")


def test_an_illegal_ply_in_a_move_history_is_located_on_its_line(tmp_path: Path) -> None:
    plies = list(GAME.plies)
    plies[19] = Ply(10, "black", "g4", "g7")  # 10... g7-g4: g7 is empty then (5... d1/xg7 took its stone)
    path = tmp_path / "moves.txt"
    path.write_text(move_history_text(plies) + "\n", encoding="utf-8")
    result = run("validate", "--rules", "wmd", str(path))
    assert result.exit_code == 1
    # line 10 is "10.    f2-d2    g7-g4": Black's ply starts in column 17
    assert result.stdout.startswith(f"{path}:10:17: error: game 1: 10... g7-g4: ")
