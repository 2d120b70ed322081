"""The ladder's bots as callables, and tournaments where a Python function takes a seat."""

from __future__ import annotations

import _thread
import os
import pickle
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable

import pytest

import cardrules


def test_bots_play_every_game_to_the_end(game: cardrules.Game) -> None:
    bots = [cardrules.Bot("rules", seed=1), cardrules.Bot("random", seed=2)]
    state = game.new_initial_state(seed=5)
    while not state.is_terminal():
        action = bots[state.current_player() % 2](state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert abs(sum(state.returns())) < 1e-9


def test_a_bot_s_choice_is_fixed_by_its_seed_and_the_position() -> None:
    state = cardrules.new_game("schieber-deal").new_initial_state(seed=3)
    bot = cardrules.Bot("pimc:20", seed=7)
    assert bot(state) == bot.step(state) == cardrules.Bot("pimc:20", seed=7)(state)
    assert pickle.loads(pickle.dumps(bot))(state) == bot(state)
    assert bot.name == "pimc:20"


def test_bad_bot_names_are_refused() -> None:
    with pytest.raises(cardrules.BotError, match="wizard"):
        cardrules.Bot("wizard")
    state = cardrules.new_game("zaagox", players=2).new_initial_state(seed=1)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(cardrules.GameOver):
        cardrules.Bot("rules")(state)


def first_legal(view: dict, legal: list[str]) -> int:
    """A Python player: always the first legal move."""
    assert legal, "a player is asked only when it has a move"
    return 0


def test_a_python_function_plays_in_a_tournament() -> None:
    game = cardrules.new_game("schieber-deal")
    seen: list[dict] = []

    def watcher(view: dict, legal: list[str]) -> str:
        seen.append(view)
        return legal[-1]

    report = cardrules.tournament(game, ["rules", first_legal, ("watcher", watcher)],
                                  deals=3, seed=1)
    names = [b["name"] for b in report["standings"]["bots"]]
    assert names == ["rules", "first_legal", "watcher"]
    assert report["deals"] == 3
    # The function saw only its own seat's view: one hand, its own.
    assert seen and all("hand" in v for v in seen)
    assert all(set(v) == set(seen[0]) for v in seen)


def test_the_report_matches_the_ladder_bots_run_alone() -> None:
    game = cardrules.new_game("letom")
    a = cardrules.tournament(game, ["rules", "random"], deals=4, seed=9)
    b = cardrules.tournament(game, ["rules", cardrules.Bot("random")], deals=4, seed=9)
    assert a["standings"] == b["standings"]


def test_a_failing_player_stops_the_tournament_with_its_error() -> None:
    game = cardrules.new_game("zaagox", players=2)

    def broken(view: dict, legal: list[str]) -> int:
        raise RuntimeError("out of ideas")

    with pytest.raises(cardrules.BotError, match="broken.*out of ideas"):
        cardrules.tournament(game, ["random", broken], deals=1)
    with pytest.raises(cardrules.BotError, match="not a legal move"):
        cardrules.tournament(game, ["random", lambda v, legal: "Z9"], deals=1)
    with pytest.raises(cardrules.BotError, match="legal moves"):
        cardrules.tournament(game, ["random", lambda v, legal: 10**6], deals=1)
    with pytest.raises(cardrules.BotError, match="player 1"):
        cardrules.tournament(game, ["random", 42], deals=1)


EXAMPLE_PLAYER = Path(__file__).resolve().parents[2] / "examples" / "pipe_player.py"


def test_an_outside_program_plays_every_game_type_over_a_pipe(game: cardrules.Game) -> None:
    program = f"exec:{sys.executable} {EXAMPLE_PLAYER}"
    report = cardrules.tournament(game, [program, "random"], deals=1, seed=2)
    bots = report["standings"]["bots"]
    assert [b["name"] for b in bots] == [program, "random"]
    assert all("faults" not in b for b in bots), bots
    assert bots[0]["games"] == bots[1]["games"] > 0


def test_a_late_program_is_a_fault_and_the_game_goes_on(tmp_path: Path) -> None:
    slow = tmp_path / "slow.py"
    slow.write_text("import sys, time\nfor line in sys.stdin:\n    time.sleep(5)\n")
    game = cardrules.new_game("schieber-deal")
    report = cardrules.tournament(game, [f"exec:{sys.executable} {slow}", "random"],
                                  deals=1, answer_time=0.2)
    # Two seats in each of two seatings, each stopped at its first decision.
    assert report["standings"]["bots"][0]["faults"] == 4
    with pytest.raises(cardrules.BotError, match="names no program"):
        cardrules.tournament(game, ["exec:", "random"], deals=1)
    with pytest.raises(cardrules.BotError, match="answer time"):
        cardrules.tournament(game, [f"exec:{slow}", "random"], deals=1, answer_time=-1)
    # A time too short for the clock is refused as what was asked, not as 0.
    with pytest.raises(cardrules.BotError, match="from 1e-9 to 3600, not 1e-10"):
        cardrules.tournament(game, [f"exec:{slow}", "random"], deals=1, answer_time=1e-10)


def test_a_run_plays_at_most_ten_million_deals() -> None:
    game = cardrules.new_game("schieber-deal")
    for deals in (0, 10**7 + 1):
        with pytest.raises(cardrules.CardrulesError, match="from 1 to 10000000, not"):
            cardrules.tournament(game, ["random", "random"], deals=deals)
    with pytest.raises(cardrules.CardrulesError, match="at most 10000000 deals, not 10000001"):
        cardrules.tournament_shard(game, ["random", "random"], end=10**7 + 1)
    with pytest.raises(cardrules.CardrulesError, match="at most 10000000 deals, not 10000001"):
        cardrules.selfplay_shard(game, "random", start=5, end=10**7 + 6)


# Each about half a minute if nothing stopped it (pimc:10 takes over a millisecond a deal).
LONG_RUNS: dict[str, Callable[[cardrules.Game], Any]] = {
    "tournament": lambda game: cardrules.tournament(game, ["pimc:10", "random"], deals=20_000),
    "tournament_shard": lambda game: cardrules.tournament_shard(
        game, ["pimc:10", "random"], end=20_000),
    "selfplay_shard": lambda game: cardrules.selfplay_shard(game, "pimc:10", end=40_000),
}


def _interrupted(after: float, run: Callable[[], Any],
                 interrupt: Callable[[], None] = _thread.interrupt_main) -> float:
    """Seconds `run` took to raise KeyboardInterrupt, with Ctrl-C simulated by `interrupt`
    from another thread `after` seconds in."""
    threading.Timer(after, interrupt).start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        run()
    return time.monotonic() - started


@pytest.mark.parametrize("run", sorted(LONG_RUNS))
def test_ctrl_c_stops_a_long_run_between_deals(run: str) -> None:
    # The run holds no lock Python needs, so Ctrl-C (here simulated from another thread)
    # raises KeyboardInterrupt at the next deal, not when the run would have ended.
    game = cardrules.new_game("schieber-deal")
    assert _interrupted(0.3, lambda: LONG_RUNS[run](game)) < 10


# A program that reads nothing and never answers; its length names its processes (this
# test run's alone).
SILENT = f"sleep 61.{os.getpid()}"
WAITING_RUNS: dict[str, Callable[[cardrules.Game], Any]] = {
    "tournament": lambda game: cardrules.tournament(
        game, ["exec:" + SILENT, "random"], deals=1, answer_time=60),
    # A shard's programs answer within the default 10 s.
    "tournament_shard": lambda game: cardrules.tournament_shard(
        game, ["exec:" + SILENT, "random"], end=1),
}


def _running(command: str) -> list[int]:
    """The processes whose command line is `command`."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if (entry / "cmdline").read_bytes() == command.replace(" ", "\0").encode() + b"\0":
                found.append(int(entry.name))
        except (OSError, ValueError):
            pass
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("run", sorted(WAITING_RUNS))
def test_ctrl_c_stops_a_waiting_program(run: str) -> None:
    # Ctrl-C while an outside program is awaited stops the wait and the program, rather
    # than waiting out its answer time.
    game = cardrules.new_game("schieber-deal")
    assert _interrupted(0.5, lambda: WAITING_RUNS[run](game)) < 5
    # Killed; on a busy machine its end can take a moment to show.
    deadline = time.monotonic() + 5
    while _running(SILENT) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert _running(SILENT) == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="seats `sleep` through sh")
def test_after_ctrl_c_no_python_player_is_asked_again() -> None:
    # Ctrl-C arrives while the program is awaited; the rest of the deal must not call the
    # Python function seated beside it.
    game = cardrules.new_game("schieber-deal")
    fired = threading.Event()
    late: list[float] = []

    def first(view: dict, legal: list[str]) -> int:
        if fired.is_set():
            late.append(time.monotonic())
        return 0

    def interrupt() -> None:
        fired.set()
        _thread.interrupt_main()

    _interrupted(0.5, lambda: cardrules.tournament(
        game, ["exec:" + SILENT, first], deals=1, answer_time=60), interrupt)
    assert late == []


def test_ctrl_c_in_a_python_player_s_turn_is_not_the_player_s_error() -> None:
    game = cardrules.new_game("schieber-deal")

    def interrupted(view: dict, legal: list[str]) -> int:
        raise KeyboardInterrupt

    # Raised as it is, not as a BotError (an exception the function raises is one: above).
    with pytest.raises(KeyboardInterrupt):
        cardrules.tournament(game, [interrupted, "random"], deals=2)
