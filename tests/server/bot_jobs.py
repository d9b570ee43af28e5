"""Misbehaving bot jobs for the worker-process tests (module-level: a spawned worker imports
them by name)."""

from __future__ import annotations

import os
import time
from typing import Any


def slow_job(*args: Any) -> dict[str, Any]:
    """A bot that thinks far past any budget."""
    time.sleep(60)
    raise AssertionError("not reached")


def crash_job(*args: Any) -> dict[str, Any]:
    """A bot whose worker process dies while it thinks."""
    os._exit(3)


def long_think_job(*args: Any) -> dict[str, Any]:
    """The hard bot's own choice after a second of CPU work: a think long enough to test the
    server's answers during it, however fast the engine has become (the hard bot's default
    10 rollouts now take 0.2 s or less)."""
    from fcm.server.bots import think_job

    end = time.process_time() + 1.0
    while time.process_time() < end:  # busy, like a search (holding this process's GIL)
        pass
    return think_job(*args)


def nap_job(seconds: float) -> float:
    """A job that holds its worker for ``seconds`` (a hint's search, a bot's think)."""
    time.sleep(seconds)
    return seconds
