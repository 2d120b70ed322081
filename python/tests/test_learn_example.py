"""python/examples/learn.py's quick mode runs end to end, and what it trains beats what it started
from on held-out deals (the run is seeded, so this is one fixed outcome, not a draw)."""

from __future__ import annotations

import csv
import importlib.util
import math
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "learn.py"


def load_example():
    """The example as a module (it is a script, not part of the package)."""
    spec = importlib.util.spec_from_file_location("learn_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # dataclasses looks the defining module up in sys.modules.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_quick_training_learns_and_writes_its_outputs(tmp_path: Path) -> None:
    result = load_example().main(["--quick", "--out", str(tmp_path)])
    assert all(math.isfinite(v) for v in result["final_losses"].values())
    with (tmp_path / "learning-curve.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == result["settings"]["iterations"]
    assert int(rows[-1]["decisions"]) > int(rows[0]["decisions"]) > 0
    table = result["table"]
    # Learning: the trained network's gain over the untrained one, paired on the same held-out
    # deals, has its whole 95 % interval above zero.
    gain, half = table["trained network (sampling) vs rules"]["paired_vs_untrained"]
    assert gain - half > 0
