"""Characters and their sheets: ``character``, ``sheet``, ``adjust``, ``debility``,
``equipment`` and ``party`` (shared supply)."""

from __future__ import annotations

import argparse
from typing import Any

from ironsworn.cli.common import campaign_command, emit, parse_int


def register(sub: Any) -> None:
    character = campaign_command(sub, "character", "create a character")
    character.add_argument("action", choices=["new"], help="new")
    character.add_argument("name", metavar="NAME")
    character.add_argument(
        "--stats",
        required=True,
        help="edge=3,heart=2,iron=2,shadow=1,wits=1, or five values in the order edge, heart, "
        "iron, shadow, wits: 3,2,2,1,1 gives edge 3 ... wits 1 (the values 3, 2, 2, 1, 1 in "
        "any order)",
    )
    character.add_argument("--bond", action="append", default=[], help="a bond (up to 3)")
    character.add_argument(
        "--reserve-bonds",
        default="0",
        metavar="N",
        help="background bonds held in reserve, marked later with 'bond background NAME'",
    )
    character.add_argument(
        "--asset",
        action="append",
        default=[],
        help="an asset id or name; NAME:N picks its starting ability when none is marked",
    )
    character.set_defaults(func=run_character)

    sheet = campaign_command(sub, "sheet", "show a character sheet")
    sheet.add_argument("--character", help="whose sheet (default: the only character)")
    sheet.set_defaults(func=run_sheet)

    adjust = campaign_command(sub, "adjust", "change a meter by hand")
    adjust.add_argument(
        "meter", metavar="METER", help="health, spirit, supply, momentum or experience"
    )
    adjust.add_argument("delta", metavar="N", help="+2, -1 ...")
    adjust.add_argument("--character")
    adjust.set_defaults(func=run_adjust)

    debility = campaign_command(sub, "debility", "mark or clear a debility")
    debility.add_argument("action", choices=["mark", "clear"])
    debility.add_argument("name", metavar="NAME")
    debility.add_argument("--character")
    debility.set_defaults(func=run_debility)
    register_sheet_extras(sub)


def register_sheet_extras(sub: Any) -> None:
    """``equipment`` and ``party``."""
    equipment = campaign_command(sub, "equipment", "note or strike out equipment on the sheet")
    equipment.add_argument("action", choices=["add", "remove"])
    equipment.add_argument("item", nargs="+", metavar="ITEM")
    equipment.add_argument("--character")
    equipment.set_defaults(func=run_equipment)
    party = campaign_command(sub, "party", "travel together (one shared supply) or apart")
    party.add_argument("action", choices=["together", "apart"])
    party.set_defaults(func=run_party)


def _sheet_text(sheet: dict[str, Any]) -> str:
    if sheet.get("ruleset") == "starforged":
        return _starforged_text(sheet)
    from ironsworn.cli.sheet_text import sheet_text, unicode_ok

    library = None
    if sheet["assets"]:
        from ironsworn.content import load_library

        library = load_library()  # the text of the marked abilities
    return sheet_text(sheet, library, unicode_ok())


def _starforged_text(sheet: dict[str, Any]) -> str:
    stats = "  ".join(f"{k} {v}" for k, v in sheet["stats"].items())
    impacts = ", ".join(i.replace("_", " ") for i in sheet["impacts"]) or "none"
    xp = sheet["experience"]
    legacy = "  ".join(
        f"{name} {t['ticks']} ticks" + (" (completed)" if t["completed"] else "")
        for name, t in sheet["legacy"].items()
    )
    lines = [
        f"{sheet['name']}" + (f" ({sheet['status']})" if sheet["status"] != "active" else ""),
        f"  {stats}",
        f"  health {sheet['health']}  spirit {sheet['spirit']}  supply {sheet['supply']}  "
        f"momentum {sheet['momentum']:+d} (max {sheet['momentum_max']:+d}, reset "
        f"{sheet['momentum_reset']:+d})",
        f"  impacts: {impacts}",
        f"  legacy: {legacy}",
        f"  experience {xp['earned']} earned, {xp['spent']} spent",
    ]
    for vow in sheet["vows"]:
        lines.append(f"  vow {vow['id']}: {vow['name']} ({vow['rank']}) {vow['ticks']} ticks")
    for c in sheet["connections"]:
        role = f", {c['role']}" if c["role"] else ""
        bond = " (bond)" if c["bonded"] else ""
        lines.append(
            f"  connection {c['id']}: {c['name']}{role} ({c['rank']}) {c['ticks']} ticks{bond}"
        )
    if sheet.get("vehicle"):
        from ironsworn.cli.starforged_cmd import vehicle_text

        lines.append("  vehicle " + vehicle_text(sheet["vehicle"]))
    for asset in sheet["assets"]:
        marks = "".join("●" if a else "○" for a in asset["abilities"])
        lines.append(f"  asset {asset['name']} {marks}")
    if sheet["position"]:
        lines.append(f"  position: {sheet['position']}")
    return "\n".join(lines)


def run_character(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import write
    from ironsworn.moves.sheet import SheetOperations

    reserved = parse_int(args.reserve_bonds, "--reserve-bonds", 0, 3)
    result = write(
        args,
        lambda e: SheetOperations(e).new_character(
            args.name, args.stats, args.bond, args.asset, reserved
        ),
    )
    name = args.name.strip()

    def show() -> dict[str, Any]:
        from ironsworn.cli.session import read_state

        sheet: dict[str, Any] = read_state(args).sheet(name)
        return sheet

    sheet = show()
    emit(args, sheet, lambda: _sheet_text(sheet))
    del result
    return 0


def run_sheet(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import read_state

    sheet = read_state(args).sheet(args.character)
    emit(args, sheet, lambda: _sheet_text(sheet))
    return 0


def run_adjust(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import describe_result, write
    from ironsworn.moves.sheet import SheetOperations

    delta = parse_int(args.delta, "N", -50, 50)
    result = write(args, lambda e: SheetOperations(e).adjust(args.character, args.meter, delta))
    emit(args, result.to_json(), lambda: describe_result(result))
    return 0


def run_debility(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import describe_result, write
    from ironsworn.moves.sheet import SheetOperations

    result = write(
        args,
        lambda e: SheetOperations(e).debility(args.character, args.name, args.action == "mark"),
    )
    emit(args, result.to_json(), lambda: describe_result(result))
    return 0


def run_equipment(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import read_state, write
    from ironsworn.moves.sheet import SheetOperations

    item = " ".join(args.item)
    write(args, lambda e: SheetOperations(e).equipment(args.character, item, args.action == "add"))
    sheet = read_state(args).sheet(args.character)
    emit(
        args, sheet["equipment"], lambda: "equipment: " + (", ".join(sheet["equipment"]) or "none")
    )
    return 0


def run_party(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import write
    from ironsworn.moves.sheet import SheetOperations

    together = args.action == "together"
    write(args, lambda e: SheetOperations(e).share_supply(together))
    emit(
        args,
        {"shared_supply": together},
        "the party travels together: one supply for all"
        if together
        else "the characters travel apart: each keeps their own supply",
    )
    return 0
