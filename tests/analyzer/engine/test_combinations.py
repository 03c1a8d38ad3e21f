"""Combinations of Sanmill's settings that no named variant uses, judged as Sanmill v7.4.6 judges
them: its engine's own games under custom rule sets (tests/data/sanmill-variants/custom, see the
README there; ``make_games.py`` CUSTOM) and hand-made lines whose answers come from Sanmill's
referee (tests/data/sanmill-variants/referee.cpp):

- ``no_mill_moving_back`` with ``defender_first`` (Nerenchi with RestrictRepeatedMillsFormation), and
  with a blocked side whose turn passes (the last mill holds for the side's next ply, right after);
- ``board_full`` ``remove-both`` and ``remove-one`` with ``defender_first`` (Nerenchi with
  BoardFullAction 1 and 3): under ``remove-one`` Black removes (``Position::put_piece`` 1254-1257),
  in the ply of its placement, and White moves next;
- ``lose_below`` 4 with each capture kind (``capture_kinds.judge_captures`` ends the game at the
  capture that leaves fewer than ``lose_below``) and with diagonals (``flying_at`` 4);
- a blocked side's actions where both sides are blocked in the same game, and a blocked side's
  removal that a record does not write (a clear error, no traceback)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from muehle.analyzer.engine.board import DIAGONALS, mask_of
from muehle.analyzer.engine.capture_kinds import CaptureKind, CaptureKinds, judge_captures
from muehle.analyzer.engine.position import Board
from muehle.analyzer.engine.rules import parse_ruleset
from muehle.analyzer.engine.setup import replay_record
from muehle.notation.reading.parser import read_file, read_games
from muehle.notation.text.i18n import language
from runner import run
from sanmill_custom import CUSTOM_RULES

DATA = Path(__file__).resolve().parents[2] / "data" / "sanmill-variants" / "custom"
VERDICTS: dict[str, Any] = json.loads((DATA / "verdicts.json").read_text(encoding="utf-8"))

_NERENCHI = {"PiecesCount": "12", "HasDiagonalLines": "true", "IsDefenderMoveFirst": "true",
             "MayRemoveFromMillsAlways": "true"}
_LEAST4 = {"FlyPieceCount": "4", "PiecesAtLeastCount": "4"}
_TWELVE = {"PiecesCount": "12", "HasDiagonalLines": "true"}
#: Sanmill's options that differ from its defaults for each custom rule set of the combinations (their
#: muehle rulesets: sanmill_custom.CUSTOM_RULES), as verdicts.json says the engine played with.
SETS: dict[str, dict[str, str]] = {
    "millback_defender.pgn": {**_NERENCHI, "RestrictRepeatedMillsFormation": "true"},
    "fullboth_defender.pgn": {**_NERENCHI, "BoardFullAction": "1"},
    "fullone_defender.pgn": {**_NERENCHI, "BoardFullAction": "3"},
    "least4_custodian.pgn": {**_LEAST4, "CustodianCaptureEnabled": "true"},
    "least4_intervention.pgn": {**_LEAST4, "InterventionCaptureEnabled": "true"},
    "least4_leap.pgn": {**_LEAST4, "LeapCaptureEnabled": "true"},
    "least4_diagonal.pgn": {**_LEAST4, "HasDiagonalLines": "true"},
    "chain1.pgn": {**_TWELVE, "StalemateAction": "1"},
    "chain2.pgn": {**_TWELVE, "StalemateAction": "2"},
    "chain3.pgn": {**_TWELVE, "StalemateAction": "3"},
    "chain5.pgn": {**_TWELVE, "StalemateAction": "5"},
}


def _rules(name: str) -> Any:
    return parse_ruleset(CUSTOM_RULES[name], default_name=name.removesuffix(".pgn"))


def _agrees(game: Any, expected: dict[str, Any], rules: Any) -> bool:
    result = replay_record(game, rules)
    outcome = result.outcome
    return not result.errors and outcome is not None and (outcome.winner, outcome.reason, outcome.ply) == (
        expected["winner"], expected["reason"], expected["ply"])


@pytest.mark.parametrize("name", sorted(SETS))
def test_the_data_were_played_under_the_combination(name: str) -> None:
    assert VERDICTS[name]["options"] == SETS[name]
    assert len(VERDICTS[name]["games"]) == 20


@pytest.mark.parametrize("name, expected", [pytest.param(name, entry, id=f"{name}#{entry['game']}")
                                            for name in sorted(SETS) for entry in VERDICTS[name]["games"]])
def test_each_game_is_judged_as_sanmill_judged_it(name: str, expected: dict[str, Any]) -> None:
    game = list(read_file(DATA / name))[expected["game"] - 1]
    result = replay_record(game, _rules(name))
    assert result.errors == []
    outcome = result.outcome
    assert outcome is not None
    assert (outcome.winner, outcome.reason, outcome.ply) == (expected["winner"], expected["reason"], expected["ply"])


def _filled(game: Any) -> bool:
    """Whether the 24 placements filled the board: none captured before the 24th, which carries the
    removals of ``board_full``."""
    plies = game.plies
    return len(plies) >= 24 and all(not ply.captures for ply in plies[:23]) and plies[23].origin is None \
        and bool(plies[23].captures)


@pytest.mark.parametrize("name", ["fullboth_defender.pgn", "fullone_defender.pgn"])
def test_the_full_board_data_hold_full_boards(name: str) -> None:
    assert sum(1 for game in read_file(DATA / name) if _filled(game)) >= 4


def test_under_remove_one_the_defender_removes() -> None:
    """Of the games with a full board, the 24th placement is Black's and so is its removal (one
    token, a White stone), and the game goes on with White: under White's removal (the rule without
    the defender) they are refused."""
    full = [game for game in read_file(DATA / "fullone_defender.pgn") if _filled(game)]
    assert all(game.plies[23].side == "black" and len(game.plies[23].captures) == 1 for game in full)
    without_defender = parse_ruleset("base: twelve_mens_morris\ncapture_from_mill: always\nboard_full: remove-one\n")
    assert all(replay_record(game, without_defender).errors for game in full)


#: Game 8 of fullone_defender.pgn up to Black's 23rd placement, and the referee's answer after
#: Black's 24th (c4), which fills the board: Black (the defender) removes one of White's twelve
#: stones, any of them (each stands next to a Black stone); after c4xf2 White is to move and blocked:
#: loseNoLegalMoves, Black wins, Sanmill's ply 24.
_FULL_ONE_GAME = 8
_REFEREE_REMOVALS = {"a4", "a7", "b2", "c5", "d1", "d3", "d5", "d6", "e4", "f2", "f6", "g4"}


def test_the_board_offers_the_defender_s_removal() -> None:
    rules = _rules("fullone_defender.pgn")
    game = list(read_file(DATA / "fullone_defender.pgn"))[_FULL_ONE_GAME - 1]
    assert (game.plies[23].target, game.plies[23].captures) == ("c4", ["f2"])
    board = Board(rules)
    for ply in replay_record(game, rules).plies[:23]:
        board.push(ply)
    choices = {captures for target, _, captures in board.legal_plies() if target == "c4"}
    assert choices == {(point,) for point in _REFEREE_REMOVALS}
    assert board.is_legal("c4/xf2") and not board.is_legal("c4/xb4") and not board.is_legal("c4")
    outcome = replay_record(game, rules).outcome
    assert outcome is not None and (outcome.winner, outcome.reason, outcome.ply) == ("black", "blocked", 24)


#: A line the referee played under Nerenchi with RestrictRepeatedMillsFormation: Black's last
#: placement g4 (ply 24, capturing c5) is followed by its first move g4-g7 (ply 25, the defender's
#: two plies in a row), which closes a mill and captures g1; after White's c4-c5 the referee's legal
#: moves for Black are c3-c4, a7-b6, b2-b4, d1-g1 and f4-g4: not g7-g4, which would close e4-f4-g4
#: again (under Nerenchi alone it offers g7-g4 too, and then the removals c5, f2, f6, d3 and d5).
_MILLBACK_LINE = ("1. d6 e3 2. d3 d7 3. g7 a7 4. c4 d1 5. f2 a1 6. c5 d5 7. c3xd5 b2 8. f6 e4 9. a4 e5xc3 "
                  "10. d5 f4 11. g1 c3xg7 12. d2 g4xc5 13. g4-g7xg1 c4-c5")
_MILLBACK_REFEREE = {("c4", "c3"), ("b6", "a7"), ("b4", "b2"), ("g1", "d1"), ("g4", "f4")}


def test_no_mill_moving_back_after_the_defender_s_two_plies() -> None:
    restricted = _rules("millback_defender.pgn")
    (game,) = read_games(_MILLBACK_LINE + "\n")
    result = replay_record(game, restricted)
    assert result.errors == [] and len(result.plies) == 26
    board = Board(restricted)
    for ply in result.plies:
        board.push(ply)
    assert {(target, origin) for target, origin, _ in board.legal_plies()} == _MILLBACK_REFEREE
    (back,) = read_games(_MILLBACK_LINE + " 14. g7-g4xf2\n")
    assert [(error.code, error.ply) for error in replay_record(back, restricted).errors] == [("mill-moving-back", 27)]
    nerenchi = parse_ruleset("base: nerenchi\n")
    assert replay_record(back, nerenchi).errors == []


def test_the_chain_data_hold_both_sides_blocked() -> None:
    """Under pass, games where White and Black were each blocked; under every action, blocked sides."""
    assert sum(1 for game in VERDICTS["chain1.pgn"]["games"] if len(set(game["blocked_sides"])) == 2) >= 3
    for n in (1, 2, 3, 5):
        assert sum(1 for game in VERDICTS[f"chain{n}.pgn"]["games"] if game["blocked_sides"]) >= 5


@pytest.mark.parametrize("name, other", [
    ("least4_custodian.pgn", "base: sanmill\nflying_at: 4\ncustodian_capture: true\n"),
    ("least4_intervention.pgn", "base: sanmill\nflying_at: 4\nintervention_capture: true\n"),
    ("least4_leap.pgn", "base: sanmill\nflying_at: 4\nleap_capture: true\n"),
    ("least4_diagonal.pgn", "base: sanmill\nboard: diagonals\nflying_at: 4\n"),
    ("fullone_defender.pgn", "base: nerenchi\n"),
    ("fullboth_defender.pgn", "base: nerenchi\n"),
])
def test_the_setting_decides_games_of_the_data(name: str, other: str) -> None:
    games = zip(read_file(DATA / name), VERDICTS[name]["games"], strict=True)
    assert not all(_agrees(game, expected, parse_ruleset(other)) for game, expected in games)


def test_a_capture_kind_s_capture_that_leaves_fewer_than_lose_below_ends_the_game() -> None:
    """b6 placed between Black's a7 and c5 on the diagonal a7-b6-c5 captures both by intervention;
    Black has a7 c5 d1 g7 and none in hand: where lose_below is 4 the first capture (c5) leaves three
    and ends the game (Sanmill's remove_piece 1835-1838), so a7 may not follow; where it is 3 both go."""
    kinds = CaptureKinds(intervention=CaptureKind(), geometry=DIAGONALS)
    own, theirs, target = mask_of(["b6"]), mask_of(["a7", "c5", "d1", "g7"]), mask_of(["b6"])
    facts = DIAGONALS.point_facts

    def judged(captures: list[str], lose_below: int) -> Any:
        return judge_captures(kinds, "always", False, own, theirs, 0, target, 0, True, 0, captures, facts, lose_below)
    assert judged(["c5"], 4)[0] == "" and judged(["c5"], 4)[5] is True
    assert judged(["c5", "a7"], 4)[:2] == ("extra-capture", "a7")
    assert judged(["c5", "a7"], 3)[0] == "" and judged(["c5", "a7"], 3)[3:5] == (2, 2)
    assert judged(["c5"], 3)[0] == "capture-kind-missing"


#: White to move (a4 b4 c4 d2 d7 e5 f4 g1 g7; Black b6 c3 d3 e3 e4 f2), set up from this FEN in
#: Sanmill's referee (``replayfen``) under RestrictRepeatedMillsFormation: White's a4-a7 closes
#: a7-d7-g7 and captures b6, and Black (c3 d3 e3 e4 f2: no free neighbour) is blocked. Under
#: StalemateAction 1 (pass) White moves again and its legal moves leave out a7-a4, which would close
#: a4-b4-c4 again (fields 11 and 12 of the referee's FEN: 30 31, White's last mill from a4 to a7);
#: after White's g1-g4, Black still blocked, a7-a4 is legal and captures f2 or e4. Under 3
#: (remove-and-pass) Black removes first (xd2 among xe5 xc4 xd2 xf4), and the same holds.
_BLOCKING = "*O@@@@O*/**O@O*O@/OO*O**O* w m s 9 0 6 0 0 0 0 0 0 0 0 0 20"
_AFTER_PASS = {"e5-d5", "g1-d1", "g1-g4", "g7-g4", "c4-c5", "d7-d6", "b4-a4", "b4-b6", "b4-b2", "d2-d1",
               "d2-b2", "f4-g4", "f4-f6"}
_AFTER_REMOVAL = _AFTER_PASS - {"d2-d1", "d2-b2"}


@pytest.mark.parametrize("blocked, removal, expected", [("pass", "", _AFTER_PASS),
                                                        ("remove-and-pass", "xd2", _AFTER_REMOVAL)])
def test_a_last_mill_holds_while_the_other_side_s_turn_passes(blocked: str, removal: str,
                                                               expected: set[str]) -> None:
    rules = parse_ruleset(f"base: sanmill\nno_mill_moving_back: true\nblocked: {blocked}\n")
    tags = f'[SetUp "1"]\n[FEN "{_BLOCKING}"]\n\n'

    def errors(movetext: str) -> list[tuple[str, int]]:
        (game,) = read_games(tags + movetext + " *\n")
        return [(error.code, error.ply) for error in replay_record(game, rules).errors]
    assert errors(f"1. a4-a7xb6{removal} a7-a4") == [("mill-moving-back", 2)]
    assert errors(f"1. a4-a7xb6{removal} g1-g4 2. {'d3-d2 ' if removal else ''}a7-a4xe4") == []
    (game,) = read_games(tags + f"1. a4-a7xb6{removal} *\n")
    board = Board(rules, fen=_BLOCKING)
    for ply in replay_record(game, rules).plies:
        board.push(ply)
    assert {f"{origin}-{target}" for target, origin, _ in board.legal_plies()} == expected
    assert board.fen(form="legacy").split()[10:14] == ["30", "31", "0", "0"]


#: Twelve Men's Morris: after Black's last placement a7 the only free point is d7, whose neighbours
#: a7, d6 and g7 are Black's: White cannot move. Sanmill's referee (StalemateAction 2, 3 or 5) then
#: asks White for a removal (an x token), which this record does not write.
_WHITE_BLOCKED = ("1. c3 d2 2. c5 d6 3. e4 e5 4. b6 a1 5. f6 f2 6. d1 f4 7. g1 b4 8. c4xa1 g7 9. d5 e3 10. a4 g4 "
                  "11. b2 a1 12. d3 a7")


@pytest.mark.parametrize("action", ["remove-and-move", "remove-and-pass", "both-remove"])
def test_a_blocked_side_s_removal_not_written(action: str) -> None:
    (game,) = read_games(_WHITE_BLOCKED + " *\n")
    errors = replay_record(game, parse_ruleset(f"base: twelve_mens_morris\nblocked: {action}\n",
                                               default_name="blocking")).errors
    assert [(error.code, error.ply) for error in errors] == [("missing-capture", 24)]
    then = "; then Black removes a White stone" if action == "both-remove" else ""
    assert errors[0].message == (f"12... a7: White cannot move after this ply and removes a Black stone next to one "
                                 f"of its own (blocked: {action}), written after the ply's captures{then}")
    with language("de"):
        errors = replay_record(game, parse_ruleset(f"base: twelve_mens_morris\nblocked: {action}\n",
                                                   default_name="blocking")).errors
    assert errors[0].message.startswith("12... a7: Weiß kann nach diesem Halbzug nicht ziehen: von Weiß wird ein "
                                        "schwarzer Stein neben einem eigenen Stein entfernt")
    # (under pass nothing is due: White's turn passes and the record may end there)
    assert replay_record(game, parse_ruleset("base: twelve_mens_morris\nblocked: pass\n")).errors == []


def test_validate_reports_the_removal_not_written(tmp_path: Path) -> None:
    record, rules = tmp_path / "blocked.pgn", tmp_path / "remove.yaml"
    record.write_text(_WHITE_BLOCKED + " *\n", encoding="utf-8")
    rules.write_text("base: twelve_mens_morris\nblocked: remove-and-pass\n", encoding="utf-8")
    result = run("validate", str(record), "--rules", str(rules))
    assert result.exit_code == 1
    assert ("White cannot move after this ply and removes a Black stone next to one of its own (blocked: "
            "remove-and-pass)") in result.output
    assert "Traceback" not in result.output


#: Twelve Men's Morris with LeapCapture, as Sanmill's referee played it: after White's g4-g7 no Black
#: stone has a free neighbour, but e4 may leap over White's f4 to g4 (the referee's only legal move,
#: under StalemateAction 0 and 3 alike: ``is_all_surrounded`` counts leaps); after e4-g4xf4 White
#: cannot move: under 0 Black has won (loseNoLegalMoves, ply 26), under 3 White removes a Black stone
#: (a1 among twelve) and Black moves.
_LEAP_LINE = ("1. c3 a4 2. d2 f6 3. c4 c5 4. g1 e4 5. b2 f2 6. d5 e3 7. f4 b4 8. a7 e5xd2 9. d2 a1 10. g4 d1 "
              "11. d6 b6 12. d3 d7 13. g4-g7")


def test_a_side_that_may_leap_is_not_blocked() -> None:
    rules = parse_ruleset("base: twelve_mens_morris\nleap_capture: true\n")
    (game,) = read_games(_LEAP_LINE + " *\n")
    result = replay_record(game, rules)
    assert result.errors == [] and result.outcome is None
    board = Board(rules)
    for ply in result.plies:
        board.push(ply)
    assert [tuple(ply) for ply in board.legal_plies()] == [("g4", "e4", ("f4",))]
    (game,) = read_games(_LEAP_LINE + " e4-g4xf4 *\n")
    outcome = replay_record(game, rules).outcome
    assert outcome is not None and (outcome.winner, outcome.reason, outcome.ply) == ("black", "blocked", 26)


def test_a_blocked_side_s_removal_after_a_leap() -> None:
    rules = parse_ruleset("base: twelve_mens_morris\nleap_capture: true\nblocked: remove-and-pass\n")
    (game,) = read_games(_LEAP_LINE + " e4-g4xf4xa1 *\n")
    result = replay_record(game, rules)
    assert result.errors == [] and result.outcome is None
    (game,) = read_games(_LEAP_LINE + " e4-g4xf4 *\n")
    assert [error.code for error in replay_record(game, rules).errors] == ["missing-capture"]


def test_the_board_offers_a_capture_kind_s_capture() -> None:
    """Sanmill's referee under CustodianCapture: after a1 a4 d1 g7, White's a7 encloses a4 between
    a7 and a1, and the only removal it then allows is xa4."""
    rules = parse_ruleset("base: sanmill\ncustodian_capture: true\n")
    board = Board(rules)
    for ply in ("a1", "a4", "d1", "g7"):
        board.push(ply)
    assert [tuple(ply) for ply in board.legal_plies() if ply.target == "a7"] == [("a7", None, ("a4",))]
    assert all(board.is_legal(ply) for ply in board.legal_plies())


def test_no_blocked_side_acts_while_placing() -> None:
    """A mill closed while placing captures one stone, whatever ``blocked`` says (Sanmill's stalemate
    actions come only in the moving phase, ``Position::check_if_game_is_over``)."""
    for extra in ("", "custodian_capture: true\n"):
        rules = parse_ruleset(f"base: twelve_mens_morris\nblocked: remove-and-pass\n{extra}")
        (game,) = read_games("1. a1 b2 2. a4 b4 3. a7xb2xb4 *\n")
        assert [(error.code, error.ply) for error in replay_record(game, rules).errors] == [("extra-capture", 5)]


def test_mill_counts_with_the_defender_first() -> None:
    """El Filja's settings with IsDefenderMoveFirst, as Sanmill's referee played them: after Black's
    last placement b2, Black removes first (c3, one of the twelve White stones the referee offered),
    then White one Black stone (c5), and Black, to move first, cannot: loseNoLegalMoves, White wins
    at ply 25 (Black's placement and removal one ply, White's removal another). Removing in El
    Filja's order (White first) the line is refused: c3 is White's own."""
    rules = parse_ruleset("base: el_filja\ndefender_first: true\n")
    (game,) = read_games("1. g7 f4 2. d3 b6 3. c3 c5 4. a4 a7 5. d2 e5 6. a1 f6 7. d5 g4 8. e4 b4 9. d6 g1 "
                         "10. c4 e3 11. f2 d7 12. d1 b2xc3xc5 *\n")
    result = replay_record(game, rules)
    assert result.errors == []
    outcome = result.outcome
    assert outcome is not None and (outcome.winner, outcome.reason, outcome.ply) == ("white", "blocked", 25)
    assert [error.code for error in replay_record(game, parse_ruleset("base: el_filja\n")).errors] == [
        "capture-empty-or-own"]


#: Nerenchi with FlyPieceCount 4, PiecesAtLeastCount 4 and StalemateAction 2, as Sanmill's referee
#: played it (random legal actions): after Black's last placement d6 Black moves first and is blocked,
#: so it removes c4 and moves b4-c4; the removal follows Black's own placement, so Sanmill's count
#: keeps it in that ply (24). The game ends with f6-g7xd1: Black has three stones, White wins at
#: ply 72 (loseFewerThanThree).
_DEFENDER_BLOCKED = (
    "1. e4 b6 2. d3 a7 3. g7 d1 4. a1 b4 5. b2 f6 6. f2 g1 7. c4 e3 8. d5 d7 9. c5 f4 10. e5xb6 d2 11. a4 g4 "
    "12. b6 d6xc4 13. b4-c4 a4-b4xg4 14. c4-c3 c5-c4 15. a7-a4 b6-a7 16. g1-g4 b4-b6 17. d1-g1 d5-c5xd6 "
    "18. d2-d1 b2-d2 19. c3-b2 c5-d5 20. a4-b4 d5-c5xb2 21. d7-d6 d2-b2 22. d6-d5 c4-c3xg4 23. f6-d6 a1-a4 "
    "24. f4-g4 d3-d2xg1 25. b4-c4 b2-b4 26. d1-g1 g7-f6 27. e3-d3 b4-b2xg4 28. g1-d1 e4-f4xc4 29. d6-g1 b6-d6 "
    "30. g1-b6 f4-e4 31. d5-b4 c5-c4 32. d3-a1 e5-d5 33. b4-g1xc3 d5-c5 34. a1-e3 d6-d7 35. b6-d5 f2-f4 "
    "36. d5-b4 f6-g7xd1")


def test_a_blocked_defender_s_removal_after_its_last_placement_is_in_its_ply() -> None:
    rules = parse_ruleset("base: nerenchi\nflying_at: 4\nlose_below: 4\nblocked: remove-and-move\n")
    (game,) = read_games(_DEFENDER_BLOCKED + " *\n")
    result = replay_record(game, rules)
    assert result.errors == []
    outcome = result.outcome
    assert outcome is not None and (outcome.winner, outcome.reason, outcome.ply) == ("white", "fewer-than-three", 72)


def test_a_capture_from_the_last_hand_lets_the_defender_move_first() -> None:
    """Dooz's settings with IsDefenderMoveFirst, as Sanmill's referee played them: Black's e4 closes
    a mill and takes White's last stone from its hand (nothing written); placing is over, and
    Black, the defender, moves first: the referee's legal moves are e5-d5 and a4-a1."""
    rules = parse_ruleset("base: dooz\ndefender_first: true\n")
    (game,) = read_games("1. f2 f6 2. b6 d7 3. d1 g7 4. b2 d2 5. b4 a4 6. d6 e5 7. c5 e3 8. a7 f4 9. g1 g4 "
                         "10. d3 e4 *\n")
    result = replay_record(game, rules)
    assert result.errors == []
    board = Board(rules)
    for ply in result.plies:
        board.push(ply)
    assert board.fen(form="legacy").split()[1:8] == ["b", "m", "s", "10", "0", "10", "0"]
    assert {f"{origin}-{target}" for target, origin, _ in board.legal_plies()} == {"e5-d5", "a4-a1"}


def test_the_board_offers_a_blocked_side_s_removals() -> None:
    """Before Black's last placement a7 of _WHITE_BLOCKED: a7 leaves White blocked, and under
    remove-and-pass White removes one Black stone next to one of its own: Sanmill's referee offers
    a1, a7 (the stone just set, next to White's a4), b4, d2, d6, e3, e5, f2, f4, g4 and g7."""
    rules = parse_ruleset("base: twelve_mens_morris\nblocked: remove-and-pass\n")
    (game,) = read_games(_WHITE_BLOCKED.removesuffix(" a7") + " *\n")
    board = Board(rules)
    for ply in replay_record(game, rules).plies:
        board.push(ply)
    offered = {captures for target, _, captures in board.legal_plies() if target == "a7"}
    assert offered == {(point,) for point in ("a1", "a7", "b4", "d2", "d6", "e3", "e5", "f2", "f4", "g4", "g7")}
    assert all(board.is_legal(ply) for ply in board.legal_plies())
