"""Starforged threshold moves: Face Death, Face Desolation, Overcome Destruction. A quest sworn
at a threshold marks a burden (doomed, tormented, indebted) that clears when it is fulfilled."""

from __future__ import annotations

from ironsworn.errors import RuleViolation
from ironsworn.moves.engine import Step, before_roll, on_outcome, on_resume
from ironsworn.moves.starforged import vehicles
from ironsworn.moves.starforged._common import (
    RULESET,
    M,
    S,
    W,
    need_vehicle,
    new_track,
    set_impact,
    sf,
)
from ironsworn.moves.starforged.quest import discard_asset

# move -> (the fate on a miss, the burden of the quest, the quest's name)
THRESHOLDS = {
    "face_death": ("dead", "doomed", "The deathbound quest"),
    "face_desolation": ("lost", "tormented", "The soul-bound quest"),
}


def _status(ctx: Step, status: str) -> None:
    char = ctx.char
    if char.status != status:
        ctx.emit({"type": "status", "character": char.name, "from": char.status, "to": status})
    survivor = next((c.name for c in ctx.state.characters.values() if c.status == "active"), None)
    kept = []
    for step in ctx.engine.agenda:
        if step.get("character") != char.name:
            kept.append(step)
        elif step.get("move") == sf("overcome_destruction"):
            # The command vehicle was destroyed with them aboard: a survivor makes Overcome
            # Destruction ("If you survive"); with none left, the vehicle is simply gone.
            if survivor is not None:
                kept.append({**step, "character": survivor})
            elif ctx.state.vehicle is not None:
                ctx.emit({"type": "vehicle", "from": ctx.state.vehicle, "to": None})
    ctx.engine.agenda[:] = kept


@on_outcome("face_death", ruleset=RULESET)
@on_outcome("face_desolation", ruleset=RULESET)
def face_threshold(ctx: Step) -> None:
    """Strong: you return. Weak: a noble sacrifice (dead / lost), or an extreme quest and its
    burden. Miss: dead (Face Death) or lost (Face Desolation)."""
    move = ctx.move
    fate, burden, name = THRESHOLDS[move.id.rsplit("/", 1)[-1]]
    if fate == "dead" and ctx.char.flags.get("dying"):
        # Endure Harm's table: "you must Heal and raise your health above 0, or Face Death":
        # once faced, the dying is over, whatever the outcome.
        ctx.flag("dying", None)
    if ctx.outcome is S:
        ctx.note("you are cast back" if fate == "dead" else "you resist and press on")
    elif ctx.outcome is W:
        ctx.choose(
            "sf.threshold.weak_hit",
            [
                ("noble_sacrifice", f"a noble sacrifice: you are {fate}"),
                ("quest", f"there is more to be done: an extreme quest, and mark {burden}"),
            ],
            prompt="choose one",
            # The quest is the player's to envision: its name is asked with the answer.
            text={"prompt": "name the extreme quest", "default": name, "keys": ["quest"]},
        )
    else:
        _status(ctx, fate)


@on_resume("sf.threshold.weak_hit")
def threshold_weak(ctx: Step, keys: list[str]) -> None:
    fate, burden, name = THRESHOLDS[ctx.data["move"].rsplit("/", 1)[-1]]
    if keys[0] == "noble_sacrifice":
        _status(ctx, fate)
        return
    _burden_quest(ctx, burden, str(ctx.data.get("text") or name))


def _burden_quest(ctx: Step, burden: str, name: str) -> None:
    """Mark the burden and swear the extreme quest that clears it."""
    set_impact(ctx.engine, ctx.name, burden, True)
    vow = new_track(ctx, "vow", name, "extreme")
    burdens = dict(ctx.char.flags.get("burden_vows") or {})
    burdens[vow] = burden
    ctx.flag("burden_vows", burdens)
    ctx.follow(sf("swear_an_iron_vow"), track=vow)


@before_roll("overcome_destruction", ruleset=RULESET)
def destruction_before(ctx: Step) -> None:
    """ "You must discard the asset, along with any modules and docked support vehicles" (the
    docked ones are asked after the roll)."""
    vehicle = need_vehicle(ctx.engine)
    ctx.emit({"type": "vehicle", "from": vehicle, "to": None})
    ctx.data["lost_vehicle"] = vehicle["name"]
    marks = 0
    # A crew card once (the crew's one record, though every sheet lists it).
    for holder, card in vehicles.cards_once(ctx.state):
        if card["id"] == vehicle.get("asset") or vehicles.is_module(card):
            marks += sum(1 for on in card["abilities"] if on)
            discard_asset(ctx, card["id"], who=holder)
    ctx.data["marked_abilities"] = marks


@on_outcome("overcome_destruction", ruleset=RULESET)
def overcome_destruction(ctx: Step) -> None:
    """Which support vehicles were docked aboard (they are lost with it), then the outcome."""
    support = [v for v in vehicles.all_vehicles(ctx.state) if v.kind == vehicles.SUPPORT]
    if support:
        ctx.choose(
            "sf.overcome_destruction.docked",
            [(v.slug, v.name) for v in support],
            count=len(support),
            minimum=0,
            prompt="which support vehicles were docked aboard? (they are discarded with it)",
        )
        return
    _destruction_outcome(ctx, int(ctx.data.get("marked_abilities") or 0))


@on_resume("sf.overcome_destruction.docked")
def destruction_docked(ctx: Step, keys: list[str]) -> None:
    marks = int(ctx.data.get("marked_abilities") or 0)
    found = [v for v in vehicles.all_vehicles(ctx.state) if v.slug in keys]
    for vehicle in found:
        char = ctx.state.character(vehicle.owner)
        card = next(a for a in char.assets if a["id"] == vehicle.asset)
        marks += sum(1 for on in card["abilities"] if on)
        discard_asset(ctx, str(vehicle.asset), who=char.name)
    _destruction_outcome(ctx, marks)


def _destruction_outcome(ctx: Step, marked: int) -> None:
    """Strong: a favor without conditions. Weak: mark indebted and swear an extreme quest in
    their service. Miss: as the weak hit, but against your nature. If you accept the cost, take
    1 experience per marked ability on the discarded assets (the STARSHIP card, its modules and
    the docked support vehicles), minimum 3."""
    if ctx.outcome is S:
        ctx.note("you may call in a favor, without conditions")
    else:
        if ctx.outcome is M:
            ctx.note("this quest is against your nature, forsakes another, or serves an enemy")
        _burden_quest(ctx, "indebted", "The duty-bound quest")
    char = ctx.char
    xp = max(3, marked)
    ctx.engine.set_meter(char.name, "experience_earned", char.experience_earned + xp)
    ctx.flag("vehicle_experience", int(char.flags.get("vehicle_experience") or 0) + xp)
    ctx.note(
        f"{xp} experience: spend it only on a new command vehicle, modules and support vehicles"
    )


# What Overcome Destruction's experience may buy.
VEHICLE_CATEGORIES = ("command_vehicle", "module", "support_vehicle")


@before_roll("advance", ruleset=RULESET)
def earmarked_experience(ctx: Step) -> None:
    """Overcome Destruction: "Spend this experience only on a new command vehicle, modules,
    and support vehicles". The experience it gave is kept apart (a flag) until Advance spends
    it on one of those; other advances use only the rest."""
    earmarked = int(ctx.char.flags.get("vehicle_experience") or 0)
    if not earmarked:
        return
    target = _advance_target(ctx)
    if target is None:
        return  # Advance itself refuses what it cannot find
    category, cost = target
    if category in VEHICLE_CATEGORIES:
        left = max(0, earmarked - cost)
        ctx.flag("vehicle_experience", left or None)
        return
    char = ctx.char
    free = char.experience_earned - char.experience_spent - earmarked
    if free < cost:
        raise RuleViolation(
            f"{char.name} has {free} experience for this advance ({cost} needed): "
            f"{earmarked} from Overcome Destruction is only for a new command vehicle, modules "
            "and support vehicles"
        )


def _advance_target(ctx: Step) -> tuple[str, int] | None:
    """(the category, the cost) of what Advance would buy or upgrade, or None if unknown."""
    from ironsworn.content.lookup import resolve
    from ironsworn.errors import IronswornError
    from ironsworn.moves.starforged.legacy import ADVANCE_COST, category_of

    query = ctx.data.get("asset")
    if isinstance(query, list):
        query = query[0] if len(query) == 1 else None
    if not query:
        return None
    try:
        owned = ctx.char.asset(str(query))
        return category_of(str(owned["id"])), ADVANCE_COST["upgrade"]
    except IronswornError:
        pass
    try:
        assets = ctx.engine.ruleset.in_ruleset("assets", RULESET)
        asset = resolve(assets, str(query), "asset", lambda a: str(a.name), (RULESET,))
    except (IronswornError, LookupError):
        return None
    return category_of(asset.id), ADVANCE_COST["new_asset"]
