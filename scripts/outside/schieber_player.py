"""A public Jass bot, seated through the pipe: `schieber`'s ChallengePlayer (or GreedyPlayer).

    cardrules tournament jass --preset comparison \
        --bots rules,"exec:VENV/bin/python scripts/outside/schieber_player.py challenge" ...

What it is. An `exec:` program (docs/bots.md, "Outside players") that plays one seat of one
`schieber-deal` with a player from the PyPI package `schieber` 0.1.10 (MIT, Joel Niklaus and
Samuel Kurath; https://github.com/JoelNiklaus/schieber): `ChallengePlayer`, a rule-based strategy
with card counting written for the Jass Challenge, or `GreedyPlayer` (argument `greedy`). The
package is installed by name into a virtual environment by `scripts/outside/public_jass_bot.sh`;
none of its code is in this repository. Only its players are used, never its game: this program
plays the part of `schieber.game.Game` towards one player.

How it maps.
- Seats: their player id is our seat number (0..3). Their game seats team 0, team 1, team 0,
  team 1 and plays in increasing index order, as ours does (teams 0+2 and 1+3), and their
  card counter takes partner = id + 2, opponents = id +- 1 (mod 4): the same relations.
- Suits: the package's own bijection between its Swiss suits and French colours (its server
  client, `schieber/player/server_player/helpers/parser/color_parser.py`):
  clubs C = BELL, diamonds D = ACORN, hearts H = ROSE, spades S = SHIELD.
- Ranks: 6 7 8 9 T J Q K A = values 6..14 ('Banner', 'Under', 'Ober', 'Koennig', 'Ass').
- Contracts: trump:C/D/H/S = Trumpf.BELL/ACORN/ROSE/SHIELD, obenabe = OBE_ABE,
  undenufe = UNDE_UFE, push = SCHIEBEN (`choose_trumpf(geschoben)`; geschoben = view.pushed).
- Their game state (`Game.get_status()`) is rebuilt from our events: `stiche` (completed tricks,
  winner from our `trick_taken`), `trumpf`, `geschoben`, `table` (the current trick so far),
  `teams` (card points from `trick_taken`), `point_limit` (1000, the preset's target). As their
  game does, every card played by anyone is told to the player with `move_made(seat, card,
  state)` where `state.table` does not yet hold that card, its own card leaves its hand first,
  and after each fourth card `stich_over(state)` is called.

Where the rules differ. Their `card_allowed` forces a player holding only trumps, on a plain
lead, to overtrump when it can; ours (the spec) lets it play any trump. So their legal set can
be smaller than ours, never larger as far as we know; each decision where the sets differ is
counted. If the player's choice is not legal under our rules, this program still answers a legal
action: the first of ours that their player also allows, else our first legal, and counts a
correction. At its last decision (its last card; at exit if it never gets there) it writes one
line on stderr, before its answer, since the tournament stops the program once its game is over:
    schieber_player seat=S player=P decisions=N corrections=C differing_legal=D theirs_smaller=A theirs_larger=B

numpy: `schieber.card` imports numpy at the top but uses it only to decode one-hot vectors
(`from_onehot_to_card`), which neither player calls, and the package does not declare it. When
numpy is not installed this program registers an empty placeholder module under that name, so
that the import works without numpy's half-second start; any use of it would raise.

Deterministic: nothing here draws at random; the player's own fallback (`random.seed(self.seed)`
before a random allowed card, when its strategy finds no card) is seeded with the seat.
"""
import importlib.util
import json
import os
import random
import sys
import types

if importlib.util.find_spec("numpy") is None:
    class _NoNumpy(types.ModuleType):
        def __getattr__(self, name):
            raise AttributeError("numpy is not installed: schieber_player.py's placeholder has no " + name)

    sys.modules["numpy"] = _NoNumpy("numpy")

from schieber.card import Card  # noqa: E402
from schieber.suit import Suit  # noqa: E402
from schieber.trumpf import Trumpf  # noqa: E402

SUITS = {"C": Suit.BELL, "D": Suit.ACORN, "H": Suit.ROSE, "S": Suit.SHIELD}
OUR_SUIT = {v: k for k, v in SUITS.items()}
RANKS = "6789TJQKA"
CONTRACTS = {
    "trump:C": Trumpf.BELL,
    "trump:D": Trumpf.ACORN,
    "trump:H": Trumpf.ROSE,
    "trump:S": Trumpf.SHIELD,
    "obenabe": Trumpf.OBE_ABE,
    "undenufe": Trumpf.UNDE_UFE,
    "push": Trumpf.SCHIEBEN,
}
OUR_CONTRACT = {v: k for k, v in CONTRACTS.items()}
POINT_LIMIT = 1000


def their_card(notation):
    return Card(suit=SUITS[notation[1]], value=6 + RANKS.index(notation[0]))


def our_card(card):
    return RANKS[card.value - 6] + OUR_SUIT[card.suit]


def make_player(kind, seat):
    if kind == "challenge":
        from schieber.player.challenge_player.challenge_player import ChallengePlayer as Player
    elif kind == "greedy":
        from schieber.player.greedy_player.greedy_player import GreedyPlayer as Player
    else:
        sys.exit("schieber_player.py: the player is 'challenge' or 'greedy', not %r" % kind)
    player = Player(name=str(seat), seed=seat)
    player.id = seat  # as schieber.tournament.Tournament.register_player sets it
    return player


class Table:
    """Their game's state for one seat, rebuilt from our redacted events."""

    def __init__(self, kind):
        self.kind = kind
        self.player = None
        self.seat = None
        self.trumpf = None
        self.geschoben = False
        self.stiche = []
        self.table = []
        self.points = [0, 0]
        self.decisions = self.corrections = 0
        self.differing = self.theirs_smaller = self.theirs_larger = 0

    def status(self):
        return dict(
            stiche=[dict(s) for s in self.stiche],
            trumpf=self.trumpf.name if self.trumpf else None,
            geschoben=self.geschoben,
            point_limit=POINT_LIMIT,
            table=list(self.table),
            teams=[dict(points=p) for p in self.points],
        )

    def event(self, e):
        kind = e["event"]
        if kind == "dealt":
            self.player = make_player(self.kind, self.seat)
            for card in e["hands"][self.seat]:  # in the order dealt
                self.player.set_card(their_card(card))
        elif kind == "pushed":
            self.geschoben = True
        elif kind == "named":
            self.trumpf = CONTRACTS[e["contract"]]
        elif kind == "played":
            card = their_card(e["card"])
            if e["seat"] == self.seat:
                self.player.cards.remove(card)
            self.player.move_made(e["seat"], card, self.status())
            self.table.append(dict(player_id=e["seat"], card=str(card)))
        elif kind == "trick_taken":
            self.points[e["seat"] % 2] += e["points"]
            self.stiche.append(dict(player_id=e["seat"], trumpf=self.trumpf.name, played_cards=self.table))
            self.player.stich_over(state=self.status())
            self.table = []

    def decide(self, line):
        self.seat = line["seat"]
        for e in line["events"]:
            self.event(e)
        legal = line["legal"]
        self.decisions += 1
        if line["view"]["contract"] is None:
            self.geschoben = bool(line["view"]["pushed"])
            choice = OUR_CONTRACT[next(self.player.choose_trumpf(geschoben=self.geschoben))]
            allowed = [a for a in legal if a != "push"] if self.geschoben else legal
        else:
            assert sorted(map(our_card, self.player.cards)) == sorted(line["view"]["hand"]), "hands differ"
            state = self.status()
            allowed = [our_card(c) for c in self.player.allowed_cards(state=state)]
            if set(allowed) != set(legal):
                self.differing += 1
                self.theirs_smaller += bool(set(legal) - set(allowed))
                self.theirs_larger += bool(set(allowed) - set(legal))
            choice = our_card(next(self.player.choose_card(state=state)))
        if choice in legal:
            return choice
        self.corrections += 1
        return next((a for a in legal if a in allowed), legal[0])


def main():
    kind = sys.argv[1] if len(sys.argv) > 1 else "challenge"
    table = Table(kind)
    told = False
    for raw in sys.stdin:
        line = json.loads(raw)
        if table.seat is None:
            random.seed(line["seat"])
        action = table.decide(line)
        if len(line["view"]["hand"]) == 1:  # the seat's last decision: tell the counts now, since
            told = tell(table, kind)  # the program may be stopped as soon as its game is over
        # Echoing the decision's number makes an answer that arrives late a fault, not the
        # next decision's answer (docs/bots.md).
        print(json.dumps({"action": action, "decision": line["decision"]}), flush=True)
    if not told:
        tell(table, kind)


def tell(table, kind):
    line = "schieber_player seat=%s player=%s decisions=%d corrections=%d differing_legal=%d theirs_smaller=%d theirs_larger=%d\n" % (
        table.seat, kind, table.decisions, table.corrections, table.differing, table.theirs_smaller, table.theirs_larger)
    sys.stderr.flush()
    os.write(2, line.encode())  # one write, so that the lines of programs running side by side do not mix
    return True


if __name__ == "__main__":
    main()
