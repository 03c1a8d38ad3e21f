"""The viewer's game that cannot be replayed, read from JSON: no line to name, so the page says why
without one."""

from __future__ import annotations

import json
import re
from pathlib import Path

from runner import run


def test_a_json_game_with_an_unknown_ruleset_is_shown_without_positions_and_without_a_line(tmp_path: Path) -> None:
    record = tmp_path / "games.json"
    record.write_text(json.dumps({"format": "muehle-record", "version": 1, "games": [
        {"tags": {"Rules": "nosuch"}, "plies": [{"number": 1, "side": "white", "to": "d2"}], "result": "*"}]}),
        encoding="utf-8")
    page = tmp_path / "page.html"
    result = run("convert", str(record), "-o", str(page))
    assert result.exit_code == 0
    assert "warning: the page shows its game 1 without positions: the Rules tag names 'nosuch'" in result.stderr
    [said] = re.findall('<p class="rules">(.*?)</p>', page.read_text(encoding="utf-8"))
    assert said.startswith("Not replayed: the Rules tag names &#x27;nosuch&#x27;, which is not a ruleset (presets: ")
    assert said.endswith(").") and "(line " not in said  # (a game read from a file of notation names its line)
