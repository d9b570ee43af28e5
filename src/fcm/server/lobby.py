"""Rooms: open games in the lobby, rematches, and public games that signed-in accounts watch.

An *open game* waits in the lobby (``open_games``) until every human seat is taken by a
signed-in account; its creator takes one at once. Taking a seat is one transaction that first
locks the open game's row (a conditional ``UPDATE ... WHERE status = 'open'``: PostgreSQL
serialises the joins of one game on it, SQLite serialises every write) and then inserts into
``open_seats``, whose keys make a seat taken once and an account seated once: of two accounts
racing for one seat exactly one wins, the other gets 409 ``lobby/seat_taken``. The join that
takes the last seat moves the open game to ``starting`` in that same transaction, so exactly
one request starts the game: it is then created like any other (a new seed), each account's
seat is claimed for it (``seat_owners``: the seat is in the account's games, the session
cookie plays it; no seat token is ever shown), and it is listed in ``public_games``.

Starting is several transactions, so the ``starting`` move also names the game to be made
(``pending_id``) and holds a lease on it (``lease_until``, :data:`LEASE` seconds): a server
killed in between leaves a row whose lease runs out, and the next request that looks at the
open game (its entry, the list, a join or a leave) takes the lease over by a conditional
``UPDATE`` and finishes the start, each step of which is idempotent (the game is made only
if it does not exist, the seats claimed and the game listed ``ON CONFLICT DO NOTHING``).
A rematch being made holds the same kind of lease on its ``rematches`` row.

A *rematch* of a finished game whose human seats are all accounts' seats: the same seats
(accounts and bots) and options (rules, table, clock), a new seed, the seats rotated by one
(the player of seat 1 moves to seat 0, ...). ``rematches`` has one row per finished game,
inserted before the new game is made, so several players pressing "rematch" get the one game.

A *public game* (every game started from the lobby, and their rematches) may be watched by
any signed-in account: the session cookie then authenticates it as a spectator (the
spectator's view: no seat's secrets). The lobby lists nothing secret: no token, link or seed.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any, Literal

from fastapi import APIRouter, FastAPI, Request
from pydantic import BaseModel, ConfigDict, Field

from fcm.server.accounts import Account, CookieAuth
from fcm.server.clock import ClockIn
from fcm.server.errors import ApiError
from fcm.server.match import (
    BRANCH_FORMAT,
    LiveGame,
    MatchService,
    check_options,
    check_rated,
    check_seats,
    check_table,
)
from fcm.server.storage import SPECTATOR, SeatSpec, Tx

log = logging.getLogger("fcm.server.lobby")

LISTED = 100  # open games (and public games) listed at most
REMATCH_WAIT = 10.0  # seconds a second "rematch" waits for the first one's game
LEASE = 30.0  # seconds a process holds a game it is starting before another takes over


class OpenSeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    kind: Literal["human", "bot"] = "human"
    bot: str | None = Field(None, max_length=32)
    think_ms: int | None = Field(None, ge=0, le=60_000)
    name: str | None = Field(None, max_length=40, description="a bot's name (a human seat "
                             "takes its account's name)")


class OpenGameIn(BaseModel):
    """An open game (``POST /api/lobby``): its seats, options, table options and clock; the
    creator sits at ``seat`` (default: the first human seat)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seats: list[OpenSeatIn] = Field(..., min_length=2, max_length=6)  # 6: Six Players
    options: dict[str, Any] = Field(default_factory=dict)
    table: dict[str, Any] | None = None
    clock: ClockIn | None = None
    seat: int | None = Field(None, ge=0, le=5)


class JoinIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    seat: int | None = Field(None, ge=0, le=5, description="the seat to take (default: the "
                             "first free one)")


def _humans(spec: dict[str, Any]) -> list[int]:
    return [i for i, s in enumerate(spec["seats"]) if s["kind"] == "human"]


class Lobby:
    """Open games, rematches and public games over the store's tables."""

    def __init__(self, service: MatchService, holder: dict[str, Any] | None = None,
                 now: Callable[[], float] = time.time) -> None:
        self.service = service
        self.store = service.store
        self.holder = holder if holder is not None else {}  # clocks, notifier (if running)
        self.now = now

    # -- open games ----------------------------------------------------------------------------

    def check(self, body: OpenGameIn) -> dict[str, Any]:
        """The stored spec of an open game (validated now, so that starting it cannot fail on
        its options). Raises ApiError 422 naming the field."""
        from fcm.bots import make_bot

        seats = []
        for i, s in enumerate(body.seats):
            if s.kind == "bot":
                try:
                    make_bot(s.bot or "random", 0)
                except (ValueError, ImportError) as exc:
                    raise ApiError(422, "lobby/invalid", f"seats[{i}].bot: {exc}") from None
                seats.append({"kind": "bot", "bot": s.bot or "random", "think_ms": s.think_ms,
                              "name": s.name})
            else:
                if s.bot is not None or s.name is not None:
                    raise ApiError(422, "lobby/invalid", f"seats[{i}]: a human seat takes its "
                                   "account's name and has no bot")
                seats.append({"kind": "human", "bot": None, "think_ms": None, "name": None})
        spec: dict[str, Any] = {"seats": seats}
        if not _humans(spec):
            raise ApiError(422, "lobby/invalid", "seats: an open game has a human seat")
        try:
            opts = check_options(body.options)
            check_seats(len(seats), opts)
            spec["options"] = opts.to_dict()
            spec["table"] = check_table(body.table or {})
            if spec["table"].get("rated") and not self.service.settings.rated_test_rules:
                check_rated(body.options)  # the standard rules (the seed is the server's)
        except ApiError as exc:
            raise ApiError(422, "lobby/invalid", exc.message) from None
        spec["clock"] = None if body.clock is None else body.clock.model_dump()
        seat = _humans(spec)[0] if body.seat is None else body.seat
        if seat not in _humans(spec):
            raise ApiError(422, "lobby/invalid", f"seat: seat {seat} is not a human seat")
        spec["creator_seat"] = seat
        return spec

    async def open_game(self, account: Account, body: OpenGameIn) -> dict[str, Any]:
        """A new open game with its creator seated; started at once if it has no other human
        seat."""
        spec = self.check(body)
        oid = secrets.token_urlsafe(9)
        now = self.now()
        seat = int(spec.pop("creator_seat"))
        start = len(_humans(spec)) == 1
        pending = secrets.token_urlsafe(9) if start else None

        def insert(tx: Tx) -> None:
            tx.execute(
                "INSERT INTO open_games (id, created_by, created_at, players, spec, status,"
                " game_id, started_at, pending_id, lease_until)"
                " VALUES (?, ?, ?, ?, ?, ?, NULL, NULL, ?, ?)",
                (oid, account.id, now, len(spec["seats"]), json.dumps(spec),
                 "starting" if start else "open", pending, now + LEASE if start else None),
            )
            tx.execute("INSERT INTO open_seats (open_id, seat, account_id, joined_at)"
                       " VALUES (?, ?, ?, ?)", (oid, seat, account.id, now))

        await self.store.transact(insert)
        if start:
            await self._start(oid, account.id)
        return await self.entry(oid, account)

    def _entry(self, row: Any, seated: list[Any]) -> dict[str, Any]:
        oid, creator, created_at, players, spec_text, status, game_id = row
        spec = json.loads(spec_text)
        by_seat = {int(s): (str(n), str(a)) for s, n, a in seated}
        seats = []
        for i, s in enumerate(spec["seats"]):
            who = by_seat.get(i)
            seats.append({
                "seat": i, "kind": s["kind"], "bot": s["bot"],
                "name": s["name"] if s["kind"] == "bot" else (who[0] if who else None),
                "free": s["kind"] == "human" and who is None,
            })
        clock = spec.get("clock")
        opts = spec["options"]
        return {
            "id": str(oid), "created_by": str(creator), "created_at": float(created_at),
            "players": int(players), "status": str(status),
            "game": None if game_id is None else str(game_id),
            "seats": seats, "free": sum(1 for s in seats if s["free"]),
            "options": opts, "modules": list(opts.get("modules") or []),
            "table": spec["table"], "rated": bool(spec["table"].get("rated")),
            "clock": clock,
        }

    def _read(self, tx: Tx, where: str, params: tuple[Any, ...]) -> list[dict[str, Any]]:
        rows = tx.execute(
            "SELECT o.id, a.name, o.created_at, o.players, o.spec, o.status, o.game_id"
            f" FROM open_games o JOIN accounts a ON a.id = o.created_by WHERE {where}"
            f" ORDER BY o.created_at DESC LIMIT {LISTED}", params,
        ).fetchall()
        out = []
        for row in rows:
            seated = tx.execute(
                "SELECT s.seat, a.name, a.id FROM open_seats s JOIN accounts a"
                " ON a.id = s.account_id WHERE s.open_id = ?", (row[0],),
            ).fetchall()
            out.append(self._entry(row, seated))
        return out

    async def list_open(self) -> list[dict[str, Any]]:
        """The open games with a free seat, newest first."""
        await self.recover()
        games = await self.store.transact(
            lambda tx: self._read(tx, "o.status = 'open'", ()), write=False)
        return [g for g in games if g["free"]]

    async def entry(self, oid: str, account: Account | None = None) -> dict[str, Any]:
        """One open game (any status); ``you``: the seat the account took in it."""
        await self.recover(oid)

        def read(tx: Tx) -> tuple[list[dict[str, Any]], Any]:
            mine = None if account is None else tx.execute(
                "SELECT seat FROM open_seats WHERE open_id = ? AND account_id = ?",
                (oid, account.id)).fetchone()
            return self._read(tx, "o.id = ?", (oid,)), mine

        found, mine = await self.store.transact(read, write=False)
        if not found:
            raise ApiError(404, "lobby/not_found", f"there is no open game {oid!r}")
        return {**found[0], "you": None if mine is None else int(mine[0])}

    async def join(self, account: Account, oid: str, seat: int | None) -> dict[str, Any]:
        """Take a free human seat (``seat``, or the first free one); the game starts when this
        was the last. Raises ApiError 404, 409 (taken, full, not open, already seated), 422."""
        await self.recover(oid)
        now = self.now()

        def join(tx: Tx) -> tuple[str, Any]:
            # locks the row: the joins of one game run one after the other
            if tx.execute("UPDATE open_games SET status = status WHERE id = ? AND"
                          " status = 'open'", (oid,)).rowcount != 1:
                row = tx.execute("SELECT status FROM open_games WHERE id = ?",
                                 (oid,)).fetchone()
                return ("gone", None) if row is None else ("not_open", str(row[0]))
            spec = json.loads(tx.execute("SELECT spec FROM open_games WHERE id = ?",
                                         (oid,)).fetchone()[0])
            humans = _humans(spec)
            taken = {int(s): str(a) for s, a in tx.execute(
                "SELECT seat, account_id FROM open_seats WHERE open_id = ?", (oid,)).fetchall()}
            for s, a in taken.items():
                if a == account.id:
                    return ("already", s)
            want = seat
            if want is None:
                free = [h for h in humans if h not in taken]
                if not free:
                    return ("full", None)
                want = free[0]
            elif want not in humans:
                return ("not_human", want)
            if tx.execute(
                "INSERT INTO open_seats (open_id, seat, account_id, joined_at)"
                " VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING", (oid, want, account.id, now),
            ).rowcount != 1:
                return ("taken", want)
            if len(taken) + 1 == len(humans):
                tx.execute("UPDATE open_games SET status = 'starting', pending_id = ?,"
                           " lease_until = ? WHERE id = ?",
                           (secrets.token_urlsafe(9), now + LEASE, oid))
                return ("start", want)
            return ("joined", want)

        outcome, value = await self.store.transact(join)
        if outcome == "gone":
            raise ApiError(404, "lobby/not_found", f"there is no open game {oid!r}")
        if outcome == "not_open":
            raise ApiError(409, "lobby/not_open", f"this game is {value}, no longer open")
        if outcome == "already":
            raise ApiError(409, "lobby/already_seated", f"you already sit at seat {value}")
        if outcome == "full":
            raise ApiError(409, "lobby/full", "every seat of this game is taken")
        if outcome == "not_human":
            raise ApiError(422, "lobby/invalid", f"seat: seat {value} is not a human seat")
        if outcome == "taken":
            raise ApiError(409, "lobby/seat_taken", f"seat {value} was just taken by another "
                           "account")
        if outcome == "start":
            await self._start(oid, account.id)
        return await self.entry(oid, account)

    async def leave(self, account: Account, oid: str) -> dict[str, Any]:
        """Give up one's seat before the game starts; the creator leaving cancels the game."""
        await self.recover(oid)

        def leave(tx: Tx) -> str:
            if tx.execute("UPDATE open_games SET status = status WHERE id = ? AND"
                          " status = 'open'", (oid,)).rowcount != 1:
                return "not_open"
            creator = tx.execute("SELECT created_by FROM open_games WHERE id = ?",
                                 (oid,)).fetchone()[0]
            if tx.execute("DELETE FROM open_seats WHERE open_id = ? AND account_id = ?",
                          (oid, account.id)).rowcount != 1:
                return "not_seated"
            if creator == account.id:
                tx.execute("UPDATE open_games SET status = 'cancelled' WHERE id = ?", (oid,))
                return "cancelled"
            return "left"

        outcome = await self.store.transact(leave)
        if outcome == "not_open":
            raise ApiError(409, "lobby/not_open", "this game is no longer open")
        if outcome == "not_seated":
            raise ApiError(409, "lobby/not_seated", "you have no seat in this game")
        return await self.entry(oid, account)

    async def _start(self, oid: str, by: str | None) -> str:
        """Make the game of a full open game (this request won the ``starting`` move, or took
        over its lease: ``by`` None). Every step can be done again after a crash."""

        def read(tx: Tx) -> tuple[Any, list[Any], str]:
            spec, pending = tx.execute("SELECT spec, pending_id FROM open_games WHERE id = ?",
                                       (oid,)).fetchone()
            seated = tx.execute(
                "SELECT s.seat, a.id, a.name FROM open_seats s JOIN accounts a"
                " ON a.id = s.account_id WHERE s.open_id = ?", (oid,)).fetchall()
            if pending is None:  # a row left ``starting`` before leases existed
                pending = secrets.token_urlsafe(9)
                tx.execute("UPDATE open_games SET pending_id = ? WHERE id = ?", (pending, oid))
            return json.loads(spec), list(seated), str(pending)

        spec, seated, pending = await self.store.transact(read)
        owners = {int(s): (str(a), str(n)) for s, a, n in seated}
        seats = [
            SeatSpec("bot", s["bot"], s["think_ms"], s["name"]) if s["kind"] == "bot"
            else SeatSpec("human", None, None, owners[i][1])
            for i, s in enumerate(spec["seats"])
        ]
        try:
            gid = await self._make(seats, spec["options"], spec["table"], spec.get("clock"),
                                   {i: a for i, (a, _) in owners.items()}, public=True,
                                   game_id=pending)
        except Exception:
            if by is None:
                raise  # a takeover: the lease runs out and the next request tries again

            def undo(tx: Tx) -> None:  # give the last seat back: the game stays open
                tx.execute("DELETE FROM open_seats WHERE open_id = ? AND account_id = ?",
                           (oid, by))
                tx.execute("UPDATE open_games SET status = 'open', pending_id = NULL,"
                           " lease_until = NULL WHERE id = ?", (oid,))

            await self.store.transact(undo)
            raise
        now = self.now()
        await self.store.transact(lambda tx: tx.execute(
            "UPDATE open_games SET status = 'started', game_id = ?, started_at = ? WHERE id = ?"
            " AND status = 'starting'", (gid, now, oid)))
        return gid

    async def recover(self, oid: str | None = None) -> int:
        """Finish the starts whose process died (their lease ran out): the open game
        ``oid``, or every one. Returns how many this request finished."""
        now = self.now()

        def stale(tx: Tx) -> list[Any]:
            where = "status = 'starting' AND (lease_until IS NULL OR lease_until < ?)"
            if oid is None:
                return list(tx.execute(f"SELECT id FROM open_games WHERE {where} LIMIT 20",
                                       (now,)).fetchall())
            return list(tx.execute(f"SELECT id FROM open_games WHERE id = ? AND {where}",
                                   (oid, now)).fetchall())

        done = 0
        for (found,) in await self.store.transact(stale, write=False):
            def take(tx: Tx, found: str = str(found)) -> bool:
                return bool(tx.execute(
                    "UPDATE open_games SET lease_until = ? WHERE id = ? AND status = 'starting'"
                    " AND (lease_until IS NULL OR lease_until < ?)",
                    (now + LEASE, found, now)).rowcount == 1)

            if not await self.store.transact(take):
                continue  # another request took it over
            log.warning("open game %s was left starting (its server stopped): starting it",
                        found)
            try:
                await self._start(str(found), None)
                done += 1
            except Exception:
                log.exception("could not finish starting open game %s", found)
        return done

    async def _make(self, seats: list[SeatSpec], options: dict[str, Any],
                    table: dict[str, Any], clock: dict[str, Any] | None,
                    accounts: dict[int, str], *, public: bool, game_id: str) -> str:
        """Create the game ``game_id`` (unless a start that died made it already), its clock,
        and the accounts' claimed seats; the seat tokens are dropped (the accounts play by
        their session)."""
        from fcm.server.storage import GameNotFound

        try:
            await self.store.get_game(game_id)
        except GameNotFound:
            await self.service.create_game(seats, options, None, None, table, game_id=game_id)
        live = await self.service.get(game_id)
        clocks = self.holder.get("clocks")
        if clock is not None and clocks is not None and await clocks.config(game_id) is None:
            await clocks.configure(live, ClockIn(**clock))
        now = self.now()

        def claim(tx: Tx) -> None:
            for seat, account in sorted(accounts.items()):
                tx.execute("INSERT INTO seat_owners (game_id, seat, account_id, claimed_at)"
                           " VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                           (game_id, seat, account, now))
            if public:
                tx.execute("INSERT INTO public_games (game_id, listed_at) VALUES (?, ?)"
                           " ON CONFLICT DO NOTHING", (game_id, now))

        await self.store.transact(claim)
        notifier = self.holder.get("notifier")
        if notifier is not None:
            notifier.seats_changed(live)  # "your turn" now that the seats have accounts
        return game_id

    # -- rematch -------------------------------------------------------------------------------

    async def rematch(self, account: Account, game_id: str) -> dict[str, Any]:
        """The rematch of a finished game (made by the first request, found by the others):
        ``{"game", "seat", "created"}`` (the account's seat in it)."""
        live = await self.service.get(game_id)

        def owners(tx: Tx) -> tuple[dict[int, str], bool]:
            rows = tx.execute("SELECT seat, account_id FROM seat_owners WHERE game_id = ?",
                              (game_id,)).fetchall()
            public = tx.execute("SELECT 1 FROM public_games WHERE game_id = ?",
                                (game_id,)).fetchone()
            return {int(s): str(a) for s, a in rows}, public is not None

        owned, public = await self.store.transact(owners, write=False)
        mine = [s for s, a in owned.items() if a == account.id]
        if not mine:
            raise ApiError(403, "auth/not_your_game", "your account has no seat in this game")
        if live.head.status != "over":
            raise ApiError(409, "rematch/game_in_progress", "a rematch follows a finished game")
        info = live.info
        if info.scenario is not None:
            what = "a what-if branch" if info.scenario.get("format") == BRANCH_FORMAT \
                else "a game from a scenario"
            raise ApiError(409, "rematch/scenario", f"{what} has no rematch")
        n = info.players
        guests = [i for i, s in enumerate(info.seats) if s.kind == "human" and i not in owned]
        if guests:
            raise ApiError(409, "rematch/guest_seat",
                           f"seat {guests[0]} is a guest seat (no account to seat in the "
                           "rematch): every human seat must be claimed by an account")

        def my_seat(gid: str) -> dict[str, Any]:
            return {"game": gid, "seat": (mine[0] - 1) % n, "rematch_of": game_id}

        now = self.now()
        pending = secrets.token_urlsafe(9)
        if await self.store.transact(lambda tx: tx.execute(
            "INSERT INTO rematches (game_id, new_game_id, created_at, pending_id, lease_until)"
            " VALUES (?, NULL, ?, ?, ?) ON CONFLICT (game_id) DO NOTHING",
            (game_id, now, pending, now + LEASE)).rowcount) != 1:
            made = await self._made(game_id, lambda pid: self._make_rematch(live, owned, public,
                                                                            pid, cleanup=False))
            return {**my_seat(made), "created": False}
        return {**my_seat(await self._make_rematch(live, owned, public, pending)),
                "created": True}

    async def _make_rematch(self, live: LiveGame, owned: dict[int, str], public: bool, pending: str,
                            *, cleanup: bool = True) -> str:
        """Make the rematch ``pending`` of the finished ``live`` (this request holds the
        lease on its ``rematches`` row)."""
        info, game_id, n = live.info, live.id, live.info.players

        def old(j: int) -> int:
            return (j + 1) % n  # new seat j is played by whoever had seat j + 1

        seats = [SeatSpec(**{k: getattr(info.seats[old(j)], k)
                             for k in ("kind", "bot", "think_ms", "name")}) for j in range(n)]
        clocks = self.holder.get("clocks")
        cfg = None if clocks is None else await clocks.config(game_id)
        clock = None if cfg is None else {"limit": cfg.limit_name, "fallback": cfg.fallback,
                                          "bot": cfg.bot}
        try:
            gid = await self._make(seats, info.options, info.table, clock,
                                   {j: owned[old(j)] for j in range(n) if old(j) in owned},
                                   public=public, game_id=pending)
        except Exception:
            if cleanup:
                await self.store.transact(lambda tx: tx.execute(
                    "DELETE FROM rematches WHERE game_id = ? AND new_game_id IS NULL",
                    (game_id,)))
            raise
        await self.store.transact(lambda tx: tx.execute(
            "UPDATE rematches SET new_game_id = ? WHERE game_id = ?", (gid, game_id)))
        notifier = self.holder.get("notifier")
        if notifier is not None:
            await notifier.announce_rematch(gid)
        return gid

    async def _made(self, game_id: str, make: Callable[[str], Any]) -> str:
        """The rematch another request is making (or made) of ``game_id``; when that
        request's lease ran out (its server stopped), this one takes it over and makes it
        (``make(pending_id)``)."""
        deadline = time.monotonic() + REMATCH_WAIT
        while True:
            row = await self.store.transact(lambda tx: tx.execute(
                "SELECT new_game_id, lease_until FROM rematches WHERE game_id = ?",
                (game_id,)).fetchone(), write=False)
            if row is not None and row[0] is not None:
                return str(row[0])
            now = self.now()
            if row is not None and (row[1] is None or float(row[1]) < now):
                fresh = secrets.token_urlsafe(9)

                def take(tx: Tx, now: float = now, fresh: str = fresh) -> str | None:
                    if tx.execute(
                        "UPDATE rematches SET lease_until = ?, pending_id = COALESCE(pending_id,"
                        " ?) WHERE game_id = ? AND new_game_id IS NULL AND (lease_until IS NULL"
                        " OR lease_until < ?)", (now + LEASE, fresh, game_id, now),
                    ).rowcount != 1:
                        return None
                    return str(tx.execute("SELECT pending_id FROM rematches WHERE game_id = ?",
                                          (game_id,)).fetchone()[0])

                pending = await self.store.transact(take)
                if pending is not None:
                    log.warning("the rematch of %s was left unmade (its server stopped): "
                                "making it", game_id)
                    return str(await make(pending))
            if row is None or time.monotonic() > deadline:
                raise ApiError(409, "rematch/in_progress",
                               "the rematch is being made (or failed): try again")
            await asyncio.sleep(0.05)

    async def rematch_of(self, game_id: str) -> str | None:
        row = await self.store.transact(lambda tx: tx.execute(
            "SELECT new_game_id FROM rematches WHERE game_id = ?", (game_id,)).fetchone(),
            write=False)
        return None if row is None or row[0] is None else str(row[0])

    # -- public games and spectators -----------------------------------------------------------

    async def is_public(self, game_id: str) -> bool:
        row = await self.store.transact(lambda tx: tx.execute(
            "SELECT 1 FROM public_games WHERE game_id = ?", (game_id,)).fetchone(), write=False)
        return row is not None

    def spectators(self, game_id: str) -> int:
        """Spectators connected to this server process now (WebSockets)."""
        live = self.service.cached(game_id)
        if live is None:
            return 0
        return sum(1 for sub in live.subscribers if sub.seat == SPECTATOR)

    async def public_games(self) -> list[dict[str, Any]]:
        """The public games to watch, newest first: public facts only."""
        rows = await self.store.transact(lambda tx: list(tx.execute(
            f"SELECT game_id FROM public_games ORDER BY listed_at DESC LIMIT {LISTED}"
        ).fetchall()), write=False)
        out = []
        for (gid,) in rows:
            try:
                summary = await self.service.summary(str(gid), SPECTATOR)
            except ApiError:
                continue
            out.append({k: summary[k] for k in ("game", "status", "round", "phase", "actors",
                                                "seats", "created_at")}
                       | {"spectators": self.spectators(str(gid))})
        return out


def mount_lobby(app: FastAPI, holder: dict[str, Any], responses: dict[int | str, Any]) -> None:
    """The lobby routes; ``holder["lobby"]`` and ``holder["cookie_auth"]`` are filled at
    start-up."""
    router = APIRouter()

    def lobby() -> Lobby:
        lob: Lobby = holder["lobby"]
        return lob

    def cookies() -> CookieAuth:
        auth: CookieAuth = holder["cookie_auth"]
        return auth

    @router.get("/api/lobby", responses=responses)
    async def list_open(request: Request) -> dict[str, Any]:
        """The open games with free seats (signed in): seats and who sits, options, clock,
        rated; and the public games to watch. Nothing secret (no token, link or seed)."""
        await cookies().required(request)
        return {"open": await lobby().list_open(), "live": await lobby().public_games()}

    @router.post("/api/lobby", status_code=201, responses=responses)
    async def open_game(body: OpenGameIn, request: Request) -> dict[str, Any]:
        """Open a game in the lobby (signed in, CSRF token); the creator takes ``seat``."""
        session = await cookies().required(request)
        return await lobby().open_game(session.account, body)

    @router.get("/api/lobby/{open_id}", responses=responses)
    async def get_open(open_id: str, request: Request) -> dict[str, Any]:
        """One open game (any status: ``game`` is the started game's id)."""
        session = await cookies().required(request)
        return await lobby().entry(open_id, session.account)

    @router.post("/api/lobby/{open_id}/join", responses=responses)
    async def join(open_id: str, body: JoinIn, request: Request) -> dict[str, Any]:
        """Take a free seat (409 ``lobby/seat_taken`` if another account got it first); the
        game starts when the last seat is taken."""
        session = await cookies().required(request)
        return await lobby().join(session.account, open_id, body.seat)

    @router.post("/api/lobby/{open_id}/leave", responses=responses)
    async def leave(open_id: str, request: Request) -> dict[str, Any]:
        """Give the seat back before the start (the creator: cancels the open game)."""
        session = await cookies().required(request)
        return await lobby().leave(session.account, open_id)

    @router.post("/api/games/{game_id}/rematch", responses=responses)
    async def rematch(game_id: str, request: Request) -> dict[str, Any]:
        """The rematch of a finished game (signed in, with a seat in it; CSRF token): made
        once, whoever asks first; answers the account's seat in it."""
        session = await cookies().required(request)
        return await lobby().rematch(session.account, game_id)

    @router.get("/api/games/{game_id}/room", responses=responses)
    async def room(game_id: str, request: Request) -> dict[str, Any]:
        """The game room, for any seat or spectator: the game's status, its rematch (null:
        none yet), whether it is public, and how many spectators watch it (connected to this
        server process)."""
        await holder["auth"](request, game_id)
        live = await lobby().service.get(game_id)
        return {"game": game_id, "status": live.head.status,
                "rematch": await lobby().rematch_of(game_id),
                "public": await lobby().is_public(game_id),
                "spectators": lobby().spectators(game_id)}

    app.include_router(router)
