"""``muehle select``: names found within the players' names, tags compared whole, ``--regex``;
``--rest FILE`` for the games not chosen; the summary line in English and German."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

from muehle.analyzer.corpus.select import Selection, chosen
from muehle.notation.reading.parser import parse_game
from runner import run

#: What says the language of messages, besides --lang.
LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

ANNA = '[White "Anna Meier"]\n[Black "Bo Berg"]\n[Round "1"]\n\n1. d2 d6 *\n'
HANNA = '[White "Bo Berg"]\n[Black "Hanna Schulz"]\n[Round "12"]\n\n1. f4 f2 *\n'
CY = '[White "Cy"]\n[Black "Dora"]\n[Round "2"]\n\n1. b4 b2 *\n'
CLUB = ANNA + "\n" + HANNA + "\n" + CY
#: Each game of CLUB as select writes it: its text up to the next game (the blank line after it,
#: not the line break that ends its last line), then a line break.
WRITTEN = {ANNA: ANNA + "\n", HANNA: HANNA + "\n", CY: CY}


@pytest.fixture
def english_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """No language asked for by the environment: --lang alone says it."""
    for variable in LANGUAGE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.fixture
def club(tmp_path: Path) -> str:
    path = tmp_path / "club.txt"
    path.write_text(CLUB, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(("criteria", "games"), [
    # "anna" is within "Anna Meier" and within "Hanna Schulz"
    (["--player", "anna"], [ANNA, HANNA]),
    (["--player", "  ANNA MEIER "], [ANNA]),
    (["--white", "berg"], [HANNA]),
    (["--black", "bo b"], [ANNA]),
    (["--black", "anna", "--white", "cy"], []),
    (["--player", "("], []),  # (without --regex a parenthesis is a character of a name)
    # a tag's value is compared whole: round 1 is not round 12
    (["--tag", "Round=1"], [ANNA]),
    (["--tag", "Round= 12 "], [HANNA]),
    (["--regex", "--player", "^anna"], [ANNA]),
    (["--regex", "--player", "a (meier|schulz)$"], [ANNA, HANNA]),
    (["--regex", "--white", "^(bo|cy)\\b"], [HANNA, CY]),
    (["--regex", "--tag", "Round=^1"], [ANNA, HANNA]),
    (["--regex", "--tag", "Round=^1$"], [ANNA]),
    (["--regex", "--player", "^cy$", "--tag", "Round=2"], [CY]),
])
def test_names_are_found_within_and_tags_compared_whole_or_searched_with_regex(club: str, criteria: list[str],
                                                                                games: list[str]) -> None:
    result = run("select", club, *criteria)
    assert (result.exit_code, result.stderr) == (0, f"{len(games)} of 3 games selected\n")
    assert result.stdout == "".join(WRITTEN[game] for game in games)


@pytest.mark.parametrize(("args", "option", "reason"), [
    (["--player", "("], "--player", "'(' is not a regular expression: missing ), unterminated subpattern at position 0"),
    (["--white", "a**"], "--white", "'a**' is not a regular expression: multiple repeat at position 2"),
    (["--black", "[z-a]"], "--black", "'[z-a]' is not a regular expression: bad character range z-a at position 1"),
    (["--tag", "Event=x{2,1}"], "--tag",
     "'x{2,1}' is not a regular expression: min repeat greater than max repeat at position 2"),
])
def test_a_bad_regular_expression_is_a_usage_error_naming_its_option(club: str, args: list[str], option: str,
                                                                     reason: str) -> None:
    result = run("select", club, "--regex", *args)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.splitlines()[-1] == f"Error: Invalid value for '{option}': {reason}"


def test_the_library_s_selection_finds_names_within_and_refuses_a_bad_expression() -> None:
    game = parse_game(HANNA)
    assert chosen(game, Selection(black="hanna")) and not chosen(game, Selection(black="hannah"))
    assert not chosen(game, Selection(tags=(("Round", "1"),)))
    assert chosen(game, Selection(tags=(("Round", "1"),), regex=True))
    with pytest.raises(ValueError, match=r"^white: '\(' is not a regular expression: missing \)"):
        Selection(white="(", regex=True)
    # a selection goes to worker processes: its expressions go with it
    copied = pickle.loads(pickle.dumps(Selection(white="^bo", regex=True)))
    assert chosen(game, copied) and not chosen(parse_game(CY), copied)


def test_rest_writes_the_games_not_chosen_as_they_stand(tmp_path: Path, club: str) -> None:
    """Without --to, the chosen games and the rest together are the file again, game by game."""
    out, rest = tmp_path / "anna.txt", tmp_path / "rest.txt"
    result = run("select", club, "--player", "anna", "-o", str(out), "--rest", str(rest))
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "2 of 3 games selected\n")
    assert out.read_text(encoding="utf-8") == WRITTEN[ANNA] + WRITTEN[HANNA]
    assert rest.read_text(encoding="utf-8") == WRITTEN[CY]


def test_rest_keeps_an_unreadable_game_as_it_stands(tmp_path: Path) -> None:
    source = tmp_path / "broken.txt"
    source.write_text(ANNA + "\n1. d2 zz *\n\n" + CY, encoding="utf-8")
    rest = tmp_path / "rest.txt"
    result = run("select", str(source), "--white", "anna", "--rest", str(rest))
    assert result.exit_code == 0
    assert result.stdout == WRITTEN[ANNA]
    assert result.stderr.startswith(f"{source}:7:7: error: unexpected character 'z'")
    assert result.stderr.endswith("\n1 of 3 games selected (1 unreadable)\n")
    assert rest.read_text(encoding="utf-8") == "1. d2 zz *\n\n" + CY


def test_rest_with_to_is_written_in_that_format(tmp_path: Path, club: str) -> None:
    rest = tmp_path / "rest.json"
    result = run("select", club, "--regex", "--tag", "Round=^1", "--to", "json", "--rest", str(rest))
    assert result.exit_code == 0, result.stderr
    assert [game["tags"]["Round"] for game in json.loads(result.stdout)["games"]] == ["1", "12"]
    assert [game["tags"]["White"] for game in json.loads(rest.read_text(encoding="utf-8"))["games"]] == ["Cy"]


def test_stop_on_error_leaves_the_rest_file_untouched(tmp_path: Path) -> None:
    source = tmp_path / "broken.txt"
    source.write_text(ANNA + "\n1. d2 zz *\n", encoding="utf-8")
    rest = tmp_path / "rest.txt"
    rest.write_text("before\n", encoding="utf-8")
    result = run("select", str(source), "--white", "cy", "--rest", str(rest), "--stop-on-error")
    assert (result.exit_code, result.stdout) == (1, "")
    assert rest.read_text(encoding="utf-8") == "before\n"
    assert sorted(entry.name for entry in tmp_path.iterdir()) == ["broken.txt", "rest.txt"]


@pytest.mark.parametrize(("args", "message"), [
    (["--rest", "-"], "Invalid value for '--rest': the games not chosen go to a file, not to standard output"),
    (["--rest", ""], "Invalid value for '--rest': the path is empty"),
    (["--rest", "same.txt", "-o", "same.txt"], "Invalid value for '--rest': same.txt is the output of -o too"),
    (["--rest", "rest.html", "--to", "html"],
     "Invalid value for '--rest': --to html writes one page of the games chosen; the games not chosen cannot go with it"),
])
def test_a_rest_that_cannot_be_is_a_usage_error(tmp_path: Path, club: str, args: list[str], message: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("select", club, *args)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.splitlines()[-1] == f"Error: {message}"
    assert sorted(entry.name for entry in tmp_path.iterdir()) == ["club.txt"]


def test_rest_refuses_to_write_over_an_input(club: str) -> None:
    result = run("select", club, "--player", "cy", "--rest", club)
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == f"{club}: error: refusing to write over the input file {club}\n"
    assert Path(club).read_text(encoding="utf-8") == CLUB


@pytest.mark.parametrize(("args", "line"), [
    (["--player", "anna"], "2 von 3 Partien ausgewählt"),
    (["--player", "cy"], "1 von 3 Partien ausgewählt"),
    (["--player", "nobody"], "0 von 3 Partien ausgewählt"),
])
def test_the_summary_in_german(club: str, args: list[str], line: str, english_environment: None) -> None:
    result = run("--lang", "de", "select", club, *args)
    assert (result.exit_code, result.stderr) == (0, line + "\n")


def test_the_summary_in_german_counts_one_game_and_the_unreadable(tmp_path: Path, english_environment: None) -> None:
    source = tmp_path / "one.txt"
    source.write_text(CY, encoding="utf-8")
    broken = tmp_path / "broken.txt"
    broken.write_text("1. d2 zz *\n\n1. d2 zz *\n", encoding="utf-8")
    missing = str(tmp_path / "missing.txt")
    assert run("--lang", "de", "select", str(source)).stderr == "1 von 1 Partie ausgewählt\n"
    result = run("--lang", "de", "select", str(source), str(broken), missing)
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == "1 von 3 Partien ausgewählt (2 unlesbar, 1 Eingabe unlesbar)"
