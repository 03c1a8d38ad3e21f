"""Let Sanmill's console engine play itself under each of its 13 named variants and keep the games
with Sanmill's own verdict (see README.md here for how and why).

    python3 make_games.py --build-referee /path/to/sanmill-build/src     # once: builds ./referee
    python3 make_games.py --engine /path/to/sanmill-build/src/sanmill --referee ./referee \\
        [--games 30] [--play 60] [--variants morabaraba,dooz] [--seed 1] [--out .]

The engine (Sanmill's UCI console, `make build` in its src/) chooses the moves; the referee
(referee.cpp, built against the same engine's object files) replays every game move by move under
the same options and reports Sanmill's Position: the phase, the winner, the GameOverReason, and the
draw that the engine's search declares before moving ("bestmove draw"). Every engine process gets
a deadline for each answer and is stopped at the end.

Writes <variant>.pgn (as Sanmill's app exports a game, sanmill/src/ui/flutter_app/lib/game_page/
services/controller/game_recorder.dart moveHistoryText and import_service.dart addTagPairs) and
verdicts.json.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import selectors
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ANSWER_SECONDS = 120.0  # the longest wait for one answer of the engine or the referee
MAX_ACTIONS = 600  # a game that has not ended after this many actions is dropped

# RuleSettings() of Sanmill's app (src/ui/flutter_app/lib/rule_settings/models/rule_settings.dart),
# with the UCI option the app sends for each field (engine.dart setRuleOptions).
DEFAULTS: dict[str, Any] = {
    "piecesCount": 9, "flyPieceCount": 3, "piecesAtLeastCount": 3, "hasDiagonalLines": False,
    "mayMoveInPlacingPhase": False, "isDefenderMoveFirst": False, "mayRemoveMultiple": False,
    "mayRemoveFromMillsAlways": False, "boardFullAction": 0, "stalemateAction": 0, "mayFly": True,
    "nMoveRule": 100, "endgameNMoveRule": 100, "threefoldRepetitionRule": True,
    "millFormationActionInPlacingPhase": 0, "restrictRepeatedMillsFormation": False,
    "oneTimeUseMill": False,
    "enableCustodianCapture": False, "custodianCaptureOnSquareEdges": True,
    "custodianCaptureOnCrossLines": True, "custodianCaptureOnDiagonalLines": True,
    "custodianCaptureInPlacingPhase": True, "custodianCaptureInMovingPhase": True,
    "custodianCaptureOnlyWhenOwnPiecesLeq3": False,
    "enableInterventionCapture": False, "interventionCaptureOnSquareEdges": True,
    "interventionCaptureOnCrossLines": True, "interventionCaptureOnDiagonalLines": True,
    "interventionCaptureInPlacingPhase": True, "interventionCaptureInMovingPhase": True,
    "interventionCaptureOnlyWhenOwnPiecesLeq3": False,
    "enableLeapCapture": False, "leapCaptureOnSquareEdges": True, "leapCaptureOnCrossLines": True,
    "leapCaptureOnDiagonalLines": True, "leapCaptureInPlacingPhase": True,
    "leapCaptureInMovingPhase": True, "leapCaptureOnlyWhenOwnPiecesLeq3": False,
    "stopPlacingWhenTwoEmptySquares": False,
}
UCI_NAMES = {
    "piecesCount": "PiecesCount", "flyPieceCount": "FlyPieceCount",
    "piecesAtLeastCount": "PiecesAtLeastCount", "hasDiagonalLines": "HasDiagonalLines",
    "mayMoveInPlacingPhase": "MayMoveInPlacingPhase", "isDefenderMoveFirst": "IsDefenderMoveFirst",
    "mayRemoveMultiple": "MayRemoveMultiple", "mayRemoveFromMillsAlways": "MayRemoveFromMillsAlways",
    "boardFullAction": "BoardFullAction", "stalemateAction": "StalemateAction", "mayFly": "MayFly",
    "nMoveRule": "NMoveRule", "endgameNMoveRule": "EndgameNMoveRule",
    "threefoldRepetitionRule": "ThreefoldRepetitionRule",
    "millFormationActionInPlacingPhase": "MillFormationActionInPlacingPhase",
    "restrictRepeatedMillsFormation": "RestrictRepeatedMillsFormation",
    "oneTimeUseMill": "OneTimeUseMill",
    "enableCustodianCapture": "CustodianCaptureEnabled",
    "enableInterventionCapture": "InterventionCaptureEnabled",
    "enableLeapCapture": "LeapCaptureEnabled",
    "stopPlacingWhenTwoEmptySquares": "StopPlacingWhenTwoEmptySquares",
}
for _kind in ("custodian", "intervention", "leap"):
    for _part in ("OnSquareEdges", "OnCrossLines", "OnDiagonalLines", "InPlacingPhase", "InMovingPhase",
                  "OnlyWhenOwnPiecesLeq3"):
        UCI_NAMES[f"{_kind}Capture{_part}"] = f"{_kind.capitalize()}Capture{_part}"

# The 13 variants: RuleVariant.canonicalSettings (src/ui/flutter_app/lib/puzzle/models/
# rule_variant.dart), each the RuleSettings subclass of rule_settings.dart; enum values by index.
BOARD_FULL = {"firstPlayerLose": 0, "firstAndSecondPlayerRemovePiece": 1,
              "secondAndFirstPlayerRemovePiece": 2, "sideToMoveRemovePiece": 3, "agreeToDraw": 4}
MILL_ACTION = {"removeOpponentsPieceFromBoard": 0, "removeOpponentsPieceFromHandThenOpponentsTurn": 1,
               "removeOpponentsPieceFromHandThenYourTurn": 2, "opponentRemovesOwnPiece": 3,
               "markAndDelayRemovingPieces": 4, "removalBasedOnMillCounts": 5}
VARIANTS: dict[str, tuple[str, dict[str, Any]]] = {
    "standard_9mm": ("Nine Men's Morris", {"piecesCount": 9, "hasDiagonalLines": False}),
    "twelve_mens_morris": ("Twelve Men's Morris", {"piecesCount": 12, "hasDiagonalLines": True}),
    "morabaraba": ("Morabaraba", {
        "piecesCount": 12, "hasDiagonalLines": True, "boardFullAction": BOARD_FULL["agreeToDraw"],
        "endgameNMoveRule": 10, "restrictRepeatedMillsFormation": True}),
    "dooz": ("Dooz", {
        "piecesCount": 12, "hasDiagonalLines": True,
        "millFormationActionInPlacingPhase": MILL_ACTION["removeOpponentsPieceFromHandThenOpponentsTurn"],
        "boardFullAction": BOARD_FULL["sideToMoveRemovePiece"], "mayRemoveFromMillsAlways": True}),
    "lasker_morris": ("Lasker Morris", {"piecesCount": 10, "mayMoveInPlacingPhase": True}),
    "russian_mill": ("Russian Mill", {"oneTimeUseMill": True, "mayRemoveFromMillsAlways": True}),
    "cham_gonu": ("Cham Gonu", {
        "piecesCount": 12, "hasDiagonalLines": True,
        "millFormationActionInPlacingPhase": MILL_ACTION["markAndDelayRemovingPieces"],
        "mayFly": False, "mayRemoveFromMillsAlways": True}),
    "zhi_qi": ("Zhi Qi", {
        "piecesCount": 12, "hasDiagonalLines": True,
        "millFormationActionInPlacingPhase": MILL_ACTION["markAndDelayRemovingPieces"],
        "boardFullAction": BOARD_FULL["firstAndSecondPlayerRemovePiece"], "mayFly": False,
        "mayRemoveFromMillsAlways": True}),
    "cheng_san_qi": ("Cheng San Qi", {
        "millFormationActionInPlacingPhase": MILL_ACTION["markAndDelayRemovingPieces"], "mayFly": False}),
    "da_san_qi": ("Da San Qi", {
        "piecesCount": 12, "hasDiagonalLines": True,
        "millFormationActionInPlacingPhase": MILL_ACTION["markAndDelayRemovingPieces"],
        "boardFullAction": BOARD_FULL["firstPlayerLose"], "isDefenderMoveFirst": True, "mayFly": False,
        "mayRemoveFromMillsAlways": True, "mayRemoveMultiple": True}),
    "mul_mulan": ("Mul-Mulan", {
        "piecesCount": 9, "hasDiagonalLines": True, "mayFly": False, "mayRemoveFromMillsAlways": True,
        "enableInterventionCapture": True, "interventionCaptureOnSquareEdges": True,
        "interventionCaptureOnCrossLines": True, "interventionCaptureOnDiagonalLines": True,
        "interventionCaptureInPlacingPhase": True, "interventionCaptureInMovingPhase": True,
        "interventionCaptureOnlyWhenOwnPiecesLeq3": False}),
    "nerenchi": ("Nerenchi", {
        "piecesCount": 12, "hasDiagonalLines": True, "isDefenderMoveFirst": True,
        "mayRemoveFromMillsAlways": True}),
    "el_filja": ("El Filja", {
        "piecesCount": 12,
        "millFormationActionInPlacingPhase": MILL_ACTION["removalBasedOnMillCounts"],
        "boardFullAction": BOARD_FULL["firstAndSecondPlayerRemovePiece"], "mayFly": False,
        "mayRemoveFromMillsAlways": True}),
}

#: Custom rule sets (no named variant uses them), kept in custom/ (``--variants custodian,fly4,... --out custom``):
#: the standard game with one capture kind switched on, every sub-option at Sanmill's default; the standard
#: game flying with four stones (``flyPieceCount``), and losing below four (``piecesAtLeastCount``, flying with
#: four then); and Twelve Men's Morris (12 stones, diagonals: a board where sides get blocked) with each of
#: Sanmill's other actions for a side that cannot move (``stalemateAction``, rule.h).
STALEMATE = {"changeSideToMove": 1, "removeOpponentsPieceAndMakeNextMove": 2,
             "removeOpponentsPieceAndChangeSideToMove": 3, "endWithStalemateDraw": 4,
             "bothPlayersRemoveOpponentsPiece": 5}
CUSTOM: dict[str, tuple[str, dict[str, Any]]] = {
    "custodian": ("Nine Men's Morris, custodian capture", {"enableCustodianCapture": True}),
    "leap": ("Nine Men's Morris, leap capture", {"enableLeapCapture": True}),
    "fly4": ("Nine Men's Morris, flying with four", {"flyPieceCount": 4}),
    "least4": ("Nine Men's Morris, lost below four", {"flyPieceCount": 4, "piecesAtLeastCount": 4}),
    **{f"stalemate{value}": (f"Twelve Men's Morris, stalemate action {name}", {
        "piecesCount": 12, "hasDiagonalLines": True, "stalemateAction": value}) for name, value in STALEMATE.items()},
    # Combinations no named variant uses: Nerenchi (12 stones, diagonals, the defender first) with no mill
    # by moving straight back, or with the removals on a full board; losing below four with each capture
    # kind, and with diagonals.
    "millback_defender": ("Nerenchi, no mill by moving straight back", {
        **VARIANTS["nerenchi"][1], "restrictRepeatedMillsFormation": True}),
    "fullboth_defender": ("Nerenchi, both sides remove on a full board", {
        **VARIANTS["nerenchi"][1], "boardFullAction": BOARD_FULL["firstAndSecondPlayerRemovePiece"]}),
    "fullone_defender": ("Nerenchi, the side to move removes on a full board", {
        **VARIANTS["nerenchi"][1], "boardFullAction": BOARD_FULL["sideToMoveRemovePiece"]}),
    **{f"least4_{kind}": (f"Nine Men's Morris, lost below four, {kind} capture", {
        "flyPieceCount": 4, "piecesAtLeastCount": 4, f"enable{kind.capitalize()}Capture": True})
       for kind in ("custodian", "intervention", "leap")},
    "least4_diagonal": ("Nine Men's Morris with diagonals, lost below four", {
        "hasDiagonalLines": True, "flyPieceCount": 4, "piecesAtLeastCount": 4}),
    # Twelve Men's Morris with each stalemate action but the draw, the games chosen by whether both sides
    # were blocked in turn (CHAINED_SETS).
    **{f"chain{value}": (f"Twelve Men's Morris, stalemate action {name}, both sides blocked in turn", {
        "piecesCount": 12, "hasDiagonalLines": True, "stalemateAction": value})
       for name, value in STALEMATE.items() if value != STALEMATE["endWithStalemateDraw"]},
}
#: The sets whose games are also chosen by whether the board was full after placing (12 stones, no removal
#: among the first 24 actions), so that the full board's removals are among the kept games.
FULL_BOARD_SETS = ("fullboth_defender", "fullone_defender")
#: The sets whose games are also chosen by whether both sides were blocked in the game (blocked_sides).
CHAINED_SETS = ("chain1", "chain2", "chain3", "chain5")
ALL_SETS = {**VARIANTS, **CUSTOM}

# The engine's reason in muehle's words (tests/data/sanmill/README.md); drawFullBoard has none yet.
MUEHLE_REASON = {
    "loseFewerThanThree": "fewer-than-three", "loseNoLegalMoves": "blocked", "loseFullBoard": "blocked",
    "drawThreefoldRepetition": "repetition", "drawFiftyMove": "no-capture",
    "drawEndgameFiftyMove": "no-capture", "drawStalemateCondition": "blocked", "drawFullBoard": "full-board",
}


def settings_of(variant: str) -> dict[str, Any]:
    return {**DEFAULTS, **ALL_SETS[variant][1]}


def variant_tag(s: dict[str, Any]) -> str | None:
    """The [Variant] tag Sanmill's export writes (import_service.dart addTagPairs, with
    RuleSettings.isLikelyNineMensMorris / isLikelyTwelveMensMorris / isLikelyElFilja)."""
    plain = (not s["isDefenderMoveFirst"] and not s["mayMoveInPlacingPhase"] and not s["oneTimeUseMill"]
             and not s["enableCustodianCapture"] and not s["enableInterventionCapture"])
    if s["piecesCount"] == 9 and not s["hasDiagonalLines"] and plain:
        return "Nine Men's Morris"
    if s["piecesCount"] == 12 and s["hasDiagonalLines"] and plain:
        return "Twelve Men's Morris"
    if (s["piecesCount"] == 12 and not s["hasDiagonalLines"] and not s["mayMoveInPlacingPhase"]
            and not s["isDefenderMoveFirst"] and not s["mayRemoveMultiple"] and not s["mayFly"]
            and s["millFormationActionInPlacingPhase"] == MILL_ACTION["removalBasedOnMillCounts"]
            and not s["restrictRepeatedMillsFormation"] and not s["oneTimeUseMill"]
            and not s["enableCustodianCapture"] and not s["enableInterventionCapture"]):
        return "El Filja"
    return None


def uci_options(s: dict[str, Any]) -> list[tuple[str, str]]:
    def text(v: Any) -> str:
        return ("true" if v else "false") if isinstance(v, bool) else str(v)
    return [(UCI_NAMES[k], text(v)) for k, v in s.items()]


class Process:
    """A line-based child process; every answer has a deadline."""

    def __init__(self, argv: list[str]) -> None:
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.sel = selectors.DefaultSelector()
        assert self.proc.stdout is not None
        self.fd = self.proc.stdout.fileno()
        self.sel.register(self.fd, selectors.EVENT_READ)
        self.pending = b""

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, prefix: str, contains: str = "") -> str:
        deadline = time.monotonic() + ANSWER_SECONDS
        while True:
            while b"\n" in self.pending:
                raw, self.pending = self.pending.split(b"\n", 1)
                line = raw.decode("utf-8", "replace").strip()
                if line.startswith(prefix) and contains in line:
                    return line
            left = deadline - time.monotonic()
            if left <= 0 or not self.sel.select(timeout=left):
                raise TimeoutError(f"no answer starting {prefix!r} within {ANSWER_SECONDS} s")
            chunk = os.read(self.fd, 65536)
            if not chunk:
                raise EOFError("the process ended")
            self.pending += chunk

    def stop(self) -> None:
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait(timeout=5)


class Referee(Process):
    def setoption(self, name: str, value: str) -> None:
        self.send(f"setoption name {name} value {value}")
        answer = self.read_until("")
        if answer != "ok":
            raise RuntimeError(answer)

    def rule(self) -> dict[str, Any]:
        self.send("rule")
        return json.loads(self.read_until("{"))

    def replay(self, tokens: list[str]) -> dict[str, Any]:
        self.send("replay " + " ".join(tokens))
        fields = dict(part.split("=", 1) for part in self.read_until("state ").split()[1:])
        state: dict[str, Any] = dict(fields)
        state["applied"] = int(fields["applied"])
        state["fen"] = fields["fen"].replace("_", " ")
        state["legal"] = [t for t in fields["legal"].split(",") if t]
        return state


class Engine(Process):
    def setoption(self, name: str, value: str) -> None:
        self.send(f"setoption name {name} value {value}")

    def best(self, tokens: list[str]) -> str:
        self.send("position startpos moves " + " ".join(tokens) if tokens else "position startpos")
        self.send("go")
        return self.read_until("info score", " bestmove ").split(" bestmove ")[1].split()[0]


def turns_of(tokens: list[str], sides: list[str]) -> int:
    """muehle's plies: a placement or a move, with the removals its side makes right after it, is one
    ply; a removal that does not follow its own side's placement or move is a ply of its own."""
    turns = 0
    for i, token in enumerate(tokens):
        if token.startswith("x") and i > 0 and sides[i - 1] == sides[i]:
            continue
        turns += 1
    return turns


def pgn_movetext(tokens: list[str], result: str) -> str:
    """GameRecorder.moveHistoryText: a half-move is an action and up to three removals after it
    (whoever makes them), two half-moves after each number, a line per number."""
    out: list[str] = []
    i, number = 0, 1

    def half() -> str:
        nonlocal i
        text = " " + tokens[i]
        i += 1
        for _ in range(3):
            if i < len(tokens) and tokens[i].startswith("x"):
                text += tokens[i]
                i += 1
        return text

    while i < len(tokens):
        line = f"{number}." + half()
        if i < len(tokens):
            line += half()
        number += 1
        out.append(line)
    return "\n".join(out) + f" {result}"


def play_game(engine: Engine, referee: Referee, rng: random.Random) -> dict[str, Any] | None:
    skill = {"white": rng.randint(1, 6), "black": rng.randint(1, 6)}
    opening = rng.randint(0, 6)
    blunder = rng.choice((0.0, 0.0, 0.03, 0.08))
    tokens: list[str] = []
    sides: list[str] = []
    random_at: list[int] = []
    while True:
        state = referee.replay(tokens)
        if state["applied"] != len(tokens):
            raise RuntimeError(f"the referee refused {tokens[state['applied']]} after {tokens[:state['applied']]}")
        if state["phase"] == "gameOver":
            code, winner, source = state["reason"], state["winner"], "position"
            break
        if state["searchdraw"] != "none":
            answer = engine.best(tokens)
            if answer != "draw":
                raise RuntimeError(f"the engine answered {answer} where its search draws ({state['searchdraw']})")
            code, winner, source = state["searchdraw"], "draw", "search"
            break
        if len(tokens) >= MAX_ACTIONS:
            return None
        side = state["side"]
        if not state["legal"]:
            raise RuntimeError(f"no legal move and no verdict at {state['fen']}")
        if len(tokens) < opening or rng.random() < blunder:
            move = rng.choice(sorted(state["legal"]))
            random_at.append(len(tokens))
        else:
            engine.setoption("SkillLevel", str(skill[side]))
            move = engine.best(tokens)
            if move not in state["legal"]:
                raise RuntimeError(f"the engine answered {move}, not a legal move at {state['fen']}")
        tokens.append(move)
        sides.append(side)
    return {"tokens": tokens, "sides": sides, "code": code, "winner": None if winner == "draw" else winner,
            "source": source, "final_fen": state["fen"], "skill": skill, "random_at": random_at}


def turns_passed(tokens: list[str], sides: list[str]) -> int:
    """How often a side acted after its own action without a removal of its own between: a blocked
    opponent's turn passed to it (stalemate actions 1 and 3), or its own stalemate removal before
    its move (2), or (after the other side's action) a removal of its own not after its own action
    (a blocked side's removal, 2, 3, 5)."""
    events = 0
    for i in range(1, len(tokens)):
        if sides[i] != sides[i - 1] and tokens[i].startswith("x"):
            events += 1  # (a removal by the side that did not act: a stalemate removal)
        elif sides[i] == sides[i - 1] and not tokens[i].startswith("x") and not tokens[i - 1].startswith("x"):
            events += 1  # (two actions in a row: the turn passed)
    return events


def board_filled(tokens: list[str]) -> bool:
    """Whether 24 placements without a removal filled the board (12 stones each, no move while placing)."""
    return len(tokens) >= 24 and not any(t.startswith("x") or "-" in t for t in tokens[:24])


def blocked_sides(tokens: list[str], sides: list[str]) -> list[str]:
    """The sides that were blocked, in turn (Sanmill's stalemate actions): the side that did not act
    when the other acted twice in a row (a pass), and the side that removed after the other's action
    (a blocked side's removal; under both players' removals, the first of the two)."""
    blocked = []
    for i in range(1, len(tokens)):
        if sides[i] != sides[i - 1] and tokens[i].startswith("x"):
            if i > 1 and tokens[i - 1].startswith("x") and sides[i - 1] != sides[i - 2]:
                continue  # (the second of both players' removals)
            blocked.append(sides[i])
        elif sides[i] == sides[i - 1] and not tokens[i].startswith("x") and not tokens[i - 1].startswith("x"):
            blocked.append("white" if sides[i] == "black" else "black")
    return blocked


def select(played: list[dict[str, Any]], keep: int, full_board: bool = False,
           chained: bool = False) -> list[dict[str, Any]]:
    """Keep `keep` games, taking them in turn from each end (the engine's reason and the winner's
    side, whether a blocked side's action happened, with `full_board` whether the board was full
    after placing, with `chained` whether both sides were blocked), so that rare ends are kept whole
    and common ones fill the rest; in the order played."""
    buckets: dict[tuple[str, str, bool, bool, bool], list[dict[str, Any]]] = {}
    for game in played:
        blocked = turns_passed(game["tokens"], game["sides"]) > 0
        full = full_board and board_filled(game["tokens"])
        both = chained and len(set(blocked_sides(game["tokens"], game["sides"]))) == 2
        buckets.setdefault((game["code"], str(game["winner"]), blocked, full, both), []).append(game)
    chosen: list[dict[str, Any]] = []
    while len(chosen) < keep and any(buckets.values()):
        for bucket in sorted(buckets.values(), key=len):
            if bucket and len(chosen) < keep:
                chosen.append(bucket.pop(0))
    return sorted(chosen, key=lambda game: game["attempt"])


def run_variant(variant: str, args: argparse.Namespace, out: Path) -> dict[str, Any]:
    name, _ = ALL_SETS[variant]
    settings = settings_of(variant)
    options = uci_options(settings)
    engine = Engine([args.engine])
    referee = Referee([args.referee])
    try:
        for option, value in [("MoveTime", "0"), ("Shuffling", "true"), *options]:
            engine.setoption(option, value)
        for option, value in options:
            referee.setoption(option, value)
        rule = referee.rule()
        rng = random.Random(f"{args.seed}-{variant}")
        played_games: list[dict[str, Any]] = []
        for attempt in range(1, args.play + 1):
            try:
                played = play_game(engine, referee, rng)
            except RuntimeError as error:  # (the engine or the referee at a loss: the game is dropped)
                print(f"{variant}: game {attempt} dropped: {error}", file=sys.stderr)
                continue
            if played is None:
                print(f"{variant}: game {attempt} did not end within {MAX_ACTIONS} actions; dropped",
                      file=sys.stderr)
                continue
            played["attempt"] = attempt
            played_games.append(played)
            print(f"{variant}: {attempt} {played['code']} {played['winner']} {len(played['tokens'])}",
                  file=sys.stderr)
    finally:
        engine.stop()
        referee.stop()
    games = select(played_games, args.games, variant in FULL_BOARD_SETS, variant in CHAINED_SETS)

    tag = variant_tag(settings)
    date = datetime.date.today()
    records, entries = [], []
    for number, g in enumerate(games, 1):
        result = {"white": "1-0", "black": "0-1", None: "1/2-1/2"}[g["winner"]]
        headers = ["[Event \"Sanmill-Game\"]", "[Site \"Sanmill\"]", f"[Date \"{date.year}.{date.month}.{date.day}\"]",
                   f"[Round \"{number}\"]", "[White \"AI\"]", "[Black \"AI\"]", f"[Result \"{result}\"]"]
        if tag:
            headers.append(f"[Variant \"{tag}\"]")
        headers.append(f"[PlyCount \"{len(g['tokens'])}\"]")
        records.append("\n".join(headers) + "\n\n" + pgn_movetext(g["tokens"], result) + "\n")
        entries.append({
            "game": number, "source": f"{variant}-{g['attempt']:03d}", "valid": True,
            "winner": g["winner"], "reason": MUEHLE_REASON[g["code"]], "sanmill": g["code"],
            "ply": turns_of(g["tokens"], g["sides"]), "actions": len(g["tokens"]),
            "declared_by": g["source"], "final_fen": g["final_fen"],
            "skill": g["skill"], "random_actions": g["random_at"],
            "stalemate_events": turns_passed(g["tokens"], g["sides"]),
            **({"blocked_sides": blocked_sides(g["tokens"], g["sides"])} if variant in CHAINED_SETS else {}),
        })
    (out / f"{variant}.pgn").write_text("\n".join(records), encoding="utf-8")
    return {"variant": variant, "name": name, "variant_tag": tag, "rules": None,
            "options": {k: v for k, v in options if (k, v) not in uci_options(DEFAULTS)},
            "all_options": dict(options), "sanmill_rule": rule, "games": entries}


def build_referee(src: Path) -> None:
    """Compile referee.cpp against the object files of a built engine in src (Sanmill's src/)."""
    objects = sorted(str(p) for p in [*src.glob("*.o"), *src.glob("perfect/*.o")] if p.name != "main.o")
    if not objects:
        raise SystemExit(f"no object files in {src}: build the engine there first (make build)")
    argv = ["g++", "-std=c++17", "-O2", "-DNDEBUG", "-DIS_64BIT", "-DUSE_PTHREADS", "-m64", "-msse", "-DUSE_SSE2", "-msse2", "-flto",
            f"-I{src}", f"-I{src.parent / 'include'}", f"-I{src / 'perfect'}",
            str(HERE / "referee.cpp"), *objects, "-lpthread", "-o", str(HERE / "referee")]
    subprocess.run(argv, check=True, timeout=1200)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", help="Sanmill's console engine (src/sanmill after make build)")
    parser.add_argument("--referee", default=str(HERE / "referee"), help="the referee built by --build-referee")
    parser.add_argument("--build-referee", metavar="SANMILL_SRC", help="build the referee and stop")
    parser.add_argument("--games", type=int, default=30, help="games kept per variant")
    parser.add_argument("--play", type=int, default=60, help="games played per variant (the kept ones "
                        "are chosen so that every end the engine reached is among them)")
    parser.add_argument("--variants", default=",".join(VARIANTS), help="comma-separated variant ids")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--out", default=str(HERE))
    args = parser.parse_args()
    if args.build_referee:
        build_referee(Path(args.build_referee))
        return
    if not args.engine:
        parser.error("--engine is required")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    verdict_path = out / "verdicts.json"
    verdicts = json.loads(verdict_path.read_text(encoding="utf-8")) if verdict_path.exists() else {}
    for variant in args.variants.split(","):
        if variant not in ALL_SETS:
            parser.error(f"unknown variant {variant}; known: {', '.join(ALL_SETS)}")
        verdicts[f"{variant}.pgn"] = run_variant(variant, args, out)
        ordered = {f"{v}.pgn": verdicts[f"{v}.pgn"] for v in ALL_SETS if f"{v}.pgn" in verdicts}
        verdict_path.write_text(json.dumps(ordered, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
