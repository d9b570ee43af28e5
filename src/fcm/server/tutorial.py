"""The tutorial over HTTP (issue 13): ``POST /api/tutorial`` starts a new tutorial game (the
prepared position and the easy bot of :mod:`fcm.tutorial`, its bot seeded from a fixed secret)
and answers the player's token; ``GET /api/tutorial`` answers the coach's script. The game is an
ordinary game in every other way (the table option ``tutorial`` tells the page to show the coach).
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request

from fcm.server.storage.base import SeatSpec


def add_tutorial_routes(app: FastAPI, holder: dict[str, Any],
                        responses: dict[int | str, Any]) -> None:
    from fcm import tutorial

    @app.get("/api/tutorial", tags=["web"], responses=responses)
    async def tutorial_script(request: Request) -> dict[str, Any]:
        """The coach's steps: text (in the reader's language), the control to use and the
        engine events it waits for."""
        from fcm.server.locale import request_lang

        return tutorial.script(request_lang(request))

    @app.post("/api/tutorial", status_code=201, tags=["web"], responses=responses)
    async def start_tutorial(request: Request) -> dict[str, Any]:
        """A new tutorial game against the easy bot: the player's seat and token (the seats
        named in the request's language)."""
        from fcm.server.locale import request_lang

        lang = request_lang(request)
        seats = [SeatSpec(s["kind"], s.get("bot"), None, s.get("name"))
                 for s in tutorial.seats(lang)]
        info, tokens, _ = await holder["service"].create_game(
            seats, {}, None, tutorial.scenario(lang), dict(tutorial.TABLE),
            secret=tutorial.BOT_SECRET,
        )
        seat = tutorial.HUMAN_SEAT
        return {"game": info.id, "seat": seat, "token": tokens[seat],
                "seats": [{"seat": i, "kind": s.kind, "bot": s.bot, "name": s.name}
                          for i, s in enumerate(seats)]}


def add_lesson_routes(app: FastAPI, holder: dict[str, Any],
                      responses: dict[int | str, Any]) -> None:
    """The lesson library (issue 26 item 10, :mod:`fcm.lessons`): ``GET /api/lessons`` lists
    the lessons, ``GET /api/lessons/{id}`` answers one's coach script, ``POST
    /api/lessons/{id}`` starts it (a game like the tutorial's: table option ``lesson``)."""
    from fcm import lessons
    from fcm.server.errors import ApiError
    from fcm.server.locale import request_lang

    def find(lesson_id: str) -> dict[str, Any]:
        data = lessons.lesson(lesson_id)
        if data is None:
            raise ApiError(404, "lesson/not_found", f"no lesson {lesson_id!r}")
        return data

    @app.get("/api/lessons", tags=["web"], responses=responses)
    async def list_lessons(request: Request) -> dict[str, Any]:
        """Every lesson: id, kind (concept, game, module), title, summary (in the request's
        language), module, steps."""
        lang = request_lang(request)
        return {"lessons": [lessons.summary(x, lang) for x in lessons.all_lessons()]}

    @app.get("/api/lessons/{lesson_id}", tags=["web"], responses=responses)
    async def lesson_script(lesson_id: str, request: Request) -> dict[str, Any]:
        """One lesson's coach: its steps (text in the request's language, the control to use,
        the events awaited)."""
        return lessons.script(find(lesson_id), request_lang(request))

    @app.post("/api/lessons/{lesson_id}", status_code=201, tags=["web"], responses=responses)
    async def start_lesson(lesson_id: str, request: Request) -> dict[str, Any]:
        """A new game at the lesson's position against the easy bot: the player's seat and
        token (the seats named in the request's language)."""
        data = find(lesson_id)
        lang = request_lang(request)
        seats = [SeatSpec(s["kind"], s.get("bot"), None, s.get("name"))
                 for s in lessons.seats_of(data, lang)]
        table = {"bot_pause_ms": 400, "hints": True, "lesson": data["id"]}
        info, tokens, _ = await holder["service"].create_game(
            seats, {}, None, lessons.scenario_of(data, lang), table, secret=lessons.BOT_SECRET,
        )
        return {"game": info.id, "seat": 0, "token": tokens[0], "lesson": data["id"],
                "seats": [{"seat": i, "kind": s.kind, "bot": s.bot, "name": s.name}
                          for i, s in enumerate(seats)]}
