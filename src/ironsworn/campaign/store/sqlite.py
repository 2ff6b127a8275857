"""The SQLite campaign file: one file per campaign (the default store).

See :mod:`ironsworn.campaign.store` for the store's contract. What is particular to the file:

- **One connection per file per process.** POSIX record locks belong to the process, not to a
  descriptor: if anything in a process opened a campaign file a second way and closed it, every
  lock SQLite holds on it would be dropped, and another process could then checkpoint and delete
  the WAL under a live connection (acknowledged writes lost). So :meth:`CampaignStore.open`
  keeps a process-wide table of open files, keyed by device and inode (``os.stat``, which opens
  no descriptor): a second ``open`` of a file that is already open returns the same store (same
  state model) or a sibling sharing its connection, and the header is read with plain I/O only
  before the first connection exists. A store closes its connection when its last user closes
  it. The connection is shared between threads (a web server's workers) under one lock.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import replace
from pathlib import Path
from types import TracebackType
from typing import Any, Generic, Self, overload

from ironsworn.campaign import schema
from ironsworn.campaign.schema import DISCARDED, LIVE, UNDONE
from ironsworn.campaign.store.base import (
    BUSY_TIMEOUT_S,
    SNAPSHOT_INTERVAL,
    SNAPSHOTS_KEPT,
    Operation,
    S,
    T,
    _check_history,
    _fold,
    _package,
    _state_key,
    check_kind,
    default_state_type,
    encode_event,
    utc_now,
)
from ironsworn.errors import CampaignError, InvalidValue


class Transaction(Generic[S]):
    """One write: the lock is held from ``with store.write()`` to the end of the block."""

    def __init__(self, store: CampaignStore[S], head: int) -> None:
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
        encoded = [
            encode_event(event, f"event {i} of the {kind!r} operation")
            for i, event in enumerate(events)
        ]
        conn = self._store._conn
        if not self._redo_discarded:
            # A new operation ends the possibility of redo (like any editor's undo stack).
            conn.execute("UPDATE operations SET status = ? WHERE status = ?", (DISCARDED, UNDONE))
            self._redo_discarded = True
        time = self._store.clock()
        cursor = conn.execute(
            "INSERT INTO operations (kind, time, character, summary, status) "
            "VALUES (?, ?, ?, ?, ?)",
            (kind, time, character, summary, LIVE),
        )
        seq = cursor.lastrowid
        assert seq is not None
        conn.executemany(
            "INSERT INTO events (op_seq, idx, type, body) VALUES (?, ?, ?, ?)",
            [(seq, i, event_type, body) for i, (event_type, body) in enumerate(encoded)],
        )
        # The operation carries the stored (canonical) form, which is what a replay will see.
        stored = tuple(json.loads(body) for _type, body in encoded)
        operation = Operation(seq, kind, time, character, summary, stored, LIVE)
        self.appended.append(operation)
        return operation


class _OpenFile:
    """One campaign file's SQLite connection in this process, shared by every store on it."""

    def __init__(self, conn: sqlite3.Connection, key: tuple[int, int]) -> None:
        self.conn = conn
        self.key = key
        # Held for a whole read or write transaction: the connection is shared by threads.
        self.lock = threading.RLock()
        self.in_write = False
        self.stores: dict[type[Any], CampaignStore[Any]] = {}
        self.users = 0  # how many store objects use the connection (each counts its own users)

    def release(self) -> None:
        with _OPEN_LOCK:
            self.users -= 1
            if self.users > 0:
                return
            _OPEN_FILES.pop(self.key, None)
            self.stores.clear()
            with self.lock:
                self.conn.close()


# The campaign files open in this process, by (st_dev, st_ino): see the module docstring.
_OPEN_FILES: dict[tuple[int, int], _OpenFile] = {}
_OPEN_LOCK = threading.RLock()
_NO_FILE_LOCK = threading.RLock()  # a store still being opened (not yet in _OPEN_FILES)


def _file_key(path: Path) -> tuple[int, int] | None:
    try:
        info = path.stat()  # stat opens no descriptor, so it cannot drop a lock
    except OSError:
        return None
    return (info.st_dev, info.st_ino)


def open_in_process(path: str | os.PathLike[str]) -> bool:
    """True when this process has the campaign file at ``path`` open (through any store)."""
    key = _file_key(Path(path).expanduser())
    with _OPEN_LOCK:
        return key is not None and key in _OPEN_FILES


class CampaignStore(Generic[S]):
    """An open campaign file. Create it with :meth:`open`; see the module docstring."""

    def __init__(self, conn: sqlite3.Connection, path: Path, state_type: type[S]) -> None:
        self._conn = conn
        self._file: _OpenFile | None = None
        self._users = 1
        self.path = path
        self.state_type = state_type
        self.clock: Callable[[], str] = utc_now
        self._state_key = _state_key(state_type)
        self._name = ""
        self._own_write = False
        # The fold of the live operations up to _cache_head, owned by the store until it is
        # handed out (then forgotten: handing it over is cheaper than copying a big state).
        # _since counts the live operations in it after the snapshot it grew from.
        self._cache: S | None = None
        self._cache_head = -1
        self._since = 0

    # ----------------------------------------------------------------- opening and closing

    @overload
    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str],
        *,
        create: bool = ...,
        name: str | None = ...,
        state_type: None = ...,
    ) -> CampaignStore[Any]: ...

    @overload
    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str],
        *,
        create: bool = ...,
        name: str | None = ...,
        state_type: type[T],
    ) -> CampaignStore[T]: ...

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str],
        *,
        create: bool = False,
        name: str | None = None,
        state_type: type[Any] | None = None,
    ) -> CampaignStore[Any]:
        """Open the campaign file at ``path`` (creating it when ``create`` and it is missing).

        ``name`` is recorded when the file is created (default: the file name without suffix).
        Raises :class:`CampaignError` for a missing (without ``create``), empty, corrupt,
        foreign or newer file, leaving it as it was; an older file is migrated.
        """
        path = Path(path).expanduser()
        if state_type is None:
            state_type = default_state_type()
        with _OPEN_LOCK:
            shared = cls._reuse(path, state_type)
            if shared is not None:
                return shared
            return cls._open_first(path, create=create, name=name, state_type=state_type)

    @classmethod
    def _reuse(cls, path: Path, state_type: type[Any]) -> CampaignStore[Any] | None:
        """The store already open on this file in this process, shared, or None."""
        key = _file_key(path)
        if key is None or key not in _OPEN_FILES:
            return None
        handle = _OPEN_FILES[key]
        store = handle.stores.get(state_type)
        if store is not None and store._users > 0:
            store._users += 1
            return store
        # Another state model on the same file: its own cache, the same connection.
        sibling: CampaignStore[Any] = cls(handle.conn, path, state_type)
        sibling._file = handle
        sibling._name = next(iter(handle.stores.values())).name if handle.stores else path.stem
        handle.stores[state_type] = sibling
        handle.users += 1
        return sibling

    @classmethod
    def _open_first(
        cls, path: Path, *, create: bool, name: str | None, state_type: type[Any]
    ) -> CampaignStore[Any]:
        # No connection to this file exists in the process, so reading its header with plain
        # file I/O cannot drop any lock.
        existed = path.exists()
        if existed:
            if schema.check_header(path) and not create:
                raise CampaignError(f"{path}: empty file, not an ironsworn campaign")
        elif not create:
            raise CampaignError(f"{path}: campaign file not found")
        else:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise CampaignError(
                    f"{path}: cannot create campaign folder ({exc.strerror})"
                ) from None
        try:
            conn = sqlite3.connect(
                path.absolute().as_uri() + ("?mode=rwc" if create else "?mode=rw"),
                uri=True,
                isolation_level=None,  # transactions are explicit: BEGIN IMMEDIATE for writes
                timeout=BUSY_TIMEOUT_S,
                check_same_thread=False,  # shared by threads, under _OpenFile.lock
            )
        except sqlite3.Error as exc:
            raise CampaignError(f"{path}: cannot open campaign file ({exc})") from None
        store: CampaignStore[Any] = cls(conn, path, state_type)
        try:
            store._prepare(create=create, name=name or path.stem)
            key = _file_key(path)
            if key is None:
                raise CampaignError(f"{path}: the campaign file vanished while it was opened")
        except BaseException:
            conn.close()
            if not existed:
                _remove_if_empty(path)
            raise
        handle = _OpenFile(conn, key)
        handle.users = 1
        handle.stores[state_type] = store
        store._file = handle
        _OPEN_FILES[key] = handle
        return store

    def _prepare(self, *, create: bool, name: str) -> None:
        conn = self._conn
        with self._errors():
            conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
            # Read first without a write lock: a refused file must not be written at all.
            version = None if schema.is_empty(conn) else schema.read_version(conn, self.path)
            if version is None and not create:
                raise CampaignError(f"{self.path}: empty file, not an ironsworn campaign")
            if version is None or version < schema.SCHEMA_VERSION:
                with self._immediate():
                    # Re-read inside the lock: another process may have created or migrated it.
                    if schema.is_empty(conn):
                        schema.initialize(
                            conn, name=name, created=self.clock(), created_by=_package()
                        )
                    else:
                        version = schema.read_version(conn, self.path)
                        if version < schema.SCHEMA_VERSION:
                            schema.migrate(conn, version)
            # WAL lets readers run beside the writer; it is persistent, so this is a no-op
            # after the first open.
            (mode,) = conn.execute("PRAGMA journal_mode = WAL").fetchone()
            if str(mode).lower() != "wal":
                raise CampaignError(f"{self.path}: cannot switch the campaign to WAL mode ({mode})")
            conn.execute("PRAGMA synchronous = FULL")
            row = conn.execute("SELECT value FROM meta WHERE key = 'name'").fetchone()
            self._name = str(row[0]) if row else self.path.stem

    def close(self) -> None:
        """Let go of the file (idempotent); the connection closes with its last user."""
        with _OPEN_LOCK:
            if self._users <= 0:
                return
            self._users -= 1
            if self._users > 0:
                return
            self._cache = None
            handle = self._file
            if handle is None:
                self._conn.close()
                return
            if handle.stores.get(self.state_type) is self:
                del handle.stores[self.state_type]
        handle.release()

    @property
    def _lock(self) -> threading.RLock:
        handle = self._file
        return handle.lock if handle is not None else _NO_FILE_LOCK

    @property
    def _in_write(self) -> bool:
        handle = self._file
        return handle.in_write if handle is not None else self._own_write

    @_in_write.setter
    def _in_write(self, value: bool) -> None:
        handle = self._file
        if handle is not None:
            handle.in_write = value
        else:
            self._own_write = value

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    @property
    def name(self) -> str:
        """The campaign's name, as recorded when it was created."""
        return self._name

    def meta(self) -> dict[str, str]:
        """The file's key/value metadata (name, created, created_by)."""
        with self._lock, self._errors():
            return {str(k): str(v) for k, v in self._conn.execute("SELECT key, value FROM meta")}

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
        self, *, include_undone: bool = False, last: int | None = None
    ) -> list[Operation]:
        """Operations in seq order: the live ones, or with ``include_undone`` every one.

        ``last=N`` gives only the last N of them (without reading the rest of the log).
        """
        statuses = (LIVE, UNDONE, DISCARDED) if include_undone else (LIVE,)
        marks = ", ".join("?" for _ in statuses)
        limit = -1 if last is None else max(0, last)
        with self._errors(), self._read():
            rows = self._conn.execute(
                "SELECT seq, kind, time, character, summary, status FROM operations "
                f"WHERE status IN ({marks}) ORDER BY seq DESC LIMIT ?",
                (*statuses, limit),
            ).fetchall()
            rows.reverse()
            first = int(rows[0][0]) if rows else 0
            events: dict[int, list[dict[str, Any]]] = {}
            for op_seq, body in self._conn.execute(
                "SELECT e.op_seq, e.body FROM events e JOIN operations o ON o.seq = e.op_seq "
                f"WHERE o.status IN ({marks}) AND o.seq >= ? ORDER BY e.op_seq, e.idx",
                (*statuses, first),
            ):
                events.setdefault(int(op_seq), []).append(json.loads(body))
        return [_operation(row, events.get(int(row[0]), [])) for row in rows]

    def last_operation(self) -> Operation | None:
        """The last live operation, or None in an empty campaign."""
        with self._errors(), self._read():
            return self._last(LIVE, descending=True)

    def counts(self) -> dict[str, int]:
        """How many operations there are of each status, and how many live events."""
        with self._errors(), self._read():
            counts = {LIVE: 0, UNDONE: 0, DISCARDED: 0}
            for status, number in self._conn.execute(
                "SELECT status, count(*) FROM operations GROUP BY status"
            ):
                counts[str(status)] = int(number)
            (events,) = self._conn.execute(
                "SELECT count(*) FROM events e JOIN operations o ON o.seq = e.op_seq "
                "WHERE o.status = ?",
                (LIVE,),
            ).fetchone()
            counts["events"] = int(events)
            return counts

    # ----------------------------------------------------------------------------- writing

    @contextmanager
    def write(self) -> Iterator[Transaction[S]]:
        """Take the write lock (``BEGIN IMMEDIATE``) and yield a :class:`Transaction`.

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
            self._conn.execute(
                "UPDATE operations SET status = ? WHERE seq = ?", (UNDONE, operation.seq)
            )
            # Snapshots at or after the undone operation no longer describe the live log.
            self._conn.execute("DELETE FROM snapshots WHERE seq >= ?", (operation.seq,))
            self._cache = None
            self._cache_head = -1
        return replace(operation, status=UNDONE)

    def redo(self) -> Operation | None:
        """Restore the most recently undone operation; None when there is nothing to redo."""
        with self._errors(), self._immediate():
            operation = self._last(UNDONE, descending=False)
            if operation is None:
                return None
            self._conn.execute(
                "UPDATE operations SET status = ? WHERE seq = ?", (LIVE, operation.seq)
            )
            self._cache = None
            self._cache_head = -1
        return replace(operation, status=LIVE)

    def load_operations(
        self,
        operations: Sequence[Operation],
        *,
        source: str = "",
        meta: Mapping[str, str] | None = None,
    ) -> None:
        """Write already-recorded operations (seq, time and status kept) into an empty campaign.

        Used by import. The live ones are folded to prove the state model accepts them, and a
        snapshot of the result is saved; ``meta`` values (such as the original ``created``
        time) replace the file's. Any failure rolls back everything.
        """
        with self.write() as tx:
            for key, value in (meta or {}).items():
                self._conn.execute(
                    "INSERT INTO meta (key, value) VALUES (?, ?) "
                    "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    (key, value),
                )
            if tx.head or self._conn.execute("SELECT 1 FROM operations LIMIT 1").fetchone():
                raise CampaignError(f"{self.path}: can only import into an empty campaign")
            _check_history(operations, source or str(self.path))
            state = self.state_type()
            for operation in operations:
                check_kind(operation.kind)
                encoded = [
                    encode_event(event, f"event {i} of operation {operation.seq}")
                    for i, event in enumerate(operation.events)
                ]
                self._conn.execute(
                    "INSERT INTO operations (seq, kind, time, character, summary, status) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (
                        operation.seq,
                        operation.kind,
                        operation.time,
                        operation.character,
                        operation.summary,
                        operation.status,
                    ),
                )
                self._conn.executemany(
                    "INSERT INTO events (op_seq, idx, type, body) VALUES (?, ?, ?, ?)",
                    [(operation.seq, i, kind, body) for i, (kind, body) in enumerate(encoded)],
                )
                if operation.status == LIVE:
                    for _kind, body in encoded:
                        _fold(state, json.loads(body), operation.seq, source or self.path)
            head = self._head()
            if head:
                self._save_snapshot(head, state)
            self._cache, self._cache_head, self._since = state, head, 0

    # ---------------------------------------------------------------------------- internals

    @contextmanager
    def _errors(self) -> Iterator[None]:
        """Turn SQLite's exceptions into one-line :class:`CampaignError` naming the file."""
        try:
            yield
        except sqlite3.OperationalError as exc:
            text = str(exc)
            if "locked" in text or "busy" in text:
                raise CampaignError(
                    f"{self.path}: campaign is busy (another command held it for more than "
                    f"{BUSY_TIMEOUT_S:.0f} s)"
                ) from None
            raise CampaignError(f"{self.path}: {text}") from None
        except sqlite3.Error as exc:
            raise CampaignError(f"{self.path}: {exc} (the campaign file may be corrupt)") from None

    @contextmanager
    def _read(self) -> Iterator[None]:
        """A read transaction: every query inside sees the same committed moment."""
        with self._lock:
            if self._in_write:
                yield  # already inside the write transaction, which sees its own writes
                return
            self._conn.execute("BEGIN")
            try:
                yield
            finally:
                self._conn.execute("COMMIT")

    @contextmanager
    def _immediate(self) -> Iterator[None]:
        with self._lock:
            if self._in_write:
                raise CampaignError(f"{self.path}: a write is already open on this campaign")
            self._in_write = True
            with self._immediate_locked():
                yield

    @contextmanager
    def _immediate_locked(self) -> Iterator[None]:
        try:
            with self._errors():
                self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield
                with self._errors():
                    self._conn.execute("COMMIT")
            except BaseException:
                # The cache may hold folded events that are now rolled back.
                self._cache = None
                self._cache_head = -1
                self._rollback()
                raise
        finally:
            self._in_write = False

    def _rollback(self) -> None:
        # No transaction may be open (BEGIN itself failed), or SQLite already rolled back.
        with suppress(sqlite3.Error):
            self._conn.execute("ROLLBACK")

    def _head(self) -> int:
        # Discarded operations never come back and undone ones all follow the live ones, so
        # the last live seq alone identifies the live set (and hence the state).
        (head,) = self._conn.execute(
            "SELECT max(seq) FROM operations WHERE status = ?", (LIVE,)
        ).fetchone()
        return int(head or 0)

    def _last(self, status: str, *, descending: bool) -> Operation | None:
        order = "DESC" if descending else "ASC"
        row = self._conn.execute(
            "SELECT seq, kind, time, character, summary, status FROM operations "
            f"WHERE status = ? ORDER BY seq {order} LIMIT 1",
            (status,),
        ).fetchone()
        if row is None:
            return None
        events = [
            json.loads(body)
            for (body,) in self._conn.execute(
                "SELECT body FROM events WHERE op_seq = ? ORDER BY idx", (row[0],)
            )
        ]
        return _operation(row, events)

    def _rebuild(self, head: int) -> None:
        """Load the newest usable snapshot at or before ``head`` and fold the rest."""
        conn = self._conn
        state: S | None = None
        base = 0
        row = conn.execute(
            "SELECT seq, ops, body FROM snapshots WHERE state_key = ? AND seq <= ? "
            "ORDER BY seq DESC LIMIT 1",
            (self._state_key, head),
        ).fetchone()
        if row is not None:
            seq, ops, body = int(row[0]), int(row[1]), row[2]
            (live,) = conn.execute(
                "SELECT count(*) FROM operations WHERE status = ? AND seq <= ?", (LIVE, seq)
            ).fetchone()
            if int(live) == ops:
                try:
                    state = self.state_type.from_dict(json.loads(body))
                    base = seq
                except Exception:
                    state = None  # an unreadable snapshot is only a lost cache: fold it all
        if state is None:
            state = self.state_type()
            base = 0
        (since,) = conn.execute(
            "SELECT count(*) FROM operations WHERE status = ? AND seq > ? AND seq <= ?",
            (LIVE, base, head),
        ).fetchone()
        for op_seq, body in conn.execute(
            "SELECT e.op_seq, e.body FROM operations o JOIN events e ON e.op_seq = o.seq "
            "WHERE o.status = ? AND o.seq > ? AND o.seq <= ? ORDER BY e.op_seq, e.idx",
            (LIVE, base, head),
        ):
            _fold(state, json.loads(body), int(op_seq), self.path)
        self._cache, self._cache_head, self._since = state, head, int(since)

    def _take(self, head: int) -> S:
        """Hand the fold up to ``head`` to the caller, and forget it."""
        if self._cache is None or self._cache_head != head:
            self._rebuild(head)
        state = self._cache
        assert state is not None
        self._cache, self._cache_head = None, -1
        return state

    def _fold_and_snapshot(self, transaction: Transaction[S]) -> None:
        """At commit: fold the new operations into the store's state, save a snapshot if due."""
        appended = transaction.appended
        if not appended:
            return
        head = appended[-1].seq
        if not transaction.took_state:
            # The store checks the events itself: a refusal rolls the whole write back.
            if self._cache is None or self._cache_head != transaction.head:
                self._rebuild(transaction.head)
            assert self._cache is not None
            for operation in appended:
                for event in operation.events:
                    _fold(self._cache, event, operation.seq, self.path)
            self._cache_head = head
            self._since += len(appended)
        # Otherwise the caller built its events on tx.state, which it now owns (the move
        # engine applies each event as it emits it), and the store has no copy left.
        if self._cache is None and self._ops_since_snapshot(head) >= SNAPSHOT_INTERVAL:
            self._rebuild(head)  # inside the transaction, so it sees the new operations
        if self._cache is not None and self._since >= SNAPSHOT_INTERVAL:
            self._save_snapshot(head, self._cache)
            self._since = 0

    def _ops_since_snapshot(self, head: int) -> int:
        (base,) = self._conn.execute(
            "SELECT coalesce(max(seq), 0) FROM snapshots WHERE state_key = ? AND seq <= ?",
            (self._state_key, head),
        ).fetchone()
        (since,) = self._conn.execute(
            "SELECT count(*) FROM operations WHERE status = ? AND seq > ? AND seq <= ?",
            (LIVE, int(base), head),
        ).fetchone()
        return int(since)

    def _save_snapshot(self, head: int, state: S) -> None:
        (ops,) = self._conn.execute(
            "SELECT count(*) FROM operations WHERE status = ? AND seq <= ?", (LIVE, head)
        ).fetchone()
        self._conn.execute(
            "INSERT OR REPLACE INTO snapshots (seq, state_key, ops, body) VALUES (?, ?, ?, ?)",
            (
                head,
                self._state_key,
                int(ops),
                json.dumps(state.to_dict(), ensure_ascii=False),
            ),
        )
        self._conn.execute(
            "DELETE FROM snapshots WHERE seq NOT IN "
            "(SELECT DISTINCT seq FROM snapshots ORDER BY seq DESC LIMIT ?)",
            (SNAPSHOTS_KEPT,),
        )

    def _snapshot_opportunistically(self) -> None:
        """After a long fold on a read, save a snapshot if the lock is free right now.

        This happens after an upgrade made the old snapshots unusable; a busy or read-only
        file just skips it (it is only a cache).
        """
        conn = self._conn
        try:
            conn.execute("PRAGMA busy_timeout = 50")
            conn.execute("BEGIN IMMEDIATE")
            try:
                if self._cache is not None and self._head() == self._cache_head:
                    self._save_snapshot(self._cache_head, self._cache)
                    self._since = 0
                conn.execute("COMMIT")
            except sqlite3.Error:
                self._rollback()
        except sqlite3.Error:
            pass
        finally:
            conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")


def _operation(row: Sequence[Any], events: list[dict[str, Any]]) -> Operation:
    seq, kind, time, character, summary, status = row
    return Operation(
        int(seq), str(kind), str(time), character, str(summary), tuple(events), str(status)
    )


def _remove_if_empty(path: Path) -> None:
    """Remove a file this process created but could not initialise (nothing left behind)."""
    try:
        if path.stat().st_size == 0:
            path.unlink()
            for suffix in ("-wal", "-shm", "-journal"):
                Path(str(path) + suffix).unlink(missing_ok=True)
    except OSError:
        pass
