"""``muehle claim``: the verdict as the exit status, text and JSON, and the errors a user can cause."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from paths import ROOT
from runner import run

EXAMPLES = ROOT / "examples"
REPETITION = str(EXAMPLES / "analyze-repetition.txt")
NO_CAPTURE = str(EXAMPLES / "analyze-no-capture.txt")


def test_valid_claim_exits_0() -> None:
    """The third occurrence of the position after ply 18 comes with ply 26."""
    result = run("claim", REPETITION, "--ply", "26", "--by", "white", "--rule", "repetition")
    assert result.exit_code == 0
    assert result.stdout == (
        "valid: White claims a draw by threefold repetition after 13... c5-d5 (ply 26)\n"
        "the position after 13... c5-d5 occurred 3 times: after 9... (ply 18), 11... (ply 22) "
        "and 13... (ply 26)\n"
        'WMD 11.2: "wenn ein Spieler eine dreimalige Zugswiederholung nachweisen kann"\n')


def test_a_claim_after_a_move_of_the_score_sheet() -> None:
    """13... c5-d5 is ply 26 (13 moves of two plies), 13. b2-d2 ply 25: as with --ply 26 and 25."""
    by_move = run("claim", REPETITION, "--move", "13", "--side", "black", "--by", "white", "--rule", "repetition")
    by_ply = run("claim", REPETITION, "--ply", "26", "--by", "white", "--rule", "repetition")
    assert by_move.exit_code == 0 and by_move.stdout == by_ply.stdout
    white = run("claim", REPETITION, "--move", "13", "--by", "white", "--rule", "repetition")
    assert white.exit_code == 1
    assert white.stdout.startswith("invalid: White claims a draw by threefold repetition after 13. b2-d2 (ply 25)")
    beyond = run("claim", REPETITION, "--move", "14", "--by", "white", "--rule", "repetition")
    assert beyond.exit_code == 1
    assert "there is no move 14 of White: the record ends with 13... c5-d5 (ply 26)" in beyond.stderr


@pytest.mark.parametrize("args, message", [
    ([], "give the ply of the claim: --ply N, or --move N [--side white|black]"),
    (["--ply", "3", "--move", "2"], "give either --ply or --move (with --side), not both"),
    (["--ply", "3", "--side", "black"], "--side goes with --move"),
])
def test_the_ply_of_a_claim_is_given_once(args: list[str], message: str) -> None:
    result = run("claim", REPETITION, *args, "--by", "white", "--rule", "repetition")
    assert result.exit_code == 2 and message in result.output


def test_invalid_claim_exits_1() -> None:
    """One ply too early for WMD 11.3: 59 plies without a capture after ply 64."""
    result = run("claim", NO_CAPTURE, "--ply", "64", "--by", "black", "--rule", "no-capture")
    assert result.exit_code == 1
    assert result.stdout.startswith("invalid: Black claims a draw by the no-capture rule after 32... d3-e3 (ply 64)")
    assert "only 59 plies without a capture" in result.stdout


def test_json_verdict() -> None:
    result = run("claim", NO_CAPTURE, "--ply", "65", "--by", "white", "--rule", "no-capture", "--format", "json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data == {
        "source": NO_CAPTURE, "game": 1, "rules": "wmd", "rule": "no-capture", "by": "white", "ply": 65,
        "move": "33. d5-c5", "verdict": "valid", "valid": True, "reason": data["reason"],
        "proof": {"plies": 60, "limit": 60, "reset": "capture", "whole_moves": False, "since": 5, "before_start": 0,
                  "exact": True},
        "cites": {"section": "WMD 11.3", "text": "wenn ein Spieler nachweisen kann, dass 30 Züge von beiden Seiten "
                                                 "gespielt wurden, ohne dass ein Stein geschlagen wurde"},
    }


def test_json_invalid_verdict_exits_1() -> None:
    result = run("claim", NO_CAPTURE, "--ply", "65", "--by", "white", "--rule", "no-capture", "--rules", "schuermann",
                 "--format", "json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["verdict"] == "invalid"


def test_game_option_selects_the_game() -> None:
    """Game 2 of analyze-endings.txt has 3 plies: its first ply makes no repetition."""
    name = str(EXAMPLES / "analyze-endings.txt")
    result = run("claim", name, "--game", "2", "--ply", "1", "--by", "black", "--rule", "repetition")
    assert result.exit_code == 1
    assert "after 7. e3/xb2" in result.stdout


def test_ply_beyond_the_end() -> None:
    result = run("claim", REPETITION, "--ply", "27", "--by", "white", "--rule", "repetition")
    assert result.exit_code == 1
    assert result.stderr.strip() == f"{REPETITION}:1: error: there is no ply 27: the game has 26 plies"
    assert result.stdout == ""


def test_ply_at_an_illegal_ply_is_located() -> None:
    name = str(EXAMPLES / "analyze-illegal.txt")
    result = run("claim", name, "--ply", "21", "--by", "white", "--rule", "repetition")
    assert result.exit_code == 1
    first, text, caret = result.stderr.splitlines()
    assert first.startswith(f"{name}:10:30: error: ply 21 is not reached legally: 11. b2-b6")
    assert text.strip().startswith("9. c3 e5 10. d2-b2")
    assert caret.index("^") == text.index("b2-b6")


def test_a_negative_ply_is_a_usage_error() -> None:
    assert run("claim", REPETITION, "--ply", "-1", "--by", "white", "--rule", "repetition").exit_code == 2


def test_bad_game_index() -> None:
    result = run("claim", REPETITION, "--game", "2", "--ply", "1", "--by", "white", "--rule", "repetition")
    assert result.exit_code == 1
    assert result.stderr.strip() == f"{REPETITION}: error: there is no game 2: the input has 1 game"
    assert run("claim", REPETITION, "--game", "0", "--ply", "1", "--by", "white", "--rule", "repetition").exit_code == 2


def test_missing_file() -> None:
    result = run("claim", "no-such-file.txt", "--ply", "1", "--by", "white", "--rule", "repetition")
    assert result.exit_code == 1
    assert result.stderr.startswith("no-such-file.txt: error: cannot read")


def test_bad_rule_name_is_a_usage_error() -> None:
    result = run("claim", REPETITION, "--ply", "26", "--by", "white", "--rule", "fifty-moves")
    assert result.exit_code == 2
    assert "fifty-moves" in result.stderr


def test_missing_side_is_a_usage_error() -> None:
    assert run("claim", REPETITION, "--ply", "26", "--rule", "repetition").exit_code == 2


def test_bad_ruleset_name() -> None:
    result = run("claim", REPETITION, "--ply", "26", "--by", "white", "--rule", "repetition", "--rules", "go")
    assert result.exit_code == 2  # a usage error, as in every command
    assert "'go' is neither a preset" in result.stderr


def test_record_with_a_syntax_error(tmp_path: Path) -> None:
    record = tmp_path / "bad.txt"
    record.write_text("1. a1 d6 2. b1 *\n", encoding="utf-8")
    result = run("claim", str(record), "--ply", "1", "--by", "white", "--rule", "repetition")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{record}:1:13: error: ")


def test_errors_on_a_game_read_from_json_name_the_game(tmp_path: Path) -> None:
    """A JSON record has no lines for its moves: an error names the file and the game, also one
    of its Rules tag (game 16 of examples/illegal-moves.txt names 'fide')."""
    record = tmp_path / "im.json"
    converted = run("convert", str(EXAMPLES / "illegal-moves.txt"), "--to", "json")
    record.write_text(converted.stdout, encoding="utf-8")
    result = run("claim", str(record), "--game", "4", "--ply", "25", "--by", "white", "--rule", "repetition")
    assert (result.exit_code, result.stderr) == (1, f"{record}, game 4: error: there is no ply 25: the game has 21 plies\n")
    result = run("claim", str(record), "--game", "16", "--ply", "1", "--by", "white", "--rule", "repetition")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{record}, game 16: error: the Rules tag names 'fide', which is not a ruleset")
