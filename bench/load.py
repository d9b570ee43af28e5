"""Load benchmark of the game server: many concurrent games against a real server process.

    python -m bench.load [--games 100] [--seconds 20] [--backends sqlite,postgresql]

A server (``python -m fcm.server``, one process) is started on 127.0.0.1 only, on a fresh
SQLite file, and on PostgreSQL when ``FCM_BENCH_DATABASE_URL`` or ``FCM_TEST_DATABASE_URL``
names a server (a fresh schema, dropped afterwards). ``--games`` games run at once, each with
two scripted human clients (each on its own WebSocket, acting on the pushes with a random legal
action) and one server bot; a finished game is replaced by a new one. The run is bounded in
time. Reported: client actions per second, and the p50/p99 round trip of an action (POST sent
→ answer received, including the storage transaction and the pushes to every client).

Commits are durable (the server's default: an action is answered once its commit is on
disk); ``--commits durable,unsafe`` also measures ``FCM_UNSAFE_ASYNC_COMMIT`` side by side.
Then the commit alone: the p50/p99 of ``Store.append`` with 20 games appending at once (the
disk flush and, on SQLite, the group commit; no engine, no HTTP).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import secrets
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from bench import Row, register

HOST = "127.0.0.1"  # never any other address


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    stale: int = 0  # 409s: raced by a push (a normal, harmless outcome)
    errors: int = 0
    games_started: int = 0
    games_finished: int = 0
    client_cpu: float = 0.0  # share of one core used by the clients (this process)
    server_cpu: float = 0.0  # share of one core used by the server process


class Http:
    """A minimal HTTP/1.1 keep-alive client on one connection (the benchmark must measure the
    server, not a client library's connection pool)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self._rw: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def request(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any]:
        if self._rw is None:
            self._rw = await asyncio.open_connection(HOST, self.port)
        reader, writer = self._rw
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\nContent-Length: {len(data)}\r\n"
        if body is not None:
            head += "Content-Type: application/json\r\n"
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        writer.write(head.encode() + b"\r\n" + data)
        await writer.drain()
        status_line = await reader.readline()
        if not status_line:
            self._rw = None
            raise ConnectionError("connection closed")
        status = int(status_line.split()[1])
        length = 0
        while True:
            line = await reader.readline()
            if line in (b"\r\n", b"\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            if name.strip().lower() == "content-length":
                length = int(value.strip())
        payload = await reader.readexactly(length) if length else b""
        return status, _loads(payload) if payload else None

    async def close(self) -> None:
        if self._rw is not None:
            self._rw[1].close()
            self._rw = None


def _loads(data: str | bytes) -> Any:
    """The clients parse every push: with orjson (and uvloop, below) the client process takes
    less of the machine's CPU from the server it measures, and delays the answers less."""
    try:
        import orjson
    except ImportError:
        return json.loads(data)
    return orjson.loads(data)


def _run(coro: Any) -> Any:
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coro)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(coro)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def _pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def _seat(port: int, gid: str, token: str, rng: random.Random,
                stats: Stats, stop: asyncio.Event, over: asyncio.Event,
                think: float) -> None:
    """One scripted human: decides on the newest state it knows (a push or its own answer)
    until the game ends, as the browser page does. Each client has its own connections (as
    separate people would).

    The WebSocket is read by its own task, so a push that arrives while the client thinks
    replaces the state it is deciding on (the person sees the page change and decides
    again) instead of queueing behind it: acting on a state older than one already received
    would be answered 409 by construction (a client bug, not a server race)."""
    from websockets.asyncio.client import connect

    acted: set[int] = set()
    http = Http(port)
    latest: dict[str, Any] | None = None
    fresh = asyncio.Event()

    def offer(state: dict[str, Any]) -> None:
        nonlocal latest
        if latest is None or state["version"] > latest["version"] or state["status"] == "over":
            latest = state
            fresh.set()
        if state["status"] == "over":
            over.set()

    async def reader(ws: Any) -> None:
        async for raw in ws:
            msg = _loads(raw)
            if msg.get("type") == "state":
                offer(msg)

    async def act(state: dict[str, Any]) -> None:
        acted.add(state["version"])
        if think > 0:  # a person thinks before acting (uniform, mean ``think`` seconds)
            await asyncio.sleep(rng.uniform(0, 2 * think))
            if latest is not state or stop.is_set() or over.is_set():
                return  # the page changed meanwhile: decide on the new state
        body = {"version": state["version"], "action": rng.choice(state["legal"])}
        t = time.perf_counter()
        status, answer = await http.request("POST", f"/api/games/{gid}/actions", body, token)
        stats.latencies.append(time.perf_counter() - t)
        if status == 200:
            stats.actions += 1
            offer(dict(answer))
        elif status == 409:
            stats.stale += 1
        elif not stop.is_set():
            stats.errors += 1
            print(f"action answered {status}: {answer}", file=sys.stderr)
            over.set()

    url = f"ws://{HOST}:{port}/api/games/{gid}/ws?token={token}"
    async with connect(url, max_size=None, compression=None) as ws:
        read = asyncio.create_task(reader(ws))
        try:
            while not stop.is_set() and not over.is_set() and not read.done():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(fresh.wait(), timeout=0.5)
                fresh.clear()
                state = latest
                if state is None or over.is_set() or stop.is_set():
                    continue
                if state["legal"] and state["version"] not in acted:
                    await act(state)
                    if latest is not state:
                        fresh.set()  # something newer came meanwhile
            if read.done() and not read.cancelled() and not stop.is_set():
                exc = read.exception()
                if exc is not None:
                    raise exc
        finally:
            read.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await read
    await http.close()


async def _game_slot(
    port: int, seed: int, stats: Stats, stop: asyncio.Event, think: float
) -> None:
    """Keeps one game running: when it ends, starts another."""
    rng = random.Random(seed)
    http = Http(port)
    while not stop.is_set():
        try:
            status, game = await http.request("POST", "/api/games", {
                "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}],
                "seed": rng.randrange(2**40),
            })
        except OSError:
            status = 0
        if status != 201:
            stats.errors += 1
            await asyncio.sleep(0.5)
            continue
        stats.games_started += 1
        over = asyncio.Event()
        tokens = [s["token"] for s in game["seats"] if s["token"]]
        results = await asyncio.gather(*[
            _seat(port, game["game"], t, random.Random(rng.random()), stats, stop, over, think)
            for t in tokens
        ], return_exceptions=True)
        for r in results:
            if isinstance(r, Exception) and not stop.is_set():
                stats.errors += 1
                print(f"client failed: {r!r}", file=sys.stderr)
        if over.is_set() and not stop.is_set():
            stats.games_finished += 1
    await http.close()


def _cpu_seconds(pid: int) -> float:
    """CPU time used so far by process ``pid`` (Linux), or NaN."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


async def _drive(
    port: int, games: int, seconds: float, server_pid: int = 0, think: float = 0.0
) -> tuple[Stats, float]:
    stats = Stats()
    stop = asyncio.Event()
    slots = [
        asyncio.create_task(_game_slot(port, i, stats, stop, think)) for i in range(games)
    ]
    # warm-up: every game created and playing
    deadline = time.perf_counter() + 30
    while stats.games_started < games and time.perf_counter() < deadline:
        await asyncio.sleep(0.1)
    await asyncio.sleep(1.0)
    stats.latencies.clear()
    stats.actions = 0
    start = time.perf_counter()
    cpu0, server0 = time.process_time(), _cpu_seconds(server_pid)
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - start
    stats.client_cpu = (time.process_time() - cpu0) / elapsed
    stats.server_cpu = (_cpu_seconds(server_pid) - server0) / elapsed
    n_actions, latencies = stats.actions, list(stats.latencies)
    stop.set()
    for t in slots:
        t.cancel()
    for t in slots:
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await t
    stats.actions, stats.latencies = n_actions, latencies
    return stats, elapsed


def _start_server(
    database_url: str, port: int, log: Path, commits: str = "durable"
) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "FCM_RATE_PER_SECOND": "100000",
        "FCM_RATE_BURST": "100000",
        "FCM_BOT_DELAY_MS": "0",
        "FCM_UNSAFE_ASYNC_COMMIT": "1" if commits == "unsafe" else "0",
    }
    with open(log, "ab") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "fcm.server", "--host", HOST, "--port", str(port),
             "--database-url", database_url, "--log-level", "warning"],
            env=env, stdout=out, stderr=subprocess.STDOUT,
        )
    import httpx

    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited: {log.read_text()[-2000:]}")
        with contextlib.suppress(httpx.TransportError):
            if httpx.get(f"http://{HOST}:{port}/api/health", timeout=1).status_code == 200:
                return proc
        time.sleep(0.1)
    proc.kill()
    raise RuntimeError("server did not start")


@contextlib.contextmanager
def _database(backend: str, tmp: Path) -> Any:
    if backend == "sqlite":
        yield f"sqlite:///{tmp}/load.sqlite3"
        return
    url = os.environ.get("FCM_BENCH_DATABASE_URL") or os.environ.get("FCM_TEST_DATABASE_URL")
    if not url:
        yield None
        return
    import psycopg

    schema = f"bench_{secrets.token_hex(4)}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        sep = "&" if "?" in url else "?"
        yield f"{url}{sep}options={quote(f'-csearch_path={schema}')}"
    finally:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


def run_backend(
    backend: str, games: int, seconds: float, think_ms: float = 0.0, commits: str = "durable"
) -> dict[str, Any] | None:
    """One measured run; None when the backend is not available. ``commits``: "durable"
    (the default of the server) or "unsafe" (``FCM_UNSAFE_ASYNC_COMMIT``)."""
    with tempfile.TemporaryDirectory() as d, _database(backend, Path(d)) as url:
        if url is None:
            return None
        port = _free_port()
        proc = _start_server(url, port, Path(d) / "server.log", commits)
        try:
            stats, elapsed = _run(
                _drive(port, games, seconds, proc.pid, think_ms / 1000)
            )
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
        if stats.errors:
            print(f"{backend}: {stats.errors} errors; the server's log ends with:")
            print((Path(d) / "server.log").read_text()[-3000:])
        return {
            "backend": backend,
            "commits": commits,
            "think_ms": think_ms,
            "games": games,
            "seconds": round(elapsed, 1),
            "actions": stats.actions,
            "actions_per_s": stats.actions / elapsed if elapsed else 0.0,
            "p50_ms": _pct(stats.latencies, 50) * 1e3,
            "p99_ms": _pct(stats.latencies, 99) * 1e3,
            "stale_409": stats.stale,
            "errors": stats.errors,
            "games_finished": stats.games_finished,
            "server_cpu": stats.server_cpu,
            "client_cpu": stats.client_cpu,
        }


async def _commits(url: str, durable: bool, games: int, appends: int) -> list[float]:
    """Seconds per ``Store.append`` with ``games`` games appending at once (as the server's
    games do), ``appends`` each: the commit alone, without the engine or HTTP."""
    from fcm.server.storage import ActionRow, GameInfo, Head, SeatSpec, open_store

    kwargs: dict[str, Any] = {"durable": durable}
    store = open_store(url, **kwargs)
    await store.open()
    times: list[float] = []
    try:
        ids = [f"c{secrets.token_hex(6)}" for _ in range(games)]
        for gid in ids:
            info = GameInfo(gid, 2, 1, {}, [SeatSpec(), SeatSpec()],
                            head=Head(0, 0, [0, 0, 0], "active"))
            await store.create_game(info, [(gid, 0)])

        async def play(gid: str) -> None:
            events = [{"kind": "cash_paid", "seat": 0, "amount": 10}] * 5
            for v in range(1, appends + 1):
                row = ActionRow(v, 0, {"type": "done"}, events, [True, True, True])
                t = time.perf_counter()
                await store.append(gid, v - 1, row, [v, v, v], "active")
                times.append(time.perf_counter() - t)

        await asyncio.gather(*(play(gid) for gid in ids))
    finally:
        await store.close()
    return times


def commit_latency(
    backend: str, durable: bool, games: int = 20, appends: int = 25
) -> dict[str, Any] | None:
    """The p50/p99 of one append's commit (concurrent games, one process); None when the
    backend is not available."""
    with tempfile.TemporaryDirectory() as d, _database(backend, Path(d)) as url:
        if url is None:
            return None
        times = _run(_commits(url, durable, games, appends))
    return {
        "backend": backend,
        "commits": "durable" if durable else "unsafe",
        "appends": len(times),
        "concurrent": games,
        "p50_ms": _pct(times, 50) * 1e3,
        "p99_ms": _pct(times, 99) * 1e3,
    }


def _print(results: list[dict[str, Any]]) -> None:
    cols = ["backend", "commits", "think_ms", "games", "seconds", "actions", "actions_per_s",
            "p50_ms", "p99_ms", "stale_409", "errors", "games_finished", "server_cpu", "client_cpu"]
    print("  ".join(f"{c:>10}" for c in cols))
    for r in results:
        print("  ".join(
            f"{r[c]:>10.2f}" if isinstance(r[c], float) else f"{r[c]!s:>10}" for c in cols
        ))


@register("load")
def load_rows() -> list[Row]:
    """100 concurrent games for 15 s on each available backend, with durable commits: clients
    that think 0.5 s on average before each action, and clients that act at once (the server
    saturated)."""
    rows: list[Row] = []
    for backend in ("sqlite", "postgresql"):
        for think_ms, label in ((500.0, "paced"), (0.0, "flat out")):
            r = run_backend(backend, 100, 15.0, think_ms)
            if r is None:
                break
            case = f"{backend} durable {label}"
            note = f"{r['games']} games, {r['seconds']} s, {r['errors']} errors"
            rows.append(Row("load", f"{case} actions", r["actions_per_s"], "actions/s", note))
            rows.append(Row("load", f"{case} action p50", r["p50_ms"], "ms"))
            rows.append(Row("load", f"{case} action p99", r["p99_ms"], "ms"))
        c = commit_latency(backend, True)
        if c is not None:
            case = f"{backend} durable commit (append alone, {c['concurrent']} games at once)"
            rows.append(Row("load", f"{case} p50", c["p50_ms"], "ms"))
            rows.append(Row("load", f"{case} p99", c["p99_ms"], "ms"))
    return rows


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--backends", default="sqlite,postgresql")
    p.add_argument("--think-ms", type=float, default=500.0,
                   help="mean think time of a client before each action (0: flat out)")
    p.add_argument("--commits", default="durable",
                   help="durable (the server's default) and/or unsafe (FCM_UNSAFE_ASYNC_COMMIT)")
    args = p.parse_args(argv)
    results = []
    for backend in args.backends.split(","):
        for commits in args.commits.split(","):
            if commits.strip() not in ("durable", "unsafe"):
                p.error(f"--commits: durable or unsafe, not {commits!r}")
            r = run_backend(backend.strip(), args.games, args.seconds, args.think_ms,
                            commits.strip())
            if r is None:
                print(f"{backend}: skipped (set FCM_BENCH_DATABASE_URL or FCM_TEST_DATABASE_URL)")
                break
            results.append(r)
    _print(results)
    print("\ncommit latency (Store.append alone, 20 games appending at once):")
    print("  ".join(f"{c:>10}" for c in ("backend", "commits", "appends", "p50_ms", "p99_ms")))
    for backend in args.backends.split(","):
        for commits in args.commits.split(","):
            c = commit_latency(backend.strip(), commits.strip() == "durable")
            if c is None:
                break
            print("  ".join(
                f"{c[k]:>10.2f}" if isinstance(c[k], float) else f"{c[k]!s:>10}"
                for k in ("backend", "commits", "appends", "p50_ms", "p99_ms")
            ))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
