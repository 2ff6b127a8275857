"""Playing without assets and roles instead of assets (seed 000 "Hacking Ironsworn", L5326-5360)."""

from __future__ import annotations

from typing import Any

import pytest
from moves_support import ASHA_STATS, Game

from ironsworn.campaign.state import CampaignState
from ironsworn.errors import InvalidValue, IronswornError, OptionNeeded, RuleViolation
from ironsworn.moves.setup import SetupOperations


def campaign(mode: str, experience: int = 0, roles: tuple[str, ...] = ()) -> Game:
    game = Game()
    if mode != "cards":
        game._keep(SetupOperations(game.engine).set_option("assets", mode))
    game.character("Asha", ASHA_STATS)  # edge 3, heart 2, iron 2, shadow 1, wits 1
    if experience:
        game.set(experience=experience)
    for role in roles:
        game.move("advance", new_role=role)
    return game


# "When playing without assets, you may spend 6 experience to increase a single stat by +1.
# No stat can exceed +4." (L5349-5350)
RAISES: list[tuple[str, int, str, Any]] = [
    ("none", 6, "wits", ("wits", 1, 2, 6)),
    ("none", 12, "edge", ("edge", 3, 4, 6)),
    ("roles", 6, "heart", ("heart", 2, 3, 6)),  # ENGINE CHOICE: roles play without assets too
    ("none", 5, "wits", "costs 6 experience; Asha has 5"),
    ("cards", 6, "wits", "raise is for playing without assets"),
]


@pytest.mark.parametrize(("mode", "xp", "stat", "expected"), RAISES)
def test_six_experience_buy_one_stat_point(mode: str, xp: int, stat: str, expected: Any) -> None:
    game = campaign(mode, xp)
    before = game.state.to_dict()
    if isinstance(expected, str):
        with pytest.raises(IronswornError) as error:
            game.move("advance", **{"raise": stat})
        assert expected in str(error.value)
        assert game.state.to_dict() == before
        return
    result = game.move("advance", **{"raise": stat})
    name, low, high, cost = expected
    assert {"type": "stat", "character": "Asha", "stat": name, "from": low, "to": high} in (
        result.events
    )
    assert game.state.character("Asha").stats[name] == high
    assert game.state.character("Asha").experience_spent == cost
    replay = CampaignState()
    for event in game.events:
        replay.apply(event)
    assert replay.character("Asha").stats[name] == high  # the fold gives the same sheet


def test_no_stat_can_exceed_four() -> None:
    game = campaign("none", 12)
    game.move("advance", **{"raise": "edge"})  # edge 3 -> 4
    before = game.state.to_dict()
    with pytest.raises(RuleViolation, match=r"no stat can exceed \+4"):
        game.move("advance", **{"raise": "edge"})
    assert game.state.to_dict() == before


@pytest.mark.parametrize(
    ("kwargs", "error", "says"),
    [
        ({}, OptionNeeded, "which stat do you raise"),
        ({"raise": "luck"}, InvalidValue, "raise 'luck' is not a stat"),
        ({"asset": "hawk"}, RuleViolation, "plays without asset cards"),
        ({"new_role": "scout"}, RuleViolation, "without roles"),
    ],
)
def test_advance_without_assets_refusals(
    kwargs: dict[str, Any], error: type[Exception], says: str
) -> None:
    game = campaign("none", 10)
    before = game.state.to_dict()
    with pytest.raises(error) as raised:
        game.move("advance", **kwargs)
    assert says in str(raised.value)
    assert game.state.to_dict() == before


# "For every 6 experience points, you may buy an additional role." (L5332)
def test_the_first_role_is_named_free_and_each_other_costs_six() -> None:
    game = campaign("roles", 6)
    first = game.move("advance", new_role="scout")
    assert game.state.character("Asha").experience_spent == 0
    assert any("first role" in n for n in first.notes)
    game.move("advance", new_role="Sharp-Eyed Hunter")
    asha = game.state.character("Asha")
    assert asha.experience_spent == 6
    assert game.state.sheet("Asha")["roles"] == ["scout", "Sharp-Eyed Hunter"]
    with pytest.raises(RuleViolation, match="costs 6 experience; Asha has 0"):
        game.move("advance", new_role="healer")
    with pytest.raises(RuleViolation, match="already has the role scout"):
        game.move("advance", new_role="Scout")


# "When you make a move (not a progress move) and envision how your role contributes to this
# action, choose one before rolling: Add +2, or add +1 and take +1 momentum on a hit."
# (L5328-5331) Face Danger's strong hit gives +1 momentum of its own.
ROLE_ROLLS = [
    ("+2", (3, 6, 7), 2, "strong_hit", 3),  # 3 + edge 3 + 2 = 8 beats 6 and 7
    ("momentum", (3, 6, 7), 1, "weak_hit", 3),  # 7 beats 6 only: weak hit, role's +1 momentum
    ("momentum", (3, 2, 5), 1, "strong_hit", 4),  # strong hit +1, role +1
    ("momentum", (1, 9, 10), 1, "miss", 2),  # no momentum on a miss (Pay the Price pends)
]


@pytest.mark.parametrize(("bonus", "dice", "adds", "outcome", "momentum"), ROLE_ROLLS)
def test_a_role_adds_to_a_move(
    bonus: str, dice: tuple[int, ...], adds: int, outcome: str, momentum: int
) -> None:
    game = campaign("roles", roles=("scout",))
    answers = ["suffer_momentum"] if outcome == "weak_hit" else []
    result = game.move(
        "face danger", dice, stat="edge", as_role=["scout"], role_bonus=bonus, choose=answers
    )
    assert result.moves[0].roll is not None
    assert result.moves[0].roll["adds"] == adds
    assert result.moves[0].outcome == outcome
    expected = momentum - (1 if outcome == "weak_hit" else 0)  # the weak hit's chosen cost
    assert game.state.character("Asha").momentum == expected


@pytest.mark.parametrize(
    ("move", "kwargs", "error", "says"),
    [
        # a role bonus on a progress move
        ("fulfill your vow", {"as_role": ["scout"], "role_bonus": "+2"}, InvalidValue,
         "not a progress move"),
        ("reach your destination", {"role_bonus": "+2"}, InvalidValue, "not a progress move"),
        ("face danger", {"as_role": ["scout"]}, OptionNeeded, "choose before rolling"),
        ("face danger", {"as_role": ["healer"], "role_bonus": "+2"}, InvalidValue,
         "has no role 'healer'"),
        ("face danger", {"as_role": ["scout", "hunter"], "role_bonus": "+2"}, RuleViolation,
         "may not be combined"),
        ("face danger", {"as_role": ["scout"], "role_bonus": "+3"}, InvalidValue,
         "role_bonus '+3' is not accepted"),
        ("face danger", {"role_bonus": "+2"}, OptionNeeded, "which role gives its bonus (+2)?"),
    ],
)  # fmt: skip
def test_bad_role_bonuses_change_nothing(
    move: str, kwargs: dict[str, Any], error: type[Exception], says: str
) -> None:
    game = campaign("roles", 6, roles=("scout", "hunter"))
    game.track("vow", "Find the relic", "dangerous", ticks=12)
    game.track("journey", "To the hills", "dangerous", ticks=12)
    before = game.state.to_dict()
    with pytest.raises(error) as raised:
        game.engine.make_move(move, stat="edge", **kwargs) if move == "face danger" else (
            game.engine.make_move(move, **kwargs)
        )
    assert says in str(raised.value)
    assert game.state.to_dict() == before


def test_roles_need_the_option() -> None:
    game = campaign("cards")
    with pytest.raises(RuleViolation, match="does not use roles"):
        game.engine.make_move("face danger", stat="edge", as_role=["scout"], role_bonus="+2")


def test_no_asset_cards_at_creation_without_assets() -> None:
    game = campaign("roles")
    with pytest.raises(RuleViolation, match="plays without asset cards"):
        game.sheet.new_character("Bo", ASHA_STATS, assets=["slayer"])
    assert "Bo" not in game.state.characters
