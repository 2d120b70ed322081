"""cardrules: every cardrules game from Python.

Zaägox, Letom, Jass (Schieber, Coiffeur, Differenzler) and Eléwénjewé, played by the Rust
library through its one registry of games: OpenSpiel-style games and states with integer
actions, legal masks and observation / information-state tensors as numpy arrays, the
library's bots as callables, duplicate-deal tournaments (where a Python function may take a
seat), batches of tables stepped in Rust (``cardrules.VecEnv``), tournaments and self-play
split by deal range over processes or Ray (``cardrules.distributed``), and adapters for
PettingZoo (``cardrules.pettingzoo``), Gymnasium (``cardrules.gymnasium``: one seat, or a
``VectorEnv`` of many tables), RLlib (``cardrules.rllib``) and OpenSpiel
(``cardrules.openspiel``).

>>> import cardrules
>>> game = cardrules.new_game("jass", variant="schieber-deal")
>>> state = game.new_initial_state(seed=42)
>>> while not state.is_terminal():
...     state.apply_action(state.legal_actions()[0])
>>> sum(state.returns())
0.0
"""

from ._cardrules import (
    TERMINAL,
    Bot,
    BotError,
    CardrulesError,
    Game,
    GameOver,
    IllegalAction,
    InvalidRecord,
    InvalidRules,
    State,
    TournamentShard,
    UnknownGame,
    __version__,
    deal_seed,
    from_record,
    games,
    merge_tournament,
    new_game,
    selfplay_shard,
    tournament,
    tournament_shard,
)
from .vector import VecEnv

__all__ = [
    "TERMINAL",
    "Bot",
    "BotError",
    "CardrulesError",
    "Game",
    "GameOver",
    "IllegalAction",
    "InvalidRecord",
    "InvalidRules",
    "State",
    "TournamentShard",
    "UnknownGame",
    "VecEnv",
    "__version__",
    "deal_seed",
    "from_record",
    "games",
    "merge_tournament",
    "new_game",
    "selfplay_shard",
    "tournament",
    "tournament_shard",
]
