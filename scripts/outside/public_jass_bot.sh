#!/bin/sh
# Our Jass bots against a public one nobody here wrote: `schieber`'s ChallengePlayer (PyPI
# `schieber` 0.1.10, MIT), seated through the pipe (`exec:`) by scripts/outside/schieber_player.py,
# on duplicate Schieber deals under the comparison preset (docs/bots.md, "Against a public bot").
#
#   scripts/outside/public_jass_bot.sh [DEALS [THREADS [BOTS]]]     (defaults: 1000, 2, "rules ismcts:1000 pimc")
#
# The package is installed by name from PyPI into a virtual environment, never vendored:
# $OUTSIDE_VENV, default target/outside-venv (target/ is not committed). Each bot plays its own
# run (one pair, so each table has its own command); one run at a time. Each run's table goes to
# target/outside-runs/BOT.txt, the adapter's stderr (one line a program: decisions, corrections)
# to target/outside-runs/BOT.err, and its totals are printed after the table.
# PLAYER=greedy seats schieber's GreedyPlayer instead.
set -eu
cd "$(dirname "$0")/../.."

DEALS=${1:-1000}
THREADS=${2:-2}
BOTS=${3:-"rules ismcts:1000 pimc"}
VENV=${OUTSIDE_VENV:-target/outside-venv}
PLAYER=${PLAYER:-challenge}
OUT=target/outside-runs

if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check schieber==0.1.10

CARGO_BUILD_JOBS=${CARGO_BUILD_JOBS:-1} cargo build --release -p cardrules-cli
mkdir -p "$OUT"

for BOT in $BOTS; do
    NAME=$(echo "$BOT-$PLAYER" | tr ':' '-')
    set -- target/release/cardrules tournament jass --preset comparison \
        --bots "$BOT,exec:$VENV/bin/python scripts/outside/schieber_player.py $PLAYER" \
        --deals "$DEALS" --seed 1 --threads "$THREADS"
    echo "\$ cardrules tournament jass --preset comparison --bots $BOT,\"exec:$VENV/bin/python scripts/outside/schieber_player.py $PLAYER\" --deals $DEALS --seed 1 --threads $THREADS"
    "$@" 2> "$OUT/$NAME.err" | tee "$OUT/$NAME.txt"
    # Total the adapter's exit lines.
    grep -o 'schieber_player seat=[0-9]* player=[a-z]* decisions=[0-9]* corrections=[0-9]* differing_legal=[0-9]* theirs_smaller=[0-9]* theirs_larger=[0-9]*' "$OUT/$NAME.err" |
    awk '{ n++; for (i = 2; i <= NF; i++) { split($i, kv, "="); t[kv[1]] += kv[2] } }
         END { printf "adapter: %d programs, %d decisions, %d corrections, %d with differing legal sets (theirs smaller %d, larger %d)\n",
               n, t["decisions"], t["corrections"], t["differing_legal"], t["theirs_smaller"], t["theirs_larger"] }' | tee -a "$OUT/$NAME.txt"
    sed 's/schieber_player seat=[^ ]* player=[^ ]* decisions=[^ ]* corrections=[^ ]* differing_legal=[^ ]* theirs_smaller=[^ ]* theirs_larger=[0-9]*//g' "$OUT/$NAME.err" | grep . >&2 || true
done
