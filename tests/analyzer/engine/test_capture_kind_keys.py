"""A capture kind's YAML keys (``KIND_KEYS``, which the ruleset reader checks and writes) are the
fields of :class:`CaptureKind`, each of which must be true or false."""

from __future__ import annotations

from dataclasses import fields

import pytest

from muehle.analyzer.engine.capture_kinds import KIND_KEYS, CaptureKind


def test_the_keys_are_the_fields_of_a_kind_in_order() -> None:
    assert KIND_KEYS == tuple(field.name for field in fields(CaptureKind))


@pytest.mark.parametrize("key", KIND_KEYS)
def test_every_key_must_be_true_or_false(key: str) -> None:
    with pytest.raises(ValueError, match=f"{key}: must be true or false, not 1"):
        CaptureKind(**{key: 1})  # type: ignore[arg-type]
