"""``replay_record`` is the one way from a record to its replay: it takes every form of record
(a whole ``Game``, the cheap ``MoveRecord`` of ``read(..., deferred=True)``), keeps the set-up
position it started from, and every command replays through it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from muehle.analyzer.engine.setup import replay_record
from muehle.analyzer.reports.verdict import judge
from muehle.notation import parse_game, read
from muehle.notation.record.model import Game
from muehle.notation.record.moverecord import MoveRecord
from muehle.notation.text.errors import FormatError
from paths import ROOT

#: White closes b2-d2-f2 at its third placement and takes d6; then Black places on the taken point.
MILL = '[Event "mill"]\n\n1. d2 d6 2. f2 f6 3. b2/xd6 d6 *\n'
#: Black places on White's stone: illegal at its first ply, line 3, column 7.
OCCUPIED = '[Event "occupied"]\n\n1. d2 d2 *\n'
#: Black's first ply has a variation (1... f4 2. b4, replayed from the position after White's d2);
#: the main line goes on to White's mill.
VARIATION = '[Event "variation"]\n\n1. d2 d6 (1... f4 2. b4) 2. f2 f6 3. b2/xd6 *\n'


@pytest.mark.parametrize("text", [MILL, OCCUPIED, VARIATION])
def test_a_deferred_record_replays_as_its_whole_game(text: str) -> None:
    deferred = next(read("-", text=text, name="t.txt", deferred=True))
    whole = next(read("-", text=text, name="t.txt"))
    assert isinstance(deferred, MoveRecord) and type(whole) is Game  # (the two forms, really)
    cheap, full = replay_record(deferred), replay_record(whole)
    assert [record.label for record in cheap.records] == [record.label for record in full.records]
    assert [(e.code, e.line, e.column) for e in cheap.errors] == [(e.code, e.line, e.column) for e in full.errors]
    assert [len(line.records) for line in cheap.variations] == [len(line.records) for line in full.variations]


def test_the_replays_of_both_forms_say_what_the_rules_say() -> None:
    mill = replay_record(next(read("-", text=MILL, deferred=True)))
    assert mill.errors == [] and len(mill.records) == 6
    assert mill.records[4].mills == [("b2", "d2", "f2")] and mill.records[4].captures == ["d6"]
    occupied = replay_record(next(read("-", text=OCCUPIED, deferred=True)))
    assert [(e.code, e.line, e.column) for e in occupied.errors] == [("occupied", 3, 7)]
    variation = replay_record(next(read("-", text=VARIATION, deferred=True)))
    assert [[record.label for record in line.records] for line in variation.variations] == [["1... f4", "2. b4"]]


def test_a_set_up_record_keeps_the_position_it_started_from() -> None:
    # (two stones a side on the middle ring, seven in hand each, White's move 3)
    fen = "********/O*@*O*@*/******** w p p 2 7 2 7 0 0 0 0 0 0 0 0 3"
    replayed = replay_record(Game(tags={"SetUp": "1", "FEN": fen}, plies=[parse_game("3. f6 *").plies[0]]))
    assert replayed.setup is not None and replayed.setup.fullmove == 3
    assert replayed.start == replayed.setup.position
    assert (replayed.start.in_hand_white, replayed.records[0].after.in_hand_white) == (7, 6)
    assert replay_record(parse_game("1. d2 *")).setup is None


def test_a_record_with_syntax_errors_is_not_replayed_nor_its_set_up_read() -> None:
    """Its syntax error is what it is reported for, by the replay and by validate alike, not the
    bad FEN behind it; without the syntax error, the FEN is the error."""
    text = '[SetUp "1"]\n[FEN "nonsense"]\n\n1. d2 b9 *\n'
    game = next(read("-", text=text, name="x.txt"))
    assert [(e.code, e.line, e.column) for e in replay_record(game).errors] == [("syntax", 4, 7)]
    assert [(e.code, e.line, e.column) for e in judge(game).errors] == [("syntax", 4, 7)]
    with pytest.raises(FormatError, match="in the FEN tag") as raised:
        replay_record(next(read("-", text=text.replace(" b9", ""), name="x.txt")))
    assert (raised.value.line, raised.value.column) == (2, 15)


#: The functions that replay a record by another way than replay_record, and the module allowed to call them.
OTHER_WAYS = {("muehle.analyzer.engine.replay", "replay"), ("muehle.analyzer", "replay"),
              ("muehle.analyzer.engine.setup", "replay_from")}


def _other_ways_called(path: Path) -> list[str]:
    """The calls in ``path`` of a function of :data:`OTHER_WAYS`, imported by name, as ``name:line``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
             for alias in node.names if (node.module, alias.name) in OTHER_WAYS}
    return [f"{path.relative_to(ROOT)}:{node.lineno}" for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names]


def test_every_caller_replays_a_record_through_replay_record() -> None:
    """Outside engine/setup.py (replay_record itself) no module of the package calls the engine's
    ``replay`` or ``replay_from`` on a record: the commands, the verdict, the reports, the repair
    and the viewer take replay_record."""
    called = [where for folder in ("analyzer", "notation") for path in sorted((ROOT / folder).rglob("*.py"))
              if path != ROOT / "analyzer" / "engine" / "setup.py" for where in _other_ways_called(path)]
    assert called == []
    assert _other_ways_called(ROOT / "analyzer" / "engine" / "setup.py")  # (the test sees a call where one is)
