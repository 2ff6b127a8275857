"""What every campaign store shares: operations, events, the state-model protocol, folding.

See :mod:`ironsworn.campaign.store` for the store's contract.
"""

from __future__ import annotations

import json
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Generic, Protocol, Self, TypeVar

from ironsworn.campaign.schema import DISCARDED, LIVE, UNDONE
from ironsworn.errors import CampaignError, InvalidValue, IronswornError

SNAPSHOT_INTERVAL = 100  # live operations between snapshots
SNAPSHOTS_KEPT = 5  # older snapshots are pruned: only undo reaches back, and not far
BUSY_TIMEOUT_S = 30.0


class Foldable(Protocol):
    """What the store needs from a state model. The class is constructible with no arguments."""

    def apply(self, event: Mapping[str, Any]) -> None:
        """Fold one event into the state (mutates it)."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able snapshot of the state."""
        ...

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Rebuild a state from :meth:`to_dict` output."""
        ...


S = TypeVar("S", bound=Foldable)
T = TypeVar("T", bound=Foldable)


def utc_now() -> str:
    """The current time as ISO-8601 UTC with microseconds, e.g. ``2024-05-01T20:13:07.123456Z``."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def default_state_type() -> type[Any]:
    """The game's state model, imported only when a campaign is opened without one."""
    from importlib import import_module

    try:
        module = import_module("ironsworn.campaign.state")
    except ModuleNotFoundError as exc:
        if exc.name != "ironsworn.campaign.state":
            raise
        raise CampaignError(
            "the campaign state model ironsworn.campaign.state is missing"
        ) from None
    state_type: type[Any] = module.CampaignState
    return state_type


@dataclass(frozen=True)
class Operation:
    """One user action as recorded: its events and when, by whom, and whether it is live."""

    seq: int
    kind: str
    time: str
    character: str | None
    summary: str
    events: tuple[dict[str, Any], ...]
    status: str = LIVE

    def to_dict(self) -> dict[str, Any]:
        """The operation as a JSON-able dict (keys in a fixed order)."""
        return {
            "seq": self.seq,
            "kind": self.kind,
            "time": self.time,
            "character": self.character,
            "summary": self.summary,
            "status": self.status,
            "events": [dict(event) for event in self.events],
        }


def encode_event(event: Any, where: str) -> tuple[str, str]:
    """Check one event and return ``(type, canonical JSON)``; :class:`InvalidValue` if bad."""
    if not isinstance(event, Mapping):
        raise InvalidValue(f"{where} is {type(event).__name__}, not a JSON object")
    event_type = event.get("type")
    if not isinstance(event_type, str) or not event_type:
        raise InvalidValue(f"{where} has no 'type' (a non-empty string)")
    if event_type == DAMAGED:
        raise InvalidValue(f"{where} is a damaged event (a row the store could not read)")
    try:
        body = json.dumps(
            dict(event), sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
        )
        body.encode("utf-8")  # a lone surrogate ("\ud800" in a file) cannot be stored
    except (TypeError, ValueError, RecursionError) as exc:
        raise InvalidValue(f"{where} of type {event_type!r} is not plain JSON ({exc})") from None
    return event_type, body


DAMAGED = "damaged"  # the type read back for an event row that is not an event (see below)


def decode_event(body: Any, index: int) -> dict[str, Any]:
    """The event stored as ``body``; a damaged row reads as a ``damaged`` event.

    A campaign file can be damaged by hand or by a disk (a body of ``{``, ``null``, ``5``, a
    blob). Reading it must not fail: the log and the JSON export still show every readable
    operation, and the damaged one by number. Only folding refuses it (see :func:`_fold`).
    """
    try:
        text = body.decode("utf-8") if isinstance(body, bytes) else body
        event = json.loads(text)
    except (TypeError, ValueError, RecursionError) as exc:
        problem = f"not JSON ({type(exc).__name__})"
    else:
        if isinstance(event, dict) and isinstance(event.get("type"), str) and event["type"]:
            if event["type"] != DAMAGED:
                return event
            problem = "a stored 'damaged' marker"
        else:
            problem = f"not an event object ({type(event).__name__})"
    return {"type": DAMAGED, "index": index, "problem": problem}


def check_kind(kind: Any) -> str:
    """An operation kind is a short word such as ``move``, ``journal``, ``edit``, ``oracle``."""
    if not isinstance(kind, str) or not kind or kind != kind.strip() or "\n" in kind:
        raise InvalidValue(f"operation kind {kind!r} is not valid (accepted: a non-empty word)")
    return kind


Row = tuple[Any, ...]  # (seq, kind, time, character, summary, status) of one operation


class Transaction(Generic[S]):
    """One write: the lock is held from ``with store.write()`` to the end of the block."""

    def __init__(self, store: Store[S], head: int) -> None:
        self._store = store
        self._state: S | None = None
        self._redo_discarded = False
        self.head = head  # seq of the last live operation when the lock was taken (0: none)
        self.appended: list[Operation] = []

    @property
    def state(self) -> S:
        """The folded state as of the lock, built on first use: the caller's to work on.

        Appending does not change it (a caller that wants the state after its own events
        applies them itself), and the store never reads it back.
        """
        if self._state is None:
            with self._store._errors():  # a damaged file: one line naming the campaign
                self._state = self._store._take(self.head)
        return self._state

    @property
    def took_state(self) -> bool:
        """Whether :attr:`state` was used (the caller then vouches for its events)."""
        return self._state is not None

    def append(
        self,
        kind: str,
        events: Sequence[Mapping[str, Any]],
        *,
        character: str | None = None,
        summary: str = "",
    ) -> Operation:
        """Record one operation (written now, committed when the ``with`` block ends)."""
        check_kind(kind)
        if isinstance(events, Mapping | str | bytes) or not isinstance(events, Sequence):
            raise InvalidValue(f"events of a {kind!r} operation must be a list of JSON objects")
        if not events:
            raise InvalidValue(f"a {kind!r} operation needs at least one event")
        if character is not None and not isinstance(character, str):
            raise InvalidValue(f"character {character!r} is not a name")
        if not isinstance(summary, str):
            raise InvalidValue(f"summary {summary!r} is not text")
        store = self._store
        encoded = [
            store._encode(event, f"event {i} of the {kind!r} operation")
            for i, event in enumerate(events)
        ]
        # A full disk or a damaged file shows here first: one line naming the campaign.
        with store._errors():
            if not self._redo_discarded:
                # A new operation ends the possibility of redo (like any editor's undo stack).
                store._discard_redo()
                self._redo_discarded = True
            time = store.clock()
            seq = store._insert_operation(None, kind, time, character, summary, LIVE)
            store._insert_events(seq, encoded)
        # The operation carries the stored (canonical) form, which is what a replay will see.
        stored = tuple(json.loads(body) for _type, body in encoded)
        operation = Operation(seq, kind, time, character, summary, stored, LIVE)
        self.appended.append(operation)
        return operation


class Store(ABC, Generic[S]):
    """One campaign's log, wherever it is kept: the interface every caller programs against.

    The rules (append-only, undo/redo, folding, snapshots, transactions) live here once; a
    backend (:class:`~ironsworn.campaign.store.sqlite.CampaignStore` for a file,
    :class:`~ironsworn.campaign.store.postgres.PostgresStore` for a database) supplies the
    transactions and the small queries below ``# backend``.
    """

    def __init__(self, state_type: type[S]) -> None:
        self.state_type = state_type
        self.clock: Callable[[], str] = utc_now
        self._state_key = _state_key(state_type)
        self._name = ""
        self._own_write = False
        self._own_lock = threading.RLock()
        # The fold of the live operations up to _cache_head, owned by the store until it is
        # handed out (then forgotten: handing it over is cheaper than copying a big state).
        # _since counts the live operations in it after the snapshot it grew from.
        self._cache: S | None = None
        self._cache_head = -1
        self._since = 0
        # A client's request id (the web table's Idempotency-Key) for the next write: recorded
        # in that write's own transaction, so a retry after a lost answer applies nothing twice
        # and a write that was rolled back left no record either.
        self.request_id: str | None = None
        # A state model with fork() (the game's has one) lets the store keep its state across
        # writes: callers get forks, and the store folds each committed operation into its own
        # copy. _changing is set while the store changes that copy inside a write: if the write
        # then fails, the copy is forgotten (rolled-back events may be in it).
        self._forks = callable(getattr(state_type, "fork", None))
        self._changing = False

    # ----------------------------------------------------------------- identity and closing

    @property
    def name(self) -> str:
        """The campaign's name, as recorded when it was created."""
        return self._name

    @property
    @abstractmethod
    def location(self) -> str:
        """Where the campaign is kept, as messages name it (a path, or database and name)."""

    @abstractmethod
    def close(self) -> None:
        """Let go of the campaign (idempotent)."""

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def meta(self) -> dict[str, str]:
        """The campaign's key/value metadata (name, created, created_by)."""
        with self._errors(), self._read():
            return self._meta()

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

    # ----------------------------------------------------------------------------- reading

    def state(self) -> S:
        """The fold of every live operation: a fresh object that the caller owns."""
        with self._lock, self._errors():
            with self._read():
                head = self._head()
                if self._cache is None or self._cache_head != head:
                    self._rebuild(head)
            if self._since >= 2 * SNAPSHOT_INTERVAL:
                self._snapshot_opportunistically()
            return self._take(head)

    def operations(
        self, *, include_undone: bool = False, last: int | None = None, before: int | None = None
    ) -> list[Operation]:
        """Operations in seq order: the live ones, or with ``include_undone`` every one.

        ``last=N`` gives only the last N of them (without reading the rest of the log);
        ``before=SEQ`` only those with a lower seq (a page of earlier ones, with ``last``).
        """
        statuses = (LIVE, UNDONE, DISCARDED) if include_undone else (LIVE,)
        with self._errors(), self._read():
            rows = self._operation_rows(statuses, None if last is None else max(0, last), before)
            rows.reverse()
            first = int(rows[0][0]) if rows else 0
            events: dict[int, list[dict[str, Any]]] = {}
            for op_seq, body in self._event_bodies(statuses, first, before):
                known = events.setdefault(int(op_seq), [])
                known.append(decode_event(body, len(known)))
        return [_operation(row, events.get(int(row[0]), [])) for row in rows]

    def last_operation(self) -> Operation | None:
        """The last live operation, or None in an empty campaign."""
        with self._errors(), self._read():
            return self._last(LIVE, descending=True)

    def counts(self) -> dict[str, int]:
        """How many operations there are of each status, and how many live events."""
        with self._errors(), self._read():
            counts = {LIVE: 0, UNDONE: 0, DISCARDED: 0}
            counts.update(self._status_counts())
            counts["events"] = self._live_event_count()
            return counts

    # ----------------------------------------------------------------------------- writing

    def _encode(self, event: Any, where: str) -> tuple[str, str]:
        """Check one event (its shape, then the state model's definition of its type) and
        return ``(type, canonical JSON)``; :class:`InvalidValue` naming ``where`` if bad."""
        encoded = encode_event(event, where)
        check = getattr(self.state_type, "check_event", None)
        if check is not None:
            try:
                check(event)
            except InvalidValue as exc:
                exc.args = (f"{where}: {exc}",)  # the same error (and its data), placed
                raise
        return encoded

    @contextmanager
    def write(self) -> Iterator[Transaction[S]]:
        """Take the campaign's write lock and yield a :class:`Transaction`.

        Commits when the block ends; an exception rolls back everything appended in it.
        """
        with self._immediate():
            with self._errors():
                # Built lazily, by tx.state or at commit: a write that needs no state
                # (a journal entry into a warm store) does not pay for one.
                head = self._head()
            transaction = Transaction(self, head)
            yield transaction
            with self._errors():
                self._fold_and_snapshot(transaction)

    def journal_add(self, text: str, character: str | None = None) -> Operation:
        """Record a journal entry: an operation of kind ``journal`` with one ``journal`` event."""
        if not isinstance(text, str) or not text.strip():
            raise InvalidValue("journal text is empty (accepted: some text)")
        text = text.strip()
        summary = text.splitlines()[0]
        if len(summary) > 60:
            summary = summary[:59].rstrip() + "…"
        with self.write() as tx:
            return tx.append(
                "journal", [{"type": "journal", "text": text}], character=character, summary=summary
            )

    def undo(self) -> Operation | None:
        """Undo the last live operation (kept for redo); None when there is nothing to undo."""
        with self._errors(), self._immediate():
            operation = self._last(LIVE, descending=True)
            if operation is None:
                return None
            self._set_status(operation.seq, UNDONE)
            self._bump_live_total(-1)
            # Snapshots at or after the undone operation no longer describe the live log.
            self._drop_snapshots(operation.seq)
            self._take_back(operation)
        return replace(operation, status=UNDONE)

    def _take_back(self, operation: Operation) -> None:
        """Revert an undone operation in the store's state (newest event first), if the state
        is that of the operation and the model can revert; otherwise forget the state."""
        revert = getattr(self._cache, "revert", None)
        if not self._forks or revert is None or self._cache_head != operation.seq:
            self._forget()
            return
        self._changing = True
        try:
            for event in reversed(operation.events):
                revert(event)
        except Exception:  # an event the model cannot take back: fold afresh when next needed
            self._forget()
            return
        self._cache_head = self._head()
        self._since = self._ops_since_snapshot(self._cache_head)

    def redo(self) -> Operation | None:
        """Restore the most recently undone operation; None when there is nothing to redo."""
        with self._errors(), self._immediate():
            operation = self._last(UNDONE, descending=False)
            if operation is None:
                return None
            head = self._head()
            self._set_status(operation.seq, LIVE)
            self._bump_live_total(1)
            if self._forks and self._cache is not None and self._cache_head == head:
                self._changing = True
                try:
                    for event in operation.events:
                        _fold(self._cache, event, operation.seq, self.location)
                except CampaignError:  # refused: reading the state will say so
                    self._forget()
                else:
                    self._cache_head = operation.seq
                    self._since += 1
            else:
                self._forget()
        return replace(operation, status=LIVE)

    def load_operations(
        self,
        operations: Sequence[Operation],
        *,
        source: str = "",
        meta: Mapping[str, str] | None = None,
    ) -> None:
        """Write already-recorded operations (seq, time and status kept) into an empty campaign.

        Used by import and copy. The live ones are folded to prove the state model accepts
        them, and a snapshot of the result is saved; ``meta`` values (such as the original
        ``created`` time) replace the campaign's. Any failure rolls back everything.

        The operations did not come through live play, so they are replayed through its
        checks: a state model with a ``check()`` method (the game's state has one) is checked
        after every live operation, and the undone ones (the redo stack) are replayed after
        them on a copy, so a redo can never bring in what an import would refuse.
        """
        where = source or self.location
        with self.write() as tx:
            for key, value in (meta or {}).items():
                self._set_meta(key, value)
            if tx.head or self._has_operations():
                raise CampaignError(f"{self.location}: can only import into an empty campaign")
            _check_history(operations, where)
            state = self.state_type()
            for operation in operations:
                check_kind(operation.kind)
                try:
                    # Every operation, whatever its status: a discarded one is still exported.
                    encoded = [
                        self._encode(event, f"{where}: operation {operation.seq} event {i + 1}")
                        for i, event in enumerate(operation.events)
                    ]
                except InvalidValue as exc:
                    raise CampaignError(f"{exc}; nothing was imported") from None
                self._insert_operation(
                    operation.seq,
                    operation.kind,
                    operation.time,
                    operation.character,
                    operation.summary,
                    operation.status,
                )
                self._insert_events(operation.seq, encoded)
                if operation.status == LIVE:
                    for _kind, body in encoded:
                        _fold(state, json.loads(body), operation.seq, where)
                    _check(state, operation.seq, where)
            redo = [op for op in operations if op.status == UNDONE]
            if redo:
                trial = self.state_type.from_dict(state.to_dict())
                for operation in redo:
                    for event in operation.events:
                        _fold(trial, event, operation.seq, where)
                    _check(trial, operation.seq, where)
            head = self._head()
            if head:
                self._save_snapshot(head, state)
            self._cache, self._cache_head, self._since = state, head, 0

    # -------------------------------------------------------------------------- request ids

    def request(self, request_id: str) -> tuple[int, str | None] | None:
        """What a request id did: ``(head after its write, its answer as JSON text or None)``,
        or None when no write of the campaign carried it."""
        with self._errors(), self._read():
            return self._request_row(request_id)

    def answer_request(self, request_id: str, answer: str) -> None:
        """Keep the answer a recorded request was given, for a retry of it to get again."""
        with self._immediate(), self._errors():
            self._set_request_answer(request_id, answer)

    # ---------------------------------------------------------------------------- internals

    @contextmanager
    def _immediate(self) -> Iterator[None]:
        """The write transaction: the campaign's lock is held until commit or rollback."""
        with self._lock:
            if self._in_write:
                raise CampaignError(f"{self.location}: a write is already open on this campaign")
            self._in_write = True
            self._changing = False
            try:
                with self._errors():
                    self._begin_write(wait=True)
                try:
                    yield
                    with self._errors():
                        if self.request_id is not None:
                            self._record_request(self.request_id, self._head())
                            self.request_id = None
                        self._commit()
                except BaseException:
                    if self._changing:
                        # The store's state holds folded events that are now rolled back.
                        self._forget()
                    self._rollback()
                    raise
            finally:
                self._in_write = False
                self._changing = False

    def _last(self, status: str, *, descending: bool) -> Operation | None:
        row = self._operation_row(status, descending=descending)
        if row is None:
            return None
        bodies = self._events_of(int(row[0]))
        return _operation(row, [decode_event(body, i) for i, body in enumerate(bodies)])

    def _rebuild(self, head: int) -> None:
        """Load the newest usable snapshot at or before ``head`` and fold the rest."""
        state: S | None = None
        base = 0
        row = self._snapshot_row(self._state_key, head)
        if row is not None:
            seq, ops, body = row
            if self._snapshot_fits(seq, ops, head):
                try:
                    state = self._read_snapshot(body)
                    base = seq
                except Exception:
                    state = None  # an unreadable snapshot is only a lost cache: fold it all
        if state is None:
            state = self.state_type()
            base = 0
        since = self._count_live(base, head)
        index, last_seq = 0, -1
        for op_seq, body in self._live_events(base, head):
            index = index + 1 if op_seq == last_seq else 0
            last_seq = op_seq
            _fold(state, decode_event(body, index), int(op_seq), self.location)
        self._cache, self._cache_head, self._since = state, head, since

    def _take(self, head: int) -> S:
        """The fold up to ``head`` for the caller: a fork of the store's own, or (for a state
        model without ``fork``) the store's own, which it then forgets."""
        if self._cache is None or self._cache_head != head:
            with self._read():
                self._rebuild(head)
        state = self._cache
        assert state is not None
        if self._forks:
            forked: S = state.fork()  # type: ignore[attr-defined]
            return forked
        self._cache, self._cache_head = None, -1
        return state

    def _forget(self) -> None:
        self._cache, self._cache_head = None, -1

    def _fold_and_snapshot(self, transaction: Transaction[S]) -> None:
        """At commit: fold the new operations into the store's state, save a snapshot if due."""
        appended = transaction.appended
        if not appended:
            return
        self._bump_live_total(len(appended))
        head = appended[-1].seq
        if self._forks or not transaction.took_state:
            # The store folds the events into its own state, and keeps it for the next write.
            if self._cache is None or self._cache_head != transaction.head:
                self._rebuild(transaction.head)
            assert self._cache is not None
            self._changing = True
            try:
                for operation in appended:
                    for event in operation.events:
                        _fold(self._cache, event, operation.seq, self.location)
            except CampaignError:
                if not transaction.took_state:
                    raise  # the store checks the events itself: the whole write rolls back
                # A caller that took tx.state vouched for its events (they are what it applied
                # to its fork); the log keeps them, and the next fold says what is wrong.
                self._forget()
            else:
                self._cache_head = head
                self._since += len(appended)
        # Otherwise (a state model without fork) the caller built its events on tx.state,
        # which it now owns, and the store has no copy left.
        if self._cache is None and self._ops_since_snapshot(head) >= SNAPSHOT_INTERVAL:
            self._rebuild(head)  # inside the transaction, so it sees the new operations
        if self._cache is not None and self._since >= SNAPSHOT_INTERVAL:
            self._save_snapshot(head, self._cache)
            self._since = 0

    def _ops_since_snapshot(self, head: int) -> int:
        return self._count_live(self._snapshot_base(self._state_key, head), head)

    def _snapshot_fits(self, seq: int, ops: int, head: int) -> bool:
        """Whether a snapshot at ``seq`` saying it folds ``ops`` live operations fits the log.

        The backend's running total of live operations (if it keeps one), less the few live
        ones after ``seq``, answers without scanning the whole log; when that disagrees (a
        total an older version did not keep up to date), the count itself decides. Every
        snapshot saved sets the total from a full count again.
        """
        total = self._live_total()
        if total is not None and total - self._count_live(seq, head) == ops:
            return True
        return self._count_live(0, seq) == ops

    def _bump_live_total(self, delta: int) -> None:
        total = self._live_total()
        if total is not None:
            self._set_live_total(total + delta)

    def _read_snapshot(self, body: str) -> S:
        # A state model may keep its own snapshot text (the game's leaves closed tracks
        # unread until used); otherwise a snapshot is to_dict() JSON.
        reader = getattr(self.state_type, "from_snapshot", None)
        if reader is not None:
            state: S = reader(body)
            return state
        return self.state_type.from_dict(json.loads(body))

    def _save_snapshot(self, head: int, state: S) -> None:
        writer = getattr(state, "snapshot_text", None)
        body = writer() if writer is not None else json.dumps(state.to_dict(), ensure_ascii=False)
        ops = self._count_live(0, head)  # ``head`` is the last live operation: the total
        self._put_snapshot(head, self._state_key, ops, body)
        self._set_live_total(ops)

    def _snapshot_opportunistically(self) -> None:
        """After a long fold on a read, save a snapshot if the lock is free right now.

        This happens after an upgrade made the old snapshots unusable; a busy or read-only
        campaign just skips it (it is only a cache).
        """
        if self._in_write:
            return
        try:
            with self._errors():
                self._begin_write(wait=False)
        except CampaignError:
            return
        self._in_write = True
        try:
            with self._errors():
                if self._cache is not None and self._head() == self._cache_head:
                    self._save_snapshot(self._cache_head, self._cache)
                    self._since = 0
                self._commit()
        except CampaignError:
            self._rollback()
        finally:
            self._in_write = False

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

    def _set_live_total(self, total: int) -> None:
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

    @abstractmethod
    def _live_events(self, after: int, upto: int) -> Iterable[tuple[int, str]]:
        """``(op_seq, body)`` of the live operations with ``after < seq <= upto``, in order."""

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

    @abstractmethod
    def _insert_events(self, seq: int, encoded: Sequence[tuple[str, str]]) -> None:
        """Add the ``(type, body)`` events of operation ``seq``."""

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


# What a state model may raise on an event it cannot apply (a bare KeyError, a next() that
# finds nothing): each becomes one line naming the operation.
_REFUSALS = (IronswornError, LookupError, TypeError, ValueError, AttributeError, StopIteration)


def _fold(state: Foldable, event: Mapping[str, Any], seq: int, where: str | Path) -> None:
    if event.get("type") == DAMAGED:
        raise CampaignError(
            f"{where}: operation {seq} is damaged (event {int(event.get('index', 0)) + 1}: "
            f"{event.get('problem')}); 'ironsworn log' still reads the campaign, "
            "'ironsworn export json' saves what is readable, and 'ironsworn undo' takes back "
            "the damaged operation when it is the last one"
        )
    try:
        state.apply(event)
    except _REFUSALS as exc:
        # One line even for a state model that raises a bare KeyError on a malformed event.
        reason = str(exc) if isinstance(exc, IronswornError) else f"{type(exc).__name__}: {exc}"
        if not str(exc):  # a next() that found nothing, say
            reason = f"{type(exc).__name__}: it names something the campaign does not hold"
        raise CampaignError(
            f"{where}: operation {seq}: the state refused a {event.get('type')!r} event ({reason})"
        ) from None


def _check(state: Foldable, seq: int, where: str | Path) -> None:
    """The state model's own check of a state (if it has one), as one line naming ``seq``."""
    check = getattr(state, "check", None)
    if check is None:
        return
    try:
        check()
    except (IronswornError, *_REFUSALS) as exc:
        raise CampaignError(
            f"{where}: operation {seq} would not apply in play ({exc}); nothing was imported"
        ) from None


def _check_history(operations: Sequence[Operation], where: str) -> None:
    """Seqs increase, and every undone operation (the redo stack) follows every live one."""
    previous = 0
    last_live = 0
    first_undone: int | None = None
    for operation in operations:
        if operation.seq <= previous:
            raise CampaignError(
                f"{where}: operation seq {operation.seq} follows {previous} (seqs must increase)"
            )
        previous = operation.seq
        if operation.status not in (LIVE, UNDONE, DISCARDED):
            raise CampaignError(
                f"{where}: operation {operation.seq} has status {operation.status!r} "
                f"(accepted: {LIVE}, {UNDONE}, {DISCARDED})"
            )
        if operation.status == LIVE:
            last_live = operation.seq
        elif operation.status == UNDONE and first_undone is None:
            first_undone = operation.seq
    if first_undone is not None and first_undone < last_live:
        raise CampaignError(
            f"{where}: undone operation {first_undone} comes before live operation {last_live} "
            "(undone operations are the redo stack, after every live one)"
        )


def _operation(row: Sequence[Any], events: list[dict[str, Any]]) -> Operation:
    seq, kind, time, character, summary, status = row
    return Operation(
        int(seq), str(kind), str(time), character, str(summary), tuple(events), str(status)
    )


def _state_key(state_type: type[Any]) -> str:
    version = getattr(state_type, "SNAPSHOT_VERSION", None)
    return f"{state_type.__module__}.{state_type.__qualname__}:{version}:{_package()}"


def _package() -> str:
    from ironsworn import __version__

    return f"ironsworn {__version__}"
