"""Rewind by consent (fcm.server.rewind): each game's latest rewind vote (the point it goes back
to, who proposed and accepted it, how it ended)."""

from __future__ import annotations

from alembic import op

revision = "0007"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("""CREATE TABLE rewinds (
        game_id TEXT PRIMARY KEY REFERENCES games (id),
        id TEXT NOT NULL,
        to_version INTEGER NOT NULL,
        kind TEXT NOT NULL,
        round INTEGER NOT NULL,
        seat INTEGER,
        proposer INTEGER NOT NULL,
        at_version INTEGER NOT NULL,
        at_revision INTEGER NOT NULL,
        accepted TEXT NOT NULL,
        status TEXT NOT NULL,
        declined_by INTEGER,
        created_at DOUBLE PRECISION NOT NULL
    )""")


def downgrade() -> None:
    op.execute("DROP TABLE rewinds")
