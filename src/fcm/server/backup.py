"""``fcm backup`` and ``fcm restore``: a copy of a SQLite database taken while servers run, and
put back into place (docs/server.md, Backups).

A backup uses SQLite's online backup API (``sqlite3.Connection.backup``): it copies the
database page by page under SQLite's own locking, so the copy is one consistent state even
while server processes keep writing (a plain file copy of a WAL database may miss the
committed pages still in the ``-wal`` file, or tear). The copy is then checked
(``PRAGMA integrity_check``) and must carry the schema's migration version.

A restore writes a backup into the database file, through the same API (so the ``-wal`` and
``-shm`` files are consistent with it), with every server of that database stopped; a file
that exists is replaced only with ``force``. The servers then open it as usual (and migrate
it, should the backup be of an older version).

PostgreSQL has its own tools (``pg_dump --format=custom`` and ``pg_restore --clean``), which
these commands name rather than wrap.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from fcm.server.storage.sqlite import sqlite_path

PG_HINT = ("PostgreSQL is backed up with its own tools: pg_dump --format=custom --file=FILE URL,"
           " and restored with pg_restore --clean --if-exists --dbname=URL FILE "
           "(docs/server.md, Backups)")


class BackupError(Exception):
    """The backup or the restore was not made (the message says why)."""


def _sqlite_file(url: str) -> Path:
    if url.startswith(("postgresql:", "postgres:")):
        raise BackupError(PG_HINT)
    return Path(sqlite_path(url))


def _check(db: sqlite3.Connection, what: str) -> str:
    """The schema version of a database that passes SQLite's integrity check."""
    problems = [str(r[0]) for r in db.execute("PRAGMA integrity_check").fetchall()]
    if problems != ["ok"]:
        raise BackupError(f"{what} is damaged: {'; '.join(problems[:5])}")
    try:
        row = db.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.DatabaseError:
        row = None
    if row is None:
        raise BackupError(f"{what} is not a database of this server (no schema version)")
    return str(row[0])


def backup(url: str, dest: str | Path) -> str:
    """Copy the SQLite database of ``url`` to the new file ``dest`` while servers may run;
    returns the copy's schema version."""
    source = _sqlite_file(url)
    out = Path(dest)
    if not source.exists():
        raise BackupError(f"there is no database at {source}")
    if out.exists():
        raise BackupError(f"{out} exists: a backup is written to a new file")
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    dst = sqlite3.connect(out)
    try:
        src.execute("PRAGMA busy_timeout = 10000")
        src.backup(dst, pages=1024)  # in steps: the servers' writers wait only between them
        version = _check(dst, "the copy")
    except BaseException:
        dst.close()
        out.unlink(missing_ok=True)
        raise
    finally:
        src.close()
    dst.close()
    return version


def restore(src: str | Path, url: str, *, force: bool = False) -> str:
    """Write the backup ``src`` into the SQLite database of ``url`` (every server of it
    stopped); an existing database is replaced only with ``force``. Returns the backup's
    schema version."""
    target = _sqlite_file(url)
    source = Path(src)
    if not source.exists():
        raise BackupError(f"there is no backup at {source}")
    if target.exists() and not force:
        raise BackupError(f"{target} exists: stop its servers and restore with --force to "
                          "replace it")
    back = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        version = _check(back, "the backup")
        target.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(target)
        try:
            db.execute("PRAGMA busy_timeout = 10000")
            back.backup(db)
            _check(db, "the restored database")
        finally:
            db.close()
    finally:
        back.close()
    return version
