"""Alembic's environment: migrations run on the connection the caller hands over
(``fcm.server.migrations``), in one transaction where the database allows it."""

from __future__ import annotations

from alembic import context
from sqlalchemy import text

from fcm.server.migrations import PG_LOCK

connection = context.config.attributes["connection"]
context.configure(connection=connection, transaction_per_migration=False)
with context.begin_transaction():
    if connection.dialect.name == "postgresql":
        # One process migrates at a time; the others wait, then find the work done.
        connection.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": PG_LOCK})
    context.run_migrations()
