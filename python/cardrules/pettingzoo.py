"""A PettingZoo AEC environment for every cardrules game.

>>> from cardrules.pettingzoo import env
>>> e = env("jass", variant="schieber-deal")
>>> e.reset(seed=42)
>>> for agent in e.agent_iter():
...     obs, reward, termination, truncation, info = e.last()
...     action = None if termination or truncation else int(obs["action_mask"].nonzero()[0][0])
...     e.step(action)

Conventions:

- agents ``"player_0"`` … ``"player_{n-1}"``, agent ``"player_i"`` is the game's seat ``i``;
  ``agent_selection`` is the seat to act (an Eléwénjewé capture is several consecutive steps of
  the same agent);
- observation space ``Dict(observation=Box(-1, 1, (length,), float32),
  action_mask=Box(0, 1, (num_distinct_actions,), int8))``: the seat's observation tensor (or its
  information-state tensor with ``observation="information_state"``) and the legal actions (all
  zeros for a seat not to act, and once the game is over);
- action space ``Discrete(num_distinct_actions)``;
- rewards: after every step each agent is rewarded the change of its return (``State.returns()``
  is cumulative; most games pay only at the end, a multi-deal game may pay during play), so the
  rewards of an episode add up to the game's returns and to zero over the seats;
- every agent terminates when the game ends; nothing truncates (every game has a finite end);
- ``reset(seed=s)`` deals from seed ``s`` exactly as ``game.new_initial_state(seed=s)`` and the
  command line do; ``reset()`` without a seed draws the deal's seed from the generator seeded by
  the last seeded reset (or from fresh entropy);
- an illegal action raises ``cardrules.IllegalAction`` and leaves the game unchanged (``env()``
  can instead end the game with a penalty, PettingZoo's ``TerminateIllegalWrapper``);
- ``render()`` returns (``"ansi"``) or prints (``"human"``) what the seat to act sees
  (``State.observation_string``), or the outcome once the game is over.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

try:
    from gymnasium import spaces
    from gymnasium.utils import EzPickle
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as error:  # pragma: no cover - depends on the installation
    from ._adapters import optional_import_error

    raise optional_import_error("pettingzoo", "pettingzoo") from error

from ._adapters import (
    ObservationKind,
    masked_space,
    resolve_game,
    seed_from,
    tensor,
)
from ._cardrules import Game, IllegalAction, State

__all__ = ["CardEnv", "env", "raw_env"]


class CardEnv(AECEnv, EzPickle):
    """A cardrules game as a PettingZoo AEC environment (one agent per seat).

    Args:
        game: a game name of ``cardrules.games()`` (``"jass"``) or a ``cardrules.Game``.
        variant: the variant (``"schieber-deal"``), ``None`` for the game's main form.
        players: the number of seats, ``None`` for the game's default.
        rules: rule fields to change (see ``Game.rules``).
        preset: a named rule preset of the game.
        render_mode: ``None``, ``"human"`` (prints) or ``"ansi"`` (returns the text).
        observation: ``"observation"`` (the seat's current view) or ``"information_state"``
            (everything the seat has seen, in order).
    """

    metadata: dict[str, Any] = {
        "render_modes": ["human", "ansi"],
        "name": "cardrules_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        game: str | Game,
        variant: str | None = None,
        players: int | None = None,
        rules: Mapping[str, Any] | None = None,
        preset: str | None = None,
        render_mode: str | None = None,
        observation: ObservationKind = "observation",
    ) -> None:
        EzPickle.__init__(self, game, variant, players, rules, preset, render_mode, observation)
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.game: Game = resolve_game(game, variant, players, rules, preset)
        self.observation_kind: ObservationKind = observation
        self.render_mode = render_mode
        record = self.game.record_name.replace("-", "_")
        self.metadata = {**self.metadata, "name": f"cardrules_{record}_v0"}

        n = self.game.num_players()
        actions = int(self.game.num_distinct_actions())
        self.possible_agents: list[str] = [f"player_{i}" for i in range(n)]
        self._seats: dict[str, int] = {agent: i for i, agent in enumerate(self.possible_agents)}
        self.observation_spaces: dict[str, spaces.Space[Any]] = {
            agent: masked_space(self.game, observation) for agent in self.possible_agents
        }
        self.action_spaces: dict[str, spaces.Space[Any]] = {
            agent: spaces.Discrete(actions) for agent in self.possible_agents
        }
        self._rng: np.random.Generator | None = None
        self.state: State | None = None
        self._returns: list[float] = [0.0] * n

    # ----------------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of `agent` (the same for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of `agent`: ``Discrete(num_distinct_actions)``."""
        return self.action_spaces[agent]

    def seat(self, agent: str) -> int:
        """The game seat of `agent` (``"player_2"`` is seat 2)."""
        return self._seats[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deals a new game: from `seed` if given, else from a seed the env's generator draws.

        ``options`` may hold ``"setup"``, an explicit deal (see ``Game.new_initial_state``).
        """
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            deal_seed = int(seed)
        else:
            if self._rng is None:
                self._rng = np.random.default_rng()
            deal_seed = seed_from(self._rng)
        setup = (options or {}).get("setup")
        self.state = self.game.new_initial_state(seed=deal_seed, setup=setup)
        self.deal_seed: int = deal_seed
        self.agents = self.possible_agents[:]
        self._returns = [float(r) for r in self.state.returns()]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent_to_act()

    def _agent_to_act(self) -> str:
        assert self.state is not None
        seat = self.state.current_player()
        if seat < 0:
            # over: PettingZoo walks the agents to remove them; start with the first live one
            return self.agents[0] if self.agents else self.possible_agents[0]
        return self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """What `agent` sees: its tensor and its legal-action mask (zeros unless it is to act)."""
        if self.state is None:
            raise RuntimeError("reset() the environment before observing it")
        seat = self._seats[agent]
        return {
            "observation": tensor(self.state, self.observation_kind, seat),
            "action_mask": self.state.legal_actions_mask(seat),
        }

    def step(self, action: int | None) -> None:
        """Plays `action` for ``agent_selection`` (``None`` once the agent is terminated).

        Raises ``cardrules.IllegalAction`` (the game unchanged) for an action not legal now.
        """
        if self.state is None:
            raise RuntimeError("reset() the environment before stepping it")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(f"{agent} is to act: None is not an action")
        self.state.apply_action(int(action))  # raises IllegalAction, state unchanged
        self._cumulative_rewards[agent] = 0.0
        returns = [float(r) for r in self.state.returns()]
        for i, name in enumerate(self.possible_agents):
            self.rewards[name] = returns[i] - self._returns[i]
        self._returns = returns
        if self.state.is_terminal():
            self.terminations = dict.fromkeys(self.agents, True)
            outcome = self.state.outcome()
            for name in self.agents:
                self.infos[name] = {"returns": list(returns), "outcome": outcome["text"] if outcome else None}
        self.agent_selection = self._agent_to_act()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The text the seat to act sees (or the outcome once over): returned for ``"ansi"``,
        printed for ``"human"``; ``None`` without a render mode."""
        if self.render_mode is None:
            return None
        if self.state is None:
            text = "(not dealt: call reset())"
        elif self.state.is_terminal():
            outcome = self.state.outcome()
            text = f"{outcome['text'] if outcome else 'over'}\nreturns: {self.state.returns()}"
        else:
            seat = self.state.current_player()
            text = f"{self.possible_agents[seat]} to act\n{self.state.observation_string(seat)}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Releases nothing (no window); present for PettingZoo's API."""


#: PettingZoo's name for the unwrapped environment.
raw_env = CardEnv


def env(
    game: str | Game,
    variant: str | None = None,
    players: int | None = None,
    rules: Mapping[str, Any] | None = None,
    preset: str | None = None,
    render_mode: str | None = None,
    observation: ObservationKind = "observation",
    illegal_reward: float | None = None,
) -> AECEnv:
    """`CardEnv` wrapped as PettingZoo's classic games are (out-of-bounds actions asserted,
    order of calls enforced).

    With ``illegal_reward`` set, an illegal action ends the game instead of raising: the agent
    that played it gets ``illegal_reward`` and the others 0 (PettingZoo's
    ``TerminateIllegalWrapper``; such an episode is not zero-sum).
    """
    e: AECEnv = CardEnv(game, variant, players, rules, preset, render_mode, observation)
    if illegal_reward is not None:
        e = wrappers.TerminateIllegalWrapper(e, illegal_reward=illegal_reward)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e
