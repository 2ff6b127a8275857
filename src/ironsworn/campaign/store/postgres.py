"""PostgreSQL: many campaigns in one database, for a hosted table served by several processes.

The rules are :class:`~ironsworn.campaign.store.base.Store`'s; this module supplies the
queries a store's rules are written in (layout and migrations: :mod:`.pg_schema`; the
transactions and their round trips: :mod:`.pg_transactions`; the connections and the
campaigns of a database: :mod:`.pg_database`). psycopg 3 is imported by these modules only,
so nothing else pays for it (``pip install 'ironsworn[postgres]'``).

- **Writes to one campaign are serialized in the database**: every writer first locks the
  campaign's row, so the next seq is ``max(seq) + 1`` read under that lock, and ``tx.state``
  is read inside it (read committed: every statement after the lock sees every commit before
  it). Other campaigns are not held. An append is one statement (one round trip).
- **Reads** are one ``REPEATABLE READ READ ONLY`` transaction, so they see one moment.
- **Durability.** A commit returns once PostgreSQL has made it durable (its default
  ``synchronous_commit``); a client killed mid-write leaves an open transaction, which the
  server rolls back when the connection drops: nothing half-written, nothing acknowledged lost.
- **Changes are announced.** A write that changed a campaign sends ``NOTIFY ironsworn`` with
  the campaign's name as payload, delivered at commit, so servers on other processes can
  push the change to their pages (``LISTEN ironsworn``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, overload

from ironsworn.campaign.schema import DISCARDED, LIVE, UNDONE
from ironsworn.campaign.store.base import (
    SNAPSHOTS_KEPT,
    Row,
    S,
    Store,
    T,
    default_state_type,
)
from ironsworn.campaign.store.pg_database import (
    IDLE_CONNECTIONS,
    CampaignRow,
    Database,
    database,
    is_database_url,
    redact,
)
from ironsworn.campaign.store.pg_transactions import (
    _HEAD,
    CHANNEL,
    QUICK_LOCK_MS,
    PgTransactions,
)
from ironsworn.errors import CampaignError

# What other modules import from here (the store, and its database's names).
__all__ = [
    "CHANNEL",
    "IDLE_CONNECTIONS",
    "QUICK_LOCK_MS",
    "CampaignRow",
    "Database",
    "PostgresStore",
    "database",
    "is_database_url",
    "redact",
]

_META_COLUMNS = ("name", "created", "created_by")


class PostgresStore(PgTransactions[S]):
    """One campaign in a PostgreSQL database. Create it with :meth:`open`."""

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

    # ---------------------------------------------------------------------------- queries

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

    def _operation_rows_after(self, after: int, limit: int) -> list[Row]:
        return self._send(
            "SELECT seq, kind, time, character, summary, status FROM ironsworn.operations "
            "WHERE campaign = %s AND seq > %s ORDER BY seq LIMIT %s",
            (self.campaign, after, limit),
        ).fetchall()

    def _head_and_operations_after(
        self, after: int, limit: int
    ) -> tuple[int, list[Row], Iterable[tuple[int, str]]]:
        # One round trip: the head and the operations above ``after`` with their events, and
        # (when a kept state may need them) the reads that catch it up to that head.
        conn = self._conn
        if conn is None:
            return super()._head_and_operations_after(after, limit)
        statements: list[tuple[str, Any]] = [
            (_HEAD, (self.campaign, LIVE)),
            (
                "WITH ops AS (SELECT seq, kind, time, character, summary, status "
                "FROM ironsworn.operations WHERE campaign = %(campaign)s "
                "AND seq > %(after)s ORDER BY seq LIMIT %(limit)s) "
                "SELECT o.seq, o.kind, o.time, o.character, o.summary, o.status, e.body "
                "FROM ops o LEFT JOIN ironsworn.events e "
                "ON e.campaign = %(campaign)s AND e.op_seq = o.seq ORDER BY o.seq, e.idx",
                {"campaign": self.campaign, "after": after, "limit": limit},
            ),
        ]
        kept = self._cache_head if self._cache is not None and self._forks else None
        if kept is not None and self.db.schema >= 4:
            # Every live operation above the kept state's head: in this transaction's one
            # moment none is above the head read with them, so they are the ones up to it.
            statements += [
                (_LIVE_TOTAL, (self.campaign,)),
                (_COUNT_LIVE, (self.campaign, LIVE, kept, _NO_SEQ)),
                (_LIVE_EVENTS, (self.campaign, LIVE, kept, _NO_SEQ)),
            ]
        head, found, *catch_up = self._send_all(conn, statements)
        row = head.fetchone()
        self._known_head = int(row[0] or 0) if row else 0
        if kept is not None and catch_up:
            total, counted, events = catch_up
            total_row, number = total.fetchone(), counted.fetchone()
            self._caught_up = (
                conn,
                kept,
                self._known_head,
                None if total_row is None or total_row[0] is None else int(total_row[0]),
                int(number[0]) if number else 0,
                events.fetchall(),
            )
        rows: list[Row] = []
        bodies: list[tuple[int, str]] = []
        for *fields, body in found.fetchall():
            if not rows or rows[-1][0] != fields[0]:
                rows.append(tuple(fields))
            if body is not None:
                bodies.append((int(fields[0]), str(body)))
        return self._known_head, rows, bodies

    def _catch_up_reads(
        self, after: int, upto: int
    ) -> tuple[int | None, int, Iterable[tuple[int, str]]]:
        # One round trip for the three reads (the events are read even when the totals then
        # do not match, which is rare: the kept state is rebuilt then); none when they were
        # read with the head in this transaction (see _head_and_operations_after).
        conn = self._conn
        if conn is None or self.db.schema < 4:
            return super()._catch_up_reads(after, upto)
        read, self._caught_up = self._caught_up, None
        if read is not None and read[:3] == (conn, after, upto) and upto == self._known_head:
            return read[3], read[4], read[5]
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


# What catching the kept state up reads: the running total of live operations, how many
# live ones a range holds, and their events.
_NO_SEQ = 2**62  # above every seq: "every operation after" as a range
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
