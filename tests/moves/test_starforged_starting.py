"""A new Starforged character's starting assets (moves/starforged/starting.py): the party's
STARSHIP, named by the player, then the cards chosen; a later character shares the ship. The
rules are the deck's own words in the player's Datasworn file (read here, not copied)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from moves_support import ASHA_STATS, BRAM_STATS, Game

from ironsworn.content import clear_cache, import_pack, load_library, load_ruleset
from ironsworn.errors import IronswornError, OptionNeeded, RuleViolation
from ironsworn.moves.starforged.starting import STARSHIP
from shared_files import STARFORGED_DATASWORN, shared_file


def deck_text(collection: str) -> str:
    data = json.loads(shared_file(STARFORGED_DATASWORN).read_text(encoding="utf-8"))
    return str(data["assets"][collection]["description"])


@pytest.fixture
def imported() -> None:
    clear_cache()
    import_pack(shared_file(STARFORGED_DATASWORN))
    clear_cache()


def new_game(deck: bool = True) -> Game:
    """An empty Starforged campaign (with the imported deck, or the bundled data alone)."""
    game = Game("Kira")
    game.engine.ruleset = load_library() if deck else load_ruleset("starforged")
    game._keep(game.sheet.set_ruleset("starforged"))
    return game


def create(game: Game, name: str, assets: tuple[str, ...] = (), ship: str | None = None) -> Any:
    stats = ASHA_STATS if name == "Kira" else BRAM_STATS
    return game._keep(game.sheet.new_character(name, stats, (), assets, 0, ship, starting=True))


def cards(game: Game, name: str) -> list[tuple[str, Any]]:
    return [(r["id"].rsplit("/", 2)[-2], r.get("input")) for r in game.state.character(name).assets]


def test_the_first_character_boards_the_starship_named_by_the_player(imported: None) -> None:
    assert "It is a default asset for your character, taken when you begin your campaign" in (
        deck_text("command_vehicle")
    )
    assert "starts at 5 integrity" in deck_text("command_vehicle")
    game = new_game()
    create(game, "Kira", ("ace", "navigator", "rockhorn=Bo"), "Vesper")
    assert cards(game, "Kira") == [
        ("command_vehicle", "Vesper"),
        ("path", None),
        ("path", None),
        ("companion", "Bo"),
    ]
    vehicle = game.state.vehicle
    assert vehicle is not None
    assert (vehicle["name"], vehicle["integrity"], vehicle["max"], vehicle["asset"]) == (
        "Vesper",
        5,
        5,
        STARSHIP,
    )
    assert game.refold().to_dict() == game.state.to_dict()


def test_a_later_character_shares_the_same_ship(imported: None) -> None:
    assert "this is a shared asset; each of you may use the STARSHIP's abilities" in deck_text(
        "command_vehicle"
    )
    game = new_game()
    create(game, "Kira", ("ace",), "Vesper")
    kira_ship = game.state.character("Kira").assets[0]
    create(game, "Bram", ("healer",))
    bram_ship = game.state.character("Bram").assets[0]
    assert bram_ship == kira_ship  # the same card: its name and marked abilities
    # Naming the party's own ship is accepted (any case); there is still one vehicle.
    create(game, "Nova", ("veteran",), "vesper")
    assert game.state.vehicle is not None and game.state.vehicle["name"] == "Vesper"
    assert game.refold().to_dict() == game.state.to_dict()


def test_a_ship_made_without_its_card_gets_its_card_on_the_next_character(
    imported: None,
) -> None:
    game = new_game()
    game._keep(game.sheet.new_vehicle("Firebird"))
    create(game, "Kira", ("ace",))
    assert cards(game, "Kira")[0] == ("command_vehicle", "Firebird")
    assert game.state.vehicle is not None and game.state.vehicle["name"] == "Firebird"


def test_a_starship_card_chosen_is_not_given_twice(imported: None) -> None:
    game = new_game()
    create(game, "Kira", ("starship=Vesper", "ace"))
    assert cards(game, "Kira") == [("command_vehicle", "Vesper"), ("path", None)]


def test_a_starship_card_chosen_without_its_name_takes_the_one_given(imported: None) -> None:
    game = new_game()
    create(game, "Kira", ("starship", "ace"), "Vesper")
    assert cards(game, "Kira") == [("command_vehicle", "Vesper"), ("path", None)]
    assert game.state.vehicle is not None and game.state.vehicle["name"] == "Vesper"


def test_without_the_deck_the_ship_is_named_all_the_same() -> None:
    """No Starforged deck imported: no card to give, no question; a name makes the ship."""
    clear_cache()
    game = new_game(deck=False)
    create(game, "Kira")
    assert game.state.vehicle is None and cards(game, "Kira") == []
    create(game, "Bram", ship="Vesper")
    assert game.state.vehicle is not None and game.state.vehicle["integrity"] == 5


def _second(game: Game) -> None:
    create(game, "Kira", ("ace",), "Vesper")


@pytest.mark.parametrize(
    ("setup", "name", "assets", "ship", "error", "words"),
    [
        (None, "Kira", ("ace",), None, OptionNeeded, "starship's name"),
        (None, "Kira", ("starship", "ace"), None, OptionNeeded, "starship's name"),
        (_second, "Bram", ("healer",), "Firebird", RuleViolation, "already has its command"),
        (_second, "Bram", ("starship=Firebird",), None, RuleViolation, "Vesper"),
        (None, "Kira", ("starship=Vesper",), "Firebird", RuleViolation, "named 'Vesper'"),
        (None, "Kira", ("survivor",), "Vesper", RuleViolation, "deed"),
        (None, "Kira", ("frobnicator",), "Vesper", IronswornError, "frobnicator"),
        (None, "Kira", ("hawk",), "Vesper", IronswornError, "classic asset"),
    ],
    ids=[
        "no_name",
        "card_no_name",
        "other_ship",
        "other_card",
        "two_names",
        "deed",
        "unknown",
        "classic",
    ],
)
def test_bad_starting_assets_are_refused_in_one_line_and_change_nothing(
    imported: None,
    setup: Any,
    name: str,
    assets: tuple[str, ...],
    ship: str | None,
    error: type[Exception],
    words: str,
) -> None:
    """Deeds: "you cannot choose a deed when creating your character" (the deck's words)."""
    assert "you cannot choose a deed when creating your character" in deck_text("deed")
    game = new_game()
    if setup is not None:
        setup(game)
    before = game.snapshot()
    with pytest.raises(error) as raised:
        create(game, name, assets, ship)
    assert words in str(raised.value) and "\n" not in str(raised.value)
    assert game.snapshot() == before


def test_a_classic_character_has_no_starship() -> None:
    game = Game("Asha")
    with pytest.raises(RuleViolation) as raised:
        game._keep(game.sheet.new_character("Asha", ASHA_STATS, starship="Vesper", starting=True))
    assert "Starforged" in str(raised.value)
    assert game.state.characters == {}
