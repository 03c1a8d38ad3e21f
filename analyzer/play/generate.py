"""Random legal games: test material and benchmark corpora.

:func:`generate_games` plays random games under a ruleset, reproducibly for a seed.
The games are varied on purpose: some players close every mill they can, some
hardly any, some try to wall the opponent in; games end by reduction to two
stones, by a blocked side, by the ruleset's automatic draws, or are cut off
with a declared result (a draw where a draw right exists, else a resignation,
an agreement or ``*``). Some plies carry annotations or comments (a comment is true
of the ply and its position: "jumping now" only when the mover jumps) and some
games a short variation. Every game replays without error under the same ruleset
and its declared result agrees with the board.

>>> from muehle.analyzer.engine.replay import replay
>>> from muehle.analyzer.engine.rules import load_ruleset
>>> rules = load_ruleset("wmd")
>>> games = list(generate_games(rules, seed=7, count=3))
>>> [replay(g, rules).valid for g in games]
[True, True, True]
>>> [g.plies for g in generate_games(rules, 7, 3)] == [g.plies for g in games]
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterator, Optional

from muehle.analyzer.engine import Board
from muehle.analyzer.engine.board import POINT_INDEX, POINTS
from muehle.analyzer.engine.core import marks_in, may_jump
from muehle.analyzer.engine.position import moves_for
from muehle.analyzer.engine.rules import RulesArg, Ruleset, as_ruleset
from muehle.analyzer.reports.zwickmuehle import has_shuttle
from muehle.notation.record.model import ANNOTATIONS, DRAW, RESULTS, UNFINISHED, Game, Ply, Variation, numbering_of
from muehle.notation.record.model import SIDES as _SIDES

_COMMENTS = ("a quiet move", "threatens a mill", "forced", "the only move", "jumping now",
             "opens the mill", "Zwickmühle", "leaves the mill threat open")


@dataclass(frozen=True)
class _Style:
    """How one game is played."""

    take_mills: float     # chance of closing a mill when one can be closed
    wall_in: float        # chance of choosing the ply that leaves the opponent fewest moves
    length: int           # plies after which the game is cut off
    decorate: float       # chance of an annotation or comment on a ply


def _play(board: Board, style: _Style, rng: random.Random) -> Optional[Ply]:
    """Choose one of the board's legal plies and play it; ``None`` if there is none."""
    options = board.moves()
    if not options:
        return None
    white, black, hand_white, hand_black, mover = board.key[:5]
    own, theirs = (black, white) if mover else (white, black)
    in_hand, their_hand = (hand_black, hand_white) if mover else (hand_white, hand_black)

    def mobility(option: tuple[Optional[int], int, int]) -> int:
        origin, target, _ = option
        after = (own & ~(1 << origin) if origin is not None else own) | 1 << target
        return len(moves_for(theirs, after, their_hand, board.rules, marks_in(board.key), in_hand))

    while True:
        closing = [o for o in options if o[2]]
        if closing and rng.random() < style.take_mills:
            choice = rng.choice(closing)
        elif style.wall_in and not in_hand and rng.random() < style.wall_in:
            quiet = [o for o in options if not o[2]] or options
            choice = min(quiet, key=lambda option: (mobility(option), rng.random()))
        else:
            choice = rng.choice(options)
        origin, target, mills = choice
        kind = "place" if origin is None else "move"
        # (the removals the core takes with it: the mills', the capture kinds', a blocked side's, those
        # on a full board or by the count of mills; none at all, where they are searched for, makes no ply)
        captures = board.removal_choice(origin, target, mills, kind, rng)
        if captures is not None:
            break
        options = [option for option in options if option != choice]
        if not options:
            return None
    ply = Ply(None, _SIDES[mover], POINTS[target], POINTS[origin] if origin is not None else None, captures)
    board.apply(ply)
    return ply


def _number(plies: list[Ply], first_index: int) -> None:
    """Number the plies as records do, in turn (``numbering_of``): each is written at its place, as
    Sanmill writes a game where Black plays twice in a row (``defender_first``)."""
    for index, ply in enumerate(plies, first_index):
        ply.number, ply.side = numbering_of(index - 1)


def _threatens(board: Board, side: int) -> bool:
    """Whether ``side`` (0 White, 1 Black), were it to move on ``board``, could close a mill."""
    white, black, hand_white, hand_black = board.key[:4]
    own, theirs, in_hand = (black, white, hand_black) if side else (white, black, hand_white)
    return any(mills for _, _, mills in moves_for(own, theirs, in_hand, board.rules, marks_in(board.key)))


def _true_comments(ply: Ply, before: Board, after: Board) -> set[str]:
    """The comments of :data:`_COMMENTS` that are true of ``ply``, played from ``before`` to ``after``."""
    mover = before.key[4]
    opponent = 1 - mover
    own, theirs = after.key[mover], after.key[opponent]
    true = set()
    geometry = before.rules.geometry
    closes = bool(geometry.mills_closed_at(own, POINT_INDEX[ply.target]))
    threatens = _threatens(after, mover)
    if threatens:
        true.add("threatens a mill")
    if not closes and not threatens:
        true.add("a quiet move")
    if len(before.moves()) == 1:
        true |= {"forced", "the only move"}
    if ply.origin is not None:
        if may_jump(before.key[mover], before.key[2 + mover], before.rules.flying, before.rules.flying_at):
            true.add("jumping now")
        if geometry.mills_closed_at(before.key[mover], POINT_INDEX[ply.origin]):
            true.add("opens the mill")
    if not after.key[2 + mover] and has_shuttle(own, theirs, geometry):
        true.add("Zwickmühle")
    if _threatens(before, opponent) and _threatens(after, opponent):
        true.add("leaves the mill threat open")
    return true


def _decorate(ply: Ply, before: Board, after: Board, style: _Style, rng: random.Random) -> None:
    """Perhaps give ``ply`` an annotation, a NAG or a comment that is true of it."""
    if rng.random() < style.decorate:
        roll = rng.random()
        if roll < 0.5:
            ply.annotation = rng.choice(ANNOTATIONS)
        elif roll < 0.7:
            ply.nags.append(rng.randint(1, 20))
        else:
            # the first true one from a random start (none may be true): the draw does not
            # depend on the position, so the games drawn after this one stay the same
            start = _COMMENTS.index(rng.choice(_COMMENTS))
            true = _true_comments(ply, before, after)
            ply.comments.extend([text for text in _COMMENTS[start:] + _COMMENTS[:start] if text in true][:1])


def generate_game(rules: RulesArg, rng: random.Random, number: int = 1) -> Game:
    """One random legal game under ``rules`` (as :func:`generate_games` takes them), drawn from
    ``rng``; ``number`` goes into the tags."""
    if not isinstance(rules, Ruleset):
        rules = as_ruleset(rules)
    style = _Style(
        take_mills=rng.choice((0.95, 0.7, 0.3, 0.05)),
        wall_in=rng.choice((0.0, 0.0, 0.5, 0.9)),
        length=rng.choice((40, 80, 150, 300)),
        decorate=rng.choice((0.0, 0.05, 0.2)),
    )
    board = Board(rules)
    plies: list[Ply] = []
    boards: list[Board] = []
    while len(plies) < style.length and board.outcome() is None:
        boards.append(board.copy())
        ply = _play(board, style, rng)
        if ply is None:
            break
        plies.append(ply)
    _number(plies, 1)
    game = Game(tags={"Event": "Random game", "Round": str(number), "White": "Random",
                      "Black": "Random", "Rules": rules.name}, plies=plies)
    outcome = board.outcome()
    if outcome is not None:
        result = outcome.result
    elif board.draw_rights and rng.random() < 0.7:
        result = DRAW  # claimed
    else:
        result = rng.choice(RESULTS + (UNFINISHED,))  # (a game left unfinished twice as often)
    game.result = result
    game.tags["Result"] = result
    afters = boards[1:] + [board]
    for ply, before, after in zip(plies, boards, afters):
        _decorate(ply, before, after, style, rng)
    if plies and rng.random() < 0.15:
        _add_variation(game, boards, style, rng)
    return game


def _add_variation(game: Game, boards: list[Board], style: _Style, rng: random.Random) -> None:
    """Attach a short random line to one ply, played from the position before it."""
    offset = rng.randrange(len(game.plies))
    board = boards[offset].copy()
    line: list[Ply] = []
    for _ in range(rng.randint(1, 4)):
        if board.outcome() is not None:
            break
        ply = _play(board, style, rng)
        if ply is None:
            break
        line.append(ply)
    if not line:
        return
    _number(line, offset + 1)
    game.plies[offset].variations.append(Variation(plies=line))


def generate_games(rules: RulesArg, seed: int, count: int) -> Iterator[Game]:
    """``count`` random legal games under ``rules`` (a :class:`Ruleset`, a preset's name or a YAML
    file's path; ``None``: ``wmd``); the same seed gives the same games."""
    chosen = as_ruleset(rules)
    rng = random.Random(seed)
    return (generate_game(chosen, rng, number) for number in range(1, count + 1))
