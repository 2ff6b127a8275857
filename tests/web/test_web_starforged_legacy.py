"""The web table's API for issue 11's Starforged gaps: a decision's words come with ``choose``
(``text``), and Continue a Legacy's successor with the move (``successor``, ``stats``); a bad
value is a 4xx with one line and no change."""

from __future__ import annotations

from typing import Any

from web_support import CHANGE, STATS


def do(api: Any, action: str, body: dict[str, Any]) -> Any:
    return api.post(f"/api/c/sf/actions/{action}", json=body, headers=CHANGE)


def state(api: Any) -> dict[str, Any]:
    data: dict[str, Any] = api.get("/api/c/sf/state").json()
    return data


def starforged(api: Any) -> None:
    made = api.post("/api/campaigns", json={"name": "sf", "ruleset": "starforged"}, headers=CHANGE)
    assert made.status_code == 201, made.text
    assert do(api, "character", {"name": "Kira", "stats": STATS}).status_code == 200


def test_a_new_vow_is_named_with_the_answer(api: Any) -> None:
    """Fulfill Your Vow's weak hit: "If you Swear an Iron Vow to set things right, take your
    full legacy reward"."""
    starforged(api)
    do(api, "track", {"kind": "vow", "text": "Find my sister", "rank": "troublesome"})
    assert do(api, "progress", {"track": "vow-1", "ticks": 40}).status_code == 200
    move = {"move": "fulfill your vow", "track": "vow-1", "dice": [9, 10]}
    assert do(api, "move", move).status_code == 200
    asked = do(api, "choose", {"keys": ["swear"]}).json()["pending"][0]
    assert asked["text"] == {
        "prompt": "name the vow",
        "default": "Set right: Find my sister",
        "keys": None,
    }
    before = state(api)
    refused = do(api, "choose", {"keys": ["epic"], "text": "x" * 81})
    assert refused.status_code in (400, 409, 422)
    assert "1-80 characters" in refused.json()["error"] and "\n" not in refused.json()["error"]
    assert state(api)["tracks"] == before["tracks"]
    sworn = do(api, "choose", {"keys": ["epic"], "text": "Free the Vault", "dice": [6, 1, 2]})
    assert sworn.status_code == 200, sworn.text
    vows = [(t["name"], t["rank"]) for t in state(api)["tracks"] if t["kind"] == "vow"]
    assert ("Free the Vault", "epic") in vows


def test_continue_a_legacy_makes_the_successor(api: Any) -> None:
    """Continue a Legacy: "you may create a new character in your established setting"."""
    starforged(api)
    body = {"move": "continue a legacy", "successor": "Nova", "stats": "1,1,2,2,3"}
    refused = do(api, "move", {"move": "continue a legacy", "dice": [1, 1, 5, 5, 5, 5]})
    assert refused.status_code in (400, 409, 422)
    # The web names the option as it is sent, never the command line's flag (issue 18).
    assert "option 'successor' is required" in refused.json()["error"]
    # Asked, not refused: the new character's name is the question (its stats next).
    assert refused.json()["question"]["input"] == "successor"
    assert "--" not in refused.json()["error"]
    made = do(api, "move", {**body, "dice": [1, 1, 5, 5, 5, 5]})
    assert made.status_code == 200, made.text
    names = [c["name"] for c in state(api)["characters"]]
    assert names == ["Kira", "Nova"]
