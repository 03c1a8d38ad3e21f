"""Shell completion, click's own (README.md "Shell completion"): the scripts for bash, zsh and
fish, and the words they complete, in a subprocess as the shell runs it."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


def complete(words: str = "", shell: str = "bash", mode: str = "complete") -> subprocess.CompletedProcess[str]:
    """``muehle`` run by the completion script of ``shell``: ``mode`` ``source`` prints the script,
    ``complete`` the completions of the last of ``words`` (``muehle con``)."""
    env = dict(os.environ, _MUEHLE_COMPLETE=f"{shell}_{mode}", COMP_WORDS=words,
               COMP_CWORD=str(len(words.split()) - (0 if words.endswith(" ") else 1)))
    return subprocess.run([sys.executable, "-m", "muehle"], env=env, capture_output=True, text=True)


@pytest.mark.parametrize("shell, start", [("bash", "_muehle_completion() {"), ("zsh", "#compdef muehle"),
                                          ("fish", "function _muehle_completion")])
def test_the_completion_script_is_written(shell: str, start: str) -> None:
    done = complete(shell=shell, mode="source")
    assert done.returncode == 0, done.stderr
    assert done.stdout.lstrip().startswith(start)
    assert f"_MUEHLE_COMPLETE={shell}_complete" in done.stdout


def test_the_lazy_group_completes_command_names() -> None:
    """The commands are imported only when run; their names complete all the same."""
    done = complete("muehle c")
    assert (done.returncode, done.stdout) == (0, "plain,claim\nplain,convert\n")
    every = complete("muehle ")
    names = [line.split(",", 1)[1] for line in every.stdout.splitlines()]
    assert set(names) >= {"analyze", "claim", "convert", "endgames", "generate", "rules", "show", "validate"}
    assert names == sorted(names)


def test_a_command_s_options_and_choices_complete() -> None:
    assert complete("muehle endgames ").stdout == "plain,build\nplain,probe\nplain,stats\n"
    assert complete("muehle claim game.txt --by ").stdout == "plain,white\nplain,black\n"
    assert "plain,--to\n" in complete("muehle convert --t").stdout
