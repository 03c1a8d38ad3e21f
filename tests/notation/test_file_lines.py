"""Files are read in blocks of whole lines: the lines are those of the text, wherever a block ends."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muehle.notation.reading import decode
from muehle.notation.reading.decode import byte_lines, file_lines, text_lines
from muehle.notation.text.errors import MuehleError

lines = st.lists(st.sampled_from(["1. d2 d6", "", "{ä}", "½-½", "\r", "a\rb", "[Event \"ü\"]"]), max_size=12)


@settings(max_examples=300, deadline=None)
@given(lines, st.sampled_from(["\n", "\r\n", "\r"]), st.booleans(), st.booleans(), st.integers(1, 9))
def test_the_lines_of_a_file_are_those_of_its_text(tmp_path_factory: pytest.TempPathFactory, parts: list[str],
                                                   end: str, bom: bool, final_break: bool, block: int) -> None:
    text = ("\ufeff" if bom else "") + end.join(parts) + (end if final_break and parts else "")
    path = tmp_path_factory.mktemp("lines") / "games.txt"
    path.write_bytes(text.encode("utf-8"))
    original = decode._BLOCK_BYTES
    decode._BLOCK_BYTES = block
    try:
        read = list(file_lines(path, "t"))
    finally:
        decode._BLOCK_BYTES = original
    # as Python's universal newlines read it: LF, CRLF and a CR alone end a line; the first loses a BOM
    with path.open(encoding="utf-8-sig", newline=None) as handle:
        expected = [line[:-1] if line.endswith("\n") else line for line in handle]
    assert read == expected
    assert text_lines(text) in (expected, expected + [""])  # a text ending with a line break: an empty last line
    assert list(byte_lines(text.encode("utf-8"), "t")) == expected


@settings(max_examples=300, deadline=None)
@given(lines, st.sampled_from(["\n", "\r\n", "\r"]), st.booleans(), st.data())
def test_the_lines_of_a_stream_are_those_of_its_text_whatever_its_head_holds(parts: list[str], end: str,
                                                                            final_break: bool, data: st.DataObject
                                                                            ) -> None:
    """A pipe's start is read before its lines (to tell its format): the head may hold a part of a line, a few
    lines or the whole text (a short pipe), and its lines are cut as the others."""
    raw = (end.join(parts) + (end if final_break and parts else "")).encode("utf-8")
    cut = data.draw(st.integers(0, len(raw)))
    read = list(decode.stream_lines(io.BytesIO(raw[cut:]), "t", head=raw[:cut]))
    expected = text_lines(raw.decode("utf-8")) if raw else []
    if raw.endswith((b"\n", b"\r")):
        expected.pop()  # (the empty "line" text_lines gives after the last line break)
    assert read == expected == list(byte_lines(raw, "t"))


@pytest.mark.parametrize(("data", "lines"), [
    (b"1. d2\r2. f4\r\r*", ["1. d2", "2. f4", "", "*"]),
    (b"1. d2\r\n\r2. f4\n\r", ["1. d2", "", "2. f4", ""]),
    (b"\r", [""]),
])
@pytest.mark.parametrize("block", [1, 2, 3, 1 << 20])
def test_a_cr_alone_ends_a_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, data: bytes, lines: list[str],
                                block: int) -> None:
    path = tmp_path / "games.txt"
    path.write_bytes(data)
    monkeypatch.setattr(decode, "_BLOCK_BYTES", block)
    assert list(file_lines(path, "t")) == lines
    assert list(byte_lines(data, "t")) == lines


@pytest.mark.parametrize("block", [1, 5, 1 << 20])
def test_a_line_that_is_not_utf8_is_reported_after_the_lines_before_it(tmp_path: Path, block: int,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "games.txt"
    path.write_bytes(b"\xef\xbb\xbf1. d2\r\n2. f4\n\xef\xbb\xbfok \xff!\nnever read\n")
    monkeypatch.setattr(decode, "_BLOCK_BYTES", block)
    read = []
    with pytest.raises(MuehleError) as caught:
        for line in file_lines(path, "games.txt"):
            read.append(line)
    assert read == ["1. d2", "2. f4"]
    # line 3 starts with a BOM that is not the file's: it stays (3 bytes, 1 character)
    assert (caught.value.line, caught.value.column, caught.value.code) == (3, 5, "io")
    assert "0xff" in caught.value.message
