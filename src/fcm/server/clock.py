"""Turn timers: a time limit per decision, chosen when the game is created, and what happens
when it runs out (a bot plays that decision, or takes the seat for the rest of the game).

A *decision* is a stretch of time during which a human seat is among the game's current
actors: its deadline starts when the seat becomes an actor and ends when it stops being one
(a turn of several actions is one decision). Deadlines live in the database (``deadlines``),
set after every change by the process that saw it (the store's ``transact``; a sync for an
older revision than the clock's last one is skipped), so they survive a restart.

The scheduler (:meth:`Clocks.tick`) reads the deadlines that are due and takes each with a
conditional ``UPDATE`` (a lease: ``lease_until < now``): of several server processes on one
database exactly one acts on a deadline, and another takes over only if the lease runs out
(the process died). Each deadline acted on is written to ``timeouts``. The bot's moves go
through the master pipeline like any action (compare-and-set on the game's revision).

Time is injected (``now``): tests move it, nothing sleeps. ``FCM_TEST_CLOCK_FILE`` makes a
server process read the time from a file (the multi-process tests).

Pausing needs every human seat's consent (each asks; the clock stops once all have);
any human seat may restart it, and each deadline resumes with the time it had left.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from fastapi import APIRouter, FastAPI, Request
from pydantic import BaseModel, ConfigDict, Field

from fcm.core.engine import current_actors, legal_actions
from fcm.core.views import view
from fcm.server.config import Settings
from fcm.server.errors import ApiError
from fcm.server.match import BotMoveOutdated, LiveGame, MatchService, bot_secret, bot_seed
from fcm.server.storage import SPECTATOR, Tx
from fcm.server.ticker import Ticker

log = logging.getLogger("fcm.server.clock")

# The limits offered, by name (seconds; "none": no clock).
LIMITS: dict[str, int | None] = {
    "5m": 300, "10m": 600, "20m": 1200, "1h": 3600, "12h": 12 * 3600,
    "1d": 86400, "2d": 2 * 86400, "3d": 3 * 86400, "5d": 5 * 86400, "none": None,
}
LimitName = Literal["5m", "10m", "20m", "1h", "12h", "1d", "2d", "3d", "5d", "none"]
Fallback = Literal["bot_move", "bot_takeover"]
LEASE_SECONDS = 120.0  # a process acting on a deadline holds it this long at most
MAX_FALLBACK_MOVES = 400  # moves a bot makes for one timed-out decision, at most
FALLBACK_THINK_MS = 1000


class ClockIn(BaseModel):
    """The clock of a new game (``POST /api/games``, field ``clock``)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    limit: LimitName = Field(..., description="time per decision: 5m 10m 20m 1h 12h 1d 2d 3d 5d "
                             "or none")
    fallback: Fallback = Field("bot_move", description="when it runs out: a bot plays that "
                               "decision (bot_move) or the seat for the rest of the game "
                               "(bot_takeover)")
    bot: Literal["random", "easy", "medium", "hard"] = "easy"


class PauseIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    pause: bool


@dataclass(slots=True, frozen=True)
class ClockConfig:
    per_decision: int
    fallback: str
    bot: str

    @property
    def limit_name(self) -> str:
        return next((k for k, v in LIMITS.items() if v == self.per_decision), "custom")


def file_clock(path: str) -> Callable[[], float]:
    """The time as written in ``path`` (tests), else the real time."""

    last: list[float] = []

    def now() -> float:
        # a read that races the test rewriting the file keeps the last time read
        with contextlib.suppress(OSError, ValueError), open(path) as f:
            last[:] = [float(f.read().strip())]
        return last[0] if last else time.time()

    return now


def human_actors(live: LiveGame) -> frozenset[int]:
    if live.head.status != "active":
        return frozenset()
    return frozenset(a for a in current_actors(live.state) if live.info.seats[a].kind == "human")


class Clocks:
    """The clocks of one server process: deadline bookkeeping and the scheduler."""

    def __init__(
        self, service: MatchService, settings: Settings | None = None,
        now: Callable[[], float] | None = None,
    ) -> None:
        self.service = service
        self.store = service.store
        self.settings = settings or Settings()
        if now is None:
            now = file_clock(self.settings.test_clock_file) if self.settings.test_clock_file \
                else time.time
        self.now = now
        self.owner = f"{os.getpid()}-{secrets.token_hex(4)}"  # this process, in leases
        self._configs: dict[str, ClockConfig | None] = {}
        self._memory: dict[str, tuple[int, frozenset[int]]] = {}
        self._jobs: dict[str, list[tuple[int, frozenset[int], frozenset[int] | None]]] = {}
        self._workers: dict[str, asyncio.Task[None]] = {}
        self._ticker: Ticker | None = None
        self._wake = asyncio.Event()  # a deadline due now: tick at once
        previous = service.on_change

        def on_change(live: LiveGame) -> None:
            previous(live)
            self._on_change(live)

        service.on_change = on_change

    # -- configuration -------------------------------------------------------------------------

    async def configure(self, live: LiveGame, clock: ClockIn) -> None:
        """Store a new game's clock (no row: an untimed game)."""
        limit = LIMITS[clock.limit]
        if limit is None:
            self._configs[live.id] = None
            return
        cfg = ClockConfig(limit, clock.fallback, clock.bot)

        def insert(tx: Tx) -> None:
            tx.execute(
                "INSERT INTO clocks (game_id, per_decision, fallback, bot, revision, paused_at,"
                " pause_votes, taken_over) VALUES (?, ?, ?, ?, ?, NULL, '[]', '[]')",
                (live.id, cfg.per_decision, cfg.fallback, cfg.bot, -1),
            )

        await self.store.transact(insert)
        self._configs[live.id] = cfg
        self._on_change(live)

    async def config(self, game_id: str) -> ClockConfig | None:
        if game_id in self._configs:
            return self._configs[game_id]

        def find(tx: Tx) -> Any:
            return tx.execute(
                "SELECT per_decision, fallback, bot FROM clocks WHERE game_id = ?", (game_id,)
            ).fetchone()

        row = await self.store.transact(find, write=False)
        cfg = None if row is None else ClockConfig(int(row[0]), str(row[1]), str(row[2]))
        self._configs.setdefault(game_id, cfg)
        return self._configs[game_id]

    # -- deadlines after every change ----------------------------------------------------------

    def _on_change(self, live: LiveGame) -> None:
        gid = live.id
        if gid in self._configs and self._configs[gid] is None:
            return  # an untimed game: nothing to do, ever
        revision = live.head.revision
        actors = human_actors(live)
        prev = self._memory.get(gid)
        self._memory[gid] = (revision, actors)
        # Which seats began a new decision: known when this process saw the previous change;
        # else (a gap) None, and the deadlines of seats still deciding are kept.
        started = actors - prev[1] if prev is not None and prev[0] == revision - 1 else None
        self._jobs.setdefault(gid, []).append((revision, actors, started))
        if gid not in self._workers:
            self._workers[gid] = asyncio.get_running_loop().create_task(self._work(gid))

    async def _work(self, gid: str) -> None:
        try:
            while self._jobs.get(gid):
                revision, actors, started = self._jobs[gid].pop(0)
                try:
                    if await self._sync(gid, revision, actors, started):
                        self._wake.set()  # a seat the bot has taken over: play it now
                except Exception:
                    log.exception("could not set the deadlines of game %s", gid)
        finally:
            self._workers.pop(gid, None)
            self._jobs.pop(gid, None)

    async def _sync(
        self, gid: str, revision: int, actors: frozenset[int], started: frozenset[int] | None
    ) -> bool:
        cfg = await self.config(gid)
        if cfg is None:
            return False
        now, per_decision = self.now(), cfg.per_decision

        def sync(tx: Tx) -> bool:
            # the conditional UPDATE orders the syncs of one game (and locks its row)
            if tx.execute(
                "UPDATE clocks SET revision = ? WHERE game_id = ? AND revision <= ?",
                (revision, gid, revision),
            ).rowcount != 1:
                return False  # a newer change has been synced already
            row = tx.execute(
                "SELECT paused_at, taken_over FROM clocks WHERE game_id = ?", (gid,)
            ).fetchone()
            paused, taken = row[0] is not None, set(json.loads(row[1]))
            keep = sorted(actors)
            marks = ", ".join("?" for _ in keep)
            tx.execute(
                "DELETE FROM deadlines WHERE game_id = ? AND revision <= ?"
                + (f" AND seat NOT IN ({marks})" if keep else ""),
                (gid, revision, *keep),
            )
            for seat in keep:
                limit = 0 if seat in taken else per_decision
                due, remaining = (None, float(limit)) if paused else (now + limit, None)
                values = (gid, seat, revision, now, due, remaining)
                insert = (
                    "INSERT INTO deadlines (game_id, seat, revision, started_at, due_at,"
                    " remaining, lease_until, lease_owner) VALUES (?, ?, ?, ?, ?, ?, 0, NULL)"
                    " ON CONFLICT (game_id, seat) DO "
                )
                if started is not None and seat in started:
                    tx.execute(
                        insert + "UPDATE SET revision = excluded.revision,"
                        " started_at = excluded.started_at, due_at = excluded.due_at,"
                        " remaining = excluded.remaining, lease_until = 0, lease_owner = NULL"
                        " WHERE deadlines.revision < excluded.revision", values,
                    )
                else:
                    tx.execute(insert + "NOTHING", values)
            return any(seat in taken for seat in keep)

        return await self.store.transact(sync)

    async def idle(self) -> None:
        """Wait until every deadline sync queued so far is written (tests)."""
        while self._workers:
            await asyncio.gather(*list(self._workers.values()), return_exceptions=True)

    # -- the scheduler -------------------------------------------------------------------------

    async def start(self) -> None:
        self._ticker = Ticker("fcm-clock", self.tick, self.settings.clock_interval, self._wake)
        self._ticker.start()

    async def stop(self) -> None:
        if self._ticker is not None:
            await self._ticker.stop()
            self._ticker = None
        for task in list(self._workers.values()):
            task.cancel()

    async def tick(self) -> int:
        """Act on every deadline that is due now; returns how many this process took."""
        now = self.now()

        def due(tx: Tx) -> list[Any]:
            return list(tx.execute(
                "SELECT game_id, seat, due_at FROM deadlines WHERE due_at IS NOT NULL"
                " AND due_at <= ? AND lease_until < ? ORDER BY due_at LIMIT 50", (now, now),
            ).fetchall())

        taken = 0
        for gid, seat, due_at in await self.store.transact(due, write=False):
            try:  # one game's failure must not hold up the other deadlines
                claimed = await self._claim(str(gid), int(seat), float(due_at), now)
            except Exception:
                log.exception("the deadline of game %s seat %s could not be claimed", gid, seat)
                continue
            if claimed:
                taken += 1
                try:
                    await self._fallback(str(gid), int(seat))
                except Exception:
                    log.exception("the fallback of game %s seat %s failed", gid, seat)
        return taken

    async def _claim(self, gid: str, seat: int, due_at: float, now: float) -> bool:
        cfg = await self.config(gid)
        fallback = cfg.fallback if cfg is not None else "bot_move"

        def claim(tx: Tx) -> bool:
            # the clock's row first, as the deadline sync locks it (PostgreSQL: one lock
            # order, no deadlock between a sync and a claim)
            tx.execute("UPDATE clocks SET revision = revision WHERE game_id = ?", (gid,))
            cur = tx.execute(
                "UPDATE deadlines SET lease_until = ?, lease_owner = ? WHERE game_id = ?"
                " AND seat = ? AND due_at = ? AND lease_until < ?",
                (now + LEASE_SECONDS, self.owner, gid, seat, due_at, now),
            )
            if cur.rowcount != 1:
                return False  # another process has it
            # A deadline this process acted on may be claimed again once its lease ends: the
            # seat still decides (a taken-over seat whose row a sync kept, after a gap in the
            # changes this process saw). The bot acts again; the timeout is recorded once.
            tx.execute(
                "INSERT INTO timeouts (game_id, seat, due_at, owner, acted_at, fallback)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (gid, seat, due_at, self.owner, now, fallback),
            )
            if fallback == "bot_takeover":
                row = tx.execute("SELECT taken_over FROM clocks WHERE game_id = ?",
                                 (gid,)).fetchone()
                if row is not None:
                    seats = sorted(set(json.loads(row[0])) | {seat})
                    tx.execute("UPDATE clocks SET taken_over = ? WHERE game_id = ?",
                               (json.dumps(seats), gid))
            return True

        return await self.store.transact(claim)

    async def _fallback(self, gid: str, seat: int) -> int:
        """The bot plays ``seat``'s decision (until the seat no longer decides)."""
        from fcm.server.bots import bot_choice

        cfg = await self.config(gid)
        bot = cfg.bot if cfg is not None else "easy"
        live = await self.service.get(gid)
        await self.service.on_remote_change(gid, 2**62)  # catch up with the store first
        moves = failures = outdated = 0
        while moves < MAX_FALLBACK_MOVES and failures < 5 and outdated < MAX_FALLBACK_MOVES:
            if seat not in human_actors(live):
                break
            revision = live.head.revision
            seed = bot_seed(bot_secret(live.info), seat, live.head.version)
            args = (bot, seed, view(live.state, seat), seat, legal_actions(live.state, seat),
                    FALLBACK_THINK_MS)
            if bot == "random":
                action = bot_choice(*args)
            else:
                action = await asyncio.to_thread(bot_choice, *args)
            async with live.lock:
                if live.head.revision != revision:
                    outdated += 1  # another seat acted while the bot thought: think again
                    continue
                try:
                    # the master pipeline, as for a bot seat (compare-and-set on the revision)
                    await self.service._commit(live, seat, action, expected_seen=None,
                                               timer_bot=bot)
                except BotMoveOutdated:
                    outdated += 1
                    continue
                except ApiError as exc:
                    log.error("fallback move failed in game %s seat %s: %s", gid, seat,
                              exc.message)
                    failures += 1
                    continue
            moves += 1
        log.info("game %s: seat %s ran out of time; the %s bot made %d moves", gid, seat,
                 bot, moves)
        if failures < 5 and seat in human_actors(live):
            # still deciding (a simultaneous phase outran the bot): no lease may hold the
            # seat up; the next tick plays on (a failing bot keeps its lease: a pause)
            await self._release(gid, seat)
        return moves

    async def _release(self, gid: str, seat: int) -> None:
        def release(tx: Tx) -> None:
            tx.execute("UPDATE deadlines SET lease_until = 0, lease_owner = NULL"
                       " WHERE game_id = ? AND seat = ? AND lease_owner = ?",
                       (gid, seat, self.owner))

        await self.store.transact(release)
        self._wake.set()

    # -- pausing -------------------------------------------------------------------------------

    async def vote(self, live: LiveGame, seat: int, pause: bool) -> dict[str, Any]:
        """A human seat asks to pause (the clock stops once every human seat has) or to run
        again (any seat; each deadline gets back the time it had left)."""
        if await self.config(live.id) is None:
            raise ApiError(409, "clock/none", "this game has no clock")
        if seat == SPECTATOR or live.info.seats[seat].kind != "human":
            raise ApiError(403, "auth/spectator", "only a human seat can pause the clock")
        humans = {i for i, s in enumerate(live.info.seats) if s.kind == "human"}
        now = self.now()
        gid = live.id

        def vote(tx: Tx) -> None:
            tx.execute("UPDATE clocks SET revision = revision WHERE game_id = ?", (gid,))  # lock
            row = tx.execute("SELECT paused_at, pause_votes FROM clocks WHERE game_id = ?",
                             (gid,)).fetchone()
            paused_at, votes = row[0], set(json.loads(row[1]))
            if pause:
                votes.add(seat)
                if paused_at is None and humans <= votes:
                    paused_at = now
                    for s, due in tx.execute(
                        "SELECT seat, due_at FROM deadlines WHERE game_id = ?"
                        " AND due_at IS NOT NULL", (gid,),
                    ).fetchall():
                        tx.execute(
                            "UPDATE deadlines SET due_at = NULL, remaining = ?"
                            " WHERE game_id = ? AND seat = ?", (max(0.0, due - now), gid, s),
                        )
            else:
                votes.discard(seat)
                if paused_at is not None:
                    paused_at, votes = None, set()
                    for s, remaining in tx.execute(
                        "SELECT seat, remaining FROM deadlines WHERE game_id = ?"
                        " AND remaining IS NOT NULL", (gid,),
                    ).fetchall():
                        tx.execute(
                            "UPDATE deadlines SET due_at = ?, remaining = NULL"
                            " WHERE game_id = ? AND seat = ?", (now + remaining, gid, s),
                        )
            tx.execute("UPDATE clocks SET paused_at = ?, pause_votes = ? WHERE game_id = ?",
                       (paused_at, json.dumps(sorted(votes)), gid))

        await self.store.transact(vote)
        self._wake.set()
        return await self.status(gid)

    async def reclaim(self, live: LiveGame, seat: int) -> dict[str, Any]:
        """The seat's player takes back the seat the bot took over (``bot_takeover``): its
        decisions are its own again, each with the whole time per decision from now."""
        cfg = await self.config(live.id)
        if cfg is None:
            raise ApiError(409, "clock/none", "this game has no clock")
        if seat == SPECTATOR or live.info.seats[seat].kind != "human":
            raise ApiError(403, "auth/spectator", "only a human seat can take its seat back")
        now, gid = self.now(), live.id

        def reclaim(tx: Tx) -> bool:
            tx.execute("UPDATE clocks SET revision = revision WHERE game_id = ?", (gid,))  # lock
            row = tx.execute("SELECT paused_at, taken_over FROM clocks WHERE game_id = ?",
                             (gid,)).fetchone()
            taken = set(json.loads(row[1]))
            if seat not in taken:
                return False
            tx.execute("UPDATE clocks SET taken_over = ? WHERE game_id = ?",
                       (json.dumps(sorted(taken - {seat})), gid))
            # a decision the bot has not begun yet: the player's, with the whole time
            due, remaining = ((None, float(cfg.per_decision)) if row[0] is not None
                              else (now + cfg.per_decision, None))
            tx.execute(
                "UPDATE deadlines SET due_at = ?, remaining = ?, started_at = ?"
                " WHERE game_id = ? AND seat = ? AND lease_until < ?",
                (due, remaining, now, gid, seat, now),
            )
            return True

        if not await self.store.transact(reclaim):
            raise ApiError(409, "clock/not_taken_over",
                           "no bot has taken this seat over: it is yours already")
        log.info("game %s: seat %s was taken back from the bot", gid, seat)
        return await self.status(gid)

    # -- reading -------------------------------------------------------------------------------

    async def status(self, gid: str) -> dict[str, Any]:
        """The clock as everyone sees it (``GET /api/games/{id}/clock``)."""
        cfg = await self.config(gid)
        now = self.now()
        if cfg is None:
            return {"game": gid, "limit": "none", "seconds": None, "now": now}

        def read(tx: Tx) -> tuple[Any, list[Any]]:
            row = tx.execute(
                "SELECT paused_at, pause_votes, taken_over FROM clocks WHERE game_id = ?",
                (gid,),
            ).fetchone()
            rows = tx.execute(
                "SELECT seat, started_at, due_at, remaining FROM deadlines WHERE game_id = ?"
                " ORDER BY seat", (gid,),
            ).fetchall()
            return row, list(rows)

        row, rows = await self.store.transact(read, write=False)
        return {
            "game": gid,
            "limit": cfg.limit_name,
            "seconds": cfg.per_decision,
            "fallback": cfg.fallback,
            "bot": cfg.bot,
            "now": now,
            "paused": row[0] is not None,
            "pause_votes": json.loads(row[1]),
            "taken_over": json.loads(row[2]),
            "deadlines": [
                {"seat": int(s), "started_at": float(st),
                 "due_at": None if due is None else float(due),
                 "left": max(0.0, float(due) - now) if due is not None else float(rem)}
                for s, st, due, rem in rows
            ],
        }

    async def timeouts(self, gid: str) -> list[dict[str, Any]]:
        def read(tx: Tx) -> list[Any]:
            return list(tx.execute(
                "SELECT seat, due_at, owner, fallback FROM timeouts WHERE game_id = ?"
                " ORDER BY due_at", (gid,),
            ).fetchall())

        return [{"seat": int(s), "due_at": float(d), "owner": str(o), "fallback": str(f)}
                for s, d, o, f in await self.store.transact(read, write=False)]

    async def summary_extra(self, gid: str, seat: int) -> dict[str, Any]:
        """What "my games" shows of a game's clock."""
        if await self.config(gid) is None:
            return {"clock": None}
        st = await self.status(gid)
        mine = next((d for d in st["deadlines"] if d["seat"] == seat), None)
        return {"clock": {"limit": st["limit"], "paused": st["paused"],
                          "your_time_left": None if mine is None else mine["left"]}}


def mount_clock(
    app: FastAPI, holder: dict[str, Any], responses: dict[int | str, Any]
) -> None:
    """``GET /api/games/{id}/clock``, ``POST /api/games/{id}/pause`` and ``.../reclaim``."""
    router = APIRouter()

    @router.get("/api/games/{game_id}/clock", responses=responses)
    async def get_clock(game_id: str, request: Request) -> dict[str, Any]:
        """The game's clock: its limit, fallback, pause, and each deciding seat's time left
        (``now`` is the server's time)."""
        await holder["auth"](request, game_id)
        await holder["service"].get(game_id)
        result: dict[str, Any] = await holder["clocks"].status(game_id)
        return result

    @router.post("/api/games/{game_id}/pause", responses=responses)
    async def pause(game_id: str, body: PauseIn, request: Request) -> dict[str, Any]:
        """Ask to pause the clock (it stops once every human seat has asked), or run it
        again (``{"pause": false}``, any human seat)."""
        seat = await holder["auth"](request, game_id)
        live = await holder["service"].get(game_id)
        result: dict[str, Any] = await holder["clocks"].vote(live, seat, body.pause)
        return result

    @router.post("/api/games/{game_id}/reclaim", responses=responses)
    async def reclaim(game_id: str, request: Request) -> dict[str, Any]:
        """Take back the seat a bot took over when its time ran out (``bot_takeover``): the
        seat's decisions are the player's again (409 ``clock/not_taken_over`` otherwise)."""
        seat = await holder["auth"](request, game_id)
        live = await holder["service"].get(game_id)
        result: dict[str, Any] = await holder["clocks"].reclaim(live, seat)
        return result

    app.include_router(router)
