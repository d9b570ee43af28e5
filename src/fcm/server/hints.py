"""Hints: the hard bot's reading of a decision (``fcm analyse``) in the web app.

``GET /api/games/{id}/hint`` answers the best candidate moves with their estimated value
(dollars of lead over the best rival, from determinized rollouts) and how many
determinizations each got. It is computed in a bot worker process from one seat's view and
legal actions only, never from the full state:

- a **live** game: only for the asking seat, at its current decision, and only when the game
  was created with the table option ``hints`` (there are no rated games; a game without the
  option refuses hints, so players who agreed on no help get none);
- a **finished** game: any position (``at``: the number of actions played before it; by
  default the position of the asking seat's last decision), read from the view of the seat
  that decided there (everything is public once the game is over: its record is too).

Each seat may have one hint in flight and one per ``hint_every_ms`` (429 ``hint/rate_limited``
with ``retry_after``): a search costs a worker process up to ``hint_think_ms``.
"""

from __future__ import annotations

import hashlib
import time
from typing import Any, cast

from fastapi import FastAPI, Query, Request
from fastapi.responses import Response

from fcm.core.actions import action_from_json
from fcm.core.engine import current_actors, legal_actions
from fcm.payloads import ActionJson, HintAnswer, HintCandidate, HintPlan
from fcm.presentation import _label
from fcm.server.errors import ApiError
from fcm.server.locale import request_lang
from fcm.server.match import CLOSED, bot_secret, dumps
from fcm.server.schemas import MAX_INT
from fcm.server.storage import SPECTATOR

HINTS_PER_GAME = 2  # hints in flight for one game (its seats together)
HINTS_PER_ADDRESS = 2  # hints in flight for one client address (every game)
HINTS_AT_ONCE = 8  # hints in flight in this process: more wait for nobody, they are refused


class HintLimiter:
    """One hint in flight per (game, viewer) and at most one per ``every`` seconds; at most
    :data:`HINTS_PER_GAME` in flight per game, :data:`HINTS_PER_ADDRESS` per client address
    and :data:`HINTS_AT_ONCE` in the process (a hint costs a worker process's search, and
    the bots must never wait behind a queue of them)."""

    def __init__(self, every: float) -> None:
        self.every = every
        self._last: dict[tuple[str, int], float] = {}
        self._busy: dict[tuple[str, int], str] = {}  # key -> the asking address

    def acquire(self, key: tuple[str, int], address: str = "?") -> None:
        now = time.monotonic()
        if key in self._busy:
            raise ApiError(429, "hint/rate_limited", "your previous hint is still being "
                           "computed", retry_after=1)
        if sum(1 for k in self._busy if k[0] == key[0]) >= HINTS_PER_GAME:
            raise ApiError(429, "hint/rate_limited", f"{HINTS_PER_GAME} hints are being "
                           "computed for this game: ask again in a moment", retry_after=2)
        if sum(1 for a in self._busy.values() if a == address) >= HINTS_PER_ADDRESS:
            raise ApiError(429, "hint/rate_limited", f"{HINTS_PER_ADDRESS} hints are being "
                           "computed for your address: ask again in a moment", retry_after=2)
        if len(self._busy) >= HINTS_AT_ONCE:
            raise ApiError(429, "hint/rate_limited", "the server is computing many hints: "
                           "ask again in a moment", retry_after=2)
        wait = self._last.get(key, -1e9) + self.every - now
        if wait > 0:
            raise ApiError(429, "hint/rate_limited",
                           f"one hint every {self.every:g} s: ask again in {wait:.1f} s",
                           retry_after=max(1, round(wait + 0.5)))
        if len(self._last) > 10_000:
            self._last.clear()
        self._last[key] = now
        self._busy[key] = address

    def release(self, key: tuple[str, int]) -> None:
        self._busy.pop(key, None)


def hint_seed(secret: int, seat: int, at: int) -> int:
    digest = hashlib.sha256(f"hint:{secret}:{seat}:{at}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def add_hint_route(app: FastAPI) -> None:
    from fcm.server.app import ERRORS

    @app.get("/api/games/{game_id}/hint", tags=["hints"], responses=ERRORS)
    async def get_hint(
        game_id: str,
        request: Request,
        at: int | None = Query(
            None, ge=0, le=MAX_INT,
            description="finished games: the position after this many actions"
        ),
    ) -> Response:
        """Hard's best candidate moves for a decision, with their estimated value and search
        effort. Live games: your current decision, if the game allows hints. Finished games:
        any position (default: your last decision)."""
        service = request.app.state.service
        worker = request.app.state.worker
        seat = await request.app.state.auth(request, game_id)  # a token, or the account's seat
        live = await service.get(game_id)
        total = live.head.version
        played: dict[str, Any] | None = None
        if live.head.status != "over":
            if not live.info.table.get("hints"):
                raise ApiError(409, "hint/not_allowed",
                               "this game was created without hints: a hint is available "
                               "once the game is over")
            if at is not None:
                raise ApiError(422, "hint/invalid",
                               "'at' is for finished games: a live game's hint is for your "
                               "current decision")
            if (seat == SPECTATOR or live.head.status == CLOSED
                    or seat not in current_actors(live.state)):
                raise ApiError(409, "hint/not_your_turn",
                               "a hint is for your own decision: it is not your turn")
            state, mover, at = live.state, seat, total
            # what the seat is told counts its own versions: the log position would count
            # the other seats' secret steps
            shown_at = shown_total = live.seen(seat)
        else:
            rows = await service.store.actions(game_id, 1, total)
            if at is None:
                mine = [r.version for r in rows if seat in (SPECTATOR, r.seat)]
                at = (mine[-1] - 1) if mine else 0
            if not 0 <= at < total:
                raise ApiError(422, "hint/invalid",
                               f"'at' must be from 0 to {total - 1} (actions of this game)")
            state = await service.state_at(live, at)
            actors = current_actors(state)
            mover = seat if seat in actors else actors[0]
            row = rows[at]
            if row.seat == mover:
                played = row.action
            shown_at, shown_total = at, total  # a finished game: nothing is secret
        key = (game_id, seat)
        limiter: HintLimiter = request.app.state.hints
        limiter.acquire(key, request.client.host if request.client else "?")
        try:
            seed = hint_seed(bot_secret(live.info), mover, at)
            answer = await worker.hint(live, state, mover, seed,
                                       service.settings.hint_think_ms)
        finally:
            limiter.release(key)
        lang = request_lang(request)
        legal = {dumps(a.to_json()) for a in legal_actions(state, mover)}
        candidates: list[HintCandidate] = []
        for c in answer["candidates"]:
            action = action_from_json(c["action"], state.rules)
            if dumps(action.to_json()) not in legal:  # never offered unless legal
                continue
            candidates.append({"action": c["action"], "value": c["value"],
                               "samples": c["samples"], "medium": c["medium"],
                               "label": _label(state, action, lang)})
        body: HintAnswer = {
            "game": game_id, "seat": mover, "at": shown_at, "total": shown_total,
            "round": state.round, "phase": state.turn.phase.value,
            "over": live.head.status == "over",
            "candidates": candidates,
            "plan": _plan(state, answer.get("plan"), lang) if candidates else None,
            "played": cast("ActionJson | None", played),
            "played_label": (
                None if played is None
                else _label(state, action_from_json(played, state.rules), lang)
            ),
        }
        return Response(dumps(body), media_type="application/json")


def _plan(state: Any, plan: dict[str, Any] | None, lang: str) -> HintPlan | None:
    """The worker's plan (fcm.bots.explain) in the reader's language."""
    from fcm.bots.explain import plan_text, say

    if plan is None:
        return None
    against = plan["against"]
    return {
        "value": plan["value"], "samples": plan["samples"], "against": against,
        "against_label": (None if against is None
                          else _label(state, action_from_json(against, state.rules), lang)),
        "against_medium": plan["against_medium"], "edge": plan["edge"], "draws": plan["draws"],
        "reasons": [{"code": r["code"], "params": r["params"], "text": say(r, lang)}
                    for r in plan["reasons"]],
        "text": plan_text(plan["reasons"], lang),
    }
