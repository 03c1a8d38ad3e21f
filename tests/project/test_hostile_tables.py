"""Hostile endgame table files: a header claiming a huge length, a file grown by garbage, a
header line that never ends. Each is refused reading no more than the table's own length,
whatever the file says; loading an intact table costs in proportion to its length.

Costs are judged by growth (the input at 1x and 2x, the 2x run at most about 2.5 times the
1x run above floors that a busy machine cannot fail), never by absolute times.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest

np = pytest.importorskip("numpy")

from growth import cost as measured  # noqa: E402
from muehle.analyzer.endgames import store  # noqa: E402
from muehle.analyzer.endgames.index import classes  # noqa: E402
from muehle.analyzer.endgames.settings import EndgameRules  # noqa: E402
from muehle.analyzer.endgames.store import UnusableTable, load_table, save_table, table_path  # noqa: E402
from runner import run  # noqa: E402

pytestmark = pytest.mark.hostile

#: Below these, a difference between two runs is noise, not growth.
TIME_FLOOR = 0.5  # seconds
MEMORY_FLOOR = 1_000_000  # bytes
#: How much more the 2x run may cost than the 1x run.
GROWTH = 2.5

FLYING = EndgameRules()
MEGA = 1 << 20


def cost(action: Callable[[], object]) -> tuple[float, int]:
    """CPU seconds and peak traced bytes of ``action()``, the tables read before forgotten."""
    store._load.cache_clear()
    return measured(action)


def refused(directory: Path, table: tuple[int, int] = (3, 3)) -> Callable[[], object]:
    def load() -> None:
        with pytest.raises(UnusableTable):
            load_table(directory, FLYING, table)
    return load


def assert_no_more_than_growth(small: tuple[float, int], large: tuple[float, int], ratio: float = 1.0) -> None:
    """``large`` (the input ``ratio`` times as long as ``small``'s, twice when not said)
    costs at most :data:`GROWTH` times ``ratio`` as much, above the floors."""
    assert large[0] <= GROWTH * ratio * small[0] + TIME_FLOOR, (small, large)
    assert large[1] <= GROWTH * ratio * small[1] + MEMORY_FLOOR, (small, large)


@pytest.fixture
def table_file(tmp_path: Path, solved_three_v_three: Any) -> Callable[[str, bytes], Path]:
    """Writes a 3v3 table file in a folder of its own (named ``name``): the intact file with
    ``tail`` appended to it."""

    def write(name: str, tail: bytes = b"") -> Path:
        directory = tmp_path / name
        path = table_path(directory, FLYING, (3, 3))
        save_table(path, solved_three_v_three)
        if tail:
            with path.open("ab") as stream:
                stream.write(tail)
        return directory

    return write


def test_a_huge_claimed_length_allocates_nothing_of_it(tmp_path: Path, solved_three_v_three: Any) -> None:
    """Headers claiming 10^9 and 10^15 values (the file has the table's 169,626): both refused at
    about the cost of the smaller, and far below what either claims."""
    values = solved_three_v_three.tobytes()
    costs = []
    for claimed in (10 ** 9, 10 ** 15):
        directory = tmp_path / str(claimed)
        path = table_path(directory, FLYING, (3, 3))
        save_table(path, solved_three_v_three)
        first, header, _ = path.read_bytes().split(b"\n", 2)
        fields = json.loads(header)
        fields["values"] = claimed
        path.write_bytes(first + b"\n" + json.dumps(fields).encode("ascii") + b"\n" + values)
        costs.append(cost(refused(directory)))
        assert costs[-1][1] < claimed // 1000
        result = run("endgames", "probe", "********/*@**@@**/****OO*O w m s 3 0 3 0 0 0 0 0 0 0 0 0 1",
                     "--dir", str(directory))
        assert result.exit_code == 1 and f"its header gives {claimed} values" in result.stderr
    assert_no_more_than_growth(costs[0], costs[1])


def test_garbage_after_the_table_is_not_read(table_file: Callable[[str, bytes], Path]) -> None:
    """8 and 16 MB appended: refused by the file's length, neither read (the peak stays below a
    quarter of what was appended) nor costlier when it doubles."""
    costs = []
    for size in (8 * MEGA, 16 * MEGA):
        directory = table_file(f"grown-{size}", b"\x07" * size)
        costs.append(cost(refused(directory)))
        assert costs[-1][1] < size // 4
    assert_no_more_than_growth(costs[0], costs[1])


def _read_no_further_than_the_limit(tmp_path: Path, name: str, content: Callable[[int], bytes]) -> None:
    """A table file of ``content(size)`` for 4 and 8 MB (a line without end): refused as damaged,
    read up to the limit (the peak below a quarter of the size), no costlier when it doubles."""
    costs = []
    for size in (4 * MEGA, 8 * MEGA):
        directory = tmp_path / f"{name}-{size}"
        path = table_path(directory, FLYING, (3, 3))
        path.parent.mkdir(parents=True)
        path.write_bytes(content(size))
        costs.append(cost(refused(directory)))
        assert costs[-1][1] < size // 4
    assert_no_more_than_growth(costs[0], costs[1])


def test_a_header_line_without_end_is_read_no_further_than_its_limit(tmp_path: Path) -> None:
    """A header of 4 and 8 MB without an end of line: read up to the limit, refused as damaged."""
    _read_no_further_than_the_limit(tmp_path, "header", lambda size: store.MAGIC + b"{" + b" " * size)


def test_a_first_line_without_end_is_read_no_further_than_its_limit(tmp_path: Path) -> None:
    _read_no_further_than_the_limit(tmp_path, "first", lambda size: b"m" * size)


def test_loading_an_intact_table_is_linear_in_its_length(tmp_path: Path) -> None:
    """Tables 3v3 (169,626 values) and 3v4 (760,398: 4.48 times as many), their classes known
    before: reading and checking the larger costs at most about its share more."""
    rng = np.random.default_rng(1)
    costs = []
    lengths = []
    for table in ((3, 3), (3, 4)):
        length = len(classes(*table)[0])
        lengths.append(length)
        save_table(table_path(tmp_path, FLYING, table), rng.integers(0, 256, length, dtype=np.uint8))

        def load(table: tuple[int, int] = table, length: int = length) -> None:
            assert len(load_table(tmp_path, FLYING, table)) == length

        costs.append(cost(load))
    assert_no_more_than_growth(costs[0], costs[1], lengths[1] / lengths[0])
