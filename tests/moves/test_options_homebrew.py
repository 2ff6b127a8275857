"""Reskinned and homebrew assets (seed 000 "Tweaking assets", L5336-5399)."""

from __future__ import annotations

from typing import Any

import pytest
from moves_support import ASHA_STATS, Game

from ironsworn.campaign.state import CampaignState
from ironsworn.errors import InvalidValue, IronswornError, RuleViolation
from ironsworn.moves.homebrew import HomebrewOperations, ability, card_of

SECURE = "move:classic/adventure/secure_an_advantage"
STRIKE = "move:classic/combat/strike"
CLASH = "move:classic/combat/clash"
FACE = "move:classic/adventure/face_danger"

# Each pattern of "Creating assets and abilities" as the effects the engine reads.
PATTERNS: list[tuple[str, list[dict[str, Any]]]] = [
    # "a moderate benefit, such as 'add +1 and take +1 momentum on a hit', for a relatively
    # common action" (L5376-5378)
    (
        "bonus:secure an advantage:taking a moment to aim",
        [{"moves": [SECURE], "add": 1, "hit": {"momentum": 1}, "when": "taking a moment to aim"}],
    ),
    ("bonus:face danger", [{"moves": [FACE], "add": 1, "hit": {"momentum": 1}}]),
    # "a strong benefit, such as 'reroll any dice', for less common actions or abilities which
    # have a limit ('one time only')" (L5379-5384)
    (
        "reroll:strike,clash:once per fight",
        # "once per fight" is the deck's own limit too (issue 21: it was only words).
        [{"moves": [STRIKE, CLASH], "reroll": True, "once": "fight", "when": "once per fight"}],
    ),
    # "exchange one resource for another, such as 'suffer -1 momentum and inflict +1 harm on a
    # hit'" (L5388-5389)
    (
        "exchange:strike:momentum-1,harm+1",
        [{"moves": [STRIKE], "before": {"momentum": -1}, "hit": {"harm": 1}}],
    ),
    # "use a different stat instead of the one normally required by a move" (L5393-5394)
    ("stat:face danger:wits", [{"moves": [FACE], "roll": ["wits"]}]),
    # "the fictional framing to make a move in unusual circumstances" (L5390-5392)
    ("permission:you may Gather Information from the dead", []),
]


@pytest.mark.parametrize(("spec", "effects"), PATTERNS)
def test_the_rulebooks_ability_patterns(game: Game, spec: str, effects: list[Any]) -> None:
    made = ability(game.engine, spec)
    assert made["effects"] == effects
    assert made["pattern"] == spec.split(":")[0]


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("dance:strike", "ability pattern 'dance' is unknown"),
        ("reroll:strike", "without its limit or gate"),
        ("bonus:fulfill your vow", "makes no action roll"),
        ("exchange:strike:harm+1", "give what you pay and what you gain"),
        ("exchange:strike:momentum+1,harm+1", "the cost is a loss"),
        ("stat:face danger:luck", "accepted: edge, heart, iron, shadow, wits"),
        ("bonus:", "name at least one move"),
        ("permission:", "without its words"),
    ],
)
def test_bad_abilities_are_refused(game: Game, spec: str, says: str) -> None:
    with pytest.raises(IronswornError) as raised:
        ability(game.engine, spec)
    assert says in str(raised.value)


def test_a_homebrew_asset_is_on_the_sheet_in_the_log_and_undone() -> None:
    game = Game()
    game.character("Asha", ASHA_STATS)
    before = game.state.to_dict()
    result = HomebrewOperations(game.engine).create(
        None,
        "Gunner",
        "combat talent",
        "If you wield a cybernetic blaster...",
        ["bonus:secure an advantage:taking a moment to aim", "reroll:strike,clash:once per fight"],
    )
    record = game.state.character("Asha").asset("gunner")
    assert record["abilities"] == [True, False]
    assert record["requirement"] == "If you wield a cybernetic blaster..."
    card = card_of(game.engine.ruleset, record)
    assert card is not None and card.id == "asset:homebrew/gunner"
    assert card.abilities[0].text.startswith("Secure an Advantage: add +1")
    effects = [a["effects"][0]["moves"] for a in record["card"]["abilities"]]
    assert effects == [[SECURE], [STRIKE, CLASH]]
    # The card travels in its event: a fold of the log gives it back.
    replay = CampaignState()
    for event in [*game.events, *result.events]:
        replay.apply(event)
    assert replay.character("Asha").asset("gunner")["card"] == record["card"]
    for event in reversed(result.events):
        game.state.revert(event)
    assert game.state.to_dict() == before


@pytest.mark.parametrize(
    ("kwargs", "error", "says"),
    [
        ({"kind": "spaceship"}, InvalidValue, "asset type 'spaceship' is unknown"),
        ({"abilities": []}, InvalidValue, "an asset has 1 to 3"),
        ({"abilities": ["bonus:face danger"] * 4}, InvalidValue, "an asset has 1 to 3"),
        ({"name": " "}, InvalidValue, "is not valid"),
    ],
)
def test_bad_homebrew_assets_change_nothing(
    kwargs: dict[str, Any], error: type[Exception], says: str
) -> None:
    game = Game()
    game.character("Asha", ASHA_STATS)
    before = game.state.to_dict()
    given: dict[str, Any] = {
        "name": "Gunner",
        "kind": "combat_talent",
        "condition": "",
        "abilities": ["bonus:face danger"],
        **kwargs,
    }
    with pytest.raises(error) as raised:
        HomebrewOperations(game.engine).create(None, **given)
    assert says in str(raised.value)
    assert game.state.to_dict() == before


def test_reskinning_renames_and_changes_the_condition() -> None:
    # "Rename Archer to Marksman, and change the condition to 'If you wield a musket...'"
    # (L5364-5366); the abilities stay the card's.
    game = Game()
    game.character("Asha", ASHA_STATS, assets=["archer"])
    before = game.state.to_dict()
    archer = game.state.character("Asha").asset("archer")
    abilities = list(archer["abilities"])
    result = HomebrewOperations(game.engine).reskin(
        None, "archer", "Marksman", "If you wield a musket..."
    )
    marksman = game.state.character("Asha").asset("marksman")
    assert (marksman["id"], marksman["name"], marksman["requirement"]) == (
        "asset:classic/combat_talent/archer",
        "Marksman",
        "If you wield a musket...",
    )
    assert marksman["abilities"] == abilities
    assert card_of(game.engine.ruleset, marksman) is game.engine.ruleset.assets[marksman["id"]]
    # "When you Secure an Advantage by taking a moment to aim ... add +1": as the Marksman.
    aimed = game.move(
        "secure an advantage", (3, 1, 2), stat="wits", asset="marksman", choose=["prepare"]
    )
    assert aimed.moves[0].roll is not None and aimed.moves[0].roll["adds"] == 1
    assert aimed.moves[0].assets[0].startswith("Marksman")
    for event in reversed([*aimed.events, *result.events]):
        game.state.revert(event)
    assert game.state.to_dict() == before
    with pytest.raises(InvalidValue, match="accepted: name, condition, or both"):
        HomebrewOperations(game.engine).reskin(None, "archer", None, None)
    with pytest.raises(RuleViolation, match="already named"):
        HomebrewOperations(game.engine).reskin(None, "archer", "Archer", None)


def test_no_homebrew_asset_without_asset_cards() -> None:
    from ironsworn.moves.setup import SetupOperations

    game = Game()
    SetupOperations(game.engine).set_option("assets", "none")
    game.character("Asha", ASHA_STATS)
    with pytest.raises(RuleViolation, match="plays without asset cards"):
        HomebrewOperations(game.engine).create(None, "Gunner", "path", "", ["bonus:face danger"])


# --- homebrew and reskinned assets in moves, like the deck's ----------------------------------


def homebrew_game(*cards: tuple[str, list[str]]) -> Game:
    game = Game()
    game.character("Asha", ASHA_STATS, assets=["shield-bearer"])  # edge 3 ... wits 1
    for name, abilities in cards:
        game._keep(HomebrewOperations(game.engine).create(None, name, "path", "", abilities))
    return game


def test_a_homebrew_bonus_adds_one_and_momentum_on_a_hit() -> None:
    game = homebrew_game(("Gunner", ["bonus:face danger"]))
    # 3 + edge 3 + 1 = 7 beats 5 and 6: a strong hit (6 alone would tie the 6: a weak hit)
    result = game.move("face danger", (3, 5, 6), stat="edge")
    assert result.moves[0].roll is not None and result.moves[0].roll["adds"] == 1
    assert result.moves[0].outcome == "strong_hit"
    assert result.moves[0].assets == ["Gunner 1"]
    assert game.state.character("Asha").momentum == 4  # +1 Face Danger, +1 the ability


def test_a_homebrew_stat_substitution_rolls_the_other_stat() -> None:
    game = homebrew_game(("Scholar", ["stat:face danger:wits"]))
    result = game.move("face danger", (6, 5, 6), asset="scholar", choose=["suffer_momentum"])
    assert result.moves[0].stat == "wits"
    assert result.moves[0].roll is not None and result.moves[0].roll["stat"] == 1


def test_a_homebrew_exchange_pays_before_and_gains_on_a_hit() -> None:
    game = homebrew_game(("Gunner", ["exchange:strike:momentum-1,harm+1"]))
    fight = game.track("fight", "Bear", "dangerous")
    # Take initiative with a real move: Enter the Fray's weak hit, prepare to act.
    game.move("enter the fray", (6, 1, 10), stat="heart", choose=["prepare_to_act"])
    assert game.state.character("Asha").initiative and game.state.character("Asha").momentum == 2
    game.move("strike", (6, 1, 2), stat="iron", track=fight.id)
    # Strike's strong hit: 2 harm, +1 harm, and +1 from the ability: 4 marks of 8 ticks
    assert game.state.tracks[fight.id].ticks == 4 * 8
    assert game.state.character("Asha").momentum == 1  # -1 paid before rolling


def test_a_reskinned_asset_acts_under_its_new_name() -> None:
    game = homebrew_game()
    HomebrewOperations(game.engine).reskin(None, "shield-bearer", "Riot Shield", None)
    result = game.move(
        "face danger", (3, 5, 6), stat="iron", asset="riot shield", choose=["suffer_momentum"]
    )
    assert result.moves[0].roll is not None and result.moves[0].roll["adds"] == 1
    assert result.moves[0].assets and result.moves[0].assets[0].startswith("Riot Shield")


def test_a_homebrew_reroll_is_offered_after_the_roll() -> None:
    # "reroll any dice" for a gated action (L5379-5384): asked once the dice are rolled.
    game = homebrew_game(("Duelist", ["reroll:face danger:once per fight"]))
    result = game.move("face danger", (1, 9, 10), stat="edge", asset="duelist")
    assert result.pending is not None and "reroll any dice" in result.pending["prompt"]
    rerolled = game.choose(["challenge_1", "challenge_2"], (1, 2))
    assert rerolled.moves[0].outcome == "strong_hit"  # 1 + edge 3 = 4 beats 1 and 2
