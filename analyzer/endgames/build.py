"""Solve the endgame tables up to a number of stones and keep them in the cache folder."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Iterator, Optional

from muehle.analyzer.endgames import require_numpy

require_numpy()  # (before the solver's import of numpy fails with less to say)

import numpy as np  # noqa: E402

from muehle.analyzer.endgames.settings import EndgameRules, captures_into  # noqa: E402
from muehle.analyzer.endgames.solver import Progress, groups, solve_group  # noqa: E402
from muehle.analyzer.endgames.store import PathLike, load_table, save_table, table_path  # noqa: E402


def build_tables(rules: EndgameRules, stones: int, directory: Optional[PathLike] = None, *,
                 progress: Optional[Progress] = None, force: bool = False) -> Iterator[tuple[Path, float, bool]]:
    """Solve every table up to ``stones`` a side under ``rules`` that is not in ``directory``
    yet (all of them with ``force``), group by group, writing each as soon as it is solved.
    A table there already is read and checked (it may be needed to solve the others): one
    that cannot be used is a :class:`~muehle.analyzer.endgames.store.UnusableTable` (``force``
    writes it anew). Yields each table's path, the seconds its group took, and whether it was solved now."""
    solved: dict[tuple[int, int], np.ndarray[Any, Any]] = {}
    for group in groups(stones):
        paths = {table: table_path(directory, rules, table) for table in group}
        if not force and all(path.exists() for path in paths.values()):
            for table, path in paths.items():
                solved[table] = load_table(directory, rules, table)
                yield path, 0.0, False
            continue
        for table in set(captures_into(group)) - set(solved):
            solved[table] = load_table(directory, rules, table)
        started = time.perf_counter()
        values = solve_group(group, rules, solved, progress)
        seconds = time.perf_counter() - started
        for table in group:
            save_table(paths[table], values[table], rules, table)
            solved[table] = values[table]
            yield paths[table], seconds, True
