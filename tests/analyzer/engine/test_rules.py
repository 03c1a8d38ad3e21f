"""Rulesets: the presets say what their rules texts say; bad YAML is refused by key."""

from __future__ import annotations

from pathlib import Path

import pytest

from muehle.analyzer.engine.rules import (
    NoProgressRule,
    Ruleset,
    load_ruleset,
    parse_ruleset,
    preset_for_tag,
    preset_names,
    ruleset_to_yaml,
)
from muehle.notation.text.errors import FormatError
from paths import ROOT
from runner import run


def test_the_presets_are_those_of_the_table() -> None:
    """The presets are the YAML files shipped beside the rules, the default first, then by name;
    the rules texts' presets and Sanmill's first variants among them."""
    folder = Path(__file__).resolve().parents[3] / "analyzer" / "engine" / "rulesets"
    names = preset_names()
    assert names[0] == "wmd" and names[1:] == sorted(names[1:])
    assert set(names) == {path.stem for path in folder.glob("*.yaml")}
    assert {"wmd", "wmd-traditional", "schuermann", "brettspielnetz", "sanmill", "standard_9mm", "lasker_morris",
            "twelve_mens_morris", "nerenchi", "mul_mulan", "morabaraba", "russian_mill", "cheng_san_qi",
            "cham_gonu", "zhi_qi", "dooz", "da_san_qi"} <= set(names)


@pytest.mark.parametrize("name", ["wmd", "wmd-traditional", "schuermann", "brettspielnetz", "sanmill"])
def test_each_preset_loads_with_nine_stones_and_flying(name: str) -> None:
    """Common to all texts: nine stones each (WMD 1.1, Schürmann 1), jumping with three (8.1)."""
    rules = load_ruleset(name)
    assert rules.name == name and rules.title and rules.follows
    assert rules.stones == 9 and rules.flying


def test_wmd() -> None:
    """WMD 1.1 (two stones for a double mill while placing), 1.2 (capture from a mill only if the
    opponent has nothing else), 11.2 (repetition, to be proved: claimed), 11.3 (30 moves by both
    sides = 60 plies without a capture, claimed), 11.5 (mandatory acceptance by stone counts)."""
    assert load_ruleset("wmd") == Ruleset(
        name="wmd", title="WMD Turnierreglement 3.0 (2019)",
        follows="WMD Turnierreglement 3.0 (11 May 2019), 1.1, 1.2, 6, 10, 11.2, 11.3, 11.5",
        double_mill="placing", capture_from_mill="when-all-in-mills", repetition="claim",
        no_capture=NoProgressRule(60, "capture", "claim"), mandatory_draw=True, cites=(
            ("repetition", "WMD 11.2", "wenn ein Spieler eine dreimalige Zugswiederholung nachweisen kann"),
            ("no-capture", "WMD 11.3", "wenn ein Spieler nachweisen kann, dass 30 Züge von beiden Seiten "
                                       "gespielt wurden, ohne dass ein Stein geschlagen wurde"),
            ("mandatory-draw", "WMD 11.5", "Ein Remis-Angebot muss vom Gegner zwingend angenommen werden"),
            ("fewer-than-three", "WMD 10.1", "wenn ihm der drittletzte Stein geschlagen wird"),
            ("blocked", "WMD 10.2", "wenn er keinen Zug mehr ausführen kann, er also eingeschlossen ist"),
            ("restore", "WMD 6", "so muss die Stellung so wiederhergestellt werden, wie sie vor Ausführung "
                                 "des regelwidrigen Zuges bestanden hat"),
        ))


SEEDS = ROOT.parent / "shared" / "seeds"


@pytest.mark.parametrize("name", ["wmd", "wmd-traditional", "brettspielnetz", "schuermann", "sanmill"])
def test_every_citation_is_in_the_rules_text_word_for_word(name: str) -> None:
    """Each preset's cited words stand in one of the rules texts (emphasis and line ends aside)."""
    if not SEEDS.is_dir():
        pytest.skip("the rules texts are not beside the checkout")
    texts = " ".join(path.read_text(encoding="utf-8") for path in SEEDS.glob("0*.txt"))
    plain = " ".join(texts.replace("**", "").split())
    rules = load_ruleset(name)
    assert rules.cites
    for what, section, text in rules.cites:
        assert " ".join(text.split()) in plain, (what, section)


def test_wmd_traditional_differs_only_in_capturing_from_mills() -> None:
    """WMD 1.2: "traditionsbewussten Vereinen ist es erlaubt ... das Schlagen aus geschlossenen
    Mühlen zu verbieten"."""
    wmd, traditional = load_ruleset("wmd"), load_ruleset("wmd-traditional")
    assert traditional.capture_from_mill == "never"
    assert (traditional.double_mill, traditional.repetition, traditional.no_capture, traditional.mandatory_draw) == (
        wmd.double_mill, wmd.repetition, wmd.no_capture, wmd.mandatory_draw)


def test_schuermann() -> None:
    """Schürmann 11.1: a ply closing two mills takes two stones in any phase; 6.3 the exception.
    The draws of the general description (003): "3 Mal dieselbe Stellung", "Nach 50
    aufeinanderfolgenden Zügen keine Mühle geschlossen" (50 whole moves, claimed)."""
    rules = load_ruleset("schuermann")
    assert (rules.double_mill, rules.capture_from_mill, rules.repetition, rules.mandatory_draw) == (
        "always", "when-all-in-mills", "claim", False)
    assert rules.no_capture == NoProgressRule(100, "mill", "claim", whole_moves=True)


def test_brettspielnetz() -> None:
    """Brettspielnetz: "nach 50 aufeinanderfolgenden Zügen keine Mühle geschlossen" (50 full moves,
    "Vollzüge", counted by move number: 100 plies, ending with Black's), "nicht automatisch
    erkannt" (claimed)."""
    rules = load_ruleset("brettspielnetz")
    assert rules.double_mill == "never" and rules.repetition == "claim"
    assert rules.no_capture == NoProgressRule(100, "mill", "claim", whole_moves=True) and not rules.mandatory_draw


def test_sanmill() -> None:
    """Sanmill v7.4.6's defaults (SEMANTICS of its engine): the N-move draw named before a repetition
    on the same ply (SearchEngine::executeSearch tests it first), a set-up FEN's field 16 not read
    for the draw, the endgame N-move rule off (EndgameNMoveRule 100 = NMoveRule), a blocked side loses."""
    rules = load_ruleset("sanmill")
    assert rules.double_mill == "never" and rules.repetition == "automatic"
    assert rules.no_capture == NoProgressRule(100, "placement-or-capture", "automatic", before_capture=True,
                                              named_first=True, from_fen=False)
    assert rules.no_capture.endgame_limit is None and rules.blocked == "loss"
    assert rules.repetition_window == "moves"
    assert rules.cite("repetition") is None  # (the general description's repetition is not Sanmill's)


@pytest.mark.parametrize("text, message", [
    ("blocked: stalemate", "blocked: must be one of loss, draw, pass, remove-and-move, remove-and-pass, both-remove, not 'stalemate'"),
    ("no_capture: {limit: 100, mode: automatic, endgame_limit: 100}",
     "no_capture.endgame_limit: must be a whole number of plies from 1 to limit - 1 (99), or null, not 100"),
    ("no_capture: {limit: 100, mode: automatic, endgame_limit: 0}",
     "no_capture.endgame_limit: must be a whole number of plies from 1 to limit - 1 (99), or null, not 0"),
    ("no_capture: {limit: 100, mode: claim, endgame_limit: 10}",
     "no_capture.endgame_limit: goes only with mode automatic and without whole_moves (Sanmill's rule)"),
    ("no_capture: {limit: 100, named_first: 1}", "no_capture.named_first: must be true or false, not 1"),
    ("no_capture: {limit: 100, from_fen: 'no'}", "no_capture.from_fen: must be true or false, not 'no'"),
])
def test_sanmill_fields_refuse_bad_values(text: str, message: str) -> None:
    with pytest.raises(FormatError) as caught:
        parse_ruleset(text, source="club.yaml")
    assert caught.value.message == message and caught.value.line == 1


def test_a_file_that_changes_blocked_drops_the_bases_citation_of_it() -> None:
    rules = parse_ruleset("base: sanmill\nblocked: draw\n")
    assert rules.blocked == "draw" and rules.cite("blocked") is None
    assert rules.cite("fewer-than-three") == load_ruleset("sanmill").cite("fewer-than-three")


@pytest.mark.parametrize("name", ["wmd", "wmd-traditional", "schuermann", "brettspielnetz", "sanmill"])
def test_yaml_round_trip(name: str, tmp_path: Path) -> None:
    rules = load_ruleset(name)
    path = tmp_path / "copy.yaml"
    path.write_text(ruleset_to_yaml(rules), encoding="utf-8")
    assert load_ruleset(str(path)) == rules


def test_a_file_may_start_from_a_preset(tmp_path: Path) -> None:
    path = tmp_path / "club.yaml"
    path.write_text("base: wmd\ncapture_from_mill: never\nno_capture: null\n", encoding="utf-8")
    rules = load_ruleset(str(path))
    assert rules.name == "club" and rules.title == "club"
    assert rules.capture_from_mill == "never" and rules.no_capture is None
    assert rules.double_mill == "placing" and rules.mandatory_draw


def test_repetition_off_may_be_written_unquoted() -> None:
    """docs/rulesets.md gives `off` as a value of `repetition`; YAML reads it unquoted as false."""
    rules = parse_ruleset("base: wmd\nrepetition: off\n")
    assert rules.repetition == "off"
    assert parse_ruleset(ruleset_to_yaml(rules), default_name="custom") == rules


def test_tags_name_presets_only() -> None:
    assert preset_for_tag("Sanmill").name == "sanmill"
    assert preset_for_tag("club.yaml") is None


@pytest.mark.parametrize("text, key, line, says", [
    ("name: x\ndouble_mils: always\n", "double_mils", 2, "unknown key"),
    ("double_mill: twice\n", "double_mill", 1, "must be one of placing, always, never, not 'twice'"),
    ("capture_from_mill: sometimes\n", "capture_from_mill", 1,
     "must be one of when-all-in-mills, never, always, not 'sometimes'"),
    ("repetition: yes\n", "repetition", 1, "must be one of claim, automatic, off, not True"),
    ("stones: 13\n", "stones", 1, "must be a whole number from 3 to 12, not 13"),
    ("stones: nine\n", "stones", 1, "must be a whole number"),
    ("flying: maybe\n", "flying", 1, "must be true or false, not 'maybe'"),
    ("mandatory_draw: 1\n", "mandatory_draw", 1, "must be true or false, not 1"),
    ("no_capture: 60\n", "no_capture", 1, "must be a mapping"),
    ("no_capture:\n  limit: 0\n", "no_capture.limit", 2, "at least 1, not 0"),
    ("no_capture:\n  limit: 60\n  mode: sometimes\n", "no_capture.mode", 3, "must be one of claim, automatic"),
    ("no_capture:\n  limit: 100\n  whole_moves: yes please\n", "no_capture.whole_moves", 3,
     "must be true or false, not 'yes please'"),
    ("no_capture:\n  limit: 99\n  whole_moves: true\n", "no_capture.limit", 2,
     "must be even with whole_moves (the plies of whole moves), not 99"),
    ("no_capture:\n  limit: 60\n  reset: moves\n", "no_capture.reset", 3, "must be one of capture, mill"),
    ("no_capture:\n  limits: 60\n", "no_capture.limits", 2, "unknown key"),
    ("no_capture:\n  reset: mill\n", "no_capture", 1, "needs a limit"),
    ("base: chess\n", "base", 1, "must name a preset"),
    ("name: ''\n", "name", 1, "must be a non-empty text"),
])
def test_bad_values_name_the_key(text: str, key: str, line: int, says: str) -> None:
    with pytest.raises(FormatError) as caught:
        parse_ruleset(text, source="club.yaml")
    error = caught.value
    assert error.message.startswith(f"{key}: ") and says in error.message
    assert (error.source, error.line) == ("club.yaml", line)


@pytest.mark.parametrize("text, says", [
    ("- wmd\n- sanmill\n", "a ruleset must be a mapping of keys to values, this is a list"),
    ("", "this is empty"),
    ("just words\n", "this is a text"),
])
def test_a_ruleset_must_be_a_mapping(text: str, says: str) -> None:
    with pytest.raises(FormatError, match=says):
        parse_ruleset(text, source="club.yaml")


def test_bad_yaml_syntax_is_located(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("name: x\nno_capture: {limit: 60\n", encoding="utf-8")
    with pytest.raises(FormatError) as caught:
        load_ruleset(str(path))
    assert caught.value.message.startswith("not valid YAML")
    assert caught.value.source == str(path) and caught.value.line == 3


def test_unknown_names_and_missing_files() -> None:
    with pytest.raises(FormatError, match="unknown ruleset 'fide'"):
        load_ruleset("fide")
    with pytest.raises(FormatError, match="cannot read ruleset missing.yaml"):
        load_ruleset("missing.yaml")


def test_a_path_object_names_a_file_in_errors_as_text(tmp_path: Path) -> None:
    path = tmp_path / "club.yaml"
    path.write_text("base: wmd\ncapture_from_mill: never\n", encoding="utf-8")
    assert load_ruleset(path).name == "club"
    with pytest.raises(FormatError) as caught:
        load_ruleset(tmp_path / "missing.yaml")
    assert caught.value.source == str(tmp_path / "missing.yaml")
    assert str(caught.value) == f"{tmp_path / 'missing.yaml'}: error: cannot read ruleset " \
                                f"{tmp_path / 'missing.yaml'}: No such file or directory"
    with pytest.raises(TypeError, match="name_or_path must be a path"):
        load_ruleset(9)  # type: ignore[arg-type]


def test_a_preset_name_is_read_as_a_rules_tag_is(tmp_path: Path) -> None:
    """Case and surrounding blanks do not matter, unless a file has that name."""
    assert load_ruleset("WMD") is load_ruleset(" wmd ") is load_ruleset("wmd")
    assert load_ruleset("Sanmill").name == "sanmill"
    path = tmp_path / "WMD"
    path.write_text("base: sanmill\n", encoding="utf-8")
    assert (load_ruleset(str(path)).name, load_ruleset(str(path)).repetition) == ("WMD", "automatic")


@pytest.mark.parametrize("name, says", [("", "an empty text"), ("  ", "blanks")])
def test_an_empty_name_is_no_ruleset(name: str, says: str) -> None:
    with pytest.raises(FormatError) as caught:
        load_ruleset(name)
    assert str(caught.value) == (f"<ruleset>: error: a ruleset is named by a preset ({', '.join(preset_names())}) "
                                 f"or a .yaml file, not by {says}")


def test_a_ruleset_file_that_is_not_utf8_is_an_error_at_its_first_bad_byte(tmp_path: Path) -> None:
    path = tmp_path / "club.yaml"
    path.write_bytes(b'name: club\nfollows: "Vereinsregeln M\xfchle"\n')  # Latin-1, not UTF-8
    with pytest.raises(FormatError) as caught:
        load_ruleset(str(path))
    error = caught.value
    column = len('follows: "Vereinsregeln M') + 1
    assert (error.message, error.line, error.column, error.code) == ("not UTF-8 text (byte 0xfc)", 2, column, "io")


class TestCommand:
    def test_lists_the_presets(self) -> None:
        result = run("rules")
        assert result.exit_code == 0
        names = [line.split()[0] for line in result.output.splitlines() if not line.startswith(" ")]
        assert names == preset_names()
        assert "follows: WMD Turnierreglement 3.0 (11 May 2019), 1.1, 1.2" in result.output

    @pytest.mark.parametrize("name", ["wmd", "sanmill", "wmd-traditional"])
    def test_prints_yaml_that_reads_back(self, name: str, tmp_path: Path) -> None:
        result = run("rules", name)
        assert result.exit_code == 0
        path = tmp_path / "r.yaml"
        path.write_text(result.output, encoding="utf-8")
        assert load_ruleset(str(path)) == load_ruleset(name)
        again = run("rules", str(path))
        assert again.exit_code == 0 and again.output == result.output

    def test_an_unknown_name_is_a_usage_error(self) -> None:
        result = run("rules", "fide")
        assert result.exit_code == 2 and "neither a preset" in result.output

    def test_a_preset_is_named_in_any_case(self) -> None:
        result = run("rules", " Sanmill")
        assert result.exit_code == 0 and result.output == ruleset_to_yaml(load_ruleset("sanmill"))

    @pytest.mark.parametrize("name", ["", " "])
    def test_an_empty_name_is_a_usage_error(self, name: str) -> None:
        result = run("rules", name)
        assert result.exit_code == 2 and f"'{name}' is neither a preset" in result.output

    def test_a_bad_file_is_a_located_error(self, tmp_path: Path) -> None:
        path = tmp_path / "bad.yaml"
        path.write_text("stones: 2\n", encoding="utf-8")
        result = run("rules", str(path))
        assert result.exit_code == 1
        assert f"{path}:1:1: error: stones: must be a whole number from 3 to 12, not 2" in result.output


def test_a_key_given_twice_is_an_error_at_the_second(tmp_path: Path) -> None:
    """YAML forbids it; a loader that kept the last would quietly make this ruleset sanmill."""
    path = tmp_path / "twice.yaml"
    path.write_text("base: wmd\nstones: 9\nbase: sanmill\n", encoding="utf-8")
    with pytest.raises(FormatError) as caught:
        load_ruleset(str(path))
    assert caught.value.message == "not valid YAML: found the key 'base' twice"
    assert (caught.value.source, caught.value.line, caught.value.column) == (str(path), 3, 1)


def test_a_yaml_alias_is_refused_at_the_value_it_names(tmp_path: Path) -> None:
    path = tmp_path / "alias.yaml"
    path.write_text("no_capture: &n {limit: 60}\ntitle: x\nname: *n\n", encoding="utf-8")
    message = "not valid YAML: YAML anchors and aliases are not read here: write the value out"
    with pytest.raises(FormatError) as caught:
        load_ruleset(str(path))
    assert caught.value.message == message
    assert (caught.value.line, caught.value.column) == (1, 13)
    result = run("rules", str(path))
    assert result.exit_code == 1 and f"{path}:1:13: error: {message}" in result.output
    game = tmp_path / "game.txt"
    game.write_text("1. b4 d6 *\n", encoding="utf-8")
    result = run("validate", str(game), "--rules", str(path))
    assert result.exit_code == 1 and f"{path}:1:13: error: {message}" in result.output


def test_a_yaml_alias_cycle_is_refused_not_walked_forever(tmp_path: Path) -> None:
    path = tmp_path / "loop.yaml"
    path.write_text("base: wmd\nno_capture: &a {limit: 60, reset: *a}\n", encoding="utf-8")
    with pytest.raises(FormatError, match="anchors and aliases are not read here") as caught:
        load_ruleset(str(path))
    assert (caught.value.line, caught.value.column) == (2, 13)


@pytest.mark.parametrize("text, line, column, digits", [
    ("stones: " + "1" * 5000 + "\n", 1, 9, 5000),
    ("no_capture:\n  limit: 0x" + "f" * 3500 + "\n", 2, 10, 4215),  # 16**3500 has 4215 digits
], ids=["decimal", "hexadecimal"])
def test_a_number_too_long_is_a_located_error(tmp_path: Path, text: str, line: int, column: int,
                                              digits: int) -> None:
    path = tmp_path / "long.yaml"
    path.write_text(text, encoding="utf-8")
    message = f"not valid YAML: a number of {digits} digits is too long (at most 4000)"
    with pytest.raises(FormatError) as caught:
        load_ruleset(str(path))
    assert (caught.value.message, caught.value.line, caught.value.column) == (message, line, column)
    result = run("rules", str(path))
    assert result.exit_code == 1 and f"{path}:{line}:{column}: error: {message}" in result.output


def test_a_rule_changed_from_its_base_no_longer_cites_the_base_text() -> None:
    """A club that keeps WMD but counts 40 plies without a capture does not follow WMD 11.3's
    "30 Züge von beiden Seiten": that citation goes, the others stay."""
    club = parse_ruleset("base: wmd\nno_capture: {limit: 40}\n")
    assert club.cite("no-capture") is None
    assert club.cite("repetition") == load_ruleset("wmd").cite("repetition")
    own = parse_ruleset("base: wmd\nno_capture: {limit: 40}\ncites:\n  no-capture: {section: Club 3, text: 40 Halbzüge}\n")
    assert own.cites == (("no-capture", "Club 3", "40 Halbzüge"),)


@pytest.mark.parametrize("fields, message", [
    ({"stones": 2}, "stones: must be a whole number from 3 to 12, not 2"),
    ({"stones": "9"}, "stones: must be a whole number from 3 to 12, not '9'"),
    ({"flying": "no"}, "flying: must be true or false, not 'no'"),
    ({"double_mill": "sometimes"}, "double_mill: must be one of placing, always, never, not 'sometimes'"),
    ({"repetition": "maybe"}, "repetition: must be one of claim, automatic, off, not 'maybe'"),
    ({"no_capture": 60}, "no_capture: must be a NoProgressRule or None, not 60"),
])
def test_a_ruleset_built_in_code_is_checked_as_a_file_is(fields: dict, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        Ruleset(name="club", title="Club", **fields)
    assert str(caught.value) == message


@pytest.mark.parametrize("args, kwargs, message", [
    ((0,), {}, "no_capture.limit: must be a whole number of plies, at least 1, not 0"),
    ((5, "bogus"), {}, "no_capture.reset: must be one of capture, mill, placement-or-capture, not 'bogus'"),
    ((5,), {"mode": "later"}, "no_capture.mode: must be one of claim, automatic, not 'later'"),
    ((99, "mill"), {"whole_moves": True}, "no_capture.limit: must be even with whole_moves (the plies of whole "
                                          "moves), not 99"),
])
def test_a_no_progress_rule_built_in_code_is_checked(args: tuple, kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        NoProgressRule(*args, **kwargs)
    assert str(caught.value) == message


def test_a_rule_restated_as_its_base_has_it_keeps_the_citation() -> None:
    club = parse_ruleset("base: wmd\nrepetition: claim\nno_capture: {limit: 60, reset: capture}\n")
    assert club.cites == load_ruleset("wmd").cites


def test_citations_built_in_code_are_checked() -> None:
    with pytest.raises(ValueError, match="cites: each must be"):
        Ruleset(name="club", title="Club", cites=(("stalemate", "Club 1", "words"),))
    with pytest.raises(ValueError, match="cites: each must be"):
        Ruleset(name="club", title="Club", cites=(("repetition", "", "words"),))


def test_capture_from_mill_always_lets_a_mill_stone_go() -> None:
    """Sanmill's MayRemoveFromMillsAlways: with White's mill a1-d1-g1 closed and b4 free, Black's
    mill may take d1 (under when-all-in-mills that is a protected-stone); the endgame plies follow
    the same rule (they are the engine's legal plies)."""
    from muehle.analyzer.endgames import plies
    from muehle.analyzer.engine import core
    from muehle.analyzer.engine.board import Position, mask_of
    from muehle.analyzer.engine.replay import replay
    from muehle.notation.record.model import Game, Ply

    start = Position(mask_of(["a1", "d1", "g1", "b4"]), mask_of(["a7", "d7", "g4", "b6"]), 0, 0, "black")
    game = Game(plies=[Ply(20, "black", "g7", "g4", captures=["d1"])])  # (closes a7-d7-g7)
    always = parse_ruleset("base: wmd\ncapture_from_mill: always\n")
    assert replay(game, always, start).errors == []
    assert [error.code for error in replay(game, "wmd", start).errors] == ["protected-stone"]
    # the endgame plies (the board's legal plies under the table's settings) take the same rule
    from muehle.analyzer.endgames.settings import EndgameRules

    black, white = mask_of(["a7", "d7", "g4", "b6"]), mask_of(["a1", "d1", "g1", "b4"])
    taking = {ply.text for ply in plies.endgame_plies(black, white, EndgameRules(capture_from_mill="always"))}
    assert {"g4-g7xa1", "g4-g7xd1", "g4-g7xg1", "g4-g7xb4"} <= taking
    guarded = {ply.text for ply in plies.endgame_plies(black, white, EndgameRules())}
    assert {text for text in guarded if text.startswith("g4-g7")} == {"g4-g7xb4"}
    assert core.capturable(white, always) == white and core.capturable(white, load_ruleset("wmd")) == mask_of(["b4"])
