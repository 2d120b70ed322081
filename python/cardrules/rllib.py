"""An RLlib multi-agent environment: every seat of one cardrules table an agent, turn-based.

>>> from ray.rllib.algorithms.ppo import PPOConfig
>>> from cardrules.rllib import TableEnv
>>> config = (PPOConfig()
...           .environment(TableEnv, env_config={"game": "jass", "variant": "schieber-deal",
...                                              "seed": 7, "illegal_reward": -1.0})
...           .multi_agent(policies={"p"}, policy_mapping_fn=lambda agent, *a, **k: "p"))

Conventions:

- agents ``"seat_0"`` … ``"seat_{n-1}"``; only the seat to act gets an observation, and every
  seat gets its last one when the game ends;
- each agent's observation space is ``Dict(observations=Box(-1, 1, (length,), float32),
  action_mask=Box(0, 1, (num_distinct_actions,), float32))``, the keys and types RLlib's
  action-masking RLModule example reads; action space ``Discrete(num_distinct_actions)``;
- rewards only when the game ends: every seat's return (``State.returns()``), so an
  episode's rewards add up to the game's returns; ``"__all__"`` terminates then, nothing
  truncates;
- the deals come from ``cardrules.deal_seed(seed, table, episode)``, exactly those of
  ``cardrules.VecEnv`` table ``table``. ``seed`` is ``env_config["seed"]``; after
  ``reset(seed=s)`` it is ``env_config["seed"]`` and ``s`` mixed (``numpy``'s
  ``SeedSequence([config_seed, s])``), the episodes counted from 0 again: the same ``s`` gives
  the same deal, and the seeds RLlib passes itself (its env checker's ``reset(seed=42)``, the
  runners' ``config.seed + worker_index + i``) do not hide ``env_config["seed"]``; ``table`` is
  ``env_config["table"]`` or, by default, derived from the ``EnvContext``: its
  ``worker_index`` and ``vector_index`` and the number of instances already made in this
  process for that pair, so no two environments of a run play the same deals, even though
  RLlib's new API stack gives every env of an env runner ``vector_index`` 0 and reset seeds
  ``seed + worker_index + i`` that overlap between runners (Ray issue 46986);
- an illegal action raises ``cardrules.IllegalAction`` (game unchanged) unless
  ``env_config["illegal_reward"]`` is a number: then it ends the episode, that reward to the
  seat that chose it and 0 to the others. RLlib's env runners check every env with one action
  sampled without the mask, so set ``illegal_reward`` (a masked policy never pays it) or
  ``.environment(disable_env_checking=True)``.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Any

import numpy as np

try:
    from gymnasium import spaces
    from ray.rllib.env.multi_agent_env import MultiAgentEnv
except ImportError as error:  # pragma: no cover - depends on the installation
    from ._adapters import optional_import_error

    raise optional_import_error("ray[rllib]", "rllib") from error

from ._adapters import TENSOR_HIGH, TENSOR_LOW, ObservationKind, resolve_game, runner_table, tensor, tensor_size
from ._cardrules import Game, IllegalAction, State, deal_seed

__all__ = ["TableEnv"]

_made: dict[tuple[int, int], int] = {}
_made_lock = threading.Lock()


def _next_instance(worker_index: int, vector_index: int) -> int:
    """How many environments this process made before for (worker_index, vector_index); never
    reused, so an env made again after a runner's restart plays new deals."""
    with _made_lock:
        instance = _made.get((worker_index, vector_index), 0)
        _made[(worker_index, vector_index)] = instance + 1
        return instance


class TableEnv(MultiAgentEnv):
    """One table of a cardrules game, every seat an RLlib agent.

    Args:
        config: RLlib's ``env_config`` (an ``EnvContext`` or a plain dict) with ``game`` (a
            name of ``cardrules.games()`` or a ``cardrules.Game``) and optionally
            ``variant``, ``players``, ``rules``, ``preset`` (the game's options),
            ``observation`` (``"observation"`` or ``"information_state"``), ``seed``
            (default 0), ``table`` (default: from the ``EnvContext``, see the module) and
            ``illegal_reward`` (default ``None``: an illegal action raises).

    Raises:
        ValueError: a config without ``game``, or with keys this environment does not read.
    """

    KEYS = frozenset({"game", "variant", "players", "rules", "preset", "observation", "seed",
                      "table", "illegal_reward"})

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        super().__init__()
        config = {} if config is None else config
        unknown = set(config) - self.KEYS
        if unknown:
            raise ValueError(f"env_config: unknown keys {sorted(unknown)}; the keys are {sorted(self.KEYS)}")
        if "game" not in config:
            raise ValueError("env_config needs 'game': a name of cardrules.games() or a cardrules.Game")
        self.game: Game = resolve_game(config["game"], config.get("variant"), config.get("players"),
                                       config.get("rules"), config.get("preset"))
        kind = config.get("observation", "observation")
        length = tensor_size(self.game, kind)
        self.observation_kind: ObservationKind = kind
        self.config_seed: int = int(config.get("seed", 0))
        if self.config_seed < 0:
            raise ValueError(f"env_config['seed'] must be a non-negative integer, not {self.config_seed}")
        #: The seed of the deals under way (``config_seed``, or mixed with a reset's seed).
        self.seed: int = self.config_seed
        if config.get("table") is not None:
            self.table: int = int(config["table"])
        else:
            worker = int(getattr(config, "worker_index", 0) or 0)
            vector = int(getattr(config, "vector_index", 0) or 0)
            self.table = runner_table(worker, vector, _next_instance(worker, vector))
        illegal = config.get("illegal_reward")
        self.illegal_reward: float | None = None if illegal is None else float(illegal)
        actions = int(self.game.num_distinct_actions())
        self.possible_agents = [f"seat_{i}" for i in range(self.game.num_players())]
        self.agents = list(self.possible_agents)
        single = spaces.Dict({
            "observations": spaces.Box(TENSOR_LOW, TENSOR_HIGH, (length,), np.float32),
            "action_mask": spaces.Box(0.0, 1.0, (actions,), np.float32),
        })
        self.observation_spaces = {agent: single for agent in self.agents}
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.agents}
        self.state: State | None = None
        self.episode: int = -1
        self.deal_seed: int | None = None
        self._over = True

    def _observe(self, seat: int) -> dict[str, np.ndarray]:
        assert self.state is not None
        if self.state.is_terminal():
            mask = np.zeros(self.game.num_distinct_actions(), np.float32)
        else:
            mask = self.state.legal_actions_mask(seat).astype(np.float32)
        return {"observations": tensor(self.state, self.observation_kind, seat), "action_mask": mask}

    def _info(self) -> dict[str, Any]:
        return {"deal_seed": self.deal_seed, "episode_number": self.episode}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        """Deals the table's next episode (with ``seed``, the deals' seed becomes
        ``env_config["seed"]`` mixed with ``seed`` and the episodes count from 0 again); the seat
        to act gets the only observation."""
        if seed is not None:
            if int(seed) < 0:
                raise ValueError(f"seed must be a non-negative integer, not {seed}")
            mixed = np.random.SeedSequence([self.config_seed, int(seed)]).generate_state(1, np.uint64)
            self.seed, self.episode = int(mixed[0]), -1
        while True:
            # A deal settled before anyone decides (a Letom deal can be) has no turn to learn
            # from: the table deals its next episode, as VecEnv does.
            self.episode += 1
            self.deal_seed = deal_seed(self.seed, self.table, self.episode)
            self.state = self.game.new_initial_state(seed=self.deal_seed)
            if not self.state.is_terminal():
                break
        self._over = False
        seat = self.state.current_player()
        agent = self.agents[seat]
        return {agent: self._observe(seat)}, {agent: self._info()}

    def step(self, action_dict: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any], dict[str, Any], dict[str, Any]]:
        """Plays the action of the seat to act (``action_dict`` holds it alone); returns the
        next seat's observation, or every seat's with its return when the game ends."""
        if self.state is None:
            raise RuntimeError("reset() the environment before stepping it")
        if self._over:
            raise RuntimeError("the episode is over: reset() the environment")
        seat = self.state.current_player()
        agent = self.agents[seat]
        if set(action_dict) != {agent}:
            raise ValueError(f"it is {agent}'s turn: action_dict must hold its action alone, "
                             f"not {sorted(action_dict)}")
        action = int(action_dict[agent])
        rewards: dict[str, float] = {}
        try:
            self.state.apply_action(action)
        except IllegalAction:
            if self.illegal_reward is None:
                raise
            rewards = {a: 0.0 for a in self.agents}
            rewards[agent] = self.illegal_reward
        if rewards or self.state.is_terminal():
            if not rewards:
                rewards = {a: float(r) for a, r in zip(self.agents, self.state.returns())}
            # Every seat sees its last observation (the position, kept on an illegal action).
            self._over = True
            obs = {a: self._observe(i) for i, a in enumerate(self.agents)}
            for one in obs.values():  # after an illegal action too, nobody moves again
                one["action_mask"][:] = 0
            infos = {a: {**self._info(), "returns": [rewards[b] for b in self.agents]}
                     for a in self.agents}
            terminateds = {a: True for a in self.agents}
            terminateds["__all__"] = True
            return obs, rewards, terminateds, {"__all__": False}, infos
        nxt = self.state.current_player()
        return ({self.agents[nxt]: self._observe(nxt)}, rewards, {"__all__": False},
                {"__all__": False}, {self.agents[nxt]: self._info()})

    def close(self) -> None:
        """Releases nothing (no window, no process)."""
