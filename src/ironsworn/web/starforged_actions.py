"""The Starforged actions of the web table: the party's vehicles and the legacy tracks.

Each is a row of :data:`STARFORGED_ACTIONS`, added to :data:`ironsworn.web.actions.ACTIONS`
like any other; the engine calls are the ``vehicle`` and ``legacy`` commands' own.
"""

from __future__ import annotations

from ironsworn.errors import InvalidValue
from ironsworn.web.action_base import (
    MARK,
    Action,
    Context,
    JsonDict,
    Option,
    character_option,
    commit,
    committed,
    sheet_ops,
)


def vehicle(ctx: Context, o: JsonDict) -> JsonDict:
    """The party's command vehicle, a starship (as ``vehicle new``); with ``incidental`` an
    incidental vehicle (as ``vehicle new NAME --incidental --integrity N``), with ``remove``
    one left behind (as ``vehicle remove NAME --incidental``). Starforged."""
    from ironsworn.cli.common import parse_int
    from ironsworn.moves.sheet import VEHICLE_INTEGRITY
    from ironsworn.moves.starforged import vehicles

    integrity = o.get("integrity")
    name = str(o["name"])
    if o.get("remove"):
        if not o.get("incidental") or integrity is not None:
            raise InvalidValue(
                "vehicle: remove is for an incidental vehicle (send incidental: true, no integrity)"
            )
        return committed(ctx, lambda e: vehicles.drop_incidental(e, name))
    if o.get("incidental"):
        if integrity is None:
            raise InvalidValue("vehicle: an incidental vehicle needs its integrity (1 to 10)")
        value = parse_int(str(integrity), "integrity", 1, 10)
        return committed(ctx, lambda e: vehicles.add_incidental(e, name, value))
    value = (
        VEHICLE_INTEGRITY if integrity is None else parse_int(str(integrity), "integrity", 1, 10)
    )
    commit(ctx, {}, lambda e: sheet_ops(e).new_vehicle(name, value))
    made: JsonDict = ctx.store.state().vehicle
    return made


def vehicle_mark(ctx: Context, o: JsonDict) -> JsonDict:
    """Mark or clear a vehicle's trouble, a module's broken or a mark Withstand Damage's table
    left, by hand (as ``vehicle mark|clear MARK [--vehicle NAME | --module NAME]``)."""
    from ironsworn.moves.starforged import vehicles

    value = o.get("mark", True)
    try:
        result = commit(
            ctx,
            {},
            lambda e: vehicles.mark_by_hand(e, o["name"], value, o.get("vehicle"), o.get("module")),
        )
    except InvalidValue as exc:
        if "--" not in str(exc):
            raise
        # The engine's words name the command line's flags; here they are options.
        raise InvalidValue(str(exc).replace("--", "")) from None
    data: JsonDict = result.to_json()
    return data


def legacy(ctx: Context, o: JsonDict) -> JsonDict:
    """Mark ticks on a legacy track by hand (as ``legacy mark``; Starforged)."""
    from ironsworn.cli.common import parse_int

    who = ctx.acting_for(o.get("character"))
    ticks = parse_int(str(o["ticks"]), "ticks", 1, 40)
    return committed(ctx, lambda e: sheet_ops(e).mark_legacy(who, o["track"], ticks))


STARFORGED_ACTIONS = (
    Action(
        "vehicle",
        "the party's command vehicle, a starship; or an incidental vehicle, named or "
        "removed (Starforged)",
        vehicle,
        {
            "name": Option("text", "the vehicle's name", required=True),
            "integrity": Option("int", "its integrity meter, 1-10 (command vehicle: default 5)"),
            "incidental": Option("bool", "an incidental vehicle (give its integrity)"),
            "remove": Option("bool", "with incidental: leave that vehicle behind"),
        },
    ),
    Action(
        "vehicle_mark",
        "mark or clear a vehicle's trouble, a module's broken or a mark left by "
        "Withstand Damage, by hand (Starforged)",
        vehicle_mark,
        {
            "name": Option(
                "text",
                "battered, cursed, broken, destruction_imminent, needs_part or crippled",
                required=True,
            ),
            "mark": MARK,
            "vehicle": Option("text", "the vehicle, by name (default: the command vehicle)"),
            "module": Option("text", "broken: the module, by name"),
        },
    ),
    Action(
        "legacy",
        "mark ticks on a legacy track by hand (Starforged)",
        legacy,
        {
            "track": Option("text", "quests, bonds or discoveries", required=True),
            "ticks": Option("int", "how many ticks, 1-40", required=True),
            "character": character_option(),
        },
    ),
)
