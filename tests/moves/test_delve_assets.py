"""Delve and the asset cards: Improviser 1 on Check Your Gear, with the Delve pack imported and
without it (issue 21 item 6); rarities bought for an asset with experience, and Wield a Rarity
(the rarity die in place of the action die of a move the augmented asset aids). The cards' and
the move's texts are read from the official Datasworn files in ``../shared/`` and quoted; the
project keeps none of them.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from moves_support import ASHA_STATS, Game

from ironsworn.content import clear_cache, import_pack, load_library, load_ruleset
from ironsworn.errors import InvalidValue, NotFound, PackMissing, RuleViolation
from ironsworn.moves.assets.coverage import ability_status
from shared_files import CLASSIC_DATASWORN, shared_file

DELVE = "reference/datasworn/delve.json"
IMPROVISER_1 = "asset.ability:classic/path/improviser.0"


@pytest.fixture
def delve() -> Iterator[None]:
    clear_cache()
    import_pack(shared_file(DELVE))
    clear_cache()
    yield
    clear_cache()


def improviser_text() -> str:
    data = json.loads(shared_file(CLASSIC_DATASWORN).read_text(encoding="utf-8"))
    card = data["assets"]["path"]["contents"]["improviser"]
    return str(card["abilities"][0]["text"])


def improviser(ruleset: Any) -> Any:
    return ruleset.assets["asset:classic/path/improviser"].abilities[0]


def game_with_improviser() -> Game:
    game = Game("Asha")
    game.engine.ruleset = load_library()
    game.character("Asha", ASHA_STATS, assets=["improviser"])
    return game


# (case, dice, momentum after, supply after): Asha's wits is +1, momentum +2, supply +5.
IMPROVISER = [
    # "you may roll +wits (instead of +supply) ... take +1 momentum on a hit": the strong hit's
    # +1 momentum, and Improviser's.
    ("strong", [5, 2, 3], 4, 5),
    # The weak hit's +1 momentum and -1 supply, and Improviser's +1 momentum.
    ("weak", [5, 2, 9], 4, 4),
    # No hit, no momentum: the miss is Pay the Price (its roll: 50, a strong hit's 'Obvious').
    ("miss", [1, 9, 9], 2, 5),
]


@pytest.mark.parametrize(
    ("case", "dice", "momentum", "supply"), IMPROVISER, ids=[r[0] for r in IMPROVISER]
)
def test_improviser_1_on_check_your_gear_with_delve(
    delve: None, case: str, dice: list[int], momentum: int, supply: int
) -> None:
    text = improviser_text()
    assert "you may roll +wits (instead of +supply)" in text
    assert "take +1 momentum on a hit" in text
    game = game_with_improviser()
    result = game.move("check your gear", dice, asset=["improviser"])
    if case == "miss":
        game.choose(["obvious"])
    record = result.moves[0]
    assert record.stat == "wits" and record.roll is not None
    assert record.roll["stat"] == 1  # +wits, not +supply (5)
    char = game.state.character("Asha")
    assert (char.momentum, char.supply) == (momentum, supply)
    assert ability_status(improviser(game.engine.ruleset), game.engine.ruleset)["kind"] == (
        "automated"
    )


def test_check_your_gear_without_improviser_rolls_supply(delve: None) -> None:
    game = Game("Asha")
    game.engine.ruleset = load_library()
    game.character("Asha", ASHA_STATS)
    result = game.move("check your gear", [1, 2, 3])
    assert result.moves[0].stat == "supply" and result.moves[0].roll["stat"] == 5


def test_improviser_1_is_a_reminder_without_delve() -> None:
    """ "When you Check Your Gear" names a Delve move: without the pack the engine cannot make
    it, and the card says so (a reminder, with the reason and what to import)."""
    assert "Check Your Gear" in improviser_text()
    classic = load_ruleset("classic")
    status = ability_status(improviser(classic), classic)
    assert status["kind"] == "reminder" and status["reason"] == "other"
    assert "Check Your Gear is a Delve move" in status["why"]
    assert "import the Delve pack" in status["why"] and status["pack"] == "delve"
    game = Game("Asha")
    game.engine.ruleset = load_library()
    game.character("Asha", ASHA_STATS, assets=["improviser"])
    before = len(game.state.to_dict()["characters"]["Asha"]["assets"])
    with pytest.raises(NotFound) as missing:
        game.move("move:delve/delve/check_your_gear", [5, 2, 3], asset=["improviser"])
    assert missing.value.pack == "delve"
    assert len(game.state.to_dict()["characters"]["Asha"]["assets"]) == before


# --- rarities ----------------------------------------------------------------------------


def delve_data() -> dict[str, Any]:
    return dict(json.loads(shared_file(DELVE).read_text(encoding="utf-8")))


def wield_text() -> str:
    return str(delve_data()["moves"]["rarity"]["contents"]["wield_a_rarity"]["text"])


def rarity_game(experience: int = 6) -> Game:
    """Asha with Improviser (ability 1 marked: Check Your Gear) and experience to spend."""
    game = game_with_improviser()
    game.set(experience=experience)
    return game


def buy(game: Game, name: str) -> Any:
    from ironsworn.moves.delve.rarities import buy_rarity

    return game._keep(buy_rarity(game.engine, None, name))


def test_a_rarity_is_bought_with_its_experience_for_its_asset(delve: None) -> None:
    """The data: Blackguard's Baldric augments Improviser and costs 4 experience."""
    data = delve_data()["rarities"]["blackguards_baldric"]
    assert (data["asset"], data["xp_cost"]) == ("asset:classic/path/improviser", 4)
    game = rarity_game()
    result = buy(game, "blackguard's baldric")
    char = game.state.character("Asha")
    assert char.experience_spent == 4
    assert char.assets[0]["marks"] == ["rarity:delve/blackguards_baldric"]
    assert [e["type"] for e in result.events] == ["asset_mark", "meter", "note"]
    assert game.refold().character("Asha").assets[0]["marks"] == char.assets[0]["marks"]
    from ironsworn.moves.assets.cards import record_view

    view = record_view(game.engine.ruleset, char.assets[0])
    assert (view["rarity"], view["rarity_name"], view["marks"]) == (
        "rarity:delve/blackguards_baldric",
        "Blackguard’s Baldric",
        [],
    )


BAD_BUYS = [
    ("unknown", "dragon egg", 9, NotFound, "rarity 'dragon egg' is unknown"),
    ("not_my_asset", "artisan's gloves", 9, InvalidValue, "augments Wright, and Asha has no"),
    ("too_dear", "blackguard's baldric", 3, RuleViolation, "costs 4 experience; Asha has 3"),
]


@pytest.mark.parametrize(
    ("case", "name", "experience", "error", "message"), BAD_BUYS, ids=[r[0] for r in BAD_BUYS]
)
def test_a_rarity_not_to_be_had_changes_nothing(
    delve: None, case: str, name: str, experience: int, error: type, message: str
) -> None:
    game = rarity_game(experience)
    before = game.state.to_dict()
    with pytest.raises(error, match=message):
        buy(game, name)
    assert game.state.to_dict() == before


def test_an_asset_holds_one_rarity_bought_once(delve: None) -> None:
    game = rarity_game(9)
    buy(game, "baldric")
    before = game.state.to_dict()
    with pytest.raises(RuleViolation, match="already has Blackguard’s Baldric"):
        buy(game, "baldric")
    assert game.state.to_dict() == before


def test_wield_a_rarity_made_alone_names_the_augmented_assets_and_their_rarities(
    delve: None,
) -> None:
    """Wield a Rarity is the roll of a move its asset aids: made alone, it is refused naming
    each augmented asset with its rarity's name (it named the rarity's id)."""
    game = rarity_game()
    buy(game, "baldric")
    before = game.state.to_dict()
    with pytest.raises(InvalidValue, match=r"\(accepted: Improviser \(Blackguard’s Baldric\)\)$"):
        game.move("wield a rarity")
    assert game.state.to_dict() == before


def test_no_rarities_without_the_pack_or_in_a_starforged_campaign(delve: None) -> None:
    from ironsworn.moves.delve.rarities import buy_rarity

    game = Game("Kira")
    game.engine.ruleset = load_library()
    game._keep(game.sheet.set_ruleset("starforged"))
    game.character("Kira", "edge=3,heart=2,iron=2,shadow=1,wits=1")
    before = game.state.to_dict()
    with pytest.raises(InvalidValue, match="this campaign plays starforged"):
        buy_rarity(game.engine, None, "baldric")
    assert game.state.to_dict() == before
    clear_cache()
    classic = Game("Asha")
    classic.engine.ruleset = load_ruleset("classic")  # no pack imported
    classic.character("Asha", ASHA_STATS, assets=["improviser"])
    with pytest.raises(PackMissing, match=r"import your Datasworn Delve file first") as caught:
        buy_rarity(classic.engine, None, "baldric")
    assert caught.value.pack == "delve"


# (case, quote, move, dice, named, outcome, momentum after, note):
# Asha (edge 3) makes Face Danger +edge with momentum +2; its strong hit gives +1 momentum.
WIELD = [
    (
        "six_turns_a_miss_into_a_strong_hit",
        "You score an automatic __strong hit__ and take +1 momentum.",
        [6, 9, 9],
        "strong_hit",
        4,
        "manifests in a dramatic and obvious way",
    ),
    (
        "five_on_a_hit",
        "On a __hit__ with 5 showing on the rarity die, the power of the rarity manifests "
        "in a subtle way. Take +1 momentum.",
        [5, 2, 3],
        "strong_hit",
        4,
        "manifests subtly",
    ),
    ("five_on_a_miss", "On a __hit__ with 5", [5, 9, 10], "miss", 2, "is the action die (5)"),
    (
        "one_on_a_miss",
        "On a __miss__ with 1 showing on the rarity die, the rarity’s power fails or works "
        "against you.",
        [1, 9, 9],
        "miss",
        2,
        "reminder: Wield a Rarity",
    ),
    ("other_faces", "roll your rarity die in place of your action die", [4, 2, 3], "strong_hit",
     3, "is the action die (4)"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("case", "quote", "dice", "outcome", "momentum", "note"), WIELD, ids=[r[0] for r in WIELD]
)
def test_wield_a_rarity_on_a_move_the_asset_aids(
    delve: None, case: str, quote: str, dice: list[int], outcome: str, momentum: int, note: str
) -> None:
    assert quote in wield_text()
    game = rarity_game()
    buy(game, "baldric")
    result = game.move("face danger", dice, stat="edge", asset=["improviser"])
    record = result.moves[0]
    assert record.outcome == outcome
    assert record.roll is not None and record.roll["rarity"] == "Blackguard’s Baldric"
    assert "Blackguard’s Baldric (rarity die)" in record.assets
    assert any(note in n for n in result.notes), result.notes
    assert game.state.character("Asha").momentum == momentum


def test_the_rarity_die_follows_the_assets_ability_unasked(delve: None) -> None:
    """Improviser 1 acts on Check Your Gear when named: the rarity die comes with it; a move
    the asset does not aid rolls the action die as ever."""
    game = rarity_game()
    buy(game, "baldric")
    aided = game.move("check your gear", [6, 9, 9], asset=["improviser"])
    assert aided.moves[0].outcome == "strong_hit" and aided.moves[0].roll["rarity"]
    plain = game.move("face danger", [6, 9, 9], stat="edge")
    assert plain.moves[0].outcome == "miss" and "rarity" not in plain.moves[0].roll
    game.choose(["obvious"])


def test_without_a_rarity_a_six_is_an_action_die(delve: None) -> None:
    game = rarity_game()
    with pytest.raises(InvalidValue, match="no marked ability"):
        game.move("face danger", [6, 9, 9], stat="edge", asset=["improviser"])
    result = game.move("check your gear", [6, 9, 9], asset=["improviser"])
    assert result.moves[0].outcome == "miss" and "rarity" not in result.moves[0].roll


def test_wield_a_rarity_is_no_move_of_its_own(delve: None) -> None:
    game = rarity_game()
    buy(game, "baldric")
    before = game.state.to_dict()
    with pytest.raises(InvalidValue, match="rolled with the move an augmented asset aids"):
        game.move("wield a rarity", [])
    assert game.state.to_dict() == before


def test_the_count_of_what_is_applied_and_what_is_a_reminder(delve: None) -> None:
    from ironsworn.moves.delve.rarities import coverage

    counts = coverage(load_library())
    assert counts["rarities"] == len(delve_data()["rarities"]) == 65
    assert counts["die_applied"] == 65
    assert counts["aided_by_abilities"] + counts["aided_when_named"] == 65
    assert list(counts["reminders"].values()) == [65]
