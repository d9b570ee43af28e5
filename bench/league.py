"""The league (issue 30 item 3): every bot under test against the tuning plans, the held-out
plans and the league's other players, tuning and held-out figures side by side.

Opponents, by set:
- ``tuning``: ``bench.plans.PLANS``, the scripted plans the bots were tuned against;
- ``held-out``: ``bench.heldout.HELD_OUT``, plans only ever measured (see that module);
- ``league``: earlier bot versions (``medium_v1``: medium before issue 30; ``heuristic-v0``:
  the easy bot of issue 16), the easy bot, and ``exploiter``, a plan whose parameters were
  chosen by games against hard (``bench/exploiter.py``; ``exploiter_v0``, the scripted one
  it replaces).

Every pairing is 2 players, seat-rotated: game i is seed ``seed + i // 2`` with the bot under
test in seat ``i % 2``, capped at the simulation round limit. ``fcm tournament --league
medium_v1,medium --games 100 --jobs 1`` (or ``python -m bench.league``) prints one table: a
column per bot under test, a row per opponent, each cell the wins with a Wilson 95% interval,
and a row per set over all its opponents. Run from a clone (the plans live in ``bench``, apart
from the bots, which never see them).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, ClassVar

from bench.exploiter import player as exploiter_player
from bench.exploiter import script as exploiter_script
from bench.hard_v1 import HardV1Bot
from bench.heldout import HELD_OUT, STRONG
from bench.heuristic_v0 import HeuristicV0Bot
from bench.medium_v1 import MediumV1Bot
from bench.plans import PLANS, PlanBot, plan_bot
from fcm.bots import BOT_NAMES, make_bot
from fcm.bots.base import Bot
from fcm.bots.ismcts import IsmctsBot
from fcm.bots.search import FastHardBot, LearnedHardBot
from fcm.core.state import Options
from fcm.core.types import Good
from fcm.runner import SIMULATION_ROUND_LIMIT, play_game
from fcm.tournament import wilson

# The exploiter: a plan tuned against hard (bench/exploiter.py). Its parameters were chosen
# by games against hard (default budget) on seeds apart from the league's: ten parameter sets
# drawn at random, two games each, the two best (wins, then mean cash margin) four more each,
# every game in bench/exploiter_search.jsonl (python -m bench.exploiter --configs 10 --games 2
# --finalists 2 --more 4, 2026-12-05). None of the 28 games was won; the chosen set lost by
# $228 a game on average (the worst set by $540): a waitress first and three in all, the
# Local Manager's second restaurant, a Brand Manager, burgers, the $200 reserve card, played
# with medium's tactics.
EXPLOITER_PARAMS: dict[str, object] = {
    "food": "burger", "reserve": 200, "first": "waitress", "waitresses": 3,
    "line": "local_manager", "marketing": "brand_manager", "tactics": "medium",
}
EXPLOITER: dict[str, object] = exploiter_script(EXPLOITER_PARAMS)
# The scripted exploiter it replaces (issue 30, first session): aimed by hand at what hard
# inherited from medium (First to train in round 2, First waitress, First to lower prices, the
# Local Manager's line, a short game); four such variants each won 0 of 20 games against hard.
EXPLOITER_V0: dict[str, object] = {
    "food": Good.BURGER, "reserve": 100,
    "hires": (("trainer", 1), ("kitchen_trainee", 1), ("waitress", 1), ("pricing_manager", 1),
              ("marketing_trainee", 1), ("management_trainee", 1), ("waitress", 2),
              ("kitchen_trainee", 2), ("waitress", 3)),
    "trains": (("kitchen_trainee", "burger_cook"),
               ("management_trainee", "junior_vice_president"),
               ("junior_vice_president", "local_manager")),
}


class HardMediumRivals(LearnedHardBot):
    """Hard with the learned evaluation but every rival modelled as medium (an ablation)."""

    rivals: ClassVar[tuple[str, ...]] = ("medium",)


class HardHandValue(LearnedHardBot):
    """Hard with several rival models but the hand-made value (cash lead plus forecast
    income) of hard_v1 (an ablation)."""

    learned = False


class HardTwoRounds(LearnedHardBot):
    """Hard with two-round rollouts and twice the draws at 2 players (a budget variant)."""

    work_horizon: ClassVar[dict[int, int]] = {2: 2, 4: 2}
    default_rollouts = 20


class HardNoPrior(LearnedHardBot):
    """Hard whose hire candidates are the first legal ones, as hard_v1's (an ablation)."""

    hire_prior = False


LEAGUE: dict[str, Callable[[int], Bot]] = {
    "hard_fast": FastHardBot,
    "hard_learned": LearnedHardBot,
    "hard_noprior": HardNoPrior,
    "hard_medrivals": HardMediumRivals,
    "hard_handvalue": HardHandValue,
    "hard_2r": HardTwoRounds,
    "hard_is": IsmctsBot,
    "hard_v1": HardV1Bot,
    "medium_v1": MediumV1Bot,
    HeuristicV0Bot.name: HeuristicV0Bot,
    "easy": lambda seed: make_bot("easy", seed),
}


def exploiter(seed: int) -> Bot:
    return exploiter_player(EXPLOITER_PARAMS, seed)


LEAGUE["exploiter"] = exploiter
LEAGUE["exploiter_v0"] = lambda seed: PlanBot("exploiter_v0", seed, EXPLOITER_V0)


def opponent_sets() -> dict[str, list[str]]:
    """The opponents of the league, by set, in table order."""
    return {"tuning": list(PLANS), "held-out": list(HELD_OUT), "held-out II": list(STRONG),
            "league": list(LEAGUE)}


def make_player(name: str, seed: int, rollouts: int | None = None,
                think: float | None = None) -> Bot:
    """A bot level (``make_bot``), a plan (tuning or held-out) or a league player."""
    if name in BOT_NAMES:
        return make_bot(name, seed, rollouts=rollouts, think=think)
    if name in PLANS or name in HELD_OUT or name in STRONG:
        return plan_bot(name, seed)
    if name in LEAGUE:
        return LEAGUE[name](seed)
    known = dict.fromkeys([*BOT_NAMES, *PLANS, *HELD_OUT, *STRONG, *LEAGUE])
    raise ValueError(f"unknown league player {name!r}; known: {', '.join(known)}")


def play_one(bot: str, opp: str, seed: int, bot_seat: int, rollouts: int | None = None,
             think: float | None = None) -> dict[str, Any]:
    """One 2-player game of ``bot`` in ``bot_seat`` against ``opp``: its result line."""
    names = [opp, opp]
    names[bot_seat] = bot
    seats = [make_player(n, seed * 10 + i, rollouts, think) for i, n in enumerate(names)]
    state = play_game(seats, seed, Options(round_limit=SIMULATION_ROUND_LIMIT)).state
    return {"bot": bot, "opponent": opp, "seed": seed, "seat": bot_seat,
            "win": state.ranking[0] == bot_seat, "cash": [p.cash for p in state.players],
            "rounds": state.round}


def _play(args: tuple[str, str, int, int, int | None, float | None]) -> dict[str, Any]:
    return play_one(*args)


def run(bots: Sequence[str], opponents: Sequence[str], games: int, seed: int, jobs: int = 1,
        rollouts: int | None = None, think: float | None = None) -> Iterator[dict[str, Any]]:
    """Every bot against every opponent, ``games`` seat-rotated games each: result lines."""
    for name in [*bots, *opponents]:
        make_player(name, 0)  # unknown names fail before the first game
    # round-robin over the pairings (a seat-rotated pair of games at a time): a run stopped
    # early has figures for every pairing
    todo = [(b, o, seed + i // 2, i % 2, rollouts, think)
            for pair in range(0, games, 2) for b in bots for o in opponents
            for i in range(pair, min(games, pair + 2))]
    if jobs <= 1:
        yield from map(_play, todo)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(_play, todo, chunksize=1)


def _cell(wins: int, n: int) -> str:
    if not n:
        return "–"
    lo, hi = wilson(wins, n)
    return f"{wins}/{n} {100 * wins / n:.0f}% [{100 * lo:.0f}, {100 * hi:.0f}]"


def format_table(lines: Sequence[dict[str, Any]], bots: Sequence[str] = ()) -> str:
    """The league as Markdown: a column per bot under test (in ``bots`` order, else as they
    come), a row per opponent grouped by set, and each set's total (wins of the bot, Wilson
    95% interval)."""
    bots = list(dict.fromkeys([*bots, *(x["bot"] for x in lines)]))
    played = {x["opponent"] for x in lines}
    tally: dict[tuple[str, str], list[int]] = {}
    for x in lines:
        cell = tally.setdefault((x["bot"], x["opponent"]), [0, 0])
        cell[0] += bool(x["win"])
        cell[1] += 1
    out = ["| set | opponent | " + " | ".join(bots) + " |",
           "|---|---|" + "---|" * len(bots)]
    sets = opponent_sets()
    extra = sorted(played - {o for names in sets.values() for o in names})
    if extra:
        sets["other"] = extra
    totals: list[str] = []
    for label, names in sets.items():
        names = [o for o in names if o in played]
        if not names:
            continue
        for o in names:
            cells = [_cell(*tally.get((b, o), [0, 0])) for b in bots]
            out.append(f"| {label} | {o} | " + " | ".join(cells) + " |")
        sums = []
        for b in bots:
            w = sum(tally.get((b, o), [0, 0])[0] for o in names)
            n = sum(tally.get((b, o), [0, 0])[1] for o in names)
            sums.append(f"**{_cell(w, n)}**")
        totals.append(f"| **{label}** | all {len(names)} | " + " | ".join(sums) + " |")
    return "\n".join([*out, *totals])


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", default="medium_v1,medium",
                        help="the bots under test, one column each")
    parser.add_argument("--opponents", default="",
                        help="comma-separated opponents (default: the whole league)")
    parser.add_argument("--games", type=int, default=100, help="games per pairing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--rollouts", type=int, default=None)
    parser.add_argument("--think", type=float, default=None)
    parser.add_argument("--out", default="", help="write one JSON line per game here")
    args = parser.parse_args(argv)
    bots = [b for b in args.bots.split(",") if b]
    opps = [o for o in args.opponents.split(",") if o] or [
        o for names in opponent_sets().values() for o in names]
    lines = []
    out = open(args.out, "w") if args.out else None  # noqa: SIM115 (written as games finish)
    try:
        for line in run(bots, opps, args.games, args.seed, args.jobs, args.rollouts, args.think):
            lines.append(line)
            if out:
                out.write(json.dumps(line) + "\n")
                out.flush()
    finally:
        if out:
            out.close()
    print(format_table(lines, bots))


if __name__ == "__main__":
    main()
