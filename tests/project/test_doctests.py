"""Run the examples in the docstrings of every module of the package."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import muehle.analyzer
import muehle.notation


def _modules() -> list[str]:
    names = []
    for package in (muehle.notation, muehle.analyzer):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", _modules())
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
