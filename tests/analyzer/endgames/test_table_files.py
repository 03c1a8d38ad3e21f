"""Table files carry their format, the settings and stones they were solved for, their length
and a checksum of their values; a file that is damaged, foreign, of another format or that
claims an absurd length is refused by every command that reads it, naming the file, what is
wrong and the command that builds it again (exit status 1), never used for a wrong answer."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any, Callable

import pytest

np = pytest.importorskip("numpy")

from muehle.analyzer.endgames.settings import EndgameRules  # noqa: E402
from muehle.analyzer.endgames.store import (  # noqa: E402
    MissingTable,
    UnusableTable,
    load_table,
    save_table,
    table_path,
)
from runner import run  # noqa: E402

FLYING = EndgameRules()

#: White a1, d1, a7 to move against b2, d2, f6 (docs/endgames.md): d1-a4 closes a1-a4-a7 and
#: a7-g1 closes a1-d1-g1; no Black stone stands in a mill, so either takes any of the three and
#: leaves Black two: a win in 1, and these six plies are every best ply.
FEN = "********/*@**@@**/****OO*O w m s 3 0 3 0 0 0 0 0 0 0 0 0 1"
PROBED = ("value: win for White to move in 1 ply\ndistance: 1\n"
          "best plies: a7-g1xb2, a7-g1xd2, a7-g1xf6, d1-a4xb2, d1-a4xd2, d1-a4xf6\n")

#: Black c5-c4, then White b6-g1 closes a1-d1-g1 and takes any stone (tests/cli/test_show_best_cli.py).
WIN_IN_ONE = ('[SetUp "1"]\n[FEN "*******@/@*@****O/****OO** b m s 3 0 3 0 0 0 0 0 0 0 0 0 1"]\n\n'
              "1... c5-c4\n")
BEST = "White to move wins in 1 ply; best: b6-g1xc4, b6-g1xd6, b6-g1xf4"

#: The 3v3 table's classes (docs/endgames.md) and its file's header line: the first line and
#: the JSON line with the settings of the default ruleset.
CLASSES = 169_626
DEFAULT_SETTINGS = "flying-capture-when-all-in-mills"


def digest(values: bytes) -> str:
    return hashlib.blake2b(values, digest_size=32).hexdigest()


def header_line(data: bytes, **fields: Any) -> bytes:
    """The header line of the intact 3v3 table holding ``data``, but for ``fields``."""
    honest: dict[str, Any] = {"table": "3v3", "flying": True, "capture_from_mill": "when-all-in-mills",
                              "blocked": "loss", "values": CLASSES, "blake2b": digest(data)}
    honest.update(fields)
    return json.dumps(honest).encode("ascii") + b"\n"


def with_header(directory: Path, header: Callable[[bytes], bytes]) -> None:
    """The table's file in ``directory`` with the header line ``header(values)`` instead of its own."""
    path = path_in(directory)
    first, _, values = path.read_bytes().split(b"\n", 2)
    path.write_bytes(first + b"\n" + header(values) + values)


@pytest.fixture
def tables(tmp_path: Path, solved_three_v_three: Any) -> Path:
    """A folder of its own holding an intact 3v3 table (damaged by the test)."""
    directory = tmp_path / "tables"
    save_table(table_path(directory, FLYING, (3, 3)), solved_three_v_three)
    return directory


def path_in(directory: Path) -> Path:
    return table_path(directory, FLYING, (3, 3))


def values_of(directory: Path) -> bytes:
    first, header, values = path_in(directory).read_bytes().split(b"\n", 2)
    return values


def flip_one_byte(data: bytes) -> bytes:
    damaged = bytearray(data)
    damaged[len(damaged) - 5000] ^= 0x01
    return bytes(damaged)


def shuffle_values(data: bytes) -> bytes:
    first, header, values = data.split(b"\n", 2)
    shuffled = bytearray(values)
    random.Random(1).shuffle(shuffled)
    assert shuffled != values
    return first + b"\n" + header + b"\n" + bytes(shuffled)


def all_255(data: bytes) -> bytes:
    first, header, values = data.split(b"\n", 2)
    return first + b"\n" + header + b"\n" + b"\xff" * len(values)


#: Damages of the values under an intact header: the checksum no longer matches.
CHECKSUM_DAMAGES: dict[str, Callable[[bytes], bytes]] = {
    "one byte flipped": flip_one_byte,
    "values shuffled": shuffle_values,
    "every byte 255": all_255,
}


def assert_refused(directory: Path, reason: str) -> None:
    """``endgames probe`` and ``show --best`` refuse the table with ``reason``, naming the file
    and the command that builds it again, exit status 1 and nothing on standard output."""
    path = path_in(directory)
    expected = (f"{path}: error: the endgame table 3v3 ({DEFAULT_SETTINGS}) cannot be used: {reason}; "
                f"build it again with: muehle endgames build --stones 3 --dir {directory} --force\n")
    probed = run("endgames", "probe", FEN, "--dir", str(directory))
    assert (probed.exit_code, probed.stdout, probed.stderr) == (1, "", expected)
    record = directory.parent / "win-in-one.txt"
    record.write_text(WIN_IN_ONE, encoding="utf-8")
    shown = run("show", str(record), "--best", "--endgames-dir", str(directory), "--ascii")
    assert (shown.exit_code, shown.stdout, shown.stderr) == (1, "", expected)


def test_the_intact_table_gives_the_hand_checked_answers(tables: Path) -> None:
    probed = run("endgames", "probe", FEN, "--dir", str(tables))
    assert (probed.exit_code, probed.stdout) == (0, PROBED), probed.output
    record = tables.parent / "win-in-one.txt"
    record.write_text(WIN_IN_ONE, encoding="utf-8")
    shown = run("show", str(record), "--best", "--endgames-dir", str(tables), "--ascii")
    assert shown.exit_code == 0, shown.output
    assert shown.stdout.splitlines()[-1] == BEST


def test_the_file_holds_its_format_settings_length_and_checksum(tables: Path, solved_three_v_three: Any) -> None:
    first, header, values = path_in(tables).read_bytes().split(b"\n", 2)
    assert first == b"muehle endgame table, format 2"
    assert json.loads(header) == {"table": "3v3", "flying": True, "capture_from_mill": "when-all-in-mills",
                                  "blocked": "loss", "values": CLASSES,
                                  "blake2b": digest(solved_three_v_three.tobytes())}
    assert values == solved_three_v_three.tobytes() and len(values) == CLASSES


def test_a_table_of_other_settings_and_stones_says_so_in_its_header(tmp_path: Path) -> None:
    path = table_path(tmp_path, EndgameRules(flying=False, capture_from_mill="never", blocked="draw"), (4, 3))
    save_table(path, np.arange(7, dtype=np.uint8))
    assert path.name == "4v3.table" and path.parent.name == "moving-capture-never-blocked-draw"
    first, header, values = path.read_bytes().split(b"\n", 2)
    assert json.loads(header) == {"table": "4v3", "flying": False, "capture_from_mill": "never",
                                  "blocked": "draw", "values": 7, "blake2b": digest(bytes(range(7)))}
    assert values == bytes(range(7))


@pytest.mark.parametrize("damage", sorted(CHECKSUM_DAMAGES))
def test_damaged_values_are_refused_by_their_checksum(tables: Path, damage: str) -> None:
    path = path_in(tables)
    path.write_bytes(CHECKSUM_DAMAGES[damage](path.read_bytes()))
    assert_refused(tables, "its values do not match the checksum in its header (the file is damaged)")


def test_a_truncated_table_is_refused(tables: Path) -> None:
    path = path_in(tables)
    data = path.read_bytes()
    path.write_bytes(data[:-1000])
    assert_refused(tables, f"the file is truncated: {len(data) - 1000} bytes, where its header and {CLASSES} "
                           f"values make {len(data)}")


def test_a_table_cut_in_its_header_is_refused(tables: Path) -> None:
    path = path_in(tables)
    path.write_bytes(path.read_bytes()[:60])
    assert_refused(tables, "its header is damaged")


def test_a_table_with_bytes_added_is_refused(tables: Path) -> None:
    path = path_in(tables)
    data = path.read_bytes()
    path.write_bytes(data + b"\x00" * 3)
    assert_refused(tables, f"the file is longer than the table: {len(data) + 3} bytes, where its header and "
                           f"{CLASSES} values make {len(data)}")


def test_a_table_of_another_ruleset_is_refused(tables: Path, solved_three_v_three: Any) -> None:
    """The 3v3 values written as those of the ruleset wmd-traditional (capture_from_mill: never)
    where the default ruleset's table belongs: foreign, though intact."""
    save_table(path_in(tables), solved_three_v_three, EndgameRules(capture_from_mill="never"), (3, 3))
    assert_refused(tables, "the file holds the table 3v3 (flying-capture-never), not this one")


def test_a_table_of_other_stones_is_refused(tables: Path, solved_three_v_three: Any) -> None:
    save_table(path_in(tables), solved_three_v_three, FLYING, (4, 3))
    assert_refused(tables, f"the file holds the table 4v3 ({DEFAULT_SETTINGS}), not this one")


@pytest.mark.parametrize("claimed", [10, CLASSES + 1, 10 ** 15, 10 ** 300])
def test_a_header_claiming_another_length_is_refused_without_reading_it(tables: Path, claimed: int) -> None:
    """The length the stones give (169,626 classes) is the only one read, whatever the header
    claims: a huge claim is refused as a small one is, its values never allocated."""
    with_header(tables, lambda data: header_line(data, values=claimed))
    assert_refused(tables, f"its header gives {claimed} values, where the table 3v3 has {CLASSES}")


def test_a_table_of_the_earlier_format_is_refused(tables: Path, solved_three_v_three: Any) -> None:
    """A bare numpy array (the format of earlier versions, without a checksum) where the table
    belongs: not read, though its values may be right, since nothing shows they are."""
    path = path_in(tables)
    with path.open("wb") as stream:
        np.save(stream, solved_three_v_three, allow_pickle=False)
    assert_refused(tables, "the file is in the format of earlier versions (a numpy array without a header or a "
                           "checksum); this version reads format 2")


def test_a_table_of_the_earlier_format_beside_is_named_when_the_table_is_missing(tmp_path: Path,
                                                                                solved_three_v_three: Any) -> None:
    """Earlier versions kept ``3v3.npy`` where this one keeps ``3v3.table``: the missing table's
    message says the old file is not read, and names the command that builds it."""
    path = table_path(tmp_path, FLYING, (3, 3))
    path.parent.mkdir(parents=True)
    np.save(path.with_suffix(".npy"), solved_three_v_three, allow_pickle=False)
    probed = run("endgames", "probe", FEN, "--dir", str(tmp_path))
    assert (probed.exit_code, probed.stdout) == (1, "")
    assert probed.stderr == (f"{path}: error: the endgame table 3v3 ({DEFAULT_SETTINGS}) has not been built in this "
                             "version's format (3v3.npy beside it is of an earlier format, without a checksum, and is "
                             f"not read); build it with: muehle endgames build --stones 3 --dir {tmp_path}\n")


@pytest.mark.parametrize("first", [b"muehle endgame table, format 3\n", b"muehle endgame table, format 1\n"])
def test_a_table_of_another_format_number_is_refused(tables: Path, first: bytes) -> None:
    path = path_in(tables)
    path.write_bytes(first + path.read_bytes().split(b"\n", 1)[1])
    number = first.split(b" ")[-1].strip().decode()
    assert_refused(tables, f"the file is in format {number}; this version reads format 2")


@pytest.mark.parametrize("content", [b"", b"a table\n", b"\x00" * 200, b"muehle endgame table, format two\n"],
                         ids=["empty", "text", "zeros", "format-not-a-number"])
def test_a_file_that_is_no_table_is_refused(tables: Path, content: bytes) -> None:
    path_in(tables).write_bytes(content)
    assert_refused(tables, "the file does not begin as an endgame table does")


#: Header lines damaged in one way each (the others are intact: :func:`header_line`).
DAMAGED_HEADERS: dict[str, Callable[[bytes], bytes]] = {
    "not-json": lambda data: b"not json\n",
    "a-list": lambda data: b"[1, 2, 3]\n",
    "fields-missing": lambda data: b'{"table": "3v3"}\n',
    "flying": lambda data: header_line(data, flying="yes"),
    "capture": lambda data: header_line(data, capture_from_mill="sometimes"),
    "blocked": lambda data: header_line(data, blocked=None),
    "bool-length": lambda data: header_line(data, values=True),
    "negative-length": lambda data: header_line(data, values=-1),
    "float-length": lambda data: header_line(data, values=float(CLASSES)),
    "table-name": lambda data: header_line(data, table="three"),
    "short-digest": lambda data: header_line(data, blake2b="00"),
    "upper-case-digest": lambda data: header_line(data, blake2b=digest(data).upper()),
    "a-field-more": lambda data: header_line(data, extra=1),
    "too-long": lambda data: header_line(data, table="3v3" + " " * 1000),
    "no-end-of-line": lambda data: header_line(data)[:-1],
    "not-ascii": lambda data: header_line(data).replace(b"loss", b"l\xc3\xb6ss"),
}


def test_an_intact_header_written_here_is_read(tables: Path) -> None:
    """The control of the damaged headers below: the header line as the tests write it is read."""
    with_header(tables, header_line)
    probed = run("endgames", "probe", FEN, "--dir", str(tables))
    assert (probed.exit_code, probed.stdout) == (0, PROBED), probed.output


@pytest.mark.parametrize("damage", sorted(DAMAGED_HEADERS))
def test_a_damaged_header_is_refused(tables: Path, damage: str) -> None:
    with_header(tables, DAMAGED_HEADERS[damage])
    assert_refused(tables, "its header is damaged")


def test_a_table_that_cannot_be_read_is_refused(tables: Path) -> None:
    path = path_in(tables)
    path.unlink()
    path.mkdir()
    probed = run("endgames", "probe", FEN, "--dir", str(tables))
    assert probed.exit_code == 1 and probed.stdout == ""
    assert probed.stderr.startswith(f"{path}: error: the endgame table cannot be read (")
    assert probed.stderr.endswith(f"build it again with: muehle endgames build --stones 3 --dir {tables} --force\n")


def test_the_library_raises_the_unusable_table_a_missing_one_is_of(tables: Path) -> None:
    path = path_in(tables)
    path.write_bytes(flip_one_byte(path.read_bytes()))
    with pytest.raises(UnusableTable) as raised:
        load_table(tables, FLYING, (3, 3))
    assert isinstance(raised.value, MissingTable) and raised.value.code == "endgame-table"
    assert raised.value.source == str(path)


def test_a_table_damaged_after_it_was_read_is_read_again(tables: Path) -> None:
    """The tables read are kept in the process while their files stay as they are: a file
    written anew (another size, time or inode) is read and checked again."""
    intact = load_table(tables, FLYING, (3, 3))
    assert len(intact) == CLASSES and not intact.flags.writeable
    assert load_table(tables, FLYING, (3, 3)) is intact
    path = path_in(tables)
    path.write_bytes(path.read_bytes()[:-1])
    with pytest.raises(UnusableTable, match="the file is truncated"):
        load_table(tables, FLYING, (3, 3))


def test_the_values_read_are_those_written(tables: Path, solved_three_v_three: Any) -> None:
    assert np.array_equal(load_table(tables, FLYING, (3, 3)), solved_three_v_three)


def test_analyze_perfect_and_the_html_viewer_refuse_a_damaged_table(tables: Path) -> None:
    """The other commands that read tables: ``analyze --perfect`` and ``convert --to html``
    (which looks into the cache unasked) stop with the same error, and write nothing."""
    record = tables.parent / "win-in-one.txt"
    record.write_text(WIN_IN_ONE, encoding="utf-8")
    page = tables.parent / "page.html"
    good = run("convert", str(record), "--to", "html", "--endgames-dir", str(tables), "-o", str(page))
    assert good.exit_code == 0, good.output
    assert BEST in page.read_text(encoding="utf-8")
    page.unlink()
    path = path_in(tables)
    path.write_bytes(all_255(path.read_bytes()))
    expected = (f"{path}: error: the endgame table 3v3 ({DEFAULT_SETTINGS}) cannot be used: its values do not match "
                "the checksum in its header (the file is damaged); build it again with: muehle endgames build "
                f"--stones 3 --dir {tables} --force\n")
    html = run("convert", str(record), "--to", "html", "--endgames-dir", str(tables), "-o", str(page))
    assert (html.exit_code, html.stderr) == (1, expected)
    assert not page.exists()
    analysed = run("analyze", str(record), "--perfect", "--endgames-dir", str(tables))
    assert (analysed.exit_code, analysed.stdout, analysed.stderr) == (1, "", expected)


def test_build_refuses_a_damaged_table_and_builds_it_again_with_force(tables: Path, monkeypatch: pytest.MonkeyPatch,
                                                                    solved_three_v_three: Any) -> None:
    from muehle.analyzer.endgames import build

    solved: list[list[tuple[int, int]]] = []

    def solve(group: list[tuple[int, int]], rules: EndgameRules, done: dict, progress: Any) -> dict:
        solved.append(group)
        return {(3, 3): solved_three_v_three}

    monkeypatch.setattr(build, "solve_group", solve)
    path = path_in(tables)
    path.write_bytes(shuffle_values(path.read_bytes()))
    refused = run("endgames", "build", "--stones", "3", "--dir", str(tables))
    assert refused.exit_code == 1 and solved == []
    assert refused.stderr.startswith(f"{path}: error: the endgame table 3v3 ({DEFAULT_SETTINGS}) cannot be used: "
                                     "its values do not match the checksum")
    assert f"muehle endgames build --stones 3 --dir {tables} --force" in refused.stderr
    again = run("endgames", "build", "--stones", "3", "--dir", str(tables), "--force")
    assert again.exit_code == 0, again.output
    assert solved == [[(3, 3)]]
    probed = run("endgames", "probe", FEN, "--dir", str(tables))
    assert (probed.exit_code, probed.stdout) == (0, PROBED), probed.output


def test_the_rebuild_command_quotes_a_folder_with_spaces(tmp_path: Path, solved_three_v_three: Any) -> None:
    directory = tmp_path / "my tables"
    path = table_path(directory, FLYING, (3, 3))
    save_table(path, solved_three_v_three)
    path.write_bytes(flip_one_byte(path.read_bytes()))
    probed = run("endgames", "probe", FEN, "--dir", str(directory))
    assert probed.exit_code == 1
    assert probed.stderr.endswith(f"muehle endgames build --stones 3 --dir '{directory}' --force\n")


def test_the_error_of_a_refused_table_is_in_german(tables: Path) -> None:
    path = path_in(tables)
    path.write_bytes(flip_one_byte(path.read_bytes()))
    probed = run("--lang", "de", "endgames", "probe", FEN, "--dir", str(tables))
    assert probed.exit_code == 1
    assert probed.stderr == (f"{path}: Fehler: die Endspieltabelle 3v3 ({DEFAULT_SETTINGS}) ist nicht verwendbar: "
                             "ihre Werte passen nicht zur Prüfsumme in ihrem Kopf (die Datei ist beschädigt); neu "
                             f"bauen mit: muehle endgames build --stones 3 --dir {tables} --force\n")


def test_saving_a_table_at_a_path_of_no_table_needs_its_settings(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not a table's path"):
        save_table(tmp_path / "somewhere.bin", np.zeros(3, dtype=np.uint8))
    save_table(tmp_path / "somewhere.bin", np.zeros(3, dtype=np.uint8), FLYING, (3, 3))
    assert json.loads((tmp_path / "somewhere.bin").read_bytes().split(b"\n")[1])["values"] == 3


def test_build_over_a_folder_where_the_table_belongs_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            solved_three_v_three: Any) -> None:
    """A folder named as the table: reading it is refused, and writing over it with --force
    too, with exit status 1 and no temporary file left."""
    from muehle.analyzer.endgames import build

    monkeypatch.setattr(build, "solve_group", lambda group, rules, done, progress: {(3, 3): solved_three_v_three})
    path = path_in(tmp_path)
    path.mkdir(parents=True)
    result = run("endgames", "build", "--stones", "3", "--dir", str(tmp_path), "--force")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == f"{path}: error: cannot write the endgame table there: Is a directory\n"
    assert [p.name for p in path.parent.iterdir()] == ["3v3.table"] and path.is_dir()
