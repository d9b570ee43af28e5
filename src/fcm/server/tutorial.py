"""The tutorial over HTTP (issue 13): ``POST /api/tutorial`` starts a new tutorial game (the
prepared position and the easy bot of :mod:`fcm.tutorial`, its bot seeded from a fixed secret)
and answers the player's token; ``GET /api/tutorial`` answers the coach's script. The game is an
ordinary game in every other way (the table option ``tutorial`` tells the page to show the coach).
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from fcm.server.storage.base import SeatSpec


def add_tutorial_routes(app: FastAPI, holder: dict[str, Any],
                        responses: dict[int | str, Any]) -> None:
    from fcm import tutorial

    @app.get("/api/tutorial", tags=["web"], responses=responses)
    async def tutorial_script() -> dict[str, Any]:
        """The coach's steps: text, the control to use and the engine events it waits for."""
        return tutorial.script()

    @app.post("/api/tutorial", status_code=201, tags=["web"], responses=responses)
    async def start_tutorial() -> dict[str, Any]:
        """A new tutorial game against the easy bot: the player's seat and token."""
        seats = [SeatSpec(s["kind"], s.get("bot"), None, s.get("name")) for s in tutorial.SEATS]
        info, tokens, _ = await holder["service"].create_game(
            seats, {}, None, tutorial.SCENARIO, dict(tutorial.TABLE),
            secret=tutorial.BOT_SECRET,
        )
        seat = tutorial.HUMAN_SEAT
        return {"game": info.id, "seat": seat, "token": tokens[seat],
                "seats": [{"seat": i, "kind": s.kind, "bot": s.bot, "name": s.name}
                          for i, s in enumerate(seats)]}
