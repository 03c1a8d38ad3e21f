"""Hostile records: the shipped examples with a few slips of the pen or of the disk (a character
put in, a run taken out, two lines swapped; a NUL, a byte order mark, a lone CR among them), read
by every command that reads records. Whatever the damage, each command ends as the README
promises: status 0, 1 (a bad input, told with its place) or 2 (a usage error), never an internal
error (status 3) or a traceback.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paths import EXAMPLES
from runner import run

pytestmark = pytest.mark.hostile

#: The records read (PlayOK's, Sanmill's PGN and YAML among them), each as text.
RECORDS = {path.name: path.read_text(encoding="utf-8") for path in sorted(EXAMPLES.iterdir())
           if path.suffix in (".txt", ".pgn", ".yaml")}

#: What a slip may put in: points, move marks, the notation's punctuation, results, and characters
#: that trip readers (NUL, BOM, a lone CR, a tab, a letter beyond ASCII).
PIECES = [*"abcdefgx1234567890-./ \n[]{}()\"*!?$;,:%", "1-0", "0-1", "1/2-1/2", "...", " - ", "\r", "\t",
          "ß", "\x00", "\ufeff"]

#: Every command that reads records, with the options that take it down its other paths.
COMMANDS = [["validate"], ["validate", "--format", "json"], ["validate", "--explain"], ["analyze"], ["positions"],
            ["show", "--ascii"], ["show", "--fen"], ["stats"], ["select", "--valid"], ["repair"],
            ["convert", "--to", "json"], ["convert", "--to", "yaml"], ["convert", "--to", "pgn"],
            ["convert", "--to", "notation"], ["convert", "--to", "playok"], ["convert", "--to", "html"]]


@st.composite
def damaged(draw: st.DrawFn) -> tuple[str, str]:
    """An example's name and its text with one to four slips."""
    name = draw(st.sampled_from(sorted(RECORDS)))
    text = RECORDS[name]
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["put", "take", "swap"]))
        if kind == "put":
            text = text[:at] + draw(st.sampled_from(PIECES)) + text[at:]
        elif kind == "take":
            text = text[:at] + text[at + draw(st.integers(1, 5)):]
        else:
            lines = text.split("\n")
            first, second = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            lines[first], lines[second] = lines[second], lines[first]
            text = "\n".join(lines)
    return name, text


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(record=damaged(), command=st.sampled_from(COMMANDS))
def test_a_damaged_record_is_never_an_internal_error(tmp_path: Path, record: tuple[str, str],
                                                     command: list[str]) -> None:
    name, text = record
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result = run(*command, str(path))
    assert result.exit_code in (0, 1, 2), (command, name, text, result.output[-600:])
    assert result.exception is None or isinstance(result.exception, SystemExit), (command, name, text)
    assert "internal error" not in result.output and "Traceback" not in result.output
