"""Health's and spirit's maximum with the asset cards that change it (issue 24).

``CharacterState.meter_max`` is read on every gain of health or spirit; it skips reading the
cards' sheet marks when no card held keeps what it changes on the sheet and no move set a mark
for a while. The maximum must be what the marks say, for every classic card: each ability
marked alone and all of them, a card's track at 0 and full, a move's mark (Battle-Scarred's
-1) or none, a lasting effect or none.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_impact_count_cards import CARDS, STATS, record_of

from ironsworn.campaign.character_state import CharacterState


def most(char: CharacterState, meter: str) -> int:
    """The maximum as the marks say it: +5, with each mark's change of the meter's maximum."""
    return max(0, 5 + sum(int(m.get(f"{meter}_max") or 0) for m in char.sheet_marks()))


@pytest.mark.parametrize("asset", CARDS, ids=[a.id.rsplit("/", 1)[-1] for a in CARDS])
def test_the_maximum_is_what_the_cards_marks_say(asset: Any) -> None:
    size = len(asset.abilities)
    markings = [[i == j for j in range(size)] for i in range(size)] + [[True] * size]
    for marked in markings:
        for track_at in ("zero", "full"):
            for flags in ({}, {"asset_sheet": {"scarred": {"health_max": -1}}}):
                for lasting in ([], [{"id": "rune", "debility": True}]):
                    char = CharacterState("Asha", dict(STATS), flags=dict(flags))
                    char.assets = [record_of(asset, marked, track_at)]
                    char.lasting = [dict(e) for e in lasting]
                    for meter in ("health", "spirit"):
                        assert char.meter_max(meter) == most(char, meter), (marked, flags)


def test_a_card_that_takes_from_the_maximum_still_does() -> None:
    """Battle-Scarred's -1 health is read from its card; without a card, +5."""
    scarred = next(a for a in CARDS if a.id.endswith("/battle_scarred"))
    char = CharacterState("Asha", dict(STATS))
    assert char.meter_max("health") == 5
    char.assets = [record_of(scarred, [True] * len(scarred.abilities), "full")]
    assert "sheet" in char.assets[0]
    assert char.meter_max("health") == most(char, "health") < 5
