"""The bot worker: one asyncio task group per server process plays the bot seats.

Whenever a game changes (here or, through notifications, in another process) and a bot seat
must decide, the game is queued. A worker computes the bot's choice from the bot seat's view
in a thread (so requests are never blocked), within the seat's think budget, then commits it
through the same pipeline as a client's action, provided the game has not moved meanwhile.

A bot's choice is a function of the stored game alone: the bot is made afresh for each
decision with a seed derived from the game's server-side secret (never from the game's seed,
which a player could learn), the seat and the log position. So after a
restart (games with bots are queued on start-up) the bots continue exactly where they were,
and several processes that race for the same bot move compute the same move (the storage's
compare-and-set keeps one).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

from fcm.bots import make_bot
from fcm.core.actions import Action
from fcm.core.engine import legal_actions
from fcm.core.state import GameState
from fcm.core.views import view
from fcm.server.config import Settings
from fcm.server.errors import ApiError
from fcm.server.match import LiveGame, MatchService, bot_secret, bot_seed

log = logging.getLogger("fcm.server.bots")

# Bots whose choice costs less than handing it to a thread (a pick among the legal actions):
# they decide on the event loop. A thread hop would cost more than the choice, and a busy
# worker thread makes the loop wait for the GIL (up to the 5 ms switch interval each time the
# loop releases it, e.g. around every SQLite statement), which showed up as tail latency.
INLINE_BOTS = frozenset({"random"})


def bot_choice(
    name: str, seed: int, state_view: GameState, seat: int, legal: Sequence[Action],
    think_ms: int,
) -> Action:
    bot = make_bot(name, seed)
    if hasattr(bot, "think_ms"):
        bot.think_ms = think_ms
    return bot.choose(state_view, seat, legal)


class BotWorker:
    def __init__(self, service: MatchService, settings: Settings) -> None:
        self.service = service
        self.settings = settings
        self._queue: asyncio.Queue[str] = asyncio.Queue()
        self._queued: set[str] = set()
        self._tasks: list[asyncio.Task[None]] = []
        self._stopping = False
        service.on_change = self._on_change

    def _on_change(self, live: LiveGame) -> None:
        if live.bot_actors():
            self.wake(live.id)

    def wake(self, game_id: str) -> None:
        if game_id not in self._queued:
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
        for t in self._tasks:
            t.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=5)
        self._tasks.clear()

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

    async def step(self, game_id: str) -> bool:
        """Make one bot move in ``game_id`` if a bot must decide; True if one was made."""
        live = await self.service.get(game_id)
        bots = live.bot_actors()
        if not bots or live.bot_failed_at == live.head.revision:
            return False
        seat = bots[0]
        revision = live.head.revision
        think_ms = live.info.seats[seat].think_ms or self.settings.bot_think_ms
        if self.settings.bot_delay_ms > 0:
            await asyncio.sleep(self.settings.bot_delay_ms / 1000)
            if live.head.revision != revision:
                self.wake(game_id)
                return False
        spec = live.info.seats[seat]
        seed = bot_seed(bot_secret(live.info), seat, live.head.version)
        args = (
            spec.bot or "random", seed, view(live.state, seat), seat,
            legal_actions(live.state, seat), think_ms,
        )
        if args[0] in INLINE_BOTS:
            action = bot_choice(*args)
        else:
            action = await self._think(game_id, spec.bot, seed, args)
        made = await self.service.play_bot(live, seat, action, revision)
        if live.bot_actors():
            self.wake(game_id)
        return made

    async def _think(
        self, game_id: str, name: str | None, seed: int,
        args: tuple[str, int, GameState, int, list[Action], int],
    ) -> Action:
        """A costly bot's choice, in a thread within its think budget (else a random move)."""
        think_ms = args[5]
        try:
            return await asyncio.wait_for(
                asyncio.to_thread(bot_choice, *args), timeout=think_ms / 1000 * 1.5 + 0.2
            )
        except TimeoutError:
            log.warning("bot %s over its think budget in game %s; playing a random move",
                        name, game_id)
            return bot_choice("random", seed, *args[2:])
