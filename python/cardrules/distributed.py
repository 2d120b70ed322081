"""Tournaments and self-play data split by deal range, run on other processes or on Ray.

A deal is fixed by the run's seed and its number alone, so deals ``start`` to ``end - 1`` are a
pure task: ``cardrules.tournament_shard`` (a picklable ``TournamentShard``) or
``cardrules.selfplay_shard`` (a dict of numpy arrays). Shards that cover every deal merge
exactly: ``cardrules.merge_tournament`` gives the report ``cardrules.tournament`` and the
command line's ``cardrules tournament --json`` give for the same seed (all but ``timing``),
however many shards there were; ``merge_selfplay`` concatenates self-play data in deal order.

The runners here send those tasks to a ``concurrent.futures`` executor (a process pool unless
one is given) or to Ray (``pip install 'cardrules[ray]'``), and merge what comes back. Only
names travel: ladder bots (names or ``cardrules.Bot``) and, in a tournament, outside programs
(``"exec:COMMAND"``, which every worker must be able to start). A Python function cannot be sent
to another process.

>>> import cardrules
>>> from cardrules.distributed import run_tournament
>>> from concurrent.futures import ThreadPoolExecutor
>>> game = cardrules.new_game("letom", variant="deal")
>>> with ThreadPoolExecutor(2) as pool:
...     report = run_tournament(game, ["rules", "random"], deals=8, seed=3, shards=4,
...                             executor=pool)
>>> one = cardrules.tournament(game, ["rules", "random"], deals=8, seed=3)
>>> report["standings"] == one["standings"]
True
"""

from __future__ import annotations

import os
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, Sequence, Union

import numpy as np

from ._cardrules import (
    Bot,
    CardrulesError,
    Game,
    TournamentShard,
    merge_tournament,
    selfplay_shard,
    tournament_shard,
)

__all__ = [
    "merge_selfplay",
    "ray_selfplay",
    "ray_tournament",
    "run_selfplay",
    "run_tournament",
    "split",
]

Ladder = Union[str, Bot]

#: The per-decision arrays of self-play data, concatenated in deal order on a merge.
ROWS = ("deal", "seat", "observation", "legal_mask", "action")
#: The per-deal arrays, likewise.
DEALS = ("returns", "deal_seed")


def split(deals: int, shards: int) -> list[tuple[int, int]]:
    """Deals ``0`` to ``deals - 1`` cut into at most ``shards`` ranges ``(start, end)`` of
    nearly equal length, in order, none empty (one empty range for no deals)."""
    if deals < 0 or shards < 1:
        raise CardrulesError(f"cannot split {deals} deals into {shards} shards")
    shards = max(1, min(shards, deals))
    cuts = [deals * i // shards for i in range(shards + 1)]
    return list(zip(cuts, cuts[1:]))


def _names(players: Sequence[Ladder]) -> list[str]:
    # Names travel; a Bot's own seed does not matter (the run's seed seeds every bot).
    return [p.name if isinstance(p, Bot) else p for p in players]


def _tournament_task(game: Game, players: list[str], seed: int, start: int, end: int,
                     records: bool) -> TournamentShard:
    return tournament_shard(game, players, seed=seed, start=start, end=end, records=records)


def _selfplay_task(game: Game, bots: list[str], seed: int, start: int,
                   end: int) -> dict[str, Any]:
    return selfplay_shard(game, bots, seed=seed, start=start, end=end)


def _workers(shards: int) -> int:
    return max(1, min(shards, os.cpu_count() or 1))


def run_tournament(game: Game, players: Sequence[Ladder], deals: int = 100, seed: int = 0,
                   shards: int | None = None, records: bool = False,
                   executor: Executor | None = None) -> dict[str, Any]:
    """``cardrules.tournament(game, players, deals, seed, records)`` with its deals split into
    ``shards`` ranges (default: one per CPU) run on ``executor`` (default: a process pool of
    its own, closed after). The report is the same as one process's, all but ``timing``
    (which adds up the shards' seconds). ``deals`` may pass ``cardrules.tournament``'s bound
    of 10,000,000, as long as no shard does.

    Raises ``BotError`` for a player that is neither a ladder bot nor a program (checked here,
    before any task is sent), ``CardrulesError`` for no deals, and whatever a shard raised.
    """
    names = _names(players)
    # A shard of no deals checks the bots, the rules and the players in this process.
    tournament_shard(game, names, seed=seed, start=0, end=0)
    ranges = split(deals, shards or _workers(deals))
    if executor is None:
        with ProcessPoolExecutor(_workers(len(ranges))) as pool:
            return run_tournament(game, names, deals, seed, len(ranges), records, pool)
    futures = [executor.submit(_tournament_task, game, names, seed, start, end, records)
               for start, end in ranges]
    return merge_tournament([f.result() for f in futures])


def _ray() -> Any:
    try:
        import ray
    except ImportError as e:
        raise ImportError(
            "the Ray runners need Ray: pip install 'cardrules[ray]'") from e
    return ray


def ray_tournament(game: Game, players: Sequence[Ladder], deals: int = 100, seed: int = 0,
                   shards: int = 16, records: bool = False) -> dict[str, Any]:
    """``run_tournament`` with each shard a Ray task (``ray.remote``), on the Ray cluster
    this process is connected to (``ray.init`` first, or Ray starts a local one).

    Raises ``ImportError`` without Ray (``pip install 'cardrules[ray]'``), ``BotError`` for a
    player that is neither a ladder bot nor a program, ``CardrulesError`` for no deals.
    """
    ray = _ray()
    names = _names(players)
    tournament_shard(game, names, seed=seed, start=0, end=0)
    task = ray.remote(_tournament_task)
    refs = [task.remote(game, names, seed, start, end, records)
            for start, end in split(deals, shards)]
    return merge_tournament(ray.get(refs))


def merge_selfplay(parts: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Self-play shards (``cardrules.selfplay_shard``'s dicts, in any order) concatenated in
    deal order: the data of one shard over all their deals.

    Raises ``CardrulesError`` for no shards, shards of different runs (game, bots or seed), or
    a gap or an overlap between them.
    """
    if not parts:
        raise CardrulesError("there are no self-play shards to merge")
    runs = {(p["game"], tuple(p["bots"]), p["seed"]) for p in parts}
    if len(runs) > 1:
        raise CardrulesError("the shards are of different runs: " + "; ".join(
            f"{game} with bots {', '.join(bots)} from seed {seed}" for game, bots, seed in sorted(runs)))
    order = sorted(parts, key=lambda p: (p["start"], p["end"]))
    for before, after in zip(order, order[1:]):
        if after["start"] > before["end"]:
            raise CardrulesError(
                f"no shard covers deals {before['end']} to {after['start'] - 1}")
        if after["start"] < before["end"] and after["end"] > after["start"]:
            raise CardrulesError(f"deal {after['start']} is in two shards")
    merged = {key: np.concatenate([p[key] for p in order]) for key in (*ROWS, *DEALS)}
    merged["start"] = order[0]["start"]
    merged["end"] = order[-1]["end"]
    for key in ("game", "bots", "seed"):
        merged[key] = order[0][key]
    return merged


def run_selfplay(game: Game, bots: Union[Ladder, Sequence[Ladder]], deals: int = 100,
                 seed: int = 0, shards: int | None = None,
                 executor: Executor | None = None) -> dict[str, Any]:
    """``cardrules.selfplay_shard(game, bots, seed, 0, deals)`` split into ``shards`` ranges
    run on ``executor`` (default: a process pool of its own) and merged: the same arrays.

    Raises ``BotError`` for a bot that is not of the ladder.
    """
    names = _names([bots] if isinstance(bots, (str, Bot)) else bots)
    selfplay_shard(game, names, seed=seed, start=0, end=0)
    ranges = split(deals, shards or _workers(deals))
    if executor is None:
        with ProcessPoolExecutor(_workers(len(ranges))) as pool:
            return run_selfplay(game, names, deals, seed, len(ranges), pool)
    futures = [executor.submit(_selfplay_task, game, names, seed, start, end)
               for start, end in ranges]
    return merge_selfplay([f.result() for f in futures])


def ray_selfplay(game: Game, bots: Union[Ladder, Sequence[Ladder]], deals: int = 100,
                 seed: int = 0, shards: int = 16) -> dict[str, Any]:
    """``run_selfplay`` with each shard a Ray task.

    Raises ``ImportError`` without Ray (``pip install 'cardrules[ray]'``), ``BotError`` for a
    bot that is not of the ladder.
    """
    ray = _ray()
    names = _names([bots] if isinstance(bots, (str, Bot)) else bots)
    selfplay_shard(game, names, seed=seed, start=0, end=0)
    task = ray.remote(_selfplay_task)
    refs = [task.remote(game, names, seed, start, end) for start, end in split(deals, shards)]
    return merge_selfplay(ray.get(refs))
