"""The move panel offers what a move asks as choices, not free text (issue 18): Advance's
purchases with their cost, and the bonds on the sheet for Swear an Iron Vow (or none)."""

from __future__ import annotations

from typing import Any

from web_support import CHANGE, STATS


def test_advance_and_swear_offer_their_choices(api: Any) -> None:
    def do(action: str, body: dict[str, Any]) -> Any:
        made = api.post(f"/api/c/t/actions/{action}", json=body, headers=CHANGE)
        assert made.status_code == 200, made.text
        return made.json()

    do(
        "character",
        {"name": "Asha", "stats": STATS, "bonds": ["Ironhome"], "assets": ["hawk:1=Kes"]},
    )
    do("adjust", {"meter": "experience", "delta": 3})
    reads = {r["option"]: r for r in api.get("/api/c/t/moves/advance").json()["reads"]}
    bought = {v["id"]: v for v in reads["asset"]["values"]}
    assert "ability" not in reads  # nothing typed by hand: an upgrade's ability is its key
    assert bought["Hawk:2"]["kind"] == "2 experience"
    assert bought["Berserker"] == {
        "id": "Berserker",
        "name": "new asset: Berserker (combat talent)",
        "kind": "3 experience",
    }
    swear = {r["option"]: r for r in api.get("/api/c/t/moves/swear an iron vow").json()["reads"]}
    assert swear["with"]["values"] == ["Ironhome", "none"]
    # What the panel offers is what the move takes.
    do("move", {"move": "advance", "asset": ["Hawk:2"]})
    do("choose", {"keys": ["upgrade"]})
    (hawk,) = api.get("/api/c/t/state").json()["characters"][0]["assets"]
    assert hawk["abilities"][:2] == [True, True]


def test_aid_your_ally_and_heal_offer_the_other_characters(api: Any) -> None:
    for name in ("Asha", "Kai 🗡️ Ōkami"):
        made = api.post(
            "/api/c/t/actions/character", json={"name": name, "stats": STATS}, headers=CHANGE
        )
        assert made.status_code == 200, made.text
    for move in ("aid your ally", "heal"):
        panel = api.get(f"/api/c/t/moves/{move}?character=Asha").json()
        reads = {r["option"]: r for r in panel["reads"]}
        # Picked from the table, not typed: the ally's whole name, never Asha herself.
        assert reads["ally"]["values"] == ["Kai 🗡️ Ōkami"], move
    # What the panel offers is what the move takes.
    body = {"move": "aid your ally", "character": "Asha", "stat": "iron", "dice": [2, 8, 9]}
    made = api.post("/api/c/t/actions/move", json={**body, "ally": "Kai 🗡️ Ōkami"}, headers=CHANGE)
    assert made.status_code == 200, made.text


def test_enter_the_fray_offers_an_allys_fight(api: Any) -> None:
    """A second player's Enter the Fray offers the fight the first began (allies fighting a
    common enemy share its track): the panel offered only her own fights, none, and asked
    whom she fights, so she could not join it."""
    for name in ("Asha", "Bram"):
        made = api.post(
            "/api/c/t/actions/character", json={"name": name, "stats": STATS}, headers=CHANGE
        )
        assert made.status_code == 200, made.text
    body = {"move": "enter the fray", "character": "Asha", "stat": "heart", "dice": [6, 1, 2]}
    made = api.post("/api/c/t/actions/move", json={**body, "foe": "raider"}, headers=CHANGE)
    assert made.status_code == 200, made.text
    panel = api.get("/api/c/t/moves/enter the fray?character=Bram").json()
    reads = {r["option"]: r for r in panel["reads"]}
    assert reads["track"]["values"] == [
        {"id": "fight-1", "name": "Raider", "kind": "fight of Asha"}
    ]
    body = {**body, "character": "Bram", "track": "fight-1"}
    page = {**CHANGE, "X-Ironsworn-Page": "1"}  # (the page's answers name each effect)
    made = api.post("/api/c/t/actions/move", json=body, headers=page)
    assert made.status_code == 200, made.text
    shared = [e for e in made.json()["effects"] if e["target"] == "fight-1:shared_by"]
    assert (shared[0]["from"], shared[0]["to"]) == ("Asha", "Asha, Bram")
    # Said as the log says it (the page read "Raider shared by Asha → Asha, Bram").
    assert (shared[0]["verb"], shared[0]["label"]) == ("Bram joins the fight:", "Raider")
    # Now his own: Strike finds it.
    panel = api.get("/api/c/t/moves/strike?character=Bram").json()
    reads = {r["option"]: r for r in panel["reads"]}
    assert reads["track"]["values"] == [{"id": "fight-1", "name": "Raider", "kind": "fight"}]
