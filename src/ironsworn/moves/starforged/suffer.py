"""Starforged suffer moves: Lose Momentum, Endure Harm, Endure Stress, Companion Takes a Hit,
Sacrifice Resources, Withstand Damage.

Endure Harm, Endure Stress, Companion Takes a Hit and Withstand Damage take the loss first;
"Then, if your health is 0 or you choose to resist the harm, roll". Above 0 the player is asked
whether to resist: "press on" records the move with no roll.
"""

from __future__ import annotations

from typing import Any

from ironsworn.errors import InvalidValue, OptionNeeded
from ironsworn.moves.engine import Step, before_roll, no_roll, on_outcome, on_resume, short_name
from ironsworn.moves.starforged import tables, vehicles
from ironsworn.moves.starforged._common import (
    RULESET,
    M,
    S,
    W,
    companions,
    set_impact,
)
from ironsworn.moves.starforged.quest import discard_asset
from ironsworn.moves.starforged.vehicles import Vehicle


def _amount(ctx: Step, what: str) -> int:
    """-1 minor, -2 serious, -3 major: the amount is given (the ``amount`` input) or set by
    the move that asks for it."""
    if ctx.amount is None:
        raise OptionNeeded(
            f"{ctx.move.name}: how much {what}? (1 minor, 2 serious, 3 major)",
            "amount",
            (("1", "minor"), ("2", "serious"), ("3", "major")),
            subject=ctx.move.name,
        )
    if not 0 <= ctx.amount <= 10:
        raise InvalidValue(
            input="amount", value=ctx.amount, accepted="0 to 10", why="is out of range"
        )
    return ctx.amount


@no_roll("lose_momentum", ruleset=RULESET)
def lose_momentum(ctx: Step) -> None:
    """ "Suffer -1 momentum for a minor setback, -2 for a serious setback, or -3 for a major
    setback" (at -6, the rest is paid another way: see the engine hook)."""
    ctx.momentum(-_amount(ctx, "setback"))


@no_roll("sacrifice_resources", ruleset=RULESET)
def sacrifice_resources(ctx: Step) -> None:
    """ "Suffer -1 supply for a minor loss ... If your supply is exhausted (reduced to 0), mark
    unprepared" (shared supply: the party marks it together)."""
    ctx.supply(-_amount(ctx, "loss"))


# --- the four that may roll ----------------------------------------------------------------

# move -> (what is lost, the meter, the impacts a miss at 0 marks, the roll's name)
ENDURE: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "endure_harm": ("harm", "health", ("wounded", "permanently_harmed")),
    "endure_stress": ("stress", "spirit", ("shaken", "traumatized")),
    "companion_takes_a_hit": ("harm", "companion", ()),
    "withstand_damage": ("damage", "integrity", ("battered", "cursed")),
}

# A strong hit's two options, keyed and worded as the move names them (seed 003): +1 to the
# meter, or +1 momentum. (A decision kept before the keys were these offered "shake_it_off"
# and "embrace": answered with either, it is still read.)
STRONG_HIT: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "endure_harm": (
        ("shake_it_off", "Shake it off: If you are not wounded, take +1 health"),
        ("embrace_the_pain", "Embrace the pain: Take +1 momentum"),
    ),
    "endure_stress": (
        ("shake_it_off", "Shake it off: If you are not shaken, take +1 spirit"),
        ("embrace_the_darkness", "Embrace the darkness: Take +1 momentum"),
    ),
    "withstand_damage": (
        ("bypass", "Bypass: If your vehicle is not battered, take +1 integrity"),
        ("ride_it_out", "Ride it out: Take +1 momentum"),
    ),
}
# The keys that take +1 to the meter (the others +1 momentum).
SHAKE_IT_OFF = frozenset({"shake_it_off", "bypass"})


def _level(ctx: Step, meter: str) -> int:
    if meter == "companion":
        return int(_companion(ctx)["meter"]["value"])
    if meter == "integrity":
        return vehicles.integrity_of(ctx.state, _vehicle(ctx))
    return int(getattr(ctx.char, meter))


def _vehicle(ctx: Step) -> Vehicle:
    """The vehicle Withstand Damage acts on: the ``vehicle`` input, else the command vehicle
    (or the only vehicle); refused when there is none."""
    vehicle = vehicles.find(ctx.state, ctx.data.get("vehicle"))
    ctx.data["vehicle"] = vehicle.key
    return vehicle


def _companion(ctx: Step) -> dict[str, Any]:
    query = ctx.data.get("companion")
    mine = companions(ctx.char)
    if query:
        # By id, name or the name the player gave it: kept as its id, which later steps use.
        asset = ctx.char.asset(str(query))
        if not asset.get("meter"):
            raise InvalidValue(f"{asset['name']} has no health meter")
        ctx.data["companion"] = asset["id"]
        return asset
    if len(mine) == 1:
        ctx.data["companion"] = mine[0]["id"]
        return mine[0]
    if not mine:
        raise InvalidValue(f"{ctx.name} has no companion with a health meter")
    raise OptionNeeded(
        "which companion? (accepted: " + ", ".join(a["name"] for a in mine) + ")",
        "companion",
        tuple((str(a["name"]), str(a["name"])) for a in mine),
    )


def _lose(ctx: Step, meter: str, amount: int) -> int:
    """Take the loss; return the part past 0."""
    if meter == "companion":
        asset = _companion(ctx)
        return ctx.engine.companion_meter(ctx.name, asset["id"], -amount)
    if meter == "integrity":
        return vehicles.change_integrity(ctx.engine, _vehicle(ctx), -amount)
    return ctx.meter(meter, -amount)


def _gain(ctx: Step, meter: str, amount: int) -> None:
    if meter == "companion":
        ctx.engine.companion_meter(ctx.name, _companion(ctx)["id"], amount)
    elif meter == "integrity":
        vehicles.change_integrity(ctx.engine, _vehicle(ctx), amount)
    else:
        ctx.meter(meter, amount)


def _endure_before(ctx: Step) -> None:
    move = short_name(ctx.data["move"])
    what, meter, _ = ENDURE[move]
    if meter == "integrity":
        _vehicle(ctx)
    if meter == "companion":
        _companion(ctx)
    if not ctx.data.get("applied"):
        amount = _amount(ctx, what)
        overflow = _lose(ctx, meter, amount)
        if overflow:
            ctx.note(f"{overflow} {what} past 0 becomes Lose Momentum (-{overflow})")
            ctx.momentum(-overflow)
        ctx.data["applied"] = True
    if _level(ctx, meter) > 0 and not ctx.data.get("resist"):
        ctx.data["skip_roll"] = True
        ctx.choose(
            "sf.endure.resist",
            [("resist", f"resist the {what}: roll"), ("press_on", "press on (no roll)")],
            prompt=f"resist the {what}?",
        )


for _name in ENDURE:
    before_roll(_name, ruleset=RULESET)(_endure_before)


@on_resume("sf.endure.resist")
def endure_resist(ctx: Step, keys: list[str]) -> None:
    if keys[0] == "resist":
        args = {
            k: ctx.data[k]
            # The assets named and the stat chosen go on to the roll (Ace rolls +integrity).
            for k in ("amount", "companion", "track", "vehicle", "asset", "stat")
            if ctx.data.get(k) is not None
        }
        ctx.follow(ctx.data["move"], applied=True, resist=True, **args)


def _blocker(ctx: Step, meter: str) -> str | None:
    if meter == "integrity":
        return "battered" if "battered" in vehicles.troubles(ctx.state, _vehicle(ctx)) else None
    if meter == "companion":
        return None
    return ctx.char.blocked_by(meter)


@on_outcome("endure_harm", ruleset=RULESET)
@on_outcome("endure_stress", ruleset=RULESET)
@on_outcome("withstand_damage", ruleset=RULESET)
def endure(ctx: Step) -> None:
    """Strong: choose one: shake it off (+1, if not wounded / shaken / battered) or embrace it
    (+1 momentum). Weak: if not blocked, you may Lose Momentum (-1) for +1. Miss: an additional
    -1 or Lose Momentum (-2); at 0, mark an impact or roll on the table."""
    move = short_name(ctx.data["move"])
    _, meter, _ = ENDURE[move]
    blocked = _blocker(ctx, meter)
    if ctx.outcome is S:
        options = list(STRONG_HIT[move])
        if blocked:
            ctx.note(f"{blocked}: +1 {meter} cannot be taken")
            options = options[1:]
        ctx.choose("sf.endure.strong_hit", options, prompt="choose one")
    elif ctx.outcome is W:
        if blocked:
            ctx.note(f"{blocked}: press on")
            return
        ctx.choose(
            "sf.endure.weak_hit",
            [("trade", f"Lose Momentum (-1) for +1 {meter}")],
            minimum=0,
            prompt=f"you may Lose Momentum (-1) for +1 {meter} (or decline and press on)",
            decline="press on",  # "Otherwise, press on."
        )
    else:
        ctx.choose(
            "sf.endure.miss",
            [("more", f"an additional -1 {meter}"), ("momentum", "Lose Momentum (-2)")],
            prompt="it's worse than you thought: choose one",
        )


@on_resume("sf.endure.strong_hit")
def endure_strong(ctx: Step, keys: list[str]) -> None:
    _, meter, _ = ENDURE[short_name(ctx.data["move"])]
    if keys[0] in SHAKE_IT_OFF:
        _gain(ctx, meter, 1)
    else:
        ctx.momentum(1)


@on_resume("sf.endure.weak_hit")
def endure_weak(ctx: Step, keys: list[str]) -> None:
    if keys:
        _, meter, _ = ENDURE[short_name(ctx.data["move"])]
        ctx.momentum(-1)
        _gain(ctx, meter, 1)


@on_resume("sf.endure.miss")
def endure_miss(ctx: Step, keys: list[str]) -> None:
    move = short_name(ctx.data["move"])
    _, meter, impacts = ENDURE[move]
    if keys[0] == "more":
        overflow = _lose(ctx, meter, 1)
        if overflow:
            ctx.momentum(-overflow)
    else:
        ctx.momentum(-2)
    if _level(ctx, meter) > 0:
        return
    if move == "companion_takes_a_hit":
        asset = _companion(ctx)
        if ctx.roll.get("match"):
            ctx.note(f"{asset['name']} is dead or destroyed: the asset is discarded")
            discard_asset(ctx, asset["id"])
        else:
            ctx.note(f"{asset['name']} is out of action until given aid")
        return
    if meter == "integrity":
        _damage_at_zero(ctx)
        return
    options = [(f"mark_{i}", f"mark {i.replace('_', ' ')}") for i in impacts if not ctx.char.has(i)]
    options.append(("roll_table", "roll on the table"))
    ctx.choose(
        "sf.endure.at_zero",
        options,
        prompt=f"{meter} is 0: {ctx.name} must mark an impact, or roll on the table",
    )


def _damage_at_zero(ctx: Step) -> None:
    """ "If your integrity is 0, also suffer a cost according to the vehicle type": a command
    vehicle marks battered or cursed, breaks a module, loses a broken one, or rolls; a support
    vehicle marks battered or rolls; an incidental vehicle rolls."""
    vehicle = _vehicle(ctx)
    if vehicle.kind == vehicles.INCIDENTAL:
        ctx.note(f"{vehicle.name} is an incidental vehicle: roll on the table")
        tables.withstand_damage_row(ctx, vehicle)
        return
    marked = vehicles.troubles(ctx.state, vehicle)
    options = [
        (f"mark_{i}", f"mark {vehicle.name} as {i}")
        for i in vehicles.can_mark(ctx.state, vehicle)
        if i not in marked
    ]
    if vehicle.kind == vehicles.COMMAND:
        found = vehicles.modules(ctx.state)
        if any(not m.broken for m in found):
            options.append(("break_module", "mark a module as broken"))
        if any(m.broken for m in found):
            options.append(("discard_module", "destroy a broken module by discarding it"))
    options.append(("roll_table", "roll on the table"))
    ctx.choose(
        "sf.endure.at_zero",
        options,
        prompt=f"integrity is 0: {vehicle.name} suffers a cost, or roll on the table",
    )


@on_resume("sf.endure.at_zero")
def endure_at_zero(ctx: Step, keys: list[str]) -> None:
    move = short_name(ctx.data["move"])
    key = keys[0]
    if move == "withstand_damage":
        vehicle = _vehicle(ctx)
        if key == "roll_table":
            tables.withstand_damage_row(ctx, vehicle)
        elif key in ("break_module", "discard_module"):
            broken = key == "discard_module"
            found = [m for m in vehicles.modules(ctx.state) if m.broken == broken]
            verb = "discard" if broken else "break"
            ctx.choose(
                f"sf.withstand_damage.{verb}",
                [(m.key, f"{m.name} ({m.owner})") for m in found],
                prompt=f"which module do you {verb}?",
            )
        else:
            vehicles.set_trouble(ctx.engine, vehicle, key.removeprefix("mark_"), True)
        return
    if key != "roll_table":
        set_impact(ctx.engine, ctx.name, key.removeprefix("mark_"), True)
        return
    if move == "endure_harm":
        tables.endure_harm_row(ctx)
    else:
        tables.endure_stress_row(ctx)


@on_resume("sf.withstand_damage.break")
def break_module(ctx: Step, keys: list[str]) -> None:
    """ "mark a module as **broken**"."""
    vehicles.break_module(ctx.engine, vehicles.module(ctx.state, keys[0]), True)


@on_resume("sf.withstand_damage.discard")
def discard_module(ctx: Step, keys: list[str]) -> None:
    """ "destroy a broken module by discarding it"."""
    found = vehicles.module(ctx.state, keys[0])
    ctx.note(f"{found.name} is destroyed: the module is discarded")
    discard_asset(ctx, found.asset, who=found.owner)


@on_outcome("companion_takes_a_hit", ruleset=RULESET)
def companion_takes_a_hit(ctx: Step) -> None:
    """Strong: +1 health for them. Weak: if their health is not 0, you may Lose Momentum (-1)
    to give them +1. Miss: an additional -1 for them or Lose Momentum (-2); at 0, out of action
    (dead or destroyed with a match: the asset is discarded)."""
    asset = _companion(ctx)
    if ctx.outcome is S:
        _gain(ctx, "companion", 1)
    elif ctx.outcome is W:
        if int(asset["meter"]["value"]) == 0:
            ctx.note(f"{asset['name']} presses on")
            return
        ctx.choose(
            "sf.endure.weak_hit",
            [("trade", f"Lose Momentum (-1) to give {asset['name']} +1 health")],
            minimum=0,
            prompt=f"you may Lose Momentum (-1) to give {asset['name']} +1 health (or decline: "
            "they press on)",
            decline="press on",  # "Otherwise, they press on."
        )
    else:
        ctx.choose(
            "sf.endure.miss",
            [
                ("more", f"{asset['name']} suffers an additional -1"),
                ("momentum", "Lose Momentum (-2)"),
            ],
            prompt="it's worse than you thought: choose one",
        )


__all__ = ["M", "S", "W"]
