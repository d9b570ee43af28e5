"""Metrics in the Prometheus format (``GET /metrics``, prometheus_client) and the liveness and
readiness probes (``GET /api/health/live``, ``GET /api/health/ready``).

Per server process (each has its own registry; Prometheus scrapes every process and sums):

- ``fcm_http_requests_total{method, route, status}`` and ``fcm_http_request_seconds{method,
  route}``: every HTTP request by its route's template (``/api/games/{game_id}``: no game id,
  no token ever becomes a label);
- ``fcm_game_changes_total``: the changes of games this process applied or learnt of (actions,
  undos, rewinds, other processes' changes);
- at each scrape: ``fcm_games{status}`` (the database's games by status), ``fcm_games_cached``,
  ``fcm_websockets`` (connected here), ``fcm_bot_queue`` (games waiting for a bot move),
  ``fcm_think_waiting{job}`` (bot and hint jobs waiting for a worker process),
  ``fcm_hints_in_flight`` and ``fcm_timer_lag_seconds`` (how far past due the most overdue
  turn timer is that no process has acted on yet: a scheduler that stalls shows here).

Nothing secret is a label or a value. ``/metrics`` answers whoever asks: a public site keeps
it to its monitoring (the reverse proxy, docs/hosting.md).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from typing import Any

from fastapi import FastAPI
from fastapi.responses import JSONResponse, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector
from starlette.types import ASGIApp, Message, Receive, Scope, Send


class Metrics:
    """One process's registry and its request and change counters."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.requests = Counter("fcm_http_requests", "HTTP requests answered",
                                ("method", "route", "status"), registry=self.registry)
        self.latency = Histogram("fcm_http_request_seconds", "HTTP request latency",
                                 ("method", "route"), registry=self.registry,
                                 buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
                                          10))
        self.changes = Counter("fcm_game_changes", "game changes applied or learnt of",
                               registry=self.registry)
        self.state: dict[str, Any] = {}  # the running services (app.state), read at scrapes
        self.sampled: dict[str, float] = {}  # the last look at the database (at scrapes)

    def collector(self) -> Collector:
        metrics = self

        class Live(Collector):
            def collect(self) -> Iterator[GaugeMetricFamily]:
                st = metrics.state
                service, worker = st.get("service"), st.get("worker")
                games = service._games if service is not None else {}
                yield GaugeMetricFamily("fcm_games_cached", "games held in this process",
                                        value=len(games))
                yield GaugeMetricFamily(
                    "fcm_websockets", "WebSockets connected to this process",
                    value=sum(len(g.subscribers) for g in list(games.values())))
                if worker is not None:
                    from fcm.server.thinking import BOT, HINT

                    yield GaugeMetricFamily("fcm_bot_queue", "games waiting for a bot move",
                                            value=worker._queue.qsize())
                    waiting = GaugeMetricFamily("fcm_think_waiting",
                                                "jobs waiting for a worker process",
                                                labels=("job",))
                    waiting.add_metric(("bot",), worker.pool.waiting(BOT))
                    waiting.add_metric(("hint",), worker.pool.waiting(HINT))
                    yield waiting
                hints = st.get("hints")
                if hints is not None:
                    yield GaugeMetricFamily("fcm_hints_in_flight", "hints being computed",
                                            value=len(hints._busy))
                by_status = GaugeMetricFamily("fcm_games", "games in the database",
                                              labels=("status",))
                for key, value in sorted(metrics.sampled.items()):
                    if key.startswith("games:"):
                        by_status.add_metric((key[6:],), value)
                yield by_status
                yield GaugeMetricFamily(
                    "fcm_timer_lag_seconds",
                    "how long past due the most overdue turn timer is, not yet acted on",
                    value=metrics.sampled.get("timer_lag", 0.0))

        return Live()

    async def sample(self) -> None:
        """Read the database's figures (before a scrape is rendered)."""
        store = self.state["service"].store
        now = time.time()

        def read(tx: Any) -> dict[str, float]:
            out = {f"games:{s}": float(n) for s, n in tx.execute(
                "SELECT status, COUNT(*) FROM games GROUP BY status").fetchall()}
            row = tx.execute("SELECT MIN(due_at) FROM deadlines WHERE due_at IS NOT NULL"
                             " AND due_at < ? AND lease_until < ?", (now, now)).fetchone()
            out["timer_lag"] = 0.0 if row is None or row[0] is None else now - float(row[0])
            return out

        self.sampled = await store.transact(read, write=False)


class MetricsMiddleware:
    """Counts and times every HTTP request by its route's template."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        began = time.perf_counter()
        status = [500]

        async def send_status(message: Message) -> None:
            if message["type"] == "http.response.start":
                status[0] = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, send_status)
        finally:
            route = getattr(scope.get("route"), "path", None)
            if route is None:
                path = str(scope.get("path", ""))
                route = "/web/*" if path.startswith("/web/") else "unmatched"
            method = str(scope.get("method", ""))
            self.metrics.requests.labels(method, route, str(status[0])).inc()
            self.metrics.latency.labels(method, route).observe(time.perf_counter() - began)


def mount_metrics(app: FastAPI, metrics: Metrics) -> None:
    """``GET /metrics``, ``GET /api/health/live`` and ``GET /api/health/ready``."""
    metrics.registry.register(metrics.collector())

    @app.get("/metrics", include_in_schema=False)
    async def scrape() -> Response:
        with contextlib.suppress(Exception):  # else the database's figures wait a scrape
            await metrics.sample()
        return Response(generate_latest(metrics.registry), media_type=CONTENT_TYPE_LATEST)

    @app.get("/api/health/live")
    async def live() -> dict[str, Any]:
        """Liveness: this process answers (restart it if not)."""
        return {"ok": True}

    @app.get("/api/health/ready", responses={503: {"description": "the database is down"}})
    async def ready() -> Response:
        """Readiness: this process reaches its database (send it traffic only then)."""
        service = metrics.state.get("service")
        try:
            if service is None:
                raise RuntimeError("starting")
            await service.store.transact(lambda tx: tx.execute("SELECT 1").fetchone(),
                                         write=False)
        except Exception as exc:
            return JSONResponse({"ok": False, "error": {
                "code": "server/not_ready", "message": f"not ready: {type(exc).__name__}"}},
                status_code=503)
        return JSONResponse({"ok": True, "storage": service.store.kind})
