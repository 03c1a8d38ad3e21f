"""The Result tag, read once (``Game.result_tag``) by the declared result, the conflict with the
movetext and the check of the tag's value alike: blanks around the value change none of them."""

from __future__ import annotations

import pytest

from muehle.analyzer.reports.result_tag import result_tag_errors
from muehle.notation.record.model import Game


@pytest.mark.parametrize("tag", ["0-1", " 0-1 ", "\t0-1"])
def test_the_tag_is_read_alike_with_or_without_blanks(tag: str) -> None:
    assert Game(tags={"Result": tag}).result_tag == "0-1"
    assert Game(tags={"Result": tag}, result="*").declared_result == "0-1"  # (Sanmill's exports end with *)
    assert Game(tags={"Result": tag}, result="0-1").result_conflict is None
    assert Game(tags={"Result": tag}, result="1-0").result_conflict == ("1-0", tag)
    (error,) = result_tag_errors(Game(tags={"Result": tag}, result="1-0"))
    assert error.code == "result-tag"
    assert error.message.startswith("the movetext ends with 1-0, but its Result tag says ")


@pytest.mark.parametrize("tag", ["*", " ? ", ""])
def test_a_tag_that_declares_no_result_contradicts_nothing(tag: str) -> None:
    assert result_tag_errors(Game(tags={"Result": tag}, result="1-0")) == []
    assert Game(tags={"Result": tag}, result="1-0").result_conflict is None


def test_a_tag_that_is_no_result_is_an_error_at_the_tag() -> None:
    (error,) = result_tag_errors(Game(tags={"Result": " win "}))
    assert error.message.startswith("the Result tag's value ") and "is not a result" in error.message
    assert Game().result_tag is None and result_tag_errors(Game()) == []
