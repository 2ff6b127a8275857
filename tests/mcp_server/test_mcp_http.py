"""The MCP server over streamable HTTP: ``ironsworn mcp --http`` with the SDK's HTTP client,
and the access rule of ``serve`` (loopback without a token; the guide token otherwise)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from mcp_support import (
    SEED,
    data,
    fingerprint,
    http_server,
    http_session,
    make_character,
    read_json,
)

from ironsworn.campaign.registry import named
from ironsworn.campaign.tokens import campaign_tokens
from ironsworn.mcp.http import create_app
from ironsworn.mcp.served import ServedCampaign

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "test", "version": "0"},
    },
}
ACCEPT = {"Accept": "application/json, text/event-stream"}


def test_a_move_and_a_sheet_over_http(home: Path) -> None:
    make_character()

    async def scenario(url: str) -> tuple[Any, Any, Any]:
        async with http_session(url) as session:
            tools = [t.name for t in (await session.list_tools()).tools]
            moved = data(await session.call_tool("move", {"move": "face danger", "stat": "iron"}))
            sheet = await read_json(session, "ironsworn://campaign/sheet/Asha")
            return tools, moved, sheet

    with http_server(home, "--campaign", "t", "--seed", SEED) as url:
        assert url.startswith("http://127.0.0.1:") and url.endswith("/mcp")
        tools, moved, sheet = anyio.run(scenario, url)
    assert "move" in tools
    assert moved["move"] == "move:classic/adventure/face_danger"
    assert moved["roll"]["stat"] == 2  # iron
    assert sheet["name"] == "Asha"
    kinds = [op["kind"] for op in fingerprint()]
    assert kinds[-1] == "move"


@contextmanager
def hosted(home: Path) -> Iterator[str]:
    """The app as a server for others (not loopback), on a loopback port of a thread."""
    import uvicorn

    served = ServedCampaign(named("t"))
    app = create_app(served, loopback=False)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    config = uvicorn.Config(app, log_level="warning", lifespan="on", access_log=False)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "the test server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}/mcp"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()
        served.close()


def test_a_hosted_server_needs_the_guide_token(home: Path) -> None:
    make_character()
    tokens = campaign_tokens("t")
    before = fingerprint()
    with hosted(home) as url:
        bare = httpx.post(url, json=INITIALIZE, headers=ACCEPT)
        player = httpx.post(
            url, json=INITIALIZE, headers={**ACCEPT, "Authorization": f"Bearer {tokens['player']}"}
        )
        wrong = httpx.post(url, json=INITIALIZE, headers={**ACCEPT, "X-Ironsworn-Token": "nope"})

        async def as_guide() -> Any:
            headers = {"Authorization": f"Bearer {tokens['guide']}"}
            async with http_session(url, headers) as session:
                return await read_json(session, "ironsworn://campaign/sheets")

        sheets = anyio.run(as_guide)
    assert bare.status_code == 401 and "guide token" in bare.json()["error"]
    assert player.status_code == 403 and "player's token" in player.json()["error"]
    assert wrong.status_code == 403
    assert [s["name"] for s in sheets] == ["Asha"]
    assert fingerprint() == before


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({"Host": "evil.example:8485"}, 403),  # a rebound DNS name
        ({"Origin": "http://evil.example"}, 403),  # a page of another site
    ],
)
def test_loopback_refuses_other_hosts_and_sites(
    home: Path, headers: dict[str, str], status: int
) -> None:
    from starlette.testclient import TestClient

    make_character()
    served = ServedCampaign(named("t"))
    try:
        with TestClient(
            create_app(served, loopback=True),
            base_url="http://127.0.0.1:8485",
            client=("127.0.0.1", 50000),
        ) as client:
            answer = client.post("/mcp", json=INITIALIZE, headers={**ACCEPT, **headers})
            ok = client.post("/mcp", json=INITIALIZE, headers=ACCEPT)
    finally:
        served.close()
    assert answer.status_code == status, answer.text
    assert ok.status_code == 200, ok.text
