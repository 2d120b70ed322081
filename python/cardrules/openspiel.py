"""Every cardrules game as an OpenSpiel game, so OpenSpiel's own algorithms run on them.

Importing this module registers one pyspiel game per catalogue line of ``cardrules.games()``:
``python_cardrules_zaagox``, ``python_cardrules_jass_schieber``,
``python_cardrules_jass_schieber_deal``, ``python_cardrules_jass_coiffeur``,
``python_cardrules_jass_differenzler``, ``python_cardrules_elewenjewe``,
``python_cardrules_letom_deal`` and ``python_cardrules_letom_match`` (``SHORT_NAMES`` maps each
short name to its ``(name, variant)``).

>>> import pyspiel
>>> import cardrules.openspiel
>>> game = pyspiel.load_game("python_cardrules_jass_schieber_deal")
>>> state = game.new_initial_state()
>>> while not state.is_terminal():
...     state.apply_action(state.legal_actions()[0])
>>> sum(state.returns())
0.0

Conventions:

- the game's parameters: ``players`` (the seat count, the game's default if not given) and
  ``seed`` (default 0); the k-th ``new_initial_state()`` of a game object deals from seed
  ``seed + k`` (k = 0, 1, …), and ``game.new_initial_state(seed=s)`` (Python only) from ``s``,
  as ``cardrules`` and its command line do;
- chance: every deal is fixed by the seed, so there is no chance node: the game type is
  ``SAMPLED_STOCHASTIC`` (chance sampled inside the game), ``IMPERFECT_INFORMATION``,
  ``ZERO_SUM``, ``SEQUENTIAL``, reward model ``TERMINAL`` (OpenSpiel's ``MCTSBot`` asks for it;
  ``returns()`` is the running total, ``rewards()`` its change by the last action);
- actions, ``action_to_string``, ``returns`` and legal actions are the native ones; an
  Eléwénjewé capture is several consecutive actions of the same player;
- observations through an observer (``make_py_observer``): with ``perfect_recall`` the
  information state (tensor and ``information_state_string``), else the observation (tensor and
  ``observation_string``); ``private_info=NONE`` keeps the tensor's public part only and
  ``public_info=False`` its private part only (those two have no string);
- ``state.resample_from_infostate(player, sampler)`` returns a state with the same
  ``information_state_string(player)`` (the native determinization; its seed drawn from the
  sampler, an integer, or at random), as ``ISMCTSBot`` needs. The resampled state's pyspiel
  ``history()`` is empty: it was not reached by ``apply_action``;
- ``min_utility``/``max_utility`` are a loose bound (±2^62) and ``max_game_length`` a loose
  100,000: the catalogue declares no bounds, and the adapter names no game to hand-set them;
- tabular methods (CFR, exploitability, full-tree traversal) do not apply: none of these games
  is small enough to enumerate (hidden hands of 7 to 13 cards already make the trees of one deal
  far too large).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

try:
    import pyspiel
except ImportError as error:  # pragma: no cover - depends on the installation
    from ._adapters import optional_import_error

    raise optional_import_error("open_spiel", "openspiel") from error

from ._cardrules import Game, State, games, new_game

__all__ = ["SHORT_NAMES", "CardrulesGame", "CardrulesObserver", "CardrulesState", "short_name"]

#: A bound on every game's length in actions (not tight; the longest games take ~600).
MAX_GAME_LENGTH = 100_000
#: A bound on every game's returns: the catalogue declares none (the front ends name no game, so
#: none is hand-set here), and OpenSpiel needs one.
_LOOSE_UTILITY = float(2**62)


def short_name(name: str, variant: str | None) -> str:
    """The pyspiel short name of a catalogue line (``python_cardrules_jass_schieber_deal``)."""
    parts = [name] + ([variant] if variant else [])
    return "python_cardrules_" + "_".join(p.replace("-", "_") for p in parts)


class CardrulesObserver:
    """An OpenSpiel observer (``set_from``, ``string_from``, ``tensor``, ``dict``) over the
    native tensors and strings."""

    def __init__(self, game: Game, iig_obs_type: Any | None, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        self.information_state: bool = bool(iig_obs_type.perfect_recall)
        public, private = (
            game.information_state_tensor_parts() if self.information_state else game.observation_tensor_parts()
        )
        self.keep_public: bool = bool(iig_obs_type.public_info)
        self.keep_private: bool = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        if not (self.keep_public or self.keep_private):
            raise ValueError("an observer with neither public nor private information sees nothing")
        self._public_len, self._private_len = int(public), int(private)
        size = (self._public_len if self.keep_public else 0) + (self._private_len if self.keep_private else 0)
        self.tensor: np.ndarray = np.zeros(size, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        offset = 0
        if self.keep_public:
            self.dict["public"] = self.tensor[: self._public_len]
            offset = self._public_len
        if self.keep_private:
            self.dict["private"] = self.tensor[offset:]

    def set_from(self, state: CardrulesState, player: int) -> None:
        """Writes `player`'s view of `state` into ``tensor``."""
        native = state.native
        full = native.information_state_tensor(player) if self.information_state else native.observation_tensor(player)
        if self.keep_public and self.keep_private:
            self.tensor[:] = full
        elif self.keep_public:
            self.tensor[:] = full[: self._public_len]
        else:
            self.tensor[:] = full[self._public_len :]

    def string_from(self, state: CardrulesState, player: int) -> str:
        """`player`'s information state string or observation string of `state`."""
        if not (self.keep_public and self.keep_private):
            raise NotImplementedError("cardrules has strings for a seat's whole view only")
        if self.information_state:
            return state.native.information_state_string(player)
        return state.native.observation_string(player)


class CardrulesState(pyspiel.State):
    """A pyspiel state delegating to a ``cardrules.State`` (``native``)."""

    def __init__(self, game: CardrulesGame, native: State) -> None:
        super().__init__(game)
        self.native: State = native
        self._rewards: list[float] = [0.0] * native.num_players()

    def current_player(self) -> int:
        """The seat to act, or ``pyspiel.PlayerId.TERMINAL``."""
        if self.native.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return int(self.native.current_player())

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.native.legal_actions(player))

    def _apply_action(self, action: int) -> None:
        before = self.native.returns()
        self.native.apply_action(int(action))
        self._rewards = [float(a - b) for a, b in zip(self.native.returns(), before)]

    def _action_to_string(self, player: int, action: int) -> str:
        if player < 0:
            return self.native.action_to_string(int(action))
        return self.native.action_to_string(int(player), int(action))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return bool(self.native.is_terminal())

    def returns(self) -> list[float]:
        """The native returns (cumulative; the final ones once over)."""
        return [float(r) for r in self.native.returns()]

    def rewards(self) -> list[float]:
        """The change of the returns by the last action."""
        return list(self._rewards)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float] | int | None = None
    ) -> CardrulesState:
        """A state `player_id` cannot tell from this one (same information state string), the
        cards it cannot see dealt anew from a seed taken from `probability_sampler` (called
        for a float in [0, 1), as ``pyspiel.UniformProbabilitySampler``), an integer seed, or
        random."""
        if probability_sampler is None:
            seed = int(np.random.default_rng().integers(0, 2**63 - 1))
        elif isinstance(probability_sampler, (int, np.integer)):
            seed = int(probability_sampler)
        else:
            seed = int(math.floor(float(probability_sampler()) * 2**53))
        return CardrulesState(
            self.get_game(), self.native.resample_from_infostate(int(player_id), seed)
        )

    def __str__(self) -> str:
        return str(self.native)


class CardrulesGame(pyspiel.Game):
    """A pyspiel game over a ``cardrules.Game`` (``native``); each registered game type is a
    subclass naming its ``GAME_TYPE``, ``NAME`` and ``VARIANT``."""

    GAME_TYPE: Any = None
    NAME: str = ""
    VARIANT: str | None = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = params.get("players")
        self.native: Game = new_game(self.NAME, variant=self.VARIANT, players=players if players else None)
        n = self.native.num_players()
        self._seed: int = int(params.get("seed", 0))
        self._dealt: int = 0
        low, high = -_LOOSE_UTILITY, _LOOSE_UTILITY
        info = pyspiel.GameInfo(
            num_distinct_actions=int(self.native.num_distinct_actions()),
            max_chance_outcomes=0,
            num_players=n,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(self.GAME_TYPE, info, {"players": n, "seed": self._seed})

    def new_initial_state(self, seed: int | None = None, setup: dict[str, Any] | None = None) -> CardrulesState:
        """A new deal: from `seed`, else from ``seed`` parameter + the number of deals so far."""
        if seed is None:
            seed = self._seed + self._dealt
            self._dealt += 1
        return CardrulesState(self, self.native.new_initial_state(seed=int(seed), setup=setup))

    def make_py_observer(
        self, iig_obs_type: Any | None = None, params: dict[str, Any] | None = None
    ) -> CardrulesObserver:
        """The observer for `iig_obs_type` (information state when ``perfect_recall``)."""
        return CardrulesObserver(self.native, iig_obs_type, params)


#: The registered game class of every short name.
_GAME_CLASSES: dict[str, type[CardrulesGame]] = {}


def _register() -> dict[str, tuple[str, str | None]]:
    names: dict[str, tuple[str, str | None]] = {}
    registered = {t.short_name for t in pyspiel.registered_games()}
    for line in games():
        name, variant = line["name"], line["variant"]
        short = short_name(name, variant)
        names[short] = (name, variant)
        if short in registered:
            continue
        low_players, high_players = line["players"]
        default_players = new_game(name, variant=variant).num_players()
        game_type = pyspiel.GameType(
            short_name=short,
            long_name=f"cardrules {line['label']}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.ZERO_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=int(high_players),
            min_num_players=int(low_players),
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification={"players": default_players, "seed": 0},
        )

        # A class per game type (as OpenSpiel's own Python games register theirs): pyspiel's
        # registry outlives the interpreter, and a class is never freed by its last reference
        # going (it refers to itself), where a plain function would be freed without the GIL.
        game_class = type(
            "CardrulesGame_" + short.removeprefix("python_cardrules_"),
            (CardrulesGame,),
            {"GAME_TYPE": game_type, "NAME": name, "VARIANT": variant, "__module__": __name__},
        )
        _GAME_CLASSES[short] = game_class
        pyspiel.register_game(game_type, game_class)
    return names


#: Every registered short name → the catalogue line's ``(name, variant)``.
SHORT_NAMES: dict[str, tuple[str, str | None]] = _register()
