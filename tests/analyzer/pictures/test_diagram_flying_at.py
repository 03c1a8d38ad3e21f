"""The pictures name a side's phase as the core does, under the ruleset's ``flying_at`` and
``lose_below``: a side with four stones flies where ``flying_at: 4`` (Sanmill's ``FlyPieceCount``).

The line is the start of game 2 of tests/data/sanmill-variants/custom/fly4.pgn (42 plies), after
which White has four stones. Sanmill's referee (/work/tools/referee, ``replay`` of the line) lists
White's legal actions there: with ``setoption name FlyPieceCount value 4`` every stone to every free
point (``a7-e5,a7-e3,...,g4-g7``: it flies), with the default 3 only ``d3-d2,d3-c3,d3-e3,g4-f4,g4-g7``
(it moves)."""

from __future__ import annotations

from pathlib import Path

from muehle.analyzer.engine import Board
from muehle.analyzer.engine.board import Position
from muehle.analyzer.engine.rules import load_ruleset, parse_ruleset
from muehle.analyzer.pictures.diagram import render_diagram, side_phase, summary_lines
from muehle.notation.record.model import Game
from muehle.notation.writing.writers import write_notation
from runner import run
from written_plies import plies_of

FLY4 = "base: sanmill\nname: fly4\nflying_at: 4\n"
LINE = ["f4", "g1", "c4", "d5", "d2", "d6", "d7", "b4", "e4", "g4", "g7", "a7", "d3", "d1", "a1", "b6", "a4",
        "b2/xe4", "d3-c3", "d5-e5", "c3-d3", "e5-e4", "d3-c3", "d6-d5", "d7-d6", "a7-d7", "c3-d3", "e4-e3",
        "a4-a7", "e3-e4", "a1-a4", "d1-a1", "d3-c3", "g1-d1", "c3-d3", "g4-g1/xd6", "d3-e3", "b6-d6/xc4",
        "e3-d3", "d6-b6/xf4", "g7-g4", "b6-d6/xd2"]
WHITE_FLIES = "White (W): 4 on the board, 0 in hand, flying"
WHITE_MOVES = "White (W): 4 on the board, 0 in hand, moving"


def _files(tmp_path: Path, extra: tuple[str, ...] = ()) -> tuple[Path, Path]:
    record = tmp_path / "fly4.txt"
    record.write_text(write_notation([Game(tags={"Event": "fly4"}, plies=plies_of([*LINE, *extra]))]),
                      encoding="utf-8")
    rules = tmp_path / "fly4.yaml"
    rules.write_text(FLY4, encoding="utf-8")
    return record, rules


def test_the_board_agrees_with_sanmill_that_white_flies() -> None:
    board = Board(parse_ruleset(FLY4))
    for ply in LINE:
        board.push(ply)
    assert len(board.legal_plies()) == 4 * 11  # (every stone to every free point, as the referee lists)
    plain = Board(load_ruleset("sanmill"))
    for ply in LINE:
        plain.push(ply)
    assert sorted(str(ply) for ply in plain.legal_plies()) == ["d3-c3", "d3-d2", "d3-e3", "g4-f4", "g4-g7"]


def test_show_names_the_phase_under_flying_at(tmp_path: Path) -> None:
    record, rules = _files(tmp_path)
    shown = run("show", str(record), "--rules", str(rules), "--ascii")
    assert shown.exit_code == 0 and WHITE_FLIES in shown.output.splitlines()
    plain = run("show", str(record), "--rules", "sanmill", "--ascii")
    assert plain.exit_code == 0 and WHITE_MOVES in plain.output.splitlines()


def test_show_of_a_position_set_up_within_a_turn_names_the_phase_under_flying_at(tmp_path: Path) -> None:
    """A record of no ply whose FEN stands in the middle of a turn (White, four stones, has closed the
    mill a1-a4-a7 and is to remove: action ``r``) is drawn under the ruleset's ``flying_at`` too."""
    _, rules = _files(tmp_path)
    record = tmp_path / "within.txt"
    record.write_text('[SetUp "1"]\n[FEN "********/@@*@*@@*/****OOOO w m r 4 0 5 0 1 0 0 0 0 0 0 0 30"]\n\n*\n',
                      encoding="utf-8")
    shown = run("show", str(record), "--rules", str(rules), "--ascii")
    assert shown.exit_code == 0 and WHITE_FLIES in shown.stdout.splitlines()
    plain = run("show", str(record), "--rules", "sanmill", "--ascii")
    assert plain.exit_code == 0 and WHITE_MOVES in plain.stdout.splitlines()


def test_the_position_to_restore_names_the_phase_under_flying_at(tmp_path: Path) -> None:
    record, rules = _files(tmp_path, ("a7-d7",))  # (d7 holds a Black stone)
    explained = run("validate", "--explain", str(record), "--rules", str(rules))
    assert explained.exit_code == 1
    assert "White (○): 4 on the board, 0 in hand, flying" in [line.strip() for line in explained.output.splitlines()]


def test_the_phase_words_take_flying_at_and_lose_below() -> None:
    four = Position(0b1111, 0b1111 << 8, 0, 0)
    assert side_phase(four, "white") == "moving" and side_phase(four, "white", flying_at=4) == "flying"
    assert side_phase(four, "white", flying=False, flying_at=4) == "moving"
    three = Position(0b111, 0b1111 << 8, 0, 0)
    assert side_phase(three, "white", lose_below=4) == "lost"
    assert summary_lines(three, lose_below=4)[0] == "White: 3 on the board, 0 in hand, lost"
    assert summary_lines(three, lose_below=4)[-1].startswith("Game over")
    assert summary_lines(three)[-1] == "White to move"
    assert "White: 4 on the board, 0 in hand, flying" in summary_lines(four, flying_at=4)
    assert "flying" in render_diagram(four, ascii=True, flying_at=4).splitlines()[-3]
