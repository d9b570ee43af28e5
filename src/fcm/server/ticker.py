"""A periodic task of one server process (the clock's deadlines, the notifier's outbox).

``tick`` runs every ``interval`` seconds, or at once when ``wake`` is set; a failing tick is
logged and the next one runs as planned. The work a tick does must be safe with several
processes ticking at once (both users take leases in the database).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger("fcm.server")


class Ticker:
    def __init__(
        self,
        name: str,
        tick: Callable[[], Awaitable[object]],
        interval: float,
        wake: asyncio.Event | None = None,
    ) -> None:
        self.name, self.tick, self.interval = name, tick, interval
        self.wake = wake or asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start ticking (an interval of 0 or less: never; tests call ``tick`` themselves)."""
        if self.interval > 0 and self._task is None:
            self._task = asyncio.create_task(self._loop(), name=self.name)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = None

    async def _loop(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), timeout=self.interval)
            self.wake.clear()
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("%s: a tick failed", self.name)
