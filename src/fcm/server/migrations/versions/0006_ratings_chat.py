"""Ratings (fcm.server.ratings): each account's rating (openskill's Plackett-Luce mu and
sigma), its history (one row per rated game), and which finished games have been rated
(a game is rated exactly once, by whichever process gets there first). The chat of each
game (fcm.server.chat): numbered messages, (game_id, seq) unique."""

from __future__ import annotations

from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

STATEMENTS = [
    """CREATE TABLE ratings (
        account_id TEXT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
        mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL,
        wins INTEGER NOT NULL,
        updated_at DOUBLE PRECISION NOT NULL
    )""",
    """CREATE TABLE rating_history (
        account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        game_id TEXT NOT NULL REFERENCES games (id),
        place INTEGER NOT NULL,
        players INTEGER NOT NULL,
        mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL,
        rated_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (account_id, game_id)
    )""",
    "CREATE INDEX rating_history_account ON rating_history (account_id, rated_at)",
    """CREATE TABLE rated_games (
        game_id TEXT PRIMARY KEY REFERENCES games (id),
        rated_at DOUBLE PRECISION NOT NULL,
        accounts INTEGER NOT NULL
    )""",
    """CREATE TABLE chat (
        game_id TEXT NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        text TEXT NOT NULL,
        sent_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, seq)
    )""",
]


def upgrade() -> None:
    for stmt in STATEMENTS:
        op.execute(stmt)


def downgrade() -> None:
    for table in ("chat", "rated_games", "rating_history", "ratings"):
        op.execute(f"DROP TABLE {table}")
