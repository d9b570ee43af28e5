"""Fixtures for the server tests: stores (SQLite always; PostgreSQL when
``FCM_TEST_DATABASE_URL`` is set), an in-process API client, and game helpers."""

from __future__ import annotations

import functools
import os
import secrets
import time
import warnings
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest

pytest.importorskip("fastapi", reason="the server extra is not installed")

with warnings.catch_warnings():  # starlette suggests httpx2 over httpx; both work
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from fcm.record import GameRecord
from fcm.server import Settings, create_app

PG_URL = os.environ.get("FCM_TEST_DATABASE_URL")
PG_SKIP = "FCM_TEST_DATABASE_URL is not set (.ci/run starts PostgreSQL and sets it)"

# A 2-player position at Restructuring with cards in hand: secret simultaneous decisions.
RESTRUCTURING = {
    "format": "fcm-scenario/1",
    "players": 2,
    "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
    "round": 2,
    "phase": "restructuring",
    "turn_order": [0, 1],
    "companies": [
        {"hand": ["waitress", "trainer"], "reserve": 300},
        {"hand": ["kitchen_trainee", "errand_boy"], "reserve": 100},
    ],
}


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def pg_schema_url(schema: str) -> str:
    """``FCM_TEST_DATABASE_URL`` with ``search_path`` set to ``schema`` (one per test run)."""
    assert PG_URL is not None
    sep = "&" if "?" in PG_URL else "?"
    return f"{PG_URL}{sep}options={quote(f'-csearch_path={schema}')}"


@pytest.fixture(scope="session")
def pg_schema() -> Iterator[str]:
    """A fresh PostgreSQL schema for this test session (dropped at the end)."""
    if not PG_URL:
        pytest.skip(PG_SKIP)
    import psycopg

    schema = f"t_{secrets.token_hex(6)}"
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield pg_schema_url(schema)
    finally:
        with psycopg.connect(PG_URL, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture
def pg_url(pg_schema: str) -> str:
    """The session's PostgreSQL schema, with the rate limits' buckets emptied: each test starts
    with the limits a fresh database has (as each SQLite test has a fresh file); the games and
    accounts of earlier tests stay (they have their own ids)."""
    import psycopg

    with psycopg.connect(pg_schema, autocommit=True) as conn:
        if conn.execute("SELECT to_regclass('login_limits')").fetchone()[0] is not None:
            conn.execute("DELETE FROM login_limits")
    return pg_schema


def run_async(coro: Any) -> Any:
    """``asyncio.run`` in a thread of its own: a browser test earlier in this worker leaves
    Playwright's event loop running in the main thread, where asyncio.run refuses to start."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def settings_for(database_url: str, **kw: Any) -> Settings:
    base: dict[str, Any] = dict(
        database_url=database_url,
        rate_per_second=1000.0,
        rate_burst=1000,
        bot_think_ms=2000,
        poll_interval=0.05,
    )
    base.update(kw)
    return Settings(**base)


@pytest.fixture
def db_url(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path}/fcm.sqlite3"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for(db_url))) as c:
        yield c


class Game:
    """A created game seen through the API: tokens and small helpers."""

    def __init__(self, client: TestClient, data: dict[str, Any]) -> None:
        self.client = client
        self.data = data
        self.id: str = data["game"]
        self.tokens: dict[int, str] = {
            s["seat"]: s["token"] for s in data["seats"] if s["token"] is not None
        }
        self.spectator: str = data["spectator"]["token"]

    @staticmethod
    def auth(token: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"}

    def token(self, seat: int | None) -> str:
        return self.spectator if seat is None else self.tokens[seat]

    def state(self, seat: int | None) -> dict[str, Any]:
        r = self.client.get(f"/api/games/{self.id}", headers=self.auth(self.token(seat)))
        assert r.status_code == 200, r.text
        return r.json()

    def post(self, seat: int, body: Any, path: str = "actions", token: str | None = None) -> Any:
        return self.client.post(
            f"/api/games/{self.id}/{path}",
            headers=self.auth(token or self.tokens[seat]),
            json=body,
        )

    def act(self, seat: int, action: dict[str, Any], version: int | None = None) -> Any:
        if version is None:
            version = self.state(seat)["version"]
        return self.post(seat, {"version": version, "action": action})

    def play(self, seat: int, action: dict[str, Any]) -> dict[str, Any]:
        r = self.act(seat, action)
        assert r.status_code == 200, r.text
        return r.json()

    def wait(self, pred: Any, seat: int | None = None, timeout: float = 30.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            s = self.state(seat)
            if pred(s):
                return s
            assert time.monotonic() < deadline, f"timed out; last state: {s['actors']}"
            time.sleep(0.02)


def create(client: TestClient, **body: Any) -> Game:
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return Game(client, r.json())


@functools.cache
def engine_is_complete() -> bool:
    """Whether whole games can be played yet (all phases are implemented)."""
    from fcm.bots import make_bot
    from fcm.core.state import Options
    from fcm.runner import SIMULATION_ROUND_LIMIT, play_game

    try:
        play_game(
            [make_bot("random", 1), make_bot("random", 2)],
            seed=1,
            options=Options(round_limit=SIMULATION_ROUND_LIMIT),
        )
    except NotImplementedError:
        return False
    return True


@pytest.fixture
def whole_games() -> None:
    """Skip unless the engine can play whole games (all phases written)."""
    if not engine_is_complete():
        pytest.skip("the engine cannot play a whole game yet (phases still being written)")


def check_bot_moves(record: GameRecord, bots: dict[int, str], secret: int) -> int:
    """Check that every bot action of a log is the bot's deterministic choice at its
    position (bots are a function of the stored game: its secret, not its seed); returns how
    many were checked."""
    import fcm
    from fcm.server.bots import bot_choice
    from fcm.server.match import bot_seed

    state = record.initial_state()[0]
    checked = 0
    for i, (seat, action) in enumerate(record.actions):
        if seat in bots:
            legal = fcm.legal_actions(state, seat)
            expected = bot_choice(
                bots[seat], bot_seed(secret, seat, i), fcm.view(state, seat), seat, legal,
                100,
            )
            assert action == expected, f"bot move #{i + 1} of seat {seat}"
            checked += 1
        state, _ = fcm.apply(state, seat, action)
    return checked


def stored_record(database_url: str, game_id: str) -> GameRecord:
    """The game as stored (read straight from the database), as a saved game."""

    from fcm.core.actions import action_from_json
    from fcm.core.state import Options
    from fcm.server.storage import open_store

    async def read() -> GameRecord:
        store = open_store(database_url)
        await store.open()
        try:
            info = await store.get_game(game_id)
            rows = await store.actions(game_id)
        finally:
            await store.close()
        return GameRecord(
            players=info.players, seed=info.seed, options=Options.from_dict(info.options),
            scenario=info.scenario, actions=[(r.seat, action_from_json(r.action)) for r in rows],
        )

    return run_async(read())


def stored_secret(database_url: str, game_id: str) -> int:
    """The game's server-side secret (its bots' seeds derive from it), read from the store."""

    from fcm.server.storage import open_store

    async def read() -> int:
        store = open_store(database_url)
        await store.open()
        try:
            secret = (await store.get_game(game_id)).secret
        finally:
            await store.close()
        assert secret is not None
        return secret

    return run_async(read())


from tests.server.sinks import sinks  # noqa: E402, F401  (the SMTP sink and webhook receiver)
