"""python/examples/learn.py's quick mode runs end to end, and what it trains beats what it started
from on held-out deals (the run is seeded, so this is one fixed outcome, not a draw)."""

from __future__ import annotations

import csv
import json
import math
import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "learn.py"


def test_quick_training_learns_and_writes_its_outputs(tmp_path: Path) -> None:
    # A fresh interpreter, as a user runs it: the example sets numpy's thread count on import,
    # which this process (numpy already loaded) could not.
    subprocess.run([sys.executable, str(EXAMPLE), "--quick", "--out", str(tmp_path)],
                   check=True, timeout=300)
    result = json.loads((tmp_path / "learning-results.json").read_text())
    assert all(math.isfinite(v) for v in result["final_losses"].values())
    with (tmp_path / "learning-curve.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == result["settings"]["iterations"]
    assert int(rows[-1]["decisions"]) > int(rows[0]["decisions"]) > 0
    # Learning: the trained network's gain over the untrained one, paired on the same held-out
    # deals, has its whole 95 % interval above zero.
    gain, half = result["table"]["trained network (sampling) vs rules"]["paired_vs_untrained"]
    assert gain - half > 0
