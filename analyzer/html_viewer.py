"""A self-contained HTML page that replays games move by move.

One file, nothing fetched from the network: the styles and the script are inline,
the board is the SVG of :mod:`muehle.analyzer.svg`, and the script draws the
stones of each position from data computed here by the replay. The page shows the
tags, the move list with annotations, comments and variations, the board, and
buttons (start, back, forward, end); the arrow keys (and Home/End) step through
the game and clicking a move jumps to it. The moves of variations are links too:
clicking one shows its position, and stepping then follows that variation (back
past its first ply, through the line it branches from). The address fragment
``#ply=12`` (``#line=3&ply=12`` in the third variation of the move list,
``#game=2&ply=12`` on a page with several games) opens a position directly.

Every stone the script draws is a ``<circle class="stone white|black">`` with
``data-point`` and ``data-side``, exactly as :func:`muehle.analyzer.svg.stone_svg`
draws it.
"""

from __future__ import annotations

import html
import json
from typing import Any, Iterable, Optional, Sequence, Union

from muehle.analyzer.board import Position, points_of
from muehle.analyzer.diagram import summary_lines
from muehle.analyzer.engine.messages import plural
from muehle.analyzer.events import RuleViolation, reason_text
from muehle.analyzer.record_setup import replay_record
from muehle.analyzer.replay import PlyRecord, Replay, in_variation
from muehle.analyzer.rules import Ruleset
from muehle.analyzer.svg import (
    COLOURS,
    POINT_XY,
    STONE_RADIUS,
    cross_svg,
    last_ply_svg,
    mill_band_svg,
    render_svg,
)
from muehle.notation.errors import FormatError, MuehleError
from muehle.notation.model import Game, Ply, Variation

_NAMES = {"white": "White", "black": "Black"}


def _status(position: Position, record: Optional[PlyRecord], where: str, rules: Ruleset) -> str:
    parts = [where if record is None else f"{where}: {record.label}"]
    parts.extend(summary_lines(position, rules.flying))
    return ". ".join(parts) + "."


def _frame(position: Position, record: Optional[PlyRecord], where: str, rules: Ruleset) -> dict[str, Any]:
    """What the script needs to draw one position: stones, marks and the status line."""
    marks = mills = ""
    if record is not None:
        marks = "".join(cross_svg(point) for point in record.captures)
        marks += last_ply_svg(record.ply.origin, record.ply.target)
        mills = "".join(mill_band_svg(line) for line in record.mills)
    return {
        "white": points_of(position.white),
        "black": points_of(position.black),
        "marks": marks,
        "mills": mills,
        "status": _status(position, record, where, rules),
    }


def _frames(result: Replay) -> list[dict[str, Any]]:
    """The frames of the main line: the start, then the position after each legal ply."""
    total = len(result.records)
    frames = [_frame(result.start, None, f"Start ({plural(total, 'ply', 'plies')})", result.rules)]
    frames.extend(_frame(record.after, record, f"Ply {record.index} of {total}", result.rules)
                  for record in result.records)
    return frames


def _unreplayed_frame(error: MuehleError) -> dict[str, Any]:
    """The only frame of a game that could not be replayed: an empty board and why."""
    return {"white": [], "black": [], "marks": "", "mills": "", "status": _not_replayed_text(error)}


def _number(ply: Ply, fallback: int) -> int:
    return ply.number if ply.number is not None else fallback


def _in_line(error: RuleViolation, line: Replay) -> str:
    """An error's message as the viewer shows it beside its line: without the words that
    name the variation, which the viewer names itself."""
    return error.message.removeprefix(in_variation(line.branch)) if line.branch else error.message


def _comment_html(text: str) -> str:
    return f'<span class="comment">{html.escape(text)}</span>'


def _annotation_html(ply: Ply) -> str:
    text = html.escape(ply.annotation or "")
    text += "".join(f" ${nag}" for nag in ply.nags)
    if ply.draw_offer:
        text += " (=)"
    return f'<span class="annotation">{text}</span>' if text else ""


class _MoveList:
    """The move list of one game, and what the page needs to show its variations.

    Replayed variations are numbered from 1 in the order the move list shows them
    (the main line is line 0). ``variations`` is the page data of each: the line it
    branches from (``parent``), the ply it replaces (``branch``) and the frames after
    each of its legal plies (the positions before ``branch`` are the parent's).
    ``link`` starts every link's fragment (``game=2&`` on a page with several games).
    """

    def __init__(self, link: str = "") -> None:
        self.link = link
        self.variations: list[dict[str, Any]] = []
        self.replays: list[Replay] = []

    def html(self, game: Game, result: Optional[Replay]) -> str:
        """Every ply of the main line and of its variations, the replayed ones links (none
        when ``result`` is ``None``: the game was not replayed)."""
        parts = [_comment_html(text) for text in game.comments]
        number = _number(game.plies[0], 1) if game.plies else 1
        parts += self._plies(game.plies, number, ('<span class="number">{}.</span>',
                                                  '<span class="number">{}...</span>'), result, 0)
        if game.declared_result:
            parts.append(f'<span class="result">{html.escape(game.declared_result)}</span>')
        parts.extend(_comment_html(text) for text in game.final_comments)
        return " ".join(parts)

    def errors(self, result: Replay) -> list[str]:
        """The rules broken: the main line's, then each variation's, named by its number."""
        found = [error.message for error in result.errors]
        for number, line in enumerate(self.replays, 1):
            found.extend(f"Variation {number}: {_in_line(error, line)}" for error in line.errors)
        return found

    def _add(self, parent: int, line: Replay) -> int:
        number = len(self.variations) + 1
        frames = [_frame(record.after, record, f"Variation {number}, ply {record.index}", line.rules)
                  for record in line.records]
        self.variations.append({"parent": parent, "branch": line.branch, "frames": frames})
        self.replays.append(line)
        return number

    def _plies(self, plies: Sequence[Ply], number: int, numbers: tuple[str, str], result: Optional[Replay],
               line: int) -> list[str]:
        """A line of play (``numbers`` formats a White and a Black move number) with its comments
        and variations; ``result`` is its replay, ``None`` when it was not replayed."""
        parts: list[str] = []
        first = result.first_index if result is not None else 0
        branches: dict[int, list[Replay]] = {}
        for variation_result in (result.variations if result is not None else []):
            branches.setdefault(variation_result.branch, []).append(variation_result)
        fresh = True
        for offset, ply in enumerate(plies):
            index = first + offset
            number = _number(ply, number)
            if ply.side == "white":
                parts.append(numbers[0].format(number))
            elif fresh:
                parts.append(numbers[1].format(number))
            parts.append(self._ply(ply, index, line, result))
            fresh = bool(ply.comments or ply.variations)
            parts.extend(_comment_html(text) for text in ply.comments)
            replayed = iter(branches.get(index, ()))
            for variation in ply.variations:
                parts.append(self._variation(variation, number, next(replayed, None), line))
            if ply.side == "black":
                number += 1
        return parts

    def _variation(self, variation: Variation, number: int, result: Optional[Replay], parent: int) -> str:
        line = self._add(parent, result) if result is not None else 0
        parts = [_comment_html(text) for text in variation.comments]
        parts += self._plies(variation.plies, number, ("{}.", "{}..."), result, line)
        return '<span class="variation">(' + " ".join(parts) + ")</span>"

    def _ply(self, ply: Ply, index: int, line: int, result: Optional[Replay]) -> str:
        """A link to the ply's position when it was replayed legally; struck through when it or
        an earlier ply of its line is illegal; plain when its line was not replayed (a
        variation of a ply after an illegal one)."""
        text = html.escape(ply.move_text)
        if result is None:
            body = f'<span class="move">{text}</span>'
        elif index < result.first_index + len(result.records):
            where = f"{self.link}line={line}&amp;ply={index}" if line else f"{self.link}ply={index}"
            body = f'<a class="ply" href="#{where}" data-line="{line}" data-ply="{index}">{text}</a>'
        else:
            error = next((e for e in result.errors if e.code != "result-mismatch"), None)
            first = index == result.first_index + len(result.records)
            why = html.escape(_in_line(error, result), quote=True) if error is not None and first else (
                "not replayed: an earlier ply is illegal")
            body = f'<span class="ply illegal" title="{why}">{text}</span>'
        return body + _annotation_html(ply)


def _outcome_text(result: Replay) -> str:
    outcome = result.outcome
    if outcome is None:
        return ""
    if outcome.winner is None:
        text = "Draw"
    else:
        text = f"{_NAMES[outcome.winner]} wins"
    reason = reason_text(outcome.reason, outcome.winner)
    return f"{text} ({reason}) after ply {outcome.ply}." if outcome.ply else f"{text} ({reason})."


def _title(game: Game) -> str:
    white, black = game.tags.get("White"), game.tags.get("Black")
    if white or black:
        return f"{white or '?'} – {black or '?'}"
    return game.tags.get("Event") or "Nine Men's Morris"


#: What the page has of each game: its replay, or why it could not be replayed.
ReplayOrError = Union[Replay, MuehleError]


def _not_replayed_text(error: MuehleError) -> str:
    """Why a game is shown without its positions: the error and where it stands."""
    where = f" (line {error.line})" if error.line else ""
    return f"Not replayed: {error.message}{where}."


def _game_section(number: int, game: Game, result: ReplayOrError, moves: _MoveList) -> str:
    tags = "".join(f"<tr><th>{html.escape(name)}</th><td>{html.escape(value)}</td></tr>"
                   for name, value in game.tags.items())
    if isinstance(result, MuehleError):
        move_list = moves.html(game, None)
        board = render_svg(Position(), None)
        outcome = ""
        errors = ""
        rules = _not_replayed_text(result)
    else:
        move_list = moves.html(game, result)
        errors = "".join(f"<li>{html.escape(message)}</li>" for message in moves.errors(result))
        last = result.records[-1] if result.records else None
        board = render_svg(result.last_legal_position, last)
        outcome = _outcome_text(result)
        rules = f"Replayed under the rules {result.rules.name}: {result.rules.title}"
    return f"""<section class="game" id="game-{number}" data-game="{number}">
<h2>{html.escape(_title(game))}</h2>
<table class="tags">{tags}</table>
<div class="viewer">
<div class="side">
<div class="board">{board}</div>
<div class="controls">
<button type="button" class="start" title="Start (Home)">&laquo; Start</button>
<button type="button" class="back" title="Back (left arrow)">&lsaquo; Back</button>
<button type="button" class="forward" title="Forward (right arrow)">Forward &rsaquo;</button>
<button type="button" class="end" title="End (End)">End &raquo;</button>
</div>
<p class="status" aria-live="polite"></p>
</div>
<div class="record">
<p class="moves">{move_list}</p>
{f'<p class="outcome">{html.escape(outcome)}</p>' if outcome else ''}
{f'<ul class="errors">{errors}</ul>' if errors else ''}
<p class="rules">{html.escape(rules)}</p>
</div>
</div>
</section>"""


_STYLE = """
body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 1.5rem; color: #222; background: #faf7f0; }
h1 { font-size: 1.4rem; } h2 { font-size: 1.2rem; margin-bottom: .4rem; }
section.game { margin-bottom: 2.5rem; }
table.tags { border-collapse: collapse; margin-bottom: 1rem; font-size: .9rem; }
table.tags th { text-align: left; padding: 0 1rem 0 0; color: #555; font-weight: normal; }
.viewer { display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: flex-start; }
.side { flex: 0 0 auto; }
.board svg { width: 460px; max-width: 90vw; height: auto; display: block; }
.controls { display: flex; gap: .4rem; justify-content: center; margin: .6rem 0; }
.controls button { font-size: 1rem; min-width: 5rem; padding: .3rem .6rem; cursor: pointer; }
.status { max-width: 460px; font-size: .9rem; min-height: 3em; }
.record { flex: 1 1 20rem; max-width: 40rem; }
.moves { line-height: 1.9; }
.number { color: #777; }
.ply { white-space: nowrap; }
a.ply { color: #1d4f91; text-decoration: none; padding: .1rem .25rem; border-radius: .25rem; }
a.ply:hover { background: #e4ecf7; }
a.ply.current { background: #1f6fd1; color: #fff; }
.ply.illegal { color: #b00020; text-decoration: line-through; }
.annotation { color: #8a5a00; font-weight: bold; }
.comment { color: #46604a; font-style: italic; }
.comment::before { content: "{ "; } .comment::after { content: " }"; }
.variation { color: #666; font-size: .92em; }
.result { font-weight: bold; margin-left: .4rem; }
.errors { color: #b00020; }
.rules { color: #666; font-size: .85rem; }
"""

_SCRIPT = """
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  var games = DATA.games;
  var viewers = [];
  var active = null;

  function stone(point, side) {
    var xy = DATA.points[point];
    var c = document.createElementNS(SVG, "circle");
    c.setAttribute("class", "stone " + side);
    c.setAttribute("data-point", point);
    c.setAttribute("data-side", side);
    c.setAttribute("cx", xy[0]);
    c.setAttribute("cy", xy[1]);
    c.setAttribute("r", DATA.radius);
    c.setAttribute("fill", DATA.colours[side]);
    c.setAttribute("stroke", DATA.colours[side + "-edge"]);
    c.setAttribute("stroke-width", "2");
    return c;
  }

  // Line 0 is the main line, line n > 0 the variation game.variations[n - 1]; a variation
  // shows its parent's positions before its branch ply.
  function Viewer(section, game) {
    this.section = section;
    this.game = game;
    this.stones = section.querySelector("svg g.stones");
    this.marks = section.querySelector("svg g.marks");
    this.mills = section.querySelector("svg g.mills");
    this.status = section.querySelector(".status");
    this.plies = section.querySelectorAll("a.ply");
    this.line = 0;
    this.index = 0;
    var self = this;
    section.querySelector("button.start").addEventListener("click", function () { self.activate(); self.show(0); });
    section.querySelector("button.back").addEventListener("click", function () { self.activate(); self.show(self.index - 1); });
    section.querySelector("button.forward").addEventListener("click", function () { self.activate(); self.show(self.index + 1); });
    section.querySelector("button.end").addEventListener("click", function () { self.activate(); self.show(self.last(self.line)); });
    Array.prototype.forEach.call(this.plies, function (link) {
      link.addEventListener("click", function (event) {
        event.preventDefault();
        self.activate();
        self.show(parseInt(link.getAttribute("data-ply"), 10), parseInt(link.getAttribute("data-line"), 10));
      });
    });
    section.addEventListener("click", function () { self.activate(); });
  }

  Viewer.prototype.activate = function () { active = this; };

  Viewer.prototype.last = function (line) {
    if (!line) { return this.game.frames.length - 1; }
    var variation = this.game.variations[line - 1];
    return variation.branch + variation.frames.length - 1;
  };

  // The line whose own frame is position ``index`` of ``line``.
  Viewer.prototype.owner = function (line, index) {
    while (line && index < this.game.variations[line - 1].branch) { line = this.game.variations[line - 1].parent; }
    return line;
  };

  Viewer.prototype.frame = function (line, index) {
    line = this.owner(line, index);
    if (!line) { return this.game.frames[index]; }
    var variation = this.game.variations[line - 1];
    return variation.frames[index - variation.branch];
  };

  Viewer.prototype.show = function (index, line) {
    if (line === undefined) { line = this.line; }
    else if (!(line >= 0 && line <= this.game.variations.length)) { line = 0; }
    // a variation without a legal ply has no position of its own: show the line it branches from
    while (line && !this.game.variations[line - 1].frames.length) { line = this.game.variations[line - 1].parent; }
    index = Math.max(0, Math.min(this.last(line), index));
    var frame = this.frame(line, index);
    var owner = this.owner(line, index);
    this.line = line;
    this.index = index;
    while (this.stones.firstChild) { this.stones.removeChild(this.stones.firstChild); }
    var self = this;
    frame.white.forEach(function (p) { self.stones.appendChild(stone(p, "white")); });
    frame.black.forEach(function (p) { self.stones.appendChild(stone(p, "black")); });
    this.marks.innerHTML = frame.marks;
    this.mills.innerHTML = frame.mills;
    this.status.textContent = frame.status;
    Array.prototype.forEach.call(this.plies, function (link) {
      link.classList.toggle("current", parseInt(link.getAttribute("data-ply"), 10) === index &&
                                       parseInt(link.getAttribute("data-line"), 10) === owner);
    });
    this.section.setAttribute("data-ply", String(index));
    this.section.setAttribute("data-line", String(line));
    var hash = "#" + (viewers.length > 1 ? "game=" + this.game.number + "&" : "") +
      (line ? "line=" + line + "&" : "") + "ply=" + index;
    if (window.location.hash !== hash && window.history && window.history.replaceState) {
      try { window.history.replaceState(null, "", hash); } catch (e) { /* some file: pages refuse */ }
    }
  };

  function fromHash() {
    var found = {};
    window.location.hash.replace(/^#/, "").split("&").forEach(function (part) {
      var pair = part.split("=");
      if (pair.length === 2 && /^[0-9]+$/.test(pair[1])) { found[pair[0]] = parseInt(pair[1], 10); }
    });
    return found;
  }

  function applyHash(wanted) {
    wanted = wanted && wanted.ply !== undefined ? wanted : fromHash();
    if (wanted.ply === undefined) { return; }
    var viewer = viewers[(wanted.game || 1) - 1];
    if (viewer) { viewer.activate(); viewer.show(wanted.ply, wanted.line || 0); }
  }

  var initial = fromHash();
  document.querySelectorAll("section.game").forEach(function (section, i) {
    viewers.push(new Viewer(section, games[i]));
  });
  viewers.forEach(function (viewer) { viewer.show(viewer.game.frames.length - 1); });
  active = viewers[0] || null;
  applyHash(initial);
  window.addEventListener("hashchange", function () { applyHash(); });

  document.addEventListener("keydown", function (event) {
    if (!active || event.altKey || event.ctrlKey || event.metaKey) { return; }
    var moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 };
    if (event.key in moves) { active.show(active.index + moves[event.key]); }
    else if (event.key === "Home") { active.show(0); }
    else if (event.key === "End") { active.show(active.last(active.line)); }
    else { return; }
    event.preventDefault();
  });
})();
"""


def _script_json(data: Any) -> str:
    """JSON that can stand inside ``<script>``: no ``<`` can close the element."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def render_games_html(games: Sequence[tuple[Game, ReplayOrError]], title: Optional[str] = None) -> str:
    """One page for several replayed games, each with its own board and move list.

    A game given with an error instead of its replay (an unknown ``Rules`` tag, a bad
    ``FEN``) is shown with its tags and moves on an empty board, and the error.
    """
    if title is None:
        title = _title(games[0][0]) if len(games) == 1 else f"{len(games)} games of Nine Men's Morris"
    sections = []
    game_data = []
    for number, (game, result) in enumerate(games, 1):
        moves = _MoveList(f"game={number}&amp;" if len(games) > 1 else "")
        sections.append(_game_section(number, game, result, moves))
        frames = [_unreplayed_frame(result)] if isinstance(result, MuehleError) else _frames(result)
        game_data.append({"number": number, "frames": frames, "variations": moves.variations})
    data = {"points": POINT_XY, "radius": STONE_RADIUS, "colours": COLOURS, "games": game_data}
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="muehle">
<title>{html.escape(title)}</title>
<style>{_STYLE}</style>
</head>
<body>
{chr(10).join(sections)}
<script>
var DATA = {_script_json(data)};
{_SCRIPT}
</script>
</body>
</html>
"""


def render_html(game: Game, replay: Replay) -> str:
    """The viewer page for one game and its replay."""
    return render_games_html([(game, replay)])


def write_html(games: Iterable[Game], unreplayed: Optional[list[tuple[int, MuehleError]]] = None) -> str:
    """The viewer page for records: each replayed under its ``Rules`` tag (default ``wmd``),
    from its ``[SetUp "1"]`` FEN when it has one. The writer of ``muehle convert --to html``.

    A game whose ``Rules`` tag names no preset, or whose FEN cannot be read, is shown
    without its positions, with the error; the game's number (from 1) and the error are
    added to ``unreplayed`` if given.
    """
    pairs = [(game, _replayed(game)) for game in games]
    if unreplayed is not None:
        unreplayed.extend((number, result) for number, (_, result) in enumerate(pairs, 1)
                          if isinstance(result, MuehleError))
    if not pairs:
        raise FormatError("there is no game to show", code="format")
    return render_games_html(pairs)


def _replayed(game: Game) -> ReplayOrError:
    """The replay of ``game``, or the error in its ``Rules`` or ``FEN`` tag that prevents it."""
    try:
        return replay_record(game)
    except FormatError as error:
        return error
