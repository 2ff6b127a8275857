"""Every automated Starforged asset ability, made with and without it.

The cards are the player's Datasworn Starforged file (imported once for this module); the
moves each effect acts on are that file's ``enhance_moves``; what the effect does is ours
(``content/starforged_effects``). For each effect, the move it names is made twice from the
same start and with the same dice: by Kira without the card, and by Kira with the ability
marked and named (``--asset KEY:N[:OPTION]`` when it has a condition of the fiction). The
difference must be what the effect says: the add, the stat rolled, the outcome it counts as,
the reroll offered, the preset action die, the automatic result, momentum, meters, supply,
the card's meter, the legacy ticks and the progress marked.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

import pytest
from asset_harness import MISS, STRONG, WEAK, check_add, check_reroll, counted_as, due_gains
from sf_assets_support import SfGame, sf_asset, starforged_home

from ironsworn.content import load_library
from ironsworn.content.starforged_effects import PREFIX, table
from ironsworn.dice import FixedDice

__all__ = ["starforged_home"]

MOVE = "move:starforged/"
OWN_STAT = {
    "face_danger": "edge",
    "secure_an_advantage": "edge",
    "compel": "heart",
    "strike": "iron",
    "clash": "iron",
    "gain_ground": "edge",
    "react_under_fire": "edge",
    "enter_the_fray": "heart",
    "resupply": "wits",
    "repair": "wits",
    "undertake_an_expedition": "wits",
    "swear_an_iron_vow": "heart",
    "make_a_connection": "heart",
}
FIGHT = {"strike", "clash", "gain_ground", "react_under_fire", "take_decisive_action"}
EXPEDITION = {"undertake_an_expedition", "explore_a_waypoint", "finish_an_expedition"}
VOW = {"swear_an_iron_vow", "reach_a_milestone", "fulfill_your_vow"}
CONNECTION = {"develop_your_relationship", "test_your_relationship", "forge_a_bond"}


@pytest.fixture(autouse=True)
def private_home(starforged_home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This module's data home: the one with the Starforged file imported."""
    monkeypatch.setenv("IRONSWORN_HOME", str(starforged_home))
    monkeypatch.delenv("IRONSWORN_CAMPAIGN", raising=False)
    return starforged_home


@dataclass(frozen=True)
class Case:
    ability_id: str
    effect_index: int

    @property
    def card(self) -> str:
        return self.ability_id.rsplit("/", 1)[-1].split(".")[0]

    @property
    def number(self) -> int:
        return int(self.ability_id.rsplit(".", 1)[-1]) + 1

    @property
    def id(self) -> str:
        return f"{self.card}:{self.number}#{self.effect_index}"


def cases() -> Iterator[Case]:
    """One case per effect of our table, but the uses outside a move (tested apart)."""
    for ability_id, spec in table().items():
        for index, effect in enumerate(spec.effects):
            if effect.get("moves") == ["use"] or "after_roll" in effect or "discount" in effect:
                # test_starforged_assets.py: an ability used outside a move, an add offered
                # after the roll, Advance's discount
                continue
            yield Case(ability_id, index)


CASES = list(cases())


def _effect(case: Case) -> dict[str, Any]:
    asset = sf_asset(case.card)
    ability = asset.abilities[case.number - 1]
    assert ability.id == case.ability_id
    return dict(ability.effects[case.effect_index])


def _move_for(effect: dict[str, Any]) -> str:
    """The move to make: the effect's own, a pattern's first Starforged move, or a common one."""
    moves = [str(m) for m in effect["moves"]]
    if moves == ["*"]:
        return MOVE + "adventure/face_danger"
    if moves == ["progress"]:
        return MOVE + "quest/fulfill_your_vow"
    ids = list(load_library().in_ruleset("moves", "starforged"))
    first = moves[0]
    matched = [m for m in ids if fnmatchcase(m, first)]
    preferred = [m for m in matched if "/scene_challenge/" not in m]
    return (preferred or matched)[0]


def _dice(effect: dict[str, Any], short: str) -> tuple[int, ...]:
    reroll = effect.get("reroll")
    if isinstance(reroll, dict):
        if reroll.get("showing") and reroll.get("dice") == "action":
            return (int(reroll["showing"]), 1, 2)  # the action die to reroll
        if reroll.get("showing"):
            return (10, 2)  # a progress roll with a 10 to reroll
        after = reroll.get("after") or ()
        if reroll.get("below"):
            return (1, 10, 10) if "miss" in after else (1, 1, 2)
        if "weak_hit" in after:
            return WEAK
        if "miss" in after:
            return MISS
    if short in ("fulfill_your_vow", "finish_an_expedition", "take_decisive_action"):
        return (1, 2)  # a progress roll: a strong hit
    if short == "reach_a_milestone":
        return ()
    if effect.get("miss_as_weak") or effect.get("miss") or effect.get("miss_match"):
        return MISS if not effect.get("miss_match") else (1, 10, 10)
    if effect.get("weak_as_strong") or effect.get("weak"):
        return WEAK
    if effect.get("match") or effect.get("strong_match"):
        return (6, 2, 2)
    return STRONG


def _stage(case: Case, effect: dict[str, Any], with_it: bool) -> tuple[SfGame, dict[str, Any]]:
    key = case.card
    asset = sf_asset(key)
    choice = key
    if not any(a.enabled for a in asset.abilities):
        choice += f":{case.number}"
    if "companion" in asset.type.lower() or asset.fields:
        choice += "=Pal"
    for label, choices in asset.selects.items():
        choice += f",{label}={next(iter(choices))}"
    move = _move_for(effect)
    short = move.rsplit("/", 1)[-1]
    companion_move = short == "companion_takes_a_hit"
    # Companion Takes a Hit needs a companion: without the card, another one takes the hit.
    deed = "/deed/" in asset.id
    g = SfGame([choice] if with_it and not deed else (["combat_bot=Rex"] if companion_move else []))
    if deed:
        # A deed is not taken at creation: Kira buys it with Advance (and so does the Kira
        # without it earn the same experience).
        g._keep(g.sheet.mark_legacy("Kira", "quests", 8))
        _settle(g)
        if with_it:
            g.engine.make_move("advance", asset=key)
    if with_it and not g.record(key)["abilities"][case.number - 1]:
        g.ability(key, case.number)
    below = isinstance(effect.get("reroll"), dict) and effect["reroll"].get("below")
    low = short in ("heal", "hearten", "sojourn", "resupply", "repair") and not below
    g.set(health=1 if low else 3, spirit=1 if low else 3, supply=1 if low else 3)
    kwargs: dict[str, Any] = {}
    if short == "make_a_connection":
        kwargs["with"] = "Dax"
        kwargs["role"] = "pilot"
    g.engine.dice = FixedDice([5] * 40)
    if short in FIGHT or short == "enter_the_fray":
        ticks = 20 if short == "take_decisive_action" else 0
        track = g.track("fight", "Raiders", "dangerous", ticks=ticks)
        kwargs["track"] = track.id
        if short != "enter_the_fray":
            # In control for Strike and Gain Ground, in a bad spot for Clash and React Under
            # Fire (Enter the Fray's strong hit or miss).
            bad = short in ("clash", "react_under_fire")
            g.engine.dice = FixedDice([*(MISS if bad else STRONG), *([5] * 20)])
            g.engine.make_move("enter the fray", stat="heart", track=track.id)
            _settle(g)
    if short in EXPEDITION:
        ticks = 20 if short == "finish_an_expedition" else 0
        kwargs["track"] = g.track("expedition", "Shroud", "dangerous", ticks=ticks).id
    if short in VOW:
        ticks = 24 if short == "fulfill_your_vow" else 0
        background = bool(effect.get("background"))
        rank = "extreme" if background else "formidable"
        result = g._keep(g.sheet.new_track("vow", "Vow", rank, background=background))
        kwargs["track"] = str(result.events[0]["track"]["id"])
        if ticks:
            g._keep(g.sheet.progress(kwargs["track"], True, ticks=ticks))
    if effect.get("automatic") and (effect.get("after") or {}).get("sheet"):
        # Fated's protection: only while the background vow is unfulfilled.
        g._keep(g.sheet.new_track("vow", "Fate", "epic", background=True))
    if short in CONNECTION:
        result = g._keep(g.sheet.new_track("connection", "Dax", "dangerous", role="pilot"))
        kwargs["track"] = str(result.events[0]["track"]["id"])
    if short in ("endure_harm", "endure_stress", "withstand_damage", "companion_takes_a_hit"):
        kwargs["amount"] = 1
    if short == "companion_takes_a_hit" and with_it:
        kwargs["companion"] = g.record(key)["id"]
    if effect.get("zero_health"):
        g.set(health=0)
    if short == "face_death":
        g.set(health=0)
    if short == "face_desolation":
        g.set(spirit=0)
    roll = [str(r) for r in effect.get("roll") or ()]
    stats = [str(s) for s in effect.get("stat") or ()]
    conditional = bool(effect.get("when") or effect.get("option"))
    if with_it and (len(roll) > 1 or (roll and not conditional)):
        kwargs["stat"] = roll[0]  # an unasked "you may roll +supply" applies when chosen
    elif stats and not roll:
        kwargs["stat"] = stats[0]
    elif short in OWN_STAT and not (with_it and roll):
        kwargs["stat"] = OWN_STAT[short]
    if with_it and conditional:
        option = f":{effect['option']}" if effect.get("option") else ""
        kwargs["asset"] = [f"{key}:{case.number}{option}"]
    kwargs["move"] = move
    return g, kwargs


def _settle(g: SfGame, offers: list[str] | None = None) -> list[Any]:
    """Answer what is pending: the first options of a choice, no burn, no reroll (an asset's
    reroll offered is noted in ``offers``)."""
    results = []
    for _ in range(20):
        pending = g.state.pending
        if not pending:
            break
        point = str((pending.get("resume") or {}).get("point") or "")
        prompt = str(pending.get("prompt") or "").lower()
        if offers is not None and (point == "asset.reroll" or "reroll" in prompt):
            offers.append(point)
        if pending["kind"] == "burn" or int(pending.get("min", 1)) == 0:
            results.append(g.engine.decline())
        else:
            count = int(pending.get("min", 1))
            results.append(g.engine.choose([o["key"] for o in pending["options"]][:count]))
    return results


def _play(case: Case, effect: dict[str, Any], with_it: bool) -> dict[str, Any]:
    g, kwargs = _stage(case, effect, with_it)
    move = kwargs.pop("move")
    short = move.rsplit("/", 1)[-1]
    before_ticks = {t.id: t.ticks for t in g.state.tracks.values()}
    dice = _dice(effect, short)
    if with_it and effect.get("preset") is not None and len(dice) == 3:
        dice = dice[1:]  # the action die is preset, not rolled: the same challenge dice
    g.engine.dice = FixedDice([*dice, *([5] * 60)])
    offers: list[str] = []
    result = g.engine.make_move(g.engine.ruleset.moves[move].name, None, **kwargs)
    results = [result, *_settle(g, offers)]
    mine = [m for r in results for m in r.moves if m.move == move]
    rolled = [m for m in mine if m.roll or m.outcome]
    main = rolled[0] if rolled else mine[0]
    char = g.char()
    changes: Counter[str] = Counter()
    for r in results:
        for event in r.events:
            kind = event.get("type")
            if kind == "meter" and event.get("character") == "Kira":
                changes[str(event["meter"])] += int(event["to"]) - int(event["from"])
            elif kind == "asset_meter":
                changes["meter"] += int(event["to"]) - int(event["from"])
            elif kind == "legacy":
                changes[f"legacy:{event['track']}"] += int(event["to"]["ticks"]) - int(
                    event["from"]["ticks"]
                )
    return {
        "adds": main.roll.get("adds", 0) if main.roll else 0,
        "action_die": main.roll.get("action_die") if main.roll else None,
        "match": bool(main.roll.get("match")) if main.roll else False,
        "stat": main.stat,
        "outcome": mine[-1].outcome,
        "changes": changes,
        "ticks": sum(g.state.tracks[k].ticks - v for k, v in before_ticks.items()),
        "rerolled": bool(offers),
        "assets": [a for m in mine for a in m.assets],
        "notes": [n for r in results for n in r.notes],
        "moves": [m.move for r in results for m in r.moves if m.move != move],
        "record": char.asset(case.card) if with_it else None,
    }


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_with_and_without_the_ability(case: Case) -> None:
    effect = _effect(case)
    with_it = _play(case, effect, True)
    without = _play(case, effect, False)
    notes = with_it["notes"]
    assert with_it["assets"], notes  # the result names the ability that acted
    check_add(effect, with_it, without)
    roll = [str(r) for r in effect.get("roll") or ()]
    if roll and not roll[0].startswith(("select:", "meter", "companion")):
        assert with_it["stat"] == roll[0], notes
    preset = effect.get("preset")
    if preset is not None:
        # The die is set, not rolled: a number, or the Firebird's integrity (5).
        assert with_it["action_die"] == (preset if isinstance(preset, int) else 5), notes
    if effect.get("automatic"):
        assert with_it["outcome"] == effect["automatic"], notes
        return
    if counted_as(effect, with_it, without):
        return
    if isinstance(effect.get("reroll"), dict) or effect.get("reroll") is True:
        check_reroll(with_it, without)
    if with_it["outcome"] != without["outcome"]:
        return  # an add changed the outcome: the move's own gains differ
    match = bool(with_it["match"])
    gains = due_gains(effect, str(with_it["outcome"]), match, with_it["action_die"])
    want: Counter[str] = Counter()
    for gain in [*gains, effect.get("before") or {}]:
        for target, amount in gain.items():
            if target in ("momentum", "health", "spirit", "supply") and isinstance(amount, int):
                want[target] += amount
            elif target == "meter" or target.startswith("legacy:"):
                want[target] += int(amount)
    diff = Counter(with_it["changes"])
    diff.subtract(without["changes"])
    for target, amount in want.items():
        if target == "meter":
            record = with_it["record"]
            meter = record["meter"] if record else None
            assert meter is not None, notes
            continue  # a card's meter is capped at its max: checked by the harness below
        assert diff[target] == amount, (target, dict(diff), notes)
    progress = sum(int(g.get("progress", 0)) for g in gains)
    if progress:
        assert with_it["ticks"] > without["ticks"], notes
    for gain in gains:
        follow = gain.get("follow")
        if follow:
            assert follow["move"] in with_it["moves"], with_it["moves"]


def test_the_table_names_only_real_abilities(starforged_home: Path) -> None:
    """Every key of our table is an ability of the imported deck (a typo cannot hide)."""
    ids = {
        ability.id
        for asset in load_library().in_ruleset("assets", "starforged").values()
        for ability in asset.abilities
    }
    assert set(table()) <= ids
    assert all(key.startswith(PREFIX) for key in table())


def test_a_condition_reads_after_when(starforged_home: Path) -> None:
    """An ability's condition is shown after "when" (the web, play mode): the deck's own
    leading "When" or "While" is left out, so none reads "when while putting trust..."."""
    conditions: dict[str, set[str]] = {}
    for asset in load_library().in_ruleset("assets", "starforged").values():
        for index, ability in enumerate(asset.abilities):
            for effect in ability.effects:
                if effect.get("when"):
                    conditions.setdefault(f"{asset.name} {index + 1}", set()).add(effect["when"])
    (armored,) = conditions["Armored 1"]
    assert armored.startswith("putting trust in your armor")
    assert "piloting a vehicle" in set().union(*conditions.values())  # (Ace: "While piloting")
    leading = {text.split()[0].lower() for texts in conditions.values() for text in texts}
    assert not leading & {"when", "while"}
