"""The schema before migrations existed (games, tokens, actions, snapshots; SQLite's change
table): ``IF NOT EXISTS`` throughout, so an older database is adopted as it is."""

from __future__ import annotations

from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _tables(real: str, boolean: str, bigint: str) -> str:
    return f"""
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created_at {real} NOT NULL,
    updated_at {real} NOT NULL,
    players INTEGER NOT NULL,
    seed {bigint} NOT NULL,
    options TEXT NOT NULL,
    scenario TEXT,
    seats TEXT NOT NULL,
    initial_events TEXT NOT NULL,
    version INTEGER NOT NULL,
    revision INTEGER NOT NULL,
    seen TEXT NOT NULL,
    status TEXT NOT NULL,
    has_bots {boolean} NOT NULL
);
CREATE INDEX IF NOT EXISTS games_active_bots ON games (status, has_bots);
CREATE TABLE IF NOT EXISTS tokens (
    hash TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games (id),
    seat INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games (id),
    version INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    events TEXT NOT NULL,
    visible TEXT NOT NULL,
    created_at {real} NOT NULL,
    PRIMARY KEY (game_id, version)
);
CREATE TABLE IF NOT EXISTS snapshots (
    game_id TEXT NOT NULL REFERENCES games (id),
    version INTEGER NOT NULL,
    state TEXT NOT NULL,
    PRIMARY KEY (game_id, version)
);
"""


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "postgresql":
        for stmt in _tables("DOUBLE PRECISION", "BOOLEAN", "BIGINT").split(";"):
            if stmt.strip():
                op.execute(stmt)
        op.execute("ALTER TABLE games ADD COLUMN IF NOT EXISTS secret BIGINT")
        return
    for stmt in _tables("REAL", "INTEGER", "INTEGER").split(";"):
        if stmt.strip():
            op.execute(stmt)
    op.execute(
        "CREATE TABLE IF NOT EXISTS changes (seq INTEGER PRIMARY KEY AUTOINCREMENT,"
        " game_id TEXT NOT NULL, revision INTEGER NOT NULL)"
    )
    # the bots' secret was added by ALTER TABLE (databases from before it lack it)
    columns = {r[1] for r in bind.exec_driver_sql("PRAGMA table_info(games)")}
    if "secret" not in columns:
        op.execute("ALTER TABLE games ADD COLUMN secret INTEGER")


def downgrade() -> None:
    raise NotImplementedError("the baseline is not undone: drop the database instead")
