"""A Sanmill export is judged under its variant's preset: the ``[Variant "..."]`` tag its export
writes (only "Nine Men's Morris", "Twelve Men's Morris" and "El Filja": Sanmill v7.4.6,
``import_service.dart`` ``addTagPairs``), or a variant's name or id, picks the ruleset when neither
``--rules`` nor a ``Rules`` tag does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from muehle.analyzer.engine.rules import SANMILL_VARIANTS, preset_names, ruleset_of, variant_for_tag
from muehle.analyzer.engine.setup import replay_record
from muehle.notation.reading.parser import read_file, read_games
from muehle.notation.record.model import Game
from muehle.notation.text.errors import FormatError
from runner import run

DATA = Path(__file__).resolve().parents[2] / "data" / "sanmill-variants"
VERDICTS = json.loads((DATA / "verdicts.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("tag, variant", [
    ("Nine Men's Morris", "standard_9mm"), ("Twelve Men's Morris", "twelve_mens_morris"), ("El Filja", "el_filja"),
    ("nine men's morris", "standard_9mm"), ("  TWELVE MEN'S MORRIS ", "twelve_mens_morris"),
    ("Lasker Morris", "lasker_morris"), ("Mul-Mulan", "mul_mulan"), ("russian_mill", "russian_mill"),
    ("Cheng San Qi", "cheng_san_qi"), ("da-san-qi", "da_san_qi"),
    ("Chess", None), ("wmd", None), ("", None), ("Nine Men Morris", None),
])
def test_the_variant_a_tag_names(tag: str, variant: str | None) -> None:
    assert variant_for_tag(tag) == variant


def test_the_tags_sanmill_writes_are_those_of_its_data() -> None:
    """Every tag in the exports of Sanmill's own games names a variant (the data say which tag
    each variant's export carries: a family's name, so Morabaraba is tagged Twelve Men's Morris)."""
    for data in VERDICTS.values():
        tag = data["variant_tag"]
        if tag is not None:
            assert variant_for_tag(tag) in {"standard_9mm", "twelve_mens_morris", "el_filja"}
    assert VERDICTS["morabaraba.pgn"]["variant_tag"] == "Twelve Men's Morris"
    assert len(SANMILL_VARIANTS) == 13 and {"standard_9mm", "lasker_morris", "twelve_mens_morris"} <= set(preset_names())


def test_a_sanmill_export_is_judged_under_its_variants_preset_without_rules() -> None:
    """Sanmill's Twelve Men's Morris games carry the tag and no Rules tag: judged without --rules they
    are judged under twelve_mens_morris, with Sanmill's verdicts; under wmd (nine stones, no
    diagonals) the same records are not legal games."""
    games = list(read_file(DATA / "twelve_mens_morris.pgn"))
    assert all(game.tags.get("Variant") == "Twelve Men's Morris" and "Rules" not in game.tags for game in games)
    for game, expected in zip(games, VERDICTS["twelve_mens_morris.pgn"]["games"]):
        result = replay_record(game)
        assert result.rules.name == "twelve_mens_morris" and result.errors == []
        assert (result.outcome.winner, result.outcome.reason, result.outcome.ply) == (
            expected["winner"], expected["reason"], expected["ply"])
    assert any(replay_record(game, "wmd").errors for game in games)
    result = run("validate", str(DATA / "twelve_mens_morris.pgn"))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "30 games, 30 valid, 0 invalid"


def test_the_rules_tag_and_the_option_come_first() -> None:
    tagged = Game(tags={"Variant": "Twelve Men's Morris", "Rules": "sanmill"})
    assert ruleset_of(tagged).name == "sanmill"
    assert ruleset_of(tagged, "wmd").name == "wmd"
    assert ruleset_of(Game(tags={"Variant": "Twelve Men's Morris"}), "lasker_morris").name == "lasker_morris"
    assert ruleset_of(Game(tags={"Variant": "Nine Men's Morris"})).name == "standard_9mm"


def _record(variant: str) -> str:
    return f'[Event "x"]\n[Variant "{variant}"]\n\n1. d2 d6 *\n'


def test_a_variant_muehle_does_not_know_is_a_located_error(tmp_path: Path) -> None:
    (game,) = read_games(_record("Chess960"), "games.pgn")
    with pytest.raises(FormatError) as raised:
        ruleset_of(game)
    assert (raised.value.line, raised.value.code) == (2, "unknown-rules")
    assert "the Variant tag names 'Chess960', which is not one of Sanmill's variants" in str(raised.value)
    path = tmp_path / "games.pgn"
    path.write_text(_record("Chess960"), encoding="utf-8")
    result = run("validate", str(path))
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "games.pgn:2:" in result.output and "not one of Sanmill's variants" in result.output
    assert "--rules" in result.output
    assert run("validate", "--rules", "wmd", str(path)).exit_code == 0


def test_a_sanmill_variant_without_a_preset_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A variant of Sanmill's that muehle had no preset for would be named as such (here the
    presets are made to lack el_filja, which Sanmill's export tags by name)."""
    from muehle.analyzer.engine import rules

    names = tuple(name for name in rules._preset_names() if name != "el_filja")
    monkeypatch.setattr(rules, "_preset_names", lambda: names)
    path = tmp_path / "games.pgn"
    path.write_text(_record("El Filja"), encoding="utf-8")
    result = run("validate", str(path))
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "Sanmill's variant el_filja, which muehle has no ruleset for yet" in result.output
    assert "it judges standard_9mm, twelve_mens_morris" in result.output and "el_filja;" not in result.output


def test_german_words_for_the_variant_tag(tmp_path: Path) -> None:
    path = tmp_path / "games.pgn"
    path.write_text(_record("Chess960"), encoding="utf-8")
    result = run("--lang", "de", "validate", str(path))
    assert result.exit_code == 1 and "Variant-Tag" in result.output and "Sanmill" in result.output
