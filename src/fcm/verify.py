"""Verification by play: seeded whole games with every invariant checked after every action.

For each game (player count, options and bots derived from its seed): money and cards are
conserved, goods never negative, demand caps hold, 1x cards stay unique (``check_invariants``);
at one random point the state survives a JSON save/load unchanged; every few actions the legal
actions computed from the acting seat's view equal those from the full state and are
deterministic; the game ends; replaying the seed + actions gives the identical final hash.
Used by the whole-game tests, ``fcm verify`` and ``make soak``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from fcm.bots import make_bot
from fcm.core.engine import current_actors, legal_actions
from fcm.core.errors import InvariantError
from fcm.core.invariants import check_invariants
from fcm.core.rng import Rng
from fcm.core.state import GameState, Options
from fcm.core.views import view
from fcm.games import state_from_dict
from fcm.runner import SIMULATION_ROUND_LIMIT, play_game


@dataclass(frozen=True, slots=True)
class GameCheck:
    seed: int
    players: int
    introductory: bool
    bots: tuple[str, ...]
    rounds: int
    actions: int
    end_reason: str
    final_hash: str


def config_for(
    seed: int, bots: str = "mixed", modules: frozenset[str] = frozenset()
) -> tuple[int, bool, tuple[str, ...]]:
    """Player count, introductory game and bots for a seed: every count the modules' ruleset
    sets up in turn (2-5; 2-6 with Six Players), every fifth game introductory; ``mixed``
    alternates random and heuristic seats."""
    from fcm.rulesets import player_counts

    counts = player_counts(modules)
    players = counts[(seed + 2 - counts[0]) % len(counts)]  # the base game: 2 + seed % 4
    intro = seed % 5 == 0
    if bots == "mixed":
        names = tuple("heuristic" if (seed + i) % 2 else "random" for i in range(players))
    else:
        names = tuple([bots] * players)
    return players, intro, names


def check_game(
    seed: int, bots: str = "mixed", modules: frozenset[str] = frozenset()
) -> GameCheck:
    """Play and check one game (with these expansion modules). Raises
    :class:`InvariantError` (or AssertionError) on a bug."""
    players, intro, names = config_for(seed, bots, modules)
    options = Options(introductory=intro, round_limit=SIMULATION_ROUND_LIMIT, modules=modules)
    save_at = Rng(seed).below(400) + 1
    count = 0

    def after_action(state: GameState, seat: int, action: object) -> None:
        nonlocal count
        count += 1
        check_invariants(state)
        if count == save_at:
            again = state_from_dict(json.loads(json.dumps(state.to_dict())))
            if again.canonical_json() != state.canonical_json():
                raise InvariantError(f"seed {seed}: save/load changed the state at action {count}")
        if count % 7 == 0:
            for s in current_actors(state):
                legal = legal_actions(state, s)
                if legal_actions(view(state, s), s) != legal:
                    raise InvariantError(f"seed {seed}: the view of seat {s} changes its actions")
                if legal_actions(state, s) != legal:
                    raise InvariantError(f"seed {seed}: legal actions are not deterministic")

    result = play_game(
        [make_bot(n, seed * 10 + i) for i, n in enumerate(names)],
        seed,
        options,
        on_step=after_action,
    )
    state = result.state
    if sorted(state.ranking) != list(range(players)):
        raise InvariantError(f"seed {seed}: the game ended without a full ranking")
    if result.record.replay(check=False).state_hash() != state.state_hash():
        raise InvariantError(f"seed {seed}: replay does not reproduce the final state")
    return GameCheck(
        seed, players, intro, names, state.round, count, state.end_reason, state.state_hash()
    )


def _check(args: tuple[int, str, frozenset[str]]) -> GameCheck:
    return check_game(*args)


def check_games(
    games: int,
    first_seed: int = 1,
    bots: str = "mixed",
    jobs: int = 1,
    modules: frozenset[str] = frozenset(),
) -> Iterator[GameCheck]:
    """Check ``games`` games from ``first_seed`` on, in ``jobs`` processes."""
    work = [(first_seed + i, bots, modules) for i in range(games)]
    if jobs <= 1:
        for one in work:  # not map(): a StopIteration escaping a game would end it silently
            yield _check(one)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(_check, work, chunksize=8)


def summary(checks: list[GameCheck], seconds: float) -> str:
    rounds = sum(c.rounds for c in checks)
    actions = sum(c.actions for c in checks)
    reasons: dict[str, int] = {}
    for c in checks:
        reasons[c.end_reason] = reasons.get(c.end_reason, 0) + 1
    lines = [
        f"{len(checks)} games verified in {seconds:.1f} s: {rounds} rounds, {actions} actions, "
        f"every invariant held after every action",
        "end reasons: " + ", ".join(f"{k}: {v}" for k, v in sorted(reasons.items())),
    ]
    return "\n".join(lines)


def run(
    games: int, first_seed: int, bots: str, jobs: int, modules: frozenset[str] = frozenset()
) -> str:
    start = time.perf_counter()
    checks = list(check_games(games, first_seed, bots, jobs, modules))
    return summary(checks, time.perf_counter() - start)
