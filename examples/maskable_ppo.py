"""Train sb3-contrib's MaskablePPO on the Gymnasium wrapper against bots, within a CPU budget,
then measure its win rate against ``random`` and ``easy`` (docs/research.md, "Gymnasium and
MaskablePPO"). Needs the extra ``rl`` (torch, stable-baselines3, sb3-contrib).

    python examples/maskable_ppo.py --minutes 10 --out ppo_fcm.zip [--eval-games 40]

The budget is CPU time of this process (torch on one thread: one core), not wall-clock time,
so the figure means the same on a busy machine.

- The env: ``FcmGymEnv(players=2, opponents="random", board=False)``: the learner in every seat
  in turn, a slot action head over the legal actions (``top_k`` 128), the player and global
  features scaled (no map planes: a small first layer), the 60-round cap with the cash ranking
  at the cut as the reward (+1 ahead, -1 behind).
- The policy: an MLP of two 64-unit layers (about 0.4 M parameters), one thread; training stops
  when the wall-clock budget is spent.
- The evaluation: the trained policy (greedy) in 2-player games against each opponent, seats
  alternating, seeds never seen in training; a game the cap ends is won by the one with more cash.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import numpy as np

from fcm.bots import make_bot
from fcm.core.state import Options
from fcm.env.aec import ROUND_LIMIT
from fcm.env.gym_env import FcmGymEnv, PolicyBot
from fcm.runner import play_game
from fcm.simulate import bot_seed

TOP_K, BOARD = 128, False
EVAL_SEED = 1_000_000  # evaluation seeds, far from the training games' seeds


def load_policy(path: str | Path) -> PolicyBot:
    """A saved MaskablePPO model as a bot (greedy), for play_game or the leaderboard."""
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    model = MaskablePPO.load(str(path), device="cpu")

    def act(obs: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(obs, action_masks=mask, deterministic=True)
        return int(action)

    return PolicyBot(act, top_k=TOP_K, board=BOARD, name="ppo")


def train(minutes: float, out: str, seed: int, opponents: str) -> dict[str, Any]:
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    torch.set_num_threads(1)
    env = FcmGymEnv(2, opponents, seed=seed, top_k=TOP_K, board=BOARD, step_reward=True)
    model = MaskablePPO(
        "MlpPolicy", env, n_steps=512, batch_size=128, n_epochs=4, learning_rate=3e-4,
        gamma=0.99, ent_coef=0.01, policy_kwargs={"net_arch": [64, 64]}, seed=seed,
        device="cpu", verbose=0,
    )
    deadline = time.process_time() + 60 * minutes
    endings: list[float] = []

    class Budget(BaseCallback):  # type: ignore[misc]
        def _on_step(self) -> bool:
            for info, done in zip(self.locals["infos"], self.locals["dones"], strict=True):
                if done:  # the rank reward of the game (at the cap: by cash)
                    endings.append(float(info.get("reward_at_cut", info.get("rank_reward", 0))))
            return time.process_time() < deadline

    start, cpu = time.monotonic(), time.process_time()
    model.learn(total_timesteps=10**9, callback=Budget())
    model.save(out)
    params = sum(p.numel() for p in model.policy.parameters())
    return {
        "steps": model.num_timesteps, "games": len(endings), "seconds": time.monotonic() - start,
        "cpu_seconds": time.process_time() - cpu,
        "params": params, "last_100_mean_reward": float(np.mean(endings[-100:] or [0.0])),
    }


def evaluate(policy: PolicyBot, opponent: str, games: int) -> tuple[int, int, int]:
    """(wins, games, games the cap ended) for the policy against ``opponent`` at 2 players."""
    wins = capped = 0
    opts = Options(round_limit=ROUND_LIMIT)
    for g in range(games):
        seed, seat = EVAL_SEED + g, g % 2
        other = make_bot(opponent, bot_seed(seed, 1 - seat))
        bots = [policy, other] if seat == 0 else [other, policy]
        state = play_game(bots, seed, opts).state
        wins += state.ranking[0] == seat
        capped += state.end_reason.startswith("round limit")
    return wins, games, capped


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=10.0, help="training budget (CPU time)")
    ap.add_argument("--out", default="ppo_fcm.zip", help="where the trained model goes")
    ap.add_argument("--opponents", default="random", help="the training opponents (bot names)")
    ap.add_argument("--eval-games", type=int, default=40, help="games per opponent")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    stats = train(args.minutes, args.out, args.seed, args.opponents)
    print(
        f"trained {stats['steps']} steps ({stats['games']} games) in {stats['cpu_seconds']:.0f} "
        f"CPU seconds ({stats['seconds']:.0f} s wall), "
        f"{stats['params']} parameters; mean reward of the last 100 games "
        f"{stats['last_100_mean_reward']:+.2f}; saved {args.out}"
    )
    policy = load_policy(args.out)
    print("| opponent | games | PPO wins | win % | games the cap ended |")
    print("|---|---:|---:|---:|---:|")
    for opponent in ("random", "easy"):
        wins, games, capped = evaluate(policy, opponent, args.eval_games)
        print(f"| {opponent} | {games} | {wins} | {100 * wins / games:.0f} | {capped} |")


if __name__ == "__main__":
    main()
