"""The benchmark script works: its parts on hand-made inputs, and a tiny run end to end.

No test here looks at a timing; they check what was counted and that the report and
the JSON agree with it.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from paths import ROOT

BENCH = ROOT / "bench"


def _load_script() -> ModuleType:
    """bench/run.py as a module (it imports its sibling bench/corpus.py itself)."""
    spec = importlib.util.spec_from_file_location("muehle_bench_run", BENCH / "run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


run = _load_script()
corpora = run.corpora

HAS_CHESS = importlib.util.find_spec("chess") is not None

#: Two games by hand: tags, numbers of both styles, captures, an annotation, a NAG,
#: comments of both kinds and results. Tokens counted by eye: 1 tag + 5 numbers +
#: 7 plies + annotation + NAG + brace comment + result in the first game (17), then
#: 1 tag + 2 numbers + the book's "-" for Black + 3 plies + line comment + result
#: in the second (9).
TWO_GAMES = (
    '[Event "Beispiel"]\n'
    "1. d2 d6 2. f2 f6 3. b2/xd6! $1 {Mühle} 3... b6 4. a1 1-0\n"
    "\n"
    '[Event "Zwei"]\n'
    "1. b4 d6 2. - g7 ; kurz\n"
    "*\n"
)


def test_floor_finds_every_token(tmp_path: Path) -> None:
    path = tmp_path / "two.txt"
    path.write_text(TWO_GAMES, encoding="utf-8")
    assert run.floor_scan(path) == 17 + 9


def test_floor_reads_and_scans_the_file_once_per_pass(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "two.txt"
    path.write_text(TWO_GAMES, encoding="utf-8")
    reads, scans = [], []
    read_text, token = Path.read_text, run.FLOOR_TOKEN
    monkeypatch.setattr(Path, "read_text", lambda self, *args, **kwargs: reads.append(self) or read_text(
        self, *args, **kwargs))

    class CountedToken:
        def finditer(self, text: str):  # type: ignore[no-untyped-def]
            scans.append(len(text))
            return token.finditer(text)

    monkeypatch.setattr(run, "FLOOR_TOKEN", CountedToken())
    assert run.floor_scan(path, passes=3) == 17 + 9  # the tokens of one pass
    assert reads == [path] * 3 and scans == [len(TWO_GAMES)] * 3


def test_floor_reads_captures_as_part_of_their_ply(tmp_path: Path) -> None:
    path = tmp_path / "one.txt"
    path.write_text("18. d2-b2/xa4 d6-d5xc3 19. a1-a4/xg7/xb2", encoding="utf-8")
    assert run.floor_scan(path) == 2 + 3  # two numbers, three plies


@pytest.mark.skipif(not HAS_CHESS, reason="python-chess is not installed (extra 'bench')")
def test_chess_corpus_has_exactly_the_plies_asked_for_and_reads_back(tmp_path: Path) -> None:
    import chess.pgn

    path, games, plies = corpora.chess_corpus(tmp_path, [30, 7, 12], seed=5)
    assert plies == 49
    assert run.chess_replay(path) == games
    counted = 0
    with open(path, encoding="utf-8") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            assert not game.errors  # every move was legal
            counted += len(list(game.mainline_moves()))
    assert counted == 49
    again = corpora.chess_corpus(tmp_path, [30, 7, 12], seed=5)
    assert again == (path, games, plies)  # reused from the cache


def _fake_corpus(tmp_path: Path) -> "corpora.Corpus":
    texts = [b"1. d2 d6 *\n\n", b"1. b4 d6 2. f4 *\n\n", b"1. a1 *\n\n"]
    path = tmp_path / "fake.txt"
    path.write_bytes(b"".join(texts))
    offsets = [0, len(texts[0]), len(texts[0]) + len(texts[1])]
    return corpora.Corpus(path=path, games=3, plies=6, size=len(b"".join(texts)),
                          offsets=offsets, lengths=[2, 3, 1])


def test_sized_file_writes_whole_games_cycling_through_the_corpus(tmp_path: Path) -> None:
    corpus = _fake_corpus(tmp_path)
    target = tmp_path / "big.txt"
    games, plies = corpora.sized_file(corpus, target, corpus.size * 2 + 1)
    # Two full rounds are one byte short: the first game of the third round is added.
    assert (games, plies) == (7, 2 * 6 + 2)
    assert target.read_bytes() == corpus.path.read_bytes() * 2 + b"1. d2 d6 *\n\n"


def test_shortest_game_is_written_alone(tmp_path: Path) -> None:
    corpus = _fake_corpus(tmp_path)
    target = tmp_path / "one.txt"
    # No game has a full placing phase here, so the shortest of all is taken.
    assert corpora.shortest_game(corpus, target) == 1
    assert target.read_bytes() == b"1. a1 *\n\n"


def test_ratio_verdicts() -> None:
    assert run.ratio("validate_vs_chess", 3.0)["met"] is True
    assert run.ratio("validate_vs_chess", 2.9)["met"] is False
    assert run.ratio("floor_vs_validate", 5.1)["met"] is False
    assert run.ratio("memory_big_vs_small", 1.5)["met"] is True
    assert run.ratio("startup_vs_imports", None)["met"] is None


@pytest.mark.parametrize("value, message", [("0", "must be at least 1, not 0"), ("two", "not a whole number")])
def test_rounds_must_be_a_whole_number_of_at_least_one(value: str, message: str) -> None:
    done = subprocess.run([sys.executable, str(BENCH / "run.py"), "--rounds", value],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr


def test_quick_run_end_to_end(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH / "run.py"), "--quick", "--games", "8", "--memory", "0.02", "0.1",
         "--rounds", "1", "--out", str(tmp_path)],
        capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    results = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))
    corpus = results["corpus"]
    assert corpus["games"] == 8 and corpus["plies"] > 0
    assert results["rounds"] == 1 and "best of 1 round " in done.stdout
    assert ("`python bench/run.py --quick --rounds 1`; throughputs are the best of 1 round; each ratio is the "
            "median of the rounds' own ratios.") in (
        tmp_path / "results.md").read_text(encoding="utf-8")
    rates = results["throughput"]
    seconds = results["seconds"]
    for name, rounds in results["rounds_seconds"].items():  # every round kept; the best is the one used
        assert len(rounds) == 1 and rounds[0][0] == seconds[name]
    # the floor's times are those of all its passes over the corpus
    assert results["floor_passes"] == 5  # (docs/performance.md: five passes a round)
    assert f"| floor: `re.finditer` token scan ({run.FLOOR_PASSES} passes a round) |" in (
        tmp_path / "results.md").read_text(encoding="utf-8")
    assert rates["floor"] == pytest.approx(run.FLOOR_PASSES * corpus["plies"] / seconds["floor"])
    for name in ("library", "cli", "cli_jobs2"):
        assert rates[name] == pytest.approx(corpus["plies"] / seconds[name])
        assert results["throughput_cpu"][name] is None or results["throughput_cpu"][name] > 0
    jobs_file = results["jobs_file"]
    assert jobs_file["bytes"] >= 400_000 and jobs_file["plies"] > 10 * corpus["plies"]
    for name in ("cli_file", "cli_file_jobs2"):
        assert rates[name] == pytest.approx(jobs_file["plies"] / seconds[name])
    # the reference for --jobs 2: two processes, each on a half of the jobs file
    half_file = results["half_file"]
    assert abs(2 * half_file["bytes"] - jobs_file["bytes"]) < 0.02 * jobs_file["bytes"]
    assert rates["cli_halves"] == pytest.approx(2 * half_file["plies"] / seconds["cli_halves"])
    assert results["info"]["halves_vs_single"] == pytest.approx(rates["cli_halves"] / rates["cli_file"])
    assert results["info"]["jobs2_vs_halves"] == pytest.approx(rates["cli_file_jobs2"] / rates["cli_halves"])
    assert "each half of the jobs file, side by side" in (tmp_path / "results.md").read_text(encoding="utf-8")
    if HAS_CHESS:
        assert results["chess"]["plies"] == corpus["plies"]
        assert rates["chess"] == pytest.approx(corpus["plies"] / seconds["chess"])
    else:
        assert rates["chess"] is None and results["ratios"]["validate_vs_chess"]["met"] is None
    ratios = results["ratios"]
    cpu = results["throughput_cpu"]
    if cpu["floor"] and cpu["library"]:
        assert ratios["floor_vs_validate"]["value"] == pytest.approx(cpu["floor"] / cpu["library"])
    assert ratios["jobs2_vs_single"]["value"] == pytest.approx(rates["cli_file_jobs2"] / rates["cli_file"])
    # (one round: the median of the rounds' ratios is that of the best rounds)
    for name in ("floor_vs_validate", "jobs2_vs_single"):
        assert results["info"][f"{name}_best"] == pytest.approx(ratios[name]["value"])
    assert "(from each contender's best round instead: " in done.stdout
    assert results["info"]["jobs2_vs_single_corpus"] == pytest.approx(rates["cli_jobs2"] / rates["cli"])
    memory = results["memory"]
    assert memory["small"]["bytes"] >= 20_000 and memory["big"]["bytes"] >= 100_000
    assert memory["small"]["rss_kib"] > 0 and memory["big"]["plies"] > memory["small"]["plies"]
    assert ratios["memory_big_vs_small"]["value"] == pytest.approx(
        memory["big"]["rss_kib"] / memory["small"]["rss_kib"])
    jobs_memory = results["jobs_memory"]  # (the same files, with --jobs 2)
    assert [jobs_memory[name]["bytes"] for name in ("small", "big")] == [memory[name]["bytes"] for name in ("small", "big")]
    assert jobs_memory["small"]["exit_status"] == 0 and jobs_memory["big"]["complete"]
    assert ratios["jobs_memory_big_vs_small"]["value"] == pytest.approx(
        jobs_memory["big"]["rss_kib"] / jobs_memory["small"]["rss_kib"])
    assert "Peak RSS of the largest process of `muehle validate --jobs 2`: " in (
        tmp_path / "results.md").read_text(encoding="utf-8")
    assert results["jobs2_output_identical"] is True
    assert results["cli_exit_status"] == 0  # generated games are legal
    summary = (tmp_path / "results.md").read_text(encoding="utf-8")
    for values in ratios.values():
        assert values["what"] in done.stdout
        assert f"| {values['what']} |" in summary
    assert f"{corpus['plies']:,} plies" in summary


def test_side_by_side_runs_every_command_and_reports_a_failure() -> None:
    echo = [sys.executable, "-c", "print('ok')"]
    assert run.run_side_by_side([echo, echo]) == [(b"ok\n", 0), (b"ok\n", 0)]
    with pytest.raises(RuntimeError, match="failed \\(3\\)"):
        run.run_side_by_side([echo, [sys.executable, "-c", "import sys; sys.exit(3)"]])


def test_paired_ratio_is_the_median_of_each_rounds_ratio() -> None:
    # [wall, CPU] seconds; both contenders do 100 plies. Per round, by the wall clock:
    # fast 100/1 vs slow 100/8 -> 8; 100/2 vs 100/2 -> 1; 100/4 vs 100/4 -> 1: the median is 1.
    # Their best rounds (fast 1 s, slow 2 s) come from different rounds and would give 2; the mean 3.33.
    rounds = {"fast": [[1.0, 1.0], [2.0, 2.0], [4.0, 1.0]], "slow": [[8.0, 8.0], [2.0, 2.0], [4.0, 3.0]]}
    plies = {"fast": 100, "slow": 100}
    assert run.paired_ratio(rounds, plies, "fast", "slow", 0) == pytest.approx(1.0)
    # by CPU time: 8, 1, 3 -> 3; plies count too (twice the plies in the same time: twice the rate)
    assert run.paired_ratio(rounds, plies, "fast", "slow", 1) == pytest.approx(3.0)
    assert run.paired_ratio(rounds, {"fast": 200, "slow": 100}, "fast", "slow", 1) == pytest.approx(6.0)
    assert run.paired_ratio(rounds, plies, "fast", "chess", 1) is None  # a contender not measured


def test_the_contenders_of_each_ratio_run_next_to_each_other() -> None:
    pairs = [("floor", "library"), ("library", "chess"), ("cli_file", "cli_file_jobs2"),
             ("cli_file_jobs2", "cli_halves"), ("cli", "cli_jobs2")]
    for number in range(4):
        order = run.round_order(run.ROUND_ORDER, number)
        assert sorted(order) == sorted(run.ROUND_ORDER)
        for a, b in pairs:
            assert abs(order.index(a) - order.index(b)) == 1
        # (the library stands beside the floor and python-chess, whose ratios are of speed; the same
        # games written in the book's long form, a ratio of the reader's, one further)
        assert abs(order.index("library") - order.index("library_book")) == 2
        # which of the two goes first changes from round to round
        assert (order.index("floor") < order.index("library")) == (number % 2 == 0)
    assert run.round_order(["cli", "floor"], 1) == ["cli", "floor"]  # (python-chess not installed)


def test_the_pools_compared_on_the_same_ranges(tmp_path: Path) -> None:
    """bench/pools.py judges the same games with both pools, stops both, and reports a killed
    worker: with its exit status (SIGKILL: -9) for muehle's pool, as a broken pool for the
    standard library's."""
    games = TWO_GAMES + "\n"
    path = tmp_path / "games.txt"
    path.write_text(games * (600_000 // len(games.encode())), encoding="utf-8")  # (about ten ranges of 64 KB)
    done = subprocess.run([sys.executable, str(BENCH / "pools.py"), str(path), "--rounds", "1"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("games.txt: 0.6 MB, ") and ", --jobs 2, 1 rounds;" in lines[0]
    assert int(lines[0].split(", ")[1].split()[0]) >= 8  # ranges
    assert any(line.strip().startswith("Pool.terminate ") for line in lines)
    assert any(line.strip().startswith("executor.shutdown ") for line in lines)
    assert "a worker process stopped unexpectedly (exit status -9)" in done.stdout
    # (the executor says its pool broke, or, now and then, misses the death and waits for ever)
    assert ("ProcessPoolExecutor: BrokenProcessPool: " in done.stdout
            or "ProcessPoolExecutor: (no answer 20 s after the worker was killed" in done.stdout)
