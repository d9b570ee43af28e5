"""Security headers on every HTTP answer (issue 28 item 13).

- ``Content-Security-Policy``: the page runs only its own scripts (``script-src 'self'``: no
  inline script, no ``eval``, nothing from elsewhere), loads everything from this origin, opens
  WebSockets only to this host, and may not be framed (``frame-ancestors 'none'``). Styles
  allow ``'unsafe-inline'``: the page sets positions and colours through ``style`` (a style
  cannot run code). The OpenAPI pages (``/docs``, ``/redoc``) load their viewer from a CDN
  with an inline script, so they get no CSP (they show the API description, nothing secret).
- ``X-Frame-Options: DENY`` (older browsers' frame-ancestors), ``X-Content-Type-Options:
  nosniff`` (a JSON answer is never run as a script or styled as CSS) and ``Referrer-Policy:
  no-referrer`` (no URL of a game leaves with a link).
"""

from __future__ import annotations

import re

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; font-src 'self'; connect-src 'self'{ws}; object-src 'none'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
NO_CSP = ("/docs", "/redoc")  # FastAPI's viewers: a CDN script and an inline one
_HOST = re.compile(r"^[A-Za-z0-9.\-]+(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?$")


def policy(host: str) -> str:
    """The CSP for a page served as ``host``: WebSockets to this host only (``'self'`` does
    not cover ws: in every browser)."""
    ws = f" ws://{host} wss://{host}" if _HOST.match(host) else ""
    return CSP.format(ws=ws)


class SecurityHeadersMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        host = ""
        for name, value in scope.get("headers", []):
            if name == b"host":
                host = value.decode("latin-1")
                break
        extra = [(b"x-frame-options", b"DENY"), (b"x-content-type-options", b"nosniff"),
                 (b"referrer-policy", b"no-referrer")]
        if not path.startswith(NO_CSP):
            extra.append((b"content-security-policy", policy(host).encode()))

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []),
                                      *[(k, v) for k, v in extra if k not in have]]
            await send(message)

        await self.app(scope, receive, with_headers)
