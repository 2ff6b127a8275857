"""Slow and greedy clients: the server's connection guard and its uvicorn settings.

A client that opens a connection and trickles its request headers a byte at a time (slowloris)
costs the server a file descriptor and nothing else; a thousand of them used to exhaust the
process's descriptors, so a normal player waited 30 s and the log filled with tracebacks of
``accept()`` failing. The guard bounds them:

- **A header deadline.** A request's headers must be complete :data:`HEADER_TIMEOUT_S` seconds
  after its first byte (or after the connection opened); the connection is closed otherwise,
  quietly.
- **Idle keep-alive connections** stay open :data:`KEEP_ALIVE_S` seconds, longer than clients
  keep theirs (httpx 5 s, browsers retry): the client closes an idle connection first. A
  server that closes first races a client reusing the connection at that moment, whose request
  then meets a closed socket (a ``ReadError`` in httpx; seen under load when both sides used
  5 s and the client's loop ran late).
- **A connection limit** under the descriptor limit (:func:`connection_limit`, which first
  raises the soft limit to the hard one). Past it, the connection that has waited longest for
  its headers, or idled longest between requests, is closed to make room, so a new player
  always gets in while the attackers evict each other (idling costs an attacker its place as
  trickling headers does); when no connection is waiting the new one is refused.
- **A header size limit.** A request's line and headers may take :data:`HEADER_LIMIT` bytes
  at most; past that the connection is answered 400 and closed (a client cannot make the
  server buffer an endless header within its deadline).
- **A quiet log.** The event loop's "out of system resource" and uvicorn's per-request
  warnings repeat once per connection in an attack: each distinct message is logged at most
  :data:`LOG_BURST` times a minute, then once more with the count of those left out.

The requests are parsed by uvicorn's httptools protocol (llhttp, in C): a busy table spent a
fifth of its server's time in the pure-Python h11 parser it used before (benchmarks/web.py).

:func:`server_config` is the uvicorn configuration ``ironsworn serve`` and the tests use.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from uvicorn.config import Config
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

# The scope key of an event stream's connection (ironsworn.web.stream reads it; named here,
# where it is set, so the guard imports nothing of the table).
CONNECTION = "ironsworn.connection"

HEADER_TIMEOUT_S = 10.0
# A request's line and headers at most (h11's limit, which uvicorn used before: 16 KiB).
HEADER_LIMIT = 16 * 1024
KEEP_ALIVE_S = 65  # idle keep-alive: longer than clients' own (see the module docstring)
RESERVED_FILES = 256  # descriptors kept for campaign files, database connections and logs
MAX_CONNECTIONS = 16_384
LOG_BURST = 5
LOG_WINDOW_S = 60.0


def connection_limit() -> int:
    """How many connections the server keeps open at most: under the descriptor limit, which
    is first raised to its hard maximum (a soft limit of 1,024 is common)."""
    try:
        import resource
    except ImportError:  # not on POSIX: no descriptor limit to read
        return 1024
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        wanted = MAX_CONNECTIONS + RESERVED_FILES
        target = wanted if hard == resource.RLIM_INFINITY else min(hard, wanted)
        if target > soft:
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
                soft = target
            except (ValueError, OSError):
                pass  # keep the soft limit we have
    return max(16, min(MAX_CONNECTIONS, soft - RESERVED_FILES))


@dataclass
class Guard:
    """What the guarded connections of one server share."""

    header_timeout: float = HEADER_TIMEOUT_S
    max_connections: int = 1024
    # Connections waiting for request headers (or idle between requests), longest first.
    waiting: OrderedDict[GuardedProtocol, None] = field(default_factory=OrderedDict)
    open: set[GuardedProtocol] = field(default_factory=set)
    timed_out: int = 0  # connections closed for slow headers
    evicted: int = 0  # waiting connections closed to make room for a new one
    refused: int = 0  # new connections closed because every open one was busy

    def admit(self, protocol: GuardedProtocol) -> bool:
        """Count a new connection; make room for it, or refuse it (False)."""
        # Room is made before the new one is counted, so the open set never holds more than
        # the limit, even for a moment (it is read from other threads: tests, a status view).
        if len(self.open) >= self.max_connections:
            if not self.waiting:
                self.refused += 1
                return False
            oldest = next(iter(self.waiting))
            self.evicted += 1
            oldest.drop()
        self.open.add(protocol)
        return True


class GuardedProtocol(HttpToolsProtocol):
    """uvicorn's HTTP/1.1 protocol with a header deadline, a header size limit and the
    server's connection limit."""

    guard: Guard  # set on the subclass :func:`guarded_protocol` makes for one server
    _deadline: asyncio.TimerHandle | None = None
    # The request line and headers of a request are still to come (from the first byte of a
    # connection or of a request on a kept-alive one), and how many bytes of them came so far.
    _in_headers = True
    _header_bytes = 0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if not self.guard.admit(self):
            self.drop()
            return
        self._await_headers()

    def data_received(self, data: bytes) -> None:
        waiting = self._in_headers
        super().data_received(data)
        if self._in_headers and not self.transport.is_closing():
            # A request begun in this data whose head is still to come: its deadline runs
            # from now (armed here, not as it begins: most requests come whole, and their
            # deadline would be set and cancelled at once).
            self._await_headers()
            if waiting:
                # Still no whole request head: count what came towards the limit.
                self._header_bytes += len(data)
                if self._header_bytes > HEADER_LIMIT:
                    self._headers_done()
                    self.send_400_response("Invalid HTTP request received.")

    def on_message_begin(self) -> None:
        super().on_message_begin()
        # The first byte of a request (on a kept-alive one): its deadline is armed when the
        # data it came in is parsed and its head is not whole (see data_received).
        self._in_headers, self._header_bytes = True, 0

    def on_headers_complete(self) -> None:
        self._in_headers = False
        self._headers_done()
        super().on_headers_complete()
        cycle = self.cycle
        if cycle is not None and cycle.scope is self.scope and self.url.startswith(b"/api/c/"):
            path = self.scope.get("path", "")
            if path.endswith("/events"):
                # An event stream: the table writes its changes to the connection itself
                # (see ironsworn.web.stream, which takes it out of the scope at once).
                self.scope[CONNECTION] = cycle  # type: ignore[literal-required]

    def on_response_complete(self) -> None:
        super().on_response_complete()
        busy = self.cycle is not None and not self.cycle.response_complete  # a pipelined one
        if busy or self._in_headers or self.transport.is_closing() or self._deadline is not None:
            return
        # Idle until the next request: the first to go when room is needed.
        self._in_headers, self._header_bytes = True, 0
        self.guard.waiting[self] = None

    def connection_lost(self, exc: Exception | None) -> None:
        self._headers_done()
        self.guard.open.discard(self)
        super().connection_lost(exc)

    def _await_headers(self) -> None:
        if self._deadline is None:
            self._deadline = self.loop.call_later(self.guard.header_timeout, self._too_slow)
            self.guard.waiting[self] = None
            self.guard.waiting.move_to_end(self)  # waiting from now (it may have idled)

    def _headers_done(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self.guard.waiting.pop(self, None)

    def _too_slow(self) -> None:
        self._deadline = None
        if self._in_headers:
            self.guard.timed_out += 1
            self.drop()
        else:
            self.guard.waiting.pop(self, None)

    def drop(self) -> None:
        """Close the connection now, without an answer (it has not asked anything yet)."""
        self._headers_done()
        self.guard.open.discard(self)
        if not self.transport.is_closing():
            self.transport.close()


def guarded_protocol(guard: Guard) -> type[GuardedProtocol]:
    """The protocol class of one server (uvicorn takes a class, not an instance)."""
    return type("ServerProtocol", (GuardedProtocol,), {"guard": guard})


# ------------------------------------------------------------------------------- the log


class RepeatFilter(logging.Filter):
    """Lets each distinct message through :data:`LOG_BURST` times a minute, then one line
    saying how many were left out."""

    def __init__(self) -> None:
        super().__init__()
        self._seen: dict[str, tuple[float, int]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        key = f"{record.name}:{record.msg}"
        now = time.monotonic()
        start, count = self._seen.get(key, (now, 0))
        if now - start > LOG_WINDOW_S:
            left_out = count - LOG_BURST
            start, count = now, 0
            if left_out > 0:
                record.msg = f"{record.msg} (and {left_out} more like it in the last minute)"
        if len(self._seen) > 1000:
            self._seen.clear()  # many distinct messages: forget, rather than grow
        self._seen[key] = (start, count + 1)
        if count < LOG_BURST:
            # One line: a traceback per connection is what filled the log in an attack.
            record.exc_info = None
            record.exc_text = None
            return True
        return False


_FILTER = RepeatFilter()


def quiet_loop(loop: asyncio.AbstractEventLoop) -> None:
    """The event loop's own errors (``accept()`` out of descriptors) go through the filter."""
    logger = logging.getLogger("ironsworn.web")
    if _FILTER not in logger.filters:
        logger.addFilter(_FILTER)

    def handle(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        exc = context.get("exception")
        detail = f" ({type(exc).__name__}: {exc})" if exc is not None else ""
        logger.error("%s%s", context.get("message", "event loop error"), detail)

    loop.set_exception_handler(handle)


def quiet_uvicorn_log() -> None:
    """uvicorn's per-connection warnings ("Invalid HTTP request") go through the filter."""
    for name in ("uvicorn.error", "uvicorn"):
        logger = logging.getLogger(name)
        if _FILTER not in logger.filters:
            logger.addFilter(_FILTER)


def server_config(
    app: Any, *, header_timeout: float = HEADER_TIMEOUT_S, max_connections: int | None = None
) -> Config:
    """uvicorn's settings for the table: guarded connections, a quiet log, keep-alive longer
    than the clients'."""
    guard = Guard(header_timeout, max_connections or connection_limit())
    config = Config(
        app,
        http=guarded_protocol(guard),
        log_level="warning",
        timeout_graceful_shutdown=1,
        timeout_keep_alive=KEEP_ALIVE_S,
        lifespan="on",
        access_log=False,
        backlog=1024,
    )
    config.guard = guard  # type: ignore[attr-defined]  # the tests read its counters
    quiet_uvicorn_log()
    return config
