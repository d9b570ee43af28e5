"""Server settings: defaults for ``fcm serve``, overridable by arguments or ``FCM_*`` variables."""

from __future__ import annotations

import os
from dataclasses import dataclass, fields

DEFAULT_DATABASE_URL = "sqlite:///data/fcm.sqlite3"


@dataclass(slots=True)
class Settings:
    database_url: str = DEFAULT_DATABASE_URL
    max_body_bytes: int = 64 * 1024  # larger request bodies get 413
    max_ws_message_bytes: int = 16 * 1024
    rate_per_second: float = 20.0  # per token (or per client address without a token)
    rate_burst: int = 60
    rate_clients: int = 10_000  # rate-limit buckets kept (least recently used are dropped)
    bot_think_ms: int = 2_000  # a bot's think budget per decision (seats may set their own)
    bot_delay_ms: int = 0  # pause before each bot move (to let humans follow)
    bot_workers: int = 2  # concurrent bot decisions per process (each in a worker process)
    hint_think_ms: int = 1_000  # the hard bot's search budget for one hint
    hint_every_ms: int = 5_000  # at most one hint per seat per this many ms
    snapshot_every: int = 50  # store a full state every N actions
    cached_games: int = 2_000  # games kept in memory per process
    poll_interval: float = 0.1  # SQLite: how often other processes' changes are looked for
    ws_queue: int = 256  # messages queued per WebSocket before a slow client is dropped
    # Durable by default: an action is acknowledged only once its commit is on disk (SQLite
    # synchronous=FULL, PostgreSQL synchronous_commit=on), so it survives a crash of the
    # server, of the database or of the machine. True (``FCM_UNSAFE_ASYNC_COMMIT=1``) skips
    # the wait for the disk: faster, but a crash of PostgreSQL or of the machine may lose
    # the last acknowledged actions.
    unsafe_async_commit: bool = False
    # Slow clients: the whole request head (line and headers) must arrive within
    # header_timeout seconds of its first byte (or of the connection), the body within
    # body_timeout seconds of the head; else 408 / the connection is closed.
    header_timeout: float = 10.0
    body_timeout: float = 10.0
    # The https origin the server is reached at behind a TLS proxy ("https://fcm.example"):
    # session cookies are then Secure, and it counts as this server's Origin.
    public_origin: str = ""
    # Turn timers (fcm.server.clock): seconds between two looks at the deadlines (0: never,
    # the tests call tick() themselves); tests only: read the time from this file.
    clock_interval: float = 1.0
    test_clock_file: str = ""
    # Notifications (fcm.server.notify); off by default. E-mail goes out once smtp_host is
    # set; webhooks once notify_webhooks is on (https only, public addresses only, unless the
    # two notify_allow_* switches say otherwise: tests and private networks).
    smtp_host: str = ""
    smtp_port: int = 25
    smtp_from: str = "fcm@localhost"
    smtp_user: str = ""
    smtp_password: str = ""
    smtp_starttls: bool = False
    notify_webhooks: bool = False
    notify_allow_http: bool = False
    notify_allow_private: bool = False
    notify_interval: float = 5.0  # seconds between two looks at the outbox (0: tests tick)
    notify_turn_delay: float = 60.0  # "your turn" waits this long; dropped if already played
    notify_daily_hour: int = 9  # the daily reminder's hour (UTC)
    # Tests only: a rated game may have any rules options and a chosen seed (a real server
    # rates only games of the standard rules with the server's seed).
    rated_test_rules: bool = False

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        """Defaults, then ``FCM_<FIELD>`` variables (``FCM_DATABASE_URL``, ...), then
        ``overrides`` (None values are ignored)."""
        s = cls()
        for f in fields(cls):
            raw = os.environ.get(f"FCM_{f.name.upper()}")
            if raw is not None:
                default = getattr(s, f.name)
                if isinstance(default, bool):
                    setattr(s, f.name, raw.strip().lower() in ("1", "true", "yes", "on"))
                else:
                    setattr(s, f.name, type(default)(raw))
        for name, value in overrides.items():
            if value is not None:
                setattr(s, name, value)
        return s
