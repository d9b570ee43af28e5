"""The browser UI: static ES modules, CSS and SVG served by the game server (no build step).

``mount_web(app)`` serves the assets under ``/web/`` and makes ``/`` the single-page app (the
lobby, a game, hot-seat play; routes live in the URL fragment), replacing the server's JSON
root route. It also adds ``GET /api/games/{id}/presentation`` (below): what the page draws and
cannot compute without the rules, derived by :mod:`fcm.presentation` from the requesting seat's
view. That route reuses the server's token handling and :class:`~fcm.server.match.MatchService`
and is kept separate here so it can move into ``app.py`` unchanged.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI, Query, Request
from fastapi.responses import Response
from fastapi.staticfiles import StaticFiles

WEB_DIR = Path(__file__).resolve().parent
ASSET_DIRS = ("js", "css", "img")
NO_CACHE = {"cache-control": "no-cache"}


def _index(request: Request) -> Response:
    """The page, in the request's language before its script runs (``lang``, the loading and
    no-script notes; fcm.server.locale)."""
    from fcm.i18n import t
    from fcm.server.locale import request_lang

    lang = request_lang(request)
    html = (WEB_DIR / "index.html").read_text(encoding="utf-8")
    html = html.replace('<html lang="en">', f'<html lang="{lang}">', 1)
    html = html.replace("Loading…", t("ui.loading", lang), 1)
    html = html.replace("Food Chain Magnate needs JavaScript (ES modules).",
                        t("ui.noscript", lang), 1)
    return Response(html, media_type="text/html",
                    headers={**NO_CACHE, "vary": "accept-language, cookie"})


class _Assets(StaticFiles):
    """Static files revalidated on every load (ES modules are fetched by the browser; a stale
    module after an upgrade would mix versions)."""

    async def get_response(self, path: str, scope: Any) -> Response:
        response = await super().get_response(path, scope)
        response.headers.setdefault("cache-control", "no-cache")
        return response


def mount_web(app: FastAPI) -> None:
    """Serve the UI from ``app``: ``/`` (and ``/index.html``) is the page, ``/web/...`` its
    assets; adds the presentation route."""
    app.router.routes = [
        r for r in app.router.routes if getattr(r, "path", None) not in ("/", "/index.html")
    ]
    app.add_api_route("/", _index, methods=["GET"], include_in_schema=False)
    app.add_api_route("/index.html", _index, methods=["GET"], include_in_schema=False)
    for name in ASSET_DIRS:
        app.mount(f"/web/{name}", _Assets(directory=WEB_DIR / name), name=f"web-{name}")
    add_presentation_route(app)
    add_options_route(app)
    from fcm.server.locale import add_locale_routes

    add_locale_routes(app)
    from fcm.server.replay import add_replay_routes

    add_replay_routes(app)


# -- the presentation endpoint (a candidate for fcm/server/app.py) ---------------------------


def add_presentation_route(app: FastAPI) -> None:
    from fcm.server.storage import SPECTATOR

    @app.get("/api/games/{game_id}/presentation", tags=["web"])
    async def get_presentation(
        game_id: str,
        request: Request,
        static: bool = Query(False, description="also the board picture and the catalog"),
    ) -> Response:
        """What the browser draws for the token's seat: pieces, org charts, prices, per house
        and chain price + distance, your draft with the overfill verdict, your legal actions
        annotated (squares, reach, salary). ``version`` is your version it was computed at."""
        import asyncio

        from fcm.core.engine import current_actors, legal_actions
        from fcm.core.views import view
        from fcm.payloads import PresentationAnswer
        from fcm.presentation import present, static_info
        from fcm.server.locale import request_lang
        from fcm.server.match import CLOSED, dumps, viewer_index

        service = request.app.state.service
        seat = await request.app.state.auth(request, game_id)  # a token, or the account's seat
        live = await service.get(game_id)
        state = live.state
        version = live.seen(seat)
        who = None if seat == SPECTATOR else seat
        lang = request_lang(request)  # each player reads their own language
        key = (viewer_index(live.players, seat), static, lang)
        # Kept per viewer with its version: another seat's secret step does not make this
        # seat's next answer slower (it would tell that seat that something happened).
        cached = live.presentation.get(key)
        if cached is not None and cached[0] == version:
            return Response(cached[1], media_type="application/json")

        def build() -> PresentationAnswer:
            seen = view(state, who)
            closed = live.head.status == CLOSED  # nobody acts
            legal = legal_actions(state, who) if who in current_actors(state) and not closed else []
            # (mypy wants every NotRequired key of the target in a ** item: "static" is set below)
            out: PresentationAnswer = {
                "game": game_id, "seat": who, "version": version,
                **present(seen, who, legal, lang),  # type: ignore[typeddict-item]
            }
            if static:
                out["static"] = static_info(state, lang)
            return out

        text = dumps(await asyncio.to_thread(build))
        if live.seen(seat) == version:  # still current: keep it for the next request
            live.presentation[key] = (version, text)
        return Response(text, media_type="application/json")


def add_options_route(app: FastAPI) -> None:
    @app.get("/api/web/options", tags=["web"])
    async def get_options(request: Request) -> dict[str, Any]:
        """What the create form offers: the rules options (``fcm.Options`` defaults), the bot
        levels with a one-line description each, the table options' defaults, and the
        expansion modules that can be played (docs/modules.md), each with its one-line
        description and the modules it needs or excludes, and the modules' option labels."""
        from fcm.bots import BOT_NAMES
        from fcm.core.state import Options
        from fcm.i18n import messages, t
        from fcm.presentation import player_text
        from fcm.rulesets import known_modules, playable_modules, player_counts
        from fcm.server.locale import request_lang
        from fcm.texts import option_texts

        lang = request_lang(request)

        def text(key: str, default: str) -> str:  # a module's name the catalogs may lack
            return t(key, lang) if key in messages("en") else default

        known = known_modules()
        modules = [
            {
                "id": m.id,
                "name": text(f"module.{m.id}", m.name),
                "description": player_text(text(f"module.{m.id}.description", m.description)),
                "requires": list(m.requires),
                "switches": list(playable_modules()[m.id].switches),
                # the player counts it adds (Six Players: 6), which need it checked
                "players": sorted(playable_modules()[m.id].players),
                # exclusions bind both ways, whichever module declares them
                "conflicts": sorted(
                    {*m.conflicts, *(o.id for o in known.values() if m.id in o.conflicts)}
                ),
            }
            for m in (known[i] for i in playable_modules())
        ]
        return {
            # the base game's switches, then the modules' (each off by default)
            "options": {
                **Options().to_dict(complete=True),
                **{name: False for m in playable_modules().values() for name in m.switches},
            },
            # the player counts the base game sets up (a module's "players" add more)
            "players": list(player_counts()),
            "bots": list(BOT_NAMES),
            "bot_levels": {name: text(f"bot.{name}.level", "") for name in BOT_NAMES},
            "table": {"bot_pause_ms": 1000, "hints": False},
            "modules": modules,
            # labels of the modules' options, registered by each module (fcm.texts)
            "option_text": {k: list(v) for k, v in option_texts(lang).items()},
            "lang": lang,
        }


# One line per bot level for the lobby (README "Bots" says the same at length): the catalog's
# ``bot.<name>.level`` (fcm.i18n).
