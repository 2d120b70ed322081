"""The package's type hints hold (it ships ``py.typed``): mypy's strict mode passes over its
Python code, and the native module's stub (``_cardrules.pyi``) says what the module has:
every name, class and signature (mypy's stubtest, which imports the module and compares).

Both read this checkout's files (``python/``), so a stub edited after the package was
installed is checked against the module as built."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mypy", reason="mypy is in the package's test extra")

PYTHON_DIR = Path(__file__).resolve().parents[1]


def run(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [sys.executable, "-m", *args], cwd=cwd, env=env, capture_output=True, text=True,
        timeout=600,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    return output


def test_the_package_passes_mypy_strict(tmp_path: Path) -> None:
    # The settings are pyproject.toml's [tool.mypy]: strict, over cardrules/.
    output = run(["mypy", "--cache-dir", str(tmp_path / "cache")], cwd=PYTHON_DIR)
    assert "Success" in output


def test_the_stub_matches_the_native_module(tmp_path: Path) -> None:
    # MYPYPATH puts this checkout's stub ahead of the installed copy; the module stubtest
    # imports is the installed one (tmp_path as the working directory keeps python/ off
    # sys.path). PEP 800's @disjoint_base is left out: type checkers older than it would
    # not know the decorator.
    env = {**os.environ, "MYPYPATH": str(PYTHON_DIR)}
    output = run(
        ["mypy.stubtest", "--ignore-disjoint-bases", "cardrules._cardrules"], cwd=tmp_path, env=env
    )
    assert "Success" in output
