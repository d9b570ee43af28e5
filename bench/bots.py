"""Bot speed: medium's time per decision, hard's rollouts per second and time per searched
decision (``python -m bench bots``). Times are CPU seconds of this process (time on one core,
robust to other load on a shared machine)."""

from __future__ import annotations

import statistics
import time

from bench import Row, register
from fcm.bots import make_bot
from fcm.bots.heuristic import _SERVICE_CACHE
from fcm.bots.ismcts import DEFAULT_ITERATIONS as ISMCTS_ITERATIONS
from fcm.bots.ismcts import IsmctsBot
from fcm.bots.search import (
    SAFETY_SECONDS,
    FastHardBot,
    HardBot,
    LearnedHardBot,
)
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
            _SERVICE_CACHE.clear()  # cold: nothing remembered from the game or the last decision
            start = time.process_time()
            bot.choose(v, seat, legal)
            times.append((time.process_time() - start) * 1000)
        times.sort()
        p95 = times[int(0.95 * len(times))]
        rows.append(Row("medium", f"{players} players: ms per decision", statistics.median(times),
                        "ms", f"p95 {p95:.1f} ms, max {times[-1]:.1f} ms, {len(times)} cold "
                        "decisions"))
        # Hard at its default budget (HardBot.default_rollouts, SAFETY_SECONDS) on Working
        # decisions: the bound is 2 s per decision on one core.
        working = [(s, seat) for s, seat in decisions if s.turn.phase is Phase.WORKING]
        searched = working[:: max(1, len(working) // 40)][:40]
        hard = HardBot(1)
        per_decision = []
        for state, seat in searched:
            start = time.process_time()
            hard.choose(view(state, seat), seat, legal_actions(state, seat))
            per_decision.append(time.process_time() - start)
        per_decision.sort()
        p99 = per_decision[min(len(per_decision) - 1, int(0.99 * len(per_decision)))]
        rate = hard.stats["rollouts"] / hard.stats["cpu"] if hard.stats["cpu"] else 0.0
        horizon = hard.work_horizon.get(players, 1)
        budget = hard.rollouts_by_players.get(players, hard.default_rollouts)
        rows.append(Row("hard", f"{players} players: rollouts per second ({horizon} "
                        f"round{'s' if horizon > 1 else ''}, medium for the seat)", rate,
                        "rollouts/s",
                        f"{int(hard.stats['rollouts'])} rollouts"))
        steps_rate = hard.stats["steps"] / hard.stats["cpu"] if hard.stats["cpu"] else 0.0
        rows.append(Row("hard", f"{players} players: engine steps per CPU second in the search",
                        steps_rate, "steps/s", f"{int(hard.stats['steps'])} steps (rivals: "
                        f"{', '.join(hard.rivals)}; evaluation: "
                        f"{'learned' if hard.learned else 'hand-made'})"))
        # The learned variants (league names hard_learned, hard_fast: cheap rollouts in every
        # seat): steps/s and CPU per decision (issue 30: >= 25,000 steps/s at 4 players,
        # <= 2 s per decision p99).
        for label, cls in (("hard_learned", LearnedHardBot), ("hard_fast", FastHardBot)):
            learned = cls(1)
            l_times = []
            for state, seat in searched:
                start = time.process_time()
                learned.choose(view(state, seat), seat, legal_actions(state, seat))
                l_times.append(time.process_time() - start)
            l_times.sort()
            st = learned.stats
            rows.append(Row(label, f"{players} players: engine steps per CPU second in the "
                            "search", st["steps"] / st["cpu"] if st["cpu"] else 0.0, "steps/s",
                            f"{int(st['steps'])} steps, {int(st['rollouts'])} rollouts"))
            rows.append(Row(label, f"{players} players: s per Working decision (default "
                            "budget)", statistics.median(l_times), "s",
                            f"p99 {l_times[min(len(l_times) - 1, int(0.99 * len(l_times)))]:.2f}"
                            f" s, max {l_times[-1]:.2f} s, {len(l_times)} decisions"))
        rows.append(Row("hard", f"{players} players: s per Working decision (default "
                        f"{budget} rollouts)", statistics.median(per_decision), "s",
                        f"p95 {per_decision[int(0.95 * len(per_decision))]:.2f} s, p99 "
                        f"{p99:.2f} s, max "
                        f"{per_decision[-1]:.2f} s (safety {SAFETY_SECONDS:.0f} s), "
                        f"{len(per_decision)} decisions"))
        # The information-set search (fcm.bots.ismcts, league name hard_is): engine steps per
        # CPU second inside it (its rollouts, tree walk and evaluation), and its CPU time per
        # searched decision at the default budget (issue 30: >= 25,000 steps/s at 4 players,
        # <= 2 s per decision p99).
        ismcts_bot = IsmctsBot(1)
        is_times = []
        for state, seat in searched[:20]:
            v, legal = view(state, seat), legal_actions(state, seat)
            start = time.process_time()
            ismcts_bot.choose(v, seat, legal)
            is_times.append(time.process_time() - start)
        is_times.sort()
        st = ismcts_bot.stats
        rows.append(Row("hard_is", f"{players} players: engine steps per CPU second in the "
                        "search", st["steps"] / st["cpu"] if st["cpu"] else 0.0, "steps/s",
                        f"{int(st['steps'])} steps, {int(st['rollouts'])} rollouts"))
        rows.append(Row("hard_is", f"{players} players: s per Working decision (default "
                        f"{ISMCTS_ITERATIONS.get(players, 24)} rollouts)",
                        statistics.median(is_times), "s",
                        f"p99 {is_times[min(len(is_times) - 1, int(0.99 * len(is_times)))]:.2f}"
                        f" s, max {is_times[-1]:.2f} s, {len(is_times)} decisions"))
        # The first restaurant is searched once a game, with long rollouts.
        setups = [(s, seat) for s, seat in decisions if s.turn.phase is Phase.SETUP_RESTAURANTS]
        setup_times = []
        for state, seat in setups:
            start = time.process_time()
            HardBot(1).choose(view(state, seat), seat, legal_actions(state, seat))
            setup_times.append(time.process_time() - start)
        if setup_times:
            rows.append(Row("hard", f"{players} players: s per first-restaurant decision",
                            max(setup_times), "s", f"max of {len(setup_times)} (one per seat)"))
    return rows
