"""Request limits: a maximum body size (413) and per-token rate limiting (429).

Both are plain ASGI middleware, so they act before any route code runs and a rejected request
changes nothing. The rate limiter is a token bucket per client key (the hash of the request's
token, or the client address when it has none), with a bounded number of buckets: the least
recently used ones are forgotten first.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections import OrderedDict

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


class BodyLimitMiddleware:
    """Reject request bodies over ``max_bytes`` with 413 ``request/too_large``."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

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
        while True:
            msg = await receive()
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
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": whole, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


def client_key(scope: Scope) -> str:
    """The rate-limit key: the token's hash if the request carries one, else the address."""
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
        return "t:" + hashlib.sha256(token.encode()).hexdigest()[:32]
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


class RateLimitMiddleware:
    def __init__(self, app: ASGIApp, limiter: RateLimiter) -> None:
        self.app = app
        self.limiter = limiter

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        wait = self.limiter.check(client_key(scope))
        if wait > 0:
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1013, "reason": "rate limited"})
                return
            retry = str(max(1, math.ceil(wait)))
            for m in _error(
                429, "request/rate_limited",
                f"too many requests: at most {self.limiter.rate:g} per second "
                f"(bursts of {self.limiter.burst:g}); retry in {retry} s",
                [(b"retry-after", retry.encode())],
            ):
                await send(m)
            return
        await self.app(scope, receive, send)


