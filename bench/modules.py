"""Every module on against the base game (issue 25 item 4): CPU seconds of whole 4-player games
with the same bots and seeds, base and with every module of each allowed full set, and the
ratio (the target is at most 1.5x)."""

from __future__ import annotations

import statistics
import time

from bench import Row, register
from fcm.bots import make_bot
from fcm.core.state import Options
from fcm.rulesets import module_problem, playable_modules
from fcm.runner import SIMULATION_ROUND_LIMIT, play_game

SEEDS = range(1, 9)
PLAYERS = 4
BOT = "easy"


def full_sets() -> list[frozenset[str]]:
    """Every module at once, less one side of each exclusion (the sets the rules allow)."""
    mods = frozenset(playable_modules())
    out = [mods - {m} for m in sorted(mods) if module_problem(mods - {m}) is None]
    return out or [mods]


def _games(modules: frozenset[str]) -> tuple[float, float, float]:
    """Median CPU seconds a game, ms a round, and rounds, over the seeds."""
    per_game, per_round, rounds = [], [], []
    for seed in SEEDS:
        bots = [make_bot(BOT, seed * 10 + i) for i in range(PLAYERS)]
        start = time.process_time()
        result = play_game(bots, seed, Options(round_limit=SIMULATION_ROUND_LIMIT,
                                               modules=modules))
        cpu = time.process_time() - start
        per_game.append(cpu)
        per_round.append(cpu * 1000 / result.state.round)
        rounds.append(result.state.round)
    return (statistics.median(per_game), statistics.median(per_round),
            statistics.median(rounds))


@register("modules")
def modules_rows() -> list[Row]:
    base_game, base_round, base_rounds = _games(frozenset())
    note = f"{len(SEEDS)} {BOT}-bot games, {PLAYERS} players"
    rows = [Row("modules", "base game: CPU ms per game", base_game * 1000, "ms",
                f"{note}, median {base_rounds:.0f} rounds")]
    for mods in full_sets():
        left_out = sorted(frozenset(playable_modules()) - mods)
        case = "every module but " + ", ".join(left_out)
        game, per_round, rounds = _games(mods)
        rows += [
            Row("modules", f"{case}: CPU ms per game", game * 1000, "ms",
                f"{note}, median {rounds:.0f} rounds"),
            Row("modules", f"{case}: x the base game's time", game / base_game, "x",
                f"per round {per_round / base_round:.2f}x; target <= 1.5x a game"),
        ]
    return rows
