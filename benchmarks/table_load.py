"""What ``web.py`` and ``hosted.py`` share: the request header and stats they use, the figures'
formatting, and the load run's parts (a page following a campaign's events, one timed move,
moves started at a steady rate).

Imported by those scripts from their own folder (``python benchmarks/web.py`` puts it first on
``sys.path``); it is no benchmark by itself.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import time
from collections.abc import Callable, Coroutine, Sequence
from typing import Any, TypeVar

import httpx

CHANGE = {"X-Ironsworn-Request": "1"}
STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"
STRONG_HIT = [6, 1, 2]  # Face Danger +edge 3: 9 beats 1 and 2, no decision follows

Seat = TypeVar("Seat")


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def spread(samples: list[float]) -> str:
    if not samples:
        return "no samples"
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"median {ms(statistics.median(ordered))}, p95 {ms(p95)}, max {ms(ordered[-1])}"


async def follow(base: str, name: str, index: int, last_seen: dict[int, int | None]) -> None:
    """A page's event stream: ``last_seen[index]`` is the head of the last change it heard."""
    async with (
        httpx.AsyncClient(base_url=base, timeout=None) as own,
        own.stream("GET", f"/api/c/{name}/events") as stream,
    ):
        async for line in stream.aiter_lines():
            if line.startswith("data: "):
                last_seen[index] = json.loads(line[6:])["head"]


async def face_danger(
    http: httpx.AsyncClient,
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
        response = await http.post(
            f"/api/c/{name}/actions/move",
            json={"move": "face danger", "stat": "edge", "dice": STRONG_HIT},
            headers={"X-Ironsworn-Seat": seat},
        )
        if response.status_code != 200:
            errors.append(f"{response.status_code} {response.text[:80]}")
        else:
            sent[name] += 1
    except httpx.HTTPError as exc:
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
