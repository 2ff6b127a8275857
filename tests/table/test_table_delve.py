"""Delve's operations of the table: ``rarity_buy`` asks its rarity from the assets on the sheet
(each with its cost in experience), buys it, and refuses a bad one with nothing changed;
``rarities`` reads what the character holds and could buy."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ironsworn.campaign.store import CampaignStore
from ironsworn.content import clear_cache, import_pack
from ironsworn.errors import InvalidValue, NotFound
from ironsworn.table import Question, Table, call
from shared_files import shared_file


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Table]:
    monkeypatch.setenv("IRONSWORN_HOME", str(tmp_path / "home"))
    clear_cache()
    import_pack(shared_file("reference/datasworn/delve.json"))
    clear_cache()
    store = CampaignStore.open(tmp_path / "t.sqlite", create=True, name="t")
    with store:
        made = Table(store, "t", seat="Asha")
        call(
            made,
            "character",
            {"name": "Asha", "stats": "edge=3,heart=2,iron=2,shadow=1,wits=1",
             "assets": ["improviser", "wright,specialty=bowyer"]},
        )  # fmt: skip
        call(made, "adjust", {"meter": "experience", "delta": 5})
        yield made
    clear_cache()


def test_rarity_buy_asks_from_the_assets_on_the_sheet(table: Table) -> None:
    asked = call(table, "rarity_buy", {})
    assert isinstance(asked, Question) and asked.input == "rarity"
    offered = {c.key: (c.cost, c.detail) for c in asked.choices}
    assert offered == {
        "Artisan’s Gloves": (3, "augments Wright"),
        "Blackguard’s Baldric": (4, "augments Improviser"),
    }
    result = call(table, "rarity_buy", {"rarity": "Artisan’s Gloves"})
    assert {"character": "Asha", "target": "asset:classic/path/wright:rarity", "from": None,
            "to": "Artisan’s Gloves"} in result["effects"]  # fmt: skip
    read = call(table, "rarities", {})
    assert [r["name"] for r in read["held"]] == ["Artisan’s Gloves"]
    assert [r["name"] for r in read["buyable"]] == ["Blackguard’s Baldric"]
    sheet = call(table, "sheet", {})
    wright = next(a for a in sheet["assets"] if a["name"] == "Wright")
    assert wright["rarity_name"] == "Artisan’s Gloves"
    assert sheet["experience"] == {"earned": 5, "spent": 3, "available": 2}


def test_a_rarity_of_an_asset_not_on_the_sheet_is_refused(table: Table) -> None:
    before = table.state().to_dict()
    with pytest.raises(InvalidValue) as caught:
        call(table, "rarity_buy", {"rarity": "Rover's Staff"})
    assert "augments Long-Arm, and Asha has no Long-Arm card" in str(caught.value)
    assert caught.value.input == "rarity"
    assert table.state().to_dict() == before


def test_a_site_left_without_its_theme_domain_and_rank_asks_each(table: Table) -> None:
    """Discover a Site: "choose the theme and domain which best represent its nature ..., and
    give it a rank" (Delve p. 21). Each left out is asked, with the pack's themes and domains
    (or roll) and the ranks; never "a site needs a theme". Nothing is written until it is made."""
    before = table.state().to_dict()
    asked = []
    args: dict[str, str] = {"name": "The Sunken Barrow"}
    for name, answer in (("theme", "Ancient"), ("domain", "Barrow"), ("rank", "dangerous")):
        question = call(table, "site", args)
        assert isinstance(question, Question) and question.input == name, question
        assert "needs" not in question.prompt and "--" not in question.prompt
        keys = question.keys()
        assert question.complete and answer in keys
        asked.append(question)
        assert table.state().to_dict() == before
        args[name] = answer
    theme, domain, rank = asked
    assert theme.prompt == (
        "Discover a Site: what is the theme of the site The Sunken Barrow? (the Delve pack's, "
        "or roll)"
    )
    themes, domains = theme.keys(), domain.keys()
    assert themes[-1] == "roll" and "Haunted" in themes
    assert "Tanglewood" in domains
    assert [c.shown() for c in rank.choices][:2] == [
        "troublesome (3 boxes a mark)",
        "dangerous (2 boxes a mark)",
    ]
    call(table, "site", args)
    (site,) = table.state().tracks.values()
    assert (site.kind, site.name, site.rank) == ("site", "The Sunken Barrow", "dangerous")
    assert (site.theme, site.domain) == (
        "delve_site_theme:delve/ancient",
        "delve_site_domain:delve/barrow",
    )


@pytest.mark.parametrize(
    ("args", "needs"),
    [
        ({"kind": "site", "rank": "dangerous"}, "site operation, which takes its theme and domain"),
        ({"kind": "site", "text": "The Sunken Hall", "rank": "dangerous"}, "site operation"),
        ({"kind": "threat", "text": "The Hollow King"}, "threat operation, which takes the vow"),
    ],
)
def test_a_site_or_threat_is_not_begun_as_a_bare_track(
    table: Table, args: dict[str, Any], needs: str
) -> None:
    """A site begun as a track had no theme and no domain (a threat no vow and category):
    Delve the Depths read nothing from it and an Iron Vault round trip kept it as a vow. The
    track operation sends it to its own, as the web's form does; nothing is made."""
    before = table.state().to_dict()
    with pytest.raises(InvalidValue) as refused:
        call(table, "track", args)
    assert needs in str(refused.value)
    assert str(refused.value).endswith("(accepted here: vow, journey, fight, scene)")
    assert (refused.value.input, refused.value.value) == ("kind", args["kind"])
    assert table.state().to_dict() == before


def _strong_hit_to_learn(table: Table) -> None:
    """Asha's failure track at +6, then Learn from Your Failures' strong hit, adjust your
    approach chosen: the asset to discard is asked."""
    for _ in range(24):
        call(table, "move", {"move": "mark your failure"})
    call(table, "move", {"move": "learn from your failures", "dice": "1,2"})
    call(table, "choose", {"keys": ["adjust"]})


def test_the_asset_discarded_is_named_as_the_sheet_shows_it(table: Table) -> None:
    """Learn from Your Failures' adjust your approach: the asset discarded is offered by its
    name, and taken by its name in any case or a unique prefix (as the sheet's assets are
    looked up), never only by its id; a name of no asset on the sheet is refused, naming
    those there, with nothing changed."""
    _strong_hit_to_learn(table)
    pending = table.state().pending
    assert pending is not None
    assert [(o["key"], o["text"]) for o in pending["options"]] == [
        ("improviser", "Improviser"),
        ("wright", "Wright (specialty: bowyer)"),
    ]
    before = table.state().to_dict()
    with pytest.raises(NotFound) as caught:
        call(table, "choose", {"keys": ["Hawk"]})
    assert caught.value.candidates == ("Improviser", "Wright")
    assert table.state().to_dict() == before
    result = call(table, "choose", {"keys": ["Wri"]})
    assert "Wright is discarded: +2 experience" in result["notes"]
    assert [a["name"] for a in table.state().character("Asha").assets] == ["Improviser"]


def test_the_failure_track_is_set_by_hand(table: Table) -> None:
    """``failure``: the failure track set to a number of ticks (a miss the engine did not
    see); out of 0 to 40 refused naming the range, nothing changed."""
    result = call(table, "failure", {"ticks": 24})
    assert {"character": "Asha", "target": "legacy:failure", "from": 0, "to": 24} in result[
        "effects"
    ]
    assert table.state().character("Asha").legacy_track("failure")["ticks"] == 24
    before = table.state().to_dict()
    with pytest.raises(InvalidValue) as caught:
        call(table, "failure", {"ticks": 41})
    assert (caught.value.input, caught.value.accepted) == ("ticks", ("0 to 40",))
    assert table.state().to_dict() == before
    # Set to what it holds: refused as an adjust that changes nothing is (it was kept as a
    # change of nothing, a note in the log that undo would take back).
    operations = len(table.store.operations())
    with pytest.raises(InvalidValue, match="already 24 ticks: nothing to change"):
        call(table, "failure", {"ticks": 24})
    assert len(table.store.operations()) == operations


def _barrow(table: Table) -> str:
    made = call(table, "site", {"name": "The Sunken Barrow", "theme": "Ancient",
                                "domain": "Barrow", "rank": "dangerous"})  # fmt: skip
    assert made["effects"][0]["to"] == "The Sunken Barrow"
    return str(made["effects"][0]["target"])


def test_a_site_feature_is_rolled_on_its_theme_then_its_domain(table: Table) -> None:
    """``feature``: d100 on the site's features: the theme's rows 1-20, the domain's 21-100
    (the pack's Ancient 15 and Barrow 25 rows), kept as an oracle roll."""
    _barrow(table)
    theme = call(table, "feature", {"dice": "15"})
    domain = call(table, "feature", {"dice": "25"})
    assert theme["notes"] == [
        "The Sunken Barrow: feature (15, Ancient): Preserved corpses or fossils"
    ]
    assert domain["notes"] == ["The Sunken Barrow: feature (25, Barrow): Burial chambers"]


def test_a_denizen_slot_is_filled_with_a_foe_or_words(table: Table) -> None:
    """``denizen_fill``: a slot of the site's denizen table takes a foe by its name, or the
    player's words (the unforeseen slot the book leaves blank), or blank again; the slots
    are offered with what they hold; a slot past 12 is refused, nothing changed; a denizen
    roll then meets what was filled in; undo takes a fill back."""
    site = _barrow(table)
    asked = call(table, "denizen_fill", {"denizen": "Bear"})
    assert isinstance(asked, Question) and asked.input == "slot"
    assert [c.key for c in asked.choices] == [str(n) for n in range(1, 13)]
    assert asked.prompt == "Which slot of the site's denizen table do you fill?"
    assert asked.choices[11].shown() == "unforeseen: blank: choose or introduce a new denizen"
    filled = call(table, "denizen_fill", {"slot": 12, "denizen": "the Hollow King"})
    assert {"target": f"{site}:denizen12", "from": "blank", "to": "the Hollow King"} in filled[
        "effects"
    ]
    call(table, "denizen_fill", {"slot": 3, "denizen": "bear"})
    rows = table.state().tracks[site].denizens or []
    assert (rows[2].get("npc"), rows[11].get("name")) == (
        "npc:classic/animals/bear",
        "the Hollow King",
    )
    met = call(table, "denizen", {"dice": "100"})
    assert met["notes"] == ["The Sunken Barrow: denizens (100, unforeseen): the Hollow King"]
    before = table.state().to_dict()
    with pytest.raises(InvalidValue) as caught:
        call(table, "denizen_fill", {"slot": 13, "denizen": "Bear"})
    assert caught.value.input == "slot"
    assert table.state().to_dict() == before
    call(table, "undo", {})  # the denizen roll
    call(table, "undo", {})  # the bear
    rows = table.state().tracks[site].denizens or []
    assert rows[2].get("npc") != "npc:classic/animals/bear"
    call(table, "denizen_fill", {"slot": 12, "denizen": "blank"})
    assert "name" not in (table.state().tracks[site].denizens or [])[11]


def test_with_two_sites_under_way_the_site_is_asked(table: Table) -> None:
    """A feature, a denizen or a denizen slot of "the site" while two are under way: which
    site is asked first, by name (the slot's choices are that site's), not refused naming
    track ids."""
    _barrow(table)
    call(table, "site", {"sample": "Alva's Rest"})
    for name, args in (("feature", {}), ("denizen", {}), ("denizen_fill", {"denizen": "Bear"})):
        asked = call(table, name, args)
        assert isinstance(asked, Question) and asked.input == "site", (name, asked)
        assert asked.prompt == "Which site?"
        assert asked.keys() == ["The Sunken Barrow", "Alva's Rest"]
    slot = call(table, "denizen_fill", {"site": "Alva's Rest", "denizen": "Bear"})
    assert isinstance(slot, Question) and slot.input == "slot"
    rolled = call(table, "feature", {"site": "Alva's Rest", "dice": "15"})
    assert rolled["notes"][0].startswith("Alva's Rest: feature (15, ")


def test_every_kind_of_track_offered_is_taken(table: Table) -> None:
    """The track operation offers only kinds it begins: it offered a site and a threat, then
    refused each ('a site is begun by the site operation'), as a question answered with what
    it offered must never be."""
    asked = call(table, "track", {})
    assert isinstance(asked, Question) and asked.input == "kind"
    kinds = [choice.key for choice in asked.choices]
    assert kinds == ["vow", "journey", "fight", "scene"]
    for kind in kinds:
        try:
            call(table, "track", {"kind": kind, "text": f"A {kind}", "rank": "dangerous"})
        except InvalidValue as refused:
            assert refused.input != "kind", refused
    with pytest.raises(InvalidValue, match="begun by the site operation"):
        call(table, "track", {"kind": "site", "text": "The Barrow"})
