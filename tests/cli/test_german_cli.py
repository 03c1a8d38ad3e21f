"""``--lang de`` and a German environment: messages, reports, diagrams and help in German; the
codes, the data formats and the locations unchanged; English when nothing asks for German."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from muehle.notation.text.i18n import current_language
from paths import ROOT
from runner import command_paths, run

ENDINGS = str(ROOT / "examples" / "analyze-endings.txt")
# A complete legal game (placements without mills); White is blocked after ply 18
# (tests/analyzer/engine/test_replay.py works it out on the board).
BLOCKED = "1. a1 a7 2. a4 b4 3. b2 c4 4. c3 d2 5. d1 d6 6. d3 e3 7. d7 f4 8. f2 g1 9. f6 g7"
LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture
def record(tmp_path: Path) -> str:
    """Black places on d2, where White's first stone stands (line 2, column 7)."""
    path = tmp_path / "occupied.txt"
    path.write_text('[Rules "wmd"]\n1. d2 d2 *\n', encoding="utf-8")
    return str(path)


@pytest.fixture
def english_environment(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for variable in LANGUAGE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    return monkeypatch


def test_validate_says_the_broken_rule_in_german_at_its_place(record: str, english_environment) -> None:
    result = run("--lang", "de", "validate", record)
    assert result.exit_code == 1
    assert f"{record}:2:7: Fehler: Partie 1: 1... d2: auf d2 steht schon ein weißer Stein [occupied]" in result.output
    assert "1 Partie, 0 regelgerecht, 1 regelwidrig" in result.output
    explained = run("--lang", "de", "validate", "--explain", record).output
    assert "wiederherzustellende Stellung (nach 1. d2; WMD 6):" in explained


def test_the_option_may_follow_the_command(record: str, english_environment) -> None:
    assert run("validate", "--lang", "de", record).output == run("--lang", "de", "validate", record).output


def test_json_keeps_its_codes_and_gives_the_message_in_german(record: str, english_environment) -> None:
    result = run("--lang", "de", "validate", "--format", "json", record)
    error = json.loads(result.stdout)[0]["errors"][0]
    assert error["code"] == "occupied" and error["side"] == "black" and error["move"] == "d2"
    assert error["message"] == "1... d2: auf d2 steht schon ein weißer Stein"


def test_a_record_that_cannot_be_read_is_reported_in_german_with_its_place(tmp_path: Path,
                                                                         english_environment) -> None:
    missing = str(tmp_path / "missing.txt")
    result = run("--lang", "de", "show", missing)
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr.startswith(f"{missing}: Fehler: {missing} ") and "cannot read" not in result.stderr
    assert result.stderr.endswith(": No such file or directory\n")  # (the system's words)
    result = run("--lang", "de", "show", ENDINGS, "--ply", "99")
    assert result.exit_code == 1
    assert "es gibt keinen Halbzug 99: die Partie hat 18 Halbzüge" in result.output


def test_show_words_the_diagram_in_german(english_environment) -> None:
    # after 9... d7 White has no stone next to a free point (the example's comment; WMD 10.2)
    lines = run("--lang", "de", "show", ENDINGS, "--ascii").output.splitlines()
    assert lines[-4].startswith("Letzter Halbzug: 9... d7   [ ] gesetzt")
    assert lines[-3] == "Weiß (W): 9 auf dem Brett, 0 in der Hand, ziehen"
    assert lines[-2] == "Schwarz (B): 9 auf dem Brett, 0 in der Hand, ziehen"
    assert lines[-1] == "Partie zu Ende: Weiß kann nicht ziehen"
    assert run("--lang", "de", "show", ENDINGS, "--ply", "17").output.splitlines()[-1] == "Schwarz am Zug"


def test_analyze_reports_in_german_and_keeps_the_event_types(tmp_path: Path, english_environment) -> None:
    path = tmp_path / "blocked.txt"
    path.write_text(f'[Rules "wmd"]\n{BLOCKED} 0-1\n', encoding="utf-8")
    text = run("--lang", "de", "analyze", str(path)).output
    assert "game-over" in text  # (the event types are codes)
    assert "Zusammenfassung" in text
    assert "Schwarz gewinnt nach 9... (Weiß kann nicht ziehen); angegeben 0-1: stimmt überein" in text


def test_the_group_s_help_is_german(english_environment) -> None:
    text = run("--lang", "de", "--help").output
    assert "Befehle:" in text
    assert re.search(r"^  rules +Die Regelwerke auflisten oder eines als YAML ausgeben\.$", text, re.MULTILINE)
    assert "Diese Hilfe zeigen und beenden." in text
    command = run("--lang", "de", "show", "--help").output
    assert "Das Diagramm nur mit ASCII-Zeichen zeichnen." in command


def test_a_german_environment_chooses_german(record: str, english_environment) -> None:
    english_environment.setenv("LANG", "de_DE.UTF-8")
    assert "auf d2 steht schon ein weißer Stein" in run("validate", record).output
    assert "Befehle:" in run("--help").output


def test_lang_en_beats_the_environment(record: str, english_environment) -> None:
    english_environment.setenv("LC_ALL", "de_AT.UTF-8")
    for args in (["--lang", "en", "validate", record], ["validate", "--lang", "en", record]):
        output = run(*args).output
        assert f"{record}:2:7: error: game 1: 1... d2: d2 is already occupied by a White stone [occupied]" in output
        assert "1 game, 0 valid, 1 invalid" in output


def test_english_is_the_default(record: str, english_environment) -> None:
    assert "d2 is already occupied by a White stone" in run("validate", record).output
    assert "Commands:" in run("--help").output


def test_an_unknown_language_is_a_usage_error_naming_the_choices(record: str, english_environment) -> None:
    result = run("--lang", "fr", "validate", record)
    assert result.exit_code == 2
    assert "'fr' is not one of 'en', 'de'" in result.output


def test_the_language_asked_for_ends_with_the_command(record: str, english_environment) -> None:
    from muehle.notation.text.i18n import _, language

    with language("de"):  # (the words that tell one language from the other)
        assert _("there is no game in the input") == "die Eingabe enthält keine Partie"
    run("--lang", "de", "validate", record)
    assert current_language() == "en" and _("there is no game in the input") == "there is no game in the input"
    run("--lang", "de", "--help")
    assert current_language() == "en" and _("there is no game in the input") == "there is no game in the input"


MULTI = str(ROOT / "examples" / "multi-game.txt")
BOOK = str(ROOT / "examples" / "schuermann-book-game.txt")


def test_stats_counts_in_german_as_in_english(english_environment) -> None:
    english = run("stats", MULTI).output.splitlines()
    german = run("--lang", "de", "stats", MULTI).output.splitlines()
    games, valid, invalid = re.fullmatch(r"(\d+) games: (\d+) valid, (\d+) invalid", english[0]).groups()
    assert german[0] == f"{games} Partien: {valid} regelgerecht, {invalid} regelwidrig"
    assert len(german) == len(english)  # (the same sections, the same rows)
    assert any(re.fullmatch(r"Spieler: +Partien +Weiß +Schwarz +Siege +Remis +Niederlagen", line) for line in german)
    # (a game that is valid is "regelgerecht" in a column, where a claim that holds is "berechtigt")
    assert any(re.fullmatch(r"Ereignisse: +Partien +regelgerecht +regelwidrig", line) for line in german)


def test_positions_words_the_start_in_german(english_environment) -> None:
    # before the first ply each side has its nine stones in hand, none on the board, and White places first
    start = run("--lang", "de", "positions", BOOK).output.splitlines()[1]
    assert start.startswith("start ")
    assert re.search(r"  Brett 0/0  Hand 9/9  setzen +Weiß am Zug$", start)


def test_select_s_usage_errors_and_help_in_german(english_environment) -> None:
    result = run("--lang", "de", "select", MULTI, "--min-plies", "5", "--max-plies", "2")
    assert result.exit_code == 2
    assert "--min-plies 5 ist mehr als --max-plies 2: keine Partie hat beides" in result.output
    help_text = " ".join(run("--lang", "de", "select", "--help").output.split())
    assert "Was in der Hauptvariante geschah: mill: ein Halbzug der Hauptvariante schloss eine Mühle;" in help_text
    assert "Beispiel (die Partien mit einer Mühle, als JSON):" in help_text


def test_a_bad_fen_tag_is_reported_in_german_at_its_field(tmp_path: Path, english_environment) -> None:
    path = tmp_path / "fen.txt"
    path.write_text('[SetUp "1"]\n[FEN "********/********/******** x p p 0 9 0 9 0 0 0 0 0 0 0 0 1"]\n1. d2 *\n',
                    encoding="utf-8")
    result = run("--lang", "de", "validate", str(path))
    assert result.exit_code == 1
    # field 2 (the side to move) starts in column 34 of the tag's line
    assert (f"{path}:2:34: Fehler: Partie 1: im FEN-Tag: FEN-Feld 2 (Seite am Zug): 'x' ist weder 'w' (Weiß) noch 'b' "
            "(Schwarz) [setup]") in result.output


def test_a_bad_ruleset_file_is_reported_in_german_at_its_key(tmp_path: Path, english_environment) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("stones: 2\n", encoding="utf-8")
    result = run("--lang", "de", "rules", str(path))
    assert result.exit_code == 1
    assert f"{path}:1:1: Fehler: stones: muss eine ganze Zahl von 3 bis 12 sein, nicht 2" in result.output


def test_a_slip_is_a_german_warning_at_its_place(tmp_path: Path, english_environment) -> None:
    path = tmp_path / "slip.txt"
    path.write_text("1. d2 d6\n2. f4–f6 *\n", encoding="utf-8")
    output = run("--lang", "de", "validate", str(path)).output
    # the en dash stands in column 6 of line 2, read as the '-' of the move f4-f6
    assert f"{path}:2:6: Warnung: Partie 1: '–' (ein Halbgeviertstrich) als das '-' eines Zuges gelesen: " \
        "f4-f6 schreiben [slip]" in output


def test_the_help_of_every_command_is_german(english_environment) -> None:
    paths = command_paths()
    assert ["select"] in paths and ["endgames", "probe"] in paths and len(paths) >= 14
    for path in paths:
        text = run("--lang", "de", *path, "--help").output
        assert "Beispiel" in text and "Example" not in text, path
        assert "Diese Hilfe zeigen und beenden." in text, path


# -- the errors a user can cause in the commands that read many games, in German ------------

@pytest.mark.parametrize("command", ["select", "stats", "positions"])
def test_an_empty_input_is_reported_in_german(command: str, english_environment) -> None:
    result = run("--lang", "de", command, "-", input="")
    assert (result.exit_code, result.stdout) == (1, "")
    # (select goes on past an input it cannot read, and ends with its summary)
    summary = "0 von 0 Partien ausgewählt (1 Eingabe unlesbar)\n" if command == "select" else ""
    assert result.stderr == "<stdin>: Fehler: die Eingabe enthält keine Partie\n" + summary


@pytest.mark.parametrize("command", [["select"], ["stats"], ["positions"], ["validate"], ["show"], ["analyze"],
                                     ["convert", "--to", "json"]])
def test_a_missing_file_is_reported_in_german(tmp_path: Path, command: list[str], english_environment) -> None:
    # every command in the same words
    missing = str(tmp_path / "missing.txt")
    result = run("--lang", "de", *command, missing)
    summary = "0 Partien, 0 regelgerecht, 0 regelwidrig, 1 unlesbare Eingabe\n" if command == ["validate"] else ""
    assert (result.exit_code, result.stdout) == (1, summary)
    # (select goes on past an input it cannot read, and ends with its summary)
    selected = "0 von 0 Partien ausgewählt (1 Eingabe unlesbar)\n" if command == ["select"] else ""
    assert result.stderr == f"{missing}: Fehler: {missing} lässt sich nicht lesen: No such file or directory\n" \
        + selected


@pytest.mark.parametrize(("args", "message"), [
    (["select", MULTI, "--tag", "Event"], "'Event' ist nicht KEY=VALUE (der Name eines Tags, '=', der Wert)"),
    (["select", MULTI, "-o", ""], "der Pfad ist leer"),
    (["stats", MULTI, "--rules", "nonsense"], "'nonsense' ist weder eine Vorgabe (wmd, "),
    (["positions", MULTI, "--game", "0"], "'0' ist weder die Nummer einer Partie (1 ist die erste) noch 'all'"),
])
def test_a_bad_option_value_is_a_usage_error_in_german(args: list[str], message: str, english_environment) -> None:
    """The message is muehle's own, in German, as is click's frame around it (docs/german.md)."""
    result = run("--lang", "de", *args)
    assert (result.exit_code, result.stdout) == (2, "")
    assert message in result.stderr, result.stderr


def test_select_refuses_to_write_over_an_input_in_german(tmp_path: Path, english_environment) -> None:
    path = tmp_path / "games.txt"
    path.write_text("1. d2 d6 *\n", encoding="utf-8")
    result = run("--lang", "de", "select", str(path), "-o", str(path))
    assert result.exit_code == 1
    assert result.stderr == f"{path}: Fehler: die Eingabedatei {path} wird nicht überschrieben\n"
    assert path.read_text(encoding="utf-8") == "1. d2 d6 *\n"


def test_stats_keep_going_counts_an_unreadable_input_in_german(tmp_path: Path, english_environment) -> None:
    missing = str(tmp_path / "missing.txt")
    result = run("--lang", "de", "stats", "--keep-going", missing, MULTI)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == "3 Partien: 3 regelgerecht, 0 regelwidrig, 1 unlesbare Eingabe"
    assert result.stderr.startswith(f"{missing}: Fehler: ")


def test_convert_keep_going_reports_in_german_and_writes_the_others(tmp_path: Path, english_environment) -> None:
    """b1 is no point of the board (line 3, column 7); the games before and after it are written."""
    path = tmp_path / "three.txt"
    path.write_text("1. d2 d6 *\n\n1. d2 b1 *\n\n1. a7 *\n", encoding="utf-8")
    result = run("--lang", "de", "convert", str(path), "--to", "notation", "--keep-going")
    assert result.exit_code == 1
    assert result.stdout == "1. d2 d6 *\n\n1. a7 *\n"
    assert result.stderr.splitlines()[0] == f"{path}:3:7: Fehler: b1 ist kein Punkt des Bretts"
