"""The Starforged legacy moves past their rolls: Advance adds only the asset categories its text
lists at its costs, and refuses the rest in one line with nothing changed."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sf_support import StarforgedGame, move_text

from ironsworn.content import clear_cache, import_pack, load_library
from ironsworn.errors import IronswornError
from shared_files import STARFORGED_DATASWORN, shared_file


@pytest.fixture
def imported() -> None:
    clear_cache()
    import_pack(shared_file(STARFORGED_DATASWORN))
    clear_cache()


def sf_game(vehicle: bool = False, experience_ticks: int = 12) -> StarforgedGame:
    """Kira with the imported pack and 6 experience (three boxes of quests legacy)."""
    game = StarforgedGame(vehicle=vehicle)
    game.engine.ruleset = load_library()
    game.legacy("quests", experience_ticks)
    return game


# --- Advance -------------------------------------------------------------------------------

ADVANCE = "advance"


@pytest.mark.parametrize(
    ("quote", "asset", "added"),
    [
        ("Module: Upgrade your command vehicle", "engine upgrade", "module/engine_upgrade"),
        ("Support Vehicle: Acquire or improve", "hoverbike", "support_vehicle/hoverbike"),
        ("Path: Bolster your personal capabilities", "ace", "path/ace"),
        ("Companion: Gain or improve a trusted helper", "glowcat", "companion/glowcat"),
        ("Deed: Learn from your experiences", "survivor", "deed/survivor"),
    ],
)
def test_advance_adds_an_asset_of_each_category_for_3_experience(
    imported: None, quote: str, asset: str, added: str
) -> None:
    assert quote in move_text(ADVANCE)
    assert "spend 3 experience to add a new asset" in move_text(ADVANCE)
    game = sf_game()
    result = game.move(ADVANCE, asset=asset)
    new = [e["asset"]["id"] for e in result.events if e["type"] == "asset_added"]
    assert new == [f"asset:starforged/{added}"]
    assert game.char().experience_spent == 3
    assert game.refold().to_dict() == game.state.to_dict()


def test_advance_upgrades_an_asset_for_2_experience(imported: None) -> None:
    assert "2 experience to upgrade an asset" in move_text(ADVANCE)
    game = sf_game()
    game.move(ADVANCE, asset="ace")
    result = game.move(ADVANCE, asset="ace")
    marked = [(e["ability"], e["to"]) for e in result.events if e["type"] == "asset_ability"]
    assert marked == [(1, True)]
    assert game.char().experience_spent == 5


def test_a_new_command_vehicle_only_replaces_a_lost_one(imported: None) -> None:
    """Overcome Destruction: "Spend this experience only on a new command vehicle, modules,
    and support vehicles" (seed 003): without a vehicle, Advance may add one."""
    assert "only on a new command vehicle" in move_text("overcome destruction")
    game = sf_game()
    result = game.move(ADVANCE, asset="starship")
    assert [e["asset"]["id"] for e in result.events if e["type"] == "asset_added"] == [
        "asset:starforged/command_vehicle/starship"
    ]


def _with_ace(game: StarforgedGame) -> None:
    game.move(ADVANCE, asset="ace")


@pytest.mark.parametrize(
    ("asset", "setup", "vehicle", "ticks", "named"),
    [
        ("starship", None, True, 12, "not Starship (a command vehicle: the campaign has one"),
        ("ace", None, False, 4, "costs 3 experience for a new asset; Kira has 2"),
        ("ace", _with_ace, False, 8, "costs 2 experience for an upgrade; Kira has 1"),
        ("", None, False, 12, "a module, support vehicle, path, companion or deed"),
        ("nosuchcard", None, False, 12, "nosuchcard"),
    ],
    ids=["command_vehicle", "new_asset_cost", "upgrade_cost", "no_asset", "unknown"],
)
def test_advance_refuses_in_one_line_and_changes_nothing(
    imported: None,
    asset: str,
    setup: Callable[[StarforgedGame], None] | None,
    vehicle: bool,
    ticks: int,
    named: str,
) -> None:
    game = sf_game(vehicle=vehicle, experience_ticks=ticks)
    if setup is not None:
        setup(game)
    before = game.snapshot()
    with pytest.raises(IronswornError) as error:
        game.move(ADVANCE, asset=asset or None)
    message = str(error.value)
    assert named in message and "\n" not in message
    assert game.snapshot() == before
