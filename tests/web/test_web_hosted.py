"""A hosted table: two ``ironsworn serve --database`` processes on one PostgreSQL database.

Real server processes and browser-free clients (HTTP, and the server-sent events a page
listens to), on loopback, against the suite's own PostgreSQL server (``tests/pg_server.py``).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CAMPAIGN = "shared"


class Server:
    """One ``ironsworn serve`` process."""

    def __init__(self, url: str, home: Path) -> None:
        env = {**os.environ, "IRONSWORN_HOME": str(home)}
        env.pop("IRONSWORN_CAMPAIGN", None)
        command = ["serve", "--database", url, "--campaign", CAMPAIGN, "--port", "0"]
        self.process = subprocess.Popen(
            [sys.executable, "-m", "ironsworn", *command],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert " at http://" in line, self.process.stderr.read() if self.process.stderr else ""
        self.base = line.split(" at ", 1)[1].split("/c/", 1)[0]

    def post(self, action: str, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(
            f"{self.base}/api/c/{CAMPAIGN}/actions/{action}",
            data=json.dumps(body).encode(),
            headers={"X-Ironsworn-Request": "1", "Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            data: dict[str, Any] = json.load(answer)
        return data

    def get(self, address: str) -> Any:
        with urllib.request.urlopen(f"{self.base}{address}", timeout=30) as answer:
            return json.load(answer)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()


class Listener:
    """A page's event stream: every ``change`` event with the time it arrived."""

    def __init__(self, server: Server) -> None:
        self.changes: list[tuple[float, dict[str, Any]]] = []
        address = urllib.parse.urlsplit(server.base)
        self._connection = http.client.HTTPConnection(address.netloc, timeout=30)
        self._connection.request("GET", f"/api/c/{CAMPAIGN}/events")
        self._answer = self._connection.getresponse()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        event = ""
        try:
            for raw in self._answer:
                line = raw.decode().strip()
                if line.startswith("event: "):
                    event = line[len("event: ") :]
                elif line.startswith("data: ") and event == "change":
                    self.changes.append((time.monotonic(), json.loads(line[len("data: ") :])))
        except (OSError, ValueError, AttributeError):
            return  # closed by the test

    def wait_for_head(self, head: int, timeout: float) -> float | None:
        """When (monotonic) a change with at least ``head`` arrived, waiting up to ``timeout``."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for when, change in list(self.changes):
                if (change.get("head") or 0) >= head:
                    return when
            time.sleep(0.005)
        return None

    def close(self) -> None:
        # Shut the socket down first: a plain close would wait for the stream's next event.
        if self._connection.sock is not None:
            with contextlib.suppress(OSError):
                self._connection.sock.shutdown(socket.SHUT_RDWR)
        self._connection.close()


@pytest.fixture
def servers(empty_postgres_url: str, tmp_path: Path) -> Iterator[list[Server]]:
    started: list[Server] = []
    try:
        for i in range(2):
            started.append(Server(empty_postgres_url, tmp_path / f"home{i}"))
        yield started
    finally:
        for server in started:
            server.stop()


def journal_seqs(
    server: Server, texts: list[str], acknowledged: list[int], start: threading.Barrier
) -> None:
    for text in texts:
        # Both clients write each round together, so the two runs of writes overlap by
        # construction (not by the scheduler's luck on a loaded machine).
        start.wait(timeout=30)
        acknowledged.append(int(server.post("journal", {"text": text})["added"]["seq"]))


def test_two_servers_serve_one_campaign_and_hear_each_other(servers: list[Server]) -> None:
    one, two = servers
    one.post("character", {"name": "Asha", "stats": "edge=3,heart=2,iron=2,shadow=1,wits=1"})
    listener = Listener(two)
    try:
        # A change made through one server reaches the other's page (how soon is a figure of
        # benchmarks/hosted.py, not of a test: the wait is only a deadline against a hang).
        for n in range(5):
            seq = int(one.post("journal", {"text": f"seen {n}"})["added"]["seq"])
            arrived = listener.wait_for_head(seq, timeout=20.0)
            assert arrived is not None, f"server two never told its page of seq {seq}"
        # Both clients act at once, each through its own server: nothing is lost or mixed.
        ones: list[int] = []
        twos: list[int] = []
        start = threading.Barrier(2)
        threads = [
            threading.Thread(
                target=journal_seqs, args=(one, [f"a{i}" for i in range(25)], ones, start)
            ),
            threading.Thread(
                target=journal_seqs, args=(two, [f"b{i}" for i in range(25)], twos, start)
            ),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert len(ones) == len(twos) == 25
        assert sorted(ones + twos) == list(range(7, 57))  # 1 character, 5 "seen", then these
        assert max(ones) > min(twos) and max(twos) > min(ones), "the writers never overlapped"
        assert listener.wait_for_head(56, timeout=20.0) is not None
    finally:
        listener.close()
    # Every page reads the same campaign from either server.
    states = [server.get(f"/api/c/{CAMPAIGN}/state") for server in servers]
    assert states[0]["head"] == states[1]["head"] == 56
    assert states[0]["characters"] == states[1]["characters"]
    timelines = [server.get(f"/api/c/{CAMPAIGN}/timeline?last=100") for server in servers]
    assert [e["seq"] for e in timelines[0]] == [e["seq"] for e in timelines[1]]
    assert {e["text"] for e in timelines[0]} >= {f"a{i}" for i in range(25)} | {
        f"b{i}" for i in range(25)
    }


def test_sigkill_of_one_server_during_writes(
    servers: list[Server], empty_postgres_url: str
) -> None:
    one, two = servers
    acknowledged: list[int] = []
    failures: list[str] = []

    def write_to_one() -> None:
        for i in range(10_000):
            try:
                answer = one.post("journal", {"text": f"one {i}"})
            # (a server killed half-way through its answer: the body cut short, an
            # IncompleteRead; that write was never acknowledged)
            except (OSError, urllib.error.URLError, http.client.HTTPException) as exc:
                failures.append(str(exc))
                return
            acknowledged.append(int(answer["added"]["seq"]))

    writer = threading.Thread(target=write_to_one)
    writer.start()
    while len(acknowledged) < 20:
        time.sleep(0.01)
    os.kill(one.process.pid, signal.SIGKILL)
    writer.join(timeout=30)
    assert failures, "the writer should have seen its server go away"
    # The other server keeps serving, and writes on top of everything that was acknowledged.
    after = int(two.post("journal", {"text": "still here"})["added"]["seq"])
    assert after > max(acknowledged)
    from ironsworn.campaign.store.postgres import PostgresStore

    with PostgresStore.open(empty_postgres_url, CAMPAIGN) as store:
        operations = store.operations()
        store.state()  # the whole log folds
    live = [op.seq for op in operations]
    assert set(acknowledged) <= set(live)
    assert live == list(range(1, after + 1))
    assert operations[-1].events[0]["text"] == "still here"


def test_invite_tokens_live_in_the_database(
    empty_postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ironsworn.web.access import campaign_tokens, role_of_token

    monkeypatch.setenv("IRONSWORN_HOME", str(tmp_path / "one"))
    tokens = campaign_tokens(CAMPAIGN, database=empty_postgres_url)
    assert set(tokens) == {"guide", "player"}
    assert campaign_tokens(CAMPAIGN, database=empty_postgres_url) == tokens  # kept, not remade
    assert not (tmp_path / "one" / "web-tokens.json").exists()
    # Another server process, with a data folder of its own, honours the same links.
    script = (
        "import sys\n"
        "from ironsworn.web.access import role_of_token\n"
        "print(role_of_token(sys.argv[1], sys.argv[2], sys.argv[3]))\n"
    )
    env = {**os.environ, "IRONSWORN_HOME": str(tmp_path / "two")}
    for token, role in ((tokens["guide"], "guide"), (tokens["player"], "player"), ("x", "None")):
        done = subprocess.run(
            [sys.executable, "-c", script, CAMPAIGN, token, empty_postgres_url],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )
        assert done.stdout.strip() == role, done.stderr
    renewed = campaign_tokens(CAMPAIGN, renew=True, database=empty_postgres_url)
    assert renewed["guide"] != tokens["guide"]
    assert role_of_token(CAMPAIGN, tokens["guide"], empty_postgres_url) is None
    assert role_of_token(CAMPAIGN, renewed["guide"], empty_postgres_url) == "guide"
