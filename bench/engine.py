"""Engine speed and size: whole games per second, ms per round, legal_actions and apply in
mid-game Working 9-5 states, and the state's JSON size at round 10."""

from __future__ import annotations

import json
import statistics
import time

from bench import Row, register
from fcm.bots import make_bot
from fcm.core.engine import apply, apply_in_place, current_actors, legal_actions
from fcm.core.state import GameState, Options, Phase
from fcm.core.views import view
from fcm.runner import SIMULATION_ROUND_LIMIT, play_game

SEEDS = range(1, 6)


def _game_rows(bot: str, players: int) -> list[Row]:
    per_round: list[float] = []
    per_game: list[float] = []
    rounds: list[int] = []
    for seed in SEEDS:
        bots = [make_bot(bot, seed * 10 + i) for i in range(players)]
        start = time.perf_counter()
        result = play_game(bots, seed, Options(round_limit=SIMULATION_ROUND_LIMIT))
        elapsed = time.perf_counter() - start
        per_game.append(elapsed)
        per_round.append(elapsed * 1000 / result.state.round)
        rounds.append(result.state.round)
    note = f"{len(per_game)} games, median {statistics.median(rounds):.0f} rounds"
    return [
        Row(f"{bot} game", f"{players} players: ms per round", statistics.median(per_round), "ms",
            note),
        Row(f"{bot} game", f"{players} players: games per second",
            1 / statistics.median(per_game), "games/s", note),
    ]


@register("games")
def games() -> list[Row]:
    rows: list[Row] = []
    for bot in ("random", "heuristic"):
        for players in (2, 3, 4, 5):
            rows.extend(_game_rows(bot, players))
    return rows


def _working_states(players: int = 4, seed: int = 3) -> list[tuple[GameState, int]]:
    """Decision points of Working 9-5 in rounds 3-12 of a heuristic game."""
    samples: list[tuple[GameState, int]] = []

    def collect(state: GameState, seat: int, action: object) -> None:
        if state.turn.phase is Phase.WORKING and 3 <= state.round <= 12:
            for s in current_actors(state):
                samples.append((state.clone(), s))

    bots = [make_bot("heuristic", seed * 10 + i) for i in range(players)]
    play_game(bots, seed, Options(round_limit=SIMULATION_ROUND_LIMIT), on_step=collect)
    return samples


def _median_us(times: list[float]) -> float:
    return statistics.median(times) * 1e6


@register("actions")
def actions() -> list[Row]:
    samples = _working_states()
    legal_t: list[float] = []
    safe_t: list[float] = []
    fast_t: list[float] = []
    view_t: list[float] = []
    for state, seat in samples:
        t0 = time.perf_counter()
        legal = legal_actions(state, seat)
        legal_t.append(time.perf_counter() - t0)
        bot = make_bot("heuristic", 1)
        action = bot.choose(view(state, seat), seat, legal)
        t0 = time.perf_counter()
        view(state, seat)
        view_t.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        apply(state, seat, action)
        safe_t.append(time.perf_counter() - t0)
        copy = state.clone()
        t0 = time.perf_counter()
        apply_in_place(copy, seat, action)
        fast_t.append(time.perf_counter() - t0)
    note = f"{len(samples)} Working 9-5 decisions, 4 players"
    return [
        Row("actions", "legal_actions", _median_us(legal_t), "µs", note),
        Row("actions", "apply (validating, pure)", _median_us(safe_t), "µs", note),
        Row("actions", "apply_in_place (fast path)", _median_us(fast_t), "µs", note),
        Row("actions", "view (redacted copy)", _median_us(view_t), "µs", note),
    ]


@register("state")
def state_size() -> list[Row]:
    sizes: list[float] = []
    for seed in SEEDS:
        captured: list[GameState] = []

        def grab(
            state: GameState, seat: int, action: object, box: list[GameState] = captured
        ) -> None:
            if state.round == 10 and not box:
                box.append(state.clone())

        bots = [make_bot("heuristic", seed * 10 + i) for i in range(4)]
        play_game(bots, seed, Options(round_limit=SIMULATION_ROUND_LIMIT), on_step=grab)
        if captured:
            sizes.append(len(json.dumps(captured[0].to_dict(), separators=(",", ":"))) / 1024)
    return [Row("state", "JSON size at round 10, 4 players", statistics.median(sizes), "KB",
                f"{len(sizes)} heuristic games")]
