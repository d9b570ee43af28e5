"""Bot speed: medium's time per decision, hard's rollouts per second and time per searched
decision (``python -m bench bots``)."""

from __future__ import annotations

import statistics
import time

from bench import Row, register
from fcm.bots import make_bot
from fcm.bots.search import HardBot
from fcm.core.engine import current_actors, legal_actions
from fcm.core.state import GameState, Options, Phase
from fcm.core.views import view
from fcm.runner import play_game


def _decisions(players: int, seed: int) -> list[tuple[GameState, int]]:
    """Every decision with a real choice in a medium self-play game."""
    out: list[tuple[GameState, int]] = []

    def collect(state: GameState, seat: int, action: object) -> None:
        if state.turn.phase is Phase.GAME_OVER:
            return
        for s in current_actors(state):
            if len(legal_actions(state, s)) > 1:
                out.append((state.clone(), s))

    play_game([make_bot("medium", seed * 10 + i) for i in range(players)], seed, Options(),
              on_step=collect)
    return out


@register("bots")
def bots() -> list[Row]:
    rows: list[Row] = []
    for players in (2, 4):
        decisions = _decisions(players, 3)
        times = []
        for state, seat in decisions[::3]:
            v, legal = view(state, seat), legal_actions(state, seat)
            bot = make_bot("medium", 1)
            start = time.perf_counter()
            bot.choose(v, seat, legal)
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        p95 = times[int(0.95 * len(times))]
        rows.append(Row("medium", f"{players} players: ms per decision", statistics.median(times),
                        "ms", f"p95 {p95:.1f} ms, {len(times)} decisions"))
        searched = [(s, seat) for s, seat in decisions if s.turn.phase is Phase.WORKING][::15][:12]
        hard = HardBot(1)  # the default budget (DEFAULT_THINK seconds)
        per_decision = []
        for state, seat in searched:
            start = time.perf_counter()
            hard.choose(view(state, seat), seat, legal_actions(state, seat))
            per_decision.append(time.perf_counter() - start)
        rate = hard.stats["rollouts"] / hard.stats["seconds"] if hard.stats["seconds"] else 0.0
        rows.append(Row("hard", f"{players} players: rollouts per second (one round, medium "
                        "policy)", rate, "rollouts/s", f"{int(hard.stats['rollouts'])} rollouts"))
        rows.append(Row("hard", f"{players} players: s per Working decision (default budget)",
                        statistics.median(per_decision), "s",
                        f"max {max(per_decision):.2f} s, {len(per_decision)} decisions"))
    return rows
