"""The batched adapters: cardrules.gymnasium.SeatVectorEnv under Gymnasium's own vector
conventions and wrappers, and cardrules.rllib.TableEnv under RLlib's MultiAgentEnv protocol."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.utils.env_match import check_environments_match
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

import cardrules
from cardrules.gymnasium import SeatVectorEnv


def masked_random(obs: dict[str, np.ndarray], rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action per table (0 where no action is legal)."""
    return (rng.random(obs["action_mask"].shape) * obs["action_mask"]).argmax(axis=1)


# --------------------------------------------------------------------------------------------
# Gymnasium VectorEnv


@pytest.mark.parametrize("observation", ["observation", "information_state"])
def test_spaces_are_gymnasiums_batches_and_hold_every_observation(
    game: cardrules.Game, observation: str
) -> None:
    envs = SeatVectorEnv(game, num_envs=3, seat=game.num_players() - 1, opponent="random",
                         seed=2, observation=observation)  # type: ignore[arg-type]
    single = cardrules.gymnasium.SeatEnv(game, observation=observation)  # type: ignore[arg-type]
    assert isinstance(envs, gymnasium.vector.VectorEnv)
    assert envs.single_observation_space == single.observation_space
    assert envs.single_action_space == single.action_space
    assert envs.observation_space == batch_space(envs.single_observation_space, 3)
    assert envs.action_space == batch_space(envs.single_action_space, 3)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    sample = envs.action_space.sample()
    assert sample.shape == (3,) and np.issubdtype(sample.dtype, np.integer)
    obs, infos = envs.reset()
    rng = np.random.default_rng(0)
    for _ in range(60):
        assert envs.observation_space.contains(obs)
        obs, rewards, terminations, truncations, infos = envs.step(masked_random(obs, rng))
        assert rewards.shape == (3,) and rewards.dtype == np.float64
        assert terminations.dtype == np.bool_ and not truncations.any()
        assert set(infos) >= {"deal_seed", "_deal_seed", "episode_number", "_episode_number"}


def test_rewards_are_the_learners_returns_and_infos_name_the_deals() -> None:
    """Against a VecEnv given the same actions: the reward is the learner seat's column (one
    seat on at a duplicate pair's odd table) and deal_seed names each table's deal."""
    kwargs: dict[str, Any] = dict(num_envs=4, seed=6, opponent="random", duplicate=True,
                                  first_table=2)
    envs = SeatVectorEnv("jass", variant="schieber-deal", seat=1, **kwargs)
    vec = cardrules.VecEnv("jass", variant="schieber-deal", learners=[1], **kwargs)
    obs, infos = envs.reset()
    vec.reset()
    seats = np.array([1, 2, 1, 2])  # tables 2..5: 3 and 5 are odd
    np.testing.assert_array_equal(envs.learner_seats, seats)
    rng = np.random.default_rng(3)
    ended = 0
    for _ in range(120):
        assert list(infos["deal_seed"]) == [vec.deal_seed(t) for t in range(4)]
        assert list(infos["deal_seed"]) == [
            cardrules.deal_seed(6, (2 + t) & ~1, int(e)) for t, e in enumerate(infos["episode_number"])]
        actions = masked_random(obs, rng)
        obs, rewards, terminations, _, infos = envs.step(actions)
        vec.step(actions)
        np.testing.assert_array_equal(rewards, vec.rewards[np.arange(4), seats])
        np.testing.assert_array_equal(obs["observation"], vec.observation)
        assert not rewards[~terminations].any()
        if terminations.any():
            np.testing.assert_array_equal(infos["_returns"], terminations)
            np.testing.assert_array_equal(
                rewards[terminations], infos["returns"][terminations, seats[terminations]])
            ended += int(terminations.sum())
    assert ended >= 4


def test_record_episode_statistics_counts_what_we_count_by_hand() -> None:
    envs = gymnasium.wrappers.vector.RecordEpisodeStatistics(
        SeatVectorEnv("letom", variant="deal", num_envs=5, seed=3, opponent="rules"))
    obs, _ = envs.reset()
    rng = np.random.default_rng(1)
    returns, lengths = np.zeros(5), np.zeros(5, np.int64)
    fresh = np.zeros(5, np.bool_)  # next-step: the step after an end only deals
    recorded = 0
    for _ in range(150):
        obs, rewards, terminations, truncations, infos = envs.step(masked_random(obs, rng))
        returns = np.where(fresh, 0.0, returns + rewards)
        lengths = np.where(fresh, 0, lengths + 1)
        if terminations.any():
            np.testing.assert_array_equal(infos["_episode"], terminations)
            np.testing.assert_array_equal(infos["episode"]["r"][terminations], returns[terminations])
            np.testing.assert_array_equal(infos["episode"]["l"][terminations], lengths[terminations])
            recorded += int(terminations.sum())
        else:
            assert "episode" not in infos
        fresh = terminations | truncations
    assert recorded >= 5 and envs.episode_count == recorded


def test_dict_info_to_list_gives_each_table_its_deal() -> None:
    envs = gymnasium.wrappers.vector.DictInfoToList(
        SeatVectorEnv("zaagox", players=3, num_envs=3, seed=8, opponent="random"))
    _, infos = envs.reset()
    assert isinstance(infos, list) and len(infos) == 3
    assert [info["deal_seed"] for info in infos] == [cardrules.deal_seed(8, t, 0) for t in range(3)]
    assert all(info["episode_number"] == 0 for info in infos)
    _, infos = envs.reset(seed=9)  # reseeded: episode 0 again, of other deals
    assert [info["deal_seed"] for info in infos] == [cardrules.deal_seed(9, t, 0) for t in range(3)]


def test_the_same_results_on_one_or_two_threads_with_unmasked_samples() -> None:
    """check_environments_match's loop for batches (its own asserts take an array's truth
    value, so it runs only one table): actions sampled from action_space without the mask,
    so most are illegal and end their episode with illegal_reward."""
    def make(threads: int) -> SeatVectorEnv:
        return SeatVectorEnv("jass", variant="schieber-deal", num_envs=8, seed=5,
                             opponent="random", threads=threads, illegal_reward=-1.0)

    a, b = make(1), make(2)
    a.action_space.seed(0)
    results = [(a.reset(seed=9), b.reset(seed=9))]
    illegal = 0
    for _ in range(80):
        actions = a.action_space.sample()
        illegal += int((a.vec.legal_action_mask[np.arange(8), actions] == 0).sum())
        results.append((a.step(actions), b.step(actions)))
    for one, two in results:
        assert data_equivalence(one, two)
    assert illegal > 0 and any((r[0][1] == -1.0).any() for r in results[1:])
    check_environments_match(
        SeatVectorEnv("letom", variant="deal", num_envs=1, seed=5, illegal_reward=-1.0),
        SeatVectorEnv("letom", variant="deal", num_envs=1, seed=5, illegal_reward=-1.0, threads=2),
        num_steps=60, seed=4)


def test_next_step_autoreset_ignores_the_action_and_deals() -> None:
    """Gymnasium 1.0's NEXT_STEP: after a terminating step, the next step ignores that table's
    action and returns the next deal's first observation, reward 0, not terminated."""
    game = cardrules.new_game("jass", variant="schieber-deal")
    envs = SeatVectorEnv(game, num_envs=4, seed=11, opponent="random", seat=0)
    obs, infos = envs.reset()
    rng = np.random.default_rng(5)
    done = np.zeros(4, np.bool_)
    dealt, opened_by_learner = 0, 0
    for _ in range(200):
        actions = masked_random(obs, rng)
        # An action no table could take: ignored where the episode ended, so nothing is refused.
        actions[done] = game.num_distinct_actions() - 1
        before = infos["episode_number"].copy()
        obs, rewards, terminations, truncations, infos = envs.step(actions)
        assert not rewards[done].any() and not terminations[done].any() and not truncations.any()
        np.testing.assert_array_equal(infos["episode_number"], before + done)
        for t in np.flatnonzero(done):
            dealt += 1
            state = game.new_initial_state(seed=int(infos["deal_seed"][t]))
            assert obs["action_mask"][t].any()
            if state.current_player() == 0:  # no bot moved before the learner's first turn
                opened_by_learner += 1
                np.testing.assert_array_equal(obs["observation"][t], state.observation_tensor(0))
                np.testing.assert_array_equal(obs["action_mask"][t], state.legal_actions_mask())
        if terminations.any():
            np.testing.assert_array_equal(rewards[terminations], infos["returns"][terminations, 0])
            assert not obs["action_mask"][terminations].any()
        done = terminations
    assert dealt >= 8 and opened_by_learner >= 1


def test_disabled_autoreset_waits_for_a_masked_reset() -> None:
    envs = SeatVectorEnv("jass", variant="schieber-deal", num_envs=3, seed=2,
                         autoreset="disabled", opponent="rules")
    assert envs.metadata["autoreset_mode"] == AutoresetMode.DISABLED
    obs, infos = envs.reset()
    rng = np.random.default_rng(0)
    while True:
        obs, _, terminations, _, infos = envs.step(masked_random(obs, rng))
        if terminations.any():
            break
    # A finished table waits for its reset: its action is ignored, nothing paid again.
    waiting = terminations.copy()
    obs, rewards, terminations, _, infos = envs.step(masked_random(obs, rng))
    assert terminations[waiting].all() and not rewards[waiting].any()
    with pytest.raises(ValueError, match="reset_mask"):
        envs.reset(options={"reset_mask": np.array([True, False])})
    before = infos["episode_number"].copy()
    obs, infos = envs.reset(options={"reset_mask": terminations})
    np.testing.assert_array_equal(infos["episode_number"], before + terminations)
    assert obs["action_mask"].any(axis=1).all()
    envs.step(masked_random(obs, rng))


def test_returned_arrays_are_copies_unless_asked_not_to() -> None:
    copied = SeatVectorEnv("letom", variant="deal", num_envs=2, seed=1)
    shared = SeatVectorEnv("letom", variant="deal", num_envs=2, seed=1, copy=False)
    rng = np.random.default_rng(0)
    first, _ = copied.reset()
    kept = {key: value.copy() for key, value in first.items()}
    obs, _ = shared.reset()
    assert obs["observation"] is shared.vec.observation
    obs = first
    for _ in range(5):
        obs, *_ = copied.step(masked_random(obs, rng))
    for key in kept:
        np.testing.assert_array_equal(first[key], kept[key])


def test_bad_input_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="seat must be in 0..3"):
        SeatVectorEnv("jass", variant="schieber-deal", seat=4)
    with pytest.raises(ValueError, match="autoreset"):
        SeatVectorEnv("jass", variant="schieber-deal", autoreset="same-step")  # type: ignore[arg-type]
    envs = SeatVectorEnv("jass", variant="schieber-deal", num_envs=2)
    envs.reset()
    with pytest.raises(ValueError, match=r"shape \(2,\)"):
        envs.step([0, 0, 0])
    with pytest.raises(cardrules.IllegalAction):
        envs.step([envs.single_action_space.n - 1] * 2)


# --------------------------------------------------------------------------------------------
# RLlib MultiAgentEnv (the table numbering needs no Ray)


def test_runner_tables_never_meet() -> None:
    from cardrules._adapters import runner_table

    seen = {runner_table(w, v, k) for w in (0, 1, 2, 4095) for v in (0, 1, 255) for k in (0, 1, 4095)}
    assert len(seen) == 4 * 3 * 3 and max(seen) == 2**32 - 1
    with pytest.raises(ValueError, match="worker_index must be in 0..4095"):
        runner_table(4096, 0, 0)
    with pytest.raises(ValueError, match="vector_index"):
        runner_table(0, -1, 0)


def rllib_env(config: dict[str, Any], worker_index: int = 0, vector_index: int = 0) -> Any:
    pytest.importorskip("ray.rllib")
    from ray.rllib.env.env_context import EnvContext

    from cardrules.rllib import TableEnv

    return TableEnv(EnvContext(config, worker_index=worker_index, vector_index=vector_index))


def play(env: Any, rng: np.random.Generator, seed: int | None = None) -> tuple[list[int], dict, list]:
    """One episode with masked random actions: the seats in turn, the final rewards, the obs."""
    obs, infos = env.reset(seed=seed)
    turns, seen = [], []
    while True:
        assert len(obs) == 1 or len(obs) == len(env.agents)
        seen.append(obs)
        (agent, one), = obs.items()
        turns.append(int(agent.removeprefix("seat_")))
        mask = one["action_mask"]
        obs, rewards, terminateds, truncateds, infos = env.step(
            {agent: int(rng.choice(np.flatnonzero(mask)))})
        assert truncateds == {"__all__": False}
        if terminateds["__all__"]:
            assert set(obs) == set(rewards) == set(env.agents)
            return turns, rewards, seen
        assert not rewards


def test_rllib_env_is_turn_based_and_pays_the_returns_at_the_end() -> None:
    game = cardrules.new_game("jass", variant="schieber-deal")
    env = rllib_env({"game": game, "seed": 3, "table": 5})
    assert env.possible_agents == ["seat_0", "seat_1", "seat_2", "seat_3"]
    rng = np.random.default_rng(0)
    turns, rewards, seen = play(env, rng)
    # The same deal and actions on a State: each observation is the acting seat's.
    state = game.new_initial_state(seed=cardrules.deal_seed(3, 5, 0))
    replay = np.random.default_rng(0)
    for seat, obs in zip(turns, seen):
        assert state.current_player() == seat
        one = obs[f"seat_{seat}"]
        assert env.observation_spaces[f"seat_{seat}"].contains(one)
        np.testing.assert_array_equal(one["observations"], state.observation_tensor(seat))
        np.testing.assert_array_equal(one["action_mask"], state.legal_actions_mask())
        state.apply_action(int(replay.choice(np.flatnonzero(one["action_mask"]))))
    assert state.is_terminal()
    assert rewards == {f"seat_{i}": r for i, r in enumerate(state.returns())}


def test_rllib_env_deals_are_vecenv_tables_and_distinct_across_runners() -> None:
    config = {"game": "letom", "variant": "deal", "seed": 9}
    envs = [rllib_env(config, worker_index=w) for w in (1, 1, 2)]
    envs.append(rllib_env(config, worker_index=1, vector_index=1))
    tables = [env.table for env in envs]
    assert len(set(tables)) == 4
    firsts = []
    for env in envs:
        _, infos = env.reset()
        (info,) = infos.values()
        vec = cardrules.VecEnv("letom", variant="deal", seed=9, first_table=env.table)
        vec.reset()
        assert info["deal_seed"] == vec.deal_seed(0) == cardrules.deal_seed(9, env.table, info["episode_number"])
        firsts.append(info["deal_seed"])
    assert len(set(firsts)) == 4
    # RLlib's reset seeds (seed + worker_index + i) overlap between runners; the tables do not.
    _, a = envs[0].reset(seed=10)
    _, b = envs[2].reset(seed=10)
    assert [*a.values()][0]["deal_seed"] != [*b.values()][0]["deal_seed"]


def test_rllib_reset_seeds_mix_with_the_config_seed() -> None:
    """RLlib's checker resets every env with seed 42: the config's seed still decides."""
    def first_deal(config_seed: int, reset_seed: int) -> int:
        env = rllib_env({"game": "jass", "variant": "schieber-deal", "seed": config_seed,
                         "table": 4})
        _, infos = env.reset(seed=reset_seed)
        return [*infos.values()][0]["deal_seed"]

    assert first_deal(1, 42) == first_deal(1, 42) != first_deal(2, 42) != first_deal(2, 43)
    mixed = int(np.random.SeedSequence([1, 42]).generate_state(1, np.uint64)[0])
    assert first_deal(1, 42) == cardrules.deal_seed(mixed, 4, 0)
    env = rllib_env({"game": "letom", "variant": "deal", "table": 0})
    with pytest.raises(ValueError, match="non-negative"):
        env.reset(seed=-1)


def test_rllib_checker_and_illegal_actions() -> None:
    env = rllib_env({"game": "zaagox", "players": 3, "illegal_reward": -1.0, "table": 0})
    from ray.rllib.utils.pre_checks.env import check_multiagent_environments

    check_multiagent_environments(env)
    obs, _ = env.reset(seed=1)
    (agent, one), = obs.items()
    bad = int(np.flatnonzero(one["action_mask"] == 0)[0])
    obs, rewards, terminateds, _, infos = env.step({agent: bad})
    assert terminateds["__all__"] and rewards[agent] == -1.0 and sum(rewards.values()) == -1.0
    assert not any(o["action_mask"].any() for o in obs.values())
    with pytest.raises(RuntimeError, match="episode is over"):
        env.step({agent: 0})
    strict = rllib_env({"game": "zaagox", "players": 3, "table": 0})
    obs, _ = strict.reset(seed=1)
    (agent, _), = obs.items()
    with pytest.raises(cardrules.IllegalAction):
        strict.step({agent: bad})
    other = next(a for a in strict.agents if a != agent)
    with pytest.raises(ValueError, match=f"it is {agent}'s turn"):
        strict.step({other: 0})
    with pytest.raises(ValueError, match="needs 'game'"):
        rllib_env({})
    with pytest.raises(ValueError, match="unknown keys"):
        rllib_env({"game": "letom", "sead": 1})


def test_rllib_env_runners_own_vectorization_gives_each_env_its_deals() -> None:
    """As RLlib 2.60's MultiAgentEnvRunner.make_env builds its envs: one EnvContext per runner
    (vector_index 0 for all), make_vec over num_envs_per_env_runner copies, the initial reset
    seeded config.seed + worker_index (+ i per copy), so runner 1's second copy and runner 2's
    first get the same reset seed."""
    pytest.importorskip("ray.rllib")
    from functools import partial

    from ray.rllib.env.env_context import EnvContext
    from ray.rllib.env.utils import _gym_env_creator
    from ray.rllib.env.vector.registration import make_vec

    from cardrules.rllib import TableEnv

    deals, tables = [], []
    for worker in (1, 2):
        context = EnvContext({"game": "letom", "variant": "deal", "seed": 3}, worker_index=worker,
                             num_workers=2)
        gymnasium.register("cardrules-test-rllib-v0", disable_env_checker=True,
                           entry_point=partial(_gym_env_creator, env_descriptor=TableEnv,
                                               env_context=context))
        envs = make_vec("cardrules-test-rllib-v0", num_envs=3,
                        vectorization_mode=gymnasium.envs.registration.VectorizeMode.SYNC)
        _, infos = envs.reset(seed=3 + worker)
        tables += [env.unwrapped.table for env in envs.envs]
        deals += [info["deal_seed"] for one in infos for info in one.values()]
        envs.close()
        gymnasium.registry.pop("cardrules-test-rllib-v0")
    assert len(set(tables)) == 6 and len(set(deals)) == 6


def test_make_vec_builds_a_seat_vector_env_from_the_registered_ids() -> None:
    from cardrules.gymnasium import register

    register()
    envs = gymnasium.make_vec("cardrules/schieber-deal-v0", num_envs=4, seed=3, opponent="random")
    assert isinstance(envs.unwrapped, SeatVectorEnv) and envs.num_envs == 4
    _, infos = envs.reset()
    assert list(infos["deal_seed"]) == [cardrules.deal_seed(3, t, 0) for t in range(4)]
    copies = gymnasium.make_vec("cardrules/schieber-deal-v0", num_envs=2, vectorization_mode="sync")
    assert isinstance(copies, gymnasium.vector.SyncVectorEnv)
    assert copies.single_observation_space == envs.single_observation_space
