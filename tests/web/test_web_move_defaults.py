"""The move panel's options the move takes when they are left out, chosen for the player (a
play-through found them blank): Strike's and Clash's only fight ("track: none" while the engine
takes the only fight anyway), Aid Your Ally's only ally (left out, the engine asks which)."""

from __future__ import annotations

from typing import Any

from web_support import CHANGE, STATS


def do(api: Any, action: str, body: dict[str, Any]) -> Any:
    response = api.post(f"/api/c/t/actions/{action}", json=body, headers=CHANGE)
    assert response.status_code == 200, response.text
    return response.json()


def read(api: Any, move: str, option: str, character: str = "Kira") -> Any:
    answer = api.get(f"/api/c/t/moves/{move}?character={character}")
    assert answer.status_code == 200, answer.text
    (found,) = [r for r in answer.json()["reads"] if r["option"] == option]
    return found


def test_strike_and_clash_take_the_only_fight(api: Any) -> None:
    do(api, "character", {"name": "Kira", "stats": STATS})
    do(api, "track", {"kind": "fight", "text": "the wyvern", "rank": "formidable"})
    for move in ("strike", "clash"):
        track = read(api, move, "track")
        assert [t["id"] for t in track["values"]] == ["fight-1"]
        assert track["default"] == "fight-1", move
    # Enter the Fray may begin another fight, against the foe named: none is chosen for it, and
    # the page says what leaving it out means.
    fray = read(api, "enter the fray", "track")
    assert "default" not in fray
    # (in words a phone's picker shows whole: it read "the fight under way, or a new one
    # against the foe named", cut on a phone)
    assert fray["blank"] == "your fight, or a new one"
    # Two fights: the player chooses (none chosen for them; left out, the engine asks).
    do(api, "track", {"kind": "fight", "text": "the raider", "rank": "dangerous"})
    assert "default" not in read(api, "strike", "track")


def test_a_track_left_out_on_purpose_is_not_chosen(api: Any) -> None:
    """Face Danger marks a scene challenge's progress only when it is named; Swear an Iron Vow
    takes a vow not yet sworn, else begins a new one: no track is chosen for them."""
    do(api, "character", {"name": "Kira", "stats": STATS})
    do(api, "track", {"kind": "scene", "text": "the bridge", "rank": "dangerous"})
    do(api, "track", {"kind": "vow", "text": "Avenge my kin", "rank": "dangerous"})
    assert [t["kind"] for t in read(api, "face danger", "track")["values"]] == ["scene"]
    assert "default" not in read(api, "face danger", "track")
    assert "default" not in read(api, "swear an iron vow", "track")
    # Reach a Milestone on the only vow: the engine takes it, so the panel does.
    assert read(api, "reach a milestone", "track")["default"] == "vow-2"


def test_aid_your_ally_takes_the_only_ally(api: Any) -> None:
    do(api, "character", {"name": "Kira", "stats": STATS})
    do(api, "character", {"name": "Bo", "stats": STATS})
    ally = read(api, "aid your ally", "ally")
    assert (ally["values"], ally["default"]) == (["Bo"], "Bo")
    assert read(api, "aid your ally", "ally", "Bo")["default"] == "Kira"
    # Heal's ally may be left out (you heal yourself): none chosen.
    assert "default" not in read(api, "heal", "ally")
    do(api, "character", {"name": "Ash", "stats": STATS})
    assert "default" not in read(api, "aid your ally", "ally")


def test_starforged_s_scene_challenge_moves_take_the_only_scene(api: Any) -> None:
    """Face Danger (Scene Challenge) is made on the scene: left out, the engine takes the only
    one, so the panel chooses it; the adventure's Face Danger may leave it out."""
    made = api.post("/api/campaigns", json={"name": "sf", "ruleset": "starforged"}, headers=CHANGE)
    assert made.status_code == 201, made.text
    for action, body in (
        ("character", {"name": "Kira", "stats": STATS, "starship": "Vesper"}),
        ("track", {"kind": "scene", "text": "the breach", "rank": "dangerous"}),
    ):
        answer = api.post(f"/api/c/sf/actions/{action}", json=body, headers=CHANGE)
        assert answer.status_code == 200, answer.text

    def track(move: str) -> Any:
        answer = api.get(f"/api/c/sf/moves/{move}?character=Kira")
        assert answer.status_code == 200, answer.text
        (found,) = [r for r in answer.json()["reads"] if r["option"] == "track"]
        return found

    scene = track("move:starforged/scene_challenge/face_danger")
    assert [t["id"] for t in scene["values"]] == ["scene-1"] and scene["default"] == "scene-1"
    assert track("move:starforged/scene_challenge/secure_an_advantage")["default"] == "scene-1"
    assert "default" not in track("move:starforged/adventure/face_danger")


def test_the_panel_says_when_the_rules_refuse_the_move_as_it_stands(api: Any) -> None:
    """Strike without initiative (an Enter the Fray missed) was offered with its odds and
    refused only once rolled; the panel says so first, in the engine's words, and Clash,
    the move for then, is not refused."""
    do(api, "character", {"name": "Kira", "stats": STATS})
    do(api, "track", {"kind": "fight", "text": "the wyvern", "rank": "formidable"})

    def refused(move: str) -> Any:
        answer = api.get(f"/api/c/t/moves/{move}?character=Kira")
        assert answer.status_code == 200, answer.text
        return answer.json().get("refused")

    # (a character comes to a fight without initiative until a move gives it)
    assert refused("strike") == (
        "Kira does not have initiative: Strike is made with it (without: Clash)"
    )
    assert refused("clash") is None
    do(api, "initiative", {"value": "have"})
    assert refused("strike") is None
    assert refused("clash") == "Kira has initiative: Clash is for when the foe has it"
    assert refused("face danger") is None


def test_end_the_fight_says_it_follows_a_decisive_strong_hit(api: Any) -> None:
    """End the Fight offered its progress odds and was refused only once rolled ("can only
    follow a strong hit in this fight"); the panel says so first."""
    do(api, "character", {"name": "Kira", "stats": STATS})
    do(api, "track", {"kind": "fight", "text": "the wyvern", "rank": "formidable"})
    answer = api.get("/api/c/t/moves/end the fight?character=Kira")
    assert answer.status_code == 200, answer.text
    refused = answer.json()["refused"]
    assert refused.startswith("End the Fight can only follow a strong hit in this fight")
    # A vow's progress move with nothing in its way: not refused.
    do(api, "track", {"kind": "vow", "text": "Slay the wyvern", "rank": "formidable"})
    answer = api.get("/api/c/t/moves/fulfill your vow?character=Kira")
    assert "refused" not in answer.json()


def test_enter_the_fray_with_no_fight_of_one_s_own_says_it_begins_one(api: Any) -> None:
    """Bo has no fight; Kira's is offered him to join. Left out, the track is a new fight
    (against the foe named), and the picker says so in words a phone shows whole; an
    expedition's likewise."""
    do(api, "character", {"name": "Kira", "stats": STATS})
    do(api, "character", {"name": "Bo", "stats": STATS})
    do(api, "track", {"kind": "fight", "text": "the wyvern", "rank": "formidable",
                      "characters": ["Kira"]})  # fmt: skip
    do(api, "track", {"kind": "journey", "text": "to the Havens", "rank": "dangerous",
                      "characters": ["Kira"]})  # fmt: skip
    fray = read(api, "enter the fray", "track", "Bo")
    assert [t["id"] for t in fray["values"]] == ["fight-1"]
    assert fray["blank"] == "a new fight"
    assert read(api, "enter the fray", "track", "Kira")["blank"] == "your fight, or a new one"
    assert read(api, "undertake a journey", "track", "Bo")["blank"] == "a new journey"
