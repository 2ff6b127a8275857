"""Reroll any dice: asked after the roll, before a burn; the new dice stand."""

from __future__ import annotations

from ironsworn.campaign.state import CampaignState
from ironsworn.dice import FixedDice
from ironsworn.moves import MoveEngine, SheetOperations


def make() -> MoveEngine:
    engine = MoveEngine(CampaignState(), dice=FixedDice([]))
    SheetOperations(engine).new_character("Asha", "edge=3,heart=2,iron=2,shadow=1,wits=1")
    return engine


def test_reroll_then_outcome() -> None:
    engine = make()
    engine.dice = FixedDice([1, 9, 10])
    first = engine.make_move("forge a bond", reroll=True, **{"with": "Elda"})
    assert first.pending is not None
    assert [o["key"] for o in first.pending["options"]] == [
        "action_die",
        "challenge_1",
        "challenge_2",
    ]
    assert first.moves[0].outcome == "miss"
    engine.dice = FixedDice([6, 2, 3])
    second = engine.choose(["action_die", "challenge_1", "challenge_2"])
    assert second.moves[0].outcome == "strong_hit"
    assert second.moves[0].roll is not None and second.moves[0].roll["challenge"] == [2, 3]
    assert second.pending is not None and second.pending["options"][0]["key"] == "spirit"
    assert engine.state.characters["Asha"].bonds == ["Elda"]


def test_declining_the_reroll_keeps_the_dice_and_offers_the_burn() -> None:
    engine = make()
    SheetOperations(engine).adjust(None, "momentum", 6)  # momentum 8
    engine.dice = FixedDice([1, 5, 6])
    engine.make_move("face danger", stat="shadow", reroll=True)
    after = engine.decline()
    assert after.pending is not None and after.pending["kind"] == "burn"
    burned = engine.burn()
    assert burned.moves[0].outcome == "strong_hit"


def test_partial_reroll_keeps_the_other_dice() -> None:
    engine = make()
    engine.dice = FixedDice([2, 9, 4])
    engine.make_move("face danger", stat="edge", reroll=True)
    engine.dice = FixedDice([1])
    result = engine.choose(["challenge_1"])
    roll = result.moves[0].roll
    assert roll is not None and (roll["action_die"], roll["challenge"]) == (2, [1, 4])
    assert result.moves[0].outcome == "strong_hit"  # 2 + 3 = 5 beats 1 and 4
