"""Moderation: administrators, reports, hidden chat messages, suspended accounts, closed games.

An administrator is an account whose ``admin`` flag was set from the command line (``fcm
admin grant NAME``, ``fcm admin revoke NAME``): no request can grant it. The flag is read
from the database with the session on every request, so a revocation takes effect at once
in every process. Administrators (the session cookie, the CSRF token for a change; 403
``auth/not_admin`` otherwise):

- see the players' reports and mark them done;
- hide a chat message (or show it again): a hidden message is left out of every reader's
  chat, and each chat answer lists the hidden numbers so the pages remove what they show;
- suspend an account (or lift it): it cannot log in (403 ``auth/suspended``), its sessions
  end, and the invitation links of its seats in unfinished games are revoked (every process
  stops trusting them within ``match.TOKEN_RECHECK`` seconds), so it cannot act; once lifted,
  it plays its claimed seats from its account;
- close an abandoned game (one not over): nobody can act in it any more (409
  ``game/closed``), its bots and turn timers stop (``MatchService.close``).

Players report a chat message (any seat or spectator of the game: its token or the
account's seat) or a player (an account, signed in), with a reason; reports are limited per
reporter (:data:`REPORT_RATE`, in the database: every process shares it) and per address.
A report keeps a copy of the message's text, so hiding it leaves the evidence.
"""

from __future__ import annotations

import secrets
import time
import unicodedata
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, FastAPI, Path, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from fcm.server.accounts import (
    Accounts,
    CookieAuth,
    Session,
    client_address,
    name_key,
    rate_limited,
    take,
)
from fcm.server.errors import ApiError
from fcm.server.match import MatchService, seat_names
from fcm.server.schemas import MAX_INT
from fcm.server.storage import SPECTATOR, Store, Tx

REPORT_RATE = (1 / 60, 5)  # reports per reporter: 5 at once, then one a minute
REPORT_RATE_ADDRESS = (1 / 20, 20)  # and per address
MAX_REASON = 500
REPORT_STATUSES = ("open", "done")
PAGE = 200


def clean(text: str) -> str:
    return "".join(c for c in text if unicodedata.category(c)[0] != "C").strip()


async def set_admin(store: Store, name: str, admin: bool) -> bool:
    """Grant (or revoke) the administrator role of the account ``name`` (the command line's
    ``fcm admin``); False: no such account."""

    def update(tx: Tx) -> bool:
        return bool(tx.execute("UPDATE accounts SET admin = ? WHERE name_key = ?",
                               (int(admin), name_key(name))).rowcount == 1)

    return await store.transact(update)


async def admins(store: Store) -> list[str]:
    def read(tx: Tx) -> list[str]:
        return [str(r[0]) for r in tx.execute(
            "SELECT name FROM accounts WHERE admin = 1 ORDER BY name").fetchall()]

    return await store.transact(read, write=False)


class Moderation:
    def __init__(self, service: MatchService, accounts: Accounts,
                 now: Callable[[], float] | None = None) -> None:
        self.service = service
        self.accounts = accounts
        self.store = service.store
        self.now = now or time.time

    # -- reports --------------------------------------------------------------------------------

    async def _report(self, reporter: str, reporter_name: str, address: str,
                      fields: dict[str, Any], reason: str) -> dict[str, Any]:
        why = clean(reason)
        if not why:
            raise ApiError(422, "report/no_reason", "say why you report it (a reason)")
        if len(why) > MAX_REASON:
            raise ApiError(422, "report/too_long", f"a reason has at most {MAX_REASON} characters")
        now = self.now()
        report = {"id": secrets.token_urlsafe(9), "reporter": reporter,
                  "reporter_name": reporter_name, "reason": why, "created_at": now,
                  "status": "open", "game_id": None, "seq": None, "account_id": None,
                  "text": None, **fields}

        def insert(tx: Tx) -> float:
            keys = sorted((("r:" + reporter, REPORT_RATE), ("ra:" + address, REPORT_RATE_ADDRESS)))
            for key, (rate, burst) in keys:
                wait = take(tx, key, rate, burst, now)
                if wait > 0:
                    return wait
            tx.execute(
                "INSERT INTO reports (id, kind, reporter, reporter_name, game_id, seq,"
                " account_id, name, text, reason, created_at, status)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                tuple(report[k] for k in ("id", "kind", "reporter", "reporter_name", "game_id",
                                          "seq", "account_id", "name", "text", "reason",
                                          "created_at", "status")),
            )
            return 0.0

        wait = await self.store.transact(insert)
        if wait > 0:  # (the transaction stored nothing but the limit's bucket)
            raise rate_limited("too many reports", wait)
        return {"report": report["id"], "status": "open"}

    async def report_message(self, game_id: str, seat: int, session: Session | None,
                             seq: int, reason: str, address: str) -> dict[str, Any]:
        """A seat or spectator of ``game_id`` reports its chat message ``seq``."""
        live = await self.service.get(game_id)

        def find(tx: Tx) -> Any:
            return tx.execute(
                "SELECT c.seat, c.name, c.text, o.account_id FROM chat c LEFT JOIN seat_owners o"
                " ON o.game_id = c.game_id AND o.seat = c.seat"
                " WHERE c.game_id = ? AND c.seq = ? AND c.hidden_at IS NULL", (game_id, seq),
            ).fetchone()

        row = await self.store.transact(find, write=False)
        if row is None:
            raise ApiError(404, "chat/not_found", f"there is no message {seq} in this chat")
        if session is not None:
            reporter, who = "a:" + session.account.id, session.account.name
        else:
            reporter = f"g:{game_id}:{seat}"
            who = "spectator" if seat == SPECTATOR else seat_names(live.info)[seat]
        fields = {"kind": "message", "game_id": game_id, "seq": seq, "name": str(row[1]),
                  "text": str(row[2]), "account_id": None if row[3] is None else str(row[3])}
        return await self._report(reporter, who, address, fields, reason)

    async def report_player(self, session: Session, name: str, reason: str, address: str,
                            game_id: str | None) -> dict[str, Any]:
        """A signed-in account reports the account ``name``."""

        def find(tx: Tx) -> Any:
            return tx.execute("SELECT id, name FROM accounts WHERE name_key = ?",
                              (name_key(name),)).fetchone()

        row = await self.store.transact(find, write=False)
        if row is None:
            raise ApiError(404, "player/not_found", f"there is no player {name!r}")
        if str(row[0]) == session.account.id:
            raise ApiError(422, "report/yourself", "you cannot report yourself")
        fields = {"kind": "player", "account_id": str(row[0]), "name": str(row[1]),
                  "game_id": game_id}
        return await self._report("a:" + session.account.id, session.account.name, address,
                                  fields, reason)

    async def reports(self, status: str) -> list[dict[str, Any]]:
        """The reports of that status, newest first, each with what an administrator acts
        on: whether the message is hidden now and the account suspended."""
        cols = ("id", "kind", "reporter_name", "game_id", "seq", "account_id", "name", "text",
                "reason", "created_at", "status", "resolved_by", "resolved_at")

        def read(tx: Tx) -> list[Any]:
            return list(tx.execute(
                f"SELECT {', '.join('r.' + c for c in cols)},"
                " (SELECT c.hidden_at FROM chat c WHERE c.game_id = r.game_id"
                "  AND c.seq = r.seq),"
                " (SELECT a.suspended_at FROM accounts a WHERE a.id = r.account_id)"
                " FROM reports r WHERE r.status = ? ORDER BY r.created_at DESC LIMIT ?",
                (status, PAGE)).fetchall())

        out = []
        for row in await self.store.transact(read, write=False):
            r = dict(zip(cols, row[:-2], strict=True))
            r["reporter"] = r.pop("reporter_name")
            r["hidden"] = row[-2] is not None if r["kind"] == "message" else None
            r["suspended"] = row[-1] is not None if r["account_id"] else None
            out.append(r)
        return out

    async def resolve(self, report_id: str, admin: Session, status: str) -> dict[str, Any]:
        now = self.now()

        def update(tx: Tx) -> int:
            return int(tx.execute(
                "UPDATE reports SET status = ?, resolved_by = ?, resolved_at = ? WHERE id = ?",
                (status, admin.account.name, now, report_id)).rowcount)

        if await self.store.transact(update) != 1:
            raise ApiError(404, "report/not_found", f"there is no report {report_id!r}")
        return {"report": report_id, "status": status}

    # -- chat, accounts, games ------------------------------------------------------------------

    async def hide(self, game_id: str, seq: int, admin: Session, hidden: bool) -> dict[str, Any]:
        now = self.now()

        def update(tx: Tx) -> int:
            return int(tx.execute(
                "UPDATE chat SET hidden_at = ?, hidden_by = ? WHERE game_id = ? AND seq = ?",
                (now if hidden else None, admin.account.name if hidden else None, game_id, seq),
            ).rowcount)

        if await self.store.transact(update) != 1:
            raise ApiError(404, "chat/not_found", f"there is no message {seq} in game {game_id}")
        return {"game": game_id, "seq": seq, "hidden": hidden}

    async def suspend(self, name: str, admin: Session, suspended: bool,
                      reason: str) -> dict[str, Any]:
        now = self.now()

        def update(tx: Tx) -> tuple[str, str, list[str]] | None:
            row = tx.execute("SELECT id, name FROM accounts WHERE name_key = ?",
                             (name_key(name),)).fetchone()
            if row is None:
                return None
            account_id = str(row[0])
            if not suspended:
                tx.execute("UPDATE accounts SET suspended_at = NULL, suspended_reason = NULL"
                           " WHERE id = ?", (account_id,))
                return account_id, str(row[1]), []
            tx.execute("UPDATE accounts SET suspended_at = COALESCE(suspended_at, ?),"
                       " suspended_reason = ? WHERE id = ?", (now, clean(reason)[:MAX_REASON],
                                                            account_id))
            tx.execute("DELETE FROM sessions WHERE account_id = ?", (account_id,))
            # the links of its seats in unfinished games: it must not act through them either
            games = [str(g) for (g,) in tx.execute(
                "SELECT o.game_id FROM seat_owners o JOIN games g ON g.id = o.game_id"
                " WHERE o.account_id = ? AND g.status = 'active'", (account_id,)).fetchall()]
            tx.execute(
                "DELETE FROM tokens WHERE EXISTS (SELECT 1 FROM seat_owners o JOIN games g"
                " ON g.id = o.game_id WHERE o.account_id = ? AND g.status = 'active'"
                " AND o.game_id = tokens.game_id AND o.seat = tokens.seat)", (account_id,))
            return account_id, str(row[1]), games

        found = await self.store.transact(update)
        if found is None:
            raise ApiError(404, "player/not_found", f"there is no player {name!r}")
        account_id, proper, games = found
        for h, owner in list(self.accounts.live_sessions.items()):
            if owner == account_id:
                del self.accounts.live_sessions[h]
        self.service.forget_tokens(games)
        return {"name": proper, "suspended": suspended, "links_revoked": len(games)}

    async def accounts_list(self, name: str) -> list[dict[str, Any]]:
        """Accounts whose name starts with ``name`` (the suspended ones first)."""
        prefix = name_key(name).replace("\\", "").replace("%", "").replace("_", "")

        def read(tx: Tx) -> list[Any]:
            return list(tx.execute(
                "SELECT name, created_at, admin, suspended_at, suspended_reason FROM accounts"
                " WHERE name_key LIKE ? ORDER BY suspended_at IS NULL, name_key LIMIT 50",
                (prefix + "%",)).fetchall())

        return [{"name": str(n), "created_at": float(c), "admin": bool(a),
                 "suspended": s is not None, "suspended_at": s, "reason": r}
                for n, c, a, s, r in await self.store.transact(read, write=False)]

    async def idle_games(self, days: float) -> list[dict[str, Any]]:
        """Games not over that nothing has changed for ``days`` days, the longest idle first."""
        before = self.now() - days * 86400

        def read(tx: Tx) -> list[Any]:
            return list(tx.execute(
                "SELECT id, updated_at, players, version FROM games WHERE status = 'active'"
                " AND updated_at < ? ORDER BY updated_at LIMIT ?", (before, PAGE)).fetchall())

        return [{"game": str(g), "updated_at": float(u), "players": int(p), "actions": int(v)}
                for g, u, p, v in await self.store.transact(read, write=False)]

    async def close(self, game_id: str) -> dict[str, Any]:
        closed = await self.service.close(game_id)
        if not closed:
            raise ApiError(409, "game/not_active", "this game is over or closed already")
        return {"game": game_id, "status": "closed"}


# -- HTTP ----------------------------------------------------------------------------------------

STRICT = ConfigDict(extra="forbid", strict=True)


class ReportIn(BaseModel):
    model_config = STRICT
    reason: str = Field(..., max_length=4 * MAX_REASON)


class PlayerReportIn(ReportIn):
    game: str | None = Field(None, max_length=64, description="the game it happened in")


class HideIn(BaseModel):
    model_config = STRICT
    hidden: bool = True


class SuspendIn(BaseModel):
    model_config = STRICT
    suspended: bool = True
    reason: str = Field("", max_length=4 * MAX_REASON)


class ResolveIn(BaseModel):
    model_config = STRICT
    status: str = Field("done", pattern="^(open|done)$")


def mount_moderation(app: FastAPI, holder: dict[str, Any],
                     responses: dict[int | str, Any]) -> None:
    """Reports (players) and ``/api/admin/...`` (administrators)."""
    router = APIRouter()

    def mod() -> Moderation:
        m: Moderation = holder["moderation"]
        return m

    async def admin(request: Request) -> Session:
        cookies: CookieAuth = holder["cookie_auth"]
        session = await cookies.required(request)
        if not session.account.admin:
            raise ApiError(403, "auth/not_admin", "this needs an administrator's account")
        return session

    @router.post("/api/games/{game_id}/chat/{seq}/report", status_code=201, responses=responses)
    async def report_message(game_id: str, body: ReportIn, request: Request,
                             seq: int = Path(ge=1, le=MAX_INT)) -> dict[str, Any]:
        """Report a chat message to the administrators (any seat or spectator of the game)."""
        seat = int(await holder["auth"](request, game_id))
        session = await holder["cookie_auth"].session(request)
        return await mod().report_message(game_id, seat, session, seq, body.reason,
                                          client_address(request))

    @router.post("/api/players/{name}/report", status_code=201, responses=responses)
    async def report_player(name: str, body: PlayerReportIn, request: Request
                            ) -> dict[str, Any]:
        """Report a player to the administrators (signed in; CSRF token)."""
        session = await holder["cookie_auth"].required(request)
        return await mod().report_player(session, name[:64], body.reason,
                                         client_address(request), body.game)

    @router.get("/api/admin/reports", responses=responses)
    async def reports(request: Request,
                      status: str = Query("open", pattern="^(open|done)$")) -> dict[str, Any]:
        """The players' reports (newest first), with whether each message is hidden and each
        account suspended."""
        await admin(request)
        return {"reports": await mod().reports(status)}

    @router.post("/api/admin/reports/{report_id}", responses=responses)
    async def resolve(report_id: str, body: ResolveIn, request: Request) -> dict[str, Any]:
        """Mark a report done (or open again)."""
        return await mod().resolve(report_id[:64], await admin(request), body.status)

    @router.post("/api/admin/games/{game_id}/chat/{seq}", responses=responses)
    async def hide(game_id: str, body: HideIn, request: Request,
                   seq: int = Path(ge=1, le=MAX_INT)) -> dict[str, Any]:
        """Hide a chat message from every reader (``{"hidden": false}`` shows it again)."""
        return await mod().hide(game_id, seq, await admin(request), body.hidden)

    @router.get("/api/admin/accounts", responses=responses)
    async def accounts(request: Request,
                       name: str = Query("", max_length=64)) -> dict[str, Any]:
        """Accounts whose name starts with ``name``, the suspended ones first."""
        await admin(request)
        return {"accounts": await mod().accounts_list(name)}

    @router.post("/api/admin/accounts/{name}", responses=responses)
    async def suspend(name: str, body: SuspendIn, request: Request) -> dict[str, Any]:
        """Suspend an account (its sessions end, its links are revoked, it cannot log in) or
        lift the suspension (``{"suspended": false}``)."""
        return await mod().suspend(name[:64], await admin(request), body.suspended,
                                   body.reason)

    @router.get("/api/admin/games", responses=responses)
    async def games(request: Request,
                    idle_days: float = Query(7.0, ge=0, le=3650)) -> dict[str, Any]:
        """Games not over that nothing changed for ``idle_days`` days (abandoned)."""
        await admin(request)
        return {"games": await mod().idle_games(idle_days)}

    @router.post("/api/admin/games/{game_id}/close", responses=responses)
    async def close(game_id: str, request: Request) -> dict[str, Any]:
        """Close a game that is not over: nobody can act in it any more."""
        await admin(request)
        return await mod().close(game_id)

    app.include_router(router)
