"""Hints that say what was meant: a move number that goes back or repeats says which comes next,
a ply numbered as the one after it says a ply may be missing, and claim's --rule and --rules point
to each other and to the rule a count names."""

from __future__ import annotations

from pathlib import Path

import pytest

from paths import ROOT
from runner import run

REPETITION = str(ROOT / "examples" / "analyze-repetition.txt")
CLAIM = ["claim", REPETITION, "--ply", "26", "--by", "white"]


def _record(tmp_path: Path, text: str) -> str:
    path = tmp_path / "game.txt"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(("text", "said"), [
    # after 2... (Black's 2nd ply) comes White's 3rd move
    ("1. d1 d7\n2. a1 b2 2. g1 g7\n", "2:10: error: game 1: move number 2 repeats: after 2... the next move is 3. [syntax]"),
    ("1. d1 d7\n2. a1 b2 1. g1 g7\n", "2:10: error: game 1: move number 1 goes back: after 2... the next move is 3. [syntax]"),
    # after White's 5. comes Black's reply 5...
    ("5. b4 3. d6\n", "1:7: error: game 1: move number 3 goes back: after 5. the next move is 5... [syntax]"),
])
def test_a_misnumbered_move_says_which_comes_next(tmp_path: Path, text: str, said: str) -> None:
    path = _record(tmp_path, text)
    result = run("validate", path)
    assert result.exit_code == 1
    assert f"{path}:{said}" in result.output, result.output


@pytest.mark.parametrize(("text", "said"), [
    # Black's reply to 2. a1 not written: 3. g1 stands at ply 4, Black's move 2
    ("1. d1 d7\n2. a1 3. g1 g7\n", "2:10: error: game 1: 3. g1: ply 4 is Black's, but the record gives it to White; "
                                    "a ply may be missing before it: Black's move 2 is not written [numbering]"),
    # White's 3rd move not written: 3... g1 stands at ply 5, White's move 3
    ("1. d1 d7\n2. a1 b2\n3... g1\n", "3:6: error: game 1: 3... g1: ply 5 is White's, but the record gives it to Black; "
                                      "a ply may be missing before it: White's move 3 is not written [numbering]"),
])
def test_a_dropped_ply_is_hinted(tmp_path: Path, text: str, said: str) -> None:
    path = _record(tmp_path, text)
    result = run("validate", path)
    assert result.exit_code == 1
    assert f"{path}:{said}" in result.output, result.output


def test_a_wrong_side_that_is_no_dropped_ply_gets_no_such_hint(tmp_path: Path) -> None:
    # 2... written where White's 2. is due: numbered as the ply after it? No: that would be 2... only
    # after White's 2.; here the record says Black's move 1 again, two plies back
    path = _record(tmp_path, "1. d1 d7\n2. a1 b2\n3. c3 2... g1\n")
    output = run("validate", path).output
    assert "may be missing" not in output


def test_the_hint_in_german(tmp_path: Path) -> None:
    path = _record(tmp_path, "1. d1 d7\n2. a1 3. g1 g7\n")
    output = run("--lang", "de", "validate", path).output
    assert "davor fehlt vielleicht ein Halbzug: der 2. Zug von Schwarz ist nicht geschrieben [numbering]" in output


@pytest.mark.parametrize(("value", "said"), [
    ("30-move", "Did you mean 'no-capture'? (no-capture is the 30-move rule of the WMD, the 50-move rule elsewhere)"),
    ("50-move", "Did you mean 'no-capture'?"),
    ("repetiton", "Did you mean 'repetition'?"),
    ("mandatory", "Did you mean 'mandatory-draw'?"),
])
def test_claim_rule_suggests_the_rule_meant(value: str, said: str) -> None:
    result = run(*CLAIM, "--rule", value)
    assert (result.exit_code, result.stdout) == (2, "")
    assert f"Invalid value for '--rule': '{value}' is not one of 'repetition', 'no-capture', 'mandatory-draw'. " \
        f"{said}" in result.stderr, result.stderr


def test_claim_rule_suggests_nothing_for_what_is_no_rule() -> None:
    result = run(*CLAIM, "--rule", "xyz")
    assert result.exit_code == 2
    assert "Did you mean" not in result.stderr


def test_a_claim_s_rule_given_to_rules_points_to_rule() -> None:
    result = run(*CLAIM, "--rules", "repetition")
    assert result.exit_code == 2
    assert "(a claim's rule is given with --rule: --rule repetition)" in result.stderr
    assert "--rule no-capture)" in run(*CLAIM, "--rules", "30-move").stderr


def test_a_mistyped_option_name_gets_click_s_did_you_mean() -> None:
    result = run(*CLAIM, "--rulez", "repetition")
    assert result.exit_code == 2
    assert "No such option '--rulez'. (Did you mean one of: '--rule', '--rules'?)" in result.stderr


def test_claim_s_help_says_no_capture_is_the_30_move_rule() -> None:
    help_text = " ".join(run("claim", "--help").output.split())
    assert "no-capture (the 30-move rule of WMD 11.3: 30 moves without a capture; the 50-move rule elsewhere)" \
        in help_text
    german = " ".join(run("--lang", "de", "claim", "--help").output.split())
    assert "no-capture (die 30-Züge-Regel der WMD 11.3" in german
