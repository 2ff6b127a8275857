"""A PostgreSQL database in this process: its connections (a few kept idle for reuse), its
schema (migrated on first use, see :mod:`.pg_schema`), the campaigns it holds (their ids,
creation, listing and invite tokens), and psycopg's errors as one-line messages.

:func:`database` keeps one :class:`Database` per URL per process; a campaign's store
(:mod:`.postgres`) borrows a connection from it for each transaction and gives it back.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg
from psycopg import errors as pg_errors

from ironsworn.campaign.schema import LIVE
from ironsworn.campaign.store import pg_schema
from ironsworn.campaign.store.base import BUSY_TIMEOUT_S, utc_now
from ironsworn.campaign.store.operations import _package
from ironsworn.errors import CampaignError, Unavailable

IDLE_CONNECTIONS = 8  # kept open per database for reuse (a new one costs a server process)


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


def _line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
