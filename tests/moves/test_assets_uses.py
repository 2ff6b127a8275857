"""Asset abilities used outside a move (``asset use``): Fortune Hunter 2's exchange of wealth
for supply and Commander 1's cost paid with the warband's strength (at 0 strength the card
counts as a debility). Each with and without the card, undo, and refusals that change nothing.
"""

from __future__ import annotations

import pytest
from moves_support import Game, fx

from ironsworn.errors import IronswornError
from ironsworn.moves.assets.uses import use_ability


def test_fortune_hunter_trades_wealth_for_supply() -> None:
    g = Game()
    g.character("Asha", assets=["fortune_hunter"])
    g._keep(g.sheet.asset_mark(None, "fortune_hunter", 2, True))
    g._keep(g.sheet.asset_track(None, "fortune_hunter", "wealth", 2))
    g.set(supply=2)
    before = g.snapshot()
    result = g._keep(use_ability(g.engine, None, "fortune_hunter", 2))
    assert fx(result) == [
        ("asset:classic/path/fortune_hunter:wealth", 2, 1),
        ("supply", 2, 4),
    ]
    assert any("Fortune Hunter 2" in n for n in result.notes)
    for event in reversed(result.events):
        g.state.revert(event)
    assert g.snapshot() == before


def test_commander_pays_a_cost_and_counts_as_a_debility_at_zero() -> None:
    g = Game()
    g.character("Asha", assets=["commander"])
    g._keep(g.sheet.asset_track(None, "commander", "strength", 1))
    g.set(momentum=10)
    assert g.char().momentum_max == 10
    result = g._keep(use_ability(g.engine, None, "commander", 1))
    assert ("asset:classic/path/commander:strength", 1, 0) in fx(result)
    assert g.char().momentum_max == 9 and ("momentum", 10, 9) in fx(result)
    with pytest.raises(IronswornError, match="strength is 0, it cannot pay -1"):
        use_ability(g.engine, None, "commander", 1)


@pytest.mark.parametrize(
    ("marked", "asset", "number", "says"),
    [
        (False, "fortune_hunter", 2, "ability 2 of Fortune Hunter is not marked"),
        (False, "fortune_hunter", 3, "is not used outside a move (accepted: fortune_hunter 2)"),
        (True, "fortune_hunter", 2, "wealth is 0, it cannot pay -1"),
        (False, "fortune_hunter", 4, "ability 4 is out of range (1 to 3)"),
        (False, "hawk", 1, "has no asset 'hawk'"),
    ],
)
def test_refusals_change_nothing(marked: bool, asset: str, number: int, says: str) -> None:
    g = Game()
    g.character("Asha", assets=["fortune_hunter"])
    if marked:
        g._keep(g.sheet.asset_mark(None, "fortune_hunter", 2, True))
    before = g.snapshot()
    with pytest.raises(IronswornError) as caught:
        use_ability(g.engine, None, asset, number)
    assert says in str(caught.value) and "\n" not in str(caught.value)
    assert g.snapshot() == before
