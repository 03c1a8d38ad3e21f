"""The library behind ``muehle select`` and ``muehle stats``: the facts of a game, the selection,
the counts, and the reading of games with their own text (records in tests/selection_records.py,
worked out on the board there)."""

from __future__ import annotations

import tracemalloc
from collections import Counter
from pathlib import Path

import pytest

from muehle.analyzer.batch.sources import SourcedGame, sourced_games
from muehle.analyzer.corpus.facts import FEATURES, GameFacts, game_facts
from muehle.analyzer.corpus.select import ENDS, Selection, chosen, select_games
from muehle.analyzer.corpus.stats import Stats, median
from muehle.analyzer.engine.events import REASONS
from muehle.analyzer.engine.rules import load_ruleset
from muehle.notation.reading.parser import parse_game, read_games
from muehle.notation.text.errors import MuehleError
from paths import EXAMPLES
from selection_records import BLOCKED, FROM_MILL, OCCUPIED, THREE, ZWICKMUEHLE


def facts_of(text: str, **options: object) -> GameFacts:
    return game_facts(parse_game(text), features=True, **options)  # type: ignore[arg-type]


class TestFacts:
    def test_a_blocked_side_loses_on_the_board_as_declared(self) -> None:
        facts = facts_of(BLOCKED)
        assert (facts.white, facts.black, facts.event, facts.plies) == ("Ada", "Bo", "Club", 18)
        assert (facts.valid, facts.codes, facts.declared, facts.board, facts.end) == (True, (), "0-1", "0-1", "blocked")
        assert facts.features == frozenset() and facts.result == "0-1"

    def test_a_capture_from_a_mill_when_all_stand_in_mills(self) -> None:
        facts = facts_of(FROM_MILL)
        assert (facts.plies, facts.valid, facts.declared, facts.board, facts.end, facts.stopped) == \
            (7, True, "*", None, None, False)
        assert facts.features == {"mill", "capture-from-mill"} and facts.result is None

    def test_the_same_capture_is_a_protected_stone_under_a_ruleset_that_protects_mills(self) -> None:
        facts = facts_of(FROM_MILL, rules=load_ruleset("wmd-traditional"))
        assert (facts.valid, facts.codes, facts.stopped) == (False, ("protected-stone",), True)
        assert facts.features == {"mill"}  # (the capture from the mill was not played)

    def test_a_zwickmuehle_flying_and_fewer_than_three(self) -> None:
        facts = facts_of(ZWICKMUEHLE)
        assert (facts.plies, facts.valid, facts.declared, facts.board, facts.end) == \
            (29, True, "1-0", "1-0", "fewer-than-three")
        assert facts.features == {"mill", "zwickmuehle", "flying"}

    def test_a_double_mill_while_placing(self) -> None:
        """examples/analyze-endings.txt, its second game: 8. a7 closes a1-a4-a7 and a7-d7-g7 at once."""
        games = list(read_games((EXAMPLES / "analyze-endings.txt").read_text(encoding="utf-8")))
        facts = game_facts(games[1], features=True)
        assert "double-mill" in (facts.features or ()) and facts.end == "fewer-than-three"

    def test_an_illegal_ply_stops_the_replay(self) -> None:
        facts = facts_of(OCCUPIED)
        assert (facts.plies, facts.valid, facts.codes, facts.end, facts.stopped) == (2, False, ("occupied",), None, True)

    def test_a_repetition_gives_its_draw_right(self) -> None:
        """examples/analyze-repetition.txt: the third time of a position after ply 26 (WMD 11.2, a claim)."""
        (game,) = read_games((EXAMPLES / "analyze-repetition.txt").read_text(encoding="utf-8"))
        facts = game_facts(game)
        assert (facts.draw_rights, facts.end, facts.board, facts.declared) == (("repetition",), "declared", None,
                                                                              "1/2-1/2")
        assert facts.features is None  # (not asked for)

    def test_a_syntax_error_is_an_invalid_game_of_code_syntax(self) -> None:
        (game,) = read_games("1. d2 d6 2. zz *")
        facts = game_facts(game)
        assert (facts.valid, facts.codes, facts.stopped) == (False, ("syntax",), True)

    def test_every_feature_and_end_is_named_for_the_options(self) -> None:
        assert set(FEATURES) == {"mill", "double-mill", "capture-from-mill", "zwickmuehle", "flying"}
        assert ENDS == REASONS + ("unfinished",)


class TestSelection:
    games = [parse_game(text) for text in (BLOCKED, FROM_MILL, ZWICKMUEHLE)]

    def numbers(self, selection: Selection, **options: object) -> list[int]:
        return [number for number, game in enumerate(self.games, 1) if chosen(game, selection, **options)]  # type: ignore[arg-type]

    @pytest.mark.parametrize(("selection", "expected"), [
        (Selection(), [1, 2, 3]),
        (Selection(player="ada"), [1, 2, 3]),
        (Selection(player=" BO "), [1, 2]),
        (Selection(white="Ada"), [1]),
        (Selection(black="Ada"), [2, 3]),
        (Selection(white="Ada", black="Cy"), []),
        (Selection(result="1-0"), [3]),
        (Selection(result="0-1"), [1]),
        (Selection(result="*"), [2]),
        (Selection(result="½-½"), []),
        (Selection(tags=(("Event", "club"),)), [1, 2]),
        (Selection(tags=(("Event", "Club"), ("White", "Bo"))), [2]),
        (Selection(tags=(("Site", "Bern"),)), []),
        (Selection(min_plies=18), [1, 3]),
        (Selection(max_plies=18), [1, 2]),
        (Selection(min_plies=8, max_plies=28), [1]),
        (Selection(valid=True), [1, 2, 3]),
        (Selection(valid=False), []),
        (Selection(ended_by=("blocked",)), [1]),
        (Selection(ended_by=("blocked", "fewer-than-three")), [1, 3]),
        (Selection(ended_by=("unfinished",)), [2]),
        (Selection(ended_by=("repetition",)), []),
        (Selection(has=("mill",)), [2, 3]),
        (Selection(has=("mill", "flying")), [3]),
        (Selection(has=("capture-from-mill",)), [2]),
        (Selection(has=("zwickmuehle",)), [3]),
        (Selection(has=("double-mill",)), []),
        (Selection(player="Ada", has=("mill",), result="1-0"), [3]),
    ])
    def test_each_criterion_chooses_the_games_worked_out_for_it(self, selection: Selection,
                                                                  expected: list[int]) -> None:
        assert self.numbers(selection) == expected

    def test_a_ruleset_given_decides_validity(self) -> None:
        assert self.numbers(Selection(valid=False), rules=load_ruleset("wmd-traditional")) == [2]

    def test_only_a_selection_that_asks_about_the_board_replays(self) -> None:
        assert not Selection(player="x", tags=(("a", "b"),), min_plies=1, result="*").needs_replay
        assert Selection(valid=True).needs_replay and Selection(has=("mill",)).needs_replay
        assert Selection(ended_by=("blocked",)).needs_replay

    def test_a_game_is_not_replayed_when_its_record_does_not_match(self, monkeypatch: pytest.MonkeyPatch) -> None:
        import muehle.analyzer.corpus.select as select_module

        replayed = []

        def spy(game, *args, **kwargs):  # type: ignore[no-untyped-def]
            replayed.append(game)
            return game_facts(game, *args, **kwargs)

        monkeypatch.setattr(select_module, "game_facts", spy)
        assert not chosen(self.games[0], Selection(white="Cy", valid=True))
        assert replayed == []
        assert chosen(self.games[0], Selection(white="Ada", valid=True))  # (White is Ada: replayed)
        assert replayed == [self.games[0]]

    @pytest.mark.parametrize(("options", "message"), [
        ({"result": "2-0"}, "unknown result '2-0'"),
        ({"ended_by": ("resignation",)}, "unknown end 'resignation'"),
        ({"has": ("triple-mill",)}, "unknown feature 'triple-mill'"),
    ])
    def test_an_unknown_value_is_a_value_error(self, options: dict, message: str) -> None:
        with pytest.raises(ValueError, match=message):
            Selection(**options)

    def test_select_games_over_a_file_with_an_unreadable_game_and_a_missing_one(self, tmp_path: Path) -> None:
        path = tmp_path / "games.txt"
        path.write_text(THREE + "\n1. d2 zz *\n", encoding="utf-8")
        items = list(select_games([str(path), str(tmp_path / "missing.txt")], Selection(has=("mill",))))
        assert [(item.index, taken) for item, taken in items if isinstance(item, SourcedGame)] == \
            [(1, False), (2, True), (3, True), (4, False)]
        broken = items[3][0]
        assert isinstance(broken, SourcedGame) and (broken.game.errors[0].line, broken.game.errors[0].column) == (25, 7)
        error = items[4][0]
        assert isinstance(error, MuehleError) and error.code == "io" and "missing.txt" in error.format()

    def test_a_game_with_a_syntax_error_is_chosen_as_invalid_when_invalid_games_are_asked_for(self) -> None:
        items = list(select_games(["-"], Selection(valid=False, player="Ada"),
                                  stdin_text=BLOCKED + "\n" + '[White "Ada"]\n\n1. d2 zz *\n'))
        assert [taken for _, taken in items] == [False, True]

    @pytest.mark.parametrize("board", [{"has": ("mill",)}, {"ended_by": ("unfinished",)}])
    def test_a_game_with_a_syntax_error_has_no_end_or_feature_to_choose_it_by(self, board: dict) -> None:
        """'1. d2 d6 2. f2 f6 3. b2/xd6' closes b2-d2-f2 and is unfinished, but the syntax error
        after it leaves the game unread: neither its mill nor its end is known."""
        text = "1. d2 d6 2. f2 f6 3. b2/xd6 *\n\n1. d2 d6 2. f2 f6 3. b2/xd6 zz *\n"
        items = list(select_games(["-"], Selection(valid=False, **board), stdin_text=text))
        assert [taken for _, taken in items] == [False, False]
        assert [taken for _, taken in select_games(["-"], Selection(**board), stdin_text=text)] == [True, False]


class TestSourcedGames:
    def test_the_texts_of_the_games_make_the_file_again(self, tmp_path: Path) -> None:
        path = tmp_path / "three.txt"
        path.write_text(THREE, encoding="utf-8")
        items = list(sourced_games([str(path)]))
        assert all(isinstance(item, SourcedGame) for item in items)
        texts = [item.text for item in items if isinstance(item, SourcedGame)]
        assert texts == [BLOCKED, FROM_MILL, ZWICKMUEHLE.rstrip("\n")]
        assert "".join(f"{text}\n" for text in texts) == THREE

    def test_games_sharing_a_line_are_cut_where_one_ends(self) -> None:
        items = list(sourced_games(["-"], stdin_text="1. d2 d6 1-0 {done} 1. f4 *\r\n"))
        assert [item.text for item in items if isinstance(item, SourcedGame)] == ["1. d2 d6 1-0 {done} ", "1. f4 *"]

    def test_a_json_record_gives_games_without_a_text(self) -> None:
        record = '{"format": "muehle-record", "version": 1, "games": [{"tags": {"White": "Ada"}}]}'
        (item,) = sourced_games(["-"], stdin_text=record)
        assert isinstance(item, SourcedGame) and item.text is None and item.game.tags == {"White": "Ada"}

    def test_an_input_without_a_game_is_an_error(self, tmp_path: Path) -> None:
        empty = tmp_path / "empty.txt"
        empty.write_text("", encoding="utf-8")
        (error,) = sourced_games([str(empty)])
        assert isinstance(error, MuehleError) and error.code == "empty"

    def test_one_path_alone_is_a_type_error(self) -> None:
        with pytest.raises(TypeError):
            sourced_games("games.txt")


class TestStats:
    def test_the_counts_of_three_games_and_an_illegal_one(self) -> None:
        stats = Stats()
        for game in read_games(THREE + "\n" + OCCUPIED):
            stats.add(game_facts(game))
        data = stats.to_dict()
        assert (data["games"], data["valid"], data["invalid"]) == (4, 3, 1)
        assert data["invalid_by_code"] == {"occupied": 1}
        assert data["results"] == [{"declared": "*", "board": None, "games": 2},
                                   {"declared": "0-1", "board": "0-1", "games": 1},
                                   {"declared": "1-0", "board": "1-0", "games": 1}]
        assert data["ends"] == {"blocked": 1, "fewer-than-three": 1, "stopped": 1, "unfinished": 1}
        # lengths 2, 7, 18, 29: the median is halfway between 7 and 18
        assert data["plies"] == {"min": 2, "median": 12.5, "max": 29}
        assert data["players"]["Ada"] == {"games": 4, "white": 2, "black": 2, "wins": 0, "draws": 0, "losses": 2}
        assert data["players"]["Bo"] == {"games": 3, "white": 1, "black": 2, "wins": 1, "draws": 0, "losses": 0}
        assert data["players"]["Cy"] == {"games": 1, "white": 1, "black": 0, "wins": 1, "draws": 0, "losses": 0}
        assert data["events"] == {"Club": {"games": 3, "valid": 2, "invalid": 1},
                                  "Cup": {"games": 1, "valid": 1, "invalid": 0}}

    def test_the_median_of_an_odd_number_of_lengths_is_the_middle_one(self) -> None:
        stats = Stats()
        for game in read_games(THREE):
            stats.add(game_facts(game))
        assert stats.length_summary() == {"min": 7, "median": 18, "max": 29}

    def test_no_games(self) -> None:
        stats = Stats()
        assert stats.length_summary() == {"min": None, "median": None, "max": None}
        assert stats.text_lines() == ["0 games: 0 valid, 0 invalid"]

    @pytest.mark.parametrize("values", [[5], [1, 2], [3, 3, 3, 9], [1, 100, 100], list(range(1, 102)),
                                        [7, 7, 8, 8, 8, 20]])
    def test_the_median_of_a_histogram_is_that_of_the_values(self, values: list[int]) -> None:
        import statistics

        assert median(Counter(values)) == statistics.median(values)

    def test_memory_does_not_grow_with_the_number_of_games(self, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
        """Stats over 150 and 600 games read from a file: the peak of traced memory stays about the
        same. The file is read in blocks of 4 KB (not 1 MB), so that the block does not hide the
        growth; keeping each game's facts, as a check that the bound can fail, goes beyond it."""
        import muehle.analyzer.engine.core as core
        import muehle.notation.reading.decode as decode

        monkeypatch.setattr(decode, "_BLOCK_BYTES", 4096)
        # (the core compiled for the ruleset at the warm-up's first line, not after 400 lines, within a measure)
        monkeypatch.setattr(core, "FOLD_AFTER", 0)

        def peak(copies: int, keep: bool = False) -> int:
            path = tmp_path / f"games-{copies}.txt"
            path.write_text("\n".join([THREE] * copies), encoding="utf-8")
            stats, kept = Stats(), []
            tracemalloc.start()
            try:
                for item in sourced_games([str(path)]):
                    assert isinstance(item, SourcedGame)
                    facts = game_facts(item.game, item.index, source=item.source)
                    stats.add(facts)
                    if keep:
                        kept.append(facts)
                _, top = tracemalloc.get_traced_memory()
            finally:
                tracemalloc.stop()
            assert stats.games == 3 * copies and stats.valid == 3 * copies
            return top

        def bounded(small: int, large: int) -> bool:
            return large < 1.5 * small + 32 * 1024

        peak(5)  # (warm-up: the parser and the rulesets are built once)
        small, large = peak(50), peak(200)
        assert bounded(small, large), (small, large)
        assert not bounded(peak(50, keep=True), peak(200, keep=True))
