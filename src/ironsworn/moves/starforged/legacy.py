"""Starforged legacy moves: Earn Experience (made for you when a legacy box fills) and Advance
(3 experience for a new asset, 2 for an upgrade); Continue a Legacy is in :mod:`.inheritance`."""

from __future__ import annotations

from typing import Any

from ironsworn.errors import InvalidValue, NotFound, OptionNeeded, PackMissing, RuleViolation
from ironsworn.moves.engine import Step, no_roll
from ironsworn.moves.starforged._common import RULESET

ADVANCE_COST = {"new_asset": 3, "upgrade": 2}
# Advance: "Choose from the following categories ... Module ... Support Vehicle ... Path ...
# Companion ... Deed" (seed 003), as the asset types of a Datasworn Starforged pack.
ADVANCE_CATEGORIES = ("module", "support_vehicle", "path", "companion", "deed")
ACCEPTED = "a module, support vehicle, path, companion or deed"


@no_roll("earn_experience", ruleset=RULESET)
def earn_experience(ctx: Step) -> None:
    """ "When you fill a box (four ticks) on any legacy track, take 2 experience" (1 once the
    track has been completed): the amount is worked out when the legacy ticks are marked."""
    amount = ctx.amount
    if amount is None:
        raise InvalidValue(
            "Earn Experience is made for you when a box of a legacy track fills "
            "(mark legacy ticks with the moves, or by hand on the legacy track)"
        )
    char = ctx.char
    ctx.engine.set_meter(char.name, "experience_earned", char.experience_earned + amount)


@no_roll("advance", ruleset=RULESET)
def advance(ctx: Step) -> None:
    """ "Spend 3 experience to add a new asset, or 2 experience to upgrade an asset. Choose
    from the following categories": module, support vehicle, path, companion, deed (seed 003).

    ENGINE CHOICE: an upgrade may mark an ability of any asset the character holds, the
    command vehicle's card too ("Module: Upgrade your command vehicle" names what is added,
    and the card is the vehicle); a new command vehicle is added only when the campaign has
    none (Overcome Destruction: "Spend this experience only on a new command vehicle").
    """
    query = ctx.data.get("asset")
    if isinstance(query, list):
        if len(query) > 1:
            raise InvalidValue(
                "Advance adds or upgrades one asset: give {asset} once",
                input="asset",
                value=query,
                accepted="one asset",
            )
        query = query[0] if query else None
    if not query:
        ask_purchase(ctx)
    ability = ctx.data.get("ability")
    typed = str(query)
    name, colon, number = typed.rpartition(":")
    if colon and number.strip().isdigit() and ability is None:
        # An upgrade offered as NAME:N (the ability to mark) names its ability.
        try:
            ctx.char.asset(name)
            query, ability = name, int(number)
        except NotFound:
            pass
    try:
        ctx.char.asset(str(query))
        key = "upgrade"
    except NotFound:
        key = "new_asset"
    try:
        event = _purchase(ctx, key, str(query), ability)
    except InvalidValue as exc:
        if typed == str(query):
            raise
        from ironsworn.moves.assets.cards import said_of_choice

        raise said_of_choice(exc, typed) from None
    cost = _cost(ctx, key, event)  # checked before anything is emitted
    ctx.emit(event)
    char = ctx.char
    ctx.engine.set_meter(char.name, "experience_spent", char.experience_spent + cost)
    if key == "new_asset":
        # A crew card bought (a module, a support vehicle, a new STARSHIP for the one lost):
        # the one who paid holds it first; every other crew member's sheet lists it.
        from ironsworn.moves.starforged.crew import board

        board(ctx.state, event["asset"], ctx.emit)


def _cost(ctx: Step, key: str, event: dict[str, Any]) -> int:
    """The experience this Advance costs: 3 or 2, less 1 where a marked ability gives a
    discount on the card's type (Vehicle Bay: "purchase or upgrade a support vehicle for 1
    less experience"); refused when the character has less."""
    from ironsworn.moves.assets.cards import advance_discount

    asset_id = str(event["asset"]["id"] if key == "new_asset" else event["asset"])
    char = ctx.char
    cost = ADVANCE_COST[key] - advance_discount(ctx.engine.ruleset, char, asset_id)
    available = char.experience_earned - char.experience_spent
    if available < cost:
        what = "a new asset" if key == "new_asset" else "an upgrade"
        raise RuleViolation(
            f"Advance costs {cost} experience for {what}; {char.name} has {available}"
        )
    return cost


def _purchase(ctx: Step, key: str, query: str, ability: Any) -> dict[str, Any]:
    from ironsworn.content.lookup import resolve
    from ironsworn.moves.assets.cards import companion_name, starting_ability
    from ironsworn.moves.sheet import new_asset_record

    char = ctx.char
    if key == "new_asset":
        assets = ctx.engine.ruleset.in_ruleset("assets", RULESET)
        if not assets:
            # (each surface says how its player imports the pack)
            raise PackMissing(
                "no Starforged assets: they come from your own Datasworn Starforged file",
                "starforged",
            )
        asset = resolve(assets, query, "asset", lambda a: str(a.name), (RULESET,))
        check_category(ctx, asset.name, category_of(asset.id))
        if any(a["id"] == asset.id for a in char.assets):
            raise RuleViolation(f"{char.name} already has {asset.name}")
        start = None if ability is None else int(ability)
        starting_ability(ctx.move.name, asset, start)  # asked when the card marks none
        name = ctx.data.get("name")
        companion_name(ctx.move.name, asset, name)  # a companion is named: asked
        record = new_asset_record(asset, name, start=start)
        from ironsworn.moves.starforged.crew import claim

        claim(ctx.state, char.name, record)
        return {"type": "asset_added", "character": char.name, "asset": record}
    owned = char.asset(query)
    owner = owned.get("owner") if owned.get("crew") else None
    if owner and owner != char.name:
        # "These assets are earned and managed by a single character" (modules); a support
        # vehicle's pilot or owner. The STARSHIP has none: any of the crew upgrades it.
        raise RuleViolation(
            f"{owned['name']} is {owner}'s to upgrade: a module or support vehicle is earned "
            f"and managed by one character (accepted: {owner} makes this Advance)"
        )
    abilities = owned["abilities"]
    index = (
        next((i for i, on in enumerate(abilities) if not on), None)
        if ability is None
        else int(ability) - 1
    )
    if index is None:
        raise RuleViolation(f"every ability of {owned['name']} is already marked")
    if not 0 <= index < len(abilities):
        raise InvalidValue(
            input="ability",
            value=index + 1,
            accepted=f"1 to {len(abilities)}",
            why="is out of range",
        )
    if abilities[index]:
        raise RuleViolation(f"ability {index + 1} of {owned['name']} is already marked")
    return {
        "type": "asset_ability",
        "character": char.name,
        "asset": owned["id"],
        "ability": index,
        "from": False,
        "to": True,
    }


def ask_purchase(ctx: Step) -> None:
    """Advance with nothing named: ask what to buy (an upgrade of an asset held, or a new
    asset of Advance's categories), from what the experience affords."""
    from ironsworn.moves.assets.cards import upgrades

    char = ctx.char
    available = char.experience_earned - char.experience_spent
    found = [
        (f"{r['asset']}:{r['number']}", f"upgrade {r['asset']}: ability {r['number']}: 2")
        for r in upgrades(ctx.engine.ruleset, char)["abilities"]
        if available >= ADVANCE_COST["upgrade"]
    ]
    held = {str(a["id"]) for a in char.assets}
    if available >= ADVANCE_COST["new_asset"]:
        found += [
            (str(a.name), f"new asset: {a.name} ({category_of(a.id).replace('_', ' ')}): 3")
            for a in ctx.engine.ruleset.in_ruleset("assets", RULESET).values()
            if a.id not in held and category_of(a.id) in ADVANCE_CATEGORIES
        ]
    if not found:
        raise RuleViolation(
            f"Advance: {char.name} has {available} experience, not enough for anything "
            f"(3 for {ACCEPTED}, 2 for an upgrade)"
        )
    raise OptionNeeded(
        f"Advance: what do you buy? ({ACCEPTED}, or an upgrade of one of yours)",
        "asset",
        tuple((key, f"{label} experience") for key, label in found),
        subject="Advance",
    )


def category_of(asset_id: str) -> str:
    """``module`` for ``asset:starforged/module/engine_upgrade`` (a pack's category key)."""
    parts = asset_id.partition(":")[2].split("/")
    return parts[1] if len(parts) > 2 else ""


def check_category(ctx: Step, name: str, category: str) -> None:
    """Refuse a new asset outside Advance's categories (a command vehicle only to replace one
    that was lost)."""
    if category in ADVANCE_CATEGORIES:
        return
    kind = category.replace("_", " ") or "asset"
    if category == "command_vehicle":
        if ctx.state.vehicle is None:
            ctx.note(f"{name}: a new command vehicle, to replace the one that was lost")
            return
        raise RuleViolation(
            f"Advance adds {ACCEPTED}, not {name} (a command vehicle: the campaign has one, "
            f"{ctx.state.vehicle['name']})"
        )
    raise RuleViolation(f"Advance adds {ACCEPTED}, not {name} (a {kind})")
