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
from collections.abc import Awaitable, Callable, Sequence
from typing import TypeVar

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


async def at_rate(
    rate: float,
    duration: float,
    seats: Sequence[Seat],
    move: Callable[[Seat], Awaitable[None]],
) -> float:
    """Start ``move`` for the seats in turn, ``rate`` a second for ``duration`` seconds, without
    waiting for one to finish before the next; the seconds until the last has finished."""
    tasks = []
    interval = 1 / rate
    start = time.perf_counter()
    for k in range(int(duration * rate)):
        delay = start + k * interval - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.create_task(move(seats[k % len(seats)])))
    await asyncio.gather(*tasks)
    return time.perf_counter() - start
