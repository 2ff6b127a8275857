"""A scripted Starforged play-through, with the imported Datasworn Starforged pack: create a
character (her starship is the command vehicle), swear a vow, explore, fight, suffer to a
threshold, make a connection and forge a bond, earn experience, advance, break and repair a
module, lose the starship. The sheet is checked after every step, and the whole campaign
refolds from its events."""

from __future__ import annotations

from typing import Any

import pytest
from sf_support import MISS, STRONG, StarforgedGame

from ironsworn.content import clear_cache, import_pack, load_library
from shared_files import STARFORGED_DATASWORN, shared_file


@pytest.fixture
def game() -> StarforgedGame:
    clear_cache()
    import_pack(shared_file(STARFORGED_DATASWORN))
    clear_cache()
    g = StarforgedGame.__new__(StarforgedGame)
    super(StarforgedGame, g).__init__("Kira")
    g.engine.ruleset = load_library()
    g._keep(g.sheet.set_ruleset("starforged"))
    g._keep(
        g.sheet.new_character(
            "Kira", "edge=3,heart=2,iron=2,shadow=1,wits=1", assets=["starship", "ace"]
        )
    )
    return g


def sheet(g: StarforgedGame) -> dict[str, Any]:
    data: dict[str, Any] = g.state.sheet("Kira")
    return data


def meters(g: StarforgedGame) -> tuple[int, int, int, int]:
    s = sheet(g)
    return s["health"], s["spirit"], s["supply"], s["momentum"]


def legacy(g: StarforgedGame) -> tuple[int, int, int]:
    s = sheet(g)["legacy"]
    return s["quests"]["ticks"], s["bonds"]["ticks"], s["discoveries"]["ticks"]


def test_a_starforged_play_through(game: StarforgedGame) -> None:
    g = game
    # --- create: the starship asset is the party's command vehicle
    s = sheet(g)
    assert s["ruleset"] == "starforged" and s["impacts"] == []
    assert (s["momentum_max"], s["momentum_reset"]) == (10, 2)
    assert [a["name"] for a in s["assets"]] == ["Starship", "Ace"]
    assert s["vehicle"] == {
        "name": "Starship",
        "integrity": 5,
        "max": 5,
        "impacts": [],
        "asset": "asset:starforged/command_vehicle/starship",
    }
    assert meters(g) == (5, 5, 5, 2) and legacy(g) == (0, 0, 0)
    g.move("withstand damage", amount=1)  # the card's integrity follows the vehicle's
    g.choose(["press_on"])
    assert sheet(g)["vehicle"]["integrity"] == 4
    assert sheet(g)["assets"][0]["meter"]["value"] == 4

    # --- swear: a formidable vow, strong hit (+2 momentum)
    g.track("vow", "Find the lost fleet", "formidable")
    g.move("swear an iron vow", STRONG)
    assert meters(g) == (5, 5, 5, 4)

    # --- explore: an expedition, a waypoint with a discovery, and its end
    g.track("expedition", "Cross the Shroud", "dangerous")
    g.move("undertake an expedition", STRONG, stat="wits")
    assert g.state.tracks["expedition-2"].ticks == 8
    g.move("explore a waypoint", (6, 2, 2))  # a strong hit with a match
    g.choose(["discovery"])
    g.choose(["79-86"])  # "Rare and valuable resource" (chosen): 2 discoveries ticks
    assert legacy(g) == (0, 0, 2)
    g.move("finish an expedition", (1, 1))  # score 2 beats both: dangerous = 2 ticks
    assert legacy(g) == (0, 0, 4)
    assert sheet(g)["experience"] == {"earned": 2, "spent": 0, "available": 2}
    assert g.state.tracks["expedition-2"].status == "done"

    # --- fight: enter the fray in control, strike, take decisive action
    g.track("fight", "Raiders", "dangerous")
    g.move("enter the fray", STRONG, stat="iron")
    assert sheet(g)["position"] == "in control" and meters(g)[3] == 6
    g.move("strike", STRONG, stat="iron")
    assert g.state.tracks["fight-3"].ticks == 16
    g.move("take decisive action", (1, 2))
    assert g.state.tracks["fight-3"].status == "won"
    assert meters(g)[3] == 7 and sheet(g)["position"] is None

    # --- suffer to a threshold: health to 0, a miss, the table's mortal harm: Face Death
    g.move("endure harm", amount=3)
    g.choose(["press_on"])
    assert meters(g) == (2, 5, 5, 7)
    g.move("endure harm", MISS, amount=3)  # at 0 the roll is made: 1 harm past 0 is -1
    assert meters(g) == (0, 5, 5, 6)
    g.choose(["momentum"])  # Lose Momentum (-2)
    result = g.choose(["roll_table"], (4, *STRONG))  # 1-10: Face Death, a strong hit
    assert [m.name for m in result.moves] == ["Face Death"]
    assert meters(g) == (0, 5, 5, 4)
    assert sheet(g)["status"] == "active"
    g.move("heal", STRONG)  # mend your own wounds (the lower of iron and wits)
    assert meters(g)[0] == 3

    # --- connect: Make a Connection, develop it, forge a bond
    g.move("make a connection", STRONG, **{"with": "Dax", "role": "navigator", "rank": "dangerous"})
    assert sheet(g)["connections"][0]["role"] == "navigator"
    g.move("develop your relationship", track="Dax")
    g.move("forge a bond", (1, 1), track="Dax")
    g.choose(["bolster"])
    assert sheet(g)["connections"][0]["bonded"] is True
    assert legacy(g) == (0, 2, 4)

    # --- earn experience: the vow's milestones and its fulfilment (formidable: 1 box)
    for _ in range(3):
        g.move("reach a milestone", track="vow-1")
    g.move("fulfill your vow", (1, 2), track="vow-1")
    assert legacy(g) == (4, 2, 4)
    assert sheet(g)["experience"] == {"earned": 4, "spent": 0, "available": 4}

    # --- advance: upgrade Ace (2 experience)
    g.move("advance", asset="ace")
    s = sheet(g)
    assert s["experience"] == {"earned": 4, "spent": 2, "available": 2}
    assert [a["abilities"] for a in s["assets"] if a["name"] == "Ace"] == [[True, True, False]]

    # --- a module: 4 discoveries ticks (2 experience) buy an Engine Upgrade (3); damage at 0
    # integrity breaks it ("mark a module as broken"), Repair at a facility fixes it
    g.legacy("discoveries", 4)
    g.move("advance", asset="engine upgrade")
    assert sheet(g)["experience"] == {"earned": 6, "spent": 5, "available": 1}
    g.move("withstand damage", MISS, amount=4)  # integrity 4 -> 0: the roll is made
    g.choose(["momentum"])
    g.choose(["break_module"])
    g.choose(["engine_upgrade"])
    engine = next(a for a in sheet(g)["assets"] if a["name"] == "Engine Upgrade")
    assert engine["marks"] == ["broken"] and sheet(g)["vehicle"]["integrity"] == 0
    g.move("repair", STRONG, stat="wits")
    g.choose(["facility"])  # 5 points
    g.decline()  # no supply for more
    g.choose(["module:engine_upgrade"])  # 2 points
    g.choose(["integrity"])
    g.choose(["integrity"])
    g.choose(["integrity"])
    engine = next(a for a in sheet(g)["assets"] if a["name"] == "Engine Upgrade")
    assert engine["marks"] == [] and sheet(g)["vehicle"]["integrity"] == 3

    # --- the starship is destroyed: Overcome Destruction discards its card and its module (2
    # marked abilities: the minimum, 3 experience); the bonds legacy (2 ticks, score 0) misses
    # 1 and 9: as the weak hit, indebted and an extreme duty-bound quest (sworn with a strong
    # hit)
    g.move("overcome destruction", (1, 9, *STRONG))
    s = sheet(g)
    assert s["vehicle"] is None and [a["name"] for a in s["assets"]] == ["Ace"]
    assert s["impacts"] == ["indebted"] and s["experience"]["earned"] == 9
    assert [v["name"] for v in s["vows"]] == ["The duty-bound quest"]

    # --- Kira retires: Continue a Legacy creates Nova in the campaign; quests (1 box) and bonds
    # (2 ticks) miss, discoveries (2 boxes) is a strong hit against 1, 1: Nova follows her path
    g.move("continue a legacy", (5, 5, 5, 5, 1, 1), successor="Nova", stats="1,1,2,2,3")
    g.choose(["open_pandoras_box"])
    g.choose(["switch_loyalties"])
    g.choose(["follow_their_path"])
    g.choose(["asset:starforged/path/ace"])
    assert sheet(g)["status"] == "retired"
    nova = g.char("Nova")
    assert (nova.starforged, nova.stats["wits"], nova.momentum) == (True, 3, 2)
    assert [(a["name"], a["abilities"]) for a in nova.assets] == [("Ace", [True, True, False])]

    # The campaign is the fold of its events.
    assert g.refold().to_dict() == g.state.to_dict()
