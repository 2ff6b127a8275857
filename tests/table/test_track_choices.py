"""A move's track is offered by kind (issues 18 and 19): "the tracks of the right kind
(journeys for Reach Your Destination, fights for End the Fight)". The ``track`` input of
``move`` offers the character's active tracks of the kinds the move acts on; a move that
names no kind (an asset's, a pack's) offers every active one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ironsworn.campaign.store import CampaignStore
from ironsworn.table import Table, call, operation

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    with CampaignStore.open(tmp_path / "t.sqlite", create=True, name="t") as store:
        made = Table(store, "t")
        call(made, "character", {"name": "Asha", "stats": STATS})
        for body in (
            {"kind": "vow", "text": "Avenge my kin", "rank": "dangerous"},
            {"kind": "journey", "text": "to Ironhome", "rank": "troublesome"},
            {"kind": "fight", "foe": "bear"},
            {"kind": "scene", "text": "the flood", "rank": "dangerous"},
        ):
            call(made, "track", body)
        yield made


@pytest.mark.parametrize(
    ("move", "kinds"),
    [
        ("reach your destination", {"journey"}),
        ("undertake a journey", {"journey"}),
        ("end the fight", {"fight"}),
        ("strike", {"fight"}),
        ("enter the fray", {"fight"}),
        ("fulfill your vow", {"vow"}),
        ("swear an iron vow", {"vow"}),
        ("reach a milestone", {"vow"}),
        # Face Danger marks a scene challenge's progress (its only track).
        ("face danger", {"scene"}),
        ("secure an advantage", {"scene"}),
        # A move that names no track: every active one.
        ("gather information", {"vow", "journey", "fight", "scene"}),
    ],
)
def test_a_move_offers_the_tracks_of_its_kinds(table: Table, move: str, kinds: set[str]) -> None:
    offered = operation("move").input("track").choices(table, {"move": move})
    state = table.state()
    assert {state.tracks[c.key].kind for c in offered} == kinds


def test_a_move_with_no_track_of_its_kind_offers_none(tmp_path: Path) -> None:
    with CampaignStore.open(tmp_path / "u.sqlite", create=True, name="u") as store:
        made = Table(store, "u")
        call(made, "character", {"name": "Asha", "stats": STATS})
        call(made, "track", {"kind": "vow", "text": "Avenge my kin", "rank": "dangerous"})
        for move in ("end the fight", "reach your destination", "face danger"):
            assert operation("move").input("track").choices(made, {"move": move}) == []
