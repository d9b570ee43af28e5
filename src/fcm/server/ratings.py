"""Ratings and history: a rating per account (openskill's Plackett-Luce model, the one
``fcm tournament`` uses), updated when a rated game ends; a profile (games, wins, the rating's
history) and the account's archive of finished games with their replays.

A game is rated when created with the table option ``rated`` (which allows no hints; a
what-if branch of it never is). When
it ends, the seats claimed by accounts are rated among themselves by the final ranking
(``GameState.ranking``, best first); seats without an account (guests, bots) are left out,
and a game with fewer than two accounts changes nothing. A seat a bot took over when its
time ran out still counts for its account. Every process sees the end (``on_change``);
the update is one transaction that first inserts the game into ``rated_games`` (``ON
CONFLICT DO NOTHING``): whichever process wins rates it, exactly once.

The rating shown is openskill's ordinal, mu - 3 sigma (a cautious estimate: it starts at 0).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, FastAPI, Request

from fcm.server.accounts import name_key
from fcm.server.errors import ApiError
from fcm.server.match import BRANCH_FORMAT, LiveGame, MatchService
from fcm.server.storage import Tx

log = logging.getLogger("fcm.server.ratings")


def _model() -> Any:
    from openskill.models import PlackettLuce

    return PlackettLuce()


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


def rated(live: LiveGame) -> bool:
    """A rated game; a what-if branch never is (it keeps its game's table options)."""
    scenario = live.info.scenario
    return bool(live.info.table.get("rated")) and not (
        scenario is not None and scenario.get("format") == BRANCH_FORMAT)


class Ratings:
    def __init__(self, service: MatchService, now: Callable[[], float] | None = None) -> None:
        self.service = service
        self.store = service.store
        self.now = now or time.time
        self.model = _model()
        self._tasks: set[asyncio.Task[None]] = set()
        self._seen: set[str] = set()  # games this process has rated (or seen rated)
        previous = service.on_change

        def on_change(live: LiveGame) -> None:
            previous(live)
            if (live.head.status == "over" and rated(live) and live.id not in self._seen):
                self._seen.add(live.id)
                with contextlib.suppress(RuntimeError):  # no running loop
                    task = asyncio.get_running_loop().create_task(self._rate_logged(live))
                    self._tasks.add(task)
                    task.add_done_callback(self._tasks.discard)

        service.on_change = on_change

    async def idle(self) -> None:
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def _rate_logged(self, live: LiveGame) -> None:
        try:
            await self.rate(live)
        except Exception:
            self._seen.discard(live.id)
            log.exception("could not rate game %s", live.id)

    async def rate(self, live: LiveGame) -> bool:
        """Rate a finished rated game (once, whichever process comes first); True if this
        call did."""
        ranking = list(live.state.ranking)
        if not ranking or not rated(live):
            return False
        place = {seat: i for i, seat in enumerate(ranking)}
        gid, now, model = live.id, self.now(), self.model

        def rate(tx: Tx) -> bool:
            owners = [(int(s), str(a)) for s, a in tx.execute(
                "SELECT seat, account_id FROM seat_owners WHERE game_id = ? ORDER BY seat",
                (gid,),
            ).fetchall() if int(s) in place]
            if tx.execute(
                "INSERT INTO rated_games (game_id, rated_at, accounts) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id) DO NOTHING", (gid, now, len(owners)),
            ).rowcount != 1:
                return False  # rated already (another process, or before a restart)
            if len(owners) < 2:
                return True  # nobody to be rated against
            teams, ranks = [], []
            for seat, account in owners:
                row = tx.execute("SELECT mu, sigma FROM ratings WHERE account_id = ?",
                                 (account,)).fetchone()
                r = model.rating() if row is None else model.rating(mu=float(row[0]),
                                                                    sigma=float(row[1]))
                teams.append([r])
                ranks.append(place[seat])
            new = model.rate(teams, ranks=ranks)
            best = min(ranks)
            for (_seat, account), team, rank in zip(owners, new, ranks, strict=True):
                r = team[0]
                won = int(rank == best)
                tx.execute(
                    "INSERT INTO ratings (account_id, mu, sigma, games, wins, updated_at)"
                    " VALUES (?, ?, ?, 1, ?, ?) ON CONFLICT (account_id) DO UPDATE SET"
                    " mu = excluded.mu, sigma = excluded.sigma, games = ratings.games + 1,"
                    " wins = ratings.wins + excluded.wins, updated_at = excluded.updated_at",
                    (account, float(r.mu), float(r.sigma), won, now),
                )
                tx.execute(
                    "INSERT INTO rating_history (account_id, game_id, place, players, mu, sigma,"
                    " rated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (account, gid, rank + 1, len(ranking), float(r.mu), float(r.sigma), now),
                )
            return True

        done: bool = await self.store.transact(rate)
        return done

    # -- reading -------------------------------------------------------------------------------

    async def profile(self, name: str) -> dict[str, Any]:
        """An account's public profile: rating, rated games, wins, the rating after each rated
        game (oldest first), and how many games it has finished."""
        key = name_key(name)

        def read(tx: Tx) -> tuple[Any, Any, list[Any], Any]:
            acc = tx.execute("SELECT id, name, created_at FROM accounts WHERE name_key = ?",
                             (key,)).fetchone()
            if acc is None:
                return None, None, [], None
            rating = tx.execute("SELECT mu, sigma, games, wins FROM ratings WHERE"
                                " account_id = ?", (acc[0],)).fetchone()
            history = list(tx.execute(
                "SELECT place, players, mu, sigma, rated_at FROM rating_history"
                " WHERE account_id = ? ORDER BY rated_at, game_id", (acc[0],),
            ).fetchall())
            finished = tx.execute(
                "SELECT COUNT(*) FROM seat_owners o JOIN games g ON g.id = o.game_id"
                " WHERE o.account_id = ? AND g.status = 'over'", (acc[0],),
            ).fetchone()
            return acc, rating, history, finished

        acc, rating, history, finished = await self.store.transact(read, write=False)
        if acc is None:
            raise ApiError(404, "account/not_found", f"no account is named {name!r}")
        start = self.model.rating()
        mu, sigma, games, wins = (start.mu, start.sigma, 0, 0) if rating is None else (
            float(rating[0]), float(rating[1]), int(rating[2]), int(rating[3]))
        return {
            "name": str(acc[1]),
            "since": float(acc[2]),
            "rating": {"mu": mu, "sigma": sigma, "ordinal": ordinal(mu, sigma)},
            "rated_games": games,
            "wins": wins,
            "finished_games": int(finished[0]),
            "history": [
                {"place": int(p), "players": int(n), "mu": float(m), "sigma": float(s),
                 "ordinal": ordinal(float(m), float(s)), "at": float(at)}
                for p, n, m, s, at in history
            ],
        }

    async def archive(self, account_id: str, limit: int = 200) -> list[dict[str, Any]]:
        """The account's finished games, newest first: its seat, place, the final cash, and
        whether it was rated (the replay is at ``#/replay/{game}/{seat}``)."""

        def read(tx: Tx) -> list[Any]:
            return list(tx.execute(
                "SELECT o.game_id, o.seat, g.updated_at, h.place FROM seat_owners o"
                " JOIN games g ON g.id = o.game_id LEFT JOIN rating_history h"
                " ON h.game_id = o.game_id AND h.account_id = o.account_id"
                " WHERE o.account_id = ? AND g.status = 'over' ORDER BY g.updated_at DESC"
                " LIMIT ?", (account_id, limit),
            ).fetchall())

        out = []
        for gid, seat, ended, rated_place in await self.store.transact(read, write=False):
            try:
                live = await self.service.get(str(gid))
            except Exception:
                continue
            st = live.state
            ranking = list(st.ranking)
            out.append({
                "game": str(gid), "seat": int(seat), "ended_at": float(ended),
                "players": len(st.players), "rounds": st.round,
                "place": ranking.index(int(seat)) + 1 if int(seat) in ranking else None,
                "cash": [p.cash for p in st.players],
                "rated": rated(live), "rated_place": rated_place,
                "replay": f"#/replay/{gid}/{seat}",
            })
        return out


def mount_ratings(
    app: FastAPI, holder: dict[str, Any], responses: dict[int | str, Any]
) -> None:
    """``GET /api/players/{name}`` (public) and ``GET /api/account/archive`` (the cookie)."""
    router = APIRouter()

    @router.get("/api/players/{name}", responses=responses)
    async def profile(name: str) -> dict[str, Any]:
        """An account's profile: rating (openskill mu, sigma and ordinal), rated games, wins,
        the rating after each rated game."""
        if len(name) > 64:
            raise ApiError(404, "account/not_found", "no such account")
        result: dict[str, Any] = await holder["ratings"].profile(name)
        return result

    @router.get("/api/account/archive", responses=responses)
    async def archive(request: Request) -> dict[str, Any]:
        """Your finished games, newest first, each with a link to its replay."""
        session = await holder["cookie_auth"].required(request)
        return {"games": await holder["ratings"].archive(session.account.id)}

    app.include_router(router)
