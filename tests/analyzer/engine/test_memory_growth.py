"""A long repetitive legal game costs memory in proportion to its length: the plies' records
share the line's one repetition history instead of each copying where its position stood."""

from __future__ import annotations

import tracemalloc

from muehle.analyzer.reports.analysis import analyze
from muehle.analyzer.reports.analysis_text import render_text
from muehle.analyzer.engine.replay import replay
from muehle.notation.model import Game, Ply

# 18 placements that close no mill (Sanmill's fixture r1-after-placement), then White and Black
# shuttle a7-a4 g7-g4 a4-a7 g4-g7: four positions, each standing again every four plies. Under
# wmd repetition and the no-capture rule are claims, so the game stays legal however long it is.
PLACEMENTS = "a7 g7 g1 a1 b6 d6 f6 f4 f2 d2 b2 b4 c5 c4 c3 e5 e4 e3".split()
SHUTTLE = [("a4", "a7"), ("g4", "g7"), ("a7", "a4"), ("g7", "g4")]


def _game(moves: int) -> Game:
    plies = [Ply(index // 2 + 1, "white" if index % 2 == 0 else "black", point)
             for index, point in enumerate(PLACEMENTS)]
    for index in range(len(PLACEMENTS), len(PLACEMENTS) + moves):
        target, origin = SHUTTLE[(index - len(PLACEMENTS)) % 4]
        plies.append(Ply(index // 2 + 1, "white" if index % 2 == 0 else "black", target, origin))
    return Game(plies=plies)


def _peak(moves: int) -> tuple[int, int]:
    """Peak memory (bytes) of replaying the game, building every record, analysing it and writing the
    analysis as text, and how many plies were replayed. (The JSON of the analysis lists, for each
    repetition, every earlier occurrence: that report asks for the lists, so it is not measured.)"""
    game = _game(moves)
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
