"""A game's table options (bot pause, hints: how the server runs it, not rules), as JSON; games
from before have none (NULL reads as {})."""

from __future__ import annotations

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "postgresql":
        op.execute("ALTER TABLE games ADD COLUMN IF NOT EXISTS table_opts TEXT")
        return
    columns = {r[1] for r in bind.exec_driver_sql("PRAGMA table_info(games)")}
    if "table_opts" not in columns:
        op.execute("ALTER TABLE games ADD COLUMN table_opts TEXT")


def downgrade() -> None:
    op.execute("ALTER TABLE games DROP COLUMN table_opts")
