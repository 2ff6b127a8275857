"""``ironsworn mcp --database URL``: a campaign kept in PostgreSQL, played by a model."""

from __future__ import annotations

from pathlib import Path

import anyio
from mcp_support import STATS, data, stdio_session

from ironsworn.campaign.registry import named
from ironsworn.cli.main import main


def test_a_model_moves_in_a_campaign_on_postgresql(home: Path, empty_postgres_url: str) -> None:
    db = ["--database", empty_postgres_url]
    assert main(["character", "new", "Asha", "--stats", STATS, "--campaign", "pg", *db]) == 0

    async def scenario() -> dict[str, object]:
        async with stdio_session(home, "--campaign", "pg", *db) as session:
            moved = data(
                await session.call_tool("move", {"move": "secure an advantage", "stat": "wits"})
            )
            return dict(moved)

    moved = anyio.run(scenario)
    assert moved["move"] == "move:classic/adventure/secure_an_advantage"
    with named("pg", empty_postgres_url).open() as store:
        last = store.last_operation()
    assert last is not None and last.kind == "move"
    rolls = [e["roll"] for e in last.events if e["type"] == "roll"]
    assert rolls == [moved["roll"]]
