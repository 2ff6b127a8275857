"""The crew's one STARSHIP (issue 20): in a Starforged campaign of several characters the
command vehicle's card is one record the campaign holds (``CampaignState.starship``), made with
the first character and named once, listed on every crew member's sheet; whoever makes a move
uses it, whoever pays with Advance marks it for the whole crew, and its integrity is the one
command vehicle's. The deck's words are read from the player's Datasworn file (not copied).

Each row: who does what with fixed dice, then what every crew member's sheet shows.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from moves_support import ASHA_STATS, BRAM_STATS, Game

from ironsworn.campaign.state import CampaignState
from ironsworn.content import clear_cache, import_pack, load_library
from ironsworn.moves.starforged.starting import STARSHIP
from shared_files import STARFORGED_DATASWORN, shared_file

STRONG = (6, 1, 2)
MISS = (1, 9, 10)
ENGINE = "asset:starforged/module/engine_upgrade"


def deck_text(collection: str) -> str:
    data = json.loads(shared_file(STARFORGED_DATASWORN).read_text(encoding="utf-8"))
    return str(data["assets"][collection]["description"])


@pytest.fixture
def imported() -> None:
    clear_cache()
    import_pack(shared_file(STARFORGED_DATASWORN))
    clear_cache()


def crew() -> Game:
    """Kira (who names the Vesper) and Bram, who joins her crew, each with 4 experience."""
    game = Game("Kira")
    game.engine.ruleset = load_library()
    game._keep(game.sheet.set_ruleset("starforged"))
    game._keep(
        game.sheet.new_character("Kira", ASHA_STATS, (), ("ace",), 0, "Vesper", starting=True)
    )
    game._keep(game.sheet.new_character("Bram", BRAM_STATS, (), ("healer",), 0, starting=True))
    for name in ("Kira", "Bram"):
        game.adjust(name, "experience", 4)
    return game


def ship_of(game: Game, name: str) -> dict[str, Any]:
    return game.state.character(name).asset("starship")


def one_record(game: Game) -> dict[str, Any]:
    """The campaign's one STARSHIP record, which every crew member's sheet lists as it is."""
    ship = game.state.starship
    assert ship is not None and ship["id"] == STARSHIP and ship["crew"] is True
    for name in game.state.characters:
        assert ship_of(game, name) == ship, name
        listed = [a for a in game.state.sheet(name)["assets"] if a["id"] == STARSHIP]
        assert listed == [ship], name
    return ship


def advance(who: str, ability: int) -> Callable[[Game], None]:
    def run(game: Game) -> None:
        game.move("advance", character=who, asset="starship", ability=ability)

    return run


def withstand(who: str, amount: int) -> Callable[[Game], None]:
    def run(game: Game) -> None:
        game.move("withstand damage", character=who, amount=amount)
        game.choose(["press_on"])

    return run


def heart_resist(who: str) -> Callable[[Game], None]:
    """Withstand Damage (-1), resisted by the STARSHIP's third ability: roll +heart."""

    def run(game: Game) -> None:
        game.move("withstand damage", character=who, amount=1, asset=["starship"])
        game.choose(["resist"], STRONG)
        game.choose(["embrace"])

    return run


def both(*steps: Callable[[Game], None]) -> Callable[[Game], None]:
    def run(game: Game) -> None:
        for step in steps:
            step(game)

    return run


@dataclass
class Case:
    id: str
    quote: str  # the deck's or the move's words the row checks
    where: str  # "command_vehicle" (the deck's description) or a move id's last part
    run: Callable[[Game], None]
    abilities: list[bool]
    integrity: int
    spent: dict[str, int] = field(default_factory=lambda: {"Kira": 0, "Bram": 0})
    check: Callable[[Game], None] | None = None


def _heart_rolled(game: Game) -> None:
    rolls = [e for e in game.events if e["type"] == "roll" and e.get("character") == "Bram"]
    assert rolls and rolls[-1]["roll"]["stat"] == 3  # Bram's heart, not the ship's integrity


CASES = [
    Case(
        "named_once",
        "this is a shared asset; each of you may use the STARSHIP's abilities",
        "command_vehicle",
        lambda game: None,
        [True, False, False],
        5,
        check=lambda g: (
            [(ship_of(g, n)["input"], ship_of(g, n)["fields"]) for n in ("Kira", "Bram")]
            == [("Vesper", {"name": "Vesper"})] * 2
        ),
    ),
    Case(
        "bram_pays_for_an_upgrade",
        "spend 3 experience to add a new asset, or 2 experience to upgrade an asset",
        "advance",
        advance("Bram", 2),
        [True, True, False],
        5,
        {"Kira": 0, "Bram": 2},
    ),
    Case(
        "kira_pays_for_an_upgrade",
        "2 experience to upgrade an asset",
        "advance",
        advance("Kira", 3),
        [True, False, True],
        5,
        {"Kira": 2, "Bram": 0},
    ),
    Case(
        "each_pays_for_one",
        "2 experience to upgrade an asset",
        "advance",
        both(advance("Kira", 3), advance("Bram", 2)),
        [True, True, True],
        5,
        {"Kira": 2, "Bram": 2},
    ),
    Case(
        "bram_withstands_damage",
        "suffer -1 integrity for minor damage, -2 for serious",
        "withstand_damage",
        withstand("Bram", 2),
        [True, False, False],
        3,
    ),
    Case(
        "the_ability_kira_bought_serves_bram",
        "each of you may use the STARSHIP's abilities while aboard the craft",
        "command_vehicle",
        both(advance("Kira", 3), heart_resist("Bram")),
        [True, False, True],
        4,  # -1, and the strong hit's +1 momentum chosen (embrace) over +1 integrity
        {"Kira": 2, "Bram": 0},
        check=_heart_rolled,
    ),
]


def _text(case: Case) -> str:
    if case.where == "command_vehicle":
        return deck_text("command_vehicle")
    from sf_support import move_text

    return move_text(case.where)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_the_crew_shares_one_starship(imported: None, case: Case) -> None:
    assert case.quote in _text(case)
    game = crew()
    case.run(game)
    ship = one_record(game)
    assert ship["abilities"] == case.abilities
    assert ship["meter"]["value"] == case.integrity
    vehicle = game.state.vehicle
    assert vehicle is not None and vehicle["integrity"] == case.integrity
    assert {n: game.state.character(n).experience_spent for n in ("Kira", "Bram")} == case.spent
    if case.check is not None:
        assert case.check(game) in (None, True)
    # The fold of the same events makes the same state, and a snapshot keeps the one record.
    assert game.refold().to_dict() == game.state.to_dict()
    again = CampaignState.from_snapshot(game.state.snapshot_text())
    assert again.to_dict() == game.state.to_dict() and again.starship == ship


@pytest.mark.parametrize("case", CASES[1:], ids=[c.id for c in CASES[1:]])
def test_undo_takes_the_crews_change_back_from_every_sheet(imported: None, case: Case) -> None:
    game = crew()
    before = game.state.to_dict()
    start = len(game.events)
    case.run(game)
    for event in reversed(game.events[start:]):
        game.state.revert(event)
    assert game.state.to_dict() == before
    one_record(game)


def test_a_later_character_joins_the_ship_as_it_is_now(imported: None) -> None:
    """Bram's upgrade and the damage are on the ship Nova boards: the crew's record, not the
    card as it was when Kira named it."""
    game = crew()
    advance("Bram", 2)(game)
    withstand("Kira", 1)(game)
    game._keep(game.sheet.new_character("Nova", BRAM_STATS, (), ("veteran",), 0, starting=True))
    ship = one_record(game)
    assert ship["abilities"] == [True, True, False] and ship["meter"]["value"] == 4
    # Nova marks the last ability: Kira's and Bram's sheets show it at once.
    game.adjust("Nova", "experience", 2)
    advance("Nova", 3)(game)
    assert one_record(game)["abilities"] == [True, True, True]
    assert game.refold().to_dict() == game.state.to_dict()


def test_the_ship_lost_leaves_no_record_and_undo_brings_it_back(imported: None) -> None:
    """Overcome Destruction: "you must discard the asset" — the crew's card, from every sheet."""
    from sf_support import move_text

    assert "you must discard the asset" in move_text("overcome_destruction")
    game = crew()
    start = len(game.events)
    game.move("overcome destruction", (1, 9, *STRONG), character="Kira")
    assert game.state.starship is None and game.state.vehicle is None
    for name in ("Kira", "Bram"):
        assert all(a["id"] != STARSHIP for a in game.state.character(name).assets)
    for event in reversed(game.events[start:]):
        game.state.revert(event)
    assert one_record(game)["input"] == "Vesper"


def test_a_new_starship_bought_with_advance_is_the_crews(imported: None) -> None:
    """ "Spend this experience only on a new command vehicle": the one who pays holds it, and
    the crew boards it (one record again, and the party's command vehicle)."""
    game = crew()
    game.move("overcome destruction", (1, 9, *STRONG), character="Kira")
    game.move("advance", character="Kira", asset="starship", name="Wayfarer")
    ship = one_record(game)
    assert ship["input"] == "Wayfarer"
    vehicle = game.state.vehicle
    assert vehicle is not None and (vehicle["name"], vehicle["integrity"]) == ("Wayfarer", 5)
    assert game.state.character("Bram").experience_spent == 0
    assert game.refold().to_dict() == game.state.to_dict()


def test_a_campaign_begun_before_the_crew_shared_one_record_keeps_its_copies(
    imported: None,
) -> None:
    """Events written before (STARSHIP records without the crew mark) fold as they always did:
    each character's own copy."""
    game = crew()
    events = json.loads(json.dumps(game.events))
    for event in events:
        if event["type"] == "character_created":
            for record in event["character"]["assets"]:
                record.pop("crew", None)
    events.append(
        {
            "type": "asset_ability",
            "character": "Bram",
            "asset": STARSHIP,
            "ability": 1,
            "from": False,
            "to": True,
        }
    )
    old = CampaignState()
    for event in events:
        old.apply(event)
    assert old.starship is None
    assert old.character("Bram").asset("starship")["abilities"] == [True, True, False]
    assert old.character("Kira").asset("starship")["abilities"] == [True, False, False]
