"""What every campaign store shares: the rules of the log (append-only operations, undo and
redo, import, transactions, request ids) over any backend.

See :mod:`ironsworn.campaign.store` for the store's contract. The log's records are in
:mod:`~ironsworn.campaign.store.operations`, the state kept across writes and its snapshots
in :mod:`~ironsworn.campaign.store.state_cache`, and what a backend supplies in
:mod:`~ironsworn.campaign.store.backend`.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from types import TracebackType
from typing import Any, Generic, Self, TypeVar

from ironsworn.campaign.schema import DISCARDED, LIVE, UNDONE
from ironsworn.campaign.store.operations import (
    BUSY_TIMEOUT_S,
    DAMAGED,
    SNAPSHOT_INTERVAL,
    SNAPSHOTS_KEPT,
    Foldable,
    Operation,
    Row,
    S,
    T,
    _check,
    _check_history,
    _fold,
    _operation,
    _state_key,
    check_kind,
    decode_event,
    default_state_type,
    encode_event,
    utc_now,
)
from ironsworn.campaign.store.state_cache import StateCache
from ironsworn.errors import CampaignError, InvalidValue
from ironsworn.record import record, replace

# The names the backends and the package import from here.
__all__ = [
    "BUSY_TIMEOUT_S",
    "DAMAGED",
    "SNAPSHOTS_KEPT",
    "SNAPSHOT_INTERVAL",
    "Foldable",
    "Operation",
    "Row",
    "S",
    "Store",
    "T",
    "Transaction",
    "Written",
    "check_kind",
    "decode_event",
    "default_state_type",
    "encode_event",
    "utc_now",
]

R = TypeVar("R")  # what a step of a group answers


@record
class Written:
    """What a store wrote since :meth:`Store.watch_writes` (see :meth:`Store.written`)."""

    # The operations appended, in order and as stored; None when the store also changed the
    # log in another way (an undo, a redo, an import, an append rolled back).
    appended: list[Operation] | None
    # The lowest head an undo left meanwhile (None: no undo): the operations above it are the
    # ones whose status may have changed.
    lowest: int | None


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
            raise InvalidValue(
                f"a {kind!r} operation of no events is not kept (accepted: at least one event)"
            )
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
            time = store.clock()
            # A new operation ends the possibility of redo (like any editor's undo stack).
            seq = store._append(
                kind, time, character, summary, encoded, discard_redo=not self._redo_discarded
            )
            self._redo_discarded = True
        # The operation carries the stored (canonical) form, which is what a replay will see.
        stored = tuple(json.loads(body) for _type, body in encoded)
        operation = Operation(seq, kind, time, character, summary, stored, LIVE)
        self.appended.append(operation)
        if store._written is not None:
            store._written.append(operation)
        return operation


class Store(StateCache[S], Generic[S]):
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
        self._own_group = False
        self._own_lock = threading.RLock()
        # A group commit (see group()): how many writes its steps have kept so far, and
        # whether a step's rollback failed (then nothing of the group may commit).
        self._group_writes = 0
        self._group_broken = False
        # Inside a step that has written nothing yet: its first write needs no savepoint of
        # its own (rolling back to the step's undoes exactly that write).
        self._step_fresh = False
        # Whether the open step has a savepoint (see step()).
        self._step_saved = False
        self._reading = 0  # reading() blocks open (no write may start inside one)
        # The fold of the live operations up to _cache_head, owned by the store until it is
        # handed out (then forgotten: handing it over is cheaper than copying a big state).
        # _since counts the live operations in it after the snapshot it grew from.
        self._cache: S | None = None
        self._cache_head = -1
        self._cache_total: int | None = None  # how many live operations it folds
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
        # What this store wrote since watch_writes() (see written()): the operations appended,
        # in order (None when not watching, or when it changed the log in another way), and
        # the lowest head an undo left.
        self._watching = False
        self._written: list[Operation] | None = None
        self._lowest: int | None = None

    # ----------------------------------------------------------------- identity and closing

    @property
    def name(self) -> str:
        """The campaign's name, as recorded when it was created."""
        return self._name

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

    # ----------------------------------------------------------------------------- reading

    def state(self, *, to_read: bool = False) -> S:
        """The fold of every live operation: a fresh object that the caller owns.

        ``to_read``: the caller only reads it, at once, before the store writes again (the
        web table's page state after a change): a view of the store's own where the state
        model has one (``view``: cheaper than a fork; it shares records the store goes on
        changing)."""
        with self._lock, self._errors():
            with self._read():
                head = self._head()
                self._refresh(head)
            if self._since >= 2 * SNAPSHOT_INTERVAL:
                self._snapshot_opportunistically()
            return self._take(head, to_read=to_read)

    def operations(
        self, *, include_undone: bool = False, last: int | None = None, before: int | None = None
    ) -> list[Operation]:
        """Operations in seq order: the live ones, or with ``include_undone`` every one.

        ``last=N`` gives only the last N of them (without reading the rest of the log);
        ``before=SEQ`` only those with a lower seq (a page of earlier ones, with ``last``).
        """
        statuses = (LIVE, UNDONE, DISCARDED) if include_undone else (LIVE,)
        with self._errors(), self._read():
            rows, bodies = self._operations_with_events(
                statuses, None if last is None else max(0, last), before
            )
            events: dict[int, list[dict[str, Any]]] = {}
            for op_seq, body in bodies:
                known = events.setdefault(int(op_seq), [])
                known.append(decode_event(body, len(known)))
        return [_operation(row, events.get(int(row[0]), [])) for row in rows]

    def head_and_operations_after(self, seq: int, most: int) -> tuple[int, list[Operation] | None]:
        """In one read (one round trip of a database): the head, and every operation of any
        status with a seq above ``seq``, in order; None in their place when there are more
        than ``most`` (the web table's worker reads what another process changed)."""
        with self._errors(), self._read():
            head, rows, bodies = self._head_and_operations_after(seq, most + 1)
            if len(rows) > most:
                return head, None
            events: dict[int, list[dict[str, Any]]] = {}
            for op_seq, body in bodies:
                known = events.setdefault(int(op_seq), [])
                known.append(decode_event(body, len(known)))
        return head, [_operation(row, events.get(int(row[0]), [])) for row in rows]

    @contextmanager
    def reading(self) -> Iterator[None]:
        """One read transaction around several reads: each sees the same committed moment
        (and a database is asked for one transaction, not one per read)."""
        with self._lock, self._errors(), self._read():
            self._reading += 1
            try:
                yield
            finally:
                self._reading -= 1

    def live_total_at(self, head: int) -> int | None:
        """How many live operations the campaign has, as the store's kept state counts them
        when it is the state at ``head`` (no read: None when it is not, or not counted)."""
        if self._cache is None or self._cache_head != head:
            return None
        return self._cache_total

    def head(self) -> int:
        """The seq of the last live operation (0 in an empty campaign)."""
        with self._errors(), self._read():
            return self._head()

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
            self._changed_log()
            self._set_status(operation.seq, UNDONE)
            self._bump_live_total(-1)
            # Snapshots at or after the undone operation no longer describe the live log.
            self._drop_snapshots(operation.seq)
            self._take_back(operation)
            if self._watching:
                head = self._head()
                self._lowest = head if self._lowest is None else min(self._lowest, head)
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
        if self._cache_total is not None:
            self._cache_total -= 1

    def redo(self) -> Operation | None:
        """Restore the most recently undone operation; None when there is nothing to redo."""
        with self._errors(), self._immediate():
            operation = self._last(UNDONE, descending=False)
            if operation is None:
                return None
            head = self._head()
            self._changed_log()
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
                    if self._cache_total is not None:
                        self._cache_total += 1
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
        self._changed_log()
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
            self._cache_total = sum(1 for op in operations if op.status == LIVE)

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

    # ---------------------------------------------------------------------- what was written

    def watch_writes(self) -> None:
        """Start recording what this store writes, for :meth:`written` to tell."""
        self._watching, self._written, self._lowest = True, [], None

    def written(self) -> Written | None:
        """What this store wrote since :meth:`watch_writes` (None when not watching); recording
        then stops. ``appended``: the operations appended, in order and as stored, when
        appending them is all it did to the log (None after an undo, a redo, an import, or a
        write rolled back); ``lowest``: the lowest head an undo left.

        What a change made can then be told without reading the log again (the web table's
        worker does, after a group commit): when the first operation appended follows the head
        the caller saw before, they are every operation above that head (an append discards
        the undone operations above the head, so none was left between).
        """
        if not self._watching:
            return None
        written = Written(self._written, self._lowest)
        self._watching, self._written, self._lowest = False, None, None
        return written

    def _changed_log(self) -> None:
        """The log changed other than by appending (or an append was rolled back)."""
        self._written = None

    # -------------------------------------------------------------------------- group commit

    @contextmanager
    def group(self) -> Iterator[None]:
        """One write transaction around several steps: a group commit (the web table's worker
        applies the operations queued for a campaign together).

        Inside the block, :meth:`step` runs one caller's work in a savepoint of the group's
        transaction: kept in the group when it returns, undone alone when it raises (the other
        steps stay). Every write (``write()``, ``undo()``, ``redo()``, ...) is a savepoint too.
        Nothing is durable before the block ends; then one commit (one fsync) makes every kept
        step durable at once, so a caller answers its steps only after the block. An exception
        leaving the block, or a failed commit, rolls the whole group back.
        """
        with self._lock:
            if self._in_write or self._in_group:
                raise CampaignError(f"{self.location}: a write is already open on this campaign")
            with self._errors():
                self._begin_write(wait=True)
            self._in_group, self._group_writes, self._group_broken = True, 0, False
            try:
                yield
                with self._errors():
                    if self._group_broken or not self._transaction_alive():
                        raise CampaignError(
                            f"{self.location}: the write transaction was lost (nothing of it "
                            "was written)"
                        )
                    self._commit()
            except BaseException:
                self._forget()  # the store's state may fold steps now rolled back
                self._changed_log()
                self._rollback()
                raise
            finally:
                self._in_group = False

    def step(self, work: Callable[[Self], R]) -> R:
        """Run ``work(self)`` as one step of the open :meth:`group`: what it writes is kept in
        the group when it returns, and undone (only it) when it raises, which it then does."""
        with self._lock:
            if not self._in_group or self._in_write:
                raise CampaignError(
                    f"{self.location}: a step is written inside an open group of writes"
                )
            kept = self._group_writes
            # A step while the group keeps no write yet needs no savepoint: undoing it is
            # rolling the transaction back (and beginning another for the steps after it).
            # A quiet table's group is one step: its write costs no savepoint.
            saved = kept > 0
            with self._errors():
                if self._group_broken or not self._transaction_alive():
                    raise CampaignError(
                        f"{self.location}: the write transaction was lost (nothing was written)"
                    )
                if saved:
                    self._savepoint("step")
            self._step_fresh, self._step_saved = True, saved
            try:
                answer = work(self)
            except BaseException:
                if self._group_writes != kept:
                    self._forget()  # the store's state folds this step's writes: rolled back
                    self._changed_log()
                self._undo_step(keep=False)
                raise
            finally:
                self._step_fresh = False
            if saved:
                with self._errors():
                    self._release("step")
            return answer

    def _undo_step(self, *, keep: bool) -> None:
        """Take back what the open step wrote: to its savepoint (dropped unless ``keep``), or
        for a step without one, the whole transaction, begun again for what follows; when
        that fails the group cannot commit."""
        if self._step_saved:
            self._undo_savepoint("step", keep=keep)
            return
        self._rollback()
        try:
            with self._errors():
                self._begin_write(wait=True)
        except CampaignError:
            self._group_broken = True

    def _undo_savepoint(self, name: str, *, keep: bool = False) -> None:
        """Roll back to savepoint ``name`` (and drop it, unless ``keep``); when that fails
        the group cannot commit."""
        try:
            with self._errors():
                self._rollback_to(name, keep=keep)
        except CampaignError:
            self._group_broken = True

    # ---------------------------------------------------------------------------- internals

    @contextmanager
    def _immediate(self) -> Iterator[None]:
        """The write transaction: the campaign's lock is held until commit or rollback (in a
        group, a savepoint of the group's transaction, kept or rolled back alone)."""
        with self._lock:
            if self._in_write:
                raise CampaignError(f"{self.location}: a write is already open on this campaign")
            self._in_write = True
            self._changing = False
            grouped = self._in_group
            # The first write of a step is undone by rolling back to the step's savepoint
            # (kept, for the step's own end); any other write in a group has its own.
            in_step, self._step_fresh = self._step_fresh, False
            appended = None if self._written is None else len(self._written)
            carried = self.request_id
            try:
                with self._errors():
                    if grouped and not in_step:
                        self._savepoint("write")
                    elif not grouped:
                        self._begin_write(wait=True)
                try:
                    yield
                    with self._errors():
                        if self.request_id is not None:
                            self._record_request(self.request_id, self._head())
                            self.request_id = None
                        if grouped and not in_step:
                            self._release("write")
                        if grouped:
                            self._group_writes += 1
                        else:
                            self._commit()
                except BaseException:
                    # A write rolled back takes its request id's record back with it: the id
                    # is the next write's to carry.
                    self.request_id = carried
                    if self._written is not None and len(self._written) != appended:
                        self._changed_log()  # what it appended is rolled back
                    if self._changing:
                        # The store's state holds folded events that are now rolled back.
                        self._forget()
                    if in_step:
                        self._undo_step(keep=True)
                        self._step_fresh = True  # nothing of the step is written again
                    elif grouped:
                        self._undo_savepoint("write")
                    else:
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
