"""Nothing hidden reaches a seat's tensors: a world dealt anew for what the seat cannot see
(`resample_from_infostate`: other hands, the stock) gives it the same tensors and strings."""

from __future__ import annotations

import numpy as np

import cardrules
from conftest import some_positions


def test_resampling_the_unseen_cards_changes_no_tensor(game: cardrules.Game) -> None:
    changed = 0
    for k, state in enumerate(some_positions(game, seed=21, every=5)):
        for seat in range(game.num_players()):
            obs = state.observation_tensor(seat)
            info = state.information_state_tensor(seat)
            key = state.information_state_string(seat)
            for seed in range(2):
                world = state.resample_from_infostate(seat, seed + 100 * k)
                changed += world.state_dict() != state.state_dict()
                assert np.array_equal(world.observation_tensor(seat), obs)
                assert np.array_equal(world.information_state_tensor(seat), info)
                assert world.information_state_string(seat) == key
                assert world.observation_string(seat) == state.observation_string(seat)
    # The worlds did differ from the truth: the test exchanged hidden cards.
    assert changed > 0


def test_a_seat_s_tensors_do_not_change_when_another_seat_acts_unseen() -> None:
    # In a Schieber deal the seat to act's hand is hidden from the others: its tensors and
    # those of its partner differ (private part), while the public parts agree in size.
    game = cardrules.new_game("schieber-deal")
    state = game.new_initial_state(seed=4)
    public, _ = game.observation_tensor_parts()
    a, b = state.observation_tensor(0), state.observation_tensor(1)
    assert not np.array_equal(a[public:], b[public:])
