"""The OpenSpiel adapter: every registered game, the observer, the resampler, and OpenSpiel's
own ISMCTS, MCTS and random simulation test on our games."""

from __future__ import annotations

import numpy as np
import pytest

import cardrules

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

from cardrules.openspiel import SHORT_NAMES, CardrulesState, short_name  # noqa: E402

LINES = [(g["name"], g["variant"]) for g in cardrules.games()]
IDS = [g["record"] for g in cardrules.games()]


def test_every_catalogue_line_is_registered() -> None:
    registered = {t.short_name for t in pyspiel.registered_games()}
    assert set(SHORT_NAMES) == {short_name(n, v) for n, v in LINES}
    assert set(SHORT_NAMES) <= registered
    assert "python_cardrules_jass_schieber_deal" in SHORT_NAMES
    assert SHORT_NAMES["python_cardrules_letom_match"] == ("letom", "match")


@pytest.mark.parametrize(("name", "variant"), LINES, ids=IDS)
def test_a_random_game_matches_the_native_one(name: str, variant: str | None) -> None:
    game = pyspiel.load_game(short_name(name, variant), {"seed": 1000})
    native_game = cardrules.new_game(name, variant=variant)
    gtype = game.get_type()
    assert gtype.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert gtype.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_distinct_actions() == native_game.num_distinct_actions()
    assert game.num_players() == native_game.num_players()
    assert game.observation_tensor_size() == native_game.observation_tensor_size()
    assert game.information_state_tensor_size() == native_game.information_state_tensor_size()
    state = game.new_initial_state(seed=5)
    native = native_game.new_initial_state(seed=5)
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        player = state.current_player()
        assert player == native.current_player()
        assert state.legal_actions() == native.legal_actions()
        assert state.information_state_string(player) == native.information_state_string(player)
        assert state.observation_string(player) == native.observation_string(player)
        np.testing.assert_array_equal(state.observation_tensor(player), native.observation_tensor(player))
        action = int(rng.choice(state.legal_actions()))
        assert state.action_to_string(player, action) == native.action_to_string(player, action)
        state.apply_action(action)
        native.apply_action(action)
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == pytest.approx(native.returns())
    assert sum(state.returns()) == pytest.approx(0.0, abs=1e-9)
    np.testing.assert_array_equal(state.information_state_tensor(0), native.information_state_tensor(0))


def test_new_initial_state_deals_from_the_seed_parameter() -> None:
    game = pyspiel.load_game("python_cardrules_letom_deal", {"seed": 77, "players": 3})
    assert game.num_players() == 3
    native = cardrules.new_game("letom", variant="deal", players=3)
    first, second = game.new_initial_state(), game.new_initial_state()
    assert str(first) == str(native.new_initial_state(seed=77))
    assert first.information_state_string(0) == native.new_initial_state(seed=77).information_state_string(0)
    assert second.information_state_string(0) == native.new_initial_state(seed=78).information_state_string(0)
    assert first.information_state_string(0) != second.information_state_string(0)


def test_observer_parts() -> None:
    game = pyspiel.load_game("python_cardrules_jass_schieber_deal")
    native = cardrules.new_game("jass", variant="schieber-deal")
    state = game.new_initial_state(seed=3)
    seat = state.current_player()
    public_len, private_len = native.information_state_tensor_parts()
    full = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    full.set_from(state, seat)
    np.testing.assert_array_equal(full.tensor, state.native.information_state_tensor(seat))
    assert full.string_from(state, seat) == state.native.information_state_string(seat)
    public = make_observation(
        game,
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE),
    )
    public.set_from(state, seat)
    obs_public_len, _ = native.observation_tensor_parts()
    np.testing.assert_array_equal(public.tensor, state.native.observation_tensor(seat)[:obs_public_len])
    private = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=True, public_info=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER
        ),
    )
    private.set_from(state, seat)
    assert private.tensor.shape == (private_len,)
    np.testing.assert_array_equal(private.tensor, state.native.information_state_tensor(seat)[public_len:])
    assert public_len + private_len == game.information_state_tensor_size()


@pytest.mark.parametrize(("name", "variant"), LINES, ids=IDS)
def test_resample_keeps_the_information_state(name: str, variant: str | None) -> None:
    game = pyspiel.load_game(short_name(name, variant))
    state = game.new_initial_state(seed=8)
    rng = np.random.default_rng(1)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(60):  # early positions, Eléwénjewé captures under way among them
        if state.is_terminal():
            break
        player = state.current_player()
        world = state.resample_from_infostate(player, sampler)
        assert isinstance(world, CardrulesState)
        assert world.current_player() == player
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
        state.apply_action(int(rng.choice(state.legal_actions())))


def test_resample_mid_capture_keeps_the_steps() -> None:
    game = pyspiel.load_game("python_cardrules_elewenjewe")
    rng = np.random.default_rng(2)
    for seed in range(20):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal() and not state.native.steps_taken():
            state.apply_action(int(rng.choice(state.legal_actions())))
        if state.native.steps_taken():
            break
    else:
        pytest.fail("no capture under way in 20 deals")
    player = state.current_player()
    world = state.resample_from_infostate(player, 12345)
    assert list(world.native.steps_taken()) == list(state.native.steps_taken())
    assert world.information_state_string(player) == state.information_state_string(player)


@pytest.mark.parametrize(
    "short", ["python_cardrules_jass_schieber_deal", "python_cardrules_elewenjewe", "python_cardrules_letom_deal"]
)
def test_ismcts_plays_whole_games(short: str) -> None:
    game = pyspiel.load_game(short)
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, max_simulations=10, random_state=rs)
    state = game.new_initial_state(seed=1)
    searched = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)  # asserts every sampled world has the root's key
            searched += 1
        else:
            action = int(rs.choice(state.legal_actions()))
        assert action in state.legal_actions()
        state.apply_action(action)
    assert searched > 0
    assert sum(state.returns()) == pytest.approx(0.0)


def test_mcts_plays_a_schieber_deal() -> None:
    game = pyspiel.load_game("python_cardrules_jass_schieber_deal")
    rs = np.random.RandomState(1)
    bot = mcts.MCTSBot(game, 2.0, 10, mcts.RandomRolloutEvaluator(1, rs), random_state=rs)
    state = game.new_initial_state(seed=2)
    moves = 0
    while not state.is_terminal():
        state.apply_action(bot.step(state))
        moves += 1
    assert moves == len(state.history()) and moves >= 36
    assert sum(state.returns()) == pytest.approx(0.0)


@pytest.mark.parametrize("short", ["python_cardrules_letom_deal", "python_cardrules_jass_schieber_deal"])
def test_random_sim_test(short: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(short), num_sims=3, serialize=False, verbose=False)
