"""The search for the game that was played: hand-checked misprints and the bound on its work
(the rates at which slips put into generated games are undone: test_repair_rates.py)."""

from __future__ import annotations

import re

import pytest

from muehle.analyzer.engine.rules import load_ruleset
from muehle.analyzer.play.generate import generate_games
from muehle.analyzer.repair.search import repair, suggestions
from muehle.notation import read_games
from muehle.notation.reading.parser import parse_game
from muehle.notation.writing.writers import write_notation
from paths import EXAMPLES

WMD = load_ruleset("wmd")


def test_a_legal_game_needs_no_repair() -> None:
    game = parse_game("1. d2 d6 2. f2 f6 3. b2/xd6 *")
    report = repair(game)
    assert report.valid and report.suggestions == [] and list(suggestions(game)) == []


def test_the_misprints_of_the_example_are_named() -> None:
    """examples/repair-slips.txt: the book game with 18. d3-b2 for d2-b2 (d3 is empty then),
    4. e5 for 4. e5/xc4 (e3-e4-e5 is a mill), 17... a4-a7 for a7-a4 (a4 is empty)."""
    games = list(read_games((EXAMPLES / "repair-slips.txt").read_text(encoding="utf-8")))
    expected = [(35, "18. d3-b2/xa4", "18. d2-b2/xa4", "digit"), (7, "4. e5", "4. e5/xc4", "capture-missing"),
                (34, "17... a4-a7", "17... a7-a4", "swap")]
    book = list(read_games((EXAMPLES / "schuermann-book-game.txt").read_text(encoding="utf-8")))[0]
    for game, (ply, was, now, kind) in zip(games, expected):
        report = repair(game)
        assert not report.valid and report.repaired
        best = report.suggestions[0]
        assert [edit.to_dict() for edit in best.edits] == [{"ply": ply, "was": was, "now": now, "kind": kind}]
        assert best.words() == [p.move_text for p in book.plies]


BOOK = (EXAMPLES / "schuermann-book-game.txt").read_text(encoding="utf-8")


def _words(text: str) -> list[str]:
    return [ply.move_text for ply in list(read_games(text))[0].plies]


def test_a_placement_slip_found_where_it_shows_later() -> None:
    """The book game with 3. c3 written for 3. e3: nothing is wrong until 4. e5/xc4 captures,
    which only the mill e3-e4-e5 allows; c and e look alike."""
    written = BOOK.replace("3. e3 c4?", "3. c3 c4?")
    report = repair(list(read_games(written))[0])
    assert report.error is not None and getattr(report.error, "code") == "extra-capture"
    best = report.suggestions[0]
    assert [(edit.ply, edit.was, edit.now, edit.kind) for edit in best.edits] == [(5, "3. c3", "3. e3", "letter")]
    assert best.words() == _words(BOOK)


def test_a_ply_left_out_is_put_back_where_the_numbers_show_the_gap() -> None:
    # 2... f6 was left out: the record jumps from 2. f2 to 3. b2
    report = repair(parse_game("1. d2 d6 2. f2 3. b2/xd6 d7 4. a1 *"))
    assert report.repaired
    edits = report.suggestions[0].edits
    assert [(edit.ply, edit.was, edit.kind) for edit in edits] == [(4, None, "omitted")]


def test_two_slips_in_one_game() -> None:
    written = BOOK.replace("3. e3 c4?", "3. c3 c4?").replace("18. d2-b2/xa4!", "18. d3-b2/xa4!")
    report = repair(list(read_games(written))[0])
    assert report.repaired
    best = report.suggestions[0]
    assert [(edit.ply, edit.now) for edit in best.edits] == [(5, "3. e3"), (35, "18. d2-b2/xa4")]
    assert best.words() == _words(BOOK)


def test_a_slip_after_a_wrong_move_number_is_found() -> None:
    """The book game numbered one too high from its sixth move on (6. d7 written 7. d7, and so on
    to the end), and 18. d2-b2/xa4 written 19. d3-b2/xa4: the wrong number is the record's first
    error, the empty d3 its first illegal ply 24 plies later; the search reaches back from both."""
    head, tail = BOOK.split("6. d7 f4")
    tail = re.sub(r"^(\d+)\.", lambda match: f"{int(match[1]) + 1}.", "6. d7 f4" + tail, flags=re.M)
    written = (head + tail).replace("19. d2-b2/xa4!", "19. d3-b2/xa4!")
    report = repair(list(read_games(written))[0])
    assert report.error is not None and getattr(report.error, "code") == "numbering"
    assert report.repaired
    best = report.suggestions[0]
    assert [(edit.ply, edit.was, edit.now, edit.kind) for edit in best.edits] == [
        (11, "7. d7", "6. d7", "number"), (35, "19. d3-b2/xa4", "18. d2-b2/xa4", "digit")]
    assert best.words() == _words(BOOK)


def test_the_search_stops_at_its_budget_and_keeps_the_longest_legal_prefix() -> None:
    # two plies in a row on points already taken, and a budget too small to find both
    game = parse_game("1. d2 d6 2. f2 f6 3. d2 d6 4. d2 d6 *")
    report = repair(game, budget=50)
    assert report.gave_up and not report.repaired
    assert len(report.suggestions) == 1 and not report.suggestions[0].complete
    assert report.spent < 50 + 200  # (a reading under way is finished: one replay of the line at most)


def test_the_work_grows_linearly_with_the_game() -> None:
    """One slip in the same place before the end of a short and a long game (the long one the
    short one played on): the plies replayed grow at most like the plies of the game."""
    long_games = [g for g in generate_games(WMD, 11, 40) if len(g.plies) >= 120]
    assert long_games
    game = list(read_games(write_notation(long_games[:1])))[0]
    spent = []
    for length in (60, 120):
        part = list(read_games(write_notation([game])))[0]
        part.plies = part.plies[:length]
        part.result = "*"
        part.tags["Result"] = "*"
        ply = part.plies[length - 5]
        ply.target = "d2" if ply.target != "d2" else "f4"  # (a slip near the end)
        report = repair(part)
        assert not report.valid
        spent.append(report.spent)
    assert spent[1] <= 2.5 * spent[0] + 5000


@pytest.mark.parametrize("kind", ["number"])
def test_a_wrong_move_number_is_read_as_the_right_one(kind: str) -> None:
    game = parse_game("1. d2 d6 2. f2 f6 4. b2/xd6 d7 *")
    report = repair(game)
    assert report.repaired
    assert [edit.to_dict() for edit in report.suggestions[0].edits] == [
        {"ply": 5, "was": "4. b2/xd6", "now": "3. b2/xd6", "kind": kind}]
