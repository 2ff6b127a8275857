"""One campaign's transactions on PostgreSQL, and their round trips to the database.

- **Reads** are one ``REPEATABLE READ READ ONLY`` transaction, so they see one moment; its
  ``BEGIN`` goes with the first read.
- **Writes to one campaign are serialized in the database.** A write transaction begins by
  locking the campaign's row in ``ironsworn.campaigns`` (``SELECT ... FOR UPDATE``, waiting up
  to 30 s), in one round trip with the ``BEGIN`` and the read of the head under the lock.
- **Round trips.** Savepoints (a group commit's steps, see ``Store.group``) cost none of their
  own: each waits to go with the next statement, and one released before any statement was
  never sent. Statements that go together are pipelined (:meth:`PgTransactions._send_all`).
- **Commit** sends what was deferred, ``NOTIFY ironsworn`` (a write that changed the campaign:
  delivered at commit, so other servers push the change to their pages) and ``COMMIT`` in one
  round trip; an aborted transaction is never reported durable.

The store's queries are in :mod:`.postgres`; the connections in :mod:`.pg_database`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, suppress
from typing import Any

import psycopg

from ironsworn.campaign.schema import LIVE
from ironsworn.campaign.store.base import BUSY_TIMEOUT_S, S, Store
from ironsworn.campaign.store.pg_database import Database
from ironsworn.errors import CampaignError

CHANNEL = "ironsworn"  # the NOTIFY channel of changed campaigns
QUICK_LOCK_MS = 50  # an opportunistic snapshot waits this long for the lock, then skips

# A read: one moment of the database, for every read in it.
_BEGIN_READ = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
# A write's lock on its campaign's row (every writer of the campaign takes it first).
_LOCK = "SELECT id FROM ironsworn.campaigns WHERE id = %s FOR UPDATE"
# The last live seq of a campaign (0: none).
_HEAD = "SELECT max(seq) FROM ironsworn.operations WHERE campaign = %s AND status = %s"


class PgTransactions(Store[S]):
    """A campaign's store on PostgreSQL, its transactions and round trips (the queries are
    :class:`~ironsworn.campaign.store.postgres.PostgresStore`'s)."""

    def __init__(self, db: Database, campaign: int, name: str, state_type: type[S]) -> None:
        super().__init__(state_type)
        self.db = db
        self.campaign = campaign
        self._name = name
        self._conn: psycopg.Connection[Any] | None = None
        self._wrote = False
        self._closed = False
        # Round trips (see _send): savepoint statements wait here to go with the next
        # statement, and the head read when the write lock was taken is kept until a
        # statement may change it (None: read it again).
        self._deferred: list[str] = []
        self._known_head: int | None = None
        # What catches the kept state up, read with the head in the open transaction (its
        # connection, the kept state's head, the head, the live total, the live operations
        # after the kept head and their events); forgotten when the transaction ends.
        self._caught_up: tuple[Any, int, int, int | None, int, list[Any]] | None = None

    @property
    def location(self) -> str:
        """The database (without a password) and the campaign's name."""
        return f"{self.db.location} campaign {self._name!r}"

    def close(self) -> None:
        """Let go of the campaign (idempotent); the database's connections stay for reuse."""
        self._cache = None
        self._closed = True

    # ----------------------------------------------------------------------- transactions

    @property
    def _c(self) -> psycopg.Connection[Any]:
        """The open transaction's connection, with the statements deferred sent first."""
        conn = self._conn
        if conn is None:
            raise CampaignError(f"{self.location}: no transaction is open")
        if self._deferred:
            self._send_all(conn, [])
        return conn

    def _send(self, sql: str, params: Any = None) -> psycopg.Cursor[Any]:
        """Execute one statement, in one round trip with the statements deferred before it."""
        conn = self._conn
        if conn is None:
            raise CampaignError(f"{self.location}: no transaction is open")
        if not self._deferred:
            return conn.execute(sql, params)
        return self._send_all(conn, [(sql, params)])[-1]

    def _send_all(
        self, conn: psycopg.Connection[Any], statements: list[tuple[str, Any]]
    ) -> list[psycopg.Cursor[Any]]:
        """The deferred statements, then ``statements``, in one round trip (a pipeline: a
        statement that fails skips every one after it, and raises when the pipeline ends)."""
        deferred, self._deferred = self._deferred, []
        with conn.pipeline():
            for sql in deferred:
                conn.execute(sql)
            cursors = [conn.execute(sql, params) for sql, params in statements]
        return cursors

    def _errors(self) -> AbstractContextManager[None]:
        return self.db.errors(self.location)

    @contextmanager
    def _read(self) -> Iterator[None]:
        with self._lock:
            if self._in_write or self._in_group or self._conn is not None:
                yield  # inside a transaction already: it sees what it needs
                return
            if self._closed:
                raise CampaignError(f"{self.location}: the campaign was closed")
            conn = self.db.acquire()
            self._conn = conn
            # The BEGIN goes with the first read (one round trip less); a read transaction
            # that read nothing was never begun.
            self._deferred, self._known_head = [_BEGIN_READ], None
            try:
                yield
            finally:
                begun = self._deferred[:1] != [_BEGIN_READ]
                self._conn, self._deferred, self._known_head = None, [], None
                self._caught_up = None
                if begun:
                    with suppress(psycopg.Error):
                        conn.execute("COMMIT")
                self.db.release(conn)

    def _begin_write(self, *, wait: bool) -> None:
        if self._closed:
            raise CampaignError(f"{self.location}: the campaign was closed")
        conn = self.db.acquire()
        self._conn = conn
        self._wrote = False
        self._deferred, self._known_head, self._caught_up = [], None, None
        timeout = int(BUSY_TIMEOUT_S * 1000) if wait else QUICK_LOCK_MS
        try:
            # One round trip: begin, take the campaign's row lock, read the head under it.
            _begin, _timeout, locked, head = self._send_all(
                conn,
                [
                    ("BEGIN", None),
                    (f"SET LOCAL lock_timeout = {timeout}", None),
                    (_LOCK, (self.campaign,)),
                    (_HEAD, (self.campaign, LIVE)),
                ],
            )
            if locked.fetchone() is None:
                raise CampaignError(f"{self.location}: the campaign no longer exists")
            row = head.fetchone()
            self._known_head = int(row[0] or 0) if row else 0
        except BaseException:
            self._rollback()
            raise

    def _commit(self) -> None:
        conn = self._conn
        if conn is None:
            raise CampaignError(f"{self.location}: no transaction is open")
        if not self._transaction_alive():
            # COMMIT of an aborted transaction is a silent ROLLBACK: never report it durable.
            raise CampaignError(
                f"{self.location}: the write transaction failed (nothing of it was written)"
            )
        # One round trip: what was deferred, the NOTIFY (delivered at commit) and the commit;
        # a statement that fails skips the COMMIT (and raises: nothing is reported durable).
        statements: list[tuple[str, Any]] = []
        if self._wrote:
            statements.append(("SELECT pg_notify(%s, %s)", (CHANNEL, self._name)))
        self._send_all(conn, [*statements, ("COMMIT", None)])
        self._conn, self._known_head, self._caught_up = None, None, None
        self.db.release(conn)

    def _rollback(self) -> None:
        conn, self._conn = self._conn, None
        self._deferred, self._known_head, self._caught_up = [], None, None
        if conn is None:
            return
        with suppress(psycopg.Error):
            conn.execute("ROLLBACK")
        self.db.release(conn)

    def _transaction_alive(self) -> bool:
        conn = self._conn
        return (
            conn is not None
            and conn.info.transaction_status == psycopg.pq.TransactionStatus.INTRANS
        )

    # Savepoints cost no round trip of their own: each waits to go with the next statement
    # (a savepoint released or rolled back before any statement was never needed).

    def _savepoint(self, name: str) -> None:
        if self._conn is None:
            raise CampaignError(f"{self.location}: no transaction is open")
        self._deferred.append(f"SAVEPOINT {name}")

    def _release(self, name: str) -> None:
        if self._deferred and self._deferred[-1] == f"SAVEPOINT {name}":
            self._deferred.pop()  # nothing was done in it
            return
        if self._conn is None:
            raise CampaignError(f"{self.location}: no transaction is open")
        self._deferred.append(f"RELEASE SAVEPOINT {name}")

    def _rollback_to(self, name: str, *, keep: bool = False) -> None:
        if self._deferred and self._deferred[-1] == f"SAVEPOINT {name}":
            if not keep:
                self._deferred.pop()  # nothing was done in it: nothing to take back
            return
        self._known_head = None  # the head the savepoint saw: read it again
        conn = self._conn
        if conn is None:
            raise CampaignError(f"{self.location}: no transaction is open")
        statements: list[tuple[str, Any]] = [(f"ROLLBACK TO SAVEPOINT {name}", None)]
        if not keep:
            statements.append((f"RELEASE SAVEPOINT {name}", None))
        self._send_all(conn, statements)
