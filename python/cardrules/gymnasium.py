"""A Gymnasium single-agent environment: one seat of a cardrules game, our bots in the others.

>>> from cardrules.gymnasium import SeatEnv
>>> env = SeatEnv("jass", variant="schieber-deal", seat=0, opponents="rules")
>>> obs, info = env.reset(seed=42)
>>> done = False
>>> while not done:
...     action = int(obs["action_mask"].nonzero()[0][0])
...     obs, reward, terminated, truncated, info = env.step(action)
...     done = terminated or truncated

Conventions:

- the learner plays seat ``seat``; every other seat is played by ``cardrules.Bot(name, seed)``
  (``opponents``: one bot name for every other seat, or one per seat) or by any callable that
  returns the action id for the seat to act of a ``cardrules.State``;
- observation space ``Dict(observation=Box(-1, 1, (length,), float32),
  action_mask=Box(0, 1, (num_distinct_actions,), int8))``: the learner's observation tensor
  (``observation="observation"``) or information-state tensor (``"information_state"``), and
  its legal actions; action space ``Discrete(num_distinct_actions)``;
- reward: the change of the learner's return (``State.returns()[seat]``) from its action through
  the bots' replies to its next turn, so an episode's rewards add up to its return;
- ``terminated`` when the game is over; never ``truncated``;
- ``reset(seed=s)`` deals from seed ``s`` as ``game.new_initial_state(seed=s)`` does; without a
  seed, the deal's seed is drawn from ``np_random``. A deal that ends before the learner acts
  (Letom's deal can end at the deal) is skipped: the next deal's seed is drawn from
  ``np_random``, so the same seed still gives the same episode; ``info["deal_seed"]`` names
  the deal played;
- an illegal action raises ``cardrules.IllegalAction`` and leaves the game unchanged (the
  default, ``illegal_action="raise"``); with ``illegal_action="terminate"`` it ends the episode
  with reward ``illegal_reward`` instead (Gymnasium's ``check_env`` steps actions sampled
  without the mask, so it needs this mode);
- nothing is registered with ``gymnasium.register`` unless ``register()`` is called.

`SeatVectorEnv` is the batched counterpart: a ``gymnasium.vector.VectorEnv`` of ``num_envs``
tables stepped together in Rust by ``cardrules.VecEnv``, the learner in one seat and a ladder
bot in the others:

>>> import numpy as np
>>> from cardrules.gymnasium import SeatVectorEnv
>>> envs = SeatVectorEnv("jass", variant="schieber-deal", num_envs=8, seat=0, seed=1)
>>> obs, infos = envs.reset()
>>> rng = np.random.default_rng(0)
>>> for _ in range(50):
...     actions = (rng.random(obs["action_mask"].shape) * obs["action_mask"]).argmax(axis=1)
...     obs, rewards, terminations, truncations, infos = envs.step(actions)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal

import numpy as np

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as error:  # pragma: no cover - depends on the installation
    from ._adapters import optional_import_error

    raise optional_import_error("gymnasium", "gymnasium") from error

from ._adapters import (
    ObservationKind,
    masked_space,
    resolve_game,
    seed_from,
    tensor,
)
from ._cardrules import Bot, Game, IllegalAction, State, games
from .vector import Autoreset, VecEnv

__all__ = ["SeatEnv", "SeatVectorEnv", "register"]

#: A seat's player: a bot name of the ladder, or a callable giving the action for a state.
Opponent = str | Callable[[State], int]


class SeatEnv(gymnasium.Env):
    """One seat of a cardrules game as a Gymnasium environment, the other seats played by bots.

    Args:
        game: a game name of ``cardrules.games()`` or a ``cardrules.Game``.
        variant, players, rules, preset: the game's options (see ``cardrules.new_game``).
        seat: the learner's seat.
        opponents: a bot name (``"random"``, ``"rules"``, ``"pimc:50"``, ``"ismcts:200"``) for every
            other seat, or one per seat (a sequence of ``num_players`` entries, the learner's
            ignored and may be ``None``, or a mapping seat → opponent); an entry is a name or a
            callable ``state -> action``.
        observation: ``"observation"`` or ``"information_state"``.
        bot_seed: the bots' seed (the bot of seat ``i`` gets ``bot_seed + i``); a bot's choice is
            fixed by its seed and the position, so episodes replay exactly.
        illegal_action: ``"raise"`` (``cardrules.IllegalAction``, game unchanged) or
            ``"terminate"`` (the episode ends with reward ``illegal_reward``).
        illegal_reward: the reward of an illegal action under ``"terminate"``.
        render_mode: ``None``, ``"ansi"`` (``render()`` returns the learner's screen) or
            ``"human"`` (prints it).
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(
        self,
        game: str | Game,
        variant: str | None = None,
        players: int | None = None,
        rules: Mapping[str, Any] | None = None,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent | None] | Mapping[int, Opponent] = "rules",
        observation: ObservationKind = "observation",
        preset: str | None = None,
        bot_seed: int = 0,
        illegal_action: Literal["raise", "terminate"] = "raise",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        self.game: Game = resolve_game(game, variant, players, rules, preset)
        n = self.game.num_players()
        if not 0 <= seat < n:
            raise ValueError(f"seat must be in 0..{n - 1}, not {seat}")
        if illegal_action not in ("raise", "terminate"):
            raise ValueError(f"illegal_action must be 'raise' or 'terminate', not {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.seat: int = seat
        self.observation_kind: ObservationKind = observation
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.opponents: dict[int, Callable[[State], int]] = self._make_opponents(opponents, bot_seed)

        self.observation_space = masked_space(self.game, observation)
        self.action_space = spaces.Discrete(int(self.game.num_distinct_actions()))
        self.state: State | None = None
        self.deal_seed: int | None = None
        self._return = 0.0
        self._done = True

    def _make_opponents(
        self,
        opponents: Opponent | Sequence[Opponent | None] | Mapping[int, Opponent],
        bot_seed: int,
    ) -> dict[int, Callable[[State], int]]:
        n = self.game.num_players()
        if isinstance(opponents, str) or callable(opponents):
            chosen: dict[int, Opponent | None] = {i: opponents for i in range(n)}
        elif isinstance(opponents, Mapping):
            chosen = dict(opponents)
        else:
            listed = list(opponents)
            if len(listed) != n:
                raise ValueError(f"opponents: give one per seat ({n}), the learner's may be None")
            chosen = dict(enumerate(listed))
        result: dict[int, Callable[[State], int]] = {}
        for i in range(n):
            if i == self.seat:
                continue
            who = chosen.get(i)
            if who is None:
                raise ValueError(f"opponents: no player for seat {i}")
            result[i] = Bot(who, seed=bot_seed + i) if isinstance(who, str) else who
        return result

    # ----------------------------------------------------------------------------------------
    def _observe(self) -> dict[str, np.ndarray]:
        assert self.state is not None
        return {
            "observation": tensor(self.state, self.observation_kind, self.seat),
            "action_mask": self.state.legal_actions_mask(self.seat),
        }

    def _info(self) -> dict[str, Any]:
        assert self.state is not None
        info: dict[str, Any] = {"deal_seed": self.deal_seed}
        if self.state.is_terminal():
            outcome = self.state.outcome()
            info["returns"] = [float(r) for r in self.state.returns()]
            info["outcome"] = outcome["text"] if outcome else None
        return info

    def _play_others(self) -> None:
        """The bots play until the learner is to act or the game is over."""
        assert self.state is not None
        while not self.state.is_terminal() and self.state.current_player() != self.seat:
            player = self.state.current_player()
            self.state.apply_action(int(self.opponents[player](self.state)))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Deals a game (from `seed`, else a seed drawn from ``np_random``) and lets the bots play
        to the learner's first turn. ``options`` may hold ``"setup"`` (an explicit deal)."""
        super().reset(seed=seed)
        setup = (options or {}).get("setup")
        deal_seed = int(seed) if seed is not None else seed_from(self.np_random)
        while True:
            self.deal_seed = deal_seed
            self.state = self.game.new_initial_state(seed=deal_seed, setup=setup)
            self._play_others()
            if not self.state.is_terminal():
                break
            if setup is not None:
                raise ValueError("the setup's game ends before the learner's seat acts")
            deal_seed = seed_from(self.np_random)
        self._return = float(self.state.returns()[self.seat])
        self._done = False
        if self.render_mode == "human":
            self.render()
        return self._observe(), self._info()

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Plays `action` for the learner, then the bots to its next turn (or the end)."""
        if self.state is None:
            raise RuntimeError("reset() the environment before stepping it")
        if self._done:
            raise RuntimeError("the episode is over: reset() the environment")
        try:
            self.state.apply_action(int(action))
        except IllegalAction:
            if self.illegal_action == "raise":
                raise
            info = self._info()
            info["illegal_action"] = int(action)
            self._done = True  # the position is kept; the episode is over
            return self._observe(), self.illegal_reward, True, False, info
        self._play_others()
        now = float(self.state.returns()[self.seat])
        reward, self._return = now - self._return, now
        self._done = bool(self.state.is_terminal())
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, self._done, False, self._info()

    def render(self) -> str | None:
        """The learner's screen (``State.observation_string``): returned for ``"ansi"``, printed
        for ``"human"``; ``None`` without a render mode."""
        if self.render_mode is None:
            return None
        if self.state is None:
            text = "(not dealt: call reset())"
        else:
            text = self.state.observation_string(self.seat)
            if self.state.is_terminal():
                outcome = self.state.outcome()
                text += f"\n{outcome['text'] if outcome else 'over'}\nreturns: {self.state.returns()}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Releases nothing (no window)."""


class SeatVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` tables of one game as a Gymnasium ``VectorEnv``: the learner plays ``seat``
    at every table, a ladder bot the other seats, all stepped in Rust (``cardrules.VecEnv``).

    Args:
        game: a game name of ``cardrules.games()`` or a ``cardrules.Game``.
        variant, players, rules, preset: the game's options (see ``cardrules.new_game``).
        num_envs: the number of tables.
        seat: the learner's seat.
        opponent: the ladder bot of the other seats (``"random"``, ``"rules"``,
            ``"ismcts:200"``, ...).
        seed: the seed of every table's deals (``reset(seed=s)`` reseeds): table ``t`` plays the
            deal ``cardrules.deal_seed(seed, first_table + t, episode)``.
        observation: ``"observation"`` or ``"information_state"``.
        autoreset: ``"next-step"`` (Gymnasium's ``AutoresetMode.NEXT_STEP``) or ``"disabled"``
            (a finished table waits for ``reset(options={"reset_mask": ...})``).
        duplicate: tables ``2k`` and ``2k + 1`` play the same deals, the learner one seat on at
            the odd table (its reward is that seat's).
        threads: threads that step the tables (results are the same for any number).
        first_table: the number of the first table, when this batch is one part of a larger one.
        illegal_reward: ``None`` (an illegal action raises ``cardrules.IllegalAction`` and no
            table moves) or the reward that ends the episode of a table given one (actions
            sampled from ``action_space`` ignore the mask, so sampling needs this).
        copy: return new arrays from ``reset`` and ``step`` (the default); ``False`` returns
            the batch's own arrays, which the next step overwrites (faster, for callers that
            use each result before stepping again).

    Observations are batched ``Dict(observation=float32 [N, length], action_mask=int8 [N, A])``
    (``observation_space == batch_space(single_observation_space, N)``, the single space the
    same as `SeatEnv`'s); actions an int array ``[N]`` (``MultiDiscrete``); rewards float64
    ``[N]``: the learner's return on the step that ends its episode (or ``illegal_reward``),
    else 0; never truncated. ``infos`` hold, per table, ``deal_seed`` (the seed that deals its
    episode under way, as ``game.new_initial_state(seed=...)``) and ``episode_number`` (its
    episode count), and ``returns`` (every seat's, ``[N, players]``) for tables that
    finished, each with its Gymnasium ``_key`` mask.
    """

    def __init__(
        self,
        game: str | Game,
        variant: str | None = None,
        players: int | None = None,
        rules: Mapping[str, Any] | None = None,
        preset: str | None = None,
        *,
        num_envs: int = 1,
        seat: int = 0,
        opponent: str = "rules",
        seed: int = 0,
        observation: ObservationKind = "observation",
        autoreset: Autoreset = "next-step",
        duplicate: bool = False,
        threads: int = 1,
        first_table: int = 0,
        illegal_reward: float | None = None,
        copy: bool = True,
    ) -> None:
        resolved = resolve_game(game, variant, players, rules, preset)
        n = int(resolved.num_players())
        if not 0 <= seat < n:
            raise ValueError(f"seat must be in 0..{n - 1}, not {seat}")
        modes = {"next-step": gymnasium.vector.AutoresetMode.NEXT_STEP,
                 "disabled": gymnasium.vector.AutoresetMode.DISABLED}
        if autoreset not in modes:
            raise ValueError(f"autoreset must be 'next-step' or 'disabled', not {autoreset!r}")
        self.vec = VecEnv(resolved, num_envs=num_envs, seed=seed, learners=[seat],
                          opponent=opponent, tensor=observation, autoreset=autoreset,
                          duplicate=duplicate, threads=threads, first_table=first_table,
                          illegal_reward=illegal_reward)
        self.game: Game = resolved
        self.seat: int = seat
        self.copy: bool = bool(copy)
        self.num_envs = self.vec.num_envs
        self.metadata = {"autoreset_mode": modes[autoreset]}
        self.single_observation_space = masked_space(resolved, observation)
        self.single_action_space = spaces.Discrete(self.vec.num_actions)
        self.observation_space = gymnasium.vector.utils.batch_space(
            self.single_observation_space, self.num_envs)
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, self.num_envs)
        # At a duplicate pair's odd table the learner sits one place on (VecEnv's rule).
        tables = int(first_table) + np.arange(self.num_envs)
        turn = (tables % 2) if duplicate else np.zeros(self.num_envs, np.int64)
        self._learner_seats = ((seat + turn) % n).astype(np.intp)
        self._rows = np.arange(self.num_envs)
        # Deal seeds change only with a table's episode: refreshed for those tables alone.
        self._deal_seeds = np.zeros(self.num_envs, np.uint64)
        self._seen_episodes = np.full(self.num_envs, -1, np.int64)

    @property
    def learner_seats(self) -> np.ndarray:
        """The learner's seat at each table (``seat``, one on at duplicate pairs' odd tables)."""
        return self._learner_seats.copy()

    def _observe(self) -> dict[str, np.ndarray]:
        obs, mask = self.vec.observation, self.vec.legal_action_mask
        if self.copy:
            return {"observation": obs.copy(), "action_mask": mask.copy()}
        return {"observation": obs, "action_mask": mask}

    def _infos(self, finished: np.ndarray | None = None) -> dict[str, Any]:
        episodes = self.vec.episode.astype(np.int64)
        for t in np.flatnonzero(episodes != self._seen_episodes):
            seed = self.vec.deal_seed(int(t))
            assert seed is not None, "a table's episode changed, so it has been reset"
            self._deal_seeds[t] = seed
        self._seen_episodes = episodes
        everywhere = np.ones(self.num_envs, np.bool_)
        infos: dict[str, Any] = {
            "deal_seed": self._deal_seeds.copy(), "_deal_seed": everywhere,
            "episode_number": self.vec.episode.copy(), "_episode_number": everywhere.copy(),
        }
        if finished is not None and finished.any():
            infos["returns"] = np.where(finished[:, None], self.vec.rewards, 0).astype(np.float32)
            infos["_returns"] = finished.copy()
        return infos

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Deals every table's next episode (with ``seed``, the batch is reseeded and episodes
        count from 0) and plays the bots to the learner's first turn. ``options`` may hold
        ``"reset_mask"``: a bool array ``[N]`` of the tables to deal (the others keep their
        episode)."""
        super().reset(seed=seed)
        mask = (options or {}).get("reset_mask")
        if mask is not None:
            mask = np.asarray(mask)
            if mask.shape != (self.num_envs,) or mask.dtype != np.bool_:
                raise ValueError(f"options['reset_mask'] must be a bool array of shape "
                                 f"({self.num_envs},), not {mask.dtype.name} {mask.shape}")
        self.vec.reset(seed=seed, mask=mask)
        if seed is not None:  # episodes count from 0 again: an unchanged number is a new deal
            self._seen_episodes[:] = -1
        return self._observe(), self._infos()

    def step(
        self, actions: np.ndarray | Sequence[int]
    ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Plays each table's action for the learner (ignored at a table whose episode ended on
        the last step: under ``"next-step"`` that table deals its next episode, under
        ``"disabled"`` it waits for ``reset(mask=...)``), then the bots to the learner's next
        turn.

        Raises:
            cardrules.IllegalAction: an illegal action without ``illegal_reward``, or a step
                before the first reset; no table moves.
            ValueError: actions that are not ``num_envs`` integers.
        """
        self.vec.step(actions)
        rewards = self.vec.rewards[self._rows, self._learner_seats].astype(np.float64)
        terminations = self.vec.terminated.copy()
        return (self._observe(), rewards, terminations, self.vec.truncated.copy(),
                self._infos(terminations))

    def close_extras(self, **kwargs: Any) -> None:
        """Releases nothing (no window, no process)."""

    def __repr__(self) -> str:
        return f"SeatVectorEnv({self.game!r}, num_envs={self.num_envs}, seat={self.seat})"


def register(prefix: str = "cardrules") -> list[str]:
    """Registers one Gymnasium id per catalogue line, ``"{prefix}/{record}-v0"`` (e.g.
    ``"cardrules/schieber-deal-v0"``), each a `SeatEnv` of that game type (keyword arguments
    of ``gymnasium.make`` go to `SeatEnv`) whose vector entry point is `SeatVectorEnv`
    (``gymnasium.make_vec(id, num_envs=n)`` makes one, its keyword arguments going to
    `SeatVectorEnv`; ``vectorization_mode="sync"`` makes ``n`` `SeatEnv` instead). Returns the
    ids. Nothing is registered on import."""
    ids: list[str] = []
    for line in games():
        env_id = f"{prefix}/{line['record']}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point=f"{__name__}:SeatEnv",
                vector_entry_point=f"{__name__}:SeatVectorEnv",
                kwargs={"game": line["name"], "variant": line["variant"]},
            )
        ids.append(env_id)
    return ids
