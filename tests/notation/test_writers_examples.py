"""Every shipped example survives each writer: written and read again, it is the same record."""

from __future__ import annotations

from pathlib import Path

import pytest

from muehle.notation.formats.jsonrecord import read_json, read_yaml, write_json, write_yaml
from muehle.notation.reading.parser import read_file, read_games
from muehle.notation.record.model import RESULTS
from muehle.notation.writing.pgn import write_pgn
from muehle.notation.writing.writers import write_notation
from paths import ROOT

EXAMPLES = ROOT / "examples"
RECORDS = sorted(p for p in EXAMPLES.glob("*") if p.suffix in (".txt", ".pgn", ".muehle"))


def readable_examples() -> list[Path]:
    return [path for path in RECORDS if not any(game.errors for game in read_file(path))]


def test_there_are_examples_to_check() -> None:
    assert readable_examples()


@pytest.mark.parametrize("path", readable_examples(), ids=lambda p: p.name)
def test_example_round_trips_through_notation_json_and_yaml(path: Path) -> None:
    games = list(read_file(path))
    assert list(read_games(write_notation(games))) == games
    assert read_json(write_json(games)) == games
    assert read_yaml(write_yaml(games)) == games
    # Writing the canonical form again changes nothing.
    assert write_notation(list(read_games(write_notation(games)))) == write_notation(games)
    assert list(read_games(write_notation(games, black_number="book"))) == games


@pytest.mark.parametrize("path", readable_examples(), ids=lambda p: p.name)
def test_example_round_trips_through_pgn(path: Path) -> None:
    games = list(read_file(path))
    back = list(read_games(write_pgn(games)))
    assert len(back) == len(games)
    for original, again in zip(games, back):
        assert not again.errors
        assert again.plies == original.plies
        assert again.comments == original.comments
        assert again.final_comments == original.final_comments
        declared = {"½-½": "1/2-1/2"}.get(original.declared_result, original.declared_result)
        assert again.result == (declared if declared in RESULTS else "*")
        for name, value in original.tags.items():
            if name not in ("Result", "PlyCount"):
                assert again.tags[name] == value
