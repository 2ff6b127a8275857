"""The web table with a Starforged character's cards: the move panel lists the abilities that
act on a move of the campaign's ruleset (Ace on Face Danger, Navigator on Set a Course), and
the move action takes them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from web_support import CHANGE, STATS

from ironsworn.content import clear_cache, import_pack
from shared_files import STARFORGED_DATASWORN, shared_file


def test_the_move_panel_offers_starforged_abilities(api: Any, home: Path) -> None:
    import_pack(shared_file(STARFORGED_DATASWORN))
    clear_cache()
    made = api.post("/api/campaigns", json={"name": "sf", "ruleset": "starforged"}, headers=CHANGE)
    assert made.status_code == 201, made.text
    body = {"name": "Kira", "stats": STATS, "assets": ["ace", "navigator"], "starship": "Vesper"}
    created = api.post("/api/c/sf/actions/character", json=body, headers=CHANGE)
    assert created.status_code == 200, created.text
    panel = api.get("/api/c/sf/moves/face danger?character=Kira").json()
    assert panel["id"] == "move:starforged/adventure/face_danger"
    assert [(a["asset"], a["effect"]) for a in panel["assets"]] == [
        ("ace:1", "+1, +1 momentum on a hit")
    ]
    course = api.get("/api/c/sf/moves/set a course?character=Kira").json()
    assert [a["asset"] for a in course["assets"]] == ["navigator:1:fastest", "navigator:1:safest"]
    moved = api.post(
        "/api/c/sf/actions/move",
        json={"move": "face danger", "stat": "edge", "dice": "4,4,9", "asset": ["ace:1"]},
        headers=CHANGE,
    )
    assert moved.status_code == 200, moved.text
    assert moved.json()["roll"]["adds"] == 1
