"""Turn timers (fcm.server.clock): a game's clock settings, the deadline of each seat's
current decision, and the log of deadlines acted on (one process per deadline)."""

from __future__ import annotations

from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

STATEMENTS = [
    """CREATE TABLE clocks (
        game_id TEXT PRIMARY KEY REFERENCES games (id),
        per_decision INTEGER NOT NULL,
        fallback TEXT NOT NULL,
        bot TEXT NOT NULL,
        revision INTEGER NOT NULL,
        paused_at DOUBLE PRECISION,
        pause_votes TEXT NOT NULL,
        taken_over TEXT NOT NULL
    )""",
    """CREATE TABLE deadlines (
        game_id TEXT NOT NULL REFERENCES games (id),
        seat INTEGER NOT NULL,
        revision INTEGER NOT NULL,
        started_at DOUBLE PRECISION NOT NULL,
        due_at DOUBLE PRECISION,
        remaining DOUBLE PRECISION,
        lease_until DOUBLE PRECISION NOT NULL,
        lease_owner TEXT,
        PRIMARY KEY (game_id, seat)
    )""",
    "CREATE INDEX deadlines_due ON deadlines (due_at)",
    """CREATE TABLE timeouts (
        game_id TEXT NOT NULL REFERENCES games (id),
        seat INTEGER NOT NULL,
        due_at DOUBLE PRECISION NOT NULL,
        owner TEXT NOT NULL,
        acted_at DOUBLE PRECISION NOT NULL,
        fallback TEXT NOT NULL,
        PRIMARY KEY (game_id, seat, due_at, owner)
    )""",
]


def upgrade() -> None:
    for stmt in STATEMENTS:
        op.execute(stmt)


def downgrade() -> None:
    for table in ("timeouts", "deadlines", "clocks"):
        op.execute(f"DROP TABLE {table}")
