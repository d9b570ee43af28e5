"""Simulation at scale: many seeded bot games, in parallel processes, with a summary.

Every game is fully determined by (player count, options, bots, seed), so any line of the
results can be replayed exactly; ``save_dir`` also writes each game's record for ``fcm replay``.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fcm.bots import make_bot
from fcm.core.actions import Action, Cook, Hire, StartCampaign, Train
from fcm.core.state import GameState, Options
from fcm.runner import SIMULATION_ROUND_LIMIT, play_game


@dataclass(frozen=True, slots=True)
class GameSpec:
    seed: int
    bots: tuple[str, ...]
    options: dict[str, Any]
    save_dir: str | None = None
    think: float | None = None  # seconds per decision for bots that search (hard)
    rollouts: int | None = None  # or a rollout budget per decision (deterministic)


def bot_seed(game_seed: int, seat: int) -> int:
    return game_seed * 1000 + seat


def module_move(state: GameState, action: Action) -> bool:
    """Whether ``action`` plays a module's part of the game: hiring or training into a card the
    base game lacks, starting a campaign of a module's tile (a giant billboard), or an action
    type a module registers (a coffee shop, a lobbyist's road, a reserve price). The module
    tables count these to show the bots use the modules' cards (issue 30 item 4)."""
    if isinstance(action, Hire):
        return action.employee not in _base_employees()
    if isinstance(action, Train):
        return action.into not in _base_employees()
    if isinstance(action, StartCampaign):
        return state.rules.catalog.campaigns[action.number].type not in _base_campaigns()
    return type(action).__module__.startswith("fcm.modules.")


_BASE: dict[str, frozenset[Any]] = {}


def _base_employees() -> frozenset[Any]:
    if "employees" not in _BASE:
        from fcm.rulesets import get_ruleset

        catalog = get_ruleset("base").catalog
        _BASE["employees"] = frozenset(catalog.employees)
        _BASE["campaigns"] = frozenset(c.type for c in catalog.campaigns.values())
    return _BASE["employees"]


def _base_campaigns() -> frozenset[Any]:
    _base_employees()
    return _BASE["campaigns"]


def run_one(spec: GameSpec) -> dict[str, Any]:
    """Play one game and return its summary line (JSON-able)."""
    bots = [
        make_bot(name, bot_seed(spec.seed, i), think=spec.think, rollouts=spec.rollouts)
        for i, name in enumerate(spec.bots)
    ]
    food: dict[int, str] = {}
    campaign: dict[int, str] = {}
    modular = [0] * len(bots)

    def first_moves(state: GameState, seat: int, action: object) -> None:
        # each seat's opening: the first food it cooks and the first campaign type it starts
        # (the game's own tiles: a module's, e.g. a gourmet guide, too)
        if isinstance(action, Cook):
            food.setdefault(seat, action.good.value)
        elif isinstance(action, StartCampaign):
            campaign.setdefault(seat, state.rules.catalog.campaigns[action.number].type.value)
        if state.rules.modules and module_move(state, action):  # type: ignore[arg-type]
            modular[seat] += 1

    start = time.perf_counter()
    result = play_game(bots, spec.seed, Options.from_dict(spec.options), on_step=first_moves)
    elapsed = time.perf_counter() - start
    state = result.state
    line: dict[str, Any] = {
        "seed": spec.seed,
        "bots": list(spec.bots),
        "ranking": list(state.ranking),
        "cash": [p.cash for p in state.players],
        "rounds": state.round,
        "bank_breaks": state.bank_breaks,
        "end_reason": state.end_reason,
        "actions": len(result.record.actions),
        "seconds": round(elapsed, 4),
        "final_hash": state.state_hash(),
        "openings": [
            f"{food.get(seat, 'none')}+{campaign.get(seat, 'none')}" for seat in range(len(bots))
        ],
    }
    if spec.options.get("modules"):
        line["module_moves"] = modular
    if spec.save_dir:
        path = Path(spec.save_dir) / f"game-{spec.seed}.json"
        path.write_text(result.record.dumps())
        line["file"] = str(path)
    return line


def simulate(
    players: int,
    games: int,
    bots: Sequence[str],
    seed: int,
    *,
    options: Options | None = None,
    jobs: int = 1,
    save_dir: str | None = None,
    ray: bool = False,
    address: str | None = None,
) -> Iterator[dict[str, Any]]:
    """Yield one summary line per game (in completion order when ``jobs`` > 1 or ``ray``).

    ``ray``: spread the games over a Ray cluster (``address``; None starts a local one).
    """
    if len(bots) != players:
        raise ValueError(f"{len(bots)} bots named for {players} players")
    if save_dir:
        Path(save_dir).mkdir(parents=True, exist_ok=True)
    opts = (options or Options(round_limit=SIMULATION_ROUND_LIMIT)).to_dict()
    specs = [GameSpec(seed + i, tuple(bots), opts, save_dir) for i in range(games)]
    if ray:
        yield from run_on_ray(run_batch, specs, address=address)
        return
    if jobs <= 1:
        for spec in specs:
            yield run_one(spec)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(run_one, specs, chunksize=max(1, min(16, games // (jobs * 4) or 1)))


def run_batch(specs: Sequence[GameSpec]) -> list[dict[str, Any]]:
    """Play several games in one task (a Ray task costs milliseconds; a game far more)."""
    return [run_one(spec) for spec in specs]


class RayClusterError(RuntimeError):
    """A Ray cluster could not be started or joined; the message says why and what to do."""


# Seconds for a node to answer a TCP connection (a dead or wrong address fails at once, or after
# this when nothing answers at all), then for ray.init to join (Ray itself gives up after about
# 20 s on a cluster that refuses the token, 30 s through Ray Client).
PROBE_TIMEOUT = 10.0
AUTH_HINT = (
    "if the cluster uses token authentication (RAY_AUTH_MODE=token on its nodes; Ray 2.59 and "
    "later turn it on for local clusters), set RAY_AUTH_MODE=token and the cluster's token "
    "(RAY_AUTH_TOKEN, a file named by RAY_AUTH_TOKEN_PATH, or ~/.ray/auth_token) here too"
)


def ray_target(address: str) -> tuple[str, int]:
    """The (host, port) ``address`` names: ``HOST:PORT``, ``ray://HOST:PORT`` (Ray Client) or
    ``auto`` (the cluster this machine's ``ray start`` registered, or RAY_ADDRESS)."""
    where = address
    if address == "auto":
        from ray._private import services

        try:
            where = services.canonicalize_bootstrap_address_or_die("auto")
        except ConnectionError as exc:
            raise RayClusterError(
                f"--address auto: no Ray cluster is registered on this machine ({exc}); start "
                "one with `ray start --head`, or give HOST:PORT"
            ) from exc
    hostport = where.removeprefix("ray://")
    host, _, port = hostport.rpartition(":")
    if not host or not port.isdigit():
        raise RayClusterError(
            f"--address {address!r}: give HOST:PORT (the head node's GCS port, 6379 by "
            "default), ray://HOST:PORT (Ray Client, 10001 by default) or auto"
        )
    return host.strip("[]"), int(port)


def probe(address: str, timeout: float = PROBE_TIMEOUT) -> None:
    """Fail at once, with a clear message, when nothing answers at ``address`` (a dead or
    wrong address, or a stale registration), instead of waiting on Ray's own retries."""
    import socket

    host, port = ray_target(address)
    try:
        with socket.create_connection((host, port), timeout):
            pass
    except OSError as exc:
        kind = "Ray Client server" if address.startswith("ray://") else "Ray head node"
        raise RayClusterError(
            f"no {kind} answers at {host}:{port} (--address {address}: {exc}); is the cluster "
            "up (`ray start --head` on the head node) and the port open?"
        ) from exc


def token_auth_from_environment() -> None:
    """A token given in the environment (RAY_AUTH_TOKEN or RAY_AUTH_TOKEN_PATH) means token
    authentication: Ray needs RAY_AUTH_MODE=token as well, or it sends no token (and reads
    the mode when it is imported)."""
    import os

    given = os.environ.get("RAY_AUTH_TOKEN") or os.environ.get("RAY_AUTH_TOKEN_PATH")
    if given and "RAY_AUTH_MODE" not in os.environ:
        os.environ["RAY_AUTH_MODE"] = "token"


def start_or_join_ray(address: str | None) -> None:
    """``ray.init`` for ``fcm simulate --ray`` / ``fcm tournament --ray``. ``address`` None:
    always a new local instance (``address="local"``), never a cluster registered on this
    machine (RAY_ADDRESS, ``ray start``): a stale registration used to hang the run. Otherwise
    join that cluster, failing within a bounded time with a clear message."""
    import logging
    import os

    import ray

    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # no usage reports from this machine
    quiet: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.ERROR}
    if address is None:
        for attempt in (1, 2):
            try:
                ray.init(address="local", include_dashboard=False, **quiet)
                return
            except Exception as exc:  # Ray gives a local node a fixed 30 s to start
                ray.shutdown()
                if attempt == 2 or "timed out during startup" not in str(exc):
                    raise RayClusterError(f"could not start a local Ray instance: {exc}") from exc
    assert address is not None
    probe(address)
    if address.startswith("ray://"):
        import importlib.util

        if importlib.util.find_spec("grpc") is None:  # what ray[client] adds to ray
            raise RayClusterError(
                "ray:// (Ray Client) needs ray[client] (grpcio), which comes with the extra "
                "ray: pip install 'food-chain-magnate[ray]'"
            )
    try:
        ray.init(address=address, **quiet)
    except Exception as exc:
        ray.shutdown()
        mode = os.environ.get("RAY_AUTH_MODE", "unset")
        raise RayClusterError(
            f"could not join the Ray cluster at {address}: {exc} ({AUTH_HINT}; RAY_AUTH_MODE "
            f"is {mode} here)"
        ) from exc


def run_on_ray(
    task: Callable[[Sequence[Any]], list[dict[str, Any]]],
    items: Sequence[Any],
    *,
    address: str | None = None,
    batch: int | None = None,
) -> Iterator[dict[str, Any]]:
    """Run ``task`` over batches of ``items`` as Ray tasks; yield each result line as its batch
    finishes. ``address`` None starts a local Ray instance (and stops it afterwards); otherwise
    the cluster at ``address`` (``auto``, ``HOST:PORT`` or ``ray://HOST:10001``) is joined:
    see :func:`start_or_join_ray`.

    Each game depends only on its spec (player count, options, bots, seed), so a game played on
    any node ends in the same final hash as the local run.
    """
    if address is not None:
        token_auth_from_environment()  # before Ray is imported: it reads the mode once
    try:
        import ray
    except ImportError as exc:
        raise ImportError(
            "--ray needs Ray, which comes with the optional extra ray: "
            f"pip install 'food-chain-magnate[ray]' ({exc})"
        ) from exc

    started = not ray.is_initialized()
    if started:
        start_or_join_ray(address)
    try:
        resources = ray.cluster_resources()  # type: ignore[no-untyped-call]
        cpus = max(1, int(resources.get("CPU", 1)))
        # Small batches keep every CPU busy to the end (games differ in length: with 4 batches
        # per CPU the last ones left a CPU idle for a whole batch); up to 16 games per task
        # keep Ray's per-task cost (milliseconds) negligible on long runs.
        size = batch or max(1, min(16, len(items) // (cpus * 16)))
        remote = ray.remote(task)
        pending = [remote.remote(list(items[i : i + size])) for i in range(0, len(items), size)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield from ray.get(ref)
    finally:
        if started:
            ray.shutdown()


def summarise(lines: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Wins per seat and bot, cash, rounds, bank breaks and time per game."""
    if not lines:
        return {"games": 0}
    players = len(lines[0]["bots"])
    wins_by_seat = [0] * players
    wins_by_bot: dict[str, int] = {}
    seats_by_bot: dict[str, int] = {}
    for line in lines:
        winner = line["ranking"][0]
        wins_by_seat[winner] += 1
        name = line["bots"][winner]
        wins_by_bot[name] = wins_by_bot.get(name, 0) + 1
        for b in line["bots"]:
            seats_by_bot[b] = seats_by_bot.get(b, 0) + 1
    cash = [c for line in lines for c in line["cash"]]
    return {
        "games": len(lines),
        "wins_by_seat": wins_by_seat,
        "wins_by_bot": wins_by_bot,
        "seats_by_bot": seats_by_bot,
        "cash_by_seat_mean": [
            statistics.fmean(line["cash"][s] for line in lines) for s in range(players)
        ],
        "cash_mean": statistics.fmean(cash),
        "cash_median": statistics.median(cash),
        "rounds_mean": statistics.fmean(line["rounds"] for line in lines),
        "rounds_median": statistics.median(line["rounds"] for line in lines),
        "bank_breaks_mean": statistics.fmean(line["bank_breaks"] for line in lines),
        "seconds_per_game": statistics.fmean(line["seconds"] for line in lines),
        "end_reasons": _count(line["end_reason"] for line in lines),
    }


def _count(items: Iterator[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for x in items:
        out[x] = out.get(x, 0) + 1
    return out


def write_jsonl(path: str, lines: Sequence[dict[str, Any]]) -> None:
    with open(path, "w") as fh:
        for line in lines:
            fh.write(json.dumps(line) + "\n")
