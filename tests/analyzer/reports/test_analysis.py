"""The timeline and summary of ``muehle.analyzer.reports.analysis`` on hand-built records.

Every expected value below was worked out by hand from the record and the rules
texts (``shared/seeds/000_ed81c6983a0f69c1.txt`` for WMD); the docstrings say how.
The records are the ``examples/analyze-*.txt`` files, whose comments describe them.
"""

from __future__ import annotations

from typing import Any, Optional

import pytest

from muehle.analyzer.engine.board import Position, mask_of
from muehle.analyzer.engine.replay import replay
from muehle.analyzer.engine.rules import load_ruleset, parse_ruleset
from muehle.analyzer.engine.setup import replay_record
from muehle.analyzer.play.generate import generate_games
from muehle.analyzer.reports.analysis import EVENT_TYPES, Analysis, PlyNames, analyze
from muehle.analyzer.reports.analysis_text import render_text
from muehle.notation.reading.parser import parse_game, read_file
from muehle.notation.record.model import Game, Ply
from paths import ROOT

EXAMPLES = ROOT / "examples"


def example(name: str, number: int = 1) -> Game:
    return list(read_file(EXAMPLES / name))[number - 1]


def analysis_of(name: str, number: int = 1, rules: Optional[str] = None) -> Analysis:
    return analyze(replay_record(example(name, number), rules))


def events(analysis: Analysis, kind: str) -> list[dict[str, Any]]:
    return [event.to_dict() for event in analysis.events if event.type == kind]


# --- repetition (WMD 11.2) -------------------------------------------------------------


def test_repetition_after_a_four_ply_shuffle() -> None:
    """White shuttles d2-b2-d2, Black d5-c5-d5 from ply 19 on, and nothing else changes.

    The cycle takes four plies, so the position after ply n stands again after ply
    n + 4: plies 22 to 25 repeat those after 18 to 21 (second occurrence), and ply
    26 brings the position after ply 18 for the third time (after 18, 22, 26). No
    position of the placing phase can recur (the stones in hand differ), so these
    are all repetitions, and the right to claim (WMD 11.2) first exists after 26.
    """
    analysis = analysis_of("analyze-repetition.txt")
    assert [(e["ply"], e["count"], e["earlier"]) for e in events(analysis, "repetition")] == [
        (22, 2, [18]), (23, 2, [19]), (24, 2, [20]), (25, 2, [21]), (26, 3, [18, 22])]
    assert [(e["ply"], e["rule"], e["occurrences"]) for e in events(analysis, "draw-right")] == [
        (26, "repetition", [18, 22, 26])]
    assert events(analysis, "repetition")[-1]["move"] == "13... c5-d5"
    assert analysis.summary["draw_rights"] == {"repetition": 26, "no-capture": None}


def test_repetition_ends_the_game_where_the_ruleset_makes_it_automatic() -> None:
    """Under a ruleset where threefold repetition is automatic and every position of the game
    counts, the game is drawn after ply 26, the last ply of the record (the position after
    9... e5 stands again after 11... and 13...), so the declared 1/2-1/2 agrees."""
    rules = parse_ruleset("base: sanmill\nrepetition_window: game\n", default_name="automatic")
    analysis = analyze(replay_record(example("analyze-repetition.txt", 1), rules))
    assert events(analysis, "draw-right")[0]["automatic"] is True
    over = events(analysis, "game-over")
    assert [(e["ply"], e["winner"], e["reason"], e["agrees"]) for e in over] == [
        (26, None, "repetition", True)]


def test_sanmill_counts_only_positions_reached_by_moves_since_the_last_placement() -> None:
    """Sanmill's history starts after 9... e5, the last placement (ply 18), and holds the
    positions after plies 19 to 26: each of them twice at most, so the game goes on and the
    declared 1/2-1/2 is the record's own (an agreed draw)."""
    analysis = analysis_of("analyze-repetition.txt", rules="sanmill")
    assert events(analysis, "draw-right") == []
    over = events(analysis, "game-over")
    assert [(e["ply"], e["winner"], e["reason"]) for e in over] == [(26, None, "declared")]


def test_repetition_counts_the_start_position() -> None:
    """The start position is an occurrence. From a set-up position where both sides move,
    White d2-b2 and back and Black d7-d6 and back (no mill closes: b6, f6, d1, d3, f2 are
    free) bring the start position back after ply 4 and ply 8: its third occurrence is
    after ply 8, counting the start (0) and ply 4."""
    start = Position(white=_mask("a1 d2 g7 f4 b4"), black=_mask("a4 d7 g1 e5 c3"),
                     in_hand_white=0, in_hand_black=0, to_move="white")
    plies = []
    for number in range(1, 3):
        plies += [Ply(number * 2 - 1, "white", "b2", "d2"), Ply(number * 2 - 1, "black", "d6", "d7"),
                  Ply(number * 2, "white", "d2", "b2"), Ply(number * 2, "black", "d7", "d6")]
    analysis = analyze(replay(Game(plies=plies), load_ruleset("wmd"), start=start))
    assert [(e["ply"], e["earlier"]) for e in events(analysis, "repetition")][-1] == (8, [0, 4])
    assert events(analysis, "draw-right")[0]["occurrences"] == [0, 4, 8]


def _mask(points: str) -> int:
    from muehle.analyzer.engine.board import mask_of

    return mask_of(points.split())


# --- the no-capture rule (WMD 11.3 and others) ------------------------------------------


def test_no_capture_right_after_sixty_plies_under_wmd() -> None:
    """The last capture is 3. a7/xd6, ply 5. WMD 11.3: 30 moves by both sides = 60 plies,
    placements counted, so the 60th ply without a capture is ply 65 (33. d5-c5)."""
    analysis = analysis_of("analyze-no-capture.txt")
    rights = [(e["ply"], e["move"], e["count"]) for e in events(analysis, "draw-right")
              if e["rule"] == "no-capture"]
    assert rights == [(65, "33. d5-c5", 60)]
    assert analysis.summary["no_capture"] == {"limit": 60, "reset": "capture", "whole_moves": False, "mode": "claim",
                                              "count": 106 - 5, "exact": True}


def test_no_capture_counts_mills_under_brettspielnetz() -> None:
    """Brettspielnetz: 50 full moves ("Vollzüge") without a mill closed. The only mill is
    White's, 3. a7/xd6 (ply 5), so the whole moves without one are 4. to 53...: the right
    comes with ply 106 (53... e3-d3), 101 plies after the mill."""
    analysis = analysis_of("analyze-no-capture.txt", rules="brettspielnetz")
    assert [(e["ply"], e["move"], e["count"]) for e in events(analysis, "draw-right")
            if e["rule"] == "no-capture"] == [(106, "53... e3-d3", 101)]
    assert analysis.summary["draw_rights"]["no-capture"] == 106


def test_no_capture_count_goes_on_from_a_set_up_position() -> None:
    """examples/setup-no-progress.txt, game 1: Sanmill's FEN says 96 plies since the last
    placement or capture, so under a ruleset reading it (examples/sanmill-field-16.yaml) the
    fourth ply is the 100th and draws (automatic)."""
    field_16 = str(EXAMPLES / "sanmill-field-16.yaml")
    analysis = analysis_of("setup-no-progress.txt", rules=field_16)
    rights = [(e["ply"], e["count"], e["automatic"], e["exact"]) for e in events(analysis, "draw-right")]
    assert rights == [(4, 100, True, True)]
    assert analysis.summary["no_capture"] == {"limit": 100, "reset": "placement-or-capture", "whole_moves": False,
                                              "mode": "automatic", "count": 100, "exact": True}
    assert analysis.summary["end"]["reason"] == "no-capture" and analysis.summary["end"]["agrees"]
    book = (EXAMPLES / "setup-no-progress.txt").read_text(encoding="utf-8").split("\n\n[Event")[0]
    book = book.replace('[Result "1/2-1/2"]', '[Result "½-½"]').replace("d6-d5 { The 100th such ply: drawn. } 1/2-1/2",
                                                                     "d6-d5 *")
    end = analyze(replay_record(parse_game(book), field_16)).summary["end"]
    assert (end["declared"], end["result"], end["agrees"]) == ("½-½", "1/2-1/2", True)  # (the book writes ½-½)
    second = analysis_of("setup-no-progress.txt", number=2)
    assert second.summary["no_capture"]["count"] == 60 and second.summary["no_capture"]["exact"] is False
    assert second.summary["draw_rights"] == {"repetition": 8, "no-capture": 10}
    (right,) = [e for e in events(second, "draw-right") if e["rule"] == "no-capture"]
    assert (right["ply"], right["count"], right["exact"]) == (10, 60, False)
    assert "at least 60 plies without a capture: a draw may be claimed" in render_text(second, "game")


def test_no_capture_right_at_the_start() -> None:
    """A FEN at the limit already: the right stands at ply 0 (WMD claims; nothing ends)."""
    game = example("setup-no-progress.txt", 2)
    assert game.tags["FEN"].endswith(" 50 70")  # (the example's count, raised to 64 here)
    game.tags["FEN"] = game.tags["FEN"].replace(" 50 70", " 64 70")
    analysis = analyze(replay_record(game))
    assert [(e["ply"], e["count"]) for e in events(analysis, "draw-right") if e["rule"] == "no-capture"] == [
        (0, 64)]
    assert analysis.summary["draw_rights"]["no-capture"] == 0
    assert "draw rights  no-capture at the start, repetition after 73...\n" in render_text(analysis, "game")


def test_no_no_capture_right_without_the_rule() -> None:
    """A ruleset without such a rule: no right, and no counter in the summary."""
    rules = parse_ruleset("name: nodraw\nbase: schuermann\nno_capture: null\n")
    analysis = analyze(replay_record(example("analyze-no-capture.txt"), rules))
    assert not [e for e in events(analysis, "draw-right") if e["rule"] == "no-capture"]
    assert analysis.summary["no_capture"] is None


def test_longest_stretch_without_a_capture() -> None:
    """Captures at ply 5 only: plies 1-4 are a stretch of 4, plies 6-106 one of 101."""
    longest = analysis_of("analyze-no-capture.txt").summary["longest_without_capture"]
    assert longest == {"plies": 101, "from": 6, "to": 106}


# --- phases, mills, captures, the Zwickmühle ---------------------------------------------


def test_phases_change_after_the_ninth_placement() -> None:
    """White places its ninth stone at ply 17 and Black at ply 18: each then moves."""
    analysis = analysis_of("analyze-repetition.txt")
    assert [(e["ply"], e["side"], e["from"], e["to"]) for e in events(analysis, "phase")] == [
        (17, "white", "placing", "moving"), (18, "black", "placing", "moving")]
    assert analysis.summary["phases"] == {"white": {"placing": 9, "moving": 4, "flying": 0},
                                          "black": {"placing": 9, "moving": 4, "flying": 0}}


def test_zwickmuehle_in_action() -> None:
    """White closes a7-d7-g7 at ply 11 and stands on b6 and f6 beside the free d6.

    From ply 19 the stone shuttles: d7-d6 closes b6-d6-f6 (plies 19, 23, 27), d6-d7
    closes a7-d7-g7 again (21, 25), each time capturing. With 9 - 1 - 5 = 3 stones
    Black may jump (flying) from ply 27 and jumps g1-d7 into the hole (ply 28),
    which ends the Zwickmühle; 15. d2-d3 closes c3-d3-e3 and takes Black's third
    last stone: White wins (WMD 10.1).
    """
    analysis = analysis_of("analyze-zwickmuehle.txt")
    mills = [(e["ply"], "-".join(e["points"])) for e in events(analysis, "mill")]
    assert mills == [(11, "a7-d7-g7"), (19, "b6-d6-f6"), (21, "a7-d7-g7"), (23, "b6-d6-f6"),
                     (25, "a7-d7-g7"), (27, "b6-d6-f6"), (29, "c3-d3-e3")]
    assert [(e["ply"], e["point"], e["stones_left"]) for e in events(analysis, "capture")] == [
        (11, "a4", 8), (19, "g4", 7), (21, "a4", 6), (23, "b4", 5), (25, "f4", 4), (27, "c4", 3),
        (29, "d7", 2)]
    assert (27, "black", "moving", "flying") in [
        (e["ply"], e["side"], e["from"], e["to"]) for e in events(analysis, "phase")]
    end = events(analysis, "game-over")
    assert [(e["ply"], e["winner"], e["reason"], e["agrees"]) for e in end] == [
        (29, "white", "fewer-than-three", True)]
    assert analysis.summary["mills"] == {"white": 7, "black": 0}
    assert analysis.summary["captures"] == {"white": 7, "black": 0}


# --- the end ------------------------------------------------------------------------------


def test_blocked_win() -> None:
    """After 9... d7 the free points are a1, a4, a7, b2, b4, b6; their neighbours (d1, d7,
    c4, d2, d6, c3, c5 and each other) hold no White stone, so White, to move, cannot
    move: Black wins after ply 18 (WMD 10.2), as declared."""
    end = analysis_of("analyze-endings.txt").summary["end"]
    assert end == {"winner": "black", "reason": "blocked", "ply": 18, "result": "0-1",
                   "declared": "0-1", "agrees": True, "result_tag_error": None}


def test_the_end_is_worded_from_the_one_table_of_reasons() -> None:
    """The text's end line words the reason as every other output does (events.REASON_TEXTS)."""
    blocked = render_text(analysis_of("analyze-endings.txt"), "game")
    assert "  end          Black wins after 9... (White cannot move); declared 0-1: agrees\n" in blocked
    reduced = render_text(analysis_of("analyze-endings.txt", 2), "game")
    assert ("  end          White wins after 8. (Black has fewer than three stones); declared 1-0: agrees\n"
            in reduced)
    declared = render_text(analysis_of("analyze-repetition.txt"), "game")
    assert "  end          draw after 13... (result declared in the record); declared 1/2-1/2: agrees\n" in declared


def test_reduction_win_while_placing() -> None:
    """From the set-up position Black has b2, f4 and 3 in hand. 7. e3 takes b2, Black
    places d2, and 8. a7 closes two mills while placing, which takes two stones
    (WMD 1.1): Black has none on the board and 2 in hand, fewer than three (10.1)."""
    game = example("analyze-endings.txt", 2)
    replayed = replay_record(game)
    analysis = analyze(replayed)
    assert [(e["ply"], e["double"]) for e in events(analysis, "mill")] == [(1, False), (3, True), (3, True)]
    assert analysis.summary["end"]["reason"] == "fewer-than-three"
    assert analysis.summary["end"]["winner"] == "white"
    assert analysis.summary["end"]["ply"] == 3
    final = replayed.records[-1].after
    assert (final.in_hand_white, final.on_board("black"), final.in_hand_black) == (1, 0, 2)
    assert events(analysis, "game-over")[0]["move"] == "8. a7/xf4/xd2"


def test_declared_result_that_contradicts_the_board() -> None:
    """The blocked game declared 1-0: on the board Black won, so the result disagrees."""
    text = (EXAMPLES / "analyze-endings.txt").read_text(encoding="utf-8").split("\n\n[Event")[0]
    game = parse_game(text.replace('"0-1"', '"1-0"').replace("9. g7 d7 0-1", "9. g7 d7 1-0"))
    end = analyze(replay_record(game)).summary["end"]
    assert (end["winner"], end["declared"], end["agrees"]) == ("black", "1-0", False)


def test_a_result_tag_that_contradicts_the_movetext_is_reported() -> None:
    """The blocked game with its tag changed to 1-0: the movetext still ends 0-1 (the result the
    board gives, so it agrees), and the tag says otherwise; validate calls that result-tag."""
    text = (EXAMPLES / "analyze-endings.txt").read_text(encoding="utf-8").split("\n\n[Event")[0]
    game = parse_game(text.replace('[Result "0-1"]', '[Result "1-0"]'))
    analysis = analyze(replay_record(game))
    message = "the movetext ends with 0-1, but its Result tag says 1-0: a game has one result"
    end = analysis.summary["end"]
    assert (end["winner"], end["declared"], end["agrees"], end["result_tag_error"]) == ("black", "0-1", True, message)
    (over,) = events(analysis, "game-over")
    assert over["result_tag_error"] == message
    assert f"; declared 0-1: agrees; {message} [result-tag]\n" in render_text(analysis, "game")


def test_a_result_tag_that_is_no_result_is_reported() -> None:
    """An unfinished game whose Result tag says 2-0, which is no result."""
    game = parse_game('[Result "2-0"]\n\n1. a1 d1 2. g1 a4')
    end = analyze(replay_record(game)).summary["end"]
    assert end["result_tag_error"] == ("the Result tag's value 2-0 is not a result; results are 1-0, 0-1, "
                                       "1/2-1/2, ½-½ and * (or ? when unknown)")
    agreeing = parse_game('[Result "0-1"]\n\n1. a1 d1 2. g1 a4 0-1')
    assert analyze(replay_record(agreeing)).summary["end"]["result_tag_error"] is None


def test_unfinished_game_without_result() -> None:
    """An unfinished record without a result: no winner, nothing declared, nothing to agree with."""
    game = parse_game("1. a1 d1 2. g1 a4")
    assert analyze(replay_record(game)).summary["end"] == {
        "winner": None, "reason": None, "ply": None, "result": None, "declared": None, "agrees": None,
        "result_tag_error": None}


# --- an illegal ply (WMD 6) ---------------------------------------------------------------


def test_illegal_ply_shows_the_position_to_restore() -> None:
    """11. b2-b6 skips b4 and White, with nine stones, may not jump. The position to restore
    is the one after 10... d5-c5 (ply 20); the FEN lists the rings from their top middle
    point clockwise: inner d5 e5 e4 e3 d3 c3 c4 c5, middle d6 .. b6, outer d7 .. a7; 2
    plies since the last placement (ply 18), full move 11."""
    analysis = analysis_of("analyze-illegal.txt")
    illegal = analysis.illegal
    assert illegal is not None
    assert (illegal.ply, illegal.code, illegal.move, illegal.restore_ply) == (
        21, "not-adjacent", "11. b2-b6", 20)
    data = illegal.to_dict()["restore"]
    assert data["white"] == ["a1", "a7", "b2", "b4", "c3", "d6", "f4", "g1", "g7"]
    assert data["black"] == ["a4", "c4", "c5", "d1", "d3", "d7", "e4", "e5", "g4"]
    # the current form: no last mill (-1 in fields 11-14), no mill used, then ids:nodes
    assert data["fen"] == "*@@*@O@@/O*O**OO*/@O@O@O@O w m s 9 0 9 0 0 0 -1 -1 -1 -1 0 2 11 ids:nodes"
    assert analysis.summary["plies"] == 20 and analysis.summary["illegal_ply"] == 21


# --- a mill that captures nothing (WMD 1.2, traditional clubs) ------------------------------


def test_a_mill_that_captures_nothing_says_why() -> None:
    """Black a1 a4 a7 and c3 c4 c5 stand in the mills a1-a4-a7 and c3-c4-c5; 20. d3-d2 closes
    b2-d2-f2. Under wmd-traditional no stone may be taken from a closed mill, so the mill takes
    nothing; under wmd any may be, and the capture is made."""
    start = Position(mask_of(["b2", "f2", "d3", "g7"]), mask_of(["a1", "a4", "a7", "c3", "c4", "c5"]), 0, 0)
    game = Game(plies=[Ply(20, "white", "d2", "d3")])
    analysis = analyze(replay(game, load_ruleset("wmd-traditional"), start=start))
    assert [(e["points"], e["nothing_to_capture"]) for e in events(analysis, "mill")] == [
        (["b2", "d2", "f2"], "all-in-mills")]
    assert "White closes b2-d2-f2; nothing to capture: every Black stone stands in a mill\n" in render_text(
        analysis, "game")
    taken = Game(plies=[Ply(20, "white", "d2", "d3", ["a4"])])
    analysis = analyze(replay(taken, load_ruleset("wmd"), start=start))
    assert [e["nothing_to_capture"] for e in events(analysis, "mill")] == [None]


def test_a_double_mill_with_nothing_left_to_capture() -> None:
    """Placing a7 beside a1 a4 and d7 g7 closes two mills (WMD 1.1: two captures). Black f2 is
    free; once it is taken, b2 b4 b6 all stand in a mill, so under wmd-traditional the second
    capture cannot be made."""
    start = Position(mask_of(["a1", "a4", "d7", "g7"]), mask_of(["b2", "b4", "b6", "f2"]), 5, 5)
    game = Game(plies=[Ply(5, "white", "a7", None, ["f2"])])
    analysis = analyze(replay(game, load_ruleset("wmd-traditional"), start=start))
    assert [e["nothing_to_capture"] for e in events(analysis, "mill")] == ["all-in-mills", "all-in-mills"]
    assert ("White closes a1-a4-a7 (double mill); nothing more to capture: every Black stone stands "
            "in a mill\n") in render_text(analysis, "game")


def test_a_mill_with_no_opposing_stone_on_the_board() -> None:
    """Set up: White a1 a4 and 5 in hand, Black nothing on the board and 5 in hand. 3. a7 closes
    a1-a4-a7, and there is no Black stone to take."""
    start = Position(mask_of(["a1", "a4"]), 0, 5, 5)
    analysis = analyze(replay(Game(plies=[Ply(3, "white", "a7")]), load_ruleset("wmd"), start=start))
    assert [e["nothing_to_capture"] for e in events(analysis, "mill")] == ["no-stones"]
    assert "White closes a1-a4-a7; nothing to capture: Black has no stone on the board\n" in render_text(
        analysis, "game")


def test_a_capture_that_decides_the_game_leaves_nothing_to_explain() -> None:
    """examples/analyze-endings.txt game 2: 8. a7 takes f4 and d2 and Black is left with two."""
    analysis = analysis_of("analyze-endings.txt", 2)
    assert [e["nothing_to_capture"] for e in events(analysis, "mill")] == [None, None, None]


# --- the contract ---------------------------------------------------------------------------

FIELDS = {
    "mill": {"points", "double", "nothing_to_capture"},
    "capture": {"point", "stones_left"},
    "phase": {"from", "to"},
    "repetition": {"count", "earlier"},
    "draw-right": {"rule", "automatic", "occurrences", "count", "exact", "reset"},
    "mandatory-draw": {"clause", "stones", "until"},
    "draw-offer": {"obliged", "clause", "stones", "rule"},
    "zwickmuehle": {"shuttles", "until"},
    "game-over": {"winner", "reason", "result", "declared", "agrees", "result_tag_error"},
}


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("analyze-*.txt")))
def test_every_event_follows_the_documented_contract(name: str) -> None:
    """Each event has ply, move, side, type and only the fields docs/analyze.md gives its type."""
    for game in read_file(EXAMPLES / name):
        data = analyze(replay_record(game)).to_dict(name, 1)
        assert set(data) == {"source", "game", "tags", "rules", "summary", "events", "illegal"}
        previous = (-1, -1)
        for event in data["events"]:
            assert event["type"] in EVENT_TYPES
            own = set(event) - {"ply", "move", "side", "type"}
            if event["type"] == "draw-right":
                expected = {"rule", "automatic", "occurrences"} if event["rule"] == "repetition" \
                    else {"rule", "automatic", "count", "exact", "reset"}
            else:
                expected = FIELDS[event["type"]]
            assert own == expected, event
            assert event["side"] in ("white", "black", None)
            order = (event["ply"], EVENT_TYPES.index(event["type"]))
            assert order >= previous
            previous = order


def test_names_of_plies_follow_the_book() -> None:
    """White's ply of move 18 is ``18.``, Black's of move 17 ``17...``; unnumbered plies are
    numbered from the start."""
    names = PlyNames([Ply(None, "white", "d2"), Ply(None, "black", "d6"), Ply(None, "white", "f2")],
                     Position.start())
    assert [names.label(i) for i in range(5)] == ["start", "1.", "1...", "2.", "2..."]
    assert names.move(3) == "2. f2" and names.move(4) is None


def test_counts_agree_with_the_replay_on_generated_games() -> None:
    """On random legal games the summary counts what the replay records, and the events are
    in ply order."""
    rules = load_ruleset("wmd")
    for game in generate_games(rules, seed=7, count=60):
        replayed = replay(game, rules)
        analysis = analyze(replayed)
        summary = analysis.summary
        for side in ("white", "black"):
            own = [r for r in replayed.records if r.side == side]
            assert summary["mills"][side] == sum(len(r.mills) for r in own)
            assert summary["captures"][side] == sum(len(r.captures) for r in own)
            assert sum(summary["phases"][side].values()) == len(own)
        assert [e.ply for e in analysis.events] == sorted(e.ply for e in analysis.events)
        assert len(events(analysis, "mill")) == sum(summary["mills"].values())


def test_mill_points_are_listed_in_board_order() -> None:
    """Points are listed by file, then rank (as in the board's point list): the d-file mill
    White closes with 3. d3 is d1-d2-d3, and its capture of a4 leaves Black 8 stones."""
    game = parse_game("1. d1 a4 2. d2 g7 3. d3/xa4 *")
    analysis = analyze(replay_record(game))
    assert [(e["ply"], e["points"]) for e in events(analysis, "mill")] == [(5, ["d1", "d2", "d3"])]
    assert [(e["point"], e["stones_left"]) for e in events(analysis, "capture")] == [("a4", 8)]


# --- the text report --------------------------------------------------------------------


def test_offers_in_the_text_say_whether_they_must_be_accepted() -> None:
    """examples/analyze-mandatory-draw.txt: after 30. White has 6 stones and Black 5 (WMD 11.5.2:
    Black must accept); after 34. White 4 and Black 3: White's offer need not be accepted, and
    Black's, with 3 against 4, must (11.5.3). The book has no such duty."""
    text = render_text(analysis_of("analyze-mandatory-draw.txt"), "game")
    assert "White offers a draw: Black must accept (White 6, Black 5 stones; WMD 11.5.2)" in text
    assert "White offers a draw: Black need not accept (White 4, Black 3 stones)" in text
    assert "Black offers a draw: White must accept (White 4, Black 3 stones; WMD 11.5.3)" in text
    book = render_text(analysis_of("analyze-mandatory-draw.txt", rules="schuermann"), "game")
    assert book.count("offers a draw: no duty to accept under schuermann") == 3


def test_a_misnumbered_ply_is_not_a_position_to_restore() -> None:
    """'3. f2' after '1. d2 d6' is a legal placement under a wrong number (White's move 2):
    the record cannot be followed past 1... d6, but no rule of play was broken (WMD 6 speaks of
    "eine regelwidrige Stellung"), so there is nothing to restore."""
    analysis = analyze(replay_record(parse_game("1. d2 d6 3. f2 f6 *")))
    text = render_text(analysis, "game")
    assert "misnumbered ply 3: 3. f2: move number 3 where 2 is expected" in text
    assert "the record cannot be followed past this position (after 1... d6):" in text
    assert "position to restore" not in text and "illegal ply" not in text


def test_the_position_to_restore_before_the_first_ply_of_a_set_up_record_is_named_so() -> None:
    """The FEN has White on d6 and d2, Black on f4 and b4 (the reference example of
    docs/positions.md); 3. d6 places on an occupied point: restore the set-up position."""
    game = parse_game('[SetUp "1"]\n[FEN "********/O*@*O*@*/******** w p p 2 7 2 7 0 0 0 0 0 0 0 0 3"]\n\n3. d6 *\n')
    text = render_text(analyze(replay_record(game)), "game")
    assert "position to restore (the set-up position; WMD 6):" in text
    usual = render_text(analyze(replay_record(parse_game("1. d2 d2 *"))), "game")
    assert "position to restore (after 1. d2; WMD 6):" in usual
    first = render_text(analyze(replay_record(parse_game("1. d2-d3 *"))), "game")
    assert "position to restore (the start; WMD 6):" in first


def test_no_offer_must_be_accepted_once_the_board_has_decided() -> None:
    """Black's four corner stones (a1, a7, g1, g7) are boxed in by White's a4, d1, d7, g4 from
    the start; White, to move, plays 30. b2-b4 and Black cannot move: White has won (WMD 10.2).
    The start, 6 against 4, obliges Black to accept White's offer (11.5.2), but the offer written
    with the winning ply comes after the end: nobody must accept it, and the stretch of 11.5.2
    ends with the start (``until`` 0), not with the game."""
    game = parse_game('[SetUp "1"]\n[FEN "O*******/*****O**/O@O@O@O@ w m s 6 0 4 0 0 0 0 0 0 0 0 0 30"]\n'
                      '\n30. b2-b4 (=) 1-0\n')
    analysis = analyze(replay_record(game))
    assert [(e["ply"], e["clause"], e["until"]) for e in events(analysis, "mandatory-draw")] == [(0, "11.5.2", 0)]
    assert [(e["ply"], e["obliged"], e["clause"]) for e in events(analysis, "draw-offer")] == [(1, False, None)]
    assert analysis.summary["end"]["reason"] == "blocked"
    text = render_text(analysis, "game")
    assert "White offers a draw: the game was already decided" in text
    assert "must be accepted, only here" in text


def test_a_long_shuffle_is_one_line_of_text() -> None:
    """White d3-d2-d3 and Black d5-d6-d5 for 20 plies, under the book's rules (no mandatory draws
    to report): from ply 12 on every position stands for the 4th time or more (the start
    position after plies 4, 8, 12; ply 20 is its 6th)."""
    setup = ('[SetUp "1"]\n[FEN "@*@*O*@*/**O***O*/*O*@*O*@ w m s 5 0 5 0 0 0 0 0 0 0 0 0 70"]\n\n'
             + " ".join(f"{number}. d3-d2 d5-d6 {number + 1}. d2-d3 d6-d5" for number in range(70, 80, 2)) + " *")
    text = render_text(analyze(replay_record(parse_game(setup), "schuermann")), "game")
    assert ("75...  d6-d5  repetition  every ply up to 79... d6-d5 repeats a position, "
            "each for the 4th to 6th time\n") in text
    assert "76." not in text.split("summary")[0]


def test_a_game_without_events() -> None:
    assert "  (no events)\n" in render_text(analyze(replay_record(parse_game("1. d2 *"))), "game")
