"""A mark taken back leaves a vehicle's (or a card's) marks list empty where a fold of the log
from nothing has none: a record the engine writes afterwards ("the command vehicle is lost",
with the vehicle as it was) holds ``"marks": []``. The log folds again from nothing all the
same (a campaign imported, or a snapshot made anew), and a real difference is still refused."""

from __future__ import annotations

from typing import Any

import pytest

from ironsworn.campaign.state import CampaignState
from ironsworn.errors import CampaignError

SHIP = {"impacts": [], "integrity": 5, "max": 5, "name": "Wayfarer"}
CREATED = {"type": "vehicle", "from": None, "to": SHIP}
BATTERED = {"type": "vehicle_mark", "mark": "battered", "from": False, "to": True}


def fold(*events: dict[str, Any]) -> CampaignState:
    state = CampaignState()
    for event in events:
        state.apply(event)
    return state


def test_a_record_written_after_a_mark_was_taken_back_folds_from_nothing() -> None:
    live = fold(CREATED, BATTERED)
    live.revert(BATTERED)  # undone, or a refused operation's mark taken back
    assert live.vehicle == {**SHIP, "marks": []}
    lost = {"type": "vehicle", "from": live.vehicle, "to": None}
    live.apply(lost)
    # The log holds the vehicle made and the vehicle lost (the mark is not live).
    assert fold(CREATED, lost).vehicle is None


def test_a_record_that_differs_in_a_real_mark_is_still_refused() -> None:
    lost = {"type": "vehicle", "from": {**SHIP, "marks": ["battered"]}, "to": None}
    with pytest.raises(CampaignError, match="the command vehicle is"):
        fold(CREATED, lost)
