"""Delve's failure track survives a snapshot: a classic character keeps it in ``legacy``,
which a classic character's saved shape left out, so a campaign reopened from a snapshot taken
after the track was marked had lost it (on SQLite and PostgreSQL). A character without one
keeps the shape it always had."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from backends import Backend

from ironsworn.campaign.character_state import CharacterState
from ironsworn.campaign.state import CampaignState
from ironsworn.campaign.store import base
from ironsworn.errors import CampaignError

STATS = {"edge": 3, "heart": 2, "iron": 2, "shadow": 1, "wits": 1}
FAILURE = {"ticks": 0, "completed": False, "xp_boxes": 0}


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    if request.param == "postgres":
        return Backend("postgres", tmp_path, request.getfixturevalue("postgres_url"))
    return Backend("sqlite", tmp_path)


def test_a_classic_character_keeps_its_failure_track_in_its_saved_shape() -> None:
    marked = CharacterState("Edda", dict(STATS), legacy={"failure": {**FAILURE, "ticks": 5}})
    saved = marked.to_dict()
    assert saved["legacy"] == {"failure": {**FAILURE, "ticks": 5}}
    assert CharacterState.from_dict(saved).legacy_track("failure")["ticks"] == 5
    assert "legacy" not in CharacterState("Kai", dict(STATS)).to_dict()  # the shape it had


def test_the_failure_track_is_kept_when_the_campaign_reopens_from_a_snapshot(
    backend: Backend, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(base, "SNAPSHOT_INTERVAL", 3)
    created = {
        "type": "character_created",
        "character": CharacterState("Edda", dict(STATS)).to_dict(),
    }
    marked = {"type": "legacy", "character": "Edda", "track": "failure", "from": FAILURE,
              "to": {**FAILURE, "ticks": 5}}  # fmt: skip
    with backend.open("c", state_type=CampaignState) as store:
        with store.write() as tx:
            tx.append("character", [created], character="Edda")
        with store.write() as tx:
            tx.append("failure", [marked], character="Edda")
        for i in range(4):  # past a snapshot taken after the mark
            store.journal_add(f"entry {i}")
    with backend.open("c", create=False, state_type=CampaignState) as store:
        state = store.state()
        assert state.characters["Edda"].legacy_track("failure")["ticks"] == 5
        assert state.characters["Edda"].sheet()["failure"] == {"ticks": 5, "score": 1}
        # The next mark starts from the five ticks the snapshot now holds.
        with store.write() as tx:
            tx.append("failure", [{**marked, "from": marked["to"], "to": {**FAILURE, "ticks": 6}}])
    with backend.open("c", create=False, state_type=CampaignState) as store:
        assert store.state().characters["Edda"].legacy_track("failure")["ticks"] == 6


def fold(*events: dict[str, object]) -> CampaignState:
    state = CampaignState()
    for event in events:
        state.apply(event)
    return state


def test_a_mark_written_from_a_snapshot_that_had_lost_the_track_folds_as_the_player_saw_it() -> (
    None
):
    # Before the fix, a campaign opened from a snapshot read a five-tick track as unmarked and
    # wrote the next change as "0 -> 6": the player was told 6, and the log keeps 6.
    created = {
        "type": "character_created",
        "character": CharacterState("Edda", dict(STATS)).to_dict(),
    }
    five = {"type": "legacy", "character": "Edda", "track": "failure", "from": FAILURE,
            "to": {**FAILURE, "ticks": 5}}  # fmt: skip
    six_from_nothing = {**five, "to": {**FAILURE, "ticks": 6}}
    state = fold(created, five, six_from_nothing)
    assert state.characters["Edda"].legacy_track("failure")["ticks"] == 6
    # Any other change that does not fit the track is still refused.
    with pytest.raises(CampaignError, match="failure legacy is"):
        fold(created, five, {**five, "from": {**FAILURE, "ticks": 3}})


# A value of each field that is not its default (vehicle_impacts is not saved: it is kept in
# step with the command vehicle, which is).
SAMPLES = {
    "name": "Edda", "stats": dict(STATS), "health": 3, "spirit": 2, "supply": 1, "momentum": 7,
    "debilities": ["wounded"], "experience_earned": 9, "experience_spent": 4, "bond_ticks": 6,
    "bonds": ["Elda"], "assets": [{"id": "asset:classic/companion/hawk"}], "equipment": ["rope"],
    "initiative": True, "status": "dead", "flags": {"fight_next_add": 1},
    "impacts": ["wounded"], "legacy": {"failure": {**FAILURE, "ticks": 5}},
    "lasting": [{"id": "x", "name": "Ward"}],
}  # fmt: skip


@pytest.mark.parametrize("ruleset", ["classic", "starforged"])
def test_every_field_a_character_holds_is_in_its_saved_shape(ruleset: str) -> None:
    fields = set(CharacterState.__annotations__) - {"vehicle_impacts"}
    assert fields == set(SAMPLES) | {"ruleset"}  # a new field needs a sample here
    char = CharacterState(**SAMPLES, ruleset=ruleset)  # type: ignore[arg-type]
    back = CharacterState.from_dict(char.to_dict())
    for name in fields:
        assert getattr(back, name) == getattr(char, name), name


def test_the_story_shows_the_failure_track_on_the_characters_sheet(tmp_path: Path) -> None:
    from ironsworn.campaign.export import markdown
    from ironsworn.campaign.store import CampaignStore

    created = {
        "type": "character_created",
        "character": CharacterState("Edda", dict(STATS)).to_dict(),
    }
    marked = {"type": "legacy", "character": "Edda", "track": "failure", "from": FAILURE,
              "to": {**FAILURE, "ticks": 6}}  # fmt: skip
    with CampaignStore.open(tmp_path / "s.sqlite", create=True, state_type=CampaignState) as store:
        with store.write() as tx:
            tx.append("character", [created], character="Edda")
            tx.append("failure", [marked], character="Edda")
        story = markdown(store)
    assert "**Failure track** `[#][X][ ][ ][ ][ ][ ][ ][ ][ ]` 6 ticks" in story


def test_a_zeroed_starforged_legacy_record_of_an_old_snapshot_is_no_record() -> None:
    """A Starforged legacy track with nothing marked is no record in the fold; a snapshot saved
    before the fold dropped it may hold one, kept until the track changed: the state read from
    it differed from the same campaign folded afresh. It is dropped as the snapshot is read;
    a marked track (or a completed one) stays, and a classic character's failure track at 0
    stays too (it says the character plays Delve)."""
    sf = CharacterState("Kira", dict(STATS), ruleset="starforged")
    fresh = CampaignState()
    fresh.apply({"type": "ruleset", "from": "classic", "to": "starforged"})
    fresh.apply({"type": "character_created", "character": sf.to_dict()})
    old = fresh.to_dict()
    marked = {**FAILURE, "ticks": 3}
    old["characters"]["Kira"]["legacy"] = {"quests": dict(FAILURE), "bonds": marked}
    read = CampaignState.from_snapshot(json.dumps(old))
    assert read.characters["Kira"].legacy == {"bonds": marked}
    expected = fresh.to_dict()
    expected["characters"]["Kira"]["legacy"] = {"bonds": marked}
    assert read.to_dict() == expected
    edda = CharacterState("Edda", dict(STATS), legacy={"failure": dict(FAILURE)}).to_dict()
    assert CharacterState.from_dict(edda).legacy == {"failure": FAILURE}
