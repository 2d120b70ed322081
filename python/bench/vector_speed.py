"""Decisions per second of batched self-play, cardrules' VecEnv beside OpenSpiel and PettingZoo, in one run.

Every loop plays whole games with an observation tensor and a legal mask written for every
decision and a uniformly random legal action chosen:

- cardrules ``VecEnv``: N tables stepped in Rust, on 1 thread and on 2; the figure counts the
  ``step`` calls alone, and the column beside it the whole loop with numpy choosing the
  actions (what a learner's collection loop costs without a policy);
- OpenSpiel's hearts and euchre (when ``pyspiel`` is installed): a Python loop over one state,
  ``information_state_tensor()`` and ``legal_actions_mask()`` then ``apply_action`` (OpenSpiel's
  vector environment steps its games one by one in the same way);
- PettingZoo's AEC loop over cardrules' own PettingZoo environment (``env.last()``, the action
  mask, ``env.step``), one game at a time.

Also the memory a table takes (resident set growth over 4,096 tables, numpy rows included).

    python python/bench/vector_speed.py [--seconds 2] [--quick]

Prints Markdown tables (docs/performance.md keeps them, with the command and the machine).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import subprocess
import sys
import time
from collections.abc import Callable

import numpy as np

import cardrules

GAMES = [("jass", "schieber-deal", "Schieber deal"), ("letom", "deal", "Letom deal"),
         ("elewenjewe", None, "Eléwénjewé")]
SIZES = [1, 64, 1024, 4096]


def choose(mask: np.ndarray, rng: np.random.Generator, weights: np.ndarray) -> np.ndarray:
    """A uniformly random legal action of each row (0 for a row with none), drawn in place in
    `weights` (a new array of the mask's size each step would cost more than the step)."""
    rng.random(out=weights, dtype=np.float32)
    weights += 1  # a legal action never weighs 0: float32 draws hit 0.0 one time in 2^24
    weights *= mask
    return weights.argmax(axis=1)


def ours(name: str, variant: str | None, n: int, threads: int, seconds: float) -> tuple[float, float]:
    """(decisions/s counting `step` alone, decisions/s of the whole loop)."""
    env = cardrules.VecEnv(name, variant=variant, num_envs=n, seed=1, threads=threads)
    env.reset()
    rng = np.random.default_rng(0)
    weights = np.empty(env.legal_action_mask.shape, np.float32)
    stepping = 0.0
    decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(max(1, 2048 // n)):
            actions = choose(env.legal_action_mask, rng, weights)
            t = time.perf_counter()
            env.step(actions)
            stepping += time.perf_counter() - t
            # A table whose episode ended waits a step: it made no decision.
            decisions += n - int(np.count_nonzero(env.current_player == cardrules.TERMINAL))
    total = time.perf_counter() - start
    return decisions / stepping, decisions / total


def openspiel(name: str, seconds: float) -> float:
    import pyspiel

    game = pyspiel.load_game(name)
    rng = random.Random(0)
    decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
                continue
            state.information_state_tensor()
            mask = state.legal_actions_mask()
            state.apply_action(rng.choice([a for a, m in enumerate(mask) if m]))
            decisions += 1
    return decisions / (time.perf_counter() - start)


def aec_loop(name: str, variant: str | None, seconds: float) -> float:
    from cardrules.pettingzoo import env as aec_env

    env = aec_env(name, variant=variant)
    rng = np.random.default_rng(0)
    decisions, deal = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=deal)
        deal += 1
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            mask = obs["action_mask"]
            env.step(int(rng.choice(np.flatnonzero(mask))))
            decisions += 1
    return decisions / (time.perf_counter() - start)


def per_table(name: str, variant: str | None, n: int = 4096) -> tuple[float, int]:
    """(kB a table takes besides its numpy rows, bytes of its numpy rows), measured in a fresh
    interpreter: its resident memory before the tables and after 20 steps of them."""
    script = f"""
import os, numpy as np, cardrules
def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
before = rss()
env = cardrules.VecEnv({name!r}, variant={variant!r}, num_envs={n}, seed=1)
env.reset()
for _ in range(20):
    # The first legal action: no temporary array of the mask's size to count.
    env.step(env.legal_action_mask.argmax(axis=1))
rows = sum(getattr(env, a).nbytes for a in ("observation", "legal_action_mask", "current_player",
                                            "rewards", "terminated", "truncated", "episode"))
print(rss() - before - rows, rows)
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    grown, rows = (int(x) for x in out.stdout.split())
    return grown / n / 1024, rows // n


def fmt(x: float) -> str:
    return f"{x / 1e6:.2f} M" if x >= 1e6 else f"{x / 1e3:.0f} k"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per figure")
    parser.add_argument("--quick", action="store_true", help="N = 1 and 1,024 only, 0.3 s each")
    args = parser.parse_args()
    seconds = 0.3 if args.quick else args.seconds
    sizes = [1, 1024] if args.quick else SIZES
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, numpy {np.__version__}, cardrules {cardrules.__version__}, "
          f"{seconds:g} s a figure\n")
    print("Decisions per second with an observation tensor and a legal mask (step alone / the "
          "whole loop with numpy choosing):\n")
    print("| game | N | 1 thread | 2 threads | 2 threads ÷ 1 |")
    print("|---|---:|---:|---:|---:|")
    best: dict[str, float] = {}
    for name, variant, label in GAMES:
        for n in sizes:
            one = ours(name, variant, n, 1, seconds)
            two = ours(name, variant, n, 2, seconds)
            if n == 1024:
                best[label] = one[0]
            print(f"| {label} | {n:,} | {fmt(one[0])} / {fmt(one[1])} | {fmt(two[0])} / {fmt(two[1])} "
                  f"| {two[0] / one[0]:.2f}× |")

    print("\nOne game at a time in Python (decisions per second):\n")
    print("| loop | decisions/s | VecEnv (N = 1,024, 1 thread, step alone) ÷ this |")
    print("|---|---:|---:|")
    rows: list[tuple[str, float]] = []
    try:
        import pyspiel  # noqa: F401

        rows += [(f"OpenSpiel {g}, information-state tensor and mask", openspiel(g, seconds))
                 for g in ("hearts", "euchre")]
    except ImportError:
        print("(pyspiel is not installed: OpenSpiel is left out)")
    try:
        import pettingzoo  # noqa: F401

        rows += [(f"PettingZoo AEC, cardrules {label}", aec_loop(name, variant, seconds))
                 for name, variant, label in GAMES[:1]]
    except ImportError:
        print("(pettingzoo is not installed: its loop is left out)")
    for loop, rate in rows:
        print(f"| {loop} | {fmt(rate)} | {best['Schieber deal'] / rate:,.0f}× |")

    print("\nMemory a table takes (4,096 tables after 20 steps, a fresh interpreter each):\n")
    print("| game | Rust side, kB a table | numpy rows, bytes a table |")
    print("|---|---:|---:|")
    for name, variant, label in GAMES:
        kb, row = per_table(name, variant)
        print(f"| {label} | {kb:.1f} | {row:,} |")


if __name__ == "__main__":
    main()
