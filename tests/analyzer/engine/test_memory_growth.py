"""A long repetitive legal game costs memory in proportion to its length: the plies' records
share the line's one repetition history instead of each copying where its position stood."""

from __future__ import annotations

import tracemalloc

from long_games import shuttle_game
from muehle.analyzer.engine.replay import replay
from muehle.analyzer.reports.analysis import analyze
from muehle.analyzer.reports.analysis_text import render_text


def _peak(moves: int) -> tuple[int, int]:
    """Peak memory (bytes) of replaying the game, building every record, analysing it and writing the
    analysis as text, and how many plies were replayed. (The JSON of the analysis lists, for each
    repetition, every earlier occurrence: that report asks for the lists, so it is not measured.)"""
    game = shuttle_game(moves)
    tracemalloc.start()
    try:
        result = replay(game, "wmd")
        records = result.records
        analysis = analyze(result)
        text = render_text(analysis, "game")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert result.errors == [] and len(records) == len(game.plies)
    assert sum(event.type == "repetition" for event in analysis.events) > moves // 2 and "repetition" in text
    return peak, len(records)


def test_memory_grows_about_linearly_with_a_repetitive_games_length() -> None:
    """1x, 2x and 4x the length: each doubling at most about doubles the peak (a copy per ply of
    the earlier occurrences would quadruple it). The floors are generous; no absolute figures."""
    single, plies = _peak(1200)
    double, _ = _peak(2400)
    quadruple, _ = _peak(4800)
    assert plies == 1218
    assert double < 3 * single and quadruple < 3 * double and quadruple < 6 * single, (single, double, quadruple)
