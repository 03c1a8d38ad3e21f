"""Black may begin by agreement (Schürmann/Nüscheler 4.1: "Weiß beginnt (üblich; Abweichungen
vor Spielbeginn festzulegen)"): a record says so with ``[FirstMove "black"]``."""

from __future__ import annotations

from muehle.analyzer.engine.setup import replay_record
from muehle.analyzer.reports.verdict import judge
from muehle.notation import parse_game
from runner import run

#: Black places d2, b2 and f2 (the mill b2-d2-f2 at its third ply) and takes a1.
BLACK_FIRST = '[FirstMove "black"]\n\n1... d2 2. a1 2... b2 3. a4 3... f2/xa1 4. g7 *\n'


def test_a_record_where_black_begins_is_numbered_and_replayed_so() -> None:
    r = replay_record(parse_game(BLACK_FIRST, "black.txt"))
    assert r.errors == [] and r.start.to_move == "black"
    assert [(rec.side, rec.label) for rec in r.records] == [
        ("black", "1... d2"), ("white", "2. a1"), ("black", "2... b2"), ("white", "3. a4"),
        ("black", "3... f2/xa1"), ("white", "4. g7")]
    assert r.records[4].mills == [("b2", "d2", "f2")]
    after = r.records[-1].after
    assert (after.in_hand_white, after.in_hand_black, after.to_move) == (6, 6, "black")


def test_without_the_tag_the_first_ply_is_whites() -> None:
    report = judge(parse_game(BLACK_FIRST.split("\n", 2)[2], "white.txt"))
    assert [error.code for error in report.errors] == ["numbering"]


def test_white_is_the_usual_first_mover_and_may_be_named() -> None:
    r = replay_record(parse_game('[FirstMove "White"]\n\n1. d2 d6 *\n', "white.txt"))
    assert r.errors == [] and r.records[0].side == "white"


def test_another_first_mover_is_a_setup_error_at_the_tag() -> None:
    text = '[Event "x"]\n[FirstMove "red"]\n\n1. d2 *\n'
    report = judge(parse_game(text, "red.txt"))
    assert [(e.code, e.line, e.column) for e in report.errors] == [("setup", 2, 13)]
    assert report.errors[0].message == 'the FirstMove tag must be "white" or "black", not "red"'
    result = run("validate", "-", input=text)
    assert result.exit_code == 1
    assert '<stdin>:2:13: error: game 1: the FirstMove tag must be "white" or "black", not "red" [setup]' in result.output
