"""``muehle validate``: verdicts, the text and JSON contracts, exit codes, and ``--jobs``."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from muehle.analyzer.batch.validate import validate_file
from muehle.analyzer.engine.events import CODES, VARIANT_CODES
from muehle.analyzer.engine.rules import load_ruleset
from muehle.analyzer.pictures.style import unpainted
from muehle.analyzer.play.generate import generate_games
from muehle.analyzer.reports.verdict import judge
from muehle.notation.reading import fastread
from muehle.notation.reading.parser import read_file, read_games
from muehle.notation.writing.writers import write_notation
from paths import ROOT
from processes import pools_started
from runner import run

ILLEGAL = ROOT / "examples" / "illegal-moves.txt"

# A complete legal game (placements without mills; White is blocked after ply 18) and
# a short one; worked out on the board in tests/analyzer/engine/test_replay.py.
BLOCKED = "1. a1 a7 2. a4 b4 3. b2 c4 4. c3 d2 5. d1 d6 6. d3 e3 7. d7 f4 8. f2 g1 9. f6 g7"


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def json_record(*games: dict) -> str:
    """A JSON record (``muehle-record``, version 1) that holds ``games``."""
    return json.dumps({"format": "muehle-record", "version": 1, "games": list(games)}, ensure_ascii=False) + "\n"


def data_ply(number: int, side: str, to: str, **place: int) -> dict:
    """A placement of a JSON record (kept with the ``line`` and ``column`` it was read at, if given)."""
    return {"number": number, "side": side, "to": to, **place}


class TestExamples:
    def test_a_ply_after_the_end_restores_a_decided_position_and_says_so(self, tmp_path: Path) -> None:
        """BLOCKED then 10. a1-d1: the position to restore is the one after 9... g7, where White
        cannot move (WMD 10.2): its FEN has the phase o (game over), as show --fen writes it,
        and the diagram says the game is over instead of whose move it is."""
        path = write(tmp_path, "on.txt", f"{BLOCKED} 10. a1-d1 0-1\n")
        (report,) = json.loads(run("validate", "--format", "json", path).stdout)
        assert (report["restore"]["ply"], report["restore"]["fen"].split()[2]) == (18, "o")
        # the report and show write the same form, the current one
        shown = run("show", path, "--ply", "18", "--fen").stdout.strip()
        assert report["restore"]["fen"] == shown and shown.endswith(" -1 -1 -1 -1 0 0 10 ids:nodes")
        text = run("validate", "--explain", path).stdout
        assert "    Game over: White cannot move\n    FEN: " in text and "to move" not in text
        assert report["result"] == {"declared": "0-1", "consistent": True}

    def test_each_illegal_example_gives_the_verdict_its_comment_states(self) -> None:
        """Each game of examples/illegal-moves.txt states, in its first comment, the ply that
        breaks a rule and the code (both worked out by hand from the rules texts)."""
        games = list(read_file(ILLEGAL))
        assert len(games) == 16
        codes = set()
        for index, game in enumerate(games, 1):
            stated = " ".join(game.comments)
            code = re.search(r"\[([a-z-]+)\]", stated).group(1)
            report = judge(game, index)
            assert not report.valid and [e.code for e in report.errors] == [code], (index, report.errors)
            ply_stated = re.search(r"Verdict: (\d+\.(?:\.\.)? \S+)", stated)
            if ply_stated and code != "result-mismatch":
                assert report.errors[0].message.startswith(ply_stated.group(1).rstrip(","))
            codes.add(code)
        # (a record's fault: TestResultTag; the variants' codes have their tests beside their settings',
        # tests/analyzer/engine/test_capture_kinds.py, test_no_mill_moving_back.py, test_removal_plies.py, ...)
        assert VARIANT_CODES < set(CODES)
        assert codes == set(CODES) - {"syntax", "setup", "result-tag"} - VARIANT_CODES

    def test_the_text_output_reads_like_a_compiler(self) -> None:
        result = run("validate", str(ILLEGAL))
        assert result.exit_code == 1
        lines = result.stdout.splitlines()
        assert lines[-1] == "16 games, 0 valid, 16 invalid"
        # the first game "1. d2 d2 *" is on line 10; Black's d2 starts in column 7
        assert lines[0] == (f"{ILLEGAL}:10:7: error: game 1: 1... d2: d2 is already occupied by a White stone "
                            "[occupied]")
        errors = [line for line in lines[:-1] if not line.startswith("  ")]
        assert len(errors) == 16
        assert all(re.match(rf"{re.escape(str(ILLEGAL))}:\d+(:\d+)?: error: .* \[[a-z-]+\]$", line)
                   for line in errors)

    def test_an_illegal_ply_is_followed_by_the_position_to_restore(self) -> None:
        """WMD 6: the position before the illegal ply is restored. In "1. d2 d2" that is the
        board after White's d2: one White stone on d2, 8 in hand, none of Black's, Black to move.
        It is shown with --explain, under the error's line and caret."""
        lines = run("validate", "--explain", str(ILLEGAL)).stdout.splitlines()
        assert lines[1:3] == ["    1. d2 d2 *", "          ^"]
        block = lines[3:lines.index(next(line for line in lines[1:] if not line.startswith("  ")))]
        assert block[0] == "  position to restore (after 1. d2; WMD 6):"
        assert "    White (○): 1 on the board, 8 in hand, placing" in block
        assert "    Black (●): 0 on the board, 9 in hand, placing" in block
        assert block[-1] == "    FEN: ********/****O***/******** b p p 1 8 0 9 0 0 -1 -1 -1 -1 0 0 1 ids:nodes"

    def test_the_option_overrides_the_rules_tags(self) -> None:
        """Under wmd the traditional club's capture from a mill (WMD 1.2) and the double capture
        while placing (WMD 1.1) are legal, so two of the sixteen games become valid; the game
        with the unknown Rules tag is replayed under wmd too and is legal."""
        result = run("validate", "--rules", "wmd", str(ILLEGAL))
        assert result.stdout.splitlines()[-1] == "16 games, 3 valid, 13 invalid"


class TestArbiterText:
    """The text an arbiter reads: per error its line, the source line and a caret; the position
    to restore only with --explain."""

    @staticmethod
    def _located(path: Path, stdout: str) -> list[tuple[str, str, str]]:
        """(error line, source line, caret line) of each error, each checked against the file."""
        source = path.read_text(encoding="utf-8").splitlines()
        lines = stdout.splitlines()
        found = []
        for index, line in enumerate(lines):
            place = re.match(rf"{re.escape(str(path))}:(\d+):(\d+): error: ", line)
            if place:
                number, column = int(place.group(1)), int(place.group(2))
                assert lines[index + 1] == "    " + source[number - 1]
                assert lines[index + 2] == "    " + " " * (column - 1) + "^"
                found.append(tuple(lines[index:index + 3]))
        return found

    def test_the_illegal_examples_take_three_lines_each(self) -> None:
        """examples/illegal-moves.txt: 16 games, each with one located error: its line, the line
        of the file it points at and a caret under the column, then the summary (no diagram)."""
        result = run("validate", str(ILLEGAL))
        assert result.exit_code == 1
        lines = result.stdout.splitlines()
        assert len(self._located(ILLEGAL, result.stdout)) == 16
        assert len(lines) == 16 * 3 + 1
        # game 1, "1. d2 d2 *" on line 10: Black's d2 in column 7
        assert lines[:3] == [f"{ILLEGAL}:10:7: error: game 1: 1... d2: d2 is already occupied by a White stone "
                             "[occupied]",
                             "    1. d2 d2 *",
                             "          ^"]
        assert "position to restore" not in result.stdout and "FEN:" not in result.stdout

    def test_explain_adds_the_position_to_restore_and_the_json_has_it_either_way(self) -> None:
        """Of the 16 games, 14 stop at an illegal ply of the main line: all but the one with an
        unknown Rules tag (not replayed) and the one whose result contradicts the board (every
        ply legal). One of the 14 is misnumbered: no position to restore, where the record stops."""
        plain = run("validate", str(ILLEGAL)).stdout.splitlines()
        explained = run("validate", "--explain", str(ILLEGAL)).stdout.splitlines()
        assert [line for line in explained if line in plain] == plain  # (nothing of the default is lost)
        assert sum(line.startswith("  position to restore (") for line in explained) == 13
        assert sum(line.startswith("  the record cannot be followed past") for line in explained) == 1
        assert sum(line.startswith("    FEN: ") for line in explained) == 14
        json_plain = run("validate", "--format", "json", str(ILLEGAL)).stdout
        assert run("validate", "--format", "json", "--explain", str(ILLEGAL)).stdout == json_plain
        assert sum(report["restore"] is not None for report in json.loads(json_plain)) == 14

    def test_the_position_to_restore_is_drawn_alike_from_worker_processes(self) -> None:
        """The reports carry the position to restore as data (RestoreView); it is drawn in the main
        process, plain or painted, as with one process."""
        for options in ([], ["--color"], ["--color", "--no-color"]):
            alone = run("validate", "--explain", *options, str(ILLEGAL)).stdout
            assert run("validate", "--explain", "--jobs", "2", *options, str(ILLEGAL)).stdout == alone
            assert alone.count("position to restore") == 13

    def test_standard_input_shows_its_lines_too(self) -> None:
        result = run("validate", "-", input="1. d2 d6\n2. d2 *\n")
        assert result.stdout.splitlines() == [
            "<stdin>:2:4: error: game 1: 2. d2: d2 is already occupied by a White stone [occupied]",
            "    2. d2 *",
            "       ^",
            "1 game, 0 valid, 1 invalid"]

    @pytest.mark.parametrize("jobs", ["1", "2"])
    def test_a_file_named_twice_shows_its_lines_both_times(self, tmp_path: Path, jobs: str) -> None:
        path = tmp_path / "twice.txt"
        path.write_text("1. d2 d6 *\n\n1. d2 d6\n2. f4 f4 *\n\n1. a1 a1 *\n", encoding="utf-8")
        result = run("validate", "--jobs", jobs, str(path), str(path))
        assert len(self._located(path, result.stdout)) == 4
        assert result.stdout.splitlines()[-1] == "6 games, 2 valid, 4 invalid"

    @pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
    def test_the_lines_are_counted_as_the_reader_counts_them(self, tmp_path: Path, end: str) -> None:
        path = tmp_path / "ends.txt"
        path.write_bytes(("\ufeff[Event \"x\"]" + end + end + "1. d2 d6" + end + "2. f4 f4 *" + end).encode("utf-8"))
        lines = run("validate", str(path)).stdout.splitlines()
        assert lines[:3] == [f"{path}:4:7: error: game 1: 2... f4: f4 is already occupied by a White stone [occupied]",
                             "    2. f4 f4 *",
                             "          ^"]

    @pytest.mark.parametrize("colour", [[], ["--color"]])
    def test_control_characters_in_a_source_line_stay_escaped(self, tmp_path: Path, colour: list[str]) -> None:
        """A comment holding ESC ... BEL (a terminal would set its title) before the bad ply: the line
        is shown with escapes, and the caret still stands under the ply."""
        path = tmp_path / "esc.txt"
        path.write_text("1. d2 {\x1b]0;owned\x07} d2 *\n", encoding="utf-8")
        stdout = run("validate", *colour, str(path)).stdout
        assert "\x07" not in unpainted(stdout) and "\x1b" not in unpainted(stdout)
        assert unpainted(stdout).splitlines()[1:3] == ["    1. d2 {\\x1b]0;owned\\x07} d2 *",
                                                      "                             ^"]

    def test_a_record_in_json_has_no_lines_to_show(self, tmp_path: Path) -> None:
        text = write(tmp_path, "g.txt", "1. d2 d2 *\n")
        record = write(tmp_path, "g.json", run("convert", "--to", "json", text).stdout)
        assert run("validate", record).stdout.splitlines() == [
            f"{record}: error: game 1: 1... d2: d2 is already occupied by a White stone [occupied]",
            "1 game, 0 valid, 1 invalid"]

    def test_a_file_that_changed_since_shows_no_line_it_no_longer_has(self, tmp_path: Path) -> None:
        from muehle.analyzer.batch.source_lines import SourceLines

        path = write(tmp_path, "g.txt", "1. d2\n1... d2 *\n")
        lines = SourceLines({path: path})
        assert (lines.line_text(path, 2), lines.line_text(path, 1), lines.line_text(path, 3)) == ("1... d2 *", "1. d2",
                                                                                                None)
        Path(path).unlink()
        assert lines.line_text(path, 1) is None

    @pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
    def test_a_pipe_is_not_read_again(self, tmp_path: Path) -> None:
        """A named pipe was read once by the reader: looking a line up must not wait on it."""
        from muehle.analyzer.batch.source_lines import SourceLines

        fifo = str(tmp_path / "fifo")
        os.mkfifo(fifo)
        assert SourceLines({fifo: fifo}).line_text(fifo, 1) is None


class TestJson:
    def test_every_field_of_the_contract(self, tmp_path: Path) -> None:
        text = (f'[Event "blocked"]\n[Result "0-1"]\n\n{BLOCKED} 0-1\n\n'
                '[Rules "sanmill"]\n\n1. d2 d6 2. d2-d3 1-0\n')
        path = write(tmp_path, "two.txt", text)
        result = run("validate", "--format", "json", path)
        assert result.exit_code == 1
        first, second = json.loads(result.stdout)
        assert list(first) == ["source", "game", "tags", "rules", "valid", "plies", "errors", "warnings", "outcome",
                               "result", "restore"]
        assert first == {
            "source": path, "game": 1, "tags": {"Event": "blocked", "Result": "0-1"}, "rules": "wmd",
            "valid": True, "plies": 18, "errors": [], "warnings": [],
            "outcome": {"winner": "black", "reason": "blocked", "ply": 18},
            "result": {"declared": "0-1", "consistent": True}, "restore": None,
        }
        assert second["game"] == 2 and second["rules"] == "sanmill" and second["plies"] == 2
        assert second["errors"] == [{
            "code": "must-place", "message": "2. d2-d3: White still has 8 stones in hand and must place one",
            "ply": 3, "move": "d2-d3", "side": "white", "line": 8, "column": 13, "variation": None,
        }]
        assert second["outcome"] is None
        assert second["result"] == {"declared": "1-0", "consistent": None}
        # WMD 6: restore the position after 1. d2 d6 (middle ring d6 f6 f4 f2 d2 b2 b4 b6 in the FEN)
        assert second["restore"] == {
            "ply": 2, "fen": "********/@***O***/******** w p p 1 8 1 8 0 0 -1 -1 -1 -1 0 0 2 ids:nodes",
            "white": ["d2"], "black": ["d6"], "in_hand": {"white": 8, "black": 8}, "to_move": "white",
            "reason": "illegal-ply",
        }

    @pytest.mark.parametrize("name", ["n.txt", "n.json"])
    def test_after_a_misnumbered_ply_restore_says_it_is_no_position_to_restore(self, tmp_path: Path,
                                                                                name: str) -> None:
        """1. d2 d6 3. f4: the third ply is 2. f4; the record cannot be followed past 1... d6,
        and the JSON says so, as the text does, with the position where it stands."""
        path = write(tmp_path, "n.txt", "1. d2 d6 3. f4 *\n")
        if name == "n.json":
            path = write(tmp_path, name, run("convert", "--to", "json", path).stdout)
        (report,) = json.loads(run("validate", "--format", "json", path).stdout)
        assert [e["code"] for e in report["errors"]] == ["numbering"]
        assert report["restore"] == {
            "ply": 2, "fen": "********/@***O***/******** w p p 1 8 1 8 0 0 -1 -1 -1 -1 0 0 2 ids:nodes",
            "white": ["d2"], "black": ["d6"], "in_hand": {"white": 8, "black": 8}, "to_move": "white",
            "reason": "numbering",
        }
        assert "  the record cannot be followed past this position (after 1... d6):" in run(
            "validate", "--explain", path).stdout.splitlines()

    def test_declared_results(self, tmp_path: Path) -> None:
        """A resignation in an unfinished game is fine ("declared"); a wrong result is not."""
        path = write(tmp_path, "r.txt", f"1. d2 d6 1-0\n\n{BLOCKED} 1/2-1/2\n\n1. d2 d6\n")
        reports = json.loads(run("validate", "--format", "json", path).stdout)
        assert reports[0]["outcome"] == {"winner": "white", "reason": "declared", "ply": 2}
        assert reports[0]["valid"] and reports[0]["result"] == {"declared": "1-0", "consistent": True}
        assert reports[1]["result"] == {"declared": "1/2-1/2", "consistent": False}
        assert [e["code"] for e in reports[1]["errors"]] == ["result-mismatch"]
        assert reports[1]["outcome"]["reason"] == "blocked"
        assert reports[2]["outcome"] is None and reports[2]["result"] == {"declared": None, "consistent": True}

    @pytest.mark.parametrize("name", ["v.txt", "v.json"])
    def test_an_error_says_which_variation_it_is_in(self, tmp_path: Path, name: str) -> None:
        """Main line b4 d6 f4 f6 e4 (legal). The variation for ply 3, 2. d2 b2 3. f2, is legal up
        to its 3... d2 (ply 6), on White's d2; in it, the variation for ply 5, 3. b4, places on
        White's b4 of ply 1. Both say which variation they are in, from notation and from JSON."""
        text = write(tmp_path, "v.txt", "1. b4 d6 2. f4 (2. d2 b2 3. f2 (3. b4) d2) f6 3. e4 *\n")
        if name == "v.json":
            text = write(tmp_path, name, run("convert", "--to", "json", text).stdout)
        (report,) = json.loads(run("validate", "--format", "json", text).stdout)
        assert report["plies"] == 5 and report["restore"] is None
        assert [(e["ply"], e["move"], e["variation"], e["message"]) for e in report["errors"]] == [
            (5, "b4", [{"ply": 3, "number": 1}, {"ply": 5, "number": 1}],
             "in the variation for ply 5: 3. b4: b4 is already occupied by a White stone"),
            (6, "d2", [{"ply": 3, "number": 1}],
             "in the variation for ply 3: 3... d2: d2 is already occupied by a White stone"),
        ]

    def test_the_second_variation_of_a_ply_is_number_2(self, tmp_path: Path) -> None:
        """1. d2 (1. d6) (1. a1 a1) d6: the second variation for ply 1 places Black on White's a1."""
        path = write(tmp_path, "two.txt", "1. d2 (1. d6) (1. a1 a1) d6 *\n")
        (report,) = json.loads(run("validate", "--format", "json", path).stdout)
        assert [(e["ply"], e["variation"], e["column"]) for e in report["errors"]] == [
            (2, [{"ply": 1, "number": 2}], 22)]
        assert run("validate", path).stdout.splitlines()[0] == (
            f"{path}:1:22: error: game 1: in the variation for ply 1: 1... a1: a1 is already occupied by a White stone "
            "[occupied]")

    def test_syntax_errors_are_reported_and_nothing_is_replayed(self, tmp_path: Path) -> None:
        path = write(tmp_path, "s.txt", "1. d2 b1 *\n\n1. d2 d6 *\n")
        reports = json.loads(run("validate", "--format", "json", path).stdout)
        assert [r["valid"] for r in reports] == [False, True]
        error = reports[0]["errors"][0]
        assert (error["code"], error["line"], error["column"], error["ply"]) == ("syntax", 1, 7, None)
        assert "b1 is not a point of the board" in error["message"]
        assert reports[0]["plies"] == 0

    @pytest.mark.parametrize("second, column, message", [
        ("1. b4 $" + "1" * 5000 + " *", 7, "NAG $" + "1" * 99 + "... (5001 characters) is out of range: $1 to $255"),
        ("1" * 5000 + ". b4 *", 1, "move number of 5000 digits is too long (at most 4000)"),
    ], ids=["nag", "move-number"])
    def test_a_number_too_long_is_a_syntax_error_of_its_game(self, tmp_path: Path, second: str, column: int,
                                                             message: str) -> None:
        path = write(tmp_path, "long.txt", f"1. d2 d6 *\n\n{second}\n")
        result = run("validate", "--format", "json", path)
        assert result.exit_code == 1
        reports = json.loads(result.stdout)  # the whole report, for both games
        assert [r["valid"] for r in reports] == [True, False]
        error = reports[1]["errors"][0]
        assert (error["code"], error["line"], error["column"], error["message"]) == ("syntax", 3, column, message)

    def test_variation_errors_make_the_game_invalid(self, tmp_path: Path) -> None:
        path = write(tmp_path, "v.txt", "1. d2 d6 (1... d2) 2. f4 *\n")
        (report,) = json.loads(run("validate", "--format", "json", path).stdout)
        assert not report["valid"] and report["plies"] == 3
        assert [(e["code"], e["ply"], e["column"]) for e in report["errors"]] == [("occupied", 2, 16)]


class TestResultTag:
    """A Result tag that is no result, or that contradicts the movetext's result."""

    # game 1 on lines 1-4, its result in column 10; game 2 on lines 6-8, the tag's value
    # in column 10 of line 6; the others declare one result (or none) and are valid
    TEXT = ('[Event "a"]\n[Result "1-0"]\n\n1. b4 d6 0-1\n\n'
            '[Result "2-0"]\n\n1. b4 d6 *\n\n'
            '[Result "1-0"]\n\n1. b4 d6 *\n\n'
            '[Result "?"]\n\n1. b4 d6 1/2-1/2\n\n'
            '[Result "*"]\n\n1. b4 d6 0-1\n\n'
            '[Result "½-½"]\n\n1. b4 d6 1/2-1/2\n')

    @pytest.mark.parametrize("jobs", ["1", "2"])
    def test_a_contradiction_is_at_the_movetexts_result_and_no_result_at_the_tag(
            self, tmp_path: Path, jobs: str) -> None:
        path = write(tmp_path, "r.txt", self.TEXT)
        result = run("validate", "--jobs", jobs, path)
        assert result.exit_code == 1
        assert result.stdout.splitlines() == [
            f"{path}:4:10: error: game 1: the movetext ends with 0-1, but its Result tag says 1-0: a game has one result "
            "[result-tag]",
            "    1. b4 d6 0-1",
            "             ^",
            f"{path}:6:10: error: game 2: the Result tag's value 2-0 is not a result; results are 1-0, 0-1, 1/2-1/2, ½-½ "
            "and * (or ? when unknown) [result-tag]",
            '    [Result "2-0"]',
            "             ^",
            "6 games, 4 valid, 2 invalid",
        ]
        reports = json.loads(run("validate", "--format", "json", path).stdout)
        assert reports[0]["errors"] == [{
            "code": "result-tag",
            "message": "the movetext ends with 0-1, but its Result tag says 1-0: a game has one result",
            "ply": None, "move": None, "side": None, "line": 4, "column": 10, "variation": None}]
        # the movetext's result agrees with the board (the game is unfinished: declared)
        assert reports[0]["result"] == {"declared": "0-1", "consistent": True}
        assert [r["valid"] for r in reports] == [False, False, True, True, True, True]

    @pytest.mark.parametrize("fast", [True, False])
    def test_either_reader_locates_the_result(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               fast: bool) -> None:
        """The fast reader and the LALR parser (``fastread.ENABLED`` false) give the same place."""
        monkeypatch.setattr(fastread, "ENABLED", fast)
        path = write(tmp_path, "p.txt", '[Event "a"] [Result "0-1"]\n1. b4 {x}\nd6 1-0\n')
        assert run("validate", path).stdout.splitlines()[0] == (
            f"{path}:3:4: error: game 1: the movetext ends with 1-0, but its Result tag says 0-1: a game has one result "
            "[result-tag]")

    def test_a_data_record_is_judged_alike(self, tmp_path: Path) -> None:
        record = json_record({"tags": {"Result": "1-0"}, "plies": [data_ply(1, "white", "d2")], "result": "0-1"},
                             {"tags": {"Result": "won"}, "plies": [data_ply(1, "white", "d2")]})
        path = write(tmp_path, "r.json", record)
        assert run("validate", path).stdout.splitlines() == [
            f"{path}: error: game 1: the record's result is 0-1, but its Result tag says 1-0: a game has one "
            "result [result-tag]",
            f"{path}: error: game 2: the Result tag's value won is not a result; results are 1-0, 0-1, "
            "1/2-1/2, ½-½ and * (or ? when unknown) [result-tag]",
            "2 games, 0 valid, 2 invalid",
        ]


class TestDataRecords:
    """JSON and YAML records (as ``muehle convert`` writes them) are validated like notation."""

    @pytest.mark.parametrize("form", ["json", "yaml"])
    @pytest.mark.parametrize("jobs", ["1", "2"])
    def test_the_illegal_examples_get_the_same_verdicts_from_a_data_record(
            self, tmp_path: Path, form: str, jobs: str) -> None:
        record = run("convert", "--to", form, str(ILLEGAL)).stdout
        path = write(tmp_path, f"illegal.{form}", record)
        from_data = json.loads(run("validate", "--format", "json", "--jobs", jobs, path).stdout)
        from_text = json.loads(run("validate", "--format", "json", str(ILLEGAL)).stdout)
        assert len(from_data) == len(from_text) == 16

        def verdict(report: dict) -> tuple:  # (what does not depend on where the record stands)
            errors = [(e["code"], e["message"], e["ply"], e["move"], e["side"]) for e in report["errors"]]
            return report["valid"], report["plies"], errors, report["outcome"], report["result"], report["restore"]

        assert [verdict(r) for r in from_data] == [verdict(r) for r in from_text]
        assert all(r["source"] == path for r in from_data)
        # the places the record keeps are in illegal-moves.txt, not in this file: errors carry none
        assert all((e["line"], e["column"]) == (0, 0) for r in from_data for e in r["errors"])

    def test_an_error_in_a_data_record_names_its_game(self, tmp_path: Path) -> None:
        record = json_record({"tags": {}, "plies": [data_ply(1, "white", "d2")], "result": "*"},
                             {"tags": {}, "plies": [data_ply(1, "white", "d2", line=1, column=4),
                                                    data_ply(1, "black", "d2", line=1, column=7)]})
        path = write(tmp_path, "two.json", record)
        result = run("validate", path)
        assert result.exit_code == 1
        assert result.stdout.splitlines()[0] == (
            f"{path}: error: game 2: 1... d2: d2 is already occupied by a White stone [occupied]")
        assert result.stdout.splitlines()[-1] == "2 games, 1 valid, 1 invalid"

    def test_a_bad_fen_in_a_data_record_names_the_game_and_no_place(self, tmp_path: Path) -> None:
        fen = "********/O*@*O*@*/******** w p p 2 7 3 7 0 0 0 0 0 0 0 0 3"  # Black: 3 said, 2 shown
        record = json_record({"tags": {"SetUp": "1", "FEN": fen}, "plies": [data_ply(3, "white", "f6")]})
        path = write(tmp_path, "setup.json", record)
        (report,) = json.loads(run("validate", "--format", "json", path).stdout)
        (error,) = report["errors"]
        assert (error["code"], error["line"], error["column"]) == ("setup", 0, 0)
        assert run("validate", path).stdout.startswith(
            f"{path}: error: game 1: in the FEN tag: FEN field 7 (Black's stones on the board): "
            "says Black has 3 stones on the board, but the board shows 2 [setup]")

    def test_a_yaml_record_on_standard_input_is_known_by_its_format_line(self) -> None:
        record = "format: muehle-record\nversion: 1\ngames:\n- tags: {}\n  plies:\n" \
                 "  - {number: 1, side: white, to: d2}\n  - {number: 1, side: black, to: d6}\n"
        result = run("validate", "-", input=record)
        assert (result.exit_code, result.stdout) == (0, "1 game, 1 valid, 0 invalid\n")

    @pytest.mark.parametrize("jobs", ["1", "2"])
    def test_a_json_record_on_standard_input_named_twice_is_read_once_and_judged_twice(self, jobs: str) -> None:
        record = run("convert", "--to", "json", str(ILLEGAL)).stdout
        result = run("validate", "--format", "json", "--jobs", jobs, "-", "-", input=record)
        reports = json.loads(result.stdout)
        assert result.exit_code == 1 and len(reports) == 32 and not any(r["valid"] for r in reports)
        assert [r["game"] for r in reports] == [*range(1, 17)] * 2 and {r["source"] for r in reports} == {"<stdin>"}

    def test_notation_on_standard_input_may_start_with_a_comment(self) -> None:
        """What the writer gives for a game without tags: a comment first, not JSON."""
        result = run("validate", "-", input="{ Setzphase } 1. b4 d1 2. e4 a7 *\n")
        assert (result.exit_code, result.stdout) == (0, "1 game, 1 valid, 0 invalid\n")

    def test_notation_on_standard_input_may_start_with_an_empty_comment(self) -> None:
        """``{}`` followed by moves is an empty comment; ``{}`` alone is an empty JSON object."""
        result = run("validate", "-", input="{}\n1. b4 d1 *\n")
        assert (result.exit_code, result.stdout) == (0, "1 game, 1 valid, 0 invalid\n")
        alone = run("validate", "-", input=" {} \n")
        assert alone.exit_code == 1 and "<stdin>: error: missing key 'format'" in alone.stderr

    def test_a_yaml_record_with_crlf_line_ends_on_standard_input(self) -> None:
        record = run("convert", "--to", "yaml", str(ILLEGAL)).stdout
        result = run("validate", "-", input=record.replace("\n", "\r\n"))
        assert result.stdout.splitlines()[-1] == "16 games, 0 valid, 16 invalid"

    def test_an_error_in_a_variation_of_a_data_record_says_so(self, tmp_path: Path) -> None:
        """1. d2 (1. d2 d2) d6 2. d2: the variation replacing ply 1 places Black on White's d2 at
        its second ply; the main line's White places on d2 again at ply 3. In notation the
        places tell the lines apart, and in both the variation says so; from JSON the errors
        come in the order of their plies, as the places order them in notation."""
        text = write(tmp_path, "var.txt", "1. d2 (1. d2 d2) d6 2. d2 *\n")
        record = write(tmp_path, "var.json", run("convert", "--to", "json", text).stdout)
        occupied = "d2: d2 is already occupied by a White stone [occupied]"
        assert run("validate", text).stdout.splitlines()[:6] == [
            f"{text}:1:14: error: game 1: in the variation for ply 1: 1... {occupied}",
            "    1. d2 (1. d2 d2) d6 2. d2 *",
            "                 ^",
            f"{text}:1:24: error: game 1: 2. {occupied}",
            "    1. d2 (1. d2 d2) d6 2. d2 *",
            "                           ^"]
        assert [line for line in run("validate", record).stdout.splitlines() if "error" in line] == [
            f"{record}: error: game 1: in the variation for ply 1: 1... {occupied}",
            f"{record}: error: game 1: 2. {occupied}"]

    def test_standard_input_that_is_not_utf8_is_an_unreadable_input_and_the_others_are_checked(
            self, tmp_path: Path) -> None:
        good = write(tmp_path, "good.txt", "1. d2 d6 *\n")
        result = run("validate", good, "-", good, input=b"\xff1. d2 *")
        assert result.exit_code == 1
        assert result.stdout == "2 games, 2 valid, 0 invalid, 1 unreadable input\n"
        assert result.stderr == "<stdin>:1:1: error: not UTF-8 text (byte 0xff)\n"

    def test_a_broken_data_record_is_an_unreadable_input_and_the_others_are_checked(self, tmp_path: Path) -> None:
        broken = write(tmp_path, "broken.json", '{"format": "muehle-record",\n "version": 1\n "games": []}\n')
        wrong = write(tmp_path, "wrong.yaml", "format: muehle-record\nversion: 1\ngames:\n- plies: []\n  tagz: {}\n")
        good = write(tmp_path, "good.txt", "1. d2 d6 *\n")
        result = run("validate", broken, wrong, good)
        assert result.exit_code == 1
        assert result.stdout == "1 game, 1 valid, 0 invalid, 2 unreadable inputs\n"
        assert f"{broken}:3:2: error: invalid JSON: Expecting ',' delimiter" in result.stderr
        assert f"{wrong}: error: games[0]: unknown key 'tagz'" in result.stderr

    def test_a_data_record_that_is_not_utf8_is_an_unreadable_input(self, tmp_path: Path) -> None:
        path = tmp_path / "latin.json"
        path.write_bytes('{"format": "muehle-record", "version": 1, "games": [{"tags": {"Event": "M\u00fchle"}}]}'
                         .encode("latin-1"))
        result = run("validate", str(path))
        assert (result.exit_code, result.stdout) == (1, "0 games, 0 valid, 0 invalid, 1 unreadable input\n")
        column = len('{"format": "muehle-record", "version": 1, "games": [{"tags": {"Event": "M') + 1  # the ü
        assert result.stderr == f"{path}:1:{column}: error: not UTF-8 text (byte 0xfc)\n"


class TestExitCodes:
    def test_all_valid_is_zero(self, tmp_path: Path) -> None:
        result = run("validate", write(tmp_path, "ok.txt", f"{BLOCKED} 0-1\n"))
        assert result.exit_code == 0 and result.stdout == "1 game, 1 valid, 0 invalid\n"

    @pytest.mark.parametrize("jobs", ["1", "2"])
    def test_an_input_without_a_game_is_an_input_error(self, tmp_path: Path, jobs: str) -> None:
        """A truncated upload must not pass as checked: empty, blank, or a data record of no games."""
        empty = write(tmp_path, "empty.txt", "")
        blank = write(tmp_path, "blank.txt", "\n  \r\n\n")
        none = write(tmp_path, "none.json", '{"format": "muehle-record", "version": 1, "games": []}')
        good = write(tmp_path, "ok.txt", "1. d2 d6 *\n")
        result = run("validate", "--jobs", jobs, empty, good, blank, none, "-", input="")
        assert result.exit_code == 1
        assert result.stdout == "1 game, 1 valid, 0 invalid, 4 unreadable inputs\n"
        assert result.stderr.splitlines() == [f"{name}: error: there is no game in the input"
                                              for name in (empty, blank, none, "<stdin>")]
        as_json = run("validate", "--format", "json", empty)
        assert (as_json.exit_code, as_json.stdout) == (1, "[]\n")
        assert as_json.stderr == f"{empty}: error: there is no game in the input\n"

    def test_an_unreadable_file_is_reported_and_the_others_checked(self, tmp_path: Path) -> None:
        good = write(tmp_path, "ok.txt", "1. d2 d6 *\n")
        missing = str(tmp_path / "missing.txt")
        result = run("validate", missing, good)
        assert result.exit_code == 1
        assert f"{missing}: error: cannot read {missing}: No such file or directory" in result.stderr
        assert result.stdout.endswith("1 game, 1 valid, 0 invalid, 1 unreadable input\n")

    def test_a_file_that_is_not_utf8(self, tmp_path: Path) -> None:
        path = tmp_path / "latin1.txt"
        path.write_bytes('[Event "M\xfchle"]\n\n1. d2 *\n'.encode("latin-1"))
        result = run("validate", str(path))
        # the game that holds the byte is invalid, located at it; no input is unreadable
        # (the line is shown as it was read, with U+FFFD for the byte)
        assert result.exit_code == 1 and result.stdout == (
            f"{path}:1:10: error: game 1: not UTF-8 text (byte 0xfc) [syntax]\n"
            '    [Event "M\ufffdhle"]\n'
            "             ^\n"
            "1 game, 0 valid, 1 invalid\n")
        assert "Traceback" not in result.output

    def test_standard_input(self) -> None:
        result = run("validate", "-", input="1. d2 d2 *\n")
        assert result.exit_code == 1
        assert result.stdout.startswith("<stdin>:1:7: error: game 1: 1... d2: d2 is already occupied")

    @pytest.mark.parametrize("args", [[], ["--format", "xml", "x.txt"], ["--jobs", "-1", "x.txt"],
                                      ["--rules", "fide", "x.txt"]])
    def test_usage_errors_are_two(self, args: list[str]) -> None:
        assert run("validate", *args).exit_code == 2

    def test_a_bad_ruleset_file_is_one_and_located(self, tmp_path: Path) -> None:
        rules = write(tmp_path, "club.yaml", "name: club\ndouble_mill: sometimes\n")
        result = run("validate", "--rules", rules, write(tmp_path, "g.txt", "1. d2 *\n"))
        assert result.exit_code == 1
        assert f"{rules}:2:1: error: double_mill: must be one of placing, always, never" in result.stderr

    def test_a_ruleset_file_is_used(self, tmp_path: Path) -> None:
        """A club that forbids capturing from mills (WMD 1.2) rejects the capture of a7."""
        rules = write(tmp_path, "club.yaml", "base: wmd\ncapture_from_mill: never\n")
        game = write(tmp_path, "g.txt", "1. d2 d7 2. f2 g7 3. c4 a7/xc4 4. b2/xa7 *\n")
        assert run("validate", game).exit_code == 0
        result = run("validate", "--rules", rules, "--format", "json", game)
        (report,) = json.loads(result.stdout)
        assert report["rules"] == "club" and report["errors"][0]["code"] == "protected-stone"


class TestSetUp:
    def test_a_record_starts_from_its_fen(self, tmp_path: Path) -> None:
        """After d6 f4 d2 b4 (the FEN of Sanmill's README), White's f6 with d6 is no mill, and
        Black's b6 next to b4 neither; both plies are legal placements."""
        fen = "********/O*@*O*@*/******** w p p 2 7 2 7 0 0 0 0 0 0 0 0 3"
        path = write(tmp_path, "s.txt", f'[SetUp "1"]\n[FEN "{fen}"]\n\n3. f6 b6 *\n')
        (report,) = json.loads(run("validate", "--format", "json", path).stdout)
        assert report["valid"] and report["plies"] == 2

    def test_a_count_contradicting_the_hands_is_a_setup_error_at_field_16(self, tmp_path: Path) -> None:
        """White is to move, so Black played last, and Black still has 7 in hand: that ply was a
        placement, so no ply can have passed since one."""
        fen = "********/O*@*O*@*/******** w p p 2 7 2 7 0 0 0 0 0 0 0 5 3"
        path = write(tmp_path, "s.txt", f'[SetUp "1"]\n[FEN "{fen}"]\n\n3. f6 b6 *\n')
        result = run("validate", path)
        assert result.exit_code == 1
        column = len('[FEN "') + fen.index(" 5 3") + 2
        assert result.stdout.startswith(
            f"{path}:2:{column}: error: game 1: in the FEN tag: FEN field 16 (plies since the last placement or "
            "capture): says 5, but Black, who played last, still has 7 stones in hand")

    @pytest.mark.parametrize("jobs", ["1", "2"])
    def test_variations_nested_too_deeply_make_an_invalid_game_and_the_others_are_checked(
            self, tmp_path: Path, jobs: str) -> None:
        deep = "1. b4 " + "(1. d2 " * 2000 + ")" * 2000 + " d6 *"
        path = write(tmp_path, "deep.txt", f"{deep}\n\n1. d2 d6 *\n")
        result = run("validate", "--format", "json", "--jobs", jobs, path)
        first, second = json.loads(result.stdout)
        assert result.exit_code == 1 and second["valid"]
        assert [(e["code"], e["message"], e["line"], e["column"]) for e in first["errors"]] == [
            ("syntax", "variations nest more than 50 deep here; muehle reads 50 levels at most", 1, 357)]

    @pytest.mark.parametrize("jobs", ["1", "2"])
    def test_a_bad_fen_is_a_setup_error_at_the_tag(self, tmp_path: Path, jobs: str) -> None:
        """The error points into the FEN tag on line 2 (column 15: after its only field)."""
        path = write(tmp_path, "s.txt", '[SetUp "1"]\n[FEN "nonsense"]\n\n3. f6 b6 *\n')
        (report,) = json.loads(run("validate", "--format", "json", "--jobs", jobs, path).stdout)
        assert not report["valid"] and report["errors"][0]["code"] == "setup"
        assert (report["errors"][0]["line"], report["errors"][0]["column"]) == (2, 15)
        result = run("validate", "--jobs", jobs, path)
        assert result.stdout.startswith(f"{path}:2:15: error: game 1: in the FEN tag: a Sanmill FEN has 17 fields")

    def test_a_fen_number_too_long_is_a_setup_error_at_its_field(self, tmp_path: Path) -> None:
        fen = "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 " + "1" * 5000
        path = write(tmp_path, "s.txt", f'[SetUp "1"]\n[FEN "{fen}"]\n\nd2 d6 *\n')
        result = run("validate", path)
        assert result.exit_code == 1
        assert result.stdout.startswith(f"{path}:2:64: error: game 1: in the FEN tag: FEN field 17 (full-move number): "
                                        "a number of 5000 digits is too long (at most 4000) [setup]")

    @pytest.mark.parametrize("jobs", ["1", "2"])
    def test_a_fen_with_more_stones_than_the_rules_give_is_a_setup_error(self, tmp_path: Path, jobs: str) -> None:
        """Ten White stones on the board under wmd (nine each, WMD 1.1); the error stands at
        field 5 of the FEN on line 2. Under a ruleset of twelve stones the record is valid."""
        fen = "OOOOOOOO/OO******/*****@@@ w m s 10 0 3 0 0 0 0 0 0 0 0 0 30"
        path = write(tmp_path, "s.txt", f'[SetUp "1"]\n[FEN "{fen}"]\n\n30. d6-d7 *\n')
        (report,) = json.loads(run("validate", "--format", "json", "--jobs", jobs, path).stdout)
        (error,) = report["errors"]
        assert (error["code"], error["line"], error["column"]) == ("setup", 2, 7 + 33)
        assert "White has 10 stones on the board and 0 in hand, 10 in all; the rules give each side 9" \
            in error["message"]
        twelve = write(tmp_path, "twelve.yaml", "base: wmd\nstones: 12\n")
        result = run("validate", "--rules", twelve, "--jobs", jobs, path)
        assert result.exit_code == 0, result.output

    @pytest.mark.parametrize("jobs", ["1", "2"])
    @pytest.mark.parametrize("text, game, code, place", [
        # a Rules tag naming no ruleset, in the second game; the game starts after another on
        # its first line; a comment before the tags; two tag pairs on one line (read by the
        # parser); a FEN tag beside the other game
        ('1. d2 *\n\n[Event "x"]\n[Rules "fide"]\n\n1. d2 *\n', 1, "unknown-rules", (4, 9)),
        ('1. d2 * [SetUp "1"]\n[FEN "nonsense"]\n\n1. d2 *\n', 1, "setup", (2, 15)),
        ('{ set up }\n[SetUp "1"]\n[FEN "nonsense"]\n\n1. d2 *\n', 0, "setup", (3, 15)),
        ('[SetUp "1"] [FEN "nonsense"]\n\n1. d2 *\n', 0, "setup", (1, 27)),
        ('1. d2 * [SetUp "1"] [FEN "x"]\n\n1. d2 *\n', 1, "setup", (1, 28)),
        ('{ note }\n[Rules "fide"]\n\n1. d2 *\n', 0, "unknown-rules", (2, 9)),
    ])
    def test_tag_errors_point_at_the_value_in_any_layout(self, tmp_path: Path, jobs: str, text: str, game: int,
                                                         code: str, place: tuple[int, int]) -> None:
        reports = json.loads(run("validate", "--format", "json", "--jobs", jobs, write(tmp_path, "t.txt", text)).stdout)
        assert [report["valid"] for report in reports] == [index != game for index in range(len(reports))]
        (error,) = reports[game]["errors"]
        assert (error["code"], error["line"], error["column"]) == (code, *place)

    @pytest.mark.parametrize("jobs", ["1", "2"])
    def test_a_bad_fen_on_standard_input_is_at_the_tag_too(self, jobs: str) -> None:
        text = '[Event "x"]\n[SetUp "1"]\n  [FEN  "nonsense"]\n\n3. f6 b6 *\n'
        (report,) = json.loads(run("validate", "--format", "json", "--jobs", jobs, "-", input=text).stdout)
        assert report["errors"][0]["code"] == "setup"
        assert (report["errors"][0]["line"], report["errors"][0]["column"]) == (3, 18)

    @pytest.mark.parametrize("jobs", ["1", "2"])
    def test_the_no_progress_count_goes_on_from_the_fen(self, tmp_path: Path, jobs: str) -> None:
        """examples/setup-no-progress.txt, game 1, played on: 96 plies without a placement or
        capture before the set-up, so under a ruleset reading field 16 Sanmill's automatic draw
        comes after the fourth ply (71... d6-d5) and the fifth, 72. d3-d2 at column 37 of line 15,
        is one too many."""
        text = (ROOT / "examples" / "setup-no-progress.txt").read_text("utf-8").replace(
            "{ The 100th such ply: drawn. } 1/2-1/2", "72. d3-d2 *")
        path = write(tmp_path, "on.txt", text)
        result = run("validate", "--format", "json", "--jobs", jobs, "--rules",
                     str(ROOT / "examples" / "sanmill-field-16.yaml"), path)
        assert result.exit_code == 1
        first = json.loads(result.stdout)[0]
        (error,) = first["errors"]
        assert (error["code"], error["ply"], error["line"], error["column"]) == ("after-game-end", 5, 15, 37)
        assert "the game was already over after ply 4 (drawn by the no-capture rule)" in error["message"]
        assert first["outcome"] == {"winner": None, "reason": "no-capture", "ply": 4}
        assert json.loads(run("validate", "--format", "json", "--jobs", jobs, path).stdout)[1]["valid"]  # (game 2, wmd)


class TestJobs:
    def test_output_is_the_same_with_several_processes(self, tmp_path: Path) -> None:
        games = list(generate_games(load_ruleset("wmd"), 4, 300))
        generated = write(tmp_path, "gen.txt", write_notation(games))
        broken = write(tmp_path, "broken.txt", "1. d2 b1 *\n{ a comment only }\n\n" + ILLEGAL.read_text("utf-8"))
        files = [generated, str(ILLEGAL), str(tmp_path / "missing.txt"), broken]
        for output_format in ("text", "json"):
            single = run("validate", "--format", output_format, *files)
            double = run("validate", "--format", output_format, "--jobs", "2", *files)
            assert single.exit_code == double.exit_code == 1
            assert single.stdout == double.stdout and single.stderr == double.stderr
        # broken.txt: the game with b1 (its comment after the result belongs to it), then 16 more
        assert single.stdout.count('"source"') == 300 + 16 + 17

    def test_standard_input_is_cut_into_pieces_too(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        from muehle.analyzer.batch import validate

        monkeypatch.setattr(validate, "RANGE_BYTES", 64)  # many ranges
        monkeypatch.setattr(validate, "MIN_RANGE_BYTES", 64)
        text = write_notation(list(generate_games(load_ruleset("wmd"), 5, 40))) + "\n1. d2 d2 *\n"
        single = run("validate", "--format", "json", "-", input=text)
        double = run("validate", "--format", "json", "--jobs", "2", "-", input=text)
        assert single.exit_code == double.exit_code == 1
        assert single.stdout == double.stdout
        reports = json.loads(double.stdout)
        assert [r["game"] for r in reports] == list(range(1, 42))
        assert [r["source"] for r in reports] == ["<stdin>"] * 41
        assert [e["code"] for e in reports[-1]["errors"]] == ["occupied"]

    def test_reports_travel_between_processes_whole(self) -> None:
        import pickle

        text = ILLEGAL.read_text("utf-8") + "\n\n" + write_notation(list(generate_games(load_ruleset("wmd"), 3, 5)))
        reports = [judge(game, index) for index, game in enumerate(read_games(text, "t.txt"), 1)]
        assert any(report.restore for report in reports) and any(report.valid for report in reports)
        assert pickle.loads(pickle.dumps(reports)) == reports

    def test_jobs_zero_is_one_process_per_processor(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        from muehle.analyzer.batch import validate

        started = pools_started(monkeypatch, validate)
        monkeypatch.setattr(validate, "usable_processors", lambda: 2)
        # (ranges of 64 bytes: work for two workers; a pool is started only where there is)
        monkeypatch.setattr(validate, "RANGE_BYTES", 64)
        monkeypatch.setattr(validate, "MIN_RANGE_BYTES", 64)
        path = write(tmp_path, "g.txt", f"{BLOCKED} 0-1\n\n1. d2 d2 *\n")
        assert Path(path).stat().st_size > 64
        single, auto = run("validate", "--format", "json", path), run("validate", "--format", "json", "--jobs", "0", path)
        assert started == [2]
        assert single.exit_code == auto.exit_code == 1 and single.stdout == auto.stdout
        monkeypatch.setattr(validate, "usable_processors", lambda: 1)  # one processor: no pool
        assert run("validate", "--format", "json", "--jobs", "0", path).stdout == single.stdout and started == [2]

    def test_usable_processors_follow_the_affinity_else_the_count(self, monkeypatch: pytest.MonkeyPatch) -> None:
        import os

        from muehle.analyzer.batch.validate import usable_processors

        monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 3, 5}, raising=False)
        assert usable_processors() == 3
        monkeypatch.delattr(os, "sched_getaffinity")
        monkeypatch.setattr(os, "cpu_count", lambda: None)
        assert usable_processors() == 1

    def test_a_negative_number_of_jobs_is_refused(self, tmp_path: Path) -> None:
        from muehle.analyzer.batch.validate import validate_paths

        with pytest.raises(ValueError, match="not -2"):
            next(validate_paths([write(tmp_path, "g.txt", "1. d2 *\n")], jobs=-2))

    def test_the_library_counts_plies(self, tmp_path: Path) -> None:
        path = write(tmp_path, "ok.txt", f"{BLOCKED} 0-1\n\n1. d2 d6 *\n")
        summary = validate_file(path, "wmd", jobs=2)
        assert (summary.games, summary.valid, summary.plies) == (2, 2, 20)


    @pytest.mark.parametrize("jobs", [1, 2])
    def test_path_objects_give_reports_named_by_text(self, tmp_path: Path, jobs: int) -> None:
        from muehle.analyzer.batch.validate import validate_paths
        from muehle.notation.text.errors import MuehleError

        path = Path(write(tmp_path, "g.txt", "1. d2 d2 *\n"))
        report, missing = validate_paths([path, tmp_path / "none.txt"], jobs=jobs)
        assert report.source == str(path) and json.loads(json.dumps(report.to_dict()))["source"] == str(path)
        assert report.text_lines(False)[0] == \
            f"{path}:1:7: error: game 1: 1... d2: d2 is already occupied by a White stone [occupied]"
        assert isinstance(missing, MuehleError)
        assert str(missing) == f"{tmp_path / 'none.txt'}: error: cannot read {tmp_path / 'none.txt'}: " \
                               "No such file or directory"
        assert validate_file(path).invalid == 1

    def test_the_library_takes_the_rules_by_name(self, tmp_path: Path) -> None:
        """As ``validate_file`` does; an unknown name or a wrong type is an error at the call."""
        from muehle.analyzer.batch.validate import validate_paths
        from muehle.notation.text.errors import FormatError

        path = write(tmp_path, "g.txt", "1. d2 d6 *\n")
        assert [report.rules for report in validate_paths([path], "sanmill")] == ["sanmill"]
        assert judge(next(read_games("1. d2 d6 *")), rules="schuermann").rules == "schuermann"
        with pytest.raises(FormatError, match="unknown ruleset 'fide'"):
            validate_paths([path], "fide")
        with pytest.raises(FormatError, match="unknown ruleset 'fide'"):
            judge(next(read_games("1. d2 d6 *")), rules="fide")
        with pytest.raises(TypeError, match="^rules must be a Ruleset"):
            validate_paths([path], 60)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="^names must be an iterable of paths, not one path"):
            validate_paths(path)  # type: ignore[arg-type]

@pytest.mark.parametrize("output_format", ["text", "json"])
def test_a_run_broken_off_still_reports_what_was_checked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         output_format: str) -> None:
    # (as when a worker process is killed: validate_paths raises an error of code "worker")
    from muehle.analyzer.cli import validate as command
    from muehle.notation.text.errors import MuehleError

    path = write(tmp_path, "two.txt", "1. d2 d6 *\n\n1. f4 f2 *\n")
    real = command.validate_paths

    def breaks_off(*args, **kwargs):  # type: ignore[no-untyped-def]
        reports = real(*args, **kwargs)
        yield next(reports)
        raise MuehleError("a worker process stopped unexpectedly (exit status -9)", source=path, code="worker")

    monkeypatch.setattr(command, "validate_paths", breaks_off)
    result = run("validate", "--format", output_format, path)
    assert result.exit_code == 1
    if output_format == "json":
        assert [report["game"] for report in json.loads(result.stdout)] == [1]
    else:
        assert result.stdout == "1 game, 1 valid, 0 invalid\n"
    assert f"{path}: error: a worker process stopped unexpectedly (exit status -9)" in result.stderr
    assert "stopped; 1 game, 1 valid, 0 invalid checked so far" in result.stderr


class TestScheduler:
    """``--scheduler``: the same report from a Dask cluster (the cluster itself: tests/analyzer/batch/test_dask_backend.py)."""

    def test_without_dask_the_option_says_how_to_install_it(self, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
        import sys

        monkeypatch.setitem(sys.modules, "dask.distributed", None)  # (an import of it fails)
        path = write(tmp_path, "g.txt", "1. d2 d6 *\n")
        result = run("validate", "--scheduler", "local", path)
        assert result.exit_code == 1 and result.stdout == ""
        assert result.stderr == ("muehle: --scheduler needs Dask's distributed scheduler; install it with: "
                                 "pip install 'muehle[dask]'\n")
        from muehle.analyzer.batch.validate import validate_paths

        with pytest.raises(ImportError, match=r"pip install 'muehle\[dask\]'"):
            validate_paths([path], scheduler="local")  # (at the call)

    def test_a_local_cluster_prints_the_report_of_one_process(self, tmp_path: Path) -> None:
        pytest.importorskip("dask.distributed", reason="Dask is in the test extra: pip install '.[test]'")
        games = list(generate_games(load_ruleset("wmd"), 4, 60))
        generated = write(tmp_path, "gen.txt", write_notation(games))
        files = [generated, str(ILLEGAL), str(tmp_path / "missing.txt"), "-"]
        text = ILLEGAL.read_text("utf-8")
        for output_format in ("text", "json"):
            single = run("validate", "--format", output_format, *files, input=text)
            cluster = run("validate", "--format", output_format, "--scheduler", "local", "--jobs", "2", *files,
                          input=text)
            assert single.exit_code == cluster.exit_code == 1
            assert single.stdout == cluster.stdout and single.stderr == cluster.stderr
