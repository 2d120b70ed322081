"""Many tables of one game stepped together in Rust: ``cardrules.VecEnv``.

>>> import numpy as np
>>> import cardrules
>>> env = cardrules.VecEnv("jass", variant="schieber-deal", num_envs=64, seed=1, threads=2)
>>> env.reset()
>>> rng = np.random.default_rng(0)
>>> for _ in range(100):
...     # A random legal action per table; a finished table's mask is all 0 (its action ignored).
...     weights = rng.random(env.legal_action_mask.shape) * env.legal_action_mask
...     env.step(weights.argmax(axis=1))
>>> env.observation.shape == (64, env.observation_size)
True

Every table is a game of the catalogue played in Rust without the interpreter: one call to
``step`` plays each table's action (an action id of ``game.num_distinct_actions()``, the same
ids as ``State``), then the bots in the seats no learner holds, up to a learner's next decision,
and writes every table's row of the arrays below, with the interpreter's lock released and the
tables spread over ``threads`` threads. The names are Pgx's:

- ``observation`` ``float32 [N, observation_size]``: the tensor of the seat to act
  (``tensor="observation"`` or ``"information_state"``, as ``State`` writes them); when a
  table's episode is over, the tensor of the learner seat that acted last;
- ``legal_action_mask`` ``int8 [N, num_actions]`` (all 0 when the episode is over);
- ``current_player`` ``int32 [N]``: the seat to act, ``cardrules.TERMINAL`` when over;
- ``rewards`` ``float32 [N, num_players]``: every seat's return on the step that ended the
  episode (``State.returns()``), else 0;
- ``terminated`` ``bool [N]``; ``truncated`` ``bool [N]`` (always false: every game ends by its
  rules); ``episode`` ``uint64 [N]``: each table's episode number.

Table ``t`` in episode ``e`` plays the game ``game.new_initial_state(seed=s)`` deals, where
``s = cardrules.deal_seed(seed, first_table + t, e)`` (``env.deal_seed(t)`` for the episode
under way): the same for any thread count, any ``num_envs`` and any split of the tables into
batches (``first_table`` numbers a batch's first table in the whole). With ``duplicate=True``, tables
``2k`` and ``2k + 1`` get the same deals and the learners' seats turn one place at the odd one.

An episode that would end before any learner decides (a Letom deal settled at the deal, or
ended by the bots) is skipped: the table deals its next episode in its place.

Autoreset (``autoreset``): ``"next-step"`` (Gymnasium 1.0's ``NEXT_STEP``: the step after
the one that ended a table's episode starts the next one, ignoring that table's action, and
pays nothing) or ``"disabled"`` (a finished table waits for ``reset(mask=...)``: steps ignore
its action and leave it as it is, while the other tables play on). Either way the row of a
finished table has an all-zero ``legal_action_mask``: a masked softmax over it must not divide
by zero.

An illegal action raises ``cardrules.IllegalAction`` before any table moves (the default) or,
with ``illegal_reward=r``, ends that table's episode paying ``r`` to the seat that chose it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

import numpy as np

from ._adapters import resolve_game
from ._cardrules import TERMINAL, Batch, Game, deal_seed

__all__ = ["VecEnv", "deal_seed"]

Autoreset = Literal["next-step", "disabled"]
Tensor = Literal["observation", "information_state"]


def _opponents(opponent: str | Sequence[str | None], learners: Sequence[int] | None,
               players: int) -> list[str]:
    """The bots' names as the engine takes them: one for every seat, or one per seat."""
    if isinstance(opponent, str):
        return [opponent]
    names = list(opponent)
    if len(names) != players:
        raise ValueError(f"opponent: give one name, or one per seat ({players}), not {len(names)}")
    held = set(range(players)) if not learners else {int(s) for s in learners}
    for seat, name in enumerate(names):
        if name is None and seat not in held:
            raise ValueError(f"opponent: seat {seat} is no learner's, so it needs a bot")
    # A learner's seat is never played by a bot: any name holds its place.
    return [name if name is not None else "random" for name in names]


class VecEnv:
    """``num_envs`` tables of one game type stepped together in Rust.

    Args:
        game: a game name of ``cardrules.games()`` or a ``cardrules.Game``.
        variant, players, rules, preset: the game's options (see ``cardrules.new_game``).
        num_envs: the number of tables.
        seed: the seed every table's deals come from.
        learners: the seats the caller plays (default: every seat, self-play); a bot plays
            the others inside ``step``.
        opponent: the ladder bot of the other seats (``"random"``, ``"rules"``,
            ``"ismcts:200"``, ...), or one per seat (``num_players`` names; a learner's entry is
            unused and may be ``None``): in a team game, the partner apart from the opponents.
        tensor: ``"observation"`` or ``"information_state"``.
        autoreset: ``"next-step"`` or ``"disabled"``.
        duplicate: tables ``2k`` and ``2k + 1`` play the same deals, the learners turned.
        threads: threads that step the tables (results are the same for any number).
        first_table: the number of the first table, when a batch is one part of a larger one.
        illegal_reward: ``None`` (an illegal action raises) or the reward that ends the
            episode of a table given one.
        out: arrays of the caller's to write into instead of new ones, by name
            (``observation``, ``legal_action_mask``, ``current_player``, ``rewards``,
            ``terminated``, ``truncated``, ``episode``), each C-contiguous with its shape and
            dtype.

    Raises:
        cardrules.UnknownGame, cardrules.InvalidRules: for a game or options not in the
            catalogue; cardrules.BotError: for an opponent that is not a ladder bot.
    """

    #: How a finished table starts its next episode.
    autoreset_mode: Autoreset

    def __init__(
        self,
        game: str | Game,
        variant: str | None = None,
        players: int | None = None,
        rules: Mapping[str, Any] | None = None,
        preset: str | None = None,
        *,
        num_envs: int = 1,
        seed: int = 0,
        learners: Sequence[int] | None = None,
        opponent: str | Sequence[str | None] = "random",
        tensor: Tensor = "observation",
        autoreset: Autoreset = "next-step",
        duplicate: bool = False,
        threads: int = 1,
        first_table: int = 0,
        illegal_reward: float | None = None,
        out: Mapping[str, np.ndarray] | None = None,
    ) -> None:
        self.game: Game = resolve_game(game, variant, players, rules, preset)
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, not {num_envs}")
        if tensor not in ("observation", "information_state"):
            raise ValueError(f"tensor must be 'observation' or 'information_state', not {tensor!r}")
        self._batch = Batch(
            self.game,
            int(num_envs),
            seed=int(seed),
            learners=None if learners is None else [int(s) for s in learners],
            opponent=_opponents(opponent, learners, int(self.game.num_players())),
            tensor=tensor,
            autoreset=autoreset,
            duplicate=bool(duplicate),
            threads=int(threads),
            first_table=int(first_table),
            illegal_reward=None if illegal_reward is None else float(illegal_reward),
        )
        self.num_envs: int = int(num_envs)
        self.num_players: int = int(self.game.num_players())
        self.num_actions: int = int(self.game.num_distinct_actions())
        self.observation_size, _, _ = self._batch.dims
        self.tensor: Tensor = tensor
        self.learners: list[int] = list(range(self.num_players)) if not learners else [int(s) for s in learners]
        #: ``int32 [N, len(learners)]``: the seats the learners hold at each table (with
        #: ``duplicate``, one place on at the odd tables): the columns of ``rewards`` that are
        #: theirs.
        self.learner_seats: np.ndarray = np.array(
            [self._batch.learner_seats(t) for t in range(int(num_envs))], np.int32
        ).reshape(int(num_envs), -1)
        self.autoreset_mode = autoreset
        self.threads: int = int(threads)
        n = self.num_envs
        shapes: dict[str, tuple[tuple[int, ...], type]] = {
            "observation": ((n, self.observation_size), np.float32),
            "legal_action_mask": ((n, self.num_actions), np.int8),
            "current_player": ((n,), np.int32),
            "rewards": ((n, self.num_players), np.float32),
            "terminated": ((n,), np.bool_),
            "truncated": ((n,), np.bool_),
            "episode": ((n,), np.uint64),
        }
        given = dict(out or {})
        unknown = set(given) - set(shapes)
        if unknown:
            raise ValueError(f"out: no array is called {sorted(unknown)}; the names are {sorted(shapes)}")
        arrays: dict[str, np.ndarray] = {}
        for name, (shape, dtype) in shapes.items():
            array = given.get(name)
            if array is None:
                array = np.zeros(shape, dtype)
            elif array.shape != shape or array.dtype != dtype or not array.flags.c_contiguous:
                raise ValueError(
                    f"out[{name!r}] must be a C-contiguous {np.dtype(dtype).name} array of shape "
                    f"{shape}, not {array.dtype.name} {array.shape}"
                )
            arrays[name] = array
        self.observation: np.ndarray = arrays["observation"]
        self.legal_action_mask: np.ndarray = arrays["legal_action_mask"]
        self.current_player: np.ndarray = arrays["current_player"]
        self.rewards: np.ndarray = arrays["rewards"]
        self.terminated: np.ndarray = arrays["terminated"]
        self.truncated: np.ndarray = arrays["truncated"]
        self.episode: np.ndarray = arrays["episode"]
        self._actions = np.zeros(n, np.int64)

    def _arrays(self) -> tuple[np.ndarray, ...]:
        return (self.observation, self.legal_action_mask, self.current_player, self.rewards,
                self.terminated, self.truncated, self.episode)

    def reset(self, seed: int | None = None, mask: np.ndarray | Sequence[bool] | None = None) -> None:
        """Starts the tables ``mask`` marks (all by default) on their next episode, played to a
        learner's decision, and writes every table's row (``rewards`` 0). With ``seed``, every
        table's episodes are dealt from ``seed`` from now on, counted from 0 again (a table
        ``mask`` leaves out plays its episode under way to its end first)."""
        only = None if mask is None else np.ascontiguousarray(mask, dtype=np.bool_)
        self._batch.reset_into(None if seed is None else int(seed), only, *self._arrays())

    def step(self, actions: np.ndarray | Sequence[int]) -> None:
        """Plays each table's action (an action id; ignored at a table whose episode is over,
        which under ``"next-step"`` deals its next one and under ``"disabled"`` waits), then the
        bots to a learner's next decision, and writes every table's row.

        Raises:
            cardrules.IllegalAction: an action that is not legal at its table (unless
                ``illegal_reward`` is set); no table moves.
        """
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},), not {actions.shape}")
        if actions.dtype != np.int64:
            if not np.issubdtype(actions.dtype, np.integer):
                raise ValueError(f"actions must be integers, not {actions.dtype.name}")
            np.copyto(self._actions, actions, casting="unsafe")
            actions = self._actions
        self._batch.step_into(np.ascontiguousarray(actions), *self._arrays())

    def deal_seed(self, table: int) -> int | None:
        """The seed of table ``table``'s episode under way: ``game.new_initial_state(seed=...)``
        deals the same game (``None`` before the first reset)."""
        if not 0 <= table < self.num_envs:
            raise IndexError(f"table must be in 0..{self.num_envs - 1}, not {table}")
        return self._batch.deal_seed(int(table))

    @property
    def over(self) -> np.ndarray:
        """Whether each table's episode is over (``current_player == TERMINAL``)."""
        over: np.ndarray = self.current_player == TERMINAL
        return over

    def __repr__(self) -> str:
        return (f"VecEnv({self.game!r}, num_envs={self.num_envs}, learners={self.learners}, "
                f"tensor={self.tensor!r}, autoreset={self.autoreset_mode!r}, threads={self.threads})")
