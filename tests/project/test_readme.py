"""The README's first screen gives the two commands that work on a fresh machine."""

from __future__ import annotations

import re

from paths import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


def _commands() -> list[str]:
    return re.findall(r"```sh\n(.+?)\n```", README)


def test_first_screen_has_install_and_run_and_test_commands() -> None:
    first_screen = "\n".join(README.splitlines()[:25])
    run, test = _commands()[:2]
    assert run in first_screen and test in first_screen
    assert "pip install ." in run and "muehle convert examples/" in run
    assert "pip install '.[test]'" in test and "pytest" in test


def test_shipped_example_of_the_run_command_exists() -> None:
    run = _commands()[0]
    example = re.search(r"(examples/\S+)", run).group(1)
    assert (ROOT / example).is_file()


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert _commands()[1] in ci.splitlines()


def test_library_example_prints_what_its_comments_say() -> None:
    """The README's Python example runs and prints what its comments promise."""
    import subprocess
    import sys

    code = re.search(r"```python\n(.+?)\n```", README, re.S).group(1)
    promised = [line.split("# ", 1)[1] for line in code.splitlines() if line.startswith("print(")]
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == promised


def test_the_first_paragraph_names_every_sanmill_variant() -> None:
    from muehle.analyzer.engine.rules import SANMILL_VARIANTS

    first = README.split("\n\n")[1]
    assert [variant for variant in SANMILL_VARIANTS if f"`{variant}`" not in first] == []
