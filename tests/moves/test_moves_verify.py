"""verify / can / do: checking a move before making it changes nothing and uses no dice."""

from __future__ import annotations

import pytest

from ironsworn.campaign.state import CampaignState
from ironsworn.dice import FixedDice
from ironsworn.errors import InvalidValue, RuleViolation
from ironsworn.moves import MoveEngine, SheetOperations


@pytest.fixture()
def engine() -> MoveEngine:
    engine = MoveEngine(CampaignState(), dice=FixedDice([]))
    sheet = SheetOperations(engine)
    sheet.new_character("Asha", "edge=3,heart=2,iron=2,shadow=1,wits=1")
    sheet.new_track("fight", "Bear", "formidable")
    sheet.new_track("vow", "Find the relic", "dangerous")
    return engine


@pytest.mark.parametrize(
    ("move", "options", "error"),
    [
        ("strike", {"stat": "iron"}, RuleViolation),  # no initiative yet
        ("end the fight", {}, RuleViolation),  # no strong hit yet
        ("face danger", {"stat": "supply"}, InvalidValue),
        ("face danger", {}, InvalidValue),  # which stat?
        ("turn the tide", {"character": "Nobody"}, LookupError),
    ],
)
def test_verify_refuses_without_changing_anything(
    engine: MoveEngine, move: str, options: dict[str, str], error: type[Exception]
) -> None:
    before = engine.state.to_dict()
    character = options.pop("character", None)
    with pytest.raises(error):
        engine.verify_move(move, character, **options)
    assert not engine.can_make_move(move, character, **options)
    assert engine.state.to_dict() == before


@pytest.mark.parametrize(
    ("move", "options"),
    [
        ("face danger", {"stat": "edge"}),
        ("clash", {"stat": "iron"}),  # the foe has initiative
        ("turn the tide", {}),  # no roll: run and taken back
        ("forsake your vow", {}),  # no roll, then Endure Stress stops at its roll
        ("endure harm", {"amount": 2}),  # the harm is taken before the roll, and given back
    ],
)
def test_verify_allows_and_changes_nothing(
    engine: MoveEngine, move: str, options: dict[str, object]
) -> None:
    before = engine.state.to_dict()
    engine.verify_move(move, **options)
    assert engine.can_make_move(move, **options)
    assert engine.state.to_dict() == before
    assert isinstance(engine.dice, FixedDice) and engine.dice.remaining == 0


def test_can_then_do(engine: MoveEngine) -> None:
    assert engine.can_make_move("turn the tide")
    engine.make_move("turn the tide")
    assert engine.state.characters["Asha"].initiative
    assert not engine.can_make_move("turn the tide")  # once per fight
    assert engine.can_make_move("strike", stat="iron")


@pytest.mark.parametrize(
    ("move", "options", "named"),
    [
        ("face danger", {"stat": "edge", "amount": 3}, "amount does not apply"),
        ("face danger", {"stat": "edge", "odds": "likely"}, "odds does not apply"),
        ("gather information", {"ally": "Kai"}, "ally does not apply"),
        ("turn the tide", {"stat": "iron"}, "stat 'iron' does not apply"),
        ("reach a milestone", {"adds": [1]}, "add \\[1\\] does not apply"),
        ("fulfill your vow", {"burn": True}, "burn true does not apply"),
        ("pay the price", {"asset": "hawk"}, "asset 'hawk' does not apply"),
        ("strike", {"stat": "iron", "with": "Elda"}, "with does not apply"),
    ],
)
def test_options_a_move_does_not_use_are_refused(
    engine: MoveEngine, move: str, options: dict[str, object], named: str
) -> None:
    from ironsworn.content import load_library

    engine.ruleset = load_library()
    before = engine.state.to_dict()
    with pytest.raises(InvalidValue, match=named):
        engine.make_move(move, **options)  # type: ignore[arg-type]
    assert engine.state.to_dict() == before


def test_unused_advance_answers_are_reported(engine: MoveEngine) -> None:
    engine.dice = FixedDice([6, 1, 2])
    result = engine.make_move("face danger", stat="edge", choose=["endure_harm"])
    assert result.moves[0].outcome == "strong_hit"
    assert any("not asked for: the answers endure_harm" in n for n in result.notes)


def test_test_your_bond_abandoned_without_a_roll(engine: MoveEngine) -> None:
    sheet = SheetOperations(engine)
    engine.dice = FixedDice([6, 1, 2])
    engine.make_move("forge a bond", choose=["spirit"], **{"with": "Elda"})
    assert engine.state.characters["Asha"].bonds == ["Elda"]
    engine.dice = FixedDice([])
    result = engine.make_move("test your bond", abandon=True, **{"with": "Elda"})
    assert result.moves[0].roll is None
    assert engine.state.characters["Asha"].bonds == []
    assert result.pending is not None and result.pending["move"].endswith("pay_the_price")
    del sheet


def test_heal_a_person_without_a_health_track(engine: MoveEngine) -> None:
    engine.dice = FixedDice([2, 1, 9])  # wits 1 + 2 = 3: a weak hit
    result = engine.make_move("heal", patient="the miller's son")
    roll = result.moves[0]
    assert roll.stat == "wits" and roll.outcome == "weak_hit"
    assert any("no health track" in n for n in result.notes)
    assert result.pending is not None
    assert [o["key"] for o in result.pending["options"]] == ["suffer_supply", "suffer_momentum"]
    with pytest.raises(InvalidValue, match="one patient"):
        engine.choose(["suffer_supply"])
        engine.make_move("heal", patient="x", ally="Asha")
