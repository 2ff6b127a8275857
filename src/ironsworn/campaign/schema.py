"""The layout of a campaign file: identity, schema versions, and the migrations between them.

A campaign is one SQLite file. Two header fields say what it is:

- ``PRAGMA application_id`` is :data:`APP_ID` (the bytes ``IRON``). It is written once, when the
  file is created, while the file is still in rollback-journal mode, so it always sits in the
  main file's 100-byte header. :func:`check_header` reads that header with plain file I/O
  before SQLite ever opens the file, so a foreign or non-SQLite file is refused without being
  touched (opening it with SQLite could create journal files or switch its journal mode).
- ``PRAGMA user_version`` is the schema version (:data:`SCHEMA_VERSION`). A newer file is
  refused; an older one is migrated in one transaction by the steps in :data:`MIGRATIONS`.

Versions:

- **1** — ``meta`` (key/value), ``operations`` (one row per user action) and ``events`` (the
  events of each operation, in order). Every operation was live; there was no undo.
- **2** — adds ``operations.status`` (``live`` / ``undone`` / ``discarded``: undo marks an
  operation ``undone`` and keeps it for redo; a new operation after an undo marks the redo
  stack ``discarded``; rows are never deleted, so the log stays append-only) and the
  ``snapshots`` table (the folded state every N operations, a cache that may be dropped at any
  time).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from ironsworn.errors import CampaignError

APP_ID = 0x49524F4E  # b"IRON"
SCHEMA_VERSION = 2
SQLITE_MAGIC = b"SQLite format 3\x00"

# Operation statuses (schema 2).
LIVE = "live"
UNDONE = "undone"
DISCARDED = "discarded"

_SCHEMA_V2 = """
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE operations (
    seq       INTEGER PRIMARY KEY,  -- rows are never deleted, so a seq is never reused
    kind      TEXT NOT NULL,
    time      TEXT NOT NULL,        -- ISO-8601 UTC
    character TEXT,
    summary   TEXT NOT NULL DEFAULT '',
    status    TEXT NOT NULL DEFAULT 'live' CHECK (status IN ('live', 'undone', 'discarded'))
);
CREATE INDEX operations_by_status ON operations (status, seq);

CREATE TABLE events (
    op_seq INTEGER NOT NULL REFERENCES operations (seq),
    idx    INTEGER NOT NULL,
    type   TEXT NOT NULL,
    body   TEXT NOT NULL,           -- the whole event as canonical JSON
    PRIMARY KEY (op_seq, idx)
) WITHOUT ROWID;

CREATE TABLE snapshots (
    seq       INTEGER NOT NULL,     -- the fold of every live operation up to this seq
    state_key TEXT NOT NULL,        -- which state model (and version) wrote it
    ops       INTEGER NOT NULL,     -- how many live operations it folds (a sanity check)
    body      TEXT NOT NULL,        -- to_dict() as JSON
    PRIMARY KEY (seq, state_key)
) WITHOUT ROWID;
"""


def check_header(path: Path) -> bool:
    """Check the file's header without opening it with SQLite.

    Returns True for an empty file (one that SQLite would treat as a new database), False for
    an ironsworn campaign, and raises :class:`CampaignError` for anything else.
    """
    try:
        with path.open("rb") as handle:
            header = handle.read(100)
    except FileNotFoundError:
        raise CampaignError(f"{path}: campaign file not found") from None
    except IsADirectoryError:
        raise CampaignError(f"{path}: is a directory, not a campaign file") from None
    except OSError as exc:
        raise CampaignError(f"{path}: cannot read campaign file ({exc.strerror})") from None
    if not header:
        return True
    magic = header[: len(SQLITE_MAGIC)]
    if magic != SQLITE_MAGIC[: len(magic)]:
        raise CampaignError(f"{path}: not an SQLite database, so not an ironsworn campaign")
    if len(header) < 100:
        raise CampaignError(f"{path}: truncated SQLite file ({len(header)} bytes), not a campaign")
    app_id = int.from_bytes(header[68:72], "big")
    if app_id != APP_ID:
        raise CampaignError(
            f"{path}: not an ironsworn campaign (SQLite application id {app_id:#x}, "
            f"expected {APP_ID:#x})"
        )
    return False


def initialize(conn: sqlite3.Connection, *, name: str, created: str, created_by: str) -> None:
    """Create the current schema in an empty database (inside the caller's transaction)."""
    conn.execute(f"PRAGMA application_id = {APP_ID}")
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    for statement in _statements(_SCHEMA_V2):
        conn.execute(statement)
    conn.executemany(
        "INSERT INTO meta (key, value) VALUES (?, ?)",
        [("name", name), ("created", created), ("created_by", created_by)],
    )


def is_empty(conn: sqlite3.Connection) -> bool:
    """True when the database has no tables and no identity yet (a brand-new file)."""
    (tables,) = conn.execute("SELECT count(*) FROM sqlite_schema").fetchone()
    (app_id,) = conn.execute("PRAGMA application_id").fetchone()
    return int(tables) == 0 and int(app_id) == 0


def read_version(conn: sqlite3.Connection, path: Path) -> int:
    """The file's schema version, refusing a foreign or newer file."""
    (app_id,) = conn.execute("PRAGMA application_id").fetchone()
    if int(app_id) != APP_ID:
        raise CampaignError(f"{path}: not an ironsworn campaign (application id {app_id:#x})")
    (version,) = conn.execute("PRAGMA user_version").fetchone()
    version = int(version)
    if version > SCHEMA_VERSION:
        raise CampaignError(
            f"{path}: campaign schema version {version} is newer than this ironsworn "
            f"understands (up to {SCHEMA_VERSION}); upgrade ironsworn to open it"
        )
    if version < 1:
        raise CampaignError(f"{path}: campaign schema version {version} is not valid")
    return version


def _migrate_1_to_2(conn: sqlite3.Connection) -> None:
    # Version 1 had no undo: every existing operation is live, which is the column default.
    conn.execute(
        "ALTER TABLE operations ADD COLUMN status TEXT NOT NULL DEFAULT 'live' "
        "CHECK (status IN ('live', 'undone', 'discarded'))"
    )
    conn.execute("CREATE INDEX operations_by_status ON operations (status, seq)")
    conn.execute(
        """CREATE TABLE snapshots (
            seq       INTEGER NOT NULL,
            state_key TEXT NOT NULL,
            ops       INTEGER NOT NULL,
            body      TEXT NOT NULL,
            PRIMARY KEY (seq, state_key)
        ) WITHOUT ROWID"""
    )


# from_version -> the step that brings a file from that version to the next one.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {
    1: _migrate_1_to_2,
}


def migrate(conn: sqlite3.Connection, from_version: int) -> None:
    """Bring the schema up to :data:`SCHEMA_VERSION` (inside the caller's transaction)."""
    version = from_version
    while version < SCHEMA_VERSION:
        MIGRATIONS[version](conn)
        version += 1
        conn.execute(f"PRAGMA user_version = {version}")


def _statements(script: str) -> list[str]:
    # executescript() would COMMIT the caller's transaction, so statements run one by one.
    lines = [line.split("--", 1)[0] for line in script.splitlines()]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
