"""An example that learns: a small policy for one Schieber deal (Jass), trained with numpy only.

An actor-critic (policy gradient with a learned value baseline, REINFORCE-style returns cut at
the rollout's end and completed by the value) trains a one-hidden-layer network over seat 0's
observation tensor, a softmax over the legal actions only, on ``cardrules.VecEnv`` tables where
Rust plays the other three seats: half of the tables against the ``random`` bot, half against
``rules`` (seat 2, the learner's partner, is the same bot as its opponents). Everything is
seeded: the network and the sampling from ``--seed``, the tables' deals from the VecEnv seeds.

Then a tournament on held-out deals (a separate seed, ``duplicate=True``: each deal is played
twice, the learner in seat 0 and then in seat 1, on the other team, so the luck of the cards
partly cancels in a pair): the uniformly random policy, the untrained network and the trained
one, each as the learner against each bot, on the very same deals. It prints a Markdown table
with 95 % intervals and writes the learning curve as CSV (and as a PNG when matplotlib is
installed).

    python python/examples/learn.py --out docs            # the run docs/learning.md shows
    python python/examples/learn.py --quick --out /tmp/q  # a short smoke run (seconds)
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

# One BLAS thread (unless the caller says otherwise): the run then uses one core, and its numbers
# do not move with the thread count (threads split matrix sums in different orders).
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402  (after the thread settings, which numpy reads on import)

import cardrules

GAME, VARIANT = "jass", "schieber-deal"
# A deal's return is the team point difference (about ±100 between random players, up to a
# few hundred with a multiplied trump): the value head learns it in these units.
RETURN_SCALE = 100.0

#: A learner for the tournament: observations and legal masks of a batch -> an action per row.
Chooser = Callable[[np.ndarray, np.ndarray], np.ndarray]


@dataclass
class Settings:
    """The run's sizes: the full run, or ``--quick``'s smoke test."""

    iterations: int
    tables: int  # per opponent
    horizon: int  # steps of every table per update
    eval_pairs: int  # duplicate pairs of held-out deals per (policy, opponent)
    hidden: int = 128
    lr: float = 1e-2
    entropy: float = 0.01
    value_coef: float = 0.5


FULL = Settings(iterations=1500, tables=256, horizon=16, eval_pairs=2000)
QUICK = Settings(iterations=40, tables=128, horizon=16, eval_pairs=500)


class Policy:
    """A one-hidden-layer network: ReLU features, a logit per action id and a value.

    Illegal actions get no probability (their logits are replaced before the softmax), so the
    network never has to learn the rules."""

    def __init__(self, inputs: int, actions: int, hidden: int, rng: np.random.Generator) -> None:
        # He-scaled first layer; a small policy head so the untrained policy is near uniform.
        self.params: dict[str, np.ndarray] = {
            "w1": rng.normal(0, math.sqrt(2 / inputs), (inputs, hidden)).astype(np.float32),
            "b1": np.zeros(hidden, np.float32),
            "wp": rng.normal(0, 0.01, (hidden, actions)).astype(np.float32),
            "bp": np.zeros(actions, np.float32),
            "wv": rng.normal(0, 0.01, (hidden, 1)).astype(np.float32),
            "bv": np.zeros(1, np.float32),
        }
        self.m = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.t = 0

    def copy(self) -> Policy:
        """An independent copy (the untrained network is kept for the tournament)."""
        other = object.__new__(Policy)
        other.params = {k: v.copy() for k, v in self.params.items()}
        other.m = {k: v.copy() for k, v in self.m.items()}
        other.v = {k: v.copy() for k, v in self.v.items()}
        other.t = self.t
        return other

    def forward(self, obs: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Hidden features, action probabilities (0 where illegal) and values for a batch."""
        p = self.params
        h = np.maximum(obs @ p["w1"] + p["b1"], 0)
        logits = h @ p["wp"] + p["bp"]
        logits = np.where(mask, logits, -np.inf)
        # A row with no legal action (a finished table) would be all -inf: give it a dummy 0.
        logits[~mask.any(axis=1), 0] = 0
        logits -= logits.max(axis=1, keepdims=True)
        probs = np.exp(logits)
        probs /= probs.sum(axis=1, keepdims=True)
        values = (h @ p["wv"] + p["bv"])[:, 0]
        return h, probs, values

    def act(self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator | None,
            greedy: bool = False) -> np.ndarray:
        """An action per row: sampled from the policy with ``rng``, or its most likely one."""
        _, probs, _ = self.forward(obs, mask)
        if greedy or rng is None:
            return probs.argmax(axis=1)
        # Inverse-CDF sampling, one uniform per row (vectorized over the batch).
        # u scaled by each row's total: float rounding must never land past the last legal id.
        cdf = probs.cumsum(axis=1)
        u = rng.random((len(probs), 1)) * cdf[:, -1:]
        return np.minimum((cdf < u).sum(axis=1), probs.shape[1] - 1)

    def update(self, obs: np.ndarray, mask: np.ndarray, actions: np.ndarray, returns: np.ndarray,
               s: Settings) -> dict[str, float]:
        """One Adam step on policy-gradient, value and entropy losses; the losses."""
        p = self.params
        n = len(obs)
        h, probs, values = self.forward(obs, mask)
        adv = returns - values
        # Normalized advantages: the step size does not depend on the game's point scale.
        adv_n = (adv - adv.mean()) / (adv.std() + 1e-8)
        rows = np.arange(n)
        logp = np.log(probs[rows, actions] + 1e-12)
        logp_all = np.where(probs > 0, np.log(np.where(probs > 0, probs, 1)), 0)
        entropy = -(probs * logp_all).sum(axis=1)
        # d(-adv * log p_a)/dlogits = -adv * (onehot - p); d(-H)/dlogits = p * (log p + H).
        dlogits = probs * adv_n[:, None]
        dlogits[rows, actions] -= adv_n
        dlogits += s.entropy * probs * (logp_all + entropy[:, None])
        dlogits /= n
        dvalues = (s.value_coef * 2 * adv * -1 / n)[:, None]
        grads = {
            "wp": h.T @ dlogits, "bp": dlogits.sum(axis=0),
            "wv": h.T @ dvalues, "bv": dvalues.sum(axis=0),
        }
        dh = (dlogits @ p["wp"].T + dvalues @ p["wv"].T) * (h > 0)
        grads["w1"] = obs.T @ dh
        grads["b1"] = dh.sum(axis=0)
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m_hat = self.m[k] / (1 - 0.9 ** self.t)
            v_hat = self.v[k] / (1 - 0.999 ** self.t)
            p[k] -= (s.lr * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(np.float32)
        return {
            "policy_loss": float(-(adv_n * logp).mean()),
            "value_loss": float((adv ** 2).mean()),
            "entropy": float(entropy.mean()),
        }


def make_env(opponent: str, tables: int, seed: int, duplicate: bool = False) -> cardrules.VecEnv:
    """Tables of the game with seat 0 the learner and ``opponent`` in every other seat."""
    return cardrules.VecEnv(GAME, variant=VARIANT, num_envs=tables, seed=seed, learners=[0],
                            opponent=opponent, duplicate=duplicate, threads=1)


def rollout(env: cardrules.VecEnv, policy: Policy, rng: np.random.Generator, horizon: int,
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, list[float]]:
    """``horizon`` steps of every table: the decisions taken (observation, mask, action), each
    one's return (the episode's, or the value of where the table stands at the end when its
    episode is not over), in return units; and the returns of the episodes that ended."""
    n = env.num_envs
    obs = np.zeros((horizon, n, env.observation_size), np.float32)
    masks = np.zeros((horizon, n, env.num_actions), bool)
    acts = np.zeros((horizon, n), np.int64)
    decided = np.zeros((horizon, n), bool)
    ended = np.zeros((horizon, n), bool)
    paid = np.zeros((horizon, n), np.float32)
    finished: list[float] = []
    for t in range(horizon):
        obs[t] = env.observation
        masks[t] = env.legal_action_mask.astype(bool)
        # A finished table's action is ignored (next-step autoreset deals its next episode).
        decided[t] = env.current_player != cardrules.TERMINAL
        acts[t] = policy.act(obs[t], masks[t], rng)
        env.step(acts[t])
        ended[t] = env.terminated
        paid[t] = env.rewards[:, 0]
        finished.extend(env.rewards[env.terminated, 0].tolist())
    # Returns, from the end back: an episode's return reaches each of its decisions.
    _, _, tail = policy.forward(env.observation, env.legal_action_mask.astype(bool))
    running = np.where(env.current_player != cardrules.TERMINAL, tail, 0.0)
    returns = np.zeros((horizon, n), np.float32)
    for t in range(horizon - 1, -1, -1):
        running = np.where(ended[t], paid[t] / RETURN_SCALE, running)
        returns[t] = running
    keep = decided.reshape(-1)
    return (obs.reshape(-1, obs.shape[-1])[keep], masks.reshape(-1, masks.shape[-1])[keep],
            acts.reshape(-1)[keep], returns.reshape(-1)[keep], finished)


def play_held_out(choose: Chooser, opponent: str, pairs: int, seed: int, watch: int | None = None,
                  ) -> tuple[np.ndarray, float]:
    """The learner's return on each of ``2 * pairs`` held-out deals (one episode per table,
    tables ``2k`` and ``2k + 1`` the same deal with the learner one seat on), as pairs; and how
    often it chose action ``watch`` where that was legal (nan without ``watch``)."""
    env = make_env(opponent, 2 * pairs, seed, duplicate=True)
    env.reset()
    result = np.full(env.num_envs, np.nan)
    seat = env.current_player.copy()
    offered = chosen = 0
    while np.isnan(result).any():
        waiting = env.current_player != cardrules.TERMINAL
        seat = np.where(waiting, env.current_player, seat)
        actions = choose(env.observation, env.legal_action_mask.astype(bool))
        if watch is not None:
            # Only each table's first episode counts, as for the returns.
            here = np.isnan(result) & (env.legal_action_mask[:, watch] == 1)
            offered += int(here.sum())
            chosen += int((actions[here] == watch).sum())
        env.step(actions)
        first = env.terminated & np.isnan(result)
        result[first] = env.rewards[first, seat[first]]
    return result.reshape(pairs, 2), chosen / offered if offered else float("nan")


def interval(x: np.ndarray) -> tuple[float, float]:
    """The mean and the half width of its 95 % normal interval."""
    return float(x.mean()), float(1.96 * x.std(ddof=1) / math.sqrt(len(x)))


def train(s: Settings, seed: int, opponents: list[str]) -> tuple[Policy, Policy, list[dict]]:
    """Trains the network; the untrained copy, the trained one and the curve's rows."""
    rng = np.random.default_rng(seed)
    envs = [make_env(o, s.tables, seed=seed * 1000 + k) for k, o in enumerate(opponents)]
    for env in envs:
        env.reset()
    policy = Policy(envs[0].observation_size, envs[0].num_actions, s.hidden, rng)
    start = policy.copy()
    curve: list[dict] = []
    episodes = {o: 0 for o in opponents}
    decisions = 0
    t0 = time.perf_counter()
    for it in range(1, s.iterations + 1):
        batches = [rollout(env, policy, rng, s.horizon) for env in envs]
        obs, masks, acts, rets = (np.concatenate([b[i] for b in batches]) for i in range(4))
        losses = policy.update(obs, masks, acts, rets, s)
        if not all(math.isfinite(v) for v in losses.values()):
            raise FloatingPointError(f"iteration {it}: a loss is not finite: {losses}")
        decisions += len(obs)
        row: dict = {"iteration": it, "decisions": decisions, **losses}
        for o, b in zip(opponents, batches):
            episodes[o] += len(b[4])
            row[f"episodes_{o}"] = episodes[o]
            row[f"mean_return_{o}"] = float(np.mean(b[4])) if b[4] else float("nan")
        curve.append(row)
        if it % max(1, s.iterations // 10) == 0:
            print(f"iteration {it}/{s.iterations}: {decisions} decisions, "
                  + ", ".join(f"vs {o} {row[f'mean_return_{o}']:+.1f}" for o in opponents)
                  + f", entropy {losses['entropy']:.3f} ({time.perf_counter() - t0:.0f} s)", flush=True)
    return start, policy, curve


def moving_average(x: np.ndarray, width: int) -> np.ndarray:
    """The mean of the last ``width`` values at each point (fewer at the start)."""
    c = np.cumsum(np.insert(x, 0, 0.0))
    idx = np.arange(1, len(x) + 1)
    lo = np.maximum(idx - width, 0)
    return (c[idx] - c[lo]) / (idx - lo)


def write_curve(curve: list[dict], opponents: list[str], out: Path, width: int) -> list[Path]:
    """The curve as CSV, with its moving averages, and as a PNG if matplotlib is installed."""
    out.mkdir(parents=True, exist_ok=True)
    for o in opponents:
        ma = moving_average(np.array([r[f"mean_return_{o}"] for r in curve]), width)
        for r, m in zip(curve, ma):
            r[f"moving_average_{o}"] = float(m)
    path = out / "learning-curve.csv"
    with path.open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(curve[0]))
        w.writeheader()
        for r in curve:
            w.writerow({k: (f"{v:.4f}" if isinstance(v, float) else v) for k, v in r.items()})
    written = [path]
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: the curve is only in", path)
        return written
    fig, ax = plt.subplots(figsize=(6.4, 3.6), dpi=100)
    x = np.array([r["decisions"] for r in curve])
    for o in opponents:
        ax.plot(x, [r[f"mean_return_{o}"] for r in curve], alpha=0.25, lw=0.8)
        ax.plot(x, [r[f"moving_average_{o}"] for r in curve], lw=1.8, color=ax.lines[-1].get_color(),
                label=f"against {o} (moving average of {width} updates)")
    ax.axhline(0, color="grey", lw=0.6)
    ax.set_xlabel("learner decisions played")
    ax.set_ylabel("mean return per deal (points)")
    ax.set_title("Schieber deal, seat 0: mean return of the episodes each update saw")
    ax.legend(fontsize=8)
    fig.tight_layout()
    png = out / "learning-curve.png"
    fig.savefig(png)
    plt.close(fig)
    written.append(png)
    return written


def tournament(start: Policy, trained: Policy, opponents: list[str], pairs: int, seed: int,
               rng_seed: int) -> tuple[str, dict]:
    """Every policy against every bot on the same held-out deals: a Markdown table and data."""
    def uniform(rng: np.random.Generator) -> Chooser:
        return lambda obs, mask: (rng.random(mask.shape) * mask).argmax(axis=1)

    def sampled(policy: Policy, rng: np.random.Generator) -> Chooser:
        return lambda obs, mask: policy.act(obs, mask, rng)

    def greedy(policy: Policy) -> Chooser:
        return lambda obs, mask: policy.act(obs, mask, None, greedy=True)

    players = [
        ("uniform random", lambda: uniform(np.random.default_rng(rng_seed))),
        ("untrained network (sampling)", lambda: sampled(start, np.random.default_rng(rng_seed))),
        ("trained network (sampling)", lambda: sampled(trained, np.random.default_rng(rng_seed))),
        ("trained network (greedy)", lambda: greedy(trained)),
    ]
    lines = ["| learner | against | games | mean return [95 % CI] | won | "
             "paired gain over uniform random | paired gain over the untrained network | pushes |",
             "|---|---|---:|---:|---:|---:|---:|---:|"]
    # "push" leaves the trump to the partner: where a policy's gain comes from, in part.
    push = cardrules.new_game(GAME, variant=VARIANT).new_initial_state(seed=3).string_to_action("push")
    data: dict = {}
    for o in opponents:
        seen: dict[str, np.ndarray] = {}
        for name, make in players:
            r, pushes = play_held_out(make(), o, pairs, seed, watch=push)
            per_pair = r.mean(axis=1)
            m, hw = interval(per_pair)
            won = float((r > 0).mean())
            row = {"mean": m, "half_width": hw, "won": won, "games": int(r.size), "pushes": pushes}
            cells = []
            # Paired: the same held-out deals, so each pair's difference cancels the cards.
            for key, base in (("uniform", "uniform random"), ("untrained", "untrained network (sampling)")):
                if base in seen and name != base:
                    dm, dhw = interval(per_pair - seen[base])
                    row[f"paired_vs_{key}"] = [dm, dhw]
                    cells.append(f"{dm:+.1f} [{dm - dhw:+.1f}, {dm + dhw:+.1f}]")
                else:
                    cells.append("—")
            seen[name] = per_pair
            lines.append(f"| {name} | `{o}` | {r.size} | {m:+.1f} [{m - hw:+.1f}, {m + hw:+.1f}] | "
                         f"{100 * won:.0f} % | {cells[0]} | {cells[1]} | {100 * pushes:.0f} % |")
            data[f"{name} vs {o}"] = row
    return "\n".join(lines), data


def main(argv: list[str] | None = None) -> dict:
    """Trains, writes the curve, plays the tournament; its data (also ``learning-results.json``)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1, help="network, sampling and training deals")
    ap.add_argument("--eval-seed", type=int, default=3106, help="the held-out deals")
    ap.add_argument("--opponents", help="ladder bots, comma-separated (default: random,rules, "
                    "or rules with --quick: a short run gains against rules sooner)")
    ap.add_argument("--quick", action="store_true", help="a smoke run of a few seconds")
    ap.add_argument("--iterations", type=int, help="updates (default: 1500, or 40 with --quick)")
    ap.add_argument("--hidden", type=int, help="hidden units (default 128)")
    ap.add_argument("--lr", type=float, help="Adam's step size (default 1e-2)")
    ap.add_argument("--pairs", type=int, help="held-out duplicate pairs (default 2000, or 500 with --quick)")
    ap.add_argument("--out", type=Path, default=Path("learn-out"), help="directory of the outputs")
    args = ap.parse_args(argv)
    s = QUICK if args.quick else FULL
    if args.iterations:
        s = Settings(**{**s.__dict__, "iterations": args.iterations})
    if args.lr:
        s = Settings(**{**s.__dict__, "lr": args.lr})
    if args.hidden:
        s = Settings(**{**s.__dict__, "hidden": args.hidden})
    if args.pairs:
        s = Settings(**{**s.__dict__, "eval_pairs": args.pairs})
    opponents = (args.opponents or ("rules" if args.quick else "random,rules")).split(",")
    t0 = time.perf_counter()
    start, trained, curve = train(s, args.seed, opponents)
    trained_s = time.perf_counter() - t0
    files = write_curve(curve, opponents, args.out, width=max(1, s.iterations // 20))
    table, data = tournament(start, trained, opponents, s.eval_pairs, args.eval_seed, args.seed)
    total_s = time.perf_counter() - t0
    print()
    print(table)
    print()
    print(f"training {trained_s:.0f} s, total {total_s:.0f} s; wrote {', '.join(map(str, files))}")
    result = {"settings": s.__dict__, "seed": args.seed, "eval_seed": args.eval_seed,
              "training_seconds": trained_s, "total_seconds": total_s, "table": data,
              "final_losses": {k: curve[-1][k] for k in ("policy_loss", "value_loss", "entropy")}}
    (args.out / "learning-results.json").write_text(json.dumps(result, indent=1))
    return result


if __name__ == "__main__":
    main()
