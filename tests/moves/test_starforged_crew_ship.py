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


def crew(kira: tuple[str, ...] = ("ace",), bram: tuple[str, ...] = ("healer",)) -> Game:
    """Kira (who names the Vesper) and Bram, who joins her crew, each with 4 experience."""
    game = Game("Kira")
    game.engine.ruleset = load_library()
    game._keep(game.sheet.set_ruleset("starforged"))
    game._keep(game.sheet.new_character("Kira", ASHA_STATS, (), kira, 0, "Vesper", starting=True))
    game._keep(game.sheet.new_character("Bram", BRAM_STATS, (), bram, 0, starting=True))
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
        game.choose(["ride_it_out"])

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


# --- modules and support vehicles: the crew's too, each earned by one character -----------

SHUTTLE = "asset:starforged/support_vehicle/shuttle"
SENSORS = "asset:starforged/module/sensor_array"


def crew_cards(game: Game) -> dict[str, tuple[str | None, list[bool]]]:
    """The crew's cards (id -> owner, abilities), each one record on every crew member's sheet
    (listed once by the vehicle moves)."""
    from ironsworn.moves.starforged import vehicles

    out = {}
    for ident, record in game.state.crew.items():
        for name in game.state.characters:
            assert game.state.character(name).asset(ident) == record, (name, ident)
        out[ident] = (record.get("owner"), list(record["abilities"]))
    once = [r["id"] for _, r in vehicles.cards_once(game.state) if r.get("crew")]
    assert sorted(once) == sorted(game.state.crew)
    return out


def with_modules() -> Game:
    """Kira chose Engine Upgrade and Bram the Shuttle (Wren) as their final assets."""
    return crew(("ace", "engine upgrade"), ("healer", "shuttle=Wren"))


def _expedition(game: Game) -> None:
    game.track("expedition", "the Rim", "dangerous", characters=["Bram"])
    game.move("undertake an expedition", STRONG, "Bram", stat="edge", asset=["engine upgrade"])


def _break_and_repair(game: Game) -> None:
    game.adjust("Kira", "integrity", -3)
    game.move("withstand damage", MISS, "Bram", amount=2)
    game.choose(["momentum"])
    game.choose(["break_module"])
    game.choose(["engine_upgrade"])
    assert game.state.crew[ENGINE]["marks"] == ["broken"]
    game.move("repair", STRONG, "Bram", stat="wits")
    game.choose(["facility"])
    game.decline()
    game.choose(["module:engine_upgrade"])


MODULE_CASES = [
    pytest.param(
        "These assets are earned and managed by a single character. They can be shared with allies",
        lambda game: None,
        {
            STARSHIP: (None, [True, False, False]),
            ENGINE: ("Kira", [True, False, False]),
            SHUTTLE: ("Bram", [True, False, False]),
        },
        None,
        id="chosen_at_creation",
    ),
    pytest.param(
        "They can be shared with allies, but only if it's practical for them to make use of it",
        _expedition,
        None,
        # Engine Upgrade 1: "on a strong hit with a 6 on your action die, take +2 momentum"
        ("Bram", "momentum", 2, 4),
        id="bram_uses_kiras_engine_upgrade",
    ),
    pytest.param(
        "A broken module cannot be used until you successfully [Repair]",
        _break_and_repair,
        None,
        None,
        id="bram_breaks_and_repairs_kiras_module",
    ),
    pytest.param(
        "These assets are earned and managed by a single character",
        lambda game: game.move("advance", character="Bram", asset="sensor array"),
        {
            STARSHIP: (None, [True, False, False]),
            ENGINE: ("Kira", [True, False, False]),
            SHUTTLE: ("Bram", [True, False, False]),
            SENSORS: ("Bram", [True, False, False]),
        },
        ("Bram", "experience_spent", 0, 3),
        id="bram_buys_a_module_for_the_crew",
    ),
    pytest.param(
        "These assets are earned and managed by a single character",
        lambda game: game.move("advance", character="Kira", asset="engine upgrade", ability=2),
        {
            STARSHIP: (None, [True, False, False]),
            ENGINE: ("Kira", [True, True, False]),
            SHUTTLE: ("Bram", [True, False, False]),
        },
        ("Kira", "experience_spent", 0, 2),
        id="kira_upgrades_her_module",
    ),
]


@pytest.mark.parametrize(("quote", "run", "cards", "meter"), MODULE_CASES)
def test_the_crews_modules_and_support_vehicles(
    imported: None,
    quote: str,
    run: Callable[[Game], Any],
    cards: dict[str, tuple[str | None, list[bool]]] | None,
    meter: tuple[str, str, int, int] | None,
) -> None:
    text = deck_text("module")
    assert quote in text
    game = with_modules()
    start = len(game.events)
    run(game)
    found = crew_cards(game)
    if cards is not None:
        assert found == cards
    assert ENGINE in found and "broken" not in (game.state.crew[ENGINE].get("marks") or [])
    if meter is not None:
        who, name, before, after = meter
        changes = [
            (e["from"], e["to"])
            for e in game.events[start:]
            if e["type"] == "meter" and e["character"] == who and e["meter"] == name
        ]
        assert (changes[0][0], changes[-1][1]) == (before, after)
    assert game.refold().to_dict() == game.state.to_dict()
    for event in reversed(game.events[start:]):
        game.state.revert(event)
    crew_cards(game)


def test_a_crewmates_module_is_theirs_to_upgrade(imported: None) -> None:
    from ironsworn.errors import RuleViolation

    game = with_modules()
    before = game.state.to_dict()
    with pytest.raises(RuleViolation) as refused:
        game.engine.make_move("advance", "Bram", asset="engine upgrade", ability=2)
    message = str(refused.value)
    assert "Engine Upgrade is Kira's to upgrade" in message and "\n" not in message
    assert "accepted: Kira makes this Advance" in message
    assert game.state.to_dict() == before
    # Advance's offers leave it out for Bram (the STARSHIP he may upgrade).
    from ironsworn.moves.assets.cards import upgrades

    offered = {
        r["id"] for r in upgrades(game.engine.ruleset, game.state.character("Bram"))["abilities"]
    }
    assert ENGINE not in offered and STARSHIP in offered and SHUTTLE in offered


def test_a_card_the_crew_has_is_not_chosen_again(imported: None) -> None:
    from ironsworn.errors import RuleViolation

    game = crew(("ace", "engine upgrade"))
    before = game.state.to_dict()
    with pytest.raises(RuleViolation) as refused:
        game.sheet.new_character("Nova", BRAM_STATS, (), ("engine upgrade",), 0, starting=True)
    assert "the crew has it already (Kira's" in str(refused.value)
    assert game.state.to_dict() == before


def test_the_ship_lost_counts_each_crew_card_once(imported: None) -> None:
    """Overcome Destruction: "take 1 experience for every marked ability on the discarded
    assets (minimum 3 experience)": the crew's STARSHIP and module once, not once a sheet."""
    from sf_support import move_text

    assert "take 1 experience for every marked ability" in move_text("overcome_destruction")
    game = with_modules()
    game.adjust("Kira", "experience", 2)  # 6 in all
    for ability in (2, 3):
        game.move("advance", character="Kira", asset="starship", ability=ability)
    game.move("advance", character="Kira", asset="engine upgrade", ability=2)
    # The STARSHIP's 3 and the Engine Upgrade's 2 marked abilities: 5 (10 if counted twice).
    game.move("overcome destruction", (1, 9), character="Bram")
    game.choose([], STRONG)  # the Shuttle was not docked aboard; then the duty-bound vow
    assert game.state.character("Bram").experience_earned == 4 + 5
    assert set(game.state.crew) == {SHUTTLE}
    for name in ("Kira", "Bram"):
        held = {a["id"] for a in game.state.character(name).assets}
        assert ENGINE not in held and STARSHIP not in held and SHUTTLE in held
