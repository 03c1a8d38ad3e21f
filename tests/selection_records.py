"""Hand-checked records for the tests of ``muehle select`` and ``muehle stats``: a file of three
games whose players, lengths, results, ends and features are worked out below from the board."""

from __future__ import annotations

# 1. No mill is closed; after 9... d7 the free points are a1, a4, a7, b2, b4 and b6 and no White
#    stone stands next to one: White cannot move and loses (WMD 10.2) after ply 18.
#    (examples/analyze-endings.txt, its first game.)
BLOCKED = """[Event "Club"]
[White "Ada"]
[Black "Bo"]
[Result "0-1"]

1. e4 d2 2. f4 c4 3. d5 d6 4. d3 c3 5. e3 e5 6. f6 g4 7. c5 f2 8. g1 d1
9. g7 d7 0-1
"""

# 2. Seven plies: 3... a7 closes a7-d7-g7 and takes c4; 4. b2 closes b2-d2-f2, and every Black
#    stone stands in the mill a7-d7-g7, so under wmd a7 may be taken from it (WMD 1.2; a club
#    ruleset that protects mills, wmd-traditional, makes it a protected-stone error).
#    Nothing ends the game and none is declared. (examples/illegal-moves.txt.)
FROM_MILL = """[Event "Club"]
[White "Bo"]
[Black "Ada"]
[Result "*"]

1. d2 d7 2. f2 g7 3. c4 a7/xc4 4. b2/xa7 *
"""

# 3. 29 plies (14 moves and 15. d2-d3): White closes a7-d7-g7 while placing (6. d7) and, its last stone placed,
#    shuttles d7-d6 (b6-d6-f6) and back, a mill with every move: a Zwickmuehle. After
#    14. d7-d6/xc4 Black has three stones and may jump (the flying phase); 14... g1-d7 jumps,
#    15. d2-d3 closes c3-d3-e3 and takes d7: Black has two stones, White wins (WMD 10.1).
#    (examples/analyze-zwickmuehle.txt.)
ZWICKMUEHLE = """[Event "Cup"]
[White "Cy"]
[Black "Ada"]
[Result "1-0"]

1. a7 a1 2. g7 g1 3. b6 b2 4. f6 f2 5. d5 a4 6. d7/xa4 g4 7. c3 c4 8. e3 e4
9. d2 c5 10. d7-d6/xg4 a1-a4 11. d6-d7/xa4 c4-b4 12. d7-d6/xb4 e4-f4
13. d6-d7/xf4 c5-c4 14. d7-d6/xc4 g1-d7 15. d2-d3/xd7 1-0
"""

#: The three games in one file, a blank line between them.
THREE = "\n".join((BLOCKED, FROM_MILL, ZWICKMUEHLE))

# An illegal second ply: d2 is taken (occupied); the record's main line has two plies.
OCCUPIED = "[Event \"Club\"]\n[White \"Ada\"]\n[Black \"Bo\"]\n\n1. d2 d2 *\n"
