"""A Starforged campaign with the Datasworn Starforged file imported: its assets and oracles are
the campaign's (a classic campaign never offers them), and Advance buys a Starforged asset."""

from __future__ import annotations

import pytest
from sf_support import StarforgedGame

from ironsworn.content import clear_cache, import_pack, load_library, roll_oracle
from ironsworn.dice import FixedDice
from ironsworn.errors import NotFound
from shared_files import STARFORGED_DATASWORN, shared_file


@pytest.fixture
def imported() -> None:
    clear_cache()
    import_pack(shared_file(STARFORGED_DATASWORN))
    clear_cache()


def test_the_import_gives_the_starforged_assets_and_oracles(imported: None) -> None:
    library = load_library()
    assets = library.in_ruleset("assets", "starforged")
    oracles = library.in_ruleset("oracles", "starforged")
    assert len(assets) == 87
    assert len(oracles) == 262  # 249 oracle tables and the 13 printed in the moves
    assert not set(library.in_ruleset("assets", "classic")) & set(assets)
    table = library.oracle("oracle_rollable:starforged/core/action")
    result = roll_oracle(library, table, FixedDice([1]))
    assert result.roll == 1 and result.text


def test_a_starforged_character_takes_starforged_assets(imported: None) -> None:
    game = StarforgedGame()
    game.engine.ruleset = load_library()
    game._keep(game.sheet.mark_legacy("Kira", "quests", 8))  # 2 boxes: 4 experience
    result = game.move("advance", asset="starship")
    added = [e for e in result.events if e["type"] == "asset_added"]
    assert added[0]["asset"]["id"] == "asset:starforged/command_vehicle/starship"
    assert game.char().experience_spent == 3
    # A classic asset is not on offer in a Starforged campaign.
    with pytest.raises(NotFound, match="hawk"):
        game.sheet.new_character("Bo", "edge=3,heart=2,iron=2,shadow=1,wits=1", assets=["hawk"])
