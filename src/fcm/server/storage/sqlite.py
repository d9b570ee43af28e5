"""SQLite storage: one file, one machine (WAL mode).

Durable by default (``synchronous=FULL``): an append returns only once its commit is on disk,
so an acknowledged action survives a crash of the server or of the machine. A disk flush
costs milliseconds (8 ms median, 16 ms p99 on the development machine), so durable writes
are **group-committed**: one writer thread, with its own connection, takes every write
queued meanwhile (appends of any game, new games, undos) and runs them in one transaction,
each in its own savepoint (a lost compare-and-set rolls back that write alone), then
commits them with one flush and answers each. The event loop never waits for the disk;
reads run on its own thread on a second connection (WAL readers never wait for the writer
and see only committed data).

``durable=False`` (``FCM_UNSAFE_ASYNC_COMMIT``: ``synchronous=NORMAL``, a machine crash may
lose the last commits) runs every statement inline on the event loop's thread instead: a
transaction then takes well under a millisecond, cheaper than any thread hop.
``threaded=True`` runs the statements of that mode on one dedicated thread.

Several processes may share the file: writes are ``BEGIN IMMEDIATE`` transactions with a
compare-and-set on the game's revision, and other processes learn of changes by polling the
``changes`` table (every ``poll_interval`` seconds, 0.1 s by default): SQLite has no
notification mechanism of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import queue
import sqlite3
import threading
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import orjson

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
)

log = logging.getLogger("fcm.server.storage")
T = TypeVar("T")

CHANGES_KEPT = 10_000
CHECKPOINT_INTERVAL = 0.5  # seconds between background WAL checkpoints
GROUP_MAX = 256  # writes committed together at most


def dumps(value: Any) -> str:
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def sqlite_path(url: str) -> str:
    """``sqlite:///relative.db``, ``sqlite:////abs/path.db`` or a plain path."""
    if url.startswith("sqlite://"):
        path = url[len("sqlite://") :]
        return path[1:] if path.startswith("/") else path
    return url


class SqliteStore:
    kind = "sqlite"

    def __init__(
        self,
        path: str | Path,
        *,
        poll_interval: float = 0.1,
        threaded: bool = False,
        durable: bool = True,
    ) -> None:
        self.path = str(path)
        self.durable = durable
        self.poll_interval = poll_interval
        self._ex = (
            ThreadPoolExecutor(max_workers=1, thread_name_prefix="fcm-sqlite")
            if threaded else None
        )
        self._db: sqlite3.Connection | None = None
        self._poller: asyncio.Task[None] | None = None
        self._checkpointer: threading.Thread | None = None
        self._stop_checkpoints = threading.Event()
        self._appends = 0
        # durable mode: the writer thread, its connection and its queue of
        # (function, args, loop, future); None stops it
        self._writes: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._writer: threading.Thread | None = None
        self._wdb: sqlite3.Connection | None = None

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        if self._ex is None:
            return fn(*args)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._ex, fn, *args)

    @property
    def db(self) -> sqlite3.Connection:
        assert self._db is not None, "store is not open"
        return self._db

    # -- lifecycle -------------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA busy_timeout = 10000")
        db.execute("PRAGMA journal_mode = WAL")
        db.execute(f"PRAGMA synchronous = {'FULL' if self.durable else 'NORMAL'}")
        db.execute("PRAGMA foreign_keys = ON")
        return db

    def _open(self) -> None:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        if self.path != ":memory:":
            migrations.upgrade_sqlite(self.path)  # the schema, versioned (Alembic)
        db = self._connect()
        if self.path == ":memory:":
            migrations.upgrade_sqlite_connection(db)
        if self.path != ":memory:":
            # Checkpoints (copying the WAL into the database file, with its fsyncs) are made
            # by a background thread on its own connection, not by the COMMIT that happens to
            # cross the WAL size limit on the event loop: those took tens to hundreds of ms
            # now and then, stalling every game of the process (the p99 of actions).
            db.execute("PRAGMA wal_autocheckpoint = 0")
            self._stop_checkpoints.clear()
            self._checkpointer = threading.Thread(
                target=self._checkpoint_loop, name="fcm-sqlite-checkpoint", daemon=True
            )
            self._checkpointer.start()
        self._db = db
        if self.durable and self.path != ":memory:":
            self._wdb = self._connect()
            self._writer = threading.Thread(
                target=self._write_loop, name="fcm-sqlite-writer", daemon=True
            )
            self._writer.start()

    # -- group commit (durable mode) -----------------------------------------------------------

    def _write_loop(self) -> None:
        db = self._wdb
        assert db is not None
        while True:
            first = self._writes.get()
            if first is None:
                return
            jobs = [first]
            while len(jobs) < GROUP_MAX:
                try:
                    job = self._writes.get_nowait()
                except queue.Empty:
                    break
                if job is None:
                    self._writes.put(None)  # stop after this group
                    break
                jobs.append(job)
            results: list[tuple[Any, BaseException | None]] = []
            try:
                db.execute("BEGIN IMMEDIATE")
                for fn, args, _, _ in jobs:
                    db.execute("SAVEPOINT w")
                    try:
                        results.append((fn(db, *args), None))
                        db.execute("RELEASE w")
                    except Exception as exc:
                        db.execute("ROLLBACK TO w")
                        db.execute("RELEASE w")
                        results.append((None, exc))
                db.execute("COMMIT")  # one flush for the whole group
            except Exception as exc:  # the commit failed: nothing of the group is stored
                if db.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        db.execute("ROLLBACK")
                results = [(None, exc)] * len(jobs)
            for (_, _, loop, fut), (value, error) in zip(jobs, results, strict=True):
                loop.call_soon_threadsafe(_settle, fut, value, error)

    async def _write(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(db, *args)`` as one write, in a transaction of its own (inline) or in the
        writer's next group (durable); returns once it is committed."""
        if self._writer is None:
            return await self._run(self._write_inline, fn, *args)
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[T] = loop.create_future()
        self._writes.put((fn, args, loop, fut))
        return await fut

    def _write_inline(self, fn: Callable[..., T], *args: Any) -> T:
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            result = fn(db, *args)
            db.execute("COMMIT")
            return result
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def _checkpoint_loop(self) -> None:
        """PASSIVE checkpoints every ``CHECKPOINT_INTERVAL`` s (never blocks a writer; the
        WAL restarts from the beginning once it has all been copied)."""
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            db.execute("PRAGMA busy_timeout = 1000")
            while not self._stop_checkpoints.wait(CHECKPOINT_INTERVAL):
                try:
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                except sqlite3.Error:  # pragma: no cover - retried at the next interval
                    log.exception("WAL checkpoint failed")
        finally:
            db.close()

    async def open(self) -> None:
        await self._run(self._open)

    async def close(self) -> None:
        if self._poller is not None:
            self._poller.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._poller
            self._poller = None
        if self._writer is not None:
            self._writes.put(None)
            await asyncio.to_thread(self._writer.join)
            self._writer = None
            assert self._wdb is not None
            self._wdb.close()
            self._wdb = None
        if self._checkpointer is not None:
            self._stop_checkpoints.set()
            await asyncio.to_thread(self._checkpointer.join)
            self._checkpointer = None
        if self._db is not None:
            await self._run(self.db.close)
            self._db = None
        if self._ex is not None:
            self._ex.shutdown(wait=True)

    # -- games and tokens --------------------------------------------------------------------

    @staticmethod
    def _create_game(
        db: sqlite3.Connection, info: GameInfo, tokens: list[tuple[str, int]]
    ) -> None:
        now = time.time()
        h = info.head
        db.execute(
            "INSERT INTO games (id, created_at, updated_at, players, seed, options, scenario,"
            " seats, initial_events, version, revision, seen, status, has_bots, secret,"
            " table_opts)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                info.id, info.created_at or now, now, info.players, info.seed,
                dumps(info.options),
                None if info.scenario is None else dumps(info.scenario),
                dumps([s.to_json() for s in info.seats]), dumps(info.initial_events),
                h.version, h.revision, dumps(h.seen), h.status, int(info.has_bots),
                info.secret, dumps(info.table),
            ),
        )
        db.executemany(
            "INSERT INTO tokens (hash, game_id, seat) VALUES (?, ?, ?)",
            [(t, info.id, seat) for t, seat in tokens],
        )

    async def create_game(self, info: GameInfo, tokens: list[tuple[str, int]]) -> None:
        await self._write(self._create_game, info, tokens)

    def _find_token(self, token_hash: str) -> tuple[str, int] | None:
        row = self.db.execute(
            "SELECT game_id, seat FROM tokens WHERE hash = ?", (token_hash,)
        ).fetchone()
        return None if row is None else (str(row[0]), int(row[1]))

    async def find_token(self, token_hash: str) -> tuple[str, int] | None:
        return await self._run(self._find_token, token_hash)

    _GAME_COLS = (
        "id, created_at, players, seed, options, scenario, seats, initial_events,"
        " version, revision, seen, status, secret, table_opts"
    )

    @staticmethod
    def _info(row: tuple[Any, ...]) -> GameInfo:
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

    def _get_game(self, game_id: str) -> GameInfo:
        row = self.db.execute(
            f"SELECT {self._GAME_COLS} FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise GameNotFound(game_id)
        return self._info(row)

    async def get_game(self, game_id: str) -> GameInfo:
        return await self._run(self._get_game, game_id)

    def _head(self, game_id: str) -> Head:
        row = self.db.execute(
            "SELECT version, revision, seen, status FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise GameNotFound(game_id)
        return Head(row[0], row[1], json.loads(row[2]), row[3])

    async def head(self, game_id: str) -> Head:
        return await self._run(self._head, game_id)

    # -- the log ------------------------------------------------------------------------------

    @staticmethod
    def _row(r: tuple[Any, ...]) -> ActionRow:
        return ActionRow(r[0], r[1], json.loads(r[2]), json.loads(r[3]), json.loads(r[4]))

    def _actions(self, game_id: str, start: int, end: int | None) -> list[ActionRow]:
        rows = self.db.execute(
            "SELECT version, seat, action, events, visible FROM actions"
            " WHERE game_id = ? AND version >= ? AND version <= ? ORDER BY version",
            (game_id, start, end if end is not None else 2**62),
        ).fetchall()
        return [self._row(r) for r in rows]

    async def actions(
        self, game_id: str, start: int = 1, end: int | None = None
    ) -> list[ActionRow]:
        return await self._run(self._actions, game_id, start, end)

    def _load(self, game_id: str, version: int | None) -> Loaded:
        db = self.db
        db.execute("BEGIN")  # one consistent read
        try:
            info = self._get_game(game_id)
            upto = info.head.version if version is None else min(version, info.head.version)
            snap = db.execute(
                "SELECT version, state FROM snapshots WHERE game_id = ? AND version <= ?"
                " ORDER BY version DESC LIMIT 1",
                (game_id, upto),
            ).fetchone()
            sv = 0 if snap is None else int(snap[0])
            actions = self._actions(game_id, sv + 1, upto)
        finally:
            db.execute("COMMIT")
        return Loaded(info, sv, None if snap is None else json.loads(snap[1]), actions)

    async def load(self, game_id: str, version: int | None = None) -> Loaded:
        return await self._run(self._load, game_id, version)

    @staticmethod
    def _move_head(
        db: sqlite3.Connection,
        game_id: str,
        expected_revision: int,
        version: int,
        seen: list[int],
        status: str,
    ) -> Head:
        cur = db.execute(
            "UPDATE games SET version = ?, revision = revision + 1, seen = ?, status = ?,"
            " updated_at = ? WHERE id = ? AND revision = ?",
            (version, dumps(seen), status, time.time(), game_id, expected_revision),
        )
        if cur.rowcount != 1:
            if db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
                raise GameNotFound(game_id)
            raise Conflict(f"game {game_id} changed (expected revision {expected_revision})")
        revision = expected_revision + 1
        db.execute(
            "INSERT INTO changes (game_id, revision) VALUES (?, ?)", (game_id, revision)
        )
        return Head(version, revision, list(seen), status)

    def _append(
        self,
        db: sqlite3.Connection,
        game_id: str,
        expected_revision: int,
        row: ActionRow,
        seen: list[int],
        status: str,
        snapshot: dict[str, Any] | None,
    ) -> Head:
        head = self._move_head(db, game_id, expected_revision, row.version, seen, status)
        try:
            db.execute(
                "INSERT INTO actions (game_id, version, seat, action, events, visible,"
                " created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id, row.version, row.seat, dumps(row.action), dumps(row.events),
                    dumps(row.visible), time.time(),
                ),
            )
        except sqlite3.IntegrityError as exc:
            raise Conflict(f"game {game_id} already has version {row.version}") from exc
        if snapshot is not None:
            db.execute(
                "INSERT OR REPLACE INTO snapshots (game_id, version, state) VALUES (?, ?, ?)",
                (game_id, row.version, dumps(snapshot)),
            )
        self._appends += 1
        if self._appends % 1000 == 0:
            db.execute(
                "DELETE FROM changes WHERE seq < (SELECT MAX(seq) FROM changes) - ?",
                (CHANGES_KEPT,),
            )
        return head

    async def append(
        self,
        game_id: str,
        expected_revision: int,
        row: ActionRow,
        seen: list[int],
        status: str,
        snapshot: dict[str, Any] | None = None,
    ) -> Head:
        return await self._write(
            self._append, game_id, expected_revision, row, seen, status, snapshot
        )

    def _truncate(
        self,
        db: sqlite3.Connection,
        game_id: str,
        expected_revision: int,
        version: int,
        seen: list[int],
        status: str,
    ) -> Head:
        head = self._move_head(db, game_id, expected_revision, version, seen, status)
        db.execute("DELETE FROM actions WHERE game_id = ? AND version > ?", (game_id, version))
        db.execute("DELETE FROM snapshots WHERE game_id = ? AND version > ?", (game_id, version))
        return head

    async def truncate(
        self, game_id: str, expected_revision: int, version: int, seen: list[int], status: str
    ) -> Head:
        return await self._write(
            self._truncate, game_id, expected_revision, version, seen, status
        )

    def _active_games_with_bots(self) -> list[str]:
        rows = self.db.execute(
            "SELECT id FROM games WHERE status = 'active' AND has_bots = 1 ORDER BY updated_at"
        ).fetchall()
        return [str(r[0]) for r in rows]

    async def active_games_with_bots(self) -> list[str]:
        return await self._run(self._active_games_with_bots)

    # -- transactions of the satellites (accounts, clocks, ...) ---------------------------------

    def _read_tx(self, fn: Callable[[Any], T]) -> T:
        db = self.db
        db.execute("BEGIN")  # one consistent read
        try:
            return fn(db)
        finally:
            db.execute("COMMIT")

    @staticmethod
    def _call(db: sqlite3.Connection, fn: Callable[[Any], T]) -> T:
        return fn(db)  # a sqlite3 connection is a Tx (``?`` placeholders, cursors)

    async def transact(self, fn: Callable[[Any], T], *, write: bool = True) -> T:
        if not write:
            return await self._run(self._read_tx, fn)
        return await self._write(self._call, fn)

    # -- change notification (polling) ---------------------------------------------------------

    def _last_seq(self) -> int:
        row = self.db.execute("SELECT COALESCE(MAX(seq), 0) FROM changes").fetchone()
        return int(row[0])

    def _changes(self, after: int) -> list[tuple[int, str, int]]:
        rows = self.db.execute(
            "SELECT seq, game_id, revision FROM changes WHERE seq > ? ORDER BY seq LIMIT 1000",
            (after,),
        ).fetchall()
        return [(int(a), str(b), int(c)) for a, b, c in rows]

    async def subscribe(
        self, callback: ChangeCallback, on_gap: Callable[[], Awaitable[None]] | None = None
    ) -> None:
        cursor = await self._run(self._last_seq)

        async def poll() -> None:
            nonlocal cursor
            while True:
                await asyncio.sleep(self.poll_interval)
                try:
                    changes = await self._run(self._changes, cursor)
                except Exception:  # pragma: no cover - logged and retried
                    log.exception("polling the change table failed")
                    continue
                latest: dict[str, int] = {}
                for seq, game_id, revision in changes:
                    cursor = max(cursor, seq)
                    latest[game_id] = max(revision, latest.get(game_id, 0))
                for game_id, revision in latest.items():
                    try:
                        await callback(game_id, revision)
                    except Exception:  # pragma: no cover
                        log.exception("change callback failed for %s", game_id)

        self._poller = asyncio.create_task(poll(), name="fcm-sqlite-poll")


def _settle(fut: asyncio.Future[Any], value: Any, error: BaseException | None) -> None:
    if fut.done():  # the waiter was cancelled (the write is committed or not all the same)
        return
    if error is not None:
        fut.set_exception(error)
    else:
        fut.set_result(value)
