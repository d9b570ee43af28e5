"""The storage interface of the game server: a narrow, async ``Store`` protocol.

The action log is the source of truth of a game: how it started (player count, seed, options
or a scenario) and every ``(seat, action)`` in order. A game's *version* is the number of
actions in its log; the action that moves a game from version ``N-1`` to ``N`` is stored at
position ``N``, and ``(game_id, version)`` is unique, so two server processes can never both
append version ``N``. Every change (an append or an undo) also bumps the game's *revision*,
a counter that never goes back; appends and undos are compare-and-set on it, so a process
whose cached game is out of date gets :class:`Conflict` instead of overwriting anything.

Each action row keeps the events the engine produced for it (derived output, used for the log,
the Dinnertime report and undo checks) and which viewers it is visible to. Full state
snapshots are written every few actions so loading a game replays only a short tail.

Backends: :mod:`fcm.server.storage.sqlite` (one machine) and
:mod:`fcm.server.storage.postgres` (several server processes). Both pass the one contract test
suite in ``tests/server/test_storage_contract.py``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

SPECTATOR = -1  # the "seat" of a spectator token


class StoreError(Exception):
    """Base of the storage errors."""


class GameNotFound(StoreError):
    pass


class Conflict(StoreError):
    """The game changed since the caller read it (optimistic concurrency lost)."""


class StoreUnavailable(StoreError):
    """The database could not be reached, or the connection was lost during the call. After
    a write, whether it was committed is unknown: reload before trusting a cached copy."""


@dataclass(slots=True)
class SeatSpec:
    """Who plays a seat: a human (``bot`` is None) or a bot with its level and think budget."""

    kind: str = "human"  # "human" | "bot"
    bot: str | None = None
    think_ms: int | None = None
    name: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "bot": self.bot, "think_ms": self.think_ms, "name": self.name}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> SeatSpec:
        return cls(d.get("kind", "human"), d.get("bot"), d.get("think_ms"), d.get("name"))


@dataclass(slots=True)
class Head:
    """Where a game stands: its version, revision, per-viewer counters and status."""

    version: int
    revision: int
    seen: list[int]  # per viewer: seats 0..n-1, then spectators; see fcm.server.match
    status: str  # "active" | "over"


@dataclass(slots=True)
class GameInfo:
    """Everything about a game except its action log."""

    id: str
    players: int
    seed: int
    options: dict[str, Any]
    seats: list[SeatSpec]
    scenario: dict[str, Any] | None = None
    initial_events: list[dict[str, Any]] = field(default_factory=list)
    created_at: float = 0.0
    head: Head = field(default_factory=lambda: Head(0, 0, [], "active"))
    # The server-side secret the bots' seeds derive from (never sent to a client; games
    # stored before it existed have None: their bots use the game's seed).
    secret: int | None = None
    # Table options: how the server runs this game, not rules (``bot_pause_ms``, ``hints``;
    # fcm.server.match.check_table). Games stored before them have {}.
    table: dict[str, Any] = field(default_factory=dict)

    @property
    def has_bots(self) -> bool:
        return any(s.kind == "bot" for s in self.seats)


@dataclass(slots=True)
class ActionRow:
    """One entry of the log: the action at position ``version`` and what it produced.

    ``visible`` has one flag per viewer (seats, then spectators): whether that viewer may know
    this action happened (see :func:`fcm.server.match.visible_to`).
    """

    version: int
    seat: int
    action: dict[str, Any]
    events: list[dict[str, Any]]
    visible: list[bool]


@dataclass(slots=True)
class Loaded:
    """A game as stored: its info, the newest snapshot at or before the head, and the actions
    after that snapshot."""

    info: GameInfo
    snapshot_version: int
    snapshot: dict[str, Any] | None  # GameState.to_dict(); None: start from the beginning
    actions: list[ActionRow]


ChangeCallback = Callable[[str, int], Awaitable[None]]


class Tx(Protocol):
    """One transaction of :meth:`Store.transact`: portable SQL with ``?`` placeholders (the
    SQL that SQLite and PostgreSQL both accept, ``ON CONFLICT ... DO NOTHING`` included).
    ``execute`` returns a DB-API cursor (``rowcount``, ``fetchone``, ``fetchall``)."""

    def execute(self, sql: str, params: Sequence[Any] = ...) -> Any: ...


class Store(Protocol):
    """The server's only access to persistent data."""

    kind: str  # "sqlite" | "postgresql"

    async def open(self) -> None:
        """Connect and create the schema if needed (idempotent).

        Every backend commits durably by default (an append returns once its commit is on
        disk); ``durable=False`` is the explicit unsafe mode."""

    async def close(self) -> None: ...

    async def create_game(self, info: GameInfo, tokens: list[tuple[str, int]]) -> None:
        """Store a new game (head version 0) and its token hashes ``(hash, seat)``
        (``SPECTATOR`` for the spectator token)."""

    async def find_token(self, token_hash: str) -> tuple[str, int] | None:
        """The ``(game_id, seat)`` a token hash belongs to, or None."""

    async def get_game(self, game_id: str) -> GameInfo:
        """Raises GameNotFound."""

    async def head(self, game_id: str) -> Head:
        """Raises GameNotFound."""

    async def load(self, game_id: str, version: int | None = None) -> Loaded:
        """The game with its newest snapshot at or before ``version`` (default: the head) and
        the actions after that snapshot up to ``version``. Raises GameNotFound."""

    async def actions(
        self, game_id: str, start: int = 1, end: int | None = None
    ) -> list[ActionRow]:
        """Actions at positions ``start..end`` (inclusive; ``end`` None: to the head)."""

    async def append(
        self,
        game_id: str,
        expected_revision: int,
        row: ActionRow,
        seen: list[int],
        status: str,
        snapshot: dict[str, Any] | None = None,
    ) -> Head:
        """Append ``row`` (its ``version`` must be head + 1) and move the head, in one
        transaction, only if the game's revision is still ``expected_revision``; store the
        snapshot of the new state if given. Raises Conflict (nothing is written)."""

    async def truncate(
        self, game_id: str, expected_revision: int, version: int, seen: list[int], status: str
    ) -> Head:
        """Undo: delete the actions (and snapshots) after ``version`` and move the head, in one
        transaction, only if the revision is still ``expected_revision``. Raises Conflict."""

    async def active_games_with_bots(self) -> list[str]:
        """Ids of the games that are not over and have a bot seat (bots resume on start)."""

    async def transact(self, fn: Callable[[Tx], T], *, write: bool = True) -> T:
        """Run ``fn(tx)`` (synchronous: plain SQL, no awaiting) in one transaction, off the
        event loop where the backend needs it, and return its result: the tables of the
        satellites (accounts, clocks, notifications: ``fcm.server.accounts``, ...) use this
        rather than a method per query. An exception rolls the whole transaction back.
        ``write=False``: a read (SQLite: on the read connection, never queued behind
        writes). Raises StoreUnavailable when the database cannot be reached."""

    async def subscribe(
        self, callback: ChangeCallback, on_gap: Callable[[], Awaitable[None]] | None = None
    ) -> None:
        """Call ``callback(game_id, revision)`` for changes committed by *any* process
        (PostgreSQL: LISTEN/NOTIFY; SQLite: polling a change table). May also report this
        process's own changes; receivers ignore revisions they already have. ``on_gap()``
        is called when changes may have been missed (the connection was lost and is back:
        PostgreSQL may have restarted)."""
