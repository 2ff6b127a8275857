"""The layout of the PostgreSQL database of a hosted table, and the migrations between versions.

Everything lives in the PostgreSQL schema (namespace) ``ironsworn``, so the tables can share a
database with other applications and be backed up on their own (``pg_dump -n ironsworn``).
Many campaigns share the tables; each row carries its campaign's id, and a campaign's seqs
count from 1 as in its own file.

``ironsworn.schema_version`` has one row per version applied. :func:`migrate` runs when a
process first opens the database: under a transaction-level advisory lock (so two servers
starting at once migrate once), it applies every missing version in one transaction, and
refuses a database of a newer version than this ironsworn understands.

Versions:

- **1** — ``campaigns`` (id, name, created, created_by), ``operations`` (the SQLite file's
  columns plus ``campaign``), ``events`` and ``snapshots`` (likewise). Event bodies are the
  canonical JSON text, byte for byte (``jsonb`` would reorder keys, so a copy would no longer
  export identically).
- **2** — ``tokens``: the web table's access tokens (a ``player`` and a ``guide`` token per
  campaign), so every server on the database honours the same invite links.
- **3** — ``requests``: the request ids (``Idempotency-Key``) of the writes a campaign took,
  recorded in the write's own transaction, with the answer given, so a retry applies once.
- **4** — ``campaigns.live_ops``: the running total of a campaign's live operations, kept by
  every write (0 for a new campaign; unknown, NULL, for an older one until its next snapshot),
  so opening a long campaign checks its snapshot, and a server catches up with another's
  writes, without counting the whole log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ironsworn.errors import CampaignError

if TYPE_CHECKING:
    import psycopg

SCHEMA_VERSION = 4
# Any fixed number: it names "the ironsworn schema is being migrated" among advisory locks.
MIGRATION_LOCK = 0x49524F4E

_VERSION_1 = [
    """CREATE TABLE ironsworn.campaigns (
        id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        name       text NOT NULL UNIQUE,
        created    text NOT NULL,       -- ISO-8601 UTC, as in the file's meta
        created_by text NOT NULL
    )""",
    """CREATE TABLE ironsworn.operations (
        campaign  bigint NOT NULL REFERENCES ironsworn.campaigns (id),
        seq       integer NOT NULL,     -- per campaign; rows are never deleted
        kind      text NOT NULL,
        time      text NOT NULL,
        character text,
        summary   text NOT NULL DEFAULT '',
        status    text NOT NULL DEFAULT 'live' CHECK (status IN ('live', 'undone', 'discarded')),
        PRIMARY KEY (campaign, seq)
    )""",
    "CREATE INDEX operations_by_status ON ironsworn.operations (campaign, status, seq)",
    """CREATE TABLE ironsworn.events (
        campaign bigint NOT NULL,
        op_seq   integer NOT NULL,
        idx      integer NOT NULL,
        type     text NOT NULL,
        body     text NOT NULL,         -- the whole event as canonical JSON
        PRIMARY KEY (campaign, op_seq, idx),
        FOREIGN KEY (campaign, op_seq) REFERENCES ironsworn.operations (campaign, seq)
    )""",
    """CREATE TABLE ironsworn.snapshots (
        campaign  bigint NOT NULL REFERENCES ironsworn.campaigns (id),
        seq       integer NOT NULL,
        state_key text NOT NULL,
        ops       integer NOT NULL,
        body      text NOT NULL,
        PRIMARY KEY (campaign, seq, state_key)
    )""",
]

_VERSION_2 = [
    """CREATE TABLE ironsworn.tokens (
        campaign bigint NOT NULL REFERENCES ironsworn.campaigns (id),
        role     text NOT NULL CHECK (role IN ('player', 'guide')),
        token    text NOT NULL,
        created  text NOT NULL,
        PRIMARY KEY (campaign, role)
    )""",
]

_VERSION_3 = [
    """CREATE TABLE ironsworn.requests (
        campaign bigint NOT NULL REFERENCES ironsworn.campaigns (id),
        id       text NOT NULL,
        head     integer NOT NULL,
        answer   text,
        PRIMARY KEY (campaign, id)
    )""",
]

_VERSION_4 = [
    "ALTER TABLE ironsworn.campaigns ADD COLUMN live_ops integer",  # NULL: not known yet
    "ALTER TABLE ironsworn.campaigns ALTER COLUMN live_ops SET DEFAULT 0",  # a new campaign
]

# version -> the statements that bring the database from the version before to it.
MIGRATIONS: dict[int, list[str]] = {
    1: _VERSION_1,
    2: _VERSION_2,
    3: _VERSION_3,
    4: _VERSION_4,
}


def current_version(conn: psycopg.Connection[Any]) -> int:
    """The version the database is at (0: no ironsworn tables yet)."""
    row = conn.execute("SELECT to_regclass('ironsworn.schema_version') IS NOT NULL").fetchone()
    if row is None or not row[0]:
        return 0
    found = conn.execute("SELECT coalesce(max(version), 0) FROM ironsworn.schema_version")
    version = found.fetchone()
    return int(str(version[0])) if version else 0


def migrate(conn: psycopg.Connection[Any], *, where: str, applied: str, by: str) -> int:
    """Bring the database up to :data:`SCHEMA_VERSION`; returns the version it was at.

    ``conn`` is in autocommit mode: this runs its own transaction.
    """
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
        version = current_version(conn)  # read under the lock: another process may have run
        if version > SCHEMA_VERSION:
            raise CampaignError(
                f"{where}: database schema version {version} is newer than this ironsworn "
                f"understands (up to {SCHEMA_VERSION}); upgrade ironsworn to use it"
            )
        if version == 0:
            conn.execute("CREATE SCHEMA IF NOT EXISTS ironsworn")
            conn.execute(
                "CREATE TABLE ironsworn.schema_version ("
                "version integer PRIMARY KEY, applied text NOT NULL, applied_by text NOT NULL)"
            )
        for step in range(version + 1, SCHEMA_VERSION + 1):
            for statement in MIGRATIONS[step]:
                conn.execute(statement)
            conn.execute(
                "INSERT INTO ironsworn.schema_version (version, applied, applied_by) "
                "VALUES (%s, %s, %s)",
                (step, applied, by),
            )
    return version
