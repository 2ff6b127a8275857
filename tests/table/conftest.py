"""Fixtures of the table API's tests: a campaign with one character at its table."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ironsworn.campaign.store import CampaignStore
from ironsworn.table import Table, call

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"


@pytest.fixture
def asha(tmp_path: Path) -> Iterator[Table]:
    """Campaign ``t``'s table: Asha, a bond with Ironhome, and the hound Brann."""
    store = CampaignStore.open(tmp_path / "t.sqlite", create=True, name="t")
    with store:
        made = Table(store, "t")
        call(
            made,
            "character",
            {"name": "Asha", "stats": STATS, "bonds": ["Ironhome"], "assets": ["hound:1=Brann"]},
        )
        yield made
