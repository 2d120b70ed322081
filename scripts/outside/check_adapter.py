"""Check the adapter against `schieber`'s own game: the same deal, the same players, the same play.

    cardrules tournament jass --preset comparison --deals 50 --seed 1 --threads 2 --record DIR \
        --bots "exec:VENV/bin/python scripts/outside/schieber_player.py challenge","exec:VENV/bin/python scripts/outside/schieber_player.py greedy"
    VENV/bin/python scripts/outside/check_adapter.py DIR challenge greedy

Every record in DIR is a Schieber deal played through the pipe with schieber's players on all
four seats: bot A (the first kind named) on seats 0 and 2 in seating 0, on seats 1 and 3 in
seating 1. This replays its
deal (hands in the order dealt, forehand) in `schieber.game.Game`, driving the same players as
that game drives them (its `define_trumpf`, `play_stich`, `count_points`), and compares the
actions. Equal actions mean the adapter rebuilt what their game tells its players. A deal where
their rules refuse a card ours allow, or the reverse, could differ; it is counted and shown.
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import schieber_player as sp  # noqa: E402  (registers the numpy placeholder when needed)
from schieber.game import Game  # noqa: E402
from schieber.team import Team  # noqa: E402


def replay(path):
    out = subprocess.run(["target/release/cardrules", "replay", path, "--json"], check=True,
                         capture_output=True, text=True).stdout
    d = json.loads(out)
    head = " ".join(d["transcript"][0]["events"])
    forehand = int(re.search(r"seat (\d) is forehand", head).group(1))
    hands = {int(s): cards.split() for s, cards in re.findall(r"seat (\d) was dealt ([0-9TJQKACDHS ]+?)(?:;|$)", head)}
    actions = [step["action"] for step in d["transcript"][1:]]
    return forehand, [hands[s] for s in range(4)], actions


def their_play(kinds, forehand, hands):
    players = [sp.make_player(kinds[s], s) for s in range(4)]
    for s in range(4):
        for card in hands[s]:
            players[s].set_card(sp.their_card(card))
    game = Game(teams=[Team(players=[players[0], players[2]]), Team(players=[players[1], players[3]])],
                point_limit=sp.POINT_LIMIT)
    assert game.players == players
    trumpf = game.define_trumpf(start_player_index=forehand)
    actions = (["push"] if game.geschoben else []) + [sp.OUR_CONTRACT[trumpf]]
    start = forehand
    for i in range(9):
        stich = game.play_stich(start)
        actions += [sp.our_card(pc.card) for pc in stich.played_cards]
        game.count_points(stich, last=(i == 8))
        start = game.players.index(stich.player)
        game.stiche.append(stich)
        game.stich_over_information()
    return actions


def main():
    directory, kind_a, kind_b = sys.argv[1], sys.argv[2], sys.argv[3]
    same = differ = 0
    for name in sorted(os.listdir(directory)):
        m = re.search(r"seating(\d)\.json$", name)
        if not m:
            continue
        seating = int(m.group(1))
        kinds = [kind_a, kind_b, kind_a, kind_b] if seating == 0 else [kind_b, kind_a, kind_b, kind_a]
        forehand, hands, ours = replay(os.path.join(directory, name))
        theirs = their_play(kinds, forehand, hands)
        if ours == theirs:
            same += 1
        else:
            differ += 1
            at = next(i for i, (x, y) in enumerate(zip(ours, theirs)) if x != y)
            print("%s: differs at action %d: ours %s, theirs %s" % (name, at + 1, ours[at], theirs[at]))
    print("%d games played alike in schieber's own game, %d differ" % (same, differ))


if __name__ == "__main__":
    main()
