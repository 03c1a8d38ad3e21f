"""``validate --jobs``: files are cut into pieces at game boundaries that hold whatever came before.

The pieces are made small here, so that every game boundary of the texts below is a
candidate; the reports must be those of one process, in the same order.
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

from muehle.analyzer.batch import validate
from muehle.analyzer.batch.validate import safe_cut, validate_paths

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


@pytest.fixture
def small_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(validate, "PIECE_BYTES", 16)


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
    original = validate.PIECE_BYTES
    validate.PIECE_BYTES = 16
    try:
        assert reports(path, 2) == reports(path, 1)
    finally:
        validate.PIECE_BYTES = original


def test_without_a_boundary_in_sight_the_rest_is_read_in_the_main_process(
    tmp_path: Path, small_pieces: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # results end the first games (boundaries), then come games without results: a tag line
    # after movetext starts a game, but not surely (it might follow a comment), so no cut
    monkeypatch.setattr(validate, "PIECE_LIMIT_FACTOR", 4)
    tagged = (GAME.format(e="a") + "\n") * 6
    untagged = "".join(f'[Event "u{n}"]\n\n1. d2 d6 2. f4\n\n' for n in range(30)) + '[Event "last"]\n1. d2 d2\n'
    path = tmp_path / "games.txt"
    path.write_text(tagged + untagged, encoding="utf-8")
    single = reports(path, 1)
    assert len(single) == 6 + 31 and single[-1]["errors"][0]["code"] == "occupied"
    assert reports(path, 2) == single


def record_tasks(pool: validate._Pool) -> list:
    """The tasks the pool sends its workers from now on (they are still sent)."""
    tasks: list = []
    send = pool.send

    def spy(connection, task):  # type: ignore[no-untyped-def]
        tasks.append(task)
        return send(connection, task)

    pool.send = spy  # type: ignore[method-assign]
    return tasks


def test_a_worker_is_sent_where_its_piece_is_not_the_piece(tmp_path: Path) -> None:
    # a task must stay far below a pipe's buffer (64 KB on Linux): a task half written into a
    # full pipe could keep the workers from being stopped on Ctrl-C
    import pickle

    from muehle.analyzer.engine.rules import load_ruleset

    path = tmp_path / "games.txt"
    path.write_text((GAME.format(e="x" * 200) + "\n") * 3000, encoding="utf-8")  # about 1 MB
    pool = validate._Pool(2)
    try:
        tasks = record_tasks(pool)
        with path.open("rb") as handle:
            count = sum(1 for _ in pool.judge(handle, str(path), "games.txt", load_ruleset("wmd")))
    finally:
        pool.close()
    assert count == 3000 and len(tasks) > 4
    assert max(len(pickle.dumps(task)) for task in tasks) < 8192


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
    import os
    import signal

    from muehle.notation.errors import MuehleError

    path = long_file(tmp_path)
    pool = validate._Pool(2)
    try:
        with path.open("rb") as handle:
            reports = pool.judge(handle, str(path), "long.txt", None)
            next(reports)
            os.kill(pool.workers[0][0].pid, signal.SIGKILL)
            with pytest.raises(MuehleError) as raised:
                for _ in reports:
                    pass
    finally:
        pool.terminate()
    assert raised.value.code == "worker" and "stopped unexpectedly (exit status -9)" in raised.value.message
    assert raised.value.format().startswith("long.txt: ")


def test_a_fault_in_a_worker_is_raised_in_the_main_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(task: validate.Task) -> None:
        raise ZeroDivisionError("a fault of muehle's own")

    monkeypatch.setattr(validate, "_judge_piece", broken)  # (forked workers inherit it)
    with pytest.raises(RuntimeError, match="(?s)a worker process failed:.*ZeroDivisionError: a fault of muehle's own"):
        list(validate_paths([str(long_file(tmp_path))], None, 2))


def test_workers_of_a_killed_main_process_end_quietly(tmp_path: Path) -> None:
    import signal
    import subprocess
    import sys

    path = long_file(tmp_path)
    script = (
        "import sys, time\n"
        "from muehle.analyzer.batch import validate\n"
        "pool = validate._Pool(2)\n"
        "reports = pool.judge(open(sys.argv[1], 'rb'), sys.argv[1], 'long.txt', None)\n"
        "next(reports)\n"
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


def test_the_main_process_judges_pieces_beside_the_worker(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # --jobs 2 is two processes judging: the main one takes the next piece while the worker is busy
    monkeypatch.setattr(validate, "PIECE_BYTES", 1024)
    path = long_file(tmp_path)
    here: list[bool] = []
    judge_next_here = validate._Share.judge_next_here

    def counted(share: validate._Share) -> bool:
        here.append(judge_next_here(share))
        return here[-1]

    monkeypatch.setattr(validate._Share, "judge_next_here", counted)
    pool = validate._Pool(2)
    sent = record_tasks(pool)
    try:
        assert len(pool.workers) == 1
        with path.open("rb") as handle:
            games = [report.tags["Event"] for report in pool.judge(handle, str(path), "long.txt", None)]
    finally:
        pool.close()
    assert games == [f"e{n}" for n in range(20000)]
    assert here.count(True) > 10 and len(sent) > 10


def test_a_worker_that_stops_while_the_main_process_judges_is_not_an_input_error() -> None:
    from muehle.notation.errors import MuehleError

    def worker_stopped() -> None:
        raise MuehleError("a worker process stopped unexpectedly (exit status -9)", code="worker")

    data = (GAME.format(e="a") + "\n").encode() * 3
    judged, error = validate._judge_data(data, "x.txt", None, 1, True)
    assert [report.tags["Event"] for report in judged] == ["a"] * 3 and error is None
    with pytest.raises(MuehleError, match="stopped unexpectedly"):
        validate._judge_data(data, "x.txt", None, 1, True, between=worker_stopped)


def test_a_piece_ends_at_the_first_boundary_after_half_the_read_ahead(tmp_path: Path) -> None:
    path = long_file(tmp_path)
    game_bytes = len((GAME.format(e="e19999") + "\n").encode())
    with path.open("rb") as handle:
        sizes = [len(data) for _, data, _ in validate._pieces(handle)]
    assert sum(sizes) == path.stat().st_size and len(sizes) > 5
    half = validate.PIECE_BYTES // 2
    assert all(half <= size < half + game_bytes for size in sizes[:-1])


def test_without_poll_the_pipes_are_watched_with_wait(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # (where the select module has no poll, as on Windows)
    import types

    path = tmp_path / "games.txt"
    path.write_bytes("".join(text * 3 for text in TRICKY).encode("utf-8"))
    monkeypatch.setattr(validate, "PIECE_BYTES", 16)
    single = reports(path, 1)
    monkeypatch.setattr(validate, "select", types.SimpleNamespace())
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
