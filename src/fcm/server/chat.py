"""A chat per game: stored, rate-limited, and shown as plain text.

Seats post (their token, or the account's claimed seat with the CSRF token); everyone in the
game, spectators too, reads. A message holds its seat, the seat's public name, the text and
the time: nothing else (never a token); the name is the account's when one has claimed the
seat, else the seat's name at the table. Each message gets the next number of its game
(``seq``; ``(game_id, seq)`` is unique, so two processes posting at once never share one:
the loser takes the next). Posting is limited per seat (:data:`RATE`, in each process);
the text is kept as sent (control characters but newlines removed, at most
:data:`MAX_TEXT` characters) and the page shows it as text, never as HTML. A message an
administrator hid (fcm.server.moderation) is read by nobody, and every read lists the
hidden numbers so that the pages remove it. The chat is read only here: it is in no
WebSocket push, log, replay or saved game.
"""

from __future__ import annotations

import math
import time
import unicodedata
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, FastAPI, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from fcm.server.errors import ApiError
from fcm.server.limits import RateLimiter
from fcm.server.match import MatchService, seat_names
from fcm.server.schemas import MAX_INT
from fcm.server.storage import SPECTATOR, Tx

MAX_TEXT = 500
RATE = (0.5, 5)  # per seat: 5 at once, then one per 2 s
PAGE = 200
HIDDEN_LISTED = 1000  # the most recent hidden messages' numbers sent with every read


def clean(text: str) -> str:
    kept = "".join(c for c in text if c == "\n" or unicodedata.category(c)[0] != "C")
    return kept.strip()


class ChatIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    text: str = Field(..., max_length=4 * MAX_TEXT)


class Chat:
    def __init__(self, service: MatchService, now: Callable[[], float] | None = None) -> None:
        self.service = service
        self.store = service.store
        self.now = now or time.time
        self.monotonic = time.monotonic
        self.limiter = RateLimiter(*RATE, 10_000)

    async def post(self, game_id: str, seat: int, text: str) -> dict[str, Any]:
        if seat == SPECTATOR:
            raise ApiError(403, "auth/spectator", "spectators read the chat but do not post")
        body = clean(text)
        if not body:
            raise ApiError(422, "chat/empty", "a chat message needs some text")
        if len(body) > MAX_TEXT:
            raise ApiError(422, "chat/too_long", f"a chat message has at most {MAX_TEXT} "
                           "characters")
        wait = self.limiter.check(f"{game_id}:{seat}", self.monotonic())
        if wait > 0:
            retry = max(1, math.ceil(wait))
            raise ApiError(429, "request/rate_limited",
                           f"too many chat messages; retry in {retry} s", retry_after=retry)
        live = await self.service.get(game_id)
        name = seat_names(live.info)[seat]
        now = self.now()

        def insert(tx: Tx) -> tuple[int, str]:
            owner = tx.execute(
                "SELECT a.name FROM seat_owners o JOIN accounts a ON a.id = o.account_id"
                " WHERE o.game_id = ? AND o.seat = ?", (game_id, seat),
            ).fetchone()
            said = name if owner is None else str(owner[0])  # the account's (public) name
            for _ in range(20):
                row = tx.execute("SELECT COALESCE(MAX(seq), 0) FROM chat WHERE game_id = ?",
                                 (game_id,)).fetchone()
                seq = int(row[0]) + 1
                if tx.execute(
                    "INSERT INTO chat (game_id, seq, seat, name, text, sent_at)"
                    " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, seq) DO NOTHING",
                    (game_id, seq, seat, said, body, now),
                ).rowcount == 1:
                    return seq, said
            raise ApiError(503, "server/busy", "the chat is busy; try again")

        seq, said = await self.store.transact(insert)
        return {"seq": seq, "seat": seat, "name": said, "text": body, "at": now}

    async def read(self, game_id: str, after: int = 0) -> dict[str, Any]:
        """The messages after ``after`` that are not hidden, and the numbers of every hidden
        message (an administrator hid them, fcm.server.moderation): a page removes those it
        shows already."""
        def read(tx: Tx) -> tuple[list[Any], list[Any]]:
            shown = list(tx.execute(
                "SELECT seq, seat, name, text, sent_at FROM chat WHERE game_id = ? AND seq > ?"
                " AND hidden_at IS NULL ORDER BY seq LIMIT ?", (game_id, after, PAGE),
            ).fetchall())
            hidden = list(tx.execute(
                "SELECT seq FROM chat WHERE game_id = ? AND hidden_at IS NOT NULL"
                " ORDER BY seq DESC LIMIT ?", (game_id, HIDDEN_LISTED)).fetchall())
            return shown, hidden

        shown, hidden = await self.store.transact(read, write=False)
        return {"messages": [{"seq": int(q), "seat": int(s), "name": str(n), "text": str(t),
                              "at": float(a)} for q, s, n, t, a in shown],
                "hidden": sorted(int(q) for (q,) in hidden)}


def mount_chat(app: FastAPI, holder: dict[str, Any], responses: dict[int | str, Any]) -> None:
    """``GET``/``POST /api/games/{id}/chat``."""
    router = APIRouter()

    @router.get("/api/games/{game_id}/chat", responses=responses)
    async def read(game_id: str, request: Request,
                   after: int = Query(0, ge=0, le=MAX_INT)) -> dict[str, Any]:
        """The game's chat after message ``after`` (any seat or spectator)."""
        await holder["auth"](request, game_id)
        await holder["service"].get(game_id)
        result: dict[str, Any] = await holder["chat"].read(game_id, after)
        return result

    @router.post("/api/games/{game_id}/chat", status_code=201, responses=responses)
    async def post(game_id: str, body: ChatIn, request: Request) -> dict[str, Any]:
        """Say something to the table (a seat; at most 500 characters, rate-limited)."""
        seat = await holder["auth"](request, game_id)
        result: dict[str, Any] = await holder["chat"].post(game_id, int(seat), body.text)
        return result

    app.include_router(router)
