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

>>> from muehle.analyzer.replay import replay
>>> from muehle.analyzer.rules import load_ruleset
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

from muehle.analyzer.board import ALL_POINTS, MILLS, MILLS_THROUGH, NEIGHBOURS, POINT_INDEX, POINTS
from muehle.analyzer.replay import capturable, has_legal_ply, replay
from muehle.analyzer.rules import Ruleset, RulesArg, as_ruleset
from muehle.analyzer.zwickmuehle import has_shuttle
from muehle.notation.model import ANNOTATIONS, Game, Ply, Variation
from muehle.notation.model import SIDES as _SIDES

_COMMENTS = ("a quiet move", "threatens a mill", "forced", "the only move", "jumping now",
             "opens the mill", "Zwickmühle", "leaves the mill threat open")
_BITS = tuple(1 << i for i in range(len(POINTS)))


@dataclass
class _State:
    """The board between two plies, as the generator keeps it."""

    stones: list[int]
    hand: list[int]
    mover: int

    def copy(self) -> "_State":
        return _State(self.stones[:], self.hand[:], self.mover)


@dataclass(frozen=True)
class _Style:
    """How one game is played."""

    take_mills: float     # chance of closing a mill when one can be closed
    wall_in: float        # chance of choosing the ply that leaves the opponent fewest moves
    length: int           # plies after which the game is cut off
    decorate: float       # chance of an annotation or comment on a ply


def _byte_table(shift: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(i + shift for i in range(8) if byte >> i & 1) for byte in range(256))


_LOW, _MIDDLE, _HIGH = _byte_table(0), _byte_table(8), _byte_table(16)
_PAIRS = tuple((mills[0], mills[1]) for mills in MILLS_THROUGH)


def _indices(mask: int) -> tuple[int, ...]:
    """The points (indices) of a mask, in board order."""
    return _LOW[mask & 255] + _MIDDLE[mask >> 8 & 255] + _HIGH[mask >> 16]


def _mills_at(stones: int, target: int) -> int:
    """How many mills through ``target`` ``stones`` holds completely."""
    first, second = _PAIRS[target]
    return (stones & first == first) + (stones & second == second)


def _candidates(state: _State, rules: Ruleset) -> list[tuple[Optional[int], int, int]]:
    """Every (origin, target, mills closed) the side to move may play (captures aside)."""
    own = state.stones[state.mover]
    occupied = own | state.stones[1 - state.mover]
    empty = ALL_POINTS & ~occupied
    # points that would complete a line of which ``own`` holds two (a superset of mill targets)
    threats = 0
    for mill in MILLS:
        if (own & mill).bit_count() == 2:
            threats |= mill & empty
    result: list[tuple[Optional[int], int, int]] = []
    if state.hand[state.mover]:
        for target in _indices(empty):
            bit = _BITS[target]
            result.append((None, target, _mills_at(own | bit, target) if threats & bit else 0))
        return result
    flying = rules.flying and own.bit_count() == 3
    for origin in _indices(own):
        targets = empty if flying else NEIGHBOURS[origin] & empty
        base = own & ~_BITS[origin]
        for target in _indices(targets):
            bit = _BITS[target]
            result.append((origin, target, _mills_at(base | bit, target) if threats & bit else 0))
    return result


def _mobility(own: int, occupied: int, in_hand: int, may_jump: bool) -> int:
    """How many plies a side could play (ignoring captures); ``99`` with stones in hand."""
    empty = ALL_POINTS & ~occupied
    if in_hand:
        return 99
    if may_jump:
        return empty.bit_count() * own.bit_count()
    return sum((NEIGHBOURS[i] & empty).bit_count() for i in _indices(own))


def _play(state: _State, rules: Ruleset, style: _Style, rng: random.Random) -> Optional[Ply]:
    """Choose and make one legal ply (state is changed); ``None`` if the side is blocked."""
    options = _candidates(state, rules)
    if not options:
        return None
    mover, opponent = state.mover, 1 - state.mover
    closing = [o for o in options if o[2]]
    if closing and rng.random() < style.take_mills:
        choice = rng.choice(closing)
    elif style.wall_in and not state.hand[mover] and rng.random() < style.wall_in:
        theirs = state.stones[opponent]
        own = state.stones[mover]
        their_jump = rules.flying and theirs.bit_count() == 3 and not state.hand[opponent]

        def mobility(option: tuple[Optional[int], int, int]) -> int:
            origin, target, _ = option
            after = (own & ~_BITS[origin] if origin is not None else own) | _BITS[target]
            return _mobility(theirs, after | theirs, state.hand[opponent], their_jump)

        quiet = [o for o in options if not o[2]] or options
        choice = min(quiet, key=lambda option: (mobility(option), rng.random()))
    else:
        choice = rng.choice(options)
    origin, target, mills = choice
    own = state.stones[mover]
    if origin is None:
        own |= _BITS[target]
        state.hand[mover] -= 1
    else:
        own = own & ~_BITS[origin] | _BITS[target]
    state.stones[mover] = own
    theirs = state.stones[opponent]
    required = rules.captures_for(mills, placing=origin is None)
    captures = []
    for _ in range(required):
        if theirs.bit_count() + state.hand[opponent] < 3:
            break
        allowed = capturable(theirs, rules)
        if not allowed:
            break
        point = rng.choice(_indices(allowed))
        theirs &= ~_BITS[point]
        captures.append(POINTS[point])
    state.stones[opponent] = theirs
    state.mover = opponent
    return Ply(None, _SIDES[mover], POINTS[target], POINTS[origin] if origin is not None else None,
               captures)


def _over(state: _State, rules: Ruleset) -> bool:
    """Whether the side to move has lost (fewer than three stones, or no legal ply)."""
    side = state.mover
    own = state.stones[side]
    if own.bit_count() + state.hand[side] < 3:
        return True
    may_jump = rules.flying and own.bit_count() == 3
    return not has_legal_ply(own, own | state.stones[1 - side], state.hand[side], may_jump)


def _number(plies: list[Ply], first_index: int) -> None:
    for index, ply in enumerate(plies, first_index):
        ply.number = (index + 1) // 2


def _threatens(stones: list[int], hand: list[int], side: int, rules: Ruleset) -> bool:
    """Whether ``side``, were it to move, could close a mill."""
    return any(mills for _, _, mills in _candidates(_State(stones, hand, side), rules))


def _true_comments(ply: Ply, before: _State, after: _State, rules: Ruleset) -> set[str]:
    """The comments of :data:`_COMMENTS` that are true of ``ply``, played from ``before`` to ``after``."""
    mover, opponent = before.mover, 1 - before.mover
    own = after.stones[mover]
    true = set()
    closes = _mills_at(own, POINT_INDEX[ply.target]) > 0
    threatens = _threatens(after.stones, after.hand, mover, rules)
    if threatens:
        true.add("threatens a mill")
    if not closes and not threatens:
        true.add("a quiet move")
    if len(_candidates(before, rules)) == 1:
        true |= {"forced", "the only move"}
    if ply.origin is not None:
        if rules.flying and before.stones[mover].bit_count() == 3:
            true.add("jumping now")
        if _mills_at(before.stones[mover], POINT_INDEX[ply.origin]):
            true.add("opens the mill")
    if not after.hand[mover] and has_shuttle(own, after.stones[opponent]):
        true.add("Zwickmühle")
    if (_threatens(before.stones, before.hand, opponent, rules)
            and _threatens(after.stones, after.hand, opponent, rules)):
        true.add("leaves the mill threat open")
    return true


def _decorate(ply: Ply, before: _State, after: _State, rules: Ruleset, style: _Style,
              rng: random.Random) -> None:
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
            true = _true_comments(ply, before, after, rules)
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
    state = _State([0, 0], [rules.stones, rules.stones], 0)
    plies: list[Ply] = []
    states: list[_State] = []
    while len(plies) < style.length and not _over(state, rules):
        states.append(state.copy())
        ply = _play(state, rules, style, rng)
        if ply is None:
            break
        plies.append(ply)
    _number(plies, 1)
    game = Game(tags={"Event": "Random game", "Round": str(number), "White": "Random",
                      "Black": "Random", "Rules": rules.name}, plies=plies)
    # The ruleset's automatic draws may end the game earlier than the board does.
    checked = replay(game, rules)
    if checked.outcome is not None and checked.outcome.ply < len(plies):
        del plies[checked.outcome.ply:]
    outcome = checked.outcome
    if outcome is not None:
        result = outcome.result
    elif checked.draw_rights and rng.random() < 0.7:
        result = "1/2-1/2"  # claimed
    else:
        result = rng.choice(("1-0", "0-1", "1/2-1/2", "*", "*"))
    game.result = result
    game.tags["Result"] = result
    afters = states[1:] + [state]
    for ply, before, after in zip(plies, states, afters):
        _decorate(ply, before, after, rules, style, rng)
    if plies and rng.random() < 0.15:
        _add_variation(game, states, rules, style, rng)
    return game


def _add_variation(game: Game, states: list[_State], rules: Ruleset, style: _Style,
                   rng: random.Random) -> None:
    """Attach a short random line to one ply, played from the position before it."""
    offset = rng.randrange(len(game.plies))
    state = states[offset].copy()
    line: list[Ply] = []
    for _ in range(rng.randint(1, 4)):
        if _over(state, rules):
            break
        ply = _play(state, rules, style, rng)
        if ply is None:
            break
        line.append(ply)
    if not line:
        return
    _number(line, offset + 1)
    variation = Variation(plies=line)
    game.plies[offset].variations.append(variation)
    # an automatic draw inside the line ends it there
    branch = replay(game, rules).variations[0]
    if branch.outcome is not None and branch.outcome.ply < offset + len(line):
        del line[branch.outcome.ply - offset:]


def generate_games(rules: RulesArg, seed: int, count: int) -> Iterator[Game]:
    """``count`` random legal games under ``rules`` (a :class:`Ruleset`, a preset's name or a YAML
    file's path; ``None``: ``wmd``); the same seed gives the same games."""
    chosen = as_ruleset(rules)
    rng = random.Random(seed)
    return (generate_game(chosen, rng, number) for number in range(1, count + 1))
