"""PostgreSQL: many campaigns in one database, for a hosted table served by several processes.

The rules are :class:`~ironsworn.campaign.store.base.Store`'s; this module supplies the
transactions and queries (layout and migrations: :mod:`.pg_schema`). psycopg 3 is imported
here only, so nothing else pays for it (``pip install 'ironsworn[postgres]'``).

- **Writes to one campaign are serialized in the database.** A write transaction begins by
  locking the campaign's row in ``ironsworn.campaigns`` (``SELECT ... FOR UPDATE``, waiting up
  to 30 s): two processes never interleave one campaign's operations, the next seq is
  ``max(seq) + 1`` read under that lock, and ``tx.state`` is read inside it (read committed:
  every statement after the lock sees every commit before it). Other campaigns are not held.
- **Reads** are one ``REPEATABLE READ READ ONLY`` transaction, so they see one moment.
- **Durability.** A commit returns once PostgreSQL has made it durable (its default
  ``synchronous_commit``); a client killed mid-write leaves an open transaction, which the
  server rolls back when the connection drops: nothing half-written, nothing acknowledged lost.
- **Changes are announced.** A write that changed a campaign sends ``NOTIFY ironsworn`` with
  the campaign's name as payload, delivered at commit, so servers on other processes can
  push the change to their pages (``LISTEN ironsworn``).
- **Connections.** :func:`database` keeps one :class:`Database` per URL per process, with a
  few idle connections for reuse; a store borrows one for each transaction and gives it back.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, suppress
from dataclasses import dataclass
from typing import Any, overload
from urllib.parse import urlsplit, urlunsplit

import psycopg
from psycopg import errors as pg_errors

from ironsworn.campaign.schema import DISCARDED, LIVE, UNDONE
from ironsworn.campaign.store import pg_schema
from ironsworn.campaign.store.base import (
    BUSY_TIMEOUT_S,
    SNAPSHOTS_KEPT,
    Row,
    S,
    Store,
    T,
    default_state_type,
    utc_now,
)
from ironsworn.campaign.store.operations import _package
from ironsworn.errors import CampaignError, Unavailable

CHANNEL = "ironsworn"  # the NOTIFY channel of changed campaigns
IDLE_CONNECTIONS = 8  # kept open per database for reuse (a new one costs a server process)
QUICK_LOCK_MS = 50  # an opportunistic snapshot waits this long for the lock, then skips
_META_COLUMNS = ("name", "created", "created_by")


def redact(url: str) -> str:
    """The URL as messages may show it: without a password."""
    if "://" in url:
        parts = urlsplit(url)
        if parts.password is not None:
            host = parts.netloc.rsplit("@", 1)[-1]
            user = parts.username or ""
            return urlunsplit(parts._replace(netloc=f"{user}@{host}"))
        return url
    # A keyword conninfo ("host=... dbname=... password=..."): drop the password pair.
    words = [w for w in url.split() if not w.lower().startswith("password=")]
    return " ".join(words)


def is_database_url(value: str) -> bool:
    """Whether ``value`` names a PostgreSQL database (``postgresql://`` or ``postgres://``)."""
    return value.startswith(("postgresql://", "postgres://"))


@dataclass(frozen=True)
class CampaignRow:
    """A campaign in the database, as ``campaign list`` shows it."""

    name: str
    created: str
    operations: int  # live ones
    last_played: str | None


class Database:
    """One PostgreSQL database in this process: its URL, migrated schema and idle connections."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.location = redact(url)
        self._idle: list[psycopg.Connection[Any]] = []
        self._idle_lock = threading.Lock()
        # The server process ids of this process's connections: a NOTIFY from one of them is
        # this process's own write (a web server's table has published it already).
        self.backend_pids: set[int] = set()
        self._pid_of: dict[int, int] = {}  # id(connection) -> its server process id
        conn = self.acquire()
        try:
            with self.errors():
                pg_schema.migrate(conn, where=self.location, applied=utc_now(), by=_package())
        finally:
            self.release(conn)
        # The version this process wrote the schema to (read at run time: a test may set an
        # older one): the running total of live operations needs version 4.
        self.schema = pg_schema.SCHEMA_VERSION

    # ------------------------------------------------------------------------- connections

    def acquire(self) -> psycopg.Connection[Any]:
        """An open connection in autocommit mode (transactions are explicit)."""
        with self._idle_lock:
            while self._idle:
                conn = self._idle.pop()
                if not conn.closed:
                    return conn
        with self.errors():
            conn = psycopg.connect(
                self.url, autocommit=True, connect_timeout=10, application_name="ironsworn"
            )
        pid = conn.info.backend_pid
        self._pid_of[id(conn)] = pid
        self.backend_pids.add(pid)
        return conn

    def release(self, conn: psycopg.Connection[Any]) -> None:
        """Give a connection back: kept when idle and healthy, else closed."""
        healthy = (
            not conn.closed and conn.info.transaction_status == psycopg.pq.TransactionStatus.IDLE
        )
        if healthy:
            with self._idle_lock:
                if len(self._idle) < IDLE_CONNECTIONS:
                    self._idle.append(conn)
                    return
        self._closed(conn)

    def _closed(self, conn: psycopg.Connection[Any]) -> None:
        pid = self._pid_of.pop(id(conn), None)
        if pid is not None:
            self.backend_pids.discard(pid)
        with suppress(psycopg.Error):
            conn.close()

    @contextmanager
    def connection(self) -> Iterator[psycopg.Connection[Any]]:
        conn = self.acquire()
        try:
            yield conn
        finally:
            self.release(conn)

    def close(self) -> None:
        """Close the idle connections (borrowed ones close when given back)."""
        with self._idle_lock:
            idle, self._idle = self._idle, []
        for conn in idle:
            self._closed(conn)

    @contextmanager
    def errors(self, where: str | None = None) -> Iterator[None]:
        """Turn psycopg's exceptions into one-line :class:`CampaignError` naming the place."""
        place = where or self.location
        try:
            yield
        except pg_errors.LockNotAvailable:
            raise CampaignError(
                f"{place}: campaign is busy (another writer held it for more than "
                f"{BUSY_TIMEOUT_S:.0f} s)"
            ) from None
        except (psycopg.OperationalError, psycopg.InterfaceError) as exc:
            raise Unavailable(f"{place}: cannot reach the database ({_line(exc)})") from None
        except psycopg.Error as exc:
            raise CampaignError(f"{place}: {_line(exc)}") from None

    # --------------------------------------------------------------------------- campaigns

    def campaign_id(self, name: str) -> int | None:
        """The id of the campaign called ``name``, or None."""
        with self.errors(), self.connection() as conn:
            row = conn.execute("SELECT id FROM ironsworn.campaigns WHERE name = %s", (name,))
            found = row.fetchone()
        return None if found is None else int(found[0])

    def create_campaign(self, name: str, *, exclusive: bool = False) -> int:
        """Create the campaign ``name`` (a race with another creator is fine); its id.

        ``exclusive``: refuse a name that exists already.
        """
        with self.errors(), self.connection() as conn:
            found = conn.execute(
                "INSERT INTO ironsworn.campaigns (name, created, created_by) "
                "VALUES (%s, %s, %s) ON CONFLICT (name) DO NOTHING RETURNING id",
                (name, utc_now(), _package()),
            ).fetchone()
        if found is None:
            if exclusive:
                raise CampaignError(f"{self.location}: campaign {name!r} already exists")
            existing = self.campaign_id(name)
            if existing is None:
                raise CampaignError(f"{self.location}: campaign {name!r} vanished as it was made")
            return existing
        return int(found[0])

    def campaigns(self) -> list[CampaignRow]:
        """Every campaign in the database, by name, with its live operations and last time."""
        with self.errors(), self.connection() as conn:
            rows = conn.execute(
                "SELECT c.name, c.created, count(o.seq), max(o.time) "
                "FROM ironsworn.campaigns c LEFT JOIN ironsworn.operations o "
                "ON o.campaign = c.id AND o.status = %s GROUP BY c.id ORDER BY c.name",
                (LIVE,),
            ).fetchall()
        return [
            CampaignRow(str(name), str(created), int(ops), None if last is None else str(last))
            for name, created, ops, last in rows
        ]

    def tokens(self, name: str) -> dict[str, str]:
        """The web table's tokens of campaign ``name``, by role (empty: none yet)."""
        with self.errors(), self.connection() as conn:
            rows = conn.execute(
                "SELECT t.role, t.token FROM ironsworn.tokens t JOIN ironsworn.campaigns c "
                "ON c.id = t.campaign WHERE c.name = %s",
                (name,),
            ).fetchall()
        return {str(role): str(token) for role, token in rows}

    def set_tokens(self, name: str, tokens: dict[str, str]) -> None:
        """Replace the tokens of campaign ``name`` (made when missing) in one transaction."""
        campaign = self.create_campaign(name)
        with self.errors(), self.connection() as conn, conn.transaction():
            conn.execute("DELETE FROM ironsworn.tokens WHERE campaign = %s", (campaign,))
            with conn.cursor() as cursor:
                cursor.executemany(
                    "INSERT INTO ironsworn.tokens (campaign, role, token, created) "
                    "VALUES (%s, %s, %s, %s)",
                    [(campaign, role, token, utc_now()) for role, token in tokens.items()],
                )

    def delete_campaign_if_empty(self, name: str) -> bool:
        """Remove a campaign that holds no operation (one a failed command just created)."""
        with self.errors(), self.connection() as conn, conn.transaction():
            found = conn.execute(
                "DELETE FROM ironsworn.campaigns c WHERE name = %s AND NOT EXISTS "
                "(SELECT 1 FROM ironsworn.operations o WHERE o.campaign = c.id) "
                "AND NOT EXISTS (SELECT 1 FROM ironsworn.snapshots s WHERE s.campaign = c.id) "
                "AND NOT EXISTS (SELECT 1 FROM ironsworn.tokens t WHERE t.campaign = c.id) "
                "RETURNING id",
                (name,),
            ).fetchone()
        return found is not None


_DATABASES: dict[str, Database] = {}
_DATABASES_LOCK = threading.Lock()


def database(url: str) -> Database:
    """The :class:`Database` at ``url`` in this process (connected and migrated on first use)."""
    with _DATABASES_LOCK:
        found = _DATABASES.get(url)
        if found is None:
            found = _DATABASES[url] = Database(url)
        return found


class PostgresStore(Store[S]):
    """One campaign in a PostgreSQL database. Create it with :meth:`open`."""

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

    @overload
    @classmethod
    def open(
        cls, url: str, name: str, *, create: bool = ..., state_type: None = ...
    ) -> PostgresStore[Any]: ...

    @overload
    @classmethod
    def open(
        cls, url: str, name: str, *, create: bool = ..., state_type: type[T]
    ) -> PostgresStore[T]: ...

    @classmethod
    def open(
        cls,
        url: str,
        name: str,
        *,
        create: bool = False,
        state_type: type[Any] | None = None,
    ) -> PostgresStore[Any]:
        """Open the campaign ``name`` in the database at ``url`` (made when ``create``).

        The database's schema is created or migrated on the first open in a process.
        """
        if state_type is None:
            state_type = default_state_type()
        db = database(url)
        campaign = db.campaign_id(name)
        if campaign is None:
            if not create:
                raise CampaignError(f"{db.location}: campaign {name!r} not found")
            campaign = db.create_campaign(name)
        return cls(db, campaign, name, state_type)

    @staticmethod
    def url_of(store: Store[Any]) -> str:
        """The database URL of a PostgreSQL store (TypeError for another kind of store)."""
        if not isinstance(store, PostgresStore):
            raise TypeError(f"{store.location} is not in a PostgreSQL database")
        return store.db.url

    @property
    def location(self) -> str:
        """The database (without a password) and the campaign's name."""
        return f"{self.db.location} campaign {self._name!r}"

    def close(self) -> None:
        """Let go of the campaign (idempotent); the database's connections stay for reuse."""
        self._cache = None
        self._closed = True

    # ---------------------------------------------------------------------------- backend

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
        self._deferred, self._known_head = [], None
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
        self._conn, self._known_head = None, None
        self.db.release(conn)

    def _rollback(self) -> None:
        conn, self._conn = self._conn, None
        self._deferred, self._known_head = [], None
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

    def _meta(self) -> dict[str, str]:
        row = self._send(
            "SELECT name, created, created_by FROM ironsworn.campaigns WHERE id = %s",
            (self.campaign,),
        ).fetchone()
        return {} if row is None else dict(zip(_META_COLUMNS, map(str, row), strict=True))

    def _set_meta(self, key: str, value: str) -> None:
        if key not in _META_COLUMNS[1:]:
            raise CampaignError(
                f"{self.location}: campaign field {key!r} cannot be set (accepted: "
                f"{', '.join(_META_COLUMNS[1:])})"
            )
        self._send(
            f"UPDATE ironsworn.campaigns SET {key} = %s WHERE id = %s", (value, self.campaign)
        )

    def _live_total(self) -> int | None:
        if self.db.schema < 4:
            return None
        row = self._send(_LIVE_TOTAL, (self.campaign,)).fetchone()
        return None if row is None or row[0] is None else int(row[0])

    def _set_live_total(self, total: int) -> None:
        if self.db.schema >= 4:
            self._send(
                "UPDATE ironsworn.campaigns SET live_ops = %s WHERE id = %s",
                (total, self.campaign),
            )

    def _bump_live_total(self, delta: int) -> None:
        # One statement (an unknown total stays unknown: NULL plus anything is NULL).
        if self.db.schema >= 4:
            self._send(
                "UPDATE ironsworn.campaigns SET live_ops = live_ops + %s WHERE id = %s",
                (delta, self.campaign),
            )

    def _request_row(self, request_id: str) -> tuple[int, str | None] | None:
        row = self._send(
            "SELECT head, answer FROM ironsworn.requests WHERE campaign = %s AND id = %s",
            (self.campaign, request_id),
        ).fetchone()
        return None if row is None else (int(row[0]), None if row[1] is None else str(row[1]))

    def _record_request(self, request_id: str, head: int) -> None:
        self._send(
            "INSERT INTO ironsworn.requests (campaign, id, head) VALUES (%s, %s, %s) "
            "ON CONFLICT DO NOTHING",
            (self.campaign, request_id, head),
        )

    def _set_request_answer(self, request_id: str, answer: str) -> None:
        self._send(
            "UPDATE ironsworn.requests SET answer = %s WHERE campaign = %s AND id = %s",
            (answer, self.campaign, request_id),
        )

    def _head(self) -> int:
        # Kept from its first read until the transaction ends or one of its own statements
        # may change it: a read sees one moment, and a write holds the campaign's lock.
        if self._known_head is not None and self._conn is not None:
            return self._known_head
        row = self._send(_HEAD, (self.campaign, LIVE)).fetchone()
        head = int(row[0] or 0) if row else 0
        if self._conn is not None:
            self._known_head = head
        return head

    def _has_operations(self) -> bool:
        row = self._send(
            "SELECT 1 FROM ironsworn.operations WHERE campaign = %s LIMIT 1", (self.campaign,)
        ).fetchone()
        return row is not None

    def _operation_row(self, status: str, *, descending: bool) -> Row | None:
        order = "DESC" if descending else "ASC"
        row: Row | None = self._send(
            "SELECT seq, kind, time, character, summary, status FROM ironsworn.operations "
            f"WHERE campaign = %s AND status = %s ORDER BY seq {order} LIMIT 1",
            (self.campaign, status),
        ).fetchone()
        return row

    def _events_of(self, seq: int) -> list[str]:
        rows = self._send(
            "SELECT body FROM ironsworn.events WHERE campaign = %s AND op_seq = %s ORDER BY idx",
            (self.campaign, seq),
        )
        return [str(body) for (body,) in rows]

    def _operation_rows(
        self, statuses: Sequence[str], last: int | None, before: int | None = None
    ) -> list[Row]:
        return self._send(
            "SELECT seq, kind, time, character, summary, status FROM ironsworn.operations "
            "WHERE campaign = %s AND status = ANY(%s) AND (%s::bigint IS NULL OR seq < %s) "
            "ORDER BY seq DESC LIMIT %s",
            (self.campaign, list(statuses), before, before, last),
        ).fetchall()

    def _event_bodies(
        self, statuses: Sequence[str], first: int, before: int | None = None
    ) -> Iterable[tuple[int, str]]:
        return self._send(
            "SELECT e.op_seq, e.body FROM ironsworn.events e JOIN ironsworn.operations o "
            "ON o.campaign = e.campaign AND o.seq = e.op_seq "
            "WHERE e.campaign = %s AND o.status = ANY(%s) AND o.seq >= %s "
            "AND (%s::bigint IS NULL OR o.seq < %s) ORDER BY e.op_seq, e.idx",
            (self.campaign, list(statuses), first, before, before),
        ).fetchall()

    def _operations_with_events(
        self, statuses: Sequence[str], last: int | None, before: int | None = None
    ) -> tuple[list[Row], Iterable[tuple[int, str]]]:
        # One round trip: the operations and their events (an operation without events, which
        # the store never writes, would show as one row with no body).
        found = self._send(
            "WITH ops AS (SELECT seq, kind, time, character, summary, status "
            "FROM ironsworn.operations WHERE campaign = %(campaign)s "
            "AND status = ANY(%(statuses)s) AND (%(before)s::bigint IS NULL OR seq < %(before)s) "
            "ORDER BY seq DESC LIMIT %(last)s) "
            "SELECT o.seq, o.kind, o.time, o.character, o.summary, o.status, e.body FROM ops o "
            "LEFT JOIN ironsworn.events e ON e.campaign = %(campaign)s AND e.op_seq = o.seq "
            "ORDER BY o.seq, e.idx",
            {"campaign": self.campaign, "statuses": list(statuses), "before": before, "last": last},
        ).fetchall()
        rows: list[Row] = []
        bodies: list[tuple[int, str]] = []
        for *row, body in found:
            if not rows or rows[-1][0] != row[0]:
                rows.append(tuple(row))
            if body is not None:
                bodies.append((int(row[0]), str(body)))
        return rows, bodies

    def _catch_up_reads(
        self, after: int, upto: int
    ) -> tuple[int | None, int, Iterable[tuple[int, str]]]:
        # One round trip for the three reads (the events are read even when the totals then
        # do not match, which is rare: the kept state is rebuilt then).
        conn = self._conn
        if conn is None or self.db.schema < 4:
            return super()._catch_up_reads(after, upto)
        total, counted, events = self._send_all(
            conn,
            [
                (_LIVE_TOTAL, (self.campaign,)),
                (_COUNT_LIVE, (self.campaign, LIVE, after, upto)),
                (_LIVE_EVENTS, (self.campaign, LIVE, after, upto)),
            ],
        )
        row, number = total.fetchone(), counted.fetchone()
        live = None if row is None or row[0] is None else int(row[0])
        return live, int(number[0]) if number else 0, events.fetchall()

    def _live_events(self, after: int, upto: int) -> Iterable[tuple[int, str]]:
        return self._send(_LIVE_EVENTS, (self.campaign, LIVE, after, upto)).fetchall()

    def _count_live(self, after: int, upto: int) -> int:
        row = self._send(_COUNT_LIVE, (self.campaign, LIVE, after, upto)).fetchone()
        return int(row[0]) if row else 0

    def _status_counts(self) -> dict[str, int]:
        rows = self._send(
            "SELECT status, count(*) FROM ironsworn.operations WHERE campaign = %s GROUP BY status",
            (self.campaign,),
        )
        return {str(status): int(number) for status, number in rows}

    def _live_event_count(self) -> int:
        row = self._send(
            "SELECT count(*) FROM ironsworn.events e JOIN ironsworn.operations o "
            "ON o.campaign = e.campaign AND o.seq = e.op_seq "
            "WHERE e.campaign = %s AND o.status = %s",
            (self.campaign, LIVE),
        ).fetchone()
        return int(row[0]) if row else 0

    def _discard_redo(self) -> None:
        self._wrote = True
        self._send(
            "UPDATE ironsworn.operations SET status = %s WHERE campaign = %s AND status = %s",
            (DISCARDED, self.campaign, UNDONE),
        )

    @property
    def _append_counts_live(self) -> bool:  # type: ignore[override]
        return self.db.schema >= 4  # _append keeps the running total in the same statement

    def _append(
        self,
        kind: str,
        time: str,
        character: str | None,
        summary: str,
        encoded: Sequence[tuple[str, str]],
        *,
        discard_redo: bool,
    ) -> int:
        # One statement, one round trip (with the savepoint deferred before it): the redo
        # stack discarded, the operation added at max(seq) + 1 (read under the campaign's
        # row lock), its events, and the running total of live operations. Every part sees
        # the same snapshot; the events' foreign key is checked at the statement's end.
        self._wrote = True
        parts = []
        if discard_redo:
            parts.append(
                "discarded AS (UPDATE ironsworn.operations SET status = %(discarded)s "
                "WHERE campaign = %(campaign)s AND status = %(undone)s)"
            )
        parts.append(
            "op AS (INSERT INTO ironsworn.operations "
            "(campaign, seq, kind, time, character, summary, status) "
            "SELECT %(campaign)s, coalesce(max(seq), 0) + 1, %(kind)s, %(time)s, %(character)s, "
            "%(summary)s, %(live)s FROM ironsworn.operations WHERE campaign = %(campaign)s "
            "RETURNING seq)"
        )
        parts.append(
            "added AS (INSERT INTO ironsworn.events (campaign, op_seq, idx, type, body) "
            "SELECT %(campaign)s, op.seq, e.idx - 1, e.type, e.body FROM op, "
            "unnest(%(types)s::text[], %(bodies)s::text[]) WITH ORDINALITY AS e(type, body, idx))"
        )
        if self._append_counts_live:
            parts.append(
                "counted AS (UPDATE ironsworn.campaigns SET live_ops = live_ops + 1 "
                "WHERE id = %(campaign)s)"
            )
        self._known_head = None
        row = self._send(
            "WITH " + ", ".join(parts) + " SELECT seq FROM op",
            {
                "campaign": self.campaign,
                "discarded": DISCARDED,
                "undone": UNDONE,
                "live": LIVE,
                "kind": kind,
                "time": time,
                "character": character,
                "summary": summary,
                "types": [event_type for event_type, _body in encoded],
                "bodies": [body for _type, body in encoded],
            },
        ).fetchone()
        assert row is not None
        seq = int(row[0])
        self._known_head = seq  # a new live operation above every other: the head
        return seq

    def _insert_operation(
        self,
        seq: int | None,
        kind: str,
        time: str,
        character: str | None,
        summary: str,
        status: str,
    ) -> int:
        self._wrote = True
        self._known_head = None
        conn = self._c
        if seq is None:
            # Under the campaign's row lock, so no other writer can take the same seq.
            row = conn.execute(
                "SELECT coalesce(max(seq), 0) + 1 FROM ironsworn.operations WHERE campaign = %s",
                (self.campaign,),
            ).fetchone()
            assert row is not None
            seq = int(row[0])
        conn.execute(
            "INSERT INTO ironsworn.operations "
            "(campaign, seq, kind, time, character, summary, status) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s)",
            (self.campaign, seq, kind, time, character, summary, status),
        )
        return seq

    def _insert_events(self, seq: int, encoded: Sequence[tuple[str, str]]) -> None:
        with self._c.cursor() as cursor:
            cursor.executemany(
                "INSERT INTO ironsworn.events (campaign, op_seq, idx, type, body) "
                "VALUES (%s, %s, %s, %s, %s)",
                [
                    (self.campaign, seq, i, event_type, body)
                    for i, (event_type, body) in enumerate(encoded)
                ],
            )

    def _set_status(self, seq: int, status: str) -> None:
        self._wrote = True
        self._known_head = None
        self._send(
            "UPDATE ironsworn.operations SET status = %s WHERE campaign = %s AND seq = %s",
            (status, self.campaign, seq),
        )

    def _snapshot_row(self, state_key: str, head: int) -> tuple[int, int, str] | None:
        row = self._send(
            "SELECT seq, ops, body FROM ironsworn.snapshots "
            "WHERE campaign = %s AND state_key = %s AND seq <= %s ORDER BY seq DESC LIMIT 1",
            (self.campaign, state_key, head),
        ).fetchone()
        return None if row is None else (int(row[0]), int(row[1]), str(row[2]))

    def _snapshot_base(self, state_key: str, head: int) -> int:
        row = self._send(
            "SELECT coalesce(max(seq), 0) FROM ironsworn.snapshots "
            "WHERE campaign = %s AND state_key = %s AND seq <= %s",
            (self.campaign, state_key, head),
        ).fetchone()
        return int(row[0]) if row else 0

    def _put_snapshot(self, seq: int, state_key: str, ops: int, body: str) -> None:
        conn = self._c
        conn.execute(
            "INSERT INTO ironsworn.snapshots (campaign, seq, state_key, ops, body) "
            "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (campaign, seq, state_key) "
            "DO UPDATE SET ops = excluded.ops, body = excluded.body",
            (self.campaign, seq, state_key, ops, body),
        )
        conn.execute(
            "DELETE FROM ironsworn.snapshots WHERE campaign = %s AND seq NOT IN "
            "(SELECT DISTINCT seq FROM ironsworn.snapshots WHERE campaign = %s "
            "ORDER BY seq DESC LIMIT %s)",
            (self.campaign, self.campaign, SNAPSHOTS_KEPT),
        )

    def _drop_snapshots(self, from_seq: int) -> None:
        self._send(
            "DELETE FROM ironsworn.snapshots WHERE campaign = %s AND seq >= %s",
            (self.campaign, from_seq),
        )


# A read: one moment of the database, for every read in it.
_BEGIN_READ = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
# A write's lock on its campaign's row (every writer of the campaign takes it first).
_LOCK = "SELECT id FROM ironsworn.campaigns WHERE id = %s FOR UPDATE"
# What catching the kept state up reads: the running total of live operations, how many
# live ones a range holds, and their events.
_LIVE_TOTAL = "SELECT live_ops FROM ironsworn.campaigns WHERE id = %s"
_COUNT_LIVE = (
    "SELECT count(*) FROM ironsworn.operations "
    "WHERE campaign = %s AND status = %s AND seq > %s AND seq <= %s"
)
_LIVE_EVENTS = (
    "SELECT e.op_seq, e.body FROM ironsworn.operations o JOIN ironsworn.events e "
    "ON e.campaign = o.campaign AND e.op_seq = o.seq "
    "WHERE o.campaign = %s AND o.status = %s AND o.seq > %s AND o.seq <= %s "
    "ORDER BY e.op_seq, e.idx"
)
# The last live seq of a campaign (0: none).
_HEAD = "SELECT max(seq) FROM ironsworn.operations WHERE campaign = %s AND status = %s"


def _line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
