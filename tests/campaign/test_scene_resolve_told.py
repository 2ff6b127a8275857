"""A scene challenge's resolution is told with its dice, as every progress move is: the story's
line ('Resolve the scene (Storm) (progress) — progress 6 vs 3 | 9 → weak hit') and Iron
Vault's ``progress-roll`` inside the resolution's ``move`` node. The roll was written without
its move, so the story left the dice out and Iron Vault put the roll outside the move; logs
written so are told the same way (the roll next to the resolution is its own)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import kdl
import pytest

from ironsworn.campaign.ironvault.kdl import format_nodes
from ironsworn.campaign.ironvault.mechanics import BlockWriter
from ironsworn.campaign.state import CampaignState
from ironsworn.campaign.store import CampaignStore, Operation
from ironsworn.campaign.story import story
from ironsworn.table import Table, call

ROLL = {"type": "progress", "score": 6, "challenge": [3, 9], "outcome": "weak_hit", "match": False}


def resolved(store: CampaignStore) -> Operation:
    table = Table(store, "scenes")
    call(table, "character", {"name": "Asha", "stats": "3,2,2,1,1"})
    call(table, "track", {"kind": "scene", "text": "Storm", "rank": "dangerous"})
    call(table, "progress", {"track": "storm", "times": 3})
    call(table, "scene_resolve", {"track": "storm", "dice": "3,9"})
    return store.operations()[-1]


def old_style(operation: Operation) -> Operation:
    """The operation as the engine wrote it before: the roll names no move."""
    events = tuple({**e, "move": None} if e.get("type") == "roll" else e for e in operation.events)
    return Operation(operation.seq, operation.kind, operation.time, "Asha", "", events)


def iron_vault_moves(operation: Operation) -> list[tuple[str, list[str]]]:
    text = format_nodes(BlockWriter(1, {}, {}).block([operation]))
    return [(n.name, [c.name for c in n.nodes]) for n in kdl.parse(text).nodes]


@pytest.mark.parametrize("written", ["now", "before"])
def test_the_resolution_is_told_with_its_dice(tmp_path: Path, written: str) -> None:
    with CampaignStore.open(tmp_path / "s.sqlite", create=True, name="scenes") as store:
        operation = resolved(store)
        operations = [*store.operations()[:-1], operation]
        state = store.state()
    roll = next(e for e in operation.events if e.get("type") == "roll")
    assert roll["move"] == "scene:resolve" and roll["roll"]["score"] == 6
    if written == "before":
        operation = old_style(operation)
        operations[-1] = operation
    told = story(operations, state, "scenes")
    assert (
        "**Asha · Resolve the scene (Storm)** (progress) — progress 6 vs 3 | 9 → *weak hit*" in told
    )
    moves = iron_vault_moves(operation)
    assert moves[0] == ("move", ["progress-roll", "track"]), moves
    assert moves[1][0] == "move" and not any(name == "progress-roll" for name, _ in moves[1:])


def test_a_roll_naming_no_move_is_left_alone_before_another_move() -> None:
    """Only the resolution takes a roll that names no move: before any other move it stays."""
    events: tuple[dict[str, Any], ...] = (
        {"type": "roll", "character": "Asha", "move": None, "roll": ROLL},
        {"type": "move", "move": "move:classic/fate/pay_the_price", "name": "Pay the Price",
         "character": "Asha", "stat": None, "outcome": None, "text": None},
    )  # fmt: skip
    operation = Operation(1, "move", "2026-12-01T10:00:00Z", "Asha", "", events)
    told = story([operation], CampaignState(), "scenes")
    assert "**Asha · Pay the Price**" in told and "progress 6 vs" not in told
