"""Moderation (fcm.server.moderation): administrators (``accounts.admin``, granted by
``fcm admin grant``), suspended accounts (``suspended_at``: they cannot log in and their
sessions are ended), hidden chat messages (``chat.hidden_at``: left out of every reader's
chat) and the players' reports of a chat message or a player (``reports``)."""

from __future__ import annotations

from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

STATEMENTS = [
    "ALTER TABLE accounts ADD COLUMN admin INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE accounts ADD COLUMN suspended_at DOUBLE PRECISION",
    "ALTER TABLE accounts ADD COLUMN suspended_reason TEXT",
    "ALTER TABLE chat ADD COLUMN hidden_at DOUBLE PRECISION",
    "ALTER TABLE chat ADD COLUMN hidden_by TEXT",
    """CREATE TABLE reports (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        reporter TEXT NOT NULL,
        reporter_name TEXT NOT NULL,
        game_id TEXT,
        seq INTEGER,
        account_id TEXT,
        name TEXT NOT NULL,
        text TEXT,
        reason TEXT NOT NULL,
        created_at DOUBLE PRECISION NOT NULL,
        status TEXT NOT NULL,
        resolved_by TEXT,
        resolved_at DOUBLE PRECISION
    )""",
    "CREATE INDEX reports_status ON reports (status, created_at)",
    "CREATE INDEX games_updated ON games (status, updated_at)",
]


def upgrade() -> None:
    for stmt in STATEMENTS:
        op.execute(stmt)


def downgrade() -> None:
    op.execute("DROP INDEX games_updated")
    op.execute("DROP TABLE reports")
    for table, column in (("chat", "hidden_by"), ("chat", "hidden_at"),
                          ("accounts", "suspended_reason"), ("accounts", "suspended_at"),
                          ("accounts", "admin")):
        op.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
