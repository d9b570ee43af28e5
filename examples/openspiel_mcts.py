"""OpenSpiel's MCTS on Food Chain Magnate: the game ``python_fcm`` made sequential by
``pyspiel.convert_to_turn_based``, searched by ``open_spiel.python.algorithms.mcts.MCTSBot``
from a determinization of the seat's view (``fcm.env.spiel_mcts``; docs/research.md), playing
2-player games against ``random`` and ``easy``, seats alternating. Needs the extra ``rl``.

    python examples/openspiel_mcts.py [--games 10] [--simulations 8] [--depth 20]

Prints the win rate against each opponent and the CPU time per game (this process's: the
search runs on one core).
"""

from __future__ import annotations

import argparse
import time

from fcm.bots import make_bot
from fcm.core.state import Options
from fcm.env.aec import ROUND_LIMIT
from fcm.env.spiel_mcts import DEPTH, SIMULATIONS, OpenSpielMCTSBot
from fcm.runner import play_game
from fcm.simulate import bot_seed

EVAL_SEED = 2_000_000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=10, help="games per opponent")
    ap.add_argument("--simulations", type=int, default=SIMULATIONS, help="MCTS iterations")
    ap.add_argument("--depth", type=int, default=DEPTH, help="random moves per leaf")
    args = ap.parse_args()
    print("| opponent | games | MCTS wins | win % | CPU s per game | games the cap ended |")
    print("|---|---:|---:|---:|---:|---:|")
    for opponent in ("random", "easy"):
        wins = capped = 0
        cpu = time.process_time()
        for g in range(args.games):
            seed, seat = EVAL_SEED + g, g % 2
            mcts = OpenSpielMCTSBot(seed, simulations=args.simulations, depth=args.depth)
            other = make_bot(opponent, bot_seed(seed, 1 - seat))
            bots = [mcts, other] if seat == 0 else [other, mcts]
            state = play_game(bots, seed, Options(round_limit=ROUND_LIMIT)).state
            wins += state.ranking[0] == seat
            capped += state.end_reason.startswith("round limit")
        per_game = (time.process_time() - cpu) / max(1, args.games)
        print(
            f"| {opponent} | {args.games} | {wins} | {100 * wins / max(1, args.games):.0f} | "
            f"{per_game:.0f} | {capped} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
