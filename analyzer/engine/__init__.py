"""The rules of play in one place: a core that applies plies, a board with verbs, the wording,
and what they stand on and serve: :mod:`~muehle.analyzer.engine.board` (points, lines, mills),
:mod:`~muehle.analyzer.engine.rules` (the rulesets), :mod:`~muehle.analyzer.engine.events`
(outcomes and broken rules), :mod:`~muehle.analyzer.engine.replay` (a record replayed) and
:mod:`~muehle.analyzer.engine.setup` (a record's ruleset and set-up position).

- :mod:`~muehle.analyzer.engine.core`: :func:`~muehle.analyzer.engine.core.play_line`, which
  applies a line of plies and stops at the first broken rule, and the rule functions it uses
  (:func:`~muehle.analyzer.engine.core.capturable`, :func:`~muehle.analyzer.engine.core.may_jump`,
  :func:`~muehle.analyzer.engine.core.has_legal_ply`, :func:`~muehle.analyzer.engine.core.phase_of`);
- :mod:`~muehle.analyzer.engine.position`: :class:`~muehle.analyzer.engine.position.Board`, a
  position to play on with ``legal_plies``, ``is_legal``, ``apply``, ``push``/``pop``,
  ``outcome`` and ``fen``/``from_fen``, its plies :class:`~muehle.analyzer.engine.position.BoardPly`;
- :mod:`~muehle.analyzer.engine.messages`: each broken rule's sentence, built on the error path.
"""

from muehle.analyzer.engine.core import Broken, capturable, has_legal_ply, phase_of, play_line
from muehle.analyzer.engine.position import Board, BoardPly, IllegalPly, InvalidPly, Played

__all__ = ["Board", "BoardPly", "Broken", "IllegalPly", "InvalidPly", "Played", "capturable", "has_legal_ply",
           "phase_of", "play_line"]
