"""The research environment: environment steps per second and their parts, and `fcm simulate
--ray` against `--jobs 2` on the same games.

An environment step is what an agent loop pays per action: apply the action, then build the
next actor's observation (its view, the tensors) and its legal-action mask.
"""

from __future__ import annotations

import random
import statistics
import time

from bench import Row, register
from fcm.core.engine import apply_in_place, current_actors, legal_actions
from fcm.core.state import GameState, Options
from fcm.core.views import view
from fcm.games import new_game

PLAYERS = 4
STEPS = 3000


# Every module but New Milestones (it excludes Hard Choices): the module row of the table.
MODULES = frozenset(
    {
        "fry_chefs",
        "gourmet_food_critics",
        "hard_choices",
        "ketchup",
        "mass_marketeers",
        "movie_stars",
        "night_shift_managers",
        "reserve_prices",
    }
)


def _trajectory(
    seed: int, modules: frozenset[str] = frozenset()
) -> list[tuple[GameState, int, object]]:
    """(state before, seat, action) along a random 4-player game."""
    rng = random.Random(seed)
    state = new_game(PLAYERS, seed, Options(modules=modules) if modules else None)
    out: list[tuple[GameState, int, object]] = []
    while len(out) < STEPS and current_actors(state):
        seat = min(current_actors(state))
        action = rng.choice(legal_actions(state, seat))
        out.append((state.clone(), seat, action))
        apply_in_place(state, seat, action)
    return out


def _per_step(fn: object, items: list[object], repeat: int = 3) -> float:
    """Median CPU seconds per item of ``fn(item)`` over the items (this process's CPU time, so
    that other jobs on a shared machine do not count; on a quiet one it is the wall time)."""
    assert callable(fn)
    times = []
    for _ in range(repeat):
        start = time.process_time()
        for item in items:
            fn(item)
        times.append((time.process_time() - start) / len(items))
    return statistics.median(times)


def _parts(modules: frozenset[str] = frozenset()) -> tuple[dict[str, float], float, int]:
    """CPU seconds per step of each part, the cost of copying an observation and its mask, and
    the number of steps timed."""
    from fcm.env.observation import Observer

    traj = _trajectory(7, modules)
    after = []  # (state after the action, next seat), in game order
    for state, seat, action in traj:
        s = state.clone()
        apply_in_place(s, seat, action)
        if current_actors(s):
            after.append((s, min(current_actors(s))))
    views = [(view(s, seat), seat) for s, seat in after]

    def do_apply(item: tuple[GameState, int, object]) -> None:
        s, seat, action = item
        apply_in_place(s.clone(), seat, action)

    def do_clone(item: tuple[GameState, int, object]) -> None:
        item[0].clone()

    # What the environments do: one Observer, the positions in game order (so its caches see
    # what an agent loop sees), tensors and mask written into its per-seat buffers.
    observer = Observer()
    t_clone = _per_step(do_clone, traj)
    t_apply = _per_step(do_apply, traj) - t_clone  # the clone only keeps the trajectory intact
    t_view = _per_step(lambda x: view(x[0], x[1]), after)
    t_obs = _per_step(lambda x: observer.flat(x[0], x[1]), views)
    t_legal = _per_step(lambda x: legal_actions(x[0], x[1]), views)
    t_mask = _per_step(lambda x: observer.legal(x[0], x[1]), views) - t_legal
    flat_buf, mask_buf = observer.flat(*views[0]), observer.mask(*views[0])
    t_copy = _per_step(lambda _: (flat_buf.copy(), mask_buf.copy()), views)
    parts = {
        "apply_in_place": t_apply,
        "view": t_view,
        "observation tensors": t_obs,
        "legal_actions": t_legal,
        "encode legal actions + mask": max(0.0, t_mask),
    }
    return parts, t_copy, len(traj)


@register("env")
def env_steps() -> list[Row]:
    parts, t_copy, steps = _parts()
    total = sum(parts.values())
    slowest = max(parts, key=lambda k: parts[k])
    note = f"{steps} steps of a random {PLAYERS}-player game, one core"
    rows = [
        Row(
            "env step",
            f"{PLAYERS} players: steps per second",
            1 / total,
            "steps/s",
            f"target >= 10,000; slowest part: {slowest}",
        ),
    ]
    for name, t in parts.items():
        share = 100 * t / total
        rows.append(Row("env step", f"  {name}", t * 1e6, "us", f"{share:.0f}% of a step; {note}"))
    rows.append(
        Row("env step", "  (a copy of observation + mask)", t_copy * 1e6, "us", "not in the step")
    )
    mparts, _, msteps = _parts(MODULES)
    mtotal = sum(mparts.values())
    each = " / ".join(f"{t * 1e6:.1f}" for t in mparts.values())
    rows.append(
        Row(
            "env step",
            f"{PLAYERS} players, 8 expansion modules: steps per second",
            1 / mtotal,
            "steps/s",
            f"{msteps} steps; parts as above (us): {each}",
        )
    )
    rows.append(_aec_row(copy=True))
    rows.append(_aec_row(copy=False))
    return rows


def _aec_row(*, copy: bool) -> Row:
    """The PettingZoo env end to end: ``last()`` + ``step()`` (the random agent's own choice of
    a legal index from the mask is not counted)."""
    import numpy as np

    from fcm.env import aec_env

    env = aec_env(players=PLAYERS, seed=3, copy=copy)
    env.reset()
    rng = np.random.default_rng(0)
    steps = 0
    spent = 0.0  # CPU seconds, as in _per_step
    while steps < STEPS:
        start = time.process_time()
        obs, _, term, trunc, _ = env.last()
        spent += time.process_time() - start
        if term or trunc:
            env.reset()
            continue
        choice = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        start = time.process_time()
        env.step(choice)
        spent += time.process_time() - start
        steps += 1
    how = "new arrays (copy=True, the default)" if copy else "buffers (copy=False)"
    return Row(
        "env step",
        f"PettingZoo AEC {PLAYERS} players, {how}",
        steps / spent,
        "steps/s",
        "last() + step(), random legal index",
    )


@register("ray")
def ray_vs_jobs() -> list[Row]:
    """The same 200 seeded 4-player heuristic games with --jobs 2 and on a local Ray instance
    (2 CPUs), with the same final hashes: three rounds side by side (jobs, Ray, jobs, Ray, ...;
    each Ray round starts and stops its own instance, as ``fcm simulate --ray`` does). The
    start (``ray.init`` and the workers' first import of fcm, a 4-game run) is a fixed cost
    reported apart: the rows compare throughput, what a long simulation spends its time on. The
    comparison takes each side's best round (other jobs on a shared machine only add time);
    the medians are in the note."""
    import ray

    from fcm.simulate import simulate

    games, bots, rounds = 200, ["heuristic"] * 4, 3

    def run(games: int = games, **kw: object) -> tuple[float, dict[int, str]]:
        start = time.perf_counter()
        lines = list(simulate(4, games, bots, 100, **kw))  # type: ignore[arg-type]
        return time.perf_counter() - start, {x["seed"]: x["final_hash"] for x in lines}

    t_jobs, t_ray, t_start = [], [], []
    same = True
    for _ in range(rounds):
        t, hashes_jobs = run(jobs=2)
        t_jobs.append(t)
        start = time.perf_counter()
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        run(ray=True, games=4)  # the workers' first import of fcm: part of the start
        t_start.append(time.perf_counter() - start)
        try:
            t, hashes_ray = run(ray=True)
        finally:
            ray.shutdown()
        t_ray.append(t)
        same = same and hashes_ray == hashes_jobs
    jobs, on_ray = min(t_jobs), min(t_ray)
    med_jobs, med_ray = statistics.median(t_jobs), statistics.median(t_ray)
    each = ", ".join(f"{a:.1f}/{b:.1f}" for a, b in zip(t_jobs, t_ray, strict=True))
    return [
        Row(
            "simulate",
            f"--jobs 2: {games} games (best of {rounds})",
            jobs,
            "s",
            f"{games / jobs:.2f} games/s; median {med_jobs:.1f} s",
        ),
        Row(
            "simulate",
            f"--ray (local, 2 CPUs): {games} games (best of {rounds})",
            on_ray,
            "s",
            f"{games / on_ray:.2f} games/s; {100 * (on_ray / jobs - 1):+.0f}% vs --jobs 2 "
            f"(target within 15%; medians {100 * (med_ray / med_jobs - 1):+.0f}%); "
            f"{'same final hashes' if same else 'HASHES DIFFER'}",
        ),
        Row("simulate", "  rounds (jobs/ray seconds)", float(rounds), "", each),
        Row(
            "simulate",
            "  Ray local start and worker warm-up (not in the line above)",
            statistics.median(t_start),
            "s",
            "",
        ),
    ]
