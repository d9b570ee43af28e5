"""One contract for every storage backend: SQLite always, PostgreSQL when
``FCM_TEST_DATABASE_URL`` is set (as in CI)."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from fcm.server.storage import (
    SPECTATOR,
    ActionRow,
    Conflict,
    GameInfo,
    GameNotFound,
    Head,
    SeatSpec,
    Store,
    open_store,
)

pytestmark = pytest.mark.anyio

StoreFactory = Callable[[], Awaitable[Store]]


@pytest.fixture(params=["sqlite", "postgresql"])
async def make_store(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[StoreFactory]:
    """Opens stores on one shared database (several stores = several server processes)."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path}/contract.sqlite3"
        kwargs: dict[str, Any] = {"poll_interval": 0.02}
    else:
        url = request.getfixturevalue("pg_url")
        kwargs = {}
    opened: list[Store] = []

    async def factory() -> Store:
        store = open_store(url, **kwargs)
        await store.open()
        opened.append(store)
        return store

    yield factory
    for store in opened:
        await store.close()


def game(players: int = 2, *, bots: bool = False, status: str = "active") -> GameInfo:
    seats = [SeatSpec()] * players
    if bots:
        seats = [SeatSpec(), *[SeatSpec("bot", "random", 100)] * (players - 1)]
    return GameInfo(
        id=secrets.token_urlsafe(9),
        players=players,
        seed=2**61 + 12345,
        options={"introductory": False},
        seats=list(seats),
        scenario=None,
        initial_events=[{"kind": "game_created", "players": players}],
        created_at=1.5,
        head=Head(0, 0, [0] * (players + 1), status),
    )


def row(version: int, seat: int = 0, events: list[dict[str, Any]] | None = None) -> ActionRow:
    return ActionRow(
        version,
        seat,
        {"type": "choose_reserve", "money": 100 * (1 + version % 3)},
        events if events is not None else [{"kind": "e", "n": version}],
        [True, version % 2 == 0, True],
    )


async def append(store: Store, info: GameInfo, n: int) -> Head:
    head = await store.head(info.id)
    for v in range(head.version + 1, head.version + n + 1):
        head = await store.append(info.id, head.revision, row(v), [v, v, v], "active")
    return head


async def test_create_and_read_back(make_store: StoreFactory) -> None:
    store = await make_store()
    info = game(3, bots=True)
    await store.create_game(info, [("h0", 0), ("hs", SPECTATOR)])
    got = await store.get_game(info.id)
    assert got.id == info.id and got.players == 3 and got.seed == info.seed
    assert got.options == {"introductory": False}
    assert [s.to_json() for s in got.seats] == [s.to_json() for s in info.seats]
    assert got.initial_events == info.initial_events and got.scenario is None
    assert got.head == Head(0, 0, [0, 0, 0, 0], "active")
    assert await store.find_token("h0") == (info.id, 0)
    assert await store.find_token("hs") == (info.id, SPECTATOR)
    assert await store.find_token("nope") is None


async def test_unknown_game(make_store: StoreFactory) -> None:
    store = await make_store()
    for call in (store.get_game, store.head, store.load):
        with pytest.raises(GameNotFound):
            await call("no-such-game")
    with pytest.raises(GameNotFound):
        await store.append("no-such-game", 0, row(1), [1, 1, 1], "active")


async def test_append_moves_the_head_and_keeps_the_log(make_store: StoreFactory) -> None:
    store = await make_store()
    info = game()
    await store.create_game(info, [])
    head = await append(store, info, 3)
    assert head == Head(3, 3, [3, 3, 3], "active")
    assert await store.head(info.id) == head
    rows = await store.actions(info.id)
    assert [r.version for r in rows] == [1, 2, 3]
    assert rows[1] == row(2)
    assert [r.version for r in await store.actions(info.id, 2, 2)] == [2]
    assert [r.version for r in await store.actions(info.id, 2)] == [2, 3]


async def test_stale_revision_is_a_conflict_and_writes_nothing(make_store: StoreFactory) -> None:
    store = await make_store()
    info = game()
    await store.create_game(info, [])
    await append(store, info, 2)
    with pytest.raises(Conflict):
        await store.append(info.id, 1, row(3), [9, 9, 9], "over", snapshot={"x": 1})
    assert await store.head(info.id) == Head(2, 2, [2, 2, 2], "active")
    assert len(await store.actions(info.id)) == 2
    assert (await store.load(info.id)).snapshot is None


async def test_two_processes_cannot_both_append_the_same_version(
    make_store: StoreFactory,
) -> None:
    a, b = await make_store(), await make_store()
    info = game()
    await a.create_game(info, [])
    await append(a, info, 1)
    results = await asyncio.gather(
        *[
            s.append(info.id, 1, row(2, seat=i % 2), [2, 2, 2], "active")
            for i, s in enumerate([a, b] * 5)
        ],
        return_exceptions=True,
    )
    assert sum(isinstance(r, Head) for r in results) == 1
    assert all(isinstance(r, Conflict) for r in results if not isinstance(r, Head))
    assert (await b.head(info.id)).version == 2
    assert [r.version for r in await b.actions(info.id)] == [1, 2]


async def test_snapshots_and_load(make_store: StoreFactory) -> None:
    store = await make_store()
    info = game()
    await store.create_game(info, [])
    await append(store, info, 2)
    head = await store.append(info.id, 2, row(3), [3, 3, 3], "active", snapshot={"at": 3})
    await store.append(info.id, head.revision, row(4), [4, 4, 4], "active")
    loaded = await store.load(info.id)
    assert loaded.info.head.version == 4
    assert (loaded.snapshot_version, loaded.snapshot) == (3, {"at": 3})
    assert [r.version for r in loaded.actions] == [4]
    early = await store.load(info.id, version=2)
    assert early.snapshot is None and [r.version for r in early.actions] == [1, 2]
    at3 = await store.load(info.id, version=3)
    assert at3.snapshot == {"at": 3} and at3.actions == []


async def test_truncate_is_the_undo(make_store: StoreFactory) -> None:
    store = await make_store()
    info = game()
    await store.create_game(info, [])
    await append(store, info, 2)
    await store.append(info.id, 2, row(3), [3, 3, 3], "over", snapshot={"at": 3})
    with pytest.raises(Conflict):
        await store.truncate(info.id, 2, 2, [4, 4, 4], "active")
    head = await store.truncate(info.id, 3, 2, [4, 4, 4], "active")
    assert head == Head(2, 4, [4, 4, 4], "active")
    assert await store.head(info.id) == head
    assert [r.version for r in await store.actions(info.id)] == [1, 2]
    assert (await store.load(info.id)).snapshot is None
    # the position is free again
    head = await store.append(info.id, 4, row(3, seat=1), [5, 5, 5], "active")
    assert head == Head(3, 5, [5, 5, 5], "active")
    assert (await store.actions(info.id, 3))[0].seat == 1


async def test_active_games_with_bots(make_store: StoreFactory) -> None:
    store = await make_store()
    with_bots, humans, over = game(3, bots=True), game(2), game(2, bots=True, status="over")
    for g in (with_bots, humans, over):
        await store.create_game(g, [])
    ids = await store.active_games_with_bots()
    assert with_bots.id in ids and humans.id not in ids and over.id not in ids
    head = await store.append(with_bots.id, 0, row(1), [1, 1, 1, 1], "over")
    assert head.status == "over"
    assert with_bots.id not in await store.active_games_with_bots()


async def test_changes_reach_other_processes(make_store: StoreFactory) -> None:
    a, b = await make_store(), await make_store()
    seen: list[tuple[str, int]] = []
    got = asyncio.Event()

    async def on_change(game_id: str, revision: int) -> None:
        seen.append((game_id, revision))
        got.set()

    async def until_seen(change: tuple[str, int]) -> None:
        # other test runs share PostgreSQL's notification channel: wait for this change,
        # not for any change
        while change not in seen:
            got.clear()
            await got.wait()

    await b.subscribe(on_change)
    info = game()
    await a.create_game(info, [])
    await append(a, info, 1)
    await asyncio.wait_for(until_seen((info.id, 1)), timeout=30)
    await a.truncate(info.id, 1, 0, [2, 2, 2], "active")
    await asyncio.wait_for(until_seen((info.id, 2)), timeout=30)


async def test_data_survives_reopening(make_store: StoreFactory) -> None:
    a = await make_store()
    info = game()
    await a.create_game(info, [("tok", 1)])
    await append(a, info, 3)
    await a.close()
    b = await make_store()
    assert (await b.head(info.id)).version == 3
    assert await b.find_token("tok") == (info.id, 1)
    assert len((await b.load(info.id)).actions) == 3


async def test_transact_commits_or_rolls_back_as_one(make_store: StoreFactory) -> None:
    """The satellites' transactions (``Store.transact``): portable ``?`` SQL, a conditional
    write's rowcount, all-or-nothing on an exception, reads seeing only committed data."""
    a, b = await make_store(), await make_store()
    table = f"t_{secrets.token_hex(4)}"
    await a.transact(lambda tx: tx.execute(
        f"CREATE TABLE {table} (k TEXT PRIMARY KEY, n INTEGER NOT NULL)"))

    def put(tx: Any) -> int:
        return int(tx.execute(
            f"INSERT INTO {table} (k, n) VALUES (?, ?) ON CONFLICT (k) DO NOTHING", ("x", 1)
        ).rowcount)

    assert await a.transact(put) == 1
    assert await b.transact(put) == 0  # another process: the conditional insert did nothing

    def half_then_fail(tx: Any) -> None:
        tx.execute(f"UPDATE {table} SET n = ? WHERE k = ?", (2, "x"))
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        await a.transact(half_then_fail)
    rows = await b.transact(
        lambda tx: tx.execute(f"SELECT k, n FROM {table}").fetchall(), write=False
    )
    assert [tuple(r) for r in rows] == [("x", 1)]  # the update was rolled back with it
