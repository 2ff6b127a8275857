"""What a new player met at the classic table (web29): a track's name has a limit, said in one
line; Advance's purchase may be declined; a result says an asset gained as a person would."""

from __future__ import annotations

from typing import Any

import pytest
from web_support import CHANGE

import ironsworn.moves.tracks

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"
PAGE = {**CHANGE, "X-Ironsworn-Page": "1"}


def do(api: Any, action: str, body: dict[str, Any], headers: dict[str, str] = CHANGE) -> Any:
    response = api.post(f"/api/c/t/actions/{action}", json=body, headers=headers)
    assert response.status_code == 200, response.text
    return response.json()


def test_a_track_name_past_the_limit_is_refused_in_one_line(api: Any) -> None:
    do(api, "character", {"name": "Kira", "stats": STATS})
    before = api.get("/api/c/t/timeline").json()
    answer = api.post(
        "/api/c/t/actions/track",
        json={"kind": "vow", "text": "v" * 201, "rank": "dangerous"},
        headers=CHANGE,
    )
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert "\n" not in error and "201 characters" in error and "1 to 200 characters" in error
    assert len(error) < 160  # the name is quoted by its start, not whole
    assert api.get("/api/c/t/timeline").json() == before
    # 200 is taken; so is a journey Undertake a Journey begins (the same limit).
    do(api, "track", {"kind": "vow", "text": "v" * 200, "rank": "dangerous"})
    refused = api.post(
        "/api/c/t/actions/move",
        json={"move": "undertake a journey", "destination": "d" * 201, "rank": "dangerous"},
        headers=CHANGE,
    )
    assert refused.status_code == 400 and "1 to 200 characters" in refused.json()["error"]


def test_a_campaign_with_a_longer_track_name_still_opens_and_plays(
    api: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    do(api, "character", {"name": "Kira", "stats": STATS})
    monkeypatch.setattr(ironsworn.moves.tracks, "TRACK_NAME_MAX", 1000)
    do(api, "track", {"kind": "vow", "text": "w" * 500, "rank": "dangerous"})
    monkeypatch.undo()  # kept before the limit: it opens and its progress is marked
    (track,) = api.get("/api/c/t/state").json()["tracks"]
    assert len(track["name"]) == 500
    do(api, "progress", {"track": track["id"]})


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
    assert (gained["verb"], gained["label"]) == ("gains the asset", "Horse “Ash”")
    spent = next(e for e in bought["effects"] if e["target"] == "experience_spent")
    assert "verb" not in spent  # a number keeps its from → to


def test_heal_and_forge_a_bond_ask_no_companion_of_one_who_has_none(api: Any) -> None:
    do(api, "character", {"name": "Kira", "stats": STATS})
    for move in ("heal", "forge a bond"):
        options = [r["option"] for r in api.get(f"/api/c/t/moves/{move}").json()["reads"]]
        assert "companion" not in options, move
    # Companion Endure Harm needs one: it says there is none to choose.
    shown = api.get("/api/c/t/moves/companion endure harm").json()["reads"]
    assert next(r["values"] for r in shown if r["option"] == "companion") == []
    do(api, "character", {"name": "Tor", "stats": STATS, "assets": ["hawk:1=Kes"]})
    tor = api.get("/api/c/t/moves/heal?character=Tor").json()["reads"]
    assert next(r["values"] for r in tor if r["option"] == "companion")[0]["name"] == "Kes"


def test_bond_ticks_read_in_ticks(api: Any) -> None:
    do(api, "character", {"name": "Kira", "stats": STATS})
    made = do(api, "move", {"move": "forge a bond", "with": "Havens", "dice": [6, 2, 3]}, PAGE)
    (bonds,) = [e for e in made["effects"] if e["target"] == "bonds"]
    assert (bonds["from"], bonds["to_words"]) == (0, "1 tick")


def test_a_vow_fulfilled_and_a_bond_made_read_as_said(api: Any) -> None:
    do(api, "character", {"name": "Kira", "stats": STATS})
    do(api, "track", {"kind": "vow", "text": "Find my sister", "rank": "troublesome"})
    (vow,) = api.get("/api/c/t/state").json()["tracks"]
    for _ in range(3):
        do(api, "progress", {"track": vow["id"]})
    done = do(api, "move", {"move": "fulfill your vow", "track": vow["id"], "dice": [1, 2]}, PAGE)
    (ended,) = [e for e in done["effects"] if e["target"].endswith(":status")]
    assert (ended["label"], ended["now"]) == ("Find my sister", "fulfilled")
    bond = do(api, "move", {"move": "forge a bond", "with": "Havens", "dice": [6, 2, 3]}, PAGE)
    (made,) = [e for e in bond["effects"] if e["target"].startswith("bond:")]
    assert (made["verb"], made["label"]) == ("gains a bond with", "Havens")


def test_a_character_s_death_reads_as_said(api: Any) -> None:
    do(api, "character", {"name": "Kira", "stats": STATS})
    do(api, "adjust", {"character": "Kira", "meter": "health", "delta": -5})
    died = do(api, "move", {"move": "face death", "dice": [1, 9, 9]}, PAGE)
    (end,) = [e for e in died["effects"] if e["target"] == "status"]
    assert (end["label"], end["now"]) == ("Kira", "dead")


def test_a_pasted_page_in_an_error_is_cut_so_what_is_accepted_is_still_read(api: Any) -> None:
    do(api, "character", {"name": "Kira", "stats": STATS})
    pasted = "wounded and " * 33  # under the message limit, over it with the rest of the line
    answer = api.post("/api/c/t/actions/debility", json={"name": pasted}, headers=CHANGE)
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert f"'{pasted[:59]}…'" in error and error.endswith("cursed, tormented)"), error


def test_the_command_vehicle_is_labelled_by_its_name(api: Any) -> None:
    do(api, "ruleset", {"ruleset": "starforged"})
    do(api, "character", {"name": "Kira", "stats": STATS})
    do(api, "vehicle", {"name": "Wayfarer"})
    hit = do(api, "adjust", {"character": "Kira", "meter": "integrity", "delta": -2}, PAGE)
    (effect,) = [e for e in hit["effects"] if e["target"] == "vehicle:integrity"]
    assert effect["label"] == "Wayfarer integrity" and (effect["from"], effect["to"]) == (5, 3)
