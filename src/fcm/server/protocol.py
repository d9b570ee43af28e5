"""uvicorn's HTTP protocol (httptools) with a deadline for the request head.

uvicorn bounds the idle time between requests (keep-alive) but not the time a request's
line and headers take to arrive: a client sending one byte now and then holds its
connection (and a file descriptor) for ever, and enough of them exhaust the server. Here the
head must be complete within ``header_timeout`` seconds of the connection or of the end of
the previous response; else the client gets 408 and the connection is closed. (The body's
deadline is :class:`fcm.server.limits.BodyLimitMiddleware`'s.)
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

HEAD_TIMEOUT_BODY = json.dumps({"error": {
    "code": "request/timeout", "message": "the request headers did not arrive in time",
}}).encode()


def http_protocol(header_timeout: float) -> Any:
    """The protocol class for ``uvicorn.Config(http=...)`` ("auto" without httptools)."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:  # pragma: no cover - httptools is part of the server extra
        return "auto"

    class TimedHttpToolsProtocol(HttpToolsProtocol):
        timeout = header_timeout
        _head_timer: asyncio.TimerHandle | None = None

        def _arm_head(self) -> None:
            if self._head_timer is None:
                self._head_timer = self.loop.call_later(self.timeout, self._head_expired)

        def _disarm_head(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def _head_expired(self) -> None:
            self._head_timer = None
            if self.transport.is_closing():
                return
            if self.cycle is None or self.cycle.response_complete:
                self.transport.write(
                    b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
                    b"connection: close\r\ncontent-length: "
                    + str(len(HEAD_TIMEOUT_BODY)).encode() + b"\r\n\r\n" + HEAD_TIMEOUT_BODY
                )
            self.transport.close()

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm_head()

        def on_headers_complete(self) -> None:
            self._disarm_head()
            super().on_headers_complete()

        def on_response_complete(self) -> None:
            waiting = not self.pipeline  # else the next request's head is already here
            super().on_response_complete()
            if waiting and not self.transport.is_closing():
                self._arm_head()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm_head()
            super().connection_lost(exc)

    return TimedHttpToolsProtocol
