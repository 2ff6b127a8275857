"""A model's move over MCP shows up live in a page open on the same campaign: the web table
follows the store, whoever writes to it (here ``ironsworn mcp`` in a process of its own,
started by the SDK's stdio client)."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import anyio
import httpx
import pytest
from playwright.sync_api import expect
from web_support import (
    CHANGE,
    SCREENSHOTS,
    STATS,
    chromium_browser,
    data_home,
    live_server,
    require_chromium,
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    require_chromium()
    home = tmp_path_factory.mktemp("web-mcp-home")
    with data_home(home), live_server("home") as live:
        live.home = home
        yield live


async def model_moves(home: str) -> Any:
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    env = {**os.environ, "IRONSWORN_HOME": home}
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "ironsworn", "mcp", "--campaign", "live", "--seed", "5"],
        env=env,
    )
    # The server's stderr goes to a file: pytest's captured stderr has no file descriptor.
    with tempfile.TemporaryFile("w+") as errlog:
        async with (
            stdio_client(params, errlog=errlog) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            await session.call_tool("journal", {"text": "The guide speaks: the ice groans."})
            return await session.call_tool("move", {"move": "face danger", "stat": "wits"})


def test_a_models_move_appears_in_an_open_page(server: Any) -> None:
    http = httpx.Client(base_url=server.url, headers=CHANGE, timeout=10)
    assert http.post("/api/campaigns", json={"name": "live"}).status_code == 201
    made = http.post("/api/c/live/actions/character", json={"name": "Asha", "stats": STATS})
    assert made.status_code == 200, made.text
    with chromium_browser() as browser:
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        context.set_default_timeout(20_000)  # a loaded CI machine is slow
        page = context.new_page()
        page.goto(f"{server.url}/c/live")
        page.wait_for_selector("body[data-ready=yes]")
        # Playwright's sync API runs an event loop on this thread: the client gets its own.
        with ThreadPoolExecutor(1) as pool:
            result = pool.submit(anyio.run, model_moves, str(server.home)).result()
        assert not result.is_error, result.content[0].text
        timeline = page.locator("#timeline")
        expect(timeline).to_contain_text("The guide speaks: the ice groans.", timeout=10_000)
        expect(timeline).to_contain_text("Asha: Face Danger", timeout=10_000)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "mcp-live-move.png"), full_page=True)
        context.close()
