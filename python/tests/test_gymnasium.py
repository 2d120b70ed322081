"""The Gymnasium adapter: Gymnasium's env checker on every game type, and ours."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import cardrules

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from cardrules.gymnasium import SeatEnv, register  # noqa: E402

LINES = [(g["name"], g["variant"]) for g in cardrules.games()]
IDS = [g["record"] for g in cardrules.games()]


def episode(env: SeatEnv, seed: int) -> tuple[float, list[np.ndarray], dict]:
    """Plays the learner's first legal action to the end: the summed reward, the observations
    and the last info."""
    obs, info = env.reset(seed=seed)
    seen = [obs["observation"]]
    total, done = 0.0, False
    while not done:
        assert obs["action_mask"].any(), "the learner is to act"
        obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        assert truncated is False
        total += reward
        done = terminated
        seen.append(obs["observation"])
    return total, seen, info


@pytest.mark.parametrize(("name", "variant"), LINES, ids=IDS)
def test_check_env(name: str, variant: str | None) -> None:
    # check_env steps actions sampled without the mask: an illegal one must end the episode
    env = SeatEnv(name, variant=variant, opponents="random", illegal_action="terminate", render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "no spec": we test the render mode given here
        check_env(env)


@pytest.mark.parametrize(("name", "variant"), LINES, ids=IDS)
def test_an_episode_pays_the_learner_its_return(name: str, variant: str | None) -> None:
    env = SeatEnv(name, variant=variant, seat=1, opponents="random")
    total, _, info = episode(env, seed=11)
    assert env.state.is_terminal()
    assert total == pytest.approx(env.state.returns()[1])
    assert info["returns"] == pytest.approx(env.state.returns())
    assert sum(info["returns"]) == pytest.approx(0.0, abs=1e-9)
    with pytest.raises(RuntimeError):
        env.step(0)


@pytest.mark.parametrize(("name", "variant"), LINES, ids=IDS)
def test_seeds_pass_through(name: str, variant: str | None) -> None:
    make = lambda: SeatEnv(name, variant=variant, opponents="rules")  # noqa: E731
    _, first, _ = episode(make(), seed=21)
    _, again, _ = episode(make(), seed=21)
    _, other, _ = episode(make(), seed=22)
    assert len(first) == len(again) and all(np.array_equal(a, b) for a, b in zip(first, again))
    assert len(first) != len(other) or not all(np.array_equal(a, b) for a, b in zip(first, other))
    env = make()
    obs, info = env.reset(seed=21)
    assert info["deal_seed"] == 21
    native = cardrules.new_game(name, variant=variant).new_initial_state(seed=21)
    bots = {i: cardrules.Bot("rules", seed=i) for i in range(native.num_players())}
    while native.current_player() != 0:
        native.apply_action(bots[native.current_player()](native))
    np.testing.assert_array_equal(obs["observation"], native.observation_tensor(0))
    np.testing.assert_array_equal(obs["action_mask"], native.legal_actions_mask(0))


def test_illegal_action_raises_and_leaves_the_game_unchanged() -> None:
    env = SeatEnv("jass", variant="schieber-deal")
    obs, _ = env.reset(seed=4)
    before = env.state.record()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(cardrules.IllegalAction):
        env.step(illegal)
    assert env.state.record() == before
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_illegal_action_terminates_when_asked() -> None:
    env = SeatEnv("jass", variant="schieber-deal", illegal_action="terminate", illegal_reward=-5.0)
    obs, _ = env.reset(seed=4)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-5.0, True, False, illegal)


def test_opponents_per_seat_information_state_and_render() -> None:
    calls: list[int] = []

    def first_legal(state: cardrules.State) -> int:
        calls.append(state.current_player())
        return state.legal_actions()[0]

    env = SeatEnv(
        "zaagox",
        players=3,
        seat=2,
        opponents=["random", first_legal, None],
        observation="information_state",
        render_mode="ansi",
    )
    game = cardrules.new_game("zaagox", players=3)
    assert env.observation_space["observation"].shape == (game.information_state_tensor_size(),)
    assert env.action_space.n == game.num_distinct_actions()
    obs, _ = env.reset(seed=3)
    np.testing.assert_array_equal(obs["observation"], env.state.information_state_tensor(2))
    assert env.observation_space.contains(obs)
    assert isinstance(env.render(), str)
    episode(env, seed=3)
    assert calls and set(calls) == {1}
    with pytest.raises(ValueError):
        SeatEnv("zaagox", players=3, opponents=["random", "random"])


def test_register_and_make() -> None:
    ids = register()
    assert "cardrules/schieber-deal-v0" in ids and len(ids) == len(LINES)
    env = gymnasium.make("cardrules/schieber-deal-v0", opponents="random")
    obs, info = env.reset(seed=9)
    assert info["deal_seed"] == 9 and obs["action_mask"].any()
    env.close()
