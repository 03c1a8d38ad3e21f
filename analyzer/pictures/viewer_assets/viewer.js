// The script of the HTML viewer (muehle.analyzer.pictures.html_viewer), inlined once per page after
// `var DATA = {...}`. The page has one board (`.side`: board, buttons, status, tools); it stands
// in the section of the game in view, and the other games' sections are hidden. Every word the
// script shows comes from DATA.words, in the page's language (html_viewer.VIEWER_WORDS); the
// status lines and the stone counts are in DATA already.
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  // A frame: [White's stones, Black's stones (bit i: DATA.points[i]), marks and mill bands
  // (numbers of DATA.svg), status line, stones on the board and in hand (a number of
  // DATA.texts, -1: none), FEN ("": none)], and only where the endgame tables gave one, the
  // value of the position and its best plies (a number of DATA.texts).
  var WHITE = 0, BLACK = 1, MARKS = 2, MILLS = 3, STATUS = 4, POSITION = 5, FEN = 6, VALUE = 7;
  var games = DATA.games;
  var WORDS = DATA.words;
  var several = games.length > 1;
  var side = document.querySelector(".side");
  var board = side.querySelector("svg");
  var layers = ["board", "points", "mills", "stones", "marks"].map(function (name) {
    return board.querySelector("g." + name);
  });
  var stonesLayer = board.querySelector("g.stones");
  var marksLayer = board.querySelector("g.marks");
  var millsLayer = board.querySelector("g.mills");
  // the diagonal lines, drawn where a game of the page is played on a board with them, shown for those games
  var diagonalsLayer = board.querySelector("g.diagonals");
  var statusLine = side.querySelector(".status");
  var positionLines = side.querySelector(".position");
  var flipButton = side.querySelector("button.flip");
  var fenButton = side.querySelector("button.copy-fen");
  var recordButton = side.querySelector("button.copy-record");
  var copiedBox = side.querySelector(".copied");
  var copiedNote = copiedBox.querySelector(".note");
  var copiedField = copiedBox.querySelector("textarea");
  var picker = document.querySelector("nav.games select");
  var viewers = [];
  var active = null;
  var flipped = false;

  function stone(index, sideName) {
    var point = DATA.points[index];
    var c = document.createElementNS(SVG, "circle");
    c.setAttribute("class", "stone " + sideName);
    c.setAttribute("data-point", point[0]);
    c.setAttribute("data-side", sideName);
    c.setAttribute("cx", point[1]);
    c.setAttribute("cy", point[2]);
    c.setAttribute("r", DATA.radius);
    c.setAttribute("fill", DATA.colours[sideName]);
    c.setAttribute("stroke", DATA.colours[sideName + "-edge"]);
    c.setAttribute("stroke-width", "2");
    return c;
  }

  function pieces(numbers) {
    return numbers.map(function (n) { return DATA.svg[n]; }).join("");
  }

  // Line 0 is the main line, line n > 0 the variation game.variations[n - 1]; a variation
  // shows its parent's positions before its branch ply.
  function Viewer(section, game) {
    this.section = section;
    this.game = game;
    this.line = 0;
    this.index = game.frames.length - 1;
    this.plies = null;
  }

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

  // Bring this game into view: the board moves into its section, the others are hidden.
  Viewer.prototype.activate = function () {
    if (active === this) { return; }
    if (active) { active.section.hidden = true; }
    active = this;
    this.section.hidden = false;
    if (diagonalsLayer) { diagonalsLayer.setAttribute("display", this.game.diagonals ? "inline" : "none"); }
    var holder = this.section.querySelector(".viewer");
    if (side.parentNode !== holder) { holder.insertBefore(side, holder.firstChild); }
    if (picker) { picker.value = String(this.game.number); }
    recordButton.disabled = !this.game.record;
  };

  Viewer.prototype.show = function (index, line) {
    if (line === undefined) { line = this.line; }
    else if (!(line >= 0 && line <= this.game.variations.length)) { line = 0; }
    // a variation without a legal ply has no position of its own: show the line it branches from
    while (line && !this.game.variations[line - 1].frames.length) { line = this.game.variations[line - 1].parent; }
    index = Math.max(0, Math.min(this.last(line), index));
    this.line = line;
    this.index = index;
    this.activate();
    var frame = this.frame(line, index);
    var owner = this.owner(line, index);
    while (stonesLayer.firstChild) { stonesLayer.removeChild(stonesLayer.firstChild); }
    for (var i = 0; i < DATA.points.length; i++) {
      if (frame[WHITE] & (1 << i)) { stonesLayer.appendChild(stone(i, "white")); }
    }
    for (i = 0; i < DATA.points.length; i++) {
      if (frame[BLACK] & (1 << i)) { stonesLayer.appendChild(stone(i, "black")); }
    }
    marksLayer.innerHTML = pieces(frame[MARKS]);
    millsLayer.innerHTML = pieces(frame[MILLS]);
    statusLine.textContent = frame[STATUS] + (frame.length > VALUE ? " \u2014 " + DATA.texts[frame[VALUE]] : "");
    positionLines.textContent = frame[POSITION] < 0 ? "" : DATA.texts[frame[POSITION]];
    fenButton.disabled = !frame[FEN];
    copiedBox.hidden = true;
    if (this.plies === null) { this.plies = this.section.querySelectorAll("a.ply"); }
    Array.prototype.forEach.call(this.plies, function (link) {
      link.classList.toggle("current", parseInt(link.getAttribute("data-ply"), 10) === index &&
                                       parseInt(link.getAttribute("data-line"), 10) === owner);
    });
    this.section.setAttribute("data-ply", String(index));
    this.section.setAttribute("data-line", String(line));
    var hash = "#" + (several ? "game=" + this.game.number + "&" : "") +
      (line ? "line=" + line + "&" : "") + "ply=" + index;
    if (window.location.hash !== hash && window.history && window.history.replaceState) {
      try { window.history.replaceState(null, "", hash); } catch (e) { /* some file: pages refuse */ }
    }
  };

  // Where the board stays at the top of the window (a phone's), the current ply is scrolled
  // into the part of the window below it, if it is not there already.
  function keepInView() {
    var link = active && active.section.querySelector("a.ply.current");
    if (!link || window.getComputedStyle(side).position !== "sticky") { return; }
    var top = side.getBoundingClientRect().bottom + 8;
    var box = link.getBoundingClientRect();
    if (box.top < top) { window.scrollBy(0, box.top - top); }
    else if (box.bottom > window.innerHeight - 8) { window.scrollBy(0, box.bottom - window.innerHeight + 8); }
  }

  // Black's side at the bottom: the lines, points, stones and marks turn half round the
  // centre; the coordinates stay upright and are relabelled (g to a, 7 to 1).
  function flip() {
    flipped = !flipped;
    layers.forEach(function (layer) {
      if (!layer) { return; }
      if (flipped) { layer.setAttribute("transform", "rotate(180 " + DATA.centre[0] + " " + DATA.centre[1] + ")"); }
      else { layer.removeAttribute("transform"); }
    });
    var labels = board.querySelectorAll("g.coordinates text");
    for (var i = 0; i < labels.length; i++) {
      var label = labels[i];
      if (!label.hasAttribute("data-label")) { label.setAttribute("data-label", label.textContent); }
    }
    // the files a-g, then the ranks 1-7: each run of labels is read backwards when flipped
    for (var start = 0; start < labels.length; start += 7) {
      for (var k = 0; k < 7 && start + k < labels.length; k++) {
        var from = flipped ? start + 6 - k : start + k;
        labels[start + k].textContent = labels[from].getAttribute("data-label");
      }
    }
    board.setAttribute("data-flipped", String(flipped));
    flipButton.setAttribute("aria-pressed", String(flipped));
  }

  // Copy to the clipboard where the browser allows it; the text also stands, selected, in a
  // field under the board, to copy by hand where it does not.
  // ``what`` is the key of its name in WORDS ("fen", "record").
  function copy(text, what) {
    function note(key) { return WORDS[key].split("{what}").join(WORDS[what]); }
    copiedBox.hidden = false;
    copiedField.value = text;
    copiedNote.textContent = note("note-manual");
    function byHand() { copiedField.focus(); copiedField.select(); }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(function () {
        copiedNote.textContent = note("note-done");
      }, byHand);
    } else {
      byHand();
    }
  }

  function fromHash() {
    var found = {};
    window.location.hash.replace(/^#/, "").split("&").forEach(function (part) {
      var pair = part.split("=");
      if (pair.length === 2 && /^[0-9]+$/.test(pair[1])) { found[pair[0]] = parseInt(pair[1], 10); }
    });
    return found;
  }

  // The viewer of the game numbered ``number`` (the games' numbers, as validate counts them,
  // may skip those that could not be read).
  function viewerOf(number) {
    for (var i = 0; i < viewers.length; i++) {
      if (viewers[i].game.number === number) { return viewers[i]; }
    }
    return null;
  }

  // #game=2&line=3&ply=12; without a ply, the game where it stands (at first, its end)
  function applyHash(wanted) {
    wanted = wanted && (wanted.ply !== undefined || wanted.game !== undefined) ? wanted : fromHash();
    var viewer = wanted.game === undefined ? viewers[0] : viewerOf(wanted.game);
    if (!viewer) { return; }
    if (wanted.ply !== undefined) { viewer.show(wanted.ply, wanted.line || 0); }
    else if (wanted.game !== undefined) { viewer.show(viewer.index); }
  }

  // The game ``step`` places after the one in view on the page (-1: the one before it).
  function stepGame(step) {
    var at = viewers.indexOf(active) + step;
    var viewer = viewers[Math.max(0, Math.min(viewers.length - 1, at))];
    viewer.show(viewer.index);
  }

  var initial = fromHash();
  document.querySelectorAll("section.game").forEach(function (section, i) {
    viewers.push(new Viewer(section, games[i]));
  });
  viewers[0].show(viewers[0].index);
  applyHash(initial);
  window.addEventListener("hashchange", function () { applyHash(); });

  side.querySelector("button.start").addEventListener("click", function () { active.show(0); keepInView(); });
  side.querySelector("button.back").addEventListener("click", function () { active.show(active.index - 1); keepInView(); });
  side.querySelector("button.forward").addEventListener("click", function () { active.show(active.index + 1); keepInView(); });
  side.querySelector("button.end").addEventListener("click", function () { active.show(active.last(active.line)); keepInView(); });
  flipButton.addEventListener("click", flip);
  fenButton.addEventListener("click", function () {
    copy(active.frame(active.line, active.index)[FEN], "fen");
  });
  recordButton.addEventListener("click", function () { copy(active.game.record, "record"); });
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a.ply") : null;
    if (!link || !active || !active.section.contains(link)) { return; }
    event.preventDefault();
    active.show(parseInt(link.getAttribute("data-ply"), 10), parseInt(link.getAttribute("data-line"), 10));
    keepInView();
  });
  if (picker) {
    // once chosen, the arrow keys step through the game instead of changing the choice
    picker.addEventListener("change", function () {
      var viewer = viewerOf(parseInt(picker.value, 10));
      if (viewer) { viewer.show(viewer.index); }
      picker.blur();
    });
    document.querySelector("nav.games button.previous-game").addEventListener("click", function () {
      stepGame(-1);
    });
    document.querySelector("nav.games button.next-game").addEventListener("click", function () {
      stepGame(1);
    });
  }

  document.addEventListener("keydown", function (event) {
    if (!active || event.altKey || event.ctrlKey || event.metaKey) { return; }
    var target = event.target;
    if (target && /^(SELECT|TEXTAREA|INPUT)$/.test(target.tagName)) { return; }
    var moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 };
    var key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (key in moves) { active.show(active.index + moves[key]); }
    else if (key === "Home") { active.show(0); }
    else if (key === "End") { active.show(active.last(active.line)); }
    else if (key === "f") { flip(); }
    else if (key === "n" && several) { stepGame(1); }
    else if (key === "p" && several) { stepGame(-1); }
    else { return; }
    keepInView();
    event.preventDefault();
  });
})();
