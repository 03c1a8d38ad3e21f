"""Captures without a mill (``intervention_capture``, ``custodian_capture``, ``leap_capture``: Sanmill's
``interventionCapture``, ``custodianCapture``, ``leapCapture``). The expected answers come from
Sanmill v7.4.6's ``src/position.cpp`` (``checkInterventionCapture`` 2639-2775,
``findPairedInterventionTarget`` 2583-2637, ``remove_piece`` 1675-1760) and its move generator
(``generate<REMOVE>``, ``src/movegen.cpp`` 187-214), each record checked with the referee built
against that engine (tests/data/sanmill-variants/referee.cpp): its legal actions are quoted."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from muehle.analyzer.engine.board import DIAGONALS, mask_of, points_of
from muehle.analyzer.engine.capture_kinds import CaptureKind, CaptureKinds
from muehle.analyzer.engine.rules import load_ruleset, parse_ruleset, ruleset_to_yaml
from muehle.analyzer.engine.setup import replay_record
from muehle.notation.reading.parser import parse_game, read_file
from muehle.notation.text.errors import FormatError
from muehle.notation.text.i18n import language

MUL_MULAN = load_ruleset("mul_mulan")


def _errors(movetext: str, rules: object = MUL_MULAN) -> list[tuple[str, str]]:
    result = replay_record(parse_game(movetext), rules)  # type: ignore[arg-type]
    return [(error.code, error.message) for error in result.errors]


# White b4 between Black's a4 and c4 (the line a4-b4-c4 joining the squares) while closing the mill
# b2-b4-b6: the referee lists only xa4 and xc4 (not xf6 or another stone), and after xa4 only xc4.
MILL_AND_LINE = "1. b2 a4 2. b6 c4 3. b4"


def test_intervention_takes_both_ends_of_the_line() -> None:
    assert _errors(MILL_AND_LINE + "xa4xc4") == []
    assert _errors(MILL_AND_LINE + "xc4xa4") == []


def test_with_a_mill_closed_too_only_the_lines_stones_may_be_taken() -> None:
    # Black's d7 would be the mill's capture elsewhere; the engine offers xa4 and xc4 only
    assert _errors("1. b2 a4 2. b6 c4 3. g1 d7 4. b4xd7")[0][0] == "capture-kind-target"
    code, message = _errors("1. b2 a4 2. b6 c4 3. g1 d7 4. b4xd7")[0]
    assert "may not be captured here" in message and "a4 and c4" in message


def test_the_second_capture_is_the_other_end_of_the_same_line() -> None:
    assert _errors("1. b2 a4 2. b6 c4 3. g1 d7 4. b4xa4xd7")[0][0] == "capture-kind-target"
    code, message = _errors(MILL_AND_LINE + "xa4")[0]
    assert code == "capture-kind-missing" and "from c4" in message
    assert _errors(MILL_AND_LINE)[0][0] == "capture-kind-missing"
    code, message = _errors(MILL_AND_LINE + "xa4xc4xb6")[0]  # (one too many, as the core counts first)
    assert code == "extra-capture"


def test_a_third_capture_is_one_too_many() -> None:
    code, message = _errors("1. b2 a4 2. b6 c4 3. g1 d7 4. b4xa4xc4xd7")[0]
    assert code == "extra-capture" and message.endswith("the ply captures 2 stones and no more")


def test_a_point_on_two_lines_takes_the_line_joining_the_squares() -> None:
    # d6 is the middle of d7-d6-d5 and of b6-d6-f6, all four Black: the referee lists xd5, xd7
    opening = "1. a1 d7 2. g4 d5 3. c3 b6 4. e3 f6 5. d6"
    assert _errors(opening + "xd7xd5") == []
    assert _errors(opening + "xb6xf6")[0][0] == "capture-kind-target"
    kinds = CaptureKinds(intervention=CaptureKind(), geometry=DIAGONALS)
    assert points_of(kinds.intervention_pair(mask_of(["d6"]), mask_of(["d7", "d5", "b6", "f6"]), True)) == ["d5", "d7"]
    # without the lines joining the squares, the side of the square counts
    edges = CaptureKinds(intervention=CaptureKind(cross_lines=False), geometry=DIAGONALS)
    assert points_of(edges.intervention_pair(mask_of(["d6"]), mask_of(["d7", "d5", "b6", "f6"]), True)) == ["b6", "f6"]


def test_on_a_diagonal() -> None:
    # White b6 between Black's a7 and c5 on the diagonal a7-b6-c5: the referee lists xc5, xa7
    assert _errors("1. d1 a7 2. d2 c5 3. b6xa7xc5 d7") == []
    assert _errors("1. d1 a7 2. d2 c5 3. b6xa7 d7")[0][0] == "capture-kind-missing"
    # on the standard board there is no diagonal: nothing to capture
    plain = parse_ruleset("base: mul_mulan\nboard: standard\n")
    assert _errors("1. d1 a7 2. d2 c5 3. b6xa7xc5", plain)[0][0] == "extra-capture"


def test_a_stone_in_a_mill_is_taken_only_where_the_rules_allow() -> None:
    # Black a1-a4-a7 is a mill, c4 free; under MayRemoveFromMillsAlways false the referee lists only xc4
    # after White's b4, and Black places next
    guarded = parse_ruleset("base: mul_mulan\ncapture_from_mill: when-all-in-mills\n")
    line = "1. b2 a1 2. b6 a7 3. g1 a4xg1 4. d1 c4 5. b4"
    assert _errors(line + "xc4 c3", guarded) == []
    assert _errors(line + "xa4xc4", guarded)[0][0] == "capture-kind-target"
    assert _errors(line + "xa4xc4 c3") == []  # (mul_mulan: any stone; the referee lists xc4, xa4)


def test_the_sub_options_switch_it_off() -> None:
    no_placing = parse_ruleset("base: mul_mulan\nintervention_capture:\n  placing: false\n")
    # an ordinary mill: one stone, any (the referee, InterventionCaptureInPlacingPhase false: xd7, xc4, xa4)
    assert _errors("1. b2 a4 2. b6 c4 3. g1 d7 4. b4xd7", no_placing) == []
    assert _errors(MILL_AND_LINE + "xa4", no_placing) == []
    assert _errors(MILL_AND_LINE + "xa4xc4", no_placing)[0][0] == "extra-capture"
    off = parse_ruleset("base: mul_mulan\nintervention_capture: false\n")
    assert off.capture_kinds is None and _errors("1. d1 a7 2. d2 c5 3. b6", off) == []
    three = CaptureKind(only_with_three=True)
    assert three.applies(True, mask_of(["a1", "a4", "a7", "d1"])) and not three.applies(
        False, mask_of(["a1", "a4", "a7", "d1"])) and three.applies(False, mask_of(["a1", "a4", "a7"]))


def test_the_field_is_read_and_written_strictly() -> None:
    assert parse_ruleset(ruleset_to_yaml(MUL_MULAN), source="copy.yaml") == MUL_MULAN
    assert parse_ruleset("base: sanmill\nintervention_capture: true\n").intervention_capture == CaptureKind()
    with pytest.raises(FormatError, match=r"x\.yaml:3:3: error: intervention_capture\.sideways: unknown key"):
        parse_ruleset("base: sanmill\nintervention_capture:\n  sideways: true\n", source="x.yaml")
    with pytest.raises(FormatError, match=r"intervention_capture\.placing: must be true or false, not 'yes'"):
        parse_ruleset("base: sanmill\nintervention_capture:\n  placing: 'yes'\n")
    with pytest.raises(FormatError, match=r"leap_capture: must be true, false, null or a mapping"):
        parse_ruleset("base: sanmill\nleap_capture: 3\n")


def test_the_messages_in_german() -> None:
    with language("de"):
        message = _errors(MILL_AND_LINE + "xa4")[0][1]
        assert "ein weiterer Stein muss geschlagen werden, aus c4" in message
        message = _errors("1. b2 a4 2. b6 c4 3. g1 d7 4. b4xd7")[0][1]
        assert "d7 darf hier nicht geschlagen werden" in message


CUSTOM = Path(__file__).resolve().parents[2] / "data" / "sanmill-variants" / "custom"
CUSTOM_VERDICTS: dict[str, Any] = json.loads((CUSTOM / "verdicts.json").read_text(encoding="utf-8"))
#: The custom rule sets of the games in custom/ (make_games.py CUSTOM): the standard game with one kind.
CUSTOM_RULES = {"custodian.pgn": "base: sanmill\nname: custodian\ncustodian_capture: true\n",
                "leap.pgn": "base: sanmill\nname: leap\nleap_capture: true\n"}


@pytest.mark.parametrize("name, expected", [pytest.param(name, entry, id=f"{name}#{entry['game']}")
                                            for name, data in CUSTOM_VERDICTS.items() for entry in data["games"]])
def test_sanmills_custodian_and_leap_games_validate_as_sanmill_judged(name: str, expected: dict[str, Any]) -> None:
    rules = parse_ruleset(CUSTOM_RULES[name], source=name)
    game = list(read_file(CUSTOM / name))[expected["game"] - 1]
    result = replay_record(game, rules)
    assert result.errors == []
    outcome = result.outcome
    assert outcome is not None
    assert (outcome.winner, outcome.reason, outcome.ply) == (expected["winner"], expected["reason"], expected["ply"])


def test_the_custom_games_use_their_kind() -> None:
    """Each file holds games where its kind decides: under the sanmill preset (no kind) they fail."""
    for name, text in CUSTOM_RULES.items():
        assert len(CUSTOM_VERDICTS[name]["games"]) == 20
        failing = [game for game in read_file(CUSTOM / name) if replay_record(game, load_ruleset("sanmill")).errors]
        assert len(failing) >= 10
