"""Shell completion of ``--rules``: the presets and the YAML files of the folder typed so far,
through click's completion API and as the shell runs it (``_MUEHLE_COMPLETE=bash_complete``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.shell_completion import ShellComplete

from muehle.analyzer.cli import cli
from muehle.analyzer.cli.common import RulesName

#: The presets, by the files of engine/rulesets/, the default (wmd) first and the others in order.
PRESETS = ["wmd"] + sorted(path.stem for path in (Path(__file__).resolve().parents[2] / "analyzer" / "engine"
                                                  / "rulesets").glob("*.yaml") if path.stem != "wmd")

#: Each command with a --rules option, as the words before it.
COMMANDS = [["validate", "game.txt"], ["analyze", "game.txt"], ["claim", "game.txt"], ["show", "game.txt"],
            ["positions", "game.txt"], ["select", "game.txt"], ["stats", "game.txt"], ["repair", "game.txt"],
            ["generate"], ["endgames", "build"], ["endgames", "probe"], ["endgames", "stats"]]


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with two rulesets (.yaml, .YML), a text file, a hidden ruleset, a folder named
    like a ruleset and one with a ruleset inside; the current folder."""
    for name in ("club.yaml", "other.YML", "notes.txt", ".hidden.yaml", "sub/deep.yml", "sub/readme.md"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("name: x\n", encoding="utf-8")
    (tmp_path / "looks.yaml").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path


def completions(words: list[str], incomplete: str) -> list[str]:
    complete = ShellComplete(cli, {}, "muehle", "_MUEHLE_COMPLETE")
    return [item.value for item in complete.get_completions(words, incomplete)]


@pytest.mark.parametrize("words", COMMANDS, ids=" ".join)
def test_every_rules_option_offers_the_presets_and_the_folder_s_yaml_files(words: list[str], folder: Path) -> None:
    assert completions([*words, "--rules"], "") == [*PRESETS, "club.yaml", "other.YML"]


@pytest.mark.parametrize("incomplete, offered", [
    ("wmd", ["wmd", "wmd-traditional"]),
    ("s", ["sanmill", "schuermann", "standard_9mm"]),
    ("c", ["cham_gonu", "cheng_san_qi", "club.yaml"]),
    ("o", ["other.YML"]),
    ("n", ["nerenchi"]),                 # (notes.txt is no ruleset)
    ("l", ["lasker_morris"]),            # (a folder named looks.yaml is no file)
    (".", [".hidden.yaml"]),             # (hidden files only when a dot is typed)
    ("sub/", ["sub/deep.yml"]),
    ("sub/d", ["sub/deep.yml"]),
    ("nosuch/", []),
])
def test_what_is_typed_narrows_the_offer(incomplete: str, offered: list[str], folder: Path) -> None:
    assert completions(["validate", "game.txt", "--rules"], incomplete) == offered


def test_a_folder_given_by_its_full_path_is_read(folder: Path) -> None:
    typed = f"{folder}{os.sep}sub{os.sep}"
    assert completions(["validate", "game.txt", "--rules"], typed) == [f"{typed}deep.yml"]


def test_every_command_s_rules_option_has_the_completing_type() -> None:
    """Every --rules option of every command (and subcommand) completes, not only those listed above."""
    context = click.Context(cli)
    found = 0
    for name in cli.list_commands(context):
        command = cli.get_command(context, name)
        assert command is not None
        commands = list(command.commands.values()) if isinstance(command, click.Group) else [command]
        for each in commands:
            for param in each.params:
                if "--rules" in getattr(param, "opts", []):
                    assert isinstance(param.type, RulesName), (name, each.name)
                    found += 1
    assert found == len(COMMANDS)


def test_the_shell_s_completion_of_rules_in_a_subprocess(folder: Path) -> None:
    """As bash runs it: ``muehle validate game.txt --rules <TAB>`` and ``--rules w<TAB>``."""
    def bash(words: str) -> subprocess.CompletedProcess[str]:
        env = dict(os.environ, _MUEHLE_COMPLETE="bash_complete", COMP_WORDS=words,
                   COMP_CWORD=str(len(words.split()) - (0 if words.endswith(" ") else 1)))
        return subprocess.run([sys.executable, "-m", "muehle"], env=env, capture_output=True, text=True,
                              cwd=folder, timeout=120)

    done = bash("muehle validate game.txt --rules ")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"plain,{name}" for name in [*PRESETS, "club.yaml", "other.YML"]]
    done = bash("muehle endgames probe --rules w")
    assert (done.returncode, done.stdout) == (0, "plain,wmd\nplain,wmd-traditional\n")


def test_the_type_keeps_the_value_for_the_option_to_read() -> None:
    """The type only completes: the value reaches the option's callback as typed, and a bad one
    is still the usage error it was (exit 2)."""
    from runner import run

    assert RulesName().convert(" WMD ", None, None) == " WMD "
    result = run("validate", "-", "--rules", "nonesuch", input="1. d2 d6\n")
    assert result.exit_code == 2 and "'nonesuch' is neither a preset" in result.output
