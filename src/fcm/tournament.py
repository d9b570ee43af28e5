"""Tournaments: seat-rotated bot games with win rates, ratings and confidence intervals.

Every seed is played once per rotation of the seats, so every bot sits in every seat equally
often on the same maps (the same seeds for every rotation): seat advantage and map luck cancel.
Games are played by :func:`fcm.simulate.run_one` (one JSON line per game, replayable from its
seed). Ratings come from ``openskill`` (Plackett-Luce), a maintained package; win rates carry
Wilson 95% intervals.
"""

from __future__ import annotations

import importlib
import math
import statistics
from collections import Counter
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from fcm.core.state import Options
from fcm.simulate import GameSpec, run_one

DISTRIBUTION = "food-chain-magnate"  # the name on the package index (import name: fcm)


class MissingDependency(ImportError):
    """An optional package a tournament needs is not installed (names the extra and the command)."""


def check_dependencies(ray: bool = False) -> None:
    """Raise :class:`MissingDependency` unless everything the tournament needs is importable:
    openskill for the ratings (extra ``tournament``) and, with ``ray``, Ray (extra ``ray``).
    Called before the first game, so a missing package never costs a finished run."""
    needs = [("openskill.models", "openskill", "tournament")]
    if ray:
        needs.append(("ray", "ray", "ray"))
    for module, package, extra in needs:
        try:
            importlib.import_module(module)
        except ImportError as exc:
            raise MissingDependency(
                f"fcm tournament needs {package!r}, which comes with the optional extra "
                f"{extra!r}: pip install '{DISTRIBUTION}[{extra}]' (or pip install {package}; "
                f"from a clone: pip install -e '.[{extra}]'); import failed: {exc}"
            ) from exc


def league_module() -> Any:
    """The league (``fcm tournament --league``): ``bench.league`` of a clone of the repository.
    Its scripted plans live in ``bench/``, apart from the bots, which never see them; a clone's
    root (the working directory) is searched when ``bench`` is not importable otherwise.

    Raises:
        MissingDependency: no ``bench/league.py`` here (not a clone's root).
    """
    import os
    import sys

    root = os.getcwd()
    if os.path.exists(os.path.join(root, "bench", "league.py")) and root not in sys.path:
        sys.path.insert(0, root)
    try:
        return importlib.import_module("bench.league")
    except ImportError as exc:
        raise MissingDependency(
            "fcm tournament --league plays the scripted plans of a clone's bench/ folder: run it "
            f"from the root of a clone of the repository (import failed: {exc})"
        ) from exc


def rotations(bots: Sequence[str]) -> list[tuple[str, ...]]:
    """Every cyclic rotation of the seat assignment (distinct ones only, in a fixed order)."""
    out: list[tuple[str, ...]] = []
    n = len(bots)
    for r in range(n):
        rot = tuple(bots[(s + r) % n] for s in range(n))
        if rot not in out:
            out.append(rot)
    return out


def specs(
    bots: Sequence[str],
    games: int,
    seed: int,
    options: Options | None = None,
    think: float | None = None,
    rollouts: int | None = None,
) -> list[GameSpec]:
    """The games of a tournament: ``games`` rounded up to whole rotations, seeds ``seed``..."""
    rots = rotations(bots)
    seeds = max(1, math.ceil(games / len(rots)))
    opts = (options or Options()).to_dict()
    return [
        GameSpec(seed + i, rot, opts, think=think, rollouts=rollouts)
        for i in range(seeds)
        for rot in rots
    ]


def run(
    bots: Sequence[str],
    games: int,
    seed: int,
    *,
    options: Options | None = None,
    jobs: int = 1,
    think: float | None = None,
    rollouts: int | None = None,
    ray: bool = False,
    address: str | None = None,
) -> Iterator[dict[str, Any]]:
    """Yield one result line per game (completion order when ``jobs`` > 1 or ``ray``).

    ``ray``: spread the games over a Ray cluster (``address``; None starts a local one), as
    ``fcm simulate --ray`` does; every game depends only on its spec, so the lines are the
    local run's (apart from ``seconds``).
    """
    todo = specs(bots, games, seed, options, think, rollouts)
    if ray:
        from fcm.simulate import run_batch, run_on_ray

        # A searching bot's game takes seconds to minutes: one game per task keeps the CPUs
        # busy to the end (a task costs milliseconds).
        search = think is not None or rollouts is not None or "hard" in bots
        yield from run_on_ray(run_batch, todo, address=address, batch=1 if search else None)
        return
    if jobs <= 1:
        for spec in todo:
            yield run_one(spec)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(run_one, todo, chunksize=1)


# -- statistics ---------------------------------------------------------------------------------


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(slots=True)
class BotStats:
    name: str
    seats: int = 0  # seat-games played
    wins: int = 0
    cash: float = 0.0
    mu: float = 25.0
    sigma: float = 25.0 / 3

    @property
    def win_rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0


@dataclass(slots=True)
class Summary:
    games: int
    players: int
    bots: list[BotStats]
    # head[a][b]: in games with both, how often a finished ahead of b (pairs of seats)
    ahead: dict[str, dict[str, tuple[int, int]]]
    rounds_mean: float
    rounds_min: int
    rounds_max: int
    seconds_mean: float
    wins_by_seat: list[int]
    # each seat's opening (first food cooked + first campaign type), counted over seat-games
    openings: dict[str, int] = field(default_factory=dict)
    rounds_hist: dict[int, int] = field(default_factory=dict)  # games per final round
    end_reasons: dict[str, int] = field(default_factory=dict)


def summarise(lines: Sequence[dict[str, Any]]) -> Summary:
    """Win rates, head-to-head matrix, openskill ratings, cash and rounds over result lines."""
    from openskill.models import PlackettLuce

    lines = sorted(lines, key=lambda x: (x["seed"], x["bots"]))
    players = len(lines[0]["bots"]) if lines else 0
    names = sorted({b for line in lines for b in line["bots"]})
    stats = {n: BotStats(n) for n in names}
    ahead: dict[str, dict[str, list[int]]] = {a: {b: [0, 0] for b in names} for a in names}
    model = PlackettLuce()
    ratings = {n: model.rating(name=n) for n in names}
    wins_by_seat = [0] * players
    for line in lines:
        bots, ranking = line["bots"], line["ranking"]
        place = {seat: i for i, seat in enumerate(ranking)}
        wins_by_seat[ranking[0]] += 1
        for seat, name in enumerate(bots):
            s = stats[name]
            s.seats += 1
            s.cash += line["cash"][seat]
            s.wins += ranking[0] == seat
            for other, oname in enumerate(bots):
                if other != seat and oname != name:
                    cell = ahead[name][oname]
                    cell[0] += place[seat] < place[other]
                    cell[1] += 1
        # One team per seat; a bot in several seats gets the mean of its copies' updates.
        teams = [[model.rating(mu=ratings[n].mu, sigma=ratings[n].sigma, name=n)] for n in bots]
        new = model.rate(teams, ranks=[place[seat] for seat in range(len(bots))])
        copies: dict[str, list[Any]] = {}
        for seat, name in enumerate(bots):
            copies.setdefault(name, []).append(new[seat][0])
        for name, rs in copies.items():
            ratings[name] = model.rating(
                mu=statistics.fmean(r.mu for r in rs),
                sigma=statistics.fmean(r.sigma for r in rs),
                name=name,
            )
    for name, s in stats.items():
        s.cash = s.cash / s.seats if s.seats else 0.0
        s.mu, s.sigma = ratings[name].mu, ratings[name].sigma
    openings: Counter[str] = Counter()
    for line in lines:
        openings.update(line.get("openings", []))
    rounds = [line["rounds"] for line in lines] or [0]
    return Summary(
        games=len(lines),
        players=players,
        bots=sorted(stats.values(), key=lambda s: -s.mu),
        ahead={a: {b: (v[0], v[1]) for b, v in row.items()} for a, row in ahead.items()},
        rounds_mean=statistics.fmean(rounds),
        rounds_min=min(rounds),
        rounds_max=max(rounds),
        seconds_mean=statistics.fmean(line["seconds"] for line in lines) if lines else 0.0,
        wins_by_seat=wins_by_seat,
        openings=dict(openings.most_common()),
        rounds_hist=dict(sorted(Counter(rounds).items())),
        end_reasons=dict(Counter(line.get("end_reason", "") for line in lines).most_common()),
    )


def format_summary(s: Summary) -> str:
    """The tables as Markdown (they go into the README as they are)."""
    out = [
        f"{s.games} games, {s.players} players, seat-rotated; rounds mean {s.rounds_mean:.1f} "
        f"(min {s.rounds_min}, max {s.rounds_max}); {s.seconds_mean:.2f} s per game",
        "",
        "| bot | seat-games | wins | win % (95% CI) | mean cash | rating μ ± 1.96σ |",
        "|---|---:|---:|---|---:|---|",
    ]
    for bs in s.bots:
        lo, hi = wilson(bs.wins, bs.seats)
        out.append(
            f"| {bs.name} | {bs.seats} | {bs.wins} | {100 * bs.win_rate:.1f} "
            f"({100 * lo:.1f}–{100 * hi:.1f}) | {bs.cash:.0f} | "
            f"{bs.mu:.1f} ± {1.96 * bs.sigma:.1f} |"
        )
    names = [bs.name for bs in s.bots]
    if len(names) > 1:
        out += ["", "Row finished ahead of column (share of pairs of seats, 95% CI):", ""]
        out.append("| | " + " | ".join(names) + " |")
        out.append("|---|" + "---|" * len(names))
        for a in names:
            cells = []
            for b in names:
                k, n = s.ahead[a][b]
                if a == b or n == 0:
                    cells.append("–")
                else:
                    lo, hi = wilson(k, n)
                    cells.append(f"{100 * k / n:.1f}% ({100 * lo:.0f}–{100 * hi:.0f}), n={n}")
            out.append(f"| {a} | " + " | ".join(cells) + " |")
    seats = ", ".join(f"seat {i}: {w}" for i, w in enumerate(s.wins_by_seat))
    out += ["", f"Wins by seat: {seats}"]
    hist = ", ".join(f"{r}: {n}" for r, n in s.rounds_hist.items())
    ends = "; ".join(f"{why} ({n})" for why, n in s.end_reasons.items())
    out += ["", f"Games per final round: {hist}", f"Ends: {ends}"]
    total = sum(s.openings.values())
    if total:
        shares = ", ".join(f"{k} {100 * n / total:.0f}%" for k, n in s.openings.items())
        out += ["", f"Openings (first food + first campaign, share of seats): {shares}"]
    return "\n".join(out)


# -- a row per module set (issue 30 item 4) -----------------------------------------------------


def module_sets(text: str) -> list[tuple[str, ...]]:
    """The module sets of ``--module-sets``: sets separated by ``;``, modules in a set by ``+``
    or ``,``; ``base`` is the base game, ``each`` every playable module alone (after the base
    game, with the modules it needs: Six Players brings New Districts), ``all`` the largest
    set of playable modules that may be played together.

    Raises:
        ValueError: an empty list, or a set that cannot be played (naming the modules).
    """
    from fcm.rulesets import module_problem, playable_modules, with_requirements

    out: list[tuple[str, ...]] = []
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        if part == "each":
            out += [(), *(tuple(sorted(with_requirements([m]))) for m in playable_modules())]
        elif part == "all":
            chosen: list[str] = []
            for m in playable_modules():
                more = sorted(with_requirements([*chosen, m]) - set(chosen))
                if module_problem([*chosen, *more]) is None:
                    chosen += more
            out.append(tuple(sorted(chosen)))
        elif part == "base":
            out.append(())
        else:
            mods = tuple(sorted({m.strip() for m in part.replace(",", "+").split("+") if m}))
            problem = module_problem(mods)
            if problem is not None:
                raise ValueError(f"--module-sets {part!r}: {problem}")
            out.append(mods)
    if not out:
        raise ValueError("--module-sets names no set (e.g. 'each', 'base;ketchup+kimchi', 'all')")
    return list(dict.fromkeys(out))  # each set once, in the order given


@dataclass(frozen=True, slots=True)
class ModuleRow:
    """One module set's result for one bot: its wins over its seat-games, the games played."""

    modules: tuple[str, ...]
    bot: str
    games: int
    seats: int
    wins: int
    rounds_mean: float
    # moves playing a module's part (fcm.simulate.module_move) per seat-game: the bot's, the
    # others'; 0 for a module without cards or actions of its own (Ketchup's rule, ...)
    module_moves: float = 0.0
    others_module_moves: float = 0.0

    @property
    def label(self) -> str:
        return "+".join(self.modules) or "base"


def module_row(modules: Sequence[str], bot: str, lines: Sequence[dict[str, Any]]) -> ModuleRow:
    """``bot``'s row over the result lines of one module set's games."""
    seats = sum(line["bots"].count(bot) for line in lines)
    wins = sum(line["bots"][line["ranking"][0]] == bot for line in lines)
    rounds = statistics.fmean(line["rounds"] for line in lines) if lines else 0.0
    mine = [m for line in lines for b, m in zip(line["bots"], line.get("module_moves", ()),
                                                strict=False) if b == bot]
    theirs = [m for line in lines for b, m in zip(line["bots"], line.get("module_moves", ()),
                                                  strict=False) if b != bot]
    return ModuleRow(tuple(modules), bot, len(lines), seats, wins, rounds,
                     statistics.fmean(mine) if mine else 0.0,
                     statistics.fmean(theirs) if theirs else 0.0)


def format_module_rows(rows: Sequence[ModuleRow], opponents: Sequence[str]) -> str:
    """The table, one row per module set (Markdown, like :func:`format_summary`)."""
    bot = rows[0].bot if rows else ""
    against = ", ".join(sorted(set(opponents) - {bot})) or bot
    out = [
        f"{bot} against {against}, seat-rotated; a row per module set",
        "",
        "| modules | games | seat-games | wins | win % (95% CI) | rounds | module moves "
        f"({bot} / others) |",
        "|---|---:|---:|---:|---|---:|---:|",
    ]
    for r in rows:
        lo, hi = wilson(r.wins, r.seats)
        rate = 100 * r.wins / r.seats if r.seats else 0.0
        out.append(
            f"| {r.label} | {r.games} | {r.seats} | {r.wins} | {rate:.1f} "
            f"({100 * lo:.1f}–{100 * hi:.1f}) | {r.rounds_mean:.1f} | "
            f"{r.module_moves:.1f} / {r.others_module_moves:.1f} |"
        )
    return "\n".join(out)
