"""What a campaign store's backend supplies: its transactions and the small queries the
store's rules are written in (:class:`~ironsworn.campaign.store.base.Store` holds the rules;
``sqlite.py`` and ``postgres.py`` implement this).
"""

from __future__ import annotations

import threading
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager

from ironsworn.campaign.schema import DISCARDED, LIVE, UNDONE
from ironsworn.campaign.store.operations import Row


class Backend(ABC):
    """The transactions and queries of one campaign's storage (every query runs inside
    :meth:`_read` or a write transaction)."""

    _own_lock: threading.RLock
    _own_write: bool
    _own_group: bool

    @property
    @abstractmethod
    def location(self) -> str:
        """Where the campaign is kept, as messages name it (a path, or database and name)."""

    @abstractmethod
    def close(self) -> None:
        """Let go of the campaign (idempotent)."""

    @property
    def _lock(self) -> threading.RLock:
        """Held for a whole read or write: a store may be shared by threads (a web server)."""
        return self._own_lock

    @property
    def _in_write(self) -> bool:
        """Whether a write transaction is open (a read inside it reuses it)."""
        return self._own_write

    @_in_write.setter
    def _in_write(self, value: bool) -> None:
        self._own_write = value

    @property
    def _in_group(self) -> bool:
        """Whether a group transaction is open (see ``Store.group``): each write inside it is
        a savepoint, and reads reuse it."""
        return self._own_group

    @_in_group.setter
    def _in_group(self, value: bool) -> None:
        self._own_group = value

    # ------------------------------------------------------------------------------ backend
    # Transactions, then queries. Every query runs inside _read() or a write transaction.

    @abstractmethod
    def _errors(self) -> AbstractContextManager[None]:
        """Turn the backend's exceptions into one-line :class:`CampaignError` naming it."""

    @abstractmethod
    def _read(self) -> AbstractContextManager[None]:
        """A read transaction: every query inside sees the same committed moment.

        Inside a write transaction it adds nothing (the write sees its own changes).
        """

    @abstractmethod
    def _begin_write(self, *, wait: bool) -> None:
        """Start the write transaction holding the campaign's lock (waiting for it, or not)."""

    @abstractmethod
    def _commit(self) -> None:
        """Commit the write transaction; returns only once it is durable."""

    @abstractmethod
    def _rollback(self) -> None:
        """Roll the write transaction back (quietly: it may already be gone)."""

    @abstractmethod
    def _transaction_alive(self) -> bool:
        """Whether the open write transaction can still commit what was written in it (not
        rolled back or aborted by the backend on its own after an error)."""

    @abstractmethod
    def _savepoint(self, name: str) -> None:
        """Mark a savepoint ``name`` inside the open write transaction."""

    @abstractmethod
    def _release(self, name: str) -> None:
        """Keep what was written since savepoint ``name`` (in the open transaction)."""

    @abstractmethod
    def _rollback_to(self, name: str, *, keep: bool = False) -> None:
        """Undo what was written since savepoint ``name`` and drop it (unless ``keep``); the
        transaction stays open (raises when it cannot: it is then lost as a whole)."""

    @abstractmethod
    def _meta(self) -> dict[str, str]: ...

    @abstractmethod
    def _set_meta(self, key: str, value: str) -> None: ...

    @abstractmethod
    def _head(self) -> int:
        """The last live seq, 0 for none: it alone identifies the live set (and the state).

        (Discarded operations never come back and undone ones all follow the live ones.)
        """

    @abstractmethod
    def _has_operations(self) -> bool: ...

    def _live_total(self) -> int | None:
        """The running total of live operations, if the backend keeps one (None: it does not,
        or not yet)."""
        return None

    def _set_live_total(self, total: int) -> None:  # noqa: B027 -- optional for a backend
        """Keep ``total`` as the running total of live operations (a backend may not)."""

    @abstractmethod
    def _operation_row(self, status: str, *, descending: bool) -> Row | None:
        """The first (or last) operation with ``status``, as a :data:`Row`."""

    @abstractmethod
    def _events_of(self, seq: int) -> list[str]:
        """The event bodies (JSON text) of operation ``seq``, in order."""

    @abstractmethod
    def _operation_rows(
        self, statuses: Sequence[str], last: int | None, before: int | None = None
    ) -> list[Row]:
        """Operations with one of ``statuses`` (and a seq below ``before``), newest first
        (only ``last`` of them)."""

    @abstractmethod
    def _event_bodies(
        self, statuses: Sequence[str], first: int, before: int | None = None
    ) -> Iterable[tuple[int, str]]:
        """``(op_seq, body)`` of the operations with ``statuses`` from ``first`` on (below
        ``before``), in order."""

    def _operations_with_events(
        self, statuses: Sequence[str], last: int | None, before: int | None = None
    ) -> tuple[list[Row], Iterable[tuple[int, str]]]:
        """:meth:`_operation_rows` (oldest first) and the ``(op_seq, body)`` of their events
        in order; a backend may read both at once."""
        rows = self._operation_rows(statuses, last, before)
        rows.reverse()
        first = int(rows[0][0]) if rows else 0
        return rows, self._event_bodies(statuses, first, before)

    @abstractmethod
    def _operation_rows_after(self, after: int, limit: int) -> list[Row]:
        """Operations of every status with a seq above ``after``, oldest first (``limit`` at
        most)."""

    def _head_and_operations_after(
        self, after: int, limit: int
    ) -> tuple[int, list[Row], Iterable[tuple[int, str]]]:
        """The head, :meth:`_operation_rows_after` and the ``(op_seq, body)`` of their events
        in order; a backend may read them at once."""
        rows = self._operation_rows_after(after, limit)
        if not rows:
            return self._head(), rows, []
        below = int(rows[-1][0]) + 1
        statuses = (LIVE, UNDONE, DISCARDED)
        return self._head(), rows, self._event_bodies(statuses, after + 1, below)

    @abstractmethod
    def _live_events(self, after: int, upto: int) -> Iterable[tuple[int, str]]:
        """``(op_seq, body)`` of the live operations with ``after < seq <= upto``, in order."""

    def _catch_up_reads(
        self, after: int, upto: int
    ) -> tuple[int | None, int, Iterable[tuple[int, str]]]:
        """What catching the kept state up reads: the running total of live operations, how
        many live ones there are after ``after`` up to ``upto``, and their events (read
        lazily here; a backend may read all three at once)."""
        return self._live_total(), self._count_live(after, upto), _Lazy(self, after, upto)

    @abstractmethod
    def _count_live(self, after: int, upto: int) -> int:
        """How many live operations have ``after < seq <= upto``."""

    @abstractmethod
    def _status_counts(self) -> dict[str, int]: ...

    @abstractmethod
    def _live_event_count(self) -> int: ...

    @abstractmethod
    def _discard_redo(self) -> None:
        """Mark every undone operation discarded."""

    @abstractmethod
    def _insert_operation(
        self,
        seq: int | None,
        kind: str,
        time: str,
        character: str | None,
        summary: str,
        status: str,
    ) -> int:
        """Add an operation (``seq`` None: the next one) and return its seq."""

    def _append_operation(
        self, kind: str, time: str, character: str | None, summary: str, *, discard_redo: bool
    ) -> int:
        """Add a live operation at the next seq (first marking every undone one discarded,
        with ``discard_redo``) and return its seq; a backend may do it in one statement."""
        if discard_redo:
            self._discard_redo()
        return self._insert_operation(None, kind, time, character, summary, LIVE)

    @abstractmethod
    def _insert_events(self, seq: int, encoded: Sequence[tuple[str, str]]) -> None:
        """Add the ``(type, body)`` events of operation ``seq``."""

    # Whether _append keeps the running total of live operations itself (then the store does
    # not add the operations it appended to it at commit).
    _append_counts_live = False

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
        """Append a live operation with its ``(type, body)`` events (see
        :meth:`_append_operation`) and return its seq; a backend may do it in one statement."""
        seq = self._append_operation(kind, time, character, summary, discard_redo=discard_redo)
        self._insert_events(seq, encoded)
        return seq

    @abstractmethod
    def _set_status(self, seq: int, status: str) -> None: ...

    @abstractmethod
    def _snapshot_row(self, state_key: str, head: int) -> tuple[int, int, str] | None:
        """``(seq, ops, body)`` of the newest snapshot by ``state_key`` at or before ``head``."""

    @abstractmethod
    def _snapshot_base(self, state_key: str, head: int) -> int:
        """The seq of that snapshot, 0 when there is none."""

    @abstractmethod
    def _put_snapshot(self, seq: int, state_key: str, ops: int, body: str) -> None:
        """Save (or replace) a snapshot and prune all but the newest :data:`SNAPSHOTS_KEPT`."""

    @abstractmethod
    def _drop_snapshots(self, from_seq: int) -> None:
        """Delete the snapshots at or after ``from_seq``."""

    @abstractmethod
    def _request_row(self, request_id: str) -> tuple[int, str | None] | None:
        """``(head, answer)`` recorded for a request id, None when it is not known."""

    @abstractmethod
    def _record_request(self, request_id: str, head: int) -> None:
        """Record that the open write carried ``request_id`` (its answer comes later)."""

    @abstractmethod
    def _set_request_answer(self, request_id: str, answer: str) -> None:
        """Keep the answer of a recorded request (a write of its own)."""


class _Lazy:
    """The live events of a catch-up, read only if iterated (the totals may not match)."""

    def __init__(self, backend: Backend, after: int, upto: int) -> None:
        self.backend, self.after, self.upto = backend, after, upto

    def __iter__(self) -> Iterator[tuple[int, str]]:
        return iter(self.backend._live_events(self.after, self.upto))
