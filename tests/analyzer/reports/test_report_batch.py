"""Reports travel from ``--jobs`` workers as a :class:`ReportBatch`: the same reports arrive."""

from __future__ import annotations

import pickle

from muehle.analyzer.reports.verdict import GameReport, ReportBatch, judge
from muehle.notation import read

#: A game with a capture, an illegal ply (a stone placed on an occupied point: the report has
#: errors and the position to restore), and a game of one ply.
TEXT = """[Event "valid"]
1. a1 d2 2. a4 d3 3. a7/xd2 *

[Event "illegal"]
1. a1 a1 *

[Event "unfinished"]
1. a1 *
"""


def reports() -> list[GameReport]:
    return [judge(game, index, "wmd", "t.txt") for index, game in enumerate(read("t.txt", text=TEXT), 1)]


def test_the_reports_arrive_as_they_were_sent() -> None:
    sent = reports()
    assert [report.valid for report in sent] == [True, False, True]
    assert sent[1].errors and sent[1].restore is not None  # (travels as itself)
    arrived = pickle.loads(pickle.dumps(ReportBatch(sent)))
    assert type(arrived) is ReportBatch and all(type(report) is GameReport for report in arrived)
    assert arrived == sent
    assert [report.to_dict() for report in arrived] == [report.to_dict() for report in sent]
    assert [report.line for report in arrived] == [1, 4, 7]


def test_plain_reports_travel_as_tuples() -> None:
    # (plain tuples pickle without a call per report: the reason for the batch); a report
    # with errors travels as itself
    sent = reports()
    rebuild, (packed,) = ReportBatch(sent).__reduce__()
    assert [type(item) for item in packed] == [tuple, GameReport, tuple]
    assert rebuild(packed) == sent
