"""Training the hard bot's learned evaluation (``fcm.bots.evaluation``) on self-play games.

Positions come from games between cheap players: medium, easy, the tuning plans
(``bench.plans.PLANS``, played as a newcomer and with medium's tactics) and the search's rival
styles; never the held-out plans (``bench.heldout``), which the bots are only measured on. At
the first step of every round's Restructuring (where hard's rollouts stop and score) each seat's
``features`` are recorded, labelled with the seat's final cash margin over its best rival
(clipped to +-``CLIP``). A ridge regression (``fcm.bots.evaluation.fit``) gives the weights.

``python -m bench.train_eval --games 3000 --seed 1 --jobs 2`` writes
``src/fcm/bots/eval_weights.json`` (the packaged weights were made by exactly this command;
the same arguments give the same file).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from bench.plans import PLANS, PlanBot, StrongPlanBot
from fcm.bots import make_bot
from fcm.bots.base import Bot
from fcm.bots.evaluation import WEIGHTS_FILE, features, fit
from fcm.bots.ismcts import STYLES, rollout_policy
from fcm.core.state import GameState, Options, Phase
from fcm.runner import play_game

CLIP = 200.0  # dollars: a runaway game's margin says little more than a clear win


def _players() -> list[tuple[str, Callable[[int], Bot]]]:
    out: list[tuple[str, Callable[[int], Bot]]] = [
        ("medium", lambda s: make_bot("medium", s)),
        ("easy", lambda s: make_bot("easy", s)),
    ]
    for plan in PLANS:
        out.append((plan, lambda s, p=plan: PlanBot(p, s)))
        out.append((f"strong-{plan}",
                    lambda s, p=plan: StrongPlanBot(p, s, script=PLANS[p])))
    for style in STYLES:
        out.append((f"style-{style}", lambda s, st=style: rollout_policy(st, s)))
    return out


def game_positions(seed: int, players: int = 2) -> list[tuple[list[float], float]]:
    """One game from ``seed``: its players drawn from the pool by the seed (medium in half
    the seats), each seat's features at every round's Restructuring with its final margin."""
    pool = _players()
    bots: list[Bot] = []
    for i in range(players):
        k = (seed * 7 + i * 13) % (2 * len(pool))
        _, make = pool[0] if k >= len(pool) else pool[k]
        bots.append(make(seed * 10 + i))
    snaps: list[GameState] = []
    seen: set[int] = set()

    def record(state: GameState, seat: int, action: object) -> None:
        if state.turn.phase is Phase.RESTRUCTURING and state.round not in seen:
            seen.add(state.round)
            snaps.append(state.clone())

    final = play_game(bots, seed, Options(round_limit=40), on_step=record).state
    out = []
    for snap in snaps:
        for s in range(players):
            cash = [p.cash for p in final.players]
            margin = cash[s] - max(c for t, c in enumerate(cash) if t != s)
            out.append((features(snap, s), max(-CLIP, min(CLIP, float(margin)))))
    return out


def _game(args: tuple[int, int]) -> list[tuple[list[float], float]]:
    return game_positions(*args)


def positions(games: int, seed: int, jobs: int = 1,
              four: float = 0.2) -> list[tuple[list[float], float]]:
    """Positions of ``games`` games from ``seed`` (a share ``four`` of them at 4 players), in
    game order whatever ``jobs``."""
    todo = [(seed + g, 4 if (g % 10) < 10 * four else 2) for g in range(games)]
    if jobs <= 1:
        rows = list(map(_game, todo))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            rows = list(pool.map(_game, todo, chunksize=4))
    return [r for game in rows for r in game]


def train(games: int, seed: int, jobs: int = 1, ridge: float = 1.0) -> dict[str, object]:
    data = positions(games, seed, jobs)
    note = (f"fcm.bots.evaluation weights: python -m bench.train_eval --games {games} "
            f"--seed {seed} --ridge {ridge}")
    return fit([x for x, _ in data], [y for _, y in data], ridge, note)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--ridge", type=float, default=1.0)
    parser.add_argument("--out", default=str(WEIGHTS_FILE))
    args = parser.parse_args(argv)
    weights = train(args.games, args.seed, args.jobs, args.ridge)
    Path(args.out).write_text(json.dumps(weights, indent=1) + "\n")
    print(f"{weights['positions']} positions, r2 {weights['r2']}: {args.out}")


if __name__ == "__main__":
    main()
