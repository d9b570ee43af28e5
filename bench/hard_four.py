"""One searching bot among three medium in 4-player games (issue 30 item 5: one hard among
three medium wins >= 50% of 40 games), for the league's hard variants as well as ``hard``.

Games as ``fcm tournament --players 4 --bots <bot>,medium,medium,medium``: every rotation of
the seats on each seed (seeds ``seed``, ``seed + 1``, ...), so the bot sits in every seat. With
several bots the games alternate between them (a run stopped early has figures for each, on
the same seeds). ``python -m bench.hard_four --bots hard_fast,hard_v1 --games 40 --seed 1``.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence

from bench.league import make_player
from fcm.core.state import Options
from fcm.runner import SIMULATION_ROUND_LIMIT, play_game
from fcm.tournament import wilson


def play_four(bot: str, seed: int, seat: int) -> dict[str, object]:
    """One 4-player game, ``bot`` in ``seat`` and medium in the others."""
    names = ["medium"] * 4
    names[seat] = bot
    seats = [make_player(n, seed * 10 + i) for i, n in enumerate(names)]
    state = play_game(seats, seed, Options(round_limit=SIMULATION_ROUND_LIMIT)).state
    return {"bot": bot, "seed": seed, "seat": seat, "win": state.ranking[0] == seat,
            "cash": [p.cash for p in state.players], "rounds": state.round}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", default="hard")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="")
    args = parser.parse_args(argv)
    bots = [b for b in args.bots.split(",") if b]
    tally = {b: [0, 0] for b in bots}
    out = open(args.out, "w") if args.out else None  # noqa: SIM115 (written as games finish)
    try:
        for i in range(args.games):
            for b in bots:
                line = play_four(b, args.seed + i // 4, i % 4)
                tally[b][0] += bool(line["win"])
                tally[b][1] += 1
                if out:
                    out.write(json.dumps(line) + "\n")
                    out.flush()
    finally:
        if out:
            out.close()
    for b, (w, n) in tally.items():
        lo, hi = wilson(w, n)
        print(f"| {b} among three medium | {w}/{n} {100 * w / n:.0f}% "
              f"[{100 * lo:.0f}, {100 * hi:.0f}] |")


if __name__ == "__main__":
    main()
