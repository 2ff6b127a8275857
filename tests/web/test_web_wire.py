"""The event stream written to directly (issue 24): under the server's own protocol a page's
changes go to its connection as the table publishes them, the same chunk for every page;
what was published while the stream's head was written comes once, in order; a page that
falls too far behind is closed (it reconnects and catches up); elsewhere the stream is ASGI's."""

from __future__ import annotations

import asyncio
import socket
import time
from pathlib import Path
from typing import Any

import httpx
from web_support import CHANGE, live_server

from ironsworn.web import stream
from ironsworn.web.stream import Wire, WiredStream
from ironsworn.web.tables import Change, Inbox, Table, Tables


def raw_stream(port: int, path: str) -> socket.socket:
    """A page's event stream on a raw socket, its response head read."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert b"transfer-encoding: chunked" in head.lower()
    return sock


def read_until(sock: socket.socket, needle: bytes, have: bytes = b"") -> bytes:
    while needle not in have:
        have += sock.recv(65536)
    return have


def test_pages_are_written_the_same_chunk_of_each_change(home: Path) -> None:
    tables = Tables()
    with (
        live_server("t", tables=tables) as server,
        httpx.Client(base_url=server.url, headers=CHANGE) as http,
    ):
        http.post("/api/c/t/actions/journal", json={"text": "one"})
        pages = [raw_stream(server.port, "/api/c/t/events") for _ in range(2)]
        try:
            for page in pages:
                read_until(page, b'"version": ')
            table = tables.get("t")
            for _ in range(200):
                if sum(isinstance(x, Wire) for x in table._listeners) == 2:
                    break
                time.sleep(0.01)
            # Both pages' connections listen, no inbox left.
            assert [type(x) for x in table._listeners] == [Wire, Wire]
            http.post("/api/c/t/actions/journal", json={"text": "two"})
            change = table._history[-1]
            heard = [read_until(page, change.framed()) for page in pages]
            # Each page's bytes end with the change's own chunk: its size in hex, the event.
            assert all(h.endswith(change.framed()) for h in heard)
            assert change.framed() == b"%x\r\n%b\r\n" % (len(change.event), change.event)
            assert b'"text": "two"' in change.event
        finally:
            for page in pages:
                page.close()
        # Gone pages stop listening.
        for _ in range(200):
            if not table._listeners:
                break
            time.sleep(0.01)
        assert not table._listeners


class Connection:
    """uvicorn's request-response cycle as the wired stream reads it."""

    def __init__(self, transport: Any) -> None:
        self.transport = transport
        self.chunked_encoding = True
        self.disconnected = False
        self.response_complete = False


class Transport(asyncio.WriteTransport):
    def __init__(self) -> None:
        super().__init__()
        self.written: list[bytes] = []
        self.closed = False

    def write(self, data: Any) -> None:
        self.written.append(bytes(data))

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    def get_write_buffer_size(self) -> int:
        return sum(map(len, self.written))


def change(version: int) -> Change:
    made = Change(version, version, since=version - 1)
    made.event = made.sse("e", {"version": version}).encode()
    return made


def test_what_comes_while_the_head_is_written_is_sent_once_then_the_wire_takes_over(
    home: Path,
) -> None:
    async def scenario() -> tuple[list[Any], list[bytes], int]:
        table = Table("c", home / "c.sqlite", create=True)
        try:
            queue = table.listen()
            queue.put_nowait(change(1))  # already in what the page missed: not sent again
            transport = Transport()
            stream_ = WiredStream(table, queue, b"retry\n\n", 1, Connection(transport))
            sent: list[Any] = []
            going = asyncio.Event()

            async def send(message: Any) -> None:
                sent.append(message)
                if len(sent) == 2:  # published while the page's head is written
                    table._publish((change(2), {}))
                    table._publish((None, {}))
                if len(sent) == 3:
                    table._publish((change(3), {}))

            calls = []

            async def receive() -> dict[str, Any]:
                calls.append(1)
                if len(calls) == 1:
                    return {"type": "http.request", "body": b"", "more_body": False}
                await going.wait()
                return {"type": "http.disconnect"}

            task = asyncio.create_task(stream_(None, receive, send))
            await asyncio.sleep(0.01)
            table._publish((change(4), {}))  # the wire's: written to the connection
            table.keep_alive(table.heard_at + 3600)
            listening = len(table._listeners)
            going.set()
            await task
            assert not table._listeners
            return sent, transport.written, listening
        finally:
            table.close()

    sent, written, listening = asyncio.run(scenario())
    bodies = [m.get("body") for m in sent[1:]]
    assert sent[0]["type"] == "http.response.start" and sent[0]["status"] == 200
    assert bodies[0] == b"retry\n\n"
    assert bodies[1] == change(2).event and bodies[2] == change(3).event
    assert all(m["more_body"] for m in sent[1:])
    assert written == [change(4).framed(), b"e\r\n: still here\n\n\r\n"]
    assert listening == 1


def test_a_page_too_far_behind_is_closed(monkeypatch: Any) -> None:
    monkeypatch.setattr(stream, "BACKLOG", 60)  # an event is 44 bytes
    transport = Transport()
    wire = Wire(transport, chunked=False)
    wire.put_nowait(change(1))
    assert not transport.closed and transport.written == [change(1).event]
    wire.put_nowait(change(2))  # past the backlog: closed
    assert transport.closed
    wire.put_nowait(change(3))  # nothing more written to a closing connection
    assert transport.written == [change(1).event, change(2).event]


def test_a_test_clients_stream_goes_through_asgi(api: Any) -> None:
    # No server protocol: no connection in the scope, the page's inbox and ASGI as before.
    api.post("/api/c/t/actions/journal", json={"text": "one"}, headers=CHANGE)
    tables = api.app.app.app.state.server.tables
    with api.stream("GET", "/api/c/t/events?since=beef.1") as events:
        lines = events.iter_lines()
        assert next(lines).startswith("retry:")
        assert next(lines) == "event: change"
        assert '"head": 1' in next(lines)
        assert [type(x) for x in tables.get("t")._listeners] == [Inbox]
