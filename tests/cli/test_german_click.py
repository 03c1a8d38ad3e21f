"""click's own words under ``--lang de``: the help's frame ("Usage:", "Options:", "Commands:") and
the usage errors ("Error: Missing argument 'FILE'.") in German, from muehle's catalog of click's
words; English as click words them otherwise. And the sides' German names as option values."""

from __future__ import annotations

import json
import re
import string

import pytest

from muehle.analyzer.cli import CLICK_MODULES
from muehle.notation.text.i18n import click_gettext, click_ngettext
from paths import ROOT
from runner import command_paths
from runner import run as run_in_process

REPETITION = str(ROOT / "examples" / "analyze-repetition.txt")
LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture(autouse=True)
def english_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in LANGUAGE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


class _Said:
    """A command's exit status and output, the program named ``muehle`` as on a command line (the
    test runner calls it by its function's name)."""

    def __init__(self, *args: str) -> None:
        result = run_in_process(*args)
        self.exit_code = result.exit_code
        self.stdout, self.stderr, self.output = (re.sub(r"\bcli\b", "muehle", text)
                                                 for text in (result.stdout, result.stderr, result.output))


def run(*args: str) -> _Said:
    return _Said(*args)


def _english_pieces() -> set[str]:
    """The English of click's words as they show: each msgid of the installed click cut at its
    placeholders, the pieces of two words or more (a lone word like "file" may be a value's)."""
    from project.test_translations import clicks_messages

    pieces = set()
    for text in clicks_messages():
        for form in text.split("\0"):
            for literal, *_rest in string.Formatter().parse(form):
                literal = literal.strip(" .:()'\n\t")
                if len(literal.split()) >= 2 or literal in ("Usage", "Options", "Commands"):
                    pieces.add(literal)
    return pieces


def test_the_pieces_checked_are_click_s_words() -> None:
    pieces = _english_pieces()
    assert {"Usage", "Options", "Commands", "Show this message and exit", "Missing argument",
            "Invalid value for", "for help"} <= pieces


def test_no_english_word_of_click_is_left_in_any_german_help() -> None:
    pieces = _english_pieces()
    for path in command_paths():
        text = run("--lang", "de", *path, "--help").output
        assert text.startswith("Aufruf: muehle "), path
        assert "Optionen:" in text and "[OPTIONEN]" in text, path
        left = sorted(piece for piece in pieces if piece in text)
        assert not left, (path, left)
        # (and the English of the same help has them: the check can fail)
        assert "Usage: muehle " in run("--lang", "en", *path, "--help").output


def test_the_group_s_usage_line_and_sections_are_german() -> None:
    text = run("--lang", "de", "--help").output
    assert text.startswith("Aufruf: muehle [OPTIONEN] BEFEHL [ARGUMENTE]...\n")
    assert "\nOptionen:\n" in text and "\nBefehle:\n" in text
    assert "Aufruf: muehle endgames [OPTIONEN] BEFEHL [ARGUMENTE]..." in run("--lang", "de", "endgames", "--help").output


def test_a_missing_argument_is_a_usage_error_in_german() -> None:
    result = run("--lang", "de", "claim")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == ("Aufruf: muehle claim [OPTIONEN] DATEI\n"
                             "Hilfe mit 'muehle claim --help'.\n\n"
                             "Fehler: Fehlendes Argument 'DATEI'.\n")


def test_a_missing_option_in_german() -> None:
    result = run("--lang", "de", "claim", REPETITION, "--ply", "26", "--rule", "repetition")
    assert result.exit_code == 2
    assert "Fehler: Fehlende Option '--by'." in result.stderr


@pytest.mark.parametrize(("args", "message"), [
    (["claim", REPETITION, "--ply", "26", "--rule", "repetition", "--by", "grün"],
     "Fehler: Ungültiger Wert für '--by': 'grün' ist keiner der Werte 'white', 'black'."),
    (["claim", REPETITION, "--ply", "-1", "--rule", "repetition", "--by", "white"],
     "Fehler: Ungültiger Wert für '--ply': -1 liegt nicht im Bereich x>=0."),
    (["claim", REPETITION, "--ply", "zwei", "--rule", "repetition", "--by", "white"],
     "Fehler: Ungültiger Wert für '--ply': 'zwei' ist keine gültige Zahl (integer range)."),
    (["claim", REPETITION, "--ply", "26", "--by", "white", "--rulez", "repetition"],
     "Fehler: Unbekannte Option '--rulez'. (Meinten Sie eine von: '--rule', '--rules'?)"),
    (["claim", REPETITION, "--ply"], "Fehler: Die Option '--ply' braucht einen Wert."),
    (["show", REPETITION, "extra", "--ply", "2", "--svg", "-"], None),
    (["nosuchcommand"], "Fehler: Unbekannter Befehl 'nosuchcommand'."),
])
def test_click_s_usage_errors_in_german(args: list[str], message: str) -> None:
    result = run("--lang", "de", *args)
    assert result.exit_code == 2, result.output
    assert "Try '" not in result.stderr and "Error" not in result.stderr and "Usage" not in result.stderr
    assert "Fehler: " in result.stderr
    if message is not None:
        assert message in result.stderr, result.stderr


def test_click_s_words_stay_english_without_german() -> None:
    result = run("claim")
    assert result.exit_code == 2
    assert result.stderr == "Usage: muehle claim [OPTIONS] FILE\nTry 'muehle claim --help' for help.\n\n" \
        "Error: Missing argument 'FILE'.\n"
    # a German command before leaves click's words English after it
    assert run("--lang", "de", "claim").exit_code == 2
    assert click_gettext("Usage:") == "Usage:"
    assert click_ngettext("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", 2) == \
        "(Did you mean one of: {possibilities}?)"


def test_every_module_of_click_that_words_messages_looks_them_up_in_muehle_s_catalog() -> None:
    import gettext
    import importlib

    assert run("--lang", "de", "--help").exit_code == 0  # (German: click's words are looked up from then on)
    patched = []
    for name in CLICK_MODULES:
        try:
            module = importlib.import_module(f"click.{name}")
        except ImportError:
            continue
        assert getattr(module, "_", click_gettext) is not gettext.gettext, name
        assert getattr(module, "ngettext", click_ngettext) is not gettext.ngettext, name
        patched.append(name)
    assert {"core", "exceptions", "formatting", "types", "parser"} <= set(patched)


# -- the sides' German names ---------------------------------------------------------------------

@pytest.mark.parametrize("white", ["weiss", "Weiß", "WEISS", "white"])
def test_claim_by_weiss_is_white(white: str) -> None:
    result = run("claim", REPETITION, "--ply", "26", "--by", white, "--rule", "repetition", "--format", "json")
    assert result.exit_code == 0, result.output
    verdict = json.loads(result.stdout)
    assert (verdict["by"], verdict["ply"], verdict["valid"]) == ("white", 26, True)  # (the JSON stays English)


def test_side_schwarz_is_black() -> None:
    # Black's 13th move is ply 26 (White's is 25): the claim after it, as after --ply 26
    by_move = run("--lang", "de", "claim", REPETITION, "--move", "13", "--side", "schwarz", "--by", "weiß",
                  "--rule", "repetition")
    by_ply = run("--lang", "de", "claim", REPETITION, "--ply", "26", "--by", "white", "--rule", "repetition")
    assert by_move.exit_code == 0
    assert by_move.output == by_ply.output
    assert re.match(r"berechtigt: Weiß beantragt Remis .* \(Halbzug 26\)", by_move.output)
    white_move = run("claim", REPETITION, "--move", "13", "--side", "Weiss", "--by", "white", "--rule", "repetition",
                     "--format", "json")
    assert json.loads(white_move.stdout)["ply"] == 25


def test_the_help_names_the_german_sides() -> None:
    help_text = " ".join(run("--lang", "de", "claim", "--help").output.split())
    assert "auch weiss (weiß) oder schwarz" in help_text
    assert "weiss and schwarz do too" in " ".join(run("claim", "--help").output.split())


def test_the_placeholders_of_values_are_german_and_english_again_after() -> None:
    """The help's and the usage errors' placeholders (``--dir DIR``, ``FILE...``, click's ``INTEGER``)
    in German: none of the English ones is left in any help; English again after a German run."""
    english = ("FILE", "FILES...", "NAME|FILE", "DIR", "OUT", "ADDRESS|local", "KEY=VALUE", "INTEGER")
    seen = set()
    for path in command_paths():
        text = run("--lang", "de", *path, "--help").output
        words = set(re.findall(r"[A-Z][A-Za-z|=.\[\]]*(?:\|local)?", text))
        assert not words & set(english), (path, sorted(words & set(english)))
        seen |= words
    assert {"DATEI", "DATEIEN...", "NAME|DATEI", "ORDNER", "AUSGABE", "ADRESSE|local", "GANZZAHL"} <= seen
    text = run("validate", "--help").output
    assert "[OPTIONS] FILES..." in text and "--jobs INTEGER" in text and "--rules NAME|FILE" in text
