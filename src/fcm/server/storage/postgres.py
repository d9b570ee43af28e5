"""PostgreSQL storage (psycopg 3, async): several server processes share one database.

Appends and undos are one transaction each, with a compare-and-set on the game's revision and
a unique ``(game_id, version)`` key on the log. The same transaction sends
``NOTIFY fcm_changes, '<game_id>:<revision>'``; PostgreSQL delivers it only on commit, to every
process that listens (each process keeps one extra connection for ``LISTEN``), so a WebSocket
client on any process learns of every change.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Any

import orjson
import psycopg
from psycopg import sql
from psycopg_pool import AsyncConnectionPool

from fcm.server.storage.base import (
    ActionRow,
    ChangeCallback,
    Conflict,
    GameInfo,
    GameNotFound,
    Head,
    Loaded,
    SeatSpec,
)

log = logging.getLogger("fcm.server.storage")

CHANNEL = "fcm_changes"
SCHEMA_LOCK = 727_364_001  # advisory lock id: only one process creates the schema at a time

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created_at DOUBLE PRECISION NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL,
    players INTEGER NOT NULL,
    seed BIGINT NOT NULL,
    options TEXT NOT NULL,
    scenario TEXT,
    seats TEXT NOT NULL,
    initial_events TEXT NOT NULL,
    version INTEGER NOT NULL,
    revision INTEGER NOT NULL,
    seen TEXT NOT NULL,
    status TEXT NOT NULL,
    has_bots BOOLEAN NOT NULL
);
CREATE INDEX IF NOT EXISTS games_active_bots ON games (status, has_bots);
CREATE TABLE IF NOT EXISTS tokens (
    hash TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games (id),
    seat INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games (id),
    version INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    events TEXT NOT NULL,
    visible TEXT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, version)
);
CREATE TABLE IF NOT EXISTS snapshots (
    game_id TEXT NOT NULL REFERENCES games (id),
    version INTEGER NOT NULL,
    state TEXT NOT NULL,
    PRIMARY KEY (game_id, version)
);
"""


def dumps(value: Any) -> str:
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


class PostgresStore:
    kind = "postgresql"

    def __init__(
        self,
        url: str,
        *,
        schema: str | None = None,
        min_size: int = 2,
        max_size: int = 10,
        durable: bool = False,
    ) -> None:
        self.url = url
        self.schema = schema
        self.durable = durable
        self._pool = AsyncConnectionPool(
            url,
            min_size=min_size,
            max_size=max_size,
            open=False,
            configure=self._configure,
            kwargs={"autocommit": True},
        )
        self._listener: asyncio.Task[None] | None = None

    async def _configure(self, conn: psycopg.AsyncConnection[Any]) -> None:
        if not self.durable:  # see Settings.durable_commits
            await conn.execute("SET synchronous_commit TO off")
        if self.schema:
            await conn.execute(sql.SQL("SET search_path TO {}").format(sql.Identifier(self.schema)))

    # -- lifecycle -------------------------------------------------------------------------

    async def open(self) -> None:
        async with await psycopg.AsyncConnection.connect(self.url, autocommit=False) as conn:
            await conn.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            if self.schema:
                await conn.execute(
                    sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(self.schema))
                )
                await self._configure(conn)
            await conn.execute(SCHEMA)
            await conn.commit()
        await self._pool.open(wait=True)

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._listener
            self._listener = None
        await self._pool.close()

    # -- games and tokens --------------------------------------------------------------------

    async def create_game(self, info: GameInfo, tokens: list[tuple[str, int]]) -> None:
        now = time.time()
        h = info.head
        async with self._pool.connection() as conn, conn.transaction():
            await conn.execute(
                "INSERT INTO games (id, created_at, updated_at, players, seed, options, scenario,"
                " seats, initial_events, version, revision, seen, status, has_bots)"
                " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                (
                    info.id, info.created_at or now, now, info.players, info.seed,
                    dumps(info.options),
                    None if info.scenario is None else dumps(info.scenario),
                    dumps([s.to_json() for s in info.seats]), dumps(info.initial_events),
                    h.version, h.revision, dumps(h.seen), h.status, info.has_bots,
                ),
            )
            async with conn.cursor() as cur:
                await cur.executemany(
                    "INSERT INTO tokens (hash, game_id, seat) VALUES (%s, %s, %s)",
                    [(t, info.id, seat) for t, seat in tokens],
                )

    async def find_token(self, token_hash: str) -> tuple[str, int] | None:
        async with self._pool.connection() as conn:
            cur = await conn.execute(
                "SELECT game_id, seat FROM tokens WHERE hash = %s", (token_hash,)
            )
            row = await cur.fetchone()
        return None if row is None else (str(row[0]), int(row[1]))

    _GAME_COLS = (
        "id, created_at, players, seed, options, scenario, seats, initial_events,"
        " version, revision, seen, status"
    )

    @staticmethod
    def _info(row: Any) -> GameInfo:
        return GameInfo(
            id=row[0],
            created_at=row[1],
            players=row[2],
            seed=row[3],
            options=json.loads(row[4]),
            scenario=None if row[5] is None else json.loads(row[5]),
            seats=[SeatSpec.from_json(s) for s in json.loads(row[6])],
            initial_events=json.loads(row[7]),
            head=Head(row[8], row[9], json.loads(row[10]), row[11]),
        )

    async def _get_game(self, conn: psycopg.AsyncConnection[Any], game_id: str) -> GameInfo:
        cur = await conn.execute(
            f"SELECT {self._GAME_COLS} FROM games WHERE id = %s",
            (game_id,),
        )
        row = await cur.fetchone()
        if row is None:
            raise GameNotFound(game_id)
        return self._info(row)

    async def get_game(self, game_id: str) -> GameInfo:
        async with self._pool.connection() as conn:
            return await self._get_game(conn, game_id)

    async def head(self, game_id: str) -> Head:
        async with self._pool.connection() as conn:
            cur = await conn.execute(
                "SELECT version, revision, seen, status FROM games WHERE id = %s", (game_id,)
            )
            row = await cur.fetchone()
        if row is None:
            raise GameNotFound(game_id)
        return Head(row[0], row[1], json.loads(row[2]), row[3])

    # -- the log ------------------------------------------------------------------------------

    @staticmethod
    def _row(r: Any) -> ActionRow:
        return ActionRow(r[0], r[1], json.loads(r[2]), json.loads(r[3]), json.loads(r[4]))

    async def _actions(
        self, conn: psycopg.AsyncConnection[Any], game_id: str, start: int, end: int | None
    ) -> list[ActionRow]:
        cur = await conn.execute(
            "SELECT version, seat, action, events, visible FROM actions"
            " WHERE game_id = %s AND version >= %s AND version <= %s ORDER BY version",
            (game_id, start, end if end is not None else 2**31 - 1),
        )
        return [self._row(r) for r in await cur.fetchall()]

    async def actions(
        self, game_id: str, start: int = 1, end: int | None = None
    ) -> list[ActionRow]:
        async with self._pool.connection() as conn:
            return await self._actions(conn, game_id, start, end)

    async def load(self, game_id: str, version: int | None = None) -> Loaded:
        async with self._pool.connection() as conn, conn.transaction():
            await conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            info = await self._get_game(conn, game_id)
            upto = info.head.version if version is None else min(version, info.head.version)
            cur = await conn.execute(
                "SELECT version, state FROM snapshots WHERE game_id = %s AND version <= %s"
                " ORDER BY version DESC LIMIT 1",
                (game_id, upto),
            )
            snap = await cur.fetchone()
            sv = 0 if snap is None else int(snap[0])
            actions = await self._actions(conn, game_id, sv + 1, upto)
        return Loaded(info, sv, None if snap is None else json.loads(snap[1]), actions)

    async def _move_head(
        self,
        conn: psycopg.AsyncConnection[Any],
        game_id: str,
        expected_revision: int,
        version: int,
        seen: list[int],
        status: str,
    ) -> Head:
        cur = await conn.execute(
            "UPDATE games SET version = %s, revision = revision + 1, seen = %s, status = %s,"
            " updated_at = %s WHERE id = %s AND revision = %s",
            (version, dumps(seen), status, time.time(), game_id, expected_revision),
        )
        if cur.rowcount != 1:
            cur = await conn.execute("SELECT 1 FROM games WHERE id = %s", (game_id,))
            if await cur.fetchone() is None:
                raise GameNotFound(game_id)
            raise Conflict(f"game {game_id} changed (expected revision {expected_revision})")
        revision = expected_revision + 1
        await conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{game_id}:{revision}"))
        return Head(version, revision, list(seen), status)

    # One statement (so one round trip and, in autocommit, one transaction): move the head if
    # the revision still matches, insert the action, maybe the snapshot, and notify.
    _APPEND = """
        WITH upd AS (
            UPDATE games SET version = %(version)s, revision = revision + 1, seen = %(seen)s,
                status = %(status)s, updated_at = %(now)s
            WHERE id = %(id)s AND revision = %(revision)s
            RETURNING revision
        ), ins AS (
            INSERT INTO actions (game_id, version, seat, action, events, visible, created_at)
            SELECT %(id)s, %(version)s, %(seat)s, %(action)s, %(events)s, %(visible)s, %(now)s
            FROM upd
            RETURNING version
        ), snap AS (
            INSERT INTO snapshots (game_id, version, state)
            SELECT %(id)s, %(version)s, %(state)s::text FROM ins WHERE %(state)s::text IS NOT NULL
            ON CONFLICT (game_id, version) DO UPDATE SET state = EXCLUDED.state
            RETURNING 1
        ), note AS (
            SELECT pg_notify(%(channel)s, %(id)s || ':' || upd.revision) FROM upd, ins
        )
        SELECT upd.revision, (SELECT count(*) FROM note), (SELECT count(*) FROM snap) FROM upd
    """

    async def append(
        self,
        game_id: str,
        expected_revision: int,
        row: ActionRow,
        seen: list[int],
        status: str,
        snapshot: dict[str, Any] | None = None,
    ) -> Head:
        params = {
            "id": game_id,
            "revision": expected_revision,
            "version": row.version,
            "seen": dumps(seen),
            "status": status,
            "now": time.time(),
            "seat": row.seat,
            "action": dumps(row.action),
            "events": dumps(row.events),
            "visible": dumps(row.visible),
            "state": None if snapshot is None else dumps(snapshot),
            "channel": CHANNEL,
        }
        try:
            async with self._pool.connection() as conn:
                cur = await conn.execute(self._APPEND, params)
                result = await cur.fetchone()
                if result is None:
                    cur = await conn.execute("SELECT 1 FROM games WHERE id = %s", (game_id,))
                    if await cur.fetchone() is None:
                        raise GameNotFound(game_id)
                    raise Conflict(
                        f"game {game_id} changed (expected revision {expected_revision})"
                    )
        except psycopg.errors.UniqueViolation as exc:
            raise Conflict(f"game {game_id} already has version {row.version}") from exc
        return Head(row.version, int(result[0]), list(seen), status)

    async def truncate(
        self, game_id: str, expected_revision: int, version: int, seen: list[int], status: str
    ) -> Head:
        async with self._pool.connection() as conn, conn.transaction():
            head = await self._move_head(conn, game_id, expected_revision, version, seen, status)
            await conn.execute(
                "DELETE FROM actions WHERE game_id = %s AND version > %s", (game_id, version)
            )
            await conn.execute(
                "DELETE FROM snapshots WHERE game_id = %s AND version > %s", (game_id, version)
            )
        return head

    async def active_games_with_bots(self) -> list[str]:
        async with self._pool.connection() as conn:
            cur = await conn.execute(
                "SELECT id FROM games WHERE status = 'active' AND has_bots ORDER BY updated_at"
            )
            return [str(r[0]) for r in await cur.fetchall()]

    # -- change notification (LISTEN/NOTIFY) ---------------------------------------------------

    async def subscribe(self, callback: ChangeCallback) -> None:
        ready = asyncio.Event()

        async def listen() -> None:
            delay = 0.1
            while True:
                try:
                    async with await psycopg.AsyncConnection.connect(
                        self.url, autocommit=True
                    ) as conn:
                        await conn.execute(f"LISTEN {CHANNEL}")
                        ready.set()
                        delay = 0.1
                        async for note in conn.notifies():
                            game_id, _, rev = note.payload.rpartition(":")
                            try:
                                await callback(game_id, int(rev))
                            except Exception:
                                log.exception("change callback failed for %s", game_id)
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("LISTEN connection lost; reconnecting in %.1fs", delay)
                    await asyncio.sleep(delay)
                    delay = min(delay * 2, 5.0)

        self._listener = asyncio.create_task(listen(), name="fcm-pg-listen")
        # Wait until LISTEN is active, so no change committed after subscribe() is missed.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(ready.wait(), timeout=10)
