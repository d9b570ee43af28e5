"""Storage backends behind one interface (:class:`~fcm.server.storage.base.Store`)."""

from __future__ import annotations

from fcm.server.storage.base import (
    SPECTATOR,
    ActionRow,
    Conflict,
    GameInfo,
    GameNotFound,
    Head,
    Loaded,
    SeatSpec,
    Store,
    StoreError,
    StoreUnavailable,
    Tx,
)


def open_store(url: str, **kwargs: object) -> Store:
    """A store for ``url``: ``postgresql://user:pw@host/db`` or ``sqlite:///path`` (or a path).

    The store is not connected yet: ``await store.open()``.
    """
    if url.startswith(("postgresql://", "postgres://")):
        from fcm.server.storage.postgres import PostgresStore

        return PostgresStore(url, **kwargs)  # type: ignore[arg-type]
    from fcm.server.storage.sqlite import SqliteStore, sqlite_path

    return SqliteStore(sqlite_path(url), **kwargs)  # type: ignore[arg-type]


__all__ = [
    "SPECTATOR",
    "ActionRow",
    "Conflict",
    "GameInfo",
    "GameNotFound",
    "Head",
    "Loaded",
    "SeatSpec",
    "Store",
    "StoreError",
    "StoreUnavailable",
    "Tx",
    "open_store",
]
