"""A cost too large for a suffer move, carried on from a loss made by hand, is paid as the most
one takes. Supply lost past 0 is paid with a different suffer move (an engine choice: as a
loss while unprepared); -22 supply at 5 asked to apply -17 to another suffer move, and every
one offered was then refused ('amount 17 is out of range (accepted: 0 to 10)'). It is paid as
-10, which empties any meter and carries the rest to momentum, and the note says so."""

from __future__ import annotations

from pathlib import Path

import pytest

from ironsworn.campaign.store import CampaignStore
from ironsworn.table import Table, call


def test_supply_lost_far_past_zero_is_paid_as_the_most_a_suffer_move_takes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("IRONSWORN_HOME", str(tmp_path / "home"))
    with CampaignStore.open(tmp_path / "c.sqlite", create=True, name="c") as store:
        table = Table(store, "c")
        call(table, "ruleset", {"ruleset": "starforged"})
        call(table, "character", {"name": "Kira", "stats": "3,2,2,1,1"})
        lost = call(table, "adjust", {"meter": "supply", "delta": -22})
        assert lost["notes"] == [
            "Kira: supply is exhausted: -17 supply is paid with a different suffer move "
            "(as -10, the most one takes)"
        ]
        (asked,) = lost["pending"]
        assert asked["prompt"] == "apply the cost (-10) to a different suffer move"
        for option in asked["options"]:
            paid = call(table, "choose", {"keys": [option["key"]]})  # none is refused
            assert paid["effects"], option
            call(table, "undo", {})
        paid = call(table, "choose", {"keys": ["endure_harm"]})
    assert {"target": "health", "from": 5, "to": 0, "character": "Kira"} in paid["effects"]
