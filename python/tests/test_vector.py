"""cardrules.VecEnv: every table plays the game its deal seed deals, the same for any thread count
and split, with the tensors and masks a State gives its seat; refusals change nothing."""

from __future__ import annotations

import numpy as np
import pytest

import cardrules


def random_actions(env: cardrules.VecEnv, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action at every table waiting for one (0 elsewhere)."""
    weights = rng.random(env.legal_action_mask.shape) * env.legal_action_mask
    return weights.argmax(axis=1)


def snapshot(env: cardrules.VecEnv) -> dict[str, np.ndarray]:
    return {name: getattr(env, name).copy() for name in
            ("observation", "legal_action_mask", "current_player", "rewards", "terminated",
             "truncated", "episode")}


@pytest.mark.parametrize("tensor", ["observation", "information_state"])
def test_each_table_is_the_state_its_deal_seed_deals(game: cardrules.Game, tensor: str) -> None:
    env = cardrules.VecEnv(game, num_envs=3, seed=4, tensor=tensor)
    env.reset()
    states = [game.new_initial_state(seed=cardrules.deal_seed(4, t, 0)) for t in range(3)]
    assert [env.deal_seed(t) for t in range(3)] == [cardrules.deal_seed(4, t, 0) for t in range(3)]
    rng = np.random.default_rng(1)
    last = [0, 0, 0]
    for _ in range(120):
        for t, state in enumerate(states):
            if state.is_terminal():
                assert env.current_player[t] == cardrules.TERMINAL
                assert env.terminated[t] and not env.legal_action_mask[t].any()
                seat = last[t]
            else:
                seat = state.current_player()
                assert env.current_player[t] == seat
                np.testing.assert_array_equal(env.legal_action_mask[t], state.legal_actions_mask())
            kind = state.observation_tensor if tensor == "observation" else state.information_state_tensor
            np.testing.assert_array_equal(env.observation[t], kind(seat))
        actions = random_actions(env, rng)
        env.step(actions)
        for t, state in enumerate(states):
            if state.is_terminal():
                # Next-step autoreset: this step dealt the table's next episode.
                states[t] = game.new_initial_state(seed=env.deal_seed(t))
                last[t] = 0
                assert env.episode[t] >= 1 and not env.rewards[t].any()
                assert env.deal_seed(t) == cardrules.deal_seed(4, t, int(env.episode[t]))
                continue
            last[t] = state.current_player()
            state.apply_action(int(actions[t]))
            if state.is_terminal():
                np.testing.assert_array_equal(env.rewards[t], np.float32(state.returns()))
            else:
                assert not env.rewards[t].any()
    assert not env.truncated.any()


def run(env: cardrules.VecEnv, steps: int) -> list[dict[str, np.ndarray]]:
    env.reset()
    rng = np.random.default_rng(7)
    seen = [snapshot(env)]
    for _ in range(steps):
        env.step(random_actions(env, rng))
        seen.append(snapshot(env))
    return seen


@pytest.mark.parametrize("name,variant", [("jass", "schieber-deal"), ("letom", "deal"),
                                          ("elewenjewe", None)])
def test_the_same_games_on_any_thread_count_and_split(name: str, variant: str | None) -> None:
    # 300 tables: parts of 128 at least, so two threads take three parts between them.
    one = run(cardrules.VecEnv(name, variant=variant, num_envs=300, seed=3, threads=1), 60)
    two = run(cardrules.VecEnv(name, variant=variant, num_envs=300, seed=3, threads=2), 60)
    for a, b in zip(one, two):
        for key in a:
            np.testing.assert_array_equal(a[key], b[key], err_msg=key)
    # Tables 6 and 7 alone, as a batch numbered from 6, draw the same random actions only if
    # given them: replay the whole batch's actions instead.
    whole = cardrules.VecEnv(name, variant=variant, num_envs=8, seed=3)
    tail = cardrules.VecEnv(name, variant=variant, num_envs=2, seed=3, first_table=6)
    whole.reset()
    tail.reset()
    rng = np.random.default_rng(9)
    for _ in range(60):
        np.testing.assert_array_equal(whole.observation[6:], tail.observation)
        np.testing.assert_array_equal(whole.legal_action_mask[6:], tail.legal_action_mask)
        np.testing.assert_array_equal(whole.rewards[6:], tail.rewards)
        actions = random_actions(whole, rng)
        whole.step(actions)
        tail.step(actions[6:])


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    env = cardrules.VecEnv("jass", variant="schieber-deal", num_envs=4, seed=1)
    with pytest.raises(cardrules.IllegalAction, match="reset"):
        env.step(np.zeros(4, np.int64))
    env.reset()
    before = snapshot(env)
    actions = random_actions(env, np.random.default_rng(0))
    bad = actions.copy()
    bad[2] = int(np.flatnonzero(env.legal_action_mask[2] == 0)[0])
    with pytest.raises(cardrules.IllegalAction, match="table 2"):
        env.step(bad)
    for key, value in before.items():
        np.testing.assert_array_equal(getattr(env, key), value, err_msg=key)
    with pytest.raises(ValueError, match="shape"):
        env.step(actions[:3])
    with pytest.raises(ValueError, match="integers"):
        env.step(actions.astype(np.float64))
    env.step(actions.astype(np.int32))


def test_illegal_reward_ends_the_episode_instead() -> None:
    env = cardrules.VecEnv("zaagox", players=2, num_envs=2, seed=1, illegal_reward=-1.0)
    env.reset()
    seat = int(env.current_player[0])
    actions = random_actions(env, np.random.default_rng(0))
    actions[0] = int(np.flatnonzero(env.legal_action_mask[0] == 0)[0])
    env.step(actions)
    assert env.terminated[0] and env.rewards[0, seat] == -1.0
    assert env.rewards[0].sum() == -1.0


def test_the_callers_arrays_are_written_in_place() -> None:
    game = cardrules.new_game("letom", variant="deal")
    n = 5
    obs = np.full((n, game.observation_tensor_size()), 9, np.float32)
    env = cardrules.VecEnv(game, num_envs=n, out={"observation": obs})
    env.reset()
    assert env.observation is obs and not (obs == 9).any()
    with pytest.raises(ValueError, match="C-contiguous float32"):
        cardrules.VecEnv(game, num_envs=n, out={"observation": obs.T.copy()})
    with pytest.raises(ValueError, match="no array is called"):
        cardrules.VecEnv(game, num_envs=n, out={"obs": obs})


def test_disabled_autoreset_waits_for_a_reset() -> None:
    env = cardrules.VecEnv("jass", variant="schieber-deal", num_envs=2, seed=2,
                           autoreset="disabled", learners=[0], opponent="rules")
    env.reset()
    rng = np.random.default_rng(0)
    while not env.terminated.any():
        assert set(env.current_player) <= {0}
        env.step(random_actions(env, rng))
    done = env.terminated.copy()
    paid = env.rewards[done].copy()
    assert (paid[:, 0] == paid[:, 2]).all() and (paid[:, 0] == -paid[:, 1]).all()
    # A finished table waits: its action is ignored, its returns not paid again, while the
    # other table plays on (or waits too).
    seen = env.observation[done].copy()
    env.step(random_actions(env, rng))
    assert env.terminated[done].all() and not env.rewards[done].any()
    assert (env.current_player[done] == cardrules.TERMINAL).all()
    np.testing.assert_array_equal(env.observation[done], seen)
    done = env.terminated.copy()
    env.reset(mask=done)
    assert not env.terminated.any() and not env.rewards.any()
    assert (env.episode == done.astype(np.uint64)).all()


def test_learners_and_duplicate_pairs() -> None:
    env = cardrules.VecEnv("jass", variant="schieber-deal", num_envs=4, seed=5, learners=[0],
                           opponent="random", duplicate=True)
    env.reset()
    assert list(env.current_player) == [0, 1, 0, 1]
    np.testing.assert_array_equal(env.learner_seats, [[0], [1], [0], [1]])
    assert env.deal_seed(0) == env.deal_seed(1) != env.deal_seed(2) == env.deal_seed(3)


def test_bad_options_are_refused_in_words() -> None:
    with pytest.raises(cardrules.BotError):
        cardrules.VecEnv("letom", variant="deal", learners=[0], opponent="wizard")
    with pytest.raises(cardrules.InvalidRules, match="seats"):
        cardrules.VecEnv("letom", variant="deal", learners=[7])
    with pytest.raises(cardrules.InvalidRules, match="seat 0 twice"):
        cardrules.VecEnv("letom", variant="deal", learners=[0, 0])
    with pytest.raises(cardrules.InvalidRules, match="autoreset"):
        cardrules.VecEnv("letom", variant="deal", autoreset="same-step")  # type: ignore[arg-type]
    with pytest.raises(cardrules.InvalidRules, match="threads"):
        cardrules.VecEnv("letom", variant="deal", threads=0)
    with pytest.raises(ValueError, match="num_envs"):
        cardrules.VecEnv("letom", variant="deal", num_envs=0)
    with pytest.raises(cardrules.InvalidRules, match="1 to 1048576 tables"):
        cardrules.VecEnv("letom", variant="deal", num_envs=10**9)


def test_opponents_seat_by_seat() -> None:
    game = cardrules.new_game("jass", variant="schieber-deal")
    same = run(cardrules.VecEnv(game, num_envs=4, seed=1, learners=[0], opponent="rules"), 30)
    listed = run(cardrules.VecEnv(game, num_envs=4, seed=1, learners=[0],
                                  opponent=[None, "rules", "rules", "rules"]), 30)
    for a, b in zip(same, listed):
        np.testing.assert_array_equal(a["observation"], b["observation"])
    with pytest.raises(ValueError, match="seat 1 is no learner's"):
        cardrules.VecEnv(game, learners=[0], opponent=[None, None, "rules", "rules"])
    with pytest.raises(ValueError, match="one per seat"):
        cardrules.VecEnv(game, learners=[0], opponent=["rules", "rules"])
