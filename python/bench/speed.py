"""Decisions per second of a Python loop, cardrules beside OpenSpiel, in one run.

Each loop plays whole games one decision at a time, as a learning agent's data collection does:
read the seat's information-state tensor and the legal mask, choose a uniformly random legal
action with Python's `random`, apply it. The same loop runs on our game types and on
OpenSpiel's hearts and euchre (when `pyspiel` is installed), so the ratios hold on a noisy
machine; then the same loop without the tensor and mask, and the cost of each call alone.

    python python/bench/speed.py [--seconds 3]

Prints a Markdown table (docs/performance.md keeps one, with the command and the machine).
"""

from __future__ import annotations

import argparse
import platform
import random
import time
import timeit
from collections.abc import Callable
from typing import Any

import numpy as np

import cardrules

OURS = [("jass", "schieber"), ("jass", "schieber-deal"), ("letom", "deal"), ("zaagox", None),
        ("elewenjewe", None)]
THEIRS = ["hearts", "euchre"]


def ours_loop(name: str, variant: str | None, tensors: bool, out: bool) -> Callable[[float], float]:
    game = cardrules.new_game(name, variant=variant)
    info = np.zeros(game.information_state_tensor_size(), np.float32) if out else None
    mask = np.zeros(game.num_distinct_actions(), np.int8) if out else None

    def run(seconds: float) -> float:
        rng = random.Random(0)
        decisions, deal = 0, 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = game.new_initial_state(seed=deal)
            deal += 1
            while not state.is_terminal():
                if tensors:
                    state.information_state_tensor(out=info)
                    state.legal_actions_mask(out=mask)
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        return decisions / (time.perf_counter() - start)

    return run


def theirs_loop(name: str, tensors: bool) -> Callable[[float], float]:
    import pyspiel

    game = pyspiel.load_game(name)

    def run(seconds: float) -> float:
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
                if tensors:
                    state.information_state_tensor()
                    state.legal_actions_mask()
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        return decisions / (time.perf_counter() - start)

    return run


def per_call(calls: dict[str, Callable[[], Any]]) -> dict[str, float | None]:
    """Microseconds a call; None for a call the game does not have."""
    out: dict[str, float | None] = {}
    for name, f in calls.items():
        try:
            out[name] = min(timeit.repeat(f, number=2000, repeat=5)) / 2000 * 1e6
        except Exception:  # OpenSpiel raises its own SpielError for what a game lacks
            out[name] = None
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per measurement")
    args = parser.parse_args()
    try:
        import pyspiel  # noqa: F401
        theirs = THEIRS
    except ImportError:
        theirs = []
        print("(pyspiel is not installed: OpenSpiel's games are left out)\n")

    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}, "
          f"cardrules {cardrules.__version__}, {args.seconds:g} s a figure\n")
    print("| game | with tensor and mask | ... into `out=` arrays | without |")
    print("|---|---:|---:|---:|")
    for name, variant in OURS:
        label = f"cardrules {name}" + (f" ({variant})" if variant else "")
        figures = [ours_loop(name, variant, True, False)(args.seconds),
                   ours_loop(name, variant, True, True)(args.seconds),
                   ours_loop(name, variant, False, False)(args.seconds)]
        print(f"| {label} | " + " | ".join(f"{f:,.0f}" for f in figures) + " |")
    for name in theirs:
        figures = [theirs_loop(name, True)(args.seconds), theirs_loop(name, False)(args.seconds)]
        print(f"| OpenSpiel {name} | {figures[0]:,.0f} | n/a | {figures[1]:,.0f} |")

    print("\nMicroseconds a call (the best of five runs of 2,000 calls, mid-game):\n")
    game = cardrules.new_game("jass", variant="schieber")
    state = game.new_initial_state(seed=1)
    for _ in range(9):
        state.apply_action(state.legal_actions()[0])
    info = np.zeros(game.information_state_tensor_size(), np.float32)
    obs = np.zeros(game.observation_tensor_size(), np.float32)
    mask = np.zeros(game.num_distinct_actions(), np.int8)
    ours = per_call({
        "current_player()": state.current_player,
        "legal_actions()": state.legal_actions,
        "legal_actions_mask()": state.legal_actions_mask,
        "legal_actions_mask(out=)": lambda: state.legal_actions_mask(out=mask),
        "observation_tensor()": state.observation_tensor,
        "observation_tensor(out=)": lambda: state.observation_tensor(out=obs),
        "information_state_tensor()": state.information_state_tensor,
        "information_state_tensor(out=)": lambda: state.information_state_tensor(out=info),
        "clone()": state.clone,
        "apply_action() on a clone": lambda: state.clone().apply_action(state.legal_actions()[0]),
    })
    rows = {name: [f"{t:.2f}", "n/a"] for name, t in ours.items()}
    if theirs:
        import pyspiel

        hearts = pyspiel.load_game("hearts").new_initial_state()
        rng = random.Random(0)
        while hearts.is_chance_node() or hearts.move_number() < 60:
            if hearts.is_chance_node():
                actions, probs = zip(*hearts.chance_outcomes())
                hearts.apply_action(rng.choices(actions, probs)[0])
            else:
                hearts.apply_action(hearts.legal_actions()[0])
        for name, t in per_call({
            "current_player()": hearts.current_player,
            "legal_actions()": hearts.legal_actions,
            "legal_actions_mask()": hearts.legal_actions_mask,
            "observation_tensor()": hearts.observation_tensor,
            "information_state_tensor()": hearts.information_state_tensor,
            "clone()": hearts.clone,
        }).items():
            rows[name][1] = "unimplemented" if t is None else f"{t:.2f}"
    print("| call | cardrules (Schieber) | OpenSpiel (hearts) |")
    print("|---|---:|---:|")
    for name, (a, b) in rows.items():
        print(f"| `{name}` | {a} | {b} |")


if __name__ == "__main__":
    main()
