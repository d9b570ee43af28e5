"""The schema under versioned migrations (issue 14 #6): a fresh database is created by the
migrations, and a database made by the server as it was before migrations (no
``alembic_version``) is adopted and upgraded, its games still loading and playing. On SQLite
always, on PostgreSQL when ``FCM_TEST_DATABASE_URL`` is set."""

from __future__ import annotations

import secrets
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fcm.server import create_app, migrations
from tests.server.conftest import PG_SKIP, PG_URL, Game, create, pg_schema_url, settings_for

# The schema exactly as the server made it before migrations (SQLite; the bots' secret came
# later, by ALTER TABLE, so this database is older than both).
LEGACY_SQLITE = """
CREATE TABLE games (id TEXT PRIMARY KEY, created_at REAL NOT NULL, updated_at REAL NOT NULL,
    players INTEGER NOT NULL, seed INTEGER NOT NULL, options TEXT NOT NULL, scenario TEXT,
    seats TEXT NOT NULL, initial_events TEXT NOT NULL, version INTEGER NOT NULL,
    revision INTEGER NOT NULL, seen TEXT NOT NULL, status TEXT NOT NULL,
    has_bots INTEGER NOT NULL);
CREATE INDEX games_active_bots ON games (status, has_bots);
CREATE TABLE tokens (hash TEXT PRIMARY KEY, game_id TEXT NOT NULL REFERENCES games (id),
    seat INTEGER NOT NULL);
CREATE TABLE actions (game_id TEXT NOT NULL REFERENCES games (id), version INTEGER NOT NULL,
    seat INTEGER NOT NULL, action TEXT NOT NULL, events TEXT NOT NULL, visible TEXT NOT NULL,
    created_at REAL NOT NULL, PRIMARY KEY (game_id, version));
CREATE TABLE snapshots (game_id TEXT NOT NULL REFERENCES games (id),
    version INTEGER NOT NULL, state TEXT NOT NULL, PRIMARY KEY (game_id, version));
CREATE TABLE changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, game_id TEXT NOT NULL,
    revision INTEGER NOT NULL);
"""
LEGACY_PG = """
CREATE TABLE games (id TEXT PRIMARY KEY, created_at DOUBLE PRECISION NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL, players INTEGER NOT NULL, seed BIGINT NOT NULL,
    options TEXT NOT NULL, scenario TEXT, seats TEXT NOT NULL, initial_events TEXT NOT NULL,
    version INTEGER NOT NULL, revision INTEGER NOT NULL, seen TEXT NOT NULL,
    status TEXT NOT NULL, has_bots BOOLEAN NOT NULL, secret BIGINT);
CREATE INDEX games_active_bots ON games (status, has_bots);
CREATE TABLE tokens (hash TEXT PRIMARY KEY, game_id TEXT NOT NULL REFERENCES games (id),
    seat INTEGER NOT NULL);
CREATE TABLE actions (game_id TEXT NOT NULL REFERENCES games (id), version INTEGER NOT NULL,
    seat INTEGER NOT NULL, action TEXT NOT NULL, events TEXT NOT NULL, visible TEXT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL, PRIMARY KEY (game_id, version));
CREATE TABLE snapshots (game_id TEXT NOT NULL REFERENCES games (id),
    version INTEGER NOT NULL, state TEXT NOT NULL, PRIMARY KEY (game_id, version));
"""
GAME_COLS = (
    "id, created_at, updated_at, players, seed, options, scenario, seats, initial_events,"
    " version, revision, seen, status, has_bots"
)
RESERVE = {"type": "choose_reserve", "money": 300}


def play_some(url: str) -> tuple[str, dict[int, str], dict[str, Any]]:
    """A 2-player game with one action played, made by the current server on ``url``."""
    with TestClient(create_app(settings_for(url))) as c:
        g = create(c, players=2, seed=5)
        g.play(0, RESERVE)
        return g.id, g.tokens, g.state(0)


def check_plays(url: str, game_id: str, tokens: dict[int, str], before: dict[str, Any]) -> None:
    """The game loads on the upgraded database, as it was, and takes the next action."""
    with TestClient(create_app(settings_for(url))) as c:
        g = Game(c, {"game": game_id, "seats": [
            {"seat": s, "token": t} for s, t in tokens.items()
        ], "spectator": {"token": ""}})
        s0 = g.state(0)
        assert s0["view"] == before["view"] and s0["legal"] == before["legal"]
        version = s0["version"]
        assert version == before["version"] == 1 and g.state(1)["your_turn"]
        after = g.play(1, RESERVE)
        assert after["version"] == version + 1
        assert create(c, players=3).state(0)["version"] == 0  # new games too


def test_head_is_alembics_only_head() -> None:
    assert migrations.heads() == [migrations.HEAD]


def test_a_fresh_sqlite_database_is_made_by_the_migrations(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/fresh.sqlite3"
    play_some(url)
    assert migrations.current_sqlite(f"{tmp_path}/fresh.sqlite3") == migrations.HEAD


def test_a_sqlite_database_from_before_migrations_is_upgraded_and_its_games_play(
    tmp_path: Path,
) -> None:
    scratch = tmp_path / "scratch.sqlite3"
    game_id, tokens, before = play_some(f"sqlite:///{scratch}")
    legacy = tmp_path / "legacy.sqlite3"
    db = sqlite3.connect(legacy)
    db.executescript(LEGACY_SQLITE)
    db.execute("ATTACH DATABASE ? AS scratch", (str(scratch),))
    db.execute(f"INSERT INTO games ({GAME_COLS}) SELECT {GAME_COLS} FROM scratch.games")
    for table in ("tokens", "actions", "snapshots"):
        db.execute(f"INSERT INTO {table} SELECT * FROM scratch.{table}")
    db.commit()
    db.execute("DETACH DATABASE scratch")
    db.close()
    assert migrations.current_sqlite(str(legacy)) is None
    check_plays(f"sqlite:///{legacy}", game_id, tokens, before)
    assert migrations.current_sqlite(str(legacy)) == migrations.HEAD
    db = sqlite3.connect(legacy)
    columns = {r[1] for r in db.execute("PRAGMA table_info(games)")}
    assert "secret" in columns  # the old game has none: its bots would use its seed
    assert db.execute("SELECT secret FROM games WHERE id = ?", (game_id,)).fetchone() == (None,)
    db.close()


@pytest.fixture
def pg_schemas() -> Iterator[list[str]]:
    if not PG_URL:
        pytest.skip(PG_SKIP)
    import psycopg

    made: list[str] = []
    yield made
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        for schema in made:
            conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")


def test_a_postgres_database_from_before_migrations_is_upgraded_and_its_games_play(
    pg_schemas: list[str],
) -> None:
    import psycopg

    assert PG_URL is not None
    scratch, legacy = f"m_{secrets.token_hex(5)}", f"m_{secrets.token_hex(5)}"
    pg_schemas.extend([scratch, legacy])
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {scratch}")
        conn.execute(f"CREATE SCHEMA {legacy}")
    game_id, tokens, before = play_some(pg_schema_url(scratch))
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        conn.execute(f"SET search_path TO {legacy}")
        conn.execute(LEGACY_PG)
        cols = f"{GAME_COLS}, secret"
        conn.execute(f"INSERT INTO games ({cols}) SELECT {cols} FROM {scratch}.games")
        for table in ("tokens", "actions", "snapshots"):
            conn.execute(f"INSERT INTO {table} SELECT * FROM {scratch}.{table}")
        assert conn.execute(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = %s"
            " AND table_name = 'alembic_version'", (legacy,)
        ).fetchone() == (0,)
    check_plays(pg_schema_url(legacy), game_id, tokens, before)
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        row: Any = conn.execute(f"SELECT version_num FROM {legacy}.alembic_version").fetchone()
    assert row == (migrations.HEAD,)
