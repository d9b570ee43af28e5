"""Accounts (fcm.server.accounts): accounts with argon2 password hashes, login sessions
(only the SHA-256 of a session id is stored) and the seats an account has claimed."""

from __future__ import annotations

from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

# Portable DDL: SQLite takes DOUBLE PRECISION as REAL.
STATEMENTS = [
    """CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        email TEXT,
        password TEXT NOT NULL,
        created_at DOUBLE PRECISION NOT NULL
    )""",
    """CREATE TABLE sessions (
        hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        csrf TEXT NOT NULL,
        created_at DOUBLE PRECISION NOT NULL,
        expires_at DOUBLE PRECISION NOT NULL
    )""",
    "CREATE INDEX sessions_account ON sessions (account_id)",
    """CREATE TABLE seat_owners (
        game_id TEXT NOT NULL REFERENCES games (id),
        seat INTEGER NOT NULL,
        account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        claimed_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, seat)
    )""",
    "CREATE INDEX seat_owners_account ON seat_owners (account_id)",
]


def upgrade() -> None:
    for stmt in STATEMENTS:
        op.execute(stmt)


def downgrade() -> None:
    for table in ("seat_owners", "sessions", "accounts"):
        op.execute(f"DROP TABLE {table}")
