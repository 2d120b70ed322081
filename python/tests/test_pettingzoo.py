"""The PettingZoo adapter: PettingZoo's API and seed tests on every game type, and ours."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import cardrules

pettingzoo = pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

from cardrules.pettingzoo import CardEnv, env  # noqa: E402

LINES = [(g["name"], g["variant"]) for g in cardrules.games()]
IDS = [g["record"] for g in cardrules.games()]


def play(e, seed: int, rng_seed: int = 0) -> tuple[dict[str, float], list[np.ndarray]]:
    """Plays a whole game with random legal actions; the rewards summed per agent and the
    observations seen."""
    rng = np.random.default_rng(rng_seed)
    e.reset(seed=seed)
    total = {a: 0.0 for a in e.possible_agents}
    seen = []
    for agent in e.agent_iter():
        obs, reward, termination, truncation, _ = e.last()
        total[agent] += reward
        seen.append(obs["observation"])
        if termination or truncation:
            e.step(None)
        else:
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return total, seen


@pytest.mark.parametrize(("name", "variant"), LINES, ids=IDS)
def test_pettingzoo_api_and_seed_tests(name: str, variant: str | None) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo warns about Dict observations, as for its classic games
        api_test(env(name, variant=variant, render_mode="ansi"), num_cycles=1000)
        seed_test(lambda: env(name, variant=variant), num_cycles=1000)


@pytest.mark.parametrize(("name", "variant"), LINES, ids=IDS)
def test_rewards_add_up_to_the_returns_and_to_zero(name: str, variant: str | None) -> None:
    e = env(name, variant=variant)
    total, _ = play(e, seed=7)
    assert sum(total.values()) == pytest.approx(0.0, abs=1e-9)
    assert any(total.values()), "a whole game pays someone"
    assert not e.agents, "every agent is removed once the game is over"
    assert e.unwrapped.state.is_terminal()
    assert [total[a] for a in e.possible_agents] == pytest.approx(e.unwrapped.state.returns())


@pytest.mark.parametrize(("name", "variant"), LINES, ids=IDS)
def test_seeds_pass_through(name: str, variant: str | None) -> None:
    e = env(name, variant=variant)
    e.reset(seed=123)
    game = cardrules.new_game(name, variant=variant)
    native = game.new_initial_state(seed=123)
    for i, agent in enumerate(e.possible_agents):
        obs = e.observe(agent)
        np.testing.assert_array_equal(obs["observation"], native.observation_tensor(i))
        np.testing.assert_array_equal(obs["action_mask"], native.legal_actions_mask(i))
        assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
    assert e.agent_selection == f"player_{native.current_player()}"
    _, first = play(env(name, variant=variant), seed=5)
    _, again = play(env(name, variant=variant), seed=5)
    _, other = play(env(name, variant=variant), seed=6)
    assert len(first) == len(again) and all(np.array_equal(a, b) for a, b in zip(first, again))
    assert len(first) != len(other) or not all(np.array_equal(a, b) for a, b in zip(first, other))


def test_reset_without_seed_follows_the_last_seed() -> None:
    a, b = CardEnv("letom", variant="deal"), CardEnv("letom", variant="deal")
    a.reset(seed=3)
    b.reset(seed=3)
    a.reset()
    b.reset()
    assert a.deal_seed == b.deal_seed
    assert a.state.record() == b.state.record()


def test_illegal_action_raises_and_leaves_the_game_unchanged() -> None:
    e = env("jass", variant="schieber-deal")
    e.reset(seed=1)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = e.unwrapped.state.record()
    before_obs = e.observe(agent)["observation"]
    with pytest.raises(cardrules.IllegalAction):
        e.step(illegal)
    assert e.unwrapped.state.record() == before
    assert e.agent_selection == agent
    np.testing.assert_array_equal(e.observe(agent)["observation"], before_obs)
    e.step(int(np.flatnonzero(mask)[0]))  # still playable


def test_illegal_reward_ends_the_game_instead() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e = env("jass", variant="schieber-deal", illegal_reward=-1.0)
        e.reset(seed=1)
        agent = e.agent_selection
        illegal = int(np.flatnonzero(e.observe(agent)["action_mask"] == 0)[0])
        e.step(illegal)
        assert all(e.terminations.values())
        assert e.rewards[agent] == -1.0


def test_spaces_render_and_information_state() -> None:
    e = CardEnv("elewenjewe", players=3, render_mode="ansi", observation="information_state")
    game = cardrules.new_game("elewenjewe", players=3)
    assert e.possible_agents == ["player_0", "player_1", "player_2"]
    space = e.observation_space("player_1")
    assert space["observation"].shape == (game.information_state_tensor_size(),)
    assert space["action_mask"].shape == (game.num_distinct_actions(),)
    assert e.action_space("player_1").n == game.num_distinct_actions()
    e.reset(seed=2)
    text = e.render()
    assert isinstance(text, str) and e.agent_selection in text
    obs = e.observe("player_2")
    np.testing.assert_array_equal(obs["observation"], e.state.information_state_tensor(2))
    assert space.contains(obs)
    e.close()


def test_missing_extras_name_the_extra() -> None:
    import subprocess
    import sys

    for module, blocked, extra in [
        ("cardrules.pettingzoo", "pettingzoo", "pettingzoo"),
        ("cardrules.gymnasium", "gymnasium", "gymnasium"),
        ("cardrules.openspiel", "pyspiel", "openspiel"),
    ]:
        code = f"import sys; sys.modules[{blocked!r}] = None; import {module}"
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        assert result.returncode != 0
        assert "ImportError" in result.stderr and f"./python[{extra}]" in result.stderr


def test_pickles() -> None:
    import pickle

    e = pickle.loads(pickle.dumps(CardEnv("letom", variant="deal", players=3)))
    e.reset(seed=1)
    assert e.possible_agents == ["player_0", "player_1", "player_2"]
