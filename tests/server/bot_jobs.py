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
