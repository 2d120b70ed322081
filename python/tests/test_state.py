"""The OpenSpiel-style state API on every game type."""

from __future__ import annotations

import copy
import pickle
import random
import re

import numpy as np
import pytest

import cardrules
from conftest import play_randomly, some_positions


def test_the_catalogue_lists_every_game_type() -> None:
    games = cardrules.games()
    names = {(g["name"], g["variant"]) for g in games}
    assert {("zaagox", None), ("jass", "schieber"), ("jass", "schieber-deal"), ("jass", "coiffeur"),
            ("jass", "differenzler"), ("elewenjewe", None), ("letom", "deal"),
            ("letom", "match")} <= names
    for g in games:
        low, high = g["players"]
        assert 2 <= low <= high
        assert g["num_distinct_actions"] > 0
        assert all(part >= 0 for part in g["observation_shape"])


def test_games_are_found_by_name_variant_or_record_name() -> None:
    assert cardrules.new_game("jass").variant == "schieber"
    assert cardrules.new_game("schieber-deal").record_name == "schieber-deal"
    assert cardrules.new_game("letom", variant="match").record_name == "letom-match"
    with pytest.raises(cardrules.UnknownGame, match="chess"):
        cardrules.new_game("chess")
    with pytest.raises(cardrules.UnknownGame):
        cardrules.new_game("jass", variant="bridge")


def test_rules_and_players_are_checked_in_the_game_s_words() -> None:
    with pytest.raises(cardrules.InvalidRules, match="players|seat"):
        cardrules.new_game("zaagox", players=9)
    with pytest.raises(cardrules.InvalidRules, match="no_such_rule"):
        cardrules.new_game("jass", rules={"no_such_rule": 1})
    with pytest.raises(cardrules.InvalidRules):
        cardrules.new_game("jass", rules={"target": "far"})
    with pytest.raises(cardrules.InvalidRules):
        cardrules.new_game("jass", rules={"target": object()})
    # The words are a Python user's: no command-line flag in them.
    for kwargs, words in [
        ({"rules": {"no_such_rule": 1}}, "the rules given are not jass's rules: unknown field"),
        ({"rules": {"target": "far"}}, "the rules given are not jass's rules: invalid type"),
        ({"rules": [1]}, "the rules given must be a JSON object of jass's rules, not [1]"),
        ({"preset": "round"}, 'jass has no preset "round"; its presets are flat, comparison'),
    ]:
        with pytest.raises(cardrules.InvalidRules) as refused:
            cardrules.new_game("jass", **kwargs)
        assert str(refused.value).startswith(words) and "--" not in str(refused.value)
    with pytest.raises(cardrules.InvalidRules, match='zaagox has no presets, so the preset "x"'):
        cardrules.new_game("zaagox", preset="x")
    custom = cardrules.new_game("jass", rules={"target": 1000})
    assert custom.rules["target"] == 1000
    assert cardrules.new_game("letom", preset="go-stop").rules != cardrules.new_game("letom").rules
    # A preset made for two players (the spec's professional Eléwénjewé) refuses three.
    assert cardrules.new_game("elewenjewe", preset="professional").num_players() == 2
    refused = "the professional preset is for 2 players, not 3"
    with pytest.raises(cardrules.InvalidRules, match=refused):
        cardrules.new_game("elewenjewe", players=3, preset="professional")


def test_a_whole_game_plays_with_zero_sum_returns(game: cardrules.Game) -> None:
    state = game.new_initial_state(seed=3)
    assert state.current_player() in range(game.num_players())
    moves = play_randomly(state, seed=3)
    assert moves > 0 and state.is_terminal()
    assert state.current_player() == cardrules.TERMINAL
    assert state.legal_actions() == []
    assert not state.legal_actions_mask().any()
    assert abs(sum(state.returns())) < 1e-9
    assert sum(state.settlement()) == 0
    assert state.outcome() is not None and state.outcome()["text"]
    with pytest.raises(cardrules.GameOver):
        state.apply_action(0)


def test_the_mask_is_the_legal_actions(game: cardrules.Game) -> None:
    for state in some_positions(game, seed=5):
        mask = state.legal_actions_mask()
        assert mask.dtype == np.int8 and mask.shape == (game.num_distinct_actions(),)
        assert list(np.flatnonzero(mask)) == state.legal_actions()
        other = (state.current_player() + 1) % game.num_players()
        assert state.legal_actions(other) == []
        assert not state.legal_actions_mask(other).any()
        # OpenSpiel's negative ids name no seat; a number past the seats is a mistake.
        assert state.legal_actions(cardrules.TERMINAL) == []
        with pytest.raises(cardrules.InvalidRules, match="seats are 0 to"):
            state.legal_actions(game.num_players())
        with pytest.raises(cardrules.InvalidRules, match="seats are 0 to"):
            state.legal_actions_mask(game.num_players())
        out = np.full(game.num_distinct_actions(), 7, dtype=np.int8)
        assert state.legal_actions_mask(out=out) is out
        assert (out == mask).all()


def test_an_illegal_action_is_refused_and_changes_nothing(game: cardrules.Game) -> None:
    for state in some_positions(game, seed=11, every=9)[:6]:
        legal = set(state.legal_actions())
        illegal = next(a for a in range(game.num_distinct_actions()) if a not in legal)
        before = (state.state_dict(), state.record(), state.steps_taken(), state.event_count())
        with pytest.raises(cardrules.IllegalAction):
            state.apply_action(illegal)
        with pytest.raises(cardrules.IllegalAction):
            state.apply_action(game.num_distinct_actions())
        assert (state.state_dict(), state.record(), state.steps_taken(), state.event_count()) == before


def test_actions_read_back_from_their_strings(game: cardrules.Game) -> None:
    for state in some_positions(game, seed=2, every=5)[:8]:
        for action in state.legal_actions():
            text = state.action_to_string(action)
            assert state.string_to_action(text) == action
            assert state.string_to_action(state.current_player(), text) == action
            assert state.action_to_string(state.current_player(), action) == text
            assert state.string_to_action(state.action_to_words(action)) == action
    with pytest.raises(cardrules.IllegalAction):
        state.string_to_action("not a move")
    with pytest.raises(cardrules.IllegalAction):
        state.action_to_string(10**9)


def test_tensors_have_the_game_s_fixed_shapes(game: cardrules.Game) -> None:
    public, private = game.observation_tensor_parts()
    assert game.observation_tensor_shape() == (public + private,)
    ipublic, iprivate = game.information_state_tensor_parts()
    assert game.information_state_tensor_shape() == (ipublic + iprivate,)
    for state in some_positions(game, seed=4):
        for seat in range(game.num_players()):
            obs = state.observation_tensor(seat)
            info = state.information_state_tensor(seat)
            assert obs.dtype == np.float32 and obs.shape == game.observation_tensor_shape()
            assert info.dtype == np.float32 and info.shape == game.information_state_tensor_shape()
            assert np.isfinite(obs).all() and np.isfinite(info).all()
            assert (np.abs(obs) <= 1).all() and (np.abs(info) <= 1).all()
            out = np.empty_like(obs)
            assert state.observation_tensor(seat, out=out) is out
            assert (out == obs).all()
        with pytest.raises(cardrules.InvalidRules, match="out holds"):
            state.observation_tensor(0, out=np.zeros(3, dtype=np.float32))
        # The wrong kind of array is a TypeError that says what was given.
        for wrong, given in [(np.zeros(obs.shape, np.float64), "a float64 array of shape"),
                             (np.zeros((1, *obs.shape), np.float32), "a float32 array of shape (1,"),
                             ([0.0] * obs.size, "a list")]:
            with pytest.raises(TypeError, match="one-dimensional numpy array of float32, not "
                               + re.escape(given)):
                state.observation_tensor(0, out=wrong)
        with pytest.raises(cardrules.InvalidRules, match="seats"):
            state.information_state_tensor(game.num_players())


def test_strings_describe_what_a_seat_knows(game: cardrules.Game) -> None:
    state = some_positions(game, seed=8)[-1]
    for seat in range(game.num_players()):
        assert state.observation_string(seat)
        assert state.information_state_string(seat)
    # Two seats know different things (each its own hand).
    assert state.information_state_string(0) != state.information_state_string(1)
    assert isinstance(state.view(0), dict)


def test_events_are_told_as_data_and_sentences(game: cardrules.Game) -> None:
    state = game.new_initial_state(seed=1)
    start = state.event_count()
    assert start > 0
    state.apply_action(state.legal_actions()[0])
    while state.steps_taken():
        state.apply_action(state.legal_actions()[0])
    for seat in [None, 0, 1]:
        told = state.events(since=start, player=seat)
        assert len(told) == state.event_count() - start > 0
        assert all(isinstance(t["event"], dict) and t["text"] for t in told)


def test_the_same_seed_deals_the_same_game(game: cardrules.Game) -> None:
    a, b = game.new_initial_state(seed=9), game.new_initial_state(seed=9)
    play_randomly(a, seed=1)
    play_randomly(b, seed=1)
    assert a.record() == b.record() and a.returns() == b.returns()
    c = game.new_initial_state(seed=10)
    assert c.state_dict() != game.new_initial_state(seed=9).state_dict()


def test_copies_and_pickles_continue_the_same_game(game: cardrules.Game) -> None:
    for state in some_positions(game, seed=6, every=11)[:4]:
        for copied in (state.clone(), copy.copy(state), copy.deepcopy(state),
                       pickle.loads(pickle.dumps(state))):
            assert copied.state_dict() == state.state_dict()
            assert copied.steps_taken() == state.steps_taken()
            assert copied.information_state_string(0) == state.information_state_string(0)
            assert (copied.information_state_tensor(0) == state.information_state_tensor(0)).all()
            action = copied.legal_actions()[-1]
            copied.apply_action(action)
            assert state.state_dict() != copied.state_dict() or state.steps_taken() != copied.steps_taken()
    assert pickle.loads(pickle.dumps(game)) == game


def test_a_decision_under_way_pickles() -> None:
    game = cardrules.new_game("elewenjewe", players=2)
    rng = random.Random(0)
    for seed in range(40):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            if state.steps_taken():
                again = pickle.loads(pickle.dumps(state))
                assert again.steps_taken() == state.steps_taken()
                assert again.legal_actions() == state.legal_actions()
                return
    pytest.fail("no capture was taken step by step")


def test_records_replay(game: cardrules.Game) -> None:
    state = game.new_initial_state(seed=12)
    play_randomly(state, seed=12)
    again = game.state_from_record(state.record())
    assert again.state_dict() == state.state_dict()
    assert cardrules.from_record(state.record()).returns() == state.returns()
    # A record's own game is the one it was played in.
    assert cardrules.from_record(state.record()).get_game() == game


def test_a_game_takes_records_and_setups_of_its_own_seats_and_rules() -> None:
    two, three = cardrules.new_game("zaagox", players=2), cardrules.new_game("zaagox", players=3)
    record = three.new_initial_state(seed=1).record()
    with pytest.raises(cardrules.InvalidRecord, match="game of 3 players, and this game has 2"):
        two.state_from_record(record)
    short = cardrules.new_game("zaagox", players=3, rules={"turn_limit": 5})
    with pytest.raises(cardrules.InvalidRecord, match="rules are not this game's"):
        short.state_from_record(record)
    setup = three.new_initial_state(seed=1).state_dict()["setup"]
    with pytest.raises(cardrules.InvalidRules, match="seats 3 players, and this game has 2"):
        two.new_initial_state(setup=setup)
    assert three.new_initial_state(setup=setup).num_players() == 3


def test_an_explicit_setup_starts_a_game(game: cardrules.Game) -> None:
    dealt = game.new_initial_state(seed=13)
    setup = __import__("json").loads(dealt.record())
    # A record of a seeded game carries its seed; the state's own JSON carries its setup.
    state = game.new_initial_state(setup=dealt.state_dict()["setup"])
    assert state.state_dict() == dealt.state_dict()
    assert setup["game"] == game.record_name
    with pytest.raises(cardrules.InvalidRules):
        game.new_initial_state(setup={"hands": "none"})


@pytest.mark.parametrize("bad", ["", "{", "[]", '{"game": "chess"}', '{"game": "zaagox"}',
                                 '{"game": "zaagox", "rules": {}, "players": 2, "seed": 1, '
                                 '"actions": ["no such move"]}', "x" * 100_000])
def test_bad_records_are_refused(bad: str) -> None:
    with pytest.raises(cardrules.InvalidRecord):
        cardrules.from_record(bad)


def test_bad_arguments_raise_python_errors() -> None:
    game = cardrules.new_game("zaagox", players=3)
    state = game.new_initial_state(seed=1)
    with pytest.raises(OverflowError):
        state.apply_action(-1)
    seed_range = r"seed must be a whole number from 0 to 18446744073709551615, not "
    with pytest.raises(OverflowError, match=seed_range + str(2**64)):
        game.new_initial_state(seed=2**64)
    with pytest.raises(OverflowError, match=seed_range + "-1"):
        game.new_initial_state(seed=-1)
    # Every seed argument says so.
    for call in (lambda: cardrules.Bot("random", seed=-1),
                 lambda: state.resample_from_infostate(0, -1),
                 lambda: cardrules.tournament(game, ["random", "rules"], deals=1, seed=-1),
                 lambda: cardrules.tournament_shard(game, ["random", "rules"], seed=-1, end=1),
                 lambda: cardrules.selfplay_shard(game, "random", seed=-1, end=1),
                 lambda: cardrules.VecEnv(game, num_envs=1, seed=-1)):
        with pytest.raises(OverflowError, match=seed_range):
            call()
    with pytest.raises(TypeError):
        state.apply_action("A1")
    with pytest.raises(TypeError):
        state.action_to_string(0, 1, 2)
    with pytest.raises(cardrules.InvalidRules):
        state.observation_tensor(-1)
    with pytest.raises(cardrules.InvalidRules, match="contiguous|written"):
        state.observation_tensor(0, out=np.zeros(2 * game.observation_tensor_size(), np.float32)[::2])
    assert isinstance(cardrules.IllegalAction("x"), ValueError)
