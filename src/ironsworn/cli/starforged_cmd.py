"""Starforged parts of a campaign: ``vehicle`` (the command vehicle; ``list`` shows every
vehicle and module; ``new --incidental`` / ``remove --incidental`` an incidental one; ``mark`` /
``clear`` a trouble, a module's broken or a table's mark by hand),
``connection``, ``expedition``, ``legacy`` (mark legacy ticks by hand) and ``impact`` (mark or
clear one)."""

from __future__ import annotations

import argparse
from typing import Any

from ironsworn.cli.common import (
    SHARED,
    WHOSE,
    JoinWords,
    Missing,
    campaign_command,
    emit,
    parse_int,
)


def register(sub: Any) -> None:
    vehicle = campaign_command(sub, "vehicle", "the party's vehicles (Starforged)")
    vehicle.add_argument(
        "action",
        choices=["new", "show", "list", "remove", "mark", "clear"],
        nargs="?",
        default="show",
    )
    vehicle.add_argument("name", nargs="*", metavar="NAME")
    vehicle.add_argument(
        "--integrity", help="new: its integrity meter (command vehicle: default 5)"
    )
    vehicle.add_argument(
        "--incidental",
        action="store_true",
        help="new: an incidental vehicle (no asset card; give its --integrity); remove: one",
    )
    vehicle.add_argument("--vehicle", dest="which", help="mark/clear: the vehicle, by name")
    vehicle.add_argument("--module", help="mark/clear broken: the module, by name")
    vehicle.set_defaults(func=run_vehicle)

    connection = campaign_command(sub, "connection", "a new connection (Starforged)")
    connection.add_argument("action", choices=["new"])
    connection.add_argument("text", nargs="+", metavar="NAME", help="their name")
    connection.add_argument("--rank", required=True, help="troublesome ... epic")
    connection.add_argument(
        "--role", nargs="+", action=JoinWords, help="their role (a pilot, an engineer...)"
    )
    connection.add_argument("--character", action="append", default=[], help=SHARED)
    connection.set_defaults(func=run_track, kind="connection")

    expedition = campaign_command(sub, "expedition", "start an expedition track (Starforged)")
    expedition.add_argument("action", choices=["new"])
    expedition.add_argument("text", nargs="+", metavar="TEXT", help="where to, in your words")
    expedition.add_argument("--rank", required=True, help="troublesome ... epic")
    expedition.add_argument("--character", action="append", default=[], help=SHARED)
    expedition.set_defaults(func=run_track, kind="expedition", role=None)

    legacy = campaign_command(sub, "legacy", "mark ticks on a legacy track (Starforged)")
    legacy.add_argument("action", choices=["mark"])
    legacy.add_argument("track", metavar="TRACK", help="quests, bonds or discoveries")
    legacy.add_argument("--ticks", required=True, help="how many ticks (1-40)")
    legacy.add_argument("--character", help=WHOSE)
    legacy.set_defaults(func=run_legacy)

    impact = campaign_command(sub, "impact", "mark or clear an impact (Starforged)")
    impact.add_argument("action", choices=["mark", "clear"])
    impact.add_argument("name", nargs="+", metavar="NAME", help="the impact (wounded...)")
    impact.add_argument("--character", help=WHOSE)
    impact.set_defaults(func=run_impact)


def run_vehicle(args: argparse.Namespace) -> int:
    from ironsworn.cli.common import UsageError
    from ironsworn.cli.session import describe_result, read_state, table_write
    from ironsworn.moves.starforged import vehicles

    if args.action in ("mark", "clear"):
        if not args.name or args.integrity is not None or args.incidental:
            raise UsageError(
                f"vehicle {args.action} MARK [--vehicle NAME | --module NAME] (MARK: "
                + ", ".join(vehicles.HAND_MARKS)
                + ")"
            )
        mark = " ".join(args.name)
        value = args.action == "mark"
        marked = {"name": mark, "mark": value, "vehicle": args.which, "module": args.module}
        (result,) = table_write(args, "vehicle_mark", marked, VEHICLE_WORDS)
        emit(args, result.to_json(), lambda: describe_result(result))
        return 0
    if args.which is not None or args.module is not None:
        raise UsageError("--vehicle and --module are for vehicle mark / clear")
    if args.action in ("show", "list"):
        if args.name or args.integrity is not None or args.incidental:
            raise UsageError(
                f"vehicle {args.action} takes no NAME, --integrity or --incidental (they are "
                "for new)"
            )
        if args.action == "list":
            listing = vehicles.listing(read_state(args))
            emit(args, listing, lambda: vehicles_text(listing))
            return 0
        vehicle = read_state(args).vehicle
        emit(args, vehicle, lambda: vehicle_text(vehicle))
        return 0
    if not args.name:
        raise Missing(f"vehicle {args.action} needs a NAME", f"vehicle {args.action}: its name")
    name = " ".join(args.name)
    if args.action == "remove":
        if not args.incidental or args.integrity is not None:
            raise UsageError(
                "vehicle remove is for an incidental vehicle: vehicle remove NAME --incidental"
            )
        given: dict[str, Any] = {"name": name, "incidental": True, "remove": True}
    elif args.incidental:
        if args.integrity is None:
            raise Missing(
                "vehicle new --incidental needs --integrity (1 to 10)",
                "vehicle new: its integrity (1 to 10)",
                flag="--integrity",
            )
        value = parse_int(args.integrity, "--integrity", 1, 10)
        given = {"name": name, "incidental": True, "integrity": value}
    else:
        integrity = None
        if args.integrity is not None:
            integrity = parse_int(args.integrity, "--integrity", 1, 10)
        given = {"name": name, "integrity": integrity}  # (none: the command vehicle's 5)
    (result,) = table_write(args, "vehicle", given, VEHICLE_WORDS)
    emit(args, result.to_json(), lambda: describe_result(result))
    return 0


def vehicle_text(vehicle: dict[str, Any] | None) -> str:
    if vehicle is None:
        return "no command vehicle (create one with 'ironsworn vehicle new NAME')"
    impacts = ", ".join(i.replace("_", " ") for i in vehicle["impacts"]) or "none"
    return (
        f"{vehicle['name']}: integrity {vehicle['integrity']}/{vehicle['max']}  impacts: {impacts}"
    )


def vehicles_text(listing: dict[str, Any]) -> str:
    lines = []
    for v in listing["vehicles"]:
        marks = ", ".join(m.replace("_", " ") for m in v["troubles"] + v["marks"]) or "none"
        lines.append(
            f"{v['name']} ({v['kind']}): integrity {v['integrity']}/{v['max']}  marks: {marks}"
        )
    for m in listing["modules"]:
        lines.append(f"module {m['name']} ({m['owner']})" + (": broken" if m["broken"] else ""))
    return "\n".join(lines) or "no vehicles"


# The vehicle operations' inputs that ``vehicle`` takes as its words or other flags.
VEHICLE_WORDS = {"name": "NAME", "vehicle": "--vehicle"}


def run_track(args: argparse.Namespace) -> int:
    """``connection new`` and ``expedition new``: the table's ``track`` operation."""
    from ironsworn.cli.track_cmd import _track_json, _track_text, new_track, track_text_of

    given = {"text": track_text_of(args), "role": args.role}
    track = _track_json(new_track(args, args.kind, given))
    emit(args, track, lambda: _track_text(track) + (f", {args.role}" if args.role else ""))
    return 0


def run_legacy(args: argparse.Namespace) -> int:
    ticks = parse_int(args.ticks, "--ticks", 1, 40)
    given = {"track": args.track, "ticks": ticks, "character": args.character}
    return _change(args, "legacy", given, {"track": "TRACK"})


def run_impact(args: argparse.Namespace) -> int:
    name = " ".join(args.name)
    given = {"name": name, "mark": args.action == "mark", "character": args.character}
    return _change(args, "impact", given, {"name": "NAME"})


def _change(
    args: argparse.Namespace, name: str, given: dict[str, Any], names: dict[str, str]
) -> int:
    from ironsworn.cli.session import describe_result, table_write

    (result,) = table_write(args, name, given, names)
    emit(args, result.to_json(), lambda: describe_result(result))
    return 0
