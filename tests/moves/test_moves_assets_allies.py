"""Allies' shares of asset abilities in co-op, and what a card asks before a move or after it,
each made with and without the ability.

Facts from the cards (Datasworn classic; Shield-Bearer from the rulebook, seed 000
L1003-1040): Long-Arm 3, Loyalist 2, Herbalist 3, Storyweaver 2, Wildblood 3, Leech 1 and 2,
Animal Kin 2, Shadow-Walk 1, Skirmisher 2, Shield-Bearer 3.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from moves_support import ASHA_STATS, BRAM_STATS, Game, keys

from ironsworn.cli.main import main
from ironsworn.errors import InvalidValue, IronswornError, RuleViolation

FIGHT = "fight-1"
STRONG, WEAK, MISS = (6, 1, 2), (6, 1, 10), (1, 9, 10)


def _pair(asha: list[str], bram: tuple[str, ...] = ()) -> Game:
    g = Game()
    g.character("Asha", ASHA_STATS, assets=asha)
    g.character("Bram", BRAM_STATS, assets=list(bram))
    return g


def _mark(g: Game, who: str, asset: str, number: int) -> None:
    g._keep(g.sheet.asset_mark(who, asset, number, True))


def _answer_all(g: Game, answers: dict[str, list[str]]) -> list[Any]:
    """Answer what is pending: the keys given for a prompt that contains a word of
    ``answers`` (in order), else the first option; no burn."""
    out = []
    guard = 0
    while g.state.pending and guard < 30:
        guard += 1
        pending = g.state.pending
        g.dice([5] * 10)
        if pending["kind"] == "burn":
            out.append(g.engine.decline())
            continue
        offered = [o["key"] for o in pending["options"]]
        wanted = next((v for k, v in answers.items() if k in str(pending["prompt"])), None)
        if wanted:
            picked = [k for k in wanted if k in offered][: int(pending["count"])]
        else:
            picked = offered[: int(pending.get("min", 1))]
        out.append(g.engine.choose(picked) if picked else g.engine.decline())
    return out


# --- the scenarios: each returns what the ability changes, made with and without it ---------


def long_arm(with_it: bool, together: bool = True) -> dict[str, Any]:
    """Bram scores a strong hit on Undertake a Journey; Asha travels with him (or not)."""
    g = _pair(["long_arm"])
    if with_it:
        _mark(g, "Asha", "long_arm", 3)
    g.track("journey", "Hills", "dangerous", characters=["Asha", "Bram"] if together else ["Bram"])
    before = g.char("Asha").momentum
    result = g.move("undertake a journey", STRONG, character="Bram", track="journey-1")
    _answer_all(g, {})
    return {"asha momentum": g.char("Asha").momentum - before, "named": result.moves[0].assets}


def loyalist(with_it: bool) -> dict[str, Any]:
    """Bram Endures Stress with Asha at hand."""
    g = _pair(["loyalist"])
    if with_it:
        _mark(g, "Asha", "loyalist", 2)
    before = g.char("Asha").momentum
    # Bram rolls his spirit (5 - 1 = 4): 2 + 4 = 6 vs 6 and 9 is a miss; with +1, a weak hit.
    result = g.move("endure stress", (2, 6, 9), character="Bram", amount=1)
    _answer_all(g, {})
    return {
        "adds": result.moves[0].roll["adds"],
        "outcome": result.moves[0].outcome,
        "asha momentum": g.char("Asha").momentum - before,
        "named": result.moves[0].assets,
    }


def herbalist(with_it: bool) -> dict[str, Any]:
    """Asha makes camp and partakes; Bram partakes too."""
    g = _pair(["herbalist"])
    if with_it:
        _mark(g, "Asha", "herbalist", 3)
    g.set("Asha", health=2, supply=4)
    g.set("Bram", health=2)
    g.move("make camp", WEAK, character="Asha")  # a weak hit: one option each
    results = _answer_all(g, {"Asha": ["partake"], "Bram": ["partake"]})
    return {
        "bram health": g.char("Bram").health - 2,
        "asha health": g.char("Asha").health - 2,
        "supply": g.char("Asha").supply - 4,
        "notes": [n for r in results for n in r.notes],
    }


def storyweaver(with_it: bool) -> dict[str, Any]:
    """Asha makes camp telling a story as she relaxes; Bram relaxes with her."""
    g = _pair(["storyweaver"])
    _mark(g, "Asha", "storyweaver", 2)
    g.set("Bram", spirit=3)
    before = g.char("Bram").momentum
    options = {"asset": ["storyweaver:2"]} if with_it else {}
    g.move("make camp", WEAK, character="Asha", **options)
    _answer_all(g, {"Bram, choose": ["momentum"], "Asha": ["relax"], "Bram": ["relax"]})
    return {"bram momentum": g.char("Bram").momentum - before, "bram spirit": g.char("Bram").spirit}


def wildblood(with_it: bool) -> dict[str, Any]:
    """Asha makes camp in the woods (+wits instead of +supply): a strong hit."""
    g = _pair(["wildblood"])
    _mark(g, "Asha", "wildblood", 3)
    options = {"asset": ["wildblood:3"]} if with_it else {}
    g.move("make camp", STRONG, character="Asha", **options)
    counts = {}
    while g.state.pending:
        pending = g.state.pending
        counts[pending["character"]] = int(pending["count"])
        g.dice([5] * 10)
        g.engine.choose([o["key"] for o in pending["options"][: int(pending["count"])]])
    return {"counts": counts}


def leech(with_it: bool, share: bool = False) -> dict[str, Any]:
    """Asha strikes with the blood rune (a strong hit): 2 + 1 + Leech's 2 harm."""
    g = _pair(["leech", "hound:1=Fang"])
    if share:
        _mark(g, "Asha", "leech", 2)
    g.track("fight", "Wyvern", "formidable", characters=["Asha"])
    g.move("enter the fray", STRONG, character="Asha", stat="heart")
    _answer_all(g, {})
    g.set("Asha", health=1, momentum=0)
    g.set("Bram", health=1)
    options = {"asset": ["leech:1"]} if with_it else {}
    if with_it:
        g.move("draw blood rune", STRONG, character="Asha")  # the rune the strike spends
    first = g.move("strike", STRONG, character="Asha", stat="iron", **options)
    offered = []
    if first.pending and "reroll" in first.pending["prompt"]:
        g.engine.decline()
    picks = ["health", "bram:health", "momentum", "health", "hound:health"]
    while g.state.pending:
        pending = g.state.pending
        offered.append(tuple(o["key"] for o in pending["options"]))
        pick = picks.pop(0)
        if pick not in offered[-1]:
            pick = "momentum"
        g.engine.choose([pick])
    return {
        "points": len(offered),
        "options": offered[0] if offered else (),
        "asha health": g.char("Asha").health - 1,
        "asha momentum": g.char("Asha").momentum,
        "bram health": g.char("Bram").health - 1,
        "ticks": g.state.tracks[FIGHT].ticks,
    }


def skirmisher(with_it: bool, recover: bool = True) -> dict[str, Any]:
    """Asha drives her spear home (a strong hit); the fight goes on (or not)."""
    g = Game()
    g.character("Asha", ASHA_STATS, assets=["skirmisher"])
    _mark(g, "Asha", "skirmisher", 2)
    g.track("fight", "Wyvern", "formidable")
    g.move("enter the fray", STRONG, stat="heart")
    _answer_all(g, {})
    options = {"asset": ["skirmisher:2"]} if with_it else {}
    result = g.move("strike", STRONG, stat="iron", **options)
    asked = keys(result)
    g.dice([5] * 10)
    made = [g.engine.choose(["yes"]) if recover else g.engine.decline()] if asked else []
    names = [(m.name, m.stat) for r in made for m in r.moves]
    return {"asked": asked, "made": names}


def shield_bearer(with_it: bool, answer: str = "sacrifice", fight: bool = True) -> dict[str, Any]:
    """Asha is forced to Endure Harm (2)."""
    g = Game()
    g.character("Asha", ASHA_STATS, assets=["shield_bearer"])
    if with_it:
        _mark(g, "Asha", "shield_bearer", 3)
    if fight:
        g.track("fight", "Wyvern", "formidable")
        g.move("enter the fray", STRONG, stat="heart")
        _answer_all(g, {})
    momentum = g.char().momentum
    g.dice([*STRONG, 5, 5, 5])
    result = g.engine.make_move("endure harm", amount=2)
    asked = keys(result)
    rolled = result.moves[0].roll is not None if result.moves else False
    if asked == ("sacrifice", "endure"):
        g.dice([*STRONG, 5, 5, 5])
        answered = g.engine.choose([answer])
        rolled = any(m.roll for m in answered.moves)
    _answer_all(g, {})  # a strong hit: shake it off (+1 health, -1 momentum)
    return {
        "asked": asked,
        "health": g.char().health,
        "momentum": g.char().momentum - momentum,
        "rolled": rolled,
    }


def animal_kin(with_it: bool) -> dict[str, Any]:
    """Asha Forges a Bond with Fang, her hound, every ability of it marked."""
    g = Game()
    g.character("Asha", ASHA_STATS, assets=["animal_kin", "hound:1=Fang"])
    _mark(g, "Asha", "hound", 2)
    _mark(g, "Asha", "hound", 3)
    if with_it:
        _mark(g, "Asha", "animal_kin", 2)
        result = g.move("forge a bond", (), companion="fang")
    else:
        result = g.move("forge a bond", STRONG, **{"with": "Fang"})
    pending = keys(result)
    return {
        "rolled": result.moves[0].roll is not None,
        "outcome": result.moves[0].outcome,
        "bonds": list(g.char().bonds),
        "bond ticks": g.char().bond_ticks,
        "experience": g.char().experience_earned,
        "pending": pending,
        "named": result.moves[0].assets,
    }


@dataclass(frozen=True)
class Row:
    name: str
    scenario: Callable[..., dict[str, Any]]
    kwargs: dict[str, Any]
    with_it: dict[str, Any]  # what the scenario returns with the ability (the keys compared)
    without: dict[str, Any]


ROWS = [
    Row("long-arm 3: an ally's strong hit on your journey", long_arm, {},
        {"asha momentum": 1, "named": ["Long-Arm 3 (Asha)"]},
        {"asha momentum": 0, "named": []}),
    Row("long-arm 3: not on that journey, nothing", long_arm, {"together": False},
        {"asha momentum": 0}, {"asha momentum": 0}),
    Row("loyalist 2: +1 to an ally's Endure Stress, +1 momentum on their hit", loyalist, {},
        {"adds": 1, "outcome": "weak_hit", "asha momentum": 1, "named": ["Loyalist 2 (Asha)"]},
        {"adds": 0, "outcome": "miss", "asha momentum": 0, "named": []}),
    Row("herbalist 3: an ally partakes of the meal: +1 health more, no -supply", herbalist, {},
        {"bram health": 2, "asha health": 2, "supply": -1},
        {"bram health": 1, "asha health": 1, "supply": -2}),
    Row("storyweaver 2: an ally who relaxes with you takes +1 momentum", storyweaver, {},
        {"bram momentum": 1, "bram spirit": 4}, {"bram momentum": 0, "bram spirit": 4}),
    Row("wildblood 3: you and your allies each choose one more", wildblood, {},
        {"counts": {"Asha": 3, "Bram": 3}}, {"counts": {"Asha": 2, "Bram": 2}}),
    Row("leech 1: each point of harm as +health or +momentum", leech, {},
        {"points": 5, "options": ("health", "momentum"), "asha health": 2, "asha momentum": 3,
         "ticks": 4 * 5},
        {"points": 0, "asha health": 0, "ticks": 4 * 3}),
    Row("leech 2: an ally or a companion may take points", leech, {"share": True},
        {"points": 5, "asha health": 2, "bram health": 1,
         "options": ("health", "momentum", "bram:health", "bram:momentum", "hound:health")},
        {"points": 0, "bram health": 0}),
    Row("skirmisher 2: the fight goes on: Face Danger +iron for the spear", skirmisher, {},
        {"asked": ("yes",), "made": [("Face Danger", "iron")]}, {"asked": None, "made": []}),
    Row("skirmisher 2: the fight is over: declined", skirmisher, {"recover": False},
        {"asked": ("yes",), "made": []}, {"asked": None, "made": []}),
    Row("shield-bearer 3: the shield sacrificed, the harm ignored, -2 momentum", shield_bearer,
        {}, {"asked": ("sacrifice", "endure"), "health": 5, "momentum": -2, "rolled": False},
        {"asked": ("shake_it_off", "embrace_the_pain"), "health": 4, "rolled": True}),
    Row("shield-bearer 3: the shield kept: Endure Harm as usual", shield_bearer,
        {"answer": "endure"}, {"asked": ("sacrifice", "endure"), "health": 4, "rolled": True},
        {"health": 4, "rolled": True}),
    Row("shield-bearer 3: not in a fight, nothing asked", shield_bearer, {"fight": False},
        {"asked": ("shake_it_off", "embrace_the_pain"), "health": 4},
        {"asked": ("shake_it_off", "embrace_the_pain"), "health": 4}),
    Row("animal kin 2: an automatic strong hit with the companion", animal_kin, {},
        {"rolled": False, "outcome": "strong_hit", "bonds": ["Fang"], "bond ticks": 2,
         "experience": 1, "pending": ("spirit", "momentum"), "named": ["Animal Kin 2"]},
        {"rolled": True, "outcome": "strong_hit", "bonds": ["Fang"], "bond ticks": 1,
         "experience": 0, "pending": ("spirit", "momentum")}),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r.name)
def test_with_and_without_the_ability(row: Row) -> None:
    for with_it, expected in ((True, row.with_it), (False, row.without)):
        got = row.scenario(with_it, **row.kwargs)
        for key, value in expected.items():
            if key == "named":
                assert all(any(v in a for a in got[key]) for v in value), got[key]
                if not value:
                    assert got[key] == [], got[key]
            else:
                assert got[key] == value, (with_it, key, got)


def test_shadow_walk_weak_hit_asks_a_stat_then_faces_danger() -> None:
    """ "On a weak hit, as above [+1 momentum], but ... You must first Face Danger to find your
    way": the stat is the player's."""
    g = Game()
    g.character("Asha", ASHA_STATS, assets=["shadow_walk"])
    result = g.move("shadow-walk", WEAK)
    assert result.moves[0].outcome == "weak_hit"
    assert keys(result) == ("edge", "heart", "iron", "shadow", "wits")
    assert ("momentum", 2, 3) in [(e["target"], e["from"], e["to"]) for e in result.effects]
    found = g.choose(["wits"], dice=STRONG)
    assert [(m.name, m.stat) for m in found.moves] == [("Face Danger", "wits")]
    strong = Game()
    strong.character("Asha", ASHA_STATS, assets=["shadow_walk"])
    assert keys(strong.move("shadow-walk", STRONG)) is None  # a strong hit: no Face Danger


def test_an_ally_abilities_need_the_ally_in_the_party() -> None:
    """Supply not shared: the characters are not together, so no ally's ability acts."""
    g = _pair(["loyalist"])
    _mark(g, "Asha", "loyalist", 2)
    g._keep(g.sheet.share_supply(False))
    result = g.move("endure stress", (2, 6, 9), character="Bram", amount=1)
    assert result.moves[0].roll["adds"] == 0


def test_the_shield_answer_is_undone_as_one_operation() -> None:
    g = Game()
    g.character("Asha", ASHA_STATS, assets=["shield_bearer"])
    _mark(g, "Asha", "shield_bearer", 3)
    g.track("fight", "Wyvern", "formidable")
    g.move("enter the fray", STRONG, stat="heart")
    _answer_all(g, {})
    g.move("endure harm", (), amount=2)
    before = g.snapshot()
    answered = g.choose(["sacrifice"])
    assert g.snapshot() != before
    for event in reversed(answered.events):
        g.state.revert(event)
    assert g.snapshot() == before


def test_the_meal_is_undone_with_the_choice() -> None:
    g = _pair(["herbalist"])
    _mark(g, "Asha", "herbalist", 3)
    g.set("Asha", health=2)
    g.set("Bram", health=2)
    g.move("make camp", WEAK, character="Asha")
    g.choose(["partake"])  # Asha first, the maker of the camp
    before = g.snapshot()
    answered = g.choose(["partake"])
    assert g.char("Bram").health == 4
    for event in reversed(answered.events):
        g.state.revert(event)
    assert g.snapshot() == before


@pytest.mark.parametrize(
    ("setup", "companion", "error", "says"),
    [
        ((), "fang", InvalidValue, "without Animal Kin 2"),
        ((("animal_kin", 2),), "fang", RuleViolation, "mark all of Fang's abilities"),
        ((("animal_kin", 2),), "wolf", IronswornError, "wolf"),
    ],
)
def test_forging_a_bond_with_a_companion_is_refused(
    setup: tuple[tuple[str, int], ...], companion: str, error: type[Exception], says: str
) -> None:
    g = Game()
    g.character("Asha", ASHA_STATS, assets=["animal_kin", "hound:1=Fang"])
    for asset, number in setup:
        _mark(g, "Asha", asset, number)
    before = g.snapshot()
    with pytest.raises(error, match=says):
        g.engine.make_move("forge a bond", companion=companion)
    assert g.snapshot() == before


def test_a_leech_point_not_offered_is_refused_and_changes_nothing() -> None:
    g = Game()
    g.character("Asha", ASHA_STATS, assets=["leech"])
    g.track("fight", "Wyvern", "formidable")
    g.move("enter the fray", STRONG, stat="heart")
    _answer_all(g, {})
    g.move("draw blood rune", STRONG)
    g.move("strike", STRONG, stat="iron", asset=["leech:1"])
    g.decline()  # no reroll
    before = g.snapshot()
    with pytest.raises(InvalidValue, match="'bram:health' is not offered"):
        g.engine.choose(["bram:health"])
    assert g.snapshot() == before


# --- on the command line ---------------------------------------------------------------------


def test_the_command_line_bonds_with_a_companion(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["character", "new", "Asha", "--stats", "3,2,2,1,1", "--asset", "animal_kin",
                 "--asset", "hound:1=Fang", "--asset", "improviser"]) == 0  # fmt: skip
    assert main(["asset", "mark", "animal_kin", "2"]) == 0
    capsys.readouterr()
    main(["sheet", "--json"])
    before = capsys.readouterr().out
    assert main(["move", "forge", "a", "bond", "--companion", "fang"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Fang" in err
    main(["sheet", "--json"])
    assert capsys.readouterr().out == before
    assert main(["asset", "mark", "hound", "2"]) == 0
    assert main(["asset", "mark", "hound", "3"]) == 0
    capsys.readouterr()
    assert main(["move", "forge", "a", "bond", "--companion", "fang", "--json"]) == 0
    made = json.loads(capsys.readouterr().out)
    assert made["outcome"] == "strong_hit" and made["roll"] is None
    assert made["assets"] == ["Animal Kin 2"]
