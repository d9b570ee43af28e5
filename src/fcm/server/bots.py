"""The bot worker: asyncio tasks per server process play the bot seats.

Whenever a game changes (here or, through notifications, in another process) and a bot seat
must decide, the game is queued. A worker task sends the bot seat's view and legal actions
(never the full state) to a worker process (:mod:`fcm.server.thinking`), which returns the
bot's choice within the seat's think budget; the move is then committed through the same
pipeline as a client's action (version check, legality by the engine), provided the game has
not moved meanwhile.

A game's ``bot_pause_ms`` (a table option) makes bots act after a visible pause: the think
runs at once, and the commit is scheduled on the loop for the end of the pause (never a
sleep that holds a worker task). Steps nobody else could see (a bot's secret Restructuring
choices) go without a pause: they show nothing to wait for.

A bot's choice is a function of the stored game alone: the bot is made afresh for each
decision with a seed derived from the game's server-side secret (never from the game's seed,
which a player could learn), the seat and the log position. So after a
restart (games with bots are queued on start-up) the bots continue exactly where they were,
and several processes that race for the same bot move compute the same move (the storage's
compare-and-set keeps one).

When a worker process dies while a bot thinks, the same bot is asked again once in a fresh
process; when that fails too, or the think runs over its budget, medium decides instead (and
if even that fails, a random legal move, chosen on the loop): a crash never stops a game.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any

from fcm.bots import make_bot
from fcm.core.actions import Action, action_from_json
from fcm.core.engine import apply, legal_actions
from fcm.core.errors import FcmError
from fcm.core.state import GameState
from fcm.core.views import view
from fcm.games import state_from_dict
from fcm.server.config import Settings
from fcm.server.errors import ApiError
from fcm.server.match import LiveGame, MatchService, bot_secret, bot_seed, visible_to
from fcm.server.thinking import HINT, JobFailed, ThinkPool, ThinkTimeout, WorkerDied

log = logging.getLogger("fcm.server.bots")

# Bots whose choice costs less than handing it to a process (a pick among the legal
# actions): they decide on the event loop.
INLINE_BOTS = frozenset({"random"})
FALLBACK_BOT = "medium"


def bot_choice(
    name: str, seed: int, state_view: GameState, seat: int, legal: Sequence[Action],
    think_ms: int,
) -> Action:
    bot = make_bot(name, seed)
    if hasattr(bot, "think_ms"):
        bot.think_ms = think_ms
    return bot.choose(state_view, seat, legal)


def think_job(
    name: str, seed: int, view_dict: dict[str, Any], seat: int,
    legal_json: list[dict[str, Any]], think_ms: int,
) -> dict[str, Any]:
    """A worker process's job: the bot's choice on the seat's view (plain data in and out)."""
    view = state_from_dict(view_dict)
    legal = [action_from_json(a, view.rules) for a in legal_json]
    return bot_choice(name, seed, view, seat, legal, think_ms).to_json()


EXPLAIN_SHARE = 0.4  # of the hint's budget, for reading the plan behind the best move


def hint_job(
    seed: int, view_dict: dict[str, Any], seat: int, legal_json: list[dict[str, Any]],
    think_ms: int,
) -> dict[str, Any]:
    """A worker process's job: hard's reading of the seat's decision (``fcm analyse``) and
    the plan behind its best move (:mod:`fcm.bots.explain`), from that seat's view only."""
    import time

    from fcm.bots.explain import explain
    from fcm.bots.search import HardBot

    view = state_from_dict(view_dict)
    legal = [action_from_json(a, view.rules) for a in legal_json]
    bot = HardBot(seed, think=max(0.05, think_ms / 1000))
    rows = bot.analyse(view, seat, legal)
    # the plan's readings get a share of the budget (one draw at least: a few engine steps
    # per round of medium), so a hint stays within its worker's timeout
    deadline = time.perf_counter() + EXPLAIN_SHARE * max(0.05, think_ms / 1000)
    found = explain(view, seat, rows, bot, seed=seed, deadline=deadline)
    return {
        "candidates": [
            {"action": a.to_json(), "value": round(value, 1), "samples": samples,
             "medium": proposed}
            for a, value, samples, proposed in rows
        ],
        "plan": None if found is None else found.to_json(),
    }


def think_timeout(name: str, think_ms: int) -> float:
    """How long a worker may take: a searching bot its budget and a margin; the others have
    no budget (a few ms, but a fresh worker's first decision on a board builds its geometry)."""
    budget = think_ms / 1000 * 1.5 + 0.5
    return budget if name == "hard" else max(budget, 10.0)


def job_args(
    name: str, seed: int, state: GameState, seat: int, think_ms: int
) -> tuple[str, int, dict[str, Any], int, list[dict[str, Any]], int]:
    """What a worker receives for one decision: the seat's view and its legal actions."""
    legal = [a.to_json() for a in legal_actions(state, seat)]
    return (name, seed, view(state, seat).to_dict(), seat, legal, think_ms)


class BotWorker:
    def __init__(self, service: MatchService, settings: Settings) -> None:
        self.service = service
        self.settings = settings
        self.pool = ThinkPool(settings.bot_workers)
        self.job = think_job  # tests put a misbehaving (module-level) job here
        self._queue: asyncio.Queue[str] = asyncio.Queue()
        self._queued: set[str] = set()
        self._tasks: list[asyncio.Task[None]] = []
        self._later: set[asyncio.Task[bool]] = set()
        self._timers: set[asyncio.TimerHandle] = set()
        self._stopping = False
        service.on_change = self._on_change

    def _on_change(self, live: LiveGame) -> None:
        if live.bot_actors():
            self.wake(live.id)

    def wake(self, game_id: str) -> None:
        if game_id not in self._queued and not self._stopping:
            self._queued.add(game_id)
            self._queue.put_nowait(game_id)

    async def start(self) -> None:
        """Start the workers and queue every unfinished game with bots (resume after a
        restart)."""
        for _ in range(max(1, self.settings.bot_workers)):
            self._tasks.append(asyncio.create_task(self._run(), name="fcm-bot-worker"))
        for game_id in await self.service.store.active_games_with_bots():
            self.wake(game_id)

    async def stop(self) -> None:
        self._stopping = True
        for timer in self._timers:
            timer.cancel()
        self._timers.clear()
        tasks = [*self._tasks, *self._later]
        for t in tasks:
            t.cancel()
        if tasks:
            await asyncio.wait(tasks, timeout=5)
        self._tasks.clear()
        self._later.clear()
        await self.pool.close()

    async def _run(self) -> None:
        while not self._stopping:
            game_id = await self._queue.get()
            self._queued.discard(game_id)
            try:
                await self.step(game_id)
            except asyncio.CancelledError:
                raise
            except ApiError as exc:
                log.warning("bot worker: game %s: %s", game_id, exc.message)
            except Exception:
                log.exception("bot worker failed on game %s", game_id)
            # A step may complete without suspending (an inline bot, SQLite): let requests
            # and pushes run between two bot moves.
            await asyncio.sleep(0)

    def pause_of(self, live: LiveGame) -> float:
        """The game's pause before a bot's visible move, in seconds."""
        ms = live.info.table.get("bot_pause_ms")
        return (self.settings.bot_delay_ms if ms is None else int(ms)) / 1000

    async def step(self, game_id: str) -> bool:
        """Make (or schedule) one bot move in ``game_id`` if a bot must decide; True if one
        was made now."""
        live = await self.service.get(game_id)
        bots = live.bot_actors()
        revision = live.head.revision
        if not bots or live.bot_failed_at == revision or live.bot_pending == revision:
            return False
        loop = asyncio.get_running_loop()
        began = loop.time()
        seat = bots[0]
        spec = live.info.seats[seat]
        name = spec.bot or "random"
        think_ms = spec.think_ms or self.settings.bot_think_ms
        seed = bot_seed(bot_secret(live.info), seat, live.head.version)
        state = live.state
        if name in INLINE_BOTS:
            action = bot_choice(name, seed, view(state, seat), seat,
                                legal_actions(state, seat), think_ms)
        else:
            action = await self._think(live, seat, name, seed, state, think_ms)
        if live.head.revision != revision:
            self.wake(game_id)  # the game moved while the bot thought: decide again
            return False
        pause = self.pause_of(live)
        if pause > 0 and self._seen_by_others(live, state, seat, action):
            remaining = began + pause - loop.time()
            if remaining > 0:
                live.bot_pending = revision
                timer = loop.call_later(remaining, self._commit_later, live, seat, action,
                                        revision)
                self._timers.add(timer)
                return False
        return await self._commit(live, seat, action, revision)

    def _seen_by_others(
        self, live: LiveGame, state: GameState, seat: int, action: Action
    ) -> bool:
        """Whether a human seat or a spectator would see this move (a pause shows them
        something); the engine's events say, on a copy."""
        try:
            _, events = apply(state, seat, action)
        except FcmError:
            return True
        evs = [e.to_json() for e in events]
        others = [i for i, s in enumerate(live.info.seats) if s.kind == "human" and i != seat]
        return any(visible_to(seat, evs, v) for v in [*others, None])

    def _commit_later(self, live: LiveGame, seat: int, action: Action, revision: int) -> None:
        now = asyncio.get_running_loop().time()
        self._timers = {t for t in self._timers if not t.cancelled() and t.when() > now}
        if self._stopping:
            return
        task = asyncio.get_running_loop().create_task(
            self._commit(live, seat, action, revision, pending=True)
        )
        self._later.add(task)
        task.add_done_callback(self._later.discard)

    async def _commit(
        self, live: LiveGame, seat: int, action: Action, revision: int, pending: bool = False
    ) -> bool:
        try:
            made = await self.service.play_bot(live, seat, action, revision)
        finally:
            if pending and live.bot_pending == revision:
                live.bot_pending = -1
        if not made or live.bot_actors():
            self.wake(live.id)
        return made

    async def _think(
        self, live: LiveGame, seat: int, name: str, seed: int, state: GameState, think_ms: int
    ) -> Action:
        """A costly bot's choice in a worker process, within its think budget. A worker that
        dies is replaced and the bot asked once more; after a second failure or a think over
        budget, medium decides; if even that fails, a random legal move."""
        plan = [name, name] + ([FALLBACK_BOT] if name != FALLBACK_BOT else [])
        i = 0
        while i < len(plan):
            level = plan[i]
            job = self.job if level == name else think_job
            try:
                raw = await self.pool.run(job, job_args(level, seed, state, seat, think_ms),
                                          think_timeout(level, think_ms))
                return action_from_json(raw, state.rules)
            except WorkerDied as exc:
                log.warning("bot %s (game %s, seat %s): %s", level, live.id, seat, exc)
            except ThinkTimeout as exc:
                log.warning("bot %s (game %s, seat %s): thought %s; its worker was stopped",
                            level, live.id, seat, exc)
                while i + 1 < len(plan) and plan[i + 1] == level:
                    i += 1  # a second think would be as slow
            except (JobFailed, FcmError, ValueError, KeyError, TypeError) as exc:
                log.error("bot %s (game %s, seat %s) failed: %s", level, live.id, seat,
                          exc if isinstance(exc, JobFailed) else type(exc).__name__)
                while i + 1 < len(plan) and plan[i + 1] == level:
                    i += 1  # the same job would fail the same way
            i += 1
            if i < len(plan):
                again = "asking it again in a fresh worker" if plan[i] == level else (
                    f"{plan[i]} decides this move instead")
                log.warning("bot %s (game %s, seat %s): %s", name, live.id, seat, again)
        log.error("bot %s (game %s, seat %s): no worker answered; playing a random move",
                  name, live.id, seat)
        return bot_choice("random", seed, view(state, seat), seat,
                          legal_actions(state, seat), think_ms)

    async def hint(self, live: LiveGame, state: GameState, seat: int, seed: int,
                   think_ms: int) -> dict[str, Any]:
        """Hard's reading of ``seat``'s decision in ``state`` and the plan behind its best
        move, from that seat's view only, in a worker process."""
        args = job_args("hard", seed, state, seat, think_ms)[1:]
        # after every bot job waiting (a game's bots never wait behind hints); the margin
        # covers the plan's one reading at least (two short rollouts) on a loaded machine
        timeout = think_ms / 1000 * (1.5 + EXPLAIN_SHARE) + 3.0
        return dict(await self.pool.run(hint_job, args, timeout, priority=HINT))
