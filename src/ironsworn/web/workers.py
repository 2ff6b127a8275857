"""The server's campaign workers: a few threads shared by every open campaign, each campaign's
calls one at a time in the order they came (its :class:`Lane`).

A campaign's store belongs to one caller at a time, and its calls must keep their order (two
players acting at once both apply, in order), so each open campaign had a thread of its own.
But Python runs one thread at a time (the GIL), and a store's work is mostly Python, with
short waits for SQLite or the database in between: with ten busy campaigns, ten threads and
the event loop took turns at every such wait, and the switching cost the server more CPU per
move than the move itself (``benchmarks/web.py``, spread). A lane keeps the order and the
one-at-a-time of a thread of its own, while the campaigns share :data:`WORKERS` threads: few
threads take turns, and a campaign that is slow (a long export, a disk that waits) holds up
one of them, not the others.

Campaign files share them; a campaign in a database (PostgreSQL) keeps a thread of its own,
as its work mostly waits on round trips to the database, which overlap across threads.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any, ParamSpec, TypeVar

WORKERS = 2  # threads shared by the campaigns of one server

P = ParamSpec("P")
T = TypeVar("T")


def workers(name: str = "campaigns", count: int = WORKERS) -> ThreadPoolExecutor:
    """The threads lanes share (one set per server)."""
    return ThreadPoolExecutor(count, thread_name_prefix=name)


class Lane(Executor):
    """One campaign's calls, run one at a time in the order they were submitted, on the
    shared ``pool``: an executor that behaves as a thread of its own. After each call the lane
    goes to the back of the pool's queue, so a busy campaign lets the others have their turn.
    ``owned``: the lane shuts the pool down with itself (a campaign served alone)."""

    def __init__(self, pool: Executor, *, owned: bool = False) -> None:
        self._pool = pool
        self._owned = owned
        self._calls: deque[tuple[Future[Any], Callable[..., Any], tuple[Any, ...], Any]] = deque()
        self._lock = threading.Lock()
        self._busy = False  # a turn is queued on the pool or running
        self._closed = False
        self._idle = threading.Event()
        self._idle.set()

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        future: Future[T] = Future()
        with self._lock:
            if self._closed:
                raise RuntimeError("cannot schedule new futures after shutdown")
            self._calls.append((future, fn, args, kwargs))
            if self._busy:
                return future  # the turn under way takes it next
            self._busy = True
            self._idle.clear()
        self._pool.submit(self._turn)
        return future

    def _turn(self) -> None:
        """Run the lane's next call, then queue the lane again if more are waiting."""
        with self._lock:
            future, fn, args, kwargs = self._calls.popleft()
        if future.set_running_or_notify_cancel():
            try:
                result = fn(*args, **kwargs)
            except BaseException as exc:
                future.set_exception(exc)
            else:
                future.set_result(result)
        with self._lock:
            if not self._calls:
                self._busy = False
                self._idle.set()
                return
        self._pool.submit(self._turn)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Take no more calls; ``wait``: until those submitted have run."""
        with self._lock:
            self._closed = True
            if cancel_futures:
                for future, *_rest in self._calls:
                    future.cancel()
        if wait:
            self._idle.wait()
        if self._owned:
            self._pool.shutdown(wait=wait)
