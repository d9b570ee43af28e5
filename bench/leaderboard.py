"""The baseline leaderboard of docs/research.md: ``python -m bench.leaderboard``.

Entrants: the bots ``random``, ``easy``, ``medium``, ``hard``, OpenSpiel's MCTS
(:class:`fcm.env.spiel_mcts.OpenSpielMCTSBot`, through the turn-based conversion) and the
example learner of ``examples/maskable_ppo.py`` (``--ppo PATH``, its saved model; left out
without it). Games are seat-rotated (every line-up is played once per rotation of its seats, on
the same seeds) and capped at 60 rounds (a capped game is ranked by cash):

- 2 players: every pair of entrants, ``--seeds2`` seeds each;
- 4 players: every 4 of the entrants (every subset, or with ``--windows`` the cyclic windows
  of 4 consecutive entrants, fewer line-ups), ``--seeds4`` seeds each.

Ratings are openskill's Plackett-Luce (``fcm.tournament.summarise``), one per player count; the
table gives μ ± 1.96σ, the win rate with its Wilson 95% interval and the mean cash. Each game's
result is written to ``--out`` (a JSON line) as it finishes.

    python -m bench.leaderboard --ppo ppo_fcm.zip --seeds2 2 --seeds4 1 --jobs 1 --out lb.jsonl
"""

from __future__ import annotations

import argparse
import itertools
import json
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from fcm.bots import make_bot
from fcm.core.state import Options
from fcm.runner import SIMULATION_ROUND_LIMIT, play_game
from fcm.simulate import bot_seed
from fcm.tournament import Summary, rotations, summarise, wilson

BOTS = ("random", "easy", "medium", "hard")
MCTS = "mcts"
PPO = "ppo"
SEED = 1  # first seed; 4-player games start at SEED + 10_000


@dataclass(frozen=True, slots=True)
class Match:
    seed: int
    bots: tuple[str, ...]
    ppo: str | None  # the saved model, for the ppo entrant


_POLICIES: dict[str, Any] = {}


def make_entrant(name: str, seed: int, ppo: str | None) -> Any:
    """A bot for an entrant's name (the project's levels, ``mcts``, ``ppo``)."""
    if name == MCTS:
        from fcm.env.spiel_mcts import OpenSpielMCTSBot

        return OpenSpielMCTSBot(seed)
    if name == PPO:
        if ppo is None:
            raise ValueError("the ppo entrant needs --ppo PATH (a model saved by maskable_ppo.py)")
        if ppo not in _POLICIES:  # one model per process: the policy is greedy, seeds unused
            import importlib.util

            path = Path(__file__).resolve().parents[1] / "examples" / "maskable_ppo.py"
            spec = importlib.util.spec_from_file_location("maskable_ppo", path)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            _POLICIES[ppo] = module.load_policy(ppo)
        return _POLICIES[ppo]
    return make_bot(name, seed)


def play(match: Match) -> dict[str, Any]:
    """One game, as a result line of ``fcm tournament`` (seed, bots, ranking, cash, ...)."""
    bots = [make_entrant(n, bot_seed(match.seed, s), match.ppo) for s, n in enumerate(match.bots)]
    start = time.perf_counter()
    state = play_game(bots, match.seed, Options(round_limit=SIMULATION_ROUND_LIMIT)).state
    return {
        "seed": match.seed,
        "bots": list(match.bots),
        "ranking": list(state.ranking),
        "cash": [p.cash for p in state.players],
        "rounds": state.round,
        "end_reason": state.end_reason,
        "seconds": round(time.perf_counter() - start, 3),
        "final_hash": state.state_hash(),
    }


def schedule(
    entrants: Sequence[str], players: int, seeds: int, first_seed: int, windows: bool
) -> list[Match]:
    """Every line-up of ``players`` entrants (or the cyclic windows), every rotation, seeds."""
    if windows and players < len(entrants):
        n = len(entrants)
        lineups = [tuple(entrants[(i + k) % n] for k in range(players)) for i in range(n)]
    else:
        lineups = list(itertools.combinations(entrants, players))
    return [
        Match(first_seed + s, rot, None)
        for s in range(seeds)
        for lineup in lineups
        for rot in rotations(lineup)
    ]


def run(matches: Sequence[Match], jobs: int) -> Iterator[dict[str, Any]]:
    if jobs <= 1:
        for m in matches:
            yield play(m)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(play, matches, chunksize=1)


def table(s: Summary) -> list[str]:
    out = [
        "| entrant | seat-games | wins | win % (95% CI) | mean cash | rating μ ± 1.96σ |",
        "|---|---:|---:|---|---:|---|",
    ]
    for b in s.bots:
        lo, hi = wilson(b.wins, b.seats)
        out.append(
            f"| {b.name} | {b.seats} | {b.wins} | {100 * b.win_rate:.0f} "
            f"({100 * lo:.0f}–{100 * hi:.0f}) | {b.cash:.0f} | {b.mu:.1f} ± {1.96 * b.sigma:.1f} |"
        )
    return out


def report(lines: Sequence[dict[str, Any]], command: str) -> str:
    """The leaderboard as Markdown: one table per player count."""
    out = [f"{datetime.now(UTC):%Y-%m-%d}, `{command}`", ""]
    for players in (2, 4):
        mine = [x for x in lines if len(x["bots"]) == players]
        if not mine:
            continue
        s = summarise(mine)
        capped = sum(x["end_reason"].startswith("round limit") for x in mine)
        out += [
            f"**{players} players**: {s.games} games ({capped} ended by the 60-round cap), "
            f"rounds mean {s.rounds_mean:.1f}, {s.seconds_mean:.1f} s per game",
            "",
            *table(s),
            "",
        ]
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ppo", default=None, help="a MaskablePPO model saved by maskable_ppo.py")
    ap.add_argument("--no-mcts", action="store_true", help="leave OpenSpiel's MCTS out")
    ap.add_argument("--seeds2", type=int, default=2, help="seeds per 2-player pair")
    ap.add_argument("--seeds4", type=int, default=1, help="seeds per 4-player line-up")
    ap.add_argument("--windows", action="store_true", help="4 players: cyclic windows only")
    ap.add_argument("--only", default=None, help="only the line-ups with this entrant (a run "
                    "that adds an entrant to an earlier one: --report both files)")
    ap.add_argument("--jobs", type=int, default=1, help="parallel processes")
    ap.add_argument("--out", default="leaderboard.jsonl", help="one JSON line per game")
    ap.add_argument("--report", nargs="*", default=None, metavar="JSONL",
                    help="no games: the tables of these result files together")
    args = ap.parse_args(argv)
    if args.report is not None:
        lines = [json.loads(x) for f in args.report for x in Path(f).read_text().splitlines()]
        print(report(lines, "python -m bench.leaderboard " + " ".join(argv or [])))
        return 0
    entrants = list(BOTS) + ([] if args.no_mcts else [MCTS]) + ([PPO] if args.ppo else [])
    matches = schedule(entrants, 2, args.seeds2, SEED, windows=False)
    matches += schedule(entrants, 4, args.seeds4, SEED + 10_000, args.windows)
    if args.only:
        matches = [m for m in matches if args.only in m.bots]
    matches = [Match(m.seed, m.bots, args.ppo) for m in matches]
    lines = []
    start = time.monotonic()
    with open(args.out, "w") as fh:
        for k, line in enumerate(run(matches, args.jobs), 1):
            fh.write(json.dumps(line) + "\n")
            fh.flush()
            lines.append(line)
            print(f"{k}/{len(matches)} games, {time.monotonic() - start:.0f} s", flush=True)
    command = "python -m bench.leaderboard " + " ".join(argv or [])
    print(report(lines, command.strip()))
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv[1:]))
