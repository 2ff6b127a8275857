"""The MCP server's tool-call latency, through the SDK's own stdio client.

Run: python benchmarks/mcp.py [--calls 200] [--http] [--json FILE]

It makes a campaign with one character in a temporary data home, starts ``ironsworn mcp``
(stdio, or ``--http`` on a free loopback port) and, after a warm-up, times from the client:

- a move: the ``move`` tool, Face Danger with the server's dice (undone after each, outside
  the timing, so every move starts from the same table: no decision pending, no harm taken);
- a sheet read: the ``ironsworn://campaign/sheet/NAME`` resource.

Each figure (p50 and p95 of ``--calls`` calls) is printed beside its goal and its floor, as
every benchmark here prints them (``figures.py``: ``met``, or ``MISSED`` past the goal), and
``--json FILE`` writes them. The floor is the protocol's own round trip (an MCP ``ping`` on the
same session, sampled between the calls): no tool call can be faster.
"""

from __future__ import annotations

import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio

# This script shares the SDK's name: run as a script, its folder comes first on the path and
# would hide the SDK's package, so it is taken off before the SDK is imported.
HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]


def _figures_module() -> Any:
    """The folder's shared ``figures.py`` (Figure, Report, the ``--json`` option), loaded by
    its path: the folder itself stays off the import path (see above)."""
    spec = importlib.util.spec_from_file_location("bench_figures", HERE / "figures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (its dataclasses look their module up by name)
    spec.loader.exec_module(module)
    return module


figures_py = _figures_module()

# The goal in milliseconds, for each figure.
TARGETS = {
    "move p50": 30.0,
    "move p95": 60.0,
    "sheet read p50": 10.0,
    "sheet read p95": 25.0,
}
STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"
CAMPAIGN = "bench"


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


@asynccontextmanager
async def session(home: Path, http: bool) -> AsyncIterator[Any]:
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    env = {**os.environ, "IRONSWORN_HOME": str(home), "PYTHONUNBUFFERED": "1"}
    argv = ["-m", "ironsworn", "mcp", "--campaign", CAMPAIGN]
    if not http:
        params = StdioServerParameters(command=sys.executable, args=argv, env=env)
        async with stdio_client(params) as (read, write), ClientSession(read, write) as s:
            await s.initialize()
            yield s
        return
    from mcp.client.streamable_http import streamable_http_client

    process = subprocess.Popen(
        [sys.executable, *argv, "--http", "--port", "0"], env=env, stdout=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None
        url = process.stdout.readline().split(" over MCP at ", 1)[1].strip()
        async with streamable_http_client(url) as (read, write), ClientSession(read, write) as s:
            await s.initialize()
            yield s
    finally:
        process.terminate()
        process.wait(timeout=30)


async def timed(calls: int, once: Callable[[], Awaitable[float]]) -> list[float]:
    return [await once() for _ in range(calls)]


async def run(home: Path, calls: int, http: bool) -> dict[str, float]:
    async with session(home, http) as s:
        sheet = "ironsworn://campaign/sheet/Asha"

        async def move() -> float:
            start = time.perf_counter()
            result = await s.call_tool("move", {"move": "face danger", "stat": "edge"})
            elapsed = (time.perf_counter() - start) * 1000
            data = result.structured_content or json.loads(result.content[0].text)
            assert not result.is_error, data
            undone = await s.call_tool("undo", {})  # the next move starts from the same table
            assert not undone.is_error, undone.content
            return elapsed

        async def read() -> float:
            start = time.perf_counter()
            await s.read_resource(sheet)
            return (time.perf_counter() - start) * 1000

        pings: list[float] = []

        async def ping() -> float:
            start = time.perf_counter()
            await s.send_ping()
            pings.append((time.perf_counter() - start) * 1000)
            return pings[-1]

        async def move_and_ping() -> float:
            await ping()  # interleaved: the floor is sampled under the same load
            return await move()

        async def read_and_ping() -> float:
            await ping()
            return await read()

        await timed(10, move)  # warm-up: imports, the first fold, the library
        await timed(10, read)
        moves = await timed(calls, move_and_ping)
        reads = await timed(calls, read_and_ping)
    return {
        "move p50": statistics.median(moves),
        "move p95": percentile(moves, 95),
        "sheet read p50": statistics.median(reads),
        "sheet read p95": percentile(reads, 95),
        "ping p50": statistics.median(pings),
        "ping p95": percentile(pings, 95),
    }


def main() -> int:
    parser = figures_py.arguments(__doc__)
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--http", action="store_true", help="streamable HTTP instead of stdio")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        env = {**os.environ, "IRONSWORN_HOME": str(home)}
        subprocess.run(
            [
                sys.executable,
                "-m",
                "ironsworn",
                "character",
                "new",
                "Asha",
                "--stats",
                STATS,
                "--campaign",
                CAMPAIGN,
            ],
            env=env,
            check=True,
            capture_output=True,
        )
        figures = anyio.run(run, home, args.calls, args.http)
    transport = "streamable HTTP" if args.http else "stdio"
    report = figures_py.Report(f"MCP tool calls over {transport}")
    print(report.title)
    for which in ("p50", "p95"):
        report.floors[f"ping {which} ms"] = figures[f"ping {which}"]
        floor = figures[f"ping {which}"]
        print(f"floor: an MCP ping round trip, {which}              {floor:.2f} ms")
    report.fact("calls each", f"{args.calls} (after 10 to warm up)")
    for name, goal in TARGETS.items():
        floor = figures["ping p95" if name.endswith("p95") else "ping p50"]
        report.add(figures_py.Figure(name, figures[name], "ms", goal, floor))
    report.summary()
    report.write(args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
