"""Replay in the browser and what-if branches (issue 13).

``GET /api/games/{id}/replay`` lists the steps a viewer may step through; ``GET
/api/games/{id}/replay/{step}`` is the position after that step, drawn as the page draws a live
game (:func:`fcm.presentation.present`), with the events of that step (and the map's picture
when a module's extra tile made it differ from the start's). Every position is
rebuilt from the stored start and the action log (exact: the engine is deterministic), never
stored twice.

What a viewer may see: in a game that is over nothing is secret any more (the saved game, with
every choice, is public to its players then), so every action is a step and positions are
whole. While a game runs, a viewer steps only through the actions it saw, and each position is
its own seat's view (``fcm.view``) -- exactly what it was shown at the time.

``POST /api/games/{id}/branch`` starts a sandbox game (marked as a branch, unrated: nothing
counts it) from any step of a finished game, every human seat in the brancher's hands. Only
finished games can be branched: a branch of a live game would hand the brancher the whole
position, other seats' secrets included (re-sampling hidden information consistent with a
view is not done). A branch keeps the game's table options (bot pause, hints).

A branch's saved game (``GET .../record``, for ``fcm replay``) is its whole history: the game
it was branched from up to the branch point, then the branch's own actions (a whole position
fits no scenario; the history that led to it replays to it exactly).
"""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import Any

from fastapi import FastAPI, Path, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field


class BranchIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    step: int = Field(ge=0, le=2**31 - 1,
                      description="the replay step to branch from (0: the start)")


def add_replay_routes(app: FastAPI) -> None:
    from fcm.presentation import board_picture, present, static_info
    from fcm.server.errors import ApiError
    from fcm.server.locale import request_lang
    from fcm.server.match import (
        BRANCH_FORMAT,
        build_state,
        dumps,
        event_visible,
        initial_state,
        public_events,
        viewer_index,
    )
    from fcm.server.storage import SPECTATOR

    async def steps_of(request: Request, game_id: str) -> tuple[Any, Any, int, bool, list[Any]]:
        service = request.app.state.service
        seat = await request.app.state.auth(request, game_id)  # a token, or the account's seat
        live = await service.get(game_id)
        over = live.head.status == "over"
        vi = viewer_index(live.players, seat)
        rows = await service.store.actions(game_id, 1, live.head.version)
        shown = [r for r in rows if over or r.visible[vi]]
        return service, live, seat, over, shown

    def who_of(seat: int) -> int | None:
        return None if seat == SPECTATOR else seat

    def visible(events: list[dict[str, Any]], who: int | None, over: bool) -> list[dict[str, Any]]:
        return [e for e in events if over or event_visible(e, who)]

    @app.get("/api/games/{game_id}/replay", tags=["web"])
    async def replay_index(game_id: str, request: Request) -> Response:
        """The steps you may replay: step 0 is the start, then one per action (a finished
        game: every action; a live one: the actions you saw), each with its round and phase."""
        _, live, seat, over, shown = await steps_of(request, game_id)
        who = who_of(seat)
        round_, phase = 0, ""

        def track(events: list[dict[str, Any]]) -> None:
            nonlocal round_, phase
            for e in events:
                if e["kind"] in ("phase_started", "scenario_loaded"):
                    round_, phase = e.get("round", round_), e.get("phase", phase)
                elif e["kind"] == "round_started":
                    round_ = e.get("round", round_)

        track(public_events(live.info.initial_events))
        steps = [{"step": 0, "version": 0, "seat": None, "round": round_, "phase": phase}]
        for r in shown:
            track(visible(r.events, who, over))
            # ``version`` counts the actions you saw (the step itself), never log positions:
            # another seat's secret steps must not show in your numbers
            steps.append({"step": len(steps), "version": len(steps), "seat": r.seat,
                          "round": round_, "phase": phase})
        scenario = live.info.scenario or {}
        return Response(dumps({
            "game": game_id, "seat": who, "finished": over, "steps": steps,
            "branch_of": scenario.get("of") if scenario.get("format") == BRANCH_FORMAT else None,
        }), media_type="application/json")

    @app.get("/api/games/{game_id}/replay/{step}", tags=["web"])
    async def replay_step(
        game_id: str, request: Request, step: int = Path(ge=0, le=2**31 - 1)
    ) -> Response:
        """The position after ``step`` (see the index), as the page draws it, and the events
        of that step."""
        from fcm.core.views import view

        service, live, seat, over, shown = await steps_of(request, game_id)
        if not 0 <= step <= len(shown):
            raise ApiError(404, "replay/not_found",
                           f"there is no step {step}: this replay has steps 0 to {len(shown)}")
        who = who_of(seat)
        lang = request_lang(request)
        version = shown[step - 1].version if step else 0
        loaded = await service.store.load(game_id, version)

        def build() -> dict[str, Any]:
            state = build_state(loaded)
            seen = state if over else view(state, who)
            out: dict[str, Any] = {"game": game_id, "seat": who, "step": step,
                                   "total": len(shown), "version": step,
                                   "actor": shown[step - 1].seat if step else None}
            out["events"] = (visible(shown[step - 1].events, who, over) if step
                             else public_events(live.info.initial_events))
            out["presentation"] = present(seen, who, [], lang)
            if step == 0:
                out["static"] = static_info(state, lang)
            elif state.rules.extensions.map_growth and (
                state.tiles != initial_state(live.info)[0].tiles
            ):
                # the map grew (a module's extra tile): the picture of this step's map, which
                # the page draws instead of the start's
                out["board"] = board_picture(state)
            return out

        return Response(dumps(await asyncio.to_thread(build)), media_type="application/json")

    @app.post("/api/games/{game_id}/branch", tags=["web"], status_code=201)
    async def branch(game_id: str, body: BranchIn, request: Request) -> dict[str, Any]:
        """A sandbox game from a step of a finished game: the same seats (bots stay bots),
        every human seat's token to you; marked as a branch."""
        from fcm.server.storage import SeatSpec

        service, live, _seat, over, shown = await steps_of(request, game_id)
        if not over:
            raise ApiError(409, "branch/game_in_progress",
                           "only a finished game can be branched: a branch of a running game "
                           "would show you the other players' secret choices")
        if not 0 <= body.step <= len(shown):
            raise ApiError(404, "replay/not_found",
                           f"there is no step {body.step}: steps are 0 to {len(shown)}")
        version = shown[body.step - 1].version if body.step else 0
        state = build_state(await service.store.load(game_id, version))
        scenario = {
            "format": BRANCH_FORMAT, "of": game_id, "step": body.step, "players": live.players,
            "description": f"branch of game {game_id} at step {body.step}",
            "state": state.to_dict(),
        }
        seats = [SeatSpec(s.kind, s.bot, s.think_ms, s.name) for s in live.info.seats]
        info, tokens, spectator = await service.create_game(  # the same table options too
            seats, live.info.options, secrets.randbits(62), scenario, dict(live.info.table),
            branch=True,
        )
        base = str(request.base_url).rstrip("/")
        return {
            "game": info.id, "branch_of": game_id, "step": body.step,
            "seats": [{"seat": i, "kind": s.kind, "token": tokens.get(i),
                       "invite": f"{base}/#/join/{info.id}/{tokens[i]}" if i in tokens else None}
                      for i, s in enumerate(seats)],
            "spectator": {"token": spectator},
            "created_at": time.time(),
        }


async def branch_record(service: Any, live: Any) -> dict[str, Any]:
    """The saved game of a branch (see the module docs): a record ``fcm replay`` reads, whose
    replay ends at the branch's own position (its final hash)."""
    import dataclasses

    from fcm.core.actions import action_from_json
    from fcm.record import GameRecord

    scenario = live.info.scenario
    parent = GameRecord.from_json(await service.record(scenario["of"]))  # a branch's branch too
    # the step counts the parent's own actions; a parent that is a branch has a history before
    before = len(parent.actions) - (await service.get(scenario["of"])).head.version
    rows = await service.store.actions(live.id, 1, live.head.version)
    own = [(r.seat, action_from_json(r.action, live.state.rules)) for r in rows]
    cut = before + scenario["step"]
    record = dataclasses.replace(parent, actions=parent.actions[:cut] + own,
                                 final_hash=live.state.state_hash())
    return record.to_json()
