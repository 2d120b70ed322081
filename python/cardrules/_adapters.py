"""Shared helpers of the adapters (PettingZoo, Gymnasium, OpenSpiel): not a public API."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import numpy as np

from ._cardrules import Game, State, new_game

#: The bounds every adapter declares for the observation and information-state tensors. Every
#: value lies in [0, 1] except a few totals (Eléwénjewé's game totals), which are clamped to
#: [-1, 1]; random games over every game type and player count stay in [0, 1], but the
#: documented range of those slots is [-1, 1], so the spaces declare the safe [-1, 1].
TENSOR_LOW: float = -1.0
TENSOR_HIGH: float = 1.0

ObservationKind = Literal["observation", "information_state"]


def optional_import_error(module: str, extra: str) -> ImportError:
    """The error raised when an optional dependency of an adapter is missing."""
    return ImportError(
        f"cardrules.{extra} needs the optional dependency {module!r}: "
        f"install it with `pip install './python[{extra}]'` (or `pip install {module}`)"
    )


def resolve_game(
    game: str | Game,
    variant: str | None = None,
    players: int | None = None,
    rules: Mapping[str, Any] | None = None,
    preset: str | None = None,
) -> Game:
    """A `Game` from a `Game` (returned as is) or a game name and its options."""
    if isinstance(game, Game):
        if variant is not None or players is not None or rules is not None or preset is not None:
            raise ValueError("pass either a Game or a game name with its options, not both")
        return game
    return new_game(
        game,
        variant=variant,
        players=players,
        rules=dict(rules) if rules is not None else None,
        preset=preset,
    )


def tensor_size(game: Game, kind: ObservationKind) -> int:
    """The length of the tensor `kind` of `game`."""
    if kind == "observation":
        return int(game.observation_tensor_size())
    if kind == "information_state":
        return int(game.information_state_tensor_size())
    raise ValueError(f"observation must be 'observation' or 'information_state', not {kind!r}")


def masked_space(game: Game, kind: ObservationKind) -> Any:
    """The Gymnasium space of an observation with its legal mask:
    ``Dict(observation=Box(-1, 1, (length,), float32), action_mask=Box(0, 1, (actions,), int8))``
    (Gymnasium is imported here: both adapters that call this have it)."""
    from gymnasium import spaces

    length = tensor_size(game, kind)
    actions = int(game.num_distinct_actions())
    return spaces.Dict(
        {
            "observation": spaces.Box(TENSOR_LOW, TENSOR_HIGH, (length,), np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8),
        }
    )


def tensor(state: State, kind: ObservationKind, seat: int) -> np.ndarray:
    """A new float32 tensor `kind` of `state` for `seat`."""
    if kind == "observation":
        return state.observation_tensor(seat)
    return state.information_state_tensor(seat)


def seed_from(rng: np.random.Generator) -> int:
    """A deal seed drawn from `rng` (a non-negative 63-bit integer)."""
    return int(rng.integers(0, 2**63 - 1, dtype=np.int64))


#: The table numbers of env runners: ``worker_index`` picks a block of 2**20 tables, the vector
#: index a block of 2**12 inside it, and each later instance of the same (runner, vector index)
#: in one process the next table of that block; tables stay below VecEnv's 2**32.
RUNNERS: int = 1 << 12
VECTORS: int = 1 << 8
INSTANCES: int = 1 << 12


def runner_table(worker_index: int, vector_index: int, instance: int) -> int:
    """The table number of the ``instance``-th environment (0, 1, ...) made in one process for
    env runner ``worker_index`` and vector index ``vector_index``: distinct for distinct
    arguments, so no two environments of a training run play the same deals."""
    for name, value, bound in (("worker_index", worker_index, RUNNERS),
                               ("vector_index", vector_index, VECTORS),
                               ("instance", instance, INSTANCES)):
        if not 0 <= value < bound:
            raise ValueError(f"{name} must be in 0..{bound - 1} to give a table of its own, not {value}")
    return (worker_index * VECTORS + vector_index) * INSTANCES + instance
