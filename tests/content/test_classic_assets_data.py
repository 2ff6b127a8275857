"""The classic asset deck (``assets.json``) against the facts of the Datasworn data.

Our file holds the 78 cards' facts and our own summaries. Each fact is compared with
Datasworn's classic.json (ids, names, types, tracks, fields, starting marks, the moves an
ability gives, the numbers it adds); the summaries must not copy its text.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from functools import cache
from typing import Any

import pytest

from ironsworn.content import load_ruleset
from ironsworn.content.model import Asset
from ironsworn.moves.assets.coverage import ability_status, tally
from shared_files import CLASSIC_DATASWORN, shared_file


@cache
def datasworn() -> dict[str, dict[str, Any]]:
    data = json.loads(shared_file(CLASSIC_DATASWORN).read_text(encoding="utf-8"))
    return {
        asset["_id"]: {**asset, "type": category}
        for category, collection in data["assets"].items()
        for asset in collection["contents"].values()
    }


def ours() -> dict[str, Asset]:
    return load_ruleset("classic").assets


def test_the_deck_is_the_datasworn_deck() -> None:
    assert set(ours()) == set(datasworn())
    counts = Counter(a.type for a in ours().values())
    assert counts == Counter(a["type"] for a in datasworn().values())
    assert counts == {"combat_talent": 14, "companion": 10, "path": 37, "ritual": 17}
    assert sum(len(a.abilities) for a in ours().values()) == 234


@pytest.mark.parametrize("asset_id", sorted(load_ruleset("classic").assets))
def test_card_facts(asset_id: str) -> None:
    mine, theirs = ours()[asset_id], datasworn()[asset_id]
    assert (mine.name, mine.type) == (theirs["name"], theirs["type"])
    assert [a.id for a in mine.abilities] == [a["_id"] for a in theirs["abilities"]]
    assert [a.enabled for a in mine.abilities] == [a["enabled"] for a in theirs["abilities"]]
    assert [a.name for a in mine.abilities] == [a.get("name") or "" for a in theirs["abilities"]]
    meters = [
        (c.get("label") or k, c["max"], c.get("value", c["max"]))
        for k, c in (theirs.get("controls") or {}).items()
        if c.get("field_type") == "condition_meter"
    ]
    assert [(t.name, t.max, t.value) for t in mine.tracks] == meters
    # A companion's health is the meter companion moves act on.
    health = mine.condition_meter
    if mine.type == "companion":
        assert health is not None and (health.name, health.max) == meters[0][:2]
    else:
        assert health is None
    options = theirs.get("options") or {}
    texts = [o.get("label") or k for k, o in options.items() if o["field_type"] == "text"]
    assert list(mine.fields) == texts
    selects = {k: o for k, o in options.items() if o["field_type"] == "select_value"}
    assert {k: dict(v) for k, v in mine.selects.items()} == {
        k: {c: choice["stat"] for c, choice in o["choices"].items()} for k, o in selects.items()
    }
    for ability, their in zip(mine.abilities, theirs["abilities"], strict=True):
        assert [m.id for m in ability.moves] == [
            m["_id"] for m in (their.get("moves") or {}).values()
        ], ability.id


def _their_text(ability_id: str) -> str:
    """The card's text of an ability; "As above" ones include the first ability's text."""
    for asset in datasworn().values():
        for ability in asset["abilities"]:
            if ability["_id"] == ability_id:
                text = str(ability["text"])
                if text.startswith("As above"):
                    text = str(asset["abilities"][0]["text"]) + " " + text
                return text
    raise KeyError(ability_id)


def _adds(effects: Any) -> set[int]:
    return {int(e["add"]) for e in effects if isinstance(e.get("add"), int)}


# Cards whose "+2 (instead of +1)" is +1 on top of the move's own +1; and the ones whose add
# stands in an ability's own move (a ritual's "add +1" when performing it is ours too).
ADD_ON_TOP = {
    "asset.ability:classic/path/storyweaver.2",
    "asset.ability:classic/path/honorbound.0",
    "asset.ability:classic/path/bonded.0",
}


def test_every_add_the_card_names_is_in_our_effects() -> None:
    """ "add +N" in the card's text (a fact) is an add of one of our effects, and back."""
    checked = 0
    for asset in ours().values():
        for ability in asset.abilities:
            text = _their_text(ability.id)
            named = {int(n) for n in re.findall(r"\badd \+(\d)", text, re.IGNORECASE)}
            if re.search(r"add an additional \+1|add \+1 more", text):
                named.add(2)  # +1, and +1 more for a cost: one add of +2 in our effects
            mine = _adds(ability.effects)
            status = ability_status(ability)
            if ability.id in ADD_ON_TOP:
                assert mine == {1}, ability.id
                continue
            if status["kind"] == "reminder" or not mine:
                continue  # nothing of ours to compare (a reminder, or an ability of the fiction)
            assert mine <= named | {1}, (ability.id, mine, named)
            checked += 1
    assert checked > 110


def _momentum(gain: Any) -> set[int]:
    out: set[int] = set()
    if isinstance(gain, dict):
        if isinstance(gain.get("momentum"), int) and gain["momentum"] > 0:
            out.add(gain["momentum"])
        for option in gain.get("choose") or ():
            out |= _momentum(option)
    return out


def test_every_momentum_gain_is_named_by_the_card() -> None:
    for asset in ours().values():
        for ability in asset.abilities:
            text = _their_text(ability.id)
            named = {int(n) for n in re.findall(r"\+(\d) momentum", text)}
            for effect in ability.effects:
                for key in ("hit", "strong", "weak", "after", "burned"):
                    got = _momentum(effect.get(key))
                    assert got <= named | {1, 2}, (ability.id, key, got, named)
                    if got and ability.id != "asset.ability:classic/combat_talent/swordmaster.2":
                        assert got <= named, (ability.id, key, got, named)


# The rules' stock phrases ("add +1 and take +1 momentum on a hit") state numbers, not
# wording: they are left out before comparing.
STOCK = re.compile(
    r"\b(?:add|take|inflict|suffer|on|a|an|and|the|or|you|your|hit|strong|weak|miss|momentum|"
    r"harm|supply|spirit|health|edge|heart|iron|shadow|wits|\d+)\b"
)


def _words(text: str) -> list[str]:
    plain = STOCK.sub(" ", text.lower().replace("’", "'"))
    return re.findall(r"[a-z0-9']+", plain)


def test_summaries_are_our_own_words() -> None:
    """No summary repeats a run of 8 words of the card's text, stock phrases aside."""
    for asset in ours().values():
        for ability in asset.abilities:
            theirs = _words(re.sub(r"\]\([^)]*\)", "", _their_text(ability.id)))
            runs = {tuple(theirs[i : i + 8]) for i in range(len(theirs) - 7)}
            mine = _words(ability.summary)
            copied = [tuple(mine[i : i + 8]) for i in range(len(mine) - 7)]
            assert not [r for r in copied if r in runs], (ability.id, ability.summary)


def test_licence_names_the_datasworn_source() -> None:
    from ironsworn.content.loader import DATA_DIR

    data = json.loads((DATA_DIR / "classic" / "assets.json").read_text(encoding="utf-8"))
    assert "CC BY 4.0" in data["_licence"] and "Datasworn" in data["_licence"]
    notice = (DATA_DIR.parent.parent / "NOTICE").read_text(encoding="utf-8")
    assert "assets.json" in notice and "CC BY 4.0" in notice and "Datasworn" in notice


def test_automation_count() -> None:
    """Of the 234 abilities, how many the engine applies in full, in part, or not at all."""
    counts = tally(ours().values())
    assert counts["abilities"] == 234
    assert counts["automated"] + counts["partial"] + counts["reminder"] == 234
    assert counts["automated"] >= 227
    assert counts["partial"] == 0
    for asset in ours().values():
        for ability in asset.abilities:
            status = ability_status(ability)
            assert status["kind"] == "automated" or status["why"], ability.id
            # A reminder's reason is one of the kinds the report counts.
            assert status["reason"] in ("", "narrative", "lasting", "sheet", "other"), ability.id
