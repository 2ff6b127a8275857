"""Open campaigns of the server: one :class:`Table` per campaign file per process.

A table owns the campaign's one store object and a worker thread that alone touches it (an
SQLite connection belongs to the thread that opened it), so the operations of every page run
one after another, in the order they arrived: two players acting at once both apply, in order.

Live updates go through a **change marker**: a cheap value read from the store that changes
whenever the campaign's live operations change (a new operation, an undo, a redo). The server
checks it after each of its own writes and, while a page listens, every ``poll_interval``
seconds, so a change made by the command line or play mode in another process is seen too.
Each change the table sees bumps its ``version`` and is published to the listening pages with
the campaign's head sequence. The marker is a function of the store's public methods only
(``last_operation``), so it works on any store backend.

**On a database** (``serve --database URL``) the tables are campaigns in PostgreSQL, and
several server processes may serve the same ones. Every write there sends ``NOTIFY ironsworn``
with the campaign's name; each server LISTENs on one connection of its own and checks that
campaign's table at once, so a change made through another server reaches this one's pages
within milliseconds. Polling stays as a slower fallback (:data:`DATABASE_POLL_INTERVAL_S`).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ironsworn.errors import CampaignError, NotFound

if TYPE_CHECKING:
    from ironsworn.campaign.store import CampaignStore

T = TypeVar("T")
Store = Any  # CampaignStore[Any]: kept loose so another backend with the same methods fits

POLL_INTERVAL_S = 0.1
DATABASE_POLL_INTERVAL_S = 1.0  # with LISTEN/NOTIFY, polling only covers a lost connection


def last_live_seq(store: CampaignStore[Any]) -> Hashable:
    """The default change marker: the seq of the last live operation.

    Enough to tell every change apart: a new operation has a new, higher seq; undo and redo
    move the last live operation; and the live operations are a function of it (an append
    discards every undone operation, so the same last seq always means the same live log).
    """
    last = store.last_operation()
    return None if last is None else last.seq


@dataclass
class Change:
    """What a page hears: the table's version and the campaign's head sequence."""

    version: int
    head: int | None

    def to_json(self) -> dict[str, Any]:
        return {"version": self.version, "head": self.head}


class UnknownCampaign(NotFound):
    """A request named a campaign this server does not have (404)."""


@dataclass
class Table:
    """One campaign served by this process."""

    name: str
    path: Path | None  # the campaign file (None: the campaign is in ``database``)
    create: bool = False
    database: str | None = None
    marker: Callable[[Store], Hashable] = last_live_seq
    version: int = 0
    head: int | None = None
    _store: Store | None = None
    _seen: Hashable = None
    _executor: ThreadPoolExecutor = field(init=False)
    _listeners: set[asyncio.Queue[Change]] = field(default_factory=set)
    _check_lock: asyncio.Lock | None = None
    cache: dict[str, Any] = field(default_factory=dict)  # views of the state at `version`

    def __post_init__(self) -> None:
        self._executor = ThreadPoolExecutor(1, thread_name_prefix=f"campaign-{self.name}")

    # --------------------------------------------------------------------------- the store

    async def call(self, work: Callable[[Store], T]) -> T:
        """Run ``work(store)`` on the table's worker thread (after the calls queued before it)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, self._run, work)

    def _run(self, work: Callable[[Store], T]) -> T:
        if self._store is None:
            if self.database is not None:
                from ironsworn.campaign.registry import named

                self._store = named(self.name, self.database).open(create=self.create)
            else:
                from ironsworn.campaign.store import CampaignStore

                assert self.path is not None
                self._store = CampaignStore.open(self.path, create=self.create, name=self.name)
        return work(self._store)

    async def write(self, work: Callable[[Store], T]) -> T:
        """Run a writing call, then publish the change it made (before answering the page)."""
        try:
            return await self.call(work)
        finally:
            await self.check()

    def close(self) -> None:
        """Close the store on its own thread and stop the thread."""

        def shut(store: Store) -> None:
            store.close()

        if self._store is not None:
            self._executor.submit(self._run, shut).result()
            self._store = None
        self._executor.shutdown(wait=True)

    # ------------------------------------------------------------------------ live changes

    async def check(self) -> Change | None:
        """Read the change marker; on a change bump the version and tell every listener."""
        if self._check_lock is None:
            self._check_lock = asyncio.Lock()
        async with self._check_lock:
            marker = await self.call(self.marker)
            if self.version and marker == self._seen:
                return None
            self._seen = marker
            self.version += 1
            self.head = marker if isinstance(marker, int) else None
            self.cache.clear()
            change = Change(self.version, self.head)
            for queue in list(self._listeners):
                queue.put_nowait(change)
            return change

    def listen(self) -> asyncio.Queue[Change]:
        queue: asyncio.Queue[Change] = asyncio.Queue()
        self._listeners.add(queue)
        return queue

    def unlisten(self, queue: asyncio.Queue[Change]) -> None:
        self._listeners.discard(queue)

    @property
    def listeners(self) -> int:
        return len(self._listeners)


class Tables:
    """The campaigns this server has open, by name (a request never names a path)."""

    def __init__(self, *, poll_interval: float | None = None, database: str | None = None) -> None:
        self._tables: dict[str, Table] = {}
        self._paths: dict[str, Path] = {}  # campaigns served from outside the registry
        self._lock = threading.Lock()
        self.database = database  # a PostgreSQL URL: the registry is that database
        if poll_interval is None:
            poll_interval = POLL_INTERVAL_S if database is None else DATABASE_POLL_INTERVAL_S
        self.poll_interval = poll_interval
        self._poller: asyncio.Task[None] | None = None
        self._listener: asyncio.Task[None] | None = None

    def add_path(self, name: str, path: Path) -> None:
        """Serve the campaign file ``path`` under ``name`` (``serve --campaign PATH``)."""
        self._paths[name] = path

    def names(self) -> list[str]:
        """Campaigns that can be opened: the registry's and any served from a path."""
        from ironsworn.campaign import registry

        return sorted(set(registry.names(self.database)) | set(self._paths))

    def path_of(self, name: str) -> Path:
        from ironsworn.campaign import registry

        if name in self._paths:
            return self._paths[name]
        return registry.campaign_path(name)

    def get(self, name: str, *, create: bool = False) -> Table:
        """The open table of campaign ``name``; NotFound when there is no such campaign."""
        with self._lock:
            table = self._tables.get(name)
            if table is not None:
                return table
            if self.database is not None and name not in self._paths:
                from ironsworn.campaign import registry

                path: Path | None = None
                exists = registry.named(name, self.database).exists()
            else:
                path = self.path_of(name)
                exists = path.exists()
            if not create and not exists:
                import difflib

                known = self.names()
                close = difflib.get_close_matches(name, known, n=3, cutoff=0.4)
                raise UnknownCampaign(f"campaign {name!r} does not exist", tuple(close or known))
            table = Table(name, path, create=create, database=None if path else self.database)
            self._tables[name] = table
            return table

    def forget(self, name: str) -> None:
        """Close and drop a table (after its file failed to open, say)."""
        with self._lock:
            table = self._tables.pop(name, None)
        if table is not None:
            table.close()

    def open_tables(self) -> list[Table]:
        with self._lock:
            return list(self._tables.values())

    # ------------------------------------------------------------------------------ polling

    def start(self) -> None:
        """Start watching the open campaigns for changes made by other processes."""
        if self._poller is None:
            self._poller = asyncio.get_running_loop().create_task(self._poll())
        if self.database is not None and self._listener is None:
            self._listener = asyncio.get_running_loop().create_task(self._listen())

    async def _listen(self) -> None:
        """Check a campaign's table as soon as any process announces a change to it."""
        import psycopg

        from ironsworn.campaign.store.postgres import CHANNEL

        assert self.database is not None
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(self.database, autocommit=True)
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    async for notice in conn.notifies():
                        with self._lock:
                            table = self._tables.get(notice.payload)
                        if table is not None and table.listeners:
                            with contextlib.suppress(CampaignError, OSError):
                                await table.check()
            except psycopg.Error:
                # The database went away: polling covers the gap; listen again shortly.
                await asyncio.sleep(self.poll_interval)

    async def _poll(self) -> None:
        while True:
            await asyncio.sleep(self.poll_interval)
            for table in self.open_tables():
                if table.listeners:
                    try:
                        await table.check()
                    except (CampaignError, OSError):
                        # A file that went away or broke: the pages keep what they have and
                        # the next request reports the problem in one line.
                        continue

    async def stop(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener
            self._listener = None
        if self._poller is not None:
            self._poller.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._poller
            self._poller = None
        for table in self.open_tables():
            table.close()
        with self._lock:
            self._tables.clear()
