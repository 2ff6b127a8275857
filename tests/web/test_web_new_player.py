"""What a new player met at the classic table (web29): a track's name has a limit, said in one
line; Advance's purchase may be declined; a result says an asset gained as a person would."""

from __future__ import annotations

from typing import Any

from web_support import CHANGE

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"
PAGE = {**CHANGE, "X-Ironsworn-Page": "1"}


def do(api: Any, action: str, body: dict[str, Any], headers: dict[str, str] = CHANGE) -> Any:
    response = api.post(f"/api/c/t/actions/{action}", json=body, headers=headers)
    assert response.status_code == 200, response.text
    return response.json()


def test_advance_s_purchase_may_be_declined_and_keeps_the_experience(api: Any) -> None:
    do(api, "character", {"name": "Kira", "stats": STATS})
    do(api, "adjust", {"character": "Kira", "meter": "experience", "delta": 5})
    made = do(api, "move", {"move": "advance", "asset": ["Hawk"], "ability": 1, "name": "Kes"})
    (pending,) = made["pending"]
    assert pending["min"] == 0 and len(pending["options"]) == 1
    declined = do(api, "decline", {"character": "Kira"})
    assert declined["pending"] == []
    assert any("buys nothing" in n for n in declined["notes"])
    (kira,) = api.get("/api/c/t/state").json()["characters"]
    assert kira["experience"]["spent"] == 0 and kira["assets"] == []


def test_an_asset_gained_reads_as_a_person_says_it(api: Any) -> None:
    do(api, "character", {"name": "Kira", "stats": STATS})
    do(api, "adjust", {"character": "Kira", "meter": "experience", "delta": 5})
    do(api, "move", {"move": "advance", "asset": ["Horse"], "ability": 1, "name": "Ash"})
    bought = do(api, "choose", {"keys": ["new_asset"], "character": "Kira"}, PAGE)
    (gained,) = [e for e in bought["effects"] if str(e["target"]).startswith("asset:")]
    assert (gained["verb"], gained["label"]) == ("gains the asset", "Ash (Horse)")
    spent = next(e for e in bought["effects"] if e["target"] == "experience_spent")
    assert "verb" not in spent  # a number keeps its from → to
