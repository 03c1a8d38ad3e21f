"""Long legal games the tests share: placements that close no mill, then the same moves back and forth."""

from __future__ import annotations

from muehle.notation.record.model import Game, Ply

# 18 placements that close no mill (Sanmill's fixture r1-after-placement), then White and Black
# shuttle a7-a4 g7-g4 a4-a7 g4-g7: four positions, each standing again every four plies. Under
# wmd repetition and the no-capture rule are claims, so the game stays legal however long it is.
PLACEMENTS = "a7 g7 g1 a1 b6 d6 f6 f4 f2 d2 b2 b4 c5 c4 c3 e5 e4 e3".split()
SHUTTLE = [("a4", "a7"), ("g4", "g7"), ("a7", "a4"), ("g7", "g4")]


def shuttle_game(moves: int) -> Game:
    """The 18 placements, then ``moves`` plies of the shuttle."""
    plies = [Ply(index // 2 + 1, "white" if index % 2 == 0 else "black", point)
             for index, point in enumerate(PLACEMENTS)]
    for index in range(len(PLACEMENTS), len(PLACEMENTS) + moves):
        target, origin = SHUTTLE[(index - len(PLACEMENTS)) % 4]
        plies.append(Ply(index // 2 + 1, "white" if index % 2 == 0 else "black", target, origin))
    return Game(plies=plies)
