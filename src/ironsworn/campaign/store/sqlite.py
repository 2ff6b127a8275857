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
- **Durability.** WAL journal with ``synchronous=FULL``: a commit returns only after the WAL is
  fsynced, so an acknowledged operation survives a killed process *and* a power cut (NORMAL
  would survive the kill but could lose the last commits on power loss; FULL costs one fsync,
  well under a millisecond on an SSD).
- **Concurrency.** Every write is ``BEGIN IMMEDIATE`` with a 30 s busy timeout: a second command
  on the same campaign waits for the first instead of failing with "database is locked", and
  ``tx.state`` is read inside the lock, so it includes the other command's operation.
- **Faults.** A missing, empty, corrupt, foreign (not ironsworn) or newer file raises
  :class:`~ironsworn.errors.CampaignError` with one line naming the path, and is not written.
  An older file is migrated (see :mod:`ironsworn.campaign.schema`).
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, Generic, TypeVar, overload

from ironsworn.campaign import schema
from ironsworn.campaign.schema import DISCARDED, LIVE, UNDONE
from ironsworn.campaign.store.base import (
    BUSY_TIMEOUT_S,
    SNAPSHOTS_KEPT,
    Row,
    S,
    Store,
    T,
    default_state_type,
)
from ironsworn.campaign.store.operations import _package
from ironsworn.errors import CampaignError

V = TypeVar("V")  # the value a _PerFile attribute holds


class _OpenFile:
    """One campaign file's SQLite connection in this process, shared by every store on it."""

    def __init__(self, conn: sqlite3.Connection, key: tuple[int, int]) -> None:
        self.conn = conn
        self.key = key
        # Held for a whole read or write transaction: the connection is shared by threads.
        self.lock = threading.RLock()
        self.in_write = False
        self.in_group = False
        self.stores: dict[type[Any], CampaignStore[Any]] = {}
        self.users = 0  # how many store objects use the connection (each counts its own users)
        # The requests table (see _request_row): known to be in the file, committed (a table
        # is never dropped), so its reads and writes skip looking for it; made by the open
        # transaction (known once that commits).
        self.requests_known = False
        self.requests_made = False
        # What the open transaction read or wrote of the log (see CampaignStore._known): one
        # for the connection, so that every store on it forgets it at any store's commit.
        self.seen: tuple[int, int, bool] | None = None

    def release(self) -> None:
        with _OPEN_LOCK:
            self.users -= 1
            if self.users > 0:
                return
            _OPEN_FILES.pop(self.key, None)
            self.stores.clear()
            with self.lock:
                self.conn.close()


# The running total of live operations, kept in meta (a cache: see Store._snapshot_fits).
_LIVE_TOTAL = "live_operations"

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
    try:
        key = _file_key(Path(path).expanduser())
    except RuntimeError:  # ~nouser: no such file can be open
        return False
    with _OPEN_LOCK:
        return key is not None and key in _OPEN_FILES


class _PerFile(Generic[V]):
    """A transaction's state that a store keeps in its file's :class:`_OpenFile` (``field``)
    while it shares the file's connection, and in its own attribute (``own``) before that."""

    __slots__ = ("field", "own")

    def __init__(self, field: str, own: str) -> None:
        self.field = field
        self.own = own

    @overload
    def __get__(self, store: None, owner: type[Any]) -> _PerFile[V]: ...

    @overload
    def __get__(self, store: CampaignStore[Any], owner: type[Any]) -> V: ...

    def __get__(self, store: CampaignStore[Any] | None, owner: type[Any]) -> V | _PerFile[V]:
        if store is None:
            return self
        handle = store._file
        value: V = getattr(handle, self.field) if handle is not None else getattr(store, self.own)
        return value

    def __set__(self, store: CampaignStore[Any], value: V) -> None:
        handle = store._file
        if handle is not None:
            setattr(handle, self.field, value)
        else:
            setattr(store, self.own, value)


class CampaignStore(Store[S]):
    """An open campaign file. Create it with :meth:`open`; see the module docstring."""

    def __init__(self, conn: sqlite3.Connection, path: Path, state_type: type[S]) -> None:
        self._file: _OpenFile | None = None
        super().__init__(state_type)
        self._conn = conn
        self._users = 1
        self.path = path
        # What the open transaction has read or written of the log (see _known), while the
        # store has no shared connection yet (then the connection's: _OpenFile.seen).
        self._own_seen: tuple[int, int, bool] | None = None

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
        from ironsworn.paths import expand_path

        path = expand_path(path, "campaign path")
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
            _check_writable(path)
        elif not create:
            raise CampaignError(f"{path}: campaign file not found")
        else:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise CampaignError(
                    f"{path}: cannot create campaign folder ({exc.strerror})"
                ) from None
            # The file is made owner-only before SQLite opens it (SQLite would make it 0644,
            # and gives its -wal and -shm files the main file's mode).
            with suppress(FileExistsError):
                try:
                    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
                except OSError as exc:
                    if isinstance(exc, FileExistsError):
                        raise
                    raise CampaignError(
                        f"{path}: cannot create campaign file ({exc.strerror})"
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
            if not existed:
                _remove_if_empty(path)
            raise CampaignError(f"{path}: cannot open campaign file ({exc})") from None
        store: CampaignStore[Any] = cls(conn, path, state_type)
        try:
            # A file name need not be UTF-8 (its stray bytes arrive as surrogates); the
            # recorded name must be text.
            stem = path.stem.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
            store._prepare(create=create, name=name or stem)
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
            mode = _switch_to_wal(conn)
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

    # While the store shares its file's connection, the transaction it has open is the
    # file's: every store on the connection sees the same write, group and log reads.
    _in_write: _PerFile[bool] = _PerFile("in_write", "_own_write")
    _in_group: _PerFile[bool] = _PerFile("in_group", "_own_group")
    # What the open transaction read or wrote of the log: the connection's change count then,
    # the head, and whether an undone operation exists (see _known).
    _seen: _PerFile[tuple[int, int, bool] | None] = _PerFile("seen", "_own_seen")

    @property
    def location(self) -> str:
        """The campaign file's path."""
        return str(self.path)

    # ---------------------------------------------------------------------------- backend

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
            if "readonly" in text:
                # The file was writable when opened (see _check_writable), so SQLite itself
                # chose read-only: a header byte it cannot write under says so.
                raise CampaignError(
                    f"{self.path}: {text} (nothing was changed; SQLite opened the file "
                    "read-only, so its header may be damaged: export json, then import)"
                ) from None
            raise CampaignError(f"{self.path}: {text}") from None
        except sqlite3.Error as exc:
            raise CampaignError(f"{self.path}: {exc} (the campaign file may be corrupt)") from None

    @contextmanager
    def _read(self) -> Iterator[None]:
        with self._lock:
            if self._in_write or self._in_group or self._reading:
                yield  # already inside a transaction (a write sees its own writes)
                return
            self._seen = None
            self._conn.execute("BEGIN")
            try:
                yield
            finally:
                self._seen = None
                self._conn.execute("COMMIT")

    def _begin_write(self, *, wait: bool) -> None:
        self._seen = None
        if wait:
            self._conn.execute("BEGIN IMMEDIATE")
            return
        self._conn.execute("PRAGMA busy_timeout = 50")
        try:
            self._conn.execute("BEGIN IMMEDIATE")
        finally:
            self._conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")

    def _commit(self) -> None:
        self._seen = None
        self._conn.execute("COMMIT")
        handle = self._file
        if handle is not None and handle.requests_made:
            handle.requests_known, handle.requests_made = True, False

    def _unmade(self) -> None:
        """A rollback may take back the requests table the transaction made."""
        if self._file is not None:
            self._file.requests_made = False

    def _rollback(self) -> None:
        self._seen = None
        self._unmade()
        # No transaction may be open (BEGIN itself failed), or SQLite already rolled back.
        with suppress(sqlite3.Error):
            self._conn.execute("ROLLBACK")

    def _transaction_alive(self) -> bool:
        # SQLite rolls a transaction back on its own after some errors (a full disk, an I/O
        # error): a savepoint then would start a new one, and its release would commit it.
        return self._conn.in_transaction

    def _savepoint(self, name: str) -> None:
        self._conn.execute(f"SAVEPOINT {name}")

    def _release(self, name: str) -> None:
        self._conn.execute(f"RELEASE {name}")

    def _rollback_to(self, name: str, *, keep: bool = False) -> None:
        self._seen = None  # the log as the savepoint saw it: read it again
        self._unmade()
        self._conn.execute(f"ROLLBACK TO {name}")
        if not keep:
            self._conn.execute(f"RELEASE {name}")

    def _meta(self) -> dict[str, str]:
        return {
            str(k): str(v)
            for k, v in self._conn.execute("SELECT key, value FROM meta")
            if k != _LIVE_TOTAL
        }

    def _live_total(self) -> int | None:
        row = self._conn.execute("SELECT value FROM meta WHERE key = ?", (_LIVE_TOTAL,)).fetchone()
        try:
            return None if row is None else int(row[0])
        except (TypeError, ValueError):
            return None  # a damaged total: the full count decides, and the next snapshot sets it

    def _set_live_total(self, total: int) -> None:
        self._set_meta(_LIVE_TOTAL, str(total))

    def _set_meta(self, key: str, value: str) -> None:
        with self._beside_the_log():
            self._conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    def _known(self) -> tuple[int, int, bool] | None:
        """What the open transaction read or wrote of the log (its head, and whether an
        undone operation exists), if nothing changed it since: None outside a transaction
        or after any change. Inside one, the log moves only by this connection's own
        statements (a write holds the file's lock; a read sees one moment), which its change
        count counts (a sibling store's on the same connection too); a rollback to a
        savepoint, which takes changes back without counting, forgets it."""
        seen = self._seen
        conn = self._conn
        if seen is None or seen[0] != conn.total_changes or not conn.in_transaction:
            return None
        return seen

    @contextmanager
    def _beside_the_log(self) -> Iterator[None]:
        """Around statements that change no operation (metadata, snapshots, request ids):
        what the transaction knows of the log stays known."""
        known = self._known()
        yield
        if known is not None:
            self._seen = (self._conn.total_changes, known[1], known[2])

    def _head(self) -> int:
        known = self._known()
        if known is not None:
            return known[1]
        conn = self._conn
        head, undone = conn.execute(
            "SELECT (SELECT max(seq) FROM operations WHERE status = ?), "
            "EXISTS (SELECT 1 FROM operations WHERE status = ?)",
            (LIVE, UNDONE),
        ).fetchone()
        if conn.in_transaction:
            self._seen = (conn.total_changes, int(head or 0), bool(undone))
        return int(head or 0)

    def _has_operations(self) -> bool:
        return self._conn.execute("SELECT 1 FROM operations LIMIT 1").fetchone() is not None

    def _operation_row(self, status: str, *, descending: bool) -> Row | None:
        order = "DESC" if descending else "ASC"
        row: Row | None = self._conn.execute(
            "SELECT seq, kind, time, character, summary, status FROM operations "
            f"WHERE status = ? ORDER BY seq {order} LIMIT 1",
            (status,),
        ).fetchone()
        return row

    def _events_of(self, seq: int) -> list[str]:
        return [
            str(body)
            for (body,) in self._conn.execute(
                "SELECT body FROM events WHERE op_seq = ? ORDER BY idx", (seq,)
            )
        ]

    def _operation_rows(
        self, statuses: Sequence[str], last: int | None, before: int | None = None
    ) -> list[Row]:
        marks = ", ".join("?" for _ in statuses)
        return self._conn.execute(
            "SELECT seq, kind, time, character, summary, status FROM operations "
            f"WHERE status IN ({marks}) AND seq < ? ORDER BY seq DESC LIMIT ?",
            (*statuses, _below(before), -1 if last is None else last),
        ).fetchall()

    def _operation_rows_after(self, after: int, limit: int) -> list[Row]:
        return self._conn.execute(
            "SELECT seq, kind, time, character, summary, status FROM operations "
            "WHERE seq > ? ORDER BY seq LIMIT ?",
            (after, limit),
        ).fetchall()

    def _event_bodies(
        self, statuses: Sequence[str], first: int, before: int | None = None
    ) -> Iterable[tuple[int, str]]:
        marks = ", ".join("?" for _ in statuses)
        return self._conn.execute(
            "SELECT e.op_seq, e.body FROM events e JOIN operations o ON o.seq = e.op_seq "
            f"WHERE o.status IN ({marks}) AND o.seq >= ? AND o.seq < ? "
            "ORDER BY e.op_seq, e.idx",
            (*statuses, first, _below(before)),
        )

    def _live_events(self, after: int, upto: int) -> Iterable[tuple[int, str]]:
        return self._conn.execute(
            "SELECT e.op_seq, e.body FROM operations o JOIN events e ON e.op_seq = o.seq "
            "WHERE o.status = ? AND o.seq > ? AND o.seq <= ? ORDER BY e.op_seq, e.idx",
            (LIVE, after, upto),
        )

    def _count_live(self, after: int, upto: int) -> int:
        (count,) = self._conn.execute(
            "SELECT count(*) FROM operations WHERE status = ? AND seq > ? AND seq <= ?",
            (LIVE, after, upto),
        ).fetchone()
        return int(count)

    def _status_counts(self) -> dict[str, int]:
        return {
            str(status): int(number)
            for status, number in self._conn.execute(
                "SELECT status, count(*) FROM operations GROUP BY status"
            )
        }

    def _live_event_count(self) -> int:
        (events,) = self._conn.execute(
            "SELECT count(*) FROM events e JOIN operations o ON o.seq = e.op_seq "
            "WHERE o.status = ?",
            (LIVE,),
        ).fetchone()
        return int(events)

    def _discard_redo(self) -> None:
        known = self._known()
        if known is not None and not known[2]:
            return  # no undone operation to discard (a write reads the head first)
        self._conn.execute("UPDATE operations SET status = ? WHERE status = ?", (DISCARDED, UNDONE))

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
        seq = super()._append(kind, time, character, summary, encoded, discard_redo=discard_redo)
        conn = self._conn
        if conn.in_transaction:
            # A new live operation above every other is the head, and an append leaves no
            # undone operation (it discards them, or an earlier append of its write did).
            self._seen = (conn.total_changes, seq, False)
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
        # seq None: the INTEGER PRIMARY KEY picks max(seq) + 1 (rows are never deleted).
        cursor = self._conn.execute(
            "INSERT INTO operations (seq, kind, time, character, summary, status) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (seq, kind, time, character, summary, status),
        )
        assert cursor.lastrowid is not None
        return int(cursor.lastrowid)

    def _insert_events(self, seq: int, encoded: Sequence[tuple[str, str]]) -> None:
        self._conn.executemany(
            "INSERT INTO events (op_seq, idx, type, body) VALUES (?, ?, ?, ?)",
            [(seq, i, event_type, body) for i, (event_type, body) in enumerate(encoded)],
        )

    def _set_status(self, seq: int, status: str) -> None:
        self._conn.execute("UPDATE operations SET status = ? WHERE seq = ?", (status, seq))

    def _snapshot_row(self, state_key: str, head: int) -> tuple[int, int, str] | None:
        row = self._conn.execute(
            "SELECT seq, ops, body FROM snapshots WHERE state_key = ? AND seq <= ? "
            "ORDER BY seq DESC LIMIT 1",
            (state_key, head),
        ).fetchone()
        return None if row is None else (int(row[0]), int(row[1]), str(row[2]))

    def _snapshot_base(self, state_key: str, head: int) -> int:
        (base,) = self._conn.execute(
            "SELECT coalesce(max(seq), 0) FROM snapshots WHERE state_key = ? AND seq <= ?",
            (state_key, head),
        ).fetchone()
        return int(base)

    def _put_snapshot(self, seq: int, state_key: str, ops: int, body: str) -> None:
        with self._beside_the_log():
            self._conn.execute(
                "INSERT OR REPLACE INTO snapshots (seq, state_key, ops, body) VALUES (?, ?, ?, ?)",
                (seq, state_key, ops, body),
            )
            self._conn.execute(
                "DELETE FROM snapshots WHERE seq NOT IN "
                "(SELECT DISTINCT seq FROM snapshots ORDER BY seq DESC LIMIT ?)",
                (SNAPSHOTS_KEPT,),
            )

    def _drop_snapshots(self, from_seq: int) -> None:
        self._conn.execute("DELETE FROM snapshots WHERE seq >= ?", (from_seq,))

    def answer_request(self, request_id: str, answer: str) -> None:
        # The answer only spares a retry a re-read (the record that counts was committed with
        # its write), so it does not wait for the disk: kept unless the machine itself fails.
        with self._lock:
            if self._in_group and not self._in_write:
                # Kept with the group's own commit. One statement, which SQLite applies whole
                # or not at all: it needs no savepoint of its own.
                with self._errors():
                    self._set_request_answer(request_id, answer)
                self._group_writes += 1
                return
            if self._in_group:
                super().answer_request(request_id, answer)
                return
            self._conn.execute("PRAGMA synchronous = NORMAL")
            try:
                super().answer_request(request_id, answer)
            finally:
                self._conn.execute("PRAGMA synchronous = FULL")

    # The requests table is made by the first write that carries a request id: a file
    # without it is the same schema version (an older ironsworn reads it and ignores it).
    def _request_row(self, request_id: str) -> tuple[int, str | None] | None:
        handle = self._file
        if handle is None or not handle.requests_known:
            known = self._conn.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'requests'"
            ).fetchone()
            if known is None:
                return None
            if handle is not None and not handle.requests_made:
                handle.requests_known = True  # committed before (not this transaction's)
        row = self._conn.execute(
            "SELECT head, answer FROM requests WHERE id = ?", (request_id,)
        ).fetchone()
        return None if row is None else (int(row[0]), None if row[1] is None else str(row[1]))

    def _requests_table(self) -> None:
        """Make the requests table, unless it is known to be there."""
        handle = self._file
        if handle is not None and handle.requests_known:
            return
        self._conn.execute(_REQUESTS_TABLE)
        if handle is not None:
            handle.requests_made = True

    def _record_request(self, request_id: str, head: int) -> None:
        with self._beside_the_log():
            self._requests_table()
            self._conn.execute(
                "INSERT OR IGNORE INTO requests (id, head) VALUES (?, ?)", (request_id, head)
            )

    def _set_request_answer(self, request_id: str, answer: str) -> None:
        with self._beside_the_log():
            self._requests_table()
            self._conn.execute("UPDATE requests SET answer = ? WHERE id = ?", (answer, request_id))


_REQUESTS_TABLE = (
    "CREATE TABLE IF NOT EXISTS requests "
    "(id TEXT PRIMARY KEY, head INTEGER NOT NULL, answer TEXT) WITHOUT ROWID"
)


def _check_writable(path: Path) -> None:
    """Refuse a campaign file (or folder) this process may not write, before SQLite opens it.

    SQLite would open a read-only file read-only without a word: reads would work but leave
    ``-wal`` and ``-shm`` files behind (a reader of a WAL file needs them and cannot clean them
    up), and every write would fail half-way. ``access`` opens no descriptor (no lock is
    dropped) and also sees a read-only file system, even for root.
    """
    if not os.access(path, os.W_OK):
        raise CampaignError(
            f"{path}: campaign file is read-only (accepted: a campaign file you may write; "
            "make it writable, or work on a copy)"
        )
    folder = path.absolute().parent
    if not os.access(folder, os.W_OK | os.X_OK):
        raise CampaignError(
            f"{path}: the folder {folder} is read-only, and a campaign keeps its write-ahead "
            "log beside the file (accepted: a campaign in a folder you may write)"
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


def _below(before: int | None) -> int:
    """The bound of ``seq < ?``: every seq when no ``before`` is given (SQLite's largest
    integer)."""
    return 2**63 - 1 if before is None else before


def _switch_to_wal(conn: sqlite3.Connection) -> str:
    """Put the file in WAL mode, waiting out another process's brief hold on it.

    Switching needs an exclusive lock, and SQLite asks for it without calling the busy
    handler while another connection holds the write lock: when two commands race to
    create one campaign and the second is checking the schema the first just wrote, the
    first's switch fails at once with "database is locked". So the wait the busy timeout
    gives every other statement is given here by hand.
    """
    deadline = time.monotonic() + BUSY_TIMEOUT_S
    pause = 0.001
    while True:
        try:
            (mode,) = conn.execute("PRAGMA journal_mode = WAL").fetchone()
            return str(mode)
        except sqlite3.OperationalError as exc:
            text = str(exc)
            if ("locked" not in text and "busy" not in text) or time.monotonic() >= deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.05)
