"""Starforged recover moves: Sojourn, Heal, Hearten, Resupply, Repair.

Sojourn's strong hit lets each of the party choose recover moves with "an automatic strong
hit": those are made with ``auto_strong`` and resolved without a roll.
"""

from __future__ import annotations

from typing import Any

from ironsworn.counting import counted
from ironsworn.errors import InvalidValue
from ironsworn.moves.engine import Step, before_roll, on_outcome, on_resume
from ironsworn.moves.starforged import vehicles
from ironsworn.moves.starforged._common import (
    RULESET,
    M,
    S,
    W,
    companions,
    party,
    set_impact,
    sf,
    take_next_move_add,
)

RECOVER = (
    ("heal", "Heal"),
    ("hearten", "Hearten"),
    ("repair", "Repair"),
    ("resupply", "Resupply"),
)


def _auto_strong(ctx: Step) -> bool:
    """Made from Sojourn: no roll, resolved as a strong hit."""
    if not ctx.data.get("auto_strong"):
        return False
    ctx.data["skip_roll"] = True
    ctx.data["outcome"] = S.value
    ctx.data["roll"] = {"type": "automatic"}
    ctx.note(f"{ctx.move.name}: an automatic strong hit (Sojourn)")
    handler = ctx.engine.rules.outcome_for(ctx.data["move"])
    assert handler is not None
    handler(ctx)
    return True


def _recover_before(ctx: Step) -> None:
    if not _auto_strong(ctx):
        take_next_move_add(ctx)


for _name in ("heal", "hearten", "resupply", "repair"):
    before_roll(_name, ruleset=RULESET)(_recover_before)


@before_roll("sojourn", ruleset=RULESET)
def sojourn_before(ctx: Step) -> None:
    take_next_move_add(ctx)


@on_outcome("sojourn", ruleset=RULESET)
def sojourn(ctx: Step) -> None:
    """Strong: you and your allies each choose two recover moves, each an automatic strong hit.
    Weak: one each, no more than three in all. Miss: the community's demand (then as a strong
    hit) or Pay the Price."""
    if ctx.outcome is M:
        ctx.choose(
            "sf.sojourn.miss",
            [
                ("demand", "do what the community asks: resolve as a strong hit"),
                ("swear", "Swear an Iron Vow to see it done: resolve as a strong hit"),
                ("pay_the_price", "you find no relief: Pay the Price"),
            ],
            prompt="choose one",
        )
        return
    _sojourn_picks(ctx, ctx.outcome is S)


def _sojourn_picks(ctx: Step, strong: bool) -> None:
    _next_pick(ctx, _sojourn_queue(ctx, strong))


def _sojourn_queue(ctx: Step, strong: bool) -> list[str]:
    """Who chooses a recover move, once per pick, in turn."""
    names = party(ctx)
    each = 2 if strong else 1
    queue = [n for n in names for _ in range(each)]
    if not strong:
        queue = queue[:3]  # "with no more than three moves total among the group"
    return queue


def _next_pick(ctx: Step, queue: list[str]) -> None:
    if not queue:
        return
    who, rest = queue[0], queue[1:]
    ctx.choose(
        "sf.sojourn.pick",
        list(RECOVER),
        prompt=f"{who}: choose a recover move (an automatic strong hit)",
        who=who,
        queue=rest,
    )


@on_resume("sf.sojourn.pick")
def sojourn_pick(ctx: Step, keys: list[str]) -> None:
    context = ctx.data["context"]
    who = str(ctx.data["character"])
    args: dict[str, Any] = {"auto_strong": True, "sojourn": True}
    ctx.engine.follow(who, sf(keys[0]), **args)
    ctx.engine.queue(
        {
            "step": "resume",
            "point": "sf.sojourn.more",
            "move": ctx.data["move"],
            "character": ctx.name,
            "queue": list(context.get("queue") or []),
            "keys": [],
        }
    )


@on_resume("sf.sojourn.more")
def sojourn_more(ctx: Step, keys: list[str]) -> None:
    _next_pick(ctx, list(ctx.data.get("queue") or []))


@on_resume("sf.sojourn.miss")
def sojourn_miss(ctx: Step, keys: list[str]) -> None:
    if keys[0] == "demand":
        ctx.note("the community asks something of you: do it")
        _sojourn_picks(ctx, True)
    elif keys[0] == "swear":
        # "If you do it, or Swear an Iron Vow to see it done, resolve this move as a strong
        # hit": the vow (rank and name asked) is sworn first, then the recover moves.
        from ironsworn.moves.starforged.quest import ask_new_vow

        ask_new_vow(ctx, "to see it done", "The community's demand")
        ctx.engine.queue(
            {
                "step": "resume",
                "point": "sf.sojourn.more",
                "move": ctx.data["move"],
                "character": ctx.name,
                "queue": _sojourn_queue(ctx, True),
                "keys": [],
            }
        )
    else:
        ctx.follow(sf("pay_the_price"))


def _patient(ctx: Step) -> tuple[str, str | None]:
    """Who is healed: you, an ally (the ``ally`` input), or a companion (``companion``)."""
    if ctx.data.get("companion"):
        asset = ctx.char.asset(str(ctx.data["companion"]))
        if not asset.get("meter"):
            raise InvalidValue(f"{asset['name']} has no health meter")
        return ctx.name, str(asset["id"])
    if ctx.data.get("ally"):
        return ctx.state.character(str(ctx.data["ally"])).name, None
    return ctx.name, None


@on_outcome("heal", ruleset=RULESET)
def heal(ctx: Step) -> None:
    """Hit: "If you (or the ally under your care) are wounded, clear the impact and take or give
    +2 health. Otherwise, take or give +3 health." Weak: also Lose Momentum (-2) or Sacrifice
    Resources (-2). Miss: Pay the Price."""
    if ctx.outcome is M:
        ctx.follow(sf("pay_the_price"))
        return
    who, companion = _patient(ctx)
    if companion is not None:
        ctx.engine.companion_meter(who, companion, 3)
    elif ctx.state.character(who).has("wounded"):
        set_impact(ctx.engine, who, "wounded", False)
        ctx.meter("health", 2, who=who)
    else:
        ctx.meter("health", 3, who=who)
    patient = ctx.state.character(who)
    if companion is None and patient.flags.get("dying") and patient.health > 0:
        # Endure Harm's table: "you must Heal and raise your health above 0, or Face Death".
        ctx.flag("dying", None, who=who)
        ctx.note(f"{who} is no longer dying")
    if ctx.outcome is W:
        _extra_cost(ctx, "lose_momentum", "sacrifice_resources")


def _extra_cost(ctx: Step, *moves: str) -> None:
    ctx.choose(
        "sf.recover.cost",
        [
            ("lose_momentum", "Lose Momentum (-2)"),
            ("sacrifice_resources", "Sacrifice Resources (-2)"),
        ],
        prompt="the recovery costs extra time or resources: choose one",
    )
    del moves


@on_resume("sf.recover.cost")
def recover_cost(ctx: Step, keys: list[str]) -> None:
    ctx.follow(sf(keys[0]), amount=2)


@on_outcome("hearten", ruleset=RULESET)
def hearten(ctx: Step) -> None:
    """Hit: "If you are shaken, clear the impact and take +1 spirit. Otherwise, take +2 spirit.
    If you make this move as you Sojourn, take +1 more." Weak: then Lose Momentum (-1). Miss:
    Pay the Price."""
    if ctx.outcome is M:
        ctx.follow(sf("pay_the_price"))
        return
    more = 1 if ctx.data.get("sojourn") else 0
    if ctx.char.has("shaken"):
        set_impact(ctx.engine, ctx.name, "shaken", False)
        ctx.meter("spirit", 1 + more)
    else:
        ctx.meter("spirit", 2 + more)
    if ctx.outcome is W:
        ctx.follow(sf("lose_momentum"), amount=1)


@on_outcome("resupply", ruleset=RULESET)
def resupply(ctx: Step) -> None:
    """Hit: choose supply ("If you are unprepared, clear the impact and take +1 supply.
    Otherwise, take +2 supply") or a specific item (+1 momentum); a weak hit deals with a cost
    first. Miss: Pay the Price."""
    if ctx.outcome is M:
        ctx.follow(sf("pay_the_price"))
        return
    if ctx.outcome is W:
        ctx.note("you must first deal with a cost, complication, or demand: envision it")
    options = [
        ("supply", "supply (+2, or clear unprepared and +1)"),
        ("item", "the item: +1 momentum"),
    ]
    options += [
        (v.option("part"), f"the crucial replacement part for {v.name}: +1 momentum")
        for v in vehicles.all_vehicles(ctx.state)
        if "needs_part" in vehicles.marks_of(ctx.state, v)
    ]
    ctx.choose("sf.resupply.hit", options, prompt="choose one")


@on_resume("sf.resupply.hit")
def resupply_hit(ctx: Step, keys: list[str]) -> None:
    if keys[0] == "item":
        ctx.momentum(1)
        return
    if keys[0].startswith("part"):
        # Withstand Damage's table: "You cannot Repair this vehicle until you Resupply and
        # obtain a crucial replacement part."
        vehicle = vehicles.by_option(ctx.state, keys[0], "part")
        vehicles.set_mark(ctx.engine, vehicle, "needs_part", False)
        ctx.momentum(1)
        return
    members = [ctx.state.character(n) for n in party(ctx)]
    if any(c.has("unprepared") for c in members):
        for char in members:
            set_impact(ctx.engine, char.name, "unprepared", False)
        ctx.supply(1)
    else:
        ctx.supply(2)


# Repair points per situation: (strong hit, weak hit).
REPAIR_POINTS = {"facility": (5, 3), "field": (3, 1), "under_fire": (2, 0)}
REPAIRS = {
    "battered": (2, "clear the battered impact on the vehicle"),
    "module": (2, "fix one broken module"),
    "integrity": (1, "+1 integrity on the vehicle"),
    "companion": (1, "+1 health for a mechanical companion"),
    "device": (3, "repair any other device"),
    "device_complication": (2, "repair any other device, with a complication"),
}


@on_outcome("repair", ruleset=RULESET)
def repair(ctx: Step) -> None:
    """Hit: repair points by situation (facility 5/3, field 3/1, under fire 2/0), plus up to 3
    more for -1 supply each; then spend them. Miss: Pay the Price."""
    if ctx.outcome is M:
        _repairs_done(ctx)
        ctx.follow(sf("pay_the_price"))
        return
    ctx.choose(
        "sf.repair.situation",
        [("facility", "at a facility"), ("field", "in the field"), ("under_fire", "under fire")],
        prompt="where are you making repairs?",
    )


@on_resume("sf.repair.situation")
def repair_situation(ctx: Step, keys: list[str]) -> None:
    strong, weak = REPAIR_POINTS[keys[0]]
    points = strong if ctx.outcome is S else weak
    supply = ctx.char.supply
    options = [
        (str(n), f"-{n} supply for {counted(n, 'more point', 'more points')}")
        for n in range(1, 4)
        if n <= supply
    ]
    if ctx.char.has("unprepared") or not options:
        _spend(ctx, points)
        return
    ctx.choose(
        "sf.repair.supply",
        options,
        minimum=0,
        prompt=f"{counted(points, 'repair point')}: Sacrifice Resources for more? (decline: none)",
        points=points,
    )


@on_resume("sf.repair.supply")
def repair_supply(ctx: Step, keys: list[str]) -> None:
    points = int(ctx.data["context"]["points"])
    if keys:
        extra = int(keys[0])
        ctx.supply(-extra)
        points += extra
    _spend(ctx, points)


def _unused(points: int) -> str:
    """The repair points left unspent, as a note tells them ("1 unused repair point is")."""
    return f"{counted(points, 'unused repair point')} {'is' if points == 1 else 'are'}"


def _spend(ctx: Step, points: int) -> None:
    """Offer what the points left can buy: each vehicle's battered and integrity, each broken
    module, a mechanical companion, other devices. A vehicle that needs a replacement part
    cannot be repaired ("You cannot Repair this vehicle until you Resupply")."""
    state = ctx.state
    options = []
    for vehicle in vehicles.all_vehicles(state):
        if "needs_part" in vehicles.marks_of(state, vehicle):
            continue
        battered = "battered" in vehicles.troubles(state, vehicle)
        if battered and REPAIRS["battered"][0] <= points:
            text = f"clear the battered impact on {vehicle.name} (2 points)"
            options.append((vehicle.option("battered"), text))
        below = vehicles.integrity_of(state, vehicle) < vehicles.max_of(state, vehicle)
        if below and not battered and REPAIRS["integrity"][0] <= points:
            text = f"+1 integrity on {vehicle.name} (1 point)"
            options.append((vehicle.option("integrity"), text))
    if REPAIRS["module"][0] <= points:
        options += [
            (f"module:{m.key}", f"fix {m.name}, a broken module (2 points)")
            for m in vehicles.modules(state)
            if m.broken
        ]
    for key in ("companion", "device", "device_complication"):
        cost, text = REPAIRS[key]
        if cost > points:
            continue
        if key == "companion" and not any(
            a["meter"]["value"] < a["meter"]["max"] for a in companions(ctx.char)
        ):
            continue
        options.append((key, f"{text} ({counted(cost, 'point')})"))
    if not options:
        if points:
            ctx.note(f"{_unused(points)} discarded")
        _repairs_done(ctx)
        return
    ctx.choose(
        "sf.repair.spend",
        options,
        minimum=0,
        prompt=f"spend repair points ({points} left; decline to stop)",
        points=points,
    )


@on_resume("sf.repair.spend")
def repair_spend(ctx: Step, keys: list[str]) -> None:
    points = int(ctx.data["context"]["points"])
    if not keys:
        ctx.note(f"{_unused(points)} discarded")
        _repairs_done(ctx)
        return
    key = keys[0]
    base = key.split(":", 1)[0]
    cost, text = REPAIRS[base]
    if base == "battered":
        vehicle = vehicles.by_option(ctx.state, key, "battered")
        vehicles.set_trouble(ctx.engine, vehicle, "battered", False)
    elif base == "integrity":
        vehicles.change_integrity(ctx.engine, vehicles.by_option(ctx.state, key, "integrity"), 1)
    elif base == "module":
        vehicles.break_module(ctx.engine, vehicles.module(ctx.state, key.split(":", 1)[1]), False)
    elif base == "companion":
        asset = next(a for a in companions(ctx.char) if a["meter"]["value"] < a["meter"]["max"])
        ctx.engine.companion_meter(ctx.name, asset["id"], 1)
    else:
        ctx.note(text)
    _spend(ctx, points - cost)


def _repairs_done(ctx: Step) -> None:
    """Withstand Damage's table: a vehicle whose integrity is above 0 again is back in action
    and no longer about to be destroyed; one whose destruction was imminent and is still at 0
    is destroyed ("If you fail, see 11-25")."""
    from ironsworn.moves.starforged.tables import apply_damage_row

    for vehicle in vehicles.all_vehicles(ctx.state):
        marks = vehicles.marks_of(ctx.state, vehicle)
        if vehicles.integrity_of(ctx.state, vehicle) > 0:
            for mark in ("destruction_imminent", "crippled"):
                if mark in marks:
                    vehicles.set_mark(ctx.engine, vehicle, mark, False)
        elif "destruction_imminent" in marks:
            ctx.note(f"the repairs failed to save {vehicle.name}: see 11-25")
            vehicles.set_mark(ctx.engine, vehicle, "destruction_imminent", False)
            apply_damage_row(ctx, vehicle, 11)
