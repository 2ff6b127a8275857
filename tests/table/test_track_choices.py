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


def test_enter_the_fray_offers_an_allys_fight_and_joins_it(table: Table) -> None:
    """Allies fighting a common enemy share its track (seed 000 L2085-2091): Bram's Enter the
    Fray offers Asha's fight (he was offered only his own, none, and asked for a new foe), the
    move on it makes the fight his too (the log says so), and undo takes him off it."""
    call(table, "character", {"name": "Bram", "stats": STATS})
    offered = (
        operation("move")
        .input("track")
        .choices(table, {"move": "enter the fray", "character": "Bram"})
    )
    fight = next(t for t in table.state().tracks.values() if t.kind == "fight")
    assert [c.key for c in offered] == [fight.id]
    assert "of Asha" in str(offered[0].detail)
    # Strike is made on a fight already shared: Asha's is not Bram's to strike yet.
    assert (
        operation("move").input("track").choices(table, {"move": "strike", "character": "Bram"})
        == []
    )
    call(
        table,
        "move",
        {
            "move": "enter the fray",
            "character": "Bram",
            "stat": "heart",
            "track": fight.id,
            "dice": "6,1,2",
        },
    )
    assert table.state().tracks[fight.id].characters == ["Asha", "Bram"]
    line = table.store.operations()[-1]
    from ironsworn.campaign.journal import Narrator

    assert f"Bram joins the fight: {fight.name}" in Narrator(table.state()).lines(line)
    call(table, "undo", {})
    assert table.state().tracks[fight.id].characters == ["Asha"]


def test_undertake_a_journey_offers_an_allys_journey(table: Table) -> None:
    """Allies travelling together share the journey (seed 000 L1769-1784): Bram's Undertake
    a Journey offers Asha's, and the move on it makes it his (Reach Your Destination's too)."""
    call(table, "character", {"name": "Bram", "stats": STATS})
    asked = {"move": "undertake a journey", "character": "Bram"}
    offered = operation("move").input("track").choices(table, asked)
    journey = next(t for t in table.state().tracks.values() if t.kind == "journey")
    assert [c.key for c in offered] == [journey.id]
    assert "journey of Asha" in str(offered[0].detail)
    move = {**asked, "stat": "wits", "track": journey.id, "dice": "6,1,10"}
    call(table, "move", move)
    assert table.state().tracks[journey.id].characters == ["Asha", "Bram"]
    reach = {"move": "reach your destination", "character": "Bram"}
    assert [c.key for c in operation("move").input("track").choices(table, reach)] == [journey.id]


@pytest.mark.parametrize("kind", ["vow", "journey", "fight", "scene"])
def test_a_bad_rank_is_refused_before_the_characters_are_asked(tmp_path: Path, kind: str) -> None:
    """With two characters a new track asks which ones share it; a bad rank was refused only
    after that was answered (an AI game master answered a question for nothing)."""
    from ironsworn.errors import InvalidValue

    with CampaignStore.open(tmp_path / "two.sqlite", create=True, name="two") as store:
        made = Table(store, "two")
        for name in ("Asha", "Kai"):
            call(made, "character", {"name": name, "stats": STATS})
        before = store.head()
        body = {"kind": kind, "text": "the ford", "foe": "bear", "rank": "hard"}
        with pytest.raises(InvalidValue) as refused:
            call(made, "track", body)
        assert str(refused.value) == (
            "rank 'hard' is unknown (accepted: troublesome, dangerous, formidable, extreme, epic)"
        )
        assert store.head() == before
