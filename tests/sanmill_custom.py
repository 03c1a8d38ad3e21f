"""Each custom rule set of tests/data/sanmill-variants/custom/ (the games Sanmill's engine played with
the options custom/verdicts.json gives, make_games.py's CUSTOM) as a muehle ruleset, by file name."""

from __future__ import annotations

_STALEMATE_ACTIONS = ((1, "pass"), (2, "remove-and-move"), (3, "remove-and-pass"), (4, "draw"), (5, "both-remove"))

CUSTOM_RULES: dict[str, str] = {
    "custodian.pgn": "base: sanmill\nname: custodian\ncustodian_capture: true\n",
    "leap.pgn": "base: sanmill\nname: leap\nleap_capture: true\n",
    "fly4.pgn": "base: sanmill\nflying_at: 4\n",
    "least4.pgn": "base: sanmill\nflying_at: 4\nlose_below: 4\n",
    **{f"stalemate{number}.pgn": f"base: twelve_mens_morris\nblocked: {action}\n"
       for number, action in _STALEMATE_ACTIONS},
    # (the combinations no named variant uses)
    "millback_defender.pgn": "base: nerenchi\nno_mill_moving_back: true\n",
    "fullboth_defender.pgn": "base: nerenchi\nboard_full: remove-both\n",
    "fullone_defender.pgn": "base: nerenchi\nboard_full: remove-one\n",
    "least4_custodian.pgn": "base: sanmill\nflying_at: 4\nlose_below: 4\ncustodian_capture: true\n",
    "least4_intervention.pgn": "base: sanmill\nflying_at: 4\nlose_below: 4\nintervention_capture: true\n",
    "least4_leap.pgn": "base: sanmill\nflying_at: 4\nlose_below: 4\nleap_capture: true\n",
    "least4_diagonal.pgn": "base: sanmill\nboard: diagonals\nflying_at: 4\nlose_below: 4\n",
    **{f"chain{number}.pgn": f"base: twelve_mens_morris\nblocked: {action}\n"
       for number, action in _STALEMATE_ACTIONS if action != "draw"},
}
