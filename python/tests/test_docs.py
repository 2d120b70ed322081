"""Every module's examples run as written (its docstring's ``>>>`` lines, with their output)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "cardrules",
    "cardrules.vector",
    "cardrules.distributed",
    "cardrules.gymnasium",
    "cardrules.pettingzoo",
    "cardrules.openspiel",
    "cardrules.rllib",
]
# The frameworks an adapter needs; RLlib is an optional extra (`[rllib]`).
NEEDS = {"cardrules.rllib": "ray.rllib"}


@pytest.mark.parametrize("name", MODULES)
def test_the_module_s_examples_run(name: str) -> None:
    if name in NEEDS:
        pytest.importorskip(NEEDS[name], reason=f"{name} needs {NEEDS[name]}")
    module = importlib.import_module(name)
    results = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert results.attempted > 0, f"{name} has no examples"
    assert results.failed == 0, f"{name}: {results.failed} of {results.attempted} failed"
