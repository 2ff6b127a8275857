"""Starforged suffer moves: Lose Momentum, Endure Harm, Endure Stress, Companion Takes a Hit,
Sacrifice Resources, Withstand Damage.

Endure Harm, Endure Stress, Companion Takes a Hit and Withstand Damage take the loss first;
"Then, if your health is 0 or you choose to resist the harm, roll". Above 0 the player is asked
whether to resist: "press on" records the move with no roll.
"""

from __future__ import annotations

from typing import Any

from ironsworn.errors import InvalidValue
from ironsworn.moves.engine import Step, before_roll, no_roll, on_outcome, on_resume, short_name
from ironsworn.moves.starforged._common import (
    RULESET,
    M,
    S,
    W,
    companions,
    integrity,
    need_vehicle,
    roll_table,
    set_impact,
    sf,
)
from ironsworn.moves.starforged.quest import discard_asset


def _amount(ctx: Step, what: str) -> int:
    """-1 minor, -2 serious, -3 major: the amount is given (--amount) or set by the move that
    asks for it."""
    if ctx.amount is None:
        raise InvalidValue(
            f"{ctx.move.name} needs --amount: the {what} (1 minor, 2 serious, 3 major)"
        )
    if not 0 <= ctx.amount <= 10:
        raise InvalidValue(f"--amount {ctx.amount} is out of range (0 to 10)")
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


def _level(ctx: Step, meter: str) -> int:
    if meter == "companion":
        return int(_companion(ctx)["meter"]["value"])
    if meter == "integrity":
        return int(need_vehicle(ctx.engine)["integrity"])
    return int(getattr(ctx.char, meter))


def _companion(ctx: Step) -> dict[str, Any]:
    query = ctx.data.get("companion")
    mine = companions(ctx.char)
    if query:
        asset = ctx.char.asset(str(query))
        if not asset.get("meter"):
            raise InvalidValue(f"{asset['name']} has no health meter")
        return asset
    if len(mine) == 1:
        ctx.data["companion"] = mine[0]["id"]
        return mine[0]
    if not mine:
        raise InvalidValue(f"{ctx.name} has no companion with a health meter")
    raise InvalidValue(
        "name the companion with --companion (accepted: " + ", ".join(a["name"] for a in mine) + ")"
    )


def _lose(ctx: Step, meter: str, amount: int) -> int:
    """Take the loss; return the part past 0."""
    if meter == "companion":
        asset = _companion(ctx)
        return ctx.engine.companion_meter(ctx.name, asset["id"], -amount)
    if meter == "integrity":
        return integrity(ctx.engine, -amount)
    return ctx.meter(meter, -amount)


def _gain(ctx: Step, meter: str, amount: int) -> None:
    if meter == "companion":
        ctx.engine.companion_meter(ctx.name, str(ctx.data["companion"]), amount)
    elif meter == "integrity":
        integrity(ctx.engine, amount)
    else:
        ctx.meter(meter, amount)


def _endure_before(ctx: Step) -> None:
    move = short_name(ctx.data["move"])
    what, meter, _ = ENDURE[move]
    if meter == "integrity":
        need_vehicle(ctx.engine)
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
            k: ctx.data[k] for k in ("amount", "companion", "track") if ctx.data.get(k) is not None
        }
        ctx.follow(ctx.data["move"], applied=True, resist=True, **args)


def _blocker(ctx: Step, meter: str) -> str | None:
    if meter == "integrity":
        return "battered" if "battered" in need_vehicle(ctx.engine)["impacts"] else None
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
        options = [("shake_it_off", f"+1 {meter}"), ("embrace", "+1 momentum")]
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
            prompt="you may (or decline and press on)",
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
    if keys[0] == "shake_it_off":
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
    owner = "the vehicle" if meter == "integrity" else ctx.name
    options = [
        (f"mark_{i}", f"mark {i.replace('_', ' ')}")
        for i in impacts
        if not (
            i in need_vehicle(ctx.engine)["impacts"] if meter == "integrity" else ctx.char.has(i)
        )
    ]
    options.append(("roll_table", "roll on the table"))
    ctx.choose(
        "sf.endure.at_zero",
        options,
        prompt=f"{meter} is 0: {owner} must mark an impact, or roll on the table",
    )


@on_resume("sf.endure.at_zero")
def endure_at_zero(ctx: Step, keys: list[str]) -> None:
    move = short_name(ctx.data["move"])
    if keys[0] != "roll_table":
        set_impact(ctx.engine, ctx.name, keys[0].removeprefix("mark_"), True)
        return
    roll, _ = roll_table(ctx, move)
    if move == "endure_harm" and roll <= 10:
        ctx.follow(sf("face_death"))
    elif move == "endure_stress" and roll <= 10:
        ctx.follow(sf("face_desolation"))
    elif move == "endure_stress" and roll <= 25:
        vows = [
            t
            for t in ctx.state.tracks.values()
            if t.kind == "vow" and t.status == "active" and ctx.name in t.characters
        ]
        if vows:
            ctx.choose(
                "sf.endure_stress.forsake",
                [(t.id, t.name) for t in vows],
                prompt="you give up: which vow do you forsake?",
            )
    elif move == "withstand_damage" and 86 <= roll <= 95:
        ctx.follow(sf("sacrifice_resources"), amount=2)


@on_resume("sf.endure_stress.forsake")
def stress_forsake(ctx: Step, keys: list[str]) -> None:
    ctx.follow(sf("forsake_your_vow"), track=keys[0])


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
            prompt="you may (or decline: they press on)",
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
