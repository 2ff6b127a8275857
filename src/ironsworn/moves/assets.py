"""What the rulebook's printed assets add to a move, when the player says one applies.

Content is data, effects are code: the asset cards come from ``assets.json``; this table says
which marked ability gives which add to which move (``--asset hawk``). Abilities that change
the fiction or other rules (rerolls, trophies, sacrificing a shield) are left to the player.
"""

from __future__ import annotations

from dataclasses import dataclass

from ironsworn.errors import InvalidValue, RuleViolation
from ironsworn.moves.engine import Step, short_name


@dataclass(frozen=True)
class AssetBonus:
    asset: str  # the asset id's last part
    ability: int  # 0-based
    moves: tuple[str, ...]
    stat: str | None = None  # the stat the ability names ("Secure an Advantage +edge")
    add: int = 0
    momentum_on_hit: int = 0
    momentum_on_strong_hit: int = 0
    needs_bond: bool = False


BONUSES: tuple[AssetBonus, ...] = (
    AssetBonus("hawk", 0, ("undertake_a_journey", "resupply"), add=1),
    AssetBonus("hawk", 1, ("secure_an_advantage",), "edge", add=1, momentum_on_hit=1),
    AssetBonus("hawk", 2, ("face_danger", "enter_the_fray"), "wits", add=2),
    AssetBonus(
        "storyweaver",
        0,
        ("secure_an_advantage", "compel", "forge_a_bond"),
        add=1,
        momentum_on_hit=1,
    ),
    # "add +2 (instead of +1)" when sharing a bond: one more on top of the move's own +1.
    AssetBonus("storyweaver", 2, ("sojourn",), add=1, needs_bond=True),
    AssetBonus(
        "slayer", 0, ("gather_information", "secure_an_advantage"), add=1, momentum_on_hit=1
    ),
    AssetBonus("shield_bearer", 0, ("face_danger",), add=1),
    # "When you Clash in close quarters": Clash in close quarters is +iron (L2099-2101).
    AssetBonus("shield_bearer", 0, ("clash",), "iron", momentum_on_strong_hit=1),
    AssetBonus("shield_bearer", 1, ("endure_stress",), add=1, momentum_on_hit=1),
)


def apply_asset(ctx: Step, stat: str) -> int:
    """The add an ``--asset`` gives this move; records any momentum it gives on a hit."""
    query = ctx.data.get("asset")
    if not query or not str(ctx.data["move"]).startswith("move:classic/"):
        return 0
    move = short_name(str(ctx.data["move"]))
    aiding = move == "aid_your_ally"
    if aiding:
        # Aid Your Ally is Secure an Advantage in support of an ally: its asset benefits apply,
        # and "your ally also takes those benefits (instead of you)" (L2033-2037).
        move = "secure_an_advantage"
    owned = ctx.char.asset(str(query))
    key = owned["id"].rsplit("/", 1)[-1]
    found = [
        b
        for b in BONUSES
        if b.asset == key
        and move in b.moves
        and owned["abilities"][b.ability]
        and (b.stat is None or b.stat == stat)
    ]
    if not found:
        raise InvalidValue(
            f"{owned['name']} has no marked ability that adds to {ctx.move.name}"
            + (f" +{stat}" if stat else "")
        )
    if owned.get("meter") and int(owned["meter"]["value"]) == 0:
        raise RuleViolation(f"{owned['name']} is at 0 health and cannot help you")
    bonus = found[0]
    if bonus.needs_bond and not ctx.data.get("bond"):
        raise InvalidValue(f"{owned['name']}'s ability needs a bond here: add --bond")
    momentum = [bonus.momentum_on_hit, bonus.momentum_on_strong_hit]
    if aiding:
        ctx.data["ally_asset_momentum"] = momentum  # given by the Aid Your Ally outcome
    else:
        ctx.data["asset_momentum"] = momentum
    return bonus.add
