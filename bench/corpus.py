"""The benchmark's inputs: a muehle corpus, a chess PGN of the same ply count, bigger copies.

Everything is made from fixed seeds and cached in the output folder; a cached file is
reused only while its recipe (sizes, seed, ruleset and the source of the muehle code
that writes it) is unchanged.

The muehle corpus comes from muehle's own generator of random legal games, written
in the book's notation. The generator varies its players (some close every mill,
some wall the opponent in), so the corpus has short and long games, captures and
double mills, and annotations, NAGs, comments and variations on some plies: every
kind of token a real record has.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Iterable, Iterator, Sequence


@dataclass
class Corpus:
    """A corpus file and what it holds; ``offsets`` are the byte offsets where games start."""

    path: Path
    games: int
    plies: int
    size: int
    offsets: list[int]
    lengths: list[int]
    captures: int = 0
    double_captures: int = 0
    longest: int = 0
    annotated: int = 0
    commented: int = 0
    variations: int = 0

    def summary(self) -> dict[str, object]:
        data = asdict(self)
        data["path"] = str(self.path)
        del data["offsets"], data["lengths"]
        return data


def _source_digest(modules: Iterable[str]) -> str:
    """A digest of the source files of ``modules``: a cache key that changes with the code."""
    import importlib.util

    digest = hashlib.sha256()
    for name in modules:
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.origin and Path(spec.origin).is_file():
            digest.update(Path(spec.origin).read_bytes())
    return digest.hexdigest()[:16]


def _cached(meta_path: Path, recipe: dict[str, object], files: Sequence[Path]) -> dict | None:
    """The stored metadata if every file exists and was made from the same recipe."""
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if meta.get("recipe") != recipe or not all(f.exists() for f in files):
        return None
    return meta


def muehle_corpus(out: Path, games: int, seed: int, rules: str) -> Corpus:
    """Generate (or reuse) ``games`` random legal games under ``rules`` as one notation file."""
    path = out / f"corpus-{rules}-{games}-{seed}.txt"
    meta_path = path.with_suffix(".json")
    recipe = {
        "games": games, "seed": seed, "rules": rules,
        "code": _source_digest([
            "muehle.analyzer.play.generate", "muehle.analyzer.engine.replay", "muehle.analyzer.engine.rules",
            "muehle.notation.writing.writers", "muehle.notation.record.model", "muehle.analyzer.reports.zwickmuehle",
        ]) + hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:8],
    }
    meta = _cached(meta_path, recipe, [path])
    if meta is None:
        meta = _write_muehle_corpus(path, games, seed, rules)
        meta["recipe"] = recipe
        meta_path.write_text(json.dumps(meta), encoding="utf-8")
    return Corpus(path=path, **{k: v for k, v in meta.items() if k != "recipe"})


def _write_muehle_corpus(path: Path, count: int, seed: int, rules: str) -> dict:
    from muehle.analyzer.engine.rules import load_ruleset
    from muehle.analyzer.play.generate import generate_games
    from muehle.notation.writing.writers import write_notation

    games = list(generate_games(load_ruleset(rules), seed, count))
    offsets, lengths = [], []
    captures = double = annotated = commented = variations = 0
    position = 0
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as handle:
        for game in games:
            data = (write_notation([game]).rstrip("\n") + "\n\n").encode("utf-8")
            offsets.append(position)
            handle.write(data)
            position += len(data)
            lengths.append(len(game.plies))
            for ply in game.plies:
                captures += len(ply.captures)
                double += len(ply.captures) > 1
                annotated += bool(ply.annotation or ply.nags)
                commented += bool(ply.comments)
                variations += len(ply.variations)
    return {
        "games": len(games), "plies": sum(lengths), "size": position, "offsets": offsets,
        "lengths": lengths, "captures": captures, "double_captures": double,
        "longest": max(lengths, default=0), "annotated": annotated, "commented": commented,
        "variations": variations,
    }


def game_texts(corpus: Corpus) -> list[bytes]:
    """The corpus split into the texts of its games."""
    data = corpus.path.read_bytes()
    ends = corpus.offsets[1:] + [len(data)]
    return [data[start:end] for start, end in zip(corpus.offsets, ends)]


def sized_path(corpus: Corpus, out: Path, size: int) -> Path:
    """Where the file of ``size`` bytes of the corpus's games goes (see :func:`sized_file`)."""
    return out / f"{corpus.path.stem}-{size}-bytes.txt"


def sized_file(corpus: Corpus, path: Path, size: int) -> tuple[int, int]:
    """Write whole games of the corpus, cycling through it, until ``size`` bytes are reached.

    Returns the number of games and plies written. A file of the right size made
    from the same corpus is reused.
    """
    meta_path = path.with_suffix(".json")
    recipe = {"corpus": str(corpus.path), "corpus_size": corpus.size,
              "corpus_time": corpus.path.stat().st_mtime_ns, "size": size}
    meta = _cached(meta_path, recipe, [path])
    if meta is not None and path.stat().st_size == meta["bytes"]:
        return meta["games"], meta["plies"]
    texts = game_texts(corpus)
    games = plies = written = 0
    with open(path, "wb") as handle:
        for index in _cycle(len(texts)):
            if written >= size:
                break
            handle.write(texts[index])
            written += len(texts[index])
            games += 1
            plies += corpus.lengths[index]
    meta_path.write_text(json.dumps({"recipe": recipe, "bytes": written, "games": games,
                                     "plies": plies}), encoding="utf-8")
    return games, plies


def book_form_file(corpus: Corpus, out: Path) -> tuple[Path, int]:
    """The corpus's games over again, each Black ply standing alone numbered as the book writes it
    (``17. - a7-a4``) instead of ``17... a7-a4``: read back and written by muehle. The file and how many
    plies are numbered so; the file is reused while the corpus is the same."""
    path = out / f"{corpus.path.stem}-book.txt"
    meta_path = path.with_suffix(".json")
    recipe = {"corpus": str(corpus.path), "corpus_size": corpus.size,
              "corpus_time": corpus.path.stat().st_mtime_ns}
    meta = _cached(meta_path, recipe, [path])
    if meta is not None:
        return path, meta["book_numbers"]
    from muehle.notation.reading.parser import read_file
    from muehle.notation.writing.writers import write_notation

    written = book_numbers = 0
    with open(path, "w", encoding="utf-8") as handle:
        for game in read_file(corpus.path):
            text = write_notation([game], black_number="book").rstrip("\n") + "\n\n"
            book_numbers += text.count(". - ")
            handle.write(text)
            written += 1
    if written != corpus.games:
        raise RuntimeError(f"{corpus.path}: read {written} games of {corpus.games}")
    meta_path.write_text(json.dumps({"recipe": recipe, "book_numbers": book_numbers}), encoding="utf-8")
    return path, book_numbers


def _cycle(count: int) -> Iterator[int]:
    while True:
        yield from range(count)


def shortest_game(corpus: Corpus, path: Path) -> int:
    """Write the corpus's shortest game (at least 18 plies, a full placing phase) alone; its plies."""
    texts = game_texts(corpus)
    candidates = [i for i, n in enumerate(corpus.lengths) if n >= 18] or list(range(len(texts)))
    index = min(candidates, key=lambda i: corpus.lengths[i])
    path.write_bytes(texts[index])
    return corpus.lengths[index]


def chess_corpus(out: Path, lengths: Sequence[int], seed: int) -> tuple[Path, int, int]:
    """A PGN of random legal chess games with as many plies as ``lengths`` adds up to.

    Game ``i`` aims at ``lengths[i]`` plies (cycling); a game that ends early by mate
    or stalemate is followed by more games until the total is reached exactly.
    Returns the path, the number of games and of plies.
    """
    import chess
    import chess.pgn

    total = sum(lengths)
    digest = hashlib.sha256(json.dumps(list(lengths)).encode()).hexdigest()[:12]
    path = out / f"chess-{total}-{seed}-{digest}.pgn"
    meta_path = path.with_suffix(".json")
    recipe = {"plies": total, "seed": seed, "lengths": digest, "chess": chess.__version__}
    meta = _cached(meta_path, recipe, [path])
    if meta is not None:
        return path, meta["games"], meta["plies"]
    rng = random.Random(seed)
    games = plies = 0
    out.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        while plies < total:
            want = min(lengths[games % len(lengths)], total - plies)
            board = chess.Board()
            for _ in range(want):
                moves = list(board.legal_moves)
                if not moves:
                    break
                board.push(rng.choice(moves))
            game = chess.pgn.Game.from_board(board)
            game.headers["Event"] = "Random legal moves"
            game.headers["Round"] = str(games + 1)
            exporter = chess.pgn.StringExporter(columns=80)
            handle.write(game.accept(exporter) + "\n\n")
            games += 1
            plies += len(board.move_stack)
    meta_path.write_text(json.dumps({"recipe": recipe, "games": games, "plies": plies}),
                         encoding="utf-8")
    return path, games, plies
