"""Rooms (fcm.server.lobby): open games waiting in the lobby and the seats taken in them
(``(open_id, seat)`` and ``(open_id, account_id)`` unique: a seat is claimed once, an account
sits once); public games that any signed-in account may watch; rematches (one per finished
game, whoever asks first). Log-in rate limits shared by every server process
(fcm.server.accounts): one row per limited key, its theoretical arrival time (GCRA)."""

from __future__ import annotations

from alembic import op

revision = "0008"
down_revision = "0006"
branch_labels = None
depends_on = None

STATEMENTS = [
    """CREATE TABLE open_games (
        id TEXT PRIMARY KEY,
        created_by TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        created_at DOUBLE PRECISION NOT NULL,
        players INTEGER NOT NULL,
        spec TEXT NOT NULL,
        status TEXT NOT NULL,
        game_id TEXT REFERENCES games (id),
        started_at DOUBLE PRECISION
    )""",
    "CREATE INDEX open_games_status ON open_games (status, created_at)",
    """CREATE TABLE open_seats (
        open_id TEXT NOT NULL REFERENCES open_games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        joined_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (open_id, seat),
        UNIQUE (open_id, account_id)
    )""",
    """CREATE TABLE public_games (
        game_id TEXT PRIMARY KEY REFERENCES games (id),
        listed_at DOUBLE PRECISION NOT NULL
    )""",
    "CREATE INDEX public_games_listed ON public_games (listed_at)",
    """CREATE TABLE rematches (
        game_id TEXT PRIMARY KEY REFERENCES games (id),
        new_game_id TEXT REFERENCES games (id),
        created_at DOUBLE PRECISION NOT NULL
    )""",
    """CREATE TABLE login_limits (
        key TEXT PRIMARY KEY,
        tat DOUBLE PRECISION NOT NULL
    )""",
    "CREATE INDEX login_limits_tat ON login_limits (tat)",
]


def upgrade() -> None:
    for stmt in STATEMENTS:
        op.execute(stmt)


def downgrade() -> None:
    for table in ("login_limits", "rematches", "public_games", "open_seats", "open_games"):
        op.execute(f"DROP TABLE {table}")
