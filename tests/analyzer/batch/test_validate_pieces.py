"""``validate --jobs``: files are cut into ranges at game boundaries that hold whatever came before.

The ranges (and the windows the boundaries are sought in) are made small here, so that
every game boundary of the texts below is a candidate; the reports must be those of one
process, in the same order.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muehle.analyzer.batch import pool as pools
from muehle.analyzer.batch import ranges, validate
from muehle.analyzer.batch.pool import Pool
from muehle.analyzer.batch.validate import judge_range, validate_paths
from muehle.notation.reading.splitter import safe_cut
from processes import pools_started

GAME = '[Event "{e}"]\n[Result "*"]\n\n1. d2 d6 2. f4 f2 *\n'

#: Texts where a tag line after a blank line does not (or does) start a game.
TRICKY = [
    # tags after tags, separated by a blank line: one game
    '[Event "a"]\n\n[Site "b"]\n1. d2 *\n\n' + GAME.format(e="next"),
    # a comment between the result and the next tags belongs to the next game
    "1. d2 d6 1-0\n\n{ before the next game }\n\n" + GAME.format(e="x") + "\n" + GAME.format(e="y"),
    # a result inside a multi-line comment, then a blank line and a tag line: the comment is never
    # closed before that tag line, so the game ends there (and reports the open comment)
    "1. d2 { a long\nnote ending 1-0\n\n" + GAME.format(e="after") + "\n" + GAME.format(e="z"),
    # the same, but the comment closes on the tag line: no new game there
    '1. d2 { note\n1-0\n\n[Event "x"] } d6 *\n\n' + GAME.format(e="w"),
    # a result in a ';' comment and in a tag value are not results of movetext
    "1. d2 ; 1-0\n\n" + GAME.format(e="s") + '\n[Event "1-0"]\n\n' + GAME.format(e="t"),
    # a comment opened after a result and never closed, with a game inside it: the cut at the
    # next tag line after a blank line leaves the comment a chunk of its own, as one process does
    GAME.format(e="a") + "\n{ open\n" + GAME.format(e="b") + "\n" + GAME.format(e="c"),
    # CRLF line ends, a BOM, and a line that is not UTF-8 in the middle
    "\ufeff" + GAME.format(e="a").replace("\n", "\r\n") + "\r\n" + GAME.format(e="b"),
    # a CR alone ends a line too (and a ';' comment), mixed with LF; an illegal ply gives its line
    GAME.format(e="a").replace("\n", "\r") + "\r1. d2 ; note\rd2 *\r\r" + GAME.format(e="b") + "\n"
    + '[Event "c"]\r\n\r1. f4 f4 *\n\n',
]


def reports(path: Path, jobs: int) -> list:
    out = []
    for item in validate_paths([str(path)], None, jobs):
        out.append(item.to_dict() if hasattr(item, "to_dict") else (item.code, item.line, item.message))
    return out


def make_small(monkeypatch: pytest.MonkeyPatch, size: int = 16) -> None:
    """Ranges of ``size`` bytes, sought in windows of 32 bytes from 8 bytes before."""
    monkeypatch.setattr(validate, "RANGE_BYTES", size)
    monkeypatch.setattr(validate, "MIN_RANGE_BYTES", size)
    monkeypatch.setattr(ranges, "WINDOW_BYTES", 32)
    monkeypatch.setattr(ranges, "LOOK_BACK_BYTES", 8)


@pytest.fixture
def small_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    make_small(monkeypatch)


@pytest.mark.parametrize("text", TRICKY)
def test_pieces_give_the_reports_of_one_process(tmp_path: Path, small_pieces: None, text: str) -> None:
    path = tmp_path / "games.txt"
    path.write_bytes(text.encode("utf-8") * 3)
    single = reports(path, 1)
    assert reports(path, 2) == single
    assert reports(path, 3) == single  # two workers beside the main process


def test_a_line_that_is_not_utf8_is_an_error_of_its_game_and_the_file_goes_on(tmp_path: Path,
                                                                               small_pieces: None) -> None:
    """Five games, then an untagged one whose line 26 holds the byte 0xff at column 7, then
    one more: the sixth is invalid with the error at that byte, the seventh is judged."""
    path = tmp_path / "games.txt"
    path.write_bytes((GAME.format(e="a") + "\n").encode() * 5 + b"1. d2 \xff *\n\n" + GAME.format(e="b").encode())
    single = reports(path, 1)
    assert [(report["game"], report["valid"]) for report in single] == [(n, n != 6) for n in range(1, 8)]
    assert [(e["code"], e["line"], e["column"], e["message"]) for e in single[5]["errors"]] == [
        ("syntax", 26, 7, "not UTF-8 text (byte 0xff)")]
    assert single[6]["tags"]["Event"] == "b"
    assert reports(path, 2) == single


def test_a_cut_needs_a_result_then_a_blank_line_then_a_tag_line() -> None:
    assert safe_cut(b'1. d2 *\n\n[Event "x"]\n', 0) == 9
    assert safe_cut(b'1. d2 *\n\n[Event "x"]', 0) is None  # the tag line may go on
    assert safe_cut(b'1. d2 *\n[Event "x"]\n', 0) is None  # no blank line
    assert safe_cut(b'1. d2\n\n[Event "x"]\n', 0) is None  # no result: might be tags after a comment
    assert safe_cut(b'{ 1-0\n\n[Event "x"] }\n', 0) is None  # the tag line closes a comment
    assert safe_cut(b'[Result "1-0"]\n\n[Event "x"]\n', 0) is None  # tags after tags


@settings(max_examples=40)
@given(st.lists(st.sampled_from([
    GAME.format(e="g"), "\n", "{ c }\n", "{ open\n", "} *\n", "1-0\n", '[Site "s"]\n', "1. d2 d6\n", "\n\n",
    "\r", "; c\r", "1. d2 d2 *\r",
]), min_size=1, max_size=30))
def test_any_text_gives_the_reports_of_one_process(tmp_path_factory: pytest.TempPathFactory, parts: list[str]) -> None:
    path = tmp_path_factory.mktemp("pieces") / "games.txt"
    path.write_text("".join(parts), encoding="utf-8")
    with pytest.MonkeyPatch.context() as monkeypatch:
        make_small(monkeypatch)
        assert reports(path, 2) == reports(path, 1)


def test_without_a_boundary_in_sight_the_rest_is_read_in_the_main_process(
    tmp_path: Path, small_pieces: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # results end the first games (boundaries), then come games without results: a tag line
    # after movetext starts a game, but not surely (it might follow a comment), so no cut
    monkeypatch.setattr(validate, "LONG_RANGE_FACTOR", 4)
    here: list[int] = []  # the first lines of the ranges read in this process
    read_here = validate._range_reports

    def spied(handle, piece, rules):  # type: ignore[no-untyped-def]
        here.append(piece.first_line)
        return read_here(handle, piece, rules)

    monkeypatch.setattr(validate, "_range_reports", spied)
    tagged = (GAME.format(e="a") + "\n") * 6
    untagged = "".join(f'[Event "u{n}"]\n\n1. d2 d6 2. f4\n\n' for n in range(30)) + '[Event "last"]\n1. d2 d2\n'
    path = tmp_path / "games.txt"
    path.write_text(tagged + untagged, encoding="utf-8")
    single = reports(path, 1)
    assert len(single) == 6 + 31 and single[-1]["errors"][0]["code"] == "occupied"
    here.clear()
    assert reports(path, 2) == single
    assert here == [6 * 5 + 1]  # (five lines a game; the workers read the ranges before in their processes)


def file_tasks(path: Path, size: int) -> list:
    """The tasks of a file cut into ranges of ``size`` bytes."""
    with path.open("rb") as handle:
        return [(piece, validate.Judging()) for piece in ranges.file_ranges(handle, str(path), path.name, size)]


def messages_to_workers(monkeypatch: pytest.MonkeyPatch) -> list:
    """The messages the pools send their workers from now on (each task, and None to stop)."""
    sent: list = []
    send = Pool.send

    def spy(pool, connection, message, name):  # type: ignore[no-untyped-def]
        sent.append(message)
        return send(pool, connection, message, name)

    monkeypatch.setattr(Pool, "send", spy)
    return sent


def test_a_worker_is_sent_where_its_range_is_not_the_range(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a task must stay far below a pipe's buffer (64 KB on Linux): a task half written into a
    # full pipe could keep the workers from being stopped on Ctrl-C
    import pickle

    from muehle.analyzer.engine.rules import load_ruleset

    path = tmp_path / "games.txt"
    path.write_text((GAME.format(e="x" * 200) + "\n") * 3000, encoding="utf-8")  # about 1 MB
    monkeypatch.setattr(validate, "RANGE_BYTES", 64 << 10)
    sent = messages_to_workers(monkeypatch)
    count = sum(1 for _ in validate_paths([str(path)], load_ruleset("wmd"), 2))
    tasks = [message[1] for message in sent if message is not None]
    assert count == 3000 and len(tasks) > 4
    assert max(len(pickle.dumps(message)) for message in sent) < 8192


def test_the_ranges_of_a_pool_shrink_toward_the_end_of_the_file(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # a range is an eighth of each worker's share of what is left (between the smallest and the
    # largest size): so a worker never starts a long range when the others are about to finish
    monkeypatch.setattr(validate, "RANGE_BYTES", 64 << 10)
    monkeypatch.setattr(validate, "MIN_RANGE_BYTES", 2048)
    game_bytes = len((GAME.format(e="x" * 200) + "\n").encode())
    path = tmp_path / "games.txt"
    path.write_text((GAME.format(e="x" * 200) + "\n") * 8000, encoding="utf-8")  # about 2 MB
    sent = messages_to_workers(monkeypatch)
    assert sum(1 for _ in validate_paths([str(path)], None, 2)) == 8000
    pieces = [message[1][0] for message in sent if message is not None]
    size = path.stat().st_size
    assert pieces[0].start == 0 and pieces[-1].end == size
    for piece in pieces[:-1]:  # the range asked for, up to the end of the game it falls in
        wanted = min(64 << 10, max(2048, -(-(size - piece.start) // 16)))
        assert wanted <= piece.size < wanted + game_bytes
    assert pieces[0].size >= 64 << 10 and pieces[-2].size < 2048 + game_bytes


def test_ranges_start_where_games_start_and_cover_the_file(tmp_path: Path) -> None:
    path = long_file(tmp_path)
    game_bytes = len((GAME.format(e="e19999") + "\n").encode())
    size = 10_000
    pieces = [piece for piece, _ in file_tasks(path, size)]
    data = path.read_bytes()
    assert pieces[0].start == 0 and pieces[-1].end == len(data) and pieces[-1].ends_text
    assert all(a.end == b.start for a, b in zip(pieces, pieces[1:]))
    assert all(size <= piece.size < size + game_bytes for piece in pieces[:-1]) and len(pieces) > 5
    for piece in pieces[1:]:  # a game starts there: "[Event ...", line numbers as counted from the start
        assert data[piece.start:piece.start + 8] == b'[Event "'
        assert piece.first_line == data[:piece.start].count(b"\n") + 1
    assert [piece.ends_text for piece in pieces] == [False] * (len(pieces) - 1) + [True]


def test_after_an_unreadable_line_the_next_file_gets_its_own_reports(tmp_path: Path, small_pieces: None) -> None:
    # the line that is not UTF-8 is an error of its game; the file goes on, and the next
    # file's reports follow its own
    bad = tmp_path / "bad.txt"
    bad.write_bytes((GAME.format(e="a") + "\n").encode() * 3 + b"1. d2 \xff *\n\n"
                    + (GAME.format(e="b") + "\n").encode() * 20)
    good = tmp_path / "good.txt"
    good.write_text("".join(GAME.format(e=f"g{n}") + "\n" for n in range(20)), encoding="utf-8")

    def both(jobs: int) -> list:
        return [item.to_dict() if hasattr(item, "to_dict") else (item.code, item.line)
                for item in validate_paths([str(bad), str(good)], None, jobs)]

    single = both(1)
    assert not [item for item in single if isinstance(item, tuple)]  # (no input is unreadable)
    assert [item["valid"] for item in single[:24]] == [True] * 3 + [False] + [True] * 20
    assert [item["tags"]["Event"] for item in single[-20:]] == [f"g{n}" for n in range(20)]
    assert both(2) == single


def long_file(tmp_path: Path) -> Path:
    path = tmp_path / "long.txt"
    path.write_text("".join(GAME.format(e=f"e{n}") + "\n" for n in range(20000)), encoding="utf-8")
    return path


def test_a_worker_that_stops_is_an_error_of_its_own(tmp_path: Path) -> None:
    from muehle.notation.text.errors import MuehleError

    path = long_file(tmp_path)
    pool = Pool(2)
    try:
        results = pool.map(judge_range, file_tasks(path, 4096), "long.txt")
        next(results)
        os.kill(pool.workers[0][0].pid, signal.SIGKILL)
        with pytest.raises(MuehleError) as raised:
            for _ in results:
                pass
    finally:
        pool.terminate()
    assert raised.value.code == "worker" and "stopped unexpectedly (exit status -9)" in raised.value.message
    assert raised.value.format().startswith("long.txt: ")


def test_a_fault_in_a_worker_is_raised_in_the_main_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> None:
        raise ZeroDivisionError("a fault of muehle's own")

    monkeypatch.setattr(validate, "judge", broken)  # (forked workers inherit it)
    with pytest.raises(RuntimeError, match="(?s)a worker process failed:.*ZeroDivisionError: a fault of muehle's own"):
        list(validate_paths([str(long_file(tmp_path))], None, 2))


def test_workers_of_a_killed_main_process_end_quietly(tmp_path: Path) -> None:
    import subprocess
    import sys

    path = long_file(tmp_path)
    script = (
        "import sys, time\n"
        "from pathlib import Path\n"
        "from muehle.analyzer.batch import ranges, validate\n"
        "from muehle.analyzer.batch.pool import Pool\n"
        "pool = Pool(2)\n"
        "pieces = ranges.file_ranges(open(sys.argv[1], 'rb'), sys.argv[1], 'long.txt', 4096)\n"
        "results = pool.map(validate.judge_range, ((piece, validate.Judging()) for piece in pieces))\n"
        "next(results)\n"
        "print('started', flush=True)\n"
        "time.sleep(60)\n"
    )
    process = subprocess.Popen([sys.executable, "-c", script, str(path)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stdout.readline() == "started\n"
    process.send_signal(signal.SIGKILL)
    # the workers hold standard error open: it ends when they have ended too
    _, errors = process.communicate(timeout=60)
    assert process.returncode == -signal.SIGKILL
    assert errors == ""


def test_jobs_n_is_n_workers_and_the_main_process_judges_nothing(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # the main process only cuts the file and hands on the reports: --jobs 2 is two workers
    monkeypatch.setattr(validate, "RANGE_BYTES", 4096)
    monkeypatch.setattr(validate, "MIN_RANGE_BYTES", 4096)
    path = long_file(tmp_path)
    judged_here: list[int] = []
    real_judge = validate.judge

    def counted(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        judged_here.append(1)  # (in a worker, its own copy of the list)
        return real_judge(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(validate, "judge", counted)
    started = pools_started(monkeypatch, validate)
    games = [report.tags["Event"] for report in validate_paths([str(path)], None, 2)]
    assert games == [f"e{n}" for n in range(20000)]
    assert started == [2] and judged_here == []


def test_a_map_left_before_its_end_leaves_the_pool_clean_for_the_next(tmp_path: Path) -> None:
    # (a file whose reading stops at an input error: the next file's results are its own)
    path = long_file(tmp_path)
    tasks = file_tasks(path, 4096)
    with Pool(2) as pool:
        first = pool.map(judge_range, tasks, "long.txt")
        assert next(first)[0][0].tags["Event"] == "e0"
        first.close()
        again = [reports[0].tags["Event"] for reports, _ in pool.map(judge_range, tasks[:5], "long.txt")]
    assert again == [reports[0].tags["Event"] for reports, _ in map(judge_range, tasks[:5])]


def test_a_range_that_cannot_be_read_is_an_input_error_at_its_first_line(tmp_path: Path) -> None:
    path = long_file(tmp_path)
    piece = file_tasks(path, 4096)[3][0]
    path.unlink()
    reports, error = judge_range((piece, None))
    assert reports == [] and error is not None
    assert (error.code, error.line, error.source) == ("io", piece.first_line, "long.txt")
    assert error.message == f"cannot read {path}: No such file or directory"


def test_without_poll_the_pipes_are_watched_with_wait(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # (where the select module has no poll, as on Windows)
    import types

    path = tmp_path / "games.txt"
    path.write_bytes("".join(text * 3 for text in TRICKY).encode("utf-8"))
    make_small(monkeypatch)
    single = reports(path, 1)
    monkeypatch.setattr(pools, "select", types.SimpleNamespace())
    assert reports(path, 2) == single
    assert reports(path, 3) == single


def _drain_until_done(fifo: Path, writer: threading.Thread) -> None:
    """Let a thread writing into ``fifo`` finish: read what it writes until it ends.

    The end is opened without blocking: a writer that is about to finish may close its end
    between a look at it and an ``open`` that would then wait for another writer forever.
    """
    if writer.is_alive():
        descriptor = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
        try:
            while writer.is_alive():
                with contextlib.suppress(BlockingIOError):
                    os.read(descriptor, 1 << 16)
                writer.join(0.01)
        finally:
            os.close(descriptor)
    writer.join()


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not hasattr(signal, "SIGALRM"), reason="no named pipes here")
def test_a_pipe_is_read_once_by_this_process_whatever_jobs_says(tmp_path: Path) -> None:
    """A pipe (<(zcat ...), /dev/stdin, a FIFO) cannot be read by the workers at offsets: it is
    read in this process, and the reports are those of one process."""
    text = "".join(GAME.format(e=name) + "\n" for name in "abcdef")
    regular = tmp_path / "games.txt"
    regular.write_text(text, encoding="utf-8")
    expected = reports(regular, 1)
    fifo = tmp_path / "games.fifo"
    for jobs in (1, 2):
        os.mkfifo(fifo)
        writer = threading.Thread(target=fifo.write_text, args=(text,), kwargs={"encoding": "utf-8"})
        writer.start()

        def too_long(signum: int, frame: object) -> None:
            raise TimeoutError("the pipe was not read to its end (a worker waits for it)")

        previous = signal.signal(signal.SIGALRM, too_long)
        signal.alarm(60)
        try:
            got = [item if isinstance(item, tuple) else {**item, "source": str(regular)}
                   for item in reports(fifo, jobs)]
        finally:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous)
            _drain_until_done(fifo, writer)
            fifo.unlink()
        assert got == expected
