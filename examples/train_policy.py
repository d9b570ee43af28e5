"""Train a small masked policy on CPU by imitating the heuristic bot, then show in a tournament
that it beats ``random``. NumPy only.

    python examples/train_policy.py [--games 20] [--epochs 4] [--eval-games 24]

1. ``fcm.env.dataset`` records heuristic-bot games (observations, legal sets, chosen actions).
2. The policy scores each *legal* action ``a`` of a decision as
   ``B[context, a] + tanh(P @ x) . E[a]``: ``context`` is the phase and Working 9-5 step, ``x``
   the observation's player and global features (scaled), ``P`` a 16-unit layer and ``E`` a
   16-dimensional embedding of every action index. A softmax over the legal set only (the mask)
   is trained by cross-entropy against the bot's choices, by plain SGD.
3. Tournament: the policy (sampling its softmax) in one seat against three ``random`` bots, every
   seat in turn, against the same line-up with a ``random`` bot in that seat as the baseline.
   Every game is capped at 60 rounds (``fcm.env.aec.ROUND_LIMIT``, the CLI's simulation cap):
   games with ``random`` bots often never reach the second bank break; a capped game is ranked
   by cash, and the table says how many the cap ended.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Sequence

import numpy as np

from fcm.bots import make_bot
from fcm.core.actions import Action
from fcm.core.engine import ROUND_LIMIT_REASON
from fcm.core.state import WORK_STEPS, GameState, Options, Phase
from fcm.env.aec import ROUND_LIMIT
from fcm.env.dataset import Steps, write_dataset
from fcm.env.encoding import NUM_ACTIONS, encode
from fcm.env.observation import MAX_PLAYERS, PLANES, PLAYER_FEATURES, flat, observe
from fcm.env.observation import global_field as gf
from fcm.runner import play_game

BOARD = PLANES * 20 * 25
PHASES = list(Phase)
STEPS = list(WORK_STEPS)
HIDDEN = 16


def context_of(x: np.ndarray) -> int:
    """Phase (10) x Working 9-5 step (7 + none), read back from the flat observation."""
    glob = x[BOARD + MAX_PLAYERS * PLAYER_FEATURES :]
    phase = int(np.argmax(glob[gf("phase")]))
    step = glob[gf("work_step")]
    return phase * 8 + (int(np.argmax(step)) + 1 if step.any() else 0)


def features(x: np.ndarray) -> np.ndarray:
    """The non-map part of the observation, squashed to a small range."""
    v = x[BOARD:]
    return np.sign(v) * np.log1p(np.abs(v))


class Policy:
    def __init__(self, dim: int, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        self.B = np.zeros((len(PHASES) * 8, NUM_ACTIONS), dtype=np.float32)
        self.P = (rng.standard_normal((HIDDEN, dim)) / np.sqrt(dim)).astype(np.float32)
        self.E = (0.1 * rng.standard_normal((NUM_ACTIONS, HIDDEN))).astype(np.float32)

    def scores(self, ctx: int, f: np.ndarray, legal: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        h = np.tanh(self.P @ f)
        return self.B[ctx, legal] + self.E[legal] @ h, h

    def sgd_step(self, ctx: int, f: np.ndarray, legal: np.ndarray, target: int, lr: float) -> float:
        s, h = self.scores(ctx, f, legal)
        p = np.exp(s - s.max())
        p /= p.sum()
        k = int(np.flatnonzero(legal == target)[0])
        loss = -float(np.log(p[k] + 1e-12))
        g = p.copy()
        g[k] -= 1.0  # d loss / d scores
        self.B[ctx, legal] -= lr * g
        grad_h = self.E[legal].T @ g
        self.E[legal] -= lr * np.outer(g, h)
        self.P -= lr * np.outer(grad_h * (1 - h * h), f)
        return loss


class PolicyBot:
    """A bot that plays the trained policy greedily (it sees only its view and legal actions)."""

    name = "policy"

    def __init__(self, policy: Policy, seed: int = 0) -> None:
        self.policy = policy
        self.rng = np.random.default_rng(seed)

    def choose(self, view: GameState, seat: int, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        x = flat(observe(view, seat, mask=False))
        idx = np.array([encode(view, a) for a in legal])
        s, _ = self.policy.scores(context_of(x), features(x), idx)
        # Sample: greedy play would always take the most frequent choice of a step, which is
        # usually Done (ending every step at once).
        p = np.exp(s - s.max())
        return legal[int(self.rng.choice(len(legal), p=p / p.sum()))]


def train(folder: str, epochs: int, lr: float) -> Policy:
    rows = []
    for batch in Steps(folder, columns=["obs", "legal", "action"]).batches():
        for x, legal, action in zip(batch["obs"], batch["legal"], batch["action"], strict=True):
            if len(legal) > 1:  # a forced move teaches nothing
                rows.append((context_of(x), features(x), legal, int(action)))
    policy = Policy(len(rows[0][1]))
    order = np.random.default_rng(1)
    for epoch in range(epochs):
        losses = [policy.sgd_step(*rows[i], lr) for i in order.permutation(len(rows))]
        print(f"epoch {epoch + 1}: {len(rows)} decisions, mean cross-entropy {np.mean(losses):.3f}")
    return policy


def tournament(policy: Policy, games: int, players: int = 4) -> None:
    capped = Options(round_limit=ROUND_LIMIT)  # random bots alone may never end a game
    table = {"policy": [0, 0, 0.0, 0], "random (same seat)": [0, 0, 0.0, 0]}
    for g in range(games):
        seat = g % players
        for label in table:
            bots = [make_bot("random", 1000 * g + i) for i in range(players)]
            if label == "policy":
                bots[seat] = PolicyBot(policy, seed=g)  # type: ignore[assignment]
            state = play_game(bots, seed=5000 + g, options=capped).state
            rank = state.ranking.index(seat)
            table[label][0] += rank == 0
            table[label][1] += 1
            table[label][2] += state.players[seat].cash
            table[label][3] += state.end_reason == ROUND_LIMIT_REASON
    print(f"\n{games} games, {players} players: the seat under test against 3 random bots")
    print(f"{'seat under test':<20} {'wins':>6} {'win %':>7} {'mean cash':>10} {'capped':>7}")
    for label, (wins, n, cash, cut) in table.items():
        print(f"{label:<20} {wins:>6} {100 * wins / n:>6.1f}% {cash / n:>10.1f} {cut:>7}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=20, help="heuristic games to imitate")
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--eval-games", type=int, default=24)
    args = ap.parse_args()
    start, cpu = time.perf_counter(), time.process_time()
    with tempfile.TemporaryDirectory() as folder:
        capped = Options(round_limit=ROUND_LIMIT)
        for _ in write_dataset(["heuristic"] * 4, args.games, folder, seed=1, options=capped):
            pass
        print(f"dataset: {args.games} games in {time.perf_counter() - start:.0f} s")
        policy = train(folder, args.epochs, args.lr)
    print(
        f"trained in {time.process_time() - cpu:.0f} CPU-s "
        f"({time.perf_counter() - start:.0f} s wall; NumPy)"
    )
    tournament(policy, args.eval_games)
    print(
        f"total {time.process_time() - cpu:.0f} CPU-s ({time.perf_counter() - start:.0f} s wall)"
    )


if __name__ == "__main__":
    main()
