"""The database schema under versioned migrations (Alembic), for SQLite and PostgreSQL.

Every store upgrades its database to :data:`HEAD` when it opens (``fcm serve`` does so on
start). Revision ``0001`` is the schema as it was before migrations existed, written with
``IF NOT EXISTS`` so that a database made by an older server (without the ``alembic_version``
table) is adopted as it is and then upgraded like any other. Several processes may open one
database at once: PostgreSQL serialises them with an advisory lock held by the migration's
transaction, SQLite (one machine) with a lock file beside the database.

Revisions are plain SQL (``op.execute``); the stores themselves never use SQLAlchemy. A new
revision: add ``versions/NNNN_name.py`` with ``down_revision`` the previous head, and move
:data:`HEAD` (``tests/server/test_migrations.py`` checks it is Alembic's head).
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

HEAD = "0011"  # the chain: 0001 .. 0004, 0007 (rewinds), 0005, 0006, 0008, 0009, 0010, 0011
PG_LOCK = 727_364_001  # the advisory lock id (the same one the schema creation used before)
HERE = Path(__file__).parent


def _config(connection: Any) -> Any:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    cfg.attributes["connection"] = connection
    return cfg


def current_sqlite(path: str) -> str | None:
    """The revision a SQLite database is at (None: no ``alembic_version``, or empty)."""
    db = sqlite3.connect(path)
    try:
        return _version(db.execute)
    finally:
        db.close()


def _version(execute: Callable[..., Any]) -> str | None:
    try:
        row = execute("SELECT version_num FROM alembic_version").fetchone()
    except Exception:
        return None
    return None if row is None else str(row[0])


@contextlib.contextmanager
def _file_lock(path: str) -> Iterator[None]:
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on POSIX: no second process to fear
        yield
        return
    with open(f"{path}.migrate-lock", "a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def upgrade_sqlite(path: str, target: str = "head") -> None:
    """Upgrade the SQLite database at ``path`` (``:memory:`` is not migrated here: see
    :func:`upgrade_sqlite_connection`)."""
    if target == "head" and current_sqlite(path) == HEAD:
        return  # the common case, without importing Alembic
    from sqlalchemy import create_engine
    from sqlalchemy.pool import NullPool

    with _file_lock(path):
        engine = create_engine(
            "sqlite://", creator=lambda: sqlite3.connect(path), poolclass=NullPool
        )
        try:
            _upgrade(engine, target)
        finally:
            engine.dispose()


def upgrade_sqlite_connection(db: sqlite3.Connection, target: str = "head") -> None:
    """Upgrade the database of an open connection (an in-memory database)."""
    if target == "head" and _version(db.execute) == HEAD:
        return
    from sqlalchemy import create_engine
    from sqlalchemy.pool import StaticPool

    engine = create_engine("sqlite://", creator=lambda: db, poolclass=StaticPool)
    _upgrade(engine, target)  # not disposed: that would close ``db``


def upgrade_postgres(url: str, schema: str | None = None, target: str = "head") -> None:
    """Upgrade the PostgreSQL database at ``url`` (in ``schema`` if given: created if
    needed and put first on the search path)."""
    import psycopg
    from psycopg import sql

    if target == "head" and not schema:
        with psycopg.connect(url, autocommit=True) as conn:
            if _version(conn.execute) == HEAD:
                return  # the common case, without importing Alembic

    def connect() -> Any:
        conn = psycopg.connect(url)
        if schema:
            conn.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(schema)))
            conn.execute(sql.SQL("SET search_path TO {}").format(sql.Identifier(schema)))
            conn.commit()
        return conn

    from sqlalchemy import create_engine
    from sqlalchemy.pool import NullPool

    engine = create_engine("postgresql+psycopg://", creator=connect, poolclass=NullPool)
    try:
        _upgrade(engine, target)
    finally:
        engine.dispose()


def _upgrade(engine: Any, target: str) -> None:
    from alembic import command

    with engine.connect() as connection:
        command.upgrade(_config(connection), target)
        connection.commit()


def heads() -> list[str]:
    """Alembic's heads of the revision scripts (exactly one: :data:`HEAD`)."""
    from alembic.script import ScriptDirectory

    return list(ScriptDirectory.from_config(_config(None)).get_heads())
