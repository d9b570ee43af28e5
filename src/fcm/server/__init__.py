"""The game server: live multiplayer games over HTTP and WebSocket, stored in SQLite or
PostgreSQL (docs/server.md).

    fcm.server.run("127.0.0.1", 8000, "sqlite:///data/fcm.sqlite3")

Layout: :mod:`~fcm.server.app` (routes), :mod:`~fcm.server.match` (the master pipeline),
:mod:`~fcm.server.storage` (the store interface and its SQLite and PostgreSQL backends),
:mod:`~fcm.server.bots` (the bot worker), :mod:`~fcm.server.limits` (413/429).
"""

from __future__ import annotations

import gc
from typing import Any

from fcm.server.config import DEFAULT_DATABASE_URL, Settings


def create_app(settings: Settings | None = None, **kwargs: Any) -> Any:
    from fcm.server.app import create_app as _create_app

    return _create_app(settings, **kwargs)


def run(
    host: str = "127.0.0.1",
    port: int = 8000,
    database_url: str | None = None,
    *,
    settings: Settings | None = None,
    log_level: str = "info",
) -> None:
    """Serve until interrupted; prints the URL to open."""
    import uvicorn

    from fcm.server import logs
    from fcm.server.protocol import http_protocol

    logs.install()
    s = settings or Settings.from_env(database_url=database_url)
    app = create_app(s)
    note = (
        f"storage: {logs.safe_url(s.database_url)}"
        f"{'; UNSAFE: commits are not waited for' if s.unsafe_async_commit else ''}"
    )
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=s.max_ws_message_bytes,
        ws="websockets-sansio",
        http=http_protocol(s.header_timeout),
        timeout_graceful_shutdown=5,
    )
    tune_gc()
    _AnnouncingServer(config, note).run()


def open_url(host: str, port: int) -> str:
    """The address to open for a server bound to ``host``:``port`` (as bound: an IPv6 host
    in brackets; all interfaces named as such, since no one address is "the" address)."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def bound_addresses(server: Any) -> list[tuple[str, int]]:
    """The (host, port) of every listening socket of a started uvicorn server."""
    out = []
    for srv in getattr(server, "servers", []):
        for sock in srv.sockets:
            name = sock.getsockname()
            out.append((str(name[0]), int(name[1])))
    return out


def _announce(addresses: list[tuple[str, int]], note: str) -> str:
    host, port = addresses[0]
    every = " (all interfaces)" if host in ("0.0.0.0", "::") else ""
    url = open_url(host, port)
    return f"fcm server: open {url}{every}  (HTTP API: {url}docs; {note})"


def _server_class() -> Any:
    import uvicorn

    class AnnouncingServer(uvicorn.Server):
        """Prints the address actually bound (the port the OS chose for ``--port 0``)."""

        def __init__(self, config: Any, note: str) -> None:
            super().__init__(config)
            self.note = note

        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets)
            addresses = bound_addresses(self)
            if addresses:
                print(_announce(addresses, self.note), flush=True)

    return AnnouncingServer


def _AnnouncingServer(config: Any, note: str) -> Any:
    return _server_class()(config, note)


# Generation 0 threshold (allocations between young collections) and how many young and
# middle collections between older ones; CPython's defaults are (700, 10, 10).
GC_THRESHOLDS = (5_000, 50, 100)


def tune_gc() -> None:
    """Make the cyclic garbage collector's pauses rare and short for a long-running server.

    Every action allocates a new game state (thousands of containers, freed by reference
    counting, not by the collector), so with the default thresholds the collector ran all the
    time and its full collections walked every object of the process: under load they paused
    the event loop (every game of the process) for 150-200 ms a few times a minute, the p99
    of actions. Objects alive at start-up (modules, classes, the app) are frozen out of the
    collections, and young collections are made less frequent. Cyclic garbage is still
    collected.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


__all__ = ["DEFAULT_DATABASE_URL", "Settings", "create_app", "run"]
