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

The pool is :class:`Workers`, not the standard ``ThreadPoolExecutor``: a move's write needs
no future of its own (its answer comes back through the table's group commit), and the
standard pool made two for each turn of a lane (each with a lock and a condition), with a
semaphore and a lock besides, every move. Here a lane's turn is one callable handed to one
sleeping thread (woken alone: a queue every idle thread waits on woke two for each call), or
queued for the first thread done; a future is made only for a call whose caller waits for it
(:meth:`Lane.submit`; :meth:`Lane.post` makes none).
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, ParamSpec, TypeVar

WORKERS = 2  # threads shared by the campaigns of one server

P = ParamSpec("P")
T = TypeVar("T")

# Its own logger: a call that fails is a fault to see whole (the web logger keeps one line
# of each message, against floods of per-connection warnings).
_log = logging.getLogger("ironsworn.web.workers")


class _Hand:
    """A pool thread's own wake-up: the call handed to it, and the lock it sleeps on (held
    while it sleeps: released to wake exactly this thread)."""

    __slots__ = ("call", "wake")

    def __init__(self) -> None:
        self.call: Callable[[], Any] | None = None
        self.wake = threading.Lock()
        self.wake.acquire()


def _stop() -> None:
    """Handed to an idle thread at shutdown: it ends."""


class Workers(Executor):
    """``count`` threads running calls, started as the calls come (named ``NAME_0``,
    ``NAME_1``...); a call that comes while all ``count`` run waits in the pool's queue, and
    the first thread done takes it. :meth:`post` queues a call without a future.

    A call is handed to one sleeping thread, which alone wakes: a queue every idle thread
    waits on (``queue.SimpleQueue``) woke the first, which, taking the call, let the queue's
    lock go and woke the second for nothing, to sleep again (three futex calls and a context
    switch more for every call, with two threads idle)."""

    def __init__(self, name: str, count: int) -> None:
        self._name = name
        self._count = count
        self._calls: deque[Callable[[], Any]] = deque()
        self._idle: list[_Hand] = []  # threads asleep, the last to sleep last
        self._threads: list[threading.Thread] = []
        self._running = 0  # threads with a call
        self._lock = threading.Lock()
        self._closed = False

    def post(self, call: Callable[[], Any]) -> None:
        """Run ``call()`` on one of the threads; what it raises is logged (its caller does not
        wait for it)."""
        with self._lock:
            if self._closed:
                raise RuntimeError("cannot schedule new futures after shutdown")
            if self._running >= self._count:
                self._calls.append(call)
                return
            thread = self._hand_over(call)
        if thread is not None and not self._started(thread, call):
            raise RuntimeError("no thread could be started for the call")

    def _started(self, thread: threading.Thread, call: Callable[[], Any]) -> bool:
        """Start a thread :meth:`_hand_over` made. If the system refuses one, its call goes
        back to the front of the queue when another thread will take it, else False."""
        try:
            thread.start()
        except RuntimeError:
            with self._lock:
                self._running -= 1
                self._threads.remove(thread)
                if not self._running:
                    return False
                self._calls.appendleft(call)
        return True

    def _hand_over(self, call: Callable[[], Any]) -> threading.Thread | None:
        """Under the lock, with a place free: ``call`` to an idle thread (woken), or to a new
        one, returned to be started once the lock is let go."""
        self._running += 1
        if self._idle:
            hand = self._idle.pop()
            hand.call = call
            hand.wake.release()
            return None
        hand = _Hand()
        hand.call = call
        thread = threading.Thread(
            target=self._work, args=(hand,), name=f"{self._name}_{len(self._threads)}", daemon=True
        )
        self._threads.append(thread)
        return thread

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        future: Future[T] = Future()

        def call() -> None:
            _run_into(future, fn, args, kwargs)

        self.post(call)
        return future

    def _work(self, hand: _Hand) -> None:
        call = hand.call
        while call is not None and call is not _stop:
            hand.call = None
            try:
                call()
            except BaseException:  # a call without a future: nobody else would hear of it
                _log.exception("a worker's call failed")
            with self._lock:
                if self._calls:
                    call = self._calls.popleft()  # the place kept for the next queued call
                    continue
                self._running -= 1
                if self._closed:
                    return
                self._idle.append(hand)
            hand.wake.acquire()  # until a call is handed over
            call = hand.call

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop the threads once the calls queued so far have run (``wait``: until then)."""
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
            threads = list(self._threads)
            for hand in idle:
                hand.call = _stop
        for hand in idle:
            hand.wake.release()
        if wait:
            for thread in threads:
                if thread is not threading.current_thread():
                    thread.join()


def workers(name: str = "campaigns", count: int = WORKERS) -> Workers:
    """The threads lanes share (one set per server)."""
    return Workers(name, count)


def _run_into(
    future: Future[Any], fn: Callable[..., Any], args: tuple[Any, ...], kwargs: Any
) -> None:
    """Run ``fn`` with its future: its result, or what it raised, goes to the future."""
    if future.set_running_or_notify_cancel():
        try:
            result = fn(*args, **kwargs)
        except BaseException as exc:
            future.set_exception(exc)
        else:
            future.set_result(result)


def _nothing() -> None:
    """A lane's last call (see :meth:`Lane.shutdown`)."""


class Lane(Executor):
    """One campaign's calls, run one at a time in the order they were submitted, on the
    shared ``pool``: an executor that behaves as a thread of its own. After each call the lane
    goes to the back of the pool's queue, so a busy campaign lets the others have their turn.
    ``owned``: the lane shuts the pool down with itself (a campaign served alone)."""

    def __init__(self, pool: Workers, *, owned: bool = False) -> None:
        self._pool = pool
        self._owned = owned
        # Each call: its future (None: posted, nobody waits), the callable and its arguments.
        self._calls: deque[tuple[Future[Any] | None, Callable[..., Any], tuple[Any, ...], Any]]
        self._calls = deque()
        self._lock = threading.Lock()
        self._busy = False  # a turn is queued on the pool or running
        self._closed: Future[None] | None = None  # shut down: done when its last call has run

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        future: Future[T] = Future()
        self._queue(future, fn, args, kwargs)
        return future

    def post(self, fn: Callable[..., Any], /, *args: Any) -> None:
        """Queue ``fn(*args)`` after the lane's other calls, without a future: for a call that
        answers its callers itself (a group commit); what it raises is logged."""
        self._queue(None, fn, args, {})

    def _queue(
        self, future: Future[Any] | None, fn: Callable[..., Any], args: tuple[Any, ...], kwargs: Any
    ) -> None:
        with self._lock:
            if self._closed is not None:
                raise RuntimeError("cannot schedule new futures after shutdown")
            self._calls.append((future, fn, args, kwargs))
            if self._busy:
                return  # the turn under way takes it next
            self._busy = True
        self._pool.post(self._turn)

    def _turn(self) -> None:
        """Run the lane's next call, then queue the lane again if more are waiting."""
        with self._lock:
            future, fn, args, kwargs = self._calls.popleft()
        try:
            if future is not None:
                _run_into(future, fn, args, kwargs)
            else:
                try:
                    fn(*args, **kwargs)
                except Exception:
                    _log.exception("a campaign's call failed")
        finally:
            with self._lock:
                more = self._busy = bool(self._calls)
            if more:
                self._pool.post(self._turn)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Take no more calls; ``wait``: until those submitted have run."""
        start = False
        with self._lock:
            if cancel_futures:
                for future, *_rest in self._calls:
                    if future is not None:
                        future.cancel()
            done = self._closed
            if done is None:
                # The lane's last call: when it has run, so has every call submitted before.
                done = self._closed = Future()
                self._calls.append((done, _nothing, (), {}))
                start, self._busy = not self._busy, True
        if start:
            self._pool.post(self._turn)
        if wait:
            done.result()
        if self._owned:
            self._pool.shutdown(wait=wait)
