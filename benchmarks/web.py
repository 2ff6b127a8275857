"""The web table's figures, on loopback, against ``ironsworn serve`` run as its own process.

Run: python benchmarks/web.py [--only big,busy,spread,slow,markdown] [--duration 60]
                              [--busy-pages 20] [--busy-rate 20] [--clients 50]
                              [--campaigns 10] [--rate 500] [--operations 10000] [--json FILE]

Every figure is printed beside its goal and its floor (one durable SQLite insert, an fsync on
this disk), ``MISSED`` where a goal is missed; ``--json FILE`` writes them all. Each part is
bounded: a load run lasts ``--duration`` seconds and stops.

- **big** (issue 10): a campaign of ``--operations`` (10,000) random classic moves: the page's
  first load (the requests a page makes before it draws, counted from the page's files, one by
  one; and in Chromium, ``/usr/bin/chromium``, from navigation to the first frame after the
  page says it is drawn, goal < 300 ms, with the requests it made and the bytes they brought),
  a move request (p50 < 30 ms, p95 < 100 ms), a change seen by another page after a move and
  after another process's write (< 300 ms).
- **busy** (issues 19 and 24): every page plays one campaign: ``--busy-pages`` pages, each
  reading the state once and then applying the changes its event stream carries (the patch:
  no page reads the state again), each with its own character, ``--busy-rate`` moves a second
  in all for ``--duration`` seconds (a page has one move in flight at most: a turn that comes
  while it waits is skipped and counted, so the rate reached says whether the server kept
  up, and a run ends on time). Issue 19: 20 pages at 20 moves/s for 60 s, move p95 under
  100 ms; issue 24: 20 pages at 200 moves/s (``--busy-rate 200``). Figures: the rate reached,
  errors, lost moves, move p50/p95, live update p50/p95 (a move's start to each page hearing
  it), pages whose patched state is not the server's, and the server's CPU per move beside the
  budget the rate leaves a move on one core (the design figure: the server cannot go faster
  than one move per that much CPU, whatever the machine's load).
- **spread** (issue 24): ``--clients`` (50) pages over ``--campaigns`` (10) campaigns at
  ``--rate`` (500) moves a second: the same figures, and pages behind.
- **slow** (issue 19): ``--slow-clients`` (1,000) connections trickling headers a byte a second
  while a normal client reads the table 5 times a second, the server allowed
  ``--server-files`` (1,024) descriptors: the normal client's p95 (< 200 ms), its errors (0)
  and the server's log (< 1 MB).
- **markdown** (issue 19): ten journal entries of 200,000 ``[``: a timeline read holding them
  (< 1 s) and moves made meanwhile on the same campaign (p95 < 100 ms).

The PostgreSQL figures (two servers, issue 24: 50 pages at 300 moves/s) are ``hosted.py``'s.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from statistics import median
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from campaign_store import append, play, recording
from figures import Figure, Report, arguments, measure_floors, ms, percentile
from table_load import (
    CHANGE,
    STATS,
    STRONG_HIT,
    Connection,
    at_rate,
    event_lines,
    face_danger,
    follow,
    request_id,
)

from ironsworn.campaign.store import CampaignStore
from ironsworn.moves.autoplay import AutoPlayer
from ironsworn.web.changes import patch

PAGE = {**CHANGE, "X-Ironsworn-Page": "1"}


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


def serve(
    home: Path, campaign: str, files: int = 0, source: Path | None = None
) -> tuple[subprocess.Popen[str], str]:
    """``ironsworn serve`` on a free port; ``files``: its descriptor limit (soft and hard), as
    on a machine that allows 1,024 (0: this machine's); ``source``: the tree whose package it
    runs (its ``src/``; None: the installed one)."""
    env = {**os.environ, "IRONSWORN_HOME": str(home), "PYTHONUNBUFFERED": "1"}
    if source is not None:
        env["PYTHONPATH"] = str(source)

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


def first_requests(name: str) -> list[str]:
    """What a page of campaign ``name`` asks for before it draws, read from the page's own
    files: the page, the style, the script and the modules ``index.html`` names, and the first
    read ``first.js`` asks for (counted, not stated: the figure follows the page)."""
    from importlib.resources import files

    static = files("ironsworn.web").joinpath("static")
    html = static.joinpath("index.html").read_text(encoding="utf-8")
    first = static.joinpath("first.js").read_text(encoding="utf-8")
    timeline = re.search(r"const TIMELINE = (\d+);", first)
    reads = re.findall(r"const FIRST_READ = `\$\{BASE\}/([^`]+)`;", first)
    return [
        f"/c/{name}",
        *re.findall(r'(?:href|src)="(/static/[a-z]+\.(?:css|js))"', html),
        *(
            f"/api/c/{name}/" + read.replace("${TIMELINE}", timeline.group(1) if timeline else "")
            for read in reads
        ),
    ]


def first_load_http(base: str, paths: list[str]) -> tuple[float, int]:
    """The page's first requests ``paths`` one by one, as the page asks (its headers): the
    time and the bytes received."""
    start, received = time.perf_counter(), 0
    with httpx.Client(base_url=base, headers=PAGE) as http:
        for path in paths:
            answer = http.get(path)
            answer.raise_for_status()
            received += len(answer.content)
    return time.perf_counter() - start, received


# Resolves at the first frame after the page says it is drawn (a function, not a string: the
# page's content security policy allows no eval).
DRAWN = """() => new Promise((done) => {
    const drawn = () => document.body.dataset.ready === "yes";
    const check = () => (drawn() ? done() : requestAnimationFrame(check));
    check();
})"""


def first_load_browser(
    base: str, name: str, times: int
) -> tuple[list[float], list[float], int, int] | None:
    """Wall time from ``goto`` to the page drawn, and the page's own clock at that moment
    (``performance.now()``: from the start of navigation, without the browser's set-up); the
    requests the page made until then (the event stream left out) and the bytes they brought
    (bodies, as the Resource Timing API counts them), the most of any load."""
    if not Path("/usr/bin/chromium").exists():
        return None
    from playwright.sync_api import sync_playwright

    samples, in_page, requests, received = [], [], 0, 0
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
            wall, clock, asked, got = cold_load(browser, f"{base}/c/{name}")
            samples.append(wall)
            in_page.append(clock / 1000)
            requests, received = max(requests, asked), max(received, got)
        browser.close()
    return samples, in_page, requests, received


def cold_load(browser: Any, url: str, viewport: Any = None) -> tuple[float, float, int, int]:
    """One load of ``url`` in a new context of ``browser`` (a cold page: nothing cached): the
    seconds from ``goto`` to the page drawn, the page's own clock then (ms), the requests it
    made until then (the event stream left out) and the bytes they brought."""
    context = browser.new_context(viewport=viewport) if viewport else browser.new_context()
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    start = time.perf_counter()
    page.goto(url)
    # Checked at each frame: wait_for_selector polls at growing intervals (20 ms up to 500 ms),
    # so its wait measured where the page's drawing fell in that schedule.
    page.evaluate(DRAWN)
    wall = time.perf_counter() - start
    clock = float(page.get_attribute("body", "data-ready-ms") or 0)
    received = int(page.evaluate(BODY_BYTES))
    context.close()
    requests = sum(1 for made in asked if not made.split("?")[0].endswith("/events"))
    return wall, clock, requests, received


# The bytes of every answer the page received so far (the page's own and its resources').
BODY_BYTES = """() => performance.getEntries()
    .filter((e) => e.entryType === "navigation" || e.entryType === "resource")
    .reduce((sum, e) => sum + e.decodedBodySize, 0)"""


# ------------------------------------------------------------------------- moves, changes


def move_requests(base: str, name: str, count: int) -> list[float]:
    samples = []
    with httpx.Client(base_url=base, headers=CHANGE) as http:
        for _ in range(count):
            start = time.perf_counter()
            response = http.post(
                f"/api/c/{name}/actions/move",
                json={"move": "face danger", "stat": "edge", "dice": STRONG_HIT},
                headers={"X-Ironsworn-Seat": "Bench", "Idempotency-Key": request_id()},
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
                headers={"X-Ironsworn-Seat": "Bench", "Idempotency-Key": request_id()},
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


async def moves_after(http: httpx.AsyncClient, name: str, head: int | None) -> int:
    """How many live moves campaign ``name`` holds after seq ``head`` (the timeline, a page
    of 2,000 at a time)."""
    count, before = 0, None
    while True:
        query = "last=2000" + (f"&before={before}" if before else "")
        page = (await http.get(f"/api/c/{name}/timeline?{query}")).json()
        count += sum(
            1
            for e in page
            if e["kind"] == "move" and e["status"] == "live" and e["seq"] > (head or 0)
        )
        if len(page) < 2000 or page[0]["seq"] <= (head or 0):
            return count
        before = page[0]["seq"]


async def load_run(
    base: str, pid: int, names: list[str], clients: int, rate: float, duration: float
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

        pages = {seated: Connection(base) for seated in seats}  # a connection each

        async def move(seated: tuple[str, str]) -> None:
            name, seat = seated
            await face_danger(pages[seated], name, seat, sent, errors, latencies)

        cpu, mine = cpu_seconds(pid), time.process_time()
        unanswered: list[float] = []
        skipped: list[int] = []
        elapsed = await at_rate(rate, duration, seats, move, unanswered, skipped)
        errors += [f"no answer after {t:.0f} s" for t in unanswered]
        latencies += unanswered  # at least this long: counted, not left out
        cpu, mine = cpu_seconds(pid) - cpu, time.process_time() - mine
        await asyncio.sleep(1.5)  # let every page hear the last change
        final = {n: (await http.get(f"/api/c/{n}/state")).json()["head"] for n in names}
        counted = {n: await moves_after(http, n, heads[n]) for n in names}
        for task in listeners:
            task.cancel()
        await asyncio.gather(*listeners, return_exceptions=True)
        for page in pages.values():
            page.close()
    lost_moves = sum(sent[n] - counted[n] for n in names)
    behind = sum(1 for i, (n, _s) in enumerate(seats) if last_seen.get(i) != final[n])
    return {
        "moves": sum(sent.values()),
        "answered": sum(sent.values()),
        "elapsed": elapsed,
        "errors": errors,
        "lost": lost_moves,
        "pages_behind": behind,
        "skipped": len(skipped),
        "latencies": latencies,
        "cpu_per_move": cpu / max(1, sum(sent.values())),
        "client_cpu_per_move": mine / max(1, sum(sent.values())),
    }


# ------------------------------------------------------------------- issue 19's figures


def cpu_seconds(pid: int) -> float:
    """The process's CPU time so far (user and system, every thread)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def page_follows(
    base: str, name: str, heard: dict[int, float], held: dict[str, Any], rereads: list[str]
) -> None:
    """A page: reads the state once, then applies each change the stream carries (the patch
    and its version), noting when each version arrived; a change it cannot apply makes it read
    the state again, as the page does (counted: the design says it should not happen)."""
    own = Connection(base)

    async def state() -> dict[str, Any]:
        status, _fields, content = await own.request("GET", f"/api/c/{name}/state", None, PAGE)
        assert status == 200, content[:200]
        read: dict[str, Any] = json.loads(content)
        return read

    held.update(await state())
    since = f"{held['epoch']}.{held['version']}"
    try:
        async for line in event_lines(base, f"/api/c/{name}/events?since={since}", PAGE):
            if not line.startswith("data: "):
                continue
            change = json.loads(line[6:])
            heard[change["version"]] = time.perf_counter()
            if change["version"] <= held["version"]:
                continue
            if change.get("since") != held["version"] or "state" not in change:
                rereads.append(f"held {held['version']}: {line[:60]}")
                held.clear()
                held.update(await state())
                continue
            patch(held, change["state"])
            held["version"], held["head"] = change["version"], change["head"]
    finally:
        own.close()


async def busy_campaign(
    base: str, pid: int, pages: int, rate: float, duration: float, name: str = "busy"
) -> dict[str, Any]:
    """Every page plays one campaign: the moves' times, the live updates' delays, the server's
    CPU per move, and whether every page's state (patched from the stream) is the server's."""
    heard: list[dict[int, float]] = [{} for _ in range(pages)]
    held: list[dict[str, Any]] = [{} for _ in range(pages)]
    rereads: list[str] = []
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

        listeners = [
            asyncio.create_task(page_follows(base, name, heard[i], held[i], rereads))
            for i in range(pages)
        ]
        await asyncio.sleep(1)

        own = [Connection(base) for _ in range(pages)]  # each page's own connection

        async def move(index: int) -> None:
            start = time.perf_counter()
            try:
                status, fields, content = await own[index].request(
                    "POST",
                    f"/api/c/{name}/actions/move",
                    {"move": "face danger", "stat": "edge", "dice": STRONG_HIT},
                    {"X-Ironsworn-Seat": f"Hero{index}"},
                )
                if status != 200:
                    errors.append(f"{status} {content[:80].decode(errors='replace')}")
                else:
                    answered[0] += 1
                    # The version the table had after it: moves committed in one group share
                    # one (the first's start counts).
                    started.setdefault(int(fields["x-ironsworn-version"]), start)
            except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
                errors.append(repr(exc))
            latencies.append(time.perf_counter() - start)

        cpu, mine = cpu_seconds(pid), time.process_time()
        unanswered: list[float] = []
        skipped: list[int] = []
        elapsed = await at_rate(rate, duration, list(range(pages)), move, unanswered, skipped)
        errors += [f"no answer after {t:.0f} s" for t in unanswered]
        latencies += unanswered  # at least this long: counted, not left out
        cpu, mine = cpu_seconds(pid) - cpu, time.process_time() - mine
        await asyncio.sleep(1.5)
        for task in listeners:
            task.cancel()
        await asyncio.gather(*listeners, return_exceptions=True)
        for page in own:
            page.close()
        fresh = (await http.get(f"/api/c/{name}/state", headers=PAGE)).json()
        moves = await moves_after(http, name, None)
    delays = [
        page[version] - start
        for version, start in started.items()
        for page in heard
        if version in page
    ]
    unlike = sum(1 for state in held if state != fresh)
    return {
        "elapsed": elapsed,
        "answered": answered[0],
        "latencies": latencies,
        "delays": delays,
        "errors": errors,
        "rereads": rereads,
        "lost": answered[0] - moves,
        "unheard": len(started) * pages - len(delays),
        "unlike": unlike,
        "skipped": len(skipped),
        "cpu_per_move": cpu / max(1, answered[0]),
        "client_cpu_per_move": mine / max(1, answered[0]),
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


def speed_figures(
    out: Report, title: str, run: dict[str, Any], rate: float, delays: list[float] | None
) -> None:
    """A load run's figures: the rate reached, errors, lost, the moves' and live updates'
    times, and the server's CPU per move beside the budget the rate allows one core."""
    moves = run["latencies"]
    out.add(
        Figure(
            f"{title}: moves a second",
            run["answered"] / run["elapsed"],
            "/s",
            0.95 * rate,
            None,
            True,
            f"asked {rate:g}/s",
        )
    )
    out.add(Figure(f"{title}: errors", len(run["errors"]), "", 0))
    out.add(Figure(f"{title}: lost operations", run["lost"], "", 0))
    # A page waits for its move's answer before its next: turns that came while it waited.
    out.add(Figure(f"{title}: turns skipped, the page still waiting", run["skipped"], "", 0))
    floor = out.floors.get("sqlite_insert_ms")
    out.add(Figure(f"{title}: move p50", ms(percentile(moves, 0.5)), "ms", 30.0, floor))
    out.add(Figure(f"{title}: move p95", ms(percentile(moves, 0.95)), "ms", 100.0, floor))
    if delays is not None:
        out.add(Figure(f"{title}: live update p50", ms(percentile(delays, 0.5)), "ms", 100.0))
        out.add(Figure(f"{title}: live update p95", ms(percentile(delays, 0.95)), "ms", 300.0))
    # By design: the server's CPU per move, beside what the asked rate leaves each move on one
    # core (a Python server's moves share one core: it cannot go faster than 1 / this).
    out.add(
        Figure(
            f"{title}: server CPU per move",
            ms(run["cpu_per_move"]),
            "ms",
            1000 / rate,
            floor,
            False,
            f"{1 / max(run['cpu_per_move'], 1e-9):,.0f} moves/s on one core",
        )
    )
    # The load client's own CPU per move (every page's stream included): a client that needs
    # more than the rate leaves it measures itself, not the server.
    client = run["client_cpu_per_move"]
    out.fact(
        f"{title}: load client CPU per move",
        f"{client * 1000:.2f} ms ({1 / max(client, 1e-9):,.0f} moves/s on one core)",
    )
    for error in run["errors"][:3]:
        print(f"  error: {error}")


def issue_19(args: argparse.Namespace, out: Report, home: Path, base: str, pid: int) -> None:
    """The busy campaign, slow clients and pathological Markdown, each beside its goal."""
    parts = args.parts
    if "busy" in parts:
        title = f"busy: {args.busy_pages} pages, one campaign, {args.busy_rate:g}/s"
        busy = asyncio.run(busy_campaign(base, pid, args.busy_pages, args.busy_rate, args.duration))
        out.fact(
            title,
            f"{len(busy['latencies'])} moves in {busy['elapsed']:.1f} s, "
            f"{busy['unheard']} updates unheard",
        )
        paths = first_requests("busy")
        first = [first_load_http(base, paths)[0] for _ in range(5)]
        out.add(
            Figure(
                f"{title}: first load ({len(paths)} requests, median of 5)",
                ms(median(first)),
                "ms",
                300,
            )
        )
        speed_figures(out, title, busy, args.busy_rate, busy["delays"])
        out.add(Figure(f"{title}: whole state reads after the first", len(busy["rereads"]), "", 0))
        for line in busy["rereads"][:3]:
            print(f"  read again after: {line}")
        out.add(Figure(f"{title}: pages whose state is not the server's", busy["unlike"], "", 0))
    if "spread" in parts:
        names = [f"load{i}" for i in range(args.campaigns)]
        with httpx.Client(base_url=base, headers=CHANGE) as http:
            for name in names:
                http.post("/api/campaigns", json={"name": name}).raise_for_status()
        title = f"spread: {args.clients} pages, {args.campaigns} campaigns, {args.rate:g}/s"
        run = asyncio.run(load_run(base, pid, names, args.clients, args.rate, args.duration))
        rss, peak = memory_mb(pid)
        out.fact(
            title,
            f"{len(run['latencies'])} moves in {run['elapsed']:.1f} s; server {rss:.0f} MB "
            f"resident (peak {peak:.0f} MB)",
        )
        speed_figures(out, title, run, args.rate, None)
        out.add(Figure(f"{title}: pages behind", run["pages_behind"], "", 0))
    if "slow" in parts:
        log = home / "server.log"
        before = log.stat().st_size if log.exists() else 0
        slow = asyncio.run(slow_clients(base, args.slow_clients, 20))
        grown = (log.stat().st_size if log.exists() else 0) - before
        title = f"slow clients: {slow['connections']} trickling headers"
        out.fact(title, f"a normal client read the table {len(slow['latencies'])} times")
        p95 = ms(percentile(slow["latencies"], 0.95))
        out.add(Figure(f"{title}: normal client p95", p95, "ms", 200.0))
        out.add(Figure(f"{title}: normal client errors", len(slow["errors"]), "", 0))
        out.add(Figure(f"{title}: server log written (kB)", grown / 1024, "", 1024))
        for error in slow["errors"][:3]:
            print(f"  error: {error}")
    if "markdown" in parts:
        md = asyncio.run(markdown_case(base, 50))
        title = "Markdown: ten entries of 200,000 '['"
        out.add(Figure(f"{title}: timeline read, first", ms(md["reads"][0]), "ms", 1000.0))
        out.add(
            Figure(f"{title}: timeline read p95", ms(percentile(md["reads"], 0.95)), "ms", 1000.0)
        )
        out.add(
            Figure(
                f"{title}: move p95 meanwhile", ms(percentile(md["latencies"], 0.95)), "ms", 100.0
            )
        )


def issue_10(out: Report, base: str, path: Path, pid: int) -> None:
    """The big campaign's figures: first load (HTTP and Chromium), a move, a change seen."""
    paths = first_requests("big")
    first = [first_load_http(base, paths) for _ in range(10)]
    out.add(
        Figure(
            f"big: first load, {len(paths)} requests one by one (median of 10)",
            ms(median(t for t, _ in first)),
            "ms",
            300.0,
        )
    )
    out.fact("big: first load's bytes (one by one)", f"{first[0][1] / 1000:,.0f} kB")
    browser = first_load_browser(base, "big", 5)
    if browser is None:
        print("first load in Chromium: skipped (no /usr/bin/chromium)")
    else:
        wall, in_page, requests, received = browser
        out.fact(
            "big: first load in Chromium, until drawn",
            f"{requests} requests, {received / 1000:,.0f} kB received",
        )
        out.add(
            Figure(
                "big: first load in Chromium, goto to drawn (median of 5)",
                ms(median(wall)),
                "ms",
                300.0,
            )
        )
        out.add(Figure("big: the same by the page's clock", ms(median(in_page)), "ms", 300.0))
    moves = move_requests(base, "big", 200)
    floor = out.floors.get("sqlite_insert_ms")
    out.add(Figure("big: move request p50 (200 Face Danger)", ms(median(moves)), "ms", 30.0, floor))
    out.add(Figure("big: move request p95", ms(percentile(moves, 0.95)), "ms", 100.0, floor))
    own, other = changes_seen(base, "big", path, 100)
    out.add(
        Figure("big: change seen by another page after a move, p50", ms(median(own)), "ms", 300.0)
    )
    out.add(
        Figure(
            "big: change seen after another process's write, p50", ms(median(other)), "ms", 300.0
        )
    )
    rss, peak = memory_mb(pid)
    out.fact("big: server memory", f"{rss:.0f} MB resident (peak {peak:.0f} MB)")


def main() -> None:
    parser = arguments(__doc__)
    parser.add_argument("--operations", type=int, default=10_000)
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of each load run")
    parser.add_argument("--clients", type=int, default=50, help="pages of the spread run")
    parser.add_argument("--campaigns", type=int, default=10, help="campaigns of the spread run")
    parser.add_argument("--rate", type=float, default=500.0, help="the spread run's moves/s")
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
        default="big,busy,spread,slow,markdown",
        help="which parts: big (issue 10), busy, spread, slow, markdown",
    )
    args = parser.parse_args()
    args.parts = set(args.only.split(","))
    if "big" not in args.parts:
        args.operations = min(args.operations, 100)  # the served campaign only needs to exist

    out = Report("the web table under load")
    measure_floors(out, start=False)
    home = Path(tempfile.mkdtemp(prefix="ironsworn-web-bench-"))
    path = home / "campaigns" / "big.sqlite"
    path.parent.mkdir(parents=True)
    start = time.perf_counter()
    live = build(path, args.operations)
    out.fact("campaign 'big'", f"{live:,} operations, built in {time.perf_counter() - start:.1f} s")
    process, base = serve(home, "big", args.server_files)
    try:
        with httpx.Client(base_url=base, headers=CHANGE) as http:
            http.post("/api/c/big/actions/character", json={"name": "Bench", "stats": STATS})
        if "big" in args.parts:
            issue_10(out, base, path, process.pid)
        issue_19(args, out, home, base, process.pid)
    finally:
        process.terminate()
        process.wait(timeout=15)
        shutil.rmtree(home, ignore_errors=True)
    out.summary()
    out.write(args.json)


if __name__ == "__main__":
    main()
