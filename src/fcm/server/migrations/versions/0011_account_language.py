"""The language an account reads the site in (issue 27, fcm.i18n): null until the player
chooses one (the browser's Accept-Language decides meanwhile); e-mails and webhooks use it."""

from __future__ import annotations

from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("ALTER TABLE accounts ADD COLUMN lang TEXT")


def downgrade() -> None:
    op.execute("ALTER TABLE accounts DROP COLUMN lang")
