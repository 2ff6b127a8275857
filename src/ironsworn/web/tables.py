"""Open campaigns of the server: one :class:`Table` per campaign file per process.

A table owns the campaign's one store object and a worker that alone touches it: a lane
(:mod:`ironsworn.web.workers`) that runs the table's calls one at a time, on the server's few
worker threads for a campaign file, on a thread of its own for a database campaign. So the
operations of every page run one after another, in the order they arrived: two players acting
at once both apply, in order.

**Group commit.** Writes wait in the table's queue; each turn of the worker takes every write
queued so far and applies them in order inside one transaction, each in a savepoint of its own
(``Store.group`` and ``Store.step``), then commits once: one fsync (SQLite) or one commit
(PostgreSQL) for the group, however many pages acted meanwhile. A write that fails is rolled
back to its savepoint and refused alone; the others are kept. No write is answered before the
commit that makes it durable, and a failed commit refuses the whole group (nothing of it was
written). A quiet table commits each write alone, as it comes: nothing waits for company.

Live updates go through a **change marker**: a cheap value read from the store that changes
whenever the campaign's live operations change (a new operation, an undo, a redo). The server
checks it after each of its own writes and, while a page listens, every ``poll_interval``
seconds, so a change made by the command line or play mode in another process is seen too.
Each change the table sees bumps its ``version`` and is published to the listening pages with
the campaign's head sequence. The marker is a function of the store's public methods only
(``head``, or ``last_operation``), so it works on any store backend.

**What a change carries.** While pages listen, the table keeps the state as the page reads it
and, on each change, works out once (on the worker thread) what the pages need: the state as a
patch from the previous version and the timeline entries the change made or altered (see
:mod:`ironsworn.web.changes`); that text, serialised once, goes to every page. The last
:data:`HISTORY` changes are kept, so a page that reconnects names the last version it holds
(``Last-Event-ID``, or ``?since=``) and receives what it missed. Versions count per process:
each table has an ``epoch`` of its own, and a page holding another epoch's version (the server
restarted) or one older than the history reads the state again.

**On a database** (``serve`` given a database URL) the tables are campaigns in PostgreSQL, and
several server processes may serve the same ones. Every write there sends ``NOTIFY ironsworn``
with the campaign's name; each server LISTENs on one connection of its own and checks that
campaign's table at once, so a change made through another server reaches this one's pages
within milliseconds. Polling stays as a slower fallback (:data:`DATABASE_POLL_INTERVAL_S`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ironsworn.campaign.schema import LIVE
from ironsworn.errors import CampaignError, NotFound
from ironsworn.web.workers import Lane, Workers, workers

if TYPE_CHECKING:
    from ironsworn.campaign.store import CampaignStore
    from ironsworn.campaign.store.base import Written

T = TypeVar("T")
Store = Any  # CampaignStore[Any]: kept loose so another backend with the same methods fits

POLL_INTERVAL_S = 0.1
HISTORY = 512  # changes kept for pages that reconnect (a minute of a busy table and more)
DATABASE_POLL_INTERVAL_S = 1.0  # with LISTEN/NOTIFY, polling only covers a lost connection
GROUP_MOST = 64  # writes committed together at most (bounds the wait of the group's first)
KEEPALIVE_S = 15.0  # a page that heard nothing this long hears a comment (the stream lives)


def last_live_seq(store: CampaignStore[Any]) -> Hashable:
    """The default change marker: the seq of the last live operation.

    Enough to tell every change apart: a new operation has a new, higher seq; undo and redo
    move the last live operation; and the live operations are a function of it (an append
    discards every undone operation, so the same last seq always means the same live log).
    """
    head = getattr(store, "head", None)
    if head is not None:  # one indexed query, the operation itself not read
        return head() or None
    last = store.last_operation()
    return None if last is None else last.seq


@dataclass(slots=True)
class Change:
    """What a page hears: the table's version and the campaign's head sequence; ``since``, the
    version it follows; ``event``, the server-sent event every page receives (serialised once:
    the state as a patch and the timeline entries, when pages listen). Slotted: a table keeps
    :data:`HISTORY` of them, which the collector's full collections walk."""

    version: int
    head: int | None
    since: int = 0
    event: bytes = field(default=b"", compare=False, repr=False)
    # The event as one chunk of an HTTP/1.1 chunked body, made once for every page written to
    # directly (see ironsworn.web.stream), when the first is.
    chunk: bytes = field(default=b"", compare=False, repr=False)

    def framed(self) -> bytes:
        """:attr:`event` as a chunk of a chunked body (its size in hex, the bytes, CRLF)."""
        if not self.chunk:
            self.chunk = b"%x\r\n%b\r\n" % (len(self.event), self.event)
        return self.chunk

    def to_json(self) -> dict[str, Any]:
        return {"version": self.version, "head": self.head}

    def sse(self, epoch: str, data: str | dict[str, Any]) -> str:
        """The change as a server-sent event (its id last: a client reading the first lines
        finds the event's name and data where they always were)."""
        text = data if isinstance(data, str) else json.dumps(data)
        return f"event: change\ndata: {text}\nid: {epoch}.{self.version}\n\n"


# What the worker found for the event loop to publish: a change (None: no change, only the
# page state kept from now on) and the page state; None: nothing.
Published = tuple[Change | None, dict[str, Any] | None] | None


def _above(before: int | None, after: int | None, written: list[Any] | None) -> list[Any] | None:
    """Every operation above head ``before``, now that the head is ``after``, if ``written``
    (the operations a group appended, and all it did) are they: their seqs follow ``before``
    one by one up to ``after``, so no other operation is above ``before`` (none undone left
    over, none written by another process). None when that cannot be told."""
    if not written or after is None or written[-1].seq != after:
        return None
    first = (before or 0) + 1
    if any(o.seq != first + i for i, o in enumerate(written)):
        return None
    return written


def _live_total(store: Store, head: int | None) -> int | None:
    """How many live operations the campaign has at ``head``, as the store's kept state knows
    without a read (None: not known)."""
    counted = getattr(store, "live_total_at", None)
    return None if counted is None else counted(head or 0)


class Listener(Protocol):
    """A listening page as the table tells it: each change published, in order, and None for a
    keep-alive (an :class:`Inbox` the page's stream reads, or the page's connection itself:
    see ironsworn.web.stream)."""

    def put_nowait(self, item: Change | None) -> None: ...


class Inbox:
    """A listening page's changes still to send (None: a keep-alive), in order: the part of
    ``asyncio.Queue`` the event stream uses, at less cost per change (every change of a busy
    table goes to each of its pages). On the event loop only."""

    __slots__ = ("_items", "_waiter")

    def __init__(self) -> None:
        self._items: deque[Change | None] = deque()
        self._waiter: asyncio.Future[None] | None = None  # the page's stream, waiting

    def put_nowait(self, item: Change | None) -> None:
        self._items.append(item)
        waiter, self._waiter = self._waiter, None
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def get(self) -> Change | None:
        """The next item, once there is one."""
        while not self._items:
            waiter = self._waiter = asyncio.get_running_loop().create_future()
            try:
                await waiter
            finally:
                if self._waiter is waiter:  # cancelled: nothing to wake any more
                    self._waiter = None
        return self._items.popleft()

    def get_nowait(self) -> Change | None:
        if not self._items:
            raise asyncio.QueueEmpty
        return self._items.popleft()

    def take(self) -> list[Change | None]:
        """Every item waiting, at once (none: an empty list)."""
        items = list(self._items)
        self._items.clear()
        return items

    def empty(self) -> bool:
        return not self._items

    def qsize(self) -> int:
        return len(self._items)


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
    _seen: Hashable = None  # the marker as of the last change (the worker's)
    _executor: Lane = field(init=False)
    # Each listening page: its inbox, or its connection (see Listener).
    _listeners: set[Listener] = field(default_factory=set)
    cache: dict[str, Any] = field(default_factory=dict)  # views of the state at `version`
    epoch: str = field(default_factory=lambda: secrets.token_hex(4))
    page: dict[str, Any] | None = None  # the state as pages read it, at `version` (see check)
    _history: deque[Change] = field(default_factory=lambda: deque(maxlen=HISTORY))
    _following: bool = False  # pages listened: keep `page` and the history with each change
    # The worker's own: the version, head and page state it worked the last change out at
    # (the loop's copies above are published from them), and what the page state keeps
    # between changes (see campaign_state).
    _w_version: int = 0
    _w_head: int | None = None
    _w_page: dict[str, Any] | None = None
    # How many live operations the campaign had at _w_head (None: not known): a check tells
    # from it whether another process changed an operation at or below that head.
    _w_total: int | None = None
    _memo: dict[str, Any] = field(default_factory=dict)
    # The content library of the worker's current turn (see library).
    _library: Any = None
    # The threads the table's lane runs on (the server's, shared by its tables; None: a
    # thread of the table's own).
    workers: Workers | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        # The table's worker: its calls one at a time, in order (see ironsworn.web.workers).
        if self.workers is None:
            self._executor = Lane(workers(f"campaign-{self.name}", 1), owned=True)
        else:
            self._executor = Lane(self.workers)
        # Writes waiting for the worker's next group commit, in the order they came.
        self._queue: deque[tuple[Callable[[Store], Any], asyncio.Future[Any]]] = deque()
        self._queue_lock = threading.Lock()
        # A turn of the worker is on its way for the queued writes (one turn takes them all:
        # the writes queued after the first submit nothing of their own).
        self._turn_coming = False
        # A check waiting for the worker (see check), which a check asked meanwhile joins.
        self._check_coming: asyncio.Future[Published] | None = None
        # When the worker last read the change marker (time.monotonic()): a table that has
        # just looked needs no poll (each look sees another process's writes too).
        self.observed_at = 0.0
        # When the pages last heard anything (a change or a keep-alive), on the event loop.
        self.heard_at = time.monotonic()

    # --------------------------------------------------------------------------- the store

    async def call(self, work: Callable[[Store], T]) -> T:
        """Run ``work(store)`` on the table's worker thread (after the calls queued before it)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, self._run, work)

    def _run(self, work: Callable[[Store], T]) -> T:
        self._library = None  # a new turn of the worker (see library)
        return work(self._open())

    def library(self) -> Any:
        """On the worker: the content library of this turn, loaded on first use. A turn (a
        group of writes and the change they make, a check, a read) loads it once: each load
        looks at the packs folder, so loading it for every write and every page state cost a
        busy table a folder listing each time; a pack imported meanwhile is seen next turn."""
        if self._library is None:
            from ironsworn.content import load_library

            self._library = load_library()
        return self._library

    def _open(self) -> Store:
        """The campaign's store, opened on first use (on the worker)."""
        if self._store is None:
            if self.database is not None:
                from ironsworn.campaign.registry import named

                self._store = named(self.name, self.database).open(create=self.create)
            else:
                from ironsworn.campaign.store import CampaignStore

                assert self.path is not None
                self._store = CampaignStore.open(self.path, create=self.create, name=self.name)
        return self._store

    async def write(self, work: Callable[[Store], T]) -> T:
        """Run a writing call on the worker, committed with the others queued meanwhile (see
        :meth:`_commit_group`); answered once it is durable, after its change is published
        (its answer names the version)."""
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[T] = loop.create_future()
        with self._queue_lock:
            self._queue.append((work, answer))
            coming, self._turn_coming = self._turn_coming, True
        if not coming:
            self._executor.post(self._commit_group)
        # A page that closed its connection does not take its write back: the queued write
        # runs whether or not its answer is still awaited (a cancelled answer is skipped).
        # No shield, which cost every write a future and a turn of the event loop more.
        return await answer

    def _commit_group(self) -> None:
        """On the worker: apply the writes queued so far (up to :data:`GROUP_MOST`), in order,
        each in a savepoint of one transaction, and commit them together: one commit, one
        fsync, for the group. A write that fails is undone and refused alone; the others are
        answered only after the commit (a failed commit refuses them all: nothing of the group
        was written). The change they made is worked out inside the same transaction (it sees
        exactly what commits, and needs no read transaction of its own), and published on the
        event loop, once committed, before each page is answered."""
        with self._queue_lock:
            batch = [self._queue.popleft() for _ in range(min(GROUP_MOST, len(self._queue)))]
            more = self._turn_coming = bool(self._queue)
        if more:  # past GROUP_MOST: the next group's turn
            self._executor.post(self._commit_group)
        if not batch:
            return
        self._library = None  # a new turn of the worker (see library)
        outcomes: list[tuple[Any, BaseException | None]] = []
        published: Published = None
        observed = False
        kept = self._worker_view()
        try:
            store = self._open()
            if hasattr(store, "group"):
                with store.group():
                    store.watch_writes()  # what the group appends tells its change
                    for work, _answer in batch:
                        try:
                            outcomes.append((store.step(work), None))
                        except Exception as exc:  # refused alone: the others are kept
                            outcomes.append((None, exc))
                    try:
                        published, observed = self._observe(store, store.written()), True
                    except Exception:  # worked out after the commit instead (never refused)
                        self._restore_view(kept)
            else:  # a store without group commit: one transaction each
                for work, _answer in batch:
                    try:
                        outcomes.append((work(store), None))
                    except Exception as exc:
                        outcomes.append((None, exc))
        except BaseException as exc:  # the commit failed: no write of the group is kept
            outcomes = [(None, exc)] * len(batch)
            if observed:  # what was worked out describes writes that were rolled back
                self._restore_view(kept)
                published, observed = None, False
        if not observed and self._store is not None:
            with contextlib.suppress(Exception):  # the next check tells the pages instead
                published = self._observe(self._store)
        loop = batch[0][1].get_loop()
        loop.call_soon_threadsafe(self._answer_group, published, batch, outcomes)

    def _worker_view(self) -> tuple[Hashable, int, int | None, dict[str, Any] | None, int | None]:
        """What the worker's change tracking holds (to restore after a rolled-back group)."""
        return self._seen, self._w_version, self._w_head, self._w_page, self._w_total

    def _restore_view(
        self, view: tuple[Hashable, int, int | None, dict[str, Any] | None, int | None]
    ) -> None:
        self._seen, self._w_version, self._w_head, self._w_page, self._w_total = view

    def _answer_group(
        self,
        published: Published,
        batch: list[tuple[Callable[[Store], Any], asyncio.Future[Any]]],
        outcomes: list[tuple[Any, BaseException | None]],
    ) -> None:
        """On the event loop: publish the group's change, then answer each of its writes."""
        self._publish(published)
        for (_work, answer), (result, error) in zip(batch, outcomes, strict=True):
            if answer.done():
                continue
            if error is None:
                answer.set_result(result)
            else:
                answer.set_exception(error)

    async def _published(self, work: Callable[[Store], T], found: Callable[[T], Published]) -> T:
        """Run ``work`` on the worker and publish the change ``found`` in its answer, on the
        event loop as the call completes: in the worker's order, and even when the request
        that waits for it is cancelled (a page that closed its connection)."""
        return await asyncio.shield(self._publishing(work, found))

    def _publishing(
        self, work: Callable[[Store], T], found: Callable[[T], Published]
    ) -> asyncio.Future[T]:
        """:meth:`_published`'s call on the worker, as a future (on the event loop)."""
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._executor, self._run, work)

        def publish(done: asyncio.Future[T]) -> None:
            if not done.cancelled() and done.exception() is None:
                self._publish(found(done.result()))

        future.add_done_callback(publish)  # before the waiter's own: published first
        return future

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
        """Read the change marker; on a change bump the version and tell every listener (the
        change another process made, or this one's). A check asked while another waits for
        the worker joins it: that one reads the marker after both were asked (a burst of
        another server's notices costs one read, not one each)."""
        with self._queue_lock:
            future = self._check_coming
            if future is None:
                future = self._check_coming = self._publishing(self._checking, lambda f: f)
        published = await asyncio.shield(future)
        return published[0] if published else None

    def _checking(self, store: Store) -> Published:
        """A check, on the worker: from the moment it begins, a change needs a check of its
        own (this one may have read the marker before it)."""
        with self._queue_lock:
            self._check_coming = None
        return self._observe_at_once(store)

    def _observe_at_once(self, store: Store) -> Published:
        """:meth:`_observe` in one read transaction of the store (one moment, one round of
        the database for the marker, the state and the timeline), where the store has one."""
        reading = getattr(store, "reading", None)
        if reading is None:
            return self._observe(store)
        with reading():
            return self._observe(store)

    async def follow(self) -> None:
        """Keep the state as pages read it from now on (a page reads or listens): each change
        then carries its patch. The state kept is read in the same turn of the worker as the
        marker, so it is the one of the version the pages hold (a change found meanwhile is a
        change like any other)."""
        if self.page is not None and self._following:
            return
        self._following = True
        await self.check()

    def _observe(self, store: Store, written: Written | None = None) -> Published:
        """On the worker thread, which alone keeps what a change is worked out from (the
        marker seen, the version, the page state, the head): read the marker and, when it
        moved, the new page state, its patch from the last and the timeline entries it
        touched, serialised once (published on the event loop by :meth:`_published`).
        ``written``: what the group just committed wrote (``Store.written``): the timeline
        entries of a group that only appended are told from what it appended."""
        from ironsworn.web import changes

        self.observed_at = time.monotonic()
        known = self._w_version > 0
        follow = self._following or bool(self._listeners)
        marker, read = self._marker_and_above(store, written, follow and known)
        if known and marker == self._seen:
            if not follow or self._w_page is not None:
                return None
            # No change, but pages follow from now on: the state they hold, kept as the base.
            self._w_page = changes.page_state(
                store, self.name, None, self._memo, library=self.library()
            )
            self._w_total = _live_total(store, self._w_head)
            return None, self._w_page
        self._seen = marker
        version = self._w_version = self._w_version + 1
        head, after = self._w_head, marker if isinstance(marker, int) else None
        self._w_head = after
        change = Change(version, after, since=version - 1)
        data: dict[str, Any] = {"version": version, "head": after}
        if follow:
            # Read once for both, at once (a view: nothing of it is kept or changed).
            state = store.state(to_read=True)
            page, self._w_page = (
                self._w_page,
                changes.page_state(store, self.name, state, self._memo, library=self.library()),
            )
            total, self._w_total = self._w_total, _live_total(store, after)
            data["since"] = version - 1
            if page is not None and known:
                data["state"] = changes.diff(page, self._w_page)
                appended = None if written is None else written.appended
                lowest = None if written is None else written.lowest
                above = _above(head, after, appended)
                if above is None and read is not None and (after or 0) >= (head or 0):
                    # Every operation above the head the pages hold, if none at or below it
                    # changed: another process's undo then append (between two checks)
                    # leaves the head higher and an operation below it discarded; the live
                    # count tells (the page then reads its latest entries again).
                    live = sum(1 for o in read if o.status == LIVE)
                    counted = None if total is None else total + live
                    above = read if counted is not None and counted == self._w_total else None
                    told = above is not None
                else:
                    told = True
                data["timeline"] = (
                    changes.timeline_delta(store, head, after, state, above=above, lowest=lowest)
                    if told
                    else None
                )
        else:
            self._w_page = self._w_total = None  # no page follows: a page that comes reads
        # Serialised here, once for every page (the event loop only hands the bytes out).
        change.event = change.sse(self.epoch, json.dumps(data, ensure_ascii=False)).encode()
        return change, self._w_page if follow else None

    def _marker_and_above(
        self, store: Store, written: Written | None, told: bool
    ) -> tuple[Hashable, list[Any] | None]:
        """The change marker and, when the pages are ``told`` each change and no group's
        own writes tell it (a check: another process's write), every operation above the
        head they hold, read with the marker (one round trip of a database, not two); None
        in their place when not read (or more than a page holds)."""
        from ironsworn.web import changes

        reader = getattr(store, "head_and_operations_after", None)
        if written is not None or not told or reader is None or self.marker is not last_live_seq:
            return self.marker(store), None
        head, above = reader(self._w_head or 0, changes.TIMELINE_WINDOW)
        return head or None, above

    def _publish(self, published: Published) -> None:
        """On the event loop, in the worker's order: the table's version, head and page state
        as of the change, kept for pages that reconnect and told to every listener."""
        if published is None:
            return
        change, page = published
        self.page = page
        if change is None:
            return
        self.version, self.head = change.version, change.head
        self.cache.clear()
        if page is None:
            self._history.clear()  # no page followed this change: a page that comes reads
        else:
            self._history.append(change)
        self.heard_at = time.monotonic()
        for queue in list(self._listeners):
            queue.put_nowait(change)

    def keep_alive(self, now: float) -> None:
        """Tell every page a change-less table is still there, when the pages heard nothing
        for :data:`KEEPALIVE_S` (one check for the table, on the event loop: no page keeps a
        timer of its own)."""
        if now - self.heard_at < KEEPALIVE_S:
            return
        self.heard_at = now
        for queue in list(self._listeners):
            queue.put_nowait(None)

    def missed(self, last: str | None) -> list[Change] | None:
        """The changes after ``last`` (``EPOCH.VERSION``, a page's Last-Event-ID); None when
        the table cannot tell them (another epoch, older than the history, or unreadable):
        the page then reads the state again."""
        if not last:
            return None
        epoch, _, number = last.partition(".")
        if epoch != self.epoch or not number.isdigit():
            return None
        version = int(number)
        if version == self.version:
            return []
        if version > self.version or not self._history or self._history[0].since > version:
            return None
        return [c for c in self._history if c.version > version]

    def listen(self) -> Inbox:
        """A page's inbox: each change published from now on, and None for a keep-alive."""
        queue = Inbox()
        self._listeners.add(queue)
        return queue

    def attach(self, listener: Listener) -> None:
        """Tell ``listener`` each change published from now on (and None for a keep-alive)."""
        self._listeners.add(listener)

    def unlisten(self, queue: Listener) -> None:
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
        # The worker threads the open campaign files share (see ironsworn.web.workers),
        # made with the first.
        self._workers: Workers | None = None

    def add_path(self, name: str, path: Path) -> None:
        """Serve the campaign file ``path`` under ``name`` (``serve`` given a campaign PATH)."""
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

    async def check(self, name: str) -> None:
        """UnknownCampaign when campaign ``name`` does not exist (an open one does); a database's
        answer is waited for off the event loop."""
        if name in self._tables:
            return
        if self.database is not None and name not in self._paths:
            await asyncio.to_thread(self._check, name)
        else:
            self._check(name)  # (one stat of its file; the folder listed when it is missing)

    def _check(self, name: str) -> None:
        if not self._exists(name):
            raise self._unknown(name)

    def _exists(self, name: str) -> bool:
        if self.database is not None and name not in self._paths:
            from ironsworn.campaign import registry

            return registry.named(name, self.database).exists()
        return self.path_of(name).exists()

    def _unknown(self, name: str) -> UnknownCampaign:
        """The refusal of campaign ``name``, naming the closest campaigns (else every one)."""
        import difflib

        known = self.names()
        close = difflib.get_close_matches(name, known, n=3, cutoff=0.4)
        return UnknownCampaign(f"campaign {name!r} does not exist", tuple(close or known))

    def get(self, name: str, *, create: bool = False) -> Table:
        """The open table of campaign ``name``; NotFound when there is no such campaign."""
        with self._lock:
            table = self._tables.get(name)
            if table is not None:
                return table
            path: Path | None = None  # (a database's campaign has none)
            if self.database is None or name in self._paths:
                path = self.path_of(name)
            if not create and not self._exists(name):
                raise self._unknown(name)
            # A campaign file's work is Python with short waits for SQLite: its table runs on
            # the server's shared workers. A database campaign's work waits on round trips to
            # the database: a thread of its own lets those waits overlap.
            shared = None
            if path is not None:
                if self._workers is None:
                    self._workers = workers()
                shared = self._workers
            table = Table(
                name,
                path,
                create=create,
                database=None if path else self.database,
                workers=shared,
            )
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

        from ironsworn.campaign.store.postgres import CHANNEL, database

        assert self.database is not None
        own = database(self.database).backend_pids  # the sessions this process writes with
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(self.database, autocommit=True)
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    async for notice in conn.notifies():
                        if notice.pid in own:
                            continue  # this process's own write: its table published it
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
                table.keep_alive(time.monotonic())
                # A table busy with this process's writes looked at the marker just now.
                recent = time.monotonic() - table.observed_at < self.poll_interval
                if table.listeners and not recent:
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
            pool, self._workers = self._workers, None
        if pool is not None:
            pool.shutdown(wait=True)
