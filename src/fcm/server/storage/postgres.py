"""PostgreSQL storage (psycopg 3, async): several server processes share one database.

Appends and undos are one transaction each, with a compare-and-set on the game's revision and
a unique ``(game_id, version)`` key on the log. Once it is committed,
``NOTIFY fcm_changes, '<game_id>:<revision>'`` is sent to every process that listens (each
process keeps one extra connection for ``LISTEN``), so a WebSocket client on any process
learns of every change. The notification is not part of the append's transaction: a
transaction that notifies holds PostgreSQL's one notification lock through its commit, WAL
flush included, so durable appends that notified were committed one at a time (20 games
appending at once: 116 ms median per append, measured). Notifications go through one
notifier connection instead (``synchronous_commit`` off there: a notification is not data),
several in one statement. If the process dies between a commit and its notification, other
processes see the change at their next use of the game (the compare-and-set of an action)
or when their LISTEN connection reconnects, not at once.

Durable by default: commits wait for the WAL flush (``synchronous_commit`` on; PostgreSQL
flushes concurrent commits together, so the pool's connections group-commit). Only
``durable=False`` (``FCM_UNSAFE_ASYNC_COMMIT``) turns it off for this store's sessions.

A restart of PostgreSQL (or ``pg_terminate_backend``) leaves the pooled connections dead.
Each connection is checked as it leaves the pool (free while its socket is quiet; a dead
server leaves EOF or its FATAL message there), reads are retried once on a lost
connection, and a write whose connection fails raises :class:`StoreUnavailable` (its
outcome is unknown: the caller must reload before trusting its copy of the game).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import select
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

import orjson
import psycopg
from psycopg import sql
from psycopg_pool import AsyncConnectionPool, ConnectionPool, PoolTimeout

from fcm.server import migrations
from fcm.server.storage.base import (
    ActionRow,
    ChangeCallback,
    Conflict,
    GameInfo,
    GameNotFound,
    Head,
    Loaded,
    SeatSpec,
    StoreUnavailable,
)

log = logging.getLogger("fcm.server.storage")

T = TypeVar("T")
CHANNEL = "fcm_changes"

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
        max_size: int = 16,
        durable: bool = True,
        timeout: float = 10.0,
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
            check=_check_connection,
            timeout=timeout,  # waiting for a connection (PostgreSQL down): then unavailable
            kwargs={"autocommit": True},
        )
        # The satellites' transactions (Store.transact): plain synchronous SQL in a thread.
        self._sync_pool = ConnectionPool(
            url, min_size=0, max_size=4, open=False, configure=self._configure_sync,
            check=ConnectionPool.check_connection, timeout=timeout,
        )
        self._listener: asyncio.Task[None] | None = None
        self._notes: asyncio.Queue[str] = asyncio.Queue()
        self._notifier: asyncio.Task[None] | None = None

    async def _configure(self, conn: psycopg.AsyncConnection[Any]) -> None:
        if not self.durable:  # see Settings.unsafe_async_commit
            await conn.execute("SET synchronous_commit TO off")
        else:
            cur = await conn.execute("SHOW synchronous_commit")
            row = await cur.fetchone()
            if row is not None and row[0] == "off":  # off in the server's configuration
                await conn.execute("SET synchronous_commit TO on")
        if self.schema:
            await conn.execute(sql.SQL("SET search_path TO {}").format(sql.Identifier(self.schema)))

    def _configure_sync(self, conn: psycopg.Connection[Any]) -> None:
        conn.autocommit = True
        if not self.durable:
            conn.execute("SET synchronous_commit TO off")
        else:
            conn.execute("SET synchronous_commit TO on")
        if self.schema:
            conn.execute(sql.SQL("SET search_path TO {}").format(sql.Identifier(self.schema)))
        conn.autocommit = False

    # -- lifecycle -------------------------------------------------------------------------

    async def open(self) -> None:
        # The schema, versioned (Alembic; one process at a time, under an advisory lock).
        await asyncio.to_thread(migrations.upgrade_postgres, self.url, self.schema)
        await self._pool.open(wait=True)
        await asyncio.to_thread(self._sync_pool.open)
        self._notifier = asyncio.create_task(self._notify_loop(), name="fcm-pg-notify")

    def _notify(self, game_id: str, revision: int) -> None:
        self._notes.put_nowait(f"{game_id}:{revision}")

    async def _notify_loop(self) -> None:
        """Send the queued notifications, all that are waiting in one statement."""
        conn: psycopg.AsyncConnection[Any] | None = None
        delay = 0.1
        batch: list[str] = []
        while True:
            if not batch:
                batch = [await self._notes.get()]
            while not self._notes.empty() and len(batch) < 500:
                batch.append(self._notes.get_nowait())
            try:
                if conn is None or conn.closed:
                    conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
                    await conn.execute("SET synchronous_commit TO off")
                await conn.execute(
                    "SELECT pg_notify(%s, note) FROM unnest(%s::text[]) AS note",
                    (CHANNEL, batch),
                )
                batch, delay = [], 0.1
            except asyncio.CancelledError:
                if conn is not None:
                    await conn.close()
                raise
            except Exception:
                log.warning("could not send %d change notifications; retrying in %.1fs",
                            len(batch), delay)
                if conn is not None:
                    with contextlib.suppress(Exception):
                        await conn.close()
                conn = None
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)

    async def close(self) -> None:
        if self._notifier is not None:
            for _ in range(50):  # let the last notifications go out
                if self._notes.empty():
                    break
                await asyncio.sleep(0.01)
            self._notifier.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._notifier
            self._notifier = None
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._listener
            self._listener = None
        await self._pool.close()
        await asyncio.to_thread(self._sync_pool.close)

    @contextlib.asynccontextmanager
    async def _connection(self) -> AsyncIterator[psycopg.AsyncConnection[Any]]:
        """A pooled connection; a lost connection or an unreachable server is
        StoreUnavailable."""
        try:
            async with self._pool.connection() as conn:
                yield conn
        except (psycopg.OperationalError, PoolTimeout) as exc:
            raise StoreUnavailable(f"PostgreSQL is unavailable: {type(exc).__name__}") from exc

    async def _read(self, fn: Callable[[psycopg.AsyncConnection[Any]], Awaitable[T]]) -> T:
        """Run a read, once more on a fresh connection if its connection was lost (reads are
        idempotent)."""
        try:
            async with self._connection() as conn:
                return await fn(conn)
        except StoreUnavailable as exc:
            if isinstance(exc.__cause__, PoolTimeout):
                raise
        async with self._connection() as conn:
            return await fn(conn)

    # -- games and tokens --------------------------------------------------------------------

    async def create_game(self, info: GameInfo, tokens: list[tuple[str, int]]) -> None:
        now = time.time()
        h = info.head
        async with self._connection() as conn, conn.transaction():
            await conn.execute(
                "INSERT INTO games (id, created_at, updated_at, players, seed, options, scenario,"
                " seats, initial_events, version, revision, seen, status, has_bots, secret,"
                " table_opts)"
                " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                (
                    info.id, info.created_at or now, now, info.players, info.seed,
                    dumps(info.options),
                    None if info.scenario is None else dumps(info.scenario),
                    dumps([s.to_json() for s in info.seats]), dumps(info.initial_events),
                    h.version, h.revision, dumps(h.seen), h.status, info.has_bots,
                    info.secret, dumps(info.table),
                ),
            )
            async with conn.cursor() as cur:
                await cur.executemany(
                    "INSERT INTO tokens (hash, game_id, seat) VALUES (%s, %s, %s)",
                    [(t, info.id, seat) for t, seat in tokens],
                )

    async def find_token(self, token_hash: str) -> tuple[str, int] | None:
        async def read(conn: psycopg.AsyncConnection[Any]) -> Any:
            cur = await conn.execute(
                "SELECT game_id, seat FROM tokens WHERE hash = %s", (token_hash,)
            )
            return await cur.fetchone()

        row = await self._read(read)
        return None if row is None else (str(row[0]), int(row[1]))

    _GAME_COLS = (
        "id, created_at, players, seed, options, scenario, seats, initial_events,"
        " version, revision, seen, status, secret, table_opts"
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
            secret=row[12],
            table={} if row[13] is None else json.loads(row[13]),
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
        return await self._read(lambda conn: self._get_game(conn, game_id))

    async def head(self, game_id: str) -> Head:
        async def read(conn: psycopg.AsyncConnection[Any]) -> Any:
            cur = await conn.execute(
                "SELECT version, revision, seen, status FROM games WHERE id = %s", (game_id,)
            )
            return await cur.fetchone()

        row = await self._read(read)
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
        return await self._read(lambda conn: self._actions(conn, game_id, start, end))

    async def load(self, game_id: str, version: int | None = None) -> Loaded:
        async def read(conn: psycopg.AsyncConnection[Any]) -> Loaded:
            async with conn.transaction():
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

        return await self._read(read)

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
        return Head(version, expected_revision + 1, list(seen), status)

    # One statement (so one round trip and, in autocommit, one transaction): move the head if
    # the revision still matches, insert the action and maybe the snapshot.
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
        )
        SELECT upd.revision, (SELECT count(*) FROM ins), (SELECT count(*) FROM snap) FROM upd
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
        }
        try:
            async with self._connection() as conn:
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
        self._notify(game_id, int(result[0]))
        return Head(row.version, int(result[0]), list(seen), status)

    async def truncate(
        self, game_id: str, expected_revision: int, version: int, seen: list[int], status: str
    ) -> Head:
        async with self._connection() as conn, conn.transaction():
            head = await self._move_head(conn, game_id, expected_revision, version, seen, status)
            await conn.execute(
                "DELETE FROM actions WHERE game_id = %s AND version > %s", (game_id, version)
            )
            await conn.execute(
                "DELETE FROM snapshots WHERE game_id = %s AND version > %s", (game_id, version)
            )
        self._notify(game_id, head.revision)
        return head

    async def active_games_with_bots(self) -> list[str]:
        async def read(conn: psycopg.AsyncConnection[Any]) -> list[str]:
            cur = await conn.execute(
                "SELECT id FROM games WHERE status = 'active' AND has_bots ORDER BY updated_at"
            )
            return [str(r[0]) for r in await cur.fetchall()]

        return await self._read(read)

    # -- transactions of the satellites (accounts, clocks, ...) ---------------------------------

    def _transact(self, fn: Callable[[Any], T]) -> T:
        try:
            with self._sync_pool.connection() as conn:  # committed, or rolled back on error
                return fn(_PgTx(conn))
        except (psycopg.OperationalError, PoolTimeout) as exc:
            raise StoreUnavailable(f"PostgreSQL is unavailable: {type(exc).__name__}") from exc

    async def transact(self, fn: Callable[[Any], T], *, write: bool = True) -> T:
        return await asyncio.to_thread(self._transact, fn)

    # -- change notification (LISTEN/NOTIFY) ---------------------------------------------------

    async def subscribe(
        self, callback: ChangeCallback, on_gap: Callable[[], Awaitable[None]] | None = None
    ) -> None:
        ready = asyncio.Event()

        async def listen() -> None:
            delay = 0.1
            while True:
                try:
                    async with await psycopg.AsyncConnection.connect(
                        self.url, autocommit=True
                    ) as conn:
                        await conn.execute(f"LISTEN {CHANNEL}")
                        if ready.is_set() and on_gap is not None:
                            # Notifications may have been missed while the connection was
                            # down (and PostgreSQL may have restarted): recheck every game.
                            await on_gap()
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


class _PgTx:
    """A Tx over a psycopg connection: the portable ``?`` placeholders become ``%s``."""

    def __init__(self, conn: psycopg.Connection[Any]) -> None:
        self.conn = conn

    def execute(self, query: str, params: Any = ()) -> Any:
        return self.conn.execute(query.replace("?", "%s"), tuple(params))


async def _check_connection(conn: psycopg.AsyncConnection[Any]) -> None:
    """The pool's check as a connection leaves it: free while the idle socket is quiet; if
    something is waiting there (EOF, or the FATAL message of a terminated backend), one
    round trip decides (an error discards the connection and the pool opens another)."""
    if conn.closed or conn.broken:
        raise psycopg.OperationalError("the connection is closed")
    readable, _, _ = select.select([conn.fileno()], [], [], 0)
    if readable:
        await conn.execute("")
