"""The HTML viewer of a game under a ruleset the endgame tables are not made for (a Sanmill variant)
shows its endgame positions without a table's value, rather than failing on them: the tables hold no
value for such rules (``probe_if_built`` gives none, where ``show --best`` names the settings)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from muehle.analyzer.endgames.best import probe_if_built
from muehle.analyzer.endgames.settings import RulesNotSolved, endgame_rules
from muehle.analyzer.engine.board import Position, mask_of
from muehle.analyzer.engine.rules import load_ruleset
from muehle.notation.record.model import WHITE
from runner import run

DATA = Path(__file__).resolve().parents[1] / "data" / "sanmill-variants"


def test_a_variants_endgame_has_no_table_value(tmp_path: Path) -> None:
    morabaraba = load_ruleset("morabaraba")
    with pytest.raises(RulesNotSolved):
        endgame_rules(morabaraba)
    three_each = Position(mask_of(["a1", "d1", "g7"]), mask_of(["b2", "f4", "d7"]), 0, 0, WHITE)
    assert probe_if_built(three_each, morabaraba, tmp_path) is None


def test_morabaraba_games_to_three_stones_convert_to_a_page(tmp_path: Path) -> None:
    """Sanmill's Morabaraba games, of which ten end by leaving the loser fewer than three stones (their
    positions of three and four stones a side are the tables' kind)."""
    target = tmp_path / "games.html"
    result = run("convert", str(DATA / "morabaraba.pgn"), "--to", "html", "-o", str(target))
    assert result.exit_code == 0, result.output
    page = target.read_text(encoding="utf-8")
    match = re.search(r"var DATA = (\{.*?\});\n", page)
    assert match is not None
    games = json.loads(match.group(1))["games"]
    # (the file's 30 games, each with its positions: the start and one after each ply as Sanmill wrote them)
    assert len(games) == 30 and all(len(game["frames"]) > 1 for game in games)
