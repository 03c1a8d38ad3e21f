"""PlayOK records the tests share: an export of two games and the same first game in the book's notation."""

from __future__ import annotations

#: PlayOK's numbering as its site and Sanmill's importer give it, row by row from the top.
TABLE = ("1=a7 2=d7 3=g7 4=b6 5=d6 6=f6 7=c5 8=d5 9=e5 10=a4 11=b4 12=c4 13=e4 14=f4 15=g4 "
         "16=c3 17=d3 18=e3 19=b2 20=d2 21=f2 22=a1 23=d1 24=g1")

#: Two games in the form of PlayOK's exports, CRLF line ends, a line break right after a move number.
#: The first is the Sanmill export of the reference (Black wins 0-1), its points numbered by
#: hand from TABLE; the second three placements and a draw.
EXPORT = (
    '[Event "Mill"]\r\n'
    '[Site "PlayOK"]\r\n'
    '[Date "2026.07.20"]\r\n'
    '[Round "-"]\r\n'
    '[White "human"]\r\n'
    '[Black "robot"]\r\n'
    '[Result "0-1"]\r\n'
    '[Time "18:04:11"]\r\n'
    '[TimeControl "300"]\r\n'
    '[GameType "mill"]\r\n'
    '[WhiteElo "1503"]\r\n'
    '[BlackElo "1688"]\r\n'
    '\r\n'
    '1. 20 5 2. 14 21 3. 11 17 4. 6 13 5. 15 10 6. 12 7 7. 2 9 8. 8 18x8 9. 8 16x20 10.\r\n'
    '11-19 17-20 11. 15-24 18-17 12. 14-15 17-18x15 13. 6-14 18-17 14. 2-3 13-18x14\r\n'
    '15. 3-15 18-13 16. 15-3 13-18x8 17. 3-15 18-13 18. 15-14 17-18x12 19. 14-6 7-12\r\n'
    '20. 6-14 20-17x24 0-1\r\n'
    '\r\n'
    '[Event "Mill"]\r\n'
    '[Site "PlayOK"]\r\n'
    '[Date "2026.07.21"]\r\n'
    '[White "robot"]\r\n'
    '[Black "human"]\r\n'
    '[Result "1/2-1/2"]\r\n'
    '[WhiteElo "1690"]\r\n'
    '[BlackElo "1501"]\r\n'
    '\r\n'
    '1. 1 24 2. 5 1/2-1/2\r\n'
)

#: The first game of EXPORT as the Sanmill export writes it, in the book's coordinates.
BOOK = """\
1. d2 d6 2. f4 f2 3. b4 d3 4. f6 e4 5. g4 a4 6. c4 c5
7. d7 e5 8. d5 e3xd5 9. d5 c3xd2 10. b4-b2 d3-d2
11. g4-g1 e3-d3 12. f4-g4 d3-e3xg4 13. f6-f4 e3-d3
14. d7-g7 e4-e3xf4 15. g7-g4 e3-e4 16. g4-g7 e4-e3xd5
17. g7-g4 e3-e4 18. g4-f4 d3-e3xc4 19. f4-f6 c5-c4
20. f6-f4 d2-d3xg1 0-1
"""

TAGS = {"Event": "Mill", "Site": "PlayOK", "Date": "2026.07.20", "Round": "-", "White": "human",
        "Black": "robot", "Result": "0-1", "Time": "18:04:11", "TimeControl": "300", "GameType": "mill",
        "WhiteElo": "1503", "BlackElo": "1688"}
