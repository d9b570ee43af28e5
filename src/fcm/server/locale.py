"""The language of a request (issue 27, :mod:`fcm.i18n`): each player reads the game in their own
language, whatever the others chose.

In order: a ``lang`` query parameter (the page's switcher asks with it right away), the
browser's ``fcm_lang`` cookie (set by the switcher, and from the account's choice when it logs
in), then the browser's ``Accept-Language``. The account's choice is stored with the account
(``PUT /api/account/lang``) for e-mails and webhooks and for a new browser; the cookie is the
per-browser memory. ``GET /api/i18n`` answers the browser's catalog (``web/js/i18n.js``).
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Query, Request, Response
from starlette.requests import HTTPConnection

from fcm.i18n import LOCALES, browser_catalog, negotiate, normalise
from fcm.server.config import Settings

COOKIE = "fcm_lang"
YEAR = 365 * 86400


def request_lang(conn: HTTPConnection, explicit: str | None = None) -> str:
    """The language to answer ``conn`` in (a request or a WebSocket)."""
    for choice in (explicit, conn.query_params.get("lang"), conn.cookies.get(COOKIE)):
        if choice:
            return normalise(choice)
    return negotiate(conn.headers.get("accept-language"))


def set_lang_cookie(response: Response, request: Request, settings: Settings,
                    lang: str | None) -> None:
    """Remember the language in this browser (None: forget it, follow Accept-Language)."""
    from fcm.server.accounts import is_https

    if lang is None:
        response.delete_cookie(COOKIE, path="/")
        return
    response.set_cookie(COOKIE, lang, max_age=YEAR, path="/", samesite="lax",
                        secure=is_https(request, settings), httponly=False)


def add_locale_routes(app: FastAPI) -> None:
    @app.get("/api/i18n", tags=["web"])
    async def get_catalog(
        request: Request,
        lang: str | None = Query(None, max_length=16, description="en, de, es, fr, zh-Hans"),
    ) -> Response:
        """The messages of the request's language (``lang``, else the ``fcm_lang`` cookie,
        else Accept-Language), English filling any gap, with the languages offered."""
        import orjson

        chosen = request_lang(request, lang)
        body: dict[str, Any] = browser_catalog(chosen)
        body["available"] = list(LOCALES)
        return Response(orjson.dumps(body), media_type="application/json",
                        headers={"cache-control": "no-cache", "vary": "accept-language, cookie",
                                 "content-language": chosen})
