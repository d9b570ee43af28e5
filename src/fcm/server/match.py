"""The match service: the master pipeline between clients, the engine and storage.

For an action: authenticate the seat (the caller passes the seat its token maps to) → check
the client's version → ``fcm.apply`` (the engine alone decides legality) → append the action
and the new head to storage in one transaction (compare-and-set: a process whose cached game
is out of date gets a conflict, reloads and tries again) → push every connected client its
own view.

**Versions never leak secret steps.** A viewer (each seat, and the spectators together) has its
own *version*: the number of changes to the game it could see. An action is visible to a
viewer unless everything the engine reported for it is for other eyes (every event of it has
a ``visible_to`` that excludes the viewer), as with sending a card to work during
Restructuring. So a seat never learns how many secret steps another seat took, a seat's
version goes stale only when something it can see has changed (simultaneous secret decisions
do not race each other into 409s), and an undo is a change too (versions never go back, so a
version can never name two different positions). Internally the log position
(``Head.version``: the number of actions applied) and the revision (every change) are used.

**Undo** (:meth:`MatchService.undo`): a seat may take back the last action of the game if it
is its own, the game is not over, and the action revealed nothing hidden from that seat:
no chance was drawn (the PRNG state did not move), no reserve card became visible to it, and
no other seat's secret choice (Restructuring or Payday draft) was revealed or cleared. It is
done by truncating the log, never by editing a state.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import orjson

from fcm.core.actions import Action, action_from_json
from fcm.core.engine import apply, apply_in_place, current_actors, legal_actions
from fcm.core.errors import FcmError
from fcm.core.events import Event, EventKind
from fcm.core.ruleset import Ruleset
from fcm.core.state import GameState, Options, Phase
from fcm.core.views import reserves_visible_to, view
from fcm.games import state_from_dict
from fcm.payloads import SeatPublic, TablePublic
from fcm.presentation import dinnertime_routes, explain_error, seat_name
from fcm.record import GameRecord
from fcm.rulesets import check_players, most_players, options_from_dict
from fcm.server.config import Settings
from fcm.server.errors import ENGINE_STATUS, ApiError, engine_error
from fcm.server.storage import (
    SPECTATOR,
    ActionRow,
    Conflict,
    GameInfo,
    GameNotFound,
    Head,
    Loaded,
    SeatSpec,
    Store,
    StoreUnavailable,
)

log = logging.getLogger("fcm.server")

BRANCH_FORMAT = "fcm-branch/1"  # the start of a what-if branch: a whole position
COMMIT_ATTEMPTS = 5
TOKEN_RECHECK = 30.0  # seconds a token found in the store is trusted from memory


class BotMoveOutdated(Exception):
    """Another process changed the game while a bot's move was being stored."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def dumps(value: Any) -> str:
    """Compact JSON (orjson: several times faster than ``json`` on the large views)."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


# -- visibility ----------------------------------------------------------------------------------


def event_visible(event: dict[str, Any], viewer: int | None) -> bool:
    to = event.get("visible_to")
    return to is None or (viewer is not None and viewer in to)


# The first event of a move the turn timer's bot made for a human seat (not an engine event:
# the log and the page say the bot played it, and the seat's own undo cannot take it back).
TIMER_BOT_MOVE = "timer_bot_move"


def timer_bot_event(seat: int, bot: str, events: list[dict[str, Any]]) -> dict[str, Any]:
    """The mark of a timer bot's move, seen by exactly those who see the move: public when
    one of its events is, else only by the seats its secret events are for (a secret step
    stays secret: the mark moves nobody else's version)."""
    mark: dict[str, Any] = {"kind": TIMER_BOT_MOVE, "seat": seat, "bot": bot}
    if events and all(e.get("visible_to") is not None for e in events):
        mark["visible_to"] = sorted({s for e in events for s in e["visible_to"]})
    return mark


def visible_to(actor: int, events: list[dict[str, Any]], viewer: int | None) -> bool:
    """Whether ``viewer`` (a seat, or None for a spectator) may know this action happened."""
    if viewer == actor or not events:
        return True
    return any(event_visible(e, viewer) for e in events)


def viewers(players: int) -> list[int | None]:
    """The viewers of a game in ``Head.seen`` order: every seat, then the spectators."""
    return [*range(players), None]


def viewer_index(players: int, seat: int) -> int:
    return players if seat == SPECTATOR else seat


def reveal_reason(before: GameState, after: GameState, seat: int) -> str | None:
    """What hidden information (hidden from ``seat``) the step ``before`` → ``after`` showed,
    judged by what :func:`fcm.core.views.view` hides; None if nothing."""
    if after.rng != before.rng:
        return "a random outcome was drawn"
    if not reserves_visible_to(before, seat) and reserves_visible_to(after, seat):
        return "the reserve cards were revealed"
    for other, draft in before.turn.drafts.items():
        if other != seat and after.turn.drafts.get(other) != draft:
            return "the other players' secret choices were revealed"
    if after.turn.phase is Phase.GAME_OVER:
        return "the game is over"
    return None


def bot_seed(game_secret: int, seat: int, version: int) -> int:
    """A bot's seed for one decision: a function of the stored game only (resumes exactly),
    derived from the game's server-side secret (:func:`bot_secret`), never from its seed."""
    digest = hashlib.sha256(f"{game_secret}:{seat}:{version}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def bot_secret(info: GameInfo) -> int:
    """What the bots of a game are seeded from: its secret (games stored before secrets
    existed: its seed, which is no longer sent to anyone either)."""
    return info.seed if info.secret is None else info.secret


def public_events(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Events as stored, without the seed (``game_created`` of games stored before the engine
    left it out): nobody may compute chance from what they receive."""
    return [
        {k: v for k, v in e.items() if k != "seed"} if e.get("kind") == "game_created" else e
        for e in events
    ]


def parse_action(raw: Any, rules: Ruleset | None = None) -> Action:
    """The engine's parse of a client's action (by the codec of the game's ``rules``: its
    modules' action types); every failure is ``action/invalid`` (the engine refuses a ``null``
    in a field that is not optional)."""
    try:
        return action_from_json(raw, rules)
    except FcmError as exc:
        raise engine_error(exc.code, exc.message) from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        raise ApiError(400, "action/invalid", f"malformed action: {exc}") from None


# -- live games -----------------------------------------------------------------------------------


RECENT_CHANGES = 64  # changes kept per game for clients that connect late (``since``)


@dataclass(eq=False)
class Subscriber:
    """A push channel (one WebSocket) of one viewer of one game."""

    game_id: str
    seat: int  # SPECTATOR for spectators
    queue: asyncio.Queue[str]
    on_overflow: Callable[[], None] = lambda: None

    def push(self, message: str) -> None:
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.on_overflow()


@dataclass(eq=False)
class LiveGame:
    """A game as this process holds it: the current state and head, under one lock."""

    info: GameInfo
    state: GameState
    head: Head
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: set[Subscriber] = field(default_factory=set)
    # The last changes as pushed: every viewer's version before and after, the events, and
    # whether it was a plain change (not an undo, reload or rewind). A client that opens its
    # socket knowing an older version gets the events it missed from here.
    recent: deque[tuple[list[int], list[int], list[dict[str, Any]], bool]] = field(
        default_factory=lambda: deque(maxlen=RECENT_CHANGES)
    )
    bot_failed_at: int = -1  # revision at which a bot move failed (not retried until a change)
    bot_pending: int = -1  # revision at which a bot's move waits out the game's bot pause
    # Per-viewer message bodies (views and legal actions are costly), each kept with the
    # viewer's version it was made at: another seat's secret step leaves a viewer's version,
    # and so its cached answer, as they were (its next request costs the same as before).
    cache: dict[int, tuple[int, dict[str, Any]]] = field(default_factory=dict)
    # the presentation endpoint's answers (JSON), by (viewer index, with static info), each
    # with the viewer's version: the page asks after every update
    presentation: dict[tuple[int, bool], tuple[int, str]] = field(default_factory=dict)
    # True after a storage failure: this copy may differ from the store (a write of unknown
    # outcome, or a database that lost commits); reloaded before it is used again
    suspect: bool = False

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def players(self) -> int:
        return self.info.players

    def seen(self, seat: int) -> int:
        return self.head.seen[viewer_index(self.players, seat)]

    def bot_actors(self) -> list[int]:
        if self.head.status != "active":
            return []
        return [s for s in current_actors(self.state) if self.info.seats[s].kind == "bot"]


def initial_state(info: GameInfo) -> tuple[GameState, list[Event]]:
    if info.scenario is not None and info.scenario.get("format") == BRANCH_FORMAT:
        # a what-if branch starts from a whole saved position (fcm.server.replay)
        state = state_from_dict(info.scenario["state"])
        loaded = Event(EventKind.SCENARIO_LOADED, {
            "description": info.scenario["description"], "round": state.round,
            "phase": state.turn.phase.value,
        })
        return state, [loaded]
    record = GameRecord(
        players=info.players,
        seed=info.seed,
        options=Options.from_dict(info.options),
        scenario=info.scenario,
    )
    return record.initial_state()


def build_state(loaded: Loaded) -> GameState:
    """The state at the end of ``loaded``: its snapshot (or the start) plus the actions after
    it, replayed on the fast path (the log holds only actions the engine accepted)."""
    if loaded.snapshot is not None:
        state = state_from_dict(loaded.snapshot)
    else:
        state = initial_state(loaded.info)[0]
    for row in loaded.actions:
        apply_in_place(state, row.seat, action_from_json(row.action, state.rules))
    return state


def status_of(state: GameState) -> str:
    return "over" if state.turn.phase is Phase.GAME_OVER else "active"


CLOSED = "closed"  # a game an administrator closed (fcm.server.moderation): nobody acts


def refuse_closed(live: LiveGame) -> None:
    if live.head.status == CLOSED:
        raise ApiError(409, "game/closed",
                       "an administrator closed this game: nobody can play in it any more")


# -- the service ----------------------------------------------------------------------------------


class MatchService:
    def __init__(self, store: Store, settings: Settings | None = None) -> None:
        self.store = store
        self.settings = settings or Settings()
        self._games: OrderedDict[str, LiveGame] = OrderedDict()
        self._loading: dict[str, asyncio.Future[LiveGame]] = {}
        self._tokens: OrderedDict[str, tuple[str, int]] = OrderedDict()
        self._revocable: set[str] = set()  # token hashes of rated games (see authenticate)
        # when each cached token was last found in the store: a token revoked by another
        # process (a suspended account's links, fcm.server.moderation) is trusted from memory
        # for at most TOKEN_RECHECK seconds
        self._token_at: dict[str, float] = {}
        self.on_change: Callable[[LiveGame], None] = lambda live: None  # the bot worker hooks in

    # -- games in memory ----------------------------------------------------------------------

    async def get(self, game_id: str) -> LiveGame:
        """The live game, loaded from storage on first use. Raises ApiError 404."""
        live = self._games.get(game_id)
        if live is not None:
            self._games.move_to_end(game_id)
            if live.suspect:
                async with live.lock:
                    if live.suspect:
                        await self._sync(live)
            return live
        pending = self._loading.get(game_id)
        if pending is not None:
            return await asyncio.shield(pending)
        fut: asyncio.Future[LiveGame] = asyncio.get_running_loop().create_future()
        self._loading[game_id] = fut
        try:
            try:
                loaded = await self.store.load(game_id)
            except GameNotFound:
                raise ApiError(404, "game/not_found", f"there is no game {game_id!r}") from None
            state = await asyncio.to_thread(build_state, loaded)
            live = LiveGame(loaded.info, state, loaded.info.head)
            self._games[game_id] = live
            self._evict()
            fut.set_result(live)
            return live
        except asyncio.CancelledError:
            fut.cancel()
            raise
        except Exception as exc:
            fut.set_exception(exc)
            fut.exception()  # mark retrieved
            raise
        finally:
            del self._loading[game_id]

    def _evict(self) -> None:
        while len(self._games) > self.settings.cached_games:
            for gid, g in self._games.items():
                if not g.subscribers and not g.lock.locked():
                    del self._games[gid]
                    break
            else:
                return

    def cached(self, game_id: str) -> LiveGame | None:
        return self._games.get(game_id)

    async def _refresh(self, live: LiveGame) -> list[ActionRow] | None:
        """Bring ``live`` up to date with storage (call under ``live.lock``).

        Returns the rows appended since (pure appends), or None when the game was reloaded
        whole (an undo happened somewhere); [] when nothing changed.
        """
        head = await self.store.head(live.id)
        if head.revision == live.head.revision:
            live.suspect = False
            return []
        if head.revision < live.head.revision:
            await self._recover_lost(live, head)
            return None
        new = head.version - live.head.version
        if new > 0 and head.revision - live.head.revision == new:
            rows = await self.store.actions(live.id, live.head.version + 1, head.version)
            if len(rows) == new:
                state = live.state.clone()
                for row in rows:
                    apply_in_place(state, row.seat, action_from_json(row.action, state.rules))
                live.state, live.head = state, head
                live.suspect = False
                return rows
        loaded = await self.store.load(live.id)
        live.info, live.state, live.head = loaded.info, build_state(loaded), loaded.info.head
        live.suspect = False
        return None

    async def _recover_lost(self, live: LiveGame, head: Head) -> None:
        """The store is behind this process's copy: the database lost commits it had
        acknowledged (only possible with ``FCM_UNSAFE_ASYNC_COMMIT``, or a restored backup).
        The store is the truth: its game is loaded, and every viewer's version is moved past
        the highest this process gave out, so no version ever names two positions."""
        log.error(
            "game %s: the database is at revision %s but this process had %s: it lost "
            "acknowledged changes; reloading from the database",
            live.id, head.revision, live.head.revision,
        )
        loaded = await self.store.load(live.id)
        stored = loaded.info.head
        seen = [max(a, b) + 1 for a, b in zip(live.head.seen, stored.seen, strict=True)]
        new_head = await self.store.truncate(
            live.id, stored.revision, stored.version, seen, stored.status
        )
        live.info, live.state, live.head = loaded.info, build_state(loaded), new_head
        live.suspect = False

    async def state_at(self, live: LiveGame, version: int) -> GameState:
        return build_state(await self.store.load(live.id, version))

    # -- creating games and tokens ----------------------------------------------------------

    async def create_game(
        self,
        seats: list[SeatSpec],
        options: dict[str, Any],
        seed: int | None = None,
        scenario: dict[str, Any] | None = None,
        table: dict[str, Any] | None = None,
        *,
        branch: bool = False,
        secret: int | None = None,
        game_id: str | None = None,
    ) -> tuple[GameInfo, dict[int, str], str]:
        """A new game; returns its info, the token of each human seat and the spectator token.

        Raises:
            ApiError: 422 for bad options, seats or scenario (names the problem).
        """
        from fcm.bots import make_bot

        if not 2 <= len(seats) <= most_players():
            raise ApiError(
                422, "game/invalid", f"a game has 2 to {most_players()} seats, not {len(seats)}"
            )
        for i, s in enumerate(seats):
            if s.kind == "bot":
                try:
                    make_bot(s.bot or "random", 0)
                except (ValueError, ImportError) as exc:
                    raise ApiError(422, "game/invalid", f"seats[{i}]: {exc}") from None
                s.bot = s.bot or "random"
            elif s.kind != "human":
                raise ApiError(422, "game/invalid", f"seats[{i}]: kind must be human or bot")
        opts = check_options(options)
        if scenario is None:  # a scenario names its own modules (the engine checks it)
            check_seats(len(seats), opts)
        table_opts = check_table(table or {})
        if scenario is not None and scenario.get("format") == BRANCH_FORMAT and not branch:
            raise ApiError(422, "scenario/invalid",
                           "a branch is made from a finished game's replay (POST .../branch)")
        if seed is None:
            seed = secrets.randbits(62)
        if scenario is not None and scenario.get("players") != len(seats):
            raise ApiError(
                422, "game/invalid", f"the scenario is for {scenario.get('players')!r} players, "
                f"but {len(seats)} seats were given",
            )
        info = GameInfo(
            # the lobby names a game before making it (a lease: fcm.server.lobby)
            id=secrets.token_urlsafe(9) if game_id is None else game_id,
            players=len(seats),
            seed=seed,
            options=opts.to_dict(),
            seats=seats,
            scenario=scenario,
            created_at=time.time(),
            # the tutorial gives its own (fixed) secret: its bot plays the same every time
            secret=secrets.randbits(62) if secret is None else secret,
            table=table_opts,
        )
        try:  # building a new map takes a while: not on the event loop
            state, events = await asyncio.to_thread(initial_state, info)
        except FcmError as exc:
            raise engine_error(exc.code, exc.message) from None
        except ValueError as exc:
            raise ApiError(422, "game/invalid", str(exc)) from None
        info.initial_events = public_events([e.to_json() for e in events])
        info.head = Head(0, 0, [0] * (info.players + 1), status_of(state))
        tokens = {i: new_token() for i, s in enumerate(seats) if s.kind == "human"}
        spectator = new_token()
        await self.store.create_game(
            info,
            [(hash_token(t), seat) for seat, t in tokens.items()]
            + [(hash_token(spectator), SPECTATOR)],
        )
        live = LiveGame(info, state, info.head)
        self._games[info.id] = live
        self._evict()
        self.on_change(live)
        return info, tokens, spectator

    def forget_tokens(self, game_ids: Iterable[str]) -> None:
        """Drop this process's cached tokens of these games (their links were revoked): the
        next use of each looks it up in the store."""
        games = set(game_ids)
        for h, (gid, _) in list(self._tokens.items()):
            if gid in games:
                del self._tokens[h]
                self._token_at.pop(h, None)

    def knows_token(self, token_hash: str) -> bool:
        """Whether a token (by its hash) is one this process has seen authenticate (the rate
        limiter's test: made-up tokens count against the client's address)."""
        return token_hash in self._tokens

    async def authenticate(self, token: str | None, game_id: str | None = None) -> tuple[str, int]:
        """The ``(game_id, seat)`` of a token (``SPECTATOR`` for a spectator token).

        Raises:
            ApiError: 401 without a token, 403 for an unknown token or one of another game.
        """
        if not token:
            raise ApiError(
                401, "auth/missing_token",
                "this needs a seat or spectator token: 'Authorization: Bearer TOKEN' or ?token=",
            )
        h = hash_token(token)
        now = time.monotonic()
        found = None if h in self._revocable else self._tokens.get(h)
        if found is not None and now - self._token_at.get(h, 0.0) > TOKEN_RECHECK:
            found = None
        if found is None:
            found = await self.store.find_token(h)
            if found is None:
                self._tokens.pop(h, None)
                self._token_at.pop(h, None)
                self._revocable.discard(h)
                raise ApiError(403, "auth/bad_token", "this token belongs to no game")
            self._tokens[h] = found
            self._token_at[h] = now
            # a rated game's link is revoked when an account claims its seat (in any
            # process): its tokens are looked up every time, never trusted from memory
            if (await self.get(found[0])).info.table.get("rated"):
                self._revocable.add(h)
            while len(self._tokens) > 4 * self.settings.cached_games:
                gone = self._tokens.popitem(last=False)[0]
                self._revocable.discard(gone)
                self._token_at.pop(gone, None)
        if game_id is not None and found[0] != game_id:
            raise ApiError(403, "auth/wrong_game", f"this token is not for game {game_id!r}")
        return found

    # -- messages -----------------------------------------------------------------------------

    def state_message(
        self, live: LiveGame, seat: int, events: Iterable[dict[str, Any]] = (), **extra: Any
    ) -> dict[str, Any]:
        """What a viewer receives: its version, its view, whose decision it is, its legal
        actions, and the events (visible to it) that led here."""
        who: int | None = None if seat == SPECTATOR else seat
        vi = viewer_index(live.players, seat)
        version = live.seen(seat)
        cached = live.cache.get(vi)
        base = cached[1] if cached is not None and cached[0] == version else None
        if base is None:
            state = live.state
            # a closed game (fcm.server.moderation) waits for nobody
            actors = current_actors(state) if live.head.status != CLOSED else []
            legal = legal_actions(state, seat) if who is not None and who in actors else []
            base = {
                "type": "state",
                "game": live.id,
                "seat": who,
                "version": live.seen(seat),
                "status": live.head.status,
                "round": state.round,
                "phase": state.turn.phase.value,
                "actors": actors,
                "your_turn": who in actors,
                "legal": [a.to_json() for a in legal],
                "seats": seats_public(live.info),
                "table": self.table_public(live.info),
                "view": view(state, who).to_dict(),
            }
            live.cache[vi] = (version, base)
        return {**base, "events": [e for e in events if event_visible(e, who)], **extra}

    def table_public(self, info: GameInfo) -> TablePublic:
        """The game's table options as in effect (everyone may know them)."""
        pause = info.table.get("bot_pause_ms")
        out: TablePublic = {
            "bot_pause_ms": self.settings.bot_delay_ms if pause is None else pause,
            "hints": bool(info.table.get("hints", False)),
            "rated": bool(info.table.get("rated", False)),
        }
        if info.table.get("tutorial"):
            out["tutorial"] = True
        if info.table.get("lesson"):
            out["lesson"] = str(info.table["lesson"])
        return out

    def subscribe(self, live: LiveGame, sub: Subscriber, since: int | None = None) -> None:
        """Register a push channel and queue the current state first (call under the lock,
        so no change can slip between the two). ``since``: the version the client had (a
        page loads the state, then opens its socket; or it reconnects): the state comes with
        the events of the changes it missed, when this process still holds them all."""
        live.subscribers.add(sub)
        sub.push(dumps(self.state_message(live, sub.seat, self.missed(live, sub.seat, since))))

    def missed(self, live: LiveGame, seat: int, since: int | None) -> list[dict[str, Any]]:
        """The events of the changes a viewer at version ``since`` has not seen, oldest
        first; none when some are no longer held, or one was an undo, a reload or a rewind
        (the client then reloads the log)."""
        if since is None:
            return []
        vi = viewer_index(live.players, seat)
        want = live.seen(seat)
        events: list[dict[str, Any]] = []
        for old, new, evs, plain in reversed(live.recent):
            if want <= since:
                break
            if new[vi] == old[vi]:
                continue  # nothing this viewer may see changed
            if new[vi] != want or not plain:
                return []
            events[:0] = evs
            want = old[vi]
        return events if want == since else []

    def unsubscribe(self, sub: Subscriber) -> None:
        live = self._games.get(sub.game_id)
        if live is not None:
            live.subscribers.discard(sub)

    def _broadcast(
        self,
        live: LiveGame,
        old_seen: list[int],
        events: list[dict[str, Any]],
        **extra: Any,
    ) -> dict[int, str]:
        """Queue each subscriber whose version moved its new state (under the lock); returns
        the messages sent, by viewer index."""
        live.recent.append((list(old_seen), list(live.head.seen), list(events),
                            not any(extra.values())))
        cache: dict[int, str] = {}
        for sub in list(live.subscribers):
            vi = viewer_index(live.players, sub.seat)
            if live.head.seen[vi] == old_seen[vi]:
                continue  # nothing this viewer may see changed
            if vi not in cache:
                cache[vi] = dumps(self.state_message(live, sub.seat, events, **extra))
            sub.push(cache[vi])
        return cache

    # -- the pipeline -----------------------------------------------------------------------

    def _check_version(self, live: LiveGame, seat: int, version: int) -> bool:
        return live.seen(seat) == version

    async def _ensure_version(self, live: LiveGame, seat: int, version: int) -> None:
        if self._check_version(live, seat, version):
            return
        await self._sync(live)  # maybe another process moved the game
        refuse_closed(live)  # (closing moved every version: say why, not "stale")
        if not self._check_version(live, seat, version):
            current = live.seen(seat)
            raise ApiError(
                409, "action/stale_version",
                f"you sent version {version}, but the game is at version {current} for you: "
                "reload the game and decide again",
                current_version=current,
            )

    async def _sync(self, live: LiveGame) -> None:
        """Refresh from storage and push what changed to local subscribers (under the lock)."""
        old = list(live.head.seen)
        rows = await self._refresh(live)
        if rows == []:
            return
        self._after_remote(live, old, rows)

    def _after_remote(self, live: LiveGame, old: list[int], rows: list[ActionRow] | None) -> None:
        events = [] if rows is None else [e for r in rows for e in r.events]
        self._broadcast(live, old, events, reloaded=rows is None)
        self.on_change(live)

    async def on_store_gap(self) -> None:
        """Changes may have been missed (the notification connection was lost, PostgreSQL
        may have restarted): every cached game is checked against the store before its next
        use, and the watched ones now (their subscribers get what changed)."""
        for live in list(self._games.values()):
            live.suspect = True
        for live in list(self._games.values()):
            if live.subscribers:
                try:
                    async with live.lock:
                        if live.suspect:
                            await self._sync(live)
                except Exception:  # retried before the game's next use
                    log.warning("could not recheck game %s after a storage gap", live.id)

    async def on_remote_change(self, game_id: str, revision: int) -> None:
        """A change committed by some process (maybe this one): catch up and push."""
        live = self._games.get(game_id)
        if live is None or live.head.revision >= revision:
            return
        async with live.lock:
            if live.head.revision < revision:
                await self._sync(live)

    async def submit(self, game_id: str, seat: int, version: int, raw_action: Any,
                     lang: str = "en") -> str:
        """A client's action: the whole pipeline. Returns the seat's new state message (JSON).

        Raises:
            ApiError: 403 spectator; 409 stale version, not your turn, game over; 400 malformed
                action; 422 illegal action (the engine's code and message); 500 engine failure.
        """
        if seat == SPECTATOR:
            raise ApiError(403, "auth/spectator", "a spectator token cannot act")
        live = await self.get(game_id)
        async with live.lock:
            await self._ensure_version(live, seat, version)
            try:
                action = parse_action(raw_action, live.state.rules)
                events, sent = await self._commit(live, seat, action, expected_seen=version)
            except ApiError as exc:
                if exc.code in ENGINE_STATUS:  # the rule, in the game's words, for the page
                    exc.extra.setdefault("text", explain_error(
                        exc.message, live.state.rules, seat_names(live.info, lang), lang,
                        exc.code, exc.extra.get("reason")))
                raise
            text = sent.get(viewer_index(live.players, seat))
            return text if text is not None else dumps(self.state_message(live, seat, events))

    async def play_bot(self, live: LiveGame, seat: int, action: Action, revision: int) -> bool:
        """Apply a bot's decision made at ``revision``; False if the game moved meanwhile."""
        async with live.lock:
            if live.head.revision != revision or seat not in live.bot_actors():
                return False
            try:
                await self._commit(live, seat, action, expected_seen=None)
            except BotMoveOutdated:
                return False
            except ApiError as exc:
                log.error("bot move failed in game %s (seat %s): %s", live.id, seat, exc.message)
                live.bot_failed_at = live.head.revision
                return False
            return True

    async def _commit(
        self, live: LiveGame, seat: int, action: Action, *, expected_seen: int | None,
        timer_bot: str | None = None,
    ) -> tuple[list[dict[str, Any]], dict[int, str]]:
        """Apply and store one action (under the lock); retries after losing a race with
        another process as long as the seat's version still holds. Returns the events and the
        messages pushed (by viewer index). ``timer_bot``: the bot level that plays a human
        seat whose time ran out; its move starts with a :data:`TIMER_BOT_MOVE` event."""
        for _ in range(COMMIT_ATTEMPTS):
            refuse_closed(live)
            try:
                new_state, new_events = apply(live.state, seat, action)
            except FcmError as exc:
                raise engine_error(exc.code, exc.message, exc.reason) from None
            except Exception as exc:
                log.exception("engine failed on %s by seat %s in %s", action, seat, live.id)
                raise ApiError(
                    500, "server/engine_error",
                    f"the engine failed on this action ({type(exc).__name__}: {exc}); "
                    "nothing was stored",
                ) from None
            events = [e.to_json() for e in new_events]
            if timer_bot is not None:
                events.insert(0, timer_bot_event(seat, timer_bot, events))
            visible = [visible_to(seat, events, v) for v in viewers(live.players)]
            version = live.head.version + 1
            seen = [n + int(vis) for n, vis in zip(live.head.seen, visible, strict=True)]
            every = self.settings.snapshot_every
            snapshot = new_state.to_dict() if every > 0 and version % every == 0 else None
            row = ActionRow(version, seat, action.to_json(), events, visible)
            old = list(live.head.seen)
            try:
                head = await self.store.append(
                    live.id, live.head.revision, row, seen, status_of(new_state), snapshot
                )
            except StoreUnavailable as exc:
                live.suspect = True  # committed or not: reload before the next use
                raise ApiError(
                    503, "server/storage_unavailable",
                    f"the database did not confirm this action ({exc}); reload the game to "
                    "see whether it was stored",
                ) from None
            except Conflict:
                await self._sync(live)
                if expected_seen is None:
                    # A bot's move was decided on the old state: decide again (retrying the
                    # same action could make it twice).
                    raise BotMoveOutdated from None
                refuse_closed(live)  # (closing moved every version: say why, not "stale")
                if live.seen(seat) != expected_seen:
                    current = live.seen(seat)
                    raise ApiError(
                        409, "action/stale_version",
                        f"the game changed while your action was applied (now at version "
                        f"{current} for you): reload the game and decide again",
                        current_version=current,
                    ) from None
                continue
            live.state, live.head = new_state, head
            sent = self._broadcast(live, old, events)
            self.on_change(live)
            return events, sent
        raise ApiError(503, "server/busy", "the game is changing too fast; try again")

    async def undo(self, game_id: str, seat: int, version: int) -> dict[str, Any]:
        """Take back the seat's own last action (see the module docs for the rules).

        Raises:
            ApiError: 409 ``undo/*`` naming why not, or a stale version.
        """
        if seat == SPECTATOR:
            raise ApiError(403, "auth/spectator", "a spectator token cannot undo")
        live = await self.get(game_id)
        async with live.lock:
            await self._ensure_version(live, seat, version)
            refuse_closed(live)
            n = live.head.version
            last = (await self.store.actions(live.id, n, n)) if n > 0 else []
            if not last or last[0].seat != seat or any(
                e.get("kind") == TIMER_BOT_MOVE for e in last[0].events
            ):
                raise ApiError(
                    409, "undo/not_your_last_action",
                    "you can undo only your own action, and only while it is the last one "
                    "of the game (nobody else has acted since; a move the timer's bot made "
                    "for you is not yours to undo)",
                )
            before = await self.state_at(live, n - 1)
            reason = reveal_reason(before, live.state, seat)
            if reason is not None:
                raise ApiError(
                    409, "undo/revealed", f"your last action can no longer be undone: {reason}"
                )
            row = last[0]
            seen = [s + int(v) for s, v in zip(live.head.seen, row.visible, strict=True)]
            old = list(live.head.seen)
            try:
                head = await self.store.truncate(live.id, live.head.revision, n - 1, seen,
                                                 status_of(before))
            except StoreUnavailable as exc:
                live.suspect = True
                raise ApiError(
                    503, "server/storage_unavailable",
                    f"the database did not confirm the undo ({exc}); reload the game",
                ) from None
            except Conflict:
                await self._sync(live)
                refuse_closed(live)
                raise ApiError(
                    409, "action/stale_version", "the game changed meanwhile: reload it",
                    current_version=live.seen(seat),
                ) from None
            live.state, live.head = before, head
            undone = [{"kind": "action_undone", "seat": seat}]
            # Only the viewers who saw the action learn of its undo (their version moved).
            self._broadcast(live, old, undone, undone=True)
            self.on_change(live)
            return self.state_message(live, seat, undone, undone=True)

    async def close(self, game_id: str) -> bool:
        """Close a game that is not over (an administrator's decision: an abandoned game).
        Its status becomes ``closed`` by a compare-and-set like an action's (a truncation to
        its own version, which removes nothing), so every process reloads it and refuses
        actions, undos and rewinds; its bots and turn timers stop (they act only on active
        games). Every viewer's version moves on and is pushed the closed game. False: it
        was over or closed already."""
        live = await self.get(game_id)
        async with live.lock:
            for _ in range(COMMIT_ATTEMPTS):
                if live.head.status != "active":
                    return False
                seen = [n + 1 for n in live.head.seen]
                old = list(live.head.seen)
                try:
                    head = await self.store.truncate(live.id, live.head.revision,
                                                     live.head.version, seen, CLOSED)
                except Conflict:
                    await self._sync(live)
                    continue
                live.head = head
                self._broadcast(live, old, [{"kind": "game_closed"}])
                self.on_change(live)
                return True
        raise ApiError(503, "server/busy", "the game is changing too fast; try again")

    # -- reading ------------------------------------------------------------------------------

    async def game_log(
        self, game_id: str, seat: int, start: int = 0, limit: int = 1000
    ) -> dict[str, Any]:
        """The log as ``seat`` may see it: entry 0 is the game's start, then one entry per
        visible action (the action itself only for its own seat), with the visible events."""
        live = await self.get(game_id)
        who: int | None = None if seat == SPECTATOR else seat
        vi = viewer_index(live.players, seat)
        entries: list[dict[str, Any]] = [
            {"n": 0, "seat": None, "action": None,
             "events": [e for e in public_events(live.info.initial_events)
                        if event_visible(e, who)]}
        ]
        for row in await self.store.actions(game_id, 1, live.head.version):
            if not row.visible[vi]:
                continue
            entries.append({
                "n": len(entries),
                "seat": row.seat,
                "action": row.action if row.seat == who else None,
                "events": [e for e in row.events if event_visible(e, who)],
            })
        return {
            "game": game_id,
            "seat": who,
            "version": live.seen(seat),
            "entries": entries[start : start + limit],
            "total": len(entries),
        }

    async def dinnertime(self, game_id: str, round_: int, lang: str = "en") -> dict[str, Any]:
        """The public events of one round's Dinnertime and their explanation."""
        live = await self.get(game_id)
        all_events = list(live.info.initial_events)
        for row in await self.store.actions(game_id, 1, live.head.version):
            all_events.extend(row.events)
        found, collecting = False, False
        dinner: list[dict[str, Any]] = []
        for e in all_events:
            if e["kind"] == "phase_started":
                collecting = e.get("phase") == "dinnertime" and e.get("round") == round_
                found = found or collecting
            elif collecting and e.get("visible_to") is None:
                dinner.append(e)
        if not found:
            raise ApiError(
                404, "dinnertime/not_found", f"round {round_} has had no Dinnertime (yet)"
            )
        text: str | None
        try:
            from fcm.report import dinnertime_report
        except ImportError:
            text = None
        else:
            text = dinnertime_report([_event(e) for e in dinner], seat_names(live.info, lang),
                                     lang)
        # each sale with its road route, for the browser to show the goods travelling
        shown = dinnertime_routes(live.state, dinner)
        return {"game": game_id, "round": round_, "text": text, "events": shown}

    async def record(self, game_id: str) -> dict[str, Any]:
        """The saved game file (``fcm replay``): only once the game is over, since it holds
        every secret choice."""
        live = await self.get(game_id)
        if live.head.status != "over":
            raise ApiError(
                409, "record/game_in_progress",
                "the saved game holds every secret choice: it is available once the game is over",
            )
        if live.info.scenario is not None and live.info.scenario.get("format") == BRANCH_FORMAT:
            from fcm.server.replay import branch_record

            return await branch_record(self, live)  # its history from the game it came from
        rows = await self.store.actions(game_id, 1, live.head.version)
        record = GameRecord(
            players=live.players,
            seed=live.info.seed,
            options=Options.from_dict(live.info.options),
            scenario=live.info.scenario,
            actions=[(r.seat, action_from_json(r.action, live.state.rules)) for r in rows],
            final_hash=live.state.state_hash(),
        )
        return record.to_json()

    async def summary(self, game_id: str, seat: int) -> dict[str, Any]:
        live = await self.get(game_id)
        who = None if seat == SPECTATOR else seat
        actors = current_actors(live.state) if live.head.status != CLOSED else []
        return {
            "game": game_id,
            "seat": who,
            "version": live.seen(seat),
            "status": live.head.status,
            "round": live.state.round,
            "phase": live.state.turn.phase.value,
            "actors": actors,
            "your_turn": who in actors,
            "seats": seats_public(live.info),
            "created_at": live.info.created_at,
        }


def _event(e: dict[str, Any]) -> Event:
    data = {k: v for k, v in e.items() if k not in ("kind", "visible_to")}
    to = e.get("visible_to")
    return Event(e["kind"], data, None if to is None else tuple(to))


def seat_names(info: GameInfo, lang: str = "en") -> dict[int, str]:
    """Each seat's name at the table (as the page shows it), in ``lang``."""
    return {i: seat_name(i, s.kind, s.name, s.bot, lang) for i, s in enumerate(info.seats)}


def seats_public(info: GameInfo) -> list[SeatPublic]:
    return [
        {"seat": i, "kind": "bot" if s.kind == "bot" else "human", "bot": s.bot, "name": s.name}
        for i, s in enumerate(info.seats)
    ]


MAX_BOT_PAUSE_MS = 5_000


def check_table(raw: dict[str, Any]) -> dict[str, Any]:
    """Table options (how the server runs a game, not rules): ``bot_pause_ms`` (0 to 5000:
    bots act after that visible pause; absent: the server's default) and ``hints`` (whether
    players may ask for a hint while the game is live).

    Raises:
        ApiError: 422 ``game/invalid`` naming the field.
    """
    if not isinstance(raw, dict):
        raise ApiError(422, "game/invalid", "table must be an object")
    out: dict[str, Any] = {}
    for key, value in raw.items():
        if key == "bot_pause_ms":
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int) or not (
                0 <= value <= MAX_BOT_PAUSE_MS
            ):
                raise ApiError(422, "game/invalid",
                               f"table.bot_pause_ms must be 0 to {MAX_BOT_PAUSE_MS} ms")
            out[key] = value
        elif key == "hints":
            if not isinstance(value, bool):
                raise ApiError(422, "game/invalid", "table.hints must be true or false")
            out[key] = value
        elif key == "tutorial":  # the page shows the tutorial's coach (fcm.tutorial)
            if not isinstance(value, bool):
                raise ApiError(422, "game/invalid", "table.tutorial must be true or false")
            if value:
                out[key] = True
        elif key == "lesson":  # the page shows that lesson's coach (fcm.lessons)
            from fcm.lessons import lesson

            if not isinstance(value, str) or lesson(value) is None:
                raise ApiError(422, "game/invalid", "table.lesson must name a lesson")
            out[key] = value
        elif key == "rated":
            if not isinstance(value, bool):
                raise ApiError(422, "game/invalid", "table.rated must be true or false")
            if value:  # stored only when on (unrated tables read as before)
                out[key] = True
        else:
            raise ApiError(422, "game/invalid", f"unknown table option {key!r} "
                           "(bot_pause_ms, hints, lesson, rated, tutorial)")
    if out.get("rated") and out.get("hints"):
        raise ApiError(422, "game/invalid",
                       "a rated game allows no hints (table.rated with table.hints)")
    return out


def check_rated(options: dict[str, Any], seed: int | None = None,
                scenario: dict[str, Any] | None = None) -> None:
    """A rated game is played by the standard rules (no rules option, nor a scenario) with the
    server's seed: a game that a player shortened, arranged or seeded rates nobody.

    Raises:
        ApiError: 422 ``game/invalid`` naming what is not allowed.
    """
    if seed is not None:
        raise ApiError(422, "game/invalid", "a rated game takes the server's seed (no 'seed')")
    if scenario is not None:
        raise ApiError(422, "game/invalid", "a rated game starts from the rules' set-up "
                       "(no 'scenario')")
    changed = sorted(k for k, v in check_options(options).to_dict().items()
                     if Options().to_dict().get(k) != v)
    if changed:
        raise ApiError(422, "game/invalid", "a rated game is played by the standard rules: "
                       f"options {', '.join(changed)} are not allowed")


def check_seats(seats: int, options: Options) -> None:
    """A seat count the options' modules set up (6 needs Six Players: the message names it).

    Raises:
        ApiError: 422 ``game/invalid``.
    """
    try:
        check_players(seats, options.modules)
    except FcmError as exc:
        raise ApiError(422, "game/invalid", exc.message) from None


def check_options(raw: dict[str, Any]) -> Options:
    """Rules options from JSON, validated by the engine (:func:`fcm.rulesets.options_from_dict`).

    Raises:
        ApiError: 422 ``game/invalid`` with the engine's message (names the switch).
    """
    if not isinstance(raw, dict):
        raise ApiError(422, "game/invalid", "options must be an object")
    try:
        return options_from_dict(raw)
    except FcmError as exc:
        raise ApiError(422, "game/invalid", exc.message) from None
