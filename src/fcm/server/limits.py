"""Request limits: body size (413), body time (408), well-formed JSON (400) and per-token
rate limiting (429).

All are plain ASGI middleware, so they act before any route code runs and a rejected request
changes nothing. The rate limiter is a token bucket per client key (the hash of the request's
token if it is a token the server knows, else the account of a signed-in session the server
knows, else the client address: made-up tokens and cookies share their address's bucket),
with a bounded number of buckets: the least recently used ones are
forgotten first.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import math
import time
from collections import OrderedDict
from collections.abc import Callable

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send


def _error(status: int, code: str, message: str, headers: list[tuple[bytes, bytes]] | None = None
           ) -> tuple[Message, Message]:
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    start: Message = {
        "type": "http.response.start",
        "status": status,
        "headers": [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            *(headers or []),
        ],
    }
    return start, {"type": "http.response.body", "body": body}


def malformed_json(body: bytes) -> str | None:
    """Why ``body`` is not acceptable JSON, or None. Parsed strictly (orjson): valid UTF-8,
    no lone surrogate, numbers that fit in 64 bits (or a double), at most 1024 levels of
    nesting; so the request is refused here as ``request/malformed_json`` rather than
    failing later."""
    try:
        orjson.loads(body)
    except orjson.JSONDecodeError as exc:
        return str(exc)
    return None


def _json_body(scope: Scope) -> bool:
    """Whether the app will read this request's body as JSON (FastAPI does when the content
    type says JSON or is absent)."""
    if scope.get("method") in ("GET", "HEAD", "OPTIONS", "DELETE"):
        return False
    for name, value in scope.get("headers", []):
        if name == b"content-type":
            kind = bytes(value).split(b";")[0].strip().lower()
            return kind == b"application/json" or kind.endswith(b"+json")
    return True


class BodyLimitMiddleware:
    """Reject request bodies over ``max_bytes`` with 413 ``request/too_large``, bodies that
    do not arrive within ``timeout`` seconds with 408 ``request/timeout``, and JSON bodies
    that do not parse with 400 ``request/malformed_json``."""

    def __init__(self, app: ASGIApp, max_bytes: int, timeout: float = 10.0) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.timeout = timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        message = (
            f"the request body is larger than the limit of {self.max_bytes} bytes"
        )
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    too_big = int(value) > self.max_bytes
                except ValueError:
                    too_big = False
                if too_big:
                    for m in _error(413, "request/too_large", message):
                        await send(m)
                    return
        # Read the whole body first (it is small by definition), then hand it to the app.
        chunks: list[bytes] = []
        received = 0
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                msg = await asyncio.wait_for(receive(), max(0.0, deadline - time.monotonic()))
            except TimeoutError:
                for m in _error(
                    408, "request/timeout",
                    f"the request body did not arrive within {self.timeout:g} s",
                    [(b"connection", b"close")],
                ):
                    await send(m)
                return
            if msg["type"] == "http.disconnect":
                return
            body = msg.get("body", b"")
            received += len(body)
            if received > self.max_bytes:
                for m in _error(413, "request/too_large", message):
                    await send(m)
                return
            chunks.append(body)
            if not msg.get("more_body", False):
                break
        whole = b"".join(chunks)
        if whole and _json_body(scope):
            why = malformed_json(whole)
            if why is not None:
                for m in _error(400, "request/malformed_json",
                                f"the request body is not valid JSON: {why}"):
                    await send(m)
                return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": whole, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


SESSION_COOKIE = b"fcm_session"  # fcm.server.accounts.COOKIE


def session_hash(scope: Scope) -> str | None:
    """The SHA-256 of the request's session cookie, if it has one."""
    for name, value in scope.get("headers", []):
        if name == b"cookie":
            for part in bytes(value).split(b";"):
                key, _, sid = part.strip().partition(b"=")
                if key == SESSION_COOKIE and sid:
                    return hashlib.sha256(sid).hexdigest()
    return None


def client_key(scope: Scope, known: Callable[[str], bool] | None = None,
               account: Callable[[str], str | None] | None = None) -> str:
    """The rate-limit key: the token's hash if the request carries a token that ``known``
    (by its SHA-256) accepts; else the account of a signed-in session that ``account`` (by
    the session id's SHA-256) knows, so several players behind one address (a shared network,
    a proxy) each have their own allowance; else the client's address (anonymous requests,
    made-up tokens and cookies). The address is uvicorn's: ``X-Forwarded-For`` only from
    ``FORWARDED_ALLOW_IPS`` (docs/hosting.md)."""
    token = None
    for name, value in scope.get("headers", []):
        if name == b"authorization":
            text = value.decode("latin-1")
            if text.lower().startswith("bearer "):
                token = text[7:].strip()
            break
    if token is None:
        qs = scope.get("query_string", b"").decode("latin-1")
        for part in qs.split("&"):
            if part.startswith("token="):
                token = part[6:]
                break
    if token:
        digest = hashlib.sha256(token.encode("utf-8", "surrogateescape")).hexdigest()
        if known is None or known(digest):
            return "t:" + digest
    if account is not None:
        session = session_hash(scope)
        owner = None if session is None else account(session)
        if owner is not None:
            return "u:" + owner
    client = scope.get("client")
    return "a:" + (client[0] if client else "?")


class RateLimiter:
    """Token buckets: ``rate`` requests per second on average, bursts up to ``burst``."""

    def __init__(self, rate: float, burst: int, max_clients: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.max_clients = max_clients
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def check(self, key: str, now: float | None = None) -> float:
        """Take one request from ``key``'s bucket: 0 if allowed, else seconds to wait."""
        now = time.monotonic() if now is None else now
        tokens, last = self._buckets.pop(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        wait = 0.0
        if tokens >= 1.0:
            tokens -= 1.0
        else:
            wait = (1.0 - tokens) / self.rate if self.rate > 0 else 60.0
        self._buckets[key] = (tokens, now)
        while len(self._buckets) > self.max_clients:
            self._buckets.popitem(last=False)
        return wait

    def __len__(self) -> int:
        return len(self._buckets)


WS_RATE_LIMITED = 4429  # the close code of a rate-limited WebSocket (4000 + HTTP status)


class RateLimitMiddleware:
    """429 over the rate; a WebSocket over it is accepted, told why (an ``error`` message
    with ``request/rate_limited``) and closed with code 4429, so a client can tell it from a
    refused token (4403) and retry later."""

    def __init__(
        self, app: ASGIApp, limiter: RateLimiter, known: Callable[[str], bool] | None = None,
        account: Callable[[str], str | None] | None = None,
    ) -> None:
        self.app = app
        self.limiter = limiter
        self.known = known
        self.account = account

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        wait = self.limiter.check(client_key(scope, self.known, self.account))
        if wait > 0:
            retry = str(max(1, math.ceil(wait)))
            message = (
                f"too many requests: at most {self.limiter.rate:g} per second "
                f"(bursts of {self.limiter.burst:g}); retry in {retry} s"
            )
            if scope["type"] == "websocket":
                msg = await receive()
                if msg["type"] != "websocket.connect":
                    return
                await send({"type": "websocket.accept"})
                body = {"type": "error", "error": {
                    "code": "request/rate_limited", "message": message, "retry_after": retry,
                }}
                await send({"type": "websocket.send", "text": json.dumps(body)})
                await send({"type": "websocket.close", "code": WS_RATE_LIMITED,
                            "reason": "rate limited"})
                return
            for m in _error(
                429, "request/rate_limited", message, [(b"retry-after", retry.encode())],
            ):
                await send(m)
            return
        await self.app(scope, receive, send)


