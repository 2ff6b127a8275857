"""Vows an asset marks (Fortune Hunter 1's paid vow, Oathbreaker 1's vow of redemption) and
what the mark does later: wealth equal to the rank when the paid vow is fulfilled, +2 momentum
on a milestone of the redemption vow and Oathbreaker 3 marked at no cost when it is fulfilled
with a hit (its stat and the discard then asked). With and without the mark; undo."""

from __future__ import annotations

from typing import Any

import pytest
from moves_support import MISS, STRONG, Game, fx

VOW = "vow-1"


def undo(g: Game, *results: Any) -> None:
    for result in reversed(results):
        for event in reversed(result.events):
            g.state.revert(event)


def sworn(card: str, rank: str, named: bool) -> Game:
    g = Game()
    g.character("Asha", assets=[card])
    g.track("vow", "Bring the healer home", rank)
    g.move("swear an iron vow", STRONG, track=VOW, **({"asset": f"{card}:1"} if named else {}))
    return g


@pytest.mark.parametrize(
    ("named", "dice", "wealth"),
    [(False, (1, 2), 0), (True, (1, 2), 2), (True, (1, 10), 2), (True, (9, 10), 0)],
    ids=["not paid", "strong hit", "weak hit", "miss"],
)
def test_fortune_hunter_paid_vow_gives_wealth_equal_to_its_rank(
    named: bool, dice: tuple[int, int], wealth: int
) -> None:
    g = sworn("fortune_hunter", "dangerous", named)
    assert (VOW in (g.char().flags.get("marked_vows") or {})) is named
    g._keep(g.sheet.progress(VOW, True, ticks=24))  # score 6
    before = g.snapshot()
    result = g.move("fulfill your vow", dice, track=VOW)
    record = next(a for a in g.char().assets if a["id"].endswith("/fortune_hunter"))
    assert record["tracks"]["wealth"]["value"] == wealth
    undo(g, result)
    assert g.snapshot() == before


def test_oathbreaker_redemption_vow_milestone_and_redemption() -> None:
    g = sworn("oathbreaker", "extreme", True)
    assert g.char().flags["marked_vows"] == {VOW: ["redemption"]}
    milestone = g.move("reach a milestone", track=VOW)
    assert ("momentum", 4, 6) in fx(milestone)  # +2 after Swear's +2
    g._keep(g.sheet.progress(VOW, True, ticks=30))
    before = g.snapshot()
    fulfilled = g.move("fulfill your vow", (1, 2), track=VOW)
    assert ("asset:classic/path/oathbreaker:ability3", False, True) in fx(fulfilled)
    assert fulfilled.pending is not None
    assert [o["key"] for o in fulfilled.pending["options"]] == [
        "edge", "heart", "iron", "shadow", "wits",
    ]  # fmt: skip
    redeemed = g.choose(["wits"])
    assert g.char().stats["wits"] == 2
    assert not any(a["id"].endswith("/oathbreaker") for a in g.char().assets)
    assert g.char().momentum_max == 10  # the card no longer counts as a debility
    undo(g, fulfilled, redeemed)
    assert g.snapshot() == before


def test_oathbreaker_milestone_on_another_vow_gives_nothing() -> None:
    g = sworn("oathbreaker", "extreme", False)
    assert not g.char().flags.get("marked_vows")
    milestone = g.move("reach a milestone", track=VOW)
    assert not [e for e in fx(milestone) if e[0] == "momentum"]


def test_oathbreaker_marks_one_vow_extreme_or_greater() -> None:
    low = Game()
    low.character("Asha", assets=["oathbreaker"])
    low.track("vow", "Mend the fence", "dangerous")
    refused = low.move("swear an iron vow", STRONG, track=VOW, asset="oathbreaker:1")
    assert any("the mark is for a vow of extreme or more" in n for n in refused.notes)
    assert not low.char().flags.get("marked_vows")
    g = sworn("oathbreaker", "extreme", True)
    g.track("vow", "Atone again", "epic")
    again = g.move("swear an iron vow", MISS, track="vow-2", asset="oathbreaker:1")
    assert any("one time only" in n for n in again.notes)
    assert g.char().flags["marked_vows"] == {VOW: ["redemption"]}


@pytest.mark.parametrize("card", [False, True], ids=["heart", "shadow-kin 3"])
def test_shadow_kin_deathbound_vow_shadow_reroll_and_experience(card: bool) -> None:
    g = Game()
    g.character("Asha", assets=["shadow_kin:3"] if card else [])
    g.set(health=0)
    g.move("face death", (6, 1, 10), stat="shadow" if card else "heart")  # a weak hit
    pending = g.state.pending
    assert pending is not None
    g.choose([next(o["key"] for o in pending["options"] if o["key"] != "noble_sacrifice")])
    swear = g.choose(["formidable"], dice=STRONG)
    assert swear.moves[0].name == "Swear an Iron Vow"
    assert swear.moves[0].stat == ("shadow" if card else "heart")
    if card:
        assert swear.pending is not None and "reroll any dice" in swear.pending["prompt"]
        g.decline()
    vow = next(t for t in g.state.tracks.values() if t.kind == "vow")
    assert (vow.id in (g.char().flags.get("marked_vows") or {})) is card
    g._keep(g.sheet.progress(vow.id, True, ticks=40))
    before = g.char().experience_earned
    g.move("fulfill your vow", (1, 2), track=vow.id)
    assert g.char().experience_earned - before == 3 + (2 if card else 0)
