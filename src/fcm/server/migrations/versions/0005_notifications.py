"""Notifications (fcm.server.notify): each account's settings, where each game stands for
them (the revision last looked at and its deciding seats), and the outbox of messages to
send (one row per message and channel, taken by one process with a lease)."""

from __future__ import annotations

from alembic import op

revision = "0005"
down_revision = "0007"  # after the rewinds (0007 landed first)
branch_labels = None
depends_on = None

STATEMENTS = [
    """CREATE TABLE notify_settings (
        account_id TEXT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
        email TEXT,
        webhook TEXT,
        on_turn INTEGER NOT NULL,
        on_end INTEGER NOT NULL,
        daily INTEGER NOT NULL,
        last_daily INTEGER NOT NULL,
        updated_at DOUBLE PRECISION NOT NULL
    )""",
    """CREATE TABLE notify_games (
        game_id TEXT PRIMARY KEY REFERENCES games (id),
        revision INTEGER NOT NULL,
        actors TEXT NOT NULL,
        over INTEGER NOT NULL
    )""",
    """CREATE TABLE outbox (
        key TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        channel TEXT NOT NULL,
        game_id TEXT,
        seat INTEGER,
        created_at DOUBLE PRECISION NOT NULL,
        due_at DOUBLE PRECISION NOT NULL,
        lease_until DOUBLE PRECISION NOT NULL,
        lease_owner TEXT,
        attempts INTEGER NOT NULL,
        status TEXT NOT NULL,
        done_at DOUBLE PRECISION,
        error TEXT
    )""",
    "CREATE INDEX outbox_due ON outbox (status, due_at)",
]


def upgrade() -> None:
    for stmt in STATEMENTS:
        op.execute(stmt)


def downgrade() -> None:
    for table in ("outbox", "notify_games", "notify_settings"):
        op.execute(f"DROP TABLE {table}")
