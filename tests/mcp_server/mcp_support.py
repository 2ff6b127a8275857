"""Helpers of the MCP tests: a campaign to play, the server run by the SDK's own clients
(stdio, and streamable HTTP against ``ironsworn mcp --http``), and a campaign's fingerprint."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

from ironsworn.campaign.registry import named
from ironsworn.cli.main import main

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"
SEED = "3"
TIMEOUT_S = 60  # a loaded machine starts Python slowly


def make_character(campaign: str = "t", name: str = "Asha") -> None:
    """A classic campaign with one character, made at the command line."""
    assert main(["character", "new", name, "--stats", STATS, "--campaign", campaign]) == 0


def fingerprint(campaign: str = "t") -> list[dict[str, Any]]:
    """Every operation of the campaign, undone ones too: equal before and after means that
    nothing was written."""
    with named(campaign).open() as store:
        return [op.to_dict() for op in store.operations(include_undone=True)]


def server_env(home: Path) -> dict[str, str]:
    env = {**os.environ, "IRONSWORN_HOME": str(home)}
    env.pop("IRONSWORN_CAMPAIGN", None)
    return env


@asynccontextmanager
async def stdio_session(home: Path, *argv: str) -> AsyncIterator[Any]:
    """``ironsworn mcp ARGV`` started by the SDK's stdio client; an initialised session."""
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    params = StdioServerParameters(
        command=sys.executable, args=["-m", "ironsworn", "mcp", *argv], env=server_env(home)
    )
    # The server's stderr goes to a file: pytest's captured stderr has no file descriptor.
    with tempfile.TemporaryFile("w+") as errlog:
        async with (
            stdio_client(params, errlog=errlog) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            yield session


@contextmanager
def http_server(home: Path, *argv: str) -> Iterator[str]:
    """``ironsworn mcp --http --port 0 ARGV`` in a process of its own; yields its URL."""
    process = subprocess.Popen(
        [sys.executable, "-m", "ironsworn", "mcp", "--http", "--port", "0", *argv],
        env=server_env(home),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        assert " over MCP at " in first, first + (process.stderr.read() if process.stderr else "")
        yield first.split(" over MCP at ", 1)[1].strip()
    finally:
        process.terminate()
        process.wait(timeout=TIMEOUT_S)


@asynccontextmanager
async def http_session(url: str, headers: dict[str, str] | None = None) -> AsyncIterator[Any]:
    """An initialised session of the SDK's streamable HTTP client on ``url``."""
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client

    async with (
        create_mcp_http_client(headers=headers) as http,
        streamable_http_client(url, http_client=http) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        yield session


def data(result: Any) -> Any:
    """A tool result's JSON (its structured content, else its text)."""
    if result.structured_content is not None:
        return result.structured_content
    return json.loads(result.content[0].text)


async def read_json(session: Any, uri: str) -> Any:
    """A resource's JSON."""
    result = await session.read_resource(uri)
    return json.loads(result.contents[0].text)
