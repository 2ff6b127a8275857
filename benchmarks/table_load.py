"""What ``web.py`` and ``hosted.py`` share: the request header and stats they use, the figures'
formatting, and the load run's parts (a page following a campaign's events, one timed move,
moves started at a steady rate).

The load runs' pages speak HTTP through :class:`Connection` and :func:`event_lines`, a bare
HTTP/1.1 client of a few lines: httpx spent more CPU on one request (its connection pool's
bookkeeping above all) than the server spends on a move, so at 200 moves a second a run
measured the load client, saturated, instead of the server. Each page keeps one connection of
its own, as a browser's page does; a request that fails is counted, never sent again. Every
change carries a request id of its own (``Idempotency-Key``), as the page's every change does,
so the server pays for recording it as it does for a player.

Imported by those scripts from their own folder (``python benchmarks/web.py`` puts it first on
``sys.path``); it is no benchmark by itself.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import statistics
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Sequence
from typing import Any, TypeVar
from urllib.parse import urlsplit

CHANGE = {"X-Ironsworn-Request": "1"}
STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"
STRONG_HIT = [6, 1, 2]  # Face Danger +edge 3: 9 beats 1 and 2, no decision follows

Seat = TypeVar("Seat")


def request_id() -> str:
    """A change's request id as the page makes one (core.js): 16 random bytes in hex."""
    return secrets.token_hex(16)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def spread(samples: list[float]) -> str:
    if not samples:
        return "no samples"
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"median {ms(statistics.median(ordered))}, p95 {ms(p95)}, max {ms(ordered[-1])}"


class Connection:
    """A page's own keep-alive HTTP/1.1 connection to the server, one request at a time (see
    the module docstring). Opened on first use, and again after a failure."""

    def __init__(self, base: str) -> None:
        address = urlsplit(base)
        self.host, self.port = address.hostname or "127.0.0.1", int(address.port or 80)
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, dict[str, str], bytes]:
        """The status, header fields (lower-case names) and body of one request."""
        if self._reader is None or self._writer is None:
            self._reader, self._writer = await asyncio.open_connection(self.host, self.port)
        data = b"" if body is None else json.dumps(body).encode()
        fields = {**CHANGE, **(headers or {}), "Content-Type": "application/json"}
        if method != "GET":
            fields["Idempotency-Key"] = request_id()
        lines = "".join(f"{key}: {value}\r\n" for key, value in fields.items())
        try:
            self._writer.write(
                f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n{lines}"
                f"Content-Length: {len(data)}\r\n\r\n".encode()
                + data
            )
            status, answer = await _head(self._reader)
            length = answer.get("content-length")
            if length is not None:
                content = await self._reader.readexactly(int(length))
            else:
                content = b"".join([chunk async for chunk in _chunks(self._reader)])
            if answer.get("connection", "").lower() == "close":
                self.close()
            return status, answer, content
        except BaseException:
            self.close()  # a failed request leaves the connection in no known state
            raise

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
        self._reader = self._writer = None


async def _head(reader: asyncio.StreamReader) -> tuple[int, dict[str, str]]:
    """An answer's status and header fields."""
    status_line = await reader.readline()
    if not status_line:
        raise ConnectionError("the server closed the connection without an answer")
    fields: dict[str, str] = {}
    while True:
        line = await reader.readline()
        if line in (b"\r\n", b"\n", b""):
            return int(status_line.split()[1]), fields
        key, _, value = line.decode("latin-1").partition(":")
        fields[key.strip().lower()] = value.strip()


async def _chunks(reader: asyncio.StreamReader) -> AsyncIterator[bytes]:
    """The chunks of a chunked body, until its last."""
    while True:
        size = int((await reader.readline()).split(b";")[0], 16)
        if size == 0:
            await reader.readline()
            return
        chunk = await reader.readexactly(size)
        await reader.readline()
        yield chunk


async def event_lines(
    base: str, path: str, headers: dict[str, str] | None = None
) -> AsyncIterator[str]:
    """The lines of a server-sent event stream (``GET path``), as a page reads them."""
    page = Connection(base)
    reader, writer = await asyncio.open_connection(page.host, page.port)
    fields = "".join(f"{key}: {value}\r\n" for key, value in (headers or {}).items())
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {page.host}:{page.port}\r\n{fields}\r\n".encode())
    try:
        status, _answer = await _head(reader)
        if status != 200:
            raise ConnectionError(f"the event stream answered {status}")
        pending = b""
        async for chunk in _chunks(reader):
            pending += chunk
            *lines, pending = pending.split(b"\n")
            for line in lines:
                yield line.decode()
    finally:
        writer.close()


async def follow(base: str, name: str, index: int, last_seen: dict[int, int | None]) -> None:
    """A page's event stream: ``last_seen[index]`` is the head of the last change it heard."""
    async for line in event_lines(base, f"/api/c/{name}/events"):
        if line.startswith("data: "):
            last_seen[index] = json.loads(line[6:])["head"]


async def face_danger(
    page: Connection,
    name: str,
    seat: str,
    sent: dict[str, int],
    errors: list[str],
    latencies: list[float],
) -> None:
    """One move by ``seat`` (a strong hit): counted in ``sent`` if answered 200, else an error;
    the whole POST's time appended to ``latencies`` either way."""
    start = time.perf_counter()
    try:
        status, _fields, content = await page.request(
            "POST",
            f"/api/c/{name}/actions/move",
            {"move": "face danger", "stat": "edge", "dice": STRONG_HIT},
            {"X-Ironsworn-Seat": seat},
        )
        if status != 200:
            errors.append(f"{status} {content[:80].decode(errors='replace')}")
        else:
            sent[name] += 1
    except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
        errors.append(repr(exc))
    latencies.append(time.perf_counter() - start)


DRAIN_S = 30.0  # after the last move is sent, how long the answers may take


async def at_rate(
    rate: float,
    duration: float,
    seats: Sequence[Seat],
    move: Callable[[Seat], Coroutine[Any, Any, None]],
    unanswered: list[float] | None = None,
    skipped: list[int] | None = None,
) -> float:
    """Start ``move`` for the seats in turn, ``rate`` a second for ``duration`` seconds, without
    waiting for one to finish before the next; the seconds until the last has finished.

    A seat is a page: it has one move in flight at most (a player waits for the answer), so a
    turn that comes while its last move is unanswered is skipped and counted in ``skipped``
    (the rate reached then says the server did not keep up). A run is bounded: moves still
    unanswered :data:`DRAIN_S` seconds after the last was sent are cancelled, the time each
    had waited appended to ``unanswered``."""
    tasks: list[asyncio.Task[None]] = []
    started: list[float] = []
    busy: dict[int, asyncio.Task[None]] = {}
    interval = 1 / rate
    start = time.perf_counter()
    for k in range(int(duration * rate)):
        delay = start + k * interval - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        seat = k % len(seats)
        if seat in busy and not busy[seat].done():
            if skipped is not None:
                skipped.append(seat)
            continue
        busy[seat] = asyncio.create_task(move(seats[seat]))
        tasks.append(busy[seat])
        started.append(time.perf_counter())
    _done, pending = await asyncio.wait(tasks, timeout=DRAIN_S) if tasks else (set(), set())
    now = time.perf_counter()
    for task in pending:
        task.cancel()
        if unanswered is not None:
            unanswered.append(now - started[tasks.index(task)])
    if pending:
        await asyncio.gather(*pending, return_exceptions=True)
    return time.perf_counter() - start
