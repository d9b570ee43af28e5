"""Rewind by consent (issue 13 item 3): back to the start of a turn or a round, once every
human seat agrees.

A *rewind point* is a position the game passed through where a round or a Working 9-5 turn
began: the game's start (version 0) and every action whose public events include
``round_started`` or ``turn_started`` (the position after that action). The engine is exact,
so the position is rebuilt from the log (``MatchService.state_at``) and the actions after it
are deleted (``Store.truncate``), as an undo does, only further back.

A vote: a human seat proposes a point (``POST /api/games/{id}/rewind``; the proposer accepts
by proposing), each other human seat accepts or declines (``POST .../rewind/vote``). The
rewind happens when the last one accepts. The vote ends when anyone declines, and expires when
a human seat acts or undoes (the position it was asked about is gone); the bots' moves made
meanwhile do not expire it (they are rewound too). One vote per game at a time, kept in the
``rewinds`` table (one row per game: the latest vote and how it ended), so every server
process sees the same vote.

Everyone learns of a rewind (it was asked in the open): every viewer's version moves on, and
the push after it carries ``"reloaded": true`` and a ``game_rewound`` event.
"""

from __future__ import annotations

import json
import secrets
import time
from typing import Any

from fastapi import FastAPI, Request
from pydantic import BaseModel, ConfigDict, Field

from fcm.server.errors import ApiError
from fcm.server.match import LiveGame, MatchService, public_events, status_of, viewer_index
from fcm.server.schemas import MAX_INT
from fcm.server.storage import SPECTATOR, Conflict, StoreUnavailable, Tx


class RewindIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    version: int = Field(ge=0, le=MAX_INT, description="the version of the game you saw")
    to: int = Field(ge=0, le=MAX_INT, description="the rewind point (its 'to' in GET .../rewind)")


class VoteIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    vote: str = Field(min_length=1, max_length=40, description="the vote's id")
    accept: bool


def humans(live: LiveGame) -> list[int]:
    return [i for i, s in enumerate(live.info.seats) if s.kind == "human"]


async def points(service: MatchService, live: LiveGame, seat: int) -> list[dict[str, Any]]:
    """Every rewind point before ``seat``'s current position, oldest first. ``to`` counts the
    actions ``seat`` saw up to the point (its log's ``n``), and ``at`` is the log position
    (kept server-side): numbers in log positions would count the other seats' secret steps.
    A point is listed only if ``seat`` saw an action after it, for the same reason."""
    round_ = 1
    for e in public_events(live.info.initial_events):
        if e["kind"] in ("phase_started", "round_started", "scenario_loaded"):
            round_ = e.get("round", round_)
    found: list[dict[str, Any]] = [{"to": 0, "at": 0, "kind": "start", "round": round_,
                                    "seat": None}]
    vi = viewer_index(live.players, seat)
    seen = 0
    for row in await service.store.actions(live.id, 1, live.head.version):
        seen += int(row.visible[vi])
        public = [e for e in row.events if e.get("visible_to") is None]
        point: dict[str, Any] | None = None
        for e in public:
            if e["kind"] == "round_started":
                round_ = e.get("round", round_)
                point = {"to": seen, "at": row.version, "kind": "round", "round": round_,
                         "seat": None}
            elif e["kind"] == "turn_started" and (point is None or point["kind"] != "round"):
                point = {"to": seen, "at": row.version, "kind": "turn", "round": round_,
                         "seat": e.get("seat")}
        if point is not None:
            found.append(point)
    return [p for p in found if p["to"] < seen]


def shown_point(p: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in p.items() if k != "at"}


def _row_dict(row: Any) -> dict[str, Any]:
    keys = ("id", "to", "kind", "round", "seat", "proposer", "at_version", "at_revision",
            "accepted", "status", "declined_by", "created_at")
    out = dict(zip(keys, row, strict=True))
    out["accepted"] = json.loads(out["accepted"])
    return out


class Rewinds:
    def __init__(self, service: MatchService) -> None:
        self.service = service
        self.store = service.store

    async def _read(self, game_id: str) -> dict[str, Any] | None:
        def read(tx: Tx) -> Any:
            return tx.execute(
                "SELECT id, to_version, kind, round, seat, proposer, at_version, at_revision,"
                " accepted, status, declined_by, created_at FROM rewinds WHERE game_id = ?",
                (game_id,),
            ).fetchone()

        row = await self.store.transact(read, write=False)
        return None if row is None else _row_dict(row)

    async def _set_status(self, game_id: str, vote_id: str, status: str,
                          declined_by: int | None = None) -> None:
        def write(tx: Tx) -> None:
            tx.execute("UPDATE rewinds SET status = ?, declined_by = ? WHERE game_id = ?"
                       " AND id = ?", (status, declined_by, game_id, vote_id))

        await self.store.transact(write)

    async def _still_open(self, live: LiveGame, vote: dict[str, Any]) -> bool:
        """Open, and nobody but the bots has changed the game since it was proposed."""
        if vote["status"] != "open" or live.head.status != "active":
            return False
        head = await self.store.head(live.id)
        moved = head.version - vote["at_version"]
        if moved < 0 or head.revision - vote["at_revision"] != moved:
            return False  # an undo or a rewind happened
        if moved == 0:
            return True
        rows = await self.store.actions(live.id, vote["at_version"] + 1, head.version)
        return all(live.info.seats[r.seat].kind == "bot" for r in rows)

    async def status(self, game_id: str, seat: int) -> dict[str, Any]:
        """``GET /api/games/{id}/rewind``: the points and the vote, as everyone sees them."""
        live = await self.service.get(game_id)
        vote = await self._read(game_id)
        if vote is not None and vote["status"] == "open" and not await self._still_open(
            live, vote
        ):
            vote["status"] = "expired"
        shown = None
        listed = await points(self.service, live, seat) if live.head.status == "active" else []
        if vote is not None:
            shown = {k: vote[k] for k in ("id", "to", "kind", "round", "seat", "proposer",
                                          "accepted", "status", "declined_by")}
            shown["to"] = await self._seen_at(live, seat, vote["to"])
            shown["waiting_for"] = ([s for s in humans(live) if s not in vote["accepted"]]
                                    if vote["status"] == "open" else [])
        return {
            "game": game_id,
            "seat": None if seat == SPECTATOR else seat,
            "humans": humans(live),
            "can_rewind": live.head.status == "active",
            "points": [shown_point(p) for p in listed],
            "vote": shown,
        }

    async def _seen_at(self, live: LiveGame, seat: int, position: int) -> int:
        """How many of the first ``position`` actions ``seat`` saw (its numbering)."""
        if position <= 0:
            return 0
        vi = viewer_index(live.players, seat)
        rows = await self.store.actions(live.id, 1, position)
        return sum(int(r.visible[vi]) for r in rows)

    def _check_seat(self, live: LiveGame, seat: int) -> None:
        if seat == SPECTATOR:
            raise ApiError(403, "auth/spectator", "a spectator cannot ask for a rewind or vote")
        if live.info.seats[seat].kind != "human":
            raise ApiError(403, "rewind/not_human", "only a human seat can vote on a rewind")

    async def propose(self, game_id: str, seat: int, version: int, to: int) -> dict[str, Any]:
        service = self.service
        live = await service.get(game_id)
        self._check_seat(live, seat)
        async with live.lock:
            await service._ensure_version(live, seat, version)
            if live.head.status != "active":
                raise ApiError(409, "rewind/game_over",
                               "the game is over: it can be replayed or branched, not rewound")
            vote = await self._read(game_id)
            if vote is not None and await self._still_open(live, vote):
                raise ApiError(409, "rewind/vote_open",
                               "a rewind vote is already open: accept or decline it first")
            found = {p["to"]: p for p in await points(service, live, seat)}
            point = found.get(to)  # ``to`` in the seat's own numbering (see points())
            if point is None:
                raise ApiError(422, "rewind/not_a_point",
                               f"position {to} is not the start of a round or a turn of this "
                               "game (ask GET /rewind for the points)")
            to = point["at"]  # the log position, from here on
            new = {"id": secrets.token_hex(6), "to": to, "kind": point["kind"],
                   "round": point["round"], "seat": point["seat"], "proposer": seat,
                   "at_version": live.head.version, "at_revision": live.head.revision,
                   "accepted": [seat], "status": "open", "declined_by": None,
                   "created_at": time.time()}

            def write(tx: Tx) -> None:
                tx.execute("DELETE FROM rewinds WHERE game_id = ?", (game_id,))
                tx.execute(
                    "INSERT INTO rewinds (game_id, id, to_version, kind, round, seat, proposer,"
                    " at_version, at_revision, accepted, status, declined_by, created_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)",
                    (game_id, new["id"], to, new["kind"], new["round"], new["seat"], seat,
                     new["at_version"], new["at_revision"], json.dumps([seat]), "open",
                     new["created_at"]),
                )

            await self.store.transact(write)
            if set(humans(live)) <= {seat}:
                await self._perform(live, new)
        return await self.status(game_id, seat)

    async def vote(self, game_id: str, seat: int, vote_id: str, accept: bool) -> dict[str, Any]:
        live = await self.service.get(game_id)
        self._check_seat(live, seat)
        async with live.lock:
            await self.service._sync(live)
            vote = await self._read(game_id)
            if vote is None or vote["id"] != vote_id or not await self._still_open(live, vote):
                raise ApiError(409, "rewind/no_vote",
                               "that rewind vote is no longer open (it was declined, it "
                               "passed, or someone acted since it was asked)")
            if not accept:
                await self._set_status(game_id, vote_id, "declined", seat)
            elif seat not in vote["accepted"]:
                accepted = await self._accept(game_id, vote_id, seat)
                if accepted is None:
                    raise ApiError(409, "rewind/no_vote",
                                   "that rewind vote is no longer open (it was declined or it "
                                   "passed meanwhile)")
                vote["accepted"] = accepted
                if set(humans(live)) <= set(accepted):
                    await self._perform(live, vote)
        return await self.status(game_id, seat)

    async def _accept(self, game_id: str, vote_id: str, seat: int) -> list[int] | None:
        """Add ``seat``'s acceptance to the open vote, atomically: a compare-and-set on the
        accepted list as read (two acceptances at once, in one process or two, on SQLite or
        PostgreSQL: the loser reads the winner's list and adds to it, so both count).
        Returns the list after it (None: the vote is no longer open)."""

        def accept(tx: Tx) -> list[int] | None:
            for _ in range(50):
                row = tx.execute("SELECT accepted, status FROM rewinds WHERE game_id = ?"
                                 " AND id = ?", (game_id, vote_id)).fetchone()
                if row is None or row[1] != "open":
                    return None
                before = json.loads(row[0])
                after = sorted({*before, seat})
                if tx.execute(
                    "UPDATE rewinds SET accepted = ? WHERE game_id = ? AND id = ?"
                    " AND accepted = ? AND status = 'open'",
                    (json.dumps(after), game_id, vote_id, row[0]),
                ).rowcount == 1:
                    return after
            raise ApiError(503, "server/busy", "the vote is changing too fast; try again")

        result: list[int] | None = await self.store.transact(accept)
        return result

    async def _perform(self, live: LiveGame, vote: dict[str, Any]) -> None:
        """Go back to the vote's point (under the lock): the log after it is deleted, every
        viewer's version moves on, and everyone is pushed the position."""
        service = self.service
        before = await service.state_at(live, vote["to"])
        seen = [s + 1 for s in live.head.seen]
        old = list(live.head.seen)
        try:
            head = await self.store.truncate(live.id, live.head.revision, vote["to"], seen,
                                             status_of(before))
        except StoreUnavailable as exc:
            live.suspect = True
            raise ApiError(503, "server/storage_unavailable",
                           f"the database did not confirm the rewind ({exc}); reload the game"
                           ) from None
        except Conflict:
            await service._sync(live)
            await self._set_status(live.id, vote["id"], "expired")
            raise ApiError(409, "rewind/no_vote",
                           "the game changed while the rewind was made: the vote expired"
                           ) from None
        live.state, live.head = before, head
        await self._set_status(live.id, vote["id"], "done")
        event = {"kind": "game_rewound", "to": vote["kind"], "round": vote["round"],
                 "seat": vote["seat"]}
        service._broadcast(live, old, [event], reloaded=True, rewound=True)
        service.on_change(live)


def add_rewind_routes(app: FastAPI, holder: dict[str, Any],
                      responses: dict[int | str, Any]) -> None:
    """``GET /api/games/{id}/rewind``, ``POST /api/games/{id}/rewind`` (propose) and
    ``POST /api/games/{id}/rewind/vote``."""

    def rewinds() -> Rewinds:
        r = holder.get("rewinds")
        if r is None or r.service is not holder["service"]:
            r = holder["rewinds"] = Rewinds(holder["service"])
        return r

    @app.get("/api/games/{game_id}/rewind", tags=["web"], responses=responses)
    async def get_rewind(game_id: str, request: Request) -> dict[str, Any]:
        """The rewind points (starts of rounds and turns) and the open (or latest) vote."""
        seat = await holder["auth"](request, game_id)
        return await rewinds().status(game_id, seat)

    @app.post("/api/games/{game_id}/rewind", tags=["web"], responses=responses)
    async def propose_rewind(game_id: str, body: RewindIn, request: Request) -> dict[str, Any]:
        """Ask every human seat to go back to a point (you accept by asking); with no other
        human seat, the rewind happens at once."""
        seat = await holder["auth"](request, game_id)
        return await rewinds().propose(game_id, seat, body.version, body.to)

    @app.post("/api/games/{game_id}/rewind/vote", tags=["web"], responses=responses)
    async def vote_rewind(game_id: str, body: VoteIn, request: Request) -> dict[str, Any]:
        """Accept or decline the open vote; the last acceptance rewinds the game."""
        seat = await holder["auth"](request, game_id)
        return await rewinds().vote(game_id, seat, body.vote, body.accept)
