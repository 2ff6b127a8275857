"""The hooks a move skips where they cannot act are the hooks that would have done nothing
(issue 24).

As a move starts, the engine works out once what the character's cards reach on it and calls
each asset hook only where its first test can pass: the abilities that act before a move
(Shield-Bearer 3, Animal Kin 2, a Swordmaster's +1, an ally's Loyalist 2), the uses before the
roll, the adds after it; after the outcome it gives allies' abilities their share (Long-Arm 3,
Loyalist 2), ends a Swordmaster's +1 or offers a Dancer's dance only where one can act. Random
play with those cards marked on both characters is made twice from the same seed: once as the
engine makes it, once with every gate open (every card of the content taken to act on every
move, every card reaching every moment), so that every hook is called and walks the cards
itself. Every result, event, decision and the final state are the same.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_asset_reach import card_record

from ironsworn.campaign.state import STATS, CampaignState
from ironsworn.content import load_ruleset
from ironsworn.dice import RandomDice
from ironsworn.moves.assets import allies, moments, reach
from ironsworn.moves.assets.matching import _matches_move
from ironsworn.moves.autoplay import AutoPlayer
from ironsworn.moves.engine import MoveEngine, Step
from ironsworn.moves.rulesets import RULESETS
from ironsworn.moves.sheet import SheetOperations

JsonDict = dict[str, Any]

# Cards whose abilities act as a move starts, after its roll or after its outcome.
ASHA_CARDS = ("combat_talent/shield_bearer", "combat_talent/swordmaster", "path/loyalist")
KAI_CARDS = (
    "combat_talent/long_arm",
    "path/dancer",
    "path/animal_kin",
    "path/rider",
    "companion/horse",
)
OPERATIONS = 300


def player(seed: int) -> AutoPlayer:
    """The random player's campaign, the cards above marked whole on Asha and Kai."""
    p = AutoPlayer(seed=seed)
    content = p.engine.ruleset
    for name, cards in (("Asha", ASHA_CARDS), ("Kai", KAI_CARDS)):
        char = p.state.character(name)
        records = [card_record(content.assets[f"asset:classic/{card}"], None) for card in cards]
        char.assets = [*char.assets, *records]
    return p


def play(seed: int) -> list[str]:
    """What each operation of random play gave, then the campaign's state."""
    p = player(seed)
    seen = []
    for _ in range(OPERATIONS):
        result = p.step()
        if result is not None:
            seen.append(
                json.dumps(
                    [result.events, result.to_json(), result.notes, result.pending, result.summary],
                    sort_keys=True,
                    default=repr,
                )
            )
        if not any(c.status == "active" for c in p.state.characters.values()):
            break
    seen.append(json.dumps(p.state.to_dict(), sort_keys=True, default=repr))
    return seen


def counted(patch: pytest.MonkeyPatch) -> dict[str, int]:
    """Count the calls of the hooks the engine gates."""
    calls = {"before_move": 0, "after_outcome": 0}
    for name in calls:
        hook = getattr(moments, name)

        def wrapped(*args: Any, _hook: Any = hook, _name: str = name) -> Any:
            calls[_name] += 1
            return _hook(*args)

        patch.setattr(moments, name, wrapped)
    return calls


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_play_is_the_same_with_every_gate_open(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    content = player(seed).engine.ruleset
    plans = content.memo("move_plans")
    with monkeypatch.context() as patch:
        gated_calls = counted(patch)
        gated = play(seed)
    plans.clear()  # the plans made next say every card acts on every move
    try:
        with monkeypatch.context() as patch:
            patch.setattr(allies, "any_card_acts", lambda ruleset, key, move: True)
            patch.setattr(reach, "reached", lambda ruleset, records, move: reach.EVERY)
            patch.setattr(allies, "held_by_others", lambda state, name, cards: True)
            open_calls = counted(patch)
            walked = play(seed)
    finally:
        plans.clear()  # (the content's own plans made again when next asked for)
    assert gated == walked
    # The gates did skip calls, and the hooks were called where they could act.
    assert open_calls["before_move"] > gated_calls["before_move"] > 0
    assert open_calls["after_outcome"] > gated_calls["after_outcome"] > 0


@pytest.mark.parametrize("ruleset", ["classic", "starforged"])
def test_a_plan_names_the_cards_that_act_on_an_allys_move(ruleset: str) -> None:
    """The cards a plan names are those with an effect on an ally's move that matches the
    move (a scan of every card); the plan says some card acts exactly when it names one."""
    content = load_ruleset(ruleset)
    rules = RULESETS[ruleset]
    named = 0
    for move in [*content.moves.values(), *content.asset_moves.values()]:
        plan = rules.plan(content, move.id)
        scanned = {
            asset.id
            for asset in content.assets.values()
            for ability in asset.abilities
            for effect in ability.effects
            if effect.get("ally_move") and _matches_move(effect, move)
        }
        assert plan.ally_card_ids == scanned, move.id
        assert plan.ally_cards == bool(scanned), move.id
        named += bool(scanned)
    assert named > 0 or ruleset == "starforged"


def test_only_a_card_held_by_someone_else_is_an_allys() -> None:
    p = player(1)
    loyalist = {"asset:classic/path/loyalist"}
    assert allies.held_by_others(p.state, "Kai", loyalist)  # Asha holds it
    assert not allies.held_by_others(p.state, "Asha", loyalist)  # hers, not an ally's
    assert not allies.held_by_others(p.state, "Kai", {"asset:classic/path/bonded"})


@pytest.mark.parametrize("ruleset", ["classic", "starforged"])
def test_the_stat_a_plan_names_is_the_stat_the_move_rolls(ruleset: str) -> None:
    """For every move and every stat input a plan names a stat for, the engine's own
    choice of the stat (which reads the move's rules) is that stat, at the sheet's value."""
    state = CampaignState()
    state.ruleset = ruleset
    engine = MoveEngine(state, load_ruleset(ruleset), dice=RandomDice(0))
    SheetOperations(engine).new_character("Asha", "edge=3,heart=2,iron=1,shadow=2,wits=1")
    char = state.character("Asha")
    content = engine.ruleset
    named = 0
    for move in [*content.in_ruleset("moves", ruleset).values(), *content.asset_moves.values()]:
        plan = engine.plan_of(move.id)
        for wanted in (None, "", *STATS, "Edge", " iron", "health", "companion_health"):
            stat = plan.stats.get(wanted)
            if stat is None:
                continue
            named += 1
            ctx = Step(engine, {"move": move.id, "character": "Asha", "stat": wanted}, move)
            assert engine._stat_for(ctx, move, char) == (stat, char.stats[stat]), (move.id, wanted)
    assert named > 20, named
    # (the count of pairs checked, to see that each ruleset's moves were)
    assert len(content.in_ruleset("moves", ruleset)) > 20
