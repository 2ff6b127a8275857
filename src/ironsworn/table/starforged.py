"""Starforged's operations: the party's vehicles (command, incidental), a vehicle's marks by
hand, and the legacy tracks marked by hand."""

from __future__ import annotations

from typing import Any

from ironsworn.errors import InvalidValue
from ironsworn.table.inputs import Input
from ironsworn.table.moves import committed
from ironsworn.table.operation import JsonDict, Operation, Table
from ironsworn.table.questions import Question
from ironsworn.table.sheet import MARK, character_input, sheet_ops


def verify_vehicle(table: Table, args: JsonDict) -> Question | None:
    """An incidental vehicle named without its integrity is asked it (the command vehicle
    starts at 5 and needs no asking; one left behind has none to give)."""
    if args.get("incidental") and not args.get("remove") and args.get("integrity") is None:
        made = next(o for o in OPERATIONS if o.name == "vehicle")
        name = args.get("name") or "the vehicle"
        return made.question(
            table, made.input("integrity"), args, f"What is {name}'s integrity (1 to 10)?"
        )
    return None


def vehicle(table: Table, args: JsonDict) -> JsonDict:
    """The party's command vehicle, a starship (as ``vehicle new``); with ``incidental`` an
    incidental vehicle, with ``remove`` an incidental vehicle left behind."""
    from ironsworn.moves.sheet import VEHICLE_INTEGRITY
    from ironsworn.moves.starforged import vehicles

    integrity = args.get("integrity")
    name = str(args["name"])
    if args.get("remove"):
        if not args.get("incidental") or integrity is not None:
            raise InvalidValue(
                "vehicle: remove is for an incidental vehicle (send incidental: true, no "
                "integrity)",
                input="remove",
                value=True,
                accepted=("with incidental, without integrity",),
            )
        return committed(table, lambda e: vehicles.drop_incidental(e, name))
    if args.get("incidental"):
        if integrity is None:
            raise InvalidValue(
                "vehicle: an incidental vehicle has an integrity: give it (1 to 10)",
                input="integrity",
                accepted="1 to 10",
            )
        return committed(table, lambda e: vehicles.add_incidental(e, name, integrity))
    value = VEHICLE_INTEGRITY if integrity is None else integrity
    committed(table, lambda e: sheet_ops(e).new_vehicle(name, value))
    made: JsonDict = table.state().vehicle
    return made


def vehicle_mark(table: Table, args: JsonDict) -> JsonDict:
    """Mark or clear a vehicle's trouble, a module's broken or a mark Withstand Damage's
    table left, by hand."""
    from ironsworn.moves.starforged import vehicles

    value = args.get("mark", True)

    def body(engine: Any) -> Any:
        return vehicles.mark_by_hand(
            engine, args["name"], value, args.get("vehicle"), args.get("module")
        )

    return committed(table, body)


def legacy(table: Table, args: JsonDict) -> JsonDict:
    """Mark ticks on a legacy track by hand (Starforged)."""
    who = table.acting_for(args.get("character"))
    return committed(table, lambda e: sheet_ops(e).mark_legacy(who, args["track"], args["ticks"]))


def impact(table: Table, args: JsonDict) -> JsonDict:
    """Mark or clear an impact by hand (Starforged; a vehicle trouble goes on the command
    vehicle). Refused in a classic campaign, where ``debility`` marks its debilities."""
    who = table.acting_for(args.get("character"))
    mark = args.get("mark", True)
    return committed(table, lambda e: sheet_ops(e).impact(who, args["name"], mark))


OPERATIONS = (
    Operation(
        "vehicle",
        "the party's command vehicle, a starship; or an incidental vehicle, named or "
        "removed (Starforged)",
        vehicle,
        (
            Input("name", "text", "the vehicle's name", True),
            Input(
                "integrity",
                "int",
                "its integrity meter, 1-10 (command vehicle: default 5)",
                low=1,
                high=10,
            ),
            Input("incidental", "bool", "an incidental vehicle (give its integrity)"),
            Input("remove", "bool", "with incidental: leave that vehicle behind"),
        ),
        extra_verify=verify_vehicle,
    ),
    Operation(
        "vehicle_mark",
        "mark or clear a vehicle's trouble, a module's broken or a mark left by "
        "Withstand Damage, by hand (Starforged)",
        vehicle_mark,
        (
            Input(
                "name",
                "text",
                "battered, cursed, broken, destruction_imminent, needs_part or crippled",
                True,
                fixed=(
                    "battered",
                    "cursed",
                    "broken",
                    "destruction_imminent",
                    "needs_part",
                    "crippled",
                ),
            ),
            MARK,
            Input("vehicle", "text", "the vehicle, by name (default: the command vehicle)"),
            Input("module", "text", "broken: the module, by name"),
        ),
    ),
    Operation(
        "legacy",
        "mark ticks on a legacy track by hand (Starforged)",
        legacy,
        (
            Input(
                "track",
                "text",
                "quests, bonds or discoveries",
                True,
                fixed=("quests", "bonds", "discoveries"),
            ),
            Input("ticks", "int", "how many ticks, 1-40", True, low=1, high=40),
            character_input(),
        ),
    ),
    Operation(
        "impact",
        "mark or clear an impact by hand (Starforged; a vehicle trouble goes on the command "
        "vehicle)",
        impact,
        (Input("name", "text", "the impact (wounded, battered...)", True), MARK, character_input()),
    ),
)
