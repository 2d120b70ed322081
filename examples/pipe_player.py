"""An outside player for `cardrules tournament --bots exec:'python3 examples/pipe_player.py'`.

One JSON line a decision in (decision, game, seat, view, events, legal), one line out,
echoing the decision's number. It plays a random legal action, seeded by its seat so that a
tournament repeats.
"""
import json
import random
import sys

rng = None
for line in sys.stdin:
    decision = json.loads(line)
    rng = rng or random.Random(decision["seat"])
    answer = {"action": rng.choice(decision["legal"]), "decision": decision["decision"]}
    print(json.dumps(answer), flush=True)
