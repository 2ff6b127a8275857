"""The move panel of a suffer move: its odds are those of the roll the engine will make, after
the harm or stress is suffered (Endure Harm rolls +health or +iron "Then", seed 000
L2310-2313), and its amount option says what it takes when left empty."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_support import CHANGE

from ironsworn.content import clear_cache, import_pack
from ironsworn.odds import action_odds
from shared_files import STARFORGED_DATASWORN, shared_file

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"


def do(api: Any, action: str, body: dict[str, Any]) -> Any:
    response = api.post(f"/api/c/t/actions/{action}", json=body, headers=CHANGE)
    assert response.status_code == 200, response.text
    return response.json()


def panel(api: Any, move: str, query: str = "") -> Any:
    answer = api.get(f"/api/c/t/moves/{move}?character=Kira{query}")
    assert answer.status_code == 200, answer.text
    return answer.json()


def strong(stat: int, momentum: int = 2) -> float:
    return action_odds(stat, 0, momentum, 0, False).strong_hit


def test_endure_harm_shows_the_odds_of_health_after_the_harm(api: Any) -> None:
    do(api, "character", {"name": "Kira", "stats": STATS})
    shown = panel(api, "endure harm")
    health, iron = shown["stats"]
    # Health 5, 2 harm by default: the roll is +3 (health), not +5.
    assert (health["value"], health["at_roll"], health["rolled"]) == (5, 3, True)
    assert health["odds"]["strong_hit"] == pytest.approx(strong(3))
    assert iron["rolled"] is False and "at_roll" not in iron
    (change,) = shown["before_roll"]
    assert (change["target"], change["from"], change["to"]) == ("health", 5, 3)
    # 4 harm leaves health 1: the engine rolls +iron 2.
    shown = panel(api, "endure harm", "&amount=4")
    health, iron = shown["stats"]
    assert (health["at_roll"], health["rolled"], iron["rolled"]) == (1, False, True)
    assert iron["odds"]["strong_hit"] == pytest.approx(strong(2))
    # What the page shows is what the engine rolls: dice 6,1,1 on +iron 2 is 8.
    made = do(api, "move", {"move": "endure harm", "amount": 4, "dice": [6, 1, 1]})
    assert made["roll"]["stat"] == 2
    # The dry runs wrote nothing else: health 5 → 1 once.
    assert api.get("/api/c/t/state").json()["characters"][0]["health"] == 1


def test_harm_past_zero_shows_the_momentum_the_roll_is_made_with(api: Any) -> None:
    do(api, "character", {"name": "Kira", "stats": STATS})
    do(api, "adjust", {"character": "Kira", "meter": "health", "delta": -4})
    # 3 harm at health 1: 2 past 0 becomes -2 momentum, so the roll is made at momentum 0.
    health, iron = panel(api, "endure harm", "&amount=3")["stats"]
    assert health["at_roll"] == 0 and iron["rolled"]
    assert iron["odds"]["strong_hit"] == pytest.approx(strong(2, momentum=0))


def test_the_amount_option_says_its_default(api: Any) -> None:
    do(api, "character", {"name": "Kira", "stats": STATS})
    (amount,) = [r for r in panel(api, "endure harm")["reads"] if r["option"] == "amount"]
    assert amount["default"] == 2 and "dangerous" in amount["default_why"]
    # In a fight against one formidable foe: its rank's 3.
    do(api, "track", {"kind": "fight", "text": "the wyvern", "rank": "formidable"})
    (amount,) = [r for r in panel(api, "endure stress")["reads"] if r["option"] == "amount"]
    assert (amount["default"], amount["default_why"]) == (3, "a formidable foe's stress")
    health, _ = panel(api, "endure harm")["stats"]
    assert health["at_roll"] == 2
    (amount,) = [r for r in panel(api, "strike")["reads"] if r["option"] == "amount"]
    assert amount["default"] == 2
    (amount,) = [r for r in panel(api, "end the fight")["reads"] if r["option"] == "amount"]
    assert amount["default"] == 3 and "weak hit" in amount["default_why"]


@pytest.mark.parametrize("amount", ["11", "-1", "two"])
def test_a_bad_amount_is_refused_in_one_line(api: Any, amount: str) -> None:
    do(api, "character", {"name": "Kira", "stats": STATS})
    answer = api.get(f"/api/c/t/moves/endure harm?character=Kira&amount={amount}")
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert "\n" not in error and amount in error and "0 to 10" in error


def test_the_odds_are_after_the_harm_while_a_decision_waits(api: Any) -> None:
    do(api, "character", {"name": "Kira", "stats": STATS})
    do(api, "track", {"kind": "fight", "text": "the raider", "rank": "dangerous"})
    do(api, "move", {"move": "clash", "stat": "iron", "dice": [1, 9, 9]})  # Pay the Price asks
    assert api.get("/api/c/t/state").json()["pending"] is not None
    health, _ = panel(api, "endure harm")["stats"]
    assert (health["at_roll"], health["rolled"]) == (3, True)
    assert health["odds"]["strong_hit"] == pytest.approx(strong(3, momentum=1))
    assert api.get("/api/c/t/state").json()["pending"] is not None  # (the copy's was set aside)


def test_companion_endure_harm_shows_the_companion_s_health_after_the_harm(api: Any) -> None:
    do(api, "character", {"name": "Kira", "stats": STATS, "assets": ["horse:1=Ember"]})
    shown = panel(api, "companion endure harm", "&amount=3")
    heart, companion = shown["stats"]
    assert (companion["stat"], companion["value"], companion["at_roll"]) == (
        "companion_health",
        5,
        2,
    )
    (change,) = shown["before_roll"]
    assert (change["label"], change["stat"]) == ("Horse “Ember” health", "companion_health")
    assert heart["rolled"] != companion["rolled"]


def test_starforged_endure_harm_shows_the_odds_of_the_roll_if_you_resist(api: Any) -> None:
    """Starforged's Endure Harm takes the harm, then asks above 0 whether to resist ("Then, if
    your health is 0 or you choose to resist the harm, roll"): the odds are those of the roll
    after the harm, said to be the odds if you resist (they were at the health before it)."""
    made = api.post("/api/campaigns", json={"name": "sf", "ruleset": "starforged"}, headers=CHANGE)
    assert made.status_code == 201, made.text
    assert api.post(
        "/api/c/sf/actions/character", json={"name": "Kira", "stats": STATS}, headers=CHANGE
    ).is_success
    answer = api.get("/api/c/sf/moves/endure harm?character=Kira&amount=2")
    assert answer.status_code == 200, answer.text
    shown = answer.json()
    iron, health = shown["stats"]
    assert (health["value"], health["at_roll"], health["rolled"]) == (5, 3, True)
    assert iron["rolled"] is False
    assert health["odds"]["strong_hit"] == pytest.approx(strong(3))
    assert shown["roll_assumes"] == {
        "key": "resist",
        "text": "resist the harm",
        "instead": ["press on (no roll)"],
    }
    # 5 harm leaves health 0: the move rolls without asking (+iron 2), and assumes nothing.
    shown = api.get("/api/c/sf/moves/endure harm?character=Kira&amount=5").json()
    iron, health = shown["stats"]
    assert (health["at_roll"], iron["rolled"]) == (0, True) and "roll_assumes" not in shown
    # Resisted, the engine rolls what the panel showed: +health 3.
    sent = {"move": "endure harm", "amount": 2}
    asked = api.post("/api/c/sf/actions/move", json=sent, headers=CHANGE).json()
    assert asked["pending"][0]["options"][0]["key"] == "resist"
    keys = {"keys": ["resist"], "dice": [1, 9, 9]}
    rolled = api.post("/api/c/sf/actions/choose", json=keys, headers=CHANGE)
    assert rolled.json()["roll"]["stat"] == 3, rolled.text
    # The dry runs wrote nothing: health 5 → 3 once.
    assert api.get("/api/c/sf/state").json()["characters"][0]["health"] == 3


@pytest.fixture
def starforged_pack(home: Path) -> Iterator[None]:
    """The Datasworn Starforged file imported into the test's data home (its assets)."""
    clear_cache()
    import_pack(shared_file(STARFORGED_DATASWORN))
    clear_cache()
    yield
    clear_cache()


def test_companion_takes_a_hit_and_withstand_damage_show_the_roll_after_the_harm(
    api: Any, starforged_pack: None
) -> None:
    """Companion Takes a Hit showed the starship's integrity (5) as the companion's health (the
    Sidekick's 4): the command vehicle's card has a meter too. Withstand Damage showed no stat
    at all (it rolls the vehicle's integrity, which is not the character's); its vehicle left
    out is the command vehicle, now chosen."""
    made = api.post("/api/campaigns", json={"name": "sf", "ruleset": "starforged"}, headers=CHANGE)
    assert made.status_code == 201, made.text
    kira = {"name": "Kira", "stats": STATS, "assets": ["starship=Vesper", "sidekick=Tinkering"]}
    assert api.post("/api/c/sf/actions/character", json=kira, headers=CHANGE).is_success

    def shown(move: str) -> Any:
        answer = api.get(f"/api/c/sf/moves/{move}?character=Kira&amount=2")
        assert answer.status_code == 200, answer.text
        return answer.json()

    hit = shown("companion takes a hit")
    (companion,) = hit["stats"]
    assert (companion["stat"], companion["value"], companion["at_roll"]) == (
        "companion_health",
        4,
        2,
    )
    assert companion["odds"]["strong_hit"] == pytest.approx(strong(2))
    assert hit["roll_assumes"]["text"] == "resist the harm"
    damage = shown("withstand damage")
    (integrity,) = damage["stats"]
    assert (integrity["stat"], integrity["value"], integrity["at_roll"]) == (
        "vehicle_integrity",
        5,
        3,
    )
    assert integrity["odds"]["strong_hit"] == pytest.approx(strong(3))
    assert damage["roll_assumes"]["text"] == "resist the damage"
    (vehicle,) = [r for r in damage["reads"] if r["option"] == "vehicle"]
    assert (vehicle["values"], vehicle["default"]) == (["Vesper"], "Vesper")


def test_withstand_damage_odds_are_those_of_the_vehicle_chosen(
    api: Any, starforged_pack: None
) -> None:
    """Withstand Damage on a vehicle that is not the command vehicle (an incidental skiff of
    integrity 3): the panel's odds were the command vehicle's (5, then 3 after 2 damage)
    whatever vehicle was chosen; they are the chosen vehicle's (3, then 1)."""
    made = api.post("/api/campaigns", json={"name": "sf", "ruleset": "starforged"}, headers=CHANGE)
    assert made.status_code == 201, made.text
    kira = {"name": "Kira", "stats": STATS, "assets": ["starship=Vesper"]}
    assert api.post("/api/c/sf/actions/character", json=kira, headers=CHANGE).is_success
    skiff = {"name": "Skiff", "incidental": True, "integrity": 3}
    assert api.post("/api/c/sf/actions/vehicle", json=skiff, headers=CHANGE).is_success

    def integrity(query: str) -> Any:
        answer = api.get(f"/api/c/sf/moves/withstand damage?character=Kira&amount=2{query}")
        assert answer.status_code == 200, answer.text
        (stat,) = answer.json()["stats"]
        return stat["value"], stat.get("at_roll"), stat["odds"]["strong_hit"]

    assert integrity("") == (5, 3, pytest.approx(strong(3)))
    assert integrity("&vehicle=Vesper") == (5, 3, pytest.approx(strong(3)))
    assert integrity("&vehicle=Skiff") == (3, 1, pytest.approx(strong(1)))
    # The roll made is the one shown (resisting, as the odds assume): +1 on the skiff.
    shown = api.get("/api/c/sf/moves/withstand damage?character=Kira&amount=2&vehicle=Skiff")
    resist = shown.json()["roll_assumes"]["key"]
    move = {"move": "withstand damage", "vehicle": "Skiff", "amount": 2, "choose": [resist]}
    answer = api.post("/api/c/sf/actions/move", json={**move, "dice": [6, 1, 1]}, headers=CHANGE)
    assert answer.status_code == 200, answer.text
    (made,) = answer.json()["chain"]
    assert (made["stat"], made["roll"]["stat"]) == ("vehicle_integrity", 1)
    # A vehicle the party has not: refused, naming it and the vehicles there are.
    answer = api.get("/api/c/sf/moves/withstand damage?character=Kira&vehicle=Barge")
    assert answer.status_code == 400
    assert "Barge" in answer.json()["error"] and "Skiff" in answer.json()["error"]
