"""Claim verdicts of ``muehle.analyzer.reports.claims`` on hand-built records.

A claim "at ply N" is judged on the position after ply N (WMD 11.2, 11.3, 11.5 in
``shared/seeds/000_ed81c6983a0f69c1.txt``). The records are ``examples/analyze-*.txt``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import pytest

from muehle.analyzer.engine.board import Position, mask_of
from muehle.analyzer.engine.replay import Replay, replay
from muehle.analyzer.engine.setup import replay_record
from muehle.analyzer.reports.claims import ClaimError, ClaimVerdict, judge_claim
from muehle.notation.reading.parser import read_file
from muehle.notation.record.model import Game, Ply
from paths import ROOT

EXAMPLES = ROOT / "examples"


def replayed(name: str, rules: Optional[str] = None, number: int = 1) -> Replay:
    return replay_record(list(read_file(EXAMPLES / name))[number - 1], rules)


def claim(name: str, ply: int, rule: str, by: str = "white", rules: Optional[str] = None,
          number: int = 1) -> ClaimVerdict:
    return judge_claim(replayed(name, rules, number), ply, by, rule)  # type: ignore[arg-type]


def assert_invalid(reason: str, name: str, ply: int, rule: str, **options: Any) -> None:
    """The claim (as :func:`claim` takes it) is invalid, and ``reason`` says why."""
    verdict = claim(name, ply, rule, **options)
    assert not verdict.valid
    assert verdict.reason == reason


# --- threefold repetition (11.2) ----------------------------------------------------------


def test_repetition_claim_on_the_third_occurrence_is_valid() -> None:
    """The position after ply 18 stands again after 22 and 26 (a four-ply shuffle)."""
    verdict = claim("analyze-repetition.txt", 26, "repetition", by="black")
    assert verdict.valid
    assert verdict.proof == {"occurrences": [18, 22, 26], "count": 3, "required": 3}
    assert verdict.reason == ("the position after 13... c5-d5 occurred 3 times: "
                              "after 9... (ply 18), 11... (ply 22) and 13... (ply 26)")


def test_repetition_claim_on_the_second_occurrence_is_invalid() -> None:
    """After ply 25 (13. b2-d2) the position of ply 21 stands for the second time only."""
    assert_invalid("the position after 13. b2-d2 occurred twice, not three times: "
                   "after 11. (ply 21) and 13. (ply 25)", "analyze-repetition.txt", 25, "repetition")


def test_repetition_claim_on_a_new_position_is_invalid() -> None:
    """Ply 20 (10... d5-c5) makes a position that has not stood before."""
    verdict = claim("analyze-repetition.txt", 20, "repetition")
    assert not verdict.valid and verdict.proof["occurrences"] == [20]
    assert "occurred once, not three times" in verdict.reason


@pytest.mark.parametrize("example, ply, rule, preset, without, reason", [
    ("analyze-repetition.txt", 26, "repetition", "wmd", "repetition: 'off'",
     "the rules without have no threefold repetition rule"),
    ("analyze-no-capture.txt", 106, "no-capture", "schuermann", "no_capture: null",
     "the rules without have no draw rule for plies without a capture"),
])
def test_a_claim_under_rules_without_its_draw(tmp_path: Path, example: str, ply: int, rule: str, preset: str,
                                              without: str, reason: str) -> None:
    """A ruleset without the draw claimed (``repetition: off``, ``no_capture: null``): the claim
    is invalid, saying so, where the preset it is made from grants it."""
    path = tmp_path / "without.yaml"
    path.write_text(f"base: {preset}\nname: without\n{without}\n", encoding="utf-8")
    assert claim(example, ply, rule, rules=preset).valid
    verdict = claim(example, ply, rule, rules=str(path))
    assert (verdict.valid, verdict.reason) == (False, reason)


# --- 30 moves without a capture (11.3) ----------------------------------------------------


def test_one_ply_is_one_ply() -> None:
    """The last capture is ply 5 (3. ...): after ply 6 one ply was played without one."""
    verdict = claim("analyze-no-capture.txt", 6, "no-capture")
    assert not verdict.valid and verdict.proof["plies"] == 1
    assert verdict.reason.startswith("only 1 ply without a capture since 3. (ply 5); the rules wmd need 60")


def test_thirty_move_claim_one_ply_too_early() -> None:
    """The last capture is ply 5; after ply 64 only 59 plies were played without one, and WMD
    11.3 needs 30 moves by each side, 60 plies: the right exists after ply 65 (33.)."""
    verdict = claim("analyze-no-capture.txt", 64, "no-capture")
    assert not verdict.valid
    assert verdict.proof == {"plies": 59, "limit": 60, "reset": "capture", "whole_moves": False,
                             "since": 5, "before_start": 0,
                             "exact": True}
    assert verdict.reason == ("only 59 plies without a capture since 3. (ply 5); the rules wmd need 60, "
                              "so the right exists after 33. (ply 65) at the earliest")


def test_thirty_move_claim_exactly_on_time() -> None:
    """After ply 65, plies 6 to 65 are 60 plies without a capture."""
    verdict = claim("analyze-no-capture.txt", 65, "no-capture", by="black")
    assert verdict.valid
    assert verdict.proof == {"plies": 60, "limit": 60, "reset": "capture", "whole_moves": False,
                             "since": 5, "before_start": 0,
                             "exact": True}
    assert verdict.text() == (
        "valid: Black claims a draw by the no-capture rule after 33. d5-c5 (ply 65)\n"
        "60 plies without a capture since 3. (ply 5); the rules wmd need 60\n"
        'WMD 11.3: "wenn ein Spieler nachweisen kann, dass 30 Züge von beiden Seiten gespielt wurden, '
        'ohne dass ein Stein geschlagen wurde"\n')


def test_fifty_full_moves_without_a_mill_under_brettspielnetz() -> None:
    """Brettspielnetz: "50 Vollzüge ... wenn beispielsweise der erste Zug die Zugnummer 41 hatte,
    ist das Spiel erst ab dem 91. Zug remis". The last mill is White's 3. a7/xd6 (ply 5), so
    the whole moves without a mill are 4. to 53...: after 53. d5-c5 (ply 105, 100 plies) the
    claim is still early, after 53... e3-d3 (ply 106) it is right."""
    before = claim("analyze-no-capture.txt", 104, "no-capture", rules="brettspielnetz")
    early = claim("analyze-no-capture.txt", 105, "no-capture", rules="brettspielnetz", by="black")
    on_time = claim("analyze-no-capture.txt", 106, "no-capture", rules="brettspielnetz")
    assert (before.valid, before.proof["plies"]) == (False, 99)
    assert (early.valid, early.proof["plies"]) == (False, 100)
    assert (on_time.valid, on_time.proof["plies"]) == (True, 101)
    need = "the rules brettspielnetz need 100 in whole moves (the right comes with Black's ply)"
    assert before.reason == (f"only 99 plies without a mill closed since 3. (ply 5); {need}, so the right "
                             "exists after 53... (ply 106) at the earliest")
    assert early.reason == (f"100 plies without a mill closed since 3. (ply 5), the last of them White's; "
                            f"{need}, so the right exists after 53... (ply 106) at the earliest")
    assert on_time.reason == f"101 plies without a mill closed since 3. (ply 5); {need}"


def test_the_schuermann_rules_take_the_no_mill_draw_of_the_general_description() -> None:
    """003: "Nach 50 aufeinanderfolgenden Zügen keine Mühle geschlossen", in whole moves as under
    brettspielnetz (the book itself names no draw rule): after White's mill at ply 5, the
    right comes with Black's 53... (ply 106), 101 plies later."""
    early = claim("analyze-no-capture.txt", 105, "no-capture", rules="schuermann")
    on_time = claim("analyze-no-capture.txt", 106, "no-capture", rules="schuermann")
    assert (early.valid, early.proof["plies"]) == (False, 100)
    assert (on_time.valid, on_time.proof["plies"]) == (True, 101)


# --- records set up from a position: the count before it (the FEN's field 16) ----------------
# examples/setup-no-progress.txt: White a1 g7 b4 f4 d3, Black a7 g1 c4 e4 d5, White to move at 70;
# game 1 (sanmill) after 96 plies without a placement or capture, game 2 (wmd) after 50.


def test_sanmill_count_goes_on_from_the_fen_exactly() -> None:
    """Sanmill resets on a placement or capture, which is what field 16 counts: 96 + 3 = 99, under
    a ruleset that reads field 16 (examples/sanmill-field-16.yaml; Sanmill's engine itself starts at 0)."""
    verdict = claim("setup-no-progress.txt", 3, "no-capture", rules=str(EXAMPLES / "sanmill-field-16.yaml"))
    assert not verdict.valid
    assert verdict.proof == {"plies": 99, "limit": 100, "reset": "placement-or-capture", "whole_moves": False,
                             "since": 0,
                             "before_start": 96, "exact": True}
    assert verdict.reason == (
        "only 99 plies without a placement or capture: 3 since the set-up position and 96 before it "
        "(its FEN's count); the rules sanmill-field-16 need 100, so the right exists after 71... (ply 4) at the "
        "earliest")
    under_sanmill = claim("setup-no-progress.txt", 3, "no-capture")
    assert (under_sanmill.valid, under_sanmill.proof["plies"], under_sanmill.proof["before_start"]) == (False, 3, 0)


def test_wmd_count_from_the_fen_is_a_lower_bound_that_can_prove_a_claim() -> None:
    """WMD resets on a capture only. The last placement or capture was 50 plies before the set-up,
    so at least 50 plies had no capture: after ply 10 at least 60, the limit (11.3)."""
    verdict = claim("setup-no-progress.txt", 10, "no-capture", number=2)
    assert verdict.valid
    assert verdict.proof == {"plies": 60, "limit": 60, "reset": "capture", "whole_moves": False,
                             "since": 0, "before_start": 50,
                             "exact": False}
    assert verdict.reason == (
        "at least 60 plies without a capture: 10 since the set-up position and at least 50 before it "
        "(its FEN counts the plies since the last placement or capture); the rules wmd need 60")


def test_wmd_claim_the_record_cannot_prove_yet() -> None:
    verdict = claim("setup-no-progress.txt", 9, "no-capture", by="black", number=2)
    assert not verdict.valid and verdict.proof["plies"] == 59 and not verdict.proof["exact"]
    assert verdict.reason.startswith("the record shows at least 59 plies without a capture: 9 since")
    assert verdict.reason.endswith("so the record can show the right after 74... (ply 10) at the earliest, "
                                   "though it may exist already")


def test_a_claim_at_the_start_of_a_set_up_record() -> None:
    """With 64 plies since the last placement or capture, WMD's 60 without a capture are shown
    before the first ply."""
    from muehle.analyzer.reports.claims import judge_claim

    game = list(read_file(EXAMPLES / "setup-no-progress.txt"))[1]
    assert game.tags["FEN"].endswith(" 50 70")  # (the example's count, raised to 64 here)
    game.tags["FEN"] = game.tags["FEN"].replace(" 50 70", " 64 70")
    verdict = judge_claim(replay_record(game), 0, "black", "no-capture")
    assert verdict.valid and verdict.proof["before_start"] == 64 and not verdict.proof["exact"]
    assert verdict.text().startswith("valid: Black claims a draw by the no-capture rule at the start (ply 0)\n"
                                     "at least 64 plies without a capture: 0 since the set-up position")


def test_a_count_of_mills_is_not_in_the_fen() -> None:
    """Brettspielnetz counts plies since a mill closed, which field 16 does not bound: the count
    starts at 0 at the set-up position, as a lower bound."""
    verdict = claim("setup-no-progress.txt", 10, "no-capture", rules="brettspielnetz", number=2)
    assert not verdict.valid
    assert verdict.proof == {"plies": 10, "limit": 100, "reset": "mill", "whole_moves": True,
                             "since": 0, "before_start": 0,
                             "exact": False}
    assert "10 since the set-up position (its FEN does not count the plies without a mill closed before it)" \
        in verdict.reason


# --- mandatory acceptance (11.5) ----------------------------------------------------------


def test_mandatory_draw_claim_with_six_against_five() -> None:
    """After 30. d7-a7/xb6 White has 6 stones, Black 5: an offer by White binds (11.5.2)."""
    verdict = claim("analyze-mandatory-draw.txt", 1, "mandatory-draw", by="white")
    assert verdict.valid
    assert verdict.proof == {"stones": {"white": 6, "black": 5}, "clause": "11.5.2", "offer_marked": True}
    assert verdict.reason == ("Black must accept: White has 6 stones and Black 5 (on the board and in hand), "
                              "WMD 11.5.2")


def test_mandatory_draw_claim_by_the_side_with_five_against_six() -> None:
    """The same position, offered by Black (5 against 6): no clause applies."""
    verdict = claim("analyze-mandatory-draw.txt", 1, "mandatory-draw", by="black")
    assert not verdict.valid
    assert verdict.proof["clause"] is None and verdict.proof["offer_marked"] is False
    assert verdict.reason.startswith("White need not accept: Black has 5 stones and White 6")


def test_mandatory_draw_claim_with_three_against_four() -> None:
    """After 34... f4-e4 (=) Black has 3 stones and White 4: Black's offer binds (11.5.3)."""
    verdict = claim("analyze-mandatory-draw.txt", 10, "mandatory-draw", by="black")
    assert verdict.valid and verdict.proof["clause"] == "11.5.3"


def test_mandatory_draw_claim_under_rules_without_it() -> None:
    assert_invalid("the rules sanmill have no mandatory acceptance of draw offers",
                   "analyze-mandatory-draw.txt", 1, "mandatory-draw", rules="sanmill")


# --- claims that cannot be judged, or come too late ----------------------------------------


def test_claim_after_the_game_was_decided() -> None:
    """Ply 29 of the Zwickmühle game leaves Black with two stones: the game is over."""
    assert_invalid("the game was already decided after 15.: White won, Black has fewer than three stones",
                   "analyze-zwickmuehle.txt", 29, "repetition")


def test_claim_beyond_the_end_of_the_record() -> None:
    with pytest.raises(ClaimError, match="there is no ply 27: the game has 26 plies"):
        claim("analyze-repetition.txt", 27, "repetition")


def test_claim_at_or_after_an_illegal_ply() -> None:
    """Ply 21 of analyze-illegal.txt is illegal; plies 21 and 22 cannot be judged."""
    for ply in (21, 22):
        with pytest.raises(ClaimError) as caught:
            claim("analyze-illegal.txt", ply, "repetition")
        error = caught.value
        assert error.message.startswith(f"ply {ply} is not reached legally: 11. b2-b6: ")
        assert error.message.endswith("a claim can be judged only up to ply 20")
        assert (error.line, error.column) == (10, 30)


def test_claim_before_the_first_ply() -> None:
    with pytest.raises(ClaimError, match="plies count from 1"):
        claim("analyze-repetition.txt", -1, "repetition")


def test_claims_at_the_start() -> None:
    """After ply 0: the start position has stood once, and the usual start has no count."""
    verdict = claim("analyze-repetition.txt", 0, "repetition")
    assert not verdict.valid and verdict.proof["occurrences"] == [0]
    assert verdict.text() == ("invalid: White claims a draw by threefold repetition at the start (ply 0)\n"
                              "the start position occurred once, not three times: at the start\n"
                              'WMD 11.2: "wenn ein Spieler eine dreimalige Zugswiederholung nachweisen kann"\n')
    assert verdict.to_dict()["move"] is None
    verdict = claim("analyze-no-capture.txt", 0, "no-capture")
    assert not verdict.valid and verdict.proof["plies"] == 0


def test_verdict_as_data() -> None:
    data = claim("analyze-repetition.txt", 26, "repetition").to_dict()
    assert data == {"rule": "repetition", "by": "white", "ply": 26, "move": "13... c5-d5",
                    "verdict": "valid", "valid": True, "reason": data["reason"],
                    "proof": {"occurrences": [18, 22, 26], "count": 3, "required": 3},
                    "cites": {"section": "WMD 11.2",
                              "text": "wenn ein Spieler eine dreimalige Zugswiederholung nachweisen kann"}}


def test_each_verdict_cites_the_rules_text_of_its_ruleset() -> None:
    """The words of the text each preset follows: WMD 11.5 for an offer that must be accepted;
    none for a repetition under sanmill (its engine's repetition, among positions reached by moves
    since the last placement or removal, is narrower than the general description's "3 Mal dieselbe
    Stellung"); for a claim after the game was decided, the rule that decided it (the blocked win of
    game 15 of illegal-moves.txt, WMD 10.2)."""
    verdict = claim("analyze-mandatory-draw.txt", 1, "mandatory-draw")
    assert verdict.cites == ("WMD 11.5", "Ein Remis-Angebot muss vom Gegner zwingend angenommen werden")
    sanmill = judge_claim(replay_record(next(read_file(EXAMPLES / "analyze-repetition.txt")), rules="sanmill"),
                          26, "white", "repetition")
    assert sanmill.cites is None
    game = list(read_file(EXAMPLES / "illegal-moves.txt"))[14]
    decided = judge_claim(replay_record(game), 18, "black", "repetition")
    assert not decided.valid and "already decided" in decided.reason
    assert decided.cites == ("WMD 10.2", "wenn er keinen Zug mehr ausführen kann, er also eingeschlossen ist")


def test_a_right_that_would_come_after_the_end_says_so() -> None:
    """Game 15 of illegal-moves.txt: 17 plies without a capture, and the board decides the game
    after ply 18 (White blocked), long before the 60th ply of WMD 11.3."""
    game = list(read_file(EXAMPLES / "illegal-moves.txt"))[14]
    verdict = judge_claim(replay_record(game), 17, "black", "no-capture")
    assert verdict.reason.endswith("(ply 60) at the earliest; but the board decides the game after 9... (ply 18), "
                                   "before that")


def test_the_records_a_replay_hands_out_cannot_be_changed() -> None:
    """Walking the game backwards must not turn ply 26 into ply 1 for later questions."""
    replay = replayed("analyze-repetition.txt")
    records = replay.records
    assert records is replay.records and len(records) == 26  # (built once)
    with pytest.raises(AttributeError):
        records.reverse()  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        records[0] = records[25]  # type: ignore[index]
    assert replay.record_at(26).label == "13... c5-d5"
    assert judge_claim(replay, 26, "white", "repetition").valid


@pytest.mark.parametrize("ply, by, rule, error, says", [
    (26, "White", "repetition", ValueError, "by must be 'white' or 'black', not 'White'"),
    (1, "b", "mandatory-draw", ValueError, "by must be 'white' or 'black', not 'b'"),
    (26, "white", "threefold", ValueError,
     "unknown claim rule 'threefold' (the rules: repetition, no-capture, mandatory-draw)"),
    ("26", "white", "repetition", TypeError, "ply must be a whole number (int), not str"),
    (26.0, "white", "repetition", TypeError, "ply must be a whole number (int), not float"),
    (True, "white", "repetition", TypeError, "ply must be a whole number (int), not bool"),
])
def test_the_arguments_are_checked_at_the_call(ply: object, by: str, rule: str, error: type, says: str) -> None:
    with pytest.raises(error) as caught:
        judge_claim(replayed("analyze-repetition.txt"), ply, by, rule)  # type: ignore[arg-type]
    assert str(caught.value) == says


def test_an_unknown_rule_and_an_unreadable_record() -> None:
    from muehle.analyzer.reports.claims import judge_claim
    from muehle.notation.reading.parser import read_games

    with pytest.raises(ValueError, match="unknown claim rule 'stalemate'"):
        judge_claim(replayed("analyze-repetition.txt"), 1, "white", "stalemate")
    broken = replay_record(next(read_games("1. d2 b1 *\n", "broken.txt")))
    for ply in (0, 1):
        with pytest.raises(ClaimError, match="the record cannot be read, so no claim can be judged"):
            judge_claim(broken, ply, "white", "repetition")


# --- claims that go with the claimant's next ply (Brettspielnetz) ----------------------------

_SHUFFLE_START = Position(mask_of("a1 b4 c4 d3 f2".split()), mask_of("g7 e4 e5 d6 f6".split()), 0, 0, "white")
_SHUFFLE = [Ply(30, "white", "d1", "a1"), Ply(30, "black", "g4", "g7"), Ply(31, "white", "a1", "d1"),
            Ply(31, "black", "g7", "g4")]


def _shuffled(rules: str) -> Replay:
    """The start stands again after plies 4 and 8 (its third time, Black's g4-g7); White's ninth
    ply d3-d2 (no mill: b2, d1 free) leaves it."""
    plies = [Ply(p.number + 2 * round_, p.side, p.target, p.origin) for round_ in (0, 1) for p in _SHUFFLE]
    plies.append(Ply(34, "white", "d2", "d3"))
    return replay(Game(plies=plies), rules, start=_SHUFFLE_START)


def test_brettspielnetz_takes_a_claim_with_the_claimants_next_ply() -> None:
    """Brettspielnetz: "schickt eurem Mitspieler mit dem nächsten Zug ein Remis-Angebot": White,
    finding the start position for the third time after 33... g4-g7 (ply 8), claims with its
    next ply 34. d3-d2 (ply 9)."""
    verdict = judge_claim(_shuffled("brettspielnetz"), 9, "white", "repetition")
    assert verdict.valid
    assert verdict.reason == ("claimed with White's next ply, 34. d3-d2, as the rules brettspielnetz have it: "
                              "the position after 33... g4-g7 occurred 3 times: at the start, after "
                              "31... (ply 4) and 33... (ply 8)")
    assert verdict.proof["occurrences"] == [0, 4, 8]


def test_a_claim_with_the_next_ply_needs_the_claimants_own_ply_and_the_ruleset() -> None:
    """Ply 9 is White's: Black cannot claim with it; under wmd a claim is judged on the position
    after the ply named, which stood once."""
    assert not judge_claim(_shuffled("brettspielnetz"), 9, "black", "repetition").valid
    wmd = judge_claim(_shuffled("wmd"), 9, "white", "repetition")
    assert not wmd.valid and wmd.reason.startswith("the position after 34. d3-d2 occurred once")
