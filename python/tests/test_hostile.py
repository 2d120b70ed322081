"""Bad input is normal input: random text, numbers and JSON thrown at every entry point raise
the package's exceptions (or Python's own TypeError / OverflowError), never crash, and leave a
state as it was."""

from __future__ import annotations

import json
import random
import string

import pytest

import cardrules

EXPECTED = (cardrules.CardrulesError, TypeError, OverflowError)


def garbage_text(rng: random.Random) -> str:
    alphabet = string.printable + "♠♥♦♣éÄ\u0000\u202e"
    return "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 40)))


def garbage_json(rng: random.Random, depth: int = 0) -> object:
    kind = rng.randrange(7 if depth < 3 else 5)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice([0, -1, 2**63, 2**64 + 5, 1.5, float("inf"), 10**30])
    if kind == 3:
        return garbage_text(rng)
    if kind == 4:
        return rng.choice(["9S", "A1", "JK", "trump:H", "play", "seat", ""])
    if kind == 5:
        return [garbage_json(rng, depth + 1) for _ in range(rng.randrange(4))]
    keys = ["hands", "stock", "table", "target", "seed", "players", "rules", "deal",
            garbage_text(rng)]
    return {rng.choice(keys): garbage_json(rng, depth + 1) for _ in range(rng.randrange(4))}


def test_hostile_input_raises_cleanly(game: cardrules.Game) -> None:
    rng = random.Random(hash(game.record_name) % 1000)
    state = game.new_initial_state(seed=3)
    before = (state.state_dict(), state.record())
    for _ in range(150):
        with pytest.raises(EXPECTED):
            state.string_to_action(garbage_text(rng) + "\u0000")
        with pytest.raises(EXPECTED):
            state.apply_action(rng.choice([-1, 2**64, game.num_distinct_actions() + rng.randrange(9)]))
        with pytest.raises(EXPECTED):
            game.state_from_record(json.dumps(garbage_json(rng)))
        try:
            game.new_initial_state(setup=garbage_json(rng))
        except EXPECTED:
            pass
        try:
            cardrules.new_game(game.name, variant=game.variant, rules=garbage_json(rng))
        except EXPECTED:
            pass
    assert (state.state_dict(), state.record()) == before


def test_a_record_with_every_field_wrong_is_refused() -> None:
    state = cardrules.new_game("jass").new_initial_state(seed=1)
    record = json.loads(state.record())
    rng = random.Random(5)
    for key in list(record):
        for _ in range(20):
            broken = dict(record, **{key: garbage_json(rng)})
            try:
                cardrules.from_record(json.dumps(broken))
            except cardrules.InvalidRecord:
                pass
