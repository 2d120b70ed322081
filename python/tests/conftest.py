"""Shared helpers: every catalogue line as a game, and random play."""

from __future__ import annotations

import random

import pytest

import cardrules

LINES = [(g["name"], g["variant"]) for g in cardrules.games()]
IDS = [f"{name}-{variant}" if variant else name for name, variant in LINES]


@pytest.fixture(params=LINES, ids=IDS)
def game(request: pytest.FixtureRequest) -> cardrules.Game:
    """Every game type of the catalogue, at its default players and rules."""
    name, variant = request.param
    return cardrules.new_game(name, variant=variant)


def play_randomly(state: cardrules.State, seed: int, limit: int = 100_000) -> int:
    """Plays random legal actions to the end; the number of actions."""
    rng = random.Random(seed)
    n = 0
    while not state.is_terminal() and n < limit:
        state.apply_action(rng.choice(state.legal_actions()))
        n += 1
    return n


def some_positions(game: cardrules.Game, seed: int, every: int = 7) -> list[cardrules.State]:
    """Copies of one random game every `every` actions (a few dozen positions at most)."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    out = []
    n = 0
    while not state.is_terminal() and len(out) < 40:
        if n % every == 0:
            out.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
        n += 1
    return out
