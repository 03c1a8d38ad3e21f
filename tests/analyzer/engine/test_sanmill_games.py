"""muehle's ``sanmill`` rules judge as Sanmill's engine does: games Sanmill v7.4.6 played against
itself and judged itself, and short records of single rule points (tests/data/sanmill, with the
engine's verdict for each in verdicts.json; see the README there)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from muehle.analyzer.engine.board import points_of
from muehle.analyzer.engine.rules import load_ruleset
from muehle.analyzer.engine.setup import replay_record
from muehle.notation.reading.parser import read_file

DATA = Path(__file__).resolve().parents[2] / "data" / "sanmill"
VERDICTS: dict[str, Any] = json.loads((DATA / "verdicts.json").read_text(encoding="utf-8"))


def _cases() -> list[Any]:
    return [pytest.param(name, entry, id=f"{name}#{entry['game']}:{entry['source']}")
            for name, data in VERDICTS.items() for entry in data["games"]]


@pytest.mark.parametrize("name, expected", _cases())
def test_muehle_judges_as_sanmill_did(name: str, expected: dict[str, Any]) -> None:
    rules = load_ruleset(DATA / VERDICTS[name]["rules"])
    game = list(read_file(DATA / name))[expected["game"] - 1]
    result = replay_record(game, rules)
    if not expected["valid"]:
        assert (result.errors[0].code, result.errors[0].ply) == (expected["error"], expected["error_ply"])
        return
    assert result.errors == []
    outcome = result.outcome
    if expected["reason"] is None:  # (the game goes on)
        assert outcome is None
        return
    assert (outcome.winner, outcome.reason, outcome.ply) == (expected["winner"], expected["reason"], expected["ply"])


def test_the_data_cover_every_setting_and_every_game_that_differed() -> None:
    """Every rule point Sanmill's judgement differed on before (R1, P1, E1, S1; N1, N2, F4, F4b in
    the fixtures) is in the data, and each setting's ruleset reads."""
    sources = {entry["source"] for data in VERDICTS.values() for entry in data["games"]}
    for point in ("r1-after-placement", "r1-setup-position", "r1-after-capture", "n1-default", "n1-nmove30",
                  "n2-setup-counter", "f4-gameover-fen", "f4-fullboard-gameover-fen", "s1-stalemate-draw",
                  "e1-endgame-nmove10"):
        assert f"{point}.pgn" in sources
    assert {"nmove30-082.pgn", "stalemate-draw-095.pgn", "endgame-nmove10-031.pgn"} <= sources
    # (DIFFERENCES: R1 14, E1 17, P1 1, S1 1; N3 3, a capture written with the N-move rule's mill)
    assert sum(entry.get("differed", False) for data in VERDICTS.values() for entry in data["games"]) == 36
    assert load_ruleset(DATA / "default.yaml").no_capture == load_ruleset("sanmill").no_capture


def test_a_capture_written_with_the_endgame_draw_is_made_and_the_game_drawn_after_it() -> None:
    """endgame-nmove10-028: 29. d3-g4 closes e4-f4-g4 as the 10th move since the last capture
    while White has three stones; Sanmill's engine declares the draw before the removal, and given
    the removal (any of Black's four stones) its Position makes it and then declares the draw
    (``drawEndgameFiftyMove`` after ``xd6``: fixtures-endgame-mill.pgn, game 2). So a capture written
    with it is made, the draw comes with the same ply, and a capture of a stone not Black's is still
    refused."""
    rules = load_ruleset(DATA / "endgame-nmove10.yaml")
    (entry,) = [e for e in VERDICTS["endgame-nmove10.pgn"]["games"] if e["source"] == "endgame-nmove10-028.pgn"]
    game = list(read_file(DATA / "endgame-nmove10.pgn"))[entry["game"] - 1]
    final = replay_record(game, rules).records[-1].after
    assert (final.white.bit_count(), final.black.bit_count()) == (3, 4) and game.plies[-1].move_text == "d3-g4"
    for black_stone in points_of(final.black):
        game.plies[-1].captures[:] = [black_stone]
        result = replay_record(game, rules)
        assert result.errors == [] and result.records[-1].captures == [black_stone]
        assert (result.outcome.winner, result.outcome.reason, result.outcome.ply) == (None, "no-capture", entry["ply"])
    game.plies[-1].captures[:] = [points_of(final.white)[0]]
    assert [(e.code, e.ply) for e in replay_record(game, rules).errors] == [("capture-empty-or-own", entry["ply"])]


def test_the_data_hold_the_mill_closed_at_the_no_progress_limit() -> None:
    """The N-move rule's mill (a move that brings the count to the limit and closes a mill) is in the
    fixtures with and without its capture, with a capture that wins, and the endgame N-move rule's
    draw at a capture, in a three-stone endgame and leaving a side with three."""
    sources = {entry["source"]: entry for data in VERDICTS.values() for entry in data["games"]}
    ends = {name: (sources[name]["winner"], sources[name]["sanmill"]) for name in (
        "n3-mill-capture-at-limit.pgn", "n3-mill-at-limit-no-capture.pgn", "n3-mill-capture-wins-at-limit.pgn",
        "e2-mill-capture-leaves-three.pgn", "e2-mill-capture-in-endgame.pgn")}
    assert ends == {"n3-mill-capture-at-limit.pgn": (None, "drawFiftyMove"),
                    "n3-mill-at-limit-no-capture.pgn": (None, "drawFiftyMove"),
                    "n3-mill-capture-wins-at-limit.pgn": ("black", "loseFewerThanThree"),
                    "e2-mill-capture-leaves-three.pgn": (None, "drawEndgameFiftyMove"),
                    "e2-mill-capture-in-endgame.pgn": (None, "drawEndgameFiftyMove")}
    assert sources["n3-mill-capture-at-limit.pgn"]["ply"] == sources["n3-mill-at-limit-no-capture.pgn"]["ply"]
