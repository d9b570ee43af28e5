"""Leases on the games being started (fcm.server.lobby): an open game moved to ``starting``
and a rematch being made carry the id their game will have (``pending_id``) and until when
the process making it holds it (``lease_until``), so that a server killed in between leaves
a row that another request takes over, never one stuck forever."""

from __future__ import annotations

from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for table in ("open_games", "rematches"):
        op.execute(f"ALTER TABLE {table} ADD COLUMN pending_id TEXT")
        op.execute(f"ALTER TABLE {table} ADD COLUMN lease_until DOUBLE PRECISION")


def downgrade() -> None:
    for table in ("open_games", "rematches"):
        op.execute(f"ALTER TABLE {table} DROP COLUMN lease_until")
        op.execute(f"ALTER TABLE {table} DROP COLUMN pending_id")
