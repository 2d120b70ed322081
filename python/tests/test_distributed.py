"""Tournaments and self-play split by deal range: any split, run in this process, a process pool
or Ray, merges to what one process (and the command line) gives for the same seed."""

from __future__ import annotations

import json
import os
import pickle
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Iterator

import numpy as np
import pytest

import cardrules
import cardrules.distributed
from cardrules.distributed import (
    merge_selfplay,
    ray_selfplay,
    ray_tournament,
    run_selfplay,
    run_tournament,
    split,
)
from test_cli import cli

GAMES = [
    ("jass", "schieber-deal", ["rules", "random"]),
    ("letom", "deal", ["pimc:10", "rules"]),
]
IDS = [variant for _, variant, _ in GAMES]


def without_timing(report: dict[str, Any]) -> dict[str, Any]:
    """The report but its timing, the one part that differs from run to run."""
    return {key: value for key, value in report.items() if key != "timing"}


def command_line(name: str, variant: str, bots: list[str], deals: int, seed: int) -> dict:
    args = [str(cli()), "tournament", name, "--variant", variant, "--bots", ",".join(bots),
            "--deals", str(deals), "--seed", str(seed), "--threads", "1", "--json"]
    return json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)


def shards(game: cardrules.Game, bots: list[str], deals: int, seed: int, n: int,
           records: bool = False) -> list[cardrules.TournamentShard]:
    return [cardrules.tournament_shard(game, bots, seed=seed, start=start, end=end,
                                       records=records)
            for start, end in split(deals, n)]


@pytest.mark.parametrize(("name", "variant", "bots"), GAMES, ids=IDS)
def test_any_split_merges_to_one_process(name: str, variant: str, bots: list[str]) -> None:
    game = cardrules.new_game(name, variant=variant)
    one = without_timing(cardrules.tournament(game, bots, deals=16, seed=11, records=True))
    assert one["deals"] == 16
    for n in (1, 2, 3, 16):
        parts = shards(game, bots, 16, 11, n, records=True)
        assert [len(s) for s in parts] == [e - s for s, e in split(16, n)]
        # Through pickle, as between processes, and back in any order.
        parts = [pickle.loads(pickle.dumps(s)) for s in reversed(parts)]
        assert without_timing(cardrules.merge_tournament(parts)) == one, n


def test_a_shard_says_what_it_holds() -> None:
    game = cardrules.new_game("letom", variant="deal")
    shard = cardrules.tournament_shard(game, ["rules", cardrules.Bot("random")], seed=4,
                                       start=3, end=5)
    assert (shard.start, shard.end, shard.seed, shard.players) == (3, 5, 4, ["rules", "random"])
    assert shard.game == game
    assert [deal for deal, _ in shard.results()] == [3, 4]
    # Each deal: the pair under each seating, a settlement per seat, zero-sum.
    for _, games in shard.results():
        assert len(games) == 2
        assert all(len(g) == 2 and sum(g) == 0 for g in games)
    assert pickle.loads(pickle.dumps(shard)) == shard


def test_gaps_overlaps_and_other_tournaments_are_refused() -> None:
    game = cardrules.new_game("letom", variant="deal")
    bots = ["rules", "random"]
    a, b, c = shards(game, bots, 6, 1, 3)
    with pytest.raises(cardrules.CardrulesError, match="no shard covers deals 2 to 3"):
        cardrules.merge_tournament([a, c])
    with pytest.raises(cardrules.CardrulesError, match="no shard covers deals 0 to 1"):
        cardrules.merge_tournament([b, c])
    wide = cardrules.tournament_shard(game, bots, seed=1, start=1, end=4)
    with pytest.raises(cardrules.CardrulesError, match="deal 1 is in two shards"):
        cardrules.merge_tournament([a, wide, c])
    other = cardrules.tournament_shard(game, bots, seed=2, start=2, end=4)
    with pytest.raises(cardrules.CardrulesError, match="their seed differ"):
        cardrules.merge_tournament([a, other, c])
    with pytest.raises(cardrules.CardrulesError, match="no shards"):
        cardrules.merge_tournament([])
    # A shard of no deals checks a run's players; alone it is no tournament, as deals=0 is not.
    empty = cardrules.tournament_shard(game, bots, seed=1, start=0, end=0)
    with pytest.raises(cardrules.CardrulesError, match="hold no deals"):
        cardrules.merge_tournament([empty])
    with ThreadPoolExecutor(2) as pool, pytest.raises(cardrules.CardrulesError, match="no deals"):
        run_tournament(game, bots, deals=0, executor=pool)
    with pytest.raises(cardrules.CardrulesError, match="not a TournamentShard"):
        cardrules.merge_tournament([a, "b"])
    with pytest.raises(cardrules.CardrulesError, match="4 is before 5"):
        cardrules.tournament_shard(game, bots, start=5, end=4)
    with pytest.raises(cardrules.InvalidRecord):
        cardrules._cardrules._restore_shard('{"game": "letom-deal"}')


def test_a_shard_with_any_field_wrong_is_refused_not_merged() -> None:
    # A shard comes back from another machine as JSON: an edited or damaged one raises the
    # package's errors, never reaches the standings' arithmetic.
    from test_hostile import EXPECTED, garbage_json

    game = cardrules.new_game("letom", variant="deal")
    first, second = shards(game, ["rules", "random"], 4, 9, 2)
    text = second.__reduce__()[1][0]
    rng = random.Random(3)
    for path in [[key] for key in json.loads(text)] + [
        ["deals", 0, "deal"], ["deals", 0, "games"], ["deals", 1, "games", 0, "pair"],
        ["deals", 1, "games", 1, "seating"], ["deals", 0, "games", 0, "settlement"],
    ]:
        for _ in range(15):
            broken = json.loads(text)
            place = broken
            for key in path[:-1]:
                place = place[key]
            place[path[-1]] = garbage_json(rng)
            try:
                shard = cardrules._cardrules._restore_shard(json.dumps(broken))
                report = cardrules.merge_tournament([first, shard])
            except EXPECTED:
                continue
            # What merged was a shard of the same tournament: the seconds, or a value as it was.
            assert report["deals"] == 4


def test_functions_cannot_go_to_another_process() -> None:
    game = cardrules.new_game("letom", variant="deal")
    with pytest.raises(cardrules.BotError, match="cannot be sent to another process"):
        cardrules.tournament_shard(game, ["rules", lambda view, legal: 0], end=1)
    with pytest.raises(cardrules.BotError, match="cannot be sent to another process"):
        run_tournament(game, ["rules", print], deals=2, executor=ThreadPoolExecutor(1))
    with pytest.raises(cardrules.BotError):
        cardrules.tournament_shard(game, ["rules", "nobody"], end=1)


def test_split_covers_the_deals_once() -> None:
    assert split(10, 3) == [(0, 3), (3, 6), (6, 10)]
    assert split(2, 16) == [(0, 1), (1, 2)]
    assert split(0, 4) == [(0, 0)]
    with pytest.raises(cardrules.CardrulesError):
        split(5, 0)


@pytest.mark.parametrize(("name", "variant", "bots"), GAMES, ids=IDS)
def test_a_process_pool_equals_the_command_line(name: str, variant: str,
                                                bots: list[str]) -> None:
    theirs = command_line(name, variant, bots, 16, 23)
    game = cardrules.new_game(name, variant=variant)
    ours = run_tournament(game, bots, deals=16, seed=23, shards=3)
    assert without_timing(ours) == without_timing(theirs)


def test_any_executor_will_do() -> None:
    game = cardrules.new_game("jass", variant="schieber-deal")
    with ThreadPoolExecutor(2) as pool:
        ours = run_tournament(game, ["rules", "random"], deals=5, seed=2, shards=5,
                              executor=pool)
    one = cardrules.tournament(game, ["rules", "random"], deals=5, seed=2)
    assert without_timing(ours) == without_timing(one)


def same_data(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Equal to the last bit, dtypes and shapes included."""
    keys = ("deal", "seat", "observation", "legal_mask", "action", "returns", "deal_seed")
    return all(a[k].dtype == b[k].dtype and a[k].shape == b[k].shape
               and a[k].tobytes() == b[k].tobytes() for k in keys)


@pytest.mark.parametrize(("name", "variant", "bots"), [
    ("jass", "schieber-deal", ["rules", "random", "pimc:5", "random"]),
    ("letom", "deal", ["pimc:10", "rules"]),
    # A capture is taken in several steps: a row per step.
    ("elewenjewe", None, ["rules", "random"]),
], ids=[*IDS, "elewenjewe"])
def test_self_play_shards_concatenate_and_replay(name: str, variant: str | None,
                                                bots: list[str]) -> None:
    game = cardrules.new_game(name, variant=variant)
    whole = cardrules.selfplay_shard(game, bots, seed=5, start=0, end=6)
    k = len(whole["action"])
    assert k > 0
    assert whole["observation"].shape == (k, game.observation_tensor_size())
    assert whole["observation"].dtype == np.float32
    assert whole["legal_mask"].shape == (k, game.num_distinct_actions())
    assert whole["legal_mask"].dtype == np.int8
    assert whole["returns"].shape == (6, game.num_players())
    for n in (2, 3, 6):
        parts = [cardrules.selfplay_shard(game, bots, seed=5, start=s, end=e)
                 for s, e in split(6, n)]
        assert same_data(merge_selfplay(parts[::-1]), whole), n
    # Every action was legal under its mask, and each row is what the acting seat saw: the
    # deal dealt again from its seed and replayed row by row shows the same.
    assert (whole["legal_mask"][np.arange(k), whole["action"]] == 1).all()
    rows = iter(range(k))
    row = next(rows, None)
    for d in range(6):
        state = game.new_initial_state(seed=int(whole["deal_seed"][d]))
        while row is not None and whole["deal"][row] == d:
            seat = int(whole["seat"][row])
            assert state.current_player() == seat
            assert state.observation_tensor(seat).tobytes() == whole["observation"][row].tobytes()
            assert (state.legal_actions_mask(seat) == whole["legal_mask"][row]).all()
            state.apply_action(int(whole["action"][row]))
            row = next(rows, None)
        assert state.is_terminal()
        assert state.returns() == whole["returns"][d].tolist()
    assert row is None


def test_self_play_shards_refuse_gaps_and_bad_bots() -> None:
    game = cardrules.new_game("letom", variant="deal")
    a = cardrules.selfplay_shard(game, "rules", seed=1, start=0, end=2)
    c = cardrules.selfplay_shard(game, "rules", seed=1, start=3, end=4)
    with pytest.raises(cardrules.CardrulesError, match="no shard covers deals 2 to 2"):
        merge_selfplay([a, c])
    with pytest.raises(cardrules.CardrulesError, match="deal 1 is in two shards"):
        merge_selfplay([a, cardrules.selfplay_shard(game, "rules", seed=1, start=1, end=3)])
    # Shards of another seed, bots or game are another run's deals.
    for other in (cardrules.selfplay_shard(game, "rules", seed=2, start=2, end=4),
                  cardrules.selfplay_shard(game, "random", seed=1, start=2, end=4),
                  cardrules.selfplay_shard(cardrules.new_game("letom", variant="deal", players=3),
                                           "rules", seed=1, start=2, end=4)):
        with pytest.raises(cardrules.CardrulesError, match="the shards are of different runs"):
            merge_selfplay([a, other])
    b = cardrules.selfplay_shard(game, "rules", seed=1, start=2, end=3)
    merged = merge_selfplay([b, a])
    assert (merged["game"], merged["bots"], merged["seed"]) == (repr(game), ["rules"], 1)
    with pytest.raises(cardrules.BotError, match="3 bots for 2 seats"):
        cardrules.selfplay_shard(game, ["rules"] * 3, end=1)
    with pytest.raises(cardrules.BotError, match="another process"):
        cardrules.selfplay_shard(game, ["rules", len], end=1)
    # One bot for every seat, by name or as a Bot.
    assert same_data(cardrules.selfplay_shard(game, cardrules.Bot("rules"), seed=1, end=2), a)


# Run in a child, whose memory is capped (RLIMIT_AS) once the package is loaded.
TOO_LONG_FOR_THE_MEMORY = """
import resource
import cardrules
game = cardrules.new_game("elewenjewe")
cardrules.selfplay_shard(game, "random", end=1)
with open("/proc/self/statm") as statm:
    size = int(statm.read().split()[0]) * resource.getpagesize()
resource.setrlimit(resource.RLIMIT_AS, (size + (256 << 20), resource.RLIM_INFINITY))
try:
    cardrules.selfplay_shard(game, "random", end=1_000_000)
except MemoryError as e:
    print("MemoryError:", e)
print(len(cardrules.selfplay_shard(game, "random", end=2)["returns"]))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"),
                    reason="the child caps its memory with RLIMIT_AS and reads /proc")
def test_a_self_play_shard_too_long_for_the_memory_raises_memory_error() -> None:
    """About 1 MiB an Elewenjewe game against 256 MiB: the run is refused in words and the
    interpreter goes on (a vector's own growth would abort the process)."""
    done = subprocess.run([sys.executable, "-c", TOO_LONG_FOR_THE_MEMORY],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    refusal, after = done.stdout.splitlines()
    assert refusal.startswith("MemoryError: memory ran short for the data of deal "), refusal
    assert refusal.endswith("split the run into more, shorter shards"), refusal
    assert after == "2"


# The same for a tournament's records, kept in memory by `tournament` and `tournament_shard`.
RECORDS_TOO_LONG_FOR_THE_MEMORY = """
import resource
import cardrules
game = cardrules.new_game("letom", variant="deal")
players = ["random", "random"]
cardrules.tournament(game, players, deals=1, records=True)
with open("/proc/self/statm") as statm:
    size = int(statm.read().split()[0]) * resource.getpagesize()
resource.setrlimit(resource.RLIMIT_AS, (size + (64 << 20), resource.RLIM_INFINITY))
for run in (lambda: cardrules.tournament(game, players, deals=10_000_000, records=True),
            lambda: cardrules.tournament_shard(game, players, end=10_000_000, records=True)):
    try:
        run()
    except MemoryError as e:
        print("MemoryError:", e)
print(len(cardrules.tournament(game, players, deals=2, records=True)["games"]))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"),
                    reason="the child caps its memory with RLIMIT_AS and reads /proc")
def test_records_too_many_for_the_memory_raise_memory_error() -> None:
    """About 0.7 KiB a Letom game's record against 64 MiB, from a whole tournament and from a
    shard: each run is refused in words and the interpreter goes on."""
    done = subprocess.run([sys.executable, "-c", RECORDS_TOO_LONG_FOR_THE_MEMORY],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    *refusals, after = done.stdout.splitlines()
    assert len(refusals) == 2, done.stdout
    for refusal in refusals:
        assert refusal.startswith("MemoryError: memory ran short for the data of deal "), refusal
    assert after == "4"


def test_self_play_on_a_process_pool() -> None:
    game = cardrules.new_game("jass", variant="schieber-deal")
    whole = cardrules.selfplay_shard(game, "random", seed=8, start=0, end=4)
    assert same_data(run_selfplay(game, "random", deals=4, seed=8, shards=2), whole)


def test_without_ray_the_error_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # None in sys.modules makes `import ray` fail, as it does where Ray is not installed.
    monkeypatch.setitem(sys.modules, "ray", None)
    game = cardrules.new_game("letom", variant="deal")
    with pytest.raises(ImportError, match=r"pip install 'cardrules\[ray\]'"):
        ray_tournament(game, ["rules", "random"], deals=2)
    with pytest.raises(ImportError, match=r"pip install 'cardrules\[ray\]'"):
        ray_selfplay(game, "rules", deals=2)


@pytest.fixture(scope="module")
def ray_session() -> Iterator[Any]:
    ray = pytest.importorskip("ray")
    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    ray.init(num_cpus=2, include_dashboard=False)
    yield ray
    ray.shutdown()


def test_ray_with_16_shards_equals_the_command_line(ray_session: Any) -> None:
    name, variant, bots = GAMES[1]
    theirs = command_line(name, variant, bots, 32, 5)
    ours = ray_tournament(cardrules.new_game(name, variant=variant), bots, deals=32, seed=5,
                          shards=16)
    assert without_timing(ours) == without_timing(theirs)


def test_ray_self_play_equals_one_shard(ray_session: Any) -> None:
    game = cardrules.new_game("letom", variant="deal")
    whole = cardrules.selfplay_shard(game, ["rules", "random"], seed=3, start=0, end=8)
    assert same_data(ray_selfplay(game, ["rules", "random"], deals=8, seed=3, shards=4), whole)
