"""The web table's figures, on loopback, against ``ironsworn serve`` run as its own process.

Run: python benchmarks/web.py [--operations 10000] [--duration 60] [--clients 50]
                              [--campaigns 10] [--rate 20] [--only big,busy,slow,markdown]

It builds a campaign of 10,000 operations (random classic moves played by the autoplayer, as
``campaign_store.py`` does), starts ``ironsworn serve`` on a free port and prints:

- first load of the table's page on that campaign: in Chromium (``/usr/bin/chromium``, from
  navigation to the page drawn), and the requests the page makes, one after another, by HTTP;
- a move request (Face Danger with typed dice, the whole POST): median and p95 of 200;
- a change seen by another open page (its event stream) after a move: median and p95 of 100,
  and after a write by another process (the command line's store on the same file);
- a bounded load run: ``--clients`` pages, each with its event stream open and its own
  character, spread over ``--campaigns`` campaigns, making ``--rate`` moves a second in all for
  ``--duration`` seconds; errors, lost operations (moves answered 200 that the campaign does
  not hold, or pages whose last event is not the campaign's head), p95, and the server's
  memory (resident now and peak).

Targets (issue 10): first load < 300 ms; move median < 30 ms, p95 < 100 ms; change seen by
another page < 300 ms median; load run 0 errors, 0 lost, p95 < 100 ms.

Issue 19 adds, each printed beside its goal (``MISSED`` when missed):

- **busy**: every page plays one campaign: ``--busy-pages`` (20) pages, each with its event
  stream open and its own character, ``--busy-rate`` (20) moves a second for ``--duration``
  seconds: first load of that campaign's page, move p50/p95 (goal p95 < 100 ms), live update
  p50/p95 (a move's start to each other page hearing it; goal p95 < 300 ms), errors and lost;
- **slow**: ``--slow-clients`` (1,000) connections trickling headers a byte a second while a
  normal client reads the table 5 times a second, the server allowed ``--server-files``
  (1,024) descriptors as in the attack: the normal client's p95 (goal < 200 ms), its errors
  (goal 0) and the server's log (goal < 1 MB);
- **markdown**: ten journal entries of 200,000 ``[`` (the attack of issue 19): a timeline read
  holding them (goal < 1 s) and moves made meanwhile on the same campaign (goal p95 < 100 ms).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from campaign_store import append, play, recording
from table_load import CHANGE, STATS, STRONG_HIT, at_rate, face_danger, follow, spread

from ironsworn.campaign.store import CampaignStore
from ironsworn.moves.autoplay import AutoPlayer


def build(path: Path, target: int) -> int:
    """A campaign of ``target`` live operations played at random; no decision left pending."""
    generation = [0]
    with recording() as results, CampaignStore.open(path, create=True, name=path.stem) as store:
        player = AutoPlayer(seed=1)
        while store.counts()["live"] < target:
            need = target - store.counts()["live"]
            while len(results) < min(100, need) or player.state.pending:
                play(player, generation)
            append(store, results)
            results.clear()
        live: int = store.counts()["live"]
        return live


def serve(home: Path, campaign: str, files: int = 0) -> tuple[subprocess.Popen[str], str]:
    """``ironsworn serve`` on a free port; ``files``: its descriptor limit (soft and hard), as
    on a machine that allows 1,024 (0: this machine's)."""
    env = {**os.environ, "IRONSWORN_HOME": str(home), "PYTHONUNBUFFERED": "1"}

    def limit() -> None:
        if files:
            import resource

            resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

    # The server's log goes to a file (a pipe nobody reads would stop it once full): the slow
    # client case measures its size.
    log = (home / "server.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "ironsworn", "serve", "--campaign", campaign, "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=log,
        text=True,
        env=env,
        preexec_fn=limit,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    base = line.split("is at ", 1)[1].strip().rsplit("/c/", 1)[0]
    for _ in range(200):
        try:
            httpx.get(base + "/static/app.css", timeout=1)
            break
        except httpx.TransportError:
            time.sleep(0.05)
    return process, base


def memory_mb(pid: int) -> tuple[float, float]:
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        fields[key] = value.strip()
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


# --------------------------------------------------------------------------- first load


def first_load_http(base: str, name: str) -> float:
    start = time.perf_counter()
    with httpx.Client(base_url=base) as http:
        for path in (
            f"/c/{name}",
            "/static/app.js",
            "/static/app.css",
            f"/api/c/{name}/state",
            f"/api/c/{name}/timeline?last=100",
            f"/api/c/{name}/moves",
            "/api/content/assets",
            "/api/content/npcs",
            "/api/content/truths",
        ):
            http.get(path).raise_for_status()
    return time.perf_counter() - start


def first_load_browser(base: str, name: str, times: int) -> tuple[list[float], list[float]] | None:
    """Wall time from ``goto`` to the page drawn, and the page's own clock at that moment
    (``performance.now()``: from the start of navigation, without the browser's set-up)."""
    if not Path("/usr/bin/chromium").exists():
        return None
    from playwright.sync_api import sync_playwright

    samples, in_page = [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        for _ in range(times):
            context = browser.new_context()  # a cold page: nothing cached
            page = context.new_page()
            start = time.perf_counter()
            page.goto(f"{base}/c/{name}")
            page.wait_for_selector("body[data-ready=yes]")
            samples.append(time.perf_counter() - start)
            in_page.append(int(page.get_attribute("body", "data-ready-ms") or 0) / 1000)
            context.close()
        browser.close()
    return samples, in_page


# ------------------------------------------------------------------------- moves, changes


def move_requests(base: str, name: str, count: int) -> list[float]:
    samples = []
    with httpx.Client(base_url=base, headers=CHANGE) as http:
        for _ in range(count):
            start = time.perf_counter()
            response = http.post(
                f"/api/c/{name}/actions/move",
                json={"move": "face danger", "stat": "edge", "dice": STRONG_HIT},
                headers={"X-Ironsworn-Seat": "Bench"},
            )
            samples.append(time.perf_counter() - start)
            response.raise_for_status()
    return samples


class Listener(threading.Thread):
    """Another open page: reads the event stream and notes when each version arrives."""

    def __init__(self, base: str, name: str) -> None:
        super().__init__(daemon=True)
        self.url = f"{base}/api/c/{name}/events"
        self.heard: dict[int, float] = {}
        self.ready = threading.Event()

    def run(self) -> None:
        try:
            with httpx.Client(timeout=None) as http, http.stream("GET", self.url) as stream:
                for line in stream.iter_lines():
                    if line.startswith("data: "):
                        version = json.loads(line[6:])["version"]
                        self.heard[version] = time.perf_counter()
                        self.ready.set()
        except httpx.HTTPError:
            return  # the server stopped at the end of the run

    def wait_for(self, version: int, timeout: float = 5) -> float:
        deadline = time.perf_counter() + timeout
        while version not in self.heard:
            if time.perf_counter() > deadline:
                raise TimeoutError(f"version {version} never heard")
            time.sleep(0.0005)
        return self.heard[version]


def changes_seen(base: str, name: str, path: Path, count: int) -> tuple[list[float], list[float]]:
    listener = Listener(base, name)
    listener.start()
    listener.ready.wait(5)
    own, other = [], []
    with httpx.Client(base_url=base, headers=CHANGE) as http:
        for _ in range(count):
            start = time.perf_counter()
            response = http.post(
                f"/api/c/{name}/actions/move",
                json={"move": "face danger", "stat": "edge", "dice": STRONG_HIT},
                headers={"X-Ironsworn-Seat": "Bench"},
            )
            version = int(response.headers["x-ironsworn-version"])
            own.append(listener.wait_for(version) - start)
        latest = max(listener.heard)
        with CampaignStore.open(path) as store:  # another process's writes, as the CLI's
            for i in range(count // 5):
                start = time.perf_counter()
                store.journal_add(f"from the terminal {i}")
                latest += 1
                other.append(listener.wait_for(latest) - start)
    return own, other


# ------------------------------------------------------------------------------ load run


async def load_run(
    base: str, names: list[str], clients: int, rate: float, duration: float
) -> dict[str, Any]:
    per_campaign = max(1, clients // len(names))
    seats = [(names[i % len(names)], f"Hero{i // len(names)}") for i in range(clients)]
    latencies: list[float] = []
    errors: list[str] = []
    sent: dict[str, int] = dict.fromkeys(names, 0)
    last_seen: dict[int, int | None] = {}
    async with httpx.AsyncClient(base_url=base, headers=CHANGE, timeout=30) as http:
        for name in names:
            for i in range(per_campaign):
                await http.post(
                    f"/api/c/{name}/actions/character", json={"name": f"Hero{i}", "stats": STATS}
                )
        heads = {n: (await http.get(f"/api/c/{n}/state")).json()["head"] for n in names}

        listeners = [
            asyncio.create_task(follow(base, name, i, last_seen))
            for i, (name, _seat) in enumerate(seats)
        ]
        await asyncio.sleep(1)

        async def move(seated: tuple[str, str]) -> None:
            name, seat = seated
            await face_danger(http, name, seat, sent, errors, latencies)

        elapsed = await at_rate(rate, duration, seats, move)
        await asyncio.sleep(1)  # let every page hear the last change
        final = {n: (await http.get(f"/api/c/{n}/state")).json()["head"] for n in names}
        counted = {}
        for n in names:
            timeline = (await http.get(f"/api/c/{n}/timeline?last=2000")).json()
            counted[n] = sum(1 for e in timeline if e["kind"] == "move" and e["seq"] > heads[n])
        for task in listeners:
            task.cancel()
    lost_moves = sum(sent[n] - counted[n] for n in names)
    behind = sum(1 for i, (n, _s) in enumerate(seats) if last_seen.get(i) != final[n])
    return {
        "moves": sum(sent.values()),
        "elapsed": elapsed,
        "errors": errors,
        "lost": lost_moves,
        "pages_behind": behind,
        "latencies": latencies,
    }


# ------------------------------------------------------------------- issue 19's figures


def verdict(name: str, figure: float, goal: float, unit: str = "ms") -> str:
    """``name figure (goal < goal)``, with MISSED when the figure is not under the goal."""
    shown = f"{figure * 1000:.1f} ms" if unit == "ms" else f"{figure:,.0f} {unit}"
    limit = f"{goal * 1000:.0f} ms" if unit == "ms" else f"{goal:,.0f} {unit}"
    return f"{name} {shown} (goal < {limit})" + ("" if figure < goal else " MISSED")


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else float("inf")


async def busy_campaign(base: str, pages: int, rate: float, duration: float) -> dict[str, Any]:
    """Every page plays one campaign: the moves' times and the live updates' delays."""
    name = "busy"
    heard: list[dict[int, float]] = [{} for _ in range(pages)]
    started: dict[int, float] = {}
    answered = [0]
    latencies: list[float] = []
    errors: list[str] = []
    async with httpx.AsyncClient(base_url=base, headers=CHANGE, timeout=30) as http:
        (await http.post("/api/campaigns", json={"name": name})).raise_for_status()
        for i in range(pages):
            made = await http.post(
                f"/api/c/{name}/actions/character", json={"name": f"Hero{i}", "stats": STATS}
            )
            made.raise_for_status()

        async def listen(index: int) -> None:
            async with (
                httpx.AsyncClient(base_url=base, timeout=None) as own,
                own.stream("GET", f"/api/c/{name}/events") as stream,
            ):
                async for line in stream.aiter_lines():
                    if line.startswith("data: "):
                        heard[index][json.loads(line[6:])["version"]] = time.perf_counter()

        listeners = [asyncio.create_task(listen(i)) for i in range(pages)]
        await asyncio.sleep(1)

        async def move(index: int) -> None:
            start = time.perf_counter()
            try:
                response = await http.post(
                    f"/api/c/{name}/actions/move",
                    json={"move": "face danger", "stat": "edge", "dice": STRONG_HIT},
                    headers={"X-Ironsworn-Seat": f"Hero{index}"},
                )
                if response.status_code != 200:
                    errors.append(f"{response.status_code} {response.text[:80]}")
                else:
                    answered[0] += 1
                    # The version the table had after it: two moves answered together may
                    # share one (the first's start counts).
                    started.setdefault(int(response.headers["x-ironsworn-version"]), start)
            except httpx.HTTPError as exc:
                errors.append(repr(exc))
            latencies.append(time.perf_counter() - start)

        elapsed = await at_rate(rate, duration, list(range(pages)), move)
        await asyncio.sleep(1)
        for task in listeners:
            task.cancel()
        timeline = (await http.get(f"/api/c/{name}/timeline?last=2000")).json()
    moves = sum(1 for e in timeline if e["kind"] == "move")
    delays = [
        page[version] - start
        for version, start in started.items()
        for page in heard
        if version in page
    ]
    return {
        "elapsed": elapsed,
        "latencies": latencies,
        "delays": delays,
        "errors": errors,
        "lost": answered[0] - moves,
        "unheard": len(started) * pages - len(delays),
    }


async def slow_clients(base: str, count: int, seconds: float) -> dict[str, Any]:
    """``count`` connections trickling headers while a normal client reads the table."""
    import resource
    from urllib.parse import urlsplit

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, count * 2 + 256)), hard))
    address = urlsplit(base)
    host, port = address.hostname or "127.0.0.1", int(address.port or 80)
    writers: list[asyncio.StreamWriter] = []
    stop = asyncio.Event()

    async def attacker() -> None:
        while not stop.is_set():
            try:
                _reader, writer = await asyncio.open_connection(host, port)
                writer.write(b"GET /api/c/big/state HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                writers.append(writer)
                while not stop.is_set():
                    await asyncio.sleep(1)
                    writer.write(b"a")
                    await writer.drain()
            except (OSError, ConnectionError):
                await asyncio.sleep(0.2)  # closed by the server: come back, as an attacker does

    attackers = [asyncio.create_task(attacker()) for _ in range(count)]
    await asyncio.sleep(2)  # all connected
    latencies: list[float] = []
    errors: list[str] = []
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            start = time.perf_counter()
            try:
                (await http.get("/api/c/big/state")).raise_for_status()
            except httpx.HTTPError as exc:
                errors.append(repr(exc))
            latencies.append(time.perf_counter() - start)
            await asyncio.sleep(0.2)
    stop.set()
    for task in attackers:
        task.cancel()
    for writer in writers:
        writer.close()
    return {"latencies": latencies, "errors": errors, "connections": count}


async def markdown_case(base: str, moves: int) -> dict[str, Any]:
    """Ten entries of 200,000 '[': a timeline read of them, and moves made meanwhile."""
    name = "markdown"
    async with httpx.AsyncClient(base_url=base, headers=CHANGE, timeout=120) as http:
        (await http.post("/api/campaigns", json={"name": name})).raise_for_status()
        made = await http.post(
            f"/api/c/{name}/actions/character", json={"name": "Bench", "stats": STATS}
        )
        made.raise_for_status()
        for _ in range(10):
            written = await http.post(
                f"/api/c/{name}/actions/journal", json={"text": "[" * 200_000}
            )
            written.raise_for_status()
        reads: list[float] = []
        latencies: list[float] = []

        async def read() -> None:
            start = time.perf_counter()
            (await http.get(f"/api/c/{name}/timeline?last=20")).raise_for_status()
            reads.append(time.perf_counter() - start)

        async def move(_index: int) -> None:
            start = time.perf_counter()
            (
                await http.post(
                    f"/api/c/{name}/actions/move",
                    json={"move": "face danger", "stat": "edge", "dice": STRONG_HIT},
                )
            ).raise_for_status()
            latencies.append(time.perf_counter() - start)
            await read()  # every move changes the campaign: the next read renders again

        await read()  # the first read renders them all
        await at_rate(5, moves / 5, list(range(moves)), move)
    return {"reads": reads, "latencies": latencies}


def issue_19(args: argparse.Namespace, home: Path, base: str, parts: set[str]) -> None:
    """The busy campaign, slow clients and pathological Markdown, each beside its goal."""
    if "busy" in parts:
        busy = asyncio.run(busy_campaign(base, args.busy_pages, args.busy_rate, args.duration))
        first = [first_load_http(base, "busy") for _ in range(5)]
        moves = busy["latencies"]
        delays = busy["delays"]
        print(
            f"busy campaign: {args.busy_pages} pages on one campaign, {len(moves)} moves in "
            f"{busy['elapsed']:.1f} s ({len(moves) / busy['elapsed']:.1f}/s), "
            f"{len(busy['errors'])} errors, {busy['lost']} lost, {busy['unheard']} updates unheard"
        )
        load = percentile(first, 0.5)
        print("  " + verdict("first load (the page's 9 requests, median of 5)", load, 0.3))
        print("  " + verdict("move p50", percentile(moves, 0.5), 0.030))
        print("  " + verdict("move p95", percentile(moves, 0.95), 0.100))
        print("  " + verdict("live update p50", percentile(delays, 0.5), 0.100))
        print("  " + verdict("live update p95", percentile(delays, 0.95), 0.300))
        for error in busy["errors"][:3]:
            print(f"  error: {error}")
    if "slow" in parts:
        log = home / "server.log"
        before = log.stat().st_size if log.exists() else 0
        slow = asyncio.run(slow_clients(base, args.slow_clients, 20))
        grown = (log.stat().st_size if log.exists() else 0) - before
        print(
            f"slow clients: {slow['connections']} connections trickling headers, a normal "
            f"client reading the table {len(slow['latencies'])} times"
        )
        print("  " + verdict("normal client p95", percentile(slow["latencies"], 0.95), 0.200))
        print("  " + verdict("normal client errors", len(slow["errors"]), 1, "errors"))
        print("  " + verdict("server log written", grown, 1024 * 1024, "bytes"))
        for error in slow["errors"][:3]:
            print(f"  error: {error}")
    if "markdown" in parts:
        md = asyncio.run(markdown_case(base, 50))
        print("pathological Markdown: ten entries of 200,000 '[' on one campaign")
        print("  " + verdict("timeline read, first", md["reads"][0], 1.0))
        print("  " + verdict("timeline read p95", percentile(md["reads"], 0.95), 1.0))
        print("  " + verdict("move p95 meanwhile", percentile(md["latencies"], 0.95), 0.100))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--operations", type=int, default=10_000)
    parser.add_argument("--duration", type=float, default=60.0, help="load run seconds")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--campaigns", type=int, default=10)
    parser.add_argument("--rate", type=float, default=20.0, help="moves per second in all")
    parser.add_argument("--busy-pages", type=int, default=20, help="pages on the busy campaign")
    parser.add_argument("--busy-rate", type=float, default=20.0, help="its moves per second")
    parser.add_argument("--slow-clients", type=int, default=1000)
    parser.add_argument(
        "--server-files",
        type=int,
        default=1024,
        help="the server's descriptor limit (the attack's machine allowed 1,024; 0: this one's)",
    )
    parser.add_argument(
        "--only",
        default="big,busy,slow,markdown",
        help="which parts: big (issue 10's figures), busy, slow, markdown",
    )
    args = parser.parse_args()
    parts = set(args.only.split(","))
    if "big" not in parts:
        args.operations = min(args.operations, 100)  # the served campaign only needs to exist

    home = Path(tempfile.mkdtemp(prefix="ironsworn-web-bench-"))
    path = home / "campaigns" / "big.sqlite"
    path.parent.mkdir(parents=True)
    start = time.perf_counter()
    live = build(path, args.operations)
    print(f"built campaign 'big': {live:,} operations in {time.perf_counter() - start:.1f} s")
    process, base = serve(home, "big", args.server_files)
    try:
        with httpx.Client(base_url=base, headers=CHANGE) as http:
            http.post("/api/c/big/actions/character", json={"name": "Bench", "stats": STATS})
        issue_19(args, home, base, parts)
        if "big" not in parts:
            return
        http_load = [first_load_http(base, "big") for _ in range(10)]
        print(f"first load, the page's 9 requests one by one (10 runs): {spread(http_load)}")
        browser = first_load_browser(base, "big", 5)
        if browser is None:
            print("first load in Chromium: skipped (no /usr/bin/chromium)")
        else:
            wall, in_page = browser
            print(f"first load in Chromium, cold page, goto to drawn (5 runs): {spread(wall)}")
            print(f"  the same by the page's clock from navigation start: {spread(in_page)}")
        print(f"move request (200 Face Danger): {spread(move_requests(base, 'big', 200))}")
        own, other = changes_seen(base, "big", path, 100)
        print(f"change seen by another page, after a move (100): {spread(own)}")
        print(f"change seen by another page, after another process's write (20): {spread(other)}")
        rss, peak = memory_mb(process.pid)
        print(f"server memory after these: {rss:.0f} MB resident (peak {peak:.0f} MB)")

        names = [f"load{i}" for i in range(args.campaigns)]
        with httpx.Client(base_url=base, headers=CHANGE) as http:
            for name in names:
                http.post("/api/campaigns", json={"name": name}).raise_for_status()
        result = asyncio.run(load_run(base, names, args.clients, args.rate, args.duration))
        rss, peak = memory_mb(process.pid)
        print(
            f"load run: {args.clients} pages on {args.campaigns} campaigns, "
            f"{result['moves']} moves in {result['elapsed']:.1f} s "
            f"({result['moves'] / result['elapsed']:.1f}/s): {len(result['errors'])} errors, "
            f"{result['lost']} lost operations, {result['pages_behind']} pages behind; "
            f"{spread(result['latencies'])}; server {rss:.0f} MB resident (peak {peak:.0f} MB)"
        )
        for error in result["errors"][:5]:
            print(f"  error: {error}")
    finally:
        process.terminate()
        process.wait(timeout=15)
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
