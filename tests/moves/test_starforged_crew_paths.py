"""Every way a Starforged character gains a card goes through the crew's one rule
(:mod:`ironsworn.moves.starforged.crew`): a card of the decks Datasworn marks shared (the
command vehicle, modules, support vehicles) is the crew's one record, listed on every crew
member's sheet, a module or support vehicle with who earned it; any other card is the
character's own.

The deck's words, read from the player's Datasworn file (not copied): modules "are earned and
managed by a single character. They can be shared with allies"; support vehicles: "anyone on
board can use its abilities".

Each row: a path (creation, Advance, a homebrew card, Continue a Legacy), the card it gives
Kira or Nova, and whether it is the crew's (whose) and on whose sheets.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from moves_support import ASHA_STATS, BRAM_STATS, Game

from ironsworn.content import clear_cache, import_pack, load_library
from ironsworn.errors import RuleViolation
from ironsworn.moves.homebrew import HomebrewOperations
from ironsworn.moves.setup import SetupOperations
from shared_files import STARFORGED_DATASWORN, shared_file

ENGINE = "asset:starforged/module/engine_upgrade"
SHUTTLE = "asset:starforged/support_vehicle/shuttle"
NAVIGATOR = "asset:starforged/path/navigator"
SLED = "asset:homebrew/grav_sled"
TALISMAN = "asset:homebrew/lucky_charm"
BONUS = "bonus:face danger:when the ground is loose"


@pytest.fixture
def imported() -> None:
    clear_cache()
    import_pack(shared_file(STARFORGED_DATASWORN))
    clear_cache()


def crew(kira: tuple[str, ...] = ("ace",)) -> Game:
    """Kira (who names the Vesper) and Bram, who joins her crew, each with 4 experience."""
    game = Game("Kira")
    game.engine.ruleset = load_library()
    game._keep(game.sheet.set_ruleset("starforged"))
    game._keep(game.sheet.new_character("Kira", ASHA_STATS, (), kira, 0, "Vesper", starting=True))
    game._keep(game.sheet.new_character("Bram", BRAM_STATS, (), ("healer",), 0, starting=True))
    for name in ("Kira", "Bram"):
        game.adjust(name, "experience", 4)
    return game


def at_creation(game: Game) -> None:
    """Kira's module chosen at creation: Nova, who joins later, boards with it."""
    game._keep(game.sheet.new_character("Nova", BRAM_STATS, (), ("navigator",), 0, starting=True))


def advance_vehicle(game: Game) -> None:
    game.move("advance", character="Kira", asset="shuttle")


def advance_path(game: Game) -> None:
    game.move("advance", character="Kira", asset="navigator")


def homebrew_module(game: Game) -> None:
    game._keep(HomebrewOperations(game.engine).create("Kira", "Grav Sled", "module", "", [BONUS]))


def homebrew_path(game: Game) -> None:
    game._keep(HomebrewOperations(game.engine).create("Kira", "Lucky Charm", "path", "", [BONUS]))


def legacy(game: Game) -> None:
    """Continue a Legacy: Nova accepts Kira's inheritance, the module with the ship."""
    game._keep(game.sheet.mark_legacy("Kira", "quests", 12))  # 3 boxes: a strong hit
    game.move("continue a legacy", (1, 1, 5, 5, 5, 5), successor="Nova", stats="1,1,2,2,3")
    game.choose(["accept_an_inheritance"])
    game.choose([ENGINE])
    for _ in ("bonds", "discoveries"):  # two misses
        game.choose(["deal_with_the_aftermath"])


@dataclass(frozen=True)
class Row:
    id: str
    kira: tuple[str, ...]  # Kira's cards at creation
    act: Callable[[Game], None]
    card: str
    owner: str | None  # the crew's card, earned by; None: the character's own
    holders: tuple[str, ...]


ROWS = [
    Row("creation: a module", ("ace", "engine upgrade"), at_creation, ENGINE, "Kira",
        ("Kira", "Bram", "Nova")),
    Row("creation: a path", ("ace", "engine upgrade"), at_creation, NAVIGATOR, None, ("Nova",)),
    Row("advance: a support vehicle", ("ace",), advance_vehicle, SHUTTLE, "Kira",
        ("Kira", "Bram")),
    Row("advance: a path", ("ace",), advance_path, NAVIGATOR, None, ("Kira",)),
    Row("homebrew: a module", ("ace",), homebrew_module, SLED, "Kira", ("Kira", "Bram")),
    Row("homebrew: a path", ("ace",), homebrew_path, TALISMAN, None, ("Kira",)),
    Row("continue a legacy: the module", ("ace", "engine upgrade"), legacy, ENGINE, "Kira",
        ("Kira", "Bram", "Nova")),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[r.id for r in ROWS])
def test_every_path_that_adds_a_card_asks_the_crews_rule(imported: None, row: Row) -> None:
    data = json.loads(shared_file(STARFORGED_DATASWORN).read_text(encoding="utf-8"))
    assert "earned and managed by a single character" in data["assets"]["module"]["description"]
    assert "anyone on board can use" in data["assets"]["support_vehicle"]["description"]
    game = crew(row.kira)
    row.act(game)
    holders = tuple(
        name
        for name, char in game.state.characters.items()
        if any(a["id"] == row.card for a in char.assets)
    )
    assert holders == row.holders
    for name in holders:
        cards = [a for a in game.state.character(name).assets if a["id"] == row.card]
        assert len(cards) == 1, name  # listed once on each sheet
        if row.owner is None:
            assert not cards[0].get("crew") and row.card not in game.state.crew
        else:
            assert cards[0] == game.state.crew[row.card], name  # the crew's one record
            assert (cards[0]["crew"], cards[0]["owner"]) == (True, row.owner)
    assert game.refold().to_dict() == game.state.to_dict()


def test_a_homebrew_crew_card_the_crew_has_is_refused_and_nothing_changes(imported: None) -> None:
    game = crew()
    homebrew_module(game)
    before = game.state.to_dict()
    with pytest.raises(RuleViolation) as refused:
        HomebrewOperations(game.engine).create("Bram", "Grav Sled", "module", "", [BONUS])
    assert "Bram already has Grav Sled" in str(refused.value)
    assert game.state.to_dict() == before


@pytest.mark.parametrize(
    ("kind", "accepted"),
    [
        ("combat talent", "companion, deed, module, path, support_vehicle"),
        ("command vehicle", "companion, deed, module, path, support_vehicle"),
    ],
)
def test_a_starforged_homebrew_card_joins_a_starforged_deck(
    imported: None, kind: str, accepted: str
) -> None:
    """A classic deck is not a Starforged one, and the crew has one command vehicle."""
    from ironsworn.errors import InvalidValue

    game = crew()
    before = game.state.to_dict()
    with pytest.raises(InvalidValue) as refused:
        HomebrewOperations(game.engine).create("Kira", "Odd Card", kind, "", [BONUS])
    message = str(refused.value)
    assert f"asset type {kind!r} is unknown (accepted: {accepted})" in message
    assert "\n" not in message and game.state.to_dict() == before


def test_the_semi_random_setup_is_the_ironsworn_rulebooks(imported: None) -> None:
    """The semi-random setup (seed 000 L5271-5319) draws the Ironsworn decks and rolls its
    oracles (Settlement Trouble...): a Starforged campaign refuses it in one line, nothing
    changed (before, it made a character with classic cards and no STARSHIP)."""
    from ironsworn.moves import semi_random

    game = crew()
    before = game.state.to_dict()
    with pytest.raises(RuleViolation) as refused:
        semi_random.semi_random_character(game.engine, "Nova")
    message = str(refused.value)
    assert "the semi-random setup is the Ironsworn rulebook's" in message and "\n" not in message
    with pytest.raises(RuleViolation) as option:
        SetupOperations(game.engine).set_option("semi_random", "on")
    assert "this campaign plays Starforged (accepted: off)" in str(option.value)
    assert game.state.to_dict() == before


def test_a_classic_semi_random_hand_stays_the_characters(imported: None) -> None:
    """In a classic campaign the kept cards are the character's (the rule changes nothing)."""
    from ironsworn.moves import semi_random

    game = Game("Asha")
    game.engine.ruleset = load_library()
    game.dice((50, *([1] * 40)))
    game._keep(
        semi_random.semi_random_character(
            game.engine, "Asha", decks=("path",) * 5, background_rank="epic", bond_name="Tam"
        )
    )
    hand = game.state.character("Asha").flags["asset_hand"]
    names = [game.engine.ruleset.assets[i].name for i in hand[:3]]
    game._keep(semi_random.keep_assets(game.engine, "Asha", names))
    kept = game.state.character("Asha").assets
    assert [a["id"] for a in kept] == hand[:3]
    assert not any(a.get("crew") for a in kept) and game.state.crew == {}


def test_the_starship_cards_integrity_set_by_hand_is_the_command_vehicles(imported: None) -> None:
    """The STARSHIP card's integrity is the command vehicle's ("asset track starship 4" set
    the card alone, leaving the vehicle at 5); a support vehicle's meter is told as its
    integrity, not health."""
    from ironsworn.campaign.journal import Narrator

    game = crew()
    game.move("advance", character="Kira", asset="shuttle")
    result = game._keep(game.sheet.asset_track("Bram", "starship", None, 3))
    assert [e["type"] for e in result.events] == ["vehicle_meter"]
    vehicle = game.state.vehicle
    assert vehicle is not None and vehicle["integrity"] == 3
    for name in ("Kira", "Bram"):
        assert game.state.character(name).asset("starship")["meter"]["value"] == 3
    result = game._keep(game.sheet.asset_track("Kira", "shuttle", None, 2))
    (event,) = result.events
    assert (event["type"], event["meter"]) == ("asset_meter", "integrity")
    assert "integrity 4 → 2" in str(Narrator(game.state)._asset_meter(event))
    assert game.state.character("Bram").asset("shuttle")["meter"]["value"] == 2
    before = game.state.to_dict()
    with pytest.raises(RuleViolation, match="Vesper integrity is already 3"):
        game.sheet.asset_track("Kira", "starship", None, 3)
    assert game.state.to_dict() == before
    assert game.refold().to_dict() == game.state.to_dict()
