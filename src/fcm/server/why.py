""""Why can't I do this?" over HTTP (issue 13 item 4): the engine's answer for the token's seat at
the current position, from :mod:`fcm.rules_help` (the legal-action generator and the engine's
own reason); nothing is applied or stored, and the answer is the one an attempt would get.

``POST /api/games/{id}/why`` ``{"action": {...}}`` and ``GET /api/games/{id}/why/card/{card}``.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from pydantic import BaseModel, ConfigDict

from fcm.server.errors import ApiError
from fcm.server.storage import SPECTATOR


class WhyIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: Any


def add_why_routes(app: FastAPI, holder: dict[str, Any], responses: dict[int | str, Any]) -> None:
    from fcm.rules_help import card_help, why
    from fcm.server.locale import request_lang
    from fcm.server.match import parse_action, seat_names

    async def seat_and_game(request: Request, game_id: str) -> tuple[int, Any]:
        seat = await holder["auth"](request, game_id)
        if seat == SPECTATOR:
            raise ApiError(403, "auth/spectator", "a spectator has no choices to ask about")
        return seat, await holder["service"].get(game_id)

    @app.post("/api/games/{game_id}/why", tags=["web"], responses=responses)
    async def why_action(game_id: str, body: WhyIn, request: Request) -> dict[str, Any]:
        """Whether you may play this action now, and if not the engine's reason in the
        game's words (nothing is played)."""
        seat, live = await seat_and_game(request, game_id)
        action = parse_action(body.action, live.state.rules)
        lang = request_lang(request)
        return {"game": game_id, "seat": seat,
                **why(live.state, seat, action, seat_names(live.info, lang), lang)}

    @app.get("/api/games/{game_id}/why/card/{card}", tags=["web"], responses=responses)
    async def why_card(game_id: str, card: str, request: Request) -> dict[str, Any]:
        """What you can do with a card now (the legal actions naming it), and if nothing,
        the engine's reason for what the card is for at this point of the round."""
        from fcm.core.errors import FcmError

        seat, live = await seat_and_game(request, game_id)
        try:
            lang = request_lang(request)
            return {"game": game_id, "seat": seat,
                    **card_help(live.state, seat, card, seat_names(live.info, lang), lang)}
        except FcmError as exc:
            raise ApiError(404, "why/no_such_card", exc.message) from None
