"""Worker processes where bots think (and hints are computed), off the server's process.

A bot's search would hold the GIL for up to its think budget, and a thread of the server
process would make every request wait for it; so every costly choice runs in a process of a
small pool (``spawn``: a fresh interpreter, no copy of the server's state, sockets or
tokens). A job is a module-level function and plain data (a seat's view as
``GameState.to_dict()``, legal actions as JSON): the worker never receives the full state.

Bots come first: a job has a priority (:data:`BOT` or :data:`HINT`); a free worker goes to
the oldest waiting bot job before any hint, and hints never hold more than all workers but
one (with two or more), so a queue of hint requests never delays a game's bot by more than
the one hint a worker may be busy with.

The event loop waits for the answer on the pipe's file descriptor (``add_reader``), never in
a thread. A worker that dies (a crash, ``SIGKILL``) raises :class:`WorkerDied` and one that
runs over its time :class:`ThinkTimeout`; either way it is killed and replaced by a fresh one
on the next job, so a broken worker never blocks a game.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
import multiprocessing
import multiprocessing.connection
import signal
import time
from collections.abc import Callable
from typing import Any

log = logging.getLogger("fcm.server.thinking")

_CTX = multiprocessing.get_context("spawn")
START_TIMEOUT = 60.0  # a fresh interpreter importing the bots, on a loaded machine
BOT, HINT = 0, 1  # job priorities: the lower first


class WorkerDied(Exception):
    """The worker process ended while it had a job (crash or kill)."""


class ThinkTimeout(Exception):
    """The job ran over its time; its worker was killed."""


class JobFailed(Exception):
    """The job raised in the worker (the worker itself is fine); the message names the
    exception type only (its text could hold a seat's view)."""


def _ready() -> bool:
    """A worker's first job: import what the bots need, so later jobs pay no import."""
    import fcm.bots.medium
    import fcm.bots.search
    import fcm.core.engine  # noqa: F401

    return True


def _serve(conn: multiprocessing.connection.Connection) -> None:
    """A worker's loop: jobs in, results out, until the server closes the pipe."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server stops its workers itself
    while True:
        try:
            fn, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            result: tuple[str, Any] = ("ok", fn(*args))
        except Exception as exc:
            result = ("error", type(exc).__name__)
        try:
            conn.send(result)
        except (BrokenPipeError, OSError):
            return


class _Worker:
    def __init__(self) -> None:
        self.conn, child = _CTX.Pipe()
        self.proc = _CTX.Process(target=_serve, args=(child,), name="fcm-think", daemon=True)
        self.proc.start()
        child.close()
        self.ready = False

    @property
    def pid(self) -> int | None:
        return self.proc.pid

    def kill(self) -> None:
        with contextlib.suppress(Exception):
            self.conn.close()
        with contextlib.suppress(Exception):
            self.proc.kill()

    def reap(self, timeout: float) -> None:
        with contextlib.suppress(Exception):
            self.proc.join(timeout)


class ThinkPool:
    """At most ``size`` worker processes, started on first use and kept between jobs."""

    def __init__(self, size: int) -> None:
        self.size = max(1, size)
        self._idle: list[_Worker] = []
        self._all: set[_Worker] = set()
        self._free = self.size  # workers nobody holds
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []  # (priority, seq, ...)
        self._seq = itertools.count()
        self._hint_slots: asyncio.Semaphore | None = None  # hints hold at most size - 1
        self.running: dict[int, float] = {}  # pid -> when its job started (monotonic)
        self.finished: list[tuple[str, float]] = []  # (job name, seconds), the last 100
        self._closed = False

    def pids(self) -> list[int]:
        return [w.pid for w in self._all if w.pid is not None]

    def waiting(self, priority: int | None = None) -> int:
        """Jobs waiting for a worker (of one priority, or all)."""
        return sum(1 for p, _, f in self._waiting
                   if not f.done() and (priority is None or p == priority))

    async def _acquire(self, priority: int) -> None:
        if self._free > 0 and not self.waiting():
            self._free -= 1
            return
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (priority, next(self._seq), fut))
        try:
            await fut
        except asyncio.CancelledError:
            if fut.done() and not fut.cancelled():
                self._release()  # handed a worker as it was cancelled: pass it on
            raise

    def _release(self) -> None:
        while self._waiting:
            _, _, fut = heapq.heappop(self._waiting)
            if not fut.done():
                fut.set_result(None)
                return
        self._free += 1

    @contextlib.asynccontextmanager
    async def _slot(self, priority: int) -> Any:
        if priority == BOT:
            await self._acquire(BOT)
            try:
                yield
            finally:
                self._release()
            return
        if self._hint_slots is None:
            self._hint_slots = asyncio.Semaphore(max(1, self.size - 1))
        async with self._hint_slots:
            await self._acquire(priority)
            try:
                yield
            finally:
                self._release()

    async def run(self, fn: Callable[..., Any], args: tuple[Any, ...], timeout: float,
                  priority: int = BOT) -> Any:
        """``fn(*args)`` in a worker process, within ``timeout`` seconds of its start there;
        ``priority``: :data:`BOT` jobs get a worker before :data:`HINT` jobs.

        Raises:
            WorkerDied, ThinkTimeout: the worker was lost (and is replaced next time).
            JobFailed: ``fn`` raised.
        """
        if self._closed:
            raise WorkerDied("the pool is closed")
        async with self._slot(priority):
            worker = self._idle.pop() if self._idle else await self._start()
            keep = False
            try:
                if not worker.ready:
                    await self._call(worker, _ready, (), START_TIMEOUT)
                    worker.ready = True
                result = await self._call(worker, fn, args, timeout)
                keep = True
                return result
            except JobFailed:
                keep = True
                raise
            finally:
                if keep and not self._closed:
                    self._idle.append(worker)
                else:
                    self._all.discard(worker)
                    worker.kill()
                    await asyncio.to_thread(worker.reap, 5.0)

    async def _start(self) -> _Worker:
        # Starting a process forks and writes its preparation data: kept off the loop.
        worker = await asyncio.to_thread(_Worker)
        self._all.add(worker)
        return worker

    async def _call(
        self, worker: _Worker, fn: Callable[..., Any], args: tuple[Any, ...], timeout: float
    ) -> Any:
        loop = asyncio.get_running_loop()
        readable: asyncio.Future[None] = loop.create_future()
        fd = worker.conn.fileno()

        def on_readable() -> None:
            if not readable.done():
                readable.set_result(None)

        pid = worker.pid or 0
        started = time.monotonic()
        loop.add_reader(fd, on_readable)
        self.running[pid] = started
        try:
            try:
                worker.conn.send((fn, args))
            except (BrokenPipeError, OSError) as exc:
                raise WorkerDied(f"could not send the job ({type(exc).__name__})") from None
            try:
                await asyncio.wait_for(readable, timeout)
            except TimeoutError:
                raise ThinkTimeout(f"over {timeout:.1f} s") from None
        finally:
            loop.remove_reader(fd)
            self.running.pop(pid, None)
        try:
            status, value = worker.conn.recv()
        except (EOFError, OSError):
            code = worker.proc.exitcode
            if code is None:
                await asyncio.to_thread(worker.reap, 1.0)
                code = worker.proc.exitcode
            raise WorkerDied(f"the worker process ended (exit code {code})") from None
        self.finished.append((getattr(fn, "__name__", "job"), time.monotonic() - started))
        del self.finished[:-100]
        if status != "ok":
            raise JobFailed(str(value))
        return value

    async def close(self) -> None:
        """Stop every worker: idle ones end when their pipe closes, busy ones are killed."""
        self._closed = True
        workers = list(self._all)
        self._all.clear()
        self._idle.clear()
        for w in workers:
            w.kill()
        for w in workers:
            await asyncio.to_thread(w.reap, 5.0)
