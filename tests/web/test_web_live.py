"""Live changes: the change marker, versions heard by listening pages, the event stream, and
``ironsworn serve`` itself (address printed, Ctrl-C closes it cleanly)."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from web_support import CHANGE, STATS, live_server

from ironsworn.campaign.store import CampaignStore
from ironsworn.web import tables
from ironsworn.web.tables import Table, last_live_seq


def append(path: Path, text: str) -> None:
    # Another process's write, as the command line makes it (its own store on the file).
    with CampaignStore.open(path, create=True) as store:
        store.journal_add(text)


def test_the_marker_tells_appends_undo_and_redo_apart(home: Path) -> None:
    path = home / "c.sqlite"
    append(path, "one")
    with CampaignStore.open(path) as store:
        seen = [last_live_seq(store)]
        store.journal_add("two")
        seen.append(last_live_seq(store))
        store.undo()
        seen.append(last_live_seq(store))
        store.redo()
        seen.append(last_live_seq(store))
    assert seen == [1, 2, 1, 2]


def test_a_table_hears_another_process_and_tells_its_listeners(home: Path) -> None:
    path = home / "c.sqlite"
    append(path, "one")

    async def scenario() -> list[Any]:
        table = Table("c", path)
        try:
            first = await table.check()
            queue = table.listen()
            assert await table.check() is None  # nothing changed: nothing to tell
            append(path, "two")
            change = await table.check()
            heard = await asyncio.wait_for(queue.get(), 1)
            return [first, change, heard]
        finally:
            table.close()

    first, change, heard = asyncio.run(scenario())
    assert (first.version, first.head) == (1, 1)
    assert (change.version, change.head) == (2, 2)
    assert heard == change


def test_concurrent_actions_all_apply_in_order(home: Path) -> None:
    # Twenty journal entries sent at once by several clients: none lost, seqs in order.
    with live_server("t") as server, httpx.Client(base_url=server.url, headers=CHANGE) as http:
        http.post("/api/c/t/actions/character", json={"name": "Asha", "stats": STATS})

        async def burst() -> list[int]:
            async with httpx.AsyncClient(base_url=server.url, headers=CHANGE) as client:
                answers = await asyncio.gather(
                    *(
                        client.post("/api/c/t/actions/journal", json={"text": f"entry {i}"})
                        for i in range(20)
                    )
                )
            return [a.json()["added"]["seq"] for a in answers]

        seqs = asyncio.run(burst())
        assert sorted(seqs) == list(range(2, 22))
        timeline = http.get("/api/c/t/timeline").json()
        assert sorted(e["text"] for e in timeline[1:]) == sorted(f"entry {i}" for i in range(20))


def test_the_event_stream_sends_each_change(home: Path) -> None:
    with live_server("t") as server, httpx.Client(base_url=server.url, headers=CHANGE) as http:
        with http.stream("GET", "/api/c/t/events", timeout=5) as stream:
            lines = stream.iter_lines()
            assert next(lines).startswith("retry:")
            assert next(lines) == "event: change"
            first = next(lines)
            http.post("/api/c/t/actions/journal", json={"text": "hello"})
            while next(lines) != "event: change":
                pass
            second = next(lines)
        assert '"version": 1' in first and '"head": null' in first
        assert '"version": 2' in second and '"head": 1' in second


def test_an_idle_stream_hears_the_tables_keep_alive_and_then_its_changes(
    home: Path, monkeypatch: Any
) -> None:
    """A page that heard nothing for a while hears a comment (the stream is alive; the page
    ignores it), then the next change as always; a busy table's pages hear no keep-alive."""
    monkeypatch.setattr(tables, "KEEPALIVE_S", 0.5)
    with (
        live_server("t") as server,
        httpx.Client(base_url=server.url, headers=CHANGE) as http,
        http.stream("GET", "/api/c/t/events", timeout=10) as stream,
    ):
        lines = stream.iter_lines()
        assert next(lines).startswith("retry:")
        assert next(lines) == "event: change"
        first = time.monotonic()
        while next(lines) != ": still here":
            pass
        assert time.monotonic() - first >= 0.3  # not before the table was idle
        http.post("/api/c/t/actions/journal", json={"text": "hello"})
        while next(lines) != "event: change":
            pass
        assert '"head": 1' in next(lines)


def test_a_table_tells_its_pages_it_is_alive_only_when_idle(home: Path) -> None:
    async def scenario() -> list[Any]:
        table = Table("c", home / "c.sqlite", create=True)
        try:
            queue = table.listen()
            now = table.heard_at
            table.keep_alive(now + 1.0)  # heard a moment ago: nothing
            table.keep_alive(now + tables.KEEPALIVE_S)
            table.keep_alive(now + tables.KEEPALIVE_S + 1.0)  # just told
            return [queue.get_nowait() for _ in range(queue.qsize())]
        finally:
            table.close()

    assert asyncio.run(scenario()) == [None]


def test_serve_prints_its_address_and_stops_cleanly_on_ctrl_c(home: Path) -> None:
    env = {**os.environ, "IRONSWORN_HOME": str(home), "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "ironsworn", "serve", "--campaign", "t", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert "is at http://127.0.0.1:" in line, line
        url = line.split("is at ", 1)[1].strip()
        deadline = time.monotonic() + 10
        while True:
            try:
                page = httpx.get(url, timeout=2)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        assert page.status_code == 200 and "<title>" in page.text
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=15)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, err
    assert "Traceback" not in err and "closed" in out


def test_serve_refuses_a_busy_port_in_one_line(home: Path) -> None:
    import socket

    from ironsworn.cli.main import main

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    assert main(["serve", "--port", "http"]) == 2
    assert main(["serve", "--new-token"]) == 2  # loopback uses no token
