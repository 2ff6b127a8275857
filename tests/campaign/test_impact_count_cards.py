"""The count of a character's debilities (or impacts) with the asset cards that weigh on it.

``CharacterState.impact_count`` is read several times a move (momentum's maximum and reset);
it skips reading the cards' sheet marks when no card held changes the sheet (issue 24). The
count must be what the marks say, for every classic card: each ability marked alone and all
of them, a card's track at 0 and full, no debility and every one, a lasting effect weighing
as a debility or none.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from ironsworn.campaign.character_state import CharacterState
from ironsworn.content import load_ruleset
from ironsworn.debilities import DEBILITIES
from ironsworn.impacts import IMPACTS
from ironsworn.moves.assets.cards import new_asset_record

JsonDict = dict[str, Any]
STATS = {"edge": 3, "heart": 2, "iron": 2, "shadow": 1, "wits": 1}


def record_of(asset: Any, marked: Sequence[bool], track_at: str) -> JsonDict:
    fields = {label: next(iter(choices)) for label, choices in asset.selects.items()}
    start = None if any(a.enabled for a in asset.abilities) else 1
    record = new_asset_record(asset, "Fang" if asset.fields else None, start, fields)
    record["abilities"] = list(marked)
    for track in record["tracks"].values():
        track["value"] = 0 if track_at == "zero" else track["max"]
    return record


def counted(char: CharacterState) -> int:
    """The count as the marks say it: each mark weighing as a debility counts; a debility a
    mark uncounts does not; at most 10 once a card, a move's mark or a lasting effect is in."""
    count = len(char.debilities) + len(char.impacts) + char.vehicle_impacts
    marks: Sequence[Mapping[str, Any]] = char.sheet_marks()
    count += sum(1 for m in marks if m.get("debility"))
    count -= len({d for m in marks for d in m.get("uncounted") or ()} & set(char.debilities))
    return max(0, min(count, 10))


CARDS = list(load_ruleset("classic").assets.values())


@pytest.mark.parametrize("asset", CARDS, ids=[a.id.rsplit("/", 1)[-1] for a in CARDS])
def test_the_count_is_what_the_cards_marks_say(asset: Any) -> None:
    size = len(asset.abilities)
    markings = [[i == j for j in range(size)] for i in range(size)] + [[True] * size]
    for marked in markings:
        for track_at in ("zero", "full"):
            for debilities in ([], list(DEBILITIES)):
                for lasting in ([], [{"id": "rune", "debility": True}]):
                    char = CharacterState("Asha", dict(STATS), debilities=list(debilities))
                    char.assets = [record_of(asset, marked, track_at)]
                    char.lasting = [dict(e) for e in lasting]
                    assert char.impact_count == counted(char), (marked, track_at, debilities)


def test_a_card_without_sheet_changes_still_caps_the_count_at_ten() -> None:
    """Every Starforged impact and two vehicle troubles: twelve alone, ten with a card held
    (as ever: the cap applies once a card is in)."""
    char = CharacterState("Kira", dict(STATS), ruleset="starforged", impacts=list(IMPACTS))
    char.vehicle_impacts = 2
    assert char.impact_count == 12
    hawk = load_ruleset("classic").asset("hawk")
    char.assets = [record_of(hawk, [True, False, False], "full")]
    assert "sheet" not in char.assets[0]
    assert char.impact_count == 10
