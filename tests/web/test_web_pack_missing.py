"""A Delve rule asked of a classic campaign without the Delve pack, over the web table's API:
the error says which file to import, carries the pack's id, and tells how at this table (the
guide's Campaigns tab), not the command line's command."""

from __future__ import annotations

from typing import Any

from web_support import CHANGE, STATS

SITE = {"name": "X", "theme": "ancient", "domain": "barrow", "rank": "dangerous"}
ASKED = "import your Datasworn Delve file first"


def test_the_web_names_its_campaigns_tab(api: Any) -> None:
    body = {"name": "Asha", "stats": STATS}
    assert api.post("/api/c/t/actions/character", json=body, headers=CHANGE).status_code == 200
    for action, args in (
        ("site", SITE),
        ("move", {"move": "delve the depths", "stat": "wits"}),
    ):
        refused = api.post(f"/api/c/t/actions/{action}", json=args, headers=CHANGE)
        assert refused.status_code == 400, refused.text
        data = refused.json()
        assert data["pack"] == "delve"
        assert data["error"].endswith(
            f"{ASKED} (the guide imports a content pack in the Campaigns tab)"
        )
        assert "ironsworn content" not in data["error"]
    assert api.get("/api/c/t/state").json()["tracks"] == []
