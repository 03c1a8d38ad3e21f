"""What docs/*.md show as the tool's output, codes and messages is what the tool gives."""

from __future__ import annotations

import importlib
import json
import re
import shlex
from pathlib import Path

import click
import pytest

from docs_text import DOCS, doc, section
from muehle.analyzer.cli import COMMANDS, cli
from muehle.analyzer.engine.events import CODES
from muehle.notation import read_games
from paths import ROOT
from runner import run


def _sessions() -> list[tuple[str, str, str]]:
    """(document, command, output) of each block of the docs that shows ``$ muehle ...`` and
    what it prints."""
    found = []
    for path in sorted(DOCS.glob("*.md")):
        for command, output in re.findall(r"^```\n\$ (muehle [^\n]*)\n(.*?)^```$", path.read_text(encoding="utf-8"),
                                          re.M | re.S):
            found.append((path.name, command, output))
    return found


@pytest.mark.parametrize("doc, command, output", _sessions())
def test_each_command_shown_with_its_output_prints_that_output(doc: str, command: str, output: str,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = run(*shlex.split(command)[1:])
    assert result.exit_code == 0, result.output
    assert result.stdout == output


def _syntax_rows() -> list[tuple[str, str]]:
    """(example, documented message) of each row of notation.md's table of syntax errors: the
    row's example that the message quotes, else its first."""
    table = section(doc("notation.md"), "## Syntax errors")
    rows = []
    for cell, message in re.findall(r"^\| (`.*?) \| `([^`]*)`", table, re.M):
        if " × " in cell:  # (`1` × 5000 `. b4`)
            first, count, rest = re.fullmatch(r"`([^`]+)` × (\d+) `([^`]+)`", cell).groups()
            examples = [first * int(count) + rest]
        else:
            examples = re.findall(r"`([^`]+)`", cell)
        rows.append((next((text for text in examples if text in message), examples[0]), message))
    return rows


@pytest.mark.parametrize("text, message", _syntax_rows(), ids=lambda value: value[:30])
def test_each_syntax_error_of_the_notation_doc_is_the_one_its_example_gives(text: str, message: str) -> None:
    errors = [game.errors[0].message for game in read_games(text) if game.errors]
    assert errors, f"{text!r} is read without an error"
    assert errors[0].startswith(message.removesuffix(", ...")), errors[0]


def test_every_session_and_every_syntax_row_of_the_docs_is_checked_above() -> None:
    """The two checks above take their cases from the docs: a block or a row their patterns miss
    would go unchecked, and none found would leave them nothing to check."""
    opened = [line for path in DOCS.glob("*.md")
              for line in re.findall(r"^```\n(\$ .*)$", path.read_text(encoding="utf-8"), re.M)]
    assert len(opened) >= 2 and len(_sessions()) == len(opened)
    table = [line for line in section(doc("notation.md"), "## Syntax errors").splitlines() if line.startswith("| ")]
    assert table[0] == "| text | message |" and len(table) > 30 and len(_syntax_rows()) == len(table) - 1


def test_the_error_codes_of_the_validate_doc_are_those_the_tool_defines() -> None:
    """docs/validate.md lists every code a rule violation may carry, and no other."""
    table = section(doc("validate.md"), "## Error codes")
    listed = re.findall(r"^\| `([a-z-]+)` \|", table, re.M)
    assert sorted(listed) == sorted(CODES) and len(listed) == len(set(listed))


def test_the_claim_json_example_is_what_claim_prints() -> None:
    """The JSON object docs/analyze.md shows for `muehle claim` has every key the command prints,
    with the values it prints for that claim."""
    shown = json.loads(re.search(r"```json\n(\{\"source\".*?)```", section(doc("analyze.md"), "### The JSON contract "
                                                                           "(`--format json`)"), re.S).group(1))
    result = run("claim", str(ROOT / shown["source"]), "--game", str(shown["game"]),
                                      "--ply", str(shown["ply"]), "--by", shown["by"], "--rule", shown["rule"],
                                      "--rules", shown["rules"], "--format", "json")
    printed = json.loads(result.stdout)
    printed["source"] = shown["source"]
    assert printed == shown


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_option_of_every_command_is_documented(name: str) -> None:
    """Each option `muehle COMMAND --help` lists is named in README.md or docs/*.md."""
    text = (ROOT / "README.md").read_text(encoding="utf-8") + "".join(
        path.read_text(encoding="utf-8") for path in DOCS.glob("*.md"))
    command = cli.get_command(click.Context(cli), name)
    assert command is not None
    for param in command.params:
        for option in param.opts if param.param_type_name == "option" else ():
            if option not in ("-h", "--help"):
                assert re.search(rf"`[^`]*{re.escape(option)}\b", text), (name, option)


def _json_record_with(change: str) -> dict:
    """The multi-game example as a JSON record, with the fault ``change`` names put in."""
    result = run("convert", str(ROOT / "examples" / "multi-game.txt"), "--to", "json")
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    if change == "point":
        record["games"][0]["plies"][3]["to"] = "b1"
    elif change == "key":
        record["games"][0]["plies"][0]["colour"] = "white"
    elif change == "result":
        record["games"][1]["result"] = "2-0"
    else:
        record["version"] = 2
    return record


def test_each_reading_error_of_the_formats_doc_is_the_one_its_fault_gives(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The messages docs/formats.md shows under "Reading", each from a record with that fault."""
    shown = re.search(r"```\n(game\.json: error: .*?)```", section(doc("formats.md"), "### Reading"), re.S)
    assert shown is not None
    expected = shown.group(1).splitlines()
    assert len(expected) == 4
    monkeypatch.chdir(tmp_path)
    for change, message in zip(("point", "key", "result", "version"), expected):
        Path("game.json").write_text(json.dumps(_json_record_with(change)), encoding="utf-8")
        result = run("convert", "game.json", "--to", "notation")
        assert result.exit_code == 1
        assert result.output.strip() == message, change


def _dotted_names(text: str) -> set[str]:
    """The dotted Python names a document writes in backticks (``engine.core.play_line``), files
    (``core.py``) left out."""
    names = set(re.findall(r"`((?:muehle\.)?(?:engine|reports|pictures|corpus|batch|play|repair|endgames|cli|notation|core|events)"
                           r"(?:\.[A-Za-z_]\w*)+)`", text))
    return {name for name in names if not name.endswith((".py", ".md"))}


def test_architecture_names_only_what_exists() -> None:
    """Each function, class or table docs/architecture.md names as where a rule or a name lives
    exists under that name (a rename that forgets the document fails here)."""
    names = _dotted_names((ROOT / "docs" / "architecture.md").read_text(encoding="utf-8"))
    assert "engine.core.play_line" in names and "engine.rules.Ruleset.captures_for" in names
    missing = []
    for name in sorted(names):
        parts = name.removeprefix("muehle.").split(".")
        if parts[0] in ("core", "events"):
            parts = ["engine", *parts]
        path = "muehle." + ("" if parts[0] == "notation" else "analyzer.")
        for split in range(len(parts), 0, -1):
            try:
                found: object = importlib.import_module(path + ".".join(parts[:split]))
            except ImportError:
                continue
            for attribute in parts[split:]:
                found = getattr(found, attribute, None)
            if found is None:
                missing.append(name)
            break
        else:
            missing.append(name)
    assert missing == []
