"""The same seed gives the same games as the `cardrules` command line: a tournament's records
from Python equal, byte for byte once parsed, the ones `cardrules tournament --record` writes.

The command line is found at $CARDRULES_CLI, or built at target/release/cardrules; CI sets
the variable, and without either the test is skipped (outside CI only)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
from pathlib import Path

import pytest

import cardrules

ROOT = Path(__file__).resolve().parents[2]


def cli() -> Path:
    path = Path(os.environ.get("CARDRULES_CLI", ROOT / "target" / "release" / "cardrules"))
    if not path.is_file():
        if os.environ.get("CI"):
            pytest.fail(f"the command line is not at {path}")
        pytest.skip(f"the command line is not built ({path})")
    return path


def digest(record: dict) -> str:
    return hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()


@pytest.mark.parametrize(("name", "variant", "bots"), [
    ("jass", "schieber-deal", "rules,random"),
    ("letom", "deal", "random,rules"),
    ("elewenjewe", None, "rules,random"),
    ("zaagox", None, "random,rules"),
])
def test_tournament_records_equal_the_command_line_s(tmp_path: Path, name: str,
                                                    variant: str | None, bots: str) -> None:
    args = [str(cli()), "tournament", name, "--bots", bots, "--deals", "2", "--seed", "77",
            "--record", str(tmp_path), "--threads", "1", "--json"]
    if variant:
        args += ["--variant", variant]
    report = json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)
    ours = cardrules.tournament(cardrules.new_game(name, variant=variant), bots.split(","),
                                deals=2, seed=77, records=True)
    theirs = sorted(digest(json.loads(p.read_text())) for p in tmp_path.glob("*.json"))
    assert len(theirs) == len(ours["games"]) > 0
    assert sorted(digest(json.loads(g)) for g in ours["games"]) == theirs
    assert ours["standings"] == report["standings"]
